/* review_page: the report's index.html: one static page, CSS and script inline, that
 * opens from a file with no network. Changed pairs first (before, diff, after side by
 * side and a slider or blink view), then added and removed files, then the unchanged
 * ones collapsed, then the catalog diff. The script only toggles classes; without it
 * the page still shows everything. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/textbuf.h"
#include "render/review.h"

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

/* A relative URL: folder, '/', then name percent-encoded except A-Z a-z 0-9 - . _ ~ /. */
static void sb_url(textbuf *b, const char *folder, const char *name)
{
    sb_str(b, folder);
    sb_str(b, "/");
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
            strchr("-._~/", *p))
            textbuf_put(b, (const char *)p, 1);
        else
            sb_printf(b, "%%%02X", *p);
    }
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
    ".cmp{position:relative;display:inline-block;margin-top:8px;max-width:min(100%,1024px)}"
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
    "td.d{background:#553}a{color:#8bf}#selftest{white-space:pre-wrap}";

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
    "  var s=document.getElementById('selftest');s.textContent=out.join('\\n')+'\\nselftest done';\n"
    "  s.hidden=false;}\n"
    "if(location.hash==='#selftest'){\n"
    "  if(document.readyState==='complete')selftest();\n"
    "  else window.addEventListener('load',selftest);}\n"
    "})();\n";

static const char *const STATE_NAME[REVIEW_STATE_COUNT] = {
    [REVIEW_CHANGED] = "changed", [REVIEW_ADDED] = "added",
    [REVIEW_REMOVED] = "removed", [REVIEW_SAME] = "same",
};

static void figure(textbuf *b, const char *folder, const char *role, const char *name,
                   int lazy)
{
    sb_printf(b, "<figure><figcaption>%s</figcaption><a href=\"", role);
    sb_url(b, folder, name);
    sb_str(b, "\"><img data-role=\"");
    sb_str(b, role);
    sb_str(b, lazy ? "\" loading=\"lazy\" src=\"" : "\" src=\"");
    sb_url(b, folder, name);
    sb_str(b, "\" alt=\"");
    sb_html(b, role);
    sb_str(b, "\"></a></figure>");
}

static void pair_stats(textbuf *b, const diff_result *d)
{
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
    sb_str(b, "</p>");
}

static void pair_open(textbuf *b, const review_item *it, int id)
{
    sb_printf(b, "<section class=\"pair\" id=\"p%d\" data-state=\"%s\" data-name=\"", id,
              STATE_NAME[it->state]);
    sb_html(b, it->name);
    sb_printf(b, "\"><h3><span class=\"tag t-%s\">%s</span>", STATE_NAME[it->state],
              STATE_NAME[it->state]);
    sb_html(b, it->name);
    sb_str(b, "</h3>");
}

#define ZOOM_W 440    /* px a zoomed crop may take */
#define ZOOM_H 320
#define ZOOM_PAD 24   /* px around the changes' box (a square at the default zoom) */
#define ZOOM_MAX 6    /* at most 6 times larger */

/* One crop of folder/name: the rectangle (x, y, w, h) of a iw x ih image, s times. */
static void crop(textbuf *b, const char *folder, const char *name, int x, int y, int w, int h,
                 int s, int iw, int ih)
{
    sb_printf(b, "<figure><figcaption>%s, the changes &times;%d</figcaption><div class=\"crop\" style=\""
                 "width:%dpx;height:%dpx;background-size:%dpx %dpx;background-position:"
                 "-%dpx -%dpx;background-image:url('", folder, s, w * s, h * s, iw * s,
              ih * s, x * s, y * s);
    sb_url(b, folder, name);
    sb_str(b, "')\"></div></figure>");
}

/* Before, diff and after cropped to the box of changes (and ZOOM_PAD around it),
 * enlarged up to ZOOM_MAX times, when the crop fits ZOOM_W x ZOOM_H at full size: a
 * small change is seen at once. Pure CSS: the images are backgrounds, scaled and
 * shifted. */
static void zoom_row(textbuf *b, const review_item *it)
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
    crop(b, "before", it->name, x0, y0, w, h, s, d->aw, d->ah);
    crop(b, "diff", it->name, x0, y0, w, h, s, d->aw, d->ah);
    crop(b, "after", it->name, x0, y0, w, h, s, d->aw, d->ah);
    sb_str(b, "</div>");
}

static void changed_pair(textbuf *b, const review_item *it, int id)
{
    pair_open(b, it, id);
    pair_stats(b, &it->diff);
    sb_str(b, "<div class=\"three\">");
    figure(b, "before", "before", it->name, 0);
    figure(b, "diff", "diff", it->name, 0);
    figure(b, "after", "after", it->name, 0);
    sb_str(b, "</div>");
    zoom_row(b, it);
    sb_str(b, "<div class=\"cmp-bar\">compare: before on the left of the line, after on the right "
              "<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" "
              "aria-label=\"slider\"></div><div class=\"cmp\"><img src=\"");
    sb_url(b, "after", it->name);
    sb_str(b, "\" alt=\"after\"><img class=\"over\" src=\"");
    sb_url(b, "before", it->name);
    sb_str(b, "\" alt=\"before\"><div class=\"split\"></div></div></section>\n");
}

static void one_image_pair(textbuf *b, const review_item *it, int id)
{
    pair_open(b, it, id);
    sb_str(b, "<div class=\"one\">");
    if (it->state == REVIEW_REMOVED)
        figure(b, "before", "before (removed)", it->name, 0);
    else
        figure(b, "after", it->state == REVIEW_ADDED ? "after (added)" : "after (same)",
               it->name, it->state == REVIEW_SAME);
    sb_str(b, "</div></section>\n");
}

static void items_section(textbuf *b, const review_result *r, review_state s, const char *title)
{
    if (s == REVIEW_SAME)
        sb_printf(b, "<details id=\"same\"><summary><h2 style=\"display:inline\">%s (%d)"
                     "</h2></summary><div class=\"same-list\">\n", title, r->count[s]);
    else
        sb_printf(b, "<h2 id=\"%s\">%s (%d)</h2>\n", STATE_NAME[s], title, r->count[s]);
    for (int i = 0; i < r->item_count; i++)
        if (r->items[i].state == s) {
            if (s == REVIEW_CHANGED)
                changed_pair(b, &r->items[i], i);
            else
                one_image_pair(b, &r->items[i], i);
        }
    if (s == REVIEW_SAME)
        sb_str(b, "</div></details>\n");
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

static void catalog_section(textbuf *b, const review_result *r)
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
    sb_str(b, "<table><tr><th></th>");
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
    for (int i = 0; i < r->line_count; i++) {
        const review_line *l = &r->lines[i];
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
}

delve_status review_page(const review_result *r, const char *base, const char *head,
                         char **html, size_t *len, delve_err *err)
{
    textbuf b = { 0 };
    char sum[256];
    review_summary(r, sum, sizeof sum);
    sb_str(&b, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
               "<meta name=\"viewport\" content=\"width=device-width\"><title>delve review: ");
    sb_html(&b, sum);
    sb_str(&b, "</title><style>");
    sb_str(&b, CSS);
    sb_str(&b, "</style></head>\n<body><header><h1>delve review</h1>"
               "<span class=\"sum\" id=\"summary\">");
    sb_html(&b, sum);
    sb_str(&b, "</span><label><input type=\"checkbox\" id=\"only\"> only changes</label>"
               "<label>compare: <select id=\"mode\"><option value=\"slider\">slider</option>"
               "<option value=\"blink\">blink</option></select></label><nav>go to "
               "<a href=\"#changed\">changed</a> · <a href=\"#added\">added</a> · "
               "<a href=\"#removed\">removed</a> · <a href=\"#same\">unchanged</a> · "
               "<a href=\"#catalog\">catalog</a></nav></header>\n<main>"
               "<p class=\"stats\">before (BASE): ");
    sb_html(&b, base);
    sb_str(&b, "<br>after (HEAD): ");
    sb_html(&b, head);
    sb_str(&b, "<br>diff: red where a pixel changed, blue where it got darker, yellow for "
               "anti-aliasing not counted, magenta outside one of two sizes.</p>\n");
    items_section(&b, r, REVIEW_CHANGED, "Changed");
    items_section(&b, r, REVIEW_ADDED, "Added (only in HEAD)");
    items_section(&b, r, REVIEW_REMOVED, "Removed (only in BASE)");
    items_section(&b, r, REVIEW_SAME, "Unchanged");
    catalog_section(&b, r);
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
