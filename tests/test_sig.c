/* sig (review/sig.h): each test on a small sample worked by hand (ranks, statistic, z and
 * p from erfc), and Holm's correction. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "review/sig.h"

/* x within a millionth of want (relative past 1) */
static void near(double x, double want)
{
    double scale = fabs(want) > 1 ? fabs(want) : 1;
    if (!(fabs(x - want) < 1e-6 * scale))
        fail_msg("%.12g is not %.12g", x, want);
}
#define NEAR(x, want) near((double)(x), (double)(want))

/* d = 3 -1 0 2 2 -4 5: the 0 dropped; |d| ranks 1, 2.5, 2.5, 4, 5, 6; W+ = 2.5 + 2.5 + 4 +
 * 6 = 15 of 21; mean 10.5; var 6*7*13/24 - (8 - 2)/48 = 22.625; z = (4.5 - 0.5) /
 * sqrt(22.625) = 0.840941; p = erfc(z / sqrt 2) = 0.400381. */
static void test_signed_rank(void **state)
{
    (void)state;
    const int64_t d[] = { 3, -1, 0, 2, 2, -4, 5 };
    sig_result r;
    delve_err err = { "" };
    assert_int_equal(sig_signed_rank(d, 7, &r, &err), DELVE_OK);
    assert_int_equal(r.n, 6);
    NEAR(r.stat, 15);
    NEAR(r.z, 0.8409413299642188);
    NEAR(r.p, 0.4003808031520797);
    NEAR(r.effect, 9.0 / 21);
    const int64_t zeros[] = { 0, 0, 0 };
    assert_int_equal(sig_signed_rank(zeros, 3, &r, &err), DELVE_OK);
    assert_int_equal(r.n, 0);
    NEAR(r.p, 1);
    /* 40 floors, every one up by 1: all tied (ranks 20.5), W+ 820 of 820, mean 410,
     * var 5535 - (64000 - 40)/48 = 4202.5 */
    int64_t up[40];
    for (int i = 0; i < 40; i++)
        up[i] = 1;
    assert_int_equal(sig_signed_rank(up, 40, &r, &err), DELVE_OK);
    NEAR(r.stat, 820);
    NEAR(r.z, 409.5 / sqrt(4202.5));
    assert_true(r.p < 1e-6);
}

/* a = 1 2 2 5, b = 2 3 6 7 8: ranks 1, 3, 3, 3, 5, 6, 7, 8, 9; R_a = 13, U = 13 - 10 = 3;
 * mean 10; var 20/12 (10 - 24/72) = 16.1111; z = -(7 - 0.5) / 4.01386 = -1.619387;
 * p = 0.105364. */
static void test_rank_sum(void **state)
{
    (void)state;
    const int64_t a[] = { 1, 2, 2, 5 }, b[] = { 2, 3, 6, 7, 8 };
    sig_result r;
    delve_err err = { "" };
    assert_int_equal(sig_rank_sum(a, 4, b, 5, &r, &err), DELVE_OK);
    assert_int_equal(r.n, 9);
    NEAR(r.stat, 3);
    NEAR(r.z, -1.6193868571479295);
    NEAR(r.p, 0.10536405286983042);
    NEAR(r.effect, 0.7);
    assert_int_equal(sig_rank_sum(b, 5, a, 4, &r, &err), DELVE_OK);  /* swapped: U = 17 */
    NEAR(r.stat, 17);
    NEAR(r.p, 0.10536405286983042);
    const int64_t same[] = { 4, 4, 4 };
    assert_int_equal(sig_rank_sum(same, 3, same, 3, &r, &err), DELVE_OK);
    NEAR(r.p, 1);
}

/* 10 20 30 / 20 20 20: expected 15 20 25 each row; X^2 = 2 (25/15 + 25/25) = 5.3333,
 * df 2, p = exp(-X^2 / 2) = 0.069483. 3 1 / 1 3 (expected 2): Fisher, p = 34/70. */
static void test_homogeneity(void **state)
{
    (void)state;
    const int64_t r0[] = { 10, 20, 30, 0 }, r1[] = { 20, 20, 20, 0 };
    sig_result r;
    sig_homogeneity(r0, r1, 4, &r);
    NEAR(r.stat, 16.0 / 3);
    assert_int_equal(r.df, 2);
    NEAR(r.p, 0.06948345122280154);
    const int64_t f0[] = { 3, 1 }, f1[] = { 1, 3 };
    sig_homogeneity(f0, f1, 2, &r);
    assert_int_equal(r.df, 0);
    NEAR(r.stat, 16.0 / 70);
    NEAR(r.p, 34.0 / 70);
    const int64_t one0[] = { 0, 50 }, one1[] = { 0, 40 };
    sig_homogeneity(one0, one1, 2, &r);
    NEAR(r.p, 1);
}

/* 10 4 1 / 2 10 0 / 3 0 10: (4 - 2)^2 / 6 + (1 - 3)^2 / 4 = 1.6667, df 2 (the 1-2 pair is
 * empty), p = exp(-B / 2) = 0.434598. */
static void test_bowker(void **state)
{
    (void)state;
    const int64_t t[] = { 10, 4, 1, 2, 10, 0, 3, 0, 10 };
    sig_result r;
    sig_bowker(t, 3, &r);
    NEAR(r.stat, 5.0 / 3);
    assert_int_equal(r.df, 2);
    assert_int_equal(r.n, 40);
    NEAR(r.p, 0.4345982085070782);
    const int64_t diag[] = { 5, 0, 0, 7 };
    sig_bowker(diag, 2, &r);
    NEAR(r.p, 1);
}

/* p 0.01 0.04 - 0.03 0.005 (4 tested): sorted 0.005 0.01 0.03 0.04 times 4 3 2 1 =
 * 0.02 0.03 0.06 0.04, kept rising: 0.02 0.03 0.06 0.06. */
static void test_holm(void **state)
{
    (void)state;
    double p[] = { 0.01, 0.04, NAN, 0.03, 0.005 }, adj[5];
    delve_err err = { "" };
    assert_int_equal(sig_holm(p, 5, adj, &err), DELVE_OK);
    NEAR(adj[0], 0.03);
    NEAR(adj[1], 0.06);
    assert_true(isnan(adj[2]));
    NEAR(adj[3], 0.06);
    NEAR(adj[4], 0.02);
    NEAR(sig_normal_q(1.959963984540054), 0.025);
    NEAR(sig_chisq_q(3.841458820694124, 1), 0.05);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_signed_rank), cmocka_unit_test(test_rank_sum),
        cmocka_unit_test(test_homogeneity), cmocka_unit_test(test_bowker),
        cmocka_unit_test(test_holm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
