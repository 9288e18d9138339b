/* repro: the commands that remake a pair's floor (review/repro.h). */
#include "review/repro.h"

#include <string.h>

void repro_of(const review_result *r, const review_item *it, repro *p)
{
    static const char *const KEY[2] = { "view", "shot" };
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < 2; k++)
            p->have[side][k] = review_reproduce(r, side, KEY[k], it, p->cmd[side][k],
                                                sizeof p->cmd[side][k]);
    p->same = 1;
    for (int k = 0; k < 2; k++)
        p->same &= p->have[0][k] == p->have[1][k] &&
                   (!p->have[0][k] || !strcmp(p->cmd[0][k], p->cmd[1][k]));
    p->any = p->have[0][0] || p->have[0][1] || p->have[1][0] || p->have[1][1];
}

const char *repro_line(const repro *p, int k)
{
    for (int side = p->same ? 1 : 0; side < 2; side++)
        for (int c = 0; c < 2; c++)
            if (p->have[side][c] && k-- == 0)
                return p->cmd[side][c];
    return NULL;
}

const char *repro_main(const repro *p, const review_item *it)
{
    int first = it->state == REVIEW_REMOVED ? 0 : 1;
    for (int i = 0; i < 2; i++) {
        int side = i ? !first : first;
        if (p->have[side][1] || p->have[side][0])
            return p->cmd[side][p->have[side][1] ? 1 : 0];
    }
    return NULL;
}
