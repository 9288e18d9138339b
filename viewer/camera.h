/* camera: where the map looks: following the party, or a floor and a centre in cm at a
 * zoom step. Pans and zooms keep the centre where render/frame.c would clamp it, so what
 * is stored is what is shown. Pure logic over the struct and a world: no SDL, no part. */
#ifndef DELVE_VIEWER_CAMERA_H
#define DELVE_VIEWER_CAMERA_H

#include "engine/world.h"
#include "render/frame.h"

#define CAMERA_ZOOM_COUNT 15
/* px per square, smallest first: the steps of + and - and the mouse wheel */
extern const int CAMERA_ZOOMS[CAMERA_ZOOM_COUNT];

/* (camera_view, not camera: films/camera.h's camera is a film's, eased by directives) */
typedef struct camera_view {
    int follow;           /* 1: centred on the party; floor, x_cm, y_cm unused */
    int floor;            /* the floor shown when not following, 0-based */
    int x_cm, y_cm;       /* the centre when not following, cm from the floor's corner */
    int zoom;             /* px per square (the side view's too) */
    int canvas_w, canvas_h; /* the canvas in px: the map is its width less FRAME_PANEL_W */
    int loose;            /* 1 after a zoom round the mouse: the centre may go anywhere
                             over the floor (frame_opts.loose), so the square under the
                             mouse stays even where the floor's edge would stop it; 0 or a
                             floor change puts the edges back */
    int strip;            /* 1: the timeline strip takes FRAME_TIMELINE_H px under the map */
} camera_view;

/* Following the party at zoom px per square, on a w x h px canvas without a strip. */
camera_view camera_new(int zoom, int w, int h);
/* The map area in px (0 when the canvas is smaller than the panel or the strip). */
int camera_map_w(const camera_view *c);
int camera_map_h(const camera_view *c);
/* The floor shown: the party's when following. */
int camera_shown_floor(const camera_view *c, const world *w);
/* The drawing's options for the map as c sees it (render/frame.h's defaults otherwise). */
frame_opts camera_frame(const camera_view *c);
/* Copies c's fields into o's zoom, follow and cam_* (the rest of o untouched). */
void camera_to_frame(const camera_view *c, frame_opts *o);
/* The square under canvas px (px, py) as frame_square_at finds it: 1, or 0 off the map. */
int camera_square_at(const camera_view *c, const world *w, int px, int py, int *floor, int *x,
                     int *y);

/* Leaves the party: the camera stays where it was looking. */
void camera_unfollow(camera_view *c, const world *w);
/* The centre put where render/frame.c would draw it, the floor within the dungeon's;
 * nothing when following or w is NULL (no world yet). */
void camera_clamp(camera_view *c, const world *w);
/* Moves the map by (dx, dy) screen px (a drag moves it with the mouse); unfollows. */
void camera_pan(camera_view *c, const world *w, int dx, int dy);
/* The zoom step after z going in (dir > 0) or out; z itself at either end. */
int camera_zoom_step(int z, int dir);
/* One zoom step round map px (px, py): the square under it stays under it, the floor
 * fitting the map or not (the camera turns loose); only the floor's middle coming off
 * the map's centre stops it. Off the map: round its centre. Nothing when no floor is
 * drawn (the tube) or at the last step. */
void camera_zoom_at(camera_view *c, const world *w, int dir, int px, int py);
/* The whole floor shown, centred, at the largest zoom step it fits (else the least). */
void camera_fit(camera_view *c, const world *w);
/* d floors down (up when negative), kept within the dungeon; unfollows. */
void camera_change_floor(camera_view *c, const world *w, int d);

#endif
