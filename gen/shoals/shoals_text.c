/* shoals_text: a Shoals floor's raw heights as text (`delve gen --format heights`). */
#include <inttypes.h>
#include <stdio.h>

#include "base/textbuf.h"
#include "engine/tide.h"
#include "gen/gen.h"

delve_status shoals_text_heights(const dungeon *d, int k, char **out, delve_err *err)
{
    *out = NULL;
    if (k < 0 || k >= d->floor_count || !d->floors[k].terrain)
        return delve_fail(err, DELVE_EINPUT, "floor %d is not one of 1..%d", k + 1,
                          d->floor_count);
    const dfloor *f = &d->floors[k];
    if (f->level_type != LT_SHOALS)
        return delve_fail(err, DELVE_EINPUT, "floor %d is a %s floor: only Shoals floors "
                          "have a heightmap (--type shoals)", k + 1,
                          level_type_name((level_type)f->level_type));
    textbuf b = { 0 };
    textbuf_printf(&b, "floor %d of %d  seed %" PRIu64 "  %dx%d  shoals heights  1 unit = %d cm\n",
                   k + 1, d->floor_count, d->seed, f->w, f->h, TIDE_CM_PER_UNIT);
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++)
            textbuf_printf(&b, "%4d%s", tide_ground(f, y * f->w + x), x + 1 < f->w ? " " : "\n");
    if (b.oom) {
        textbuf_free(&b);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for heights");
    }
    *out = b.s;
    return DELVE_OK;
}
