/* layers: the overlays over the map (layers.h). The checks layer's squares come from
 * family_check_dungeon over the world's dungeon, made again whenever the world is; the
 * tide layer's from the tide run forward on a copy of the floor. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/tide.h"
#include "gen/family.h"
#include "viewer/layers.h"

/* Key letters in FRAME_OV_* bit order: heights, rooms (ids), ways, landings, routes,
 * checks, tide (the sea), differences (only with --compare: the legend stops before). */
static const char LAYER_KEYS[FRAME_OV_COUNT + 1] = "hiwltksd";
static const char LAYER_KEYS_ONE[FRAME_OV_COUNT] = "hiwltks";
_Static_assert(sizeof LAYER_KEYS == FRAME_OV_COUNT + 1, "one key a layer");

void layers_tide_say(const layers *l, const world *w, int fi, say_line *s)
{
    int now = 0, high = 0;
    if (!l->tide) {
        say_set(s, "s: floor %d is not a Shoals floor: no tide here", fi + 1);
        return;
    }
    const dfloor *f = &w->dg.floors[fi];
    for (int i = 0; i < f->w * f->h; i++) {
        now += (l->tide[i] & FRAME_TIDE_NOW) != 0;
        high += l->tide[i] == FRAME_TIDE_HIGH;
    }
    say_set(s, "s: tide on floor %d: %d squares of shallow water now, %d more at high tide",
            fi + 1, now, high);
}

unsigned layers_key(layers *l, int k, int two)
{
    const char *keys = two ? LAYER_KEYS : LAYER_KEYS_ONE;
    const char *at = k > 0 && k < 128 ? strchr(keys, k) : NULL;
    if (!at || !*at)
        return 0;
    unsigned bit = 1u << (at - keys);
    l->on ^= bit;
    return bit;
}

void layers_free(layers *l)
{
    free(l->tide);
    l->tide = NULL;
    check_list_free(&l->checks);
    free(l->marks);
    l->marks = NULL;
}

void layers_update(layers *l, const world *w, int two)
{
    layers_free(l);
    l->legend = two ? LAYER_KEYS : LAYER_KEYS_ONE;
    delve_err e = { "" };
    memset(&l->checks, 0, sizeof l->checks);
    if (!w || family_check_dungeon(&w->dg, &l->checks, &e) || !l->checks.count)
        return;
    l->marks = calloc((size_t)l->checks.count, sizeof *l->marks);
    if (!l->marks)
        return;
    for (int i = 0; i < l->checks.count; i++) {
        const check_finding *f = &l->checks.items[i];
        l->marks[i] = (frame_mark){ f->floor, f->x, f->y, f->severity == CHECK_ERROR };
    }
}

void layers_to_frame(const layers *l, frame_opts *o)
{
    o->overlays = l->on;
    o->legend = l->legend;
    o->marks = l->marks;
    o->mark_count = l->marks ? l->checks.count : 0;
    o->tide = l->tide;
    o->tide_floor = l->tide_floor;
}

/* Floor fi's terrain run forward on a copy by the tide's own steps (tide_step,
 * tide_apply, the floor's coin stream copied) from the tide now to its next high
 * (TIDE_RAW_HIGH): FRAME_TIDE_HIGH on each square of shallow water then, FRAME_TIDE_NOW
 * on each now, into out (w * h). 0, or -1 out of memory. */
static int tide_squares(const world *w, int fi, uint8_t *out)
{
    const tide_state *ts = &w->tide;
    dfloor f = w->dg.floors[fi];
    size_t n = (size_t)f.w * (size_t)f.h;
    tide_work tw;
    delve_err e = { "" };
    uint8_t *ter = malloc(n);
    if (!ter || tide_work_init(&tw, f.w * f.h, &e)) {
        free(ter);
        return -1;
    }
    memcpy(ter, f.terrain, n);
    f.terrain = ter;
    int raw = ts->raw, vel = ts->vel, last = ts->last_raw[fi];
    rng coin = ts->coin[fi];
    for (int i = 0; i < 2 * TIDE_PERIOD && raw < TIDE_RAW_HIGH; i++) {
        tide_step(&raw, &vel);
        if (tide_units(raw) != tide_units(last))
            tide_apply(&f, tide_units(raw), raw > last, &coin, &tw, NULL);
        if (tide_units(raw) != tide_units(last))
            last = raw;
    }
    for (size_t i = 0; i < n; i++) /* deep water is the sea at every tide: left out */
        out[i] = (uint8_t)((w->dg.floors[fi].terrain[i] == T_SHALLOW ? FRAME_TIDE_NOW : 0) |
                           (ter[i] == T_SHALLOW ? FRAME_TIDE_HIGH : 0));
    tide_work_free(&tw);
    free(ter);
    return 0;
}

void layers_tide_update(layers *l, const world *w, int fi)
{
    if (!(l->on & FRAME_OV_TIDE) || !w || fi < 0 || fi >= w->dg.floor_count)
        return;
    const dfloor *f = &w->dg.floors[fi];
    if (l->tide && l->tide_floor == fi && l->tide_steps == w->tide.steps)
        return;
    free(l->tide);
    l->tide = NULL;
    if (w->tide.on && f->level_type == LT_SHOALS && f->height_cm &&
        (l->tide = malloc((size_t)f->w * (size_t)f->h)) && tide_squares(w, fi, l->tide)) {
        free(l->tide);
        l->tide = NULL;
    }
    l->tide_floor = fi;
    l->tide_steps = w->tide.steps;
}

void layers_hover(const layers *l, const compare *c, const world *w, int fi, int x, int y,
                  char *buf, size_t cap)
{
    size_t n = strlen(buf);
    if ((l->on & FRAME_OV_TIDE) && l->tide && l->tide_floor == fi && n < cap) {
        uint8_t t = l->tide[y * w->dg.floors[fi].w + x];
        if (t)
            n += (size_t)snprintf(buf + n, cap - n, (t & FRAME_TIDE_NOW) ? "; under water now"
                                                    : "; under water at high tide");
    }
    if ((l->on & FRAME_OV_DIFF) && n < cap)
        for (int i = 0; i < c->diff_count; i++)
            if (c->diffs[i].floor == fi && c->diffs[i].x == x && c->diffs[i].y == y) {
                n += (size_t)snprintf(buf + n, cap - n, "; unlike %c", c->showing_b ? 'A' : 'B');
                break;
            }
    for (int i = 0; i < l->checks.count && n < cap && (l->on & FRAME_OV_CHECKS); i++) {
        const check_finding *f = &l->checks.items[i];
        if (f->floor == fi && f->x == x && f->y == y)
            n += (size_t)snprintf(buf + n, cap - n, "; %s %s: %s",
                                  f->severity == CHECK_ERROR ? "error" : "warning",
                                  check_kind_name(f->kind), f->reason);
    }
}
