/* sheet: the contact sheet. Page layout, top to bottom: the header band (title; seed,
 * floors, frames shown, page), then rows of cells with SHEET_GUTTER px gutters; a cell
 * is the thumbnail, a caption strip ("#12  Day 1 08:14  F2" and the event caption),
 * then one SHEET_BAR_H px health bar per member, green for health left and red for
 * health lost, so the bars visibly drop after a fall and come back at a font. With a
 * chart, the band of render/chart.h under the header, at least CHART_MIN_W wide (the
 * page widens for it), and the cells under it. */
#include "render/sheet.h"

#include <stdio.h>

#include "engine/world.h"
#include "render/look.h"

typedef struct sheet_layout {
    int columns, thumb_w, thumb_h, members;
    int cell_w, cell_h, w;
    int top;              /* the first row of cells: under the header and the chart */
} sheet_layout;

static sheet_layout layout(const sheet_opts *o)
{
    sheet_layout l;
    l.columns = o->columns > 0 ? o->columns : 6;
    l.thumb_w = o->thumb_w > 0 ? o->thumb_w : 320;
    l.thumb_h = o->thumb_h > 0 ? o->thumb_h : 180;
    l.members = o->members > 0 && o->members <= PARTY_MAX ? o->members : PARTY_MAX;
    l.cell_w = l.thumb_w;
    l.cell_h = l.thumb_h + SHEET_STRIP_H + l.members * (SHEET_BAR_H + SHEET_BAR_GAP);
    l.w = SHEET_GUTTER + l.columns * (l.cell_w + SHEET_GUTTER);
    l.top = SHEET_HEADER_H + SHEET_GUTTER;
    if (o->chart) {
        if (l.w < CHART_MIN_W + 2 * SHEET_GUTTER)
            l.w = CHART_MIN_W + 2 * SHEET_GUTTER;
        l.top += CHART_H + SHEET_GUTTER;
    }
    return l;
}

void sheet_chart_rect(const sheet_opts *o, int *x, int *y, int *w)
{
    sheet_layout l = layout(o);
    *x = SHEET_GUTTER;
    *y = SHEET_HEADER_H + SHEET_GUTTER;
    *w = l.w - 2 * SHEET_GUTTER;
}

int sheet_rows_per_page(const sheet_opts *o)
{
    sheet_layout l = layout(o);
    int rows = (SHEET_MAX_SIDE - l.top) / (l.cell_h + SHEET_GUTTER);
    return rows > 0 ? rows : 1;
}

int sheet_cells_per_page(const sheet_opts *o)
{
    return sheet_rows_per_page(o) * layout(o).columns;
}

static void header(canvas *c, const sheet_opts *o, const sheet_cell *cells, int n, int page,
                   int pages, text_ctx *t)
{
    char buf[256], line[256];
    int shown = 0;
    for (int i = 0; i < n; i++)
        shown += cells[i].thumb != NULL;
    canvas_fill_rect(c, 0, 0, c->w, SHEET_HEADER_H, LOOK_PANEL);
    canvas_fill_rect(c, 0, SHEET_HEADER_H - 2, c->w, 2, LOOK_PANEL_EDGE);
    text_draw(c, t, SHEET_GUTTER + 4, 10, 22, TEXT_BOLD, LOOK_TEXT,
              text_fit(t, 22, TEXT_BOLD, c->w - 24, o->title ? o->title : "delve film", buf,
                       sizeof buf));
    int k = o->note ? snprintf(line, sizeof line, "%s", o->note)
            : o->floors > 0 /* 0: remade from frames alone, seed unknown */
                ? snprintf(line, sizeof line, "seed %llu   floors %d   %d frames of %d shown",
                           (unsigned long long)o->seed, o->floors, shown, o->total_frames)
                : snprintf(line, sizeof line, "%d frames of %d shown", shown, o->total_frames);
    if (shown < n && k > 0 && k < (int)sizeof line)
        k += snprintf(line + k, sizeof line - (size_t)k, " (%d missing)", n - shown);
    if (pages > 1 && k > 0 && k < (int)sizeof line)
        snprintf(line + k, sizeof line - (size_t)k, "   page %d of %d", page, pages);
    text_draw(c, t, SHEET_GUTTER + 4, 40, 14, TEXT_SANS, LOOK_TEXT_DIM,
              text_fit(t, 14, TEXT_SANS, c->w - 24, line, buf, sizeof buf));
}

static void cell(canvas *c, const sheet_layout *l, const sheet_cell *s, int x, int y,
                 text_ctx *t)
{
    char buf[160], clk[32], line[160];
    if (s->thumb && s->thumb->w == l->thumb_w && s->thumb->h == l->thumb_h)
        canvas_blit(c, s->thumb, x, y, 0);
    else if (s->thumb)
        canvas_blit_scaled(c, s->thumb, x, y, l->thumb_w, l->thumb_h);
    else {
        canvas_fill_rect(c, x, y, l->thumb_w, l->thumb_h, (rgba){ 36, 36, 42, 255 });
        canvas_frame_rect(c, x, y, l->thumb_w, l->thumb_h, 1, LOOK_PANEL_EDGE);
        snprintf(line, sizeof line, "frame %d missing", s->frame_no);
        int w = text_width(t, 14, TEXT_SANS, line);
        text_draw(c, t, x + (l->thumb_w - w) / 2, y + l->thumb_h / 2 - 9, 14, TEXT_SANS,
                  LOOK_TEXT_DIM, line);
    }
    int ty = y + l->thumb_h + 4;
    if (s->label[0])
        snprintf(line, sizeof line, "%s", s->label);
    else
        snprintf(line, sizeof line, "#%d  %s  F%d", s->frame_no,
                 world_clock_text(s->time_s, clk, sizeof clk), s->floor + 1);
    text_draw(c, t, x, ty, 12, TEXT_MONO, LOOK_TEXT, line);
    text_draw(c, t, x, ty + 16, 12, TEXT_SANS, LOOK_TEXT_DIM,
              text_fit(t, 12, TEXT_SANS, l->thumb_w, s->caption, buf, sizeof buf));
    int by = y + l->thumb_h + SHEET_STRIP_H;
    for (int m = 0; m < s->member_count && m < l->members; m++) {
        int max = s->max_health[m] > 0 ? s->max_health[m] : 1;
        int hp = s->health[m] < 0 ? 0 : s->health[m] > max ? max : s->health[m];
        int gw = (int)((int64_t)l->thumb_w * hp / max);
        canvas_fill_rect(c, x, by, l->thumb_w, SHEET_BAR_H, LOOK_HEALTH);
        canvas_fill_rect(c, x, by, gw, SHEET_BAR_H, LOOK_SHEET_GOOD);
        by += SHEET_BAR_H + SHEET_BAR_GAP;
    }
}

delve_status sheet_render(canvas *out, const sheet_opts *o, const sheet_cell *cells, int n,
                          int page, int pages, text_ctx *txt, delve_err *err)
{
    if (!txt)
        return delve_fail(err, DELVE_EINPUT, "sheet: no text_ctx given");
    sheet_layout l = layout(o);
    int rows = n > 0 ? (n + l.columns - 1) / l.columns : 0;
    if (rows > sheet_rows_per_page(o))
        return delve_fail(err, DELVE_ELIMIT,
                          "sheet: %d frames need %d rows, a page holds %d (split into pages)",
                          n, rows, sheet_rows_per_page(o));
    if (l.w > SHEET_MAX_SIDE)
        return delve_fail(err, DELVE_ELIMIT, "sheet: %d columns make it %d px wide (max %d)",
                          l.columns, l.w, SHEET_MAX_SIDE);
    int h = l.top + rows * (l.cell_h + SHEET_GUTTER);
    delve_status st = canvas_init(out, l.w, h, err);
    if (st != DELVE_OK)
        return st;
    canvas_clear(out, LOOK_SHEET_BACK);
    header(out, o, cells, n, page, pages, txt);
    if (o->chart) {
        int cx, cy, cw;
        sheet_chart_rect(o, &cx, &cy, &cw);
        canvas band = canvas_view(out, cx, cy, cw, CHART_H);
        chart_render(&band, o->chart, txt);
    }
    for (int i = 0; i < n; i++) {
        int x = SHEET_GUTTER + (i % l.columns) * (l.cell_w + SHEET_GUTTER);
        int y = l.top + (i / l.columns) * (l.cell_h + SHEET_GUTTER);
        cell(out, &l, &cells[i], x, y, txt);
    }
    return DELVE_OK;
}
