/* shore: how a Shoals floor looks (spec/shoals.md): each square shaded by its band (deep
 * water to shallow to sand to grass to high ground, from its terrain, its height and
 * the tide, render/look.h), a surf or damp edge where water meets land, and foam on
 * the squares the tide just flooded or drained. Tiles are painted once per (band,
 * edge mask, texture or shimmer phase) and kept, so the waterline moves from frame to
 * frame without repainting. Internal to render/ (frame.c). Integer maths only. */
#ifndef DELVE_RENDER_SHORE_H
#define DELVE_RENDER_SHORE_H

#include <stdint.h>

#include "engine/floor.h"
#include "render/canvas.h"
#include "render/look.h"

typedef struct shore_tiles shore_tiles;

/* NULL when out of memory. Free with shore_tiles_free (NULL is fine). */
shore_tiles *shore_tiles_new(void);
void shore_tiles_free(shore_tiles *st);

/* The band of square i of Shoals floor f under whole-unit tide `tide`. */
shore_band shore_band_of(const dfloor *f, int i, int tide);

/* What shore_draw needs: the floor, the tide, the squares changed at the last step. */
typedef struct shore_frame {
    const dfloor *f;
    int tide;                /* whole units */
    const uint8_t *changed;  /* w * h, 1 where the tide just changed the square; or NULL */
    uint32_t t_ms;           /* animation time: shimmer phase and foam speckle */
    int z;                   /* px per square */
    int ox, oy;              /* px of the floor's top-left corner in map */
    int sx0, sy0, sx1, sy1;  /* squares to draw: [sx0, sx1) x [sy0, sy1) */
} shore_frame;

/* Draws the ground of the squares of sf into map, from st's tiles (repainted when the
 * zoom changes), then the foam. Returns 0, or -1 when a tile cannot be made. */
int shore_draw(canvas *map, shore_tiles *st, const shore_frame *sf);

#endif
