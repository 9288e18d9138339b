/* check: the importer's checks on a complete dungeon (see check.h).
 *
 * How: each floor's squares are labelled by walking component (walkable terrain, never a
 * pit: checks see a pit as impassable) and by flying component (open terrain, pits
 * included). Two squares are joined by a walk exactly when they share a label, so route
 * gaps and way ends cost one lookup. What can be reached from floor 1's entrance over
 * ways is a set of (floor, component) pairs grown until nothing changes. */
#include "gen/check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/path.h"

/* name, severity */
static const struct {
    const char *name;
    check_severity sev;
} KIND[] = {
    [CK_PIT_BOTTOM] = { "pit-bottom-floor", CHECK_ERROR },
    [CK_PIT_OVER_SOLID] = { "pit-over-rock", CHECK_ERROR },
    [CK_PIT_OVER_WAY] = { "pit-over-way", CHECK_ERROR },
    [CK_PIT_NO_WAY_UP] = { "pit-no-way-up", CHECK_ERROR },
    [CK_PIT_LANDING_OUT] = { "pit-landing-outside", CHECK_ERROR },
    [CK_WAY_NO_PARTNER] = { "way-no-partner", CHECK_ERROR },
    [CK_WAY_END_BLOCKED] = { "way-end-blocked", CHECK_ERROR },
    [CK_WAY_ON_FLUID] = { "way-on-fluid", CHECK_ERROR },
    [CK_STATION_ON_FLUID] = { "station-on-fluid", CHECK_ERROR },
    [CK_ROUTE_IN_ROCK] = { "route-in-rock", CHECK_ERROR },
    [CK_ROUTE_GAP] = { "route-gap", CHECK_ERROR },
    [CK_MONSTER_IN_ROCK] = { "monster-in-rock", CHECK_ERROR },
    [CK_ENTRANCE_UNREACHABLE] = { "entrance-unreachable", CHECK_ERROR },
    [CK_GOAL_UNREACHABLE] = { "goal-unreachable", CHECK_ERROR },
    [CK_PIT_ONLY_ACROSS] = { "pit-only-across", CHECK_WARNING },
    [CK_SPIRAL_WINDING] = { "spiral-winding", CHECK_ERROR },
    [CK_DOOMRL_UNREACHABLE] = { "doomrl-unreachable", CHECK_ERROR },
    [CK_SHOALS_HIGH_TIDE] = { "shoals-high-tide", CHECK_ERROR },
    [CK_WAY_HIGH_TIDE] = { "way-high-tide", CHECK_ERROR },
    [CK_STATION_IN_ROCK] = { "station-in-rock", CHECK_ERROR },
    [CK_STATION_ON_PIT] = { "station-on-pit", CHECK_ERROR },
};
_Static_assert(sizeof KIND / sizeof KIND[0] == CK_KIND_COUNT, "check kind rows");

const char *check_kind_name(check_kind k)
{
    return k >= 0 && k < CK_KIND_COUNT ? KIND[k].name : "unknown";
}

check_severity check_kind_severity(check_kind k)
{
    return k >= 0 && k < CK_KIND_COUNT ? KIND[k].sev : CHECK_ERROR;
}

int check_list_add(check_list *l, const check_finding *f)
{
    if (f->severity == CHECK_ERROR)
        l->errors++;
    else
        l->warnings++;
    if (l->count >= CHECK_MAX_FINDINGS)
        return 1;
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 16;
        check_finding *n = realloc(l->items, (size_t)cap * sizeof *n);
        if (!n)
            return 0;
        l->items = n;
        l->cap = cap;
    }
    l->items[l->count++] = *f;
    return 1;
}

void check_finding_text(const check_finding *f, char *buf, size_t cap)
{
    char at[32] = "";
    if (f->x >= 0)
        snprintf(at, sizeof at, " (%d,%d)", f->x, f->y);
    snprintf(buf, cap, "floor %d%s: %s %s: %s", f->floor + 1, at,
             f->severity == CHECK_ERROR ? "error" : "warning", check_kind_name(f->kind), f->reason);
}

void check_list_free(check_list *l)
{
    free(l->items);
    memset(l, 0, sizeof *l);
}


/* Per floor: component labels for walkers and flyers (-1: cannot be there). */
typedef struct fmaps {
    int *walk, *fly;
} fmaps;

typedef struct ctx {
    const dungeon *d;
    check_list *out;
    fmaps *m;
    int *queue;           /* largest floor's w * h */
    int *dist;            /* largest floor's w * h */
    int oom;
} ctx;

static void add(ctx *c, check_kind k, int floor, int x, int y, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static void add(ctx *c, check_kind k, int floor, int x, int y, const char *fmt, ...)
{
    check_finding f = { .severity = check_kind_severity(k), .kind = k, .floor = floor,
                        .x = x, .y = y };
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f.reason, sizeof f.reason, fmt, ap);
    va_end(ap);
    if (!check_list_add(c->out, &f))
        c->oom = 1;
}

/* Labels f's squares by component; fly: open terrain (pits too), else walkers. comp
 * holds w * h ints; -1 where nobody of the kind can be. */
static delve_status label(const dfloor *f, int fly, int *comp, int *queue)
{
    int parts;
    for (int i = 0; i < f->w * f->h; i++)
        comp[i] = -1;
    return path_floor_parts(f, fly ? PATH_WALK_OPEN | PATH_WALK_PITS : 0, NULL, comp, queue,
                            &parts, NULL);
}

static int comp_at(const fmaps *m, const dfloor *f, int x, int y)
{
    return floor_in(f, x, y) ? m->walk[y * f->w + x] : -1;
}

/* Squares reached walking from (sx, sy) with the pit pass_pit walkable (-1: none);
 * c->dist gets the walk. */
static int reach_count(ctx *c, const dfloor *f, int sx, int sy, int pass_pit)
{
    int n = f->w * f->h, reached = 0;
    for (int i = 0; i < n; i++)
        c->dist[i] = -1;
    if (!floor_can_stand(f, sx, sy))
        return 0;
    for (int i = 0; i < f->pit_count; i++)  /* every other pit stays shut */
        if (i != pass_pit && floor_in(f, f->pits[i].x, f->pits[i].y))
            c->dist[f->pits[i].y * f->w + f->pits[i].x] = -2;
    path_walk(f, PATH_WALK_PITS, NULL, sy * f->w + sx, c->dist, c->queue, &reached, NULL);
    return reached;
}

/* Ways and stations stand on dry ground: neither a fluid nor Shoals water. */
static int is_wet(terrain t)
{
    return terrain_is_fluid(t) || terrain_is_tidal(t);
}

static const char *tname(const dfloor *f, int x, int y)
{
    return terrain_get(floor_at(f, x, y))->name;
}

/* A way on floor `below` leading up, in the landing's walking component. */
static int way_up_from(const ctx *c, int b, int x, int y)
{
    const dfloor *lo = &c->d->floors[b];
    int comp = comp_at(&c->m[b], lo, x, y);
    if (comp < 0)
        return 0;
    for (int i = 0; i < lo->way_count; i++)
        if (lo->ways[i].to_floor < b && comp_at(&c->m[b], lo, lo->ways[i].x, lo->ways[i].y) == comp)
            return 1;
    return 0;
}

/* A pit's landing is the engine's (dungeon_below, through the floors' origins): the
 * square the party lands on is the one checked. Messages name it when it is not the
 * pit's own x,y. */
static void check_pit(ctx *c, int k, int i)
{
    const dfloor *f = &c->d->floors[k];
    int x = f->pits[i].x, y = f->pits[i].y, bx, by;
    if (!dungeon_below(c->d, k, x, y, &bx, &by)) {
        add(c, CK_PIT_BOTTOM, k, x, y, "a pit on the bottom floor: there is no floor to fall to");
        return;
    }
    const dfloor *lo = &c->d->floors[k + 1];
    char at[40] = "";
    if (bx != x || by != y)
        snprintf(at, sizeof at, " at %d,%d", bx, by);
    if (!floor_in(lo, bx, by)) {
        add(c, CK_PIT_LANDING_OUT, k, x, y, "the landing %d,%d is outside floor %d (%d x %d)",
            bx, by, k + 2, lo->w, lo->h);
        return;
    }
    if (!floor_open(lo, bx, by)) {
        add(c, CK_PIT_OVER_SOLID, k, x, y, "the landing on floor %d%s is %s", k + 2, at,
            tname(lo, bx, by));
        return;
    }
    int wi = floor_way_at(lo, bx, by);
    if (wi >= 0) {
        add(c, CK_PIT_OVER_WAY, k, x, y, "the landing on floor %d%s is the end of a %s", k + 2,
            at, way_kind_name(lo->ways[wi].kind));
        return;
    }
    if (floor_pit_at(lo, bx, by) >= 0) /* walks never start on a pit: said as it is */
        add(c, CK_PIT_NO_WAY_UP, k, x, y, "the landing on floor %d%s is one of that floor's "
            "pits: the party would land on its plates", k + 2, at);
    else if (!way_up_from(c, k + 1, bx, by))
        add(c, CK_PIT_NO_WAY_UP, k, x, y, "from the landing on floor %d%s no walk reaches a way "
            "back up", k + 2, at);
}

/* Warning: squares of the pit's floor reached from its entrance only across the pit. */
static void check_pit_across(ctx *c, int k, int i)
{
    const dfloor *f = &c->d->floors[k];
    int without = reach_count(c, f, f->entrance_x, f->entrance_y, -1);
    int with = reach_count(c, f, f->entrance_x, f->entrance_y, i);
    int x = f->pits[i].x, y = f->pits[i].y;
    int extra = with - without - (c->dist[y * f->w + x] >= 0 ? 1 : 0);
    if (extra > 0)
        add(c, CK_PIT_ONLY_ACROSS, k, x, y, "%d square%s of floor %d can only be reached by "
            "crossing this pit", extra, extra == 1 ? "" : "s", k + 1);
}

/* 1 when the square (x, y) of o, in walking component comp, is joined by a walk to o's
 * entrance, its goal, or another way's end: a way end is "connected". */
static int joined(const fmaps *m, const dfloor *o, int x, int y, int comp)
{
    if (comp_at(m, o, o->entrance_x, o->entrance_y) == comp ||
        comp_at(m, o, o->goal_x, o->goal_y) == comp)
        return 1;
    for (int j = 0; j < o->way_count; j++)
        if ((o->ways[j].x != x || o->ways[j].y != y) &&
            comp_at(m, o, o->ways[j].x, o->ways[j].y) == comp)
            return 1;
    return 0;
}

/* A rest station stands on dry ground one can stand on, off any pit: the party uses it
 * from its square (spec/pits-and-stations.md), and a pit's plates would drop it. */
static void check_station(ctx *c, int k, const station *s)
{
    const dfloor *f = &c->d->floors[k];
    if (is_wet(floor_at(f, s->x, s->y)))
        add(c, CK_STATION_ON_FLUID, k, s->x, s->y, "a rest station on %s", tname(f, s->x, s->y));
    else if (!floor_open(f, s->x, s->y))
        add(c, CK_STATION_IN_ROCK, k, s->x, s->y, "a rest station in %s: nobody can stand "
            "there to use it", tname(f, s->x, s->y));
    if (floor_pit_at(f, s->x, s->y) >= 0)
        add(c, CK_STATION_ON_PIT, k, s->x, s->y, "a rest station on a pit's plates");
}

/* A spiral's winding (one turn per DUNGEON_SPIRAL_TURN_CM, to a quarter) must fit the rise
 * from its lower end to its upper one, from the stacking (spec/rising.md, seed 004):
 * checked once, from the upper end. */
static void check_winding(ctx *c, int k, const way *w)
{
    int32_t rise = dungeon_ground_cm(c->d, k, w->x, w->y) -
                   dungeon_ground_cm(c->d, w->to_floor, w->to_x, w->to_y);
    if (rise < 0 || (rise == 0 && (w->to_floor < k || (w->to_floor == k &&
                                                      (w->to_y * 4096 + w->to_x) < (w->y * 4096 + w->x)))))
        return;  /* the lower end, or the second end of a level pair: said from the other */
    int q = dungeon_spiral_quarter_turns(rise);
    if (q < 1 || q > DUNGEON_SPIRAL_MAX_QUARTERS)
        add(c, CK_SPIRAL_WINDING, k, w->x, w->y, "the spiral to floor %d at %d,%d rises %d cm: "
            "%d quarter turns, not 1..%d", w->to_floor + 1, w->to_x, w->to_y, (int)rise, q,
            DUNGEON_SPIRAL_MAX_QUARTERS);
}

static void check_way(ctx *c, int k, int i)
{
    const dfloor *f = &c->d->floors[k];
    const way *w = &f->ways[i];
    if (is_wet(floor_at(f, w->x, w->y)))
        add(c, CK_WAY_ON_FLUID, k, w->x, w->y, "a %s on %s", way_kind_name(w->kind),
            tname(f, w->x, w->y));
    if (w->to_floor < 0 || w->to_floor >= c->d->floor_count) {
        add(c, CK_WAY_NO_PARTNER, k, w->x, w->y, "a %s to floor %d, which does not exist",
            way_kind_name(w->kind), w->to_floor + 1);
        return;
    }
    const dfloor *o = &c->d->floors[w->to_floor];
    /* the way back stands on the far end and leads here; a stair's may land on another
     * square of this floor: DoomRL's arena has four corner stairs down to the next
     * entrance, whose one stair up leads to the goal (seed 002) */
    int partner = 0;
    for (int j = 0; j < o->way_count && !partner; j++)
        partner = o->ways[j].x == w->to_x && o->ways[j].y == w->to_y && o->ways[j].to_floor == k &&
                  o->ways[j].kind == w->kind &&
                  ((o->ways[j].to_x == w->x && o->ways[j].to_y == w->y) || w->kind == WAY_STAIR);
    if (!partner) {
        add(c, CK_WAY_NO_PARTNER, k, w->x, w->y, "no %s on floor %d at %d,%d leads back here",
            way_kind_name(w->kind), w->to_floor + 1, w->to_x, w->to_y);
        return;
    }
    if (w->kind == WAY_SPIRAL)
        check_winding(c, k, w);
    int end = comp_at(&c->m[w->to_floor], o, w->to_x, w->to_y);
    if (end < 0)
        add(c, CK_WAY_END_BLOCKED, k, w->x, w->y, "the %s's other end on floor %d at %d,%d is %s: "
            "nobody can stand there", way_kind_name(w->kind), w->to_floor + 1, w->to_x, w->to_y,
            floor_pit_at(o, w->to_x, w->to_y) >= 0 ? "a pit" : tname(o, w->to_x, w->to_y));
    else if (w->to_floor != k && !joined(&c->m[w->to_floor], o, w->to_x, w->to_y, end))
        /* a spiral within a floor may end in a sunk part that only it reaches (rising):
         * its walker comes back up the same spiral */
        add(c, CK_WAY_END_BLOCKED, k, w->x, w->y, "the %s's other end on floor %d at %d,%d cannot "
            "walk to that floor's entrance, goal or any other way", way_kind_name(w->kind),
            w->to_floor + 1, w->to_x, w->to_y);
}

/* 1 when every monster on route r (1-based in monster.patrol) flies, and there is one. */
static int route_flies(const dfloor *f, int r)
{
    int n = 0;
    for (int i = 0; i < f->monster_count; i++)
        if (f->monsters[i].patrol == r) {
            if (!f->monsters[i].flying)
                return 0;
            n++;
        }
    return n > 0;
}

static void check_route(ctx *c, int k, int r)
{
    const dfloor *f = &c->d->floors[k];
    const patrol *p = &f->patrols[r];
    int fly = route_flies(f, r + 1);
    const int *comp = fly ? c->m[k].fly : c->m[k].walk;
    for (int s = 0; s < p->count; s++)
        if (!floor_open(f, p->x[s], p->y[s]))
            add(c, CK_ROUTE_IN_ROCK, k, p->x[s], p->y[s], "square %d of route %d is in %s", s + 1,
                r + 1, tname(f, p->x[s], p->y[s]));
    for (int s = 0; p->count > 1 && s < p->count; s++) {
        int t = (s + 1) % p->count;
        int ax = p->x[s], ay = p->y[s], bx = p->x[t], by = p->y[t];
        if (!floor_open(f, ax, ay) || !floor_open(f, bx, by))
            continue; /* said above */
        int ca = comp[ay * f->w + ax], cb = comp[by * f->w + bx];
        if (ca < 0 || ca != cb)
            add(c, CK_ROUTE_GAP, k, ax, ay, "route %d: no %s from %d,%d to %d,%d (squares %d and "
                "%d)%s", r + 1, fly ? "flight" : "walk", ax, ay, bx, by, s + 1, t + 1,
                ca < 0 || cb < 0 ? ": a walker cannot stand on one of them" : "");
    }
}

/* reach[k * n + comp] = 1 for every walking component reached from floor 1's entrance. */
static void reach_dungeon(ctx *c, unsigned char *reach, int n)
{
    const dungeon *d = c->d;
    const dfloor *f0 = &d->floors[0];
    int s = comp_at(&c->m[0], f0, f0->entrance_x, f0->entrance_y);
    if (s < 0)
        return;
    reach[s] = 1;
    for (int grew = 1; grew;) {
        grew = 0;
        for (int k = 0; k < d->floor_count; k++) {
            const dfloor *f = &d->floors[k];
            for (int i = 0; i < f->way_count; i++) {
                const way *w = &f->ways[i];
                int a = comp_at(&c->m[k], f, w->x, w->y);
                if (a < 0 || !reach[k * n + a] || w->to_floor < 0 || w->to_floor >= d->floor_count)
                    continue;
                int b = comp_at(&c->m[w->to_floor], &d->floors[w->to_floor], w->to_x, w->to_y);
                if (b >= 0 && !reach[w->to_floor * n + b])
                    grew = reach[w->to_floor * n + b] = 1;
            }
        }
    }
}

static void check_floor(ctx *c, int k, const unsigned char *reach, int n)
{
    const dfloor *f = &c->d->floors[k];
    for (int i = 0; i < f->pit_count; i++) {
        check_pit(c, k, i);
        check_pit_across(c, k, i);
    }
    for (int i = 0; i < f->way_count; i++)
        check_way(c, k, i);
    for (int i = 0; i < f->station_count; i++)
        check_station(c, k, &f->stations[i]);
    for (int r = 0; r < f->patrol_count; r++)
        check_route(c, k, r);
    for (int i = 0; i < f->monster_count; i++)
        if (!floor_open(f, f->monsters[i].x, f->monsters[i].y))
            add(c, CK_MONSTER_IN_ROCK, k, f->monsters[i].x, f->monsters[i].y,
                "monster %d (kind %d) is in %s", i + 1, f->monsters[i].kind,
                tname(f, f->monsters[i].x, f->monsters[i].y));
    int e = comp_at(&c->m[k], f, f->entrance_x, f->entrance_y);
    int g = comp_at(&c->m[k], f, f->goal_x, f->goal_y);
    if (e < 0 || !reach[k * n + e])
        add(c, CK_ENTRANCE_UNREACHABLE, k, f->entrance_x, f->entrance_y, "the entrance of floor "
            "%d cannot be walked to from floor 1's entrance%s", k + 1, e < 0 ? " (nobody can "
            "stand on it)" : "");
    if (g < 0 || !reach[k * n + g])
        add(c, CK_GOAL_UNREACHABLE, k, f->goal_x, f->goal_y, "the goal of floor %d cannot be "
            "walked to from floor 1's entrance%s", k + 1, g < 0 ? " (nobody can stand on it)" : "");
}

delve_status check_dungeon(const dungeon *d, check_list *out, delve_err *err)
{
    int big = 1;
    for (int k = 0; k < d->floor_count; k++)
        if (d->floors[k].w * d->floors[k].h > big)
            big = d->floors[k].w * d->floors[k].h;
    ctx c = { .d = d, .out = out };
    c.m = calloc((size_t)d->floor_count, sizeof *c.m);
    c.queue = malloc((size_t)big * sizeof *c.queue);
    c.dist = malloc((size_t)big * sizeof *c.dist);
    unsigned char *reach = calloc((size_t)d->floor_count * (size_t)big, 1);
    int ok = c.m && c.queue && c.dist && reach;
    for (int k = 0; ok && k < d->floor_count; k++) {
        size_t n = (size_t)d->floors[k].w * (size_t)d->floors[k].h;
        c.m[k].walk = malloc(n * sizeof *c.m[k].walk);
        c.m[k].fly = malloc(n * sizeof *c.m[k].fly);
        ok = c.m[k].walk && c.m[k].fly;
        ok = ok && !label(&d->floors[k], 0, c.m[k].walk, c.queue) &&
             !label(&d->floors[k], 1, c.m[k].fly, c.queue);
    }
    if (ok) {
        reach_dungeon(&c, reach, big);
        for (int k = 0; k < d->floor_count; k++)
            check_floor(&c, k, reach, big);
    }
    for (int k = 0; c.m && k < d->floor_count; k++) {
        free(c.m[k].walk);
        free(c.m[k].fly);
    }
    free(c.m);
    free(c.queue);
    free(c.dist);
    free(reach);
    if (!ok || c.oom)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for the checks");
    return DELVE_OK;
}
