/* text: SDL2_ttf glyph rendering blended into a canvas. Strings are rendered white with
 * TTF_RenderUTF8_Blended, their alpha kept as an 8-bit coverage mask in a small cache
 * (least recently used goes first), and blended in the caller's colour. */
#include "render/text.h"

#include <SDL2/SDL_ttf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TEXT_DEFAULT_FONT "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#define TEXT_PATH_MAX 1024
#define TEXT_FONT_CACHE 24    /* open (style, size) faces */
#define TEXT_RUN_CACHE 384    /* rasterised strings */
#define TEXT_RUN_MAX_LEN 512  /* longer strings are drawn but not cached */
#define TEXT_MAX_PX 256       /* font sizes are clamped to 4..TEXT_MAX_PX */

/* Sibling file names of the DejaVu family, by style. */
static const char *const SIBLING[TEXT_STYLE_COUNT] = {
    [TEXT_SANS] = "DejaVuSans.ttf",
    [TEXT_BOLD] = "DejaVuSans-Bold.ttf",
    [TEXT_MONO] = "DejaVuSansMono.ttf",
};

typedef struct text_font {
    int style, px;
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

struct text_ctx {
    char path[TEXT_STYLE_COUNT][TEXT_PATH_MAX];
    text_font fonts[TEXT_FONT_CACHE];
    text_run runs[TEXT_RUN_CACHE];
    uint32_t tick;
};

static int readable(const char *p)
{
    return p[0] != '\0' && access(p, R_OK) == 0;
}

/* Asks fontconfig for DejaVu Sans's file; 1 with out filled when it names one. */
static int fc_match(char *out, size_t size)
{
    FILE *p = popen("fc-match -f '%{file}' 'DejaVu Sans' 2>/dev/null", "r");
    if (!p)
        return 0;
    size_t n = fread(out, 1, size - 1, p);
    pclose(p);
    out[n] = '\0';
    while (n > 0 && (out[n - 1] == '\n' || out[n - 1] == ' '))
        out[--n] = '\0';
    return n > 0;
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
    else if (fc_match(fc, sizeof fc) && readable(fc))
        snprintf(reg, TEXT_PATH_MAX, "%s", fc);
    else
        return delve_fail(err, DELVE_EINPUT,
                          "no font: tried %s and `fc-match 'DejaVu Sans'` (%s); install "
                          "Debian's fonts-dejavu-core or pass --font PATH",
                          TEXT_DEFAULT_FONT, fc[0] ? fc : "no answer");
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

/* The open face for (style, px), opening it (and closing the least used) if needed. */
static TTF_Font *font_get(text_ctx *t, int style, int px)
{
    int victim = 0;
    t->tick++;
    for (int i = 0; i < TEXT_FONT_CACHE; i++) {
        text_font *f = &t->fonts[i];
        if (f->font && f->style == style && f->px == px) {
            f->used = t->tick;
            return f->font;
        }
        if (!f->font || (t->fonts[victim].font && f->used < t->fonts[victim].used))
            victim = i;
    }
    text_font *f = &t->fonts[victim];
    if (f->font)
        TTF_CloseFont(f->font);
    f->font = TTF_OpenFont(t->path[style], px);
    if (!f->font)
        return NULL;
    TTF_SetFontHinting(f->font, TTF_HINTING_LIGHT);
    f->style = style, f->px = px, f->used = t->tick;
    return f->font;
}

static uint64_t run_hash(int style, int px, const char *s)
{
    uint64_t h = 1469598103934665603ull ^ (uint64_t)(style * 1000 + px);
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

/* Rasterises str into r's mask (r empty on entry). 0 on failure. */
static int run_render(text_ctx *t, text_run *r, int style, int px, const char *str)
{
    TTF_Font *f = font_get(t, style, px);
    if (!f)
        return 0;
    SDL_Color white = { 255, 255, 255, 255 };
    SDL_Surface *s = TTF_RenderUTF8_Blended(f, str, white);
    if (!s)
        return 0;
    SDL_Surface *conv = s;
    if (s->format->format != SDL_PIXELFORMAT_ARGB8888)
        conv = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    int ok = 0;
    if (conv && conv->w > 0 && conv->h > 0 &&
        (r->mask = malloc((size_t)conv->w * (size_t)conv->h))) {
        if (SDL_MUSTLOCK(conv))
            SDL_LockSurface(conv);
        for (int y = 0; y < conv->h; y++) {
            const uint32_t *row = (const uint32_t *)((const uint8_t *)conv->pixels +
                                                     (long)y * conv->pitch);
            for (int x = 0; x < conv->w; x++)
                r->mask[y * conv->w + x] = (uint8_t)(row[x] >> 24);
        }
        if (SDL_MUSTLOCK(conv))
            SDL_UnlockSurface(conv);
        r->w = conv->w, r->h = conv->h, ok = 1;
    }
    if (conv && conv != s)
        SDL_FreeSurface(conv);
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

int text_width(text_ctx *t, int px_size, int style, const char *str)
{
    if (!t || !str || !*str)
        return 0;
    style = clamp_style(style);
    TTF_Font *f = font_get(t, style, clamp_px(px_size));
    int w = 0, h = 0;
    if (!f || TTF_SizeUTF8(f, str, &w, &h) != 0)
        return 0;
    return w;
}

int text_line_h(text_ctx *t, int px_size, int style)
{
    TTF_Font *f = t ? font_get(t, clamp_style(style), clamp_px(px_size)) : NULL;
    return f ? TTF_FontLineSkip(f) : px_size;
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
    while (n > 0) {
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
