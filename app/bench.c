/* delve-bench: the figures in the README. DoomRL floors generated a second by level
 * type (one core), median ms to render one 1280x720 frame and to encode it as PNG (one
 * core), and the default film's wall time and peak memory.
 * A benchmark, never a test: it prints figures and fails on nothing but errors. */
#define _DEFAULT_SOURCE /* wait4 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "films/director.h"
#include "gen/doomrl.h"
#include "films/film.h"
#include "films/recorder.h"
#include "render/png.h"
#include "render/view.h"

#define RUNS 201

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* CPU time of this thread in ms: "one core" even when other work shares the machine. */
static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

/* Walks the film's party a few squares in so the frame has the HUD, the party, plates. */
static int frame_figures(const char *script)
{
    film_script fs;
    delve_err err = { "" };
    world w;
    text_ctx *txt = NULL;
    canvas c;
    if (film_load(script, &fs, &err) || director_build_world(&fs, &w, &err) ||
        text_open(&txt, NULL, &err) || canvas_init(&c, 1280, 720, &err)) {
        fprintf(stderr, "delve-bench: %s\n", err.msg);
        return 2;
    }
    view_opts vo = view_defaults();
    vo.cache = view_cache_new();
    vo.title = fs.title;
    vo.caption = "The plates give way!";
    static double render_ms[RUNS], encode_ms[RUNS], clear_ms[RUNS];
    size_t bytes = 0;
    for (int i = 0; i < RUNS; i++) {
        vo.t_ms = (uint32_t)i * 83u;
        double t0 = now_ms();
        memset(c.px, i & 1, (size_t)c.stride * (size_t)c.h);
        double t1 = now_ms();
        view_render(&c, &w, &vo, txt, &err);
        double t2 = now_ms();
        uint8_t *png;
        png_encode(&c, &png, &bytes, &err);
        double t3 = now_ms();
        free(png);
        clear_ms[i] = t1 - t0;
        render_ms[i] = t2 - t1;
        encode_ms[i] = t3 - t2;
    }
    printf("frame 1280x720, median of %d:\n", RUNS);
    printf("  memset of the frame   %7.3f ms\n", median(clear_ms, RUNS));
    printf("  render (map + HUD)    %7.3f ms   target < 1 ms\n", median(render_ms, RUNS));
    printf("  encode PNG, one core  %7.3f ms   target < 15 ms  (%zu bytes)\n",
           median(encode_ms, RUNS), bytes);
    canvas_free(&c);
    view_cache_free(vo.cache);
    text_close(txt);
    world_free(&w);
    film_free(&fs);
    return 0;
}

#define DOOM_BENCH_FLOORS 20000
#define DOOM_BENCH_BATCHES 5

/* CPU ms to make and stock floors first..last of type t (seeds), or -1 on an error. */
static double doom_batch(dfloor *f, int t, int first, int last)
{
    delve_err err = { "" };
    gen_opts o = gen_defaults(1);
    o.type = t;
    o.dlevel = 12;
    o.difficulty = 3;
    o.floors = 1;
    double c0 = cpu_ms();
    for (int s = first; s <= last; s++) {
        o.seed = (uint64_t)s;
        if (doom_floor_make(&o, 0, DOOM_STAGE_FULL, f, NULL, &err)) {
            fprintf(stderr, "delve-bench: %s\n", err.msg);
            return -1;
        }
        doom_stock(o.seed, o.difficulty, f, NULL);
    }
    return cpu_ms() - c0;
}

/* DoomRL floors a second by level type, one core: layout, rivers, fluids, entrance and
 * goal, validator, stocking (doom_floor_make + doom_stock), seeds 1..N at dlevel 12, in
 * batches: the best batch (least disturbed by other work on the machine) and all. */
static int doom_figures(void)
{
    dfloor f;
    delve_err err = { "" };
    if (floor_init(&f, 0, DOOM_W, DOOM_H, &err)) {
        fprintf(stderr, "delve-bench: %s\n", err.msg);
        return 2;
    }
    int per = DOOM_BENCH_FLOORS / DOOM_BENCH_BATCHES;
    printf("DoomRL floors a second of CPU time (seeds 1-%d in %d batches, dlevel 12, "
           "difficulty 3, one core):\n", DOOM_BENCH_FLOORS, DOOM_BENCH_BATCHES);
    for (int t = LT_NORMAL; t <= LT_SINGLE; t++) {
        double best = 0, total = 0;
        for (int b = 0; b < DOOM_BENCH_BATCHES; b++) {
            double ms = doom_batch(&f, t, 1 + b * per, (b + 1) * per);
            if (ms < 0) {
                floor_free(&f);
                return 2;
            }
            total += ms;
            best = (b == 0 || ms < best) ? ms : best;
        }
        printf("  %-12s best batch %7.0f   all %7.0f   target > 20000\n", level_type_name(t),
               per / (best / 1000.0), DOOM_BENCH_FLOORS / (total / 1000.0));
    }
    floor_free(&f);
    return 0;
}

/* Runs `delve film` as a child so its peak memory is its own. */
static int film_figures(const char *delve, const char *script)
{
    double t0 = now_ms();
    fflush(stdout); /* or the child prints our buffered lines again */
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout))
            _exit(127);
        execl(delve, delve, "film", script, "-o", "out/bench-film", "--quiet", (char *)NULL);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        fprintf(stderr, "delve-bench: %s film failed\n", delve);
        return 2;
    }
    printf("default film (%s):\n", script);
    printf("  wall time             %7.0f ms\n", now_ms() - t0);
    printf("  peak memory           %7.1f MiB   target < 64 MiB\n", ru.ru_maxrss / 1024.0);
    return 0;
}

int main(int argc, char **argv)
{
    const char *script = argc > 1 ? argv[1] : "films/scripts/pits-and-stations.film";
    char delve[4096];
    snprintf(delve, sizeof delve, "%s", argv[0]);
    char *slash = strrchr(delve, '/');
    snprintf(slash ? slash + 1 : delve, sizeof delve - (size_t)(slash ? slash + 1 - delve : 0),
             "delve");
    png_tune_malloc();
    int rc = doom_figures();
    rc = rc ? rc : frame_figures(script);
    return rc ? rc : film_figures(delve, script);
}
