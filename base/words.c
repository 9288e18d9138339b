/* words: command templates split with a shell's quoting, placeholders filled
 * (docs/generators.md "The command"). */
#include "base/words.h"

#include <string.h>

#define WORDS_OPERATORS "|&;<>()$`" /* what only a shell reads, outside quotes */

/* The growing output: bytes in buf up to cap, len so far. */
typedef struct out {
    char *buf;
    size_t len, cap;
} out;

static delve_status put(out *o, const char *s, size_t n, delve_err *err)
{
    if (o->len + n + 1 > o->cap)
        return delve_fail(err, DELVE_ELIMIT, "the command is longer than %zu bytes filled",
                          o->cap - 1);
    memcpy(o->buf + o->len, s, n);
    o->len += n;
    o->buf[o->len] = '\0';
    return DELVE_OK;
}

/* The placeholder or escaped brace at s + *i (a '{' or '}'): its text into *val, *len,
 * *i past it. */
static delve_status brace(const char *s, size_t *i, const words_var *vars, int n,
                          const char **val, size_t *len, delve_err *err)
{
    size_t at = *i;
    if (s[at] == s[at + 1]) { /* {{ or }} */
        *val = s + at, *len = 1, *i = at + 2;
        return DELVE_OK;
    }
    if (s[at] == '}')
        return delve_fail(err, DELVE_EINPUT, "column %zu: a lone '}' (write }} for one)",
                          at + 1);
    size_t end = at + 1 + strcspn(s + at + 1, "{} \t'\"");
    if (s[end] != '}')
        return delve_fail(err, DELVE_EINPUT, "column %zu: '{' without its '}' (write {{ "
                          "for one)", at + 1);
    for (int k = 0; k < n; k++)
        if (strlen(vars[k].name) == end - at - 1 &&
            !strncmp(vars[k].name, s + at + 1, end - at - 1)) {
            *val = vars[k].value, *len = strlen(vars[k].value), *i = end + 1;
            return DELVE_OK;
        }
    return delve_fail(err, DELVE_EINPUT, "column %zu: unknown placeholder {%.*s}", at + 1,
                      (int)(end - at - 1 > 40 ? 40 : end - at - 1), s + at + 1);
}

/* Ends the word begun at start (in o) when one is open. */
static delve_status end_word(words *w, out *o, size_t *start, int *open, delve_err *err)
{
    if (!*open)
        return DELVE_OK;
    if (w->argc == WORDS_MAX)
        return delve_fail(err, DELVE_ELIMIT, "more than %d words", WORDS_MAX);
    w->argv[w->argc++] = o->buf + *start;
    *open = 0;
    delve_status st = put(o, "", 0, err);
    o->len += !st; /* the NUL stays: the next word starts past it */
    *start = o->len;
    return st;
}

/* One character at s + *i, in quote q (0, '\'' or '"'), into o; *i past what it read. */
static delve_status one(const char *s, size_t *i, char *q, const words_var *vars, int n,
                        out *o, delve_err *err)
{
    char c = s[*i], next = s[*i + 1];
    const char *val = s + *i;
    size_t len = 1;
    if (q[0] == '\'' && c != '{' && c != '}') {
        if (c == '\'')
            q[0] = 0, len = 0;
        (*i)++;
    } else if (c == '{' || c == '}') {
        delve_status st = brace(s, i, vars, n, &val, &len, err);
        if (st)
            return st;
    } else if (c == '\\' && next && (!q[0] || next == '"' || next == '\\')) {
        val++, *i += 2;
    } else if (!q[0] && (c == '\'' || c == '"')) {
        q[0] = c, len = 0, (*i)++;
    } else if (q[0] && c == q[0]) {
        q[0] = 0, len = 0, (*i)++;
    } else if (!q[0] && strchr(WORDS_OPERATORS, c)) {
        return delve_fail(err, DELVE_EINPUT, "column %zu: '%c' is for a shell, which runs "
                          "no generator unless asked (--generator-shell), or quote it",
                          *i + 1, c);
    } else {
        (*i)++;
    }
    return put(o, val, len, err);
}

delve_status words_split(const char *s, const words_var *vars, int n, words *w,
                         delve_err *err)
{
    out o = { w->buf, 0, sizeof w->buf };
    size_t start = 0, i = 0, qat = 0;
    char q[1] = { 0 };
    int open = 0;
    delve_status st = DELVE_OK;
    w->argc = 0;
    w->buf[0] = '\0';
    while (!st && s[i]) {
        unsigned char c = (unsigned char)s[i];
        if (c < 32 && c != '\t')
            return delve_fail(err, DELVE_EINPUT, "column %zu: a control byte", i + 1);
        if (!q[0] && (c == ' ' || c == '\t')) {
            st = end_word(w, &o, &start, &open, err);
            i++;
            continue;
        }
        open = 1;
        size_t at = i;
        char was = q[0];
        st = one(s, &i, q, vars, n, &o, err);
        if (!was && q[0])
            qat = at; /* where an unclosed quote is said: where it opens */
    }
    if (!st && q[0])
        return delve_fail(err, DELVE_EINPUT, "column %zu: this %s quote is not closed", qat + 1,
                          q[0] == '\'' ? "single" : "double");
    if (!st)
        st = end_word(w, &o, &start, &open, err);
    if (!st && !w->argc)
        return delve_fail(err, DELVE_EINPUT, "no command: the template is empty");
    w->argv[w->argc] = NULL;
    return st;
}

int words_has(const char *s, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strchr(s, '{'); p; p = strchr(p, '{')) {
        if (p[1] == '{') {
            p += 2;
            continue;
        }
        if (!strncmp(p + 1, name, n) && p[1 + n] == '}')
            return 1;
        p++;
    }
    return 0;
}

delve_status words_shell_fill(const char *s, const words_var *vars, int n, char *buf,
                              size_t cap, delve_err *err)
{
    out o = { buf, 0, cap };
    delve_status st = put(&o, "", 0, err);
    for (size_t i = 0; !st && s[i];) {
        unsigned char c = (unsigned char)s[i];
        if (c < 32 && c != '\t')
            return delve_fail(err, DELVE_EINPUT, "column %zu: a control byte", i + 1);
        const char *val = s + i;
        size_t len = 1;
        if (c != '{' && c != '}') {
            st = put(&o, val, len, err);
            i++;
            continue;
        }
        size_t at = i;
        st = brace(s, &i, vars, n, &val, &len, err);
        if (st || i == at + 2) { /* an escaped brace: as it is */
            st = st ? st : put(&o, val, len, err);
            continue;
        }
        st = put(&o, "'", 1, err);
        for (size_t k = 0; !st && k < len; k++)
            st = val[k] == '\'' ? put(&o, "'\\''", 4, err) : put(&o, val + k, 1, err);
        st = st ? st : put(&o, "'", 1, err);
    }
    return st;
}
