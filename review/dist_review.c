/* dist_review: two shot sets' catalogs as the review's distribution table. */
#include "review/dist_review.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/textbuf.h"
#include "review/dist.h"
#include "review/dist_text.h"

/* One column as the page's table row (the figures `delve stats --compare` prints), every
 * category's shares in w->cats (the page breaks them into lines). DELVE_ENOMEM. */
static delve_status dist_row(const dist_col *c, review_dist_row *w, delve_err *err)
{
    snprintf(w->name, sizeof w->name, "%s", c->name);
    w->numeric = c->kind == DIST_NUMERIC;
    w->na = c->na;
    w->nb = c->nb;
    w->mean_a = c->mean_a;
    w->sd_a = c->sd_a;
    w->mean_b = c->mean_b;
    w->sd_b = c->sd_b;
    w->up = c->up;
    w->down = c->down;
    w->changed = c->changed;
    w->tested = c->tested;
    w->flagged = c->flagged;
    w->effect = c->t.effect;
    w->p_holm = c->p_holm;
    snprintf(w->test, sizeof w->test, "%s", c->tested ? c->test : "-");
    snprintf(w->why, sizeof w->why, "%s", c->why ? c->why : "");
    textbuf cats = { 0 };
    if (c->kind != DIST_CATEGORY)
        textbuf_printf(&cats, "%s", dist_text_kind(c->kind));
    for (int i = 0; c->kind == DIST_CATEGORY && i < c->cat_count; i++)
        textbuf_printf(&cats, "%s%s %.1f%% → %.1f%%", i ? ", " : "", c->cats[i].name,
                       100.0 * (double)c->cats[i].a / (c->na ? c->na : 1),
                       100.0 * (double)c->cats[i].b / (c->nb ? c->nb : 1));
    w->cats = cats.s;
    if (!cats.oom && cats.s)
        return DELVE_OK;
    textbuf_free(&cats);
    w->cats = NULL;
    return delve_fail(err, DELVE_ENOMEM, "out of memory");
}

/* Column c's level types into w (the page's rows under it) and what the mix says of it.
 * DELVE_ENOMEM. */
static delve_status dist_strata(const dist_result *r, const dist_col *c, review_dist_row *w,
                                delve_err *err)
{
    if (!c->stratum_count)
        return DELVE_OK;
    if (!(w->strata = calloc((size_t)c->stratum_count, sizeof *w->strata)))
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int k = 0; k < c->stratum_count; k++) {
        const dist_stratum *t = &c->strata[k];
        review_dist_stratum *v = &w->strata[k];
        snprintf(v->type, sizeof v->type, "%s", t->type);
        v->na = t->na;
        v->nb = t->nb;
        v->mean_a = t->mean_a;
        v->mean_b = t->mean_b;
        v->tested = t->tested;
        v->flagged = t->flagged;
        v->p_holm = t->p_holm;
    }
    w->stratum_count = c->stratum_count;
    if (c->floor_count) {
        textbuf fl = { 0 };
        dist_text_by_floor(c, "→", &fl);
        if (fl.oom || !fl.s) {
            textbuf_free(&fl);
            return delve_fail(err, DELVE_ENOMEM, "out of memory");
        }
        w->by_floor = fl.s;
    }
    w->mix_explained = c->mix_explained;
    char says[220], std[160]; /* with "; ": w->mix whole */
    dist_text_mix_says(r, c, "→", says, sizeof says);
    dist_text_mix_std(c, std, sizeof std);
    snprintf(w->mix, sizeof w->mix, "%s; %s", says, std);
    return DELVE_OK;
}

/* The comparison r as the table (flagged first, as the stats table prints) and its JSON
 * document. DELVE_ENOMEM. */
static delve_status fill(const dist_result *r, dist_review *d, delve_err *err)
{
    review_dist *t = &d->table;
    if (!(t->rows = calloc((size_t)r->col_count + 1, sizeof *t->rows)))
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < r->col_count; i++)
            if (r->cols[i].flagged == !pass &&
                (dist_row(&r->cols[i], &t->rows[t->count++], err) ||
                 dist_strata(r, &r->cols[i], &t->rows[t->count - 1], err)))
                return DELVE_ENOMEM;
    t->paired = r->paired;
    t->constant = r->constant;
    t->mix_explained = r->mix_explained;
    dist_text_mix_shift(r, "→", t->mix_shift, sizeof t->mix_shift);
    t->tested = r->tested;
    t->flagged = r->flagged;
    t->alpha = r->alpha;
    d->json = dist_text_json(r);
    return DELVE_OK;
}

delve_status dist_review_load(const char *dir_a, const char *dir_b, dist_review *d,
                              delve_err *err)
{
    const char *dirs[2] = { dir_a, dir_b };
    memset(d, 0, sizeof *d);
    for (int side = 0; side < 2; side++) {
        snprintf(d->path[side], sizeof d->path[side], "%s/catalog.tsv", dirs[side]);
        d->has[side] = !access(d->path[side], F_OK);
    }
    if (!d->has[0] || !d->has[1])
        return DELVE_OK;
    dist_result r;
    delve_status st = dist_files(d->path[0], d->path[1], DIST_ALPHA, &r, err);
    if (!st)
        st = fill(&r, d, err);
    dist_free(&r);
    return st;
}

void dist_review_free(dist_review *d)
{
    for (int i = 0; d->table.rows && i < d->table.count; i++) {
        free(d->table.rows[i].cats);
        free(d->table.rows[i].strata);
        free(d->table.rows[i].by_floor);
    }
    free(d->table.rows);
    cJSON_Delete(d->json);
    d->table.rows = NULL;
    d->json = NULL;
}
