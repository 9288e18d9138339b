/* rates: the generator's one table of chances (spec/rising.md: "One table"). Tune
 * rates here and nowhere else; spec/pits-and-stations.md says where each comes from. */
#include "gen/gen.h"

/* name, chance num / den, source */
static const gen_rate RATES[] = {
    [GEN_RATE_PIT] = { "pit on a floor with a floor below", 1, 4,
                       "seed 001: one floor in four" },
    [GEN_RATE_STATION] = { "rest station on a floor", 1, 2,
                           "set: the source observed 30 of 60 floors" },
    [GEN_RATE_BENDS] = { "corridor bends per floor (a count, num to den)", 1, 3, "seed 004" },
    [GEN_RATE_CURVE] = { "curve mark at each bend corner", 1, 2, "seed 004" },
    [GEN_RATE_BEND_NEAR] = { "bend within 3 squares of a room's way in", 3, 4, "seed 004" },
    [GEN_RATE_SUNK] = { "sunk room", 7, 10, "seed 004" },
    [GEN_RATE_RAISED] = { "raised room", 7, 20, "seed 004" },
    [GEN_RATE_GRADED] = { "graded room", 3, 10, "seed 004" },
    [GEN_RATE_SPIRAL_WITHIN] = { "spiral within a floor", 3, 5, "seed 004" },
    [GEN_RATE_SPIRAL_BETWEEN] = { "spiral between a pair of floors", 3, 5, "seed 004" },
    [GEN_RATE_RAMP] = { "way into a sunk or raised room is a ramp (else a stair)", 7, 20,
                        "seed 004" },
    [GEN_RATE_LIFT] = { "lift between each two floors", 1, 1, "seed 004: always" },
    [GEN_RATE_LADDER] = { "ladder between each two floors", 1, 1, "seed 004: always" },
};
_Static_assert(sizeof RATES / sizeof RATES[0] == GEN_RATE_COUNT, "rate rows");

const gen_rate *rates_get(gen_rate_id id)
{
    return (id >= 0 && id < GEN_RATE_COUNT) ? &RATES[id] : &RATES[0];
}
