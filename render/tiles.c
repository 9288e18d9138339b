/* tiles: the painters of every tile kind and mask, and the lazily filled set that keeps
 * them. Painters are designed at 24 px a square and scale with the zoom through px(),
 * so small zooms stay readable and large ones stay sharp. */
#include "render/tiles.h"

#include <stdlib.h>
#include <string.h>

#include "render/look.h"
#include "render/paint.h"

typedef void tile_painter(canvas *t, int variant, int z);
typedef void mask_painter(tile_mask *m, int variant, int z);

/* A length designed at 24 px a square, at zoom z (at least 1). */
static int px(int z, int n24)
{
    int v = (z * n24 + 12) / 24;
    return v < 1 ? 1 : v;
}

/* Fills t with base plus blocky noise of +-grain (blocks of b px), salted. */
static void paint_grain(canvas *t, rgba base, int grain, int b, uint32_t salt)
{
    for (int y = 0; y < t->h; y += b)
        for (int x = 0; x < t->w; x += b) {
            int d = (int)(paint_hash((uint32_t)(x / b), (uint32_t)(y / b), salt) % (uint32_t)(2 * grain + 1)) - grain;
            canvas_fill_rect(t, x, y, b, b, paint_shade(base, d));
        }
}

/* Darkens a band of depth px along the edges named by mask bits (N, W, E, S). */
static void paint_edge_shade(canvas *t, int mask, int depth, int strength)
{
    for (int i = 0; i < depth; i++) {
        rgba sh = { 0, 0, 0, (uint8_t)(strength * (depth - i) / depth) };
        if (mask & TILE_N) canvas_blend_rect(t, 0, i, t->w, 1, sh);
        if (mask & TILE_S) canvas_blend_rect(t, 0, t->h - 1 - i, t->w, 1, sh);
        if (mask & TILE_W) canvas_blend_rect(t, i, 0, 1, t->h, sh);
        if (mask & TILE_E) canvas_blend_rect(t, t->w - 1 - i, 0, 1, t->h, sh);
    }
}

/* Rotates the square canvas t in place by turns quarter turns clockwise. */
static void paint_rotate(canvas *t, int turns)
{
    int n = t->w;
    turns &= 3;
    if (turns == 0 || t->w != t->h)
        return;
    uint32_t *tmp = malloc((size_t)n * (size_t)n * 4);
    if (!tmp)
        return;
    for (int y = 0; y < n; y++)
        memcpy(tmp + (size_t)y * n, canvas_at(t, 0, y), (size_t)n * 4);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int sx = x, sy = y;  /* source of destination (x, y) */
            if (turns == 1) sx = y, sy = n - 1 - x;
            if (turns == 2) sx = n - 1 - x, sy = n - 1 - y;
            if (turns == 3) sx = n - 1 - y, sy = x;
            memcpy(canvas_at(t, x, y), tmp + (size_t)sy * n + sx, 4);
        }
    free(tmp);
}

/* --- ground ------------------------------------------------------------------- */

static void paint_rock(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_ROCK);
    paint_grain(t, l->base, l->grain, px(z, 3), 100u + (uint32_t)v);
    /* a few pale specks and dark pocks so rock reads as stone, not as a hole */
    for (int i = 0; i < 3; i++) {
        uint32_t h = paint_hash((uint32_t)v, (uint32_t)i, 7u);
        int x = (int)(h % (uint32_t)z), y = (int)((h >> 8) % (uint32_t)z);
        rgba c = (i & 1) ? l->line : l->accent;
        canvas_fill_rect(t, x, y, px(z, 2), px(z, 1), c);
    }
}

/* Bricks of 12 x 6 (at 24 px), alternate rows offset by half a brick, so walls tile. */
static void paint_wall(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_WALL);
    int mask = v / TILE_WALL_TEXTURES, tex = v % TILE_WALL_TEXTURES;
    int bw = z / 2 > 2 ? z / 2 : 2, bh = z / 4 > 2 ? z / 4 : 2, m = px(z, 1);
    rgba base = mask ? l->base : paint_shade(l->base, -18);  /* walls deep in rock recede */
    canvas_clear(t, l->line);
    for (int row = 0; row * bh < z; row++) {
        int off = (row & 1) ? -bw / 2 : 0;
        for (int x = off; x < z; x += bw) {
            uint32_t h = paint_hash((uint32_t)(x + 64), (uint32_t)row, 200u + (uint32_t)tex);
            rgba c = paint_shade(base, (int)(h % (uint32_t)(2 * l->grain + 1)) - l->grain);
            canvas_fill_rect(t, x, row * bh, bw - m, bh - m, c);
            canvas_fill_rect(t, x, row * bh, bw - m, 1, paint_shade(c, 14));
        }
    }
    /* the faces that open ground sees: a lit band with a dark lip under it */
    int lit = px(z, 2);
    rgba a = l->accent;
    if (mask & TILE_S) canvas_fill_rect(t, 0, z - lit, z, lit, a);
    if (mask & TILE_N) canvas_fill_rect(t, 0, 0, z, lit, paint_shade(a, -30));
    if (mask & TILE_W) canvas_fill_rect(t, 0, 0, lit, z, paint_shade(a, -20));
    if (mask & TILE_E) canvas_fill_rect(t, z - lit, 0, lit, z, paint_shade(a, -20));
}

/* Flagstones: 2 x 2 stones a square with a bevel and a grout line. */
static void paint_floor(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_FLOOR);
    int mask = v / TILE_TEXTURES, tex = v % TILE_TEXTURES;
    int s = z / 2 > 1 ? z / 2 : 1, g = px(z, 1);
    canvas_clear(t, l->line);
    for (int sy = 0; sy < z; sy += s)
        for (int sx = 0; sx < z; sx += s) {
            uint32_t h = paint_hash((uint32_t)sx, (uint32_t)sy, 300u + (uint32_t)tex);
            rgba c = paint_shade(l->base, (int)(h % 13u) - 6);
            int w = (sx + s > z ? z - sx : s) - g, hh = (sy + s > z ? z - sy : s) - g;
            canvas fill = canvas_view(t, sx, sy, w, hh);
            paint_grain(&fill, c, 2, px(z, 2), h);
            canvas_fill_rect(t, sx, sy, w, 1, paint_shade(c, 10));
            canvas_fill_rect(t, sx, sy, 1, hh, paint_shade(c, 6));
            canvas_fill_rect(t, sx, sy + hh - 1, w, 1, paint_shade(c, -10));
        }
    int sh = ((mask & 1) ? TILE_N : 0) | ((mask & 2) ? TILE_W : 0);
    paint_edge_shade(t, sh, px(z, 5), 110);
}

/* Cobbles: small stones (6 px at 24) in offset rows, darker than a room's floor. */
static void paint_corridor(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_CORRIDOR);
    int mask = v / TILE_TEXTURES, tex = v % TILE_TEXTURES;
    int c6 = z / 4 > 2 ? z / 4 : 2, g = px(z, 1);
    canvas_clear(t, l->line);
    for (int row = 0; row * c6 < z; row++) {
        int off = (row & 1) ? -c6 / 2 : 0;
        for (int x = off; x < z; x += c6) {
            uint32_t h = paint_hash((uint32_t)(x + 32), (uint32_t)row, 400u + (uint32_t)tex);
            rgba c = paint_shade(l->base, (int)(h % (uint32_t)(2 * l->grain + 1)) - l->grain);
            canvas_fill_rect(t, x + g, row * c6 + g, c6 - 2 * g, c6 - g, c);
            canvas_fill_rect(t, x + g, row * c6 + g, c6 - 2 * g, 1, paint_shade(c, 9));
        }
    }
    int sh = ((mask & 1) ? TILE_N : 0) | ((mask & 2) ? TILE_W : 0);
    paint_edge_shade(t, sh, px(z, 5), 120);
}

/* A wooden door in a stone frame; drawn for walls left and right, turned for v 1. */
static void paint_door(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_DOOR), *w = look_terrain(T_WALL);
    int post = px(z, 4), board = z / 5 > 2 ? z / 5 : 2;
    canvas_clear(t, look_terrain(T_CORRIDOR)->base);
    for (int x = post, i = 0; x < z - post; x += board, i++) {
        rgba c = paint_shade(l->base, (i & 1) ? -8 : 4);
        canvas_fill_rect(t, x, 0, board, z, c);
        canvas_fill_rect(t, x, 0, 1, z, l->line);
    }
    rgba iron = paint_rgb(52, 50, 56);
    canvas_fill_rect(t, post, px(z, 5), z - 2 * post, px(z, 2), iron);
    canvas_fill_rect(t, post, z - px(z, 7), z - 2 * post, px(z, 2), iron);
    paint_disc(t, (z - post - px(z, 4)) * PAINT_SUB, z * PAINT_SUB / 2, px(z, 2) * PAINT_SUB,
               paint_rgb(200, 180, 90));
    canvas_fill_rect(t, 0, 0, post, z, w->base);
    canvas_fill_rect(t, z - post, 0, post, z, w->base);
    canvas_fill_rect(t, post - 1, 0, 1, z, w->accent);
    canvas_fill_rect(t, z - post, 0, 1, z, w->accent);
    canvas_fill_rect(t, 0, 0, z, 1, l->line);
    canvas_fill_rect(t, 0, z - 1, z, 1, l->line);
    paint_rotate(t, v);
}

/* Fluids: base with drifting crests; the phase moves them a quarter period a frame. */
/* A triangle wave 0..255..0 of period p at position i (integer, so bytes match). */
static int tri(int i, int p)
{
    int m = ((i % p) + p) % p, h = p / 2 > 0 ? p / 2 : 1;
    return (m < h ? m : p - m) * 255 / h;
}

/* Water: two crossing ripple bands drifting with the phase, and glints that blink on
 * and off at the pattern's own spots. */
static void paint_water(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_WATER);
    int pat = v / TILE_PHASES, ph = v % TILE_PHASES, p = z / 2 > 4 ? z / 2 : 4;
    paint_grain(t, l->base, l->grain, px(z, 4), 500u + (uint32_t)pat);
    for (int y = 0; y < z; y++)
        for (int x = 0; x < z; x++) {
            int a = tri(x + 2 * y + ph * p / TILE_PHASES, p);
            int b = tri(2 * x - y - ph * p / TILE_PHASES + pat * 3, p + 3);
            int crest = (a > 200 ? a - 200 : 0) * 3 + (b > 215 ? b - 215 : 0) * 3;
            int trough = a < 40 ? (40 - a) * 2 : 0;
            if (crest)
                canvas_blend_px(t, x, y, paint_alpha(l->accent, crest > 170 ? 170 : crest));
            else if (trough)
                canvas_blend_px(t, x, y, paint_alpha(l->line, trough));
        }
    for (int i = 0; i < 3; i++) {
        uint32_t h = paint_hash((uint32_t)pat, (uint32_t)i, 51u);
        if ((int)((h >> 16) % TILE_PHASES) != ph && (int)((h >> 20) % TILE_PHASES) != ph)
            continue;
        int x = (int)(h % (uint32_t)z), y = (int)((h >> 8) % (uint32_t)z), r = px(z, 1);
        canvas_fill_rect(t, x - r, y, 2 * r + 1, 1, paint_rgb(230, 245, 255));
        canvas_fill_rect(t, x, y - r, 1, 2 * r + 1, paint_rgb(230, 245, 255));
    }
}

/* Acid: a sickly swirl with bubbles that swell over the phases and pop (a ring), each
 * pattern with its own bubbles at their own times. */
static void paint_acid(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_ACID);
    int pat = v / TILE_PHASES, ph = v % TILE_PHASES, p = z / 3 > 4 ? z / 3 : 4;
    paint_grain(t, l->base, l->grain, px(z, 3), 600u + (uint32_t)pat);
    for (int y = 0; y < z; y++)
        for (int x = 0; x < z; x++) {
            int a = tri(x - y + ph * p / TILE_PHASES + (int)(paint_hash((uint32_t)(y / 3), (uint32_t)pat, 61u) % 3u), p);
            if (a > 200)
                canvas_blend_px(t, x, y, paint_alpha(l->line, (a - 200) * 2));
        }
    for (int i = 0; i < 4; i++) {
        uint32_t h = paint_hash((uint32_t)pat, (uint32_t)i, 62u);
        int age = (ph + (int)((h >> 16) % TILE_PHASES)) % TILE_PHASES;
        int x = px(z, 3) + (int)(h % (uint32_t)(z - 2 * px(z, 3) > 0 ? z - 2 * px(z, 3) : 1));
        int y = px(z, 3) + (int)((h >> 8) % (uint32_t)(z - 2 * px(z, 3) > 0 ? z - 2 * px(z, 3) : 1));
        int r = px(z, 1) + age * px(z, 3) / TILE_PHASES;
        if (age == TILE_PHASES - 1) { /* popping: a thin bright ring */
            paint_ring(t, x * PAINT_SUB, y * PAINT_SUB, r * PAINT_SUB, r * PAINT_SUB + PAINT_SUB,
                       paint_alpha(l->accent, 200));
        } else {
            paint_disc(t, x * PAINT_SUB, y * PAINT_SUB, r * PAINT_SUB,
                       paint_alpha(l->accent, 120 + age * 12));
            canvas_blend_px(t, x - r / 2, y - r / 2, paint_rgb(240, 255, 200));
        }
    }
}

/* Lava: dark crust plates split by glowing cracks whose heat breathes with the
 * phase, and a hot spot per pattern that wells up. */
static void paint_lava(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_LAVA);
    int pat = v / TILE_PHASES, ph = v % TILE_PHASES;
    int heat = tri(ph, TILE_PHASES); /* 0..255..0 over the cycle */
    rgba crack = paint_mix(l->base, l->accent, 96 + heat * 3 / 5);
    canvas_clear(t, crack);
    /* crust: 3 x 3 cells with jittered centres; a pixel is crust unless it is near
     * the border between its two nearest centres */
    int cx[9], cy[9], n = 0, cell = z / 3 > 1 ? z / 3 : 1;
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++, n++) {
            uint32_t h = paint_hash((uint32_t)(i + 3 * j), (uint32_t)pat, 71u);
            cx[n] = i * cell + (int)(h % (uint32_t)cell);
            cy[n] = j * cell + (int)((h >> 8) % (uint32_t)cell);
        }
    int gap = px(z, 2) * px(z, 2);
    for (int y = 0; y < z; y++)
        for (int x = 0; x < z; x++) {
            int d1 = 1 << 30, d2 = 1 << 30, k1 = 0;
            for (int k = 0; k < 9; k++) {
                int dx = x - cx[k], dy = y - cy[k], d = dx * dx + dy * dy;
                if (d < d1) { d2 = d1; d1 = d; k1 = k; } else if (d < d2) d2 = d;
            }
            if (d2 - d1 > gap) {
                int sh = (int)(paint_hash((uint32_t)k1, (uint32_t)pat, 72u) % 24u);
                canvas_fill_rect(t, x, y, 1, 1, paint_shade(l->line, sh - 30));
            }
        }
    uint32_t h = paint_hash((uint32_t)pat, 9u, 73u);
    int r = px(z, 2) + heat * px(z, 4) / 255;
    paint_disc(t, (int)(h % (uint32_t)z) * PAINT_SUB, (int)((h >> 8) % (uint32_t)z) * PAINT_SUB,
               r * PAINT_SUB, paint_alpha(paint_rgb(255, 230, 120), 90 + heat / 3));
}

static void paint_bridge(canvas *t, int v, int z)
{
    static const terrain UNDER[3] = { T_WATER, T_ACID, T_LAVA };
    const terrain_look *l = look_terrain(T_BRIDGE);
    int board = z / 4 > 2 ? z / 4 : 2, rail = px(z, 3);
    canvas_clear(t, look_terrain(UNDER[(v / 2) % 3])->line);
    v %= 2;
    for (int x = 0, i = 0; x < z; x += board, i++) {
        canvas_fill_rect(t, x, rail, board - 1, z - 2 * rail, paint_shade(l->base, (i & 1) ? -10 : 6));
    }
    canvas_fill_rect(t, 0, 0, z, rail, l->line);
    canvas_fill_rect(t, 0, z - rail, z, rail, l->line);
    canvas_fill_rect(t, 0, rail / 2, z, 1, l->accent);
    canvas_fill_rect(t, 0, z - rail / 2 - 1, z, 1, l->accent);
    paint_rotate(t, v);
}

/* --- ways ---------------------------------------------------------------------- */

/* Filled triangle pointing up (dir 0) or down (dir 1), centred at (cx, cy), half-width hw. */
static void paint_arrow(canvas *t, int cx, int cy, int hw, int dir, rgba c)
{
    for (int i = 0; i <= hw; i++) {
        int y = dir == 0 ? cy - hw / 2 + i : cy + hw / 2 - i;
        canvas_fill_rect(t, cx - i, y, 2 * i + 1, 1, c);
    }
}

/* A metal platform in a cage of bars with yellow up and down arrows. */
static void paint_lift(canvas *t, int v, int z)
{
    const way_look *l = look_way(WAY_LIFT);
    (void)v;
    canvas_clear(t, paint_shade(l->base, -40));
    int in = px(z, 2);
    canvas fl = canvas_view(t, in, in, z - 2 * in, z - 2 * in);
    canvas_clear(&fl, l->base);
    for (int y = 0; y < fl.h; y++)  /* diamond plate */
        for (int x = 0; x < fl.w; x++)
            if ((x + y) % px(z, 4) == 0 && (x - y + 64 * z) % px(z, 8) < px(z, 2))
                canvas_blend_px(&fl, x, y, paint_rgb(140, 146, 156));
    rgba bar = paint_rgb(40, 42, 48);
    canvas_frame_rect(t, 0, 0, z, z, px(z, 2), bar);
    for (int i = px(z, 4); i < z - 2; i += px(z, 5)) {
        canvas_fill_rect(t, i, 0, px(z, 1), px(z, 3), paint_rgb(150, 154, 164));
        canvas_fill_rect(t, i, z - px(z, 3), px(z, 1), px(z, 3), paint_rgb(150, 154, 164));
    }
    int hw = px(z, 5);
    paint_arrow(t, z / 2, z / 2 - px(z, 5), hw, 0, l->accent);
    paint_arrow(t, z / 2, z / 2 + px(z, 5), hw, 1, l->accent);
}

/* A dark shaft with two rails and rungs. */
static void paint_ladder(canvas *t, int v, int z)
{
    const way_look *l = look_way(WAY_LADDER);
    (void)v;
    canvas_clear(t, look_terrain(T_FLOOR)->line);
    int in = px(z, 2);
    canvas_fill_rect(t, in, in, z - 2 * in, z - 2 * in, l->base);
    int r = px(z, 2), x0 = z * 7 / 24, x1 = z - z * 7 / 24 - r;
    for (int y = in + px(z, 2); y < z - in - 1; y += px(z, 5)) {
        canvas_fill_rect(t, x0, y, x1 - x0 + r, px(z, 2), paint_shade(l->accent, -30));
        canvas_fill_rect(t, x0, y, x1 - x0 + r, 1, l->accent);
    }
    canvas_fill_rect(t, x0, 0, r, z, l->accent);
    canvas_fill_rect(t, x1, 0, r, z, l->accent);
    canvas_fill_rect(t, x0, 0, 1, z, paint_shade(l->accent, 40));
    canvas_fill_rect(t, x1, 0, 1, z, paint_shade(l->accent, 40));
}

/* Steps going down from the top edge: each step darker, with a lit nose. */
static void paint_stair(canvas *t, int v, int z)
{
    const way_look *l = look_way(WAY_STAIR);
    (void)v;
    int steps = 5, sh = z / steps > 1 ? z / steps : 1;
    canvas_clear(t, l->accent);
    for (int i = 0; i < steps; i++) {
        rgba c = paint_shade(l->base, -i * 14);
        int y = i * sh, h = i == steps - 1 ? z - y : sh;
        canvas_fill_rect(t, 1, y, z - 2, h - 1, c);
        canvas_fill_rect(t, 1, y, z - 2, 1, paint_shade(c, 24));
    }
}

/* A smooth slope, lighter at the top, with chevrons pointing up it. */
static void paint_ramp(canvas *t, int v, int z)
{
    const way_look *l = look_way(WAY_RAMP);
    (void)v;
    paint_vgrad(t, 0, 0, z, z, paint_shade(l->base, 24), paint_shade(l->base, -30));
    for (int k = 0; k < 2; k++) {
        int cy = z / 3 + k * z / 3, hw = px(z, 6);
        for (int i = -hw; i <= hw; i++) {
            int y = cy + (i < 0 ? -i : i) / 2;
            canvas_fill_rect(t, z / 2 + i, y, 1, px(z, 2), paint_alpha(l->accent, 200));
        }
    }
}

/* Wedge steps round a post. The eight spokes come from a table of unit vectors x 256. */
static void paint_spiral(canvas *t, int v, int z)
{
    static const int SPOKE[8][2] = { { 256, 0 }, { 181, 181 }, { 0, 256 }, { -181, 181 },
                                     { -256, 0 }, { -181, -181 }, { 0, -256 }, { 181, -181 } };
    const way_look *l = look_way(WAY_SPIRAL);
    (void)v;
    canvas_clear(t, look_terrain(T_FLOOR)->line);
    int c = z * PAINT_SUB / 2, r = (z / 2 - 1) * PAINT_SUB;
    paint_disc(t, c, c, r, l->base);
    for (int i = 0; i < 8; i++) {
        int ex = z / 2 + SPOKE[i][0] * (z / 2 - 1) / 256, ey = z / 2 + SPOKE[i][1] * (z / 2 - 1) / 256;
        paint_line(t, z / 2, z / 2, ex, ey, l->accent);
    }
    paint_disc(t, c, c, px(z, 3) * PAINT_SUB, paint_shade(l->base, 40));
}

/* --- rising: stairs, ramps, turning stairs and curve marks on the ground --------- */

/* A stair square going down southwards (v: quarter turns clockwise): five treads,
 * each darker, with a lit nose line (step lines). */
static void paint_steps(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_STAIR);
    int steps = 4, sh = z / steps > 1 ? z / steps : 1;
    canvas_clear(t, l->line);
    for (int i = 0; i < steps; i++) {
        rgba c = paint_shade(l->base, -i * 16);
        int y = i * sh, h = i == steps - 1 ? z - y : sh;
        canvas_fill_rect(t, 0, y, z, h - px(z, 1), c);
        canvas_fill_rect(t, 0, y, z, px(z, 1), l->accent);
    }
    paint_rotate(t, v);
}

/* A ramp square sloping down southwards: a smooth gradient, lighter up the slope, and
 * a long arrow pointing up it, as a plan marks a ramp (v: quarter turns clockwise). */
static void paint_slope(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_RAMP);
    paint_vgrad(t, 0, 0, z, z, paint_shade(l->base, 30), paint_shade(l->base, -34));
    int w = px(z, 2), cx = z / 2;
    canvas_fill_rect(t, cx - w / 2, px(z, 7), w, z - px(z, 10), l->accent);
    paint_arrow(t, cx, px(z, 7), px(z, 6), 0, l->accent);
    paint_rotate(t, v);
}

/* Treads fanned round the inner corner of the open pair N+E (v turns it): the angle
 * from the corner picks the tread, each darker, a lit nose between them. */
static void paint_turn(canvas *t, int v, int z)
{
    static const int TAN256[4] = { 83, 186, 352, 788 }; /* tan 18, 36, 54, 72 deg x 256 */
    const terrain_look *l = look_terrain(T_TURN);
    for (int y = 0; y < z; y++)
        for (int x = 0; x < z; x++) {
            int dx = z - 1 - x, dy = y, k = 0, nose = 0;
            for (int i = 0; i < 4; i++) {
                k += dy * 256 > dx * TAN256[i];
                nose |= abs(dy * 256 - dx * TAN256[i]) < 256 * (dx + dy) / z + 180;
            }
            rgba c = nose ? l->accent : paint_shade(l->base, -k * 15);
            canvas_fill_rect(t, x, y, 1, 1, c);
        }
    paint_ring(t, z * PAINT_SUB, 0, px(z, 3) * PAINT_SUB, px(z, 5) * PAINT_SUB, l->line);
    paint_rotate(t, v);
}

/* A corridor corner (open N+E, v turns it) with a curve mark: a bright quarter arc
 * from the middle of the north edge to the middle of the east edge. */
static void paint_curve(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_CURVE);
    paint_corridor(t, (int)(paint_hash((uint32_t)v, 7u, 11u) % TILE_TEXTURES), z);
    int r = z / 2, w = px(z, 2);
    paint_ring(t, z * PAINT_SUB, 0, (r - w / 2) * PAINT_SUB - PAINT_SUB / 2,
               (r + w - w / 2) * PAINT_SUB - PAINT_SUB / 2, l->accent);
    paint_rotate(t, v);
}

/* --- pits ---------------------------------------------------------------------- */

/* The seam lines of pit variant v as a coverage canvas: jagged seams across the square
 * (one each way, broken at hashed points) and two cracks off them. */
static void pit_seams(canvas *m, int v, int z)
{
    rgba w = { 255, 255, 255, 255 };
    int j[8];
    for (int i = 0; i < 8; i++)
        j[i] = (int)(paint_hash((uint32_t)v, (uint32_t)i, 33u) % (uint32_t)(z / 5 + 1)) - z / 10;
    int cx = z / 2 + j[0], cy = z / 2 + j[1];
    int pts[][4] = {
        { z * 2 / 5 + j[2], 0, cx - z / 10, cy - z / 4 + j[3] / 2 },
        { cx - z / 10, cy - z / 4 + j[3] / 2, cx, cy },
        { cx, cy, cx + z / 12 + j[4] / 2, cy + z / 4 },
        { cx + z / 12 + j[4] / 2, cy + z / 4, z * 11 / 20 + j[5], z - 1 },
        { 0, z * 9 / 20 + j[6], cx - z / 4, cy + z / 12 },
        { cx - z / 4, cy + z / 12, cx, cy },
        { cx, cy, cx + z / 4, cy - z / 10 + j[7] / 2 },
        { cx + z / 4, cy - z / 10 + j[7] / 2, z - 1, z * 3 / 5 },
        { cx + z / 8, cy - z / 10, z * 4 / 5, z / 6 },          /* crack to a corner */
        { cx - z / 6, cy + z / 14, z / 5, z * 4 / 5 },           /* and another */
    };
    int th = z / 24 > 1 ? z / 24 : 1;  /* seams thicken with the zoom */
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++)
        for (int k = 0; k < th; k++)
            paint_line(m, pts[i][0] + k, pts[i][1], pts[i][2] + k, pts[i][3], w);
}

/* Labels of the plates the seams cut the square into (flood fill, 4-connected). */
static void pit_regions(const canvas *seam, int z, uint8_t *lab)
{
    int *stack = malloc((size_t)z * (size_t)z * sizeof *stack);
    memset(lab, 0, (size_t)z * (size_t)z);
    if (!stack)
        return;
    uint8_t next = 1;
    for (int i = 0; i < z * z; i++) {
        if (lab[i] || canvas_at(seam, i % z, i / z)[3])
            continue;
        int n = 0;
        stack[n++] = i;
        lab[i] = next;
        while (n > 0) {
            int p = stack[--n], x = p % z, y = p / z;
            for (int k = 0; k < DIR_COUNT; k++) { /* any order: a whole part gets one label */
                int qx = x + DIR4_DX[k], qy = y + DIR4_DY[k], q = qy * z + qx;
                if (qx < 0 || qy < 0 || qx >= z || qy >= z || lab[q] ||
                    canvas_at(seam, qx, qy)[3])
                    continue;
                lab[q] = next;
                stack[n++] = q;
            }
        }
        next = next == 255 ? 255 : next + 1;
    }
    free(stack);
}

/* Cracked, buckled plates: each plate tilts its own way (a shade gradient), seams dark
 * (the glow is blended on per frame from TM_SEAM_*). */
static void paint_pit_plates(canvas *t, int v, int z)
{
    canvas seam;
    uint8_t *lab = malloc((size_t)z * (size_t)z);
    if (!lab || canvas_init(&seam, z, z, NULL) != DELVE_OK) {
        free(lab);
        canvas_clear(t, LOOK_PIT_PLATE);
        return;
    }
    pit_seams(&seam, v, z);
    pit_regions(&seam, z, lab);
    for (int y = 0; y < z; y++)
        for (int x = 0; x < z; x++) {
            int r = lab[y * z + x];
            uint32_t h = paint_hash((uint32_t)r, (uint32_t)v, 44u);
            int gx = (int)(h % 5u) - 2, gy = (int)((h >> 4) % 5u) - 2;
            int d = (int)((h >> 8) % 21u) - 10 + (gx * (2 * x - z) + gy * (2 * y - z)) * 11 / z;
            d += (int)(paint_hash((uint32_t)x, (uint32_t)y, 45u) % 5u) - 2;
            rgba c = r ? paint_shade(LOOK_PIT_PLATE, d) : LOOK_PIT_SEAM;
            memcpy(canvas_at(t, x, y), &c, 4);
        }
    /* plates sit in a frame: a dark rim with rivets */
    canvas_frame_rect(t, 0, 0, z, z, px(z, 1), paint_rgb(46, 40, 36));
    for (int i = 0; i < 4; i++) {
        int rx = (i & 1) ? z - px(z, 3) : px(z, 2), ry = (i & 2) ? z - px(z, 3) : px(z, 2);
        canvas_fill_rect(t, rx, ry, px(z, 1), px(z, 1), paint_rgb(150, 136, 120));
    }
    free(lab);
    canvas_free(&seam);
}

/* The black hole an opened pit leaves: a rim of broken plate, shards in the corners. */
static void paint_pit_open(canvas *t, int v, int z)
{
    (void)v;
    canvas_clear(t, look_terrain(T_FLOOR)->line);
    int c = z * PAINT_SUB / 2;
    paint_disc(t, c, c, (z / 2) * PAINT_SUB + PAINT_SUB / 2, LOOK_HOLE_RIM);
    paint_disc(t, c, c, (z / 2) * PAINT_SUB - px(z, 2) * PAINT_SUB, paint_shade(LOOK_HOLE_RIM, -40));
    paint_disc(t, c, c, (z / 2) * PAINT_SUB - px(z, 3) * PAINT_SUB, LOOK_HOLE);
    paint_disc(t, c, c + px(z, 2) * PAINT_SUB, px(z, 3) * PAINT_SUB, paint_rgb(40, 6, 4));
    for (int i = 0; i < 4; i++) {  /* broken plate shards left in the corners */
        int sx = (i & 1) ? z - 1 : 0, sy = (i & 2) ? z - 1 : 0, dx = (i & 1) ? -1 : 1,
            dy = (i & 2) ? -1 : 1;
        for (int k = 0; k < px(z, 5); k++)
            canvas_fill_rect(t, (i & 1) ? sx - (px(z, 5) - k) + 1 : sx, sy + dy * k,
                             px(z, 5) - k, 1, paint_shade(LOOK_PIT_PLATE, -k * 3));
        (void)dx;
    }
}

/* --- rest stations -------------------------------------------------------------- */

/* Font: a round stone basin of water on a bracket from the wall, with a spout. */
static void fixture_font(canvas *t, const fixture_look *l, int z)
{
    int c = z * PAINT_SUB / 2, cy = z * PAINT_SUB * 11 / 24, S = PAINT_SUB;
    canvas_fill_rect(t, z / 2 - px(z, 5), 0, px(z, 10), z * 11 / 24, paint_shade(l->body, -50));
    canvas_fill_rect(t, z / 2 - px(z, 4), 0, px(z, 8), z * 11 / 24, paint_shade(l->body, -20));
    paint_disc(t, c, cy, z * S * 10 / 24, paint_shade(l->body, -70));
    paint_disc(t, c, cy, z * S * 9 / 24, l->body);
    paint_disc(t, c - S / 2, cy - S / 2, z * S * 8 / 24, paint_shade(l->body, 24));
    paint_disc(t, c, cy, z * S * 6 / 24, paint_shade(l->detail, -40));
    paint_disc(t, c, cy + S, z * S * 5 / 24, l->detail);
    paint_ring(t, c, cy, z * S * 3 / 24, z * S * 4 / 24,
               paint_alpha(paint_shade(l->detail, 90), 140));
    canvas_fill_rect(t, z / 2 - px(z, 1), 0, px(z, 2), px(z, 4), paint_rgb(200, 200, 210));
}

/* A rectangle with a dark outline, in 24ths of a square (x, y, w, h at zoom z). */
static void box24(canvas *t, int z, int x, int y, int w, int h, rgba body, rgba edge)
{
    int X = z * x / 24, Y = z * y / 24, W = px(z, w), H = px(z, h);
    canvas_fill_rect(t, X - 1, Y - 1, W + 2, H + 2, edge);
    canvas_fill_rect(t, X, Y, W, H, body);
}

/* Drip bench: a wooden bench along the wall with three drip vessels and their drops. */
static void fixture_bench(canvas *t, const fixture_look *l, int z)
{
    rgba edge = paint_rgb(26, 18, 12);
    box24(t, z, 1, 0, 22, 10, l->body, edge);
    canvas_fill_rect(t, z / 24, px(z, 5), px(z, 22), 1, paint_shade(l->body, -30));
    canvas_fill_rect(t, z / 24, px(z, 9), px(z, 22), 1, paint_shade(l->body, 30));
    for (int i = 0; i < 3; i++) {
        int cx = z * (5 + 7 * i) * PAINT_SUB / 24, cy = z * 5 * PAINT_SUB / 24;
        paint_disc(t, cx, cy, z * PAINT_SUB * 7 / 48, edge);
        paint_disc(t, cx, cy, z * PAINT_SUB * 5 / 48, l->detail);
        paint_disc(t, cx - PAINT_SUB / 2, cy - PAINT_SUB / 2, z * PAINT_SUB / 48, paint_rgb(255, 255, 255));
        paint_disc(t, cx, z * (13 + 3 * (i & 1)) * PAINT_SUB / 24, z * PAINT_SUB / 32 + PAINT_SUB / 2, l->detail);
    }
}

/* Nutrient tap: a tank with a window on its contents, a pipe with a red valve wheel,
 * a nozzle over a drip tray. */
static void fixture_tap(canvas *t, const fixture_look *l, int z)
{
    rgba edge = paint_rgb(22, 24, 28), metal = l->body;
    box24(t, z, 4, 0, 17, 3, paint_shade(metal, -40), edge);         /* backplate */
    box24(t, z, 3, 1, 8, 16, metal, edge);                           /* tank */
    box24(t, z, 5, 4, 4, 10, l->detail, paint_shade(l->detail, -90)); /* its window */
    canvas_fill_rect(t, z * 5 / 24, z * 4 / 24, 1, px(z, 10), paint_shade(l->detail, 60));
    box24(t, z, 11, 6, 6, 3, metal, edge);                           /* pipe across */
    box24(t, z, 15, 6, 3, 10, metal, edge);                          /* and down */
    paint_ring(t, z * PAINT_SUB * 33 / 48, z * PAINT_SUB * 10 / 24, z * PAINT_SUB * 2 / 24,
               z * PAINT_SUB * 3 / 24 + PAINT_SUB / 2, paint_rgb(196, 44, 36));
    box24(t, z, 12, 18, 9, 3, paint_rgb(44, 46, 52), edge);          /* drip tray */
    paint_disc(t, z * PAINT_SUB * 33 / 48, z * PAINT_SUB * 17 / 24, z * PAINT_SUB / 24 + PAINT_SUB / 2,
               l->detail);
}

/* A fixture against the wall above, turned to its wall: look * 4 + quarter turns. */
static void paint_fixture(canvas *t, int v, int z)
{
    station_look look = (station_look)(v / 4);
    const fixture_look *l = look_fixture(look);
    if (look == LOOK_DRIP_BENCH)
        fixture_bench(t, l, z);
    else if (look == LOOK_NUTRIENT_TAP)
        fixture_tap(t, l, z);
    else
        fixture_font(t, l, z);
    paint_rotate(t, v % 4);
}

/* The lamp: a bright disc in a dark bezel, colour by state; half a square wide. */
static void paint_lamp(canvas *t, int v, int z)
{
    rgba col = look_lamp(v ? LAMP_SPENT : LAMP_READY);
    int c = t->w * PAINT_SUB / 2, r = (t->w / 2) * PAINT_SUB - PAINT_SUB / 2;
    paint_disc(t, c, c, r, paint_rgb(20, 20, 24));
    paint_disc(t, c, c, r - px(z, 1) * PAINT_SUB - PAINT_SUB / 2, col);
    paint_disc(t, c - r / 4, c - r / 4, r / 3, paint_alpha(paint_mix(col, paint_rgb(255, 255, 255), 180), 220));
}

void tiles_lamp_pos(int zoom, int turns, int *x, int *y)
{
    int z = zoom < TILES_ZOOM_MIN ? TILES_ZOOM_MIN : zoom > TILES_ZOOM_MAX ? TILES_ZOOM_MAX : zoom;
    int lx = z * 20 / 24, ly = z * 3 / 24;  /* on the wall's foot, right of the fixture */
    for (int i = 0; i < (turns & 3); i++) {
        int nx = z - 1 - ly, ny = lx;
        lx = nx, ly = ny;
    }
    *x = lx, *y = ly;
}

/* --- marks and the party ---------------------------------------------------------- */

/* Entrance: teal corner brackets and a dot. */
static void paint_entrance(canvas *t, int v, int z)
{
    (void)v;
    rgba c = paint_alpha(LOOK_ENTRANCE, 230);
    int a = px(z, 7), th = px(z, 2), i = px(z, 2);
    canvas_fill_rect(t, i, i, a, th, c);             canvas_fill_rect(t, i, i, th, a, c);
    canvas_fill_rect(t, z - i - a, i, a, th, c);     canvas_fill_rect(t, z - i - th, i, th, a, c);
    canvas_fill_rect(t, i, z - i - th, a, th, c);    canvas_fill_rect(t, i, z - i - a, th, a, c);
    canvas_fill_rect(t, z - i - a, z - i - th, a, th, c);
    canvas_fill_rect(t, z - i - th, z - i - a, th, a, c);
    paint_disc(t, z * PAINT_SUB / 2, z * PAINT_SUB / 2, px(z, 3) * PAINT_SUB, c);
}

/* Goal: a gold diamond outline with a dot. */
static void paint_goal(canvas *t, int v, int z)
{
    (void)v;
    int c = z / 2, r = z * 9 / 24, th = px(z, 2);
    for (int y = -r; y <= r; y++) {
        int half = r - (y < 0 ? -y : y);
        canvas_fill_rect(t, c - half, c + y, th, 1, LOOK_GOAL);
        canvas_fill_rect(t, c + half - th + 1, c + y, th, 1, LOOK_GOAL);
    }
    paint_disc(t, c * PAINT_SUB, c * PAINT_SUB, px(z, 3) * PAINT_SUB, LOOK_GOAL);
}

/* The party: a bright ring with a dot, edged in black so it reads on any tile. */
static void paint_party(canvas *t, int v, int z)
{
    (void)v;
    int c = t->w * PAINT_SUB / 2;
    int r1 = z * PAINT_SUB * 10 / 24, r0 = r1 - px(z, 3) * PAINT_SUB;
    paint_ring(t, c, c, r0 - PAINT_SUB, r1 + PAINT_SUB, LOOK_PARTY_EDGE);
    paint_ring(t, c, c, r0, r1, LOOK_PARTY);
    paint_disc(t, c, c, px(z, 4) * PAINT_SUB, LOOK_PARTY_EDGE);
    paint_disc(t, c, c, px(z, 3) * PAINT_SUB, LOOK_PARTY_DOT);
}

/* A monster: a walker is a squat body on two feet with its shadow under it; a flyer
 * floats higher with spread wings and a small shadow below. Colours from its kind. */
static void paint_monster(canvas *t, int v, int z)
{
    monster_look l = look_monster(v / 2);
    int fly = v % 2, S = PAINT_SUB, c = z * S / 2;
    rgba edge = paint_shade(l.body, -70), dark = paint_shade(l.body, -40);
    paint_disc(t, c, z * S - px(z, 4) * S, (fly ? px(z, 4) : px(z, 7)) * S,
               paint_alpha(paint_rgb(0, 0, 0), 90));
    int cy = fly ? z * S * 9 / 24 : z * S * 13 / 24, r = (fly ? px(z, 5) : px(z, 7)) * S;
    if (fly)
        for (int side = -1; side <= 1; side += 2)
            for (int i = 0; i < px(z, 9); i++) {
                int x = z / 2 + side * (px(z, 4) + i), h = px(z, 6) - i * px(z, 6) / px(z, 9);
                canvas_fill_rect(t, x, cy / S - h + px(z, 2), 1, h, i % 3 ? dark : edge);
            }
    else {
        canvas_fill_rect(t, z / 2 - px(z, 5), cy / S + px(z, 5), px(z, 3), px(z, 3), edge);
        canvas_fill_rect(t, z / 2 + px(z, 2), cy / S + px(z, 5), px(z, 3), px(z, 3), edge);
    }
    paint_disc(t, c, cy, r + px(z, 1) * S, edge);
    paint_disc(t, c, cy, r, l.body);
    paint_disc(t, c - px(z, 2) * S, cy - px(z, 2) * S, px(z, 1) * S + S / 2, l.detail);
    paint_disc(t, c + px(z, 2) * S, cy - px(z, 2) * S, px(z, 1) * S + S / 2, l.detail);
}

/* An item lying on the floor: a small rounded pickup with a lit top and a glint, in
 * one of a few colours by kind, so a reviewer sees where loot lies. */
static void paint_item(canvas *t, int v, int z)
{
    static const uint8_t COL[TILE_ITEM_LOOKS][3] = {
        { 220, 60, 60 },  { 80, 170, 230 }, { 90, 200, 90 },  { 230, 200, 70 },
        { 200, 120, 220 }, { 240, 140, 60 }, { 200, 200, 210 }, { 120, 220, 200 },
    };
    rgba c = paint_rgb(COL[v % TILE_ITEM_LOOKS][0], COL[v % TILE_ITEM_LOOKS][1],
                       COL[v % TILE_ITEM_LOOKS][2]);
    int S = PAINT_SUB, x0 = z / 2 - px(z, 4), y0 = z / 2 - px(z, 3), w = px(z, 8), h = px(z, 6);
    paint_disc(t, z * S / 2, (y0 + h + px(z, 1)) * S, px(z, 5) * S, paint_alpha(paint_rgb(0, 0, 0), 80));
    canvas_fill_rect(t, x0 - 1, y0 - 1, w + 2, h + 2, paint_shade(c, -90));
    canvas_fill_rect(t, x0, y0, w, h, c);
    canvas_fill_rect(t, x0, y0, w, px(z, 2), paint_shade(c, 50));
    canvas_fill_rect(t, x0 + w - px(z, 2), y0 + 1, 1, 1, paint_rgb(255, 255, 255));
}

/* --- masks ------------------------------------------------------------------------ */

/* Seam glow: 255 on a seam fading over 3 px; the core: the seam alone. */
static void mask_seams(tile_mask *m, int v, int z, int glow)
{
    canvas seam;
    if (canvas_init(&seam, z, z, NULL) != DELVE_OK)
        return;
    pit_seams(&seam, v, z);
    int reach = glow ? px(z, 3) : 0;  /* glow fades over 3 px at 24, by squared distance */
    int64_t rr = (int64_t)(reach + 1) * (reach + 1);
    for (int y = 0; y < z; y++)
        for (int x = 0; x < z; x++) {
            int best = 0;
            for (int dy = -reach; dy <= reach; dy++)
                for (int dx = -reach; dx <= reach; dx++) {
                    int qx = x + dx, qy = y + dy;
                    if (qx < 0 || qy < 0 || qx >= z || qy >= z || !canvas_at(&seam, qx, qy)[3])
                        continue;
                    int64_t d = (int64_t)dx * dx + (int64_t)dy * dy;
                    int a = d >= rr ? 0 : (int)(255 * (rr - d) * (rr - d) / (rr * rr));
                    if (a > best)
                        best = a;
                }
            m->m[y * z + x] = (uint8_t)best;
        }
    canvas_free(&seam);
}

static void mask_seam_glow(tile_mask *m, int v, int z) { mask_seams(m, v, z, 1); }
static void mask_seam_core(tile_mask *m, int v, int z) { mask_seams(m, v, z, 0); }
static void mask_pit_halo(tile_mask *m, int v, int z) { (void)v; (void)z; paint_falloff_mask(m->m, m->side / 2, 255, 1); }
static void mask_lava_glow(tile_mask *m, int v, int z) { (void)v; (void)z; paint_falloff_mask(m->m, m->side / 2, 255, 2); }
static void mask_lamp_halo(tile_mask *m, int v, int z) { (void)v; (void)z; paint_falloff_mask(m->m, m->side / 2, 255, 2); }

/* A crate: a frame of planks with a diagonal brace, nailed corners. */
static void paint_box(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_BOX);
    int e = px(z, 3), m = px(z, 1);
    canvas_clear(t, look_terrain(T_FLOOR)->line);
    canvas_fill_rect(t, m, m, z - 2 * m, z - 2 * m, l->line);
    canvas fill = canvas_view(t, 2 * m, 2 * m, z - 4 * m, z - 4 * m);
    paint_grain(&fill, l->base, l->grain, px(z, 2), 800u + (uint32_t)v);
    for (int y = 2 * m + px(z, 5); y < z - 2 * m; y += px(z, 5))
        canvas_fill_rect(t, 2 * m, y, z - 4 * m, 1, paint_shade(l->base, -28));
    canvas_frame_rect(t, 2 * m, 2 * m, z - 4 * m, z - 4 * m, e, l->accent);
    for (int k = -1; k <= 1; k++)
        paint_line(t, 2 * m + e, z - 2 * m - e - 1 + k, z - 2 * m - e - 1, 2 * m + e + k,
                   l->accent);
    rgba nail = paint_rgb(60, 60, 66);
    int c0 = 2 * m + e / 2, c1 = z - 2 * m - e / 2 - 1;
    canvas_fill_rect(t, c0, c0, 1, 1, nail);
    canvas_fill_rect(t, c1, c0, 1, 1, nail);
    canvas_fill_rect(t, c0, c1, 1, 1, nail);
    canvas_fill_rect(t, c1, c1, 1, 1, nail);
}

/* Cave wall: lumpy rock, no courses, with a lit rim where it meets open ground and
 * a ragged edge so caverns read as dug by water, not built. */
static void paint_cave_wall(canvas *t, int v, int z)
{
    const terrain_look *l = look_terrain(T_CAVE_WALL);
    int mask = v / TILE_WALL_TEXTURES, tex = v % TILE_WALL_TEXTURES;
    rgba base = mask ? l->base : paint_shade(l->base, -22);
    paint_grain(t, base, l->grain, px(z, 4), 900u + (uint32_t)tex);
    for (int i = 0; i < 5; i++) {
        uint32_t h = paint_hash((uint32_t)tex, (uint32_t)i, 91u);
        paint_disc(t, (int)(h % (uint32_t)z) * PAINT_SUB, (int)((h >> 8) % (uint32_t)z) * PAINT_SUB,
                   px(z, 3) * PAINT_SUB, paint_alpha((i & 1) ? l->accent : l->line, 70));
    }
    for (int x = 0; x < z; x++) {
        int j = (int)(paint_hash((uint32_t)x / 2u, (uint32_t)tex, 92u) % (uint32_t)px(z, 3));
        int lit = px(z, 2) + j;
        if (mask & TILE_S) canvas_fill_rect(t, x, z - lit, 1, lit, paint_shade(l->accent, -j * 6));
        if (mask & TILE_N) canvas_fill_rect(t, x, 0, 1, lit, paint_shade(l->accent, -40));
        if (mask & TILE_W) canvas_fill_rect(t, 0, x, lit, 1, paint_shade(l->accent, -28));
        if (mask & TILE_E) canvas_fill_rect(t, z - lit, x, lit, 1, paint_shade(l->accent, -28));
    }
}

/* --- the tables ------------------------------------------------------------------- */

/* name, variants, side in 24ths of a square (0: a whole square), painter */
static const struct tile_row {
    const char *name;
    int variants, side24;
    tile_painter *paint;
} TILE[] = {
    [TK_ROCK]       = { "rock",       TILE_TEXTURES,           0,  paint_rock },
    [TK_WALL]       = { "wall",       16 * TILE_WALL_TEXTURES, 0,  paint_wall },
    [TK_FLOOR]      = { "floor",      4 * TILE_TEXTURES,       0,  paint_floor },
    [TK_CORRIDOR]   = { "corridor",   4 * TILE_TEXTURES,       0,  paint_corridor },
    [TK_DOOR]       = { "door",       2,                       0,  paint_door },
    [TK_WATER]      = { "water",      TILE_FLUID_PATTERNS * TILE_PHASES, 0, paint_water },
    [TK_ACID]       = { "acid",       TILE_FLUID_PATTERNS * TILE_PHASES, 0, paint_acid },
    [TK_LAVA]       = { "lava",       TILE_FLUID_PATTERNS * TILE_PHASES, 0, paint_lava },
    [TK_BRIDGE]     = { "bridge",     6,                       0,  paint_bridge },
    [TK_LIFT]       = { "lift",       1,                       0,  paint_lift },
    [TK_LADDER]     = { "ladder",     1,                       0,  paint_ladder },
    [TK_STAIR]      = { "stair",      1,                       0,  paint_stair },
    [TK_RAMP]       = { "ramp",       1,                       0,  paint_ramp },
    [TK_SPIRAL]     = { "spiral",     1,                       0,  paint_spiral },
    [TK_PIT_PLATES] = { "pit plates", TILE_PIT_VARIANTS,       0,  paint_pit_plates },
    [TK_PIT_OPEN]   = { "open pit",   1,                       0,  paint_pit_open },
    [TK_FIXTURE]    = { "fixture",    LOOK_COUNT * 4,          0,  paint_fixture },
    [TK_LAMP]       = { "lamp",       2,                       11, paint_lamp },
    [TK_ENTRANCE]   = { "entrance",   1,                       0,  paint_entrance },
    [TK_GOAL]       = { "goal",       1,                       0,  paint_goal },
    [TK_PARTY]      = { "party",      1,                       0,  paint_party },
    [TK_BOX]        = { "box",        TILE_TEXTURES,           0,  paint_box },
    [TK_CAVE_WALL]  = { "cave wall",  16 * TILE_WALL_TEXTURES, 0,  paint_cave_wall },
    [TK_MONSTER]    = { "monster",    2 * TILE_MONSTER_KINDS,  0,  paint_monster },
    [TK_ITEM]       = { "item",       TILE_ITEM_LOOKS,         0,  paint_item },
    [TK_STEPS]      = { "steps",      4,                       0,  paint_steps },
    [TK_SLOPE]      = { "slope",      4,                       0,  paint_slope },
    [TK_TURN]       = { "turning stair", 4,                    0,  paint_turn },
    [TK_CURVE]      = { "curve mark", 4,                       0,  paint_curve },
};
_Static_assert(sizeof TILE / sizeof TILE[0] == TK_COUNT, "tile rows");

/* name, variants, radius in 24ths of a square (0: a square of side zoom), painter */
static const struct mask_row {
    const char *name;
    int variants, radius24;
    mask_painter *paint;
} MASK[] = {
    [TM_SEAM_GLOW] = { "seam glow", TILE_PIT_VARIANTS, 0,  mask_seam_glow },
    [TM_SEAM_CORE] = { "seam core", TILE_PIT_VARIANTS, 0,  mask_seam_core },
    [TM_PIT_HALO]  = { "pit halo",  1,                 40, mask_pit_halo },
    [TM_LAMP_HALO] = { "lamp halo", 1,                 56, mask_lamp_halo },
    [TM_LAVA_GLOW] = { "lava glow", 1,                 30, mask_lava_glow },
};
_Static_assert(sizeof MASK / sizeof MASK[0] == TM_COUNT, "mask rows");

int tiles_variants(tile_kind k)
{
    return (k >= 0 && k < TK_COUNT) ? TILE[k].variants : 0;
}

delve_status tiles_init(tile_set *ts, int zoom, delve_err *err)
{
    memset(ts, 0, sizeof *ts);
    ts->zoom = zoom < TILES_ZOOM_MIN ? TILES_ZOOM_MIN : zoom > TILES_ZOOM_MAX ? TILES_ZOOM_MAX : zoom;
    for (int k = 0; k < TK_COUNT; k++) {
        ts->first[k] = ts->tile_count;
        ts->tile_count += TILE[k].variants;
    }
    for (int k = 0; k < TM_COUNT; k++) {
        ts->first_mask[k] = ts->mask_count;
        ts->mask_count += MASK[k].variants;
    }
    ts->tiles = calloc((size_t)ts->tile_count, sizeof *ts->tiles);
    ts->masks = calloc((size_t)ts->mask_count, sizeof *ts->masks);
    if (!ts->tiles || !ts->masks) {
        tiles_free(ts);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for tiles");
    }
    return DELVE_OK;
}

void tiles_free(tile_set *ts)
{
    if (!ts)
        return;
    for (int i = 0; ts->tiles && i < ts->tile_count; i++)
        canvas_free(&ts->tiles[i]);
    for (int i = 0; ts->masks && i < ts->mask_count; i++)
        free(ts->masks[i].m);
    free(ts->tiles);
    free(ts->masks);
    memset(ts, 0, sizeof *ts);
}

static int wrap(int v, int n)
{
    v %= n;
    return v < 0 ? v + n : v;
}

const canvas *tiles_get(tile_set *ts, tile_kind k, int variant)
{
    if (k < 0 || k >= TK_COUNT)
        return NULL;
    int v = wrap(variant, TILE[k].variants);
    canvas *t = &ts->tiles[ts->first[k] + v];
    if (t->px)
        return t;
    int side = TILE[k].side24 ? (ts->zoom * TILE[k].side24 + 12) / 24 : ts->zoom;
    if (canvas_init(t, side < 3 ? 3 : side, side < 3 ? 3 : side, NULL) != DELVE_OK)
        return NULL;
    TILE[k].paint(t, v, ts->zoom);
    return t;
}

const tile_mask *tiles_mask(tile_set *ts, tile_mask_kind k, int variant)
{
    if (k < 0 || k >= TM_COUNT)
        return NULL;
    int v = wrap(variant, MASK[k].variants);
    tile_mask *m = &ts->masks[ts->first_mask[k] + v];
    if (m->m)
        return m;
    int r = (ts->zoom * MASK[k].radius24 + 12) / 24;
    m->side = MASK[k].radius24 ? 2 * (r < 1 ? 1 : r) + 1 : ts->zoom;
    m->m = calloc((size_t)m->side * (size_t)m->side, 1);
    if (!m->m)
        return NULL;
    MASK[k].paint(m, v, ts->zoom);
    return m;
}
