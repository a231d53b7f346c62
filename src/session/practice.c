/* Learning from one's mistakes: the exercises of a reviewed game.
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/movegen.h"
#include "practice.h"
#include "text.h"

/* Sets up the exercise in hand: the game up to its ply, and the review's best move there. */
static CmStatus enter(Practice *p)
{
    cm_game_free(&p->walk);
    cm_game_free(&p->trial);
    p->state = p->at < p->n ? PRACTICE_ASKING : PRACTICE_OVER;
    p->hinted = p->wrong = 0;
    p->has_best = 0;
    if (cm_game_init(&p->walk, p->game->v, &p->game->start) != CM_OK ||
        cm_game_init(&p->trial, p->game->v, &p->game->start) != CM_OK)
        return CM_ERR_NOMEM;
    if (p->at >= p->n)
        return CM_OK;
    int ply = p->items[p->at];
    for (int i = 0; i < ply; i++)
        if (cm_game_play(&p->walk, &p->game->ply[i].move) != CM_OK)
            return CM_ERR_NOMEM;
    CmError err;
    cm_error_init(&err, NULL);
    p->has_best = cm_move_parse(&p->walk.pos, p->plies[ply].best, &p->best, &err) == CM_OK;
    return CM_OK;
}

CmStatus practice_init(Practice *p, const CmGame *game, const AnalysisPly *plies, int n,
                       unsigned seats)
{
    memset(p, 0, sizeof *p);
    p->game = game;
    p->plies = plies;
    if (n > game->n)
        n = game->n;
    if (n > 0 && (p->items = malloc((size_t)n * sizeof *p->items)) == NULL)
        return CM_ERR_NOMEM;
    for (int i = 0; i < n; i++)
        if (plies[i].mark >= ANALYSIS_MARK_MISTAKE && plies[i].seat < 32 &&
            (seats >> plies[i].seat & 1u) && plies[i].best[0] != '\0')
            p->items[p->n++] = i;
    CmStatus st = enter(p);
    if (st != CM_OK)
        practice_free(p);
    return st;
}

void practice_free(Practice *p)
{
    cm_game_free(&p->walk);
    cm_game_free(&p->trial);
    free(p->items);
    p->items = NULL;
    p->n = p->at = 0;
    p->state = PRACTICE_OVER;
}

int practice_ply(const Practice *p)
{
    return p->at < p->n ? p->items[p->at] : -1;
}

const AnalysisPly *practice_review(const Practice *p)
{
    return p->at < p->n ? &p->plies[p->items[p->at]] : NULL;
}

const CmGame *practice_game(const Practice *p)
{
    return &p->walk;
}

const CmGame *practice_trial(const Practice *p)
{
    return &p->trial;
}

/* The judgement of a move whose score for the mover's team is known. */
static void judge(Practice *p, PracticeTry *t)
{
    const AnalysisPly *r = practice_review(p);
    t->need_search = 0;
    t->drop = analysis_drop(analysis_reference(r), t->score);
    if (p->has_best && cm_move_same(&t->move, &p->best))
        t->verdict = PRACTICE_BEST;
    else if (t->drop < PRACTICE_GOOD_DROP && !t->played)
        t->verdict = PRACTICE_GOOD;
    else
        t->verdict = PRACTICE_WRONG;
    if (t->verdict == PRACTICE_WRONG) {
        p->wrong++;
    } else {
        p->state = PRACTICE_SOLVED;
        p->solved++;
    }
}

CmStatus practice_try(Practice *p, const CmMove *m, PracticeTry *t)
{
    memset(t, 0, sizeof *t);
    if (p->state != PRACTICE_ASKING)
        return CM_ERR_ARG;
    const AnalysisPly *r = practice_review(p);
    int seat = r->seat;
    t->move = *m;
    cm_move_str(&p->walk.pos, m, t->text, sizeof t->text);
    t->played = cm_move_same(m, &p->game->ply[p->items[p->at]].move);
    /* The trial game: the exercise's position and the move. */
    while (p->trial.n > 0)
        cm_game_undo(&p->trial);
    for (int i = 0; i < p->walk.n; i++)
        if (cm_game_play(&p->trial, &p->walk.ply[i].move) != CM_OK)
            return CM_ERR_NOMEM;
    if (cm_game_play(&p->trial, m) != CM_OK)
        return CM_ERR_NOMEM;
    if (p->trial.outcome.over) {
        t->score = analysis_end_score(p->game->v, &p->trial.outcome, seat, &t->end);
        judge(p, t);
    } else if (p->has_best && cm_move_same(m, &p->best)) {
        t->score = analysis_reference(r);
        judge(p, t);
    } else {
        t->need_search = 1;
    }
    return CM_OK;
}

void practice_judge(Practice *p, PracticeTry *t, const CmSearchInfo *info)
{
    const CmVariant *v = p->game->v;
    int seat = practice_review(p)->seat;
    int to_move = p->trial.pos.to_move;
    t->score = cm_variant_partners(v, to_move, seat) ? info->score : -info->score;
    text_pv(&p->trial.pos, info->pv, info->npv, t->line, sizeof t->line);
    judge(p, t);
}

/* A chance of winning for people: "55%". */
static int percent(int score)
{
    return (int)lround(100.0 * analysis_chance(score));
}

/* The first move of a line ("D2-D4xD6 E3-D2": "D2-D4xD6"; "R:E5-E7 B:D10xF8": "E5-E7"), into
 * 'buf'. */
static void first_move(const char *line, char *buf, size_t size)
{
    size_t n = strcspn(line, " ");
    const char *colon = memchr(line, ':', n);
    if (colon != NULL) {
        n -= (size_t)(colon + 1 - line);
        line = colon + 1;
    }
    snprintf(buf, size, "%.*s", (int)n, line);
}

size_t practice_verdict_text(const Practice *p, const PracticeTry *t, char *buf, size_t size)
{
    const AnalysisPly *r = &p->plies[p->items[p->at < p->n ? p->at : p->n - 1]];
    switch (t->verdict) {
    case PRACTICE_BEST:
        return (size_t)snprintf(buf, size, "%s is the engine's move: right.", t->text);
    case PRACTICE_GOOD:
        if (t->end == ANALYSIS_END_WON)
            return (size_t)snprintf(buf, size, "%s wins the game: right.", t->text);
        return (size_t)snprintf(buf, size,
                                "%s is also good: it keeps the chance of winning at %d%% (the "
                                "engine's move, %s, at %d%%).",
                                t->text, percent(t->score), r->best,
                                percent(analysis_reference(r)));
    case PRACTICE_WRONG:
        break;
    }
    char reply[CM_MOVE_TEXT_MAX];
    const char *game = t->played ? " (the move of the game)" : "";
    if (t->end != ANALYSIS_END_NONE)
        return (size_t)snprintf(buf, size,
                                "%s%s %s the game: %d%% to win, against %d%%. Try again.", t->text,
                                game, t->end == ANALYSIS_END_DRAWN ? "draws" : "loses",
                                percent(t->score), percent(analysis_reference(r)));
    first_move(t->line, reply, sizeof reply);
    if (reply[0] == '\0')
        return (size_t)snprintf(buf, size,
                                "%s%s lowers the chance of winning from %d%% to %d%%. Try again.",
                                t->text, game, percent(analysis_reference(r)), percent(t->score));
    return (size_t)snprintf(buf, size,
                            "%s%s lowers the chance of winning from %d%% to %d%%: it allows %s "
                            "(the engine's line: %s). Try again.",
                            t->text, game, percent(analysis_reference(r)), percent(t->score), reply,
                            t->line);
}

size_t practice_prompt(const Practice *p, char *buf, size_t size)
{
    const AnalysisPly *r = practice_review(p);
    if (r == NULL)
        return practice_summary(p, buf, size);
    const CmVariant *v = p->game->v;
    int ply = p->items[p->at];
    return (size_t)snprintf(buf, size, "%d of %d: move %d, %s played %s, a %s. Find a better move.",
                            p->at + 1, p->n, ply / v->nseats + 1, v->seat[r->seat].name, r->move,
                            analysis_mark_name(r->mark));
}

size_t practice_hint(Practice *p, char *buf, size_t size)
{
    char sq[8];
    if (p->state == PRACTICE_OVER || !p->has_best)
        return (size_t)snprintf(buf, size, "No hint here.");
    p->hinted = 1;
    cm_square_name(p->best.from, sq);
    if (p->best.ncap > 0)
        return (size_t)snprintf(buf, size, "Look at the piece on %s: it can jump.", sq);
    return (size_t)snprintf(buf, size, "Look at the piece on %s.", sq);
}

size_t practice_show(Practice *p, CmMove *best, char *buf, size_t size)
{
    const AnalysisPly *r = practice_review(p);
    if (r == NULL || !p->has_best) {
        memset(best, 0, sizeof *best);
        return (size_t)snprintf(buf, size, "No solution here.");
    }
    *best = p->best;
    if (p->state == PRACTICE_ASKING) {
        p->state = PRACTICE_SHOWN;
        p->shown++;
    }
    return (size_t)snprintf(buf, size,
                            "The engine's move: %s (%d%% to win, against %d%% after %s).", r->best,
                            percent(analysis_reference(r)), percent(r->score), r->move);
}

int practice_next(Practice *p)
{
    if (p->at >= p->n)
        return 0;
    if (p->state == PRACTICE_ASKING)
        p->skipped++;
    p->at++;
    if (enter(p) != CM_OK)
        return -1;
    return p->at < p->n;
}

size_t practice_summary(const Practice *p, char *buf, size_t size)
{
    if (p->n == 0)
        return (size_t)snprintf(buf, size, "No mistakes or blunders to practise.");
    int n = snprintf(buf, size, "Solved %d of %d", p->solved, p->n);
    if (n >= 0 && (size_t)n < size && p->shown > 0)
        n += snprintf(buf + n, size - (size_t)n, "; %d shown", p->shown);
    if (n >= 0 && (size_t)n < size && p->skipped > 0)
        n += snprintf(buf + n, size - (size_t)n, "; %d skipped", p->skipped);
    if (n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, ".");
    return n < 0 ? 0 : (size_t)n;
}
