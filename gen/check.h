/* check: the importer's checks (spec/pits-and-stations.md) on a complete
 * dungeon, every way placed: pits that cannot work, ways without a partner, ways and
 * stations on fluid, patrol routes through rock or with no walk between squares,
 * monsters in rock, unreachable entrances and goals. Checks see a pit as impassable for
 * walking. Each finding names its floor, square and reason. Uses engine only. */
#ifndef DELVE_GEN_CHECK_H
#define DELVE_GEN_CHECK_H

#include <stddef.h>

#include "engine/dungeon.h"

typedef enum check_severity { CHECK_ERROR, CHECK_WARNING } check_severity;

/* What a finding is about. Append only: the names reach scripts and READMEs. */
typedef enum check_kind {
    CK_PIT_BOTTOM,         /* a pit on the bottom floor */
    CK_PIT_OVER_SOLID,     /* landing in rock or wall (rock, wall, box, cave wall) */
    CK_PIT_OVER_WAY,       /* landing on a way's end (lift, ladder, stair ...) */
    CK_PIT_NO_WAY_UP,      /* the landing cannot walk to any way back up */
    CK_PIT_LANDING_OUT,    /* the landing is outside the floor below */
    CK_WAY_NO_PARTNER,     /* no way on the other floor leads back here */
    CK_WAY_END_BLOCKED,    /* the other end is not walkable or not connected */
    CK_WAY_ON_FLUID,       /* a way on water, acid, lava, deep or shallow water */
    CK_STATION_ON_FLUID,
    CK_ROUTE_IN_ROCK,      /* a patrol route square in rock or wall */
    CK_ROUTE_GAP,          /* no walk between two consecutive route squares */
    CK_MONSTER_IN_ROCK,
    CK_ENTRANCE_UNREACHABLE,
    CK_GOAL_UNREACHABLE,
    CK_PIT_ONLY_ACROSS,    /* warning: squares only reached by crossing the pit */
    CK_SPIRAL_WINDING,     /* a spiral whose winding cannot fit the rise the stacking gives
                              it: no rise, or more than DUNGEON_SPIRAL_MAX_QUARTERS
                              (spec/rising.md) */
    /* the families' own rules (gen/family.h), on floors read from a file */
    CK_DOOMRL_UNREACHABLE, /* DoomRL's validator: a floor's entrance, goal or way that
                              cannot be walked to (seed 002), or a river without a bridge */
    CK_SHOALS_HIGH_TIDE,   /* Shoals: something not reached from the entrance at high tide */
    CK_WAY_HIGH_TIDE,      /* Shoals: a way on ground the high tide floods (seed 003) */
    CK_STATION_IN_ROCK,    /* a rest station on a square nobody can stand on */
    CK_STATION_ON_PIT,     /* a rest station on a pit's plates */
    CK_KIND_COUNT
} check_kind;

/* Stable name ("pit-bottom-floor", ...) and severity of a kind. */
const char *check_kind_name(check_kind k);
check_severity check_kind_severity(check_kind k);

typedef struct check_finding {
    check_severity severity;
    check_kind kind;
    int floor, x, y;       /* 0-based floor; the square the finding is about */
    char reason[160];
} check_finding;

typedef struct check_list {
    check_finding *items;
    int count, cap;
    int errors, warnings;
} check_list;

#define CHECK_MAX_FINDINGS 10000  /* more are counted but not kept */

/* Runs every check on d (stacked, every way placed) and appends findings to out (zero
 * it first; free with check_list_free). Findings come floor by floor, in the order of
 * check_kind within a floor's things. DELVE_ENOMEM. */
delve_status check_dungeon(const dungeon *d, check_list *out, delve_err *err);
void check_list_free(check_list *l);

/* Appends f to l and counts it by its severity (past CHECK_MAX_FINDINGS only counted).
 * 0 when out of memory (the finding is counted, not kept). */
int check_list_add(check_list *l, const check_finding *f);

/* What `delve check` prints after "FILE: " for f: "floor K (X,Y): error KIND: reason"
 * (the square left out when f->x < 0: the families' validators speak of whole floors),
 * into buf of cap bytes (CHECK_TEXT_MAX holds any), NUL-terminated, no newline. */
#define CHECK_TEXT_MAX 256
void check_finding_text(const check_finding *f, char *buf, size_t cap);

#endif
