/* catrow: a catalog.tsv data line checked (engine/catrow.h). */
#include "engine/catrow.h"

#include <string.h>

#include "engine/dungeon.h"

/* The first byte at or after p (before end) that is not a decimal digit. */
static const char *skip_digits(const char *p, const char *end)
{
    while (p < end && *p >= '0' && *p <= '9')
        p++;
    return p;
}

/* Do the digits s..e (at least one) stand for a number of at most max's digits? */
static int fits(const char *s, const char *e, const char *max)
{
    while (e - s > 1 && *s == '0')
        s++;
    size_t n = (size_t)(e - s), m = strlen(max);
    return n < m || (n == m && memcmp(s, max, m) <= 0);
}

delve_status catrow_check(const lex *x, int cols)
{
    const char *s = x->ls, *end = x->le, *at = skip_digits(s, end), *extra = NULL;
    if (at == s || at == end || *at != '\t')
        return lex_fail(x, at, "expected seed, a tab, floor, ...");
    if (!fits(s, at, "18446744073709551615"))
        return lex_fail(x, s, "a seed past 18446744073709551615");
    const char *f = at + 1, *fe = skip_digits(f, end);
    if (fe == f || (fe < end && *fe != '\t'))
        return lex_fail(x, fe, "expected a floor (a whole number)");
    if (f[0] == '0' || fe - f > 2 || (f[0] - '0') * (fe - f == 2 ? 10 : 1) +
                                             (fe - f == 2 ? f[1] - '0' : 0) > DUNGEON_MAX_FLOORS)
        return lex_fail(x, f, "a floor is 1..%d", DUNGEON_MAX_FLOORS);
    int cells = 1;
    for (const char *p = s; p < end; p++) {
        if (*p == '\t' && p + 2 < end && p[1] == '-' && p[2] >= '0' && p[2] <= '9')
            return lex_fail(x, p + 1, "a count is 0 or more (a catalog has no negative "
                            "numbers)");
        if (*p == '\t' && ++cells == cols + 1 && cols)
            extra = p;
    }
    if (extra)
        return lex_fail(x, extra, "more cells than the %d column names", cols);
    if (cols && cells < cols)
        return lex_fail(x, end, "%d of %d cells: the line ends early", cells, cols);
    return DELVE_OK;
}
