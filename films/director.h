/* director: plays a film script on the world and says when to take a shot (a shot is a
 * frame). Every event forces a shot with the event's caption; walking gives a shot every
 * record_every x speed sub-steps; the drop through the tube gets the fall's slow-motion
 * shots; holds and title cards are shots of film time with the clock standing. Each
 * shot says how to draw it (side view, camera); the recorder (or a test) draws it. */
#ifndef DELVE_FILMS_DIRECTOR_H
#define DELVE_FILMS_DIRECTOR_H

#include <stddef.h>

#include "engine/world.h"
#include "films/camera.h"
#include "films/film.h"

#define DIRECTOR_RECENT 4           /* event lines the HUD shows */
#define DIRECTOR_MAX_SUBSTEPS 2000000 /* one walk longer than this is refused */
#define DIRECTOR_WAIT_CHUNK_S 900   /* a long wait is filmed in 15-minute shots */

/* What a frame is besides a moment of play. */
typedef enum shot_card {
    CARD_NONE,   /* the world as it is */
    CARD_HOLD,   /* hold DURATION: the last frame again (event word `hold`) */
    CARD_TITLE,  /* a title or end card: card_text on a plain frame (event word `title`) */
} shot_card;

typedef struct shot {
    int frame_no;                   /* 1-based */
    event_kind kind;                /* EV_STEP for plain walking frames */
    char caption[FILM_TEXT_MAX];
    char recent[DIRECTOR_RECENT][FILM_TEXT_MAX]; /* oldest first */
    int recent_count;
    int line;                       /* script line of the action being played, or 0 */
    int since_land;                 /* shots since the last landing (1 on the land
                                       shot itself), 0 before any: for the dust ring */
    shot_card card;
    event_kind held;                /* CARD_HOLD: the kind of the event this frame holds on
                                       screen (director_holds), EV_STEP for a `hold`
                                       directive's frame; EV_STEP on every other frame */
    int card_first;                 /* 1: a title card's first frame (a sheet cell) */
    char card_text[FILM_TEXT_MAX];  /* CARD_TITLE */
    int fps;                        /* the film's frames a second */
    /* the camera: free 0 draws the film's view setting as it is (no camera directive
       yet); else follow 1 is the renderer's own follow at cam.zoom, 0 looks at cam */
    int cam_free, cam_follow;
    cam_pos cam;
    int cam_cut_left, cam_cut_line; /* the first frame of a fall with a camera move still
                                       going: its frames left (they play hidden behind the
                                       side view, and the landing's floor ends it) and its
                                       line; else 0 */
    int cam_left, cam_line;         /* frames the camera's move has after this one, and
                                       the line of its `camera` directive */
    int caption_lost, caption_lost_by; /* the line of the first caption another replaced
                                       (line caption_lost_by) before any shot showed it,
                                       on every shot after that; else 0 */
    /* the side view (spec/side-view.md): side 1 draws the cross-section cut along
       side_row (floor 1's grid) instead of the floor from above, or along column side_col
       when side_by_col (`view side col=X`; a fall is always cut along its pit's row) */
    int side, side_row, side_by_col, side_col;
    int falling;                    /* 1 from the first frame in the tube to the landing */
    int slow;                       /* 1: a slow-motion frame after its tube tick's first
                                       (kind EV_FALL, but not a cell of the sheet) */
    int fall_cm, fallen_cm;         /* the fall's height and how far the party has come */
    int fall_floor, fall_x, fall_y; /* the pit fallen through */
    int landed;                     /* 1 on the landing's frames: damage is set */
    int damage[PARTY_MAX];          /* health each member lost in the fall */
} shot;

/* Receives each shot while the world is in the state it shows. */
typedef delve_status (*shot_fn)(void *ctx, const world *w, const shot *s, delve_err *err);

/* 1: an event of kind k stays on screen fs->event_hold_ms at least (the plates, the
 * fall, the landing, a heal, a station dry, a burn, a death, a way taken): the words a
 * viewer must read, and the frames film.gif keeps whatever its rate. Not the start, a
 * step, a wait's chunks, the tide or the end, which come often or say nothing new. */
int director_holds(event_kind k);

/* The frames an event's frame stays on screen: film_frames_of(fs->event_hold_ms,
 * fs->fps), 0 with `events hold=off`. */
int director_hold_frames(const film_script *fs);

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

/* The slow-motion frames of a fall: film_frames_of(fs->fall_ms, fs->fps), at least
 * one per tube tick (TUBE_TICKS - 1); TUBE_TICKS - 1 for fall slow=off. */
int director_fall_frames(const film_script *fs);

/* The depth in cm reached on fall frame j (0-based) of n, of a fall of fall_cm:
 * free fall, fall_cm * (j + 1)^2 / (n + 1)^2. */
int director_fallen_cm(int fall_cm, int j, int n);

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
