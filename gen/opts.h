/* opts: the generator's settings table, one row per setting (key, kind, range, default,
 * one line of help). Every front end (each subcommand's command line, the film's
 * `dungeon` directive, a save's source line, the viewer) reads settings through it, so
 * each has one name, one range, one default and one message everywhere. Uses gen. */
#ifndef DELVE_GEN_OPTS_H
#define DELVE_GEN_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "gen/gen.h"

/* One row per setting, in the order help lists them. Append only. */
typedef enum opts_id {
    OPTS_SEED,
    OPTS_FLOORS,
    OPTS_FLOOR,
    OPTS_TYPE,
    OPTS_DLEVEL,
    OPTS_DIFFICULTY,
    OPTS_SINGLE_MONSTER,
    OPTS_ISLANDS,
    OPTS_RISING,
    OPTS_ROOMS,
    OPTS_COUNT
} opts_id;

#define OPTS_BIT(id) (1u << (id))
#define OPTS_ALL ((1u << OPTS_COUNT) - 1)

typedef enum opts_kind {
    OPTS_KIND_U64,     /* a whole number 0..UINT64_MAX */
    OPTS_KIND_INT,     /* a whole number in lo..hi */
    OPTS_KIND_ON_OFF,  /* on or off */
    OPTS_KIND_TYPE,    /* a level type name from the registry (gen/family.h) */
    OPTS_KIND_PATH,    /* a folder or file name, up to GEN_PATH_MAX - 1 bytes */
} opts_kind;

typedef struct opts_row {
    const char *key;   /* --KEY on a command line, KEY=VALUE in a film or a save */
    opts_kind kind;
    int lo, hi;        /* OPTS_KIND_INT's range */
    const char *meta;  /* the value's name in help: "N", "K", "T", "on|off" */
    const char *dflt;  /* the default as text, as help shows it */
    const char *help;  /* one line */
} opts_row;

/* The row of id; never NULL for id in 0..OPTS_COUNT-1. */
const opts_row *opts_get(opts_id id);

/* The setting named key (without "--"), or -1. */
int opts_find(const char *key);

/* Sets setting id of *o from the text v. DELVE_EINPUT with a message that names only
 * the value ("'40' is not a number in 1..32"): each front end puts where it was written
 * before it ("delve gen: --floors: ", "x.film:3:17: floors: "). A floor past o->floors
 * is checked by opts_check_given, once every setting is read. */
delve_status opts_set(gen_opts *o, opts_id id, const char *v, delve_err *err);

/* The value of setting id in o as opts_set reads it back (seed 58, type caves, rising
 * on); buf of cap bytes, always NUL-terminated. */
void opts_format(const gen_opts *o, opts_id id, char *buf, size_t cap);

/* The value of an INT or ON_OFF setting (on = 1); 0 for the others. */
int opts_int(const gen_opts *o, opts_id id);

/* Copies the settings in bits from src to dst (a command line over a film's settings). */
void opts_copy(gen_opts *dst, const gen_opts *src, unsigned bits);

/* 1 when setting id means something for o's level type (its family's row). */
int opts_applies(const gen_opts *o, opts_id id);

/* Checks settings given explicitly (bits of given) once all are read: each must apply
 * to the level type ("--islands is for --type shoals, not caves"). DELVE_EINPUT; the
 * message names the setting with prefix ("--" on a command line, "" in a film). */
delve_status opts_check_given(const gen_opts *o, unsigned given, const char *prefix,
                              delve_err *err);

/* o->floor must be one of floors (o->floors, or a file's count). DELVE_EINPUT. */
delve_status opts_check_floor(const gen_opts *o, int floors, const char *prefix,
                              delve_err *err);

/* "seed=58 floors=3 type=rooms ..." for the settings in bits (in table order; rooms and
 * single-monster only when set), as a film's `dungeon` line and a save's source line
 * write them. DELVE_ELIMIT when it passes cap - 1 bytes. */
delve_status opts_line(const gen_opts *o, unsigned bits, char *buf, size_t cap,
                       delve_err *err);

#endif
