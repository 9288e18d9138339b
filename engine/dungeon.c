/* dungeon: floors and stacking by the real ground (spec/rising.md). */
#include "engine/dungeon.h"

#include <stdlib.h>
#include <string.h>

delve_status dungeon_init(dungeon *d, uint64_t seed, int count, delve_err *err)
{
    memset(d, 0, sizeof *d);
    if (count < 1 || count > DUNGEON_MAX_FLOORS)
        return delve_fail(err, DELVE_ELIMIT, "floors must be 1..%d, not %d",
                          DUNGEON_MAX_FLOORS, count);
    d->floors = calloc((size_t)count, sizeof *d->floors);
    d->datum_cm = calloc((size_t)count, sizeof *d->datum_cm);
    if (!d->floors || !d->datum_cm) {
        dungeon_free(d);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for %d floors", count);
    }
    d->seed = seed;
    d->floor_count = count;
    return DELVE_OK;
}

void dungeon_free(dungeon *d)
{
    if (!d)
        return;
    if (d->floors)
        for (int i = 0; i < d->floor_count; i++)
            floor_free(&d->floors[i]);
    free(d->floors);
    free(d->datum_cm);
    memset(d, 0, sizeof *d);
}

delve_status dungeon_copy(dungeon *dst, const dungeon *src, delve_err *err)
{
    delve_status st = dungeon_init(dst, src->seed, src->floor_count, err);
    for (int i = 0; i < src->floor_count && !st; i++) {
        st = floor_copy(&dst->floors[i], &src->floors[i], err);
        dst->datum_cm[i] = src->datum_cm[i];
    }
    if (st)
        dungeon_free(dst);
    return st;
}

static int32_t height_at(const dfloor *f, int x, int y)
{
    return floor_in(f, x, y) ? f->height_cm[y * f->w + x] : 0;
}

/* Highest roof (ground + ceiling, relative to the lower floor's datum) among open
 * squares of lo within STACK_REACH of (x, y); INT32_MIN when there are none. */
static int32_t roof_near(const dfloor *lo, int x, int y)
{
    int32_t best = INT32_MIN;
    for (int dy = -STACK_REACH; dy <= STACK_REACH; dy++)
        for (int dx = -STACK_REACH; dx <= STACK_REACH; dx++) {
            int qx = x + dx, qy = y + dy;
            if (!floor_open(lo, qx, qy))
                continue;
            int32_t roof = height_at(lo, qx, qy) + STACK_CEILING_CM;
            if (roof > best)
                best = roof;
        }
    return best;
}

/* Datum of lo relative to up's datum: the highest that keeps STACK_ROCK_CM of rock
 * between every roof of lo and the ground of up above it. */
static int32_t datum_below(const dfloor *up, const dfloor *lo)
{
    int32_t datum = -(STACK_ROCK_CM + STACK_CEILING_CM);
    int any = 0;
    for (int y = 0; y < up->h; y++)
        for (int x = 0; x < up->w; x++) {
            if (!floor_open(up, x, y))
                continue;
            int bx, by;
            dungeon_landing(up, lo, x, y, &bx, &by);
            int32_t roof = roof_near(lo, bx, by);
            if (roof == INT32_MIN)
                continue;
            int32_t need = height_at(up, x, y) - STACK_ROCK_CM - roof;
            if (!any || need < datum)
                datum = need;
            any = 1;
        }
    return datum;
}

void dungeon_stack(dungeon *d)
{
    if (d->floor_count < 1)
        return;
    d->datum_cm[0] = 0;
    for (int i = 1; i < d->floor_count; i++) {
        const dfloor *up = &d->floors[i - 1], *lo = &d->floors[i];
        if (!up->terrain || !lo->terrain) {
            d->datum_cm[i] = d->datum_cm[i - 1] - (STACK_ROCK_CM + STACK_CEILING_CM);
            continue;
        }
        d->datum_cm[i] = d->datum_cm[i - 1] + datum_below(up, lo);
    }
}

int32_t dungeon_ground_cm(const dungeon *d, int f, int x, int y)
{
    if (f < 0 || f >= d->floor_count)
        return 0;
    return d->datum_cm[f] + height_at(&d->floors[f], x, y);
}

void dungeon_landing(const dfloor *up, const dfloor *lo, int x, int y, int *bx, int *by)
{
    *bx = x + up->ox - lo->ox;
    *by = y + up->oy - lo->oy;
}

int dungeon_below(const dungeon *d, int f, int x, int y, int *bx, int *by)
{
    if (f < 0 || f + 1 >= d->floor_count)
        return 0;
    dungeon_landing(&d->floors[f], &d->floors[f + 1], x, y, bx, by);
    return 1;
}

int32_t dungeon_fall_cm(const dungeon *d, int f, int x, int y)
{
    int bx, by;
    if (!dungeon_below(d, f, x, y, &bx, &by))
        return 0;
    return dungeon_ground_cm(d, f, x, y) - dungeon_ground_cm(d, f + 1, bx, by);
}

int dungeon_spiral_quarter_turns(int32_t rise_cm)
{
    int64_t r = rise_cm < 0 ? -(int64_t)rise_cm : rise_cm;
    return (int)((r * 4 + DUNGEON_SPIRAL_TURN_CM / 2) / DUNGEON_SPIRAL_TURN_CM);
}
