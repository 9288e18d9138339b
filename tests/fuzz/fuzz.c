/* fuzz: helpers shared by every target (see fuzz.h). POSIX: getpid. The dungeon cache
 * is a static: libFuzzer calls a target again and again in one process, and keeping
 * dungeons between calls is the point (the style's no-globals rule is for delve). */
#include "tests/fuzz/fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *fuzz_text(const uint8_t *data, size_t size, size_t max)
{
    if (size > max || memchr(data, 0, size))
        return NULL;
    char *t = malloc(size + 1);
    if (t) {
        memcpy(t, data, size);
        t[size] = '\0';
    }
    return t;
}

int fuzz_file(const char *name, const void *data, size_t size, char *path, size_t cap)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = access("/dev/shm", W_OK | X_OK) == 0 ? "/dev/shm" : "/tmp";
    int n = snprintf(path, cap, "%s/delve-fuzz-%ld-%s", tmp, (long)getpid(), name);
    if (n < 0 || (size_t)n >= cap) {
        if (cap)
            path[0] = '\0'; /* nothing to unlink */
        return 0;
    }
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, size, f) == size;
    if (f && fclose(f) != 0)
        ok = 0;
    return ok;
}

void fuzz_require(int ok, const char *what)
{
    if (ok)
        return;
    fprintf(stderr, "fuzz: broken: %s\n", what);
    abort();
}

typedef struct cache_slot {
    int used;
    gen_opts key;   /* stored is NULL in every key */
    uint64_t hash;  /* of key: most slots are told apart without same_opts */
    uint64_t last;  /* cache.clock when last made or handed out */
    dungeon d;
    long squares;
} cache_slot;

static struct {
    cache_slot slot[FUZZ_CACHE_SLOTS];
    uint64_t clock;
    long squares;
} cache;

static int same_opts(const gen_opts *a, const gen_opts *b)
{
    return a->seed == b->seed && a->floors == b->floors && a->floor == b->floor &&
           a->w == b->w && a->h == b->h && a->type == b->type && a->dlevel == b->dlevel &&
           a->difficulty == b->difficulty && a->single_monster == b->single_monster &&
           a->islands == b->islands && a->rising == b->rising && !strcmp(a->rooms, b->rooms);
}

/* FNV-1a over the settings same_opts compares. */
static uint64_t hash_opts(const gen_opts *o)
{
    const long long v[] = { (long long)o->seed, o->floors, o->floor, o->w, o->h, o->type,
                            o->dlevel, o->difficulty, o->single_monster, o->islands,
                            o->rising };
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        h = (h ^ (uint64_t)v[i]) * 1099511628211u;
    for (const char *c = o->rooms; *c; c++)
        h = (h ^ (uint8_t)*c) * 1099511628211u;
    return h;
}

static long squares_of(const dungeon *d)
{
    long n = 0;
    for (int i = 0; i < d->floor_count; i++)
        n += (long)d->floors[i].w * d->floors[i].h;
    return n;
}

static void cache_drop(cache_slot *s)
{
    cache.squares -= s->squares;
    dungeon_free(&s->d);
    s->used = 0;
}

/* The slot used longest ago (NULL when none is used), or with free 1 a free slot when
 * there is one. */
static cache_slot *cache_oldest(int free)
{
    cache_slot *old = NULL;
    for (int k = 0; k < FUZZ_CACHE_SLOTS; k++) {
        cache_slot *s = &cache.slot[k];
        if (!s->used && free)
            return s;
        if (s->used && (!old || s->last < old->last))
            old = s;
    }
    return old;
}

/* Keeps a copy of d for o, dropping the least recently used dungeons to make room,
 * when it fits at all. */
static void cache_keep(const gen_opts *o, uint64_t hash, const dungeon *d)
{
    long n = squares_of(d);
    if (n > FUZZ_CACHE_SQUARES)
        return;
    cache_slot *s;
    while (cache.squares + n > FUZZ_CACHE_SQUARES && (s = cache_oldest(0)) != NULL)
        cache_drop(s);
    s = cache_oldest(1);
    if (s->used)
        cache_drop(s);
    if (dungeon_copy(&s->d, d, NULL) != DELVE_OK)
        return;
    s->used = 1;
    s->key = *o;
    s->hash = hash;
    s->last = ++cache.clock;
    s->squares = n;
    cache.squares += n;
}

delve_status fuzz_gen_cached(void *ctx, const gen_opts *o, dungeon *d, delve_err *err)
{
    (void)ctx;
    if (o->stored)
        return gen_dungeon(o, d, err);
    uint64_t hash = hash_opts(o);
    for (int k = 0; k < FUZZ_CACHE_SLOTS; k++) {
        cache_slot *s = &cache.slot[k];
        if (s->used && s->hash == hash && same_opts(&s->key, o)) {
            s->last = ++cache.clock;
            return dungeon_copy(d, &s->d, err);
        }
    }
    delve_status st = gen_dungeon(o, d, err);
    if (st == DELVE_OK)
        cache_keep(o, hash, d);
    return st;
}
