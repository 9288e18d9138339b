/* status: the words around the map: the caption box's line (a message, the film's
 * caption, the square under the mouse, the keys), the window title, the command that
 * reproduces the view (c) and F5's save. Calls layers, sideview, camera and say. */
#ifndef DELVE_VIEWER_STATUS_H
#define DELVE_VIEWER_STATUS_H

#include <stddef.h>

#include "viewer/viewer.h"

/* v->hover and v->caption made again for the frame about to be drawn (v->vo filled):
 * the message; else the film's caption while it plays; else the square under the
 * mouse; else the shot's caption; else the keys. */
void status_update_lines(viewer *v);
/* `?`'s key overlay into o (help, help_count), on while v->help. */
void status_help(const viewer *v, frame_opts *o);
/* Explore mode's words on the status line: why there is no film, what would play one. */
void status_say_explore(viewer *v);
/* The window's title says the view ("delve view: seed 123, rooms, floor 2 of 5"). */
void status_title(viewer *v);
/* c: the `delve view` command of this view and the `delve shot` one of its map area,
 * to the clipboard (headless: stdout, "delve view: copied: ..."), a line each. */
void status_copy_command(viewer *v);
/* F5: the world as a saved game in a.save_to; the status line says where, or why not. */
void status_save_game(viewer *v);
/* The `delve shot` command that draws this view's map area (the dungeon as it is
 * before the film: the party at the start, no layers), -o view.png, into buf. */
void status_shot_command(const viewer *v, char *buf, size_t cap);

#endif
