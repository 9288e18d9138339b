/* source: the dungeon source line of saved games (see source.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "films/source.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/doomrl/doomrl.h"
#include "gen/gen.h"
#include "gen/shoals/shoals.h"

delve_status source_text(const film_script *fs, char *buf, size_t cap, delve_err *err)
{
    int n;
    if (fs->dun_file[0]) {
        char *abs = realpath(fs->dun_file, NULL);
        if (!abs)
            return delve_fail(err, DELVE_EINPUT, "%s: %s", fs->dun_file, strerror(errno));
        n = snprintf(buf, cap, "file=%s", abs);
        free(abs);
    } else {
        n = snprintf(buf, cap, "seed=%" PRIu64 " floors=%d type=%s dlevel=%d difficulty=%d "
                     "islands=%d rising=%s", fs->seed, fs->floors,
                     fs->level_type == GEN_TYPE_DOOMRL ? "doomrl"
                                                       : level_type_name((level_type)fs->level_type),
                     fs->dlevel, fs->difficulty, fs->islands, fs->rising ? "on" : "off");
    }
    if (n < 0 || (size_t)n >= cap || n >= SAVE_SOURCE_MAX)
        return delve_fail(err, DELVE_EINPUT, "the dungeon's source line passes %d characters "
                          "(a .dun path that long cannot go in a save)", SAVE_SOURCE_MAX - 1);
    return DELVE_OK;
}

/* A whole number in lo..hi from s (up to a space or the end). */
static int value(const char *s, size_t n, long long lo, long long hi, long long *out)
{
    char tmp[32];
    if (n == 0 || n >= sizeof tmp || s[0] < '0' || s[0] > '9')
        return 0;
    memcpy(tmp, s, n);
    tmp[n] = '\0';
    char *end;
    errno = 0;
    long long v = strtoll(tmp, &end, 10);
    if (*end || errno || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

static int seed_value(const char *s, size_t n, uint64_t *out)
{
    char tmp[32];
    if (n == 0 || n >= sizeof tmp || s[0] < '0' || s[0] > '9')
        return 0;
    memcpy(tmp, s, n);
    tmp[n] = '\0';
    char *end;
    errno = 0;
    unsigned long long v = strtoull(tmp, &end, 10);
    if (*end || errno)
        return 0;
    *out = v;
    return 1;
}

/* One key=value of the generator's settings; 0 when the key or value is bad. */
static int setting(film_script *fs, const char *k, size_t kn, const char *v, size_t vn)
{
    long long x = 0;
#define KEY(name) (kn == strlen(name) && !strncmp(k, name, kn))
    if (KEY("seed"))
        return seed_value(v, vn, &fs->seed);
    if (KEY("floors") && value(v, vn, 1, DUNGEON_MAX_FLOORS, &x))
        return fs->floors = (int)x, 1;
    if (KEY("dlevel") && value(v, vn, 1, GEN_MAX_DLEVEL, &x))
        return fs->dlevel = (int)x, 1;
    if (KEY("difficulty") && value(v, vn, DOOM_DIFFICULTY_MIN, DOOM_DIFFICULTY_MAX, &x))
        return fs->difficulty = (int)x, 1;
    if (KEY("islands") && value(v, vn, 1, SHOALS_ISLANDS_MAX, &x))
        return fs->islands = (int)x, 1;
    if (KEY("rising") && (vn == 2 || vn == 3) && (!strncmp(v, "on", vn) || !strncmp(v, "off", vn)))
        return fs->rising = vn == 2, 1;
    if (KEY("type")) {
        char t[32];
        if (vn >= sizeof t)
            return 0;
        memcpy(t, v, vn);
        t[vn] = '\0';
        int lt = !strcmp(t, "doomrl") ? GEN_TYPE_DOOMRL : level_type_from_name(t);
        if (lt == -1 && strcmp(t, "doomrl"))
            return 0;
        return fs->level_type = lt, 1;
    }
#undef KEY
    return 0;
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
        return DELVE_OK;
    }
    fs->dun_file[0] = '\0';
    for (const char *p = src; *p;) {
        size_t n = strcspn(p, " ");
        const char *eq = memchr(p, '=', n);
        if (!eq || !setting(fs, p, (size_t)(eq - p), eq + 1, n - (size_t)(eq - p) - 1))
            return delve_fail_at(err, DELVE_EINPUT, file, line, col0 + (int)(p - src),
                                 "bad dungeon source '%.*s' (seed=N floors=K type=T dlevel=D "
                                 "difficulty=N islands=N rising=on|off, or file=PATH)", (int)n, p);
        p += n;
        while (*p == ' ')
            p++;
    }
    return DELVE_OK;
}
