/* external: another program's .dun, run per seed (docs/generators.md). */
#include "gen/external.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/fsio.h"
#include "base/proc.h"
#include "base/words.h"
#include "engine/dun.h"

/* Programs that run a script named after them: the generator is named by the script. */
static const char *const INTERPRETERS[] = { "python", "pypy", "sh", "bash", "dash", "zsh",
                                            "perl", "ruby", "node", "lua", "env", "Rscript",
                                            "julia", "php", "tclsh", "java" };

/* A run's words and how to show them. */
typedef struct cmd {
    words w;
    char shown[600];   /* the command filled, as a person reads it */
    char tmpdir[256];  /* {out}'s folder, "" when the command has no {out} */
    char out[300];     /* {out} */
} cmd;

/* The values of {seed}, {floors}, {floor} and {out} for seed into v (numbers as text in
 * num). */
static void fill_vars(const external_gen *g, uint64_t seed, const char *out,
                      char num[3][24], words_var v[4])
{
    snprintf(num[0], 24, "%llu", (unsigned long long)seed);
    snprintf(num[1], 24, "%d", g->floors);
    snprintf(num[2], 24, "%d", g->floor);
    v[0] = (words_var){ "seed", num[0] };
    v[1] = (words_var){ "floors", num[1] };
    v[2] = (words_var){ "floor", num[2] };
    v[3] = (words_var){ "out", out };
}

/* Splits g's template for seed into c (sh -c with the script filled, with g->shell). */
static delve_status cmd_make(const external_gen *g, uint64_t seed, cmd *c, delve_err *err)
{
    char num[3][24];
    words_var v[4];
    fill_vars(g, seed, c->out, num, v);
    delve_status st;
    if (g->shell) {
        static const char *const SH[] = { "sh", "-c" };
        size_t n = 0;
        for (int i = 0; i < 2; i++)
            memcpy(c->w.buf + n, SH[i], strlen(SH[i]) + 1), n += strlen(SH[i]) + 1;
        st = words_shell_fill(g->command, v, 4, c->w.buf + n, sizeof c->w.buf - n, err);
        c->w.argc = 3;
        c->w.argv[0] = c->w.buf, c->w.argv[1] = c->w.buf + 3, c->w.argv[2] = c->w.buf + n;
        c->w.argv[3] = NULL;
        snprintf(c->shown, sizeof c->shown, "sh -c %s", c->w.argv[2]);
    } else {
        st = words_split(g->command, v, 4, &c->w, err);
        size_t n = 0;
        c->shown[0] = '\0';
        for (int i = 0; !st && i < c->w.argc && n < sizeof c->shown; i++) {
            const char *a = c->w.argv[i];
            int plain = a[0] && !a[strcspn(a, " \t'\"\\|&;<>()$`{}*?")];
            n += (size_t)snprintf(c->shown + n, sizeof c->shown - n, plain ? "%s%s" : "%s'%s'",
                                  i ? " " : "", a);
        }
    }
    return st;
}

delve_status external_check(const external_gen *g, delve_err *err)
{
    cmd *c = calloc(1, sizeof *c);
    if (!c)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    snprintf(c->out, sizeof c->out, "/tmp/out.dun");
    delve_err e = { "" };
    delve_status st = cmd_make(g, 1, c, &e);
    free(c);
    return st ? delve_fail(err, st, "--generator: %s", e.msg) : DELVE_OK;
}

/* 1 when base is an interpreter's name: one of INTERPRETERS and digits or dots after
 * it ("python3.11"). */
static int interpreter(const char *base)
{
    for (size_t k = 0; k < sizeof INTERPRETERS / sizeof INTERPRETERS[0]; k++) {
        size_t n = strlen(INTERPRETERS[k]);
        if (!strncmp(base, INTERPRETERS[k], n) && !base[n + strspn(base + n, "0123456789.")])
            return 1;
    }
    return 0;
}

void external_name(const char *command, char *buf, size_t cap)
{
    char word[256];
    int after = 0; /* 1: past an interpreter, whose options are skipped */
    buf[0] = '\0';
    for (const char *p = command; *p;) {
        p += strspn(p, " \t'\"");
        size_t n = strcspn(p, " \t'\"");
        snprintf(word, sizeof word, "%.*s", (int)(n < 255 ? n : 255), p);
        p += n;
        if (!word[0] || (after && word[0] == '-'))
            continue;
        const char *base = strrchr(word, '/') ? strrchr(word, '/') + 1 : word;
        snprintf(buf, cap, "%s", base);
        if (!(after = interpreter(base)))
            break;
    }
    if (!buf[0])
        snprintf(buf, cap, "generator");
}

/* The end of a generator's stderr on one line: newlines as " | ", other control bytes
 * as '?', at most EXTERNAL_STDERR_SHOWN bytes ("..." before a cut). */
static void stderr_end(const proc_result *r, char *buf, size_t cap)
{
    const char *t = r->err_tail;
    size_t n = strlen(t);
    while (n && (t[n - 1] == '\n' || t[n - 1] == '\r' || t[n - 1] == ' '))
        n--;
    size_t from = n > EXTERNAL_STDERR_SHOWN ? n - EXTERNAL_STDERR_SHOWN : 0, k = 0;
    if (from || r->err_len > strlen(t))
        k += (size_t)snprintf(buf, cap, "...");
    for (size_t i = from; i < n && k + 4 < cap; i++) {
        unsigned char c = (unsigned char)t[i];
        if (c == '\n')
            k += (size_t)snprintf(buf + k, cap - k, " | ");
        else if (c != '\r')
            buf[k++] = c < 32 || c == 127 ? '?' : (char)c;
    }
    buf[k < cap ? k : cap - 1] = '\0';
}

/* How the run of c went wrong, as DELVE_EFAIL into err, or DELVE_OK. */
static delve_status run_fault(const external_gen *g, const proc_result *r, const char *who,
                              const cmd *c, delve_err *err)
{
    char tail[EXTERNAL_STDERR_SHOWN + 64];
    stderr_end(r, tail, sizeof tail);
    const char *say = tail[0] ? "; its stderr ends: " : "; nothing on stderr";
    if (r->timed_out)
        return delve_fail(err, DELVE_EFAIL, "%s: still running after %d s (--generator-"
                          "timeout): its process group was killed (%s)", who,
                          g->timeout_s ? g->timeout_s : EXTERNAL_TIMEOUT_S, c->shown);
    if (r->too_big)
        return delve_fail(err, DELVE_EFAIL, "%s: printed more than %d MiB, more than a .dun "
                          "may hold: refused, its process group killed (%s)", who,
                          DUN_MAX_BYTES >> 20, c->shown);
    if (r->signal)
        return delve_fail(err, DELVE_EFAIL, "%s: killed by signal %d (%s)%s%s", who, r->signal,
                          c->shown, say, tail);
    if (r->code)
        return delve_fail(err, DELVE_EFAIL, "%s: exited with code %d (%s)%s%s", who, r->code,
                          c->shown, say, tail);
    return DELVE_OK;
}

/* The .dun text the run left: its stdout, or the {out} file. */
static delve_status run_text(const proc_result *r, const char *who, const cmd *c, char **text,
                             size_t *len, delve_err *err)
{
    if (!c->tmpdir[0]) {
        *text = r->out, *len = r->out_len;
        return r->out_len ? DELVE_OK : delve_fail(err, DELVE_EFAIL, "%s: printed nothing: a "
                                                  "generator prints a .dun on stdout or "
                                                  "writes it to {out} (%s)", who, c->shown);
    }
    delve_err e = { "" };
    delve_status st = fsio_read_all(c->out, DUN_MAX_BYTES, text, len, &e);
    if (st == DELVE_ELIMIT)
        return delve_fail(err, DELVE_EFAIL, "%s: wrote more than %d MiB to {out}, more than a "
                          ".dun may hold (%s)", who, DUN_MAX_BYTES >> 20, c->shown);
    if (st || !*len)
        return delve_fail(err, DELVE_EFAIL, "%s: wrote %s to {out} (%s)", who,
                          st ? "no file" : "an empty file", c->shown);
    return DELVE_OK;
}

/* text (len bytes) read as a .dun into d; a NUL byte is an error at its line and column. */
static delve_status read_dun(const char *text, size_t len, const char *who, const cmd *c,
                             dungeon *d, delve_err *err)
{
    const char *nul = memchr(text, '\0', len);
    delve_err e = { "" };
    if (nul) {
        int line = 1, col = 1;
        for (const char *p = text; p < nul; p++)
            col = *p == '\n' ? (line++, 1) : col + 1;
        delve_fail_at(&e, DELVE_EINPUT, EXTERNAL_OUT_NAME, line, col, "a NUL byte");
    } else if (!dun_read(EXTERNAL_OUT_NAME, text, d, &e)) {
        return DELVE_OK;
    }
    return delve_fail(err, DELVE_EFAIL, "%s: %s (%s)", who, e.msg, c->shown);
}

/* {out}'s folder, made for this run when the template names {out}. */
static delve_status out_folder(const external_gen *g, uint64_t seed, cmd *c, delve_err *err)
{
    if (!words_has(g->command, "out"))
        return DELVE_OK;
    const char *tmp = getenv("TMPDIR");
    snprintf(c->tmpdir, sizeof c->tmpdir, "%s/delve-gen-XXXXXX", tmp && tmp[0] &&
             strlen(tmp) < 200 ? tmp : "/tmp");
    if (!mkdtemp(c->tmpdir)) {
        c->tmpdir[0] = '\0';
        return delve_fail(err, DELVE_EIO, "cannot make a folder for {out} in %s",
                          tmp ? tmp : "/tmp");
    }
    snprintf(c->out, sizeof c->out, "%s/seed-%llu.dun", c->tmpdir, (unsigned long long)seed);
    return DELVE_OK;
}

/* Removes {out} and its folder (only what this run made there). */
static void out_remove(cmd *c)
{
    if (!c->tmpdir[0])
        return;
    unlink(c->out);
    rmdir(c->tmpdir);
}

/* The warning of a run that succeeded but wrote to stderr. */
static void run_warning(const proc_result *r, const char *who, delve_err *warn)
{
    char tail[EXTERNAL_STDERR_SHOWN + 64];
    warn->msg[0] = '\0';
    if (!r->err_len)
        return;
    stderr_end(r, tail, sizeof tail);
    delve_fail(warn, DELVE_OK, "%s: wrote %zu byte%s to stderr and succeeded; it ends: %s",
               who, r->err_len, r->err_len == 1 ? "" : "s", tail);
}

delve_status external_dungeon(const external_gen *g, uint64_t seed, dungeon *d,
                              delve_err *warn, delve_err *err)
{
    memset(d, 0, sizeof *d);
    warn->msg[0] = '\0';
    cmd *c = calloc(1, sizeof *c);
    if (!c)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    char name[128], who[200];
    external_name(g->command, name, sizeof name);
    snprintf(who, sizeof who, "%s seed %llu", name, (unsigned long long)seed);
    delve_err e = { "" };
    delve_status st = out_folder(g, seed, c, err);
    if (!st && (st = cmd_make(g, seed, c, &e)))
        delve_fail(err, st, "--generator: %s", e.msg);
    proc_result r = { 0 };
    proc_opts po = { .timeout_ms = (g->timeout_s ? g->timeout_s : EXTERNAL_TIMEOUT_S) * 1000,
                     .out_max = DUN_MAX_BYTES, .stop = g->stop };
    if (!st && (st = proc_run(c->w.argv, &po, &r, &e)))
        delve_fail(err, st, "%s: %s", who, e.msg);
    if (!st && r.stopped)
        st = delve_fail(err, DELVE_ESTOP, "interrupted");
    if (!st)
        st = run_fault(g, &r, who, c, err);
    char *text = NULL;
    size_t len = 0;
    if (!st)
        st = run_text(&r, who, c, &text, &len, err);
    if (!st)
        st = read_dun(text, len, who, c, d, err);
    if (!st)
        run_warning(&r, who, warn);
    if (text != r.out)
        free(text);
    proc_result_free(&r);
    out_remove(c);
    free(c);
    return st;
}
