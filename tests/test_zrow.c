/* test_zrow: codecs/zrow's deflate streams inflate (with libdeflate, the reference) to
 * the bytes encoded: rows that repeat, runs, random bytes, every byte value; in one part
 * or several joined; rows of 1 byte, longer than the data, at the 32 KB window and
 * past it; and 0 to 3 bytes. Adler-32s of pieces joined. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

#include "codecs/zrow.h"

/* test data only, not delve's RNG */
static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* n bytes in rows of row: each row mostly the one above, with runs and noise */
static uint8_t *make_data(size_t n, size_t row, uint32_t *s)
{
    uint8_t *d = malloc(n ? n : 1);
    for (size_t i = 0; i < n; i++) {
        uint32_t r = lcg(s) % 16;
        d[i] = i >= row && r < 10 ? d[i - row]
               : i >= 1 && r < 13 ? d[i - 1]
                                  : (uint8_t)lcg(s);
    }
    return d;
}

/* Encodes d in `parts` parts (cut at random places), checks the zlib stream inflates to
 * d, and returns its length. */
static size_t round_trip(const uint8_t *d, size_t n, size_t row, int parts, uint32_t *s)
{
    size_t cut[4] = { 0 };
    for (int p = 1; p < parts; p++)
        cut[p] = cut[p - 1] + (n - cut[p - 1] ? lcg(s) % (n - cut[p - 1] + 1) : 0);
    cut[parts] = n;
    uint8_t *z = malloc(2 + zrow_part_bound(n) * (size_t)parts + 4);
    zrow_zlib_head(z);
    size_t zn = 2;
    for (int p = 0; p < parts; p++) {
        size_t w = zrow_part(d, cut[p], cut[p + 1], row, p == parts - 1, z + zn);
        assert_true(w <= zrow_part_bound(cut[p + 1] - cut[p]));
        zn += w;
    }
    zrow_zlib_tail(d, n, z + zn);
    zn += 4;
    uint8_t *back = malloc(n + 1);
    struct libdeflate_decompressor *dc = libdeflate_alloc_decompressor();
    size_t got = 0;
    assert_int_equal(libdeflate_zlib_decompress(dc, z, zn, back, n + 1, &got),
                     LIBDEFLATE_SUCCESS);
    assert_int_equal(got, n);
    assert_memory_equal(back, d, n);
    libdeflate_free_decompressor(dc);
    free(back);
    free(z);
    return zn;
}

static void test_round_trips(void **state)
{
    (void)state;
    uint32_t s = 5;
    const size_t rows[] = { 1, 2, 7, 1921, 32768, 32769, 100000 };
    const size_t sizes[] = { 0, 1, 2, 3, 4, 259, 1000, 70000, 300000 };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
            for (int parts = 1; parts <= 3; parts++) {
                uint8_t *d = make_data(sizes[k], rows[r], &s);
                round_trip(d, sizes[k], rows[r], parts, &s);
                free(d);
            }
}

/* Every byte value as a literal, and long stretches the matches cover: a flat image
 * shrinks to a tiny fraction, noise stays within the bound. */
static void test_literals_and_matches(void **state)
{
    (void)state;
    uint32_t s = 9;
    uint8_t all[256 * 3];
    for (int i = 0; i < 256 * 3; i++)
        all[i] = (uint8_t)(i * 7 + i / 256);
    round_trip(all, sizeof all, 1000, 1, &s);
    size_t n = 1921 * 1080;
    uint8_t *flat = malloc(n);
    for (size_t i = 0; i < n; i++)
        flat[i] = (uint8_t)(i % 1921 == 0 ? 0 : 26 - (i % 1921) / 100);
    assert_true(round_trip(flat, n, 1921, 2, &s) < n / 50); /* 258 bytes in 26 bits */
    for (size_t i = 0; i < n; i++)
        flat[i] = (uint8_t)lcg(&s);
    round_trip(flat, n, 1921, 2, &s);
    free(flat);
}

/* Adler-32s of pieces joined equal libdeflate's of the whole: at every cut of short
 * data, and of long pieces whose sums wrap the modulus many times. */
static void test_adler_join(void **state)
{
    (void)state;
    uint32_t s = 3;
    size_t n = 200000;
    uint8_t *d = make_data(n, 1921, &s);
    for (size_t i = 0; i < n; i++)
        d[i] = i % 5 ? d[i] : 255;
    for (size_t cut = 0; cut <= 40; cut++)
        assert_int_equal(zrow_adler_join(libdeflate_adler32(1, d, cut),
                                         libdeflate_adler32(1, d + cut, 40 - cut), 40 - cut),
                         libdeflate_adler32(1, d, 40));
    const size_t cuts[] = { 0, 1, 5552, 65521, 65522, 131042, 199999, 200000 };
    for (size_t k = 0; k < sizeof cuts / sizeof cuts[0]; k++)
        assert_int_equal(zrow_adler_join(libdeflate_adler32(1, d, cuts[k]),
                                         libdeflate_adler32(1, d + cuts[k], n - cuts[k]),
                                         n - cuts[k]),
                         libdeflate_adler32(1, d, n));
    free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_literals_and_matches),
        cmocka_unit_test(test_adler_join),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
