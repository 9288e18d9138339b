/* yuv: RGBA canvases into I420 and BGRA for the video encoders. */
#include "codecs/yuv.h"

#include <string.h>

/* BT.601 limited range, 8-bit fixed point (the coefficients of Rec. 601 scaled by
 * 219/255 for luma and 224/255 for chroma, times 256). Chroma is computed from sums of
 * four pixels, so it has two more bits to shift away; the offsets fold in 128 (or 16)
 * and the rounding, and keep every sum positive so the shifts are of unsigned values. */
enum {
    YR = 66, YG = 129, YB = 25, Y_OFF = (16 << 8) + 128,
    UR = 38, UG = 74, UB = 112, /* U = UB * b - UR * r - UG * g */
    VR = 112, VG = 94, VB = 18, /* V = VR * r - VG * g - VB * b */
    C_OFF = (128 << 10) + 512,
};

size_t yuv_i420_size(int w, int h)
{
    size_t luma = (size_t)(w & ~1) * (size_t)(h & ~1);
    return luma + luma / 2;
}

static inline uint8_t luma(const uint8_t *p)
{
    return (uint8_t)((YR * p[0] + YG * p[1] + YB * p[2] + Y_OFF) >> 8);
}

/* Pixels x0 .. w2 (x0 and w2 even) of a pair of rows a and b into two luma rows and a
 * row each of U and V. */
static void row_pair(const uint8_t *a, const uint8_t *b, int x0, int w2, uint8_t *ya,
                     uint8_t *yb, uint8_t *u, uint8_t *v)
{
    a += 4 * x0;
    b += 4 * x0;
    for (int x = x0; x < w2; x += 2, a += 8, b += 8) {
        ya[x] = luma(a);
        ya[x + 1] = luma(a + 4);
        yb[x] = luma(b);
        yb[x + 1] = luma(b + 4);
        int r = a[0] + a[4] + b[0] + b[4];
        int g = a[1] + a[5] + b[1] + b[5];
        int bl = a[2] + a[6] + b[2] + b[6];
        u[x / 2] = (uint8_t)((UB * bl - UR * r - UG * g + C_OFF) >> 10);
        v[x / 2] = (uint8_t)((VR * r - VG * g - VB * bl + C_OFF) >> 10);
    }
}

#if defined(__SSE2__)
#include <emmintrin.h>

/* Four pixels split into 16-bit lanes: red and blue of each, green and alpha. */
typedef struct quad {
    __m128i rb, ga;
} quad;

static inline quad split4(const uint8_t *p)
{
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    return (quad){ _mm_and_si128(v, _mm_set1_epi32(0x00ff00ff)), _mm_srli_epi16(v, 8) };
}

/* Each pair of 16-bit lanes weighted by crb (red, blue) and cg (green, 0) and summed by
 * pmaddwd: four 32-bit lanes. */
static inline __m128i weigh(quad q, __m128i crb, __m128i cg)
{
    return _mm_add_epi32(_mm_madd_epi16(q.rb, crb), _mm_madd_epi16(q.ga, cg));
}

/* Eight pixels' luma (two quads) as bytes into y. */
static inline void luma8(quad lo, quad hi, uint8_t *y)
{
    const __m128i crb = _mm_set_epi16(YB, YR, YB, YR, YB, YR, YB, YR), cg = _mm_set1_epi32(YG);
    const __m128i off = _mm_set1_epi32(Y_OFF);
    __m128i l = _mm_packs_epi32(_mm_srli_epi32(_mm_add_epi32(weigh(lo, crb, cg), off), 8),
                                _mm_srli_epi32(_mm_add_epi32(weigh(hi, crb, cg), off), 8));
    _mm_storel_epi64((__m128i *)y, _mm_packus_epi16(l, l));
}

/* Two 2 x 2 blocks' sums (a quad of row a, one of row b) in 16-bit lanes 0-1 and 4-5:
 * 16 bits hold 4 x 255. */
static inline quad block2(quad a, quad b)
{
    __m128i rb = _mm_add_epi16(a.rb, b.rb), ga = _mm_add_epi16(a.ga, b.ga);
    return (quad){ _mm_add_epi16(rb, _mm_srli_epi64(rb, 32)),
                   _mm_add_epi16(ga, _mm_srli_epi64(ga, 32)) };
}

/* Four blocks' U or V (the sums lo and hi) as bytes into out. */
static inline void chroma4(quad lo, quad hi, __m128i crb, __m128i cg, uint8_t *out)
{
    __m128i q = _mm_unpacklo_epi64(_mm_shuffle_epi32(weigh(lo, crb, cg), _MM_SHUFFLE(3, 1, 2, 0)),
                                   _mm_shuffle_epi32(weigh(hi, crb, cg), _MM_SHUFFLE(3, 1, 2, 0)));
    q = _mm_srli_epi32(_mm_add_epi32(q, _mm_set1_epi32(C_OFF)), 10);
    q = _mm_packs_epi32(q, q);
    int32_t four = _mm_cvtsi128_si32(_mm_packus_epi16(q, q));
    memcpy(out, &four, 4);
}

/* row_pair's first pixels, eight at a time (SSE2 is in every x86-64); the count done. */
static int row_pair_simd(const uint8_t *a, const uint8_t *b, int w2, uint8_t *ya,
                         uint8_t *yb, uint8_t *u, uint8_t *v)
{
    const __m128i u_rb = _mm_set_epi16(UB, -UR, UB, -UR, UB, -UR, UB, -UR);
    const __m128i v_rb = _mm_set_epi16(-VB, VR, -VB, VR, -VB, VR, -VB, VR);
    const __m128i u_g = _mm_set1_epi32((uint16_t)-UG), v_g = _mm_set1_epi32((uint16_t)-VG);
    int x = 0;
    for (; x + 8 <= w2; x += 8) {
        quad a0 = split4(a + 4 * x), a1 = split4(a + 4 * x + 16);
        quad b0 = split4(b + 4 * x), b1 = split4(b + 4 * x + 16);
        luma8(a0, a1, ya + x);
        luma8(b0, b1, yb + x);
        quad s0 = block2(a0, b0), s1 = block2(a1, b1);
        chroma4(s0, s1, u_rb, u_g, u + x / 2);
        chroma4(s0, s1, v_rb, v_g, v + x / 2);
    }
    return x;
}
/* Four output pixels of yuv_bgra_half from eight of row a and eight of row b: each
 * 2 x 2 block summed in 16-bit lanes (4 x 255 fits), rounded, red and blue swapped. */
static inline void half4(const uint8_t *a, const uint8_t *b, uint8_t *out)
{
    const __m128i z = _mm_setzero_si128(), two = _mm_set1_epi16(2);
    __m128i a0 = _mm_loadu_si128((const __m128i *)a), a1 = _mm_loadu_si128((const __m128i *)(a + 16));
    __m128i b0 = _mm_loadu_si128((const __m128i *)b), b1 = _mm_loadu_si128((const __m128i *)(b + 16));
    /* pixels 0-1, 2-3, 4-5, 6-7 of both rows, summed down */
    __m128i s0 = _mm_add_epi16(_mm_unpacklo_epi8(a0, z), _mm_unpacklo_epi8(b0, z));
    __m128i s1 = _mm_add_epi16(_mm_unpackhi_epi8(a0, z), _mm_unpackhi_epi8(b0, z));
    __m128i s2 = _mm_add_epi16(_mm_unpacklo_epi8(a1, z), _mm_unpacklo_epi8(b1, z));
    __m128i s3 = _mm_add_epi16(_mm_unpackhi_epi8(a1, z), _mm_unpackhi_epi8(b1, z));
    /* and across: the even pixel of each pair plus the odd one */
    __m128i lo = _mm_add_epi16(_mm_unpacklo_epi64(s0, s1), _mm_unpackhi_epi64(s0, s1));
    __m128i hi = _mm_add_epi16(_mm_unpacklo_epi64(s2, s3), _mm_unpackhi_epi64(s2, s3));
    lo = _mm_srli_epi16(_mm_add_epi16(lo, two), 2);
    hi = _mm_srli_epi16(_mm_add_epi16(hi, two), 2);
    /* RGBA to BGRA: lanes 0 and 2 of each pixel swapped */
    lo = _mm_shufflehi_epi16(_mm_shufflelo_epi16(lo, _MM_SHUFFLE(3, 0, 1, 2)), _MM_SHUFFLE(3, 0, 1, 2));
    hi = _mm_shufflehi_epi16(_mm_shufflelo_epi16(hi, _MM_SHUFFLE(3, 0, 1, 2)), _MM_SHUFFLE(3, 0, 1, 2));
    _mm_storeu_si128((__m128i *)out, _mm_packus_epi16(lo, hi));
}

#if defined(__GNUC__)
#include <immintrin.h>
#define YUV_AVX2 1

/* The same maths in 256-bit lanes where the CPU has AVX2 (asked at run time: the build
 * is for any x86-64): sixteen pixels a step, about a third less time a frame than
 * SSE2's eight (docs/perf-log.md, "--video"). */

/* Eight pixels split into 16-bit lanes, as split4. */
typedef struct oct {
    __m256i rb, ga;
} oct;

__attribute__((target("avx2"))) static inline oct split8(const uint8_t *p)
{
    __m256i v = _mm256_loadu_si256((const __m256i *)p);
    return (oct){ _mm256_and_si256(v, _mm256_set1_epi32(0x00ff00ff)), _mm256_srli_epi16(v, 8) };
}

__attribute__((target("avx2"))) static inline __m256i weigh8(oct q, __m256i crb, __m256i cg)
{
    return _mm256_add_epi32(_mm256_madd_epi16(q.rb, crb), _mm256_madd_epi16(q.ga, cg));
}

/* Sixteen 32-bit values, eight in each of lo and hi in order, as bytes into out. */
__attribute__((target("avx2"))) static inline void bytes16(__m256i lo, __m256i hi, uint8_t *out)
{
    __m128i l = _mm_packs_epi32(_mm256_castsi256_si128(lo), _mm256_extracti128_si256(lo, 1));
    __m128i h = _mm_packs_epi32(_mm256_castsi256_si128(hi), _mm256_extracti128_si256(hi, 1));
    _mm_storeu_si128((__m128i *)out, _mm_packus_epi16(l, h));
}

/* Sixteen pixels' luma (two octs) as bytes into y. */
__attribute__((target("avx2"))) static inline void luma16(oct lo, oct hi, uint8_t *y)
{
    const __m256i crb = _mm256_set1_epi32((YB << 16) | YR), cg = _mm256_set1_epi32(YG);
    const __m256i off = _mm256_set1_epi32(Y_OFF);
    bytes16(_mm256_srli_epi32(_mm256_add_epi32(weigh8(lo, crb, cg), off), 8),
            _mm256_srli_epi32(_mm256_add_epi32(weigh8(hi, crb, cg), off), 8), y);
}

/* Four 2 x 2 blocks' sums (an oct of row a, one of row b), as block2. */
__attribute__((target("avx2"))) static inline oct block4(oct a, oct b)
{
    __m256i rb = _mm256_add_epi16(a.rb, b.rb), ga = _mm256_add_epi16(a.ga, b.ga);
    return (oct){ _mm256_add_epi16(rb, _mm256_srli_epi64(rb, 32)),
                  _mm256_add_epi16(ga, _mm256_srli_epi64(ga, 32)) };
}

/* Eight blocks' U or V (the sums lo and hi) as bytes into out. */
__attribute__((target("avx2"))) static inline void chroma8(oct lo, oct hi, __m256i crb, __m256i cg,
                                                           uint8_t *out)
{
    /* each 64 bits holds a block's value in its low half: blocks 0 1 | 2 3 and 4 5 | 6 7 */
    __m256i q = _mm256_unpacklo_epi64(_mm256_shuffle_epi32(weigh8(lo, crb, cg), _MM_SHUFFLE(3, 1, 2, 0)),
                                      _mm256_shuffle_epi32(weigh8(hi, crb, cg), _MM_SHUFFLE(3, 1, 2, 0)));
    q = _mm256_permutevar8x32_epi32(q, _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7));
    q = _mm256_srli_epi32(_mm256_add_epi32(q, _mm256_set1_epi32(C_OFF)), 10);
    __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(q), _mm256_extracti128_si256(q, 1));
    _mm_storel_epi64((__m128i *)out, _mm_packus_epi16(w, w));
}

/* row_pair_simd with 256-bit lanes, sixteen pixels at a time: the same sums, the same
 * bytes. */
__attribute__((target("avx2"))) static int row_pair_avx2(const uint8_t *a, const uint8_t *b,
                                                         int w2, uint8_t *ya, uint8_t *yb,
                                                         uint8_t *u, uint8_t *v)
{
    const __m256i u_rb = _mm256_set1_epi32((int)((uint32_t)UB << 16 | (uint16_t)-UR));
    const __m256i v_rb = _mm256_set1_epi32((int)((uint32_t)(uint16_t)-VB << 16 | VR));
    const __m256i u_g = _mm256_set1_epi32((uint16_t)-UG), v_g = _mm256_set1_epi32((uint16_t)-VG);
    int x = 0;
    for (; x + 16 <= w2; x += 16) {
        oct a0 = split8(a + 4 * x), a1 = split8(a + 4 * x + 32);
        oct b0 = split8(b + 4 * x), b1 = split8(b + 4 * x + 32);
        luma16(a0, a1, ya + x);
        luma16(b0, b1, yb + x);
        oct s0 = block4(a0, b0), s1 = block4(a1, b1);
        chroma8(s0, s1, u_rb, u_g, u + x / 2);
        chroma8(s0, s1, v_rb, v_g, v + x / 2);
    }
    return x;
}

static int has_avx2(void) { return __builtin_cpu_supports("avx2"); }
#endif

/* yuv_bgra_half's first output pixels of a row, four at a time; the count done. */
static int half_row_simd(const uint8_t *a, const uint8_t *b, int w, uint8_t *out)
{
    int x = 0;
    for (; x + 4 <= w; x += 4)
        half4(a + 8 * x, b + 8 * x, out + 4 * x);
    return x;
}
#else
static int half_row_simd(const uint8_t *a, const uint8_t *b, int w, uint8_t *out)
{
    (void)a, (void)b, (void)w, (void)out;
    return 0;
}

static int row_pair_simd(const uint8_t *a, const uint8_t *b, int w2, uint8_t *ya,
                         uint8_t *yb, uint8_t *u, uint8_t *v)
{
    (void)a, (void)b, (void)w2, (void)ya, (void)yb, (void)u, (void)v;
    return 0;
}
#endif

#ifndef YUV_AVX2
static int has_avx2(void) { return 0; }

static int row_pair_avx2(const uint8_t *a, const uint8_t *b, int w2, uint8_t *ya,
                         uint8_t *yb, uint8_t *u, uint8_t *v)
{
    (void)a, (void)b, (void)w2, (void)ya, (void)yb, (void)u, (void)v;
    return 0;
}
#endif

void yuv_i420(uint8_t *dst, const canvas *c)
{
    int w2 = c->w & ~1, h2 = c->h & ~1;
    size_t luma_n = (size_t)w2 * (size_t)h2;
    uint8_t *y = dst, *u = dst + luma_n, *v = u + luma_n / 4;
    int avx2 = has_avx2();
    for (int j = 0; j < h2; j += 2) {
        const uint8_t *a = canvas_at(c, 0, j), *b = canvas_at(c, 0, j + 1);
        uint8_t *ya = y + (size_t)j * w2, *yb = ya + w2;
        uint8_t *uj = u + (size_t)(j / 2) * (w2 / 2), *vj = v + (size_t)(j / 2) * (w2 / 2);
        int x = avx2 ? row_pair_avx2(a, b, w2, ya, yb, uj, vj) : 0;
        x += row_pair_simd(a + 4 * x, b + 4 * x, w2 - x, ya + x, yb + x, uj + x / 2, vj + x / 2);
        row_pair(a, b, x, w2, ya, yb, uj, vj);
    }
}

/* Output pixels x0 .. w of a row of yuv_bgra_half, from source rows a and b. */
static void half_row(const uint8_t *a, const uint8_t *b, int x0, int w, uint8_t *out)
{
    static const int TO[4] = { 2, 1, 0, 3 }; /* where red, green, blue, alpha go */
    for (int x = x0; x < w; x++) {
        const uint8_t *p = a + 8 * x, *q = b + 8 * x;
        uint8_t *d = out + 4 * x;
        for (int k = 0; k < 4; k++)
            d[TO[k]] = (uint8_t)((p[k] + p[k + 4] + q[k] + q[k + 4] + 2) >> 2);
    }
}

void yuv_bgra_half(uint8_t *dst, const canvas *c)
{
    int w = c->w / 2, h = c->h / 2;
    for (int j = 0; j < h; j++, dst += 4 * (size_t)w) {
        const uint8_t *a = canvas_at(c, 0, 2 * j), *b = canvas_at(c, 0, 2 * j + 1);
        half_row(a, b, half_row_simd(a, b, w, dst), w, dst);
    }
}

void yuv_bgra(uint8_t *dst, const canvas *c)
{
    for (int j = 0; j < c->h; j++) {
        const uint8_t *s = canvas_at(c, 0, j);
        for (int i = 0; i < c->w; i++, s += 4, dst += 4) {
            dst[0] = s[2];
            dst[1] = s[1];
            dst[2] = s[0];
            dst[3] = s[3];
        }
    }
}
