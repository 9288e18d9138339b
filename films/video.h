/* video: film.mp4, film.gif and film.webp through ffmpeg, found on PATH at run time
 * (optional: without it, a note, not a failure). ffmpeg runs beside the film as child
 * processes (one for the MP4, one for the GIF and WebP), each fed the pixels it encodes
 * through a pipe of its own as the frames are rendered, and writes to temporary names
 * that are renamed at the end, like every output of delve. */
#ifndef DELVE_FILMS_VIDEO_H
#define DELVE_FILMS_VIDEO_H

#include <signal.h>

#include "base/status.h"
#include "render/canvas.h"

#define VIDEO_FPS 12       /* the recorder's animation clock: 83 ms a frame */
#define VIDEO_GIF_W 640    /* film.gif's default width in px */
#define VIDEO_GIF_MIN_W 160
#define VIDEO_GIF_EVERY 3  /* film.gif keeps every third frame (4 fps at 12) */
#define VIDEO_SAMPLES_MAX 24 /* frames film.gif's palette is made of, at most */
#define VIDEO_WAIT_NOTE_S 5   /* ffmpeg lags the film by 4 frames at most: 5 s is a hang */
#define VIDEO_WAIT_EVERY_S 30

/* What --video makes; VIDEO_DEFAULT when not told. */
enum { VIDEO_MP4 = 1, VIDEO_GIF = 2, VIDEO_WEBP = 4, VIDEO_DEFAULT = VIDEO_MP4 | VIDEO_GIF };

typedef struct video_opts {
    int fps;           /* the film's frames a second; 0: VIDEO_FPS */
    int gif_w;         /* film.gif's and film.webp's width in px; 0: VIDEO_GIF_W */
    int w, h;          /* every frame's size in px */
    unsigned formats;  /* VIDEO_* bits; 0: VIDEO_DEFAULT */
    int gif_fps;       /* film.gif's and film.webp's frames a second; 0: fps /
                          VIDEO_GIF_EVERY (as a fraction when not whole) */
    const unsigned char *gif; /* NULL: every VIDEO_GIF_EVERY-th frame goes to the GIF;
                          else gif[i] GIF frames show frame i (films/take.h take_gif_plan),
                          kept by the caller until video_free */
    int gif_len;       /* gif's entries: frames past them are not in the GIF */
    int samples;       /* film.gif's palette samples (video_sample) to come before the
                          first frame, 1 to VIDEO_SAMPLES_MAX; ignored without the GIF */
    /* told, when delve has waited VIDEO_WAIT_NOTE_S seconds on end for an ffmpeg that
       neither reads nor ends (and every VIDEO_WAIT_EVERY_S after), how long: a hung
       ffmpeg is otherwise silent; NULL: not told */
    void (*waiting)(void *ctx, int seconds);
    void *waiting_ctx;
} video_opts;

typedef struct video video;

/* "mp4,gif,webp" (any of the three, comma-separated, in any order and case) as VIDEO_*
 * bits; 0 when a word is none of them, the list is empty or a comma has no word beside it. */
unsigned video_formats(const char *list);

/* Starts ffmpeg in folder dir (the film's temporary folder: a failed or stopped run
 * leaves its files to go with it), twice when both kinds are wanted, each on a pipe of
 * its own: one reading every frame as yuv420p at o->fps for film.tmp.mp4 (H.264), one
 * reading o->samples palette samples and then the frames o->gif says (every
 * VIDEO_GIF_EVERY-th without it), o->gif_w px wide as BGRA at o->gif_fps (a third of
 * o->fps without it), for film.tmp.gif (one 64-colour palette made of
 * the samples) and film.tmp.webp (lossy); the frames are converted and scaled by delve
 * (codecs/yuv.h) and written by a thread for each run. *out is NULL, with DELVE_OK, when
 * ffmpeg is not on PATH; DELVE_EIO when it cannot be started, DELVE_ENOMEM, DELVE_EINPUT
 * when the GIF is wanted without samples. Ignores SIGPIPE from here on (a dead ffmpeg is
 * an error, not a kill). Call before the recorder's threads start. */
delve_status video_start(video **out, const char *dir, const video_opts *o,
                         const volatile sig_atomic_t *stop, delve_err *err);

/* How many palette samples v wants before the first frame: o->samples with the GIF, else
 * 0. */
int video_samples(const video *v);

/* Gives frame (o->w x o->h, drawn as the film draws it) as one of film.gif's palette
 * samples: scaled as the GIF's frames are and kept until the GIF's ffmpeg reads it (the
 * palette is made of the samples alone, before the film's first frame). Call it
 * video_samples(v) times before the first video_frame. DELVE_ENOMEM; DELVE_EINPUT for a
 * frame of another size or a sample too many. */
delve_status video_sample(video *v, const canvas *frame, delve_err *err);

/* A recorder sink (films/recorder.h): converts frame (o->w x o->h, in film order) for
 * each ffmpeg that wants it and queues it for that run's writer thread, waiting while the
 * writer holds all of its run's buffers (VIDEO_RING). DELVE_EIO with ffmpeg's exit status
 * and the last line of its log when it stopped reading; DELVE_ESTOP when the stop flag
 * goes up meanwhile; DELVE_EINPUT when a palette sample is missing. */
delve_status video_frame(void *v, const canvas *frame, delve_err *err);

/* Ends ffmpeg's input, so it finishes its files while delve does something else (the
 * sheet). Only once nothing writes frames any more (recorder_drain). */
void video_end(video *v);

/* Ends the input (video_end) if it was not ended, waits for ffmpeg and renames its files
 * into place. DELVE_EIO as video_frame when it fails; DELVE_ESTOP after killing it when
 * the stop flag goes up. */
delve_status video_finish(video *v, delve_err *err);

/* Kills ffmpeg if it still runs and waits for it, closes the pipe and frees v (NULL:
 * nothing). Only once nothing writes frames any more (the recorder is closed). */
void video_free(video *v);

#endif
