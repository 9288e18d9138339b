/* fuzz_drawlist: draw.tsv texts read as `delve shot --draw` reads them (review/drawlist.h).
 * A list read has its keys sorted, each once, floors 1..32, and its own text
 * (drawlist_text) reads back to the same keys; a list refused says where. */
#include <stdlib.h>
#include <string.h>

#include "review/drawlist.h"
#include "tests/fuzz/fuzz.h"

/* The keys of l written and read again are l's keys. */
static void round_trip(const drawlist *l)
{
    char *text = NULL;
    size_t len = 0;
    delve_err err = { "" };
    drawlist back;
    if (drawlist_text(l, "fuzz", &text, &len, &err))
        return;
    fuzz_require(drawlist_parse("again.tsv", text, &back, &err) == DELVE_OK,
                 "a list's own text reads");
    fuzz_require(back.count == l->count, "its text holds every key");
    for (int i = 0; i < l->count && i < back.count; i++)
        fuzz_require(back.keys[i].seed == l->keys[i].seed &&
                     back.keys[i].floor == l->keys[i].floor, "the same keys, in order");
    drawlist_free(&back);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = size <= DRAWLIST_MAX_BYTES ? malloc(size + 1) : NULL;
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    drawlist l;
    delve_err err = { "" };
    if (drawlist_parse("draw.tsv", text, &l, &err) == DELVE_OK) {
        for (int i = 0; i < l.count; i++) {
            fuzz_require(l.keys[i].floor >= 1 && l.keys[i].floor <= 32, "a floor is 1..32");
            fuzz_require(i == 0 || l.keys[i - 1].seed < l.keys[i].seed ||
                             (l.keys[i - 1].seed == l.keys[i].seed &&
                              l.keys[i - 1].floor < l.keys[i].floor),
                         "keys sorted, each once");
            fuzz_require(drawlist_has(&l, l.keys[i].seed, l.keys[i].floor), "each key found");
        }
        round_trip(&l);
        drawlist_free(&l);
    } else {
        fuzz_require(!strncmp(err.msg, "draw.tsv:", 9), "a refused list names where");
    }
    free(text);
    return 0;
}
