/* path: breadth-first walks over squares and ways, in a fixed neighbour order. */
#include "engine/path.h"

#include <stdlib.h>
#include <string.h>


void path_free(path *p)
{
    free(p->steps);
    memset(p, 0, sizeof *p);
}

static int step_ok(const dungeon *d, path_step s)
{
    return s.floor >= 0 && s.floor < d->floor_count &&
           floor_in(&d->floors[s.floor], s.x, s.y);
}

/* Node numbering: floor-major, then row-major; all floors share the largest w x h. */
typedef struct grid {
    int w, h, floors;
} grid;

static int node_of(const grid *g, int f, int x, int y)
{
    return (f * g->h + y) * g->w + x;
}

static int enterable(const dungeon *d, int f, int x, int y, path_step goal, int flags)
{
    const dfloor *fl = &d->floors[f];
    if (!floor_walkable(fl, x, y))
        return 0;
    if ((flags & PATH_AVOID_BURN) && terrain_get(floor_at(fl, x, y))->burn &&
        !(f == goal.floor && x == goal.x && y == goal.y))
        return 0;
    if (floor_pit_at(fl, x, y) >= 0) {
        int is_goal = f == goal.floor && x == goal.x && y == goal.y;
        int pi = floor_pit_at(fl, x, y);
        return is_goal && (flags & PATH_PIT_GOAL) && !fl->pits[pi].open;
    }
    return 1;
}

static delve_status trace(const grid *g, const int *prev, int goal, path *out, delve_err *err)
{
    int n = 0;
    for (int v = goal; v >= 0; v = prev[v])
        n++;
    out->steps = malloc((size_t)n * sizeof *out->steps);
    if (!out->steps)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for a path of %d steps", n);
    out->count = out->cap = n;
    int i = n - 1;
    for (int v = goal; v >= 0; v = prev[v], i--) {
        int x = v % g->w, rest = v / g->w;
        out->steps[i] = (path_step){ .floor = rest / g->h, .x = x, .y = rest % g->h };
    }
    return DELVE_OK;
}

/* Node v's neighbours in the fixed order (the four squares N, E, S, W, then the far end
 * of a way on it) that may be entered; returns how many were written to nb. */
static int neighbours(const dungeon *d, const grid *g, int v, path_step goal, int flags,
                      int nb[5])
{
    int x = v % g->w, rest = v / g->w, y = rest % g->h, f = rest / g->h, n = 0;
    const dfloor *fl = &d->floors[f];
    if (floor_pit_at(fl, x, y) >= 0)
        return 0; /* the party never walks on past a pit's plates */
    for (int k = 0; k < 4; k++) {
        int nx = x + DIR4_DX[k], ny = y + DIR4_DY[k];
        if (floor_in(fl, nx, ny) && enterable(d, f, nx, ny, goal, flags))
            nb[n++] = node_of(g, f, nx, ny);
    }
    int wi = floor_way_at(fl, x, y);
    if (wi < 0 || (flags & PATH_NO_WAYS))
        return n;
    const way *w = &fl->ways[wi];
    path_step to = { w->to_floor, w->to_x, w->to_y };
    if (step_ok(d, to) && enterable(d, to.floor, to.x, to.y, goal, flags))
        nb[n++] = node_of(g, to.floor, to.x, to.y);
    return n;
}

/* Breadth-first visit of node v: unvisited neighbours get v as prev and are queued. */
static void expand(const dungeon *d, const grid *g, int v, path_step goal, int flags,
                   int *prev, int *queue, int *tail)
{
    int nb[5], n = neighbours(d, g, v, goal, flags, nb);
    for (int i = 0; i < n; i++)
        if (prev[nb[i]] == -2) {
            prev[nb[i]] = v;
            queue[(*tail)++] = nb[i];
        }
}

static int burns(const dungeon *d, const grid *g, int v)
{
    int x = v % g->w, rest = v / g->w;
    return terrain_get(floor_at(&d->floors[rest / g->h], x, rest % g->h))->burn != 0;
}

/* A growable list of nodes: one bucket of the weighted search. */
typedef struct bucket {
    int *v;
    int n, cap;
} bucket;

static int bucket_push(bucket *b, int v)
{
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 64;
        int *nv = realloc(b->v, (size_t)cap * sizeof *nv);
        if (!nv)
            return 0;
        b->v = nv;
        b->cap = cap;
    }
    b->v[b->n++] = v;
    return 1;
}

#define BUCKETS (PATH_BURN_PENALTY + 2)

/* Cheapest walk with PATH_BURN_COST: a step costs 1, entering acid or lava 1 +
 * PATH_BURN_PENALTY (Dial's buckets, so it stays integer and in a fixed order). Fills
 * prev like the breadth-first search. 0 when out of memory. */
static int weighted(const dungeon *d, const grid *g, int start, int goal, path_step to,
                    int flags, int *prev, int *dist)
{
    size_t n = (size_t)g->w * (size_t)g->h * (size_t)g->floors;
    bucket b[BUCKETS];
    memset(b, 0, sizeof b);
    for (size_t i = 0; i < n; i++)
        dist[i] = -1;
    dist[start] = 0;
    int ok = bucket_push(&b[0], start), pending = 1;
    for (int cost = 0; ok && pending > 0 && prev[goal] == -2; cost++) {
        bucket *cur = &b[cost % BUCKETS];
        for (int i = 0; ok && i < cur->n; i++) { /* it may grow while we walk it */
            int v = cur->v[i];
            pending--;
            if (dist[v] != cost)
                continue; /* a stale entry: v was reached cheaper */
            if (v == goal)
                break;
            int nb[5], m = neighbours(d, g, v, to, flags, nb);
            for (int k = 0; k < m && ok; k++) {
                int u = nb[k], c = cost + 1 + (burns(d, g, u) ? PATH_BURN_PENALTY : 0);
                if (dist[u] >= 0 && dist[u] <= c)
                    continue;
                dist[u] = c;
                prev[u] = v;
                ok = bucket_push(&b[c % BUCKETS], u);
                pending++;
            }
        }
        if (dist[goal] == cost)
            break;
        cur->n = 0;
    }
    for (int i = 0; i < BUCKETS; i++)
        free(b[i].v);
    return ok;
}

delve_status path_find(const dungeon *d, path_step from, path_step to, int flags, path *out,
                       delve_err *err)
{
    memset(out, 0, sizeof *out);
    if (!step_ok(d, from) || !step_ok(d, to))
        return delve_fail(err, DELVE_EINPUT, "path end outside the dungeon");
    grid g = { 0, 0, d->floor_count };
    for (int i = 0; i < d->floor_count; i++) {
        if (d->floors[i].w > g.w)
            g.w = d->floors[i].w;
        if (d->floors[i].h > g.h)
            g.h = d->floors[i].h;
    }
    size_t n = (size_t)g.w * (size_t)g.h * (size_t)g.floors;
    int *prev = malloc(n * sizeof *prev), *queue = malloc(n * sizeof *queue);
    delve_status st = DELVE_OK;
    if (!prev || !queue) {
        st = delve_fail(err, DELVE_ENOMEM, "out of memory for path finding");
        goto done;
    }
    for (size_t i = 0; i < n; i++)
        prev[i] = -2; /* unvisited; -1 marks the start */
    int start = node_of(&g, from.floor, from.x, from.y);
    int goal = node_of(&g, to.floor, to.x, to.y);
    int head = 0, tail = 0;
    prev[start] = -1;
    queue[tail++] = start;
    if (flags & PATH_BURN_COST) {
        if (!weighted(d, &g, start, goal, to, flags, prev, queue)) {
            st = delve_fail(err, DELVE_ENOMEM, "out of memory for path finding");
            goto done;
        }
    } else {
        while (head < tail && prev[goal] == -2)
            expand(d, &g, queue[head++], to, flags, prev, queue, &tail);
    }
    if (prev[goal] == -2)
        st = delve_fail(err, DELVE_EFAIL, "no walk from floor %d (%d,%d) to floor %d (%d,%d)",
                        from.floor + 1, from.x, from.y, to.floor + 1, to.x, to.y);
    else
        st = trace(&g, prev, goal, out, err);
done:
    free(prev);
    free(queue);
    return st;
}

/* A floor walk's rule, ready to test squares: what the walk may stand on. */
typedef struct walk_rule {
    const dfloor *f;
    const uint8_t *stand;   /* per square, or NULL: the terrain row below */
    uint8_t terrain[256];   /* by terrain value: walkable (or open) */
    int flags, within;      /* within: ways from this floor to itself, with PATH_WALK_WAYS */
} walk_rule;

enum { WALK_PIT = -3 };  /* dist of a pit square the walkers' rule keeps out, for a walk */

static void rule_init(walk_rule *r, const dfloor *f, int flags, const uint8_t *stand)
{
    memset(r, 0, sizeof *r);
    r->f = f;
    r->stand = stand;
    r->flags = flags;
    for (int t = 0; t < T_TERRAIN_COUNT; t++) {
        const terrain_info *ti = terrain_get((terrain)t);
        r->terrain[t] = (flags & PATH_WALK_OPEN) ? ti->open : ti->walkable;
    }
    for (int i = 0; (flags & PATH_WALK_WAYS) && i < f->way_count; i++)
        r->within += f->ways[i].to_floor == f->index;
}

static int rule_allows(const walk_rule *r, int i)
{
    return r->stand ? r->stand[i] != 0 : r->terrain[r->f->terrain[i]];
}

/* Keeps pit squares out of the walk (mark 1) or lets them back (mark 0) when the rule
 * is the walkers': a pit's dist is WALK_PIT while the walk runs. */
static void rule_pits(const walk_rule *r, int *dist, int mark)
{
    const dfloor *f = r->f;
    if (r->stand || (r->flags & PATH_WALK_PITS))
        return;
    for (int i = 0; i < f->pit_count; i++) {
        if (!floor_in(f, f->pits[i].x, f->pits[i].y))
            continue;
        int *d = &dist[f->pits[i].y * f->w + f->pits[i].x];
        if (mark && *d == -1)
            *d = WALK_PIT;
        else if (!mark && *d == WALK_PIT)
            *d = -1;
    }
}

/* Enters square u from at when the rule allows it and nothing reached it yet. */
static void walk_enter(const walk_rule *r, int at, int u, int *dist, int *queue, int *tail)
{
    if (dist[u] == -1 && rule_allows(r, u)) {
        dist[u] = dist[at] + 1;
        queue[(*tail)++] = u;
    }
}

/* The breadth-first spread from start; pits already kept out. Returns squares reached. */
static int walk_spread(const walk_rule *r, int start, int *dist, int *queue)
{
    const dfloor *f = r->f;
    int w = f->w, h = f->h, head = 0, tail = 0;
    dist[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
        int at = queue[head++], x = at % w, y = at / w;
        for (int i = 0; r->within && i < f->way_count; i++) {
            const way *wy = &f->ways[i];
            if (wy->to_floor == f->index && wy->x == x && wy->y == y &&
                floor_in(f, wy->to_x, wy->to_y))
                walk_enter(r, at, wy->to_y * w + wy->to_x, dist, queue, &tail);
        }
        if (y > 0)
            walk_enter(r, at, at - w, dist, queue, &tail);
        if (x + 1 < w)
            walk_enter(r, at, at + 1, dist, queue, &tail);
        if (y + 1 < h)
            walk_enter(r, at, at + w, dist, queue, &tail);
        if (x > 0)
            walk_enter(r, at, at - 1, dist, queue, &tail);
    }
    return tail;
}

/* queue, or a fresh one in *own (NULL with err set when none can be had). */
static int *walk_queue(const dfloor *f, int *queue, int **own, delve_err *err)
{
    *own = NULL;
    if (queue)
        return queue;
    *own = malloc((size_t)f->w * (size_t)f->h * sizeof **own);
    if (!*own)
        delve_fail(err, DELVE_ENOMEM, "out of memory for a walk on floor %d", f->index + 1);
    return *own;
}

delve_status path_walk(const dfloor *f, int flags, const uint8_t *stand, int start, int *dist,
                       int *queue, int *reached, delve_err *err)
{
    if (start < 0 || start >= f->w * f->h)
        return delve_fail(err, DELVE_EINPUT, "walk start %d off floor %d", start, f->index + 1);
    int *own, *q = walk_queue(f, queue, &own, err);
    if (!q)
        return DELVE_ENOMEM;
    walk_rule r;
    rule_init(&r, f, flags, stand);
    rule_pits(&r, dist, 1);
    int n = walk_spread(&r, start, dist, q);
    rule_pits(&r, dist, 0);
    if (reached)
        *reached = n;
    free(own);
    return DELVE_OK;
}

delve_status path_floor_dist(const dfloor *f, int sx, int sy, int *dist, int *queue,
                             int *reached, delve_err *err)
{
    int n = f->w * f->h;
    for (int i = 0; i < n; i++)
        dist[i] = -1;
    if (reached)
        *reached = 0;
    if (!floor_walkable(f, sx, sy))
        return DELVE_OK;
    return path_walk(f, 0, NULL, sy * f->w + sx, dist, queue, reached, err);
}

delve_status path_floor_parts(const dfloor *f, int flags, const uint8_t *stand, int *label,
                              int *queue, int *parts, delve_err *err)
{
    int n = f->w * f->h, *own, *q = walk_queue(f, queue, &own, err);
    *parts = 0;
    if (!q)
        return DELVE_ENOMEM;
    walk_rule r;
    rule_init(&r, f, flags, stand);
    rule_pits(&r, label, 1);
    for (int s = 0; s < n; s++) {
        if (label[s] != -1 || !rule_allows(&r, s))
            continue;
        int reached = walk_spread(&r, s, label, q); /* steps first, then the part's label */
        for (int k = 0; k < reached; k++)
            label[q[k]] = *parts;
        (*parts)++;
    }
    rule_pits(&r, label, 0);
    free(own);
    return DELVE_OK;
}
