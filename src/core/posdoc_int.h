/* Reading a position document that is part of a larger YAML document (a lesson holds one
 * under its 'position' key), and the output the YAML writers share.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_POSDOC_INT_H
#define CAMELOT_POSDOC_INT_H

#include "camelot/posdoc.h"
#include "yamltree_int.h"

/* 'cm_posdoc_parse' on a tree already read: 'root' is the document's mapping (NULL or a null
 * scalar: "position document is empty"). Errors carry the node's line and column. */
CmStatus cm_posdoc_read(const CmYNode *root, CmVariantResolver resolve, void *ud,
                        const CmVariant *fallback, CmPosition *out, CmError *err);

/* Output with snprintf semantics, for the writers of YAML documents (position documents,
 * puzzle files): 'len' counts every byte asked for, written or not. */
typedef struct CmOut {
    char *buf;
    size_t size;
    size_t len;
} CmOut;

void cm_out_put(CmOut *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes 'ref' as a YAML scalar: plain when that is safe, else double-quoted. Bytes of 0x80
 * and above are copied as they are (UTF-8 stays UTF-8). */
void cm_out_scalar(CmOut *o, const char *ref);

#endif
