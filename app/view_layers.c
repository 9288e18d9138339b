/* view_layers: the overlay keys (each layer on its own key, listed in the panel's
 * legend), the checks layer's squares (family_check_dungeon over the world's dungeon,
 * made again whenever the world is), the hover line's words about a finding, the
 * film's timeline (its shots counted by a dry run, events as ticks), and the watch on
 * the files in use. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app/view_app.h"
#include "gen/family.h"

/* Key letters in VIEW_OV_* bit order: heights, rooms (ids), ways, landings, routes,
 * checks. */
static const char LAYER_KEYS[VIEW_OV_COUNT + 1] = "hiwltk";

int viewer_layer_key(viewer *v, SDL_Keycode k)
{
    const char *at = k > 0 && k < 128 ? strchr(LAYER_KEYS, (int)k) : NULL;
    if (!at || !*at)
        return 0;
    v->vo.overlays ^= 1u << (at - LAYER_KEYS);
    return 1;
}

void viewer_layers_free(viewer *v)
{
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
    v->vo.legend = LAYER_KEYS;
    delve_err e = { "" };
    memset(&v->checks, 0, sizeof v->checks);
    if (!v->have_world || family_check_dungeon(&v->w.dg, &v->checks, &e) || !v->checks.count)
        return;
    v->marks = calloc((size_t)v->checks.count, sizeof *v->marks);
    if (!v->marks)
        return;
    for (int i = 0; i < v->checks.count; i++) {
        const check_finding *f = &v->checks.items[i];
        v->marks[i] = (view_mark){ f->floor, f->x, f->y, f->severity == CHECK_ERROR };
    }
    v->vo.marks = v->marks;
    v->vo.mark_count = v->checks.count;
}

void viewer_layers_hover(const viewer *v, int fi, int x, int y, char *buf, size_t cap)
{
    size_t n = strlen(buf);
    for (int i = 0; i < v->checks.count && n < cap; i++) {
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
    v->vo.timeline = (view_timeline){ 0 };
    if (director_build_world(&v->fs, &w, &e))
        return;
    director_play(&v->fs, &w, count_shot, v, &e);
    world_free(&w);
    /* from now on every frame, and every camera sum between frames, has the strip */
    v->vo.timeline = (view_timeline){ .total = v->total, .ticks = v->ticks,
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
