/* A game in progress: who plays each seat (people or engine levels), whose turn it is,
 * clocks, taking moves back and playing them again, the engine's searches and hints, and the
 * game's record on disk (the autosave after every move, saves and loads through src/io). No
 * curses and no printing: the full-screen game and the text game both drive a session.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_SESSION_H
#define CAMELOT_SESSION_H

#include <stdint.h>

#include "camelot/engine.h"
#include "camelot/error.h"
#include "catalog.h"
#include "engine_thread.h"
#include "setup.h"

/* What the program gives a session: services that outlive any one game. */
typedef struct SessionEnv {
    Catalog *catalog;     /* variants by name or path */
    EngineThread *engine; /* NULL: no engine, and every seat is a person's */
    const char *data_dir; /* where games are saved; NULL or "": nowhere */
} SessionEnv;

/* What 'session_tick' reports, as bits. */
enum {
    SESSION_EV_MOVED = 1,        /* a move was played or taken back: the position changed */
    SESSION_EV_HINT = 2,         /* a hint is ready ('hint') */
    SESSION_EV_PROGRESS = 4,     /* the engine finished an iteration ('info') */
    SESSION_EV_CLOCK = 8,        /* a clock changed its shown second */
    SESSION_EV_OVER = 16,        /* the game has just ended */
    SESSION_EV_SAVE_FAILED = 32, /* an autosave failed ('save_error') */
    SESSION_EV_THINKING = 64,    /* an engine started or stopped thinking */
};

#define SESSION_HINT_MS 1500 /* the engine's time for a hint */
#define SESSION_ERROR_MAX CM_ERROR_TEXT_MAX
#define SESSION_PATH_MAX 4096 /* bytes in a path, as src/io has it */

typedef struct Session {
    SessionEnv env;
    int active; /* a game has been started or loaded */
    const CmVariant *v;
    SessionSetup setup;
    CmGame g;     /* moves and the settled position */
    CmMove *redo; /* moves taken back, the next to redo last */
    int nredo, redo_cap;
    int64_t clock[CM_MAX_SEATS]; /* milliseconds left, as of 'turn_t0' */
    uint64_t turn_t0;            /* when the clock of the seat to move started, 0 = not yet */
    int forfeit;                 /* the seat that lost on time, -1 for none */
    CmOutcome outcome;           /* the board's outcome, or the loss on time */
    unsigned ticket;             /* the search under way, when 'searching' */
    int searching;               /* 0 or 'ENGINE_JOB_*' */
    int search_seat;             /* the seat the search is for */
    unsigned info_seq;           /* 'engine_thread_progress' counter last seen */
    CmSearchInfo info;           /* the engine's last iteration (its PV, depth, score) */
    int info_seat;               /* the seat 'info' was for, -1 = none */
    int info_purpose;            /* 'ENGINE_JOB_*' of the search 'info' came from */
    CmPosition info_pos;         /* the position 'info' searched, settled */
    int has_hint;
    CmMove hint; /* for the position of 'hint_ply' */
    int hint_ply;
    int autosave_fresh;                 /* the first autosave of a new game is still to come */
    char save_error[SESSION_ERROR_MAX]; /* why the last autosave failed, "" when it worked */
    uint64_t seed;                      /* engine noise */
    int clock_shown[CM_MAX_SEATS];      /* what the clocks showed at the last SESSION_EV_CLOCK */
} Session;

/* ---- Games (session.c) ------------------------------------------------------------------- */

/* Sets up a session with no game yet. */
void session_init(Session *s, const SessionEnv *env);

/* Ends whatever game the session had (without saving it: it was saved after its last move)
 * and starts one of 'v' with 'setup', from 'start' (NULL: the variant's start position).
 * CM_ERR_NOMEM, with the session then holding no game. */
CmStatus session_start(Session *s, const CmVariant *v, const SessionSetup *setup,
                       const CmPosition *start);

/* Cancels the engine's work for the session and frees its game. */
void session_free(Session *s);

/* Plays a legal move of the seat to move at time 'now' (ms): runs the clocks, forgets the
 * redo list unless the move is the next one there, drops hints and searches, autosaves.
 * CM_ERR_ILLEGAL when the game is over, CM_ERR_NOMEM. */
CmStatus session_play(Session *s, const CmMove *m, uint64_t now);

/* Takes back moves: one, or, when an engine plays, back to the last position where a person
 * was to move. Returns the number of plies taken back. */
int session_undo(Session *s, uint64_t now);

/* Plays again what 'session_undo' took back (up to the next person's turn). Returns the
 * plies. */
int session_redo(Session *s, uint64_t now);

/* Does what time asks: the clock of the seat to move (a loss on time), the engine (starts a
 * search when an engine is to move, plays its move when it is done, takes hints and
 * progress). Returns 'SESSION_EV_*' bits. */
unsigned session_tick(Session *s, uint64_t now);

/* The seat to move loses on time: the game ends (a draw when there are more than two teams). */
void session_forfeit(Session *s);

/* The engine to move plays its best move so far at once. Returns 0 when none is thinking. */
int session_move_now(Session *s);

/* Asks the engine for a hint for the person to move. Returns 0 when that cannot be. */
int session_hint(Session *s);

/* Stops whatever the engine does for this session. */
void session_cancel_search(Session *s);

/* Whether seat 'seat' is a person; whether the seat to move is (and the game goes on). */
int session_seat_human(const Session *s, int seat);
int session_human_to_move(const Session *s);
/* How many seats people play. */
int session_humans(const Session *s);

/* Milliseconds left on the clock of 'seat' at 'now' (may be negative: lost on time). */
int64_t session_clock_left(const Session *s, int seat, uint64_t now);

/* The time the engine gets for a move at 'level' with 'left' ms on its clock (-1: no clock)
 * and 'inc' ms added per move. */
uint64_t session_think_ms(int level, int64_t left, int64_t inc);

/* The position before ply 'ply' of the game (settled), replayed from the start. */
void session_position_before(const Session *s, int ply, CmPosition *out);

/* ---- Records and files (saves.c) --------------------------------------------------------- */

/* The game as a record: the tags of docs/notation.md plus 'Seats' ("W=human B=engine:5"),
 * 'TimeControl' ("600+5" seconds), 'Clocks' ("W=590.250 B=600" seconds left) and 'Forfeit'
 * (the seat that lost on time). A new NUL-terminated string, or NULL when out of memory. */
char *session_record_text(const Session *s, uint64_t now);

/* Saves the game to 'path', atomically. */
CmStatus session_save_as(const Session *s, const char *path, uint64_t now, CmError *err);

/* Saves the game to a new file in the data directory ('VARIANT-YYYYMMDD-HHMMSS.txt'), whose
 * path goes to 'path_out'. */
CmStatus session_save_copy(const Session *s, uint64_t now, char *path_out, size_t size,
                           CmError *err);

/* Saves the game to the autosave in the data directory. A new game is saved from its first
 * move on; when the file then holds an unfinished game of some moves, that game is first kept
 * as 'unfinished-DATE.txt' so that nothing is lost. Sets or clears 's->save_error'. Does
 * nothing without a data directory. */
CmStatus session_autosave(Session *s, uint64_t now);

/* The path of the autosave, "" when there is no data directory. */
void session_autosave_path(const Session *s, char *buf, size_t size);

/* Loads a record saved by 'session_record_text' (or any game record: seats default to people)
 * in place of the session's game; the record's variant is looked up from its directory. On
 * failure fills 'err' and keeps the game the session had. The autosave goes on in the same
 * file when 'path' is the autosave, else a new game's autosave starts. */
CmStatus session_load(Session *s, const char *path, CmError *err);

/* Cancels the engine's work and saves the game as it stands (clocks included): the last thing
 * before the program ends. */
CmStatus session_close(Session *s, uint64_t now);

/* A saved game, for the list to load from. */
typedef struct SaveEntry {
    char path[SESSION_PATH_MAX];
    char label[160]; /* "2024-05-01 20:14  camelot  31 moves  unfinished" */
    int64_t mtime;
} SaveEntry;

/* The saved games in the data directory, newest first, at most 'max'. Returns the count. */
int session_list_saves(const Session *s, SaveEntry *out, int max);

#endif
