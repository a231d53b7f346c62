/* Reviewing a game with the engine, ply by ply.
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>

#include "analysis.h"
#include "session_int.h"

const char *analysis_mark_name(AnalysisMark m)
{
    static const char *const names[ANALYSIS_MARK_COUNT] = {"", "inaccuracy", "mistake", "blunder"};
    return (unsigned)m < ANALYSIS_MARK_COUNT ? names[m] : "";
}

const char *analysis_mark_sign(AnalysisMark m)
{
    static const char *const signs[ANALYSIS_MARK_COUNT] = {"", "?!", "?", "??"};
    return (unsigned)m < ANALYSIS_MARK_COUNT ? signs[m] : "";
}

AnalysisMark analysis_mark(int drop)
{
    if (drop >= ANALYSIS_BLUNDER)
        return ANALYSIS_MARK_BLUNDER;
    if (drop >= ANALYSIS_MISTAKE)
        return ANALYSIS_MARK_MISTAKE;
    if (drop >= ANALYSIS_INACCURACY)
        return ANALYSIS_MARK_INACCURACY;
    return ANALYSIS_MARK_NONE;
}

double analysis_chance(int score)
{
    if (CM_SCORE_IS_MATE(score))
        return score > 0 ? 1.0 : 0.0;
    return 1.0 / (1.0 + pow(10.0, -ANALYSIS_CHANCE_K * score / 400.0));
}

int analysis_drop(int before, int after)
{
    double d = 1000.0 * (analysis_chance(before) - analysis_chance(after));
    return d <= 0 ? 0 : (int)lround(d);
}

int analysis_reference(const AnalysisPly *p)
{
    return p->checked && p->others_score < p->best_score ? p->others_score : p->best_score;
}

int analysis_capped(int score)
{
    if (score > ANALYSIS_WIN_CAP)
        return ANALYSIS_WIN_CAP;
    if (score < -ANALYSIS_WIN_CAP)
        return -ANALYSIS_WIN_CAP;
    return score;
}

/* Searches 'pos' (settled, its game not over), whose history is the first 'nhistory' hashes of
 * 'game'. Returns the score for the seat to move's team and sets '*best' and '*depth'. */
static int search(CmEngine *e, const CmGame *game, const CmPosition *pos, int nhistory,
                  const CmLimits *lim, CmMove *best, int *depth)
{
    CmSearchResult res;
    cm_engine_search(e, pos, game->hashes, nhistory, lim, NULL, NULL, &res);
    *best = res.move;
    *depth = res.info.depth;
    return res.info.score;
}

int analysis_end_score(const CmVariant *v, const CmOutcome *o, int seat, AnalysisEnd *end)
{
    if (o->draw || o->winner < 0) {
        *end = ANALYSIS_END_DRAWN;
        return 0;
    }
    if (o->winner == v->seat[seat].team) {
        *end = ANALYSIS_END_WON;
        return CM_SCORE_WIN;
    }
    *end = ANALYSIS_END_LOST;
    return -CM_SCORE_WIN;
}

/* The loss and the fall of ply 'p' from its scores. */
static void score_ply(AnalysisPly *p)
{
    p->loss = p->drop = 0;
    if (p->best_played)
        return;
    p->loss = analysis_capped(p->best_score) - analysis_capped(p->score);
    if (p->loss < 0)
        p->loss = 0;
    p->drop = analysis_drop(p->best_score, p->score);
}

/* A move the first searches mark is checked before the review names a better one: the position
 * before it ('pos', its history the first 'nhistory' hashes of 'game') is searched again with the
 * move played left out, for the best of the others. The move is marked only as far as that one
 * is better too, and it is the move named. */
static void check_others(CmEngine *e, const CmGame *game, const CmPosition *pos, int nhistory,
                         const CmLimits *lim, const CmMove *played, AnalysisPly *p)
{
    CmLimits others = *lim;
    CmSearchResult res;
    others.exclude = played;
    others.nexclude = 1;
    if (cm_engine_search(e, pos, game->hashes, nhistory, &others, NULL, NULL, &res) != CM_OK ||
        !res.has_move)
        return;
    p->checked = 1;
    p->others_score = res.info.score;
    cm_move_str(pos, &res.move, p->best, sizeof p->best);
    p->drop = analysis_drop(analysis_reference(p), p->score);
}

/* The time of a review by the clock, shared out: each position is searched first for a part of
 * the time a position (ANALYSIS_QUIET_PART), and what that leaves is kept in a bank for the moves
 * those searches mark, whose positions are searched again for longer (up to ANALYSIS_CRITICAL_MAX
 * positions' time a search), so that the whole review takes about what it did when every
 * position had the same time. A review to a depth or a node count searches every position
 * alike. */
typedef struct Pace {
    CmLimits first; /* a first search's limits */
    CmLimits whole; /* the limits a position was given */
    int timed;      /* by the clock alone: the time is shared out */
    uint64_t bank;  /* milliseconds kept for the critical searches */
} Pace;

static void pace_init(Pace *pc, const CmLimits *lim)
{
    pc->first = pc->whole = *lim;
    pc->timed = lim->time_ms > 0 && lim->depth == 0 && lim->nodes == 0;
    pc->bank = 0;
    if (pc->timed) {
        pc->first.time_ms = lim->time_ms * ANALYSIS_QUIET_PART / 100;
        if (pc->first.time_ms == 0)
            pc->first.time_ms = 1;
    }
}

/* The limits of a first search; the rest of the position's time goes to the bank. */
static const CmLimits *pace_first(Pace *pc)
{
    if (pc->timed)
        pc->bank += pc->whole.time_ms - pc->first.time_ms;
    return &pc->first;
}

/* The limits of a critical search into '*out', taking 'share' (a fraction, in percent) of the
 * bank, at most ANALYSIS_CRITICAL_MAX positions' time. Returns 0 when the bank holds less than
 * 'least' ms (then there is no such search), 1 otherwise. Not by the clock: the position's
 * limits, always. */
static int pace_critical(Pace *pc, int share, uint64_t least, CmLimits *out)
{
    *out = pc->whole;
    if (!pc->timed)
        return 1;
    uint64_t t = pc->bank * (uint64_t)share / 100;
    uint64_t most = pc->whole.time_ms * ANALYSIS_CRITICAL_MAX;
    if (t > most)
        t = most;
    if (t < least)
        return 0;
    out->time_ms = t;
    pc->bank -= t;
    return 1;
}

int analysis_run(const CmGame *game, CmEngine *e, const CmLimits *lim, AnalysisPly *out, int from,
                 AnalysisFn each, void *ud)
{
    const CmVariant *v = game->v;
    CmGame walk;
    CmMove best;
    CmLimits critical;
    Pace pace;
    int depth = 0, done = 0, next = 0, next_depth = 0, have_next = 0;

    pace_init(&pace, lim);
    if (cm_game_init(&walk, v, &game->start) != CM_OK)
        return -1;
    /* Each position is searched once: the search after ply i is the one before ply i + 1. */
    for (int i = 0; i < game->n && !walk.outcome.over; i++) {
        AnalysisPly *p = &out[i];
        const CmPly *ply = &game->ply[i];
        CmMove next_best;

        if (i < from) {
            if (cm_game_play(&walk, &ply->move) != CM_OK)
                break;
            done = i + 1;
            if (each != NULL)
                each(ud, i, p);
            continue;
        }
        memset(p, 0, sizeof *p);
        p->seat = ply->seat;
        if (have_next) {
            p->best_score = next;
            depth = next_depth;
        } else {
            p->best_score = search(e, game, &walk.pos, walk.n, pace_first(&pace), &best, &depth);
        }
        p->depth = depth;
        cm_move_str(&walk.pos, &ply->move, p->move, sizeof p->move);
        cm_move_str(&walk.pos, &best, p->best, sizeof p->best);
        p->best_played = cm_move_same(&ply->move, &best);
        CmPosition before = walk.pos;
        if (cm_game_play(&walk, &ply->move) != CM_OK)
            break;
        if (walk.outcome.over) {
            p->score = analysis_end_score(v, &walk.outcome, p->seat, &p->end);
            have_next = 0;
        } else {
            next = search(e, game, &walk.pos, walk.n, pace_first(&pace), &next_best, &next_depth);
            p->score = cm_variant_partners(v, walk.pos.to_move, p->seat) ? next : -next;
            best = next_best;
            have_next = 1;
        }
        score_ply(p);
        if (analysis_mark(p->drop) != ANALYSIS_MARK_NONE) {
            /* A critical move: the position after it searched again for longer (by the clock,
             * half the bank, when it holds a position's time), then the other moves. */
            if (pace.timed && have_next && pace_critical(&pace, 50, lim->time_ms, &critical)) {
                next = search(e, game, &walk.pos, walk.n, &critical, &next_best, &next_depth);
                p->score = cm_variant_partners(v, walk.pos.to_move, p->seat) ? next : -next;
                best = next_best;
                score_ply(p);
            }
            if (analysis_mark(p->drop) != ANALYSIS_MARK_NONE) {
                if (!pace_critical(&pace, 100, pace.first.time_ms, &critical))
                    critical = pace.first; /* the bank is low: a first search's time */
                check_others(e, game, &before, i, &critical, &ply->move, p);
            }
        }
        p->mark = analysis_mark(p->drop);
        done = i + 1;
        if (each != NULL)
            each(ud, i, p);
        if (lim->stop != NULL && atomic_load(lim->stop))
            break;
    }
    cm_game_free(&walk);
    return done;
}

/* ---- The analysis board's engine ------------------------------------------------------------ */

void analysis_live_init(AnalysisLive *a, EngineThread *et)
{
    memset(a, 0, sizeof *a);
    a->et = et;
}

void analysis_live_stop(AnalysisLive *a)
{
    if (a->running)
        engine_thread_cancel(a->et, a->ticket);
    a->running = 0;
}

void analysis_live_follow(AnalysisLive *a, Session *s)
{
    EngineJob job;
    if (a->et == NULL ||
        (a->looking && a->hash == s->g.pos.hash && a->ply == s->g.n && !s->outcome.over))
        return;
    analysis_live_stop(a);
    a->has_info = 0;
    a->seq = 0;
    a->looking = 0;
    a->seat = s->g.pos.to_move;
    a->ply = s->g.n;
    a->hash = s->g.pos.hash;
    a->pv_text[0] = '\0';
    if (s->outcome.over)
        return;
    session_job_init(s, &job, ENGINE_JOB_HINT);
    job.level = CM_ENGINE_LEVELS;
    job.time_ms = ANALYSIS_LIVE_MS;
    job.analysis = 1;
    if (engine_thread_start(a->et, &job, &a->ticket) != CM_OK)
        return;
    a->running = 1;
    a->looking = 1;
}

int analysis_live_tick(AnalysisLive *a)
{
    CmSearchInfo info;
    EngineDone done;
    char pv[TEXT_PV_MAX];
    int news = 0;
    if (!a->running)
        return 0;
    unsigned seq = engine_thread_progress(a->et, a->ticket, &info, pv);
    if (seq != 0 && seq != a->seq) {
        a->seq = seq;
        a->info = info;
        memcpy(a->pv_text, pv, sizeof a->pv_text);
        a->has_info = 1;
        news = 1;
    }
    if (engine_thread_take(a->et, &done) && done.ticket == a->ticket) {
        a->running = 0;
        if (done.result.info.depth > 0) {
            a->info = done.result.info;
            memcpy(a->pv_text, done.pv_text, sizeof a->pv_text);
            a->has_info = 1;
            news = 1;
        }
    }
    return news;
}
