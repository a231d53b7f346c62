/* What the files of the session layer share and its users do not see.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_SESSION_INT_H
#define CAMELOT_SESSION_INT_H

#include "session.h"

/* Puts the game of 'next' (a session of the same environment, with no autosave of its own) in
 * place of the game of 's', which is freed; 's' keeps its autosave, its lock and its notice
 * unless 'next' has one. */
void session_adopt(Session *s, Session *next);

/* session.c: charges the seat to move for the time since its clock started (a timed game that
 * goes on), and restarts that clock at 'now'. */
void session_charge_clock(Session *s, uint64_t now);

/* A search job for the game's position as it stands (its history, a fresh seed), for
 * 'purpose' ('ENGINE_JOB_*'); the level and time are the caller's to set. */
void session_job_init(Session *s, EngineJob *job, int purpose);

/* session.c: a finished search of this session, 'done' (the session's 'searching' says what it
 * was for): its move is played, or its hint kept, or its answer to a draw offer given. Returns
 * 'SESSION_EV_*' bits. */
unsigned session_search_done(Session *s, const EngineDone *done, uint64_t now);

/* offer.c: ends the game off the board, without saving it: seat 'seat' resigned and team
 * 'winner' wins (-1: nobody), or the players agreed a draw. */
void session_end_resigned(Session *s, int seat, int winner);
void session_end_agreed(Session *s);

/* offer.c: forgets a draw offer under way (a move, an undo, the game's end), stopping an
 * engine that thinks about it. */
void session_offer_drop(Session *s);

/* offer.c: what 'session_tick' does for a draw offer: starts the search of an engine asked
 * (again, when its search was cancelled), and takes its answer from 'done' (NULL: none yet).
 * Returns 'SESSION_EV_*' bits. */
unsigned session_offer_tick(Session *s, const EngineDone *done, uint64_t now);

/* session.c: a move was made: the hint, and the engine's line for it, were for the position
 * before. */
void session_hint_forget(Session *s);

/* session.c: forgets the kept texts of the plies from 'ply' on. */
void session_texts_trim(Session *s, int ply);

/* session.c: the clocks and the engine's search, as a tick of either backend looks at them.
 * Each returns 'SESSION_EV_*' bits. */
unsigned session_tick_clocks(Session *s, uint64_t now);
unsigned session_tick_engine(Session *s, uint64_t now);

/* ---- The two backends ---------------------------------------------------------------------
 *
 * A session plays its game here (session.c, offer.c) or follows a game on a server
 * (remote_session.c): what differs between the two is one table of operations, chosen when
 * the game is started, and the public functions of the session call through it. */
struct SessionBackend {
    /* The clocks run as the server says, from the first move: the session neither holds them
     * before a seat's first move nor flags a seat itself. */
    int server_clocks;
    CmStatus (*play)(Session *s, const CmMove *m, uint64_t now);
    int (*undo)(Session *s, uint64_t now);
    int (*redo)(Session *s, uint64_t now);
    int (*pause)(Session *s, int on, uint64_t now);
    unsigned (*tick)(Session *s, uint64_t now);
    int (*resigner)(const Session *s);
    /* Checked already: the game goes on and 'seat' is a person's. */
    CmStatus (*resign)(Session *s, int seat, uint64_t now);
    int (*undo_ending)(Session *s, uint64_t now);
    CmStatus (*offer_draw)(Session *s, uint64_t now);
    /* Checked already: a person is asked. */
    CmStatus (*answer_draw)(Session *s, int accept, uint64_t now);
    size_t (*sentence)(const Session *s, char *buf, size_t size);
};

extern const SessionBackend session_here;   /* session.c */
extern const SessionBackend session_server; /* remote_session.c */

/* The backend of 's': a session zeroed and never set up (a review's shell of a session) is
 * one of a game here. */
static inline const SessionBackend *session_backend(const Session *s)
{
    return s->backend != NULL ? s->backend : &session_here;
}

/* offer.c: the operations of a game here about its end and its offers. */
int session_here_resigner(const Session *s);
CmStatus session_here_resign(Session *s, int seat, uint64_t now);
int session_here_undo_ending(Session *s, uint64_t now);
CmStatus session_here_offer_draw(Session *s, uint64_t now);
CmStatus session_here_answer_draw(Session *s, int accept, uint64_t now);
size_t session_here_sentence(const Session *s, char *buf, size_t size);

#endif
