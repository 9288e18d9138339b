/* fuzz: what the libFuzzer targets of tests/fuzz/ share: the entry point each defines,
 * an input as the text delve's file readers would see, a scratch file for readers that
 * take a path, the abort a broken contract makes (a finding, like an ASan report), and
 * a cache of generated dungeons by settings (generation is deterministic).
 * Linked into each target's libFuzzer program and into its replay program (replay.c). */
#ifndef DELVE_TESTS_FUZZ_H
#define DELVE_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "engine/dungeon.h"
#include "gen/gen.h"

/* libFuzzer's entry point, defined once by each target: runs one input, returns 0. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The size bytes of data as a malloc'ed NUL-terminated text (free it), or NULL when
 * they hold a NUL byte (base/lex.h's lex_read_file refuses those before any parser
 * sees the text), are more than max (the reader's limit) or memory ran out. */
char *fuzz_text(const uint8_t *data, size_t size, size_t max);

/* Writes size bytes of data to this process's scratch file NAME, DIR/delve-fuzz-PID-NAME
 * with DIR $TMPDIR when set, else /dev/shm when there is one (memory: creating and
 * removing a file on a disk for every input cost most of a run's time), else /tmp,
 * for readers that take a path; its path goes to path (cap bytes). 1 when written,
 * else 0. unlink it once read. */
int fuzz_file(const char *name, const void *data, size_t size, char *path, size_t cap);

/* When ok is 0: prints "fuzz: broken: what" to stderr and aborts, so libFuzzer and the
 * replay report the input as a crash. */
void fuzz_require(int ok, const char *what);

/* A films/film.h film_gen_fn (ctx unused): gen_dungeon's dungeon for o, a copy of the
 * one made before for the same settings when this process still keeps it (at most
 * FUZZ_CACHE_SLOTS dungeons, FUZZ_CACHE_SQUARES squares in all; the least recently
 * used goes). A dungeon from the same settings is the same bytes (docs/testing.md,
 * "Determinism"), so this only saves time. Settings with stored rooms (o->stored) and
 * failures are not kept. The cache lives as long as the process: the one state the
 * targets keep. */
#define FUZZ_CACHE_SLOTS 1024
#define FUZZ_CACHE_SQUARES (32L << 20)
delve_status fuzz_gen_cached(void *ctx, const gen_opts *o, dungeon *d, delve_err *err);

#endif
