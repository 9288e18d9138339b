/* request: the command line's asking read into a film script (request.h). The command
 * line wins over the script: its settings, its .dun, its save. */
#include <stdio.h>
#include <string.h>

#include "base/lex.h"
#include "gen/external.h"
#include "gen/family.h"
#include "viewer/request.h"

int request_size_parse(const char *s, char sep, int *w, int *h)
{
    return lex_pair(s, sep, REQUEST_MIN_W, REQUEST_SIZE_MAX, REQUEST_MIN_H, REQUEST_SIZE_MAX, w,
                    h);
}

delve_status request_load(const request *a, film_script *fs, delve_err *err)
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
    if (!st && !a->dun && !a->load && !a->generator && /* read first: viewer_open checks */
        opts_check_floor(&fs->gen, fs->gen.floors, "--", err))
        st = DELVE_EINPUT;
    if (!st && ((a->given & ~OPTS_BIT(OPTS_FLOOR)) || a->dun || a->load || a->generator))
        /* the command line wins */
        fs->dun_file[0] = fs->save_file[0] = '\0';
    if (!st && (a->dun || a->load))
        fs->dun_line = 0;
    if (!st && a->dun)
        snprintf(fs->dun_file, sizeof fs->dun_file, "%s", a->dun);
    if (!st && (a->dun || a->load || a->generator)) /* a script's generator= gives way */
        fs->generator[0] = '\0';
    if (!st && a->generator) {
        char name[64];
        external_name(a->generator, name, sizeof name);
        snprintf(fs->generator, sizeof fs->generator, "%s", a->generator);
        fs->generator_shell = a->generator_shell;
        fs->generator_timeout_s = a->generator_timeout_s;
        fs->dun_line = 0;
        snprintf(fs->title, sizeof fs->title, "%s, seed %llu", name,
                 (unsigned long long)fs->gen.seed);
    }
    if (!st)
        fs->dun_unchecked = a->unchecked;
    if (!st && a->load)
        snprintf(fs->save_file, sizeof fs->save_file, "%s", a->load);
    const char *file = a->dun ? a->dun : a->load, *slash = file ? strrchr(file, '/') : NULL;
    if (!st && file) /* the file shown, not the default film's title: its name alone */
        snprintf(fs->title, sizeof fs->title, "%s", slash ? slash + 1 : file);
    if (st)
        film_free(fs);
    return st;
}
