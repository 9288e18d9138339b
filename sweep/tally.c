/* tally: delve check over a range of seeds counted by kind of finding, its report, and
 * parts' reports read back and joined (docs/merge-parts.md). */
#include "sweep/tally.h"

#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/lex.h"
#include "gen/family.h"
#include "gen/gen.h"
#include "sweep/parts.h"

#define TALLY_PART_MAX_BYTES (1u << 20)        /* bytes of one part's report */
#define TALLY_PART "delve check --seeds --shard" /* what a part is, in messages */
/* A check part's settings line: every setting but the seed and the floor, so that
 * delve merge check joins only parts made alike (docs/merge-parts.md). */
#define TALLY_PART_SET "# settings: "
#define TALLY_PART_SETTINGS (OPTS_ALL & ~OPTS_BIT(OPTS_SEED) & ~OPTS_BIT(OPTS_FLOOR))

void tally_add(tally *t, uint64_t seed, const check_list *l)
{
    for (int i = 0; i < l->count; i++) {
        check_kind k = l->items[i].kind;
        t->count[k]++;
        int n = t->shown[k];
        if (n && t->seeds[k][n - 1] == seed)
            continue; /* seeds come in order: one seed's findings one after another */
        if (n < TALLY_SEEDS_SHOWN)
            t->seeds[k][t->shown[k]++] = seed;
        else
            t->more[k] = 1;
    }
    t->errors += l->errors;
    t->warnings += l->warnings;
}

/* The report's lines (summary, kinds, then not-generated); returns how many. */
static int tally_lines(const tally *t, uint64_t a, uint64_t b, int floors, double secs,
                       textbuf *tb)
{
    int lines = 1;
    uint64_t n = b - a + 1;
    char fl[32] = ""; /* none for another program's dungeons: each has the floors it has */
    if (floors > 0)
        snprintf(fl, sizeof fl, ", %d floor%s", floors, floors == 1 ? "" : "s");
    textbuf_printf(tb, "delve check: seeds %" PRIu64 "-%" PRIu64 "%s: %" PRIu64 " dungeon%s, %ld "
           "error%s, %ld warning%s, %ld not generated (%.1f s)\n", a, b, fl,
           n, n == 1 ? "" : "s", t->errors, t->errors == 1 ? "" : "s",
           t->warnings, t->warnings == 1 ? "" : "s", t->failed, secs);
    for (int k = 0; k < CK_KIND_COUNT; k++) {
        if (!t->count[k])
            continue;
        lines++;
        textbuf_printf(tb, "  %-8s %-22s %6ld  seeds", check_kind_severity((check_kind)k) == CHECK_ERROR
                                                ? "error" : "warning",
               check_kind_name((check_kind)k), t->count[k]);
        for (int i = 0; i < t->shown[k]; i++)
            textbuf_printf(tb, " %" PRIu64, t->seeds[k][i]);
        textbuf_printf(tb, "%s\n", t->more[k] ? " ..." : "");
    }
    if (t->failed) {
        lines++;
        textbuf_printf(tb, "  %-8s %-22s %6ld  seeds", "error", "not-generated", t->failed);
        for (int i = 0; i < t->failed && i < TALLY_SEEDS_SHOWN; i++)
            textbuf_printf(tb, " %" PRIu64, t->failed_seed[i]);
        textbuf_put(tb, "\n", 1);
    }
    return lines;
}

/* Checks one seed's dungeon into t: a dungeon that does not generate counts as not
 * generated; any other status stops the run. */
static delve_status tally_seed(const gen_opts *go, uint64_t s, tally *t, delve_err *err)
{
    gen_opts o = *go;
    o.seed = s;
    dungeon d;
    check_list l = { 0 };
    delve_status st = gen_dungeon(&o, &d, err);
    if (st == DELVE_EFAIL) {
        if (t->failed < TALLY_SEEDS_SHOWN)
            t->failed_seed[t->failed] = s;
        t->failed++;
        st = DELVE_OK;
    } else if (!st && !(st = family_check_dungeon(&d, &l, err))) {
        tally_add(t, s, &l);
    }
    check_list_free(&l);
    dungeon_free(&d);
    return st;
}

delve_status tally_seeds(const gen_opts *go, uint64_t a, uint64_t b, tally *t,
                         const tally_watch *w, uint64_t *done, delve_err *err)
{
    for (uint64_t s = a;; s++) {
        *done = s - a;
        if (w && w->stop && *w->stop)
            return DELVE_ESTOP;
        delve_status st = tally_seed(go, s, t, err);
        if (st)
            return st;
        if (w && w->progress)
            w->progress(w->ctx, s - a + 1, b - a + 1);
        if (s == b)
            break;
    }
    *done = b - a + 1;
    return DELVE_OK;
}

/* One seed's run by a worker of tally_external, folded into the tally in seed order. */
typedef struct ext_result {
    delve_status st;
    check_list l;
    delve_err err, warn;
} ext_result;

/* A block of seeds shared by the workers (mu guards next). */
typedef struct ext_block {
    const external_gen *g;
    uint64_t first, count, next;
    ext_result *r;
    pthread_mutex_t mu;
} ext_block;

/* A worker: takes seeds of the block in order and runs and checks each. */
static void *ext_worker(void *arg)
{
    ext_block *b = arg;
    for (;;) {
        pthread_mutex_lock(&b->mu);
        uint64_t i = b->next < b->count ? b->next++ : b->count;
        pthread_mutex_unlock(&b->mu);
        if (i == b->count)
            return NULL;
        ext_result *r = &b->r[i];
        dungeon d;
        r->st = external_dungeon(b->g, b->first + i, &d, &r->warn, &r->err);
        if (!r->st)
            r->st = family_check_dungeon(&d, &r->l, &r->err);
        dungeon_free(&d);
    }
}

/* Runs the block's seeds on jobs threads (this one when none can be had). */
static void ext_run_block(ext_block *b, int jobs)
{
    pthread_t th[TALLY_MAX_JOBS];
    int started = 0;
    b->next = 0;
    pthread_mutex_init(&b->mu, NULL);
    for (; started < jobs && (uint64_t)started < b->count; started++)
        if (pthread_create(&th[started], NULL, ext_worker, b) != 0)
            break;
    if (!started)
        ext_worker(b);
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    pthread_mutex_destroy(&b->mu);
}

/* The block's results into t in seed order, told to w; the first error (a status but
 * EFAIL) stops. Frees the results' lists. */
static delve_status ext_fold(const ext_block *b, uint64_t total, uint64_t a, tally *t,
                             const tally_watch *w, uint64_t *done, delve_err *err)
{
    delve_status st = DELVE_OK;
    for (uint64_t i = 0; i < b->count; i++) {
        ext_result *r = &b->r[i];
        uint64_t s = b->first + i;
        if (!st && r->st == DELVE_EFAIL) {
            if (t->failed < TALLY_SEEDS_SHOWN)
                t->failed_seed[t->failed] = s;
            t->failed++;
            if (w && w->failed)
                w->failed(w->ctx, s, r->err.msg);
        } else if (!st && r->st) {
            st = r->st;
            *err = r->err;
        } else if (!st) {
            tally_add(t, s, &r->l);
        }
        if (!st && r->warn.msg[0] && w && w->warn)
            w->warn(w->ctx, s, r->warn.msg);
        if (!st)
            *done = s - a + 1;
        if (!st && w && w->progress)
            w->progress(w->ctx, s - a + 1, total);
        check_list_free(&r->l);
    }
    return st;
}

delve_status tally_external(const external_gen *g, uint64_t a, uint64_t b, int jobs,
                            tally *t, const tally_watch *w, uint64_t *done, delve_err *err)
{
    uint64_t total = b - a + 1;
    jobs = jobs < 1 ? 1 : jobs > TALLY_MAX_JOBS ? TALLY_MAX_JOBS : jobs;
    ext_block blk = { .g = g, .r = calloc((size_t)jobs * TALLY_BLOCK, sizeof *blk.r) };
    if (!blk.r)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    delve_status st = DELVE_OK;
    *done = 0;
    for (uint64_t at = a; !st && at - a < total; at += blk.count) {
        if (w && w->stop && *w->stop) {
            st = DELVE_ESTOP;
            break;
        }
        uint64_t left = total - (at - a);
        blk.first = at;
        blk.count = left < (uint64_t)jobs * TALLY_BLOCK ? left : (uint64_t)jobs * TALLY_BLOCK;
        memset(blk.r, 0, sizeof *blk.r * blk.count);
        ext_run_block(&blk, jobs);
        st = ext_fold(&blk, total, a, t, w, done, err);
    }
    free(blk.r);
    return st;
}

int tally_report(const tally *t, const gen_opts *part, uint64_t a, uint64_t b, int floors,
                 double secs, textbuf *tb)
{
    int lines = tally_lines(t, a, b, floors, secs, tb);
    char set[512];
    delve_err err = { "" };
    if (part && !opts_line(part, TALLY_PART_SETTINGS, set, sizeof set, &err))
        textbuf_printf(tb, "%s%s\n%s%d lines\n", TALLY_PART_SET, set, PARTS_END, lines + 1);
    else if (part)
        textbuf_printf(tb, "%s%d lines\n", PARTS_END, lines); /* cannot happen: the line fits */
    return lines;
}

typedef struct check_part {
    const char *file;
    uint64_t lo, hi;
    int floors;
    int64_t tenths;  /* its time in tenths of a second, as printed */
    long failed;     /* seeds not generated, as its summary says */
    tally t;
    char settings[512]; /* its "# settings: " line's value ("" when it has none) */
    int settings_line;
} check_part;

/* The kind named name (check_kind_name), or -1. */
static int kind_named(const char *name)
{
    for (int k = 0; k < CK_KIND_COUNT; k++)
        if (!strcmp(check_kind_name((check_kind)k), name))
            return k;
    return -1;
}

/* The word one (after a count of 1) or many, as tally_lines writes it. */
static delve_status expect_plural(lex *x, int64_t count, const char *one, const char *many)
{
    return lex_expect(x, count == 1 ? one : many);
}

/* A count (0.. a long) of what and its word, as tally_lines writes "N error(s),". */
static delve_status count_word(lex *x, long *n, const char *what, const char *one,
                               const char *many)
{
    int64_t v = 0;
    delve_status st = lex_i64(x, 0, LONG_MAX, ' ', &v, what);
    *n = (long)v;
    return st ? st : expect_plural(x, v, one, many);
}

/* "delve check: seeds A-B, K floors: N dungeons, E errors, W warnings, F not generated
 * (T s)", tally_lines's first line, into p. */
static delve_status read_summary(lex *x, check_part *p)
{
    int64_t n = 0, secs = 0, tenth = 0;
    delve_status st = lex_expect(x, "delve");
    st = st ? st : lex_expect(x, "check:");
    st = st ? st : lex_expect(x, "seeds");
    st = st ? st : lex_u64(x, UINT64_MAX, '-', &p->lo, "the first seed");
    st = st ? st : lex_char(x, '-');
    st = st ? st : lex_u64(x, UINT64_MAX, ',', &p->hi, "the last seed");
    st = st ? st : lex_char(x, ',');
    st = st ? st : lex_int(x, 1, DUNGEON_MAX_FLOORS, &p->floors, "floors");
    st = st ? st : expect_plural(x, p->floors, "floor:", "floors:");
    st = st ? st : lex_i64(x, 1, INT64_MAX, ' ', &n, "dungeons");
    st = st ? st : expect_plural(x, n, "dungeon,", "dungeons,");
    st = st ? st : count_word(x, &p->t.errors, "errors", "error,", "errors,");
    st = st ? st : count_word(x, &p->t.warnings, "warnings", "warning,",
                                   "warnings,");
    st = st ? st : count_word(x, &p->failed, "seeds not generated", "not", "not");
    st = st ? st : lex_expect(x, "generated");
    st = st ? st : lex_char(x, ' ');
    st = st ? st : lex_char(x, '(');
    st = st ? st : lex_i64(x, 0, INT64_MAX / 20, '.', &secs, "the time");
    st = st ? st : lex_char(x, '.');
    st = st ? st : lex_i64(x, 0, 9, ' ', &tenth, "the time's tenths");
    st = st ? st : lex_expect(x, "s)");
    st = st ? st : lex_end(x);
    if (!st && (p->hi < p->lo || n != (int64_t)(p->hi - p->lo + 1)))
        st = lex_fail(x, x->ls, "%" PRId64 " dungeons for seeds %" PRIu64 "-%" PRIu64, n,
                      p->lo, p->hi);
    p->tenths = secs * 10 + tenth;
    return st;
}

/* One "  error    KIND    COUNT  seeds S S ... [...]" line of a report into p->t. */
static delve_status read_kind_line(lex *x, check_part *p)
{
    char sev[16], name[64];
    int64_t count = 0;
    uint64_t seed = 0;
    const char *at = NULL;
    if (!lex_word(x, sev, sizeof sev, "error or warning") ||
        !(at = lex_word(x, name, sizeof name, "a kind of finding")))
        return DELVE_EINPUT;
    int k = kind_named(name), failed = !strcmp(name, "not-generated");
    if (k < 0 && !failed)
        return lex_fail(x, at, "'%s' is not a kind delve check finds", name);
    int error = failed || check_kind_severity((check_kind)k) == CHECK_ERROR;
    if (strcmp(sev, error ? "error" : "warning"))
        return lex_fail(x, x->ls, "%s is %s, not %s", name, error ? "an error" : "a warning",
                        sev);
    delve_status st = lex_i64(x, 1, LONG_MAX, ' ', &count, "the count");
    st = st ? st : lex_expect(x, "seeds");
    uint64_t *seeds = failed ? p->t.failed_seed : p->t.seeds[k];
    if (!st && (failed ? p->t.failed : p->t.count[k]))
        return lex_fail(x, x->ls, "%s again: a report has one line a kind", name);
    int n = 0, more = 0;
    while (!st && !lex_at_end(x) && !(more = lex_keyword(x, "..."))) {
        if (n == TALLY_SEEDS_SHOWN)
            return lex_fail(x, x->p, "more than %d seeds on a line", TALLY_SEEDS_SHOWN);
        const char *s_at = x->p;
        st = lex_u64(x, UINT64_MAX, ' ', &seed, "a seed");
        if (!st && (seed < p->lo || seed > p->hi))
            return lex_fail(x, s_at, "seed %" PRIu64 " is not in this part's seeds %" PRIu64
                            "-%" PRIu64, seed, p->lo, p->hi);
        if (!st && n && seed <= seeds[n - 1])
            return lex_fail(x, s_at, "seed %" PRIu64 " after %" PRIu64 ": a report lists "
                            "each seed once, in order", seed, seeds[n - 1]);
        seeds[n++] = seed;
    }
    st = st ? st : lex_end(x);
    /* as tally_lines writes it: up to 10 seeds, each a finding or more, "..." after the
       10th when more seeds had one (the seeds not generated: the first 10, no "...") */
    int shown = TALLY_SEEDS_SHOWN;
    if (!st && (n == 0 || n > count || (more && (n != shown || count <= n)) ||
                (failed && (more || n != (count < shown ? count : shown)))))
        return lex_fail(x, x->ls, "%s: a count of %" PRId64 " does not go with %d seed%s "
                        "listed%s", name, count, n, n == 1 ? "" : "s", more ? " and '...'" : "");
    if (!st && more && seeds[n - 1] == p->hi)
        return lex_fail(x, x->le, "'...' after the part's last seed %" PRIu64, p->hi);
    if (!failed)
        p->t.more[k] = more;
    if (failed)
        p->t.failed = (long)count;
    else
        p->t.count[k] = (long)count, p->t.shown[k] = n;
    return st;
}

/* 1 when the kind lines read into p hold every finding its summary counts: a whole
 * report (tally_lines writes a line for each kind found, one for the seeds not
 * generated). */
static int report_whole(const check_part *p)
{
    long errors = 0, warnings = 0;
    for (int k = 0; k < CK_KIND_COUNT; k++)
        *(check_kind_severity((check_kind)k) == CHECK_ERROR ? &errors : &warnings) +=
            p->t.count[k];
    return errors == p->t.errors && warnings == p->t.warnings && p->t.failed == p->failed;
}

/* The lines of text before its end line, the last (all of them without one), in order,
 * into p: the first line that is not the report's is the fault. */
static delve_status read_lines(lex *x, check_part *p)
{
    delve_status st = DELVE_OK;
    while (!st && lex_next(x)) {
        lex y = *x;
        if (!*x->next && lex_keyword(&y, "#") && lex_keyword(&y, "end:"))
            break;
        size_t sl = strlen(TALLY_PART_SET);
        if (x->line > 1 && (size_t)(x->le - x->ls) >= sl && !strncmp(x->ls, TALLY_PART_SET, sl)) {
            size_t n = (size_t)(x->le - x->ls) - sl;
            if (p->settings_line || n >= sizeof p->settings)
                return lex_fail(x, x->ls, p->settings_line ? "a second settings line"
                                                           : "settings line too long");
            memcpy(p->settings, x->ls + sl, n);
            p->settings[n] = '\0';
            p->settings_line = x->line;
            continue;
        }
        if (p->settings_line)
            return lex_fail(x, x->ls, "a line after the settings line (it comes last)");
        st = x->line == 1 ? read_summary(x, p) : read_kind_line(x, p);
    }
    return st;
}

/* What a part's lines say together: no more seeds not generated than dungeons, a seed
 * not generated has no findings, the settings line's floors are the summary's. */
static delve_status part_consistent(const char *file, const check_part *p, delve_err *err)
{
    if ((uint64_t)p->failed > p->hi - p->lo + 1)
        return delve_fail_at(err, DELVE_EINPUT, file, 1, 1, "%ld seeds not generated of %"
                             PRIu64 " dungeons", p->failed, p->hi - p->lo + 1);
    for (int k = 0; k < CK_KIND_COUNT; k++)
        for (int i = 0; i < p->t.shown[k]; i++)
            for (long j = 0; j < p->failed && j < TALLY_SEEDS_SHOWN; j++)
                if (p->t.seeds[k][i] == p->t.failed_seed[j])
                    return delve_fail_at(err, DELVE_EINPUT, file, 1, 1, "seed %" PRIu64 " is "
                                         "listed as not generated and under %s",
                                         p->t.seeds[k][i], check_kind_name((check_kind)k));
    char floors[32];
    snprintf(floors, sizeof floors, "floors=%d", p->floors);
    const char *f = strstr(p->settings, "floors=");
    size_t fl = strlen(floors);
    if (!f || strncmp(f, floors, fl) || (f[fl] && f[fl] != ' '))
        return delve_fail_at(err, DELVE_EINPUT, file, p->settings_line, 1, "the settings "
                             "line does not say %s, as the summary does", floors);
    return DELVE_OK;
}

/* A part's report: the summary line, a line per kind found, its end line. A whole
 * report with no end line is delve check --seeds without --shard (docs/merge-parts.md):
 * not a part, rather than one cut short. */
static delve_status read_part(const char *file, check_part *p, delve_err *err)
{
    char *text = NULL;
    int lines = 0;
    *p = (check_part){ .file = file };
    delve_status st = lex_read_file(file, TALLY_PART_MAX_BYTES, "report", &text, err);
    if (!st && !strncmp(text, "# delve stats part", 18))
        st = delve_fail_at(err, DELVE_EINPUT, file, 1, 1, "a part of delve stats, not a "
                           "report of delve check: join stats parts with 'delve merge stats'");
    if (!st && parts_cut(text)) /* cut mid-line: say so, not what the cut line lacks */
        st = parts_end(file, text, TALLY_PART, &lines, err);
    lex x;
    lex_init(&x, file, text ? text : "", err);
    st = st ? st : read_lines(&x, p);
    if (!st && !parts_has_end(file, text) && report_whole(p))
        st = delve_fail_at(err, DELVE_EINPUT, file, 1, 1, "not a part: a report of delve "
                           "check --seeds made without --shard (a part ends with its line "
                           "'%sN lines')", PARTS_END);
    st = st ? st : parts_end(file, text, TALLY_PART, &lines, err);
    if (!st && lines == 0)
        st = delve_fail_at(err, DELVE_EINPUT, file, 1, 1, "not a part of %s", TALLY_PART);
    if (!st && !report_whole(p))
        st = delve_fail_at(err, DELVE_EINPUT, file, 1, 1, "the summary's counts (errors "
                           "%ld, warnings %ld, not generated %ld) are not what the lines below "
                           "it add up to", p->t.errors, p->t.warnings, p->failed);
    if (!st && !p->settings_line)
        st = delve_fail_at(err, DELVE_EINPUT, file, lines, 1, "no '%s' line before the end "
                           "line: made by an older delve; make the part again",
                           TALLY_PART_SET);
    st = st ? st : part_consistent(file, p, err);
    free(text);
    return st;
}

/* Adds part p's tally to t: counts summed, each kind's first seeds in seed order. */
static void tally_join(tally *t, const tally *p)
{
    for (int k = 0; k < CK_KIND_COUNT; k++) {
        t->count[k] += p->count[k];
        for (int i = 0; i < p->shown[k]; i++)
            if (t->shown[k] < TALLY_SEEDS_SHOWN)
                t->seeds[k][t->shown[k]++] = p->seeds[k][i];
            else
                t->more[k] = 1;
        t->more[k] |= p->more[k];
    }
    for (long i = 0; i < p->failed && i < TALLY_SEEDS_SHOWN; i++)
        if (t->failed + i < TALLY_SEEDS_SHOWN)
            t->failed_seed[t->failed + i] = p->failed_seed[i];
    t->failed += p->failed;
    t->errors += p->errors;
    t->warnings += p->warnings;
}

static int by_first_seed(const void *a, const void *b)
{
    const check_part *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

delve_status tally_merge(int n, char *const *files, tally_whole *w, delve_err *err)
{
    check_part *p = calloc((size_t)n, sizeof *p);
    memset(w, 0, sizeof *w);
    delve_status st = p ? DELVE_OK : delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int i = 0; i < n && !st; i++)
        st = read_part(files[i], &p[i], err);
    if (!st)
        qsort(p, (size_t)n, sizeof *p, by_first_seed);
    for (int i = 0; i < n && !st; i++) {
        if (i)
            st = parts_tile(p[i - 1].file, p[i - 1].hi, p[i].file, p[i].lo, err);
        if (i && !st && p[i].floors != p[0].floors)
            st = delve_fail_at(err, DELVE_EINPUT, p[i].file, 1, 1, "not a part of the run "
                               "of %s: --floors differs (%d there, %d here)", p[0].file,
                               p[0].floors, p[i].floors);
        if (i && !st && strcmp(p[i].settings, p[0].settings))
            st = delve_fail_at(err, DELVE_EINPUT, p[i].file, p[i].settings_line, 1,
                               "not a part of the run of %s: settings '%s' against '%s'",
                               p[0].file, p[i].settings, p[0].settings);
        tally_join(&w->t, &p[i].t);
        w->tenths += p[i].tenths;
    }
    if (!st) {
        w->lo = p[0].lo;
        w->hi = p[n - 1].hi;
        w->floors = p[0].floors;
    }
    free(p);
    return st;
}
