/* view_status: the words around the map: the status line (a message until the next
 * key), the hover line for the square under the mouse (remade every frame, so it follows
 * the camera), the window title, the command that reproduces the view (c), F5's save,
 * and the script read with the command line's settings over it. */
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "base/fsio.h"
#include "engine/monster.h"
#include "engine/save.h"
#include "gen/family.h"
#include "viewer/view_app.h"

#define VIEWER_HELP "space play/pause  . , step  n p seed  0 fit  wheel zoom  drag pan  " \
                    "c copy command  Esc quit"

void viewer_say(viewer *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->status, sizeof v->status, fmt, ap);
    va_end(ap);
    v->status_hint = 0;
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

/* The caption: the status message; else the film's caption while it plays; else the
 * square under the mouse; else the shot's caption; else the keys. */
void viewer_update_lines(viewer *v)
{
    int f, x, y;
    v->hover[0] = '\0';
    if (v->mouse_in && v->have_world &&
        frame_square_at(&v->c, &v->w, &v->vo, v->mx, v->my, &f, &x, &y)) {
        world_describe(&v->w, f, x, y, v->hover, (int)sizeof v->hover);
        hover_extra(&v->w, f, x, y, v->hover, sizeof v->hover);
        viewer_layers_hover(v, f, x, y, v->hover, sizeof v->hover);
    } else if (v->vo.side && v->have_world) {
        viewer_side_hover(v, v->hover, sizeof v->hover);
    }
    char hint[VIEWER_LINE_MAX];
    if (v->vo.side && v->have_world) /* the side view's keys, not the map's */
        viewer_side_hint(v, hint, sizeof hint);
    const char *line = v->status[0] ? v->status
                       : v->in_film && v->playing && v->frame > 0 ? v->cur.caption
                       : v->hover[0] ? v->hover
                       : v->frame > 0 ? v->cur.caption
                       : v->vo.side && v->have_world ? hint : VIEWER_HELP;
    snprintf(v->caption, sizeof v->caption, "%s", line);
}

/* "seed 123, rooms, floor 2 of 5" or "x.dun, floor 2 of 5" into buf. */
static void view_name(const viewer *v, char *buf, size_t cap)
{
    int fl = viewer_shown_floor(v) + 1, n = v->w.dg.floor_count;
    const char *file = v->a.dun ? v->a.dun : v->a.load ? v->a.load
                       : v->fs.dun_file[0] ? v->fs.dun_file : v->fs.save_file[0] ? v->fs.save_file : NULL;
    const char *ab = !v->a.compare ? "" : v->showing_b ? "B: " : "A: ";
    if (file)
        snprintf(buf, cap, "%s%s, floor %d of %d", ab, file, fl, n);
    else
        snprintf(buf, cap, "%sseed %llu, %s, floor %d of %d", ab,
                 (unsigned long long)v->fs.gen.seed, family_type_of(v->fs.gen.type)->name, fl, n);
}

void viewer_set_title(viewer *v)
{
    char name[FILM_PATH_MAX + 64], title[FILM_PATH_MAX + 96];
    view_name(v, name, sizeof name);
    snprintf(title, sizeof title, "delve view: %s", name);
    if (v->win && strcmp(SDL_GetWindowTitle(v->win), title))
        SDL_SetWindowTitle(v->win, title);
}

/* Appends " --key value" for every "key=value" of line (opts_line's form). */
static void append_flags(char *buf, size_t cap, const char *line)
{
    size_t n = strlen(buf);
    while (*line && n < cap) {
        const char *eq = strchr(line, '='), *sp = strchr(line, ' ');
        if (!eq || (sp && sp < eq))
            break;
        size_t vl = sp ? (size_t)(sp - eq - 1) : strlen(eq + 1);
        n += (size_t)snprintf(buf + n, cap - n, " --%.*s %.*s", (int)(eq - line), line, (int)vl,
                              eq + 1);
        line = sp ? sp + 1 : eq + 1 + vl;
    }
}

/* The dungeon's part of a command into cmd: " FILE.dun" (view) or " --dun FILE.dun"
 * (shot), " --load FILE.sav", " --film SCRIPT" (view), then the generator settings. */
static void source_words(const viewer *v, int for_shot, char *cmd, size_t cap)
{
    char line[256];
    delve_err e = { "" };
    size_t n = strlen(cmd);
    const char *dun = v->a.dun ? v->a.dun : v->fs.dun_file[0] ? v->fs.dun_file : NULL;
    const char *sav = v->a.load ? v->a.load : v->fs.save_file[0] ? v->fs.save_file : NULL;
    if (dun && (for_shot || v->a.dun))
        snprintf(cmd + n, cap - n, for_shot ? " --dun %s" : " %s", dun);
    else if (sav && (for_shot || v->a.load))
        snprintf(cmd + n, cap - n, " --load %s", sav);
    else if (!for_shot && strcmp(v->a.film, film_default_script()))
        snprintf(cmd + n, cap - n, " --film %s", v->a.film);
    if (!for_shot && v->a.unchecked)
        strncat(cmd, " --unchecked", cap - strlen(cmd) - 1);
    unsigned bits = 0; /* the settings this level type takes (the command line refuses others) */
    for (int id = 0; id < OPTS_COUNT; id++)
        if (id != OPTS_FLOOR && opts_applies(&v->fs.gen, (opts_id)id))
            bits |= OPTS_BIT(id);
    if (!dun && !sav && !opts_line(&v->fs.gen, bits, line, sizeof line, &e))
        append_flags(cmd, cap, line);
}

/* The `delve shot` command that draws this view's map area (the dungeon as it is before
 * the film: the party at the start, no layers), -o view.png. */
void viewer_shot_command(const viewer *v, char *buf, size_t cap)
{
    int fi = viewer_shown_floor(v);
    snprintf(buf, cap, "delve shot");
    source_words(v, 1, buf, cap);
    size_t n = strlen(buf);
    if (v->vo.side)
        snprintf(buf + n, cap - n, " --side --%s %d --zoom %d --size %dx%d --at %d,%d -o view.png",
                 v->vo.side_by_col ? "col" : "row",
                 v->vo.side_by_col ? v->vo.side_col : v->vo.side_row, v->vo.zoom,
                 viewer_map_w(v), viewer_map_h(v), v->vo.side_x, v->vo.side_y);
    else
        snprintf(buf + n, cap - n, " --floor %d --zoom %d --size %dx%d --centre %d,%d -o view.png",
                 fi + 1, v->vo.zoom, viewer_map_w(v), viewer_map_h(v),
                 v->vo.follow ? v->w.x_cm : v->vo.cam_x_cm, v->vo.follow ? v->w.y_cm : v->vo.cam_y_cm);
}

/* c: the `delve view` command of this view (source, settings, floor shown) and the
 * `delve shot` one of its map area, to the clipboard (a line each) and the status line. */
void viewer_copy_command(viewer *v)
{
    char cmd[VIEWER_LINE_MAX], shot_cmd[VIEWER_LINE_MAX], both[2 * VIEWER_LINE_MAX + 2];
    snprintf(cmd, sizeof cmd, "delve view");
    source_words(v, 0, cmd, sizeof cmd);
    size_t n = strlen(cmd);
    snprintf(cmd + n, sizeof cmd - n, " --floor %d", viewer_shown_floor(v) + 1);
    viewer_shot_command(v, shot_cmd, sizeof shot_cmd);
    snprintf(both, sizeof both, "%s\n%s", cmd, shot_cmd);
    if (!v->win) /* headless: no clipboard, the lines go to stdout */
        printf("delve view: copied: %s\ndelve view: copied: %s\n", cmd, shot_cmd);
    if (v->win && SDL_SetClipboardText(both))
        viewer_say(v, "c: cannot copy (%s): %.120s", SDL_GetError(), cmd);
    else
        viewer_say(v, "copied two lines: the delve view and the delve shot commands of "
                   "this view (paste them)"); /* whole in the panel's box; cmd cut did not */
}

/* F5: the world as a saved game in a.save_to; the status line says where, or why not. */
void viewer_save_game(viewer *v)
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
        viewer_say(v, "F5: not saved: %.200s", e.msg);
    else if (v->frame > 0)
        viewer_say(v, "F5: saved to %s (at shot %d)", v->a.save_to, v->frame);
    else
        viewer_say(v, "F5: saved to %s", v->a.save_to);
}

delve_status viewer_load_script(const viewer_args *a, film_script *fs, delve_err *err)
{
    const unsigned names = OPTS_BIT(OPTS_SEED) | OPTS_BIT(OPTS_TYPE);
    delve_status st = film_load(a->film, fs, err);
    if (!st)
        opts_copy(&fs->gen, &a->o, a->given);
    if (!st && (a->given & names)) /* the script's title is not this dungeon's */
        snprintf(fs->title, sizeof fs->title, "Seed %llu, %s",
                 (unsigned long long)fs->gen.seed, family_type_of(fs->gen.type)->name);
    if (!st && opts_check_given(&fs->gen, a->given, "--", err))
        st = DELVE_EINPUT;
    if (!st && !a->dun && !a->load && opts_check_floor(&fs->gen, fs->gen.floors, "--", err))
        st = DELVE_EINPUT;
    if (!st && ((a->given & ~OPTS_BIT(OPTS_FLOOR)) || a->dun || a->load)) /* the command line wins */
        fs->dun_file[0] = fs->save_file[0] = '\0';
    if (!st && (a->dun || a->load))
        fs->dun_line = 0;
    if (!st && a->dun)
        snprintf(fs->dun_file, sizeof fs->dun_file, "%s", a->dun);
    if (!st)
        fs->dun_unchecked = a->unchecked;
    if (!st && a->load)
        snprintf(fs->save_file, sizeof fs->save_file, "%s", a->load);
    if (st)
        film_free(fs);
    return st;
}
