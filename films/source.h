/* source: the one line that says how to rebuild a dungeon, as a saved game's `source`
 * line holds it (engine/save.h leaves its format to the caller): the generator's
 * settings through gen/opts.h, `seed=58 floors=3 type=rooms dlevel=1 difficulty=2
 * islands=15 rising=on` (single-monster and rooms only when set; a value with a space, \" or
 * \\ in double quotes, as films write one), or a .dun file, `file=/absolute/path.dun` (the
 * rest of the line is the path), or another program, `generator="CMD {seed}" seed=58
 * floors=3` (docs/generators.md; run again from the folder delve then runs in).
 * Written and read only here. Uses engine and gen. */
#ifndef DELVE_FILMS_SOURCE_H
#define DELVE_FILMS_SOURCE_H

#include <stddef.h>

#include "engine/save.h"
#include "films/film.h"

/* The source line of fs's dungeon into buf (cap >= SAVE_SOURCE_MAX): its generator
 * settings, or `file=` and fs->dun_file made absolute. DELVE_EINPUT when the path does
 * not resolve, holds a control byte (a newline: the line could not hold it) or the line
 * would pass SAVE_SOURCE_MAX - 1 characters. */
delve_status source_text(const film_script *fs, char *buf, size_t cap, delve_err *err);

/* Sets fs's generator settings (fs->gen) or dun_file (save_file cleared) from a source
 * line; settings it does not name keep their values.
 * DELVE_EINPUT "file:line:col: message" on an unknown key or a bad value. */
delve_status source_parse(const char *src, const char *file, int line, film_script *fs,
                          delve_err *err);

#endif
