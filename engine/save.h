/* save: a saved game as text: which dungeon (an opaque "source" line the caller makes
 * and reads back, e.g. the generator's options), and everything the rules changed:
 * clock, floor, position, every member, open holes, stations' last use, the walk's
 * carried centimetres and, on Shoals, the tide (its state, each floor's coin stream and
 * which squares are flooded). A loaded world plays on exactly as the saved one would. A
 * checksum line ends the file, so a truncated or edited save is refused whole, never
 * half-loaded. libc. */
#ifndef DELVE_ENGINE_SAVE_H
#define DELVE_ENGINE_SAVE_H

#include <stddef.h>
#include <stdint.h>

#include "engine/world.h"

#define SAVE_MAGIC "delve-save 1"
#define SAVE_MAX_BYTES (16 << 20)  /* a longer file is refused before parsing; the largest
                                      save, 32 Shoals floors of 512 x 512, is about 9 MiB */
#define SAVE_SOURCE_MAX 256

typedef struct save_pit {
    int floor, index;          /* the pit floors[floor].pits[index], open */
    int line;                  /* its line in the save (0 when not read from one) */
} save_pit;

typedef struct save_station {
    int floor, index;
    int64_t last_used_s;       /* game seconds */
    int line;
} save_station;

/* A Shoals square in a tide-row line: what the tide left it, and whether the last tide
 * step changed it (the renderer's foam). Every other square is SAVE_TIDE_OTHER. */
#define SAVE_TIDE_FLOOR '.'
#define SAVE_TIDE_SHALLOW '~'
#define SAVE_TIDE_DRAINED ':'  /* floor, drained by the last step */
#define SAVE_TIDE_FLOODED '='  /* shallow water, flooded by the last step */
#define SAVE_TIDE_OTHER '#'    /* neither floor nor shallow water: the tide never changes it */

/* The tide on one Shoals floor (engine/tide.h tide_state): the raw tide last applied,
 * the state of its coin stream, and its squares row by row. */
typedef struct save_tide_floor {
    int floor;
    int last_raw;
    uint64_t coin;             /* rng.state of the floor's RNG_TIDE stream */
    int w, h, cap;             /* h rows read, w glyphs each; cap rows fit in glyphs */
    char *glyphs;              /* w * h SAVE_TIDE_* glyphs, malloc'ed (save_state_free) */
    int line;                  /* the tide-floor line's number in the save */
    int *row_at;               /* each row's line and its first glyph's column (2 * cap) */
} save_tide_floor;

/* The dungeon's tide (tide_state): raw and velocity, the next step's time, steps taken,
 * squares changed, and each Shoals floor's own state. */
typedef struct save_tide {
    int on;                    /* a tide line was read */
    int line;                  /* its number in the save */
    int raw, vel;
    int64_t next_s, changes;
    uint32_t steps;
    int floor_count;
    save_tide_floor floors[DUNGEON_MAX_FLOORS];
} save_tide;

/* Everything a save holds, parsed and checked, before it touches a world. */
typedef struct save_state {
    char source[SAVE_SOURCE_MAX]; /* how to rebuild the dungeon (caller's format) */
    int64_t clock_s;
    int floor, x_cm, y_cm;
    party party;
    int pit_count, station_count;
    save_pit pits[DUNGEON_MAX_FLOORS * FLOOR_MAX_PITS];
    save_station stations[DUNGEON_MAX_FLOORS * FLOOR_MAX_STATIONS];
    int walk_carry_cm;         /* world.walk_carry_cm */
    save_tide tide;            /* Shoals only; tide.on 0 in a save without tide lines */
    uint64_t digest;           /* world_digest of the saved world, checked on apply */
    int at_line, digest_line;  /* where the save says them: messages of save_apply */
} save_state;

/* The save text of w (NUL-terminated, malloc'ed into *out) with source as its source
 * line (printable ASCII, no newline). DELVE_EINPUT when the party is not standing
 * (walking or falling: save when it stands) or source is bad; DELVE_ENOMEM. */
delve_status save_text(const world *w, const char *source, char **out, delve_err *err);

/* Parses a save (file names it in messages). DELVE_EINPUT with "path:line:col: reason"
 * on any fault: wrong magic, a bad or missing line, a value out of range, a wrong
 * checksum (truncated or edited), too many things; DELVE_ENOMEM. *st is only meaningful
 * on OK, and then holds the tide's rows: free it with save_state_free. */
delve_status save_parse(const char *file, const char *text, save_state *st, delve_err *err);

/* Frees what save_parse allocated in st (the tide's rows); st stays a valid, empty tide. */
void save_state_free(save_state *st);

/* The check line's value for the len bytes before it: 64-bit FNV-1a (base/hash.h),
 * a CRLF counted as its LF (lex reads both alike, so a save that went through an editor
 * writing CRLF still checks). */
uint64_t save_check(const char *text, size_t len);

/* Applies st to w, whose dungeon the caller rebuilt from st->source: checks every
 * floor, square, pit, station, member and tide row against it first, then changes w; on
 * any mismatch (DELVE_EINPUT naming path and reason) w is untouched. The world's digest
 * must then equal the saved one, else DELVE_EINPUT and w is restored. A save without
 * tide lines (written before they were) leaves the tide as world_init set it. */
delve_status save_apply(world *w, const save_state *st, const char *file, delve_err *err);

#endif
