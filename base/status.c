/* status: error messages for delve_status. */
#include "base/status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Bytes of the UTF-8 character at s that a terminal prints as it is, or 0: control
 * bytes (C0, DEL, and C1 as U+0080-U+009F), bidi overrides and bytes of no well-formed
 * character are 0. */
static size_t printable(const unsigned char *s)
{
    if (*s >= 0x20 && *s < 0x7f)
        return 1;
    size_t n = *s >= 0xc2 && *s <= 0xdf ? 2 : *s >= 0xe0 && *s <= 0xef ? 3
               : *s >= 0xf0 && *s <= 0xf4 ? 4 : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if (n == 2 && *s == 0xc2 && s[1] < 0xa0)
        return 0;
    /* bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): printed,
       they reorder the rest of the line on the terminal */
    if (n == 3 && *s == 0xe2 && ((s[1] == 0x80 && s[2] >= 0xaa && s[2] <= 0xae) ||
                                 (s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9)))
        return 0;
    return n;
}

/* msg as the message of err, every byte a terminal would act on (ESC, BEL, CR, C1, a
 * stray byte of no character) written \xNN: messages quote what a user's file says,
 * and printing them must never set a terminal's title or move its cursor. Cut to fit. */
static void set_msg(delve_err *err, const char *msg)
{
    const unsigned char *s = (const unsigned char *)msg;
    size_t n = 0, cap = sizeof err->msg;
    while (*s) {
        size_t k = printable(s);
        if (k ? n + k >= cap : n + 4 >= cap)
            break;
        if (k) {
            memcpy(err->msg + n, s, k);
            n += k;
            s += k;
        } else {
            n += (size_t)snprintf(err->msg + n, cap - n, "\\x%02x", *s++);
        }
    }
    err->msg[n] = '\0';
}

delve_status delve_fail(delve_err *err, delve_status st, const char *fmt, ...)
{
    if (err) {
        char msg[sizeof err->msg];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        set_msg(err, msg);
    }
    return st;
}

delve_status delve_fail_at(delve_err *err, delve_status st, const char *path, int line,
                           int col, const char *fmt, ...)
{
    if (err) {
        char msg[sizeof err->msg];
        int n = snprintf(msg, sizeof msg, "%s:%d:%d: ", path, line, col);
        if (n < 0 || (size_t)n >= sizeof msg) {
            set_msg(err, msg);
            return st;
        }
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
        va_end(ap);
        set_msg(err, msg);
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
