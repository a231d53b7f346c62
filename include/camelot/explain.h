/* Explanations of the rules for people: the obligation in force, why a square cannot be picked
 * to move, and whose a piece is. Written once here, so that the full-screen game, the text game
 * and the move parser say the same thing. Each is a clause in lower case without a final full
 * stop, so that it reads inside a longer message ("illegal move 'E6-E8': ...") and as a
 * sentence of its own once capitalised.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_EXPLAIN_H
#define CAMELOT_EXPLAIN_H

#include "camelot/movegen.h"

#define CM_EXPLAIN_MAX 320 /* room for any explanation below, in bytes */

/* "knight" or "man" for a cell that holds a piece. */
const char *cm_kind_name(uint8_t cell);

/* Lists the squares of a set in square order ("F9, D10, E10"). snprintf semantics. */
size_t cm_squares_str(const CmSquareSet *set, char *buf, size_t size);

/* The obligation 'ob' of the seat to move in 'pos' (docs/rules.md 2.6, 2.7): "a capture is
 * compulsory: the piece on E6 can capture", "the piece on F1 is in its own castle and must
 * leave it now, by a capture"; "" when there is none. snprintf semantics. */
size_t cm_obligation_str(const CmPosition *pos, const CmObligation *ob, char *buf, size_t size);

/* Why the piece on 'sq' is not the seat to move's: "the man on E10 is Black's; it is White's
 * turn" (with "(your partner's)" for a partner's piece). "" when the square is empty or the
 * piece is the seat to move's. snprintf semantics. */
size_t cm_owner_str(const CmPosition *pos, CmSquare sq, char *buf, size_t size);

/* Why the square 'sq' cannot be picked to start a move in the settled position 'pos': not a
 * square, empty, another seat's piece, held back by an obligation, stuck in the opponent's
 * castle, or without a legal move. "" when a legal move starts there. snprintf semantics. */
size_t cm_pick_str(const CmPosition *pos, CmSquare sq, char *buf, size_t size);

#endif
