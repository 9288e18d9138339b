/* doom_pick: which level type a DoomRL floor gets, by dlevel (seed 002 "Level type";
 * spec 3a, the old rules). Weights are a table per dlevel band; caves become arena 1
 * time in 4; above dlevel 15 any type becomes single monster 1 time in 25, only when
 * asked (the seed says that replacement did not spawn yet). */
#include "gen/doomrl/doom.h"
#include "gen/family.h"

typedef struct pick_band {
    int min_dlevel;          /* the band holds from this dlevel up to the next band */
    int weight[LT_COUNT];    /* out of the row's sum */
} pick_band;

/* dlevel 1..2 normal; 3..5 7/12 normal, 2/12 small rooms, 1/12 warehouse, city, caves;
 * 6+ 2/11 normal, small rooms, warehouse, city, caves and 1/11 maze (seed 002). */
static const pick_band BANDS[] = {
    { 1, { [LT_NORMAL] = 1 } },
    { 3, { [LT_NORMAL] = 7, [LT_SMALL_ROOMS] = 2, [LT_WAREHOUSE] = 1, [LT_CITY] = 1,
           [LT_CAVES] = 1 } },
    { 6, { [LT_NORMAL] = 2, [LT_SMALL_ROOMS] = 2, [LT_WAREHOUSE] = 2, [LT_CITY] = 2,
           [LT_CAVES] = 2, [LT_MAZE] = 1 } },
};
#define BAND_COUNT ((int)(sizeof BANDS / sizeof BANDS[0]))
#define ARENA_NUM 1     /* caves -> arena 1/4 */
#define ARENA_DEN 4
#define SINGLE_NUM 1    /* any -> single 1/25 above SINGLE_ABOVE */
#define SINGLE_DEN 25
#define SINGLE_ABOVE 15

int doom_is_type(int t)
{
    return t != GEN_TYPE_DOOMRL && family_type_of(t)->level_type == t &&
           family_type_of(t)->family == FAMILY_DOOMRL;
}

static int band_pick(rng *r, const pick_band *b)
{
    int sum = 0;
    for (int t = 0; t < LT_COUNT; t++)
        sum += b->weight[t];
    int v = doom_range(r, 0, sum - 1);
    for (int t = 0; t < LT_COUNT; t++)
        if ((v -= b->weight[t]) < 0)
            return t;
    return LT_NORMAL;
}

int doom_pick_type(rng *r, int dlevel, int single_monster)
{
    const pick_band *b = &BANDS[0];
    for (int i = 0; i < BAND_COUNT; i++)
        if (dlevel >= BANDS[i].min_dlevel)
            b = &BANDS[i];
    int t = band_pick(r, b);
    if (t == LT_CAVES && doom_chance(r, ARENA_NUM, ARENA_DEN))
        t = LT_ARENA;
    if (single_monster && dlevel > SINGLE_ABOVE && doom_chance(r, SINGLE_NUM, SINGLE_DEN))
        t = LT_SINGLE;
    return t;
}

int doom_floor_type(const gen_opts *o, int k)
{
    if (doom_is_type(o->type))
        return o->type;
    rng r = rng_stream(o->seed, RNG_WANTS, k, DOOM_WANT_SLOT);
    return doom_pick_type(&r, o->dlevel + k, o->single_monster);
}
