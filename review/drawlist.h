/* drawlist: which floors of a shot set get a PNG, as draw.tsv: "# " comment lines, then
 * one "SEED<tab>FLOOR" line per floor, in (seed, floor) order. `delve review` writes it
 * for floors whose digests differ and `delve shot --seeds A-B --draw FILE` reads it, so
 * a review draws what changed, not every seed (docs/review.md "Digest first"). libc. */
#ifndef DELVE_REVIEW_DRAWLIST_H
#define DELVE_REVIEW_DRAWLIST_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"

#define DRAWLIST_MAX 100000            /* floors in one list */
#define DRAWLIST_MAX_BYTES (8u << 20)  /* bytes of one draw.tsv */

typedef struct drawlist_key {
    uint64_t seed;
    int floor;   /* 1-based */
} drawlist_key;

typedef struct drawlist {
    drawlist_key *keys;  /* sorted by seed, then floor; no key twice */
    int count;
} drawlist;

/* Reads the draw list at path into *out (free with drawlist_free; empty on failure).
 * Keys may come in any order and twice (kept once). DELVE_EINPUT "path:line:col:
 * message" at a bad seed, a floor outside 1..32, a missing tab, a cell past the second,
 * a control byte or a NUL; DELVE_ELIMIT past DRAWLIST_MAX keys or DRAWLIST_MAX_BYTES;
 * DELVE_EIO when it cannot be read; DELVE_ENOMEM. */
delve_status drawlist_load(const char *path, drawlist *out, delve_err *err);

/* As drawlist_load, from text (NUL-terminated) that path names in messages. */
delve_status drawlist_parse(const char *path, const char *text, drawlist *out,
                            delve_err *err);

/* 1 when the list holds (seed, floor): a binary search. */
int drawlist_has(const drawlist *l, uint64_t seed, int floor);

/* The list's text as drawlist_load reads it, with why (one line, no newline) as its
 * first comment: malloc'ed into *text, its length in *len. DELVE_ENOMEM. */
delve_status drawlist_text(const drawlist *l, const char *why, char **text, size_t *len,
                           delve_err *err);

void drawlist_free(drawlist *l);

#endif
