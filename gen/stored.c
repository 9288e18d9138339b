/* stored: hand-drawn rooms read from assets/rooms/ (see stored.h). */
#define _DEFAULT_SOURCE /* dirent's d_name with -std=c11 */
#include "gen/stored.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/lex.h"
#include "engine/dun.h"

/* The map block after a `map` line, read by dun_map_read into a w x h scratch floor. */
static delve_status read_map(lex *x, stored_room *out)
{
    dfloor tmp;
    delve_status st = floor_init(&tmp, 0, out->w, out->h, x->err);
    if (st)
        return st;
    st = dun_map_read(x, &tmp, 0, 0, NULL);
    if (!st)
        memcpy(out->terrain, tmp.terrain, (size_t)out->w * (size_t)out->h);
    floor_free(&tmp);
    return st;
}

/* size W H: 1..STORED_SIDE_MAX each, before the map (the map is read at that size). */
static delve_status l_size(lex *x, stored_room *out, int have_map)
{
    if (have_map)
        return lex_fail(x, x->ls, "'size W H' comes before the map");
    delve_status st = lex_int(x, 1, STORED_SIDE_MAX, &out->w, "the width");
    if (!st)
        st = lex_int(x, 1, STORED_SIDE_MAX, &out->h, "the height");
    return st ? st : lex_end(x);
}

/* secret X Y: a square of the map above. */
static delve_status l_secret(lex *x, stored_room *out, int have_map)
{
    if (!have_map)
        return lex_fail(x, x->ls, "'secret X Y' comes after the map");
    if (out->secret_count == STORED_SECRETS_MAX)
        return lex_fail(x, x->ls, "more than %d secrets", STORED_SECRETS_MAX);
    int k = out->secret_count;
    delve_status st = lex_int(x, 0, out->w - 1, &out->sx[k], "x");
    if (!st)
        st = lex_int(x, 0, out->h - 1, &out->sy[k], "y");
    if (!st)
        st = lex_end(x);
    out->secret_count += !st;
    return st;
}

/* One line of a stored room, by its first word. */
static delve_status room_line(lex *x, stored_room *out, int *have_map)
{
    char kw[16];
    const char *at = lex_word(x, kw, sizeof kw, "a line name");
    if (!at)
        return DELVE_EINPUT;
    if (!strcmp(kw, "room")) {
        if (out->name[0])
            return lex_fail(x, x->ls, "a second 'room' line: a .room file holds one room");
        at = lex_word(x, out->name, sizeof out->name, "the room's name");
        return at ? lex_end(x) : DELVE_EINPUT;
    }
    if (!strcmp(kw, "size"))
        return l_size(x, out, *have_map);
    if (!strcmp(kw, "secret"))
        return l_secret(x, out, *have_map);
    if (strcmp(kw, "map"))
        return lex_fail(x, at, "unknown line '%.*s' (room, size, map, secret)",
                        (int)(x->le - at > 60 ? 60 : x->le - at), at);
    delve_status st = lex_end(x);
    if (!st && !out->w)
        st = lex_fail(x, x->ls, "'size W H' comes before the map");
    if (!st)
        st = read_map(x, out);
    *have_map |= !st;
    return st;
}

delve_status stored_parse(const char *file, const char *text, stored_room *out,
                              delve_err *err)
{
    memset(out, 0, sizeof *out);
    lex x;
    lex_init(&x, file, text, err);
    int have_map = 0;
    while (lex_next(&x)) {
        delve_status st = lex_limit(&x, STORED_MAX_LINE);
        st = st ? st : lex_text_only(&x, ".room file"); /* its name is printed */
        if (!st && !lex_blank(&x))
            st = room_line(&x, out, &have_map);
        if (st)
            return st;
    }
    if (!have_map || !out->name[0])
        return delve_fail_at(err, DELVE_EINPUT, file, x.line ? x.line : 1, 1, "a stored room "
                             "needs 'room NAME', 'size W H' and a map block");
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
    if (!st && n == 0) /* --rooms naming the wrong folder would lay nothing, unseen */
        st = delve_fail(err, DELVE_EINPUT, "%s: no .room files in this folder of stored "
                        "rooms (docs/dun-format.md)", dir);
    for (int i = 0; i < n; i++) {
        char *text = NULL;
        if (!st)
            st = lex_read_file(names[i], STORED_FILE_MAX, ".room file", &text, err);
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
