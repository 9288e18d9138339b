/* catrow: a catalog.tsv data line checked (review/catrow.h). */
#include "review/catrow.h"

#include <string.h>

#include "engine/dungeon.h"

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
    uint64_t seed;
    int floor;
    if (lex_parse_u64(s, (size_t)(at - s), UINT64_MAX, &seed, NULL) != LEX_OK)
        return lex_fail(x, s, "a seed past 18446744073709551615");
    const char *f = at + 1, *fe = skip_digits(f, end);
    if (fe == f || (fe < end && *fe != '\t'))
        return lex_fail(x, fe, "expected a floor (a whole number)");
    if (f[0] == '0' || /* as delve writes it: no leading zero */
        lex_parse_int(f, (size_t)(fe - f), 1, DUNGEON_MAX_FLOORS, &floor, NULL) != LEX_OK)
        return lex_fail(x, f, "a floor is 1..%d", DUNGEON_MAX_FLOORS);
    int cells = 1, empty = 0;
    const char *empty_at = NULL;
    for (const char *p = s; p < end; p++) {
        if (*p == '\t' && p + 2 < end && p[1] == '-' && p[2] >= '0' && p[2] <= '9')
            return lex_fail(x, p + 1, "a count is 0 or more (a catalog has no negative "
                            "numbers)");
        if (*p == '\t' && ++cells == cols + 1 && cols)
            extra = p;
        /* a missing value is written '-' (docs/catalog-format.md): an empty cell is a
           line cut or edited by hand, not a floor without the count */
        if (*p == '\t' && !empty_at && !extra && (p + 1 == end || p[1] == '\t'))
            empty_at = p + 1, empty = cells;
    }
    /* an empty last cell on a line short of cells is a cut line: "ends early" below */
    if (empty_at && (empty_at < end || !cols || cells >= cols))
        return lex_fail(x, empty_at, "cell %d is empty (a missing value is '-')", empty);
    if (extra)
        return lex_fail(x, extra, "more cells than the %d column names", cols);
    if (cols && cells < cols)
        return lex_fail(x, end, "%d of %d cells: the line ends early", cells, cols);
    return DELVE_OK;
}

const char *catrow_cell(const char *s, int col, size_t *n)
{
    for (; s && col > 0; col--)
        if ((s = strchr(s, '\t')))
            s++;
    if (!s)
        return NULL;
    *n = strcspn(s, "\t");
    return s;
}

int catrow_column(const char *header, const char *name)
{
    if (!header)
        return -1;
    const char *c = header + (header[0] == '#');
    size_t len = strlen(name);
    for (int col = 0; c; col++) {
        while (*c == ' ')
            c++;
        size_t n = strcspn(c, "\t");
        if (n == len && !memcmp(c, name, n))
            return col;
        c = c[n] ? c + n + 1 : NULL;
    }
    return -1;
}

void catrow_keep(char *s, const unsigned char *keep, int cols)
{
    char *out = s;
    const char *c = s;
    int kept = 0;
    for (int col = 0; c && col < cols; col++) {
        size_t n = strcspn(c, "\t");
        const char *next = c[n] ? c + n + 1 : NULL;
        if (keep[col]) {
            if (kept++)
                *out++ = '\t';
            memmove(out, c, n);
            out += n;
        }
        c = next;
    }
    *out = '\0';
}
