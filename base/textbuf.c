/* textbuf: a growing text buffer (see textbuf.h). */
#include "base/textbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for n more bytes and the NUL; 0 (and oom set) when it cannot grow. */
static int reserve(textbuf *b, size_t n)
{
    if (b->oom)
        return 0;
    if (b->s && b->len + n < b->cap)
        return 1;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap <= b->len + n)
        cap *= 2;
    char *ns = realloc(b->s, cap);
    if (!ns) {
        b->oom = 1;
        return 0;
    }
    b->s = ns;
    b->cap = cap;
    return 1;
}

void textbuf_printf(textbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->oom = 1;
        return;
    }
    if (!reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void textbuf_put(textbuf *b, const char *s, size_t n)
{
    if (!reserve(b, n))
        return;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void textbuf_free(textbuf *b)
{
    free(b->s);
    memset(b, 0, sizeof *b);
}
