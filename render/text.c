/* text: SDL2_ttf glyph rendering blended into a canvas. Strings are rendered white with
 * TTF_RenderUTF8_Blended, their alpha kept as an 8-bit coverage mask in a small cache
 * (least recently used goes first), and blended in the caller's colour. Fonts are
 * found through fontconfig (libfontconfig) when DejaVu Sans is not at its Debian path.
 * A character the style's font lacks is drawn with the first font of fontconfig's
 * list for "DejaVu Sans" (FcFontSort) that has it: the string is then cut into runs,
 * one font each, put side by side on the style font's baseline. A string the style's
 * font can draw whole is drawn as one run, as before fallback existed. */
#include "render/text.h"

#include "base/hash.h"

#include <SDL2/SDL_ttf.h>
#include <fontconfig/fontconfig.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TEXT_DEFAULT_FONT "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#define TEXT_FAMILY "DejaVu Sans"
#define TEXT_PATH_MAX 1024
#define TEXT_FONT_CACHE 24    /* open (slot, size) faces */
#define TEXT_RUN_CACHE 384    /* rasterised strings */
#define TEXT_RUN_MAX_LEN 512  /* longer strings are drawn but not cached */
#define TEXT_WIDTHS 512       /* measured strings, by their hash (one each) */
#define TEXT_WIDTH_KEY 64     /* longer strings are measured each time */
#define TEXT_MAX_PX 256       /* font sizes are clamped to 4..TEXT_MAX_PX */
#define TEXT_FALLBACKS 8      /* fallback font files a context keeps */
#define TEXT_SLOTS (TEXT_STYLE_COUNT + TEXT_FALLBACKS) /* styles, then fallbacks */

/* Sibling file names of the DejaVu family, by style. */
static const char *const SIBLING[TEXT_STYLE_COUNT] = {
    [TEXT_SANS] = "DejaVuSans.ttf",
    [TEXT_BOLD] = "DejaVuSans-Bold.ttf",
    [TEXT_MONO] = "DejaVuSansMono.ttf",
};

typedef struct text_font {
    int slot, px;
    TTF_Font *font;
    uint32_t used;
} text_font;

typedef struct text_run {
    uint64_t hash;
    int style, px;
    char *str;       /* NULL: empty slot */
    int w, h;
    uint8_t *mask;   /* w * h coverage */
    uint32_t used;
} text_run;

/* A width text_width measured: shaping a string costs more than drawing it from the
 * run cache, and the HUD measures the same strings every frame. */
typedef struct text_width_memo {
    int style, px, w;     /* px 0: empty */
    char str[TEXT_WIDTH_KEY];
} text_width_memo;

struct text_ctx {
    char path[TEXT_SLOTS][TEXT_PATH_MAX]; /* by slot: the styles' files, then fallbacks */
    int face[TEXT_SLOTS];                 /* face index in the file (collections) */
    int fallbacks;                        /* fallback slots in use */
    FcConfig *fc;                         /* fontconfig, loaded at the first missing glyph */
    FcFontSet *sorted;                    /* fontconfig's fonts for TEXT_FAMILY, best first */
    int fc_failed;                        /* 1: fontconfig gave nothing; no fallback */
    text_font fonts[TEXT_FONT_CACHE];
    text_run runs[TEXT_RUN_CACHE];
    text_width_memo widths[TEXT_WIDTHS];
    uint32_t tick;
};

static int readable(const char *p)
{
    return p[0] != '\0' && access(p, R_OK) == 0;
}

/* --- finding fonts with fontconfig ----------------------------------------------- */

/* family as a fontconfig pattern, substituted as fc-match does; NULL when out of memory. */
static FcPattern *fc_pattern(FcConfig *fc, const char *family)
{
    FcPattern *p = FcNameParse((const FcChar8 *)family);
    if (p && FcConfigSubstitute(fc, p, FcMatchPattern))
        FcDefaultSubstitute(p);
    return p;
}

/* Copies font f's file to out (size bytes) and its face index to *face; 0 when f names
 * no readable file that fits. */
static int fc_file(FcPattern *f, char *out, size_t size, int *face)
{
    FcChar8 *file = NULL;
    int index = 0;
    if (FcPatternGetString(f, FC_FILE, 0, &file) != FcResultMatch || !file ||
        strlen((const char *)file) >= size || !readable((const char *)file))
        return 0;
    FcPatternGetInteger(f, FC_INDEX, 0, &index);
    snprintf(out, size, "%s", (const char *)file);
    if (face)
        *face = index;
    return 1;
}

delve_status text_find_font(const char *family, char *path, size_t size, delve_err *err)
{
    FcConfig *fc = FcInitLoadConfigAndFonts();
    FcPattern *p = fc ? fc_pattern(fc, family) : NULL;
    FcResult res = FcResultNoMatch;
    FcPattern *m = p ? FcFontMatch(fc, p, &res) : NULL;
    int ok = m && fc_file(m, path, size, NULL);
    if (m)
        FcPatternDestroy(m);
    if (p)
        FcPatternDestroy(p);
    if (fc)
        FcConfigDestroy(fc);
    if (!ok && size)
        path[0] = '\0';
    return ok ? DELVE_OK
              : delve_fail(err, DELVE_EINPUT, "fontconfig names no readable font for '%s'",
                           family);
}

/* Loads fontconfig and its list for TEXT_FAMILY once; 0 when there is none. */
static int fc_ready(text_ctx *t)
{
    if (t->sorted || t->fc_failed)
        return t->sorted != NULL;
    t->fc = FcInitLoadConfigAndFonts();
    FcPattern *p = t->fc ? fc_pattern(t->fc, TEXT_FAMILY) : NULL;
    FcResult res = FcResultNoMatch;
    t->sorted = p ? FcFontSort(t->fc, p, FcTrue, NULL, &res) : NULL;
    if (p)
        FcPatternDestroy(p);
    t->fc_failed = !t->sorted;
    return t->sorted != NULL;
}

/* The fallback slot of the first font in fontconfig's list that has code point cp, or
 * -1 when none has it (or TEXT_FALLBACKS files are taken). */
static int fallback_slot(text_ctx *t, uint32_t cp)
{
    if (!fc_ready(t))
        return -1;
    for (int i = 0; i < t->sorted->nfont; i++) {
        FcCharSet *cs = NULL;
        char file[TEXT_PATH_MAX];
        int face = 0;
        if (FcPatternGetCharSet(t->sorted->fonts[i], FC_CHARSET, 0, &cs) != FcResultMatch ||
            !FcCharSetHasChar(cs, cp) || !fc_file(t->sorted->fonts[i], file, sizeof file, &face))
            continue;
        for (int s = TEXT_STYLE_COUNT; s < TEXT_STYLE_COUNT + t->fallbacks; s++)
            if (t->face[s] == face && !strcmp(t->path[s], file))
                return s;
        TTF_Font *probe = t->fallbacks < TEXT_FALLBACKS ? TTF_OpenFontIndex(file, 12, face)
                                                        : NULL;
        if (!probe)
            continue;   /* no room, or a font SDL_ttf cannot open: try the next */
        TTF_CloseFont(probe);
        int s = TEXT_STYLE_COUNT + t->fallbacks++;
        snprintf(t->path[s], TEXT_PATH_MAX, "%s", file);
        t->face[s] = face;
        return s;
    }
    return -1;
}

/* Fills t->path: the regular face, then siblings from its folder or the regular face. */
static delve_status find_fonts(text_ctx *t, const char *font_path, delve_err *err)
{
    char fc[TEXT_PATH_MAX] = "";
    char *reg = t->path[TEXT_SANS];
    if (font_path) {
        if (!readable(font_path))
            return delve_fail(err, DELVE_EINPUT, "font %s: cannot read it", font_path);
        snprintf(reg, TEXT_PATH_MAX, "%s", font_path);
        for (int s = 1; s < TEXT_STYLE_COUNT; s++)
            snprintf(t->path[s], TEXT_PATH_MAX, "%s", font_path);
        return DELVE_OK;
    }
    if (readable(TEXT_DEFAULT_FONT))
        snprintf(reg, TEXT_PATH_MAX, "%s", TEXT_DEFAULT_FONT);
    else if (text_find_font(TEXT_FAMILY, fc, sizeof fc, NULL) == DELVE_OK)
        snprintf(reg, TEXT_PATH_MAX, "%s", fc);
    else
        return delve_fail(err, DELVE_EINPUT,
                          "no font: tried %s and fontconfig's match for '%s' (none); install "
                          "Debian's fonts-dejavu-core or pass --font PATH",
                          TEXT_DEFAULT_FONT, TEXT_FAMILY);
    const char *slash = strrchr(reg, '/');
    int dir_len = slash ? (int)(slash - reg + 1) : 0;
    for (int s = 1; s < TEXT_STYLE_COUNT; s++) {
        char sib[TEXT_PATH_MAX];
        snprintf(sib, sizeof sib, "%.*s%s", dir_len, reg, SIBLING[s]);
        snprintf(t->path[s], TEXT_PATH_MAX, "%s", readable(sib) ? sib : reg);
    }
    return DELVE_OK;
}

delve_status text_open(text_ctx **out, const char *font_path, delve_err *err)
{
    *out = NULL;
    text_ctx *t = calloc(1, sizeof *t);
    if (!t)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for text");
    delve_status st = find_fonts(t, font_path, err);
    if (st != DELVE_OK) {
        free(t);
        return st;
    }
    /* SDL_ttf counts TTF_Init calls; text_close's TTF_Quit undoes this one. */
    if (TTF_Init() != 0) {
        st = delve_fail(err, DELVE_EINPUT, "SDL_ttf: %s", TTF_GetError());
        free(t);
        return st;
    }
    TTF_Font *probe = TTF_OpenFont(t->path[TEXT_SANS], 12);
    if (!probe) {
        st = delve_fail(err, DELVE_EINPUT, "font %s: %s (--font PATH picks another)",
                        t->path[TEXT_SANS], TTF_GetError());
        TTF_Quit();
        free(t);
        return st;
    }
    TTF_CloseFont(probe);
    *out = t;
    return DELVE_OK;
}

static void run_drop(text_run *r)
{
    free(r->str);
    free(r->mask);
    memset(r, 0, sizeof *r);
}

void text_close(text_ctx *t)
{
    if (!t)
        return;
    for (int i = 0; i < TEXT_RUN_CACHE; i++)
        run_drop(&t->runs[i]);
    for (int i = 0; i < TEXT_FONT_CACHE; i++)
        if (t->fonts[i].font)
            TTF_CloseFont(t->fonts[i].font);
    TTF_Quit();
    if (t->sorted)
        FcFontSetDestroy(t->sorted);
    if (t->fc)
        FcConfigDestroy(t->fc);
    free(t);
}

static int clamp_px(int px)
{
    return px < 4 ? 4 : px > TEXT_MAX_PX ? TEXT_MAX_PX : px;
}

static int clamp_style(int style)
{
    return style >= 0 && style < TEXT_STYLE_COUNT ? style : TEXT_SANS;
}

/* The open face for (slot, px): a style's font or a fallback (see text_ctx), opening it
 * (and closing the least used) if needed. */
static TTF_Font *font_get(text_ctx *t, int slot, int px)
{
    int victim = 0;
    t->tick++;
    for (int i = 0; i < TEXT_FONT_CACHE; i++) {
        text_font *f = &t->fonts[i];
        if (f->font && f->slot == slot && f->px == px) {
            f->used = t->tick;
            return f->font;
        }
        if (!f->font || (t->fonts[victim].font && f->used < t->fonts[victim].used))
            victim = i;
    }
    text_font *f = &t->fonts[victim];
    if (f->font)
        TTF_CloseFont(f->font);
    f->font = TTF_OpenFontIndex(t->path[slot], px, t->face[slot]);
    if (!f->font)
        return NULL;
    TTF_SetFontHinting(f->font, TTF_HINTING_LIGHT);
    f->slot = slot, f->px = px, f->used = t->tick;
    return f->font;
}

/* --- runs of one font ---------------------------------------------------------------- */

/* The code point at s[*i] (UTF-8), moving *i past it; U+FFFD for a bad byte. */
static uint32_t utf8_next(const char *s, size_t *i)
{
    const uint8_t *p = (const uint8_t *)s + *i;
    int n = p[0] < 0x80 ? 1 : (p[0] & 0xE0) == 0xC0 ? 2 : (p[0] & 0xF0) == 0xE0 ? 3
            : (p[0] & 0xF8) == 0xF0 ? 4 : 0;
    uint32_t cp = n == 1 ? p[0] : n == 2 ? p[0] & 0x1Fu : n == 3 ? p[0] & 0x0Fu : p[0] & 0x07u;
    for (int k = 1; k < n; k++) {
        if ((p[k] & 0xC0) != 0x80) {
            n = 0;
            break;
        }
        cp = cp << 6 | (p[k] & 0x3Fu);
    }
    *i += n ? (size_t)n : 1;
    return n ? cp : 0xFFFD;
}

/* The slot that draws code point cp in style: the style's font when it has the glyph,
 * else the fallback that has it, else the style's font (its "missing" box). */
static int slot_for(text_ctx *t, TTF_Font *own, int style, uint32_t cp)
{
    if (TTF_GlyphIsProvided32(own, cp))
        return style;
    int s = fallback_slot(t, cp);
    return s < 0 ? style : s;
}

/* The run of str starting at byte at that one slot draws: its slot, and *end. */
static int run_slot(text_ctx *t, TTF_Font *own, int style, const char *str, size_t at,
                    size_t *end)
{
    size_t i = at;
    int slot = slot_for(t, own, style, utf8_next(str, &i));
    for (*end = i; str[i]; *end = i)
        if (slot_for(t, own, style, utf8_next(str, &i)) != slot)
            break;
    return slot;
}

/* 1 when the style's own font draws every character of str. */
static int own_font_draws_all(text_ctx *t, TTF_Font *own, int style, const char *str)
{
    size_t end = 0;
    return !*str || (run_slot(t, own, style, str, 0, &end) == style && !str[end]);
}

uint32_t text_missing(text_ctx *t, int style, const char *str)
{
    TTF_Font *own = t ? font_get(t, style, 16) : NULL;
    for (size_t i = 0; own && str[i];) {
        uint32_t cp = utf8_next(str, &i);
        if (cp >= 0x20 && !TTF_GlyphIsProvided32(own, cp) && fallback_slot(t, cp) < 0)
            return cp;
    }
    return 0;
}

/* Width in pixels of str drawn run by run. */
static int runs_width(text_ctx *t, TTF_Font *own, int style, int px, const char *str)
{
    int total = 0;
    char *piece = malloc(strlen(str) + 1);
    for (size_t at = 0, end; piece && str[at]; at = end) {
        int slot = run_slot(t, own, style, str, at, &end), w = 0, h = 0;
        TTF_Font *f = slot == style ? own : font_get(t, slot, px);
        memcpy(piece, str + at, end - at);
        piece[end - at] = '\0';
        if (f && TTF_SizeUTF8(f, piece, &w, &h) == 0)
            total += w;
    }
    free(piece);
    return total;
}

/* The run cache's key: only a key (runs compare their strings too), never stored. */
static uint64_t run_hash(int style, int px, const char *s)
{
    uint64_t h = hash_fnv1a64_i64(HASH_FNV1A64_BASIS, (int64_t)style * 1000 + px);
    return hash_fnv1a64(h, s, strlen(s));
}

/* str rendered white with f as an ARGB8888 surface (free with SDL_FreeSurface), or NULL. */
static SDL_Surface *render_white(TTF_Font *f, const char *str)
{
    SDL_Color white = { 255, 255, 255, 255 };
    SDL_Surface *s = TTF_RenderUTF8_Blended(f, str, white);
    if (!s || s->format->format == SDL_PIXELFORMAT_ARGB8888)
        return s;
    SDL_Surface *conv = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(s);
    return conv;
}

/* Copies the alpha of ARGB8888 surface s into mask (mw x mh) at (x0, y0), clipped. */
static void copy_alpha(SDL_Surface *s, uint8_t *mask, int mw, int mh, int x0, int y0)
{
    if (SDL_MUSTLOCK(s))
        SDL_LockSurface(s);
    for (int y = y0 < 0 ? -y0 : 0; y < s->h && y0 + y < mh; y++) {
        const uint32_t *row = (const uint32_t *)((const uint8_t *)s->pixels + (long)y * s->pitch);
        for (int x = x0 < 0 ? -x0 : 0; x < s->w && x0 + x < mw; x++)
            mask[(y0 + y) * mw + x0 + x] = (uint8_t)(row[x] >> 24);
    }
    if (SDL_MUSTLOCK(s))
        SDL_UnlockSurface(s);
}

/* Rasterises str run by run (some characters from fallback fonts) into r's mask: the
 * style font's line height, each run on its baseline. 0 on failure. */
static int runs_render(text_ctx *t, text_run *r, TTF_Font *own, int style, int px,
                       const char *str)
{
    int mw = runs_width(t, own, style, px, str), mh = TTF_FontHeight(own), ok = mw > 0;
    char *piece = malloc(strlen(str) + 1);
    r->mask = ok && piece ? calloc((size_t)mw * (size_t)mh, 1) : NULL;
    ok = ok && r->mask;
    for (size_t at = 0, end, x = 0; ok && str[at]; at = end) {
        int slot = run_slot(t, own, style, str, at, &end), adv = 0, h = 0;
        TTF_Font *f = slot == style ? own : font_get(t, slot, px);
        memcpy(piece, str + at, end - at);
        piece[end - at] = '\0';
        SDL_Surface *s = f && TTF_SizeUTF8(f, piece, &adv, &h) == 0 ? render_white(f, piece)
                                                                    : NULL;
        if (s)
            copy_alpha(s, r->mask, mw, mh, (int)x, TTF_FontAscent(own) - TTF_FontAscent(f));
        ok = s != NULL;
        SDL_FreeSurface(s);
        x += (size_t)adv;
    }
    free(piece);
    if (ok)
        r->w = mw, r->h = mh;
    return ok;
}

/* Rasterises str into r's mask (r empty on entry). 0 on failure. */
static int run_render(text_ctx *t, text_run *r, int style, int px, const char *str)
{
    TTF_Font *f = font_get(t, style, px);
    if (!f)
        return 0;
    if (!own_font_draws_all(t, f, style, str))
        return runs_render(t, r, f, style, px, str);
    SDL_Surface *s = render_white(f, str);
    int ok = s && s->w > 0 && s->h > 0 && (r->mask = malloc((size_t)s->w * (size_t)s->h));
    if (ok) {
        copy_alpha(s, r->mask, s->w, s->h, 0, 0);
        r->w = s->w, r->h = s->h;
    }
    SDL_FreeSurface(s);
    return ok;
}

/* The cached run for str, rendering it into the least recently used slot if needed;
 * NULL when it cannot be drawn. *tmp receives an uncached run for over-long strings
 * (the caller frees its mask). */
static const text_run *run_get(text_ctx *t, int style, int px, const char *str, text_run *tmp)
{
    size_t len = strlen(str);
    if (len > TEXT_RUN_MAX_LEN) {
        memset(tmp, 0, sizeof *tmp);
        return run_render(t, tmp, style, px, str) ? tmp : NULL;
    }
    uint64_t h = run_hash(style, px, str);
    int victim = 0;
    t->tick++;
    for (int i = 0; i < TEXT_RUN_CACHE; i++) {
        text_run *r = &t->runs[i];
        if (r->str && r->hash == h && r->style == style && r->px == px &&
            strcmp(r->str, str) == 0) {
            r->used = t->tick;
            return r;
        }
        if (!r->str || (t->runs[victim].str && r->used < t->runs[victim].used))
            victim = i;
    }
    text_run *r = &t->runs[victim];
    run_drop(r);
    r->str = malloc(len + 1);
    if (!r->str)
        return NULL;
    memcpy(r->str, str, len + 1);
    if (!run_render(t, r, style, px, str)) {
        run_drop(r);
        return NULL;
    }
    r->hash = h, r->style = style, r->px = px, r->used = t->tick;
    return r;
}

int text_draw(canvas *c, text_ctx *t, int x, int y, int px_size, int style, rgba col,
              const char *str)
{
    if (!t || !str || !*str)
        return 0;
    text_run tmp;
    const text_run *r = run_get(t, clamp_style(style), clamp_px(px_size), str, &tmp);
    if (!r)
        return 0;
    canvas_blend_mask(c, x, y, r->mask, r->w, r->h, r->w, col);
    int w = r->w;
    if (r == &tmp)
        free(tmp.mask);
    return w;
}

/* Width of str (style and px already clamped), measured by SDL_ttf. */
static int measure(text_ctx *t, int px, int style, const char *str)
{
    TTF_Font *f = font_get(t, style, px);
    int w = 0, h = 0;
    if (f && !own_font_draws_all(t, f, style, str))
        return runs_width(t, f, style, px, str);
    if (!f || TTF_SizeUTF8(f, str, &w, &h) != 0)
        return 0;
    return w;
}

int text_width(text_ctx *t, int px_size, int style, const char *str)
{
    if (!t || !str || !*str)
        return 0;
    style = clamp_style(style);
    int px = clamp_px(px_size);
    size_t len = strlen(str);
    if (len >= TEXT_WIDTH_KEY)
        return measure(t, px, style, str);
    text_width_memo *m = &t->widths[run_hash(style, px, str) % TEXT_WIDTHS];
    if (m->px == px && m->style == style && memcmp(m->str, str, len + 1) == 0)
        return m->w;
    int w = measure(t, px, style, str);
    *m = (text_width_memo){ .style = style, .px = px, .w = w };
    memcpy(m->str, str, len + 1);
    return w;
}

int text_line_h(text_ctx *t, int px_size, int style)
{
    TTF_Font *f = t ? font_get(t, clamp_style(style), clamp_px(px_size)) : NULL;
    return f ? TTF_FontLineSkip(f) : px_size;
}

int text_breaks_at(const char *str, size_t i)
{
    return str[i] == ' ' && !((str[i + 1] == '-' || str[i + 1] == '+') &&
                              str[i + 2] >= '0' && str[i + 2] <= '9');
}

char *text_fit(text_ctx *t, int px_size, int style, int max_w, const char *str, char *buf,
               size_t size)
{
    if (size == 0)
        return buf;
    snprintf(buf, size, "%s", str ? str : "");
    if (text_width(t, px_size, style, buf) <= max_w)
        return buf;
    size_t n = strlen(buf);
    /* cut between words first: a caption cut inside "+14" would read "+1..." */
    for (size_t k = n; k-- > 0;) {
        if (buf[k] != ' ' || k + 4 > size || k == 0)
            continue;
        char keep[4];
        memcpy(keep, buf + k, 4);
        memcpy(buf + k, "...", 4);
        if (text_width(t, px_size, style, buf) <= max_w)
            return buf;
        memcpy(buf + k, keep, 4);
    }
    while (n > 0) { /* a single word too wide: cut inside it */
        do
            n--;
        while (n > 0 && ((uint8_t)buf[n] & 0xC0) == 0x80);
        if (n + 4 > size)
            continue;
        memcpy(buf + n, "...", 4);
        if (text_width(t, px_size, style, buf) <= max_w)
            return buf;
    }
    buf[0] = '\0';
    return buf;
}
