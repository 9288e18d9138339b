/* say: the status line's message, a line of text the viewer's parts write when a key
 * did something worth words (saved, copied, no tide here) and the window shows until the
 * next key. The lowest part: every other one may write it, it calls none of them. */
#ifndef DELVE_VIEWER_SAY_H
#define DELVE_VIEWER_SAY_H

#define SAY_LINE_MAX 320          /* bytes of the status and hover lines, with the NUL */

typedef struct say_line {
    char text[SAY_LINE_MAX];      /* the message, "" when none; cut to fit */
    int hint;                     /* 1: the text is a hint (the side view's cut and keys)
                                     that the mouse moving over the map clears for its
                                     hover line */
} say_line;

/* The message printf-formatted into s, cut at SAY_LINE_MAX - 1 bytes; not a hint. */
void say_set(say_line *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
