/* catalog: one line per floor for catalog.tsv. */
#include "gen/catalog.h"

#include <stdio.h>
#include <string.h>

static size_t clamp_len(int n, size_t size)
{
    return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

/* Copies s into a one-line, one-column text of at most size - 1 bytes. */
static void one_cell(char *out, size_t size, const char *s)
{
    snprintf(out, size, "%s", s);
    for (char *p = out; *p; p++)
        if (*p == '\t' || *p == '\n' || *p == '\r')
            *p = ' ';
}

size_t catalog_floor_line(uint64_t seed, const dfloor *f, const char *verdict, char *buf,
                          size_t size)
{
    char v[400];
    one_cell(v, sizeof v, verdict);
    int n = snprintf(buf, size, "%llu\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%s\n",
                     (unsigned long long)seed, f->index + 1,
                     level_type_name((level_type)f->level_type), f->room_count,
                     f->pit_count, f->station_count, f->way_count, f->monster_count, v);
    return clamp_len(n, size);
}

/* Appends the names of floor's findings of severity sev (each kind once) to buf. */
static void verdict_part(const check_list *l, int floor, check_severity sev, char *buf,
                         size_t size)
{
    int seen[CK_KIND_COUNT] = { 0 }, any = 0;
    for (int i = 0; i < l->count; i++) {
        const check_finding *c = &l->items[i];
        if (c->floor != floor || c->severity != sev || seen[c->kind])
            continue;
        seen[c->kind] = 1;
        size_t n = strlen(buf);
        snprintf(buf + n, size - n, "%s%s%s", any ? "," : buf[0] ? "; " : "",
                 any ? "" : sev == CHECK_ERROR ? "error: " : "warning: ",
                 check_kind_name(c->kind));
        any = 1;
    }
}

void catalog_verdict(const check_list *l, int floor, char *buf, size_t size)
{
    buf[0] = '\0';
    verdict_part(l, floor, CHECK_ERROR, buf, size);
    verdict_part(l, floor, CHECK_WARNING, buf, size);
    if (!buf[0])
        snprintf(buf, size, "ok");
}

size_t catalog_failed_line(uint64_t seed, int floor, const char *type, const char *why,
                           char *buf, size_t size)
{
    char msg[400];
    one_cell(msg, sizeof msg, why);
    int n = snprintf(buf, size, "%llu\t%d\t%s\t-\t-\t-\t-\t-\tfailed: %s\n",
                     (unsigned long long)seed, floor, type, msg);
    return clamp_len(n, size);
}
