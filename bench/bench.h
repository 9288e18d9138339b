/* bench: what the figures of delve-bench share: running delve as a child and timing it.
 * bench.c prints the figures; digest.c the digest-first review's. */
#ifndef DELVE_BENCH_BENCH_H
#define DELVE_BENCH_BENCH_H

/* Runs argv (stdout and stderr to /dev/null) and waits: its wall and CPU time in ms, its
 * exit code into *code (may be NULL). -1 when it cannot run or is killed. */
int bench_run(char *const argv[], double *wall, double *cpu, int *code);

/* The digest-first review's figures (docs/benchmarks.md): catalog-only sets beside
 * `delve check`, a no-op review of seeds x 3 floors (disk and the shot stage beside the
 * catalogs alone) and a change of a quarter of the floors of 20 000 seeds. 0, or 2 when
 * a run failed. */
int bench_digest(const char *delve, int noop_seeds);

/* The external generator's figures (docs/benchmarks.md "Your generator"): the example
 * generator over seeds in a shell loop beside `delve shot --no-images --generator`.
 * 0, or 2 when a run failed (python3 missing). */
int bench_generator(const char *delve, int seeds);

#endif
