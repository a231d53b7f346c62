/* The move generator's working state, shared by movegen.c and paths.c.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_MOVEGEN_INT_H
#define CAMELOT_MOVEGEN_INT_H

#include "camelot/movegen.h"

#define CM_GEN_SLOTS 2048 /* hash slots for one piece's capture effects (a power of two) */

typedef struct CmGen {
    const CmVariant *v;
    const uint8_t *fl; /* square flags seen from the seat to move */
    uint16_t fr, en;   /* friend and enemy cells of the seat to move */
    int seat;
    uint8_t board[CM_SQUARES]; /* working copy: moving and jumped pieces are lifted */
    CmMove *out;               /* moves found (captures only, when counting) */
    int cap_out;               /* capacity of 'out' */
    int nout;                  /* moves in 'out' */
    int count;                 /* moves found in all */
    int counting;              /* set: count quiet moves without storing them */
    int overflow;              /* set when 'out' was full, or the budget ran out */
    long budget;               /* jump-chain steps left (see CM_GEN_BUDGET) */
    int exhausted;             /* set when the budget ran out: the moves are incomplete */
    int exit_filter;           /* set: drop captures ending on own or side castle squares */
    CmSquare from;             /* the moving piece's square */
    int piece_first;           /* first move of the moving piece in 'out' */
    /* Once the moving piece has many capture effects, they are found again by hash: 'slots'
     * holds 1 + the index (from 'piece_first') of the first 'hashed' of them; 0 is empty. */
    int hashed; /* effects in 'slots', 0 while it is not in use */
    uint16_t slots[CM_GEN_SLOTS];
    int ncap; /* captures of the chain being explored */
    CmSquareSet cap;
    CmSquareSet *trace; /* when set, every square a jump chain stands on is added */
    /* Parity-class grids of the position (see 'CM_CLASS'), set by 'cm_gen_init'. */
    uint64_t own[4];              /* pieces of the seat to move */
    uint64_t land[4];             /* empty squares a plain move or canter may land on */
    uint64_t hot[4];              /* squares, not in the target castle, with a jump leap */
    uint64_t tgt[4];              /* target castle squares */
    uint64_t pf[CM_DIR_COUNT][4]; /* squares with a friend next to them in that direction,
                                   * less those whose leap over it leaves the grid */
} CmGen;

void cm_gen_init(CmGen *g, const CmPosition *pos, CmMove *out, int cap);
void cm_gen_run(CmGen *g, const CmPosition *pos);
int cm_gen_can_jump(const CmGen *g, CmSquare x);
void cm_gen_jumps(CmGen *g, CmSquare x);
void cm_gen_exit_piece(CmGen *g, CmSquare s);
void cm_gen_canter_reach(CmGen *g, CmSquare s, const CmSquareSet *skip, CmSquareSet *dest,
                         CmSquareSet *hot_out);
CmObligationKind cm_gen_obligation(CmGen *g, const CmPosition *pos, CmSquareSet *pieces);

#endif
