/* status: error messages for delve_status. */
#include "engine/status.h"

#include <stdarg.h>
#include <stdio.h>

delve_status delve_fail(delve_err *err, delve_status st, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return st;
}

delve_status delve_fail_at(delve_err *err, delve_status st, const char *path, int line,
                           int col, const char *fmt, ...)
{
    if (err) {
        int n = snprintf(err->msg, sizeof err->msg, "%s:%d:%d: ", path, line, col);
        if (n < 0 || (size_t)n >= sizeof err->msg)
            return st;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg + n, sizeof err->msg - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return st;
}

delve_status delve_stopped(const volatile sig_atomic_t *stop, delve_err *err)
{
    return stop && *stop ? delve_fail(err, DELVE_ESTOP, "interrupted") : DELVE_OK;
}

const char *delve_status_name(delve_status st)
{
    static const char *const names[DELVE_STATUS_COUNT] = {
        [DELVE_OK] = "ok",           [DELVE_EINPUT] = "bad input",
        [DELVE_EIO] = "i/o error",   [DELVE_ENOMEM] = "out of memory",
        [DELVE_ELIMIT] = "too large", [DELVE_EFAIL] = "failed",
        [DELVE_ESTOP] = "interrupted",
    };
    return (st >= 0 && st < DELVE_STATUS_COUNT) ? names[st] : "unknown";
}
