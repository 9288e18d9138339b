/* validate: the importer checks on generated floors (issue 3). Walking uses gen_walk's
 * rules: walkable terrain (floor, doors, fluids, bridges), never pits; walls, boxes and
 * cave walls block. With a DoomRL floor's record, every river must have its 2-wide
 * bridge across its full width with ground one can stand on at both ends, and the goal
 * and every way must be reachable without wading the acid or lava a river wrote (a
 * river never walls off the stairs). */
#include <stdlib.h>

#include "gen/doom.h"
#include "gen/passes.h"

static int stand(const dfloor *f, int x, int y)
{
    return floor_walkable(f, x, y) && floor_pit_at(f, x, y) < 0;
}

/* The longest run of bridge squares along a line through (x, y) stepping (dx, dy):
 * *from and *len get its start (spec coordinates) and length. */
static void bridge_run(const dfloor *f, int x, int y, int dx, int dy, int *from, int *len)
{
    int best = 0, best_at = 0, run = 0;
    for (; x >= 1 && y >= 1 && x <= DOOM_W && y <= DOOM_H; x += dx, y += dy) {
        run = doom_get(f, x, y) == T_BRIDGE ? run + 1 : 0;
        if (run > best) {
            best = run;
            best_at = (dx ? x : y) - run + 1;
        }
    }
    *from = best_at;
    *len = best;
}

/* River i's bridge: both lines hold a run of at least its width, each run ending on
 * squares one can stand on. */
static delve_status river_bridge_ok(const dfloor *f, const doom_river *rv, int i,
                                    delve_err *err)
{
    for (int line = rv->bridge; line <= rv->bridge + 1; line++) {
        int from, len, ok;
        if (rv->horizontal) {
            bridge_run(f, line, 1, 0, 1, &from, &len);
            ok = stand(f, line - 1, from - 2) && stand(f, line - 1, from + len - 1);
        } else {
            bridge_run(f, 1, line, 1, 0, &from, &len);
            ok = stand(f, from - 2, line - 1) && stand(f, from + len - 1, line - 1);
        }
        if (len < rv->width || len < 1 || !ok)
            return delve_fail(err, DELVE_EFAIL, "floor %d: river %d has no whole bridge at "
                              "%s %d", f->index + 1, i + 1, rv->horizontal ? "column" : "row",
                              line);
    }
    return DELVE_OK;
}

/* BFS from the entrance over squares with open[i]; 0-based dist in dist. */
static void walk_from(const dfloor *f, const uint8_t *open, int *dist, int *queue)
{
    int n = f->w * f->h, head = 0, tail = 0, s = f->entrance_y * f->w + f->entrance_x;
    for (int i = 0; i < n; i++)
        dist[i] = -1;
    if (!floor_in(f, f->entrance_x, f->entrance_y) || !open[s])
        return;
    dist[s] = 0;
    queue[tail++] = s;
    while (head < tail) {
        int at = queue[head++], x = at % f->w, y = at / f->w;
        const int nb[4] = { at - f->w, at + 1, at + f->w, at - 1 };
        const int ok[4] = { y > 0, x < f->w - 1, y < f->h - 1, x > 0 };
        for (int d = 0; d < 4; d++)
            if (ok[d] && open[nb[d]] && dist[nb[d]] < 0) {
                dist[nb[d]] = dist[at] + 1;
                queue[tail++] = nb[d];
            }
    }
}

/* Goal and every way reached in dist; what names the walk in the message. */
static delve_status reached(const dfloor *f, const int *dist, const char *what,
                            delve_err *err)
{
    if (!floor_in(f, f->goal_x, f->goal_y) || dist[f->goal_y * f->w + f->goal_x] < 0)
        return delve_fail(err, DELVE_EFAIL, "floor %d: the goal %d,%d cannot be reached %s",
                          f->index + 1, f->goal_x, f->goal_y, what);
    for (int i = 0; i < f->way_count; i++) {
        const way *w = &f->ways[i];
        if (!floor_in(f, w->x, w->y) || dist[w->y * f->w + w->x] < 0)
            return delve_fail(err, DELVE_EFAIL, "floor %d: the %s at %d,%d cannot be "
                              "reached %s", f->index + 1, way_kind_name(w->kind), w->x, w->y,
                              what);
    }
    return DELVE_OK;
}

static delve_status walks_in(const dfloor *f, const doom_info *info, uint8_t *open,
                             int *dist, int *queue, delve_err *err)
{
    for (int i = 0; i < f->w * f->h; i++)
        open[i] = (uint8_t)stand(f, i % f->w, i / f->w);
    if (!stand(f, f->entrance_x, f->entrance_y))
        return delve_fail(err, DELVE_EFAIL, "floor %d: the entrance %d,%d is not walkable",
                          f->index + 1, f->entrance_x, f->entrance_y);
    walk_from(f, open, dist, queue);
    delve_status st = reached(f, dist, "from the entrance", err);
    if (st != DELVE_OK || !info || f->w * f->h > DOOM_W * DOOM_H)
        return st;
    doom_safe_mask(f, info, open);
    walk_from(f, open, dist, queue);
    return reached(f, dist, "without wading a river's acid or lava", err);
}

static delve_status check_walks(const dfloor *f, const doom_info *info, delve_err *err)
{
    size_t n = (size_t)f->w * (size_t)f->h;
    uint8_t *open = malloc(n);
    int *dist = malloc(n * sizeof *dist), *queue = malloc(n * sizeof *queue);
    delve_status st = open && dist && queue
                          ? walks_in(f, info, open, dist, queue, err)
                          : delve_fail(err, DELVE_ENOMEM, "out of memory for the checks");
    free(open);
    free(dist);
    free(queue);
    return st;
}

delve_status gen_validate_floor(const dfloor *f, const doom_info *info, delve_err *err)
{
    if (!f->terrain)
        return delve_fail(err, DELVE_EFAIL, "floor %d: not generated", f->index + 1);
    if (info)
        for (int i = 0; i < info->river_count && i < DOOM_MAX_RIVERS; i++) {
            delve_status st = river_bridge_ok(f, &info->rivers[i], i, err);
            if (st != DELVE_OK)
                return st;
        }
    return check_walks(f, info, err);
}

/* Way i of floor k leads to a walkable square of a floor that has a way back. */
static delve_status way_ok(const dungeon *d, int k, int i, delve_err *err)
{
    const way *w = &d->floors[k].ways[i];
    if (w->to_floor < 0 || w->to_floor >= d->floor_count)
        return delve_fail(err, DELVE_EFAIL, "floor %d: a %s leads to no floor", k + 1,
                          way_kind_name(w->kind));
    const dfloor *to = &d->floors[w->to_floor];
    if (!stand(to, w->to_x, w->to_y))
        return delve_fail(err, DELVE_EFAIL, "floor %d: the %s at %d,%d lands on %d,%d of "
                          "floor %d, which cannot be stood on", k + 1, way_kind_name(w->kind),
                          w->x, w->y, w->to_x, w->to_y, w->to_floor + 1);
    for (int j = 0; j < to->way_count; j++)
        if (to->ways[j].to_floor == k)
            return DELVE_OK;
    return delve_fail(err, DELVE_EFAIL, "floor %d: no way back from floor %d", k + 1,
                      w->to_floor + 1);
}

delve_status gen_validate_dungeon(const dungeon *d, delve_err *err)
{
    for (int k = 0; k < d->floor_count; k++) {
        delve_status st = gen_validate_floor(&d->floors[k], NULL, err);
        for (int i = 0; st == DELVE_OK && i < d->floors[k].way_count; i++)
            st = way_ok(d, k, i, err);
        if (st != DELVE_OK)
            return st;
    }
    return DELVE_OK;
}
