/* A second, deliberately simple and slow move generator, written straight from docs/rules.md
 * 2.3-2.9 and 2.11 for cross-checking the fast one. It shares no code with src/core/movegen.c,
 * paths.c or notation.c: it only reads the board squares, the castles and the seats.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_TESTS_REFGEN_H
#define CAMELOT_TESTS_REFGEN_H

#include "camelot/position.h"

/* Room for one effect string: "FROM>TO" and up to CM_MAX_PIECES captured squares. */
#define REF_EFFECT_LEN 600

/* One legal move of the reference, as an effect (docs/rules.md 2.10). */
typedef struct RefEffect {
    CmSquare from, to;
    int castle_move; /* 1 for a castle move (2.8) */
    CmSquareSet cap; /* captured squares */
} RefEffect;

/* Which rule of 2.9 decided the move set. */
typedef enum RefRule {
    REF_RULE_FREE,    /* step 3: free choice */
    REF_RULE_EXIT,    /* step 1: pieces on own or side castle squares must leave */
    REF_RULE_CAPTURE, /* step 2: the capture obligation */
} RefRule;

/* The legal moves of the seat to move ('pos->to_move', no skipping), one per effect, sorted by
 * (from, to, captured set). Fills at most 'max' entries of 'out' (which may be NULL when 'max'
 * is 0) and returns the total number, which may exceed 'max'. '*rule_out' (may be NULL) gets
 * the rule that applied. */
int ref_moves(const CmPosition *pos, RefEffect *out, int max, RefRule *rule_out);

/* Whether the piece on 'sq' is able to jump (docs/rules.md 2.6): it has a jump leap from there, and
 * it is not in its target castle (2.8). 0 for an empty square. */
int ref_able_to_jump(const CmPosition *pos, CmSquare sq);

/* Writes an effect as docs/rules.md 2.10 text ("E8>C12xC11,D9") into 'buf' (REF_EFFECT_LEN bytes);
 * written here from the rules, not with the notation module. Returns 'buf'. */
char *ref_effect_text(const RefEffect *e, char *buf);

/* The legal moves of the seat to move as effect strings sorted with strcmp. Fills at most
 * 'max' entries and returns the total number. */
int ref_effects(const CmPosition *pos, char (*out)[REF_EFFECT_LEN], int max);

#endif
