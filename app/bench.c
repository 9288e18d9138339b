/* delve-bench: the figures in the README. Median ms to render one 1280x720 frame and
 * to encode it as PNG (one core), and the default film's wall time and peak memory.
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
#include "films/film.h"
#include "films/recorder.h"
#include "gen/shoals.h"
#include "render/png.h"
#include "render/view.h"

#define RUNS 201

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

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

/* Shoals (issue 4): floors generated per second (heightmap, terrain, entrance and goal)
 * and tide updates per second on a 70 x 60 floor: the tide walked through whole cycles,
 * every update re-evaluating the floor (tide_apply), median of batches of 100. */
static int shoals_figures(void)
{
    delve_err err = { "" };
    double t0 = now_ms();
    int floors = 0;
    for (; floors < 400 && (floors < 20 || now_ms() - t0 < 1000); floors++) {
        dfloor f;
        if (shoals_layout((uint64_t)floors + 1, SHOALS_ISLANDS, 0, &f, &err)) {
            fprintf(stderr, "delve-bench: %s\n", err.msg);
            return 2;
        }
        floor_free(&f);
    }
    double gen_ms = (now_ms() - t0) / floors;
    dfloor f;
    tide_work tw;
    if (shoals_layout(11, SHOALS_ISLANDS, 0, &f, &err) || tide_work_init(&tw, f.w * f.h, &err)) {
        fprintf(stderr, "delve-bench: %s\n", err.msg);
        return 2;
    }
    rng coin = rng_stream(11, RNG_TIDE, 0, 0);
    static double us[RUNS];
    int raw = 0, vel = TIDE_PEAK_VELOCITY, last = 0;
    for (int i = 0; i < RUNS; i++) { /* CPU time: steadier than wall time on a shared VM */
        double a = cpu_ms();
        for (int k = 0; k < 100; k++) {
            tide_step(&raw, &vel);
            tide_apply(&f, tide_units(raw), raw > last, &coin, &tw, NULL);
            last = raw;
        }
        us[i] = (cpu_ms() - a) * 1000.0 / 100;
    }
    printf("shoals 70x60:\n");
    printf("  generate a floor      %7.3f ms   (%.0f floors/s)\n", gen_ms, 1000.0 / gen_ms);
    printf("  tide update (CPU)     %7.2f us   (%.0f updates/s)   target < 50 us\n",
           median(us, RUNS), 1e6 / median(us, RUNS));
    tide_work_free(&tw);
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
    int rc = frame_figures(script);
    rc = rc ? rc : film_figures(delve, script);
    rc = rc ? rc : shoals_figures();
    if (!rc && access("films/scripts/shoals-tide.film", R_OK) == 0) {
        printf("shoals film's first frame (films/scripts/shoals-tide.film), ");
        rc = frame_figures("films/scripts/shoals-tide.film");
    }
    return rc;
}
