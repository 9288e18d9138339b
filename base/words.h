/* words: a command template split into words with a shell's quoting and nothing else
 * of a shell, its {name} placeholders filled (docs/generators.md "The command"), so a
 * generator's command runs with execvp, no shell between (base/proc.h). Rules:
 * blanks (space, tab) part words; '...' keeps everything up to the next ' as it is;
 * "..." keeps everything but \" and \\ (a backslash and one of those gives that
 * character; any other backslash stays); outside quotes \c gives c; "" or '' is an
 * empty word. {name} anywhere (quoted or not) is replaced by its value, which is never
 * split again; {{ and }} give { and }. A shell's operators outside quotes (| & ; < >
 * ( ) $ `) are refused with a hint: a pipe or a redirection needs a shell, asked for
 * by the caller (words_shell_quote). Depends on libc only. */
#ifndef DELVE_BASE_WORDS_H
#define DELVE_BASE_WORDS_H

#include <stddef.h>

#include "base/status.h"

#define WORDS_MAX 256        /* words of one command */
#define WORDS_MAX_BYTES 8192 /* bytes of a template and of its words filled, NULs included */

/* A placeholder: {name} becomes value. */
typedef struct words_var {
    const char *name;
    const char *value;
} words_var;

/* A command split: argv[0..argc-1] and argv[argc] == NULL point into buf. */
typedef struct words {
    int argc;
    char *argv[WORDS_MAX + 1];
    char buf[WORDS_MAX_BYTES];
} words;

/* Splits template s into *w, filling the n placeholders of vars. DELVE_EINPUT with
 * "column C: ..." (1-based, of s) for an unclosed quote, a shell operator, a control
 * byte, an unknown or unclosed {name}, a lone } or no word at all; DELVE_ELIMIT past
 * WORDS_MAX words or WORDS_MAX_BYTES. */
delve_status words_split(const char *s, const words_var *vars, int n, words *w,
                         delve_err *err);

/* 1 when s holds {name} as words_split reads placeholders ({{name}} does not). */
int words_has(const char *s, const char *name);

/* s with its placeholders filled, each value single-quoted for sh ('\'' for a '), into
 * buf: the script of `sh -c` when the caller asks for a shell. DELVE_EINPUT for an
 * unknown or unclosed {name} or a control byte but tab; DELVE_ELIMIT past cap. */
delve_status words_shell_fill(const char *s, const words_var *vars, int n, char *buf,
                              size_t cap, delve_err *err);

#endif
