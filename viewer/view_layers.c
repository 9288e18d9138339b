/* view_layers: the overlay keys (each layer on its own key, listed in the panel's
 * legend), the checks layer's squares (family_check_dungeon over the world's dungeon,
 * made again whenever the world is), the hover line's words about a finding, the
 * film's timeline (its shots counted by a dry run, events as ticks), and the watch on
 * the files in use. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/tide.h"
#include "gen/family.h"
#include "viewer/view_app.h"

/* Key letters in FRAME_OV_* bit order: heights, rooms (ids), ways, landings, routes,
 * checks, tide (the sea), differences (only with --compare: the legend stops before). */
static const char LAYER_KEYS[FRAME_OV_COUNT + 1] = "hiwltksd";
static const char LAYER_KEYS_ONE[FRAME_OV_COUNT] = "hiwltks";
_Static_assert(sizeof LAYER_KEYS == FRAME_OV_COUNT + 1, "one key a layer");

/* The tide layer's figures on the status line: squares of shallow water now, and
 * those dry now that the next high tide floods. */
static void tide_say(viewer *v)
{
    int fi = viewer_shown_floor(v), now = 0, high = 0;
    if (!v->tide) {
        viewer_say(v, "s: floor %d is not a Shoals floor: no tide here", fi + 1);
        return;
    }
    const dfloor *f = &v->w.dg.floors[fi];
    for (int i = 0; i < f->w * f->h; i++) {
        now += (v->tide[i] & FRAME_TIDE_NOW) != 0;
        high += v->tide[i] == FRAME_TIDE_HIGH;
    }
    viewer_say(v, "s: tide on floor %d: %d squares of shallow water now, %d more at high tide",
               fi + 1, now, high);
}

int viewer_layer_key(viewer *v, SDL_Keycode k)
{
    const char *keys = v->a.compare ? LAYER_KEYS : LAYER_KEYS_ONE;
    const char *at = k > 0 && k < 128 ? strchr(keys, (int)k) : NULL;
    if (!at || !*at)
        return 0;
    v->vo.overlays ^= 1u << (at - keys);
    if (k == SDLK_s && (v->vo.overlays & FRAME_OV_TIDE)) {
        viewer_tide_update(v);
        tide_say(v);
    }
    if (k == SDLK_d && (v->vo.overlays & FRAME_OV_DIFF))
        viewer_compare_say(v, "d");
    return 1;
}

void viewer_layers_free(viewer *v)
{
    free(v->tide);
    v->tide = NULL;
    v->vo.tide = NULL;
    check_list_free(&v->checks);
    free(v->marks);
    v->marks = NULL;
    v->vo.marks = NULL;
    v->vo.mark_count = 0;
}

/* The findings of the dungeon shown, as squares for the checks layer. */
void viewer_layers_update(viewer *v)
{
    viewer_layers_free(v);
    v->vo.legend = v->a.compare ? LAYER_KEYS : LAYER_KEYS_ONE;
    delve_err e = { "" };
    memset(&v->checks, 0, sizeof v->checks);
    if (!v->have_world || family_check_dungeon(&v->w.dg, &v->checks, &e) || !v->checks.count)
        return;
    v->marks = calloc((size_t)v->checks.count, sizeof *v->marks);
    if (!v->marks)
        return;
    for (int i = 0; i < v->checks.count; i++) {
        const check_finding *f = &v->checks.items[i];
        v->marks[i] = (frame_mark){ f->floor, f->x, f->y, f->severity == CHECK_ERROR };
    }
    v->vo.marks = v->marks;
    v->vo.mark_count = v->checks.count;
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

/* The tide layer for the floor shown, made again when the floor or the tide's step
 * changed; NULL off Shoals floors. */
void viewer_tide_update(viewer *v)
{
    int fi = viewer_shown_floor(v);
    if (!(v->vo.overlays & FRAME_OV_TIDE) || !v->have_world || fi < 0 || fi >= v->w.dg.floor_count)
        return;
    const dfloor *f = &v->w.dg.floors[fi];
    if (v->tide && v->tide_floor == fi && v->tide_steps == v->w.tide.steps)
        return;
    free(v->tide);
    v->tide = NULL;
    if (v->w.tide.on && f->level_type == LT_SHOALS && f->height_cm &&
        (v->tide = malloc((size_t)f->w * (size_t)f->h)) && tide_squares(&v->w, fi, v->tide)) {
        free(v->tide);
        v->tide = NULL;
    }
    v->tide_floor = fi;
    v->tide_steps = v->w.tide.steps;
    v->vo.tide = v->tide;
    v->vo.tide_floor = fi;
}

void viewer_layers_hover(const viewer *v, int fi, int x, int y, char *buf, size_t cap)
{
    size_t n = strlen(buf);
    if ((v->vo.overlays & FRAME_OV_TIDE) && v->tide && v->tide_floor == fi && n < cap) {
        uint8_t t = v->tide[y * v->w.dg.floors[fi].w + x];
        if (t)
            n += (size_t)snprintf(buf + n, cap - n, (t & FRAME_TIDE_NOW) ? "; under water now"
                                                    : "; under water at high tide");
    }
    if ((v->vo.overlays & FRAME_OV_DIFF) && n < cap)
        for (int i = 0; i < v->diff_count; i++)
            if (v->diffs[i].floor == fi && v->diffs[i].x == x && v->diffs[i].y == y) {
                n += (size_t)snprintf(buf + n, cap - n, "; unlike %c", v->showing_b ? 'A' : 'B');
                break;
            }
    for (int i = 0; i < v->checks.count && n < cap && (v->vo.overlays & FRAME_OV_CHECKS); i++) {
        const check_finding *f = &v->checks.items[i];
        if (f->floor == fi && f->x == x && f->y == y)
            n += (size_t)snprintf(buf + n, cap - n, "; %s %s: %s",
                                  f->severity == CHECK_ERROR ? "error" : "warning",
                                  check_kind_name(f->kind), f->reason);
    }
}

/* The dry run's shot_fn: counts shots, notes the events'. */
static delve_status count_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    viewer *v = ctx;
    (void)w, (void)err;
    v->total = s->frame_no;
    if (s->kind != EV_STEP && v->tick_count < VIEWER_TICKS_MAX)
        v->ticks[v->tick_count++] = s->frame_no;
    return DELVE_OK;
}

/* The film played once on a scratch world, unseen: its length for the timeline (up to
 * the step it cannot take, if any). */
void viewer_survey(viewer *v)
{
    world w;
    delve_err e = { "" };
    v->total = v->tick_count = 0;
    v->vo.timeline = (frame_timeline){ 0 };
    if (director_build_world(&v->fs, &w, &e))
        return;
    director_play(&v->fs, &w, count_shot, v, &e);
    world_free(&w);
    /* from now on every frame, and every camera sum between frames, has the strip */
    v->vo.timeline = (frame_timeline){ .total = v->total, .ticks = v->ticks,
                                      .tick_count = v->tick_count };
}

static long long mtime_of(const char *file)
{
    struct stat st;
    return file && file[0] && stat(file, &st) == 0 ? (long long)st.st_mtime : 0;
}

/* 1 when the script, the .dun or the save in use changed on disk since the last call
 * (the first call only notes them): the window reloads as r does. */
int viewer_files_changed(viewer *v)
{
    long long now = mtime_of(v->a.film) + mtime_of(v->fs.dun_file) + mtime_of(v->fs.save_file);
    int changed = v->watched && now != v->watched;
    v->watched = now;
    return changed;
}
