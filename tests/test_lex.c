/* base/lex: lines (LF, CRLF, a byte order mark), strict integers (sign, overflow,
 * junk), words and keywords, key=value, quoted strings, UTF-8 values, tab fields, and
 * the exact path:line:col of every error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/lex.h"

/* Lines: numbers, ends without their CR, the BOM skipped, the last line without a
 * newline, nothing after the end. */
static void test_lines_crlf_and_bom(void **state)
{
    (void)state;
    lex x;
    lex_init(&x, "t", "\xEF\xBB\xBF" "one\r\ntwo\n\r\nlast\r", NULL);
    assert_int_equal(x.line, 0);
    assert_true(lex_next(&x));
    assert_int_equal(x.line, 1);
    assert_int_equal(x.le - x.ls, 3);
    assert_memory_equal(x.ls, "one", 3);
    assert_true(lex_next(&x));
    assert_memory_equal(x.ls, "two", 3);
    assert_int_equal(x.le - x.ls, 3);
    assert_true(lex_next(&x));
    assert_int_equal(x.line, 3);
    assert_int_equal(x.le - x.ls, 0);
    assert_true(lex_next(&x));
    assert_int_equal(x.le - x.ls, 4); /* a CR at the very end is a line end too */
    assert_false(lex_next(&x));
    assert_int_equal(x.line, 4);
    lex_init(&x, "t", "", NULL);
    assert_false(lex_next(&x));
    assert_int_equal(x.line, 0);
    /* a BOM only counts at the start: columns after it start at 1 */
    delve_err err = { "" };
    lex_init(&x, "b.txt", "\xEF\xBB\xBF" "size 9x\n", &err);
    assert_true(lex_next(&x));
    assert_true(lex_keyword(&x, "size"));
    int v = 0;
    assert_int_equal(lex_int(&x, 1, 16, &v, "the width"), DELVE_EINPUT);
    assert_string_equal(err.msg, "b.txt:1:7: unexpected 'x' in the width");
}

static lex_fault i64(const char *s, int64_t lo, int64_t hi, int64_t *v, size_t *stop)
{
    return lex_parse_i64(s, strlen(s), lo, hi, v, stop);
}

static void test_parse_i64_strict(void **state)
{
    (void)state;
    int64_t v = 0;
    size_t stop = 99;
    assert_int_equal(i64("42", 0, 100, &v, &stop), LEX_OK);
    assert_int_equal(v, 42);
    assert_int_equal(stop, 2);
    assert_int_equal(i64("007", 0, 100, &v, NULL), LEX_OK);
    assert_int_equal(v, 7);
    assert_int_equal(i64("-100", -100, 100, &v, NULL), LEX_OK);
    assert_int_equal(v, -100);
    assert_int_equal(i64("-101", -100, 100, &v, NULL), LEX_RANGE);
    assert_int_equal(i64("101", -100, 100, &v, NULL), LEX_RANGE);
    /* no sign where the range has no negatives, not even -0; never a '+' */
    assert_int_equal(i64("-5", 0, 100, &v, NULL), LEX_RANGE);
    assert_int_equal(i64("-0", 0, 100, &v, NULL), LEX_RANGE);
    assert_int_equal(i64("+5", 0, 100, &v, NULL), LEX_NOT_NUMBER);
    assert_int_equal(i64(" 5", 0, 100, &v, &stop), LEX_NOT_NUMBER);
    assert_int_equal(stop, 0);
    assert_int_equal(i64("", 0, 100, &v, NULL), LEX_NOT_NUMBER);
    assert_int_equal(i64("-", -5, 5, &v, NULL), LEX_NOT_NUMBER);
    assert_int_equal(i64("--5", -5, 5, &v, NULL), LEX_NOT_NUMBER);
    /* junk after the digits, where it starts; junk wins over a range fault */
    assert_int_equal(i64("12x", 0, 100, &v, &stop), LEX_JUNK);
    assert_int_equal(stop, 2);
    assert_int_equal(i64("5 ", 0, 100, &v, &stop), LEX_JUNK);
    assert_int_equal(stop, 1);
    assert_int_equal(i64("99999999999999999999x", 0, 100, &v, &stop), LEX_JUNK);
    assert_int_equal(stop, 20);
    /* 64-bit edges and overflow */
    assert_int_equal(i64("9223372036854775807", INT64_MIN, INT64_MAX, &v, NULL), LEX_OK);
    assert_true(v == INT64_MAX);
    assert_int_equal(i64("-9223372036854775808", INT64_MIN, INT64_MAX, &v, NULL), LEX_OK);
    assert_true(v == INT64_MIN);
    assert_int_equal(i64("9223372036854775808", INT64_MIN, INT64_MAX, &v, NULL), LEX_RANGE);
    assert_int_equal(i64("-9223372036854775809", INT64_MIN, INT64_MAX, &v, NULL), LEX_RANGE);
    assert_int_equal(i64("18446744073709551616", INT64_MIN, INT64_MAX, &v, NULL), LEX_RANGE);
    assert_int_equal(i64("99999999999999999999999", INT64_MIN, INT64_MAX, &v, NULL), LEX_RANGE);
    /* only the n bytes given are read */
    assert_int_equal(lex_parse_i64("123456", 3, 0, 1000, &v, NULL), LEX_OK);
    assert_int_equal(v, 123);
}

static void test_parse_int_and_u64(void **state)
{
    (void)state;
    int i = 0;
    uint64_t u = 0;
    assert_int_equal(lex_parse_int("2147483647", 10, 0, 2147483647, &i, NULL), LEX_OK);
    assert_int_equal(i, 2147483647);
    assert_int_equal(lex_parse_int("2147483648", 10, 0, 2147483647, &i, NULL), LEX_RANGE);
    /* %d would take this as 2 (it wraps past 2^32): a range fault here */
    assert_int_equal(lex_parse_int("4294967298", 10, 1, 16, &i, NULL), LEX_RANGE);
    assert_int_equal(lex_parse_u64("18446744073709551615", 20, UINT64_MAX, &u, NULL), LEX_OK);
    assert_true(u == UINT64_MAX);
    assert_int_equal(lex_parse_u64("18446744073709551616", 20, UINT64_MAX, &u, NULL),
                     LEX_RANGE);
    assert_int_equal(lex_parse_u64("0", 1, UINT64_MAX, &u, NULL), LEX_OK);
    assert_true(u == 0);
    assert_int_equal(lex_parse_u64("-1", 2, UINT64_MAX, &u, NULL), LEX_NOT_NUMBER);
    assert_int_equal(lex_parse_u64("11", 2, 10, &u, NULL), LEX_RANGE);
}

/* A one-line lexer on text with err, on its first line. */
static void on_line(lex *x, const char *text, delve_err *err)
{
    lex_init(x, "f.txt", text, err);
    assert_true(lex_next(x));
}

static void test_cursor_numbers_name_their_column(void **state)
{
    (void)state;
    lex x;
    delve_err err = { "" };
    int v = 0;
    int64_t w = 0;
    on_line(&x, "size\t 513 4\n", &err);
    assert_true(lex_keyword(&x, "size"));
    assert_int_equal(lex_int(&x, 1, 512, &v, "width"), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:7: width 513 is outside 1..512");
    on_line(&x, "size 12x 3", &err);
    lex_keyword(&x, "size");
    assert_int_equal(lex_int(&x, 1, 512, &v, "width"), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:8: unexpected 'x' in width");
    on_line(&x, "size ", &err);
    lex_keyword(&x, "size");
    assert_int_equal(lex_int(&x, 1, 512, &v, "width"), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:6: expected width (a number)");
    on_line(&x, "n 99999999999999999999999999999999", &err);
    lex_keyword(&x, "n");
    assert_int_equal(lex_i64(&x, INT64_MIN, INT64_MAX, ' ', &w, "n"), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:3: n 999999999999999999999999 is outside "
                                 "-9223372036854775808..9223372036854775807");
    /* a stop byte ends a number: squares written X,Y */
    on_line(&x, "route 3,4 5;6", &err);
    lex_keyword(&x, "route");
    assert_int_equal(lex_i64(&x, 0, 9, ',', &w, "x"), DELVE_OK);
    assert_int_equal(w, 3);
    assert_int_equal(*x.p, ',');
    x.p++;
    assert_int_equal(lex_i64(&x, 0, 9, ' ', &w, "y"), DELVE_OK);
    assert_int_equal(w, 4);
    assert_int_equal(lex_i64(&x, 0, 9, ',', &w, "x"), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:12: unexpected ';' in x");
}

/* A seed is a whole uint64_t; a separator is a byte right at the cursor. */
static void test_u64_and_separators(void **state)
{
    (void)state;
    lex x;
    delve_err err = { "" };
    uint64_t a = 0, b = 0;
    on_line(&x, "seeds 18446744073709551615-7, x", &err);
    lex_keyword(&x, "seeds");
    assert_int_equal(lex_u64(&x, UINT64_MAX, '-', &a, "a seed"), DELVE_OK);
    assert_true(a == UINT64_MAX);
    assert_int_equal(lex_char(&x, '-'), DELVE_OK);
    assert_int_equal(lex_u64(&x, UINT64_MAX, ',', &b, "a seed"), DELVE_OK);
    assert_true(b == 7);
    assert_int_equal(lex_char(&x, ','), DELVE_OK);
    assert_int_equal(lex_char(&x, ','), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:30: expected ','");
    on_line(&x, "n 18446744073709551616\t-1", &err);
    lex_keyword(&x, "n");
    assert_int_equal(lex_u64(&x, UINT64_MAX, '\t', &a, "n"), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:3: n 18446744073709551616 is outside "
                                 "0..18446744073709551615");
    x.p = x.ls + 22;
    assert_int_equal(lex_char(&x, ','), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:23: expected ','");
    assert_int_equal(lex_u64(&x, 9, '\t', &a, "n"), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:24: expected n (a number)");
    on_line(&x, "n 12a", &err);
    lex_keyword(&x, "n");
    assert_int_equal(lex_u64(&x, 99, ' ', &a, "n"), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:5: unexpected 'a' in n");
    on_line(&x, "x", &err);
    x.p = x.le;
    assert_int_equal(lex_char(&x, '\t'), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:2: expected a tab");
}

static void test_words_keywords_and_line_ends(void **state)
{
    (void)state;
    lex x;
    delve_err err = { "" };
    char w[8];
    on_line(&x, "  pit 2 1 hiden\r\n", &err);
    assert_false(lex_blank(&x));
    assert_non_null(lex_word(&x, w, sizeof w, "a line name"));
    assert_string_equal(w, "pit");
    assert_false(lex_keyword(&x, "pi"));
    assert_true(lex_keyword(&x, "2"));
    assert_int_equal(lex_expect(&x, "2"), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:9: expected '2'");
    assert_true(lex_keyword(&x, "1"));
    assert_int_equal(lex_end(&x), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:11: unexpected text at the end of the line");
    assert_non_null(lex_word(&x, w, sizeof w, "x"));
    assert_int_equal(lex_end(&x), DELVE_OK); /* the CR is not text */
    assert_null(lex_word(&x, w, sizeof w, "a look"));
    assert_string_equal(err.msg, "f.txt:1:16: expected a look");
    on_line(&x, "monster-of-the-deep", &err);
    assert_null(lex_word(&x, w, sizeof w, "a line name"));
    assert_string_equal(err.msg, "f.txt:1:1: 'monster-of-the-deep' is too long for a line name");
    /* comments: a line whose first non-blank byte is '#'; mid-line only with
       hash_comments */
    on_line(&x, "\t# a note", &err);
    assert_true(lex_blank(&x));
    on_line(&x, "wait 1m # a note", &err);
    assert_non_null(lex_word(&x, w, sizeof w, "x"));
    assert_non_null(lex_word(&x, w, sizeof w, "x"));
    assert_int_equal(lex_end(&x), DELVE_EINPUT);
    x.hash_comments = 1;
    assert_int_equal(lex_end(&x), DELVE_OK);
}

/* One key=value or word at the cursor, as a .film line has them. */
static delve_status value_at(lex *x, const char *text, char *key, char *val, size_t cap,
                             delve_err *err)
{
    on_line(x, text, err);
    x->hash_comments = 1;
    lex_key(x, key, 32);
    return lex_value(x, val, cap);
}

static void test_key_value_and_quoted_strings(void **state)
{
    (void)state;
    lex x;
    delve_err err = { "" };
    char key[32], val[16];
    assert_int_equal(value_at(&x, "seed=12 floors=3", key, val, sizeof val, &err), DELVE_OK);
    assert_string_equal(key, "seed");
    assert_string_equal(val, "12");
    assert_true(lex_at_gap(&x));
    assert_int_equal(value_at(&x, "to=5,9#x", key, val, sizeof val, &err), DELVE_OK);
    assert_string_equal(val, "5,9");
    assert_true(lex_at_end(&x));
    assert_int_equal(value_at(&x, "a.b=c", key, val, sizeof val, &err), DELVE_OK);
    assert_string_equal(key, ""); /* not a key: the whole word is the value */
    assert_string_equal(val, "a.b=c");
    assert_int_equal(value_at(&x, "single-monster=on", key, val, sizeof val, &err), DELVE_OK);
    assert_string_equal(key, "single-monster");
    assert_string_equal(val, "on");
    assert_int_equal(value_at(&x, "pick=every=3", key, val, sizeof val, &err), DELVE_OK);
    assert_string_equal(key, "pick");
    assert_string_equal(val, "every=3");
    assert_int_equal(value_at(&x, "t=\"a \\\"b\\\" \\\\ #\" c", key, val, sizeof val, &err),
                     DELVE_OK);
    assert_string_equal(val, "a \"b\" \\ #");
    assert_int_equal(lex_col(&x, x.p), 17);
    assert_int_equal(value_at(&x, "\"a\\qb\"", key, val, sizeof val, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:3: unknown escape: inside quotes only \\\" and \\\\ "
                                 "are escapes");
    assert_int_equal(value_at(&x, "x=\"ab\\", key, val, sizeof val, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:6: unknown escape: inside quotes only \\\" and \\\\ "
                                 "are escapes");
    assert_int_equal(value_at(&x, "\"a\tb\"", key, val, sizeof val, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:3: control character (such as a tab) in text");
    assert_int_equal(value_at(&x, "\"a\x7f" "b\"", key, val, sizeof val, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:3: control character (such as a tab) in text");
    assert_int_equal(value_at(&x, "\"a\xc2\x85\"", key, val, sizeof val, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:3: control character (U+0080..U+009F) in text");
    assert_int_equal(value_at(&x, "\"a\xc2\xa0\"", key, val, sizeof val, &err), DELVE_OK);
    assert_int_equal(value_at(&x, "\"a\xe2\x80\xae" "b\"", key, val, sizeof val, &err),
                     DELVE_EINPUT); /* U+202E, the right-to-left override */
    assert_string_equal(err.msg, "f.txt:1:3: bidirectional control character (U+202A..U+202E, "
                                 "U+2066..U+2069) in text: it reorders what follows it");
    assert_int_equal(value_at(&x, "\"a\xe2\x80\x94" "b\"", key, val, sizeof val, &err),
                     DELVE_OK); /* U+2014, an em dash, beside them */
    assert_int_equal(value_at(&x, "c=\"never closed\r\n", key, val, sizeof val, &err),
                     DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:3: unterminated string");
    assert_int_equal(value_at(&x, "\"0123456789abcdef\"", key, val, sizeof val, &err),
                     DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:1: value too long");
    assert_int_equal(value_at(&x, "\"0123456789abcde\"", key, val, sizeof val, &err), DELVE_OK);
    assert_int_equal(value_at(&x, "k=0123456789abcdef", key, val, sizeof val, &err),
                     DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:3: value too long");
}

/* Every value (quoted or bare) is UTF-8 (RFC 3629): the shortest forms at each length's
 * bounds pass; a stray continuation byte, 0xF8..0xFF, a cut sequence, an overlong form,
 * a surrogate and anything past U+10FFFF fail at the sequence's first byte. */
static void test_values_are_utf8(void **state)
{
    (void)state;
    lex x;
    delve_err err = { "" };
    char key[32], val[16];
    static const char *const good[] = {
        "\"A\xc3\xa9\xe2\x9c\x93\xf0\x9d\x84\x9e\"",  /* é, a check mark, a G clef */
        "caf\xc3\xa9",                                /* a bare word */
        "\"\xc2\xa0\xdf\xbf\"",                       /* U+00A0 (U+0080..9F: controls), U+07FF */
        "\"\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80\"",   /* U+0800, U+D7FF, U+E000 */
        "\"\xf0\x90\x80\x80\xf4\x8f\xbf\xbf\"",       /* U+10000, U+10FFFF */
        "\"\\\\\xc3\xa9\\\"\"",                       /* beside escapes */
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_int_equal(value_at(&x, good[i], key, val, sizeof val, &err), DELVE_OK);
    assert_string_equal(val, "\\\xc3\xa9\"");
    static const struct {
        const char *text, *msg;
    } bad[] = {
        { "t=\"ab\xff" "c\"", "f.txt:1:6: not UTF-8: 0xff never appears in UTF-8" },
        { "\"\x80\"", "f.txt:1:2: not UTF-8: 0x80 continues a sequence that never started" },
        { "\"ab\xc3\"", "f.txt:1:4: not UTF-8: 0xc3 starts a sequence that is cut short" },
        { "\"\xe2\x82" "A\"", "f.txt:1:2: not UTF-8: 0xe2 starts a sequence that is cut short" },
        { "ab\xe2\x82", "f.txt:1:3: not UTF-8: 0xe2 starts a sequence that is cut short" },
        { "\"\xc0\xaf\"", "f.txt:1:2: not UTF-8: 0xc0 0xaf is an overlong form" },
        { "\"\xe0\x80\x80\"", "f.txt:1:2: not UTF-8: 0xe0 0x80 0x80 is an overlong form" },
        { "\"\xf0\x8f\xbf\xbf\"",
          "f.txt:1:2: not UTF-8: 0xf0 0x8f 0xbf 0xbf is an overlong form" },
        { "\"\xed\xa0\x80\"", "f.txt:1:2: not UTF-8: 0xed 0xa0 0x80 is a surrogate "
                              "(U+D800..U+DFFF)" },
        { "x=\xed\xbf\xbf", "f.txt:1:3: not UTF-8: 0xed 0xbf 0xbf is a surrogate "
                            "(U+D800..U+DFFF)" },
        { "\"\xf4\x90\x80\x80\"", "f.txt:1:2: not UTF-8: 0xf4 0x90 0x80 0x80 is past U+10FFFF" },
        { "\"\xf5\x80\x80\x80\"", "f.txt:1:2: not UTF-8: 0xf5 0x80 0x80 0x80 is past U+10FFFF" },
        { "\"\\\"\xf8\"", "f.txt:1:4: not UTF-8: 0xf8 never appears in UTF-8" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(value_at(&x, bad[i].text, key, val, sizeof val, &err), DELVE_EINPUT);
        assert_string_equal(err.msg, bad[i].msg);
    }
    /* the limit counts bytes: 13 + 2 fit in 16 with the NUL, 14 + 2 do not */
    assert_int_equal(value_at(&x, "\"0123456789abc\xc3\xa9\"", key, val, sizeof val, &err),
                     DELVE_OK);
    assert_int_equal(value_at(&x, "\"0123456789abcd\xc3\xa9\"", key, val, sizeof val, &err),
                     DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:1: value too long");
}

static void test_tab_fields(void **state)
{
    (void)state;
    lex x;
    size_t n = 0;
    int last = 0;
    on_line(&x, "3\t\tstep two\r\n", NULL);
    const char *f = lex_field(&x, '\t', &n, &last);
    assert_int_equal(n, 1);
    assert_int_equal(*f, '3');
    assert_false(last);
    f = lex_field(&x, '\t', &n, &last);
    assert_int_equal(n, 0);
    assert_int_equal(lex_col(&x, f), 3);
    assert_false(last);
    f = lex_field(&x, '\t', &n, &last);
    assert_int_equal(n, 8);
    assert_memory_equal(f, "step two", 8);
    assert_true(last);
}

static void test_limits_and_control_bytes(void **state)
{
    (void)state;
    lex x;
    delve_err err = { "" };
    on_line(&x, "12345678\n", &err);
    assert_int_equal(lex_limit(&x, 8), DELVE_OK);
    assert_int_equal(lex_limit(&x, 5), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:6: line longer than 5 bytes");
    on_line(&x, "film \"x\"\rwait 1m\r", &err); /* bare CRs: one line */
    assert_int_equal(lex_limit(&x, 100), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:9: a line ends in a bare carriage return (old Mac "
                                 "line ends): save the file with LF or CRLF line ends");
    on_line(&x, "wait 1m\r\nhold 1s\r\n", &err); /* CRLF is fine */
    assert_int_equal(lex_limit(&x, 100), DELVE_OK);
    on_line(&x, "seed\t9\x01\r\n", &err);
    assert_int_equal(lex_text_only(&x, ".dun file"), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:7: control byte 0x01: a .dun file is text");
    on_line(&x, "seed\t9\r\n", &err);
    assert_int_equal(lex_text_only(&x, ".dun file"), DELVE_OK);
    on_line(&x, "ca\x7fves\n", &err); /* DEL, and C1 in UTF-8: refused; other UTF-8 kept */
    assert_int_equal(lex_text_only(&x, "catalog"), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:3: control byte 0x7f: a catalog is text");
    on_line(&x, "ca\xc2\x9bves\n", &err);
    assert_int_equal(lex_text_only(&x, "catalog"), DELVE_EINPUT);
    assert_string_equal(err.msg, "f.txt:1:3: control character U+009B: a catalog is text");
    on_line(&x, "caf\xc3\xa9 \xc2\xa0\n", &err);
    assert_int_equal(lex_text_only(&x, "catalog"), DELVE_OK);
}

static void test_read_file_names_a_nul_byte(void **state)
{
    (void)state;
    char path[] = "/tmp/delve-lex-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    static const char text[] = "\xEF\xBB\xBF" "ab\ncd\0e\n";
    assert_int_equal(write(fd, text, sizeof text - 1), (long)sizeof text - 1);
    close(fd);
    char *got = NULL, want[128];
    delve_err err = { "" };
    assert_int_equal(lex_read_file(path, 1024, "test file", &got, &err), DELVE_EINPUT);
    assert_null(got);
    snprintf(want, sizeof want, "%s:2:3: NUL byte: a test file is text", path);
    assert_string_equal(err.msg, want);
    assert_int_equal(lex_read_file(path, 4, "test file", &got, &err), DELVE_ELIMIT);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("ok\n", f);
    fclose(f);
    assert_int_equal(lex_read_file(path, 1024, "test file", &got, &err), DELVE_OK);
    assert_string_equal(got, "ok\n");
    free(got);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines_crlf_and_bom),
        cmocka_unit_test(test_parse_i64_strict),
        cmocka_unit_test(test_parse_int_and_u64),
        cmocka_unit_test(test_cursor_numbers_name_their_column),
        cmocka_unit_test(test_words_keywords_and_line_ends),
        cmocka_unit_test(test_key_value_and_quoted_strings),
        cmocka_unit_test(test_values_are_utf8),
        cmocka_unit_test(test_tab_fields),
        cmocka_unit_test(test_u64_and_separators),
        cmocka_unit_test(test_limits_and_control_bytes),
        cmocka_unit_test(test_read_file_names_a_nul_byte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
