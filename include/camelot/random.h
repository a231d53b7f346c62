/* The program's one generator of random numbers: splitmix64, whose sequence is fixed by its
 * seed, so that whatever it draws (the Zobrist keys, a match's openings, a generated puzzle's
 * games, a load test's moves) is drawn again from the same seed.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_RANDOM_H
#define CAMELOT_RANDOM_H

#include <stdint.h>

/* The next number of the sequence whose state is '*state'. */
static inline uint64_t cm_random_next(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A number from 0 to 'n' - 1 ('n' > 0). */
static inline int cm_random_below(uint64_t *state, int n)
{
    return (int)(cm_random_next(state) % (uint64_t)n);
}

#endif
