/* transport: the film's transport as plain state (transport.h). director_play drives the
 * world and the run loop waits inside its callback, so pausing is waiting there, a step
 * is returning, and going back is stopping and playing again from the start without
 * showing the shots before the one asked for. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "viewer/transport.h"

void transport_init(transport *t)
{
    memset(t, 0, sizeof *t);
    t->speed = 1;
    t->frame_ms = TRANSPORT_FRAME_MS;
}

void transport_seek(transport *t, int n, int play)
{
    t->playing = play;
    t->target = n;
    if (t->in_film && n > t->frame)
        return;
    t->restart = 1;
    t->stop = t->in_film;
}

void transport_seek_px(transport *t, int px, int span)
{
    if (t->total <= 0 || span <= 0)
        return;
    int n = 1 + (int)((int64_t)(px < 0 ? 0 : px) * t->total / span);
    transport_seek(t, n > t->total ? t->total : n, 0);
}

int transport_play_pause(transport *t)
{
    if (t->in_film) {
        t->playing = !t->playing;
        return 0;
    }
    transport_seek(t, 0, 1);
    return 1;
}

void transport_step_on(transport *t)
{
    if (t->in_film)
        t->step = 1, t->playing = 0;
    else if (!t->last_frame || t->frame < t->last_frame)
        transport_seek(t, t->frame + 1, 0);
}

void transport_step_back(transport *t)
{
    if (t->frame > 1)
        transport_seek(t, t->frame - 1, 0);
}

void transport_set_speed(transport *t, int speed)
{
    t->speed = speed;
}

void transport_ask(transport *t, transport_reload what)
{
    t->reload = what;
    t->stop = t->in_film;
}

int transport_frame_ms(const transport *t)
{
    return t->frame_ms / t->speed;
}

int transport_shot(transport *t, int n)
{
    t->frame = n;
    if (t->stop || t->frame < t->target)
        return 0;
    t->target = 0;
    if (t->step)
        t->step = t->playing = 0;
    return 1;
}

int transport_waiting(const transport *t)
{
    return !t->stop && !t->step && t->target <= t->frame;
}

transport_end transport_film_over(transport *t, delve_status st)
{
    if (t->stop) {
        t->stop = 0;
        return TRANSPORT_STOPPED;
    }
    t->target = 0;
    t->playing = 0;
    if (st == DELVE_EINPUT)
        return TRANSPORT_CUT;
    if (st)
        return TRANSPORT_FAILED;
    t->last_frame = t->frame;
    return TRANSPORT_ENDED;
}

void transport_rewind(transport *t)
{
    t->frame = t->last_frame = t->playing = 0;
}

/* The dry run's shot_fn: counts shots, notes the events'. */
static delve_status count_shot(void *ctx, const world *w, const shot *s, delve_err *err)
{
    transport *t = ctx;
    (void)w, (void)err;
    t->total = s->frame_no;
    if (s->kind != EV_STEP && t->tick_count < TRANSPORT_TICKS_MAX)
        t->ticks[t->tick_count++] = s->frame_no;
    return DELVE_OK;
}

void transport_survey(transport *t, const film_script *fs)
{
    world w;
    delve_err e = { "" };
    t->total = t->tick_count = t->cut = 0;
    t->cut_msg[0] = '\0';
    t->frame_ms = fs->fps > 0 ? 1000 / fs->fps : TRANSPORT_FRAME_MS; /* plays at the film's rate */
    if (director_build_world(fs, &w, &e))
        return;
    if (director_play(fs, &w, count_shot, t, &e) == DELVE_EINPUT) {
        t->cut = 1;
        snprintf(t->cut_msg, sizeof t->cut_msg, "%s", e.msg);
    }
    world_free(&w);
}

int transport_explore(transport *t, int is_default)
{
    /* a timeline of one shot that stops with an error is no film: the dungeon itself
     * is what there is to see, and a script written for it would play */
    t->explore = is_default && t->cut && t->total <= 1;
    if (t->explore)
        t->total = t->tick_count = 0;
    return t->explore;
}

frame_timeline transport_timeline(const transport *t)
{
    return (frame_timeline){ .total = t->total, .shown = t->frame, .ticks = t->ticks,
                             .tick_count = t->tick_count };
}
