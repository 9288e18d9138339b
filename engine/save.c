/* save: saved games as checked text (see save.h; the format is in docs/save-format.md). */
#include "engine/save.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/hash.h"
#include "engine/textbuf.h"

uint64_t save_check(const char *text, size_t len)
{
    return hash_fnv1a64(HASH_FNV1A64_BASIS, text, len);
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

typedef struct pctx {
    const char *path;
    int line;
    const char *start;   /* the line's first character */
    const char *p;       /* the cursor */
    delve_err *err;
} pctx;

static delve_status bad(pctx *c, const char *at, const char *what)
{
    return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, (int)(at - c->start) + 1,
                         "%s", what);
}

/* A decimal integer in lo..hi, then a space or the end of the line. */
static delve_status num(pctx *c, int64_t lo, int64_t hi, int64_t *out)
{
    const char *at = c->p;
    if (*at != '-' && (*at < '0' || *at > '9'))
        return bad(c, at, "expected a number");
    errno = 0;
    char *end = NULL;
    long long v = strtoll(at, &end, 10);
    if (errno == ERANGE || v < lo || v > hi)
        return bad(c, at, "number out of range");
    if (*end != ' ' && *end != '\n')
        return bad(c, end, "expected a space or the end of the line");
    c->p = *end == ' ' ? end + 1 : end;
    *out = v;
    return DELVE_OK;
}

static delve_status hex(pctx *c, uint64_t *out)
{
    const char *at = c->p;
    uint64_t v = 0;
    int n = 0;
    for (; n < 16; n++, c->p++) {
        char ch = *c->p;
        int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
        if (d < 0)
            return bad(c, at, "expected 16 hex digits");
        v = v << 4 | (uint64_t)d;
    }
    if (*c->p != '\n')
        return bad(c, c->p, "expected the end of the line");
    *out = v;
    return DELVE_OK;
}

static delve_status end_of_line(pctx *c)
{
    return *c->p == '\n' ? DELVE_OK : bad(c, c->p, "unexpected text at the end of the line");
}

static delve_status line_member(pctx *c, save_state *st)
{
    if (st->party.count >= PARTY_MAX)
        return bad(c, c->start, "more than 6 members");
    int64_t v[5];
    static const int64_t HI[5] = { MEMBER_MAX_HEALTH, MEMBER_MAX_HEALTH, MEMBER_MAX_HEALTH,
                                   MEMBER_MAX_HEALTH, ARMOUR_MAX_PCT };
    for (int i = 0; i < 5; i++) {
        delve_status s = num(c, i == 1 ? 1 : 0, HI[i], &v[i]);
        if (s)
            return s;
    }
    const char *name = c->p, *nl = strchr(name, '\n');
    if (nl == name || nl - name >= MEMBER_NAME_MAX)
        return bad(c, name, "a member's name is 1..23 characters");
    member *m = &st->party.m[st->party.count++];
    memcpy(m->name, name, (size_t)(nl - name));
    m->name[nl - name] = '\0';
    if (!printable(m->name))
        return bad(c, name, "control character in a member's name");
    if (v[0] > v[1] || v[2] > v[3])
        return bad(c, c->start, "health or power above its maximum");
    m->health = (int)v[0], m->max_health = (int)v[1];
    m->power = (int)v[2], m->max_power = (int)v[3], m->armour_pct = (int)v[4];
    c->p = nl;
    return DELVE_OK;
}

/* One line after the magic, by its first word. */
static delve_status parse_line(pctx *c, const char *word, save_state *st, int *seen_at,
                               int *seen_digest)
{
    delve_status s = DELVE_OK;
    int64_t a = 0, b2 = 0, d = 0;
    if (!strcmp(word, "source")) {
        const char *nl = strchr(c->p, '\n');
        if (nl == c->p || nl - c->p >= SAVE_SOURCE_MAX)
            return bad(c, c->p, "the source line is empty or too long");
        memcpy(st->source, c->p, (size_t)(nl - c->p));
        st->source[nl - c->p] = '\0';
        c->p = nl;
    } else if (!strcmp(word, "clock")) {
        s = num(c, 0, INT64_MAX / 4, &st->clock_s);
    } else if (!strcmp(word, "at")) {
        int64_t v[3];
        for (int i = 0; i < 3 && !s; i++)
            s = num(c, 0, i ? FLOOR_MAX_SIDE * FLOOR_SQUARE_CM : DUNGEON_MAX_FLOORS - 1, &v[i]);
        st->floor = (int)v[0], st->x_cm = (int)v[1], st->y_cm = (int)v[2];
        *seen_at = 1;
    } else if (!strcmp(word, "member")) {
        s = line_member(c, st);
    } else if (!strcmp(word, "open-pit")) {
        if (st->pit_count >= (int)(sizeof st->pits / sizeof st->pits[0]))
            return bad(c, c->start, "too many open pits");
        if (!(s = num(c, 0, DUNGEON_MAX_FLOORS - 1, &a)) && !(s = num(c, 0, FLOOR_MAX_PITS - 1, &b2)))
            st->pits[st->pit_count++] = (save_pit){ (int)a, (int)b2 };
    } else if (!strcmp(word, "station")) {
        if (st->station_count >= (int)(sizeof st->stations / sizeof st->stations[0]))
            return bad(c, c->start, "too many stations");
        if (!(s = num(c, 0, DUNGEON_MAX_FLOORS - 1, &a)) &&
            !(s = num(c, 0, FLOOR_MAX_STATIONS - 1, &b2)) && !(s = num(c, 0, INT64_MAX / 4, &d)))
            st->stations[st->station_count++] = (save_station){ (int)a, (int)b2, d };
    } else if (!strcmp(word, "digest")) {
        s = hex(c, &st->digest);
        *seen_digest = 1;
    } else {
        return bad(c, c->start, "unknown line (source, clock, at, member, open-pit, station, "
                                "digest, check)");
    }
    return s ? s : end_of_line(c);
}

/* The check line ends the file and covers every byte before it: verified before any
 * other line is read, so an edited or cut save fails as a whole. */
static delve_status verify(pctx *c, const char *text)
{
    size_t n = strlen(text);
    int lines = 0;
    for (size_t i = 0; i < n; i++)
        lines += text[i] == '\n';
    c->line = lines + (n && text[n - 1] != '\n');
    const char *last = text + n - (n && text[n - 1] == '\n');
    while (last > text && last[-1] != '\n')
        last--;
    c->start = last;
    if (!n || text[n - 1] != '\n')
        return bad(c, text + n, "the last line has no newline: the save was cut short");
    c->start = c->p = last;
    if (strncmp(last, "check ", 6))
        return bad(c, last, "no check line at the end: the save was cut short");
    c->p = last + 6;
    uint64_t want = 0;
    delve_status s = hex(c, &want);
    if (!s && save_check(text, (size_t)(last - text)) != want)
        s = bad(c, last, "checksum does not match: the save was cut short or edited");
    return s;
}

delve_status save_parse(const char *file, const char *text, save_state *st, delve_err *err)
{
    memset(st, 0, sizeof *st);
    pctx c = { .path = file, .line = 1, .start = text, .p = text, .err = err };
    size_t mlen = strlen(SAVE_MAGIC);
    if (strncmp(text, SAVE_MAGIC, mlen) || text[mlen] != '\n')
        return bad(&c, text, "not a delve save (the first line must be '" SAVE_MAGIC "')");
    delve_status s = verify(&c, text);
    if (s)
        return s;
    int seen_at = 0, seen_digest = 0;
    c.line = 1;
    for (const char *ln = text + mlen + 1; strncmp(ln, "check ", 6); ) {
        c.line++;
        c.start = c.p = ln;
        const char *nl = strchr(ln, '\n');
        char word[16] = "";
        size_t wl = strcspn(ln, " \n");
        if (wl == 0 || wl >= sizeof word)
            return bad(&c, ln, "expected a line name");
        memcpy(word, ln, wl);
        c.p = ln + wl + (ln[wl] == ' ');
        if ((s = parse_line(&c, word, st, &seen_at, &seen_digest)))
            return s;
        ln = nl + 1;
    }
    if (!st->source[0] || !seen_at || !seen_digest || st->party.count == 0)
        return delve_fail_at(err, DELVE_EINPUT, file, c.line + 1, 1,
                             "a save needs source, at, member and digest lines");
    return DELVE_OK;
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
