/* delve sheet: a contact sheet made again from a film's folder (frames/ and events.tsv),
 * with other columns or another pick of frames than the film's script asked for. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "engine/fsio.h"
#include "films/film.h"
#include "films/recorder.h"
#include "render/png.h"
#include "render/sheet.h"

#define SHEET_TSV_MAX_BYTES (64u << 20)
#define SHEET_MAX_COLS 64

static void help(void)
{
    printf("usage: delve sheet FILM_DIR -o SHEET.png [--columns N] [--pick P] [--title T]\n\n"
           "Makes a captioned contact sheet from FILM_DIR/frames/frame_*.png and\n"
           "FILM_DIR/events.tsv (what `delve film` wrote). --pick is events (frames with an\n"
           "event, the default), every=N (events and every Nth frame) or all. A missing\n"
           "frame keeps its cell as a labelled blank. A sheet that would pass 16000 px is\n"
           "split into SHEET-1.png, SHEET-2.png ... Health bars are scaled to each member's\n"
           "highest health in the film (events.tsv has no maximum).\n");
}

typedef struct sheet_args {
    const char *dir, *out, *title;
    int columns, pick_every;
    sheet_pick pick;
} sheet_args;

static int parse_pick(const char *v, sheet_args *a)
{
    if (!strcmp(v, "events"))
        a->pick = PICK_EVENTS;
    else if (!strcmp(v, "all"))
        a->pick = PICK_ALL;
    else if (!strncmp(v, "every=", 6) && cli_int("sheet", "--pick every=", v + 6, 1, 100000,
                                                  &a->pick_every))
        a->pick = PICK_EVERY;
    else
        return 0;
    return 1;
}

static int parse(int argc, char **argv, sheet_args *a)
{
    *a = (sheet_args){ .columns = 6, .pick = PICK_EVENTS };
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        if (cli_is_help(o)) {
            help();
            return -1;
        }
        if (o[0] != '-') {
            if (a->dir)
                return cli_usage_error("sheet", "one film folder at a time");
            a->dir = o;
            continue;
        }
        if (strcmp(o, "-o") && strcmp(o, "--columns") && strcmp(o, "--pick") &&
            strcmp(o, "--title"))
            return cli_usage_error("sheet", "unknown option '%s'", o);
        if (!(v = cli_value("sheet", argc, argv, &i)))
            return EXIT_USAGE;
        if (!strcmp(o, "-o"))
            a->out = v;
        else if (!strcmp(o, "--title"))
            a->title = v;
        else if (!strcmp(o, "--columns") && !cli_int("sheet", o, v, 1, SHEET_MAX_COLS, &a->columns))
            return EXIT_USAGE;
        else if (!strcmp(o, "--pick") && !parse_pick(v, a))
            return cli_usage_error("sheet", "--pick is events, every=N or all, not '%s'", v);
    }
    if (!a->dir || !a->out)
        return cli_usage_error("sheet", "needs a film folder and -o SHEET.png");
    return EXIT_OK;
}

/* The columns of events.tsv this command reads. */
typedef struct tsv_cols {
    int frame, time, floor, event, caption, n;
    int health[PARTY_MAX], members;
} tsv_cols;

/* Splits line (modified) at tabs into f[]; returns the field count. */
static int split(char *line, char **f, int max)
{
    int n = 0;
    for (char *p = line; n < max;) {
        f[n++] = p;
        p = strchr(p, '\t');
        if (!p)
            break;
        *p++ = '\0';
    }
    return n;
}

static delve_status read_header(const char *tsv, char *line, tsv_cols *c, delve_err *err)
{
    char *f[64];
    int n = split(line, f, 64);
    memset(c, -1, sizeof *c);
    c->members = 0;
    c->n = n;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(f[i]);
        if (!strcmp(f[i], "frame")) c->frame = i;
        else if (!strcmp(f[i], "time_s")) c->time = i;
        else if (!strcmp(f[i], "floor")) c->floor = i;
        else if (!strcmp(f[i], "event")) c->event = i;
        else if (!strcmp(f[i], "caption")) c->caption = i;
        else if (len > 7 && !strcmp(f[i] + len - 7, "_health") && c->members < PARTY_MAX)
            c->health[c->members++] = i;
    }
    if (c->frame < 0 || c->time < 0 || c->floor < 0 || c->event < 0)
        return delve_fail_at(err, DELVE_EINPUT, tsv, 1, 1,
                             "not a delve events.tsv (needs frame, time_s, floor, event)");
    return DELVE_OK;
}

static int wanted(const sheet_args *a, int frame_no, const char *word)
{
    int is_event = strcmp(word, "step") != 0;
    if (a->pick == PICK_ALL)
        return 1;
    if (a->pick == PICK_EVERY)
        return is_event || frame_no % a->pick_every == 0;
    return is_event;
}

typedef struct sheet_job {
    const sheet_args *a;
    const char *tsv_path;
    char frames[FILM_PATH_MAX + 16];
    sheet_cell *cells;
    canvas *thumbs;
    int n, cap, total, thumb_w, thumb_h;
} sheet_job;

/* Loads the frame's thumbnail into cell k, or leaves it missing. */
static delve_status load_thumb(sheet_job *j, int k, delve_err *err)
{
    char fpath[FILM_PATH_MAX + 48];
    snprintf(fpath, sizeof fpath, "%s/frame_%04d.png", j->frames, j->cells[k].frame_no);
    canvas full;
    if (png_read(fpath, &full, NULL) != DELVE_OK)
        return DELVE_OK; /* a missing or broken frame keeps its cell as a blank */
    if (!j->thumb_w) {
        j->thumb_w = full.w / 4 > 0 ? full.w / 4 : 1;
        j->thumb_h = full.h / 4 > 0 ? full.h / 4 : 1;
    }
    delve_status st = canvas_init(&j->thumbs[k], j->thumb_w, j->thumb_h, err);
    if (!st) {
        canvas_blit_scaled(&j->thumbs[k], &full, 0, 0, j->thumb_w, j->thumb_h);
        j->cells[k].thumb = &j->thumbs[k];
    }
    canvas_free(&full);
    return st;
}

static delve_status add_row(sheet_job *j, const tsv_cols *c, char **f, int nf, int line,
                            delve_err *err)
{
    if (nf < c->n)
        return delve_fail_at(err, DELVE_EINPUT, j->tsv_path, line, 1,
                             "%d fields, the header has %d", nf, c->n);
    int frame_no = atoi(f[c->frame]);
    j->total = frame_no > j->total ? frame_no : j->total;
    if (frame_no < 1 || !wanted(j->a, frame_no, f[c->event]))
        return DELVE_OK;
    if (j->n == j->cap) {
        int cap = j->cap ? j->cap * 2 : 64;
        sheet_cell *nc = realloc(j->cells, (size_t)cap * sizeof *nc);
        canvas *nt = nc ? realloc(j->thumbs, (size_t)cap * sizeof *nt) : NULL;
        if (nc)
            j->cells = nc;
        if (!nc || !nt)
            return delve_fail(err, DELVE_ENOMEM, "out of memory");
        j->thumbs = nt;
        j->cap = cap;
    }
    sheet_cell *s = &j->cells[j->n];
    memset(s, 0, sizeof *s);
    memset(&j->thumbs[j->n], 0, sizeof j->thumbs[0]);
    s->frame_no = frame_no;
    s->time_s = atoll(f[c->time]);
    s->floor = atoi(f[c->floor]) - 1;
    snprintf(s->caption, sizeof s->caption, "%s", c->caption >= 0 ? f[c->caption] : f[c->event]);
    s->member_count = c->members;
    for (int m = 0; m < c->members; m++)
        s->health[m] = atoi(f[c->health[m]]);
    return load_thumb(j, j->n++, err);
}

static delve_status read_events(sheet_job *j, delve_err *err)
{
    char *text;
    size_t len;
    delve_status st = fsio_read_all(j->tsv_path, SHEET_TSV_MAX_BYTES, &text, &len, err);
    if (st)
        return st;
    tsv_cols c;
    int line = 0;
    char *save = NULL;
    for (char *l = strtok_r(text, "\n", &save); l && !st; l = strtok_r(NULL, "\n", &save)) {
        char *f[64];
        if (++line == 1) {
            st = read_header(j->tsv_path, l, &c, err);
            continue;
        }
        if (line > RECORDER_MAX_FRAMES + 1)
            st = delve_fail_at(err, DELVE_ELIMIT, j->tsv_path, line, 1, "more than %d frames",
                               RECORDER_MAX_FRAMES);
        else
            st = add_row(j, &c, f, split(l, f, 64), line, err);
    }
    if (!st && line == 0)
        st = delve_fail_at(err, DELVE_EINPUT, j->tsv_path, 1, 1, "empty events.tsv");
    free(text);
    return st;
}

/* Each member's highest health in the film stands for their maximum. */
static void set_max_health(sheet_job *j)
{
    for (int m = 0; j->n > 0 && m < j->cells[0].member_count; m++) {
        int max = 1;
        for (int i = 0; i < j->n; i++)
            max = j->cells[i].health[m] > max ? j->cells[i].health[m] : max;
        for (int i = 0; i < j->n; i++)
            j->cells[i].max_health[m] = max;
    }
}

static delve_status write_pages(sheet_job *j, const char *out, const char *title,
                                int columns, int *pages_out, delve_err *err)
{
    sheet_opts so = { .title = title, .total_frames = j->total, .columns = columns,
                      .thumb_w = j->thumb_w ? j->thumb_w : 320,
                      .thumb_h = j->thumb_h ? j->thumb_h : 180,
                      .members = j->n ? j->cells[0].member_count : 0 };
    if (j->n > 0 && j->n < so.columns)
        so.columns = j->n;
    text_ctx *txt;
    delve_status st = text_open(&txt, NULL, err);
    if (st)
        return st;
    int per = sheet_cells_per_page(&so), pages = j->n ? (j->n + per - 1) / per : 1;
    size_t olen = strlen(out);
    int has_png = olen > 4 && !strcmp(out + olen - 4, ".png");
    for (int p = 0; !st && p < pages; p++) {
        char fpath[FILM_PATH_MAX + 32];
        if (pages == 1)
            snprintf(fpath, sizeof fpath, "%s", out);
        else
            snprintf(fpath, sizeof fpath, "%.*s-%d.png", (int)(has_png ? olen - 4 : olen), out,
                     p + 1);
        int first = p * per, n = j->n - first < per ? j->n - first : per;
        canvas sheet;
        st = sheet_render(&sheet, &so, j->cells + first, n, p + 1, pages, txt, err);
        if (!st)
            st = png_write(fpath, &sheet, err);
        canvas_free(&sheet);
    }
    text_close(txt);
    *pages_out = pages;
    return st;
}

int cmd_sheet(int argc, char **argv)
{
    sheet_args a;
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    sheet_job j = { .a = &a };
    char tsv[FILM_PATH_MAX + 32];
    snprintf(tsv, sizeof tsv, "%s/events.tsv", a.dir);
    snprintf(j.frames, sizeof j.frames, "%s/frames", a.dir);
    j.tsv_path = tsv;
    delve_err err = { "" };
    const char *base = strrchr(a.dir, '/');
    const char *title = a.title ? a.title : base && base[1] ? base + 1 : a.dir;
    int pages = 0;
    delve_status st = read_events(&j, &err);
    if (!st) {
        set_max_health(&j);
        st = write_pages(&j, a.out, title, a.columns, &pages, &err);
    }
    for (int i = 0; i < j.n; i++)
        canvas_free(&j.thumbs[i]);
    free(j.cells);
    free(j.thumbs);
    if (st)
        return cli_fail("sheet", st, &err);
    printf("delve sheet: %s%s (%d frames of %d)\n", a.out, pages > 1 ? " split in pages" : "",
           j.n, j.total);
    return EXIT_OK;
}
