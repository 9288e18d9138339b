/* cli: option values, errors and exit codes. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "app/cli.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_u64(const char *cmd, const char *opt, const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!isdigit((unsigned char)s[0]) || *end || errno) {
        fprintf(stderr, "delve %s: %s: '%s' is not a whole number 0..%llu\n", cmd, opt, s,
                (unsigned long long)UINT64_MAX);
        return 0;
    }
    *out = v;
    return 1;
}

int cli_int(const char *cmd, const char *opt, const char *s, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!s[0] || *end || errno || v < lo || v > hi) {
        fprintf(stderr, "delve %s: %s: '%s' is not a number in %d..%d\n", cmd, opt, s, lo, hi);
        return 0;
    }
    *out = (int)v;
    return 1;
}

const char *cli_value(const char *cmd, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "delve %s: %s needs a value\nTry 'delve %s --help'.\n", cmd,
                argv[*i], cmd);
        return NULL;
    }
    return argv[++*i];
}

int cli_fail(const char *cmd, delve_status st, const delve_err *err)
{
    fprintf(stderr, "delve %s: %s\n", cmd, err && err->msg[0] ? err->msg
                                                             : delve_status_name(st));
    return st == DELVE_OK ? EXIT_OK : EXIT_USAGE;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "delve %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'delve %s --help'.\n", cmd);
    va_end(ap);
    return EXIT_USAGE;
}

const char *cli_default_film(void)
{
    return access(CLI_DEFAULT_FILM, R_OK) == 0 ? CLI_DEFAULT_FILM
                                               : DELVE_SOURCE_DIR "/" CLI_DEFAULT_FILM;
}

int cli_is_help(const char *a)
{
    return !strcmp(a, "--help") || !strcmp(a, "-h");
}

int cli_seeds(const char *cmd, const char *s, uint64_t max, uint64_t *lo, uint64_t *hi)
{
    const char *dash = strchr(s, '-');
    char first[32];
    size_t n = dash ? (size_t)(dash - s) : 0;
    if (!dash || n == 0 || n >= sizeof first) {
        cli_usage_error(cmd, "--seeds '%s': expected A-B, e.g. 1-100", s);
        return 0;
    }
    memcpy(first, s, n);
    first[n] = '\0';
    if (!cli_u64(cmd, "--seeds", first, lo) || !cli_u64(cmd, "--seeds", dash + 1, hi))
        return 0;
    if (*hi < *lo || *hi - *lo >= max) {
        cli_usage_error(cmd, "--seeds %s: need A <= B and at most %llu seeds", s,
                        (unsigned long long)max);
        return 0;
    }
    return 1;
}

int cli_same_file(const char *in, const char *out)
{
    struct stat a, b;
    return in && out && stat(in, &a) == 0 && stat(out, &b) == 0 && a.st_dev == b.st_dev &&
           a.st_ino == b.st_ino;
}

int cli_in_folder(const char *out, const char *dir)
{
    char parent[PATH_MAX], od[PATH_MAX], dd[PATH_MAX];
    const char *slash = strrchr(out, '/');
    size_t n = slash ? (size_t)(slash - out) : 0;
    if (n >= sizeof parent)
        return 0;
    memcpy(parent, slash ? out : ".", slash ? n : 1);
    parent[slash ? (n ? n : 1) : 1] = '\0';
    if (slash && n == 0)
        parent[0] = '/';
    return realpath(parent, od) && realpath(dir, dd) && !strcmp(od, dd);
}
