/* look: palette tables, indexed by the engine's enums. */
#include "render/look.h"

#include "engine/monster.h"
#include "engine/party.h"

#define RGB(r, g, b) { r, g, b, 255 }

/* name, base, line (grout/mortar), accent (lit edge/crest), grain */
static const terrain_look TERRAIN_LOOK[] = {
    [T_ROCK]     = { "rock",     RGB(22, 21, 25),   RGB(14, 13, 16),  RGB(32, 31, 36),   2 },
    [T_WALL]     = { "wall",     RGB(84, 80, 92),   RGB(42, 40, 48),  RGB(150, 144, 156), 6 },
    [T_FLOOR]    = { "floor",    RGB(112, 102, 88), RGB(74, 67, 58),  RGB(132, 122, 106), 6 },
    [T_CORRIDOR] = { "corridor", RGB(70, 65, 60),   RGB(50, 46, 43),  RGB(86, 80, 74),   7 },
    [T_DOOR]     = { "door",     RGB(132, 86, 44),  RGB(78, 48, 24),  RGB(160, 112, 64), 6 },
    [T_WATER]    = { "water",    RGB(30, 70, 130),  RGB(20, 48, 96),  RGB(110, 170, 230), 4 },
    [T_ACID]     = { "acid",     RGB(70, 140, 30),  RGB(44, 96, 20),  RGB(190, 240, 90), 4 },
    [T_LAVA]     = { "lava",     RGB(190, 60, 14),  RGB(120, 28, 8),  RGB(255, 190, 70), 6 },
    [T_BRIDGE]   = { "bridge",   RGB(120, 82, 46),  RGB(70, 46, 24),  RGB(150, 108, 64), 6 },
    [T_BOX]      = { "box",      RGB(126, 96, 52),  RGB(72, 52, 26),  RGB(168, 132, 76), 5 },
    [T_CAVE_WALL]= { "cave wall",RGB(76, 66, 58),   RGB(38, 32, 28),  RGB(118, 104, 92), 9 },
    [T_DEEP]     = { "deep water",RGB(14, 40, 92),  RGB(8, 26, 64),   RGB(60, 110, 180), 4 },
    [T_SHALLOW]  = { "shallow water",RGB(56, 120, 160),RGB(38, 90, 126),RGB(150, 210, 235), 4 },
    [T_HIGH]     = { "high ground",RGB(96, 120, 64), RGB(64, 84, 40),  RGB(130, 156, 90), 6 },
    [T_STAIR]    = { "stair",    RGB(120, 112, 100),RGB(40, 36, 32),  RGB(170, 160, 144), 5 },
    [T_RAMP]     = { "ramp",     RGB(104, 96, 84),  RGB(60, 56, 50),  RGB(230, 214, 150), 4 },
    [T_TURN]     = { "turning stair",RGB(128, 110, 92),RGB(40, 34, 28),RGB(200, 170, 130), 5 },
    [T_CURVE]    = { "curve mark",RGB(70, 65, 60),  RGB(50, 46, 43),  RGB(150, 200, 220), 7 },
};
_Static_assert(sizeof TERRAIN_LOOK / sizeof TERRAIN_LOOK[0] == T_TERRAIN_COUNT,
               "terrain look rows");

/* name, base, accent */
static const way_look WAY_LOOK[] = {
    [WAY_LIFT]   = { "lift",   RGB(92, 98, 108),  RGB(250, 206, 60) },
    [WAY_LADDER] = { "ladder", RGB(16, 14, 18),   RGB(176, 128, 70) },
    [WAY_STAIR]  = { "stair",  RGB(120, 112, 100), RGB(60, 56, 52) },
    [WAY_RAMP]   = { "ramp",   RGB(104, 96, 84),  RGB(200, 190, 160) },
    [WAY_SPIRAL] = { "spiral", RGB(110, 104, 96), RGB(56, 52, 48) },
};
_Static_assert(sizeof WAY_LOOK / sizeof WAY_LOOK[0] == WAY_KIND_COUNT, "way look rows");

/* name, body, detail */
static const fixture_look FIXTURE_LOOK[] = {
    [LOOK_FONT]         = { "font",         RGB(168, 168, 178), RGB(70, 150, 230) },
    [LOOK_DRIP_BENCH]   = { "drip bench",   RGB(104, 64, 36),   RGB(150, 210, 240) },
    [LOOK_NUTRIENT_TAP] = { "nutrient tap", RGB(128, 138, 146), RGB(190, 210, 70) },
};
_Static_assert(sizeof FIXTURE_LOOK / sizeof FIXTURE_LOOK[0] == LOOK_COUNT,
               "fixture look rows");

/* name, colour */
static const struct { const char *name; rgba col; } LAMP_LOOK[] = {
    [LAMP_READY] = { "ready", RGB(64, 240, 104) },
    [LAMP_SPENT] = { "spent", RGB(255, 164, 28) },
};
_Static_assert(sizeof LAMP_LOOK / sizeof LAMP_LOOK[0] == LAMP_SPENT + 1, "lamp rows");

const terrain_look *look_terrain(terrain t)
{
    return (t >= 0 && t < T_TERRAIN_COUNT) ? &TERRAIN_LOOK[t] : &TERRAIN_LOOK[T_ROCK];
}

const way_look *look_way(way_kind k)
{
    return (k >= 0 && k < WAY_KIND_COUNT) ? &WAY_LOOK[k] : &WAY_LOOK[WAY_LIFT];
}

const fixture_look *look_fixture(station_look l)
{
    return (l >= 0 && l < LOOK_COUNT) ? &FIXTURE_LOOK[l] : &FIXTURE_LOOK[LOOK_FONT];
}

rgba look_lamp(station_lamp lamp)
{
    return LAMP_LOOK[lamp == LAMP_SPENT ? LAMP_SPENT : LAMP_READY].col;
}

/* name, body, detail; rows follow engine/monster.h's kinds */
static const monster_look MONSTER_LOOK[] = {
    { "rat",          RGB(128, 104, 84),  RGB(240, 90, 90) },
    { "bat",          RGB(70, 58, 78),    RGB(255, 220, 120) },
    { "skeleton",     RGB(222, 214, 190), RGB(30, 24, 20) },
    { "ghoul",        RGB(104, 138, 92),  RGB(250, 240, 90) },
    { "floating eye", RGB(210, 200, 230), RGB(60, 110, 220) },
};

/* DoomRL's kinds in gen/doomrl/doom_stock.c's row order, stored from MONSTER_KIND_DOOMRL */
static const monster_look DOOM_LOOK[] = {
    { "former human",          RGB(96, 128, 80),   RGB(230, 60, 40) },
    { "former sergeant",       RGB(60, 90, 60),    RGB(230, 60, 40) },
    { "former captain",        RGB(120, 70, 60),   RGB(250, 200, 60) },
    { "imp",                   RGB(140, 96, 60),   RGB(255, 140, 40) },
    { "demon",                 RGB(210, 120, 140), RGB(255, 240, 240) },
    { "lost soul",             RGB(240, 170, 60),  RGB(255, 250, 200) },
    { "cacodemon",             RGB(200, 40, 40),   RGB(80, 200, 90) },
    { "hell knight",           RGB(170, 150, 120), RGB(120, 230, 80) },
    { "baron of hell",         RGB(210, 170, 150), RGB(120, 230, 80) },
    { "arachnotron",           RGB(150, 150, 160), RGB(255, 60, 60) },
    { "former commando",       RGB(150, 40, 40),   RGB(255, 220, 120) },
    { "pain elemental",        RGB(150, 100, 70),  RGB(255, 80, 40) },
    { "revenant",              RGB(230, 226, 210), RGB(60, 40, 30) },
    { "mancubus",              RGB(170, 140, 100), RGB(255, 160, 40) },
    { "arch-vile",             RGB(220, 200, 140), RGB(255, 80, 30) },
    { "nightmare imp",         RGB(70, 50, 90),    RGB(200, 120, 255) },
    { "nightmare cacodemon",   RGB(50, 60, 170),   RGB(230, 230, 90) },
    { "nightmare demon",       RGB(90, 40, 90),    RGB(255, 200, 255) },
    { "nightmare arachnotron", RGB(70, 70, 90),    RGB(120, 255, 200) },
    { "lava elemental",        RGB(230, 90, 20),   RGB(255, 240, 120) },
};

monster_look look_monster(int kind)
{
    int n = (int)(sizeof MONSTER_LOOK / sizeof MONSTER_LOOK[0]);
    int nd = (int)(sizeof DOOM_LOOK / sizeof DOOM_LOOK[0]);
    if (kind >= 0 && kind < n)
        return MONSTER_LOOK[kind];
    if (kind >= MONSTER_KIND_DOOMRL && kind < MONSTER_KIND_DOOMRL + nd)
        return DOOM_LOOK[kind - MONSTER_KIND_DOOMRL];
    uint32_t h = (uint32_t)kind * 2654435761u;
    monster_look l = { "monster", { (uint8_t)(96 + (h >> 8) % 120), (uint8_t)(60 + (h >> 16) % 100),
                                    (uint8_t)(60 + (h >> 24) % 100), 255 },
                       { 255, 230, 120, 255 } };
    return l;
}

/* name, base, edge (surf on water, damp on land), grain; deep to high (spec/shoals.md) */
static const shore_look SHORE_LOOK[] = {
    [SB_DEEP_DARK]    = { "deep, dark",      RGB(10, 30, 72),    RGB(24, 56, 110),   2 },
    [SB_DEEP]         = { "deep",            RGB(16, 44, 98),    RGB(34, 74, 136),   2 },
    [SB_DEEP_EDGE]    = { "deep, near up",   RGB(22, 62, 124),   RGB(50, 100, 160),  3 },
    [SB_SHALLOW_DEEP] = { "shallow, deeper", RGB(34, 96, 150),   RGB(90, 160, 200),  3 },
    [SB_SHALLOW]      = { "shallow",         RGB(50, 132, 170),  RGB(130, 200, 220), 3 },
    [SB_SHALLOW_EDGE] = { "shallow, edge",   RGB(84, 170, 184),  RGB(200, 236, 236), 3 },
    [SB_WET_SAND]     = { "wet sand",        RGB(160, 142, 100), RGB(120, 108, 80),  5 },
    [SB_SAND]         = { "sand",            RGB(214, 194, 138), RGB(170, 154, 110), 5 },
    [SB_DUNE]         = { "dune",            RGB(186, 182, 112), RGB(160, 150, 100), 6 },
    [SB_GRASS]        = { "grass",           RGB(96, 148, 70),   RGB(150, 150, 96),  7 },
    [SB_HIGH]         = { "high ground",     RGB(112, 116, 96),  RGB(80, 96, 64),    8 },
};
_Static_assert(sizeof SHORE_LOOK / sizeof SHORE_LOOK[0] == SB_COUNT, "shore look rows");

const shore_look *look_shore(shore_band b)
{
    return (b >= 0 && b < SB_COUNT) ? &SHORE_LOOK[b] : &SHORE_LOOK[SB_DEEP_DARK];
}

/* Each member's colour, by place in the party: the chart's lines and the compact
 * frame's party dots */
static const rgba MEMBER_LOOK[PARTY_MAX] = {
    { 250, 196, 64, 255 },  /* amber */
    { 80, 200, 240, 255 },  /* sky */
    { 236, 96, 200, 255 },  /* pink */
    { 120, 220, 100, 255 }, /* green */
    { 250, 130, 70, 255 },  /* orange */
    { 180, 150, 255, 255 }, /* violet */
};

rgba look_member(int m)
{
    return MEMBER_LOOK[(m % PARTY_MAX + PARTY_MAX) % PARTY_MAX];
}
