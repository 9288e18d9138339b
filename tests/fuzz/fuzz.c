/* fuzz: helpers shared by every target (see fuzz.h). POSIX: getpid. */
#include "tests/fuzz/fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *fuzz_text(const uint8_t *data, size_t size, size_t max)
{
    if (size > max || memchr(data, 0, size))
        return NULL;
    char *t = malloc(size + 1);
    if (t) {
        memcpy(t, data, size);
        t[size] = '\0';
    }
    return t;
}

int fuzz_file(const char *name, const void *data, size_t size, char *path, size_t cap)
{
    const char *tmp = getenv("TMPDIR");
    int n = snprintf(path, cap, "%s/delve-fuzz-%ld-%s", tmp && *tmp ? tmp : "/tmp",
                     (long)getpid(), name);
    if (n < 0 || (size_t)n >= cap) {
        if (cap)
            path[0] = '\0'; /* nothing to unlink */
        return 0;
    }
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, size, f) == size;
    if (f && fclose(f) != 0)
        ok = 0;
    return ok;
}

void fuzz_require(int ok, const char *what)
{
    if (ok)
        return;
    fprintf(stderr, "fuzz: broken: %s\n", what);
    abort();
}
