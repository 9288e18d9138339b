/* film: the `.film` script: a line-based list of directives (spec/films-and-review.md,
 * documented in films/README.md) that says which dungeon, which party, how to frame
 * and record, and what the party does. Parsing only; errors are path:line:col. */
#ifndef DELVE_FILMS_FILM_H
#define DELVE_FILMS_FILM_H

#include <stdint.h>

#include "engine/party.h"
#include "engine/status.h"
#include "gen/gen.h"

#define FILM_MAX_BYTES (1 << 20)  /* a script larger than 1 MiB is refused */
#define FILM_MAX_LINE 1024
#define FILM_MAX_ACTIONS 10000
#define FILM_MAX_FRAME_SIDE 4096
#define FILM_MIN_FRAME_W 960    /* the HUD panel is 320 px and must hold six members */
#define FILM_MIN_FRAME_H 540
#define FILM_TEXT_MAX 96
#define FILM_PATH_MAX 512

typedef enum film_op {
    OP_WALK,     /* walk to=TARGET */
    OP_USE,      /* use station */
    OP_WAIT,     /* wait DURATION */
    OP_CAPTION,  /* caption "text": for the next shot */
    OP_SAVE,     /* save FILE: the world as a saved game, FILE under the film's folder */
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

typedef enum sheet_pick { PICK_EVENTS, PICK_EVERY, PICK_ALL } sheet_pick;

typedef struct film_action {
    film_op op;
    int line;                 /* where it was written, for runtime errors */
    int col;                  /* OP_SAVE: the column of its file name */
    walk_target to;
    int x, y, floor;          /* TO_SQUARE; floor -1 = current */
    int64_t seconds;          /* OP_WAIT */
    char text[FILM_TEXT_MAX]; /* OP_CAPTION; OP_SAVE: the file, relative */
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
    int dun_line, dun_col;    /* where file= or save= was written, for build errors */
    party party;
    int frame_w, frame_h;     /* default 1280 x 720 */
    int zoom;                 /* px per square, default 24 */
    int follow;               /* 1: follow the party (default); 0: whole floor */
    int record_every;         /* a frame every N sub-steps, default 2 */
    int sheet_columns;        /* default 6 */
    sheet_pick pick;
    int pick_every;
    int sheet_line, frame_line; /* where they were set, for the sheet width check */
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

/* The default party when a script names none: three members. */
void film_default_party(party *p);

#endif
