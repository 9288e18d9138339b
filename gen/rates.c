/* rates: the generator's one table of chances (spec/rising.md: "One table"). Tune
 * rates here and nowhere else; spec/pits-and-stations.md says where each comes from. */
#include "gen/gen.h"

/* name, chance num / den, source */
static const gen_rate RATES[] = {
    [GEN_RATE_PIT] = { "pit on a floor with a floor below", 1, 4,
                       "seed 001: one floor in four" },
    [GEN_RATE_STATION] = { "rest station on a floor", 1, 2,
                           "set: the source observed 30 of 60 floors" },
};
_Static_assert(sizeof RATES / sizeof RATES[0] == GEN_RATE_COUNT, "rate rows");

const gen_rate *gen_rate_get(gen_rate_id id)
{
    return (id >= 0 && id < GEN_RATE_COUNT) ? &RATES[id] : &RATES[0];
}
