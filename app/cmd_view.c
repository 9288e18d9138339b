/* delve view: the SDL2 viewer. It uploads the very canvas that films and shots draw,
 * once a frame; with --headless it draws the same view straight to a PNG. */
#include <SDL2/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "engine/fsio.h"
#include "engine/save.h"
#include "films/director.h"
#include "films/film.h"
#include "gen/family.h"
#include "gen/gen.h"
#include "gen/opts.h"
#include "render/png.h"
#include "render/view.h"

#define VIEW_FRAME_MS 83 /* 12 frames a second while a film plays */

static void help(void)
{
    printf("usage: delve view [FILE.dun] [--film SCRIPT] [SETTINGS] [--font PATH]\n"
           "                  [--load FILE.sav] [--save-to FILE.sav] [--headless]\n"
           "                  [--screenshot OUT.png]\n\n"
           "Opens a window on the dungeon of SCRIPT (default %s),\n"
           "or of the generator settings given (as for delve gen; they override the\n"
           "script's `dungeon` line), or of FILE.dun, with the script's party; --floor K\n"
           "opens on floor K; --load starts from a saved game (its dungeon rebuilt, the hole\n"
           "still open, the font still dry).\n"
           "  arrows     pan            PgUp/PgDn  floor up / down\n"
           "  f          follow party   space      play the film\n"
           "  F5         save the game to --save-to (default delve-view.sav)\n"
           "  mouse      a line about the square under it (pits, stations, ways)\n"
           "  Esc, q     quit\n"
           "--screenshot writes the first frame shown to OUT.png and quits; with --headless\n"
           "no window is opened (for machines without a display): same pixels.\n",
           CLI_DEFAULT_FILM);
}

typedef struct viewer {
    film_script fs;
    world w;
    int have_world;
    text_ctx *txt;
    view_cache *cache;
    canvas c;
    view_opts vo;
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Texture *tex;
    int quit;
    uint32_t frame;
    char hover[160];
    int playing;                /* a film is being played: its captions win */
    const char *save_to;        /* F5 writes the saved game here */
} viewer;

#define VIEW_SAVE_DEFAULT "delve-view.sav"

typedef struct view_args {
    const char *film, *font, *shot_path, *dun, *load, *save_to;
    int headless;
    gen_opts o;       /* the settings given (bits in given) override the script's */
    unsigned given;
} view_args;

enum { F_FILM, F_FONT, F_SCREENSHOT, F_LOAD, F_SAVE_TO, F_HEADLESS };
static const cli_flag FLAGS[] = {
    { "film", 0, 1 }, { "font", 0, 1 }, { "screenshot", 0, 1 }, { "load", 0, 1 },
    { "save-to", 0, 1 }, { "headless", 0, 0 },
};
static const cli_spec SPEC = { .cmd = "view", .settings = OPTS_ALL, .flags = FLAGS,
                                .flag_count = 6, .max_pos = 2, .help = help,
                                .own_check = 1 };

static int parse(int argc, char **argv, view_args *a)
{
    cli_args c;
    int rc = cli_parse(&SPEC, argc, argv, &c);
    if (rc)
        return rc;
    *a = (view_args){ .film = c.flag[F_FILM] ? c.flag[F_FILM] : cli_default_film(),
                      .font = c.flag[F_FONT], .shot_path = c.flag[F_SCREENSHOT],
                      .load = c.flag[F_LOAD], .headless = c.flag[F_HEADLESS] != NULL,
                      .save_to = c.flag[F_SAVE_TO] ? c.flag[F_SAVE_TO] : VIEW_SAVE_DEFAULT,
                      .dun = c.pos[0], .o = c.o, .given = c.given };
    if (c.pos_count > 1)
        return cli_usage_error("view", "one .dun file at a time ('%s' and '%s')", c.pos[0],
                               c.pos[1]);
    if (a->dun && a->load)
        return cli_usage_error("view", "a .dun file or --load, not both (a save names its "
                               "own dungeon)");
    if (a->headless && !a->shot_path)
        return cli_usage_error("view", "--headless needs --screenshot OUT.png");
    return EXIT_OK;
}

#define VIEW_HELP "space: play the film   arrows: pan   PgUp/PgDn: floor   Esc: quit"

static delve_status draw(viewer *v, delve_err *err)
{
    v->vo.t_ms = v->frame * VIEW_FRAME_MS;
    if (!v->playing)
        v->vo.caption = v->hover[0] ? v->hover : VIEW_HELP;
    return view_render(&v->c, &v->w, &v->vo, v->txt, err);
}

static delve_status present(viewer *v, delve_err *err)
{
    if (SDL_UpdateTexture(v->tex, NULL, v->c.px, v->c.stride) || SDL_RenderClear(v->ren) ||
        SDL_RenderCopy(v->ren, v->tex, NULL, NULL))
        return delve_fail(err, DELVE_EIO, "SDL: %s", SDL_GetError());
    SDL_RenderPresent(v->ren);
    return DELVE_OK;
}

/* Reads back what the window shows, into v->c's layout, and writes it as a PNG. */
static delve_status screenshot(viewer *v, const char *out, delve_err *err)
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

static void pan(viewer *v, int dx, int dy)
{
    if (v->vo.follow) {
        v->vo.follow = 0;
        v->vo.cam_floor = v->w.floor;
        v->vo.cam_x_cm = v->w.x_cm;
        v->vo.cam_y_cm = v->w.y_cm;
    }
    v->vo.cam_x_cm += dx * FLOOR_SQUARE_CM * 4;
    v->vo.cam_y_cm += dy * FLOOR_SQUARE_CM * 4;
}

static void change_floor(viewer *v, int d)
{
    pan(v, 0, 0);
    int f = v->vo.cam_floor + d;
    if (f >= 0 && f < v->w.dg.floor_count)
        v->vo.cam_floor = f;
}

static delve_status play(viewer *v, delve_err *err);

/* F5: the world as a saved game in v->save_to; the status line says where, or why not. */
static void save_now(viewer *v)
{
    char src[SAVE_SOURCE_MAX], *text = NULL;
    delve_err e = { "" };
    delve_status st = director_source(&v->fs, src, sizeof src, &e);
    if (!st)
        st = save_text(&v->w, src, &text, &e);
    if (!st)
        st = fsio_write_atomic(v->save_to, text, strlen(text), &e);
    free(text);
    if (st)
        snprintf(v->hover, sizeof v->hover, "F5: not saved: %.140s", e.msg);
    else
        snprintf(v->hover, sizeof v->hover, "F5: saved to %s", v->save_to);
}

static delve_status on_key(viewer *v, SDL_Keycode k, delve_err *err)
{
    switch (k) {
    case SDLK_ESCAPE: case SDLK_q: v->quit = 1; break;
    case SDLK_LEFT: pan(v, -1, 0); break;
    case SDLK_RIGHT: pan(v, 1, 0); break;
    case SDLK_UP: pan(v, 0, -1); break;
    case SDLK_DOWN: pan(v, 0, 1); break;
    case SDLK_PAGEUP: change_floor(v, -1); break;
    case SDLK_PAGEDOWN: change_floor(v, 1); break;
    case SDLK_f: v->vo.follow = 1; break;
    case SDLK_SPACE: return play(v, err);
    case SDLK_F5: save_now(v); break;
    default: break;
    }
    return DELVE_OK;
}

static void poll(viewer *v, delve_err *err)
{
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        if (e.type == SDL_QUIT)
            v->quit = 1;
        else if (e.type == SDL_KEYDOWN && e.key.keysym.sym != SDLK_SPACE)
            on_key(v, e.key.keysym.sym, err);
    }
}

/* A shot_fn for the viewer: show the shot, keep the window alive, stop on Esc. */
static delve_status show_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    viewer *v = ctx;
    (void)w;
    v->frame++;
    v->vo.caption = s->caption;
    v->vo.follow = 1;
    delve_status st = draw(v, err);
    if (!st)
        st = present(v, err);
    poll(v, err);
    SDL_Delay(VIEW_FRAME_MS);
    if (!st && v->quit)
        st = delve_fail(err, DELVE_EFAIL, "stopped");
    return st;
}

static delve_status play(viewer *v, delve_err *err)
{
    world_free(&v->w);
    v->have_world = 0;
    delve_status st = director_build_world(&v->fs, &v->w, err);
    if (st)
        return st;
    v->have_world = 1;
    v->playing = 1;
    st = director_play(&v->fs, &v->w, show_shot, v, err);
    v->playing = 0;
    return st == DELVE_EFAIL && v->quit ? DELVE_OK : st;
}

static delve_status open_window(viewer *v, delve_err *err)
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
    v->win = SDL_CreateWindow("delve", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                              v->c.w, v->c.h, 0);
    if (v->win)
        v->ren = SDL_CreateRenderer(v->win, -1, SDL_RENDERER_SOFTWARE);
    if (v->ren)
        v->tex = SDL_CreateTexture(v->ren, SDL_PIXELFORMAT_ABGR8888,
                                   SDL_TEXTUREACCESS_STREAMING, v->c.w, v->c.h);
    if (!v->tex)
        return delve_fail(err, DELVE_EIO, "SDL: %s", SDL_GetError());
    return DELVE_OK;
}

/* Puts the line for the square under the mouse in the caption (seed 001: "putting
 * the crosshair on it gives a line"). */
static void hover(viewer *v, int px, int py)
{
    int f, x, y;
    v->hover[0] = '\0';
    if (view_square_at(&v->c, &v->w, &v->vo, px, py, &f, &x, &y))
        world_describe(&v->w, f, x, y, v->hover, (int)sizeof v->hover);
}

static delve_status run_window(viewer *v, const char *shot_path, delve_err *err)
{
    delve_status st = open_window(v, err);
    while (!st && !v->quit) {
        st = draw(v, err);
        if (!st)
            st = present(v, err);
        if (!st && shot_path) {
            st = screenshot(v, shot_path, err);
            v->quit = 1;
        }
        SDL_Event e;
        while (!st && SDL_PollEvent(&e)) {
            if (e.type == SDL_QUIT)
                v->quit = 1;
            else if (e.type == SDL_KEYDOWN)
                st = on_key(v, e.key.keysym.sym, err);
            else if (e.type == SDL_MOUSEMOTION)
                hover(v, e.motion.x, e.motion.y);
        }
        if (!v->quit)
            SDL_Delay(16);
    }
    return st;
}

static delve_status setup(viewer *v, const view_args *a, delve_err *err)
{
    delve_status st = film_load(a->film, &v->fs, err);
    const unsigned names = OPTS_BIT(OPTS_SEED) | OPTS_BIT(OPTS_TYPE);
    if (!st)
        opts_copy(&v->fs.gen, &a->o, a->given);
    if (!st && (a->given & names)) /* the script's title is not this dungeon's */
        snprintf(v->fs.title, sizeof v->fs.title, "Seed %llu, %s",
                 (unsigned long long)v->fs.gen.seed, family_type_of(v->fs.gen.type)->name);
    if (!st && opts_check_given(&v->fs.gen, a->given, "--", err))
        st = DELVE_EINPUT;
    if (!st && !a->dun && !a->load && opts_check_floor(&v->fs.gen, v->fs.gen.floors, "--", err))
        st = DELVE_EINPUT;
    if (!st && ((a->given & ~OPTS_BIT(OPTS_FLOOR)) || a->dun || a->load)) /* the command line wins */
        v->fs.dun_file[0] = v->fs.save_file[0] = '\0';
    if (!st && (a->dun || a->load))
        v->fs.dun_line = 0;
    if (!st && a->dun)
        snprintf(v->fs.dun_file, sizeof v->fs.dun_file, "%s", a->dun);
    if (!st && a->load)
        snprintf(v->fs.save_file, sizeof v->fs.save_file, "%s", a->load);
    v->save_to = a->save_to;
    if (!st)
        st = director_build_world(&v->fs, &v->w, err);
    v->have_world = !st;
    if (!st)
        st = text_open(&v->txt, a->font, err);
    if (!st)
        st = canvas_init(&v->c, v->fs.frame_w, v->fs.frame_h, err);
    v->vo = view_defaults();
    if (!st && !(v->cache = view_cache_new()))
        st = delve_fail(err, DELVE_ENOMEM, "out of memory for the tile cache");
    v->vo.cache = v->cache;
    v->vo.zoom = v->fs.zoom;
    v->vo.title = v->fs.title;
    v->vo.caption = VIEW_HELP;
    if (!st && a->o.floor) /* --floor K: the camera opens there */
        change_floor(v, a->o.floor - 1 - v->w.floor);
    return st;
}

int cmd_view(int argc, char **argv)
{
    view_args a;
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    viewer v;
    memset(&v, 0, sizeof v);
    delve_err err = { "" };
    delve_status st = setup(&v, &a, &err);
    if (!st && a.headless)
        st = draw(&v, &err);
    if (!st && a.headless)
        st = png_write(a.shot_path, &v.c, &err);
    else if (!st)
        st = run_window(&v, a.shot_path, &err);
    if (v.tex)
        SDL_DestroyTexture(v.tex);
    if (v.ren)
        SDL_DestroyRenderer(v.ren);
    if (v.win)
        SDL_DestroyWindow(v.win);
    if (!a.headless)
        SDL_Quit();
    canvas_free(&v.c);
    view_cache_free(v.cache);
    if (v.txt)
        text_close(v.txt);
    if (v.have_world)
        world_free(&v.w);
    film_free(&v.fs);
    if (st)
        return cli_fail("view", st, &err);
    if (a.shot_path)
        printf("delve view: %s\n", a.shot_path);
    return EXIT_OK;
}
