/* hash: 64-bit FNV-1a (Fowler, Noll, Vo), the one checksum of delve: the save file's
 * check line (docs/save-format.md) and the world digest films record each step. Fast,
 * stable across machines, not for security. libc only. */
#ifndef DELVE_BASE_HASH_H
#define DELVE_BASE_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_FNV1A64_BASIS 0xcbf29ce484222325ull /* offset basis: where a hash starts */
#define HASH_FNV1A64_PRIME 0x100000001b3ull      /* 1099511628211 */

/* FNV-1a 64 of the n bytes at data, continuing from h (HASH_FNV1A64_BASIS to start). */
uint64_t hash_fnv1a64(uint64_t h, const void *data, size_t n);

/* Mixes the value v into h as its 8 bytes, least significant first, whatever the
 * machine's byte order: hash_fnv1a64 over those bytes. */
uint64_t hash_fnv1a64_i64(uint64_t h, int64_t v);

#endif
