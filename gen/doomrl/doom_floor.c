/* doom_floor: one DoomRL floor from start to finish, and the stairs between two. Each
 * level type is a row of TYPE_RULES: its layout, its river chance and kind of rivers,
 * whether rivers come before the layout (city) or exclude fluids (normal, warehouse:
 * the old wiki), how many fluid-table runs and where. Each try draws from its own
 * streams (RNG_LAYOUT, RNG_RIVERS, RNG_FLUIDS; floor k, try slot type * DOOM_TRIES + t);
 * the first try the validator passes is kept. */
#include <string.h>

#include "gen/doomrl/doom.h"

typedef enum rooms_rule { ROOMS_NONE, ROOMS_FIND, ROOMS_LAYOUT } rooms_rule;

typedef struct type_rules {
    void (*layout)(doom_ctx *c);
    int river_num, river_den;   /* chance of rivers */
    doom_river_mode rivers;
    int rivers_first;           /* rivers before the layout (city) */
    int rivers_or_fluids;       /* a river means no fluids (normal, warehouse) */
    int fluid_passes;           /* fluid-table runs: 0 (caves make their own), 1, 3 */
    int fluids_first;           /* fluids before the layout (arena: its walls stay) */
    doom_area fluid_area;
    rooms_rule rooms;
} type_rules;

#define SHRINKED { 2, 2, DOOM_W - 1, DOOM_H - 1 }

/* layout, rivers num/den and kind, rivers first, rivers or fluids, fluid runs, fluids
 * first, fluid area, rooms. Chances from seeds 002 and 000 (old wiki, spec 7). */
static const type_rules TYPE_RULES[LT_COUNT] = {
    [LT_NORMAL] = { doom_layout_normal, 1, 2, DOOM_RIVERS_ANY, 0, 1, 1, 0, SHRINKED,
                    ROOMS_FIND },
    [LT_SMALL_ROOMS] = { doom_layout_small, 1, 4, DOOM_RIVERS_ANY, 0, 0, 1, 0,
                         { 4, 2, 74, 18 }, ROOMS_FIND },
    [LT_WAREHOUSE] = { doom_layout_warehouse, 1, 6, DOOM_RIVERS_ANY, 0, 1, 1, 0, SHRINKED,
                       ROOMS_LAYOUT },
    [LT_CITY] = { doom_layout_city, 1, 3, DOOM_RIVERS_VERTICAL, 1, 0, 1, 0, SHRINKED,
                  ROOMS_LAYOUT },
    [LT_CAVES] = { doom_layout_caves, 1, 3, DOOM_RIVERS_CAVES, 0, 0, 0, 0, SHRINKED,
                   ROOMS_NONE },
    [LT_ARENA] = { doom_layout_arena, 0, 1, DOOM_RIVERS_ANY, 0, 0, 3, 1, SHRINKED,
                   ROOMS_NONE },
    [LT_MAZE] = { doom_layout_maze, 2, 3, DOOM_RIVERS_ANY, 0, 0, 1, 0, SHRINKED,
                  ROOMS_NONE },
    [LT_SINGLE] = { doom_layout_normal, 0, 1, DOOM_RIVERS_ANY, 0, 0, 1, 0, SHRINKED,
                    ROOMS_FIND },
};

/* Back to the start of a try: floor inside a wall ring, no things. */
static void floor_reset(dfloor *f, int type, int dlevel)
{
    floor_clear(f);
    f->level_type = type;
    f->dlevel = dlevel;
    doom_fill(f, DOOM_FULL, T_FLOOR);
    doom_restore_walls(f, T_WALL, 0);
}

static void run_fluids(doom_ctx *c, const type_rules *r)
{
    for (int i = 0; i < r->fluid_passes; i++)
        doom_fluids(c, r->fluid_area);
}

/* The type's layout with its rivers and fluids in the type's order. */
static void build_terrain(doom_ctx *c, const type_rules *r, doom_stage stage)
{
    int river = r->river_num > 0 && doom_chance(&c->rivers, r->river_num, r->river_den);
    if (r->rivers_first && river)
        doom_rivers(c, r->rivers);
    if (r->fluids_first && stage == DOOM_STAGE_FULL)
        run_fluids(c, r);
    r->layout(c);
    int regions = r->rooms == ROOMS_FIND ? doom_find_rooms(c->f) : c->f->room_count;
    if (c->info) {
        c->info->rooms = regions;
        c->info->doors = doom_count(c->f, T_DOOR);
    }
    if (stage == DOOM_STAGE_LAYOUT)
        return;
    if (!r->fluids_first && !(r->rivers_or_fluids && river))
        run_fluids(c, r);
    if (!r->rivers_first && river)
        doom_rivers(c, r->rivers);
}

/* Squares one can walk without wading a river's acid or lava (mask[i] = 1). */
void doom_safe_mask(const dfloor *f, const doom_info *info, uint8_t *mask)
{
    uint8_t walkable[256] = { 0 }, burns[256] = { 0 }; /* by terrain: a table, not a call */
    for (int t = 0; t < T_TERRAIN_COUNT; t++) {
        walkable[t] = terrain_get((terrain)t)->walkable;
        burns[t] = terrain_get((terrain)t)->burn != 0;
    }
    /* f's fields in locals: a store to mask (bytes) may alias them, which reloaded them
       for every square */
    const uint8_t *t = f->terrain;
    int n = f->w * f->h, rivers = info && info->river_count > 0;
    const uint8_t *rm = rivers ? info->river_mask : NULL;
    for (int i = 0; i < n; i++)
        mask[i] = (uint8_t)(walkable[t[i]] & !(rm && (rm[i / 8] >> (i % 8) & 1) && burns[t[i]]));
    for (int i = 0; i < f->pit_count; i++)
        if (floor_in(f, f->pits[i].x, f->pits[i].y))
            mask[f->pits[i].y * f->w + f->pits[i].x] = 0;
}

/* The floor squares (0-based y * w + x, in square order) of the largest part one can
 * walk without wading a river's acid or lava, counted in floor squares (the first such
 * part in square order on a tie); returns how many. */
static int safe_floor(const dfloor *f, const doom_info *info, int *out)
{
    uint8_t safe[DOOM_W * DOOM_H], g[DOOM_PN];
    int stack[2 * DOOM_PN], best = -1, best_n = 0, n = 0, all = 0;
    doom_safe_mask(f, info, safe);
    memset(g, 0, sizeof g);
    /* f's terrain read once (a store to g may alias it) and no branch on the squares,
       whose order is the layout's: these loops mispredicted on every other square */
    const uint8_t *t = f->terrain;
    for (int y = 0, i = 0; y < DOOM_H; y++)
        for (int x = 0; x < DOOM_W; x++, i++)
            g[DOOM_PAD(x, y)] = (uint8_t)((safe[i] != 0) *
                                          (1 | (t[i] == T_FLOOR) * DOOM_FLOOD_FLOOR));
    for (int y = 0; y < DOOM_H; y++)
        for (int x = 0; x < DOOM_W; x++) {
            int p = DOOM_PAD(x, y);
            doom_flood_out o;
            if (g[p] == 0 || (g[p] & DOOM_FLOOD_SEEN))
                continue;
            doom_flood(g, DOOM_PW, p, stack, NULL, 0, &o);
            all += o.floors;
            if (o.floors > best_n) {
                best_n = o.floors;
                best = p;
            }
        }
    if (best < 0)
        return 0;
    if (best_n != all) {  /* all the floor in one part is the usual case: no second flood */
        doom_flood_out o;
        for (int i = 0; i < DOOM_PN; i++)
            g[i] &= (uint8_t)~DOOM_FLOOD_SEEN;
        doom_flood(g, DOOM_PW, best, stack, NULL, 0, &o);
    }
    const int both = DOOM_FLOOD_SEEN | DOOM_FLOOD_FLOOR;
    for (int y = 0; y < DOOM_H; y++)
        for (int x = 0; x < DOOM_W; x++) { /* out[n] written always, kept when filled floor */
            out[n] = y * DOOM_W + x;
            n += (g[DOOM_PAD(x, y)] & both) == both;
        }
    return n;
}

static const int CORNER_X[4] = { 1, DOOM_W - 2, 1, DOOM_W - 2 };  /* 0-based */
static const int CORNER_Y[4] = { 1, 1, DOOM_H - 2, DOOM_H - 2 };

/* Arena: the player in the middle (38,10), the goal on one of the four corner stairs. */
static int arena_entrance_goal(doom_ctx *c)
{
    for (int i = 0; i < 4; i++)
        floor_set(c->f, CORNER_X[i], CORNER_Y[i], T_FLOOR);
    int k = doom_range(&c->layout, 0, 3);
    c->f->entrance_x = 37;
    c->f->entrance_y = 9;
    c->f->goal_x = CORNER_X[k];
    c->f->goal_y = CORNER_Y[k];
    return 1;
}

/* Entrance (DoomRL's player start) and goal (its stairs): uniform floor squares of the
 * largest part one can walk without wading a river's acid or lava. */
static int entrance_goal(doom_ctx *c)
{
    if (c->f->level_type == LT_ARENA)
        return arena_entrance_goal(c);
    int queue[DOOM_W * DOOM_H];
    int n = safe_floor(c->f, c->info, queue);
    if (n < 2)
        return 0;
    int ei = doom_range(&c->layout, 0, n - 1), gi = doom_range(&c->layout, 0, n - 2);
    int e = queue[ei], g = queue[gi < ei ? gi : gi + 1];  /* the goal is another square */
    c->f->entrance_x = e % c->f->w;
    c->f->entrance_y = e / c->f->w;
    c->f->goal_x = g % c->f->w;
    c->f->goal_y = g / c->f->w;
    return 1;
}

static delve_status doom_try(const gen_opts *o, int k, int t, doom_stage stage, dfloor *f,
                             doom_info *info, delve_err *err)
{
    int type = doom_floor_type(o, k);
    if (type < 0 || type >= LT_COUNT || !TYPE_RULES[type].layout) /* a registry row without
                                                                    its rules row here */
        return delve_fail(err, DELVE_EINPUT, "level type %s has no row in doom_floor.c's "
                          "TYPE_RULES", level_type_name((level_type)type));
    memset(info, 0, sizeof *info);
    info->type = type;
    info->dlevel = o->dlevel + k;
    info->difficulty = o->difficulty;
    info->try_used = t;
    floor_reset(f, type, o->dlevel + k);
    doom_ctx c = { .f = f, .dlevel = o->dlevel + k, .difficulty = o->difficulty,
                   .info = info };
    /* try slot type * DOOM_TRIES + t: each level type has its own tries, so the same
     * seed gives different fluids and rivers on different types (a gallery of one seed
     * would otherwise show the same pools on every type) */
    int slot = type * DOOM_TRIES + t;
    c.layout = rng_stream(o->seed, RNG_LAYOUT, k, slot);
    c.rivers = rng_stream(o->seed, RNG_RIVERS, k, slot);
    c.fluids = rng_stream(o->seed, RNG_FLUIDS, k, slot);
    build_terrain(&c, &TYPE_RULES[type], stage);
    if (stage == DOOM_STAGE_LAYOUT)
        return DELVE_OK;
    if (!entrance_goal(&c))
        return delve_fail(err, DELVE_EFAIL, "floor %d: no floor for the entrance and goal",
                          k + 1);
    return doom_validate_floor(f, info, err);
}

delve_status doom_floor_make(const gen_opts *o, int k, doom_stage stage, dfloor *f,
                             doom_info *info, delve_err *err)
{
    doom_info scratch;
    info = info ? info : &scratch;
    delve_err last = { "" };
    for (int t = 0; t < DOOM_TRIES; t++)
        if (doom_try(o, k, t, stage, f, info, &last) == DELVE_OK)
            return DELVE_OK;
    return delve_fail(err, DELVE_EFAIL, "floor %d: no %s floor passed the checks in %d "
                      "tries (last: %s)", k + 1, level_type_name(info->type), DOOM_TRIES,
                      last.msg);
}

static delve_status add_stair(dfloor *f, int x, int y, const dfloor *to, int tx, int ty,
                              delve_err *err)
{
    way w;
    memset(&w, 0, sizeof w);
    w = (way){ .kind = WAY_STAIR, .x = x, .y = y, .to_floor = to->index, .to_x = tx,
               .to_y = ty };
    return floor_add_way(f, w, err);
}

delve_status doom_place_stairs(dfloor *up, dfloor *down, delve_err *err)
{
    delve_status st = DELVE_OK;
    if (up->level_type == LT_ARENA) {
        for (int i = 0; i < 4 && st == DELVE_OK; i++)
            st = add_stair(up, CORNER_X[i], CORNER_Y[i], down, down->entrance_x,
                           down->entrance_y, err);
    } else {
        st = add_stair(up, up->goal_x, up->goal_y, down, down->entrance_x, down->entrance_y,
                       err);
    }
    if (st == DELVE_OK)
        st = add_stair(down, down->entrance_x, down->entrance_y, up, up->goal_x, up->goal_y,
                       err);
    return st;
}
