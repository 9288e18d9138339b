/* world: the party in the dungeon under the game's rules (seed 001: pits, falls,
 * rest stations), advanced one sub-step at a time so a film can watch every step. */
#include "engine/world.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "engine/station.h"

static delve_status log_event(world *w, event_kind k, int who, int amount,
                              const char *text)
{
    event e = { .kind = k, .time_s = w->clock_s, .floor = w->floor, .x = world_sx(w),
                .y = world_sy(w), .member = who, .amount = amount };
    snprintf(e.text, sizeof e.text, "%s", text ? text : "");
    delve_status st = event_log_push(&w->log, &e);
    if (st)
        w->log_full = 1; /* callers that cannot return a status still leave a mark */
    return st;
}

static void centre_on(world *w, int x, int y)
{
    w->x_cm = x * FLOOR_SQUARE_CM + FLOOR_SQUARE_CM / 2;
    w->y_cm = y * FLOOR_SQUARE_CM + FLOOR_SQUARE_CM / 2;
}

delve_status world_init(world *w, dungeon *dg, const party *p, delve_err *err)
{
    memset(w, 0, sizeof *w);
    if (dg->floor_count < 1)
        return delve_fail(err, DELVE_EINPUT, "a world needs a dungeon with a floor");
    w->dg = *dg;
    memset(dg, 0, sizeof *dg);
    w->party = *p;
    w->floor = 0;
    centre_on(w, w->dg.floors[0].entrance_x, w->dg.floors[0].entrance_y);
    w->clock_s = WORLD_START_S;
    w->phase = PHASE_IDLE;
    w->pit_floor = w->pit_index = -1;
    delve_status st = monster_loops_build(&w->dg, &w->loops, err);
    if (!st && log_event(w, EV_START, -1, 0, "The party sets out") != DELVE_OK)
        st = delve_fail(err, DELVE_ENOMEM, "out of memory for events");
    if (!st)
        st = tide_state_init(&w->tide, &w->dg, w->clock_s, err);
    if (st)
        world_free(w); /* the dungeon is the world's now: free it here */
    return st;
}

void world_free(world *w)
{
    dungeon_free(&w->dg);
    path_free(&w->route);
    monster_loops_free(&w->loops);
    event_log_free(&w->log);
    tide_state_free(&w->tide);
}

delve_status world_walk_to(world *w, int floor, int x, int y, delve_err *err)
{
    if (w->phase != PHASE_IDLE)
        return delve_fail(err, DELVE_EFAIL, "the party is busy and cannot start a walk");
    path_free(&w->route);
    path_step from = { w->floor, world_sx(w), world_sy(w) }, to = { floor, x, y };
    delve_status st = path_find(&w->dg, from, to, PATH_PIT_GOAL | PATH_AVOID_BURN,
                                &w->route, err);
    if (st == DELVE_EFAIL) /* no dry walk: wade as little as it can */
        st = path_find(&w->dg, from, to, PATH_PIT_GOAL | PATH_BURN_COST, &w->route, err);
    if (st != DELVE_OK)
        return st;
    w->route_i = 1;
    w->phase = w->route.count > 1 ? PHASE_WALK : PHASE_IDLE;
    return DELVE_OK;
}

/* Direction of travel along the route towards the next step, or (0, 0). */
static void heading(const world *w, int *dx, int *dy)
{
    *dx = *dy = 0;
    if (w->phase != PHASE_WALK || w->route_i >= w->route.count)
        return;
    path_step s = w->route.steps[w->route_i - 1], t = w->route.steps[w->route_i];
    if (s.floor != t.floor)
        return;
    *dx = (t.x > s.x) - (t.x < s.x);
    *dy = (t.y > s.y) - (t.y < s.y);
}

int world_depth_cm(const world *w)
{
    int dx, dy;
    heading(w, &dx, &dy);
    int ox = w->x_cm % FLOOR_SQUARE_CM, oy = w->y_cm % FLOOR_SQUARE_CM;
    if (dx > 0)
        return ox;
    if (dx < 0)
        return FLOOR_SQUARE_CM - ox; /* distance past the edge it crossed */
    if (dy > 0)
        return oy;
    if (dy < 0)
        return FLOOR_SQUARE_CM - oy;
    return 0;
}

static void advance_clock_walk(world *w, int cm)
{
    w->walk_carry_cm += cm;
    w->clock_s += w->walk_carry_cm / WALK_CM_PER_S;
    w->walk_carry_cm %= WALK_CM_PER_S;
}

/* Rides the way from the current step to the next (on another floor). */
static void ride_way(world *w, path_step t)
{
    const dfloor *f = &w->dg.floors[w->floor];
    int wi = floor_way_at(f, world_sx(w), world_sy(w));
    way_kind kind = wi >= 0 ? f->ways[wi].kind : WAY_STAIR;
    w->clock_s += kind == WAY_LIFT ? WAY_LIFT_S : WAY_OTHER_S;
    int up = t.floor < w->floor;
    w->floor = t.floor;
    centre_on(w, t.x, t.y);
    char text[96];
    snprintf(text, sizeof text, "Took the %s %s to floor %d", way_kind_name(kind),
             up ? "up" : "down", t.floor + 1);
    log_event(w, EV_FLOOR, -1, t.floor, text);
}

/* The plates of a closed pit on the party's square give way once the party's middle
 * is PIT_TRIGGER_CM inside it (seed 001). Returns 1 when they did. */
static int check_plates(world *w)
{
    dfloor *f = &w->dg.floors[w->floor];
    int pi = floor_pit_at(f, world_sx(w), world_sy(w));
    if (pi < 0 || f->pits[pi].open || w->floor + 1 >= w->dg.floor_count)
        return 0;
    if (world_depth_cm(w) < PIT_TRIGGER_CM)
        return 0;
    w->pit_floor = w->floor;
    w->pit_index = pi;
    w->fall_cm = dungeon_fall_cm(&w->dg, w->floor, world_sx(w), world_sy(w));
    f->pits[pi].open = 1;
    w->phase = PHASE_TUBE;
    w->tube_tick = 0;
    log_event(w, EV_PLATES, -1, 0, "The plates give way!");
    return 1;
}

/* Acid or lava under the party hurts every living member once (an action). */
static void burn(world *w)
{
    const terrain_info *ti = terrain_get(floor_at(&w->dg.floors[w->floor], world_sx(w),
                                                  world_sy(w)));
    if (!ti->burn || !party_alive_count(&w->party))
        return;
    int taken[PARTY_MAX], died[PARTY_MAX];
    party_take_flat(&w->party, ti->burn, taken, died);
    char text[96];
    snprintf(text, sizeof text, "The %s burns: -%d each", ti->name, ti->burn);
    log_event(w, EV_BURN, -1, ti->burn, text);
    for (int i = 0; i < w->party.count; i++)
        if (died[i]) {
            snprintf(text, sizeof text, "%s dies in the %s", w->party.m[i].name, ti->name);
            log_event(w, EV_DEATH, i, taken[i], text);
        }
}

static void walk_substep(world *w)
{
    path_step t = w->route.steps[w->route_i];
    if (t.floor != w->floor) {
        ride_way(w, t);
    } else {
        int tx = t.x * FLOOR_SQUARE_CM + FLOOR_SQUARE_CM / 2;
        int ty = t.y * FLOOR_SQUARE_CM + FLOOR_SQUARE_CM / 2;
        int dx = (tx > w->x_cm) - (tx < w->x_cm), dy = (ty > w->y_cm) - (ty < w->y_cm);
        int sx = world_sx(w), sy = world_sy(w);
        w->x_cm += dx * WALK_SUBSTEP_CM;
        w->y_cm += dy * WALK_SUBSTEP_CM;
        /* time per sub-step grows as the square slows the party (tide_speed_pct) */
        advance_clock_walk(w, WALK_SUBSTEP_CM * 100 /
                                  tide_speed_pct(floor_at(&w->dg.floors[w->floor],
                                                          world_sx(w), world_sy(w))));
        if (check_plates(w))
            return;
        if (world_sx(w) != sx || world_sy(w) != sy)
            burn(w); /* stepping into a square is an action */
        if (w->x_cm != tx || w->y_cm != ty)
            return;
    }
    if (++w->route_i >= w->route.count)
        w->phase = PHASE_IDLE;
}

/* Appends " NAME -12" (sign '-') or " NAME +6" for each member to text (size bytes, an
 * event's caption); a member who does not fit whole ends the list with " ..." (an
 * ellipsis), never a name or number cut in two. The numbers are in events.tsv's columns
 * whatever the caption holds. */
static void with_members(char *text, size_t size, const party *p, const int v[], char sign)
{
    static const char MORE[] = " \xe2\x80\xa6";
    size_t n = strlen(text);
    for (int i = 0; i < p->count; i++) {
        char one[MEMBER_NAME_MAX + 16];
        int k = snprintf(one, sizeof one, " %s %c%d", p->m[i].name, sign, v[i]);
        size_t after = i + 1 < p->count ? sizeof MORE - 1 : 0; /* room to say more follow */
        if (k < 0 || n + (size_t)k + after >= size) {
            if (n + sizeof MORE <= size)
                memcpy(text + n, MORE, sizeof MORE);
            return;
        }
        memcpy(text + n, one, (size_t)k + 1);
        n += (size_t)k;
    }
}

static void land(world *w)
{
    int taken[PARTY_MAX], died[PARTY_MAX];
    int bx = world_sx(w), by = world_sy(w);
    dungeon_below(&w->dg, w->floor, bx, by, &bx, &by);
    w->floor += 1;
    centre_on(w, bx, by); /* onto the middle of the landing square */
    party_take_fall(&w->party, w->fall_cm, taken, died);
    char text[96];
    snprintf(text, sizeof text, "Landed %d.%d m down:", w->fall_cm / 100,
             (w->fall_cm % 100) / 10);
    with_members(text, sizeof text, &w->party, taken, '-');
    log_event(w, EV_LAND, -1, w->fall_cm, text);
    for (int i = 0; i < w->party.count; i++)
        if (died[i]) {
            snprintf(text, sizeof text, "%s dies from the fall", w->party.m[i].name);
            log_event(w, EV_DEATH, i, taken[i], text);
        }
    path_free(&w->route);
    w->phase = PHASE_IDLE;
    burn(w);
}

/* The tide's steps due by now (engine/tide.h); when one floods or drains the party's
 * square, an EV_TIDE event says so (wading is slow, never harmful). */
static void tide_catch_up(world *w)
{
    if (!w->tide.on || w->phase == PHASE_TUBE)
        return;
    terrain before = floor_at(&w->dg.floors[w->floor], world_sx(w), world_sy(w));
    if (tide_state_run(&w->tide, &w->dg, w->clock_s) == 0)
        return;
    terrain now = floor_at(&w->dg.floors[w->floor], world_sx(w), world_sy(w));
    int units = tide_units(w->tide.raw);
    char text[96];
    snprintf(text, sizeof text, before == T_FLOOR ? "Tide %+d floods in around the party: wading"
                                                  : "Tide %+d drains away from the party's feet",
             units);
    if ((before == T_FLOOR && now == T_SHALLOW) || (before == T_SHALLOW && now == T_FLOOR))
        log_event(w, EV_TIDE, -1, units, text);
}

world_phase world_tick(world *w)
{
    if (w->phase == PHASE_WALK) {
        walk_substep(w);
    } else if (w->phase == PHASE_TUBE) {
        w->tube_tick++;
        w->clock_s += TUBE_TICK_S;
        if (w->tube_tick == 1)
            log_event(w, EV_FALL, -1, w->fall_cm, "Falling through the tube");
        if (w->tube_tick >= TUBE_TICKS)
            land(w);
    }
    tide_catch_up(w);
    return w->phase;
}

/* The station on the party's square or a 4-neighbour of it, or -1. */
static int station_in_reach(const world *w)
{
    const dfloor *f = &w->dg.floors[w->floor];
    int x = world_sx(w), y = world_sy(w);
    int si = floor_station_at(f, x, y);
    for (int k = 0; k < DIR_COUNT && si < 0; k++)
        si = floor_station_at(f, x + DIR4_DX[k], y + DIR4_DY[k]);
    return si;
}

delve_status world_use_station(world *w, delve_err *err)
{
    int si = station_in_reach(w);
    if (si < 0 || w->phase != PHASE_IDLE)
        return delve_fail(err, DELVE_EFAIL, "no rest station within reach on floor %d (%d,%d)",
                          w->floor + 1, world_sx(w), world_sy(w));
    station *s = &w->dg.floors[w->floor].stations[si];
    char line[96], text[96];
    const char *look = station_look_name(s->look);
    if (!station_ready(s, w->clock_s)) {
        snprintf(text, sizeof text, "The %s is dry %s", look,
                 station_line(s, w->clock_s, line, sizeof line));
        return log_event(w, EV_DRY, -1, 0, text);
    }
    int gained[PARTY_MAX];
    party_heal_half(&w->party, gained);
    int total = 0;
    snprintf(text, sizeof text, "The %s heals:", look);
    with_members(text, sizeof text, &w->party, gained, '+');
    for (int i = 0; i < w->party.count; i++)
        total += gained[i];
    log_event(w, EV_HEAL, -1, total, text);
    s->last_used_s = w->clock_s;
    snprintf(text, sizeof text, "%s", station_line(s, w->clock_s, line, sizeof line));
    return log_event(w, EV_DRY, -1, STATION_DRY_S, text);
}

/* "45 s" under a minute, else "1 h 30 m". */
static void wait_span(char *buf, size_t size, int64_t s)
{
    if (s < 60)
        snprintf(buf, size, "%d s", (int)s);
    else
        snprintf(buf, size, "%lld h %02d m", (long long)(s / 3600), (int)(s % 3600 / 60));
}

void world_wait(world *w, int64_t seconds)
{
    world_wait_part(w, seconds, seconds, seconds);
}

void world_wait_part(world *w, int64_t seconds, int64_t waited, int64_t total)
{
    if (seconds <= 0)
        return;
    int64_t end = w->clock_s + seconds;
    char text[96], so_far[32], all[32];
    wait_span(so_far, sizeof so_far, waited);
    wait_span(all, sizeof all, total);
    if (waited < total)
        snprintf(text, sizeof text, "Waited %s of %s", so_far, all);
    else
        snprintf(text, sizeof text, "Waited %s", so_far);
    if (terrain_get(floor_at(&w->dg.floors[w->floor], world_sx(w), world_sy(w)))->burn) {
        /* each action boundary crossed while standing in acid or lava burns, at its time */
        for (int64_t t = (w->clock_s / WORLD_ACTION_S + 1) * WORLD_ACTION_S;
             t <= end && party_alive_count(&w->party); t += WORLD_ACTION_S) {
            w->clock_s = t;
            burn(w);
        }
    }
    w->clock_s = end;
    tide_catch_up(w);
    log_event(w, EV_WAIT, -1, (int)(seconds > 2147483647 ? 2147483647 : seconds), text);
}

/* Index of the thing whose square is nearest by walking, from a distance map. */
static int nearest(const world *w, int is_pit)
{
    const dfloor *f = &w->dg.floors[w->floor];
    int dist_best = -1, best = -1;
    int n = is_pit ? f->pit_count : f->station_count;
    int *dist = malloc((size_t)f->w * (size_t)f->h * sizeof *dist);
    delve_err err;
    if (!dist || path_floor_dist(f, world_sx(w), world_sy(w), dist, NULL, NULL, &err)) {
        free(dist);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        int x = is_pit ? f->pits[i].x : f->stations[i].x;
        int y = is_pit ? f->pits[i].y : f->stations[i].y;
        if (is_pit && f->pits[i].open)
            continue;
        int d = -1;
        for (int k = 0; k < 4 && is_pit; k++) { /* a pit is entered from a neighbour */
            int nx = x + DIR4_DX[k], ny = y + DIR4_DY[k];
            if (floor_in(f, nx, ny) && dist[ny * f->w + nx] >= 0 &&
                (d < 0 || dist[ny * f->w + nx] + 1 < d))
                d = dist[ny * f->w + nx] + 1;
        }
        if (!is_pit)
            d = dist[y * f->w + x];
        if (d >= 0 && (dist_best < 0 || d < dist_best)) {
            dist_best = d;
            best = i;
        }
    }
    free(dist);
    return best;
}

int world_nearest_pit(const world *w)
{
    return nearest(w, 1);
}

int world_nearest_station(const world *w)
{
    return nearest(w, 0);
}

char *world_clock_text(int64_t clock_s, char *buf, int size)
{
    if (clock_s < 0)
        clock_s = 0;
    snprintf(buf, (size_t)size, "Day %" PRId64 " %02d:%02d", clock_s / 86400 + 1,
             (int)(clock_s % 86400 / 3600), (int)(clock_s % 3600 / 60));
    return buf;
}

uint64_t world_digest(const world *w)
{
    uint64_t h = HASH_FNV1A64_BASIS;
    h = hash_fnv1a64_i64(h, w->clock_s);
    h = hash_fnv1a64_i64(h, w->floor);
    h = hash_fnv1a64_i64(h, w->x_cm);
    h = hash_fnv1a64_i64(h, w->y_cm);
    h = hash_fnv1a64_i64(h, w->phase);
    for (int i = 0; i < w->party.count; i++) {
        h = hash_fnv1a64_i64(h, w->party.m[i].health);
        h = hash_fnv1a64_i64(h, w->party.m[i].power);
    }
    if (w->tide.on) { /* only Shoals dungeons: every other digest stays as it was */
        h = hash_fnv1a64_i64(h, w->tide.raw);
        h = hash_fnv1a64_i64(h, w->tide.vel);
        h = hash_fnv1a64_i64(h, w->tide.changes);
    }
    for (int f = 0; f < w->dg.floor_count; f++) {
        const dfloor *fl = &w->dg.floors[f];
        for (int i = 0; i < fl->pit_count; i++)
            h = hash_fnv1a64_i64(h, fl->pits[i].open);
        for (int i = 0; i < fl->station_count; i++)
            h = hash_fnv1a64_i64(h, fl->stations[i].last_used_s);
    }
    return h;
}

static void describe_thing(const world *w, const dfloor *f, int x, int y, char *buf,
                           size_t size)
{
    int i;
    char line[96];
    int32_t drop = dungeon_fall_cm(&w->dg, f->index, x, y);
    if ((i = floor_pit_at(f, x, y)) >= 0 && f->pits[i].open)
        snprintf(buf, size, "an open pit: a hole %d.%d m down to floor %d, no way back up",
                 drop / 100, drop % 100 / 10, f->index + 2);
    else if (i >= 0 && !f->pits[i].hidden)
        snprintf(buf, size, "pit: cracked, buckled plates over a hole; the seams glow and "
                            "a draught pushes motes up through them");
    else if ((i = floor_station_at(f, x, y)) >= 0 && station_ready(&f->stations[i], w->clock_s))
        snprintf(buf, size, "rest station (%s): ready, heals half of health and power",
                 station_look_name(f->stations[i].look));
    else if (i >= 0)
        snprintf(buf, size, "rest station (%s) %s", station_look_name(f->stations[i].look),
                 station_line(&f->stations[i], w->clock_s, line, sizeof line));
    else if ((i = floor_way_at(f, x, y)) >= 0)
        snprintf(buf, size, "a %s %s to floor %d", way_kind_name(f->ways[i].kind),
                 f->ways[i].to_floor > f->index ? "down" : "up", f->ways[i].to_floor + 1);
    else if (x == f->entrance_x && y == f->entrance_y)
        snprintf(buf, size, "the entrance of floor %d", f->index + 1);
    else if (x == f->goal_x && y == f->goal_y)
        snprintf(buf, size, "the goal of floor %d", f->index + 1);
    else if (f->level_type == LT_SHOALS) /* ground height and the tide (seed 003) */
        tide_describe(f, x, y, w->tide.raw, buf, (int)size);
    else
        snprintf(buf, size, "%s", terrain_get(floor_at(f, x, y))->name);
}

char *world_describe(const world *w, int f, int x, int y, char *buf, int size)
{
    if (size <= 0)
        return buf;
    buf[0] = '\0';
    if (f < 0 || f >= w->dg.floor_count || !floor_in(&w->dg.floors[f], x, y))
        return buf;
    int n = snprintf(buf, (size_t)size, "%d,%d: ", x, y);
    if (n > 0 && n < size)
        describe_thing(w, &w->dg.floors[f], x, y, buf + n, (size_t)(size - n));
    return buf;
}
