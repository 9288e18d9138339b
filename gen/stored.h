/* stored: hand-drawn rooms from assets/rooms/ (spec/rising.md "Pieces"): each
 * file is a room's interior in the map-block syntax of the .dun format (engine/dun.h's
 * dun_map_read), laid by the rising tries into a generated room at least as big. Laid
 * squares are marked SQ_DRAWN | SQ_PIN (never sunk, raised, cut or touched after) and
 * `secret X Y` squares SQ_SECRET too. Uses base and engine only. */
#ifndef DELVE_GEN_STORED_H
#define DELVE_GEN_STORED_H

#include <stdint.h>

#include "engine/floor.h"
#include "gen/gen.h"

#define STORED_MAX 32         /* rooms read from one folder (more is an error) */
#define STORED_SIDE_MAX 16    /* a stored room's interior is at most 16 x 16 */
#define STORED_SECRETS_MAX 8
#define STORED_FILE_MAX (64 << 10)
#define STORED_MAX_LINE 256   /* bytes in one line */

typedef struct stored_room {
    char name[32];
    int w, h;
    uint8_t terrain[STORED_SIDE_MAX * STORED_SIDE_MAX]; /* row-major, w per row */
    int secret_count;
    int sx[STORED_SECRETS_MAX], sy[STORED_SECRETS_MAX];
} stored_room;

typedef struct stored_rooms {
    int count;
    stored_room rooms[STORED_MAX];
} stored_rooms;

/* Parses one stored room (read with base/lex.h's line rules): `#` comment lines,
 * `room NAME`, `size W H` (1..16 each), `map` ... `endmap` (terrain glyphs only), then
 * any `secret X Y`. file names it in messages. DELVE_EINPUT with "file:line:col:
 * message" (a number out of range or with junk, a `size` after the map, a `secret`
 * before it), DELVE_ENOMEM. */
delve_status stored_parse(const char *file, const char *text, stored_room *out,
                              delve_err *err);

/* Reads every *.room file of dir, in name order, into *out. DELVE_EIO when dir or a
 * file cannot be read, DELVE_EINPUT on a bad file, none at all or more than
 * STORED_MAX. */
delve_status stored_load(const char *dir, stored_rooms *out, delve_err *err);

/* When o->rooms names a folder: reads it (stored_load) into *keep (malloc'ed; free with
 * stored_free) and points o->stored at it; else *keep = NULL and o->stored stays.
 * Errors as stored_load, DELVE_ENOMEM. */
delve_status stored_attach(gen_opts *o, stored_rooms **keep, delve_err *err);
void stored_free(stored_rooms *s);

/* Lays stored room s into room rm of f, centred, when rm's interior holds it: its
 * squares' terrain, marks SQ_DRAWN | SQ_PIN (and SQ_SECRET on its secrets). Returns 1
 * when laid, 0 when it does not fit (f unchanged). Heights are left as they are. */
int stored_lay(dfloor *f, const room *rm, const stored_room *s);

#endif
