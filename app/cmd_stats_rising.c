/* delve stats for rooms and corridors: what rising laid over a range of seeds
 * (spec/rising.md, gen/rising.h): counts per kind over every floor of each dungeon, and
 * the failures (a dungeon that did not generate or that the checks find an error in). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/stats_shard.h"
#include "gen/check.h"
#include "gen/rising.h"


/* Generates and checks one seed's dungeon, adding its counts (or a failure). */
static delve_status one_seed(const gen_opts *o, int64_t *c, delve_err *err)
{
    dungeon d;
    delve_err e = { "" };
    delve_status st = gen_dungeon(o, &d, &e);
    if (st == DELVE_ENOMEM)
        return delve_fail(err, st, "%s", e.msg);
    if (st != DELVE_OK) {
        c[RK_FAILED]++;
        return DELVE_OK;
    }
    check_list l = { 0 };
    st = check_dungeon(&d, &l, err);
    if (st == DELVE_OK) {
        rising_count(&d, c);
        c[RK_FAILED] += l.errors > 0;
    }
    check_list_free(&l);
    dungeon_free(&d);
    return st;
}

void stats_rooms_print(const int64_t *c, const gen_opts *o, uint64_t lo, uint64_t hi, int tsv)
{
    if (tsv)
        printf("kind\tcount\tseeds\tfloors\n");
    else
        printf("delve stats  seeds %llu-%llu  %d floor%s  rising %s\n  %-26s %8s\n",
               (unsigned long long)lo, (unsigned long long)hi, o->floors,
               o->floors == 1 ? "" : "s", o->rising ? "on" : "off", "kind", "count");
    for (int k = 0; k < RK_COUNT; k++) {
        if (tsv)
            printf("%s\t%lld\t%llu\t%d\n", rising_kind_name((rising_kind)k),
                   (long long)c[k], (unsigned long long)(hi - lo + 1), o->floors);
        else
            printf("  %-26s %8lld\n", rising_kind_name((rising_kind)k), (long long)c[k]);
    }
}

delve_status stats_rooms_count(const gen_opts *go, uint64_t lo, uint64_t hi, int64_t *c,
                               delve_err *err)
{
    gen_opts o = *go;
    delve_status st = DELVE_OK;
    for (uint64_t s = lo; st == DELVE_OK; s++) {
        o.seed = s;
        st = one_seed(&o, c, err);
        if (s == hi)
            break;
    }
    return st;
}
