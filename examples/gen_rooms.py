#!/usr/bin/env python3
"""gen_rooms.py: a dungeon generator outside delve, as a teaching example.

Prints a multi-floor .dun (docs/dun-format.md) on stdout, or writes it to --out FILE:
rectangular rooms joined by corridors with doors where they meet, a lift (and on some
floors a ladder) between each floor and the next, pits over open ground on the floor
below and rest stations against walls, so a party can walk, fall and heal.
The same --seed gives the same bytes (random.Random(seed), nothing else random).

    python3 examples/gen_rooms.py --seed 42 --floors 3 > d.dun && delve check d.dun
    delve shot --generator 'python3 examples/gen_rooms.py --seed {seed}' --seed 42 -o a.png

docs/generators.md says how delve runs a generator. Standard library only.
"""
import argparse
import random
import sys

ROOMS_PER_FLOOR = 6      # rooms tried on each floor
WIDTH, HEIGHT = 56, 28   # a floor's squares
PITS_PER_FLOOR = 2       # at most, not on the bottom floor
STATIONS_PER_FLOOR = 2   # at most
TRIES = 200              # placement attempts before a floor makes do with what it has


def place_rooms(rng):
    """Rooms as (x, y, w, h) interiors, their walls one square apart at least."""
    rooms = []
    for _ in range(TRIES):
        if len(rooms) == ROOMS_PER_FLOOR:
            break
        w, h = rng.randint(4, 10), rng.randint(3, 6)
        x, y = rng.randint(2, WIDTH - w - 2), rng.randint(2, HEIGHT - h - 2)
        if all(x + w + 2 < rx or rx + rw + 2 < x or y + h + 2 < ry or ry + rh + 2 < y
               for rx, ry, rw, rh in rooms):
            rooms.append((x, y, w, h))
    return rooms


def carve(rng, rooms):
    """The map as rows of glyphs: rooms walled, each joined to the next by an L-shaped
    corridor; a corridor through a wall makes a door there."""
    grid = [[' '] * WIDTH for _ in range(HEIGHT)]
    for x, y, w, h in rooms:
        for yy in range(y - 1, y + h + 1):
            for xx in range(x - 1, x + w + 1):
                inside = x <= xx < x + w and y <= yy < y + h
                grid[yy][xx] = '.' if inside else '#'
    for a, b in zip(rooms, rooms[1:]):
        (ax, ay), (bx, by) = centre(a), centre(b)
        across = [(x, ay) for x in steps(ax, bx)] + [(bx, y) for y in steps(ay, by)]
        down = [(ax, y) for y in steps(ay, by)] + [(x, by) for x in steps(ax, bx)]
        walls = [sum(grid[y][x] == '#' for x, y in p) for p in (across, down)]
        # the L through fewer walls (fewer doors in a row along one), else either
        path = across if walls[0] < walls[1] or (walls[0] == walls[1] and rng.random() < 0.5) \
            else down
        for x, y in path:
            grid[y][x] = {' ': ',', '#': '+'}.get(grid[y][x], grid[y][x])
    return grid


def centre(room):
    x, y, w, h = room
    return x + w // 2, y + h // 2


def steps(a, b):
    return range(a, b + 1) if a <= b else range(a, b - 1, -1)


def inner(room):
    """A room's squares off its walls: pits there split no walk, ways stand free."""
    x, y, w, h = room
    return [(xx, yy) for yy in range(y + 1, y + h - 1) for xx in range(x + 1, x + w - 1)]


def make_floor(rng):
    rooms = place_rooms(rng)
    return {'rooms': rooms, 'grid': carve(rng, rooms), 'ways': [], 'pits': [],
            'stations': [], 'taken': set()}


def free_square(rng, floor, squares):
    squares = [s for s in squares if s not in floor['taken']]
    return rng.choice(squares) if squares else None


def link(rng, upper, lower, n, kind, glyph):
    """A way between floor n (upper) and n + 1 (lower), at one square of both when their
    rooms overlap, else at a square of each."""
    both = set(sq for r in lower['rooms'] for sq in inner(r)) - lower['taken']
    ours = [sq for r in upper['rooms'] for sq in inner(r)]
    here = free_square(rng, upper, [sq for sq in ours if sq in both]) or free_square(rng, upper, ours)
    there = here if here in both else free_square(rng, lower, sorted(both))
    if here is None or there is None:
        return
    for floor, (x, y), other, to in ((upper, here, n + 1, there), (lower, there, n, here)):
        floor['grid'][y][x] = glyph
        floor['taken'].add((x, y))
        floor['ways'].append('way %s %d %d to %d %d %d' % (kind, x, y, other, to[0], to[1]))


def add_pits(rng, floor, below):
    """Pits inside rooms whose landing, the same square of the floor below, is room floor
    or corridor that nothing else uses (every floor's rooms are joined, so a landing
    walks to the way up)."""
    for _ in range(rng.randint(0, PITS_PER_FLOOR)):
        open_below = [sq for r in floor['rooms'] for sq in inner(r)
                      if below['grid'][sq[1]][sq[0]] in '.,' and sq not in below['taken']]
        sq = free_square(rng, floor, open_below)
        if sq:
            floor['pits'].append('pit %d %d' % sq)
            floor['taken'].add(sq)
            below['taken'].add(sq)  # the landing: no pit of that floor over it


def add_stations(rng, floor):
    """Rest stations on a room's top row, against its north wall, not under a door."""
    for _ in range(rng.randint(1, STATIONS_PER_FLOOR)):
        x, y, w, h = rng.choice(floor['rooms'])
        row = [(xx, y) for xx in range(x, x + w) if floor['grid'][y - 1][xx] == '#']
        sq = free_square(rng, floor, row)
        if sq:
            look = rng.choice(['font', 'drip-bench', 'nutrient-tap'])
            floor['stations'].append('station %d %d %s wall north' % (sq[0], sq[1], look))
            floor['taken'].add(sq)


def dungeon(seed, floors):
    rng = random.Random(seed)
    levels = [make_floor(rng) for _ in range(floors)]
    for f in levels:  # entrance in the first room, goal in the last
        for what, room in (('entrance', f['rooms'][0]), ('goal', f['rooms'][-1])):
            sq = free_square(rng, f, inner(room) or [centre(room)])
            f[what] = sq
            f['taken'].add(sq)
    for n in range(floors - 1):
        link(rng, levels[n], levels[n + 1], n + 1, 'lift', 'L')
        if rng.random() < 0.5:
            link(rng, levels[n], levels[n + 1], n + 1, 'ladder', 'H')
    for upper, lower in zip(levels, levels[1:]):
        add_pits(rng, upper, lower)
    for f in levels:
        add_stations(rng, f)
    return levels


def dun_text(seed, levels):
    out = ['delve-dun 1', '# made by examples/gen_rooms.py', 'seed %d' % seed,
           'floors %d' % len(levels)]
    for n, f in enumerate(levels, 1):
        out += ['', 'floor %d rooms dlevel %d size %d %d' % (n, n, WIDTH, HEIGHT), 'map']
        out += [''.join(row).rstrip() for row in f['grid']]
        out += ['endmap', 'entrance %d %d' % f['entrance'], 'goal %d %d' % f['goal']]
        out += ['room %d %d %d %d' % r for r in f['rooms']]
        out += f['ways'] + f['pits'] + f['stations']
    return '\n'.join(out) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--seed', type=int, required=True)
    ap.add_argument('--floors', type=int, default=3, choices=range(1, 33), metavar='F')
    ap.add_argument('--out', help='write the .dun here instead of stdout')
    a = ap.parse_args()
    text = dun_text(a.seed, dungeon(a.seed, a.floors))
    if a.out:
        with open(a.out, 'w') as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == '__main__':
    main()
