/* repro: the commands that remake a pair's floor, as the report shows them (the page's
 * "reproduce" line, review.json's reproduce_lines, the Markdown summary and the JUnit
 * failures): HEAD's `delve view` and `delve shot` from its catalog's templates, and
 * BASE's when they differ. Uses review/review. */
#ifndef DELVE_REVIEW_REPRO_H
#define DELVE_REVIEW_REPRO_H

#include <stddef.h>

#include "review/review.h"

#define REPRO_CMD_CAP 1024  /* bytes of one command (longer: left out) */

/* [side][0] the view command, [side][1] the shot command of side 0 (BASE) or 1 (HEAD). */
typedef struct repro {
    char cmd[2][2][REPRO_CMD_CAP];
    int have[2][2];
    int same;   /* 1: both sides give the same commands: HEAD's stand for both */
    int any;    /* 0: no command at all (no templates, or the name is not a floor's) */
} repro;

/* The commands of it into *p (review_reproduce for each side and key). */
void repro_of(const review_result *r, const review_item *it, repro *p);

/* The commands in the order the page shows them: BASE's view and shot unless same, then
 * HEAD's; the k-th (0-based) or NULL past the last. */
const char *repro_line(const repro *p, int k);

/* The one command that remakes the pair's PNG: the shot command (else the view command)
 * of the side that holds the picture shown (BASE for a removed pair, else HEAD), else
 * the other side's; NULL when none. */
const char *repro_main(const repro *p, const review_item *it);

#endif
