/* transport: the film's play, pause, step, seek and speed as plain fields, and its length
 * from a dry run. The run loop (play.c) plays the film and asks these calls what to do;
 * pure logic over the struct and films/director.h: no SDL, no other viewer part. */
#ifndef DELVE_VIEWER_TRANSPORT_H
#define DELVE_VIEWER_TRANSPORT_H

#include "films/director.h"
#include "render/frame.h"

#define TRANSPORT_FRAME_MS 83     /* ms a shot shows at 1x before the survey: 12 a second */
#define TRANSPORT_TICKS_MAX 4096  /* event ticks the timeline keeps */

/* What the run loop does once the film has stopped for it (transport.reload). */
typedef enum {
    TRANSPORT_STAY = 0,   /* nothing */
    TRANSPORT_RELOAD,     /* r, or a file in use changed on disk: read them again */
    TRANSPORT_SEED_NEXT,  /* n */
    TRANSPORT_SEED_PREV,  /* p */
    TRANSPORT_SWAP        /* Tab: the other dungeon of --compare */
} transport_reload;

/* How a play of the film ended (transport_film_over). */
typedef enum {
    TRANSPORT_STOPPED,    /* stopped on purpose (quit, seek back, reload): say nothing */
    TRANSPORT_CUT,        /* a step the dungeon cannot take: say so, keep the window */
    TRANSPORT_FAILED,     /* an error to hand up */
    TRANSPORT_ENDED       /* played to its last shot */
} transport_end;

typedef struct transport {
    int in_film;                  /* inside director_play */
    int playing;                  /* shots advance by themselves */
    int speed;                    /* 1, 2, 4 or 8 */
    int frame_ms;                 /* ms a shot shows at 1x: the film's fps (the survey) */
    int frame;                    /* the shot shown, 1-based; 0 before the film */
    int last_frame;               /* the film's last shot, once played to its end */
    int target;                   /* seeking: shots before this one are not shown */
    int step;                     /* show one more shot, then pause */
    int stop;                     /* leave director_play (quit, seek back, reload) */
    int restart;                  /* after stopping: play again up to target */
    transport_reload reload;      /* after stopping: this */
    int total;                    /* shots in the film (the dry run), 0 before it */
    int ticks[TRANSPORT_TICKS_MAX]; /* shot numbers of its events, for the timeline */
    int tick_count;
    int cut;                      /* the dry run met a step this dungeon cannot take */
    char cut_msg[sizeof ((delve_err *)0)->msg]; /* its message (file:line:col: ...), "" when none */
    int explore;                  /* no film here, only the dungeon to look at (the
                                     default film cut before its first step) */
} transport;

/* Paused before the film at 1x, its length unknown. */
void transport_init(transport *t);
/* Shot n (INT_MAX: the end), playing or paused: skipped to when ahead in a film playing
 * now, else the film played again from its start without showing the shots before n. */
void transport_seek(transport *t, int n, int play);
/* The timeline strip clicked at px of span px: the shot under it, paused. Nothing
 * before the dry run or with no span. */
void transport_seek_px(transport *t, int px, int span);
/* Space: pause or go on in a film; else play it from its start. 1 in that last case
 * (the camera is to follow the party again). */
int transport_play_pause(transport *t);
/* '.': one shot on (paused); nothing at the film's known end. */
void transport_step_on(transport *t);
/* ',': one shot back (paused); nothing at the first. */
void transport_step_back(transport *t);
/* 1, 2, 4, 8: the speed. */
void transport_set_speed(transport *t, int speed);
/* n, p, r, Tab: what to do once the film playing (if one is) has stopped. */
void transport_ask(transport *t, transport_reload what);
/* How long a shot shows at this speed, in ms. */
int transport_frame_ms(const transport *t);
/* The world is at shot n of a film playing: 1 when n is to be shown and waited on (a
 * step then paused), 0 while seeking past it or stopping. */
int transport_shot(transport *t, int n);
/* 1 while the shot shown waits: not stopping, stepping or seeking. */
int transport_waiting(const transport *t);
/* director_play returned st: the state after it and what the viewer says. */
transport_end transport_film_over(transport *t, delve_status st);
/* A new dungeon shown (reload, Tab): before its film, paused. */
void transport_rewind(transport *t);
/* The film of fs played once on a scratch world, unseen: total and ticks (to the step it
 * cannot take, if any, with cut and cut_msg; 0 when its world cannot be built). */
void transport_survey(transport *t, const film_script *fs);
/* Explore mode when the film of this dungeon could show nothing (cut at its first shot)
 * and was not asked for (default 1: the viewer's default film): no timeline, explore
 * set; 1 when turned on. Off again otherwise. */
int transport_explore(transport *t, int is_default);
/* The timeline strip as the frame draws it (total 0: no strip). */
frame_timeline transport_timeline(const transport *t);

#endif
