/* director: a film script played on the world, one shot at a time. */
#include "films/director.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fsio.h"
#include "engine/lex.h"
#include "engine/save.h"
#include "films/source.h"
#include "gen/family.h"
#include "gen/gen.h"
#include "gen/stored.h"

typedef struct dir_state {
    const film_script *fs;
    world *w;
    shot_fn fn;
    void *ctx;
    int frame_no;
    int line;                   /* of the action being played */
    int seen_events;            /* events of w->log already shot */
    char pending[FILM_TEXT_MAX];/* caption directive for the next shot */
    char current[FILM_TEXT_MAX];/* what the party is doing, for plain frames */
    const char *save_dir;       /* where `save FILE` writes; NULL: rehearsal, write nothing */
    char source[SAVE_SOURCE_MAX]; /* the dungeon's source line, for saves */
    shot s;
} dir_state;

/* The dungeon fs describes (a seed's, or a .dun file's that passes `delve check`:
 * family_load_dun), stacked. */
static delve_status build_dungeon(const film_script *fs, dungeon *d, delve_err *err)
{
    if (fs->dun_file[0]) {
        delve_err e;
        delve_status st = family_load_dun(fs->dun_file, d, &e);
        if (st && !fs->dun_line) /* named on the command line, not in a script */
            return delve_fail(err, st, "%s", e.msg);
        if (st)
            return delve_fail_at(err, st, fs->path, fs->dun_line, fs->dun_col,
                                 "dungeon file: %s", e.msg);
        return DELVE_OK;
    }
    gen_opts o = fs->gen;
    stored_rooms *stored = NULL;
    delve_status st = stored_attach(&o, &stored, err);
    if (!st)
        st = fs->gen_with ? fs->gen_with(fs->gen_ctx, &o, d, err) : gen_dungeon(&o, d, err);
    stored_free(stored);
    return st;
}

/* Reads and parses the saved game at path into *st (malloc'ed; free_save it). */
static delve_status read_save(const char *file, save_state **st, delve_err *err)
{
    char *text = NULL;
    *st = calloc(1, sizeof **st);
    if (!*st)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for a save");
    delve_status s = lex_read_file(file, SAVE_MAX_BYTES, "save", &text, err);
    if (!s)
        s = save_parse(file, text, *st, err);
    free(text);
    return s;
}

static void free_save(save_state *st)
{
    if (st)
        save_state_free(st);
    free(st);
}

delve_status director_load_save(const film_script *fs, const char *file, world *w,
                                film_script *used, delve_err *err)
{
    save_state *st = NULL;
    film_script src = *fs;
    dungeon d;
    delve_status s = read_save(file, &st, err);
    if (!s)
        s = source_parse(st->source, file, 2, &src, err);
    src.dun_line = 0; /* a .dun file's fault is said at the save's source line */
    delve_err e;
    if (!s && (s = build_dungeon(&src, &d, &e)) != DELVE_OK)
        s = src.dun_file[0] ? delve_fail_at(err, s, file, 2, 1, "source: %s", e.msg)
                            : delve_fail(err, s, "%s", e.msg);
    if (!s && (s = world_init(w, &d, &st->party, err)) != DELVE_OK)
        dungeon_free(&d);
    if (!s && (s = save_apply(w, st, file, err)) != DELVE_OK)
        world_free(w);
    if (!s && used)
        *used = src;
    free_save(st);
    return s;
}

delve_status director_build_world(const film_script *fs, world *w, delve_err *err)
{
    if (fs->save_file[0]) {
        delve_err e;
        delve_status st = director_load_save(fs, fs->save_file, w, NULL, &e);
        if (st && !fs->dun_line)
            return delve_fail(err, st, "%s", e.msg);
        return st ? delve_fail_at(err, st, fs->path, fs->dun_line, fs->dun_col,
                                  "dungeon save: %s", e.msg) : DELVE_OK;
    }
    dungeon d;
    delve_status st = build_dungeon(fs, &d, err);
    if (st)
        return st;
    st = world_init(w, &d, &fs->party, err);
    if (st)
        dungeon_free(&d);
    return st;
}

delve_status director_source(const film_script *fs, char *buf, size_t cap, delve_err *err)
{
    if (!fs->save_file[0])
        return source_text(fs, buf, cap, err);
    save_state *st = NULL;
    delve_status s = read_save(fs->save_file, &st, err);
    if (!s)
        snprintf(buf, cap, "%s", st->source);
    free_save(st);
    return s;
}

static void remember(dir_state *ds, const char *line)
{
    shot *s = &ds->s;
    if (s->recent_count == DIRECTOR_RECENT) {
        memmove(s->recent[0], s->recent[1], sizeof s->recent[0] * (DIRECTOR_RECENT - 1));
        s->recent_count--;
    }
    snprintf(s->recent[s->recent_count++], sizeof s->recent[0], "%s", line);
}

/* "{tide}" in a caption becomes the tide now ("+12 rising"), so a plain caption line
 * follows the tide frame by frame (spec/shoals.md, films/README.md). */
static void expand_tide(const world *w, char *cap, size_t size)
{
    char *at = strstr(cap, "{tide}"), tt[32], out[FILM_TEXT_MAX];
    if (!at)
        return;
    tide_text(w->tide.raw, w->tide.vel, tt, sizeof tt);
    snprintf(out, sizeof out, "%.*s%s%s", (int)(at - cap), cap, tt, at + 6);
    snprintf(cap, size, "%s", out);
}

static delve_status take(dir_state *ds, event_kind kind, const char *caption,
                         delve_err *err)
{
    shot *s = &ds->s;
    s->frame_no = ++ds->frame_no;
    s->line = ds->line;
    s->kind = kind;
    if (kind == EV_LAND)
        s->since_land = 1;
    else if (s->since_land > 0)
        s->since_land++;
    if (ds->pending[0]) {
        snprintf(s->caption, sizeof s->caption, "%s", ds->pending);
        snprintf(ds->current, sizeof ds->current, "%s", ds->pending);
        ds->pending[0] = '\0';
    } else {
        snprintf(s->caption, sizeof s->caption, "%s", caption ? caption : ds->current);
    }
    expand_tide(ds->w, s->caption, sizeof s->caption);
    return ds->fn(ds->ctx, ds->w, s, err);
}

/* One shot per event logged since the last call. */
static delve_status shoot_events(dir_state *ds, delve_err *err)
{
    delve_status st = DELVE_OK;
    while (!st && ds->seen_events < ds->w->log.count) {
        const event *e = &ds->w->log.ev[ds->seen_events++];
        remember(ds, e->text);
        st = take(ds, e->kind, e->text, err);
    }
    return st;
}

static delve_status script_fail(dir_state *ds, const film_action *a, const char *why,
                                delve_err *err)
{
    return delve_fail_at(err, DELVE_EINPUT, ds->fs->path, a->line, 1, "%s", why);
}

/* The nearest way on the party's floor leading to floor `to`, by walking distance. */
static int nearest_way(const world *w, int to, path_step *end)
{
    const dfloor *f = &w->dg.floors[w->floor];
    int best = -1, best_d = -1;
    for (int i = 0; i < f->way_count; i++) {
        if (f->ways[i].to_floor != to)
            continue;
        path p;
        path_step from = { w->floor, world_sx(w), world_sy(w) };
        path_step at = { w->floor, f->ways[i].x, f->ways[i].y };
        if (path_find(&w->dg, from, at, PATH_NO_WAYS, &p, NULL) != DELVE_OK)
            continue;
        if (best < 0 || p.count < best_d) {
            best = i;
            best_d = p.count;
        }
        path_free(&p);
    }
    if (best >= 0)
        *end = (path_step){ f->ways[best].to_floor, f->ways[best].to_x, f->ways[best].to_y };
    return best;
}

/* Where a walk action goes, or a message saying why it cannot. */
static const char *walk_goal(const world *w, const film_action *a, path_step *to,
                             char *why, size_t cap)
{
    const dfloor *f = &w->dg.floors[w->floor];
    int i;
    switch (a->to) {
    case TO_PIT:
        if ((i = world_nearest_pit(w)) < 0)
            break;
        *to = (path_step){ w->floor, f->pits[i].x, f->pits[i].y };
        return "Walking to the pit";
    case TO_STATION:
        if ((i = world_nearest_station(w)) < 0)
            break;
        *to = (path_step){ w->floor, f->stations[i].x, f->stations[i].y };
        return "Walking to the rest station";
    case TO_WAY_DOWN:
    case TO_WAY_UP:
        if (nearest_way(w, w->floor + (a->to == TO_WAY_DOWN ? 1 : -1), to) < 0)
            break;
        return a->to == TO_WAY_DOWN ? "Taking a way down" : "Taking a way up";
    case TO_GOAL:
        *to = (path_step){ w->floor, f->goal_x, f->goal_y };
        return "Walking to the goal";
    default:
        *to = (path_step){ a->floor < 0 ? w->floor : a->floor, a->x, a->y };
        return "Walking";
    }
    static const char *const WHAT[] = { "pit", "rest station", "way down", "way up" };
    snprintf(why, cap, "walk: no %s reachable on floor %d", WHAT[a->to], w->floor + 1);
    return NULL;
}

static delve_status do_walk(dir_state *ds, const film_action *a, delve_err *err)
{
    world *w = ds->w;
    path_step to;
    char why[160];
    const char *doing = walk_goal(w, a, &to, why, sizeof why);
    if (!doing)
        return script_fail(ds, a, why, err);
    delve_err e;
    if (to.floor >= w->dg.floor_count) {
        snprintf(why, sizeof why, "walk: floor %d does not exist (the dungeon has %d)",
                 to.floor + 1, w->dg.floor_count);
        return script_fail(ds, a, why, err);
    }
    if (world_walk_to(w, to.floor, to.x, to.y, &e))
        return script_fail(ds, a, e.msg, err);
    if (!ds->pending[0])
        snprintf(ds->current, sizeof ds->current, "%s", doing);
    delve_status st = DELVE_OK;
    for (long sub = 1; !st && w->phase != PHASE_IDLE; sub++) {
        if (sub > DIRECTOR_MAX_SUBSTEPS)
            return script_fail(ds, a, "walk: too long", err);
        int tube = world_tick(w) == PHASE_TUBE;
        int before = ds->seen_events;
        st = shoot_events(ds, err);
        if (!st && before == ds->seen_events && tube)
            st = take(ds, EV_FALL, "Falling through the tube", err);
        else if (!st && before == ds->seen_events && sub % ds->fs->record_every == 0)
            st = take(ds, EV_STEP, NULL, err);
    }
    return st;
}

/* save FILE: the world now, as a saved game, atomically under save_dir (rehearsal:
 * the text is made, so a save that cannot be made fails before recording). */
static delve_status do_save(dir_state *ds, const film_action *a, delve_err *err)
{
    delve_err e;
    char *text = NULL;
    if (!ds->source[0] && director_source(ds->fs, ds->source, sizeof ds->source, &e))
        return script_fail(ds, a, e.msg, err);
    if (save_text(ds->w, ds->source, &text, &e))
        return script_fail(ds, a, e.msg, err);
    delve_status st = DELVE_OK;
    if (ds->save_dir) {
        char file[FILM_PATH_MAX * 2];
        snprintf(file, sizeof file, "%s/%s", ds->save_dir, a->text);
        char *slash = strrchr(file, '/');
        *slash = '\0';
        st = fsio_mkdirs(file, &e);
        *slash = '/';
        if (!st)
            st = fsio_write_atomic(file, text, strlen(text), &e);
        if (st)
            st = script_fail(ds, a, e.msg, err);
    }
    free(text);
    return st;
}

static delve_status do_action(dir_state *ds, const film_action *a, delve_err *err)
{
    delve_err e;
    switch (a->op) {
    case OP_WALK:
        return do_walk(ds, a, err);
    case OP_USE:
        if (world_use_station(ds->w, &e))
            return script_fail(ds, a, "use station: no rest station within reach", err);
        return shoot_events(ds, err);
    case OP_WAIT:
        for (int64_t left = a->seconds; left > 0; left -= DIRECTOR_WAIT_CHUNK_S) {
            world_wait(ds->w, left < DIRECTOR_WAIT_CHUNK_S ? left : DIRECTOR_WAIT_CHUNK_S);
            delve_status st = shoot_events(ds, err);
            if (st)
                return st;
        }
        return DELVE_OK;
    case OP_CAPTION:
        snprintf(ds->pending, sizeof ds->pending, "%s", a->text);
        return DELVE_OK;
    case OP_SAVE:
        return do_save(ds, a, err);
    default:
        return DELVE_OK;
    }
}

delve_status director_play(const film_script *fs, world *w, shot_fn fn, void *ctx,
                           delve_err *err)
{
    return director_play_saving(fs, w, fn, ctx, NULL, err);
}

delve_status director_play_saving(const film_script *fs, world *w, shot_fn fn, void *ctx,
                                  const char *save_dir, delve_err *err)
{
    dir_state ds = { .fs = fs, .w = w, .fn = fn, .ctx = ctx, .save_dir = save_dir };
    snprintf(ds.current, sizeof ds.current, "%s", fs->title);
    delve_status st = shoot_events(&ds, err);
    for (int i = 0; !st && i < fs->action_count; i++) {
        ds.line = fs->actions[i].line;
        st = do_action(&ds, &fs->actions[i], err);
        if (!st && w->log_full)
            st = DELVE_ELIMIT;
        if (st == DELVE_ELIMIT)
            st = delve_fail_at(err, DELVE_EINPUT, fs->path, ds.line, 1,
                               "the film passes its limit of %d events here", EVENT_LOG_MAX);
    }
    if (st)
        return st;
    ds.line = 0;
    event e = { .kind = EV_END, .time_s = w->clock_s, .floor = w->floor,
                .x = world_sx(w), .y = world_sy(w), .member = -1 };
    snprintf(e.text, sizeof e.text, "The end: %d of %d standing",
             party_alive_count(&w->party), w->party.count);
    if (event_log_push(&w->log, &e))
        return delve_fail(err, DELVE_ELIMIT, "too many events");
    return shoot_events(&ds, err);
}
