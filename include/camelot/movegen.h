/* Move generation (docs/rules.md 2.3-2.9, 3.5): plain moves, canters, jumps, knight's charges and
 * castle moves, under the own-castle exit and capture obligations. Each legal move is produced
 * once per effect. Paths (the squares a move lands on, as written) are derived on request.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_MOVEGEN_H
#define CAMELOT_MOVEGEN_H

#include "camelot/position.h"

/* Steps of jump-chain search one generation makes, at most (a step is a leap tried, or the
 * comparison of a new capture with sixteen found before). A jump chain may branch at every
 * leap, so a crafted position (a knight inside a lattice of enemy men) has more chains than
 * could ever be listed: the generation then stops within this budget, in well under a second,
 * with 'overflow' set and the moves it found, which are legal. The positions of games stay far
 * below it: the most measured in engine games of every variant is about 25,000 steps. */
#define CM_GEN_BUDGET 4000000L

/* The most legal moves camelot lists for one position ('cm_movegen_into' with a buffer this
 * big); a 'CmMoveList' holds CM_MAX_MOVES, enough for the engine. */
#define CM_MOVES_LIMIT 16384

/* What 'cm_movegen_count' returns when it cannot tell: the budget ran out. */
#define CM_MOVES_UNKNOWN (-1)

typedef struct CmMoveList {
    int n;        /* moves in 'm' */
    int overflow; /* set when the list holds only some of the moves (see 'cm_movegen_all') */
    CmMove m[CM_MAX_MOVES];
} CmMoveList;

/* Fills 'list' with the legal moves of the seat to move ('pos->to_move'; no skipping) and
 * returns their number. Moves come grouped by from-square, in no promised order. When 'overflow'
 * is set the list holds some of them only: there were more than it holds, or more jump chains
 * than CM_GEN_BUDGET lets the generation explore. */
int cm_movegen_all(const CmPosition *pos, CmMoveList *list);

/* The same into 'out', with room for 'cap' moves; '*overflow_out' (may be NULL) as 'overflow'
 * above. */
int cm_movegen_into(const CmPosition *pos, CmMove *out, int cap, int *overflow_out);

/* Fills 'out' (room for 'cap' moves) with the legal moves of the piece on 'from' (none unless
 * it belongs to the seat to move) and returns their number; '*overflow_out' (may be NULL) is
 * set when there were more than 'cap'. */
int cm_movegen_from(const CmPosition *pos, CmSquare from, CmMove *out, int cap, int *overflow_out);

/* The number of legal moves of the seat to move, as 'cm_movegen_all' would return, without
 * building the list where it can (perft leaves); CM_MOVES_UNKNOWN when the generation's budget
 * ran out (there are moves, but not all were found). */
int cm_movegen_count(const CmPosition *pos);

/* The jump chains of 'seat' in 'pos' (docs/rules.md 2.5, 2.8), one move per effect, from
 * every piece of 'seat' able to jump, without the knight's charges and without the
 * obligations of 2.9 (the caller knows that a capture is forced; the engine's quiescence
 * search uses this). Appended to 'list' when 'append' is set, else 'list' is emptied first.
 * Returns the number of moves added; sets 'list->overflow' when some did not fit. */
int cm_movegen_jumps(const CmPosition *pos, int seat, CmMoveList *list, int append);

/* The same generations within a budget of steps the caller keeps and may share between many
 * (perft's budget is one per command): each generation takes at most '*budget' steps (and
 * never more than CM_GEN_BUDGET) and subtracts the steps it took. When they run out it stops
 * as it does at CM_GEN_BUDGET: 'overflow' set, or CM_MOVES_UNKNOWN. */
int cm_movegen_into_budget(const CmPosition *pos, CmMove *out, int cap, long *budget,
                           int *overflow_out);
int cm_movegen_count_budget(const CmPosition *pos, long *budget);
int cm_movegen_jumps_budget(const CmPosition *pos, int seat, CmMoveList *list, int append,
                            long *budget);

/* Counting the moves after each move of one position, as perft's last two plies do (docs/
 * testing.md, "The perft benchmark"). 'cm_movegen_count_prepare' counts, on the position itself,
 * what each piece of the next seat would have beside its plain moves (canters, charges, castle
 * moves), and notes the squares each count reads; 'cm_movegen_count_after' then counts the
 * position after a move again only for the pieces whose squares the move changed. The counts
 * are those of 'cm_movegen_count_budget'; a position where the next seat must capture or leave
 * a castle, or a seat with more than CM_COUNT_PIECES pieces, is counted afresh. */
#define CM_COUNT_PIECES 64
typedef struct CmCountCache {
    int valid;                       /* 0: every position after a move is counted afresh */
    int seat;                        /* the seat whose moves are counted (the next seat) */
    int castle_ok;                   /* whether it may still make a castle move */
    int plain;                       /* its plain moves */
    int sum;                         /* the pieces' counts together */
    int npieces;                     /* its pieces */
    int count[CM_COUNT_PIECES];      /* each piece's count, plain moves left out */
    CmSquare sq[CM_COUNT_PIECES];    /* each piece's square */
    uint64_t reach[CM_COUNT_PIECES]; /* each piece's canter reach (a grid of its class) */
    /* The squares each count reads, and those each canter reach reads: word w of piece i's set
     * of squares (as in 'CmSquareSet') is '[w][i]', so that the pieces reading a square are
     * found with one pass over one row. */
    uint64_t dep[4][CM_COUNT_PIECES];
    uint64_t dep_reach[4][CM_COUNT_PIECES];
    uint8_t step_in[CM_SQUARES];  /* the pieces that could make a plain move onto each square */
    uint64_t pf[CM_DIR_COUNT][4]; /* the friends to canter over ('CmGen.pf') */
    uint64_t enemy[4], empty[4];  /* class grids of its enemies and of the empty squares */
} CmCountCache;

/* Prepares 'cc' for the positions after the moves of 'pos', within the steps '*budget' (as
 * 'cm_movegen_count_budget' takes them). */
void cm_movegen_count_prepare(CmCountCache *cc, const CmPosition *pos, long *budget);

/* The number of legal moves of the seat to move in 'after', the position 'cc' was prepared for
 * after its seat to move played 'm': what 'cm_movegen_count_budget(after, budget)' returns. */
int cm_movegen_count_after(const CmCountCache *cc, const CmPosition *after, const CmMove *m,
                           long *budget);

/* The obligation in force for the seat to move (docs/rules.md 2.9 steps 1-2). */
typedef enum CmObligationKind {
    CM_OBLIGE_NONE,    /* free choice */
    CM_OBLIGE_EXIT,    /* pieces in the own (or a side) castle must leave; 'pieces' = them */
    CM_OBLIGE_CAPTURE, /* a capture is compulsory; 'pieces' = the pieces able to jump */
} CmObligationKind;

typedef struct CmObligation {
    CmObligationKind kind;
    CmSquareSet pieces;
} CmObligation;

void cm_movegen_obligation(const CmPosition *pos, CmObligation *out);

/* Whether the piece on 'sq' could make a jump leap from there (with its own square empty
 * for the rest of the move): docs/rules.md 2.6 "able to jump". */
int cm_movegen_can_jump(const CmPosition *pos, CmSquare sq);

/* A written path: the start square, then every landing square; 'jump[i]' (i >= 1) is set when
 * landing i was reached by a jump leap ('x'), clear for a plain move or canter leap ('-'). */
typedef struct CmPath {
    int n; /* squares in 'sq', start included */
    CmSquare sq[CM_MAX_PATH];
    uint8_t jump[CM_MAX_PATH];
} CmPath;

/* Calls 'fn' for every legal path of the seat to move whose effect is 'm' (every path when 'm'
 * is NULL), until 'fn' returns non-zero or 'limit' paths were given. Canter parts never visit
 * a square twice (docs/rules.md 2.4). Returns the number of paths given. */
typedef int (*CmPathFn)(void *ud, const CmPath *path, const CmMove *effect);
int cm_movegen_paths(const CmPosition *pos, const CmMove *m, int limit, CmPathFn fn, void *ud);

/* The canonical path of a legal move: the shortest, ties broken bytewise on the written form
 * (docs/rules.md 2.10). Returns CM_OK, or CM_ERR_ILLEGAL when 'm' is not legal here. */
CmStatus cm_movegen_canonical(const CmPosition *pos, const CmMove *m, CmPath *out);

/* Index of the move in 'list' with the same effect as 'm', or -1. */
int cm_movelist_find(const CmMoveList *list, const CmMove *m);

/* Whether two moves have the same effect. */
static inline int cm_move_same(const CmMove *a, const CmMove *b)
{
    return a->from == b->from && a->to == b->to && cm_set_equal(&a->cap, &b->cap);
}

#endif
