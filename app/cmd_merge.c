/* delve merge: the parts of a seed range run apart (a CI matrix, a Slurm array, GNU
 * parallel) joined into the bytes one run over the whole range gives: shot sets
 * (sweep/merge.h), `delve check --seeds --shard` reports (sweep/tally.h) and `delve stats
 * --shard` parts (sweep/shard.h). Options, locks, the output folder and messages here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/folder.h"
#include "app/stats.h"
#include "review/catalog.h"
#include "base/textbuf.h"
#include "sweep/merge.h"
#include "sweep/shard.h"
#include "sweep/tally.h"

static void help(void)
{
    printf("usage: delve merge shots -o DIR SET...   (-o DIR, --out DIR or --out=DIR)\n"
           "       delve merge check OUT.txt...\n"
           "       delve merge stats PART...\n\n"
           "Joins the parts of a seed range made apart (each with its own --seeds A-B) into\n"
           "the bytes one run over the whole range makes; the parts, in any order, must\n"
           "cover the range without a gap or an overlap and come from the same command but\n"
           "for --seeds (and -o).\n"
           "  shots: shot sets of 'delve shot --seeds' into the shot set DIR: every PNG (hard\n"
           "    linked, else copied) and one catalog.tsv whose comment lines are the whole\n"
           "    run's ('# command:' with the whole range and -o DIR). DIR is made whole and\n"
           "    swapped in, as 'delve shot' does.\n"
           "  check: what 'delve check --seeds' printed (stdout); prints the whole run's\n"
           "    report (the time is the parts' sum) and exits as it would (1 on an error).\n"
           "  stats: what 'delve stats --seeds A-B ... --shard' printed; prints the whole\n"
           "    run's table or TSV.\n"
           "example: parallel delve shot --seeds {} -o part-{#} ::: 1-2500 2501-5000\n"
           "         delve merge shots -o shots part-1 part-2\n");
}

/* The locks taken on the parts, each until the merge ends. */
typedef struct merge_locks {
    const char *dir[MERGE_MAX_PARTS];
    int fd[MERGE_MAX_PARTS];
    int n;
} merge_locks;

/* The merged set into out, made whole and swapped in; prints its summary line. */
static int merge_out(merge_shots *m, const char *out, uint64_t lo, uint64_t hi, int typed_c,
                     char **typed)
{
    outdir *od = NULL;
    int shots = 0, n = merge_shots_count(m);
    int rc = folder_open(&od, "merge", out, typed_c, typed);
    if (rc)
        return rc;
    delve_err err = { "" };
    delve_status st = merge_shots_write(m, out, outdir_path(od), folder_stop(), &shots, &err);
    rc = folder_close(od, "merge", st, &err);
    if (!rc)
        printf("delve merge: %d shot%s and %s/catalog.tsv (seeds %llu-%llu, %d part%s)\n",
               shots, shots == 1 ? "" : "s", out, (unsigned long long)lo,
               (unsigned long long)hi, n, n == 1 ? "" : "s");
    return rc;
}

/* argv: "shots" and what follows it; words from plain on are parts (they came after
 * "--"). typed: the command's words as typed (from "merge" on), for the lock. */
static int merge_shots_run(int argc, char **argv, int plain, int typed_c, char **typed)
{
    const char *out = NULL;
    int rc = EXIT_OK;
    merge_shots *m = NULL;
    merge_locks *lk = calloc(1, sizeof *lk);
    delve_err err = { "" };
    delve_status st = lk ? merge_shots_new(&m, &err) : DELVE_ENOMEM;
    cli_seen seen = { .n = 0 };
    for (int i = 1; i < argc && !rc && !st; i++) {
        const char *v = NULL;
        if (i < plain && (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--out")))
            v = i + 1 < argc ? argv[++i] : "";
        else if (i < plain && !strncmp(argv[i], "--out=", 6))
            v = argv[i] + 6;
        if (v) {
            rc = cli_once("merge", &seen, "-o", v);
            rc = rc ? rc : cli_out_not_stdout("merge", "-o", v);
            if (!rc && catalog_command_check(1, (char *const[]){ (char *)v }, &err))
                rc = cli_usage_error("merge", "-o: %s", err.msg); /* the merged catalog's */
            out = v;
        } else if (lk->n == MERGE_MAX_PARTS)
            rc = cli_usage_error("merge", "at most %d parts", MERGE_MAX_PARTS);
        else {
            /* a shot set being made into a part is refused, as in review */
            if ((rc = folder_read_lock("merge", argv[i], typed_c, typed, &lk->fd[lk->n])))
                break;
            lk->dir[lk->n++] = argv[i];
            st = merge_shots_add(m, argv[i], &err);
        }
    }
    if (!rc && !st && (!out || !*out || lk->n == 0))
        rc = cli_usage_error("merge", "merge shots takes -o DIR and the shot sets to join");
    uint64_t lo = 0, hi = 0;
    if (!rc && !st)
        st = merge_shots_join(m, &lo, &hi, &err);
    for (int i = 0; !rc && !st && i < lk->n; i++)
        if (cli_same_file(lk->dir[i], out)) { /* merged into one of its parts: its lock is -o's */
            folder_read_unlock(lk->dir[i], lk->fd[i]);
            lk->fd[i] = -1;
        }
    if (!rc && !st)
        rc = merge_out(m, out, lo, hi, typed_c, typed);
    for (int i = 0; lk && i < lk->n; i++)
        folder_read_unlock(lk->dir[i], lk->fd[i]);
    merge_shots_free(m);
    free(lk);
    return st ? cli_fail("merge", st, &err) : rc;
}

/* delve merge check: the part files joined; prints the whole run's report, exits as
 * delve check --seeds over the whole range would. */
static int merge_check_run(int n, char **files)
{
    if (n < 1)
        return cli_usage_error("merge", "merge check takes the parts of delve check --seeds "
                               "--shard");
    tally_whole *w = malloc(sizeof *w);
    delve_err err = { "" };
    delve_status st = w ? tally_merge(n, files, w, &err) : DELVE_ENOMEM;
    if (st) {
        free(w);
        return cli_fail("merge", st, w ? &err : NULL);
    }
    textbuf tb = { 0 };
    tally_report(&w->t, NULL, w->lo, w->hi, w->floors, (double)w->tenths / 10, &tb);
    int rc = w->t.errors || w->t.failed ? EXIT_DIFF : EXIT_OK;
    free(w);
    if (tb.oom)
        rc = cli_fail("merge", DELVE_ENOMEM, NULL);
    else
        fwrite(tb.s, 1, tb.len, stdout);
    textbuf_free(&tb);
    return rc;
}

/* delve merge stats: the part files joined and printed as delve stats prints one run. */
static int merge_stats_run(int n, char **files)
{
    if (n < 1 || n > SHARD_MAX_PARTS)
        return cli_usage_error("merge", "merge stats takes 1 to %d parts of delve stats "
                               "--shard", SHARD_MAX_PARTS);
    shard_whole *w = malloc(sizeof *w);
    if (!w)
        return cli_fail("merge", DELVE_ENOMEM, NULL);
    delve_err err = { "" };
    delve_status st = shard_join(n, files, w, &err);
    int rc = st ? cli_fail("merge", st, &err) : stats_main(w->argc, w->argv, &w->s);
    shard_whole_free(w);
    free(w);
    return rc;
}

/* cmd_merge's options (shots takes -o; check and stats none) and its three kinds */
static const cli_flag FLAGS[] = { { "out", 'o', 1, CLI_DIRS } };
const cli_spec cmd_merge_spec = { .cmd = "merge", .flags = FLAGS, .flag_count = 1,
                                  .help = help, .words = "shots check stats" };

int cmd_merge(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage_error("merge", "merge shots, check or stats: which parts to join?");
    if (cli_is_help(argv[1])) {
        help();
        return EXIT_OK;
    }
    int shots = !strcmp(argv[1], "shots"), k = 2;
    if (!shots && strcmp(argv[1], "check") && strcmp(argv[1], "stats")) /* before options */
        return cli_usage_error("merge", "'%s': merge shots, check or stats", argv[1]);
    while (k < argc && strcmp(argv[k], "--")) /* after "--", every word is a part */
        k++;
    for (int i = 2; i < k; i++)
        if (cli_is_help(argv[i])) {
            help();
            return EXIT_OK;
        }
    for (int i = 2; i < k; i++) { /* parts are files and folders; shots takes -o DIR */
        if (shots && (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--out")))
            i++;
        else if (shots && !strncmp(argv[i], "--out=", 6))
            continue;
        else if (argv[i][0] == '-' && argv[i][1])
            return cli_usage_error("merge", "unknown option '%s'", argv[i]);
    }
    char **w = malloc(sizeof *w * (size_t)argc); /* argv without its "--" */
    if (!w)
        return cli_fail("merge", DELVE_ENOMEM, NULL);
    int n = 0, rc;
    for (int i = 0; i < argc; i++)
        if (i != k)
            w[n++] = argv[i];
    if (shots)
        rc = merge_shots_run(n - 1, w + 1, k - 1, argc, argv);
    else if (!strcmp(argv[1], "check"))
        rc = merge_check_run(n - 2, w + 2);
    else
        rc = merge_stats_run(n - 2, w + 2);
    free(w);
    return rc;
}
