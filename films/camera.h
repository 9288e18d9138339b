/* camera: where a film's top-down frames look, moved by `camera` directives (follow,
 * whole, at X,Y, zoom Z) and eased over a number of film frames with integer steps, so
 * the frames' bytes are the same everywhere (films/README.md). Pure integer maths. */
#ifndef DELVE_FILMS_CAMERA_H
#define DELVE_FILMS_CAMERA_H

#include "engine/world.h"
#include "films/film.h"

/* A camera as drawn: the floor, the centre in cm on it, px per square. */
typedef struct cam_pos {
    int floor, x_cm, y_cm, zoom;
} cam_pos;

typedef struct camera {
    cam_aim aim;         /* AIM_FOLLOW, AIM_WHOLE or AIM_AT */
    int at_floor, at_x_cm, at_y_cm; /* AIM_AT */
    int zoom;            /* px per square the camera settles at (AIM_WHOLE: fitted) */
    int map_w, map_h;    /* the map area of a frame in px */
    cam_pos from, now;   /* where the move began; where the last frame looked */
    int step, steps;     /* frames into the move and its length; step == steps: settled */
    int moved;           /* 0 until a camera directive: frames drawn as without one */
    int drawn;           /* a frame was drawn (now is valid) */
} camera;

/* The camera of fs before any directive: follow or whole (view ...) at fs->zoom, for
 * frames of fs->frame_w less map_panel_w by fs->frame_h px. */
void cam_init(camera *c, const film_script *fs, int map_panel_w);

/* Starts the move of a `camera` action a (OP_CAMERA) from where the camera is now,
 * over `frames` film frames (0: at once). w is the world as the move starts. */
void cam_move(camera *c, const film_action *a, const world *w, int frames);

/* Where the camera aims for w now: the party (follow), the middle of its floor fitted
 * to the map (whole), or the square (at), at the settled zoom. */
cam_pos cam_target(const camera *c, const world *w);

/* The camera of the next frame: one step further into the move (eased), or the target
 * when settled. Remembers it as c->now. */
cam_pos cam_frame(camera *c, const world *w);

/* 1 when the frame is the plain follow view (settled on AIM_FOLLOW): the renderer's own
 * follow, which also shows the tube during a drop. */
int cam_follows(const camera *c);

/* a + (b - a) * smoothstep(step / steps), in integers (16-bit fraction, truncated
 * toward zero); b when step >= steps. cam_ease(0, 1000, k, 4) is 156, 500, 843, 1000. */
int cam_ease(int a, int b, int step, int steps);

#endif
