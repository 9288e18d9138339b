/* sig: the two-sample tests of spec/review-stats.md ("Comparing two shot
 * sets' distributions"): Wilcoxon signed-rank, Mann-Whitney U, chi-square of homogeneity,
 * McNemar-Bowker, Fisher's exact 2x2 and Holm's correction. Ranks and counts are
 * integers; the statistics and p-values are doubles, printed only, never fed back into
 * generation (so this lives in review/, not gen/). The normal and chi-square tails come
 * from GSL (gsl_cdf_*), as the spec asks. Uses libc, libm and GSL only. */
#ifndef DELVE_REVIEW_SIG_H
#define DELVE_REVIEW_SIG_H

#include <stdint.h>

#include "base/status.h"

/* A test's outcome. */
typedef struct sig_result {
    double stat;  /* W+ (signed-rank), U of the first sample (Mann-Whitney), X^2 or B */
    double z;     /* the normal approximation's z (rank tests), else 0 */
    double p;     /* two-sided p-value, 1 when nothing could differ */
    double effect;/* rank-biserial correlation in -1..1 (rank tests: > 0 when the second
                     sample is larger), Cramer's V (chi-square), else 0 */
    int df;       /* chi-square degrees of freedom; 0 for the rank tests */
    int n;        /* observations the test used: non-zero differences (signed-rank),
                     n1 + n2 (Mann-Whitney), floors (categorical) */
} sig_result;

/* Wilcoxon's signed-rank test of the paired differences d[0..n-1] (second minus first):
 * zeros dropped (Wilcoxon's method), ties given average ranks, the normal approximation
 * with tie correction (sum of t^3 - t over tie groups, / 48) and continuity correction
 * (|W+ - n'(n'+1)/4| - 1/2). stat = W+, the sum of the ranks of positive differences.
 * No non-zero difference: p = 1. DELVE_ENOMEM. */
delve_status sig_signed_rank(const int64_t *d, int n, sig_result *r, delve_err *err);

/* The Mann-Whitney U test of samples a[0..na-1] and b[0..nb-1]: average ranks over both,
 * U = R_a - na(na+1)/2, the normal approximation with tie correction (variance
 * na nb/12 ((N+1) - sum(t^3 - t)/(N(N-1)))) and continuity correction. na or nb 0, or
 * every value tied: p = 1. DELVE_ENOMEM. */
delve_status sig_rank_sum(const int64_t *a, int na, const int64_t *b, int nb, sig_result *r,
                          delve_err *err);

/* The chi-square test of homogeneity of a 2 x k table of counts (row 0: first sample's
 * count per category, row 1: second's), categories empty on both sides left out,
 * df = k' - 1. A 2x2 table with an expected count under 5 takes Fisher's exact test
 * instead (two-sided: tables no more likely than the one seen; df 0, stat the observed
 * table's probability). Fewer than two categories or an empty row: p = 1. */
void sig_homogeneity(const int64_t *row0, const int64_t *row1, int k, sig_result *r);

/* McNemar-Bowker's symmetry test of the k x k paired table t (t[i * k + j]: floors in
 * category i on the first side and j on the second): B = sum over i < j with
 * t_ij + t_ji > 0 of (t_ij - t_ji)^2 / (t_ij + t_ji), df the number of such pairs.
 * No floor changed category: p = 1. */
void sig_bowker(const int64_t *t, int k, sig_result *r);

/* Holm's step-down correction of p[0..m-1] into adj[0..m-1] (may be the same array):
 * with p sorted ascending, adj_(i) = max over j <= i of min(1, (m - j) p_(j)), j 0-based.
 * NaN p-values (columns not tested) are skipped and stay NaN; m counts the others. */
delve_status sig_holm(const double *p, int m, double *adj, delve_err *err);

/* The upper tail of the standard normal, P(Z > z), and of chi-square with df degrees of
 * freedom, P(X > x) (GSL's gsl_cdf_ugaussian_Q and gsl_cdf_chisq_Q). */
double sig_normal_q(double z);
double sig_chisq_q(double x, int df);

#endif
