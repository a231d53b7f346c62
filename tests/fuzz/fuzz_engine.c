/* Fuzz target: the engine on any position. Byte 0 sets the search (its level and options), the
 * rest is a position document; the engine of the document's variant (one a variant, made once,
 * its table cleared for each input so that a run repeats) searches it within a small node and
 * depth limit. The search returns, and it has a move exactly when the settled position's game
 * goes on: a legal move of the seat to move.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "camelot/engine.h"
#include "fuzz_common.h"

#define DEPTH 3        /* nominal plies */
#define NODES 2048     /* nodes: the search stops there */
#define TIME_MS 250    /* of the clock: a bound for the slow positions only */
#define TT_BYTES 65536 /* the smallest table an engine has */

static CmEngine *engines[FUZZ_NVARIANTS];

/* The engine of variant 'v' (one of 'fuzz_variant'), made on first use. */
static CmEngine *engine_for(const CmVariant *v)
{
    for (int i = 0; i < FUZZ_NVARIANTS; i++) {
        if (fuzz_variant(i) != v)
            continue;
        if (engines[i] == NULL && cm_engine_new(v, TT_BYTES, &engines[i]) != CM_OK)
            abort();
        return engines[i];
    }
    abort();
}

/* A monotonic clock in milliseconds, as 'CmLimits.now_ms' wants it. */
static uint64_t clock_ms(void *ud)
{
    struct timespec ts;
    (void)ud;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static CmMoveList list;
    CmPosition pos, settled;
    CmOutcome o;
    CmError err;

    if (size < 1)
        return 0;
    cm_error_init(&err, "fuzz.yaml");
    if (cm_posdoc_parse((const char *)data + 1, size - 1, fuzz_resolve, NULL, fuzz_variant(2), &pos,
                        &err) != CM_OK) {
        FUZZ_CHECK(err.msg[0] != '\0');
        return 0;
    }
    /* Byte 0: bits 0-3 the level (0 and 11-15 are 10), then the switches that are off by
     * default, and the search for games of more than two teams. */
    uint8_t cfg = data[0];
    CmEngine *e = engine_for(pos.v);
    CmEngineOptions opt;
    cm_engine_default_options(&opt);
    opt.null_move = (cfg >> 4) & 1;
    opt.futility = (cfg >> 5) & 1;
    opt.hash_first = (cfg >> 6) & 1;
    opt.multi = (cfg >> 7) ? CM_MULTI_PARANOID : CM_MULTI_BRS;
    cm_engine_set_options(e, &opt);
    cm_engine_clear(e);

    CmLimits lim;
    CmSearchResult res;
    cm_limits_init(&lim);
    lim.depth = DEPTH;
    lim.nodes = NODES;
    lim.time_ms = TIME_MS;
    lim.use_all_time = 1;
    lim.now_ms = clock_ms;
    lim.level = (cfg & 15) >= 1 && (cfg & 15) <= CM_ENGINE_LEVELS ? cfg & 15 : CM_ENGINE_LEVELS;
    lim.seed = size;
    FUZZ_CHECK(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res) == CM_OK);

    settled = pos;
    cm_rules_settle(&settled, &o);
    FUZZ_CHECK(res.has_move == !o.over);
    if (!res.has_move)
        return 0;
    FUZZ_CHECK(res.seat == settled.to_move);
    FUZZ_CHECK(res.info.npv >= 0 && res.info.npv <= CM_ENGINE_MAX_PV);
    cm_movegen_all(&settled, &list);
    if (!list.overflow)
        FUZZ_CHECK(cm_movelist_find(&list, &res.move) >= 0);
    return 0;
}
