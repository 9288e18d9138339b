/* zrow: deflate with the fixed Huffman codes of RFC 1951 section 3.2.6, and a greedy
 * choice at each byte between a match with the row above, a run of the byte before and
 * a literal. Codes are written least significant bit first, Huffman codes reversed. */
#include "codecs/zrow.h"

#include <libdeflate.h>
#include <string.h>

#define ZROW_MIN_MATCH 3
#define ZROW_MAX_MATCH 258
#define ZROW_WINDOW 32768
#define ZROW_EOB 256

/* RFC 1951 3.2.5: first length of length codes 257..285, and their extra bits */
static const uint16_t LEN_BASE[29] = { 3,  4,  5,  6,  7,  8,  9,  10, 11,  13,
                                       15, 17, 19, 23, 27, 31, 35, 43, 51,  59,
                                       67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const uint8_t LEN_EXTRA[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                       2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
/* first distance of distance codes 0..29, and their extra bits */
static const uint16_t DIST_BASE[30] = { 1,    2,    3,    4,    5,    7,     9,     13,
                                        17,   25,   33,   49,   65,   97,    129,   193,
                                        257,  385,  513,  769,  1025, 1537,  2049,  3073,
                                        4097, 6145, 8193, 12289, 16385, 24577 };
static const uint8_t DIST_EXTRA[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3,  3,  4,  4,  5,  5,  6,
                                        6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };

/* A code as written: its bits (in stream order) and how many. */
typedef struct zrow_code {
    uint32_t bits;
    int n;
} zrow_code;

/* The bits not yet written and where bytes go. */
typedef struct zrow_out {
    uint64_t acc;
    int n;
    uint8_t *o;
} zrow_out;

/* The codes of one encoder: literal/length symbols 0..287 (with the extra bits of a
 * length folded in per length), and the two distances it uses. */
typedef struct zrow_tabs {
    zrow_code sym[288];
    zrow_code len[ZROW_MAX_MATCH + 1]; /* symbol and extra bits of each match length */
    zrow_code dist_run, dist_row;
} zrow_tabs;

static uint32_t reverse(uint32_t v, int n)
{
    uint32_t r = 0;
    for (int i = 0; i < n; i++, v >>= 1)
        r = r << 1 | (v & 1);
    return r;
}

/* The fixed literal/length code of symbol s (RFC 1951 3.2.6), reversed for writing. */
static zrow_code fixed_sym(int s)
{
    zrow_code c = s < 144   ? (zrow_code){ 0x30u + (uint32_t)s, 8 }
                  : s < 256 ? (zrow_code){ 0x190u + (uint32_t)(s - 144), 9 }
                  : s < 280 ? (zrow_code){ (uint32_t)(s - 256), 7 }
                            : (zrow_code){ 0xc0u + (uint32_t)(s - 280), 8 };
    c.bits = reverse(c.bits, c.n);
    return c;
}

/* Distance d's code: 5 bits (reversed), then its extra bits. */
static zrow_code dist_code(size_t d)
{
    int k = 29;
    while (DIST_BASE[k] > d)
        k--;
    return (zrow_code){ reverse((uint32_t)k, 5) | (uint32_t)(d - DIST_BASE[k]) << 5,
                        5 + DIST_EXTRA[k] };
}

static void make_tabs(zrow_tabs *t, size_t row)
{
    for (int s = 0; s < 288; s++)
        t->sym[s] = fixed_sym(s);
    for (int len = ZROW_MIN_MATCH, k = 0; len <= ZROW_MAX_MATCH; len++) {
        while (k < 28 && LEN_BASE[k + 1] <= len)
            k++;
        zrow_code s = t->sym[257 + k];
        t->len[len] = (zrow_code){ s.bits | (uint32_t)(len - LEN_BASE[k]) << s.n,
                                   s.n + LEN_EXTRA[k] };
    }
    t->dist_run = dist_code(1);
    t->dist_row = dist_code(row);
}

/* Appends c (at most 32 bits) and writes out whole 32-bit words. */
static inline void put(zrow_out *w, zrow_code c)
{
    w->acc |= (uint64_t)c.bits << w->n;
    w->n += c.n;
    if (w->n >= 32) {
        for (int i = 0; i < 4; i++)
            *w->o++ = (uint8_t)(w->acc >> (8 * i));
        w->acc >>= 32;
        w->n -= 32;
    }
}

/* Writes out the bits left, the last byte padded with zeros. */
static void flush(zrow_out *w)
{
    for (; w->n > 0; w->n -= 8, w->acc >>= 8)
        *w->o++ = (uint8_t)w->acc;
    w->n = 0;
}

/* How many of the first max bytes of p equal those of q (8 at a time; on little-endian
 * gcc and clang the first byte that differs found from the lowest set bit). */
static size_t same_len(const uint8_t *p, const uint8_t *q, size_t max)
{
    size_t k = 0;
    for (; k + 8 <= max; k += 8) {
        uint64_t a, b;
        memcpy(&a, p + k, 8);
        memcpy(&b, q + k, 8);
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (a != b)
            return k + (size_t)(__builtin_ctzll(a ^ b) >> 3);
#else
        if (a != b)
            break;
#endif
    }
    while (k < max && p[k] == q[k])
        k++;
    return k;
}

size_t zrow_part_bound(size_t n)
{
    return n + n / 8 + 16;
}

size_t zrow_part(const uint8_t *data, size_t from, size_t to, size_t row, int last,
                 uint8_t *out)
{
    zrow_tabs t;
    make_tabs(&t, row >= 1 && row <= ZROW_WINDOW ? row : 1);
    zrow_out w = { 0, 0, out };
    put(&w, (zrow_code){ (last ? 1u : 0u) | 1u << 1, 3 }); /* BFINAL, BTYPE 01: fixed */
    int above = row <= ZROW_WINDOW;
    for (size_t i = from; i < to;) {
        if ((!above || i < row || data[i] != data[i - row]) && (i < 1 || data[i] != data[i - 1])) {
            put(&w, t.sym[data[i++]]); /* unlike the byte above and the one before: no match */
            continue;
        }
        size_t max = to - i < ZROW_MAX_MATCH ? to - i : ZROW_MAX_MATCH;
        size_t up = row <= ZROW_WINDOW && i >= row ? same_len(data + i, data + i - row, max) : 0;
        size_t run = up < max && i >= 1 ? same_len(data + i, data + i - 1, max) : 0;
        if (up >= ZROW_MIN_MATCH && up >= run) {
            put(&w, t.len[up]);
            put(&w, t.dist_row);
            i += up;
        } else if (run >= ZROW_MIN_MATCH) {
            put(&w, t.len[run]);
            put(&w, t.dist_run);
            i += run;
        } else {
            put(&w, t.sym[data[i++]]);
        }
    }
    put(&w, t.sym[ZROW_EOB]);
    if (!last) /* an empty stored block: BFINAL 0, BTYPE 00, to a byte, LEN 0, NLEN ~0 */
        put(&w, (zrow_code){ 0, 3 });
    flush(&w);
    if (!last) {
        static const uint8_t EMPTY_STORED[4] = { 0, 0, 0xff, 0xff };
        memcpy(w.o, EMPTY_STORED, 4);
        w.o += 4;
    }
    return (size_t)(w.o - out);
}

void zrow_zlib_head(uint8_t out[2])
{
    out[0] = 0x78; /* deflate, 32 KB window */
    out[1] = 0x01; /* no dictionary, fastest; 0x7801 is a multiple of 31 */
}

void zrow_zlib_tail(const uint8_t *data, size_t n, uint8_t out[4])
{
    zrow_zlib_tail_of(libdeflate_adler32(1, data, n), out);
}

void zrow_zlib_tail_of(uint32_t adler, uint8_t out[4])
{
    for (int i = 0; i < 4; i++)
        out[i] = (uint8_t)(adler >> (24 - 8 * i));
}

#define ADLER_MOD 65521u

/* Adler-32 is s1 = 1 + the sum of the bytes and s2 = the sum of s1 after each byte, both
 * mod 65521. Over the second piece every running s1 is the first's s1 - 1 more than it
 * would be alone, so s1 = s1a + s1b - 1 and s2 = s2a + s2b + n2 (s1a - 1). */
uint32_t zrow_adler_join(uint32_t a1, uint32_t a2, size_t n2)
{
    uint32_t s1a = a1 & 0xffff, s2a = a1 >> 16, s1b = a2 & 0xffff, s2b = a2 >> 16;
    uint32_t n = (uint32_t)(n2 % ADLER_MOD);
    uint32_t s1 = (s1a + s1b + ADLER_MOD - 1) % ADLER_MOD;
    uint32_t s2 = (uint32_t)(((uint64_t)s2a + s2b + (uint64_t)n * ((s1a + ADLER_MOD - 1) % ADLER_MOD)) %
                             ADLER_MOD);
    return s2 << 16 | s1;
}
