/* film: the `.film` script: a line-based list of directives (spec/films-and-review.md,
 * documented in films/README.md) that says which dungeon, which party, how to frame
 * and record, and what the party does. Parsing only; errors are path:line:col. */
#ifndef DELVE_FILMS_FILM_H
#define DELVE_FILMS_FILM_H

#include <stdint.h>

#include "base/status.h"
#include "engine/party.h"
#include "gen/gen.h"

#define FILM_MAX_BYTES (1 << 20)  /* a script larger than 1 MiB is refused */
#define FILM_MAX_LINE 1024
#define FILM_MAX_ACTIONS 10000
#define FILM_MAX_FRAME_SIDE 4096
#define FILM_MIN_FRAME_W 960    /* the HUD panel is 320 px and must hold six members */
#define FILM_MIN_FRAME_H 540
#define FILM_MIN_COMPACT_W 480  /* layout compact: no panel, the HUD over the map */
#define FILM_MIN_COMPACT_H 270
#define FILM_TEXT_MAX 96
#define FILM_PATH_MAX 512
#define FILM_DEFAULT_SCRIPT "films/scripts/pits-and-stations.film"
#define FILM_FPS 12               /* frames a second of film by default */
#define FILM_FPS_MAX 60
#define FILM_GIF_FPS_MAX 50  /* GIF delays are hundredths of a second: 2 at least */
#define FILM_SPEED_MAX 64         /* speed xN: N in 1..64 */
#define FILM_CUT_MAX_MS 600000    /* hold, title, end, camera over, fall slow: 10 min */
#define FILM_WAIT_MAX_S (30LL * 86400) /* a wait is at most 30 days */
#define FILM_FALL_MS 3000         /* the fall's slow motion: 3 s of film (spec/side-view.md) */
#define FILM_EVENT_HOLD_MS 1500   /* an event's frame stays on screen at least this long: a
                                     caption of a few words read at GIF size */

typedef enum film_op {
    OP_WALK,     /* walk to=TARGET */
    OP_USE,      /* use station */
    OP_WAIT,     /* wait DURATION */
    OP_CAPTION,  /* caption "text": for the next shot */
    OP_SAVE,     /* save FILE: the world as a saved game, FILE under the film's folder */
    OP_VIEW,     /* view side [row=Y] | view top: how the next shots are drawn */
    OP_SPEED,    /* speed xN: walks keep every Nth walking frame */
    OP_HOLD,     /* hold DURATION: the current frame again for DURATION of film */
    OP_TITLE,    /* title "TEXT" [DURATION]: a title card */
    OP_CAMERA,   /* camera follow|whole|at X,Y|zoom Z [over DURATION] */
    OP_COUNT
} film_op;

typedef enum walk_target {
    TO_PIT,
    TO_STATION,
    TO_WAY_DOWN,
    TO_WAY_UP,
    TO_GOAL,
    TO_SQUARE,   /* X,Y[,FLOOR] with FLOOR 1-based; default the current floor */
    TO_COUNT
} walk_target;

/* What a camera directive aims at (films/camera.h). */
typedef enum cam_aim { AIM_KEEP, AIM_FOLLOW, AIM_WHOLE, AIM_AT } cam_aim;

/* layout: the HUD panel beside the map (full), or the map first with a compact HUD
 * over it (compact: frames watched small); auto is compact for frames under 960 x 540 */
typedef enum film_layout { LAYOUT_AUTO, LAYOUT_FULL, LAYOUT_COMPACT } film_layout;

typedef enum sheet_pick { PICK_EVENTS, PICK_EVERY, PICK_ALL } sheet_pick;

typedef struct film_action {
    film_op op;
    int line;                 /* where it was written, for runtime errors */
    int col;                  /* OP_SAVE: the column of its file name; OP_VIEW: of row='s
                                 or col='s value; OP_WALK to a square: of the square */
    walk_target to;
    int x, y, floor;          /* TO_SQUARE; floor -1 = current */
    int64_t seconds;          /* OP_WAIT */
    int64_t ms;               /* OP_HOLD, OP_TITLE, OP_CAMERA (over): film time */
    int n;                    /* OP_SPEED: N; OP_VIEW: 1 side, 0 top; OP_CAMERA: zoom
                                 (0 keeps it) */
    cam_aim aim;              /* OP_CAMERA; AIM_AT aims at square x, y; OP_VIEW side:
                                 y is the cut row (-1: the party's), x the cut column
                                 (-1: none) */
    char text[FILM_TEXT_MAX]; /* OP_CAPTION, OP_TITLE; OP_SAVE: the file, relative */
} film_action;

/* Makes the dungeon of generator settings o into *d exactly as gen/gen.h's gen_dungeon
 * does (same dungeon, same status and message): a caller's own way to it, such as a
 * cache of dungeons by settings (tests/fuzz). */
typedef delve_status (*film_gen_fn)(void *ctx, const gen_opts *o, dungeon *d, delve_err *err);

typedef struct film_script {
    char path[FILM_PATH_MAX];
    char name[FILM_PATH_MAX]; /* file name without folder and .film: the output folder */
    char title[FILM_TEXT_MAX];
    gen_opts gen;             /* dungeon seed=N floors=K type=T ...: the generator's
                                 settings (gen/opts.h); defaults as every front end's */
    unsigned gen_given;       /* OPTS_BIT of each setting the script gave */
    char dun_file[FILM_PATH_MAX]; /* dungeon file=...; empty for a seed */
    char save_file[FILM_PATH_MAX]; /* dungeon save=...: start from a saved game */
    char generator[FILM_PATH_MAX]; /* dungeon generator="CMD {seed}": another program makes
                                 the dungeon of gen.seed with gen.floors
                                 (gen/external.h); empty: none */
    int generator_shell;      /* 1: run generator by sh -c (the viewer's --generator-shell) */
    int generator_timeout_s;  /* seconds a run may take; 0: EXTERNAL_TIMEOUT_S (the
                                 viewer's --generator-timeout; a script keeps the default) */
    int no_programs;          /* 1: a generator= (in the script or a save's source) is
                                 refused, not run: set by the fuzzers, whose scripts and
                                 saves must never start a program; never by a script */
    int dun_line, dun_col;    /* where file= or save= was written, for build errors */
    int dun_unchecked;        /* 1: dun_file is read without delve check's refusal (the
                                 viewer's --unchecked); never set by a script */
    party party;
    int frame_w, frame_h;     /* default 1280 x 720 */
    int zoom;                 /* px per square, default 24 */
    int follow;               /* 1: follow the party (default); 0: whole floor */
    int record_every;         /* a frame every N sub-steps, default 2 */
    int sheet_columns;        /* default 6 */
    sheet_pick pick;
    int pick_every;
    int sheet_line, frame_line; /* where they were set, for the sheet width check */
    int fps;                  /* frames a second of film, default FILM_FPS */
    int fall_ms;              /* film time of a fall, plates to landing (slow motion):
                                 FILM_FALL_MS by default in every film; 0: one frame a
                                 tube tick (fall slow=off) */
    int fall_side;            /* 1 (default): falls are drawn in the side view */
    int event_hold_ms;        /* events hold=DURATION|off: the least film time an event's
                                 frame stays on screen (director_holds' kinds);
                                 FILM_EVENT_HOLD_MS by default, 0: off */
    film_layout layout;       /* layout full|compact; LAYOUT_AUTO when not written */
    int layout_line;
    int gif_fps;              /* film.gif's and film.webp's frames a second, 1..fps; 0:
                                 fps / 3 (set by `delve film --gif-fps`, never by a script:
                                 the walk stays on the film's clock) */
    char end_text[FILM_TEXT_MAX]; /* end "TEXT": the end card; empty: none */
    int64_t end_ms;
    int start_floor;          /* dungeon start=FLOOR[,X,Y]: 0-based, -1 none */
    int start_x, start_y;     /* -1: the floor's entrance */
    int start_line, start_col; /* where start= was written, for errors */
    film_action *actions;
    int action_count;
    film_gen_fn gen_with;     /* NULL (as film_parse leaves it): the director generates
                                 with gen_dungeon; else through gen_with(gen_ctx, ...) */
    void *gen_ctx;
} film_script;

/* Parses text (NUL-terminated; path is for messages and the film's name) into *out.
 * DELVE_EINPUT with "path:line:col: message" on the first fault: an unknown directive
 * or key, a bad number, a value out of range, an unterminated string, a missing
 * dungeon file. Free with film_free even on failure. */
delve_status film_parse(const char *path, const char *text, film_script *out,
                        delve_err *err);

/* Reads and parses a script file (FILM_MAX_BYTES at most). */
delve_status film_load(const char *path, film_script *out, delve_err *err);

void film_free(film_script *fs);

/* Whether frame frame_no goes on the contact sheet under pick (every for PICK_EVERY);
 * is_event is 0 for a plain walking frame. One rule for the recorder and delve sheet. */
int film_pick_wants(sheet_pick pick, int every, int frame_no, int is_event);

/* Frames of film for ms of film time at fps: rounded to the nearest, at least 1 for
 * ms > 0 (hold 2s at 12 fps is 24). */
int film_frames_of(int64_t ms, int fps);
/* 1: fs's frames are drawn map first with the compact HUD (layout compact, or not
 * written and the frame under FILM_MIN_FRAME_W x FILM_MIN_FRAME_H). */
int film_compact(const film_script *fs);
/* The shortest film time that holds `frames` frames at fps, as a duration a script takes:
 * "2s" when it is whole seconds, else "1417ms". Returns buf. */
char *film_frames_text(int frames, int fps, char *buf, size_t cap);

/* The default party when a script names none: three members. */
void film_default_party(party *p);

/* The default film script: from the folder delve runs in (a checkout's root), else from
 * film_data_dir(). The path lives as long as the process (computed on the first call,
 * the main thread's, like film_data_dir). */
const char *film_default_script(void);

/* The folder delve's films and stored rooms are read from when a path is not given:
 * share/delve of the prefix delve was built for, else share/delve beside the running
 * binary's bin/ (installed under another prefix), else the source tree it was built
 * from. Not thread-safe on its first call. */
const char *film_data_dir(void);

#endif
