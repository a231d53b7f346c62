/* Error reporting: filling a caller-owned 'CmError'.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_ERROR_H
#define CAMELOT_ERROR_H

#include "camelot/types.h"

/* Fills 'err' (which may be NULL) with 'code', a 1-based 'line' and 'col' (0 = none) and a
 * printf-style message, keeping the 'source' already there. Returns 'code', so that a failure
 * path reads 'return cm_error_set(err, CM_ERR_SCHEMA, line, col, "...", ...)'. */
CmStatus cm_error_set(CmError *err, CmStatus code, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Clears 'err' and sets its source name ('source' may be NULL). */
void cm_error_init(CmError *err, const char *source);

/* Writes 'source:line:col: msg' (the parts that are known) into 'buf' of 'size' bytes;
 * CM_ERROR_TEXT_MAX bytes always hold it whole. */
#define CM_ERROR_TEXT_MAX (sizeof(((CmError *)0)->source) + sizeof(((CmError *)0)->msg) + 32)
void cm_error_format(const CmError *err, char *buf, size_t size);

/* A short English name for a status, e.g. "syntax error". */
const char *cm_status_name(CmStatus code);

#endif
