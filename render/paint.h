/* paint: small drawing helpers the tile painters and the view share: colour mixing,
 * deterministic hashing for texture, anti-aliased discs and rings, lines. Internal to
 * render/ (no other folder includes it). Integer maths only: positions of discs and
 * rings are in 1/16 px (PAINT_SUB) so shapes sit between pixels without floats, and the
 * same call gives the same bytes everywhere. */
#ifndef DELVE_RENDER_PAINT_H
#define DELVE_RENDER_PAINT_H

#include <stdint.h>

#include "render/canvas.h"

#define PAINT_SUB 16  /* sub-pixel steps per pixel for disc and ring geometry */

static inline rgba paint_rgb(int r, int g, int b)
{
    return (rgba){ (uint8_t)r, (uint8_t)g, (uint8_t)b, 255 };
}
static inline rgba paint_alpha(rgba c, int a)
{
    c.a = (uint8_t)(a < 0 ? 0 : a > 255 ? 255 : a);
    return c;
}
/* c with d added to each of r, g, b, clamped to 0..255. */
rgba paint_shade(rgba c, int d);
/* a mixed toward b by t/256 (t 0..256). */
rgba paint_mix(rgba a, rgba b, int t);

/* Well-mixed 32-bit hash of three integers (texture noise, variant choice). */
uint32_t paint_hash(uint32_t a, uint32_t b, uint32_t c);

/* Anti-aliased disc centred at (cx, cy) with radius r, all in 1/PAINT_SUB px, blended
 * in col (coverage from 4 x 4 samples per pixel). */
void paint_disc(canvas *c, int cx, int cy, int r, rgba col);
/* Anti-aliased ring between radii r0 < r1 (1/PAINT_SUB px). */
void paint_ring(canvas *c, int cx, int cy, int r0, int r1, rgba col);
/* One-pixel line from (x0, y0) to (x1, y1) in whole pixels, blended (Bresenham). */
void paint_line(canvas *c, int x0, int y0, int x1, int y1, rgba col);
/* Vertical gradient fill from top colour a to bottom colour b. */
void paint_vgrad(canvas *c, int x, int y, int w, int h, rgba a, rgba b);
/* Radial falloff mask (2r+1 square, r >= 1): peak at the centre fading to 0 at r as
 * (1 - d^2/r^2)^power (power 1 or 2), so a halo reads soft with no visible edge; power 2
 * hugs the centre more. m holds (2r+1)^2 bytes. */
void paint_falloff_mask(uint8_t *m, int r, int peak, int power);

#endif
