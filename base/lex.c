/* lex: the line reader of delve's text formats (see lex.h). */
#include "base/lex.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fsio.h"

#define BOM "\xEF\xBB\xBF" /* a UTF-8 byte order mark, which some editors write */

void lex_init(lex *x, const char *path, const char *text, delve_err *err)
{
    if (!strncmp(text, BOM, 3))
        text += 3;
    *x = (lex){ .path = path, .err = err, .ls = text, .le = text, .p = text, .next = text };
}

int lex_next(lex *x)
{
    const char *s = x->next;
    if (!*s)
        return 0;
    const char *e = s + strcspn(s, "\n");
    x->line++;
    x->ls = x->p = s;
    x->le = e > s && e[-1] == '\r' ? e - 1 : e;
    x->next = *e ? e + 1 : e;
    return 1;
}

int lex_col(const lex *x, const char *at)
{
    return (int)(at - x->ls) + 1;
}

delve_status lex_fail(const lex *x, const char *at, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return delve_fail_at(x->err, DELVE_EINPUT, x->path, x->line, lex_col(x, at), "%s", msg);
}

static int is_space(char c);

delve_status lex_limit(const lex *x, size_t max_bytes)
{
    /* a file of bare CRs (old Mac line ends) is one line: say why, not "unexpected ..." */
    const char *cr = x->line == 1 && !*x->next ? memchr(x->ls, '\r', (size_t)(x->le - x->ls))
                                                : NULL;
    while (cr && cr + 1 < x->le && is_space(cr[1]))
        cr = memchr(cr + 1, '\r', (size_t)(x->le - cr - 1));
    if (cr && cr + 1 < x->le)
        return lex_fail(x, cr, "a line ends in a bare carriage return (old Mac line ends): "
                               "save the file with LF or CRLF line ends");
    if ((size_t)(x->le - x->ls) <= max_bytes)
        return DELVE_OK;
    return lex_fail(x, x->ls + max_bytes, "line longer than %zu bytes", max_bytes);
}

delve_status lex_text_only(const lex *x, const char *kind)
{
    for (const char *c = x->ls; c < x->le; c++) {
        unsigned char b = (unsigned char)*c, n = c + 1 < x->le ? (unsigned char)c[1] : 0;
        if ((b < 32 && b != '\t') || b == 0x7f)
            return lex_fail(x, c, "control byte 0x%02x: a %s is text", b, kind);
        if (b == 0xc2 && n >= 0x80 && n < 0xa0) /* C1, U+0080-U+009F: ESC's 8-bit kin */
            return lex_fail(x, c, "control character U+%04X: a %s is text", n, kind);
    }
    return DELVE_OK;
}

/* ---- spaces, words, keywords ---- */

/* A space between words: ' ', a tab, or a stray CR (an editor's, mid-line). */
static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

void lex_skip_space(lex *x)
{
    while (x->p < x->le && is_space(*x->p))
        x->p++;
}

int lex_blank(lex *x)
{
    lex_skip_space(x);
    return x->p == x->le || *x->p == '#';
}

int lex_at_gap(const lex *x)
{
    return x->p == x->le || is_space(*x->p) || (x->hash_comments && *x->p == '#');
}

int lex_at_end(lex *x)
{
    lex_skip_space(x);
    return x->p == x->le || (x->hash_comments && *x->p == '#');
}

delve_status lex_end(lex *x)
{
    return lex_at_end(x) ? DELVE_OK : lex_fail(x, x->p, "unexpected text at the end of the line");
}

/* The end of the word at the cursor. */
static const char *word_end(const lex *x)
{
    lex y = *x;
    while (!lex_at_gap(&y))
        y.p++;
    return y.p;
}

const char *lex_token(lex *x, size_t *n)
{
    lex_skip_space(x);
    const char *at = x->p;
    x->p = word_end(x);
    *n = (size_t)(x->p - at);
    return at;
}

const char *lex_word(lex *x, char *out, size_t cap, const char *expected)
{
    size_t n = 0;
    const char *at = lex_token(x, &n);
    if (n == 0 || n >= cap) {
        x->p = at;
        if (n == 0)
            lex_fail(x, at, "expected %s", expected);
        else
            lex_fail(x, at, "'%.*s' is too long for %s", (int)(n > 40 ? 40 : n), at, expected);
        return NULL;
    }
    memcpy(out, at, n);
    out[n] = '\0';
    return at;
}

int lex_keyword(lex *x, const char *kw)
{
    lex_skip_space(x);
    size_t n = strlen(kw);
    if ((size_t)(word_end(x) - x->p) != n || strncmp(x->p, kw, n))
        return 0;
    x->p += n;
    return 1;
}

delve_status lex_expect(lex *x, const char *kw)
{
    return lex_keyword(x, kw) ? DELVE_OK : lex_fail(x, x->p, "expected '%s'", kw);
}

/* ---- integers ---- */

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The digits from s[*i] (at least one) as a magnitude; *over when past 64 bits. */
static uint64_t digits(const char *s, size_t n, size_t *i, int *over)
{
    uint64_t v = 0;
    *over = 0;
    for (; *i < n && is_digit(s[*i]); (*i)++) {
        unsigned d = (unsigned)(s[*i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            *over = 1;
        else
            v = v * 10 + d;
    }
    return v;
}

lex_fault lex_parse_i64(const char *s, size_t n, int64_t lo, int64_t hi, int64_t *out,
                        size_t *stop)
{
    size_t i = n && s[0] == '-', at = 0;
    int neg = (int)i, over = 0;
    lex_fault f = i < n && is_digit(s[i]) ? LEX_OK : LEX_NOT_NUMBER;
    uint64_t mag = f ? 0 : digits(s, n, &i, &over);
    int64_t v = 0;
    if (!f && i < n)
        f = LEX_JUNK, at = i;
    else if (!f && (over || (neg && lo >= 0) || mag > (uint64_t)INT64_MAX + (uint64_t)neg))
        f = LEX_RANGE;
    else if (!f)
        v = !neg ? (int64_t)mag : mag > (uint64_t)INT64_MAX ? INT64_MIN : -(int64_t)mag;
    if (!f && (v < lo || v > hi))
        f = LEX_RANGE;
    if (!f)
        *out = v, at = n;
    if (stop)
        *stop = at;
    return f;
}

lex_fault lex_parse_int(const char *s, size_t n, int lo, int hi, int *out, size_t *stop)
{
    int64_t v = 0;
    lex_fault f = lex_parse_i64(s, n, lo, hi, &v, stop);
    if (!f)
        *out = (int)v;
    return f;
}

lex_fault lex_parse_u64(const char *s, size_t n, uint64_t hi, uint64_t *out, size_t *stop)
{
    size_t i = 0, at = 0;
    int over = 0;
    lex_fault f = n && is_digit(s[0]) ? LEX_OK : LEX_NOT_NUMBER;
    uint64_t v = f ? 0 : digits(s, n, &i, &over);
    if (!f && i < n)
        f = LEX_JUNK, at = i;
    else if (!f && (over || v > hi))
        f = LEX_RANGE;
    if (!f)
        *out = v, at = n;
    if (stop)
        *stop = at;
    return f;
}

/* After spaces, the bytes of the number at the cursor: up to a space, a tab, the line's
 * end or stop. */
static size_t number_len(lex *x, char stop)
{
    lex_skip_space(x);
    const char *end = x->p;
    while (end < x->le && !is_space(*end) && *end != stop)
        end++;
    return (size_t)(end - x->p);
}

/* What a strict parse f of the n bytes at the cursor gives but LEX_RANGE (its caller
 * names the range): past them on LEX_OK, else the message naming what. */
static delve_status number_done(lex *x, lex_fault f, size_t n, size_t bad, const char *what)
{
    if (f == LEX_OK) {
        x->p += n;
        return DELVE_OK;
    }
    if (f == LEX_JUNK)
        return lex_fail(x, x->p + bad, "unexpected '%c' in %s", x->p[bad], what);
    return lex_fail(x, x->p, "expected %s (a number)", what);
}

/* At most this many bytes of a number out of range are quoted. */
#define LEX_QUOTED_NUMBER 24

delve_status lex_i64(lex *x, int64_t lo, int64_t hi, char stop, int64_t *out,
                     const char *what)
{
    size_t n = number_len(x, stop), bad = 0;
    lex_fault f = lex_parse_i64(x->p, n, lo, hi, out, &bad);
    if (f != LEX_RANGE)
        return number_done(x, f, n, bad, what);
    return lex_fail(x, x->p, "%s %.*s is outside %" PRId64 "..%" PRId64, what,
                    (int)(n > LEX_QUOTED_NUMBER ? LEX_QUOTED_NUMBER : n), x->p, lo, hi);
}

delve_status lex_int(lex *x, int lo, int hi, int *out, const char *what)
{
    int64_t v = 0;
    delve_status st = lex_i64(x, lo, hi, ' ', &v, what);
    if (!st)
        *out = (int)v;
    return st;
}

delve_status lex_u64(lex *x, uint64_t hi, char stop, uint64_t *out, const char *what)
{
    size_t n = number_len(x, stop), bad = 0;
    lex_fault f = lex_parse_u64(x->p, n, hi, out, &bad);
    if (f != LEX_RANGE)
        return number_done(x, f, n, bad, what);
    return lex_fail(x, x->p, "%s %.*s is outside 0..%" PRIu64, what,
                    (int)(n > LEX_QUOTED_NUMBER ? LEX_QUOTED_NUMBER : n), x->p, hi);
}

delve_status lex_char(lex *x, char c)
{
    if (x->p < x->le && *x->p == c) {
        x->p++;
        return DELVE_OK;
    }
    if (c == '\t')
        return lex_fail(x, x->p, "expected a tab");
    return lex_fail(x, x->p, "expected '%c'", c);
}

/* ---- key=value, quoted strings, fields ---- */

static int is_key_char(char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
           c == '-';
}

int lex_key(lex *x, char *key, size_t cap)
{
    const char *e = x->p;
    while (e < x->le && is_key_char(*e))
        e++;
    size_t n = (size_t)(e - x->p);
    key[0] = '\0';
    if (e == x->le || *e != '=' || n == 0 || n >= cap)
        return 0;
    memcpy(key, x->p, n);
    key[n] = '\0';
    x->p = e + 1;
    return 1;
}

/* ---- UTF-8 ---- */

/* What is wrong with a byte sequence that is not UTF-8 (RFC 3629 section 3). */
typedef enum utf8_fault {
    UTF8_OK,
    UTF8_STRAY,      /* a continuation byte (0x80..0xBF) with no lead byte */
    UTF8_NEVER,      /* 0xF8..0xFF */
    UTF8_SHORT,      /* a lead byte without all its continuation bytes */
    UTF8_OVERLONG,   /* a code point in more bytes than it needs (0xC0 0xAF for '/') */
    UTF8_SURROGATE,  /* U+D800..U+DFFF, UTF-16's halves */
    UTF8_PAST,       /* past U+10FFFF */
    UTF8_FAULT_COUNT
} utf8_fault;

static const char *const UTF8_WHY[UTF8_FAULT_COUNT] = {
    [UTF8_OK] = "",
    [UTF8_STRAY] = "continues a sequence that never started",
    [UTF8_NEVER] = "never appears in UTF-8",
    [UTF8_SHORT] = "starts a sequence that is cut short",
    [UTF8_OVERLONG] = "is an overlong form",
    [UTF8_SURROGATE] = "is a surrogate (U+D800..U+DFFF)",
    [UTF8_PAST] = "is past U+10FFFF",
};

/* The smallest code point of a sequence of n bytes: below it, an overlong form. */
static const uint32_t UTF8_MIN[5] = { 0, 0, 0x80, 0x800, 0x10000 };

/* The sequence at s (before end): *n its length by its lead byte (1 to 4; 1 for a byte
 * that cannot lead), and whether it is UTF-8. */
static utf8_fault utf8_seq(const unsigned char *s, const unsigned char *end, int *n)
{
    *n = s[0] < 0xC0 ? 1 : s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : s[0] < 0xF8 ? 4 : 1;
    if (s[0] < 0x80)
        return UTF8_OK;
    if (s[0] < 0xC0)
        return UTF8_STRAY;
    if (s[0] >= 0xF8)
        return UTF8_NEVER;
    uint32_t cp = s[0] & (0x7Fu >> *n);
    for (int i = 1; i < *n; i++) {
        if (s + i >= end || (s[i] & 0xC0) != 0x80)
            return UTF8_SHORT;
        cp = cp << 6 | (s[i] & 0x3Fu);
    }
    if (cp < UTF8_MIN[*n])
        return UTF8_OVERLONG;
    if (cp >= 0xD800 && cp <= 0xDFFF)
        return UTF8_SURROGATE;
    return cp > 0x10FFFF ? UTF8_PAST : UTF8_OK;
}

/* The length of the UTF-8 character at `at` (before end); else 0 and in *st DELVE_EINPUT
 * "not UTF-8: 0xNN ... WHY" at its first byte (films/README.md: a script's text is UTF-8). */
static int utf8_char(const lex *x, const char *at, const char *end, delve_status *st)
{
    const unsigned char *s = (const unsigned char *)at;
    int n = 1;
    utf8_fault f = utf8_seq(s, (const unsigned char *)end, &n);
    if (f == UTF8_OK)
        return n;
    int shown = f >= UTF8_OVERLONG ? n : 1; /* the whole sequence when it is all there */
    char bytes[24] = "";
    for (int i = 0, len = 0; i < shown; i++)
        len += snprintf(bytes + len, sizeof bytes - (size_t)len, "%s0x%02x", i ? " " : "", s[i]);
    *st = lex_fail(x, at, "not UTF-8: %s %s", bytes, UTF8_WHY[f]);
    return 0;
}

int lex_control_len(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] < 0x20 || u[0] == 0x7f)
        return 1;
    if (u[0] == 0xc2)
        return u[1] >= 0x80 && u[1] < 0xa0 ? 2 : 0;
    /* the bidirectional embeddings, overrides and isolates (U+202A..U+202E,
       U+2066..U+2069): they reorder the text after them, in a caption and in events.tsv */
    int bidi = u[0] == 0xe2 && ((u[1] == 0x80 && u[2] >= 0xaa && u[2] <= 0xae) ||
                                (u[1] == 0x81 && u[2] >= 0xa6 && u[2] <= 0xa9));
    return bidi ? 3 : 0;
}

const char *lex_control_why(int len)
{
    return len == 3 ? "bidirectional control character (U+202A..U+202E, U+2066..U+2069) in "
                      "text: it reorders what follows it"
           : len == 2 ? "control character (U+0080..U+009F) in text"
                      : "control character (such as a tab) in text";
}

/* A "quoted string" at the cursor (on its opening quote). */
static delve_status quoted(lex *x, char *out, size_t cap)
{
    const char *at = x->p++;
    size_t n = 0;
    for (; x->p < x->le && *x->p != '"'; x->p++) {
        char ch = *x->p;
        if (ch == '\\' && (x->p + 1 == x->le || (x->p[1] != '"' && x->p[1] != '\\')))
            return lex_fail(x, x->p, "unknown escape: inside quotes only \\\" and \\\\ are "
                            "escapes");
        if (ch == '\\')
            ch = *++x->p;
        int control = lex_control_len(x->p);
        if (control)
            return lex_fail(x, x->p, "%s", lex_control_why(control));
        delve_status st = DELVE_OK;
        int len = utf8_char(x, x->p, x->le, &st);
        if (!len)
            return st;
        if (n + (size_t)len >= cap)
            return lex_fail(x, at, "value too long");
        memcpy(out + n, x->p, (size_t)len);
        n += (size_t)len;
        x->p += len - 1;
    }
    out[n] = '\0';
    if (x->p == x->le)
        return lex_fail(x, at, "unterminated string");
    x->p++;
    return DELVE_OK;
}

delve_status lex_value(lex *x, char *out, size_t cap)
{
    if (x->p < x->le && *x->p == '"')
        return quoted(x, out, cap);
    const char *at = x->p, *end = word_end(x);
    for (const char *c = at; c < end;) {
        delve_status st = DELVE_OK;
        int len = utf8_char(x, c, end, &st);
        if (!len)
            return st;
        c += len;
    }
    if ((size_t)(end - at) >= cap)
        return lex_fail(x, at, "value too long");
    memcpy(out, at, (size_t)(end - at));
    out[end - at] = '\0';
    x->p = end;
    return DELVE_OK;
}

const char *lex_field(lex *x, char sep, size_t *n, int *last)
{
    const char *at = x->p, *e = at;
    while (e < x->le && *e != sep)
        e++;
    *n = (size_t)(e - at);
    *last = e == x->le;
    x->p = *last ? e : e + 1;
    return at;
}

/* ---- files ---- */

delve_status lex_read_file(const char *path, size_t max_bytes, const char *kind, char **text,
                           delve_err *err)
{
    size_t len = 0;
    *text = NULL;
    delve_status st = fsio_read_all(path, max_bytes, text, &len, err);
    if (st || strlen(*text) == len)
        return st;
    const char *s = *text + (strncmp(*text, BOM, 3) ? 0 : 3), *ls = s;
    int line = 1;
    for (; *s; s++)
        if (*s == '\n')
            line++, ls = s + 1;
    free(*text);
    *text = NULL;
    return delve_fail_at(err, DELVE_EINPUT, path, line, (int)(s - ls) + 1,
                         "NUL byte: a %s is text", kind);
}

int lex_pair(const char *s, char sep, int lo_a, int hi_a, int lo_b, int hi_b, int *a, int *b)
{
    const char *at = strchr(s, sep);
    return at && lex_parse_int(s, (size_t)(at - s), lo_a, hi_a, a, NULL) == LEX_OK &&
           lex_parse_int(at + 1, strlen(at + 1), lo_b, hi_b, b, NULL) == LEX_OK;
}
