/* test_chart: the health chart's pixels at known times (render/chart.h): the lines are
 * the members' colours where their values are, a fall's drop is its damage in rows at
 * the fall's frame, the sheet carries the chart band; and the HUD's scale factors
 * (render/frame.h) at 1280 x 720, 1920 x 1080 and smaller frames, its panel where the
 * scale puts it, a title of 95 bytes drawn whole. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "engine/world.h"
#include "gen/gen.h"
#include "render/chart.h"
#include "render/frame.h"
#include "render/look.h"
#include "render/sheet.h"

static rgba px(const canvas *c, int x, int y)
{
    const uint8_t *p = canvas_at(c, x, y);
    return (rgba){ p[0], p[1], p[2], p[3] };
}

static int same(rgba a, rgba b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

/* 41 frames of two members: Ash 30 until the landing at frame 21 takes 7 (23 left),
 * a heal at frame 31 back to 30; Bryn 20 throughout; power 10 and 5. */
static void film(chart_data *d)
{
    const char *names[] = { "Ash", "Bryn" };
    memset(d, 0, sizeof *d);
    chart_begin(d, 2, names, 12);
    for (int f = 1; f <= 41; f++) {
        chart_point p = { .frame = f, .time_s = 28800 + f, .kind = EV_STEP };
        p.kind = f == 21 ? EV_LAND : f == 31 ? EV_HEAL : f == 1 ? EV_START : EV_STEP;
        p.health[0] = f >= 21 && f < 31 ? 23 : 30;
        p.health[1] = 20;
        p.power[0] = 10;
        p.power[1] = 5;
        assert_int_equal(chart_add(d, &p, NULL), DELVE_OK);
    }
}

static text_ctx *open_text(void)
{
    text_ctx *t = NULL;
    delve_err err = { "" };
    if (text_open(&t, NULL, &err) != DELVE_OK)
        fail_msg("text_open: %s", err.msg);
    return t;
}

static void test_chart_fall_drop(void **state)
{
    (void)state;
    chart_data d;
    film(&d);
    text_ctx *t = open_text();
    canvas c;
    assert_int_equal(canvas_init(&c, 900, CHART_H, NULL), DELVE_OK);
    chart_render(&c, &d, t);
    chart_layout l = chart_layout_of(&d, c.w);
    assert_int_equal(l.health_top, 30);  /* the highest health, a multiple of ten */
    assert_int_equal(l.first, 1);
    assert_int_equal(l.last, 41);
    assert_int_equal(chart_x(&l, 1), l.x0);
    assert_int_equal(chart_x(&l, 41), l.x1);
    rgba ash = chart_member_colour(0), bryn = chart_member_colour(1);
    int y30 = chart_health_y(&l, 0, 30), y23 = chart_health_y(&l, 0, 23);
    /* the drop is the damage in rows: 7 of 30 over the plot's height */
    assert_int_equal(y23 - y30, 7 * (l.hy1 - l.hy0) / 30);
    int xf = chart_x(&l, 21), xh = chart_x(&l, 31), before = chart_x(&l, 15);
    assert_true(same(px(&c, before, y30), ash));          /* at 30 before the fall */
    assert_false(same(px(&c, before, y23), ash));
    assert_true(same(px(&c, xf + 5, y23), ash));          /* at 23 just after it */
    assert_false(same(px(&c, xf + 5, y30), ash));
    assert_true(same(px(&c, xf - 5, y30), ash));          /* the step is at the fall */
    assert_true(same(px(&c, xh + 5, y30), ash));          /* back at 30 after the heal */
    assert_true(same(px(&c, xh - 5, y23), ash));
    /* Bryn's line: 20, two rows under where Ash's would be at 20 */
    int yb = chart_health_y(&l, 1, 20);
    assert_int_equal(yb, chart_health_y(&l, 0, 20) + 2);
    assert_true(same(px(&c, before, yb), bryn));
    /* the fall's rule down the plots, in the landing's colour, not a member's */
    rgba rule = px(&c, xf, (l.hy1 + l.py0) / 2);
    assert_true(rule.r > rule.g && rule.r > rule.b);
    canvas_free(&c);
    text_close(t);
    chart_free(&d);
}

/* Healths more than 4 times apart (Ash 9 999, Bryn 20 falling to 10): each member is
 * drawn against its own highest, the axis in per cent, so Bryn's halving is half the
 * plot; the film above (30 and 20) keeps one scale. Power likewise on its own. */
static void test_chart_per_member(void **state)
{
    (void)state;
    chart_data d;
    film(&d);
    chart_layout one = chart_layout_of(&d, 900);
    assert_int_equal(one.per_member[0], 0);
    assert_int_equal(one.per_member[1], 0);
    for (int i = 0; i < d.n; i++) {
        d.pts[i].health[0] = 9999;
        d.pts[i].health[1] = i >= 20 ? 10 : 20;
    }
    chart_layout l = chart_layout_of(&d, 900);
    assert_int_equal(l.per_member[0], 1);
    assert_int_equal(l.per_member[1], 0); /* power 10 and 5: one scale */
    assert_int_equal(l.health_top, 100);
    assert_int_equal(l.member_top[0][1], 20);
    assert_int_equal(chart_health_y(&l, 0, 9999), l.hy0);
    assert_int_equal(chart_health_y(&l, 1, 20), l.hy0 + 2);
    assert_int_equal(chart_health_y(&l, 1, 10), l.hy1 - (l.hy1 - l.hy0) / 2 + 2);
    text_ctx *t = open_text();
    canvas c;
    assert_int_equal(canvas_init(&c, 900, CHART_H, NULL), DELVE_OK);
    chart_render(&c, &d, t);
    int after = chart_x(&l, 30);
    assert_true(same(px(&c, after, chart_health_y(&l, 1, 10)), chart_member_colour(1)));
    canvas_free(&c);
    text_close(t);
    chart_free(&d);
}

/* Six long names in a narrow chart: the legend takes the title row whole, never drawn
 * over the title (the title goes first, then the names are cut); left of the first
 * swatch the row is the panel's colour. */
static void test_chart_narrow_legend(void **state)
{
    (void)state;
    const char *names[] = { "Ash", "Bryn-the-Unusually-Long", "Cato", "Dagny Odegard", "Eiji",
                            "Fen" };
    chart_data d;
    memset(&d, 0, sizeof d);
    chart_begin(&d, 6, names, 12);
    for (int f = 1; f <= 10; f++) {
        chart_point p = { .frame = f, .time_s = 28800 + f, .kind = EV_STEP };
        for (int m = 0; m < 6; m++)
            p.health[m] = 30, p.power[m] = 10;
        assert_int_equal(chart_add(&d, &p, NULL), DELVE_OK);
    }
    text_ctx *t = open_text();
    canvas c;
    assert_int_equal(canvas_init(&c, 736, CHART_H, NULL), DELVE_OK);
    chart_render(&c, &d, t);
    int sw = -1;
    for (int x = 0; x < c.w && sw < 0; x++)
        if (same(px(&c, x, 15), chart_member_colour(0)))
            sw = x;
    assert_true(sw >= 12);
    for (int y = 4; y < 24; y++)
        for (int x = 2; x < sw; x++)
            assert_true(same(px(&c, x, y), LOOK_PANEL));
    canvas_free(&c);
    text_close(t);
    chart_free(&d);
}

/* 37 frames at 12 fps: ticks at 0, 1, 2 and 3 s (frames 1, 13, 25, 37), the last one at
 * the plot's right end, where its words cannot start at it: the mark alone, no words
 * left of it (they would read as the 2 s tick's); the 2 s tick keeps its words. */
static void test_chart_last_tick(void **state)
{
    (void)state;
    const char *names[] = { "Ash" };
    chart_data d;
    memset(&d, 0, sizeof d);
    chart_begin(&d, 1, names, 12);
    for (int f = 1; f <= 37; f++) {
        chart_point p = { .frame = f, .time_s = 28800 + f, .kind = f == 1 ? EV_START : EV_STEP,
                          .health = { 30 }, .power = { 10 } };
        assert_int_equal(chart_add(&d, &p, NULL), DELVE_OK);
    }
    text_ctx *t = open_text();
    canvas c;
    assert_int_equal(canvas_init(&c, 900, CHART_H, NULL), DELVE_OK);
    chart_render(&c, &d, t);
    chart_layout l = chart_layout_of(&d, c.w);
    assert_int_equal(chart_x(&l, 37), l.x1);
    int x2 = chart_x(&l, 25), words = 0, left = 0;
    rgba bg = px(&c, l.x1 - 3, l.py1 + 20);
    for (int y = l.py1 + 6; y < l.py1 + 32; y++) {
        for (int x = x2 + 2; x < x2 + 40; x++)
            words += !same(px(&c, x, y), bg);
        for (int x = x2 + 100; x < l.x1 - 2; x++)
            left += !same(px(&c, x, y), bg);
    }
    assert_true(words > 20);  /* "0:02" and its clock */
    assert_int_equal(left, 0);
    assert_false(same(px(&c, l.x1, l.py1 + 2), bg)); /* the last tick's mark */
    canvas_free(&c);
    text_close(t);
    chart_free(&d);
}

static void test_chart_kinds_and_limits(void **state)
{
    (void)state;
    assert_int_equal(chart_kind("land"), EV_LAND);
    assert_int_equal(chart_kind("heal"), EV_HEAL);
    assert_int_equal(chart_kind("burn"), EV_BURN);
    assert_int_equal(chart_kind("death"), EV_DEATH);
    assert_int_equal(chart_kind("nonsense"), EV_STEP);
    chart_data d;
    film(&d);
    chart_layout l = chart_layout_of(&d, 900);
    assert_int_equal(l.power_top, 10);
    /* a value past the axis stays on the plot */
    assert_int_equal(chart_health_y(&l, 0, 99), l.hy0);
    assert_int_equal(chart_health_y(&l, 0, -5), l.hy1);
    chart_free(&d);
}

/* The sheet's band is chart_render's pixels at sheet_chart_rect. */
static void test_sheet_band(void **state)
{
    (void)state;
    chart_data d;
    film(&d);
    text_ctx *t = open_text();
    sheet_cell cell = { .frame_no = 1, .time_s = 28800, .member_count = 2,
                        .health = { 30, 20 }, .max_health = { 30, 20 } };
    sheet_opts o = { .title = "t", .seed = 7, .floors = 3, .total_frames = 41, .columns = 1,
                     .thumb_w = 64, .thumb_h = 36, .members = 2, .chart = &d };
    canvas s, band;
    assert_int_equal(sheet_render(&s, &o, &cell, 1, 1, 1, t, NULL), DELVE_OK);
    int x, y, w;
    sheet_chart_rect(&o, &x, &y, &w);
    assert_int_equal(w, CHART_MIN_W);     /* one narrow column: the band keeps its width */
    assert_int_equal(s.w, CHART_MIN_W + 2 * SHEET_GUTTER);
    assert_int_equal(canvas_init(&band, w, CHART_H, NULL), DELVE_OK);
    chart_render(&band, &d, t);
    for (int r = 0; r < CHART_H; r++)
        assert_memory_equal(canvas_at(&s, x, y + r), canvas_at(&band, 0, r), (size_t)w * 4);
    /* the cells start under the band */
    assert_int_equal(s.h, SHEET_HEADER_H + SHEET_GUTTER + CHART_H + SHEET_GUTTER + 36 +
                              SHEET_STRIP_H + 2 * (SHEET_BAR_H + SHEET_BAR_GAP) + SHEET_GUTTER);
    canvas_free(&s);
    canvas_free(&band);
    text_close(t);
    chart_free(&d);
}

static void test_hud_scale(void **state)
{
    (void)state;
    assert_int_equal(frame_hud_scale(1280, 720), 100);
    assert_int_equal(frame_hud_scale(1920, 1080), 150);
    assert_int_equal(frame_hud_scale(2560, 1440), 200);
    assert_int_equal(frame_hud_scale(960, 540), 100);  /* never below: the text must read */
    assert_int_equal(frame_hud_scale(640, 360), 100);
    assert_int_equal(frame_hud_scale(1920, 720), 100); /* the smaller ratio */
    assert_int_equal(frame_hud_scale(16000, 16000), FRAME_HUD_SCALE_MAX);
    canvas c = { .w = 1920, .h = 1080 };
    frame_opts o = frame_defaults();
    assert_int_equal(frame_panel_w(&c, &o), FRAME_PANEL_W); /* the viewer's: 100 */
    o.hud_scale = FRAME_HUD_AUTO;
    assert_int_equal(frame_panel_w(&c, &o), 480);
    c.w = 1280, c.h = 720;
    assert_int_equal(frame_panel_w(&c, &o), 320);
    o.hud = 0;
    assert_int_equal(frame_panel_w(&c, &o), 0);
}

/* Seed 58's dungeon as the default film's party sees it, drawn w x h with title. */
static void frame_with(canvas *c, int w, int h, const char *title, text_ctx *t)
{
    gen_opts o = gen_defaults(58);
    o.floors = 3;
    dungeon d;
    party p = { 0 };
    world wd;
    assert_int_equal(gen_dungeon(&o, &d, NULL), DELVE_OK);
    assert_int_equal(party_add(&p, "Ash", 30, 12, 15, NULL), DELVE_OK);
    assert_int_equal(party_add(&p, "Bryn", 24, 20, 5, NULL), DELVE_OK);
    assert_int_equal(world_init(&wd, &d, &p, NULL), DELVE_OK);
    frame_opts vo = frame_defaults();
    vo.hud_scale = FRAME_HUD_AUTO;
    vo.title = title;
    assert_int_equal(canvas_init(c, w, h, NULL), DELVE_OK);
    assert_int_equal(frame_render(c, &wd, &vo, t, NULL), DELVE_OK);
    world_free(&wd);
}

static int is(const canvas *c, int x, int y, rgba col)
{
    rgba p = px(c, x, y);
    return p.r == col.r && p.g == col.g && p.b == col.b;
}

static void test_hud_frames(void **state)
{
    (void)state;
    text_ctx *t = open_text();
    /* 95 bytes, the longest a script's title can be; the two differ in the last word */
    const char *a = "Pits and rest stations: a party of three falls seven metres and limps "
                    "to a dry font, alas, alas";
    const char *b = "Pits and rest stations: a party of three falls seven metres and limps "
                    "to a dry font, alas, oops";
    assert_int_equal(strlen(a), 95);
    canvas ca, cb, small;
    frame_with(&ca, 1920, 1080, a, t);
    frame_with(&cb, 1920, 1080, b, t);
    /* the panel is 480 px: its 3 px edge at 1440, the panel's colour after it */
    rgba edge = { 52, 52, 64, 255 }, panel = { 20, 20, 26, 255 };
    assert_true(is(&ca, 1440, 5, edge) && is(&ca, 1442, 5, edge));
    assert_true(is(&ca, 1443, 5, panel));
    assert_false(is(&ca, 1439, 5, edge));
    /* the last word is drawn, not cut to "...": the frames differ, in the panel only */
    int first = -1, last = -1;
    for (int y = 0; y < ca.h; y++)
        if (memcmp(canvas_at(&ca, 0, y), canvas_at(&cb, 0, y), (size_t)ca.w * 4)) {
            first = first < 0 ? y : first;
            last = y;
            assert_memory_equal(canvas_at(&ca, 0, y), canvas_at(&cb, 0, y), (size_t)1440 * 4);
        }
    assert_true(first >= 21 && last < 200); /* within the title's lines at the top */
    frame_with(&small, 1280, 720, a, t);   /* scale 100: the 320 px panel, 2 px edge */
    assert_true(is(&small, 960, 5, edge) && is(&small, 961, 5, edge));
    assert_true(is(&small, 962, 5, panel));
    canvas_free(&ca);
    canvas_free(&cb);
    canvas_free(&small);
    text_close(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chart_fall_drop),
        cmocka_unit_test(test_chart_per_member),
        cmocka_unit_test(test_chart_last_tick),
        cmocka_unit_test(test_chart_narrow_legend),
        cmocka_unit_test(test_chart_kinds_and_limits),
        cmocka_unit_test(test_sheet_band),
        cmocka_unit_test(test_hud_scale),
        cmocka_unit_test(test_hud_frames),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
