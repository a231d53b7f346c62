/* The engine object: creation with its tables, options, limits, and the search entry point.
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine_int.h"

void cm_engine_default_options(CmEngineOptions *opt)
{
    /* The null move, the futility family and the hash move before generation showed no gain
     * in matches (docs/engine.md). */
    opt->null_move = 0;
    opt->lmr = 1;
    opt->futility = 0;
    opt->hash_first = 0;
    opt->partial = 1;
    opt->capture_ext = 3;
    opt->start_pct = 70;
    opt->lmr_pct = 50;
    opt->multi = CM_MULTI_BRS;
    opt->counter = 0;
    opt->hist_prune = 0;
    opt->aspiration = 40;
    opt->rfp = 120;
    opt->iir = 0;
    opt->rfp_depth = 3;
    opt->lmp_base = 3;
    opt->improving = 1;
    opt->lmr_improving = 1;
    opt->lmr_hist = 0;
    opt->razor = 0;
    opt->threat_ext = 1;
    opt->threat_order = 1;
    opt->near_lmr = 0;
    opt->tt_eval = 0;
    opt->level_noise = -1;
    opt->level_hide = -1;
    opt->level_blind = -1;
}

void cm_limits_init(CmLimits *lim)
{
    memset(lim, 0, sizeof *lim);
}

/* The late move reductions by depth and moves searched, from the options. */
static void lmr_table(CmEngine *e)
{
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            e->lmr[d][m] = (int8_t)(0.5 + log((double)d) * log((double)m) * e->opt.lmr_pct / 100.0);
}

/* An engine without its transposition table. */
static CmEngine *engine_make(const CmVariant *v)
{
    CmEngine *e = calloc(1, sizeof *e);
    if (e == NULL)
        return NULL;
    e->v = v;
    cm_engine_default_options(&e->opt);
    cm_eval_init(e);
    for (int sq = 0, k = 0; sq < CM_SQUARES; sq++)
        if (cm_variant_on(v, (unsigned)sq))
            e->sqidx[sq] = (uint8_t)k++;
    lmr_table(e);
    return e;
}

CmStatus cm_engine_new(const CmVariant *v, size_t tt_bytes, CmEngine **out)
{
    CmEngine *e = engine_make(v);
    *out = NULL;
    if (e == NULL)
        return CM_ERR_NOMEM;
    if (cm_tt_alloc(e, tt_bytes) != CM_OK) {
        free(e);
        return CM_ERR_NOMEM;
    }
    *out = e;
    return CM_OK;
}

static void free_helpers(CmEngine **helpers, int n)
{
    for (int i = 0; i < n; i++)
        free(helpers[i]);
    free(helpers);
}

void cm_engine_free(CmEngine *e)
{
    if (e == NULL)
        return;
    free_helpers(e->helpers, e->nhelpers);
    free(e->tt_mem);
    free(e);
}

CmStatus cm_engine_set_threads(CmEngine *e, int n)
{
    if (n < 1 || n > CM_ENGINE_MAX_THREADS)
        return CM_ERR_ARG;
    if (n - 1 == e->nhelpers)
        return CM_OK;
    CmEngine **helpers = NULL;
    if (n > 1) {
        helpers = calloc((size_t)n - 1, sizeof *helpers);
        if (helpers == NULL)
            return CM_ERR_NOMEM;
        for (int i = 0; i < n - 1; i++) {
            helpers[i] = engine_make(e->v);
            if (helpers[i] == NULL) {
                free_helpers(helpers, i);
                return CM_ERR_NOMEM;
            }
            helpers[i]->tt = e->tt;
            helpers[i]->tt_mask = e->tt_mask;
            helpers[i]->opt = e->opt;
            lmr_table(helpers[i]);
            cm_eval_copy(helpers[i], e);
            /* Every other helper searches a ply deeper than the caller's thread, so that the
             * threads do not all walk the same tree in step. */
            helpers[i]->depth_bonus = i % 2 == 0;
        }
    }
    free_helpers(e->helpers, e->nhelpers);
    e->helpers = helpers;
    e->nhelpers = n - 1;
    return CM_OK;
}

uint64_t cm_engine_helper_nodes(const CmEngine *e)
{
    uint64_t n = 0;
    for (int i = 0; i < e->nhelpers; i++)
        n += atomic_load_explicit(&e->helpers[i]->shown_nodes, memory_order_relaxed);
    return n;
}

const CmVariant *cm_engine_variant(const CmEngine *e)
{
    return e->v;
}

void cm_engine_set_options(CmEngine *e, const CmEngineOptions *opt)
{
    e->opt = *opt;
    lmr_table(e);
    for (int i = 0; i < e->nhelpers; i++) {
        e->helpers[i]->opt = *opt;
        lmr_table(e->helpers[i]);
    }
}

void cm_engine_clear(CmEngine *e)
{
    cm_tt_clear(e);
    memset(e->history, 0, sizeof e->history);
    memset(e->counter, 0, sizeof e->counter);
    for (int i = 0; i < e->nhelpers; i++) {
        memset(e->helpers[i]->history, 0, sizeof e->helpers[i]->history);
        memset(e->helpers[i]->counter, 0, sizeof e->helpers[i]->counter);
        e->helpers[i]->age = 0;
    }
}

/* A helper thread's search: its limits and root are the caller's, its result unused. */
typedef struct HelperRun {
    CmEngine *e;
    const CmPosition *pos;
    CmLimits lim;
    CmSearchResult res;
} HelperRun;

static void *helper_main(void *arg)
{
    HelperRun *r = arg;
    cm_search_run(r->e, r->pos, &r->lim, NULL, NULL, &r->res);
    return NULL;
}

/* Starts the helpers on 'pos' (the caller's 'keys' and table age are theirs too); returns how
 * many threads started. */
static int helpers_start(CmEngine *e, const CmPosition *pos, const CmLimits *lim, HelperRun *runs,
                         pthread_t *tids)
{
    int started = 0;
    atomic_store(&e->helpers_stop, lim->stop != NULL && atomic_load(lim->stop));
    for (int i = 0; i < e->nhelpers; i++) {
        CmEngine *h = e->helpers[i];
        h->hbase = e->hbase;
        memcpy(h->keys, e->keys, (size_t)e->hbase * sizeof *e->keys);
        h->age = e->age;
        atomic_store_explicit(&h->shown_nodes, 0, memory_order_relaxed);
        runs[i].e = h;
        runs[i].pos = pos;
        cm_limits_init(&runs[i].lim);
        runs[i].lim.depth = lim->depth;
        runs[i].lim.use_all_time = 1;
        runs[i].lim.stop = &e->helpers_stop;
        runs[i].lim.exclude = lim->exclude;
        runs[i].lim.nexclude = lim->nexclude;
        if (pthread_create(&tids[started], NULL, helper_main, &runs[i]) != 0)
            break;
        started++;
    }
    return started;
}

CmStatus cm_engine_search(CmEngine *e, const CmPosition *pos, const uint64_t *history, int nhistory,
                          const CmLimits *lim, CmProgressFn progress, void *ud, CmSearchResult *out)
{
    memset(out, 0, sizeof *out);
    if (pos->v != e->v || lim->depth < 0 || lim->depth > CM_ENGINE_MAX_DEPTH || lim->level < 0 ||
        lim->level > CM_ENGINE_LEVELS || (lim->time_ms > 0 && lim->now_ms == NULL) ||
        nhistory < 0 || (nhistory > 0 && history == NULL) || lim->nexclude < 0 ||
        lim->nexclude > CM_MAX_MOVES || (lim->nexclude > 0 && lim->exclude == NULL))
        return CM_ERR_ARG;

    /* The game's positions: the last HIST_MAX, without the root itself if it was given. */
    if (nhistory > 0 && history[nhistory - 1] == pos->hash)
        nhistory--;
    int first = nhistory > HIST_MAX ? nhistory - HIST_MAX : 0;
    e->hbase = nhistory - first;
    if (e->hbase > 0)
        memcpy(e->keys, history + first, (size_t)e->hbase * sizeof *history);
    int level = lim->level == 0 ? CM_ENGINE_LEVELS : lim->level;
    if (e->nhelpers == 0 || level < CM_ENGINE_LEVELS) {
        cm_search_run(e, pos, lim, progress, ud, out);
        return CM_OK;
    }
    HelperRun *runs = malloc((size_t)e->nhelpers * sizeof *runs);
    pthread_t *tids = malloc((size_t)e->nhelpers * sizeof *tids);
    int started = runs != NULL && tids != NULL ? helpers_start(e, pos, lim, runs, tids) : 0;
    cm_search_run(e, pos, lim, progress, ud, out);
    atomic_store(&e->helpers_stop, true);
    for (int i = 0; i < started; i++) {
        pthread_join(tids[i], NULL);
        out->info.nodes += e->helpers[i]->nodes;
    }
    free(runs);
    free(tids);
    return CM_OK;
}

/* Makes 'pos', settled, the working position of a static evaluation. */
static void eval_setup(CmEngine *e, const CmPosition *pos)
{
    CmOutcome o;
    e->pos = *pos;
    cm_rules_settle(&e->pos, &o);
    cm_search_set_sides(e);
    for (int s = 0; s < e->v->nseats; s++)
        e->psum[s] = cm_eval_material(e, &e->pos, s);
    e->noise = 0;
}

int cm_engine_evaluate(CmEngine *e, const CmPosition *pos)
{
    eval_setup(e, pos);
    return cm_eval_position(e, &e->pos);
}

int cm_engine_eval_trace(CmEngine *e, const CmPosition *pos, double *count, int *eval)
{
    eval_setup(e, pos);
    return cm_eval_trace(e, &e->pos, count, eval);
}
