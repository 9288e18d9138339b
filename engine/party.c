/* party: members and the fall and heal rules (seed 001, spec/pits-and-stations.md). */
#include "engine/party.h"

#include <string.h>

delve_status party_add(party *p, const char *name, int max_health, int max_power,
                       int armour_pct, delve_err *err)
{
    if (p->count >= PARTY_MAX)
        return delve_fail(err, DELVE_ELIMIT, "a party has at most %d members", PARTY_MAX);
    if (!name || !name[0] || strlen(name) >= MEMBER_NAME_MAX)
        return delve_fail(err, DELVE_EINPUT, "a member's name must be 1..%d bytes",
                          MEMBER_NAME_MAX - 1);
    if (max_health < 1 || max_health > MEMBER_MAX_HEALTH)
        return delve_fail(err, DELVE_EINPUT, "health must be 1..%d", MEMBER_MAX_HEALTH);
    if (max_power < 0 || max_power > MEMBER_MAX_HEALTH)
        return delve_fail(err, DELVE_EINPUT, "power must be 0..%d", MEMBER_MAX_HEALTH);
    if (armour_pct < 0 || armour_pct > ARMOUR_MAX_PCT)
        return delve_fail(err, DELVE_EINPUT, "armour must be 0..%d %%", ARMOUR_MAX_PCT);
    member *m = &p->m[p->count++];
    memset(m, 0, sizeof *m);
    strcpy(m->name, name);
    m->health = m->max_health = max_health;
    m->power = m->max_power = max_power;
    m->armour_pct = armour_pct;
    return DELVE_OK;
}

int party_alive_count(const party *p)
{
    int n = 0;
    for (int i = 0; i < p->count; i++)
        n += member_alive(&p->m[i]);
    return n;
}

int fall_damage(int fall_cm, int armour_pct)
{
    if (fall_cm <= 0)
        return 0;
    int raw = FALL_DAMAGE_PER_M * fall_cm / 100;
    return raw - raw * armour_pct / 100;
}

void party_take_fall(party *p, int fall_cm, int taken[PARTY_MAX], int died[PARTY_MAX])
{
    for (int i = 0; i < p->count; i++) {
        member *m = &p->m[i];
        int t = 0, d = 0;
        if (member_alive(m)) {
            t = fall_damage(fall_cm, m->armour_pct);
            if (t > m->health)
                t = m->health;
            m->health -= t;
            d = !member_alive(m);
        }
        if (taken)
            taken[i] = t;
        if (died)
            died[i] = d;
    }
}

static int capped_add(int v, int add, int max)
{
    return v + add > max ? max : v + add;
}

void party_heal_half(party *p, int gained[PARTY_MAX])
{
    for (int i = 0; i < p->count; i++) {
        member *m = &p->m[i];
        int before = m->health;
        if (member_alive(m)) {
            m->health = capped_add(m->health, m->max_health / 2, m->max_health);
            m->power = capped_add(m->power, m->max_power / 2, m->max_power);
        }
        if (gained)
            gained[i] = m->health - before;
    }
}

void party_take_flat(party *p, int damage, int taken[PARTY_MAX], int died[PARTY_MAX])
{
    for (int i = 0; i < p->count; i++) {
        member *m = &p->m[i];
        int t = member_alive(m) ? (damage < m->health ? damage : m->health) : 0;
        m->health -= t;
        if (taken)
            taken[i] = t;
        if (died)
            died[i] = t > 0 && m->health == 0;
    }
}
