/* station: rest station readiness and its countdown line. */
#include "engine/station.h"

#include <stdio.h>

int64_t station_dry_left_s(const station *s, int64_t now_s)
{
    if (s->last_used_s == STATION_NEVER_USED)
        return 0;
    int64_t left = s->last_used_s + STATION_DRY_S - now_s;
    return left > 0 ? left : 0;
}

int station_ready(const station *s, int64_t now_s)
{
    return station_dry_left_s(s, now_s) == 0;
}

station_lamp station_lamp_at(const station *s, int64_t now_s)
{
    return station_ready(s, now_s) ? LAMP_READY : LAMP_SPENT;
}

char *station_line(const station *s, int64_t now_s, char *buf, size_t size)
{
    int64_t left = station_dry_left_s(s, now_s);
    if (size == 0)
        return buf;
    if (left == 0) {
        buf[0] = '\0';
        return buf;
    }
    int64_t minutes = (left + 59) / 60;
    snprintf(buf, size, "// BASIN DRY. PRESSURE BACK IN %d H %02d M.", (int)(minutes / 60),
             (int)(minutes % 60));
    return buf;
}
