/* survey: every measure by one rule for every floor, so that a .dun from any generator
 * and delve's own floors are compared alike. */
#include "gen/survey.h"

#include <stdlib.h>
#include <string.h>

#include "engine/path.h"

void survey_terrain_counts(const dfloor *f, int *sq)
{
    memset(sq, 0, sizeof(int) * T_TERRAIN_COUNT);
    for (int i = 0; i < f->w * f->h; i++)
        sq[f->terrain[i] < T_TERRAIN_COUNT ? f->terrain[i] : T_ROCK]++;
}

/* Counts of squares by kind, and the dead ends (4-neighbour standing counts). */
static void count_squares(const dfloor *f, survey *s)
{
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            terrain t = floor_at(f, x, y);
            s->room_floor += t == T_FLOOR;
            s->corridor_floor += t == T_CORRIDOR || t == T_CURVE;
            s->blocked += !floor_open(f, x, y);
            if (!floor_can_stand(f, x, y))
                continue;
            s->stand++;
            int n = floor_can_stand(f, x, y - 1) + floor_can_stand(f, x + 1, y) +
                    floor_can_stand(f, x, y + 1) + floor_can_stand(f, x - 1, y);
            int end = (x == f->entrance_x && y == f->entrance_y) ||
                      (x == f->goal_x && y == f->goal_y) || floor_way_at(f, x, y) >= 0;
            s->dead_ends += n == 1 && !end;
        }
}

/* The parts of f under stand (NULL: the walkers' rule with the floor's ways). */
static delve_status count_parts(const dfloor *f, int flags, const uint8_t *stand, int *label,
                                int *queue, int *parts, delve_err *err)
{
    for (int i = 0; i < f->w * f->h; i++)
        label[i] = -1;
    return path_floor_parts(f, flags, stand, label, queue, parts, err);
}

void survey_values(const survey *s, int *v)
{
    const int all[SURVEY_COUNT] = { s->stand, s->blocked, s->room_floor, s->corridor_floor,
                                    s->room_areas, s->reach_pm, s->goal_walk, s->dead_ends,
                                    s->parts };
    memcpy(v, all, sizeof all);
}

delve_status survey_floor(const dfloor *f, survey *out, delve_err *err)
{
    memset(out, 0, sizeof *out);
    size_t n = (size_t)f->w * (size_t)f->h;
    int *dist = malloc(n * sizeof *dist), *queue = malloc(n * sizeof *queue);
    uint8_t *roomy = malloc(n);
    delve_status st = DELVE_OK;
    if (!dist || !queue || !roomy) {
        st = delve_fail(err, DELVE_ENOMEM, "survey: out of memory");
        goto done;
    }
    count_squares(f, out);
    /* from the entrance, as a walker goes: its ways within the floor too (a spiral into
       a closet, rising) */
    int reached = 0;
    for (size_t i = 0; i < n; i++)
        dist[i] = -1;
    if (floor_can_stand(f, f->entrance_x, f->entrance_y))
        st = path_walk(f, PATH_WALK_WAYS, NULL, f->entrance_y * f->w + f->entrance_x, dist,
                       queue, &reached, err);
    if (st)
        goto done;
    out->reach_pm = out->stand ? (int)((long long)reached * 1000 / out->stand) : 0;
    int g = floor_in(f, f->goal_x, f->goal_y) ? f->goal_y * f->w + f->goal_x : -1;
    out->goal_walk = g >= 0 && dist[g] > 0 ? dist[g] : 0;
    for (size_t i = 0; i < n; i++)
        roomy[i] = f->terrain[i] == T_FLOOR;
    st = count_parts(f, PATH_WALK_WAYS, NULL, dist, queue, &out->parts, err);
    if (st == DELVE_OK)
        st = count_parts(f, 0, roomy, dist, queue, &out->room_areas, err);
done:
    free(dist);
    free(queue);
    free(roomy);
    return st;
}
