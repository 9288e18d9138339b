/* doom_stock: monsters and items on a DoomRL floor (seed 002's per-type rules, spec 8).
 * Danger budget by difficulty and dlevel, times the type's multiplier (arena and caves
 * 67 %, maze 150 %); kinds drawn by weight among those whose depths fit and whose
 * danger fits what is left. Caves hold one kind from the roll 1d5 + dlevel +
 * 3 (difficulty - 2) - 3, single-monster floors one kind from 1d10 + min(dlevel +
 * 3 (difficulty - 2) - 4, 20). Arena monsters hunt with chance 1/2. Items: the normal
 * count ceil(21 - max(25 - dlevel, 0) / 3); arena and caves 10; maze 1d8 + 10; single
 * monster 1.5 times the normal count. Monsters and items stand on empty floor (no
 * fluid, bridge, way, pit, station, entrance, goal or other thing); monsters not within
 * STOCK_CLEAR squares of the entrance. Stream: RNG_STOCK, floor f->index, try 0. */
#include <string.h>

#include "engine/monster.h"
#include "gen/doomrl/doom.h"
#include "gen/passes.h"

#define STOCK_CLEAR 3        /* set: no monster this close (Chebyshev) to the entrance */
#define STOCK_MONSTER_CAP 400 /* placements tried per floor */

/* The monster kinds. name, danger, min dlevel, max dlevel (0: none), weight, flying.
 * Danger, depths and weights are DoomRL 0.9.9.7's (chaosforgeorg/doomrl
 * bin/lua/beings.lua @1eea1a3); the seed's own table was lost. Flying stands for
 * DoomRL's BF_ENVIROSAFE (floats over fluids). The rows marked "set" were not in the
 * part of that file we read and are ours. */
typedef struct kind_row {
    doom_monster_kind k;
    int max_dlevel, weight;
} kind_row;

enum {
    DK_FORMER, DK_SERGEANT, DK_CAPTAIN, DK_IMP, DK_DEMON, DK_LOST_SOUL, DK_CACODEMON,
    DK_KNIGHT, DK_BARON, DK_ARACHNOTRON, DK_COMMANDO, DK_PAIN, DK_REVENANT, DK_MANCUBUS,
    DK_ARCHVILE, DK_NIGHTMARE_IMP, DK_NIGHTMARE_CACODEMON, DK_NIGHTMARE_DEMON,
    DK_NIGHTMARE_ARACHNOTRON, DK_LAVA_ELEMENTAL, DK_COUNT
};

static const kind_row KINDS[] = {
    [DK_FORMER] = { { "former human", 1, 0, 0 }, 12, 10 },
    [DK_SERGEANT] = { { "former sergeant", 2, 2, 0 }, 15, 10 },
    [DK_CAPTAIN] = { { "former captain", 3, 5, 0 }, 15, 10 },
    [DK_IMP] = { { "imp", 2, 0, 0 }, 17, 8 },
    [DK_DEMON] = { { "demon", 4, 4, 0 }, 20, 6 },
    [DK_LOST_SOUL] = { { "lost soul", 3, 6, 1 }, 16, 10 },
    [DK_CACODEMON] = { { "cacodemon", 6, 10, 1 }, 50, 6 },
    [DK_KNIGHT] = { { "hell knight", 6, 9, 0 }, 15, 6 },
    [DK_BARON] = { { "baron of hell", 10, 12, 0 }, 0, 6 },
    [DK_ARACHNOTRON] = { { "arachnotron", 9, 13, 0 }, 50, 4 },
    [DK_COMMANDO] = { { "former commando", 7, 12, 0 }, 17, 6 },
    [DK_PAIN] = { { "pain elemental", 6, 10, 1 }, 20, 4 },
    [DK_REVENANT] = { { "revenant", 12, 13, 0 }, 0, 5 },
    [DK_MANCUBUS] = { { "mancubus", 12, 15, 0 }, 0, 7 },
    [DK_ARCHVILE] = { { "arch-vile", 14, 16, 0 }, 0, 4 },
    [DK_NIGHTMARE_IMP] = { { "nightmare imp", 6, 30, 0 }, 60, 8 },
    [DK_NIGHTMARE_CACODEMON] = { { "nightmare cacodemon", 10, 51, 1 }, 0, 6 },
    [DK_NIGHTMARE_DEMON] = { { "nightmare demon", 8, 51, 0 }, 0, 6 },           /* set */
    [DK_NIGHTMARE_ARACHNOTRON] = { { "nightmare arachnotron", 14, 51, 0 }, 0, 4 }, /* set */
    [DK_LAVA_ELEMENTAL] = { { "lava elemental", 16, 51, 1 }, 0, 2 },            /* set */
};
_Static_assert(sizeof KINDS / sizeof KINDS[0] == DK_COUNT, "monster kind rows");

/* Item kinds: set (DoomRL's item table is not part of the seeds); drawn uniformly. */
static const char *const ITEMS[] = {
    "small med-pack", "large med-pack", "green armor", "blue armor", "10mm ammo",
    "shotgun shells", "rockets", "power cells", "shotgun", "chaingun", "rocket launcher",
    "plasma rifle",
};
#define ITEM_COUNT ((int)(sizeof ITEMS / sizeof ITEMS[0]))

int doom_monster_kind_count(void)
{
    return DK_COUNT;
}
const doom_monster_kind *doom_monster_kind_get(int kind)
{
    if (kind >= MONSTER_KIND_DOOMRL)
        kind -= MONSTER_KIND_DOOMRL; /* as stored on a floor */
    return &KINDS[(kind >= 0 && kind < DK_COUNT) ? kind : 0].k;
}

/* Smallest s with s * s >= v (v >= 0). */
static int isqrt_ceil(int64_t v)
{
    int64_t s = 0;
    while (s * s < v)
        s++;
    return (int)s;
}

int doom_danger_budget(int difficulty, int dl)
{
    switch (difficulty) {
    case 1: return (22 * dl + 60 + 9) / 10;          /* ceil(2.2 dl + 6) */
    case 2: return isqrt_ceil(180 * (int64_t)dl);    /* ceil(0.6 sqrt(500 dl)) */
    case 3: return isqrt_ceil(400 * (int64_t)dl);    /* ceil(20 sqrt(dl)) */
    case 4: return isqrt_ceil(1024 * (int64_t)dl);   /* ceil(32 sqrt(dl)) */
    default: return isqrt_ceil(1600 * (int64_t)dl);  /* ceil(40 sqrt(dl)) */
    }
}

/* Cave kind from its roll (seed 002 "Cave"). The seed keeps only the top of its
 * table: arachnotron caves from 20 (pain elemental 1/5 on UV and N!), nightmare demon,
 * arachnotron or cacodemon from 50, lava elemental 1/5 from 81 on UV and N!. The bands
 * below 20 were lost and are set. */
static int cave_kind(rng *r, int roll, int difficulty)
{
    if (roll >= 81 && difficulty >= DOOM_DIFFICULTY_UV && doom_chance(r, 1, 5))
        return DK_LAVA_ELEMENTAL;
    if (roll >= 50) {
        static const int NM[3] = { DK_NIGHTMARE_DEMON, DK_NIGHTMARE_ARACHNOTRON,
                                   DK_NIGHTMARE_CACODEMON };
        return NM[doom_range(r, 0, 2)];
    }
    if (roll >= 20)
        return difficulty >= DOOM_DIFFICULTY_UV && doom_chance(r, 1, 5) ? DK_PAIN
                                                                      : DK_ARACHNOTRON;
    return roll < 8 ? DK_IMP : roll < 12 ? DK_DEMON : roll < 16 ? DK_LOST_SOUL : DK_CACODEMON;
}

/* Single-monster kind from its roll (seed 002 "Single Monster", thresholds of the
 * 0.9.9.7 code): < 17 former human, 17-18 imp, 19-20 hell knight, 21-23 mancubus,
 * 24-25 revenant, 26-27 arch-vile (1/3 of those mixed with formers: *mixed = 1), 28-30
 * former human (the seed's "harder type" past dlevel 50 gives no numbers; not used). */
static int single_kind(rng *r, int roll, int *mixed)
{
    *mixed = 0;
    if (roll >= 26 && roll <= 27) {
        *mixed = doom_chance(r, 1, 3);
        return DK_ARCHVILE;
    }
    return roll < 17 ? DK_FORMER : roll < 19 ? DK_IMP : roll < 21 ? DK_KNIGHT
         : roll < 24 ? DK_MANCUBUS : roll < 26 ? DK_REVENANT : DK_FORMER;
}

typedef struct stock {
    dfloor *f;
    rng r;
    int cand[DOOM_W * DOOM_H];  /* empty squares: n_far away from the entrance, then the rest */
    int n_far, n, next;         /* cand[0 .. next) are taken */
    int only, mixed;  /* one kind (caves, single), or -1; mixed: with formers */
} stock;

/* taken[i] = 1 on squares with a way, pit, station, the entrance or the goal. */
static void taken_squares(const dfloor *f, uint8_t *taken)
{
    memset(taken, 0, DOOM_W * DOOM_H);
    for (int i = 0; i < f->way_count; i++)
        if (floor_in(f, f->ways[i].x, f->ways[i].y))
            taken[f->ways[i].y * f->w + f->ways[i].x] = 1;
    for (int i = 0; i < f->pit_count; i++)
        if (floor_in(f, f->pits[i].x, f->pits[i].y))
            taken[f->pits[i].y * f->w + f->pits[i].x] = 1;
    for (int i = 0; i < f->station_count; i++)
        if (floor_in(f, f->stations[i].x, f->stations[i].y))
            taken[f->stations[i].y * f->w + f->stations[i].x] = 1;
    if (floor_in(f, f->entrance_x, f->entrance_y))
        taken[f->entrance_y * f->w + f->entrance_x] = 1;
    if (floor_in(f, f->goal_x, f->goal_y))
        taken[f->goal_y * f->w + f->goal_x] = 1;
}

/* A random untaken candidate (monsters: only those away from the entrance), or -1:
 * one step of a Fisher-Yates shuffle, so only the squares taken are drawn. */
static int take_square(stock *s, int for_monster)
{
    int end = for_monster ? s->n_far : s->n;
    if (s->next >= end)
        return -1;
    int j = doom_range(&s->r, s->next, end - 1), sq = s->cand[j];
    s->cand[j] = s->cand[s->next];
    s->cand[s->next++] = sq;
    return sq;
}

/* Empty floor squares (no way, pit, station, entrance or goal), those farther than
 * STOCK_CLEAR from the entrance first. */
static void stock_candidates(stock *s, const uint8_t *taken)
{
    const dfloor *f = s->f;
    int near[(2 * STOCK_CLEAR + 1) * (2 * STOCK_CLEAR + 1)], n_near = 0;
    for (int y = 0, i = 0; y < DOOM_H; y++)
        for (int x = 0; x < DOOM_W; x++, i++) {
            if (f->terrain[i] != T_FLOOR || taken[i])
                continue;
            int dx = x - f->entrance_x, dy = y - f->entrance_y;
            if (dx * dx <= STOCK_CLEAR * STOCK_CLEAR && dy * dy <= STOCK_CLEAR * STOCK_CLEAR)
                near[n_near++] = i;
            else
                s->cand[s->n++] = i;
        }
    s->n_far = s->n;
    for (int i = 0; i < n_near; i++)
        s->cand[s->n++] = near[i];
}

static int kind_fits(int k, int dl, int budget)
{
    const kind_row *row = &KINDS[k];
    return row->k.danger <= budget && row->k.min_dlevel <= dl &&
           (row->max_dlevel == 0 || dl <= row->max_dlevel) && k < DK_NIGHTMARE_DEMON;
}

/* A kind by weight among those that fit, or -1. */
static int pick_kind(stock *s, int dl, int budget, int placed)
{
    if (s->only >= 0 && !s->mixed)
        return KINDS[s->only].k.danger <= budget || placed == 0 ? s->only : -1;
    int sum = 0;
    for (int k = 0; k < DK_COUNT; k++)
        sum += kind_fits(k, dl, budget) && (!s->mixed || k <= DK_CAPTAIN) ? KINDS[k].weight : 0;
    if (s->mixed && (KINDS[s->only].k.danger <= budget || placed == 0) &&
        (sum == 0 || doom_chance(&s->r, 1, 2)))
        return s->only;
    if (sum == 0)
        return -1;
    int v = doom_range(&s->r, 0, sum - 1);
    for (int k = 0; k < DK_COUNT; k++)
        if (kind_fits(k, dl, budget) && (!s->mixed || k <= DK_CAPTAIN) &&
            (v -= KINDS[k].weight) < 0)
            return k;
    return -1;
}

static void stock_monsters(stock *s, int budget, int hunters, doom_info *info)
{
    int placed = 0;
    for (int t = 0; t < STOCK_MONSTER_CAP && budget > 0; t++) {
        int k = pick_kind(s, s->f->dlevel, budget, placed);
        if (k < 0)
            break;
        budget -= KINDS[k].k.danger;
        placed++;
        int sq = take_square(s, 1);
        monster m = { .kind = MONSTER_KIND_DOOMRL + k, .flying = (uint8_t)KINDS[k].k.flying };
        m.hunting = (uint8_t)(hunters && doom_chance(&s->r, 1, 2));
        m.x = sq % s->f->w;
        m.y = sq / s->f->w;
        if (sq < 0 || s->f->monster_count >= FLOOR_MAX_MONSTERS)
            info->monster_overflow++;
        else
            s->f->monsters[s->f->monster_count++] = m;
    }
}

static void stock_items(stock *s, int count, doom_info *info)
{
    for (int i = 0; i < count; i++) {
        int sq = take_square(s, 0);
        item it = { .kind = doom_range(&s->r, 0, ITEM_COUNT - 1) };
        it.x = sq % s->f->w;
        it.y = sq / s->f->w;
        if (sq < 0 || s->f->item_count >= FLOOR_MAX_ITEMS)
            info->item_overflow++;
        else
            s->f->items[s->f->item_count++] = it;
    }
}

/* Item count by type (spec 8, old wiki). */
static int item_count(stock *s, int type, int dl)
{
    int normal = 21 - (dl < 25 ? 25 - dl : 0) / 3;  /* ceil(21 - max(25 - dl, 0) / 3) */
    switch (type) {
    case LT_ARENA:
    case LT_CAVES: return 10;
    case LT_MAZE: return doom_d(&s->r, 8) + 10;
    case LT_SINGLE: return normal * 3 / 2;
    default: return normal;
    }
}

/* The kind rolls: caves and single monster hold one kind. */
static void stock_rolls(stock *s, int difficulty, doom_info *info)
{
    int dl = s->f->dlevel, mod = 3 * (difficulty - 2);
    s->only = -1;
    if (s->f->level_type == LT_CAVES) {
        info->monster_roll = doom_d(&s->r, 5) + dl + mod - 3;
        s->only = cave_kind(&s->r, info->monster_roll, difficulty);
    } else if (s->f->level_type == LT_SINGLE) {
        int base = dl + mod - 4;
        info->monster_roll = doom_d(&s->r, 10) + (base < 20 ? base : 20);
        s->only = single_kind(&s->r, info->monster_roll, &s->mixed);
    }
    info->monster_kind = s->only;
}

void doom_stock(uint64_t seed, int difficulty, dfloor *f, doom_info *info)
{
    static const int PCT[LT_COUNT] = { [LT_ARENA] = 67, [LT_CAVES] = 67, [LT_MAZE] = 150 };
    doom_info scratch;
    if (!info) {
        memset(&scratch, 0, sizeof scratch);
        info = &scratch;
    }
    stock s;
    memset(&s, 0, sizeof s);
    s.f = f;
    s.r = rng_stream(seed, RNG_STOCK, f->index, 0);
    uint8_t taken[DOOM_W * DOOM_H];
    taken_squares(f, taken);
    stock_candidates(&s, taken);
    stock_rolls(&s, difficulty, info);
    int pct = PCT[f->level_type] ? PCT[f->level_type] : 100;
    int budget = doom_danger_budget(difficulty, f->dlevel) * pct / 100;
    stock_monsters(&s, budget, f->level_type == LT_ARENA, info);
    stock_items(&s, item_count(&s, f->level_type, f->dlevel), info);
}
