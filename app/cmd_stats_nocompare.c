/* delve stats --compare in a build without GSL (the arm64 cross build: Debian's
 * libgsl-dev installs for one architecture at a time): says so, exit 2. */
#include <stdio.h>
#include <string.h>

#include "app/cli.h"
#include "review/review.h"

int stats_compare_run(const char *file_a, const char *file_b, const char *alpha,
                      const char *format)
{
    return cli_usage_error("stats", "--compare: this delve was built without GSL "
                           "(libgsl-dev); build it with GSL to compare catalogs");
}

void stats_compare_help(void)
{
    printf("\n--compare is left out of this build (no GSL).\n");
}

delve_status stats_compare_review(const char *file_a, const char *file_b, review_dist *d,
                                  struct cJSON **json, delve_err *err)
{
    memset(d, 0, sizeof *d);
    *json = NULL;
    return delve_fail(err, DELVE_EFAIL, "no distribution table: delve was built without GSL");
}
