/* Error reporting: filling a caller-owned 'CmError'.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_ERROR_H
#define CAMELOT_ERROR_H

#include "camelot/types.h"

/* Fills 'err' (which may be NULL) with 'code', a 1-based 'line' and 'col' (0 = none) and a
 * printf-style message, keeping the 'source' already there. Returns 'code', so that a failure
 * path reads 'return cm_error_set(err, CM_ERR_SCHEMA, line, col, "...", ...)'. The message is
 * kept escaped as 'cm_text_escape' writes it, so that the text of a file or a user that it
 * quotes can be shown as it is. */
CmStatus cm_error_set(CmError *err, CmStatus code, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Clears 'err' and sets its source name ('source' may be NULL), escaped as the message is. */
void cm_error_init(CmError *err, const char *source);

/* Writes 'source:line:col: msg' (the parts that are known) into 'buf' of 'size' bytes;
 * CM_ERROR_TEXT_MAX bytes always hold it whole. */
#define CM_ERROR_TEXT_MAX (sizeof(((CmError *)0)->source) + sizeof(((CmError *)0)->msg) + 32)
void cm_error_format(const CmError *err, char *buf, size_t size);

/* Writes the 'len' bytes of 'text' into 'buf' of 'size' bytes (NUL-terminated when 'size' > 0)
 * as text that is safe to show on a terminal: a line break and a tab as '\n' and '\t', every
 * other control character, DEL, a C1 control (U+0080 to U+009F), the byte order mark and each
 * byte that is not part of well-formed UTF-8 as '\xNN' (one for each byte); the rest, a
 * backslash too, as it is, so that escaping an escaped text changes nothing. What does not fit
 * whole is left out, with all that follows it. Returns how many bytes of 'text' were written
 * out: less than 'len' when 'buf' was too small. */
size_t cm_text_escape(const char *text, size_t len, char *buf, size_t size);

/* A short English name for a status, e.g. "syntax error". */
const char *cm_status_name(CmStatus code);

#endif
