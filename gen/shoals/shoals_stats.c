/* shoals_stats: terrain fractions and land parts over many seeds. */
#include "gen/shoals/shoals_stats.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/textbuf.h"
#include "engine/path.h"
#include "gen/shoals/shoals.h"

static const char *const MEASURE_NAME[] = {
    [SM_DEEP] = "deep", [SM_SHALLOW] = "shallow", [SM_FLOOR] = "floor",
    [SM_HIGH] = "high", [SM_LAND_PARTS] = "land parts",
};
_Static_assert(sizeof MEASURE_NAME / sizeof MEASURE_NAME[0] == SM_COUNT, "measure rows");

const char *shoals_measure_name(shoals_measure m)
{
    return (m >= 0 && m < SM_COUNT) ? MEASURE_NAME[m] : "measure";
}

static int is_land(const dfloor *f, int i)
{
    return f->terrain[i] == T_FLOOR || f->terrain[i] == T_HIGH;
}

/* Parts of floor and high ground, 4-connected; lab and q hold w * h ints. */
static int land_parts(const dfloor *f, int *lab, int *q)
{
    int parts = 0;
    for (int i = 0; i < f->w * f->h; i++)
        lab[i] = is_land(f, i) ? -1 : -2;  /* the rest kept out */
    /* floor and high ground are open terrain, so the open rule adds nothing; q given */
    path_floor_parts(f, PATH_WALK_OPEN | PATH_WALK_PITS, NULL, lab, q, &parts, NULL);
    return parts;
}

/* One floor's measures, in millionths, into v[SM_COUNT]. */
static void measure(const dfloor *f, int *lab, int *q, int64_t *v)
{
    int64_t count[T_TERRAIN_COUNT] = { 0 }, n = (int64_t)f->w * f->h;
    for (int64_t i = 0; i < n; i++)
        count[f->terrain[i]]++;
    v[SM_DEEP] = count[T_DEEP] * SHOALS_STATS_SCALE / n;
    v[SM_SHALLOW] = count[T_SHALLOW] * SHOALS_STATS_SCALE / n;
    v[SM_FLOOR] = count[T_FLOOR] * SHOALS_STATS_SCALE / n;
    v[SM_HIGH] = count[T_HIGH] * SHOALS_STATS_SCALE / n;
    v[SM_LAND_PARTS] = (int64_t)land_parts(f, lab, q) * SHOALS_STATS_SCALE;
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Largest r with r * r <= v (v >= 0). */
static int64_t isqrt64(int64_t v)
{
    int64_t r = 0;
    for (int64_t bit = (int64_t)1 << 62; bit > 0; bit >>= 2) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
    }
    return r;
}

/* Mean, sample sd, nearest-rank p5 and p95 of v[0..n-1] (sorted here). */
static shoals_summary summarise(int64_t *v, int n)
{
    shoals_summary s = { 0 };
    int64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += v[i];
    s.mean = sum / n;
    /* the sum of squared deviations as q * n + r, exactly, without overflow: a square
     * is at most ~1e16, the sum of a million of them is not */
    int64_t q = 0, r = 0;
    for (int i = 0; i < n; i++) {
        r += (v[i] - s.mean) * (v[i] - s.mean);
        q += r / n;
        r %= n;
    }
    s.sd = n > 1 ? isqrt64(q + (q + r) / (n - 1)) : 0; /* (q n + r) / (n - 1) */
    qsort(v, (size_t)n, sizeof *v, cmp64);
    s.p5 = v[(5 * n + 99) / 100 - 1];    /* ceil(0.05 n)-th smallest */
    s.p95 = v[(95 * n + 99) / 100 - 1];
    return s;
}

delve_status shoals_stats_run(uint64_t lo, uint64_t hi, int islands, shoals_stats *out,
                              delve_err *err)
{
    *out = (shoals_stats){ .seed_lo = lo, .seed_hi = hi, .islands = islands };
    if (hi < lo || hi - lo >= SHOALS_STATS_MAX_SEEDS)
        return delve_fail(err, DELVE_EINPUT, "seeds %" PRIu64 "-%" PRIu64 ": want A-B with A <= B "
                          "and at most %d seeds", lo, hi, SHOALS_STATS_MAX_SEEDS);
    if (islands < 1 || islands > SHOALS_ISLANDS_MAX)
        return delve_fail(err, DELVE_EINPUT, "islands must be 1..%d, not %d",
                          SHOALS_ISLANDS_MAX, islands);
    int n = (int)(hi - lo + 1), cells = SHOALS_W * SHOALS_H;
    int64_t *v = malloc((size_t)n * SM_COUNT * sizeof *v);
    int *lab = malloc((size_t)cells * sizeof *lab), *q = malloc((size_t)cells * sizeof *q);
    delve_status st = v && lab && q ? DELVE_OK
                                    : delve_fail(err, DELVE_ENOMEM, "out of memory for stats");
    for (int i = 0; !st && i < n; i++) {
        dfloor f;
        int64_t one[SM_COUNT];
        st = shoals_layout(lo + (uint64_t)i, islands, 0, &f, err);
        if (!st) {
            measure(&f, lab, q, one);
            for (int m = 0; m < SM_COUNT; m++)
                v[(size_t)m * n + i] = one[m];
        }
        floor_free(&f);
    }
    for (int m = 0; !st && m < SM_COUNT; m++)
        out->m[m] = summarise(v + (size_t)m * n, n);
    out->floors = st ? 0 : n;
    free(v);
    free(lab);
    free(q);
    return st;
}

/* "0.123456" for a value in millionths (sign kept). */
static void fixed6(int64_t v, char *buf, size_t size)
{
    snprintf(buf, size, "%s%" PRId64 ".%06" PRId64, v < 0 ? "-" : "", (v < 0 ? -v : v) / 1000000,
             (v < 0 ? -v : v) % 1000000);
}

delve_status shoals_stats_text(const shoals_stats *s, char **text, delve_err *err)
{
    textbuf t = { 0 };
    textbuf_printf(&t, "shoals  seeds %" PRIu64 "-%" PRIu64 "  %d floors  islands %d  %dx%d\n"
                   "%-11s %11s %11s %11s %11s\n", s->seed_lo, s->seed_hi, s->floors, s->islands,
                   SHOALS_W, SHOALS_H, "measure", "mean", "sd", "p5", "p95");
    for (int m = 0; m < SM_COUNT; m++) {
        char a[32], b[32], c[32], d[32];
        fixed6(s->m[m].mean, a, sizeof a);
        fixed6(s->m[m].sd, b, sizeof b);
        fixed6(s->m[m].p5, c, sizeof c);
        fixed6(s->m[m].p95, d, sizeof d);
        textbuf_printf(&t, "%-11s %11s %11s %11s %11s\n", shoals_measure_name((shoals_measure)m),
                       a, b, c, d);
    }
    if (t.oom) {
        textbuf_free(&t);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for stats");
    }
    *text = t.s;
    return DELVE_OK;
}

static const char *const FLOOR_STAT_NAMES[SHOALS_FLOOR_STAT_COUNT] = {
    "deep squares", "shallow squares", "floor squares", "high squares", "land parts",
};

const char *const *shoals_floor_stat_names(void)
{
    return FLOOR_STAT_NAMES;
}

delve_status shoals_floor_stats(const gen_opts *o, int *values, int *type, delve_err *err)
{
    int cells = SHOALS_W * SHOALS_H;
    int *lab = malloc((size_t)cells * sizeof *lab), *q = malloc((size_t)cells * sizeof *q);
    dfloor f;
    delve_status st = lab && q ? shoals_layout(o->seed, o->islands, 0, &f, err)
                               : delve_fail(err, DELVE_ENOMEM, "out of memory for stats");
    if (!st) {
        static const terrain KINDS[SM_LAND_PARTS] = { T_DEEP, T_SHALLOW, T_FLOOR, T_HIGH };
        for (int m = 0; m < SM_LAND_PARTS; m++) {
            values[m] = 0;
            for (int i = 0; i < cells; i++)
                values[m] += f.terrain[i] == KINDS[m];
        }
        values[SM_LAND_PARTS] = land_parts(&f, lab, q);
        *type = LT_SHOALS;
        floor_free(&f);
    }
    free(lab);
    free(q);
    return st;
}
