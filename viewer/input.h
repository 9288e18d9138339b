/* input: every key, click, drag, wheel turn and resize reaches the viewer through
 * input_event, whether SDL delivered it or a --keys script did; each goes to the part
 * it moves. Calls window, status, the parts and say; never the run loop (play.c). */
#ifndef DELVE_VIEWER_INPUT_H
#define DELVE_VIEWER_INPUT_H

#include "viewer/viewer.h"

/* The one handler for every event, from SDL or from the script. DELVE_EIO (SDL) and the
 * resize's errors; keys themselves never fail (the status line says why not). */
delve_status input_event(viewer *v, const SDL_Event *e, delve_err *err);
/* The next event into e: a scripted one first, then (with a window) SDL's, waiting up to
 * wait_ms. 1, or 0 when there is none (headless: the script is over, v->done set). */
int input_next_event(viewer *v, SDL_Event *e, int wait_ms, delve_err *err);
/* Checks a --keys script: 0, or DELVE_EINPUT naming the first token not understood, or
 * a resize:W,H outside the sizes --size takes (REQUEST_SIZE_RULE). */
delve_status input_keys_check(const char *keys, delve_err *err);

#endif
