/* rising: every way up and down from the one table of rates (spec/rising.md,
 * rules from seed 004). On a rooms-and-corridors floor whose layout and ways are laid:
 * corridor bends with curve marks, a sunk room, a raised room, a graded room and a
 * spiral down to a sunk part of the floor, as the floor's wants ask; and a spiral
 * between a pair of floors.
 *
 * Wants come from RNG_WANTS (seed, floor, try 0): never from the try, so keeping the
 * best of several tries cannot raise a rate. Laying draws from RNG_RISING (seed, floor,
 * try 0..GEN_RISING_TRIES-1); the pair spiral from RNG_RISING (seed, upper floor,
 * RISING_PAIR_TRY). Every piece is taken off again when the ground refuses it or the
 * floor's hard check (everything on the floor walks to the entrance) fails. Squares
 * marked SQ_DRAWN or SQ_PIN are never sunk, raised, cut or touched. */
#include <stdlib.h>
#include <string.h>

#include "engine/path.h"
#include "gen/passes.h"
#include "gen/rising.h"

#define RISING_PAIR_TRY GEN_RISING_TRIES /* the try index of the pair spiral's stream */
#define RUN_MAX 6            /* a way in is laid out to the first corner within 6 squares */
#define RUN_STRAIGHT 2       /* squares laid when no corner comes within RUN_MAX (set) */
#define ROOM_STEP_CM 100     /* a sunk room is 1 m down, a raised one 1 m up (seed, set) */
#define GRADE_CM 50          /* a graded room slopes by 0.5 m (set) */
#define SPIRAL_MIN_CM 250    /* a spiral within a floor goes 2.5 .. 4.5 m down (seed) */
#define SPIRAL_MAX_CM 450
#define SPIRAL_STEP_CM 50
#define BEND_NEAR 3          /* "near a room's way in": within 3 squares (seed) */
#define BEND_MIN 2           /* a bend's jog spans 2 .. 4 squares (set) */
#define BEND_MAX 4
#define ROOM_DOORS_MAX 32     /* rooms with more ways in are not sunk or raised (a cap) */
#define CAND_MAX 8192        /* candidates kept per piece (a cap, not a failure) */


/* floor_at inlined: the passes below look at squares a great many times. */
static inline terrain at(const dfloor *f, int x, int y)
{
    return floor_in(f, x, y) ? (terrain)f->terrain[y * f->w + x] : T_ROCK;
}

static int chance(rng *r, gen_rate_id id)
{
    const gen_rate *g = rates_get(id);
    return rng_chance(r, g->num, g->den);
}

void rising_wants_draw(uint64_t seed, int floor, rising_wants *w)
{
    rng r = rng_stream(seed, RNG_WANTS, floor, 0);
    const gen_rate *b = rates_get(GEN_RATE_BENDS);
    w->bends = rng_range(&r, b->num, b->den);
    w->sunk = chance(&r, GEN_RATE_SUNK);
    w->raised = chance(&r, GEN_RATE_RAISED);
    w->graded = chance(&r, GEN_RATE_GRADED);
    w->spiral_within = chance(&r, GEN_RATE_SPIRAL_WITHIN);
    w->spiral_between = chance(&r, GEN_RATE_SPIRAL_BETWEEN);
}

/* Scratch for one floor's tries: the squares and ways before rising, and the best try. */
typedef struct work {
    dfloor *f;
    int n;
    uint8_t *terrain0, *terrain_best;
    int32_t *height0, *height_best;
    uint8_t *marks0, *marks_best, *piece_m;
    uint8_t *piece_t;    /* the squares before the piece being laid */
    int32_t *piece_h;
    int way_count0, way_count_best;
    way ways_best[FLOOR_MAX_WAYS];
    rising_log log_best;
    int *dist, *queue, *cand;
    int *bend[2], nbend[2];  /* bends far from (0) and near (1) a way in, on the floor
                                before rising: each try re-checks the one it picks */
    int *spiral, nspiral;    /* spirals within, likewise */
    int fresh;               /* dist holds floor_holds' walk of the floor as it is now */
} work;

static int idx(const dfloor *f, int x, int y)
{
    return y * f->w + x;
}

static int touchable(const dfloor *f, int x, int y)
{
    return floor_in(f, x, y) && !(f->marks && (f->marks[idx(f, x, y)] & (SQ_DRAWN | SQ_PIN)));
}

static int is_run_square(const dfloor *f, int x, int y)
{
    terrain t = at(f, x, y);
    return (t == T_CORRIDOR || t == T_CURVE) && touchable(f, x, y) &&
           !floor_square_taken(f, x, y) && f->height_cm[idx(f, x, y)] == 0;
}

/* The hard check: every way end, the entrance and the goal walk to the entrance (ways
 * within the floor joining their ends). */
static int floor_holds(work *k)
{
    dfloor *f = k->f;
    int *dist = k->dist;
    memset(dist, 0xff, (size_t)k->n * sizeof *dist);  /* all -1 */
    if (!floor_walkable(f, f->entrance_x, f->entrance_y))
        return 0;
    /* walkers' rule, ways within joining their ends; the queue is given: cannot fail */
    path_walk(f, PATH_WALK_WAYS, NULL, idx(f, f->entrance_x, f->entrance_y), dist, k->queue,
              NULL, NULL);
    if (dist[idx(f, f->goal_x, f->goal_y)] < 0)
        return 0;
    for (int i = 0; i < f->way_count; i++)
        if (dist[idx(f, f->ways[i].x, f->ways[i].y)] < 0)
            return 0;
    return 1;
}

static void piece_begin(work *k)
{
    memcpy(k->piece_m, k->f->marks, (size_t)k->n);
    memcpy(k->piece_t, k->f->terrain, (size_t)k->n);
    memcpy(k->piece_h, k->f->height_cm, (size_t)k->n * sizeof *k->piece_h);
}

/* Keeps the piece when the floor still holds (1), else takes it off again (0). With
 * walk 0 the piece keeps every walk by construction (a bend's jog joins the squares it
 * cuts between and the squares it fills hold nothing; stairs and ramps stay walkable; a
 * spiral's part only adds squares) and the walk is left to the try's final check. */
static int piece_end(work *k, int way_count, int walk)
{
    k->fresh = 0;
    if (!walk || (k->fresh = floor_holds(k)) != 0)
        return 1;
    memcpy(k->f->terrain, k->piece_t, (size_t)k->n);
    memcpy(k->f->marks, k->piece_m, (size_t)k->n);
    memcpy(k->f->height_cm, k->piece_h, (size_t)k->n * sizeof *k->piece_h);
    k->f->way_count = way_count;
    k->f->rising.refused++;
    return 0;
}

/* ---- bends ---------------------------------------------------------------------- */

/* near[i] = 1 on every square within BEND_NEAR squares (Manhattan) of a door. */
static void near_doors(const dfloor *f, int *near)
{
    memset(near, 0, (size_t)f->w * (size_t)f->h * sizeof *near);
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            if (at(f, x, y) != T_DOOR)
                continue;
            for (int dy = -BEND_NEAR; dy <= BEND_NEAR; dy++)
                for (int dx = -BEND_NEAR; dx <= BEND_NEAR; dx++)
                    if (abs(dx) + abs(dy) <= BEND_NEAR && floor_in(f, x + dx, y + dy))
                        near[idx(f, x + dx, y + dy)] = 1;
        }
}

/* Along axis (ax, ay) from (x, y), len + 1 squares a..b of plain straight corridor
 * whose jog on side s (across (cx, cy) = s * perpendicular) lies in untouched rock. */
static int bend_ok(const dfloor *f, int x, int y, int ax, int ay, int len, int s)
{
    int cx = -ay * s, cy = ax * s;
    if (!floor_open(f, x - ax, y - ay) || !floor_open(f, x + ax * (len + 1), y + ay * (len + 1)))
        return 0;
    for (int i = 0; i <= len; i++) {
        int px = x + ax * i, py = y + ay * i;
        if (at(f, px, py) != T_CORRIDOR || !is_run_square(f, px, py) ||
            floor_open(f, px + cx, py + cy) || floor_open(f, px - cx, py - cy))
            return 0;
    }
    for (int i = -1; i <= len + 1; i++)
        for (int j = 1; j <= 2; j++) {
            int px = x + ax * i + cx * j, py = y + ay * i + cy * j;
            if (!floor_in(f, px, py) || at(f, px, py) != T_ROCK || !touchable(f, px, py))
                return 0;
        }
    return 1;
}

/* Candidates packed as ((sq * 2 + vertical) * 8 + len) * 2 + side, into out. */
static int bend_candidates(work *k, int want_near, int *out)
{
    dfloor *f = k->f;
    int n = 0;
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            if (at(f, x, y) != T_CORRIDOR)
                continue;
            for (int v = 0; v < 2; v++) {
                /* a bend starts on a straight square: open along v, closed across */
                if (v ? floor_open(f, x - 1, y) || floor_open(f, x + 1, y)
                      : floor_open(f, x, y - 1) || floor_open(f, x, y + 1))
                    continue;
                for (int len = BEND_MIN; len <= BEND_MAX; len++)
                    for (int s = 0; s < 2; s++) {
                        int ax = v ? 0 : 1, ay = v ? 1 : 0;
                        if (!bend_ok(f, x, y, ax, ay, len, s ? 1 : -1))
                            continue;
                        int nr = k->dist[idx(f, x, y)] || k->dist[idx(f, x + ax * len, y + ay * len)];
                        if (nr == want_near && n < CAND_MAX)
                            out[n++] = ((idx(f, x, y) * 2 + v) * 8 + len) * 2 + s;
                    }
            }
        }
    return n;
}

static void curve_mark(dfloor *f, rng *r, int x, int y)
{
    if (chance(r, GEN_RATE_CURVE)) {
        floor_set(f, x, y, T_CURVE);
        f->rising.curves++;
    }
}

/* One bend: 3 in 4 near a room's way in (the other kind when none is). */
static void lay_bend(work *k, rng *r)
{
    dfloor *f = k->f;
    int near = chance(r, GEN_RATE_BEND_NEAR);
    if (k->nbend[near] == 0)
        near = !near;
    int n = k->nbend[near], c = -1;
    if (n == 0)
        return;
    /* a random candidate, else the next one that still fits after earlier pieces */
    for (int j = rng_range(r, 0, n - 1), t = 0; t < n && c < 0; t++) {
        int e = k->bend[near][(j + t) % n], es = e % 2 ? 1 : -1, el = e / 2 % 8;
        int ev = e / 16 % 2, esq = e / 32;
        if (bend_ok(f, esq % f->w, esq / f->w, ev ? 0 : 1, ev ? 1 : 0, el, es))
            c = e;
    }
    if (c < 0)
        return;
    int s = c % 2 ? 1 : -1, len = c / 2 % 8, v = c / 16 % 2, sq = c / 32;
    int x = sq % f->w, y = sq / f->w, ax = v ? 0 : 1, ay = v ? 1 : 0;
    int cx = -ay * s, cy = ax * s, wc = f->way_count, curves = f->rising.curves;
    piece_begin(k);
    for (int i = 1; i < len; i++)
        floor_set(f, x + ax * i, y + ay * i, T_ROCK);
    for (int i = 0; i <= len; i++)
        floor_set(f, x + ax * i + cx, y + ay * i + cy, T_CORRIDOR);
    curve_mark(f, r, x, y);
    curve_mark(f, r, x + cx, y + cy);
    curve_mark(f, r, x + ax * len + cx, y + ay * len + cy);
    curve_mark(f, r, x + ax * len, y + ay * len);
    if (piece_end(k, wc, 0))
        f->rising.bends++;
    else
        f->rising.curves = curves;
}

/* ---- sunk, raised and graded rooms ---------------------------------------------- */

/* 1 when rising may change room rm: nothing drawn or pinned in or around it, no
 * entrance or way in it, its floor still level at 0. */
static int room_free(const dfloor *f, const room *rm)
{
    for (int y = rm->y - 1; y <= rm->y + rm->h; y++)
        for (int x = rm->x - 1; x <= rm->x + rm->w; x++) {
            if (!touchable(f, x, y) || f->height_cm[idx(f, x, y)] != 0)
                return 0;
            if (floor_way_at(f, x, y) >= 0 || (x == f->entrance_x && y == f->entrance_y))
                return 0;
        }
    return 1;
}

/* The way in out of door (x, y) leaving in direction d: squares run[0..*n-1] of plain
 * corridor out to the first right-angled corner within RUN_MAX squares. Returns 1 when
 * it turns the corner (the last square is the corner), 0 when straight (at most
 * RUN_STRAIGHT squares kept); *n = 0 when not even one square is plain corridor. */
static int way_in_run(const dfloor *f, int x, int y, int d, int *run, int *n)
{
    int px = x, py = y;
    *n = 0;
    for (int i = 0; i < RUN_MAX; i++) {
        int qx = px + DIR4_DX[d], qy = py + DIR4_DY[d];
        if (!is_run_square(f, qx, qy))
            break;
        int next = -1, open = 0;
        for (int e = 0; e < 4; e++) {
            int rx = qx + DIR4_DX[e], ry = qy + DIR4_DY[e];
            if ((rx == px && ry == py) || !floor_open(f, rx, ry))
                continue;
            open++;
            next = e;
        }
        if (open != 1)
            break;  /* a dead end or a junction: not plain corridor */
        run[(*n)++] = idx(f, qx, qy);
        if (next != d)
            return 1;
        px = qx, py = qy;
    }
    if (*n > RUN_STRAIGHT)
        *n = RUN_STRAIGHT;
    return 0;
}

/* Lays each way in of a room sunk or raised by dz: its run graded from dz at the door
 * to 0, a ramp (GEN_RATE_RAMP) else a stair, a stair that turns its corner T_TURN.
 * 0 (nothing changed) when a way in has no plain square or none turns a corner. */
static int lay_ways_in(dfloor *f, const room *rm, int dz, rng *r, int *ramps, int *ways)
{
    int runs[ROOM_DOORS_MAX][RUN_MAX], len[ROOM_DOORS_MAX], turn[ROOM_DOORS_MAX];
    int doors = 0, turned = 0;
    for (int y = rm->y - 1; y <= rm->y + rm->h; y++)
        for (int x = rm->x - 1; x <= rm->x + rm->w; x++) {
            if (at(f, x, y) != T_DOOR)
                continue;
            if (doors == ROOM_DOORS_MAX)
                return 0;
            int d = y < rm->y ? 0 : x >= rm->x + rm->w ? 1 : y >= rm->y + rm->h ? 2 : 3;
            turn[doors] = way_in_run(f, x, y, d, runs[doors], &len[doors]);
            if (len[doors] == 0)
                return 0;
            turned |= turn[doors];
            f->height_cm[idx(f, x, y)] = dz;
            doors++;
        }
    if (!turned || doors == 0)
        return 0;
    *ways = doors;
    *ramps = 0;
    for (int i = 0; i < doors; i++) {
        terrain t = chance(r, GEN_RATE_RAMP) ? T_RAMP : turn[i] ? T_TURN : T_STAIR;
        *ramps += t == T_RAMP;
        for (int j = 0; j < len[i]; j++) {
            f->terrain[runs[i][j]] = (uint8_t)t;
            f->height_cm[runs[i][j]] = dz * (len[i] - j) / (len[i] + 1);
        }
    }
    return 1;
}

static void room_heights(dfloor *f, const room *rm, int dz)
{
    for (int y = rm->y; y < rm->y + rm->h; y++)
        for (int x = rm->x; x < rm->x + rm->w; x++)
            f->height_cm[idx(f, x, y)] = dz;
}

/* A sunk (dz < 0) or raised room: the first free room in a shuffled order that takes
 * it. Returns 1 when laid. */
static int lay_step_room(work *k, rng *r, int dz)
{
    dfloor *f = k->f;
    int order[FLOOR_MAX_ROOMS];
    for (int i = 0; i < f->room_count; i++)
        order[i] = i;
    rng_shuffle(r, order, f->room_count);
    for (int i = 0; i < f->room_count; i++) {
        const room *rm = &f->rooms[order[i]];
        if (!room_free(f, rm))
            continue;
        piece_begin(k);
        int ramps = 0, ways = 0, laid = lay_ways_in(f, rm, dz, r, &ramps, &ways);
        if (laid)
            room_heights(f, rm, dz);
        else {  /* the door heights lay_ways_in set */
            memcpy(f->height_cm, k->piece_h, (size_t)k->n * sizeof *k->piece_h);
            continue;
        }
        if (piece_end(k, f->way_count, 0)) {
            f->rising.ramps += ramps;
            f->rising.ways_in += ways;
            return 1;
        }
    }
    return 0;
}

/* A graded room: its floor slopes by GRADE_CM along x or y, one step per square. */
static int lay_graded(work *k, rng *r)
{
    dfloor *f = k->f;
    int order[FLOOR_MAX_ROOMS];
    for (int i = 0; i < f->room_count; i++)
        order[i] = i;
    rng_shuffle(r, order, f->room_count);
    int along_y = rng_range(r, 0, 1);
    for (int i = 0; i < f->room_count; i++) {
        const room *rm = &f->rooms[order[i]];
        int span = along_y ? rm->h : rm->w;
        if (span < 2 || !room_free(f, rm))
            continue;
        for (int y = rm->y; y < rm->y + rm->h; y++)
            for (int x = rm->x; x < rm->x + rm->w; x++)
                f->height_cm[idx(f, x, y)] =
                    GRADE_CM * (along_y ? y - rm->y : x - rm->x) / (span - 1);
        return 1;  /* heights alone never break a walk */
    }
    return 0;
}

/* ---- spirals -------------------------------------------------------------------- */

/* A spiral within the floor: its top on room square (x, y) by the room's wall in
 * direction d, its foot in a 3 x 3 part dug into rock beyond the wall, sunk. */
static int spiral_ok(const dfloor *f, int x, int y, int d)
{
    int cx = x + 3 * DIR4_DX[d], cy = y + 3 * DIR4_DY[d];
    if (at(f, x, y) != T_FLOOR || at(f, x + DIR4_DX[d], y + DIR4_DY[d]) != T_WALL ||
        at(f, cx, cy) != T_ROCK || at(f, x + 2 * DIR4_DX[d], y + 2 * DIR4_DY[d]) != T_ROCK ||
        floor_square_taken(f, x, y) || walk_near_door(f, x, y) || !touchable(f, x, y))
        return 0;
    for (int j = -2; j <= 2; j++)
        for (int i = -2; i <= 2; i++) {
            int px = cx + i, py = cy + j;
            terrain t = at(f, px, py);
            int inner = abs(i) <= 1 && abs(j) <= 1;
            if (!floor_in(f, px, py) || !touchable(f, px, py) || (inner && t != T_ROCK) ||
                (!inner && t != T_ROCK && t != T_WALL))
                return 0;
        }
    return 1;
}

static int lay_spiral_within(work *k, rng *r)
{
    dfloor *f = k->f;
    int n = k->nspiral, c = -1;
    if (n == 0 || f->way_count + 2 > FLOOR_MAX_WAYS)
        return 0;
    for (int j = rng_range(r, 0, n - 1), t = 0; t < n && c < 0; t++) {
        int e = k->spiral[(j + t) % n];
        if (spiral_ok(f, e / 4 % f->w, e / 4 / f->w, e % 4))
            c = e;
    }
    if (c < 0)
        return 0;
    int d = c % 4, x = c / 4 % f->w, y = c / 4 / f->w;
    int depth = SPIRAL_STEP_CM * rng_range(r, SPIRAL_MIN_CM / SPIRAL_STEP_CM,
                                           SPIRAL_MAX_CM / SPIRAL_STEP_CM);
    int cx = x + 3 * DIR4_DX[d], cy = y + 3 * DIR4_DY[d], wc = f->way_count;
    piece_begin(k);
    for (int j = -2; j <= 2; j++)  /* the part's floor, walled where rock was */
        for (int i = -2; i <= 2; i++) {
            if (abs(i) == 2 || abs(j) == 2) {
                if (at(f, cx + i, cy + j) == T_ROCK)
                    floor_set(f, cx + i, cy + j, T_WALL);
                continue;
            }
            floor_set(f, cx + i, cy + j, T_FLOOR);
            f->height_cm[idx(f, cx + i, cy + j)] = -depth;
        }
    f->ways[f->way_count++] = (way){ WAY_SPIRAL, x, y, f->index, cx, cy };
    f->ways[f->way_count++] = (way){ WAY_SPIRAL, cx, cy, f->index, x, y };
    return piece_end(k, wc, 0);
}

/* ---- stored rooms --------------------------------------------------------------- */

/* One stored room (a random one) into the first free generated room in a shuffled
 * order that holds it, the goal's room excepted; taken off again when the floor no
 * longer holds. Returns 1 when laid. */
static int lay_stored(work *k, rng *r, const stored_rooms *sr)
{
    dfloor *f = k->f;
    const stored_room *s = &sr->rooms[rng_range(r, 0, sr->count - 1)];
    int order[FLOOR_MAX_ROOMS];
    for (int i = 0; i < f->room_count; i++)
        order[i] = i;
    rng_shuffle(r, order, f->room_count);
    for (int i = 0; i < f->room_count; i++) {
        const room *rm = &f->rooms[order[i]];
        int goal_in = f->goal_x >= rm->x && f->goal_x < rm->x + rm->w && f->goal_y >= rm->y &&
                      f->goal_y < rm->y + rm->h;
        if (goal_in || !room_free(f, rm))
            continue;
        piece_begin(k);
        if (stored_lay(f, rm, s) && piece_end(k, f->way_count, 1))
            return 1;
    }
    return 0;
}

/* ---- the chooser ---------------------------------------------------------------- */

/* One try's rank, compared in order (spec: "Tries and the chooser"). */
typedef struct rank {
    int secrets, stored, laid, goal_early, score;
} rank;

static int rank_better(const rank *a, const rank *b)
{
    if (a->secrets != b->secrets)
        return a->secrets > b->secrets;
    if (a->stored != b->stored)
        return a->stored > b->stored;
    if (a->laid != b->laid)
        return a->laid > b->laid;
    if (a->goal_early != b->goal_early)
        return a->goal_early > b->goal_early;
    return a->score > b->score;
}

static rank rank_try(work *k)
{
    dfloor *f = k->f;
    rank rk = { 0 };
    for (int i = 0; i < k->n; i++) {
        if (f->marks && (f->marks[i] & SQ_SECRET))  /* a secret still there to find */
            rk.secrets++;
        terrain t = (terrain)f->terrain[i];
        rk.score += t == T_STAIR || t == T_RAMP || t == T_TURN; /* never curve marks: their rate is per corner */
    }
    const rising_log *g = &f->rising;
    rk.stored = g->stored;
    rk.laid = g->bends + g->sunk + g->raised + g->graded + g->spirals_within;
    if (!k->fresh)
        floor_holds(k);
    int steps = k->dist[idx(f, f->goal_x, f->goal_y)];
    /* a shorter walk (the floor's own spirals included) sees the goal sooner */
    rk.goal_early = steps < 0 ? -k->n : -steps;
    return rk;
}

static void lay_try(work *k, const rising_wants *w, const stored_rooms *sr, rng *r)
{
    dfloor *f = k->f;
    if (sr && sr->count > 0)
        f->rising.stored = lay_stored(k, r, sr);
    for (int b = 0; b < w->bends; b++)
        lay_bend(k, r);
    if (w->sunk)
        f->rising.sunk = lay_step_room(k, r, -ROOM_STEP_CM);
    if (w->raised)
        f->rising.raised = lay_step_room(k, r, ROOM_STEP_CM);
    if (w->graded)
        f->rising.graded = lay_graded(k, r);
    if (w->spiral_within)
        f->rising.spirals_within = lay_spiral_within(k, r);
}

static delve_status work_new(work *k, dfloor *f, delve_err *err)
{
    memset(k, 0, sizeof *k);
    k->f = f;
    k->n = f->w * f->h;
    size_t n = (size_t)k->n;
    k->terrain0 = malloc(n * 3);
    k->marks0 = malloc(n * 3);
    k->height0 = malloc(n * 3 * sizeof *k->height0);
    k->dist = malloc(n * 2 * sizeof *k->dist);
    k->cand = malloc(3 * CAND_MAX * sizeof *k->cand);
    if (!k->terrain0 || !k->marks0 || !k->height0 || !k->dist || !k->cand)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for rising");
    k->terrain_best = k->terrain0 + n;
    k->marks_best = k->marks0 + n;
    k->piece_m = k->marks0 + 2 * n;
    k->piece_t = k->terrain0 + 2 * n;
    k->height_best = k->height0 + n;
    k->piece_h = k->height0 + 2 * n;
    k->queue = k->dist + n;
    k->bend[0] = k->cand;
    k->bend[1] = k->cand + CAND_MAX;
    k->spiral = k->cand + 2 * CAND_MAX;
    near_doors(f, k->dist);  /* scratch until the tries use dist */
    for (int near = 0; near < 2; near++)
        k->nbend[near] = bend_candidates(k, near, k->bend[near]);
    for (int i = 0; i < f->room_count; i++) { /* spirals stand on a room's edge squares */
        const room *rm = &f->rooms[i];
        for (int y = rm->y; y < rm->y + rm->h; y++)
            for (int x = rm->x; x < rm->x + rm->w; x++)
                for (int d = 0; d < 4; d++) {
                    int nx = x + DIR4_DX[d], ny = y + DIR4_DY[d];  /* the edge faces d */
                    int out = nx < rm->x || nx >= rm->x + rm->w || ny < rm->y ||
                              ny >= rm->y + rm->h;
                    if (out && k->nspiral < CAND_MAX && spiral_ok(f, x, y, d))
                        k->spiral[k->nspiral++] = idx(f, x, y) * 4 + d;
                }
    }
    return DELVE_OK;
}

static void work_free(work *k)
{
    free(k->terrain0);
    free(k->marks0);
    free(k->height0);
    free(k->dist);
    free(k->cand);
}

delve_status rising_floor(uint64_t seed, dfloor *f, const stored_rooms *stored,
                              delve_err *err)
{
    if (f->level_type != LT_ROOMS)
        return DELVE_OK;
    rising_wants w;
    rising_wants_draw(seed, f->index, &w);
    work k;
    delve_status st = work_new(&k, f, err);
    if (st != DELVE_OK) {
        work_free(&k);
        return st;
    }
    size_t n = (size_t)k.n;
    memcpy(k.terrain0, f->terrain, n);
    memcpy(k.marks0, f->marks, n);
    memcpy(k.height0, f->height_cm, n * sizeof *k.height0);
    k.way_count0 = f->way_count;
    rank best = { -1, -1, -1, 0, 0 };
    for (int t = 0; t < GEN_RISING_TRIES; t++) {
        memcpy(f->terrain, k.terrain0, n);
        memcpy(f->marks, k.marks0, n);
        memcpy(f->height_cm, k.height0, n * sizeof *k.height0);
        f->way_count = k.way_count0;
        memset(&f->rising, 0, sizeof f->rising);
        k.fresh = 0;
        rng r = rng_stream(seed, RNG_RISING, f->index, t);
        lay_try(&k, &w, stored, &r);
        if (!(k.fresh = floor_holds(&k))) {  /* the hard check: off with the whole try */
            const rising_log g = f->rising;
            memcpy(f->terrain, k.terrain0, n);
            memcpy(f->marks, k.marks0, n);
            memcpy(f->height_cm, k.height0, n * sizeof *k.height0);
            f->way_count = k.way_count0;
            memset(&f->rising, 0, sizeof f->rising);
            f->rising.refused = g.refused + g.stored + g.bends + g.sunk + g.raised + g.graded +
                                g.spirals_within;
            k.fresh = floor_holds(&k);
        }
        rank rk = rank_try(&k);
        if (t == 0 || rank_better(&rk, &best)) {
            best = rk;
            memcpy(k.terrain_best, f->terrain, n);
            memcpy(k.marks_best, f->marks, n);
            memcpy(k.height_best, f->height_cm, n * sizeof *k.height_best);
            k.way_count_best = f->way_count;
            memcpy(k.ways_best, f->ways, sizeof k.ways_best);
            k.log_best = f->rising;
        }
    }
    memcpy(f->terrain, k.terrain_best, n);
    memcpy(f->marks, k.marks_best, n);
    memcpy(f->height_cm, k.height_best, n * sizeof *k.height_best);
    memcpy(f->ways, k.ways_best, sizeof k.ways_best);
    f->way_count = k.way_count_best;
    f->rising = k.log_best;
    f->rising.tries = GEN_RISING_TRIES;
    f->rising.wanted = w.bends + w.sunk + w.raised + w.graded + w.spiral_within;
    work_free(&k);
    return DELVE_OK;
}

/* A spiral's square: room floor on both floors, nothing near a door, this pair's parity
 * (as gen/rooms/rooms_ways.c), free of things on both floors. */
static int pair_square_ok(const dfloor *up, const dfloor *down, int x, int y)
{
    if ((x + y) % 2 != up->index % 2)
        return 0;
    const dfloor *g[2] = { up, down };
    for (int i = 0; i < 2; i++)
        if (at(g[i], x, y) != T_FLOOR || walk_near_door(g[i], x, y) ||
            floor_square_taken(g[i], x, y) || !touchable(g[i], x, y))
            return 0;
    return 1;
}

delve_status rising_pair(uint64_t seed, dfloor *up, dfloor *down, delve_err *err)
{
    if (up->level_type != LT_ROOMS || down->level_type != LT_ROOMS)
        return DELVE_OK;
    rising_wants w;
    rising_wants_draw(seed, up->index, &w);
    if (!w.spiral_between)
        return DELVE_OK;
    int *cand = malloc((size_t)up->w * (size_t)up->h * sizeof *cand), n = 0;
    if (!cand)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for a spiral");
    for (int y = 0; y < up->h && y < down->h; y++)
        for (int x = 0; x < up->w && x < down->w; x++)
            if (pair_square_ok(up, down, x, y))
                cand[n++] = y * up->w + x;
    rng r = rng_stream(seed, RNG_RISING, up->index, RISING_PAIR_TRY);
    int sq = n > 0 ? cand[rng_range(&r, 0, n - 1)] : -1;
    free(cand);
    if (sq < 0)  /* the ground refuses: no spiral, not a failure */
        return DELVE_OK;
    int x = sq % up->w, y = sq / up->w;
    delve_status st = floor_add_way(up, (way){ WAY_SPIRAL, x, y, down->index, x, y }, err);
    return st != DELVE_OK ? st
                          : floor_add_way(down, (way){ WAY_SPIRAL, x, y, up->index, x, y }, err);
}

static const char *const KIND_NAME[] = {
    [RK_BENDS] = "bends",
    [RK_CURVES] = "curve marks",
    [RK_TURN_SQUARES] = "turning stair squares",
    [RK_RAMP_SQUARES] = "ramp squares",
    [RK_STAIR_SQUARES] = "stair squares",
    [RK_SUNK] = "sunk rooms",
    [RK_RAISED] = "raised rooms",
    [RK_GRADED] = "graded rooms",
    [RK_SPIRALS_WITHIN] = "spirals within a floor",
    [RK_SPIRALS_BETWEEN] = "spirals between floors",
    [RK_PAIRS] = "pairs of floors",
    [RK_LIFTS] = "lifts",
    [RK_LADDERS] = "ladders",
    [RK_TRIES] = "tries",
    [RK_REFUSED] = "pieces taken off",
    [RK_FLOORS] = "floors",
    [RK_FAILED] = "failures",
};
_Static_assert(sizeof KIND_NAME / sizeof KIND_NAME[0] == RK_COUNT, "rising kind rows");

const char *rising_kind_name(rising_kind k)
{
    return k >= 0 && k < RK_COUNT ? KIND_NAME[k] : "unknown";
}

void rising_count(const dungeon *d, int64_t *c)
{
    for (int k = 0; k < d->floor_count; k++) {
        const dfloor *f = &d->floors[k];
        const rising_log *g = &f->rising;
        c[RK_FLOORS]++;
        c[RK_PAIRS] += k + 1 < d->floor_count;
        c[RK_BENDS] += g->bends;
        c[RK_SUNK] += g->sunk;
        c[RK_RAISED] += g->raised;
        c[RK_GRADED] += g->graded;
        c[RK_SPIRALS_WITHIN] += g->spirals_within;
        c[RK_TRIES] += g->tries;
        c[RK_REFUSED] += g->refused;
        for (int i = 0; i < f->w * f->h; i++) {
            c[RK_CURVES] += f->terrain[i] == T_CURVE;
            c[RK_TURN_SQUARES] += f->terrain[i] == T_TURN;
            c[RK_RAMP_SQUARES] += f->terrain[i] == T_RAMP;
            c[RK_STAIR_SQUARES] += f->terrain[i] == T_STAIR;
        }
        for (int i = 0; i < f->way_count; i++) {
            const way *w = &f->ways[i];
            if (w->to_floor != k + 1)
                continue;
            c[RK_LIFTS] += w->kind == WAY_LIFT;
            c[RK_LADDERS] += w->kind == WAY_LADDER;
            c[RK_SPIRALS_BETWEEN] += w->kind == WAY_SPIRAL;
        }
    }
}
