/* The viewer's camera and transport (viewer/camera.h, viewer/transport.h) without a
 * window: zoom round the cursor (the floor fitting or not), the clamp at the floor's
 * edges, fit, floor changes, and play, pause, step, seek, speeds and the film's end, with exact values worked by
 * hand from render/frame.c's camera_edge (a 1280 x 720 canvas: a 960 px wide map). */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "viewer/camera.h"
#include "viewer/transport.h"

/* Two floors: 0 is 40 x 30 squares (960 x 720 px at zoom 24: the map exactly), 1 is
 * 10 x 8; the party on floor 0 at square (5, 4). */
typedef struct fixture {
    world w;
    dfloor *floors;
} fixture;

static int setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    if (!fx || !(fx->floors = calloc(2, sizeof *fx->floors)))
        return -1;
    int sizes[2][2] = { { 40, 30 }, { 10, 8 } };
    for (int i = 0; i < 2; i++) {
        fx->floors[i].index = i;
        fx->floors[i].w = sizes[i][0];
        fx->floors[i].h = sizes[i][1];
        fx->floors[i].terrain = calloc((size_t)(sizes[i][0] * sizes[i][1]), 1);
        if (!fx->floors[i].terrain)
            return -1;
    }
    fx->w.dg.floor_count = 2;
    fx->w.dg.floors = fx->floors;
    fx->w.floor = 0;
    fx->w.x_cm = 5 * FLOOR_SQUARE_CM + 100;
    fx->w.y_cm = 4 * FLOOR_SQUARE_CM + 100;
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    fixture *fx = *state;
    for (int i = 0; i < 2; i++)
        free(fx->floors[i].terrain);
    free(fx->floors);
    free(fx);
    return 0;
}

/* Floor 0 whole at zoom 24, centred, not following. */
static camera_view looking(int zoom, int x_cm, int y_cm)
{
    camera_view c = camera_new(zoom, 1280, 720);
    c.follow = 0;
    c.floor = 0;
    c.x_cm = x_cm;
    c.y_cm = y_cm;
    return c;
}

static void test_map_area(void **state)
{
    (void)state;
    camera_view c = camera_new(24, 1280, 720);
    assert_int_equal(camera_map_w(&c), 960);
    assert_int_equal(camera_map_h(&c), 720);
    c.strip = 1;
    assert_int_equal(camera_map_h(&c), 704);
    c = camera_new(24, 300, 10);
    c.strip = 1;
    assert_int_equal(camera_map_w(&c), 0);
    assert_int_equal(camera_map_h(&c), 0);
}

static void test_zoom_steps(void **state)
{
    (void)state;
    assert_int_equal(camera_zoom_step(24, 1), 32);
    assert_int_equal(camera_zoom_step(24, -1), 20);
    assert_int_equal(camera_zoom_step(25, 1), 32);  /* between steps: the next one up */
    assert_int_equal(camera_zoom_step(25, -1), 24);
    assert_int_equal(camera_zoom_step(128, 1), 128);
    assert_int_equal(camera_zoom_step(4, -1), 4);
}

/* Zoom 24 -> 32 round (300, 200): square (12, 8) stays under the cursor. The centre:
 * x 300 * 32 / 24 - 300 + 480 = 580 px, rounded up to cm: 3625; y 266 - 200 + 360 =
 * 426 px: 2663. */
static void test_zoom_keeps_the_square(void **state)
{
    fixture *fx = *state;
    camera_view c = looking(24, 4000, 3000);
    int f, x, y;
    assert_true(camera_square_at(&c, &fx->w, 300, 200, &f, &x, &y));
    assert_int_equal(x, 12);
    assert_int_equal(y, 8);
    camera_zoom_at(&c, &fx->w, 1, 300, 200);
    assert_int_equal(c.zoom, 32);
    assert_int_equal(c.x_cm, 3625);
    assert_int_equal(c.y_cm, 2663);
    assert_true(camera_square_at(&c, &fx->w, 300, 200, &f, &x, &y));
    assert_int_equal(f, 0);
    assert_int_equal(x, 12);
    assert_int_equal(y, 8);
    camera_zoom_at(&c, &fx->w, 1, 300, 200); /* and again, 32 -> 40 */
    assert_int_equal(c.zoom, 40);
    assert_true(camera_square_at(&c, &fx->w, 300, 200, &f, &x, &y));
    assert_int_equal(x, 12);
    assert_int_equal(y, 8);
}

/* Off the map (the panel, -1) the zoom goes round the map's centre (480, 360). */
static void test_zoom_off_the_map(void **state)
{
    fixture *fx = *state;
    camera_view c = looking(24, 4000, 3000);
    camera_zoom_at(&c, &fx->w, 1, 1000, 100);
    assert_int_equal(c.zoom, 32);
    assert_int_equal(c.x_cm, 4000);
    assert_int_equal(c.y_cm, 3000);
}

/* Zooming out from the floor's corner: the floor fits the map again, yet the square
 * under the cursor stays (the camera turns loose instead of centring the floor): at 32
 * the origin is 0, the cursor's floor px 100; at 24, x 100 * 24 / 32 - 100 + 480 = 455
 * px, rounded up to cm: 3792; y 75 - 100 + 360 = 335 px: 2792; square (3, 3) both
 * times. 0 (fit) puts the floor in the middle again. At the last step nothing moves. */
static void test_zoom_keeps_the_square_as_the_floor_fits(void **state)
{
    fixture *fx = *state;
    int f, x, y;
    camera_view c = looking(32, 3000, 2250);
    assert_true(camera_square_at(&c, &fx->w, 100, 100, &f, &x, &y));
    assert_int_equal(x, 3);
    assert_int_equal(y, 3);
    camera_zoom_at(&c, &fx->w, -1, 100, 100);
    assert_int_equal(c.zoom, 24);
    assert_int_equal(c.loose, 1);
    assert_int_equal(c.x_cm, 3792);
    assert_int_equal(c.y_cm, 2792);
    assert_true(camera_square_at(&c, &fx->w, 100, 100, &f, &x, &y));
    assert_int_equal(x, 3);
    assert_int_equal(y, 3);
    camera_zoom_at(&c, &fx->w, -1, 100, 100); /* 24 -> 20: the floor smaller than the map */
    assert_int_equal(c.zoom, 20);
    assert_true(camera_square_at(&c, &fx->w, 100, 100, &f, &x, &y));
    assert_int_equal(x, 3);
    assert_int_equal(y, 3);
    camera_fit(&c, &fx->w);
    assert_int_equal(c.loose, 0);
    assert_int_equal(c.x_cm, 4000);
    assert_int_equal(c.y_cm, 3000);
    c = looking(128, 1234, 987);
    camera_zoom_at(&c, &fx->w, 1, 100, 100);
    assert_int_equal(c.zoom, 128);
    assert_int_equal(c.x_cm, 1234);
    assert_int_equal(c.y_cm, 987);
}

/* At zoom 32 floor 0 is 1280 x 960 px on a 960 x 720 map: the centre runs from
 * 480 px (3000 cm) to 800 px (5000 cm) across, 360 px (2250) to 600 px (3750) down. */
static void test_pan_clamped_at_the_edges(void **state)
{
    fixture *fx = *state;
    camera_view c = looking(32, 4000, 3000);
    camera_pan(&c, &fx->w, 64, -32); /* 64 px = 2 squares = 400 cm */
    assert_int_equal(c.x_cm, 4400);
    assert_int_equal(c.y_cm, 2800);
    camera_pan(&c, &fx->w, -5000, -5000);
    assert_int_equal(c.x_cm, 3000);
    assert_int_equal(c.y_cm, 2250);
    camera_pan(&c, &fx->w, 5000, 5000);
    assert_int_equal(c.x_cm, 5000);
    assert_int_equal(c.y_cm, 3750);
}

/* A pan while following starts from the party's place (square (5, 4) of floor 0),
 * then the clamp holds it at the left and top edges. */
static void test_pan_leaves_the_party(void **state)
{
    fixture *fx = *state;
    camera_view c = camera_new(32, 1280, 720);
    camera_pan(&c, &fx->w, 32, 0);
    assert_int_equal(c.follow, 0);
    assert_int_equal(c.floor, 0);
    assert_int_equal(c.x_cm, 3000); /* 1100 + 200, below the least 3000 */
    assert_int_equal(c.y_cm, 2250);
}

/* Fit: the largest step the floor fits at, centred; the strip takes 16 px of height. */
static void test_fit(void **state)
{
    fixture *fx = *state;
    camera_view c = camera_new(8, 1280, 720);
    camera_fit(&c, &fx->w);
    assert_int_equal(c.follow, 0);
    assert_int_equal(c.zoom, 24);   /* 960 / 40 = 24 = 720 / 30 */
    assert_int_equal(c.x_cm, 4000);
    assert_int_equal(c.y_cm, 3000);
    c.strip = 1;
    camera_fit(&c, &fx->w);
    assert_int_equal(c.zoom, 20);   /* 704 / 30 = 23: the step below */
    c.floor = 1;
    camera_fit(&c, &fx->w);
    assert_int_equal(c.zoom, 80);   /* 960 / 10 = 96, 704 / 8 = 88: 80 */
    assert_int_equal(c.x_cm, 1000);
    assert_int_equal(c.y_cm, 800);
}

/* PgDn from following: the party's floor, then the next; past the last or the first
 * the floor stays. A floor smaller than the map is centred. */
static void test_change_floor(void **state)
{
    fixture *fx = *state;
    camera_view c = camera_new(24, 1280, 720);
    assert_int_equal(camera_shown_floor(&c, &fx->w), 0);
    camera_change_floor(&c, &fx->w, 1);
    assert_int_equal(c.follow, 0);
    assert_int_equal(c.floor, 1);
    assert_int_equal(camera_shown_floor(&c, &fx->w), 1);
    assert_int_equal(c.x_cm, 1000);
    assert_int_equal(c.y_cm, 800);
    camera_change_floor(&c, &fx->w, 1);
    assert_int_equal(c.floor, 1);
    camera_change_floor(&c, &fx->w, -5);
    assert_int_equal(c.floor, 1);
    camera_change_floor(&c, &fx->w, -1);
    assert_int_equal(c.floor, 0);
    assert_int_equal(c.x_cm, 4000);
    assert_int_equal(c.y_cm, 3000);
}

/* The clamp keeps the floor within the dungeon's and does nothing without a world. */
static void test_clamp(void **state)
{
    fixture *fx = *state;
    camera_view c = looking(24, -7, 99999);
    c.floor = 9;
    camera_clamp(&c, NULL);
    assert_int_equal(c.floor, 9);
    assert_int_equal(c.x_cm, -7);
    camera_clamp(&c, &fx->w);
    assert_int_equal(c.floor, 1);
    assert_int_equal(c.x_cm, 1000);
    assert_int_equal(c.y_cm, 800);
}

static void test_play_pause(void **state)
{
    (void)state;
    transport t;
    transport_init(&t);
    assert_int_equal(t.speed, 1);
    assert_int_equal(t.playing, 0);
    assert_int_equal(transport_play_pause(&t), 1); /* before the film: play it */
    assert_int_equal(t.playing, 1);
    assert_int_equal(t.restart, 1);
    assert_int_equal(t.stop, 0);
    t.in_film = 1, t.restart = 0;
    assert_int_equal(transport_play_pause(&t), 0); /* in it: pause */
    assert_int_equal(t.playing, 0);
    assert_int_equal(transport_play_pause(&t), 0);
    assert_int_equal(t.playing, 1);
    assert_int_equal(t.restart, 0);
}

static void test_step(void **state)
{
    (void)state;
    transport t;
    transport_init(&t);
    t.frame = 3;
    transport_step_on(&t);         /* out of the film: play again up to shot 4 */
    assert_int_equal(t.target, 4);
    assert_int_equal(t.restart, 1);
    assert_int_equal(t.playing, 0);
    transport_init(&t);
    t.frame = t.last_frame = 3;    /* at the known end: nothing */
    transport_step_on(&t);
    assert_int_equal(t.target, 0);
    assert_int_equal(t.restart, 0);
    t.in_film = 1, t.playing = 1;
    transport_step_on(&t);         /* in the film: one more shot, then paused */
    assert_int_equal(t.step, 1);
    assert_int_equal(t.playing, 0);
    assert_int_equal(transport_shot(&t, 4), 1);
    assert_int_equal(t.frame, 4);
    assert_int_equal(t.step, 0);
    transport_init(&t);
    t.frame = 1;
    transport_step_back(&t);       /* the first shot: nothing before it */
    assert_int_equal(t.restart, 0);
    t.frame = 5, t.in_film = 1;
    transport_step_back(&t);       /* back in a film: stop, play again up to 4 */
    assert_int_equal(t.target, 4);
    assert_int_equal(t.stop, 1);
    assert_int_equal(t.restart, 1);
}

static void test_seek(void **state)
{
    (void)state;
    transport t;
    transport_init(&t);
    t.in_film = 1, t.frame = 5;
    transport_seek(&t, 9, 1);      /* ahead in a film: skipped to, no restart */
    assert_int_equal(t.target, 9);
    assert_int_equal(t.playing, 1);
    assert_int_equal(t.restart, 0);
    assert_int_equal(t.stop, 0);
    assert_int_equal(transport_shot(&t, 6), 0); /* shots before it are not shown */
    assert_int_equal(transport_waiting(&t), 0);
    assert_int_equal(transport_shot(&t, 9), 1);
    assert_int_equal(t.target, 0);
    assert_int_equal(transport_waiting(&t), 1);
    transport_seek(&t, 9, 0);      /* the shot shown: not ahead, so played again to it */
    assert_int_equal(t.restart, 1);
    assert_int_equal(t.stop, 1);
    t.restart = t.stop = 0;
    transport_seek(&t, INT_MAX, 0);
    assert_int_equal(t.target, INT_MAX);
    assert_int_equal(t.restart, 0);
    t.stop = 1;
    assert_int_equal(transport_shot(&t, 10), 0); /* stopping: nothing shown */
    transport_init(&t);
    transport_seek_px(&t, 480, 960); /* before the dry run: nothing */
    assert_int_equal(t.restart, 0);
    t.total = 100;
    transport_seek_px(&t, 480, 960);
    assert_int_equal(t.target, 51);   /* 1 + 480 * 100 / 960 */
    transport_seek_px(&t, -5, 960);
    assert_int_equal(t.target, 1);
    transport_seek_px(&t, 2000, 960);
    assert_int_equal(t.target, 100);
    assert_int_equal(t.playing, 0);
}

static void test_speeds(void **state)
{
    (void)state;
    transport t;
    transport_init(&t);
    assert_int_equal(transport_frame_ms(&t), 83);
    transport_set_speed(&t, 2);
    assert_int_equal(transport_frame_ms(&t), 41);
    transport_set_speed(&t, 4);
    assert_int_equal(transport_frame_ms(&t), 20);
    transport_set_speed(&t, 8);
    assert_int_equal(transport_frame_ms(&t), 10);
}

static void test_end_of_film(void **state)
{
    (void)state;
    transport t;
    transport_init(&t);
    t.frame = 63, t.playing = 1, t.target = 70;
    assert_int_equal(transport_film_over(&t, DELVE_OK), TRANSPORT_ENDED);
    assert_int_equal(t.last_frame, 63);
    assert_int_equal(t.playing, 0);
    assert_int_equal(t.target, 0);
    transport_step_on(&t);         /* at the end: '.' does nothing */
    assert_int_equal(t.restart, 0);
    t.frame = 12, t.playing = 1, t.last_frame = 0;
    assert_int_equal(transport_film_over(&t, DELVE_EINPUT), TRANSPORT_CUT);
    assert_int_equal(t.last_frame, 0);
    assert_int_equal(t.playing, 0);
    assert_int_equal(transport_film_over(&t, DELVE_EIO), TRANSPORT_FAILED);
    t.stop = 1, t.playing = 1;
    assert_int_equal(transport_film_over(&t, DELVE_EFAIL), TRANSPORT_STOPPED);
    assert_int_equal(t.stop, 0);
    assert_int_equal(t.playing, 1);  /* a seek back plays on */
    transport_rewind(&t);
    assert_int_equal(t.frame, 0);
    assert_int_equal(t.playing, 0);
}

static void test_reload_asked(void **state)
{
    (void)state;
    transport t;
    transport_init(&t);
    transport_ask(&t, TRANSPORT_SEED_NEXT);
    assert_int_equal(t.reload, TRANSPORT_SEED_NEXT);
    assert_int_equal(t.stop, 0);     /* no film playing: nothing to stop */
    t.in_film = 1;
    transport_ask(&t, TRANSPORT_SWAP);
    assert_int_equal(t.reload, TRANSPORT_SWAP);
    assert_int_equal(t.stop, 1);
    t.total = 40, t.frame = 7, t.tick_count = 2;
    frame_timeline tl = transport_timeline(&t);
    assert_int_equal(tl.total, 40);
    assert_int_equal(tl.shown, 7);
    assert_int_equal(tl.tick_count, 2);
    assert_ptr_equal(tl.ticks, t.ticks);
}

/* Explore mode: only the default film cut at its first shot turns it on (no timeline);
 * a film asked for by name, or one cut later, keeps its timeline. */
static void test_explore(void **state)
{
    (void)state;
    transport t;
    transport_init(&t);
    assert_int_equal(t.frame_ms, TRANSPORT_FRAME_MS);
    t.cut = 1, t.total = 1, t.tick_count = 1;
    assert_int_equal(transport_explore(&t, 1), 1);
    assert_int_equal(t.total, 0);
    assert_int_equal(t.tick_count, 0);
    t.total = 1;
    assert_int_equal(transport_explore(&t, 0), 0);
    assert_int_equal(t.total, 1);
    t.total = 40;
    assert_int_equal(transport_explore(&t, 1), 0);
    assert_int_equal(t.total, 40);
    t.cut = 0, t.total = 0;
    assert_int_equal(transport_explore(&t, 1), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map_area),
        cmocka_unit_test(test_zoom_steps),
        cmocka_unit_test_setup_teardown(test_zoom_keeps_the_square, setup, teardown),
        cmocka_unit_test_setup_teardown(test_zoom_off_the_map, setup, teardown),
        cmocka_unit_test_setup_teardown(test_zoom_keeps_the_square_as_the_floor_fits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pan_clamped_at_the_edges, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pan_leaves_the_party, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_change_floor, setup, teardown),
        cmocka_unit_test_setup_teardown(test_clamp, setup, teardown),
        cmocka_unit_test(test_play_pause),
        cmocka_unit_test(test_step),
        cmocka_unit_test(test_seek),
        cmocka_unit_test(test_speeds),
        cmocka_unit_test(test_end_of_film),
        cmocka_unit_test(test_reload_asked),
        cmocka_unit_test(test_explore),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
