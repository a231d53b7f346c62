/* Reading a position document that is part of a larger YAML document (a lesson holds one
 * under its 'position' key).
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_POSDOC_INT_H
#define CAMELOT_POSDOC_INT_H

#include "camelot/posdoc.h"
#include "yamltree_int.h"

/* 'cm_posdoc_parse' on a tree already read: 'root' is the document's mapping (NULL or a null
 * scalar: "position document is empty"). Errors carry the node's line and column. */
CmStatus cm_posdoc_read(const CmYNode *root, CmVariantResolver resolve, void *ud,
                        const CmVariant *fallback, CmPosition *out, CmError *err);

#endif
