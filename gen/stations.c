/* stations: rest stations (spec/pits-and-stations.md). A floor gets one with chance
 * GEN_RATE_STATION, against the wall of a room off the main way (the shortest walk
 * from the entrance to the goal, walk_main_way): a room is off it when no square of the
 * main way is inside the room. The fixture stands on room floor by the wall, with no
 * door around it and nothing else on it; its look is drawn too. No room off the main
 * way, no station. Stream: RNG_STATIONS, floor k, try 0. */
#include <stdlib.h>
#include <string.h>

#include "gen/passes.h"

typedef struct scratch {
    unsigned char *main;
    int *dist, *queue, *cand;
} scratch;

static int room_off_main_way(const dfloor *f, const room *rm, const unsigned char *main)
{
    for (int y = rm->y; y < rm->y + rm->h; y++)
        for (int x = rm->x; x < rm->x + rm->w; x++)
            if (main[y * f->w + x])
                return 0;
    return 1;
}

/* Squares of rm a station may stand on. */
static int station_spots(const dfloor *f, const room *rm, int *cand)
{
    int n = 0;
    for (int y = rm->y; y < rm->y + rm->h; y++)
        for (int x = rm->x; x < rm->x + rm->w; x++)
            if (walk_by_wall(f, x, y, NULL, NULL) && !walk_near_door(f, x, y) &&
                !floor_square_taken(f, x, y))
                cand[n++] = y * f->w + x;
    return n;
}

/* Draws a room off the main way (then the next ones in order if it has no spot), a
 * spot in it and a look. */
static delve_status station_choose(rng *r, dfloor *f, scratch *s, delve_err *err)
{
    if (walk_main_way(f, s->main, s->dist, s->queue) < 0)
        return delve_fail(err, DELVE_EFAIL, "floor %d: the goal cannot be walked to",
                          f->index + 1);
    int off[FLOOR_MAX_ROOMS], n_off = 0, m = 0;
    for (int i = 0; i < f->room_count; i++)
        if (room_off_main_way(f, &f->rooms[i], s->main))
            off[n_off++] = i;
    if (n_off == 0)
        return DELVE_OK;
    int start = rng_range(r, 0, n_off - 1);
    for (int i = 0; i < n_off && m == 0; i++)
        m = station_spots(f, &f->rooms[off[(start + i) % n_off]], s->cand);
    if (m == 0)
        return DELVE_OK;
    int sq = s->cand[rng_range(r, 0, m - 1)];
    station st;
    memset(&st, 0, sizeof st);  /* padding too: floors are compared byte for byte */
    st.x = sq % f->w;
    st.y = sq / f->w;
    walk_by_wall(f, st.x, st.y, &st.wall_dx, &st.wall_dy);
    st.look = (station_look)rng_range(r, 0, LOOK_COUNT - 1);
    st.last_used_s = STATION_NEVER_USED;
    return floor_add_station(f, st, err);
}

delve_status stations_place(uint64_t seed, dfloor *f, delve_err *err)
{
    const gen_rate *rate = rates_get(GEN_RATE_STATION);
    rng r = rng_stream(seed, RNG_STATIONS, f->index, 0);
    if (!rng_chance(&r, rate->num, rate->den))
        return DELVE_OK;
    size_t n = (size_t)f->w * (size_t)f->h;
    scratch s = { malloc(n), malloc(n * sizeof(int)), malloc(n * sizeof(int)),
                  malloc(n * sizeof(int)) };
    delve_status st;
    if (s.main && s.dist && s.queue && s.cand)
        st = station_choose(&r, f, &s, err);
    else
        st = delve_fail(err, DELVE_ENOMEM, "floor %d: out of memory for stations",
                        f->index + 1);
    free(s.main);
    free(s.dist);
    free(s.queue);
    free(s.cand);
    return st;
}
