/* tide: the step rule, the flood walk from the open sea, and the world's tide state. */
#include "engine/tide.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tide_step(int *raw, int *vel)
{
    int t = *raw, v = *vel;
    if (v > TIDE_PEAK_VELOCITY || v < -TIDE_PEAK_VELOCITY)
        v = -TIDE_PEAK_VELOCITY;
    t += v;
    t = t < TIDE_RAW_LOW ? TIDE_RAW_LOW : t > TIDE_RAW_HIGH ? TIDE_RAW_HIGH : t;
    if ((t == TIDE_RAW_LOW && v < 0) || (t == TIDE_RAW_HIGH && v > 0))
        v = -v;
    int near = t - TIDE_RAW_LOW < TIDE_DECEL_MARGIN || TIDE_RAW_HIGH - t < TIDE_DECEL_MARGIN;
    int mag = v < 0 ? -v : v;
    if (near && mag > 1)
        v /= 2;
    else if (!near && mag == 1)
        v *= 2;
    *raw = t;
    *vel = v;
}

delve_status tide_work_init(tide_work *tw, int cells, delve_err *err)
{
    memset(tw, 0, sizeof *tw);
    tw->cells = cells;
    tw->seen = calloc((size_t)(cells > 0 ? cells : 1), sizeof *tw->seen);
    tw->queue = malloc((size_t)(cells > 0 ? cells : 1) * sizeof *tw->queue);
    tw->mark = malloc((size_t)(cells > 0 ? cells : 1));
    tw->front = malloc((size_t)(cells > 0 ? cells : 1) * sizeof *tw->front);
    if (!tw->seen || !tw->queue || !tw->mark || !tw->front) {
        tide_work_free(tw);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for the tide");
    }
    for (int t = 0; t < T_TERRAIN_COUNT; t++)
        tw->tidal[t] = (uint8_t)terrain_is_tidal((terrain)t);
    return DELVE_OK;
}

void tide_work_free(tide_work *tw)
{
    free(tw->seen);
    free(tw->queue);
    free(tw->mark);
    free(tw->front);
    memset(tw, 0, sizeof *tw);
}

/* 8 neighbours, N first and clockwise. */
static const int NX[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int NY[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };

/* Floor or shallow square i under tide: its new terrain, or its old one when the
 * change goes against the tide's direction. */
static uint8_t tide_terrain(const dfloor *f, int i, int tide, int rising)
{
    uint8_t old = f->terrain[i];
    uint8_t want = tide_ground(f, i) - tide < 0 ? T_SHALLOW : T_FLOOR;
    if (want == old || (rising && want != T_SHALLOW) || (!rising && want != T_FLOOR))
        return old;
    return want;
}

/* Terrains the walk queues (water, or what the tide may change), by terrain value:
 * one load in the walk's inner loop. */
static const uint8_t QUEUES[256] = { [T_DEEP] = 1, [T_SHALLOW] = 1, [T_FLOOR] = 1 };

enum { MARK_INSIDE = 1, MARK_SEA = 2 };

/* Prepares tw for f. MARK_INSIDE: off the floor's edge, no bounds to check. MARK_SEA:
 * the open sea, deep squares joined to a deep seed through deep squares (8 neighbours).
 * Deep water never changes and always passes the walk on, so every update reaches all
 * of the open sea and queues every square next to it: the front (raster order, with the
 * seeds that are not deep). An update starts from the front instead of walking the
 * sea again: the same squares change, an order of magnitude faster. */
static void sea_prepare(const dfloor *f, tide_work *tw)
{
    int w = f->w, h = f->h, n = w * h, head = 0, tail = 0;
    const uint8_t *ter = f->terrain;
    const int seeds[4] = { 1 * w + 1, 1 * w + w - 2, (h - 2) * w + 1, (h - 2) * w + w - 2 };
    for (int i = 0; i < n; i++)
        tw->mark[i] = i > w && i < n - w && i % w != 0 && i % w != w - 1 ? MARK_INSIDE : 0;
    for (int k = 0; k < 4; k++)
        if (ter[seeds[k]] == T_DEEP && !(tw->mark[seeds[k]] & MARK_SEA)) {
            tw->mark[seeds[k]] |= MARK_SEA;
            tw->queue[tail++] = seeds[k];
        }
    while (head < tail) {
        int i = tw->queue[head++], x = i % w, y = i / w;
        for (int k = 0; k < 8; k++) {
            int nx = x + NX[k], ny = y + NY[k], j = ny * w + nx;
            if (nx >= 0 && ny >= 0 && nx < w && ny < h && ter[j] == T_DEEP &&
                !(tw->mark[j] & MARK_SEA)) {
                tw->mark[j] |= MARK_SEA;
                tw->queue[tail++] = j;
            }
        }
    }
    tw->front_n = 0;
    for (int i = 0; i < n; i++) {
        int seed = i == seeds[0] || i == seeds[1] || i == seeds[2] || i == seeds[3];
        int by_sea = 0, x = i % w, y = i / w;
        for (int k = 0; k < 8 && !by_sea && QUEUES[ter[i]]; k++) {
            int nx = x + NX[k], ny = y + NY[k];
            by_sea = nx >= 0 && ny >= 0 && nx < w && ny < h && (tw->mark[ny * w + nx] & MARK_SEA);
        }
        if (!(tw->mark[i] & MARK_SEA) && (seed || by_sea))
            tw->front[tw->front_n++] = i;
    }
    tw->key = ter;
    tw->w = w, tw->h = h;
}

/* Square i's change under the tide; returns 1 when it passes the walk on. */
static int tide_visit(dfloor *f, const uint8_t *tidal, int i, int tide, int rising, rng *r,
                      uint8_t *changed, int *count)
{
    uint8_t t = f->terrain[i];
    int wet = tidal[t];
    if (t == T_FLOOR || t == T_SHALLOW) {
        uint8_t nt = tide_terrain(f, i, tide, rising);
        if (nt != t) {
            f->terrain[i] = nt;
            (*count)++;
            if (changed)
                changed[i] = 1;
        }
    }
    return wet && (tidal[f->terrain[i]] || rng_chance(r, 1, 2));
}

int tide_apply(dfloor *f, int tide, int rising, rng *r, tide_work *tw, uint8_t *changed)
{
    int w = f->w, h = f->h, n = w * h, head = 0, tail = 0, count = 0;
    if (n > tw->cells || w < 3 || h < 3)
        return 0;
    if (changed)
        memset(changed, 0, (size_t)n);
    if (++tw->stamp == 0) { /* wrapped: clear once every 4 billion updates */
        memset(tw->seen, 0, (size_t)tw->cells * sizeof *tw->seen);
        tw->stamp = 1;
    }
    if (tw->key != f->terrain || tw->w != w || tw->h != h)
        sea_prepare(f, tw);
    const uint32_t st = tw->stamp;
    const uint8_t *mark = tw->mark, *ter = f->terrain;
    uint32_t *seen = tw->seen;
    int *queue = tw->queue;
    /* the neighbours' offsets in N, NE, E, SE, S, SW, W, NW order (NX, NY) */
    const int off[8] = { -w, -w + 1, 1, w + 1, w, w - 1, -1, -w - 1 };
    for (int k = 0; k < tw->front_n; k++) {
        seen[tw->front[k]] = st;
        queue[tail++] = tw->front[k];
    }
    while (head < tail) {
        int i = queue[head++];
        if (!tide_visit(f, tw->tidal, i, tide, rising, r, changed, &count))
            continue;
        for (int k = 0; k < 8; k++) {
            int j = i + off[k];
            if (!(mark[i] & MARK_INSIDE)) { /* on the edge: check the bounds */
                int nx = i % w + NX[k], ny = i / w + NY[k];
                if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                    continue;
                j = ny * w + nx;
            }
            if (QUEUES[ter[j]] && !(mark[j] & MARK_SEA) && seen[j] != st) {
                seen[j] = st;
                queue[tail++] = j;
            }
        }
    }
    return count;
}

/* name, speed in percent of the walking pace */
static const struct { const char *name; int pct; } SPEED[] = {
    [T_SHALLOW] = { "shallow water", 50 },  /* wading: half pace (set) */
};

int tide_speed_pct(terrain t)
{
    if (t >= 0 && (size_t)t < sizeof SPEED / sizeof SPEED[0] && SPEED[t].pct > 0)
        return SPEED[t].pct;
    return 100;
}

delve_status tide_state_init(tide_state *ts, const dungeon *d, int64_t now_s, delve_err *err)
{
    memset(ts, 0, sizeof *ts);
    ts->raw = 0;
    ts->vel = TIDE_PEAK_VELOCITY;
    ts->next_s = now_s + TIDE_ACTION_S;
    for (int k = 0; k < d->floor_count && k < DUNGEON_MAX_FLOORS; k++) {
        const dfloor *f = &d->floors[k];
        if (f->level_type != LT_SHOALS || !f->terrain)
            continue;
        ts->on = 1;
        ts->coin[k] = rng_stream(d->seed, RNG_TIDE, k, 0);
        ts->changed[k] = calloc((size_t)f->w * (size_t)f->h, 1);
        if (!ts->changed[k] || tide_work_init(&ts->work[k], f->w * f->h, err) != DELVE_OK) {
            tide_state_free(ts);
            return delve_fail(err, DELVE_ENOMEM, "out of memory for the tide");
        }
    }
    return DELVE_OK;
}

void tide_state_free(tide_state *ts)
{
    for (int k = 0; k < DUNGEON_MAX_FLOORS; k++) {
        free(ts->changed[k]);
        tide_work_free(&ts->work[k]);
    }
    memset(ts, 0, sizeof *ts);
}

/* One step: the rule, then each Shoals floor whose whole-unit tide changed. */
static void tide_state_step(tide_state *ts, dungeon *d)
{
    tide_step(&ts->raw, &ts->vel);
    ts->steps++;
    for (int k = 0; k < d->floor_count && k < DUNGEON_MAX_FLOORS; k++) {
        dfloor *f = &d->floors[k];
        if (!ts->changed[k])
            continue;
        if (tide_units(ts->raw) == tide_units(ts->last_raw[k])) {
            memset(ts->changed[k], 0, (size_t)f->w * (size_t)f->h);
            continue;
        }
        int rising = ts->raw > ts->last_raw[k];
        ts->changes += tide_apply(f, tide_units(ts->raw), rising, &ts->coin[k], &ts->work[k],
                                  ts->changed[k]);
        ts->last_raw[k] = ts->raw;
    }
}

int tide_state_run(tide_state *ts, dungeon *d, int64_t now_s)
{
    int n = 0;
    if (!ts->on)
        return 0;
    int64_t due = ts->next_s <= now_s ? (now_s - ts->next_s) / TIDE_ACTION_S + 1 : 0;
    if (due > 2 * TIDE_PERIOD) { /* whole cycles leave the tide where it was: skip them */
        int64_t skip = (due - 2 * TIDE_PERIOD) / TIDE_PERIOD * TIDE_PERIOD;
        ts->steps += (uint32_t)skip;
        ts->next_s += skip * TIDE_ACTION_S;
    }
    while (ts->next_s <= now_s) {
        tide_state_step(ts, d);
        ts->next_s += TIDE_ACTION_S;
        n++;
    }
    return n;
}

char *tide_text(int raw, int vel, char *buf, int size)
{
    snprintf(buf, (size_t)size, "%+d %s", tide_units(raw), vel > 0 ? "rising" : "falling");
    return buf;
}

/* "-0.35" for cm, sign always shown. */
static void metres(int cm, char *buf, size_t size)
{
    snprintf(buf, size, "%c%d.%02d", cm < 0 ? '-' : '+', (cm < 0 ? -cm : cm) / 100,
             (cm < 0 ? -cm : cm) % 100);
}

char *tide_describe(const dfloor *f, int x, int y, int raw, char *buf, int size)
{
    char g[16], t[16];
    terrain ter = floor_at(f, x, y);
    int pct = tide_speed_pct(ter);
    metres(floor_in(f, x, y) ? f->height_cm[y * f->w + x] : 0, g, sizeof g);
    metres(tide_units(raw) * TIDE_CM_PER_UNIT, t, sizeof t);
    snprintf(buf, (size_t)size, "%s: ground %s m, the tide %s m%s", terrain_get(ter)->name, g,
             t, ter == T_DEEP ? "; too deep to wade" : pct < 100 ? "; wading, half pace" : "");
    return buf;
}
