/* delve-bench: the figures of docs/benchmarks.md (the README's speed table). DoomRL
 * floors generated a second by level type (one core), median ms to render one 1280x720
 * frame and to encode it as PNG (one core) and to draw a 1280x720 side view, the default film's wall time beside what its
 * frames' render and encode times predict on the cores, its peak memory and the time
 * --video adds (when ffmpeg is installed), and the whole-process time of
 * `delve diff` on two 1920x1080 PNGs that differ in 2 % of their pixels, beside
 * pixelmatch's and odiff's CLIs on the same pair when they are installed (on PATH as
 * `pixelmatch` and `odiff`, or named by DELVE_BENCH_PIXELMATCH and DELVE_BENCH_ODIFF:
 * `make bench` installs odiff's native binary for it, scripts/bench-tools.sh), and
 * `delve review` of 3 000 changed and of 3 000 identical pairs of real shots on 2 jobs.
 * and the digest-first review's figures (bench/digest.c).
 * `--diff-only`, `--review-only`, `--digest-only` and `--frame-only` print those alone.
 * A benchmark, never a test: it prints figures and fails on nothing but errors. */
#define _DEFAULT_SOURCE /* wait4 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#include "base/fsio.h"
#include "bench/bench.h"
#include "codecs/png.h"
#include "films/director.h"
#include "films/film.h"
#include "films/recorder.h"
#include "gen/check.h"
#include "gen/doomrl/doomrl.h"
#include "gen/shoals/shoals.h"
#include "render/frame.h"
#include "render/side.h"
#include "review/diff.h"

#define RUNS 201
#define DIFF_RUNS 31 /* rounds of the diff table: a few rounds give medians that scatter on a shared machine */
#define DIFF_DIR "out/bench-diff"
#define REVIEW_DIR "out/bench-review"
#define REVIEW_PAIRS 3000
#define DIGEST_NOOP_SEEDS 100000 /* the no-op review's seeds (x 3 floors) */

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

/* A frame to time or diff: the film's world at its start, text, a w x h canvas, and view
 * options with the film's title and a caption. 0, or 2 after printing why. Free with
 * scene_free. */
typedef struct scene {
    film_script fs;
    world w;
    text_ctx *txt;
    canvas c;
    frame_opts vo;
} scene;

static int scene_open(scene *s, const char *script, int w, int h)
{
    delve_err err = { "" };
    memset(s, 0, sizeof *s);
    if (film_load(script, &s->fs, &err) || director_build_world(&s->fs, &s->w, &err) ||
        text_open(&s->txt, NULL, &err) || canvas_init(&s->c, w, h, &err)) {
        fprintf(stderr, "delve-bench: %s\n", err.msg);
        return 2;
    }
    s->vo = frame_defaults();
    s->vo.title = s->fs.title;
    s->vo.caption = "The plates give way!";
    return 0;
}

static void scene_free(scene *s)
{
    canvas_free(&s->c);
    text_close(s->txt);
    world_free(&s->w);
    film_free(&s->fs);
}

/* Walks the film's party a few squares in so the frame has the HUD, the party, plates. */
/* What the frame figures measured, for the film's prediction. */
typedef struct frame_ms {
    double render, encode;
} frame_ms;

/* Median CPU ms of side_render of the scene's dungeon on its 1280x720 canvas, at the
 * largest zoom whose picture fits (its layout in *l); -1 when none fits. */
static double side_figure(scene *sc, side_layout *l_out)
{
    static double ms[RUNS];
    side_layout l;
    int zoom = 24;
    side_opts so = { .zoom = zoom, .row = -1 };
    while (zoom > 1 && (side_layout_of(&sc->w.dg, &so, &l, NULL) != DELVE_OK || l.w > sc->c.w ||
                        l.h > sc->c.h))
        so.zoom = --zoom;
    if (side_layout_of(&sc->w.dg, &so, &l, NULL) != DELVE_OK || l.w > sc->c.w || l.h > sc->c.h)
        return -1;
    for (int i = 0; i < RUNS; i++) {
        double t0 = cpu_ms();
        side_render(&sc->c, &sc->w.dg, &l);
        ms[i] = cpu_ms() - t0;
    }
    *l_out = l;
    return median(ms, RUNS);
}

static int frame_figures(const char *script, frame_ms *out)
{
    scene sc;
    delve_err err = { "" };
    if (scene_open(&sc, script, 1280, 720))
        return 2;
    canvas c = sc.c;
    frame_opts vo = sc.vo;
    vo.cache = frame_cache_new();
    static double render_ms[RUNS], encode_ms[RUNS], clear_ms[RUNS], anew_ms[RUNS];
    size_t bytes = 0;
    /* the second pass changes the caption every frame, so each panel is drawn anew
       (a film keeps the panel of most frames: the default film 316 of 330) */
    const char *captions[] = { sc.vo.caption, "The plates give way" };
    for (int i = 0; i < 2 * RUNS; i++) {
        vo.t_ms = (uint32_t)i * 83u; /* thread CPU time: one core even on a busy machine */
        vo.caption = i < RUNS ? captions[0] : captions[i & 1];
        double t0 = cpu_ms();
        memset(c.px, i & 1, (size_t)c.stride * (size_t)c.h);
        double t1 = cpu_ms();
        frame_render(&c, &sc.w, &vo, sc.txt, &err);
        double t2 = cpu_ms();
        uint8_t *png;
        size_t n = 0;
        png_encode(&c, &png, &n, &err); /* as the film's encoders do */
        double t3 = cpu_ms();
        free(png);
        if (i >= RUNS) {
            anew_ms[i - RUNS] = t2 - t1;
            continue;
        }
        bytes = n;
        clear_ms[i] = t1 - t0;
        render_ms[i] = t2 - t1;
        encode_ms[i] = t3 - t2;
    }
    out->render = median(render_ms, RUNS);
    out->encode = median(encode_ms, RUNS);
    double clear = median(clear_ms, RUNS);
    printf("frame 1280x720, median of %d:\n", RUNS);
    printf("  memset of the frame   %7.3f ms\n", clear);
    printf("  render (map + HUD)    %7.3f ms   %.2fx the memset, target < 2x\n", out->render,
           clear > 0 ? out->render / clear : 0.0);
    printf("  ... the HUD drawn anew %6.3f ms   (a frame whose panel differs from the last)\n",
           median(anew_ms, RUNS));
    printf("  encode PNG, one core  %7.3f ms   target <= 5 ms  (%zu bytes)\n", out->encode,
           bytes);
    side_layout sl = { 0 };
    double side = side_figure(&sc, &sl);
    printf("  side view             %7.3f ms   target < 2 ms  (%d x %d px at zoom %d)\n", side,
           sl.w, sl.h, sl.zoom);
    frame_cache_free(vo.cache);
    scene_free(&sc);
    return 0;
}

/* Timing of every frame of a film as the film draws and encodes them, on this thread. */
typedef struct film_timing {
    const film_script *fs;
    uint64_t seed;
    int floors;
    frame_cache *vc;
    text_ctx *txt;
    canvas c;
    int frames;
    double memset_ms, render_ms, encode_ms; /* sums over the frames */
} film_timing;

static delve_status time_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    film_timing *t = ctx;
    double t0 = cpu_ms();
    memset(t->c.px, s->frame_no & 1, (size_t)t->c.stride * (size_t)t->c.h);
    double t1 = cpu_ms();
    delve_status st = recorder_draw(t->fs, t->seed, t->floors, t->vc, t->txt, w, s, &t->c, err);
    double t2 = cpu_ms();
    uint8_t *png = NULL;
    size_t n = 0;
    if (!st)
        st = png_encode(&t->c, &png, &n, err); /* as the film's encoders do */
    free(png);
    t->memset_ms += t1 - t0;
    t->render_ms += t2 - t1;
    t->encode_ms += cpu_ms() - t2;
    t->frames++;
    return st;
}

/* Every frame of script drawn, then encoded, one after the other on one core (thread CPU
 * time), PASSES times: the mean ms a frame of the median pass for each, into *out. Where a
 * single frame drawn 201 times flatters the render (the bench's frame has its camera at
 * the floor's corner, so every tile row starts aligned), the film's own frames move the
 * camera a pixel at a time, as a user's do. */
#define FILM_PASSES 3
static int film_frame_figures(const char *script, frame_ms *out)
{
    scene sc;
    if (scene_open(&sc, script, 1, 1))
        return 2;
    double mem[FILM_PASSES], ren[FILM_PASSES], enc[FILM_PASSES];
    int frames = 0;
    for (int pass = 0; pass < FILM_PASSES; pass++) {
        delve_err err = { "" };
        world w;
        film_timing t = { .fs = &sc.fs, .txt = sc.txt, .vc = frame_cache_new() };
        if (!t.vc || director_build_world(&sc.fs, &w, &err) ||
            canvas_init(&t.c, sc.fs.frame_w, sc.fs.frame_h, &err)) {
            fprintf(stderr, "delve-bench: %s\n", err.msg[0] ? err.msg : "out of memory");
            return 2;
        }
        t.seed = w.dg.seed;
        t.floors = w.dg.floor_count;
        delve_status st = director_play(&sc.fs, &w, time_shot, &t, &err);
        world_free(&w);
        canvas_free(&t.c);
        frame_cache_free(t.vc);
        if (st || t.frames == 0) {
            fprintf(stderr, "delve-bench: %s: %s\n", script, err.msg);
            return 2;
        }
        frames = t.frames;
        mem[pass] = t.memset_ms / t.frames;
        ren[pass] = t.render_ms / t.frames;
        enc[pass] = t.encode_ms / t.frames;
    }
    double m = median(mem, FILM_PASSES);
    out->render = median(ren, FILM_PASSES);
    out->encode = median(enc, FILM_PASSES);
    printf("the film's %d frames (%dx%d) as it draws them, one core, mean of the median of "
           "%d passes:\n", frames, sc.fs.frame_w, sc.fs.frame_h, FILM_PASSES);
    printf("  memset of the frame   %7.3f ms\n", m);
    printf("  render (map + HUD)    %7.3f ms   %.2fx the memset, target < 2x\n", out->render,
           m > 0 ? out->render / m : 0.0);
    printf("  encode PNG            %7.3f ms   target <= 5 ms\n", out->encode);
    scene_free(&sc);
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

#define RISING_BENCH_FLOORS 2000
#define RISING_BENCH_BATCHES 4

/* CPU ms to generate and check one-floor dungeons of seeds first..last, or -1. */
static double rising_batch(int rising, int first, int last)
{
    delve_err err = { "" };
    gen_opts o = gen_defaults(1);
    o.floors = 1;
    o.rising = rising;
    double c0 = cpu_ms();
    for (int s = first; s <= last; s++) {
        o.seed = (uint64_t)s;
        dungeon d;
        check_list l = { 0 };
        if (gen_dungeon(&o, &d, &err) || check_dungeon(&d, &l, &err)) {
            fprintf(stderr, "delve-bench: %s\n", err.msg);
            return -1;
        }
        check_list_free(&l);
        dungeon_free(&d);
    }
    return cpu_ms() - c0;
}

/* Rooms-and-corridors floors a second (spec/rising.md), one core: a one-floor dungeon
 * with its layout, all 8 rising tries and the chooser, station, monsters, and the checks
 * (check_dungeon), seeds 1..N in batches; rising off beside it. */
static int rising_figures(void)
{
    int per = RISING_BENCH_FLOORS / RISING_BENCH_BATCHES;
    printf("rooms floors a second of CPU time (one floor, seeds 1-%d in %d batches, "
           "checks included, one core):\n", RISING_BENCH_FLOORS, RISING_BENCH_BATCHES);
    for (int rising = 1; rising >= 0; rising--) {
        double best = 0, total = 0;
        for (int b = 0; b < RISING_BENCH_BATCHES; b++) {
            double ms = rising_batch(rising, 1 + b * per, (b + 1) * per);
            if (ms < 0)
                return 2;
            total += ms;
            best = (b == 0 || ms < best) ? ms : best;
        }
        printf("  rising %-4s best batch %7.0f   all %7.0f   target > 1400 (rising on)\n",
               rising ? "on" : "off", per / (best / 1000.0),
               RISING_BENCH_FLOORS / (total / 1000.0));
    }
    return 0;
}

/* Shoals (spec/shoals.md): floors generated per second (heightmap, terrain, entrance and goal)
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
    for (int i = 0; i < RUNS; i++) { /* CPU time: steadier than wall time on a shared machine */
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
/* Files in dir (frames in a film's frames folder); 0 when it cannot be read. */
static int count_files(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += e->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

/* Wall ms, CPU ms (user + system, the children's too) and peak memory (KiB) of `delve
 * film SCRIPT -o OUT --quiet` and the extra arguments; -1 when it failed. */
static double film_run(const char *delve, const char *script, const char *out,
                       const char *extra, double *cpu, long *rss_kib)
{
    double t0 = now_ms();
    fflush(stdout); /* or the child prints our buffered lines again */
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout))
            _exit(127);
        execl(delve, delve, "film", script, "-o", out, "--quiet", extra, (char *)NULL);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0)
        return -1;
    *rss_kib = ru.ru_maxrss;
    *cpu = ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3 + ru.ru_stime.tv_sec * 1e3 +
           ru.ru_stime.tv_usec / 1e3;
    double wall = now_ms() - t0; /* wait4's sums hold ffmpeg, a child it waited for */
    return wall;
}

#define FILM_RUNS 5  /* films timed; their median is the figure (single runs vary on a shared machine) */
#define VIDEO_RUNS 3

/* The median wall and CPU ms of runs films of script into out (extra: NULL or one more
 * argument), the fastest and slowest wall in *lo and *hi, the largest peak memory in
 * *rss_kib; -1 when a run fails. Each run replaces the one before, as a user's does. */
static double film_runs(const char *delve, const char *script, const char *out,
                        const char *extra, int runs, double *cpu, double *lo, double *hi,
                        long *rss_kib)
{
    double wall[FILM_RUNS], used[FILM_RUNS];
    *rss_kib = 0;
    for (int i = 0; i < runs && i < FILM_RUNS; i++) {
        long rss = 0;
        if ((wall[i] = film_run(delve, script, out, extra, &used[i], &rss)) < 0)
            return -1;
        *rss_kib = rss > *rss_kib ? rss : *rss_kib;
    }
    *cpu = median(used, runs);
    double m = median(wall, runs); /* sorts wall */
    *lo = wall[0];
    *hi = wall[runs - 1];
    return m;
}

/* The film's wall time beside frames x (render + encode) / cores from the frame
 * figures, its peak memory, and with ffmpeg on PATH the time --video adds. */
/* Bytes of file, or -1. */
static long long file_bytes(const char *file)
{
    struct stat sb;
    return stat(file, &sb) == 0 ? (long long)sb.st_size : -1;
}

/* The GIFs people post: the default film's (made by the --video runs) and the devlog
 * clip's, each at its default 640 px wide. */
static void gif_sizes(const char *delve)
{
    char *devlog[] = { (char *)delve, "film", "films/scripts/devlog.film", "-o",
                       "out/bench-devlog", "--video", "gif", "--quiet", NULL };
    double wall, cpu;
    int code = -1;
    long long dev = bench_run(devlog, &wall, &cpu, &code) || code
                        ? -1 : file_bytes("out/bench-devlog/film.gif");
    printf("  film.gif, default film / devlog clip  %.1f / %.1f MB   targets < 5 / < 2 MB\n",
           (double)file_bytes("out/bench-video/film.gif") / 1e6, (double)dev / 1e6);
}

static int film_figures(const char *delve, const char *script, const frame_ms *fm)
{
    long rss = 0, vrss = 0;
    double cpu = 0, vcpu = 0, lo, hi, vlo, vhi;
    double wall = film_runs(delve, script, "out/bench-film", NULL, FILM_RUNS, &cpu, &lo, &hi,
                            &rss);
    if (wall < 0) {
        fprintf(stderr, "delve-bench: %s film failed\n", delve);
        return 2;
    }
    int frames = count_files("out/bench-film/frames");
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    double predicted = frames * (fm->render + fm->encode) / (double)(cores > 0 ? cores : 1);
    printf("default film (%s), %d frames on %ld cores, median of %d runs:\n", script, frames,
           cores, FILM_RUNS);
    printf("  wall time             %7.0f ms   target < 1000 ms (%.0f-%.0f; CPU %.0f ms: %.0f "
           "ms a core)\n", wall, lo, hi, cpu, cpu / (double)(cores > 0 ? cores : 1));
    printf("  frames x (render + encode) / cores  %7.0f ms   wall is %.2fx of it, target < 1.2x\n",
           predicted, predicted > 0 ? wall / predicted : 0.0);
    printf("  peak memory           %7.1f MiB   target < 48 MiB\n", rss / 1024.0);
    double video = system("command -v ffmpeg > /dev/null 2>&1") == 0
                       ? film_runs(delve, script, "out/bench-video", "--video", VIDEO_RUNS,
                                   &vcpu, &vlo, &vhi, &vrss)
                       : -1;
    if (video >= 0)
        printf("  with --video          %7.0f ms   adds %.2fx the film's time, target <= 1x "
               "(%.0f-%.0f; CPU adds %.2fx)\n", video, wall > 0 ? (video - wall) / wall : 0.0,
               vlo, vhi, cpu > 0 ? (vcpu - cpu) / cpu : 0.0);
    else
        printf("  with --video          (ffmpeg not installed)\n");
    if (video >= 0)
        gif_sizes(delve);
    return 0;
}

/* A 1920x1080 frame of the film (map and HUD) as DIFF_DIR/a.png, and b.png: the same
 * with a 216x192 block (41472 pixels, 2.0 %) in negative, so every tool sees them. */
static int diff_pair(const char *script)
{
    scene sc;
    delve_err err = { "" };
    if (scene_open(&sc, script, 1920, 1080))
        return 2;
    canvas c = sc.c;
    delve_status st = fsio_mkdirs(DIFF_DIR, &err);
    if (!st)
        st = frame_render(&c, &sc.w, &sc.vo, sc.txt, &err);
    if (!st)
        st = png_write(DIFF_DIR "/a.png", &c, &err);
    for (int y = 300; y < 300 + 192; y++)
        for (int x = 500; x < 500 + 216; x++) {
            uint8_t *p = canvas_at(&c, x, y);
            for (int i = 0; i < 3; i++)
                p[i] = (uint8_t)(255 - p[i]);
        }
    if (!st)
        st = png_write(DIFF_DIR "/b.png", &c, &err);
    scene_free(&sc);
    if (st)
        fprintf(stderr, "delve-bench: %s\n", err.msg);
    return st ? 2 : 0;
}

/* Wall and CPU (user + system) ms of one run of argv, stdout and stderr to /dev/null;
 * its exit code into *code (may be NULL; 0 and 1 are both fine for the callers that
 * pass NULL: 1 is a difference). -1 when it cannot be run. Started with posix_spawnp
 * (vfork and exec), not fork: a forked child of this process (33 MB and seventy-odd
 * libraries mapped by the scene it rendered) copied and then tore down all its mappings,
 * which the tool's figures counted (a few ms a run: docs/perf-log.md). */
int bench_run(char *const argv[], double *wall, double *cpu, int *code)
{
    fflush(stdout);
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa))
        return -1;
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    double t0 = now_ms();
    pid_t pid;
    int bad = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    int status;
    struct rusage ru;
    if (bad || wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) == 127)
        return -1;
    if (code)
        *code = WEXITSTATUS(status);
    *wall = now_ms() - t0;
    *cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
    return 0;
}

static const char *tool(const char *env, const char *name)
{
    const char *p = getenv(env);
    return p && p[0] ? p : name;
}

enum { DIFF_TOOLS = 4 };

/* Runs the tools in turn, DIFF_RUNS rounds (so a busy moment hits them alike), and
 * prints each one's median wall and CPU time. */
static void diff_table(char **const argv[DIFF_TOOLS], const char *const label[DIFF_TOOLS])
{
    static double wall[DIFF_TOOLS][DIFF_RUNS], cpu[DIFF_TOOLS][DIFF_RUNS];
    int ok[DIFF_TOOLS] = { 1, 1, 1, 1 };
    for (int r = 0; r < DIFF_RUNS; r++)
        for (int t = 0; t < DIFF_TOOLS; t++)
            if (ok[t] && bench_run(argv[t], &wall[t][r], &cpu[t][r], NULL))
                ok[t] = 0;
    for (int t = 0; t < DIFF_TOOLS; t++) {
        if (!ok[t])
            printf("  %-32s not run (%s not found)\n", label[t], argv[t][0]);
        else
            printf("  %-32s %7.1f ms wall  %7.1f ms CPU\n", label[t],
                   median(wall[t], DIFF_RUNS), median(cpu[t], DIFF_RUNS));
    }
    if (ok[0] && ok[3]) /* the last tool beside the first: the ratio the target is on */
        printf("  %s / %s, wall: %.2fx (target >= 3x)\n", label[3], label[0],
               median(wall[3], DIFF_RUNS) / median(wall[0], DIFF_RUNS));
}

/* Whole-process times of delve diff, pixelmatch and odiff on the same pair. */
static int diff_figures(const char *delve, const char *script)
{
    if (diff_pair(script))
        return 2;
    char *a = DIFF_DIR "/a.png", *b = DIFF_DIR "/b.png";
    char *exact[] = { (char *)delve, "diff", a, b, "-o", DIFF_DIR "/delve.png", NULL };
    char *thr[] = { (char *)delve, "diff", a, b, "-o", DIFF_DIR "/delve-t.png",
                    "--threshold", "0.1", "--aa", NULL };
    char *pm[] = { (char *)tool("DELVE_BENCH_PIXELMATCH", "pixelmatch"), a, b,
                   DIFF_DIR "/pixelmatch.png", "0.1", NULL };
    char *od[] = { (char *)tool("DELVE_BENCH_ODIFF", "odiff"), a, b, DIFF_DIR "/odiff.png",
                   NULL };
    printf("diff two 1920x1080 PNGs, 2 %% of pixels changed, whole process with the diff\n"
           "image written, median of %d (%s):\n", DIFF_RUNS, DIFF_DIR);
    char **const argv[DIFF_TOOLS] = { exact, thr, pm, od };
    const char *const label[DIFF_TOOLS] = { "delve diff (exact)",
                                            "delve diff --threshold 0.1 --aa",
                                            "pixelmatch 7 CLI, 0.1 (AA on)",
                                            "odiff native (threshold 0.1)" };
    diff_table(argv, label);
    return 0;
}

/* A shot set of 1000 seeds x 3 floors (delve shot --seeds 1-1000) as a child, on 2
 * workers and on 1: wall time, CPU time and CPU ms a floor (generation, checks, render,
 * PNG and catalog; docs/perf-log.md has the perf split). */
static int shot_set_figures(const char *delve)
{
    char *two[] = { (char *)delve, "shot", "--seeds", "1-1000", "--jobs", "2", "-o",
                    "out/bench-shots", NULL };
    char *one[] = { (char *)delve, "shot", "--seeds", "1-1000", "--jobs", "1", "-o",
                    "out/bench-shots", NULL };
    double wall[2], cpu[2];
    if (bench_run(two, &wall[0], &cpu[0], NULL) ||
        bench_run(one, &wall[1], &cpu[1], NULL)) {
        fprintf(stderr, "delve-bench: %s shot --seeds failed\n", delve);
        return 2;
    }
    printf("shot set, seeds 1-1000 x 3 floors (out/bench-shots):\n");
    printf("  --jobs 2                %6.1f s wall  %6.1f s CPU   target < 30 s wall\n",
           wall[0] / 1e3, cpu[0] / 1e3);
    printf("  --jobs 1                %6.1f s wall  %6.1f s CPU   (%.1f ms CPU a floor)\n",
           wall[1] / 1e3, cpu[1] / 1e3, cpu[1] / 3000);
    return 0;
}

/* Runs argv once and prints its wall and CPU time under label; -1 when it cannot run
 * or exits other than want (a review that found its folder locked is no figure). */
static int timed(const char *label, char *const argv[], int want)
{
    double wall, cpu;
    int code = -1;
    if (bench_run(argv, &wall, &cpu, &code) || code != want) {
        fprintf(stderr, "delve-bench: %s %s failed (exit %d)\n", argv[0], argv[1], code);
        return -1;
    }
    printf("  %-40s %8.0f ms wall %8.0f ms CPU\n", label, wall, cpu);
    return 0;
}

/* REVIEW_PAIRS links named like a shot set's in dir, all to file. */
static int link_set(const char *dir, const char *file)
{
    char p[256];
    if (fsio_mkdirs(dir, NULL))
        return -1;
    for (int i = 1; i <= REVIEW_PAIRS; i++) {
        snprintf(p, sizeof p, "%s/seed-%020d-floor-1.png", dir, i);
        unlink(p);
        if (link(file, p))
            return -1;
    }
    return 0;
}

/* delve review on 2 jobs: REVIEW_PAIRS changed pairs (seed 3 floor 1 of 3, rising off
 * against on: 6.7 % of 1536 x 960 pixels differ; every pair decoded, diffed, its diff
 * image written, and the page) and REVIEW_PAIRS identical ones (a copy of the same PNG:
 * other files, the same bytes, compared byte by byte, never decoded). */
static int review_figures(const char *delve)
{
    char *off[] = { (char *)delve, "shot", "--seed", "3", "--floor", "1", "--floors", "3",
                    "--rising", "off", "-o", REVIEW_DIR "/x.png", NULL };
    char *on[] = { (char *)delve, "shot", "--seed", "3", "--floor", "1", "--floors", "3",
                   "-o", REVIEW_DIR "/z.png", NULL };
    char *copy[] = { "cp", REVIEW_DIR "/x.png", REVIEW_DIR "/y.png", NULL };
    char *changed[] = { (char *)delve, "review", REVIEW_DIR "/a", REVIEW_DIR "/b", "-o",
                        REVIEW_DIR "/changed", "--jobs", "2", NULL };
    char *same[] = { (char *)delve, "review", REVIEW_DIR "/a", REVIEW_DIR "/c", "-o",
                     REVIEW_DIR "/same", "--jobs", "2", NULL };
    double wall, cpu;
    if (fsio_mkdirs(REVIEW_DIR, NULL) || bench_run(off, &wall, &cpu, NULL) ||
        bench_run(on, &wall, &cpu, NULL) || bench_run(copy, &wall, &cpu, NULL) ||
        link_set(REVIEW_DIR "/a", REVIEW_DIR "/x.png") ||
        link_set(REVIEW_DIR "/b", REVIEW_DIR "/z.png") ||
        link_set(REVIEW_DIR "/c", REVIEW_DIR "/y.png")) {
        fprintf(stderr, "delve-bench: cannot make the review sets in %s\n", REVIEW_DIR);
        return 2;
    }
    printf("delve review, %d pairs of 1536 x 960 shots, --jobs 2 (%s):\n", REVIEW_PAIRS,
           REVIEW_DIR);
    int rc = timed("all changed (6.7 % of pixels)    < 30 s", changed, 1);
    rc = rc ? rc : timed("all identical bytes              < 1 s", same, 0);
    return rc ? 2 : 0;
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
    if (argc > 1 && !strcmp(argv[1], "--rising-only")) /* the rising figures alone */
        return rising_figures();
    if (argc > 1 && !strcmp(argv[1], "--doom-only")) /* DoomRL's floors a second alone */
        return doom_figures();
    if (argc > 1 && !strcmp(argv[1], "--diff-only"))
        return diff_figures(delve, "films/scripts/pits-and-stations.film");
    if (argc > 1 && !strcmp(argv[1], "--review-only"))
        return review_figures(delve);
    if (argc > 1 && !strcmp(argv[1], "--generator-only")) /* [SEEDS] */
        return bench_generator(delve, argc > 2 ? atoi(argv[2]) : 1000);
    if (argc > 1 && !strcmp(argv[1], "--digest-only")) /* [SEEDS of the no-op review] */
        return bench_digest(delve, argc > 2 ? atoi(argv[2]) : DIGEST_NOOP_SEEDS);
    frame_ms fm = { 0, 0 };
    if (argc > 1 && !strcmp(argv[1], "--frame-only")) { /* the frame figures alone */
        script = argc > 2 ? argv[2] : "films/scripts/pits-and-stations.film";
        int rc = frame_figures(script, &fm);
        return rc ? rc : film_frame_figures(script, &fm);
    }
    if (argc > 1 && !strcmp(argv[1], "--film-only")) { /* frames, side view, film, video */
        script = argc > 2 ? argv[2] : "films/scripts/pits-and-stations.film";
        int rc = frame_figures(script, &fm);
        rc = rc ? rc : film_frame_figures(script, &fm);
        return rc ? rc : film_figures(delve, script, &fm);
    }
    int rc = rising_figures();
    rc = rc ? rc : doom_figures();
    rc = rc ? rc : frame_figures(script, &fm);
    rc = rc ? rc : film_frame_figures(script, &fm);
    rc = rc ? rc : film_figures(delve, script, &fm);
    rc = rc ? rc : diff_figures(delve, script);
    rc = rc ? rc : shot_set_figures(delve);
    rc = rc ? rc : review_figures(delve);
    rc = rc ? rc : bench_digest(delve, DIGEST_NOOP_SEEDS);
    rc = rc ? rc : bench_generator(delve, 1000);
    rc = rc ? rc : shoals_figures();
    if (!rc && access("films/scripts/shoals-tide.film", R_OK) == 0) {
        printf("shoals film's first frame (films/scripts/shoals-tide.film), ");
        rc = frame_figures("films/scripts/shoals-tide.film", &fm);
    }
    return rc;
}
