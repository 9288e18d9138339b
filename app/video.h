/* video: film.mp4 and film.gif from a film's frames through ffmpeg, found on PATH at
 * run time (optional: without it, a note, not a failure). Runs ffmpeg as a child
 * process, writes to temporary names and renames, like every output of delve. */
#ifndef DELVE_APP_VIDEO_H
#define DELVE_APP_VIDEO_H

#include <signal.h>

#include "engine/status.h"

#define VIDEO_FPS 12       /* the recorder's animation clock: 83 ms a frame */
#define VIDEO_GIF_W 640    /* film.gif's default width in px */
#define VIDEO_GIF_MIN_W 160
#define VIDEO_GIF_EVERY 3  /* film.gif keeps every third frame (4 fps at 12) */

typedef struct video_opts {
    int fps;    /* the film's frames a second; 0: VIDEO_FPS */
    int gif_w;  /* film.gif's width in px (height in proportion, even); 0: VIDEO_GIF_W */
} video_opts;

/* Writes DIR/film.mp4 (H.264, yuv420p, every frame at o->fps) and DIR/film.gif (every
 * VIDEO_GIF_EVERY-th frame at o->gif_w px, one palette) from DIR/frames/frame_%04d.png in
 * one ffmpeg run (DIR is the film's temporary folder: a failed or stopped run leaves its
 * files to go with it).
 * Returns DELVE_OK and sets *found 0 when ffmpeg is not on PATH; DELVE_EIO with
 * ffmpeg's exit status and the last line of its log when it fails; DELVE_ESTOP after
 * killing and waiting for ffmpeg when *stop goes up (stop may be NULL). */
delve_status video_make(const char *dir, const video_opts *o, const volatile sig_atomic_t *stop,
                        int *found, delve_err *err);

#endif
