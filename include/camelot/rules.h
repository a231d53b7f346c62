/* Game outcome (docs/rules.md 2.9 end-of-move checks, 2.11, 3.x) and games with a history, which
 * see threefold repetition and the fifty-move rule.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_RULES_H
#define CAMELOT_RULES_H

#include "camelot/movegen.h"

typedef enum CmReason {
    CM_REASON_NONE,        /* the game goes on */
    CM_REASON_CASTLE,      /* enough pieces in the target castle(s) */
    CM_REASON_ELIMINATION, /* every enemy piece captured */
    CM_REASON_STALEMATE,   /* a side with no legal move */
    CM_REASON_MATERIAL,    /* every team down to the material-draw count */
    CM_REASON_REPETITION,  /* the same position for the n-th time */
    CM_REASON_FIFTY_MOVE,  /* no capture and no castle entry for fifty moves each */
    CM_REASON_NO_MOVES,    /* nobody can move (skip rule, 2.11.6) */
    CM_REASON_COUNT
} CmReason;

typedef struct CmOutcome {
    int over;       /* 0 while the game goes on */
    int draw;       /* set for a draw */
    int winner;     /* winning team, -1 for none */
    unsigned seats; /* seats of the winning team (bit per seat) */
    CmReason reason;
} CmOutcome;

/* "castle", "elimination", "stalemate", "material", "repetition", "fifty-move", "no-moves". */
const char *cm_reason_name(CmReason r);

/* The outcome of a game that ends off the board (a resignation, a flag, an agreement, a
 * claim), as the game here and the server's both write it: won by team 'winner', or, with
 * 'winner' -1, drawn. Its reason is CM_REASON_NONE. */
void cm_outcome_off_board(const CmVariant *v, int winner, CmOutcome *o);

/* The team that wins when 'seat' gives the game up, resigning or running out of time: the other
 * team of a game of two teams; in a game of more teams, none (-1: the game is drawn, as the
 * others did not win together). */
int cm_forfeit_winner(const CmVariant *v, int seat);

/* Settles a position that has no history (2.11.5, 2.11.3-4): checks a castle win (the seat
 * before 'to_move' first, then the others), elimination and the material draw; then, while the
 * seat to move has no legal move, applies the no-move rule, advancing 'pos->to_move' past seats
 * that are skipped. Fills '*out'. Returns the number of seats skipped. */
int cm_rules_settle(CmPosition *pos, CmOutcome *out);

/* Whether a game can be played from 'pos' (a position set up by hand or read from a document):
 * at most CM_MAX_PIECES pieces, and the game not over before its first move. When it cannot,
 * writes the reason to 'why' ('size' bytes; may be NULL) and returns 0. */
int cm_rules_playable(const CmPosition *pos, char *why, size_t size);

/* The position-only end checks that follow a move by 'mover' (castle win by the mover's team,
 * elimination, material). Sets '*out' and returns 1 when the game is over, else 0. Cheap: used
 * by perft and search at every node. */
int cm_rules_after_move(const CmPosition *pos, int mover, CmOutcome *out);

/* Whether the fifty-move rule draws 'pos' (docs/rules.md 2.11): 'fifty_move' moves by every
 * seat, counted in plies, without a capture or a target-castle entry. */
static inline int cm_rules_fifty_reached(const CmPosition *pos)
{
    const CmVariant *v = pos->v;
    return v->rules.fifty_move > 0 && pos->quiet >= v->rules.fifty_move * v->nseats;
}

/* One ply of a game. */
typedef struct CmPly {
    CmMove move;
    CmUndo undo;
    uint8_t seat;       /* the seat that moved */
    uint8_t skipped_to; /* 'to_move' before seats were skipped after this move */
} CmPly;

/* A game: a start position and the moves played, with the outcome after the last one. */
typedef struct CmGame {
    const CmVariant *v;
    CmPosition start; /* as given, before settling */
    CmPosition pos;   /* the current position, settled */
    CmPly *ply;
    int n;            /* plies played */
    int cap;          /* capacity of 'ply' */
    uint64_t *hashes; /* hash after each ply ('n + 1' entries, [0] = start) */
    CmOutcome outcome;
    uint8_t start_skipped_to; /* 'to_move' of 'start' before settling */
} CmGame;

/* Starts a game from 'start' (NULL: the variant's start position). Returns CM_ERR_NOMEM on
 * failure. Release with 'cm_game_free'. */
CmStatus cm_game_init(CmGame *g, const CmVariant *v, const CmPosition *start);
void cm_game_free(CmGame *g);

/* Plays a legal move of the seat to move (the caller checks legality, e.g. with
 * 'cm_move_parse'), then settles the position and computes the outcome, repetition and the
 * fifty-move rule included. CM_ERR_ILLEGAL if the game is already over; CM_ERR_NOMEM. */
CmStatus cm_game_play(CmGame *g, const CmMove *m);

/* Takes back the last ply; returns 0 when there is none. */
int cm_game_undo(CmGame *g);

/* Whether the clock of 'seat' has started in 'g', for the game here and on a server alike: a
 * seat's clock starts after its first move (as on lichess, docs/playing.md), so that nobody
 * loses on time before touching a piece. Before then its time is not charged and its move
 * earns no increment; a first move taken back is a first move again. */
int cm_clock_started(const CmGame *g, int seat);

/* The clock of a seat after its move, for the game here and on a server alike: 'left' ms it
 * had when its turn began, 'used' ms it thought, 'inc' ms the increment; a seat whose clock
 * has not started ('cm_clock_started' 0) is charged nothing and earns nothing. Whether it had
 * run out before it moved ('used' more than 'left') is the caller's to see first. */
int64_t cm_clock_after_move(int64_t left, int64_t used, int64_t inc, int started);

#endif
