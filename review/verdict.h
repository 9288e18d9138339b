/* verdict: what a review found, in one or two sentences of game terms, made here alone
 * for every output that says it (the page's first line, `delve review`'s first terminal
 * line, scripts/review-change's, and any other form of the review), so they never
 * disagree: which catalog columns moved (those the distribution table flagged, Holm,
 * spec/review-stats.md), by how much and on how many floors (the level-type mix named
 * first as the cause of those it explains, spec "Level-type mix"), then what else changed
 * (pictures, floors, columns that moved too little to flag), or "nothing else".
 * docs/review.md "The verdict" gives the wording. Reads a review_result and its
 * review_dist only; prints nothing. Uses base and review/review.h's types. */
#ifndef DELVE_REVIEW_VERDICT_H
#define DELVE_REVIEW_VERDICT_H

#include <stddef.h>

#include "review/review.h"

#define VERDICT_MAX 1024    /* bytes of a verdict and its NUL: enough, since each list
                               of columns names at most VERDICT_NAMED */
#define VERDICT_NAMED 3     /* columns a list names (flagged, moved, on one side only);
                               "and N more" after */
#define VERDICT_CATS_MAX 160 /* a flagged categorical column's shares are quoted when
                                shorter than this; DoomRL's many level types are not */

/* The verdict of review r whose distribution table is d (NULL, or no rows, when the two
 * catalogs were not compared: a side without catalog.tsv, or a build without GSL) into
 * buf: one line, no newline, UTF-8 ("→" from the table's shares), cut at size - 1 bytes;
 * empty when out of memory (a verdict is never worth failing a review for).
 * Examples: "Nothing changed: 360 floors, same pictures and same catalog."; "Stations
 * per floor fell from 0.491 to 0.253 (214 floors down, 0 up); nothing else changed.";
 * "No catalog column flagged: 12 of 120 pictures changed; same catalog." */
void verdict_text(const review_result *r, const review_dist *d, char *buf, size_t size);

#endif
