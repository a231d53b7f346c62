/* Shared set-up of the fuzz targets: the shipped variants, loaded once, and a resolver that
 * finds them by name; the invariant checks several targets make; a private temporary
 * directory, and a working directory, for the targets that write files.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_FUZZ_COMMON_H
#define CAMELOT_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "camelot/error.h"
#include "camelot/posdoc.h"
#include "camelot/rules.h"

#define FUZZ_NVARIANTS 8

/* The names of the shipped variants, in the order of 'fuzz_variant'. */
extern const char *const fuzz_variant_names[FUZZ_NVARIANTS];

/* Aborts, saying which check failed and where, when 'cond' is false. */
#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz: check failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__);        \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* The shipped variants, in a fixed order; loaded on first use, aborting if one fails. */
const CmVariant *fuzz_variant(int i);

/* A 'CmVariantResolver' over the shipped variants. */
const CmVariant *fuzz_resolve(void *ud, const char *name, CmError *err);

/* Checks the invariants of the move generator in 'pos', aborting on a violation: the list and
 * the count agree, every move has a canonical path that parses back to the same move, apply
 * and undo restore the position and the hash. */
void fuzz_check_position(const CmPosition *pos);

/* Checks that 'g' is a game that could have been played, aborting when it is not: replayed
 * from its start in a fresh game, every ply is a legal move of the seat to move (where the
 * move list is whole) played while the game went on, and the replay ends in the same position
 * with the same outcome. */
void fuzz_check_game(const CmGame *g);

/* Makes a private directory 'camelot-fuzz-NAME-XXXXXX' in '$TMPDIR', else in /dev/shm (a
 * memory file system, where the files the targets write and sync cost little) when it is
 * there, else in /tmp, and puts its path in 'buf'. Aborts when it cannot. */
void fuzz_temp_dir(const char *name, char *buf, size_t size);

/* A working directory of its own for a target whose input saves files under names it makes
 * up, so that nothing is written where the fuzzer runs:
 * 1. 'fuzz_sandbox_init' makes it (a 'fuzz_temp_dir'), once, and removes it at exit;
 * 2. 'fuzz_sandbox_enter' makes it the working directory for one input;
 * 3. 'fuzz_sandbox_leave' goes back and removes the files the input wrote.
 * The input's names must be names, not paths: the target turns each '/' into '_'. A crash
 * between 2 and 3 leaves the working directory there: give libFuzzer an absolute
 * -artifact_prefix, as tests/fuzz/run.sh does. Aborts when a step fails. */
void fuzz_sandbox_init(const char *name);
void fuzz_sandbox_enter(void);
void fuzz_sandbox_leave(void);

#endif
