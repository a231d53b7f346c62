/* Positions and moves: the pieces, the seat to move, castle moves used, an incremental
 * Zobrist hash, and applying and taking back moves.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_POSITION_H
#define CAMELOT_POSITION_H

#include "camelot/variant.h"

/* A position: a fixed-size value, copied by assignment. It points to its variant, which must
 * outlive it. */
typedef struct CmPosition {
    const CmVariant *v;
    uint64_t hash;                     /* Zobrist hash of everything below but 'quiet' */
    uint8_t board[CM_SQUARES];         /* cells, 'CM_EMPTY' or 'CM_CELL(seat, kind)' */
    CmSquareSet occ[CM_MAX_SEATS];     /* each seat's pieces */
    uint64_t cls[CM_MAX_SEATS][4];     /* each seat's pieces by parity class */
    uint64_t knights[4];               /* every seat's knights by parity class */
    uint8_t npieces[CM_MAX_SEATS];     /* size of 'occ[seat]' */
    uint8_t castle_used[CM_MAX_SEATS]; /* castle moves made, 0 .. rules.castle_moves */
    uint8_t to_move;                   /* seat number */
    uint16_t quiet;                    /* plies since a capture or a target-castle entry */
} CmPosition;

/* A move, identified by its effect: from-square, to-square and the set of captured squares.
 * A castle move is flagged, because it uses up one of the seat's castle moves. */
enum { CM_MOVE_CASTLE = 1 };
typedef struct CmMove {
    CmSquare from, to;
    uint8_t ncap;    /* squares in 'cap' */
    uint8_t flags;   /* 'CM_MOVE_*' */
    CmSquareSet cap; /* captured squares */
} CmMove;

/* What 'cm_pos_apply' needs to take a move back. */
typedef struct CmUndo {
    uint64_t hash;
    uint16_t quiet;
    uint8_t to_move;
    uint8_t ncap;
    uint8_t capsq[CM_MAX_PIECES];   /* captured squares, in the order they were lifted */
    uint8_t capcell[CM_MAX_PIECES]; /* their cells */
} CmUndo;

/* Sets '*pos' to the variant's starting position. */
void cm_pos_start(CmPosition *pos, const CmVariant *v);

/* Sets '*pos' to an empty board, 'to_move' seat 0. Pieces are added with 'cm_pos_put'. */
void cm_pos_clear(CmPosition *pos, const CmVariant *v);

/* Puts a cell on an empty board square (or, with CM_EMPTY, lifts the piece there), keeping
 * the hash and the sets right. */
void cm_pos_put(CmPosition *pos, CmSquare sq, uint8_t cell);

/* Sets the seat to move, or the castle moves used by a seat, keeping the hash right. */
void cm_pos_set_turn(CmPosition *pos, int seat);
void cm_pos_set_castle_used(CmPosition *pos, int seat, int used);

/* The seat after 'seat' in turn order. */
static inline int cm_pos_next_seat(const CmPosition *pos, int seat)
{
    return seat + 1 == pos->v->nseats ? 0 : seat + 1;
}

/* Whether 'm', by 'seat', enters that seat's target castle from outside it (docs/rules.md
 * 2.8): the move that can win the game, and one that restarts the fifty-move count. */
static inline int cm_move_enters_target(const CmVariant *v, int seat, const CmMove *m)
{
    return (v->sqflags[seat][m->to] & CM_SQ_TARGET) && !(v->sqflags[seat][m->from] & CM_SQ_TARGET);
}

/* Plays a legal move (as produced by the move generator) for the seat to move, and passes the
 * turn to the next seat in order. 'undo' receives what 'cm_pos_undo' needs. */
void cm_pos_apply(CmPosition *pos, const CmMove *m, CmUndo *undo);

/* Takes back the move 'm' that 'cm_pos_apply' played with 'undo'. */
void cm_pos_undo(CmPosition *pos, const CmMove *m, const CmUndo *undo);

/* Recomputes the hash from scratch (the incremental hash must always equal it). */
uint64_t cm_pos_compute_hash(const CmPosition *pos);

/* Whether two positions are the same (board, seat to move, castle moves used). */
int cm_pos_equal(const CmPosition *a, const CmPosition *b);

/* Pieces of a team (a bit set of seats). */
int cm_pos_team_pieces(const CmPosition *pos, unsigned seats);

#endif
