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
#include "text.h"

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
    SESSION_EV_SAVED = 128,      /* an autosave that had failed worked when tried again */
    SESSION_EV_OFFER = 256,      /* an engine answered a draw offer ('session_offer_draw'), or
                                    an offer of a game on a server was made or answered */
    SESSION_EV_CHAT = 512,       /* a game on a server: a chat message came */
    SESSION_EV_PRESENCE = 1024,  /* a game on a server: a player came or went */
    SESSION_EV_NET = 2048,       /* a game on a server: the connection went down or came back */
    SESSION_EV_REFUSED = 4096,   /* a game on a server: the server refused a request (the
                                    game's 'error' says why; a refused move is taken back) */
};

#define SESSION_HINT_MS 1500  /* the engine's time for a hint */
#define SESSION_RETRY_MS 2000 /* a failed autosave is tried again this often */
#define SESSION_SLOTS 9       /* autosaves in one data directory: games played at once */
#define SESSION_NOTICE_MAX 600
#define SESSION_ERROR_MAX CM_ERROR_TEXT_MAX
#define SESSION_PATH_MAX 4096     /* bytes in a path, as src/io has it */
#define SESSION_PACE_MAX_MS 60000 /* the longest pace between engine moves */

struct Remote;
struct SessionBackend;
typedef struct SessionBackend SessionBackend;

typedef struct Session {
    SessionEnv env;
    /* A game on a server (src/session/remote.h): its connection and the game's id; NULL for
     * a game played here. */
    struct Remote *net;
    int64_t net_game;
    /* What differs between a game here and one on a server (session_int.h). */
    const struct SessionBackend *backend;
    int active; /* a game has been started or loaded */
    const CmVariant *v;
    SessionSetup setup;
    CmGame g;     /* moves and the settled position */
    CmMove *redo; /* moves taken back, the next to redo last */
    int nredo, redo_cap;
    int64_t clock[CM_MAX_SEATS]; /* milliseconds left, as of 'turn_t0' */
    uint64_t turn_t0;            /* when the turn of the seat to move began, 0 = not yet; its
                                    clock runs only from its second move on */
    int forfeit;                 /* the seat that lost on time, -1 for none */
    int resigned;                /* the seat that resigned, -1 for none */
    int agreed;                  /* the players agreed a draw */
    CmOutcome outcome;           /* the board's outcome, or how the game ended off the board */
    unsigned ticket;             /* the search under way, when 'searching' */
    int searching;               /* 0 or 'ENGINE_JOB_*' */
    int search_seat;             /* the seat the search is for */
    unsigned info_seq;           /* 'engine_thread_progress' counter last seen */
    CmSearchInfo info;           /* the engine's last iteration (its PV, depth, score) */
    int info_seat;               /* the seat 'info' was for, -1 = none */
    int info_purpose;            /* 'ENGINE_JOB_*' of the search 'info' came from */
    CmPosition info_pos;         /* the position 'info' searched, settled */
    char pv_text[TEXT_PV_MAX];   /* the principal variation of 'info', as text */
    int has_hint;
    CmMove hint; /* for the position of 'hint_ply': the first move of the last iteration the
                    hint's search completed (its score and line in 'info'), else its move */
    int hint_ply;
    int autosave_fresh;                 /* the first autosave of a new game is still to come */
    char save_error[SESSION_ERROR_MAX]; /* why the last autosave failed, "" when it worked */
    uint64_t save_retry_at;             /* when a failed autosave is tried again (ms) */
    /* The autosave this session writes, kept across its games: 'slot' k is 'autosave.txt'
     * (k = 1) or 'autosave-k.txt', held by the lock 'lock_fd' so that two games played at
     * once in one data directory never write one file. */
    int slot;    /* 0 until the first autosave takes one */
    int lock_fd; /* -1 while no lock is held */
    /* News about the files for the player (another camelot playing, a damaged save kept aside,
     * a save cut short), "" when there is none; the front end shows it and clears it. */
    char notice[SESSION_NOTICE_MAX];
    /* The canonical text of each ply, worked out once (a capture of dozens of pieces takes a
     * search) for the record and the screen: 'texts[i]' for ply i < 'ntexts'. */
    char **texts;
    int ntexts, texts_cap;
    uint64_t seed;                 /* engine noise */
    int clock_shown[CM_MAX_SEATS]; /* what the clocks showed at the last SESSION_EV_CLOCK */
    /* A draw offer under way: the seat that made it (-1: none), the seats still to answer (one
     * of each other team, as bits) and the seat answering now. After an offer, 'offer_declined'
     * is the seat that declined it (-1: none) and 'offer_score' what an engine that answered
     * last thought of its own side. */
    int offer_from;
    unsigned offer_waiting;
    int offer_asking;
    int offer_declined;
    int offer_score;
    /* Each engine seat's last moves in a row whose search scored below CM_ENGINE_DRAW_ACCEPT for
     * its side: an engine accepts a draw only after CM_ENGINE_DRAW_CALM of them. Undo and a load
     * forget them. */
    int draw_calm[CM_MAX_SEATS];
    /* Pace and pause, kept from one game to the next (the pause is not). When no person plays,
     * an engine's move is played no sooner than 'pace_ms' after the move before, which was
     * played at 'moved_at'; a move found sooner waits in 'held' with the clocks stopped. */
    uint64_t pace_ms;
    uint64_t moved_at; /* 0: no move yet, the pace counts from the first tick */
    int paused;        /* no engine thinks and no clock runs until the game goes on */
    /* Comments the record writes after the moves: 'notes[i]' (NULL: none) after ply i, for the
     * first 'nnotes' plies (the analysis board's other lines). Not owned: its owner keeps it
     * while it is set. */
    const char *const *notes;
    int nnotes;
    /* The session whose players the record names, NULL: this one's. The analysis board's is
     * the game it was opened from: who played it, not the people at its seats. Not owned. */
    const struct Session *players_of;
    int has_held;
    EngineDone held; /* a move found before its pace was over */
    int hurry;       /* 'session_move_now' asked for the held move at once */
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

/* Pauses the game ('on' 1) or lets it go on ('on' 0) at 'now': while it is paused the clocks
 * stop and no engine thinks (a search under way is dropped, and started again when the game
 * goes on). Returns 0 when nothing changed (already so, or the game is over). */
int session_pause(Session *s, int on, uint64_t now);

/* Sets the least time between two engine moves when no person plays (0: none), at most
 * SESSION_PACE_MAX_MS. */
void session_set_pace(Session *s, uint64_t ms);

/* Whether the pace applies: a game goes on that no person plays. */
int session_paced(const Session *s);

/* Asks the engine for a hint for the person to move. Returns 0 when that cannot be. */
int session_hint(Session *s);

/* Stops whatever the engine does for this session. */
void session_cancel_search(Session *s);

/* Whether seat 'seat' is a person; whether the seat to move is (and the game goes on). */
int session_seat_human(const Session *s, int seat);
int session_human_to_move(const Session *s);
/* How many seats people play. */
int session_humans(const Session *s);

/* Whether 's' is the session of a game on a server (remote_session.c), not one played here. */
int session_on_server(const Session *s);

/* Milliseconds left on the clock of 'seat' at 'now' (may be negative: lost on time). A seat's
 * clock runs only after that seat's first move in the game (as on lichess); a move whose clock
 * did not run earns no increment. */
int64_t session_clock_left(const Session *s, int seat, uint64_t now);

/* The position before ply 'ply' of the game (settled), replayed from the start. */
void session_position_before(const Session *s, int ply, CmPosition *out);

/* The canonical WCF text of ply 'ply' of the game, kept by the session: NULL only when it
 * could not be kept (out of memory). */
const char *session_move_text(Session *s, int ply);

/* ---- Resigning and draw offers (offer.c) ----------------------------------------------------
 *
 * A person resigns for their team: in a game of two teams (the team games of four seats
 * included) the other team wins; in a game of more than two teams (Four-Handed Chivalry played
 * each alone) the game ends with no winner, recorded as a draw, since the others did not win
 * together. A person to move may offer a draw; one seat of each other team answers, a person
 * when the team has one (the first in turn order), else an engine, which thinks for a short
 * while and accepts as 'cm_engine_draw_accepts' says (camelot/engine.h, as the server's
 * engines do): when its score for its own side is below 'CM_ENGINE_DRAW_ACCEPT' (half a man)
 * and was so after its last moves too, past the opening.
 * The draw is agreed when every team accepts; one refusal ends the offer, and so does a
 * move, an undo or the game's end. Either way the game ends like any other: the clocks and the
 * engine stop, and the game is saved. */

/* The seat that may resign now: the person to move, or, while an engine is to move, the only
 * person playing. -1 when none may (the game is over, or several people wait for their turn). */
int session_resigner(const Session *s);

/* Seat 'seat', a person's, resigns at 'now'. CM_ERR_ILLEGAL when the game is over or the seat
 * is not a person's. */
CmStatus session_resign(Session *s, int seat, uint64_t now);

/* Takes back a resignation or an agreed draw that ended the game before its first move, which
 * 'session_undo' cannot take back with a move, at 'now' (autosaved). Returns 1 when there was
 * one, else 0. */
int session_undo_ending(Session *s, uint64_t now);

/* The person to move offers a draw. The first answer is asked at once: see
 * 'session_offer_asks', or an engine starts thinking and 'session_tick' reports its answer
 * with SESSION_EV_OFFER. CM_ERR_ILLEGAL when no person is to move or an offer is under way;
 * CM_ERR_NOMEM. */
CmStatus session_offer_draw(Session *s, uint64_t now);

/* The seat whose person is asked to answer the draw offer now, -1 for none. */
int session_offer_asks(const Session *s);

/* The person asked answers the draw offer: 'accept' or not. The next team is asked, or the
 * draw is agreed (the game ends), or the offer is declined. CM_ERR_ILLEGAL when no person is
 * asked; CM_ERR_NOMEM. */
CmStatus session_answer_draw(Session *s, int accept, uint64_t now);

/* Why the engine that declined the last draw offer ('offer_declined') declined it, as a clause:
 * "it thinks it stands better", or what 'cm_engine_draw_accepts' wanted besides. */
size_t session_draw_refusal(const Session *s, char *buf, size_t size);

/* How the game ended, as a sentence: "White resigns. Black wins.", "Draw agreed.", or what the
 * board or the clock decided (see 'text_outcome_sentence'). */
size_t session_outcome_sentence(const Session *s, char *buf, size_t size);

/* ---- Records (record_map.c) ---------------------------------------------------------------- */

/* The game as a record: the tags of docs/notation.md plus 'Seats' ("W=human B=engine:5"),
 * 'TimeControl' ("600+5" seconds), 'Clocks' ("W=590.250 B=600" seconds left), 'Forfeit'
 * (the seat that lost on time) and 'Resigned' (the seat that resigned); its 'Variant' tag is
 * 'variant_ref' (NULL: the setup's); the session's 'notes' in braces after their moves. A new
 * NUL-terminated string, or NULL when out of memory. */
char *session_record_text(const Session *s, uint64_t now, const char *variant_ref);

/* How a load went, besides its status. */
typedef struct SessionLoad {
    int damaged; /* the file was read but holds no game that can be played */
    int cut;     /* the record was cut short (no result at its end): 'plies' of its moves
                    were recovered, and the session's notice says so */
    int plies;   /* moves of the game loaded */
} SessionLoad;

/* Loads a record saved by a session (or any game record: seats default to people) in place of
 * the session's game. The record's variant is 'variant' when not NULL (a variant's name or a
 * variant file the player named), else its 'Variant' tag, which must be the name of a variant or a
 * variant file next to the record. A record cut short keeps the moves before the cut. On failure
 * fills 'err' and
 * '*info' (may be NULL) and keeps the game the session had. The autosave goes on in the same
 * file when 'path' is this session's autosave, else a new game's autosave starts. */
CmStatus session_load(Session *s, const char *path, const char *variant, SessionLoad *info,
                      CmError *err);

/* ---- Files (autosave.c) ------------------------------------------------------------------ */

/* Saves the game to 'path' (a '~' at its start is the home directory: 'io_expand_home'),
 * atomically, over a regular file there (nothing but one: see 'io_check_write'). A game of a
 * variant file (not of a variant's name) keeps a copy of that file next to 'path', named in the
 * record, so that the record loads wherever it is moved with its variant. A game whose record would
 * be longer than CM_RECORD_MAX_BYTES, the most that is read back, is not saved: CM_ERR_LIMIT
 * ('cm_record_fits'). */
CmStatus session_save_as(const Session *s, const char *path, uint64_t now, CmError *err);

/* 'session_save_as' where nothing is yet: CM_ERR_EXISTS, nothing written, when something is. */
CmStatus session_save_new(const Session *s, const char *path, uint64_t now, CmError *err);

/* Writes 'pos' (a position of the session's variant) to 'path' as a position document,
 * atomically, over a regular file there when 'replace' is set, else only where nothing is
 * (CM_ERR_EXISTS); its 'variant' is named as a saved game names it (a copy of a variant file
 * goes next to 'path'). */
CmStatus session_write_position(const Session *s, const CmPosition *pos, const char *path,
                                int replace, CmError *err);

/* Exports the game: its position now as a position document 'BASE.yaml' and the game as a
 * record 'BASE.txt' ('base' may end in either, and start with '~' for the home directory; the
 * paths written go to 'pos_path' and 'rec_path' of 'size' bytes each). Without 'replace', when
 * either file is there already nothing is written: CM_ERR_EXISTS, with that file in 'err->source'.
 * Either path being what cannot be written (a directory, a device, a link) writes nothing either.
 */
CmStatus session_export(const Session *s, const char *base, uint64_t now, int replace,
                        char *pos_path, char *rec_path, size_t size, CmError *err);

/* The two paths of an export to 'typed' (as session_export reads it), each checked as one that
 * may be written ('replace' as there): CM_OK, or the error, with nothing written. */
CmStatus session_export_paths(const char *typed, int replace, char *pos_path, char *rec_path,
                              size_t size, CmError *err);

/* Saves the game to a new file in the data directory ('VARIANT-YYYYMMDD-HHMMSS.txt'), whose
 * path goes to 'path_out'. */
CmStatus session_save_copy(const Session *s, uint64_t now, char *path_out, size_t size,
                           CmError *err);

/* Saves the game to this session's autosave in the data directory. A new game is saved from its
 * first move on, or from its end when it ends before one (on time, by a resignation, by
 * agreement). The first autosave takes a free autosave (its lock): 'autosave.txt', or when
 * another camelot holds it 'autosave-2.txt' and so on, with a notice. A new game's first
 * autosave keeps the game the file held when it is unfinished ('unfinished-DATE.txt') or
 * cannot be read as a record ('damaged-DATE.txt', with a notice). Sets or clears
 * 's->save_error'; a failed autosave is tried again by 'session_tick'. Does nothing without a
 * data directory. */
CmStatus session_autosave(Session *s, uint64_t now);

/* Takes 'autosave.txt' (its lock) for this session, to resume the game it holds. CM_ERR_ARG,
 * with the reason, when another camelot is playing it. */
CmStatus session_take_autosave(Session *s, CmError *err);

/* The path of this session's autosave ('autosave.txt' until it has taken another), "" when
 * there is no data directory. */
void session_autosave_path(const Session *s, char *buf, size_t size);

/* Moves the file 'path', which cannot be read as a game, aside in its directory as
 * 'damaged-DATE.txt' (so that no autosave ever writes over it); its new path goes to 'kept'. */
CmStatus session_keep_damaged(const char *path, char *kept, size_t size, CmError *err);

/* The last thing before the program ends: cancels the engine's work and saves the game as it
 * stands (clocks included). When the autosave fails, or there is no data directory, the record
 * of a game with moves is written where it can be (the temporary directory, then the home
 * directory), and its path goes to 'rescued' ("" when the autosave worked or nothing needed
 * keeping), with the reason in 'err'. Fails only when nothing could be written. */
CmStatus session_close(Session *s, uint64_t now, char *rescued, size_t size, CmError *err);

/* A saved game, for the list to load from. */
typedef struct SaveEntry {
    char path[SESSION_PATH_MAX];
    char label[160]; /* "2024-05-01 20:14  camelot  31 moves  unfinished" */
    int64_t mtime;
    char when[20];    /* "2024-05-01 20:14" */
    char variant[64]; /* the record's 'Variant', "" when the file is no game record */
    char length[64];  /* "16 moves (31 plies)", or "31 plies" when the seats are not known */
    char state[32];   /* "unfinished", the result, or "not a game record" */
    int autosave;     /* an autosave of the data directory */
} SaveEntry;

/* The saved games in the data directory (the lessons' progress and the puzzles' score left
 * out), newest first, at most 'max'. Returns the count. */
int session_list_saves(const Session *s, SaveEntry *out, int max);

#endif
