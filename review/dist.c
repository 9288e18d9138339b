/* dist: two catalogs, column by column (spec review-stats.md). */
#include "review/dist.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/lex.h"
#include "review/catrow.h"

/* --- reading ------------------------------------------------------------------------ */

/* Splits s at tabs into at most max cells; returns how many. */
static int split_tabs(char *s, char **out, int max)
{
    int n = 0;
    while (n < max) {
        out[n++] = s;
        char *t = strchr(s, '\t');
        if (!t)
            break;
        *t = '\0';
        s = t + 1;
    }
    return n;
}

static delve_status grow(void **v, int *cap, int need, size_t each, delve_err *err)
{
    if (need <= *cap)
        return DELVE_OK;
    int nc = *cap ? *cap * 2 : 64;
    while (nc < need)
        nc *= 2;
    void *nv = realloc(*v, (size_t)nc * each);
    if (!nv)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    *v = nv;
    *cap = nc;
    return DELVE_OK;
}

/* The header line "# seed\tfloor\t...": its names (in place); the first two must be
 * seed and floor, the key every row is paired by. */
static delve_status read_header(dist_side *s, char *line, const lex *x, delve_err *err)
{
    int n = 1;
    for (char *p = line; *p; p++)
        n += *p == '\t';
    free(s->names);
    if (!(s->names = malloc((size_t)n * sizeof *s->names)))
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    s->cols = split_tabs(line + 1 + (line[1] == ' '), s->names, n);
    if (s->cols < 2 || strcmp(s->names[0], "seed") || strcmp(s->names[1], "floor"))
        return delve_fail_at(err, DELVE_EINPUT, s->path, x->line, 1,
                             "the column names start with seed and floor, not '%.30s' and "
                             "'%.30s'", s->names[0], s->cols > 1 ? s->names[1] : "");
    for (int i = 1; i < s->cols; i++)
        for (int j = 0; j < i; j++)
            if (!strcmp(s->names[i], s->names[j]))
                return delve_fail_at(err, DELVE_EINPUT, s->path, x->line,
                                     (int)(s->names[i] - line) + 1,
                                     "the column name '%.30s' again (columns %d and %d)",
                                     s->names[i], j + 1, i + 1);
    return DELVE_OK;
}

/* A provenance line "# key: value" whose key an earlier one has: which value holds? */
static delve_status prov_once(const dist_side *s, const char *p, const lex *x,
                              delve_err *err)
{
    size_t k = (size_t)(strstr(p, ": ") - p);
    for (int i = 0; i < s->prov_count; i++)
        if (!strncmp(s->prov[i], p, k) && !strncmp(s->prov[i] + k, ": ", 2))
            return delve_fail_at(err, DELVE_EINPUT, s->path, x->line, 3,
                                 "a second '# %.*s:' line", (int)(k > 40 ? 40 : k), p);
    return DELVE_OK;
}

/* A data line: its cols cells appended to s->cell. */
static delve_status read_row(dist_side *s, char *line, const lex *x, int *cap,
                             int *lcap, delve_err *err)
{
    if (!s->cols)
        return lex_fail(x, x->ls, "a data line before the column names "
                        "('# seed\tfloor\t...')");
    if (catrow_check(x, s->cols))
        return DELVE_EINPUT;
    if (grow((void **)&s->cell, cap, (s->rows + 1) * s->cols, sizeof *s->cell, err) ||
        grow((void **)&s->line, lcap, s->rows + 1, sizeof *s->line, err))
        return DELVE_ENOMEM;
    split_tabs(line, s->cell + (size_t)s->rows * s->cols, s->cols);
    s->line[s->rows++] = x->line;
    return DELVE_OK;
}

/* Reads path into s: the "# key: value" lines before the column names, the names (the
 * last comment line with a tab before the data), then one row a data line. Lines by
 * base/lex (LF or CRLF); each is cut in place at its end. A file with a NUL byte (a
 * PNG given by mistake) is refused as every text reader refuses it (lex_read_file), an
 * empty one as review refuses an empty folder: nothing to compare is an error, not
 * "0 floors" (docs/catalog-format.md: a catalog starts with its provenance). */
static delve_status parse_side(dist_side *s, delve_err *err)
{
    const char *path = s->path;
    delve_status st = DELVE_OK;
    int cap = 0, pcap = 0, lcap = 0;
    lex x;
    if (!s->text[0])
        st = delve_fail_at(err, DELVE_EINPUT, path, 1, 1, "empty: nothing to compare (a "
                           "catalog.tsv of delve shot --seeds starts with its '#' lines)");
    if (!st)
        lex_init(&x, path, s->text, err);
    while (!st && lex_next(&x)) {
        char *p = s->text + (x.ls - s->text);
        if ((st = lex_text_only(&x, "catalog"))) /* cells are printed and put in pages */
            break;
        p[x.le - x.ls] = '\0';
        if (p[0] == '#' && strchr(p, '\t') && !s->rows)
            st = read_header(s, p, &x, err);
        else if (!strncmp(p, "# ", 2) && strstr(p, ": ") && !s->rows &&
                 !(st = prov_once(s, p + 2, &x, err)) &&
                 !(st = grow((void **)&s->prov, &pcap, s->prov_count + 1, sizeof *s->prov, err)))
            s->prov[s->prov_count++] = p + 2;
        else if (p[0] && p[0] != '#')
            st = read_row(s, p, &x, &cap, &lcap, err);
    }
    if (!st && !s->cols) /* blank or comment lines only: as empty */
        st = delve_fail_at(err, DELVE_EINPUT, path, 1, 1, "no column names ('# seed', "
                           "'floor', ... tab-separated): not a catalog.tsv of delve shot "
                           "--seeds");
    return st;
}

static delve_status read_side(const char *path, dist_side *s, delve_err *err)
{
    s->path = path;
    delve_status st = lex_read_file(path, DIST_MAX_BYTES, "catalog", &s->text, err);
    return st ? st : parse_side(s, err);
}

const char *dist_prov(const dist_side *s, const char *key)
{
    size_t k = strlen(key);
    for (int i = 0; i < s->prov_count; i++)
        if (!strncmp(s->prov[i], key, k) && !strncmp(s->prov[i] + k, ": ", 2))
            return s->prov[i] + k + 2;
    return NULL;
}

/* --- keys and pairing ------------------------------------------------------------- */

typedef struct key_ix {
    uint64_t seed;
    long floor;
    int row;
} key_ix;

static int key_cmp(const void *x, const void *y)
{
    const key_ix *a = x, *b = y;
    if (a->seed != b->seed)
        return a->seed < b->seed ? -1 : 1;
    return (a->floor > b->floor) - (a->floor < b->floor);
}

/* The rows of s sorted by (seed, floor); DELVE_EINPUT when a key repeats. */
static delve_status sorted_keys(const dist_side *s, key_ix **out, delve_err *err)
{
    key_ix *k = malloc((size_t)(s->rows ? s->rows : 1) * sizeof *k);
    if (!(*out = k))
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int i = 0; i < s->rows; i++) {
        char **row = s->cell + (size_t)i * s->cols;
        k[i] = (key_ix){ strtoull(row[0], NULL, 10), strtol(row[1], NULL, 10), i };
    }
    qsort(k, (size_t)s->rows, sizeof *k, key_cmp);
    for (int i = 1; i < s->rows; i++)
        if (!key_cmp(&k[i - 1], &k[i])) {
            int first = s->line[k[i - 1].row], again = s->line[k[i].row];
            if (first > again)
                first = again, again = s->line[k[i - 1].row];
            return delve_fail_at(err, DELVE_EINPUT, s->path, again, 1,
                                 "seed %llu floor %ld again (line %d has it)",
                                 (unsigned long long)k[i].seed, k[i].floor, first);
        }
    return DELVE_OK;
}

static int col_of(const dist_side *s, const char *name)
{
    for (int i = 2; i < s->cols; i++)
        if (!strcmp(s->names[i], name))
            return i;
    return -1;
}

#define CELL_MAX INT64_C(9007199254740992) /* 2^53: every count exact as a double */

/* 1 when text is a whole number 0..CELL_MAX in strict decimal (base/lex: digits only,
 * no sign, no space), into *v; "-" is missing (0 returned). */
static int cell_int(const char *text, int64_t *v)
{
    return lex_parse_i64(text, strlen(text), 0, CELL_MAX, v, NULL) == LEX_OK;
}

/* "-", a catalog's missing value (an empty cell never gets here: catrow_check refuses
 * it at its line and column). */
static int missing(const char *text)
{
    return !strcmp(text, "-");
}

/* --- one column ------------------------------------------------------------------- */

/* What a column needs: its index on each side (-1: absent) and the rows in key order. */
typedef struct col_in {
    const dist_result *r;
    int ca, cb;
    const key_ix *ka, *kb;
} col_in;

static const char *cell_a(const col_in *in, int row)
{
    return in->r->a.cell[(size_t)row * in->r->a.cols + in->ca];
}

static const char *cell_b(const col_in *in, int row)
{
    return in->r->b.cell[(size_t)row * in->r->b.cols + in->cb];
}

/* *numeric 1 when every present cell on both sides is a whole number. A column mostly of
 * whole numbers with a cell that is none ("rooms" holding "abc") is a broken catalog, not
 * a categorical column (which would drop it from the tests without a word): DELVE_EINPUT
 * at that cell's line and column; else DELVE_OK. */
static delve_status column_kind(const col_in *in, int *numeric, delve_err *err)
{
    int64_t v;
    int nums = 0, other = 0;
    const dist_side *bad_s = NULL;
    int bad_row = 0, bad_col = 0;
    for (int side = 0; side < 2; side++) {
        const dist_side *s = side ? &in->r->b : &in->r->a;
        int col = side ? in->cb : in->ca;
        for (int i = 0; i < s->rows; i++) {
            const char *t = s->cell[(size_t)i * s->cols + col];
            if (missing(t))
                continue;
            if (cell_int(t, &v)) {
                nums++;
            } else if (!other++) {
                bad_s = s;
                bad_row = i;
                bad_col = col;
            }
        }
    }
    *numeric = other == 0;
    if (!bad_s || nums <= other)
        return DELVE_OK;
    const char *cell = bad_s->cell[(size_t)bad_row * bad_s->cols + bad_col];
    const char *first = bad_s->cell[(size_t)bad_row * bad_s->cols];
    return delve_fail_at(err, DELVE_EINPUT, bad_s->path, bad_s->line[bad_row],
                         (int)(cell - first) + 1,
                         "%s: '%.40s' is not a whole number 0..2^53 (%d of the column's "
                         "cells are)",
                         bad_s->names[bad_col], cell, nums);
}

/* Mean and sample sd (n - 1; 0 for fewer than two) of v[0..n-1]. */
static void moments(const int64_t *v, int n, double *mean, double *sd)
{
    double s = 0, ss = 0;
    for (int i = 0; i < n; i++)
        s += (double)v[i];
    *mean = n ? s / n : 0;
    for (int i = 0; i < n; i++)
        ss += ((double)v[i] - *mean) * ((double)v[i] - *mean);
    *sd = n > 1 ? sqrt(ss / (n - 1)) : 0;
}

/* Values of a numeric column: pairs (both present) or each side's own. */
static void numeric_values(const col_in *in, dist_col *c, int64_t *va, int64_t *vb)
{
    const dist_result *r = in->r;
    if (r->paired) {
        for (int i = 0; i < r->a.rows; i++) {
            int64_t x, y;
            if (!cell_int(cell_a(in, in->ka[i].row), &x) || !cell_int(cell_b(in, in->kb[i].row), &y))
                continue;
            va[c->na++] = x;
            vb[c->nb++] = y;
            c->up += y > x;
            c->down += y < x;
            c->same += y == x;
        }
        return;
    }
    for (int i = 0; i < r->a.rows; i++)
        c->na += cell_int(cell_a(in, i), &va[c->na]);
    for (int i = 0; i < r->b.rows; i++)
        c->nb += cell_int(cell_b(in, i), &vb[c->nb]);
}

/* 1 when both sides have a value and every value of va and vb is the same one: nothing
 * could move, so the column takes no part in Holm's m (a catalog has many such columns,
 * ways_lift on a family without lifts, and each would weaken every other test). */
static int one_value(const int64_t *va, int na, const int64_t *vb, int nb)
{
    if (!na || !nb)
        return 0;
    for (int i = 0; i < na; i++)
        if (va[i] != va[0])
            return 0;
    for (int i = 0; i < nb; i++)
        if (vb[i] != va[0])
            return 0;
    return 1;
}

static delve_status numeric_col(const col_in *in, dist_col *c, delve_err *err)
{
    const dist_result *r = in->r;
    int64_t *va = malloc(((size_t)r->a.rows + 1) * sizeof *va);
    int64_t *vb = malloc(((size_t)r->b.rows + 1) * sizeof *vb);
    delve_status st = va && vb ? DELVE_OK : delve_fail(err, DELVE_ENOMEM, "out of memory");
    c->kind = DIST_NUMERIC;
    if (!st) {
        numeric_values(in, c, va, vb);
        moments(va, c->na, &c->mean_a, &c->sd_a);
        moments(vb, c->nb, &c->mean_b, &c->sd_b);
    }
    if (!st && one_value(va, c->na, vb, c->nb)) {
        c->constant = 1;
        c->why = "constant";
    } else if (!st && (c->na < DIST_MIN_FLOORS || c->nb < DIST_MIN_FLOORS)) {
        c->why = "too few floors to test";
    } else if (!st && r->paired) {
        for (int i = 0; i < c->na; i++)
            vb[i] -= va[i];
        c->test = "signed-rank";
        st = sig_signed_rank(vb, c->na, &c->t, err);
        c->tested = !st;
    } else if (!st) {
        c->test = "rank-sum";
        st = sig_rank_sum(va, c->na, vb, c->nb, &c->t, err);
        c->tested = !st;
    }
    free(va);
    free(vb);
    return st;
}

/* The index of category name in c (added when new). */
static int cat_index(dist_col *c, const char *name)
{
    for (int i = 0; i < c->cat_count; i++)
        if (!strcmp(c->cats[i].name, name))
            return i;
    c->cats[c->cat_count] = (dist_cat){ name, 0, 0 };
    return c->cat_count++;
}

/* Paired categorical: the k x k table of (A's category, B's), tested when enough floors
 * moved (c->changed, counted by category_col). */
static delve_status bowker_col(const col_in *in, dist_col *c, const int *ia, const int *ib,
                               int n, delve_err *err)
{
    int k = c->cat_count;
    int64_t *t = calloc((size_t)k * (size_t)k + 1, sizeof *t);
    if (!t)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int i = 0; i < n; i++)
        t[ia[i] * k + ib[i]]++;
    if (c->changed < DIST_SPARSE) {
        snprintf(c->note, sizeof c->note, "%d floor%s changed category: not tested",
                 c->changed, c->changed == 1 ? "" : "s");
        c->why = c->note;
    } else {
        c->test = "bowker";
        sig_bowker(t, k, &c->t);
        c->tested = 1;
    }
    free(t);
    return DELVE_OK;
}

#define COMPARE_MAX_CATS 4096  /* categories a column may have (a paired table is k x k) */

static delve_status category_col(const col_in *in, dist_col *c, delve_err *err)
{
    const dist_result *r = in->r;
    int n = r->a.rows > r->b.rows ? r->a.rows : r->b.rows, pairs = 0;
    int *ia = malloc(((size_t)n + 1) * sizeof *ia), *ib = malloc(((size_t)n + 1) * sizeof *ib);
    c->cats = malloc(((size_t)r->a.rows + r->b.rows + 1) * sizeof *c->cats);
    c->kind = DIST_CATEGORY;
    delve_status st = ia && ib && c->cats ? DELVE_OK
                                          : delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int i = 0; !st && i < n; i++) {
        const char *x = i < r->a.rows ? cell_a(in, r->paired ? in->ka[i].row : i) : "-";
        const char *y = i < r->b.rows ? cell_b(in, r->paired ? in->kb[i].row : i) : "-";
        int jx = missing(x) ? -1 : cat_index(c, x), jy = missing(y) ? -1 : cat_index(c, y);
        c->na += jx >= 0;
        c->nb += jy >= 0;
        if (jx >= 0)
            c->cats[jx].a++;
        if (jy >= 0)
            c->cats[jy].b++;
        if (jx >= 0 && jy >= 0)
            ia[pairs] = jx, ib[pairs++] = jy;
    }
    for (int i = 0; !st && r->paired && i < pairs; i++) /* said whether tested or not */
        c->changed += ia[i] != ib[i];
    if (!st && c->cat_count == 1 && c->na && c->nb)
        c->constant = 1, c->why = "constant"; /* one_value's rule */
    else if (!st && (c->na < DIST_MIN_FLOORS || c->nb < DIST_MIN_FLOORS))
        c->why = "too few floors to test";
    else if (!st && c->cat_count > COMPARE_MAX_CATS)
        c->why = "too many categories to test";
    else if (!st && r->paired)
        st = bowker_col(in, c, ia, ib, pairs, err);
    else if (!st) {
        int64_t *row = malloc(((size_t)c->cat_count * 2 + 1) * sizeof *row);
        if (!row)
            st = delve_fail(err, DELVE_ENOMEM, "out of memory");
        for (int j = 0; !st && j < c->cat_count; j++)
            row[j] = c->cats[j].a, row[c->cat_count + j] = c->cats[j].b;
        if (!st) {
            sig_homogeneity(row, row + c->cat_count, c->cat_count, &c->t);
            c->test = !c->t.df && c->t.stat > 0 ? "fisher" : "chi-square";
            c->tested = 1;
        }
        free(row);
    }
    free(ia);
    free(ib);
    return st;
}

/* --- both files ------------------------------------------------------------------- */

/* 1 when both sides hold the same (seed, floor) keys. */
static int same_keys(const key_ix *ka, int na, const key_ix *kb, int nb)
{
    if (na != nb || !na)
        return 0;
    for (int i = 0; i < na; i++)
        if (key_cmp(&ka[i], &kb[i]))
            return 0;
    return 1;
}

/* 1 for a column no test reads: the floor's digest names the floor, square for square
 * (docs/catalog-format.md); a review counts the floors whose digests differ. */
static int untested_col(const char *name)
{
    return !strcmp(name, "digest");
}

/* The columns (but seed, floor and the digest) of A in order, then B's that A lacks. */
static delve_status list_cols(dist_result *r, delve_err *err)
{
    int max = r->a.cols + r->b.cols;
    if (!(r->cols = calloc((size_t)max + 1, sizeof *r->cols)))
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int i = 2; i < r->a.cols; i++)
        if (!untested_col(r->a.names[i]))
            r->cols[r->col_count++] = (dist_col){
                .name = r->a.names[i],
                .kind = col_of(&r->b, r->a.names[i]) < 0 ? DIST_REMOVED : DIST_NUMERIC };
    for (int i = 2; i < r->b.cols; i++)
        if (col_of(&r->a, r->b.names[i]) < 0 && !untested_col(r->b.names[i]))
            r->cols[r->col_count++] = (dist_col){ .name = r->b.names[i], .kind = DIST_ADDED };
    return DELVE_OK;
}

/* Tests every column present on both sides, then Holm over the tested ones. */
static delve_status test_cols(dist_result *r, const key_ix *ka, const key_ix *kb,
                              delve_err *err)
{
    delve_status st = DELVE_OK;
    double *p = malloc(((size_t)r->col_count + 1) * sizeof *p);
    if (!p)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int i = 0; i < r->col_count && !st; i++) {
        dist_col *c = &r->cols[i];
        int numeric = 0;
        col_in in = { r, col_of(&r->a, c->name), col_of(&r->b, c->name), ka, kb };
        if (c->kind == DIST_ADDED || c->kind == DIST_REMOVED) {
            c->why = c->kind == DIST_ADDED ? "only in B: not tested" : "only in A: not tested";
            for (int row = 0; c->kind == DIST_REMOVED && row < r->a.rows; row++)
                c->na += !missing(cell_a(&in, row));
            for (int row = 0; c->kind == DIST_ADDED && row < r->b.rows; row++)
                c->nb += !missing(cell_b(&in, row));
        }
        else if (!(st = column_kind(&in, &numeric, err)))
            st = numeric ? numeric_col(&in, c, err) : category_col(&in, c, err);
        p[i] = c->tested ? c->t.p : NAN;
        r->tested += c->tested;
        r->constant += c->constant;
    }
    if (!st)
        st = sig_holm(p, r->col_count, p, err);
    for (int i = 0; i < r->col_count && !st; i++) {
        r->cols[i].p_holm = p[i];
        r->cols[i].flagged = r->cols[i].tested && p[i] < r->alpha;
        r->flagged += r->cols[i].flagged;
    }
    free(p);
    return st;
}

/* --- level-type strata (spec review-stats.md "Level-type mix") ----------------------- */

/* The values of column xcol on side s's floors of level type `type` (column tcol) into v;
 * how many. A floor without a whole number there ("-") is left out. */
static int stratum_values(const dist_side *s, int tcol, int xcol, const char *type,
                          int64_t *v)
{
    int n = 0;
    for (int i = 0; i < s->rows; i++) {
        char *const *row = s->cell + (size_t)i * s->cols;
        n += !strcmp(row[tcol], type) && cell_int(row[xcol], &v[n]);
    }
    return n;
}

/* One stratum's means, and its rank-sum test when both sides have DIST_MIN_FLOORS. */
static delve_status stratum_test(dist_stratum *t, const int64_t *va, const int64_t *vb,
                                 delve_err *err)
{
    double sd;
    moments(va, t->na, &t->mean_a, &sd);
    moments(vb, t->nb, &t->mean_b, &sd);
    if (t->na < DIST_MIN_FLOORS || t->nb < DIST_MIN_FLOORS)
        return DELVE_OK;
    t->tested = 1;
    return sig_rank_sum(va, t->na, vb, t->nb, &t->t, err);
}

/* The standardized mean of c (spec review-stats.md "Level-type mix"): A's means per type
 * at B's type shares when every type of B has floors in A (way 1), else B's means at A's
 * shares when every type of A has floors in B (way 2), else none (0). */
static void stratum_std(dist_col *c)
{
    int a_only = 0, b_only = 0;
    double ab = 0, ba = 0;
    for (int k = 0; k < c->stratum_count; k++) {
        const dist_stratum *t = &c->strata[k];
        b_only += t->nb && !t->na;
        a_only += t->na && !t->nb;
        ab += t->share_b * t->mean_a;
        ba += t->share_a * t->mean_b;
    }
    c->mix_way = !b_only ? 1 : !a_only ? 2 : 0;
    c->mix_std = c->mix_way == 1 ? ab : c->mix_way == 2 ? ba : NAN;
}

/* Shares, each side's mean over its typed floors, the standardized mean and whether the
 * mix explains the change: the type column flagged, a stratum tested and none flagged,
 * and the part of the change left within types, with the mix held fixed (B - mix_std, or
 * mix_std - A), at most half of it: the mix accounts for most of the move. */
static void stratum_mix(const dist_result *r, dist_col *c)
{
    int na = 0, nb = 0, tested = 0, flagged = 0;
    for (int k = 0; k < c->stratum_count; k++)
        na += c->strata[k].na, nb += c->strata[k].nb;
    c->strata_a = c->strata_b = 0;
    for (int k = 0; k < c->stratum_count; k++) {
        dist_stratum *t = &c->strata[k];
        t->share_a = na ? (double)t->na / na : 0;
        t->share_b = nb ? (double)t->nb / nb : 0;
        c->strata_a += t->share_a * t->mean_a;
        c->strata_b += t->share_b * t->mean_b;
        tested += t->tested;
        flagged += t->flagged;
    }
    stratum_std(c);
    double within = c->mix_way == 1 ? c->strata_b - c->mix_std : c->mix_std - c->strata_a;
    c->mix_explained = r->types->flagged && c->flagged && tested && !flagged && na && nb &&
                       c->mix_way && c->strata_b != c->strata_a &&
                       fabs(within) <= fabs(c->strata_b - c->strata_a) / 2;
}

/* Column c broken down by level type: a stratum a type, Holm over the tested ones. */
static delve_status column_strata(dist_result *r, dist_col *c, delve_err *err)
{
    int k = r->types->cat_count, ta = col_of(&r->a, DIST_TYPE_COLUMN);
    int tb = col_of(&r->b, DIST_TYPE_COLUMN), xa = col_of(&r->a, c->name);
    int xb = col_of(&r->b, c->name);
    double p[DIST_MAX_STRATA];
    int64_t *va = malloc(((size_t)r->a.rows + 1) * sizeof *va);
    int64_t *vb = malloc(((size_t)r->b.rows + 1) * sizeof *vb);
    c->strata = calloc((size_t)k, sizeof *c->strata);
    delve_status st = va && vb && c->strata ? DELVE_OK
                                            : delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int i = 0; !st && i < k; i++) {
        dist_stratum *t = &c->strata[c->stratum_count++];
        t->type = r->types->cats[i].name;
        t->na = stratum_values(&r->a, ta, xa, t->type, va);
        t->nb = stratum_values(&r->b, tb, xb, t->type, vb);
        st = stratum_test(t, va, vb, err);
        p[i] = t->tested ? t->t.p : NAN;
    }
    if (!st)
        st = sig_holm(p, k, p, err);
    for (int i = 0; !st && i < k; i++) {
        c->strata[i].p_holm = p[i];
        c->strata[i].flagged = c->strata[i].tested && p[i] < r->alpha;
    }
    if (!st)
        stratum_mix(r, c);
    free(va);
    free(vb);
    return st;
}

/* The floor numbers of both sides, ascending, into f[].floor; how many, or 0 when fewer
 * than two or more than DIST_MAX_FLOOR_ROWS. */
static int floor_numbers(const dist_result *r, dist_floor *f)
{
    int n = 0;
    for (int side = 0; side < 2; side++) {
        const dist_side *s = side ? &r->b : &r->a;
        for (int i = 0; i < s->rows; i++) {
            long v = strtol(s->cell[(size_t)i * s->cols + 1], NULL, 10);
            int j = 0;
            while (j < n && f[j].floor < v)
                j++;
            if (j < n && f[j].floor == v)
                continue;
            if (n == DIST_MAX_FLOOR_ROWS)
                return 0;
            memmove(f + j + 1, f + j, (size_t)(n - j) * sizeof *f);
            f[j] = (dist_floor){ .floor = v };
            n++;
        }
    }
    return n >= 2 ? n : 0;
}

/* The mean of column xcol over side s's floors numbered f->floor, into f (side b). */
static void floor_mean(const dist_side *s, int xcol, dist_floor *f, int b)
{
    double sum = 0;
    int n = 0;
    int64_t v;
    for (int i = 0; i < s->rows; i++) {
        char *const *row = s->cell + (size_t)i * s->cols;
        if (strtol(row[1], NULL, 10) == f->floor && cell_int(row[xcol], &v))
            sum += (double)v, n++;
    }
    *(b ? &f->nb : &f->na) = n;
    *(b ? &f->mean_b : &f->mean_a) = n ? sum / n : 0;
}

/* Column c's means by floor number (descriptive: no test), when the catalogs hold
 * several floor numbers. DELVE_ENOMEM. */
static delve_status column_floors(const dist_result *r, dist_col *c, delve_err *err)
{
    dist_floor f[DIST_MAX_FLOOR_ROWS];
    int n = floor_numbers(r, f);
    if (!n)
        return DELVE_OK;
    if (!(c->floors = malloc((size_t)n * sizeof *c->floors)))
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int i = 0; i < n; i++) {
        floor_mean(&r->a, col_of(&r->a, c->name), &f[i], 0);
        floor_mean(&r->b, col_of(&r->b, c->name), &f[i], 1);
        c->floors[i] = f[i];
    }
    c->floor_count = n;
    return DELVE_OK;
}

/* Every flagged numeric column broken down by level type, when the catalogs have
 * several (r->types): the flag may be the mix's, not the generator's within a type. */
static delve_status break_down(dist_result *r, delve_err *err)
{
    for (int i = 0; i < r->col_count; i++) {
        const dist_col *c = &r->cols[i];
        if (c->kind == DIST_CATEGORY && !strcmp(c->name, DIST_TYPE_COLUMN) &&
            c->cat_count >= 2 && c->cat_count <= DIST_MAX_STRATA)
            r->types = c;
    }
    delve_status st = DELVE_OK;
    for (int i = 0; r->types && !st && i < r->col_count; i++) {
        dist_col *c = &r->cols[i];
        if (c->kind != DIST_NUMERIC || !c->flagged)
            continue;
        st = column_strata(r, c, err);
        if (!st)
            st = column_floors(r, c, err);
        r->mix_explained += c->mix_explained;
    }
    return st;
}

/* Everything after both sides are read: keys, pairing, columns, tests. */
static delve_status dist_sides(dist_result *r, delve_err *err)
{
    key_ix *ka = NULL, *kb = NULL;
    for (int side = 0; side < 2; side++) {
        const dist_side *s = side ? &r->b : &r->a;
        if (!s->rows) /* column names alone: no floor to compare */
            return delve_fail(err, DELVE_EINPUT, "%s: no floors (column names but no data "
                              "lines): nothing to compare", s->path);
    }
    delve_status st = sorted_keys(&r->a, &ka, err);
    if (!st)
        st = sorted_keys(&r->b, &kb, err);
    if (!st) {
        r->paired = same_keys(ka, r->a.rows, kb, r->b.rows);
        st = list_cols(r, err);
    }
    if (!st)
        st = test_cols(r, ka, kb, err);
    if (!st)
        st = break_down(r, err);
    free(ka);
    free(kb);
    return st;
}

delve_status dist_files(const char *path_a, const char *path_b, double alpha,
                           dist_result *r, delve_err *err)
{
    memset(r, 0, sizeof *r);
    r->alpha = alpha;
    delve_status st = read_side(path_a, &r->a, err);
    if (!st)
        st = read_side(path_b, &r->b, err);
    return st ? st : dist_sides(r, err);
}

delve_status dist_texts(const char *name_a, const char *text_a, const char *name_b,
                           const char *text_b, double alpha, dist_result *r,
                           delve_err *err)
{
    memset(r, 0, sizeof *r);
    r->alpha = alpha;
    r->a.path = name_a;
    r->b.path = name_b;
    if (strlen(text_a) > DIST_MAX_BYTES || strlen(text_b) > DIST_MAX_BYTES)
        return delve_fail(err, DELVE_ELIMIT, "a catalog is at most %d bytes",
                          (int)DIST_MAX_BYTES);
    if (!(r->a.text = strdup(text_a)) || !(r->b.text = strdup(text_b)))
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    delve_status st = parse_side(&r->a, err);
    if (!st)
        st = parse_side(&r->b, err);
    return st ? st : dist_sides(r, err);
}

int dist_available(void)
{
    return 1;
}

static void side_free(dist_side *s)
{
    free(s->text);
    free(s->prov);
    free(s->names);
    free(s->cell);
    free(s->line);
}

void dist_free(dist_result *r)
{
    side_free(&r->a);
    side_free(&r->b);
    for (int i = 0; i < r->col_count; i++) {
        free(r->cols[i].cats);
        free(r->cols[i].strata);
        free(r->cols[i].floors);
    }
    free(r->cols);
    memset(r, 0, sizeof *r);
}
