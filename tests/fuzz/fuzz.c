/* fuzz: helpers shared by every target (see fuzz.h). POSIX: mkdtemp, unlink, rmdir. */
#include "tests/fuzz/fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FUZZ_PATH_MAX 512

static char scratch_dir[FUZZ_PATH_MAX];   /* "" until the first fuzz_file */
static char scratch_file[FUZZ_PATH_MAX];  /* the last file written there */

char *fuzz_text(const uint8_t *data, size_t size)
{
    if (memchr(data, 0, size))
        return NULL;
    char *t = malloc(size + 1);
    if (t) {
        memcpy(t, data, size);
        t[size] = '\0';
    }
    return t;
}

static void scratch_remove(void)
{
    if (scratch_file[0])
        unlink(scratch_file);
    if (scratch_dir[0])
        rmdir(scratch_dir);
}

const char *fuzz_file(const char *name, const void *data, size_t size)
{
    if (!scratch_dir[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(scratch_dir, sizeof scratch_dir, "%s/delve-fuzz-XXXXXX",
                 tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(scratch_dir)) {
            scratch_dir[0] = '\0';
            return NULL;
        }
        atexit(scratch_remove);
    }
    if (scratch_file[0])
        unlink(scratch_file);
    snprintf(scratch_file, sizeof scratch_file, "%s/%s", scratch_dir, name);
    FILE *f = fopen(scratch_file, "wb");
    int ok = f && fwrite(data, 1, size, f) == size;
    if (f && fclose(f) != 0)
        ok = 0;
    return ok ? scratch_file : NULL;
}

void fuzz_require(int ok, const char *what)
{
    if (ok)
        return;
    fprintf(stderr, "fuzz: broken: %s\n", what);
    abort();
}
