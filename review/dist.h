/* dist: two catalogs (catalog.tsv, review/catalog.h) read and compared column by column
 * as spec/review-stats.md says: rows paired by (seed, floor) when both sides
 * hold the same floors, else two samples; numeric columns by Wilcoxon's signed-rank or
 * Mann-Whitney's U, categorical ones (level type, verdict) by McNemar-Bowker or
 * chi-square (review/sig.h); Holm over the tested columns, a constant column not among
 * them; a flagged count of catalogs with several level types broken down by type and
 * floor, and whether the type mix explains it (spec "Level-type mix"). For `delve stats
 * --compare` and reports; doubles for printing only. Uses base and review/sig. */
#ifndef DELVE_REVIEW_DIST_H
#define DELVE_REVIEW_DIST_H

#include <stdint.h>

#include "base/status.h"
#include "review/sig.h"

#define DIST_MIN_FLOORS 20     /* fewer floors on a side: means only, no test (spec) */
#define DIST_SPARSE 10         /* paired categorical: fewer changed floors, no test (set) */
#define DIST_MAX_BYTES (256u << 20) /* a catalog larger than this is refused */
#define DIST_ALPHA 0.001       /* flag below this Holm-corrected p (spec) */
#define DIST_MAX_STRATA 16     /* level types a catalog may have to be broken down by type
                                  (DoomRL has 9); more: no breakdown */
#define DIST_MAX_FLOOR_ROWS 32 /* floor numbers a breakdown by floor shows (a dungeon's
                                  most); more: none */
#define DIST_TYPE_COLUMN "type" /* the level-type column (docs/catalog-format.md) */

typedef struct dist_side {
    char *text;        /* the file, split in place */
    const char *path;
    char **prov;       /* the "# key: value" lines (without "# "), in file order */
    int prov_count;
    char **names;      /* column names from the header line, seed and floor first */
    int cols;
    int rows;
    char **cell;       /* rows * cols cells ("" past a short line) */
    int *line;         /* each row's line number in the file, for messages */
} dist_side;

typedef enum dist_kind { DIST_NUMERIC, DIST_CATEGORY, DIST_ADDED, DIST_REMOVED } dist_kind;

/* One category of a categorical column and its floors on each side. */
typedef struct dist_cat {
    const char *name;
    int64_t a, b;
} dist_cat;

/* A flagged numeric column over the floors of one level type (spec review-stats.md
 * "Level-type mix"): each side's floors of that type, as two samples even when the
 * catalogs are paired, since a floor whose type changed is in a different stratum on each
 * side. */
typedef struct dist_stratum {
    const char *type;         /* the level type as the type column has it */
    int na, nb;               /* floors of this type with a value, each side */
    double mean_a, mean_b;
    double share_a, share_b;  /* the type's share of the side's floors with a value, 0..1 */
    int tested;               /* 0: under DIST_MIN_FLOORS on a side */
    sig_result t;             /* rank-sum */
    double p_holm;            /* Holm over the column's tested strata; NaN when not tested */
    int flagged;
} dist_stratum;

/* A flagged numeric column's mean on the floors of one floor number, each side (DoomRL:
 * floor K is dlevel D + K - 1, and the dlevel picks the type). */
typedef struct dist_floor {
    long floor;
    int na, nb;               /* floors of that number with a value, each side */
    double mean_a, mean_b;    /* 0 when none */
} dist_floor;

typedef struct dist_col {
    const char *name;
    dist_kind kind;
    int na, nb;               /* floors with a value ("-" of a failed seed left out) */
    double mean_a, sd_a, mean_b, sd_b;  /* numeric; sd the sample sd (n - 1) */
    int up, down, same;       /* paired: floors whose value went up, down, stayed */
    int changed;              /* paired categorical: floors that changed category */
    dist_cat *cats;        /* categorical: in order of first appearance */
    int cat_count;
    int tested;               /* 0: too few floors, sparse, or added/removed */
    const char *why;          /* when not tested: why, in words (may point at note) */
    char note[64];
    const char *test;         /* "signed-rank", "rank-sum", "bowker", "chi-square", "fisher" */
    sig_result t;
    double p_holm;            /* NaN when not tested */
    int flagged;
    int constant;             /* 1: one value on every floor of both sides: not tested, not
                                 counted in Holm's m, why "constant" */
    dist_stratum *strata;     /* a flagged numeric column of catalogs with several level
                                 types: one a type, in the type column's order; else NULL */
    int stratum_count;
    dist_floor *floors;       /* with strata, by floor number ascending when the catalogs
                                 hold 2..DIST_MAX_FLOOR_ROWS of them; else NULL */
    int floor_count;
    int mix_way;              /* how the mix was held fixed (spec review-stats.md): 1 A's
                                 means per type at B's type shares, 2 B's means at A's
                                 shares (a type of B has no floor in A), 0 neither could */
    double mix_std;           /* that standardized mean: way 1 B's mean had only the mix
                                 changed, way 2 B's mean had the mix not changed */
    double strata_a, strata_b;/* each side's mean over its floors with a level type */
    int mix_explained;        /* 1: the change is the mix's (spec review-stats.md: type
                                 flagged, a stratum tested and none flagged, and held
                                 fixed, the mix leaves at most half the change) */
} dist_col;

typedef struct dist_result {
    dist_side a, b;
    int paired;               /* 1: same (seed, floor) keys on both sides */
    double alpha;
    dist_col *cols;
    int col_count, tested, flagged;
    int constant;             /* columns not tested for being constant */
    const dist_col *types;    /* the level-type column when it holds 2..DIST_MAX_STRATA
                                 types, else NULL: no breakdown */
    int mix_explained;        /* flagged columns whose change the level-type mix explains */
} dist_result;

/* Reads catalogs path_a and path_b and compares them (every figure of dist_result).
 * DELVE_EIO/ELIMIT reading a file, DELVE_EINPUT "path:line:1: ..." for a line without
 * seed and floor or a repeated key, DELVE_ENOMEM. Free with dist_free, also on
 * failure. */
delve_status dist_files(const char *path_a, const char *path_b, double alpha,
                           dist_result *r, delve_err *err);
/* dist_files of two texts in memory (NUL-terminated, at most DIST_MAX_BYTES),
 * name_a and name_b naming them in messages: the fuzzer's way in. */
delve_status dist_texts(const char *name_a, const char *text_a, const char *name_b,
                           const char *text_b, double alpha, dist_result *r,
                           delve_err *err);
void dist_free(dist_result *r);

/* 1 in a build with GSL; 0 without (review/dist_none.c: then dist_files and dist_texts
 * fail with DELVE_EFAIL, and CMakeLists.txt leaves dist.c and sig.c out). */
int dist_available(void);

/* The provenance value of key ("revision", "settings", ...) on side s, or NULL. */
const char *dist_prov(const dist_side *s, const char *key);

#endif
