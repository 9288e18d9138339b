/* request: what `delve view` was asked to show (a script, settings, a .dun or a save,
 * the window's size and files), and the film script read with those settings over it.
 * Plain data and file reading: no window, no other viewer part. */
#ifndef DELVE_VIEWER_REQUEST_H
#define DELVE_VIEWER_REQUEST_H

#include "films/film.h"
#include "gen/opts.h"
#include "render/frame.h"

#define REQUEST_SAVE_DEFAULT "delve-view.sav"
#define REQUEST_SIZE_MAX 8192      /* px: a canvas side --size or a window may ask for */
#define REQUEST_MIN_W (FRAME_PANEL_W + 320) /* the smallest window: map beside the panel */
#define REQUEST_MIN_H 480          /* the panel's party and caption without overlap */

typedef struct request {
    const char *film, *font, *shot_path, *dun, *load, *save_to, *keys;
    const char *generator;        /* --generator 'CMD {seed}': another program's dungeon of
                                     the seed (gen/external.h), n and p step it; or NULL */
    int generator_shell;          /* --generator-shell: run it by sh -c */
    int generator_timeout_s;      /* --generator-timeout S, or 0: the default */
    int headless;
    int film_given;               /* --film named the script (else the default film) */
    int unchecked;                /* --unchecked: a .dun with check errors opens anyway */
    int compare;                  /* --compare: this is one of two dungeons, A or B */
    int size_w, size_h;           /* --size, or 0: the film's frame size */
    gen_opts o;                   /* the settings given (bits in given) override the script's */
    unsigned given;
} request;

/* The film script of r into *fs: r->film read, the settings given over its `dungeon`
 * line, r's .dun or save in place of the script's (its file name, without folders, the
 * title). DELVE_EINPUT for settings the level
 * type refuses (named as "--" options); film_load's errors. fs is freed on failure. */
delve_status request_load(const request *r, film_script *fs, delve_err *err);

/* "W<sep>H" (--size WxH, --keys resize:W,H) with W in REQUEST_MIN_W..REQUEST_SIZE_MAX and
 * H in REQUEST_MIN_H..REQUEST_SIZE_MAX into *w, *h: 1, else 0 (nothing printed). A window
 * a person drags smaller is held at the least size instead (SDL's minimum). */
int request_size_parse(const char *s, char sep, int *w, int *h);
/* The sizes request_size_parse takes, for messages: printf format and its four values. */
#define REQUEST_SIZE_RULE "W in %d..%d and H in %d..%d"
#define REQUEST_SIZE_RANGE REQUEST_MIN_W, REQUEST_SIZE_MAX, REQUEST_MIN_H, REQUEST_SIZE_MAX

#endif
