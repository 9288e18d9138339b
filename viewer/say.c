/* say: the status line's message (say.h). */
#include <stdarg.h>
#include <stdio.h>

#include "viewer/say.h"

void say_set(say_line *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->text, sizeof s->text, fmt, ap);
    va_end(ap);
    s->hint = 0;
}
