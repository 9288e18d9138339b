/* lazy_libs: each SDL_, TTF_ and Fc function delve calls, defined here as a call through
 * a pointer that the first call of any of them fills in (dlopen of SDL2, SDL2_ttf and
 * fontconfig by their sonames, dlsym of every name in the list). app/lazy_libs.h says
 * why. The table
 * of pointers is the one static that is written, once, under pthread_once; after that
 * it is only read, from any thread. A library or name that cannot be loaded ends the
 * process with the loader's message and exit code 127, as a missing library did when
 * it was linked in. */
#include "app/lazy_libs.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <fontconfig/fontconfig.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { LIB_SDL, LIB_TTF, LIB_FC, LIB_COUNT };

static const char *const SONAME[LIB_COUNT] = { "libSDL2-2.0.so.0", "libSDL2_ttf-2.0.so.0",
                                                "libfontconfig.so.1" };

/* X(library, return type, name, parameters, arguments): every function delve calls;
 * V for those returning void */
#define SDL_LAZY_FUNCS(X, V)                                                                  \
    X(LIB_SDL, SDL_Surface *, SDL_ConvertSurfaceFormat, (SDL_Surface *s, Uint32 f, Uint32 fl), (s, f, fl)) \
    X(LIB_SDL, SDL_Renderer *, SDL_CreateRenderer, (SDL_Window *w, int i, Uint32 f), (w, i, f)) \
    X(LIB_SDL, SDL_Texture *, SDL_CreateTexture, (SDL_Renderer *r, Uint32 f, int a, int w, int h), (r, f, a, w, h)) \
    X(LIB_SDL, SDL_Window *, SDL_CreateWindow, (const char *t, int x, int y, int w, int h, Uint32 f), (t, x, y, w, h, f)) \
    V(LIB_SDL, void, SDL_DestroyRenderer, (SDL_Renderer *r), (r))                          \
    V(LIB_SDL, void, SDL_DestroyTexture, (SDL_Texture *t), (t))                            \
    V(LIB_SDL, void, SDL_DestroyWindow, (SDL_Window *w), (w))                              \
    V(LIB_SDL, void, SDL_FreeSurface, (SDL_Surface *s), (s))                               \
    X(LIB_SDL, const char *, SDL_GetCurrentVideoDriver, (void), ())                        \
    X(LIB_SDL, const char *, SDL_GetError, (void), ())                                     \
    X(LIB_SDL, int, SDL_GetRendererOutputSize, (SDL_Renderer *r, int *w, int *h), (r, w, h)) \
    X(LIB_SDL, Uint32, SDL_GetTicks, (void), ())                                           \
    V(LIB_SDL, void, SDL_GetWindowSize, (SDL_Window *win, int *w, int *h), (win, w, h))    \
    X(LIB_SDL, const char *, SDL_GetWindowTitle, (SDL_Window *w), (w))                     \
    X(LIB_SDL, int, SDL_Init, (Uint32 f), (f))                                             \
    X(LIB_SDL, int, SDL_LockSurface, (SDL_Surface *s), (s))                                \
    X(LIB_SDL, int, SDL_PollEvent, (SDL_Event *e), (e))                                    \
    V(LIB_SDL, void, SDL_Quit, (void), ())                                                 \
    X(LIB_SDL, int, SDL_RenderClear, (SDL_Renderer *r), (r))                               \
    X(LIB_SDL, int, SDL_RenderCopy, (SDL_Renderer *r, SDL_Texture *t, const SDL_Rect *s, const SDL_Rect *d), (r, t, s, d)) \
    V(LIB_SDL, void, SDL_RenderPresent, (SDL_Renderer *r), (r))                            \
    X(LIB_SDL, int, SDL_RenderReadPixels, (SDL_Renderer *r, const SDL_Rect *rc, Uint32 f, void *p, int pitch), (r, rc, f, p, pitch)) \
    X(LIB_SDL, int, SDL_SetClipboardText, (const char *t), (t))                            \
    V(LIB_SDL, void, SDL_SetWindowMinimumSize, (SDL_Window *win, int w, int h), (win, w, h)) \
    V(LIB_SDL, void, SDL_SetWindowSize, (SDL_Window *win, int w, int h), (win, w, h))        \
    V(LIB_SDL, void, SDL_SetWindowTitle, (SDL_Window *w, const char *t), (w, t))           \
    V(LIB_SDL, void, SDL_UnlockSurface, (SDL_Surface *s), (s))                             \
    X(LIB_SDL, int, SDL_UpdateTexture, (SDL_Texture *t, const SDL_Rect *r, const void *p, int pitch), (t, r, p, pitch)) \
    X(LIB_SDL, int, SDL_WaitEventTimeout, (SDL_Event *e, int ms), (e, ms))                 \
    X(LIB_SDL, char *, SDL_getenv, (const char *n), (n))                                   \
    V(LIB_TTF, void, TTF_CloseFont, (TTF_Font *f), (f))                                    \
    X(LIB_TTF, int, TTF_FontAscent, (const TTF_Font *f), (f))                              \
    X(LIB_TTF, int, TTF_FontHeight, (const TTF_Font *f), (f))                              \
    X(LIB_TTF, int, TTF_FontLineSkip, (const TTF_Font *f), (f))                            \
    X(LIB_TTF, int, TTF_GlyphIsProvided32, (TTF_Font *f, Uint32 c), (f, c))                \
    X(LIB_TTF, int, TTF_Init, (void), ())                                                  \
    X(LIB_TTF, TTF_Font *, TTF_OpenFont, (const char *p, int s), (p, s))                   \
    X(LIB_TTF, TTF_Font *, TTF_OpenFontIndex, (const char *p, int s, long i), (p, s, i))   \
    V(LIB_TTF, void, TTF_Quit, (void), ())                                                 \
    X(LIB_TTF, SDL_Surface *, TTF_RenderUTF8_Blended, (TTF_Font *f, const char *t, SDL_Color c), (f, t, c)) \
    V(LIB_TTF, void, TTF_SetFontHinting, (TTF_Font *f, int h), (f, h))                     \
    X(LIB_TTF, int, TTF_SizeUTF8, (TTF_Font *f, const char *t, int *w, int *h), (f, t, w, h)) \
    X(LIB_FC, FcBool, FcCharSetHasChar, (const FcCharSet *s, FcChar32 c), (s, c))         \
    V(LIB_FC, void, FcConfigDestroy, (FcConfig *c), (c))                                   \
    X(LIB_FC, FcBool, FcConfigSubstitute, (FcConfig *c, FcPattern *p, FcMatchKind k), (c, p, k)) \
    V(LIB_FC, void, FcDefaultSubstitute, (FcPattern *p), (p))                              \
    X(LIB_FC, FcPattern *, FcFontMatch, (FcConfig *c, FcPattern *p, FcResult *r), (c, p, r)) \
    V(LIB_FC, void, FcFontSetDestroy, (FcFontSet *s), (s))                                 \
    X(LIB_FC, FcFontSet *, FcFontSort, (FcConfig *c, FcPattern *p, FcBool t, FcCharSet **cs, FcResult *r), (c, p, t, cs, r)) \
    X(LIB_FC, FcConfig *, FcInitLoadConfigAndFonts, (void), ())                            \
    X(LIB_FC, FcPattern *, FcNameParse, (const FcChar8 *n), (n))                           \
    V(LIB_FC, void, FcPatternDestroy, (FcPattern *p), (p))                                 \
    X(LIB_FC, FcResult, FcPatternGetCharSet, (const FcPattern *p, const char *o, int n, FcCharSet **c), (p, o, n, c)) \
    X(LIB_FC, FcResult, FcPatternGetInteger, (const FcPattern *p, const char *o, int n, int *i), (p, o, n, i)) \
    X(LIB_FC, FcResult, FcPatternGetString, (const FcPattern *p, const char *o, int n, FcChar8 **s), (p, o, n, s))

/* The real functions, filled in once by lazy_load. */
typedef struct lazy_table {
#define LAZY_FIELD(lib, ret, name, params, args) ret(SDLCALL *name) params;
    SDL_LAZY_FUNCS(LAZY_FIELD, LAZY_FIELD)
#undef LAZY_FIELD
} lazy_table;

static lazy_table lazy;
static pthread_once_t lazy_once = PTHREAD_ONCE_INIT;

void lazy_libs_die(const char *what)
{
    const char *why = dlerror();
    fprintf(stderr, "delve: cannot load %s: %s\n", what, why ? why : "not found");
    exit(127);
}

/* dlopen both libraries, dlsym every name (pthread_once's routine). */
static void lazy_load(void)
{
    void *lib[LIB_COUNT];
    for (int i = 0; i < LIB_COUNT; i++)
        if (!(lib[i] = dlopen(SONAME[i], RTLD_NOW | RTLD_LOCAL)))
            lazy_libs_die(SONAME[i]);
#define LAZY_SYM(l, ret, name, params, args)                                               \
    *(void **)&lazy.name = dlsym(lib[l], #name);                                           \
    if (!lazy.name)                                                                        \
        lazy_libs_die(#name);
    SDL_LAZY_FUNCS(LAZY_SYM, LAZY_SYM)
#undef LAZY_SYM
}

/* Maps the libraries and leaves them mapped (a failure is left to the first call to
 * report), so the first call's dlopen finds them loaded. */
static void *preload(void *arg)
{
    (void)arg;
    for (int i = 0; i < LIB_COUNT; i++)
        dlopen(SONAME[i], RTLD_NOW | RTLD_LOCAL);
    return NULL;
}

void lazy_libs_preload(void)
{
    pthread_t t;
    pthread_attr_t at;
    if (pthread_attr_init(&at) != 0)
        return;
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    pthread_create(&t, &at, preload, NULL); /* no thread: the first call loads them */
    pthread_attr_destroy(&at);
}

#define LAZY_DEFINE(lib, ret, name, params, args)                                          \
    ret SDLCALL name params                                                                \
    {                                                                                      \
        pthread_once(&lazy_once, lazy_load);                                               \
        return lazy.name args;                                                             \
    }
#define LAZY_DEFINE_VOID(lib, ret, name, params, args)                                     \
    void SDLCALL name params                                                               \
    {                                                                                      \
        pthread_once(&lazy_once, lazy_load);                                               \
        lazy.name args;                                                                    \
    }
SDL_LAZY_FUNCS(LAZY_DEFINE, LAZY_DEFINE_VOID)
#undef LAZY_DEFINE
#undef LAZY_DEFINE_VOID
