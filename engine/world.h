/* world: the dungeon, the party, where it stands, and the game clock, with the rules
 * that move them: walking in 10 cm sub-steps along a path over floors and ways, pit
 * plates that give way at 55 cm, the drop through the tube, rest stations, waiting.
 * Every change is logged as an event. Integers only; libc only. */
#ifndef DELVE_ENGINE_WORLD_H
#define DELVE_ENGINE_WORLD_H

#include <stdint.h>

#include "engine/dungeon.h"
#include "engine/event.h"
#include "engine/monster.h"
#include "engine/party.h"
#include "engine/path.h"
#include "engine/tide.h"

#define WALK_SUBSTEP_CM 10     /* spec/pits-and-stations.md (set) */
#define WALK_CM_PER_S 100      /* walking pace: 1 m per game second (set) */
#define PIT_TRIGGER_CM 55      /* seed 001: plates give way 0.55 m inside the square */
#define TUBE_TICKS 4           /* sub-steps spent in the tube (set) */
#define TUBE_TICK_S 1          /* game seconds per tube sub-step (set) */
#define WAY_LIFT_S 20          /* game seconds to ride a lift (set) */
#define WAY_OTHER_S 10         /* ladder, stair, ramp, spiral (set) */
#define WORLD_START_S (8 * 3600) /* Day 1 08:00 */
#define WORLD_MAX_CLOCK_S INT64_C(1000000000000) /* about 31 700 years: the latest game second a
                                     save, a .dun station or events.tsv may name (set) */
#define WORLD_ACTION_S 2       /* one action: the time to walk a square; standing in acid
                                  or lava burns once per action (set) */

typedef enum world_phase {
    PHASE_IDLE,
    PHASE_WALK,   /* following route */
    PHASE_TUBE,   /* dropping through a pit's tube; tube_tick counts up */
} world_phase;

typedef struct world {
    dungeon dg;            /* owned */
    party party;
    int floor;             /* floor the party is on */
    int x_cm, y_cm;        /* the party's middle, cm from the floor's top-left corner */
    int64_t clock_s;       /* game seconds; WORLD_START_S is Day 1 08:00 */
    int walk_carry_cm;     /* walked cm not yet turned into clock seconds */
    world_phase phase;
    path route;
    int route_i;           /* next step of route to reach */
    int tube_tick;         /* 1..TUBE_TICKS while in the tube */
    int fall_cm;           /* height of the current or last fall */
    int pit_floor, pit_index; /* the pit being fallen through */
    monster_loops loops;   /* patrol loops of every floor (monster_where) */
    event_log log;
    int log_full;          /* an event could not be logged (EVENT_LOG_MAX or memory) */
    tide_state tide;       /* the Shoals tide: steps with the clock (engine/tide.h) */
} world;

/* Takes ownership of *dg (zeroed on return), copies p, puts the party on the middle of
 * floor 0's entrance square at WORLD_START_S, and logs EV_START. */
delve_status world_init(world *w, dungeon *dg, const party *p, delve_err *err);
void world_free(world *w);

/* The square the party's middle is on. */
static inline int world_sx(const world *w) { return w->x_cm / 200; }
static inline int world_sy(const world *w) { return w->y_cm / 200; }

/* Starts a walk to (floor, x, y) over floors and ways; the goal may be a pit. The
 * route keeps out of acid and lava when it can (PATH_AVOID_BURN), else wades through as
 * few squares of them as it can (PATH_BURN_COST).
 * DELVE_EFAIL with err set when unreachable or when the party is not idle. */
delve_status world_walk_to(world *w, int floor, int x, int y, delve_err *err);

/* Advances one sub-step: 10 cm of walking, a way ride, or a tube tick; lands the
 * party at the end of the tube. Returns the phase after the step. */
world_phase world_tick(world *w);

/* Depth in cm of the party's middle into its current square, measured from the edge
 * it entered by while walking along axis (dx, dy); 0 when not walking. */
int world_depth_cm(const world *w);

/* Uses the rest station on the party's square or next to it: heals (EV_HEAL) and it
 * runs dry (EV_DRY), or, when dry, logs EV_DRY with the countdown line and changes
 * nothing. DELVE_EFAIL when no station is in reach. */
delve_status world_use_station(world *w, delve_err *err);

/* Lets seconds (>= 0) of game time pass with the party standing; logs EV_WAIT, then
 * EV_BURN for each action boundary (WORLD_ACTION_S) crossed while in acid or lava. */
void world_wait(world *w, int64_t seconds);
/* world_wait of one part of a longer wait, filmed in parts: its event says the time
 * waited so far of the whole ("Waited 0 h 30 m of 1 h 00 m"; the last part "Waited 1 h
 * 00 m"), not the part's own (three "Waited 0 h 15 m" read as a 15-minute wait).
 * waited: seconds waited by the end of this part, total: the whole wait's. */
void world_wait_part(world *w, int64_t seconds, int64_t waited, int64_t total);

/* Nearest thing of a kind on the party's floor by walking distance; -1 if none is
 * reachable. Pits: closed ones only. */
int world_nearest_pit(const world *w);
int world_nearest_station(const world *w);

/* A 64-bit digest (FNV-1a) of the state the rules change: clock, floor, position,
 * phase, members' health and power, the tide (raw, velocity, squares changed; only when
 * a floor is Shoals), open holes, stations' last use. A film writes it on every row so
 * a replay can say at which frame it first went out of step; a save (engine/save.h)
 * holds all of it and more (the walk's carry, the tide's squares and coins). */
uint64_t world_digest(const world *w);

/* One line describing square (x, y) of floor f for a person pointing at it (seed 001:
 * "putting the crosshair on it gives a line"): a pit, a rest station and its state, a
 * way and where it goes, the entrance, the goal, or the terrain. Returns buf. */
char *world_describe(const world *w, int f, int x, int y, char *buf, int size);

/* "Day 1 08:14" for a game time. Returns buf. */
char *world_clock_text(int64_t clock_s, char *buf, int size);

#endif
