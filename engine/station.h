/* station: rest station rules (seed 001): ready or dry, dry for 8 h of game clock after
 * use, the countdown line, and the lamp state the renderer shows. Integers only. */
#ifndef DELVE_ENGINE_STATION_H
#define DELVE_ENGINE_STATION_H

#include <stddef.h>
#include <stdint.h>

#include "engine/floor.h"

#define STATION_DRY_S 28800  /* 8 h (seed 001) */

typedef enum station_lamp { LAMP_READY, LAMP_SPENT } station_lamp;

/* 1 when the station can heal at game second now: never used, or used at least
 * STATION_DRY_S ago. */
int station_ready(const station *s, int64_t now_s);
station_lamp station_lamp_at(const station *s, int64_t now_s);
/* Seconds until ready again; 0 when ready. */
int64_t station_dry_left_s(const station *s, int64_t now_s);

/* The countdown line, "// BASIN DRY. PRESSURE BACK IN 8 H 00 M." with hours and
 * minutes left, minutes rounded up (so it never reads 0 H 00 M while dry); an empty
 * string when ready. Returns buf. */
char *station_line(const station *s, int64_t now_s, char *buf, size_t size);

#endif
