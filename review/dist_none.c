/* dist_none: review/dist.h in a build without GSL (the arm64 cross build: Debian's
 * libgsl-dev installs for one architecture at a time), where CMakeLists.txt leaves
 * dist.c and sig.c out: nothing is compared, every read fails with DELVE_EFAIL. */
#include <string.h>

#include "review/dist.h"

int dist_available(void)
{
    return 0;
}

/* What every comparison returns here; r left empty for dist_free. */
static delve_status no_gsl(dist_result *r, delve_err *err)
{
    memset(r, 0, sizeof *r);
    return delve_fail(err, DELVE_EFAIL, "no distribution table: delve was built without GSL");
}

delve_status dist_files(const char *path_a, const char *path_b, double alpha,
                        dist_result *r, delve_err *err)
{
    return no_gsl(r, err);
}

delve_status dist_texts(const char *name_a, const char *text_a, const char *name_b,
                        const char *text_b, double alpha, dist_result *r, delve_err *err)
{
    return no_gsl(r, err);
}

void dist_free(dist_result *r)
{
    memset(r, 0, sizeof *r);
}

const char *dist_prov(const dist_side *s, const char *key)
{
    return NULL;
}
