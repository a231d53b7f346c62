/* Error reporting into caller-owned 'CmError' records.
 * SPDX-License-Identifier: MIT */
#include "camelot/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

CmStatus cm_error_set(CmError *err, CmStatus code, int line, int col, const char *fmt, ...)
{
    if (err == NULL)
        return code;
    err->code = code;
    err->line = line;
    err->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return code;
}

void cm_error_init(CmError *err, const char *source)
{
    if (err == NULL)
        return;
    memset(err, 0, sizeof *err);
    if (source != NULL)
        snprintf(err->source, sizeof err->source, "%s", source);
}

void cm_error_format(const CmError *err, char *buf, size_t size)
{
    const char *src = err->source[0] ? err->source : NULL;
    if (src && err->line > 0 && err->col > 0)
        snprintf(buf, size, "%s:%d:%d: %s", src, err->line, err->col, err->msg);
    else if (src && err->line > 0)
        snprintf(buf, size, "%s:%d: %s", src, err->line, err->msg);
    else if (src)
        snprintf(buf, size, "%s: %s", src, err->msg);
    else if (err->line > 0 && err->col > 0)
        snprintf(buf, size, "%d:%d: %s", err->line, err->col, err->msg);
    else
        snprintf(buf, size, "%s", err->msg);
}

const char *cm_status_name(CmStatus code)
{
    static const char *const names[CM_STATUS_COUNT] = {
        "ok",           "out of memory",   "input/output error", "syntax error", "invalid content",
        "illegal move", "input too large", "bad argument",
    };
    return (unsigned)code < CM_STATUS_COUNT ? names[code] : "unknown error";
}
