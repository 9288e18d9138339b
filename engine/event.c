/* event: the event words and the log. */
#include "engine/event.h"

#include <stdlib.h>

static const char *const EVENT_NAME[] = {
    [EV_START] = "start", [EV_STEP] = "step",   [EV_PLATES] = "plates",
    [EV_FALL] = "fall",   [EV_LAND] = "land",   [EV_HEAL] = "heal",
    [EV_DRY] = "dry",     [EV_DEATH] = "death", [EV_FLOOR] = "floor",
    [EV_WAIT] = "wait",   [EV_END] = "end", [EV_BURN] = "burn",
};
_Static_assert(sizeof EVENT_NAME / sizeof EVENT_NAME[0] == EV_KIND_COUNT, "event rows");

const char *event_kind_name(event_kind k)
{
    return (k >= 0 && k < EV_KIND_COUNT) ? EVENT_NAME[k] : "event";
}

void event_log_free(event_log *log)
{
    free(log->ev);
    log->ev = NULL;
    log->count = log->cap = 0;
}

delve_status event_log_push(event_log *log, const event *e)
{
    if (log->count >= EVENT_LOG_MAX)
        return DELVE_ELIMIT;
    if (log->count == log->cap) {
        int cap = log->cap ? log->cap * 2 : 64;
        event *ev = realloc(log->ev, (size_t)cap * sizeof *ev);
        if (!ev)
            return DELVE_ENOMEM;
        log->ev = ev;
        log->cap = cap;
    }
    log->ev[log->count++] = *e;
    return DELVE_OK;
}
