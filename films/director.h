/* director: plays a film script on the world and says when to take a shot. Every
 * event forces a shot with the event's caption; walking gives a shot every
 * record_every sub-steps; the drop through the tube gets a shot per tube sub-step.
 * Knows nothing of pixels: the recorder (or a test) receives the shots. */
#ifndef DELVE_FILMS_DIRECTOR_H
#define DELVE_FILMS_DIRECTOR_H

#include <stddef.h>

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

/* Builds the film's world into *w: the dungeon from its seed or its .dun file (dungeon
 * file=) and its party; or, for `dungeon save=`, the saved game's dungeon (rebuilt from
 * the save's source line) with the save applied. Errors in the .dun file (a fault, or an
 * error `delve check` finds: gen/family.h family_load_dun) or the save are DELVE_EINPUT
 * at the script's dungeon line, quoting the file's own "file:line:col: message". */
delve_status director_build_world(const film_script *fs, world *w, delve_err *err);

/* Loads the saved game file into *w (unset on failure): reads and checks it
 * (engine/save.h), rebuilds its dungeon from its source line (films/source.h) with fs
 * for everything else (a .dun file's fault or check error said at "file:2:1: source:"),
 * and applies it. *used (may be NULL) gets fs with the source's
 * dungeon settings. DELVE_EINPUT "file:line:col: message", never half-loaded. */
delve_status director_load_save(const film_script *fs, const char *file, world *w,
                                film_script *used, delve_err *err);

/* The source line of fs's dungeon for a save (films/source.h); for a film started from
 * a save, that save's own source line. */
delve_status director_source(const film_script *fs, char *buf, size_t cap, delve_err *err);

/* Plays every action of fs on w, calling fn for each shot; ends with an `end` shot.
 * A script asking for the impossible (no pit to walk to, no station in reach) is
 * DELVE_EINPUT with "path:line:col: message". */
delve_status director_play(const film_script *fs, world *w, shot_fn fn, void *ctx,
                           delve_err *err);

/* As director_play; `save FILE` actions write FILE under save_dir (atomically, making
 * folders). save_dir NULL (director_play) makes each save's text but writes nothing. */
delve_status director_play_saving(const film_script *fs, world *w, shot_fn fn, void *ctx,
                                  const char *save_dir, delve_err *err);

#endif
