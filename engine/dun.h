/* dun: the `.dun` dungeon text format (docs/dun-format.md): a header with the format
 * version, then per floor a header line, an ASCII map block (one glyph per terrain, ways
 * drawn over it), a compact height layer (rectangles, then single squares), marks
 * (drawn, pin, secret) as rectangles, and one line per thing with its coordinates.
 * What `delve gen --format dun` writes and `delve check`, `delve view` and films read.
 * Writer and reader are exact inverses: export, import, export gives the same bytes.
 * Errors are "file:line:col: message"; every size and count is checked against the
 * engine's limits before anything is allocated. libc only. */
#ifndef DELVE_ENGINE_DUN_H
#define DELVE_ENGINE_DUN_H

#include <stdint.h>

#include "base/lex.h"
#include "engine/dungeon.h"

#define DUN_MAGIC "delve-dun"
#define DUN_VERSION 1
#define DUN_MAX_BYTES (32 << 20)  /* a larger file is refused before it is read */
#define DUN_MAX_LINE 2048         /* bytes in one line, map rows included */

/* The .dun text of d (all floors laid out), malloc'ed and NUL-terminated into *out.
 * seed goes on the `seed` line. Stable bytes: same dungeon, same text. DELVE_EINPUT
 * when a floor has no squares, DELVE_ENOMEM. */
delve_status dun_write(const dungeon *d, uint64_t seed, char **out, delve_err *err);

/* The digest of floor k (0-based) of d: 64-bit FNV-1a (base/hash.h) of the bytes
 * dun_write writes for that floor, from its `floor` line through its last thing's line
 * (docs/dun-format.md "Floor digest"). Any change of a square, a height, a mark, a
 * thing or a way changes it, and any program that writes the same .dun block gets the
 * same digest. DELVE_EINPUT when the floor has no squares, DELVE_ENOMEM. */
delve_status dun_floor_digest(const dungeon *d, int k, uint64_t *digest, delve_err *err);

/* Parses text (NUL-terminated; file names it in messages) into *out (dungeon_init'ed
 * here; free with dungeon_free; left empty on failure). Stacking: the reader calls
 * dungeon_stack once every floor is read, then verifies each floor's optional `datum`
 * against it (a mismatch is an error at that datum). DELVE_EINPUT with
 * "file:line:col: message" on the first fault (unknown version, bad glyph, a thing off
 * its floor, a count past its FLOOR_MAX_* cap, sizes past FLOOR_MAX_SIDE or
 * DUNGEON_MAX_FLOORS, a line past DUN_MAX_LINE), DELVE_ENOMEM. */
delve_status dun_read(const char *file, const char *text, dungeon *out, delve_err *err);

/* Reads the file at path (DUN_MAX_BYTES at most; a NUL byte is an error at its line)
 * and parses it with dun_read. DELVE_EIO when it cannot be read. */
delve_status dun_load(const char *path, dungeon *out, delve_err *err);

/* One map block on its own (for stored rooms too): x's current line is the `map` line;
 * rows are the lines after it, until a line that is exactly `endmap` (required), where
 * x is left. Row r, column c sets square (x0 + c, y0 + r) of f; a row shorter than the
 * region leaves the rest as it was. Way glyphs set floor terrain and, when ways is not
 * NULL, ways[y * f->w + x] = the way kind (ways holds f->w * f->h, -1 where no way
 * glyph); with ways NULL a way glyph is an error. DELVE_EINPUT with "file:line:col"
 * (in x->err) for an unknown glyph, a row or column past the floor, a missing
 * `endmap`. */
delve_status dun_map_read(lex *x, dfloor *f, int x0, int y0, int8_t *ways);

/* The map glyph of terrain t, and the terrain of glyph g (-1 if g is none). */
char dun_terrain_glyph(terrain t);
int dun_glyph_terrain(char g);

#endif
