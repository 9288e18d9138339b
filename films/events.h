/* events: a film's events.tsv, one row a frame (films/README.md, "Frames and events"):
 * frame, time_s, floor, x, y, event, NAME_health and NAME_power for each member,
 * digest, caption, held. The recorder writes it and `delve sheet` reads it back, both here,
 * so its columns have one home. Uses base (lines read with base/lex.h). */
#ifndef DELVE_FILMS_EVENTS_H
#define DELVE_FILMS_EVENTS_H

#include <stdint.h>

#include "base/textbuf.h"
#include "films/director.h"

#define EVENTS_MAX_BYTES (64u << 20) /* a larger events.tsv is refused before it is read */
#define EVENTS_MAX_COLUMNS 64        /* columns past these are not looked at */

/* Appends the header line for party p to b (b->oom when it could not grow). */
void events_header(textbuf *b, const party *p);

/* Appends the line of shot s, the world w as it is when s is taken, to b. */
void events_row(textbuf *b, const world *w, const shot *s);

/* The held column of shot s: "-" for a frame that is no hold, "hold" for a `hold`
 * directive's, the event word held for an event's hold frames ("heal": the heal's frame
 * kept on screen, director_holds). */
const char *events_held_word(const shot *s);

/* One row read back: what `delve sheet` needs of it. */
typedef struct events_line {
    int frame;             /* 1-based; each row's is above the last's */
    int64_t time_s;        /* game seconds, 0..WORLD_MAX_CLOCK_S */
    int floor;             /* 1-based, as written */
    char event[32];        /* the event word (cut to fit) */
    char caption[256];     /* the caption (cut to fit); the event word without a caption
                              column */
    int is_event;          /* 1: a frame the sheet's `events` pick takes, as the recorder
                              does (film_pick_wants): not `step` or `hold`, nor a title
                              card's frames after its first (a `title` row with the
                              caption of the `title` row before it), nor a slow-motion
                              `fall` repeat (a `fall` row with the clock of the `fall` row
                              before it) */
    int members;           /* NAME_health columns (at most PARTY_MAX) */
    int health[PARTY_MAX]; /* 0..MEMBER_MAX_HEALTH each */
    int power[PARTY_MAX];  /* NAME_power after each NAME_health; 0 without that column */
    char name[PARTY_MAX][MEMBER_NAME_MAX]; /* NAME of each NAME_health (cut to fit) */
} events_line;

/* Receives each row in order; an error it returns stops the reading. */
typedef delve_status (*events_fn)(void *ctx, const events_line *row, delve_err *err);

/* Reads the events.tsv file (EVENTS_MAX_BYTES at most; blank lines skipped) and calls
 * fn(ctx, row, err) on each row. DELVE_EINPUT "file:line:col: message" for an empty
 * file, a header without frame, time_s, floor and event, a row with fewer fields than
 * the header, a number out of its range (a frame number not above the last one's, past
 * RECORDER_MAX_FRAMES, a floor past DUNGEON_MAX_FLOORS, a health past MEMBER_MAX_HEALTH),
 * a NUL byte; DELVE_EIO or DELVE_ELIMIT when it cannot be read. */
delve_status events_read(const char *file, events_fn fn, void *ctx, delve_err *err);

#endif
