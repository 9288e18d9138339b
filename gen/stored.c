/* stored: hand-drawn rooms read from assets/rooms/ (see stored.h). */
#define _DEFAULT_SOURCE /* dirent's d_name with -std=c11 */
#include "gen/stored.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/dun.h"
#include "engine/fsio.h"

/* The next line of *s into buf (without its end), advancing *s; 0 at the end. */
static int next_line(const char **s, char *buf, size_t cap)
{
    if (!**s)
        return 0;
    const char *e = *s;
    while (*e && *e != '\n')
        e++;
    size_t n = (size_t)(e - *s);
    if (n > 0 && (*s)[n - 1] == '\r')
        n--;
    if (n >= cap)
        n = cap - 1;
    memcpy(buf, *s, n);
    buf[n] = '\0';
    *s = *e ? e + 1 : e;
    return 1;
}

/* The map block after a `map` line, read by dun_map_read into a w x h scratch floor. */
static delve_status read_map(const char *file, int *line, const char **s, stored_room *out,
                             delve_err *err)
{
    dfloor tmp;
    delve_status st = floor_init(&tmp, 0, out->w, out->h, err);
    if (st)
        return st;
    st = dun_map_read(file, line, s, &tmp, 0, 0, NULL, err);
    if (!st)
        memcpy(out->terrain, tmp.terrain, (size_t)out->w * (size_t)out->h);
    floor_free(&tmp);
    return st;
}

delve_status stored_parse(const char *file, const char *text, stored_room *out,
                              delve_err *err)
{
    memset(out, 0, sizeof *out);
    char buf[256];
    int line = 0, have_map = 0;
    const char *s = text;
    while (next_line(&s, buf, sizeof buf)) {
        line++;
        int a, b;
        char name[32];
        if (buf[0] == '#' || buf[0] == '\0')
            continue;
        if (sscanf(buf, "room %31s", name) == 1) {
            snprintf(out->name, sizeof out->name, "%s", name);
        } else if (sscanf(buf, "size %d %d", &a, &b) == 2) {
            if (a < 1 || b < 1 || a > STORED_SIDE_MAX || b > STORED_SIDE_MAX)
                return delve_fail_at(err, DELVE_EINPUT, file, line, 6, "size %d %d: each "
                                     "side is 1..%d", a, b, STORED_SIDE_MAX);
            out->w = a, out->h = b;
        } else if (!strcmp(buf, "map")) {
            if (!out->w)
                return delve_fail_at(err, DELVE_EINPUT, file, line, 1, "'size W H' comes "
                                     "before the map");
            delve_status st = read_map(file, &line, &s, out, err);
            if (st)
                return st;
            have_map = 1;
        } else if (sscanf(buf, "secret %d %d", &a, &b) == 2) {
            if (!have_map || a < 0 || b < 0 || a >= out->w || b >= out->h ||
                out->secret_count == STORED_SECRETS_MAX)
                return delve_fail_at(err, DELVE_EINPUT, file, line, 8, "secret %d %d: not a "
                                     "square of the map above (at most %d secrets)", a, b,
                                     STORED_SECRETS_MAX);
            out->sx[out->secret_count] = a, out->sy[out->secret_count++] = b;
        } else {
            return delve_fail_at(err, DELVE_EINPUT, file, line, 1, "unknown line '%s' "
                                 "(room, size, map, secret)", buf);
        }
    }
    if (!have_map || !out->name[0])
        return delve_fail_at(err, DELVE_EINPUT, file, line, 1, "a stored room needs 'room "
                             "NAME', 'size W H' and a map block");
    return DELVE_OK;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.room names of dir, sorted, into names[*n] (malloc'ed each). */
static delve_status list_rooms(const char *dir, char **names, int *n, delve_err *err)
{
    DIR *d = opendir(dir);
    if (!d)
        return delve_fail(err, DELVE_EIO, "%s: cannot open the folder of stored rooms", dir);
    delve_status st = DELVE_OK;
    for (struct dirent *e; st == DELVE_OK && (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".room"))
            continue;
        if (*n == STORED_MAX)
            st = delve_fail(err, DELVE_EINPUT, "%s: more than %d stored rooms", dir, STORED_MAX);
        else if (!(names[*n] = malloc(strlen(dir) + len + 2)))
            st = delve_fail(err, DELVE_ENOMEM, "out of memory");
        else
            sprintf(names[(*n)++], "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)*n, sizeof *names, cmp_name);
    return st;
}

delve_status stored_load(const char *dir, stored_rooms *out, delve_err *err)
{
    memset(out, 0, sizeof *out);
    char *names[STORED_MAX];
    int n = 0;
    delve_status st = list_rooms(dir, names, &n, err);
    for (int i = 0; i < n; i++) {
        char *text = NULL;
        size_t len;
        if (!st)
            st = fsio_read_all(names[i], STORED_FILE_MAX, &text, &len, err);
        if (!st)
            st = stored_parse(names[i], text, &out->rooms[out->count++], err);
        free(text);
        free(names[i]);
    }
    return st;
}

int stored_lay(dfloor *f, const room *rm, const stored_room *s)
{
    if (rm->w < s->w || rm->h < s->h)
        return 0;
    int x0 = rm->x + (rm->w - s->w) / 2, y0 = rm->y + (rm->h - s->h) / 2;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            int i = (y0 + y) * f->w + x0 + x;
            f->terrain[i] = s->terrain[y * s->w + x];
            f->marks[i] = SQ_DRAWN | SQ_PIN;
        }
    for (int k = 0; k < s->secret_count; k++)
        f->marks[(y0 + s->sy[k]) * f->w + x0 + s->sx[k]] |= SQ_SECRET;
    return 1;
}

delve_status stored_attach(gen_opts *o, stored_rooms **keep, delve_err *err)
{
    *keep = NULL;
    if (!o->rooms[0])
        return DELVE_OK;
    stored_rooms *s = malloc(sizeof *s);
    if (!s)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for stored rooms");
    delve_status st = stored_load(o->rooms, s, err);
    if (st) {
        free(s);
        return st;
    }
    o->stored = *keep = s;
    return DELVE_OK;
}

void stored_free(stored_rooms *s)
{
    free(s);
}
