/* frame: one frame of the world. The map is drawn in layers: ground tiles, things (ways,
 * pits, fixtures), height shading, glows (pit halos and seams, lamp halos), motes,
 * entrance and goal marks, the plates breaking or the dust ring, the party, and last the
 * station lamps; or the tube during a drop. Then the HUD panel (hud.c). Tiles come from
 * the caller's frame_cache (tiles.c). */
#include "render/frame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"
#include "engine/station.h"
#include "render/frame_tiles.h"
#include "render/hud.h"
#include "render/look.h"
#include "render/overlay.h"
#include "render/paint.h"
#include "render/shore.h"
#include "render/side.h"
#include "render/tiles.h"

#define PULSE_PERIOD_MS 1600  /* one breath of a pit's seams */
#define MOTE_SLOTS 9          /* motes alive over one pit at a time */
#define MOTE_LIFE_MS 1400     /* a mote's rise from its seam to gone */
#define FLUID_FRAME_MS 250    /* shimmer phase step */

/* One period of a sine, 0..255 (128 + 127.5 sin), for pulses without floats. */
static const uint8_t SINE32[32] = { 128, 152, 176, 198, 218, 234, 245, 253, 255, 253, 245,
                                    234, 218, 198, 176, 152, 128, 103, 79,  57,  37,  21,
                                    10,  2,   0,   2,   10,  21,  37,  57,  79,  103 };

/* Unit vectors x 256 at 16 even angles (dust ring, plate shards). */
static const int16_t DIR16[16][2] = {
    { 256, 0 },   { 237, 98 },   { 181, 181 },   { 98, 237 },  { 0, 256 },  { -98, 237 },
    { -181, 181 }, { -237, 98 }, { -256, 0 },    { -237, -98 }, { -181, -181 },
    { -98, -237 }, { 0, -256 },  { 98, -237 },   { 181, -181 }, { 237, -98 },
};

struct frame_cache {
    tile_set ts;
    shore_tiles *shore;   /* Shoals ground tiles, made on the first Shoals frame */
    canvas_runs hud;      /* the last panel drawn, whose hud_key is hud_key[0..hud_key_n):
                             as runs, so putting it back reads its text, not its flat parts */
    uint8_t hud_key[HUD_KEY_MAX];
    size_t hud_key_n;
    long hud_drawn, hud_kept; /* panels drawn anew, panels put back */
};

frame_cache *frame_cache_new(void)
{
    return calloc(1, sizeof(frame_cache));
}

void frame_cache_hud_counts(const frame_cache *vc, long *drawn, long *kept)
{
    *drawn = vc ? vc->hud_drawn : 0;
    *kept = vc ? vc->hud_kept : 0;
}

void frame_cache_free(frame_cache *vc)
{
    if (!vc)
        return;
    tiles_free(&vc->ts);
    shore_tiles_free(vc->shore);
    canvas_runs_free(&vc->hud);
    free(vc);
}

/* Makes vc hold tiles for zoom z. */
static delve_status cache_ready(frame_cache *vc, int z, delve_err *err)
{
    if (vc->ts.tiles && vc->ts.zoom == z)
        return DELVE_OK;
    tiles_free(&vc->ts);
    return tiles_init(&vc->ts, z, err);
}

frame_opts frame_defaults(void)
{
    return (frame_opts){ .zoom = FRAME_ZOOM, .hud = 1, .follow = 1, .hud_scale = 100 };
}

int frame_hud_scale(int w, int h)
{
    int sw = (int)((int64_t)w * 100 / FRAME_HUD_BASE_W), sh = (int)((int64_t)h * 100 / FRAME_HUD_BASE_H);
    int s = sw < sh ? sw : sh;
    return s < 100 ? 100 : s > FRAME_HUD_SCALE_MAX ? FRAME_HUD_SCALE_MAX : s;
}

/* o's scale in percent on c. */
static int hud_pct(const canvas *c, const frame_opts *o)
{
    if (o->hud_scale == FRAME_HUD_AUTO)
        return frame_hud_scale(c->w, c->h);
    return o->hud_scale < 50 ? 50 : o->hud_scale > FRAME_HUD_SCALE_MAX ? FRAME_HUD_SCALE_MAX
                                                                       : o->hud_scale;
}

int frame_panel_w(const canvas *c, const frame_opts *o)
{
    return o->hud && !o->compact ? FRAME_PANEL_W * hud_pct(c, o) / 100 : 0;
}

static int clamp_zoom(int z)
{
    return z < FRAME_ZOOM_MIN ? FRAME_ZOOM_MIN : z > FRAME_ZOOM_MAX ? FRAME_ZOOM_MAX : z;
}

void frame_floor_size(const dfloor *f, int zoom, int *w_px, int *h_px)
{
    int z = clamp_zoom(zoom);
    *w_px = f->w * z;
    *h_px = f->h * z;
}

/* What one frame's map drawing needs. */
typedef struct frame {
    canvas map;           /* view of the map area */
    const world *w;
    const frame_opts *o;
    const dfloor *f;
    int z;
    int ox, oy;           /* px of the floor's top-left corner in map */
    int sx0, sy0, sx1, sy1; /* visible squares [sx0, sx1) x [sy0, sy1) */
    tile_set *ts;
    frame_cache *vc;
    uint64_t seed;        /* the dungeon's seed, for the cosmetic stream */
    int pulse;            /* 0..255, the seams' breath at t_ms */
    int oom;              /* a tile could not be made */
} frame;

static uint32_t square_hash(const frame *fr, int x, int y)
{
    /* keyed by the common grid, so a floor grown left or up looks the same, shifted */
    return paint_hash((uint32_t)(x + fr->f->ox), (uint32_t)(y + fr->f->oy),
                      0xD1u + (uint32_t)fr->f->index);
}

/* Blits tile (k, v) with its top-left at map px (x, y). */
static void put_px(frame *fr, tile_kind k, int v, int x, int y, int blend)
{
    const canvas *t = tiles_get(fr->ts, k, v);
    if (!t) {
        fr->oom = 1;
        return;
    }
    canvas_blit(&fr->map, t, x, y, blend);
}

static void put(frame *fr, tile_kind k, int v, int sx, int sy, int blend)
{
    put_px(fr, k, v, fr->ox + sx * fr->z, fr->oy + sy * fr->z, blend);
}

/* Blends mask (k, v) centred on map px (cx, cy) in col. */
static void glow(frame *fr, tile_mask_kind k, int v, int cx, int cy, rgba col)
{
    const tile_mask *m = tiles_mask(fr->ts, k, v);
    if (!m) {
        fr->oom = 1;
        return;
    }
    canvas_blend_mask(&fr->map, cx - m->side / 2, cy - m->side / 2, m->m, m->side, m->side,
                      m->side, col);
}

/* --- ground ---------------------------------------------------------------------- */

static int closed(const dfloor *f, int x, int y)
{
    return !floor_open(f, x, y);
}

static int fluid(const dfloor *f, int x, int y)
{
    return terrain_is_fluid(floor_at(f, x, y));
}

/* A fluid square's pattern and phase: both from the cosmetic stream keyed by the
 * square, so neighbours bubble and glint out of step and the surface never tiles. */
static int fluid_variant(const frame *fr, int x, int y)
{
    rng g = rng_cosmetic(fr->seed, 0xF1D0u + (uint32_t)fr->f->index, x + fr->f->ox,
                         y + fr->f->oy);
    uint64_t r = rng_next(&g);
    int pat = (int)(r % TILE_FLUID_PATTERNS), off = (int)((r >> 8) % TILE_PHASES);
    int phase = (int)((fr->o->t_ms / FLUID_FRAME_MS + (uint32_t)off) % TILE_PHASES);
    return pat * TILE_PHASES + phase;
}

/* 0 water, 1 acid, 2 lava: the first fluid beside a bridge square (N, S, W, E). */
static int bridge_under(const dfloor *f, int x, int y)
{
    static const int ORDER[4] = { DIR_N, DIR_S, DIR_W, DIR_E };
    for (int k = 0; k < 4; k++) {
        terrain t = floor_at(f, x + DIR4_DX[ORDER[k]], y + DIR4_DY[ORDER[k]]);
        if (t == T_ACID)
            return 1;
        if (t == T_LAVA)
            return 2;
        if (t == T_WATER)
            return 0;
    }
    return 0;
}

/* The direction (0 N, 1 E, 2 S, 3 W) of the lowest open neighbour of (x, y): the way
 * a stair or ramp square goes down. */
static int down_dir(const dfloor *f, int x, int y)
{
    int best = DIR_S;
    int32_t low = INT32_MAX;
    for (int d = 0; d < 4; d++) {
        int nx = x + DIR4_DX[d], ny = y + DIR4_DY[d];
        if (!floor_open(f, nx, ny))
            continue;
        int32_t hc = f->height_cm[ny * f->w + nx];
        if (hc < low)
            low = hc, best = d;
    }
    return best;
}

/* A corner square's open pair: 0 N+E, 1 E+S, 2 S+W, 3 W+N; -1 when not exactly one
 * such pair is open (straight or a junction). */
static int corner_of(const dfloor *f, int x, int y)
{
    int n = floor_open(f, x, y - 1), e = floor_open(f, x + 1, y), s = floor_open(f, x, y + 1),
        w = floor_open(f, x - 1, y);
    if (n + e + s + w != 2)
        return -1;
    return n && e ? 0 : e && s ? 1 : s && w ? 2 : w && n ? 3 : -1;
}

/* The tile kind and variant square (x, y) shows for its terrain. */
static tile_kind ground_tile(const frame *fr, int x, int y, int *v)
{
    const dfloor *f = fr->f;
    uint32_t h = square_hash(fr, x, y);
    switch (floor_at(f, x, y)) {
    case T_CAVE_WALL:
    case T_WALL: {
        int m = (!closed(f, x, y - 1) ? TILE_N : 0) | (!closed(f, x + 1, y) ? TILE_E : 0) |
                (!closed(f, x, y + 1) ? TILE_S : 0) | (!closed(f, x - 1, y) ? TILE_W : 0);
        *v = m * TILE_WALL_TEXTURES + (int)(h % TILE_WALL_TEXTURES);
        return floor_at(f, x, y) == T_WALL ? TK_WALL : TK_CAVE_WALL;
    }
    case T_FLOOR:
    case T_CORRIDOR: {
        int m = (closed(f, x, y - 1) ? 1 : 0) | (closed(f, x - 1, y) ? 2 : 0);
        *v = m * TILE_TEXTURES + (int)(h % TILE_TEXTURES);
        return floor_at(f, x, y) == T_FLOOR ? TK_FLOOR : TK_CORRIDOR;
    }
    case T_DOOR:
        *v = (closed(f, x - 1, y) && closed(f, x + 1, y)) ? 0 : 1;
        return TK_DOOR;
    case T_WATER: *v = fluid_variant(fr, x, y); return TK_WATER;
    case T_ACID:  *v = fluid_variant(fr, x, y); return TK_ACID;
    case T_LAVA:  *v = fluid_variant(fr, x, y); return TK_LAVA;
    case T_BRIDGE:
        *v = bridge_under(f, x, y) * 2 + ((fluid(f, x, y - 1) || fluid(f, x, y + 1)) ? 0 : 1);
        return TK_BRIDGE;
    case T_BOX:
        *v = (int)(h % TILE_TEXTURES);
        return TK_BOX;
    case T_STAIR:
    case T_RAMP:
        *v = (down_dir(f, x, y) + 2) % 4;  /* painted going down southwards */
        return floor_at(f, x, y) == T_STAIR ? TK_STEPS : TK_SLOPE;
    case T_TURN:
    case T_CURVE: {
        int c = corner_of(f, x, y);
        if (c < 0 && floor_at(f, x, y) == T_CURVE) {
            *v = (int)(h % TILE_TEXTURES);
            return TK_CORRIDOR;
        }
        *v = c < 0 ? (down_dir(f, x, y) + 2) % 4 : c;
        return c < 0 ? TK_STEPS : floor_at(f, x, y) == T_TURN ? TK_TURN : TK_CURVE;
    }
    default:
        *v = (int)(h % TILE_TEXTURES);
        return TK_ROCK;
    }
}

/* A Shoals floor's ground: bands by height and tide, the waterline, foam (shore.c). */
static void draw_shore(frame *fr)
{
    const world *w = fr->w;
    int k = fr->f->index;
    if (!fr->vc->shore && !(fr->vc->shore = shore_tiles_new())) {
        fr->oom = 1;
        return;
    }
    shore_frame sf = { .f = fr->f, .tide = tide_units(w->tide.raw), .t_ms = fr->o->t_ms,
                       .changed = k >= 0 && k < DUNGEON_MAX_FLOORS ? w->tide.changed[k] : NULL,
                       .z = fr->z, .ox = fr->ox, .oy = fr->oy, .sx0 = fr->sx0,
                       .sy0 = fr->sy0, .sx1 = fr->sx1, .sy1 = fr->sy1 };
    if (shore_draw(&fr->map, fr->vc->shore, &sf) != 0)
        fr->oom = 1;
}

static void draw_ground(frame *fr)
{
    if (fr->f->level_type == LT_SHOALS) {
        draw_shore(fr);
        return;
    }
    enum { CHUNK = 64 };
    const canvas *row[CHUNK];
    for (int y = fr->sy0; y < fr->sy1; y++)
        for (int x0 = fr->sx0; x0 < fr->sx1; x0 += CHUNK) {
            int n = fr->sx1 - x0 < CHUNK ? fr->sx1 - x0 : CHUNK;
            for (int i = 0; i < n; i++) {
                int v = 0;
                tile_kind k = ground_tile(fr, x0 + i, y, &v);
                row[i] = tiles_get(fr->ts, k, v);
                fr->oom |= !row[i];
            }
            canvas_blit_row(&fr->map, row, n, fr->ox + x0 * fr->z, fr->oy + y * fr->z, fr->z);
        }
}

/* Ground above the floor's datum lightens, below it darkens, a step per 50 cm. */
static void draw_heights(frame *fr)
{
    const dfloor *f = fr->f;
    if (!f->height_cm || f->level_type == LT_SHOALS) /* Shoals: shore.c shades heights */
        return;
    for (int y = fr->sy0; y < fr->sy1; y++)
        for (int x = fr->sx0; x < fr->sx1; x++) {
            int32_t hc = f->height_cm[y * f->w + x];
            if (hc == 0 || !floor_open(f, x, y))
                continue;
            /* sunk darker, raised lighter, by the cm so a graded room reads as a
             * gradient: 1 m up is 80/255 white, 1 m down 100/255 black (capped) */
            int a = hc > 0 ? hc * 80 / 100 : -hc * 100 / 100;
            a = a > 160 ? 160 : a < 14 ? 14 : a;
            rgba c = hc > 0 ? (rgba){ 255, 255, 255, (uint8_t)a } : (rgba){ 0, 0, 0, (uint8_t)a };
            canvas_blend_rect(&fr->map, fr->ox + x * fr->z, fr->oy + y * fr->z, fr->z, fr->z, c);
        }
}

/* --- things ---------------------------------------------------------------------- */

static int visible(const frame *fr, int x, int y, int margin)
{
    return x >= fr->sx0 - margin && x < fr->sx1 + margin && y >= fr->sy0 - margin &&
           y < fr->sy1 + margin;
}

static tile_kind way_tile(way_kind k)
{
    switch (k) {
    case WAY_LADDER: return TK_LADDER;
    case WAY_STAIR:  return TK_STAIR;
    case WAY_RAMP:   return TK_RAMP;
    case WAY_SPIRAL: return TK_SPIRAL;
    default:         return TK_LIFT;
    }
}

/* Quarter turns clockwise from wall-above to the station's wall. */
static int station_turns(const station *s)
{
    if (s->wall_dx > 0) return 1;
    if (s->wall_dy > 0) return 2;
    if (s->wall_dx < 0) return 3;
    return 0;
}

static int pit_shown_closed(const pit *p)
{
    return !p->open && !p->hidden;
}

static void draw_things(frame *fr)
{
    const dfloor *f = fr->f;
    for (int i = 0; i < f->way_count; i++) {
        const way *wy = &f->ways[i];
        if (visible(fr, wy->x, wy->y, 0))
            put(fr, way_tile(wy->kind), 0, wy->x, wy->y, 0);
    }
    for (int i = 0; i < f->pit_count; i++) {
        const pit *p = &f->pits[i];
        if (!visible(fr, p->x, p->y, 0) || (p->hidden && !p->open))
            continue;  /* a hidden pit looks like plain floor */
        if (p->open)
            put(fr, TK_PIT_OPEN, 0, p->x, p->y, 0);
        else
            put(fr, TK_PIT_PLATES, (int)(square_hash(fr, p->x, p->y) % TILE_PIT_VARIANTS),
                p->x, p->y, 0);
    }
    for (int i = 0; i < f->station_count; i++) {
        const station *s = &f->stations[i];
        if (visible(fr, s->x, s->y, 0))
            put(fr, TK_FIXTURE, (int)s->look * 4 + station_turns(s), s->x, s->y, 1);
    }
}

/* Items lying on the floor, under the monsters. */
static void draw_items(frame *fr)
{
    const dfloor *f = fr->f;
    for (int i = 0; i < f->item_count; i++)
        if (visible(fr, f->items[i].x, f->items[i].y, 0))
            put(fr, TK_ITEM, f->items[i].kind % TILE_ITEM_LOOKS, f->items[i].x, f->items[i].y, 1);
}

/* Monsters where the clock puts them (patrol packs walk their loops). */
static void draw_monsters(frame *fr)
{
    const dfloor *f = fr->f;
    for (int i = 0; i < f->monster_count; i++) {
        int x, y;
        monster_where(&fr->w->loops, f, i, fr->w->clock_s, WORLD_START_S, &x, &y);
        if (visible(fr, x, y, 0))
            put(fr, TK_MONSTER, (f->monsters[i].kind % TILE_MONSTER_KINDS) * 2 +
                (f->monsters[i].flying != 0), x, y, 1);
    }
}

/* The seams' breath at t_ms: 0..255 along a sine, interpolated between table steps. */
static int pulse_at(uint32_t t_ms)
{
    uint32_t p = t_ms % PULSE_PERIOD_MS;
    uint32_t i = p * 32 / PULSE_PERIOD_MS, frac = p * 32 % PULSE_PERIOD_MS;
    int a = SINE32[i], b = SINE32[(i + 1) % 32];
    return a + (b - a) * (int)frac / PULSE_PERIOD_MS;
}

/* Closed pits: a red underglow around them, then their seams glowing and pulsing. */
static void draw_pit_glow(frame *fr)
{
    const dfloor *f = fr->f;
    int z = fr->z, p = fr->pulse;
    for (int i = 0; i < f->pit_count; i++) {
        const pit *pt = &f->pits[i];
        if (!pit_shown_closed(pt) || !visible(fr, pt->x, pt->y, 2))
            continue;
        int x = fr->ox + pt->x * z, y = fr->oy + pt->y * z;
        int v = (int)(square_hash(fr, pt->x, pt->y) % TILE_PIT_VARIANTS);
        glow(fr, TM_PIT_HALO, 0, x + z / 2, y + z / 2, paint_alpha(LOOK_PIT_GLOW, 50 + p / 3));
        canvas_blend_rect(&fr->map, x, y, z, z, paint_alpha(LOOK_PIT_GLOW, 16 + p / 6));
        const tile_mask *g = tiles_mask(fr->ts, TM_SEAM_GLOW, v);
        const tile_mask *c = tiles_mask(fr->ts, TM_SEAM_CORE, v);
        if (!g || !c) {
            fr->oom = 1;
            continue;
        }
        canvas_blend_mask(&fr->map, x, y, g->m, z, z, z, paint_alpha(LOOK_PIT_GLOW, 150 + p * 105 / 255));
        canvas_blend_mask(&fr->map, x, y, c->m, z, z, z, paint_alpha(LOOK_PIT_CORE, 110 + p * 145 / 255));
    }
}

/* Motes pushed up through a closed pit's plates by the draught: each of MOTE_SLOTS
 * slots lives MOTE_LIFE_MS, staggered; where a mote starts and drifts comes from the
 * cosmetic stream keyed by (its generation, the square), so motes move smoothly from
 * frame to frame and every pit's differ. */
static void draw_motes(frame *fr)
{
    const dfloor *f = fr->f;
    int z = fr->z, s = z >= 16 ? 2 : 1;
    for (int i = 0; i < f->pit_count; i++) {
        const pit *pt = &f->pits[i];
        if (!pit_shown_closed(pt) || !visible(fr, pt->x, pt->y, 2))
            continue;
        for (int k = 0; k < MOTE_SLOTS; k++) {
            uint32_t t = fr->o->t_ms + (uint32_t)(k * MOTE_LIFE_MS / MOTE_SLOTS);
            uint32_t gen = t / MOTE_LIFE_MS;
            int age = (int)(t % MOTE_LIFE_MS);
            rng r = rng_cosmetic(fr->seed, gen * MOTE_SLOTS + (uint32_t)k, pt->x + fr->f->ox,
                                 pt->y + fr->f->oy);
            int x0 = rng_range(&r, 2, z - 3), y0 = rng_range(&r, z / 3, z - 3);
            int drift = rng_range(&r, -z / 4, z / 4);
            int x = fr->ox + pt->x * z + x0 + drift * age / MOTE_LIFE_MS;
            int y = fr->oy + pt->y * z + y0 - (z * 5 / 4) * age / MOTE_LIFE_MS;
            int a = 255 * (MOTE_LIFE_MS - age) / MOTE_LIFE_MS;
            if (age < 160)
                a = a * age / 160;
            canvas_blend_rect(&fr->map, x - 1, y - 1, s + 2, s + 2, paint_alpha(LOOK_PIT_GLOW, a / 3));
            canvas_blend_rect(&fr->map, x, y, s, s, paint_alpha(LOOK_PIT_MOTE, a));
        }
    }
}

/* Where station s's lamp is on the map, and its state. */
static station_lamp lamp_at(const frame *fr, const station *s, int *cx, int *cy)
{
    int lx, ly;
    tiles_lamp_pos(fr->z, station_turns(s), &lx, &ly);
    *cx = fr->ox + s->x * fr->z + lx;
    *cy = fr->oy + s->y * fr->z + ly;
    return station_lamp_at(s, fr->w->clock_s);
}

/* Station lamps' soft halos, in the lamp's colour (under the marks and the party). */
static void draw_lamp_halos(frame *fr)
{
    const dfloor *f = fr->f;
    for (int i = 0; i < f->station_count; i++) {
        const station *s = &f->stations[i];
        int cx, cy;
        if (!visible(fr, s->x, s->y, 3))
            continue;
        station_lamp lamp = lamp_at(fr, s, &cx, &cy);
        glow(fr, TM_LAMP_HALO, 0, cx, cy, paint_alpha(look_lamp(lamp), lamp == LAMP_READY ? 120 : 104));
    }
}

/* The lamps themselves, drawn last so a party standing at the fixture never hides
 * whether it is ready (green) or spent (amber). */
static void draw_lamps(frame *fr)
{
    const dfloor *f = fr->f;
    for (int i = 0; i < f->station_count; i++) {
        const station *s = &f->stations[i];
        int cx, cy;
        if (!visible(fr, s->x, s->y, 1))
            continue;
        station_lamp lamp = lamp_at(fr, s, &cx, &cy);
        const canvas *t = tiles_get(fr->ts, TK_LAMP, lamp == LAMP_SPENT);
        if (!t) {
            fr->oom = 1;
            continue;
        }
        canvas_blit(&fr->map, t, cx - t->w / 2, cy - t->h / 2, 1);
    }
}

/* The moment the plates give way (in the tube phase, before its first tick): a flash
 * and shards of plate round the party, from the cosmetic stream keyed by the square. */
static void draw_plates_break(frame *fr, int cx, int cy)
{
    int z = fr->z;
    glow(fr, TM_PIT_HALO, 0, cx, cy, paint_alpha(LOOK_PIT_GLOW, 190));
    rng g = rng_cosmetic(fr->seed, 0xB4EAu, world_sx(fr->w), world_sy(fr->w));
    for (int i = 0; i < 16; i++) {
        int d = DIR16[i][0], e = DIR16[i][1], r = rng_range(&g, z * 7 / 12, z * 5 / 4);
        int s = rng_range(&g, z / 8 + 1, z / 4 + 1), x = cx + d * r / 256 - s / 2, y = cy + e * r / 256 - s / 2;
        canvas_fill_rect(&fr->map, x - 1, y - 1, s + 2, s + 2, LOOK_PIT_GLOW);
        canvas_fill_rect(&fr->map, x, y, s, s, paint_shade(LOOK_PIT_PLATE, rng_range(&g, -20, 20)));
    }
}

static void draw_marks(frame *fr)
{
    const dfloor *f = fr->f;
    if (floor_in(f, f->entrance_x, f->entrance_y) && visible(fr, f->entrance_x, f->entrance_y, 0))
        put(fr, TK_ENTRANCE, 0, f->entrance_x, f->entrance_y, 1);
    if (floor_in(f, f->goal_x, f->goal_y) && visible(fr, f->goal_x, f->goal_y, 0))
        put(fr, TK_GOAL, 0, f->goal_x, f->goal_y, 1);
}

/* The party marker centred on map px (cx, cy). */
static void draw_party_at(frame *fr, int cx, int cy)
{
    const canvas *t = tiles_get(fr->ts, TK_PARTY, 0);
    if (!t) {
        fr->oom = 1;
        return;
    }
    canvas_blit(&fr->map, t, cx - t->w / 2, cy - t->h / 2, 1);
}

/* A compact frame is watched small (a GIF on a page): the party as a ring 1/24 of the
 * frame across, at least one and a half squares, with a dot in each living member's
 * colour on it, spread apart, so a 16 px marker does not shrink to nothing. */
static void draw_party_ring(frame *fr, int cx, int cy)
{
    int r = fr->map.w / 48, n = fr->w->party.count, alive = 0;
    r = r > fr->z * 3 / 4 ? r : fr->z * 3 / 4;
    int th = r / 5 > 2 ? r / 5 : 2, dot = r / 3 > 3 ? r / 3 : 3, S = PAINT_SUB;
    paint_ring(&fr->map, cx * S, cy * S, (r - th - 1) * S, (r + 2) * S, (rgba){ 0, 0, 0, 200 });
    paint_ring(&fr->map, cx * S, cy * S, (r - th) * S, (r + 1) * S, LOOK_TEXT);
    for (int i = 0; i < n; i++)
        alive += member_alive(&fr->w->party.m[i]);
    for (int i = 0, k = 0; i < n; i++) {
        if (!member_alive(&fr->w->party.m[i]))
            continue;
        const int16_t *d = DIR16[(k++ * 16 / (alive ? alive : 1) + 10) % 16]; /* from the top */
        int x = cx + d[0] * r / 256, y = cy + d[1] * r / 256;
        paint_disc(&fr->map, x * S, y * S, (dot + 1) * S, (rgba){ 0, 0, 0, 220 });
        paint_disc(&fr->map, x * S, y * S, dot * S, look_member(i));
    }
}

/* A ring of dust puffs that grows and thins over FRAME_DUST_STEPS frames. */
static void draw_dust(frame *fr, int cx, int cy, int step)
{
    int z = fr->z;
    int r = z * (8 + 6 * step) / 16, a = 210 - 55 * step;
    rng g = rng_cosmetic(fr->seed, (uint32_t)step, cx, cy);
    for (int i = 0; i < 16; i++) {
        int jr = rng_range(&g, -z / 8, z / 8);
        int px_ = cx + DIR16[i][0] * (r + jr) / 256, py = cy + DIR16[i][1] * (r + jr) / 256;
        int pr = (z / 8 + rng_range(&g, 0, z / 10) + 1) * PAINT_SUB;
        paint_disc(&fr->map, px_ * PAINT_SUB, py * PAINT_SUB, pr, paint_alpha(LOOK_DUST, a));
    }
}

/* --- the tube ------------------------------------------------------------------- */

/* The shaft's wall, shaded as the inside of a pipe (one row, copied down), with joints
 * that rise a little more each tick as the party drops. */
static void tube_shaft(canvas *m, int x0, int sw, int z, int tick)
{
    for (int u = 0; u < sw; u++) {
        int d = 2 * u - sw + 1;
        int shade = 40 + 160 * (sw * sw - d * d) / (sw * sw);
        rgba c = LOOK_TUBE_WALL;
        c.r = (uint8_t)(c.r * shade / 200), c.g = (uint8_t)(c.g * shade / 200), c.b = (uint8_t)(c.b * shade / 200);
        memcpy(canvas_at(m, x0 + u, 0), &c, 4);
    }
    for (int y = 1; y < m->h; y++)
        memcpy(canvas_at(m, x0, y), canvas_at(m, x0, 0), (size_t)sw * 4);
    int gap = 3 * z, shift = (tick * gap * 2 / 3) % gap;
    for (int y = gap - shift; y < m->h + gap; y += gap) {
        canvas_blend_rect(m, x0, y, sw, 2, (rgba){ 0, 0, 0, 160 });
        canvas_blend_rect(m, x0, y + 2, sw, 1, (rgba){ 255, 255, 255, 30 });
    }
    canvas_fill_rect(m, x0 - 3, 0, 3, m->h, (rgba){ 14, 12, 14, 255 });
    canvas_fill_rect(m, x0 + sw, 0, 3, m->h, (rgba){ 14, 12, 14, 255 });
}

/* The dim red lamp on the shaft's wall at (lx, ly): its light on the far wall, its
 * halo, its bracket and bulb. */
static void tube_lamp(frame *fr, int x0, int sw, int lx, int ly)
{
    canvas *m = &fr->map;
    int z = fr->z;
    for (int dy = -2 * z; dy <= 2 * z; dy++)
        canvas_blend_rect(m, x0, ly + dy, sw, 1,
                          paint_alpha(LOOK_TUBE_LAMP, 36 * (2 * z - (dy < 0 ? -dy : dy)) / (2 * z)));
    glow(fr, TM_LAMP_HALO, 0, lx, ly, paint_alpha(LOOK_TUBE_LAMP, 170));
    canvas_fill_rect(m, lx, ly - z / 6, z / 2 + 1, z / 3, (rgba){ 30, 26, 28, 255 });
    paint_disc(m, lx * PAINT_SUB, ly * PAINT_SUB, (z / 4 + 1) * PAINT_SUB, (rgba){ 24, 8, 8, 255 });
    paint_disc(m, lx * PAINT_SUB, ly * PAINT_SUB, (z / 5 + 1) * PAINT_SUB, LOOK_TUBE_LAMP);
    paint_disc(m, lx * PAINT_SUB, ly * PAINT_SUB, (z / 10 + 1) * PAINT_SUB, (rgba){ 255, 130, 110, 255 });
}

/* The drop: a dark shaft seen from the side, the dim red lamp sliding up past the party
 * as tube_tick counts 1..TUBE_TICKS, streaks of the rush, darkness above and below. */
static void draw_tube(frame *fr)
{
    canvas *m = &fr->map;
    int z = fr->z, W = m->w, H = m->h, tick = fr->w->tube_tick;
    if (W < 1 || H < 1)
        return;
    canvas_clear(m, (rgba){ 3, 3, 4, 255 });
    int sw = 7 * z < W ? 7 * z : W, x0 = (W - sw) / 2;
    tube_shaft(m, x0, sw, z, tick);
    /* ticks 1..TUBE_TICKS - 1 are shown (the last one lands): the lamp goes from below
     * the party, past it, to above it */
    int shown = TUBE_TICKS > 2 ? TUBE_TICKS - 1 : 2, k = tick < 1 ? 1 : tick > shown ? shown : tick;
    int span = H * 7 / 10;
    tube_lamp(fr, x0, sw, x0 + sw - z / 2, H / 2 + span * (shown + 1 - 2 * k) / (2 * (shown - 1)));
    rng g = rng_cosmetic(fr->seed, (uint32_t)tick, 0, 0);
    for (int i = 0; i < 14; i++) {
        int sx = x0 + rng_range(&g, z / 2, sw - z / 2), sy = rng_range(&g, 0, H - 1);
        canvas_blend_rect(m, sx, sy, 1, rng_range(&g, z, 4 * z), (rgba){ 255, 255, 255, 36 });
    }
    int fade = H / 4;
    for (int y = 0; y < fade; y++) {
        int left = fade - y;
        rgba f = { 0, 0, 0, (uint8_t)(255 * left * left / (fade * fade)) };
        canvas_blend_rect(m, 0, y, W, 1, f);
        canvas_blend_rect(m, 0, H - 1 - y, W, 1, f);
    }
    draw_party_at(fr, W / 2, H / 2);
}

/* --- camera and frame -------------------------------------------------------------- */

/* Left edge (in floor px) of a view span long centred on c in a floor full px long:
 * clamped to the floor's edges, or centring a floor shorter than the view. */
static int camera_edge(int c, int span, int full, int loose)
{
    if (loose) /* the map's centre anywhere over the floor */
        return (c < 0 ? 0 : c > full ? full : c) - span / 2;
    if (full <= span)
        return -(span - full) / 2;
    int e = c - span / 2;
    return e < 0 ? 0 : e > full - span ? full - span : e;
}

static void frame_setup(frame *fr, int cam_x_cm, int cam_y_cm)
{
    const dfloor *f = fr->f;
    int z = fr->z, fw = f->w * z, fh = f->h * z;
    if (fr->o->whole_floor) {
        fr->ox = 0, fr->oy = 0;
    } else {
        int loose = fr->o->loose && !fr->o->follow;
        fr->ox = -camera_edge(cam_x_cm * z / FLOOR_SQUARE_CM, fr->map.w, fw, loose);
        fr->oy = -camera_edge(cam_y_cm * z / FLOOR_SQUARE_CM, fr->map.h, fh, loose);
    }
    fr->sx0 = fr->ox < 0 ? -fr->ox / z : 0;
    fr->sy0 = fr->oy < 0 ? -fr->oy / z : 0;
    fr->sx1 = (fr->map.w - fr->ox + z - 1) / z;
    fr->sy1 = (fr->map.h - fr->oy + z - 1) / z;
    if (fr->sx1 > f->w) fr->sx1 = f->w;
    if (fr->sy1 > f->h) fr->sy1 = f->h;
}

/* Has row y of f a square of terrain t in columns x0..x1 (clipped to the floor; outside
 * it floor_at gives rock)? Rows are bytes: memchr skips a row without lava at once. */
static int row_has(const dfloor *f, int y, int x0, int x1, terrain t)
{
    if (y < 0 || y >= f->h)
        return 0;
    x0 = x0 < 0 ? 0 : x0;
    x1 = x1 >= f->w ? f->w - 1 : x1;
    return x0 <= x1 && memchr(f->terrain + (size_t)y * (size_t)f->w + x0, (int)t,
                              (size_t)(x1 - x0 + 1)) != NULL;
}

/* Lava lights the ground beside it: an orange glow from every lava square that
 * borders something other than lava, breathing with the fluid phase. */
static void draw_lava_glow(frame *fr)
{
    const dfloor *f = fr->f;
    int z = fr->z, breath = (int)((fr->o->t_ms / FLUID_FRAME_MS) % TILE_PHASES);
    breath = breath < TILE_PHASES / 2 ? breath : TILE_PHASES - breath;
    for (int y = fr->sy0 - 1; y <= fr->sy1; y++) {
        if (!row_has(f, y, fr->sx0 - 1, fr->sx1, T_LAVA))
            continue;
        for (int x = fr->sx0 - 1; x <= fr->sx1; x++) {
            if (floor_at(f, x, y) != T_LAVA)
                continue;
            if (floor_at(f, x - 1, y) == T_LAVA && floor_at(f, x + 1, y) == T_LAVA &&
                floor_at(f, x, y - 1) == T_LAVA && floor_at(f, x, y + 1) == T_LAVA)
                continue;
            glow(fr, TM_LAVA_GLOW, 0, fr->ox + x * z + z / 2, fr->oy + y * z + z / 2,
                 paint_alpha(paint_rgb(255, 120, 30), 60 + 12 * breath));
        }
    }
}

/* The map area around the floor's rectangle in the void's colour: the ground's tiles
 * cover the rectangle itself, so it is written once. */
static void draw_void(frame *fr)
{
    canvas *m = &fr->map;
    int x0 = fr->ox, y0 = fr->oy, x1 = fr->ox + fr->f->w * fr->z, y1 = fr->oy + fr->f->h * fr->z;
    int top = y0 < 0 ? 0 : y0 > m->h ? m->h : y0, bottom = y1 < top ? top : y1 > m->h ? m->h : y1;
    canvas_fill_rect(m, 0, 0, m->w, top, LOOK_VOID);
    canvas_fill_rect(m, 0, bottom, m->w, m->h - bottom, LOOK_VOID);
    canvas_fill_rect(m, 0, top, x0, bottom - top, LOOK_VOID);
    canvas_fill_rect(m, x1, top, m->w - x1, bottom - top, LOOK_VOID);
}

static void draw_map(frame *fr)
{
    const world *w = fr->w;
    int z = fr->z;
    draw_void(fr);
    draw_ground(fr);
    draw_things(fr);
    draw_heights(fr);
    draw_lava_glow(fr);
    draw_pit_glow(fr);
    draw_lamp_halos(fr);
    draw_motes(fr);
    draw_marks(fr);
    draw_items(fr);
    draw_monsters(fr);
    if (w->floor == fr->f->index) {
        int cx = fr->ox + w->x_cm * z / FLOOR_SQUARE_CM, cy = fr->oy + w->y_cm * z / FLOOR_SQUARE_CM;
        if (w->phase == PHASE_TUBE && w->tube_tick == 0)
            draw_plates_break(fr, cx, cy);
        if (fr->o->dust_step > 0 && fr->o->dust_step <= FRAME_DUST_STEPS)
            draw_dust(fr, cx, cy, fr->o->dust_step);
        draw_party_at(fr, cx, cy);
        if (fr->o->compact)
            draw_party_ring(fr, cx, cy);
    }
    draw_lamps(fr);
}

/* The countdown line of the nearest dry station within FRAME_SIGHT squares of the
 * party on its floor, into buf; NULL when there is none or the party is in the tube. */
static const char *dry_line_in_sight(const world *w, char *buf, size_t size)
{
    if (w->floor < 0 || w->floor >= w->dg.floor_count || w->phase == PHASE_TUBE)
        return NULL;
    const dfloor *f = &w->dg.floors[w->floor];
    int px_ = world_sx(w), py = world_sy(w), best = -1, best_d = FRAME_SIGHT + 1;
    for (int i = 0; i < f->station_count; i++) {
        const station *s = &f->stations[i];
        int dx = s->x - px_, dy = s->y - py;
        int d = (dx < 0 ? -dx : dx) > (dy < 0 ? -dy : dy) ? (dx < 0 ? -dx : dx) : (dy < 0 ? -dy : dy);
        if (d < best_d && !station_ready(s, w->clock_s))
            best = i, best_d = d;
    }
    if (best < 0)
        return NULL;
    return station_line(&f->stations[best], w->clock_s, buf, size);
}

/* The map area's height: the frame's, less the timeline strip when there is one. */
static int map_height(const canvas *c, const frame_opts *o)
{
    int h = o->timeline.total > 0 ? c->h - FRAME_TIMELINE_H : c->h;
    return h > 0 ? h : 0;
}

static void draw_overlays(frame *fr, text_ctx *txt)
{
    if (!fr->o->overlays)
        return;
    overlay_place pl = { .w = fr->w, .f = fr->f, .ox = fr->ox, .oy = fr->oy, .z = fr->z,
                         .sx0 = fr->sx0, .sy0 = fr->sy0, .sx1 = fr->sx1, .sy1 = fr->sy1 };
    overlay_draw(&fr->map, &pl, fr->o, txt);
}

static delve_status side_layout_for(const world *w, const frame_opts *o, side_layout *l,
                                    delve_err *err)
{
    side_opts so = { .zoom = clamp_zoom(o->zoom), .row = o->side_row, .pct = o->side_pct,
                     .by_col = o->side_by_col, .col = o->side_col,
                     .tide_raw = w->tide.on ? w->tide.last_raw : NULL };
    delve_status st = side_layout_of(&w->dg, &so, l, err);
    if (!st && (int64_t)l->w * l->h > FRAME_SIDE_MAX_PX)
        st = delve_fail(err, DELVE_ELIMIT, "the side view is %d x %d px at %d px a square, "
                        "past %d Mpx", l->w, l->h, so.zoom, FRAME_SIDE_MAX_PX >> 20);
    return st;
}

delve_status frame_side_size(const world *w, const frame_opts *o, int *w_px, int *h_px,
                            delve_err *err)
{
    side_layout l;
    delve_status st = side_layout_for(w, o, &l, err);
    *w_px = st ? 0 : l.w;
    *h_px = st ? 0 : l.h;
    return st;
}

/* The side view in the map area: the whole picture's part from (side_x, side_y) with
 * the ruler and the floors' labels kept at the left (a window that pans never loses its
 * depths), the party at its square as on the map; the void around a picture smaller
 * than the map. */
static delve_status draw_side(canvas *map, const world *w, const frame_opts *o, delve_err *err)
{
    side_layout l;
    delve_status st = side_layout_for(w, o, &l, err);
    if (st)
        return st;
    int top = side_top(&l, map->h);
    l.sx = o->side_x, l.sy = top ? 0 : o->side_y;
    canvas_clear(map, LOOK_VOID);
    canvas pic = canvas_view(map, 0, top, map->w, map->h - top);
    side_render(&pic, &w->dg, &l);
    if (w->floor >= 0 && w->floor < w->dg.floor_count) {
        int x = world_sx(w), y = world_sy(w);
        side_party p = { .col = side_along(&w->dg, &l, w->floor, x, y),
                         .feet_cm = dungeon_ground_cm(&w->dg, w->floor, x, y), .fallen_cm = -1,
                         .off_cut = !side_on_cut(&w->dg, &l, w->floor, x, y) };
        side_draw_party(&pic, &l, &p);
    }
    return DELVE_OK;
}

/* The panel into c's right edge: put back from vc's last panel when its hud_key is
 * the same (no text laid out or blended), else drawn and, with a cache vc, kept for
 * the next frame. The same pixels either way. */
static void draw_hud(canvas *c, const world *w, const frame_opts *o, text_ctx *txt,
                     frame_cache *vc)
{
    char line[128];
    uint8_t key[HUD_KEY_MAX];
    int pw = frame_panel_w(c, o), pct = hud_pct(c, o);
    canvas panel = canvas_view(c, c->w - pw, 0, pw, c->h);
    const char *dry = dry_line_in_sight(w, line, sizeof line);
    size_t n = vc ? hud_key(key, &panel, w, o, txt, dry, pct) : 0;
    if (n && n == vc->hud_key_n && !memcmp(key, vc->hud_key, n)) {
        canvas_runs_put(&panel, &vc->hud);
        vc->hud_kept++;
        return;
    }
    hud_draw(&panel, w, o, txt, dry, pct);
    if (vc)
        vc->hud_drawn++;
    if (!n)
        return;
    vc->hud_key_n = 0;
    if (canvas_runs_keep(&vc->hud, &panel, NULL) == DELVE_OK) { /* else drawn anew next time */
        memcpy(vc->hud_key, key, n);
        vc->hud_key_n = n;
    }
}

delve_status frame_render(canvas *c, const world *w, const frame_opts *o, text_ctx *txt,
                         delve_err *err)
{
    if (o->hud && !txt)
        return delve_fail(err, DELVE_EINPUT, "view: the HUD needs text (no text_ctx given)");
    int fi = o->follow ? w->floor : o->cam_floor;
    if (fi < 0 || fi >= w->dg.floor_count || !w->dg.floors[fi].terrain)
        return delve_fail(err, DELVE_EINPUT, "view: no floor %d in this dungeon", fi + 1);
    frame_cache *vc = o->cache ? o->cache : frame_cache_new();
    if (!vc)
        return delve_fail(err, DELVE_ENOMEM, "view: out of memory for tiles");
    frame fr = { .w = w, .o = o, .f = &w->dg.floors[fi], .z = clamp_zoom(o->zoom),
                 .seed = w->dg.seed, .pulse = pulse_at(o->t_ms) };
    delve_status st = cache_ready(vc, fr.z, err);
    if (st == DELVE_OK) {
        int map_w = c->w - frame_panel_w(c, o), map_h = map_height(c, o);
        fr.map = canvas_view(c, 0, 0, map_w > 0 ? map_w : 0, map_h);
        fr.ts = &vc->ts;
        fr.vc = vc;
        if (o->no_map) {
            /* the caller draws the map area */
        } else if (o->side) {
            st = draw_side(&fr.map, w, o, err);
        } else if (o->follow && w->phase == PHASE_TUBE && w->tube_tick >= 1) {
            draw_tube(&fr);
        } else {
            frame_setup(&fr, o->follow ? w->x_cm : o->cam_x_cm, o->follow ? w->y_cm : o->cam_y_cm);
            draw_map(&fr);
            draw_overlays(&fr, txt);
        }
        if (o->timeline.total > 0) {
            canvas strip = canvas_view(c, 0, map_h, map_w > 0 ? map_w : 0, c->h - map_h);
            overlay_timeline(&strip, &o->timeline);
        }
        if (o->help_count > 0)
            frame_help_draw(&fr.map, o->help, o->help_count, txt);
        if (fr.oom)
            st = delve_fail(err, DELVE_ENOMEM, "view: out of memory for tiles");
    }
    if (st == DELVE_OK && o->hud && !o->compact)
        draw_hud(c, w, o, txt, vc == o->cache ? vc : NULL);
    else if (st == DELVE_OK && o->hud && !o->no_map) /* over the map: after it */
        hud_draw_compact(c, w, o, txt);
    if (vc != o->cache)
        frame_cache_free(vc);
    return st;
}

void frame_compact_hud(canvas *c, const world *w, const frame_opts *o, text_ctx *txt)
{
    hud_draw_compact(c, w, o, txt);
}

int frame_origin(const canvas *c, const world *w, const frame_opts *o, int *floor, int *ox,
                int *oy, int *zoom)
{
    int fi = o->follow ? w->floor : o->cam_floor;
    if (fi < 0 || fi >= w->dg.floor_count || !w->dg.floors[fi].terrain)
        return 0;
    if (o->side || (o->follow && w->phase == PHASE_TUBE && w->tube_tick >= 1))
        return 0;
    int map_w = c->w - frame_panel_w(c, o);
    frame fr = { .w = w, .o = o, .f = &w->dg.floors[fi], .z = clamp_zoom(o->zoom) };
    fr.map.w = map_w > 0 ? map_w : 0;
    fr.map.h = map_height(c, o);
    frame_setup(&fr, o->follow ? w->x_cm : o->cam_x_cm, o->follow ? w->y_cm : o->cam_y_cm);
    *floor = fi;
    *ox = fr.ox;
    *oy = fr.oy;
    *zoom = fr.z;
    return 1;
}

int frame_square_at(const canvas *c, const world *w, const frame_opts *o, int px, int py,
                   int *floor, int *x, int *y)
{
    int fi, ox, oy, z;
    int map_w = c->w - frame_panel_w(c, o);
    if (px < 0 || py < 0 || px >= map_w || py >= map_height(c, o) ||
        !frame_origin(c, w, o, &fi, &ox, &oy, &z))
        return 0;
    const dfloor *f = &w->dg.floors[fi];
    int fx = px - ox, fy = py - oy;
    if (fx < 0 || fy < 0 || fx / z >= f->w || fy / z >= f->h)
        return 0;
    *floor = fi;
    *x = fx / z;
    *y = fy / z;
    return 1;
}

/* --- the view's tile choices, for the Tiled export (frame_tiles.h) ---------------- */

/* A frame that only knows floor f and the seed: enough for the tile choices, which
 * read nothing else (animation time 0). */
static frame tiles_frame(const dfloor *f, uint64_t seed, const frame_opts *o)
{
    frame fr;
    memset(&fr, 0, sizeof fr);
    fr.f = f;
    fr.o = o;
    fr.seed = seed;
    fr.z = FRAME_ZOOM;
    return fr;
}

tile_kind frame_ground_tile(const dfloor *f, uint64_t seed, int x, int y, int *variant)
{
    frame_opts o = frame_defaults();
    o.t_ms = 0;
    frame fr = tiles_frame(f, seed, &o);
    return ground_tile(&fr, x, y, variant);
}

tile_kind frame_way_tile(way_kind k)
{
    return way_tile(k);
}

int frame_pit_tile(const dfloor *f, uint64_t seed, const pit *p, tile_kind *k, int *variant)
{
    if (p->hidden && !p->open)
        return 0; /* as draw_things: a hidden pit looks like plain floor */
    frame_opts o = frame_defaults();
    frame fr = tiles_frame(f, seed, &o);
    *k = p->open ? TK_PIT_OPEN : TK_PIT_PLATES;
    *variant = p->open ? 0 : (int)(square_hash(&fr, p->x, p->y) % TILE_PIT_VARIANTS);
    return 1;
}

int frame_fixture_variant(const station *s)
{
    return (int)s->look * 4 + station_turns(s);
}

#define HELP_TEXT_PX 14   /* the key overlay's text */
#define HELP_KEY_W 110    /* px of its key column */

void frame_help_draw(canvas *map, const char *const *lines, int n, text_ctx *txt)
{
    if (n <= 0 || !txt || map->w <= 0 || map->h <= 0)
        return;
    int lh = text_line_h(txt, HELP_TEXT_PX, TEXT_SANS), pad = 14;
    int bw = map->w - 2 * pad < 620 ? map->w - 2 * pad : 620;
    int fit = (map->h - 2 * pad - 2 * pad) / lh;
    n = n < fit ? n : fit; /* a short window shows the first lines */
    int bh = n * lh + 2 * pad, x = (map->w - bw) / 2, y = (map->h - bh) / 2;
    canvas_blend_rect(map, x, y, bw, bh, (rgba){ 10, 10, 16, 232 });
    canvas_frame_rect(map, x, y, bw, bh, 1, LOOK_PANEL_EDGE);
    for (int i = 0; i < n; i++) {
        char key[32], fitted[256];
        const char *tab = strchr(lines[i], '\t');
        size_t kn = tab ? (size_t)(tab - lines[i]) : 0;
        snprintf(key, sizeof key, "%.*s", (int)(kn < sizeof key ? kn : sizeof key - 1), lines[i]);
        const char *what = tab ? tab + 1 : lines[i];
        int ty = y + pad + i * lh;
        text_draw(map, txt, x + pad, ty, HELP_TEXT_PX, TEXT_BOLD, LOOK_GOAL, key);
        text_draw(map, txt, x + pad + HELP_KEY_W, ty, HELP_TEXT_PX, TEXT_SANS, LOOK_TEXT,
                  text_fit(txt, HELP_TEXT_PX, TEXT_SANS, bw - 2 * pad - HELP_KEY_W, what, fitted,
                           sizeof fitted));
    }
}
