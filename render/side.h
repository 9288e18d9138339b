/* side: the side view (spec/side-view.md), a cross-section of every floor of a dungeon
 * drawn at its real depth (dungeon_ground_cm), cut along one row of the common grid,
 * the rest of each floor projected faded; pits' tubes, ways in profile, a depth ruler
 * in metres on the left. Integer maths only, no text fonts: the same bytes everywhere. */
#ifndef DELVE_RENDER_SIDE_H
#define DELVE_RENDER_SIDE_H

#include "engine/dungeon.h"
#include "render/canvas.h"

#define SIDE_RULER_PX 72   /* the depth ruler's width on the left (set) */
#define SIDE_MARGIN_CM 200 /* air above the top ceiling and rock under the lowest ground */

typedef struct side_opts {
    int zoom;  /* px per square across; 1 m down is zoom / 2 px (spec: 1 m = 1/2 square) */
    int row;   /* cut row y on floor 1's grid; -1: the row of floor 1's first pit, else of
                  its entrance */
} side_opts;

/* Where things land on the picture: x of common grid column c is x0 + (c - c0) * zoom;
 * y of a height h (cm above the dungeon's datum) is side_y(l, h). */
typedef struct side_layout {
    int zoom, row;     /* the cut row resolved on floor 1's grid */
    int c0, cols;      /* first common column and column count */
    int x0;            /* SIDE_RULER_PX */
    int32_t top_cm;    /* height drawn at y = 0 */
    int w, h;          /* picture size in px */
} side_layout;

/* Lays out d for o (d stacked, at least one floor). DELVE_EINPUT when o->row is off
 * floor 1, DELVE_ELIMIT when the picture is past CANVAS_MAX_SIDE. */
delve_status side_layout_of(const dungeon *d, const side_opts *o, side_layout *l,
                            delve_err *err);
/* The pixel row of height h_cm: rounded down, zoom px per 200 cm. */
int side_y(const side_layout *l, int32_t h_cm);
/* Draws the side view of d into c (at least l->w x l->h; larger parts are left). */
void side_render(canvas *c, const dungeon *d, const side_layout *l);

#endif
