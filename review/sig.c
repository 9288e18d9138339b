/* sig: rank and contingency tests for `delve stats --compare` (spec review-stats.md). */
#include "review/sig.h"

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

double sig_normal_q(double z)
{
    return gsl_cdf_ugaussian_Q(z);
}

double sig_chisq_q(double x, int df)
{
    return df > 0 ? gsl_cdf_chisq_Q(x, (double)df) : 1.0;
}

/* A value and which side it came from (signed-rank: the sign; rank sum: the sample). */
typedef struct ranked {
    int64_t v;
    int side;
} ranked;

static int ranked_cmp(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    return (x->v > y->v) - (x->v < y->v);
}

/* Sorts v and adds up twice the average rank of the values on side 1 into *rank2_side1
 * (ranks 1..n; twice, so ties' half ranks stay whole), and sum(t^3 - t) over tie groups
 * into *ties. */
static void rank_sides(ranked *v, int n, int64_t *rank2_side1, double *ties)
{
    qsort(v, (size_t)n, sizeof *v, ranked_cmp);
    *rank2_side1 = 0;
    *ties = 0;
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && v[j].v == v[i].v)
            j++;
        int64_t rank2 = (int64_t)(i + 1) + j;  /* 2 * average of ranks i+1 .. j */
        for (int k = i; k < j; k++)
            *rank2_side1 += v[k].side ? rank2 : 0;
        double t = j - i;
        *ties += t * t * t - t;
        i = j;
    }
}

/* Two-sided p of a statistic with mean mu and variance var, continuity corrected. */
static void normal_p(double stat, double mu, double var, sig_result *r)
{
    if (var <= 0) {
        r->z = 0;
        r->p = 1;
        return;
    }
    double d = fabs(stat - mu) - 0.5;
    r->z = d > 0 ? d / sqrt(var) * (stat < mu ? -1 : 1) : 0;
    r->p = fmin(1.0, 2 * sig_normal_q(fabs(r->z)));
}

delve_status sig_signed_rank(const int64_t *d, int n, sig_result *r, delve_err *err)
{
    memset(r, 0, sizeof *r);
    ranked *v = malloc((size_t)(n > 0 ? n : 1) * sizeof *v);
    if (!v)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    int m = 0;
    for (int i = 0; i < n; i++)
        if (d[i])
            v[m++] = (ranked){ d[i] < 0 ? -d[i] : d[i], d[i] > 0 };
    int64_t w2;
    double ties;
    rank_sides(v, m, &w2, &ties);
    free(v);
    double nn = m, total = nn * (nn + 1) / 2;
    r->n = m;
    r->stat = (double)w2 / 2;
    r->effect = m ? (2 * r->stat - total) / total : 0;  /* (W+ - W-) / (W+ + W-) */
    normal_p(r->stat, total / 2, nn * (nn + 1) * (2 * nn + 1) / 24 - ties / 48, r);
    return DELVE_OK;
}

delve_status sig_rank_sum(const int64_t *a, int na, const int64_t *b, int nb, sig_result *r,
                          delve_err *err)
{
    memset(r, 0, sizeof *r);
    int n = na + nb;
    ranked *v = malloc((size_t)(n > 0 ? n : 1) * sizeof *v);
    if (!v)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int i = 0; i < na; i++)
        v[i] = (ranked){ a[i], 1 };
    for (int i = 0; i < nb; i++)
        v[na + i] = (ranked){ b[i], 0 };
    int64_t ra2;
    double ties;
    rank_sides(v, n, &ra2, &ties);
    free(v);
    double n1 = na, n2 = nb, nn = n;
    r->n = n;
    r->stat = (double)ra2 / 2 - n1 * (n1 + 1) / 2;
    r->effect = na && nb ? 1 - 2 * r->stat / (n1 * n2) : 0;  /* > 0: b larger */
    double var = n > 1 ? n1 * n2 / 12 * ((nn + 1) - ties / (nn * (nn - 1))) : 0;
    normal_p(r->stat, n1 * n2 / 2, na && nb ? var : 0, r);
    return DELVE_OK;
}

/* log of the hypergeometric probability of a 2x2 table with first cell x, row sums
 * r0 and r1 and first column sum c0. */
static double hyper_log(int64_t x, int64_t r0, int64_t r1, int64_t c0)
{
    double n = (double)(r0 + r1);
    return lgamma((double)r0 + 1) + lgamma((double)r1 + 1) + lgamma((double)c0 + 1) +
           lgamma(n - (double)c0 + 1) - lgamma(n + 1) - lgamma((double)x + 1) -
           lgamma((double)(r0 - x) + 1) - lgamma((double)(c0 - x) + 1) -
           lgamma((double)(r1 - c0 + x) + 1);
}

/* Fisher's exact two-sided p of the 2x2 table a b / c d: the tables with the same margins
 * no more likely than this one (relative tolerance 1e-7, as R's fisher.test). */
static void fisher_2x2(int64_t a, int64_t b, int64_t c, int64_t d, sig_result *r)
{
    int64_t r0 = a + b, r1 = c + d, c0 = a + c;
    int64_t lo = c0 - r1 > 0 ? c0 - r1 : 0, hi = c0 < r0 ? c0 : r0;
    double seen = hyper_log(a, r0, r1, c0), p = 0;
    for (int64_t x = lo; x <= hi; x++) {
        double l = hyper_log(x, r0, r1, c0);
        if (l <= seen + 1e-7)
            p += exp(l);
    }
    r->stat = exp(seen);
    r->p = fmin(1.0, p);
    r->df = 0;
}

void sig_homogeneity(const int64_t *row0, const int64_t *row1, int k, sig_result *r)
{
    memset(r, 0, sizeof *r);
    r->p = 1;
    int64_t n0 = 0, n1 = 0;
    int used = 0, cat[2] = { -1, -1 };
    for (int j = 0; j < k; j++) {
        n0 += row0[j];
        n1 += row1[j];
        if (row0[j] + row1[j] > 0 && used < 2)
            cat[used] = j;
        used += row0[j] + row1[j] > 0;
    }
    r->n = (int)(n0 + n1);
    if (used < 2 || !n0 || !n1)
        return;
    double n = (double)(n0 + n1), x2 = 0, small = 0;
    for (int j = 0; j < k; j++) {
        double col = (double)(row0[j] + row1[j]);
        if (col == 0)
            continue;
        double e0 = col * (double)n0 / n, e1 = col * (double)n1 / n;
        small += e0 < 5 || e1 < 5;
        x2 += (row0[j] - e0) * (row0[j] - e0) / e0 + (row1[j] - e1) * (row1[j] - e1) / e1;
    }
    r->effect = sqrt(x2 / n);  /* Cramer's V of a 2-row table */
    if (used == 2 && small) {
        fisher_2x2(row0[cat[0]], row0[cat[1]], row1[cat[0]], row1[cat[1]], r);
        return;
    }
    r->stat = x2;
    r->df = used - 1;
    r->p = sig_chisq_q(x2, r->df);
}

void sig_bowker(const int64_t *t, int k, sig_result *r)
{
    memset(r, 0, sizeof *r);
    r->p = 1;
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) {
            r->n += (int)t[i * k + j];
            if (j <= i)
                continue;
            double a = (double)t[i * k + j], b = (double)t[j * k + i];
            if (a + b > 0) {
                r->stat += (a - b) * (a - b) / (a + b);
                r->df++;
            }
        }
    if (r->df)
        r->p = sig_chisq_q(r->stat, r->df);
}

delve_status sig_holm(const double *p, int m, double *adj, delve_err *err)
{
    int *ix = malloc((size_t)(m > 0 ? m : 1) * sizeof *ix), tested = 0;
    double *q = malloc((size_t)(m > 0 ? m : 1) * sizeof *q);
    if (!ix || !q) {
        free(ix);
        free(q);
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    }
    for (int i = 0; i < m; i++) {  /* insertion sort of the tested ones by p (columns: few) */
        q[i] = p[i];
        if (isnan(p[i]))
            continue;
        int j = tested++;
        for (; j > 0 && p[ix[j - 1]] > p[i]; j--)
            ix[j] = ix[j - 1];
        ix[j] = i;
    }
    double run = 0;
    for (int j = 0; j < tested; j++) {
        double a = fmin(1.0, (double)(tested - j) * q[ix[j]]);
        run = a > run ? a : run;
        adj[ix[j]] = run;
    }
    for (int i = 0; i < m; i++)
        if (isnan(q[i]))
            adj[i] = q[i];
    free(ix);
    free(q);
    return DELVE_OK;
}
