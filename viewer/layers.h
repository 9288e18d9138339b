/* layers: the overlays over the map, each on its own key (listed in the panel's
 * legend): the checks layer's findings, the tide layer's squares, the hover line's words
 * about them. Reads compare's squares for the hover words; calls only say. No SDL. */
#ifndef DELVE_VIEWER_LAYERS_H
#define DELVE_VIEWER_LAYERS_H

#include <stdint.h>

#include "gen/check.h"
#include "render/frame.h"
#include "viewer/compare.h"
#include "viewer/say.h"

typedef struct layers {
    unsigned on;                  /* FRAME_OV_* bits shown */
    const char *legend;           /* their keys in FRAME_OV_* order, for the panel */
    check_list checks;            /* the dungeon's findings, for the checks layer */
    frame_mark *marks;            /* the same as squares (NULL when none) */
    uint8_t *tide;                /* the tide layer's squares (FRAME_TIDE_*), or NULL */
    int tide_floor;               /* the floor it was made for, and the tide's step then */
    uint32_t tide_steps;
} layers;

/* Key k toggles its layer: the FRAME_OV_* bit toggled, or 0 when k is no layer's key
 * (d is one only with --compare: two). */
unsigned layers_key(layers *l, int k, int two);
/* The tide layer's figures for floor fi of w on s: squares of shallow water now, and
 * those dry now that the next high tide floods (or why there is no tide). */
void layers_tide_say(const layers *l, const world *w, int fi, say_line *s);
/* The layers made again for w (NULL: none) and its findings (family_check_dungeon);
 * the legend with d when two. No findings when out of memory. */
void layers_update(layers *l, const world *w, int two);
void layers_free(layers *l);
/* The tide layer for floor fi, made again when the floor or the tide's step changed;
 * NULL off Shoals floors or with the layer off (w NULL: nothing). */
void layers_tide_update(layers *l, const world *w, int fi);
/* Appends to buf (cap bytes) the layers' words on square (x, y) of floor fi: under
 * water, unlike the other dungeon (c), the findings there. */
void layers_hover(const layers *l, const compare *c, const world *w, int fi, int x, int y,
                  char *buf, size_t cap);
/* The layers shown, legend, findings and tide into o. */
void layers_to_frame(const layers *l, frame_opts *o);

#endif
