/* Ending a game off the board: a person resigns, or the players agree a draw, offered by the
 * person to move and answered by each other team, a person or an engine.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "session_int.h"
#include "text.h"

/* ---- Ending the game ----------------------------------------------------------------------- */

/* The outcome of a game ended off the board: won by 'winner' (a team), or with no winner. */
static void end_off_board(Session *s, int winner)
{
    session_offer_drop(s);
    session_cancel_search(s);
    cm_outcome_off_board(s->v, winner, &s->outcome);
}

void session_end_resigned(Session *s, int seat, int winner)
{
    end_off_board(s, winner);
    s->resigned = seat;
}

void session_end_agreed(Session *s)
{
    end_off_board(s, -1);
    s->agreed = 1;
}

int session_resigner(const Session *s)
{
    if (!s->active || s->outcome.over)
        return -1;
    return session_backend(s)->resigner(s);
}

int session_here_resigner(const Session *s)
{
    if (session_seat_human(s, s->g.pos.to_move))
        return s->g.pos.to_move;
    if (session_humans(s) != 1)
        return -1;
    for (int seat = 0; seat < s->v->nseats; seat++)
        if (session_seat_human(s, seat))
            return seat;
    return -1;
}

CmStatus session_resign(Session *s, int seat, uint64_t now)
{
    if (!s->active || s->outcome.over || seat < 0 || seat >= s->v->nseats ||
        !session_seat_human(s, seat))
        return CM_ERR_ILLEGAL;
    return session_backend(s)->resign(s, seat, now);
}

CmStatus session_here_resign(Session *s, int seat, uint64_t now)
{
    session_charge_clock(s, now);
    session_end_resigned(s, seat, cm_forfeit_winner(s->v, seat));
    session_autosave(s, now);
    return CM_OK;
}

int session_undo_ending(Session *s, uint64_t now)
{
    return session_backend(s)->undo_ending(s, now);
}

int session_here_undo_ending(Session *s, uint64_t now)
{
    if (!s->active || !s->outcome.over || s->g.n > 0 || (s->resigned < 0 && !s->agreed))
        return 0;
    s->resigned = -1;
    s->agreed = 0;
    s->outcome = s->g.outcome;
    s->turn_t0 = now;
    s->moved_at = now;
    session_autosave(s, now);
    return 1;
}

/* ---- Draw offers --------------------------------------------------------------------------- */

void session_offer_drop(Session *s)
{
    if (s->offer_from < 0)
        return;
    if (s->searching == ENGINE_JOB_DRAW)
        session_cancel_search(s);
    s->offer_from = -1;
    s->offer_waiting = 0;
    s->offer_asking = -1;
}

/* The seat of team 'team' that answers an offer of seat 'from': its first person in turn order
 * after 'from', else its first seat in that order (an engine). */
static int answering_seat(const Session *s, int team, int from)
{
    const CmVariant *v = s->v;
    int engine = -1;
    for (int k = 1; k <= v->nseats; k++) {
        int seat = (from + k) % v->nseats;
        if (v->seat[seat].team != team)
            continue;
        if (session_seat_human(s, seat))
            return seat;
        if (engine < 0)
            engine = seat;
    }
    return engine;
}

/* Starts the search of the engine asked: the position as it stands, the offering seat to
 * move, at the engine's level and for a short while. */
static CmStatus start_draw_search(Session *s)
{
    int seat = s->offer_asking;
    EngineJob job;
    session_job_init(s, &job, ENGINE_JOB_DRAW);
    job.level = s->setup.seat[seat].level;
    job.time_ms = cm_engine_think_ms(job.level, -1, 0);
    if (job.time_ms > CM_ENGINE_DRAW_MS)
        job.time_ms = CM_ENGINE_DRAW_MS;
    CmStatus st = engine_thread_start(s->env.engine, &job, &s->ticket);
    if (st != CM_OK)
        return st;
    s->searching = ENGINE_JOB_DRAW;
    s->search_seat = seat;
    s->info_seq = 0;
    return CM_OK;
}

/* Asks the next seat waiting, in turn order after the offering seat; agrees the draw when none
 * waits. Returns 'SESSION_EV_*' bits. */
static unsigned ask_next(Session *s, uint64_t now)
{
    const CmVariant *v = s->v;
    s->offer_asking = -1;
    for (int k = 1; k <= v->nseats && s->offer_asking < 0; k++) {
        int seat = (s->offer_from + k) % v->nseats;
        if (s->offer_waiting & (1u << seat))
            s->offer_asking = seat;
    }
    if (s->offer_asking < 0) {
        session_charge_clock(s, now);
        session_end_agreed(s);
        session_autosave(s, now);
        return SESSION_EV_OVER | SESSION_EV_THINKING |
               (s->save_error[0] ? SESSION_EV_SAVE_FAILED : 0);
    }
    if (!session_seat_human(s, s->offer_asking) && start_draw_search(s) != CM_OK) {
        session_offer_drop(s); /* out of memory: the offer cannot be answered */
        return SESSION_EV_OFFER;
    }
    return session_seat_human(s, s->offer_asking) ? 0 : SESSION_EV_THINKING;
}

CmStatus session_offer_draw(Session *s, uint64_t now)
{
    if (!s->active || s->offer_from >= 0)
        return CM_ERR_ILLEGAL;
    return session_backend(s)->offer_draw(s, now);
}

CmStatus session_here_offer_draw(Session *s, uint64_t now)
{
    const CmVariant *v = s->v;
    if (!session_human_to_move(s))
        return CM_ERR_ILLEGAL;
    int from = s->g.pos.to_move, team = v->seat[from].team;
    session_cancel_search(s); /* a hint: the engine answers the offer instead */
    s->offer_from = from;
    s->offer_waiting = 0;
    s->offer_declined = -1;
    for (int t = 0; t < v->nteams; t++) {
        int seat = t == team ? -1 : answering_seat(s, t, from);
        if (seat >= 0)
            s->offer_waiting |= 1u << seat;
    }
    ask_next(s, now);
    return s->offer_from >= 0 || s->outcome.over ? CM_OK : CM_ERR_NOMEM;
}

int session_offer_asks(const Session *s)
{
    if (s->offer_from < 0 || s->offer_asking < 0 || !session_seat_human(s, s->offer_asking))
        return -1;
    return s->offer_asking;
}

/* The seat asked accepts or declines. Returns 'SESSION_EV_*' bits. */
static unsigned answer(Session *s, int accept, uint64_t now)
{
    if (!accept) {
        s->offer_declined = s->offer_asking;
        session_offer_drop(s);
        return SESSION_EV_OFFER;
    }
    s->offer_waiting &= ~(1u << s->offer_asking);
    return SESSION_EV_OFFER | ask_next(s, now);
}

CmStatus session_answer_draw(Session *s, int accept, uint64_t now)
{
    if (session_offer_asks(s) < 0)
        return CM_ERR_ILLEGAL;
    return session_backend(s)->answer_draw(s, accept, now);
}

CmStatus session_here_answer_draw(Session *s, int accept, uint64_t now)
{
    answer(s, accept, now);
    return s->offer_from >= 0 || s->outcome.over || !accept || s->offer_declined >= 0
               ? CM_OK
               : CM_ERR_NOMEM;
}

unsigned session_offer_tick(Session *s, const EngineDone *done, uint64_t now)
{
    if (s->offer_from < 0 || s->offer_asking < 0 || session_seat_human(s, s->offer_asking))
        return 0;
    if (done == NULL) {
        /* The engine's search was cancelled (the game was reviewed): it thinks again. */
        if (s->searching)
            return 0;
        if (start_draw_search(s) != CM_OK) {
            session_offer_drop(s);
            return SESSION_EV_OFFER;
        }
        return SESSION_EV_THINKING;
    }
    /* The search was of the offering seat's turn: its score, turned round, is the engine's. A
     * search stopped before its first iteration counts as a level game. */
    s->offer_score = done->result.info.depth > 0 ? -done->result.info.score : 0;
    return answer(
        s,
        cm_engine_draw_accepts(s->offer_score, s->draw_calm[s->offer_asking], s->g.n, s->v->nseats),
        now);
}

/* ---- Words ----------------------------------------------------------------------------------- */

size_t session_draw_refusal(const Session *s, char *buf, size_t size)
{
    return text_draw_refusal(s->g.n, s->v->nseats, 1,
                             s->offer_declined < 0 ? CM_ENGINE_DRAW_ACCEPT : s->offer_score, buf,
                             size);
}

size_t session_outcome_sentence(const Session *s, char *buf, size_t size)
{
    return session_backend(s)->sentence(s, buf, size);
}

size_t session_here_sentence(const Session *s, char *buf, size_t size)
{
    const CmVariant *v = s->v;
    const CmOutcome *o = &s->outcome;
    char who[96];
    int plural = __builtin_popcount(o->seats) > 1;

    text_seat_names(v, o->seats, who, sizeof who);
    if (o->over && s->agreed)
        return (size_t)snprintf(buf, size, "Draw agreed.");
    if (o->over && s->resigned >= 0 && o->draw)
        return (size_t)snprintf(buf, size, "%s resigns: the game ends with no winner.",
                                v->seat[s->resigned].name);
    if (o->over && s->resigned >= 0)
        return (size_t)snprintf(buf, size, "%s resigns. %s win%s.", v->seat[s->resigned].name, who,
                                plural ? "" : "s");
    return text_outcome_sentence(v, o, s->forfeit, s->g.pos.to_move, buf, size);
}
