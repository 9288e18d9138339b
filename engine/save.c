/* save: saved games as checked text (see save.h; the format is in docs/save-format.md). */
#include "engine/save.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/hash.h"
#include "engine/lex.h"
#include "engine/textbuf.h"

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
    textbuf_printf(&b, "%s\nsource %s\nclock %" PRId64 "\nat %d %d %d\n", SAVE_MAGIC, source,
        w->clock_s, w->floor, w->x_cm, w->y_cm);
    for (int i = 0; i < w->party.count; i++) {
        const member *m = &w->party.m[i];
        textbuf_printf(&b, "member %d %d %d %d %d %s\n", m->health, m->max_health, m->power,
            m->max_power, m->armour_pct, m->name);
    }
    for (int f = 0; f < w->dg.floor_count; f++) {
        const dfloor *fl = &w->dg.floors[f];
        for (int i = 0; i < fl->pit_count; i++)
            if (fl->pits[i].open)
                textbuf_printf(&b, "open-pit %d %d\n", f, i);
        for (int i = 0; i < fl->station_count; i++)
            if (fl->stations[i].last_used_s != STATION_NEVER_USED)
                textbuf_printf(&b, "station %d %d %" PRId64 "\n", f, i, fl->stations[i].last_used_s);
    }
    textbuf_printf(&b, "digest %016" PRIx64 "\n", world_digest(w));
    if (!b.oom) {
        uint64_t check = save_check(b.s, b.len);
        textbuf_printf(&b, "check %016" PRIx64 "\n", check);
    }
    if (b.oom) {
        free(b.s);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for a save");
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
    delve_status s = rest(x, m->name, sizeof m->name, "a member's name is 1..23 characters");
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
    return s;
}

static delve_status line_pit(lex *x, save_state *st)
{
    int64_t f = 0, i = 0;
    if (st->pit_count >= (int)(sizeof st->pits / sizeof st->pits[0]))
        return lex_fail(x, x->ls, "too many open pits");
    delve_status s = num(x, 0, DUNGEON_MAX_FLOORS - 1, &f);
    if (!s && !(s = num(x, 0, FLOOR_MAX_PITS - 1, &i)))
        st->pits[st->pit_count++] = (save_pit){ (int)f, (int)i };
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
        st->stations[st->station_count++] = (save_station){ (int)f, (int)i, t };
    return s;
}

/* One line after the magic, by its first word. */
static delve_status parse_line(lex *x, const char *word, save_state *st, int *seen_at,
                               int *seen_digest)
{
    delve_status s = DELVE_OK;
    if (!strcmp(word, "source")) {
        s = rest(x, st->source, sizeof st->source, "the source line is empty or too long");
    } else if (!strcmp(word, "clock")) {
        s = num(x, 0, WORLD_MAX_CLOCK_S, &st->clock_s);
    } else if (!strcmp(word, "at")) {
        s = line_at(x, st);
        *seen_at = 1;
    } else if (!strcmp(word, "member")) {
        s = line_member(x, st);
    } else if (!strcmp(word, "open-pit")) {
        s = line_pit(x, st);
    } else if (!strcmp(word, "station")) {
        s = line_station(x, st);
    } else if (!strcmp(word, "digest")) {
        s = hex(x, &st->digest);
        *seen_digest = 1;
    } else if (!strcmp(word, "check")) {
        return lex_fail(x, x->ls, "a check line before the last line");
    } else {
        return lex_fail(x, x->ls, "unknown line (source, clock, at, member, open-pit, station, "
                        "digest, check)");
    }
    return s ? s : end_of_line(x);
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
    int check_line = 0, seen_at = 0, seen_digest = 0;
    delve_status s = verify(x, first, &check_line);
    while (!s && lex_next(&x) && x.line < check_line) {
        char word[16] = "";
        size_t wl = 0;
        const char *w = field(&x, &wl);
        if (wl == 0 || wl >= sizeof word)
            return lex_fail(&x, w, "expected a line name");
        memcpy(word, w, wl);
        s = parse_line(&x, word, st, &seen_at, &seen_digest);
    }
    if (!s && (!st->source[0] || !seen_at || !seen_digest || st->party.count == 0))
        s = delve_fail_at(err, DELVE_EINPUT, file, check_line, 1,
                          "a save needs source, at, member and digest lines");
    return s;
}

static delve_status refuse(delve_err *err, const char *file, const char *what, int f, int i)
{
    return delve_fail(err, DELVE_EINPUT, "%s: %s (floor %d, #%d) is not in this dungeon: "
                      "was it saved from another one?", file, what, f + 1, i);
}

delve_status save_apply(world *w, const save_state *st, const char *file, delve_err *err)
{
    const dungeon *d = &w->dg;
    if (st->floor >= d->floor_count || st->x_cm >= d->floors[st->floor].w * FLOOR_SQUARE_CM ||
        st->y_cm >= d->floors[st->floor].h * FLOOR_SQUARE_CM)
        return refuse(err, file, "the party's position", st->floor, 0);
    for (int i = 0; i < st->pit_count; i++)
        if (st->pits[i].floor >= d->floor_count ||
            st->pits[i].index >= d->floors[st->pits[i].floor].pit_count)
            return refuse(err, file, "an open pit", st->pits[i].floor, st->pits[i].index);
    for (int i = 0; i < st->station_count; i++)
        if (st->stations[i].floor >= d->floor_count ||
            st->stations[i].index >= d->floors[st->stations[i].floor].station_count)
            return refuse(err, file, "a station", st->stations[i].floor, st->stations[i].index);
    /* everything fits: keep what changes so a digest mismatch can put it back */
    world keep = *w;
    int64_t used[DUNGEON_MAX_FLOORS][FLOOR_MAX_STATIONS];
    int open[DUNGEON_MAX_FLOORS][FLOOR_MAX_PITS];
    for (int f = 0; f < d->floor_count; f++) {
        dfloor *fl = &w->dg.floors[f];
        for (int i = 0; i < fl->pit_count; i++)
            open[f][i] = fl->pits[i].open, fl->pits[i].open = 0;
        for (int i = 0; i < fl->station_count; i++)
            used[f][i] = fl->stations[i].last_used_s, fl->stations[i].last_used_s = STATION_NEVER_USED;
    }
    for (int i = 0; i < st->pit_count; i++)
        w->dg.floors[st->pits[i].floor].pits[st->pits[i].index].open = 1;
    for (int i = 0; i < st->station_count; i++)
        w->dg.floors[st->stations[i].floor].stations[st->stations[i].index].last_used_s =
            st->stations[i].last_used_s;
    w->party = st->party;
    w->clock_s = st->clock_s;
    w->floor = st->floor;
    w->x_cm = st->x_cm;
    w->y_cm = st->y_cm;
    w->phase = PHASE_IDLE;
    if (world_digest(w) == st->digest)
        return DELVE_OK;
    for (int f = 0; f < d->floor_count; f++) {
        dfloor *fl = &w->dg.floors[f];
        for (int i = 0; i < fl->pit_count; i++)
            fl->pits[i].open = open[f][i];
        for (int i = 0; i < fl->station_count; i++)
            fl->stations[i].last_used_s = used[f][i];
    }
    w->party = keep.party;
    w->clock_s = keep.clock_s;
    w->floor = keep.floor;
    w->x_cm = keep.x_cm;
    w->y_cm = keep.y_cm;
    w->phase = keep.phase;
    return delve_fail(err, DELVE_EINPUT, "%s: the saved world's digest does not match this "
                      "dungeon: the generator or the rules changed since it was saved", file);
}
