/* catrow: one data line of a catalog.tsv (docs/catalog-format.md) checked the same way
 * by every reader (review/review's catalog diff, review/dist's `delve stats --compare`):
 * a seed of 64 bits, a floor 1..32, no negative number, no empty cell, as many
 * tab-separated cells as the column names. */
#ifndef DELVE_REVIEW_CATROW_H
#define DELVE_REVIEW_CATROW_H

#include "base/lex.h"
#include "base/status.h"

/* Checks x's current line (x->ls up to x->le) as a data line under cols column names
 * (0: no names read, cells not counted). DELVE_EINPUT through lex_fail at
 * "path:line:col": "expected seed, a tab, floor, ..." (the seed is not digits), "expected
 * a floor (a whole number)", "a seed past ...", "a floor is 1..32", "a count is 0 or
 * more" (at the '-'), "cell N is empty (a missing value is '-')" (at the empty cell),
 * "N of COLS cells: the line ends early" (at the line's end),
 * "more cells than the COLS column names" (at the tab before the first extra cell). */
delve_status catrow_check(const lex *x, int cols);

/* Cell col (0-based) of the tab-separated line s: its start, its length into *n; NULL
 * when s is NULL or has fewer cells. */
const char *catrow_cell(const char *s, int col, size_t *n);

/* The 0-based column of the catalog header line (its leading '#' and spaces skipped)
 * whose name is name, or -1 (header NULL too). */
int catrow_column(const char *header, const char *name);

/* Keeps, in place, the cells of the tab-separated line s whose keep[col] is 1 (cols
 * cells at most are looked at; cells past them are dropped), joined by tabs. Two
 * catalogs of different delve versions are compared this way by the columns both have:
 * columns are only ever appended (docs/catalog-format.md). */
void catrow_keep(char *s, const unsigned char *keep, int cols);

#endif
