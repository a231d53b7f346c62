/* Reviewing a game with the engine: for every ply, the engine's best move and score before it,
 * the score after the move played, both for the team of the seat that moved, the loss and a
 * mark (docs/learning.md); a move the searches mark is checked by a search of the other moves
 * before a better one is named. Shared by the 'review' command and its screen; prints nothing.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_ANALYSIS_H
#define CAMELOT_ANALYSIS_H

#include "camelot/engine.h"
#include "camelot/notation.h"
#include "camelot/rules.h"
#include "session.h"

/* A move is marked by what it does to the mover's chance of winning, as lichess marks moves:
 * the fall of the chance, in tenths of a percentage point, from which a move is an inaccuracy,
 * a mistake or a blunder (lichess's 0.1, 0.2 and 0.3 of its winning chances, which run from -1
 * to 1, are 5, 10 and 15 points of the chance). A fall of two men when the game is won either
 * way is no mistake; the same fall from an even game is. */
#define ANALYSIS_INACCURACY 50
#define ANALYSIS_MISTAKE 100
#define ANALYSIS_BLUNDER 150

/* The chance of winning of a score (hundredths of a man, for the mover's team):
 * 1 / (1 + 10^(-K * score / 400)), the curve 'camelot tune' fits to the results of games, with
 * its K for Camelot (docs/learning.md says how it was fitted); a won game is 1, a lost one 0. */
#define ANALYSIS_CHANCE_K 0.97

/* A review by the clock searches each position first for this part of its time, in percent,
 * and keeps the rest for the moves those searches mark; a search of such a move takes at most
 * ANALYSIS_CRITICAL_MAX positions' time (docs/learning.md). */
#define ANALYSIS_QUIET_PART 60
#define ANALYSIS_CRITICAL_MAX 3

/* A won game counts as this many hundredths of a man (ten men) when losses are reckoned, so
 * that missing a win is a blunder but a slower win is no loss. */
#define ANALYSIS_WIN_CAP 1000

typedef enum AnalysisMark {
    ANALYSIS_MARK_NONE,
    ANALYSIS_MARK_INACCURACY,
    ANALYSIS_MARK_MISTAKE,
    ANALYSIS_MARK_BLUNDER,
    ANALYSIS_MARK_COUNT
} AnalysisMark;

/* What a game's end means for a team, after the last move. */
typedef enum AnalysisEnd {
    ANALYSIS_END_NONE, /* the game goes on: the score is the engine's */
    ANALYSIS_END_WON,
    ANALYSIS_END_DRAWN,
    ANALYSIS_END_LOST
} AnalysisEnd;

typedef struct AnalysisPly {
    int seat;                    /* the seat that moved */
    int best_score;              /* the engine's score before the move, for the mover's team */
    int score;                   /* the score after the move played, for the mover's team */
    AnalysisEnd end;             /* the game over after the move: 'score' says it as a score */
    int loss;                    /* hundredths of a man, never below 0, wins counted as
                                    ANALYSIS_WIN_CAP */
    int drop;                    /* the fall of the mover's chance of winning, tenths of a
                                    percentage point, 0 .. 1000 */
    AnalysisMark mark;           /* from 'drop' and the thresholds above */
    int best_played;             /* 1 when the move played is the engine's best */
    int checked;                 /* the first searches marked the move, and the best of the
                                    other moves was searched again ('others_score') */
    int others_score;            /* that search's score, for the mover's team: the move is marked
                                    by the smaller of the two falls, and 'best' is its move */
    int depth;                   /* the depth the search before the move completed */
    char move[CM_MOVE_TEXT_MAX]; /* the move played, canonical */
    char best[CM_MOVE_TEXT_MAX]; /* the engine's best move, canonical */
} AnalysisPly;

/* Called after each ply is analysed ('i' from 0); the callee may stop the review by setting
 * the limits' stop flag. */
typedef void (*AnalysisFn)(void *ud, int i, const AnalysisPly *p);

/* Reviews the moves of 'game' with engine 'e' (of the game's variant), each position searched
 * within 'lim' (its 'stop' flag, when set, ends the review after the ply in hand). Fills
 * 'out[0 .. game->n - 1]' and calls 'each' (may be NULL) after each ply. The first 'from'
 * plies are in 'out' already (a review taken up again): they are played, not searched, and
 * 'each' is called for them as they are. Returns the number of plies reviewed, or -1 when
 * memory ran out. */
int analysis_run(const CmGame *game, CmEngine *e, const CmLimits *lim, AnalysisPly *out, int from,
                 AnalysisFn each, void *ud);

/* The mark of a loss: "", "inaccuracy", "mistake", "blunder". */
const char *analysis_mark_name(AnalysisMark m);

/* The sign of a mark, as annotations write it: "", "?!", "?", "??". */
const char *analysis_mark_sign(AnalysisMark m);

/* The mark of a fall of the chance of winning, in tenths of a percentage point. */
AnalysisMark analysis_mark(int drop);

/* The chance of winning of 'score' for the mover's team, 0 .. 1 (ANALYSIS_CHANCE_K). */
double analysis_chance(int score);

/* The fall of the chance of winning from 'before' to 'after' (scores for the same team), in
 * tenths of a percentage point, never below 0. */
int analysis_drop(int before, int after);

/* The score that ply 'p''s mark is reckoned from, for the mover's team: the first search's
 * before the move, or, when the move was checked, the lower of it and the other moves'. */
int analysis_reference(const AnalysisPly *p);

/* The score of a finished game for the team of 'seat' (a win or a loss as CM_SCORE_WIN, a draw
 * 0), and in '*end' what it is. */
int analysis_end_score(const CmVariant *v, const CmOutcome *o, int seat, AnalysisEnd *end);

/* A score capped at a won game's worth (ANALYSIS_WIN_CAP), for graphs and losses. */
int analysis_capped(int score);

/* ---- The analysis board's engine ------------------------------------------------------------
 *
 * The engine looks at the position of a session's game at full strength, for as long as the
 * position stays (up to ANALYSIS_LIVE_MS), and each iteration it completes is its news: the
 * depth, the score and the line grow while the player watches. A move, or a step back or
 * forward, starts it again on the new position. */

#define ANALYSIS_LIVE_MS 120000 /* the longest the engine looks at one position */

typedef struct AnalysisLive {
    EngineThread *et;          /* NULL: no engine, and no news */
    unsigned ticket;           /* the search under way */
    int running;               /* a search is under way */
    unsigned seq;              /* its progress counter last seen */
    int has_info;              /* 'info' is a completed iteration of the position */
    CmSearchInfo info;         /* depth, nodes, the score for the seat to move ('seat'), line */
    char pv_text[TEXT_PV_MAX]; /* the line, each ply with its seat */
    int seat;                  /* the seat to move in the position searched */
    int ply;                   /* the plies of the game before it */
    uint64_t hash;             /* the position searched */
    int looking;               /* the position has been given to the engine (over: nothing) */
} AnalysisLive;

/* Sets up the engine's side of an analysis board, on engine thread 'et' (NULL: none). */
void analysis_live_init(AnalysisLive *a, EngineThread *et);

/* Looks at the position of 's''s game now, the search before dropped; nothing when it is the
 * position looked at already. A game that is over has nothing to look at. */
void analysis_live_follow(AnalysisLive *a, Session *s);

/* Takes the engine's news: returns 1 when 'info' changed. */
int analysis_live_tick(AnalysisLive *a);

/* Drops the search under way. */
void analysis_live_stop(AnalysisLive *a);

#endif
