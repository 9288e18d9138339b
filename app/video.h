/* video: film.mp4 and film.gif from a film's frames through ffmpeg, found on PATH at
 * run time (optional: without it, a note, not a failure). Runs ffmpeg as a child
 * process, writes to temporary names and renames, like every output of delve. */
#ifndef DELVE_APP_VIDEO_H
#define DELVE_APP_VIDEO_H

#include <signal.h>

#include "engine/status.h"

#define VIDEO_FPS 12  /* the recorder's animation clock: 83 ms a frame */

/* Writes DIR/film.mp4 and DIR/film.gif from DIR/frames/frame_%04d.png (DIR is the
 * film's temporary folder: a failed or stopped run leaves its files to go with it).
 * Returns DELVE_OK and sets *found 0 when ffmpeg is not on PATH; DELVE_EIO with
 * ffmpeg's exit status and the last line of its log when it fails; DELVE_ESTOP after
 * killing and waiting for ffmpeg when *stop goes up (stop may be NULL). */
delve_status video_make(const char *dir, const volatile sig_atomic_t *stop, int *found,
                        delve_err *err);

#endif
