/* tide: the Shoals tide (seed 003 "effective height = h - t, propagated only from the
 * open sea"; spec/shoals.md a5 gives how DCSS does it, and delve follows that). One
 * tide for the whole dungeon: a raw value in half units that swings between
 * TIDE_RAW_LOW and TIDE_RAW_HIGH in a 100-step cycle; each step re-evaluates every
 * Shoals floor whose whole-unit tide changed, by a breadth-first walk from the four
 * inner corners over water, so isolated pools never follow it and a rising tide
 * advances at most one square inland per update. Only floor and shallow squares
 * change, and only to floor or shallow. Also the walking cost table (shallows are
 * slow). Integers only; libc only. */
#ifndef DELVE_ENGINE_TIDE_H
#define DELVE_ENGINE_TIDE_H

#include <stdint.h>

#include "engine/dungeon.h"
#include "engine/rng.h"

#define TIDE_CM_PER_UNIT 5     /* one Shoals height unit is 5 cm of real ground (set):
                                  height_cm = h * TIDE_CM_PER_UNIT, h = height_cm / it */
#define TIDE_MULTIPLIER 2      /* raw tide is in half units (spec a5) */
#define TIDE_RAW_LOW (-36)     /* whole-unit range -18 .. +25 (spec a5) */
#define TIDE_RAW_HIGH 50
#define TIDE_PEAK_VELOCITY 2   /* raw per step mid-range (spec a5) */
#define TIDE_DECEL_MARGIN 8    /* raw: slower within this of either extreme (spec a5) */
#define TIDE_PERIOD 100        /* steps in one cycle from (0, +2) (spec a5, tested) */
#define TIDE_ACTION_S 2        /* one tide step per party action: DCSS steps the tide once a
                                  turn, and a turn is one square's move; delve walks a 2 m
                                  square in 2 game seconds (set) */
#define TIDE_HIGH_UNITS (TIDE_RAW_HIGH / TIDE_MULTIPLIER) /* ground at or above stays dry */

/* The whole-unit tide of a raw tide (C division, truncating toward zero). */
static inline int tide_units(int raw) { return raw / TIDE_MULTIPLIER; }

/* A square's raw Shoals height in units (height_cm / TIDE_CM_PER_UNIT). */
static inline int tide_ground(const dfloor *f, int i)
{
    return f->height_cm[i] / TIDE_CM_PER_UNIT;
}

/* One step of the tide rule (spec a5, no tide caller): |v| > 2 becomes -2; raw += v,
 * clamped to TIDE_RAW_LOW..HIGH; at an extreme with v pointing out, v reverses; within
 * TIDE_DECEL_MARGIN of an extreme |v| > 1 halves, elsewhere |v| == 1 doubles. */
void tide_step(int *raw, int *vel);

/* Scratch for tide_apply on floors up to cells squares: a stamp per square (so nothing
 * is cleared between updates), a queue, and what the floor's deep water makes the same
 * every update (the open sea and its edge), kept for the floor whose terrain array it
 * was made from. Use one work per floor: tide_apply remakes it when the floor changes. */
typedef struct tide_work {
    int cells;
    uint32_t stamp;
    uint32_t *seen;
    int *queue;
    uint8_t *mark;         /* per square: off the edge (1), open sea (2) */
    int *front;            /* squares next to the open sea, and seeds outside it */
    int front_n;
    const uint8_t *key;    /* the terrain array mark and front were made from */
    int w, h;
    uint8_t tidal[256];    /* by terrain value: the terrain table's tidal column, one load
                              in the walk's inner loop */
} tide_work;

/* DELVE_ENOMEM. Free with tide_work_free. */
delve_status tide_work_init(tide_work *tw, int cells, delve_err *err);
void tide_work_free(tide_work *tw);

/* Re-evaluates floor f for whole-unit tide `tide`: from the seeds (1,1), (w-2,1),
 * (1,h-2), (w-2,h-2), breadth-first over 8 neighbours; a popped square that is floor or
 * shallow becomes shallow when h - tide < 0, else floor, but only floor -> shallow when
 * rising and shallow -> floor when falling; a square passes the walk on only if it was
 * water before and (is water still or a coin from r comes up, chance 1/2). Neighbours
 * queued: deep, shallow or floor. changed (w * h bytes, may be NULL) gets 1 for each
 * square changed and 0 elsewhere. Returns the squares changed. f must have at most
 * tw->cells squares, and between calls with the same tw its deep water and high ground
 * must stay as they are (the tide changes only floor and shallow). */
int tide_apply(dfloor *f, int tide, int rising, rng *r, tide_work *tw, uint8_t *changed);

/* Walking speed in percent of WALK_CM_PER_S on terrain t: the one cost table (shallow
 * water 50 %, everything else 100 %). Set here: the seed gives no pace. */
int tide_speed_pct(terrain t);

/* The tide of one world: raw and velocity, when the next step is due, and per floor
 * the raw tide last applied, its coin stream and the squares its last step changed. */
typedef struct tide_state {
    int on;                /* 1 when the dungeon has a Shoals floor; else nothing runs */
    int raw, vel;          /* start (0, +2), spec a5 */
    int64_t next_s;        /* game time of the next step */
    uint32_t steps;        /* steps taken */
    int64_t changes;       /* squares changed so far, all floors (for the digest) */
    int last_raw[DUNGEON_MAX_FLOORS];
    rng coin[DUNGEON_MAX_FLOORS];        /* rng_stream(seed, RNG_TIDE, floor, 0) */
    uint8_t *changed[DUNGEON_MAX_FLOORS];/* w * h, Shoals floors only: changed at the
                                            last step (the renderer's foam) */
    tide_work work[DUNGEON_MAX_FLOORS];  /* Shoals floors only */
} tide_state;

/* Sets up the tide for d at game time now_s: on when a floor has level_type
 * LT_SHOALS. DELVE_ENOMEM. Free with tide_state_free. */
delve_status tide_state_init(tide_state *ts, const dungeon *d, int64_t now_s, delve_err *err);
void tide_state_free(tide_state *ts);

/* Takes every step due up to game time now_s (one per TIDE_ACTION_S), applying each
 * to every Shoals floor whose whole-unit tide changed (rising when the raw tide went
 * up). When more than two cycles are due, whole cycles beyond two are skipped: the raw
 * tide and velocity come back to the same values every TIDE_PERIOD steps, and two
 * cycles take every floor through a high and a low tide (so a 30-day wait costs what a
 * 400-second one does). Returns the steps applied. */
int tide_state_run(tide_state *ts, dungeon *d, int64_t now_s);

/* A line about square (x, y) of Shoals floor f under raw tide `raw` for a person
 * pointing at it: "shallow water: ground -0.35 m, the tide +0.60 m; wading, half
 * pace". Returns buf. */
char *tide_describe(const dfloor *f, int x, int y, int raw, char *buf, int size);

/* "+12 rising" / "-3 falling": the whole-unit tide and its direction. Returns buf. */
char *tide_text(int raw, int vel, char *buf, int size);

#endif
