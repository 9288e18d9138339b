/* recorder: frames rendered here, encoded by a pool of threads, plus events.tsv and
 * the contact sheet. Canvases come from a small pool so memory stays bounded whatever
 * the film's length (the peak memory is the pool, the encoders' buffers and the fonts:
 * docs/benchmarks.md). */
#include "films/recorder.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h> /* malloc_trim */
#endif

#include "base/fsio.h"
#include "codecs/png.h"
#include "films/events.h"
#include "render/frame.h"
#include "render/sheet.h"
#include "render/side.h"

typedef struct job {
    int slot;       /* canvas index; -1: the sheet page in sheet_pic */
    int frame_no;
} job;

struct recorder {
    const film_script *fs;
    uint64_t seed;
    int floors;
    recorder_opts o;
    char dir[FILM_PATH_MAX + 64], frames_dir[FILM_PATH_MAX + 80]; /* a temporary folder */
    text_ctx *txt;
    frame_cache *cache;          /* tiles kept between frames (main thread only) */
    frame_cache *aside;          /* recorder_draw_aside's, NULL until then */
    /* encoder pool, and the sink's thread */
    pthread_t threads[RECORDER_MAX_THREADS], sink_thread;
    int nthreads, slots, sinking;
    int idle;                   /* encoders waiting for a job */
    int alone;                  /* --threads 1: the drawing thread encodes every frame */
    canvas *pool;
    int *slot_refs;             /* 0: free; else the encoder and the sink still to come */
    job *queue, *sink_queue;    /* rings of `slots` jobs */
    int q_head, q_count, s_head, s_count, stopping;
    pthread_mutex_t mu;
    pthread_cond_t cv_job, cv_slot, cv_sink;
    delve_status worker_st;
    delve_err worker_err;
    canvas *sheet_pic;          /* a sheet page being encoded, NULL when done */
    char sheet_path[FILM_PATH_MAX + 128];
    /* film */
    int frames;
    textbuf tsv;               /* events.tsv (films/events.h) */
    sheet_cell *cells;
    canvas *thumbs;
    chart_data chart;          /* every frame's health and power, for the sheet's chart */
    int cell_count, cell_cap;
    int sheet_pages;
    /* held frames: a hold drawn the same as the frame before it is not encoded again,
       its file is a copy of that frame's (the clock stands, the camera often too) */
    int prev_slot;             /* the last frame's slot, kept by one ref; -1: none */
    int prev_src;              /* the frame whose file holds the last frame's bytes */
    int *copies;               /* pairs (frame, frame whose file it copies) */
    int copy_count, copy_cap;
    int copied;                /* held frames written as copies, in all */
};

/* Under r->mu: keeps a worker's failure (the first one) and lets go of the slot. */
static void job_done(recorder *r, int slot, delve_status st, const delve_err *e)
{
    if (st && !r->worker_st) {
        r->worker_st = st;
        r->worker_err = *e;
    }
    if (--r->slot_refs[slot] == 0)
        pthread_cond_signal(&r->cv_slot);
}

/* Encodes and writes job j's frame (or the sheet page), on whichever thread calls. */
static void encode_job(recorder *r, job j)
{
    char fpath[FILM_PATH_MAX + 128];
    snprintf(fpath, sizeof fpath, "%s/frame_%04d.png", r->frames_dir, j.frame_no);
    delve_err e;
    delve_status st = png_write_new(j.slot < 0 ? r->sheet_path : fpath,
                                    j.slot < 0 ? r->sheet_pic : &r->pool[j.slot], &e);
    pthread_mutex_lock(&r->mu);
    if (j.slot >= 0) {
        job_done(r, j.slot, st, &e);
    } else {
        if (st && !r->worker_st) {
            r->worker_st = st;
            r->worker_err = e;
        }
        r->sheet_pic = NULL;
        pthread_cond_signal(&r->cv_slot);
    }
    pthread_mutex_unlock(&r->mu);
}

static void *encoder(void *arg)
{
    recorder *r = arg;
    for (;;) {
        pthread_mutex_lock(&r->mu);
        while (r->q_count == 0 && !r->stopping) {
            r->idle++;
            pthread_cond_wait(&r->cv_job, &r->mu);
            r->idle--;
        }
        if (r->q_count == 0) {
            pthread_mutex_unlock(&r->mu);
            return NULL;
        }
        job j = r->queue[r->q_head];
        r->q_head = (r->q_head + 1) % r->slots;
        r->q_count--;
        pthread_mutex_unlock(&r->mu);
        encode_job(r, j);
    }
}

/* The sink's thread: frames in the order they were rendered; after a failure anywhere
 * the rest are let go unseen. */
static void *sinker(void *arg)
{
    recorder *r = arg;
    pthread_mutex_lock(&r->mu);
    for (;;) {
        while (r->s_count == 0 && !r->stopping)
            pthread_cond_wait(&r->cv_sink, &r->mu);
        if (r->s_count == 0)
            break;
        job j = r->sink_queue[r->s_head];
        r->s_head = (r->s_head + 1) % r->slots;
        r->s_count--;
        int go = !r->worker_st;
        pthread_mutex_unlock(&r->mu);
        delve_err e = { "" };
        delve_status st = go ? r->o.sink(r->o.sink_ctx, &r->pool[j.slot], &e) : DELVE_OK;
        pthread_mutex_lock(&r->mu);
        job_done(r, j.slot, st, &e);
    }
    pthread_mutex_unlock(&r->mu);
    return NULL;
}

/* n threads encode, the drawing one among them: it encodes a frame itself when no
 * encoder is free, while the frame is still in its core's cache (on 2 cores a frame
 * drawn on one core and encoded on the other costs more CPU: docs/perf-log.md, "The
 * film").
 * There is always one encoder thread, for the sheet. Frames in flight: one drawing,
 * one for each encoder and one ready for the next, one more for the sink to lag by. */
static delve_status start_pool(recorder *r, delve_err *err)
{
    int n = r->o.threads > 0 ? r->o.threads : (int)sysconf(_SC_NPROCESSORS_ONLN);
    n = n < 1 ? 1 : n > RECORDER_MAX_THREADS ? RECORDER_MAX_THREADS : n;
    r->alone = n == 1;
    n = n > 1 ? n - 1 : 1;
    pthread_mutex_init(&r->mu, NULL);
    pthread_cond_init(&r->cv_job, NULL);
    pthread_cond_init(&r->cv_slot, NULL);
    pthread_cond_init(&r->cv_sink, NULL);
    r->slots = n + 2 + (r->o.sink != NULL);
    r->pool = calloc((size_t)r->slots, sizeof *r->pool);
    r->slot_refs = calloc((size_t)r->slots, sizeof *r->slot_refs);
    r->queue = calloc((size_t)r->slots, sizeof *r->queue);
    r->sink_queue = calloc((size_t)r->slots, sizeof *r->sink_queue);
    if (!r->pool || !r->slot_refs || !r->queue || !r->sink_queue)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for frames");
    for (int i = 0; i < r->slots; i++) {
        delve_status st = canvas_init(&r->pool[i], r->fs->frame_w, r->fs->frame_h, err);
        if (st)
            return st;
    }
    for (int i = 0; i < n; i++) {
        if (pthread_create(&r->threads[i], NULL, encoder, r) != 0)
            return delve_fail(err, DELVE_ENOMEM, "cannot start an encoder thread");
        r->nthreads++;
    }
    if (r->o.sink && pthread_create(&r->sink_thread, NULL, sinker, r) != 0)
        return delve_fail(err, DELVE_ENOMEM, "cannot start the video thread");
    r->sinking = r->o.sink != NULL;
    return DELVE_OK;
}

delve_status recorder_open(recorder **out, const film_script *fs, uint64_t seed,
                           int floors, const recorder_opts *o, delve_err *err)
{
    *out = NULL;
    recorder *r = calloc(1, sizeof *r);
    if (!r)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    r->fs = fs;
    r->seed = seed;
    r->floors = floors;
    r->prev_slot = -1;
    if (o)
        r->o = *o;
    const char *dir = r->o.out_dir ? r->o.out_dir : "";
    if (strlen(dir) >= sizeof r->dir || !dir[0]) {
        recorder_close(r);
        return delve_fail(err, DELVE_EIO, "bad output folder name '%.60s'", dir);
    }
    snprintf(r->dir, sizeof r->dir, "%s", dir);
    snprintf(r->frames_dir, sizeof r->frames_dir, "%s/frames", r->dir);
    delve_status st = text_open(&r->txt, r->o.font_path, err);
    if (!st && !(r->cache = frame_cache_new()))
        st = delve_fail(err, DELVE_ENOMEM, "out of memory for the tile cache");
    if (!st)
        st = fsio_mkdirs(r->frames_dir, err);
    if (!st)
        st = start_pool(r, err);
    if (!st)
        events_header(&r->tsv, &fs->party);
    if (!st) {
        const char *names[PARTY_MAX];
        for (int i = 0; i < fs->party.count && i < PARTY_MAX; i++)
            names[i] = fs->party.m[i].name;
        chart_begin(&r->chart, fs->party.count, names, fs->fps);
    }
    if (!st && r->tsv.oom)
        st = delve_fail(err, DELVE_ENOMEM, "out of memory");
    if (st) {
        recorder_close(r);
        return st;
    }
    *out = r;
    return DELVE_OK;
}

/* Width in px of the map area of a frame (the HUD panel takes the rest). */
static int c_map_w(const film_script *fs)
{
    if (film_compact(fs)) /* the HUD over the map */
        return fs->frame_w;
    return fs->frame_w - FRAME_PANEL_W * frame_hud_scale(fs->frame_w, fs->frame_h) / 100;
}

static int wants_cell(const recorder *r, const shot *s)
{
    return film_pick_wants(r->fs->pick, r->fs->pick_every, s->frame_no,
                           (s->kind != EV_STEP && !s->slow) || s->card_first);
}

/* Keeps a quarter-size thumbnail and the caption of a frame for the sheet. */
static delve_status add_cell(recorder *r, const world *w, const shot *s, const canvas *frame,
                             delve_err *err)
{
    if (r->cell_count == r->cell_cap) {
        int cap = r->cell_cap ? r->cell_cap * 2 : 32;
        sheet_cell *c = realloc(r->cells, (size_t)cap * sizeof *c);
        canvas *t = c ? realloc(r->thumbs, (size_t)cap * sizeof *t) : NULL;
        if (c)
            r->cells = c;
        if (!c || !t)
            return delve_fail(err, DELVE_ENOMEM, "out of memory for the sheet");
        r->thumbs = t;
        r->cell_cap = cap;
    }
    canvas *th = &r->thumbs[r->cell_count];
    delve_status st = canvas_init(th, frame->w / 4, frame->h / 4, err);
    if (st)
        return st;
    canvas_blit_scaled(th, frame, 0, 0, th->w, th->h);
    sheet_cell *c = &r->cells[r->cell_count++];
    memset(c, 0, sizeof *c);
    c->frame_no = s->frame_no;
    c->time_s = w->clock_s;
    c->floor = w->floor;
    snprintf(c->caption, sizeof c->caption, "%s", s->caption);
    c->member_count = w->party.count;
    for (int i = 0; i < w->party.count; i++) {
        c->health[i] = w->party.m[i].health;
        c->max_health[i] = w->party.m[i].max_health;
    }
    return DELVE_OK;
}

/* The map area of frame c as the side view cut along the shot's row (spec/side-view.md):
 * the party's marker, and during a fall the depth counter and the landing's damage. */
static delve_status draw_side(canvas *c, int mw, const world *w, const shot *s, delve_err *err)
{
    const dungeon *d = &w->dg;
    int fl = s->falling && !s->landed ? s->fall_floor : w->floor;
    int x = s->falling && !s->landed ? s->fall_x : world_sx(w);
    int y = s->falling && !s->landed ? s->fall_y : world_sy(w);
    side_party p = { .col = x + d->floors[fl].ox, .feet_cm = dungeon_ground_cm(d, fl, x, y),
                     .fallen_cm = s->falling ? s->fallen_cm : -1 };
    if (s->falling && !s->landed)
        p.feet_cm -= s->fallen_cm;
    for (int i = 0; s->landed && i < w->party.count && i < 6; i++)
        p.damage[p.damage_count++] = s->damage[i];
    int pct = frame_hud_scale(c->w, c->h);
    side_opts cut = { .row = s->side_row, .by_col = s->side_by_col, .col = s->side_col,
                      .pct = pct, .tide_raw = w->tide.on ? w->tide.last_raw : NULL };
    side_layout l = { .by_col = cut.by_col };
    p.col = side_along(d, &l, fl, x, y);
    delve_status st = side_fit(d, &cut, mw, c->h, p.col, &l, err);
    if (st)
        return st;
    p.off_cut = !side_on_cut(d, &l, fl, x, y);
    canvas map = canvas_view(c, 0, 0, mw, c->h);
    int top = (c->h - l.h) / 2, drawn_w = l.w - l.sx; /* what side_render covers */
    const rgba back = { 18, 18, 22, 255 };
    canvas_fill_rect(&map, 0, 0, mw, top, back);
    canvas_fill_rect(&map, 0, top + l.h, mw, c->h - top - l.h, back);
    canvas_fill_rect(&map, drawn_w, top, mw - drawn_w, l.h, back);
    canvas v = canvas_view(&map, 0, top, mw, l.h);
    side_render(&v, d, &l);
    side_draw_party(&v, &l, &p);
    return DELVE_OK;
}

/* Where card text t splits into two lines: the space nearest its middle (0: none). */
static size_t card_split(const char *t)
{
    size_t n = strlen(t), best = 0;
    for (size_t i = 1; i + 1 < n; i++)
        if (t[i] == ' ' && (!best || (i > n / 2 ? i - n / 2 : n / 2 - i) <
                                     (best > n / 2 ? best - n / 2 : n / 2 - best)))
            best = i;
    return best;
}

/* A title or end card: the text as large as fits (h/11 down to h/40 px), on two lines
 * when one does not fit, in the middle of a dark frame, the dungeon under it. */
static void draw_card(text_ctx *txt, uint64_t seed, int floors, canvas *c, const shot *s)
{
    canvas_fill_rect(c, 0, 0, c->w, c->h, (rgba){ 14, 14, 18, 255 });
    const rgba ink = { 240, 232, 210, 255 };
    char one[FILM_TEXT_MAX], two[FILM_TEXT_MAX], line[FILM_TEXT_MAX + 64];
    size_t cut = card_split(s->card_text);
    snprintf(one, sizeof one, "%.*s", (int)(cut ? cut : strlen(s->card_text)), s->card_text);
    snprintf(two, sizeof two, "%s", cut ? s->card_text + cut + 1 : "");
    int fit_w = c->w * 9 / 10, size = c->h / 11, lines = 1;
    for (; size > c->h / 40; size -= 2) {
        if (text_width(txt, size, TEXT_BOLD, s->card_text) <= fit_w)
            break;
        if (cut && text_width(txt, size, TEXT_BOLD, one) <= fit_w &&
            text_width(txt, size, TEXT_BOLD, two) <= fit_w) {
            lines = 2;
            break;
        }
    }
    int lh = text_line_h(txt, size, TEXT_BOLD), y = c->h / 2 - lh * lines / 2 - lh / 4;
    const char *text[2] = { lines == 2 ? one : s->card_text, two };
    char fitted[2][FILM_TEXT_MAX + 4];
    for (int i = 0; i < lines; i++) {
        /* a word too long for the frame even at the smallest size ends in "..." */
        text[i] = text_fit(txt, size, TEXT_BOLD, fit_w, text[i], fitted[i], sizeof fitted[i]);
        int tw = text_width(txt, size, TEXT_BOLD, text[i]);
        text_draw(c, txt, (c->w - tw) / 2, y + i * lh, size, TEXT_BOLD, ink, text[i]);
    }
    int small = c->h / 30;
    snprintf(line, sizeof line, "seed %llu  \xc2\xb7  %d floor%s", (unsigned long long)seed,
             floors, floors == 1 ? "" : "s");
    int tw = text_width(txt, small, TEXT_SANS, line);
    text_draw(c, txt, (c->w - tw) / 2, y + lines * lh + small / 2, small, TEXT_SANS,
              (rgba){ 160, 156, 146, 255 }, line);
}

/* The frame's point of the chart: what its events.tsv row says of the party. */
static delve_status add_point(recorder *r, const world *w, const shot *s, delve_err *err)
{
    chart_point p = { .frame = s->frame_no, .time_s = w->clock_s, .kind = s->kind };
    for (int i = 0; i < w->party.count && i < PARTY_MAX; i++) {
        p.health[i] = w->party.m[i].health;
        p.power[i] = w->party.m[i].power;
    }
    return chart_add(&r->chart, &p, err);
}

delve_status recorder_draw(const film_script *fs, uint64_t seed, int floors, frame_cache *vc,
                           text_ctx *txt, const world *w, const shot *s, canvas *c,
                           delve_err *err)
{
    frame_opts vo = frame_defaults();
    vo.zoom = fs->zoom;
    vo.follow = fs->follow;
    vo.hud_scale = FRAME_HUD_AUTO; /* a larger frame, a larger panel */
    vo.compact = film_compact(fs);
    vo.t_ms = (uint32_t)s->frame_no * (uint32_t)(1000 / (s->fps > 0 ? s->fps : FILM_FPS));
    vo.title = fs->title;
    vo.caption = s->caption;
    const char *recent[DIRECTOR_RECENT];
    for (int i = 0; i < s->recent_count; i++)
        recent[i] = s->recent[i];
    vo.recent = recent;
    vo.recent_count = s->recent_count;
    vo.cache = vc;
    if (!fs->follow) { /* view whole: the party's floor, fitted to the map area */
        const dfloor *f = &w->dg.floors[w->floor];
        int fit_w = (c_map_w(fs)) / f->w, fit_h = fs->frame_h / f->h;
        vo.cam_floor = w->floor;
        vo.cam_x_cm = f->w * FLOOR_SQUARE_CM / 2;
        vo.cam_y_cm = f->h * FLOOR_SQUARE_CM / 2;
        vo.zoom = fit_w < fit_h ? fit_w : fit_h;
        if (vo.zoom > fs->zoom)
            vo.zoom = fs->zoom;
    }
    if (s->cam_free) { /* a camera directive: its eased position, or its own follow */
        vo.follow = s->cam_follow;
        vo.cam_floor = s->cam.floor;
        vo.cam_x_cm = s->cam.x_cm;
        vo.cam_y_cm = s->cam.y_cm;
        vo.zoom = s->cam.zoom;
    }
    vo.dust_step = s->since_land >= 1 && s->since_land <= FRAME_DUST_STEPS ? s->since_land : 0;
    if (s->card == CARD_TITLE) { /* the card covers the frame */
        draw_card(txt, seed, floors, c, s);
        return DELVE_OK;
    }
    vo.no_map = s->side; /* drawn over the map area */
    delve_status st = frame_render(c, w, &vo, txt, err);
    if (!st && s->side)
        st = draw_side(c, c_map_w(fs), w, s, err);
    if (!st && s->side && vo.compact) /* its HUD over the side view, drawn last */
        frame_compact_hud(c, w, &vo, txt);
    return st;
}

delve_status recorder_draw_aside(recorder *r, const world *w, const shot *s, canvas *c,
                                 delve_err *err)
{
    if (!r->aside && !(r->aside = frame_cache_new()))
        return delve_fail(err, DELVE_ENOMEM, "out of memory for the tile cache");
    return recorder_draw(r->fs, r->seed, r->floors, r->aside, r->txt, w, s, c, err);
}

/* 1 when two frames of the film hold the same pixels. */
static int same_frame(const canvas *a, const canvas *b)
{
    for (int y = 0; y < a->h; y++)
        if (memcmp(a->px + (size_t)y * (size_t)a->stride, b->px + (size_t)y * (size_t)b->stride,
                   (size_t)a->w * 4))
            return 0;
    return 1;
}

/* The frame whose file s's frame can copy: a hold drawn as the last frame was; else 0. */
static int copy_source(const recorder *r, const shot *s, const canvas *c)
{
    return s->card == CARD_HOLD && r->prev_slot >= 0 && same_frame(c, &r->pool[r->prev_slot])
               ? r->prev_src : 0;
}

/* Notes that frame copies src's file (written by recorder_finish). */
static delve_status add_copy(recorder *r, int frame, int src, delve_err *err)
{
    if (r->copy_count == r->copy_cap) {
        int nc = r->copy_cap ? r->copy_cap * 2 : 64;
        int *n = realloc(r->copies, (size_t)nc * 2 * sizeof *n);
        if (!n)
            return delve_fail(err, DELVE_ENOMEM, "out of memory for held frames");
        r->copies = n;
        r->copy_cap = nc;
    }
    r->copies[2 * r->copy_count] = frame;
    r->copies[2 * r->copy_count++ + 1] = src;
    r->copied++;
    return DELVE_OK;
}

/* Under r->mu: the last frame's slot let go, slot kept in its place (one ref more). */
static void keep_prev(recorder *r, int slot, int src)
{
    if (r->prev_slot >= 0)
        job_done(r, r->prev_slot, DELVE_OK, NULL);
    r->slot_refs[slot]++;
    r->prev_slot = slot;
    r->prev_src = src;
}

static int take_slot(recorder *r)
{
    pthread_mutex_lock(&r->mu);
    int slot = -1;
    while (slot < 0 && !r->worker_st) {
        for (int i = 0; i < r->slots && slot < 0; i++)
            if (!r->slot_refs[i])
                slot = i;
        if (slot < 0)
            pthread_cond_wait(&r->cv_slot, &r->mu);
    }
    if (slot >= 0)
        r->slot_refs[slot] = 1 + r->sinking;
    pthread_mutex_unlock(&r->mu);
    return slot;
}

delve_status recorder_shot(void *rec, const world *w, const shot *s, delve_err *err)
{
    recorder *r = rec;
    delve_status st = delve_stopped(r->o.stop, err);
    if (st)
        return st;
    if (r->frames >= RECORDER_MAX_FRAMES)
        return delve_fail(err, DELVE_ELIMIT, "a film has at most %d frames",
                          RECORDER_MAX_FRAMES);
    int slot = take_slot(r);
    if (slot < 0) {
        if (err)
            *err = r->worker_err;
        return r->worker_st;
    }
    canvas *c = &r->pool[slot];
    canvas_claim(c);
    st = recorder_draw(r->fs, r->seed, r->floors, r->cache, r->txt, w, s, c, err);
    if (!st && wants_cell(r, s))
        st = add_cell(r, w, s, c, err);
    if (!st)
        events_row(&r->tsv, w, s);
    if (!st)
        st = add_point(r, w, s, err);
    if (!st && r->tsv.oom)
        st = delve_fail(err, DELVE_ENOMEM, "out of memory for events");
    int src = st ? 0 : copy_source(r, s, c);
    if (src)
        st = add_copy(r, s->frame_no, src, err);
    pthread_mutex_lock(&r->mu);
    int here = !st && !src && (r->alone || r->q_count > r->idle); /* a frame waits already */
    if (st) {
        r->slot_refs[slot] = 0;
    } else {
        if (src)
            r->slot_refs[slot]--; /* no encoder: its file is a copy */
        else if (!here) {
            r->queue[(r->q_head + r->q_count++) % r->slots] = (job){ slot, s->frame_no };
            pthread_cond_signal(&r->cv_job);
        }
        if (r->sinking) {
            r->sink_queue[(r->s_head + r->s_count++) % r->slots] = (job){ slot, s->frame_no };
            pthread_cond_signal(&r->cv_sink);
        }
        keep_prev(r, slot, src ? src : s->frame_no);
    }
    pthread_mutex_unlock(&r->mu);
    if (here)
        encode_job(r, (job){ slot, s->frame_no });
    if (!st) {
        r->frames = s->frame_no;
        if (r->o.progress)
            r->o.progress(r->o.progress_ctx, r->frames, NULL);
    }
    return st;
}

static void stop_pool(recorder *r)
{
    if (!r->nthreads)
        return;
    pthread_mutex_lock(&r->mu);
    r->stopping = 1;
    pthread_cond_broadcast(&r->cv_job);
    pthread_cond_broadcast(&r->cv_sink);
    pthread_mutex_unlock(&r->mu);
    for (int i = 0; i < r->nthreads; i++)
        pthread_join(r->threads[i], NULL);
    if (r->sinking)
        pthread_join(r->sink_thread, NULL);
    r->nthreads = 0;
    r->sinking = 0;
}

/* Hands freed memory back to the system: glibc keeps it for the frames' encoders
 * (codecs/png.h png_tune_malloc), and a sheet page's encoder wants it in one piece. */
static void give_back(void)
{
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

/* Waits for every frame to be encoded and sunk (the encoders stay for the sheet); the
 * first failure among them. */
static delve_status wait_frames(recorder *r, delve_err *err)
{
    pthread_mutex_lock(&r->mu);
    if (r->prev_slot >= 0) /* the last frame is compared with no other */
        job_done(r, r->prev_slot, DELVE_OK, NULL);
    r->prev_slot = -1;
    for (int i = 0; i < r->slots; i++)
        while (r->slot_refs[i])
            pthread_cond_wait(&r->cv_slot, &r->mu);
    delve_status st = r->worker_st;
    if (st && err)
        *err = r->worker_err;
    pthread_mutex_unlock(&r->mu);
    return st;
}

/* Encodes a sheet page to r->sheet_path on an encoder thread, as its frames were: the
 * memory glibc keeps in that thread's arena for them goes to the page (the peak of a
 * film is its sheet's encoding). */
static delve_status encode_sheet(recorder *r, canvas *sheet, delve_err *err)
{
    give_back();
    pthread_mutex_lock(&r->mu);
    r->sheet_pic = sheet;
    r->queue[(r->q_head + r->q_count++) % r->slots] = (job){ -1, 0 };
    pthread_cond_signal(&r->cv_job);
    while (r->sheet_pic)
        pthread_cond_wait(&r->cv_slot, &r->mu);
    delve_status st = r->worker_st;
    if (st && err)
        *err = r->worker_err;
    pthread_mutex_unlock(&r->mu);
    return st;
}

static delve_status write_sheets(recorder *r, delve_err *err)
{
    sheet_opts so = { .title = r->fs->title, .seed = r->seed, .floors = r->floors,
                      .total_frames = r->frames, .columns = r->fs->sheet_columns,
                      .thumb_w = r->fs->frame_w / 4, .thumb_h = r->fs->frame_h / 4,
                      .members = r->fs->party.count, .chart = &r->chart };
    if (r->cell_count > 0 && r->cell_count < so.columns)
        so.columns = r->cell_count; /* no empty half sheet for a short film */
    for (int i = 0; i < r->cell_count; i++)
        r->cells[i].thumb = &r->thumbs[i];
    int per_page = sheet_rows_per_page(&so) * so.columns;
    if (per_page < 1)
        per_page = 1;
    int pages = r->cell_count ? (r->cell_count + per_page - 1) / per_page : 1;
    r->sheet_pages = pages;
    delve_status st = DELVE_OK;
    for (int p = 0; !st && p < pages; p++) {
        int first = p * per_page, n = r->cell_count - first;
        if (n > per_page)
            n = per_page;
        canvas sheet;
        st = sheet_render(&sheet, &so, r->cells + first, n < 0 ? 0 : n, p + 1, pages, r->txt,
                          err);
        for (int i = first; i < first + n; i++) /* drawn: room for the encoder */
            canvas_free(&r->thumbs[i]);
        if (st)
            break;
        if (pages == 1)
            snprintf(r->sheet_path, sizeof r->sheet_path, "%s/sheet.png", r->dir);
        else
            snprintf(r->sheet_path, sizeof r->sheet_path, "%s/sheet-%d.png", r->dir, p + 1);
        st = encode_sheet(r, &sheet, err);
        canvas_free(&sheet);
    }
    return st;
}

delve_status recorder_drain(recorder *r, delve_err *err) { return wait_frames(r, err); }

/* The held frames' files: each a copy of the frame it was drawn as (every encoded frame
 * is written by now). */
static delve_status write_copies(recorder *r, delve_err *err)
{
    delve_status st = DELVE_OK;
    char src[FILM_PATH_MAX + 128], dst[FILM_PATH_MAX + 128];
    for (int i = 0; i < r->copy_count && !st; i++) {
        char *data = NULL;
        size_t len = 0;
        snprintf(dst, sizeof dst, "%s/frame_%04d.png", r->frames_dir, r->copies[2 * i]);
        snprintf(src, sizeof src, "%s/frame_%04d.png", r->frames_dir, r->copies[2 * i + 1]);
        st = fsio_read_all(src, (size_t)1 << 30, &data, &len, err);
        if (!st)
            st = fsio_write_new(dst, data, len, err);
        free(data);
    }
    r->copy_count = 0;
    return st;
}

delve_status recorder_finish(recorder *r, delve_err *err)
{
    delve_status st = wait_frames(r, err);
    if (!st)
        st = write_copies(r, err);
    for (int i = 0; r->pool && i < r->slots; i++)
        canvas_free(&r->pool[i]); /* every frame is written: room for the sheet */
    give_back();
    char fpath[FILM_PATH_MAX + 128];
    snprintf(fpath, sizeof fpath, "%s/events.tsv", r->dir);
    if (!st)
        st = fsio_write_atomic(fpath, r->tsv.s, r->tsv.len, err);
    if (!st)
        st = write_sheets(r, err);
    stop_pool(r);
    return st;
}

int recorder_frames(const recorder *r) { return r->frames; }

int recorder_copied(const recorder *r) { return r->copied; }
const char *recorder_dir(const recorder *r) { return r->dir; }
int recorder_sheet_pages(const recorder *r) { return r->sheet_pages; }

void recorder_close(recorder *r)
{
    if (!r)
        return;
    stop_pool(r);
    if (r->pool)
        for (int i = 0; i < r->slots; i++)
            canvas_free(&r->pool[i]);
    for (int i = 0; i < r->cell_count; i++)
        canvas_free(&r->thumbs[i]);
    free(r->pool);
    free(r->slot_refs);
    free(r->queue);
    free(r->sink_queue);
    free(r->cells);
    free(r->thumbs);
    free(r->copies);
    chart_free(&r->chart);
    textbuf_free(&r->tsv);
    if (r->txt)
        text_close(r->txt);
    frame_cache_free(r->cache);
    frame_cache_free(r->aside);
    if (r->slots) {
        pthread_mutex_destroy(&r->mu);
        pthread_cond_destroy(&r->cv_job);
        pthread_cond_destroy(&r->cv_slot);
        pthread_cond_destroy(&r->cv_sink);
    }
    free(r);
}
