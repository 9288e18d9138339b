/* fuzz_dun: a .dun file read (engine/dun.h) and, when it reads, checked as `delve
 * check` checks it (gen/family.h's family_check_dungeon); then written out and read
 * back, which must give the same text again (dun.h: writer and reader are exact
 * inverses). */
#include <stdlib.h>
#include <string.h>

#include "engine/dun.h"
#include "gen/check.h"
#include "gen/family.h"
#include "tests/fuzz/fuzz.h"

/* d written, read back and written again: both texts the same. */
static void round_trip(const dungeon *d)
{
    char *once = NULL, *twice = NULL;
    dungeon back;
    delve_err err = { "" };
    if (dun_write(d, d->seed, &once, &err))
        return; /* a floor with no squares cannot be written: refused, fine */
    fuzz_require(dun_read("written.dun", once, &back, &err) == DELVE_OK,
                 "what dun_write wrote reads back");
    fuzz_require(dun_write(&back, back.seed, &twice, &err) == DELVE_OK,
                 "a dungeon read back writes again");
    fuzz_require(strcmp(once, twice) == 0, "export, import, export gives the same bytes");
    dungeon_free(&back);
    free(once);
    free(twice);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size, DUN_MAX_BYTES);
    if (!text)
        return 0;
    dungeon d;
    delve_err err = { "" };
    if (dun_read("fuzz.dun", text, &d, &err) == DELVE_OK) {
        check_list l = { 0 };
        if (family_check_dungeon(&d, &l, &err) == DELVE_OK)
            fuzz_require(l.count < CHECK_MAX_FINDINGS ? l.errors + l.warnings == l.count
                                                      : l.errors + l.warnings >= l.count,
                         "every finding is counted as an error or a warning");
        check_list_free(&l);
        round_trip(&d);
        dungeon_free(&d);
    }
    free(text);
    return 0;
}
