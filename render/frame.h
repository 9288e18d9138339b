/* frame: draws one frame of the world: the floor around the party (tiles, pit plates,
 * station lamps, ways, the party marker), the tube during a drop, and the HUD panel
 * (title, floor, clock, members' health and power, recent events, caption); for the
 * viewer only, its layers and the timeline strip (overlay.c). One drawing path for the
 * viewer, films and shots. Animation time comes from the caller
 * (never the wall clock) and effects use the cosmetic RNG stream only. */
#ifndef DELVE_RENDER_FRAME_H
#define DELVE_RENDER_FRAME_H

#include <stdint.h>

#include "engine/world.h"
#include "render/canvas.h"
#include "render/text.h"

#define FRAME_PANEL_W 320  /* HUD panel width in px at scale 100 (spec/films-and-review.md) */
#define FRAME_HUD_BASE_W 1280 /* the frame the HUD is tuned on: scale 100 up to it */
#define FRAME_HUD_BASE_H 720
#define FRAME_HUD_SCALE_MAX 400
#define FRAME_HUD_AUTO 0    /* frame_opts.hud_scale: from the frame's size (frame_hud_scale) */
#define FRAME_ZOOM 24      /* px per square by default */
#define FRAME_ZOOM_MIN 4   /* zoom is clamped to FRAME_ZOOM_MIN..FRAME_ZOOM_MAX */
#define FRAME_ZOOM_MAX 128
#define FRAME_DUST_STEPS 3 /* frames of the dust ring after a landing */
#define FRAME_SIGHT 8      /* squares within which a dry station's countdown line shows */

/* The painted tiles of one zoom (rock, walls, floors, ways, pit plates, fixtures, the
 * party marker, halo masks), kept between frames so a frame is mostly row copies: pass
 * one in frame_opts.cache to every frame_render of a film or a viewer session. It repaints
 * itself when the zoom changes. Not thread-safe: one cache per drawing thread. Without
 * one frame_render makes a temporary cache per call: the same pixels, several times
 * slower. */
typedef struct frame_cache frame_cache;

/* NULL when out of memory. Free with frame_cache_free (NULL is fine). */
frame_cache *frame_cache_new(void);
void frame_cache_free(frame_cache *vc);
/* How many HUD panels frames through vc drew anew and how many they put back from the
 * last one drawn (the same pixels, without laying out text again). */
void frame_cache_hud_counts(const frame_cache *vc, long *drawn, long *kept);

/* The viewer's layers over the map (render/overlay.c), bits of frame_opts.overlays. */
enum {
    FRAME_OV_HEIGHTS = 1 << 0, /* ground height as colour: blue below the datum, orange above */
    FRAME_OV_ROOMS = 1 << 1,   /* room outlines and their index */
    FRAME_OV_WAYS = 1 << 2,    /* each way's line to its far end's square and floor */
    FRAME_OV_PITS = 1 << 3,    /* where this floor's pits drop to; landings from above */
    FRAME_OV_ROUTES = 1 << 4,  /* patrol packs' loops */
    FRAME_OV_CHECKS = 1 << 5,  /* frame_opts.marks: squares with a check's error or warning */
    FRAME_OV_TIDE = 1 << 6,    /* frame_opts.tide: Shoals squares flooded now, and at high tide */
    FRAME_OV_DIFF = 1 << 7,    /* frame_opts.diffs: squares unlike the other dungeon's (compare) */
    FRAME_OV_COUNT = 8
};

/* frame_opts.tide's bits for one square of frame_opts.tide_floor. */
enum { FRAME_TIDE_NOW = 1, FRAME_TIDE_HIGH = 2 };

/* A square to ring on the checks layer (the importer's findings, made by the caller). */
typedef struct frame_mark {
    int floor, x, y;
    int error;            /* 1 error (red), 0 warning (amber) */
} frame_mark;

/* The film's transport as the viewer shows it under the map. */
typedef struct frame_timeline {
    int total;            /* shots in the film (0: no strip) */
    int shown;            /* the shot shown, 1-based; 0 before the film */
    const int *ticks;     /* shot numbers of events */
    int tick_count;
} frame_timeline;

#define FRAME_TIMELINE_H 16 /* px of the strip under the map when frame_opts.timeline.total > 0 */

typedef struct frame_opts {
    int zoom;             /* px per square */
    int hud;              /* 1: panel on the right with text; 0: map only, no text */
    uint32_t t_ms;        /* animation time for pulses and motes, from the frame number */
    int follow;           /* 1: centre on the party; 0: centre on (floor, cx, cy) */
    int cam_floor;        /* floor shown when not following */
    int cam_x_cm, cam_y_cm; /* camera centre in cm when not following */
    int loose;            /* 1 (not following): the centre anywhere over the floor, not
                             held off its edges nor a small floor centred (the viewer after
                             a zoom round the mouse, so the square under it stays) */
    int whole_floor;      /* 1: draw the floor at its own size from (0, 0), no camera */
    const char *title;    /* film title or NULL */
    const char *caption;  /* caption for this shot or NULL */
    const char *const *recent; /* last few event lines, oldest first */
    int recent_count;
    frame_cache *cache;    /* tiles kept between frames, or NULL (slower, same pixels) */
    int dust_step;        /* 0, or 1..FRAME_DUST_STEPS: frames since landing (dust ring) */
    unsigned overlays;    /* FRAME_OV_* layers (the viewer); 0 for films and shots */
    const frame_mark *marks; /* the checks layer's squares, any floor */
    int mark_count;
    const char *legend;   /* up to FRAME_OV_COUNT key letters in FRAME_OV_* order, listed in
                             the panel with the layers' names (the viewer); NULL: none */
    const frame_mark *diffs; /* the compare layer's squares, any floor (error unused) */
    int diff_count;
    const uint8_t *tide;  /* the tide layer: FRAME_TIDE_* bits per square of floor
                             tide_floor (w * h, row-major), or NULL */
    int tide_floor;
    int side;             /* 1: the map area shows the side view (render/side.h) cut along
                             side_row of floor 1's grid at zoom px a square, its pixel
                             (side_x, side_y) at the map's top-left corner; no floor */
    int side_row, side_x, side_y;
    int side_by_col, side_col; /* 1: cut along column side_col of floor 1 instead */
    frame_timeline timeline; /* total 0: no strip (films and shots) */
    int hud_scale;        /* the panel's size in percent of FRAME_PANEL_W and its text;
                             FRAME_HUD_AUTO: frame_hud_scale of the frame (films) */
    int no_map;           /* 1: the map area is left as it is (a film draws its own side
                             view or card there), only the panel is drawn */
    int compact;          /* 1: map first, for frames watched small: the map takes the
                             whole frame, the HUD is drawn over it in large text
                             (frame_compact_hud) and the party is a ring with its members'
                             dots; frame_panel_w is 0 */
    const char *const *help; /* the viewer's key overlay: lines drawn in a box over the
                             map (frame_help_draw), or NULL; films and shots never */
    int help_count;
    int side_pct;         /* the side view's ruler and labels in percent (render/side.h
                             side_opts.pct; below 100: 100): `delve shot --size` gives
                             frame_hud_scale of its size, the viewer none */
} frame_opts;

/* Sensible defaults: zoom 24, hud on at scale 100, follow the party, no cache. */
frame_opts frame_defaults(void);

/* The HUD's scale in percent for a w x h frame: 100 up to FRAME_HUD_BASE_W x
 * FRAME_HUD_BASE_H and below (smaller text would not read), above it the smaller of the
 * two ratios (1920 x 1080: 150), at most FRAME_HUD_SCALE_MAX. */
int frame_hud_scale(int w, int h);
/* The panel's width in px on a frame of c's size drawn with o (0 when hud is off). */
int frame_panel_w(const canvas *c, const frame_opts *o);

/* The compact HUD (frame_opts.compact) over what c shows now: for a caller that draws
 * the map area itself (no_map: a film's side view), after it. Text hud_compact_px. */
void frame_compact_hud(canvas *c, const world *w, const frame_opts *o, text_ctx *txt);

/* Draws the frame into c (its size is the frame size; the map takes the width less
 * frame_panel_w when hud is on, and the height less FRAME_TIMELINE_H with a timeline). txt may be NULL only when hud is 0.
 * DELVE_EINPUT when hud is on without txt or the floor shown does not exist;
 * DELVE_ENOMEM when a tile cannot be made. With hud 0 no text is drawn and every
 * pixel comes from integer maths: the bytes are the same on every machine (goldens).
 * Effects (pulse, motes, shimmer) depend on o->t_ms and the cosmetic RNG stream
 * (rng_cosmetic, keyed by the dungeon seed) only. During PHASE_TUBE with follow on, the
 * map area shows the tube instead of the floor from tube_tick 1 on (the lamp passes the
 * party over ticks 1..TUBE_TICKS - 1); at tick 0, the moment the plates give way, it
 * shows the floor with the plates breaking under the party. */
delve_status frame_render(canvas *c, const world *w, const frame_opts *o, text_ctx *txt,
                         delve_err *err);

#define FRAME_SIDE_MAX_PX (1 << 24) /* pixels of a side picture the map area may show */

/* The side view's picture size for o's zoom and side_row (render/side.h side_layout_of):
 * DELVE_EINPUT when the row is off floor 1, DELVE_ELIMIT when it is past
 * FRAME_SIDE_MAX_PX or CANVAS_MAX_SIDE. */
delve_status frame_side_size(const world *w, const frame_opts *o, int *w_px, int *h_px,
                            delve_err *err);
/* The square under pixel (px, py) of a frame of c's size drawn with o: 1 with *floor,
 * *x, *y set, or 0 when the pixel is off the map (the panel, the tube, the void). */
int frame_square_at(const canvas *c, const world *w, const frame_opts *o, int px, int py,
                   int *floor, int *x, int *y);

/* The viewer's key overlay: n lines (a key, a tab, what it does) in a box centred in the
 * map area map (a view of the canvas), cut to fit; nothing when n is 0 or txt NULL.
 * frame_render draws it for o->help; the viewer calls it over a film's own frame. */
void frame_help_draw(canvas *map, const char *const *lines, int n, text_ctx *txt);

/* The floor a frame of c's size drawn with o shows (*floor), the px of its top-left
 * corner on the map area (*ox, *oy; negative when scrolled) and the zoom drawn (*zoom,
 * clamped): 1, or 0 when no floor is drawn (the tube, no such floor). */
int frame_origin(const canvas *c, const world *w, const frame_opts *o, int *floor, int *ox,
                int *oy, int *zoom);

/* Canvas size in px that holds a whole floor at zoom (for shots and goldens); the
 * zoom is clamped as in frame_render. */
void frame_floor_size(const dfloor *f, int zoom, int *w_px, int *h_px);

#endif
