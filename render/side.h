/* side: the side view (spec/side-view.md), a cross-section of every floor of a dungeon
 * drawn at its real depth (dungeon_ground_cm), cut along one row of the common grid,
 * the rest of each floor projected faded; pits' tubes, ways in profile, a depth ruler
 * in metres on the left. Integer maths only, no text fonts: the same bytes everywhere. */
#ifndef DELVE_RENDER_SIDE_H
#define DELVE_RENDER_SIDE_H

#include "engine/dungeon.h"
#include "render/canvas.h"

#define SIDE_RULER_PX 72   /* the depth ruler's width on the left at pct 100 (set) */
#define SIDE_MARGIN_CM 200 /* air above the top ceiling and rock under the lowest ground */
#define SIDE_PARTY_CM 180  /* the party's marker: as tall as a person (set) */

typedef struct side_opts {
    int zoom;  /* px per square across; 1 m down is zoom / 2 px (spec: 1 m = 1/2 square) */
    int row;   /* cut row y on floor 1's grid; -1: the row of floor 1's first pit, else of
                  its entrance */
    int by_col, col; /* by_col 1: cut along column col of floor 1's grid instead (the
                  picture's x then runs down the rows; spec/side-view.md "col=X") */
    const int *tide_raw; /* per floor, the raw tide last applied (tide_state.last_raw), or
                  NULL: on Shoals floors the tide's level drawn across the picture and
                  the water on the cut filled up to it (spec/side-view.md) */
    int pct;   /* the ruler, its labels and the party's counter in percent of their sizes
                  on a 1280 x 720 frame, as the HUD (frame_hud_scale); below 100: 100 */
} side_opts;

/* Where things land on the picture: x of common grid column c is x0 + (c - c0) * zoom;
 * y of a height h (cm above the dungeon's datum) is side_y(l, h). */
typedef struct side_layout {
    int zoom, row;     /* the cut row resolved on floor 1's grid (-1 when by_col) */
    int by_col, col;   /* by_col 1: the cut is column col, and c0, cols and along count
                          rows of the common grid */
    const int *tide_raw; /* side_opts.tide_raw */
    int c0, cols;      /* first common column and column count */
    int x0;            /* SIDE_RULER_PX at pct */
    int pct;           /* side_opts.pct, at least 100 */
    int32_t top_cm;    /* height drawn at y = 0 */
    int w, h;          /* picture size in px */
    int sx, sy;        /* px the picture is scrolled left and up (0: from its top-left
                          corner); the ruler and the floors' labels stay at the left, its
                          ticks move up with the picture (a film's, a viewer's window) */
} side_layout;

/* The party on the side view: a marker whose feet are at feet_cm over col (side_along),
 * with the depth counter beside it (metres fallen, "3.4 m") and, on a landing, each
 * member's damage ("-12") under it. */
typedef struct side_party {
    int col;
    int32_t feet_cm;
    int fallen_cm;     /* -1: no counter */
    int damage[6];
    int damage_count;  /* 0: no damage shown */
    int off_cut;       /* 1: its square is behind the cut (side_on_cut): drawn dimmed */
} side_party;

/* Lays out d for o (d stacked, at least one floor). DELVE_EINPUT when o->row is off
 * floor 1, DELVE_ELIMIT when the picture is past CANVAS_MAX_SIDE. */
delve_status side_layout_of(const dungeon *d, const side_opts *o, side_layout *l,
                            delve_err *err);
/* The depth ruler's width in px at pct (side_opts.pct; below 100: 100): l->x0. */
int side_ruler_px(int pct);
/* The pixel row of height h_cm: rounded down, zoom px per 200 cm. */
int side_y(const side_layout *l, int32_t h_cm);
/* Draws the side view of d into c (at least l->w - l->sx x l->h; larger parts are
 * left; a smaller c is clipped). */
void side_render(canvas *c, const dungeon *d, const side_layout *l);

/* Lays out d cut as cut says (its row or column and pct; its zoom is chosen) for a map
 * area of mw x mh px: the largest zoom (4 up) whose picture is at most mh px high and
 * CANVAS_MAX_SIDE wide (48 at most at pct 100, 48 * pct / 100 above it, so the picture
 * grows with the frame as the HUD does), scrolled so common coordinate col (side_along)
 * is in the middle of the area (within the picture). Errors as side_layout_of. */
delve_status side_fit(const dungeon *d, const side_opts *cut, int mw, int mh, int col,
                      side_layout *l, delve_err *err);
/* Square (x, y) of floor f's place along the picture of l: its common column, or its
 * common row when l cuts along a column (side_party.col, side_fit's col). */
int side_along(const dungeon *d, const side_layout *l, int f, int x, int y);
/* Is square (x, y) of floor f on l's cut? */
int side_on_cut(const dungeon *d, const side_layout *l, int f, int x, int y);
/* The square of the cut at common coordinate a along the picture whose slab-to-ceiling
 * span holds height cm (from the datum): 1 with its floor and square in *f, *x, *y, 0
 * in the rock between floors or off them. */
int side_square_at(const dungeon *d, const side_layout *l, int a, int32_t cm, int *f, int *x,
                   int *y);

/* Draws the party p onto a side view drawn with l (same canvas and layout), right of
 * the ruler only. */
void side_draw_party(canvas *c, const side_layout *l, const side_party *p);
/* The rows above the picture of l in an area area_h px high: it is centred top to
 * bottom when shorter (films, the viewer, `delve shot --size`), else 0. */
int side_top(const side_layout *l, int area_h);

/* The depth counter's text for cm fallen: "3.4 m" (cut to decimetres). Returns buf. */
char *side_depth_text(int cm, char *buf, size_t cap);

#endif
