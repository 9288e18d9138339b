/* review: `delve review BASE HEAD -o REPORT`: pairs the PNGs of two shot sets by name
 * (by the catalogs' seed and floor where an older delve named a floor otherwise),
 * diffs each pair (review/diff.h) on a pool of worker threads, diffs their catalog.tsv
 * files by (seed, floor), ties each pair to its catalog line, and writes a static report
 * that opens from a file anywhere: REPORT/index.html (CSS inline, no network), with only
 * the diff images under REPORT/diff/: before and after images are linked where they lie
 * (relative URLs the caller gives), never copied. Renders nothing itself. The report is
 * written into a fresh folder the caller gives (app/ makes it with base/outdir, which
 * swaps it in for REPORT whole), and its marker there says "review": a report kept
 * inside a shot folder is not part of the set.
 * Pairs whose files hold the same bytes are the same without decoding (sizes first,
 * then the bytes); the others are decoded and compared by review/diff (so the same
 * pixels in other bytes are the same). The distribution table is computed by the
 * caller (review/dist_review) and drawn here. Uses base, review/diff, POSIX (dirent) and
 * pthreads. docs/review.md describes the page and its order. */
#ifndef DELVE_REVIEW_REVIEW_H
#define DELVE_REVIEW_REVIEW_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "review/diff.h"

#define REVIEW_MAX_FILES 20000       /* PNGs in one folder tree */
#define REVIEW_MAX_CATALOG (256u << 20) /* bytes of a catalog.tsv (100 000 seeds of 32
                                           floors fit) */
#define REVIEW_MARKER ".delve-review" /* marked a folder as a report before .delve-output */
#define REVIEW_MAX_JOBS 64           /* worker threads for the diffs */
#define REVIEW_PAGE_FULL 100         /* changed pairs (the largest) shown with crops and the
                                        compare view; the rest with before, diff, after */
#define REVIEW_MAX_PROV 32           /* provenance lines kept a side */
#define REVIEW_NAME_CAP 4096         /* bytes of a pair's name, its NUL included */
#define REVIEW_PAGE_LINES 200        /* catalog lines that differ shown on index.html; more
                                        go to catalog.html */
#define REVIEW_CATALOG_LINES_MAX 5000 /* catalog lines that differ shown on catalog.html */

typedef enum review_state {
    REVIEW_CHANGED,  /* in both, pixels differ (or sizes) */
    REVIEW_ADDED,    /* only in HEAD */
    REVIEW_REMOVED,  /* only in BASE */
    REVIEW_SAME,     /* in both, the same pixels */
    REVIEW_UNREADABLE, /* in both, other bytes, and a file cannot be decoded (fault says
                          why): said in the report, the other pairs still compared */
    REVIEW_STATE_COUNT
} review_state;

/* One PNG name, relative to BASE and HEAD ("seed-00042-floor-1.png", "sub/x.png"). */
typedef struct review_item {
    char *name;          /* HEAD's name when base_name is set */
    char *base_name;     /* BASE's name when it differs (paired by catalog key), else NULL */
    review_state state;
    diff_result diff;    /* filled when decoded (CHANGED, and SAME in other bytes) */
    int identical;       /* 1: the two files hold the same bytes (never decoded) */
    int within;          /* 1: pixels differ but within the limits, and no catalog cell
                            changed: counted as SAME */
    int line;            /* index in lines of its (seed, floor), -1 when none */
    int cells;           /* catalog cells that differ between BASE's and HEAD's line */
    int type_changed;    /* 1: the level type (column "type") differs */
    char *fault;         /* UNREADABLE: why, naming the file (malloc'ed), else NULL */
} review_item;

/* One catalog key (seed, floor: the first two columns) and its lines; a line is NULL
 * on the side that lacks it. state is CHANGED, ADDED, REMOVED or SAME. */
typedef struct review_line {
    char *base, *head;
    review_state state;
} review_line;

/* A flagged numeric column over the floors of one level type (review/dist.h's
 * dist_stratum, as the page shows it). */
typedef struct review_dist_stratum {
    char type[32];
    int na, nb;               /* floors of this type on each side */
    double mean_a, mean_b;
    int tested, flagged;      /* rank-sum, Holm over the column's level types */
    double p_holm;
} review_dist_stratum;

/* One row of the distribution table: a catalog column compared over the two sets
 * (review/dist_review fills it, `delve stats --compare` prints the same figures). */
typedef struct review_dist_row {
    char name[48];
    int numeric;              /* 1: mean and sd; 0: categories (shares in cats) */
    int na, nb;               /* floors with a value on each side */
    double mean_a, sd_a, mean_b, sd_b;
    char *cats;               /* every category: "rooms 60.0% → 40.0%, caves 40.0% →
                                 60.0%", or the kind ("numeric"); owned by the table
                                 (dist_review_free) */
    int up, down, changed;    /* paired: floors up and down; categories: floors changed */
    int tested, flagged;
    char test[16];            /* "signed-rank", "rank-sum", "bowker", ... */
    double effect, p_holm;
    char why[64];             /* when not tested */
    review_dist_stratum *strata; /* a flagged numeric column of catalogs with several
                                    level types: one a type; owned by the table */
    int stratum_count;
    char *by_floor;           /* its means by floor number, "1: 11.2 → 9.1, 2: ...", or
                                 NULL; owned by the table */
    int mix_explained;        /* 1: the level-type mix explains the change (spec
                                 review-stats.md "Level-type mix") */
    char mix[384];            /* what the mix says of it and how it was held fixed
                                 (dist_text_mix_says, dist_text_mix_std), "→" as arrow,
                                 or "" */
} review_dist_row;

typedef struct review_dist {
    review_dist_row *rows;    /* flagged first, then in catalog order */
    int count, paired, tested, flagged;
    double alpha;
    int constant;             /* columns not tested for one value on every floor */
    int mix_explained;        /* flagged rows whose change the level-type mix explains */
    char mix_shift[96];       /* the type share that moved most, "caves 20% → 40%", or "" */
} review_dist;

/* How to review: review_opts_defaults() gives exact diffs, one job, no limits, links
 * "BASE"/"HEAD" as given. */
typedef struct review_opts {
    diff_opts diff;
    int jobs;                 /* worker threads for the diffs, 1..REVIEW_MAX_JOBS */
    int64_t max_pixels;       /* -1: no limit; else a pair with at most this many changed
                                 pixels (and the same size) counts as the same */
    int64_t max_ratio_ppb;    /* -1: no limit; else changed / total at most this many
                                 billionths counts as the same (both limits must hold) */
    const char *base_url;     /* URL of BASE from the report's folder ("../a"), or NULL
                                 for the folder name as given */
    const char *head_url;
    const review_dist *dist;  /* the distribution table, or NULL */
    int page;                 /* 1: write index.html and the diff images; 0: only *r */
    int draw_cap;             /* digest-first sets: changed floors the draw list names at
                                 most (review/digest.h) */
} review_opts;

review_opts review_opts_defaults(void);

typedef struct review_result {
    review_item *items;  /* CHANGED first, then ADDED, REMOVED, SAME; by name in each */
    int item_count;
    int count[REVIEW_STATE_COUNT];
    review_line *lines;  /* catalog keys in (seed, floor) order */
    int line_count;
    int line_state[REVIEW_STATE_COUNT];
    int catalogs;        /* bit 0: BASE has catalog.tsv, bit 1: HEAD has */
    char *header;        /* the catalog's '#' header line (HEAD's, else BASE's), or NULL */
    char *prov[2][REVIEW_MAX_PROV]; /* "key: value" provenance lines, [0] BASE, [1] HEAD */
    int prov_count[2];
    int within;          /* pairs counted as the same by the limits */
    int game;            /* pairs whose catalog cells changed ("changed in game terms") */
    int digests;         /* 1: both catalogs carry each floor's digest (review/digest.h):
                            lines without pictures are still compared, floor by floor */
    int undrawn;         /* digests: changed, added and removed lines without pictures */
    int same_undrawn;    /* digests: lines the same, without pictures */
    int to_draw;         /* digests: floors REPORT/draw.tsv names that have no pictures */
    int planned;         /* digests: floors the draw list names (0: none written) */
    int one_sided;       /* PNGs on one side only whose floor is in both catalogs, when a
                            side was not drawn whole ("# images:" none or drawn N): not
                            compared, never "added" or "removed" */
} review_result;

/* Lists the *.png files under dir (regular files; subfolders at any depth, not following
 * links, skipping names that start with '.' and folders below dir that
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
 * failure) and, when o->page, writes the report's files into out_dir, a folder that
 * exists and holds nothing of its own (it may hold base/outdir's marker). o may be
 * NULL (review_opts_defaults); stop may be NULL, else it is polled before each pair.
 * Changed pairs are ordered by size of change (review_item_cmp). A PNG that differs
 * from its pair and cannot be read makes the pair UNREADABLE, not a failure.
 * DELVE_EINPUT when BASE or HEAD is not a folder or a catalog is malformed; DELVE_EIO when a file cannot be written; DELVE_ESTOP; DELVE_ELIMIT,
 * DELVE_ENOMEM. */
delve_status review_run(const char *base, const char *head, const char *out_dir,
                        const review_opts *o, const volatile sig_atomic_t *stop,
                        review_result *r, delve_err *err);

/* it's name in BASE: base_name when the pair was made by its catalog key, else name. */
const char *review_base_name(const review_item *it);

/* The name of it's diff image below the report's diff/ into buf (REVIEW_NAME_CAP bytes
 * hold any): it's name, unless its file name leaves no room under NAME_MAX for the
 * temporary suffix base/fsio writes with; then the file name is cut and ends in a hash
 * of the whole name ("seed-...-3f2a9c0e1b7d4a55.png", 239 bytes), so names of 240 to
 * 255 bytes get a diff image too, each its own. */
void review_diff_name(const review_item *it, char *buf, size_t size);

/* The order of the report: CHANGED, ADDED, REMOVED, SAME, UNREADABLE; among changed pairs a level
 * type change first, then more catalog cells changed, then more pixels changed (size
 * changes as every pixel), then by name; the other states by name. For qsort. */
int review_item_cmp(const void *a, const void *b);

/* The provenance value of key ("revision", "shot", ...) on side 0 (BASE) or 1 (HEAD), or
 * NULL. */
const char *review_prov(const review_result *r, int side, const char *key);

/* The command of side's provenance template key ("shot" or "view") for it's floor:
 * SEED and FLOOR replaced by its catalog key and OUT.png by its file name, into buf.
 * 0 when there is no template, the name is not "seed-S-floor-F.png" or buf is too small. */
int review_reproduce(const review_result *r, int side, const char *key,
                     const review_item *it, char *buf, size_t size);

/* The cells of column col (0-based) of it's BASE and HEAD lines into a and b ("" when a
 * side has no line or no such cell); the column's name from the header into name.
 * 0 past the last column of both. */
int review_cell(const review_result *r, const review_item *it, int col, char *name,
                size_t nsize, char *a, char *b, size_t size);
void review_result_free(review_result *r);

/* 1 when anything changed: a changed, added or removed PNG or catalog line, or a pair
 * that cannot be read. */
int review_any_change(const review_result *r);

/* The summary line without a newline, as `delve review` prints it before "; report:"
 * (digest-first sets with floors not drawn: "; 1197 changed floors not drawn, 298500
 * the same by digest" after the pairs' counts; "; 90 pictures on one side only" when
 * r->one_sided):
 * "review: 3 changed, 1 added, 0 removed, 96 same; catalog: 2 lines changed" (", A
 * added, R removed" follow when either is not 0; "catalog: none" without catalogs;
 * "96 same (4 within the limits)" when --max-diff-* let pairs through; ", 1 unreadable"
 * after the same when a pair could not be read). */
void review_summary(const review_result *r, char *buf, size_t size);

/* Page page of the report for r (names of BASE and HEAD shown as given), malloc'ed into
 * *html: 0 index.html, 1..review_page_count(r) pages/N.html (the pairs past the first
 * REVIEW_PAGE_FULL of each state, in full, REVIEW_PAGE_FULL a page; index.html lists
 * them as table rows that link there), -1 catalog.html (when
 * review_page_catalog_apart(r)). Images are linked as o->base_url/NAME,
 * o->head_url/NAME and diff/NAME ("../" before each on pages/), lazily.
 * `index.html#game` shows only the pairs changed in game terms (CSS :target, no
 * script); `index.html#selftest` makes the page open the unchanged section, toggle the
 * "only changes" filter on and off, and write what was shown at each step into
 * <pre id="selftest">. DELVE_ENOMEM. */
delve_status review_page(const review_result *r, const char *base, const char *head,
                         const review_opts *o, int page, char **html, size_t *len,
                         delve_err *err);
int review_page_count(const review_result *r);
int review_page_catalog_apart(const review_result *r);

#endif
