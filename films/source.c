/* source: the dungeon source line of saved games (see source.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "films/source.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "gen/opts.h"

/* Every setting a source line carries: all but the floor shown (a front end's). */
#define SOURCE_SETTINGS (OPTS_ALL & ~OPTS_BIT(OPTS_FLOOR))

delve_status source_text(const film_script *fs, char *buf, size_t cap, delve_err *err)
{
    int n;
    delve_status st = DELVE_OK;
    if (fs->dun_file[0]) {
        char *abs = realpath(fs->dun_file, NULL);
        if (!abs)
            return delve_fail(err, DELVE_EINPUT, "%s: %s", fs->dun_file, strerror(errno));
        n = snprintf(buf, cap, "file=%s", abs);
        free(abs);
    } else {
        gen_opts o = fs->gen;
        char *abs = o.rooms[0] ? realpath(o.rooms, NULL) : NULL;
        if (o.rooms[0] && !abs)
            return delve_fail(err, DELVE_EINPUT, "%s: %s", o.rooms, strerror(errno));
        if (abs && strlen(abs) < sizeof o.rooms)  /* a save may load from another folder */
            memcpy(o.rooms, abs, strlen(abs) + 1);
        free(abs);
        unsigned bits = 0;  /* those that apply, so the line reads back as a dungeon line */
        for (int id = 0; id < OPTS_COUNT; id++)
            bits |= opts_applies(&o, (opts_id)id) ? OPTS_BIT(id) : 0;
        st = opts_line(&o, SOURCE_SETTINGS & bits, buf, cap, err);
        n = (int)strlen(buf);
    }
    if (st || n < 0 || (size_t)n >= cap || n >= SAVE_SOURCE_MAX)
        return delve_fail(err, DELVE_EINPUT, "the dungeon's source line passes %d characters "
                          "(a .dun path that long cannot go in a save)", SAVE_SOURCE_MAX - 1);
    return DELVE_OK;
}

/* One key=value of the generator's settings (n bytes at p); 0 when the key or value is
 * bad. */
static int setting(film_script *fs, const char *p, size_t n)
{
    char word[SAVE_SOURCE_MAX];
    const char *eq = memchr(p, '=', n);
    if (!eq || n >= sizeof word)
        return 0;
    memcpy(word, p, n);
    word[n] = '\0';
    word[eq - p] = '\0';
    int id = opts_find(word);
    return id >= 0 && id != OPTS_FLOOR &&
           opts_set(&fs->gen, (opts_id)id, word + (eq - p) + 1, NULL) == DELVE_OK;
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
        if (!setting(fs, p, n))
            return delve_fail_at(err, DELVE_EINPUT, file, line, col0 + (int)(p - src),
                                 "bad dungeon source '%.*s' (seed=N floors=K type=T dlevel=D "
                                 "difficulty=N islands=N rising=on|off ..., or file=PATH)",
                                 (int)n, p);
        p += n;
        while (*p == ' ')
            p++;
    }
    return DELVE_OK;
}
