/* source: the dungeon source line of saved games (see source.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "films/source.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/lex.h"
#include "gen/gen.h"
#include "gen/opts.h"

/* Every setting a source line carries: all but the floor shown (a front end's). */
#define SOURCE_SETTINGS (OPTS_ALL & ~OPTS_BIT(OPTS_FLOOR))

/* DELVE_EINPUT when where, the path of what, holds a byte a save's one line cannot carry
 * (a newline, any control byte): refused here, before a save is made, not found
 * unreadable later. The message leaves the path out: its newline would break the
 * viewer's status line. */
static delve_status path_fits_line(const char *what, const char *where, delve_err *err)
{
    for (const char *p = where; *p; p++)
        if ((unsigned char)*p < 32 || (unsigned char)*p == 127)
            return delve_fail(err, DELVE_EINPUT, "the %s's path has a newline or another "
                              "control character: a save's source line cannot hold it", what);
    return DELVE_OK;
}

/* Appends key=value to buf (n bytes used), the value in double quotes (\" and \\ its
 * only escapes, as films write text) when it holds a space, a quote or a backslash: a
 * folder with a space in its name must read back as one value. 0 when it does not fit. */
static int put_setting(char *buf, size_t cap, size_t *n, const char *key, const char *v)
{
    int quote = !v[0] || strpbrk(v, " \"\\") != NULL;
    int w = snprintf(buf + *n, cap - *n, "%s%s=%s", *n ? " " : "", key, quote ? "\"" : "");
    if (w < 0 || (size_t)w >= cap - *n)
        return 0;
    *n += (size_t)w;
    for (const char *p = v; *p; p++) {
        if (*n + 3 >= cap)
            return 0;
        if (quote && (*p == '"' || *p == '\\'))
            buf[(*n)++] = '\\';
        buf[(*n)++] = *p;
    }
    if (quote && *n + 1 >= cap)
        return 0;
    if (quote)
        buf[(*n)++] = '"';
    buf[*n] = '\0';
    return 1;
}

/* The generator settings of o that apply to its type (so the line reads back as a
 * dungeon line), but the floor shown, into buf. */
static delve_status settings_text(const gen_opts *o, char *buf, size_t cap, delve_err *err)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int id = 0; id < OPTS_COUNT; id++) {
        char kv[GEN_PATH_MAX + 64];
        if (!(SOURCE_SETTINGS & OPTS_BIT(id)) || !opts_applies(o, (opts_id)id))
            continue;
        delve_status st = opts_line(o, OPTS_BIT(id), kv, sizeof kv, err);
        char *eq = strchr(kv, '=');
        if (st)
            return st;
        if (!eq) /* a setting written only when set (rooms, single-monster) */
            continue;
        *eq = '\0';
        if (!put_setting(buf, cap, &n, kv, eq + 1))
            return delve_fail(err, DELVE_ELIMIT, "the settings line passes %zu characters",
                              cap - 1);
    }
    return DELVE_OK;
}

/* generator="CMD" seed=N floors=K into buf: another program's dungeon, made again by
 * running it (from the folder delve then runs in). */
static delve_status generator_text(const film_script *fs, char *buf, size_t cap, delve_err *err)
{
    char num[24];
    size_t n = 0;
    buf[0] = '\0';
    delve_status st = path_fits_line("generator", fs->generator, err);
    int ok = !st && put_setting(buf, cap, &n, "generator", fs->generator);
    snprintf(num, sizeof num, "%llu", (unsigned long long)fs->gen.seed);
    ok = ok && put_setting(buf, cap, &n, "seed", num);
    snprintf(num, sizeof num, "%d", fs->gen.floors);
    ok = ok && put_setting(buf, cap, &n, "floors", num);
    if (!st && !ok)
        st = delve_fail(err, DELVE_ELIMIT, "the settings line passes %zu characters", cap - 1);
    return st;
}

delve_status source_text(const film_script *fs, char *buf, size_t cap, delve_err *err)
{
    int n;
    delve_status st = DELVE_OK;
    if (fs->dun_file[0]) {
        char *abs = realpath(fs->dun_file, NULL);
        if (!abs)
            return delve_fail(err, DELVE_EINPUT, "%s: %s", fs->dun_file, strerror(errno));
        st = path_fits_line(".dun file", abs, err);
        n = snprintf(buf, cap, "file=%s", abs);
        free(abs);
        if (st)
            return st;
    } else if (fs->generator[0]) {
        st = generator_text(fs, buf, cap, err);
        n = (int)strlen(buf);
    } else {
        gen_opts o = fs->gen;
        char *abs = o.rooms[0] ? realpath(o.rooms, NULL) : NULL;
        if (o.rooms[0] && !abs)
            return delve_fail(err, DELVE_EINPUT, "%s: %s", o.rooms, strerror(errno));
        if (abs && strlen(abs) < sizeof o.rooms)  /* a save may load from another folder */
            memcpy(o.rooms, abs, strlen(abs) + 1);
        free(abs);
        if (o.rooms[0] && (st = path_fits_line("--rooms folder", o.rooms, err)))
            return st;
        st = settings_text(&o, buf, cap, err);
        n = (int)strlen(buf);
    }
    if (st || n < 0 || (size_t)n >= cap || n >= SAVE_SOURCE_MAX)
        return delve_fail(err, DELVE_EINPUT, "the dungeon's source line passes %d characters "
                          "(a .dun path that long cannot go in a save)", SAVE_SOURCE_MAX - 1);
    return DELVE_OK;
}

/* One key=value of the generator's settings, the value as given (unquoted); 0 when the
 * key or value is bad. */
static int setting(film_script *fs, const char *key, const char *value)
{
    int id = opts_find(key);
    return id >= 0 && id != OPTS_FLOOR &&
           opts_set(&fs->gen, (opts_id)id, value, NULL) == DELVE_OK;
}

/* generator=CMD of a source line: 0 when empty or too long. */
static int generator(film_script *fs, const char *value)
{
    if (!value[0] || strlen(value) >= sizeof fs->generator)
        return 0;
    snprintf(fs->generator, sizeof fs->generator, "%s", value);
    return 1;
}

delve_status source_parse(const char *src, const char *file, int line, film_script *fs,
                          delve_err *err)
{
    const int col0 = (int)strlen("source ") + 1; /* the line reads "source ..." */
    fs->save_file[0] = '\0';
    if (!strncmp(src, "file=", 5)) {
        if (!src[5] || strlen(src + 5) >= sizeof fs->dun_file)
            return delve_fail_at(err, DELVE_EINPUT, file, line, col0 + 5, "bad dungeon file");
        snprintf(fs->dun_file, sizeof fs->dun_file, "%s", src + 5);
        fs->generator[0] = '\0';
        return DELVE_OK;
    }
    fs->dun_file[0] = fs->generator[0] = '\0';
    lex x; /* key=value words, a value "quoted" as source_text writes one with a space */
    lex_init(&x, file, src, NULL);
    lex_next(&x);
    while (!lex_at_end(&x)) {
        const char *at = x.p;
        char key[32], value[SAVE_SOURCE_MAX];
        int ok = lex_key(&x, key, sizeof key) && lex_value(&x, value, sizeof value) == DELVE_OK &&
                 lex_at_gap(&x) && (strcmp(key, "generator") ? setting(fs, key, value)
                                    : generator(fs, value));
        if (!ok) {
            size_t n = strcspn(at, " ");
            return delve_fail_at(err, DELVE_EINPUT, file, line, col0 + (int)(at - src),
                                 "bad dungeon source '%.*s' (seed=N floors=K type=T dlevel=D "
                                 "difficulty=N islands=N rising=on|off ..., or file=PATH)",
                                 (int)n, at);
        }
    }
    return DELVE_OK;
}
