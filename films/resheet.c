/* resheet: a contact sheet made again from a film's folder (frames/ and events.tsv, and
 * the marker's seed, floors, fps and title), with other columns or another pick of frames
 * than the script asked for (spec/films-and-review.md). */
#define _DEFAULT_SOURCE /* dirent's d_name with -std=c11 */
#include "films/resheet.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fsio.h"
#include "base/lex.h"
#include "base/outdir.h"
#include "codecs/png.h"
#include "films/events.h"
#include "render/chart.h"
#include "render/sheet.h"

#define SHEET_PATH_MAX (FILM_PATH_MAX + 64) /* a page's path, staged or placed */

typedef struct sheet_job {
    const resheet_opts *a;
    char tsv[FILM_PATH_MAX + 32];
    char frames[FILM_PATH_MAX + 16];
    sheet_cell *cells;       /* metadata of every picked frame; thumbnails per page */
    int n, cap, total, thumb_w, thumb_h;
    chart_data chart;        /* every row, picked or not */
    uint64_t seed;           /* from the folder's marker; floors 0 when it says none */
    int floors;
    int fps;                 /* from the marker too; 0 (12) for a film made before it said */
    char title[FILM_TEXT_MAX]; /* the film's title from the marker, or "" */
} sheet_job;

static delve_status grow(sheet_job *j, delve_err *err)
{
    if (j->n < j->cap)
        return DELVE_OK;
    int cap = j->cap ? j->cap * 2 : 64;
    sheet_cell *nc = realloc(j->cells, (size_t)cap * sizeof *nc);
    if (!nc)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    j->cells = nc;
    j->cap = cap;
    return DELVE_OK;
}

/* The row's point on the chart; the first row names the members. */
static delve_status add_point(sheet_job *j, const events_line *row, delve_err *err)
{
    if (j->chart.n == 0) {
        const char *names[PARTY_MAX];
        for (int m = 0; m < row->members; m++)
            names[m] = row->name[m];
        chart_begin(&j->chart, row->members, names, j->fps);
    }
    chart_point p = { .frame = row->frame, .time_s = row->time_s, .kind = chart_kind(row->event) };
    for (int m = 0; m < row->members; m++) {
        p.health[m] = row->health[m];
        p.power[m] = row->power[m];
    }
    return chart_add(&j->chart, &p, err);
}

/* An events_fn: keeps row as a cell when the pick wants its frame. */
static delve_status add_row(void *ctx, const events_line *row, delve_err *err)
{
    sheet_job *j = ctx;
    j->total = row->frame; /* frame numbers only go up */
    int is_event = row->is_event;
    delve_status st = add_point(j, row, err);
    if (st)
        return st;
    if (!film_pick_wants(j->a->pick, j->a->pick_every, row->frame, is_event) || (st = grow(j, err)))
        return st;
    sheet_cell *s = &j->cells[j->n++];
    memset(s, 0, sizeof *s);
    s->frame_no = row->frame;
    s->time_s = row->time_s;
    s->floor = row->floor - 1;
    snprintf(s->caption, sizeof s->caption, "%.*s", (int)sizeof s->caption - 1, row->caption);
    s->member_count = row->members;
    for (int m = 0; m < row->members; m++)
        s->health[m] = row->health[m];
    return DELVE_OK;
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

/* Loads frame_NNNN.png of cell k as a thumbnail into th; th->px stays NULL when the
 * frame is missing (its cell stays a labelled blank). A frame that is there but cannot
 * be read is an error naming it (png_read_max's). The first frame read sets the
 * thumbnail size (a quarter of the frame). */
static delve_status load_thumb(sheet_job *j, int k, canvas *th, delve_err *err)
{
    char fpath[FILM_PATH_MAX + 48];
    snprintf(fpath, sizeof fpath, "%s/frame_%04d.png", j->frames, j->cells[k].frame_no);
    memset(th, 0, sizeof *th);
    if (access(fpath, F_OK) != 0 && errno == ENOENT)
        return DELVE_OK;
    canvas full;
    delve_status st = png_read_max(fpath, FILM_MAX_FRAME_SIDE, &full, err);
    if (st)
        return st;
    if (!j->thumb_w) {
        j->thumb_w = full.w / 4 > 0 ? full.w / 4 : 1;
        j->thumb_h = full.h / 4 > 0 ? full.h / 4 : 1;
    }
    st = canvas_init(th, j->thumb_w, j->thumb_h, err);
    if (!st)
        canvas_blit_scaled(th, &full, 0, 0, j->thumb_w, j->thumb_h);
    canvas_free(&full);
    return st;
}

/* Renders one page, loading only its thumbnails, and writes it. */
static delve_status write_page(sheet_job *j, sheet_opts *so, int first, int n, int page,
                               int pages, const char *fpath, text_ctx *txt, delve_err *err)
{
    canvas *th = calloc((size_t)(n > 0 ? n : 1), sizeof *th);
    if (!th)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    delve_status st = DELVE_OK;
    for (int i = 0; !st && i < n; i++) {
        st = load_thumb(j, first + i, &th[i], err);
        j->cells[first + i].thumb = th[i].px ? &th[i] : NULL;
    }
    canvas sheet = { 0 };
    if (!st)
        st = sheet_render(&sheet, so, j->cells + first, n, page, pages, txt, err);
    if (!st)
        st = png_write(fpath, &sheet, err);
    canvas_free(&sheet);
    for (int i = 0; i < n; i++) {
        canvas_free(&th[i]);
        j->cells[first + i].thumb = NULL;
    }
    free(th);
    return st;
}

/* The thumbnail size, from the first frame that is there. */
static delve_status find_thumb_size(sheet_job *j, delve_err *err)
{
    delve_status st = DELVE_OK;
    for (int i = 0; !st && i < j->n && !j->thumb_w; i++) {
        canvas th;
        st = load_thumb(j, i, &th, err);
        canvas_free(&th);
    }
    return st;
}

/* Page p (1-based) of pages goes to OUT itself for one page, else OUT-p.png (OUT's
 * ".png" dropped); it is written first to staged, a hidden name beside it. */
static delve_status page_paths(const char *out, int p, int pages, char *fpath, char *staged,
                               delve_err *err)
{
    size_t olen = strlen(out);
    int has_png = olen > 4 && !strcmp(out + olen - 4, ".png");
    int len = pages == 1 ? snprintf(fpath, SHEET_PATH_MAX, "%s", out)
                         : snprintf(fpath, SHEET_PATH_MAX, "%.*s-%d.png",
                                    (int)(has_png ? olen - 4 : olen), out, p);
    const char *slash = strrchr(fpath, '/');
    int dlen = slash ? (int)(slash - fpath) + 1 : 0;
    if (len < 0 || len >= SHEET_PATH_MAX - 32)
        return delve_fail(err, DELVE_EIO, "output name too long: %.60s...", out);
    snprintf(staged, SHEET_PATH_MAX, "%.*s.%s.delve-tmp-%ld", dlen, fpath, fpath + dlen,
             (long)getpid());
    return DELVE_OK;
}

/* Is file a regular file (not a link) that starts as a PNG does? */
static int is_png_file(const char *file)
{
    struct stat sb;
    unsigned char sig[8] = { 0 };
    FILE *f = lstat(file, &sb) == 0 && S_ISREG(sb.st_mode) ? fopen(file, "rb") : NULL;
    int png = f && fread(sig, 1, sizeof sig, f) == sizeof sig &&
              !memcmp(sig, "\x89PNG\r\n\x1a\n", sizeof sig);
    if (f)
        fclose(f);
    return png;
}

/* N when name is prefix followed by N (from 1, no leading zero) and ".png"; else 0. */
static long page_of(const char *name, const char *prefix)
{
    size_t n = strlen(name), k = strlen(prefix);
    if (n < k + 5 || strncmp(name, prefix, k) || strcmp(name + n - 4, ".png") ||
        name[k] == '0')
        return 0;
    long p = 0;
    for (const char *c = name + k; c < name + n - 4; c++) {
        if (*c < '0' || *c > '9' || p > 1000000)
            return 0;
        p = p * 10 + (*c - '0');
    }
    return p;
}

/* The pages of an earlier sheet at OUT that this one of `pages` did not write again:
 * OUT itself after a split sheet, and every OUT-N.png (named as page_paths names pages)
 * with N past the last page written (all of them after a single page), gaps or not; PNG
 * files only. Left in place, they read as part of the new sheet. */
static void remove_stale(const char *out, int pages)
{
    char first[SHEET_PATH_MAX], staged[SHEET_PATH_MAX], file[SHEET_PATH_MAX * 2];
    if (pages > 1 && is_png_file(out))
        unlink(out);
    if (page_paths(out, 1, 2, first, staged, NULL))
        return;
    first[strlen(first) - 5] = '\0'; /* "DIR/NAME-1.png" to "DIR/NAME-" */
    char *slash = strrchr(first, '/');
    const char *prefix = slash ? slash + 1 : first;
    if (slash)
        *slash = '\0';
    const char *dir = !slash ? "." : first[0] ? first : "/";
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        long p = page_of(e->d_name, prefix);
        snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
        if (p > (pages > 1 ? pages : 0) && is_png_file(file))
            unlink(file);
    }
    if (d)
        closedir(d);
}

/* Moves every staged page into place once all are made (and no Ctrl-C came), or
 * removes them: an interrupted or failed run leaves the earlier sheet as it was. */
static delve_status place_pages(const char *out, int made, int pages, delve_status st,
                                const volatile sig_atomic_t *stop, delve_err *err)
{
    char fpath[SHEET_PATH_MAX], staged[SHEET_PATH_MAX];
    if (!st)
        st = delve_stopped(stop, err);
    for (int p = 1; p <= made; p++) {
        if (page_paths(out, p, pages, fpath, staged, NULL))
            continue;
        if (st)
            unlink(staged);
        else if (rename(staged, fpath) != 0)
            st = delve_fail(err, DELVE_EIO, "cannot write %s: %s", fpath, strerror(errno));
    }
    if (!st)
        remove_stale(out, pages);
    return st;
}

/* The chart alone, as wide as the sheet's band for so, into fpath. */
static delve_status write_chart(sheet_job *j, const sheet_opts *so, const char *fpath,
                                text_ctx *txt, delve_err *err)
{
    int x, y, w;
    canvas c = { 0 };
    sheet_chart_rect(so, &x, &y, &w);
    delve_status st = canvas_init(&c, w, CHART_H, err);
    if (!st) {
        chart_render(&c, &j->chart, txt);
        st = png_write(fpath, &c, err);
    }
    canvas_free(&c);
    return st;
}

/* The dungeon's seed and floor count from the line "seed N floors K" that `delve film`
 * adds to its folder's marker (base/outdir.h), the film's fps from "fps F" and its
 * title from "title T"; floors and fps stay 0 and the title "" when there is none (a
 * title with a control byte, or too long for a script's, is taken as none). */
static void read_dungeon(sheet_job *j, const char *dir)
{
    char p[FILM_PATH_MAX + 32], *text = NULL;
    size_t len = 0, stop = 0;
    snprintf(p, sizeof p, "%s/%s", dir, OUTDIR_MARKER);
    if (fsio_read_all(p, 4096, &text, &len, NULL))
        return;
    const char *at = strstr(text, "\nseed ");
    uint64_t seed = 0;
    int floors = 0;
    if (at && lex_parse_u64(at + 6, strcspn(at + 6, " \n"), UINT64_MAX, &seed, &stop) == LEX_OK &&
        !strncmp(at + 6 + stop, " floors ", 8) &&
        lex_parse_int(at + 14 + stop, strcspn(at + 14 + stop, "\n"), 1, DUNGEON_MAX_FLOORS,
                      &floors, NULL) == LEX_OK) {
        j->seed = seed;
        j->floors = floors;
    }
    const char *f = strstr(text, "\nfps ");
    int fps = 0;
    if (f && lex_parse_int(f + 5, strcspn(f + 5, "\n"), 1, FILM_FPS_MAX, &fps, NULL) == LEX_OK)
        j->fps = fps;
    const char *t = strstr(text, "\ntitle ");
    size_t tn = t ? strcspn(t + 7, "\n") : 0;
    int plain = tn > 0 && tn < sizeof j->title;
    for (size_t i = 0; plain && i < tn; i++)
        plain = (unsigned char)t[7 + i] >= 0x20 && t[7 + i] != 0x7f;
    if (plain)
        snprintf(j->title, sizeof j->title, "%.*s", (int)tn, t + 7);
    free(text);
}

/* Every page (or the chart alone), staged and then placed together. */
static delve_status write_pages(sheet_job *j, const char *out, const char *title,
                                int columns, int *pages_out, delve_err *err)
{
    delve_status st = find_thumb_size(j, err);
    if (st)
        return st;
    sheet_opts so = { .title = title, .total_frames = j->total, .columns = columns,
                      .thumb_w = j->thumb_w ? j->thumb_w : 320,
                      .thumb_h = j->thumb_h ? j->thumb_h : 180,
                      .members = j->n ? j->cells[0].member_count : 0,
                      .seed = j->seed, .floors = j->floors, .chart = &j->chart };
    if (j->n > 0 && j->n < so.columns)
        so.columns = j->n;
    text_ctx *txt;
    st = text_open(&txt, NULL, err);
    if (st)
        return st;
    int per = sheet_cells_per_page(&so), made = 0;
    int pages = j->a->chart_only ? 1 : j->n ? (j->n + per - 1) / per : 1;
    for (int p = 0; !st && p < pages; p++) {
        char fpath[SHEET_PATH_MAX], staged[SHEET_PATH_MAX];
        int first = p * per, n = j->n - first < per ? j->n - first : per;
        st = page_paths(out, p + 1, pages, fpath, staged, err);
        if (!st)
            st = delve_stopped(j->a->stop, err);
        if (!st && j->a->chart_only)
            st = write_chart(j, &so, staged, txt, err);
        else if (!st)
            st = write_page(j, &so, first, n, p + 1, pages, staged, txt, err);
        made += !st;
    }
    text_close(txt);
    *pages_out = pages;
    return place_pages(out, made, pages, st, j->a->stop, err);
}

delve_status resheet_make(const resheet_opts *o, resheet_result *r, delve_err *err)
{
    sheet_job j = { .a = o };
    memset(r, 0, sizeof *r);
    snprintf(j.tsv, sizeof j.tsv, "%s/events.tsv", o->dir);
    snprintf(j.frames, sizeof j.frames, "%s/frames", o->dir);
    const char *base = strrchr(o->dir, '/');
    read_dungeon(&j, o->dir);
    const char *title = o->title     ? o->title
                        : j.title[0] ? j.title
                        : base && base[1] ? base + 1 : o->dir;
    delve_status st = events_read(j.tsv, add_row, &j, err);
    if (!st) {
        set_max_health(&j);
        st = write_pages(&j, o->out, title, o->columns, &r->pages, err);
    }
    r->frames = j.total;
    r->picked = j.n;
    free(j.cells);
    chart_free(&j.chart);
    return st;
}
