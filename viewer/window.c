/* window: the SDL window and the canvas it shows (window.h). The frame's options are
 * filled from the parts just before each drawing, so each part keeps its own state and
 * render/ reads it in one place. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "codecs/png.h"
#include "films/recorder.h"
#include "viewer/status.h"
#include "viewer/window.h"

delve_status window_open(viewer *v, delve_err *err)
{
    const char *asked = SDL_getenv("SDL_VIDEODRIVER");
    int init_failed = SDL_Init(SDL_INIT_VIDEO) != 0;
    const char *drv = init_failed ? NULL : SDL_GetCurrentVideoDriver();
    /* SDL falls back to an invisible window when there is no display; unless that was
     * asked for, a person would stare at nothing, so say what to do instead */
    int invisible = drv && (!strcmp(drv, "offscreen") || !strcmp(drv, "dummy"));
    if (init_failed || (invisible && !(asked && asked[0])))
        return delve_fail(err, DELVE_EIO, "cannot open a window (%s); on a machine without "
                          "a display use --headless --screenshot OUT.png",
                          init_failed ? SDL_GetError() : "no display found");
    v->win = SDL_CreateWindow("delve view", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                              v->c.w, v->c.h, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (v->win) {
        SDL_SetWindowMinimumSize(v->win, REQUEST_MIN_W, REQUEST_MIN_H);
        v->ren = SDL_CreateRenderer(v->win, -1, SDL_RENDERER_SOFTWARE);
    }
    int w = 0, h = 0;
    if (!v->ren || SDL_GetRendererOutputSize(v->ren, &w, &h))
        return delve_fail(err, DELVE_EIO, "SDL: %s", SDL_GetError());
    v->c.w = w + 1; /* the texture is made by the resize, even at the same size */
    return window_resize(v, w, h, err);
}

void window_close(viewer *v)
{
    if (v->tex)
        SDL_DestroyTexture(v->tex);
    if (v->ren)
        SDL_DestroyRenderer(v->ren);
    if (v->win)
        SDL_DestroyWindow(v->win);
    v->tex = NULL, v->ren = NULL, v->win = NULL;
    if (!v->a.headless)
        SDL_Quit();
}

delve_status window_resize(viewer *v, int w, int h, delve_err *err)
{
    w = w < REQUEST_MIN_W ? REQUEST_MIN_W : w > REQUEST_SIZE_MAX ? REQUEST_SIZE_MAX : w;
    h = h < REQUEST_MIN_H ? REQUEST_MIN_H : h > REQUEST_SIZE_MAX ? REQUEST_SIZE_MAX : h;
    if (w == v->c.w && h == v->c.h && v->c.px)
        return DELVE_OK;
    canvas n;
    delve_status st = canvas_init(&n, w, h, err);
    if (st)
        return st;
    canvas_free(&v->c);
    v->c = n;
    v->cam.canvas_w = w, v->cam.canvas_h = h;
    if (v->ren) {
        if (v->tex)
            SDL_DestroyTexture(v->tex);
        v->tex = SDL_CreateTexture(v->ren, SDL_PIXELFORMAT_ABGR8888, SDL_TEXTUREACCESS_STREAMING,
                                   w, h);
        if (!v->tex)
            return delve_fail(err, DELVE_EIO, "SDL: %s", SDL_GetError());
    }
    camera_clamp(&v->cam, viewer_world(v));
    sideview_clamp(&v->side, &v->cam, viewer_world(v), &v->msg);
    return DELVE_OK;
}

/* The parts' state into the frame's options. */
static void fill_opts(viewer *v)
{
    camera_to_frame(&v->cam, &v->vo);
    sideview_to_frame(&v->side, &v->vo);
    layers_to_frame(&v->lay, &v->vo);
    compare_to_frame(&v->cmp, &v->vo);
    v->vo.timeline = transport_timeline(&v->tr);
}

/* The shot shown as `delve film` records it (films/recorder.h's recorder_draw: cards,
 * the film's camera, the side view of a fall, its slow motion, holds), so the window is
 * a preview of the film frame for frame. A window of another size shows the frame
 * centred (cut when smaller), never scaled. */
static delve_status draw_film_frame(viewer *v, delve_err *err)
{
    canvas *dst = &v->c;
    delve_status st = DELVE_OK;
    int fw = v->fs.frame_w, fh = v->fs.frame_h;
    if (v->c.w != fw || v->c.h != fh) {
        if (v->film_c.w != fw || v->film_c.h != fh) {
            canvas_free(&v->film_c);
            st = canvas_init(&v->film_c, fw, fh, err);
        }
        dst = &v->film_c;
    }
    if (!st)
        st = recorder_draw(&v->fs, v->w.dg.seed, v->w.dg.floor_count, v->cache, v->txt, &v->w,
                           &v->cur, dst, err);
    if (!st && dst != &v->c) {
        canvas_clear(&v->c, (rgba){ 8, 8, 10, 255 });
        canvas_blit(&v->c, dst, (v->c.w - fw) / 2, (v->c.h - fh) / 2, 0);
    }
    if (!st && v->help) {
        frame_opts o = frame_defaults();
        status_help(v, &o);
        frame_help_draw(&v->c, o.help, o.help_count, v->txt);
    }
    return st;
}

delve_status window_draw(viewer *v, delve_err *err)
{
    int frame = v->tr.frame;
    layers_tide_update(&v->lay, viewer_world(v), camera_shown_floor(&v->cam, &v->w));
    if (v->side.on)
        sideview_clamp(&v->side, &v->cam, viewer_world(v), &v->msg);
    fill_opts(v);
    status_update_lines(v); /* the caption box's line, said by delve view headless too */
    if (v->preview && frame > 0 && v->have_world)
        return draw_film_frame(v, err);
    v->vo.t_ms = (uint32_t)frame * TRANSPORT_FRAME_MS; /* the same shot, the same pixels */
    v->vo.caption = v->caption;
    v->vo.title = v->fs.title;
    status_help(v, &v->vo);
    v->vo.recent = frame > 0 ? v->recent : NULL;
    v->vo.recent_count = frame > 0 ? v->cur.recent_count : 0;
    v->vo.dust_step = frame > 0 && v->cur.since_land <= FRAME_DUST_STEPS ? v->cur.since_land : 0;
    return frame_render(&v->c, &v->w, &v->vo, v->txt, err);
}

delve_status window_show(viewer *v, delve_err *err)
{
    if (!v->ren)
        return DELVE_OK;
    status_title(v);
    delve_status st = window_draw(v, err);
    if (!st && (SDL_UpdateTexture(v->tex, NULL, v->c.px, v->c.stride) || SDL_RenderClear(v->ren) ||
                SDL_RenderCopy(v->ren, v->tex, NULL, NULL)))
        st = delve_fail(err, DELVE_EIO, "SDL: %s", SDL_GetError());
    if (!st)
        SDL_RenderPresent(v->ren);
    return st;
}

/* Reads back what the window shows, into v->c's layout, and writes it as a PNG. */
static delve_status read_back(viewer *v, const char *out, delve_err *err)
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

delve_status window_png(viewer *v, const char *out, delve_err *err)
{
    delve_status st = v->ren ? window_show(v, err) : window_draw(v, err);
    if (!st)
        st = v->ren ? read_back(v, out, err) : png_write(out, &v->c, err);
    return st;
}

/* The first shot-NNNN.png not in the current folder into name: a second F12 never
 * writes over the first, nor over a screenshot of an earlier session. 0 when all
 * WINDOW_SHOT_MAX are taken. */
static int next_shot_name(char *name, size_t cap)
{
    struct stat st;
    for (int i = 1; i <= WINDOW_SHOT_MAX; i++) {
        snprintf(name, cap, WINDOW_SHOT_FORMAT, i);
        if (stat(name, &st) != 0)
            return 1;
    }
    return 0;
}

void window_screenshot(viewer *v)
{
    delve_err e = { "" };
    char name[32];
    if (!next_shot_name(name, sizeof name)) {
        say_set(&v->msg, "F12: no screenshot: shot-0001.png to shot-%04d.png all exist",
                WINDOW_SHOT_MAX);
        return;
    }
    delve_status st = window_png(v, name, &e);
    if (st)
        say_set(&v->msg, "F12: no screenshot: %s", e.msg);
    else
        say_set(&v->msg, "F12: the window written to %s", name);
}
