/* stats: `delve stats` run on sums made elsewhere, for `delve merge stats`: the parts
 * joined by sweep/shard.h print as one run over their whole range does. app/ only. */
#ifndef DELVE_APP_STATS_H
#define DELVE_APP_STATS_H

#include "sweep/shard.h"

/* delve stats with argv (argv[0] "stats"); with in, the sums are in's instead of
 * generated (the command line still says what is printed). Returns the exit code. */
int stats_main(int argc, char **argv, const shard_sums *in);

#endif
