/* director: a film script played on the world, one shot at a time. */
#include "films/director.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fsio.h"
#include "base/lex.h"
#include "engine/dun.h"
#include "engine/save.h"
#include "films/source.h"
#include "gen/external.h"
#include "gen/family.h"
#include "gen/gen.h"
#include "gen/stored.h"
#include "render/frame.h"

typedef struct dir_state {
    const film_script *fs;
    world *w;
    shot_fn fn;
    void *ctx;
    int frame_no;
    int line;                   /* of the action being played */
    int seen_events;            /* events of w->log already shot */
    char pending[FILM_TEXT_MAX];/* caption directive for the next shot */
    int pending_line;           /* its line */
    int lost_line, lost_by;     /* the first caption replaced before a shot showed it, and
                                   the line of the one that replaced it; else 0 */
    char current[FILM_TEXT_MAX];/* what the party is doing, for plain frames */
    const char *save_dir;       /* where `save FILE` writes; NULL: rehearsal, write nothing */
    char source[SAVE_SOURCE_MAX]; /* the dungeon's source line, for saves */
    camera cam;
    int speed;                  /* speed xN: a walking frame every record_every * N */
    int cam_line;               /* the line of the last camera directive */
    int cut_left;               /* a move's frames left when a fall began, for its first
                                   frame (shot.cam_cut_left) */
    int side, side_row;         /* view side [row=Y] (side_row -1: the party's row) */
    int side_col;               /* view side col=X: X, else -1 */
    int view_changed;           /* a view directive since the last shot */
    int slow;                   /* the next shot repeats a tube tick (slow motion) */
    int falling;                /* between the plates and the landing's events */
    int plates_hp[PARTY_MAX];   /* health when the plates gave way */
    const film_action *next;    /* the action after the one being played, or NULL */
    char fall_text[FILM_TEXT_MAX]; /* the fall event's words, and the tube frames that */
    int fall_left;                 /* still show them: the slow motion is the fall's hold */
    shot s;
} dir_state;

/* The dungeon fs describes (a seed's, or a .dun file's that passes `delve check`:
 * family_load_dun, or any readable one with dun_unchecked), stacked. */
/* The dungeon of fs->generator for fs->gen's seed and floors, refused with its first
 * check error as a .dun file is (gen/family.h); a fault at the script's generator=.
 * What the generator writes to stderr on success is not shown: a film prints nothing. */
static delve_status generated_dungeon(const film_script *fs, dungeon *d, delve_err *err)
{
    external_gen g = { .command = fs->generator, .floors = fs->gen.floors,
                       .shell = fs->generator_shell, .timeout_s = fs->generator_timeout_s };
    delve_err e = { "" }, warn;
    if (fs->no_programs)
        return delve_fail(err, DELVE_EINPUT, "dungeon generator: not run here");
    check_list l = { 0 };
    char who[160];
    external_name(fs->generator, who, sizeof who);
    snprintf(who + strlen(who), sizeof who - strlen(who), " seed %llu",
             (unsigned long long)fs->gen.seed);
    delve_status st = external_dungeon(&g, fs->gen.seed, d, &warn, &e);
    if (!st && !(st = family_check_dungeon(d, &l, &e)) && l.errors)
        st = family_refuse_first(who, &l, &e);
    check_list_free(&l);
    if (st && d->floors)
        dungeon_free(d);
    if (st && !fs->dun_line)
        return delve_fail(err, st, "%s", e.msg);
    if (st)
        return delve_fail_at(err, st, fs->path, fs->dun_line, fs->dun_col, "dungeon "
                             "generator: %s", e.msg);
    return DELVE_OK;
}

static delve_status build_dungeon(const film_script *fs, dungeon *d, delve_err *err)
{
    if (fs->dun_file[0]) {
        delve_err e;
        delve_status st = fs->dun_unchecked ? dun_load(fs->dun_file, d, &e)
                                            : family_load_dun(fs->dun_file, d, &e);
        if (st && !fs->dun_line) /* named on the command line, not in a script */
            return delve_fail(err, st, "%s", e.msg);
        if (st)
            return delve_fail_at(err, st, fs->path, fs->dun_line, fs->dun_col,
                                 "dungeon file: %s", e.msg);
        return DELVE_OK;
    }
    if (fs->generator[0])
        return generated_dungeon(fs, d, err);
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
        s = delve_fail_at(err, s, file, 2, 1, "source: %s", e.msg); /* rooms=DIR's too */
    if (!s && (s = world_init(w, &d, &st->party, err)) != DELVE_OK)
        dungeon_free(&d);
    if (!s && (s = save_apply(w, st, file, err)) != DELVE_OK)
        world_free(w);
    if (!s && used)
        *used = src;
    free_save(st);
    return s;
}

/* dungeon start=FLOOR[,X,Y]: the party to the middle of that floor's entrance or
 * square, which must be one a party can stand on (not a pit's plates). */
static delve_status place_start(const film_script *fs, world *w, delve_err *err)
{
    if (fs->start_floor < 0)
        return DELVE_OK;
    int f = fs->start_floor;
    if (f >= w->dg.floor_count)
        return delve_fail_at(err, DELVE_EINPUT, fs->path, fs->start_line, fs->start_col,
                             "start: floor %d does not exist (the dungeon has %d)", f + 1,
                             w->dg.floor_count);
    const dfloor *fl = &w->dg.floors[f];
    int x = fs->start_x < 0 ? fl->entrance_x : fs->start_x;
    int y = fs->start_y < 0 ? fl->entrance_y : fs->start_y;
    int on_pit = 0;
    for (int i = 0; i < fl->pit_count; i++)
        on_pit |= fl->pits[i].x == x && fl->pits[i].y == y;
    if (!floor_walkable(fl, x, y) || on_pit)
        return delve_fail_at(err, DELVE_EINPUT, fs->path, fs->start_line, fs->start_col,
                             "start: the party cannot stand on %d,%d of floor %d (%s)", x, y,
                             f + 1, on_pit ? "a pit" : "not a walkable square");
    w->floor = f;
    w->x_cm = x * FLOOR_SQUARE_CM + FLOOR_SQUARE_CM / 2;
    w->y_cm = y * FLOOR_SQUARE_CM + FLOOR_SQUARE_CM / 2;
    return DELVE_OK;
}

delve_status director_build_world(const film_script *fs, world *w, delve_err *err)
{
    delve_status st;
    if (fs->save_file[0]) {
        delve_err e;
        st = director_load_save(fs, fs->save_file, w, NULL, &e);
        if (st && !fs->dun_line)
            return delve_fail(err, st, "%s", e.msg);
        if (st)
            return delve_fail_at(err, st, fs->path, fs->dun_line, fs->dun_col,
                                 "dungeon save: %s", e.msg);
    } else {
        dungeon d;
        st = build_dungeon(fs, &d, err);
        if (st)
            return st;
        st = world_init(w, &d, &fs->party, err);
        if (st) {
            dungeon_free(&d);
            return st;
        }
    }
    st = place_start(fs, w, err);
    if (st)
        world_free(w);
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

/* The cut row for the side view: the party's row on floor 1's grid, within floor 1. */
static int side_row_of(const world *w, int floor, int y)
{
    int r = y + w->dg.floors[floor].oy - w->dg.floors[0].oy;
    return r < 0 ? 0 : r >= w->dg.floors[0].h ? w->dg.floors[0].h - 1 : r;
}

/* The shot's camera for the next frame: one step of a move, or (step 0: a title or end
 * card, which hides the map) none, so a move is not spent where it cannot be seen. */
static void frame_camera(dir_state *ds, int step)
{
    shot *s = &ds->s;
    if (step)
        s->cam = cam_frame(&ds->cam, ds->w);
    s->cam_cut_left = ds->cut_left;
    s->cam_cut_line = ds->cut_left ? ds->cam_line : 0;
    ds->cut_left = 0;
    s->cam_free = ds->cam.moved;
    s->cam_follow = cam_follows(&ds->cam);
    s->cam_left = ds->cam.steps - ds->cam.step;
    s->cam_line = ds->cam_line;
    s->fps = ds->fs->fps;
    s->caption_lost = ds->lost_line;
    s->caption_lost_by = ds->lost_by;
}

/* The side view and the fall of a shot of play: falls are seen from the side (fall
 * side=on) with the depth reached, the landing with each member's damage. */
static void direct(dir_state *ds, event_kind kind)
{
    shot *s = &ds->s;
    const world *w = ds->w;
    s->falling = ds->falling;
    s->landed = ds->falling && kind != EV_FALL;
    if (kind == EV_PLATES) {
        const pit *p = &w->dg.floors[w->pit_floor].pits[w->pit_index];
        s->fall_floor = w->pit_floor;
        s->fall_x = p->x;
        s->fall_y = p->y;
        s->fall_cm = w->fall_cm;
        s->fallen_cm = 0;
        for (int i = 0; i < w->party.count; i++)
            ds->plates_hp[i] = w->party.m[i].health;
    }
    for (int i = 0; s->landed && i < w->party.count; i++)
        s->damage[i] = ds->plates_hp[i] - w->party.m[i].health;
    if (s->landed)
        s->fallen_cm = s->fall_cm;
    s->side = ds->side || (ds->falling && ds->fs->fall_side);
    if (ds->falling)
        s->side_row = side_row_of(w, s->fall_floor, s->fall_y);
    else
        s->side_row = ds->side_row >= 0 ? ds->side_row : side_row_of(w, w->floor, world_sy(w));
    s->side_by_col = !ds->falling && ds->side_col >= 0;
    s->side_col = ds->side_col;
}

int director_holds(event_kind k)
{
    return k == EV_PLATES || k == EV_FALL || k == EV_LAND || k == EV_HEAL || k == EV_DRY ||
           k == EV_BURN || k == EV_DEATH || k == EV_FLOOR;
}

int director_hold_frames(const film_script *fs)
{
    return film_frames_of(fs->event_hold_ms, fs->fps);
}

/* Would the next action, a `hold`, show this event's frame itself? Only when nothing
 * else comes first: no event still to shoot, no walk going on. */
static int next_holds(const dir_state *ds)
{
    return ds->next && ds->next->op == OP_HOLD && ds->seen_events == ds->w->log.count &&
           ds->w->phase == PHASE_IDLE;
}

/* The event frame just shot again, the clock standing, until it has been on screen
 * director_hold_frames (less what a `hold` right after it shows): heal and dry come on
 * one game second, and one frame of each is 83 ms at 12 fps, too short to read and
 * dropped by film.gif's sampling. The frames are holds (CARD_HOLD) held for kind. */
static delve_status hold_event(dir_state *ds, event_kind kind, delve_err *err)
{
    shot *s = &ds->s;
    int n = director_hold_frames(ds->fs) - 1;
    if (n > 0 && next_holds(ds))
        n -= film_frames_of(ds->next->ms, ds->fs->fps);
    delve_status st = DELVE_OK;
    for (int i = 0; i < n && !st; i++) {
        s->frame_no = ++ds->frame_no;
        s->card = CARD_HOLD;
        s->held = kind;
        s->kind = EV_STEP;
        s->slow = 0;
        if (s->since_land > 0)
            s->since_land++;
        frame_camera(ds, 1);
        st = ds->fn(ds->ctx, ds->w, s, err);
    }
    return st;
}

static delve_status take(dir_state *ds, event_kind kind, const char *caption,
                         delve_err *err)
{
    shot *s = &ds->s;
    s->frame_no = ++ds->frame_no;
    s->line = ds->line;
    s->kind = kind;
    s->card = CARD_NONE;
    s->held = EV_STEP;
    s->card_first = 0;
    s->slow = ds->slow;
    ds->slow = 0;
    ds->view_changed = 0;
    direct(ds, kind);
    frame_camera(ds, 1);
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
    delve_status st = ds->fn(ds->ctx, ds->w, s, err);
    if (!st && director_holds(kind) && kind != EV_FALL) /* the tube's frames hold a fall */
        st = hold_event(ds, kind, err);
    if (kind == EV_PLATES) {
        ds->falling = 1; /* the plates' frame is seen from above, the drop from the side */
        /* a move still going ends here: its frames would play hidden behind the fall's
           side view (and a hold after the landing holds that view), so it is said and
           settled; the first frame from above after the landing shows where it went */
        ds->cut_left = ds->cam.steps - ds->cam.step;
        ds->cam.step = ds->cam.steps;
    }
    return st;
}

/* n frames that are not play: the last frame held (CARD_HOLD) or a card with text
 * (CARD_TITLE), the camera still moving. */
static delve_status cards(dir_state *ds, shot_card card, const char *text, int n,
                          delve_err *err)
{
    shot *s = &ds->s;
    delve_status st = DELVE_OK;
    for (int i = 0; i < n && !st; i++) {
        s->frame_no = ++ds->frame_no;
        s->line = ds->line;
        s->card = card;
        s->held = EV_STEP;
        s->card_first = card == CARD_TITLE && i == 0;
        s->kind = EV_STEP;
        s->slow = 0;
        if (card == CARD_HOLD && ds->pending[0]) { /* a caption before a hold is its */
            snprintf(s->caption, sizeof s->caption, "%s", ds->pending);
            snprintf(ds->current, sizeof ds->current, "%s", ds->pending);
            ds->pending[0] = '\0';
            expand_tide(ds->w, s->caption, sizeof s->caption);
        }
        if (card == CARD_TITLE) {
            snprintf(s->card_text, sizeof s->card_text, "%s", text);
            snprintf(s->caption, sizeof s->caption, "%s", text);
        }
        if (s->since_land > 0)
            s->since_land++;
        if (ds->view_changed) { /* view side or top, then hold: the hold in that view */
            s->landed = 0;      /* the landing's damage was its frame's, not this view's */
            s->falling = 0;
            s->side = ds->side;
            s->side_row = ds->side_row >= 0 ? ds->side_row
                                            : side_row_of(ds->w, ds->w->floor, world_sy(ds->w));
            s->side_by_col = ds->side_col >= 0;
            s->side_col = ds->side_col;
        }
        frame_camera(ds, card != CARD_TITLE);
        st = ds->fn(ds->ctx, ds->w, s, err);
    }
    return st;
}

int director_fall_frames(const film_script *fs)
{
    int n = film_frames_of(fs->fall_ms, fs->fps);
    return n < TUBE_TICKS - 1 ? TUBE_TICKS - 1 : n;
}

int director_fallen_cm(int fall_cm, int j, int n)
{
    return (int)((int64_t)fall_cm * (j + 1) * (j + 1) / ((int64_t)(n + 1) * (n + 1)));
}

/* One shot per event logged since the last call. */
static delve_status shoot_events(dir_state *ds, delve_err *err)
{
    delve_status st = DELVE_OK;
    while (!st && ds->seen_events < ds->w->log.count) {
        const event *e = &ds->w->log.ev[ds->seen_events++];
        remember(ds, e->text);
        if (e->kind == EV_FALL) {
            snprintf(ds->fall_text, sizeof ds->fall_text, "%s", e->text);
            ds->fall_left = director_hold_frames(ds->fs) - 1;
        }
        st = take(ds, e->kind, e->text, err);
    }
    return st;
}

/* The frames of tube tick k (1..TUBE_TICKS - 1): its share of the fall's frames, each
 * with the depth free fall has reached (spec/side-view.md: slow motion repeats frames,
 * the clock stays the rules'). The tick's events (the first tick's `fall`) are its
 * first frames. */
static delve_status tube_frames(dir_state *ds, int k, delve_err *err)
{
    int n = director_fall_frames(ds->fs), ticks = TUBE_TICKS - 1;
    int j = (k - 1) * n / ticks, end = k * n / ticks, before = ds->seen_events;
    ds->s.fallen_cm = director_fallen_cm(ds->s.fall_cm, j, n);
    delve_status st = shoot_events(ds, err);
    int first = j;
    for (j += ds->seen_events - before; j < end && !st; j++) {
        ds->s.fallen_cm = director_fallen_cm(ds->s.fall_cm, j, n);
        ds->slow = j > first;
        st = take(ds, EV_FALL, ds->fall_left-- > 0 ? ds->fall_text : "Falling through the tube",
                  err);
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
    int col = a->to == TO_SQUARE ? a->col : 1; /* a square's errors at its column */
    if (to.floor >= w->dg.floor_count)
        return delve_fail_at(err, DELVE_EINPUT, ds->fs->path, a->line, col,
                             "walk: floor %d does not exist (the dungeon has %d)",
                             to.floor + 1, w->dg.floor_count);
    const dfloor *tf = &w->dg.floors[to.floor];
    if (to.x >= tf->w || to.y >= tf->h)
        return delve_fail_at(err, DELVE_EINPUT, ds->fs->path, a->line, col,
                             "walk: square %d,%d is off floor %d (x 0..%d, y 0..%d)", to.x,
                             to.y, to.floor + 1, tf->w - 1, tf->h - 1);
    if (world_walk_to(w, to.floor, to.x, to.y, &e))
        return delve_fail_at(err, DELVE_EINPUT, ds->fs->path, a->line, col, "%s", e.msg);
    if (!ds->pending[0])
        snprintf(ds->current, sizeof ds->current, "%s", doing);
    delve_status st = DELVE_OK;
    for (long sub = 1; !st && w->phase != PHASE_IDLE; sub++) {
        if (sub > DIRECTOR_MAX_SUBSTEPS)
            return script_fail(ds, a, "walk: too long", err);
        int tube = world_tick(w) == PHASE_TUBE;
        if (tube && w->tube_tick >= 1) {
            st = tube_frames(ds, w->tube_tick, err);
            continue;
        }
        int before = ds->seen_events;
        st = shoot_events(ds, err);
        if (!st && before == ds->seen_events &&
                 sub % ((long)ds->fs->record_every * ds->speed) == 0)
            st = take(ds, EV_STEP, NULL, err);
        if (!tube)
            ds->falling = 0;
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

/* view side [row=Y|col=X] or view top, for the shots after it. The cut is a row or a
 * column of floor 1 (an error at its value when off it); the side view hides the map, so
 * a camera move with frames left is an error naming the hold that lets it end. */
static delve_status do_view(dir_state *ds, const film_action *a, delve_err *err)
{
    const dfloor *f0 = &ds->w->dg.floors[0];
    if (a->n && a->y >= f0->h)
        return delve_fail_at(err, DELVE_EINPUT, ds->fs->path, a->line, a->col,
                             "view side: row %d is off floor 1 (rows 0..%d)", a->y, f0->h - 1);
    if (a->n && a->x >= f0->w)
        return delve_fail_at(err, DELVE_EINPUT, ds->fs->path, a->line, a->col,
                             "view side: column %d is off floor 1 (columns 0..%d)", a->x,
                             f0->w - 1);
    if (a->n && ds->cam.step < ds->cam.steps) {
        int left = ds->cam.steps - ds->cam.step;
        char why[160], hold[32];
        snprintf(why, sizeof why, "view side: the camera move of line %d has %d frames left, "
                 "which the side view would hide; hold for them first (hold %s)",
                 ds->cam_line, left, film_frames_text(left, ds->fs->fps, hold, sizeof hold));
        return script_fail(ds, a, why, err);
    }
    ds->side = a->n;
    ds->side_row = a->y;
    ds->side_col = a->n ? a->x : -1;
    ds->view_changed = 1;
    return DELVE_OK;
}

/* Would a hold now play a camera move's frames in the side view? Only a fall's can be
 * on screen with a move going ('camera' and 'view side' refuse one another), and a hold
 * after a landing keeps it until 'view top' or the next walk. */
static int hold_hides_move(const dir_state *ds)
{
    return ds->cam.step < ds->cam.steps && (ds->view_changed ? ds->side : ds->s.side);
}

/* camera at X,Y off the party's floor: an error at the square's column naming the
 * floor's size (never clamped to its edge). */
static delve_status camera_off_floor(const dir_state *ds, const film_action *a, delve_err *err)
{
    const dfloor *f = &ds->w->dg.floors[ds->w->floor];
    return delve_fail_at(err, DELVE_EINPUT, ds->fs->path, a->line, a->col,
                         "camera at %d,%d is off floor %d, which is %d x %d squares (X 0..%d, "
                         "Y 0..%d)", a->x, a->y, ds->w->floor + 1, f->w, f->h, f->w - 1,
                         f->h - 1);
}

static delve_status do_action(dir_state *ds, const film_action *a, delve_err *err)
{
    delve_err e;
    if ((a->op == OP_WALK || a->op == OP_USE) && party_alive_count(&ds->w->party) == 0)
        return script_fail(ds, a, a->op == OP_WALK ? "walk: the whole party is dead; end the "
                                                     "film before this line"
                                                   : "use station: the whole party is dead; "
                                                     "end the film before this line", err);
    switch (a->op) {
    case OP_WALK:
        return do_walk(ds, a, err);
    case OP_USE:
        if (world_use_station(ds->w, &e))
            return script_fail(ds, a, "use station: no rest station within reach", err);
        return shoot_events(ds, err);
    case OP_WAIT:
        for (int64_t left = a->seconds; left > 0; left -= DIRECTOR_WAIT_CHUNK_S) {
            int64_t part = left < DIRECTOR_WAIT_CHUNK_S ? left : DIRECTOR_WAIT_CHUNK_S;
            world_wait_part(ds->w, part, a->seconds - left + part, a->seconds);
            delve_status st = shoot_events(ds, err);
            if (st)
                return st;
        }
        return DELVE_OK;
    case OP_CAPTION:
        if (!ds->w->tide.on && strstr(a->text, "{tide}")) /* else "+0 rising" for ever */
            return delve_fail_at(err, DELVE_EINPUT, ds->fs->path, a->line, 1,
                                 "caption: {tide} needs a dungeon with a tide (a Shoals "
                                 "floor); this one has none");
        if (ds->pending[0] && !ds->lost_line) { /* no shot took the one before */
            ds->lost_line = ds->pending_line;
            ds->lost_by = a->line;
        }
        snprintf(ds->pending, sizeof ds->pending, "%s", a->text);
        ds->pending_line = a->line;
        return DELVE_OK;
    case OP_SAVE:
        return do_save(ds, a, err);
    case OP_VIEW:
        return do_view(ds, a, err);
    case OP_SPEED:
        ds->speed = a->n;
        return DELVE_OK;
    case OP_CAMERA:
        if (ds->side) /* its move would play unseen, and a warning would say it is cut */
            return script_fail(ds, a, "camera: the side view has no camera (it keeps the "
                               "party in the middle of its cut); put the move after "
                               "'view top'", err);
        if (a->aim == AIM_AT && !floor_in(&ds->w->dg.floors[ds->w->floor], a->x, a->y))
            return camera_off_floor(ds, a, err);
        cam_move(&ds->cam, a, ds->w, film_frames_of(a->ms, ds->fs->fps));
        ds->cam_line = a->line;
        return DELVE_OK;
    case OP_HOLD:
        if (hold_hides_move(ds)) {
            char why[240];
            snprintf(why, sizeof why, "hold: the camera move of line %d would play hidden "
                     "behind the fall's side view, which a hold after the landing keeps; put "
                     "'view top' before the hold to watch the move from above", ds->cam_line);
            return script_fail(ds, a, why, err);
        }
        return cards(ds, CARD_HOLD, NULL, film_frames_of(a->ms, ds->fs->fps), err);
    case OP_TITLE:
        return cards(ds, CARD_TITLE, a->text, film_frames_of(a->ms, ds->fs->fps), err);
    default:
        return DELVE_OK;
    }
}

/* Actions played before the start frame when they open the script: a title card and
 * how the first frames are drawn. */
static int leads(film_op op)
{
    return op == OP_TITLE || op == OP_VIEW || op == OP_SPEED || op == OP_CAMERA;
}

delve_status director_play(const film_script *fs, world *w, shot_fn fn, void *ctx,
                           delve_err *err)
{
    return director_play_saving(fs, w, fn, ctx, NULL, err);
}

delve_status director_play_saving(const film_script *fs, world *w, shot_fn fn, void *ctx,
                                  const char *save_dir, delve_err *err)
{
    dir_state ds = { .fs = fs, .w = w, .fn = fn, .ctx = ctx, .save_dir = save_dir,
                     .speed = 1, .side_row = -1, .side_col = -1 };
    snprintf(ds.current, sizeof ds.current, "%s", fs->title);
    cam_init(&ds.cam, fs, film_compact(fs) ? 0 /* the HUD over the map */
                          : FRAME_PANEL_W * frame_hud_scale(fs->frame_w, fs->frame_h) / 100);
    delve_status st = DELVE_OK;
    int i = 0;
    for (; !st && i < fs->action_count && leads(fs->actions[i].op); i++) {
        ds.line = fs->actions[i].line; /* title cards and direction before the start */
        st = do_action(&ds, &fs->actions[i], err);
    }
    ds.line = 0;
    if (!st)
        st = shoot_events(&ds, err);
    for (; !st && i < fs->action_count; i++) {
        ds.line = fs->actions[i].line;
        ds.next = i + 1 < fs->action_count ? &fs->actions[i + 1] : NULL;
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
    /* a film that ends holding the landing's side view ends in it: the end frame is the
     * last a viewer sees, and turning to the view from above there would undo the hold */
    if (fs->action_count > 0 && fs->actions[fs->action_count - 1].op == OP_HOLD && ds.s.side &&
        !ds.side) {
        ds.side = 1;
        ds.side_row = ds.s.side_row;
        ds.side_col = -1;
    }
    event e = { .kind = EV_END, .time_s = w->clock_s, .floor = w->floor,
                .x = world_sx(w), .y = world_sy(w), .member = -1 };
    snprintf(e.text, sizeof e.text, "The end: %d of %d standing",
             party_alive_count(&w->party), w->party.count);
    if (event_log_push(&w->log, &e))
        return delve_fail(err, DELVE_ELIMIT, "too many events");
    st = shoot_events(&ds, err);
    if (!st && fs->end_text[0])
        st = cards(&ds, CARD_TITLE, fs->end_text, film_frames_of(fs->end_ms, fs->fps), err);
    return st;
}
