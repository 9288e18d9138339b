/* review: listing, pairing, diffing, the catalog diff and the report's files. The page
 * itself is in review_page.c. */
#include "render/review.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/fsio.h"
#include "engine/outdir.h"

#define PATH_CAP 4096

/* out = a b c (any may be ""), or DELVE_EINPUT when it would not fit in PATH_CAP. */
static delve_status join3(char *out, const char *a, const char *b, const char *c,
                          delve_err *err)
{
    size_t na = strlen(a), nb = strlen(b), nc = strlen(c);
    if (na + nb + nc >= PATH_CAP)
        return delve_fail(err, DELVE_EINPUT, "path too long: %.80s%.80s...", a, b);
    memcpy(out, a, na);
    memcpy(out + na, b, nb);
    memcpy(out + na + nb, c, nc + 1);
    return DELVE_OK;
}

/* join3 for paths that are known to fit (checked by the caller's limits). */
static void join3_fit(char *out, const char *a, const char *b, const char *c)
{
    if (join3(out, a, b, c, NULL))
        out[0] = '\0';
}

/* --- listing --------------------------------------------------------------------- */

typedef struct names {
    char **v;
    int n, cap;
} names;

static delve_status names_add(names *l, const char *s, delve_err *err)
{
    if (l->n >= REVIEW_MAX_FILES)
        return delve_fail(err, DELVE_ELIMIT, "more than %d PNGs to review", REVIEW_MAX_FILES);
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 64;
        char **nv = realloc(l->v, (size_t)cap * sizeof *nv);
        if (!nv)
            return delve_fail(err, DELVE_ENOMEM, "out of memory");
        l->v = nv;
        l->cap = cap;
    }
    if (!(l->v[l->n] = strdup(s)))
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    l->n++;
    return DELVE_OK;
}

static int ends_png(const char *s)
{
    size_t n = strlen(s);
    return n > 4 && !strcmp(s + n - 4, ".png");
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* 1 when dir is a review report (engine/outdir's marker says so). */
static int is_report(const char *dir)
{
    char kind[OUTDIR_KIND_MAX];
    return outdir_kind(dir, kind, sizeof kind) && !strcmp(kind, "review");
}

/* Adds the PNGs under root/rel (rel "" for root itself). */
static delve_status list_dir(const char *root, const char *rel, int depth, names *l,
                             delve_err *err)
{
    char dir[PATH_CAP], p[PATH_CAP], r[PATH_CAP];
    if (join3(dir, root, rel[0] ? "/" : "", rel, err))
        return DELVE_EINPUT;
    join3_fit(p, dir, "/", REVIEW_MARKER);
    if (depth > 0 && (is_report(dir) || access(p, F_OK) == 0))
        return DELVE_OK; /* a report kept inside a shot folder is not part of it */
    DIR *d = opendir(dir);
    if (!d)
        return delve_fail(err, DELVE_EINPUT, "cannot read folder %s: %s", dir, strerror(errno));
    delve_status st = DELVE_OK;
    struct dirent *e;
    while (!st && (e = readdir(d))) {
        struct stat sb;
        if (e->d_name[0] == '.')
            continue;
        if (strlen(dir) + strlen(e->d_name) > PATH_CAP - 512)
            st = delve_fail(err, DELVE_ELIMIT, "path too long in %.200s", dir);
        if (st)
            break;
        join3_fit(r, rel, rel[0] ? "/" : "", e->d_name);
        join3_fit(p, dir, "/", e->d_name);
        if (lstat(p, &sb) != 0)
            continue;
        if (S_ISDIR(sb.st_mode) && depth < REVIEW_MAX_DEPTH)
            st = list_dir(root, r, depth + 1, l, err);
        else if (S_ISREG(sb.st_mode) && ends_png(e->d_name))
            st = names_add(l, r, err);
    }
    closedir(d);
    return st;
}

delve_status review_list_pngs(const char *dir, char ***out, int *count, delve_err *err)
{
    names l = { 0 };
    struct stat sb;
    *out = NULL;
    *count = 0;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return delve_fail(err, DELVE_EINPUT, "%s is not a folder", dir);
    delve_status st = list_dir(dir, "", 0, &l, err);
    if (st) {
        review_names_free(l.v, l.n);
        return st;
    }
    if (l.n > 1)
        qsort(l.v, (size_t)l.n, sizeof *l.v, cmp_str);
    *out = l.v;
    *count = l.n;
    return DELVE_OK;
}

void review_names_free(char **v, int count)
{
    for (int i = 0; v && i < count; i++)
        free(v[i]);
    free(v);
}

/* --- catalog diff ---------------------------------------------------------------- */

typedef struct cat_line {
    char *text;  /* the whole line, NUL-terminated, no CR LF */
    size_t key;  /* bytes of the key: up to the second tab (or the end) */
} cat_line;

/* Splits a catalog text into its lines (in place: text is modified). */
static delve_status cat_lines(char *text, const char *side, cat_line **out, int *count,
                              char **header, delve_err *err)
{
    int n = 0, cap = 0, lineno = 0;
    cat_line *v = NULL;
    for (char *s = text; s && *s;) {
        char *nl = strchr(s, '\n'), *next = nl ? nl + 1 : NULL;
        if (nl)
            *nl = '\0';
        size_t len = strlen(s);
        if (len && s[len - 1] == '\r')
            s[--len] = '\0';
        lineno++;
        /* the column names: the last comment line with a tab before the first data line
           (provenance lines, "# key: value", come before it) */
        if (s[0] == '#' && header && !n && strchr(s, '\t'))
            *header = s;
        if (len && s[0] != '#') {
            char *t1 = strchr(s, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
            if (!t1) {
                free(v);
                return delve_fail(err, DELVE_EINPUT, "%s catalog.tsv:%d:1: expected seed, "
                                  "a tab, floor, ...", side, lineno);
            }
            if (n == cap) {
                cap = cap ? cap * 2 : 256;
                cat_line *nv = realloc(v, (size_t)cap * sizeof *nv);
                if (!nv) {
                    free(v);
                    return delve_fail(err, DELVE_ENOMEM, "out of memory");
                }
                v = nv;
            }
            v[n++] = (cat_line){ s, t2 ? (size_t)(t2 - s) : len };
        }
        s = next;
    }
    *out = v;
    *count = n;
    return DELVE_OK;
}

/* Compares keys: seed then floor as numbers when both parse, else as text; a key whose
 * seed is a number comes before one whose seed is not (else the order has cycles). */
static int key_cmp(const cat_line *a, const cat_line *b)
{
    char *ea, *eb;
    unsigned long long sa = strtoull(a->text, &ea, 10), sb = strtoull(b->text, &eb, 10);
    int na = *ea == '\t' && ea != a->text, nb = *eb == '\t' && eb != b->text;
    if (na != nb)
        return na ? -1 : 1;
    if (na) {
        if (sa != sb)
            return sa < sb ? -1 : 1;
        long fa = strtol(ea + 1, NULL, 10), fb = strtol(eb + 1, NULL, 10);
        if (fa != fb)
            return fa < fb ? -1 : 1;
    }
    size_t n = a->key < b->key ? a->key : b->key;
    int c = memcmp(a->text, b->text, n);
    return c ? c : (a->key > b->key) - (a->key < b->key);
}

static int key_cmp_q(const void *a, const void *b)
{
    return key_cmp(a, b);
}

static delve_status no_repeats(const cat_line *v, int n, const char *side, delve_err *err)
{
    for (int i = 1; i < n; i++)
        if (!key_cmp(&v[i - 1], &v[i]))
            return delve_fail(err, DELVE_EINPUT, "%s catalog.tsv: the key '%.*s' repeats",
                              side, (int)v[i].key, v[i].text);
    return DELVE_OK;
}

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

static delve_status add_line(review_result *r, const char *b, const char *h, delve_err *err)
{
    review_line *l = &r->lines[r->line_count];
    l->base = dup_or_null(b);
    l->head = dup_or_null(h);
    if ((b && !l->base) || (h && !l->head))
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    l->state = !b ? REVIEW_ADDED : !h ? REVIEW_REMOVED : strcmp(b, h) ? REVIEW_CHANGED
                                                                       : REVIEW_SAME;
    r->line_state[l->state]++;
    r->line_count++;
    return DELVE_OK;
}

static delve_status merge_lines(const cat_line *b, int nb, const cat_line *h, int nh,
                                review_result *r, delve_err *err)
{
    r->lines = calloc((size_t)(nb + nh) + 1, sizeof *r->lines);
    if (!r->lines)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    delve_status st = DELVE_OK;
    int i = 0, j = 0;
    while (!st && (i < nb || j < nh)) {
        int c = i == nb ? 1 : j == nh ? -1 : key_cmp(&b[i], &h[j]);
        st = add_line(r, c <= 0 ? b[i].text : NULL, c >= 0 ? h[j].text : NULL, err);
        i += c <= 0;
        j += c >= 0;
    }
    return st;
}

delve_status review_catalog_diff(const char *base, const char *head, review_result *r,
                                 delve_err *err)
{
    char *bt = dup_or_null(base), *ht = dup_or_null(head), *bh = NULL, *hh = NULL;
    cat_line *bv = NULL, *hv = NULL;
    int nb = 0, nh = 0;
    delve_status st = DELVE_OK;
    if ((base && !bt) || (head && !ht))
        st = delve_fail(err, DELVE_ENOMEM, "out of memory");
    if (!st && bt)
        st = cat_lines(bt, "BASE", &bv, &nb, &bh, err);
    if (!st && ht)
        st = cat_lines(ht, "HEAD", &hv, &nh, &hh, err);
    if (!st) {
        if (nb > 1) /* qsort wants a real array even for 0 lines: bv is NULL then */
            qsort(bv, (size_t)nb, sizeof *bv, key_cmp_q);
        if (nh > 1)
            qsort(hv, (size_t)nh, sizeof *hv, key_cmp_q);
        st = no_repeats(bv, nb, "BASE", err);
    }
    if (!st)
        st = no_repeats(hv, nh, "HEAD", err);
    if (!st)
        st = merge_lines(bv, nb, hv, nh, r, err);
    if (!st && (hh || bh) && !(r->header = strdup(hh ? hh : bh)))
        st = delve_fail(err, DELVE_ENOMEM, "out of memory");
    r->catalogs = (base ? 1 : 0) | (head ? 2 : 0);
    free(bv);
    free(hv);
    free(bt);
    free(ht);
    return st;
}

/* --- the report folder ----------------------------------------------------------- */

/* Makes the parent folders of file. */
static delve_status mkdirs_for(const char *file, delve_err *err)
{
    char d[PATH_CAP];
    if (join3(d, file, "", "", err))
        return DELVE_EINPUT;
    char *slash = strrchr(d, '/');
    if (!slash)
        return DELVE_OK;
    *slash = '\0';
    return fsio_mkdirs(d, err);
}

static delve_status copy_file(const char *from, const char *to, delve_err *err)
{
    char *data;
    size_t len;
    delve_status st = fsio_read_all(from, DIFF_MAX_FILE_BYTES, &data, &len, err);
    if (!st)
        st = mkdirs_for(to, err);
    if (!st)
        st = fsio_write_atomic(to, data, len, err);
    free(data);
    return st;
}

/* 1 when the two files hold the same bytes (then their pixels are the same too and
 * nothing needs decoding: most pairs of a shot set). */
static int same_bytes(const char *a, const char *b)
{
    char *da = NULL, *db = NULL;
    size_t na = 0, nb = 0;
    int same = !fsio_read_all(a, DIFF_MAX_FILE_BYTES, &da, &na, NULL) &&
               !fsio_read_all(b, DIFF_MAX_FILE_BYTES, &db, &nb, NULL) && na == nb &&
               !memcmp(da, db, na);
    free(da);
    free(db);
    return same;
}

/* Diffs or copies one item into the report folder tmp. */
static delve_status review_item_files(const char *base, const char *head, const char *tmp,
                                      const diff_opts *o, review_item *it, delve_err *err)
{
    char a[PATH_CAP], b[PATH_CAP], d[PATH_CAP];
    join3_fit(a, base, "/", it->name); /* review_run keeps folders under 1024 bytes and */
    join3_fit(b, head, "/", it->name); /* list_dir names under PATH_CAP - 512 */
    if (it->state == REVIEW_ADDED) {
        join3_fit(d, tmp, "/after/", it->name);
        return copy_file(b, d, err);
    }
    if (it->state == REVIEW_REMOVED) {
        join3_fit(d, tmp, "/before/", it->name);
        return copy_file(a, d, err);
    }
    if (same_bytes(a, b)) {
        it->state = REVIEW_SAME;
        join3_fit(d, tmp, "/after/", it->name);
        return copy_file(b, d, err);
    }
    join3_fit(d, tmp, "/diff/", it->name);
    delve_status st = mkdirs_for(d, err);
    if (!st)
        st = diff_files(a, b, d, o, &it->diff, err);
    if (st)
        return st;
    if (it->diff.changed == 0 && !it->diff.size_differs) {
        it->state = REVIEW_SAME;
        unlink(d);
        join3_fit(d, tmp, "/after/", it->name);
        return copy_file(b, d, err);
    }
    it->state = REVIEW_CHANGED;
    join3_fit(d, tmp, "/before/", it->name);
    st = copy_file(a, d, err);
    join3_fit(d, tmp, "/after/", it->name);
    return st ? st : copy_file(b, d, err);
}

/* The union of the two sorted name lists, as items (state CHANGED for "in both" until
 * diffed). */
static delve_status pair_names(char **bn, int nb, char **hn, int nh, review_result *r,
                               delve_err *err)
{
    r->items = calloc((size_t)(nb + nh) + 1, sizeof *r->items);
    if (!r->items)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    int i = 0, j = 0;
    while (i < nb || j < nh) {
        int c = i == nb ? 1 : j == nh ? -1 : strcmp(bn[i], hn[j]);
        review_item *it = &r->items[r->item_count];
        it->name = strdup(c <= 0 ? bn[i] : hn[j]);
        if (!it->name)
            return delve_fail(err, DELVE_ENOMEM, "out of memory");
        it->state = c < 0 ? REVIEW_REMOVED : c > 0 ? REVIEW_ADDED : REVIEW_CHANGED;
        it->diff.x0 = -1;
        r->item_count++;
        i += c <= 0;
        j += c >= 0;
    }
    return DELVE_OK;
}

static int item_cmp(const void *a, const void *b)
{
    const review_item *x = a, *y = b;
    if (x->state != y->state)
        return (int)x->state - (int)y->state;
    return strcmp(x->name, y->name);
}

/* Reads dir/catalog.tsv into *text, or leaves it NULL when there is none. */
static delve_status read_catalog(const char *dir, char **text, delve_err *err)
{
    char p[PATH_CAP];
    size_t len;
    *text = NULL;
    join3_fit(p, dir, "/", "catalog.tsv");
    if (access(p, F_OK) != 0)
        return DELVE_OK;
    delve_status st = fsio_read_all(p, REVIEW_MAX_CATALOG, text, &len, err);
    return st == DELVE_EIO ? DELVE_EINPUT : st;
}

/* Everything but the folder swap: items, catalog diff, files and page into tmp. */
static delve_status fill_report(const char *base, const char *head, const char *tmp,
                                const diff_opts *o, const volatile sig_atomic_t *stop,
                                review_result *r, delve_err *err)
{
    char **bn = NULL, **hn = NULL, *bc = NULL, *hc = NULL, *html = NULL;
    int nb = 0, nh = 0;
    size_t len = 0;
    char p[PATH_CAP];
    delve_status st = review_list_pngs(base, &bn, &nb, err);
    if (!st)
        st = review_list_pngs(head, &hn, &nh, err);
    if (!st)
        st = pair_names(bn, nb, hn, nh, r, err);
    for (int i = 0; !st && i < r->item_count; i++)
        if (!(st = delve_stopped(stop, err)))
            st = review_item_files(base, head, tmp, o, &r->items[i], err);
    if (!st) {
        if (r->item_count > 1) /* items is NULL when there are none */
            qsort(r->items, (size_t)r->item_count, sizeof *r->items, item_cmp);
        for (int i = 0; i < r->item_count; i++)
            r->count[r->items[i].state]++;
        st = read_catalog(base, &bc, err);
    }
    if (!st)
        st = read_catalog(head, &hc, err);
    if (!st)
        st = review_catalog_diff(bc, hc, r, err);
    if (!st)
        st = review_page(r, base, head, &html, &len, err);
    join3_fit(p, tmp, "/", "index.html");
    if (!st)
        st = fsio_write_atomic(p, html, len, err);
    review_names_free(bn, nb);
    review_names_free(hn, nh);
    free(bc);
    free(hc);
    free(html);
    return st;
}

delve_status review_run(const char *base, const char *head, const char *out_dir,
                        const diff_opts *o, const volatile sig_atomic_t *stop,
                        review_result *r, delve_err *err)
{
    memset(r, 0, sizeof *r);
    diff_opts exact = diff_defaults();
    if (strlen(out_dir) > 2048 || strlen(base) > 1024 || strlen(head) > 1024)
        return delve_fail(err, DELVE_EINPUT, "folder names must be 1..1024 bytes");
    return fill_report(base, head, out_dir, o ? o : &exact, stop, r, err);
}

void review_result_free(review_result *r)
{
    for (int i = 0; r->items && i < r->item_count; i++)
        free(r->items[i].name);
    for (int i = 0; r->lines && i < r->line_count; i++) {
        free(r->lines[i].base);
        free(r->lines[i].head);
    }
    free(r->items);
    free(r->lines);
    free(r->header);
    memset(r, 0, sizeof *r);
}

int review_any_change(const review_result *r)
{
    return r->count[REVIEW_CHANGED] || r->count[REVIEW_ADDED] || r->count[REVIEW_REMOVED] ||
           r->line_state[REVIEW_CHANGED] || r->line_state[REVIEW_ADDED] ||
           r->line_state[REVIEW_REMOVED];
}

void review_summary(const review_result *r, char *buf, size_t size)
{
    int n = snprintf(buf, size, "review: %d changed, %d added, %d removed, %d same; ",
                     r->count[REVIEW_CHANGED], r->count[REVIEW_ADDED],
                     r->count[REVIEW_REMOVED], r->count[REVIEW_SAME]);
    if (n < 0 || (size_t)n >= size)
        return;
    if (!r->catalogs)
        snprintf(buf + n, size - (size_t)n, "catalog: none");
    else if (r->line_state[REVIEW_ADDED] || r->line_state[REVIEW_REMOVED])
        snprintf(buf + n, size - (size_t)n, "catalog: %d line%s changed, %d added, %d removed",
                 r->line_state[REVIEW_CHANGED], r->line_state[REVIEW_CHANGED] == 1 ? "" : "s",
                 r->line_state[REVIEW_ADDED], r->line_state[REVIEW_REMOVED]);
    else
        snprintf(buf + n, size - (size_t)n, "catalog: %d line%s changed",
                 r->line_state[REVIEW_CHANGED], r->line_state[REVIEW_CHANGED] == 1 ? "" : "s");
}
