/* rng: counter-based random streams (SplitMix64), one per purpose, derived from
 * (dungeon seed, purpose, floor, try) so switching a pass off never changes what
 * another pass draws (docs/architecture.md). Plain value state; no globals; never the C library generator. */
#ifndef DELVE_ENGINE_RNG_H
#define DELVE_ENGINE_RNG_H

#include <stdint.h>

/* What a stream is for. Append only: the numbers are part of every seed's output. */
typedef enum rng_purpose {
    RNG_LAYOUT = 1,   /* rooms, corridors, doors, entrance, goal */
    RNG_WAYS,         /* lifts, ladders, stairs between a pair of floors */
    RNG_PITS,         /* pit chance and candidates */
    RNG_STATIONS,     /* rest station chance, room and look */
    RNG_WANTS,        /* what a floor wants (rates), drawn without the try */
    RNG_STOCK,        /* monsters and items */
    RNG_FLUIDS,
    RNG_RIVERS,
    RNG_RISING,
    RNG_COSMETIC,     /* render only: motes, shimmer; the world never sees it */
    RNG_TIDE,         /* Shoals tide: the coin flips of a draining square (seed 003) */
    RNG_PURPOSE_COUNT
} rng_purpose;

typedef struct rng {
    uint64_t state;
} rng;

/* The stream for (seed, purpose, floor, try); floor and try are 0-based. */
rng rng_stream(uint64_t seed, rng_purpose purpose, int floor, int try_index);

/* Cosmetic stream for render effects, from (frame or time, square); never the world's. */
rng rng_cosmetic(uint64_t seed, uint32_t t, int x, int y);

/* SplitMix64's mixing function, exposed for hashing coordinates into seeds. Inline
 * here with the two draws below: the generators draw millions a second, and a call
 * into another file each draw cost DoomRL's caves a few per cent. */
static inline uint64_t rng_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#define RNG_GOLDEN 0x9E3779B97F4A7C15ull /* SplitMix64's increment */

static inline uint64_t rng_next64(rng *r)
{
    r->state += RNG_GOLDEN;
    return rng_mix(r->state);
}

static inline uint32_t rng_next(rng *r)
{
    return (uint32_t)(rng_next64(r) >> 32);
}

/* Unbiased integer in [lo, hi] inclusive; hi < lo returns lo. */
int rng_range(rng *r, int lo, int hi);

/* 1 with chance num/den (den > 0), else 0. */
int rng_chance(rng *r, int num, int den);

/* Fisher-Yates shuffle of v[0..n-1], drawing rng_range(r, 0, i) for i = n-1 .. 1. */
void rng_shuffle(rng *r, int *v, int n);

#endif
