/* dist_text: two catalogs' comparison (review/dist.h) written out as `delve stats
 * --compare` shows it: a readable table (no line past 100 columns), every figure as TSV,
 * or a JSON document, into a textbuf the caller prints (spec/review-stats.md); and the
 * words of the level-type mix that the review's page and verdict quote. Uses review/dist,
 * base and cJSON. */
#ifndef DELVE_REVIEW_DIST_TEXT_H
#define DELVE_REVIEW_DIST_TEXT_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "base/status.h"
#include "base/textbuf.h"
#include "review/dist.h"

typedef enum dist_text_format {
    DIST_TEXT_TABLE,  /* the header, flagged columns in words, a row per column */
    DIST_TEXT_TSV,    /* a header line, then a line per column with every figure, and
                         under a broken-down one a line per level type and floor */
    DIST_TEXT_JSON,   /* dist_text_json's document, cJSON_Print'ed, and a newline */
    DIST_TEXT_FORMAT_COUNT
} dist_text_format;

/* "table", "tsv" or "json" into *f; 0 for any other word (nothing set). */
int dist_text_format_of(const char *word, dist_text_format *f);

/* The catalog that arg names: arg/catalog.tsv (written into buf, cap bytes) when arg is
 * a folder and that fits (a shot set's folder stands for its catalog.tsv), else arg. */
const char *dist_text_catalog(const char *arg, char *buf, size_t cap);

/* r written as format f, appended to out. DELVE_ENOMEM (also when out ran out). */
delve_status dist_text_write(const dist_result *r, dist_text_format f, textbuf *out,
                             delve_err *err);

/* Catalogs path_a and path_b compared (dist_files, flagging below alpha) and written as
 * format f into out; *flagged the number of flagged columns. dist_files' errors (out
 * untouched then), DELVE_ENOMEM. */
delve_status dist_text_files(const char *path_a, const char *path_b, double alpha,
                             dist_text_format f, textbuf *out, int *flagged,
                             delve_err *err);

/* The whole comparison as `delve stats --compare --format json`'s document (both sides'
 * provenance, every column's figures); NULL when out of memory. cJSON_Delete it. */
cJSON *dist_text_json(const dist_result *r);

/* The level type whose share moved most between the catalogs (the first of equal moves),
 * "caves 20% -> 40%" with arrow between; "" when r has no level-type breakdown. */
void dist_text_mix_shift(const dist_result *r, const char *arrow, char *buf, size_t cap);

/* What the level-type mix says of flagged column c (spec review-stats.md "Level-type
 * mix"), one sentence without a capital or full stop: "explained by the level-type mix
 * (caves 20% -> 40%); within each type nothing moved", or why not; "" when c was not
 * broken down by level type. */
void dist_text_mix_says(const dist_result *r, const dist_col *c, const char *arrow,
                        char *buf, size_t cap);

/* How flagged column c's mean was standardized (dist_col.mix_way): "A's means per type
 * at B's type shares give 4.351 (A 5.100, B 4.300)", or why it could not be. */
void dist_text_mix_std(const dist_col *c, char *buf, size_t cap);

/* Column c's means by floor number, "1: 11.2 -> 9.1, 2: 12 -> 8.6" with arrow between
 * ("-" for a side without that floor number), appended to b; nothing when c has none. */
void dist_text_by_floor(const dist_col *c, const char *arrow, textbuf *b);

/* A column's kind as the outputs name it: "numeric", "categorical", "added", "removed". */
const char *dist_text_kind(dist_kind k);

#endif
