/* view_play: the film's transport. director_play drives the world and calls on_shot for
 * every shot; the viewer's event loop runs inside that call, so pausing is waiting there,
 * a step is returning, and going back is stopping the film and playing it again from its
 * start without showing the shots before the one asked for. A film step that cannot be
 * taken (no pit on this floor) ends the film with its message on the status line: the
 * viewer never quits on a film. Headless, time is counted in shots, never the clock. */
#include <limits.h>
#include <string.h>

#include "codecs/png.h"
#include "viewer/view_app.h"

#define IDLE_WAIT_MS 100   /* how long a paused or idle window sleeps between events */

/* Reads back what the window shows, into v->c's layout, and writes it as a PNG. */
static delve_status window_png(viewer *v, const char *out, delve_err *err)
{
    canvas grab;
    delve_status st = canvas_init(&grab, v->c.w, v->c.h, err);
    if (st)
        return st;
    if (SDL_RenderReadPixels(v->ren, NULL, SDL_PIXELFORMAT_ABGR8888, grab.px, grab.stride))
        st = delve_fail(err, DELVE_EIO, "SDL: cannot read the window: %s", SDL_GetError());
    if (!st)
        st = png_write(out, &grab, err);
    canvas_free(&grab);
    return st;
}

static delve_status draw(viewer *v, delve_err *err)
{
    v->vo.timeline.shown = v->frame;
    viewer_tide_update(v);
    if (v->vo.side)
        viewer_side_clamp(v);
    viewer_update_lines(v);
    v->vo.t_ms = (uint32_t)v->frame * VIEWER_FRAME_MS; /* the same shot, the same pixels */
    v->vo.caption = v->caption;
    v->vo.recent = v->frame > 0 ? v->recent : NULL;
    v->vo.recent_count = v->frame > 0 ? v->cur.recent_count : 0;
    v->vo.dust_step = v->frame > 0 && v->cur.since_land <= FRAME_DUST_STEPS ? v->cur.since_land : 0;
    return frame_render(&v->c, &v->w, &v->vo, v->txt, err);
}

/* Draws the frame and shows it in the window (headless: nothing until the end). */
delve_status viewer_frame_out(viewer *v, delve_err *err)
{
    if (!v->ren)
        return DELVE_OK;
    viewer_set_title(v);
    delve_status st = draw(v, err);
    if (!st && (SDL_UpdateTexture(v->tex, NULL, v->c.px, v->c.stride) || SDL_RenderClear(v->ren) ||
                SDL_RenderCopy(v->ren, v->tex, NULL, NULL)))
        st = delve_fail(err, DELVE_EIO, "SDL: %s", SDL_GetError());
    if (!st)
        SDL_RenderPresent(v->ren);
    return st;
}

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
    if (!viewer_next_event(v, &e, wait_ms, err))
        return DELVE_OK;
    st = viewer_event(v, &e, err);
    while (!st && v->ren && !v->keys && SDL_PollEvent(&e))
        st = viewer_event(v, &e, err);
    if (!st)
        st = viewer_frame_out(v, err);
    return st;
}

/* Shows the current shot and waits: a frame's time when playing, until something
 * happens when paused. */
static delve_status wait_frame(viewer *v, delve_err *err)
{
    uint32_t start = v->ren ? SDL_GetTicks() : 0;
    delve_status st = viewer_frame_out(v, err);
    while (!st && !v->stop && !v->step && v->target <= v->frame) {
        if (!v->playing && script_over(v)) {
            v->stop = v->done = 1;
            break;
        }
        int left = (int)(VIEWER_FRAME_MS / (uint32_t)v->speed) - (int)(SDL_GetTicks() - start);
        if (v->playing && !v->ren) { /* headless: one scripted event per shot played */
            st = pump(v, 0, err);
            if (v->playing)
                break;
            continue;
        }
        if (v->playing && left <= 0)
            break;
        st = pump(v, v->playing ? left : IDLE_WAIT_MS, err);
    }
    return st;
}

/* The shot_fn: the world is at shot s. */
static delve_status on_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    viewer *v = ctx;
    (void)w;
    v->frame = s->frame_no;
    v->cur = *s;
    for (int i = 0; i < DIRECTOR_RECENT; i++)
        v->recent[i] = v->cur.recent[i];
    if (!v->stop && v->frame >= v->target) {
        v->target = 0;
        if (v->step)
            v->step = v->playing = 0;
        delve_status st = wait_frame(v, err);
        if (st)
            return st;
    }
    return v->stop ? delve_fail(err, DELVE_EFAIL, "stopped") : DELVE_OK;
}

delve_status viewer_rebuild(viewer *v, delve_err *err)
{
    if (v->have_world)
        world_free(&v->w);
    v->have_world = 0;
    v->frame = 0;
    delve_status st = director_build_world(&v->fs, &v->w, err);
    v->have_world = !st;
    if (!st)
        viewer_camera_clamp(v);
    return st;
}

/* Plays the film from its start, showing shots from v->target on. */
static delve_status play_film(viewer *v, delve_err *err)
{
    v->restart = 0;
    delve_status st = viewer_rebuild(v, err);
    if (st)
        return st;
    delve_err film_err = { "" };
    v->in_film = 1;
    st = director_play(&v->fs, &v->w, on_shot, v, &film_err);
    v->in_film = 0;
    if (v->stop) {             /* quit, a seek back, a reload: no message */
        v->stop = 0;
        return DELVE_OK;
    }
    v->target = 0;
    v->playing = 0;
    if (st == DELVE_EINPUT) {  /* the script asks the impossible of this dungeon */
        viewer_say(v, "film stopped at shot %d: %s", v->frame, film_err.msg);
        return DELVE_OK;
    }
    if (st)
        return delve_fail(err, st, "%s", film_err.msg);
    v->last_frame = v->frame;
    viewer_say(v, "end of the film (shot %d); space plays it again", v->frame);
    return DELVE_OK;
}

/* The command line's settings read again (n, p, r): the script, the .dun or the save
 * from disk, the camera kept. 1 when done; 0 when it failed, what was shown kept and
 * the status line saying why. */
static int reload(viewer *v, int seed_step)
{
    film_script fs;
    world w;
    delve_err e = { "" };
    v->reload = 0;
    delve_status st = viewer_load_script(&v->a, &fs, &e);
    if (!st && (st = director_build_world(&fs, &w, &e)))
        film_free(&fs);
    if (st) {
        viewer_say(v, "not reloaded: %s", e.msg);
        return 0;
    }
    film_free(&v->fs);
    v->fs = fs;
    if (v->have_world)
        world_free(&v->w);
    v->w = w;
    v->have_world = 1;
    v->frame = v->last_frame = 0;
    v->playing = 0;
    viewer_camera_clamp(v);
    viewer_layers_update(v);
    viewer_survey(v);
    viewer_compare_title(v, &v->fs, v->showing_b);
    viewer_compare_reload(v, seed_step); /* the other one: on failure the status says so */
    return 1;
}

/* n, p: the next or previous seed (with the other settings kept). */
static void step_seed(viewer *v, int d)
{
    if (v->a.dun || v->a.load) {
        viewer_say(v, "%c: a .dun file or a save has no seed to step", d > 0 ? 'n' : 'p');
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

/* Seeks to shot n (INT_MAX: the end): the film played again from its start without
 * showing the shots before n, or, ahead in a film playing now, skipped to. */
static void seek(viewer *v, int n, int play)
{
    v->playing = play;
    v->target = n;
    if (v->in_film && n > v->frame)
        return;
    v->restart = 1;
    v->stop = v->in_film;
}

/* A click or drag at px on the timeline: the shot under it, paused. */
void viewer_seek_px(viewer *v, int px)
{
    int w = viewer_map_w(v);
    if (v->total <= 0 || w <= 0)
        return;
    int n = 1 + (int)((int64_t)(px < 0 ? 0 : px) * v->total / w);
    seek(v, n > v->total ? v->total : n, 0);
}

/* F12: the frame, drawn afresh, written to VIEWER_SHOT_DEFAULT in the current folder
 * (with a window, read back from it; headless, the canvas: the same pixels), the
 * status line as the key found it. */
static void screenshot_key(viewer *v)
{
    delve_err e = { "" };
    delve_status st = v->ren ? viewer_frame_out(v, &e) : draw(v, &e);
    if (!st && v->ren)
        st = window_png(v, VIEWER_SHOT_DEFAULT, &e);
    else if (!st)
        st = png_write(VIEWER_SHOT_DEFAULT, &v->c, &e);
    if (st)
        viewer_say(v, "F12: no screenshot: %s", e.msg);
    else
        viewer_say(v, "F12: the window written to %s", VIEWER_SHOT_DEFAULT);
}

delve_status viewer_play_key(viewer *v, SDL_Keycode k, delve_err *err)
{
    (void)err;
    switch (k) {
    case SDLK_SPACE:
        if (v->in_film)
            v->playing = !v->playing;
        else
            v->vo.follow = 1, seek(v, 0, 1);
        break;
    case SDLK_PERIOD:
        if (v->in_film)
            v->step = 1, v->playing = 0;
        else if (!v->last_frame || v->frame < v->last_frame)
            seek(v, v->frame + 1, 0);
        break;
    case SDLK_COMMA:
        if (v->frame > 1)
            seek(v, v->frame - 1, 0);
        break;
    case SDLK_HOME: seek(v, 1, 0); break;
    case SDLK_END: seek(v, INT_MAX, 0); break;
    case SDLK_1: case SDLK_2: case SDLK_4: case SDLK_8:
        v->speed = (int)(k - SDLK_0);
        viewer_say(v, "speed %dx", v->speed);
        break;
    case SDLK_n: case SDLK_p: case SDLK_r:
        v->reload = k;
        v->stop = v->in_film;
        break;
    case SDLK_F12: screenshot_key(v); break;
    default: break;
    }
    return DELVE_OK;
}

/* After the film stopped for it: n, p or r. */
static void do_reload(viewer *v)
{
    int k = v->reload;
    if (k == SDLK_TAB)
        viewer_compare_swap(v);
    else if (k == SDLK_r && reload(v, 0))
        viewer_say(v, "reloaded");
    else if (k == SDLK_n || k == SDLK_p)
        step_seed(v, k == SDLK_n ? 1 : -1);
    v->reload = 0;
}

delve_status viewer_run(viewer *v, delve_err *err)
{
    delve_status st = DELVE_OK;
    while (!st && !v->quit) {
        if (v->reload) {
            do_reload(v);
        } else if (v->restart) {
            st = play_film(v, err);
        } else if (script_over(v)) {
            break;
        } else if (v->ren && !v->keys && viewer_files_changed(v)) {
            v->reload = SDLK_r; /* an edit saved in another program */
        } else {
            st = viewer_frame_out(v, err);
            if (!st)
                st = pump(v, IDLE_WAIT_MS, err);
        }
    }
    if (!st && v->a.shot_path) { /* the view the script ended on */
        st = v->ren ? viewer_frame_out(v, err) : draw(v, err);
        if (!st)
            st = v->ren ? window_png(v, v->a.shot_path, err) : png_write(v->a.shot_path, &v->c, err);
    }
    return st;
}
