/* delve film: play a .film script and record it (spec/films-and-review.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "app/cli.h"
#include "app/folder.h"
#include "app/lazy_libs.h"
#include "base/outdir.h"
#include "films/director.h"
#include "films/film.h"
#include "films/recorder.h"
#include "films/take.h"
#include "films/video.h"
#include "render/text.h"

static void help(void)
{
    printf("usage: delve film [SCRIPT.film] [-o DIR] [--font PATH] [--threads N] [--quiet]\n"
           "                  [--progress] [--video [mp4,gif,webp]] [--gif-width W]\n"
           "                  [--gif-fps N]\n\n"
           "Plays SCRIPT (default %s) on its dungeon and writes\n"
           "  DIR/frames/frame_0001.png ...   every frame (DIR defaults to out/films/NAME)\n"
           "  DIR/sheet.png                   the captioned contact sheet\n"
           "  DIR/events.tsv                  frame, game time, floor, square, event, health, power\n"
           "  DIR/film.mp4, DIR/film.gif      with --video, when ffmpeg is installed, made\n"
           "                                  while the frames render: the MP4 H.264 yuv420p\n"
           "                                  at the film's fps (12 unless its script says\n"
           "                                  `fps N`), the GIF at a third of it or N frames\n"
           "                                  a second (--gif-fps, 1..the film's fps, 50 at\n"
           "                                  most), W px\n"
           "                                  wide (--gif-width, 160..4096, default %d); every\n"
           "                                  event's frame is in it whatever its rate\n"
           "  DIR/film.webp                   with a --video list naming webp: the GIF's\n"
           "                                  frames, lossy\n"
           "--video LIST says what to make: mp4, gif and webp, comma-separated, in any case\n"
           "(--video alone: mp4,gif; two --video add up). --gif-width and --gif-fps need gif\n"
           "or webp.\n"
           "An option's value is the next word or follows '=' (--gif-width=480); after --\n"
           "every word is the script. --threads N (1..16): threads that encode the\n"
           "frames, the one drawing them among them (default: one per core).\n"
           "Progress (\"frame 120/330\") goes to stderr: on a terminal as one line kept up\n"
           "to date; with --progress also when stderr is not a terminal, a line every 5 %%\n"
           "of the frames; --quiet shows none (and refuses --progress).\n"
           "The script format is in films/README.md. Exit 2 with file:line:col on a bad script;\n"
           "nothing is written then. DIR is made whole beside itself and swapped in at the\n"
           "end: an earlier film there is replaced, a folder delve did not make is refused\n"
           "unless empty, a second run into DIR at once exits 2, and Ctrl-C leaves DIR as\n"
           "it was (exit 130), the video encoder's files included.\n", film_default_script(),
           VIDEO_GIF_W);
}

typedef struct film_args {
    const char *script, *out_dir, *font;
    int threads, quiet, video, progress, gif_w, gif_fps;
    cli_seen seen;          /* valued options taken, each once */
    int bare;         /* --video without a list was given */
    unsigned formats; /* VIDEO_* */
} film_args;

/* Is the word after --video meant as its list of formats? A valid list is; so is a word
 * that is no file and no script's name (no '/', not ending in ".film") made of letters,
 * digits, commas and spaces or naming a format ("avi", "mp4,,gif", "mp4, gif",
 * "mp4.gif"): a typo gets its own message, not "one script at a time". */
static int format_word(const char *w)
{
    if (video_formats(w))
        return 1;
    size_t n = strlen(w);
    if (w[0] == '-' || strchr(w, '/') || access(w, F_OK) == 0 ||
        (n >= 5 && !strcmp(w + n - 5, ".film")))
        return 0;
    if (strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789, ") == n)
        return 1;
    for (; *w; w++) /* a format named anywhere in it, in any case */
        if (!strncasecmp(w, "mp4", 3) || !strncasecmp(w, "gif", 3) || !strncasecmp(w, "webp", 4))
            return 1;
    return 0;
}

/* --video at argv[*i]: the list after it when the next word is one (or came as
 * --video=LIST) added to a->formats, or a->bare set when there is none. EXIT_USAGE for a
 * bad list. */
static int take_video(const cli_words *cw, int *i, film_args *a)
{
    a->video = 1;
    if (*i + 1 >= cw->n || !(cw->attached[*i + 1] || format_word(cw->w[*i + 1]))) {
        a->bare = 1;
        return EXIT_OK;
    }
    const char *list = cw->w[++*i];
    unsigned f = video_formats(list);
    if (!f)
        return cli_usage_error("film", "--video '%s': not a list of mp4, gif and webp "
                               "(comma-separated, no spaces; --video alone makes mp4,gif)",
                               list);
    a->formats |= f; /* --video mp4 --video gif: both */
    return EXIT_OK;
}

/* The options that take a value: -o, --font, --threads, --gif-width, --gif-fps at
 * argv[*i]. */
static int take_value(const cli_words *cw, int *i, film_args *a)
{
    const char *o = cw->w[*i], *v = cli_value("film", cw->n, cw->w, i);
    if (!v || cli_once("film", &a->seen, o, v))
        return EXIT_USAGE;
    if (!strcmp(o, "-o"))
        a->out_dir = v;
    else if (!strcmp(o, "--font"))
        a->font = v;
    else if (!strcmp(o, "--gif-width"))
        return cli_int("film", o, v, VIDEO_GIF_MIN_W, FILM_MAX_FRAME_SIDE, &a->gif_w)
                   ? EXIT_OK : EXIT_USAGE;
    else if (!strcmp(o, "--gif-fps")) /* the film's own fps is checked once it is read */
        /* a GIF's frame delays are hundredths of a second, and players stretch a delay
           under 2 to 10: past 50 a second the GIF would play slower than the film */
        return cli_int("film", o, v, 1, FILM_GIF_FPS_MAX, &a->gif_fps) ? EXIT_OK : EXIT_USAGE;
    else
        return cli_int("film", o, v, 1, RECORDER_MAX_THREADS, &a->threads) ? EXIT_OK
                                                                            : EXIT_USAGE;
    return EXIT_OK;
}

/* A word that is no option: the script (one); a format after --video's list is a list
 * cut in two ("--video mp4 gif"). */
static int take_script(const char *w, film_args *a)
{
    if (a->video && video_formats(w) && access(w, F_OK) != 0)
        return cli_usage_error("film", "'%s' is a video format, not a script: --video takes "
                               "its list as one word (--video mp4,gif)", w);
    if (a->script)
        return cli_usage_error("film", "one script at a time ('%s' and '%s')", a->script, w);
    a->script = w;
    return EXIT_OK;
}

/* What the options say together, once all are read. */
static int check_args(film_args *a)
{
    if (a->bare && a->formats)
        a->formats |= VIDEO_DEFAULT; /* --video --video webp: mp4, gif and webp */
    if (a->quiet && a->progress)
        return cli_usage_error("film", "--quiet and --progress: choose one (--quiet shows "
                               "no progress)");
    if (a->gif_w && !a->video)
        return cli_usage_error("film", "--gif-width sets the width of film.gif, which only "
                               "--video makes: add --video, or leave --gif-width out");
    if (a->gif_w && a->formats && !(a->formats & (VIDEO_GIF | VIDEO_WEBP)))
        return cli_usage_error("film", "--gif-width sets the width of film.gif and film.webp, "
                               "and --video makes neither: add gif or webp to its list, or "
                               "leave --gif-width out");
    if (a->gif_fps && !a->video)
        return cli_usage_error("film", "--gif-fps sets the frame rate of film.gif, which only "
                               "--video makes: add --video, or leave --gif-fps out");
    if (a->gif_fps && a->formats && !(a->formats & (VIDEO_GIF | VIDEO_WEBP)))
        return cli_usage_error("film", "--gif-fps sets the frame rate of film.gif and "
                               "film.webp, and --video makes neither: add gif or webp to its "
                               "list, or leave --gif-fps out");
    if (cli_out_not_stdout("film", "-o", a->out_dir)) /* before the rehearsal */
        return EXIT_USAGE;
    if (!a->script)
        a->script = film_default_script();
    return EXIT_OK;
}

static int parse(const cli_words *cw, film_args *a)
{
    memset(a, 0, sizeof *a);
    int rc = EXIT_OK, plain = 0; /* plain: after "--", a word is the script */
    for (int i = 1; i < cw->n && !rc; i++) {
        const char *w = cw->w[i];
        if (plain || w[0] != '-' || !w[1]) {
            rc = take_script(w, a);
        } else if (cli_is_help(w)) {
            help();
            return -1;
        } else if (!strcmp(w, "-o") || !strcmp(w, "--font") || !strcmp(w, "--threads") ||
                   !strcmp(w, "--gif-width") || !strcmp(w, "--gif-fps")) {
            rc = take_value(cw, &i, a);
        } else if (!strcmp(w, "--quiet") || !strcmp(w, "-q")) {
            a->quiet = 1;
        } else if (!strcmp(w, "--video")) {
            rc = take_video(cw, &i, a);
        } else if (!strcmp(w, "--progress")) {
            a->progress = 1;
        } else if (!strcmp(w, "--")) {
            plain = 1;
        } else {
            rc = cli_usage_error("film", "unknown option '%s'", w);
        }
    }
    return rc ? rc : check_args(a);
}

/* Where progress goes: nowhere, one line kept up to date on a terminal, or a line every
 * `every` frames (stderr not a terminal, --progress). */
typedef struct progress_out {
    int mode;          /* PROGRESS_* */
    int total, every;  /* frames the rehearsal counted */
} progress_out;

enum { PROGRESS_OFF, PROGRESS_TTY, PROGRESS_LINES };

static progress_out progress_setup(const film_args *a, int total)
{
    progress_out p = { PROGRESS_OFF, total, total / 20 > 0 ? total / 20 : 1 };
    if (!a->quiet)
        p.mode = isatty(2) ? PROGRESS_TTY : a->progress ? PROGRESS_LINES : PROGRESS_OFF;
    return p;
}

static void progress(void *ctx, int frames, const char *note)
{
    const progress_out *p = ctx;
    (void)note;
    if (p->mode == PROGRESS_TTY && (frames % 10 == 0 || frames == p->total))
        fprintf(stderr, "\rdelve film: frame %d/%d", frames, p->total);
    else if (p->mode == PROGRESS_LINES && (frames % p->every == 0 || frames == p->total))
        fprintf(stderr, "delve film: frame %d/%d\n", frames, p->total);
}

/* A phase after the frames ("sheet", "video") on the progress line. */
static void progress_phase(const progress_out *p, const char *what)
{
    if (p->mode == PROGRESS_TTY)
        fprintf(stderr, "\rdelve film: %-60.60s\r", what); /* 72 columns: no wrap at 80 */
    else if (p->mode == PROGRESS_LINES)
        fprintf(stderr, "delve film: %s\n", what);
}

/* Plays the script once without recording (films/take.h), so a script that asks for the
 * impossible fails before a single frame is written, and warns of a camera move the
 * film's end or a fall cuts short. */
static delve_status rehearse(const film_script *fs, int quiet, take_plan *plan,
                             delve_err *err)
{
    delve_status st = take_rehearse(fs, plan, err);
    char t[32];
    if (!st && !quiet && plan->cam_left > 0) /* the frames are right, the move is cut short */
        fprintf(stderr, "delve film: warning: %s:%d: the camera move has %d frames left when "
                "the film ends (%shold %s more at the end to show it whole)\n", fs->path,
                plan->cam_line, plan->cam_left, plan->side ? "view top, then " : "",
                film_frames_text(plan->cam_left, fs->fps, t, sizeof t));
    if (!st && !quiet && plan->lost_line > 0) /* the film is right, the words are lost */
        fprintf(stderr, "delve film: warning: %s:%d: this caption is replaced by line %d's "
                "before any frame shows it (a walk, use, wait or hold between them would "
                "show it)\n", fs->path, plan->lost_line, plan->lost_by);
    if (!st && !quiet && plan->cut_left > 0) /* the frames are right, the move is hidden */
        fprintf(stderr, "delve film: warning: %s:%d: the camera move has %d frames (%s) "
                "left when the plates give way: the fall's side view would hide them, so it "
                "ends there (a shorter 'over', or a hold before the walk, shows it whole)\n",
                fs->path, plan->cut_line, plan->cut_left,
                film_frames_text(plan->cut_left, fs->fps, t, sizeof t));
    return st;
}

/* What the run wrote, under the film's folder (its final name); videos: the VIDEO_*
 * bits asked for. */
static void report(const film_script *fs, const recorder *r, const world *w, const char *dir,
                   unsigned videos, int found)
{
    int n = recorder_frames(r);
    printf("delve film: \"%s\": %d frames, seed %llu, %d floor%s, %d of %d standing\n",
           fs->title, n, (unsigned long long)w->dg.seed, w->dg.floor_count,
           w->dg.floor_count == 1 ? "" : "s",
           party_alive_count(&w->party), w->party.count);
    printf("  frames  %s/frames/frame_0001.png ... frame_%04d.png", dir, n);
    if (recorder_copied(r)) /* why a film of long holds is quick to make */
        printf(" (%d held frames the same as the one before: copied, not encoded)",
               recorder_copied(r));
    printf("\n");
    if (recorder_sheet_pages(r) > 1)
        printf("  sheet   %s/sheet-1.png ... sheet-%d.png (split: one sheet would pass "
               "16000 px)\n", dir, recorder_sheet_pages(r));
    else
        printf("  sheet   %s/sheet.png\n", dir);
    printf("  events  %s/events.tsv\n", dir);
    for (int i = 0; i < fs->action_count; i++)
        if (fs->actions[i].op == OP_SAVE)
            printf("  save    %s/%s\n", dir, fs->actions[i].text);
    static const struct { unsigned bit; const char *name; } KINDS[] = {
        { VIDEO_MP4, "film.mp4" }, { VIDEO_GIF, "film.gif" }, { VIDEO_WEBP, "film.webp" } };
    if (videos && !found)
        printf("  video   not made: ffmpeg is not installed (Debian: apt-get install ffmpeg)\n");
    if (!videos || !found)
        return;
    const char *sep = "  video   ";
    for (size_t i = 0; i < sizeof KINDS / sizeof KINDS[0]; i++) {
        if (videos & KINDS[i].bit) {
            printf("%s%s/%s", sep, dir, KINDS[i].name);
            sep = ", ";
        }
    }
    printf("\n");
}

/* ffmpeg neither reads nor ends: said whatever the progress mode but --quiet, a hung
 * encoder being otherwise silent. */
static void ffmpeg_waiting(void *ctx, int seconds)
{
    const progress_out *po = ctx;
    fprintf(stderr, "%sdelve film: still waiting for ffmpeg after %d s (it neither reads "
            "nor ends); Ctrl-C stops it\n", po->mode == PROGRESS_TTY ? "\n" : "", seconds);
}

static void progress_phase_cb(void *ctx, const char *what) { progress_phase(ctx, what); }

/* Records the film into the output folder's temporary folder (films/take.h), progress
 * on stderr as progress_setup says (*found 0 when ffmpeg is missing). */
static delve_status record(const film_args *a, const film_script *fs, world *w, outdir *od,
                           const take_plan *plan, recorder **rec, int *found,
                           delve_err *err)
{
    progress_out po = progress_setup(a, plan->frames);
    take_opts o = { .dir = outdir_path(od), .font = a->font, .threads = a->threads,
                    .video = a->video, .formats = a->formats, .gif_w = a->gif_w,
                    .progress = progress, .phase = progress_phase_cb,
                    .waiting = a->quiet ? NULL : ffmpeg_waiting, .ctx = &po,
                    .stop = folder_stop() };
    delve_status st = take_record(&o, fs, w, plan, rec, found, err);
    if (po.mode == PROGRESS_TTY)
        fprintf(stderr, "\r%79s\r", "");
    return st;
}

static int is_wide(void *ctx, const char *what, const char *s)
{
    (void)ctx, (void)what;
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80)
            return 1;
    return 0;
}

static int warn_missing(void *ctx, const char *what, const char *s)
{
    uint32_t cp = text_missing(ctx, TEXT_SANS, s);
    if (cp)
        fprintf(stderr, "delve film: warning: no font here draws U+%04X in %s \"%s\": it "
                "shows as a box (install a font that has it, or give --font)\n",
                (unsigned)cp, what, s);
    return 0;
}

/* Warns (stderr) of text no font here draws, once per text: it would show as boxes
 * (DejaVu has no CJK or emoji; a font with them, installed or by --font, draws them).
 * Only when a text is not plain ASCII, which every font has: no fonts opened else. */
static void warn_missing_glyphs(const film_script *fs, const char *font)
{
    text_ctx *t = NULL;
    if (!take_each_text(fs, is_wide, NULL) || text_open(&t, font, NULL))
        return;
    take_each_text(fs, warn_missing, t);
    text_close(t);
}

/* parse's options; --video's value is optional, so it is split only after '=' */
static const cli_flag FLAGS[] = {
    { "out", 'o', 1, CLI_DIRS }, { "font", 0, 1, CLI_FILES }, { "threads", 0, 1, NULL },
    { "quiet", 'q', 0, NULL }, { "progress", 0, 0, NULL },
    { "video", 0, 1, "mp4 gif webp mp4,gif mp4,gif,webp" }, { "gif-width", 0, 1, NULL },
    { "gif-fps", 0, 1, NULL },
};
const cli_spec cmd_film_spec = { .cmd = "film", .flags = FLAGS,
                                 .flag_count = sizeof FLAGS / sizeof FLAGS[0], .help = help,
                                 .words = "*.film" };

int cmd_film(int argc, char **argv)
{
    film_args a;
    cli_words cw;
    int rc = cli_split_spec(&cmd_film_spec, argc, argv, &cw);
    if (rc)
        return rc;
    rc = parse(&cw, &a);
    cli_words_free(&cw);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    lazy_libs_preload(); /* text is drawn from the first frame on */
    film_script fs;
    delve_err err = { "" };
    delve_status st = film_load(a.script, &fs, &err);
    world w;
    int have_world = 0, found = 0;
    take_plan plan = { 0 };
    recorder *rec = NULL;
    outdir *od = NULL;
    char target[FILM_PATH_MAX + 16];
    if (!st && a.gif_fps > fs.fps) /* a GIF frame more often than the film has one */
        st = delve_fail(&err, DELVE_EINPUT, "--gif-fps %d is above the film's %d frames a "
                        "second (%s): film.gif shows film frames, at most every one",
                        a.gif_fps, fs.fps, fs.path);
    if (!st) {
        fs.gif_fps = a.gif_fps;
        st = rehearse(&fs, a.quiet, &plan, &err);
    }
    if (!st && !a.quiet)
        warn_missing_glyphs(&fs, a.font);
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
        st = record(&a, &fs, &w, od, &plan, &rec, &found, &err);
        rc = folder_close(od, "film", st, &err);
    }
    if (rc == EXIT_OK)
        report(&fs, rec, &w, target, a.video ? (a.formats ? a.formats : VIDEO_DEFAULT) : 0,
               found);
    recorder_close(rec);
    take_plan_free(&plan);
    if (have_world)
        world_free(&w);
    film_free(&fs);
    return rc;
}
