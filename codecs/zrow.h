/* zrow: a fast deflate encoder (RFC 1951, fixed Huffman codes) for images whose bytes
 * mostly repeat the row above or the byte before, as diff images do: greedy matches at
 * those two distances only: on a diff image that is several times faster than libdeflate
 * at any level, for a stream about twice the size, and a diff image is written once and
 * read seldom (docs/perf-log.md has the figures). Parts of one stream can be encoded on separate
 * threads and joined end to end (zrow_part). Uses libdeflate for the Adler-32 only;
 * needs nothing of delve's. */
#ifndef DELVE_CODECS_ZROW_H
#define DELVE_CODECS_ZROW_H

#include <stddef.h>
#include <stdint.h>

/* Bytes zrow_part may write for a part of n bytes. */
size_t zrow_part_bound(size_t n);

/* Encodes data[from..to) as deflate blocks into out (zrow_part_bound(to - from) bytes),
 * matches reaching back into data[0..from) as well (at distance 1 or row <= 32768, row
 * >= 1). The part ends on a byte boundary: with a final block when last is 1, else with
 * an empty stored block (a sync flush), so parts from..to of 0..n joined in order make
 * one raw deflate stream of data[0..n). Returns the bytes written. Thread-safe. */
size_t zrow_part(const uint8_t *data, size_t from, size_t to, size_t row, int last,
                 uint8_t *out);

/* The zlib header (2 bytes) and trailer (Adler-32 of data, n bytes; 4 bytes) around a
 * raw deflate stream. */
void zrow_zlib_head(uint8_t out[2]);
void zrow_zlib_tail(const uint8_t *data, size_t n, uint8_t out[4]);

/* The Adler-32 of two pieces of data end to end, from the first's (a1), the second's (a2,
 * computed from 1 as libdeflate_adler32(1, ...) does) and the second's length n2: so
 * parts encoded on separate threads can sum their own bytes. */
uint32_t zrow_adler_join(uint32_t a1, uint32_t a2, size_t n2);

/* The zlib trailer of a stream whose data's Adler-32 is adler (4 bytes). */
void zrow_zlib_tail_of(uint32_t adler, uint8_t out[4]);

#endif
