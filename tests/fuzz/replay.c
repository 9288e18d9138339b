/* replay: runs a fuzz target's LLVMFuzzerTestOneInput on files, once each, without
 * fuzzing and without libFuzzer's runtime: `fuzz-replay-NAME PATH...`, each PATH a
 * file or a folder whose files (not those starting with '.') are run in name order.
 * Built with ASan and UBSan where the compiler has them, so a committed corpus input
 * or a past crash that goes wrong again aborts. Prints "replay: N inputs". Exit 0; 2
 * when a path cannot be read or no input was found (a crash aborts before that). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/fsio.h"
#include "tests/fuzz/fuzz.h"

#define REPLAY_MAX_BYTES (64u << 20)  /* an input larger than this is refused */

static int run_file(const char *path)
{
    char *data = NULL;
    size_t len = 0;
    delve_err err = { "" };
    if (fsio_read_all(path, REPLAY_MAX_BYTES, &data, &len, &err)) {
        fprintf(stderr, "replay: %s\n", err.msg);
        return -1;
    }
    LLVMFuzzerTestOneInput((const uint8_t *)data, len);
    free(data);
    return 1;
}

static int visible(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

/* Runs every file of dir in name order; the count run, or -1. */
static int run_dir(const char *dir)
{
    struct dirent **list;
    int n = scandir(dir, &list, visible, alphasort), count = 0;
    if (n < 0) {
        perror(dir);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        char path[4096];
        struct stat sb;
        snprintf(path, sizeof path, "%s/%s", dir, list[i]->d_name);
        if (count >= 0 && stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
            int r = run_file(path);
            count = r < 0 ? -1 : count + r;
        }
        free(list[i]);
    }
    free(list);
    return count;
}

int main(int argc, char **argv)
{
    int total = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        struct stat sb;
        int r = stat(argv[i], &sb) == 0 && S_ISDIR(sb.st_mode) ? run_dir(argv[i])
                                                               : run_file(argv[i]);
        if (r < 0)
            return 2;
        total += r;
    }
    printf("replay: %d inputs\n", total);
    return total > 0 ? 0 : 2;   /* an empty corpus tests nothing */
}
