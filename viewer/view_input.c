/* view_input: every key, click, drag, wheel turn and resize reaches the viewer through
 * viewer_event, whether SDL delivered it or a --keys script did: a script token becomes
 * the very SDL_Event a person's input would, so headless tests drive the same code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/lex.h"
#include "viewer/view_app.h"

#define TOKEN_MAX 32
#define VIEWER_WHEEL_MAX 1000  /* notches of one wheel:N */

/* Names a script may use for keys that are not one character. */
static const struct {
    const char *name;
    SDL_Keycode key;
} KEY_NAMES[] = {
    { "space", SDLK_SPACE }, { "left", SDLK_LEFT },     { "right", SDLK_RIGHT },
    { "up", SDLK_UP },       { "down", SDLK_DOWN },     { "pgup", SDLK_PAGEUP },
    { "pgdn", SDLK_PAGEDOWN }, { "home", SDLK_HOME },   { "end", SDLK_END },
    { "f5", SDLK_F5 },       { "f12", SDLK_F12 },       { "esc", SDLK_ESCAPE },
    { "tab", SDLK_TAB },
};
#define KEY_NAME_COUNT ((int)(sizeof KEY_NAMES / sizeof KEY_NAMES[0]))

static SDL_Keycode key_named(const char *t)
{
    if (t[0] && !t[1] && t[0] > ' ' && t[0] < 127)
        return (SDL_Keycode)t[0];
    for (int i = 0; i < KEY_NAME_COUNT; i++)
        if (!strcmp(t, KEY_NAMES[i].name))
            return KEY_NAMES[i].key;
    return SDLK_UNKNOWN;
}

int viewer_size_parse(const char *s, char sep, int *w, int *h)
{
    return lex_pair(s, sep, VIEWER_MIN_W, VIEWER_SIZE_MAX, VIEWER_MIN_H, VIEWER_SIZE_MAX, w, h);
}

/* "A,B" after verb (a mouse place, in canvas px) into *a, *b: 1, or 0. */
static int place(const char *t, const char *verb, int *a, int *b)
{
    size_t n = strlen(verb);
    return !strncmp(t, verb, n) && lex_pair(t + n, ',', -VIEWER_SIZE_MAX, VIEWER_SIZE_MAX,
                                            -VIEWER_SIZE_MAX, VIEWER_SIZE_MAX, a, b);
}

/* A mouse or window token "verb:A,B" into e; 0 when t is none. */
static int mouse_token(const viewer *v, const char *t, SDL_Event *e)
{
    int a = 0, b = 0;
    memset(e, 0, sizeof *e);
    if (place(t, "move:", &a, &b)) {
        e->type = SDL_MOUSEMOTION, e->motion.x = a, e->motion.y = b;
        e->motion.xrel = v ? a - v->mx : 0, e->motion.yrel = v ? b - v->my : 0;
        e->motion.state = v && v->dragging ? SDL_BUTTON_LMASK : 0;
    } else if (place(t, "press:", &a, &b)) {
        e->type = SDL_MOUSEBUTTONDOWN, e->button.button = SDL_BUTTON_LEFT;
        e->button.x = a, e->button.y = b;
    } else if (place(t, "release:", &a, &b)) {
        e->type = SDL_MOUSEBUTTONUP, e->button.button = SDL_BUTTON_LEFT;
        e->button.x = a, e->button.y = b;
    } else if (!strncmp(t, "wheel:", 6) &&
               lex_parse_int(t + 6, strlen(t + 6), -VIEWER_WHEEL_MAX, VIEWER_WHEEL_MAX, &a,
                             NULL) == LEX_OK) {
        e->type = SDL_MOUSEWHEEL, e->wheel.y = a;
    } else if (!strncmp(t, "resize:", 7) && viewer_size_parse(t + 7, ',', &a, &b)) {
        e->type = SDL_WINDOWEVENT, e->window.event = SDL_WINDOWEVENT_SIZE_CHANGED;
        e->window.data1 = a, e->window.data2 = b;
    } else {
        return 0;
    }
    return 1;
}

/* Cuts the next token off *s into t; 0 at the end. */
static int next_token(const char **s, char *t)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
    size_t n = 0;
    while (p[n] && p[n] != ' ' && p[n] != '\t' && p[n] != '\n')
        n++;
    *s = p + n;
    if (!n)
        return 0;
    if (n >= TOKEN_MAX)
        n = TOKEN_MAX - 1;
    memcpy(t, p, n);
    t[n] = '\0';
    return 1;
}

static int token_event(const viewer *v, const char *t, SDL_Event *e)
{
    SDL_Keycode k = key_named(t);
    if (k == SDLK_UNKNOWN)
        return mouse_token(v, t, e);
    memset(e, 0, sizeof *e);
    e->type = SDL_KEYDOWN;
    e->key.keysym.sym = k;
    return 1;
}

delve_status viewer_keys_check(const char *keys, delve_err *err)
{
    char t[TOKEN_MAX];
    SDL_Event e;
    while (next_token(&keys, t))
        if (!strncmp(t, "resize:", 7) && !token_event(NULL, t, &e))
            return delve_fail(err, DELVE_EINPUT, "--keys: '%s' is not resize:W,H with "
                              VIEWER_SIZE_RULE " (the sizes --size takes)", t,
                              VIEWER_SIZE_RANGE);
        else if (!token_event(NULL, t, &e))
            return delve_fail(err, DELVE_EINPUT, "--keys: '%s' is not a key or mouse event "
                              "(keys: a character, space, left, right, up, down, pgup, "
                              "pgdn, home, end, tab, f5, f12, esc; mouse: move:X,Y press:X,Y "
                              "release:X,Y wheel:N; resize:W,H)", t);
    return DELVE_OK;
}

/* With a high-DPI window, mouse places come in window points: into canvas px. */
static void to_canvas_px(const viewer *v, SDL_Event *e)
{
    int ww, wh;
    SDL_GetWindowSize(v->win, &ww, &wh);
    if (ww <= 0 || wh <= 0 || (ww == v->c.w && wh == v->c.h))
        return;
    if (e->type == SDL_MOUSEMOTION)
        e->motion.x = e->motion.x * v->c.w / ww, e->motion.y = e->motion.y * v->c.h / wh;
    else if (e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP)
        e->button.x = e->button.x * v->c.w / ww, e->button.y = e->button.y * v->c.h / wh;
}

int viewer_next_event(viewer *v, SDL_Event *e, int wait_ms, delve_err *err)
{
    char t[TOKEN_MAX];
    (void)err;
    if (v->keys && next_token(&v->keys, t) && token_event(v, t, e)) {
        if (!next_token(&(const char *){ v->keys }, t))
            v->keys = NULL; /* the last one: the script is over once it is handled */
        return 1;
    }
    v->keys = NULL;
    if (!v->ren) {
        v->done = 1;
        return 0;
    }
    int got = wait_ms > 0 ? SDL_WaitEventTimeout(e, wait_ms) : SDL_PollEvent(e);
    if (got)
        to_canvas_px(v, e);
    return got;
}

static delve_status on_key(viewer *v, SDL_Keycode k, delve_err *err)
{
    int z = v->vo.zoom;
    if (k != SDLK_F12) /* F12 writes the window as it is, its status line too */
        v->status[0] = '\0';
    if (viewer_side_key(v, k))
        return DELVE_OK;
    switch (k) {
    case SDLK_ESCAPE: case SDLK_q: v->quit = v->stop = 1; break;
    case SDLK_LEFT: viewer_pan_px(v, -4 * z, 0); break;
    case SDLK_RIGHT: viewer_pan_px(v, 4 * z, 0); break;
    case SDLK_UP: viewer_pan_px(v, 0, -4 * z); break;
    case SDLK_DOWN: viewer_pan_px(v, 0, 4 * z); break;
    case SDLK_PAGEUP: viewer_change_floor(v, -1); break;
    case SDLK_PAGEDOWN: viewer_change_floor(v, 1); break;
    case SDLK_f: v->vo.follow = 1; break;
    case SDLK_PLUS: case SDLK_EQUALS: case SDLK_KP_PLUS:
        viewer_zoom_at(v, 1, v->mouse_in ? v->mx : -1, v->my); break;
    case SDLK_MINUS: case SDLK_KP_MINUS:
        viewer_zoom_at(v, -1, v->mouse_in ? v->mx : -1, v->my); break;
    case SDLK_0: viewer_fit(v); break;
    case SDLK_F5: viewer_save_game(v); break;
    case SDLK_c: viewer_copy_command(v); break;
    case SDLK_v: viewer_side_toggle(v); break;
    case SDLK_TAB:
        if (!v->a.compare) {
            viewer_say(v, "Tab: one dungeon here (delve view --compare shows two)");
            break;
        }
        v->reload = SDLK_TAB;
        v->stop = v->in_film;
        break;
    default: return viewer_layer_key(v, k) ? DELVE_OK : viewer_play_key(v, k, err);
    }
    return DELVE_OK;
}

static delve_status on_mouse(viewer *v, const SDL_Event *e)
{
    switch (e->type) {
    case SDL_MOUSEMOTION:
        if (v->scrubbing)
            viewer_seek_px(v, e->motion.x);
        else if (v->dragging)
            viewer_pan_px(v, v->mx - e->motion.x, v->my - e->motion.y);
        if (v->status_hint && e->motion.x < viewer_map_w(v)) /* the hover says more */
            v->status[0] = '\0';
        v->mx = e->motion.x, v->my = e->motion.y, v->mouse_in = 1;
        break;
    case SDL_MOUSEBUTTONDOWN:
        v->status[0] = '\0';
        if (e->button.button == SDL_BUTTON_LEFT && e->button.x < viewer_map_w(v) &&
            v->total > 0 && e->button.y >= v->c.h - FRAME_TIMELINE_H) {
            v->scrubbing = 1; /* on the timeline: go to that shot */
            viewer_seek_px(v, e->button.x);
        } else if (e->button.button == SDL_BUTTON_LEFT && e->button.x < viewer_map_w(v)) {
            v->dragging = 1;
        }
        v->mx = e->button.x, v->my = e->button.y, v->mouse_in = 1;
        break;
    case SDL_MOUSEBUTTONUP:
        if (v->dragging && (e->button.x != v->mx || e->button.y != v->my))
            viewer_pan_px(v, v->mx - e->button.x, v->my - e->button.y);
        v->dragging = v->scrubbing = 0;
        v->mx = e->button.x, v->my = e->button.y;
        break;
    case SDL_MOUSEWHEEL:
        if (e->wheel.y)
            viewer_zoom_at(v, e->wheel.y > 0 ? 1 : -1, v->mouse_in ? v->mx : -1, v->my);
        break;
    default: break;
    }
    return DELVE_OK;
}

static delve_status on_window(viewer *v, const SDL_Event *e, delve_err *err)
{
    if (e->window.event == SDL_WINDOWEVENT_LEAVE)
        v->mouse_in = 0;
    if (e->window.event != SDL_WINDOWEVENT_SIZE_CHANGED)
        return DELVE_OK;
    int w = e->window.data1, h = e->window.data2;
    if (v->ren && SDL_GetRendererOutputSize(v->ren, &w, &h))
        return delve_fail(err, DELVE_EIO, "SDL: %s", SDL_GetError());
    return viewer_resize(v, w, h, err);
}

delve_status viewer_event(viewer *v, const SDL_Event *e, delve_err *err)
{
    switch (e->type) {
    case SDL_QUIT: v->quit = v->stop = 1; return DELVE_OK;
    case SDL_KEYDOWN: return on_key(v, e->key.keysym.sym, err);
    case SDL_WINDOWEVENT: return on_window(v, e, err);
    case SDL_MOUSEMOTION: case SDL_MOUSEBUTTONDOWN: case SDL_MOUSEBUTTONUP:
    case SDL_MOUSEWHEEL:
        return on_mouse(v, e);
    default: return DELVE_OK;
    }
}
