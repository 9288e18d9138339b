/* rooms: the rooms-and-corridors layout (level type 0). Rooms are rectangles of room
 * floor in a ring of wall, placed at random a little apart; L-shaped corridors join
 * them nearest first into one tree, then a few loops are added. Every corridor starts
 * and ends at a door in the wall of the rooms it joins and never crosses a room, so a
 * door is exactly where a corridor passes a wall. Corridors are scored against running
 * beside walls and other corridors, so they do not hug everything. The entrance is in
 * a random room and the goal in the room farthest from it by walking.
 * Stream: RNG_LAYOUT (seed, floor, try); nothing else is drawn here. */
#include <stdlib.h>
#include <string.h>

#include "gen/passes.h"
#include "gen/rooms/rooms.h"

#define BASE_AREA (64 * 40)   /* the room counts below are for this many squares */
#define ROOMS_MIN 6           /* fewer rooms placed fails the try */
#define ROOMS_MAX 12          /* rooms wanted: ROOMS_MIN..ROOMS_MAX, scaled by area */
#define ROOM_W_MIN 3          /* interior size in squares */
#define ROOM_W_MAX 13
#define ROOM_H_MIN 3
#define ROOM_H_MAX 8
#define ROOM_GAP 2            /* rock squares at least between two rooms' walls */
#define ROOM_PLACE_CAP 40     /* placement draws per wanted room */
#define ROOM_SPREAD_SAMPLES 4 /* places drawn per room size; the farthest from the rooms
                                 already placed wins (best-candidate sampling spreads
                                 rooms over the floor instead of clumping them) */
#define JOIN_PAIR_CAP 6       /* nearest (joined, unjoined) room pairs tried per join */
#define CORRIDOR_DRAW_CAP 24  /* door pairs drawn per corridor */
#define LOOPS_MIN 1           /* extra corridors making loops */
#define LOOPS_MAX 3
#define LOOP_DRAW_CAP 12      /* rooms drawn per loop before giving that loop up */
#define LOOP_HUG_MAX 2        /* a loop may run beside a wall or corridor this often */
#define HUG_COST 8            /* score of one hugging square, against 1 per square long */
#define TURN_COST 3           /* score of the L's turn, so straight corridors win ties */
#define NEAR_COST 3           /* score of a square with another corridor 2 squares aside */
#define CROWD_COST 6          /* score of a new door on a wall side that has a door */
#define SQUARE_PICK_CAP 64    /* squares drawn in a room for the entrance or goal */

typedef struct layout {
    dfloor *f;
    rng r;
    unsigned char *mark;   /* w * h: squares of the corridor being judged */
    int *dist, *queue;     /* w * h: walk scratch */
    unsigned char linked[FLOOR_MAX_ROOMS][FLOOR_MAX_ROOMS];
} layout;

/* One L-shaped corridor from outside a door of room a to outside a door of room b. */
typedef struct corridor {
    int ax, ay, bx, by;    /* the two door squares */
    int sx, sy, ex, ey;    /* first and last corridor squares, just outside the doors */
    int vertical_first;    /* the L's first leg runs along y */
    int len, hugs, near;   /* squares; new squares hugging; new squares near a corridor */
    int crowd;             /* new doors on wall sides that already have one */
} corridor;

/* Sides of a room: N, E, S, W, as unit steps out of the room. */

static int iabs(int v)
{
    return v < 0 ? -v : v;
}

static int isign(int v)
{
    return (v > 0) - (v < 0);
}

/* Room counts for this floor's area: default 6..12 on 64 x 40. */
static void rooms_wanted(const dfloor *f, int *lo, int *hi)
{
    long area = (long)f->w * f->h;
    long a = ROOMS_MIN * area / BASE_AREA, b = ROOMS_MAX * area / BASE_AREA;
    *lo = (int)(a < 2 ? 2 : a > FLOOR_MAX_ROOMS / 2 ? FLOOR_MAX_ROOMS / 2 : a);
    *hi = (int)(b < *lo ? *lo : b > FLOOR_MAX_ROOMS ? FLOOR_MAX_ROOMS : b);
}

/* 1 when rm's walls stay ROOM_GAP rock squares away from every other room's walls. */
static int room_clear(const dfloor *f, const room *rm)
{
    for (int i = 0; i < f->room_count; i++) {
        const room *o = &f->rooms[i];
        if (rm->x - o->x - o->w - 2 >= ROOM_GAP || o->x - rm->x - rm->w - 2 >= ROOM_GAP ||
            rm->y - o->y - o->h - 2 >= ROOM_GAP || o->y - rm->y - rm->h - 2 >= ROOM_GAP)
            continue;
        return 0;
    }
    return 1;
}

static void room_dig(dfloor *f, const room *rm)
{
    for (int y = rm->y - 1; y <= rm->y + rm->h; y++)
        for (int x = rm->x - 1; x <= rm->x + rm->w; x++) {
            int inside = x >= rm->x && x < rm->x + rm->w && y >= rm->y && y < rm->y + rm->h;
            floor_set(f, x, y, inside ? T_FLOOR : T_WALL);
        }
}

/* Twice the Manhattan distance between two rooms' centres. */
static int room_dist(const room *a, const room *b)
{
    return iabs(2 * a->x + a->w - 2 * b->x - b->w) + iabs(2 * a->y + a->h - 2 * b->y - b->h);
}

/* Distance from rm to the nearest placed room (1 << 30 when there is none). */
static int room_spread(const dfloor *f, const room *rm)
{
    int best = 1 << 30;
    for (int i = 0; i < f->room_count; i++) {
        int d = room_dist(rm, &f->rooms[i]);
        best = d < best ? d : best;
    }
    return best;
}

/* Draws a room size, then ROOM_SPREAD_SAMPLES places for it; keeps the place that
 * fits and lies farthest from the placed rooms (first on a tie). 0 when none fits. */
static int room_draw(layout *L, room *out)
{
    const dfloor *f = L->f;
    room rm;
    int best = -1;
    rm.w = rng_range(&L->r, ROOM_W_MIN, ROOM_W_MAX);
    rm.h = rng_range(&L->r, ROOM_H_MIN, ROOM_H_MAX);
    for (int s = 0; s < ROOM_SPREAD_SAMPLES; s++) {
        rm.x = rng_range(&L->r, 2, f->w - 2 - rm.w);
        rm.y = rng_range(&L->r, 2, f->h - 2 - rm.h);
        if (rm.x + rm.w > f->w - 2 || rm.y + rm.h > f->h - 2 || !room_clear(f, &rm))
            continue;
        int d = room_spread(f, &rm);
        if (d > best) {
            best = d;
            *out = rm;
        }
    }
    return best >= 0;
}

/* Places rooms until enough or out of draws; walls stay off the edge so a corridor
 * can pass round them. 1 when at least the minimum count was placed. */
static int rooms_place(layout *L)
{
    dfloor *f = L->f;
    int lo, hi;
    rooms_wanted(f, &lo, &hi);
    int want = rng_range(&L->r, lo, hi);
    for (int draw = 0; draw < ROOM_PLACE_CAP * want && f->room_count < want; draw++) {
        room rm;
        if (!room_draw(L, &rm))
            continue;
        room_dig(f, &rm);
        f->rooms[f->room_count++] = rm;
    }
    return f->room_count >= lo;
}

/* Sides of a that face b: one or two (N or S, E or W; rooms never overlap). */
static int sides_facing(const room *a, const room *b, int side[2])
{
    int n = 0;
    if (b->y + b->h <= a->y)
        side[n++] = 0;
    if (b->x >= a->x + a->w)
        side[n++] = 1;
    if (b->y >= a->y + a->h)
        side[n++] = 2;
    if (b->x + b->w <= a->x)
        side[n++] = 3;
    return n;
}

/* Door square t along side s of rm (t from 0, never a corner). */
static void room_door(const room *rm, int s, int t, int *x, int *y)
{
    *x = s == 1 ? rm->x + rm->w : s == 3 ? rm->x - 1 : rm->x + t;
    *y = s == 0 ? rm->y - 1 : s == 2 ? rm->y + rm->h : rm->y + t;
}

/* A door may go on (x, y) of side s: a door already, or wall with no door beside it. */
static int door_ok(const dfloor *f, int x, int y, int s)
{
    terrain t = floor_at(f, x, y);
    if (t == T_DOOR)
        return 1;
    int ax = DIR4_DY[s] != 0, ay = DIR4_DX[s] != 0;  /* along the wall */
    return t == T_WALL && floor_at(f, x - ax, y - ay) != T_DOOR &&
           floor_at(f, x + ax, y + ay) != T_DOOR;
}

/* Square i (0 = start, len - 1 = end) of c's L. */
static void corridor_square(const corridor *c, int i, int *x, int *y)
{
    int dx = c->ex - c->sx, dy = c->ey - c->sy;
    int first = c->vertical_first ? iabs(dy) : iabs(dx);
    if (!c->vertical_first) {
        *x = i <= first ? c->sx + isign(dx) * i : c->ex;
        *y = i <= first ? c->sy : c->sy + isign(dy) * (i - first);
    } else {
        *y = i <= first ? c->sy + isign(dy) * i : c->ey;
        *x = i <= first ? c->sx : c->sx + isign(dx) * (i - first);
    }
}

/* 1 when a new corridor square at (x, y) would run beside a wall, a door or another
 * corridor (a square not marked as part of the corridor being judged). */
static int square_hugs(const layout *L, int x, int y)
{
    const dfloor *f = L->f;
    for (int d = 0; d < 4; d++) {
        int nx = x + DIR4_DX[d], ny = y + DIR4_DY[d];
        terrain t = floor_at(f, nx, ny);
        if (t == T_WALL || t == T_DOOR || (t == T_CORRIDOR && !L->mark[ny * f->w + nx]))
            return 1;
    }
    return 0;
}

/* 1 when another corridor runs 2 squares from (x, y) in a straight line: parallel
 * corridors one rock apart read as a tangle. */
static int square_near(const layout *L, int x, int y)
{
    const dfloor *f = L->f;
    for (int d = 0; d < 4; d++) {
        int nx = x + 2 * DIR4_DX[d], ny = y + 2 * DIR4_DY[d];
        if (floor_at(f, nx, ny) == T_CORRIDOR && !L->mark[ny * f->w + nx])
            return 1;
    }
    return 0;
}

/* Fills c->len, c->hugs and c->near; 0 when the L leaves the floor's inner area or crosses
 * anything but rock and corridor. */
static int corridor_judge(layout *L, corridor *c)
{
    const dfloor *f = L->f;
    int x, y, ok = 1;
    c->len = iabs(c->ex - c->sx) + iabs(c->ey - c->sy) + 1;
    c->hugs = c->near = 0;
    for (int i = 0; i < c->len && ok; i++) {
        corridor_square(c, i, &x, &y);
        terrain t = floor_at(f, x, y);
        ok = x >= 1 && y >= 1 && x < f->w - 1 && y < f->h - 1 &&
             (t == T_ROCK || t == T_CORRIDOR);
        if (ok)
            L->mark[y * f->w + x] = 1;
    }
    for (int i = 1; i < c->len - 1 && ok; i++) {
        corridor_square(c, i, &x, &y);
        int fresh = floor_at(f, x, y) == T_ROCK;
        c->hugs += fresh && square_hugs(L, x, y);
        c->near += fresh && square_near(L, x, y);
    }
    for (int i = 0; i < c->len; i++) {
        corridor_square(c, i, &x, &y);
        if (floor_in(f, x, y))
            L->mark[y * f->w + x] = 0;
    }
    return ok;
}

/* 1 when (x, y), on side s of rm, would be a new door beside another on that side. */
static int door_crowds(const dfloor *f, const room *rm, int s, int x, int y)
{
    if (floor_at(f, x, y) == T_DOOR)
        return 0;
    for (int t = 0; t < (DIR4_DX[s] ? rm->h : rm->w); t++) {
        int dx, dy;
        room_door(rm, s, t, &dx, &dy);
        if (floor_at(f, dx, dy) == T_DOOR)
            return 1;
    }
    return 0;
}

/* Draws one door on a side of a facing b and one on a side of b facing a. 0 when
 * either square cannot take a door. */
static int corridor_doors(layout *L, const room *a, const room *b, corridor *c)
{
    int sa[2], sb[2];
    int na = sides_facing(a, b, sa), nb = sides_facing(b, a, sb);
    int s1 = sa[rng_range(&L->r, 0, na - 1)], s2 = sb[rng_range(&L->r, 0, nb - 1)];
    int t1 = rng_range(&L->r, 0, (DIR4_DX[s1] ? a->h : a->w) - 1);
    int t2 = rng_range(&L->r, 0, (DIR4_DX[s2] ? b->h : b->w) - 1);
    room_door(a, s1, t1, &c->ax, &c->ay);
    room_door(b, s2, t2, &c->bx, &c->by);
    c->sx = c->ax + DIR4_DX[s1];
    c->sy = c->ay + DIR4_DY[s1];
    c->ex = c->bx + DIR4_DX[s2];
    c->ey = c->by + DIR4_DY[s2];
    c->crowd = door_crowds(L->f, a, s1, c->ax, c->ay) + door_crowds(L->f, b, s2, c->bx, c->by);
    return door_ok(L->f, c->ax, c->ay, s1) && door_ok(L->f, c->bx, c->by, s2);
}

/* Lower is better: hugs, crowded doors, near corridors, a turn, then length. */
static int corridor_score(const corridor *c)
{
    int turns = c->ex != c->sx && c->ey != c->sy;
    return c->hugs * HUG_COST + c->crowd * CROWD_COST + c->near * NEAR_COST +
           turns * TURN_COST + c->len;
}

/* The best of CORRIDOR_DRAW_CAP door pairs (both L shapes each) between rooms a and b:
 * lowest corridor_score, first drawn on a tie. 0 when none fits. */
static int corridor_draw(layout *L, int a, int b, corridor *best)
{
    const room *ra = &L->f->rooms[a], *rb = &L->f->rooms[b];
    int found = 0;
    for (int draw = 0; draw < CORRIDOR_DRAW_CAP; draw++) {
        corridor c;
        if (!corridor_doors(L, ra, rb, &c))
            continue;
        for (int vf = 0; vf < 2; vf++) {
            c.vertical_first = vf;
            if (!corridor_judge(L, &c))
                continue;
            if (!found || corridor_score(&c) < corridor_score(best))
                *best = c;
            found = 1;
        }
    }
    return found;
}

static void corridor_carve(layout *L, const corridor *c, int a, int b)
{
    for (int i = 0; i < c->len; i++) {
        int x, y;
        corridor_square(c, i, &x, &y);
        if (floor_at(L->f, x, y) == T_ROCK)
            floor_set(L->f, x, y, T_CORRIDOR);
    }
    floor_set(L->f, c->ax, c->ay, T_DOOR);
    floor_set(L->f, c->bx, c->by, T_DOOR);
    L->linked[a][b] = L->linked[b][a] = 1;
}

/* Up to JOIN_PAIR_CAP (joined, unjoined) room pairs, nearest first (ties: lower
 * indices first). Returns the count. */
static int nearest_pairs(const dfloor *f, const unsigned char *in, int *pa, int *pb)
{
    int n = 0, pd[JOIN_PAIR_CAP];
    for (int a = 0; a < f->room_count; a++)
        for (int b = 0; b < f->room_count; b++) {
            if (!in[a] || in[b])
                continue;
            int d = room_dist(&f->rooms[a], &f->rooms[b]), i = n < JOIN_PAIR_CAP ? n++ : n;
            if (i == JOIN_PAIR_CAP && d >= pd[i - 1])
                continue;
            if (i == JOIN_PAIR_CAP)
                i--;
            for (; i > 0 && pd[i - 1] > d; i--) {
                pd[i] = pd[i - 1];
                pa[i] = pa[i - 1];
                pb[i] = pb[i - 1];
            }
            pd[i] = d;
            pa[i] = a;
            pb[i] = b;
        }
    return n;
}

/* Joins every room into one tree: each step joins the unjoined room nearest to a
 * joined one. 0 when some room cannot be reached by any of its nearest pairs. */
static int rooms_join_all(layout *L)
{
    unsigned char in[FLOOR_MAX_ROOMS] = { 1 };
    for (int joined = 1; joined < L->f->room_count; joined++) {
        int pa[JOIN_PAIR_CAP], pb[JOIN_PAIR_CAP], ok = 0;
        int n = nearest_pairs(L->f, in, pa, pb);
        for (int i = 0; i < n && !ok; i++) {
            corridor c;
            ok = corridor_draw(L, pa[i], pb[i], &c);
            if (ok) {
                corridor_carve(L, &c, pa[i], pb[i]);
                in[pb[i]] = 1;
            }
        }
        if (!ok)
            return 0;
    }
    return 1;
}

/* The room nearest to a that no corridor joins to it yet, or -1. */
static int nearest_unlinked(const layout *L, int a)
{
    int best = -1, bd = 0;
    for (int b = 0; b < L->f->room_count; b++) {
        if (b == a || L->linked[a][b])
            continue;
        int d = room_dist(&L->f->rooms[a], &L->f->rooms[b]);
        if (best < 0 || d < bd) {
            best = b;
            bd = d;
        }
    }
    return best;
}

/* A few more corridors, each from a random room to its nearest room not yet joined to
 * it, so the floor has loops (and corridor squares it can be walked around). */
static void rooms_add_loops(layout *L)
{
    int want = rng_range(&L->r, LOOPS_MIN, LOOPS_MAX);
    for (int i = 0; i < want; i++)
        for (int draw = 0; draw < LOOP_DRAW_CAP; draw++) {
            int a = rng_range(&L->r, 0, L->f->room_count - 1);
            int b = nearest_unlinked(L, a);
            corridor c;
            if (b < 0 || !corridor_draw(L, a, b, &c) || c.hugs > LOOP_HUG_MAX)
                continue;
            corridor_carve(L, &c, a, b);
            break;
        }
}

/* A random square of rm's floor with no door around it. 0 when none was drawn. */
static int room_pick(layout *L, const room *rm, int *x, int *y)
{
    for (int draw = 0; draw < SQUARE_PICK_CAP; draw++) {
        *x = rng_range(&L->r, rm->x, rm->x + rm->w - 1);
        *y = rng_range(&L->r, rm->y, rm->y + rm->h - 1);
        if (!walk_near_door(L->f, *x, *y))
            return 1;
    }
    return 0;
}

/* The entrance in a random room; the goal in the room whose centre is the longest walk
 * from the entrance (lowest index on a tie). 0 when a square cannot be found. */
static int rooms_entrance_goal(layout *L)
{
    dfloor *f = L->f;
    int er = rng_range(&L->r, 0, f->room_count - 1), gr = -1, gd = -1;
    if (!room_pick(L, &f->rooms[er], &f->entrance_x, &f->entrance_y))
        return 0;
    walk_dist(f, f->entrance_x, f->entrance_y, -1, L->dist, L->queue);
    for (int i = 0; i < f->room_count; i++) {
        const room *rm = &f->rooms[i];
        int d = L->dist[(rm->y + (rm->h - 1) / 2) * f->w + rm->x + (rm->w - 1) / 2];
        if (i != er && d > gd) {
            gd = d;
            gr = i;
        }
    }
    return gr >= 0 && room_pick(L, &f->rooms[gr], &f->goal_x, &f->goal_y);
}

/* One try; the passes in order. */
static delve_status layout_try(layout *L)
{
    /* rooms: rectangles of floor in a ring of wall, ROOM_GAP apart */
    if (!rooms_place(L))
        return DELVE_EFAIL;
    /* corridors: join each room to its nearest joined room, so all are connected */
    if (!rooms_join_all(L))
        return DELVE_EFAIL;
    /* loops: a few more corridors between near rooms */
    rooms_add_loops(L);
    /* entrance in a random room, goal in the room farthest from it by walking */
    if (!rooms_entrance_goal(L))
        return DELVE_EFAIL;
    /* check: every walkable square can be walked to from the entrance */
    int reached = walk_dist(L->f, L->f->entrance_x, L->f->entrance_y, -1, L->dist, L->queue);
    return reached == walk_count(L->f) ? DELVE_OK : DELVE_EFAIL;
}

/* Back to all rock with no things, keeping index, size and the arrays. */
static void layout_reset(layout *L)
{
    floor_clear(L->f);
    memset(L->linked, 0, sizeof L->linked);
}

delve_status rooms_layout(uint64_t seed, dfloor *f, delve_err *err)
{
    return rooms_layout_tries(seed, f, 0, ROOMS_LAYOUT_TRIES, err);
}

delve_status rooms_layout_tries(uint64_t seed, dfloor *f, int first, int count, delve_err *err)
{
    size_t n = (size_t)f->w * (size_t)f->h;
    layout L = { .f = f };
    L.mark = calloc(n, 1);
    L.dist = malloc(n * sizeof *L.dist);
    L.queue = malloc(n * sizeof *L.queue);
    delve_status st = DELVE_ENOMEM;
    if (L.mark && L.dist && L.queue) {
        st = DELVE_EFAIL;
        for (int t = first; t < first + count && st == DELVE_EFAIL; t++) {
            layout_reset(&L);
            L.r = rng_stream(seed, RNG_LAYOUT, f->index, t);
            st = layout_try(&L);
        }
    }
    free(L.mark);
    free(L.dist);
    free(L.queue);
    if (st == DELVE_ENOMEM)
        return delve_fail(err, st, "floor %d: out of memory for its layout", f->index + 1);
    if (st != DELVE_OK)
        return delve_fail(err, st, "floor %d: no rooms-and-corridors layout in %d tries",
                          f->index + 1, count);
    return DELVE_OK;
}
