/* party: the members (name, health, power, armour) and the rules that change them:
 * the fall (seed 001: 2 blunt damage per metre, armour's share) and the rest-station
 * heal (half of max, capped; the dead stay dead). Integers only. libc only. */
#ifndef DELVE_ENGINE_PARTY_H
#define DELVE_ENGINE_PARTY_H

#include "base/status.h"

#define PARTY_MAX 6
#define MEMBER_NAME_MAX 24
#define ARMOUR_MAX_PCT 50          /* spec/pits-and-stations.md: armour 0..50 % */
#define FALL_DAMAGE_PER_M 2        /* seed 001 */
#define MEMBER_MAX_HEALTH 9999     /* limit on a read value */

typedef struct member {
    char name[MEMBER_NAME_MAX];
    int health, max_health;
    int power, max_power;
    int armour_pct;
} member;

typedef struct party {
    int count;
    member m[PARTY_MAX];
} party;

/* Adds a member at full health and power. DELVE_ELIMIT when full; DELVE_EINPUT on an
 * empty name, max_health < 1, max_power < 0 or armour outside 0..ARMOUR_MAX_PCT. */
delve_status party_add(party *p, const char *name, int max_health, int max_power,
                       int armour_pct, delve_err *err);

static inline int member_alive(const member *m) { return m->health > 0; }
int party_alive_count(const party *p);

/* Damage one member takes from a fall of fall_cm (>= 0): raw = 2 * fall_cm / 100,
 * taken = raw - raw * armour_pct / 100. A 6 m fall: 12 at 0 %, 11 at 15 %. */
int fall_damage(int fall_cm, int armour_pct);

/* Applies fall damage to every living member; taken[i] gets what member i lost (0 for
 * the dead) and died[i] is 1 if this fall killed them. Arrays may be NULL. */
void party_take_fall(party *p, int fall_cm, int taken[PARTY_MAX], int died[PARTY_MAX]);

/* Rest station heal: every living member gains max_health / 2 and max_power / 2
 * (rounded down), capped at the maximum. gained[i] gets the health gained. */
void party_heal_half(party *p, int gained[PARTY_MAX]);
/* Flat damage (>= 0) to every living member, armour ignored (acid and lava: spec
 * doomrl.md); taken[i] and died[i] as party_take_fall. Arrays may be NULL. */
void party_take_flat(party *p, int damage, int taken[PARTY_MAX], int died[PARTY_MAX]);

#endif
