/* take: one recording of a film into a folder. A rehearsal plays the script without
 * drawing (it fails before any file is written, counts the frames and picks film.gif's
 * palette samples); the take then draws frames, sheet, events, saves and videos. */
#ifndef DELVE_FILMS_TAKE_H
#define DELVE_FILMS_TAKE_H

#include <signal.h>

#include "base/status.h"
#include "engine/world.h"
#include "films/film.h"
#include "films/recorder.h"
#include "films/video.h"

/* film.gif's palette picks: PICKS_EVEN of the GIF's frames spread evenly over the film,
 * and the first GIF frame of each stretch drawn alike (up to PICKS_STRETCHES). */
#define TAKE_PICKS_EVEN 8
#define TAKE_PICKS_STRETCHES 16

typedef struct take_picks {
    int frame[VIDEO_SAMPLES_MAX]; /* in film order, no two alike */
    int n;
    int starts[TAKE_PICKS_STRETCHES]; /* each stretch's first GIF frame */
    int nstarts;
} take_picks;

/* What the rehearsal found: the film's length, the palette's picks, and the two camera
 * moves the caller may warn of (the frames are right either way). */
typedef struct take_plan {
    int frames;
    int held;               /* frames that hold an event on screen (director_holds) */
    unsigned char *gif;     /* malloc'ed, one a frame: how many of film.gif's frames show
                               it (take_gif_plan); take_plan_free */
    int gif_frames;         /* film.gif's frames */
    take_picks picks;
    int cam_left, cam_line; /* the last frame's: a camera move the film's end cuts */
    int side;               /* the last frame is the side view (a fall's, or view side) */
    int cut_left, cut_line; /* the first fall's that began during a camera move */
    int lost_line, lost_by; /* the first caption replaced unseen, and the line replacing it */
} take_plan;

/* Which frames film.gif shows (film.webp alike): one a 1/gif_fps s of film (gif_fps 0:
 * fps / VIDEO_GIF_EVERY, a third of the frames), the first frame of each such window
 * unless a frame with must[i] nonzero (an event's, director_holds) lies in it or waits
 * from a window before: then the earliest waiting event frame, so no event frame is
 * dropped whatever the rate; event frames still waiting at the film's end get GIF frames
 * of their own after it. Writes gif[i], how many GIF frames show frame i + 1 (0 or 1, more
 * only when gif_fps > fps), and returns film.gif's frame count. */
int take_gif_plan(const unsigned char *must, int frames, int fps, int gif_fps,
                  unsigned char *gif);

/* Plays fs once without recording into *plan. DELVE_EINPUT at the script's line when the
 * film passes RECORDER_MAX_FRAMES; the director's and the world's errors as they come. */
delve_status take_rehearse(const film_script *fs, take_plan *plan, delve_err *err);

/* Frees what take_rehearse allocated in *plan (a zeroed plan too). */
void take_plan_free(take_plan *plan);

typedef struct take_opts {
    const char *dir;        /* the output's temporary folder (base/outdir) */
    const char *font;       /* NULL: DejaVu Sans found at run time */
    int threads;            /* encoder threads; 0 = one per core */
    int video;              /* 1: make videos */
    unsigned formats;       /* VIDEO_* to make, 0: VIDEO_DEFAULT */
    int gif_w;              /* film.gif's width, 0: VIDEO_GIF_W */
    /* each frame handed on; a phase after the frames ("sheet", "video: ..."); ffmpeg
       still silent after `seconds` (NULL: said nowhere) */
    void (*progress)(void *ctx, int frames, const char *note);
    void (*phase)(void *ctx, const char *what);
    void (*waiting)(void *ctx, int seconds);
    void *ctx;
    const volatile sig_atomic_t *stop; /* NULL, or polled before each frame */
} take_opts;

/* Records fs on w into o->dir: frames, events.tsv, the sheet, saves, a marker line of
 * seed, floors, fps and title for `delve sheet`, and with o->video the videos o->formats
 * asks for while the frames render (*found 0 when ffmpeg is not installed: no video, no error). *rec
 * stays open for the caller's report (recorder_close); on a failure it is closed and
 * NULL. DELVE_ESTOP when the stop flag came up; I/O and encoder errors as they come. */
delve_status take_record(const take_opts *o, const film_script *fs, world *w,
                         const take_plan *plan, recorder **rec, int *found,
                         delve_err *err);

/* Calls fn(ctx, what, text) for each text a film draws: the title, the end card, the
 * members' names, captions and title cards; stops at fn's first nonzero and returns it. */
int take_each_text(const film_script *fs, int (*fn)(void *, const char *, const char *),
                   void *ctx);

#endif
