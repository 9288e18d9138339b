/* look: the renderer's palette as data: one row per terrain kind, way kind and rest
 * station look, and the colours of lamps, pit glow, marks and the HUD. Change colours
 * here and nowhere else (goldens change with them). Internal to render/. */
#ifndef DELVE_RENDER_LOOK_H
#define DELVE_RENDER_LOOK_H

#include "engine/floor.h"
#include "engine/station.h"
#include "render/canvas.h"

typedef struct terrain_look {
    const char *name;
    rgba base;    /* the main surface */
    rgba line;    /* grout, mortar, seams */
    rgba accent;  /* highlights: lit wall edge, shimmer crest */
    int grain;    /* +- texture noise in colour steps */
} terrain_look;

typedef struct way_look {
    const char *name;
    rgba base;
    rgba accent;
} way_look;

typedef struct fixture_look {
    const char *name;
    rgba body;    /* stone, wood or metal of the fixture */
    rgba detail;  /* water, drip, nutrient */
} fixture_look;

const terrain_look *look_terrain(terrain t);  /* out of range: the rock row */

typedef struct monster_look {
    const char *name;
    rgba body, detail;  /* hide or carapace; eyes and markings */
} monster_look;
/* The look of a monster kind (engine/monster.h); kinds past the table get a look made
 * from the kind number, so other level types' monsters still show. */
monster_look look_monster(int kind);
const way_look *look_way(way_kind k);         /* out of range: the lift row */
const fixture_look *look_fixture(station_look l);
rgba look_lamp(station_lamp lamp);           /* green ready, amber spent */
rgba look_member(int m);                      /* member m's colour (chart, compact party) */

/* Shoals ground by band (render/shore.c picks the band from the square's terrain, its
 * height and the tide): deepest water first, up to high ground. */
typedef enum shore_band {
    SB_DEEP_DARK,     /* deep water 40+ units under the tide */
    SB_DEEP,          /* deep water 25-39 under */
    SB_DEEP_EDGE,     /* deep water less than 25 under */
    SB_SHALLOW_DEEP,  /* shallow water 15+ under */
    SB_SHALLOW,       /* shallow water 7-14 under */
    SB_SHALLOW_EDGE,  /* shallow water 1-6 under: the waterline */
    SB_WET_SAND,      /* floor less than 4 above the tide */
    SB_SAND,          /* floor the high tide reaches (h < 25) */
    SB_DUNE,          /* floor 25-44: dry at every tide */
    SB_GRASS,         /* floor 45-99 */
    SB_HIGH,          /* high ground, h >= 100 */
    SB_COUNT
} shore_band;

typedef struct shore_look {
    const char *name;
    rgba base;
    rgba edge;   /* along a neighbour of the other kind: surf on water, damp on land */
    int grain;
} shore_look;

const shore_look *look_shore(shore_band b);  /* out of range: the deepest row */
#define LOOK_FOAM         ((rgba){ 240, 250, 255, 255 })  /* where the tide just moved */

/* Single colours, named by where they show. */
#define LOOK_VOID         ((rgba){ 7, 7, 9, 255 })        /* outside the floor */
#define LOOK_PIT_PLATE    ((rgba){ 86, 76, 68, 255 })     /* buckled plate metal */
#define LOOK_PIT_SEAM     ((rgba){ 40, 18, 12, 255 })     /* a seam, unlit */
#define LOOK_PIT_GLOW     ((rgba){ 255, 72, 16, 255 })    /* seam glow and halo */
#define LOOK_PIT_CORE     ((rgba){ 255, 206, 96, 255 })   /* the hottest seam pixels */
#define LOOK_PIT_MOTE     ((rgba){ 255, 190, 80, 255 })
#define LOOK_HOLE         ((rgba){ 2, 2, 3, 255 })        /* an open pit */
#define LOOK_HOLE_RIM     ((rgba){ 104, 92, 82, 255 })
#define LOOK_PARTY        ((rgba){ 250, 252, 255, 255 })
#define LOOK_PARTY_DOT    ((rgba){ 120, 230, 255, 255 })
#define LOOK_PARTY_EDGE   ((rgba){ 0, 0, 0, 200 })
#define LOOK_ENTRANCE     ((rgba){ 70, 210, 220, 255 })
#define LOOK_GOAL         ((rgba){ 246, 204, 64, 255 })
#define LOOK_TUBE_WALL    ((rgba){ 58, 52, 56, 255 })
#define LOOK_TUBE_LAMP    ((rgba){ 200, 32, 24, 255 })
#define LOOK_DUST         ((rgba){ 196, 180, 156, 255 })

/* HUD */
#define LOOK_PANEL        ((rgba){ 20, 20, 26, 255 })
#define LOOK_PANEL_EDGE   ((rgba){ 52, 52, 64, 255 })
#define LOOK_TEXT         ((rgba){ 230, 230, 236, 255 })
#define LOOK_TEXT_DIM     ((rgba){ 150, 150, 162, 255 })
#define LOOK_TEXT_DEAD    ((rgba){ 110, 110, 116, 255 })
#define LOOK_HEALTH       ((rgba){ 220, 48, 44, 255 })
#define LOOK_HEALTH_BACK  ((rgba){ 78, 18, 20, 255 })
#define LOOK_POWER        ((rgba){ 60, 120, 236, 255 })
#define LOOK_POWER_BACK   ((rgba){ 20, 34, 76, 255 })
#define LOOK_DEAD_BAR     ((rgba){ 84, 84, 88, 255 })
#define LOOK_AMBER        ((rgba){ 255, 176, 48, 255 })
#define LOOK_CAPTION_BOX  ((rgba){ 34, 34, 44, 255 })
#define LOOK_SHEET_BACK   ((rgba){ 16, 16, 20, 255 })
#define LOOK_SHEET_GOOD   ((rgba){ 64, 200, 88, 255 })

#endif
