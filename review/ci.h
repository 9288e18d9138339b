/* ci: what `delve review` gives CI besides the page: the review as one JSON
 * document (--format json, docs/review.md "JSON") and as JUnit XML (--junit FILE: one
 * testcase per pair, a failure for each changed, added or removed one, and one per tested
 * distribution column, a failure when flagged), and the pieces the Markdown summary
 * (review/markdown) shares with them. Reads a review/review result; never writes. Uses
 * base, review/review, review/repro and cJSON. */
#ifndef DELVE_REVIEW_CI_H
#define DELVE_REVIEW_CI_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "base/status.h"
#include "review/review.h"

/* The review as JSON (schema "delve-review/1", docs/review.md), malloc'ed text with a
 * newline into *text. dist_json is `delve stats --compare --format json`'s document for
 * the two catalogs, or NULL; it is copied. base and head are the folders as given.
 * DELVE_ENOMEM. */
delve_status ci_json(const review_result *r, const char *base, const char *head,
                     const review_opts *o, const cJSON *dist_json, char **text,
                     delve_err *err);

/* A distribution row's figures as the page's table shows them. */
typedef struct ci_figures {
    char a[1024], b[1024]; /* numeric: "4.200 (1.100)" (mean, sd); categories: "rooms
                              60.0%, caves 40.0%" (each side's shares) */
    char moves[48];        /* paired: "20 / 3" (floors up / down), "5 changed"
                              (categories); "" unpaired */
    char p[16];            /* Holm's p: "0.0031", "< 1e-6"; "" when not tested */
} ci_figures;

void ci_figures_of(const review_dist *d, const review_dist_row *w, ci_figures *f);

/* Why the pair fails, in one line without the diff image or the reproduce command:
 * "changed: 1234 pixels (0.084 %); catalog: ways 2 -> 3". */
void ci_failure_text(const review_result *r, const review_item *it, char *buf, size_t size);

/* 1 when the pair fails in CI: changed, added or removed pixels, or its catalog line
 * changed, added or removed. */
int ci_fails(const review_result *r, const review_item *it);

/* The JUnit XML of r into *text (malloc'd, NUL-terminated, *len bytes): <testsuites>
 * with one <testsuite name="delve review"> holding the verdict (verdict_text, the page's
 * first sentences) as its property "verdict" and as its <system-out>, a <testcase> per
 * pair (classname "delve.review", name the file name), a <failure> on each that ci_fails
 * (its message: why, then the diff image as report/diff/NAME when there is one, then the
 * command that remakes the PNG), and one testcase "catalog.tsv" for catalog lines
 * without a PNG; then, when o->dist tested any column, <testsuite name="delve review
 * distributions"> with a testcase per tested column (classname
 * "delve.review.distribution"), failing when flagged. report is the report's folder as
 * given (NULL: none). tests/junit.xsd is its schema. DELVE_ENOMEM. */
delve_status ci_junit(const review_result *r, const review_opts *o, const char *report,
                      char **text, size_t *len, delve_err *err);

#endif
