/* sheet: the captioned contact sheet: a header band (title, seed, floors, frames
 * shown), thumbnails in a grid with 8 px gutters, and under each a caption strip
 * (frame number, game time, floor, event caption) and one 4 px health bar per member;
 * with a chart, the health chart (render/chart.h) as a band between the header and the
 * cells. A missing frame keeps its cell as a labelled blank. */
#ifndef DELVE_RENDER_SHEET_H
#define DELVE_RENDER_SHEET_H

#include <stdint.h>

#include "engine/party.h"
#include "render/canvas.h"
#include "render/chart.h"
#include "render/text.h"

#define SHEET_MAX_SIDE 16000  /* common image tools refuse larger: split into pages */

typedef struct sheet_cell {
    const canvas *thumb;  /* thumb_w x thumb_h, or NULL for a missing frame */
    int frame_no;         /* 1-based */
    int64_t time_s;       /* game seconds */
    int floor;            /* 0-based */
    char caption[96];
    char label[64];       /* when set, the strip's first line instead of frame number,
                             time and floor (a gallery's "caves  dlevel 9") */
    int member_count;
    int health[PARTY_MAX], max_health[PARTY_MAX];
} sheet_cell;

typedef struct sheet_opts {
    const char *title;
    uint64_t seed;
    int floors;           /* 0: the header leaves out seed and floors (unknown) */
    int total_frames;     /* frames in the film (the header says "N of M shown") */
    int columns;          /* default 6 */
    int thumb_w, thumb_h; /* default 320 x 180 */
    int members;          /* health bars per cell in the layout; 0: PARTY_MAX */
    const char *note;     /* when set, the header's second line (instead of seed, floors,
                             frames shown) */
    const chart_data *chart; /* when set, the chart band on every page */
} sheet_opts;

#define SHEET_GUTTER 8
#define SHEET_HEADER_H 64   /* the header band */
#define SHEET_STRIP_H 40    /* caption strip under a thumbnail, before the bars */
#define SHEET_BAR_H 4       /* one member's health bar */
#define SHEET_BAR_GAP 2

/* Rows of cells that fit on one page under SHEET_MAX_SIDE (at least 1). Zero fields
 * of o take their defaults. */
int sheet_rows_per_page(const sheet_opts *o);
/* Cells a page holds: rows per page times columns. */
int sheet_cells_per_page(const sheet_opts *o);

/* The chart band's rectangle on a page of o (where sheet_render draws o->chart): its
 * left and top edges and its width; the height is CHART_H. */
void sheet_chart_rect(const sheet_opts *o, int *x, int *y, int *w);

/* Renders cells [0, n) onto a new canvas *out (canvas_init'ed here; free it).
 * page / pages go in the header when pages > 1 (1-based page). Thumbnails of another
 * size are box-filtered to thumb_w x thumb_h. Cells keep their place: a missing frame
 * (thumb NULL) is a labelled blank. DELVE_ELIMIT when n needs more rows than a page
 * holds or the sheet would be wider than SHEET_MAX_SIDE; DELVE_EINPUT without txt. */
delve_status sheet_render(canvas *out, const sheet_opts *o, const sheet_cell *cells, int n,
                          int page, int pages, text_ctx *txt, delve_err *err);

#endif
