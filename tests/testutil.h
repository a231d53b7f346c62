/* Helpers shared by the unit tests: loading variant files, building positions from text.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_TESTUTIL_H
#define CAMELOT_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "camelot/error.h"
#include "camelot/movegen.h"
#include "camelot/position.h"
#include "camelot/variant.h"

/* Reads a whole file into a new NUL-terminated buffer; '*len_out' gets its length. NULL on
 * failure. The caller frees it. */
char *tu_read_file(const char *path, size_t *len_out);

/* Loads 'variants/NAME.yaml' from the source tree; fails the test when it does not load.
 * The variants are cached for the life of the test program. */
const CmVariant *tu_variant(const char *name);

/* Parses variant text, failing the test on error. The caller frees the result. */
CmVariant *tu_variant_from_text(const char *yaml);

/* Sets up a position of 'v' from a list like "W E6K F7M; B D11M" (seat letter, then squares
 * each followed by K or M; ';' separates seats) with 'to_move' to play. */
void tu_position(CmPosition *pos, const CmVariant *v, const char *pieces, char to_move);

/* Finds the move with effect text 'effect' (e.g. "E8>C12xC11,D9") among the legal moves;
 * returns 1 and fills '*out' when found. */
int tu_find_move(const CmPosition *pos, const char *effect, CmMove *out);

/* Whether the legal moves of 'pos' contain the effect 'effect'. */
int tu_has_move(const CmPosition *pos, const char *effect);

/* Writes the effect text of 'm' into 'buf' (at least 600 bytes). */
char *tu_effect(const CmMove *m, char *buf);

#endif
