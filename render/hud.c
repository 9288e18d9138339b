/* hud: the panel beside the map. Layout (320 px wide at scale 100): title (up to four
 * lines); floor and clock; member blocks; recent events (each up to three lines); at
 * the bottom the caption box with a dry station's countdown line above it. Sizes are
 * px at scale 100, tuned on 1280 x 720 frames, and go through S() (percent, integer
 * maths): at 100 every size is itself, so those frames keep their bytes. */
#include "render/hud.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "render/look.h"
#include "render/overlay.h"

#define HUD_PAD 16
#define HUD_BAR_W 196
#define HUD_BLOCK_H 66       /* one member */
#define HUD_COMPACT_H 36     /* one member when the blocks do not fit (six at 960 x 540) */
#define HUD_CAPTION_LINES 3
#define HUD_TITLE_LINES 4    /* a title of FILM_TEXT_MAX bytes wraps, never cut */
#define HUD_EVENT_LINES 3
#define HUD_LINE_MAX 160     /* bytes of one drawn line */
/* The compact HUD's text: HUD_COMPACT_READ_PX px when the frame is shown
 * HUD_COMPACT_READ_W px wide (a GIF on a page), the least a caption reads at */
#define HUD_COMPACT_READ_PX 10
#define HUD_COMPACT_READ_W 600

/* The panel being drawn: its canvas, the text, its scale in percent. */
typedef struct hud {
    canvas *p;
    text_ctx *t;
    int pct;
    int measure;  /* 1: caption_box and dry_line only say where their top would be */
} hud;

/* v px at scale 100 in px at the panel's scale. */
static int S(const hud *h, int v)
{
    return v * h->pct / 100;
}

/* A bar w x h at (x, y): the filled share value/max over back, a lit top edge. */
static void bar(canvas *p, int x, int y, int w, int h, int value, int max, rgba fill, rgba back)
{
    canvas_fill_rect(p, x, y, w, h, back);
    int fw = max > 0 ? (int)((int64_t)w * (value < 0 ? 0 : value > max ? max : value) / max) : 0;
    canvas_fill_rect(p, x, y, fw, h, fill);
    canvas_blend_rect(p, x, y, fw, 1, (rgba){ 255, 255, 255, 70 });
    canvas_frame_rect(p, x - 1, y - 1, w + 2, h + 2, 1, (rgba){ 0, 0, 0, 255 });
}

/* One member: name (struck through when dead), health bar with "23/30", power bar. */
static int member_block(const hud *h, const member *m, int x, int y, int inner)
{
    canvas *p = h->p;
    text_ctx *t = h->t;
    char buf[HUD_LINE_MAX];
    int alive = member_alive(m), bw = S(h, HUD_BAR_W);
    rgba name_col = alive ? LOOK_TEXT : LOOK_TEXT_DEAD;
    /* the name gets what the "armour 50%" label leaves of the line */
    int label = text_width(t, S(h, 12), TEXT_SANS, "armour 50%") + S(h, 8);
    int nw = text_draw(p, t, x, y, S(h, 16), TEXT_BOLD, name_col,
                       text_fit(t, S(h, 16), TEXT_BOLD, inner - label, m->name, buf, sizeof buf));
    if (!alive) {
        canvas_fill_rect(p, x - 2, y + S(h, 10), nw + 4, S(h, 2), LOOK_TEXT_DEAD);
        int dw = text_width(t, S(h, 13), TEXT_SANS, "dead");
        text_draw(p, t, x + inner - dw, y + S(h, 2), S(h, 13), TEXT_SANS, LOOK_TEXT_DEAD, "dead");
    } else if (m->armour_pct > 0) {
        snprintf(buf, sizeof buf, "armour %d%%", m->armour_pct);
        int aw = text_width(t, S(h, 12), TEXT_SANS, buf);
        text_draw(p, t, x + inner - aw, y + S(h, 3), S(h, 12), TEXT_SANS, LOOK_TEXT_DIM, buf);
    }
    rgba hf = alive ? LOOK_HEALTH : LOOK_DEAD_BAR, hb = alive ? LOOK_HEALTH_BACK : LOOK_DEAD_BAR;
    rgba pf = alive ? LOOK_POWER : LOOK_DEAD_BAR, pb = alive ? LOOK_POWER_BACK : LOOK_DEAD_BAR;
    rgba num = alive ? LOOK_TEXT : LOOK_TEXT_DEAD;
    bar(p, x, y + S(h, 24), bw, S(h, 14), m->health, m->max_health, hf, hb);
    snprintf(buf, sizeof buf, "%d/%d", m->health, m->max_health);
    text_draw(p, t, x + bw + S(h, 10), y + S(h, 22), S(h, 14), TEXT_MONO, num, buf);
    bar(p, x, y + S(h, 45), bw, S(h, 8), m->power, m->max_power, pf, pb);
    snprintf(buf, sizeof buf, "%d/%d", m->power, m->max_power);
    text_draw(p, t, x + bw + S(h, 10), y + S(h, 40), S(h, 12), TEXT_MONO,
              alive ? (rgba){ 150, 180, 255, 255 } : LOOK_TEXT_DEAD, buf);
    return y + S(h, HUD_BLOCK_H);
}

/* One member in HUD_COMPACT_H: name and "23/30" on a line, health and power bars under
 * it, full width; the panel's choice when the full blocks would run under the caption. */
static int member_compact(const hud *h, const member *m, int x, int y, int inner)
{
    char buf[HUD_LINE_MAX], nums[32];
    int alive = member_alive(m);
    rgba text = alive ? LOOK_TEXT : LOOK_TEXT_DEAD;
    if (alive)
        snprintf(nums, sizeof nums, "%d/%d", m->health, m->max_health);
    else
        snprintf(nums, sizeof nums, "dead");
    int numw = text_width(h->t, S(h, 13), TEXT_MONO, nums);
    int nw = text_draw(h->p, h->t, x, y, S(h, 14), TEXT_BOLD, text,
                       text_fit(h->t, S(h, 14), TEXT_BOLD, inner - numw - S(h, 8), m->name, buf,
                                sizeof buf));
    if (!alive)
        canvas_fill_rect(h->p, x - 2, y + S(h, 9), nw + 4, S(h, 2), LOOK_TEXT_DEAD);
    text_draw(h->p, h->t, x + inner - numw, y + S(h, 1), S(h, 13), TEXT_MONO, text, nums);
    bar(h->p, x, y + S(h, 19), inner, S(h, 6), m->health, m->max_health,
        alive ? LOOK_HEALTH : LOOK_DEAD_BAR, alive ? LOOK_HEALTH_BACK : LOOK_DEAD_BAR);
    bar(h->p, x, y + S(h, 27), inner, S(h, 3), m->power, m->max_power,
        alive ? LOOK_POWER : LOOK_DEAD_BAR, alive ? LOOK_POWER_BACK : LOOK_DEAD_BAR);
    return y + S(h, HUD_COMPACT_H);
}

/* Length of the longest run of whole words at the start of str that fits in max_w px
 * (at least one word, so a long word is cut by text_fit later). */
static size_t fit_words(text_ctx *t, int size, int style, int max_w, const char *str)
{
    char cur[HUD_LINE_MAX];
    size_t best = 0;
    for (size_t i = 1; i < HUD_LINE_MAX; i++) {
        if (!text_breaks_at(str, i) && str[i] != '\0')
            continue;
        memcpy(cur, str, i);
        cur[i] = '\0';
        if (best > 0 && text_width(t, size, style, cur) > max_w)
            break;
        best = i;
        if (str[i] == '\0')
            break;
    }
    return best ? best : strnlen(str, HUD_LINE_MAX - 1);
}

/* Splits str into at most max lines of at most max_w px, breaking at spaces; the last
 * line ends in "..." if text is left over. Returns the line count. */
static int wrap(text_ctx *t, int size, int style, int max_w, const char *str,
                char lines[][HUD_LINE_MAX], int max)
{
    int n = 0;
    while (n < max) {
        while (*str == ' ')
            str++;
        if (!*str)
            break;
        size_t len = fit_words(t, size, style, max_w, str);
        char cur[HUD_LINE_MAX];
        if (n == max - 1)
            len = strnlen(str, HUD_LINE_MAX - 1);  /* the rest, cut to fit below */
        memcpy(cur, str, len);
        cur[len] = '\0';
        text_fit(t, size, style, max_w, cur, lines[n++], HUD_LINE_MAX);
        str += len;
        if (n == max)
            break;
    }
    return n;
}

/* The title in bold, on up to HUD_TITLE_LINES lines when one is too narrow for it;
 * returns the y under it. */
static int title_lines(const hud *h, const char *title, int x, int y, int inner)
{
    char lines[HUD_TITLE_LINES][HUD_LINE_MAX];
    int size = S(h, 19);
    int n = text_width(h->t, size, TEXT_BOLD, title) <= inner ? 1
            : wrap(h->t, size, TEXT_BOLD, inner, title, lines, HUD_TITLE_LINES);
    if (n == 1) {
        text_draw(h->p, h->t, x, y, size, TEXT_BOLD, LOOK_TEXT,
                  text_fit(h->t, size, TEXT_BOLD, inner, title, lines[0], sizeof lines[0]));
        return y + S(h, 32);
    }
    int lh = text_line_h(h->t, size, TEXT_BOLD);
    for (int i = 0; i < n; i++)
        text_draw(h->p, h->t, x, y + i * lh, size, TEXT_BOLD, LOOK_TEXT, lines[i]);
    return y + S(h, 32) + (n - 1) * lh;
}

/* "Floor 12 of 32" beside the clock (max_w px), and when the viewer looks at another
 * floor than the party's, "(party on 1)" after it, or under it when that would run into
 * the clock. Returns the y of the line under them. */
static int floor_lines(const hud *h, const world *w, int shown, int x, int y, int max_w)
{
    char line[HUD_LINE_MAX], on[64];
    int size = S(h, 15);
    snprintf(line, sizeof line, "Floor %d of %d", shown + 1, w->dg.floor_count);
    on[0] = '\0';
    if (shown != w->floor)
        snprintf(on, sizeof on, "(party on %d)", w->floor + 1);
    size_t n = strlen(line);
    if (on[0])
        snprintf(line + n, sizeof line - n, " %s", on);
    int below = text_width(h->t, size, TEXT_SANS, line) > max_w;
    if (below)
        line[n] = '\0';
    char buf[HUD_LINE_MAX];
    text_draw(h->p, h->t, x, y, size, TEXT_SANS, LOOK_TEXT_DIM,
              text_fit(h->t, size, TEXT_SANS, max_w, line, buf, sizeof buf));
    if (!below)
        return y + S(h, 28);
    int lh = text_line_h(h->t, size, TEXT_SANS);
    text_draw(h->p, h->t, x, y + lh, size, TEXT_SANS, LOOK_TEXT_DIM, on);
    return y + S(h, 28) + lh;
}

/* The caption box at the bottom; returns its top edge. */
static int caption_box(const hud *h, const char *caption, int inner)
{
    int pad = S(h, HUD_PAD), bottom = h->p->h - pad, size = S(h, 15);
    if (!caption || !*caption)
        return bottom;
    char lines[HUD_CAPTION_LINES][HUD_LINE_MAX];
    int n = wrap(h->t, size, TEXT_SANS, inner - S(h, 20), caption, lines, HUD_CAPTION_LINES);
    int lh = text_line_h(h->t, size, TEXT_SANS), bh = n * lh + S(h, 18), top = bottom - bh;
    if (h->measure)
        return top;
    canvas_fill_rect(h->p, pad, top, inner, bh, LOOK_CAPTION_BOX);
    canvas_frame_rect(h->p, pad, top, inner, bh, 1, LOOK_PANEL_EDGE);
    canvas_fill_rect(h->p, pad, top, S(h, 3), bh, LOOK_GOAL);
    for (int i = 0; i < n; i++)
        text_draw(h->p, h->t, pad + S(h, 12), top + S(h, 9) + i * lh, size, TEXT_SANS,
                  LOOK_TEXT, lines[i]);
    return top;
}

/* The dry station's countdown in amber monospace, as large as fits; returns its top. */
static int dry_line(const hud *h, const char *line, int bottom, int inner)
{
    if (!line || !*line)
        return bottom;
    int size = S(h, 12), least = S(h, 8);
    while (size > least && text_width(h->t, size, TEXT_MONO, line) > inner)
        size--;
    int top = bottom - S(h, 10) - text_line_h(h->t, size, TEXT_MONO);
    if (h->measure)
        return top;
    char buf[HUD_LINE_MAX];
    text_draw(h->p, h->t, S(h, HUD_PAD), top, size, TEXT_MONO, LOOK_AMBER,
              text_fit(h->t, size, TEXT_MONO, inner, line, buf, sizeof buf));
    return top;
}

/* The last events that fit between top and bottom, oldest first, newest brightest; an
 * event too wide for the panel goes on over more lines (HUD_EVENT_LINES at most). */
static void recent_events(const hud *h, const frame_opts *o, int top, int bottom, int inner)
{
    if (o->recent_count <= 0 || !o->recent || bottom - top < S(h, 40))
        return;
    int size = S(h, 13), pad = S(h, HUD_PAD);
    text_draw(h->p, h->t, pad, top, S(h, 11), TEXT_BOLD, LOOK_TEXT_DIM, "EVENTS");
    int lh = text_line_h(h->t, size, TEXT_SANS), y = top + S(h, 18), fit = (bottom - y) / lh;
    int first = o->recent_count;
    char lines[HUD_EVENT_LINES][HUD_LINE_MAX];
    for (int i = o->recent_count - 1, used = 0; i >= 0; i--) {
        int n = wrap(h->t, size, TEXT_SANS, inner, o->recent[i] ? o->recent[i] : "", lines,
                     HUD_EVENT_LINES);
        used += n ? n : 1; /* an empty event keeps its line */
        if (used > fit)
            break;
        first = i;
    }
    for (int i = first; i < o->recent_count; i++) {
        rgba col = i == o->recent_count - 1 ? LOOK_TEXT : LOOK_TEXT_DIM;
        int n = wrap(h->t, size, TEXT_SANS, inner, o->recent[i] ? o->recent[i] : "", lines,
                     HUD_EVENT_LINES);
        for (int k = 0; k < n; k++)
            text_draw(h->p, h->t, pad, y + k * lh, size, TEXT_SANS, col, lines[k]);
        y += (n ? n : 1) * lh;
    }
}

/* On a Shoals floor: "Tide +12 rising" and a gauge of the tide between its extremes
 * (spec/shoals.md). Returns the y below it. */
static int tide_line(const hud *h, const world *w, int x, int y, int inner)
{
    char buf[64], tt[32];
    snprintf(buf, sizeof buf, "Tide %s", tide_text(w->tide.raw, w->tide.vel, tt, sizeof tt));
    text_draw(h->p, h->t, x, y, S(h, 15), TEXT_BOLD, (rgba){ 150, 210, 235, 255 }, buf);
    int gx = x + S(h, 150), gw = inner - S(h, 150);
    bar(h->p, gx, y + S(h, 5), gw, S(h, 10), w->tide.raw - TIDE_RAW_LOW,
        TIDE_RAW_HIGH - TIDE_RAW_LOW, look_shore(SB_SHALLOW)->base, look_shore(SB_DEEP_DARK)->base);
    return y + S(h, 26);
}

void hud_draw(canvas *p, const world *w, const frame_opts *o, text_ctx *t,
              const char *station_line, int scale_pct)
{
    char clk[32];
    hud h = { p, t, scale_pct > 0 ? scale_pct : 100, 0 };
    int pad = S(&h, HUD_PAD), inner = p->w - 2 * pad, x = pad, y = S(&h, 14);
    canvas_clear(p, LOOK_PANEL);
    canvas_fill_rect(p, 0, 0, S(&h, 2), p->h, LOOK_PANEL_EDGE);
    y = title_lines(&h, o->title ? o->title : "delve", x, y, inner);
    world_clock_text(w->clock_s, clk, sizeof clk);
    int cw = text_width(t, S(&h, 16), TEXT_MONO, clk);
    text_draw(p, t, p->w - pad - cw, y - 1, S(&h, 16), TEXT_MONO, LOOK_TEXT, clk);
    int shown = o->follow ? w->floor : o->cam_floor;
    y = floor_lines(&h, w, shown, x, y, inner - cw - S(&h, 12));
    if (shown >= 0 && shown < w->dg.floor_count && w->dg.floors[shown].level_type == LT_SHOALS)
        y = tide_line(&h, w, x, y - S(&h, 4), inner);
    canvas_fill_rect(p, x, y, inner, 1, LOOK_PANEL_EDGE);
    y += S(&h, 12);
    hud m = h; /* where the caption and the countdown will start: the members end above */
    m.measure = 1;
    int space = dry_line(&m, station_line, caption_box(&m, o->caption, inner), inner) - y;
    int compact = w->party.count * S(&h, HUD_BLOCK_H) > space;
    for (int i = 0; i < w->party.count && i < PARTY_MAX; i++)
        y = compact ? member_compact(&h, &w->party.m[i], x, y, inner)
                    : member_block(&h, &w->party.m[i], x, y, inner);
    canvas_fill_rect(p, x, y, inner, 1, LOOK_PANEL_EDGE);
    int bottom = caption_box(&h, o->caption, inner);
    bottom = dry_line(&h, station_line, bottom, inner);
    int lg = overlay_legend_h(o, t);
    if (lg > 0 && bottom - lg > y + S(&h, 40)) {
        bottom -= lg;
        canvas area = canvas_view(p, 0, bottom, p->w, lg - 8);
        overlay_legend(&area, o, t);
    }
    recent_events(&h, o, y + S(&h, 10), bottom - S(&h, 6), inner);
}

/* --- the compact HUD over the map --------------------------------------------------- */

int hud_compact_px(int frame_w)
{
    int px = (frame_w * HUD_COMPACT_READ_PX + HUD_COMPACT_READ_W - 1) / HUD_COMPACT_READ_W;
    return px < HUD_COMPACT_READ_PX ? HUD_COMPACT_READ_PX : px;
}

/* A dark box behind text over the map, so it reads over any floor. */
static void shade_box(canvas *c, int x, int y, int w, int h)
{
    canvas_blend_rect(c, x, y, w, h, (rgba){ 12, 12, 16, 200 });
}

/* The members top right: "Ash 18/30" over a health bar each, the dead greyed. */
static void compact_members(canvas *c, const world *w, text_ctx *t, int px)
{
    char buf[HUD_LINE_MAX], name[HUD_LINE_MAX];
    int pad = px / 2, bar_h = px / 4 > 3 ? px / 4 : 3, row = px * 13 / 10 + bar_h + pad / 2;
    int bw = px * 7, n = w->party.count < PARTY_MAX ? w->party.count : PARTY_MAX;
    int x = c->w - bw - 2 * pad, y = pad;
    shade_box(c, x - pad, 0, bw + 3 * pad, n * row + 2 * pad);
    for (int i = 0; i < n; i++, y += row) {
        const member *m = &w->party.m[i];
        int alive = member_alive(m);
        snprintf(buf, sizeof buf, "%d/%d", m->health, m->max_health);
        int nw = text_width(t, px, TEXT_BOLD, buf);
        text_fit(t, px, TEXT_BOLD, bw - nw - px / 2, m->name, name, sizeof name);
        text_draw(c, t, x, y, px, TEXT_BOLD, alive ? LOOK_TEXT : LOOK_TEXT_DEAD, name);
        text_draw(c, t, x + bw - nw, y, px, TEXT_BOLD, alive ? LOOK_TEXT : LOOK_TEXT_DEAD, buf);
        bar(c, x, y + px * 13 / 10, bw, bar_h, m->health, m->max_health,
            alive ? LOOK_HEALTH : LOOK_DEAD_BAR, alive ? LOOK_HEALTH_BACK : LOOK_DEAD_BAR);
    }
}

void hud_draw_compact(canvas *c, const world *w, const frame_opts *o, text_ctx *t)
{
    char clk[32], line[HUD_LINE_MAX], fit[HUD_LINE_MAX];
    int px = hud_compact_px(c->w), pad = px / 2, lh = px * 13 / 10;
    int shown = o->follow ? w->floor : o->cam_floor;
    snprintf(line, sizeof line, "F%d  %s", shown + 1, world_clock_text(w->clock_s, clk, sizeof clk));
    int lw = text_width(t, px, TEXT_BOLD, line);
    shade_box(c, 0, 0, lw + 2 * pad, lh + pad);
    text_draw(c, t, pad, pad / 2, px, TEXT_BOLD, LOOK_TEXT, line);
    compact_members(c, w, t, px);
    if (!o->caption || !o->caption[0])
        return;
    int inner = c->w - 4 * pad, top = c->h - lh - pad;
    text_fit(t, px, TEXT_BOLD, inner, o->caption, fit, sizeof fit);
    shade_box(c, 0, top - pad / 2, c->w, c->h - top + pad / 2);
    canvas_fill_rect(c, 0, top - pad / 2, pad / 2 > 2 ? pad / 2 : 2, c->h - top + pad / 2, LOOK_GOAL);
    text_draw(c, t, 2 * pad, top, px, TEXT_BOLD, LOOK_TEXT, fit);
}

/* --- the key of a panel ----------------------------------------------------------- */

typedef struct key_buf {
    uint8_t *b;
    size_t n;
    int full;
} key_buf;

static void key_bytes(key_buf *k, const void *p, size_t n)
{
    if (k->full || n > HUD_KEY_MAX - k->n) {
        k->full = 1;
        return;
    }
    memcpy(k->b + k->n, p, n);
    k->n += n;
}

/* A string with its length first, so "ab" "c" and "a" "bc" differ; NULL is not "". */
static void key_str(key_buf *k, const char *s)
{
    size_t n = s ? strnlen(s, HUD_KEY_MAX) : SIZE_MAX;
    key_bytes(k, &n, sizeof n);
    if (s)
        key_bytes(k, s, n);
}

static void key_member(key_buf *k, const member *m)
{
    size_t n = strnlen(m->name, sizeof m->name);
    key_bytes(k, &n, sizeof n);
    key_bytes(k, m->name, n);
    int64_t v[] = { member_alive(m), m->armour_pct, m->health, m->max_health, m->power,
                    m->max_power };
    key_bytes(k, v, sizeof v);
}

size_t hud_key(uint8_t *key, const canvas *panel, const world *w, const frame_opts *o,
               const text_ctx *txt, const char *station_line, int scale_pct)
{
    key_buf k = { key, 0, 0 };
    char clk[32];
    int shown = o->follow ? w->floor : o->cam_floor;
    int shoals = shown >= 0 && shown < w->dg.floor_count &&
                 w->dg.floors[shown].level_type == LT_SHOALS;
    int64_t v[] = { panel->w, panel->h, scale_pct, (int64_t)(uintptr_t)txt, shown, w->floor,
                    w->dg.floor_count, shoals, shoals ? w->tide.raw : 0,
                    shoals ? w->tide.vel : 0, o->overlays, w->party.count, o->recent_count };
    key_bytes(&k, v, sizeof v);
    key_str(&k, o->title);
    key_str(&k, world_clock_text(w->clock_s, clk, sizeof clk));
    key_str(&k, o->caption);
    key_str(&k, station_line);
    key_str(&k, o->legend);
    for (int i = 0; i < w->party.count && i < PARTY_MAX; i++)
        key_member(&k, &w->party.m[i]);
    for (int i = 0; o->recent && i < o->recent_count; i++)
        key_str(&k, o->recent[i]);
    return k.full ? 0 : k.n;
}
