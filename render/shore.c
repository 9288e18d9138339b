/* shore: Shoals ground tiles, painted per (band, edge mask, texture) and kept. */
#include "render/shore.h"

#include <stdlib.h>
#include <string.h>

#include "engine/tide.h"
#include "render/paint.h"

#define SHORE_MASKS 16        /* bit per neighbour of the other kind: N 1, E 2, S 4, W 8 */
#define SHORE_TEX 4           /* land textures, or water shimmer phases */
#define SHORE_PHASE_MS 250    /* shimmer phase step, as the fluids' */
#define SHORE_VARIANTS (SB_COUNT * SHORE_MASKS * SHORE_TEX)

struct shore_tiles {
    int zoom;
    canvas tile[SHORE_VARIANTS];  /* painted on first use (px NULL until then) */
};

shore_tiles *shore_tiles_new(void)
{
    return calloc(1, sizeof(shore_tiles));
}

static void shore_tiles_clear(shore_tiles *st)
{
    for (int i = 0; i < SHORE_VARIANTS; i++)
        canvas_free(&st->tile[i]);
}

void shore_tiles_free(shore_tiles *st)
{
    if (!st)
        return;
    shore_tiles_clear(st);
    free(st);
}

shore_band shore_band_of(const dfloor *f, int i, int tide)
{
    int h = tide_ground(f, i), under = tide - h, above = h - tide;
    switch ((terrain)f->terrain[i]) {
    case T_DEEP:
        return under >= 40 ? SB_DEEP_DARK : under >= 25 ? SB_DEEP : SB_DEEP_EDGE;
    case T_SHALLOW: /* an isolated pool keeps its water whatever the tide: at least 1 */
        return under >= 15 ? SB_SHALLOW_DEEP : under >= 7 ? SB_SHALLOW : SB_SHALLOW_EDGE;
    case T_FLOOR:
        return above < 4 && h < TIDE_HIGH_UNITS ? SB_WET_SAND
               : h < TIDE_HIGH_UNITS            ? SB_SAND
               : h < 45                         ? SB_DUNE
                                                : SB_GRASS;
    case T_HIGH:
        return SB_HIGH;
    default:
        return SB_DEEP_DARK;
    }
}

/* A length designed at 24 px a square, at zoom z (at least 1). */
static int px(int z, int n24)
{
    int v = (z * n24 + 12) / 24;
    return v < 1 ? 1 : v;
}

/* Band b's tile with edges on mask, texture (land) or shimmer phase (water) tex. */
static void paint_tile(canvas *t, int b, int mask, int tex, int z)
{
    const shore_look *l = look_shore((shore_band)b);
    int water = b <= SB_SHALLOW_EDGE, blk = px(z, 3);
    for (int y = 0; y < z; y += blk)
        for (int x = 0; x < z; x += blk) {
            uint32_t hsh = paint_hash((uint32_t)(x / blk), (uint32_t)(y / blk),
                                      700u + (uint32_t)(water ? b : b * SHORE_TEX + tex));
            int d = (int)(hsh % (uint32_t)(2 * l->grain + 1)) - l->grain;
            canvas_fill_rect(t, x, y, blk, blk, paint_shade(l->base, d));
        }
    if (water) { /* soft crests drifting a quarter period a phase */
        int period = z / 3 > 3 ? z / 3 : 3;
        for (int y = 0; y < z; y++)
            for (int x = 0; x < z; x++)
                if ((x + 2 * y + tex * period / SHORE_TEX) % period == 0)
                    canvas_blend_px(t, x, y, paint_alpha(l->edge, 70));
    } else if (b == SB_GRASS || b == SB_HIGH) { /* tufts or stones */
        for (int i = 0; i < 6; i++) {
            uint32_t hsh = paint_hash((uint32_t)tex, (uint32_t)i, 800u + (uint32_t)b);
            int x = (int)(hsh % (uint32_t)z), y = (int)((hsh >> 8) % (uint32_t)z);
            canvas_fill_rect(t, x, y, px(z, 2), px(z, b == SB_HIGH ? 2 : 3),
                             paint_shade(l->base, b == SB_HIGH ? 26 : -30));
        }
    }
    int band = px(z, 4); /* surf on water, damp on land, fading inward */
    for (int i = 0; i < band; i++) {
        rgba c = paint_alpha(l->edge, 200 * (band - i) / band);
        if (mask & 1) canvas_blend_rect(t, 0, i, z, 1, c);
        if (mask & 4) canvas_blend_rect(t, 0, z - 1 - i, z, 1, c);
        if (mask & 8) canvas_blend_rect(t, i, 0, 1, z, c);
        if (mask & 2) canvas_blend_rect(t, z - 1 - i, 0, 1, z, c);
    }
}

static const canvas *tile_get(shore_tiles *st, int b, int mask, int tex)
{
    canvas *t = &st->tile[(b * SHORE_MASKS + mask) * SHORE_TEX + tex];
    if (t->px)
        return t;
    if (canvas_init(t, st->zoom, st->zoom, NULL) != DELVE_OK)
        return NULL;
    paint_tile(t, b, mask, tex, st->zoom);
    return t;
}

/* Bit per 4-neighbour on the floor whose water/land kind differs from square (x, y)'s. */
static int edge_mask(const dfloor *f, int x, int y)
{
    int mine = terrain_is_tidal(floor_at(f, x, y)), m = 0;
    for (int k = 0; k < 4; k++)
        if (floor_in(f, x + DIR4_DX[k], y + DIR4_DY[k]) && terrain_is_tidal(floor_at(f, x + DIR4_DX[k], y + DIR4_DY[k])) != mine)
            m |= 1 << k;
    return m;
}

/* Foam on a square the tide just moved: speckles that churn with t_ms, and a rim. */
static void draw_foam(canvas *map, const shore_frame *sf, int x, int y)
{
    int z = sf->z, x0 = sf->ox + x * z, y0 = sf->oy + y * z, s = px(z, 2);
    uint32_t churn = sf->t_ms / SHORE_PHASE_MS;
    canvas_blend_rect(map, x0, y0, z, z, paint_alpha(LOOK_FOAM, 50));
    for (int py = 0; py < z; py += s)
        for (int pxx = 0; pxx < z; pxx += s)
            if (paint_hash((uint32_t)(x * z + pxx), (uint32_t)(y * z + py), churn) % 3u == 0)
                canvas_blend_rect(map, x0 + pxx, y0 + py, s, s, paint_alpha(LOOK_FOAM, 190));
    canvas_frame_rect(map, x0, y0, z, z, 1, paint_alpha(LOOK_FOAM, 120));
}

int shore_draw(canvas *map, shore_tiles *st, const shore_frame *sf)
{
    const dfloor *f = sf->f;
    if (st->zoom != sf->z) {
        shore_tiles_clear(st);
        st->zoom = sf->z;
    }
    int phase = (int)((sf->t_ms / SHORE_PHASE_MS) % SHORE_TEX);
    enum { CHUNK = 64 }; /* a row's tiles at once: canvas_blit_row copies them row by row */
    const canvas *row[CHUNK];
    for (int y = sf->sy0; y < sf->sy1; y++)
        for (int x0 = sf->sx0; x0 < sf->sx1; x0 += CHUNK) {
            int n = sf->sx1 - x0 < CHUNK ? sf->sx1 - x0 : CHUNK;
            for (int k = 0; k < n; k++) {
                int x = x0 + k, b = shore_band_of(f, y * f->w + x, sf->tide);
                int tex = b <= SB_SHALLOW_EDGE
                              ? phase
                              : (int)(paint_hash((uint32_t)x, (uint32_t)y, 0x5Au) % SHORE_TEX);
                if (!(row[k] = tile_get(st, b, edge_mask(f, x, y), tex)))
                    return -1;
            }
            canvas_blit_row(map, row, n, sf->ox + x0 * sf->z, sf->oy + y * sf->z, sf->z);
        }
    for (int y = sf->sy0; sf->changed && y < sf->sy1; y++)
        for (int x = sf->sx0; x < sf->sx1; x++)
            if (sf->changed[y * f->w + x])
                draw_foam(map, sf, x, y);
    return 0;
}
