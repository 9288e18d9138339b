/* stock: monsters on a rooms-and-corridors floor (seed 001; the seed only says floors are
 * stocked and some monsters walk routes in packs, so the numbers are set here, in
 * STOCK): a few lone monsters in rooms, and patrol packs whose route runs through room
 * middles. Nothing stands on a thing, a pit, or within STOCK_CLEAR squares of the
 * entrance. Stream: RNG_STOCK, floor k, try 0; run last, so it changes no other pass. */
#include <stdlib.h>
#include <string.h>

#include "engine/monster.h"
#include "gen/passes.h"
#include "gen/rooms/rooms.h"

/* How a floor is stocked (set). */
static const struct {
    int lone_min, lone_max;        /* lone monsters */
    int packs_min, packs_max;      /* patrol packs */
    int pack_min, pack_max;        /* monsters in a pack */
    int way_min, way_max;          /* waypoints on a route */
} STOCK = { 2, 5, 1, 2, 2, 3, 3, 4 };

#define STOCK_CLEAR 4   /* no monster this near the entrance (walking distance) */
#define STOCK_TRIES 32

/* Kinds a lone monster or a pack may be, walkers and flyers. */
static const int LONE_KINDS[] = { MK_RAT, MK_BAT, MK_SKELETON, MK_EYE };
static const int PACK_KINDS[] = { MK_RAT, MK_SKELETON, MK_GHOUL, MK_BAT };

static int free_spot(const dfloor *f, const int *dist, int x, int y)
{
    if (floor_at(f, x, y) != T_FLOOR || floor_square_taken(f, x, y))
        return 0;
    if (dist[y * f->w + x] < STOCK_CLEAR)
        return 0; /* also refuses squares the entrance cannot walk to (-1) */
    for (int i = 0; i < f->monster_count; i++)
        if (f->monsters[i].x == x && f->monsters[i].y == y)
            return 0;
    return 1;
}

static delve_status add(dfloor *f, int kind, int x, int y, int pack_no, delve_err *err)
{
    monster m;
    memset(&m, 0, sizeof m); /* padding too: floors are compared byte for byte */
    m.kind = kind;
    m.x = x;
    m.y = y;
    m.flying = monster_kind_get(kind)->flying;
    m.patrol = pack_no;
    return floor_add_monster(f, m, err);
}

static delve_status lone(rng *r, dfloor *f, const int *dist, delve_err *err)
{
    int n = rng_range(r, STOCK.lone_min, STOCK.lone_max);
    for (int i = 0; i < n; i++) {
        int kind = LONE_KINDS[rng_range(r, 0, (int)(sizeof LONE_KINDS / sizeof LONE_KINDS[0]) - 1)];
        for (int t = 0; t < STOCK_TRIES; t++) {
            const room *rm = &f->rooms[rng_range(r, 0, f->room_count - 1)];
            int x = rm->x + rng_range(r, 0, rm->w - 1), y = rm->y + rng_range(r, 0, rm->h - 1);
            if (free_spot(f, dist, x, y)) {
                delve_status st = add(f, kind, x, y, 0, err);
                if (st)
                    return st;
                break;
            }
        }
    }
    return DELVE_OK;
}

/* A route through the middles of distinct rooms; the pack stands on its loop's first
 * squares, leader first. Dropped when a leg has no walk or a square is not free. */
static delve_status pack(rng *r, dfloor *f, const int *dist, int16_t *lx, int16_t *ly,
                         delve_err *err)
{
    int rooms[FLOOR_MAX_ROOMS];
    for (int i = 0; i < f->room_count; i++)
        rooms[i] = i;
    rng_shuffle(r, rooms, f->room_count);
    int ways = rng_range(r, STOCK.way_min, STOCK.way_max);
    int size = rng_range(r, STOCK.pack_min, STOCK.pack_max);
    int kind = PACK_KINDS[rng_range(r, 0, (int)(sizeof PACK_KINDS / sizeof PACK_KINDS[0]) - 1)];
    if (ways > f->room_count || f->patrol_count >= FLOOR_MAX_PATROLS)
        return DELVE_OK;
    patrol pt;
    memset(&pt, 0, sizeof pt);
    for (int i = 0; i < ways; i++) {
        const room *rm = &f->rooms[rooms[i]];
        pt.x[i] = (int16_t)(rm->x + rm->w / 2);
        pt.y[i] = (int16_t)(rm->y + rm->h / 2);
        if (floor_pit_at(f, pt.x[i], pt.y[i]) >= 0 || !floor_walkable(f, pt.x[i], pt.y[i]))
            return DELVE_OK;
    }
    pt.count = ways;
    f->patrols[f->patrol_count] = pt; /* tentatively, to build its loop */
    f->patrol_count++;
    int len = monster_patrol_loop(f, f->patrol_count - 1, monster_kind_get(kind)->flying,
                                  lx, ly, MONSTER_LOOP_MAX);
    int ok = len >= size;
    for (int j = 0; j < size && ok; j++) {
        int i = (len - j) % len;
        ok = free_spot(f, dist, lx[i], ly[i]);
    }
    if (!ok) {
        f->patrol_count--;
        memset(&f->patrols[f->patrol_count], 0, sizeof f->patrols[0]);
        return DELVE_OK;
    }
    for (int j = 0; j < size; j++) {
        int i = (len - j) % len;
        delve_status st = add(f, kind, lx[i], ly[i], f->patrol_count, err);
        if (st)
            return st;
    }
    return DELVE_OK;
}

delve_status rooms_stock(uint64_t seed, dfloor *f, delve_err *err)
{
    if (f->room_count == 0)
        return DELVE_OK;
    rng r = rng_stream(seed, RNG_STOCK, f->index, 0);
    size_t total = (size_t)f->w * (size_t)f->h;
    int *dist = malloc(total * sizeof *dist), *queue = malloc(total * sizeof *queue);
    int16_t *lx = malloc(MONSTER_LOOP_MAX * sizeof *lx), *ly = malloc(MONSTER_LOOP_MAX * sizeof *ly);
    delve_status st = DELVE_OK;
    if (!dist || !queue || !lx || !ly) {
        st = delve_fail(err, DELVE_ENOMEM, "out of memory stocking floor %d", f->index + 1);
    } else {
        walk_dist(f, f->entrance_x, f->entrance_y, -1, dist, queue);
        st = lone(&r, f, dist, err);
        int packs = rng_range(&r, STOCK.packs_min, STOCK.packs_max);
        for (int i = 0; i < packs && st == DELVE_OK; i++)
            st = pack(&r, f, dist, lx, ly, err);
    }
    free(dist);
    free(queue);
    free(lx);
    free(ly);
    return st;
}
