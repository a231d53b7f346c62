/* Shared set-up of the fuzz targets: the shipped variants, loaded once, and a resolver that
 * finds them by name.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_FUZZ_COMMON_H
#define CAMELOT_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "camelot/error.h"
#include "camelot/posdoc.h"

#define FUZZ_NVARIANTS 8

/* The shipped variants, in a fixed order; loaded on first use, aborting if one fails. */
const CmVariant *fuzz_variant(int i);

/* A 'CmVariantResolver' over the shipped variants. */
const CmVariant *fuzz_resolve(void *ud, const char *name, CmError *err);

/* Checks the invariants of the move generator in 'pos', aborting on a violation: the list and
 * the count agree, every move has a canonical path that parses back to the same move, apply
 * and undo restore the position and the hash. */
void fuzz_check_position(const CmPosition *pos);

#endif
