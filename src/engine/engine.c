/* The engine object: creation with its tables, options, limits, and the search entry point.
 * SPDX-License-Identifier: MIT */
#include <math.h>
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
    opt->multi = CM_MULTI_BRS;
}

void cm_limits_init(CmLimits *lim)
{
    memset(lim, 0, sizeof *lim);
}

CmStatus cm_engine_new(const CmVariant *v, size_t tt_bytes, CmEngine **out)
{
    CmEngine *e = calloc(1, sizeof *e);
    *out = NULL;
    if (e == NULL)
        return CM_ERR_NOMEM;
    e->v = v;
    cm_engine_default_options(&e->opt);
    if (cm_tt_alloc(e, tt_bytes) != CM_OK) {
        free(e);
        return CM_ERR_NOMEM;
    }
    cm_eval_init(e);
    for (int sq = 0, k = 0; sq < CM_SQUARES; sq++)
        if (cm_variant_on(v, (unsigned)sq))
            e->sqidx[sq] = (uint8_t)k++;
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            e->lmr[d][m] = (int8_t)(0.5 + log((double)d) * log((double)m) / 2.0);
    *out = e;
    return CM_OK;
}

void cm_engine_free(CmEngine *e)
{
    if (e == NULL)
        return;
    free(e->tt_mem);
    free(e);
}

const CmVariant *cm_engine_variant(const CmEngine *e)
{
    return e->v;
}

void cm_engine_set_options(CmEngine *e, const CmEngineOptions *opt)
{
    e->opt = *opt;
}

void cm_engine_clear(CmEngine *e)
{
    cm_tt_clear(e);
    memset(e->history, 0, sizeof e->history);
}

CmStatus cm_engine_search(CmEngine *e, const CmPosition *pos, const uint64_t *history, int nhistory,
                          const CmLimits *lim, CmProgressFn progress, void *ud, CmSearchResult *out)
{
    memset(out, 0, sizeof *out);
    if (pos->v != e->v || lim->depth < 0 || lim->depth > CM_ENGINE_MAX_DEPTH || lim->level < 0 ||
        lim->level > CM_ENGINE_LEVELS || (lim->time_ms > 0 && lim->now_ms == NULL) ||
        nhistory < 0 || (nhistory > 0 && history == NULL))
        return CM_ERR_ARG;

    /* The game's positions: the last HIST_MAX, without the root itself if it was given. */
    if (nhistory > 0 && history[nhistory - 1] == pos->hash)
        nhistory--;
    int first = nhistory > HIST_MAX ? nhistory - HIST_MAX : 0;
    e->hbase = nhistory - first;
    if (e->hbase > 0)
        memcpy(e->keys, history + first, (size_t)e->hbase * sizeof *history);
    cm_search_run(e, pos, lim, progress, ud, out);
    return CM_OK;
}

int cm_engine_evaluate(CmEngine *e, const CmPosition *pos)
{
    CmOutcome o;
    e->pos = *pos;
    cm_rules_settle(&e->pos, &o);
    cm_search_set_sides(e);
    for (int s = 0; s < e->v->nseats; s++)
        e->psum[s] = cm_eval_material(e, &e->pos, s);
    e->noise = 0;
    return cm_eval_position(e, &e->pos);
}
