/* dun: the .dun writer and reader (see dun.h; the format is docs/dun-format.md). */
#include "engine/dun.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/lex.h"
#include "base/textbuf.h"
#include "engine/world.h"

/* ---- names ---- */

char dun_terrain_glyph(terrain t)
{
    return terrain_get(t)->glyph;
}

int dun_glyph_terrain(char g)
{
    for (int t = 0; t < T_TERRAIN_COUNT; t++)
        if (terrain_get((terrain)t)->glyph == g)
            return t;
    return -1;
}

/* A name as the file spells it: the table's name with spaces as '-'. */
static void file_name(const char *name, char *out, size_t cap)
{
    size_t i = 0;
    for (; name[i] && i + 1 < cap; i++)
        out[i] = name[i] == ' ' ? '-' : name[i];
    out[i] = '\0';
}

static int terrain_from_name(const char *s)
{
    char buf[32];
    for (int t = 0; t < T_TERRAIN_COUNT; t++) {
        file_name(terrain_get((terrain)t)->name, buf, sizeof buf);
        if (!strcmp(buf, s))
            return t;
    }
    return -1;
}

static int look_from_name(const char *s)
{
    char buf[32];
    for (int k = 0; k < LOOK_COUNT; k++) {
        file_name(station_look_name((station_look)k), buf, sizeof buf);
        if (!strcmp(buf, s))
            return k;
    }
    return -1;
}

/* A station's wall side: DIR_N .. DIR_W by DIR4_DX/DIR4_DY, then none (0, 0). */
static const char *const WALL_DIR[] = { "north", "east", "south", "west", "none" };

static int wall_index(int dx, int dy)
{
    for (int i = 0; i < DIR_COUNT; i++)
        if (DIR4_DX[i] == dx && DIR4_DY[i] == dy)
            return i;
    return DIR_COUNT;
}

/* ---- writing ---- */

static void write_map(textbuf *b, const dfloor *f)
{
    char *row = malloc((size_t)f->w + 1);
    if (!row) {
        b->oom = 1;
        return;
    }
    textbuf_printf(b, "map\n");
    for (int y = 0; y < f->h; y++) {
        int end = 0;
        for (int x = 0; x < f->w; x++) {
            int wi = floor_way_at(f, x, y);
            row[x] = wi >= 0 ? way_kind_glyph(f->ways[wi].kind)
                             : dun_terrain_glyph(floor_at(f, x, y));
            if (row[x] != ' ')
                end = x + 1;
        }
        row[end] = '\0';
        textbuf_printf(b, "%s\n", row);
    }
    textbuf_printf(b, "endmap\n");
    free(row);
}

/* Value of square i for a layer: the height, or whether a mark bit is set (a floor
 * without a marks array has none). */
static int32_t layer_at(const dfloor *f, int bit, int i)
{
    return bit ? f->marks && (f->marks[i] & bit) != 0 : f->height_cm[i];
}

/* The layer as rectangles of one non-zero value, greedy in reading order: from the
 * first uncovered square, as wide as the value runs, then as deep as whole rows match.
 * 1 x 1 rectangles are written as single squares. The same layer gives the same lines. */
static void write_layer(textbuf *b, const dfloor *f, const char *word, int bit)
{
    uint8_t *done = calloc((size_t)f->w * (size_t)f->h, 1);
    if (!done) {
        b->oom = 1;
        return;
    }
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            int32_t v = layer_at(f, bit, y * f->w + x);
            if (!v || done[y * f->w + x])
                continue;
            int w = 1, h = 1;
            while (x + w < f->w && !done[y * f->w + x + w] &&
                   layer_at(f, bit, y * f->w + x + w) == v)
                w++;
            for (int ok = 1; ok && y + h < f->h; h += ok)
                for (int i = 0; i < w && ok; i++)
                    ok = !done[(y + h) * f->w + x + i] &&
                         layer_at(f, bit, (y + h) * f->w + x + i) == v;
            for (int j = 0; j < h; j++)
                memset(done + (size_t)(y + j) * f->w + x, 1, (size_t)w);
            if (w * h == 1)
                textbuf_printf(b, "%s %d %d", word, x, y);
            else
                textbuf_printf(b, "%s %d %d %d %d", word, x, y, w, h);
            if (!bit)
                textbuf_printf(b, " %" PRId32, v);
            textbuf_printf(b, "\n");
        }
    free(done);
}

static void write_things(textbuf *b, const dfloor *f)
{
    char name[32];
    textbuf_printf(b, "entrance %d %d\ngoal %d %d\n", f->entrance_x, f->entrance_y, f->goal_x, f->goal_y);
    for (int i = 0; i < f->room_count; i++)
        textbuf_printf(b, "room %d %d %d %d\n", f->rooms[i].x, f->rooms[i].y, f->rooms[i].w,
            f->rooms[i].h);
    for (int i = 0; i < f->way_count; i++) {
        const way *w = &f->ways[i];
        textbuf_printf(b, "way %s %d %d to %d %d %d", way_kind_name(w->kind), w->x, w->y, w->to_floor + 1,
            w->to_x, w->to_y);
        if (floor_at(f, w->x, w->y) != T_FLOOR) {
            file_name(terrain_get(floor_at(f, w->x, w->y))->name, name, sizeof name);
            textbuf_printf(b, " on %s", name);
        }
        textbuf_printf(b, "\n");
    }
    for (int i = 0; i < f->pit_count; i++)
        textbuf_printf(b, "pit %d %d%s%s\n", f->pits[i].x, f->pits[i].y, f->pits[i].hidden ? " hidden" : "",
            f->pits[i].open ? " open" : "");
    for (int i = 0; i < f->station_count; i++) {
        const station *s = &f->stations[i];
        file_name(station_look_name(s->look), name, sizeof name);
        textbuf_printf(b, "station %d %d %s wall %s", s->x, s->y, name,
            WALL_DIR[wall_index(s->wall_dx, s->wall_dy)]);
        if (s->last_used_s != STATION_NEVER_USED)
            textbuf_printf(b, " used %" PRId64, s->last_used_s);
        textbuf_printf(b, "\n");
    }
    for (int i = 0; i < f->patrol_count; i++) {
        textbuf_printf(b, "route");
        for (int k = 0; k < f->patrols[i].count; k++)
            textbuf_printf(b, " %d,%d", f->patrols[i].x[k], f->patrols[i].y[k]);
        textbuf_printf(b, "\n");
    }
    for (int i = 0; i < f->monster_count; i++) {
        const monster *m = &f->monsters[i];
        textbuf_printf(b, "monster %d %d %d %s%s", m->kind, m->x, m->y, m->flying ? "flying" : "walking",
            m->hunting ? " hunting" : "");
        if (m->patrol)
            textbuf_printf(b, " route %d", m->patrol);
        textbuf_printf(b, "\n");
    }
    for (int i = 0; i < f->item_count; i++)
        textbuf_printf(b, "item %d %d %d\n", f->items[i].kind, f->items[i].x, f->items[i].y);
}

static void write_floor(textbuf *b, const dungeon *d, int k)
{
    const dfloor *f = &d->floors[k];
    textbuf_printf(b, "\nfloor %d %s dlevel %d size %d %d", k + 1,
        level_type_name((level_type)f->level_type), f->dlevel, f->w, f->h);
    if (f->ox || f->oy) /* only a grown floor has an origin: older files keep their bytes */
        textbuf_printf(b, " origin %d %d", f->ox, f->oy);
    textbuf_printf(b, " datum %" PRId32 "\n", d->datum_cm[k]);
    write_map(b, f);
    write_layer(b, f, "height", 0);
    write_layer(b, f, "drawn", SQ_DRAWN);
    write_layer(b, f, "pin", SQ_PIN);
    write_layer(b, f, "secret", SQ_SECRET);
    write_things(b, f);
}

delve_status dun_write(const dungeon *d, uint64_t seed, char **out, delve_err *err)
{
    *out = NULL;
    for (int k = 0; k < d->floor_count; k++)
        if (!d->floors[k].terrain)
            return delve_fail(err, DELVE_EINPUT, "floor %d has no squares to write", k + 1);
    textbuf b = { 0 };
    textbuf_printf(&b, "%s %d\n# a delve dungeon: the format is docs/dun-format.md\nseed %" PRIu64
        "\nfloors %d\n", DUN_MAGIC, DUN_VERSION, seed, d->floor_count);
    for (int k = 0; k < d->floor_count; k++)
        write_floor(&b, d, k);
    if (b.oom) {
        free(b.s);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for a .dun file");
    }
    *out = b.s;
    return DELVE_OK;
}

delve_status dun_floor_digest(const dungeon *d, int k, uint64_t *digest, delve_err *err)
{
    if (k < 0 || k >= d->floor_count || !d->floors[k].terrain)
        return delve_fail(err, DELVE_EINPUT, "floor %d has no squares to write", k + 1);
    textbuf b = { 0 };
    write_floor(&b, d, k);
    if (b.oom) {
        free(b.s);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for a floor's .dun text");
    }
    /* the blank line write_floor opens with belongs between floors, not to the floor */
    *digest = hash_fnv1a64(HASH_FNV1A64_BASIS, b.s + 1, b.len - 1);
    free(b.s);
    return DELVE_OK;
}

/* ---- reading ---- */

typedef struct rd {
    lex x;                /* the line being read (base/lex.h) */
    dungeon *d;
    int floor;            /* current floor index, -1 before the first */
    int floors_declared;
    int8_t *waymap;       /* current floor's way glyphs from its map block */
    int map_line;         /* line of the current floor's `map`, 0 before it */
    int entrance_line, goal_line; /* their lines on the current floor, 0 before them */
    int pit_line[FLOOR_MAX_PITS]; /* the line of each of the current floor's pits */
    int station_line[FLOOR_MAX_STATIONS]; /* and of each of its stations */
    int way_line[FLOOR_MAX_WAYS], way_col[FLOOR_MAX_WAYS];
    uint8_t way_on[FLOOR_MAX_WAYS]; /* terrain under each way ('on', default floor) */
    int datum_line[DUNGEON_MAX_FLOORS], datum_col[DUNGEON_MAX_FLOORS];
    int32_t datum[DUNGEON_MAX_FLOORS];
} rd;

/* The cursor after spaces: where the next word or number starts. */
static const char *here(rd *r)
{
    lex_skip_space(&r->x);
    return r->x.p;
}

/* x and y of a square on the current floor. */
static delve_status square(rd *r, int *x, int *y)
{
    const dfloor *f = &r->d->floors[r->floor];
    const char *at = here(r);
    delve_status st = lex_int(&r->x, 0, FLOOR_MAX_SIDE - 1, x, "x");
    if (!st)
        st = lex_int(&r->x, 0, FLOOR_MAX_SIDE - 1, y, "y");
    if (!st && !floor_in(f, *x, *y))
        st = lex_fail(&r->x, at, "square %d,%d is outside floor %d (%d x %d)", *x, *y,
                      r->floor + 1, f->w, f->h);
    return st;
}

/* Turns a full-floor status from floor_add_* into an error at this line. */
static delve_status added(rd *r, delve_status st, delve_err *e)
{
    return st ? lex_fail(&r->x, r->x.ls, "%s", e->msg) : DELVE_OK;
}

/* A second pit, way or station (what) on a square: the engine takes a square's first
 * (floor_pit_at and its kin), so a second could never be used or shown. Refused as a
 * second map block is, at its square; line: the first one's. */
static delve_status second_on_square(rd *r, const char *at, const char *what, int x, int y,
                                     int line)
{
    return lex_fail(&r->x, at, "floor %d already has a %s at %d,%d (at line %d)", r->floor + 1,
                    what, x, y, line);
}

static delve_status l_way(rd *r, dfloor *f)
{
    char kind[16], tname[32];
    const char *at = lex_word(&r->x, kind, sizeof kind,
                              "a way kind (lift, ladder, stair, ramp, spiral)");
    if (!at)
        return DELVE_EINPUT;
    way w = { 0 };
    int k = 0;
    for (; k < WAY_KIND_COUNT && strcmp(kind, way_kind_name((way_kind)k)); k++)
        ;
    if (k == WAY_KIND_COUNT)
        return lex_fail(&r->x, at, "unknown way kind '%s' (lift, ladder, stair, ramp, spiral)",
                        kind);
    w.kind = (way_kind)k;
    const char *sq = here(r);
    delve_status st = square(r, &w.x, &w.y);
    if (!st)
        st = lex_expect(&r->x, "to");
    if (!st)
        st = lex_int(&r->x, 1, r->floors_declared, &w.to_floor, "the floor it leads to");
    if (!st)
        st = lex_int(&r->x, 0, FLOOR_MAX_SIDE - 1, &w.to_x, "x");
    if (!st)
        st = lex_int(&r->x, 0, FLOOR_MAX_SIDE - 1, &w.to_y, "y");
    if (st)
        return st;
    w.to_floor -= 1;
    if (w.to_floor == r->floor && w.kind != WAY_SPIRAL) /* rising: spirals within a floor */
        return lex_fail(&r->x, sq, "a way other than a spiral leads to another floor, not to "
                        "floor %d itself", r->floor + 1);
    int t = T_FLOOR;
    if (lex_keyword(&r->x, "on")) {
        if (!(at = lex_word(&r->x, tname, sizeof tname, "a terrain name")))
            return DELVE_EINPUT;
        if ((t = terrain_from_name(tname)) < 0)
            return lex_fail(&r->x, at, "unknown terrain '%s'", tname);
    }
    if ((st = lex_end(&r->x)))
        return st;
    int twin = floor_way_at(f, w.x, w.y);
    if (twin >= 0)
        return second_on_square(r, sq, "way", w.x, w.y, r->way_line[twin]);
    delve_err e;
    int i = f->way_count;
    if ((st = added(r, floor_add_way(f, w, &e), &e)))
        return st;
    r->way_line[i] = r->x.line;
    r->way_col[i] = lex_col(&r->x, sq);
    r->way_on[i] = (uint8_t)t;
    return DELVE_OK;
}

static delve_status l_pit(rd *r, dfloor *f)
{
    pit p = { 0 };
    const char *at = here(r);
    delve_status st = square(r, &p.x, &p.y);
    if (st)
        return st;
    p.hidden = lex_keyword(&r->x, "hidden");
    p.open = lex_keyword(&r->x, "open");
    if ((st = lex_end(&r->x)))
        return st;
    int twin = floor_pit_at(f, p.x, p.y);
    if (twin >= 0)
        return second_on_square(r, at, "pit", p.x, p.y, r->pit_line[twin]);
    delve_err e;
    int i = f->pit_count;
    if ((st = added(r, floor_add_pit(f, p, &e), &e)))
        return st;
    r->pit_line[i] = r->x.line;
    return DELVE_OK;
}

/* The look and wall side of a station line. */
static delve_status station_look_wall(rd *r, station *s)
{
    char name[32];
    const char *at = lex_word(&r->x, name, sizeof name, "a look (font, drip-bench, nutrient-tap)");
    if (!at)
        return DELVE_EINPUT;
    int look = look_from_name(name);
    if (look < 0)
        return lex_fail(&r->x, at, "unknown look '%s' (font, drip-bench, nutrient-tap)", name);
    s->look = (station_look)look;
    delve_status st = lex_expect(&r->x, "wall");
    if (st)
        return st;
    if (!(at = lex_word(&r->x, name, sizeof name, "a wall side (north, east, south, west, none)")))
        return DELVE_EINPUT;
    int wi = 0;
    for (; wi < 5 && strcmp(name, WALL_DIR[wi]); wi++)
        ;
    if (wi == 5)
        return lex_fail(&r->x, at, "unknown wall side '%s' (north, east, south, west, none)",
                        name);
    s->wall_dx = wi < DIR_COUNT ? DIR4_DX[wi] : 0;
    s->wall_dy = wi < DIR_COUNT ? DIR4_DY[wi] : 0;
    return DELVE_OK;
}

static delve_status l_station(rd *r, dfloor *f)
{
    station s = { .last_used_s = STATION_NEVER_USED };
    const char *at = here(r);
    delve_status st = square(r, &s.x, &s.y);
    if (!st)
        st = station_look_wall(r, &s);
    if (!st && lex_keyword(&r->x, "used"))
        st = lex_i64(&r->x, 0, WORLD_MAX_CLOCK_S, ' ', &s.last_used_s,
                     "the game second it was last used");
    if (!st)
        st = lex_end(&r->x);
    if (st)
        return st;
    int twin = floor_station_at(f, s.x, s.y);
    if (twin >= 0)
        return second_on_square(r, at, "station", s.x, s.y, r->station_line[twin]);
    delve_err e;
    int i = f->station_count;
    if ((st = added(r, floor_add_station(f, s, &e), &e)))
        return st;
    r->station_line[i] = r->x.line;
    return DELVE_OK;
}

static delve_status l_route(rd *r, dfloor *f)
{
    patrol p;
    memset(&p, 0, sizeof p);
    for (const char *at = here(r); at < r->x.le; at = here(r)) {
        if (p.count == PATROL_MAX_SQUARES)
            return lex_fail(&r->x, at, "a route has at most %d squares", PATROL_MAX_SQUARES);
        int64_t x = 0, y = 0;
        delve_status st = lex_i64(&r->x, 0, FLOOR_MAX_SIDE - 1, ',', &x, "x");
        if (!st && (r->x.p >= r->x.le || *r->x.p != ','))
            st = lex_fail(&r->x, r->x.p, "expected ',' between x and y (squares are X,Y)");
        if (st)
            return st;
        r->x.p++;
        if ((st = lex_i64(&r->x, 0, FLOOR_MAX_SIDE - 1, ' ', &y, "y")))
            return st;
        if (!floor_in(f, (int)x, (int)y))
            return lex_fail(&r->x, at, "square %d,%d is outside floor %d", (int)x, (int)y,
                            r->floor + 1);
        p.x[p.count] = (int16_t)x;
        p.y[p.count++] = (int16_t)y;
    }
    if (p.count == 0)
        return lex_fail(&r->x, r->x.p, "expected the route's squares (X,Y X,Y ...)");
    delve_err e;
    return added(r, floor_add_patrol(f, &p, &e), &e);
}

static delve_status l_monster(rd *r, dfloor *f)
{
    monster m = { 0 };
    delve_status st = lex_int(&r->x, 0, 9999, &m.kind, "the monster kind");
    if (!st)
        st = square(r, &m.x, &m.y);
    if (st)
        return st;
    if (lex_keyword(&r->x, "flying"))
        m.flying = 1;
    else if (!lex_keyword(&r->x, "walking"))
        return lex_fail(&r->x, r->x.p, "expected 'walking' or 'flying'");
    m.hunting = (uint8_t)lex_keyword(&r->x, "hunting");
    if (lex_keyword(&r->x, "route")) {
        const char *at = r->x.p;
        if ((st = lex_int(&r->x, 1, FLOOR_MAX_PATROLS, &m.patrol, "the route number")))
            return st;
        if (m.patrol > f->patrol_count)
            return lex_fail(&r->x, at + 1, "route %d is not one of this floor's %d routes "
                            "(write the route lines first)", m.patrol, f->patrol_count);
    }
    if ((st = lex_end(&r->x)))
        return st;
    delve_err e;
    return added(r, floor_add_monster(f, m, &e), &e);
}

static delve_status l_item(rd *r, dfloor *f)
{
    item it = { 0 };
    delve_status st = lex_int(&r->x, 0, 9999, &it.kind, "the item kind");
    if (!st)
        st = square(r, &it.x, &it.y);
    if (!st)
        st = lex_end(&r->x);
    delve_err e;
    return st ? st : added(r, floor_add_item(f, it, &e), &e);
}

static delve_status l_room(rd *r, dfloor *f)
{
    room rm;
    const char *at = here(r);
    delve_status st = square(r, &rm.x, &rm.y);
    if (!st)
        st = lex_int(&r->x, 1, FLOOR_MAX_SIDE, &rm.w, "width");
    if (!st)
        st = lex_int(&r->x, 1, FLOOR_MAX_SIDE, &rm.h, "height");
    if (!st && (rm.x + rm.w > f->w || rm.y + rm.h > f->h))
        st = lex_fail(&r->x, at, "room %d,%d %dx%d runs past the floor", rm.x, rm.y, rm.w, rm.h);
    if (!st)
        st = lex_end(&r->x);
    if (st)
        return st;
    if (f->room_count >= FLOOR_MAX_ROOMS)
        return lex_fail(&r->x, r->x.ls, "floor %d: more than %d rooms", r->floor + 1,
                        FLOOR_MAX_ROOMS);
    f->rooms[f->room_count++] = rm;
    return DELVE_OK;
}

/* height X Y [W H] CM, drawn|pin|secret X Y [W H]. */
static delve_status l_layer(rd *r, dfloor *f, int bit)
{
    int x, y, w = 1, h = 1;
    int64_t v[3];
    int n = 0;
    const char *at = here(r);
    delve_status st = square(r, &x, &y);
    while (!st && here(r) < r->x.le && n < 3)
        st = lex_i64(&r->x, -1000000, 1000000, ' ', &v[n++], "a size or height");
    if (st || (st = lex_end(&r->x)))
        return st;
    int want = bit ? 0 : 1;
    if (n != want && n != want + 2)
        return lex_fail(&r->x, at, bit ? "expected X Y or X Y W H"
                                       : "expected X Y CM or X Y W H CM");
    if (n >= 2) {
        if (v[0] < 1 || v[1] < 1 || x + v[0] > f->w || y + v[1] > f->h)
            return lex_fail(&r->x, at, "rectangle %d,%d %" PRId64 "x%" PRId64 " runs past the "
                            "floor", x, y, v[0], v[1]);
        w = (int)v[0], h = (int)v[1];
    }
    for (int j = y; j < y + h; j++)
        for (int i = x; i < x + w; i++) {
            if (bit)
                f->marks[j * f->w + i] |= (uint8_t)bit;
            else
                f->height_cm[j * f->w + i] = (int32_t)v[n - 1];
        }
    return DELVE_OK;
}

static delve_status l_map(rd *r, dfloor *f)
{
    delve_status st = lex_end(&r->x);
    if (st)
        return st;
    if (r->map_line)
        return lex_fail(&r->x, r->x.ls, "floor %d already has a map (at line %d)", r->floor + 1,
                        r->map_line);
    r->map_line = r->x.line;
    return dun_map_read(&r->x, f, 0, 0, r->waymap);
}

/* The end of a floor: every way glyph has its way line and every way line its glyph. */
static delve_status floor_close(rd *r)
{
    if (r->floor < 0)
        return DELVE_OK;
    dfloor *f = &r->d->floors[r->floor];
    const char *file = r->x.path;
    delve_err *err = r->x.err;
    if (!r->map_line)
        return delve_fail_at(err, DELVE_EINPUT, file, r->datum_line[r->floor], 1,
                             "floor %d has no map block", r->floor + 1);
    /* without these lines the floor's walk would start or end on square 0,0, which
     * the checks then call unreachable: say what is missing instead */
    if (!r->entrance_line || !r->goal_line)
        return delve_fail_at(err, DELVE_EINPUT, file, r->datum_line[r->floor], 1,
                             "floor %d has no '%s X Y' line", r->floor + 1,
                             r->entrance_line ? "goal" : "entrance");
    for (int i = 0; i < f->way_count; i++) {
        const way *w = &f->ways[i];
        int g = r->waymap[w->y * f->w + w->x];
        if (g != (int)w->kind)
            return delve_fail_at(err, DELVE_EINPUT, file, r->way_line[i], r->way_col[i],
                                 "the map shows '%c' at %d,%d, not the %s's '%c'",
                                 g >= 0 ? way_kind_glyph((way_kind)g)
                                        : dun_terrain_glyph(floor_at(f, w->x, w->y)),
                                 w->x, w->y, way_kind_name(w->kind), way_kind_glyph(w->kind));
    }
    for (int i = 0; i < f->way_count; i++) /* after the map, which drew floor under it */
        floor_set(f, f->ways[i].x, f->ways[i].y, (terrain)r->way_on[i]);
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++)
            if (r->waymap[y * f->w + x] >= 0 && floor_way_at(f, x, y) < 0)
                return delve_fail_at(err, DELVE_EINPUT, file, r->map_line + 1 + y, x + 1,
                                     "the map shows a %s at %d,%d but no 'way' line names it",
                                     way_kind_name((way_kind)r->waymap[y * f->w + x]), x, y);
    free(r->waymap);
    r->waymap = NULL;
    return DELVE_OK;
}

/* floor N TYPE: the floor's number (in order, within the header's count) and type. */
static delve_status floor_number_type(rd *r, int *n, int *lt)
{
    char tname[32];
    const char *at = here(r);
    delve_status st = lex_int(&r->x, 1, DUNGEON_MAX_FLOORS, n, "the floor number");
    if (!st && *n != r->floor + 2)
        st = lex_fail(&r->x, at, "expected floor %d here, not %d (floors go in order)",
                      r->floor + 2, *n);
    if (!st && *n > r->floors_declared)
        st = lex_fail(&r->x, at, "floor %d is past the %d floors the header declares", *n,
                      r->floors_declared);
    if (st || !(at = lex_word(&r->x, tname, sizeof tname, "a level type")))
        return st ? st : DELVE_EINPUT;
    if ((*lt = level_type_from_name(tname)) < 0)
        return lex_fail(&r->x, at, "unknown level type '%s'", tname);
    return DELVE_OK;
}

/* floor N TYPE dlevel D size W H [origin OX OY] [datum CM] */
static delve_status l_floor(rd *r)
{
    int n = 0, lt = 0, w = 0, h = 0, dlevel = 0, ox = 0, oy = 0;
    delve_status st = floor_close(r);
    if (!st)
        st = floor_number_type(r, &n, &lt);
    if (!st)
        st = lex_expect(&r->x, "dlevel");
    if (!st)
        st = lex_int(&r->x, 0, 999, &dlevel, "dlevel");
    if (!st)
        st = lex_expect(&r->x, "size");
    if (!st)
        st = lex_int(&r->x, 1, FLOOR_MAX_SIDE, &w, "width");
    if (!st)
        st = lex_int(&r->x, 1, FLOOR_MAX_SIDE, &h, "height");
    if (!st && lex_keyword(&r->x, "origin")) {
        st = lex_int(&r->x, -FLOOR_MAX_SIDE, FLOOR_MAX_SIDE, &ox, "origin x");
        if (!st)
            st = lex_int(&r->x, -FLOOR_MAX_SIDE, FLOOR_MAX_SIDE, &oy, "origin y");
    }
    if (st)
        return st;
    r->floor = n - 1;
    r->datum_line[r->floor] = r->x.line;
    r->datum_col[r->floor] = 0;
    if (lex_keyword(&r->x, "datum")) {
        int64_t v = 0;
        r->datum_col[r->floor] = lex_col(&r->x, here(r));
        st = lex_i64(&r->x, -100000000, 100000000, ' ', &v, "datum");
        r->datum[r->floor] = (int32_t)v;
    }
    if (!st)
        st = lex_end(&r->x);
    dfloor *f = &r->d->floors[r->floor];
    if (st || (st = floor_init(f, r->floor, w, h, r->x.err)))
        return st;
    f->ox = ox;
    f->oy = oy;
    f->level_type = lt;
    f->dlevel = dlevel;
    r->map_line = r->entrance_line = r->goal_line = 0;
    r->waymap = malloc((size_t)w * (size_t)h);
    if (!r->waymap)
        return delve_fail(r->x.err, DELVE_ENOMEM, "out of memory for floor %d", n);
    memset(r->waymap, -1, (size_t)w * (size_t)h);
    return DELVE_OK;
}

/* entrance X Y, goal X Y (what): line is where the floor keeps the line's number; a
 * floor has one of each. */
static delve_status l_point(rd *r, int *x, int *y, int *line, const char *what)
{
    if (*line)
        return lex_fail(&r->x, here(r), "floor %d already has its %s (at line %d)",
                        r->floor + 1, what, *line);
    delve_status st = square(r, x, y);
    if (!st)
        st = lex_end(&r->x);
    if (!st)
        *line = r->x.line;
    return st;
}

/* One line inside a floor, by its first word. */
static delve_status floor_line(rd *r, const char *kw, const char *at)
{
    dfloor *f = &r->d->floors[r->floor];
    if (!strcmp(kw, "map"))
        return l_map(r, f);
    if (!strcmp(kw, "height"))
        return l_layer(r, f, 0);
    if (!strcmp(kw, "drawn"))
        return l_layer(r, f, SQ_DRAWN);
    if (!strcmp(kw, "pin"))
        return l_layer(r, f, SQ_PIN);
    if (!strcmp(kw, "secret"))
        return l_layer(r, f, SQ_SECRET);
    if (!strcmp(kw, "entrance"))
        return l_point(r, &f->entrance_x, &f->entrance_y, &r->entrance_line, "entrance");
    if (!strcmp(kw, "goal"))
        return l_point(r, &f->goal_x, &f->goal_y, &r->goal_line, "goal");
    if (!strcmp(kw, "room"))
        return l_room(r, f);
    if (!strcmp(kw, "way"))
        return l_way(r, f);
    if (!strcmp(kw, "pit"))
        return l_pit(r, f);
    if (!strcmp(kw, "station"))
        return l_station(r, f);
    if (!strcmp(kw, "route"))
        return l_route(r, f);
    if (!strcmp(kw, "monster"))
        return l_monster(r, f);
    if (!strcmp(kw, "item"))
        return l_item(r, f);
    return lex_fail(&r->x, at, "unknown line '%s' (map, height, drawn, pin, secret, entrance, "
                    "goal, room, way, pit, station, route, monster, item, floor)", kw);
}

#define NOT_HEADER DELVE_STATUS_COUNT /* header_line: the line belongs to a floor */

/* seed N: 0..2^64-1. */
static delve_status l_seed(rd *r, uint64_t *seed)
{
    size_t n = 0, stop = 0;
    const char *at = lex_token(&r->x, &n);
    lex_fault f = lex_parse_u64(at, n, UINT64_MAX, seed, &stop);
    if (f == LEX_JUNK)
        return lex_fail(&r->x, at + stop, "unexpected text at the end of the line");
    if (f)
        return lex_fail(&r->x, at, "expected the seed (0..2^64-1)");
    return lex_end(&r->x);
}

/* The header: "delve-dun 1", then seed and floors lines before the first floor. */
static delve_status header_line(rd *r, const char *kw, const char *at, uint64_t *seed)
{
    if (!strcmp(kw, "seed"))
        return l_seed(r, seed);
    if (!strcmp(kw, "floors")) {
        if (r->floors_declared)
            return lex_fail(&r->x, at, "a second 'floors' line");
        int n = 0;
        delve_status st = lex_int(&r->x, 1, DUNGEON_MAX_FLOORS, &n, "floors");
        if (!st)
            st = lex_end(&r->x);
        if (!st)
            st = dungeon_init(r->d, 0, n, r->x.err);
        if (!st)
            r->floors_declared = n;
        return st;
    }
    if (!strcmp(kw, "floor"))
        return r->floors_declared ? l_floor(r) : lex_fail(&r->x, at, "a 'floors N' line must "
                                                          "come before the first floor");
    if (r->floor < 0)
        return lex_fail(&r->x, at, "unknown line '%s' before the first floor (seed, floors, "
                        "floor)", kw);
    return NOT_HEADER;
}

static delve_status magic_line(rd *r)
{
    lex *x = &r->x;
    size_t n = strlen(DUN_MAGIC);
    if (x->le == x->ls)
        return lex_fail(x, x->ls, "empty: a .dun file starts with '%s %d'", DUN_MAGIC,
                        DUN_VERSION);
    if ((size_t)(x->le - x->ls) < n + 2 || strncmp(x->ls, DUN_MAGIC, n) || x->ls[n] != ' ')
        return lex_fail(x, x->ls, "not a .dun file (the first line must be '%s %d')", DUN_MAGIC,
                        DUN_VERSION);
    x->p = x->ls + n + 1;
    int v = 0;
    delve_status st = lex_int(x, 0, 1000000, &v, "the version");
    if (!st && v != DUN_VERSION)
        st = lex_fail(x, x->ls + n + 1, "unknown .dun version %d (this delve reads version %d)",
                      v, DUN_VERSION);
    return st ? st : lex_end(x);
}

/* After the last floor: stack, then compare each datum the file gives. */
static delve_status finish(rd *r)
{
    delve_status st = floor_close(r);
    const char *file = r->x.path;
    if (st)
        return st;
    if (!r->floors_declared)
        return delve_fail_at(r->x.err, DELVE_EINPUT, file, r->x.line, 1,
                             "no 'floors N' line: the file ends before any floor");
    if (r->floor + 1 != r->floors_declared)
        return delve_fail_at(r->x.err, DELVE_EINPUT, file, r->x.line, 1,
                             "the header declares %d floors but the file has %d",
                             r->floors_declared, r->floor + 1);
    dungeon_stack(r->d);
    for (int k = 0; k < r->d->floor_count; k++)
        if (r->datum_col[k] && r->datum[k] != r->d->datum_cm[k])
            return delve_fail_at(r->x.err, DELVE_EINPUT, file, r->datum_line[k], r->datum_col[k],
                                 "datum %" PRId32 " does not match the stacking of the floors "
                                 "(%" PRId32 " cm): drop it or fix the heights", r->datum[k],
                                 r->d->datum_cm[k]);
    return DELVE_OK;
}

/* One line after the first: a comment, a header line or a floor's line. */
static delve_status read_line(rd *r, uint64_t *seed)
{
    if (lex_blank(&r->x))
        return DELVE_OK;
    char kw[16];
    const char *at = lex_word(&r->x, kw, sizeof kw, "a line name");
    if (!at)
        return DELVE_EINPUT;
    delve_status st = header_line(r, kw, at, seed);
    return st == NOT_HEADER ? floor_line(r, kw, at) : st;
}

static delve_status read_lines(rd *r, uint64_t *seed)
{
    while (lex_next(&r->x)) {
        delve_status st = lex_limit(&r->x, DUN_MAX_LINE);
        if (!st)
            st = lex_text_only(&r->x, ".dun file");
        if (!st)
            st = r->x.line == 1 ? magic_line(r) : read_line(r, seed);
        if (st)
            return st;
    }
    if (r->x.line == 0) {
        r->x.line = 1;
        return lex_fail(&r->x, r->x.ls, "empty: a .dun file starts with '%s %d'", DUN_MAGIC,
                        DUN_VERSION);
    }
    return finish(r);
}

delve_status dun_read(const char *file, const char *text, dungeon *out, delve_err *err)
{
    memset(out, 0, sizeof *out);
    rd r = { .d = out, .floor = -1 };
    lex_init(&r.x, file, text, err);
    uint64_t seed = 0;
    delve_status st = read_lines(&r, &seed);
    free(r.waymap);
    if (st) {
        dungeon_free(out);
        return st;
    }
    out->seed = seed;
    return DELVE_OK;
}

delve_status dun_load(const char *file, dungeon *out, delve_err *err)
{
    char *text = NULL;
    memset(out, 0, sizeof *out);
    delve_status st = lex_read_file(file, DUN_MAX_BYTES, ".dun file", &text, err);
    if (!st)
        st = dun_read(file, text, out, err);
    free(text);
    return st;
}

/* ---- the map block ---- */

/* What each byte of a map row stands for, a terrain (dun_glyph_terrain) or a way kind
 * (way_kind_glyph), looked up once per map block, not once per square (-1: neither). */
typedef struct glyph_table {
    int8_t terrain[256], kind[256];
} glyph_table;

static void glyph_table_fill(glyph_table *g)
{
    memset(g, -1, sizeof *g);
    /* backwards, so that the first match wins, as in dun_glyph_terrain */
    for (int t = T_TERRAIN_COUNT - 1; t >= 0; t--)
        g->terrain[(unsigned char)dun_terrain_glyph((terrain)t)] = (int8_t)t;
    for (int k = WAY_KIND_COUNT - 1; k >= 0; k--)
        g->kind[(unsigned char)way_kind_glyph((way_kind)k)] = (int8_t)k;
}

/* Glyph c of a map row at square (x, y) of f; ways as dun_map_read. */
static delve_status map_glyph(const lex *x, const char *c, dfloor *f, int sx, int sy,
                              int8_t *ways, const glyph_table *g)
{
    if (sx >= f->w)
        return lex_fail(x, c, "map row is longer than the floor's %d columns", f->w);
    int t = g->terrain[(unsigned char)*c], k = g->kind[(unsigned char)*c];
    if (t < 0 && k >= 0 && !ways)
        return lex_fail(x, c, "'%c' is a way, which a room file cannot hold (its map is "
                        "terrain: docs/dun-format.md)", *c);
    if (t < 0 && (k < 0 || !ways)) {
        unsigned char u = (unsigned char)*c;
        if (u >= 33 && u < 127)
            return lex_fail(x, c, "unknown map glyph '%c' (docs/dun-format.md lists them)", *c);
        return lex_fail(x, c, "unknown map glyph byte 0x%02x (docs/dun-format.md lists them)",
                        u);
    }
    floor_set(f, sx, sy, t >= 0 ? (terrain)t : T_FLOOR);
    if (ways)
        ways[sy * f->w + sx] = (int8_t)(t >= 0 ? -1 : k);
    return DELVE_OK;
}

delve_status dun_map_read(lex *x, dfloor *f, int x0, int y0, int8_t *ways)
{
    glyph_table g;
    glyph_table_fill(&g);
    for (int row = 0;; row++) {
        if (!lex_next(x)) {
            x->line++;
            x->ls = x->le = x->p = x->next;
            return lex_fail(x, x->ls, "the file ends inside a map block: expected 'endmap'");
        }
        if (x->le - x->ls == 6 && !strncmp(x->ls, "endmap", 6))
            return DELVE_OK;
        if (y0 + row >= f->h)
            return lex_fail(x, x->ls, "map row %d is past the floor's %d rows (or 'endmap' is "
                            "missing)", row + 1, f->h);
        for (const char *c = x->ls; c < x->le; c++) {
            delve_status st = map_glyph(x, c, f, x0 + (int)(c - x->ls), y0 + row, ways, &g);
            if (st)
                return st;
        }
    }
}
