/* chart: the health chart. Layout, top to bottom: a title row with the legend (a swatch
 * and name per member) on the right; the health plot (0 at its bottom, the film's
 * highest health rounded up to tens at its top, a grid line every quarter); the power
 * plot, shorter; the time axis: film time (m:ss at the film's fps) over the game clock
 * at each tick. A marked event is a rule down both plots in its colour with its word
 * (and the damage of a fall or a burn) at the top; a run of frames of one kind is one
 * mark. Integer maths only. */
#include "render/chart.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/world.h"
#include "render/look.h"

#define CHART_PAD 12
#define CHART_AXIS_W 44      /* y labels left of the plots */
#define CHART_TITLE_H 30
#define CHART_HEALTH_H 120
#define CHART_GAP 14
#define CHART_POWER_H 40
#define CHART_FPS 12         /* the recorder's animation clock, 83 ms a frame */
/* A party whose healths (or powers) differ more than this many times over is drawn per
 * member: on one scale a 9 999-health member leaves the others' lines flat on the axis */
#define CHART_PER_MEMBER 4


rgba chart_member_colour(int m)
{
    return look_member(m);
}

void chart_begin(chart_data *d, int members, const char *const names[], int fps)
{
    d->members = members < 0 ? 0 : members > PARTY_MAX ? PARTY_MAX : members;
    for (int m = 0; m < d->members; m++)
        snprintf(d->names[m], sizeof d->names[m], "%s", names[m] ? names[m] : "?");
    d->fps = fps;
    d->n = 0;
}

delve_status chart_add(chart_data *d, const chart_point *p, delve_err *err)
{
    if (d->n >= CHART_MAX_POINTS)
        return delve_fail(err, DELVE_ELIMIT, "chart: more than %d frames", CHART_MAX_POINTS);
    if (d->n == d->cap) {
        int cap = d->cap ? d->cap * 2 : 256;
        chart_point *np = realloc(d->pts, (size_t)cap * sizeof *np);
        if (!np)
            return delve_fail(err, DELVE_ENOMEM, "out of memory for the chart");
        d->pts = np;
        d->cap = cap;
    }
    d->pts[d->n++] = *p;
    return DELVE_OK;
}

void chart_free(chart_data *d)
{
    free(d->pts);
    d->pts = NULL;
    d->n = d->cap = 0;
}

event_kind chart_kind(const char *word)
{
    for (int k = 0; k < EV_KIND_COUNT; k++)
        if (!strcmp(word, event_kind_name((event_kind)k)))
            return (event_kind)k;
    return EV_STEP;
}

/* The highest value of health (power 0) or power (1) in the film, rounded up to tens. */
static int top_of(const chart_data *d, int power)
{
    int top = 1;
    for (int i = 0; i < d->n; i++)
        for (int m = 0; m < d->members; m++) {
            int v = power ? d->pts[i].power[m] : d->pts[i].health[m];
            top = v > top ? v : top;
        }
    return (top + 9) / 10 * 10;
}

/* Each member's highest health (power 0) or power (1) into top[], and 1 when the highest
 * is more than CHART_PER_MEMBER times the least (a member always at 0 left out). */
static int member_tops(const chart_data *d, int power, int top[PARTY_MAX])
{
    int hi = 0, lo = 0;
    for (int m = 0; m < PARTY_MAX; m++) {
        top[m] = 0;
        for (int i = 0; m < d->members && i < d->n; i++) {
            int v = power ? d->pts[i].power[m] : d->pts[i].health[m];
            top[m] = v > top[m] ? v : top[m];
        }
        hi = top[m] > hi ? top[m] : hi;
        lo = top[m] > 0 && (lo == 0 || top[m] < lo) ? top[m] : lo;
    }
    return lo > 0 && hi > CHART_PER_MEMBER * lo;
}

chart_layout chart_layout_of(const chart_data *d, int w)
{
    chart_layout l;
    l.x0 = CHART_PAD + CHART_AXIS_W;
    l.x1 = w - CHART_PAD - 8 > l.x0 ? w - CHART_PAD - 8 : l.x0;
    l.hy0 = CHART_TITLE_H;
    l.hy1 = l.hy0 + CHART_HEALTH_H;
    l.py0 = l.hy1 + CHART_GAP;
    l.py1 = l.py0 + CHART_POWER_H;
    for (int k = 0; k < 2; k++)
        l.per_member[k] = member_tops(d, k, l.member_top[k]);
    l.health_top = l.per_member[0] ? 100 : top_of(d, 0);
    l.power_top = l.per_member[1] ? 100 : top_of(d, 1);
    l.first = d->n ? d->pts[0].frame : 1;
    l.last = d->n ? d->pts[d->n - 1].frame : 1;
    return l;
}

int chart_x(const chart_layout *l, int frame)
{
    int span = l->last - l->first;
    if (span <= 0)
        return l->x0;
    return l->x0 + (int)((int64_t)(frame - l->first) * (l->x1 - l->x0) / span);
}

static int value_y(int y0, int y1, int top, int v)
{
    v = v < 0 ? 0 : v > top ? top : v;
    return y1 - (int)((int64_t)v * (y1 - y0) / (top > 0 ? top : 1));
}

/* Row of member m's value v on plot k (0 health, 1 power) of l, before the member's
 * offset: against the plot's top, or the member's own highest when drawn per member. */
static int plot_y(const chart_layout *l, int k, int m, int v)
{
    int y0 = k ? l->py0 : l->hy0, y1 = k ? l->py1 : l->hy1;
    int top = l->per_member[k] ? l->member_top[k][m] : k ? l->power_top : l->health_top;
    return value_y(y0, y1, top, v);
}

int chart_health_y(const chart_layout *l, int m, int health)
{
    return plot_y(l, 0, m, health) + 2 * m;
}

/* A plot's frame: background, grid lines at quarters with their values on the left. */
static void plot_frame(canvas *c, text_ctx *t, const chart_layout *l, int y0, int y1, int top,
                       int quarters, const char *name)
{
    char buf[24];
    canvas_fill_rect(c, l->x0, y0, l->x1 - l->x0 + 1, y1 - y0 + 1, (rgba){ 24, 24, 30, 255 });
    for (int q = 0; q <= quarters; q++) {
        int v = top * q / quarters, y = value_y(y0, y1, top, v);
        canvas_fill_rect(c, l->x0, y, l->x1 - l->x0 + 1, 1, LOOK_PANEL_EDGE);
        snprintf(buf, sizeof buf, "%d", v);
        int tw = text_width(t, 11, TEXT_MONO, buf);
        text_draw(c, t, l->x0 - 6 - tw, y - 7, 11, TEXT_MONO, LOOK_TEXT_DIM, buf);
    }
    /* the name beside the middle grid line, or between two lines when that line's value
       is too wide to leave it room ("HP" beside "5000") */
    snprintf(buf, sizeof buf, "%d", top * (quarters / 2) / (quarters > 0 ? quarters : 1));
    int label_y = (y0 + y1) / 2 - 6;
    if (quarters >= 2 && CHART_PAD + text_width(t, 10, TEXT_BOLD, name) + 4 >
                             l->x0 - 6 - text_width(t, 11, TEXT_MONO, buf))
        label_y = (value_y(y0, y1, top, top * (quarters / 2) / quarters) +
                   value_y(y0, y1, top, top * (quarters / 2 - 1) / quarters)) / 2 - 6;
    text_draw(c, t, CHART_PAD, label_y, 10, TEXT_BOLD, LOOK_TEXT_DIM, name);
}

/* Member m's stepped line through the values (power 0: health), 2 px thick: each
 * frame's value holds until the next frame, where the line steps. */
static void member_line(canvas *c, const chart_data *d, const chart_layout *l, int m, int power)
{
    rgba col = chart_member_colour(m);
    if (power)
        col.a = 200;
    for (int i = 0; i < d->n; i++) {
        const chart_point *p = &d->pts[i];
        int v = power ? p->power[m] : p->health[m];
        int y = power ? plot_y(l, 1, m, v) + m : chart_health_y(l, m, v);
        int xa = chart_x(l, p->frame);
        int xb = i + 1 < d->n ? chart_x(l, d->pts[i + 1].frame) : xa + 1;
        canvas_blend_rect(c, xa, y - 1, xb - xa + 1, 2, col);
        if (i + 1 < d->n) {
            int nv = power ? d->pts[i + 1].power[m] : d->pts[i + 1].health[m];
            int ny = power ? plot_y(l, 1, m, nv) + m : chart_health_y(l, m, nv);
            int top = ny < y ? ny : y, bot = ny < y ? y : ny;
            if (bot > top)
                canvas_blend_rect(c, xb - 1, top - 1, 2, bot - top + 2, col);
        }
    }
}

/* The colour of a marked kind; alpha 0 for kinds that are not marked. */
static rgba mark_colour(event_kind k)
{
    switch (k) {
    case EV_LAND: return (rgba){ 255, 90, 60, 255 };
    case EV_HEAL: return (rgba){ 90, 230, 130, 255 };
    case EV_BURN: return (rgba){ 255, 150, 40, 255 };
    case EV_DEATH: return (rgba){ 235, 235, 240, 255 };
    default: return (rgba){ 0, 0, 0, 0 };
    }
}

/* The biggest drop of any member's health from point i - 1 to point j. */
static int drop(const chart_data *d, int i, int j)
{
    int most = 0;
    for (int m = 0; i > 0 && m < d->members; m++) {
        int dv = d->pts[i - 1].health[m] - d->pts[j].health[m];
        most = dv > most ? dv : most;
    }
    return most;
}

/* The mark's word: "fall -7", "burn -12", "heal", "death". */
static void mark_word(const chart_data *d, int i, int end, char *buf, size_t size)
{
    event_kind k = d->pts[i].kind;
    int dmg = k == EV_LAND || k == EV_BURN ? drop(d, i, end) : 0;
    const char *w = k == EV_LAND ? "fall" : event_kind_name(k);
    if (dmg > 0)
        snprintf(buf, size, "%s -%d", w, dmg);
    else
        snprintf(buf, size, "%s", w);
}

/* Rules and words of the marked events; a word that would run into the last one drawn
 * goes a line lower (three lines, then it is left out; the rule stays). */
static void marks(canvas *c, const chart_data *d, const chart_layout *l, text_ctx *t)
{
    int right[3] = { -1000, -1000, -1000 };
    char word[48];
    for (int i = 0; i < d->n; i++) {
        event_kind k = d->pts[i].kind;
        rgba col = mark_colour(k);
        if (!col.a || (i > 0 && d->pts[i - 1].kind == k))
            continue;
        int end = i;
        while (end + 1 < d->n && d->pts[end + 1].kind == k)
            end++;
        int x = chart_x(l, d->pts[i].frame);
        canvas_blend_rect(c, x, l->hy0, 1, l->py1 - l->hy0 + 1, (rgba){ col.r, col.g, col.b, 150 });
        mark_word(d, i, end, word, sizeof word);
        int tw = text_width(t, 11, TEXT_BOLD, word);
        int wx = x + 3 + tw <= l->x1 ? x + 3 : x - 3 - tw; /* left of a rule near the end */
        for (int row = 0; row < 3; row++)
            if (wx > right[row] + 6) {
                int wy = l->hy0 + 1 + row * 13;
                canvas_fill_rect(c, wx - 2, wy, tw + 4, 13, (rgba){ 24, 24, 30, 255 });
                text_draw(c, t, wx, wy, 11, TEXT_BOLD, col, word);
                right[row] = wx + tw;
                break;
            }
    }
}

/* The film time between ticks: the shortest of these seconds that leaves 110 px. */
static int tick_step(const chart_layout *l, int fps)
{
    static const int STEP[] = { 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600 };
    int frames = l->last - l->first, px = l->x1 - l->x0;
    for (size_t i = 0; i < sizeof STEP / sizeof STEP[0]; i++)
        if (frames <= 0 || (int64_t)STEP[i] * fps * px / frames >= 110)
            return STEP[i];
    return 7200;
}

/* The game time at film frame f: the clock of the last point at or before it. */
static int64_t clock_at(const chart_data *d, int f)
{
    int lo = 0, hi = d->n - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (d->pts[mid].frame <= f)
            lo = mid;
        else
            hi = mid - 1;
    }
    return d->pts[lo].time_s;
}

/* Ticks under the plots: film time (m:ss) and, under it, the game clock then, each
 * pair starting at its tick. */
static void time_axis(canvas *c, const chart_data *d, const chart_layout *l, text_ctx *t)
{
    int fps = d->fps > 0 ? d->fps : CHART_FPS, step = tick_step(l, fps), y = l->py1 + 6;
    char buf[48], clk[32];
    text_draw(c, t, CHART_PAD, y, 10, TEXT_BOLD, LOOK_TEXT_DIM, "FILM");
    text_draw(c, t, CHART_PAD, y + 15, 10, TEXT_BOLD, LOOK_TEXT_DIM, "GAME");
    int right = -1000;
    for (int s = 0;; s += step) {
        int f = l->first + s * fps;
        if (f > l->last)
            break;
        int x = chart_x(l, f);
        canvas_fill_rect(c, x, l->py1 + 1, 1, 4, LOOK_TEXT_DIM);
        snprintf(buf, sizeof buf, "%d:%02d", s / 60, s % 60);
        world_clock_text(clock_at(d, f), clk, sizeof clk);
        int tw = text_width(t, 11, TEXT_MONO, clk), tx = x + 2;
        /* the words start at their tick, as every tick's do: words that would pass the
         * band's edge (drawn left of the tick they read as the one before's) or run
         * into the last tick's leave the mark alone */
        if (tx + tw > c->w - 4 || tx < right + 8)
            continue;
        right = tx + tw;
        text_draw(c, t, tx, y, 11, TEXT_MONO, LOOK_TEXT, buf);
        text_draw(c, t, tx, y + 15, 11, TEXT_MONO, LOOK_TEXT_DIM, clk);
    }
}

/* The title and the legend (a swatch and the name of each member, from the right). On
 * a narrow chart the title gets shorter, then goes, then the names are cut to an equal
 * share: the legend never runs over the title. */
static void title_row(canvas *c, const chart_data *d, text_ctx *t, const chart_layout *l)
{
    static const char *const TITLES[] = { "Health and power over the film",
                                          "Health and power", "" };
    int legend = 0, width = l->x1 - CHART_PAD, share = 0;
    for (int m = 0; m < d->members; m++)
        legend += text_width(t, 13, TEXT_SANS, d->names[m]) + 36;
    size_t k = 0;
    while (k + 1 < sizeof TITLES / sizeof *TITLES &&
           text_width(t, 14, TEXT_BOLD, TITLES[k]) + 16 + legend > width)
        k++;
    if (legend > width && d->members > 0)
        share = width / d->members - 36;
    text_draw(c, t, CHART_PAD, 7, 14, TEXT_BOLD, LOOK_TEXT, TITLES[k]);
    int x = l->x1;
    char name[sizeof d->names[0]];
    for (int m = d->members - 1; m >= 0; m--) {
        const char *s = share > 0 ? text_fit(t, 13, TEXT_SANS, share, d->names[m], name,
                                             sizeof name)
                                  : d->names[m];
        x -= text_width(t, 13, TEXT_SANS, s);
        text_draw(c, t, x, 8, 13, TEXT_SANS, LOOK_TEXT, s);
        x -= 20;
        canvas_fill_rect(c, x, 14, 14, 4, chart_member_colour(m));
        x -= 16;
    }
}

void chart_render(canvas *c, const chart_data *d, text_ctx *t)
{
    canvas_clear(c, LOOK_PANEL);
    canvas_frame_rect(c, 0, 0, c->w, c->h, 1, LOOK_PANEL_EDGE);
    chart_layout l = chart_layout_of(d, c->w);
    title_row(c, d, t, &l);
    plot_frame(c, t, &l, l.hy0, l.hy1, l.health_top, 4, l.per_member[0] ? "HP %" : "HP");
    plot_frame(c, t, &l, l.py0, l.py1, l.power_top, 1, l.per_member[1] ? "PWR %" : "PWR");
    if (d->n == 0) {
        text_draw(c, t, l.x0 + 10, l.hy0 + 40, 14, TEXT_SANS, LOOK_TEXT_DIM, "no frames");
        return;
    }
    marks(c, d, &l, t);
    for (int m = d->members - 1; m >= 0; m--) {
        member_line(c, d, &l, m, 1);
        member_line(c, d, &l, m, 0);
    }
    time_axis(c, d, &l, t);
}
