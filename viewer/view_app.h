/* view_app: the viewer's state, shared by cmd_view.c (command line, setup), view_input.c
 * (SDL events and scripted ones through one handler), view_camera.c (pan, zoom, fit),
 * view_play.c (the film's transport), view_status.c (hover line, titles, copy),
 * view_layers.c (layers, tide, timeline) and view_compare.c (--compare, side view).
 * Internal to app/: the window and its events live here, all drawing in render/. */
#ifndef DELVE_VIEWER_VIEW_APP_H
#define DELVE_VIEWER_VIEW_APP_H

#include <SDL2/SDL.h>

#include "films/director.h"
#include "films/film.h"
#include "gen/check.h"
#include "gen/opts.h"
#include "render/frame.h"

#define VIEWER_FRAME_MS 83        /* 12 frames a second at 1x */
#define VIEWER_SAVE_DEFAULT "delve-view.sav"
#define VIEWER_SHOT_DEFAULT "delve-view.png"
#define VIEWER_LINE_MAX 320       /* bytes of the status and hover lines */
#define VIEWER_SIZE_MAX 8192      /* px: a canvas side --size or a window may ask for */
#define VIEWER_MIN_W (FRAME_PANEL_W + 320) /* the smallest window: map beside the panel */
#define VIEWER_MIN_H 480           /* the panel's party and caption without overlap */
#define VIEWER_TICKS_MAX 4096     /* event ticks the timeline keeps */

typedef struct viewer_args {
    const char *film, *font, *shot_path, *dun, *load, *save_to, *keys;
    int headless;
    int unchecked;                /* --unchecked: a .dun with check errors opens anyway */
    int compare;                  /* --compare: this is one of two dungeons, A or B */
    int size_w, size_h;           /* --size, or 0: the film's frame size */
    gen_opts o;                   /* the settings given (bits in given) override the script's */
    unsigned given;
} viewer_args;

typedef struct viewer {
    viewer_args a;                /* a.o and a.given follow n/p (the seed) */
    film_script fs;
    world w;
    int have_world;
    text_ctx *txt;
    frame_cache *cache;
    canvas c;                     /* the size of the window's drawable area */
    frame_opts vo;
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Texture *tex;
    const char *keys;             /* scripted events not yet sent, or NULL */
    int quit;                     /* Esc, q, the window closed */
    int done;                     /* headless: the script has run out */
    /* transport (view_play.c) */
    int in_film;                  /* inside director_play */
    int playing;                  /* frames advance by themselves */
    int speed;                    /* 1, 2, 4 or 8 */
    int frame;                    /* the shot shown, 1-based; 0 before the film */
    int last_frame;               /* the film's last shot, once played to its end */
    int target;                   /* seeking: shots before this one are not shown */
    int step;                     /* show one more shot, then pause */
    int stop;                     /* leave director_play (quit, seek back, reload) */
    int restart;                  /* after stopping: play again up to target */
    int reload;                   /* after stopping: rebuild the world (n, p, r) */
    shot cur;                     /* the last shot taken (valid when frame > 0) */
    const char *recent[DIRECTOR_RECENT];
    /* status and mouse */
    char status[VIEWER_LINE_MAX]; /* a message (error, saved, copied) until a key */
    int status_hint;              /* 1: status is a hint (the side view's cut and keys) that
                                     the mouse moving over the map clears for its hover */
    char hover[VIEWER_LINE_MAX];
    char caption[VIEWER_LINE_MAX];
    int mouse_in, mx, my;         /* the mouse's last place on the canvas */
    int dragging, scrubbing;      /* a drag on the map, on the timeline */
    /* layers and timeline (view_layers.c) */
    check_list checks;            /* the dungeon's findings, for the checks layer */
    frame_mark *marks;
    int total;                    /* shots in the film (a dry run), 0 before it */
    int ticks[VIEWER_TICKS_MAX];  /* shot numbers of its events */
    int tick_count;
    long long watched;            /* the script's and the .dun's mtimes, summed (r on change) */
    uint8_t *tide;                /* the tide layer's squares (FRAME_TIDE_*), or NULL */
    int tide_floor;               /* the floor it was made for, and the tide's step then */
    uint32_t tide_steps;
    /* compare (view_compare.c): the dungeon not shown, swapped in by Tab */
    viewer_args alt;
    film_script alt_fs;
    world alt_w;
    int have_alt;
    int showing_b;                /* 0: A shown (alt holds B); 1: B shown */
    frame_mark *diffs;             /* squares unlike the other dungeon's, every floor */
    int diff_count;
} viewer;

/* view_input.c: the one handler for every event, from SDL or from the script. */
delve_status viewer_event(viewer *v, const SDL_Event *e, delve_err *err);
/* The next event: a scripted one first, then (with a window) SDL's, waiting up to
 * wait_ms. 0 when there is none. */
int viewer_next_event(viewer *v, SDL_Event *e, int wait_ms, delve_err *err);
/* Checks a --keys script: 0, or DELVE_EINPUT naming the first token not understood, or a
 * resize:W,H outside the sizes --size takes (VIEWER_SIZE_RULE). */
delve_status viewer_keys_check(const char *keys, delve_err *err);
/* "W<sep>H" (--size WxH, --keys resize:W,H) with W in VIEWER_MIN_W..VIEWER_SIZE_MAX and H
 * in VIEWER_MIN_H..VIEWER_SIZE_MAX into *w, *h: 1, else 0 (nothing printed). A window a
 * person drags smaller is held at the least size instead (SDL's minimum, viewer_resize). */
int viewer_size_parse(const char *s, char sep, int *w, int *h);
/* The sizes viewer_size_parse takes, for messages: printf format and its four values. */
#define VIEWER_SIZE_RULE "W in %d..%d and H in %d..%d"
#define VIEWER_SIZE_RANGE VIEWER_MIN_W, VIEWER_SIZE_MAX, VIEWER_MIN_H, VIEWER_SIZE_MAX

/* view_camera.c */
int viewer_map_w(const viewer *v);
int viewer_map_h(const viewer *v);
int viewer_shown_floor(const viewer *v);
void viewer_unfollow(viewer *v);
void viewer_pan_px(viewer *v, int dx, int dy);
void viewer_zoom_at(viewer *v, int dir, int px, int py);
void viewer_fit(viewer *v);
void viewer_change_floor(viewer *v, int d);
void viewer_camera_clamp(viewer *v);
delve_status viewer_resize(viewer *v, int w, int h, delve_err *err);

/* view_play.c */
delve_status viewer_play_key(viewer *v, SDL_Keycode k, delve_err *err);
delve_status viewer_run(viewer *v, delve_err *err);
delve_status viewer_frame_out(viewer *v, delve_err *err);
delve_status viewer_rebuild(viewer *v, delve_err *err);

/* view_compare.c */
delve_status viewer_compare_open(viewer *v, delve_err *err);
void viewer_compare_free(viewer *v);
void viewer_compare_swap(viewer *v);
void viewer_compare_say(viewer *v, const char *key);
void viewer_compare_diffs(viewer *v);
int viewer_compare_reload(viewer *v, int seed_step);
void viewer_compare_title(const viewer *v, film_script *fs, int b);
void viewer_side_toggle(viewer *v);
int viewer_side_key(viewer *v, SDL_Keycode k);
/* The side view's ruler and labels scaled to the map area, as `delve shot --size` scales
 * them for a window of that size (frame_hud_scale), so the copied command draws the same. */
void viewer_side_scale(viewer *v);
void viewer_side_clamp(viewer *v);
/* The status line says the side view's cut and its keys (the hint, into buf). */
void viewer_side_say(viewer *v);
void viewer_side_hint(const viewer *v, char *buf, size_t cap);
void viewer_side_fit(viewer *v);
void viewer_side_hover(const viewer *v, char *buf, size_t cap);
void viewer_side_zoom(viewer *v, int z2, int px, int py);

/* view_layers.c */
int viewer_layer_key(viewer *v, SDL_Keycode k);
void viewer_layers_update(viewer *v);
void viewer_layers_free(viewer *v);
void viewer_tide_update(viewer *v);
void viewer_layers_hover(const viewer *v, int fi, int x, int y, char *buf, size_t cap);
void viewer_survey(viewer *v);
int viewer_files_changed(viewer *v);
void viewer_seek_px(viewer *v, int px);

/* view_status.c */
void viewer_update_lines(viewer *v);
void viewer_set_title(viewer *v);
void viewer_copy_command(viewer *v);
void viewer_save_game(viewer *v);
void viewer_say(viewer *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
delve_status viewer_load_script(const viewer_args *a, film_script *fs, delve_err *err);
void viewer_shot_command(const viewer *v, char *buf, size_t cap);

#endif
