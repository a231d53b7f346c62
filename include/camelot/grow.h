/* The program's one way to grow an array: room doubled as it is needed, checked for overflow,
 * and nothing changed when memory runs out.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_GROW_H
#define CAMELOT_GROW_H

#include <stddef.h>

/* Makes room for at least 'need' elements of 'size' bytes in the array whose pointer is at
 * 'arrayp' (a 'T **', NULL for none yet) and whose room is '*cap' elements: the room is doubled,
 * from 'first' elements when there was none, until it holds them. Returns 0, or -1 when memory
 * ran out or the size would overflow; then the array and '*cap' are as they were. */
int cm_grow(void *arrayp, int *cap, int need, size_t size, int first);

#endif
