/* The engine thread: one search thread with its engine, fed one job at a time. Created and
 * used by one thread (the session's); the search runs on the engine thread, on its own copy
 * of the position, and its result waits to be taken: the caller never waits for it.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_ENGINE_THREAD_H
#define CAMELOT_ENGINE_THREAD_H

#include <stdint.h>

#include "camelot/engine.h"
#include "camelot/notation.h"
#include "text.h"

typedef struct EngineThread EngineThread;

/* What a search is for. */
enum { ENGINE_JOB_MOVE = 1, ENGINE_JOB_HINT = 2, ENGINE_JOB_DRAW = 3 };

typedef struct EngineJob {
    const CmVariant *v;      /* copied when the job is given: the caller may free it */
    CmPosition pos;          /* searched as is (settled by the engine) */
    const uint64_t *history; /* hashes of the game's earlier positions; copied */
    int nhistory;
    int level;        /* 1 .. 10 */
    uint64_t time_ms; /* thinking time; 0: none (then 'depth' or 'nodes' or a stop ends it) */
    int depth;        /* nominal depth, 0: none */
    uint64_t nodes;   /* nodes, 0: none */
    int analysis;     /* 1: use all of 'time_ms' (no early stop at a single move) */
    uint64_t seed;    /* noise of the lower levels */
    int purpose;      /* 'ENGINE_JOB_*' */
} EngineJob;

typedef struct EngineDone {
    unsigned ticket; /* as given by 'engine_thread_start' */
    int purpose;
    CmSearchResult result;
    /* Worked out on the engine thread, which has the time (a capture of dozens of pieces takes
     * a search to write): the move's canonical text ("" when there is no move) and the
     * principal variation's ('text_pv'). */
    char text[CM_MOVE_TEXT_MAX];
    char pv_text[TEXT_PV_MAX];
} EngineDone;

/* Starts the thread, with an engine table of 'tt_bytes'. NULL when it cannot. */
EngineThread *engine_thread_new(size_t tt_bytes);

/* Cancels any search, stops and joins the thread, frees everything. NULL does nothing. */
void engine_thread_free(EngineThread *et);

/* For a program about to end: asks the thread to stop and end, and frees everything when it
 * has ended within 'wait_ms'. Otherwise (it is inside one long step of a search that looks at
 * its stop flag only between steps) leaves it to end with the process, holding its memory, and
 * returns 0. Returns 1 when all was freed. NULL does nothing. */
int engine_thread_leave(EngineThread *et, int wait_ms);

/* The threads of the searches queued from now on (1 .. CM_ENGINE_MAX_THREADS; 1 at the start;
 * used at level 10 only, see 'cm_engine_set_threads'). */
void engine_thread_set_threads(EngineThread *et, int n);

/* Queues a search, cancelling the one before if any. '*ticket_out' names it. CM_ERR_NOMEM. */
CmStatus engine_thread_start(EngineThread *et, const EngineJob *job, unsigned *ticket_out);

/* Asks search 'ticket' to end now; its result (the best move so far) still comes. */
void engine_thread_stop(EngineThread *et, unsigned ticket);

/* Drops search 'ticket': it is stopped and its result is never given. */
void engine_thread_cancel(EngineThread *et, unsigned ticket);

/* Takes a finished search without waiting: returns 1 and fills '*out', or 0. */
int engine_thread_take(EngineThread *et, EngineDone *out);

/* Waits up to 'ms' milliseconds for a finished search (tests). Returns 1 when one is ready. */
int engine_thread_wait(EngineThread *et, int ms);

/* The last completed iteration of search 'ticket' into '*out', and its principal variation
 * as text into 'pv_text' (TEXT_PV_MAX bytes). Returns a counter that grows with each new
 * iteration (0: none yet), so that callers redraw only on news. */
unsigned engine_thread_progress(EngineThread *et, unsigned ticket, CmSearchInfo *out,
                                char *pv_text);

#endif
