/* Game outcome: castle, elimination and stalemate wins, material, repetition and fifty-move
 * draws, skipped seats (docs/rules.md 2.9, 2.11, 3.x); games with a history.
 * SPDX-License-Identifier: MIT */
#include "camelot/rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/record.h"

static const char *const reason_names[CM_REASON_COUNT] = {
    "none",     "castle",     "elimination", "stalemate",
    "material", "repetition", "fifty-move",  "no-moves",
};

const char *cm_reason_name(CmReason r)
{
    return (unsigned)r < CM_REASON_COUNT ? reason_names[r] : "unknown";
}

static void set_win(CmOutcome *out, const CmVariant *v, int team, CmReason why)
{
    out->over = 1;
    out->draw = 0;
    out->winner = team;
    out->seats = v->team_seats[team];
    out->reason = why;
}

static void set_draw(CmOutcome *out, CmReason why)
{
    out->over = 1;
    out->draw = 1;
    out->winner = -1;
    out->seats = 0;
    out->reason = why;
}

static void set_ongoing(CmOutcome *out)
{
    memset(out, 0, sizeof *out);
    out->winner = -1;
}

/* Pieces the team has in its members' target castles. */
static int castle_count(const CmPosition *pos, int team)
{
    const CmVariant *v = pos->v;
    int n = 0;
    for (int s = 0; s < v->nseats; s++) {
        int t = v->seat[s].target;
        if (v->seat[s].team != team || t < 0)
            continue;
        for (int i = 0; i < v->seat[t].ncastle; i++) {
            uint8_t c = pos->board[v->seat[t].castle[i]];
            if (c != CM_EMPTY && CM_CELL_SEAT(c) == s)
                n++;
        }
    }
    return n;
}

/* Elimination and material checks (after the castle check). */
static int material_checks(const CmPosition *pos, CmOutcome *out)
{
    const CmVariant *v = pos->v;
    int alive = 0, last = -1, most = 0;
    for (int t = 0; t < v->nteams; t++) {
        int n = cm_pos_team_pieces(pos, v->team_seats[t]);
        if (n > 0) {
            alive++;
            last = t;
        }
        if (n > most)
            most = n;
    }
    if (alive == 1 && cm_pos_team_pieces(pos, v->team_seats[last]) >= v->rules.elimination_min) {
        set_win(out, v, last, CM_REASON_ELIMINATION);
        return 1;
    }
    if (v->rules.material_draw >= 0 && most <= v->rules.material_draw) {
        set_draw(out, CM_REASON_MATERIAL);
        return 1;
    }
    return 0;
}

void cm_outcome_off_board(const CmVariant *v, int winner, CmOutcome *o)
{
    memset(o, 0, sizeof *o);
    o->over = 1;
    o->reason = CM_REASON_NONE;
    o->winner = winner;
    if (winner >= 0)
        o->seats = v->team_seats[winner];
    else
        o->draw = 1;
}

int cm_forfeit_winner(const CmVariant *v, int seat)
{
    return v->nteams == 2 ? 1 - v->seat[seat].team : -1;
}

int cm_rules_after_move(const CmPosition *pos, int mover, CmOutcome *out)
{
    const CmVariant *v = pos->v;
    int team = v->seat[mover].team;
    if (v->rules.castle_win > 0 && castle_count(pos, team) >= v->rules.castle_win) {
        set_win(out, v, team, CM_REASON_CASTLE);
        return 1;
    }
    if (material_checks(pos, out))
        return 1;
    set_ongoing(out);
    return 0;
}

/* Whether 'seat' would have a legal move in 'pos'. */
static int can_move(CmPosition *pos, int seat)
{
    int saved = pos->to_move;
    cm_pos_set_turn(pos, seat);
    int n = cm_movegen_count(pos);
    cm_pos_set_turn(pos, saved);
    return n != 0; /* CM_MOVES_UNKNOWN: there are moves */
}

/* Settling, in steps (2.11.3-5):
 * 1. a castle win, the team of the seat that moved last first;
 * 2. elimination and the material draw;
 * 3. while the seat to move cannot move: under 'lose' its team is stalemated when no partner
 *    can move either (the other team wins with enough pieces, else a draw), otherwise the seat
 *    is skipped; under 'skip' it is skipped, and a full round of skips is a draw. */
int cm_rules_settle(CmPosition *pos, CmOutcome *out)
{
    const CmVariant *v = pos->v;
    int prev = pos->to_move == 0 ? v->nseats - 1 : pos->to_move - 1;

    /* 1. */
    if (v->rules.castle_win > 0) {
        for (int i = 0; i < v->nseats; i++) {
            int s = (prev + i) % v->nseats;
            if (castle_count(pos, v->seat[s].team) >= v->rules.castle_win) {
                set_win(out, v, v->seat[s].team, CM_REASON_CASTLE);
                return 0;
            }
        }
    }

    /* 2. */
    if (material_checks(pos, out))
        return 0;

    /* 3. */
    set_ongoing(out);
    int skipped = 0;
    while (cm_movegen_count(pos) == 0) {
        int seat = pos->to_move;
        int team = v->seat[seat].team;
        if (v->rules.no_moves == CM_NOMOVE_LOSE) {
            int partner_moves = 0;
            for (int s = 0; s < v->nseats; s++)
                if (s != seat && v->seat[s].team == team && can_move(pos, s))
                    partner_moves = 1;
            if (!partner_moves) {
                int other = -1;
                for (int t = 0; t < v->nteams; t++)
                    if (t != team)
                        other = t;
                if (other >= 0 &&
                    cm_pos_team_pieces(pos, v->team_seats[other]) >= v->rules.stalemate_min)
                    set_win(out, v, other, CM_REASON_STALEMATE);
                else
                    set_draw(out, CM_REASON_STALEMATE);
                return skipped;
            }
        } else if (skipped + 1 >= v->nseats) {
            set_draw(out, CM_REASON_NO_MOVES);
            return skipped;
        }
        cm_pos_set_turn(pos, cm_pos_next_seat(pos, seat));
        skipped++;
    }
    return skipped;
}

/* ---- Games ---- */

CmStatus cm_game_init(CmGame *g, const CmVariant *v, const CmPosition *start)
{
    memset(g, 0, sizeof *g);
    g->v = v;
    if (start)
        g->start = *start;
    else
        cm_pos_start(&g->start, v);
    g->cap = 64;
    g->ply = malloc((size_t)g->cap * sizeof *g->ply);
    g->hashes = malloc((size_t)(g->cap + 1) * sizeof *g->hashes);
    if (g->ply == NULL || g->hashes == NULL) {
        cm_game_free(g);
        return CM_ERR_NOMEM;
    }
    g->pos = g->start;
    g->start_skipped_to = g->pos.to_move;
    cm_rules_settle(&g->pos, &g->outcome);
    g->hashes[0] = g->pos.hash;
    return CM_OK;
}

void cm_game_free(CmGame *g)
{
    free(g->ply);
    free(g->hashes);
    g->ply = NULL;
    g->hashes = NULL;
    g->n = g->cap = 0;
}

CmStatus cm_game_play(CmGame *g, const CmMove *m)
{
    const CmRules *r = &g->v->rules;
    if (g->outcome.over)
        return CM_ERR_ILLEGAL;
    if (g->n == g->cap) {
        int cap = g->cap * 2;
        CmPly *ply = realloc(g->ply, (size_t)cap * sizeof *ply);
        if (ply == NULL)
            return CM_ERR_NOMEM;
        g->ply = ply;
        uint64_t *h = realloc(g->hashes, (size_t)(cap + 1) * sizeof *h);
        if (h == NULL)
            return CM_ERR_NOMEM;
        g->hashes = h;
        g->cap = cap;
    }
    CmPly *p = &g->ply[g->n];
    p->move = *m;
    p->seat = g->pos.to_move;
    cm_pos_apply(&g->pos, m, &p->undo);
    p->skipped_to = g->pos.to_move;
    g->n++;
    cm_rules_settle(&g->pos, &g->outcome);
    g->hashes[g->n] = g->pos.hash;

    if (!g->outcome.over && r->repetition > 0) {
        int seen = 0;
        for (int i = 0; i <= g->n; i++)
            if (g->hashes[i] == g->pos.hash)
                seen++;
        if (seen >= r->repetition) {
            g->outcome.over = g->outcome.draw = 1;
            g->outcome.reason = CM_REASON_REPETITION;
        }
    }
    if (!g->outcome.over && cm_rules_fifty_reached(&g->pos)) {
        g->outcome.over = g->outcome.draw = 1;
        g->outcome.reason = CM_REASON_FIFTY_MOVE;
    }
    return CM_OK;
}

int cm_game_undo(CmGame *g)
{
    if (g->n == 0)
        return 0;
    CmPly *p = &g->ply[--g->n];
    /* The undo record restores the seat to move and the hash from before the move, when the
     * game was going on. */
    cm_pos_undo(&g->pos, &p->move, &p->undo);
    memset(&g->outcome, 0, sizeof g->outcome);
    g->outcome.winner = -1;
    return 1;
}

int cm_rules_playable(const CmPosition *pos, char *why, size_t size)
{
    CmPosition settled = *pos;
    CmOutcome o;
    char text[64];
    int n = 0;

    for (int s = 0; s < pos->v->nseats; s++)
        n += pos->npieces[s];
    if (n > CM_MAX_PIECES) {
        if (why != NULL)
            snprintf(why, size, "%d pieces on the board; at most %d can be played with", n,
                     CM_MAX_PIECES);
        return 0;
    }
    cm_rules_settle(&settled, &o);
    if (!o.over)
        return 1;
    cm_outcome_str(pos->v, &o, text, sizeof text);
    if (why != NULL)
        snprintf(why, size, "the game is over before its first move: %s", text);
    return 0;
}

int cm_clock_started(const CmGame *g, int seat)
{
    for (int i = g->n - 1; i >= 0; i--)
        if (g->ply[i].seat == seat)
            return 1;
    return 0;
}

int64_t cm_clock_after_move(int64_t left, int64_t used, int64_t inc, int started)
{
    return started ? left - used + inc : left;
}
