/* delve completion: the bash, zsh or fish completion script, made from delve's own
 * tables, so it offers what the parsers take: the commands (main.c's cli_commands), each
 * command's options (its cli_spec: the generator settings in its mask, gen/opts.h, and
 * its flags), the level types for --type (gen/family.h), on|off for on/off settings and
 * file names where a value is a file or folder (cli_flag's values). tests/completion.sh
 * holds each command's offer to its --help. */
#include <stdio.h>
#include <string.h>

#include "app/cli.h"
#include "gen/family.h"
#include "gen/opts.h"

static void help(void)
{
    printf("usage: delve completion bash|zsh|fish\n\n"
           "Prints the shell completion script for delve: its commands, each command's\n"
           "options, the level types for --type, on|off values and file names where an\n"
           "option takes a file or folder. It is made from the tables delve's own parsers\n"
           "read, so it offers what this delve takes. `make install` puts the three\n"
           "scripts where the shells look; to try one without installing:\n"
           "  source <(delve completion bash)     # bash\n"
           "  source <(delve completion zsh)      # zsh, after compinit\n"
           "  delve completion fish | source      # fish\n");
}

const cli_spec cmd_completion_spec = { .cmd = "completion", .help = help,
                                       .words = "bash zsh fish" };

/* One option as completion offers it: "--seed", its short letter, whether it takes a
 * value, what the value completes to (cli_flag's values) and a line of help or NULL. */
typedef struct comp_opt {
    char name[48];
    char short_name;
    int has_value;
    int types;         /* 1: its values are the level types (zsh and fish show their help) */
    const char *values, *help;
} comp_opt;

#define COMP_MAX (OPTS_COUNT + CLI_MAX_FLAGS + 1)

/* The level types, space-separated, for --type's values. */
static const char *type_words(void)
{
    static char buf[512];
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < family_type_count() && n < sizeof buf; i++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i ? " " : "",
                              family_type_at(i)->name);
    return buf;
}

/* What completion offers for setting r's value. */
static const char *setting_values(const opts_row *r)
{
    switch (r->kind) {
    case OPTS_KIND_ON_OFF:
        return "on off";
    case OPTS_KIND_TYPE:
        return type_words();
    case OPTS_KIND_PATH:
        return CLI_DIRS;
    default:
        return NULL;
    }
}

/* s's options into o (COMP_MAX rows): its settings in table order, its flags, --help.
 * Returns how many. */
static int comp_opts(const cli_spec *s, comp_opt *o)
{
    int n = 0;
    for (int id = 0; id < OPTS_COUNT; id++) {
        const opts_row *r = opts_get((opts_id)id);
        if (!(s->settings & OPTS_BIT(id)))
            continue;
        o[n] = (comp_opt){ .has_value = 1, .types = r->kind == OPTS_KIND_TYPE,
                           .values = setting_values(r), .help = r->help };
        snprintf(o[n++].name, sizeof o[0].name, "--%s", r->key);
    }
    for (int i = 0; i < s->flag_count && i < CLI_MAX_FLAGS; i++) {
        const cli_flag *f = &s->flags[i];
        o[n] = (comp_opt){ .short_name = f->short_name, .has_value = f->has_value,
                           .values = f->values };
        snprintf(o[n++].name, sizeof o[0].name, "--%s", f->name);
    }
    o[n] = (comp_opt){ .name = "--help", .short_name = 'h', .help = "print the help" };
    return n + 1;
}

/* s between single quotes for sh, bash and zsh: ' as '\''. */
static void put_quoted(const char *s)
{
    putchar('\'');
    for (; *s; s++) {
        if (*s == '\'')
            fputs("'\\'", stdout); /* closes the quotes, a quoted ', opens them again */
        putchar(*s);
    }
    putchar('\'');
}

/* ---- bash ---- */

static const char BASH_HEAD[] =
    "# bash completion for delve. `delve completion bash` made it from delve's own tables:\n"
    "# its commands, each command's options, the generator settings and the level types.\n"
    "\n"
    "# _delve_reply WHAT CUR: COMPREPLY from WHAT: <file>, <dir>, *.EXT (such files and\n"
    "# folders) or words\n"
    "_delve_reply() {\n"
    "  case $1 in\n"
    "    '<file>') compopt -o filenames 2> /dev/null\n"
    "      mapfile -t COMPREPLY < <(compgen -f -- \"$2\") ;;\n"
    "    '<dir>') compopt -o filenames 2> /dev/null\n"
    "      mapfile -t COMPREPLY < <(compgen -d -- \"$2\") ;;\n"
    "    '*'*) compopt -o filenames 2> /dev/null\n"
    "      mapfile -t COMPREPLY < <(compgen -f -X \"!$1\" -- \"$2\"; compgen -d -- \"$2\") ;;\n"
    "    *) mapfile -t COMPREPLY < <(compgen -W \"$1\" -- \"$2\") ;;\n"
    "  esac\n"
    "}\n"
    "\n"
    "_delve() {\n"
    "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
    "  local cmd=${COMP_WORDS[1]} pre= v= opts= words=\n"
    "  COMPREPLY=()\n"
    "  # --key=value: one word, or three when COMP_WORDBREAKS holds '='\n"
    "  if [ \"$cur\" = = ]; then cur=\n"
    "  elif [ \"$prev\" = = ] && [ \"$COMP_CWORD\" -ge 3 ]; then prev=${COMP_WORDS[COMP_CWORD-2]}\n"
    "  elif [[ $cur == --*=* ]]; then prev=${cur%%=*} pre=${cur%%=*}= cur=${cur#*=}\n"
    "  fi\n";

static const char BASH_TAIL[] =
    "  if [ -n \"$v\" ]; then\n"
    "    [ \"$v\" = - ] || _delve_reply \"$v\" \"$cur\"\n"
    "    [ -z \"$pre\" ] || COMPREPLY=(\"${COMPREPLY[@]/#/$pre}\")\n"
    "    return\n"
    "  fi\n"
    "  [ -z \"$pre\" ] || return\n"
    "  # words of a kind (merge's shots, check, stats) come first, then files\n"
    "  case $words in\n"
    "    '<'*|'*'*) ;;\n"
    "    *) [ -n \"$words\" ] && [ \"$COMP_CWORD\" -gt 2 ] && words='<file>' ;;\n"
    "  esac\n"
    "  if [[ $cur == -* ]] || [ -z \"$words\" ]; then\n"
    "    _delve_reply \"$opts\" \"$cur\"\n"
    "  else\n"
    "    _delve_reply \"$words\" \"$cur\"\n"
    "  fi\n"
    "}\n"
    "complete -F _delve delve\n";

/* The case over "CMD OPTION" that sets v to what the option's value completes to ("-":
 * nothing, but it takes one), one line per option with a value. */
static void bash_values(void)
{
    comp_opt o[COMP_MAX];
    printf("  case \"$cmd $prev\" in\n");
    for (int c = 0; c < cli_command_count; c++) {
        int n = comp_opts(cli_commands[c].spec, o);
        for (int i = 0; i < n; i++) {
            if (!o[i].has_value)
                continue;
            printf("    '%s %s'", cli_commands[c].name, o[i].name);
            if (o[i].short_name)
                printf("|'%s -%c'", cli_commands[c].name, o[i].short_name);
            printf(") v=");
            put_quoted(o[i].values ? o[i].values : "-");
            printf(" ;;\n");
        }
    }
    printf("  esac\n");
}

/* The case over the command that sets opts (its options) and words (its plain words). */
static void bash_commands(void)
{
    comp_opt o[COMP_MAX];
    printf("  if [ \"$COMP_CWORD\" -eq 1 ]; then\n    _delve_reply '");
    for (int c = 0; c < cli_command_count; c++)
        printf("%s ", cli_commands[c].name);
    printf("--help --version' \"$cur\"\n    return\n  fi\n");
    bash_values();
    printf("  case $cmd in\n");
    for (int c = 0; c < cli_command_count; c++) {
        int n = comp_opts(cli_commands[c].spec, o);
        printf("    %s) opts='", cli_commands[c].name);
        for (int i = 0; i < n; i++) {
            printf("%s%s", i ? " " : "", o[i].name);
            if (o[i].short_name)
                printf(" -%c", o[i].short_name);
        }
        printf("' words=");
        put_quoted(cli_commands[c].spec->words ? cli_commands[c].spec->words : "");
        printf(" ;;\n");
    }
    printf("    *) return ;;\n  esac\n");
}

static void bash_script(void)
{
    fputs(BASH_HEAD, stdout);
    bash_commands();
    fputs(BASH_TAIL, stdout);
}

/* ---- zsh ---- */

/* s as the explanation inside an _arguments spec's brackets, within single quotes. */
static void zsh_explanation(const char *s)
{
    putchar('[');
    for (; s && *s; s++) {
        if (*s == '\'')
            fputs("'\\''", stdout);
        else if (*s == '[' || *s == ']' || *s == ':' || *s == '\\')
            printf("\\%c", *s);
        else
            putchar(*s);
    }
    putchar(']');
}

/* A value's action: (words), _files, _files -/, _files -g '*.EXT'. */
static void zsh_action(const char *values)
{
    if (!values)
        printf(" ");
    else if (!strcmp(values, CLI_FILES))
        printf("_files");
    else if (!strcmp(values, CLI_DIRS))
        printf("_files -/");
    else if (values[0] == '*')
        printf("_files -g \"%s\"", values);
    else
        printf("(%s)", values);
}

/* --type's action: each level type with its line of help, ((rooms\:"rooms and ...")),
 * within an _arguments spec's single quotes. */
static void zsh_types(void)
{
    printf("((");
    for (int i = 0; i < family_type_count(); i++) {
        printf("%s%s\\:\"", i ? " " : "", family_type_at(i)->name);
        for (const char *s = family_type_at(i)->help; *s; s++) {
            if (*s == '\'')
                fputs("'\\''", stdout);
            else if (strchr("\"\\:$`", *s))
                printf("\\%c", *s);
            else
                putchar(*s);
        }
        putchar('"');
    }
    printf("))");
}

/* One option's spec (and its short twin's), each on a line of its own. */
static void zsh_option(const comp_opt *o)
{
    for (int twin = 0; twin < 1 + (o->short_name != 0); twin++) {
        printf("      '");
        if (o->short_name)
            printf("(-%c %s)", o->short_name, o->name);
        if (twin)
            printf("-%c%s", o->short_name, o->has_value ? "+" : "");
        else
            printf("%s%s", o->name, o->has_value ? "=" : "");
        zsh_explanation(o->help ? o->help : o->name + 2);
        if (o->has_value) {
            printf(":value:");
            if (o->types)
                zsh_types();
            else
                zsh_action(o->values);
        }
        printf("' \\\n");
    }
}

/* One command's _arguments call. */
static void zsh_command(const cli_command *c)
{
    comp_opt o[COMP_MAX];
    int n = comp_opts(c->spec, o);
    const char *w = c->spec->words;
    printf("    %s)\n      _arguments -s -S \\\n", c->name);
    for (int i = 0; i < n; i++)
        zsh_option(&o[i]);
    if (w && w[0] != '<' && w[0] != '*') {
        printf("      '1:%s:(%s)' \\\n      '*:file:_files'\n", c->name, w);
    } else if (w) {
        printf("      '*:file:");
        zsh_action(w);
        printf("'\n");
    } else {
        printf("      && return\n");
    }
    printf("      ;;\n");
}

static void zsh_script(void)
{
    printf("#compdef delve\n"
           "# zsh completion for delve. `delve completion zsh` made it from delve's own\n"
           "# tables: its commands, each command's options, the generator settings and the\n"
           "# level types. In a folder of $fpath as _delve, or sourced after compinit.\n\n"
           "_delve() {\n  local -a cmds\n  cmds=(\n");
    for (int c = 0; c < cli_command_count; c++) {
        char line[160];
        snprintf(line, sizeof line, "%s:%s", cli_commands[c].name, cli_commands[c].help);
        printf("    ");
        put_quoted(line);
        printf("\n");
    }
    printf("  )\n"
           "  if (( CURRENT == 2 )); then\n"
           "    _describe -t commands 'delve command' cmds\n"
           "    return\n"
           "  fi\n"
           "  local cmd=${words[2]}\n"
           "  shift words\n"
           "  (( CURRENT-- ))\n"
           "  case $cmd in\n");
    for (int c = 0; c < cli_command_count; c++)
        zsh_command(&cli_commands[c]);
    printf("  esac\n"
           "}\n\n"
           "if [ \"$funcstack[1]\" = _delve ]; then\n"
           "  _delve \"$@\"\n"
           "else\n"
           "  compdef _delve delve\n"
           "fi\n");
}

/* ---- fish ---- */

/* s in single quotes for fish: ' and \ escaped. */
static void fish_quoted(const char *s)
{
    putchar('\'');
    for (; *s; s++) {
        if (*s == '\'' || *s == '\\')
            putchar('\\');
        putchar(*s);
    }
    putchar('\'');
}

/* The arguments that say what a value (or a plain word) completes to. */
static void fish_values(const char *values)
{
    if (!values)
        printf(" -x");
    else if (!strcmp(values, CLI_FILES))
        printf(" -r -F");
    else if (!strcmp(values, CLI_DIRS))
        printf(" -x -a '(__fish_complete_directories)'");
    else if (values[0] == '*')
        printf(" -x -a '(__fish_complete_suffix %s)'", values + 1);
    else
        printf(" -x -a '%s'", values);
}

static void fish_command(const cli_command *c)
{
    comp_opt o[COMP_MAX];
    int n = comp_opts(c->spec, o);
    const char *w = c->spec->words;
    for (int i = 0; i < n; i++) {
        printf("complete -c delve -n '__fish_seen_subcommand_from %s' -l %s", c->name,
               o[i].name + 2);
        if (o[i].short_name)
            printf(" -s %c", o[i].short_name);
        if (o[i].has_value)
            fish_values(o[i].types ? NULL : o[i].values);
        if (o[i].help) {
            printf(" -d ");
            fish_quoted(o[i].help);
        }
        printf("\n");
        for (int t = 0; o[i].types && t < family_type_count(); t++) {
            printf("complete -c delve -n '__fish_seen_subcommand_from %s' -l %s -x -a %s -d ",
                   c->name, o[i].name + 2, family_type_at(t)->name);
            fish_quoted(family_type_at(t)->help);
            printf("\n");
        }
    }
    if (w) {
        printf("complete -c delve -n '__fish_seen_subcommand_from %s'", c->name);
        fish_values(w);
        printf("\n");
    }
}

static void fish_script(void)
{
    printf("# fish completion for delve. `delve completion fish` made it from delve's own\n"
           "# tables: its commands, each command's options, the generator settings and the\n"
           "# level types.\n\n"
           "complete -c delve -f\n");
    for (int c = 0; c < cli_command_count; c++) {
        printf("complete -c delve -n __fish_use_subcommand -a %s -d ", cli_commands[c].name);
        fish_quoted(cli_commands[c].help);
        printf("\n");
    }
    for (int c = 0; c < cli_command_count; c++)
        fish_command(&cli_commands[c]);
}

int cmd_completion(int argc, char **argv)
{
    static const struct {
        const char *shell;
        void (*script)(void);
    } SHELLS[] = { { "bash", bash_script }, { "zsh", zsh_script }, { "fish", fish_script } };
    if (argc >= 2 && cli_is_help(argv[1])) {
        help();
        return EXIT_OK;
    }
    if (argc != 2)
        return cli_usage_error("completion", "one shell: bash, zsh or fish");
    for (size_t i = 0; i < sizeof SHELLS / sizeof SHELLS[0]; i++) {
        if (strcmp(argv[1], SHELLS[i].shell))
            continue;
        SHELLS[i].script();
        delve_err err = { "" };
        delve_status st = cli_stdout("", 0, &err);
        return st || ferror(stdout) ? cli_fail("completion", st ? st : DELVE_EIO, &err)
                                    : EXIT_OK;
    }
    return cli_usage_error("completion", "'%s': bash, zsh or fish", argv[1]);
}
