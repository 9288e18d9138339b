/* delve shot --seeds A-B: a shot set made by worker threads. Each worker takes the next
 * seed, makes its PNGs and keeps its catalog lines apart; catalog.tsv is written in seed
 * order at the end, so the bytes are the same for any number of workers. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/cli.h"
#include "app/folder.h"
#include "app/shot.h"
#include "base/fsio.h"
#include "base/textbuf.h"
#include "gen/check.h"
#include "gen/family.h"
#include "review/catalog.h"
#include "revision.h" /* DELVE_REVISION: made at build time (cmake/revision.cmake) */

#define SHOT_PROGRESS_LINES 20 /* progress lines of a set at most when stderr is no
                                  terminal (CI logs): every 5 %, as delve film --progress */

/* One set's run, shared by its workers (mu guards what follows it). */
typedef struct set_run {
    const shot_args *a;
    const char *dir;      /* the set's temporary folder */
    uint64_t count;       /* seeds */
    char **lines;         /* [count]: each seed's catalog lines, malloc'ed */
    pthread_mutex_t mu;
    uint64_t next;        /* the next seed index to take */
    uint64_t told;        /* seeds told on stderr: every one before has its lines */
    int tty;              /* stderr is a terminal: one line kept up to date */
    int shots;
    uint64_t failed_at;   /* index of the first seed that failed (count: none) */
    delve_status st;
    delve_err err;
} set_run;

/* One seed's PNGs and catalog lines (into *out, malloc'ed). A generator failure
 * (DELVE_EFAIL) is a verdict for the catalog, not an error; anything else stops the set. */
static delve_status shot_seed(const shot_args *a, const char *dir, uint64_t seed,
                              char **out, int *shots, delve_err *err)
{
    char line[CATALOG_LINE_MAX], file[4096];
    int lo = a->o.floor ? a->o.floor - 1 : 0, hi = a->o.floor ? a->o.floor - 1 : a->o.floors - 1;
    textbuf tb = { 0 };
    world w;
    delve_status st = shot_make_world(a, seed, &w, err);
    if (st == DELVE_EFAIL) {
        const char *type = family_type_of(a->o.type)->name;
        for (int k = lo; k <= hi; k++)
            textbuf_put(&tb, line, catalog_failed_line(seed, k + 1, type, err->msg, line,
                                                       sizeof line));
        st = DELVE_OK;
    } else if (!st) {
        check_list found = { 0 };
        st = check_dungeon(&w.dg, &found, err); /* the importer's checks: the verdict column */
        for (int k = lo; k <= hi && !st; k++) {
            char verdict[300];
            snprintf(file, sizeof file, "%s/" SHOT_SET_NAME, dir, (unsigned long long)seed,
                     k + 1);
            st = delve_stopped(folder_stop(), err);
            if (!st)
                st = shot_floor(&w, k, a->zoom, file, err);
            catalog_verdict(&found, k, verdict, sizeof verdict);
            if (!st)
                textbuf_put(&tb, line, catalog_floor_line(seed, &w.dg.floors[k], verdict,
                                                          line, sizeof line));
            *shots += !st;
        }
        check_list_free(&found);
        world_free(&w);
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

/* "delve shot: seed S (I of N)" for each seed whose lines are in and every seed's before
 * (so the lines come in seed order, the same for any --jobs): on a terminal one line
 * rewritten in place; else every seed of a set of up to SHOT_PROGRESS_LINES seeds, every
 * k-th and the last of a larger one. Called under r->mu. */
static void progress(set_run *r)
{
    uint64_t every = (r->count + SHOT_PROGRESS_LINES - 1) / SHOT_PROGRESS_LINES;
    for (; r->told < r->count && r->lines[r->told]; r->told++) {
        int last = r->told + 1 == r->count;
        if (!r->tty && (r->told + 1) % every && !last)
            continue;
        fprintf(stderr, "%sdelve shot: seed %llu (%llu of %llu)%s", r->tty ? "\r" : "",
                (unsigned long long)(r->a->o.seed + r->told), (unsigned long long)(r->told + 1),
                (unsigned long long)r->count, r->tty && !last ? "" : "\n");
    }
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
        delve_status st = shot_seed(r->a, r->dir, r->a->o.seed + i, &text, &shots, &e);
        pthread_mutex_lock(&r->mu);
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
static int worker_count(const shot_args *a, uint64_t count)
{
    long n = a->jobs ? a->jobs : sysconf(_SC_NPROCESSORS_ONLN);
    n = n < 1 ? 1 : n > SHOT_MAX_JOBS ? SHOT_MAX_JOBS : n;
    return (int)((uint64_t)n < count ? (uint64_t)n : count);
}

/* Runs the workers over every seed; r->st and r->err say how it went. */
static void run_workers(set_run *r)
{
    pthread_t th[SHOT_MAX_JOBS];
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

/* The catalog: its head, then each seed's lines in seed order, into dir. */
static delve_status write_catalog(const set_run *r, delve_err *err)
{
    const shot_args *a = r->a;
    char head[CATALOG_HEAD_MAX], file[4096];
    char **words = malloc(sizeof *words * (size_t)(a->argc + 1));
    if (!words)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    catalog_source src = { .argc = provenance_argv(a->argc, a->argv, words), .argv = words,
                           .o = &a->o, .seed_lo = a->o.seed, .seed_hi = a->seed_hi,
                           .zoom = a->zoom, .version = DELVE_VERSION,
                           .revision = DELVE_REVISION };
    delve_status st = catalog_head(&src, head, sizeof head, err);
    free(words);
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

/* The PNGs and catalog.tsv of every seed into dir (the set's temporary folder). */
static delve_status shoot_set(const shot_args *a, const char *dir, int *shots, delve_err *err)
{
    set_run r = { .a = a, .dir = dir, .count = a->seed_hi - a->o.seed + 1, .tty = isatty(2) };
    r.failed_at = r.count;
    r.lines = calloc(r.count, sizeof *r.lines);
    if (!r.lines)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for %llu seeds",
                          (unsigned long long)r.count);
    pthread_mutex_init(&r.mu, NULL);
    run_workers(&r);
    pthread_mutex_destroy(&r.mu);
    if (r.tty && r.told && r.told < r.count) /* stopped: the error on a line of its own */
        fputc('\n', stderr);
    delve_status st = r.st;
    if (st)
        *err = r.err;
    else
        st = write_catalog(&r, err);
    for (uint64_t i = 0; i < r.count; i++)
        free(r.lines[i]);
    free(r.lines);
    *shots = r.shots;
    return st;
}

int shot_set_run(const shot_args *a)
{
    delve_err err = { "" };
    if (strlen(a->out) > 3000)
        return cli_usage_error("shot", "-o: folder name too long");
    int shots = 0;
    outdir *od;
    int rc = folder_open(&od, "shot", a->out, a->argc, a->argv);
    if (rc)
        return rc;
    delve_status st = shoot_set(a, outdir_path(od), &shots, &err);
    rc = folder_close(od, "shot", st, &err);
    if (rc)
        return rc;
    printf("delve shot: %d shot%s and %s/catalog.tsv (seeds %llu-%llu)\n", shots,
           shots == 1 ? "" : "s", a->out,
           (unsigned long long)a->o.seed, (unsigned long long)a->seed_hi);
    return EXIT_OK;
}
