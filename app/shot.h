/* shot: what `delve shot`'s two files share (app/cmd_shot.c parses and draws one floor,
 * app/cmd_shot_set.c makes a shot set on worker threads): the parsed command line, the
 * world of a seed, one floor to a PNG, and the set's file names. app/ only. */
#ifndef DELVE_APP_SHOT_H
#define DELVE_APP_SHOT_H

#include <stdint.h>

#include "engine/world.h"
#include "gen/gen.h"

#define SHOT_MAX_SEEDS 100000 /* seeds in one set: 300 000 PNGs of 3 floors, about an hour on 2 cores */
#define SHOT_MAX_JOBS 64      /* worker threads of a set (--jobs) */

/* A set's PNG names: the seed zero-padded to 20 digits (every uint64_t) and the floor
 * to 2 (DUNGEON_MAX_FLOORS), so names sort as text in seed, floor order. */
#define SHOT_SET_NAME "seed-%020llu-floor-%02d.png"

typedef struct shot_args {
    gen_opts o;       /* o.floor: 1-based, 0 = every floor (sets only) */
    uint64_t seed_hi;
    int set;          /* 1: --seeds A-B (o.seed is A) */
    int jobs;         /* worker threads of a set; 0: one per core */
    int zoom;
    int side, row;    /* --side: the cross-section of every floor, cut along row (-1: default) */
    int by_col, col;  /* --col X: cut along column col instead */
    int win_w, win_h; /* --size: a window of the view, 0: the whole floor or picture */
    int at_x, at_y;   /* --centre (cm; -1: the floor's middle) or --at (px of the picture) */
    const char *out, *dun, *load;
    int argc;         /* the command line, for the catalog's provenance */
    char **argv;
} shot_args;

/* Generates the dungeon for seed with a's settings and puts the default party in it
 * (w owns it). The generator's status: DELVE_EFAIL when the seed's dungeon fails. */
delve_status shot_make_world(const shot_args *a, uint64_t seed, world *w, delve_err *err);

/* Renders floor k (0-based) of w, whole and without text, at zoom px a square, to file.
 * DELVE_EINPUT when the image would pass what delve diff compares; png_write's errors. */
delve_status shot_floor(const world *w, int k, int zoom, const char *file, delve_err *err);

/* Makes the shot set of a (a->set) in a->out: the folder, the PNGs, catalog.tsv, the
 * summary line. Returns the exit code. */
int shot_set_run(const shot_args *a);

#endif
