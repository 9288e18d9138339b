/* walk: breadth-first walking distances on one floor and the helpers built on them
 * (connectivity, the main way, squares by a wall or a door), shared by every family's
 * passes. Private to gen/. Uses engine only. */
#ifndef DELVE_GEN_WALK_H
#define DELVE_GEN_WALK_H

#include "engine/floor.h"

/* Walking distances on f from (sx, sy) over walkable squares, 4 neighbours, never into
 * a pit or the square skip (y * w + x; -1 for none). dist and queue hold w * h ints;
 * dist[i] = steps or -1. Returns how many squares were reached (the start included;
 * 0 when the start itself cannot be stood on or is skip). engine's path_walk does the
 * walking; unlike path_floor_dist, a start on a pit reaches nothing. */
int walk_dist(const dfloor *f, int sx, int sy, int skip, int *dist, int *queue);

/* Squares a walker can stand on: walkable terrain and no pit. */
int walk_count(const dfloor *f);

/* Marks main[i] = 1 on the main way: from the entrance, each step to the first
 * neighbour in N, E, S, W order that is one step closer to the goal (a shortest
 * walk). main, dist and queue hold w * h. Returns the steps, or -1 when the goal
 * cannot be reached. */
int walk_main_way(const dfloor *f, unsigned char *main, int *dist, int *queue);

/* If (x, y) is room floor against a wall (an orthogonal neighbour is T_WALL), returns 1
 * and the first such direction in N, E, S, W order; else 0. dx, dy may be NULL. These
 * are the squares rest stations stand on, so pit landings avoid them. */
int walk_by_wall(const dfloor *f, int x, int y, int *dx, int *dy);

/* 1 when any of the 8 squares around (x, y) is a door. */
int walk_near_door(const dfloor *f, int x, int y);

#endif
