/* survey: what any floor measures from its squares and things alone, whichever program
 * made it (docs/catalog-format.md's survey columns, docs/generators.md): squares by
 * kind, walking from the entrance, dead ends, parts. Uses engine. */
#ifndef DELVE_GEN_SURVEY_H
#define DELVE_GEN_SURVEY_H

#include "base/status.h"
#include "engine/floor.h"

/* One floor's survey; every value a count of squares or steps, 0 or more. */
typedef struct survey {
    int stand;       /* squares a walker can stand on (walkable terrain, no pit) */
    int blocked;     /* squares of terrain nothing walks or flies over (walls, rock, boxes) */
    int room_floor;      /* room floor squares */
    int corridor_floor;  /* corridor squares, a corridor corner with a curve mark too */
    int room_areas;  /* 4-connected areas of room floor: rooms where a file marks none */
    int reach_pm;    /* per mille of `stand` a walker reaches from the entrance by its
                        squares and the floor's ways within it (rounded down; 1000 when
                        all are, 0 when the entrance cannot be stood on) */
    int goal_walk;   /* fewest steps from the entrance to the goal on this floor (a way
                        within it one step), 0 when the goal cannot be walked to */
    int dead_ends;   /* squares one can stand on with exactly one such neighbour (of 4)
                        that hold no way, entrance or goal: corridor tips that lead
                        nowhere */
    int parts;       /* parts a walker cannot walk between (4 neighbours and the
                        floor's ways within it) */
} survey;

/* The squares of f by terrain kind into sq[T_TERRAIN_COUNT] (a value past the kinds
 * counted as rock): the one count of door, curve, turn, stair and ramp squares behind
 * the catalog's columns and `delve stats --generator`'s doors, so the two agree. */
void survey_terrain_counts(const dfloor *f, int *sq);

#define SURVEY_COUNT 9 /* the fields of a survey, as survey_values lists them */

/* The survey's SURVEY_COUNT values in its fields' order (stand ... parts): the catalog's
 * columns 29-37 and the last of `delve stats --generator`'s measures. */
void survey_values(const survey *s, int *v);

/* The survey of f. DELVE_ENOMEM with err set. */
delve_status survey_floor(const dfloor *f, survey *out, delve_err *err);

#endif
