/* The search engine: iterative-deepening alpha-beta (principal-variation search) with a
 * transposition table, quiescence over forced captures and castle entries, levels 1-10 for
 * people, a stop flag and helper threads. Pure: no I/O, no clock (time comes from the caller's
 * callback), no globals; its threads live only while a search runs. See docs/engine.md.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_ENGINE_H
#define CAMELOT_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>

#include "camelot/rules.h"

#define CM_ENGINE_MAX_PLY 128  /* deepest ply the search reaches, extensions included */
#define CM_ENGINE_MAX_DEPTH 64 /* deepest nominal iteration */
#define CM_ENGINE_MAX_PV 64    /* moves kept in a principal variation */
#define CM_ENGINE_LEVELS 10    /* levels 1 .. 10; 10 is full strength */

/* Scores are from the side to move's point of view, about 100 per man. A won game scores
 * 'CM_SCORE_WIN' minus the plies to the win; a lost one the negation. */
#define CM_SCORE_WIN 30000
#define CM_SCORE_INF 32000
#define CM_SCORE_IS_MATE(s) ((s) > CM_SCORE_WIN - 1000 || (s) < -(CM_SCORE_WIN - 1000))

typedef struct CmEngine CmEngine;

/* How games of more than two teams (Four-Handed Chivalry, individual game) are searched. */
typedef enum CmMultiMode {
    CM_MULTI_BRS,      /* Best-Reply Search: the strongest single reply of any opponent */
    CM_MULTI_PARANOID, /* every opponent plays against the side to move, in turn order */
    CM_MULTI_COUNT
} CmMultiMode;

/* Search switches. Each is on by default only if a match showed that it gains; the null move,
 * the futility family and the hash move before generation did not, so they are off
 * (docs/engine.md). */
typedef struct CmEngineOptions {
    int null_move;     /* 1: null-move pruning where no capture is forced (default 0) */
    int lmr;           /* 1: late move reductions and late move pruning */
    int futility;      /* 1: reverse futility, razoring and futility pruning (default 0) */
    int hash_first;    /* 1: the hash move is tried before the others are generated (default 0) */
    int start_pct;     /* in play ('use_all_time' clear), no iteration is begun once this share
                          of the time, in percent, is gone (default 70) */
    int capture_ext;   /* a node where a capture is forced and at most this many moves exist
                          is searched a ply deeper (default 3; 0: only single moves are) */
    int partial;       /* 1: a better root move found by an iteration the clock cut short is
                          played rather than the last whole iteration's */
    int lmr_pct;       /* late move reduction, in percent of ln(depth) x ln(moves) (default
                          50) */
    CmMultiMode multi; /* search for games of more than two teams */
    int counter;       /* 1: a quiet move that refuted the move before is tried after the
                          killers (default 0) */
    int hist_prune;    /* quiet moves whose history is below -this times the depth are skipped
                          at depth 3 or less off the principal variation (0, the default: none) */
    int aspiration;    /* the aspiration window, in points (default 40) */
    int rfp;           /* reverse futility: at depth 3 or less off the principal variation, a static
                          evaluation this many points a ply above beta cuts, unless an enemy piece
                          is 1-2 steps from its target castle (default 120; 0: none) */
    int iir;           /* 1: a node of depth 4 or more without a hash move is searched a ply
                          less (default 0) */
    int rfp_depth;     /* the deepest node reverse futility may cut (default 3) */
    int lmp_base;      /* late move pruning: at depth 4 or less off the principal variation,
                          the quiet moves after this many plus the depth squared are not
                          searched (default 3) */
    int improving;     /* in variants won by two pieces in a castle, 1: where the static evaluation
                          is above the one two plies before (the same side to move), reverse
                          futility's margin is a ply smaller, and elsewhere late move pruning
                          searches two thirds of its quiet moves (default 1) */
    int lmr_improving; /* with 'improving': a late quiet move off the principal variation is reduced
                          a ply more where the evaluation did not rise (default 1) */
    int lmr_hist;      /* N > 0: late move reductions change by the move's history divided by N (a
                          ply less for a history of +N), in place of a ply more for a history below
                          0 (default 0) */
    int razor;         /* N > 0: at depth 2 or less off the principal variation, a static evaluation
                          N points a ply below alpha drops into the quiescence search, and the node
                          is cut when it stays at or below alpha (default 0) */
    int threat_ext;    /* in variants won by two pieces in a castle, N > 0: a move that comes to N
                          steps or fewer from its target castle (or into it), and closer than it
                          was, is searched a ply deeper (default 1) */
    int threat_order;  /* in variants won by two pieces in a castle, N > 0: such a move to N steps
                          or fewer is tried before the killers, and so is neither reduced nor pruned
                          as a late quiet move (default 1) */
    int near_lmr;      /* in variants won by two pieces in a castle: late move reductions a ply
                          smaller where an enemy piece is 1-2 steps from its target castle (1), or a
                          piece of either side is (2) (default 0) */
    int tt_eval;       /* 1: reverse futility and razoring go by the table's score where its bound
                          says it is nearer the truth than the static evaluation (above it for a
                          lower bound, below for an upper) (default 0) */
    /* For experiments with the levels below 10 (docs/engine.md, "Levels"); -1 (the default)
     * keeps the level's own value. */
    int level_noise; /* root misjudgement, in points either way */
    int level_hide;  /* root moves not seen, in percent */
    int level_blind; /* root moves whose replies are not looked at, in percent */
} CmEngineOptions;

/* Sets the default (strongest measured) options. */
void cm_engine_default_options(CmEngineOptions *opt);

/* Creates an engine for variant 'v' (which must outlive it) with a transposition table of at
 * most 'tt_bytes' bytes (at least 64 KiB is used). Precomputes the evaluation tables from the
 * variant's geometry. On success '*out' is the engine, to be released with 'cm_engine_free';
 * returns CM_ERR_NOMEM otherwise. */
CmStatus cm_engine_new(const CmVariant *v, size_t tt_bytes, CmEngine **out);

/* Releases an engine; NULL does nothing. */
void cm_engine_free(CmEngine *e);

/* The variant the engine was made for. */
const CmVariant *cm_engine_variant(const CmEngine *e);

/* Replaces the options (defaults after 'cm_engine_new'). */
void cm_engine_set_options(CmEngine *e, const CmEngineOptions *opt);

#define CM_ENGINE_MAX_THREADS 64

/* Searches with 'n' threads from now on (1 .. CM_ENGINE_MAX_THREADS; 1 at creation): at level
 * 10 'cm_engine_search' then runs 'n - 1' helper threads beside the caller's, which share the
 * transposition table and end with the search (Lazy SMP). Levels below 10 search alone.
 * CM_ERR_ARG for a count out of range, CM_ERR_NOMEM (the engine keeps its old count). */
CmStatus cm_engine_set_threads(CmEngine *e, int n);

/* Forgets what earlier searches learnt (transposition table, move history): for a new game,
 * or to make a search repeatable node for node. */
void cm_engine_clear(CmEngine *e);

/* Nodes between two looks at the node limit, the clock and the stop flag, at most. */
#define CM_ENGINE_POLL_NODES 1024

/* Steps of move generation (a jump leap tried; see CM_GEN_BUDGET) between two looks at most:
 * after a node whose moves took long to find, the limits are looked at again at once. */
#define CM_ENGINE_POLL_STEPS 65536

/* The steps one node below the root may use to find its moves (the root has the whole
 * CM_GEN_BUDGET): five times the most measured in the positions of games (about 25,000). In a
 * crafted position with more jump chains than that, the node searches the moves it found. */
#define CM_ENGINE_NODE_STEPS 131072

/* Nodes of one quiescence search (the one below a leaf of the main search) at most, about 40
 * times the most measured in games: where jump chains answer jump chains without an end in
 * sight (a board full of men that can all jump), the nodes past them take the static
 * evaluation. */
#define CM_ENGINE_QS_NODES 20000

/* Limits of one search. Zero means "no limit" for each; a search with none runs to
 * CM_ENGINE_MAX_DEPTH or until stopped. */
typedef struct CmLimits {
    int depth;                    /* nominal depth in plies, 0 .. CM_ENGINE_MAX_DEPTH */
    uint64_t nodes;               /* nodes: the search stops when it has searched this many
                                     (with threads, the caller's thread has) */
    uint64_t time_ms;             /* thinking time for this move, needs 'now_ms' */
    int use_all_time;             /* 1: go on until 'time_ms' (analysis); 0: do not start an
                                     iteration unlikely to finish in time (play) */
    uint64_t (*now_ms)(void *ud); /* a monotonic clock in milliseconds, or NULL */
    void *clock_ud;               /* passed to 'now_ms' */
    const atomic_bool *stop;      /* owned by the caller, who may set it from any thread, before
                                     or during the search: the search then ends at its next
                                     look (see CM_ENGINE_POLL_NODES) with the best move so far;
                                     NULL: none */
    int level;                    /* 1 .. 10; 0 means 10 */
    uint64_t seed;                /* the moves level 1 overlooks are drawn from it */
    const CmMove *exclude;        /* root moves left out of the search (by effect), as when
                                     the second-best move is wanted; NULL: none */
    int nexclude;                 /* moves in 'exclude', 0 .. CM_MAX_MOVES */
} CmLimits;

/* Zero limits: level 10, no depth, node or time limit. */
void cm_limits_init(CmLimits *lim);

/* The approximate rating of level 'level' (1 .. CM_ENGINE_LEVELS; others are brought within):
 * each level apart from the one below by the score of their match (Camelot, 200 games,
 * docs/engine.md, "Levels"), and level 5 at 1500, a new player's rating. */
int cm_engine_level_rating(int level);

/* What the search knows after an iteration. The principal variation starts with the move of
 * the seat to move in the (settled) root position; later moves may belong to any seat (seats
 * that cannot move are skipped; under Best-Reply Search one opponent answers for all). */
typedef struct CmSearchInfo {
    int depth;        /* completed nominal depth */
    int seldepth;     /* deepest ply reached */
    int score;        /* for the seat to move (its team), see 'CM_SCORE_WIN' */
    uint64_t nodes;   /* nodes searched so far in this search, by all its threads */
    uint64_t time_ms; /* time used, 0 without a clock */
    int npv;
    CmMove pv[CM_ENGINE_MAX_PV];
} CmSearchInfo;

/* Called after every completed iteration, on the searching thread. */
typedef void (*CmProgressFn)(void *ud, const CmSearchInfo *info);

typedef struct CmSearchResult {
    int has_move;      /* 0 when the game is over in the root position */
    int seat;          /* the seat that plays 'move' (after skipping, 2.11.3) */
    CmMove move;       /* a legal move of 'seat', as made by the move generator */
    CmOutcome outcome; /* the root position's outcome when 'has_move' is 0 */
    CmSearchInfo info; /* the last completed iteration */
} CmSearchResult;

/* Searches 'pos' (a position of the engine's variant; settled first, as 'cm_rules_settle'
 * does) within 'lim', leaving out the root moves of 'lim->exclude' (then 'has_move' is 0 when
 * every move is left out). 'history' holds the hashes of the positions of the game before 'pos'
 * (as in 'CmGame.hashes', oldest first; may be NULL when 'nhistory' is 0) so that repetitions
 * are seen. 'progress' (may be NULL) is called after each iteration. Fills '*out' and returns
 * CM_OK; CM_ERR_ARG when 'pos' is of another variant or a limit is out of range. The move is
 * always one the rules core generated for the position, even when the search is stopped at
 * once (then it is the first ordered move). */
CmStatus cm_engine_search(CmEngine *e, const CmPosition *pos, const uint64_t *history, int nhistory,
                          const CmLimits *lim, CmProgressFn progress, void *ud,
                          CmSearchResult *out);

/* The static evaluation of 'pos' for its seat to move (its team), as the search sees it:
 * useful to tests and to tune the evaluation. */
int cm_engine_evaluate(CmEngine *e, const CmPosition *pos);

/* The terms of the evaluation, each with a weight in points (docs/engine.md). The evaluation
 * is the sum over the terms of weight times count, the counts taken for the side to move
 * against the other side. */
typedef enum CmEvalTerm {
    CM_EVAL_MAN,            /* per man */
    CM_EVAL_KNIGHT,         /* per knight */
    CM_EVAL_ADVANCE_MAN,    /* per man and step nearer its target castle, in 1/16 point */
    CM_EVAL_ADVANCE_KNIGHT, /* the same for a knight */
    CM_EVAL_NEAR0,          /* per piece in its target castle */
    CM_EVAL_NEAR1,          /* per piece 1 step from it */
    CM_EVAL_NEAR2,
    CM_EVAL_NEAR3,
    CM_EVAL_NEAR4,
    CM_EVAL_CENTRE,        /* per piece and step nearer the centre (no castle win) */
    CM_EVAL_THREATENED,    /* per piece of the side to move the other side could jump now */
    CM_EVAL_THREAT_KNIGHT, /* extra when that piece is a knight */
    CM_EVAL_GUARDED,       /* per piece no jump can reach where it stands */
    CM_EVAL_TEMPO,         /* for having the move */
    CM_EVAL_DEFENDER,      /* per piece within 2 steps of its own castle */
    CM_EVAL_TRADE,         /* per piece more than the other side, times the share of the
                              pieces of the start that are gone */
    CM_EVAL_THREAT_MORE,   /* per piece of the side to move the other side could jump now,
                              past the first */
    CM_EVAL_RUNNER,        /* per piece 1-3 steps from its target castle with no enemy piece
                              within 2 steps of it */
    CM_EVAL_SECOND,        /* per such piece of a side that has a piece in its target castle:
                              one more there wins in Camelot and Chivalry */
    CM_EVAL_NEAREST,       /* per step short of 8 steps of the side's pieces nearest its
                              target castle, as many as must still enter it (where two must) */
    CM_EVAL_TERMS
} CmEvalTerm;

/* The name of term 't' ("man", "advance-knight", ...), or NULL when there is none. */
const char *cm_engine_term_name(int t);

/* The term named 'name', or -1 when there is none. */
int cm_engine_term_find(const char *name);

/* The engine's weights, 'CM_EVAL_TERMS' of them, into 'w'. */
void cm_engine_get_weights(const CmEngine *e, int *w);

/* Replaces the weights (and rebuilds the tables made from them). */
void cm_engine_set_weights(CmEngine *e, const int *w);

/* The static evaluation of 'pos' as 'cm_engine_evaluate' gives it, and in 'count' the count of
 * each term, so that the evaluation is close to the sum of weight times count (it differs by
 * rounding). Returns 0 with nothing in 'count' when the seat to move must capture (the search
 * never evaluates such a position) or the variant's sides are not two teams. */
int cm_engine_eval_trace(CmEngine *e, const CmPosition *pos, double *count, int *eval);

/* ---- An engine playing a seat of a game ------------------------------------------------ */

/* The same for a game here and on a server: how long the engine thinks, and when it accepts a
 * draw. */
#define CM_ENGINE_DRAW_MS 500     /* the most an engine thinks about a draw offer */
#define CM_ENGINE_DRAW_ACCEPT 50  /* it accepts a draw below this score for its side, */
#define CM_ENGINE_DRAW_CALM 3     /* when its last this many moves scored below it too, */
#define CM_ENGINE_DRAW_OPENING 10 /* and the game has had this many moves of every seat */

/* How long an engine of 'level' thinks for a move, its seat's clock showing 'left' ms (-1:
 * untimed) with 'inc' ms added a move: a share of the clock, capped by the level. */
uint64_t cm_engine_think_ms(int level, int64_t left, int64_t inc);

/* An engine seat's count of its last moves in a row whose search ('info') scored below
 * CM_ENGINE_DRAW_ACCEPT for its side, after one more move with 'calm' before it. */
int cm_engine_draw_calm(int calm, const CmSearchInfo *info);

/* Whether an engine accepts a draw: its 'score' for its own side is below
 * CM_ENGINE_DRAW_ACCEPT, its last 'calm' moves scored below it too (at least
 * CM_ENGINE_DRAW_CALM), and the game is past the opening ('plies' of 'nseats' seats: at least
 * CM_ENGINE_DRAW_OPENING moves of every seat). */
int cm_engine_draw_accepts(int score, int calm, int plies, int nseats);

#endif
