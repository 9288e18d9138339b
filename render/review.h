/* review: `delve review BASE HEAD -o REPORT`: pairs the PNGs of two shot sets by name,
 * diffs each pair (render/diff.h), diffs their catalog.tsv files by (seed, floor), and
 * writes a static report that opens from a file anywhere: REPORT/index.html (CSS and
 * script inline, no network) with REPORT/before/, after/ and diff/ beside it. Renders
 * nothing itself. The report is written into a fresh folder the caller gives (app/ makes
 * it with engine/outdir, which swaps it in for REPORT whole), and its marker there says
 * "review": a report kept inside a shot folder is not part of the set.
 * Pairs whose files hold the same bytes are the same without decoding; the others are
 * decoded and compared by render/diff (so the same pixels in other bytes are the same).
 * Uses engine, render/diff and POSIX (dirent). */
#ifndef DELVE_RENDER_REVIEW_H
#define DELVE_RENDER_REVIEW_H

#include <stddef.h>

#include "engine/status.h"
#include "render/diff.h"

#define REVIEW_MAX_FILES 20000       /* PNGs in one folder tree */
#define REVIEW_MAX_DEPTH 16          /* folder levels below BASE or HEAD */
#define REVIEW_MAX_CATALOG (8u << 20) /* bytes of a catalog.tsv */
#define REVIEW_MARKER ".delve-review" /* marked a folder as a report before .delve-output */

typedef enum review_state {
    REVIEW_CHANGED,  /* in both, pixels differ (or sizes) */
    REVIEW_ADDED,    /* only in HEAD */
    REVIEW_REMOVED,  /* only in BASE */
    REVIEW_SAME,     /* in both, the same pixels */
    REVIEW_STATE_COUNT
} review_state;

/* One PNG name, relative to BASE and HEAD ("seed-00042-floor-1.png", "sub/x.png"). */
typedef struct review_item {
    char *name;
    review_state state;
    diff_result diff;    /* filled for CHANGED and SAME */
} review_item;

/* One catalog key (seed, floor: the first two columns) and its lines; a line is NULL
 * on the side that lacks it. state is CHANGED, ADDED, REMOVED or SAME. */
typedef struct review_line {
    char *base, *head;
    review_state state;
} review_line;

typedef struct review_result {
    review_item *items;  /* CHANGED first, then ADDED, REMOVED, SAME; by name in each */
    int item_count;
    int count[REVIEW_STATE_COUNT];
    review_line *lines;  /* catalog keys in (seed, floor) order */
    int line_count;
    int line_state[REVIEW_STATE_COUNT];
    int catalogs;        /* bit 0: BASE has catalog.tsv, bit 1: HEAD has */
    char *header;        /* the catalog's '#' header line (HEAD's, else BASE's), or NULL */
} review_result;

/* Lists the *.png files under dir (regular files; folders down to REVIEW_MAX_DEPTH,
 * not following links, skipping names that start with '.' and folders below dir that
 * are review reports: OUTDIR_MARKER of kind review, or REVIEW_MARKER), as sorted names relative to dir. *names is malloc'ed (free with
 * review_names_free). DELVE_EINPUT when dir is not a readable folder, DELVE_ELIMIT past
 * REVIEW_MAX_FILES, DELVE_ENOMEM. */
delve_status review_list_pngs(const char *dir, char ***names, int *count, delve_err *err);
void review_names_free(char **names, int count);

/* Diffs two catalog texts (catalog.tsv: '#' lines and blank lines skipped, CR LF fine)
 * by key into r->lines, r->line_count, r->line_state and r->header; either may be NULL
 * (no catalog). Keys sort by seed then floor as numbers (non-numbers after, by text).
 * DELVE_EINPUT naming where when a line has no tab or a key repeats, DELVE_ENOMEM. */
delve_status review_catalog_diff(const char *base, const char *head, review_result *r,
                                 delve_err *err);

/* The whole review (see the top): fills *r (free with review_result_free, also after a
 * failure) and writes the report's files into out_dir, a folder that exists and holds
 * nothing of its own (it may hold engine/outdir's marker). o may be NULL (exact); stop
 * may be NULL, else it is polled before each pair. DELVE_EINPUT when BASE or HEAD is not
 * a folder, a PNG cannot be read or a catalog is malformed; DELVE_EIO when a file cannot
 * be written; DELVE_ESTOP; DELVE_ELIMIT, DELVE_ENOMEM. */
delve_status review_run(const char *base, const char *head, const char *out_dir,
                        const diff_opts *o, const volatile sig_atomic_t *stop,
                        review_result *r, delve_err *err);
void review_result_free(review_result *r);

/* 1 when anything changed: a changed, added or removed PNG or catalog line. */
int review_any_change(const review_result *r);

/* The summary line without a newline, as `delve review` prints it before "; report:":
 * "review: 3 changed, 1 added, 0 removed, 96 same; catalog: 2 lines changed" (", A
 * added, R removed" follow when either is not 0; "catalog: none" without catalogs). */
void review_summary(const review_result *r, char *buf, size_t size);

/* The report page for r (names of BASE and HEAD shown as given), malloc'ed into *html.
 * Images are linked as before/NAME, after/NAME and diff/NAME. `index.html#selftest`
 * makes the page open the unchanged section, toggle the "only changes" filter on and
 * off, and write what was shown at each step into <pre id="selftest">. DELVE_ENOMEM. */
delve_status review_page(const review_result *r, const char *base, const char *head,
                         char **html, size_t *len, delve_err *err);

#endif
