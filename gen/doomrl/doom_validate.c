/* validate: the importer checks on DoomRL floors (spec/doomrl.md). Walking uses walk_dist's
 * rules: walkable terrain (floor, doors, fluids, bridges), never pits; walls, boxes and
 * cave walls block. With a DoomRL floor's record, every river must have its 2-wide
 * bridge across its full width with ground one can stand on at both ends, and the goal
 * and every way must be reachable without wading the acid or lava a river wrote (a
 * river never walls off the stairs). */
#include <stdlib.h>
#include <string.h>

#include "gen/doomrl/doom.h"
#include "gen/passes.h"

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
            ok = floor_can_stand(f, line - 1, from - 2) && floor_can_stand(f, line - 1, from + len - 1);
        } else {
            bridge_run(f, 1, line, 1, 0, &from, &len);
            ok = floor_can_stand(f, from - 2, line - 1) && floor_can_stand(f, from + len - 1, line - 1);
        }
        if (len < rv->width || len < 1 || !ok)
            return delve_fail(err, DELVE_EFAIL, "floor %d: river %d has no whole bridge at "
                              "%s %d", f->index + 1, i + 1, rv->horizontal ? "column" : "row",
                              line);
    }
    return DELVE_OK;
}

/* The checks' grids are padded by one square of closed ground all round, so the walk
 * needs no bounds tests: square (x, y) is at (y + 1) * (w + 2) + x + 1. */
static int pad(const dfloor *f, int x, int y)
{
    return (y + 1) * (f->w + 2) + x + 1;
}

/* Flood from the entrance over open squares, marking them DOOM_FLOOD_SEEN, until the goal and
 * every way are reached (or all is filled). doom_flood, not path_walk: see doom.h. */
static void walk_from(const dfloor *f, uint8_t *open, int *stack)
{
    int targets[1 + FLOOR_MAX_WAYS], n = 0;
    doom_flood_out o;
    if (!floor_in(f, f->entrance_x, f->entrance_y))
        return;
    if (floor_in(f, f->goal_x, f->goal_y))
        targets[n++] = pad(f, f->goal_x, f->goal_y);
    for (int i = 0; i < f->way_count; i++)
        if (floor_in(f, f->ways[i].x, f->ways[i].y))
            targets[n++] = pad(f, f->ways[i].x, f->ways[i].y);
    doom_flood(open, f->w + 2, pad(f, f->entrance_x, f->entrance_y), stack, targets, n, &o);
}

/* Goal and every way reached (marked DOOM_FLOOD_SEEN); what names the walk in the message. */
static delve_status reached(const dfloor *f, const uint8_t *dist, const char *what,
                            delve_err *err)
{
    if (!floor_in(f, f->goal_x, f->goal_y) || !(dist[pad(f, f->goal_x, f->goal_y)] & DOOM_FLOOD_SEEN))
        return delve_fail(err, DELVE_EFAIL, "floor %d: the goal %d,%d cannot be reached %s",
                          f->index + 1, f->goal_x, f->goal_y, what);
    for (int i = 0; i < f->way_count; i++) {
        const way *w = &f->ways[i];
        if (!floor_in(f, w->x, w->y) || !(dist[pad(f, w->x, w->y)] & DOOM_FLOOD_SEEN))
            return delve_fail(err, DELVE_EFAIL, "floor %d: the %s at %d,%d cannot be "
                              "reached %s", f->index + 1, way_kind_name(w->kind), w->x, w->y,
                              what);
    }
    return DELVE_OK;
}

/* open (padded) from the floor: stand-able squares, or with safe (unpadded, may be
 * NULL) only those too. */
static void open_grid(const dfloor *f, const uint8_t *safe, uint8_t *open)
{
    uint8_t walkable[256] = { 0 };
    for (int t = 0; !safe && t < T_TERRAIN_COUNT; t++)
        walkable[t] = terrain_get((terrain)t)->walkable;
    memset(open, 0, (size_t)(f->w + 2) * (size_t)(f->h + 2));
    for (int y = 0; y < f->h; y++) { /* a row at a time: the walk runs twice a floor */
        uint8_t *o = open + pad(f, 0, y);
        const uint8_t *t = f->terrain + (size_t)y * (size_t)f->w;
        if (safe)
            memcpy(o, safe + (size_t)y * (size_t)f->w, (size_t)f->w);
        else
            for (int x = 0; x < f->w; x++)
                o[x] = walkable[t[x]];
    }
    for (int i = 0; i < f->pit_count; i++)
        if (floor_in(f, f->pits[i].x, f->pits[i].y))
            open[pad(f, f->pits[i].x, f->pits[i].y)] = 0;
}

static delve_status walks_in(const dfloor *f, const doom_info *info, uint8_t *open,
                             int *queue, delve_err *err)
{
    if (!floor_can_stand(f, f->entrance_x, f->entrance_y))
        return delve_fail(err, DELVE_EFAIL, "floor %d: the entrance %d,%d is not walkable",
                          f->index + 1, f->entrance_x, f->entrance_y);
    delve_err safe_err = { "" };
    if (info && info->river_count > 0 && f->w * f->h <= DOOM_W * DOOM_H) {
        /* the safe walk first: its squares are some of the plain walk's, so when it
           reaches everything the plain walk does too (one walk a floor, not two) */
        uint8_t safe[DOOM_W * DOOM_H];
        doom_safe_mask(f, info, safe);
        open_grid(f, safe, open);
        walk_from(f, open, queue);
        if (reached(f, open, "without wading a river's acid or lava", &safe_err) == DELVE_OK)
            return DELVE_OK;
    } /* without rivers the safe walk is the plain walk */
    open_grid(f, NULL, open);
    walk_from(f, open, queue);
    delve_status st = reached(f, open, "from the entrance", err);
    if (st != DELVE_OK || !safe_err.msg[0])
        return st;
    return delve_fail(err, DELVE_EFAIL, "%s", safe_err.msg);
}

static delve_status check_walks(const dfloor *f, const doom_info *info, delve_err *err)
{
    size_t n = (size_t)(f->w + 2) * (size_t)(f->h + 2);
    uint8_t *open = malloc(n);
    int *queue = malloc(2 * n * sizeof *queue);  /* the flood's stack */
    delve_status st = open && queue
                          ? walks_in(f, info, open, queue, err)
                          : delve_fail(err, DELVE_ENOMEM, "out of memory for the checks");
    free(open);
    free(queue);
    return st;
}

delve_status doom_validate_floor(const dfloor *f, const doom_info *info, delve_err *err)
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
    if (!floor_can_stand(to, w->to_x, w->to_y))
        return delve_fail(err, DELVE_EFAIL, "floor %d: the %s at %d,%d lands on %d,%d of "
                          "floor %d, which cannot be stood on", k + 1, way_kind_name(w->kind),
                          w->x, w->y, w->to_x, w->to_y, w->to_floor + 1);
    for (int j = 0; j < to->way_count; j++)
        if (to->ways[j].to_floor == k)
            return DELVE_OK;
    return delve_fail(err, DELVE_EFAIL, "floor %d: no way back from floor %d", k + 1,
                      w->to_floor + 1);
}

delve_status doom_validate_dungeon(const dungeon *d, delve_err *err)
{
    for (int k = 0; k < d->floor_count; k++) {
        delve_status st = doom_validate_floor(&d->floors[k], NULL, err);
        for (int i = 0; st == DELVE_OK && i < d->floors[k].way_count; i++)
            st = way_ok(d, k, i, err);
        if (st != DELVE_OK)
            return st;
    }
    return DELVE_OK;
}
