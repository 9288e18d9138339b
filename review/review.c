/* review: listing, pairing, diffing, the catalog diff and the report's files. The page
 * itself is in review_page.c. */
#include "review/review.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fsio.h"
#include "base/hash.h"
#include "base/outdir.h"
#include "review/catrow.h"
#include "review/digest.h"

#define PATH_CAP 4096
#ifndef NAME_MAX
#define NAME_MAX 255 /* bytes of a file name (POSIX leaves it to limits.h; Linux's) */
#endif
#define DIFF_NAME_ROOM 16 /* bytes kept free under NAME_MAX: fsio_write_atomic's ".tmp-XXXXXX" */
#define DIFF_HASH_TAIL 21 /* "-", 16 hex digits, ".png" */

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

/* Appends a copy of s to l (no limit: the caller's). */
static delve_status names_push(names *l, const char *s, delve_err *err)
{
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

static delve_status names_add(names *l, const char *s, delve_err *err)
{
    if (l->n >= REVIEW_MAX_FILES)
        return delve_fail(err, DELVE_ELIMIT, "more than %d PNGs to review", REVIEW_MAX_FILES);
    return names_push(l, s, err);
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

/* 1 when dir is a review report (base/outdir's marker says so). */
static int is_report(const char *dir)
{
    char kind[OUTDIR_KIND_MAX];
    return outdir_kind(dir, kind, sizeof kind) && !strcmp(kind, "review");
}

/* Adds the PNGs of the folder root/rel (rel "" for root itself) to l and its subfolders
 * to dirs, to be read in turn: a queue, not recursion, so any depth takes the same stack
 * (only the path's length is bounded, by PATH_CAP). */
static delve_status list_dir(const char *root, const char *rel, names *dirs, names *l,
                             delve_err *err)
{
    char dir[PATH_CAP], p[PATH_CAP], r[PATH_CAP];
    if (join3(dir, root, rel[0] ? "/" : "", rel, err))
        return DELVE_EINPUT;
    join3_fit(p, dir, "/", REVIEW_MARKER);
    if (rel[0] && (is_report(dir) || access(p, F_OK) == 0))
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
            st = delve_fail(err, DELVE_ELIMIT, "path too long: %.200s/%.40s... passes %d bytes",
                            dir, e->d_name, PATH_CAP - 512);
        if (st)
            break;
        join3_fit(r, rel, rel[0] ? "/" : "", e->d_name);
        join3_fit(p, dir, "/", e->d_name);
        if (lstat(p, &sb) != 0)
            continue;
        if (S_ISDIR(sb.st_mode))
            st = names_push(dirs, r, err);
        else if (S_ISREG(sb.st_mode) && ends_png(e->d_name))
            st = names_add(l, r, err);
    }
    closedir(d);
    return st;
}

/* Adds the PNGs of the whole tree under root, folder by folder. */
static delve_status list_tree(const char *root, names *l, delve_err *err)
{
    names dirs = { 0 };
    delve_status st = names_push(&dirs, "", err);
    for (int i = 0; !st && i < dirs.n; i++)
        st = list_dir(root, dirs.v[i], &dirs, l, err);
    review_names_free(dirs.v, dirs.n);
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
    delve_status st = list_tree(dir, &l, err);
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
    int line;    /* its line number in the file, for messages */
} cat_line;

static int count_cells(const char *s)
{
    int n = 1;
    for (; *s; s++)
        n += *s == '\t';
    return n;
}

static delve_status append_line(cat_line **v, int *n, int *cap, cat_line l, delve_err *err)
{
    if (*n == *cap) {
        int nc = *cap ? *cap * 2 : 256;
        cat_line *nv = realloc(*v, (size_t)nc * sizeof *nv);
        if (!nv)
            return delve_fail(err, DELVE_ENOMEM, "out of memory");
        *v = nv;
        *cap = nc;
    }
    (*v)[(*n)++] = l;
    return DELVE_OK;
}

/* The digest cell (column col) of line s (x's current line): 16 lowercase hex digits, or
 * '-' for a seed that failed (review/catalog.h); else DELVE_EINPUT at the cell. */
static delve_status digest_cell(const lex *x, const char *s, int col)
{
    size_t n = 0;
    const char *c = catrow_cell(s, col, &n); /* catrow_check: the cells are all there */
    int ok = (n == 1 && c[0] == '-') || (n == 16 && strspn(c, "0123456789abcdef") == 16);
    return ok ? DELVE_OK : lex_fail(x, x->ls + (c - s), "a digest is 16 lowercase hex "
                                    "digits, or '-' for a seed that failed");
}

/* Splits a catalog text (file name) into its lines by base/lex (in place: each line is
 * cut at its end); data lines checked by review/catrow, like `delve stats --compare`. */
static delve_status cat_lines(char *text, const char *name, cat_line **out, int *count,
                              char **header, char **prov, int *nprov, delve_err *err)
{
    int n = 0, cap = 0, cols = 0, digest = -1;
    cat_line *v = NULL;
    delve_status st = DELVE_OK;
    lex x;
    lex_init(&x, name, text, err);
    while (!st && lex_next(&x)) {
        char *s = text + (x.ls - text);
        size_t len = (size_t)(x.le - x.ls);
        s[len] = '\0';
        /* the column names: the last comment line with a tab before the first data line
           (provenance lines, "# key: value", come before it) */
        if (s[0] == '#' && header && !n && strchr(s, '\t'))
            *header = s, cols = count_cells(s), digest = catrow_column(s, "digest");
        else if (s[0] == '#' && s[1] == ' ' && !n && strstr(s, ": ") && *nprov < REVIEW_MAX_PROV)
            prov[(*nprov)++] = s + 2;  /* "# key: value" (docs/catalog-format.md) */
        if (len && s[0] != '#' && !(st = catrow_check(&x, cols)) && digest >= 0)
            st = digest_cell(&x, s, digest);
        if (len && s[0] != '#' && !st) {
            char *t2 = strchr(strchr(s, '\t') + 1, '\t');
            st = append_line(&v, &n, &cap, (cat_line){ s, t2 ? (size_t)(t2 - s) : len, x.line },
                             err);
        }
    }
    if (st)
        free(v);
    *out = st ? NULL : v;
    *count = st ? 0 : n;
    return st;
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

/* DELVE_EINPUT at the later of two lines of one key (seed, floor), naming both. */
static delve_status no_repeats(const cat_line *v, int n, const char *side, delve_err *err)
{
    for (int i = 1; i < n; i++)
        if (!key_cmp(&v[i - 1], &v[i])) {
            const cat_line *a = &v[i - 1], *b = &v[i];
            if (a->line > b->line)
                a = &v[i], b = &v[i - 1];
            const char *tab = memchr(b->text, '\t', b->key);
            int seed_len = tab ? (int)(tab - b->text) : (int)b->key;
            return delve_fail_at(err, DELVE_EINPUT, side, b->line, 1,
                                 "seed %.*s floor %.*s again (line %d has it)", seed_len,
                                 b->text, tab ? (int)(b->key - (size_t)seed_len - 1) : 0,
                                 tab ? tab + 1 : "", a->line);
        }
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

/* The columns of header that other has too (keep, cols entries); 1 when they are all
 * of them, or when the ones both have are not in one order (then nothing is cut). */
static int common_cols(const char *header, const char *other, unsigned char *keep, int cols)
{
    int all = 1, last = -1;
    char name[128];
    const char *c = header + (header[0] == '#');
    for (int col = 0; col < cols; col++) {
        while (*c == ' ')
            c++;
        size_t n = strcspn(c, "\t");
        snprintf(name, sizeof name, "%.*s", (int)n, c);
        int at = catrow_column(other, name);
        keep[col] = col < 2 || at >= 0;  /* seed and floor: the key, whatever their names */
        if (at >= 0 && col >= 2 && at < last)
            return 1;
        last = at >= 0 ? at : last;
        all &= keep[col];
        c += n + (c[n] != '\0');
    }
    return all;
}

/* Cuts the columns one side has and the other lacks (a set of an older delve: columns
 * are only appended), so the lines compare by the columns both have; r->digests when
 * both have the digest column. */
static delve_status align_columns(char *bh, cat_line *bv, int nb, char *hh, cat_line *hv,
                                  int nh, review_result *r, delve_err *err)
{
    r->digests = catrow_column(bh, "digest") >= 0 && catrow_column(hh, "digest") >= 0;
    if (!bh || !hh || !strcmp(bh, hh))
        return DELVE_OK;
    int cols[2] = { count_cells(bh), count_cells(hh) };
    char *head[2] = { bh, hh };
    cat_line *v[2] = { bv, hv };
    int n[2] = { nb, nh };
    unsigned char *keep[2] = { malloc((size_t)cols[0]), malloc((size_t)cols[1]) };
    delve_status st = keep[0] && keep[1] ? DELVE_OK : delve_fail(err, DELVE_ENOMEM, "out of memory");
    int all[2] = { 1, 1 };
    for (int side = 0; !st && side < 2; side++)
        all[side] = common_cols(head[side], head[!side], keep[side], cols[side]);
    for (int side = 0; !st && side < 2; side++) {
        if (all[side])
            continue;
        for (int i = 0; i < n[side]; i++)
            catrow_keep(v[side][i].text, keep[side], cols[side]);
    }
    /* the headers last: common_cols read each against the other as written */
    for (int side = 0; !st && side < 2; side++)
        if (!all[side])
            catrow_keep(head[side], keep[side], cols[side]);
    free(keep[0]);
    free(keep[1]);
    return st;
}

/* review_catalog_diff with the two files' names for messages. */
static delve_status catalog_diff(const char *base, const char *head, const char *bname,
                                 const char *hname, review_result *r, delve_err *err)
{
    char *bt = dup_or_null(base), *ht = dup_or_null(head), *bh = NULL, *hh = NULL;
    char *prov[2][REVIEW_MAX_PROV];
    int np[2] = { 0, 0 };
    cat_line *bv = NULL, *hv = NULL;
    int nb = 0, nh = 0;
    delve_status st = DELVE_OK;
    if ((base && !bt) || (head && !ht))
        st = delve_fail(err, DELVE_ENOMEM, "out of memory");
    if (!st && bt)
        st = cat_lines(bt, bname, &bv, &nb, &bh, prov[0], &np[0], err);
    if (!st && ht)
        st = cat_lines(ht, hname, &hv, &nh, &hh, prov[1], &np[1], err);
    if (!st) {
        if (nb > 1) /* qsort wants a real array even for 0 lines: bv is NULL then */
            qsort(bv, (size_t)nb, sizeof *bv, key_cmp_q);
        if (nh > 1)
            qsort(hv, (size_t)nh, sizeof *hv, key_cmp_q);
        st = no_repeats(bv, nb, bname, err);
    }
    if (!st)
        st = no_repeats(hv, nh, hname, err);
    if (!st)
        st = align_columns(bh, bv, nb, hh, hv, nh, r, err);
    if (!st)
        st = merge_lines(bv, nb, hv, nh, r, err);
    if (!st && (hh || bh) && !(r->header = strdup(hh ? hh : bh)))
        st = delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int side = 0; side < 2; side++)
        for (int i = 0; !st && i < np[side]; i++, r->prov_count[side]++)
            if (!(r->prov[side][i] = strdup(prov[side][i])))
                st = delve_fail(err, DELVE_ENOMEM, "out of memory");
    r->catalogs = (base ? 1 : 0) | (head ? 2 : 0);
    free(bv);
    free(hv);
    free(bt);
    free(ht);
    return st;
}

delve_status review_catalog_diff(const char *base, const char *head, review_result *r,
                                 delve_err *err)
{
    return catalog_diff(base, head, "BASE catalog.tsv", "HEAD catalog.tsv", r, err);
}

/* --- pairs: bytes first, then pixels, on a pool of workers --------------------------- */

#define CHUNK (64 << 10)  /* bytes compared at a time */

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

/* 1 when the two files hold the same bytes (then their pixels are the same too and
 * nothing needs decoding: most pairs of a shot set). Sizes first: files of different
 * sizes are never read here. An unreadable file is "not the same" (the decoder names
 * it). */
static int same_bytes(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0 || sa.st_size != sb.st_size)
        return 0;
    if (sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino)
        return 1;
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    char *buf = malloc(2 * CHUNK);
    int same = fa && fb && buf;
    while (same) {
        size_t na = fread(buf, 1, CHUNK, fa), nb = fread(buf + CHUNK, 1, CHUNK, fb);
        same = na == nb && !memcmp(buf, buf + CHUNK, na);
        if (na < CHUNK)
            break;
    }
    same = same && !ferror(fa) && !ferror(fb);
    free(buf);
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

/* 1 when a decoded pair's change is within the limits of o (and so counts as the same). */
static int within_limits(const diff_result *d, const review_opts *o)
{
    if (d->size_differs || (o->max_pixels < 0 && o->max_ratio_ppb < 0))
        return 0;
    if (o->max_pixels >= 0 && d->changed > o->max_pixels)
        return 0;
    return o->max_ratio_ppb < 0 || d->changed * 1000000000 <= o->max_ratio_ppb * d->total;
}

void review_diff_name(const review_item *it, char *buf, size_t size)
{
    const char *leaf = strrchr(it->name, '/');
    leaf = leaf ? leaf + 1 : it->name;
    size_t keep = NAME_MAX - DIFF_NAME_ROOM - DIFF_HASH_TAIL;
    if (strlen(leaf) + DIFF_NAME_ROOM <= NAME_MAX) {
        snprintf(buf, size, "%s", it->name);
        return;
    }
    while (keep > 0 && ((unsigned char)leaf[keep] & 0xC0) == 0x80)
        keep--; /* not inside a UTF-8 sequence */
    snprintf(buf, size, "%.*s%.*s-%016llx.png", (int)(leaf - it->name), it->name, (int)keep,
             leaf, (unsigned long long)hash_fnv1a64(HASH_FNV1A64_BASIS, it->name,
                                                    strlen(it->name)));
}

/* Marks it UNREADABLE for the reason diff_files gave in err (which names the file). */
static delve_status pair_unreadable(review_item *it, delve_err *err)
{
    it->state = REVIEW_UNREADABLE;
    memset(&it->diff, 0, sizeof it->diff);
    it->diff.x0 = -1;
    if (!(it->fault = strdup(err->msg)))
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    err->msg[0] = '\0';
    return DELVE_OK;
}

/* Compares one pair in both folders: the same bytes, else decoded by review/diff (the
 * diff image into tmp/diff/NAME when o->page and the pixels differ). */
static delve_status review_item_files(const char *base, const char *head, const char *tmp,
                                      const review_opts *o, review_item *it, delve_err *err)
{
    char a[PATH_CAP], b[PATH_CAP], d[PATH_CAP], dn[REVIEW_NAME_CAP];
    if (it->state != REVIEW_CHANGED)
        return DELVE_OK; /* added or removed: linked where it lies */
    join3_fit(a, base, "/", review_base_name(it)); /* review_run keeps folders under */
    join3_fit(b, head, "/", it->name); /* 1024 bytes, list_dir names under PATH_CAP - 512 */
    if (same_bytes(a, b)) {
        it->state = REVIEW_SAME;
        it->identical = 1;
        return DELVE_OK;
    }
    review_diff_name(it, dn, sizeof dn);
    join3_fit(d, tmp, "/diff/", dn);
    delve_status st = o->page ? mkdirs_for(d, err) : DELVE_OK;
    if (st)
        return st;
    st = diff_files(a, b, o->page ? d : NULL, &o->diff, &it->diff, err);
    if (st == DELVE_EINPUT) /* one broken file: said in the report, not the review's end */
        return pair_unreadable(it, err);
    if (st)
        return st;
    if (it->diff.changed == 0 && !it->diff.size_differs) {
        it->state = REVIEW_SAME;
        if (o->page)
            unlink(d);
        return DELVE_OK;
    }
    it->within = within_limits(&it->diff, o);
    it->state = it->within ? REVIEW_SAME : REVIEW_CHANGED;
    return DELVE_OK;
}

/* The work shared by the diff threads: the next pair to take, and the first failure
 * (lowest pair index, so the message does not depend on timing). */
typedef struct pool {
    const char *base, *head, *tmp;
    const review_opts *o;
    const volatile sig_atomic_t *stop;
    review_result *r;
    pthread_mutex_t mu;
    int next, failed_at;
    delve_status st;
    delve_err err;
} pool;

static void *pool_work(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        int i = p->next < p->r->item_count && p->failed_at < 0 ? p->next++ : -1;
        pthread_mutex_unlock(&p->mu);
        if (i < 0)
            return NULL;
        delve_err e = { "" };
        delve_status st = delve_stopped(p->stop, &e);
        if (!st)
            st = review_item_files(p->base, p->head, p->tmp, p->o, &p->r->items[i], &e);
        if (st) {
            pthread_mutex_lock(&p->mu);
            if (p->failed_at < 0 || i < p->failed_at) {
                p->failed_at = i;
                p->st = st;
                p->err = e;
            }
            pthread_mutex_unlock(&p->mu);
        }
    }
}

/* Compares every pair on o->jobs threads (the calling one among them). */
static delve_status diff_all(const char *base, const char *head, const char *tmp,
                             const review_opts *o, const volatile sig_atomic_t *stop,
                             review_result *r, delve_err *err)
{
    pool p = { base, head, tmp, o, stop, r, PTHREAD_MUTEX_INITIALIZER, 0, -1, DELVE_OK,
               { "" } };
    pthread_t t[REVIEW_MAX_JOBS];
    int n = 0, jobs = o->jobs < 1 ? 1 : o->jobs > REVIEW_MAX_JOBS ? REVIEW_MAX_JOBS : o->jobs;
    if (jobs > r->item_count)
        jobs = r->item_count > 0 ? r->item_count : 1;
    while (n < jobs - 1 && pthread_create(&t[n], NULL, pool_work, &p) == 0)
        n++;
    pool_work(&p);
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
    pthread_mutex_destroy(&p.mu);
    if (p.st && err)
        *err = p.err;
    return p.st;
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
        it->line = -1;
        r->item_count++;
        i += c <= 0;
        j += c >= 0;
    }
    return DELVE_OK;
}

int review_item_cmp(const void *a, const void *b)
{
    const review_item *x = a, *y = b;
    if (x->state != y->state)
        return (int)x->state - (int)y->state;
    if (x->state == REVIEW_CHANGED) {
        int64_t px = x->diff.size_differs ? x->diff.total : x->diff.changed;
        int64_t py = y->diff.size_differs ? y->diff.total : y->diff.changed;
        if (x->type_changed != y->type_changed)
            return y->type_changed - x->type_changed;
        if (x->cells != y->cells)
            return y->cells - x->cells;
        if (px != py)
            return px > py ? -1 : 1;
    }
    return strcmp(x->name, y->name);
}

/* --- pairs and catalog lines ------------------------------------------------------- */

/* The (seed, floor) of a line (BASE's text, else HEAD's); 0 when not numbers. */
static int line_key(const review_line *l, unsigned long long *seed, long *floor)
{
    const char *s = l->base ? l->base : l->head;
    char *e;
    *seed = strtoull(s, &e, 10);
    if (e == s || *e != '\t')
        return 0;
    *floor = strtol(e + 1, &e, 10);
    return 1;
}

/* The (seed, floor) of a shot's file name: "seed-S-floor-F.png" in any folder, S and F
 * with any zero padding (delve shot --seeds). 0 for other names. */
static int name_key(const char *name, unsigned long long *seed, long *floor)
{
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    char *e;
    if (strncmp(base, "seed-", 5) || !isdigit((unsigned char)base[5]))
        return 0;
    *seed = strtoull(base + 5, &e, 10);
    if (strncmp(e, "-floor-", 7) || !isdigit((unsigned char)e[7]))
        return 0;
    *floor = strtol(e + 7, &e, 10);
    return !strcmp(e, ".png");
}

/* The index of the line of (seed, floor) in r->lines (numeric keys sort first, by seed
 * then floor: review_catalog_diff's order), or -1. */
static int find_line(const review_result *r, unsigned long long seed, long floor)
{
    int lo = 0, hi = r->line_count - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        unsigned long long s;
        long f;
        int c = !line_key(&r->lines[mid], &s, &f) ? 1
                : s != seed ? (s < seed ? -1 : 1) : f != floor ? (f < floor ? -1 : 1) : 0;
        if (!c)
            return mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* --- pairs by catalog key ------------------------------------------------------------ */

/* An added or removed PNG whose name gives a (seed, floor): a candidate for pairing by
 * key. dir is the length of its folder part. */
typedef struct keyed {
    review_item *it;
    const char *name; /* it's name when keyed: a join leaves the added item without one */
    size_t dir;
    unsigned long long seed;
    long floor;
} keyed;

/* By folder, seed, floor, then removed before added. */
static int keyed_cmp(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    size_t n = x->dir < y->dir ? x->dir : y->dir;
    int c = memcmp(x->name, y->name, n);
    if (c || x->dir != y->dir)
        return c ? c : x->dir < y->dir ? -1 : 1;
    if (x->seed != y->seed)
        return x->seed < y->seed ? -1 : 1;
    if (x->floor != y->floor)
        return x->floor < y->floor ? -1 : 1;
    return (int)y->it->state - (int)x->it->state;
}

static int same_key(const keyed *x, const keyed *y)
{
    return x->dir == y->dir && !memcmp(x->name, y->name, x->dir) &&
           x->seed == y->seed && x->floor == y->floor;
}

/* Joins removed (BASE's) and added (HEAD's) into one pair under HEAD's name; added is
 * left without a name, for drop_unnamed. */
static void join_pair(review_item *removed, review_item *added)
{
    removed->base_name = removed->name;
    removed->name = added->name;
    removed->state = REVIEW_CHANGED;
    added->name = NULL;
}

static void drop_unnamed(review_result *r)
{
    int n = 0;
    for (int i = 0; i < r->item_count; i++)
        if (r->items[i].name)
            r->items[n++] = r->items[i];
    r->item_count = n;
}

/* Pairs PNGs that the path left apart, one removed and one added in the same folder,
 * whose names give the same (seed, floor) with a catalog line: the same floor named by
 * an older delve ("seed-00001-floor-1.png") and a newer one. Only when both sides have
 * catalogs (they pair by seed and floor already), and only one of each a key: two names
 * for one floor on a side stay apart. */
static delve_status pair_by_key(review_result *r, delve_err *err)
{
    if (r->catalogs != 3 || r->item_count < 2)
        return DELVE_OK;
    keyed *k = malloc((size_t)r->item_count * sizeof *k);
    if (!k)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    int n = 0;
    for (int i = 0; i < r->item_count; i++) {
        review_item *it = &r->items[i];
        const char *slash = strrchr(it->name, '/');
        keyed c = { it, it->name, slash ? (size_t)(slash + 1 - it->name) : 0, 0, 0 };
        if (it->state != REVIEW_CHANGED && name_key(it->name, &c.seed, &c.floor) &&
            find_line(r, c.seed, c.floor) >= 0)
            k[n++] = c;
    }
    qsort(k, (size_t)n, sizeof *k, keyed_cmp);
    int joined = 0;
    for (int i = 0; i + 1 < n; i++) {
        int alone = (i == 0 || !same_key(&k[i - 1], &k[i])) &&
                    (i + 2 >= n || !same_key(&k[i + 1], &k[i + 2]));
        if (alone && same_key(&k[i], &k[i + 1]) && k[i].it->state == REVIEW_REMOVED &&
            k[i + 1].it->state == REVIEW_ADDED) {
            join_pair(k[i].it, k[i + 1].it);
            joined = 1;
            i++;
        }
    }
    free(k);
    if (joined)
        drop_unnamed(r);
    return DELVE_OK;
}

/* 1 when a side's set was not drawn whole: its catalog says "# images: none" or
 * "drawn N" (sets of an older delve have no such line: every floor drawn). */
static int partial_sets(const review_result *r)
{
    for (int side = 0; side < 2; side++) {
        const char *v = review_prov(r, side, "images");
        if (v && strcmp(v, "all"))
            return 1;
    }
    return 0;
}

/* With a side not drawn whole, a PNG on one side only whose floor both catalogs list is
 * a picture the other side did not draw, not a floor added or removed: it leaves the
 * pairs (its catalog line says whether the floor changed, and a digest review lists it
 * to draw). */
static void drop_one_sided(review_result *r)
{
    if (r->catalogs != 3 || !partial_sets(r))
        return;
    for (int i = 0; i < r->item_count; i++) {
        review_item *it = &r->items[i];
        unsigned long long seed;
        long floor;
        int l;
        if (it->state == REVIEW_CHANGED || !name_key(it->name, &seed, &floor) ||
            (l = find_line(r, seed, floor)) < 0 || !r->lines[l].base || !r->lines[l].head)
            continue;
        free(it->name);
        it->name = NULL;
        r->one_sided++;
    }
    if (r->one_sided)
        drop_unnamed(r);
}

const char *review_base_name(const review_item *it)
{
    return it->base_name ? it->base_name : it->name;
}

/* The cell col (0-based) of a tab-separated line into out; 0 when there is none. */
static int cell_of(const char *line, int col, char *out, size_t size)
{
    out[0] = '\0';
    for (; line && col > 0; col--)
        if ((line = strchr(line, '\t')))
            line++;
    if (!line)
        return 0;
    size_t n = strcspn(line, "\t");
    snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), line);
    return 1;
}

/* The column of name in the header, or fallback. */
static int column_of(const review_result *r, const char *name, int fallback)
{
    char cell[64];
    for (int c = 0; r->header && cell_of(r->header + 1, c, cell, sizeof cell); c++)
        if (!strcmp(cell + strspn(cell, " "), name))
            return c;
    return fallback;
}

/* Ties each pair to its catalog line and counts the cells that changed. */
static void tie_lines(review_result *r)
{
    int type_col = column_of(r, "type", 2);
    for (int i = 0; i < r->item_count; i++) {
        review_item *it = &r->items[i];
        unsigned long long seed;
        long floor;
        if (!name_key(it->name, &seed, &floor) || (it->line = find_line(r, seed, floor)) < 0)
            continue;
        const review_line *l = &r->lines[it->line];
        char a[512], b[512];
        for (int c = 2; cell_of(l->base, c, a, sizeof a) | cell_of(l->head, c, b, sizeof b);
             c++)
            if (l->base && l->head && strcmp(a, b)) {
                it->cells++;
                it->type_changed |= c == type_col;
            }
        r->game += it->cells > 0 || l->state == REVIEW_ADDED || l->state == REVIEW_REMOVED;
        if (it->within && it->cells > 0) { /* the limits forgive pixels, not game terms */
            it->within = 0;
            it->state = REVIEW_CHANGED;
        }
    }
}

const char *review_prov(const review_result *r, int side, const char *key)
{
    size_t n = strlen(key);
    for (int i = 0; i < r->prov_count[side]; i++)
        if (!strncmp(r->prov[side][i], key, n) && !strncmp(r->prov[side][i] + n, ": ", 2))
            return r->prov[side][i] + n + 2;
    return NULL;
}

int review_reproduce(const review_result *r, int side, const char *key,
                     const review_item *it, char *buf, size_t size)
{
    const char *t = review_prov(r, side, key), *file = strrchr(it->name, '/');
    unsigned long long seed;
    long floor;
    if (!t || !size || !name_key(it->name, &seed, &floor))
        return 0;
    file = file ? file + 1 : it->name;
    size_t n = 0;
    buf[0] = '\0';
    while (*t && n + 1 < size) {
        char num[32];
        const char *put = NULL;
        size_t skip = 1;
        if (!strncmp(t, "SEED", 4))
            snprintf(num, sizeof num, "%llu", seed), put = num, skip = 4;
        else if (!strncmp(t, "FLOOR", 5))
            snprintf(num, sizeof num, "%ld", floor), put = num, skip = 5;
        else if (!strncmp(t, "OUT.png", 7))
            put = file, skip = 7;
        n += (size_t)snprintf(buf + n, size - n, "%.*s", put ? (int)strlen(put) : 1,
                              put ? put : t);
        t += skip;
    }
    return n + 1 < size;
}

int review_cell(const review_result *r, const review_item *it, int col, char *name,
                size_t nsize, char *a, char *b, size_t size)
{
    const review_line *l = it->line >= 0 ? &r->lines[it->line] : NULL;
    int any = l && (cell_of(l->base, col, a, size) | cell_of(l->head, col, b, size));
    if (!l)
        a[0] = b[0] = '\0';
    if (!r->header || !cell_of(r->header + 1, col, name, nsize))
        snprintf(name, nsize, "%d", col + 1);
    else
        memmove(name, name + strspn(name, " "), strlen(name + strspn(name, " ")) + 1);
    return any;
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

/* index.html, pages/N.html and catalog.html (review_page) into tmp. */
static delve_status write_pages(const char *base, const char *head, const char *tmp,
                                const review_opts *o, const review_result *r, delve_err *err)
{
    int n = review_page_count(r);
    delve_status st = DELVE_OK;
    char p[PATH_CAP], leaf[32];
    if (n > 0) {
        join3_fit(p, tmp, "/", "pages");
        st = fsio_mkdirs(p, err);
    }
    for (int page = review_page_catalog_apart(r) ? -1 : 0; !st && page <= n; page++) {
        char *html = NULL;
        size_t len = 0;
        snprintf(leaf, sizeof leaf, page < 0 ? "catalog.html" : page ? "pages/%d.html"
                                                                     : "index.html", page);
        join3_fit(p, tmp, "/", leaf);
        st = review_page(r, base, head, o, page, &html, &len, err);
        if (!st)
            st = fsio_write_atomic(p, html, len, err);
        free(html);
    }
    return st;
}

/* Digest-first sets: the floors to draw (review/digest.h), and when some have no
 * pictures, REPORT/draw.tsv naming them for `delve shot --draw`. */
static delve_status draw_plan(const char *tmp, const review_opts *o, review_result *r,
                              delve_err *err)
{
    drawlist l;
    int probes = 0;
    delve_status st = digest_plan(r, o->draw_cap, &l, &probes, err);
    if (st)
        return st;
    r->to_draw = digest_missing(r, &l);
    if (r->to_draw && o->page) {
        char p[PATH_CAP], why[160], *text = NULL;
        size_t len = 0;
        snprintf(why, sizeof why, "%d floors changed, added or removed (at most %d: the "
                 "most changed and an even sample) and %d of one digest, in seed order",
                 l.count - probes, o->draw_cap, probes);
        join3_fit(p, tmp, "/", "draw.tsv");
        st = drawlist_text(&l, why, &text, &len, err);
        if (!st)
            st = fsio_write_atomic(p, text, len, err);
        free(text);
        r->planned = st ? 0 : l.count;
    }
    drawlist_free(&l);
    return st;
}

/* Everything but the folder swap: items, catalog diff, files and page into tmp. */
static delve_status fill_report(const char *base, const char *head, const char *tmp,
                                const review_opts *o, const volatile sig_atomic_t *stop,
                                review_result *r, delve_err *err)
{
    char **bn = NULL, **hn = NULL, *bc = NULL, *hc = NULL;
    int nb = 0, nh = 0;
    delve_status st = review_list_pngs(base, &bn, &nb, err);
    if (!st)
        st = review_list_pngs(head, &hn, &nh, err);
    char bname[PATH_CAP], hname[PATH_CAP];
    join3_fit(bname, base, "/", "catalog.tsv");
    join3_fit(hname, head, "/", "catalog.tsv");
    if (!st) /* before the pixels: a broken catalog is refused at once */
        st = read_catalog(base, &bc, err);
    if (!st)
        st = read_catalog(head, &hc, err);
    if (!st)
        st = catalog_diff(bc, hc, bname, hname, r, err);
    if (!st)
        st = pair_names(bn, nb, hn, nh, r, err);
    if (!st) /* after the catalogs: pairing by key wants their lines */
        st = pair_by_key(r, err);
    if (!st)
        drop_one_sided(r);
    if (!st)
        st = diff_all(base, head, tmp, o, stop, r, err);
    if (!st) {
        tie_lines(r);
        if (r->item_count > 1) /* items is NULL when there are none */
            qsort(r->items, (size_t)r->item_count, sizeof *r->items, review_item_cmp);
        for (int i = 0; i < r->item_count; i++) {
            r->count[r->items[i].state]++;
            r->within += r->items[i].within;
        }
        digest_tally(r);
    }
    if (!st && r->digests)
        st = draw_plan(tmp, o, r, err);
    if (!st && o->page)
        st = write_pages(base, head, tmp, o, r, err);
    review_names_free(bn, nb);
    review_names_free(hn, nh);
    free(bc);
    free(hc);
    return st;
}

review_opts review_opts_defaults(void)
{
    return (review_opts){ .diff = diff_defaults(), .jobs = 1, .max_pixels = -1,
                          .max_ratio_ppb = -1, .page = 1, .draw_cap = DIGEST_DRAW_CAP };
}

delve_status review_run(const char *base, const char *head, const char *out_dir,
                        const review_opts *o, const volatile sig_atomic_t *stop,
                        review_result *r, delve_err *err)
{
    memset(r, 0, sizeof *r);
    review_opts def = review_opts_defaults();
    if (strlen(out_dir) > 2048 || strlen(base) > 1024 || strlen(head) > 1024)
        return delve_fail(err, DELVE_EINPUT, "folder names must be 1..1024 bytes");
    return fill_report(base, head, out_dir, o ? o : &def, stop, r, err);
}

void review_result_free(review_result *r)
{
    for (int i = 0; r->items && i < r->item_count; i++) {
        free(r->items[i].name);
        free(r->items[i].base_name);
        free(r->items[i].fault);
    }
    for (int i = 0; r->lines && i < r->line_count; i++) {
        free(r->lines[i].base);
        free(r->lines[i].head);
    }
    free(r->items);
    free(r->lines);
    free(r->header);
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < r->prov_count[side]; i++)
            free(r->prov[side][i]);
    memset(r, 0, sizeof *r);
}

int review_any_change(const review_result *r)
{
    return r->count[REVIEW_CHANGED] || r->count[REVIEW_ADDED] || r->count[REVIEW_REMOVED] ||
           r->count[REVIEW_UNREADABLE] ||
           r->line_state[REVIEW_CHANGED] || r->line_state[REVIEW_ADDED] ||
           r->line_state[REVIEW_REMOVED];
}

void review_summary(const review_result *r, char *buf, size_t size)
{
    int n = snprintf(buf, size, "review: %d changed, %d added, %d removed, %d same",
                     r->count[REVIEW_CHANGED], r->count[REVIEW_ADDED],
                     r->count[REVIEW_REMOVED], r->count[REVIEW_SAME]);
    if (n >= 0 && (size_t)n < size && r->within)
        n += snprintf(buf + n, size - (size_t)n, " (%d within the limits)", r->within);
    if (n >= 0 && (size_t)n < size && r->count[REVIEW_UNREADABLE])
        n += snprintf(buf + n, size - (size_t)n, ", %d unreadable", r->count[REVIEW_UNREADABLE]);
    if (n >= 0 && (size_t)n < size && r->one_sided)
        n += snprintf(buf + n, size - (size_t)n, "; %d picture%s on one side only",
                      r->one_sided, r->one_sided == 1 ? "" : "s");
    if (n >= 0 && (size_t)n < size && (r->undrawn || r->same_undrawn))
        n += snprintf(buf + n, size - (size_t)n, "; %d changed floor%s not drawn, %d the same "
                      "by digest", r->undrawn, r->undrawn == 1 ? "" : "s", r->same_undrawn);
    if (n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, "; ");
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
