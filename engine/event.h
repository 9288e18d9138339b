/* event: everything the rules make happen (start, step, plates, fall, land, heal,
 * dry, death, floor, wait, end), kept in a growable log the director drains. The
 * kind's name is the word in events.tsv's event column. libc only. */
#ifndef DELVE_ENGINE_EVENT_H
#define DELVE_ENGINE_EVENT_H

#include <stdint.h>

#include "base/status.h"

typedef enum event_kind {
    EV_START,   /* the film or session begins */
    EV_STEP,    /* an ordinary walking frame (never logged by the rules) */
    EV_PLATES,  /* the party stepped onto pit plates and they gave way */
    EV_FALL,    /* the party drops through the tube */
    EV_LAND,    /* the party lands on the floor below; amount = fall in cm */
    EV_HEAL,    /* a rest station healed the party */
    EV_DRY,     /* a station ran dry, or a dry station was tried */
    EV_DEATH,   /* a member died; member = index */
    EV_FLOOR,   /* the party took a way to another floor */
    EV_WAIT,    /* game time passed with the party standing */
    EV_END,     /* the film or session ends */
    EV_BURN,    /* acid or lava hurt everyone standing in it; amount = damage each */
    EV_TIDE,    /* the tide flooded or drained the party's square; amount = tide units */
    EV_KIND_COUNT
} event_kind;

/* The word for events.tsv ("plates", ...). */
const char *event_kind_name(event_kind k);

typedef struct event {
    event_kind kind;
    int64_t time_s;
    int floor, x, y;   /* where the party was (squares) */
    int member;        /* member index, or -1 for the whole party */
    int amount;        /* damage, heal, fall cm, seconds: depends on kind */
    char text[96];     /* a caption a person can read */
} event;

#define EVENT_LOG_MAX 100000  /* a runaway script gets DELVE_ELIMIT, not all memory */

typedef struct event_log {
    event *ev;
    int count, cap;
} event_log;

void event_log_free(event_log *log);
/* Appends a copy of e; DELVE_ELIMIT past EVENT_LOG_MAX, DELVE_ENOMEM. */
delve_status event_log_push(event_log *log, const event *e);

#endif
