/* dist_review: `delve review`'s distribution table: the two shot sets' catalog.tsv
 * compared (review/dist) into the page's rows (review_dist, drawn by review/review_page)
 * and review.json's copy of `delve stats --compare --format json` (review/dist_text). */
#ifndef DELVE_REVIEW_DIST_REVIEW_H
#define DELVE_REVIEW_DIST_REVIEW_H

#include <cjson/cJSON.h>

#include "base/status.h"
#include "review/review.h"

#define DIST_REVIEW_PATH 4096  /* bytes of a side's catalog.tsv path (longer: cut) */

typedef struct dist_review {
    review_dist table;   /* the page's rows, flagged first; none when not compared */
    cJSON *json;         /* the stats --compare JSON document, or NULL */
    int has[2];          /* 1: side 0 (base) or 1 (head) holds a catalog.tsv */
    char path[2][DIST_REVIEW_PATH];  /* each side's catalog.tsv */
} dist_review;

/* dir_a/catalog.tsv and dir_b/catalog.tsv compared when both exist, at DIST_ALPHA
 * (d->has says which exist; one alone is not compared, and is no error). dist_files'
 * errors: a catalog that cannot be read as one is DELVE_EINPUT at its file:line:col;
 * DELVE_EFAIL in a build without GSL. d is set even on failure: dist_review_free. */
delve_status dist_review_load(const char *dir_a, const char *dir_b, dist_review *d,
                              delve_err *err);
void dist_review_free(dist_review *d);

#endif
