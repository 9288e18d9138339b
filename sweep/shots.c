/* shots: a shot set made by worker threads. Each worker takes the next seed, makes its
 * PNGs and keeps its catalog lines apart; catalog.tsv is written in seed order at the
 * end, so the bytes are the same for any number of workers. */
#include "sweep/shots.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/fsio.h"
#include "base/textbuf.h"
#include "codecs/png.h"
#include "engine/dun.h"
#include "films/film.h"
#include "gen/check.h"
#include "gen/family.h"
#include "render/frame.h"
#include "review/catalog.h"
#include "review/diff.h"
#include "review/drawlist.h"
#include "revision.h" /* DELVE_REVISION: made at build time (cmake/revision.cmake) */

delve_status shots_world(const gen_opts *o, uint64_t seed, world *w, delve_err *err)
{
    delve_err warn;
    return shots_world_from(o, NULL, seed, w, &warn, err);
}

/* Seed's dungeon: from ext when it is not NULL, else from o's settings. */
static delve_status seed_dungeon(const gen_opts *o, const external_gen *ext, uint64_t seed,
                                 dungeon *d, delve_err *warn, delve_err *err)
{
    warn->msg[0] = '\0';
    if (ext)
        return external_dungeon(ext, seed, d, warn, err);
    gen_opts go = *o;
    go.seed = seed;
    return gen_dungeon(&go, d, err);
}

delve_status shots_world_from(const gen_opts *o, const external_gen *ext, uint64_t seed,
                              world *w, delve_err *warn, delve_err *err)
{
    dungeon d;
    delve_status st = seed_dungeon(o, ext, seed, &d, warn, err);
    if (st)
        return st;
    party p;
    film_default_party(&p);
    st = world_init(w, &d, &p, err);
    if (st)
        dungeon_free(&d);
    return st;
}

delve_status shots_floor(const world *w, int k, int zoom, const char *file, delve_err *err)
{
    frame_opts vo = frame_defaults();
    vo.hud = 0;
    vo.whole_floor = 1;
    vo.follow = 0;
    vo.cam_floor = k;
    vo.zoom = zoom;
    int wpx, hpx;
    frame_floor_size(&w->dg.floors[k], zoom, &wpx, &hpx);
    if (wpx > DIFF_MAX_SIDE || hpx > DIFF_MAX_SIDE || (int64_t)wpx * hpx > DIFF_MAX_PIXELS)
        return delve_fail(err, DELVE_EINPUT, "floor %d at %d px a square is %d x %d px, more "
                          "than delve diff compares (%d a side, %d Mpx): use a smaller --zoom",
                          k + 1, zoom, wpx, hpx, DIFF_MAX_SIDE, DIFF_MAX_PIXELS >> 20);
    canvas c;
    delve_status st = canvas_init(&c, wpx, hpx, err);
    if (!st)
        st = frame_render(&c, w, &vo, NULL, err);
    if (!st)
        st = png_write(file, &c, err);
    canvas_free(&c);
    return st;
}

/* One seed's lines in a reused catalog: bytes [at, at + len) of its text. */
typedef struct kept {
    size_t at, len;
} kept;

/* One set's run, shared by its workers (mu guards what follows it). */
typedef struct set_run {
    const shots_opts *a;
    kept *keep;           /* [count] with a->reuse: each seed's lines there, else NULL */
    const shots_watch *w;
    const char *dir;      /* the set's temporary folder */
    uint64_t count;       /* seeds */
    char **lines;         /* [count]: each seed's catalog lines, malloc'ed */
    pthread_mutex_t mu;
    uint64_t next;        /* the next seed index to take */
    uint64_t told;        /* seeds told on stderr: every one before has its lines */
    int shots;
    uint64_t failed_at;   /* index of the first seed that failed (count: none) */
    delve_status st;
    delve_err err;
} set_run;

/* 1 when the set draws floor k (0-based) of seed. */
static int draws(const shots_opts *a, uint64_t seed, int k)
{
    return a->images == SHOTS_ALL || (a->images == SHOTS_DRAWN && drawlist_has(a->draw, seed, k + 1));
}

/* 1 when the draw list names a floor of seed. */
static int listed(const drawlist *l, uint64_t seed)
{
    for (int k = 1; k <= DUNGEON_MAX_FLOORS; k++) /* a binary search each: 32 at most */
        if (drawlist_has(l, seed, k))
            return 1;
    return 0;
}

static void seed_free(world *w, int draw)
{
    if (draw)
        world_free(w);
    else
        dungeon_free(&w->dg);
}

/* Seed's world when the set draws a floor of it, else its dungeon alone in w->dg
 * (world_init builds the patrol loops, which only a picture needs). Free with
 * seed_free. */
static delve_status seed_make(const shots_opts *a, uint64_t seed, int draw, world *w,
                              delve_err *warn, delve_err *err)
{
    delve_status st;
    if (draw) {
        st = shots_world_from(&a->o, a->ext, seed, w, warn, err);
    } else {
        memset(w, 0, sizeof *w);
        st = seed_dungeon(&a->o, a->ext, seed, &w->dg, warn, err);
    }
    if (!st && a->ext && a->o.floor > w->dg.floor_count) { /* a set of one floor of each */
        char name[128];
        external_name(a->ext->command, name, sizeof name);
        st = delve_fail(err, DELVE_EFAIL, "%s seed %llu: made %d floor%s, no floor %d", name,
                        (unsigned long long)seed, w->dg.floor_count,
                        w->dg.floor_count == 1 ? "" : "s", a->o.floor);
        seed_free(w, draw);
    }
    return st;
}


/* What a seed's run tells besides its lines: an external generator's warning, the
 * reason it failed (msg "" when none). */
typedef struct seed_said {
    delve_err warn, failed;
} seed_said;

/* One seed's PNGs and catalog lines (into *out, malloc'ed). A generator failure
 * (DELVE_EFAIL) is a verdict for the catalog, not an error; anything else stops the set. */
static delve_status shot_seed(const shots_opts *a, const char *dir, uint64_t seed,
                              const volatile sig_atomic_t *stop, char **out, int *shots,
                              seed_said *said, delve_err *err)
{
    char line[CATALOG_LINE_MAX], file[4096];
    int lo = a->o.floor ? a->o.floor - 1 : 0, hi = a->o.floor ? a->o.floor - 1 : a->o.floors - 1;
    textbuf tb = { 0 };
    world w;
    int draw = a->images == SHOTS_ALL || (a->images == SHOTS_DRAWN && listed(a->draw, seed));
    delve_status st = seed_make(a, seed, draw, &w, &said->warn, err);
    if (st == DELVE_EFAIL) {
        if (a->ext) /* said on stderr too: another program's fault */
            said->failed = *err;
        const char *type = a->ext ? "external" : family_type_of(a->o.type)->name;
        for (int k = lo; k <= hi; k++)
            textbuf_put(&tb, line, catalog_failed_line(seed, k + 1, type, err->msg, line,
                                                       sizeof line));
        st = DELVE_OK;
    } else if (!st) {
        check_list found = { 0 };
        st = check_dungeon(&w.dg, &found, err); /* the importer's checks: the verdict column */
        if (a->ext) /* an external generator's floors, as many as it made */
            hi = a->o.floor ? lo : w.dg.floor_count - 1;
        for (int k = lo; k <= hi && !st; k++) {
            char verdict[300];
            uint64_t digest = 0;
            snprintf(file, sizeof file, "%s/" SHOTS_NAME, dir, (unsigned long long)seed,
                     k + 1);
            st = delve_stopped(stop, err);
            if (!st && draws(a, seed, k)) {
                st = shots_floor(&w, k, a->zoom, file, err);
                *shots += !st;
            }
            if (!st)
                st = dun_floor_digest(&w.dg, k, &digest, err);
            survey sv;
            if (!st)
                st = survey_floor(&w.dg.floors[k], &sv, err);
            catalog_verdict(&found, k, verdict, sizeof verdict);
            if (!st)
                textbuf_put(&tb, line, catalog_floor_line(seed, &w.dg.floors[k], digest, &sv,
                                                          verdict, line, sizeof line));
        }
        check_list_free(&found);
        seed_free(&w, draw);
    }
    if (!st && tb.oom)
        st = delve_fail(err, DELVE_ENOMEM, "out of memory for the catalog");
    if (!st) {
        *out = tb.s ? tb.s : strdup("");
        tb.s = NULL;
        if (!*out)
            st = delve_fail(err, DELVE_ENOMEM, "out of memory for the catalog");
    }
    textbuf_free(&tb);
    return st;
}

/* Seed index i's lines: kept from the reused catalog when the list names none of its
 * floors, else made (and, with a reused catalog, checked against its lines there). */
static delve_status seed_lines(set_run *r, uint64_t i, char **text, int *shots,
                               seed_said *said, delve_err *err)
{
    const shots_opts *a = r->a;
    uint64_t seed = a->o.seed + i;
    const kept *k = r->keep ? &r->keep[i] : NULL;
    if (k && !listed(a->draw, seed)) {
        *text = strndup(a->reuse + k->at, k->len);
        return *text ? DELVE_OK : delve_fail(err, DELVE_ENOMEM, "out of memory for the catalog");
    }
    delve_status st = shot_seed(a, r->dir, seed, r->w ? r->w->stop : NULL, text, shots, said,
                                err);
    if (!st && k && (strlen(*text) != k->len || memcmp(*text, a->reuse + k->at, k->len)))
        st = delve_fail(err, DELVE_EINPUT, "seed %llu: its floors differ from the catalog "
                        "being redrawn (made by another build or settings): make the set "
                        "again whole", (unsigned long long)seed);
    return st;
}

/* Tells the watch of each seed whose lines are in and every seed's before (so seeds are
 * told in seed order, the same for any number of workers). Called under r->mu. */
static void progress(set_run *r)
{
    for (; r->told < r->count && r->lines[r->told]; r->told++)
        if (r->w && r->w->progress)
            r->w->progress(r->w->ctx, r->a->o.seed + r->told, r->told + 1, r->count);
}

/* A worker: takes seeds in order until none is left or one failed. The error kept is
 * that of the lowest failed seed, whatever the timing (every lower seed was taken and
 * finishes). */
static void *worker(void *arg)
{
    set_run *r = arg;
    for (;;) {
        pthread_mutex_lock(&r->mu);
        uint64_t i = r->next < r->count && r->failed_at == r->count ? r->next++ : r->count;
        pthread_mutex_unlock(&r->mu);
        if (i == r->count)
            return NULL;
        char *text = NULL;
        int shots = 0;
        delve_err e = { "" };
        seed_said said = { { "" }, { "" } };
        delve_status st = seed_lines(r, i, &text, &shots, &said, &e);
        pthread_mutex_lock(&r->mu);
        if (!st && said.warn.msg[0] && r->w && r->w->warn)
            r->w->warn(r->w->ctx, r->a->o.seed + i, said.warn.msg);
        if (!st && said.failed.msg[0] && r->w && r->w->failed)
            r->w->failed(r->w->ctx, r->a->o.seed + i, said.failed.msg);
        r->lines[i] = text;
        r->shots += shots;
        if (st && i < r->failed_at) {
            r->failed_at = i;
            r->st = st;
            r->err = e;
        }
        progress(r);
        pthread_mutex_unlock(&r->mu);
    }
}

/* The workers: --jobs, else one per core; never more than seeds. */
static int worker_count(const shots_opts *a, uint64_t count)
{
    long n = a->jobs ? a->jobs : sysconf(_SC_NPROCESSORS_ONLN);
    n = n < 1 ? 1 : n > SHOTS_MAX_JOBS ? SHOTS_MAX_JOBS : n;
    return (int)((uint64_t)n < count ? (uint64_t)n : count);
}

/* Runs the workers over every seed; r->st and r->err say how it went. */
static void run_workers(set_run *r)
{
    pthread_t th[SHOTS_MAX_JOBS];
    int n = worker_count(r->a, r->count), started = 0;
    for (; started < n; started++)
        if (pthread_create(&th[started], NULL, worker, r) != 0)
            break;
    if (started == 0)  /* no thread to be had: this one does the work */
        worker(r);
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
}

/* The command line for the catalog's provenance without --jobs (in any of getopt's
 * spellings: --jobs N, --jobs=N, a prefix of it): it changes no byte of the set.
 * out has room for argc words. Returns the words kept. */
static int provenance_argv(int argc, char **argv, char **out)
{
    int n = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        size_t len = strcspn(s, "=");
        int jobs = i > 0 && len > 2 && len <= 6 && !strncmp(s, "--jobs", len);
        if (!strcmp(s, "--"))  /* getopt reads no option past it */
            jobs = 0;
        if (jobs && !s[len])
            i++;            /* its value */
        else if (!jobs)
            out[n++] = argv[i];
    }
    return n;
}

/* The flags that run a's external generator again, shell-quoted, into buf. */
static delve_status generator_flags(const shots_opts *a, char *buf, size_t cap, delve_err *err)
{
    char timeout[24], floors[24], line[CATALOG_HEAD_MAX];
    char *w[8] = { "--generator", (char *)a->ext->command };
    int n = 2;
    snprintf(timeout, sizeof timeout, "%d", a->ext->timeout_s);
    snprintf(floors, sizeof floors, "%d", a->ext->floors);
    if (a->ext->shell)
        w[n++] = "--generator-shell";
    if (a->ext->timeout_s && a->ext->timeout_s != EXTERNAL_TIMEOUT_S)
        w[n++] = "--generator-timeout", w[n++] = timeout;
    w[n++] = "--floors", w[n++] = floors;
    delve_status st = catalog_command_line(n, w, line, sizeof line, err);
    if (!st && strlen(line) - strlen("delve ") >= cap)
        st = delve_fail(err, DELVE_ELIMIT, "the generator's command is too long for a catalog");
    if (!st)
        memcpy(buf, line + strlen("delve "), strlen(line) - strlen("delve ") + 1);
    return st;
}

/* The catalog's head for the set of r (images: its "# images:" value) into head. */
static delve_status set_head(const set_run *r, const char *images, char *head, delve_err *err)
{
    const shots_opts *a = r->a;
    char gen[2048];
    char **words = malloc(sizeof *words * (size_t)(a->argc + 1));
    if (!words)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    catalog_source src = { .argc = provenance_argv(a->argc, a->argv, words), .argv = words,
                           .o = &a->o, .seed_lo = a->o.seed, .seed_hi = a->seed_hi,
                           .zoom = a->zoom, .version = DELVE_VERSION,
                           .revision = DELVE_REVISION, .images = images,
                           .generator = a->ext ? gen : NULL };
    delve_status st = a->ext ? generator_flags(a, gen, sizeof gen, err) : DELVE_OK;
    if (!st)
        st = catalog_head(&src, head, CATALOG_HEAD_MAX, err);
    free(words);
    return st;
}

/* The catalog: its head, then each seed's lines in seed order, into dir. */
static delve_status write_catalog(const set_run *r, delve_err *err)
{
    const shots_opts *a = r->a;
    char head[CATALOG_HEAD_MAX], file[4096], images[32];
    snprintf(images, sizeof images, a->images == SHOTS_NONE ? "none" : a->images == SHOTS_DRAWN
                                                                           ? "drawn %d" : "all",
             r->shots);
    delve_status st = set_head(r, images, head, err);
    textbuf tb = { 0 };
    textbuf_put(&tb, head, strlen(head));
    for (uint64_t i = 0; i < r->count; i++)
        textbuf_put(&tb, r->lines[i], strlen(r->lines[i]));
    snprintf(file, sizeof file, "%s/catalog.tsv", r->dir);
    if (!st && tb.oom)
        st = delve_fail(err, DELVE_ENOMEM, "out of memory for the catalog");
    if (!st)
        st = fsio_write_atomic(file, tb.s, tb.len, err);
    textbuf_free(&tb);
    return st;
}

/* 1 when the head of catalog text old says what this set's head says of what makes a
 * floor: version, revision, seeds, settings, zoom, the column names and the external
 * generator, when either has one (the command and the images may differ). */
static int same_making(const set_run *r, const char *old)
{
    static const char *const KEYS[] = { "# version: ", "# revision: ", "# seeds: ",
                                        "# settings: ", "# zoom: ", "# seed\t",
                                        "# generator: " };
    char head[CATALOG_HEAD_MAX];
    delve_err e = { "" };
    if (set_head(r, "", head, &e))
        return 0;
    for (size_t k = 0; k < sizeof KEYS / sizeof KEYS[0]; k++) {
        const char *a = strstr(head, KEYS[k]), *b = strstr(old, KEYS[k]);
        size_t n = a ? strcspn(a, "\n") : 0;
        if (!a && !b && !strcmp(KEYS[k], "# generator: ")) /* neither made by another program */
            continue;
        if (!a || !b || (b != old && b[-1] != '\n') || strncmp(a, b, n) || (b[n] != '\n' &&
                                                                       b[n] != '\r'))
            return 0;
    }
    return 1;
}

/* Each seed's lines in the reused catalog text (data lines in seed order, as a set's
 * catalog has them) into r->keep. DELVE_EINPUT when a seed of the range has none or the
 * lines are out of order. */
static delve_status index_reuse(set_run *r, delve_err *err)
{
    const char *t = r->a->reuse;
    if (!(r->keep = calloc(r->count, sizeof *r->keep)))
        return delve_fail(err, DELVE_ENOMEM, "out of memory for %llu seeds",
                          (unsigned long long)r->count);
    uint64_t want = 0;  /* the seed index whose lines come next */
    for (size_t at = 0; t[at];) {
        size_t len = strcspn(t + at, "\n") + (t[at + strcspn(t + at, "\n")] == '\n');
        char *e;
        uint64_t seed = strtoull(t + at, &e, 10), i = seed - r->a->o.seed;
        if (t[at] != '#' && (e == t + at || *e != '\t' || seed < r->a->o.seed ||
                             i >= r->count || i + 1 < want))
            break;
        if (t[at] != '#') {
            if (i + 1 != want)  /* a seed's first line */
                r->keep[i].at = at, want = i + 1;
            r->keep[i].len = at + len - r->keep[i].at;
        }
        at += len;
    }
    for (uint64_t i = 0; i < r->count; i++)
        if (!r->keep[i].len)
            return delve_fail(err, DELVE_EINPUT, "the catalog being redrawn has no lines for "
                              "seed %llu: make the set again whole",
                              (unsigned long long)(r->a->o.seed + i));
    return DELVE_OK;
}

delve_status shots_run(const shots_opts *a, const char *dir, const shots_watch *w, int *shots,
                       delve_err *err)
{
    set_run r = { .a = a, .w = w, .dir = dir, .count = a->seed_hi - a->o.seed + 1 };
    r.failed_at = r.count;
    r.lines = calloc(r.count, sizeof *r.lines);
    if (!r.lines)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for %llu seeds",
                          (unsigned long long)r.count);
    /* a catalog made otherwise is not reused: every seed is made again */
    int reuse = a->reuse && a->images == SHOTS_DRAWN && same_making(&r, a->reuse);
    delve_status rst = reuse ? index_reuse(&r, err) : DELVE_OK;
    if (rst) {
        free(r.keep);
        free(r.lines);
        return rst;
    }
    pthread_mutex_init(&r.mu, NULL);
    run_workers(&r);
    pthread_mutex_destroy(&r.mu);
    delve_status st = r.st;
    if (st)
        *err = r.err;
    else
        st = write_catalog(&r, err);
    for (uint64_t i = 0; i < r.count; i++)
        free(r.lines[i]);
    free(r.lines);
    free(r.keep);
    *shots = r.shots;
    return st;
}
