/* fuzz_events: a film's events.tsv read back as `delve sheet` reads it (films/events.h's
 * events_read, from a scratch file: the reader takes a path), each row checked against
 * the reader's contract: frames rising and in range, times, floors and health in
 * theirs, texts cut to fit. */
#include <string.h>
#include <unistd.h>

#include "films/events.h"
#include "films/recorder.h"
#include "tests/fuzz/fuzz.h"

typedef struct reading {
    int rows, last_frame;
} reading;

static delve_status row(void *ctx, const events_line *l, delve_err *err)
{
    reading *r = ctx;
    fuzz_require(l->frame > r->last_frame && l->frame <= RECORDER_MAX_FRAMES,
                 "each frame above the last, at most RECORDER_MAX_FRAMES");
    fuzz_require(l->time_s >= 0 && l->time_s <= WORLD_MAX_CLOCK_S, "time_s in range");
    fuzz_require(l->floor >= 1 && l->floor <= DUNGEON_MAX_FLOORS, "floor in range");
    fuzz_require(l->members >= 0 && l->members <= PARTY_MAX, "at most PARTY_MAX members");
    for (int m = 0; m < l->members; m++)
        fuzz_require(l->health[m] >= 0 && l->health[m] <= MEMBER_MAX_HEALTH, "health in range");
    fuzz_require(memchr(l->event, 0, sizeof l->event) && memchr(l->caption, 0, sizeof l->caption),
                 "event and caption are cut to fit");
    film_pick_wants(PICK_EVERY, 5, l->frame, strcmp(l->event, "step") != 0);
    r->last_frame = l->frame;
    r->rows++;
    (void)err;
    return DELVE_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > EVENTS_MAX_BYTES)
        return 0;
    char file[512];
    reading r = { 0 };
    delve_err err = { "" };
    if (fuzz_file("events.tsv", data, size, file, sizeof file))
        events_read(file, row, &r, &err);
    unlink(file);
    return 0;
}
