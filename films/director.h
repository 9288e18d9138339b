/* director: plays a film script on the world and says when to take a shot. Every
 * event forces a shot with the event's caption; walking gives a shot every
 * record_every sub-steps; the drop through the tube gets a shot per tube sub-step.
 * Knows nothing of pixels: the recorder (or a test) receives the shots. */
#ifndef DELVE_FILMS_DIRECTOR_H
#define DELVE_FILMS_DIRECTOR_H

#include "engine/world.h"
#include "films/film.h"

#define DIRECTOR_RECENT 4           /* event lines the HUD shows */
#define DIRECTOR_MAX_SUBSTEPS 2000000 /* one walk longer than this is refused */
#define DIRECTOR_WAIT_CHUNK_S 900   /* a long wait is filmed in 15-minute shots */

typedef struct shot {
    int frame_no;                   /* 1-based */
    event_kind kind;                /* EV_STEP for plain walking frames */
    char caption[FILM_TEXT_MAX];
    char recent[DIRECTOR_RECENT][FILM_TEXT_MAX]; /* oldest first */
    int recent_count;
    int line;                       /* script line of the action being played, or 0 */
    int since_land;                 /* shots since the last landing (1 on the land
                                       shot itself), 0 before any: for the dust ring */
} shot;

/* Receives each shot while the world is in the state it shows. */
typedef delve_status (*shot_fn)(void *ctx, const world *w, const shot *s, delve_err *err);

/* Builds the film's dungeon (from its seed, or its .dun file) and party into *w.
 * DELVE_EINPUT for a dungeon file (the .dun reader comes with its own issue). */
delve_status director_build_world(const film_script *fs, world *w, delve_err *err);

/* Plays every action of fs on w, calling fn for each shot; ends with an `end` shot.
 * A script asking for the impossible (no pit to walk to, no station in reach) is
 * DELVE_EINPUT with "path:line:col: message". */
delve_status director_play(const film_script *fs, world *w, shot_fn fn, void *ctx,
                           delve_err *err);

#endif
