/* The four parity-class grids of a board at once (see 'CM_CLASS'): lane c of a 'CmGrid4'
 * holds class c. GNU C vector extensions; with AVX2 each operation is one instruction.
 * Used inside the library (move generation, evaluation); not part of the game's interface.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_GRID4_H
#define CAMELOT_GRID4_H

#include <stdint.h>
#include <string.h>
#if defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__)
#include <immintrin.h>
#endif

#include "camelot/variant.h"

typedef uint64_t CmGrid4 __attribute__((vector_size(32)));

static inline CmGrid4 cm_grid4_load(const uint64_t *p)
{
    CmGrid4 x;
    memcpy(&x, p, sizeof x);
    return x;
}

static inline void cm_grid4_store(uint64_t *p, CmGrid4 x)
{
    memcpy(p, &x, sizeof x);
}

/* 'cm_shift' in every lane; 'sh' holds the four masks, then the four left and the four right
 * shift counts. */
static inline CmGrid4 cm_grid4_shift(CmGrid4 b, const uint64_t *sh)
{
    return ((b & cm_grid4_load(sh)) << cm_grid4_load(sh + 4)) >> cm_grid4_load(sh + 8);
}

/* The number of squares in each lane. */
static inline CmGrid4 cm_grid4_popcount(CmGrid4 x)
{
#if defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__)
    return (CmGrid4)_mm256_popcnt_epi64((__m256i)x);
#else
    return (CmGrid4){(uint64_t)__builtin_popcountll(x[0]), (uint64_t)__builtin_popcountll(x[1]),
                     (uint64_t)__builtin_popcountll(x[2]), (uint64_t)__builtin_popcountll(x[3])};
#endif
}

/* Puts the shift 'sh' into lane c of the table 't' that 'cm_grid4_shift' reads. */
static inline void cm_grid4_set_shift(uint64_t t[12], int c, const CmShift *sh)
{
    t[c] = sh->mask;
    t[4 + c] = sh->l;
    t[8 + c] = sh->r;
}

/* Moves lane c to lane c ^ 1, c ^ 2, c ^ 3: a step changing the file parity, the rank
 * parity, or both. */
#define CM_GRID4_FLIP1(x) __builtin_shufflevector(x, x, 1, 0, 3, 2)
#define CM_GRID4_FLIP2(x) __builtin_shufflevector(x, x, 2, 3, 0, 1)
#define CM_GRID4_FLIP3(x) __builtin_shufflevector(x, x, 3, 2, 1, 0)

/* Lane c gets lane c ^ 'flip' (1 to 3). */
static inline CmGrid4 cm_grid4_flip(CmGrid4 x, int flip)
{
    return flip == 1 ? CM_GRID4_FLIP1(x) : flip == 2 ? CM_GRID4_FLIP2(x) : CM_GRID4_FLIP3(x);
}

/* The squares, in all classes, from which a jump leap passes over 'prey' and lands on
 * 'empty': the squares a piece standing there could jump from. */
static inline CmGrid4 cm_grid4_leap_from(const CmVariant *v, CmGrid4 prey, CmGrid4 empty)
{
    CmGrid4 from = {0, 0, 0, 0};
#pragma GCC unroll 8
    for (int d = 0; d < CM_DIR_COUNT; d++)
        from |= cm_grid4_shift(cm_grid4_flip(prey, cm_dir_flip(d)), v->vunstep[d]) &
                cm_grid4_shift(empty, v->vunleap[d]);
    return from;
}

#endif
