/* Helpers shared by the unit tests: loading variant files, building positions from text,
 * squares and moves by name, random numbers, temporary directories, text checks.
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

/* The square named 'name' ("E6"); fails the test when it is not a square name. */
CmSquare tu_sq(const char *name);

/* The legal moves of 'pos' in a new list (freed by the caller), checked for overflow. */
CmMoveList *tu_moves(const CmPosition *pos);

/* Random numbers reproducible from a seed (splitmix64): the next, and one below 'n'. */
uint64_t tu_rand(uint64_t *state);
int tu_rand_below(uint64_t *state, int n);

/* Fails the test, showing both, when 'text' does not contain 'part'. */
void tu_assert_contains(const char *text, const char *part);

/* A fresh directory under $TMPDIR (or /tmp) into 'buf'; 'tu_remove_tree' removes it and all it
 * holds. */
void tu_temp_dir(char *buf, size_t size);
void tu_remove_tree(const char *dir);

/* The entries of 'dir' whose names start with 'prefix'. */
int tu_count_files(const char *dir, const char *prefix);

#endif
