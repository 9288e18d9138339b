/* resheet: `delve sheet`'s work as a library: a film's folder (frames/, events.tsv, the
 * marker `delve film` leaves) made into a contact sheet again, in pages staged under
 * hidden names and placed together, or the health chart alone. */
#ifndef DELVE_FILMS_RESHEET_H
#define DELVE_FILMS_RESHEET_H

#include <signal.h>

#include "base/status.h"
#include "films/film.h"

typedef struct resheet_opts {
    const char *dir;       /* the film's folder, below FILM_PATH_MAX bytes */
    const char *out;       /* SHEET.png; pages SHEET-1.png ... when one would pass 16000 px */
    const char *title;     /* NULL: the film's title from the marker, else the folder's name */
    int columns;           /* 1..48 */
    sheet_pick pick;       /* which frames get a cell */
    int pick_every;        /* N of every=N */
    int chart_only;        /* 1: the chart alone, of every frame and untitled */
    const volatile sig_atomic_t *stop; /* NULL, or polled before each page */
} resheet_opts;

typedef struct resheet_result {
    int frames;            /* the film's frames (events.tsv's last) */
    int picked;            /* cells drawn */
    int pages;             /* pages written */
} resheet_result;

/* Makes the sheet. A frame that is missing keeps a labelled blank cell; one that is
 * there and no readable PNG is an error naming it; events.tsv's faults at file:line:col.
 * Pages are placed only when all are made (none on a failure or a stop: DELVE_ESTOP), and
 * then an earlier sheet's PNG pages this one does not write again are removed. */
delve_status resheet_make(const resheet_opts *o, resheet_result *r, delve_err *err);

#endif
