/* cli: what every delve subcommand shares: the parser (cli_parse over gen/opts.h's
 * settings), strict option values, --seeds ranges, errors printed and turned into exit
 * codes. Only app/ prints and exits (docs/architecture.md). */
#ifndef DELVE_APP_CLI_H
#define DELVE_APP_CLI_H

#include <stdint.h>

#include "base/status.h"
#include "gen/opts.h"
#include "gen/stored.h"

enum { EXIT_OK = 0, EXIT_DIFF = 1, EXIT_USAGE = 2 };

/* A subcommand: argv[0] is the subcommand's name. Returns the exit code. */
typedef int (*cli_cmd_fn)(int argc, char **argv);

/* The subcommands of main.c's table, one file each. */
int cmd_gen(int argc, char **argv);
int cmd_film(int argc, char **argv);
int cmd_view(int argc, char **argv);
int cmd_shot(int argc, char **argv);
int cmd_sheet(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_review(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_gallery(int argc, char **argv);
int cmd_settings(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_completion(int argc, char **argv);

/* Strict parses of an option's value; on failure print "delve CMD: OPT: why" and the
 * hint (cli_usage_error) and return 0. */
int cli_u64(const char *cmd, const char *opt, const char *s, uint64_t *out);
int cli_int(const char *cmd, const char *opt, const char *s, int lo, int hi, int *out);

/* "0", "1", "0.05", "1.000": s in 0..1 with at most places decimals (1..9), into *out in
 * units of 10^-places; 0 for anything else (nothing printed: the caller words it). */
int cli_fraction(const char *s, int places, int64_t *out);
/* --seeds A-B (or one seed A, the range A-A): *lo = A, *hi = B with A <= B and at most
 * max seeds; on failure prints "delve CMD: --seeds ...: why" and returns 0. */
int cli_seeds(const char *cmd, const char *s, uint64_t max, uint64_t *lo, uint64_t *hi);

/* argv as the words a command that reads its own options parses: every "--name=value"
 * before a "--" as the two words "--name" and "value" (getopt_long's rule, which the
 * other commands follow), attached[i] 1 for such a value. w[n] is NULL. */
typedef struct cli_words {
    int n;
    char **w;                /* argv's words; a split name is a copy, argv is unchanged */
    unsigned char *attached; /* per word: 1 when it followed an '=' */
} cli_words;

/* Splits argv into *out (free with cli_words_free). flags: the options that take no
 * value besides --help (NULL-terminated, or NULL), refused as "--quiet takes no value"
 * when given one; valued: those that take one (or may), the only ones split ("--thr=2"
 * stays whole, for the parser's "unknown option '--thr=2'").
 * EXIT_OK, or EXIT_USAGE after printing the usage error (that one, or out of memory). */
int cli_split_long(const char *cmd, int argc, char **argv, const char *const *flags,
                   const char *const *valued, cli_words *out);
void cli_words_free(cli_words *w);

/* EXIT_OK, or EXIT_USAGE after saying so when name, given as opt's value, reads as an
 * option ("-o --quiet", "-o -h", "-o --": the value was left out); ./--quiet still
 * names such a file. */
int cli_option_as_name(const char *cmd, const char *opt, const char *name);

/* EXIT_USAGE after saying that option opt (its "=value" left off) was given twice with
 * the values first and second: the last one winning would ignore the first unseen. */
int cli_twice(const char *cmd, const char *opt, const char *first, const char *second);

/* The valued options a hand-written parser has taken, for cli_once. */
#define CLI_SEEN_MAX 16
typedef struct cli_seen {
    const char *opt[CLI_SEEN_MAX], *value[CLI_SEEN_MAX];
    int n;
} cli_seen;

/* Notes option opt given value; EXIT_USAGE after cli_twice when it was given before
 * with another value, else EXIT_OK (the same value twice is no conflict). */
int cli_once(const char *cmd, cli_seen *s, const char *opt, const char *value);

/* Takes the value of option argv[*i] (advancing *i), or prints that it is missing or
 * is a long option (cli_option_as_name). */
const char *cli_value(const char *cmd, int argc, char **argv, int *i);

/* Prints "delve CMD: message" and returns the exit code for st. */
int cli_fail(const char *cmd, delve_status st, const delve_err *err);

/* Writes n bytes of s to standard output and flushes it, so a full disk or a closed
 * pipe is an error now and not a lost tail: DELVE_EIO "cannot write to standard
 * output" with err set. */
delve_status cli_stdout(const char *s, size_t n, delve_err *err);
/* Prints "delve CMD: message\nTry 'delve CMD --help'." (cmd NULL: "delve: message\nTry
 * 'delve --help'.") and returns EXIT_USAGE: the one place the hint is worded. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* 1 for -h and --help. */
int cli_is_help(const char *a);
/* 1 when out names the same existing file as in (same device and inode): writing out
 * would destroy the input. 0 when either does not exist. */
int cli_same_file(const char *in, const char *out);
/* 1 when out's folder is the folder dir (both resolved): a -o there would land among
 * files a command reads (a film's frames). */
int cli_in_folder(const char *out, const char *dir);
/* As cli_in_folder, or out's folder anywhere under dir (a report inside a shot set). */
int cli_under_folder(const char *out, const char *dir);
/* EXIT_USAGE after saying so when path is "-": only gen's text goes to standard output,
 * and an image command taking "-" as a name would leave a file called "-" where the user
 * expected a stream. EXIT_OK otherwise (path NULL too). */
int cli_out_not_stdout(const char *cmd, const char *opt, const char *path);
/* A file output checked before any work, as fsio_write_atomic will find it at the end:
 * EXIT_OK, or EXIT_USAGE with "delve CMD: OPT PATH: ..." said when path is "-"
 * (cli_out_not_stdout), is empty, names a folder or anything else but a regular file, or
 * its folder is missing or cannot be written in. */
int cli_file_out(const char *cmd, const char *opt, const char *path);

/* What shell completion offers for a value (`delve completion`): CLI_FILES any file name,
 * CLI_DIRS a folder's, "*.png" the names of files so matched (and folders), anything
 * else the words it may be, space-separated ("ascii dun heights tmj"); NULL nothing. */
#define CLI_FILES "<file>"
#define CLI_DIRS "<dir>"

/* One option of a subcommand besides the generator's settings. */
typedef struct cli_flag {
    const char *name;  /* the long name without "--" */
    char short_name;   /* 'o' for -o, or 0 */
    int has_value;
    const char *values; /* its value as completion offers it (CLI_FILES ...), or NULL */
} cli_flag;

#define CLI_MAX_FLAGS 24
#define CLI_MAX_POS 4

/* A subcommand's command line: which generator settings it takes (bits of
 * gen/opts.h), its own flags, how many plain words, and its help text. */
typedef struct cli_spec {
    const char *cmd;
    unsigned settings;
    const cli_flag *flags;
    int flag_count;        /* at most CLI_MAX_FLAGS */
    int max_pos;           /* plain words (FILE.dun, ...), at most CLI_MAX_POS */
    void (*help)(void);
    int own_check;         /* 1: the command runs opts_check_given itself, once it has
                              laid the settings over others (the viewer over a film's) */
    const char *words;     /* its plain words as completion offers them (CLI_FILES ...;
                              words: the first plain word's, files after it), or NULL */
} cli_spec;

/* Each command's options: the table cli_parse reads, or, for a command that reads its
 * own (film, diff, review, sheet, merge), the one cli_split_spec splits by. `delve
 * completion` offers them; tests/completion.sh holds them to each command's --help. */
extern const cli_spec cmd_gen_spec, cmd_film_spec, cmd_view_spec, cmd_shot_spec,
    cmd_sheet_spec, cmd_diff_spec, cmd_review_spec, cmd_check_spec, cmd_gallery_spec,
    cmd_stats_spec, cmd_merge_spec, cmd_settings_spec, cmd_completion_spec;

/* One subcommand: its name, handler, line of `delve --help` and options. */
typedef struct cli_command {
    const char *name;
    cli_cmd_fn fn;
    const char *help;
    const cli_spec *spec;
} cli_command;

/* main.c's table, in `delve --help`'s order: cli_command_count rows. */
extern const cli_command cli_commands[];
extern const int cli_command_count;

/* cli_split_long with s's flags: those without a value as its flags, those with one as
 * its valued (so a command that reads its own options splits by the table completion
 * offers). Returns as cli_split_long. */
int cli_split_spec(const cli_spec *s, int argc, char **argv, cli_words *out);

/* What cli_parse read. */
typedef struct cli_args {
    gen_opts o;            /* every setting at its default, then those given */
    unsigned given;        /* OPTS_BIT of each setting given */
    const char *setting[OPTS_COUNT]; /* each setting's value as given (a second one with
                                        another value is refused: cli_twice) */
    const char *flag[CLI_MAX_FLAGS]; /* each flag's value ("" without one); NULL: absent */
    const char *pos[CLI_MAX_POS];
    int pos_count;
} cli_args;

/* What a command does with its parser's result parsed (-1 after --help, else an exit
 * code; EXIT_OK to go on): 1 to go on, with the stored rooms of o's --rooms attached
 * when stored is not NULL (*stored: free with stored_free after the run); else 0 with
 * the exit code to return in *rc (EXIT_OK after --help; the --rooms fault said). */
int cli_ready(const char *cmd, int parsed, gen_opts *o, stored_rooms **stored, int *rc);

/* Parses argv (argv[0] the subcommand) with glibc's getopt_long: `--key value` and
 * `--key=value`, no abbreviations; each setting through gen/opts.h (so one message
 * everywhere: "delve gen: --floors: '40' is not a number in 1..32"), then
 * opts_check_given. --help prints s->help and the settings' lines and returns -1; a
 * fault is printed and returns EXIT_USAGE; else EXIT_OK. */
int cli_parse(const cli_spec *s, int argc, char **argv, cli_args *out);

/* The settings in bits as help lines ("  --floors K  ... (1..32, default 3)"), then
 * the level types when --type is one of them. */
void cli_settings_help(unsigned bits);

/* The index of flag name in s's flags, or -1. */
int cli_flag_index(const cli_spec *s, const char *name);

#endif
