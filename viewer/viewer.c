/* viewer: `delve view`'s one entry (viewer.h): the script read, the world built, the
 * parts set up from the request, the window opened (or not, headless), the run loop,
 * and everything freed in the reverse order. */
#include <stdio.h>
#include <string.h>

#include "viewer/play.h"
#include "viewer/viewer.h"
#include "viewer/window.h"

/* The script and world of a, the text, canvas and tile cache, the layers, the film's
 * length and --compare's other dungeon; the camera on --floor's floor. */
static delve_status setup(viewer *v, const request *a, const request *b, delve_err *err)
{
    v->a = *a;
    v->cmp.alt = *b;
    v->keys = a->keys;
    v->preview = a->film_given; /* a film asked for by name is previewed as it records */
    transport_init(&v->tr);
    delve_status st = request_load(&v->a, &v->fs, err);
    if (!st)
        st = director_build_world(&v->fs, &v->w, err);
    v->have_world = !st;
    if (!st)
        st = text_open(&v->txt, a->font, err);
    if (!st)
        st = canvas_init(&v->c, a->size_w ? a->size_w : v->fs.frame_w,
                         a->size_h ? a->size_h : v->fs.frame_h, err);
    v->vo = frame_defaults();
    v->cam = camera_new(v->fs.zoom, v->c.w, v->c.h);
    if (!st && !(v->cache = frame_cache_new()))
        st = delve_fail(err, DELVE_ENOMEM, "out of memory for the tile cache");
    v->vo.cache = v->cache;
    v->vo.title = v->fs.title;
    if (!st) {
        layers_update(&v->lay, viewer_world(v), v->a.compare);
        play_survey(v); /* may say why there is no film: before --unchecked's count */
    }
    if (!st && (a->dun || a->load || a->generator)) /* the file says how many floors */
        st = opts_check_floor(&a->o, v->w.dg.floor_count, "--", err);
    if (!st && a->compare)
        st = compare_open(&v->cmp, &v->a, &v->fs, viewer_world(v), err);
    if (!st && a->unchecked)
        say_set(&v->msg, "--unchecked: %d error%s, %d warning%s (k rings them)",
                v->lay.checks.errors, v->lay.checks.errors == 1 ? "" : "s",
                v->lay.checks.warnings, v->lay.checks.warnings == 1 ? "" : "s");
    if (!st && a->o.floor) /* --floor K: the camera opens there */
        camera_change_floor(&v->cam, &v->w, a->o.floor - 1 - v->w.floor);
    return st;
}

static void close_all(viewer *v)
{
    window_close(v);
    layers_free(&v->lay);
    compare_free(&v->cmp);
    canvas_free(&v->c);
    canvas_free(&v->film_c);
    frame_cache_free(v->cache);
    if (v->txt)
        text_close(v->txt);
    if (v->have_world)
        world_free(&v->w);
    film_free(&v->fs);
}

delve_status viewer_show(const request *a, const request *b, char *caption, size_t cap,
                         delve_err *err)
{
    viewer v;
    memset(&v, 0, sizeof v);
    delve_status st = setup(&v, a, b, err);
    if (!st && !a->headless)
        st = window_open(&v, err);
    if (!st)
        st = play_run(&v, err);
    close_all(&v);
    snprintf(caption, cap, "%s", v.caption);
    return st;
}
