/* fuzz_film: a .film script parsed (films/film.h) and, when it parses, rehearsed as
 * `delve film` does before it records anything: the world built and every action
 * played with no recorder (films/director.h), `save FILE` making its text and writing
 * nothing. Scripts naming a .dun file or a save are parsed only: the dun and sav
 * targets read those, and a fuzzed path must not open arbitrary files. The dungeon
 * comes from fuzz_gen_cached: the same settings give the same dungeon, made once.
 * Every byte reaches film_parse; in the fuzz build generation and the simulation (the
 * tide, paths, monsters) keep their edge coverage but not libFuzzer's comparison
 * tracing (CMakeLists.txt), the parser and the director keep both. */
#include <stdlib.h>
#include <string.h>

#include "films/director.h"
#include "tests/fuzz/fuzz.h"

/* A rehearsal stops after this many shots (delve film allows RECORDER_MAX_FRAMES), or
 * once the Shoals tide has stepped this many times (20 cycles of TIDE_PERIOD, 67 min
 * of game time; a wait of days is a shot per DIRECTOR_WAIT_CHUNK_S with hundreds of
 * tide steps each): the tide repeats every cycle, so a long film costs time, not
 * coverage (a station's STATION_DRY_S countdown still runs out on the other types). */
#define FUZZ_FILM_MAX_SHOTS 2000
#define FUZZ_FILM_MAX_TIDE_STEPS 2000

typedef struct rehearsal {
    int shots;
} rehearsal;

/* Each shot: numbered on from the last, the party on a square of its floor. */
static delve_status take(void *ctx, const world *w, const shot *s, delve_err *err)
{
    rehearsal *r = ctx;
    fuzz_require(s->frame_no == r->shots + 1, "shots are numbered 1, 2, 3 ...");
    fuzz_require(w->floor >= 0 && w->floor < w->dg.floor_count, "the party is on a floor");
    const dfloor *f = &w->dg.floors[w->floor];
    fuzz_require(w->x_cm >= 0 && world_sx(w) < f->w && w->y_cm >= 0 && world_sy(w) < f->h,
                 "the party stands inside its floor");
    fuzz_require(s->recent_count >= 0 && s->recent_count <= DIRECTOR_RECENT,
                 "at most DIRECTOR_RECENT recent lines");
    r->shots = s->frame_no;
    if (r->shots < FUZZ_FILM_MAX_SHOTS && w->tide.steps < FUZZ_FILM_MAX_TIDE_STEPS)
        return DELVE_OK;
    return delve_fail(err, DELVE_ELIMIT, "fuzz: enough shots");
}

static void rehearse(const film_script *fs)
{
    world w;
    delve_err err = { "" };
    rehearsal r = { 0 };
    if (director_build_world(fs, &w, &err))
        return;
    director_play(fs, &w, take, &r, &err);
    fuzz_require(r.shots >= 1, "a film played has at least its start shot");
    world_free(&w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size, FILM_MAX_BYTES);
    if (!text)
        return 0;
    film_script fs;
    delve_err err = { "" };
    memset(&fs, 0, sizeof fs);
    if (film_parse("fuzz.film", text, &fs, &err) == DELVE_OK && !fs.dun_file[0] &&
        !fs.save_file[0]) {
        fs.gen_with = fuzz_gen_cached;
        fs.no_programs = 1; /* a fuzzed generator= never runs */
        rehearse(&fs);
    }
    film_free(&fs);
    free(text);
    return 0;
}
