/* hash: 64-bit FNV-1a over bytes and over integer values. */
#include "base/hash.h"

uint64_t hash_fnv1a64(uint64_t h, const void *data, size_t n)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * HASH_FNV1A64_PRIME;
    return h;
}

uint64_t hash_fnv1a64_i64(uint64_t h, int64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)((uint64_t)v >> (8 * i));
    return hash_fnv1a64(h, b, sizeof b);
}
