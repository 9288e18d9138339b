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
    dungeon d;
    long squares;
} cache_slot;

static struct {
    cache_slot slot[FUZZ_CACHE_SLOTS];
    int next;       /* the slot to fill next: the oldest */
    long squares;
} cache;

static int same_opts(const gen_opts *a, const gen_opts *b)
{
    return a->seed == b->seed && a->floors == b->floors && a->floor == b->floor &&
           a->w == b->w && a->h == b->h && a->type == b->type && a->dlevel == b->dlevel &&
           a->difficulty == b->difficulty && a->single_monster == b->single_monster &&
           a->islands == b->islands && a->rising == b->rising && !strcmp(a->rooms, b->rooms);
}

static long squares_of(const dungeon *d)
{
    long n = 0;
    for (int i = 0; i < d->floor_count; i++)
        n += (long)d->floors[i].w * d->floors[i].h;
    return n;
}

/* Keeps a copy of d for o in the oldest slot, when it fits at all. */
static void cache_keep(const gen_opts *o, const dungeon *d)
{
    long n = squares_of(d);
    if (n > FUZZ_CACHE_SQUARES)
        return;
    for (int k = 0; k < FUZZ_CACHE_SLOTS && cache.squares + n > FUZZ_CACHE_SQUARES; k++) {
        cache_slot *old = &cache.slot[(cache.next + k) % FUZZ_CACHE_SLOTS];
        if (old->used) {
            cache.squares -= old->squares;
            dungeon_free(&old->d);
            old->used = 0;
        }
    }
    cache_slot *s = &cache.slot[cache.next];
    if (s->used) {
        cache.squares -= s->squares;
        dungeon_free(&s->d);
        s->used = 0;
    }
    if (dungeon_copy(&s->d, d, NULL) != DELVE_OK)
        return;
    s->used = 1;
    s->key = *o;
    s->squares = n;
    cache.squares += n;
    cache.next = (cache.next + 1) % FUZZ_CACHE_SLOTS;
}

delve_status fuzz_gen_cached(void *ctx, const gen_opts *o, dungeon *d, delve_err *err)
{
    (void)ctx;
    if (o->stored)
        return gen_dungeon(o, d, err);
    for (int k = 0; k < FUZZ_CACHE_SLOTS; k++)
        if (cache.slot[k].used && same_opts(&cache.slot[k].key, o))
            return dungeon_copy(d, &cache.slot[k].d, err);
    delve_status st = gen_dungeon(o, d, err);
    if (st == DELVE_OK)
        cache_keep(o, d);
    return st;
}
