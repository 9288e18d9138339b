/* delve film: play a .film script and record it (spec/films-and-review.md). */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/cli.h"
#include "app/folder.h"
#include "films/director.h"
#include "films/film.h"
#include "films/recorder.h"
#include "app/video.h"


static void help(void)
{
    printf("usage: delve film [SCRIPT.film] [-o DIR] [--font PATH] [--threads N] [--quiet]\n"
           "                  [--video]\n\n"
           "Plays SCRIPT (default %s) on its dungeon and writes\n"
           "  DIR/frames/frame_0001.png ...   every frame (DIR defaults to out/films/NAME)\n"
           "  DIR/sheet.png                   the captioned contact sheet\n"
           "  DIR/events.tsv                  frame, game time, floor, square, event, health, power\n"
           "  DIR/film.mp4, DIR/film.gif      with --video, when ffmpeg is installed\n"
           "The script format is in films/README.md. Exit 2 with file:line:col on a bad script;\n"
           "nothing is written then. DIR is made whole beside itself and swapped in at the\n"
           "end: an earlier film there is replaced, a folder delve did not make is refused\n"
           "unless empty, a second run into DIR at once exits 2, and Ctrl-C leaves DIR as\n"
           "it was (exit 130).\n", CLI_DEFAULT_FILM);
}

typedef struct film_args {
    const char *script, *out_dir, *font;
    int threads, quiet, video;
} film_args;

static int parse(int argc, char **argv, film_args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (cli_is_help(argv[i])) {
            help();
            return -1;
        } else if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--font") ||
                   !strcmp(argv[i], "--threads")) {
            if (!(v = cli_value("film", argc, argv, &i)))
                return EXIT_USAGE;
            if (!strcmp(argv[i - 1], "-o"))
                a->out_dir = v;
            else if (!strcmp(argv[i - 1], "--font"))
                a->font = v;
            else if (!cli_int("film", "--threads", v, 1, RECORDER_MAX_THREADS, &a->threads))
                return EXIT_USAGE;
        } else if (!strcmp(argv[i], "--quiet") || !strcmp(argv[i], "-q")) {
            a->quiet = 1;
        } else if (!strcmp(argv[i], "--video")) {
            a->video = 1;
        } else if (argv[i][0] == '-') {
            return cli_usage_error("film", "unknown option '%s'", argv[i]);
        } else if (a->script) {
            return cli_usage_error("film", "one script at a time ('%s' and '%s')", a->script,
                                   argv[i]);
        } else {
            a->script = argv[i];
        }
    }
    if (!a->script)
        a->script = cli_default_film();
    return EXIT_OK;
}

static void progress(void *ctx, int frames, const char *note)
{
    (void)note;
    if (*(int *)ctx && frames % 10 == 0)
        fprintf(stderr, "\rdelve film: %d frames", frames);
}

typedef struct rehearsal {
    const film_script *fs;
    int frames;
} rehearsal;

static delve_status count_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    rehearsal *r = ctx;
    (void)w;
    r->frames = s->frame_no;
    if (r->frames <= RECORDER_MAX_FRAMES)
        return DELVE_OK;
    return delve_fail_at(err, DELVE_EINPUT, r->fs->path, s->line, 1,
                         "the film passes %d frames here (record every=%d gives a frame "
                         "every %d sub-steps of 10 cm)", RECORDER_MAX_FRAMES,
                         r->fs->record_every, r->fs->record_every);
}

/* Plays the script once without recording, so a script that asks for the impossible
 * fails before a single frame is written. */
static delve_status rehearse(const film_script *fs, int *frames, delve_err *err)
{
    world w;
    rehearsal r = { fs, 0 };
    delve_status st = director_build_world(fs, &w, err);
    if (st)
        return st;
    st = director_play(fs, &w, count_shot, &r, err);
    *frames = r.frames;
    world_free(&w);
    return st;
}

/* What the run wrote, under the film's folder (its final name). */
static void report(const film_script *fs, const recorder *r, const world *w, const char *dir,
                   int video, int found)
{
    int n = recorder_frames(r);
    printf("delve film: \"%s\": %d frames, seed %llu, %d floor%s, %d of %d standing\n",
           fs->title, n, (unsigned long long)w->dg.seed, w->dg.floor_count,
           w->dg.floor_count == 1 ? "" : "s",
           party_alive_count(&w->party), w->party.count);
    printf("  frames  %s/frames/frame_0001.png ... frame_%04d.png\n", dir, n);
    if (recorder_sheet_pages(r) > 1)
        printf("  sheet   %s/sheet-1.png ... sheet-%d.png (split: one sheet would pass "
               "16000 px)\n", dir, recorder_sheet_pages(r));
    else
        printf("  sheet   %s/sheet.png\n", dir);
    printf("  events  %s/events.tsv\n", dir);
    for (int i = 0; i < fs->action_count; i++)
        if (fs->actions[i].op == OP_SAVE)
            printf("  save    %s/%s\n", dir, fs->actions[i].text);
    if (video && !found)
        printf("  video   not made: ffmpeg is not installed (Debian: apt-get install ffmpeg)\n");
    else if (video)
        printf("  video   %s/film.mp4, %s/film.gif\n", dir, dir);
}

/* Every `save FILE` of the script can be written in dir (the film's temporary folder):
 * nothing there but a regular file (`save frames` would fail half-way through the
 * film), and not the folder's marker. shown is the folder's name for messages. */
static delve_status saves_writable(const film_script *fs, const char *dir, const char *shown,
                                   delve_err *err)
{
    for (int i = 0; i < fs->action_count; i++) {
        const film_action *a = &fs->actions[i];
        char file[FILM_PATH_MAX * 2];
        struct stat sb;
        if (a->op != OP_SAVE)
            continue;
        snprintf(file, sizeof file, "%s/%s", dir, a->text);
        if (!strcmp(a->text, OUTDIR_MARKER) || (lstat(file, &sb) == 0 && !S_ISREG(sb.st_mode)))
            return delve_fail_at(err, DELVE_EINPUT, fs->path, a->line, a->col,
                                 "save %s: %s/%s is the film's own and not a save", a->text,
                                 shown, a->text);
    }
    return DELVE_OK;
}

/* Records the film into the output folder's temporary folder: frames, events, sheet,
 * saves and, with --video, the videos (*found 0 when ffmpeg is missing). */
static delve_status record(const film_args *a, const film_script *fs, world *w, outdir *od,
                           recorder **rec, int *found, delve_err *err)
{
    int tty = !a->quiet && isatty(2);
    const char *dir = outdir_path(od);
    recorder_opts ro = { .out_dir = dir, .font_path = a->font, .threads = a->threads,
                         .progress = progress, .progress_ctx = &tty, .stop = folder_stop() };
    delve_status st = recorder_open(rec, fs, w->dg.seed, w->dg.floor_count, &ro, err);
    if (!st)
        st = saves_writable(fs, dir, outdir_target(od), err);
    if (!st)
        st = director_play_saving(fs, w, recorder_shot, *rec, dir, err);
    if (!st)
        st = recorder_finish(*rec, err);
    if (tty)
        fprintf(stderr, "\r");
    if (!st && a->video)
        st = video_make(dir, folder_stop(), found, err);
    return st;
}

int cmd_film(int argc, char **argv)
{
    film_args a;
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    film_script fs;
    delve_err err = { "" };
    delve_status st = film_load(a.script, &fs, &err);
    world w;
    int have_world = 0, total = 0, found = 0;
    recorder *rec = NULL;
    outdir *od = NULL;
    char target[FILM_PATH_MAX + 16];
    if (!st)
        st = rehearse(&fs, &total, &err);
    if (!st)
        st = director_build_world(&fs, &w, &err);
    have_world = !st;
    if (!st && a.out_dir && strlen(a.out_dir) >= FILM_PATH_MAX)
        st = delve_fail(&err, DELVE_EINPUT, "-o: folder name longer than %d bytes",
                        FILM_PATH_MAX - 1);
    if (!st)
        snprintf(target, sizeof target, "%s%s", a.out_dir ? "" : "out/films/",
                 a.out_dir ? a.out_dir : fs.name);
    rc = st ? cli_fail("film", st, &err) : folder_open(&od, "film", target, argc, argv);
    if (rc == EXIT_OK) {
        st = record(&a, &fs, &w, od, &rec, &found, &err);
        if (st) { /* its frame workers stop writing before the temporary folder goes */
            recorder_close(rec);
            rec = NULL;
        }
        rc = folder_close(od, "film", st, &err);
    }
    if (rc == EXIT_OK)
        report(&fs, rec, &w, target, a.video, found);
    recorder_close(rec);
    if (have_world)
        world_free(&w);
    film_free(&fs);
    return rc;
}
