/* Learning from one's mistakes: after a review, the player is put back before each of their
 * own mistakes and blunders, one at a time, to find a better move (docs/learning.md). The
 * engine's best move is right; another move is judged by a search of the position it leaves
 * (the front end runs it, on its own engine or engine thread), and accepted when it lowers the
 * chance of winning less than an inaccuracy would; a wrong one is explained from the engine's
 * line. Hints, the solution and skipping; a count of those solved. Prints nothing.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_PRACTICE_H
#define CAMELOT_PRACTICE_H

#include "analysis.h"

/* A move that lowers the chance of winning by less than this (tenths of a percentage point)
 * from the best move's is good: the fall from which the review calls a move an inaccuracy. */
#define PRACTICE_GOOD_DROP ANALYSIS_INACCURACY

#define PRACTICE_TEXT_MAX 512 /* bytes of a verdict, a hint or the summary */

/* Where an exercise stands. */
typedef enum PracticeState {
    PRACTICE_ASKING, /* the player is to find a move */
    PRACTICE_SOLVED, /* a good move was found */
    PRACTICE_SHOWN,  /* the solution was asked for */
    PRACTICE_OVER    /* every exercise is behind */
} PracticeState;

/* What a move tried comes to. */
typedef enum PracticeVerdict {
    PRACTICE_BEST,  /* the engine's own move */
    PRACTICE_GOOD,  /* another move, within PRACTICE_GOOD_DROP of it: "also good" */
    PRACTICE_WRONG, /* a move that lowers the chance of winning more */
} PracticeVerdict;

typedef struct Practice {
    const CmGame *game;       /* the reviewed game (outlives the practice) */
    const AnalysisPly *plies; /* its review */
    int *items;               /* the plies to practise, in the game's order */
    int n;                    /* how many */
    int at;                   /* the exercise in hand: an index of 'items', 'n' when over */
    PracticeState state;
    int hinted; /* the hint of this exercise was given */
    int wrong;  /* wrong tries of this exercise */
    int solved, shown, skipped;
    CmGame walk;  /* the game up to the exercise's position (its history for the engine) */
    CmGame trial; /* 'walk' and the move being judged */
    CmMove best;  /* the review's best move in the exercise's position */
    int has_best;
} Practice;

/* A move being judged. */
typedef struct PracticeTry {
    CmMove move;
    char text[CM_MOVE_TEXT_MAX]; /* the move, canonical */
    int need_search;             /* 1: search 'practice_trial(p)' and give what the search says
                                    to 'practice_judge' */
    PracticeVerdict verdict;     /* once judged */
    int played;                  /* the move of the game */
    int score;                   /* after the move, for the mover's team */
    int drop;                    /* the fall of the chance of winning from the best move's */
    AnalysisEnd end;             /* the move ends the game */
    char line[TEXT_PV_MAX];      /* the engine's line after the move, "" for none */
} PracticeTry;

/* Sets up the exercises of 'game' reviewed in 'plies[0 .. n - 1]': each mistake and blunder of
 * a seat of 'seats' (a bit per seat) whose position is not over. The practice is at the first
 * exercise, if any. CM_ERR_NOMEM. */
CmStatus practice_init(Practice *p, const CmGame *game, const AnalysisPly *plies, int n,
                       unsigned seats);
void practice_free(Practice *p);

/* The ply of the game the exercise in hand is before (-1 when over), and its review. */
int practice_ply(const Practice *p);
const AnalysisPly *practice_review(const Practice *p);

/* The game up to the exercise's position: its position is the one to find a move in. */
const CmGame *practice_game(const Practice *p);

/* The game after the move being judged: what the front end searches (its last position, with
 * the hashes before it as history). */
const CmGame *practice_trial(const Practice *p);

/* Tries 'm' (a legal move of the exercise's position, asked for): fills '*t'. The best move and
 * a move that ends the game are judged at once; any other needs a search ('t->need_search'),
 * whose result goes to 'practice_judge'. CM_ERR_ARG when no exercise asks; CM_ERR_NOMEM. */
CmStatus practice_try(Practice *p, const CmMove *m, PracticeTry *t);

/* Judges 't' from the search of 'practice_trial(p)' ('info': its last iteration, the score for
 * the seat to move there). */
void practice_judge(Practice *p, PracticeTry *t, const CmSearchInfo *info);

/* What a judged move comes to, in a sentence or two: "C6-C4 is the best move.", "... is also
 * good ...", or why it is wrong and what the engine answers. */
size_t practice_verdict_text(const Practice *p, const PracticeTry *t, char *buf, size_t size);

/* What the exercise asks: "Move 2, Black: C5-B5 was a blunder. Find a better move." */
size_t practice_prompt(const Practice *p, char *buf, size_t size);

/* A hint: the piece the best move starts from. Counts as the exercise's hint. */
size_t practice_hint(Practice *p, char *buf, size_t size);

/* Gives up the exercise: the best move, in a sentence; '*best' the move (0 when the review
 * has none). */
size_t practice_show(Practice *p, CmMove *best, char *buf, size_t size);

/* Goes on to the next exercise; one still asking is counted as skipped. Returns 0 when none is
 * left (the practice is over), 1 otherwise; CM_ERR_NOMEM gives -1. */
int practice_next(Practice *p);

/* "Solved 1 of 2; 1 shown." */
size_t practice_summary(const Practice *p, char *buf, size_t size);

#endif
