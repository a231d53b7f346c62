/* The engine's private state, shared by engine.c, search.c, eval.c and tt.c.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_ENGINE_INT_H
#define CAMELOT_ENGINE_INT_H

#include <stdatomic.h>
#include <stdbool.h>

#include "camelot/engine.h"

/* Game positions kept for repetition checks, the search path included. */
#define HIST_MAX 1024

/* ---- Transposition table (tt.c) ---------------------------------------------------------- */

enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

/* A move as the table keeps it: from, to and a 16-bit signature of the captured squares. */
typedef struct TTMove {
    uint8_t from, to;
    uint16_t capsig;
} TTMove;

/* An entry as a probe returns it. */
typedef struct TTEntry {
    uint64_t key;
    int16_t score; /* mate scores relative to the node, see 'tt_score_to' */
    uint8_t depth; /* remaining depth searched, 0 .. CM_ENGINE_MAX_PLY */
    uint8_t bound; /* 'TT_*' in bits 0-1, the search's age in bits 2-7 */
    TTMove move;   /* 'from == to' when there is none */
} TTEntry;

/* An entry as the table keeps it: the fields packed in 'data', and the key XOR 'data' in
 * 'check'. Threads that share the table read and write the two words without a lock; a slot
 * half written by one thread while another reads it fails the check and counts as empty. */
typedef struct TTSlot {
    _Atomic uint64_t check;
    _Atomic uint64_t data;
} TTSlot;

#define TT_BUCKET 4
typedef struct TTBucket {
    TTSlot e[TT_BUCKET];
} TTBucket;

/* ---- Evaluation (eval.c) ----------------------------------------------------------------- */

/* One table of weights per variant family, chosen from the variant's rules and geometry. */
/* The weights, indexed by the terms of 'CmEvalTerm' (engine.h), so that 'camelot tune' can
 * fit them; the named fields of earlier versions are the first terms. */
typedef struct EvalParams {
    const char *family; /* "race" (1-piece castle win), "camelot", "team", "melee" */
    int w[CM_EVAL_TERMS];
} EvalParams;

/* ---- The engine -------------------------------------------------------------------------- */

/* How the seats are split into the two sides of the search. */
enum { MODE_TEAMS, MODE_PARANOID, MODE_BRS };

/* Per-ply working storage, kept in the engine: a move list is too large for the stack. */
typedef struct Ply {
    CmMoveList list;
    int order[CM_MAX_MOVES]; /* ordering scores of 'list' */
    CmUndo undo;
    CmSquare from, to;      /* the move being tried */
    int turn;               /* the seat to move before the move being tried */
    int psum[CM_MAX_SEATS]; /* 'e->psum' before the move being tried */
    CmMove killer[2];
    int eval; /* static evaluation, when computed */
} Ply;

struct CmEngine {
    const CmVariant *v;
    CmEngineOptions opt;

    /* Transposition table: 'tt_mask + 1' buckets, in the block 'tt_mem' (which 'tt' may
     * start a little into, for alignment). */
    TTBucket *tt;
    void *tt_mem;
    size_t tt_mask;
    uint8_t age;      /* 0 .. 63, advanced at every search */
    uint64_t tt_salt; /* mixed into the keys when the scores depend on the root
                         seat (paranoid and BRS searches) */

    /* Evaluation tables, from the variant. */
    EvalParams par;
    int16_t pst[CM_MAX_SEATS][CM_KIND_COUNT][CM_SQUARES]; /* material and placement */
    uint8_t dist[CM_MAX_SEATS][CM_SQUARES]; /* steps to the target castle (or the centre) */
    int dmax[CM_MAX_SEATS];                 /* the most steps of 'dist' */
    uint64_t near_target[CM_MAX_SEATS][4];  /* class grids of squares 1-2 steps from it */
    uint64_t near_home[CM_MAX_SEATS][4];    /* class grids of squares 0-2 steps from a castle
                                               the other side aims at */
    CmSquareSet runway[CM_MAX_SEATS];       /* squares 1-3 steps from the target castle */
    CmSquareSet nearway[CM_MAX_SEATS];      /* squares 1-7 steps from it */
    CmSquareSet box2[CM_SQUARES];           /* squares within 2 king steps of each square */
    int start_pieces;                       /* pieces on the board at the start */
    unsigned enemy_seats[CM_MAX_SEATS];     /* seats whose pieces a seat may jump */
    uint64_t nostep_any[4];                 /* castle squares of every seat, class grids */
    uint64_t axis_on[4][4]; /* class grids: squares whose two neighbours along an axis
                               (directions d and d + 4) are both board squares */
    /* The same shifts by direction, a lane per class (see eval.c): mask, left, right. */
    uint64_t vstep[CM_DIR_COUNT][12]; /* lane c: 'cstep[c][d]' */
    uint64_t vland[CM_DIR_COUNT][12]; /* lane c: 'cstep[c][d ^ 4]' */
    uint64_t vaxis[CM_DIR_COUNT][4];  /* lane c: 'axis_on' of class 'cmid[c][d]', axis d */

    /* The search in progress. */
    CmPosition pos;                /* the working position, moved along the tree */
    int psum[CM_MAX_SEATS];        /* material and placement of each seat in 'pos' */
    int mode;                      /* 'MODE_*' */
    int root_seat;                 /* paranoid and BRS: the seat the search plays for */
    unsigned side_seats[2];        /* seats of side 0 and side 1 */
    uint8_t side_of[CM_MAX_SEATS]; /* 0 or 1 */
    int improving;                 /* the 'improving' switch, in this search */
    /* The switches of the same names, in this search (see 'cm_search_run'). */
    int lmr_improving, threat_ext, threat_order, near_lmr;
    int noise;    /* amplitude of the level's root misjudgement */
    int hide;     /* percent of root moves the level does not see */
    int blind;    /* percent of root moves whose replies it does not see */
    int weakened; /* any of the three: the root is 'search_root_weak''s */
    CmMove pick;  /* the move such a level plays, after an iteration */
    uint64_t noise_seed;
    uint64_t nodes;
    uint64_t node_limit;
    uint64_t next_poll;
    long poll_steps;  /* steps of move generation since the last look at the limits */
    uint64_t qs_left; /* nodes the quiescence search in progress may still search */
    int qs_cut;       /* set when it ran out of them: its scores are not stored */
    uint64_t t0, hard_ms;
    int has_clock;
    int aborted;
    int seldepth;
    const CmLimits *lim;

    /* Hashes of the game's positions, then of the search path: 'keys[hbase + ply]'. */
    uint64_t keys[HIST_MAX + CM_ENGINE_MAX_PLY + 2];
    int hbase;
    int nullb[CM_ENGINE_MAX_PLY + 2]; /* first index of 'keys' a repetition may match, per
                                         ply (after a null move, nothing before it) */
    int root_depth;                   /* nominal depth of the iteration in progress */
    CmMove prev_best;                 /* the last completed iteration's move ('has_prev') */
    int has_prev;
    CmMove iter_best; /* the best root move of the iteration in progress, when one has
                         been searched to the end with a score above alpha ('has_iter') */
    int has_iter;

    /* History of quiet moves, by seat and the squares' places in 'sqidx' (so that a small
     * board uses a small corner of the table): -HISTORY_MAX .. HISTORY_MAX. */
    int16_t history[CM_MAX_SEATS][CM_SQUARES][CM_SQUARES];
    /* The quiet move (from, to; 0 for none) that last refuted each move (by its squares). */
    uint16_t counter[CM_SQUARES][CM_SQUARES];
    uint8_t sqidx[CM_SQUARES]; /* place of each board square, 0 .. nsquares - 1 */
    int8_t lmr[64][64];        /* late move reduction by depth and moves searched */
    CmMove pv[CM_ENGINE_MAX_PLY + 1][CM_ENGINE_MAX_PLY + 1];
    int pvlen[CM_ENGINE_MAX_PLY + 1];
    CmMoveList tmp;       /* scratch list (BRS replies of one seat) */
    CmMoveList root_list; /* the root's moves, as 'cm_movegen_all' gave them */
    Ply ply[CM_ENGINE_MAX_PLY + 2];

    /* Threads (Lazy SMP): the helpers search the same root beside this engine, sharing its
     * table, until it is done. A helper's 'tt_mem' is NULL (the table is not its own). */
    int nhelpers;
    CmEngine **helpers;
    atomic_bool helpers_stop;     /* set when this engine's search is done */
    _Atomic uint64_t shown_nodes; /* 'nodes' as at the last poll, for the main thread */
    int depth_bonus;              /* a helper's iterations go this much deeper */
};

/* engine.c */
uint64_t cm_engine_helper_nodes(const CmEngine *e);

/* tt.c */
CmStatus cm_tt_alloc(CmEngine *e, size_t bytes);
void cm_tt_clear(CmEngine *e);
int cm_tt_probe(const CmEngine *e, uint64_t key, TTEntry *out);
void cm_tt_store(CmEngine *e, uint64_t key, int score, int depth, int bound, const CmMove *m);
uint16_t cm_tt_capsig(const CmMove *m);
static inline int cm_tt_move_is(const TTMove *t, const CmMove *m)
{
    return t->from != t->to && t->from == m->from && t->to == m->to && t->capsig == cm_tt_capsig(m);
}

/* eval.c */
void cm_eval_init(CmEngine *e);
int cm_eval_position(const CmEngine *e, const CmPosition *pos);
/* Both at once for the seat to move: '*forced' as 'cm_eval_capture_forced' gives it, and the
 * evaluation unless the seat must capture (then 0). */
int cm_eval_probe(const CmEngine *e, const CmPosition *pos, int *forced);
/* 'cm_engine_eval_trace' for the working position, with 'e->psum' set. */
int cm_eval_trace(const CmEngine *e, const CmPosition *pos, double *tr, int *eval);
/* Material and placement of a seat, counted from scratch. */
int cm_eval_material(const CmEngine *e, const CmPosition *pos, int seat);
/* 1 when the seat must capture ('seat' is the seat to move), 0 when it need not, 2 when a
 * piece stands on an own or side castle square (the exit rule: ask the core). */
int cm_eval_capture_forced(const CmEngine *e, const CmPosition *pos, int seat);
/* Whether a piece of 'seat' stands 1-2 steps from its target castle. */
int cm_eval_near_target(const CmEngine *e, const CmPosition *pos, int seat);
/* Gives 'to' the evaluation weights of 'from' (an engine of the same variant): a helper
 * thread evaluates as its caller does. */
void cm_eval_copy(CmEngine *to, const CmEngine *from);

/* search.c */
/* Splits the seats into the two sides of a search from 'e->pos' (mode, root seat). */
void cm_search_set_sides(CmEngine *e);
void cm_search_run(CmEngine *e, const CmPosition *root, const CmLimits *lim, CmProgressFn progress,
                   void *ud, CmSearchResult *out);

#endif
