/* sideview: the side view of the stacked floors in the map area (v), cut along a row or
 * a column of floor 1's grid: its cut, its picture's place and zoom (the camera's), its
 * keys' effects and its hover line. Calls camera and say only; no SDL. */
#ifndef DELVE_VIEWER_SIDEVIEW_H
#define DELVE_VIEWER_SIDEVIEW_H

#include <stddef.h>

#include "viewer/camera.h"
#include "viewer/say.h"

typedef struct sideview {
    int on;               /* 1: the map area shows the side view */
    int row, col;         /* the cut on floor 1's grid: a row, or a column when by_col */
    int by_col;
    int x, y;             /* the picture's px at the map's top-left corner (>= 0) */
    int pct;              /* its ruler and labels in percent (frame_hud_scale of the map) */
} sideview;

/* s's fields into o's side_* (zoom and the map are the camera's). */
void sideview_to_frame(const sideview *s, frame_opts *o);
/* The ruler and labels scaled to the map area, as `delve shot --size` scales them for
 * a window of that size (frame_hud_scale), so the copied command draws the same. */
void sideview_scale(sideview *s, const camera_view *c);
/* The picture kept over the map: no void past its right or bottom edge when larger than
 * the map, its corner at the map's when smaller; the side view off (msg says why) when it
 * cannot be drawn. Nothing when off or w is NULL. */
void sideview_clamp(sideview *s, const camera_view *c, const world *w, say_line *msg);
/* Zoom z2 with the picture's point under map px (px, py) kept there (the ruler's width
 * does not scale); unchanged, msg saying why, when the picture would be too large. */
void sideview_zoom(sideview *s, camera_view *c, const world *w, int z2, int px, int py,
                   say_line *msg);
/* One zoom step in (dir > 0) or out round map px (px, py), or the map's centre when
 * off it. */
void sideview_zoom_at(sideview *s, camera_view *c, const world *w, int dir, int px, int py,
                      say_line *msg);
/* The picture moved by (dx, dy) screen px, then clamped. */
void sideview_pan(sideview *s, const camera_view *c, const world *w, int dx, int dy,
                  say_line *msg);
/* The largest zoom step whose picture fits the map area (else the least), its corner at
 * the map's. */
void sideview_fit(sideview *s, camera_view *c, const world *w);
/* The cut and the side view's keys, into buf (a hint). */
void sideview_hint(const sideview *s, char *buf, size_t cap);
/* The hint on the status line, marked as a hint (the map's hover line clears it). */
void sideview_say(const sideview *s, say_line *msg);
/* v: on, cut along the row under canvas px (mx, my) when in (else the party's), or off.
 * Only off without a world (w NULL). */
void sideview_toggle(sideview *s, camera_view *c, const world *w, int in, int mx, int my,
                     say_line *msg);
/* o: the cut turned from the row to the party's column of floor 1's grid, or back. */
void sideview_turn(sideview *s, camera_view *c, const world *w, say_line *msg);
/* Up (d -1) or down (d 1): the cut a row (or column) on, within floor 1. */
void sideview_move_cut(sideview *s, const world *w, int d, say_line *msg);
/* The hover line for canvas px (mx, my) over the side view: the height there, then the
 * party, the floor's square or the rock at that place of the cut; "" off the picture. */
void sideview_hover(const sideview *s, const camera_view *c, const world *w, int mx, int my,
                    char *buf, size_t cap);

#endif
