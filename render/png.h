/* png: PNG encoding of a canvas with stb_image_write (Debian's libstb-dev), deflate
 * handed to libdeflate through STBIW_ZLIB_COMPRESS and filter "none" (smaller and
 * faster on tile frames), and atomic writing through a temporary file. */
#ifndef DELVE_RENDER_PNG_H
#define DELVE_RENDER_PNG_H

#include <stddef.h>
#include <stdint.h>

#include "render/canvas.h"

/* Encodes c as an RGBA PNG in memory; *out is malloc'ed (free it). DELVE_ENOMEM. */
delve_status png_encode(const canvas *c, uint8_t **out, size_t *len, delve_err *err);

/* Encodes and writes c to path through a temporary name and rename, so no half PNG
 * is ever left. DELVE_EIO with the path and reason. */
delve_status png_write(const char *path, const canvas *c, delve_err *err);

#endif
