/* overlay: the viewer's layers over the map (heights, room ids, way links, pit landings,
 * patrol routes, check results), its legend and the timeline strip under the map.
 * Films and shots never turn these on (frame_opts.overlays 0, no timeline), so their
 * pixels do not change. Internal to render/ (frame.c and hud.c call it); engine only. */
#ifndef DELVE_RENDER_OVERLAY_H
#define DELVE_RENDER_OVERLAY_H

#include "engine/world.h"
#include "render/canvas.h"
#include "render/frame.h"
#include "render/text.h"

/* Where a floor sits on the map canvas: the floor drawn and its top-left px at zoom z;
 * squares [sx0, sx1) x [sy0, sy1) are visible. */
typedef struct overlay_place {
    const world *w;
    const dfloor *f;
    int ox, oy, z;
    int sx0, sy0, sx1, sy1;
} overlay_place;

/* Draws the layers in o->overlays (FRAME_OV_* bits) and o->marks of this floor over map;
 * text (room ids, way targets) only with txt. */
void overlay_draw(canvas *map, const overlay_place *pl, const frame_opts *o, text_ctx *txt);

/* The timeline strip (FRAME_TIMELINE_H px high) filling strip: the shots played as a bar,
 * event ticks, the shot shown as a marker. */
void overlay_timeline(canvas *strip, const frame_timeline *tl);

/* Px of the panel the legend of the overlay keys takes (0 when o->legend is NULL), and the
 * legend drawn at the top of area (the panel's width). */
int overlay_legend_h(const frame_opts *o, text_ctx *txt);
void overlay_legend(canvas *area, const frame_opts *o, text_ctx *txt);

#endif
