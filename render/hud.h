/* hud: the panel beside the map (320 px at scale 100, frame_panel_w): film title and floor, game clock, one block per
 * member (name, health and power bars with numbers; the dead greyed and struck
 * through), recent events, a dry station's countdown line, the caption in a box.
 * Internal to render/ (frame.c uses it). Text only through text.h. */
#ifndef DELVE_RENDER_HUD_H
#define DELVE_RENDER_HUD_H

#include <stdint.h>

#include "engine/world.h"
#include "render/canvas.h"
#include "render/frame.h"
#include "render/text.h"

/* Draws the panel filling all of panel (a canvas view). station_line is the countdown
 * of a dry station in sight, or NULL. scale_pct sizes the text, bars and gaps in percent
 * of their 1280 x 720 sizes (frame_hud_scale); at 100 they are those sizes exactly. */
void hud_draw(canvas *panel, const world *w, const frame_opts *o, text_ctx *txt,
              const char *station_line, int scale_pct);

/* The compact HUD of a map-first frame (frame_opts.compact), drawn over c's map: the
 * floor and clock top left, each member's name, health and bar top right, the caption
 * along the bottom, each on a dark box, text hud_compact_px(c->w) px. */
void hud_draw_compact(canvas *c, const world *w, const frame_opts *o, text_ctx *txt);

/* The compact HUD's text size in px on a frame frame_w px wide: 10 px or more when the
 * frame is shown 600 px wide (ceil(frame_w / 60)), at least 10. */
int hud_compact_px(int frame_w);

#define HUD_KEY_MAX 4096 /* bytes of a hud_key; a panel that needs more is not kept */

/* Everything hud_draw reads, as bytes into key (HUD_KEY_MAX): two calls that give the
 * same bytes draw the same panel, so frame.c keeps the last panel and copies it while
 * the key holds (most frames of a film: the clock shows minutes). Returns the length,
 * or 0 when it does not fit. Whatever hud_draw comes to read must be added here. */
size_t hud_key(uint8_t *key, const canvas *panel, const world *w, const frame_opts *o,
               const text_ctx *txt, const char *station_line, int scale_pct);

#endif
