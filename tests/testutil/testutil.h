/* Helpers shared by the unit tests: the shipped variants by name, loading variant files,
 * building positions from text, squares, seats and moves by name, checked move lists, random
 * numbers, temporary directories, text checks and sorting.
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

/* The names of the shipped variants in this order: the two-player camette, cam, camelot and
 * chivalry, then the four-player grand-cam, grand-camelot, four-handed-chivalry and
 * four-handed-chivalry-solo (the last two, and only they, have no castles). */
#define TU_NVARIANTS 8
extern const char *const tu_variant_names[TU_NVARIANTS];

/* The factor by which a test multiplies its time limits (tests/time_factor.sh): 1, times 4
 * with the sanitizers (CAMELOT_SANITIZED=1), times 2 when CI=true. */
int tu_time_factor(void);

/* Reads a whole file into a new NUL-terminated buffer; '*len_out' gets its length. NULL on
 * failure. The caller frees it. */
char *tu_read_file(const char *path, size_t *len_out);

/* Loads 'variants/NAME.yaml' from the source tree; fails the test when it does not load.
 * The variants are cached for the life of the test program. */
const CmVariant *tu_variant(const char *name);

/* Parses variant text, failing the test on error (showing the message). The caller frees the
 * result. */
CmVariant *tu_variant_from_text(const char *yaml);

/* Sets up a position of 'v' from a list like "W E6K F7M; B D11M" (seat letter, then squares
 * each followed by K or M; ';' separates seats) with 'to_move' to play. */
void tu_position(CmPosition *pos, const CmVariant *v, const char *pieces, char to_move);

/* Loads the position document 'name' of tests/data/big (its variant by name), failing the
 * test when it does not load. */
void tu_position_file(CmPosition *pos, const char *name);

/* Finds the move with effect text 'effect' (e.g. "E8>C12xC11,D9", the captured squares in any
 * order) among the legal moves; returns 1 and fills '*out' when found. */
int tu_find_move(const CmPosition *pos, const char *effect, CmMove *out);

/* Whether the legal moves of 'pos' contain the effect 'effect' (captured squares in any order).
 * The move list is checked as by 'tu_checked_moves' first. */
int tu_has_move(const CmPosition *pos, const char *effect);

/* Fails the test, showing both sorted lists, unless the legal moves of 'pos' (only those from
 * the square named 'from', when it is not NULL) are exactly the space-separated effects in
 * 'want' (captured squares in any order). The move list is checked as by 'tu_checked_moves'. */
void tu_expect_moves(const CmPosition *pos, const char *from, const char *want);

/* Writes the effect text of 'm' into 'buf' (at least 600 bytes). */
char *tu_effect(const CmMove *m, char *buf);

/* The square named 'name' ("E6"); fails the test unless the whole of 'name' is a square name.
 * The square need not be on any board. */
CmSquare tu_sq(const char *name);

/* The index of the seat with letter 'letter' in 'v'; fails the test when there is none. */
int tu_seat(const CmVariant *v, char letter);

/* The legal moves of 'pos' in a new list (freed by the caller). The test fails when the list
 * overflowed, or when 'cm_movegen_count' disagrees with it (the position is then shown). */
CmMoveList *tu_moves(const CmPosition *pos);

/* 'tu_moves', and the invariants every move list must keep are checked as well: every move is by
 * a piece of the seat to move, a move that ends where it started captures (there is no pass),
 * each effect is listed once, and applying then undoing each move restores the position and its
 * hash (the hash after the move equals a recomputed one). */
CmMoveList *tu_checked_moves(const CmPosition *pos);

/* Random numbers reproducible from a seed (splitmix64): the next, and one below 'n' (which must
 * be positive). */
uint64_t tu_rand(uint64_t *state);
int tu_rand_below(uint64_t *state, int n);

/* Fails the test, showing both, when 'text' does not contain 'part'. */
void tu_assert_contains(const char *text, const char *part);

/* Orders two 'const char *' (the elements of an array of strings) by 'strcmp', for 'qsort'. */
int tu_cmp_str(const void *a, const void *b);

/* A fresh directory under $TMPDIR (or /tmp) into 'buf'; 'tu_remove_tree' removes it and all it
 * holds. */
void tu_temp_dir(char *buf, size_t size);
void tu_remove_tree(const char *dir);

/* The entries of 'dir' whose names start with 'prefix'. */
int tu_count_files(const char *dir, const char *prefix);

#endif
