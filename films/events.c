/* events: a film's events.tsv, written and read (see events.h). */
#include "films/events.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/lex.h"
#include "films/recorder.h"

void events_header(textbuf *b, const party *p)
{
    textbuf_printf(b, "frame\ttime_s\tfloor\tx\ty\tevent");
    for (int i = 0; i < p->count; i++)
        textbuf_printf(b, "\t%s_health\t%s_power", p->m[i].name, p->m[i].name);
    textbuf_printf(b, "\tdigest\tcaption\theld\n");
}

void events_row(textbuf *b, const world *w, const shot *s)
{
    const char *word = s->card == CARD_HOLD ? "hold" : s->card == CARD_TITLE ? "title"
                                                                              : event_kind_name(s->kind);
    textbuf_printf(b, "%d\t%lld\t%d\t%d\t%d\t%s", s->frame_no, (long long)w->clock_s,
                   w->floor + 1, world_sx(w), world_sy(w), word);
    for (int i = 0; i < w->party.count; i++)
        textbuf_printf(b, "\t%d\t%d", w->party.m[i].health, w->party.m[i].power);
    textbuf_printf(b, "\t%016llx\t%s\t%s\n", (unsigned long long)world_digest(w), s->caption,
                   events_held_word(s));
}

const char *events_held_word(const shot *s)
{
    if (s->card != CARD_HOLD)
        return "-";
    return s->held == EV_STEP ? "hold" : event_kind_name(s->held);
}

/* ---- reading ---- */

/* The fields of one line: where each starts and how long it is. */
typedef struct fields {
    const char *at[EVENTS_MAX_COLUMNS];
    size_t len[EVENTS_MAX_COLUMNS];
    int n;                 /* all the line's fields, also those past EVENTS_MAX_COLUMNS */
} fields;

/* The columns of events.tsv the reader uses (-1: none). */
typedef struct columns {
    int frame, time, floor, event, caption, n;
    int health[PARTY_MAX], power[PARTY_MAX], members;
    char name[PARTY_MAX][MEMBER_NAME_MAX];
} columns;

static void split(lex *x, fields *f)
{
    int last = 0;
    for (f->n = 0; !last; f->n++) {
        size_t n = 0;
        const char *at = lex_field(x, '\t', &n, &last);
        if (f->n < EVENTS_MAX_COLUMNS)
            f->at[f->n] = at, f->len[f->n] = n;
    }
}

static int named(const fields *f, int i, const char *name)
{
    return f->len[i] == strlen(name) && !strncmp(f->at[i], name, f->len[i]);
}

static delve_status read_header(lex *x, columns *c)
{
    fields f;
    split(x, &f);
    *c = (columns){ .frame = -1, .time = -1, .floor = -1, .event = -1, .caption = -1,
                    .n = f.n };
    for (int i = 0; i < f.n && i < EVENTS_MAX_COLUMNS; i++) {
        size_t len = f.len[i];
        if (named(&f, i, "frame")) c->frame = i;
        else if (named(&f, i, "time_s")) c->time = i;
        else if (named(&f, i, "floor")) c->floor = i;
        else if (named(&f, i, "event")) c->event = i;
        else if (named(&f, i, "caption")) c->caption = i;
        else if (len > 7 && !strncmp(f.at[i] + len - 7, "_health", 7) && c->members < PARTY_MAX) {
            snprintf(c->name[c->members], sizeof c->name[0], "%.*s", (int)len - 7, f.at[i]);
            c->power[c->members] = -1;
            c->health[c->members++] = i;
        } else if (len > 6 && !strncmp(f.at[i] + len - 6, "_power", 6) && c->members > 0 &&
                   c->health[c->members - 1] == i - 1)
            c->power[c->members - 1] = i;
    }
    if (c->frame < 0 || c->time < 0 || c->floor < 0 || c->event < 0)
        return lex_fail(x, x->ls, "not a delve events.tsv (needs frame, time_s, floor, event)");
    return DELVE_OK;
}

/* Field i as a whole number in lo..hi. */
static delve_status number(const lex *x, const fields *f, int i, int64_t lo, int64_t hi,
                           int64_t *out)
{
    if (lex_parse_i64(f->at[i], f->len[i], lo, hi, out, NULL) == LEX_OK)
        return DELVE_OK;
    return lex_fail(x, f->at[i], "'%.*s' is not a number in %" PRId64 "..%" PRId64,
                    (int)f->len[i], f->at[i], lo, hi);
}

/* Field i into out (cap bytes with the NUL), cut to fit. */
static void text(const fields *f, int i, char *out, size_t cap)
{
    snprintf(out, cap, "%.*s", (int)f->len[i], f->at[i]);
}

static delve_status read_row(lex *x, const columns *c, events_line *row)
{
    fields f;
    int64_t frame = 0, t = 0, fl = 0, hp = 0;
    split(x, &f);
    if (f.n < c->n)
        return lex_fail(x, x->ls, "%d fields, the header has %d", f.n, c->n);
    delve_status st = number(x, &f, c->frame, row->frame + 1, RECORDER_MAX_FRAMES, &frame);
    if (!st)
        st = number(x, &f, c->time, 0, WORLD_MAX_CLOCK_S, &t);
    if (!st)
        st = number(x, &f, c->floor, 1, DUNGEON_MAX_FLOORS, &fl);
    for (int m = 0; m < c->members && !st; m++) {
        st = number(x, &f, c->health[m], 0, MEMBER_MAX_HEALTH, &hp);
        row->health[m] = (int)hp;
        hp = 0;
        if (!st && c->power[m] >= 0)
            st = number(x, &f, c->power[m], 0, MEMBER_MAX_HEALTH, &hp);
        row->power[m] = (int)hp;
        memcpy(row->name[m], c->name[m], sizeof row->name[m]);
    }
    int repeat = named(&f, c->event, "fall") && !strcmp(row->event, "fall") && row->time_s == t;
    char cap[sizeof row->caption];
    text(&f, c->caption >= 0 ? c->caption : c->event, cap, sizeof cap);
    int card_on = named(&f, c->event, "title") && !strcmp(row->event, "title") &&
                  !strcmp(row->caption, cap); /* a title card's second frame on */
    row->is_event = !repeat && !card_on && !named(&f, c->event, "step") &&
                    !named(&f, c->event, "hold");
    row->frame = (int)frame;
    row->time_s = t;
    row->floor = (int)fl;
    row->members = c->members;
    text(&f, c->event, row->event, sizeof row->event);
    text(&f, c->caption >= 0 ? c->caption : c->event, row->caption, sizeof row->caption);
    return st;
}

static delve_status read_lines(lex *x, events_fn fn, void *ctx)
{
    columns c;
    if (!lex_next(x)) {
        x->line = 1;
        return lex_fail(x, x->ls, "empty events.tsv");
    }
    delve_status st = read_header(x, &c);
    events_line row = { 0 }; /* row.frame: the last frame number read */
    while (!st && lex_next(x))
        if (x->le > x->ls && !(st = read_row(x, &c, &row)))
            st = fn(ctx, &row, x->err);
    return st;
}

delve_status events_read(const char *file, events_fn fn, void *ctx, delve_err *err)
{
    char *all = NULL;
    delve_status st = lex_read_file(file, EVENTS_MAX_BYTES, "film's events.tsv", &all, err);
    if (st)
        return st;
    lex x;
    lex_init(&x, file, all, err);
    st = read_lines(&x, fn, ctx);
    free(all);
    return st;
}
