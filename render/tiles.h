/* tiles: procedural pictures of squares and things at one zoom, painted once and kept:
 * each tile kind has a few variants (texture, neighbour mask, orientation, animation
 * phase) painted on first use, so a frame is mostly row copies. Coverage masks (seam
 * glow, halos) are kept the same way and blended in a colour and strength per frame.
 * Internal to render/: frame.c owns a tile_set through the public frame_cache. Integer
 * maths only, so a tile's bytes are the same on every machine. */
#ifndef DELVE_RENDER_TILES_H
#define DELVE_RENDER_TILES_H

#include <stdint.h>

#include "render/canvas.h"

#define TILES_ZOOM_MIN 4
#define TILES_ZOOM_MAX 128

/* Wall variants: bit per open neighbour (N 1, E 2, S 4, W 8), times 2 textures.
 * Floor and corridor variants: bit per shading neighbour (N 1, W 2), times 4 textures. */
enum { TILE_N = 1, TILE_E = 2, TILE_S = 4, TILE_W = 8 };
#define TILE_TEXTURES 4
#define TILE_WALL_TEXTURES 2
#define TILE_PHASES 8       /* fluid animation frames */
#define TILE_FLUID_PATTERNS 4 /* per-square fluid patterns (bubbles, glints, crust) */
#define TILE_PIT_VARIANTS 2
#define TILE_ITEM_LOOKS 8     /* item pickups: colours by kind, wrapping round */
#define TILE_MONSTER_KINDS 128 /* monster kinds with their own tile (DoomRL's from 64) */

typedef enum tile_kind {
    TK_ROCK,        /* TILE_TEXTURES */
    TK_WALL,        /* 16 open masks x TILE_WALL_TEXTURES: mask * 2 + texture */
    TK_FLOOR,       /* 4 shade masks x TILE_TEXTURES: mask * 4 + texture */
    TK_CORRIDOR,    /* as TK_FLOOR */
    TK_DOOR,        /* 0: walls left and right; 1: walls above and below */
    TK_WATER,       /* TILE_FLUID_PATTERNS x TILE_PHASES: pattern * PHASES + phase */
    TK_ACID,
    TK_LAVA,
    TK_BRIDGE,      /* fluid under it (0 water, 1 acid, 2 lava) * 2 + (0 left-right,
                       1 up-down) */
    TK_LIFT,
    TK_LADDER,
    TK_STAIR,
    TK_RAMP,
    TK_SPIRAL,
    TK_PIT_PLATES,  /* TILE_PIT_VARIANTS */
    TK_PIT_OPEN,
    TK_FIXTURE,     /* overlay: look * 4 + quarter turns (0: wall above, clockwise) */
    TK_LAMP,        /* overlay, half a square: 0 ready (green), 1 spent (amber) */
    TK_ENTRANCE,    /* overlay */
    TK_GOAL,        /* overlay */
    TK_PARTY,       /* overlay: the party marker */
    TK_BOX,         /* TILE_TEXTURES: a warehouse crate */
    TK_CAVE_WALL,   /* 16 open masks x TILE_WALL_TEXTURES, as TK_WALL */
    TK_MONSTER,     /* overlay: kind * 2 + flying (TILE_MONSTER_KINDS kinds) */
    TK_ITEM,        /* overlay: TILE_ITEM_LOOKS looks by item kind */
    TK_STEPS,       /* rising: stair squares, 4 quarter turns of "going down southwards" */
    TK_SLOPE,       /* rising: ramp squares with a slope arrow, 4 turns as TK_STEPS */
    TK_TURN,        /* rising: a stair round its corner, fanned treads; variant = the
                       open pair (0 N+E, 1 E+S, 2 S+W, 3 W+N) */
    TK_CURVE,       /* rising: a corridor corner with a curve mark; variants as TK_TURN */
    TK_COUNT
} tile_kind;

typedef enum tile_mask_kind {
    TM_SEAM_GLOW,   /* TILE_PIT_VARIANTS: glow around a pit's seams */
    TM_SEAM_CORE,   /* TILE_PIT_VARIANTS: the seam lines themselves */
    TM_PIT_HALO,    /* red underglow around a closed pit */
    TM_LAMP_HALO,   /* a station lamp's soft halo */
    TM_LAVA_GLOW,   /* the glow lava throws on the squares round it */
    TM_COUNT
} tile_mask_kind;

typedef struct tile_mask {
    int side;       /* side x side bytes */
    uint8_t *m;
} tile_mask;

typedef struct tile_set {
    int zoom;
    int first[TK_COUNT];        /* index of a kind's variant 0 in tiles */
    int first_mask[TM_COUNT];
    int tile_count, mask_count;
    canvas *tiles;              /* painted on first use (px NULL until then) */
    tile_mask *masks;
} tile_set;

/* Prepares an empty set for zoom (clamped to TILES_ZOOM_MIN..MAX). DELVE_ENOMEM. */
delve_status tiles_init(tile_set *ts, int zoom, delve_err *err);
void tiles_free(tile_set *ts);

/* Variant count of a kind. */
int tiles_variants(tile_kind k);

/* The tile (painted now if needed); NULL only when out of memory. variant is reduced
 * modulo the kind's count. */
const canvas *tiles_get(tile_set *ts, tile_kind k, int variant);
const tile_mask *tiles_mask(tile_set *ts, tile_mask_kind k, int variant);

/* Where a station's lamp sits in its square, in px from the square's top-left, for a
 * fixture turned `turns` quarter turns clockwise from wall-above. */
void tiles_lamp_pos(int zoom, int turns, int *x, int *y);

#endif
