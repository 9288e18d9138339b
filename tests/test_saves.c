/* Saves that always load: every film of films/scripts/ is saved wherever the party stands
 * between two actions, each save is loaded (`dungeon save=`) and the rest of the script
 * played on it, and the rows from there on are the uninterrupted film's: every column of
 * events.tsv but the frame number, digest included. Then the tide's lines on their own:
 * what they restore, what they refuse, and a save written before they existed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/fsio.h"
#include "base/lex.h"
#include "engine/save.h"
#include "films/director.h"
#include "films/events.h"
#include "films/film.h"

#define MAX_ROWS 4000   /* the longest script film has about 700 shots */

/* One events.tsv row without its frame column, and the script line it was taken on. */
typedef struct rows {
    int count;
    int line[MAX_ROWS];
    char *text[MAX_ROWS];
} rows;

static delve_status keep_row(void *ctx, const world *w, const shot *s, delve_err *err)
{
    (void)err;
    rows *r = ctx;
    textbuf b = { 0 };
    events_row(&b, w, s);
    assert_false(b.oom);
    assert_true(r->count < MAX_ROWS);
    const char *tab = strchr(b.s, '\t');
    assert_non_null(tab);
    r->line[r->count] = s->line;
    r->text[r->count++] = strdup(tab + 1);
    free(b.s);
    return DELVE_OK;
}

static void rows_free(rows *r)
{
    for (int i = 0; i < r->count; i++)
        free(r->text[i]);
    r->count = 0;
}

/* fs's world built and played, its rows into r (fs's saves written under dir). */
static void play(const film_script *fs, const char *dir, rows *r)
{
    world w;
    delve_err err = { "" };
    if (director_build_world(fs, &w, &err) || director_play_saving(fs, &w, keep_row, r, dir, &err))
        fail_msg("%s: %s", fs->path, err.msg);
    world_free(&w);
}

/* Direction the director plays before the start frame when it opens the script. */
static int leads(film_op op)
{
    return op == OP_TITLE || op == OP_VIEW || op == OP_SPEED || op == OP_CAMERA;
}

/* Whether a save before action i would split the script's opening direction (title
 * cards come before the start frame only while nothing else comes first). */
static int in_lead(const film_script *fs, int i)
{
    int lead = 0;
    while (lead < fs->action_count && leads(fs->actions[lead].op))
        lead++;
    return lead > 0 && i <= lead;
}

/* Where the party stands before action i (i == action_count: after the last) and
 * nothing is pending: not after a caption (its text waits for the next shot, which a
 * film started from a save would not see), not inside the opening direction, not
 * before a hold (it holds the frame before, which a film started there has not). */
static int save_point(const film_script *fs, int i)
{
    return (i == 0 || fs->actions[i - 1].op != OP_CAPTION) &&
           (i == fs->action_count || fs->actions[i].op != OP_SAVE) &&
           !in_lead(fs, i) && (i == fs->action_count || fs->actions[i].op != OP_HOLD);
}

/* fs with `save sNNN.sav` before every save point; the saves' action indices into at. */
static film_script with_saves(const film_script *fs, int *at, int *saves)
{
    film_script out = *fs;
    out.actions = calloc((size_t)fs->action_count * 2 + 1, sizeof *out.actions);
    assert_non_null(out.actions);
    out.action_count = 0;
    *saves = 0;
    for (int i = 0; i <= fs->action_count; i++) {
        if (save_point(fs, i)) {
            film_action *a = &out.actions[out.action_count++];
            *a = (film_action){ .op = OP_SAVE, .line = i ? fs->actions[i - 1].line : 1 };
            snprintf(a->text, sizeof a->text, "s%03d.sav", i);
            at[(*saves)++] = i;
        }
        if (i < fs->action_count)
            out.actions[out.action_count++] = fs->actions[i];
    }
    return out;
}

/* The rows the film from the save before action i must give after its start row: the
 * full film's from action i's first shot on (its end shot at least; after the last
 * action, the rows of no action: the end shot and the end card). */
static int first_after(const rows *full, int line)
{
    if (line == INT_MAX) { /* after the last action: the end frame and any end card */
        int e = full->count;
        while (e > 2 && full->line[e - 1] == 0)
            e--;
        return e;
    }
    int j = 1;
    while (j < full->count - 1 && full->line[j] < line)
        j++;
    return j;
}

static void check_resumed(const film_script *fs, const char *dir, int i, const rows *full)
{
    /* the direction in force at action i (speed, view, camera) opens the tail; a camera
       move there is where it settled (a move replayed before the start frame would still
       be running at a `view side` after it, which refuses a move it would hide) */
    film_script tail = *fs;
    tail.actions = calloc((size_t)fs->action_count + 1, sizeof *tail.actions);
    assert_non_null(tail.actions);
    tail.action_count = 0;
    for (int k = 0; k < fs->action_count; k++)
        if (k >= i || (fs->actions[k].op != OP_TITLE && leads(fs->actions[k].op))) {
            tail.actions[tail.action_count] = fs->actions[k];
            if (k < i && fs->actions[k].op == OP_CAMERA)
                tail.actions[tail.action_count].ms = 0;
            tail.action_count++;
        }
    tail.dun_line = 0;
    snprintf(tail.save_file, sizeof tail.save_file, "%s/s%03d.sav", dir, i);
    rows got = { 0 };
    play(&tail, NULL, &got);
    int line = i < fs->action_count ? fs->actions[i].line : INT_MAX;
    int j = first_after(full, line);
    if (got.count - 1 != full->count - j)
        fail_msg("%s from the save before action %d: %d rows, not %d", fs->path, i + 1,
                 got.count - 1, full->count - j);
    for (int k = 1; k < got.count; k++, j++)
        if (strcmp(got.text[k], full->text[j]))
            fail_msg("%s from the save before action %d, row %d:\n  %s  not\n  %s", fs->path,
                     i + 1, k, got.text[k], full->text[j]);
    rows_free(&got);
    free(tail.actions);
}

static void remove_saves(const char *dir, const int *at, int saves)
{
    char file[FILM_PATH_MAX + 16];
    for (int k = 0; k < saves; k++) {
        snprintf(file, sizeof file, "%s/s%03d.sav", dir, at[k]);
        unlink(file);
    }
    rmdir(dir);
}

static void test_every_film_resumes_from_every_save(void **state)
{
    (void)state;
    glob_t g;
    assert_int_equal(glob("films/scripts/*.film", 0, NULL, &g), 0);
    assert_true(g.gl_pathc >= 4);
    int tidal = 0, total = 0;
    for (size_t n = 0; n < g.gl_pathc; n++) {
        film_script fs;
        delve_err err = { "" };
        if (film_load(g.gl_pathv[n], &fs, &err))
            fail_msg("%s", err.msg);
        char dir[] = "/tmp/delve-saves-XXXXXX";
        assert_non_null(mkdtemp(dir));
        int *at = calloc((size_t)fs.action_count + 1, sizeof *at), saves = 0;
        assert_non_null(at);
        film_script saving = with_saves(&fs, at, &saves);
        rows *full = calloc(1, sizeof *full);
        assert_non_null(full);
        play(&saving, dir, full);
        assert_true(saves >= 3);
        for (int k = 0; k < saves; k++)
            check_resumed(&fs, dir, at[k], full);
        tidal += fs.gen.type == LT_SHOALS;
        total += saves;
        remove_saves(dir, at, saves);
        rows_free(full);
        free(full);
        free(at);
        free(saving.actions);
        film_free(&fs);
    }
    assert_int_equal(tidal, 1);  /* shoals-tide.film: saves after the tide moved */
    assert_true(total >= 20);
    globfree(&g);
}

/* ---- the tide's lines ---- */

/* The world of a one-floor Shoals film (seed 11, films/scripts/shoals-tide.film's). */
static void shoals_world(world *w)
{
    film_script fs;
    delve_err err = { "" };
    if (film_parse("t.film", "dungeon seed=11 floors=1 type=shoals islands=15\n", &fs, &err) ||
        director_build_world(&fs, w, &err))
        fail_msg("%s", err.msg);
    film_free(&fs);
}

/* text with its check line made anew for its edited body (malloc'ed). */
static char *rechecked(const char *text)
{
    const char *last = strstr(text, "check ");
    assert_non_null(last);
    size_t n = (size_t)(last - text);
    char *out = malloc(n + 32);
    assert_non_null(out);
    memcpy(out, text, n);
    snprintf(out + n, 32, "check %016llx\n", (unsigned long long)save_check(out, n));
    return out;
}

/* text without its lines that start with prefix, check line made anew (malloc'ed). */
static char *without_lines(const char *text, const char *prefix)
{
    char *body = malloc(strlen(text) + 1), *o = body;
    assert_non_null(body);
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = (size_t)(nl - p) + 1;
        if (strncmp(p, prefix, strlen(prefix))) {
            memcpy(o, p, len);
            o += len;
        }
        p += len;
    }
    *o = '\0';
    char *out = rechecked(body);
    free(body);
    return out;
}

/* A fresh Shoals world (shoals_world) with the save text applied; on failure w is freed. */
static delve_status load_text(const char *text, world *w, delve_err *err)
{
    save_state *st = malloc(sizeof *st);
    assert_non_null(st);
    shoals_world(w);
    delve_status s = save_parse("t.sav", text, st, err);
    if (!s)
        s = save_apply(w, st, "t.sav", err);
    if (s)
        world_free(w);
    save_state_free(st);
    free(st);
    return s;
}

/* After the tide has moved (and its last step changed squares: foam), a save restores
 * the tide whole: raw, velocity, next step, steps, changes, each floor's last tide, coin
 * stream, squares and foam; so the digests agree. */
static void test_tide_saved_whole(void **state)
{
    (void)state;
    world w, l;
    shoals_world(&w);
    world_wait(&w, 60);
    const dfloor *f = &w.dg.floors[0];
    size_t n = (size_t)f->w * (size_t)f->h, foam = 0;
    for (int tries = 0; tries < TIDE_PERIOD && !foam; tries++) {
        world_wait(&w, TIDE_ACTION_S); /* until a step changes squares */
        for (size_t i = 0; i < n; i++)
            foam += w.tide.changed[0][i];
    }
    assert_true(foam > 0 && w.tide.changes > 0);
    char *text = NULL;
    delve_err err = { "" };
    assert_int_equal(save_text(&w, "seed=11 floors=1 type=shoals", &text, &err), DELVE_OK);
    assert_non_null(strstr(text, "\ntide-row 0 0 #"));
    if (load_text(text, &l, &err))
        fail_msg("%s", err.msg);
    assert_true(world_digest(&l) == world_digest(&w));
    assert_int_equal(l.tide.raw, w.tide.raw);
    assert_int_equal(l.tide.vel, w.tide.vel);
    assert_true(l.tide.next_s == w.tide.next_s);
    assert_int_equal(l.tide.steps, w.tide.steps);
    assert_int_equal(l.tide.last_raw[0], w.tide.last_raw[0]);
    assert_true(l.tide.coin[0].state == w.tide.coin[0].state);
    assert_memory_equal(l.dg.floors[0].terrain, f->terrain, n);
    assert_memory_equal(l.tide.changed[0], w.tide.changed[0], n);
    /* the same save with CRLF line ends (an editor's) loads alike: rows and check too */
    char *crlf = malloc(2 * strlen(text) + 1), *o = crlf;
    assert_non_null(crlf);
    for (const char *c = text; *c; c++)
        o += *c == '\n' ? sprintf(o, "\r\n") : sprintf(o, "%c", *c);
    world c;
    if (load_text(crlf, &c, &err))
        fail_msg("%s", err.msg);
    assert_true(world_digest(&c) == world_digest(&w));
    assert_memory_equal(c.dg.floors[0].terrain, f->terrain, n);
    world_free(&c);
    free(crlf);
    /* and both go on alike */
    world_wait(&w, 300);
    world_wait(&l, 300);
    assert_true(world_digest(&l) == world_digest(&w));
    assert_memory_equal(l.dg.floors[0].terrain, f->terrain, n);
    world_free(&l);
    world_free(&w);
    free(text);
}

/* A save from before the tide lines: it loads while the tide has not moved (its digest
 * matches the tide world_init sets), and is refused, as it always was, once it has. */
static void test_tide_old_saves(void **state)
{
    (void)state;
    world w, l;
    shoals_world(&w);
    char *text = NULL, *old = NULL;
    delve_err err = { "" };
    assert_int_equal(save_text(&w, "seed=11 floors=1 type=shoals", &text, &err), DELVE_OK);
    old = without_lines(text, "tide");
    assert_null(strstr(old, "tide"));
    if (load_text(old, &l, &err))
        fail_msg("%s", err.msg);
    assert_true(world_digest(&l) == world_digest(&w));
    world_free(&l);
    free(old);
    free(text);
    world_wait(&w, 60);
    assert_int_equal(save_text(&w, "seed=11 floors=1 type=shoals", &text, &err), DELVE_OK);
    old = without_lines(text, "tide");
    assert_int_equal(load_text(old, &l, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "digest does not match"));
    free(old);
    free(text);
    world_free(&w);
}

static void expect_tide_error(const char *text, const char *line, const char *by,
                              const char *want)
{
    char *edited = malloc(strlen(text) + strlen(by) + 1);
    assert_non_null(edited);
    const char *at = strstr(text, line);
    assert_non_null(at);
    size_t pre = (size_t)(at - text);
    memcpy(edited, text, pre);
    strcpy(edited + pre, by);
    strcat(edited, at + strlen(line));
    char *checked = rechecked(edited);
    world l;
    delve_err err = { "" };
    delve_status s = load_text(checked, &l, &err);
    if (s == DELVE_OK)
        world_free(&l);
    assert_int_equal(s, DELVE_EINPUT);
    if (!strstr(err.msg, want))
        fail_msg("'%s' lacks '%s'", err.msg, want);
    free(checked);
    free(edited);
}

/* Tide lines that do not fit, refused whole with the world untouched. */
static void test_tide_refused(void **state)
{
    (void)state;
    world w;
    shoals_world(&w);
    world_wait(&w, 60);
    char *text = NULL;
    delve_err err = { "" };
    assert_int_equal(save_text(&w, "seed=11 floors=1 type=shoals", &text, &err), DELVE_OK);
    expect_tide_error(text, "tide-row 0 0 #", "tide-row 0 0 .",
                      "t.sav:10:14: the tide's square 0,0 of floor 1 is deep water in this dungeon: "
                      "was it saved from another dungeon?");
    expect_tide_error(text, "tide-row 0 0 #", "tide-row 0 0 x", "t.sav:");
    expect_tide_error(text, "tide-row 0 0 #", "tide-row 0 0 x", "not a tide square");
    expect_tide_error(text, "tide-row 0 1 ", "tide-row 0 2 ", "a tide-row out of place");
    /* rows of two widths: the message names both, the line is the second row's */
    const char *row0 = strstr(text, "\ntide-row 0 0 ") + 14;
    int w0 = (int)strcspn(row0, "\n");
    char want[160];
    snprintf(want, sizeof want, "a row of %d squares where row 0 of this floor has %d: a "
             "floor's rows are all as wide", w0 - 1, w0);
    expect_tide_error(text, "tide-row 0 1 ##", "tide-row 0 1 #", want);
    snprintf(want, sizeof want, "a row of %d squares where row 0 of this floor has %d", w0,
             w0 - 1);
    expect_tide_error(text, "tide-row 0 0 ##", "tide-row 0 0 #", want);
    expect_tide_error(text, "tide-floor 0 ", "tide-floor 1 ", "a tide-row out of place");
    char *untided = without_lines(text, "tide ");
    world l;
    assert_int_equal(load_text(untided, &l, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "tide-floor lines without a tide line"));
    free(untided);
    expect_tide_error(text, "tide ", "tide 99 ", "number out of range");
    /* and the world stays as it was when the digest does not match */
    shoals_world(&l);
    uint64_t before = world_digest(&l);
    int raw = l.tide.raw;
    save_state *st = malloc(sizeof *st);
    assert_non_null(st);
    assert_int_equal(save_parse("t.sav", text, st, &err), DELVE_OK);
    st->digest ^= 1;
    assert_int_equal(save_apply(&l, st, "t.sav", &err), DELVE_EINPUT);
    assert_true(world_digest(&l) == before);
    assert_int_equal(l.tide.raw, raw);
    save_state_free(st);
    free(st);
    world_free(&l);
    free(text);
    world_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_film_resumes_from_every_save),
        cmocka_unit_test(test_tide_saved_whole),
        cmocka_unit_test(test_tide_old_saves),
        cmocka_unit_test(test_tide_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
