/* tmj: the pair's order of writes: tileset part, map, then the part renamed. */
#include "codecs/tmj.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fsio.h"
#include "codecs/png.h"

delve_status tmj_write(const char *tmj_path, const char *png_path, const char *json,
                       const canvas *sheet, delve_err *err)
{
    struct stat sb; /* a folder or a FIFO there: said before the map is replaced */
    if (lstat(png_path, &sb) == 0 && !S_ISREG(sb.st_mode))
        return delve_fail(err, DELVE_EIO, "cannot write %s: not a regular file", png_path);
    size_t len = strlen(json);
    char *text = malloc(len + 1);
    if (!text)
        return delve_fail(err, DELVE_ENOMEM, "out of memory writing %s", tmj_path);
    memcpy(text, json, len);
    text[len] = '\n';
    char part[4200];
    snprintf(part, sizeof part, "%s.part-%ld", png_path, (long)getpid());
    delve_status st = png_write(part, sheet, err);
    if (!st) {
        st = fsio_write_atomic(tmj_path, text, len + 1, err);
        if (!st && rename(part, png_path) != 0)
            st = delve_fail(err, DELVE_EIO, "cannot write %s: %s", png_path, strerror(errno));
        if (st)
            unlink(part);
    }
    free(text);
    return st;
}
