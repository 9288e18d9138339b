/* test_side: render/side's geometry and pixels on a hand-made two-floor dungeon (plain
 * floors stand 600 cm apart, engine/dungeon.h): floor 2 is drawn exactly its stacking
 * gap lower at 1 m = zoom / 2 px, the cut row's slab, air, wall and pit tube are where
 * the heights put them, and a row off floor 1 is refused. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "render/side.h"

#define ZOOM 20

/* Two 10 x 6 floors: a room x 2..7, y 2..3 with walls round it on both; a pit at (4, 2)
 * on floor 1. */
static void make(dungeon *d)
{
    delve_err err = { "" };
    assert_int_equal(dungeon_init(d, 1, 2, &err), DELVE_OK);
    for (int f = 0; f < 2; f++) {
        dfloor *fl = &d->floors[f];
        assert_int_equal(floor_init(fl, f, 10, 6, &err), DELVE_OK);
        for (int y = 1; y <= 4; y++)
            for (int x = 1; x <= 8; x++)
                floor_set(fl, x, y, y == 1 || y == 4 || x == 1 || x == 8 ? T_WALL : T_FLOOR);
        fl->entrance_x = 3;
        fl->entrance_y = 3;
    }
    d->floors[0].pits[0] = (pit){ .x = 4, .y = 2 };
    d->floors[0].pit_count = 1;
    dungeon_stack(d);
}

static void px_is(const canvas *c, int x, int y, int r, int g, int b)
{
    const uint8_t *p = canvas_at(c, x, y);
    assert_int_equal(p[0], r);
    assert_int_equal(p[1], g);
    assert_int_equal(p[2], b);
    assert_int_equal(p[3], 255);
}

static void test_stacking_and_pixels(void **state)
{
    (void)state;
    dungeon d;
    make(&d);
    assert_int_equal(d.datum_cm[1], -600);
    side_layout l;
    delve_err err = { "" };
    side_opts o = { .zoom = ZOOM, .row = -1 };
    assert_int_equal(side_layout_of(&d, &o, &l, &err), DELVE_OK);
    assert_int_equal(l.row, 2);  /* the pit's row */
    assert_int_equal(l.top_cm, 600);  /* ceiling 400 + margin 200 */
    assert_int_equal(l.w, SIDE_RULER_PX + 10 * ZOOM);
    /* 1 m = zoom / 2 px: floor 2 lies 600 cm = 6 * 10 px = 60 px under floor 1 */
    assert_int_equal(side_y(&l, 0), 60);
    assert_int_equal(side_y(&l, -600) - side_y(&l, 0), 60);
    assert_int_equal(l.h, side_y(&l, -600 - SIDE_MARGIN_CM) + 1);
    canvas c;
    assert_int_equal(canvas_init(&c, l.w, l.h, &err), DELVE_OK);
    side_render(&c, &d, &l);
    int x3 = SIDE_RULER_PX + 3 * ZOOM + ZOOM / 2;  /* the middle of column 3 */
    px_is(&c, x3, side_y(&l, 0), 168, 156, 132);       /* floor 1's slab under its ground */
    px_is(&c, x3, side_y(&l, 0) - 1, 44, 54, 74);      /* the room's air just above */
    px_is(&c, x3, side_y(&l, -600), 168, 156, 132);    /* floor 2's slab, 60 px lower */
    px_is(&c, x3, side_y(&l, -600) - 1, 44, 54, 74);
    px_is(&c, x3, side_y(&l, -180), 46, 40, 36);       /* the 2 m of rock between (under
                                                          floor 1's outlined label) */
    px_is(&c, SIDE_RULER_PX + 4, side_y(&l, 0) + 2 * 3 + 2, 120, 230, 120); /* the label's 'F' */
    px_is(&c, SIDE_RULER_PX + 3, side_y(&l, 0) + 2 * 3 + 2, 16, 16, 20);    /* its outline */
    int x1 = SIDE_RULER_PX + ZOOM + ZOOM / 2;          /* the wall column */
    px_is(&c, x1, side_y(&l, 200), 110, 104, 98);
    int x4 = SIDE_RULER_PX + 4 * ZOOM + ZOOM / 2;      /* the pit's tube through the rock */
    px_is(&c, x4, side_y(&l, -100), 6, 6, 8);
    px_is(&c, SIDE_RULER_PX + 4 * ZOOM, side_y(&l, 0), 220, 60, 50);  /* a plate */
    /* the landing's plate on floor 2's ground, over its slab (drawn after it) */
    px_is(&c, x4, side_y(&l, -600), 220, 60, 50);
    px_is(&c, x4, side_y(&l, -600) - 1, 44, 54, 74);   /* floor 2's air above it */
    canvas_free(&c);
    o.row = 6;
    assert_int_equal(side_layout_of(&d, &o, &l, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "row 6 is off floor 1"));
    dungeon_free(&d);
}

/* A Shoals floor with a tide: its level a line across the floor's part of the picture,
 * 2 px at zoom 20, at the datum plus the whole-unit tide (5 cm a unit: raw 40 is 20
 * units, 1 m up), and a shallow square of the cut filled with water up to it; without a
 * tide (tide_raw NULL) neither. */
static void test_tide_line(void **state)
{
    (void)state;
    dungeon d;
    make(&d);
    d.floors[0].level_type = LT_SHOALS;
    floor_set(&d.floors[0], 5, 2, T_SHALLOW);
    int raw[2] = { 40, 0 };
    side_layout l;
    delve_err err = { "" };
    side_opts o = { .zoom = ZOOM, .row = 2, .tide_raw = raw };
    assert_int_equal(side_layout_of(&d, &o, &l, &err), DELVE_OK);
    canvas c;
    assert_int_equal(canvas_init(&c, l.w, l.h, &err), DELVE_OK);
    side_render(&c, &d, &l);
    int x9 = SIDE_RULER_PX + 9 * ZOOM + ZOOM / 2, x5 = SIDE_RULER_PX + 5 * ZOOM + ZOOM / 2;
    px_is(&c, x9, side_y(&l, 100), 150, 200, 250);      /* the line, 1 m up */
    px_is(&c, x9, side_y(&l, 100) - 1, 150, 200, 250);  /* 2 px */
    px_is(&c, x9, side_y(&l, 100) - 2, 46, 40, 36);     /* rock above it */
    px_is(&c, x5, side_y(&l, 50), 52, 110, 190);        /* water half way up */
    px_is(&c, x5, side_y(&l, 100) - 3, 44, 54, 74);     /* air over the water */
    o.tide_raw = NULL;
    assert_int_equal(side_layout_of(&d, &o, &l, &err), DELVE_OK);
    side_render(&c, &d, &l);
    px_is(&c, x9, side_y(&l, 100), 46, 40, 36);
    px_is(&c, x5, side_y(&l, 50), 44, 54, 74);          /* 20 cm of water only */
    canvas_free(&c);
    dungeon_free(&d);
}

/* A cut along column 4 (col=X): the picture runs down the rows (6 of them), the pit at
 * (4, 2) is on the cut at along 2, the room's rows 2..3 are air over a slab, rows 1 and 4
 * walls; a column off floor 1 is refused. */
static void test_column_cut(void **state)
{
    (void)state;
    dungeon d;
    make(&d);
    side_layout l;
    delve_err err = { "" };
    side_opts o = { .zoom = ZOOM, .by_col = 1, .col = 4 };
    assert_int_equal(side_layout_of(&d, &o, &l, &err), DELVE_OK);
    assert_int_equal(l.by_col, 1);
    assert_int_equal(l.col, 4);
    assert_int_equal(l.row, -1);
    assert_int_equal(l.w, SIDE_RULER_PX + 6 * ZOOM); /* 6 rows along the picture */
    assert_int_equal(side_along(&d, &l, 0, 4, 3), 3);
    canvas c;
    assert_int_equal(canvas_init(&c, l.w, l.h, &err), DELVE_OK);
    side_render(&c, &d, &l);
    int y3 = SIDE_RULER_PX + 3 * ZOOM + ZOOM / 2;       /* row 3 of the room, on the cut */
    px_is(&c, y3, side_y(&l, 0), 168, 156, 132);         /* its slab */
    px_is(&c, y3, side_y(&l, 0) - 1, 44, 54, 74);        /* its air */
    px_is(&c, SIDE_RULER_PX + 4 * ZOOM + ZOOM / 2, side_y(&l, 200), 110, 104, 98); /* wall */
    px_is(&c, SIDE_RULER_PX + 2 * ZOOM + ZOOM / 2, side_y(&l, -180), 6, 6, 8); /* the tube */
    canvas_free(&c);
    o.col = 10;
    assert_int_equal(side_layout_of(&d, &o, &l, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "column 10 is off floor 1 (columns 0..9)");
    dungeon_free(&d);
}

/* c: d drawn as l says on a canvas width px wide, the party at column 4 with its feet 3 m
 * down after a 3 m fall, n members' damage under it. Returns the marker's top row. */
static int party_frame(canvas *c, const dungeon *d, const side_layout *l, int width,
                       const int *damage, int n)
{
    assert_int_equal(canvas_init(c, width, l->h, NULL), DELVE_OK);
    side_render(c, d, l);
    side_party p = { .col = 4, .feet_cm = -300, .fallen_cm = 300, .damage_count = n };
    memcpy(p.damage, damage, (size_t)n * sizeof *damage);
    side_draw_party(c, l, &p);
    return side_y(l, -300) - (side_y(l, 0) - side_y(l, 180));
}

/* A film's side frame: side_fit picks the largest zoom whose picture fits the height
 * and scrolls the party's column to the middle; the party's marker, the depth counter
 * ("3.0 m" in the ruler's glyphs) and a landing's damage stand where the layout says. */
static void test_fit_and_party(void **state)
{
    (void)state;
    dungeon d;
    make(&d);
    side_layout l;
    delve_err err = { "" };
    /* 1400 cm from the top (600) to the bottom (-800): zoom 48 is 337 px, 28 is 197 */
    assert_int_equal(side_fit(&d, &(side_opts){ .row = 2, .pct = 100 }, 400, 200, 4,
                              &l, &err),
                     DELVE_OK);
    assert_int_equal(l.zoom, 28);
    assert_int_equal(l.h, 197);
    assert_int_equal(l.sx, 0);  /* 352 px wide: the whole fits */
    assert_int_equal(side_fit(&d, &(side_opts){ .row = 2, .pct = 100 }, 200, 200, 4,
                              &l, &err),
                     DELVE_OK);
    assert_int_equal(l.sx, 62); /* column 4's middle (198) to the area's middle (136) */
    canvas c;
    int top = party_frame(&c, &d, &l, 200, (const int[]){ 12 }, 1);
    int x = SIDE_RULER_PX + 4 * 28 - l.sx, feet = side_y(&l, -300), tx = x + 28 + 8;
    px_is(&c, x + 14, feet - 1, 250, 250, 240);   /* the marker, feet at 3 m down */
    px_is(&c, x + 14, top, 250, 250, 240);
    px_is(&c, x + 14, feet + 1, 44, 54, 74);      /* floor 2's air under it */
    px_is(&c, tx, top, 255, 226, 120);             /* '3' of "3.0 m": its top row */
    px_is(&c, tx, top + 32, 16, 16, 20);           /* '-' of "-12": blank top row */
    px_is(&c, tx, top + 40, 255, 96, 80);          /* and its bar */
    /* a party off the cut is dimmed; one under the ruler is not drawn over it */
    side_party off = { .col = 4, .feet_cm = -300, .fallen_cm = -1, .off_cut = 1 };
    side_draw_party(&c, &l, &off);
    px_is(&c, x + 14, top, 128, 128, 122);
    side_layout far = l;
    far.sx = l.sx + 4 * 28; /* column 4 now under the ruler */
    side_render(&c, &d, &far);
    canvas ruler = canvas_view(&c, 0, 0, SIDE_RULER_PX, c.h);
    uint32_t before = 0;
    for (int y = 0; y < ruler.h; y++)
        for (int i = 0; i < SIDE_RULER_PX * 4; i++)
            before = before * 31 + canvas_at(&ruler, 0, y)[i];
    side_draw_party(&c, &far, &off);
    uint32_t after = 0;
    for (int y = 0; y < ruler.h; y++)
        for (int i = 0; i < SIDE_RULER_PX * 4; i++)
            after = after * 31 + canvas_at(&ruler, 0, y)[i];
    assert_int_equal(after, before);
    canvas_free(&c);
    char t[16];
    assert_string_equal(side_depth_text(300, t, sizeof t), "3.0 m");
    assert_string_equal(side_depth_text(749, t, sizeof t), "7.4 m");
    dungeon_free(&d);
}

/* A frame past 1280 x 720 scales the side view as the HUD: at 150 % (1920 x 1080) the
 * zoom may reach 72 (48 at 100 %), the ruler is 108 px wide, the counter's glyphs 6 px a
 * dot (4 at 100 %), the damage under it 8 dots lower. */
static void test_fit_scaled(void **state)
{
    (void)state;
    dungeon d;
    make(&d);
    side_layout l;
    delve_err err = { "" };
    assert_int_equal(side_fit(&d, &(side_opts){ .row = 2, .pct = 100 }, 1440, 1080, 4,
                              &l, &err),
                     DELVE_OK);
    assert_int_equal(l.zoom, 48);
    assert_int_equal(l.x0, SIDE_RULER_PX);
    assert_int_equal(side_fit(&d, &(side_opts){ .row = 2, .pct = 150 }, 1440, 1080, 4,
                              &l, &err),
                     DELVE_OK);
    assert_int_equal(l.zoom, 72);
    assert_int_equal(l.x0, 108);
    assert_int_equal(l.h, 1400 * 72 / 200 + 1);
    canvas c;
    int top = party_frame(&c, &d, &l, 1440, (const int[]){ 12 }, 1);
    px_is(&c, 100, side_y(&l, -150), 22, 22, 26);  /* still the ruler at x 100 */
    px_is(&c, 108, side_y(&l, -150), 46, 40, 36);  /* the rock right of it */
    int tx = 108 + 4 * 72 - l.sx + 72 + 12;
    px_is(&c, tx, top, 255, 226, 120);             /* '3' of "3.0 m": its top row */
    px_is(&c, tx + 17, top + 5, 255, 226, 120);    /* 6 px a dot: its top row's third */
    px_is(&c, tx, top + 48, 16, 16, 20);           /* '-' of "-12": blank top row */
    px_is(&c, tx, top + 60, 255, 96, 80);          /* and its bar */
    canvas_free(&c);
    dungeon_free(&d);
}

/* Six members' damage beside a marker near the picture's right edge: in rows of what
 * fits (here two a row, three rows), none cut off (the fourth to sixth ran out of it). */
static void test_damage_rows(void **state)
{
    (void)state;
    dungeon d;
    side_layout l;
    make(&d);
    assert_int_equal(side_fit(&d, &(side_opts){ .row = 2, .pct = 100 }, 1440, 1080, 4,
                              &l, NULL),
                     DELVE_OK);
    int x = l.x0 + 4 * l.zoom - l.sx, sc = 4, tx = x + l.zoom + 2 * sc, step = 16 * sc;
    canvas c;
    int top = party_frame(&c, &d, &l, tx + 2 * step + 10, (const int[]){ 12, 7, 1, 13, 12, 10 },
                          6);
    px_is(&c, tx, top + 8 * sc + 2 * sc, 255, 96, 80);            /* "-12", row 1 */
    px_is(&c, tx + step, top + 8 * sc + 2 * sc, 255, 96, 80);     /* "-7" beside it */
    px_is(&c, tx + step, top + 3 * 8 * sc + 2 * sc, 255, 96, 80); /* "-10", row 3 */
    canvas_free(&c);
    dungeon_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stacking_and_pixels),
        cmocka_unit_test(test_column_cut),
        cmocka_unit_test(test_tide_line),
        cmocka_unit_test(test_fit_and_party),
        cmocka_unit_test(test_fit_scaled),
        cmocka_unit_test(test_damage_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
