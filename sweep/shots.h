/* shots: floors of generated dungeons rendered whole and without text, so the bytes are
 * the same on every machine, and a shot set of a seed range made on worker threads: a
 * PNG per floor and catalog.tsv (review/catalog.h). Never prints. Uses films, review. */
#ifndef DELVE_SWEEP_SHOTS_H
#define DELVE_SWEEP_SHOTS_H

#include <signal.h>
#include <stdint.h>

#include "base/status.h"
#include "engine/world.h"
#include "gen/external.h"
#include "gen/gen.h"

#define SHOTS_MAX_SEEDS 100000 /* seeds in one set (300 000 PNGs of 3 floors) */
#define SHOTS_MAX_JOBS 64      /* worker threads of a set (--jobs) */

/* A set's PNG names: the seed zero-padded to 20 digits (every uint64_t) and the floor
 * to 2 (DUNGEON_MAX_FLOORS), so names sort as text in seed, floor order. */
#define SHOTS_NAME "seed-%020llu-floor-%02d.png"

/* A set's hidden file naming the build that made it (16 hex digits of the executable's
 * FNV-1a 64 and a newline): `delve shot --draw` keeps the catalog lines of a set its own
 * build made; never a shot, never reviewed (names starting with '.' are skipped). */
#define SHOTS_BUILD_FILE ".delve-build"

/* Generates the dungeon for seed with o's settings and puts the default party in it
 * (w owns it). The generator's status: DELVE_EFAIL when the seed's dungeon fails. */
delve_status shots_world(const gen_opts *o, uint64_t seed, world *w, delve_err *err);

/* As shots_world, the dungeon from ext when it is not NULL (gen/external.h: another
 * program's .dun for seed, its faults DELVE_EFAIL naming the seed and the command; its
 * stderr on success in warn->msg, else ""), else from o's settings. */
delve_status shots_world_from(const gen_opts *o, const external_gen *ext, uint64_t seed,
                              world *w, delve_err *warn, delve_err *err);

/* Renders floor k (0-based) of w, whole and without text, at zoom px a square, to file.
 * DELVE_EINPUT when the image would pass what delve diff compares; png_write's errors. */
delve_status shots_floor(const world *w, int k, int zoom, const char *file, delve_err *err);

/* Which floors of a set get a PNG (every floor always gets its catalog line). */
typedef enum shots_images {
    SHOTS_ALL,    /* every floor */
    SHOTS_NONE,   /* none: the catalog alone, at the generator's speed (--no-images) */
    SHOTS_DRAWN   /* the floors of a draw list (review/drawlist.h, --draw) */
} shots_images;

/* A shot set's settings. */
typedef struct shots_opts {
    gen_opts o;       /* o.seed: the first seed; o.floor: 1-based, 0 = every floor */
    uint64_t seed_hi; /* the last seed */
    int jobs;         /* worker threads; 0: one per core (at most SHOTS_MAX_JOBS) */
    int zoom;         /* px a square */
    shots_images images;
    const struct drawlist *draw; /* SHOTS_DRAWN: the floors to draw */
    const char *reuse; /* SHOTS_DRAWN, or NULL: the catalog text of a set this same build
                          made with these settings and seeds; seeds the list does not name
                          keep its lines and are not generated, so drawing a few floors of
                          a catalog-only set costs those floors' seeds alone */
    const external_gen *ext; /* NULL, or the generator every seed's dungeon comes from
                                (its floors as it makes them; o's settings unused) */
    int argc;         /* the command line, for the catalog's provenance (--jobs left out) */
    char **argv;
} shots_opts;

/* What a set's run tells and is stopped by: progress(ctx, seed, done, total) for each
 * seed done, in seed order (NULL: none; called under a lock, from any worker), and a
 * stop flag the workers poll (NULL: none). */
typedef struct shots_watch {
    void (*progress)(void *ctx, uint64_t seed, uint64_t done, uint64_t total);
    void (*warn)(void *ctx, uint64_t seed, const char *msg); /* an external generator
                       wrote to stderr and succeeded (NULL: not told); under the lock */
    void (*failed)(void *ctx, uint64_t seed, const char *why); /* a seed that failed to
                       generate, its 'failed' lines in the catalog (NULL: not told) */
    void *ctx;
    const volatile sig_atomic_t *stop;
} shots_watch;

/* The set of o into folder dir: a PNG per floor named SHOTS_NAME and catalog.tsv (a
 * seed that fails to generate, or whose external generator fails, gets 'failed' lines
 * and no PNG, and the set goes on); *shots: the PNGs. The
 * error of the lowest seed that failed otherwise, whatever the timing; DELVE_ESTOP when
 * the stop flag rose; fsio's errors. With o->reuse: DELVE_EINPUT when a seed of the
 * range has no lines there or a generated seed's lines differ from them (the set was
 * not made by this build with these settings). */
delve_status shots_run(const shots_opts *o, const char *dir, const shots_watch *w, int *shots,
                       delve_err *err);

#endif
