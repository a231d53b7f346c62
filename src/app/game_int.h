/* The game behind the full-screen front end: seats (people or engine levels), clocks, undo and
 * redo, the engine thread, and saving games as records. No curses here, so that the tests run
 * all of it without a terminal.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_GAME_INT_H
#define CAMELOT_GAME_INT_H

#include <stdint.h>

#include "camelot/engine.h"
#include "camelot/posdoc.h"
#include "camelot/record.h"

/* ---- The engine thread (engine_thread.c) ------------------------------------------------- */

/* One search thread with its engine, fed one job at a time. Created and used by one thread
 * (the interface); the search runs on the engine thread. */
typedef struct GameEngine GameEngine;

enum { GAME_SEARCH_MOVE = 1, GAME_SEARCH_HINT = 2 };

typedef struct GameSearchJob {
    const CmVariant *v;       /* must outlive the search */
    CmPosition pos;           /* searched as is (settled by the engine) */
    const uint64_t *history;  /* hashes of the game's earlier positions; copied */
    int nhistory;
    int level;                /* 1 .. 10 */
    uint64_t time_ms;         /* thinking time, > 0 */
    uint64_t seed;            /* noise of the lower levels */
    int purpose;              /* 'GAME_SEARCH_*' */
} GameSearchJob;

typedef struct GameSearchDone {
    unsigned ticket;          /* as given by 'game_engine_start' */
    int purpose;
    CmSearchResult result;
} GameSearchDone;

/* Starts the thread, with an engine table of 'tt_bytes'. NULL when it cannot. */
GameEngine *game_engine_new(size_t tt_bytes);

/* Cancels any search, stops and joins the thread, frees everything. NULL does nothing. */
void game_engine_free(GameEngine *ge);

/* Queues a search, cancelling the one before if any. '*ticket_out' names it. CM_ERR_NOMEM. */
CmStatus game_engine_start(GameEngine *ge, const GameSearchJob *job, unsigned *ticket_out);

/* Asks search 'ticket' to end now; its result (the best move so far) still comes. */
void game_engine_stop(GameEngine *ge, unsigned ticket);

/* Drops search 'ticket': it is stopped and its result is never given. */
void game_engine_cancel(GameEngine *ge, unsigned ticket);

/* Takes a finished search without waiting: returns 1 and fills '*out', or 0. */
int game_engine_take(GameEngine *ge, GameSearchDone *out);

/* Waits up to 'ms' milliseconds for a finished search (tests). Returns 1 when one is ready. */
int game_engine_wait(GameEngine *ge, int ms);

/* The last completed iteration of search 'ticket' into '*out'. Returns a counter that grows
 * with each new iteration (0: none yet), so that callers redraw only on news. */
unsigned game_engine_progress(GameEngine *ge, unsigned ticket, CmSearchInfo *out);

/* A monotonic clock in milliseconds. */
uint64_t game_now_ms(void);

/* ---- Seats and setups (game.c) ----------------------------------------------------------- */

typedef enum GameSeatKind { GAME_HUMAN, GAME_ENGINE, GAME_SEAT_KIND_COUNT } GameSeatKind;

typedef struct GameSeatSetup {
    GameSeatKind kind;
    int level;                 /* 1 .. 10, for an engine */
} GameSeatSetup;

#define GAME_DEFAULT_LEVEL 5
#define GAME_REF_MAX 256 /* a record tag holds at most 255 bytes */

typedef struct GameSetup {
    char variant[GAME_REF_MAX]; /* a variant name, or the absolute path of a variant file */
    GameSeatSetup seat[CM_MAX_SEATS];
    int64_t time_base_ms;      /* clock per seat at the start; 0 = no clocks */
    int64_t time_inc_ms;       /* added after each move */
} GameSetup;

/* The default setup for 'v': the first seat human, the others engines at level 5. */
void game_setup_default(GameSetup *s, const CmVariant *v, const char *variant_ref);

/* Reads "W=human", "B=engine:7", "B=engine" (level 5) or "R=7" into the seat of 'v' it names.
 * Returns 0, or -1 with a sentence in 'why'. */
int game_setup_seat(GameSetup *s, const CmVariant *v, const char *spec, char *why, size_t size);

/* Reads a time control "10+5" (minutes, then seconds added per move), "10" or "0.5+2". Returns
 * 0, or -1 when it is not one. */
int game_parse_time(const char *spec, int64_t *base_ms, int64_t *inc_ms);

/* Reads a decimal number of seconds (at most 3 decimals) from 't' to 'end' into
 * milliseconds. Returns 1, or 0 when it is not one. */
int game_parse_seconds(const char *t, const char *end, int64_t *ms_out);

/* "W=human B=engine:5", the 'Seats' tag; and a person's description of a seat: "you",
 * "human", "engine 5". */
void game_setup_seats_text(const GameSetup *s, const CmVariant *v, char *buf, size_t size);

/* ---- Games (game.c) ---------------------------------------------------------------------- */

enum {
    GAME_EV_MOVED = 1,     /* a move was played or taken back: the position changed */
    GAME_EV_HINT = 2,      /* a hint is ready ('hint') */
    GAME_EV_PROGRESS = 4,  /* the engine finished an iteration ('info') */
    GAME_EV_CLOCK = 8,     /* a clock changed its shown second */
    GAME_EV_OVER = 16,     /* the game has just ended */
    GAME_EV_SAVE_FAILED = 32, /* an autosave failed ('save_error') */
    GAME_EV_THINKING = 64, /* an engine started or stopped thinking */
};

typedef struct Game {
    const CmVariant *v;
    GameSetup setup;
    CmGame g;                  /* moves and the settled position */
    CmMove *redo;              /* moves taken back, the next to redo last */
    int nredo, redo_cap;
    int64_t clock[CM_MAX_SEATS]; /* milliseconds left, as of 'turn_t0' */
    uint64_t turn_t0;          /* when the clock of the seat to move started, 0 = not yet */
    int forfeit;               /* the seat that lost on time, -1 for none */
    CmOutcome outcome;         /* the board's outcome, or the loss on time */
    GameEngine *eng;           /* shared, not owned; may be NULL (no engine) */
    unsigned ticket;           /* the search under way, when 'searching' */
    int searching;             /* 0 or 'GAME_SEARCH_*' */
    int search_seat;           /* the seat the search is for */
    unsigned info_seq;         /* 'game_engine_progress' counter last seen */
    CmSearchInfo info;         /* the engine's last iteration (its PV, depth, score) */
    int info_seat;             /* the seat 'info' was for, -1 = none */
    CmPosition info_pos;       /* the position 'info' searched, settled */
    int has_hint;
    CmMove hint;               /* for the position of 'hint_ply' */
    int hint_ply;
    char save_dir[4096];       /* where the autosave goes; "" = no saving */
    int autosave_fresh;        /* the first autosave of a new game is still to come */
    char save_error[256];      /* why the last autosave failed, "" when it worked */
    uint64_t seed;             /* engine noise */
    int clock_shown[CM_MAX_SEATS]; /* seconds last reported by GAME_EV_CLOCK */
} Game;

/* Starts a game of 'v' with 'setup' (its variant reference is kept for saving). 'eng' may be
 * NULL when no seat is an engine; 'save_dir' NULL or "" turns autosaving off. CM_ERR_NOMEM. */
CmStatus game_new(Game *g, const CmVariant *v, const GameSetup *setup, GameEngine *eng,
                  const char *save_dir);
void game_free(Game *g);

/* Plays a legal move of the seat to move at time 'now' (ms): runs the clocks, forgets the
 * redo list unless the move is the next one there, drops hints and searches, autosaves.
 * CM_ERR_ILLEGAL when the game is over, CM_ERR_NOMEM. */
CmStatus game_play(Game *g, const CmMove *m, uint64_t now);

/* Takes back moves: one, or, when an engine plays, back to the last position where a person
 * was to move. Returns the number of plies taken back. */
int game_undo(Game *g, uint64_t now);

/* Plays again what 'game_undo' took back (up to the next person's turn). Returns the plies. */
int game_redo(Game *g, uint64_t now);

/* Does what time asks: the clock of the seat to move (a loss on time), the engine (starts a
 * search when an engine is to move, plays its move when it is done, takes hints and
 * progress). Returns 'GAME_EV_*' bits. */
unsigned game_tick(Game *g, uint64_t now);

/* The seat to move loses on time: the game ends (a draw when there are more than two teams). */
void game_forfeit(Game *g);

/* The engine to move plays its best move so far at once. Returns 0 when none is thinking. */
int game_move_now(Game *g);

/* Asks the engine for a hint for the person to move. Returns 0 when that cannot be. */
int game_hint(Game *g);

/* Stops whatever the engine does for this game. */
void game_cancel_search(Game *g);

/* Whether seat 's' is a person; whether the seat to move is (and the game goes on). */
int game_seat_human(const Game *g, int s);
int game_human_to_move(const Game *g);

/* Milliseconds left on the clock of seat 's' at 'now' (may be negative: lost on time). */
int64_t game_clock_left(const Game *g, int s, uint64_t now);

/* The time the engine gets for a move at 'level' with 'left' ms on its clock (-1: no clock)
 * and 'inc' ms added per move. */
uint64_t game_think_ms(int level, int64_t left, int64_t inc);

/* ---- Saving (save.c) --------------------------------------------------------------------- */

/* The directory for saved games, '$XDG_DATA_HOME/camelot' or '~/.local/share/camelot',
 * created when missing. Returns 0, or -1 with a sentence in 'why'. */
int game_data_dir(char *buf, size_t size, char *why, size_t why_size);

/* Writes 'len' bytes to 'path' atomically: a temporary file in the same directory, fsync,
 * rename, fsync of the directory. Either the old file or the whole new one survives. */
CmStatus game_write_atomic(const char *path, const char *data, size_t len, CmError *err);

/* The game as a record: the tags of docs/notation.md plus 'Seats' ("W=human B=engine:5"),
 * 'TimeControl' ("600+5" seconds), 'Clocks' ("W=590.2 B=600.0" seconds left) and 'Forfeit'
 * (the seat that lost on time). A new NUL-terminated string, or NULL when out of memory. */
char *game_record_text(const Game *g, uint64_t now);

/* Saves the game to 'path' (atomically). */
CmStatus game_save(const Game *g, const char *path, uint64_t now, CmError *err);

/* Saves the game to '<save_dir>/autosave.txt'. A new game is saved from its first move on;
 * when the file then holds an unfinished game of some moves, that game is first kept as
 * 'unfinished-DATE.txt' so that nothing is lost. Sets or clears 'g->save_error'. */
CmStatus game_autosave(Game *g, uint64_t now);

/* The path of the autosave in 'dir'. */
void game_autosave_path(const char *dir, char *buf, size_t size);

/* A new file name for a save: '<dir>/VARIANT-YYYYMMDD-HHMMSS.txt'. */
void game_save_path(const Game *g, const char *dir, char *buf, size_t size);

/* Loads a record saved by 'game_record_text' (or any game record: seats default as in
 * 'game_setup_default') and starts '*out' from it. Variants are found through
 * 'resolve'. On failure fills 'err' and leaves '*out' unusable (nothing to free). */
CmStatus game_load(const char *path, CmVariantResolver resolve, void *ud, GameEngine *eng,
                   const char *save_dir, Game *out, CmError *err);

/* A saved game, for the list to load from. */
typedef struct GameSaveEntry {
    char path[4096];
    char label[160];           /* "2024-05-01 20:14  camelot  31 moves  *" */
    int64_t mtime;
} GameSaveEntry;

/* The saved games in 'dir', newest first, at most 'max'. Returns the count. */
int game_list_saves(const char *dir, GameSaveEntry *out, int max);

#endif
