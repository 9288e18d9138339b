/* merge: shot sets made apart over parts of a seed range (docs/merge-parts.md) read,
 * checked whole and alike, and joined into the set one run over the range makes. Never
 * prints (app/cmd_merge.c words it). Uses review, base, sweep/parts and shots' names. */
#ifndef DELVE_SWEEP_MERGE_H
#define DELVE_SWEEP_MERGE_H

#include <signal.h>
#include <stdint.h>

#include "base/status.h"

#define MERGE_MAX_PARTS 4096 /* parts of one merge */

/* The parts of one merge, as added (opaque). */
typedef struct merge_shots merge_shots;

/* An empty merge into *m (free with merge_shots_free); DELVE_ENOMEM. */
delve_status merge_shots_new(merge_shots **m, delve_err *err);
void merge_shots_free(merge_shots *m);

/* Reads shot set dir as a part: its catalog.tsv's head ('# seeds:', '# command:'), every
 * line whole, in (seed, floor) order and of its seeds, a whole PNG for each line and no
 * other PNG. DELVE_EINPUT naming the file (file:line:col for a catalog line) on a part
 * that is not one or is cut short; fsio's errors. The part is kept either way; at most
 * MERGE_MAX_PARTS (the caller counts: merge_shots_count). */
delve_status merge_shots_add(merge_shots *m, const char *dir, delve_err *err);
int merge_shots_count(const merge_shots *m);

/* Sorts the parts by first seed and checks they tile one range (parts_tile) and ran one
 * command but for --seeds and -o, options in any order; DELVE_EINPUT naming the two
 * parts. The range into *lo, *hi. */
delve_status merge_shots_join(merge_shots *m, uint64_t *lo, uint64_t *hi, delve_err *err);

/* The joined set into folder dir (the output's temporary folder): every part's PNGs
 * (hard linked, else copied) and catalog.tsv whose '# command:' has the whole range and
 * "-o target" (docs/catalog-format.md); *shots: the PNGs. DELVE_ESTOP when *stop is
 * raised (stop may be NULL); fsio's errors. */
delve_status merge_shots_write(merge_shots *m, const char *target, const char *dir,
                               const volatile sig_atomic_t *stop, int *shots,
                               delve_err *err);

#endif
