/* Puzzle files: positions in which one move (or one line of moves) is clearly best, with the
 * solution, as YAML (see docs/learning.md). A file holds the puzzles of one variant:
 *
 *     variant: camelot      # a variant's name, resolved by the caller's callback
 *     depth: 8              # the search depth that checked every puzzle
 *     threshold: 200        # the least gap, in hundredths of a man, to the second-best move
 *     puzzles:
 *       - id: camelot-0001  # letters, digits and '-', unique in the file
 *         difficulty: 3     # 1 (easy) .. CM_PUZZLE_MAX_DIFFICULTY
 *         goal: gain        # win, gain or defend
 *         position: {to_move: W, pieces: {E6: WK, F7: WM, D11: BM}}
 *         solution: [F7xF9, D11-D10, E6-E8]
 *
 * The solution's moves alternate: the seat to move's (the solver's) first, then the reply,
 * then the solver's again; it ends with a solver's move. Every move is checked against the
 * rules as the file is read.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_PUZZLE_H
#define CAMELOT_PUZZLE_H

#include "camelot/posdoc.h"
#include "camelot/rules.h"

#define CM_PUZZLE_ID_MAX 32        /* bytes in an id, NUL included */
#define CM_PUZZLE_MAX_PLIES 9      /* moves in a solution, replies included (odd) */
#define CM_PUZZLE_MAX_DIFFICULTY 9 /* difficulties run from 1 to this */
#define CM_PUZZLE_MAX_BYTES CM_POSDOC_MAX_BYTES

/* What the solver's line achieves, as the puzzle's prompt says it. */
typedef enum CmPuzzleGoal {
    CM_PUZZLE_WIN,    /* win the game (a castle entry, the last capture) */
    CM_PUZZLE_GAIN,   /* win material or a clear advantage */
    CM_PUZZLE_DEFEND, /* the only move that holds */
    CM_PUZZLE_GOAL_COUNT
} CmPuzzleGoal;

typedef struct CmPuzzle {
    char id[CM_PUZZLE_ID_MAX];
    int difficulty; /* 1 .. CM_PUZZLE_MAX_DIFFICULTY */
    CmPuzzleGoal goal;
    CmPosition pos; /* as written: the solver is 'pos.to_move' */
    int nsol;       /* moves in 'sol', odd, 1 .. CM_PUZZLE_MAX_PLIES */
    CmMove sol[CM_PUZZLE_MAX_PLIES];
    int line; /* where the puzzle starts in its file, 1-based */
} CmPuzzle;

typedef struct CmPuzzleSet {
    const CmVariant *v;
    int depth;     /* 'depth': the search depth that checked the puzzles */
    int threshold; /* 'threshold': hundredths of a man */
    int n;
    CmPuzzle *p; /* owned; release with 'cm_puzzles_free' */
} CmPuzzleSet;

/* "win", "gain", "defend". */
const char *cm_puzzle_goal_name(CmPuzzleGoal g);

/* Parses a puzzle file of 'len' bytes; its 'variant' is looked up through 'resolve'. Checks
 * every puzzle: a unique id, a position in which a game can be played with its seat to move,
 * and a solution of legal moves that alternate as above and that the game does not end
 * before. On success fills '*out' (free it with 'cm_puzzles_free'); on failure '*out' holds
 * nothing to free and 'err' says where and why (CM_ERR_SYNTAX, CM_ERR_SCHEMA, CM_ERR_ILLEGAL,
 * CM_ERR_LIMIT, CM_ERR_NOMEM). */
CmStatus cm_puzzles_parse(const char *text, size_t len, CmVariantResolver resolve, void *ud,
                          CmPuzzleSet *out, CmError *err);

/* Releases the puzzles of a set; a set emptied or never filled does nothing. */
void cm_puzzles_free(CmPuzzleSet *set);

/* Whether 'p''s solution is legal from its position, as the parser checks it: CM_OK, or
 * CM_ERR_ILLEGAL with the reason in 'err' (no line). */
CmStatus cm_puzzle_check_line(const CmPuzzle *p, CmError *err);

/* Writes the head of a puzzle file ('variant', 'depth', 'threshold' and 'puzzles:'), after
 * 'comment' lines (each written after '# '; may be NULL). snprintf semantics. */
size_t cm_puzzles_write_head(const char *variant_ref, int depth, int threshold, const char *comment,
                             char *buf, size_t size);

/* Writes one puzzle as an item of the 'puzzles' list, each move as its canonical path.
 * snprintf semantics. */
size_t cm_puzzle_write(const CmPuzzle *p, char *buf, size_t size);

#endif
