/* The external generator's figures (docs/benchmarks.md "Your generator"): the example
 * generator run once a seed in a shell loop, beside `delve shot --no-images --generator`
 * over the same seeds, so the cost of delve's loop (starting the generator without a
 * shell, reading the .dun, its checks, digest and survey, the catalog) shows as a ratio. */
#include <stdio.h>

#include "bench/bench.h"

#define GEN_CMD "python3 examples/gen_rooms.py --seed {seed} --floors 3"

int bench_generator(const char *delve, int seeds)
{
    char loop[512], range[32];
    snprintf(loop, sizeof loop,
             "i=1; while [ $i -le %d ]; do python3 examples/gen_rooms.py --seed $i --floors 3 "
             "> /dev/null || exit 1; i=$((i + 1)); done", seeds);
    snprintf(range, sizeof range, "1-%d", seeds);
    char *shell[] = { "sh", "-c", loop, NULL };
    char *one[] = { (char *)delve, "shot", "--generator", GEN_CMD, "--seeds", range, "--floors",
                    "3", "--no-images", "--jobs", "1", "-o", "out/bench-generator", NULL };
    char *two[] = { (char *)delve, "shot", "--generator", GEN_CMD, "--seeds", range, "--floors",
                    "3", "--no-images", "--jobs", "2", "-o", "out/bench-generator", NULL };
    double wall[3], cpu[3];
    int code[3] = { -1, -1, -1 };
    if (bench_run(shell, &wall[0], &cpu[0], &code[0]) || code[0] ||
        bench_run(one, &wall[1], &cpu[1], &code[1]) || code[1] ||
        bench_run(two, &wall[2], &cpu[2], &code[2]) || code[2]) {
        fprintf(stderr, "delve-bench: the example generator's runs failed (python3? exit %d %d %d)\n",
                code[0], code[1], code[2]);
        return 2;
    }
    printf("your generator: examples/gen_rooms.py, seeds 1-%d x 3 floors:\n", seeds);
    printf("  shell loop, the generator alone  %8.1f s wall %8.1f s CPU\n", wall[0] / 1e3,
           cpu[0] / 1e3);
    printf("  delve shot --no-images, --jobs 1 %8.1f s wall %8.1f s CPU   %.2fx the loop, "
           "target <= 1.2x\n", wall[1] / 1e3, cpu[1] / 1e3, wall[1] / wall[0]);
    printf("  delve shot --no-images, --jobs 2 %8.1f s wall %8.1f s CPU   %.2fx\n",
           wall[2] / 1e3, cpu[2] / 1e3, wall[2] / wall[0]);
    return 0;
}
