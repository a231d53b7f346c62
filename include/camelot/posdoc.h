/* Position documents: a position as YAML (so JSON loads too), see docs/notation.md.
 *
 *     variant: camelot            # name in variants/ or a path to a variant file
 *     to_move: W
 *     pieces: {E6: WK, F7: WM, D11: BM}
 *     castle_moves_used: {W: 0, B: 1}   # optional, default 0
 *     quiet_plies: 12             # optional, default 0: plies since a capture or castle entry
 *
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_POSDOC_H
#define CAMELOT_POSDOC_H

#include "camelot/position.h"

/* Finds the variant named by a document's 'variant' key. Returns NULL and fills 'err' (message
 * only; the parser adds the line and column) when there is none. The caller of
 * 'cm_posdoc_parse' owns what it returns and keeps it alive as long as the position. */
typedef const CmVariant *(*CmVariantResolver)(void *ud, const char *name, CmError *err);

#define CM_POSDOC_MAX_BYTES (1024 * 1024)

/* Parses a position document of 'len' bytes. The variant is the document's 'variant' (looked up
 * through 'resolve', which may be NULL when 'fallback' is given) or, when the document has no
 * 'variant' key, 'fallback'. On success fills '*out'; on failure leaves it unspecified and
 * fills 'err' with line and column. */
CmStatus cm_posdoc_parse(const char *text, size_t len, CmVariantResolver resolve, void *ud,
                         const CmVariant *fallback, CmPosition *out, CmError *err);

/* Writes 'pos' as a position document (block style, pieces sorted by square; only the seats
 * that have used castle moves, and 'quiet_plies' only when not 0) into 'buf' of 'size' bytes;
 * returns the length it needed, as snprintf does. 'variant_ref' is written as the 'variant'
 * value (NULL: the variant's name). */
size_t cm_posdoc_write(const CmPosition *pos, const char *variant_ref, char *buf, size_t size);

/* Writes 'pos' as a position document on one line, in flow style and without 'variant', as a
 * record's 'Position' tag holds it: '{to_move: W, pieces: {E6: WK, F7: WM}, quiet_plies: 3}'.
 * snprintf semantics. */
size_t cm_posdoc_write_line(const CmPosition *pos, char *buf, size_t size);

#endif
