/* take: one recording of a film (spec/films-and-review.md): the rehearsal, film.gif's
 * palette picks, and the recording with its videos made while the frames render. */
#include "films/take.h"

#include <stdio.h>
#include <string.h>

#include "base/outdir.h"
#include "films/director.h"

/* The picks weigh the colours as the whole film would (the even ones) and give a short
 * stretch's colours (the fall, a title card) their place in the 64-colour palette (the
 * stretches' first frames); more even picks do no better, a median cut moving as much
 * from one set of picks to another (docs/perf-log.md has the figures). */
_Static_assert(TAKE_PICKS_EVEN + TAKE_PICKS_STRETCHES <= VIDEO_SAMPLES_MAX,
               "picks fit the samples");

/* Frames drawn alike: the floor, the side view or from above, a title card. */
static int stretch_of(const world *w, const shot *s)
{
    return s->card == CARD_TITLE ? -1 : w->floor * 2 + (s->side != 0);
}

static int in_gif(int frame_no) { return (frame_no - 1) % VIDEO_GIF_EVERY == 0; }

static void picks_shot(take_picks *p, const world *w, const shot *s)
{
    int k = stretch_of(w, s);
    if (s->frame_no == 1 || k != p->stretch)
        p->unseen = 1;
    p->stretch = k;
    if (p->unseen && in_gif(s->frame_no) && p->nstarts < TAKE_PICKS_STRETCHES) {
        p->starts[p->nstarts++] = s->frame_no;
        p->unseen = 0;
    }
}

/* The picks of a film of `frames` frames: the even ones merged into the stretches'. */
static void picks_end(take_picks *p, int frames)
{
    int gif = (frames + VIDEO_GIF_EVERY - 1) / VIDEO_GIF_EVERY, j = 0;
    p->n = 0;
    for (int i = 0; i < TAKE_PICKS_EVEN || j < p->nstarts;) {
        int even = i < TAKE_PICKS_EVEN
                       ? (int)((2L * i + 1) * gif / (2 * TAKE_PICKS_EVEN)) * VIDEO_GIF_EVERY + 1
                       : RECORDER_MAX_FRAMES + 1;
        int f = j < p->nstarts && p->starts[j] <= even ? p->starts[j++] : (i++, even);
        if (f <= frames && (!p->n || p->frame[p->n - 1] != f))
            p->frame[p->n++] = f;
    }
}

typedef struct rehearsal {
    const film_script *fs;
    take_plan *plan;
} rehearsal;

static delve_status count_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    rehearsal *r = ctx;
    take_plan *pl = r->plan;
    pl->frames = s->frame_no;
    pl->cam_left = s->cam_left;
    pl->cam_line = s->cam_line;
    if (s->kind != EV_END) /* the end frame is drawn from above whatever came before */
        pl->side = s->side;
    if (s->cam_cut_left > 0 && !pl->cut_left) {
        pl->cut_left = s->cam_cut_left;
        pl->cut_line = s->cam_cut_line;
    }
    picks_shot(&pl->picks, w, s);
    if (pl->frames <= RECORDER_MAX_FRAMES)
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

delve_status take_rehearse(const film_script *fs, take_plan *plan, delve_err *err)
{
    world w;
    memset(plan, 0, sizeof *plan);
    rehearsal r = { fs, plan };
    delve_status st = director_build_world(fs, &w, err);
    if (st)
        return st;
    st = director_play(fs, &w, count_shot, &r, err);
    picks_end(&plan->picks, plan->frames);
    world_free(&w);
    return st;
}

/* Draws the picked frames, in a play of the script of their own, and gives them to vid
 * as film.gif's palette samples. */
typedef struct sampler {
    const take_picks *p;
    int next;
    recorder *rec;
    video *vid;
    canvas c;
    const volatile sig_atomic_t *stop;
} sampler;

static delve_status sample_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    sampler *sm = ctx;
    delve_status st = delve_stopped(sm->stop, err);
    if (st || sm->next >= sm->p->n || s->frame_no != sm->p->frame[sm->next])
        return st;
    sm->next++;
    st = recorder_draw_aside(sm->rec, w, s, &sm->c, err);
    return st ? st : video_sample(sm->vid, &sm->c, err);
}

static delve_status draw_samples(const film_script *fs, const take_picks *p, recorder *rec,
                                 video *vid, const volatile sig_atomic_t *stop,
                                 delve_err *err)
{
    world w;
    sampler sm = { p, 0, rec, vid, { 0 }, stop };
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

/* With videos asked for, ffmpeg started beside the film (*vid NULL, *found 0 when it is
 * not installed). */
static delve_status video_begin(const take_opts *o, const film_script *fs,
                                const take_plan *plan, video **vid, int *found,
                                delve_err *err)
{
    video_opts vo = { .fps = fs->fps, .gif_w = o->gif_w, .w = fs->frame_w, .h = fs->frame_h,
                      .formats = o->formats, .samples = plan->picks.n,
                      .waiting = o->waiting, .waiting_ctx = o->ctx };
    *vid = NULL;
    delve_status st = o->video ? video_start(vid, o->dir, &vo, o->stop, err) : DELVE_OK;
    *found = *vid != NULL;
    return st;
}

static void phase(const take_opts *o, const char *what)
{
    if (o->phase)
        o->phase(o->ctx, what);
}

delve_status take_record(const take_opts *o, const film_script *fs, world *w,
                         const take_plan *plan, recorder **rec, int *found, delve_err *err)
{
    video *vid;
    delve_status st = video_begin(o, fs, plan, &vid, found, err);
    recorder_opts ro = { .out_dir = o->dir, .font_path = o->font, .threads = o->threads,
                         .progress = o->progress, .progress_ctx = o->ctx, .stop = o->stop,
                         .sink = vid ? video_frame : NULL, .sink_ctx = vid };
    if (!st)
        st = recorder_open(rec, fs, w->dg.seed, w->dg.floor_count, &ro, err);
    if (!st && vid && video_samples(vid)) /* while ffmpeg starts */
        st = draw_samples(fs, &plan->picks, *rec, vid, o->stop, err);
    if (!st)
        st = director_play_saving(fs, w, recorder_shot, *rec, o->dir, err);
    if (!st && vid) /* ffmpeg's last frames overlap the sheet */
        st = recorder_drain(*rec, err);
    if (!st && vid)
        video_end(vid);
    if (!st)
        phase(o, "sheet");
    if (!st)
        st = recorder_finish(*rec, err);
    if (!st)
        st = note_dungeon(o->dir, w, fs, err);
    if (!st && vid) {
        phase(o, "video: waiting for ffmpeg to finish (Ctrl-C stops it)");
        st = video_finish(vid, err);
    }
    if (st) { /* its frame workers stop writing before the temporary folder goes */
        recorder_close(*rec);
        *rec = NULL;
    }
    video_free(vid); /* after the recorder's threads: they write to it */
    return st;
}

int take_each_text(const film_script *fs, int (*fn)(void *, const char *, const char *),
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
