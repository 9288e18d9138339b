/* digest: the digest-first review's figures, each side by side in one run, as
 * scripts/review-change runs it: catalog-only sets on both sides, the review (which
 * writes draw.tsv), the sets drawn from it, the review again. Two settings stand for two
 * revisions: the same settings for a no-op, --floors 7 against 8 for a change of a
 * quarter of the floors (floor 7 gains its way down, floor 8 is new: 2 of 8). */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "bench/bench.h"

#define DIGEST_DIR "out/bench-digest"

static long long tree_bytes;

/* nftw's callback: adds a file's disk use (its blocks) to tree_bytes. */
static int add_file(const char *path, const struct stat *sb, int flag, struct FTW *f)
{
    (void)path, (void)f;
    if (flag == FTW_F)
        tree_bytes += (long long)sb->st_blocks * 512;
    return 0;
}

/* Disk use of the tree at dir, bytes. */
static long long disk_use(const char *dir)
{
    tree_bytes = 0;
    nftw(dir, add_file, 32, FTW_PHYS);
    return tree_bytes;
}

/* One side's set: delve shot --seeds 1-N --floors F [extra] -o dir; its wall ms. */
static int side(const char *delve, const char *seeds, const char *floors, const char *extra,
                const char *list, const char *dir, double *wall)
{
    char *argv[16];
    int n = 0;
    argv[n++] = (char *)delve, argv[n++] = "shot", argv[n++] = "--seeds";
    argv[n++] = (char *)seeds, argv[n++] = "--floors", argv[n++] = (char *)floors;
    if (list)
        argv[n++] = "--draw", argv[n++] = (char *)list;
    else
        argv[n++] = "--no-images";
    if (extra)
        argv[n++] = (char *)extra;
    argv[n++] = "-o", argv[n++] = (char *)dir, argv[n] = NULL;
    double cpu;
    int code = -1;
    return bench_run(argv, wall, &cpu, &code) || code ? -1 : 0;
}

/* The review of DIGEST_DIR/a and b into DIGEST_DIR/report: its wall ms. */
static int review(const char *delve, double *wall)
{
    char *argv[] = { (char *)delve, "review", DIGEST_DIR "/a", DIGEST_DIR "/b", "-o",
                     DIGEST_DIR "/report", NULL };
    double cpu;
    int code = -1;
    return bench_run(argv, wall, &cpu, &code) || code > 1 ? -1 : 0;
}

/* What one digest-first review took: catalogs (both sides), review, drawing, review. */
typedef struct run_ms {
    double cat, review, draw, again;
    int drawn;  /* 1: the review wrote a draw list and the sets were drawn */
} run_ms;

/* A review as review-change runs it: A's and B's settings differ by b_floors. */
static int review_run(const char *delve, const char *seeds, const char *a_floors,
                      const char *b_floors, run_ms *t)
{
    double w[2];
    const char *list = DIGEST_DIR "/draw.tsv";
    memset(t, 0, sizeof *t);
    if (side(delve, seeds, a_floors, NULL, NULL, DIGEST_DIR "/a", &w[0]) ||
        side(delve, seeds, b_floors, NULL, NULL, DIGEST_DIR "/b", &w[1]) ||
        review(delve, &t->review))
        return -1;
    t->cat = w[0] + w[1];
    char *cp[] = { "cp", DIGEST_DIR "/report/draw.tsv", (char *)list, NULL };
    double cw, cc;
    int code = -1;
    if (bench_run(cp, &cw, &cc, &code) || code)
        return 0;  /* no draw list: nothing to draw */
    t->drawn = 1;
    if (side(delve, seeds, a_floors, NULL, list, DIGEST_DIR "/a", &w[0]) ||
        side(delve, seeds, b_floors, NULL, list, DIGEST_DIR "/b", &w[1]) ||
        review(delve, &t->again))
        return -1;
    t->draw = w[0] + w[1];
    return 0;
}

/* --no-images beside delve check on 20 000 seeds x 3 floors, the same binary. */
static int catalog_vs_check(const char *delve)
{
    char *check[] = { (char *)delve, "check", "--seeds", "1-20000", "--floors", "3", NULL };
    double cw, cc, sw, s1w, s1c;
    int code = -1;
    char *one[] = { (char *)delve, "shot", "--seeds", "1-20000", "--floors", "3",
                    "--no-images", "--jobs", "1", "-o", DIGEST_DIR "/a", NULL };
    if (bench_run(check, &cw, &cc, &code) || code > 1 ||
        side(delve, "1-20000", "3", NULL, NULL, DIGEST_DIR "/a", &sw) ||
        bench_run(one, &s1w, &s1c, &code) || code)
        return -1;
    printf("digest first: catalogs of seeds 1-20000 x 3 floors beside delve check:\n");
    printf("  delve check (one core)              %7.1f s wall\n", cw / 1e3);
    printf("  shot --no-images, every core        %7.1f s wall: %.2fx check   target <= 1.3x\n",
           sw / 1e3, sw / cw);
    printf("  shot --no-images --jobs 1           %7.1f s wall: %.2fx check (CPU %.2fx)\n",
           s1w / 1e3, s1w / cw, s1c / cc);
    return 0;
}

int bench_digest(const char *delve, int noop_seeds)
{
    char seeds[32];
    run_ms t;
    snprintf(seeds, sizeof seeds, "1-%d", noop_seeds);
    if (catalog_vs_check(delve))
        goto failed;
    if (review_run(delve, seeds, "3", "3", &t))
        goto failed;
    double stage = t.cat + t.draw;
    printf("digest first: a no-op review of seeds %s x 3 floors (%s):\n", seeds, DIGEST_DIR);
    printf("  both catalogs %.1f s, review %.1f s, probes drawn %.1f s, review %.1f s\n",
           t.cat / 1e3, t.review / 1e3, t.draw / 1e3, t.again / 1e3);
    printf("  shot stage %.2fx the catalogs alone   target <= 1.3x\n", stage / t.cat);
    printf("  on disk %.1f MB                     target < 100 MB\n",
           (double)disk_use(DIGEST_DIR) / 1e6);
    if (review_run(delve, "1-20000", "7", "8", &t))
        goto failed;
    printf("digest first: a quarter of the floors changed, seeds 1-20000, --floors 7 -> 8:\n");
    printf("  both catalogs %.1f s, review %.1f s, capped pairs drawn %.1f s, review %.1f s\n",
           t.cat / 1e3, t.review / 1e3, t.draw / 1e3, t.again / 1e3);
    printf("  whole run %.2fx the catalogs plus drawing the capped pairs   target <= 2x; "
           "on disk %.1f MB\n", (t.cat + t.review + t.draw + t.again) / (t.cat + t.draw),
           (double)disk_use(DIGEST_DIR) / 1e6);
    return 0;
failed:
    fprintf(stderr, "delve-bench: a digest-first run of %s failed (out/bench-digest)\n", delve);
    return 2;
}
