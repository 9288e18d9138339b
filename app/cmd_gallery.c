/* delve gallery: one contact sheet with every DoomRL level type at a few dlevels, each
 * floor whole and captioned with its type and dlevel (seed 002): what a reviewer looks at
 * first after changing a level type. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "base/fsio.h"
#include "codecs/png.h"
#include "gen/family.h"
#include "gen/gen.h"
#include "gen/opts.h"
#include "render/frame.h"
#include "render/sheet.h"
#include "sweep/shots.h"

#define GALLERY_MAX_DLEVELS 6
#define GALLERY_ZOOM 12          /* px per square: a 78 x 20 floor is 936 x 240 */

static void help(void)
{
    char names[256] = "";
    for (int i = 0, n = 0; i < family_type_count() && n < (int)sizeof names; i++)
        if (family_type_at(i)->gallery)
            n += snprintf(names + n, sizeof names - (size_t)n, "%s%s", n ? ", " : "",
                          family_type_at(i)->name);
    printf("usage: delve gallery [--seed N] [--dlevels D1,D2,...] [--difficulty N]\n"
           "                     [--single-monster on|off] -o GALLERY.png\n\n"
           "Renders floor 1 of seed N (default 1) for every DoomRL level type (%s)\n"
           "at each dlevel (default 3,9,15; up to %d) and lays them out as one contact\n"
           "sheet: a row per type, a column per dlevel, each captioned with type and dlevel.\n\n"
           "example: delve gallery --seed 4 -o out/gallery.png\n", names, GALLERY_MAX_DLEVELS);
}

#define GALLERY_MAX_TYPES 16  /* registry rows in the gallery (gen/family.c) */

typedef struct gallery_args {
    gen_opts o;
    int dlevels[GALLERY_MAX_DLEVELS], n;
    int types[GALLERY_MAX_TYPES], type_count; /* the registry's gallery rows, in order */
    const char *out;
} gallery_args;

static int parse_dlevels(const char *v, gallery_args *a)
{
    char buf[128];
    if (strlen(v) >= sizeof buf)
        return cli_usage_error("gallery", "--dlevels %s: too long", v), 0;
    strcpy(buf, v);
    a->n = 0;
    /* every item between commas, an empty one too (3,,9 and 3,9, are mistakes, which
     * strtok would drop without a word) */
    for (char *tok = buf, *comma;; tok = comma + 1) {
        if ((comma = strchr(tok, ',')))
            *comma = '\0';
        if (a->n == GALLERY_MAX_DLEVELS)
            return cli_usage_error("gallery", "--dlevels: at most %d", GALLERY_MAX_DLEVELS), 0;
        if (!cli_int("gallery", "--dlevels", tok, 1, GEN_MAX_DLEVEL, &a->dlevels[a->n++]))
            return 0;
        if (!comma)
            return 1;
    }
}

enum { F_DLEVELS, F_OUT };
static const cli_flag FLAGS[] = { { "dlevels", 0, 1, NULL },
                                  { "out", 'o', 1, "*.png" } };
const cli_spec cmd_gallery_spec = { .cmd = "gallery", .flags = FLAGS, .flag_count = 2,
                                    .settings = OPTS_BIT(OPTS_SEED) | OPTS_BIT(OPTS_DIFFICULTY) |
                                                OPTS_BIT(OPTS_SINGLE_MONSTER),
                                    .help = help, .own_check = 1 };

static int parse(int argc, char **argv, gallery_args *a)
{
    cli_args c;
    int rc = cli_parse(&cmd_gallery_spec, argc, argv, &c);
    if (rc)
        return rc;
    *a = (gallery_args){ .o = c.o, .dlevels = { 3, 9, 15 }, .n = 3, .out = c.flag[F_OUT] };
    for (int i = 0; i < family_type_count(); i++)
        if (family_type_at(i)->gallery && a->type_count < GALLERY_MAX_TYPES)
            a->types[a->type_count++] = family_type_at(i)->level_type;
    if (c.flag[F_DLEVELS] && !parse_dlevels(c.flag[F_DLEVELS], a))
        return EXIT_USAGE;
    if (!a->out)
        return cli_usage_error("gallery", "-o GALLERY.png is required");
    /* before any floor is drawn: a folder or an unwritable place fails now, not last */
    return cli_file_out("gallery", "-o", a->out);
}

/* Floor 1 of one level type at one dlevel, whole, into th (canvas_init'ed here). */
static delve_status render_one(const gallery_args *a, int type, int dlevel, canvas *th,
                               delve_err *err)
{
    gen_opts o = a->o;
    o.floors = 1;
    o.type = type;
    o.dlevel = dlevel;
    world w;
    delve_status st = shots_world(&o, o.seed, &w, err);
    if (st)
        return st;
    frame_opts vo = frame_defaults();
    vo.hud = 0, vo.whole_floor = 1, vo.follow = 0, vo.zoom = GALLERY_ZOOM;
    int wpx, hpx;
    frame_floor_size(&w.dg.floors[0], GALLERY_ZOOM, &wpx, &hpx);
    st = canvas_init(th, wpx, hpx, err);
    if (!st)
        st = frame_render(th, &w, &vo, NULL, err);
    world_free(&w);
    return st;
}

static delve_status make(const gallery_args *a, delve_err *err)
{
    int types = a->type_count, n = types * a->n;
    canvas th[GALLERY_MAX_TYPES * GALLERY_MAX_DLEVELS];
    sheet_cell cells[GALLERY_MAX_TYPES * GALLERY_MAX_DLEVELS];
    memset(th, 0, sizeof th);
    memset(cells, 0, sizeof cells);
    delve_status st = DELVE_OK;
    for (int i = 0; i < n && !st; i++) {
        int type = a->types[i / a->n], dl = a->dlevels[i % a->n];
        st = render_one(a, type, dl, &th[i], err);
        cells[i].thumb = &th[i];
        cells[i].frame_no = i + 1;
        snprintf(cells[i].label, sizeof cells[i].label, "%s  dlevel %d",
                 level_type_name((level_type)type), dl);
        if (i % a->n == a->n - 1)
            fprintf(stderr, "delve gallery: %s done (%d of %d)\n",
                    level_type_name((level_type)type), i + 1, n);
    }
    char note[160];
    snprintf(note, sizeof note, "seed %llu   difficulty %d   floor 1 of each   %d level types "
             "x %d dlevels", (unsigned long long)a->o.seed, a->o.difficulty, types, a->n);
    sheet_opts so = { .title = "DoomRL level types", .columns = a->n, .thumb_w = 468,
                      .thumb_h = 120, .members = 1, .total_frames = n, .note = note };
    text_ctx *txt = NULL;
    canvas sheet = { 0 };
    if (!st)
        st = text_open(&txt, NULL, err);
    if (!st)
        st = sheet_render(&sheet, &so, cells, n, 1, 1, txt, err);
    if (!st)
        st = png_write(a->out, &sheet, err);
    canvas_free(&sheet);
    text_close(txt);
    for (int i = 0; i < n; i++)
        canvas_free(&th[i]);
    return st;
}

int cmd_gallery(int argc, char **argv)
{
    gallery_args a;
    int rc;
    if (!cli_ready("gallery", parse(argc, argv, &a), NULL, NULL, &rc))
        return rc;
    delve_err err = { "" };
    delve_status st = make(&a, &err);
    if (st)
        return cli_fail("gallery", st, &err);
    printf("delve gallery: %s\n", a.out);
    return EXIT_OK;
}
