/* doom_fluids: fluid pools by random walk (seed 000 "Fluids"). The per-dlevel table
 * is the old wiki's (spec 6, [W-FL]); the seed's copy of it was lost. A walk starts on
 * a uniform square of the area, writes the fluid, then moves to one of the 9 squares of
 * its 3 x 3 block (staying put included), pushed back inside. The length is rolled once
 * per call and shared by its walks (the 0.9.9.7 code; the seed does not say).
 * Stream: the fluids stream. */
#include "gen/doomrl/doom.h"

typedef struct fluid_row {
    int max_dlevel;        /* the row holds for dlevel <= max_dlevel */
    terrain kind;
    int walks_die, walks_add;  /* walks = 1d(walks_die) + walks_add */
    int len_die, len_add;      /* length = 1d(len_die) + len_add */
} fluid_row;

/* dlevel ..5 water, 6..10 acid, 11..15 lava, 16+ lava (old wiki, spec 6) */
static const fluid_row FLUID_TABLE[] = {
    { 5, T_WATER, 3, -1, 40, 2 },
    { 10, T_ACID, 3, -1, 40, 2 },
    { 15, T_LAVA, 5, -1, 50, 2 },
    { 1 << 30, T_LAVA, 5, 3, 40, 2 },
};
#define FLUID_ROWS ((int)(sizeof FLUID_TABLE / sizeof FLUID_TABLE[0]))

static const fluid_row *fluid_row_for(int dlevel)
{
    for (int i = 0; i < FLUID_ROWS - 1; i++)
        if (dlevel <= FLUID_TABLE[i].max_dlevel)
            return &FLUID_TABLE[i];
    return &FLUID_TABLE[FLUID_ROWS - 1];
}

terrain doom_fluid_kind(int dlevel)
{
    return fluid_row_for(dlevel)->kind;
}

void doom_fluid_dice(int dlevel, int *walks_die, int *walks_add, int *len_die, int *len_add)
{
    const fluid_row *r = fluid_row_for(dlevel);
    *walks_die = r->walks_die;
    *walks_add = r->walks_add;
    *len_die = r->len_die;
    *len_add = r->len_add;
}

void doom_fluids(doom_ctx *c, doom_area a)
{
    const fluid_row *row = fluid_row_for(c->dlevel);
    int k = doom_d(&c->fluids, row->walks_die) + row->walks_add;
    int n = doom_d(&c->fluids, row->len_die) + row->len_add;
    doom_walks(&c->fluids, c->f, a, k, n, row->kind);
    doom_info *in = c->info;
    if (in && in->fluid_passes < DOOM_FLUID_PASSES) {
        in->fluid_walks[in->fluid_passes] = k;
        in->fluid_len[in->fluid_passes] = n;
        in->fluid_passes++;
        in->fluid_kind = row->kind;
    }
}
