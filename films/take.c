/* take: one recording of a film (spec/films-and-review.md): the rehearsal, film.gif's
 * palette picks, and the recording with its videos made while the frames render. */
#include "films/take.h"

#include <stdio.h>
#include <stdlib.h>
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

/* The first frame of window k of film.gif at rate num/den a second on a film of fps:
 * ceil(k * den * fps / num), so at fps / 3 (num fps, den 3) every third frame. */
static int64_t window_start(int64_t k, int fps, int num, int den)
{
    return (k * den * fps + num - 1) / num;
}

int take_gif_plan(const unsigned char *must, int frames, int fps, int gif_fps,
                  unsigned char *gif)
{
    int num = gif_fps > 0 ? gif_fps : fps, den = gif_fps > 0 ? 1 : VIDEO_GIF_EVERY;
    int n = 0, ev = 0; /* ev: the earliest event frame (0-based) not yet in the GIF */
    memset(gif, 0, (size_t)frames);
    for (int64_t k = 0;; k++) {
        int64_t a = window_start(k, fps, num, den), b = window_start(k + 1, fps, num, den);
        while (ev < frames && !must[ev])
            ev++;
        if (ev < frames && ev < b) /* an event frame waiting, or in this window */
            gif[ev++]++;
        else if (a < frames)
            gif[a]++;
        else
            break;
        n++;
    }
    return n;
}

/* The palette's picks: the first GIF frame of each stretch drawn alike, and
 * TAKE_PICKS_EVEN of the GIF's frames spread evenly over it, merged in film order. */
static void picks_of(take_picks *p, const signed char *stretch, const unsigned char *gif,
                     int frames, int gif_frames)
{
    int even[TAKE_PICKS_EVEN], seen = 0, i = 0, j = 0;
    memset(p, 0, sizeof *p);
    for (int f = 0, unseen = 1, g = 0; f < frames; f++) {
        unseen |= f > 0 && stretch[f] != stretch[f - 1];
        if (unseen && gif[f] && p->nstarts < TAKE_PICKS_STRETCHES) {
            p->starts[p->nstarts++] = f + 1;
            unseen = 0;
        }
        for (g += gif[f]; seen < TAKE_PICKS_EVEN &&
                          (2L * seen + 1) * gif_frames / (2 * TAKE_PICKS_EVEN) < g;)
            even[seen++] = f + 1;
    }
    while (i < seen || j < p->nstarts) {
        int f = j < p->nstarts && (i >= seen || p->starts[j] <= even[i]) ? p->starts[j++]
                                                                           : even[i++];
        if (!p->n || p->frame[p->n - 1] != f)
            p->frame[p->n++] = f;
    }
}

typedef struct rehearsal {
    const film_script *fs;
    take_plan *plan;
    signed char *stretch;  /* each frame's stretch_of */
    unsigned char *must;   /* 1: an event's frame film.gif keeps */
    int cap;
} rehearsal;

/* Room for frame n (1-based) in r's tables; 0 when out of memory. */
static int note_room(rehearsal *r, int n)
{
    if (n <= r->cap)
        return 1;
    int cap = r->cap ? r->cap * 2 : 1024;
    signed char *st = realloc(r->stretch, (size_t)cap);
    if (st)
        r->stretch = st;
    unsigned char *m = st ? realloc(r->must, (size_t)cap) : NULL;
    if (m)
        r->must = m;
    if (!m)
        return 0;
    r->cap = cap;
    return 1;
}

static delve_status count_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    rehearsal *r = ctx;
    take_plan *pl = r->plan;
    pl->frames = s->frame_no;
    pl->cam_left = s->cam_left;
    pl->cam_line = s->cam_line;
    pl->held += s->card == CARD_HOLD && s->held != EV_STEP;
    pl->lost_line = s->caption_lost;
    pl->lost_by = s->caption_lost_by;
    if (s->kind != EV_END) /* the end frame is drawn from above whatever came before */
        pl->side = s->side;
    if (s->cam_cut_left > 0 && !pl->cut_left) {
        pl->cut_left = s->cam_cut_left;
        pl->cut_line = s->cam_cut_line;
    }
    if (pl->frames <= RECORDER_MAX_FRAMES) {
        if (!note_room(r, s->frame_no))
            return delve_fail(err, DELVE_ENOMEM, "out of memory");
        r->stretch[s->frame_no - 1] = (signed char)stretch_of(w, s);
        r->must[s->frame_no - 1] = s->card == CARD_NONE && !s->slow && director_holds(s->kind);
        return DELVE_OK;
    }
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
    rehearsal r = { fs, plan, NULL, NULL, 0 };
    delve_status st = director_build_world(fs, &w, err);
    if (st)
        return st;
    st = director_play(fs, &w, count_shot, &r, err);
    world_free(&w);
    if (!st && plan->frames > 0 && !(plan->gif = malloc((size_t)plan->frames)))
        st = delve_fail(err, DELVE_ENOMEM, "out of memory");
    if (!st && plan->frames > 0) {
        plan->gif_frames = take_gif_plan(r.must, plan->frames, fs->fps, fs->gif_fps, plan->gif);
        picks_of(&plan->picks, r.stretch, plan->gif, plan->frames, plan->gif_frames);
    }
    free(r.stretch);
    free(r.must);
    return st;
}

void take_plan_free(take_plan *plan)
{
    free(plan->gif);
    plan->gif = NULL;
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
                      .gif_fps = fs->gif_fps, .gif = plan->gif, .gif_len = plan->frames,
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
