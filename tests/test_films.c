/* The .film parser and the director: exact messages with line and column, defaults,
 * and the shots a played script gives on a hand-made world. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/fsio.h"
#include "engine/dun.h"
#include "engine/station.h"
#include "films/director.h"
#include "films/film.h"
#include "films/take.h"
#include "gen/gen.h"
#include "render/frame.h"
#include "render/side.h"

/* A film_gen_fn handing out copies of one dungeon made before (ctx), counting calls. */
typedef struct kept_dungeon {
    dungeon d;
    int calls;
} kept_dungeon;

static delve_status from_kept(void *ctx, const gen_opts *o, dungeon *d, delve_err *err)
{
    kept_dungeon *k = ctx;
    k->calls++;
    assert_true(o->seed == k->d.seed);
    return dungeon_copy(d, &k->d, err);
}

static char *dun_text(const dungeon *d)
{
    char *text = NULL;
    assert_int_equal(dun_write(d, d->seed, &text, NULL), DELVE_OK);
    return text;
}

/* The director makes a seeded dungeon through gen_with when set (a copy of one made
 * before: dungeon_copy keeps every byte), and a copy owns its own squares. */
static void test_director_gen_with(void **state)
{
    (void)state;
    film_script fs;
    kept_dungeon k = { .calls = 0 };
    world plain, hooked;
    assert_int_equal(film_parse("t.film", "dungeon seed=58 type=shoals floors=2\n", &fs, NULL),
                     DELVE_OK);
    assert_int_equal(gen_dungeon(&fs.gen, &k.d, NULL), DELVE_OK);
    assert_int_equal(director_build_world(&fs, &plain, NULL), DELVE_OK);
    fs.gen_with = from_kept;
    fs.gen_ctx = &k;
    assert_int_equal(director_build_world(&fs, &hooked, NULL), DELVE_OK);
    assert_int_equal(k.calls, 1);
    char *a = dun_text(&plain.dg), *b = dun_text(&hooked.dg), *kept = dun_text(&k.d);
    assert_string_equal(a, b);
    assert_true(hooked.dg.floors[0].terrain != k.d.floors[0].terrain);
    hooked.dg.floors[0].terrain[0] ^= 1;
    char *after = dun_text(&k.d);
    assert_string_equal(kept, after);
    free(a);
    free(b);
    free(kept);
    free(after);
    world_free(&plain);
    world_free(&hooked);
    dungeon_free(&k.d);
    film_free(&fs);
}

static void expect_error(const char *text, const char *want)
{
    film_script fs;
    delve_err err = { "" };
    /* scripts name dungeon files relative to themselves: pretend this one is in tests/ */
    const char *script = strncmp(want, "tests/", 6) ? "t.film" : "tests/t.film";
    assert_int_equal(film_parse(script, text, &fs, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, want);
    film_free(&fs);
}

static void test_parse_errors(void **state)
{
    (void)state;
    expect_error("film \"x\"\n  dance\n", "t.film:2:3: unknown directive 'dance'");
    expect_error("dungeon seed=4a\n", "t.film:1:14: seed: '4a' is not a whole number 0..18446744073709551615");
    expect_error("dungeon seed=1 floors=0\n", "t.film:1:23: floors: '0' is not a number in 1..32");
    expect_error("dungeon colour=red\n", "t.film:1:9: unknown key 'colour=' for 'dungeon'");
    expect_error("frame 1280by720\n", "t.film:1:7: frame size must be WIDTHxHEIGHT, not '1280by720'");
    expect_error("frame 1280x20\n", "t.film:1:12: 20 is out of range 270..4096");
    expect_error("frame 300x300\n", "t.film:1:7: 300 is out of range 480..4096");
    expect_error("frame 640x360\nlayout full\n", "t.film:2:1: layout full needs a frame of 960 "
                 "x 540 or more (the HUD panel), not 640 x 360: leave it out, or write layout "
                 "compact");
    expect_error("layout wide\n", "t.film:1:8: layout is full or compact, not 'wide'");
    /* the common slips get a "did you mean" */
    expect_error("film Pits and stations\n", "t.film:1:6: a title of more than one word goes in "
                 "quotes: did you mean film \"Pits and stations\"?");
    expect_error("caption The font heals\n", "t.film:1:9: a caption of more than one word goes "
                 "in quotes: did you mean caption \"The font heals\"?");
    expect_error("title Seed 58 2s\n", "t.film:1:7: a title of more than one word goes in "
                 "quotes: did you mean title \"Seed 58\" 2s?");
    expect_error("walk to pit\n", "t.film:1:6: walk takes to=TARGET: did you mean 'walk to=pit'?");
    expect_error("walk station\n", "t.film:1:6: walk takes to=TARGET: did you mean 'walk "
                 "to=station'?");
    expect_error("walk to=pits\n", "t.film:1:9: unknown walk target 'pits' (pit, station, "
                 "way:down, way:up, goal or X,Y[,FLOOR]): did you mean 'pit'?");
    expect_error("captoin \"x\"\n", "t.film:1:1: unknown directive 'captoin': did you mean "
                 "'caption'?");
    expect_error("Hold 2s\n", "t.film:1:1: unknown directive 'Hold': did you mean 'hold'?");
    expect_error("xyzzy\n", "t.film:1:1: unknown directive 'xyzzy'"); /* near nothing */
    expect_error("layout full\nlayout compact\n", "t.film:2:1: a second 'layout' (the first "
                 "is on line 1): a setting is written once");
    expect_error("caption \"a\\qb\"\n", "t.film:1:11: unknown escape: inside quotes only \\\" "
                                          "and \\\\ are escapes");
    expect_error("caption \"a\tb\"\n", "t.film:1:11: control character (such as a tab) in text");
    expect_error("caption ab\x01" "c\n", "t.film:1:11: control character (such as a tab) in text");
    expect_error("caption ab\x7f" "c\n", "t.film:1:11: control character (such as a tab) in text");
    expect_error("caption ab\xc2\x85\n", "t.film:1:11: control character (such as a tab) in text");
    expect_error("caption \"a\xc2\x9f\"\n", "t.film:1:11: control character (U+0080..U+009F) in text");
    expect_error("title \"a\xe2\x81\xa6\"\n", "t.film:1:9: bidirectional control character "
                 "(U+202A..U+202E, U+2066..U+2069) in text: it reorders what follows it");
    /* every string is UTF-8 (films/README.md), the error at the bad byte's column */
    expect_error("film \"x\"\ndungeon seed=58\nparty \"A\" health=30\n"
                 "caption \"ab\xff" "c\xc3\"\nwait 1m\n",
                 "t.film:4:12: not UTF-8: 0xff never appears in UTF-8");
    expect_error("film \"R\xc3\xa9sum\xc3\"\n",
                 "t.film:1:13: not UTF-8: 0xc3 starts a sequence that is cut short");
    expect_error("party \"\xed\xa0\x80\"\n",
                 "t.film:1:8: not UTF-8: 0xed 0xa0 0x80 is a surrogate (U+D800..U+DFFF)");
    expect_error("title \"\xe0\x80\xaf\" 2s\n",
                 "t.film:1:8: not UTF-8: 0xe0 0x80 0xaf is an overlong form");
    expect_error("end \"\xf4\x90\x80\x80\"\n",
                 "t.film:1:6: not UTF-8: 0xf4 0x90 0x80 0x80 is past U+10FFFF");
    expect_error("caption ab\xff\n", "t.film:1:11: not UTF-8: 0xff never appears in UTF-8");
    expect_error("film \"a\" \"b\"\n", "t.film:1:10: unexpected 'b' after 'film'");
    expect_error("wait 1m 2m\n", "t.film:1:9: unexpected '2m' after 'wait'");
    expect_error("party health=3\n", "t.film:1:7: expected a name in quotes before health=");
    expect_error("party \"Ash\"\nparty \"Ash\"\n",
                 "t.film:2:7: a member named 'Ash' is already in the party");
    expect_error("walk to=5,9,2,7\n", "t.film:1:9: a square is X,Y or X,Y,FLOOR, not '5,9,2,7'");
    expect_error("walk to=-1,5\n", "t.film:1:9: -1 is out of range 0..511");
    expect_error("walk to=5,-1\n", "t.film:1:11: -1 is out of range 0..511");
    expect_error("dungeon seed=99999999999999999999\n",
                 "t.film:1:14: seed: '99999999999999999999' is not a whole number "
                 "0..18446744073709551615");
    expect_error("frame 4096x2304\nsheet columns=20\n",
                 "t.film:2:1: a sheet of 20 columns of 1024 px thumbnails is 20648 px wide "
                 "(at most 16000): use fewer columns or a smaller frame");
    expect_error("save ../up.sav\n", "t.film:1:6: save FILE: a file name inside the film's "
                 "folder (no leading /, no ..), not '../up.sav'");
    expect_error("save /tmp/x.sav\n", "t.film:1:6: save FILE: a file name inside the film's "
                 "folder (no leading /, no ..), not '/tmp/x.sav'");
    expect_error("save events.tsv\n", "t.film:1:6: save events.tsv: the film writes that "
                 "file itself; name the save something else (after-fall.sav)");
    expect_error("save ./frames/frame_0001.png\n", "t.film:1:6: save ./frames/frame_0001.png: "
                 "the film writes that file itself; name the save something else "
                 "(after-fall.sav)");
    expect_error("save sheet-2.png\n", "t.film:1:6: save sheet-2.png: the film writes that "
                 "file itself; name the save something else (after-fall.sav)");
    expect_error("save film.mp4\n", "t.film:1:6: save film.mp4: the film writes that file "
                 "itself; name the save something else (after-fall.sav)");
    expect_error("save a.sav\nwait 1m\nsave ./a.sav\n",
                 "t.film:3:6: save ./a.sav: line 1 saves there already");
    expect_error("save .//events.tsv\n", "t.film:1:6: save .//events.tsv: the film writes "
                 "that file itself; name the save something else (after-fall.sav)");
    expect_error("save a/b.sav\nsave a//./b.sav\n",
                 "t.film:2:6: save a//./b.sav: line 1 saves there already");
    expect_error("save sheet.png/x.sav\n", "t.film:1:6: save sheet.png/x.sav: the film "
                 "writes that file itself; name the save something else (after-fall.sav)");
    expect_error("save .delve-output\n", "t.film:1:6: save .delve-output: the film writes "
                 "that file itself; name the save something else (after-fall.sav)");
    expect_error("save a\nsave a/b.sav\n",
                 "t.film:2:6: save a/b.sav: line 1 saves a file or folder of that name already");
    expect_error("save .\n", "t.film:1:6: save FILE: a file name inside the film's folder, "
                 "not '.'");
    expect_error("dungeon save=nowhere.sav\n", "t.film:1:14: cannot read saved game file "
                 "nowhere.sav: No such file or directory");
    expect_error("caption \"never closed\n", "t.film:1:9: unterminated string");
    expect_error("wait 1x\n", "t.film:1:7: bad duration '1x'");
    expect_error("walk to=moon\n", "t.film:1:9: unknown walk target 'moon' (pit, station, "
                                   "way:down, way:up, goal or X,Y[,FLOOR])");
    expect_error("dungeon type=dungeon\n", "t.film:1:14: type: 'dungeon' is not a level type "
                 "(rooms, normal, small-rooms, warehouse, city, caves, arena, maze, single, "
                 "doomrl, shoals)");
    expect_error("dungeon dlevel=0\n", "t.film:1:16: dlevel: '0' is not a number in 1..99");
    expect_error("dungeon difficulty=6\n", "t.film:1:20: difficulty: '6' is not a number in 1..5");
    expect_error("sheet pick=some\n", "t.film:1:12: pick is events, every=N or all, not 'some'");
    expect_error("sheet pick=every=0\n", "t.film:1:18: every=0 is out of range 1..100000");
    expect_error("dungeon file=no/such.dun\n",
                 "t.film:1:14: cannot read dungeon file no/such.dun: No such file or directory");
    /* direction */
    expect_error("wait 31d\n", "t.film:1:6: a wait is at most 30 days");
    expect_error("wait 2d1s\nwait 720h1s\n", "t.film:2:6: a wait is at most 30 days");
    expect_error("wait 1500ms\n", "t.film:1:6: a wait is whole seconds of game time, not '1500ms'");
    expect_error("wait 2w\n", "t.film:1:7: bad duration '2w'");
    expect_error("hold 30s1m\n", "t.film:1:10: bad duration '30s1m': its units go largest "
                                "first, each once (1m30s, not 30s1m)");
    expect_error("wait 1s1s\n", "t.film:1:9: bad duration '1s1s': its units go largest "
                               "first, each once (1m30s, not 30s1m)");
    expect_error("hold 0.5s\n", "t.film:1:7: bad duration '0.5s' (whole numbers of a unit: "
                               "1500ms, not 1.5s)");
    expect_error("wait 0\n", "t.film:1:6: a wait must be longer than 0");
    expect_error("dungeon start= 2\n", "t.film:1:15: expected the value right after '=', "
                                       "without a space");
    expect_error("fall slow = 2s\n", "t.film:1:11: expected key=value without spaces around "
                                     "'='");
    expect_error("title \"  \xe2\x80\x8b \" 1s\n", "t.film:1:7: a title's text has nothing to "
                                                 "read (only spaces or invisible characters)");
    expect_error("camera follow whole\n", "t.film:1:15: camera: 'whole' after 'follow': one "
                                          "of follow, whole or at X,Y");
    expect_error("camera zoom 8 zoom 90\n", "t.film:1:15: camera: 'zoom' after 'zoom': each "
                                            "once");
    expect_error("fall slow=\n", "t.film:1:11: a fall: expected a duration such as 2s or 1m30s");
    expect_error("hold 0s\n", "t.film:1:6: a hold must be longer than 0");
    expect_error("hold 11m\n", "t.film:1:6: a hold is at most 10 minutes of film");
    expect_error("hold 2s 3s\n", "t.film:1:9: unexpected '3s' after 'hold'");
    expect_error("speed 4\n", "t.film:1:7: speed is xN with N in 1..64, not '4'");
    expect_error("speed x65\n", "t.film:1:8: 65 is out of range 1..64");
    expect_error("fps 0\n", "t.film:1:5: 0 is out of range 1..60");
    expect_error("title \"x\" 2y\n", "t.film:1:12: bad duration '2y'");
    expect_error("title\n", "t.film:1:6: expected a text in quotes");
    expect_error("end \"x\" 20m\n", "t.film:1:9: an end card is at most 10 minutes of film");
    expect_error("camera at 5\n", "t.film:1:11: at is a square X,Y, not '5'");
    expect_error("camera at\n", "t.film:1:10: expected a value after 'at'");
    expect_error("camera pan\n", "t.film:1:8: unknown word 'pan' for 'camera'");
    expect_error("camera zoom 200\n", "t.film:1:13: 200 is out of range 4..96");
    expect_error("camera follow over 1q\n", "t.film:1:21: bad duration '1q'");
    expect_error("view side row=x\n", "t.film:1:15: bad number 'x' for row=");
    expect_error("view side row=-1\n", "t.film:1:15: row=-1 is out of range 0..511");
    expect_error("view top row=3\n", "t.film:1:10: unknown key 'row=' for 'view top'");
    expect_error("view side col=x\n", "t.film:1:15: bad number 'x' for col=");
    expect_error("view side col=3 row=2\n", "t.film:1:17: view side: one cut, row=Y or col=X, "
                 "not both");
    expect_error("view top col=3\n", "t.film:1:10: unknown key 'col=' for 'view top'");
    expect_error("fall side=maybe\n", "t.film:1:11: side is on or off, not 'maybe'");
    expect_error("fall slow=-1s\n", "t.film:1:11: bad duration '-1s'");
    expect_error("dungeon start=2,5\n", "t.film:1:15: start is FLOOR or FLOOR,X,Y, not '2,5'");
    expect_error("dungeon start=0\n", "t.film:1:15: start=0 is out of range 1..32");
    expect_error("dungeon start=1,3,600\n", "t.film:1:19: 600 is out of range 0..511");
}

/* Every direction directive's values, and film time in frames. */
static void test_parse_direction(void **state)
{
    (void)state;
    film_script fs;
    delve_err err = { "" };
    const char *text = "fps 25\nend \"Fin\" 4s\nfall slow=2s side=off\nwait 2d\n"
                       "wait 1d12h30m15s\nspeed x4\nhold 1500ms\ntitle \"Hi there\"\n"
                       "camera at 12,7 zoom 32 over 2s\ncamera whole\nview side row=9\n"
                       "view top\ndungeon seed=58 floors=3 start=2,10,5\n";
    if (film_parse("p.film", text, &fs, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(fs.fps, 25);
    assert_string_equal(fs.end_text, "Fin");
    assert_int_equal(fs.end_ms, 4000);
    assert_int_equal(fs.fall_ms, 2000);
    assert_int_equal(fs.fall_side, 0);
    assert_int_equal(fs.start_floor, 1);
    assert_int_equal(fs.start_x, 10);
    assert_int_equal(fs.start_y, 5);
    assert_int_equal(fs.start_col, 32);
    assert_int_equal(fs.action_count, 9);
    const film_action *a = fs.actions;
    assert_int_equal(a[0].op, OP_WAIT);
    assert_int_equal(a[0].seconds, 2 * 86400);
    assert_int_equal(a[1].seconds, 86400 + 12 * 3600 + 30 * 60 + 15);
    assert_int_equal(a[2].op, OP_SPEED);
    assert_int_equal(a[2].n, 4);
    assert_int_equal(a[3].op, OP_HOLD);
    assert_int_equal(a[3].ms, 1500);
    assert_int_equal(a[4].op, OP_TITLE);
    assert_string_equal(a[4].text, "Hi there");
    assert_int_equal(a[4].ms, 3000); /* the default */
    assert_int_equal(a[5].op, OP_CAMERA);
    assert_int_equal(a[5].aim, AIM_AT);
    assert_int_equal(a[5].x, 12);
    assert_int_equal(a[5].y, 7);
    assert_int_equal(a[5].n, 32);
    assert_int_equal(a[5].ms, 2000);
    assert_int_equal(a[6].aim, AIM_WHOLE);
    assert_int_equal(a[6].ms, 0);
    assert_int_equal(a[7].op, OP_VIEW);
    assert_int_equal(a[7].n, 1);
    assert_int_equal(a[7].y, 9);
    assert_int_equal(a[8].n, 0);
    film_free(&fs);
    /* defaults: 12 fps, a fall seen from the side in 3 s of slow motion in every film,
     * with direction or without; no end card, no start */
    assert_int_equal(film_parse("q.film", "wait 30d\n", &fs, &err), DELVE_OK);
    assert_int_equal(fs.fps, 12);
    assert_int_equal(fs.fall_ms, 3000);
    assert_int_equal(fs.fall_side, 1);
    assert_string_equal(fs.end_text, "");
    assert_int_equal(fs.start_floor, -1);
    assert_int_equal(fs.actions[0].seconds, 30 * 86400);
    film_free(&fs);
    assert_int_equal(film_parse("q.film", "speed x1\n", &fs, &err), DELVE_OK);
    assert_int_equal(fs.fall_ms, 3000);
    film_free(&fs);
    /* slow=off turns it off (a frame a tube tick), slow= sets its length */
    assert_int_equal(film_parse("q.film", "fall slow=off\n", &fs, &err), DELVE_OK);
    assert_int_equal(fs.fall_ms, 0);
    assert_int_equal(fs.fall_side, 1);
    film_free(&fs);
    assert_int_equal(film_parse("q.film", "fall slow=1500ms\n", &fs, &err), DELVE_OK);
    assert_int_equal(fs.fall_ms, 1500);
    film_free(&fs);
    assert_int_equal(film_frames_of(2000, 12), 24);
    assert_int_equal(film_frames_of(1500, 25), 38); /* 37.5 rounds up */
    assert_int_equal(film_frames_of(10, 12), 1);    /* never 0 for a duration */
    assert_int_equal(film_frames_of(0, 12), 0);
}

static void test_parse_script(void **state)
{
    (void)state;
    const char *text = "# comment\n"
                       "film \"Pits and \\\"stations\\\"\"  # trailing comment\n"
                       "dungeon seed=99 floors=4\n"
                       "party \"Ash\" health=30 power=12 armour=15\n"
                       "frame 960x540\nrecord every=3\nview whole zoom=16\n"
                       "walk to=pit\nwalk to=3,4,2\nuse station\nwait 1h30m\n"
                       "caption \"done\"\nsheet columns=4 pick=every=10\n";
    film_script fs;
    delve_err err = { "" };
    assert_int_equal(film_parse("dir/my-film.film", text, &fs, &err), DELVE_OK);
    assert_string_equal(fs.name, "my-film");
    assert_string_equal(fs.title, "Pits and \"stations\"");
    assert_int_equal(fs.gen.seed, 99);
    assert_int_equal(fs.gen.floors, 4);
    assert_int_equal(fs.party.count, 1);
    assert_int_equal(fs.party.m[0].armour_pct, 15);
    assert_int_equal(fs.frame_w, 960);
    assert_int_equal(fs.frame_h, 540);
    assert_int_equal(fs.record_every, 3);
    assert_int_equal(fs.follow, 0);
    assert_int_equal(fs.zoom, 16);
    assert_int_equal(fs.action_count, 5);
    assert_int_equal(fs.actions[0].to, TO_PIT);
    assert_int_equal(fs.actions[1].to, TO_SQUARE);
    assert_int_equal(fs.actions[1].x, 3);
    assert_int_equal(fs.actions[1].y, 4);
    assert_int_equal(fs.actions[1].floor, 1);
    assert_int_equal(fs.actions[3].seconds, 5400);
    assert_int_equal(fs.actions[3].line, 11);
    assert_string_equal(fs.actions[4].text, "done");
    assert_int_equal(fs.pick, PICK_EVERY);
    assert_int_equal(fs.pick_every, 10);
    assert_int_equal(fs.sheet_columns, 4);
    assert_int_equal(fs.gen.type, LT_ROOMS);
    assert_int_equal(fs.gen.dlevel, 1);
    assert_int_equal(fs.gen.difficulty, 2);
    film_free(&fs);
    assert_int_equal(film_parse("t.film", "dungeon seed=5 type=caves dlevel=8 difficulty=3\n",
                                &fs, &err), DELVE_OK);
    assert_int_equal(fs.gen.type, LT_CAVES);
    assert_int_equal(fs.gen.dlevel, 8);
    assert_int_equal(fs.gen.difficulty, 3);
    film_free(&fs);
    assert_int_equal(film_parse("t.film", "dungeon type=shoals islands=9\n", &fs, &err),
                     DELVE_OK);
    assert_int_equal(fs.gen.islands, 9);
    film_free(&fs);
    expect_error("dungeon type=caves islands=9\n",
                 "t.film:1:20: islands is for --type shoals, not caves");
    assert_int_equal(film_parse("t.film", "dungeon type=doomrl\n", &fs, &err), DELVE_OK);
    assert_int_equal(fs.gen.type, GEN_TYPE_DOOMRL);
    film_free(&fs);
}

/* CRLF scripts read as LF ones, with the same columns (a stray CR is a space, as it
 * always was in scripts); a long line is named. */
static void test_crlf_and_long_lines(void **state)
{
    (void)state;
    film_script fs;
    delve_err err = { "" };
    if (film_parse("c.film", "film \"Crlf\"\r\ndungeon seed=5 floors=2 # two\r\n"
                   "wait 1h30m\r\r\ncaption \"a \\\"b\\\"\"\r\n", &fs, &err) != DELVE_OK)
        fail_msg("%s", err.msg);
    assert_string_equal(fs.title, "Crlf");
    assert_true(fs.gen.seed == 5);
    assert_int_equal(fs.gen.floors, 2);
    assert_int_equal(fs.action_count, 2);
    assert_int_equal(fs.actions[0].seconds, 5400);
    assert_string_equal(fs.actions[1].text, "a \"b\"");
    film_free(&fs);
    expect_error("film \"x\"\r\ndungeon seed=1 floors=0\r\n",
                 "t.film:2:23: floors: '0' is not a number in 1..32");
    expect_error("wait 99999999999999999999h\r\n", "t.film:1:6: a wait is at most 30 days");
    expect_error("wait 1h1x\r\n", "t.film:1:9: bad duration '1h1x'");
    char line[1100];
    memset(line, 'x', sizeof line);
    memcpy(line, "# ", 2);
    line[1025] = '\0';
    expect_error(line, "t.film:1:1025: line longer than 1024 bytes");
}

static void test_default_party(void **state)
{
    (void)state;
    film_script fs;
    assert_int_equal(film_parse("x/pits.v2.film", "\xEF\xBB\xBF# a BOM is fine\n", &fs, NULL),
                     DELVE_OK);
    assert_string_equal(fs.name, "pits.v2"); /* only .film comes off */
    film_free(&fs);
    assert_int_equal(film_parse("a.film", "", &fs, NULL), DELVE_OK);
    assert_int_equal(fs.party.count, 3);
    assert_string_equal(fs.party.m[0].name, "Ash");
    assert_int_equal(fs.frame_w, 1280);
    assert_int_equal(fs.record_every, 2);
    film_free(&fs);
}

/* Shots collected by the director on a hand-made world. */
typedef struct log_ctx {
    event_kind kinds[512];
    int health[512];
    char caption[512][FILM_TEXT_MAX];
    int n;
} log_ctx;

static delve_status collect(void *ctx, const world *w, const shot *s, delve_err *err)
{
    (void)err;
    log_ctx *c = ctx;
    if (c->n < 512) {
        c->kinds[c->n] = s->kind;
        c->health[c->n] = w->party.m[0].health;
        memcpy(c->caption[c->n], s->caption, FILM_TEXT_MAX);
        c->n++;
    }
    assert_int_equal(s->frame_no, c->n);
    return DELVE_OK;
}

/* Floor 0: a corridor row y = 1, x 1..6, pit at (5, 1). Floor 1: the same row with a
 * font at (2, 1). */
static void hand_world(world *w)
{
    dungeon d;
    assert_int_equal(dungeon_init(&d, 1, 2, NULL), DELVE_OK);
    for (int f = 0; f < 2; f++) {
        assert_int_equal(floor_init(&d.floors[f], f, 8, 3, NULL), DELVE_OK);
        for (int x = 1; x < 7; x++)
            floor_set(&d.floors[f], x, 1, T_FLOOR);
        d.floors[f].entrance_x = 1;
        d.floors[f].entrance_y = 1;
    }
    floor_add_pit(&d.floors[0], (pit){ .x = 5, .y = 1 }, NULL);
    floor_add_station(&d.floors[1], (station){ .x = 2, .y = 1, .wall_dy = -1,
                                               .last_used_s = STATION_NEVER_USED }, NULL);
    dungeon_stack(&d);
    party p = { 0 };
    party_add(&p, "Ash", 30, 12, 0, NULL);
    assert_int_equal(world_init(w, &d, &p, NULL), DELVE_OK);
}

static void test_director_shots(void **state)
{
    (void)state;
    film_script fs;
    const char *text = "record every=5\nfall slow=off\nevents hold=off\n"
                       "caption \"Off we go\"\nwalk to=pit\n"
                       "walk to=station\nuse station\nwait 1h\n";
    assert_int_equal(film_parse("d.film", text, &fs, NULL), DELVE_OK);
    world w;
    hand_world(&w);
    static log_ctx c;
    memset(&c, 0, sizeof c);
    assert_int_equal(director_play(&fs, &w, collect, &c, NULL), DELVE_OK);
    /* start; walk 4 squares = 80 sub-steps, the plates at sub-step 76 (5 * 20 + 60 cm
     * past the start square's middle... 3.5 squares + 60 cm = 76 sub-steps): shots at
     * 5, 10, ..., 75 = 15 steps; plates; 4 tube shots (fall + 3); land; walk back 3
     * squares from (5,1) to (2,1) = 60 sub-steps: 12 steps; heal; dry; 4 waits; end */
    event_kind want[] = { EV_START };
    assert_int_equal(c.kinds[0], want[0]);
    assert_string_equal(c.caption[0], "The party sets out");
    assert_string_equal(c.caption[1], "Off we go"); /* the caption is for the next shot */
    assert_string_equal(c.caption[2], "Off we go"); /* and what the party is doing */
    int i = 1;
    for (; c.kinds[i] == EV_STEP; i++)
        ;
    assert_int_equal(i, 16);
    assert_int_equal(c.kinds[i++], EV_PLATES);
    assert_int_equal(c.kinds[i++], EV_FALL);
    assert_int_equal(c.kinds[i++], EV_FALL);
    assert_int_equal(c.kinds[i++], EV_FALL);
    assert_int_equal(c.kinds[i], EV_LAND);
    assert_int_equal(c.health[i++], 18);
    int steps = 0;
    for (; c.kinds[i] == EV_STEP; i++)
        steps++;
    assert_int_equal(steps, 12);
    assert_int_equal(c.kinds[i], EV_HEAL);
    assert_int_equal(c.health[i++], 30);
    assert_int_equal(c.kinds[i], EV_DRY);
    assert_string_equal(c.caption[i++], "// BASIN DRY. PRESSURE BACK IN 8 H 00 M.");
    for (int k = 0; k < 4; k++)
        assert_int_equal(c.kinds[i++], EV_WAIT);
    assert_int_equal(c.kinds[i++], EV_END);
    assert_int_equal(c.n, i);
    world_free(&w);
    film_free(&fs);
}

static void test_director_script_errors(void **state)
{
    (void)state;
    film_script fs;
    assert_int_equal(film_parse("e.film", "wait 1m\nuse station\n", &fs, NULL), DELVE_OK);
    world w;
    hand_world(&w);
    static log_ctx c;
    memset(&c, 0, sizeof c);
    delve_err err = { "" };
    assert_int_equal(director_play(&fs, &w, collect, &c, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "e.film:2:1: use station: no rest station within reach");
    world_free(&w);
    film_free(&fs);
}

static void test_hover_line(void **state)
{
    (void)state;
    world w;
    hand_world(&w);
    canvas c = { .w = 8 * 24, .h = 3 * 24 };
    frame_opts vo = frame_defaults();
    vo.hud = 0;
    vo.whole_floor = 1;
    vo.follow = 0;
    vo.cam_floor = 0;
    int f = -1, x = -1, y = -1;
    assert_int_equal(frame_square_at(&c, &w, &vo, 5 * 24 + 23, 1 * 24, &f, &x, &y), 1);
    assert_int_equal(f, 0);
    assert_int_equal(x, 5);
    assert_int_equal(y, 1);
    assert_int_equal(frame_square_at(&c, &w, &vo, 8 * 24, 0, &f, &x, &y), 0);
    char line[160];
    assert_string_equal(world_describe(&w, 0, 5, 1, line, sizeof line),
                        "5,1: pit: cracked, buckled plates over a hole; the seams glow and a "
                        "draught pushes motes up through them");
    w.dg.floors[0].pits[0].open = 1;
    assert_string_equal(world_describe(&w, 0, 5, 1, line, sizeof line),
                        "5,1: an open pit: a hole 6.0 m down to floor 2, no way back up");
    w.dg.floors[1].stations[0].last_used_s = w.clock_s - 60;
    assert_string_equal(world_describe(&w, 1, 2, 1, line, sizeof line),
                        "2,1: rest station (font) // BASIN DRY. PRESSURE BACK IN 7 H 59 M.");
    assert_string_equal(world_describe(&w, 0, 1, 1, line, sizeof line),
                        "1,1: the entrance of floor 1");
    assert_string_equal(world_describe(&w, 0, 3, 0, line, sizeof line), "3,0: rock");
    world_free(&w);
}

static delve_status no_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    (void)ctx, (void)w, (void)s, (void)err;
    return DELVE_OK;
}

/* Parses text as the script at path and builds its world. */
static delve_status built(const char *script, const char *text, film_script *fs, world *w,
                          delve_err *err)
{
    delve_status st = film_parse(script, text, fs, err);
    return st ? st : director_build_world(fs, w, err);
}

static void test_dungeon_file(void **state)
{
    (void)state;
    film_script fs;
    world w;
    delve_err err = { "" };
    if (built("tests/t.film", "dungeon file=fixtures/dun/example.dun\n", &fs, &w, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(w.dg.floor_count, 2);
    assert_int_equal(w.dg.seed, 9);
    assert_int_equal(w.dg.floors[0].pits[0].hidden, 1);
    assert_int_equal(world_sx(&w), 1); /* on the entrance */
    world_free(&w);
    film_free(&fs);
    assert_int_equal(built("tests/t.film", "film \"x\"\ndungeon file=test_films.c\n", &fs, &w,
                           &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "tests/t.film:2:14: dungeon file: tests/test_films.c:1:1: not a "
                                 ".dun file (the first line must be 'delve-dun 1')");
    film_free(&fs);
}

/* The film falls through the pit, heals at the font and saves; a second film starts from
 * the save: the hole is still open, the font still dry with the right countdown, and a
 * cut or edited save is refused whole. */
static void test_save_and_load_films(void **state)
{
    (void)state;
    char dir[] = "/tmp/delve-films-XXXXXX", a[128], b[128], out[128], file[160];
    assert_non_null(mkdtemp(dir));
    snprintf(a, sizeof a, "%s/a.film", dir);
    snprintf(b, sizeof b, "%s/b.film", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    film_script fs;
    world w;
    delve_err err = { "" };
    assert_int_equal(built(a, "dungeon seed=58 floors=3\nwalk to=pit\nwalk to=station\n"
                              "use station\nsave saves/after.sav\n", &fs, &w, &err), DELVE_OK);
    if (director_play_saving(&fs, &w, no_shot, NULL, out, &err))
        fail_msg("%s", err.msg);
    uint64_t digest = world_digest(&w);
    int64_t used = w.dg.floors[1].stations[0].last_used_s;
    assert_int_equal(used, 28917); /* rising on: stairs and bends on the way */
    world_free(&w);
    film_free(&fs);

    world l;
    if (built(b, "dungeon save=out/saves/after.sav\n", &fs, &l, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(world_digest(&l), digest);
    assert_int_equal(l.dg.floors[0].pits[0].open, 1);        /* the hole is still open */
    assert_int_equal(l.dg.floors[1].stations[0].last_used_s, used); /* still dry */
    assert_int_equal(l.floor, 1);
    assert_int_equal(l.clock_s, 28917);
    assert_int_equal(l.party.m[0].health, 30);
    world_wait(&l, 3600);
    char line[96];
    assert_string_equal(station_line(&l.dg.floors[1].stations[0], l.clock_s, line, sizeof line),
                        "// BASIN DRY. PRESSURE BACK IN 7 H 00 M.");
    world_free(&l);
    film_free(&fs);

    /* cut in half, or one digit edited: refused, naming the file and line */
    snprintf(file, sizeof file, "%s/saves/after.sav", out);
    char *text;
    size_t len;
    assert_int_equal(fsio_read_all(file, 1 << 20, &text, &len, &err), DELVE_OK);
    snprintf(file, sizeof file, "%s/cut.sav", dir);
    assert_int_equal(fsio_write_atomic(file, text, len / 2, &err), DELVE_OK);
    assert_int_equal(built(b, "dungeon save=cut.sav\n", &fs, &l, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "the save was cut short"));
    film_free(&fs);
    char *clock = strstr(text, "clock 28917");
    assert_non_null(clock);
    clock[10] = '8';
    assert_int_equal(fsio_write_atomic(file, text, len, &err), DELVE_OK);
    assert_int_equal(built(b, "dungeon save=cut.sav\n", &fs, &l, &err), DELVE_EINPUT);
    char want[400];
    snprintf(want, sizeof want, "%s:1:14: dungeon save: %s:", b, file);
    assert_memory_equal(err.msg, want, strlen(want));
    assert_non_null(strstr(err.msg, "checksum does not match: the save was cut short or edited"));
    film_free(&fs);
    free(text);
    snprintf(want, sizeof want, "rm -rf '%s'", dir);
    assert_int_equal(system(want), 0);
}

/* What the direction tests look at, shot by shot. */
typedef struct dir_log {
    int n;
    event_kind kind[400];
    shot_card card[400];
    int64_t clock[400];
    int fallen[400], side[400], landed[400], slow[400], cam_x[400], zoom[400], dmg0[400];
    event_kind held[400];
    char caption[400][FILM_TEXT_MAX];
} dir_log;

static delve_status log_dir(void *ctx, const world *w, const shot *s, delve_err *err)
{
    (void)err;
    dir_log *c = ctx;
    assert_int_equal(s->frame_no, c->n + 1);
    if (c->n < 400) {
        int i = c->n;
        c->kind[i] = s->kind;
        c->card[i] = s->card;
        c->held[i] = s->held;
        c->clock[i] = w->clock_s;
        c->fallen[i] = s->fallen_cm;
        c->side[i] = s->side && s->side_by_col ? 100 + s->side_col : s->side; /* 1: a row */
        c->landed[i] = s->landed;
        c->slow[i] = s->slow;
        c->cam_x[i] = s->cam_free ? s->cam.x_cm : -1;
        c->zoom[i] = s->cam.zoom;
        c->dmg0[i] = s->damage[0];
        snprintf(c->caption[i], FILM_TEXT_MAX, "%s", s->caption);
    }
    c->n++;
    return DELVE_OK;
}

/* Plays text on the hand-made world into c. */
/* The caption_lost pair of the last shot into ctx (int[2]). */
static delve_status lost_of(void *ctx, const world *w, const shot *s, delve_err *err)
{
    (void)w, (void)err;
    int *l = ctx;
    l[0] = s->caption_lost;
    l[1] = s->caption_lost_by;
    return DELVE_OK;
}

static void play_hand(const char *text, dir_log *c)
{
    film_script fs;
    delve_err err = { "" };
    if (film_parse("h.film", text, &fs, &err))
        fail_msg("%s", err.msg);
    world w;
    hand_world(&w);
    memset(c, 0, sizeof *c);
    if (director_play(&fs, &w, log_dir, c, &err))
        fail_msg("%s", err.msg);
    world_free(&w);
    film_free(&fs);
}

static int count_of(const dir_log *c, event_kind k, shot_card card)
{
    int n = 0;
    for (int i = 0; i < c->n && i < 400; i++)
        n += c->kind[i] == k && c->card[i] == card;
    return n;
}

/* speed x4 keeps every 4th walking frame; the clock is the rules' whatever the speed. */
static void test_speed(void **state)
{
    (void)state;
    static dir_log a, b;
    /* the walk to the pit: the plates give way at sub-step 76; every=5 gives walking
     * frames at 5, 10 ... 75 (15); x4 at 20, 40, 60 (3) */
    play_hand("record every=5\nfall slow=off\nevents hold=off\nwalk to=pit\n", &a);
    play_hand("record every=5\nfall slow=off\nevents hold=off\nspeed x4\nwalk to=pit\n", &b);
    assert_int_equal(count_of(&a, EV_STEP, CARD_NONE), 15);
    assert_int_equal(count_of(&b, EV_STEP, CARD_NONE), 3);
    assert_int_equal(a.n, 1 + 15 + 1 + 3 + 1 + 1); /* start, steps, plates, fall, land, end */
    assert_int_equal(b.n, 1 + 3 + 1 + 3 + 1 + 1);
    assert_int_equal(a.clock[a.n - 1], b.clock[b.n - 1]);
    assert_int_equal(b.clock[1], a.clock[4]); /* x4's 1st walking frame is x1's 4th */
}

/* A caption replaced before a shot showed it is named (on every shot after), and the
 * landing's damage numbers are not drawn into a hold after the view changed. */
static void test_caption_lost_and_damage(void **state)
{
    (void)state;
    static dir_log c;
    film_script fs;
    play_hand("caption \"one\"\ncaption \"two\"\nwait 1m\n", &c);
    assert_string_equal(c.caption[1], "two");
    assert_int_equal(film_parse("h.film", "caption \"one\"\nsave a.sav\ncaption \"two\"\n"
                                "wait 1m\n", &fs, NULL), DELVE_OK);
    world w;
    hand_world(&w);
    static int lost[2];
    memset(lost, 0, sizeof lost);
    assert_int_equal(director_play(&fs, &w, lost_of, lost, NULL), DELVE_OK);
    assert_int_equal(lost[0], 1);
    assert_int_equal(lost[1], 3);
    world_free(&w);
    film_free(&fs);
    play_hand("caption \"one\"\nwait 1m\ncaption \"two\"\nwait 1m\n", &c); /* each shown */
    play_hand("events hold=off\nrecord every=100\nfall slow=off\nwalk to=pit\nhold 1s\n"
              "view side\nhold 1s\n", &c);
    int l = 0;
    while (c.kind[l] != EV_LAND)
        l++;
    assert_int_equal(c.landed[l + 1], 1);  /* the landing held: its damage shown */
    assert_int_equal(c.landed[l + 12], 1);
    assert_int_equal(c.landed[l + 13], 0); /* view side, every floor: none */
    assert_int_equal(c.side[l + 13], 1);
}

/* Frames under 960 x 540 are drawn compact unless told; layout says so on any frame. */
static void test_layout(void **state)
{
    (void)state;
    film_script fs;
    assert_int_equal(film_parse("t.film", "frame 640x360\n", &fs, NULL), DELVE_OK);
    assert_int_equal(film_compact(&fs), 1);
    assert_int_equal(film_parse("t.film", "frame 960x540\n", &fs, NULL), DELVE_OK);
    assert_int_equal(film_compact(&fs), 0);
    assert_int_equal(film_parse("t.film", "layout compact\n", &fs, NULL), DELVE_OK);
    assert_int_equal(film_compact(&fs), 1);
    assert_int_equal(film_parse("t.film", "frame 1280x540\nlayout full\n", &fs, NULL), DELVE_OK);
    assert_int_equal(film_compact(&fs), 0);
}

/* Events held: each event's frame stays on screen 1500 ms by default (18 frames at 12
 * fps: itself and 17 holds with the clock standing), a `hold` right after one counts
 * toward it, `events hold=off` holds none, and the fall's tube frames are its own hold. */
static void test_event_holds(void **state)
{
    (void)state;
    static dir_log c;
    /* plates, 17 holds, 3 tube frames, land, 17 holds; heal, 17 holds, dry, 17 holds */
    play_hand("record every=100\nfall slow=off\nwalk to=pit\nwalk to=station\n"
              "use station\n", &c);
    int p = 0;
    while (c.kind[p] != EV_PLATES)
        p++;
    for (int i = p + 1; i <= p + 17; i++) {
        assert_int_equal(c.card[i], CARD_HOLD);
        assert_int_equal(c.held[i], EV_PLATES);
        assert_int_equal(c.kind[i], EV_STEP); /* not a cell of the sheet */
        assert_int_equal(c.clock[i], c.clock[p]);
        assert_string_equal(c.caption[i], c.caption[p]);
        assert_int_equal(c.side[i], 0); /* the plates from above, as their own frame */
    }
    assert_int_equal(c.kind[p + 18], EV_FALL);
    assert_int_equal(c.kind[p + 21], EV_LAND);
    assert_int_equal(c.held[p + 22], EV_LAND);
    assert_int_equal(c.held[p + 38], EV_LAND);
    assert_int_equal(c.card[p + 39], CARD_NONE);
    int h = 0;
    while (c.kind[h] != EV_HEAL)
        h++;
    assert_int_equal(c.held[h + 17], EV_HEAL);
    assert_int_equal(c.kind[h + 18], EV_DRY); /* no longer on the heal's next frame */
    assert_int_equal(c.held[h + 35], EV_DRY);
    assert_int_equal(c.kind[h + 36], EV_END);
    int holds = 0;
    for (int i = 0; i < c.n; i++)
        holds += c.card[i] == CARD_HOLD && c.held[i] != EV_STEP;
    assert_int_equal(holds, 4 * 17);
    /* a hold of 1 s (12 frames) right after the landing holds it: 5 more make 18 */
    static dir_log d;
    play_hand("record every=100\nfall slow=off\nwalk to=pit\nhold 1s\n", &d);
    int l = 0;
    while (d.kind[l] != EV_LAND)
        l++;
    assert_int_equal(d.held[l + 5], EV_LAND);
    assert_int_equal(d.card[l + 6], CARD_HOLD);
    assert_int_equal(d.held[l + 6], EV_STEP); /* the script's hold */
    assert_int_equal(d.kind[l + 18], EV_END);
    /* 2 s at 25 fps: 49 holds after each event's frame; off: none */
    play_hand("fps 25\nevents hold=2s\nrecord every=100\nfall slow=off\nwalk to=pit\n", &d);
    assert_int_equal(count_of(&d, EV_STEP, CARD_HOLD), 2 * 49);
    play_hand("events hold=off\nrecord every=100\nfall slow=off\nwalk to=pit\n", &d);
    assert_int_equal(count_of(&d, EV_STEP, CARD_HOLD), 0);
}

/* film.gif's frames: a window of fps / gif_fps frames each, its first frame unless an
 * event's frame is in it or still waits; none dropped, the late ones after the end. */
static void test_gif_plan(void **state)
{
    (void)state;
    unsigned char must[20] = { 0 }, gif[20];
    /* a third of 12 frames: 0, 3, 6, 9 */
    assert_int_equal(take_gif_plan(must, 12, 12, 0, gif), 4);
    assert_int_equal(gif[0] + gif[3] + gif[6] + gif[9], 4);
    /* events at 4 and 5 (one window, 3..5): 4 takes window 1, 5 waits for window 2 */
    must[4] = must[5] = 1;
    assert_int_equal(take_gif_plan(must, 12, 12, 0, gif), 4);
    const unsigned char want[12] = { 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0 };
    assert_memory_equal(gif, want, 12);
    /* 2 a second of 12 fps: windows of 6; three events in the last window: two more
       GIF frames after the film's end */
    memset(must, 0, sizeof must);
    must[13] = must[15] = must[17] = 1;
    assert_int_equal(take_gif_plan(must, 18, 12, 2, gif), 5);
    assert_int_equal(gif[0] + gif[6] + gif[13] + gif[15] + gif[17], 5);
    /* as fast as the film: every frame once */
    assert_int_equal(take_gif_plan(must, 18, 12, 12, gif), 18);
}

/* hold 2s at 12 fps is 24 frames of the last frame; at 25 fps 50; a title of 1500 ms at
 * 12 fps 18 frames before the start; an end card after the end frame. */
static void test_hold_title_end(void **state)
{
    (void)state;
    static dir_log c;
    play_hand("title \"Hello\" 1500ms\nend \"Bye\" 1s\nhold 2s\nwait 1m\n", &c);
    assert_int_equal(c.n, 18 + 1 + 24 + 1 + 1 + 12);
    for (int i = 0; i < 18; i++) {
        assert_int_equal(c.card[i], CARD_TITLE);
        assert_string_equal(c.caption[i], "Hello");
    }
    assert_int_equal(c.kind[18], EV_START);
    assert_int_equal(count_of(&c, EV_STEP, CARD_HOLD), 24);
    assert_int_equal(c.clock[19], c.clock[18]);   /* a hold keeps the clock */
    assert_int_equal(c.clock[42], c.clock[18]);
    assert_int_equal(c.kind[43], EV_WAIT);
    assert_int_equal(c.clock[43], c.clock[18] + 60);
    assert_int_equal(c.kind[44], EV_END);
    assert_int_equal(c.card[45], CARD_TITLE);
    assert_string_equal(c.caption[56], "Bye");
    play_hand("fps 25\nhold 2s\n", &c);
    assert_int_equal(count_of(&c, EV_STEP, CARD_HOLD), 50);
}

/* The fall: 3 s at 12 fps is 36 frames in the tube (the default of every film), seen
 * from the side, 12 a tube tick with the tick's clock; the depth counter follows free
 * fall; the landing shows the damage. fall slow=off keeps one frame a tick. */
static void test_fall_frames(void **state)
{
    (void)state;
    static dir_log c;
    play_hand("record every=100\nfall slow=off\nevents hold=off\nwalk to=pit\n", &c);
    assert_int_equal(count_of(&c, EV_FALL, CARD_NONE), 3);
    int q = 0;
    while (c.kind[q] != EV_PLATES)
        q++;
    assert_int_equal(c.side[q + 1], 1);      /* but seen from the side */
    assert_int_equal(c.fallen[q + 1], 600 * 1 / 16); /* tick 1 of 4 */
    assert_int_equal(c.fallen[q + 3], 600 * 9 / 16);
    play_hand("record every=100\nevents hold=off\nwalk to=pit\n", &c); /* 3 s by default */
    int p = 0;
    while (c.kind[p] != EV_PLATES)
        p++;
    assert_int_equal(count_of(&c, EV_FALL, CARD_NONE), 36);
    assert_int_equal(director_fall_frames(&(film_script){ .fall_ms = 3000, .fps = 12 }), 36);
    assert_int_equal(c.side[p], 0);          /* the plates give way: from above */
    for (int j = 0; j < 36; j++) {
        assert_int_equal(c.kind[p + 1 + j], EV_FALL);
        assert_int_equal(c.side[p + 1 + j], 1);
        assert_int_equal(c.slow[p + 1 + j], j % 12 != 0);
        assert_int_equal(c.clock[p + 1 + j], c.clock[p] + 1 + j / 12);
        /* 600 cm (plain floors) * (j + 1)^2 / 37^2 */
        assert_int_equal(c.fallen[p + 1 + j], 600 * (j + 1) * (j + 1) / (37 * 37));
    }
    assert_int_equal(c.fallen[p + 18], 142);  /* frame 18 of the fall: "1.4 m" */
    char t[16];
    assert_string_equal(side_depth_text(c.fallen[p + 18], t, sizeof t), "1.4 m");
    assert_string_equal(side_depth_text(600, t, sizeof t), "6.0 m");
    int land = p + 37;
    assert_int_equal(c.kind[land], EV_LAND);
    assert_int_equal(c.clock[land], c.clock[p] + TUBE_TICKS);
    assert_int_equal(c.side[land], 1);
    assert_int_equal(c.landed[land], 1);
    assert_int_equal(c.fallen[land], 600);
    assert_int_equal(c.dmg0[land], 12);       /* Ash 30 -> 18 */
    assert_int_equal(c.side[land + 1], 0);    /* back to the view from above */
    play_hand("record every=100\nfps 24\nfall slow=2s side=off\nwalk to=pit\n", &c);
    assert_int_equal(count_of(&c, EV_FALL, CARD_NONE), 48);
    for (int i = 0; i < c.n; i++)
        assert_int_equal(c.side[i], 0);
}

/* camera at X,Y over 1 s at 4 fps: four eased integer steps from the party (square 1,
 * 300 cm) to square 6 (1300 cm); then it stays. */
/* Settings are written once; a key once a line; an unknown word's bytes are escaped;
 * a duration is seconds when bare (hold as wait), and one shorter than a frame lasts a
 * frame (films/README.md). */
static void test_once_escapes_and_short_holds(void **state)
{
    (void)state;
    expect_error("fps 12\nwait 1m\nfps 24\n",
                 "t.film:3:1: a second 'fps' (the first is on line 1): a setting is written once");
    expect_error("record every=2\n  record every=3\n",
                 "t.film:2:3: a second 'record' (the first is on line 1): a setting is "
                 "written once");
    expect_error("view zoom=10\nview follow\n",
                 "t.film:2:1: a second 'view' (the first is on line 1): a setting is written once");
    expect_error("frame 1280x720\nframe 960x540\n",
                 "t.film:2:1: a second 'frame' (the first is on line 1): a setting is written once");
    expect_error("fall slow=2s slow=3s\n", "t.film:1:14: slow= is written twice on this line");
    expect_error("\x1b[2Jboom\n", "t.film:1:1: unknown directive '\\x1b[2Jboom'");
    expect_error("walk to=pit\nd\xc3\xa9j\x7f\n", "t.film:2:1: unknown directive 'd\\xc3\\xa9j\\x7f'");
    expect_error("fall slow=1s colour=\x07\n", "t.film:1:14: unknown key 'colour=' for 'fall'");
    /* every message quoting a script's word: the word's control bytes escaped, its
       printable UTF-8 kept */
    expect_error("speed \x1b]0;pwned\x07\n",
                 "t.film:1:7: speed is xN with N in 1..64, not '\\x1b]0;pwned\\x07'");
    expect_error("hold 2\x1b[2J\n", "t.film:1:7: bad duration '2\\x1b[2J'");
    expect_error("dungeon type=caf\xc3\xa9\xc2\x9b\n",
                 "t.film:1:14: type: 'caf\xc3\xa9\\xc2\\x9b' is not a level type (rooms, normal, "
                 "small-rooms, warehouse, city, caves, arena, maze, single, doomrl, shoals)");
    film_script fs;
    delve_err err = { "" };
    /* view side and view top are actions: as many as the film wants */
    assert_int_equal(film_parse("v.film", "view zoom=20\nview side\nview top\nview side\n", &fs,
                                &err), DELVE_OK);
    film_free(&fs);
    /* a bare number is seconds, for hold as for wait */
    assert_int_equal(film_parse("b.film", "hold 2\nwait 90\n", &fs, &err), DELVE_OK);
    assert_int_equal(fs.actions[0].ms, 2000);
    assert_int_equal(fs.actions[1].seconds, 90);
    film_free(&fs);
    static dir_log c;
    play_hand("hold 1ms\n", &c); /* shorter than a frame (83 ms at 12 fps): one frame */
    assert_int_equal(count_of(&c, EV_STEP, CARD_HOLD), 1);
    play_hand("hold 2\n", &c);
    assert_int_equal(count_of(&c, EV_STEP, CARD_HOLD), 24);
}

/* text (file's) parses, and playing it on the hand-made world fails with want. */
static void play_hand_fails(const char *file, const char *text, const char *want)
{
    film_script fs;
    delve_err err = { "" };
    assert_int_equal(film_parse(file, text, &fs, &err), DELVE_OK);
    world w;
    hand_world(&w);
    static dir_log c;
    memset(&c, 0, sizeof c);
    assert_int_equal(director_play(&fs, &w, log_dir, &c, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, want);
    world_free(&w);
    film_free(&fs);
}

/* {tide} in a caption where the dungeon has no tide is an error at the caption's line
 * (it read "+0 rising" for ever). */
static void test_tide_caption_without_tide(void **state)
{
    (void)state;
    play_hand_fails("t.film", "wait 1m\ncaption \"tide {tide}\"\nhold 1s\n",
                    "t.film:2:1: caption: {tide} needs a dungeon with a tide (a Shoals floor); "
                    "this one has none");
}

/* camera at a square off the party's floor is an error at the square, naming the floor's
 * size: never clamped to the edge. */
static void test_camera_off_floor(void **state)
{
    (void)state;
    play_hand_fails("c.film", "wait 1m\ncamera zoom 32 at 100,100\n",
                    "c.film:2:19: camera at 100,100 is off floor 1, which is 8 x 3 squares "
                    "(X 0..7, Y 0..2)");
    static dir_log c;
    play_hand("camera at 7,2\n", &c); /* the last square is on it */
    /* in the side view a move would play unseen: refused at its line; after view top
       it moves the view from above again */
    play_hand_fails("c.film", "view side\ncamera zoom 32\n",
                    "c.film:2:1: camera: the side view has no camera (it keeps the party in "
                    "the middle of its cut); put the move after 'view top'");
    static dir_log d;
    play_hand("view side\nview top\ncamera zoom 32\n", &d);
    /* a move still going when the side view starts would play hidden: refused, with the
       hold that lets it end (24 frames at 12 fps: 2000 ms), which then plays */
    play_hand_fails("c.film", "camera zoom 32 over 2s\nview side\n",
                    "c.film:2:1: view side: the camera move of line 1 has 24 frames left, "
                    "which the side view would hide; hold for them first (hold 2s)");
    static dir_log e;
    play_hand("camera zoom 32 over 2s\nhold 2000ms\nview side\n", &e);
    /* a title card hides the map: the move does not advance under it */
    play_hand_fails("c.film", "camera zoom 32 over 2s\ntitle \"x\" 2s\nview side\n",
                    "c.film:3:1: view side: the camera move of line 1 has 24 frames left, "
                    "which the side view would hide; hold for them first (hold 2s)");
    /* a hold after a landing keeps the fall's side view: a move there would play hidden
       (refused at the hold); after view top it plays from above, 12 frames of 1 s */
    play_hand_fails("c.film", "walk to=pit\ncamera at 1,1 over 1s\nhold 1s\n",
                    "c.film:3:1: hold: the camera move of line 2 would play hidden behind "
                    "the fall's side view, which a hold after the landing keeps; put 'view "
                    "top' before the hold to watch the move from above");
    static dir_log f;
    play_hand("events hold=off\nwalk to=pit\ncamera at 1,1 over 1s\nview top\nhold 1s\n", &f);
    assert_int_equal(count_of(&f, EV_STEP, CARD_HOLD), 12);
    assert_int_equal(f.side[f.n - 1], 0);
}

/* view side col=X: the party's first frame and the held ones are cut along column X (1 +
 * 12 at 12 fps for 1 s), view top goes back to the view from above (6 frames for 500 ms,
 * then the film's end); the clock never moves in a hold. */
static void test_view_side_col(void **state)
{
    (void)state;
    static dir_log c;
    play_hand("view side col=3\nhold 1s\nview top\nhold 500ms\n", &c);
    int cut = 0, above = 0;
    for (int i = 0; i < c.n; i++) {
        cut += c.side[i] == 103;
        above += c.side[i] == 0;
        assert_true(c.side[i] == 103 || c.side[i] == 0);
        assert_int_equal(c.clock[i], c.clock[0]);
    }
    assert_int_equal(c.n, 20);
    assert_int_equal(cut, 13);
    assert_int_equal(above, 7);
    for (int i = 0; i < c.n; i++)
        assert_int_equal(c.side[i], i < 13 ? 103 : 0);
}

static void test_camera_ease(void **state)
{
    (void)state;
    assert_int_equal(cam_ease(0, 1000, 1, 4), 156);
    assert_int_equal(cam_ease(0, 1000, 2, 4), 500);
    assert_int_equal(cam_ease(0, 1000, 3, 4), 843);
    assert_int_equal(cam_ease(0, 1000, 4, 4), 1000);
    assert_int_equal(cam_ease(1000, 0, 1, 4), 844);
    assert_int_equal(cam_ease(7, 9, 0, 0), 9);
    static dir_log c;
    play_hand("fps 4\ncamera at 6,1 zoom 40 over 1s\nhold 2s\n", &c);
    int want_x[] = { 456, 800, 1143, 1300, 1300 }, want_z[] = { 26, 32, 37, 40, 40 };
    for (int i = 0; i < 5; i++) {
        assert_int_equal(c.cam_x[i], want_x[i]);
        assert_int_equal(c.zoom[i], want_z[i]);
    }
    play_hand("wait 1m\n", &c); /* no camera directive: the film's own view */
    assert_int_equal(c.cam_x[0], -1);
}

/* dungeon start=FLOOR[,X,Y]: the party on that floor's entrance or square; a wall or a
 * missing floor is an error at start='s value. */
static void test_start(void **state)
{
    (void)state;
    film_script fs;
    world w;
    delve_err err = { "" };
    if (built("s.film", "dungeon seed=58 floors=3 start=2\n", &fs, &w, &err))
        fail_msg("%s", err.msg);
    const dfloor *f = &w.dg.floors[1];
    assert_int_equal(w.floor, 1);
    assert_int_equal(world_sx(&w), f->entrance_x);
    assert_int_equal(world_sy(&w), f->entrance_y);
    char text[96];
    snprintf(text, sizeof text, "dungeon seed=58 floors=3 start=3,%d,%d\n",
             w.dg.floors[2].entrance_x, w.dg.floors[2].entrance_y);
    int ex = w.dg.floors[2].entrance_x, ey = w.dg.floors[2].entrance_y;
    world_free(&w);
    film_free(&fs);
    if (built("s.film", text, &fs, &w, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(w.floor, 2);
    assert_int_equal(w.x_cm, ex * 200 + 100);
    assert_int_equal(w.y_cm, ey * 200 + 100);
    world_free(&w);
    film_free(&fs);
    assert_int_equal(built("s.film", "dungeon seed=58 floors=3 start=1,0,0\n", &fs, &w, &err),
                     DELVE_EINPUT);
    assert_string_equal(err.msg, "s.film:1:32: start: the party cannot stand on 0,0 of floor 1 "
                                 "(not a walkable square)");
    film_free(&fs);
    assert_int_equal(built("s.film", "dungeon seed=58 floors=3 start=4\n", &fs, &w, &err),
                     DELVE_EINPUT);
    assert_string_equal(err.msg, "s.film:1:32: start: floor 4 does not exist (the dungeon has 3)");
    film_free(&fs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_direction),
        cmocka_unit_test(test_speed),
        cmocka_unit_test(test_event_holds),
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_caption_lost_and_damage),
        cmocka_unit_test(test_gif_plan),
        cmocka_unit_test(test_hold_title_end),
        cmocka_unit_test(test_fall_frames),
        cmocka_unit_test(test_camera_ease),
        cmocka_unit_test(test_tide_caption_without_tide),
        cmocka_unit_test(test_once_escapes_and_short_holds),
        cmocka_unit_test(test_view_side_col),
        cmocka_unit_test(test_camera_off_floor),
        cmocka_unit_test(test_start),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_dungeon_file),
        cmocka_unit_test(test_save_and_load_films),
        cmocka_unit_test(test_parse_script),
        cmocka_unit_test(test_default_party),
        cmocka_unit_test(test_crlf_and_long_lines),
        cmocka_unit_test(test_director_shots),
        cmocka_unit_test(test_director_script_errors),
        cmocka_unit_test(test_hover_line),
        cmocka_unit_test(test_director_gen_with),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
