/* input: every event through one handler (input.h). A script token becomes the very
 * SDL_Event a person's input would, so headless tests drive the same code. Keys go to
 * the side view first when it is on, then the map's, the layers', the transport's. */
#include <limits.h>
#include <string.h>

#include "base/lex.h"
#include "viewer/input.h"
#include "viewer/status.h"
#include "viewer/window.h"

#define TOKEN_MAX 32
#define INPUT_WHEEL_MAX 1000  /* notches of one wheel:N */

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

/* "A,B" after verb (a mouse place, in canvas px) into *a, *b: 1, or 0. */
static int place(const char *t, const char *verb, int *a, int *b)
{
    size_t n = strlen(verb);
    return !strncmp(t, verb, n) && lex_pair(t + n, ',', -REQUEST_SIZE_MAX, REQUEST_SIZE_MAX,
                                            -REQUEST_SIZE_MAX, REQUEST_SIZE_MAX, a, b);
}

/* A mouse or window token "verb:A,B" into e; 0 when t is none. */
static int mouse_token(const viewer *v, const char *t, SDL_Event *e)
{
    int a = 0, b = 0;
    memset(e, 0, sizeof *e);
    if (place(t, "move:", &a, &b)) {
        e->type = SDL_MOUSEMOTION, e->motion.x = a, e->motion.y = b;
        e->motion.xrel = v ? a - v->mouse.x : 0, e->motion.yrel = v ? b - v->mouse.y : 0;
        e->motion.state = v && v->mouse.dragging ? SDL_BUTTON_LMASK : 0;
    } else if (place(t, "press:", &a, &b)) {
        e->type = SDL_MOUSEBUTTONDOWN, e->button.button = SDL_BUTTON_LEFT;
        e->button.x = a, e->button.y = b;
    } else if (place(t, "release:", &a, &b)) {
        e->type = SDL_MOUSEBUTTONUP, e->button.button = SDL_BUTTON_LEFT;
        e->button.x = a, e->button.y = b;
    } else if (!strncmp(t, "wheel:", 6) &&
               lex_parse_int(t + 6, strlen(t + 6), -INPUT_WHEEL_MAX, INPUT_WHEEL_MAX, &a,
                             NULL) == LEX_OK) {
        e->type = SDL_MOUSEWHEEL, e->wheel.y = a;
    } else if (!strncmp(t, "resize:", 7) && request_size_parse(t + 7, ',', &a, &b)) {
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

delve_status input_keys_check(const char *keys, delve_err *err)
{
    char t[TOKEN_MAX];
    SDL_Event e;
    while (next_token(&keys, t))
        if (!strncmp(t, "resize:", 7) && !token_event(NULL, t, &e))
            return delve_fail(err, DELVE_EINPUT, "--keys: '%s' is not resize:W,H with "
                              REQUEST_SIZE_RULE " (the sizes --size takes)", t,
                              REQUEST_SIZE_RANGE);
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

int input_next_event(viewer *v, SDL_Event *e, int wait_ms, delve_err *err)
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

/* Moves the view by (dx, dy) screen px: the side view's picture, or the map. */
static void pan(viewer *v, int dx, int dy)
{
    if (v->side.on)
        sideview_pan(&v->side, &v->cam, viewer_world(v), dx, dy, &v->msg);
    else
        camera_pan(&v->cam, &v->w, dx, dy);
}

/* One zoom step round canvas px (px, py) (px -1: the map's centre). */
static void zoom(viewer *v, int dir, int px, int py)
{
    if (v->side.on)
        sideview_zoom_at(&v->side, &v->cam, &v->w, dir, px, py, &v->msg);
    else
        camera_zoom_at(&v->cam, &v->w, dir, px, py);
}

/* 0: the whole floor, or the whole side view, in the map area. */
static void fit(viewer *v)
{
    if (!v->side.on) {
        camera_fit(&v->cam, &v->w);
        return;
    }
    sideview_fit(&v->side, &v->cam, &v->w);
    sideview_say(&v->side, &v->msg);
}

/* The side view's keys: up/down move the cut a row (or column), o turns it, left/right
 * pan. 1 when handled. */
static int side_key(viewer *v, SDL_Keycode k)
{
    if (!v->side.on)
        return 0;
    int z = v->cam.zoom;
    switch (k) {
    case SDLK_o: sideview_turn(&v->side, &v->cam, &v->w, &v->msg); return 1;
    case SDLK_UP: sideview_move_cut(&v->side, &v->w, -1, &v->msg); return 1;
    case SDLK_DOWN: sideview_move_cut(&v->side, &v->w, 1, &v->msg); return 1;
    case SDLK_LEFT: pan(v, -4 * z, 0); return 1;
    case SDLK_RIGHT: pan(v, 4 * z, 0); return 1;
    default: return 0;
    }
}

/* A layer's key: toggled, with its figures on the status line when turned on. 1 when
 * handled. */
static int layer_key(viewer *v, SDL_Keycode k)
{
    unsigned bit = layers_key(&v->lay, (int)k, v->a.compare);
    int fi = camera_shown_floor(&v->cam, &v->w);
    if (bit == FRAME_OV_TIDE && (v->lay.on & bit)) {
        layers_tide_update(&v->lay, viewer_world(v), fi);
        layers_tide_say(&v->lay, &v->w, fi, &v->msg);
    }
    if (bit == FRAME_OV_DIFF && (v->lay.on & bit))
        compare_say(&v->cmp, fi, "d", &v->msg);
    return bit != 0;
}

/* The film's keys: play, step, seek, speed, reload; F12. */
static void film_key(viewer *v, SDL_Keycode k)
{
    transport *t = &v->tr;
    int film_move = k == SDLK_SPACE || k == SDLK_PERIOD || k == SDLK_COMMA || k == SDLK_HOME ||
                    k == SDLK_END;
    if (t->explore && film_move) {
        status_say_explore(v);
        return;
    }
    switch (k) {
    case SDLK_SPACE:
        if (transport_play_pause(t))
            v->cam.follow = 1;
        break;
    case SDLK_PERIOD: transport_step_on(t); break;
    case SDLK_COMMA: transport_step_back(t); break;
    case SDLK_HOME: transport_seek(t, 1, 0); break;
    case SDLK_END: transport_seek(t, INT_MAX, 0); break;
    case SDLK_1: case SDLK_2: case SDLK_4: case SDLK_8:
        transport_set_speed(t, (int)(k - SDLK_0));
        say_set(&v->msg, "speed %dx", t->speed);
        break;
    case SDLK_n: transport_ask(t, TRANSPORT_SEED_NEXT); break;
    case SDLK_p: transport_ask(t, TRANSPORT_SEED_PREV); break;
    case SDLK_r: transport_ask(t, TRANSPORT_RELOAD); break;
    case SDLK_F12: window_screenshot(v); break;
    default: break;
    }
}

/* e: with --film, the film's own frames or the viewer's view of its world. */
static void preview_key(viewer *v)
{
    if (!v->a.film_given) {
        say_set(&v->msg, "e: the film's own frames are shown with --film SCRIPT");
        return;
    }
    v->preview = !v->preview;
    say_set(&v->msg, v->preview ? "e: the film's frames, as delve film records them"
                                : "e: exploring the film's world: the viewer's camera and layers");
}

static delve_status on_key(viewer *v, SDL_Keycode k)
{
    int z = v->cam.zoom;
    if (k != SDLK_F12) /* F12 writes the window as it is, its status line too */
        v->msg.text[0] = '\0';
    if (side_key(v, k))
        return DELVE_OK;
    switch (k) {
    case SDLK_ESCAPE: case SDLK_q: v->quit = v->tr.stop = 1; break;
    case SDLK_LEFT: pan(v, -4 * z, 0); break;
    case SDLK_RIGHT: pan(v, 4 * z, 0); break;
    case SDLK_UP: pan(v, 0, -4 * z); break;
    case SDLK_DOWN: pan(v, 0, 4 * z); break;
    case SDLK_PAGEUP: camera_change_floor(&v->cam, &v->w, -1); break;
    case SDLK_PAGEDOWN: camera_change_floor(&v->cam, &v->w, 1); break;
    case SDLK_f: v->cam.follow = 1; break;
    case SDLK_PLUS: case SDLK_EQUALS: case SDLK_KP_PLUS:
        zoom(v, 1, v->mouse.in ? v->mouse.x : -1, v->mouse.y); break;
    case SDLK_MINUS: case SDLK_KP_MINUS:
        zoom(v, -1, v->mouse.in ? v->mouse.x : -1, v->mouse.y); break;
    case SDLK_0: fit(v); break;
    case SDLK_e: preview_key(v); break;
    case SDLK_QUESTION: case SDLK_SLASH: /* a US keyboard's ? is shift and / */
        v->help = !v->help;
        break;
    case SDLK_F5: status_save_game(v); break;
    case SDLK_c: status_copy_command(v); break;
    case SDLK_v:
        sideview_toggle(&v->side, &v->cam, viewer_world(v), v->mouse.in, v->mouse.x,
                        v->mouse.y, &v->msg);
        break;
    case SDLK_TAB:
        if (!v->a.compare) {
            say_set(&v->msg, "Tab: one dungeon here (delve view --compare shows two)");
            break;
        }
        transport_ask(&v->tr, TRANSPORT_SWAP);
        break;
    default:
        if (!layer_key(v, k))
            film_key(v, k);
        break;
    }
    return DELVE_OK;
}

static delve_status on_mouse(viewer *v, const SDL_Event *e)
{
    viewer_mouse *m = &v->mouse;
    int map_w = camera_map_w(&v->cam);
    switch (e->type) {
    case SDL_MOUSEMOTION:
        if (m->scrubbing)
            transport_seek_px(&v->tr, e->motion.x, map_w);
        else if (m->dragging)
            pan(v, m->x - e->motion.x, m->y - e->motion.y);
        if (v->msg.hint && e->motion.x < camera_map_w(&v->cam)) /* the hover says more */
            v->msg.text[0] = '\0';
        m->x = e->motion.x, m->y = e->motion.y, m->in = 1;
        break;
    case SDL_MOUSEBUTTONDOWN:
        v->msg.text[0] = '\0';
        if (e->button.button == SDL_BUTTON_LEFT && e->button.x < map_w && v->tr.total > 0 &&
            e->button.y >= v->c.h - FRAME_TIMELINE_H) {
            m->scrubbing = 1; /* on the timeline: go to that shot */
            transport_seek_px(&v->tr, e->button.x, map_w);
        } else if (e->button.button == SDL_BUTTON_LEFT && e->button.x < map_w) {
            m->dragging = 1;
        }
        m->x = e->button.x, m->y = e->button.y, m->in = 1;
        break;
    case SDL_MOUSEBUTTONUP:
        if (m->dragging && (e->button.x != m->x || e->button.y != m->y))
            pan(v, m->x - e->button.x, m->y - e->button.y);
        m->dragging = m->scrubbing = 0;
        m->x = e->button.x, m->y = e->button.y;
        break;
    case SDL_MOUSEWHEEL:
        if (e->wheel.y)
            zoom(v, e->wheel.y > 0 ? 1 : -1, m->in ? m->x : -1, m->y);
        break;
    default: break;
    }
    return DELVE_OK;
}

static delve_status on_window(viewer *v, const SDL_Event *e, delve_err *err)
{
    if (e->window.event == SDL_WINDOWEVENT_LEAVE)
        v->mouse.in = 0;
    if (e->window.event != SDL_WINDOWEVENT_SIZE_CHANGED)
        return DELVE_OK;
    int w = e->window.data1, h = e->window.data2;
    /* a window manager that ignores the minimum size (or none at all, as under Xvfb)
     * lets the window get smaller than the canvas can be: the canvas would be squeezed
     * into it and the panel's text garble, so the window is put back to the least */
    if (v->win && (w < REQUEST_MIN_W || h < REQUEST_MIN_H))
        SDL_SetWindowSize(v->win, w < REQUEST_MIN_W ? REQUEST_MIN_W : w,
                          h < REQUEST_MIN_H ? REQUEST_MIN_H : h);
    if (v->ren && SDL_GetRendererOutputSize(v->ren, &w, &h))
        return delve_fail(err, DELVE_EIO, "SDL: %s", SDL_GetError());
    return window_resize(v, w, h, err);
}

delve_status input_event(viewer *v, const SDL_Event *e, delve_err *err)
{
    /* any input but F12 (which shows the window as it is) ends the idle time after
     * which the keys come back in place of the hover line */
    if (v->ren && !(e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_F12) &&
        e->type != SDL_WINDOWEVENT)
        v->mouse.moved_ms = SDL_GetTicks();
    switch (e->type) {
    case SDL_QUIT: v->quit = v->tr.stop = 1; return DELVE_OK;
    case SDL_KEYDOWN: return on_key(v, e->key.keysym.sym);
    case SDL_WINDOWEVENT: return on_window(v, e, err);
    case SDL_MOUSEMOTION: case SDL_MOUSEBUTTONDOWN: case SDL_MOUSEBUTTONUP:
    case SDL_MOUSEWHEEL:
        return on_mouse(v, e);
    default: return DELVE_OK;
    }
}
