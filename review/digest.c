/* digest: counts and the draw plan of a digest-first review, from the catalog lines
 * alone (review/review.c ties the pairs to them first). */
#include "review/digest.h"

#include <stdlib.h>
#include <string.h>

#include "review/catrow.h"

/* 1 per line that a pair stands for (calloc'ed; NULL when out of memory). */
static unsigned char *tied_lines(const review_result *r)
{
    unsigned char *tied = calloc((size_t)r->line_count + 1, 1);
    for (int i = 0; tied && i < r->item_count; i++)
        if (r->items[i].line >= 0)
            tied[r->items[i].line] = 1;
    return tied;
}

void digest_tally(review_result *r)
{
    r->undrawn = r->same_undrawn = 0;
    unsigned char *tied = r->digests ? tied_lines(r) : NULL;
    for (int i = 0; tied && i < r->line_count; i++) {
        if (tied[i])
            continue;
        if (r->lines[i].state == REVIEW_SAME)
            r->same_undrawn++;
        else
            r->undrawn++;
    }
    free(tied);
}

/* A changed line as the plan ranks it. */
typedef struct cand {
    int line;
    int first;  /* the level type changed, or the floor is only on one side */
    int cells;  /* cells that differ past seed and floor */
} cand;

static int cand_rank(const void *a, const void *b)
{
    const cand *x = a, *y = b;
    if (x->first != y->first)
        return y->first - x->first;
    if (x->cells != y->cells)
        return y->cells - x->cells;
    return x->line - y->line;
}

static int cand_line(const void *a, const void *b)
{
    return ((const cand *)a)->line - ((const cand *)b)->line;
}

static cand rank_line(const review_line *l, int i, int type_col)
{
    cand c = { i, !l->base || !l->head, 0 };
    size_t na = 0, nb = 0;
    const char *a, *b;
    for (int col = 2; l->base && l->head; col++) {
        a = catrow_cell(l->base, col, &na);
        b = catrow_cell(l->head, col, &nb);
        if (!a && !b)
            break;
        if (!a || !b || na != nb || memcmp(a, b, na)) {
            c.cells++;
            c.first |= col == type_col;
        }
    }
    return c;
}

/* Adds line i's (seed, floor) to out (room for it is there). */
static void add_key(const review_result *r, int i, drawlist *out)
{
    const char *s = r->lines[i].base ? r->lines[i].base : r->lines[i].head;
    char *e;
    unsigned long long seed = strtoull(s, &e, 10);
    if (e == s || *e != '\t')
        return;  /* a key that is no number names no floor to draw */
    out->keys[out->count++] = (drawlist_key){ seed, (int)strtol(e + 1, NULL, 10) };
}

/* Adds count of the n lines ix names, evenly spread: the middle one of each share. */
static void spread(int n, int count, const int *ix, const review_result *r, drawlist *out)
{
    for (int j = 0; j < count && n > 0; j++)
        add_key(r, ix[(int)((int64_t)(2 * j + 1) * n / (2 * count))], out);
}

static int key_cmp(const void *a, const void *b)
{
    const drawlist_key *x = a, *y = b;
    if (x->seed != y->seed)
        return x->seed < y->seed ? -1 : 1;
    return (x->floor > y->floor) - (x->floor < y->floor);
}

delve_status digest_plan(const review_result *r, int cap, drawlist *out, int *probes,
                         delve_err *err)
{
    memset(out, 0, sizeof *out);
    *probes = 0;
    int type_col = catrow_column(r->header, "type"), n = 0, s = 0;
    cand *c = malloc(((size_t)r->line_count + 1) * sizeof *c);
    int *ix = malloc(((size_t)r->line_count + 1) * sizeof *ix);
    out->keys = malloc(((size_t)cap + DIGEST_PROBES + 1) * sizeof *out->keys);
    if (!c || !ix || !out->keys) {
        free(c), free(ix), drawlist_free(out);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for the draw plan");
    }
    for (int i = 0; i < r->line_count; i++)
        if (r->lines[i].state != REVIEW_SAME)
            c[n++] = rank_line(&r->lines[i], i, type_col);
        else
            ix[s++] = i;  /* the same lines, for the probes */
    qsort(c, (size_t)n, sizeof *c, cand_rank);
    int top = n <= cap ? n : cap / 2;
    for (int i = 0; i < top; i++)
        add_key(r, c[i].line, out);
    qsort(c + top, (size_t)(n - top), sizeof *c, cand_line);
    int rest = n - top, take = cap - top < rest ? cap - top : rest;
    int *rix = malloc(((size_t)rest + 1) * sizeof *rix);
    for (int i = 0; rix && i < rest; i++)
        rix[i] = c[top + i].line;
    if (rix)
        spread(rest, take, rix, r, out);
    int before = out->count;
    spread(s, s < DIGEST_PROBES ? s : DIGEST_PROBES, ix, r, out);
    *probes = out->count - before;
    free(rix), free(c), free(ix);
    if (!rix && rest > 0) {
        drawlist_free(out);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for the draw plan");
    }
    if (out->count > 1)
        qsort(out->keys, (size_t)out->count, sizeof *out->keys, key_cmp);
    return DELVE_OK;
}

int digest_missing(const review_result *r, const drawlist *l)
{
    unsigned char *tied = tied_lines(r);
    int missing = 0;
    for (int i = 0; tied && i < r->line_count; i++) {
        const char *s = r->lines[i].base ? r->lines[i].base : r->lines[i].head;
        char *e;
        unsigned long long seed = strtoull(s, &e, 10);
        if (!tied[i] && e != s && *e == '\t' && drawlist_has(l, seed, (int)strtol(e + 1, NULL, 10)))
            missing++;
    }
    free(tied);
    return missing;
}
