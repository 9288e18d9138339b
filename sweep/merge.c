/* merge: shot sets made apart over parts of a seed range joined into one run's set
 * (docs/merge-parts.md). The parts must tile the range: no gap, no overlap. */
#include "sweep/merge.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fsio.h"
#include "base/lex.h"
#include "base/outdir.h"
#include "base/textbuf.h"
#include "review/catalog.h"
#include "review/catrow.h"
#include "sweep/parts.h"
#include "sweep/shots.h"

#define MERGE_CATALOG_MAX (1024u << 20)  /* bytes of one part's catalog.tsv */
#define MERGE_PNG_MAX (256u << 20)       /* bytes of one PNG copied (when it cannot be linked) */
#define MERGE_WORDS_MAX 256              /* words of a part's command line */

/* --- shell words of a "# command:" line (catalog_command_line's quoting) ----------- */

/* Frees words[0..n) and returns -1. */
static int words_free(char **words, int n)
{
    for (int i = 0; i < n; i++)
        free(words[i]);
    return -1;
}

/* Splits line (shell words as catalog_command_line quotes them) into words, malloc'ed
 * each. Returns the count, -1 on a line it did not write (or past max). */
static int split_words(const char *line, char **words, int max)
{
    int n = 0;
    const char *p = line;
    while (*p) {
        textbuf w = { 0 };
        while (*p && *p != ' ') {
            if (*p == '\'') {
                const char *q = strchr(p + 1, '\'');
                if (!q)
                    return textbuf_free(&w), words_free(words, n);
                textbuf_put(&w, p + 1, (size_t)(q - p - 1));
                p = q + 1;
            } else if (*p == '\\' && p[1]) {
                textbuf_put(&w, p + 1, 1);
                p += 2;
            } else {
                textbuf_put(&w, p++, 1);
            }
        }
        if (n == max || w.oom)
            return textbuf_free(&w), words_free(words, n);
        words[n++] = w.s ? w.s : strdup("");
        p += *p == ' ';
    }
    return n;
}

/* Sets the value of option name (short: its one-letter form or 0) among words to value
 * (--name V, --name=V, -cV, -c V). Returns 1 when it was there. */
static int set_option(char **words, int n, const char *name, char c, const char *value)
{
    size_t len = strlen(name);
    for (int i = 0; i < n; i++) {
        char *w = words[i], *nw = NULL;
        if (!strcmp(w, "--"))
            return 0;
        int spaced = (w[0] == '-' && w[1] == '-' && !strcmp(w + 2, name)) ||
                     (c && w[0] == '-' && w[1] == c && !w[2]);
        if (spaced && i + 1 < n) {
            free(words[i + 1]);
            return (words[i + 1] = strdup(value)) != NULL;
        }
        if (w[0] == '-' && w[1] == '-' && !strncmp(w + 2, name, len) && w[2 + len] == '=') {
            if ((nw = malloc(len + strlen(value) + 4)))
                sprintf(nw, "--%s=%s", name, value);
        } else if (c && w[0] == '-' && w[1] == c && w[2]) {
            if ((nw = malloc(strlen(value) + 3)))
                sprintf(nw, "-%c%s", c, value);
        }
        if (nw) {
            free(words[i]);
            words[i] = nw;
            return 1;
        }
    }
    return 0;
}

/* --- shot sets ------------------------------------------------------------------- */

typedef struct merge_row {
    uint64_t seed;
    int floor;
} merge_row;

/* -1, 0 or 1 as a is before, at or after b in (seed, floor) order. */
static int row_order(merge_row a, merge_row b)
{
    if (a.seed != b.seed)
        return a.seed < b.seed ? -1 : 1;
    return (a.floor > b.floor) - (a.floor < b.floor);
}

typedef struct part {
    const char *dir;
    char *text;             /* its catalog.tsv */
    size_t head_len;        /* bytes of the '#' lines that open it */
    uint64_t lo, hi;        /* "# seeds: A-B" */
    char *words[MERGE_WORDS_MAX];
    int word_count;         /* "# command:" split, without "delve" */
    merge_row *rows;        /* each catalog line's seed and floor, in order */
    long row_count;
    int images_none;        /* "# images: none": the catalog alone (delve shot --no-images) */
} part;

/* The value after "# KEY: " in the head of p, up to the newline (NUL-ended in buf). */
static int head_value(const part *p, const char *key, char *buf, size_t size)
{
    char want[64];
    snprintf(want, sizeof want, "# %s: ", key);
    for (const char *l = p->text; l < p->text + p->head_len; l = strchr(l, '\n') + 1) {
        size_t n = strcspn(l, "\n");
        if (!strncmp(l, want, strlen(want)) && n - strlen(want) < size) {
            memcpy(buf, l + strlen(want), n - strlen(want));
            buf[n - strlen(want)] = '\0';
            return 1;
        }
    }
    return 0;
}

/* The "# seeds: A-B" line of p's head (file names it) into p->lo, p->hi (*seeds = 1). */
static delve_status head_seeds(part *p, const char *file, int *seeds, delve_err *err)
{
    lex x;
    delve_status st = DELVE_OK;
    lex_init(&x, file, p->text, err);
    while (!st && !*seeds && lex_next(&x) && x.ls < p->text + p->head_len) {
        if (!lex_keyword(&x, "#") || !lex_keyword(&x, "seeds:"))
            continue;
        st = lex_u64(&x, UINT64_MAX, '-', &p->lo, "the first seed");
        st = st ? st : lex_char(&x, '-');
        st = st ? st : lex_u64(&x, UINT64_MAX, ' ', &p->hi, "the last seed");
        st = st ? st : lex_end(&x);
        if (!st && p->hi < p->lo)
            st = lex_fail(&x, x.ls, "the last seed before the first");
        *seeds = 1;
    }
    return st;
}

/* Reads a shot set's catalog and provenance into p. */
static delve_status part_read(const char *dir, part *p, delve_err *err)
{
    char file[4200], kind[OUTDIR_KIND_MAX], line[CATALOG_HEAD_MAX];
    size_t len;
    *p = (part){ .dir = dir };
    if (!outdir_kind(dir, kind, sizeof kind) || strcmp(kind, "shot"))
        return delve_fail(err, DELVE_EINPUT, "%s: not a shot set of delve shot --seeds", dir);
    snprintf(file, sizeof file, "%s/catalog.tsv", dir);
    delve_status st = fsio_read_all(file, MERGE_CATALOG_MAX, &p->text, &len, err);
    if (st)
        return st;
    len = parts_lf(p->text); /* a NUL inside ends it early: the catalog's lines say so */
    while (p->head_len < len && p->text[p->head_len] == '#' &&
           memchr(p->text + p->head_len, '\n', len - p->head_len))
        p->head_len = (size_t)(strchr(p->text + p->head_len, '\n') - p->text) + 1;
    int seeds = 0;
    st = head_seeds(p, file, &seeds, err);
    if (!st && (!seeds || !head_value(p, "command", line, sizeof line) ||
                (p->word_count = split_words(line, p->words, MERGE_WORDS_MAX)) < 2 ||
                strcmp(p->words[0], "delve")))
        st = delve_fail(err, DELVE_EINPUT, "%s: its catalog.tsv has no '# seeds:' or "
                        "'# command:' line delve wrote", file);
    /* sets of an older delve have no images line: every floor has its PNG */
    if (!st && head_value(p, "images", line, sizeof line) && strcmp(line, "all")) {
        p->images_none = !strcmp(line, "none");
        if (!p->images_none)
            st = delve_fail(err, DELVE_EINPUT, "%s: a set drawn from a draw list (images: "
                            "%s) does not merge: merge the catalog-only parts (delve shot "
                            "--no-images), then draw the whole range", file, line);
    }
    return st;
}

/* 1 when p's catalog has a line for seed's floor: a binary search of its rows, which
 * part_rows read whole and in (seed, floor) order. */
static int catalog_lists(const part *p, uint64_t seed, int floor)
{
    long lo = 0, hi = p->row_count;
    merge_row want = { seed, floor };
    while (lo < hi) {
        long m = lo + (hi - lo) / 2;
        int o = row_order(p->rows[m], want);
        if (o == 0)
            return 1;
        if (o < 0)
            lo = m + 1;
        else
            hi = m;
    }
    return 0;
}

/* 1 when file is a whole PNG: its signature first and its IEND chunk last (a copy or a
 * download cut short ends elsewhere). */
static int png_whole(const char *file)
{
    static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    static const unsigned char iend[12] = { 0, 0, 0, 0, 'I', 'E', 'N', 'D',
                                            0xae, 0x42, 0x60, 0x82 };
    unsigned char a[8], b[12];
    FILE *f = fopen(file, "rb");
    int ok = f && fread(a, 1, 8, f) == 8 && !memcmp(a, sig, 8) && !fseek(f, -12, SEEK_END) &&
             fread(b, 1, 12, f) == 12 && !memcmp(b, iend, 12);
    if (f)
        fclose(f);
    return ok;
}

/* The PNG of seed's floor in p's folder is there and whole. */
static delve_status row_png(const part *p, uint64_t seed, int floor, delve_err *err)
{
    char file[4200];
    snprintf(file, sizeof file, "%s/" SHOTS_NAME, p->dir,
             (unsigned long long)seed, floor);
    struct stat sb;
    if (lstat(file, &sb))
        return delve_fail(err, DELVE_EINPUT, "%s: missing (its catalog.tsv lists it)", file);
    if (!S_ISREG(sb.st_mode)) /* a FIFO would be waited on for ever */
        return delve_fail(err, DELVE_EINPUT, "%s: not a regular file", file);
    if (!png_whole(file))
        return delve_fail(err, DELVE_EINPUT, "%s: truncated (not a whole PNG)", file);
    return DELVE_OK;
}

/* The seed and floor that open catalog line x (through the tab after the floor), in
 * p's range. */
static delve_status row_key(lex *x, const part *p, uint64_t *seed, int *floor)
{
    delve_status st = lex_u64(x, UINT64_MAX, '\t', seed, "a seed");
    st = st ? st : lex_char(x, '\t');
    st = st ? st : lex_int(x, 1, DUNGEON_MAX_FLOORS, floor, "a floor");
    st = st ? st : lex_char(x, '\t');
    if (!st && (*seed < p->lo || *seed > p->hi))
        st = lex_fail(x, x->ls, "seed %llu is not in the part's seeds %llu-%llu",
                      (unsigned long long)*seed, (unsigned long long)p->lo,
                      (unsigned long long)p->hi);
    return st;
}

/* Catalog line x is whole (tabs: the column line's, a newline), names a seed of p's
 * range and comes after p's rows so far; its seed and floor into *key. */
static delve_status row_read(lex *x, const part *p, size_t tabs, merge_row *key)
{
    size_t t = 0;
    for (const char *c = x->ls; c < x->le; c++)
        t += *c == '\t';
    if (*x->le != '\n' && !(*x->le == '\r' && x->le[1] == '\n'))
        return lex_fail(x, x->le, "truncated: the line has no end");
    if (t != tabs)
        return lex_fail(x, x->le, "truncated or not delve's: %zu tabs, the column line has "
                        "%zu", t, tabs);
    delve_status st = row_key(x, p, &key->seed, &key->floor);
    st = st ? st : catrow_check(x, (int)tabs + 1); /* as review and stats read it */
    if (!st && p->row_count && row_order(*key, p->rows[p->row_count - 1]) <= 0)
        st = lex_fail(x, x->ls, "not after the line before (lines are in seed and floor "
                      "order)");
    return st;
}

/* Appends key to p->rows (*cap: the room it has). */
static delve_status rows_push(part *p, merge_row key, size_t *cap, delve_err *err)
{
    if ((size_t)p->row_count == *cap) {
        size_t more = *cap ? *cap * 2 : 256;
        merge_row *r = realloc(p->rows, more * sizeof *r);
        if (!r)
            return delve_fail(err, DELVE_ENOMEM, "out of memory");
        p->rows = r;
        *cap = more;
    }
    p->rows[p->row_count++] = key;
    return DELVE_OK;
}

/* Each line of p's catalog (after its head) is whole, in (seed, floor) order, names a
 * seed of p's range and a whole PNG in p's folder (row_read, row_png); p->rows: their
 * keys. file names the catalog. */
static delve_status part_rows(part *p, const char *file, delve_err *err)
{
    const char *cols = p->text + p->head_len;
    while (cols > p->text + 1 && cols[-2] != '\n')  /* the column line: the head's last */
        cols--;
    size_t tabs = 0, cap = 0;
    for (const char *c = cols; c < p->text + p->head_len; c++)
        tabs += *c == '\t';
    lex x;
    lex_init(&x, file, p->text, err);
    delve_status st = DELVE_OK;
    while (!st && lex_next(&x)) {
        merge_row key = { 0, 0 };
        st = lex_text_only(&x, "catalog"); /* its cells and '#' lines go to a terminal */
        if (st || x.ls < p->text + p->head_len)
            continue;
        st = row_read(&x, p, tabs, &key);
        st = st ? st : rows_push(p, key, &cap, err);
        st = st || p->images_none ? st : row_png(p, key.seed, key.floor, err);
    }
    return st;
}

/* "seed-SSSSSSSSSSSSSSSSSSSS-floor-FF.png", the name delve shot gives a floor's PNG
 * (SHOTS_NAME: 20 and 2 digits), into *seed and *floor; 0 for any other name. */
static int png_name(const char *name, uint64_t *seed, int *floor)
{
    return strlen(name) == 38 && !strncmp(name, "seed-", 5) &&
           !strncmp(name + 25, "-floor-", 7) && !strcmp(name + 34, ".png") &&
           lex_parse_u64(name + 5, 20, UINT64_MAX, seed, NULL) == LEX_OK &&
           lex_parse_int(name + 32, 2, 1, DUNGEON_MAX_FLOORS, floor, NULL) == LEX_OK;
}

/* Every seed of p's range has a line for each floor its first seed has, in order: a
 * part cut short at a seed's or a floor's end (its PNGs gone with the lines), or whose
 * "# seeds:" line says more than it holds, lists fewer. file names the catalog. */
static delve_status part_whole(const part *p, const char *file, delve_err *err)
{
    long per = 0, i = 0;
    while (per < p->row_count && p->rows[per].seed == p->rows[0].seed)
        per++;
    if (per == 0)
        return delve_fail(err, DELVE_EINPUT, "%s: no floor lines for seeds %llu-%llu", file,
                          (unsigned long long)p->lo, (unsigned long long)p->hi);
    for (uint64_t seed = p->lo;; seed++) {
        for (long k = 0; k < per; k++, i++)
            if (i >= p->row_count || p->rows[i].seed != seed ||
                p->rows[i].floor != p->rows[k].floor)
                return delve_fail(err, DELVE_EINPUT, "%s: no line for seed %llu floor %d "
                                  "(seeds %llu-%llu, each with the floors of the first): "
                                  "the part is cut short", file, (unsigned long long)seed,
                                  p->rows[k].floor, (unsigned long long)p->lo,
                                  (unsigned long long)p->hi);
        if (seed == p->hi)
            return DELVE_OK;
    }
}

/* p's folder holds a whole PNG for each line of its catalog and no other PNG (a catalog
 * cut short at a line's end leaves PNGs it does not list); none with "# images: none". */
static delve_status part_verify(part *p, delve_err *err)
{
    char file[4200];
    long pngs = 0;
    snprintf(file, sizeof file, "%s/catalog.tsv", p->dir);
    delve_status st = part_rows(p, file, err);
    st = st ? st : part_whole(p, file, err);
    DIR *d = st ? NULL : opendir(p->dir);
    if (!st && !d)
        return delve_fail(err, DELVE_EIO, "%s: %s", p->dir, strerror(errno));
    struct dirent *e;
    while (d && !st && (e = readdir(d))) {
        size_t n = strlen(e->d_name);
        uint64_t seed = 0;
        int floor = 0;
        if (e->d_name[0] == '.' || n < 4 || strcmp(e->d_name + n - 4, ".png"))
            continue;
        pngs++;
        if (!png_name(e->d_name, &seed, &floor) || !catalog_lists(p, seed, floor))
            st = delve_fail(err, DELVE_EINPUT, "%s/%s: a PNG its catalog.tsv does not list "
                            "(the catalog is cut short?)", p->dir, e->d_name);
    }
    if (d)
        closedir(d);
    long want = p->images_none ? 0 : p->row_count;
    if (!st && pngs != want)
        st = delve_fail(err, DELVE_EINPUT, "%s: %ld PNGs for %ld catalog lines%s", p->dir, pngs,
                        p->row_count, p->images_none ? " of a set with no images" : "");
    return st;
}

static void part_free(part *p)
{
    free(p->text);
    free(p->rows);
    for (int i = 0; i < p->word_count; i++)
        free(p->words[i]);
}

/* 1 when words[i] is -o/--out or its value (-o DIR, --out DIR, --out=DIR, -oDIR). */
static int is_out(char **words, int i)
{
    const char *w = words[i], *prev = i > 0 ? words[i - 1] : "";
    return !strcmp(w, "-o") || !strcmp(w, "--out") || !strncmp(w, "--out=", 6) ||
           (w[0] == '-' && w[1] == 'o' && w[2] != '-') || !strcmp(prev, "-o") ||
           !strcmp(prev, "--out");
}

/* "delve shot ...": the command line of p with --seeds set to seeds, -o taken out wherever
 * the part had it and "-o out" put last (docs/catalog-format.md: a merged catalog's
 * command). DELVE_EINPUT when either option is not in it. */
static delve_status part_command(part *p, const char *seeds, const char *out, char *buf,
                                 size_t cap, delve_err *err)
{
    char *w[MERGE_WORDS_MAX + 2];
    int n = 0;
    if (!set_option(p->words + 1, p->word_count - 1, "seeds", 0, seeds))
        return delve_fail(err, DELVE_EINPUT, "%s: its '# command:' line names no --seeds",
                          p->dir);
    for (int i = 1; i < p->word_count; i++) {
        if (!is_out(p->words + 1, i - 1))
            w[n++] = p->words[i];
    }
    if (n == p->word_count - 1)
        return delve_fail(err, DELVE_EINPUT, "%s: its '# command:' line names no -o", p->dir);
    w[n++] = "-o";
    w[n++] = (char *)out;
    return catalog_command_line(n, w, buf, cap, err);
}

/* The head of p without its command and seeds lines: the same in every part. */
static void head_rest(const part *p, textbuf *tb)
{
    for (const char *l = p->text; l < p->text + p->head_len; l = strchr(l, '\n') + 1)
        if (strncmp(l, "# command: ", 11) && strncmp(l, "# seeds: ", 9))
            textbuf_put(tb, l, strcspn(l, "\n") + 1);
}

static int by_lo(const void *a, const void *b)
{
    const part *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Sorted parts tile lo..hi: each starts where the one before ends. */
static delve_status check_tiling(const part *p, int n, delve_err *err)
{
    delve_status st = DELVE_OK;
    for (int i = 1; i < n && !st; i++)
        st = parts_tile(p[i - 1].dir, p[i - 1].hi, p[i].dir, p[i].lo, err);
    return st;
}

/* The first word (split at spaces, tabs, newlines) where a and b differ into x and y,
 * with the word before it when that is an option ("--floors 3"); "nothing" past the end.
 * 0 when they do not differ. */
static int first_diff(const char *a, const char *b, char *x, char *y, size_t size)
{
    const char *prev = NULL;
    while (*a || *b) {
        size_t na = strcspn(a, " \t\n"), nb = strcspn(b, " \t\n");
        if (na != nb || strncmp(a, b, na)) {
            size_t back = prev && *prev == '-' && *a != '-' ? (size_t)(a - prev) : 0;
            if (*a)
                snprintf(x, size, "'%.*s'", (int)(na + back), a - back);
            else
                snprintf(x, size, "nothing");
            if (*b)
                snprintf(y, size, "'%.*s'", (int)(nb + back), b - back);
            else
                snprintf(y, size, "nothing");
            return 1;
        }
        prev = a;
        a += na + (a[na] != 0);
        b += nb + (b[nb] != 0);
    }
    return 0;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* cmd's options as sorted groups into g (an option with its value: "--floors 3", and
 * "--floors=3" as it), cut in place (each group ends where the next begins); a "--"
 * left out (a shot set's command has nothing after it); how many, or -1 past max. */
static int option_groups(char *cmd, char **g, int max)
{
    int n = 0;
    for (char *w = strtok(cmd, " "); w; w = strtok(NULL, " ")) {
        char *eq = !strncmp(w, "--", 2) ? strchr(w, '=') : NULL;
        if (eq)
            *eq = ' '; /* "--floors=3" is "--floors 3" */
        if (!strcmp(w, "--"))
            continue;
        if (n > 0 && w[0] != '-' && g[n - 1][0] == '-' && !strchr(g[n - 1], ' '))
            w[-1] = ' '; /* the value joins its option again */
        else if (n == max)
            return -1;
        else
            g[n++] = w;
    }
    qsort(g, (size_t)n, sizeof *g, by_text);
    return n;
}

/* Do command lines a and b give the same options, in any order ("--floors 2 --zoom 6"
 * and "--zoom 6 --floors 2")? Copies: a and b are kept. */
static int same_options(const char *a, const char *b)
{
    char ca[CATALOG_HEAD_MAX], cb[CATALOG_HEAD_MAX], *ga[MERGE_WORDS_MAX], *gb[MERGE_WORDS_MAX];
    snprintf(ca, sizeof ca, "%s", a);
    snprintf(cb, sizeof cb, "%s", b);
    int na = option_groups(ca, ga, MERGE_WORDS_MAX), nb = option_groups(cb, gb, MERGE_WORDS_MAX);
    for (int i = 0; na == nb && na >= 0 && i < na; i++)
        if (strcmp(ga[i], gb[i]))
            return 0;
    return na == nb && na >= 0;
}

/* Every part ran the same command (but --seeds and -o) of the same delve and settings,
 * its options in any order and spelt --name=value or --name value;
 * else DELVE_EINPUT naming the first word (setting, option, version) that differs. */
static delve_status check_same(part *p, int n, delve_err *err)
{
    char a[CATALOG_HEAD_MAX], b[CATALOG_HEAD_MAX], x[160], y[160];
    textbuf ha = { 0 }, hb = { 0 };
    delve_status st = part_command(&p[0], "A-B", "DIR", a, sizeof a, err);
    head_rest(&p[0], &ha);
    textbuf_put(&ha, "", 1);
    for (int i = 1; i < n && !st; i++) {
        hb.len = 0;
        head_rest(&p[i], &hb);
        textbuf_put(&hb, "", 1);
        st = part_command(&p[i], "A-B", "DIR", b, sizeof b, err);
        if (!st && (ha.oom || hb.oom))
            st = delve_fail(err, DELVE_ENOMEM, "out of memory");
        if (!st && (first_diff(ha.s, hb.s, x, y, sizeof x) ||
                    (first_diff(a, b, x, y, sizeof x) && !same_options(a, b))))
            st = delve_fail(err, DELVE_EINPUT, "%s and %s: not parts of one run: a setting "
                            "differs (%s has %s, %s has %s)", p[0].dir, p[i].dir, p[0].dir, x,
                            p[i].dir, y);
    }
    textbuf_free(&ha);
    textbuf_free(&hb);
    return st;
}

/* The whole run's catalog: its head (command and seeds of the range, -o target), then
 * each part's lines in order. */
static delve_status merged_catalog(part *p, int n, const char *target, textbuf *tb,
                                   delve_err *err)
{
    char seeds[48], cmd[CATALOG_HEAD_MAX];
    snprintf(seeds, sizeof seeds, "%llu-%llu", (unsigned long long)p[0].lo,
             (unsigned long long)p[n - 1].hi);
    delve_status st = part_command(&p[0], seeds, target, cmd, sizeof cmd, err);
    for (const char *l = p[0].text; !st && l < p[0].text + p[0].head_len;
         l = strchr(l, '\n') + 1) {
        if (!strncmp(l, "# command: ", 11))
            textbuf_printf(tb, "# command: %s\n", cmd);
        else if (!strncmp(l, "# seeds: ", 9))
            textbuf_printf(tb, "# seeds: %s\n", seeds);
        else
            textbuf_put(tb, l, strcspn(l, "\n") + 1);
    }
    for (int i = 0; i < n && !st; i++)
        textbuf_put(tb, p[i].text + p[i].head_len, strlen(p[i].text + p[i].head_len));
    return !st && tb->oom ? delve_fail(err, DELVE_ENOMEM, "out of memory") : st;
}

/* Puts src at dst: a hard link, else a copy (another file system). */
static delve_status link_or_copy(const char *src, const char *dst, delve_err *err)
{
    if (link(src, dst) == 0)
        return DELVE_OK;
    char *data = NULL;
    size_t len = 0;
    delve_status st = fsio_read_all(src, MERGE_PNG_MAX, &data, &len, err);
    if (!st)
        st = fsio_write_atomic(dst, data, len, err);
    free(data);
    return st;
}

/* Every PNG of the part's folder into dir; *count += them. */
static delve_status part_pngs(const part *p, const char *dir,
                              const volatile sig_atomic_t *stop, int *count, delve_err *err)
{
    DIR *d = opendir(p->dir);
    if (!d)
        return delve_fail(err, DELVE_EIO, "%s: %s", p->dir, strerror(errno));
    delve_status st = delve_stopped(stop, err);
    struct dirent *e;
    while (!st && (e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (e->d_name[0] == '.' || n < 4 || strcmp(e->d_name + n - 4, ".png"))
            continue;
        char src[8400], dst[8400];
        snprintf(src, sizeof src, "%s/%s", p->dir, e->d_name);
        snprintf(dst, sizeof dst, "%s/%s", dir, e->d_name);
        st = link_or_copy(src, dst, err);
        *count += !st;
    }
    closedir(d);
    return st;
}

/* The parts' build file (sweep/shots.h) into dir when every part has the same one: a
 * merge of one build's parts is what that build's one run writes. */
static delve_status same_build(const part *p, int n, const char *dir, delve_err *err)
{
    char file[4200], *id[MERGE_MAX_PARTS] = { 0 };
    size_t len = 0;
    int same = n > 0;
    for (int i = 0; i < n && same; i++) {
        delve_err e = { "" };
        snprintf(file, sizeof file, "%s/" SHOTS_BUILD_FILE, p[i].dir);
        same = !fsio_read_all(file, 64, &id[i], &len, &e) && (!i || !strcmp(id[i], id[0]));
    }
    snprintf(file, sizeof file, "%s/" SHOTS_BUILD_FILE, dir);
    delve_status st = same ? fsio_write_atomic(file, id[0], strlen(id[0]), err) : DELVE_OK;
    for (int i = 0; i < n; i++)
        free(id[i]);
    return st;
}

/* The merged set into dir (the output's temporary folder). */
static delve_status merge_into(part *p, int n, const char *target, const char *dir,
                               const volatile sig_atomic_t *stop, int *shots, delve_err *err)
{
    textbuf tb = { 0 };
    char file[4200];
    delve_status st = merged_catalog(p, n, target, &tb, err);
    for (int i = 0; i < n && !st; i++)
        st = part_pngs(&p[i], dir, stop, shots, err);
    snprintf(file, sizeof file, "%s/catalog.tsv", dir);
    if (!st)
        st = fsio_write_atomic(file, tb.s, tb.len, err);
    if (!st)
        st = same_build(p, n, dir, err);
    textbuf_free(&tb);
    return st;
}

/* --- the merge's parts ------------------------------------------------------------ */

struct merge_shots {
    part p[MERGE_MAX_PARTS];
    int n;
};

delve_status merge_shots_new(merge_shots **m, delve_err *err)
{
    *m = calloc(1, sizeof **m);
    return *m ? DELVE_OK : delve_fail(err, DELVE_ENOMEM, "out of memory");
}

void merge_shots_free(merge_shots *m)
{
    for (int i = 0; m && i < m->n; i++)
        part_free(&m->p[i]);
    free(m);
}

int merge_shots_count(const merge_shots *m)
{
    return m->n;
}

delve_status merge_shots_add(merge_shots *m, const char *dir, delve_err *err)
{
    if (m->n == MERGE_MAX_PARTS)
        return delve_fail(err, DELVE_ELIMIT, "at most %d parts", MERGE_MAX_PARTS);
    part *p = &m->p[m->n++];
    delve_status st = part_read(dir, p, err);
    return st ? st : part_verify(p, err);
}

delve_status merge_shots_join(merge_shots *m, uint64_t *lo, uint64_t *hi, delve_err *err)
{
    if (m->n == 0)
        return delve_fail(err, DELVE_EINPUT, "no parts to join");
    qsort(m->p, (size_t)m->n, sizeof *m->p, by_lo);
    delve_status st = check_tiling(m->p, m->n, err);
    st = st ? st : check_same(m->p, m->n, err);
    *lo = m->p[0].lo;
    *hi = m->p[m->n - 1].hi;
    return st;
}

delve_status merge_shots_write(merge_shots *m, const char *target, const char *dir,
                               const volatile sig_atomic_t *stop, int *shots,
                               delve_err *err)
{
    return merge_into(m->p, m->n, target, dir, stop, shots, err);
}
