/* play: the run loop. The film plays through director_play, whose callback waits for
 * events between shots; n, p, r and Tab stop it and rebuild the world. A film that
 * cannot go on stops with its message; the viewer never quits on a film. */
#ifndef DELVE_VIEWER_PLAY_H
#define DELVE_VIEWER_PLAY_H

#include "viewer/viewer.h"

/* Runs until quit (Esc, q, the window closed) or, with --screenshot, the script's end;
 * then writes the --screenshot. Headless, time is counted in shots, never the clock.
 * Errors: SDL's, a film that fails other than by a step it cannot take, the PNG's. */
delve_status play_run(viewer *v, delve_err *err);

/* The film's length worked out again for the dungeon shown (transport_survey), the
 * timeline strip with it; the default film that cannot take its first step turns the
 * viewer to explore mode (transport_explore), the status line saying why. */
void play_survey(viewer *v);

#endif
