/* parts: a seed range's run made apart, as parts that `delve merge` joins into the bytes
 * one run over the whole range makes (docs/merge-parts.md): the parts must tile the
 * range, and a text part ends with a line that counts the lines before it, so a part cut
 * short is refused. Uses base. */
#ifndef DELVE_SWEEP_PARTS_H
#define DELVE_SWEEP_PARTS_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"

/* Parts of a seed range made apart (delve merge): DELVE_OK when part b (seeds b_lo..)
 * starts right after part a (seeds ..a_hi); else DELVE_EINPUT naming both and the seeds
 * missing between them or held by both. */
delve_status parts_tile(const char *a, uint64_t a_hi, const char *b, uint64_t b_lo,
                        delve_err *err);

/* text's CRLF line ends made LF, in place (a part or catalog passed through an editor
 * reads as delve wrote it); its new length. */
size_t parts_lf(char *text);

/* A part of a seed range made to be merged (delve check --shard, delve stats --shard)
 * ends with the line PARTS_END "N lines", N the lines before it, so that a part cut
 * short is refused. */
#define PARTS_END "# end: "
/* 1 when text (a part's whole text) is empty or its last line has no newline. */
int parts_cut(const char *text);
/* 1 when the last line of text (path's whole text, not cut) starts as an end line. */
int parts_has_end(const char *path, const char *text);
/* The lines of text (path's whole text) before its end line into *lines; else
 * DELVE_EINPUT: "path:LINE:COL: # end: N lines, but M lines come before it ..." at N
 * when the end line's count is not its line's number less one, else "path:LINE:1:
 * truncated: a part of WHAT ends with ..." at its last line. */
delve_status parts_end(const char *path, const char *text, const char *what, int *lines,
                       delve_err *err);

#endif
