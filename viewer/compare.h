/* compare: two dungeons in one window (delve view --compare). The one not shown waits
 * here whole; the differences layer's squares are those unlike on the same floor of the
 * other. Calls request and say only; the viewer swaps and reloads through it. */
#ifndef DELVE_VIEWER_COMPARE_H
#define DELVE_VIEWER_COMPARE_H

#include "films/director.h"
#include "render/frame.h"
#include "viewer/request.h"
#include "viewer/say.h"

typedef struct compare {
    request alt;                  /* the dungeon not shown: B while A is shown, or A */
    film_script alt_fs;
    world alt_w;
    int have_alt;                 /* alt_fs and alt_w are built */
    int showing_b;                /* 0: A shown (alt holds B); 1: B shown */
    frame_mark *diffs;            /* squares unlike the other dungeon's, every floor */
    int diff_count;
} compare;

/* The other dungeon (c->alt, set by the caller) built, both titles marked "A: " and
 * "B: ", the differences made against w. Errors as request_load and
 * director_build_world; c->have_alt 0 then. */
delve_status compare_open(compare *c, const request *a, film_script *fs, const world *w,
                          delve_err *err);
void compare_free(compare *c);
/* The differences layer's squares, remade from w (NULL: none) and the other dungeon,
 * on the floors both have; none when out of memory. */
void compare_diffs(compare *c, const world *w);
/* "A: " or "B: " (b) before fs's title, or the .dun's name; nothing without --compare
 * (a is the shown dungeon's request). */
void compare_title(const compare *c, const request *a, film_script *fs, int b);
/* Tab: the shown dungeon (*a, *fs, *w) and the other swapped whole. 0 when there is no
 * other (nothing changed), else 1. */
int compare_swap(compare *c, request *a, film_script *fs, world *w);
/* "KEY: A shown; N squares on floor F unlike B (d rings them)" for floor fi, into s. */
void compare_say(const compare *c, int fi, const char *key, say_line *s);
/* After the shown dungeon was reloaded (n, p, r; it is a, fs, w now): the other one read
 * again, its seed moved by seed_step too. 1 when done (or nothing to do); 0 when it
 * failed, the other kept and s saying why. */
int compare_reload(compare *c, const request *a, film_script *fs, const world *w,
                   int seed_step, say_line *s);
/* The squares that differ, into o's diffs. */
void compare_to_frame(const compare *c, frame_opts *o);

#endif
