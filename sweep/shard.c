/* shard: a part's text written ("# delve stats part" lines, sums, end line) and read
 * back, parts joined. A part's text: '#' lines (what it is, version, seeds, each
 * argument), then "floors TYPE N", "acc TYPE MEASURE n sum sumsq min max" and "count KIND
 * N" lines, and last "# end: N lines" (N: the lines before it), so that a part cut short
 * is refused. */
#include "sweep/shard.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/lex.h"
#include "gen/check.h"
#include "sweep/parts.h"

#define SHARD_MAX_BYTES (1u << 20)  /* bytes of one part */
#define SHARD_TITLE "# delve stats part: join the parts of a range with 'delve merge stats'"

/* 1 for argv[i] that a part does not record: --seeds (its value too) and --shard. */
static int skipped(char **argv, int i)
{
    const char *w = argv[i], *prev = i > 1 ? argv[i - 1] : "";
    return !strcmp(w, "--shard") || !strcmp(w, "--seeds") || !strncmp(w, "--seeds=", 8) ||
           !strcmp(prev, "--seeds");
}

/* The part's lines (all but the end line) into tb. */
static void shard_lines(textbuf *tb, const shard_sums *s, int argc, char **argv, uint64_t lo,
                        uint64_t hi)
{
    textbuf_printf(tb, "%s\n# version: %s\n# seeds: %llu-%llu\n# kind: %s\n", SHARD_TITLE,
                   DELVE_VERSION, (unsigned long long)lo, (unsigned long long)hi,
                   s->rooms ? "rooms" : "per-floor");
    for (int i = 1; i < argc; i++) {
        const char *eq = !strncmp(argv[i], "--", 2) ? strchr(argv[i], '=') : NULL;
        if (skipped(argv, i))
            continue;
        if (eq) /* --type=doomrl as --type doomrl: the same part either way */
            textbuf_printf(tb, "# arg: %.*s\n# arg: %s\n", (int)(eq - argv[i]), argv[i],
                           eq + 1);
        else
            textbuf_printf(tb, "# arg: %s\n", argv[i]);
    }
    for (int k = 0; k < RK_COUNT && s->rooms; k++)
        if (s->counts[k])
            textbuf_printf(tb, "count\t%d\t%lld\n", k, (long long)s->counts[k]);
    for (int t = 0; t < LT_COUNT && !s->rooms; t++) {
        if (s->table.floors[t])
            textbuf_printf(tb, "floors\t%d\t%lld\n", t, (long long)s->table.floors[t]);
        for (int m = 0; m < STATS_MAX_MEASURES; m++) {
            const stats_acc *a = &s->table.acc[t][m];
            if (a->n)
                textbuf_printf(tb, "acc\t%d\t%d\t%lld\t%lld\t%lld\t%d\t%d\n", t, m,
                               (long long)a->n, (long long)a->sum, (long long)a->sumsq,
                               a->min, a->max);
        }
    }
}

/* Lines (newlines) of text[0..len). */
static long line_count(const char *text, size_t len)
{
    long n = 0;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    return n;
}

delve_status shard_text(const shard_sums *s, int argc, char **argv, uint64_t lo, uint64_t hi,
                        textbuf *tb, delve_err *err)
{
    shard_lines(tb, s, argc, argv, lo, hi);
    textbuf_printf(tb, "%s%ld lines\n", PARTS_END, line_count(tb->s, tb->len));
    return tb->oom ? delve_fail(err, DELVE_ENOMEM, "out of memory") : DELVE_OK;
}

/* One part read: its range, head ('#' lines but seeds) and sums. */
typedef struct stats_part {
    const char *file;
    uint64_t lo, hi;
    char *head;        /* the '#' lines but "# seeds:", as read */
    shard_sums s;
} stats_part;

/* Adds acc b to a (min and max of the two where both saw values). */
static void acc_join(stats_acc *a, const stats_acc *b)
{
    if (!b->n)
        return;
    a->min = a->n && a->min < b->min ? a->min : b->min;
    a->max = a->n && a->max > b->max ? a->max : b->max;
    a->n += b->n;
    a->sum += b->sum;
    a->sumsq += b->sumsq;
}

/* A tab, then a number in lo..hi (what names it in messages). */
static delve_status tab_i64(lex *x, int64_t lo, int64_t hi, int64_t *v, const char *what)
{
    delve_status st = lex_char(x, '\t');
    return st ? st : lex_i64(x, lo, hi, '\t', v, what);
}

/* Where a data line comes in a part: shard_text writes counts by kind, then per
 * level type its floors and its measures in order, each once. */
static int64_t line_rank(int64_t t, int64_t m)
{
    return t * (STATS_MAX_MEASURES + 1) + m + 1;
}

/* An "acc TYPE MEASURE n sum sumsq min max" line after its word into s; its place in a
 * part (line_rank) into *rank. */
static delve_status read_acc(lex *x, shard_sums *s, int64_t *rank)
{
    int64_t v[7] = { 0 };
    delve_status st = tab_i64(x, 0, LT_COUNT - 1, &v[0], "a level type");
    st = st ? st : tab_i64(x, 0, STATS_MAX_MEASURES - 1, &v[1], "a measure");
    st = st ? st : tab_i64(x, 1, INT64_MAX, &v[2], "a count");
    st = st ? st : tab_i64(x, INT64_MIN, INT64_MAX, &v[3], "a sum");
    st = st ? st : tab_i64(x, 0, INT64_MAX, &v[4], "a sum of squares");
    st = st ? st : tab_i64(x, INT_MIN, INT_MAX, &v[5], "a least value");
    st = st ? st : tab_i64(x, v[5], INT_MAX, &v[6], "a greatest value");
    if (st)
        return st;
    stats_acc a = { .n = v[2], .sum = v[3], .sumsq = v[4], .min = (int)v[5], .max = (int)v[6] };
    acc_join(&s->table.acc[v[0]][v[1]], &a);
    *rank = line_rank(v[0], v[1]);
    return DELVE_OK;
}


/* One data line of a part ("count", "floors" or "acc") into s; *last is the rank of the
 * line before (-1 at first): a line out of order or twice was not written so. */
static delve_status read_sum_line(lex *x, shard_sums *s, int64_t *last)
{
    int64_t k = 0, n = 0, rank = 0;
    delve_status st = DELVE_OK;
    if (lex_keyword(x, "count")) {
        st = tab_i64(x, 0, RK_COUNT - 1, &k, "a kind of room");
        st = st ? st : tab_i64(x, 0, INT64_MAX, &n, "a count");
        s->counts[st ? 0 : k] += st ? 0 : n;
        rank = k;
    } else if (lex_keyword(x, "floors")) {
        st = tab_i64(x, 0, LT_COUNT - 1, &k, "a level type");
        st = st ? st : tab_i64(x, 0, INT64_MAX, &n, "a count");
        s->table.floors[st ? 0 : k] += st ? 0 : n;
        rank = line_rank(k, -1);
    } else if (lex_keyword(x, "acc")) {
        st = read_acc(x, s, &rank);
    } else {
        return lex_fail(x, x->p, "a line delve stats --shard did not write");
    }
    if (!st && rank <= *last)
        return lex_fail(x, x->ls, "a line out of order or written twice (delve stats --shard "
                        "writes each kind once, in order): the part was edited");
    *last = rank;
    return st ? st : lex_end(x);
}

/* A '#' line of a part: "# seeds: A-B" into p's range (*seeds = 1), any other into its
 * head as written. */
static delve_status read_head_line(lex *x, stats_part *p, textbuf *head, int *seeds)
{
    lex y = *x;
    if (!lex_keyword(&y, "#") || !lex_keyword(&y, "seeds:")) {
        textbuf_put(head, x->ls, (size_t)(x->le - x->ls));
        textbuf_put(head, "\n", 1);
        return DELVE_OK;
    }
    *x = y;
    delve_status st = lex_u64(x, UINT64_MAX, '-', &p->lo, "the first seed");
    st = st ? st : lex_char(x, '-');
    st = st ? st : lex_u64(x, UINT64_MAX, ' ', &p->hi, "the last seed");
    st = st ? st : lex_end(x);
    if (!st && p->hi < p->lo)
        st = lex_fail(x, x->ls, "seeds %llu-%llu: the last before the first",
                      (unsigned long long)p->lo, (unsigned long long)p->hi);
    *seeds = 1;
    return st;
}

/* One part, file, read into p: its end line, head and sums (p->head malloc'ed). */
static delve_status read_part(const char *file, stats_part *p, delve_err *err)
{
    char *text = NULL;
    int lines = 0, seeds = 0;
    textbuf head = { 0 };
    *p = (stats_part){ .file = file };
    delve_status st = lex_read_file(file, SHARD_MAX_BYTES, "part", &text, err);
    if (!st)
        parts_lf(text); /* CRLF lines read as delve wrote them */
    if (!st && !strncmp(text, "delve check: seeds ", 19))
        st = delve_fail_at(err, DELVE_EINPUT, file, 1, 1, "a report of delve check, not a "
                           "part of delve stats: join check parts with 'delve merge check'");
    /* delve stats without --shard prints a table, never the title: not a part, rather
     * than a part cut short (docs/merge-parts.md) */
    if (!st && !parts_cut(text) && strncmp(text, SHARD_TITLE "\n", strlen(SHARD_TITLE) + 1))
        st = delve_fail_at(err, DELVE_EINPUT, file, 1, 1, "not a part: a table of delve stats "
                           "made without --shard (a part's first line is '# delve stats "
                           "part: ...')");
    st = st ? st : parts_end(file, text, "delve stats --shard", &lines, err);
    lex x;
    lex_init(&x, file, text ? text : "", err);
    int64_t last = -1;
    while (!st && lex_next(&x) && x.line <= lines)
        st = *x.ls == '#' ? read_head_line(&x, p, &head, &seeds)
                          : read_sum_line(&x, &p->s, &last);
    textbuf_put(&head, "", 1);
    if (!st && head.oom)
        st = delve_fail(err, DELVE_ENOMEM, "out of memory");
    if (!st && (!seeds || strncmp(head.s, SHARD_TITLE "\n", strlen(SHARD_TITLE) + 1)))
        st = delve_fail_at(err, DELVE_EINPUT, file, 1, 1, "not a part of delve stats --shard");
    p->head = head.s;
    p->s.rooms = p->head && strstr(p->head, "\n# kind: rooms\n") != NULL;
    int64_t floors = 0; /* a per-floor part measures floor 1 of each of its seeds */
    for (int t = 0; t < LT_COUNT; t++)
        floors += p->s.table.floors[t];
    if (!st && !p->s.rooms && (uint64_t)floors != p->hi - p->lo + 1)
        st = delve_fail(err, DELVE_EINPUT, "%s: its floors lines count %lld floors, but seeds "
                        "%llu-%llu are %llu (one floor each): the part was edited", file,
                        (long long)floors, (unsigned long long)p->lo,
                        (unsigned long long)p->hi, (unsigned long long)(p->hi - p->lo + 1));
    free(text);
    return st;
}

static int by_lo(const void *a, const void *b)
{
    const stats_part *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* 1 when text (lines) holds the line l[0..n). */
static int has_line(const char *text, const char *l, size_t n)
{
    for (const char *t = text; *t; t += strcspn(t, "\n") + (t[strcspn(t, "\n")] != 0))
        if (strcspn(t, "\n") == n && !strncmp(t, l, n))
            return 1;
    return 0;
}

/* The first line of a's head not in b's (or "nothing more") into buf. */
static void head_only(const char *a, const char *b, char *buf, size_t size)
{
    for (const char *l = a; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] != 0)) {
        size_t n = strcspn(l, "\n");
        if (!has_line(b, l, n)) {
            snprintf(buf, size, "'%.*s'", (int)n, l);
            return;
        }
    }
    snprintf(buf, size, "nothing more");
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* head with its "# arg:" lines as options with their values ("--dlevel 3"), sorted, after
 * its other lines: parts of `--type doomrl --dlevel 3` and of `--dlevel 3 --type doomrl`
 * are one run. malloc'ed; NULL when out of memory. */
static char *canon_head(const char *head)
{
    size_t len = strlen(head), k = 0;
    int n = 0, ok = 1;
    char *out = malloc(len + 2), **word = calloc(len / 8 + 2, sizeof *word);
    for (const char *l = head; ok && out && word && *l; l += strcspn(l, "\n") + 1) {
        size_t ln = strcspn(l, "\n"), wl = ln - 7;
        const char *w = l + 7;
        if (ln < 7 || strncmp(l, "# arg: ", 7)) {
            memcpy(out + k, l, ln);
            k += ln;
            out[k++] = '\n';
        } else if (n && !strncmp(word[n - 1], "--", 2) && !strchr(word[n - 1], ' ') && wl &&
                   w[0] != '-') { /* a value after its option */
            size_t pl = strlen(word[n - 1]);
            char *j = realloc(word[n - 1], pl + wl + 2);
            ok = j != NULL;
            if (ok) {
                j[pl] = ' ';
                memcpy(j + pl + 1, w, wl);
                j[pl + 1 + wl] = '\0';
                word[n - 1] = j;
            }
        } else {
            ok = (word[n++] = strndup(w, wl)) != NULL;
        }
        if (!l[ln])
            break;
    }
    if (ok && out && word)
        qsort(word, (size_t)n, sizeof *word, cmp_str);
    for (int i = 0; i < n; i++) {
        if (ok && out && word[i])
            k += (size_t)sprintf(out + k, "# arg: %s\n", word[i]);
        free(word ? word[i] : NULL);
    }
    free(word);
    if (!ok || !word) {
        free(out);
        return NULL;
    }
    if (out)
        out[k] = '\0';
    return out;
}

/* DELVE_EINPUT naming the line of the heads (an argument, the version) that differs;
 * a and b are canon_head's. */
static delve_status head_differs(const char *fa, const char *a, const char *fb, const char *b,
                                 delve_err *err)
{
    char x[256], y[256];
    head_only(a, b, x, sizeof x);
    head_only(b, a, y, sizeof y);
    return delve_fail(err, DELVE_EINPUT, "%s and %s: not parts of one run: their settings "
                      "differ (%s has %s, %s has %s)", fa, fb, fa, x, fb, y);
}

/* The parts, sorted, tile one range and share one head; their sums joined into s. */
static delve_status join_parts(stats_part *p, int n, shard_sums *s, delve_err *err)
{
    qsort(p, (size_t)n, sizeof *p, by_lo);
    *s = p[0].s;
    for (int i = 1; i < n; i++) {
        delve_status st = parts_tile(p[i - 1].file, p[i - 1].hi, p[i].file, p[i].lo, err);
        char *h0 = st ? NULL : canon_head(p[0].head), *hi = st ? NULL : canon_head(p[i].head);
        if (!st && (!h0 || !hi))
            st = delve_fail(err, DELVE_ENOMEM, "out of memory");
        if (!st && strcmp(h0, hi))
            st = head_differs(p[0].file, h0, p[i].file, hi, err);
        free(h0);
        free(hi);
        if (st)
            return st;
        for (int k = 0; k < RK_COUNT; k++)
            s->counts[k] += p[i].s.counts[k];
        for (int t = 0; t < LT_COUNT; t++) {
            s->table.floors[t] += p[i].s.table.floors[t];
            for (int m = 0; m < STATS_MAX_MEASURES; m++)
                acc_join(&s->table.acc[t][m], &p[i].s.table.acc[t][m]);
        }
    }
    return DELVE_OK;
}

/* "stats", the parts' arguments and --seeds LO-HI: the whole run's command line. */
static int whole_argv(stats_part *p, int n, char **argv, char *seeds, size_t size)
{
    int argc = 0;
    argv[argc++] = "stats";
    for (char *l = strtok(p[0].head, "\n"); l && argc < SHARD_MAX_ARGS; l = strtok(NULL, "\n"))
        if (!strncmp(l, "# arg: ", 7))  /* head: the first part's own copy, compared before */
            argv[argc++] = l + 7;
    snprintf(seeds, size, "%llu-%llu", (unsigned long long)p[0].lo,
             (unsigned long long)p[n - 1].hi);
    argv[argc++] = "--seeds";
    argv[argc++] = seeds;
    argv[argc] = NULL;
    return argc;
}

/* Generates and checks one seed's dungeon, adding its counts (or a failure). */
static delve_status one_seed(const gen_opts *o, int64_t *c, delve_err *err)
{
    dungeon d;
    delve_err e = { "" };
    delve_status st = gen_dungeon(o, &d, &e);
    if (st == DELVE_ENOMEM)
        return delve_fail(err, st, "%s", e.msg);
    if (st != DELVE_OK) {
        c[RK_FAILED]++;
        return DELVE_OK;
    }
    check_list l = { 0 };
    st = check_dungeon(&d, &l, err);
    if (st == DELVE_OK) {
        rising_count(&d, c);
        c[RK_FAILED] += l.errors > 0;
    }
    check_list_free(&l);
    dungeon_free(&d);
    return st;
}

delve_status shard_rooms_count(const gen_opts *go, uint64_t lo, uint64_t hi, int64_t *c,
                               delve_err *err)
{
    gen_opts o = *go;
    delve_status st = DELVE_OK;
    for (uint64_t s = lo; st == DELVE_OK; s++) {
        o.seed = s;
        st = one_seed(&o, c, err);
        if (s == hi)
            break;
    }
    return st;
}

delve_status shard_join(int n, char *const *files, shard_whole *w, delve_err *err)
{
    stats_part *p = calloc((size_t)n, sizeof *p);
    memset(w, 0, sizeof *w);
    delve_status st = p ? DELVE_OK : delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int i = 0; i < n && !st; i++)
        st = read_part(files[i], &p[i], err);
    if (!st)
        st = join_parts(p, n, &w->s, err);
    if (!st) {
        w->argc = whole_argv(p, n, w->argv, w->seeds, sizeof w->seeds);
        w->head = p[0].head;
        p[0].head = NULL;
    }
    for (int i = 0; p && i < n; i++)
        free(p[i].head);
    free(p);
    return st;
}

void shard_whole_free(shard_whole *w)
{
    free(w->head);
    w->head = NULL;
}
