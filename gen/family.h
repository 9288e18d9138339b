/* family: the level-type registry (one row per `--type` name) and the generator families
 * (rooms, DoomRL, Shoals), each a row of hooks that gen.c's pass script calls. Help
 * texts, error messages, the gallery and `delve check`'s family checks come from these
 * rows; a test checks every row has every hook. Uses base, engine and gen. */
#ifndef DELVE_GEN_FAMILY_H
#define DELVE_GEN_FAMILY_H

#include <stddef.h>

#include "base/textbuf.h"
#include "gen/check.h"
#include "gen/gen.h"
#include "gen/stats.h"

typedef enum family_id { FAMILY_ROOMS, FAMILY_DOOMRL, FAMILY_SHOALS, FAMILY_COUNT } family_id;

/* One generator family. Every hook is set (a family with nothing to do names a no-op). */
typedef struct family_row {
    const char *name;
    unsigned settings;  /* bits of gen/opts.h's settings that apply to its types */
    int rising;         /* 1: rising's passes run on its floors (spec/rising.md) */
    /* floor k's layout into f (zeroed; the hook floor_init's it): terrain, rooms,
     * entrance, goal; draws RNG_LAYOUT and the family's own layout streams */
    delve_status (*layout)(const gen_opts *o, int k, dfloor *f, delve_err *err);
    /* after the layouts of floors lo..hi (f[0 .. hi - lo]): lays some anew so that each
     * pair's ways fit, reading floors outside lo..hi through layout if it must (rooms:
     * rooms_ways_refit_floors); a no-op for families whose ways always fit */
    delve_status (*refit)(const gen_opts *o, dfloor *f, int lo, int hi, delve_err *err);
    /* the ways between floors up (k) and down (k + 1) */
    delve_status (*ways)(const gen_opts *o, dfloor *up, dfloor *down, delve_err *err);
    /* after pits and stations: a floor the family cannot accept is DELVE_EFAIL */
    delve_status (*floor_check)(const dfloor *f, delve_err *err);
    /* monsters and items, once everything else on the floor is laid */
    delve_status (*stock)(const gen_opts *o, dfloor *f, delve_err *err);
    /* the whole dungeon once stacked; DELVE_EFAIL naming the floor */
    delve_status (*dungeon_check)(const dungeon *d, delve_err *err);
    /* the family's rules on floor k of a dungeon read from a file (.dun): findings
     * appended to out as `delve check` prints them */
    void (*file_check)(const dungeon *d, int k, check_list *out);
    /* floor k of d as `delve gen` prints it */
    void (*ascii)(const dungeon *d, int k, textbuf *b);
    /* what `delve stats` measures on floor 1 of a seed */
    stats_family stats;
} family_row;

/* The row of id; id out of range gives the first. Never NULL. */
const family_row *family_get(family_id id);

/* One `--type` name. */
typedef struct family_type {
    const char *name;  /* as --type takes it */
    int level_type;    /* enum level_type (engine/floor.h), or GEN_TYPE_DOOMRL */
    family_id family;
    int gallery;       /* 1: in `delve gallery`'s sheet */
    const char *help;  /* one line */
} family_type;

int family_type_count(void);
/* Row i (0..family_type_count()-1) in help order; out of range gives the first. */
const family_type *family_type_at(int i);
/* The row named name, or NULL. */
const family_type *family_type_named(const char *name);
/* The row of a level type or GEN_TYPE_DOOMRL; never NULL (unknown: the first row). */
const family_type *family_type_of(int lt);
/* The family of a level type or GEN_TYPE_DOOMRL. */
const family_row *family_of(int lt);

/* The importer's checks (check_dungeon) and then each floor's family's own rules
 * (file_check): what `delve check` and a shot set's catalog report. Errors as
 * check_dungeon. */
delve_status family_check_dungeon(const dungeon *d, check_list *out, delve_err *err);

/* The first error of l (findings of family_check_dungeon, l->errors > 0) as
 * DELVE_EINPUT "path: floor K (X,Y): error KIND: reason (and N more errors: delve check
 * lists them)": how a reader refuses a dungeon `delve check` would fail. */
delve_status family_refuse_first(const char *path, const check_list *l, delve_err *err);

/* Reads the .dun file at path (engine/dun.h dun_load) and runs family_check_dungeon
 * on it, so nothing plays or draws a dungeon `delve check` refuses: a check error is
 * DELVE_EINPUT "PATH: floor K (X,Y): error KIND: reason" (the first error, as `delve
 * check` prints it, and how many more) and *out is left empty; warnings pass. Errors of
 * dun_load as it gives them. Free *out with dungeon_free. */
delve_status family_load_dun(const char *path, dungeon *out, delve_err *err);

/* Every --type name, comma separated ("rooms, normal, ..., shoals"), into buf of cap
 * bytes (always NUL-terminated): for help texts and error messages. */
void family_type_names(char *buf, size_t cap);

#endif
