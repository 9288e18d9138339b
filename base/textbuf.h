/* textbuf: a growing text buffer for writers of text formats (.dun, saves, ASCII maps,
 * the review page): append with printf or raw bytes; a failed allocation sets oom and
 * later appends do nothing, so a writer checks once at the end. libc only. */
#ifndef DELVE_BASE_TEXTBUF_H
#define DELVE_BASE_TEXTBUF_H

#include <stddef.h>

typedef struct textbuf {
    char *s;          /* NUL-terminated once anything was appended; NULL before */
    size_t len, cap;  /* bytes used (without the NUL), bytes allocated */
    int oom;          /* an append could not allocate: the text is incomplete */
} textbuf;

/* Appends printf-style text. */
void textbuf_printf(textbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends n bytes of s. */
void textbuf_put(textbuf *b, const char *s, size_t n);
/* Frees the text and zeroes b. */
void textbuf_free(textbuf *b);

#endif
