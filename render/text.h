/* text: drawing UTF-8 text into a canvas through SDL2_ttf with DejaVu Sans (Debian's
 * fonts-dejavu-core), found at its standard path or through fontconfig (libfontconfig),
 * or given with --font; a character the font lacks comes from the first font fontconfig
 * lists for DejaVu Sans that has it. Uses SDL2_ttf and SDL's surface type for glyphs,
 * nothing else of SDL.
 * A text_ctx keeps the open fonts, the coverage masks of recently drawn strings and the
 * widths it measured, so a HUD that draws the same strings every frame rasterises and
 * shapes each only once. A text_ctx
 * is for one thread at a time (FreeType inside SDL_ttf is not thread-safe either: give
 * each drawing thread its own context, or draw text from one thread). Text is never
 * part of a golden (hud = 0 draws none): glyphs may differ between FreeType builds. */
#ifndef DELVE_RENDER_TEXT_H
#define DELVE_RENDER_TEXT_H

#include <stddef.h>

#include "render/canvas.h"

typedef struct text_ctx text_ctx;  /* opaque: the open fonts, cached by size */

enum { TEXT_SANS = 0, TEXT_BOLD = 1, TEXT_MONO = 2, TEXT_STYLE_COUNT };

/* Opens the fonts. font_path NULL finds DejaVu Sans (and its Bold and Mono siblings in
 * the same folder when present). DELVE_EINPUT with a clear message (what was tried,
 * which package to install, --font) when no font is found. A given font_path is used
 * for all three styles. Free with text_close. */
delve_status text_open(text_ctx **out, const char *font_path, delve_err *err);
void text_close(text_ctx *t);

/* Asks fontconfig for the file of its best match for family (a fontconfig pattern such
 * as "DejaVu Sans"; FcFontMatch, as `fc-match` answers) into path (size bytes).
 * DELVE_EINPUT when fontconfig names no readable file. */
delve_status text_find_font(const char *family, char *path, size_t size, delve_err *err);

/* Draws str with its top-left at (x, y), height px_size pixels, style TEXT_*, colour
 * col (alpha blended); clips to the canvas. Characters the style's font lacks are drawn
 * with a fallback font on the same baseline (the top of file says how). Returns the
 * width drawn in pixels (0 for an empty string or when the font cannot draw it). */
int text_draw(canvas *c, text_ctx *t, int x, int y, int px_size, int style, rgba col,
              const char *str);
/* Width in pixels str would take. */
int text_width(text_ctx *t, int px_size, int style, const char *str);
/* Height in pixels of a line at px_size (the font's line skip). */
int text_line_h(text_ctx *t, int px_size, int style);

/* The first code point of str (UTF-8) that neither style's font nor any fallback font
 * draws (it shows as the font's box), or 0 when every one is drawn. */
uint32_t text_missing(text_ctx *t, int style, const char *str);

/* Is str[i] a space a wrapped line may break at? Not one before a signed number ("Ash
 * -12", "Bryn +12"): a member's damage or heal stays with the name, never alone on a line.
 * str is read up to its '\0'. */
int text_breaks_at(const char *str, size_t i);

/* Copies str into buf (size bytes), cut between words (else, for one word too wide, at
 * a UTF-8 character boundary) and ended with "..." when it is wider than max_w pixels.
 * Returns buf. */
char *text_fit(text_ctx *t, int px_size, int style, int max_w, const char *str, char *buf,
               size_t size);

#endif
