/* review_page: the report's index.html: one static page, CSS and script inline, that
 * opens from a file with no network (docs/review.md). The verdict first (review/verdict),
 * the distribution table (flagged columns first) and both sides' provenance; then the
 * changed pairs, biggest change first (before, diff, after side by side, each pair's
 * catalog cells old -> new and its reproduce commands; the largest REVIEW_PAGE_FULL
 * also get crops and a slider or blink view), then added and removed files, the
 * unchanged ones collapsed, and the catalog diff. Images are linked where they lie and
 * load lazily. "#game" filters with CSS alone; the script
 * only toggles classes, and without it the page still shows everything. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/textbuf.h"
#include "review/repro.h"
#include "review/review.h"
#include "review/verdict.h"

static void sb_str(textbuf *b, const char *s)
{
    textbuf_put(b, s, strlen(s));
}

static __attribute__((format(printf, 2, 3))) void sb_printf(textbuf *b, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        textbuf_put(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* Text with & < > " escaped. */
static void sb_html(textbuf *b, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': sb_str(b, "&amp;"); break;
        case '<': sb_str(b, "&lt;"); break;
        case '>': sb_str(b, "&gt;"); break;
        case '"': sb_str(b, "&quot;"); break;
        default: textbuf_put(b, s, 1);
        }
    }
}

/* s percent-encoded except A-Z a-z 0-9 - . _ ~ /. */
static void sb_enc(textbuf *b, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
            strchr("-._~/", *p))
            textbuf_put(b, (const char *)p, 1);
        else
            sb_printf(b, "%%%02X", *p);
    }
}

/* A relative URL: folder, '/', then name, both percent-encoded (sb_enc). */
static void sb_url(textbuf *b, const char *folder, const char *name)
{
    sb_enc(b, folder);
    sb_str(b, "/");
    sb_enc(b, name);
}

static const char CSS[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#1d1f23;color:#ddd}"
    "header{position:sticky;top:0;z-index:2;background:#2a2d33;padding:8px 16px;"
    "border-bottom:1px solid #444;display:flex;flex-wrap:wrap;gap:8px 24px;align-items:center}"
    "header h1{font-size:16px;margin:0}.sum{font-family:monospace}"
    "main{padding:8px 16px}h2{font-size:15px;border-bottom:1px solid #444;margin-top:24px}"
    "h3{font-size:14px;margin:4px 0;font-family:monospace}"
    ".pair{margin:12px 0 20px}.stats{color:#aaa;margin:0 0 6px;font-size:13px}"
    ".three{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}"
    "figure{margin:0}figcaption{font-size:12px;color:#aaa}"
    "img{max-width:100%;height:auto;display:block;image-rendering:pixelated;background:#000}"
    ".zoom{display:flex;gap:8px;margin-top:8px}"
    ".crop{background-repeat:no-repeat;image-rendering:pixelated;outline:1px solid #555}"
    ".cmp{position:relative;display:inline-block;margin-top:8px;max-width:min(100%,720px)}"
    ".cmp .over{position:absolute;left:0;top:0;width:100%}"
    ".cmp .split{position:absolute;top:0;bottom:0;left:50%;width:2px;background:#ff0;"
    "pointer-events:none}"
    ".cmp-bar{display:flex;gap:12px;align-items:center;margin-top:6px;font-size:13px}"
    ".cmp-bar input[type=range]{width:320px}"
    ".tag{display:inline-block;padding:0 6px;border-radius:3px;font-size:12px;margin-right:6px}"
    ".t-changed{background:#a33}.t-added{background:#2a7}.t-removed{background:#a72}"
    ".t-same{background:#555}"
    ".one{max-width:min(100%,768px)}"
    ".same-list{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:8px}"
    ".same-list .pair{margin:0}"
    "body.only .pair[data-state=same],body.only #same{display:none}"
    "table{border-collapse:collapse;font-family:monospace;font-size:13px}"
    "td,th{padding:1px 8px;border-bottom:1px solid #333;text-align:left}"
    "tr.removed td,tr.before td{color:#f99}tr.added td,tr.after td{color:#9f9}"
    "td.d{background:#553}a{color:#8bf}#selftest{white-space:pre-wrap}"
    ".cap span{font-size:12px;color:#aaa}.cells,.repro{font-size:12px;margin:4px 0;"
    "font-family:monospace;color:#bbb}.cells mark{background:#664;color:#fff;padding:0 2px}"
    ".lt{color:#fc6;font-family:system-ui,sans-serif;margin-left:8px}"
    ".repro code{display:block;user-select:all;color:#cde}"
    ".prov td:first-child{color:#aaa}.prov td.d{background:#553}"
    "tr.flag td{background:#442;color:#fff}.dist td:nth-child(n+2){text-align:right}"
    "tr.stratum td,tr.mix td{font-size:90%}"
    ".crop{overflow:hidden;outline:1px solid #555}.crop img{max-width:none;image-rendering:pixelated}"
    ".gamenote{display:none;color:#fc6}#game:target~header .gamenote{display:inline}"
    "#game:target~main .pair:not([data-game]),#game:target~main #same{display:none}"
    "#game:target~main table.rows tr:not([data-game]):not(:first-child){display:none}"
    ".note{color:#aaa;font-size:13px;max-width:1100px}"
    ".dist,.cat{display:block;overflow-x:auto;max-width:100%}.dist td,.dist th{white-space:nowrap}"
    ".verdict{font-size:16px;color:#fff;max-width:1100px;margin:12px 0}"
    "h2,section,tr{scroll-margin-top:96px}"; /* below the sticky header after a link */

/* The script: the filter, the compare view (slider or blink) and the self-test. */
static const char JS[] =
    "(function(){\n"
    "var only=document.getElementById('only'),mode=document.getElementById('mode');\n"
    "function setOnly(on){only.checked=on;document.body.classList.toggle('only',on);}\n"
    "only.addEventListener('change',function(){setOnly(only.checked);});\n"
    "var timer=null,shown=true;\n"
    "function slide(c,r,m){c.querySelector('.over').style.clipPath=\n"
    "  m==='slider'?'inset(0 '+(100-r.value)+'% 0 0)':'none';\n"
    "  var l=c.querySelector('.split');l.style.left=r.value+'%';\n"
    "  l.style.display=m==='slider'?'block':'none';}\n"
    "function setMode(m){\n"
    "  if(timer){clearInterval(timer);timer=null;}\n"
    "  document.querySelectorAll('.cmp').forEach(function(c){\n"
    "    var o=c.querySelector('.over'),r=c.parentNode.querySelector('.cmp-bar input');\n"
    "    o.style.visibility='visible';slide(c,r,m);\n"
    "    r.disabled=m!=='slider';});\n"
    "  if(m==='blink')timer=setInterval(function(){shown=!shown;\n"
    "    document.querySelectorAll('.cmp .over').forEach(function(o){\n"
    "      o.style.visibility=shown?'visible':'hidden';});},600);\n"
    "}\n"
    "mode.addEventListener('change',function(){setMode(mode.value);});\n"
    "document.querySelectorAll('.cmp-bar input').forEach(function(r){\n"
    "  r.addEventListener('input',function(){\n"
    "    slide(r.closest('.pair').querySelector('.cmp'),r,mode.value);});});\n"
    "setMode(mode.value);\n"
    "function seen(){var c={changed:0,added:0,removed:0,same:0},h={changed:0,added:0,removed:0,same:0};\n"
    "  document.querySelectorAll('.pair').forEach(function(p){\n"
    "    (p.getClientRects().length?c:h)[p.dataset.state]++;});\n"
    "  return 'shown changed='+c.changed+' added='+c.added+' removed='+c.removed+' same='+c.same+\n"
    "    '; hidden changed='+h.changed+' added='+h.added+' removed='+h.removed+' same='+h.same;}\n"
    "function selftest(){var out=[];\n"
    "  document.querySelectorAll('.pair[data-state=changed]').forEach(function(p){\n"
    "    var w=[];p.querySelectorAll('.three img').forEach(function(i){\n"
    "      w.push(i.dataset.role+'='+i.naturalWidth+'x'+i.naturalHeight);});\n"
    "    out.push('images '+p.dataset.name+' '+w.join(' '));});\n"
    "  var d=document.getElementById('same');if(d)d.open=true;\n"
    "  out.push('all: '+seen());setOnly(true);out.push('only changes: '+seen());\n"
    "  setOnly(false);out.push('all again: '+seen());\n"
    "  var e=document.documentElement;\n"
    "  out.push('page width: '+(e.scrollWidth<=e.clientWidth?'fits':e.scrollWidth+' of '+e.clientWidth));\n"
    "  var s=document.getElementById('selftest');s.textContent=out.join('\\n')+'\\nselftest done';\n"
    "  s.hidden=false;}\n"
    "if(location.hash==='#selftest'){\n"
    "  if(document.readyState==='complete')selftest();\n"
    "  else window.addEventListener('load',selftest);}\n"
    "})();\n";

static const char *const STATE_NAME[REVIEW_STATE_COUNT] = {
    [REVIEW_CHANGED] = "changed", [REVIEW_ADDED] = "added",
    [REVIEW_REMOVED] = "removed", [REVIEW_SAME] = "same",
    [REVIEW_UNREADABLE] = "unreadable",
};

/* Where the page finds BASE's and HEAD's images (review_opts, else the names given). */
typedef struct page_ctx {
    const review_result *r;
    const char *url[2];   /* [0] BASE, [1] HEAD */
    const char *up;       /* "" on index.html, "../" on pages/N.html */
} page_ctx;

/* The URL of folder/name from the page being written. */
static void page_url(textbuf *b, const page_ctx *pc, const char *folder, const char *name)
{
    if (folder[0] != '/')
        sb_str(b, pc->up);
    sb_url(b, folder, name);
}

/* One lazily loaded image (data-role names it for the self-test). */
static void image(textbuf *b, const page_ctx *pc, const char *folder, const char *role,
                  const char *name)
{
    sb_printf(b, "<img loading=\"lazy\" data-role=\"%s\" alt=\"%s\" src=\"", role, role);
    page_url(b, pc, folder, name);
    sb_str(b, "\">");
}

/* An image that opens full size when clicked. */
static void linked_image(textbuf *b, const page_ctx *pc, const char *folder, const char *role,
                         const char *name)
{
    sb_str(b, "<a href=\"");
    page_url(b, pc, folder, name);
    sb_str(b, "\">");
    image(b, pc, folder, role, name);
    sb_str(b, "</a>");
}

static void pair_stats(textbuf *b, const review_item *it)
{
    const diff_result *d = &it->diff;
    double pct = d->total ? 100.0 * (double)d->changed / (double)d->total : 0.0;
    sb_printf(b, "<p class=\"stats\">%lld pixels changed (%.3f %%)", (long long)d->changed, pct);
    if (d->aa)
        sb_printf(b, ", %lld anti-aliased not counted", (long long)d->aa);
    if (d->x0 >= 0)
        sb_printf(b, "; changes in x %d..%d, y %d..%d", d->x0, d->x1, d->y0, d->y1);
    if (d->size_differs)
        sb_printf(b, "; <b>size %d x %d became %d x %d</b>", d->aw, d->ah, d->bw, d->bh);
    else
        sb_printf(b, "; %d x %d", d->aw, d->ah);
    if (it->within)
        sb_str(b, "; within the --max-diff limits");
    sb_str(b, "</p>");
}

/* The level type change of a pair in words: "level type rooms -> caves". */
static void type_words(textbuf *b, const review_result *r, const review_item *it)
{
    char name[64], a[64], bb[64];
    for (int c = 2; it->type_changed && review_cell(r, it, c, name, sizeof name, a, bb, sizeof a);
         c++)
        if (!strcmp(name, "type") || (c == 2 && !r->header)) {
            sb_str(b, "<span class=\"lt\">level type ");
            sb_html(b, a);
            sb_str(b, " -&gt; ");
            sb_html(b, bb);
            sb_str(b, "</span>");
            return;
        }
}

static void pair_open(textbuf *b, const review_result *r, const review_item *it, int id)
{
    const review_line *l = it->line >= 0 ? &r->lines[it->line] : NULL;
    int game = it->cells || (l && (l->state == REVIEW_ADDED || l->state == REVIEW_REMOVED));
    sb_printf(b, "<section class=\"pair\" id=\"p%d\" data-state=\"%s\"%s data-name=\"", id,
              STATE_NAME[it->state], game ? " data-game" : "");
    sb_html(b, it->name);
    sb_printf(b, "\"><h3><span class=\"tag t-%s\">%s</span>", STATE_NAME[it->state],
              STATE_NAME[it->state]);
    sb_html(b, it->name);
    if (it->base_name) { /* paired by catalog key: BASE's file has another name */
        sb_str(b, " <small>(BASE: ");
        sb_html(b, it->base_name);
        sb_str(b, ")</small>");
    }
    type_words(b, r, it);
    sb_str(b, "</h3>");
}

/* The pair's catalog cells, old -> new where they differ (marked): "rooms 12 · <mark>ways
 * 2 -> 3</mark> · ...". Seed and floor are in the name. */
static void cells_line(textbuf *b, const review_result *r, const review_item *it)
{
    if (it->line < 0) {
        if (r->catalogs)
            sb_str(b, "<p class=\"cells\">no catalog line for this name</p>");
        return;
    }
    const review_line *l = &r->lines[it->line];
    char name[64], a[128], h[128];
    sb_printf(b, "<p class=\"cells\">catalog%s%s: ", l->state == REVIEW_ADDED ? " (added)"
              : l->state == REVIEW_REMOVED ? " (removed)" : "",
              it->cells ? "" : " (same)");
    for (int c = 2; review_cell(r, it, c, name, sizeof name, a, h, sizeof a); c++) {
        int d = l->base && l->head && strcmp(a, h);
        sb_str(b, c > 2 ? (d ? " · <mark>" : " · ") : (d ? "<mark>" : ""));
        sb_html(b, name);
        sb_str(b, " ");
        sb_html(b, l->base ? a : h);
        if (d) {
            sb_str(b, "→");
            sb_html(b, h);
            sb_str(b, "</mark>");
        }
    }
    sb_str(b, "</p>");
}

/* The commands that remake this floor (review/repro.h): HEAD's `delve view` and `delve
 * shot` from its catalog's templates, and BASE's when they differ. */
static void repro_block(textbuf *b, const review_result *r, const review_item *it)
{
    repro p;
    repro_of(r, it, &p);
    if (!p.any)
        return;
    sb_str(b, "<div class=\"repro\">reproduce");
    for (int side = p.same ? 1 : 0; side < 2; side++) {
        if (!p.same)
            sb_str(b, side ? " (after, HEAD's build):" : " (before, BASE's build):");
        else
            sb_str(b, " (either side, with its build):");
        for (int k = 0; k < 2; k++)
            if (p.have[side][k]) {
                sb_str(b, "<code>");
                sb_html(b, p.cmd[side][k]);
                sb_str(b, "</code>");
            }
    }
    sb_str(b, "</div>");
}

#define ZOOM_W 440    /* px a zoomed crop may take */
#define ZOOM_H 320
#define ZOOM_PAD 24   /* px around the changes' box (a square at the default zoom) */
#define ZOOM_MAX 6    /* at most 6 times larger */

/* One crop of folder/name: the rectangle (x, y, w, h) of a iw x ih image, s times: a lazy
 * image, scaled and shifted in a box that clips it. */
static void crop(textbuf *b, const page_ctx *pc, const char *label, const char *folder,
                 const char *name, int x, int y, int w, int h, int s, int iw)
{
    sb_printf(b, "<figure><figcaption>%s, the changes &times;%d</figcaption><div class=\"crop\" "
                 "style=\"width:%dpx;height:%dpx\"><img loading=\"lazy\" alt=\"%s\" style=\""
                 "width:%dpx;margin:-%dpx 0 0 -%dpx\" src=\"", label, s, w * s, h * s, label,
              iw * s, y * s, x * s);
    page_url(b, pc, folder, name);
    sb_str(b, "\"></div></figure>");
}

/* Before, diff and after cropped to the box of changes (and ZOOM_PAD around it),
 * enlarged up to ZOOM_MAX times, when the crop fits ZOOM_W x ZOOM_H at full size: a
 * small change is seen at once. */
static void zoom_row(textbuf *b, const page_ctx *pc, const review_item *it,
                     const char *diff_name)
{
    const diff_result *d = &it->diff;
    if (d->x0 < 0 || d->size_differs)
        return;
    int x0 = d->x0 - ZOOM_PAD < 0 ? 0 : d->x0 - ZOOM_PAD;
    int y0 = d->y0 - ZOOM_PAD < 0 ? 0 : d->y0 - ZOOM_PAD;
    int x1 = d->x1 + ZOOM_PAD >= d->aw ? d->aw - 1 : d->x1 + ZOOM_PAD;
    int y1 = d->y1 + ZOOM_PAD >= d->ah ? d->ah - 1 : d->y1 + ZOOM_PAD;
    int w = x1 - x0 + 1, h = y1 - y0 + 1;
    int s = ZOOM_W / w < ZOOM_H / h ? ZOOM_W / w : ZOOM_H / h;
    if (s > ZOOM_MAX)
        s = ZOOM_MAX;
    if (s < 1)
        return;  /* the box is larger than a crop: the side-by-side images show it */
    sb_str(b, "<div class=\"zoom\">");
    crop(b, pc, "before", pc->url[0], review_base_name(it), x0, y0, w, h, s, d->aw);
    crop(b, pc, "diff", "diff", diff_name, x0, y0, w, h, s, d->aw);
    crop(b, pc, "after", pc->url[1], it->name, x0, y0, w, h, s, d->aw);
    sb_str(b, "</div>");
}

/* The slider or blink view: after below, before over it. */
static void compare_view(textbuf *b, const page_ctx *pc, const review_item *it)
{
    sb_str(b, "<div class=\"cmp-bar\">compare: before on the left of the line, after on the "
              "right <input type=\"range\" min=\"0\" max=\"100\" value=\"50\" "
              "aria-label=\"slider\"></div><div class=\"cmp\"><img loading=\"lazy\" src=\"");
    page_url(b, pc, pc->url[1], it->name);
    sb_str(b, "\" alt=\"after\"><img class=\"over\" loading=\"lazy\" src=\"");
    page_url(b, pc, pc->url[0], review_base_name(it));
    sb_str(b, "\" alt=\"before\"><div class=\"split\"></div></div>");
}

/* A changed pair; rank is its place among the changed (0 the largest change). */
static void changed_pair(textbuf *b, const page_ctx *pc, const review_item *it, int id,
                         int rank)
{
    char dn[REVIEW_NAME_CAP];
    review_diff_name(it, dn, sizeof dn);
    pair_open(b, pc->r, it, id);
    pair_stats(b, it);
    cells_line(b, pc->r, it);
    sb_str(b, "<div class=\"three\">");
    linked_image(b, pc, pc->url[0], "before", review_base_name(it));
    linked_image(b, pc, "diff", "diff", dn);
    linked_image(b, pc, pc->url[1], "after", it->name);
    sb_str(b, "</div>");
    if (rank < REVIEW_PAGE_FULL) {
        zoom_row(b, pc, it, dn);
        compare_view(b, pc, it);
    }
    repro_block(b, pc->r, it);
    sb_str(b, "</section>\n");
}

static void one_image_pair(textbuf *b, const page_ctx *pc, const review_item *it, int id)
{
    pair_open(b, pc->r, it, id);
    if (it->within)
        pair_stats(b, it);
    cells_line(b, pc->r, it);
    sb_str(b, "<div class=\"one\">");
    if (it->state == REVIEW_REMOVED)
        linked_image(b, pc, pc->url[0], "before", review_base_name(it));
    else
        linked_image(b, pc, pc->url[1], "after", it->name);
    sb_str(b, "</div>");
    repro_block(b, pc->r, it);
    sb_str(b, "</section>\n");
}

/* A pair with a file that cannot be read: why, then both files, linked where they lie. */
static void unreadable_pair(textbuf *b, const page_ctx *pc, const review_item *it, int id)
{
    pair_open(b, pc->r, it, id);
    sb_str(b, "<p class=\"stats\"><b>cannot be read</b>: ");
    sb_html(b, it->fault);
    sb_str(b, "</p>");
    cells_line(b, pc->r, it);
    sb_str(b, "<div class=\"three\">");
    linked_image(b, pc, pc->url[0], "before", review_base_name(it));
    linked_image(b, pc, pc->url[1], "after", it->name);
    sb_str(b, "</div>");
    repro_block(b, pc->r, it);
    sb_str(b, "</section>\n");
}

/* Where the k-th pair (0-based) of state s is drawn in full: index.html (0) for the first
 * REVIEW_PAGE_FULL of each state, else pages/N.html (N from 1, REVIEW_PAGE_FULL pairs a
 * page, in the report's order: items are sorted by state). */
static int page_of(const review_result *r, review_state s, int k)
{
    int over = 0;
    for (int t = 0; t < (int)s; t++)
        over += r->count[t] > REVIEW_PAGE_FULL ? r->count[t] - REVIEW_PAGE_FULL : 0;
    return k < REVIEW_PAGE_FULL ? 0 : 1 + (over + k - REVIEW_PAGE_FULL) / REVIEW_PAGE_FULL;
}

int review_page_count(const review_result *r)
{
    int over = 0;
    for (int s = 0; s < REVIEW_STATE_COUNT; s++)
        over += r->count[s] > REVIEW_PAGE_FULL ? r->count[s] - REVIEW_PAGE_FULL : 0;
    return (over + REVIEW_PAGE_FULL - 1) / REVIEW_PAGE_FULL;
}

static void full_pair(textbuf *b, const page_ctx *pc, const review_item *it, int id, int rank)
{
    if (it->state == REVIEW_CHANGED)
        changed_pair(b, pc, it, id, rank);
    else if (it->state == REVIEW_UNREADABLE)
        unreadable_pair(b, pc, it, id);
    else
        one_image_pair(b, pc, it, id);
}

/* One line of the table of pairs drawn on another page: rank, name (a link to its
 * page), level type change, changed cells, pixels. */
static void pair_row(textbuf *b, const review_result *r, const review_item *it, int id,
                     int rank, int page)
{
    const review_line *l = it->line >= 0 ? &r->lines[it->line] : NULL;
    int game = it->cells || (l && (l->state == REVIEW_ADDED || l->state == REVIEW_REMOVED));
    sb_printf(b, "<tr%s><td>%d</td><td><a href=\"pages/%d.html#p%d\">", game ? " data-game" : "",
              rank + 1, page, id);
    sb_html(b, it->name);
    sb_str(b, "</a></td><td>");
    char name[64], x[64], y[64];
    for (int c = 2, n = 0; it->cells && review_cell(r, it, c, name, sizeof name, x, y, sizeof x);
         c++)
        if (strcmp(x, y) && n++ < 4) {
            sb_str(b, n > 1 ? ", " : "");
            sb_html(b, name);
            sb_str(b, " ");
            sb_html(b, x);
            sb_str(b, "→");
            sb_html(b, y);
        }
    if (it->cells > 4)
        sb_printf(b, " (%d cells)", it->cells);
    if (it->state == REVIEW_CHANGED || it->within)
        sb_printf(b, "</td><td>%lld</td></tr>\n", (long long)(it->diff.size_differs
                                                             ? it->diff.total : it->diff.changed));
    else
        sb_str(b, "</td><td></td></tr>\n");
}

/* The section of state s on index.html: the first REVIEW_PAGE_FULL pairs in full, the
 * rest as table rows that link to their pages. */
static void items_section(textbuf *b, const page_ctx *pc, review_state s, const char *title)
{
    const review_result *r = pc->r;
    if (s == REVIEW_SAME)
        sb_printf(b, "<details id=\"same\"><summary><h2 style=\"display:inline\">%s (%d)"
                     "</h2></summary><div class=\"same-list\">\n", title, r->count[s]);
    else
        sb_printf(b, "<h2 id=\"%s\">%s (%d)</h2>\n", STATE_NAME[s], title, r->count[s]);
    if (s == REVIEW_CHANGED && r->count[s])
        sb_str(b, "<p class=\"note\">Biggest change first: a level type change, then more "
                  "catalog cells changed, then more pixels changed. Marked cells changed "
                  "(before→after).</p><div class=\"three cap\"><span>before (BASE)</span>"
                  "<span>diff</span><span>after (HEAD)</span></div>\n");
    int rank = 0;
    for (int i = 0; i < r->item_count && rank < REVIEW_PAGE_FULL; i++)
        if (r->items[i].state == s)
            full_pair(b, pc, &r->items[i], i, rank++);
    if (s == REVIEW_SAME)
        sb_str(b, "</div>");
    if (r->count[s] > REVIEW_PAGE_FULL)
        sb_printf(b, "<p class=\"note\">%d more, in full on pages/ (each with its reproduce "
                     "commands):</p><table class=\"rows\"><tr><th>#</th><th>pair</th><th>"
                     "catalog cells changed</th><th>pixels changed</th></tr>\n",
                  r->count[s] - REVIEW_PAGE_FULL);
    for (int i = 0, k = 0; i < r->item_count; i++)
        if (r->items[i].state == s && k++ >= REVIEW_PAGE_FULL)
            pair_row(b, r, &r->items[i], i, k - 1, page_of(r, s, k - 1));
    if (r->count[s] > REVIEW_PAGE_FULL)
        sb_str(b, "</table>\n");
    if (s == REVIEW_SAME)
        sb_str(b, "</details>\n");
}

/* One table row of a catalog line; cells that differ from other (may be NULL) marked. */
static void cat_row(textbuf *b, const char *cls, const char *tag, const char *line,
                    const char *other)
{
    sb_printf(b, "<tr class=\"%s\"><td>%s</td>", cls, tag);
    const char *p = line, *q = other;
    while (p) {
        const char *t = strchr(p, '\t'), *u = q ? strchr(q, '\t') : NULL;
        size_t n = t ? (size_t)(t - p) : strlen(p), m = q ? (u ? (size_t)(u - q) : strlen(q)) : 0;
        int d = q && (n != m || memcmp(p, q, n));
        char cell[512];
        snprintf(cell, sizeof cell, "%.*s", (int)(n < 500 ? n : 500), p);
        sb_str(b, d ? "<td class=\"d\">" : "<td>");
        sb_html(b, cell);
        sb_str(b, "</td>");
        p = t ? t + 1 : NULL;
        q = q ? (u ? u + 1 : NULL) : NULL;
    }
    sb_str(b, "</tr>\n");
}

static void catalog_head(textbuf *b, const review_result *r)
{
    sb_str(b, "<table class=\"cat\"><tr><th></th>"); /* as wide as its columns: scrolls */
    for (const char *p = r->header ? r->header + 1 : NULL; p;) {
        while (*p == ' ')
            p++;
        const char *t = strchr(p, '\t');
        char cell[128];
        snprintf(cell, sizeof cell, "%.*s", (int)(t ? (size_t)(t - p) : strlen(p)), p);
        sb_str(b, "<th>");
        sb_html(b, cell);
        sb_str(b, "</th>");
        p = t ? t + 1 : NULL;
    }
    sb_str(b, "</tr>\n");
}

/* 1 when the catalog diff is long enough to go on its own page (catalog.html). */
static int catalog_apart(const review_result *r)
{
    return r->line_count - r->line_state[REVIEW_SAME] > REVIEW_PAGE_LINES;
}

/* The catalog diff; on index.html only a link when catalog_apart (apart = 0). */
static void catalog_section(textbuf *b, const review_result *r, int apart)
{
    sb_str(b, "<h2 id=\"catalog\">Catalog (catalog.tsv)</h2>\n");
    if (!r->catalogs) {
        sb_str(b, "<p>Neither folder has a catalog.tsv.</p>\n");
        return;
    }
    if (r->catalogs != 3)
        sb_printf(b, "<p>Only %s has a catalog.tsv.</p>\n", r->catalogs == 1 ? "BASE" : "HEAD");
    sb_printf(b, "<p>Lines by seed and floor: %d changed, %d added, %d removed, %d the "
                 "same.</p>\n",
              r->line_state[REVIEW_CHANGED], r->line_state[REVIEW_ADDED],
              r->line_state[REVIEW_REMOVED], r->line_state[REVIEW_SAME]);
    if (r->line_state[REVIEW_SAME] == r->line_count)
        return;
    if (catalog_apart(r) && !apart) {
        sb_str(b, "<p><a href=\"catalog.html\">The changed, added and removed lines, "
                  "before and after</a> (a page of their own: too many for this one).</p>\n");
        return;
    }
    catalog_head(b, r);
    int shown = 0, left = 0;
    for (int i = 0; i < r->line_count; i++) {
        const review_line *l = &r->lines[i];
        if (l->state != REVIEW_SAME && shown == REVIEW_CATALOG_LINES_MAX) {
            left++;  /* a page of hundreds of MB opens nowhere */
            continue;
        }
        shown += l->state != REVIEW_SAME;
        if (l->state == REVIEW_CHANGED) {
            cat_row(b, "before", "before", l->base, l->head);
            cat_row(b, "after", "after", l->head, l->base);
        } else if (l->state == REVIEW_ADDED) {
            cat_row(b, "added", "added", l->head, NULL);
        } else if (l->state == REVIEW_REMOVED) {
            cat_row(b, "removed", "removed", l->base, NULL);
        }
    }
    sb_str(b, "</table>\n");
    if (left)
        sb_printf(b, "<p class=\"note\">%d more lines differ, not shown: the first %d are; "
                     "the statistics above count every line (<code>diff</code> the two "
                     "catalog.tsv files for the rest).</p>\n", left, REVIEW_CATALOG_LINES_MAX);
}

/* The next shell word of a "# command:" value from *p (as catalog_command_line quotes
 * it: a run of bytes outside single quotes up to a space), its bytes as written, quotes
 * kept, into *w and *n; *p moves past it. 0 at the end. */
static int next_word(const char **p, const char **w, size_t *n)
{
    const char *s = *p;
    int quoted = 0;
    while (*s == ' ')
        s++;
    if (!*s)
        return 0;
    *w = s;
    for (; *s && (quoted || *s != ' '); s++) {
        if (!quoted && *s == '\\' && s[1])
            s++;  /* '\'' of a quote inside a quoted word */
        else
            quoted ^= *s == '\'';
    }
    *n = (size_t)(s - *w);
    *p = s;
    return 1;
}

/* 1 when word w (n bytes) names the output, alone ("-o", "--out": its value follows) or
 * with its value ("--out=DIR", "-oDIR"), as docs/catalog-format.md's "command" lists the
 * forms; 2 when its value is the next word. */
static int out_word(const char *w, size_t n)
{
    if ((n == 2 && !strncmp(w, "-o", 2)) || (n == 5 && !strncmp(w, "--out", 5)))
        return 2;
    return (n > 6 && !strncmp(w, "--out=", 6)) || (n > 2 && !strncmp(w, "-o", 2) && w[2] != '-');
}

/* The next word of a command that is not its output (-o DIR in any form), or 0. */
static int next_kept_word(const char **p, const char **w, size_t *n)
{
    while (next_word(p, w, n)) {
        int out = out_word(*w, *n);
        if (!out)
            return 1;
        if (out == 2 && !next_word(p, w, n))
            return 0;
    }
    return 0;
}

/* 1 when two "# command:" values differ in more than where they wrote: two sets made by
 * one command into two folders are the same command (the review compares sets that must
 * sit in two folders). */
static int commands_differ(const char *a, const char *b)
{
    const char *wa, *wb;
    size_t na, nb;
    for (;;) {
        int ka = next_kept_word(&a, &wa, &na), kb = next_kept_word(&b, &wb, &nb);
        if (ka != kb || (ka && (na != nb || memcmp(wa, wb, na))))
            return 1;
        if (!ka)
            return 0;
    }
}

/* Both sides' provenance (the catalogs' "# key: value" lines) side by side, values that
 * differ marked (a command by its words without -o DIR); keys in HEAD's order, then
 * BASE's own. */
static void prov_section(textbuf *b, const review_result *r, const char *base,
                         const char *head)
{
    sb_str(b, "<h2 id=\"provenance\">Provenance</h2>\n<table class=\"prov\"><tr><th></th>"
              "<th>before (BASE)</th><th>after (HEAD)</th></tr>\n<tr><td>folder</td><td>");
    sb_html(b, base);
    sb_str(b, "</td><td>");
    sb_html(b, head);
    sb_str(b, "</td></tr>\n");
    for (int side = 1; side >= 0; side--)
        for (int i = 0; i < r->prov_count[side]; i++) {
            char key[64];
            const char *kv = r->prov[side][i], *colon = strstr(kv, ": ");
            snprintf(key, sizeof key, "%.*s", (int)(colon - kv), kv);
            if ((side == 0 && review_prov(r, 1, key)) || !strcmp(key, "catalog"))
                continue;  /* shown with HEAD's; "catalog" only says what the file is */
            const char *va = review_prov(r, 0, key), *vb = review_prov(r, 1, key);
            int d = !va || !vb || (strcmp(key, "command") ? strcmp(va, vb) != 0
                                                          : commands_differ(va, vb));
            sb_str(b, "<tr><td>");
            sb_html(b, key);
            sb_str(b, d ? "</td><td class=\"d\">" : "</td><td>");
            sb_html(b, va ? va : "(none)");
            sb_str(b, d ? "</td><td class=\"d\">" : "</td><td>");
            sb_html(b, vb ? vb : "(none)");
            sb_str(b, "</td></tr>\n");
        }
    sb_str(b, "</table>\n");
    if (!r->prov_count[0] && !r->prov_count[1])
        sb_str(b, "<p class=\"note\">Neither catalog has provenance lines (an older delve "
                  "wrote them, or there is no catalog.tsv).</p>\n");
}

#define DIST_CATS_COLUMNS 48  /* a line of a categorical row's shares: about the four
                                 numeric cells it spans, so DoomRL's level types keep
                                 the table within a 1280 px window */
#define DIST_WHY_COLUMNS 24   /* a longer reason a column was not tested breaks after its
                                 ":" ("12 floors changed category:" / "not tested") */

/* Columns that UTF-8 text s[0..n) takes: one per character ("→" is three bytes). */
static size_t text_columns(const char *s, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n; i++)
        w += ((unsigned char)s[i] & 0xC0) != 0x80;
    return w;
}

/* s[0..n) with & < > " escaped. */
static void html_span(textbuf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char one[2] = { s[i], '\0' };
        sb_html(b, one);
    }
}

/* Why a column was not tested, broken after its ": " when longer than DIST_WHY_COLUMNS. */
static void dist_why(textbuf *b, const char *why)
{
    const char *colon = strstr(why, ": ");
    size_t n = strlen(why);
    if (!colon || text_columns(why, n) <= DIST_WHY_COLUMNS) {
        sb_html(b, why);
        return;
    }
    html_span(b, why, (size_t)(colon - why) + 1);
    sb_str(b, "<br>");
    sb_html(b, colon + 2);
}

/* A categorical row's shares ("rooms 60.0% → 40.0%, caves ..."), each category whole, a
 * line break after the "," where the next would pass DIST_CATS_COLUMNS. */
static void dist_cats(textbuf *b, const char *cats)
{
    size_t col = 0;
    for (const char *p = cats; *p;) {
        const char *e = strstr(p, ", ");
        size_t n = e ? (size_t)(e - p) : strlen(p), w = text_columns(p, n);
        if (p != cats) {
            int wrap = col + 2 + w + (e != NULL) > DIST_CATS_COLUMNS;
            sb_str(b, wrap ? ",<br>" : ", ");
            col = wrap ? 0 : col + 2;
        }
        html_span(b, p, n);
        col += w;
        p += n + (e ? 2 : 0);
    }
}

/* A flagged row's level types under it (review_dist_stratum): first what the mix says,
 * across the table, then a row a type in the table's own columns, so the page stays as
 * wide as without them. */
static void dist_strata(textbuf *b, const review_dist_row *w)
{
    sb_str(b, "<tr class=\"mix\"><td colspan=\"12\" style=\"text-align:left;"
              "white-space:normal\">by level type: ");
    sb_html(b, w->mix);
    if (w->by_floor) {
        sb_str(b, ". By floor, mean A → B: ");
        sb_html(b, w->by_floor);
    }
    sb_str(b, "</td></tr>\n");
    for (int k = 0; k < w->stratum_count; k++) {
        const review_dist_stratum *t = &w->strata[k];
        sb_printf(b, "<tr class=\"stratum%s\"><td>&nbsp;&nbsp;", t->flagged ? " flag" : "");
        sb_html(b, t->type);
        sb_printf(b, "</td><td>%d</td><td>%d</td>", t->na, t->nb);
        if (t->na && t->nb)
            sb_printf(b, "<td>%.3f</td><td>%.3f</td><td>%+.3f</td>", t->mean_a, t->mean_b,
                      t->mean_b - t->mean_a);
        else if (t->na) /* a side without floors of the type has no mean */
            sb_printf(b, "<td>%.3f</td><td>-</td><td></td>", t->mean_a);
        else
            sb_printf(b, "<td>-</td><td>%.3f</td><td></td>", t->mean_b);
        if (t->na && t->nb && t->mean_a != 0)
            sb_printf(b, "<td>%+.1f %%</td>", 100.0 * (t->mean_b - t->mean_a) /
                                                  (t->mean_a < 0 ? -t->mean_a : t->mean_a));
        else
            sb_str(b, "<td>-</td>");
        if (t->tested)
            sb_printf(b, t->p_holm < 1e-6 ? "<td></td><td>rank-sum</td><td></td>"
                                            "<td>&lt; 1e-6</td>"
                                          : "<td></td><td>rank-sum</td><td></td><td>%.2g</td>",
                      t->p_holm);
        else
            sb_str(b, "<td></td><td>-</td><td></td><td>too few floors</td>");
        sb_printf(b, "<td>%s</td></tr>\n", t->flagged ? "FLAG" : "");
    }
}

static void dist_row(textbuf *b, const review_dist *d, const review_dist_row *w)
{
    sb_printf(b, "<tr%s><td>", w->flagged ? " class=\"flag\"" : "");
    sb_html(b, w->name);
    sb_printf(b, "</td><td>%d</td><td>%d</td>", w->na, w->nb);
    if (w->numeric) {
        sb_printf(b, "<td>%.3f (%.3f)</td><td>%.3f (%.3f)</td><td>%+.3f</td>", w->mean_a,
                  w->sd_a, w->mean_b, w->sd_b, w->mean_b - w->mean_a);
        if (w->mean_a != 0)
            sb_printf(b, "<td>%+.1f %%</td>", 100.0 * (w->mean_b - w->mean_a) /
                                                  (w->mean_a < 0 ? -w->mean_a : w->mean_a));
        else
            sb_str(b, "<td>none before</td>");
        if (d->paired)
            sb_printf(b, "<td>%d / %d</td>", w->up, w->down);
        else
            sb_str(b, "<td></td>");
    } else {
        sb_str(b, "<td colspan=\"4\" style=\"text-align:left\">");
        dist_cats(b, w->cats);
        sb_str(b, "</td>");
        if (d->paired)
            sb_printf(b, "<td>%d changed</td>", w->changed);
        else
            sb_str(b, "<td></td>");
    }
    if (w->tested)
        sb_printf(b, w->p_holm < 1e-6 ? "<td>%s</td><td>%+.2f</td><td>&lt; 1e-6</td>"
                                      : "<td>%s</td><td>%+.2f</td><td>%.2g</td>",
                  w->test, w->effect, w->p_holm);
    else {
        sb_str(b, "<td>-</td><td></td><td>");
        dist_why(b, w->why);
        sb_str(b, "</td>");
    }
    sb_printf(b, "<td>%s</td></tr>\n", w->flagged ? "FLAG" : "");
    if (w->stratum_count)
        dist_strata(b, w);
}

/* The rows of d with flagged == flagged, as a table. */
static void dist_table(textbuf *b, const review_dist *d, int flagged)
{
    sb_printf(b, "<table class=\"dist\"><tr><th>column</th><th>floors A</th><th>floors B</th>"
                 "<th>mean A (sd)</th><th>mean B (sd)</th><th>delta</th><th>delta %%</th>"
                 "<th>%s</th><th>test</th><th>effect</th><th>p Holm</th><th></th></tr>\n",
              d->paired ? "up / down" : "");
    for (int i = 0; i < d->count; i++)
        if (d->rows[i].flagged == flagged)
            dist_row(b, d, &d->rows[i]);
    sb_str(b, "</table>\n");
}

/* The distribution table: the figures of `delve stats --compare` for the two catalogs,
 * flagged columns shown, the others folded. */
static void dist_section(textbuf *b, const review_dist *d)
{
    sb_str(b, "<h2 id=\"distributions\">Distributions</h2>\n");
    if (!d || !d->count) {
        sb_str(b, "<p class=\"note\">No distribution table: it needs a catalog.tsv on both "
                  "sides (and a delve built with GSL).</p>\n");
        return;
    }
    sb_printf(b, "<p class=\"note\">Each catalog column over both sets, as <code>delve stats "
                 "--compare</code> gives it: %s; p-values corrected by Holm's method over %d "
                 "tested columns (%d constant, not tested); flagged below %g: <b>%d "
                 "flagged</b>. Effect: rank-biserial correlation (rank tests) or Cramér's V.%s"
                 "</p>\n",
              d->paired ? "paired by seed and floor (signed-rank, McNemar-Bowker)"
                        : "two samples (Mann-Whitney U, chi-square)",
              d->tested, d->constant, d->alpha, d->flagged,
              d->mix_shift[0] ? " A flagged count is broken down by level type under its "
                                "row (each type's floors as two samples, Holm over the "
                                "types)." : "");
    for (int part = 0; part < 2; part++) {
        int n = 0;
        for (int i = 0; i < d->count; i++)
            n += d->rows[i].flagged == !part;
        if (!n)
            continue;
        if (part)
            sb_printf(b, "<details><summary>%s %d column%s (not flagged)</summary>",
                      d->flagged ? "the other" : "all", n, n == 1 ? "" : "s");
        dist_table(b, d, !part);
        if (part)
            sb_str(b, "</details>\n");
    }
}

/* The verdict (review/verdict.h): the page's first words, what the review found. */
static void verdict_section(textbuf *b, const review_result *r, const review_dist *d)
{
    char v[VERDICT_MAX];
    verdict_text(r, d, v, sizeof v);
    sb_str(b, "<section id=\"verdict\"><p class=\"verdict\">");
    sb_html(b, v);
    sb_str(b, "</p></section>\n");
}

/* Digest-first sets: how many floors the pictures below stand for, and why not more. */
static void digest_note(textbuf *b, const review_result *r)
{
    if (!r->digests || !(r->undrawn || r->same_undrawn)) /* every floor drawn: as ever */
        return;
    sb_printf(b, "<p class=\"note\" id=\"digests\">Digest first: %d floors are the same "
                 "square for square by their digests and were not drawn; ", r->same_undrawn);
    if (r->undrawn && r->to_draw)
        sb_printf(b, "%d changed floors have no pictures yet: <code>draw.tsv</code> names "
                     "%d to draw (<code>delve shot --draw</code> on each side, as "
                     "<code>scripts/review-change</code> does).", r->undrawn, r->planned);
    else if (r->undrawn)
        sb_printf(b, "%d changed floors past the draw cap have no pictures (the catalog "
                     "below and the statistics count every floor).", r->undrawn);
    else
        sb_str(b, "every changed floor is drawn below.");
    sb_str(b, "</p>\n");
}

/* A page that is not index.html: pages/N.html (page >= 1) or catalog.html (-1). */
static void other_page(textbuf *b, const page_ctx *pc, int page)
{
    const review_result *r = pc->r;
    sb_printf(b, "<p><a href=\"%sindex.html\">back to the report</a></p>\n", pc->up);
    if (page < 0) {
        catalog_section(b, r, 1);
        return;
    }
    int k[REVIEW_STATE_COUNT] = { 0 };
    review_state shown = REVIEW_STATE_COUNT;
    for (int i = 0; i < r->item_count; i++) {
        const review_item *it = &r->items[i];
        int rank = k[it->state]++;
        if (page_of(r, it->state, rank) != page)
            continue;
        if (it->state != shown)
            sb_printf(b, "<h2>%s, from #%d</h2>\n", STATE_NAME[it->state], rank + 1);
        shown = it->state;
        full_pair(b, pc, it, i, rank);
    }
}

/* The header's "go to" line: index.html's sections, in its order. */
static const struct nav_row {
    const char *id, *label;
} NAV[] = {
    { "verdict", "verdict" },       { "distributions", "distributions" },
    { "provenance", "provenance" },
    { "changed", "changed" },       { "added", "added" },
    { "removed", "removed" },       { "same", "unchanged" },
    { "catalog", "catalog" },
};

/* The sections NAV names are on index.html alone, so another page's "go to" links lead
 * there: "../index.html#ID" from pages/N.html, "index.html#ID" from catalog.html (whose
 * own catalog section its "catalog" link keeps), "#ID" on index.html itself. */
static void page_header(textbuf *b, const review_result *r, const char *sum, int page)
{
    const char *index = page > 0 ? "../index.html" : page < 0 ? "index.html" : "";
    sb_str(b, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
              "<meta name=\"viewport\" content=\"width=device-width\"><title>delve review: ");
    sb_html(b, sum);
    sb_str(b, "</title><style>");
    sb_str(b, CSS);
    sb_str(b, "</style></head>\n<body><i id=\"game\"></i><header><h1>delve review</h1>"
              "<span class=\"sum\" id=\"summary\">");
    sb_html(b, sum);
    sb_printf(b, "</span><label><input type=\"checkbox\" id=\"only\"> only changes</label>"
                 "<a href=\"#game\">changed in game terms (%d)</a><span class=\"gamenote\">"
                 "(showing only those: <a href=\"#top\">show all</a>)</span>"
                 "<label>compare: <select id=\"mode\"><option value=\"slider\">slider</option>"
                 "<option value=\"blink\">blink</option></select></label><nav>go to ",
              r->game);
    for (size_t i = 0; i < sizeof NAV / sizeof NAV[0]; i++) {
        int own = page < 0 && !strcmp(NAV[i].id, "catalog");
        if (r->count[REVIEW_UNREADABLE] && !strcmp(NAV[i].id, "changed")) /* only then */
            sb_printf(b, " · <a href=\"%s#unreadable\">unreadable</a>", index);
        sb_printf(b, "%s<a href=\"%s#%s\">%s</a>", i ? " · " : "", own ? "" : index, NAV[i].id,
                  NAV[i].label);
    }
    sb_str(b, "</nav></header>\n<main id=\"top\">");
}

delve_status review_page(const review_result *r, const char *base, const char *head,
                         const review_opts *o, int page, char **html, size_t *len,
                         delve_err *err)
{
    textbuf b = { 0 };
    char sum[512];
    page_ctx pc = { r, { o && o->base_url ? o->base_url : base,
                         o && o->head_url ? o->head_url : head }, page > 0 ? "../" : "" };
    review_summary(r, sum, sizeof sum);
    page_header(&b, r, sum, page);
    if (page) {
        other_page(&b, &pc, page);
    } else {
        verdict_section(&b, r, o ? o->dist : NULL);
        dist_section(&b, o ? o->dist : NULL);
        prov_section(&b, r, base, head);
        sb_str(&b, "<p class=\"note\">diff: red where a pixel changed, blue where it got "
                   "darker, yellow for anti-aliasing not counted, magenta outside one of two "
                   "sizes. \"Changed in game terms\": the pair's catalog cells changed.</p>\n");
        digest_note(&b, r);
        if (r->count[REVIEW_UNREADABLE]) /* first: what the review could not compare */
            items_section(&b, &pc, REVIEW_UNREADABLE, "Unreadable");
        items_section(&b, &pc, REVIEW_CHANGED, "Changed");
        items_section(&b, &pc, REVIEW_ADDED, "Added (only in HEAD)");
        items_section(&b, &pc, REVIEW_REMOVED, "Removed (only in BASE)");
        items_section(&b, &pc, REVIEW_SAME, "Unchanged");
        catalog_section(&b, r, 0);
    }
    sb_str(&b, "<pre id=\"selftest\" hidden></pre></main>\n<script>\n");
    sb_str(&b, JS);
    sb_str(&b, "</script>\n</body></html>\n");
    if (b.oom) {
        free(b.s);
        return delve_fail(err, DELVE_ENOMEM, "out of memory writing the report page");
    }
    *html = b.s;
    *len = b.len;
    return DELVE_OK;
}

int review_page_catalog_apart(const review_result *r)
{
    return catalog_apart(r);
}
