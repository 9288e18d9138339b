/* doom_prim: the primitives DoomRL's layouts share (spec 2, from the 0.9.9.7 source and
 * its engine library): dice, fills, restore_walls, sub-areas with their quirk, edge
 * squares, plot_lines, drunkard walks, tile stamps and the room finder. Spec
 * coordinates (1-based) throughout; doom.h's doom_get/doom_set convert. */
#include <string.h>

#include "gen/doomrl/doom.h"

int doom_d(rng *r, int n)
{
    return doom_range(r, 1, n);
}

void doom_fill(dfloor *f, doom_area a, terrain t)
{
    for (int y = a.y0; y <= a.y1; y++)
        for (int x = a.x0; x <= a.x1; x++)
            doom_set(f, x, y, t);
}

static void restore_one(dfloor *f, int x, int y, terrain wall, int keep_fluids)
{
    if (!(keep_fluids && terrain_is_fluid(doom_get(f, x, y))))
        doom_set(f, x, y, wall);
}

void doom_restore_walls(dfloor *f, terrain wall, int keep_fluids)
{
    for (int x = 1; x <= DOOM_W; x++) {
        restore_one(f, x, 1, wall, keep_fluids);
        restore_one(f, x, DOOM_H, wall, keep_fluids);
    }
    for (int y = 2; y < DOOM_H; y++) {
        restore_one(f, 1, y, wall, keep_fluids);
        restore_one(f, DOOM_W, y, wall, keep_fluids);
    }
}

void doom_sub_area(rng *r, doom_area a, int w, int h, int *x, int *y)
{
    *x = doom_range(r, a.x0, a.x1 - w);
    *y = doom_range(r, a.y0, a.y1 - h);
}

void doom_edge_square(rng *r, doom_area a, int *x, int *y)
{
    int w = a.x1 - a.x0 - 1, h = a.y1 - a.y0 - 1;  /* perimeter runs without corners */
    int i = doom_range(r, 0, 2 * w + 2 * h - 1);
    if (i < w) {
        *x = a.x0 + 1 + i;
        *y = a.y0;
    } else if ((i -= w) < w) {
        *x = a.x0 + 1 + i;
        *y = a.y1;
    } else if ((i -= w) < h) {
        *x = a.x0;
        *y = a.y0 + 1 + i;
    } else {
        *x = a.x1;
        *y = a.y0 + 1 + (i - h);
    }
}

void doom_plot_lines(dfloor *f, int x, int y, int horizontal, terrain t, terrain block,
                     doom_area a)
{
    int dx = horizontal, dy = !horizontal;
    for (int s = 1; s >= -1; s -= 2) {
        int cx = x, cy = y;
        while (horizontal ? (s > 0 ? cx < a.x1 : cx > a.x0) : (s > 0 ? cy < a.y1 : cy > a.y0)) {
            cx += s * dx;
            cy += s * dy;
            if (doom_get(f, cx, cy) == block)
                break;
            doom_set(f, cx, cy, t);
        }
    }
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

int doom_walk(rng *r, dfloor *f, doom_area a, int x, int y, int n, terrain t,
              int break_on_edge)
{
    int added = 0, w = f->w, h = f->h; /* read once: a store to a square may alias them */
    uint8_t *ter = f->terrain;
    for (int i = 0; i < n; i++) {
        if (x < a.x0 || x > a.x1 || y < a.y0 || y > a.y1) {
            if (break_on_edge)
                break;
            x = clamp(x, a.x0, a.x1);
            y = clamp(y, a.y0, a.y1);
        }
        if (x >= 1 && y >= 1 && x <= w && y <= h) {  /* a within the map */
            uint8_t *sq = &ter[(y - 1) * w + (x - 1)];
            added += *sq != t;
            *sq = (uint8_t)t;
        }
        /* one draw of 9 outcomes: the 3 x 3 block, staying put included (1/9 each) */
        static const int8_t MX[9] = { -1, 0, 1, -1, 0, 1, -1, 0, 1 };
        static const int8_t MY[9] = { -1, -1, -1, 0, 0, 0, 1, 1, 1 };
        int m = doom_range(r, 0, 8);
        x += MX[m];
        y += MY[m];
    }
    return added;
}

void doom_walks(rng *r, dfloor *f, doom_area a, int k, int n, terrain t)
{
    for (int i = 0; i < k; i++) {
        int x = doom_range(r, a.x0, a.x1), y = doom_range(r, a.y0, a.y1);
        doom_walk(r, f, a, x, y, n, t, 0);
    }
}

/* Bit k set when an orthogonal neighbour of (x, y) has terrain k (off the map: rock). */
static unsigned orth_kinds(const dfloor *f, int x, int y)
{
    return 1u << doom_get(f, x, y - 1) | 1u << doom_get(f, x + 1, y) |
           1u << doom_get(f, x, y + 1) | 1u << doom_get(f, x - 1, y);
}

void doom_contd_walks(rng *r, dfloor *f, doom_area a, int k, int n, terrain t,
                      const terrain e1[3], terrain e2)
{
    unsigned want1 = 1u << e1[0] | 1u << e1[1] | 1u << e1[2], want2 = 1u << e2;
    for (int i = 0; i < k; i++) {
        int x = 0, y = 0, found = 0;
        for (int tries = 0; tries < DOOM_START_CAP && !found; tries++) {
            x = doom_range(r, a.x0, a.x1);
            y = doom_range(r, a.y0, a.y1);
            unsigned near = orth_kinds(f, x, y);
            found = (near & want1) && (near & want2);
        }
        if (found)
            doom_walk(r, f, a, x, y, n, t, 1);
    }
}

static terrain tile_terrain(char ch)
{
    return ch == '#' ? T_WALL : ch == '+' ? T_DOOR : T_FLOOR;
}

void doom_stamp(dfloor *f, const char *const *rows, int w, int h, int x, int y, int flip)
{
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            char ch = rows[(flip & 2) ? h - 1 - j : j][(flip & 1) ? w - 1 - i : i];
            if (ch != '?')
                doom_set(f, x + i, y + j, tile_terrain(ch));
        }
}

int doom_count(const dfloor *f, terrain t)
{
    int n = 0;
    for (int i = 0; i < f->w * f->h; i++)
        n += f->terrain[i] == t;
    return n;
}

int doom_find_rooms(dfloor *f)
{
    uint8_t g[DOOM_PN];
    int stack[2 * DOOM_PN], regions = 0;
    memset(g, 0, sizeof g);
    const uint8_t *t = f->terrain; /* read once: a store to g may alias f's fields */
    for (int y = 0; y < DOOM_H; y++)
        for (int x = 0; x < DOOM_W; x++)
            g[DOOM_PAD(x, y)] = t[y * DOOM_W + x] == T_FLOOR;
    f->room_count = 0;
    for (int y = 0; y < DOOM_H; y++)
        for (int x = 0; x < DOOM_W; x++) {
            if (g[DOOM_PAD(x, y)] != 1)
                continue;
            doom_flood_out o;
            doom_flood(g, DOOM_PW, DOOM_PAD(x, y), stack, NULL, 0, &o);
            room box = { o.x0 - 1, o.y0 - 1, o.x1 - o.x0 + 1, o.y1 - o.y0 + 1 };
            regions++;
            if (o.cells == box.w * box.h && f->room_count < FLOOR_MAX_ROOMS)
                f->rooms[f->room_count++] = box;
        }
    return regions;
}

/* How many of the targets lie in l..r. */
static int targets_in(const int *t, int nt, int l, int r)
{
    int n = 0;
    for (int i = 0; i < nt; i++)
        n += t[i] >= l && t[i] <= r;
    return n;
}

/* Open and not yet filled: 1..0x7f (0 is closed, DOOM_FLOOD_SEEN marks filled). */
static inline int flood_open(uint8_t v)
{
    return (uint8_t)(v - 1) < DOOM_FLOOD_SEEN - 1;
}

void doom_flood(uint8_t *g, int pw, int start, int *stack, const int *targets, int n_targets,
                doom_flood_out *out)
{
    /* the counts and box in locals, written once: a store through g (bytes) may alias
       any int the compiler holds, so out's fields were loaded and stored per square */
    int top = 0, left = n_targets, cells = 0, floors = 0;
    int x0 = start % pw, y0 = start / pw, x1 = x0, y1 = y0;
    if (flood_open(g[start]))
        stack[top++] = start;
    while (top > 0 && (n_targets == 0 || left > 0)) {
        int s = stack[--top];
        if (!flood_open(g[s]))
            continue;
        int l = s, r = s;  /* the whole open run of this row around s */
        while (flood_open(g[l - 1]))
            l--;
        while (flood_open(g[r + 1]))
            r++;
        for (int i = l; i <= r; i++) {
            floors += (g[i] & DOOM_FLOOD_FLOOR) != 0;
            g[i] |= DOOM_FLOOD_SEEN;
        }
        left -= targets_in(targets, n_targets, l, r);
        int y = s / pw, xl = l - y * pw, xr = r - y * pw; /* one division a run */
        cells += r - l + 1;
        x0 = xl < x0 ? xl : x0;
        x1 = xr > x1 ? xr : x1;
        y0 = y < y0 ? y : y0;
        y1 = y > y1 ? y : y1;
        /* one seed per open run above and below, without a branch on the squares (the
           hottest loop here mispredicted on every run start): stack[top] is written
           every square and kept at a run's start. Each square is pushed at most once
           from the row above and once from the row below, and the pad is never open, so
           top stays under twice the grid's size less two */
        for (int d = -pw; d <= pw; d += 2 * pw) {
            int prev = 0;
            for (int i = l + d; i <= r + d; i++) {
                int open = flood_open(g[i]);
                stack[top] = i;
                top += open & !prev;
                prev = open;
            }
        }
    }
    *out = (doom_flood_out){ cells, floors, x0, y0, x1, y1 };
}

int doom_all_floor(const dfloor *f, int x, int y, int w, int h)
{
    for (int j = y; j < y + h; j++)
        for (int i = x; i < x + w; i++)
            if (doom_get(f, i, j) != T_FLOOR)
                return 0;
    return 1;
}
