/* ci: what `delve review` gives CI besides the page: the review as one JSON
 * document (--format json, docs/review.md "JSON") and as JUnit XML (--junit FILE: one
 * testcase per pair, a failure for each changed, added or removed one). Reads a
 * review/review result; writes with base/fsio (atomic). Uses base, review/review and
 * cJSON. */
#ifndef DELVE_REVIEW_CI_H
#define DELVE_REVIEW_CI_H

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

/* 1 when the pair fails in CI: changed, added or removed pixels, or its catalog line
 * changed, added or removed. */
int ci_fails(const review_result *r, const review_item *it);

/* The JUnit XML of r into *text (malloc'd, NUL-terminated, *len bytes): <testsuites> with one <testsuite
 * name="delve review"> holding a <testcase> per pair (classname "delve.review", name the
 * file name), a <failure> on each that ci_fails, and one testcase "catalog.tsv"
 * for catalog lines without a PNG. tests/junit.xsd is its schema. DELVE_ENOMEM. */
delve_status ci_junit(const review_result *r, char **text, size_t *len, delve_err *err);

#endif
