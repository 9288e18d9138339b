/* yuv: a canvas's pixels in the layouts --video's encoders read (films/video.c feeds them
 * to ffmpeg): planar YUV 4:2:0 for H.264, so ffmpeg neither converts nor reads 4 bytes a
 * pixel, and packed BGRA for the GIF and WebP, the one layout ffmpeg's palette filters
 * and WebP encoder take as they are. Integer maths only: the same bytes everywhere.
 * Uses render/canvas only. */
#ifndef DELVE_CODECS_YUV_H
#define DELVE_CODECS_YUV_H

#include <stddef.h>
#include <stdint.h>

#include "render/canvas.h"

/* Bytes of the picture yuv_i420 makes of a w x h canvas (w, h >= 2): its even part
 * (w & ~1) x (h & ~1), one byte a pixel of luma, then a quarter of that each for U and V. */
size_t yuv_i420_size(int w, int h);

/* c's even part (an odd last column or row is left out, as H.264 4:2:0 needs even
 * sides) as I420 (ffmpeg's yuv420p) into dst, yuv_i420_size(c->w, c->h) bytes: BT.601
 * limited range in 8-bit fixed point, Y 16-235 from each pixel, U and V 16-240 from the
 * rounded mean of each 2 x 2 block's red, green and blue (what ffmpeg's default
 * rgba-to-yuv420p conversion gives within 2 levels). Alpha is ignored (frames are
 * opaque). c at least 2 x 2. */
void yuv_i420(uint8_t *dst, const canvas *c);

/* c's pixels as packed BGRA (ffmpeg's bgra), rows of 4 * c->w bytes without gaps, into
 * dst (4 * w * h bytes). */
void yuv_bgra(uint8_t *dst, const canvas *c);

/* c halved both ways (each pixel the rounded mean of a 2 x 2 block, alpha too: what
 * canvas_blit_scaled does to a rectangle half c's size) as packed BGRA, (c->w / 2) x
 * (c->h / 2) pixels without gaps, into dst: film.gif's frames when the GIF is half the
 * film's width, in one pass instead of a scaled canvas and a copy of it. An odd last
 * column or row of c is left out. */
void yuv_bgra_half(uint8_t *dst, const canvas *c);

#endif
