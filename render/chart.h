/* chart: every party member's health and power over a film's time as one picture: a
 * stepped line per member in the member's colour, falls, heals, burns and deaths marked
 * by labelled rules, film time and game time along the bottom, a legend. One home for
 * the contact sheet's band and `delve sheet --chart`, so the two are the same pixels. */
#ifndef DELVE_RENDER_CHART_H
#define DELVE_RENDER_CHART_H

#include <stdint.h>

#include "engine/event.h"
#include "engine/party.h"
#include "render/canvas.h"
#include "render/text.h"

#define CHART_H 250          /* the band's height in px */
#define CHART_MIN_W 640      /* narrower sheets get a band this wide */
#define CHART_MAX_POINTS 100000 /* one a frame: the recorder's RECORDER_MAX_FRAMES */

/* One frame of the film: what events.tsv keeps of it. */
typedef struct chart_point {
    int frame;             /* 1-based, each above the last */
    int64_t time_s;        /* game seconds */
    event_kind kind;       /* EV_STEP for a walking frame */
    int health[PARTY_MAX], power[PARTY_MAX];
} chart_point;

typedef struct chart_data {
    int members;                            /* 0..PARTY_MAX */
    char names[PARTY_MAX][MEMBER_NAME_MAX];
    int fps;                                /* film frames a second; 0: 12 */
    chart_point *pts;                       /* n of cap, owned */
    int n, cap;
} chart_data;

/* Where the plots are in a chart of width w: the health plot's rectangle and the power
 * plot's, the health axis' top value. The same for every caller of chart_render. */
typedef struct chart_layout {
    int x0, x1;            /* plot columns, both plots: the first frame at x0, the last at x1 */
    int hy0, hy1;          /* health plot rows: hy1 is health 0 */
    int py0, py1;          /* power plot rows */
    int health_top, power_top; /* axis tops: the film's highest, rounded up to tens; 100
                                  (per cent) for a plot drawn per member */
    int per_member[2];     /* health (0) and power (1): 1 when one member's highest is more
                              than CHART_PER_MEMBER times another's, so each member's line
                              is drawn against its own highest (the axis in per cent) */
    int member_top[2][PARTY_MAX]; /* each member's highest health and power in the film */
    int first, last;       /* frame numbers at x0 and x1 */
} chart_layout;

/* Sets the members (names cut to MEMBER_NAME_MAX - 1 bytes) and empties the points. */
void chart_begin(chart_data *d, int members, const char *const names[], int fps);
/* Appends one frame's point (a copy); DELVE_ELIMIT past CHART_MAX_POINTS, DELVE_ENOMEM. */
delve_status chart_add(chart_data *d, const chart_point *p, delve_err *err);
void chart_free(chart_data *d);

/* The event word of events.tsv ("fall", "heal"...) as its kind; EV_STEP when unknown. */
event_kind chart_kind(const char *word);

/* The layout of d drawn w px wide (see chart_layout). */
chart_layout chart_layout_of(const chart_data *d, int w);
/* Column of frame and row of member m's health (the line's top row; member m's line sits
 * 2 * m px below member 0's so equal values stay visible) in layout l. */
int chart_x(const chart_layout *l, int frame);
int chart_health_y(const chart_layout *l, int m, int health);

/* Draws the chart filling all of c (a canvas or a canvas_view), background included.
 * A chart of no points says so in its middle. */
void chart_render(canvas *c, const chart_data *d, text_ctx *t);

/* The member colours, member m's. */
rgba chart_member_colour(int m);

#endif
