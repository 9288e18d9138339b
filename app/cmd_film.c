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
#include "films/video.h"
#include "render/text.h"

static void help(void)
{
    printf("usage: delve film [SCRIPT.film] [-o DIR] [--font PATH] [--threads N] [--quiet]\n"
           "                  [--progress] [--video [mp4,gif,webp]] [--gif-width W]\n\n"
           "Plays SCRIPT (default %s) on its dungeon and writes\n"
           "  DIR/frames/frame_0001.png ...   every frame (DIR defaults to out/films/NAME)\n"
           "  DIR/sheet.png                   the captioned contact sheet\n"
           "  DIR/events.tsv                  frame, game time, floor, square, event, health, power\n"
           "  DIR/film.mp4, DIR/film.gif      with --video, when ffmpeg is installed, made\n"
           "                                  while the frames render: the MP4 H.264 yuv420p\n"
           "                                  at the film's fps (12 unless its script says\n"
           "                                  `fps N`), the GIF at a third of it, W px wide\n"
           "                                  (--gif-width, 160..4096, default %d)\n"
           "  DIR/film.webp                   with a --video list naming webp: the GIF's\n"
           "                                  frames, lossy\n"
           "--video LIST says what to make: mp4, gif and webp, comma-separated, in any case\n"
           "(--video alone: mp4,gif; two --video add up). --gif-width needs gif or webp.\n"
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
           "it was (exit 130), the video encoder's files included.\n", FILM_DEFAULT_SCRIPT,
           VIDEO_GIF_W);
}

typedef struct film_args {
    const char *script, *out_dir, *font;
    int threads, quiet, video, progress, gif_w;
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

/* The options that take a value: -o, --font, --threads, --gif-width at argv[*i]. */
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
                   !strcmp(w, "--gif-width")) {
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

/* Adds "seed N floors K", "fps F" and "title T" (when the film has one) to the folder's
 * marker (base/outdir.h: its first line is outdir's, the rest free), so `delve sheet`
 * can head a remade sheet with them and draw its chart in film time (events.tsv counts
 * frames and game time, not film time). A script's text has no line end to break it. */
static delve_status note_dungeon(const char *dir, const world *w, const film_script *fs,
                                 delve_err *err)
{
    char p[FILM_PATH_MAX + 96];
    snprintf(p, sizeof p, "%s/%s", dir, OUTDIR_MARKER);
    FILE *f = fopen(p, "a");
    int ok = f && fprintf(f, "seed %llu floors %d\nfps %d\n%s%s%s", (unsigned long long)w->dg.seed,
                          w->dg.floor_count, fs->fps, fs->title[0] ? "title " : "", fs->title,
                          fs->title[0] ? "\n" : "") > 0;
    if (f && fclose(f) != 0)
        ok = 0;
    return ok ? DELVE_OK : delve_fail(err, DELVE_EIO, "cannot write %s", p);
}

/* film.gif's palette is made of frames picked while the script is rehearsed, drawn
 * before the film (films/video.h): PICKS_EVEN of the GIF's frames spread evenly over the
 * film, which weigh the colours as the whole film would, and the first GIF frame of
 * each stretch drawn alike (a floor from above, the side view, a title card; up to
 * PICKS_STRETCHES), so a short stretch's colours (the fall, a title card) have their
 * place in it. Against every third frame, the GIFs of four films of films/scripts/ came
 * within -0.27 to +0.03 dB of a palette of the whole film (acid-wade 41.59 / 41.72,
 * devlog 42.94 / 43.12, the default 40.86 / 41.13, rising-tour 42.08 / 42.06); 12 or 16
 * even picks did no better (40.57 to 43.32 dB: a 64-colour median cut moves by as much
 * from one set of picks to another). */
#define PICKS_EVEN 8
#define PICKS_STRETCHES 16
_Static_assert(PICKS_EVEN + PICKS_STRETCHES <= VIDEO_SAMPLES_MAX, "picks fit the samples");

typedef struct picks {
    int frame[VIDEO_SAMPLES_MAX]; /* in film order, no two alike */
    int n;
    int starts[PICKS_STRETCHES];  /* each stretch's first GIF frame */
    int nstarts;
    int stretch;                  /* what the last shot showed (stretch_of) */
    int unseen;                   /* 1: its stretch's first GIF frame is still to come */
} picks;

/* Frames drawn alike: the floor, the side view or from above, a title card. */
static int stretch_of(const world *w, const shot *s)
{
    return s->card == CARD_TITLE ? -1 : w->floor * 2 + (s->side != 0);
}

static int in_gif(int frame_no) { return (frame_no - 1) % VIDEO_GIF_EVERY == 0; }

static void picks_shot(picks *p, const world *w, const shot *s)
{
    int k = stretch_of(w, s);
    if (s->frame_no == 1 || k != p->stretch)
        p->unseen = 1;
    p->stretch = k;
    if (p->unseen && in_gif(s->frame_no) && p->nstarts < PICKS_STRETCHES) {
        p->starts[p->nstarts++] = s->frame_no;
        p->unseen = 0;
    }
}

/* The picks of a film of `frames` frames: the even ones merged into the stretches'. */
static void picks_end(picks *p, int frames)
{
    int gif = (frames + VIDEO_GIF_EVERY - 1) / VIDEO_GIF_EVERY, j = 0;
    p->n = 0;
    for (int i = 0; i < PICKS_EVEN || j < p->nstarts;) {
        int even = i < PICKS_EVEN
                       ? (int)((2L * i + 1) * gif / (2 * PICKS_EVEN)) * VIDEO_GIF_EVERY + 1
                       : RECORDER_MAX_FRAMES + 1;
        int f = j < p->nstarts && p->starts[j] <= even ? p->starts[j++] : (i++, even);
        if (f <= frames && (!p->n || p->frame[p->n - 1] != f))
            p->frame[p->n++] = f;
    }
}

typedef struct rehearsal {
    const film_script *fs;
    int frames;
    picks *picks;
    int cam_left, cam_line; /* the last frame's: a camera move the film's end cuts */
    int side;               /* the last frame is the side view (a fall's, or view side) */
    int cut_left, cut_line; /* the first fall's that began during a camera move */
} rehearsal;

static delve_status count_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    rehearsal *r = ctx;
    r->frames = s->frame_no;
    r->cam_left = s->cam_left;
    r->cam_line = s->cam_line;
    if (s->kind != EV_END) /* the end frame is drawn from above whatever came before */
        r->side = s->side;
    if (s->cam_cut_left > 0 && !r->cut_left) {
        r->cut_left = s->cam_cut_left;
        r->cut_line = s->cam_cut_line;
    }
    picks_shot(r->picks, w, s);
    if (r->frames <= RECORDER_MAX_FRAMES)
        return DELVE_OK;
    int fps = r->fs->fps, film_s = RECORDER_MAX_FRAMES / fps;
    if (s->card != CARD_NONE) /* holds and cards: their film time, not the walk's frames */
        return delve_fail_at(err, DELVE_EINPUT, r->fs->path, s->line, 1,
                             "the film passes %d frames here (%d min %d s of film at %d fps)",
                             RECORDER_MAX_FRAMES, film_s / 60, film_s % 60, fps);
    return delve_fail_at(err, DELVE_EINPUT, r->fs->path, s->line, 1,
                         "the film passes %d frames here (record every=%d gives a frame "
                         "every %d sub-steps of 10 cm)", RECORDER_MAX_FRAMES,
                         r->fs->record_every, r->fs->record_every);
}

/* Plays the script once without recording, so a script that asks for the impossible
 * fails before a single frame is written; counts the frames and picks film.gif's
 * palette samples. */
static delve_status rehearse(const film_script *fs, int quiet, int *frames, picks *p,
                             delve_err *err)
{
    world w;
    rehearsal r = { .fs = fs, .picks = p };
    delve_status st = director_build_world(fs, &w, err);
    if (st)
        return st;
    st = director_play(fs, &w, count_shot, &r, err);
    char t[32];
    if (!st && !quiet && r.cam_left > 0) /* the frames are right, the move is cut short */
        fprintf(stderr, "delve film: warning: %s:%d: the camera move has %d frames left when "
                "the film ends (%shold %s more at the end to show it whole)\n", fs->path,
                r.cam_line, r.cam_left, r.side ? "view top, then " : "",
                film_frames_text(r.cam_left, fs->fps, t, sizeof t));
    if (!st && !quiet && r.cut_left > 0) /* the frames are right, the move is hidden */
        fprintf(stderr, "delve film: warning: %s:%d: the camera move has %d frames (%s) "
                "left when the plates give way: the fall's side view would hide them, so it "
                "ends there (a shorter 'over', or a hold before the walk, shows it whole)\n",
                fs->path, r.cut_line, r.cut_left,
                film_frames_text(r.cut_left, fs->fps, t, sizeof t));
    *frames = r.frames;
    picks_end(p, r.frames);
    world_free(&w);
    return st;
}

/* Draws the picked frames, in a play of the script of their own, and gives them to vid
 * as film.gif's palette samples. */
typedef struct sampler {
    const picks *p;
    int next;
    recorder *rec;
    video *vid;
    canvas c;
} sampler;

static delve_status sample_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    sampler *sm = ctx;
    delve_status st = delve_stopped(folder_stop(), err);
    if (st || sm->next >= sm->p->n || s->frame_no != sm->p->frame[sm->next])
        return st;
    sm->next++;
    st = recorder_draw_aside(sm->rec, w, s, &sm->c, err);
    return st ? st : video_sample(sm->vid, &sm->c, err);
}

static delve_status draw_samples(const film_script *fs, const picks *p, recorder *rec,
                                 video *vid, delve_err *err)
{
    world w;
    sampler sm = { p, 0, rec, vid, { 0 } };
    delve_status st = canvas_init(&sm.c, fs->frame_w, fs->frame_h, err);
    if (!st)
        st = director_build_world(fs, &w, err);
    if (st) {
        canvas_free(&sm.c);
        return st;
    }
    st = director_play(fs, &w, sample_shot, &sm, err);
    world_free(&w);
    canvas_free(&sm.c);
    if (!st && sm.next != video_samples(vid))
        st = delve_fail(err, DELVE_EFAIL, "film.gif's palette: %d of %d samples drawn",
                        sm.next, video_samples(vid));
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

/* With --video, ffmpeg started beside the film (*vid NULL, *found 0 when it is not
 * installed). */
static delve_status video_begin(const film_args *a, const film_script *fs, const char *dir,
                                const picks *p, const progress_out *po, video **vid,
                                int *found, delve_err *err)
{
    video_opts vo = { .fps = fs->fps, .gif_w = a->gif_w, .w = fs->frame_w, .h = fs->frame_h,
                      .formats = a->formats, .samples = p->n,
                      .waiting = a->quiet ? NULL : ffmpeg_waiting, .waiting_ctx = (void *)po };
    *vid = NULL;
    delve_status st = a->video ? video_start(vid, dir, &vo, folder_stop(), err) : DELVE_OK;
    *found = *vid != NULL;
    return st;
}

/* Records the film into the output folder's temporary folder: frames, events, sheet,
 * saves and, with --video, the videos made while the frames render (*found 0 when
 * ffmpeg is missing). On a failure the recorder is closed (*rec NULL). */
static delve_status record(const film_args *a, const film_script *fs, world *w, outdir *od,
                           int total, const picks *p, recorder **rec, int *found,
                           delve_err *err)
{
    progress_out po = progress_setup(a, total);
    const char *dir = outdir_path(od);
    video *vid;
    delve_status st = video_begin(a, fs, dir, p, &po, &vid, found, err);
    recorder_opts ro = { .out_dir = dir, .font_path = a->font, .threads = a->threads,
                         .progress = progress, .progress_ctx = &po, .stop = folder_stop(),
                         .sink = vid ? video_frame : NULL, .sink_ctx = vid };
    if (!st)
        st = recorder_open(rec, fs, w->dg.seed, w->dg.floor_count, &ro, err);
    if (!st && vid && video_samples(vid)) /* while ffmpeg starts */
        st = draw_samples(fs, p, *rec, vid, err);
    if (!st)
        st = director_play_saving(fs, w, recorder_shot, *rec, dir, err);
    if (!st && vid) /* ffmpeg's last frames overlap the sheet */
        st = recorder_drain(*rec, err);
    if (!st && vid)
        video_end(vid);
    if (!st)
        progress_phase(&po, "sheet");
    if (!st)
        st = recorder_finish(*rec, err);
    if (!st)
        st = note_dungeon(dir, w, fs, err);
    if (!st && vid) {
        progress_phase(&po, "video: waiting for ffmpeg to finish (Ctrl-C stops it)");
        st = video_finish(vid, err);
    }
    if (st) { /* its frame workers stop writing before the temporary folder goes */
        recorder_close(*rec);
        *rec = NULL;
    }
    video_free(vid); /* after the recorder's threads: they write to it */
    if (po.mode == PROGRESS_TTY)
        fprintf(stderr, "\r%79s\r", "");
    return st;
}

/* Calls fn(ctx, what, text) for each text a film draws: the title, the end card, the
 * members' names, captions and title cards; stops at fn's first nonzero. */
static int each_text(const film_script *fs, int (*fn)(void *, const char *, const char *),
                     void *ctx)
{
    int stop = fn(ctx, "the title", fs->title) || fn(ctx, "the end card", fs->end_text);
    for (int i = 0; !stop && i < fs->party.count; i++)
        stop = fn(ctx, "a member's name", fs->party.m[i].name);
    for (int i = 0; !stop && i < fs->action_count; i++)
        if (fs->actions[i].op == OP_CAPTION || fs->actions[i].op == OP_TITLE)
            stop = fn(ctx, fs->actions[i].op == OP_TITLE ? "a title card" : "a caption",
                      fs->actions[i].text);
    return stop;
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
    if (!each_text(fs, is_wide, NULL) || text_open(&t, font, NULL))
        return;
    each_text(fs, warn_missing, t);
    text_close(t);
}

int cmd_film(int argc, char **argv)
{
    film_args a;
    static const char *const flags[] = { "--quiet", "--progress", NULL };
    static const char *const valued[] = { "--font", "--threads", "--gif-width", "--video", NULL };
    cli_words cw;
    int rc = cli_split_long("film", argc, argv, flags, valued, &cw);
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
    int have_world = 0, total = 0, found = 0;
    picks p = { .n = 0 };
    recorder *rec = NULL;
    outdir *od = NULL;
    char target[FILM_PATH_MAX + 16];
    if (!st)
        st = rehearse(&fs, a.quiet, &total, &p, &err);
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
        st = record(&a, &fs, &w, od, total, &p, &rec, &found, &err);
        rc = folder_close(od, "film", st, &err);
    }
    if (rc == EXIT_OK)
        report(&fs, rec, &w, target, a.video ? (a.formats ? a.formats : VIDEO_DEFAULT) : 0,
               found);
    recorder_close(rec);
    if (have_world)
        world_free(&w);
    film_free(&fs);
    return rc;
}
