/* compare: two dungeons in one window (compare.h). A is what the command line names
 * before `--` (or the first .dun), B the same with the settings after `--` over it (or
 * the second .dun). The differences layer rings each square whose terrain, height, pit,
 * way or station is not the same on the same floor of the other dungeon. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "viewer/compare.h"

/* 1 when square (x, y) of floor a is not what it is on floor b (off one floor counts). */
static int square_differs(const dfloor *a, const dfloor *b, int x, int y)
{
    int in_a = floor_in(a, x, y), in_b = floor_in(b, x, y);
    if (in_a != in_b)
        return 1;
    if (!in_a)
        return 0;
    int i = y * a->w + x, j = y * b->w + x;
    int32_t ha = a->height_cm ? a->height_cm[i] : 0, hb = b->height_cm ? b->height_cm[j] : 0;
    return a->terrain[i] != b->terrain[j] || ha != hb ||
           (floor_pit_at(a, x, y) >= 0) != (floor_pit_at(b, x, y) >= 0) ||
           (floor_way_at(a, x, y) >= 0) != (floor_way_at(b, x, y) >= 0) ||
           (floor_station_at(a, x, y) >= 0) != (floor_station_at(b, x, y) >= 0);
}

/* Appends the squares of floor fi of a unlike b's to c->diffs (*cap grown). */
static int floor_diffs(compare *c, const dfloor *a, const dfloor *b, int fi, int *cap)
{
    int w = a->w > b->w ? a->w : b->w, h = a->h > b->h ? a->h : b->h;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (!square_differs(a, b, x, y))
                continue;
            if (c->diff_count == *cap) {
                int n = *cap ? 2 * *cap : 256;
                frame_mark *m = realloc(c->diffs, (size_t)n * sizeof *m);
                if (!m)
                    return -1;
                c->diffs = m;
                *cap = n;
            }
            c->diffs[c->diff_count++] = (frame_mark){ fi, x, y, 0 };
        }
    return 0;
}

void compare_diffs(compare *c, const world *w)
{
    int cap = 0;
    free(c->diffs);
    c->diffs = NULL;
    c->diff_count = 0;
    if (!w || !c->have_alt)
        return;
    const dungeon *a = &w->dg, *b = &c->alt_w.dg;
    int n = a->floor_count < b->floor_count ? a->floor_count : b->floor_count;
    for (int fi = 0; fi < n; fi++)
        if (floor_diffs(c, &a->floors[fi], &b->floors[fi], fi, &cap)) {
            c->diff_count = 0;
            break;
        }
}

void compare_to_frame(const compare *c, frame_opts *o)
{
    o->diffs = c->diffs;
    o->diff_count = c->diff_count;
}

void compare_title(const compare *c, const request *a, film_script *fs, int b)
{
    char t[FILM_TEXT_MAX];
    if (!a->compare)
        return;
    const char *dun = b == c->showing_b ? a->dun : c->alt.dun; /* a file: its name */
    snprintf(t, sizeof t, "%c: %.*s", b ? 'B' : 'A', (int)sizeof t - 4, dun ? dun : fs->title);
    memcpy(fs->title, t, sizeof t);
}

delve_status compare_open(compare *c, const request *a, film_script *fs, const world *w,
                          delve_err *err)
{
    delve_status st = request_load(&c->alt, &c->alt_fs, err);
    if (!st && (st = director_build_world(&c->alt_fs, &c->alt_w, err)) != DELVE_OK)
        film_free(&c->alt_fs);
    c->have_alt = !st;
    if (st)
        return st;
    compare_title(c, a, fs, 0);
    compare_title(c, a, &c->alt_fs, 1);
    compare_diffs(c, w);
    return DELVE_OK;
}

void compare_free(compare *c)
{
    if (c->have_alt) {
        world_free(&c->alt_w);
        film_free(&c->alt_fs);
    }
    c->have_alt = 0;
    free(c->diffs);
    c->diffs = NULL;
    c->diff_count = 0;
}

int compare_swap(compare *c, request *a, film_script *fs, world *w)
{
    if (!c->have_alt)
        return 0;
    request ra = *a;
    film_script f = *fs;
    world wa = *w;
    *a = c->alt, c->alt = ra;
    *fs = c->alt_fs, c->alt_fs = f;
    *w = c->alt_w, c->alt_w = wa;
    c->showing_b = !c->showing_b;
    return 1;
}

void compare_say(const compare *c, int fi, const char *key, say_line *s)
{
    int n = 0;
    for (int i = 0; i < c->diff_count; i++)
        n += c->diffs[i].floor == fi;
    say_set(s, "%s: %c shown; %d square%s on floor %d unlike %c (d rings them)", key,
            c->showing_b ? 'B' : 'A', n, n == 1 ? "" : "s", fi + 1, c->showing_b ? 'A' : 'B');
}

int compare_reload(compare *c, const request *a, film_script *fs, const world *w,
                   int seed_step, say_line *s)
{
    film_script nf;
    world nw;
    delve_err e = { "" };
    if (!a->compare || !c->have_alt)
        return 1;
    request was = c->alt;
    if (seed_step) {
        c->alt.o.seed += (uint64_t)(int64_t)seed_step;
        c->alt.given |= OPTS_BIT(OPTS_SEED);
    }
    delve_status st = request_load(&c->alt, &nf, &e);
    if (!st && (st = director_build_world(&nf, &nw, &e)) != DELVE_OK)
        film_free(&nf);
    if (st) {
        c->alt = was;
        say_set(s, "%c not reloaded: %s", c->showing_b ? 'A' : 'B', e.msg);
        return 0;
    }
    world_free(&c->alt_w);
    film_free(&c->alt_fs);
    c->alt_w = nw;
    c->alt_fs = nf;
    compare_title(c, a, fs, c->showing_b);
    compare_title(c, a, &c->alt_fs, !c->showing_b);
    compare_diffs(c, w);
    return 1;
}
