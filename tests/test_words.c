/* base/words and base/proc: a command template split as a shell quotes and no more
 * (blanks, '...', "...", backslashes, placeholders never split again, {{ }}), every
 * fault at its column; a program run with its output, its exit code and a timeout that
 * kills its process group. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/proc.h"
#include "base/words.h"
#include "gen/external.h"

static const words_var VARS[] = { { "seed", "42" }, { "out", "/tmp/a b.dun" },
                                  { "floors", "3" } };

/* Splits s and checks its words are the n of want (a NULL-ended list). */
static void split_is(const char *s, const char *const *want)
{
    words w;
    delve_err err = { "" };
    assert_int_equal(words_split(s, VARS, 3, &w, &err), DELVE_OK);
    int n = 0;
    while (want[n])
        n++;
    assert_int_equal(w.argc, n);
    for (int i = 0; i < n; i++)
        assert_string_equal(w.argv[i], want[i]);
    assert_null(w.argv[n]);
}

/* s is refused with status st and a message holding what. */
static void refused(const char *s, delve_status st, const char *what)
{
    words w;
    delve_err err = { "" };
    assert_int_equal(words_split(s, VARS, 3, &w, &err), st);
    if (!strstr(err.msg, what))
        fail_msg("'%s': '%s' has no '%s'", s, err.msg, what);
}

static void test_blanks_and_placeholders(void **state)
{
    (void)state;
    split_is("python3  gen.py\t--seed {seed}", (const char *const[]){ "python3", "gen.py",
                                                                    "--seed", "42", NULL });
    split_is("gen --out={out} x{seed}y", (const char *const[]){ "gen", "--out=/tmp/a b.dun",
                                                              "x42y", NULL });
    split_is("  gen  ", (const char *const[]){ "gen", NULL });
    split_is("gen {{seed}} }}", (const char *const[]){ "gen", "{seed}", "}", NULL });
}

static void test_quotes_and_backslashes(void **state)
{
    (void)state;
    split_is("gen 'a b' \"c d\" e\\ f", (const char *const[]){ "gen", "a b", "c d", "e f", NULL });
    split_is("gen '' \"\" x", (const char *const[]){ "gen", "", "", "x", NULL });
    split_is("gen 'it\"s' \"it's\" 'a'\"b\"c", (const char *const[]){ "gen", "it\"s", "it's",
                                                                     "abc", NULL });
    split_is("gen \"a\\\"b\\\\c\\d\" 'e\\f'", (const char *const[]){ "gen", "a\"b\\c\\d",
                                                                   "e\\f", NULL });
    split_is("gen '{seed}' \"s={seed}\" 'a|b;c'", (const char *const[]){ "gen", "42", "s=42",
                                                                       "a|b;c", NULL });
    split_is("gen \\| \\$x", (const char *const[]){ "gen", "|", "$x", NULL });
}

static void test_faults_name_their_column(void **state)
{
    (void)state;
    refused("gen 'abc", DELVE_EINPUT, "column 5: this single quote is not closed");
    refused("gen \"abc", DELVE_EINPUT, "column 5: this double quote is not closed");
    refused("gen {sed}", DELVE_EINPUT, "column 5: unknown placeholder {sed}");
    refused("gen {seed", DELVE_EINPUT, "column 5: '{' without its '}'");
    refused("gen x}", DELVE_EINPUT, "column 6: a lone '}'");
    refused("gen > out", DELVE_EINPUT, "column 5: '>' is for a shell");
    refused("gen {seed} | cat", DELVE_EINPUT, "--generator-shell");
    refused("gen $HOME", DELVE_EINPUT, "'$' is for a shell");
    refused("gen \n x", DELVE_EINPUT, "column 5: a control byte");
    refused("   ", DELVE_EINPUT, "empty");
    refused("", DELVE_EINPUT, "empty");
    char big[WORDS_MAX_BYTES + 10];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    refused(big, DELVE_ELIMIT, "longer than");
    char many[WORDS_MAX * 2 + 8] = "";
    for (int i = 0; i <= WORDS_MAX; i++)
        strcat(many, "a ");
    refused(many, DELVE_ELIMIT, "more than 256 words");
}

static void test_shell_fill_quotes_values(void **state)
{
    (void)state;
    char buf[256];
    delve_err err = { "" };
    words_var v[] = { { "seed", "7" }, { "out", "it's here" } };
    assert_int_equal(words_shell_fill("gen {seed} > {out} {{x}}", v, 2, buf, sizeof buf, &err),
                     DELVE_OK);
    assert_string_equal(buf, "gen '7' > 'it'\\''s here' {x}");
    assert_int_equal(words_shell_fill("gen {nope}", v, 2, buf, sizeof buf, &err), DELVE_EINPUT);
    assert_true(words_has("a {out} b", "out"));
    assert_false(words_has("a {{out}} b", "out"));
}

static void test_names_of_generators(void **state)
{
    (void)state;
    char n[64];
    external_name("python3 examples/gen_rooms.py --seed {seed}", n, sizeof n);
    assert_string_equal(n, "gen_rooms.py");
    external_name("python3.11 -u ./g.py", n, sizeof n);
    assert_string_equal(n, "g.py");
    external_name("sh -c 'python3 x/mine.py {seed}'", n, sizeof n);
    assert_string_equal(n, "mine.py");
    external_name("/opt/bin/shoalgen {seed}", n, sizeof n);
    assert_string_equal(n, "shoalgen");
}

/* A run: stdout whole, the exit code, the end of stderr. */
static void test_proc_output_and_code(void **state)
{
    (void)state;
    char *argv[] = { "sh", "-c", "printf 'a\\nb'; echo oops >&2; exit 4", NULL };
    proc_opts o = { .timeout_ms = 10000, .out_max = 100 };
    proc_result r;
    delve_err err = { "" };
    assert_int_equal(proc_run(argv, &o, &r, &err), DELVE_OK);
    assert_int_equal(r.out_len, 3);
    assert_string_equal(r.out, "a\nb");
    assert_string_equal(r.err_tail, "oops\n");
    assert_int_equal(r.code, 4);
    assert_int_equal(r.timed_out + r.too_big + r.signal, 0);
    proc_result_free(&r);
    char *big[] = { "sh", "-c", "head -c 1000 /dev/zero", NULL };
    assert_int_equal(proc_run(big, &o, &r, &err), DELVE_OK);
    assert_true(r.too_big);
    proc_result_free(&r);
    char *none[] = { "/nonexistent/delve-gen", NULL };
    assert_int_equal(proc_run(none, &o, &r, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "cannot run '/nonexistent/delve-gen'"));
}

/* A hang: killed at its timeout, a child left in the background with it. */
static void test_proc_timeout(void **state)
{
    (void)state;
    char *argv[] = { "sh", "-c", "sleep 30 & sleep 30", NULL };
    proc_opts o = { .timeout_ms = 200, .out_max = 100 };
    proc_result r;
    delve_err err = { "" };
    assert_int_equal(proc_run(argv, &o, &r, &err), DELVE_OK);
    assert_true(r.timed_out);
    assert_true(r.signal == 15 || r.signal == 9);
    proc_result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blanks_and_placeholders),
        cmocka_unit_test(test_quotes_and_backslashes),
        cmocka_unit_test(test_faults_name_their_column),
        cmocka_unit_test(test_shell_fill_quotes_values),
        cmocka_unit_test(test_names_of_generators),
        cmocka_unit_test(test_proc_output_and_code),
        cmocka_unit_test(test_proc_timeout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
