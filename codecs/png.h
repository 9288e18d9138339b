/* png: the one PNG reader and writer of delve. Writing: stb_image_write (Debian's
 * libstb-dev) with its deflate handed to ISA-L's igzip (libdeflate where ISA-L is
 * missing), an opaque canvas as RGB rows filtered "up", written atomically through a
 * temporary file. Reading: libspng (Debian's libspng-dev), with a
 * faster path of its own for the 8-bit RGB/RGBA files delve and most tools write
 * (libdeflate), which agrees with libspng on every file. Measurements: docs/perf-log.md.
 * Uses base/fsio, stb_image_write, libspng, libdeflate and libc only. */
#ifndef DELVE_CODECS_PNG_H
#define DELVE_CODECS_PNG_H

#include <stddef.h>
#include <stdint.h>

#include "render/canvas.h"

/* Encodes c as a PNG in memory: 8-bit RGB when every alpha is 255, else RGBA (png.c
 * says why); *out is malloc'ed (free it). The same pixels give the same bytes.
 * DELVE_EINPUT on an empty canvas, DELVE_ENOMEM. Thread-safe. */
delve_status png_encode(const canvas *c, uint8_t **out, size_t *len, delve_err *err);

/* Encodes and writes c to path through a temporary name in the same folder
 * (path.tmp.XXXXXX, mkstemp) and rename, so no half PNG is ever left; the temporary is
 * removed on failure. The file is made 0644. DELVE_EIO with the path and strerror.
 * Thread-safe. */
delve_status png_write(const char *path, const canvas *c, delve_err *err);

/* png_write of a file that must not exist yet, written under its own name
 * (base/fsio.h fsio_write_new): for a folder swapped in whole, a film's frames. */
delve_status png_write_new(const char *path, const canvas *c, delve_err *err);

/* Limits of every read, checked from the header before anything is allocated. */
#define PNG_READ_MAX_SIDE 16384              /* pixels a side */
#define PNG_READ_MAX_PIXELS (64 * 1024 * 1024) /* pixels (half when read at 16 bits):
                                                * at most 256 MB decoded */
#define PNG_READ_MAX_FILE_BYTES (256u << 20) /* bytes of a PNG file */
#define PNG_READ_MAX_CHUNK (4u << 20)        /* bytes of one ancillary chunk (text, ICC) */
#define PNG_READ_MAX_CHUNKS_KEPT (16u << 20) /* bytes of all ancillary chunks, inflated */

/* A decoded image: RGBA, 4 * w channels a row with no padding, 8 or 16 bits a channel
 * (16: native-endian uint16_t). Free px with png_image_free. */
typedef struct png_image {
    int w, h;
    int bits;              /* 8 or 16 */
    void *px;              /* uint8_t[w*h*4] or uint16_t[w*h*4] */
} png_image;

enum {
    PNG_READ_DEEP = 1,      /* 16-bit files stay at 16 bits (otherwise: the high byte) */
    PNG_READ_SPNG_ONLY = 2, /* libspng alone, without the fast path (tests compare them) */
};

/* Decodes the len bytes of a PNG file (name words the errors) into *out as RGBA at 8
 * bits, or at the file's own depth with PNG_READ_DEEP. Grey, grey-alpha, RGB, RGBA and
 * palette at any bit depth, interlaced or not; tRNS gives alpha; no gamma is applied.
 * What the PNG spec refuses is refused (bad signature or CRC, unknown critical chunk,
 * chunks out of order, truncated or missing IDAT or IEND, a palette index past the
 * PLTE: "corrupt PNG (pixel X,Y has palette index I, past the N entries of its PLTE)",
 * which libspng itself lets through...). DELVE_ELIMIT naming the
 * file past max_side pixels a side or PNG_READ_MAX_PIXELS (checked from the header,
 * before any allocation); DELVE_EINPUT naming the file for "not a PNG image" or
 * "corrupt PNG (libspng's reason)"; DELVE_ENOMEM. Memory stays within the limits and
 * about 1032 times len (deflate's largest ratio). Thread-safe. */
delve_status png_decode(const void *data, size_t len, const char *name, int max_side,
                        int flags, png_image *out, delve_err *err);

/* png_decode of the file at path (at most PNG_READ_MAX_FILE_BYTES). Also DELVE_EIO when
 * it cannot be read (fsio_read_all's message names it). */
delve_status png_load(const char *path, int max_side, int flags, png_image *out,
                      delve_err *err);
void png_image_free(png_image *im);

/* The scanlines of a PNG as the fast path inflates them, before unfiltering: h rows of
 * a filter byte then w * bpp bytes of RGB8 or RGBA8. */
typedef struct png_rows {
    int w, h;
    int bpp;               /* 3: RGB (alpha 255 when read), 4: RGBA */
    uint8_t *raw;          /* png_alloc_big'ed; free with free */
    uint32_t adler;        /* with PNG_ROWS_ADLER_LATER: the Adler-32 the file gives for
                            * raw, not checked yet */
} png_rows;

/* png_rows_load flag: the zlib stream's Adler-32 is left to the caller, who must sum
 * raw's h rows (libdeflate_adler32) and read the file through png_load instead when the
 * sum is not png_rows.adler (so the two still take the same files). */
#define PNG_ROWS_ADLER_LATER 1

/* The file at path as scanlines, for readers that unfilter as they go (review/diff):
 * 1 when it is a file png_load's fast path takes (8-bit RGB or RGBA, see codecs/png.c)
 * within max_side and every row is filtered "none" or "up" (so columns unfilter apart:
 * new pixels are raw + the pixel above); else 0 with *out zeroed, and png_load then
 * reads (or refuses, with its message) the file as before. Unfiltered (RGB with alpha
 * 255), the rows are png_load's pixels. flags: 0, or PNG_ROWS_ADLER_LATER. Thread-safe. */
int png_rows_load(const char *path, int max_side, int flags, png_rows *out);

/* png_rows_load of the len bytes of a PNG file in memory. */
int png_rows_decode(const void *data, size_t len, int max_side, int flags, png_rows *out);

/* npx RGB8 pixels from src as RGBA8 (alpha 255) into dst, which must not overlap src. */
void png_rgb_to_rgba(uint8_t *dst, const uint8_t *src, size_t npx);

/* dst[i] = src[i] + up[i] (mod 256) for n bytes: the "up" filter undone. dst may be src
 * or lie before it, but must not overlap up. 16 bytes at a time. */
void png_add_up(uint8_t *dst, const uint8_t *src, const uint8_t *up, size_t n);

/* png_load at 8 bits into a new canvas *out (free with canvas_free), refusing more than
 * max_side pixels a side; errors as png_load. png_read: max_side PNG_READ_MAX_SIDE. */
delve_status png_read_max(const char *path, int max_side, canvas *out, delve_err *err);
delve_status png_read(const char *path, canvas *out, delve_err *err);

/* malloc for big pixel or scanline buffers (free with free): past 1 MB, 2 MB aligned
 * and marked for transparent huge pages, so the kernel maps them 2 MB at a time instead
 * of taking a page fault every 4 KB (those faults were a good part of a 1920x1080
 * diff's time). NULL when out of memory. */
void *png_alloc_big(size_t n);

/* Call once at program start (app/ does): keeps glibc from handing the encoder's
 * 3.7 MB buffers back to the system after every frame, whose page faults would cost
 * a film about as much as encoding it. Does nothing on other C libraries. */
void png_tune_malloc(void);

#endif
