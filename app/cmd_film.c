/* delve film: play a .film script and record it (spec/films-and-review.md). */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/cli.h"
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
           "nothing is written then.\n", CLI_DEFAULT_FILM);
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

static int report(const film_script *fs, const recorder *r, const world *w)
{
    int n = recorder_frames(r);
    const char *dir = recorder_dir(r);
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
    return EXIT_OK;
}

/* --video: film.mp4 and film.gif through ffmpeg, or a note when it is not installed. */
static int video(const recorder *r)
{
    int found;
    delve_err err = { "" };
    delve_status st = video_make(recorder_dir(r), &found, &err);
    if (st)
        return cli_fail("film", st, &err);
    if (!found)
        printf("  video   not made: ffmpeg is not installed (Debian: apt-get install ffmpeg)\n");
    else
        printf("  video   %s/film.mp4, %s/film.gif\n", recorder_dir(r), recorder_dir(r));
    return EXIT_OK;
}

/* Every `save FILE` of the script can be written in dir: nothing there but a regular
 * file (a folder or a device would fail half-way through the film). */
static delve_status saves_writable(const film_script *fs, const char *dir, delve_err *err)
{
    for (int i = 0; i < fs->action_count; i++) {
        const film_action *a = &fs->actions[i];
        char file[FILM_PATH_MAX * 2];
        struct stat sb;
        if (a->op != OP_SAVE)
            continue;
        snprintf(file, sizeof file, "%s/%s", dir, a->text);
        if (lstat(file, &sb) == 0 && !S_ISREG(sb.st_mode))
            return delve_fail_at(err, DELVE_EINPUT, fs->path, a->line, a->col,
                                 "save %s: %s is there and is not a file", a->text, file);
    }
    return DELVE_OK;
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
    int have_world = 0, total = 0;
    recorder *rec = NULL;
    if (!st)
        st = rehearse(&fs, &total, &err);
    if (!st)
        st = director_build_world(&fs, &w, &err);
    have_world = !st;
    int tty = !a.quiet && isatty(2);
    recorder_opts ro = { .out_dir = a.out_dir, .font_path = a.font, .threads = a.threads,
                         .progress = progress, .progress_ctx = &tty };
    if (!st)
        st = recorder_open(&rec, &fs, w.dg.seed, w.dg.floor_count, &ro, &err);
    if (!st)
        st = saves_writable(&fs, recorder_dir(rec), &err);
    if (!st)
        st = director_play_saving(&fs, &w, recorder_shot, rec, recorder_dir(rec), &err);
    if (!st)
        st = recorder_finish(rec, &err);
    if (tty)
        fprintf(stderr, "\r");
    rc = st ? cli_fail("film", st, &err) : report(&fs, rec, &w);
    if (rc == EXIT_OK && a.video)
        rc = video(rec);
    recorder_close(rec);
    if (have_world)
        world_free(&w);
    film_free(&fs);
    return rc;
}
