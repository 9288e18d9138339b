/* cli: option values, errors and exit codes. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "app/cli.h"

#include <ctype.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/lex.h"
#include "gen/family.h"
#include "gen/opts.h"
#include "gen/stored.h"

int cli_u64(const char *cmd, const char *opt, const char *s, uint64_t *out)
{
    if (lex_parse_u64(s, strlen(s), UINT64_MAX, out, NULL) != LEX_OK) {
        cli_usage_error(cmd, "%s: '%s' is not a whole number 0..%llu", opt, s,
                        (unsigned long long)UINT64_MAX);
        return 0;
    }
    return 1;
}

int cli_fraction(const char *s, int places, int64_t *out)
{
    int64_t one = 1;
    for (int i = 0; i < places; i++)
        one *= 10;
    if (!isdigit((unsigned char)s[0]) || s[0] > '1' || (s[1] && s[1] != '.'))
        return 0;
    int64_t v = (s[0] - '0') * one, unit = one / 10;
    const char *p = s + 1;
    if (*p == '.') {
        if (!isdigit((unsigned char)p[1]))
            return 0;
        for (p++; isdigit((unsigned char)*p) && unit > 0; p++, unit /= 10)
            v += (*p - '0') * unit;
    }
    if (*p || v > one)
        return 0;
    *out = v;
    return 1;
}

int cli_int(const char *cmd, const char *opt, const char *s, int lo, int hi, int *out)
{
    if (lex_parse_int(s, strlen(s), lo, hi, out, NULL) != LEX_OK) {
        cli_usage_error(cmd, "%s: '%s' is not a number in %d..%d", opt, s, lo, hi);
        return 0;
    }
    return 1;
}

/* Is name (up to its '=') one of flags? */
static int is_flag(const char *word, size_t len, const char *const *flags)
{
    for (; flags && *flags; flags++)
        if (strlen(*flags) == len && !strncmp(*flags, word, len))
            return 1;
    return 0;
}

/* "--quiet takes no value ('--quiet=yes')": word is the option as typed, len its name's
 * bytes with the dashes. */
static int no_value(const char *cmd, const char *word, size_t len)
{
    return cli_usage_error(cmd, "%.*s takes no value ('%s')", (int)len, word, word);
}

/* Appends word (attached: it followed an '=') to w. */
static void put_word(cli_words *w, char *word, int attached)
{
    w->attached[w->n] = (unsigned char)attached;
    w->w[w->n++] = word;
}

int cli_split_long(const char *cmd, int argc, char **argv, const char *const *flags,
                   const char *const *valued, cli_words *out)
{
    static const char *const OUT[] = { "--out", NULL }; /* -o's long name everywhere */
    size_t slots = 2 * (size_t)(argc > 0 ? argc : 0) + 1, names = 0;
    for (int i = 0; i < argc; i++)
        names += strlen(argv[i]) + 1;
    char *block = malloc(slots * (sizeof(char *) + 1) + names), *store;
    if (!block)
        return cli_usage_error(cmd, "out of memory");
    out->n = 0;
    out->w = (char **)(void *)block;
    out->attached = (unsigned char *)block + slots * sizeof(char *);
    store = (char *)out->attached + slots;
    for (int i = 0, plain = 0; i < argc; i++) {
        char *word = argv[i];
        char *eq = i > 0 && !plain && !strncmp(word, "--", 2) ? strchr(word, '=') : NULL;
        size_t len = eq ? (size_t)(eq - word) : strlen(word);
        plain |= i > 0 && !strcmp(word, "--");
        if (i > 0 && !plain && is_flag(word, len, OUT)) {
            put_word(out, "-o", 0);
        } else if (!eq || eq == word + 2 || (!is_flag(word, len, valued) &&
                   !is_flag(word, len, flags) && strncmp(word, "--help=", 7))) {
            put_word(out, word, 0); /* "--=x", "--thr=2": unknown options as typed */
            continue;
        } else if (is_flag(word, len, flags) || !strncmp(word, "--help=", 7)) {
            int rc = no_value(cmd, word, len);
            cli_words_free(out);
            return rc;
        } else {
            put_word(out, memcpy(store, word, len), 0);
            store[len] = '\0';
            store += len + 1;
        }
        if (eq)
            put_word(out, eq + 1, 1);
    }
    out->w[out->n] = NULL;
    return EXIT_OK;
}

int cli_split_spec(const cli_spec *s, int argc, char **argv, cli_words *out)
{
    char names[CLI_MAX_FLAGS][48];
    const char *flags[CLI_MAX_FLAGS + 1], *valued[CLI_MAX_FLAGS + 1];
    int nf = 0, nv = 0;
    for (int i = 0; i < s->flag_count && i < CLI_MAX_FLAGS; i++) {
        snprintf(names[i], sizeof names[i], "--%s", s->flags[i].name);
        if (s->flags[i].has_value)
            valued[nv++] = names[i];
        else
            flags[nf++] = names[i];
    }
    flags[nf] = valued[nv] = NULL;
    return cli_split_long(s->cmd, argc, argv, flags, valued, out);
}

void cli_words_free(cli_words *w)
{
    free(w->w); /* one block: the words, the marks and the names */
    w->w = NULL;
}

int cli_option_as_name(const char *cmd, const char *opt, const char *name)
{
    /* -x, --word and -- read as options; "-" (standard output) and -3 (a number) not */
    int option = name[0] == '-' &&
                 (isalpha((unsigned char)name[1]) ||
                  (name[1] == '-' && (!name[2] || isalpha((unsigned char)name[2]))));
    if (!option)
        return EXIT_OK;
    return cli_usage_error(cmd, "%s %s: an option where %s's value should be (a file or "
                           "folder whose name starts with '-' is written ./%s)", opt, name,
                           opt, name);
}

int cli_twice(const char *cmd, const char *opt, const char *first, const char *second)
{
    char name[64];
    size_t n = strcspn(opt, "=");
    snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), opt);
    return cli_usage_error(cmd, "%s given twice ('%s', then '%s'): give it once", name, first,
                           second);
}

int cli_once(const char *cmd, cli_seen *s, const char *opt, const char *value)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->opt[i], opt))
            return strcmp(s->value[i], value) ? cli_twice(cmd, opt, s->value[i], value)
                                              : EXIT_OK;
    if (s->n < CLI_SEEN_MAX) {
        s->opt[s->n] = opt;
        s->value[s->n++] = value;
    }
    return EXIT_OK;
}

const char *cli_value(const char *cmd, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        cli_usage_error(cmd, "%s needs a value", argv[*i]);
        return NULL;
    }
    if (cli_option_as_name(cmd, argv[*i], argv[*i + 1]))
        return NULL;
    return argv[++*i];
}

int cli_fail(const char *cmd, delve_status st, const delve_err *err)
{
    fprintf(stderr, "delve %s: %s\n", cmd, err && err->msg[0] ? err->msg
                                                             : delve_status_name(st));
    return st == DELVE_OK ? EXIT_OK : EXIT_USAGE;
}

delve_status cli_stdout(const char *s, size_t n, delve_err *err)
{
    if ((n && fwrite(s, 1, n, stdout) != n) || fflush(stdout) != 0)
        return delve_fail(err, DELVE_EIO, "cannot write to standard output");
    return DELVE_OK;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "delve%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    vfprintf(stderr, fmt, ap);
    /* the one wording of the hint, for every command (tests/usage_errors.sh) */
    fprintf(stderr, "\nTry 'delve%s%s --help'.\n", cmd ? " " : "", cmd ? cmd : "");
    va_end(ap);
    return EXIT_USAGE;
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
    if (!dash && *s) /* one seed A is the range A-A */
        return cli_u64(cmd, "--seeds", s, lo) && (*hi = *lo, 1);
    if (!dash || n == 0 || n >= sizeof first || !dash[1]) {
        cli_usage_error(cmd, "--seeds '%s': expected A-B or one seed A, e.g. 1-100", s);
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

/* out's folder and dir, both resolved, into od and dd (PATH_MAX each); 0 when either
 * cannot be. */
static int folders_of(const char *out, const char *dir, char *od, char *dd)
{
    char parent[PATH_MAX];
    const char *slash = strrchr(out, '/');
    size_t n = slash ? (size_t)(slash - out) : 0;
    if (n >= sizeof parent)
        return 0;
    memcpy(parent, slash ? out : ".", slash ? n : 1);
    parent[slash ? (n ? n : 1) : 1] = '\0';
    if (slash && n == 0)
        parent[0] = '/';
    return realpath(parent, od) && realpath(dir, dd);
}

int cli_in_folder(const char *out, const char *dir)
{
    char od[PATH_MAX], dd[PATH_MAX];
    return folders_of(out, dir, od, dd) && !strcmp(od, dd);
}

int cli_under_folder(const char *out, const char *dir)
{
    char od[PATH_MAX], dd[PATH_MAX];
    if (!folders_of(out, dir, od, dd))
        return 0;
    size_t n = strlen(dd);
    return !strncmp(od, dd, n) && (od[n] == '\0' || od[n] == '/' || n == 1);
}

int cli_out_not_stdout(const char *cmd, const char *opt, const char *path)
{
    if (!path || strcmp(path, "-"))
        return EXIT_OK;
    return cli_usage_error(cmd, "%s -: standard output is only for delve gen's text; give a "
                           "file name (./- names a file called -)", opt);
}

int cli_file_out(const char *cmd, const char *opt, const char *path)
{
    char dir[PATH_MAX];
    struct stat sb;
    if (!path[0])
        return cli_usage_error(cmd, "%s: an empty file name", opt);
    if (cli_out_not_stdout(cmd, opt, path))
        return EXIT_USAGE;
    if (cli_option_as_name(cmd, opt, path))
        return EXIT_USAGE;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    if (strlen(path) >= PATH_MAX - 16 || strlen(base) > NAME_MAX - 11) /* + ".tmp-XXXXXX" */
        return cli_usage_error(cmd, "%s %.40s...: a name longer than %d bytes (or a path "
                               "longer than %d)", opt, path, NAME_MAX - 11, PATH_MAX - 16);
    /* lstat, as fsio_write_atomic: its rename would replace a link or a device */
    int there = !lstat(path, &sb);
    if (there && S_ISDIR(sb.st_mode))
        return cli_usage_error(cmd, "%s %s: a folder, not a file", opt, path);
    if (there && !S_ISREG(sb.st_mode))
        return cli_usage_error(cmd, "%s %s: not a regular file", opt, path);
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else
        slash[slash == dir] = '\0';
    if (stat(dir, &sb) || !S_ISDIR(sb.st_mode))
        return cli_usage_error(cmd, "%s %s: no folder %s", opt, path, dir);
    if (access(dir, W_OK | X_OK))
        return cli_usage_error(cmd, "%s %s: cannot write in %s", opt, path, dir);
    return EXIT_OK;
}

/* ---- the command line of the subcommands that make a dungeon ---- */

#define CLI_SETTING_VAL 1000  /* getopt_long's val for setting id: 1000 + id */
#define CLI_FLAG_VAL 2000     /* for flag i: 2000 + i */

int cli_flag_index(const cli_spec *s, const char *name)
{
    for (int i = 0; i < s->flag_count; i++)
        if (!strcmp(s->flags[i].name, name))
            return i;
    return -1;
}

/* getopt_long's table from the settings in s->settings and s's flags. */
static void long_options(const cli_spec *s, struct option *lo)
{
    int n = 0;
    for (int id = 0; id < OPTS_COUNT; id++)
        if (s->settings & OPTS_BIT(id))
            lo[n++] = (struct option){ opts_get((opts_id)id)->key, required_argument, NULL,
                                       CLI_SETTING_VAL + id };
    for (int i = 0; i < s->flag_count; i++)
        lo[n++] = (struct option){ s->flags[i].name, s->flags[i].has_value ? required_argument
                                                                           : no_argument,
                                   NULL, CLI_FLAG_VAL + i };
    lo[n] = (struct option){ "help", no_argument, NULL, 'h' };
    lo[n + 1] = (struct option){ 0 };
}

static void short_options(const cli_spec *s, char *buf)
{
    int n = 0;
    buf[n++] = ':';  /* a missing value returns ':' */
    buf[n++] = 'h';
    for (int i = 0; i < s->flag_count; i++)
        if (s->flags[i].short_name) {
            buf[n++] = s->flags[i].short_name;
            if (s->flags[i].has_value)
                buf[n++] = ':';
        }
    buf[n] = '\0';
}

/* The word the user wrote for the option getopt_long just returned (the one before its
 * value when the value came as the next word). */
static const char *written(char **argv, int has_value)
{
    const char *w = argv[optind - 1];
    if (has_value && optarg == w && optind >= 2)
        w = argv[optind - 2];
    return w;
}

/* 1 when w is the whole name "--name" or "--name=...": getopt_long also takes an
 * abbreviation, which we refuse so scripts stay readable. */
static int whole_name(const char *w, const char *name)
{
    size_t n = strlen(name);
    return !strncmp(w, "--", 2) && !strncmp(w + 2, name, n) && (!w[2 + n] || w[2 + n] == '=');
}

/* getopt_long refused w: a flag given a value ("--per-floor=yes", "--help=1"), a short
 * option it does not know (optopt: its letter; w may be the word before it, as getopt
 * leaves optind in a cluster), or no option. */
static int refused(const cli_spec *s, const char *w)
{
    if (optopt > 0 && optopt < 256 && !(optopt == 'h' && !strncmp(w, "--help=", 7)))
        return cli_usage_error(s->cmd, "unknown option '-%c'", optopt);
    if (!strncmp(w, "--help=", 7))
        return no_value(s->cmd, w, 6);
    const char *eq = strncmp(w, "--", 2) ? NULL : strchr(w, '=');
    size_t len = eq ? (size_t)(eq - w - 2) : 0;
    for (int i = 0; eq && i < s->flag_count; i++)
        if (!s->flags[i].has_value && strlen(s->flags[i].name) == len &&
            !strncmp(w + 2, s->flags[i].name, len))
            return no_value(s->cmd, w, len + 2);
    return cli_usage_error(s->cmd, "unknown option '%s'", w);
}

/* One option getopt_long returned; EXIT_OK, -1 after --help, or EXIT_USAGE. */
static int take(const cli_spec *s, int c, char **argv, cli_args *out)
{
    if (c == 'h' && strcmp(written(argv, 0), "-h") && !whole_name(written(argv, 0), "help"))
        return cli_usage_error(s->cmd, "unknown option '%s'", written(argv, 0)); /* "--he" */
    if (c == 'h') {
        s->help();
        cli_settings_help(s->settings);
        return -1;
    }
    if (c == '?')
        return refused(s, argv[optind - 1]);
    if (c == ':')
        return cli_usage_error(s->cmd, "%s needs a value", argv[optind - 1]);
    if (c >= CLI_SETTING_VAL && c < CLI_SETTING_VAL + OPTS_COUNT) {
        opts_id id = (opts_id)(c - CLI_SETTING_VAL);
        const char *key = opts_get(id)->key;
        if (!whole_name(written(argv, 1), key)) /* an abbreviation: getopt's, not ours */
            return cli_usage_error(s->cmd, "unknown option '%s' (did you mean --%s?)",
                                   written(argv, 1), key);
        delve_err err = { "" };
        if (out->given & OPTS_BIT(id) && strcmp(out->setting[id], optarg))
            return cli_twice(s->cmd, written(argv, 1), out->setting[id], optarg);
        if (opts_set(&out->o, id, optarg, &err))
            return cli_usage_error(s->cmd, "--%s: %s", key, err.msg);
        out->given |= OPTS_BIT(id);
        out->setting[id] = optarg;
        return EXIT_OK;
    }
    int i = c - CLI_FLAG_VAL;
    if (i < 0 || i >= s->flag_count) {  /* a short option */
        for (i = 0; i < s->flag_count && s->flags[i].short_name != c; i++)
            ;
    } else if (!whole_name(written(argv, s->flags[i].has_value), s->flags[i].name)) {
        return cli_usage_error(s->cmd, "unknown option '%s' (did you mean --%s?)",
                               written(argv, s->flags[i].has_value), s->flags[i].name);
    }
    const char *w = i < s->flag_count && s->flags[i].has_value ? written(argv, 1) : "--";
    if (w[0] == '-' && w[1] != '-' && w[1] && w[2] == '=') /* "-o=x" is no "-o =x" */
        return cli_usage_error(s->cmd, "%s: a short option's value comes without '=' "
                               "(-%c %s, or --%s=%s)", w, w[1], w + 3, s->flags[i].name,
                               w + 3);
    if (i < s->flag_count && s->flags[i].has_value && out->flag[i] &&
        strcmp(out->flag[i], optarg))
        return cli_twice(s->cmd, w, out->flag[i], optarg);
    if (i < s->flag_count)
        out->flag[i] = s->flags[i].has_value ? optarg : "";
    return EXIT_OK;
}

int cli_parse(const cli_spec *s, int argc, char **argv, cli_args *out)
{
    struct option lo[OPTS_COUNT + CLI_MAX_FLAGS + 2];
    char so[2 + 2 * CLI_MAX_FLAGS + 1];
    memset(out, 0, sizeof *out);
    out->o = gen_defaults(1);
    long_options(s, lo);
    short_options(s, so);
    optind = 0;  /* glibc: start afresh */
    opterr = 0;
    int c, rc = EXIT_OK;
    while (rc == EXIT_OK && (c = getopt_long(argc, argv, so, lo, NULL)) != -1)
        rc = take(s, c, argv, out);
    if (rc)
        return rc;
    for (int i = optind; i < argc; i++) {
        if (out->pos_count >= s->max_pos)
            return cli_usage_error(s->cmd, "unexpected argument '%s'", argv[i]);
        out->pos[out->pos_count++] = argv[i];
    }
    delve_err err = { "" };
    if (!s->own_check && opts_check_given(&out->o, out->given, "--", &err))
        return cli_usage_error(s->cmd, "%s", err.msg);
    return EXIT_OK;
}

void cli_settings_help(unsigned bits)
{
    if (!bits)
        return;
    printf("\ngenerator settings (--key value or --key=value; `delve settings` lists them all):\n");
    for (int id = 0; id < OPTS_COUNT; id++) {
        const opts_row *r = opts_get((opts_id)id);
        if (!(bits & OPTS_BIT(id)))
            continue;
        char arg[40], range[40] = "";
        snprintf(arg, sizeof arg, "--%s %s", r->key, r->meta);
        if (r->kind == OPTS_KIND_INT)
            snprintf(range, sizeof range, "%d..%d, ", r->lo, r->hi);
        printf("  %-24s %s (%sdefault %s)\n", arg, r->help, range, r->dflt);
    }
    if (!(bits & OPTS_BIT(OPTS_TYPE)))
        return;
    printf("\nlevel types (--type T):\n");
    for (int i = 0; i < family_type_count(); i++)
        printf("  %-12s %s\n", family_type_at(i)->name, family_type_at(i)->help);
}

int cli_ready(const char *cmd, int parsed, gen_opts *o, stored_rooms **stored, int *rc)
{
    delve_err err = { "" };
    *rc = parsed < 0 ? EXIT_OK : parsed;
    if (stored)
        *stored = NULL;
    if (parsed)
        return 0;
    if (stored && stored_attach(o, stored, &err)) {
        *rc = cli_fail(cmd, DELVE_EINPUT, &err);
        return 0;
    }
    return 1;
}
