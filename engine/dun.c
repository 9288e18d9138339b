/* dun: the .dun writer and reader (see dun.h; the format is docs/dun-format.md). */
#include "engine/dun.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fsio.h"
#include "engine/textbuf.h"

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

static int way_glyph_kind(char g)
{
    for (int k = 0; k < WAY_KIND_COUNT; k++)
        if (way_kind_glyph((way_kind)k) == g)
            return k;
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

/* ---- reading ---- */

typedef struct rd {
    const char *file;
    int line;
    const char *ls;       /* the line's first byte */
    const char *p;        /* cursor in the line */
    const char *le;       /* the line's end (its '\n', '\r' or NUL) */
    delve_err *err;
    dungeon *d;
    int floor;            /* current floor index, -1 before the first */
    int floors_declared;
    int8_t *waymap;       /* current floor's way glyphs from its map block */
    int map_line;         /* line of the current floor's `map`, 0 before it */
    int way_line[FLOOR_MAX_WAYS], way_col[FLOOR_MAX_WAYS];
    uint8_t way_on[FLOOR_MAX_WAYS]; /* terrain under each way ('on', default floor) */
    int datum_line[DUNGEON_MAX_FLOORS], datum_col[DUNGEON_MAX_FLOORS];
    int32_t datum[DUNGEON_MAX_FLOORS];
} rd;

static delve_status bad_at(rd *r, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static delve_status bad_at(rd *r, const char *at, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return delve_fail_at(r->err, DELVE_EINPUT, r->file, r->line, (int)(at - r->ls) + 1, "%s",
                         msg);
}

static void skip_space(rd *r)
{
    while (r->p < r->le && (*r->p == ' ' || *r->p == '\t'))
        r->p++;
}

/* The next word (up to a space or the end) into out; returns its start, NULL at the
 * end of the line (with an error naming what was expected). */
static const char *word(rd *r, char *out, size_t cap, const char *expected)
{
    skip_space(r);
    const char *at = r->p;
    while (r->p < r->le && *r->p != ' ' && *r->p != '\t')
        r->p++;
    size_t n = (size_t)(r->p - at);
    if (n == 0) {
        bad_at(r, at, "expected %s", expected);
        return NULL;
    }
    if (n >= cap) {
        bad_at(r, at, "'%.*s' is too long for %s", (int)(n > 40 ? 40 : n), at, expected);
        return NULL;
    }
    memcpy(out, at, n);
    out[n] = '\0';
    return at;
}

/* A decimal integer in lo..hi, ended by a space, the end of the line or `stop`. */
static delve_status number(rd *r, int64_t lo, int64_t hi, char stop, int64_t *out,
                           const char *what)
{
    skip_space(r);
    const char *at = r->p;
    if (at >= r->le || (*at != '-' && (*at < '0' || *at > '9')))
        return bad_at(r, at, "expected %s (a number)", what);
    errno = 0;
    char *end = NULL;
    long long v = strtoll(at, &end, 10);
    if (end == at || end > r->le)
        return bad_at(r, at, "expected %s (a number)", what);
    if (end < r->le && *end != ' ' && *end != '\t' && *end != stop)
        return bad_at(r, end, "unexpected '%c' in %s", *end, what);
    if (errno == ERANGE || v < lo || v > hi)
        return bad_at(r, at, "%s %.*s is outside %" PRId64 "..%" PRId64, what,
                      (int)(end - at > 24 ? 24 : end - at), at, lo, hi);
    r->p = end;
    *out = v;
    return DELVE_OK;
}

static delve_status num_int(rd *r, int lo, int hi, int *out, const char *what)
{
    int64_t v = 0;
    delve_status st = number(r, lo, hi, ' ', &v, what);
    if (!st)
        *out = (int)v;
    return st;
}

static delve_status line_end(rd *r)
{
    skip_space(r);
    return r->p < r->le ? bad_at(r, r->p, "unexpected text at the end of the line") : DELVE_OK;
}

/* An optional keyword: 1 and past it when the next word is kw. */
static int maybe(rd *r, const char *kw)
{
    skip_space(r);
    size_t n = strlen(kw);
    if ((size_t)(r->le - r->p) >= n && !strncmp(r->p, kw, n) &&
        (r->p + n == r->le || r->p[n] == ' ' || r->p[n] == '\t')) {
        r->p += n;
        return 1;
    }
    return 0;
}

static delve_status expect(rd *r, const char *kw)
{
    skip_space(r);
    return maybe(r, kw) ? DELVE_OK : bad_at(r, r->p, "expected '%s'", kw);
}

/* x and y of a square on the current floor. */
static delve_status square(rd *r, int *x, int *y)
{
    const dfloor *f = &r->d->floors[r->floor];
    skip_space(r);
    const char *at = r->p;
    delve_status st = num_int(r, 0, FLOOR_MAX_SIDE - 1, x, "x");
    if (!st)
        st = num_int(r, 0, FLOOR_MAX_SIDE - 1, y, "y");
    if (!st && !floor_in(f, *x, *y))
        st = bad_at(r, at, "square %d,%d is outside floor %d (%d x %d)", *x, *y, r->floor + 1,
                    f->w, f->h);
    return st;
}

/* Turns a full-floor status from floor_add_* into an error at this line. */
static delve_status added(rd *r, delve_status st, delve_err *e)
{
    return st ? bad_at(r, r->ls, "%s", e->msg) : DELVE_OK;
}

static delve_status l_way(rd *r, dfloor *f)
{
    char kind[16], tname[32];
    const char *at = word(r, kind, sizeof kind, "a way kind (lift, ladder, stair, ramp, spiral)");
    if (!at)
        return DELVE_EINPUT;
    way w = { 0 };
    int k = 0;
    for (; k < WAY_KIND_COUNT && strcmp(kind, way_kind_name((way_kind)k)); k++)
        ;
    if (k == WAY_KIND_COUNT)
        return bad_at(r, at, "unknown way kind '%s' (lift, ladder, stair, ramp, spiral)", kind);
    w.kind = (way_kind)k;
    skip_space(r);
    const char *sq = r->p;
    delve_status st = square(r, &w.x, &w.y);
    if (!st)
        st = expect(r, "to");
    if (!st)
        st = num_int(r, 1, r->floors_declared, &w.to_floor, "the floor it leads to");
    if (!st)
        st = num_int(r, 0, FLOOR_MAX_SIDE - 1, &w.to_x, "x");
    if (!st)
        st = num_int(r, 0, FLOOR_MAX_SIDE - 1, &w.to_y, "y");
    if (st)
        return st;
    w.to_floor -= 1;
    if (w.to_floor == r->floor && w.kind != WAY_SPIRAL) /* rising: spirals within a floor */
        return bad_at(r, sq, "a way other than a spiral leads to another floor, not to "
                      "floor %d itself", r->floor + 1);
    int t = T_FLOOR;
    if (maybe(r, "on")) {
        if (!(at = word(r, tname, sizeof tname, "a terrain name")))
            return DELVE_EINPUT;
        if ((t = terrain_from_name(tname)) < 0)
            return bad_at(r, at, "unknown terrain '%s'", tname);
    }
    if ((st = line_end(r)))
        return st;
    delve_err e;
    int i = f->way_count;
    if ((st = added(r, floor_add_way(f, w, &e), &e)))
        return st;
    r->way_line[i] = r->line;
    r->way_col[i] = (int)(sq - r->ls) + 1;
    r->way_on[i] = (uint8_t)t;
    return DELVE_OK;
}

static delve_status l_pit(rd *r, dfloor *f)
{
    pit p = { 0 };
    delve_status st = square(r, &p.x, &p.y);
    if (st)
        return st;
    p.hidden = maybe(r, "hidden");
    p.open = maybe(r, "open");
    if ((st = line_end(r)))
        return st;
    delve_err e;
    return added(r, floor_add_pit(f, p, &e), &e);
}

static delve_status l_station(rd *r, dfloor *f)
{
    station s = { .last_used_s = STATION_NEVER_USED };
    char name[32];
    delve_status st = square(r, &s.x, &s.y);
    const char *at;
    if (st || !(at = word(r, name, sizeof name, "a look (font, drip-bench, nutrient-tap)")))
        return st ? st : DELVE_EINPUT;
    int look = look_from_name(name);
    if (look < 0)
        return bad_at(r, at, "unknown look '%s' (font, drip-bench, nutrient-tap)", name);
    s.look = (station_look)look;
    if ((st = expect(r, "wall")))
        return st;
    if (!(at = word(r, name, sizeof name, "a wall side (north, east, south, west, none)")))
        return DELVE_EINPUT;
    int wi = 0;
    for (; wi < 5 && strcmp(name, WALL_DIR[wi]); wi++)
        ;
    if (wi == 5)
        return bad_at(r, at, "unknown wall side '%s' (north, east, south, west, none)", name);
    s.wall_dx = wi < DIR_COUNT ? DIR4_DX[wi] : 0;
    s.wall_dy = wi < DIR_COUNT ? DIR4_DY[wi] : 0;
    if (maybe(r, "used")) {
        int64_t t = 0;
        if ((st = number(r, 0, INT64_MAX / 4, ' ', &t, "the game second it was last used")))
            return st;
        s.last_used_s = t;
    }
    if ((st = line_end(r)))
        return st;
    delve_err e;
    return added(r, floor_add_station(f, s, &e), &e);
}

static delve_status l_route(rd *r, dfloor *f)
{
    patrol p;
    memset(&p, 0, sizeof p);
    skip_space(r);
    while (r->p < r->le) {
        const char *at = r->p;
        if (p.count == PATROL_MAX_SQUARES)
            return bad_at(r, at, "a route has at most %d squares", PATROL_MAX_SQUARES);
        int64_t x = 0, y = 0;
        delve_status st = number(r, 0, FLOOR_MAX_SIDE - 1, ',', &x, "x");
        if (!st && (r->p >= r->le || *r->p != ','))
            st = bad_at(r, r->p, "expected ',' between x and y (squares are X,Y)");
        if (st)
            return st;
        r->p++;
        if ((st = number(r, 0, FLOOR_MAX_SIDE - 1, ' ', &y, "y")))
            return st;
        if (!floor_in(f, (int)x, (int)y))
            return bad_at(r, at, "square %d,%d is outside floor %d", (int)x, (int)y, r->floor + 1);
        p.x[p.count] = (int16_t)x;
        p.y[p.count++] = (int16_t)y;
        skip_space(r);
    }
    if (p.count == 0)
        return bad_at(r, r->p, "expected the route's squares (X,Y X,Y ...)");
    delve_err e;
    return added(r, floor_add_patrol(f, &p, &e), &e);
}

static delve_status l_monster(rd *r, dfloor *f)
{
    monster m = { 0 };
    delve_status st = num_int(r, 0, 9999, &m.kind, "the monster kind");
    if (!st)
        st = square(r, &m.x, &m.y);
    if (st)
        return st;
    if (maybe(r, "flying"))
        m.flying = 1;
    else if (!maybe(r, "walking"))
        return bad_at(r, r->p, "expected 'walking' or 'flying'");
    m.hunting = (uint8_t)maybe(r, "hunting");
    if (maybe(r, "route")) {
        const char *at = r->p;
        if ((st = num_int(r, 1, FLOOR_MAX_PATROLS, &m.patrol, "the route number")))
            return st;
        if (m.patrol > f->patrol_count)
            return bad_at(r, at + 1, "route %d is not one of this floor's %d routes (write the "
                          "route lines first)", m.patrol, f->patrol_count);
    }
    if ((st = line_end(r)))
        return st;
    delve_err e;
    return added(r, floor_add_monster(f, m, &e), &e);
}

static delve_status l_item(rd *r, dfloor *f)
{
    item it = { 0 };
    delve_status st = num_int(r, 0, 9999, &it.kind, "the item kind");
    if (!st)
        st = square(r, &it.x, &it.y);
    if (!st)
        st = line_end(r);
    delve_err e;
    return st ? st : added(r, floor_add_item(f, it, &e), &e);
}

static delve_status l_room(rd *r, dfloor *f)
{
    room rm;
    const char *at = (skip_space(r), r->p);
    delve_status st = square(r, &rm.x, &rm.y);
    if (!st)
        st = num_int(r, 1, FLOOR_MAX_SIDE, &rm.w, "width");
    if (!st)
        st = num_int(r, 1, FLOOR_MAX_SIDE, &rm.h, "height");
    if (!st && (rm.x + rm.w > f->w || rm.y + rm.h > f->h))
        st = bad_at(r, at, "room %d,%d %dx%d runs past the floor", rm.x, rm.y, rm.w, rm.h);
    if (!st)
        st = line_end(r);
    if (st)
        return st;
    if (f->room_count >= FLOOR_MAX_ROOMS)
        return bad_at(r, r->ls, "floor %d: more than %d rooms", r->floor + 1, FLOOR_MAX_ROOMS);
    f->rooms[f->room_count++] = rm;
    return DELVE_OK;
}

/* height X Y [W H] CM, drawn|pin|secret X Y [W H]. */
static delve_status l_layer(rd *r, dfloor *f, int bit)
{
    int x, y, w = 1, h = 1;
    int64_t v[3];
    int n = 0;
    const char *at = (skip_space(r), r->p);
    delve_status st = square(r, &x, &y);
    for (skip_space(r); !st && r->p < r->le && n < 3; skip_space(r))
        st = number(r, -1000000, 1000000, ' ', &v[n++], "a size or height");
    if (st || (st = line_end(r)))
        return st;
    int want = bit ? 0 : 1;
    if (n != want && n != want + 2)
        return bad_at(r, at, bit ? "expected X Y or X Y W H" : "expected X Y CM or X Y W H CM");
    if (n >= 2) {
        if (v[0] < 1 || v[1] < 1 || x + v[0] > f->w || y + v[1] > f->h)
            return bad_at(r, at, "rectangle %d,%d %" PRId64 "x%" PRId64 " runs past the floor",
                          x, y, v[0], v[1]);
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

static delve_status l_map(rd *r, dfloor *f, const char **next)
{
    if (r->map_line)
        return bad_at(r, r->ls, "floor %d already has a map (at line %d)", r->floor + 1,
                      r->map_line);
    r->map_line = r->line;
    const char *p = r->le + (*r->le == '\r') + (r->le[*r->le == '\r'] == '\n');
    delve_status st = dun_map_read(r->file, &r->line, &p, f, 0, 0, r->waymap, r->err);
    *next = p;
    return st;
}

/* The end of a floor: every way glyph has its way line and every way line its glyph. */
static delve_status floor_close(rd *r)
{
    if (r->floor < 0)
        return DELVE_OK;
    dfloor *f = &r->d->floors[r->floor];
    int line = r->line;
    if (!r->map_line) {
        return delve_fail_at(r->err, DELVE_EINPUT, r->file, r->datum_line[r->floor], 1,
                             "floor %d has no map block", r->floor + 1);
    }
    for (int i = 0; i < f->way_count; i++) {
        const way *w = &f->ways[i];
        int g = r->waymap[w->y * f->w + w->x];
        if (g != (int)w->kind)
            return delve_fail_at(r->err, DELVE_EINPUT, r->file, r->way_line[i], r->way_col[i],
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
                return delve_fail_at(r->err, DELVE_EINPUT, r->file, r->map_line + 1 + y, x + 1,
                                     "the map shows a %s at %d,%d but no 'way' line names it",
                                     way_kind_name((way_kind)r->waymap[y * f->w + x]), x, y);
    r->line = line;
    free(r->waymap);
    r->waymap = NULL;
    return DELVE_OK;
}

/* floor N TYPE dlevel D size W H [origin OX OY] [datum CM] */
static delve_status l_floor(rd *r)
{
    delve_status st = floor_close(r);
    int n = 0, w = 0, h = 0, dlevel = 0;
    char tname[32];
    const char *at = (skip_space(r), r->p);
    if (!st)
        st = num_int(r, 1, DUNGEON_MAX_FLOORS, &n, "the floor number");
    if (!st && n != r->floor + 2)
        st = bad_at(r, at, "expected floor %d here, not %d (floors go in order)", r->floor + 2, n);
    if (!st && n > r->floors_declared)
        st = bad_at(r, at, "floor %d is past the %d floors the header declares", n,
                    r->floors_declared);
    if (st || !(at = word(r, tname, sizeof tname, "a level type")))
        return st ? st : DELVE_EINPUT;
    int lt = level_type_from_name(tname);
    if (lt < 0)
        return bad_at(r, at, "unknown level type '%s'", tname);
    if (!st)
        st = expect(r, "dlevel");
    if (!st)
        st = num_int(r, 0, 999, &dlevel, "dlevel");
    if (!st)
        st = expect(r, "size");
    if (!st)
        st = num_int(r, 1, FLOOR_MAX_SIDE, &w, "width");
    if (!st)
        st = num_int(r, 1, FLOOR_MAX_SIDE, &h, "height");
    int ox = 0, oy = 0;
    if (!st && maybe(r, "origin")) {
        st = num_int(r, -FLOOR_MAX_SIDE, FLOOR_MAX_SIDE, &ox, "origin x");
        if (!st)
            st = num_int(r, -FLOOR_MAX_SIDE, FLOOR_MAX_SIDE, &oy, "origin y");
    }
    r->floor = n - 1;
    r->datum_line[r->floor] = r->line;
    r->datum_col[r->floor] = 0;
    if (!st && maybe(r, "datum")) {
        int64_t v = 0;
        skip_space(r);
        r->datum_col[r->floor] = (int)(r->p - r->ls) + 1;
        st = number(r, -100000000, 100000000, ' ', &v, "datum");
        r->datum[r->floor] = (int32_t)v;
    }
    if (!st)
        st = line_end(r);
    if (st)
        return st;
    dfloor *f = &r->d->floors[r->floor];
    if ((st = floor_init(f, r->floor, w, h, r->err)))
        return st;
    f->ox = ox;
    f->oy = oy;
    f->level_type = lt;
    f->dlevel = dlevel;
    r->map_line = 0;
    r->waymap = malloc((size_t)w * (size_t)h);
    if (!r->waymap)
        return delve_fail(r->err, DELVE_ENOMEM, "out of memory for floor %d", n);
    memset(r->waymap, -1, (size_t)w * (size_t)h);
    return DELVE_OK;
}

static delve_status l_point(rd *r, int *x, int *y)
{
    delve_status st = square(r, x, y);
    return st ? st : line_end(r);
}

/* One line inside a floor, by its first word. */
static delve_status floor_line(rd *r, const char *kw, const char *at, const char **next)
{
    dfloor *f = &r->d->floors[r->floor];
    if (!strcmp(kw, "map"))
        return line_end(r) ? DELVE_EINPUT : l_map(r, f, next);
    if (!strcmp(kw, "height"))
        return l_layer(r, f, 0);
    if (!strcmp(kw, "drawn"))
        return l_layer(r, f, SQ_DRAWN);
    if (!strcmp(kw, "pin"))
        return l_layer(r, f, SQ_PIN);
    if (!strcmp(kw, "secret"))
        return l_layer(r, f, SQ_SECRET);
    if (!strcmp(kw, "entrance"))
        return l_point(r, &f->entrance_x, &f->entrance_y);
    if (!strcmp(kw, "goal"))
        return l_point(r, &f->goal_x, &f->goal_y);
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
    return bad_at(r, at, "unknown line '%s' (map, height, drawn, pin, secret, entrance, goal, "
                  "room, way, pit, station, route, monster, item, floor)", kw);
}

#define NOT_HEADER DELVE_STATUS_COUNT /* header_line: the line belongs to a floor */

/* The header: "delve-dun 1", then seed and floors lines before the first floor. */
static delve_status header_line(rd *r, const char *kw, const char *at, uint64_t *seed,
                                int *seen_seed)
{
    if (!strcmp(kw, "seed")) {
        skip_space(r);
        const char *v = r->p;
        char *end;
        errno = 0;
        unsigned long long s = strtoull(v, &end, 10);
        if (v >= r->le || *v < '0' || *v > '9' || errno || end > r->le)
            return bad_at(r, v, "expected the seed (0..2^64-1)");
        r->p = end;
        *seed = s;
        *seen_seed = 1;
        return line_end(r);
    }
    if (!strcmp(kw, "floors")) {
        if (r->floors_declared)
            return bad_at(r, at, "a second 'floors' line");
        int n = 0;
        delve_status st = num_int(r, 1, DUNGEON_MAX_FLOORS, &n, "floors");
        if (!st)
            st = line_end(r);
        if (!st)
            st = dungeon_init(r->d, 0, n, r->err);
        if (!st)
            r->floors_declared = n;
        return st;
    }
    if (!strcmp(kw, "floor"))
        return r->floors_declared ? l_floor(r) : bad_at(r, at, "a 'floors N' line must come "
                                                                 "before the first floor");
    if (r->floor < 0)
        return bad_at(r, at, "unknown line '%s' before the first floor (seed, floors, floor)", kw);
    return NOT_HEADER;
}

static delve_status magic_line(rd *r)
{
    size_t n = strlen(DUN_MAGIC);
    if (r->le == r->ls)
        return bad_at(r, r->ls, "empty: a .dun file starts with '%s %d'", DUN_MAGIC, DUN_VERSION);
    if ((size_t)(r->le - r->ls) < n + 2 || strncmp(r->ls, DUN_MAGIC, n) || r->ls[n] != ' ')
        return bad_at(r, r->ls, "not a .dun file (the first line must be '%s %d')", DUN_MAGIC,
                      DUN_VERSION);
    r->p = r->ls + n + 1;
    int64_t v = 0;
    delve_status st = number(r, 0, 1000000, ' ', &v, "the version");
    if (!st && v != DUN_VERSION)
        st = bad_at(r, r->ls + n + 1, "unknown .dun version %" PRId64 " (this delve reads "
                    "version %d)", v, DUN_VERSION);
    return st ? st : line_end(r);
}

/* Sets r->ls, r->le for the line at s; an overlong line or a control byte is an error. */
static delve_status line_bounds(rd *r, const char *s)
{
    r->ls = r->p = s;
    const char *e = s;
    while (*e && *e != '\n' && e - s <= DUN_MAX_LINE)
        e++;
    if (e - s > DUN_MAX_LINE)
        return bad_at(r, s + DUN_MAX_LINE, "line longer than %d bytes", DUN_MAX_LINE);
    r->le = e > s && e[-1] == '\r' ? e - 1 : e;
    for (const char *c = s; c < r->le; c++)
        if ((unsigned char)*c < 32 && *c != '\t')
            return bad_at(r, c, "control byte 0x%02x: a .dun file is text", (unsigned char)*c);
    return DELVE_OK;
}

/* After the last floor: stack, then compare each datum the file gives. */
static delve_status finish(rd *r)
{
    delve_status st = floor_close(r);
    if (st)
        return st;
    if (!r->floors_declared)
        return delve_fail_at(r->err, DELVE_EINPUT, r->file, r->line, 1,
                             "no 'floors N' line: the file ends before any floor");
    if (r->floor + 1 != r->floors_declared)
        return delve_fail_at(r->err, DELVE_EINPUT, r->file, r->line, 1,
                             "the header declares %d floors but the file has %d",
                             r->floors_declared, r->floor + 1);
    dungeon_stack(r->d);
    for (int k = 0; k < r->d->floor_count; k++)
        if (r->datum_col[k] && r->datum[k] != r->d->datum_cm[k])
            return delve_fail_at(r->err, DELVE_EINPUT, r->file, r->datum_line[k], r->datum_col[k],
                                 "datum %" PRId32 " does not match the stacking of the floors "
                                 "(%" PRId32 " cm): drop it or fix the heights", r->datum[k],
                                 r->d->datum_cm[k]);
    return DELVE_OK;
}

static delve_status read_lines(rd *r, const char *text, uint64_t *seed)
{
    int seen_seed = 0;
    for (const char *s = text; *s;) {
        r->line++;
        delve_status st = line_bounds(r, s);
        const char *next = r->le + (*r->le == '\r') + (r->le[*r->le == '\r'] == '\n');
        if (st)
            return st;
        if (r->line == 1)
            st = magic_line(r);
        skip_space(r);
        if (!st && r->line > 1 && r->p < r->le && *r->p != '#') {
            char kw[16];
            const char *at = word(r, kw, sizeof kw, "a line name");
            if (!at)
                return DELVE_EINPUT;
            st = header_line(r, kw, at, seed, &seen_seed);
            if (st == NOT_HEADER)
                st = floor_line(r, kw, at, &next);
        }
        if (st)
            return st;
        s = next;
    }
    if (r->line == 0) {
        r->line = 1;
        return bad_at(r, text, "empty: a .dun file starts with '%s %d'", DUN_MAGIC, DUN_VERSION);
    }
    return finish(r);
}

delve_status dun_read(const char *file, const char *text, dungeon *out, delve_err *err)
{
    if (!strncmp(text, "\xef\xbb\xbf", 3))
        text += 3; /* a UTF-8 byte order mark some editors write, as .film files allow */
    memset(out, 0, sizeof *out);
    rd r = { .file = file, .err = err, .d = out, .floor = -1, .ls = text, .p = text, .le = text };
    uint64_t seed = 0;
    delve_status st = read_lines(&r, text, &seed);
    free(r.waymap);
    if (st) {
        dungeon_free(out);
        return st;
    }
    out->seed = seed;
    return DELVE_OK;
}

delve_status dun_load(const char *path, dungeon *out, delve_err *err)
{
    char *text = NULL;
    size_t len = 0;
    memset(out, 0, sizeof *out);
    delve_status st = fsio_read_all(path, DUN_MAX_BYTES, &text, &len, err);
    if (st)
        return st;
    if (strlen(text) != len) {
        int line = 1, col = 1;
        for (const char *p = text; *p; p++, col++)
            if (*p == '\n')
                line++, col = 0;
        st = delve_fail_at(err, DELVE_EINPUT, path, line, col, "NUL byte: a .dun file is text");
    } else {
        st = dun_read(path, text, out, err);
    }
    free(text);
    return st;
}

/* ---- the map block ---- */

delve_status dun_map_read(const char *file, int *line, const char **text, dfloor *f, int x0,
                          int y0, int8_t *ways, delve_err *err)
{
    const char *s = *text;
    for (int row = 0;; row++) {
        (*line)++;
        if (!*s)
            return delve_fail_at(err, DELVE_EINPUT, file, *line, 1,
                                 "the file ends inside a map block: expected 'endmap'");
        const char *e = s;
        while (*e && *e != '\n' && e - s <= DUN_MAX_LINE)
            e++;
        const char *le = e > s && e[-1] == '\r' ? e - 1 : e;
        const char *next = *e == '\n' ? e + 1 : e;
        if (le - s == 6 && !strncmp(s, "endmap", 6)) {
            *text = next;
            return DELVE_OK;
        }
        if (y0 + row >= f->h)
            return delve_fail_at(err, DELVE_EINPUT, file, *line, 1, "map row %d is past the "
                                 "floor's %d rows (or 'endmap' is missing)", row + 1, f->h);
        for (const char *c = s; c < le; c++) {
            int x = x0 + (int)(c - s), col = (int)(c - s) + 1;
            if (x >= f->w)
                return delve_fail_at(err, DELVE_EINPUT, file, *line, col,
                                     "map row is longer than the floor's %d columns", f->w);
            int t = dun_glyph_terrain(*c), k = way_glyph_kind(*c);
            if (t < 0 && (k < 0 || !ways)) {
                unsigned char u = (unsigned char)*c;
                if (u >= 33 && u < 127)
                    return delve_fail_at(err, DELVE_EINPUT, file, *line, col, "unknown map "
                                         "glyph '%c' (docs/dun-format.md lists them)", *c);
                return delve_fail_at(err, DELVE_EINPUT, file, *line, col, "unknown map glyph "
                                     "byte 0x%02x (docs/dun-format.md lists them)", u);
            }
            floor_set(f, x, y0 + row, t >= 0 ? (terrain)t : T_FLOOR);
            if (ways)
                ways[(y0 + row) * f->w + x] = (int8_t)(t >= 0 ? -1 : k);
        }
        s = next;
    }
}
