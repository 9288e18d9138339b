/* fuzz_sav: a saved game read (engine/save.h's save_parse) and, when it reads, loaded
 * as `dungeon save=` and `delve shot --load` load it (films/director.h's
 * director_load_save: the dungeon rebuilt from the source line, the save applied).
 * Each input is tried as it is, and again with its last line's checksum made right
 * when it ends in a `check` line, so the fuzzer's edits reach the lines the checksum
 * guards. Sources naming a .dun file (`file=`) are parsed, not loaded: the dun target
 * reads those, and a fuzzed path must not open arbitrary files. The dungeon comes from
 * fuzz_gen_cached: the same source line gives the same dungeon, made once (a miss
 * generates: no seed is mapped to another). Every byte reaches save_parse; in the fuzz
 * build generation and the simulation keep their edge coverage but not libFuzzer's
 * comparison tracing (CMakeLists.txt), the save, source and settings readers keep both. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/save.h"
#include "films/director.h"
#include "tests/fuzz/fuzz.h"

#define BOM "\xef\xbb\xbf"

/* text with its last line, when it is `check ...`, made the right checksum (malloc'ed;
 * free it), or NULL when there is no such line. The sum covers the bytes after a BOM
 * up to the check line, as save_parse counts them. */
static char *re_sign(const char *text)
{
    size_t n = strlen(text);
    if (n < 2 || text[n - 1] != '\n')
        return NULL;
    const char *last = text + n - 1;
    while (last > text && last[-1] != '\n')
        last--;
    if (strncmp(last, "check ", 6))
        return NULL;
    const char *first = strncmp(text, BOM, 3) ? text : text + 3;
    if (last < first)
        return NULL;
    size_t head = (size_t)(last - text);
    char *out = malloc(head + 32);
    if (!out)
        return NULL;
    memcpy(out, text, head);
    snprintf(out + head, 32, "check %016" PRIx64 "\n",
             save_check(first, (size_t)(last - first)));
    return out;
}

/* Loads text as a save file would be: director_load_save on a scratch copy. */
static void load(const char *text, const film_script *fs)
{
    char file[512];
    world w;
    film_script used;
    delve_err err = { "" };
    int written = fuzz_file("fuzz.sav", text, strlen(text), file, sizeof file);
    delve_status st = written ? director_load_save(fs, file, &w, &used, &err) : DELVE_EIO;
    unlink(file);
    if (st)
        return;
    fuzz_require(w.floor >= 0 && w.floor < w.dg.floor_count, "a loaded party is on a floor");
    fuzz_require(world_sx(&w) < w.dg.floors[w.floor].w && world_sy(&w) < w.dg.floors[w.floor].h,
                 "a loaded party stands inside its floor");
    world_free(&w);
}

static void try_save(const char *text, const film_script *fs)
{
    save_state *st = malloc(sizeof *st);
    delve_err err = { "" };
    if (st && save_parse("fuzz.sav", text, st, &err) == DELVE_OK && !strstr(st->source, "file="))
        load(text, fs);
    free(st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size, SAVE_MAX_BYTES);
    if (!text)
        return 0;
    film_script fs; /* an empty script's settings: what `delve shot --load` starts from */
    delve_err err = { "" };
    memset(&fs, 0, sizeof fs);
    if (film_parse("fuzz.film", "", &fs, &err) == DELVE_OK) {
        fs.gen_with = fuzz_gen_cached;
        fs.no_programs = 1; /* a fuzzed generator= never runs */
        char *signed_text = re_sign(text);
        try_save(text, &fs);
        if (signed_text && strcmp(signed_text, text))
            try_save(signed_text, &fs);
        free(signed_text);
    }
    film_free(&fs);
    free(text);
    return 0;
}
