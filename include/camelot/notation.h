/* WCF move notation ("E6-C8-A8", "H4xJ4xL6", "F6-F8-H8xH10xJ12") and effect text
 * ("E8>C12xC11,D9"), printing and parsing with explanations of illegal moves.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_NOTATION_H
#define CAMELOT_NOTATION_H

#include "camelot/movegen.h"

/* Bytes enough for any move's text, path or effect, NUL included (a square name and a
 * separator take at most four). */
#define CM_MOVE_TEXT_MAX (CM_MAX_PATH * 4)

/* Writes the effect of 'm': 'FROM>TO', then, when it captures, 'x' and the captured squares
 * sorted bytewise and joined by commas. snprintf semantics. */
size_t cm_move_effect_str(const CmMove *m, char *buf, size_t size);

/* Writes a path in WCF notation. snprintf semantics. */
size_t cm_path_str(const CmPath *path, char *buf, size_t size);

/* Writes the canonical WCF path of the legal move 'm' in 'pos' (its effect text if 'm' is not
 * legal there). snprintf semantics. */
size_t cm_move_str(const CmPosition *pos, const CmMove *m, char *buf, size_t size);

/* Parses a move written in WCF notation (either case; '^' is taken as '-') and checks it in
 * 'pos'. On success '*out' is the legal move with that path's effect. Otherwise returns
 * CM_ERR_SYNTAX (not notation) or CM_ERR_ILLEGAL, with a one-sentence reason in 'err->msg'
 * ('err->col' = 1-based column in 'text' of the offending square when known). */
CmStatus cm_move_parse(const CmPosition *pos, const char *text, CmMove *out, CmError *err);

/* Reads a path written in WCF notation (as 'cm_path_str' writes it) into squares and leaps,
 * checking only that each square is on the board of 'v', not that the path is legal
 * anywhere. For a path already known to be legal, such as a move's saved canonical text. */
CmStatus cm_path_parse(const CmVariant *v, const char *text, CmPath *out, CmError *err);

/* Parses effect text ("E8>C12xC11,D9") and finds that legal move in 'pos'. */
CmStatus cm_effect_parse(const CmPosition *pos, const char *text, CmMove *out, CmError *err);

#endif
