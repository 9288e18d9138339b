/* markdown: `delve review --format markdown` (and REPORT/review.md): a short summary of
 * a review for a CI job summary or a pull request comment. A first line with the
 * counts, the verdict (review/verdict.h), the flagged distribution columns as a table,
 * then the changed pairs (at most MARKDOWN_TOP, biggest change first, as the page
 * orders them) each with the command that remakes its PNG. Plain CommonMark with
 * GitHub's tables: no HTML; the same review gives the same bytes. Uses base,
 * review/review, review/ci, review/repro and review/verdict. */
#ifndef DELVE_REVIEW_MARKDOWN_H
#define DELVE_REVIEW_MARKDOWN_H

#include <stddef.h>

#include "base/status.h"
#include "review/review.h"

#define MARKDOWN_TOP 10  /* changed pairs listed */

/* The summary of r (o->dist its distribution table, or NULL: o may be NULL) into *text
 * (malloc'ed, NUL-terminated, *len bytes, ending in a newline). DELVE_ENOMEM. */
delve_status markdown_review(const review_result *r, const review_opts *o, char **text,
                             size_t *len, delve_err *err);

#endif
