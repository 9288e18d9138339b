/* viewer: the window's whole state, its parts (transport, camera, layers, compare, side
 * view) held by value, and `delve view`'s one entry. The top part: window.c, input.c,
 * status.c and play.c take it whole; the parts below never see it. */
#ifndef DELVE_VIEWER_VIEWER_H
#define DELVE_VIEWER_VIEWER_H

#include <SDL2/SDL.h>
#include <stddef.h>

#include "films/director.h"
#include "films/film.h"
#include "render/frame.h"
#include "viewer/camera.h"
#include "viewer/compare.h"
#include "viewer/layers.h"
#include "viewer/request.h"
#include "viewer/say.h"
#include "viewer/sideview.h"
#include "viewer/transport.h"

/* The mouse as the events left it, in canvas px. */
typedef struct viewer_mouse {
    int in;                       /* over the window */
    int x, y;                     /* its last place on the canvas */
    int dragging, scrubbing;      /* a drag on the map, on the timeline */
    uint32_t moved_ms;            /* SDL_GetTicks at the last input but F12 (the keys
                                     come back in the caption box when it is long ago) */
} viewer_mouse;

typedef struct viewer {
    request a;                    /* a.o and a.given follow n/p (the seed) */
    film_script fs;
    world w;
    int have_world;
    text_ctx *txt;
    frame_cache *cache;
    canvas c;                     /* the size of the window's drawable area */
    frame_opts vo;                /* what the frame draws, filled from the parts (window.c) */
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Texture *tex;
    const char *keys;             /* scripted events not yet sent, or NULL */
    int quit;                     /* Esc, q, the window closed */
    int done;                     /* headless: the script has run out */
    int help;                     /* ?: the key overlay shown */
    int preview;                  /* --film: a shot shows the film's own frame, drawn
                                     as `delve film` records it (e turns it off and on) */
    canvas film_c;                /* that frame at the film's size, when the window's
                                     differs (then shown centred, never scaled) */
    long long watched;            /* the script's and the .dun's mtimes, summed (r on change) */
    shot cur;                     /* the last shot taken (valid when tr.frame > 0) */
    const char *recent[DIRECTOR_RECENT];
    say_line msg;                 /* the status line's message, until a key */
    char hover[SAY_LINE_MAX];     /* the square under the mouse, remade every frame */
    char caption[SAY_LINE_MAX];   /* the line the caption box shows */
    viewer_mouse mouse;
    transport tr;
    camera_view cam;
    layers lay;
    compare cmp;
    sideview side;
} viewer;

/* The world shown, or NULL before one is built (the parts' "no world"). */
static inline const world *viewer_world(const viewer *v)
{
    return v->have_world ? &v->w : NULL;
}

/* `delve view` asked a (and b, the other dungeon of --compare): the window opened (or
 * headless, none), the film played and explored until quit or the script's end, the
 * --screenshot written, all freed. The caption box's last line into caption (cap
 * bytes). Errors: a script, dungeon or file that cannot be read, SDL's (DELVE_EIO). */
delve_status viewer_show(const request *a, const request *b, char *caption, size_t cap,
                         delve_err *err);

#endif
