/* save: saved games as checked text (see save.h; the format is in docs/save-format.md). */
#include "engine/save.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/lex.h"
#include "base/textbuf.h"

uint64_t save_check(const char *text, size_t len)
{
    uint64_t h = HASH_FNV1A64_BASIS;
    size_t from = 0;
    for (size_t i = 0; i + 1 < len; i++)
        if (text[i] == '\r' && text[i + 1] == '\n') { /* a CRLF counts as its LF */
            h = hash_fnv1a64(h, text + from, i - from);
            from = i + 1;
        }
    return hash_fnv1a64(h, text + from, len - from);
}

/* No control characters (UTF-8 names and paths are fine: films allow them). */
static int printable(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 32 || (unsigned char)*s == 127)
            return 0;
    return 1;
}

/* The glyph of a Shoals square for a tide-row line. */
static char tide_glyph(terrain t, int changed)
{
    if (t == T_SHALLOW)
        return changed ? SAVE_TIDE_FLOODED : SAVE_TIDE_SHALLOW;
    if (t == T_FLOOR)
        return changed ? SAVE_TIDE_DRAINED : SAVE_TIDE_FLOOR;
    return SAVE_TIDE_OTHER;
}

/* The tide, tide-floor and tide-row lines of a world with a tide. */
static void text_tide(textbuf *b, const world *w)
{
    const tide_state *ts = &w->tide;
    textbuf_printf(b, "tide %d %d %" PRId64 " %" PRIu32 " %" PRId64 "\n", ts->raw, ts->vel,
                   ts->next_s, ts->steps, ts->changes);
    char row[FLOOR_MAX_SIDE + 1];
    for (int k = 0; k < w->dg.floor_count && k < DUNGEON_MAX_FLOORS; k++) {
        const dfloor *f = &w->dg.floors[k];
        if (!ts->changed[k]) /* not a Shoals floor: the tide never touches it */
            continue;
        textbuf_printf(b, "tide-floor %d %d %016" PRIx64 "\n", k, ts->last_raw[k],
                       ts->coin[k].state);
        for (int y = 0; y < f->h; y++) {
            for (int x = 0; x < f->w; x++)
                row[x] = tide_glyph(floor_at(f, x, y), ts->changed[k][y * f->w + x]);
            textbuf_printf(b, "tide-row %d %d %.*s\n", k, y, f->w, row);
        }
    }
}

/* Every line between the magic and the digest. */
static void text_body(textbuf *b, const world *w, const char *source)
{
    textbuf_printf(b, "%s\nsource %s\nclock %" PRId64 "\nat %d %d %d\n", SAVE_MAGIC, source,
        w->clock_s, w->floor, w->x_cm, w->y_cm);
    for (int i = 0; i < w->party.count; i++) {
        const member *m = &w->party.m[i];
        textbuf_printf(b, "member %d %d %d %d %d %s\n", m->health, m->max_health, m->power,
            m->max_power, m->armour_pct, m->name);
    }
    for (int f = 0; f < w->dg.floor_count; f++) {
        const dfloor *fl = &w->dg.floors[f];
        for (int i = 0; i < fl->pit_count; i++)
            if (fl->pits[i].open)
                textbuf_printf(b, "open-pit %d %d\n", f, i);
        for (int i = 0; i < fl->station_count; i++)
            if (fl->stations[i].last_used_s != STATION_NEVER_USED)
                textbuf_printf(b, "station %d %d %" PRId64 "\n", f, i, fl->stations[i].last_used_s);
    }
    if (w->walk_carry_cm) /* only after a walk cut short by a pit: older saves keep their bytes */
        textbuf_printf(b, "walk-carry %d\n", w->walk_carry_cm);
    if (w->tide.on)
        text_tide(b, w);
}

delve_status save_text(const world *w, const char *source, char **out, delve_err *err)
{
    *out = NULL;
    if (w->phase != PHASE_IDLE)
        return delve_fail(err, DELVE_EINPUT, "the party is %s: save when it stands",
                          w->phase == PHASE_TUBE ? "falling" : "walking");
    if (w->clock_s < 0 || w->clock_s > WORLD_MAX_CLOCK_S)
        return delve_fail(err, DELVE_EINPUT, "the game clock %" PRId64 " s is outside "
                          "0..%" PRId64 ": a save could not be read back", w->clock_s,
                          WORLD_MAX_CLOCK_S);
    if (!source[0] || strlen(source) >= SAVE_SOURCE_MAX || !printable(source))
        return delve_fail(err, DELVE_EINPUT, "a save's source line must be 1..%d bytes without control "
                          "characters", SAVE_SOURCE_MAX - 1);
    textbuf b = { 0 };
    text_body(&b, w, source);
    textbuf_printf(&b, "digest %016" PRIx64 "\n", world_digest(w));
    if (!b.oom) {
        uint64_t check = save_check(b.s, b.len);
        textbuf_printf(&b, "check %016" PRIx64 "\n", check);
    }
    if (b.oom) {
        free(b.s);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for a save");
    }
    if (b.len >= SAVE_MAX_BYTES) { /* cannot happen within the engine's limits: never
                                      write a save that would be refused */
        free(b.s);
        return delve_fail(err, DELVE_ELIMIT, "a save of this world would pass %d bytes",
                          SAVE_MAX_BYTES);
    }
    *out = b.s;
    return DELVE_OK;
}

/* ---- parsing ---- */

/* The next word of a save line: up to one space (which it passes) or the line's end. */
static const char *field(lex *x, size_t *n)
{
    int last = 0;
    return lex_field(x, ' ', n, &last);
}

/* A decimal integer in lo..hi, then a space or the end of the line. */
static delve_status num(lex *x, int64_t lo, int64_t hi, int64_t *out)
{
    size_t n = 0, stop = 0;
    const char *at = field(x, &n);
    switch (lex_parse_i64(at, n, lo, hi, out, &stop)) {
    case LEX_OK:
        return DELVE_OK;
    case LEX_NOT_NUMBER:
        return lex_fail(x, at, "expected a number");
    case LEX_JUNK:
        return lex_fail(x, at + stop, "expected a space or the end of the line");
    default:
        return lex_fail(x, at, "number out of range");
    }
}

/* 16 lower-case hex digits, the rest of the line. */
static delve_status hex(lex *x, uint64_t *out)
{
    const char *at = x->p;
    uint64_t v = 0;
    for (; x->p < at + 16; x->p++) {
        char ch = x->p < x->le ? *x->p : '\0';
        int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
        if (d < 0)
            return lex_fail(x, at, "expected 16 hex digits");
        v = v << 4 | (uint64_t)d;
    }
    if (x->p != x->le)
        return lex_fail(x, x->p, "expected the end of the line");
    *out = v;
    return DELVE_OK;
}

static delve_status end_of_line(lex *x)
{
    return x->p == x->le ? DELVE_OK : lex_fail(x, x->p, "unexpected text at the end of the line");
}

/* The rest of the line into out (1..cap - 1 bytes), else DELVE_EINPUT why. */
static delve_status rest(lex *x, char *out, size_t cap, const char *why)
{
    size_t n = (size_t)(x->le - x->p);
    if (n == 0 || n >= cap)
        return lex_fail(x, x->p, "%s", why);
    memcpy(out, x->p, n);
    out[n] = '\0';
    x->p = x->le;
    return DELVE_OK;
}

static delve_status line_member(lex *x, save_state *st)
{
    if (st->party.count >= PARTY_MAX)
        return lex_fail(x, x->ls, "more than 6 members");
    int64_t v[5];
    static const int64_t HI[5] = { MEMBER_MAX_HEALTH, MEMBER_MAX_HEALTH, MEMBER_MAX_HEALTH,
                                   MEMBER_MAX_HEALTH, ARMOUR_MAX_PCT };
    for (int i = 0; i < 5; i++) {
        delve_status s = num(x, i == 1 ? 1 : 0, HI[i], &v[i]);
        if (s)
            return s;
    }
    const char *name = x->p;
    member *m = &st->party.m[st->party.count++];
    delve_status s = rest(x, m->name, sizeof m->name, "a member's name is 1..23 bytes");
    if (s)
        return s;
    if (!printable(m->name))
        return lex_fail(x, name, "control character in a member's name");
    if (v[0] > v[1] || v[2] > v[3])
        return lex_fail(x, x->ls, "health or power above its maximum");
    m->health = (int)v[0], m->max_health = (int)v[1];
    m->power = (int)v[2], m->max_power = (int)v[3], m->armour_pct = (int)v[4];
    return DELVE_OK;
}

static delve_status line_at(lex *x, save_state *st)
{
    int64_t v[3];
    delve_status s = DELVE_OK;
    for (int i = 0; i < 3 && !s; i++)
        s = num(x, 0, i ? FLOOR_MAX_SIDE * FLOOR_SQUARE_CM : DUNGEON_MAX_FLOORS - 1, &v[i]);
    if (!s)
        st->floor = (int)v[0], st->x_cm = (int)v[1], st->y_cm = (int)v[2];
    st->at_line = x->line;
    return s;
}

static delve_status line_pit(lex *x, save_state *st)
{
    int64_t f = 0, i = 0;
    if (st->pit_count >= (int)(sizeof st->pits / sizeof st->pits[0]))
        return lex_fail(x, x->ls, "too many open pits");
    delve_status s = num(x, 0, DUNGEON_MAX_FLOORS - 1, &f);
    if (!s && !(s = num(x, 0, FLOOR_MAX_PITS - 1, &i)))
        st->pits[st->pit_count++] = (save_pit){ (int)f, (int)i, x->line };
    return s;
}

static delve_status line_station(lex *x, save_state *st)
{
    int64_t f = 0, i = 0, t = 0;
    if (st->station_count >= (int)(sizeof st->stations / sizeof st->stations[0]))
        return lex_fail(x, x->ls, "too many stations");
    delve_status s = num(x, 0, DUNGEON_MAX_FLOORS - 1, &f);
    if (!s)
        s = num(x, 0, FLOOR_MAX_STATIONS - 1, &i);
    if (!s && !(s = num(x, 0, WORLD_MAX_CLOCK_S, &t)))
        st->stations[st->station_count++] = (save_station){ (int)f, (int)i, t, x->line };
    return s;
}

static delve_status line_tide(lex *x, save_state *st)
{
    save_tide *t = &st->tide;
    if (t->on)
        return lex_fail(x, x->ls, "a second tide line");
    int64_t v[5];
    static const int64_t LO[5] = { TIDE_RAW_LOW, -TIDE_PEAK_VELOCITY, 0, 0, 0 };
    static const int64_t HI[5] = { TIDE_RAW_HIGH, TIDE_PEAK_VELOCITY,
                                   WORLD_MAX_CLOCK_S + TIDE_ACTION_S, UINT32_MAX, INT64_MAX };
    for (int i = 0; i < 5; i++) {
        delve_status s = num(x, LO[i], HI[i], &v[i]);
        if (s)
            return s;
    }
    t->on = 1;
    t->line = x->line;
    t->raw = (int)v[0], t->vel = (int)v[1], t->next_s = v[2];
    t->steps = (uint32_t)v[3], t->changes = v[4];
    return DELVE_OK;
}

static delve_status line_tide_floor(lex *x, save_state *st)
{
    save_tide *t = &st->tide;
    int64_t f = 0, raw = 0;
    if (t->floor_count >= DUNGEON_MAX_FLOORS)
        return lex_fail(x, x->ls, "more tide-floor lines than floors");
    delve_status s = num(x, 0, DUNGEON_MAX_FLOORS - 1, &f);
    for (int i = 0; !s && i < t->floor_count; i++)
        if (t->floors[i].floor == f)
            return lex_fail(x, x->ls, "a second tide-floor line for floor %d", (int)f);
    if (!s)
        s = num(x, TIDE_RAW_LOW, TIDE_RAW_HIGH, &raw);
    save_tide_floor *tf = &t->floors[t->floor_count];
    if (!s && !(s = hex(x, &tf->coin))) {
        tf->floor = (int)f, tf->last_raw = (int)raw, tf->line = x->line;
        t->floor_count++;
    }
    return s;
}

static int tide_glyph_ok(char g)
{
    return g == SAVE_TIDE_FLOOR || g == SAVE_TIDE_SHALLOW || g == SAVE_TIDE_DRAINED ||
           g == SAVE_TIDE_FLOODED || g == SAVE_TIDE_OTHER;
}

/* tide-row F Y GLYPHS: row Y of the floor of the last tide-floor line, rows in order. */
static delve_status line_tide_row(lex *x, save_state *st)
{
    save_tide *t = &st->tide;
    save_tide_floor *tf = t->floor_count ? &t->floors[t->floor_count - 1] : NULL;
    int64_t f = 0, y = 0;
    delve_status s = num(x, 0, DUNGEON_MAX_FLOORS - 1, &f);
    if (!s)
        s = num(x, 0, FLOOR_MAX_SIDE - 1, &y);
    if (s)
        return s;
    if (!tf || tf->floor != f || tf->h != y)
        return lex_fail(x, x->ls, "a tide-row out of place: a floor's rows follow its "
                        "tide-floor line, from row 0 down");
    int n = (int)(x->le - x->p);
    if (n < 1 || n > FLOOR_MAX_SIDE)
        return lex_fail(x, x->p, "a row of %d squares (1 to %d)", n, FLOOR_MAX_SIDE);
    if (tf->h && n != tf->w) /* either may be the wrong one: both are named */
        return lex_fail(x, x->p, "a row of %d squares where row 0 of this floor has %d: a "
                        "floor's rows are all as wide", n, tf->w);
    for (int i = 0; i < n; i++)
        if (!tide_glyph_ok(x->p[i]))
            return lex_fail(x, x->p + i, "not a tide square (. ~ : = #)");
    if (tf->h == tf->cap) {
        int cap = tf->cap ? tf->cap * 2 : 64;
        char *g = realloc(tf->glyphs, (size_t)cap * (size_t)n);
        if (g)
            tf->glyphs = g;
        int *at = g ? realloc(tf->row_at, (size_t)cap * 2 * sizeof *at) : NULL;
        if (!at)
            return delve_fail(x->err, DELVE_ENOMEM, "out of memory for a save's tide");
        tf->row_at = at, tf->cap = cap;
    }
    memcpy(tf->glyphs + (size_t)tf->h * (size_t)n, x->p, (size_t)n);
    tf->row_at[2 * tf->h] = x->line;
    tf->row_at[2 * tf->h + 1] = (int)(x->p - x->ls) + 1;
    tf->w = n;
    tf->h++;
    x->p = x->le;
    return DELVE_OK;
}

static delve_status line_source(lex *x, save_state *st)
{
    return rest(x, st->source, sizeof st->source, "the source line is empty or too long");
}

static delve_status line_clock(lex *x, save_state *st)
{
    return num(x, 0, WORLD_MAX_CLOCK_S, &st->clock_s);
}

static delve_status line_carry(lex *x, save_state *st)
{
    int64_t v = 0;
    delve_status s = num(x, 0, WALK_CM_PER_S - 1, &v);
    st->walk_carry_cm = (int)v;
    return s;
}

static delve_status line_digest(lex *x, save_state *st)
{
    st->digest_line = x->line;
    return hex(x, &st->digest);
}

/* The lines after the magic, by their first word (docs/save-format.md, in its order). */
typedef enum save_line {
    SL_SOURCE, SL_CLOCK, SL_AT, SL_MEMBER, SL_OPEN_PIT, SL_STATION, SL_WALK_CARRY, SL_TIDE,
    SL_TIDE_FLOOR, SL_TIDE_ROW, SL_DIGEST, SL_COUNT
} save_line;

static const struct {
    const char *word;
    delve_status (*read)(lex *x, save_state *st);
} LINES[] = {
    [SL_SOURCE] = { "source", line_source },
    [SL_CLOCK] = { "clock", line_clock },
    [SL_AT] = { "at", line_at },
    [SL_MEMBER] = { "member", line_member },
    [SL_OPEN_PIT] = { "open-pit", line_pit },
    [SL_STATION] = { "station", line_station },
    [SL_WALK_CARRY] = { "walk-carry", line_carry },
    [SL_TIDE] = { "tide", line_tide },
    [SL_TIDE_FLOOR] = { "tide-floor", line_tide_floor },
    [SL_TIDE_ROW] = { "tide-row", line_tide_row },
    [SL_DIGEST] = { "digest", line_digest },
};
_Static_assert(sizeof LINES / sizeof LINES[0] == SL_COUNT, "save line rows");

/* One line after the magic, by its first word; seen[row] counts the lines of each. */
static delve_status parse_line(lex *x, const char *word, save_state *st, int seen[SL_COUNT])
{
    for (int i = 0; i < SL_COUNT; i++)
        if (!strcmp(word, LINES[i].word)) {
            seen[i]++;
            delve_status s = LINES[i].read(x, st);
            return s ? s : end_of_line(x);
        }
    if (!strcmp(word, "check"))
        return lex_fail(x, x->ls, "a check line before the last line");
    return lex_fail(x, x->ls, "unknown line (source, clock, at, member, open-pit, station, "
                    "walk-carry, tide, tide-floor, tide-row, digest, check)");
}

/* What no single line can say: the lines a save needs, and a tide whole. */
static delve_status parse_done(const char *file, int line, const save_state *st,
                               const int seen[SL_COUNT], delve_err *err)
{
    if (!st->source[0] || !seen[SL_AT] || !seen[SL_DIGEST] || st->party.count == 0)
        return delve_fail_at(err, DELVE_EINPUT, file, line, 1,
                             "a save needs source, at, member and digest lines");
    if (st->tide.floor_count && !st->tide.on)
        return delve_fail_at(err, DELVE_EINPUT, file, line, 1,
                             "tide-floor lines without a tide line");
    for (int i = 0; i < st->tide.floor_count; i++)
        if (st->tide.floors[i].h == 0)
            return delve_fail_at(err, DELVE_EINPUT, file, line, 1, "the tide of floor %d has "
                                 "no tide-row lines", st->tide.floors[i].floor);
    return DELVE_OK;
}

void save_state_free(save_state *st)
{
    for (int i = 0; i < DUNGEON_MAX_FLOORS; i++) {
        free(st->tide.floors[i].glyphs);
        free(st->tide.floors[i].row_at);
        st->tide.floors[i].glyphs = NULL;
        st->tide.floors[i].row_at = NULL;
        st->tide.floors[i].h = st->tide.floors[i].cap = 0;
    }
    st->tide.floor_count = 0;
}

/* The check line ends the file and covers every byte before it: verified before any
 * other line is read, so an edited or cut save fails as a whole. x is on the first
 * line; *check_line gets the check line's number. */
static delve_status verify(lex x, const char *first, int *check_line)
{
    while (lex_next(&x))
        ;
    size_t n = strlen(x.ls);
    if (!n || x.ls[n - 1] != '\n')
        return lex_fail(&x, x.ls + n, "the last line has no newline: the save was cut short");
    if (x.le - x.ls < 6 || strncmp(x.ls, "check ", 6))
        return lex_fail(&x, x.ls, "no check line at the end: the save was cut short");
    x.p = x.ls + 6;
    uint64_t want = 0;
    delve_status s = hex(&x, &want);
    if (!s && save_check(first, (size_t)(x.ls - first)) != want)
        s = lex_fail(&x, x.ls, "checksum does not match: the save was cut short or edited");
    *check_line = x.line;
    return s;
}

delve_status save_parse(const char *file, const char *text, save_state *st, delve_err *err)
{
    memset(st, 0, sizeof *st);
    lex x;
    lex_init(&x, file, text, err);
    const char *first = x.next;
    size_t mlen = strlen(SAVE_MAGIC);
    if (!lex_next(&x) || (size_t)(x.le - x.ls) != mlen || strncmp(x.ls, SAVE_MAGIC, mlen)) {
        x.line = 1;
        return lex_fail(&x, x.ls, "not a delve save (the first line must be '" SAVE_MAGIC "')");
    }
    int check_line = 0, seen[SL_COUNT] = { 0 };
    delve_status s = verify(x, first, &check_line);
    while (!s && lex_next(&x) && x.line < check_line) {
        char word[16] = "";
        size_t wl = 0;
        const char *w = field(&x, &wl);
        if (wl == 0 || wl >= sizeof word) {
            s = lex_fail(&x, w, "expected a line name");
            break;
        }
        memcpy(word, w, wl);
        s = parse_line(&x, word, st, seen);
    }
    if (!s)
        s = parse_done(file, check_line, st, seen, err);
    if (s)
        save_state_free(st);
    return s;
}

/* A line of the save that does not fit this dungeon: said at the line (saves number
 * floors from 0, messages from 1). */
#define REFUSE(err, file, line, ...)                                                          \
    delve_fail_at(err, DELVE_EINPUT, file, line, 1, __VA_ARGS__)
#define ANOTHER "was it saved from another dungeon?"

/* Pit (pits 1) or station (0) i of floor f is in d: 1, or 0 with err set at line. */
static int thing_in(const dungeon *d, int f, int i, int line, int pits, const char *file,
                    delve_err *err)
{
    const char *word = pits ? "open-pit" : "station", *what = pits ? "pit" : "station";
    if (f >= d->floor_count) {
        REFUSE(err, file, line, "%s: floor %d is not in this dungeon (it has %d): " ANOTHER,
               word, f + 1, d->floor_count);
        return 0;
    }
    int n = pits ? d->floors[f].pit_count : d->floors[f].station_count;
    if (i < n)
        return 1;
    REFUSE(err, file, line, "%s: floor %d has no %s %d (it has %d, from 0): " ANOTHER, word,
           f + 1, what, i, n);
    return 0;
}

/* The party's square, open pits and stations the save names are in w's dungeon. */
static delve_status things_fit(const world *w, const save_state *st, const char *file,
                               delve_err *err)
{
    const dungeon *d = &w->dg;
    if (st->floor >= d->floor_count)
        return REFUSE(err, file, st->at_line, "at: floor %d is not in this dungeon (it has %d): "
                      ANOTHER, st->floor + 1, d->floor_count);
    const dfloor *f = &d->floors[st->floor];
    if (st->x_cm >= f->w * FLOOR_SQUARE_CM || st->y_cm >= f->h * FLOOR_SQUARE_CM)
        return REFUSE(err, file, st->at_line, "at: %d,%d cm is off floor %d, which is %d x %d "
                      "cm: " ANOTHER, st->x_cm, st->y_cm, st->floor + 1,
                      f->w * FLOOR_SQUARE_CM, f->h * FLOOR_SQUARE_CM);
    int sx = st->x_cm / FLOOR_SQUARE_CM, sy = st->y_cm / FLOOR_SQUARE_CM;
    if (!floor_open(f, sx, sy)) /* open, not walkable: a fall may land the party in lava */
        return REFUSE(err, file, st->at_line, "at: square %d,%d of floor %d is %s, where no "
                      "party stands: " ANOTHER, sx, sy, st->floor + 1,
                      terrain_get(floor_at(f, sx, sy))->name);
    for (int i = 0; i < st->pit_count; i++)
        if (!thing_in(d, st->pits[i].floor, st->pits[i].index, st->pits[i].line, 1, file, err))
            return DELVE_EINPUT;
    for (int i = 0; i < st->station_count; i++)
        if (!thing_in(d, st->stations[i].floor, st->stations[i].index, st->stations[i].line, 0,
                      file, err))
            return DELVE_EINPUT;
    return DELVE_OK;
}

/* One saved tide floor fits floor k of w: a Shoals floor of its size whose squares the
 * tide never changes are where the save has them (SAVE_TIDE_OTHER), and only those. */
static delve_status tide_floor_fits(const world *w, const save_tide_floor *tf,
                                    const char *file, delve_err *err)
{
    int k = tf->floor;
    const dfloor *f = k < w->dg.floor_count ? &w->dg.floors[k] : NULL;
    if (!f || !w->tide.changed[k] || f->w != tf->w || f->h != tf->h)
        return REFUSE(err, file, tf->line, "tide-floor: the tide of floor %d (%d x %d) is not "
                      "in this dungeon: " ANOTHER, k + 1, tf->w, tf->h);
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            terrain t = floor_at(f, x, y);
            int fixed = t != T_FLOOR && t != T_SHALLOW;
            if (fixed != (tf->glyphs[y * f->w + x] == SAVE_TIDE_OTHER))
                return delve_fail_at(err, DELVE_EINPUT, file, tf->row_at[2 * y],
                                     tf->row_at[2 * y + 1] + x, "the tide's square %d,%d of "
                                     "floor %d is %s in this dungeon: " ANOTHER, x, y, k + 1,
                                     terrain_get(t)->name);
        }
    return DELVE_OK;
}

/* The saved tide fits w: each saved floor does, and each of w's Shoals floors is saved. */
static delve_status tide_fits(const world *w, const save_tide *t, const char *file,
                              delve_err *err)
{
    if (!t->on)
        return DELVE_OK;
    if (!w->tide.on)
        return REFUSE(err, file, t->line, "tide: the save has a tide and this dungeon no "
                      "Shoals floor: " ANOTHER);
    for (int i = 0; i < t->floor_count; i++) {
        delve_status s = tide_floor_fits(w, &t->floors[i], file, err);
        if (s)
            return s;
    }
    for (int k = 0; k < w->dg.floor_count && k < DUNGEON_MAX_FLOORS; k++) {
        int saved = 0;
        for (int i = 0; i < t->floor_count; i++)
            saved |= t->floors[i].floor == k;
        if (w->tide.changed[k] && !saved)
            return REFUSE(err, file, t->line, "tide: the save has no tide rows for floor %d, "
                          "a Shoals floor of this dungeon", k + 1);
    }
    return DELVE_OK;
}

/* Which pits are open and when each station was last used, on every floor. */
typedef struct marks {
    int open[DUNGEON_MAX_FLOORS][FLOOR_MAX_PITS];
    int64_t used[DUNGEON_MAX_FLOORS][FLOOR_MAX_STATIONS];
} marks;

static void marks_get(const dungeon *d, marks *m)
{
    for (int f = 0; f < d->floor_count; f++) {
        const dfloor *fl = &d->floors[f];
        for (int i = 0; i < fl->pit_count; i++)
            m->open[f][i] = fl->pits[i].open;
        for (int i = 0; i < fl->station_count; i++)
            m->used[f][i] = fl->stations[i].last_used_s;
    }
}

static void marks_put(dungeon *d, const marks *m)
{
    for (int f = 0; f < d->floor_count; f++) {
        dfloor *fl = &d->floors[f];
        for (int i = 0; i < fl->pit_count; i++)
            fl->pits[i].open = m->open[f][i];
        for (int i = 0; i < fl->station_count; i++)
            fl->stations[i].last_used_s = m->used[f][i];
    }
}

/* The marks st names (every other pit closed, every other station never used). */
static void marks_of_save(const save_state *st, const dungeon *d, marks *m)
{
    for (int f = 0; f < d->floor_count; f++) {
        for (int i = 0; i < d->floors[f].pit_count; i++)
            m->open[f][i] = 0;
        for (int i = 0; i < d->floors[f].station_count; i++)
            m->used[f][i] = STATION_NEVER_USED;
    }
    for (int i = 0; i < st->pit_count; i++)
        m->open[st->pits[i].floor][st->pits[i].index] = 1;
    for (int i = 0; i < st->station_count; i++)
        m->used[st->stations[i].floor][st->stations[i].index] = st->stations[i].last_used_s;
}

/* What the digest does not cover, once it matched: the walk's carry and the tide's
 * clock, steps, coins and squares (which the tide-row glyphs say, foam included). */
static void apply_rest(world *w, const save_state *st)
{
    w->walk_carry_cm = st->walk_carry_cm;
    if (!st->tide.on)
        return;
    tide_state *ts = &w->tide;
    ts->next_s = st->tide.next_s;
    ts->steps = st->tide.steps;
    for (int i = 0; i < st->tide.floor_count; i++) {
        const save_tide_floor *tf = &st->tide.floors[i];
        int k = tf->floor;
        dfloor *f = &w->dg.floors[k];
        ts->last_raw[k] = tf->last_raw;
        ts->coin[k].state = tf->coin;
        for (int y = 0; y < f->h; y++)
            for (int x = 0; x < f->w; x++) {
                char g = tf->glyphs[y * f->w + x];
                ts->changed[k][y * f->w + x] = g == SAVE_TIDE_DRAINED || g == SAVE_TIDE_FLOODED;
                if (g != SAVE_TIDE_OTHER)
                    floor_set(f, x, y, g == SAVE_TIDE_SHALLOW || g == SAVE_TIDE_FLOODED
                                           ? T_SHALLOW : T_FLOOR);
            }
    }
}

/* What the digest covers besides the marks: the party, its place, and the tide. */
typedef struct digested {
    party party;
    int64_t clock_s;
    int floor, x_cm, y_cm;
    world_phase phase;
    int tide_raw, tide_vel;
    int64_t tide_changes;
} digested;

static digested digested_of_world(const world *w)
{
    return (digested){ w->party, w->clock_s, w->floor, w->x_cm, w->y_cm, w->phase,
                       w->tide.raw, w->tide.vel, w->tide.changes };
}

/* st's, standing; a save from before the tide was saved leaves w's tide as world_init
 * set it. */
static digested digested_of_save(const save_state *st, const world *w)
{
    digested d = { st->party, st->clock_s, st->floor, st->x_cm, st->y_cm, PHASE_IDLE,
                   w->tide.raw, w->tide.vel, w->tide.changes };
    if (st->tide.on)
        d.tide_raw = st->tide.raw, d.tide_vel = st->tide.vel, d.tide_changes = st->tide.changes;
    return d;
}

static void digested_put(world *w, const digested *d)
{
    w->party = d->party;
    w->clock_s = d->clock_s;
    w->floor = d->floor;
    w->x_cm = d->x_cm;
    w->y_cm = d->y_cm;
    w->phase = d->phase;
    w->tide.raw = d->tide_raw;
    w->tide.vel = d->tide_vel;
    w->tide.changes = d->tide_changes;
}

delve_status save_apply(world *w, const save_state *st, const char *file, delve_err *err)
{
    delve_status s = things_fit(w, st, file, err);
    if (!s)
        s = tide_fits(w, &st->tide, file, err);
    if (s)
        return s;
    /* everything fits: keep what the digest covers so a mismatch can put it back */
    digested was = digested_of_world(w), now = digested_of_save(st, w);
    marks old, saved;
    marks_get(&w->dg, &old);
    marks_of_save(st, &w->dg, &saved);
    marks_put(&w->dg, &saved);
    digested_put(w, &now);
    if (world_digest(w) == st->digest) {
        apply_rest(w, st);
        return DELVE_OK;
    }
    marks_put(&w->dg, &old);
    digested_put(w, &was);
    return REFUSE(err, file, st->digest_line, "digest: the saved world's digest does not match "
                  "this dungeon: the generator or the rules changed since it was saved");
}
