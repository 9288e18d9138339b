/* catrow: a catalog.tsv data line checked (engine/catrow.h). */
#include "engine/catrow.h"

#include <string.h>

/* The first byte at or after p (before end) that is not a decimal digit. */
static const char *skip_digits(const char *p, const char *end)
{
    while (p < end && *p >= '0' && *p <= '9')
        p++;
    return p;
}

delve_status catrow_check(const lex *x, int cols)
{
    const char *s = x->ls, *end = x->le, *at = skip_digits(s, end), *extra = NULL;
    if (at == s || at == end || *at != '\t')
        return lex_fail(x, at, "expected seed, a tab, floor, ...");
    const char *f = at + 1 + (at + 1 < end && at[1] == '-'), *fe = skip_digits(f, end);
    if (fe == f || (fe < end && *fe != '\t'))
        return lex_fail(x, fe, "expected a floor (a whole number)");
    int cells = 1;
    for (const char *p = s; p < end; p++)
        if (*p == '\t' && ++cells == cols + 1 && cols)
            extra = p;
    if (extra)
        return lex_fail(x, extra, "more cells than the %d column names", cols);
    if (cols && cells < cols)
        return lex_fail(x, end, "%d of %d cells: the line ends early", cells, cols);
    return DELVE_OK;
}
