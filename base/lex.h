/* lex: the one line reader of delve's text formats (.dun, .sav, .film, .room and a
 * film's events.tsv): a cursor over NUL-terminated text that knows its path, line and
 * column; words, strict integers, key=value pairs, quoted strings, `#` comments, LF or
 * CRLF line ends, a UTF-8 byte order mark skipped at the start; every error is
 * "path:line:col: message" in a delve_err (docs/architecture.md: text formats). libc (and fsio). */
#ifndef DELVE_BASE_LEX_H
#define DELVE_BASE_LEX_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"

typedef struct lex {
    const char *path;      /* names the text in messages */
    delve_err *err;        /* filled by every call that fails (may be NULL) */
    int line;              /* 1-based number of the current line; 0 before the first */
    const char *ls, *le;   /* the current line: its first byte, and its end (the '\r' of
                              a CRLF, the '\n', or the NUL) */
    const char *p;         /* the cursor, ls <= p <= le */
    const char *next;      /* the first byte of the line after the current one */
    int hash_comments;     /* 1: `#` outside quotes ends a line's words anywhere (.film);
                              0 (lex_init): only a line whose first non-blank byte is `#`
                              is a comment (lex_blank) */
} lex;

/* Puts x before the first line of text (NUL-terminated; a UTF-8 byte order mark at its
 * start is skipped), path naming it in messages; err (may be NULL) gets the messages. */
void lex_init(lex *x, const char *path, const char *text, delve_err *err);

/* Moves to the next line (the cursor at its start) and returns 1; 0 when the text has
 * no more lines (x->line then stays the last line's number). */
int lex_next(lex *x);

/* The 1-based column of at, a byte of the current line (or its end). */
int lex_col(const lex *x, const char *at);

/* DELVE_EINPUT with "path:line:col: message", col the column of at. */
delve_status lex_fail(const lex *x, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* DELVE_EINPUT "line longer than MAX bytes" at column max_bytes + 1 when the current
 * line (without its end) is longer than max_bytes. */
delve_status lex_limit(const lex *x, size_t max_bytes);

/* DELVE_EINPUT "control byte 0xNN: a KIND is text" at the first byte below 32 other
 * than a tab, or DEL, in the current line (kind: ".dun file"); "control character
 * U+0080..U+009F" at a C1 control written in UTF-8 (a terminal acts on them too). */
delve_status lex_text_only(const lex *x, const char *kind);

/* Skips spaces, tabs and stray CRs (a format that refuses control bytes, as .dun does,
 * checks with lex_text_only first). */
void lex_skip_space(lex *x);
/* After spaces: 1 when the rest of the line is empty or a `#` comment. */
int lex_blank(lex *x);
/* After spaces: 1 at the end of the line's words (its end, or `#` with hash_comments). */
int lex_at_end(lex *x);
/* 1 when the cursor is at a space, a tab, the line's end or (hash_comments) a `#`:
 * where one word may end and the next begin. */
int lex_at_gap(const lex *x);
/* lex_at_end, else DELVE_EINPUT "unexpected text at the end of the line" there. */
delve_status lex_end(lex *x);

/* After spaces, the word at the cursor (up to a space, a tab, a CR, the line's end, or `#`
 * with hash_comments), not copied: its first byte, its length in *n (0 at the end of
 * the line's words); the cursor moves past it. */
const char *lex_token(lex *x, size_t *n);
/* After spaces, the next word (up to a space, a tab, the line's end, or `#` with
 * hash_comments) into out (cap bytes with the NUL); returns its first byte, or NULL
 * with an error ("expected EXPECTED" at the end of the line, "'...' is too long for
 * EXPECTED" when it does not fit). */
const char *lex_word(lex *x, char *out, size_t cap, const char *expected);
/* After spaces, an optional keyword: 1 and past it when the next word is exactly kw. */
int lex_keyword(lex *x, const char *kw);
/* A required keyword: DELVE_EINPUT "expected 'KW'" at the cursor when it is not there. */
delve_status lex_expect(lex *x, const char *kw);

/* A strict integer's fault. */
typedef enum lex_fault {
    LEX_OK = 0,
    LEX_NOT_NUMBER,  /* no digit where the number starts (a '+', a word, nothing) */
    LEX_JUNK,        /* a byte after the digits that is not the end of the text */
    LEX_RANGE,       /* outside lo..hi: too large for 64 bits, or a '-' when lo >= 0 */
    LEX_FAULT_COUNT
} lex_fault;

/* The n bytes at s as a decimal integer in lo..hi: digits, with one leading '-' only
 * when lo < 0 (a '-' before digits when lo >= 0 is LEX_RANGE, "-0" included); leading
 * zeros are fine; no '+', no spaces, nothing after the digits. *out is set on LEX_OK;
 * *stop (may be NULL) is the offset where the fault is (0 for LEX_NOT_NUMBER and
 * LEX_RANGE, the first junk byte for LEX_JUNK), n on LEX_OK. */
lex_fault lex_parse_i64(const char *s, size_t n, int64_t lo, int64_t hi, int64_t *out,
                        size_t *stop);
/* As lex_parse_i64 for int. */
lex_fault lex_parse_int(const char *s, size_t n, int lo, int hi, int *out, size_t *stop);
/* "A<sep>B" (WxH, X,Y) with A in lo_a..hi_a and B in lo_b..hi_b (lex_parse_int's
 * strict integers) into *a, *b: 1, or 0 without printing. */
int lex_pair(const char *s, char sep, int lo_a, int hi_a, int lo_b, int hi_b, int *a, int *b);
/* As lex_parse_i64 for 0..hi of uint64_t; any '-' is LEX_NOT_NUMBER. */
lex_fault lex_parse_u64(const char *s, size_t n, uint64_t hi, uint64_t *out, size_t *stop);

/* After spaces, a decimal integer in lo..hi ended by a space, a tab, the line's end or
 * stop (' ' for none); the cursor stops at its end. DELVE_EINPUT naming what: "expected
 * WHAT (a number)" where no number starts, "unexpected 'C' in WHAT" at a junk byte,
 * "WHAT TEXT is outside LO..HI" at the number. */
delve_status lex_i64(lex *x, int64_t lo, int64_t hi, char stop, int64_t *out,
                     const char *what);
/* As lex_i64 for int, ended by a space, a tab or the line's end. */
delve_status lex_int(lex *x, int lo, int hi, int *out, const char *what);
/* As lex_i64 for 0..hi of uint64_t (a seed): any '-' is "expected WHAT (a number)". */
delve_status lex_u64(lex *x, uint64_t hi, char stop, uint64_t *out, const char *what);
/* The byte c right at the cursor (no spaces skipped), moving past it; else DELVE_EINPUT
 * "expected 'C'" there (a separator between numbers: the '-' of A-B, a tab). */
delve_status lex_char(lex *x, char c);

/* An optional `key=` at the cursor (key: 1 to cap - 1 letters, digits, '_' or '-'):
 * copies the key into key, moves past the '=' and returns 1; else key is "" and 0. */
int lex_key(lex *x, char *key, size_t cap);
/* The bytes of a control character at s, which text refuses: 1 for C0 (below 0x20) or
 * DEL, 2 for C1 (U+0080..U+009F: 0xC2 0x80..0x9F), 3 for a bidirectional control
 * (U+202A..U+202E, U+2066..U+2069), 0 for anything else. s holds at least two bytes
 * past a 0xC2 or 0xE2 (its NUL at worst: the checks stop at a NUL). */
int lex_control_len(const char *s);
/* What text says of a control character of lex_control_len's len (1, 2 or 3). */
const char *lex_control_why(int len);

/* A value at the cursor into out (cap bytes with the NUL): a "quoted string", whose only
 * escapes are \" and \\ (films/README.md), or else a bare word (as lex_word, possibly
 * empty); either is UTF-8. DELVE_EINPUT "unterminated string" (at the quote), "unknown
 * escape: ..." (at the backslash), "control character (such as a tab) in text" (at it),
 * "not UTF-8: 0xNN ... why" (at the first byte of a stray continuation byte, a byte
 * 0xF8..0xFF, a sequence cut short, an overlong form, a surrogate or a code point past
 * U+10FFFF), "value too long" (at the value; cap counts bytes). */
delve_status lex_value(lex *x, char *out, size_t cap);

/* The field at the cursor up to sep or the line's end: its first byte and its length in
 * *n; the cursor moves past the sep. *last is 1 when the field ends the line. */
const char *lex_field(lex *x, char sep, size_t *n, int *last);

/* Reads the regular file at path (max_bytes at most: DELVE_ELIMIT past it, DELVE_EIO
 * when unreadable) into a malloc'ed NUL-terminated *text for lex_init; a NUL byte in it
 * is DELVE_EINPUT "path:line:col: NUL byte: a KIND is text" (kind: ".dun file"). */
delve_status lex_read_file(const char *path, size_t max_bytes, const char *kind, char **text,
                           delve_err *err);

#endif
