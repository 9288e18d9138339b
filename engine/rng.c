/* rng: SplitMix64 (Steele, Lea, Flood 2014) with streams keyed by mixing the key. */
#include "engine/rng.h"

rng rng_stream(uint64_t seed, rng_purpose purpose, int floor, int try_index)
{
    uint64_t k = rng_mix(seed + RNG_GOLDEN);
    k = rng_mix(k ^ ((uint64_t)purpose * RNG_GOLDEN));
    k = rng_mix(k ^ ((uint64_t)(uint32_t)floor << 20) ^ (uint64_t)(uint32_t)try_index);
    return (rng){ .state = k };
}

rng rng_cosmetic(uint64_t seed, uint32_t t, int x, int y)
{
    uint64_t k = rng_mix(seed ^ ((uint64_t)RNG_COSMETIC * RNG_GOLDEN));
    k = rng_mix(k ^ ((uint64_t)t << 32) ^ ((uint64_t)(uint16_t)x << 16) ^ (uint16_t)y);
    return (rng){ .state = k };
}

int rng_range(rng *r, int lo, int hi)
{
    if (hi <= lo)
        return lo;
    uint32_t span = (uint32_t)((int64_t)hi - lo + 1);
    /* Lemire-free rejection: drop the top partial bucket so every value is equally likely. */
    uint32_t limit = UINT32_MAX - (UINT32_MAX % span + 1) % span;
    uint32_t v;
    do
        v = rng_next(r);
    while (v > limit);
    return lo + (int)(v % span);
}

int rng_chance(rng *r, int num, int den)
{
    if (den <= 0)
        return 0;
    return rng_range(r, 0, den - 1) < num;
}

void rng_shuffle(rng *r, int *v, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = rng_range(r, 0, i);
        int t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}
