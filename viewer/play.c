/* play: the run loop (play.h). director_play drives the world and calls on_shot for
 * every shot; the event loop runs inside that call, so pausing is waiting there, a step
 * is returning, and going back is stopping the film and playing it again from its start
 * without showing the shots before the one asked for (transport.h keeps the state). */
#include <stdlib.h>
#include <sys/stat.h>

#include "base/words.h"
#include "viewer/input.h"
#include "viewer/play.h"
#include "viewer/window.h"

#define PLAY_IDLE_WAIT_MS 100 /* how long a paused or idle window sleeps between events */

/* The state a --screenshot shows has been reached: headless, the script has run out;
 * with a window, no script is left (the first frame when there was none). */
static int script_over(const viewer *v)
{
    return v->ren ? v->a.shot_path && !v->keys : v->done;
}

/* Handles the events waiting (the first waited for up to wait_ms), then redraws;
 * headless, exactly one scripted event. */
static delve_status pump(viewer *v, int wait_ms, delve_err *err)
{
    SDL_Event e;
    delve_status st = DELVE_OK;
    if (!input_next_event(v, &e, wait_ms, err))
        return DELVE_OK;
    st = input_event(v, &e, err);
    while (!st && v->ren && !v->keys && SDL_PollEvent(&e))
        st = input_event(v, &e, err);
    if (!st)
        st = window_show(v, err);
    return st;
}

/* Shows the current shot and waits: a frame's time when playing, until something
 * happens when paused. */
static delve_status wait_frame(viewer *v, delve_err *err)
{
    transport *t = &v->tr;
    uint32_t start = v->ren ? SDL_GetTicks() : 0;
    delve_status st = window_show(v, err);
    while (!st && transport_waiting(t)) {
        if (!t->playing && script_over(v)) {
            t->stop = v->done = 1;
            break;
        }
        int left = transport_frame_ms(t) - (int)(SDL_GetTicks() - start);
        if (t->playing && !v->ren) { /* headless: one scripted event per shot played */
            st = pump(v, 0, err);
            if (t->playing)
                break;
            continue;
        }
        if (t->playing && left <= 0)
            break;
        st = pump(v, t->playing ? left : PLAY_IDLE_WAIT_MS, err);
    }
    return st;
}

/* The shot_fn: the world is at shot s. */
static delve_status on_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    viewer *v = ctx;
    (void)w;
    v->cur = *s;
    for (int i = 0; i < DIRECTOR_RECENT; i++)
        v->recent[i] = v->cur.recent[i];
    if (transport_shot(&v->tr, s->frame_no)) {
        delve_status st = wait_frame(v, err);
        if (st)
            return st;
    }
    return v->tr.stop ? delve_fail(err, DELVE_EFAIL, "stopped") : DELVE_OK;
}

/* The world built again from v->fs (the camera kept within it); have_world says if. */
static delve_status rebuild(viewer *v, delve_err *err)
{
    if (v->have_world)
        world_free(&v->w);
    v->have_world = 0;
    v->tr.frame = 0;
    delve_status st = director_build_world(&v->fs, &v->w, err);
    v->have_world = !st;
    if (!st)
        camera_clamp(&v->cam, &v->w);
    return st;
}

/* Plays the film from its start, showing shots from v->tr.target on. */
static delve_status play_film(viewer *v, delve_err *err)
{
    v->tr.restart = 0;
    delve_status st = rebuild(v, err);
    if (st)
        return st;
    delve_err film_err = { "" };
    v->tr.in_film = 1;
    st = director_play(&v->fs, &v->w, on_shot, v, &film_err);
    v->tr.in_film = 0;
    switch (transport_film_over(&v->tr, st)) {
    case TRANSPORT_STOPPED: /* quit, a seek back, a reload: no message */
        return DELVE_OK;
    case TRANSPORT_CUT:     /* the script asks the impossible of this dungeon */
        say_set(&v->msg, "film stopped at shot %d: %s", v->tr.frame, film_err.msg);
        return DELVE_OK;
    case TRANSPORT_FAILED:
        return delve_fail(err, st, "%s", film_err.msg);
    case TRANSPORT_ENDED:
    default:
        say_set(&v->msg, "end of the film (shot %d); space plays it again", v->tr.frame);
        return DELVE_OK;
    }
}

void play_survey(viewer *v)
{
    transport_survey(&v->tr, &v->fs);
    transport_explore(&v->tr, !v->a.film_given); /* the caption box then says why */
    v->cam.strip = v->tr.total > 0;
}

/* A new dungeon shown (reloaded, or Tab): the camera within it, its layers and its
 * film's length. */
static void dungeon_changed(viewer *v)
{
    transport_rewind(&v->tr);
    camera_clamp(&v->cam, &v->w);
    layers_update(&v->lay, &v->w, v->a.compare);
    play_survey(v);
}

/* The command line's settings read again (n, p, r): the script, the .dun or the save
 * from disk, the camera kept. 1 when done; 0 when it failed, what was shown kept and
 * the status line saying why. */
static int reload(viewer *v, int seed_step)
{
    film_script fs;
    world w;
    delve_err e = { "" };
    delve_status st = request_load(&v->a, &fs, &e);
    if (!st && (st = director_build_world(&fs, &w, &e)))
        film_free(&fs);
    if (st) {
        say_set(&v->msg, "not reloaded: %s", e.msg);
        return 0;
    }
    film_free(&v->fs);
    v->fs = fs;
    if (v->have_world)
        world_free(&v->w);
    v->w = w;
    v->have_world = 1;
    dungeon_changed(v);
    compare_title(&v->cmp, &v->a, &v->fs, v->cmp.showing_b);
    /* the other one: on failure the status line says so */
    compare_reload(&v->cmp, &v->a, &v->fs, &v->w, seed_step, &v->msg);
    return 1;
}

/* n, p: the next or previous seed (with the other settings kept). */
static void step_seed(viewer *v, int d)
{
    if (v->a.dun || v->a.load) {
        say_set(&v->msg, "%c: a .dun file or a save has no seed to step", d > 0 ? 'n' : 'p');
        return;
    }
    uint64_t was = v->fs.gen.seed;
    unsigned given = v->a.given;
    v->a.o.seed = was + (uint64_t)(int64_t)d;
    v->a.given |= OPTS_BIT(OPTS_SEED);
    if (!reload(v, d)) {
        v->a.o.seed = was;
        v->a.given = given;
    }
}

/* Tab: the other dungeon shown (the film stopped before it), its layers and timeline. */
static void swap(viewer *v)
{
    if (!v->have_world || !compare_swap(&v->cmp, &v->a, &v->fs, &v->w))
        return;
    v->watched = 0; /* the files in use changed, not on disk */
    dungeon_changed(v);
    compare_say(&v->cmp, camera_shown_floor(&v->cam, &v->w), "Tab", &v->msg);
}

/* After the film stopped for it: n, p, r or Tab. */
static void do_reload(viewer *v)
{
    transport_reload k = v->tr.reload;
    v->tr.reload = TRANSPORT_STAY;
    if (k == TRANSPORT_SWAP)
        swap(v);
    else if (k == TRANSPORT_RELOAD && reload(v, 0))
        say_set(&v->msg, "reloaded");
    else if (k == TRANSPORT_SEED_NEXT || k == TRANSPORT_SEED_PREV)
        step_seed(v, k == TRANSPORT_SEED_NEXT ? 1 : -1);
}

static long long mtime_of(const char *file)
{
    struct stat st;
    return file && file[0] && stat(file, &st) == 0 ? (long long)st.st_mtime : 0;
}

/* The summed mtimes of the files another program's generator command names (its
 * script, a data file it is given: every word that is a regular file from here), so an
 * edit to the generator redraws the window; 0 without one, or when it does not split. */
static long long generator_mtimes(const viewer *v)
{
    static const words_var vars[] = { { "seed", "0" }, { "floors", "1" }, { "floor", "1" },
                                      { "out", "" } };
    words *w = v->fs.generator[0] ? malloc(sizeof *w) : NULL;
    long long sum = 0;
    struct stat st;
    if (w && !words_split(v->fs.generator, vars, 4, w, NULL))
        for (int i = 0; i < w->argc; i++)
            if (stat(w->argv[i], &st) == 0 && S_ISREG(st.st_mode))
                sum += (long long)st.st_mtime;
    free(w);
    return sum;
}

/* 1 when the script, the .dun, the save or the generator's files in use changed on disk
 * since the last call (the first call only notes them): the window reloads as r does. */
static int files_changed(viewer *v)
{
    long long now = mtime_of(v->a.film) + mtime_of(v->fs.dun_file) + mtime_of(v->fs.save_file) +
                    generator_mtimes(v);
    int changed = v->watched && now != v->watched;
    v->watched = now;
    return changed;
}

delve_status play_run(viewer *v, delve_err *err)
{
    delve_status st = DELVE_OK;
    while (!st && !v->quit) {
        if (v->tr.reload) {
            do_reload(v);
        } else if (v->tr.restart) {
            st = play_film(v, err);
        } else if (script_over(v)) {
            break;
        } else if (v->ren && !v->keys && files_changed(v)) {
            v->tr.reload = TRANSPORT_RELOAD; /* an edit saved in another program */
        } else {
            st = window_show(v, err);
            if (!st)
                st = pump(v, PLAY_IDLE_WAIT_MS, err);
        }
    }
    if (!st && v->a.shot_path) /* the view the script ended on */
        st = window_png(v, v->a.shot_path, err);
    return st;
}
