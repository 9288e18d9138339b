/* png: PNG encoding of a canvas with stb_image_write (Debian's libstb-dev), its deflate
 * handed to libdeflate through STBIW_ZLIB_COMPRESS and every row filtered "up", and
 * atomic writing through a temporary file. Measurements and the choice of filter:
 * render/README.md. Uses stb_image_write, libdeflate and libc only. */
#ifndef DELVE_RENDER_PNG_H
#define DELVE_RENDER_PNG_H

#include <stddef.h>
#include <stdint.h>

#include "render/canvas.h"

/* Encodes c as an RGBA PNG in memory; *out is malloc'ed (free it). The same pixels
 * give the same bytes. DELVE_EINPUT on an empty canvas, DELVE_ENOMEM. Thread-safe. */
delve_status png_encode(const canvas *c, uint8_t **out, size_t *len, delve_err *err);

/* Encodes and writes c to path through a temporary name in the same folder
 * (path.tmp.XXXXXX, mkstemp) and rename, so no half PNG is ever left; the temporary is
 * removed on failure. The file is made 0644. DELVE_EIO with the path and strerror.
 * Thread-safe. */
delve_status png_write(const char *path, const canvas *c, delve_err *err);

#define PNG_READ_MAX_SIDE 16384  /* a larger PNG is refused before it is decoded */

/* Reads a PNG (any bit depth or colour type stb_image reads, Debian's libstb-dev) into
 * a new RGBA8 canvas *out (free with canvas_free). DELVE_EIO when it cannot be read,
 * DELVE_EINPUT naming the file when it is not a PNG stb_image can decode, DELVE_ELIMIT
 * past PNG_READ_MAX_SIDE a side (checked from the header, before any pixel is
 * decoded). */
delve_status png_read(const char *path, canvas *out, delve_err *err);

/* As png_read, refusing more than max_side pixels a side (before decoding). */
delve_status png_read_max(const char *path, int max_side, canvas *out, delve_err *err);

/* Call once at program start (app/ does): keeps glibc from handing the encoder's
 * 3.7 MB buffers back to the system after every frame, which costs ~10 ms of page
 * faults a frame. Does nothing on other C libraries. */
void png_tune_malloc(void);

#endif
