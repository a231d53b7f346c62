/* The network protocol's messages as text: splitting lines, checking fields (text by the rule
 * of proto.h, with the table of unicode_tab.c), building lines.
 * SPDX-License-Identifier: MIT */
#include "proto.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "unicode_int.h"

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

/* The class of code point 'c' (a NetUcClass): one binary search of the table. */
static int uc_class(uint32_t c)
{
    size_t lo = 0, hi = net_uc_nranges;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c < net_uc_ranges[mid].lo)
            hi = mid;
        else if (c > net_uc_ranges[mid].hi)
            lo = mid + 1;
        else
            return net_uc_ranges[mid].cls;
    }
    return NET_UC_VISIBLE;
}

/* Reads the character at 's' ('len' bytes left), which follows a character of class 'prev'
 * (NET_UC_SPACE at the start of the text): its length, or 0 when the bytes are not UTF-8; and
 * in '*cls' its class, NET_UC_REFUSED when it may not be shown there (the rule of proto.h). */
static size_t text_char(const unsigned char *s, size_t len, int prev, int *cls)
{
    uint32_t c;
    size_t n = utf8_char(s, len, &c);
    if (n == 0)
        return 0;
    if (c < 0x80)
        *cls = c < 0x20 || c == 0x7F ? NET_UC_REFUSED : c == ' ' ? NET_UC_SPACE : NET_UC_VISIBLE;
    else
        *cls = uc_class(c);
    if (*cls == NET_UC_SELECTOR && prev != NET_UC_VISIBLE)
        *cls = NET_UC_REFUSED;
    return n;
}

/* net_text_check, and in '*visible' whether the text holds a visible character. */
static size_t text_scan(const char *s, size_t len, int *visible)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    int prev = NET_UC_SPACE;
    *visible = 0;
    while (i < len) {
        if (u[i] >= 0x20 && u[i] < 0x7F) {
            /* A run of printable ASCII, the common case: only the space is not visible. */
            size_t j = i;
            while (j < len && u[j] >= 0x20 && u[j] < 0x7F)
                *visible |= u[j++] != ' ';
            prev = u[j - 1] == ' ' ? NET_UC_SPACE : NET_UC_VISIBLE;
            i = j;
            continue;
        }
        int cls;
        size_t n = text_char(u + i, len - i, prev, &cls);
        if (n == 0 || cls == NET_UC_REFUSED)
            return i + 1;
        *visible |= cls == NET_UC_VISIBLE;
        prev = cls;
        i += n;
    }
    return 0;
}

size_t net_text_check(const char *s, size_t len)
{
    int visible;
    return text_scan(s, len, &visible);
}

size_t net_text_space(const char *s, size_t len)
{
    int cls;
    size_t n = len > 0 ? text_char((const unsigned char *)s, len, NET_UC_SPACE, &cls) : 0;
    return n > 0 && cls == NET_UC_SPACE ? n : 0;
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

int net_name_reserved(const char *name)
{
    if (strcmp(name, "open") == 0)
        return 1;
    if ((name[0] != 'u' && name[0] != 'U') || (name[1] != 'i' && name[1] != 'I') ||
        (name[2] != 'd' && name[2] != 'D') || name[3] == '\0')
        return 0;
    return strspn(name + 3, "0123456789") == strlen(name + 3);
}

int net_name_guest(const char *name)
{
    return strncasecmp(name, "guest-", 6) == 0;
}

int net_key_ok(const char *s)
{
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    if (strncmp(s, "SHA256:", 7) != 0)
        return 0;
    return strspn(s + 7, b64) == 43 && s[50] == '\0';
}

int net_chat_ok(const char *s)
{
    size_t n = strlen(s);
    int visible;
    if (n == 0 || n > NET_TEXT_MAX || text_scan(s, n, &visible) != 0)
        return 0;
    return visible;
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
    int prev = NET_UC_SPACE; /* the class of the last character written, '?' being visible */
    if (size == 0)
        return buf;
    while (i < len) {
        int cls;
        size_t n = text_char(u + i, len - i, prev, &cls);
        if (n == 0 || cls == NET_UC_REFUSED) {
            if (o + 1 >= size)
                break;
            buf[o++] = '?';
            prev = NET_UC_VISIBLE;
            i += n ? n : 1;
            continue;
        }
        if (o + n >= size)
            break;
        memcpy(buf + o, text + i, n);
        prev = cls;
        o += n;
        i += n;
    }
    buf[o] = '\0';
    return buf;
}
