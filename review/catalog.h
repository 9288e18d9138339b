/* catalog: the one-line-per-floor text golden of a generated dungeon (a text diff says
 * what changed before any picture does), the way Brogue CE's seed catalog is diffed in CI.
 * `delve shot --seeds A-B -o DIR` writes DIR/catalog.tsv with these lines and
 * `delve review` diffs two of them by (seed, floor). Uses engine and gen (the checks). */
#ifndef DELVE_REVIEW_CATALOG_H
#define DELVE_REVIEW_CATALOG_H

#include <stddef.h>
#include <stdint.h>

#include "engine/floor.h"
#include "gen/check.h"
#include "gen/gen.h"
#include "gen/survey.h"

/* The header line of catalog.tsv, without its newline: '#' then the column names. The
 * first nine columns are the original ones, in their order; the counts after validator
 * (CATALOG_MORE, docs/catalog-format.md) are appended, never reordered: dlevel;
 * door, item and fluid squares; ways by kind; what rising laid. */
#define CATALOG_FIRST "# seed\tfloor\ttype\trooms\tpits\tstations\tways\tmonsters\tvalidator"
#define CATALOG_MORE                                                                      \
    "\tdlevel\tdoors\titems\tfluid\tways_lift\tways_ladder\tways_stair\tways_ramp"           \
    "\tways_spiral\tbends\tcurve_squares\tturn_squares\tstair_squares\tramp_squares\tsunk"  \
    "\traised\tgraded\tspirals_within"
/* The last column: the floor's digest (engine/dun.h dun_floor_digest) as 16 lowercase
 * hex digits, '-' when the seed failed. Two floors with one digest are the same floor,
 * square for square, so a review draws only floors whose digests differ. */
#define CATALOG_DIGEST "\tdigest"
/* After the digest, what any floor measures whichever program made it (gen/survey.h):
 * squares a walker can stand on, blocked, room and corridor squares, areas of room
 * floor, the per mille reached from the entrance, the entrance-to-goal walk, dead ends,
 * walking parts. */
#define CATALOG_SURVEY                                                                   \
    "\tstand\tblocked\troom_floor\tcorridor_floor\troom_areas\treach_pm\tgoal_walk"   \
    "\tdead_ends\tparts"
#define CATALOG_SURVEY_COUNT SURVEY_COUNT
#define CATALOG_HEADER CATALOG_FIRST CATALOG_MORE CATALOG_DIGEST CATALOG_SURVEY
#define CATALOG_MORE_COUNT 18   /* columns in CATALOG_MORE */
#define CATALOG_LINE_MAX 1024   /* bytes a line needs at most, NUL included */

/* Where a catalog came from, for its provenance lines (the command line, settings,
 * version and revision a floor needs to be made again). */
typedef struct catalog_source {
    int argc;                   /* the subcommand's argv: argv[0] is "shot" */
    char *const *argv;
    const gen_opts *o;          /* the settings; o->seed and o->floor are not written */
    uint64_t seed_lo, seed_hi;  /* the seed range */
    int zoom;                   /* pixels a square of the set's PNGs */
    const char *version;        /* DELVE_VERSION */
    const char *revision;       /* `git describe --always --dirty` of the build, or "unknown" */
    const char *images;         /* which floors have a PNG: "all", "none" or "drawn N"
                                   (NULL: "all") */
    const char *generator;      /* NULL, or the flags of the external generator every
                                   dungeon came from, shell-quoted ("--generator '...'
                                   --floors 3"): the shot line runs it again */
} catalog_source;

#define CATALOG_HEAD_MAX 8192  /* bytes catalog_head needs at most, NUL included */

/* The comment lines that open catalog.tsv, each "# key: value\n", then CATALOG_HEADER
 * and '\n': "# catalog:" (what the file is), "# command:" (delve and the arguments,
 * shell-quoted), "# version:", "# revision:", "# seeds: A-B", "# settings:" (opts_line of
 * every setting the level type takes, but seed and floor), "# zoom:", "# shot:" and
 * "# view:" (the commands that make a line's PNG and open its floor, with SEED, FLOOR
 * and OUT.png to fill in; with s->generator, "# generator:" with its flags first, the
 * shot line runs it and the view line says how to view its .dun), "# images:" (s->images). Readers skip every line that starts with '#'.
 * DELVE_ELIMIT past cap (>= CATALOG_HEAD_MAX is always enough for settings and a
 * command line of up to 2000 bytes). */
delve_status catalog_head(const catalog_source *s, char *buf, size_t cap, delve_err *err);

/* "delve" and argv's words, each shell-quoted as "# command:" writes them (a plain word
 * as it is, else in single quotes with ' as '\''; a control byte as '?'), no newline.
 * DELVE_ELIMIT past cap. */
delve_status catalog_command_line(int argc, char *const *argv, char *buf, size_t cap,
                                  delve_err *err);

/* DELVE_EINPUT when a word of argv holds a control byte (a newline, a tab): catalog.tsv's
 * "# command:", "# shot:" and "# view:" are one line each and paste into a shell, and a
 * '?' in place of the byte (catalog_command_line) would name another file, so a shot
 * set refuses such a path before any work. The message names the word by its number,
 * never echoing the byte. */
delve_status catalog_command_check(int argc, char *const *argv, delve_err *err);

/* The generator settings of o as command-line flags ("--floors 3 --type rooms ..."):
 * every setting o's level type takes but seed and floor, shell-quoted, as
 * `delve shot` and `delve view` read them. DELVE_ELIMIT past cap. */
delve_status catalog_settings_flags(const gen_opts *o, char *buf, size_t cap,
                                    delve_err *err);

/* One catalog line for floor f of the dungeon from seed, with its digest
 * (dun_floor_digest), tab-separated, ending in '\n':
 * seed, floor number (1-based), level type name, counts of rooms, pits, stations, ways
 * (way ends on this floor) and monsters, and verdict (catalog_verdict's; tabs and
 * newlines in it made spaces); then CATALOG_MORE: f's dlevel, its door squares, items,
 * fluid squares (water, acid, lava), way ends of each kind (lift, ladder, stair, ramp,
 * spiral), rising's bends (f->rising), squares of curve marks, turning stairs, stairs and
 * ramps, sunk, raised and graded rooms and spirals within (f->rising); the digest; then
 * CATALOG_SURVEY from sv (survey_floor of f).
 * Returns the length written into buf (size >= CATALOG_LINE_MAX). */
size_t catalog_floor_line(uint64_t seed, const dfloor *f, uint64_t digest, const survey *sv,
                          const char *verdict, char *buf, size_t size);

/* The importer's verdict on floor (0-based) from the findings of check_dungeon
 * (gen/check.h): "ok" when the floor has none, else "error: KIND,KIND" and/or
 * "warning: KIND" (check_kind_name, each kind once, in the findings' order), joined
 * by "; ". Truncated to fit size. */
void catalog_verdict(const check_list *l, int floor, char *buf, size_t size);

/* The line for floor (1-based) of a seed whose generation failed: type as asked, counts
 * "-" (CATALOG_MORE's and CATALOG_SURVEY's too, and the digest), and "failed: " with the generator's message (tabs and newlines made spaces).
 * Returns the length written. */
size_t catalog_failed_line(uint64_t seed, int floor, const char *type, const char *why,
                           char *buf, size_t size);

#endif
