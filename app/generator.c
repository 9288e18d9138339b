/* generator: the --generator flags of delve shot and delve check, and their warnings. */
#include "app/generator.h"

#include <stdio.h>

#include "app/cli.h"
#include "base/words.h"

int generator_read(const char *cmd, const char *command, int shell, const char *timeout,
                   int floors, int floor, external_gen *g)
{
    *g = (external_gen){ .command = command, .shell = shell, .timeout_s = EXTERNAL_TIMEOUT_S,
                         .floors = floors, .floor = floor };
    if (!command && (shell || timeout))
        return cli_usage_error(cmd, "--generator-%s goes with --generator 'CMD {seed}'",
                               shell ? "shell" : "timeout");
    if (timeout && !cli_int(cmd, "--generator-timeout", timeout, 1, EXTERNAL_TIMEOUT_MAX_S,
                            &g->timeout_s))
        return EXIT_USAGE;
    delve_err err = { "" };
    if (command && external_check(g, &err))
        return cli_usage_error(cmd, "%s", err.msg);
    if (command && !words_has(command, "seed")) /* allowed: a generator may read a file */
        fprintf(stderr, "delve %s: warning: --generator names no {seed}: every seed runs the "
                "same command\n", cmd);
    return EXIT_OK;
}

void generator_warn(void *ctx, uint64_t seed, const char *msg)
{
    generator_warnings *w = ctx;
    if (!w->count++)
        w->first = seed;
    if (w->count <= GENERATOR_WARNINGS_SHOWN)
        fprintf(stderr, "delve %s: warning: %s\n", w->cmd, msg);
}

void generator_warnings_end(const generator_warnings *w)
{
    if (w->count > GENERATOR_WARNINGS_SHOWN)
        fprintf(stderr, "delve %s: warning: the generator wrote to stderr for %ld seeds in "
                "all (the first %d said above, from seed %llu)\n", w->cmd, w->count,
                GENERATOR_WARNINGS_SHOWN, (unsigned long long)w->first);
}
