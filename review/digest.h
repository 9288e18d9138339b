/* digest: a review of shot sets whose catalogs carry each floor's digest (the "digest"
 * column, review/catalog.h): floors with one digest are the same floor, so only floors
 * whose digests differ need pictures. Counts the changed floors a review did not draw and
 * picks, under a cap, the ones to draw (review/drawlist.h). docs/review.md "Digest first". */
#ifndef DELVE_REVIEW_DIGEST_H
#define DELVE_REVIEW_DIGEST_H

#include "base/status.h"
#include "review/drawlist.h"
#include "review/review.h"

#define DIGEST_DRAW_CAP 300   /* changed floors drawn by default (review --draw-cap) */
#define DIGEST_DRAW_MAX 10000 /* the cap at most: pictures a review keeps stay few */
#define DIGEST_PROBES 8       /* floors of one digest drawn too: the drawing may have
                                 changed where the floors did not */

/* After the pairs are tied to their lines (it->line): r->undrawn, the changed, added and
 * removed catalog lines no pair stands for, and r->same_undrawn, the same lines without
 * pictures. Only when r->digests; else both stay 0. */
void digest_tally(review_result *r);

/* The floors to draw (into *out, sorted; free with drawlist_free): every changed, added
 * and removed line ranked by the level type changed, added or removed first, then by
 * catalog cells changed, the first half of cap taken from the top and the rest as an even
 * sample of the others by (seed, floor); then DIGEST_PROBES lines of the same digest,
 * evenly spread (*probes: how many). The same catalogs always give the same list.
 * DELVE_ENOMEM. */
delve_status digest_plan(const review_result *r, int cap, drawlist *out, int *probes,
                         delve_err *err);

/* How many of l's floors no pair of r stands for: what a shot set must still draw. */
int digest_missing(const review_result *r, const drawlist *l);

#endif
