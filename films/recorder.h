/* recorder: turns shots into a film on disk: frames/frame_0001.png ... (rendered on the
 * calling thread, encoded and written on every core while the next ones render),
 * events.tsv (one row a frame) and the captioned contact sheet, all written through
 * temporary files; optionally every frame, in order, to a sink (a video encoder's pipe).
 * Progress goes to a callback; the recorder never prints. */
#ifndef DELVE_FILMS_RECORDER_H
#define DELVE_FILMS_RECORDER_H

#include "films/director.h"
#include "films/film.h"
#include "render/frame.h"
#include "render/text.h"

#define RECORDER_MAX_FRAMES 100000
#define RECORDER_MAX_THREADS 16

typedef struct recorder recorder;

typedef struct recorder_opts {
    const char *out_dir;   /* the folder to write into, made when missing: a fresh one
                              (base/outdir's temporary folder), below FILM_PATH_MAX + 64 */
    const char *font_path; /* NULL: DejaVu Sans found at run time */
    int threads;           /* encoder threads; 0 = one per core */
    /* called after each frame is handed on, and once per file written at the end */
    void (*progress)(void *ctx, int frames, const char *note);
    void *progress_ctx;
    const volatile sig_atomic_t *stop; /* NULL, or a flag polled before each frame */
    /* NULL, or given every frame in frame order on a thread of the recorder's own while
       the next frames render and encode (the canvas is the recorder's until it returns);
       a status other than DELVE_OK ends the film with it */
    delve_status (*sink)(void *ctx, const canvas *frame, delve_err *err);
    void *sink_ctx;
} recorder_opts;

/* Makes out_dir/frames and starts the encoders. Writes only into out_dir and never
 * deletes a file. DELVE_EIO when the folder cannot be made or out_dir is missing or too
 * long, DELVE_EINPUT when no font is found. */
delve_status recorder_open(recorder **out, const film_script *fs, uint64_t seed,
                           int floors, const recorder_opts *o, delve_err *err);

/* A shot_fn: renders the world as it is now into the next frame. DELVE_ESTOP when the
 * stop flag is up. */
delve_status recorder_shot(void *rec, const world *w, const shot *s, delve_err *err);

/* Draws shot s of w into c (the film's frame_w x frame_h) as the film's frame is drawn:
 * the view and its HUD (render/frame.h, with vc and txt as frame_render takes them), the
 * side view, or a title card naming seed and floors. What recorder_shot draws; delve-bench
 * times the film's frames with it. Errors as frame_render's. */
delve_status recorder_draw(const film_script *fs, uint64_t seed, int floors, frame_cache *vc,
                           text_ctx *txt, const world *w, const shot *s, canvas *c,
                           delve_err *err);

/* Draws shot s of w into c (the film's frame_w x frame_h) as recorder_shot would, with
 * the recorder's fonts but a tile cache of its own, and records nothing: the film's
 * frames are the same bytes with or without it (--video draws film.gif's palette
 * samples with it before the film). Main thread only, as recorder_shot. Errors as
 * recorder_draw's; DELVE_ENOMEM. */
delve_status recorder_draw_aside(recorder *r, const world *w, const shot *s, canvas *c,
                                 delve_err *err);

/* Waits for every frame recorded so far to be written and given to the sink (so a
 * video encoder can be told its input ended while the sheet is drawn); the first
 * failure of an encoder or of the sink. */
delve_status recorder_drain(recorder *r, delve_err *err);

/* Waits for every frame to be written (and given to the sink), then writes events.tsv
 * and the sheet (or sheet-1.png, sheet-2.png ... when one would pass SHEET_MAX_SIDE). */
delve_status recorder_finish(recorder *r, delve_err *err);

/* Frames recorded so far, and the paths written (valid until recorder_close). */
int recorder_frames(const recorder *r);
/* Frames written as a copy of the frame before: holds drawn the same (not encoded). */
int recorder_copied(const recorder *r);
const char *recorder_dir(const recorder *r);
int recorder_sheet_pages(const recorder *r);

/* Stops the encoders (if recorder_finish was not called) and frees everything. */
void recorder_close(recorder *r);

#endif
