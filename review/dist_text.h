/* dist_text: two catalogs' comparison (review/dist.h) written out as `delve stats
 * --compare` shows it: a readable table, every figure as TSV, or a JSON document, into a
 * textbuf the caller prints (spec/review-stats.md). Uses review/dist, base and cJSON. */
#ifndef DELVE_REVIEW_DIST_TEXT_H
#define DELVE_REVIEW_DIST_TEXT_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "base/status.h"
#include "base/textbuf.h"
#include "review/dist.h"

typedef enum dist_text_format {
    DIST_TEXT_TABLE,  /* the header, flagged columns in words, a row per column */
    DIST_TEXT_TSV,    /* a header line, then a line per column with every figure */
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

/* A column's kind as the outputs name it: "numeric", "categorical", "added", "removed". */
const char *dist_text_kind(dist_kind k);

#endif
