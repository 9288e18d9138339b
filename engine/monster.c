/* monster: the kinds table and patrol loops (see monster.h). */
#include "engine/monster.h"

#include <stdlib.h>
#include <string.h>

/* name, glyph, flying, danger */
static const monster_kind KIND[] = {
    [MK_RAT]      = { "rat",           'r', 0, 1 },
    [MK_BAT]      = { "bat",           'b', 1, 1 },
    [MK_SKELETON] = { "skeleton",      'k', 0, 3 },
    [MK_GHOUL]    = { "ghoul",         'g', 0, 4 },
    [MK_EYE]      = { "floating eye",  'e', 1, 2 },
};
_Static_assert(sizeof KIND / sizeof KIND[0] == MK_BASE_COUNT, "monster kind rows");

const monster_kind *monster_kind_get(int kind)
{
    return (kind >= 0 && kind < MK_BASE_COUNT) ? &KIND[kind] : &KIND[0];
}

int monster_kind_count(void)
{
    return MK_BASE_COUNT;
}

/* Fliers pass over pits; walkers stand where floor_can_stand says. */
static int can_stand(const dfloor *f, int x, int y, int fly)
{
    return fly ? floor_walkable(f, x, y) : floor_can_stand(f, x, y);
}

/* Appends the shortest walk from a to b (a excluded, b included) to xs/ys at *n.
 * Returns 0, or -1 when there is none or it does not fit. prev holds w * h ints. */
static int leg(const dfloor *f, int ax, int ay, int bx, int by, int fly, int *prev,
               int *queue, int16_t *xs, int16_t *ys, int *n, int cap)
{
    int w = f->w, total = f->w * f->h;
    if (!can_stand(f, ax, ay, fly) || !can_stand(f, bx, by, fly))
        return -1;
    for (int i = 0; i < total; i++)
        prev[i] = -2;
    int head = 0, tail = 0, goal = by * w + bx;
    prev[ay * w + ax] = -1;
    queue[tail++] = ay * w + ax;
    while (head < tail && prev[goal] == -2) {
        int v = queue[head++];
        for (int k = 0; k < 4; k++) {
            int nx = v % w + DIR4_DX[k], ny = v / w + DIR4_DY[k];
            if (can_stand(f, nx, ny, fly) && prev[ny * w + nx] == -2) {
                prev[ny * w + nx] = v;
                queue[tail++] = ny * w + nx;
            }
        }
    }
    if (prev[goal] == -2)
        return -1;
    int len = 0;
    for (int v = goal; prev[v] >= 0; v = prev[v])
        len++;
    if (*n + len > cap)
        return -1;
    int i = *n + len - 1;
    for (int v = goal; prev[v] >= 0; v = prev[v], i--) {
        xs[i] = (int16_t)(v % w);
        ys[i] = (int16_t)(v / w);
    }
    *n += len;
    return 0;
}

int monster_patrol_loop(const dfloor *f, int p, int fly, int16_t *xs, int16_t *ys, int cap)
{
    if (p < 0 || p >= f->patrol_count || cap < 1)
        return -1;
    const patrol *pt = &f->patrols[p];
    size_t total = (size_t)f->w * (size_t)f->h;
    int *prev = malloc(total * sizeof *prev), *queue = malloc(total * sizeof *queue);
    int n = 0, bad = !prev || !queue;
    if (!bad) {
        xs[0] = pt->x[0];
        ys[0] = pt->y[0];
        n = 1;
        bad = !can_stand(f, pt->x[0], pt->y[0], fly);
    }
    for (int i = 0; i < pt->count && !bad; i++) {
        int j = (i + 1) % pt->count;
        if (pt->count == 1)
            break;
        bad = leg(f, pt->x[i], pt->y[i], pt->x[j], pt->y[j], fly, prev, queue, xs, ys, &n,
                  cap) != 0;
    }
    free(prev);
    free(queue);
    if (bad)
        return -1;
    /* the last leg ends on the first square: drop the repeat */
    return pt->count > 1 ? n - 1 : n;
}

delve_status monster_loops_build(const dungeon *d, monster_loops *ml, delve_err *err)
{
    memset(ml, 0, sizeof *ml);
    size_t n = (size_t)d->floor_count * FLOOR_MAX_PATROLS * 2;
    ml->loops = calloc(n ? n : 1, sizeof *ml->loops);
    int16_t *xs = malloc(MONSTER_LOOP_MAX * sizeof *xs), *ys = malloc(MONSTER_LOOP_MAX * sizeof *ys);
    if (!ml->loops || !xs || !ys) {
        free(xs);
        free(ys);
        monster_loops_free(ml);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for patrol loops");
    }
    ml->floors = d->floor_count;
    for (int f = 0; f < d->floor_count; f++)
        for (int p = 0; p < d->floors[f].patrol_count; p++)
            for (int fly = 0; fly < 2; fly++) {
                int len = monster_patrol_loop(&d->floors[f], p, fly, xs, ys, MONSTER_LOOP_MAX);
                monster_loop *lp = &ml->loops[(f * FLOOR_MAX_PATROLS + p) * 2 + fly];
                if (len <= 0)
                    continue;
                lp->x = malloc((size_t)len * sizeof *lp->x);
                lp->y = malloc((size_t)len * sizeof *lp->y);
                if (!lp->x || !lp->y) {
                    free(xs);
                    free(ys);
                    monster_loops_free(ml);
                    return delve_fail(err, DELVE_ENOMEM, "out of memory for patrol loops");
                }
                memcpy(lp->x, xs, (size_t)len * sizeof *xs);
                memcpy(lp->y, ys, (size_t)len * sizeof *ys);
                lp->len = len;
            }
    free(xs);
    free(ys);
    return DELVE_OK;
}

void monster_loops_free(monster_loops *ml)
{
    if (!ml || !ml->loops) {
        if (ml)
            memset(ml, 0, sizeof *ml);
        return;
    }
    for (int i = 0; i < ml->floors * FLOOR_MAX_PATROLS * 2; i++) {
        free(ml->loops[i].x);
        free(ml->loops[i].y);
    }
    free(ml->loops);
    memset(ml, 0, sizeof *ml);
}

void monster_where(const monster_loops *ml, const dfloor *f, int mi, int64_t clock_s,
                   int64_t start_s, int *x, int *y)
{
    const monster *m = &f->monsters[mi];
    *x = m->x;
    *y = m->y;
    int p = m->patrol - 1;
    if (p < 0 || p >= f->patrol_count || !ml || f->index >= ml->floors)
        return;
    int fly = m->flying != 0;
    const monster_loop *lp = &ml->loops[(f->index * FLOOR_MAX_PATROLS + p) * 2 + (fly != 0)];
    if (lp->len <= 0)
        return;
    int rank = 0;
    for (int i = 0; i < mi; i++)
        rank += f->monsters[i].patrol == m->patrol;
    int64_t t = clock_s > start_s ? (clock_s - start_s) / MONSTER_STEP_S : 0;
    int64_t i = ((t - rank) % lp->len + lp->len) % lp->len;
    *x = lp->x[i];
    *y = lp->y[i];
}
