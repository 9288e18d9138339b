/* hud: the panel beside the map (320 px at scale 100, view_panel_w): film title and floor, game clock, one block per
 * member (name, health and power bars with numbers; the dead greyed and struck
 * through), recent events, a dry station's countdown line, the caption in a box.
 * Internal to render/ (view.c uses it). Text only through text.h. */
#ifndef DELVE_RENDER_HUD_H
#define DELVE_RENDER_HUD_H

#include <stdint.h>

#include "engine/world.h"
#include "render/canvas.h"
#include "render/text.h"
#include "render/view.h"

/* Draws the panel filling all of panel (a canvas view). station_line is the countdown
 * of a dry station in sight, or NULL. scale_pct sizes the text, bars and gaps in percent
 * of their 1280 x 720 sizes (view_hud_scale); at 100 they are those sizes exactly. */
void hud_draw(canvas *panel, const world *w, const view_opts *o, text_ctx *txt,
              const char *station_line, int scale_pct);

#endif
