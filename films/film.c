/* film: the .film parser. One directive a line, read with base/lex.h: tokens are
 * bare words, "quoted strings" (\" and \\ escapes) and key=value pairs whose value may
 * be quoted; `#` starts a comment anywhere outside quotes. */
#include "films/film.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/lex.h"
#include "gen/external.h"
#include "gen/gen.h"
#include "gen/opts.h"
#include "render/sheet.h"

#define MAX_TOKENS 16

typedef struct token {
    char key[32];            /* empty unless key=value */
    char val[FILM_PATH_MAX];
    int col;                 /* 1-based column of the token */
    int vcol;                /* column of the value */
    int quoted;              /* the value was a "quoted string" */
} token;

#define FILM_DIRECTIVES 21 /* rows of DIRECTIVES */

typedef struct line_ctx {
    const char *path;
    int line;
    int k;                   /* the line's directive: its row of DIRECTIVES */
    int first[FILM_DIRECTIVES]; /* a setting's first line (0: not given yet) */
    token tok[MAX_TOKENS];
    int n;
    film_script *fs;
    delve_err *err;
} line_ctx;

static delve_status fail(line_ctx *c, int col, const char *msg, const char *what)
{
    return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, col, "%s%s%s", msg,
                         what ? what : "", "");
}

/* The words of the line at x into c->tok: bare words, "quoted strings" and key=value
 * pairs whose value may be quoted (base/lex.h reads each), up to a `#` comment. */
static delve_status tokenize(line_ctx *c, lex *x)
{
    c->n = 0;
    while (!lex_at_end(x)) {
        if (c->n == MAX_TOKENS)
            return fail(c, lex_col(x, x->p), "too many words on one line", NULL);
        token *t = &c->tok[c->n++];
        memset(t, 0, sizeof *t);
        t->col = lex_col(x, x->p);
        int keyed = lex_key(x, t->key, sizeof t->key);
        t->vcol = lex_col(x, x->p);
        /* "start= 2" is no start=2, as "slow = 2s" is no slow=2s: the value follows '=' */
        if (keyed && x->p < x->le && (*x->p == ' ' || *x->p == '\t') && !lex_at_end(x))
            return fail(c, t->vcol, "expected the value right after '=', without a space",
                        NULL);
        t->quoted = !lex_at_end(x) && *x->p == '"';
        delve_status st = lex_value(x, t->val, sizeof t->val);
        if (st != DELVE_OK)
            return st;
        if (!lex_at_gap(x))
            return fail(c, lex_col(x, x->p), "expected a space", NULL);
        /* "slow = 2s": a bare word, then '=' after spaces, is a key=value spaced out */
        const char *q = x->p;
        while (q < x->le && (*q == ' ' || *q == '\t'))
            q++;
        if (!keyed && !t->quoted && q > x->p && q < x->le && *q == '=')
            return fail(c, lex_col(x, q), "expected key=value without spaces around '='",
                        NULL);
    }
    return DELVE_OK;
}

/* Strict decimal integer in [lo, hi] (base/lex.h's rule). */
static delve_status parse_int(line_ctx *c, const token *t, long long lo, long long hi,
                              long long *out)
{
    int64_t v = 0;
    lex_fault f = lex_parse_i64(t->val, strlen(t->val), lo, hi, &v, NULL);
    const char *eq = t->key[0] ? "=" : ""; /* a key=value names its key */
    if (f == LEX_NOT_NUMBER || f == LEX_JUNK)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "bad number '%s'%s%s%s", t->val, t->key[0] ? " for " : "", t->key,
                             eq);
    if (f)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "%s%s%s is out of range %lld..%lld", t->key, eq, t->val, lo, hi);
    *out = v;
    return DELVE_OK;
}

static delve_status int_field(line_ctx *c, const token *t, int lo, int hi, int *out)
{
    long long v = 0;
    delve_status st = parse_int(c, t, lo, hi, &v);
    if (st == DELVE_OK)
        *out = (int)v;
    return st;
}

/* s with every byte that is not printable ASCII written \xNN, cut to fit out (cap
 * bytes with the NUL): a message never echoes raw control bytes to a terminal. */
static const char *escaped(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    for (; *s && n + 5 <= cap; s++) {
        unsigned char b = (unsigned char)*s;
        if (b >= 0x20 && b < 0x7f)
            out[n++] = (char)b;
        else
            n += (size_t)snprintf(out + n, cap - n, "\\x%02x", b);
    }
    out[n] = '\0';
    return out;
}

/* How far word a is from word b, letters compared without case: insertions, deletions,
 * changes and two neighbours swapped count 1 each (optimal string alignment); at most
 * NEAR_MAX + 1, and words longer than NEAR_LEN are never near. */
#define NEAR_MAX 2
#define NEAR_LEN 24
static int near_distance(const char *a, const char *b)
{
    int n = (int)strlen(a), m = (int)strlen(b), d[NEAR_LEN + 1][NEAR_LEN + 1];
    if (n > NEAR_LEN || m > NEAR_LEN)
        return NEAR_MAX + 1;
    for (int i = 0; i <= n; i++)
        for (int j = 0; j <= m; j++) {
            if (!i || !j) {
                d[i][j] = i + j;
                continue;
            }
            int same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
            int v = d[i - 1][j - 1] + !same;
            v = d[i - 1][j] + 1 < v ? d[i - 1][j] + 1 : v;
            v = d[i][j - 1] + 1 < v ? d[i][j - 1] + 1 : v;
            if (i > 1 && j > 1 && tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == tolower((unsigned char)b[j - 1]) &&
                d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[n][m] > NEAR_MAX ? NEAR_MAX + 1 : d[n][m];
}

/* The one of names[0..n) nearest word, when it is a slip of it (a distance of 1, or 2
 * for names of five letters or more), else NULL: "captoin" is "caption". */
static const char *near_name(const char *word, const char *const *names, int n)
{
    const char *best = NULL;
    int bd = NEAR_MAX + 1;
    for (int i = 0; i < n; i++) {
        int dist = near_distance(word, names[i]);
        if (dist < bd && (dist <= 1 || strlen(names[i]) >= 5))
            best = names[i], bd = dist;
    }
    return best;
}

/* The words of c's line from token `from` to before `to`, as written but for quotes,
 * joined by spaces into out: what a person meant to quote ("Pits and stations"). */
static const char *words_from(const line_ctx *c, int from, int to, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = from; i < to && n + 1 < cap; i++) {
        int k = snprintf(out + n, cap - n, "%s%s%s%s", i > from ? " " : "", c->tok[i].key,
                         c->tok[i].key[0] ? "=" : "", c->tok[i].val);
        n = k < 0 || (size_t)k >= cap - n ? cap - 1 : n + (size_t)k;
    }
    return out;
}

/* 1: v reads as a duration with its unit ("2s", "1500ms", "1h30m"), digits first. */
static int looks_timed(const char *v)
{
    size_t n = strlen(v);
    return n > 1 && isdigit((unsigned char)v[0]) && strchr("smhd", v[n - 1]) &&
           strspn(v, "0123456789smhd") == n;
}

/* Text of several words not in quotes (`film Pits and stations`): say how to write it,
 * never "unexpected 'and'"; a card's last word that reads as its duration stays out of
 * the quotes (`title "Seed 58" 2s`). DELVE_OK when the line is not that slip. */
static delve_status quote_slip(line_ctx *c, const char *what, int words_max)
{
    if (c->n <= words_max + 1 || c->tok[1].quoted || c->tok[1].key[0])
        return DELVE_OK;
    int timed = words_max == 2 && looks_timed(c->tok[c->n - 1].val);
    char all[FILM_TEXT_MAX + 8], shown[FILM_TEXT_MAX + 40];
    escaped(words_from(c, 1, c->n - timed, all, sizeof all), shown, sizeof shown);
    return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[1].vcol,
                         "%s of more than one word goes in quotes: did you mean %s \"%s\"%s%s?",
                         what, c->tok[0].val, shown, timed ? " " : "",
                         timed ? c->tok[c->n - 1].val : "");
}

static delve_status unknown_key(line_ctx *c, const token *t, const char *directive)
{
    char word[FILM_PATH_MAX];
    return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->col,
                         "unknown %s '%s%s' for '%s'", t->key[0] ? "key" : "word",
                         escaped(t->key[0] ? t->key : t->val, word, sizeof word),
                         t->key[0] ? "=" : "", directive);
}

/* A setting written a second time: an error at the second, naming the first's line,
 * never a silent last word (films/README.md: each setting once). */
static delve_status once(line_ctx *c)
{
    int *first = &c->first[c->k];
    if (*first)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[0].col,
                             "a second '%s' (the first is on line %d): a setting is "
                             "written once", c->tok[0].val, *first);
    *first = c->line;
    return DELVE_OK;
}

/* A key written twice on one line ("fall slow=2s slow=3s"): an error at the second. */
static delve_status keys_once(line_ctx *c)
{
    for (int i = 2; i < c->n; i++)
        for (int j = 1; j < i && c->tok[i].key[0]; j++)
            if (!strcmp(c->tok[i].key, c->tok[j].key))
                return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[i].col,
                                     "%s= is written twice on this line", c->tok[i].key);
    return DELVE_OK;
}

static delve_status need_args(line_ctx *c, int min, const char *usage)
{
    if (c->n - 1 >= min)
        return DELVE_OK;
    int col = c->tok[c->n - 1].col + (int)strlen(c->tok[c->n - 1].val);
    return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, col, "expected %s", usage);
}

/* Refuses words past the first `max` after the directive. */
static delve_status no_more(line_ctx *c, int max)
{
    if (c->n - 1 <= max)
        return DELVE_OK;
    return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[max + 1].col,
                         "unexpected '%s%s%s' after '%s'", c->tok[max + 1].key,
                         c->tok[max + 1].key[0] ? "=" : "", c->tok[max + 1].val,
                         c->tok[0].val);
}

/* Exactly one word after the directive, else "expected USAGE" or "unexpected ...". */
static delve_status one_value(line_ctx *c, const char *usage)
{
    delve_status st = need_args(c, 1, usage);
    return st ? st : no_more(c, 1);
}

/* A title, caption or card's text into dst: a bare word's control bytes are refused
 * here as a quoted string's are by base/lex (a caption lands in events.tsv and on the
 * frame), while a directive or key with them is named as unknown, escaped. */
static delve_status copy_text(line_ctx *c, const token *t, char *dst, size_t cap)
{
    for (size_t i = 0; !t->quoted && t->val[i]; i++)
        if (lex_control_len(t->val + i))
            return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol + (int)i,
                                 "%s", lex_control_why(lex_control_len(t->val + i) == 3
                                                           ? 3 : 1));
    if (strlen(t->val) >= cap)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "text longer than %zu bytes", cap - 1);
    strcpy(dst, t->val);
    return DELVE_OK;
}

/* 1 when s has a character to see: not only spaces and the zero-width ones (U+200B..
 * U+200D, U+2060, U+FEFF). */
static int visible(const char *s)
{
    static const char *const INVISIBLE[] = { " ", "\xe2\x80\x8b", "\xe2\x80\x8c",
                                              "\xe2\x80\x8d", "\xe2\x81\xa0",
                                              "\xef\xbb\xbf" };
    while (*s) {
        size_t k = 0, n = 0;
        for (; k < sizeof INVISIBLE / sizeof *INVISIBLE; k++)
            if (!strncmp(s, INVISIBLE[k], n = strlen(INVISIBLE[k])))
                break;
        if (k == sizeof INVISIBLE / sizeof *INVISIBLE)
            return 1;
        s += n;
    }
    return 0;
}

/* ---- directives ---- */

static delve_status push_action(line_ctx *c, const film_action *a);

static delve_status d_film(line_ctx *c)
{
    delve_status st = need_args(c, 1, "a title in quotes");
    if (!st)
        st = quote_slip(c, "a title", 1);
    if (!st)
        st = no_more(c, 1);
    return st ? st : copy_text(c, &c->tok[1], c->fs->title, sizeof c->fs->title);
}

/* file= or save=: a path relative to the script's folder, as a person reading the
 * script expects, that must be readable now; read when the world is built. */
static delve_status dungeon_file(line_ctx *c, const token *t, char *dst, char *other)
{
    film_script *fs = c->fs;
    fs->generator[0] = '\0'; /* the last of file=, save= and generator= makes the dungeon */
    if (strlen(t->val) >= FILM_PATH_MAX || !t->val[0])
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "bad dungeon file name");
    const char *slash = strrchr(c->path, '/');
    size_t dir = t->val[0] != '/' && slash ? (size_t)(slash - c->path) + 1 : 0;
    if (dir + strlen(t->val) >= FILM_PATH_MAX)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "dungeon file name too long");
    memcpy(dst, c->path, dir);
    strcpy(dst + dir, t->val);
    if (access(dst, R_OK) != 0)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "cannot read %s file %s: %s", dst == fs->dun_file ? "dungeon"
                             : "saved game", dst, strerror(errno));
    other[0] = '\0';
    fs->dun_line = c->line;
    fs->dun_col = t->vcol;
    return DELVE_OK;
}

/* The folder of stored rooms named in a script, relative to the script (as file= and
 * save= are) and readable now, so a bad one is an error at its line. */
static delve_status rooms_folder(line_ctx *c, const token *t)
{
    gen_opts *o = &c->fs->gen;
    const char *slash = strrchr(c->path, '/');
    size_t dir = t->val[0] != '/' && slash ? (size_t)(slash - c->path) + 1 : 0;
    if (!o->rooms[0])  /* rooms=none */
        return DELVE_OK;
    if (dir + strlen(t->val) >= sizeof o->rooms)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "rooms: the folder's path passes %zu bytes", sizeof o->rooms - 1);
    memcpy(o->rooms, c->path, dir);
    strcpy(o->rooms + dir, t->val);
    if (access(o->rooms, R_OK | X_OK) != 0)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "rooms: cannot read the folder %s: %s", o->rooms, strerror(errno));
    return DELVE_OK;
}

/* One generator setting key=value of a `dungeon` line, through gen/opts.h. The floor
 * shown is a front end's choice, not the dungeon's: a film has no floor= (its walks say
 * where the party goes). */
static delve_status dungeon_setting(line_ctx *c, const token *t, int id)
{
    delve_err e = { "" };
    if (id == OPTS_FLOOR)
        return unknown_key(c, t, "dungeon");
    if (opts_set(&c->fs->gen, (opts_id)id, t->val, &e))
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol, "%s: %s",
                             t->key, e.msg);
    c->fs->gen_given |= OPTS_BIT(id);
    if (id == OPTS_SEED)  /* a seed after file= or save= makes the dungeon anew */
        c->fs->dun_file[0] = c->fs->save_file[0] = '\0';
    return id == OPTS_ROOMS ? rooms_folder(c, t) : DELVE_OK;
}

/* The column of the first key=value on the line that sets setting id (for a message
 * about it), or the directive's. */
static int setting_col(const line_ctx *c, unsigned given_bad)
{
    for (int i = 1; i < c->n; i++) {
        int id = c->tok[i].key[0] ? opts_find(c->tok[i].key) : -1;
        if (id >= 0 && (given_bad & OPTS_BIT(id)))
            return c->tok[i].col;
    }
    return c->tok[0].col;
}

/* Splits t's value at commas into at most max integers in lo[i]..hi[i], each part's
 * errors at its own column; *n gets the count. */
static delve_status int_list(line_ctx *c, const token *t, int max, const int *lo,
                             const int *hi, int *v, int *n)
{
    const char *p = t->val;
    int col = t->vcol;
    for (*n = 0;; (*n)++) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (*n == max)
            return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, col,
                                 "unexpected '%s' after %d numbers", p, max);
        token part = *t;
        snprintf(part.val, sizeof part.val, "%.*s", (int)len, p);
        if (comma || *n) /* "start=600" would misquote a part of start=1,3,600 */
            part.key[0] = '\0';
        part.vcol = col;
        delve_status st = int_field(c, &part, lo[*n], hi[*n], &v[*n]);
        if (st)
            return st;
        if (!comma) {
            (*n)++;
            return DELVE_OK;
        }
        col += (int)len + 1;
        p = comma + 1;
    }
}

/* generator="CMD {seed}": another program makes the dungeon (docs/generators.md), its
 * template split now so a bad one is an error at its column; run when the world is
 * built, from the folder delve runs in. */
static delve_status dungeon_generator(line_ctx *c, const token *t)
{
    external_gen g = { .command = t->val, .floors = 1 };
    delve_err e = { "" };
    if (!t->val[0])
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "generator: give its command, \"CMD {seed}\"");
    if (external_check(&g, &e)) {
        /* "--generator: column C: why" is the command line's; here, the script's column
           (past the opening quote; exact while no \" or \\ comes before it) */
        int col = 0, at = 0;
        if (sscanf(e.msg, "--generator: column %d: %n", &col, &at) == 1 && at > 0 && col > 0)
            return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line,
                                 t->vcol + t->quoted + col - 1, "generator: %s", e.msg + at);
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol, "%s", e.msg);
    }
    snprintf(c->fs->generator, sizeof c->fs->generator, "%s", t->val);
    c->fs->dun_file[0] = c->fs->save_file[0] = '\0';
    c->fs->dun_line = c->line;
    c->fs->dun_col = t->vcol;
    return DELVE_OK;
}

/* start=FLOOR[,X,Y]: the floor (1-based) and square the party starts on. */
static delve_status dungeon_start(line_ctx *c, const token *t)
{
    static const int lo[] = { 1, 0, 0 };
    static const int hi[] = { DUNGEON_MAX_FLOORS, FLOOR_MAX_SIDE - 1, FLOOR_MAX_SIDE - 1 };
    int v[3] = { 0, -1, -1 }, n = 0;
    delve_status st = int_list(c, t, 3, lo, hi, v, &n);
    if (!st && n == 2)
        st = delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                           "start is FLOOR or FLOOR,X,Y, not '%s'", t->val);
    if (st)
        return st;
    c->fs->start_floor = v[0] - 1;
    c->fs->start_x = v[1];
    c->fs->start_y = v[2];
    c->fs->start_col = t->vcol;
    c->fs->start_line = c->line;
    return DELVE_OK;
}

static delve_status d_dungeon(line_ctx *c)
{
    delve_status st = need_args(c, 1, "seed=N floors=K or file=PATH");
    for (int i = 1; i < c->n && !st; i++) {
        token *t = &c->tok[i];
        int id = t->key[0] ? opts_find(t->key) : -1;
        if (!strcmp(t->key, "file"))
            st = dungeon_file(c, t, c->fs->dun_file, c->fs->save_file);
        else if (!strcmp(t->key, "save"))
            st = dungeon_file(c, t, c->fs->save_file, c->fs->dun_file);
        else if (!strcmp(t->key, "generator"))
            st = dungeon_generator(c, t);
        else if (!strcmp(t->key, "start"))
            st = dungeon_start(c, t);
        else if (id >= 0)
            st = dungeon_setting(c, t, id);
        else
            st = unknown_key(c, t, "dungeon");
    }
    delve_err e = { "" };
    const gen_opts *o = &c->fs->gen;
    unsigned bad = 0;
    for (int id = 0; id < OPTS_COUNT; id++)
        bad |= (c->fs->gen_given & OPTS_BIT(id)) && !opts_applies(o, (opts_id)id) ? OPTS_BIT(id) : 0;
    if (!st && opts_check_given(o, c->fs->gen_given, "", &e))
        st = delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, setting_col(c, bad), "%s",
                           e.msg);
    return st;
}

static delve_status d_party(line_ctx *c)
{
    delve_status st = need_args(c, 1, "a name in quotes");
    int health = 30, power = 12, armour = 0;
    if (!st && c->tok[1].key[0])
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[1].col,
                             "expected a name in quotes before %s=", c->tok[1].key);
    for (int i = 0; !st && i < c->fs->party.count; i++)
        if (!strcmp(c->fs->party.m[i].name, c->tok[1].val))
            return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[1].vcol,
                                 "a member named '%s' is already in the party",
                                 c->tok[1].val);
    for (int i = 2; i < c->n && !st; i++) {
        token *t = &c->tok[i];
        if (!strcmp(t->key, "health"))
            st = int_field(c, t, 1, MEMBER_MAX_HEALTH, &health);
        else if (!strcmp(t->key, "power"))
            st = int_field(c, t, 0, MEMBER_MAX_HEALTH, &power);
        else if (!strcmp(t->key, "armour") || !strcmp(t->key, "armor"))
            st = int_field(c, t, 0, ARMOUR_MAX_PCT, &armour);
        else
            st = unknown_key(c, t, "party");
    }
    if (st)
        return st;
    delve_err e;
    if (party_add(&c->fs->party, c->tok[1].val, health, power, armour, &e) != DELVE_OK)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[1].col, "%s",
                             e.msg);
    return DELVE_OK;
}

static delve_status d_frame(line_ctx *c)
{
    delve_status st = need_args(c, 1, "a size such as 1280x720");
    if (!st)
        st = no_more(c, 1);
    if (st)
        return st;
    c->fs->frame_line = c->line;
    token *t = &c->tok[1];
    char *x = strchr(t->val, 'x');
    if (!x)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "frame size must be WIDTHxHEIGHT, not '%s'", t->val);
    token a = *t, b = *t;
    snprintf(a.val, sizeof a.val, "%.*s", (int)(x - t->val), t->val);
    snprintf(b.val, sizeof b.val, "%s", x + 1);
    b.vcol = t->vcol + (int)(x - t->val) + 1;
    st = int_field(c, &a, FILM_MIN_COMPACT_W, FILM_MAX_FRAME_SIDE, &c->fs->frame_w);
    return st ? st : int_field(c, &b, FILM_MIN_COMPACT_H, FILM_MAX_FRAME_SIDE, &c->fs->frame_h);
}

/* view side [row=Y] | view top: an action, for the shots after it. */
static delve_status view_cut(line_ctx *c)
{
    film_action a = { .op = OP_VIEW, .n = !strcmp(c->tok[1].val, "side"), .x = -1, .y = -1 };
    delve_status st = DELVE_OK;
    for (int i = 2; i < c->n && !st; i++) {
        int row = !strcmp(c->tok[i].key, "row"), col = !strcmp(c->tok[i].key, "col");
        if (a.n && (row || col) && a.col)
            st = delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[i].col,
                               "view side: one cut, row=Y or col=X, not both");
        else if (a.n && (row || col)) {
            st = int_field(c, &c->tok[i], 0, FLOOR_MAX_SIDE - 1, row ? &a.y : &a.x);
            a.col = c->tok[i].vcol; /* for a cut off floor 1, known once it is built */
        }
        else
            st = unknown_key(c, &c->tok[i], a.n ? "view side" : "view top");
    }
    return st ? st : push_action(c, &a);
}

static delve_status d_view(line_ctx *c)
{
    delve_status st = DELVE_OK;
    if (c->n > 1 && !c->tok[1].key[0] && (!strcmp(c->tok[1].val, "side") ||
                                          !strcmp(c->tok[1].val, "top")))
        return view_cut(c);
    st = once(c); /* `view follow|whole zoom=N` is a setting; side and top are actions */
    for (int i = 1; i < c->n && !st; i++) {
        token *t = &c->tok[i];
        if (!t->key[0] && !strcmp(t->val, "follow"))
            c->fs->follow = 1;
        else if (!t->key[0] && !strcmp(t->val, "whole"))
            c->fs->follow = 0;
        else if (!strcmp(t->key, "zoom"))
            st = int_field(c, t, 4, 96, &c->fs->zoom);
        else
            st = unknown_key(c, t, "view");
    }
    return st;
}

static delve_status d_record(line_ctx *c)
{
    delve_status st = need_args(c, 1, "every=N");
    for (int i = 1; i < c->n && !st; i++) {
        token *t = &c->tok[i];
        if (!strcmp(t->key, "every"))
            st = int_field(c, t, 1, 1000, &c->fs->record_every);
        else
            st = unknown_key(c, t, "record");
    }
    return st;
}

static delve_status d_sheet(line_ctx *c)
{
    delve_status st = DELVE_OK;
    c->fs->sheet_line = c->line;
    for (int i = 1; i < c->n && !st; i++) {
        token *t = &c->tok[i];
        if (!strcmp(t->key, "columns")) {
            st = int_field(c, t, 1, 48, &c->fs->sheet_columns);
        } else if (!strcmp(t->key, "pick") && !strcmp(t->val, "events")) {
            c->fs->pick = PICK_EVENTS;
        } else if (!strcmp(t->key, "pick") && !strcmp(t->val, "all")) {
            c->fs->pick = PICK_ALL;
        } else if (!strcmp(t->key, "pick") && !strncmp(t->val, "every=", 6)) {
            token n = *t;
            snprintf(n.val, sizeof n.val, "%s", t->val + 6);
            snprintf(n.key, sizeof n.key, "every"); /* its messages name every=, not pick= */
            n.vcol += 6;
            c->fs->pick = PICK_EVERY;
            st = int_field(c, &n, 1, 100000, &c->fs->pick_every);
        } else if (!strcmp(t->key, "pick")) {
            st = delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                               "pick is events, every=N or all, not '%s'", t->val);
        } else {
            st = unknown_key(c, t, "sheet");
        }
    }
    return st;
}

static delve_status push_action(line_ctx *c, const film_action *a)
{
    film_script *fs = c->fs;
    if (fs->action_count >= FILM_MAX_ACTIONS)
        return fail(c, 1, "too many actions in one film", NULL);
    film_action *na = realloc(fs->actions, (size_t)(fs->action_count + 1) * sizeof *na);
    if (!na)
        return delve_fail(c->err, DELVE_ENOMEM, "out of memory");
    fs->actions = na;
    fs->actions[fs->action_count] = *a;
    fs->actions[fs->action_count++].line = c->line;
    return DELVE_OK;
}

static delve_status square_target(line_ctx *c, const token *t, film_action *a)
{
    char buf[FILM_PATH_MAX];
    snprintf(buf, sizeof buf, "%s", t->val);
    int v[3] = { 0, 0, 0 }, n = 0, col = t->vcol;
    for (char *p = buf; n < 3; n++) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        token part = *t;
        snprintf(part.val, sizeof part.val, "%s", p);
        part.vcol = col;
        part.key[0] = '\0'; /* "to=-1" would misquote a part of to=-1,5 */
        delve_status st = int_field(c, &part, n == 2 ? 1 : 0,
                                    n == 2 ? DUNGEON_MAX_FLOORS : FLOOR_MAX_SIDE - 1, &v[n]);
        if (st)
            return st;
        col += (int)strlen(p) + 1;
        if (!comma)
            break;
        if (n == 2)
            return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                                 "a square is X,Y or X,Y,FLOOR, not '%s'", t->val);
        p = comma + 1;
    }
    if (n < 1)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "a square is X,Y or X,Y,FLOOR");
    a->to = TO_SQUARE;
    a->x = v[0];
    a->y = v[1];
    a->floor = n == 2 ? v[2] - 1 : -1;
    return DELVE_OK;
}

static delve_status d_walk(line_ctx *c)
{
    static const char *const NAMES[] = { [TO_PIT] = "pit", [TO_STATION] = "station",
                                         [TO_WAY_DOWN] = "way:down", [TO_WAY_UP] = "way:up",
                                         [TO_GOAL] = "goal" };
    delve_status st = need_args(c, 1, "to=TARGET");
    if (st)
        return st;
    token *t = &c->tok[1];
    const char *meant = !t->key[0] && !strcmp(t->val, "to") && c->n == 3 && !c->tok[2].key[0]
                            ? c->tok[2].val /* walk to pit */
                        : !t->key[0] && c->n == 2 ? t->val /* walk pit */
                                                  : NULL;
    char word[FILM_PATH_MAX];
    if (meant)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->col,
                             "walk takes to=TARGET: did you mean 'walk to=%s'?",
                             escaped(meant, word, sizeof word));
    if (strcmp(t->key, "to") || c->n > 2)
        return unknown_key(c, c->n > 2 && !strcmp(t->key, "to") ? &c->tok[2] : t, "walk");
    film_action a = { .op = OP_WALK, .floor = -1 };
    for (int k = 0; k < TO_SQUARE; k++)
        if (!strcmp(t->val, NAMES[k])) {
            a.to = (walk_target)k;
            return push_action(c, &a);
        }
    if (!isdigit((unsigned char)t->val[0]) &&
        !(t->val[0] == '-' && isdigit((unsigned char)t->val[1]))) { /* -1,5: a square's range */
        const char *near = near_name(t->val, NAMES, TO_SQUARE);
        char hint[48] = "";
        if (near)
            snprintf(hint, sizeof hint, ": did you mean '%s'?", near);
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "unknown walk target '%s' (pit, station, way:down, way:up, "
                             "goal or X,Y[,FLOOR])%s", t->val, hint);
    }
    a.col = t->vcol;
    st = square_target(c, t, &a);
    return st ? st : push_action(c, &a);
}

static delve_status d_use(line_ctx *c)
{
    delve_status st = need_args(c, 1, "'station'");
    if (st)
        return st;
    if (strcmp(c->tok[1].val, "station") || c->tok[1].key[0] || c->n > 2)
        return unknown_key(c, &c->tok[c->n > 2 ? 2 : 1], "use");
    film_action a = { .op = OP_USE };
    return push_action(c, &a);
}

/* The unit at s (ms, s, m, h, d) in ms, *len its letters; 0 when none is there. */
static int64_t unit_ms(const char *s, size_t *len)
{
    static const struct { const char *name; int64_t ms; } UNITS[] = {
        { "ms", 1 }, { "s", 1000 }, { "m", 60000 }, { "h", 3600000 }, { "d", 86400000 },
    };
    for (size_t i = 0; i < sizeof UNITS / sizeof UNITS[0]; i++) {
        *len = strlen(UNITS[i].name);
        if (!strncmp(s, UNITS[i].name, *len) && !isalpha((unsigned char)s[*len]))
            return UNITS[i].ms;
    }
    return 0;
}

/* Durations: 2d, 1h30m, 90s, 1500ms, 2h15m10s; a bare number is seconds; units largest
 * first, each once. At most max_ms, else "WHAT is at most LIMIT" at the value's column. */
static delve_status parse_duration(line_ctx *c, const token *t, int64_t max_ms,
                                   const char *what, const char *limit, int64_t *ms)
{
    const char *s = t->val;
    int64_t total = 0, last = INT64_MAX;
    if (!*s)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "%s: expected a duration such as 2s or 1m30s", what);
    while (*s) {
        size_t n = strspn(s, "0123456789"), ulen = 0;
        int64_t unit = s[n] ? unit_ms(s + n, &ulen) : 1000;
        int col = t->vcol + (int)(s - t->val) + (int)n;
        if (n == 0 || unit == 0)
            return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, col,
                                 "bad duration '%s'%s", t->val,
                                 s[n] == '.' ? " (whole numbers of a unit: 1500ms, not 1.5s)"
                                             : "");
        if (unit >= last)
            return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, col,
                                 "bad duration '%s': its units go largest first, each once "
                                 "(1m30s, not 30s1m)", t->val);
        last = unit;
        int64_t v = 0;
        if (lex_parse_i64(s, n, 0, max_ms, &v, NULL) != LEX_OK || v > (max_ms - total) / unit)
            total = max_ms + 1; /* past the limit on its own */
        else
            total += v * unit;
        s += n + ulen;
    }
    if (total > max_ms)
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "%s is at most %s", what, limit);
    *ms = total;
    return DELVE_OK;
}

static delve_status d_wait(line_ctx *c)
{
    delve_status st = one_value(c, "a duration such as 1h or 30m");
    int64_t ms = 0;
    if (!st)
        st = parse_duration(c, &c->tok[1], FILM_WAIT_MAX_S * 1000, "a wait", "30 days", &ms);
    if (!st && ms % 1000)
        st = delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[1].vcol,
                           "a wait is whole seconds of game time, not '%s'", c->tok[1].val);
    if (!st && ms == 0) /* as a hold of 0 is */
        st = delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[1].vcol,
                           "a wait must be longer than 0");
    film_action a = { .op = OP_WAIT, .seconds = ms / 1000 };
    return st ? st : push_action(c, &a);
}

/* A film-time duration (hold, title, end, over, slow): at most FILM_CUT_MAX_MS. */
static delve_status cut_duration(line_ctx *c, const token *t, const char *what, int64_t *ms)
{
    delve_status st = parse_duration(c, t, FILM_CUT_MAX_MS, what, "10 minutes of film", ms);
    if (!st && *ms == 0)
        st = delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                           "%s must be longer than 0", what);
    return st;
}

/* speed xN: the walks after it keep every Nth walking frame (x1: all). */
static delve_status d_speed(line_ctx *c)
{
    delve_status st = one_value(c, "xN such as x4");
    if (st)
        return st;
    token t = c->tok[1];
    if (t.key[0] || t.val[0] != 'x')
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t.col,
                             "speed is xN with N in 1..%d, not '%s'", FILM_SPEED_MAX, t.val);
    memmove(t.val, t.val + 1, strlen(t.val));
    t.vcol++;
    film_action a = { .op = OP_SPEED };
    st = int_field(c, &t, 1, FILM_SPEED_MAX, &a.n);
    return st ? st : push_action(c, &a);
}

static delve_status d_hold(line_ctx *c)
{
    delve_status st = one_value(c, "a duration such as 2s");
    film_action a = { .op = OP_HOLD };
    if (!st)
        st = cut_duration(c, &c->tok[1], "a hold", &a.ms);
    return st ? st : push_action(c, &a);
}

/* "TEXT" [DURATION] of a title or end card into text and *ms (default 3 s). */
static delve_status card(line_ctx *c, const char *what, char *text, int64_t *ms)
{
    delve_status st = need_args(c, 1, "a text in quotes");
    if (!st && c->n > 3) /* `title Seed 58 2s`: three words or more, the text unquoted */
        st = quote_slip(c, what, 2);
    if (!st)
        st = no_more(c, 2);
    if (!st && c->tok[1].key[0])
        st = unknown_key(c, &c->tok[1], c->tok[0].val);
    if (!st && !c->tok[1].quoted) /* `title Seed 58` would be a 58 s card reading "Seed" */
        st = delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[1].vcol,
                           "%s's text goes in quotes: %s \"%s ...\"", what, c->tok[0].val,
                           c->tok[1].val);
    if (!st)
        st = copy_text(c, &c->tok[1], text, FILM_TEXT_MAX);
    if (!st && !visible(text)) /* a card of nothing: a blank screen for its seconds */
        st = delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[1].vcol,
                           "%s's text has nothing to read (only spaces or invisible "
                           "characters)", what);
    *ms = 3000;
    if (!st && c->n > 2)
        st = cut_duration(c, &c->tok[2], what, ms);
    return st;
}

static delve_status d_title(line_ctx *c)
{
    film_action a = { .op = OP_TITLE };
    delve_status st = card(c, "a title", a.text, &a.ms);
    return st ? st : push_action(c, &a);
}

static delve_status d_end(line_ctx *c)
{
    return card(c, "an end card", c->fs->end_text, &c->fs->end_ms);
}

static delve_status d_fps(line_ctx *c)
{
    delve_status st = one_value(c, "frames a second such as 12");
    return st ? st : int_field(c, &c->tok[1], 1, FILM_FPS_MAX, &c->fs->fps);
}

/* fall slow=DURATION|off side=on|off */
static delve_status d_fall(line_ctx *c)
{
    delve_status st = need_args(c, 1, "slow=DURATION or side=on|off");
    for (int i = 1; i < c->n && !st; i++) {
        token *t = &c->tok[i];
        int64_t ms = 0;
        if (!strcmp(t->key, "slow") && !strcmp(t->val, "off")) {
            c->fs->fall_ms = 0;
        } else if (!strcmp(t->key, "slow")) {
            st = cut_duration(c, t, "a fall", &ms);
            c->fs->fall_ms = (int)ms;
        } else if (!strcmp(t->key, "side") && (!strcmp(t->val, "on") || !strcmp(t->val, "off"))) {
            c->fs->fall_side = !strcmp(t->val, "on");
        } else if (!strcmp(t->key, "side")) {
            st = delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                               "side is on or off, not '%s'", t->val);
        } else {
            st = unknown_key(c, t, "fall");
        }
    }
    return st;
}

/* events hold=DURATION|off: the least film time each event's frame stays on screen. */
static delve_status d_events(line_ctx *c)
{
    delve_status st = need_args(c, 1, "hold=DURATION or hold=off");
    for (int i = 1; i < c->n && !st; i++) {
        token *t = &c->tok[i];
        int64_t ms = 0;
        if (!strcmp(t->key, "hold") && !strcmp(t->val, "off")) {
            c->fs->event_hold_ms = 0;
        } else if (!strcmp(t->key, "hold")) {
            st = cut_duration(c, t, "an event's hold", &ms);
            c->fs->event_hold_ms = (int)ms;
        } else {
            st = unknown_key(c, t, "events");
        }
    }
    return st;
}

/* layout full|compact */
static delve_status d_layout(line_ctx *c)
{
    delve_status st = one_value(c, "full or compact");
    if (st)
        return st;
    const char *v = c->tok[1].val;
    if (!c->tok[1].key[0] && !strcmp(v, "full"))
        c->fs->layout = LAYOUT_FULL;
    else if (!c->tok[1].key[0] && !strcmp(v, "compact"))
        c->fs->layout = LAYOUT_COMPACT;
    else
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[1].col,
                             "layout is full or compact, not '%s'", v);
    c->fs->layout_line = c->line;
    return DELVE_OK;
}

/* camera follow|whole|at X,Y|zoom Z ... [over DURATION]: the words in any order. */
static delve_status d_camera(line_ctx *c)
{
    static const int lo[] = { 0, 0 }, hi[] = { FLOOR_MAX_SIDE - 1, FLOOR_MAX_SIDE - 1 };
    film_action a = { .op = OP_CAMERA, .aim = AIM_KEEP };
    delve_status st = need_args(c, 1, "follow, whole, at X,Y or zoom Z");
    const char *said[3] = { NULL, NULL, NULL }; /* the aim, zoom, over: each once */
    for (int i = 1; i < c->n && !st; i++) {
        token *t = &c->tok[i];
        const char *w = t->key[0] ? "" : t->val;
        int takes = !strcmp(w, "at") || !strcmp(w, "zoom") || !strcmp(w, "over");
        if (takes && i + 1 == c->n)
            return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line,
                                 t->col + (int)strlen(w), "expected a value after '%s'", w);
        const char *word = t->key[0] ? t->key : w;
        int g = !strcmp(word, "zoom") ? 1 : !strcmp(word, "over") ? 2 : 0;
        if (g == 0 && strcmp(word, "follow") && strcmp(word, "whole") && strcmp(word, "at"))
            g = -1; /* unknown: said below */
        if (g >= 0 && said[g])
            return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->col,
                                 "camera: '%s' after '%s': %s", word, said[g],
                                 g ? "each once" : "one of follow, whole or at X,Y");
        if (g >= 0)
            said[g] = word;
        int v[2], n = 0;
        if (!strcmp(w, "follow") || !strcmp(w, "whole")) {
            a.aim = w[0] == 'f' ? AIM_FOLLOW : AIM_WHOLE;
        } else if (!strcmp(w, "at")) {
            st = int_list(c, &c->tok[++i], 2, lo, hi, v, &n);
            if (!st && n != 2)
                st = delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[i].vcol,
                                   "at is a square X,Y, not '%s'", c->tok[i].val);
            a.aim = AIM_AT;
            a.x = v[0];
            a.y = v[1];
            a.col = c->tok[i].vcol;
        } else if (!strcmp(w, "zoom") || !strcmp(t->key, "zoom")) {
            st = int_field(c, &c->tok[w[0] ? ++i : i], 4, 96, &a.n);
        } else if (!strcmp(w, "over")) {
            st = cut_duration(c, &c->tok[++i], "a camera move", &a.ms);
        } else {
            st = unknown_key(c, t, "camera");
        }
    }
    return st ? st : push_action(c, &a);
}

static delve_status d_caption(line_ctx *c)
{
    delve_status st = need_args(c, 1, "a caption in quotes");
    if (!st)
        st = quote_slip(c, "a caption", 1);
    if (!st)
        st = no_more(c, 1);
    film_action a = { .op = OP_CAPTION };
    if (!st)
        st = copy_text(c, &c->tok[1], a.text, sizeof a.text);
    return st ? st : push_action(c, &a);
}

/* save FILE: a path under the film's output folder, never outside it. */
/* v as one name in the film's folder: its "." and empty parts dropped ("./a//b" is
 * "a/b"), into out (cap bytes). d_save refuses ".." before. */
static void in_folder(const char *v, char *out, size_t cap)
{
    size_t k = 0;
    while (*v) {
        size_t n = strcspn(v, "/");
        if (n && !(n == 1 && v[0] == '.')) {
            if (k && k + 1 < cap)
                out[k++] = '/';
            for (size_t i = 0; i < n && k + 1 < cap; i++)
                out[k++] = v[i];
        }
        v += n + (v[n] == '/');
    }
    out[k] = '\0';
}

/* Is part, a name's first len bytes, a file or folder the film writes itself: the
 * frames, events.tsv, the sheet's pages (sheet-1.png ...), the videos and their
 * temporary names, the folder's marker? */
static int film_own(const char *part, size_t len)
{
    static const char *const OWN[] = { "events.tsv",   "sheet.png",     "film.mp4",
                                       "film.gif",     "film.webp",     "film.tmp.mp4",
                                       "film.tmp.gif", "film.tmp.webp", "frames",
                                       ".delve-output" };
    for (size_t i = 0; i < sizeof OWN / sizeof OWN[0]; i++)
        if (strlen(OWN[i]) == len && !strncmp(part, OWN[i], len))
            return 1;
    size_t d = 6; /* "sheet-": then a page number, no leading zero, then ".png" */
    if (len < 11 || strncmp(part, "sheet-", 6) || strncmp(part + len - 4, ".png", 4) ||
        part[6] < '1' || part[6] > '9' || len - 10 > 9)
        return 0;
    while (d < len - 4 && part[d] >= '0' && part[d] <= '9')
        d++;
    return d == len - 4;
}

/* Is name (in_folder's), or a folder it is under, the film's own? */
static int film_own_file(const char *name)
{
    return film_own(name, strcspn(name, "/"));
}

/* Is one of a and b (in_folder's names) the other, or a folder the other is under? */
static int same_or_under(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b), n = na < nb ? na : nb;
    return !strncmp(a, b, n) && (na == nb || (na < nb ? b[n] : a[n]) == '/');
}

static delve_status d_save(line_ctx *c)
{
    delve_status st = need_args(c, 1, "a file name such as after-fall.sav");
    if (!st)
        st = no_more(c, 1);
    if (st)
        return st;
    const token *t = &c->tok[1];
    const char *v = t->val;
    int up = !strcmp(v, "..") || !strncmp(v, "../", 3) || strstr(v, "/../") ||
             (strlen(v) >= 3 && !strcmp(v + strlen(v) - 3, "/.."));
    if (t->key[0] || !v[0] || v[0] == '/' || up || v[strlen(v) - 1] == '/')
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->col,
                             "save FILE: a file name inside the film's folder (no leading /, "
                             "no ..), not '%s%s%s'", t->key, t->key[0] ? "=" : "", v);
    char name[FILM_PATH_MAX], other[FILM_PATH_MAX];
    in_folder(v, name, sizeof name);
    if (!name[0])
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->col,
                             "save FILE: a file name inside the film's folder, not '%s'", v);
    if (film_own_file(name))
        return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                             "save %s: the film writes that file itself; name the save "
                             "something else (after-fall.sav)", v);
    for (int i = 0; i < c->fs->action_count; i++) {
        if (c->fs->actions[i].op != OP_SAVE)
            continue;
        in_folder(c->fs->actions[i].text, other, sizeof other);
        if (same_or_under(other, name))
            return delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, t->vcol,
                                 "save %s: line %d saves %s already", v,
                                 c->fs->actions[i].line,
                                 strcmp(other, name) ? "a file or folder of that name"
                                                     : "there");
    }
    film_action a = { .op = OP_SAVE, .col = t->vcol };
    st = copy_text(c, t, a.text, sizeof a.text);
    return st ? st : push_action(c, &a);
}

typedef delve_status (*directive_fn)(line_ctx *c);

/* name, handler, once (a setting: a second line of it is an error; `view` checks its
 * setting form itself): every directive of spec/films-and-review.md */
static const struct {
    const char *name;
    directive_fn fn;
    int once;
} DIRECTIVES[] = {
    { "film", d_film, 1 },       { "dungeon", d_dungeon, 0 }, { "party", d_party, 0 },
    { "frame", d_frame, 1 },     { "view", d_view, 0 },       { "record", d_record, 1 },
    { "walk", d_walk, 0 },       { "use", d_use, 0 },         { "wait", d_wait, 0 },
    { "caption", d_caption, 0 }, { "sheet", d_sheet, 1 },     { "save", d_save, 0 },
    /* the direction */
    { "speed", d_speed, 0 },     { "hold", d_hold, 0 },       { "title", d_title, 0 },
    { "end", d_end, 1 },         { "fps", d_fps, 1 },         { "fall", d_fall, 1 },
    { "camera", d_camera, 0 },   { "events", d_events, 1 },   { "layout", d_layout, 1 },
};
_Static_assert(sizeof DIRECTIVES / sizeof DIRECTIVES[0] == FILM_DIRECTIVES,
               "FILM_DIRECTIVES counts DIRECTIVES' rows");

static delve_status parse_line(line_ctx *c, lex *x)
{
    delve_status st = tokenize(c, x);
    if (st || c->n == 0)
        return st;
    st = keys_once(c);
    for (int k = 0; !st && k < FILM_DIRECTIVES; k++)
        if (!c->tok[0].key[0] && !strcmp(c->tok[0].val, DIRECTIVES[k].name)) {
            c->k = k;
            st = DIRECTIVES[k].once ? once(c) : DELVE_OK;
            return st ? st : DIRECTIVES[k].fn(c);
        }
    char word[FILM_PATH_MAX], hint[48] = "";
    const char *names[FILM_DIRECTIVES];
    for (int k = 0; k < FILM_DIRECTIVES; k++)
        names[k] = DIRECTIVES[k].name;
    const char *near = c->tok[0].key[0] ? NULL : near_name(c->tok[0].val, names, FILM_DIRECTIVES);
    if (near)
        snprintf(hint, sizeof hint, ": did you mean '%s'?", near);
    return st ? st : delve_fail_at(c->err, DELVE_EINPUT, c->path, c->line, c->tok[0].col,
                                   "unknown directive '%s'%s",
                                   escaped(c->tok[0].val, word, sizeof word), hint);
}

static void set_defaults(film_script *fs, const char *path)
{
    memset(fs, 0, sizeof *fs);
    snprintf(fs->path, sizeof fs->path, "%s", path);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n > 5 && !strcmp(base + n - 5, ".film"))
        n -= 5;
    snprintf(fs->name, sizeof fs->name, "%.*s", (int)n, base);
    if (!fs->name[0])
        snprintf(fs->name, sizeof fs->name, "film");
    snprintf(fs->title, sizeof fs->title, "%.*s", (int)sizeof fs->title - 1, fs->name);
    fs->gen = gen_defaults(1);
    fs->frame_w = 1280;
    fs->frame_h = 720;
    fs->zoom = 24;
    fs->follow = 1;
    fs->record_every = 2;
    fs->sheet_columns = 6;
    fs->pick = PICK_EVENTS;
    fs->fps = FILM_FPS;
    fs->fall_ms = FILM_FALL_MS;
    fs->fall_side = 1;
    fs->event_hold_ms = FILM_EVENT_HOLD_MS;
    fs->start_floor = fs->start_x = fs->start_y = -1;
}

int film_compact(const film_script *fs)
{
    return fs->layout == LAYOUT_COMPACT ||
           (fs->layout == LAYOUT_AUTO &&
            (fs->frame_w < FILM_MIN_FRAME_W || fs->frame_h < FILM_MIN_FRAME_H));
}

/* The HUD panel takes 320 px and holds six members in 540: a smaller frame is drawn
 * compact, and `layout full` on one is an error at the layout line. */
static delve_status check_layout(const film_script *fs, delve_err *err)
{
    if (fs->layout != LAYOUT_FULL || (fs->frame_w >= FILM_MIN_FRAME_W &&
                                      fs->frame_h >= FILM_MIN_FRAME_H))
        return DELVE_OK;
    return delve_fail_at(err, DELVE_EINPUT, fs->path, fs->layout_line, 1,
                         "layout full needs a frame of %d x %d or more (the HUD panel), not "
                         "%d x %d: leave it out, or write layout compact", FILM_MIN_FRAME_W,
                         FILM_MIN_FRAME_H, fs->frame_w, fs->frame_h);
}

/* The contact sheet must fit SHEET_MAX_SIDE across: say so now, not after recording. */
static delve_status check_sheet_width(const film_script *fs, delve_err *err)
{
    long w = SHEET_GUTTER + (long)fs->sheet_columns * (fs->frame_w / 4 + SHEET_GUTTER);
    if (w <= SHEET_MAX_SIDE)
        return DELVE_OK;
    int line = fs->sheet_line ? fs->sheet_line : fs->frame_line;
    return delve_fail_at(err, DELVE_EINPUT, fs->path, line, 1,
                         "a sheet of %d columns of %d px thumbnails is %ld px wide (at most "
                         "%d): use fewer columns or a smaller frame", fs->sheet_columns,
                         fs->frame_w / 4, w, SHEET_MAX_SIDE);
}

delve_status film_parse(const char *path, const char *text, film_script *out,
                        delve_err *err)
{
    set_defaults(out, path);
    line_ctx c = { .path = path, .fs = out, .err = err };
    lex x;
    lex_init(&x, path, text, err);
    x.hash_comments = 1;
    while (lex_next(&x)) {
        c.line = x.line;
        delve_status st = lex_limit(&x, FILM_MAX_LINE);
        if (!st)
            st = parse_line(&c, &x);
        if (st)
            return st;
    }
    if (out->party.count == 0)
        film_default_party(&out->party);
    delve_status st = check_layout(out, err);
    return st ? st : check_sheet_width(out, err);
}

delve_status film_load(const char *path, film_script *out, delve_err *err)
{
    char *text;
    memset(out, 0, sizeof *out);
    delve_status st = lex_read_file(path, FILM_MAX_BYTES, ".film script", &text, err);
    if (st)
        return st;
    st = film_parse(path, text, out, err);
    free(text);
    return st;
}

void film_free(film_script *fs)
{
    free(fs->actions);
    fs->actions = NULL;
    fs->action_count = 0;
}

int film_pick_wants(sheet_pick pick, int every, int frame_no, int is_event)
{
    if (pick == PICK_ALL)
        return 1;
    if (pick == PICK_EVERY)
        return is_event || (every > 0 && frame_no % every == 0);
    return is_event;
}

int film_frames_of(int64_t ms, int fps)
{
    if (ms <= 0)
        return 0;
    int64_t n = (ms * fps + 500) / 1000;
    return n < 1 ? 1 : (int)n;
}

char *film_frames_text(int frames, int fps, char *buf, size_t cap)
{
    int64_t ms = ((int64_t)frames * 1000 + fps - 1) / (fps > 0 ? fps : 1);
    if (ms % 1000 == 0)
        snprintf(buf, cap, "%llds", (long long)(ms / 1000));
    else
        snprintf(buf, cap, "%lldms", (long long)ms);
    return buf;
}

void film_default_party(party *p)
{
    memset(p, 0, sizeof *p);
    party_add(p, "Ash", 30, 12, 15, NULL);
    party_add(p, "Bryn", 24, 20, 5, NULL);
    party_add(p, "Cato", 36, 6, 25, NULL);
}

const char *film_data_dir(void)
{
    static char beside[4096]; /* set once, on the first call (the main thread's) */
    if (access(DELVE_DATA_DIR "/" FILM_DEFAULT_SCRIPT, R_OK) == 0)
        return DELVE_DATA_DIR;
    /* installed under another prefix (cmake --install --prefix, a .deb unpacked
       elsewhere): PREFIX/bin/delve beside PREFIX/share/delve */
    ssize_t n = readlink("/proc/self/exe", beside, sizeof beside - 32);
    if (n > 0) {
        beside[n] = '\0';
        char *slash = strrchr(beside, '/');
        if (slash && slash > beside) {
            *slash = '\0';
            slash = strrchr(beside, '/');
        }
        if (slash) {
            snprintf(slash, sizeof beside - (size_t)(slash - beside), "/share/delve");
            char probe[4200];
            snprintf(probe, sizeof probe, "%s/" FILM_DEFAULT_SCRIPT, beside);
            if (access(probe, R_OK) == 0)
                return beside;
        }
    }
    return DELVE_SOURCE_DIR;
}

const char *film_default_script(void)
{
    static char path[4200];
    if (access(FILM_DEFAULT_SCRIPT, R_OK) == 0) /* a checkout: its own films first */
        return FILM_DEFAULT_SCRIPT;
    snprintf(path, sizeof path, "%s/" FILM_DEFAULT_SCRIPT, film_data_dir());
    return path;
}
