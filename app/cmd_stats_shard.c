/* delve stats --shard and delve merge stats: a part of a range as exact integer sums, and
 * the parts of a range joined and printed as one run over it (app/stats_shard.h).
 * A part's text: '#' lines (what it is, version, seeds, each argument), then
 * "floors TYPE N", "acc TYPE MEASURE n sum sumsq min max" and "count KIND N" lines, and
 * last "# end: N lines" (N: the lines before it), so that a part cut short is refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/stats_shard.h"
#include "engine/fsio.h"
#include "engine/textbuf.h"

#define SHARD_MAX_BYTES (1u << 20)  /* bytes of one part */
#define SHARD_MAX_ARGS 128          /* arguments of the command a part records */
#define SHARD_MAX_PARTS 4096        /* parts of one merge */
#define SHARD_END "# end: "    /* the last line: "# end: N lines" */
#define SHARD_TITLE "# delve stats part: join the parts of a range with 'delve merge stats'"

/* 1 for argv[i] that a part does not record: --seeds (its value too) and --shard. */
static int skipped(char **argv, int i)
{
    const char *w = argv[i], *prev = i > 1 ? argv[i - 1] : "";
    return !strcmp(w, "--shard") || !strcmp(w, "--seeds") || !strncmp(w, "--seeds=", 8) ||
           !strcmp(prev, "--seeds");
}

/* The part's lines (all but the end line) into tb. */
static void shard_lines(textbuf *tb, const stats_shard *s, int argc, char **argv, uint64_t lo,
                        uint64_t hi)
{
    textbuf_printf(tb, "%s\n# version: %s\n# seeds: %llu-%llu\n# kind: %s\n", SHARD_TITLE,
                   DELVE_VERSION, (unsigned long long)lo, (unsigned long long)hi,
                   s->rooms ? "rooms" : "per-floor");
    for (int i = 1; i < argc; i++)
        if (!skipped(argv, i))
            textbuf_printf(tb, "# arg: %s\n", argv[i]);
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

int stats_shard_print(const stats_shard *s, int argc, char **argv, uint64_t lo, uint64_t hi)
{
    for (int i = 1; i < argc; i++)
        if (strchr(argv[i], '\n'))
            return cli_usage_error("stats", "--shard: an argument with a newline");
    textbuf tb = { 0 };
    shard_lines(&tb, s, argc, argv, lo, hi);
    if (tb.oom) {
        textbuf_free(&tb);
        return cli_fail("stats", DELVE_ENOMEM, NULL);
    }
    fwrite(tb.s, 1, tb.len, stdout);
    printf("%s%ld lines\n", SHARD_END, line_count(tb.s, tb.len));
    textbuf_free(&tb);
    return EXIT_OK;
}

/* One part read: its range, head ('#' lines but seeds) and sums. */
typedef struct stats_part {
    const char *file;
    uint64_t lo, hi;
    char *head;        /* the '#' lines but "# seeds:", as read */
    stats_shard s;
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

/* One data line of a part into s; 0 when delve did not write it. */
static int read_sum_line(const char *l, stats_shard *s)
{
    int t, m, mn, mx;
    long long n, sum, sq;
    stats_acc a;
    if (sscanf(l, "count\t%d\t%lld", &t, &n) == 2 && t >= 0 && t < RK_COUNT)
        s->counts[t] += n;
    else if (sscanf(l, "floors\t%d\t%lld", &t, &n) == 2 && t >= 0 && t < LT_COUNT)
        s->table.floors[t] += n;
    else if (sscanf(l, "acc\t%d\t%d\t%lld\t%lld\t%lld\t%d\t%d", &t, &m, &n, &sum, &sq, &mn,
                    &mx) == 7 && t >= 0 && t < LT_COUNT && m >= 0 && m < STATS_MAX_MEASURES) {
        a = (stats_acc){ .n = n, .sum = sum, .sumsq = sq, .min = mn, .max = mx };
        acc_join(&s->table.acc[t][m], &a);
    } else
        return 0;
    return 1;
}

/* Where the end line of a part's text[0..len) starts, -1 when it is not there (a part cut
 * short) or counts other than the lines before it. */
static long shard_end(const char *text, size_t len)
{
    if (len < 2 || text[len - 1] != '\n' || memchr(text, '\0', len))
        return -1;
    size_t start = len - 1;
    while (start > 0 && text[start - 1] != '\n')
        start--;
    long n = -1;
    char tail[32];
    if (sscanf(text + start, SHARD_END "%ld lines%31s", &n, tail) != 1 ||
        n != line_count(text, start))
        return -1;
    return (long)start;
}

static delve_status read_part(const char *file, stats_part *p, delve_err *err)
{
    char *text = NULL;
    size_t len;
    *p = (stats_part){ .file = file };
    delve_status st = fsio_read_all(file, SHARD_MAX_BYTES, &text, &len, err);
    if (st)
        return st;
    long end = shard_end(text, len);
    if (end < 0) {
        free(text);
        return delve_fail(err, DELVE_EINPUT, "%s: truncated (a part of delve stats --shard "
                          "ends with its line '%sN lines'; this one does not)", file, SHARD_END);
    }
    text[end] = '\0';  /* the end line off */
    p->head = calloc(1, len + 1);
    unsigned long long lo, hi;
    int seeds = 0;
    for (char *l = strtok(text, "\n"); l && !st && p->head; l = strtok(NULL, "\n")) {
        if (sscanf(l, "# seeds: %llu-%llu", &lo, &hi) == 2)
            seeds = 1;
        else if (l[0] == '#')
            strcat(strcat(p->head, l), "\n");
        else if (!read_sum_line(l, &p->s))
            st = delve_fail(err, DELVE_EINPUT, "%s: a line delve stats --shard did not "
                            "write: %s", file, l);
    }
    if (!st && (!p->head || !seeds || strncmp(p->head, SHARD_TITLE "\n", strlen(SHARD_TITLE) + 1)))
        st = delve_fail(err, p->head ? DELVE_EINPUT : DELVE_ENOMEM, "%s: not a part of "
                        "delve stats --shard", file);
    p->lo = lo;
    p->hi = hi;
    p->s.rooms = p->head && strstr(p->head, "\n# kind: rooms\n") != NULL;
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

/* DELVE_EINPUT naming the line of the heads (an argument, the version) that differs. */
static delve_status head_differs(const stats_part *a, const stats_part *b, delve_err *err)
{
    char x[256], y[256];
    head_only(a->head, b->head, x, sizeof x);
    head_only(b->head, a->head, y, sizeof y);
    return delve_fail(err, DELVE_EINPUT, "%s and %s: not parts of one run: their settings "
                      "differ (%s has %s, %s has %s)", a->file, b->file, a->file, x, b->file, y);
}

/* The parts, sorted, tile one range and share one head; their sums joined into s. */
static delve_status join_parts(stats_part *p, int n, stats_shard *s, delve_err *err)
{
    qsort(p, (size_t)n, sizeof *p, by_lo);
    *s = p[0].s;
    for (int i = 1; i < n; i++) {
        delve_status st = cli_parts_tile(p[i - 1].file, p[i - 1].hi, p[i].file, p[i].lo, err);
        if (!st && strcmp(p[i].head, p[0].head))
            st = head_differs(&p[0], &p[i], err);
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

int stats_merge_run(int n, char **files)
{
    if (n < 1 || n > SHARD_MAX_PARTS)
        return cli_usage_error("merge", "merge stats takes 1 to %d parts of delve stats "
                               "--shard", SHARD_MAX_PARTS);
    stats_part *p = calloc((size_t)n, sizeof *p);
    stats_shard *s = malloc(sizeof *s);
    delve_err err = { "" };
    delve_status st = p && s ? DELVE_OK : delve_fail(&err, DELVE_ENOMEM, "out of memory");
    for (int i = 0; i < n && !st; i++)
        st = read_part(files[i], &p[i], &err);
    if (!st)
        st = join_parts(p, n, s, &err);
    int rc = st ? cli_fail("merge", st, &err) : EXIT_OK;
    if (!st) {
        char *argv[SHARD_MAX_ARGS + 4], seeds[48];
        int argc = whole_argv(p, n, argv, seeds, sizeof seeds);
        rc = stats_main(argc, argv, s);
    }
    for (int i = 0; p && i < n; i++)
        free(p[i].head);
    free(p);
    free(s);
    return rc;
}
