/* catalog: one line per floor for catalog.tsv. */
#include "review/catalog.h"

#include <stdio.h>
#include <string.h>

#include "gen/opts.h"

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

/* The counts of CATALOG_MORE for f, in its order. */
static void more_counts(const dfloor *f, int *c)
{
    int sq[T_TERRAIN_COUNT], wk[WAY_KIND_COUNT] = { 0 }, fluid = 0;
    survey_terrain_counts(f, sq);
    for (int t = 0; t < T_TERRAIN_COUNT; t++)
        fluid += terrain_is_fluid((terrain)t) ? sq[t] : 0;
    for (int i = 0; i < f->way_count; i++)
        wk[f->ways[i].kind < WAY_KIND_COUNT ? f->ways[i].kind : WAY_LIFT]++;
    const rising_log *r = &f->rising;
    const int v[CATALOG_MORE_COUNT] = {
        f->dlevel, sq[T_DOOR], f->item_count, fluid, wk[WAY_LIFT], wk[WAY_LADDER],
        wk[WAY_STAIR], wk[WAY_RAMP], wk[WAY_SPIRAL], r->bends, sq[T_CURVE], sq[T_TURN],
        sq[T_STAIR], sq[T_RAMP], r->sunk, r->raised, r->graded, r->spirals_within,
    };
    memcpy(c, v, sizeof v);
}

size_t catalog_floor_line(uint64_t seed, const dfloor *f, uint64_t digest, const survey *sv,
                          const char *verdict, char *buf, size_t size)
{
    char v[400];
    one_cell(v, sizeof v, verdict);
    int more[CATALOG_MORE_COUNT];
    more_counts(f, more);
    int n = snprintf(buf, size, "%llu\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%s",
                     (unsigned long long)seed, f->index + 1,
                     level_type_name((level_type)f->level_type), f->room_count,
                     f->pit_count, f->station_count, f->way_count, f->monster_count, v);
    for (int i = 0; i < CATALOG_MORE_COUNT && n >= 0 && (size_t)n < size; i++)
        n += snprintf(buf + n, size - (size_t)n, "\t%d", more[i]);
    if (n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, "\t%016llx", (unsigned long long)digest);
    int sc[SURVEY_COUNT];
    survey_values(sv, sc);
    for (int i = 0; i < CATALOG_SURVEY_COUNT && n >= 0 && (size_t)n < size; i++)
        n += snprintf(buf + n, size - (size_t)n, "\t%d", sc[i]);
    if (n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, "\n");
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
    int n = snprintf(buf, size, "%llu\t%d\t%s\t-\t-\t-\t-\t-\tfailed: %s",
                     (unsigned long long)seed, floor, type, msg);
    for (int i = 0; i < CATALOG_MORE_COUNT && n >= 0 && (size_t)n < size; i++)
        n += snprintf(buf + n, size - (size_t)n, "\t-");
    if (n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, "\t-"); /* no floor, no digest */
    for (int i = 0; i < CATALOG_SURVEY_COUNT && n >= 0 && (size_t)n < size; i++)
        n += snprintf(buf + n, size - (size_t)n, "\t-");
    if (n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, "\n");
    return clamp_len(n, size);
}

/* --- provenance ------------------------------------------------------------------ */

/* Appends text to buf (cap bytes, *n used); DELVE_ELIMIT when it does not fit. */
static delve_status put(char *buf, size_t cap, size_t *n, const char *text, delve_err *err)
{
    size_t len = strlen(text);
    if (*n + len >= cap)
        return delve_fail(err, DELVE_ELIMIT, "the catalog's head passes %zu bytes", cap - 1);
    memcpy(buf + *n, text, len + 1);
    *n += len;
    return DELVE_OK;
}

/* Appends s as one shell word: as is when plain, else in single quotes. */
static delve_status put_word(char *buf, size_t cap, size_t *n, const char *s, delve_err *err)
{
    int plain = s[0] != '\0';
    for (const char *p = s; *p && plain; p++)
        plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                       "-_./=:,+@%", *p) != NULL;
    if (plain)
        return put(buf, cap, n, s, err);
    delve_status st = put(buf, cap, n, "'", err);
    for (const char *p = s; *p && !st; p++) {  /* a control byte (a newline) as '?': */
        char one[2] = { (unsigned char)*p < 32 ? '?' : *p, '\0' };  /* one line each */
        st = put(buf, cap, n, *p == '\'' ? "'\\''" : one, err);
    }
    return st ? st : put(buf, cap, n, "'", err);
}

delve_status catalog_settings_flags(const gen_opts *o, char *buf, size_t cap,
                                    delve_err *err)
{
    size_t n = 0;
    delve_status st = DELVE_OK;
    buf[0] = '\0';
    for (int id = 0; id < OPTS_COUNT && !st; id++) {
        char kv[GEN_PATH_MAX + 64];
        if (id == OPTS_SEED || id == OPTS_FLOOR || !opts_applies(o, (opts_id)id))
            continue;
        st = opts_line(o, OPTS_BIT(id), kv, sizeof kv, err);
        char *eq = strchr(kv, '=');
        if (st || !eq)  /* a setting written only when set (rooms, single-monster) */
            continue;
        *eq = '\0';
        st = put(buf, cap, &n, n ? " --" : "--", err);
        if (!st)
            st = put(buf, cap, &n, kv, err);
        if (!st)
            st = put(buf, cap, &n, " ", err);
        if (!st)
            st = put_word(buf, cap, &n, eq + 1, err);
    }
    return st;
}

delve_status catalog_command_line(int argc, char *const *argv, char *buf, size_t cap,
                                  delve_err *err)
{
    size_t n = 0;
    buf[0] = '\0';
    delve_status st = put(buf, cap, &n, "delve", err);
    for (int i = 0; i < argc && !st; i++) {
        st = put(buf, cap, &n, " ", err);
        if (!st)
            st = put_word(buf, cap, &n, argv[i], err);
    }
    return st;
}

delve_status catalog_command_check(int argc, char *const *argv, delve_err *err)
{
    for (int i = 0; i < argc; i++)
        for (const char *p = argv[i]; *p; p++)
            if ((unsigned char)*p < 32 || *p == 127)
                return delve_fail(err, DELVE_EINPUT, "%s%.40s holds a control byte (a "
                                  "newline or a tab): catalog.tsv keeps the command on one "
                                  "line to paste into a shell; rename the file or folder",
                                  i ? "the word after " : "the name",  /* argv[i - 1] */
                                  i ? argv[i - 1] : "");  /* has none: checked before */
    return DELVE_OK;
}

/* "# command: delve shot ..." with each argument shell-quoted. */
static delve_status put_command(const catalog_source *s, char *buf, size_t cap, size_t *n,
                                delve_err *err)
{
    char line[CATALOG_HEAD_MAX];
    delve_status st = catalog_command_line(s->argc, s->argv, line, sizeof line, err);
    if (!st)
        st = put(buf, cap, n, "# command: ", err);
    if (!st)
        st = put(buf, cap, n, line, err);
    return st ? st : put(buf, cap, n, "\n", err);
}

delve_status catalog_head(const catalog_source *s, char *buf, size_t cap, delve_err *err)
{
    char settings[2048], flags[2048], line[2 * 2048 + 256];
    size_t n = 0;
    buf[0] = '\0';
    /* another program's dungeons: of delve's settings only the floors asked mean anything */
    unsigned which = s->generator ? OPTS_BIT(OPTS_FLOORS)
                                  : OPTS_ALL & ~OPTS_BIT(OPTS_SEED) & ~OPTS_BIT(OPTS_FLOOR);
    delve_status st = opts_line(s->o, which, settings, sizeof settings, err);
    for (char *p = settings; *p; p++)  /* a folder name with a newline stays one line */
        *p = (unsigned char)*p < 32 ? '?' : *p;
    if (!st)
        st = catalog_settings_flags(s->o, flags, sizeof flags, err);
    if (!st)
        st = put(buf, cap, &n, "# catalog: one line per floor of a shot set (delve shot "
                 "--seeds), columns as the last comment line names them\n", err);
    if (!st)
        st = put_command(s, buf, cap, &n, err);
    snprintf(line, sizeof line, "# version: %s\n# revision: %s\n# seeds: %llu-%llu\n"
             "# settings: %s\n# zoom: %d\n", s->version, s->revision,
             (unsigned long long)s->seed_lo, (unsigned long long)s->seed_hi, settings, s->zoom);
    if (!st)
        st = put(buf, cap, &n, line, err);
    if (s->generator) /* another program's dungeons: its command makes a floor again */
        snprintf(line, sizeof line, "# generator: %s\n# shot: delve shot %s --seed SEED "
                 "--floor FLOOR --zoom %d -o OUT.png\n# view: delve view %s --seed SEED "
                 "--floor FLOOR\n# images: %s\n",
                 s->generator, s->generator, s->zoom, s->generator,
                 s->images ? s->images : "all");
    else
        snprintf(line, sizeof line, "# shot: delve shot --seed SEED --floor FLOOR %s --zoom %d "
                 "-o OUT.png\n# view: delve view --seed SEED --floor FLOOR %s\n# images: %s\n",
                 flags, s->zoom, flags, s->images ? s->images : "all");
    if (!st)
        st = put(buf, cap, &n, line, err);
    return st ? st : put(buf, cap, &n, CATALOG_HEADER "\n", err);
}
