/* external: a generator that is another program (docs/generators.md). Its command is a
 * template, 'python3 gen_rooms.py --seed {seed}', split into words as base/words.h
 * says (or run by sh -c when asked) with {seed}, {floors}, {floor} and {out} filled;
 * run per seed without a shell (base/proc.h: its own process group, a timeout, stdout
 * capped at DUN_MAX_BYTES); what it prints on stdout, or writes to {out}, read as a
 * .dun (engine/dun.h). Every fault names the generator, the seed and the command:
 * "gen_rooms.py seed 42: output:12:5: unknown glyph 'Q' (python3 gen_rooms.py --seed
 * 42)". Only the running is POSIX, in base/proc.c; this file is libc. */
#ifndef DELVE_GEN_EXTERNAL_H
#define DELVE_GEN_EXTERNAL_H

#include <signal.h>
#include <stdint.h>

#include "base/status.h"
#include "engine/dungeon.h"

#define EXTERNAL_TIMEOUT_S 30         /* --generator-timeout's default, seconds a seed */
#define EXTERNAL_TIMEOUT_MAX_S 86400  /* its largest value */
#define EXTERNAL_STDERR_SHOWN 200     /* bytes of a generator's stderr in a message: its end */
#define EXTERNAL_OUT_NAME "output"    /* the file name of its output in messages */

/* How to run one. */
typedef struct external_gen {
    const char *command; /* the template */
    int shell;           /* 1: sh -c with the template filled, values single-quoted */
    int timeout_s;       /* seconds a seed may take (0: EXTERNAL_TIMEOUT_S) */
    int floors;          /* {floors}: the floors asked for (--floors) */
    int floor;           /* {floor}: the floor a command draws (--floor; 0: every one) */
    const volatile sig_atomic_t *stop; /* polled while it runs (NULL: none) */
} external_gen;

/* The template of g split with sample values, before any seed runs, so a bad template
 * is one usage error and not one per seed. DELVE_EINPUT "--generator: column C: ...";
 * with {out} in a shell command, fine; DELVE_ELIMIT past base/words.h's limits. */
delve_status external_check(const external_gen *g, delve_err *err);

/* A short name of the generator for messages: the base name of its program, or of the
 * script an interpreter (python, sh, perl, node, ...) runs: "gen_rooms.py". */
void external_name(const char *command, char *buf, size_t cap);

/* Runs g for seed into *d (dungeon_free it; empty on failure). DELVE_EFAIL, the
 * generator's fault, said "NAME seed N: what (command)": it exited non-zero or on a
 * signal (the end of its stderr shown), printed nothing, printed more than
 * DUN_MAX_BYTES, ran past its timeout (its process group killed), or printed a .dun
 * that does not read ("output:L:C: ..."). DELVE_EINPUT when the template is bad or the
 * program cannot be started (every seed would fail alike); DELVE_ESTOP when g->stop
 * rose (the group killed); DELVE_EIO, DELVE_ENOMEM. When it succeeded but wrote to
 * stderr, warn->msg says so (its last line and how much), else warn->msg is "". */
delve_status external_dungeon(const external_gen *g, uint64_t seed, dungeon *d,
                              delve_err *warn, delve_err *err);

#endif
