/* catalog: one line per floor for catalog.tsv. */
#include "gen/catalog.h"

#include <stdio.h>
#include <string.h>

static size_t clamp_len(int n, size_t size)
{
    return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

size_t catalog_floor_line(uint64_t seed, const dfloor *f, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%llu\t%d\t%s\t%d\t%d\t%d\t%d\t%d\tok\n",
                     (unsigned long long)seed, f->index + 1,
                     level_type_name((level_type)f->level_type), f->room_count,
                     f->pit_count, f->station_count, f->way_count, f->monster_count);
    return clamp_len(n, size);
}

size_t catalog_failed_line(uint64_t seed, int floor, const char *type, const char *why,
                           char *buf, size_t size)
{
    char msg[400];
    snprintf(msg, sizeof msg, "%s", why);
    for (char *p = msg; *p; p++)  /* one line, one column */
        if (*p == '\t' || *p == '\n' || *p == '\r')
            *p = ' ';
    int n = snprintf(buf, size, "%llu\t%d\t%s\t-\t-\t-\t-\t-\tfailed: %s\n",
                     (unsigned long long)seed, floor, type, msg);
    return clamp_len(n, size);
}
