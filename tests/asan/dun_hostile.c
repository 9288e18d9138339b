/* The .dun reader and the checks on hostile files, built with ASan and UBSan by
 * tests/dun_hostile.sh (engine and gen/check only: libc). For each file: "ok N" with the
 * number of findings, or "refused: MESSAGE". Exit 0 unless something could not run. */
#include <stdio.h>

#include "engine/dun.h"
#include "gen/check.h"

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        dungeon d;
        delve_err err = { "" };
        delve_status st = dun_load(argv[i], &d, &err);
        if (st) {
            printf("%s: refused: %s\n", argv[i], err.msg);
            continue;
        }
        check_list l = { 0 };
        st = check_dungeon(&d, &l, &err);
        printf("%s: ok %d\n", argv[i], st ? -1 : l.count);
        check_list_free(&l);
        dungeon_free(&d);
    }
    return 0;
}
