/* An engine playing a seat of a game in progress, here or on a server: how long it thinks for
 * a move, and when it accepts a draw.
 * SPDX-License-Identifier: MIT */
#include "camelot/engine.h"

/* The thinking time: a cap by level (the levels below 10 stop at their caps anyway; the cap
 * only guards slow variants), and with a clock a share of what is left plus most of the
 * increment, never more than half of what is left nor less than a floor. */
#define THINK_CAP_10_MS 5000
#define THINK_CAP_8_MS 3000
#define THINK_CAP_5_MS 2000
#define THINK_CAP_LOW_MS 1000
#define THINK_SHARE 25 /* 1/25 of the clock */
#define THINK_MIN_MS 20

uint64_t cm_engine_think_ms(int level, int64_t left, int64_t inc)
{
    uint64_t cap = level >= 10  ? THINK_CAP_10_MS
                   : level >= 8 ? THINK_CAP_8_MS
                   : level >= 5 ? THINK_CAP_5_MS
                                : THINK_CAP_LOW_MS;
    if (left >= 0) {
        int64_t t = left / THINK_SHARE + inc * 3 / 4;
        if (t > left / 2)
            t = left / 2;
        if (t < THINK_MIN_MS)
            t = THINK_MIN_MS;
        if ((uint64_t)t < cap)
            cap = (uint64_t)t;
    }
    return cap;
}

int cm_engine_draw_calm(int calm, const CmSearchInfo *info)
{
    /* A search stopped before its first iteration knows nothing: the count starts again. */
    return info->depth > 0 && info->score < CM_ENGINE_DRAW_ACCEPT ? calm + 1 : 0;
}

int cm_engine_draw_accepts(int score, int calm, int plies, int nseats)
{
    /* Not in the opening, however the engine scores it: a draw offered at once is a way to
     * end the game unplayed. Nor on one search: its score must have held for some moves. */
    return score < CM_ENGINE_DRAW_ACCEPT && calm >= CM_ENGINE_DRAW_CALM &&
           plies >= CM_ENGINE_DRAW_OPENING * nseats;
}
