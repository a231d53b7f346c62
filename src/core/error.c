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
    /* Formatted aside first: an argument may be the old message itself. */
    char msg[sizeof err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    err->code = code;
    err->line = line;
    err->col = col;
    cm_text_escape(msg, strlen(msg), err->msg, sizeof err->msg);
    return code;
}

void cm_error_init(CmError *err, const char *source)
{
    if (err == NULL)
        return;
    memset(err, 0, sizeof *err);
    if (source != NULL)
        cm_text_escape(source, strlen(source), err->source, sizeof err->source);
}

/* The length of the well-formed UTF-8 character at 's' (of 'n' bytes, n > 0) and its code
 * point in '*cp'; 0 when the bytes there are not one (a stray continuation byte, an overlong
 * form, a surrogate, a code point past U+10FFFF, a sequence cut short). */
static size_t utf8_char(const unsigned char *s, size_t n, unsigned *cp)
{
    size_t len;
    unsigned c;
    if (s[0] < 0x80) {
        *cp = s[0];
        return 1;
    }
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        len = 2, c = s[0] & 0x1fu;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        len = 3, c = s[0] & 0x0fu;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        len = 4, c = s[0] & 0x07u;
    else
        return 0;
    if (len > n)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (s[i] & 0x3fu);
    }
    if ((len == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
        (len == 4 && (c < 0x10000 || c > 0x10ffff)))
        return 0;
    *cp = c;
    return len;
}

size_t cm_text_escape(const char *text, size_t len, char *buf, size_t size)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t i = 0, o = 0;

    if (size == 0)
        return 0;
    while (i < len) {
        unsigned cp = 0;
        size_t k = utf8_char(p + i, len - i, &cp);
        /* Shown as it is: a printable character. A terminal acts on the others (an escape
         * sequence, a C1 control), or they hide (the byte order mark), or they are no text. */
        int plain =
            k > 0 && cp >= 0x20 && cp != 0x7f && !(cp >= 0x80 && cp <= 0x9f) && cp != 0xfeff;
        size_t need = plain ? k : cp == '\n' || cp == '\t' ? 2 : 4 * (k > 0 ? k : 1);
        if (o + need >= size)
            break;
        if (plain) {
            memcpy(buf + o, p + i, k);
        } else if (k == 1 && (cp == '\n' || cp == '\t')) {
            buf[o] = '\\';
            buf[o + 1] = cp == '\n' ? 'n' : 't';
        } else {
            for (size_t j = 0; j < need / 4; j++)
                snprintf(buf + o + 4 * j, 5, "\\x%02X", p[i + j]);
        }
        o += need;
        i += k > 0 ? k : 1;
    }
    buf[o] = '\0';
    return i;
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
        "illegal move", "input too large", "bad argument",       "file exists",
    };
    return (unsigned)code < CM_STATUS_COUNT ? names[code] : "unknown error";
}
