/* The texts the command line and the screen share.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/explain.h"
#include "camelot/notation.h"
#include "camelot/record.h"
#include "text.h"

size_t text_score(int score, char *buf, size_t size)
{
    if (CM_SCORE_IS_MATE(score)) {
        int plies = CM_SCORE_WIN - (score < 0 ? -score : score);
        return (size_t)snprintf(buf, size, "%s in %d", score > 0 ? "win" : "loss", plies);
    }
    int a = score < 0 ? -score : score;
    return (size_t)snprintf(buf, size, "%c%d.%02d", score < 0 ? '-' : '+', a / 100, a % 100);
}

#define PV_CUT "..."

size_t text_pv(const CmPosition *root, const CmMove *pv, int n, char *buf, size_t size)
{
    CmPosition pos = *root;
    CmOutcome o;
    size_t len = 0;
    int letters = root->v->nseats > 2;

    if (size > 0)
        buf[0] = '\0';
    cm_rules_settle(&pos, &o);
    for (int i = 0; i < n && !o.over; i++) {
        char mv[CM_MOVE_TEXT_MAX + 8];
        uint8_t cell = pos.board[pv[i].from];
        if (cell == CM_EMPTY)
            break;
        if (CM_CELL_SEAT(cell) != pos.to_move)
            cm_pos_set_turn(&pos, CM_CELL_SEAT(cell));
        /* A move that is not legal here has no canonical path. */
        CmPath path;
        if (cm_movegen_canonical(&pos, &pv[i], &path) != CM_OK)
            break;
        size_t k = 0;
        if (letters)
            k = (size_t)snprintf(mv, sizeof mv, "%c:", pos.v->seat[pos.to_move].letter);
        cm_path_str(&path, mv + k, sizeof mv - k);
        /* The move, and room for the cut mark after it unless it is the last. */
        size_t need = (i ? 1 : 0) + strlen(mv) + (i + 1 < n ? strlen(" " PV_CUT) : 0);
        if (len + need >= size) {
            if (len + strlen(" " PV_CUT) < size)
                len += (size_t)snprintf(buf + len, size - len, "%s" PV_CUT, i ? " " : "");
            break;
        }
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", mv);
        CmUndo undo;
        int mover = pos.to_move;
        cm_pos_apply(&pos, &pv[i], &undo);
        cm_rules_after_move(&pos, mover, &o);
    }
    return len;
}

size_t text_outcome(const CmVariant *v, const CmOutcome *o, char *buf, size_t size)
{
    return cm_outcome_str(v, o, buf, size);
}

size_t text_seat_names(const CmVariant *v, unsigned seats, char *buf, size_t size)
{
    int n = 0, total = __builtin_popcount(seats);
    size_t len = 0;
    if (size > 0)
        buf[0] = '\0';
    for (int s = 0; s < v->nseats; s++) {
        if (!(seats >> s & 1))
            continue;
        const char *sep = n == 0 ? "" : n == total - 1 ? " and " : ", ";
        size_t room = len < size ? size - len : 0;
        len += (size_t)snprintf(room ? buf + len : NULL, room, "%s%s", sep, v->seat[s].name);
        n++;
    }
    return len;
}

/* A draw, as a sentence. */
static size_t draw_sentence(const CmVariant *v, const CmOutcome *o, int to_move, char *buf,
                            size_t size)
{
    int md = v->rules.material_draw;
    switch (o->reason) {
    case CM_REASON_MATERIAL:
        return (size_t)snprintf(buf, size,
                                "Draw: every side is down to %d piece%s, too few to win.", md,
                                md == 1 ? "" : "s");
    case CM_REASON_REPETITION:
        return (size_t)snprintf(buf, size, "Draw: the same position has occurred %d times.",
                                v->rules.repetition);
    case CM_REASON_FIFTY_MOVE:
        return (size_t)snprintf(buf, size,
                                "Draw: %d moves each without a capture or a castle entry.",
                                v->rules.fifty_move);
    case CM_REASON_NO_MOVES:
        return (size_t)snprintf(buf, size, "Draw: nobody can move.");
    case CM_REASON_STALEMATE:
        return (size_t)snprintf(buf, size,
                                "Draw: %s cannot move, and the other side has too "
                                "few pieces to win by it.",
                                v->seat[to_move].name);
    default:
        return (size_t)snprintf(buf, size, "Draw.");
    }
}

size_t text_outcome_sentence(const CmVariant *v, const CmOutcome *o, int forfeit, int to_move,
                             char *buf, size_t size)
{
    char who[96];
    int plural;

    if (!o->over)
        return (size_t)snprintf(buf, size, "The game goes on.");
    text_seat_names(v, o->seats, who, sizeof who);
    plural = __builtin_popcount(o->seats) > 1;
    if (forfeit >= 0) {
        if (o->draw)
            return (size_t)snprintf(buf, size, "%s ran out of time: the game ends.",
                                    v->seat[forfeit].name);
        return (size_t)snprintf(buf, size, "%s ran out of time: %s win%s.", v->seat[forfeit].name,
                                who, plural ? "" : "s");
    }
    if (o->draw)
        return draw_sentence(v, o, to_move, buf, size);
    const char *verb = plural ? "win" : "wins";
    switch (o->reason) {
    case CM_REASON_CASTLE:
        return (size_t)snprintf(buf, size, "%s %s: %s in the opponent's castle.", who, verb,
                                v->rules.castle_win == 1 ? "a piece" : "pieces");
    case CM_REASON_ELIMINATION:
        return (size_t)snprintf(buf, size, "%s %s: every enemy piece is captured.", who, verb);
    case CM_REASON_STALEMATE:
        return (size_t)snprintf(buf, size, "%s %s: the other side cannot move.", who, verb);
    default:
        return (size_t)snprintf(buf, size, "%s %s.", who, verb);
    }
}

size_t text_obligation(const CmPosition *pos, char *buf, size_t size)
{
    CmObligation ob;
    cm_movegen_obligation(pos, &ob);
    return cm_obligation_str(pos, &ob, buf, size);
}

void text_sentence(char *buf, size_t size)
{
    size_t n = strlen(buf);
    if (n == 0)
        return;
    if (buf[0] >= 'a' && buf[0] <= 'z')
        buf[0] = (char)(buf[0] - 'a' + 'A');
    if (buf[n - 1] != '.' && n + 1 < size) {
        buf[n] = '.';
        buf[n + 1] = '\0';
    }
}

size_t text_clock(int64_t ms, char *buf, size_t size)
{
    if (ms < 0)
        ms = 0;
    if (ms < 10000)
        return (size_t)snprintf(buf, size, "0:%02d.%d", (int)(ms / 1000), (int)(ms % 1000 / 100));
    int64_t s = (ms + 999) / 1000;
    if (s >= 3600)
        return (size_t)snprintf(buf, size, "%d:%02d:%02d", (int)(s / 3600), (int)(s / 60 % 60),
                                (int)(s % 60));
    return (size_t)snprintf(buf, size, "%d:%02d", (int)(s / 60), (int)(s % 60));
}

size_t text_seconds(int64_t ms, char *buf, size_t size)
{
    if (ms < 0)
        ms = 0;
    if (ms % 1000 == 0)
        return (size_t)snprintf(buf, size, "%lld", (long long)(ms / 1000));
    return (size_t)snprintf(buf, size, "%lld.%03lld", (long long)(ms / 1000),
                            (long long)(ms % 1000));
}

size_t text_count(int n, const char *noun, char *buf, size_t size)
{
    return (size_t)snprintf(buf, size, "%d %s%s", n, noun, n == 1 ? "" : "s");
}

size_t text_plies(int plies, char *buf, size_t size)
{
    return (size_t)snprintf(buf, size, "%d %s", plies, plies == 1 ? "ply" : "plies");
}

size_t text_game_length(int nseats, int plies, char *buf, size_t size)
{
    char moves[32], n[32];
    if (plies <= 0)
        return (size_t)snprintf(buf, size, "no moves");
    if (nseats < 1)
        nseats = 1;
    text_count((plies + nseats - 1) / nseats, "move", moves, sizeof moves);
    text_plies(plies, n, sizeof n);
    return (size_t)snprintf(buf, size, "%s (%s)", moves, n);
}

size_t text_draw_refusal(int plies, int nseats, int have_score, int score, char *buf, size_t size)
{
    if (have_score && score >= CM_ENGINE_DRAW_ACCEPT)
        return (size_t)snprintf(buf, size, "it thinks it stands better");
    if (plies < CM_ENGINE_DRAW_OPENING * nseats && !have_score)
        return (size_t)snprintf(buf, size, "too early, an engine agrees only after move %d",
                                CM_ENGINE_DRAW_OPENING);
    if (plies < CM_ENGINE_DRAW_OPENING * nseats)
        return (size_t)snprintf(buf, size,
                                "it is too early in the game (an engine agrees a draw only "
                                "after move %d)",
                                CM_ENGINE_DRAW_OPENING);
    if (have_score)
        return (size_t)snprintf(buf, size,
                                "the game has not looked level to it for long enough (%d of "
                                "its moves in a row)",
                                CM_ENGINE_DRAW_CALM);
    return (size_t)snprintf(buf, size, "it does not find the game level, or not for %d moves yet",
                            CM_ENGINE_DRAW_CALM);
}

size_t text_time_control(int64_t base_ms, int64_t inc_ms, int days, int brief, char *buf,
                         size_t size)
{
    if (days > 0)
        return (size_t)snprintf(buf, size, "%d day%s%s", days, days == 1 ? "" : "s",
                                brief ? "" : " a move");
    if (base_ms <= 0)
        return (size_t)snprintf(buf, size, brief ? "none" : "no clocks");
    long long inc = inc_ms / 1000, base_s = base_ms / 1000;
    int minutes = base_s % 60 == 0;
    if (brief)
        return (size_t)snprintf(buf, size, minutes ? "%lld+%lld" : "%llds+%lld",
                                minutes ? base_s / 60 : base_s, inc);
    return (size_t)snprintf(buf, size,
                            minutes ? "%lld min + %lld s a move" : "%lld s + %lld s a move",
                            minutes ? base_s / 60 : base_s, inc);
}

void text_until(int64_t deadline, int64_t utc_now, char *buf, size_t size)
{
    int64_t left = deadline - utc_now;
    if (left <= 0) {
        snprintf(buf, size, "past");
        return;
    }
    /* Whole minutes, rounded up, and every unit from them: a deadline of a day just set reads
     * "1 day 0 h" for its first minute, not "23 h 59 min" a second later, and two clients a
     * second apart say the same but at the turn of a minute. */
    long long min = (long long)((left + 59) / 60);
    if (min >= 1440)
        snprintf(buf, size, "%lld day%s %lld h", min / 1440, min / 1440 == 1 ? "" : "s",
                 min % 1440 / 60);
    else if (min >= 60)
        snprintf(buf, size, "%lld h %lld min", min / 60, min % 60);
    else
        snprintf(buf, size, "%lld min", min);
}
