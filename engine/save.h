/* save: a saved game as text: which dungeon (an opaque "source" line the caller makes
 * and reads back, e.g. the generator's options), and what the rules changed: clock,
 * floor, position, every member, open holes, stations' last use. A checksum line ends
 * the file, so a truncated or edited save is refused whole, never half-loaded. libc. */
#ifndef DELVE_ENGINE_SAVE_H
#define DELVE_ENGINE_SAVE_H

#include <stddef.h>
#include <stdint.h>

#include "engine/world.h"

#define SAVE_MAGIC "delve-save 1"
#define SAVE_MAX_BYTES (1 << 20)   /* a longer file is refused before parsing */
#define SAVE_SOURCE_MAX 256

typedef struct save_pit {
    int floor, index;          /* the pit floors[floor].pits[index], open */
} save_pit;

typedef struct save_station {
    int floor, index;
    int64_t last_used_s;       /* game seconds */
} save_station;

/* Everything a save holds, parsed and checked, before it touches a world. */
typedef struct save_state {
    char source[SAVE_SOURCE_MAX]; /* how to rebuild the dungeon (caller's format) */
    int64_t clock_s;
    int floor, x_cm, y_cm;
    party party;
    int pit_count, station_count;
    save_pit pits[DUNGEON_MAX_FLOORS * FLOOR_MAX_PITS];
    save_station stations[DUNGEON_MAX_FLOORS * FLOOR_MAX_STATIONS];
    uint64_t digest;           /* world_digest of the saved world, checked on apply */
} save_state;

/* The save text of w (NUL-terminated, malloc'ed into *out) with source as its source
 * line (printable ASCII, no newline). DELVE_EINPUT when the party is not standing
 * (walking or falling: save when it stands) or source is bad; DELVE_ENOMEM. */
delve_status save_text(const world *w, const char *source, char **out, delve_err *err);

/* Parses a save (file names it in messages). DELVE_EINPUT with "path:line:col: reason"
 * on any fault: wrong magic, a bad or missing line, a value out of range, a wrong
 * checksum (truncated or edited), too many things. *st is only meaningful on OK. */
delve_status save_parse(const char *file, const char *text, save_state *st, delve_err *err);

/* The check line's value for the len bytes before it: 64-bit FNV-1a (engine/hash.h),
 * a CRLF counted as its LF (lex reads both alike, so a save that went through an editor
 * writing CRLF still checks). */
uint64_t save_check(const char *text, size_t len);

/* Applies st to w, whose dungeon the caller rebuilt from st->source: checks every
 * floor, square, pit, station and member against it first, then changes w; on any
 * mismatch (DELVE_EINPUT naming path and reason) w is untouched. The world's digest
 * must then equal the saved one, else DELVE_EINPUT and w is restored. */
delve_status save_apply(world *w, const save_state *st, const char *file, delve_err *err);

#endif
