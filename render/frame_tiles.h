/* frame_tiles: which painted tile (tiles.h) a square or thing of a floor shows, as the
 * view draws it; shared by frame.c and the Tiled export (tiled.c) so both pick the same
 * tiles. Internal to render/. Defined at the end of frame.c. */
#ifndef DELVE_RENDER_FRAME_TILES_H
#define DELVE_RENDER_FRAME_TILES_H

#include <stdint.h>

#include "engine/floor.h"
#include "render/tiles.h"

/* The tile kind and *variant square (x, y) of f (of the dungeon from seed) shows for its
 * terrain at animation time 0, as frame_render's ground pass picks it. */
tile_kind frame_ground_tile(const dfloor *f, uint64_t seed, int x, int y, int *variant);
/* The tile of a way of kind k (variant 0). */
tile_kind frame_way_tile(way_kind k);
/* The tile and *variant pit p of f shows; 0 when it is drawn as plain floor (hidden
 * and closed), 1 otherwise. */
int frame_pit_tile(const dfloor *f, uint64_t seed, const pit *p, tile_kind *k, int *variant);
/* The TK_FIXTURE variant of station s (its look and the wall it stands against). */
int frame_fixture_variant(const station *s);

#endif
