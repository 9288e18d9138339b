/* drawlist: draw.tsv read by base/lex (so every fault has its line and column) and
 * written in key order. */
#include "review/drawlist.h"

#include <stdlib.h>
#include <string.h>

#include "base/lex.h"
#include "base/textbuf.h"
#include "engine/dungeon.h"

static int key_cmp(const void *a, const void *b)
{
    const drawlist_key *x = a, *y = b;
    if (x->seed != y->seed)
        return x->seed < y->seed ? -1 : 1;
    return (x->floor > y->floor) - (x->floor < y->floor);
}

/* One data line: SEED, a tab, FLOOR, the end. */
static delve_status parse_line(lex *x, drawlist_key *k)
{
    delve_status st = lex_text_only(x, "draw list");
    if (!st)
        st = lex_u64(x, UINT64_MAX, '\t', &k->seed, "a seed");
    if (!st)
        st = lex_char(x, '\t');
    if (!st)
        st = lex_int(x, 1, DUNGEON_MAX_FLOORS, &k->floor, "a floor");
    return st ? st : lex_end(x);
}

/* Sorts the keys and keeps each once. */
static void sort_unique(drawlist *l)
{
    if (l->count < 2)
        return;
    qsort(l->keys, (size_t)l->count, sizeof *l->keys, key_cmp);
    int n = 1;
    for (int i = 1; i < l->count; i++)
        if (key_cmp(&l->keys[i], &l->keys[n - 1]))
            l->keys[n++] = l->keys[i];
    l->count = n;
}

delve_status drawlist_parse(const char *path, const char *text, drawlist *out,
                            delve_err *err)
{
    memset(out, 0, sizeof *out);
    int cap = 0;
    delve_status st = DELVE_OK;
    lex x;
    lex_init(&x, path, text, err);
    while (!st && lex_next(&x)) {
        if (lex_blank(&x))  /* '#' comments and blank lines */
            continue;
        if (out->count == DRAWLIST_MAX) {
            st = delve_fail(err, DELVE_ELIMIT, "%s:%d: more than %d floors in a draw list",
                            path, x.line, DRAWLIST_MAX);
            break;
        }
        if (out->count == cap) {
            int nc = cap ? cap * 2 : 256;
            drawlist_key *nk = realloc(out->keys, (size_t)nc * sizeof *nk);
            if (!nk) {
                st = delve_fail(err, DELVE_ENOMEM, "out of memory for a draw list");
                break;
            }
            out->keys = nk;
            cap = nc;
        }
        st = parse_line(&x, &out->keys[out->count]);
        out->count += !st;
    }
    if (st)
        drawlist_free(out);
    else
        sort_unique(out);
    return st;
}

delve_status drawlist_load(const char *path, drawlist *out, delve_err *err)
{
    char *text = NULL;
    memset(out, 0, sizeof *out);
    delve_status st = lex_read_file(path, DRAWLIST_MAX_BYTES, "draw list", &text, err);
    if (!st)
        st = drawlist_parse(path, text, out, err);
    free(text);
    return st;
}

int drawlist_has(const drawlist *l, uint64_t seed, int floor)
{
    drawlist_key k = { seed, floor };
    return l->count && bsearch(&k, l->keys, (size_t)l->count, sizeof k, key_cmp) != NULL;
}

delve_status drawlist_text(const drawlist *l, const char *why, char **text, size_t *len,
                           delve_err *err)
{
    textbuf b = { 0 };
    textbuf_printf(&b, "# draw list: %s\n# seed\tfloor\n", why);
    for (int i = 0; i < l->count; i++)
        textbuf_printf(&b, "%llu\t%d\n", (unsigned long long)l->keys[i].seed, l->keys[i].floor);
    if (b.oom) {
        textbuf_free(&b);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for a draw list");
    }
    *text = b.s;
    *len = b.len;
    return DELVE_OK;
}

void drawlist_free(drawlist *l)
{
    free(l->keys);
    memset(l, 0, sizeof *l);
}
