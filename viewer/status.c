/* status: the words around the map (status.h): the status line (a message until the
 * next key), the hover line for the square under the mouse (remade every frame, so it
 * follows the camera), the window title, the command that reproduces the view (c), and
 * F5's save. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fsio.h"
#include "engine/monster.h"
#include "engine/save.h"
#include "gen/external.h"
#include "gen/family.h"
#include "review/catalog.h"
#include "viewer/status.h"

#define STATUS_HELP "space play/pause  . , step  n p seed  0 fit  wheel zoom  drag pan  " \
                    "? keys  Esc quit"
#define STATUS_IDLE_MS 4000 /* the mouse still this long over the map: the keys again */

/* `?`'s overlay: a key, a tab, what it does (frame_help_draw's lines). */
static const char *const STATUS_KEYS[] = {
    "space\tplay / pause the film",
    ". ,\tone shot on / back",
    "Home End\tthe film's first shot / its end",
    "1 2 4 8\tplaying speed",
    "e\t--film: the film's own frames / explore with the viewer's camera",
    "arrows, drag\tpan",
    "+ -, wheel\tzoom round the mouse",
    "0\tfit the floor to the window",
    "PgUp PgDn\tfloor up / down",
    "f\tfollow the party",
    "n p\tnext / previous seed",
    "r\tread the files again",
    "h i w l t\tlayers: heights, rooms, ways, landings, routes",
    "k s d\tlayers: checks, tide, differences (--compare)",
    "v o\tside view; turn its cut",
    "Tab\t--compare: the other dungeon",
    "c\tcopy the view and shot commands",
    "F5 F12\tsave the game; screenshot shot-NNNN.png",
    "?\tthis list on / off",
    "Esc q\tquit",
};
#define STATUS_KEY_COUNT ((int)(sizeof STATUS_KEYS / sizeof STATUS_KEYS[0]))

void status_help(const viewer *v, frame_opts *o)
{
    o->help = v->help ? STATUS_KEYS : NULL;
    o->help_count = v->help ? STATUS_KEY_COUNT : 0;
}

/* A pit's words in place of world_describe's (whose closed pit is a sentence that
 * leaves no room): open or closed, and, as a way's line names its far end, where the
 * party lands and how far it falls. */
static int hover_pit(const world *w, int fi, int x, int y, char *buf, size_t cap)
{
    const dfloor *f = &w->dg.floors[fi];
    int i = floor_pit_at(f, x, y), bx, by;
    if (i < 0 || (f->pits[i].hidden && !f->pits[i].open))
        return 0;
    int n = snprintf(buf, cap, "%d,%d: %s", x, y, f->pits[i].open ? "an open pit" : "pit (plates)");
    if (n < 0 || (size_t)n >= cap)
        return 1;
    int32_t drop = dungeon_fall_cm(&w->dg, fi, x, y);
    if (dungeon_below(&w->dg, fi, x, y, &bx, &by) && floor_in(&w->dg.floors[fi + 1], bx, by))
        snprintf(buf + n, cap - (size_t)n, ": falls %d.%d m, lands on floor %d at %d,%d", drop / 100,
                 drop % 100 / 10, fi + 2, bx, by);
    else
        snprintf(buf + n, cap - (size_t)n, ": no floor under it");
    return 1;
}

/* Appends to buf (cap bytes) what is at square (x, y) of floor fi beyond
 * world_describe: the way's far square, the height, the monsters there now. */
static void hover_extra(const world *w, int fi, int x, int y, char *buf, size_t cap)
{
    const dfloor *f = &w->dg.floors[fi];
    size_t n = strlen(buf);
    int i = floor_way_at(f, x, y);
    if (i >= 0 && n < cap)
        n += (size_t)snprintf(buf + n, cap - n, " (%d,%d)", f->ways[i].to_x, f->ways[i].to_y);
    if (f->height_cm && floor_open(f, x, y) && n < cap)
        n += (size_t)snprintf(buf + n, cap - n, "; height %d cm", (int)f->height_cm[y * f->w + x]);
    for (int m = 0; m < f->monster_count && n < cap; m++) {
        int mx, my;
        const monster *mo = &f->monsters[m];
        monster_where(&w->loops, f, m, w->clock_s, WORLD_START_S, &mx, &my);
        if (mx != x || my != y)
            continue;
        n += (size_t)snprintf(buf + n, cap - n, "; %s", monster_kind_get(mo->kind)->name);
        if (mo->patrol > 0 && n < cap && w->loops.loops && fi < w->loops.floors) {
            const monster_loop *l = &w->loops.loops[(fi * FLOOR_MAX_PATROLS + mo->patrol - 1) * 2 +
                                                     (mo->flying != 0)];
            n += (size_t)snprintf(buf + n, cap - n, " (pack %d, route of %d squares)", mo->patrol,
                                  l->len);
        } else if (n < cap) {
            n += (size_t)snprintf(buf + n, cap - n, mo->hunting ? " (hunting)" : " (standing)");
        }
    }
}

/* Explore mode's line into buf: why the default film cannot start, what would play one. */
static void explore_line(const viewer *v, char *buf, size_t cap)
{
    const char *why = v->tr.cut_msg, *p = strstr(why, ".film:");
    for (int colons = 0; p && *p && colons < 3; p++) /* past the script's file:line:col: */
        if (*p == ':' && ++colons == 3)
            why = p[1] == ' ' ? p + 2 : p + 1;
    snprintf(buf, cap, "exploring: the default film cannot start here (%.200s); --film SCRIPT "
             "plays one that fits", why);
}

/* The caption: the status message; else the film's caption while it plays; else the
 * square under the mouse; else the shot's caption; else the side view's keys, explore
 * mode's reason or the keys. */
void status_update_lines(viewer *v)
{
    int f, x, y;
    v->hover[0] = '\0';
    int film_frame = v->preview && v->tr.frame > 0; /* the film's camera, not the map's */
    if (v->mouse.in && v->have_world && !film_frame &&
        frame_square_at(&v->c, &v->w, &v->vo, v->mouse.x, v->mouse.y, &f, &x, &y)) {
        if (!hover_pit(&v->w, f, x, y, v->hover, sizeof v->hover))
            world_describe(&v->w, f, x, y, v->hover, (int)sizeof v->hover);
        hover_extra(&v->w, f, x, y, v->hover, sizeof v->hover);
        layers_hover(&v->lay, &v->cmp, &v->w, f, x, y, v->hover, sizeof v->hover);
    } else if (v->side.on && v->have_world && v->mouse.in && !film_frame) {
        sideview_hover(&v->side, &v->cam, &v->w, v->mouse.x, v->mouse.y, v->hover,
                       sizeof v->hover);
    }
    /* the mouse resting: the keys come back in place of the square's words */
    if (v->ren && v->hover[0] && SDL_GetTicks() - v->mouse.moved_ms >= STATUS_IDLE_MS)
        v->hover[0] = '\0';
    char hint[SAY_LINE_MAX];
    if (v->side.on && v->have_world) /* the side view's keys, not the map's */
        sideview_hint(&v->side, hint, sizeof hint);
    else if (v->tr.explore) /* in place of the keys: why there is no film (? has them) */
        explore_line(v, hint, sizeof hint);
    const char *line = v->msg.text[0] ? v->msg.text
                       : v->tr.in_film && v->tr.playing && v->tr.frame > 0 ? v->cur.caption
                       : v->hover[0] ? v->hover
                       : v->tr.frame > 0 ? v->cur.caption
                       : (v->side.on && v->have_world) || v->tr.explore ? hint : STATUS_HELP;
    snprintf(v->caption, sizeof v->caption, "%s", line);
}

/* "seed 123, rooms, floor 2 of 5" or "x.dun, floor 2 of 5" into buf. */
static void view_name(const viewer *v, char *buf, size_t cap)
{
    int fl = camera_shown_floor(&v->cam, &v->w) + 1, n = v->w.dg.floor_count;
    const char *file = v->a.dun ? v->a.dun : v->a.load ? v->a.load
                       : v->fs.dun_file[0] ? v->fs.dun_file : v->fs.save_file[0] ? v->fs.save_file : NULL;
    const char *ab = !v->a.compare ? "" : v->cmp.showing_b ? "B: " : "A: ";
    if (file)
        snprintf(buf, cap, "%s%s, floor %d of %d", ab, file, fl, n);
    else
        snprintf(buf, cap, "%sseed %llu, %s, floor %d of %d", ab,
                 (unsigned long long)v->fs.gen.seed, family_type_of(v->fs.gen.type)->name, fl, n);
}

void status_title(viewer *v)
{
    char name[FILM_PATH_MAX + 64], title[FILM_PATH_MAX + 96 + SAY_LINE_MAX];
    view_name(v, name, sizeof name);
    /* a film's own frame has no status line (it is the film's, pixel for pixel): the
       message (saved, F12's file, why the film stopped) goes to the title instead */
    int on_film = v->preview && v->tr.frame > 0 && v->have_world && v->msg.text[0];
    snprintf(title, sizeof title, "delve view: %s%s%s", name, on_film ? " | " : "",
             on_film ? v->msg.text : "");
    if (v->win && strcmp(SDL_GetWindowTitle(v->win), title))
        SDL_SetWindowTitle(v->win, title);
}

/* name as a word that cannot read as an option: "./" before a relative name that starts
 * with '-' (quoting alone would still hand delve "-x.dun"). */
static const char *not_option(const char *name, char *buf, size_t cap)
{
    if (name[0] != '-')
        return name;
    snprintf(buf, cap, "./%s", name);
    return buf;
}

/* "delve view" or "delve shot" and the dungeon's part of its command into cmd: " FILE.dun"
 * (view) or " --dun FILE.dun" (shot), " --load FILE.sav", " --film SCRIPT" (view), then
 * the seed and the generator settings; every path and value shell-quoted as the
 * catalog's command line is (review/catalog.h), so the line pastes into a shell whole. */
static void source_words(const viewer *v, int for_shot, char *cmd, size_t cap)
{
    char seed[32], pbuf[FILM_PATH_MAX + 3], flags[SAY_LINE_MAX];
    char *w[16];
    int n = 0;
    delve_err e = { "" };
    const char *dun = v->a.dun ? v->a.dun : v->fs.dun_file[0] ? v->fs.dun_file : NULL;
    const char *sav = v->a.load ? v->a.load : v->fs.save_file[0] ? v->fs.save_file : NULL;
    w[n++] = for_shot ? "shot" : "view";
    if (dun && (for_shot || v->a.dun)) {
        if (for_shot)
            w[n++] = "--dun";
        w[n++] = (char *)not_option(dun, pbuf, sizeof pbuf);
    } else if (sav && (for_shot || v->a.load)) {
        w[n++] = "--load";
        w[n++] = (char *)not_option(sav, pbuf, sizeof pbuf);
    } else if (!for_shot && strcmp(v->a.film, film_default_script())) {
        w[n++] = "--film";
        w[n++] = (char *)not_option(v->a.film, pbuf, sizeof pbuf);
    }
    if (!for_shot && v->a.unchecked)
        w[n++] = "--unchecked";
    int settings = !dun && !sav; /* a file's dungeon has its own */
    char floors[16], timeout[16];
    if (settings && v->fs.generator[0]) { /* another program's: its command, no settings */
        snprintf(floors, sizeof floors, "%d", v->fs.gen.floors);
        w[n++] = "--generator", w[n++] = (char *)v->fs.generator;
        if (v->fs.generator_shell)
            w[n++] = "--generator-shell";
        snprintf(timeout, sizeof timeout, "%d", v->fs.generator_timeout_s);
        if (v->fs.generator_timeout_s && v->fs.generator_timeout_s != EXTERNAL_TIMEOUT_S)
            w[n++] = "--generator-timeout", w[n++] = timeout;
        w[n++] = "--floors", w[n++] = floors;
    }
    if (settings) {
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)v->fs.gen.seed);
        w[n++] = "--seed";
        w[n++] = seed;
    }
    settings = settings && !v->fs.generator[0];
    if (catalog_command_line(n, w, cmd, cap, &e))
        snprintf(cmd, cap, "delve %s", w[0]); /* too long for the line: no half a path */
    gen_opts o = v->fs.gen;
    const char *rooms = not_option(o.rooms, pbuf, sizeof pbuf);
    if (rooms != o.rooms && strlen(rooms) < sizeof o.rooms)
        memmove(o.rooms, rooms, strlen(rooms) + 1);
    size_t len = strlen(cmd);
    if (settings && !catalog_settings_flags(&o, flags, sizeof flags, &e) && flags[0] &&
        len + 1 + strlen(flags) < cap)
        snprintf(cmd + len, cap - len, " %s", flags);
}

/* The `delve shot` command that draws this view's map area (the dungeon as it is before
 * the film: the party at the start, no layers), -o view.png. */
void status_shot_command(const viewer *v, char *buf, size_t cap)
{
    int fi = camera_shown_floor(&v->cam, &v->w);
    source_words(v, 1, buf, cap);
    size_t n = strlen(buf);
    if (v->side.on)
        snprintf(buf + n, cap - n, " --side --%s %d --zoom %d --size %dx%d --at %d,%d -o view.png",
                 v->side.by_col ? "col" : "row",
                 v->side.by_col ? v->side.col : v->side.row, v->cam.zoom,
                 camera_map_w(&v->cam), camera_map_h(&v->cam), v->side.x, v->side.y);
    else
        snprintf(buf + n, cap - n, " --floor %d --zoom %d --size %dx%d --centre %d,%d -o view.png",
                 fi + 1, v->cam.zoom, camera_map_w(&v->cam), camera_map_h(&v->cam),
                 v->cam.follow ? v->w.x_cm : v->cam.x_cm, v->cam.follow ? v->w.y_cm : v->cam.y_cm);
}

/* c: the `delve view` command of this view (source, settings, floor shown) and the
 * `delve shot` one of its map area, to the clipboard (a line each) and the status line. */
void status_copy_command(viewer *v)
{
    char cmd[SAY_LINE_MAX], shot_cmd[SAY_LINE_MAX], both[2 * SAY_LINE_MAX + 2];
    source_words(v, 0, cmd, sizeof cmd);
    size_t n = strlen(cmd);
    snprintf(cmd + n, sizeof cmd - n, " --floor %d", camera_shown_floor(&v->cam, &v->w) + 1);
    status_shot_command(v, shot_cmd, sizeof shot_cmd);
    snprintf(both, sizeof both, "%s\n%s", cmd, shot_cmd);
    if (!v->win) /* headless: no clipboard, the lines go to stdout */
        printf("delve view: copied: %s\ndelve view: copied: %s\n", cmd, shot_cmd);
    if (v->win && SDL_SetClipboardText(both))
        say_set(&v->msg, "c: cannot copy (%s): %.120s", SDL_GetError(), cmd);
    else
        say_set(&v->msg, "copied two lines: the delve view and the delve shot commands of "
                   "this view (paste them)"); /* whole in the panel's box; cmd cut did not */
}

/* F5: the world as a saved game in a.save_to; the status line says where, or why not. */
void status_save_game(viewer *v)
{
    char src[SAVE_SOURCE_MAX], *text = NULL;
    delve_err e = { "" };
    delve_status st = director_source(&v->fs, src, sizeof src, &e);
    if (!st)
        st = save_text(&v->w, src, &text, &e);
    if (!st)
        st = fsio_write_atomic(v->a.save_to, text, strlen(text), &e);
    free(text);
    if (st)
        say_set(&v->msg, "F5: not saved: %.200s", e.msg);
    else if (v->tr.frame > 0)
        say_set(&v->msg, "F5: saved to %s (at shot %d)", v->a.save_to, v->tr.frame);
    else
        say_set(&v->msg, "F5: saved to %s", v->a.save_to);
}

void status_say_explore(viewer *v)
{
    char line[SAY_LINE_MAX];
    explore_line(v, line, sizeof line);
    say_set(&v->msg, "%s", line);
}
