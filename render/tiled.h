/* tiled: export of one floor for the Tiled map editor (mapeditor.org): a JSON map
 * (.tmj, orthogonal, one tile per square) with a tileset PNG beside it, drawn with the
 * view's own tile painters so the floor looks as it does in delve. Layers: "terrain"
 * (a tile layer: rock, walls, floors, corridors, doors, fluids, bridges, as
 * frame_render's ground pass picks them at animation time 0; a Shoals floor's ground as
 * the view paints it at tide 0, one tile per different square picture, each typed by
 * its terrain: deep water, shallow water, floor, high ground), "things" (tile objects:
 * ways, pits, rest stations, entrance, goal, with their names, types and properties),
 * "monsters" (tile objects on their starting squares, where a patrol stands at the
 * clock's start) and "items" (points: they have no tile yet, Tiled shows pins). Glows,
 * halos, lamps, motes and the party are left out: they are effects of a moment, not of
 * the floor. Made with cJSON (Debian libcjson-dev); codecs/tmj.h writes the pair to
 * disk. Uses engine, render/tiles, render/shore and libc. */
#ifndef DELVE_RENDER_TILED_H
#define DELVE_RENDER_TILED_H

#include <stdint.h>

#include "engine/floor.h"
#include "render/canvas.h"

#define TILED_COLUMNS 16  /* tiles a row in the tileset PNG */

/* Floor f (of a dungeon of `floors` floors from seed) as a Tiled map: the JSON text
 * into *json (free with free(): cJSON's default allocator, which delve keeps) naming
 * its tileset image tileset_name (the file name the map refers to, so keep the two
 * together), and the tileset into *sheet (canvas_free). zoom is the tile size in px
 * (clamped to the view's range). DELVE_ENOMEM; on failure nothing is left to free.
 * codecs/tmj.h writes the pair. */
delve_status tiled_make(const dfloor *f, uint64_t seed, int floors, int zoom,
                        const char *tileset_name, char **json, canvas *sheet, delve_err *err);

/* The tileset's path for tmj_path into png (size bytes): tmj_path less ".tmj" plus
 * "-tiles.png". 0 when tmj_path does not end in ".tmj" or png is too small. */
int tiled_tileset_path(const char *tmj_path, char *png, size_t size);

#endif
