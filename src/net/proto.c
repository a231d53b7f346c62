/* The network protocol's messages as text: splitting lines, checking fields, building lines.
 * SPDX-License-Identifier: MIT */
#include "proto.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Decodes the UTF-8 character at 's' (at most 'len' bytes): its code point into '*cp' and its
 * length, or 0 when the bytes are not a well-formed character (an overlong form, a surrogate,
 * beyond U+10FFFF, cut short). */
static size_t utf8_char(const unsigned char *s, size_t len, uint32_t *cp)
{
    unsigned char b = s[0];
    size_t n;
    uint32_t c, min;
    if (b < 0x80) {
        *cp = b;
        return 1;
    }
    if (b >= 0xC2 && b <= 0xDF) {
        n = 2, c = b & 0x1F, min = 0x80;
    } else if (b >= 0xE0 && b <= 0xEF) {
        n = 3, c = b & 0x0F, min = 0x800;
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4, c = b & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (len < n)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (s[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    *cp = c;
    return n;
}

/* Whether code point 'c' may be shown to another person: no control character and nothing
 * that reorders, joins invisibly or breaks lines in a terminal. */
static int shown_ok(uint32_t c)
{
    if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F))
        return 0;
    if ((c >= 0x200B && c <= 0x200F) || (c >= 0x2028 && c <= 0x202E) ||
        (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF)
        return 0;
    return 1;
}

size_t net_text_check(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        uint32_t c;
        size_t n = utf8_char(u + i, len - i, &c);
        if (n == 0 || !shown_ok(c))
            return i + 1;
        i += n;
    }
    return 0;
}

CmStatus net_msg_parse(NetMsg *m, const char *line, size_t len, CmError *err)
{
    m->argc = 0;
    if (len > 0 && line[len - 1] == '\r')
        len--;
    if (len > NET_LINE_MAX)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "a line longer than %d bytes", NET_LINE_MAX);
    size_t bad = net_text_check(line, len);
    if (bad > 0) {
        unsigned char b = (unsigned char)line[bad - 1];
        if (b == 0)
            return cm_error_set(err, CM_ERR_SYNTAX, 0, (int)bad, "a NUL byte at byte %zu", bad);
        return cm_error_set(err, CM_ERR_SYNTAX, 0, (int)bad,
                            "byte %zu (0x%02X) is not UTF-8 text that can be shown", bad, b);
    }
    memcpy(m->line, line, len);
    m->line[len] = '\0';
    memcpy(m->words, line, len);
    m->words[len] = '\0';
    size_t i = 0;
    while (i < len) {
        while (i < len && m->words[i] == ' ')
            i++;
        if (i == len)
            break;
        if (m->argc == NET_ARGS_MAX)
            return cm_error_set(err, CM_ERR_LIMIT, 0, (int)i + 1, "more than %d words",
                                NET_ARGS_MAX);
        m->argv[m->argc] = m->words + i;
        m->rest[m->argc] = m->line + i;
        m->argc++;
        while (i < len && m->words[i] != ' ')
            i++;
        m->words[i] = '\0';
        if (i < len)
            i++;
    }
    if (m->argc == 0)
        return cm_error_set(err, CM_ERR_SYNTAX, 0, 0, "an empty line");
    return CM_OK;
}

int net_name_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > NET_NAME_MAX)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        int alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alnum && (i == 0 || (c != '_' && c != '-' && c != '.')))
            return 0;
    }
    return 1;
}

int net_chat_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > NET_TEXT_MAX || net_text_check(s, n) != 0)
        return 0;
    return strspn(s, " ") < n;
}

int net_game_id(const char *s, int64_t *out)
{
    size_t n = strspn(s, "0123456789");
    if (n == 0 || n > NET_GAME_ID_MAX || s[n] != '\0' || s[0] == '0')
        return 0;
    int64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v = v * 10 + (s[i] - '0');
    *out = v;
    return 1;
}

int net_move_id_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > NET_MOVE_ID_MAX)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

int net_int(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    int neg = s[0] == '-';
    const char *d = s + neg;
    size_t n = strspn(d, "0123456789");
    if (n == 0 || n > 18 || d[n] != '\0')
        return 0;
    int64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v = v * 10 + (d[i] - '0');
    if (neg)
        v = -v;
    if (v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

int net_yes_no(const char *s, int *out)
{
    if (strcmp(s, "yes") == 0)
        *out = 1;
    else if (strcmp(s, "no") == 0)
        *out = 0;
    else
        return 0;
    return 1;
}

int net_line_add(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
    if (*len >= size)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *len, size - *len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= size - *len || *len + (size_t)n > NET_LINE_MAX) {
        buf[*len] = '\0';
        return -1;
    }
    *len += (size_t)n;
    return 0;
}

char *net_text_clean(const char *text, size_t len, char *buf, size_t size)
{
    const unsigned char *u = (const unsigned char *)text;
    size_t i = 0, o = 0;
    if (size == 0)
        return buf;
    while (i < len) {
        uint32_t c;
        size_t n = utf8_char(u + i, len - i, &c);
        if (n == 0 || !shown_ok(c)) {
            if (o + 1 >= size)
                break;
            buf[o++] = '?';
            i += n ? n : 1;
            continue;
        }
        if (o + n >= size)
            break;
        memcpy(buf + o, text + i, n);
        o += n;
        i += n;
    }
    buf[o] = '\0';
    return buf;
}
