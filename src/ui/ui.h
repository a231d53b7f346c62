/* The full-screen game as the program (src/app) sees it: how it looks, a screen made on a
 * session (a game, the lessons, the puzzles, or the lobby of a server), run until the player
 * leaves, and the engine's review of a game on a screen of its own. What the screen is inside
 * is ui_int.h, for src/ui and its tests only.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_UI_H
#define CAMELOT_UI_H

#include <stdint.h>
#include <stdio.h>

#include "camelot/error.h"
#include "camelot/rules.h"
#include "session/analysis.h"
#include "session/course.h"
#include "session/lobby.h"
#include "session/practice.h"
#include "session/puzzle.h"
#include "session/session.h"

/* How the screen looks. */
typedef struct UiOptions {
    int ascii;         /* letters instead of Unicode glyphs */
    int color;         /* 0: no colours (NO_COLOR, or the terminal has none) */
    int color256;      /* the terminal has 256 colours */
    int highlight;     /* teaching marks: landing squares, obligations, last move */
    int flip;          /* rank 1 at the top */
    int mouse;         /* the mouse is on */
    FILE *latency_log; /* where each key's time to the screen goes (microseconds, one a line),
                          or NULL; opened and closed by the caller */
    int no_files;      /* the screen runs on a server's host for someone who came in by ssh:
                          nothing it does writes a file there (no export) */
} UiOptions;

typedef struct Ui Ui;
typedef struct UiReview UiReview;

/* A screen for the game of session 's', which must outlive it (the screen asks it for new
 * games and loads): NULL when out of memory. 'ui_delete' frees it. */
Ui *ui_new(Session *s, const UiOptions *opt);

/* A screen on the lobby 'l' of a server, with session 's' for its games (none yet). NULL when
 * out of memory. */
Ui *ui_new_online(Session *s, Lobby *l, const UiOptions *opt);

void ui_delete(Ui *ui);

/* Runs the screen (curses) until the player quits or a signal ends it. Returns an exit code. */
int ui_run(Ui *ui);

/* Whether 'ui_run' ended for the engine's review of the game that ended ('a' after it): the
 * program runs the review, then the screen again. Asking forgets it. */
int ui_wants_review(Ui *ui);

/* The screen's looks, and the lobby of a screen on a server (NULL for none). */
const UiOptions *ui_options(const Ui *ui);
Lobby *ui_lobby(const Ui *ui);

/* A note for the player, shown when the screen opens: dim, or as an error ('error' 1). */
void ui_note(Ui *ui, int error, const char *text);

/* Takes the engine's review of the game's first 'n' plies (copied), whose marks the move
 * list shows from then on, as long as those moves stay. CM_ERR_NOMEM. */
CmStatus ui_set_review(Ui *ui, const AnalysisPly *plies, int n);

/* The engine's review the screen keeps of its game's first plies (see 'ui_set_review'): their
 * number (0: none), '*plies' pointing at them until the review or the moves change. */
int ui_review_kept(const Ui *ui, const AnalysisPly **plies);

/* Shows the lessons of 'course' on the board, from lesson 'at' (-1: the first not done yet),
 * in place of the session's game, which is paused. With 'owned', the screen frees the course
 * when it is done with it. CM_ERR_NOMEM. */
CmStatus ui_learn_open(Ui *ui, Course *course, int owned, int at, uint64_t now);

/* ---- Puzzles ------------------------------------------------------------------------------ */

/* The puzzles a screen serves: the program fills the first four. */
typedef struct UiPuzzles {
    PuzzleBook *book;
    PuzzleScore *score;
    const char *data_dir;  /* where the score is kept; NULL or "": nowhere */
    const CmVariant *only; /* serve this variant's puzzles only; NULL: all */
    int at;                /* the puzzle shown: an index of 'book->order' */
    PuzzleRun run;
} UiPuzzles;

/* Starts the puzzle at index 'at' of 'pz->book->order' on session 's'. CM_ERR_NOMEM. */
CmStatus ui_puzzle_start(UiPuzzles *pz, Session *s, int at);

/* Puts the screen (made on the session of 'ui_puzzle_start') in puzzle mode, the solver at
 * the bottom, and says what the puzzle asks. */
void ui_puzzle_attach(Ui *ui, UiPuzzles *pz);

/* ---- Learning from one's mistakes --------------------------------------------------------- */

/* A practice on the board: the program sets up 'p' (practice_init) and the search that judges
 * a move other than the engine's (the review's time a position, or its depth); the session it
 * starts on has the engine thread that runs that search. */
typedef struct UiPractice {
    Practice p;
    uint64_t time_ms; /* the judging search's time, when 'depth' is 0 */
    int depth;        /* its depth, 0: by time */
    Lobby *keep;      /* a server's lobby whose connection stays up meanwhile; NULL: none */
    /* The screen's own: */
    int judging;     /* the engine is judging 'tr' */
    unsigned ticket; /* its search */
    PracticeTry tr;
} UiPractice;

/* Puts the position of the exercise in hand on session 's': people at every seat, no clocks.
 * CM_ERR_NOMEM. */
CmStatus ui_practice_start(UiPractice *pr, Session *s);

/* Puts the screen (made on the session of 'ui_practice_start') in practice mode, and says what
 * the exercise asks. */
void ui_practice_attach(Ui *ui, UiPractice *pr);

/* ---- The engine's review of a game -------------------------------------------------------- */

/* A review screen for 'game' (at least one ply), whose analysis fills 'plies', with 'name' in
 * its title; the connection of 'keep' (a server's lobby, NULL: none) stays up while it runs.
 * NULL when out of memory. */
UiReview *ui_review_new(const CmGame *game, const AnalysisPly *plies, const UiOptions *opt,
                        const char *name, Lobby *keep);
void ui_review_delete(UiReview *r);

/* The analysis has reached ply 'done': the plies before it are in 'plies'. */
void ui_review_progress(UiReview *r, int done);

/* p on the review screen: whether 'ui_run' ended for the player to practise their mistakes
 * (the program opens the practice, then the review again). With 'at_end' set, the practice
 * is asked for as soon as the analysis is done ('review --practise'), once. */
int ui_review_wants_practice(const UiReview *r);
void ui_review_practise_at_end(UiReview *r, int at_end);

/* Runs the review screen (curses): 'run' is called once the screen is up and does the
 * analysis, calling 'ui_review_pump' between and during searches. Until the player leaves,
 * the connection of the review's lobby is kept up (lobby_keep_alive) at every look at the
 * keys. Returns an exit code. */
int ui_review_run(UiReview *r, void (*run)(void *ud), void *ud);

/* Shows the screen and reads the keys waiting, and keeps the connection of the review's
 * lobby up. Returns 1 when the player quit (or a signal came): the analysis must stop. */
int ui_review_pump(UiReview *r);

#endif
