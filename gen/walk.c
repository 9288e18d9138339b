/* walk: walking distances on one floor (engine's path_walk with the walkers' rule) and
 * the helpers built on them (connectivity, the main way, squares by a wall or a door). */
#include <stddef.h>

#include "engine/path.h"
#include "gen/passes.h"

int walk_dist(const dfloor *f, int sx, int sy, int skip, int *dist, int *queue)
{
    int n = f->w * f->h, reached = 0;
    for (int i = 0; i < n; i++)
        dist[i] = -1;
    if (!floor_can_stand(f, sx, sy) || sy * f->w + sx == skip)
        return 0;
    if (skip >= 0 && skip < n)
        dist[skip] = -2;  /* kept out of the walk */
    /* cannot fail: the queue is given and the start is on f */
    path_walk(f, 0, NULL, sy * f->w + sx, dist, queue, &reached, NULL);
    if (skip >= 0 && skip < n)
        dist[skip] = -1;
    return reached;
}

int walk_count(const dfloor *f)
{
    int n = 0;
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++)
            n += floor_can_stand(f, x, y);
    return n;
}

int walk_main_way(const dfloor *f, unsigned char *main, int *dist, int *queue)
{
    for (int i = 0; i < f->w * f->h; i++)
        main[i] = 0;
    walk_dist(f, f->goal_x, f->goal_y, -1, dist, queue);
    int x = f->entrance_x, y = f->entrance_y;
    if (!floor_in(f, x, y) || dist[y * f->w + x] < 0)
        return -1;
    int steps = dist[y * f->w + x];
    main[y * f->w + x] = 1;
    while (dist[y * f->w + x] > 0) {
        int here = dist[y * f->w + x];
        for (int d = 0; d < 4; d++) {
            int nx = x + DIR4_DX[d], ny = y + DIR4_DY[d];
            if (floor_in(f, nx, ny) && dist[ny * f->w + nx] == here - 1) {
                x = nx;
                y = ny;
                break;
            }
        }
        main[y * f->w + x] = 1;
    }
    return steps;
}

int walk_by_wall(const dfloor *f, int x, int y, int *dx, int *dy)
{
    if (floor_at(f, x, y) != T_FLOOR)
        return 0;
    for (int d = 0; d < 4; d++)
        if (floor_at(f, x + DIR4_DX[d], y + DIR4_DY[d]) == T_WALL) {
            if (dx)
                *dx = DIR4_DX[d];
            if (dy)
                *dy = DIR4_DY[d];
            return 1;
        }
    return 0;
}

int walk_near_door(const dfloor *f, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if ((dx || dy) && floor_at(f, x + dx, y + dy) == T_DOOR)
                return 1;
    return 0;
}
