/* The network protocol's text layer (src/net): lines split into words and the rest, the limits
 * of a line, every class of byte a line may not hold (checked against every code point and
 * every sequence of up to three bytes), the generated table of Unicode classes and each
 * character that hides text by name, names, chat, game and move ids, numbers, lines built to
 * send, text cleaned for echoing, and connections over a socket pair: lines split across reads,
 * a line over the limit dropped and reported once, a last line at the end of input, and the
 * queue of a peer that reads nothing.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net/conn.h"
#include "net/proto.h"
#include "net/unicode_int.h"
#include "testutil.h"

/* ---- Lines and words -------------------------------------------------------------------- */

static CmStatus parse(NetMsg *m, const char *line, CmError *err)
{
    cm_error_init(err, NULL);
    return net_msg_parse(m, line, strlen(line), err);
}

static void test_proto_words_and_rest(void **state)
{
    (void)state;
    static NetMsg m;
    CmError err;
    assert_int_equal(parse(&m, "say 12 well  played, bob ", &err), CM_OK);
    assert_int_equal(m.argc, 5);
    assert_string_equal(m.argv[0], "say");
    assert_string_equal(m.argv[1], "12");
    assert_string_equal(m.argv[2], "well");
    assert_string_equal(m.argv[3], "played,");
    assert_string_equal(m.argv[4], "bob");
    /* The rest is the text from a word to the end, spaces and all, as sent. */
    assert_string_equal(m.rest[2], "well  played, bob ");
    assert_string_equal(m.rest[4], "bob ");
    assert_string_equal(m.line, "say 12 well  played, bob ");

    /* Leading spaces; a final CR is dropped, one only. */
    assert_int_equal(parse(&m, "   ping  x\r", &err), CM_OK);
    assert_int_equal(m.argc, 2);
    assert_string_equal(m.argv[0], "ping");
    assert_string_equal(m.argv[1], "x");
    assert_string_equal(m.rest[1], "x");
    assert_int_equal(parse(&m, "ping x\r\r", &err), CM_ERR_SYNTAX);

    /* No word at all. */
    assert_int_equal(parse(&m, "", &err), CM_ERR_SYNTAX);
    tu_assert_contains(err.msg, "an empty line");
    assert_int_equal(parse(&m, "    ", &err), CM_ERR_SYNTAX);
    assert_int_equal(parse(&m, "\r", &err), CM_ERR_SYNTAX);
    assert_int_equal(m.argc, 0);

    /* UTF-8 text passes whole. */
    assert_int_equal(parse(&m, "say 1 \xc3\xa9t\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80", &err),
                     CM_OK);
    assert_int_equal(m.argc, 5);
    assert_string_equal(m.argv[4], "\xf0\x9f\x98\x80");
}

static void test_proto_line_limits(void **state)
{
    (void)state;
    static NetMsg m;
    static char line[NET_LINE_MAX + 8];
    CmError err;
    /* NET_LINE_MAX bytes is a line, and so is that with a CR after it (the CR is dropped
     * first); one byte more is not. */
    memset(line, 'a', NET_LINE_MAX);
    assert_int_equal(net_msg_parse(&m, line, NET_LINE_MAX, &err), CM_OK);
    assert_int_equal(m.argc, 1);
    assert_int_equal(strlen(m.argv[0]), NET_LINE_MAX);
    line[NET_LINE_MAX] = '\r';
    assert_int_equal(net_msg_parse(&m, line, NET_LINE_MAX + 1, &err), CM_OK);
    line[NET_LINE_MAX] = 'a';
    cm_error_init(&err, NULL);
    assert_int_equal(net_msg_parse(&m, line, NET_LINE_MAX + 1, &err), CM_ERR_LIMIT);
    tu_assert_contains(err.msg, "longer than 4096 bytes");

    /* Words are never too many: a line of NET_LINE_MAX bytes of one-letter words holds
     * NET_LINE_MAX / 2 of them, and each is a word (chat is free text). */
    for (size_t i = 0; i < NET_LINE_MAX; i++)
        line[i] = i % 2 ? ' ' : (char)('a' + i / 2 % 26);
    assert_int_equal(net_msg_parse(&m, line, NET_LINE_MAX, &err), CM_OK);
    assert_int_equal(m.argc, NET_LINE_MAX / 2);
    assert_true(m.argc <= NET_ARGS_MAX);
    assert_int_equal(m.argv[m.argc - 1][0], 'a' + (NET_LINE_MAX / 2 - 1) % 26);
    assert_int_equal(strlen(m.rest[1]), NET_LINE_MAX - 2); /* to the end, the last space too */
}

/* ---- Bytes a line may not hold ---------------------------------------------------------- */

/* The class of every code point, filled from the generated table range by range (not through
 * the search net_text_check makes): the reference the checks are held to. */
static unsigned char *class_map(void)
{
    assert_int_equal(NET_UC_VISIBLE, 0);
    unsigned char *map = calloc(0x110000, 1);
    assert_non_null(map);
    for (size_t i = 0; i < net_uc_nranges; i++)
        for (uint32_t c = net_uc_ranges[i].lo; c <= net_uc_ranges[i].hi; c++)
            map[c] = net_uc_ranges[i].cls;
    return map;
}

/* The shortest UTF-8 form of 'c' (no checks), its length. */
static size_t encode(uint32_t c, unsigned char *b)
{
    if (c < 0x80) {
        b[0] = (unsigned char)c;
        return 1;
    }
    if (c < 0x800) {
        b[0] = (unsigned char)(0xC0 | c >> 6);
        b[1] = (unsigned char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        b[0] = (unsigned char)(0xE0 | c >> 12);
        b[1] = (unsigned char)(0x80 | (c >> 6 & 0x3F));
        b[2] = (unsigned char)(0x80 | (c & 0x3F));
        return 3;
    }
    b[0] = (unsigned char)(0xF0 | c >> 18);
    b[1] = (unsigned char)(0x80 | (c >> 12 & 0x3F));
    b[2] = (unsigned char)(0x80 | (c >> 6 & 0x3F));
    b[3] = (unsigned char)(0x80 | (c & 0x3F));
    return 4;
}

/* Every code point, by its class in the table: alone (or after a space), its shortest form
 * passes exactly when it is neither refused nor a selector; after a letter, when it is not
 * refused; cleaned alone, it is kept when it passes and is one '?' when not; net_text_space
 * takes it exactly when it is a space; a surrogate written as UTF-8 never passes. Then every
 * sequence of one, two and three bytes: it passes exactly when it is made of shortest forms of code
 * points that may begin a text (the table of good forms is built by encoding the code points, not
 * by decoding; a selector, which may not begin one, takes three bytes or four, so it cannot follow
 * another character within three). */
static void test_proto_text_check_exhaustive(void **state)
{
    (void)state;
    unsigned char b[8];
    char clean[8];
    unsigned char *map = class_map();
    /* good[n]: a bit for each sequence of n bytes that is the form of a code point that may
     * begin a text. */
    unsigned char *good[4] = {NULL, calloc(32, 1), calloc(8192, 1), calloc((size_t)1 << 21, 1)};
    assert_true(good[1] != NULL && good[2] != NULL && good[3] != NULL);
    for (uint32_t c = 0; c <= 0x10FFFF; c++) {
        size_t n = encode(c, b + 1);
        const char *alone = (const char *)b + 1;
        size_t bad = net_text_check(alone, n);
        if (c >= 0xD800 && c <= 0xDFFF) {
            if (bad != 1)
                fail_msg("the surrogate U+%04X passed (%zu)", (unsigned)c, bad);
            continue;
        }
        int cls = map[c];
        int first = cls != NET_UC_REFUSED && cls != NET_UC_SELECTOR;
        if ((bad == 0) != first)
            fail_msg("U+%04X (class %d): net_text_check says %zu", (unsigned)c, cls, bad);
        if (net_text_space(alone, n) != (cls == NET_UC_SPACE ? n : 0))
            fail_msg("U+%04X (class %d): net_text_space says %zu", (unsigned)c, cls,
                     net_text_space(alone, n));
        b[0] = ' ';
        if ((net_text_check((const char *)b, n + 1) == 0) != first)
            fail_msg("U+%04X (class %d) after a space", (unsigned)c, cls);
        b[0] = 'a';
        if ((net_text_check((const char *)b, n + 1) == 0) != (cls != NET_UC_REFUSED))
            fail_msg("U+%04X (class %d) after a letter", (unsigned)c, cls);
        net_text_clean(alone, n, clean, sizeof clean);
        if (first ? strlen(clean) != n || memcmp(clean, alone, n) != 0 : strcmp(clean, "?") != 0)
            fail_msg("U+%04X (class %d) cleaned is '%s'", (unsigned)c, cls, clean);
        if (first && n <= 3) {
            uint32_t v = 0;
            for (size_t i = 1; i <= n; i++)
                v = v << 8 | b[i];
            good[n][v >> 3] |= (unsigned char)(1u << (v & 7));
        }
    }
    free(map);
    /* A sequence passes when it splits into good forms: with up to three bytes, one form, a
     * form of one byte and one of two, and so on. */
#define GOOD(n, v) ((good[n][(v) >> 3] >> ((v)&7)) & 1)
    long checked = 0;
    for (uint32_t v = 0; v < 0x100; v++, checked++) {
        b[0] = (unsigned char)v;
        if ((net_text_check((const char *)b, 1) == 0) != GOOD(1, v))
            fail_msg("the byte %02X", (unsigned)v);
    }
    for (uint32_t v = 0; v < 0x10000; v++, checked++) {
        b[0] = (unsigned char)(v >> 8), b[1] = (unsigned char)v;
        int want = GOOD(2, v) || (GOOD(1, v >> 8) && GOOD(1, v & 0xFF));
        if ((net_text_check((const char *)b, 2) == 0) != want)
            fail_msg("the bytes %02X %02X", b[0], b[1]);
    }
    for (uint32_t v = 0; v < 0x1000000; v++, checked++) {
        b[0] = (unsigned char)(v >> 16), b[1] = (unsigned char)(v >> 8), b[2] = (unsigned char)v;
        int want = GOOD(3, v) || (GOOD(1, v >> 16) && GOOD(2, v & 0xFFFF)) ||
                   (GOOD(2, v >> 8) && GOOD(1, v & 0xFF)) ||
                   (GOOD(1, v >> 16) && GOOD(1, (v >> 8) & 0xFF) && GOOD(1, v & 0xFF));
        if ((net_text_check((const char *)b, 3) == 0) != want)
            fail_msg("the bytes %02X %02X %02X", b[0], b[1], b[2]);
    }
#undef GOOD
    assert_int_equal(checked, 0x100 + 0x10000 + 0x1000000);
    for (int n = 1; n <= 3; n++)
        free(good[n]);
}

/* One example of each class, as a line: refused with the offset of its first byte. */
static void test_proto_refused_classes(void **state)
{
    (void)state;
    static const struct {
        const char *what;
        const char *bytes;
        size_t len;
    } cases[] = {
        {"ESC (C0)", "\x1b[2J", 4},
        {"a tab (C0)", "\t", 1},
        {"a bell (C0)", "\x07", 1},
        {"a NUL", "\0", 1},
        {"a CR inside", "\rx", 2},
        {"DEL", "\x7f", 1},
        {"C1 CSI as UTF-8", "\xc2\x9b", 2},
        {"C1 NEL as UTF-8", "\xc2\x85", 2},
        {"a lone C1 byte", "\x9b", 1},
        {"a lone continuation byte", "\x80", 1},
        {"an overlong '/' in two bytes", "\xc0\xaf", 2},
        {"an overlong in two bytes, C1", "\xc1\xbf", 2},
        {"an overlong in three bytes", "\xe0\x80\xaf", 3},
        {"an overlong in four bytes", "\xf0\x80\x80\xaf", 4},
        {"a high surrogate", "\xed\xa0\x80", 3},
        {"a low surrogate", "\xed\xbf\xbf", 3},
        {"beyond U+10FFFF", "\xf4\x90\x80\x80", 4},
        {"a five-byte form", "\xf8\x88\x80\x80\x80", 5},
        {"0xFF", "\xff", 1},
        {"a form cut short", "\xe4\xb8", 2},
        {"a form cut by ASCII", "\xe4x\xad", 3},
        {"LRE", "\xe2\x80\xaa", 3},
        {"RLO", "\xe2\x80\xae", 3},
        {"LRI", "\xe2\x81\xa6", 3},
        {"PDI", "\xe2\x81\xa9", 3},
        {"a zero-width space", "\xe2\x80\x8b", 3},
        {"a right-to-left mark", "\xe2\x80\x8f", 3},
        {"the line separator", "\xe2\x80\xa8", 3},
        {"the paragraph separator", "\xe2\x80\xa9", 3},
        {"the BOM", "\xef\xbb\xbf", 3},
        {"the Arabic letter mark (Cf)", "\xd8\x9c", 2},
        {"a soft hyphen (Cf)", "\xc2\xad", 2},
        {"the word joiner (Cf)", "\xe2\x81\xa0", 3},
        {"an invisible times (Cf)", "\xe2\x81\xa2", 3},
        {"a deprecated format character (Cf)", "\xe2\x81\xaa", 3},
        {"an interlinear annotation (Cf)", "\xef\xbf\xb9", 3},
        {"a tag (Cf)", "\xf3\xa0\x81\x81", 4},
        {"the combining grapheme joiner", "\xcd\x8f", 2},
        {"the Hangul filler", "\xe3\x85\xa4", 3},
        {"private use (Co)", "\xee\x80\x80", 3},
        {"a non-character (Cn)", "\xef\xb7\x90", 3},
        {"U+FFFF (Cn)", "\xef\xbf\xbf", 3},
        {"unassigned (Cn)", "\xcd\xb8", 2},
        {"a variation selector after a space", "\xef\xb8\x8f", 3},
    };
    static NetMsg m;
    char line[64];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        /* After "say 1 ok": the offset is 9 plus the case's. */
        memcpy(line, "say 1 ok ", 9);
        memcpy(line + 9, cases[i].bytes, cases[i].len);
        memcpy(line + 9 + cases[i].len, " end", 4);
        size_t len = 9 + cases[i].len + 4;
        CmError err;
        cm_error_init(&err, NULL);
        CmStatus st = net_msg_parse(&m, line, len, &err);
        if (st != CM_ERR_SYNTAX || err.col != 10)
            fail_msg("%s: status %d at column %d (%s)", cases[i].what, st, err.col, err.msg);
        if (cases[i].bytes[0] == '\0')
            tu_assert_contains(err.msg, "a NUL byte at byte 10");
        else
            tu_assert_contains(err.msg, "byte 10 (0x");
        assert_int_equal(net_text_check(line, len), 10);
    }
    /* The neighbours of the refused ranges pass. */
    static const char *const fine[] = {
        " ",
        "~",
        "\xc2\xa0",         /* U+00A0, after C1 */
        "\xc2\xac",         /* U+00AC, before the soft hyphen */
        "\xc2\xae",         /* U+00AE, after it */
        "\xe2\x80\x8a",     /* U+200A, before the zero-width ones */
        "\xe2\x80\x90",     /* U+2010 */
        "\xe2\x80\xa7",     /* U+2027 */
        "\xe2\x80\xaf",     /* U+202F */
        "\xe2\x81\x9f",     /* U+205F, before the word joiner */
        "\xe2\x81\xb0",     /* U+2070, after the deprecated format characters */
        "\xe3\x85\xa3",     /* U+3163, before the Hangul filler */
        "\xef\xbb\xbc",     /* U+FEFC, before the BOM */
        "\xed\x9f\xbb",     /* U+D7FB, the last before the surrogates and private use */
        "\xef\xa4\x80",     /* U+F900, after private use */
        "\xef\xbf\xbd",     /* U+FFFD, after the interlinear annotations */
        "\xf0\xb1\x8d\x8a", /* U+3134A, the last of CJK extension G */
    };
    for (size_t i = 0; i < sizeof fine / sizeof *fine; i++)
        if (net_text_check(fine[i], strlen(fine[i])) != 0)
            fail_msg("fine text %zu was refused", i);
}

/* The generated table: within Unicode, a class other than visible in each range, sorted and
 * disjoint, and no two ranges of one class that touch (the script merges them). */
static void test_proto_unicode_table(void **state)
{
    (void)state;
    assert_true(net_uc_nranges > 100);
    assert_true(strlen(net_uc_version) >= 5 && net_uc_version[0] >= '1' &&
                net_uc_version[0] <= '9');
    for (size_t i = 0; i < net_uc_nranges; i++) {
        const NetUcRange *r = &net_uc_ranges[i];
        if (r->lo > r->hi || r->hi > 0x10FFFF)
            fail_msg("range %zu is U+%04X..U+%04X", i, (unsigned)r->lo, (unsigned)r->hi);
        if (r->cls == NET_UC_VISIBLE || r->cls >= NET_UC_COUNT)
            fail_msg("range %zu has the class %d", i, r->cls);
        if (i == 0)
            continue;
        const NetUcRange *p = &net_uc_ranges[i - 1];
        if (p->hi >= r->lo)
            fail_msg("ranges %zu and %zu are out of order or overlap", i - 1, i);
        if (p->hi + 1 == r->lo && p->cls == r->cls)
            fail_msg("ranges %zu and %zu touch and are of one class", i - 1, i);
    }
}

/* Text of the code points 'cps' (0 ends them) as UTF-8 into 'buf'; its length. */
static size_t utf8(const uint32_t *cps, char *buf)
{
    size_t n = 0;
    for (; *cps != 0; cps++)
        n += encode(*cps, (unsigned char *)buf + n);
    buf[n] = '\0';
    return n;
}

/* Characters the rule of proto.h names, each range with the class the table must give it
 * (written here by hand, not read from the table). */
typedef struct Named {
    uint32_t lo, hi; /* the code points */
    int cls;         /* their class */
    const char *what;
} Named;

static const Named named[] = {
    {0x00AD, 0x00AD, NET_UC_REFUSED, "the soft hyphen"},
    {0x034F, 0x034F, NET_UC_REFUSED, "the combining grapheme joiner"},
    {0x061C, 0x061C, NET_UC_REFUSED, "the Arabic letter mark"},
    {0x115F, 0x1160, NET_UC_REFUSED, "the Hangul choseong and jungseong fillers"},
    {0x17B4, 0x17B5, NET_UC_REFUSED, "the Khmer inherent vowels"},
    {0x180E, 0x180E, NET_UC_REFUSED, "the Mongolian vowel separator"},
    {0x200B, 0x200F, NET_UC_REFUSED, "the zero-width characters and marks"},
    {0x2028, 0x202E, NET_UC_REFUSED, "the separators, embeddings and overrides"},
    {0x2060, 0x2064, NET_UC_REFUSED, "the word joiner and the invisible operators"},
    {0x2065, 0x2065, NET_UC_REFUSED, "U+2065, unassigned"},
    {0x2066, 0x2069, NET_UC_REFUSED, "the isolates"},
    {0x206A, 0x206F, NET_UC_REFUSED, "the deprecated format characters"},
    {0x3164, 0x3164, NET_UC_REFUSED, "the Hangul filler"},
    {0xE000, 0xF8FF, NET_UC_REFUSED, "private use"},
    {0xFDD0, 0xFDEF, NET_UC_REFUSED, "the non-characters U+FDD0..U+FDEF"},
    {0xFEFF, 0xFEFF, NET_UC_REFUSED, "the BOM"},
    {0xFFA0, 0xFFA0, NET_UC_REFUSED, "the halfwidth Hangul filler"},
    {0xFFF9, 0xFFFB, NET_UC_REFUSED, "the interlinear annotations"},
    {0x1BCA0, 0x1BCA3, NET_UC_REFUSED, "the shorthand format controls"},
    {0x1D173, 0x1D17A, NET_UC_REFUSED, "the musical format controls"},
    {0xE0000, 0xE007F, NET_UC_REFUSED, "the tags"},
    {0xE0080, 0xE00FF, NET_UC_REFUSED, "unassigned default-ignorables"},
    {0xF0000, 0xFFFFD, NET_UC_REFUSED, "private use, plane 15"},
    {0x100000, 0x10FFFD, NET_UC_REFUSED, "private use, plane 16"},
    {0x0378, 0x0379, NET_UC_REFUSED, "unassigned Greek"},
    {0x40000, 0x4FFFD, NET_UC_REFUSED, "unassigned plane 4"},
    {0x0020, 0x0020, NET_UC_SPACE, "the space"},
    {0x00A0, 0x00A0, NET_UC_SPACE, "the no-break space"},
    {0x1680, 0x1680, NET_UC_SPACE, "the Ogham space mark"},
    {0x2000, 0x200A, NET_UC_SPACE, "the spaces of typography"},
    {0x202F, 0x202F, NET_UC_SPACE, "the narrow no-break space"},
    {0x205F, 0x205F, NET_UC_SPACE, "the mathematical space"},
    {0x3000, 0x3000, NET_UC_SPACE, "the ideographic space"},
    {0x2800, 0x2800, NET_UC_SPACE, "the braille blank"},
    {0x1D159, 0x1D159, NET_UC_SPACE, "the musical null notehead"},
    {0x0300, 0x034E, NET_UC_MARK, "combining marks"},
    {0x0903, 0x0903, NET_UC_MARK, "a spacing mark (Mc)"},
    {0x20DD, 0x20E0, NET_UC_MARK, "enclosing marks (Me)"},
    {0x180B, 0x180D, NET_UC_SELECTOR, "Mongolian free variation selectors"},
    {0x180F, 0x180F, NET_UC_SELECTOR, "the fourth Mongolian free variation selector"},
    {0xFE00, 0xFE0F, NET_UC_SELECTOR, "VS1..VS16"},
    {0xE0100, 0xE01EF, NET_UC_SELECTOR, "VS17..VS256"},
};

/* Each character named in the rule, every one of each range: its class in the table; and then
 * what each class means for a text, a chat message and a cleaned text. A refused character is
 * refused anywhere and cleaned to one '?'; a space or a mark passes but makes no chat message
 * of itself, with spaces, or with another of its kind; a selector passes only after a visible
 * character, and makes no chat message of itself. */
static void test_proto_hidden_characters(void **state)
{
    (void)state;
    unsigned char *map = class_map();
    char t[64], clean[64];
    long checked = 0;
    for (size_t i = 0; i < sizeof named / sizeof *named; i++) {
        for (uint32_t c = named[i].lo; c <= named[i].hi; c++, checked++) {
            if (map[c] != named[i].cls)
                fail_msg("%s: U+%04X is of class %d", named[i].what, (unsigned)c, map[c]);
            size_t n = utf8((const uint32_t[]){'x', c, 'y', 0}, t);
            switch (named[i].cls) {
            case NET_UC_REFUSED:
                if (net_text_check(t, n) != 2)
                    fail_msg("%s: U+%04X passed", named[i].what, (unsigned)c);
                if (strcmp(net_text_clean(t, n, clean, sizeof clean), "x?y") != 0)
                    fail_msg("%s: U+%04X cleaned is '%s'", named[i].what, (unsigned)c, clean);
                if (net_chat_ok(t))
                    fail_msg("%s: U+%04X in a chat message", named[i].what, (unsigned)c);
                break;
            case NET_UC_SPACE:
            case NET_UC_MARK:
                if (net_text_check(t, n) != 0)
                    fail_msg("%s: U+%04X was refused", named[i].what, (unsigned)c);
                if (strcmp(net_text_clean(t, n, clean, sizeof clean), t) != 0)
                    fail_msg("%s: U+%04X was cleaned", named[i].what, (unsigned)c);
                if (!net_chat_ok(t))
                    fail_msg("%s: U+%04X in a chat message", named[i].what, (unsigned)c);
                utf8((const uint32_t[]){c, 0}, t);
                if (net_chat_ok(t))
                    fail_msg("%s: U+%04X alone is a chat message", named[i].what, (unsigned)c);
                utf8((const uint32_t[]){' ', c, c, ' ', 0x3000, 0x2800, 0}, t);
                if (net_chat_ok(t))
                    fail_msg("%s: U+%04X among spaces is a chat message", named[i].what,
                             (unsigned)c);
                break;
            default:
                if (net_text_check(t, n) != 0 || !net_chat_ok(t))
                    fail_msg("%s: U+%04X after a letter was refused", named[i].what, (unsigned)c);
                n = utf8((const uint32_t[]){c, 0}, t);
                if (net_text_check(t, n) != 1 || net_chat_ok(t))
                    fail_msg("%s: U+%04X alone passed", named[i].what, (unsigned)c);
                n = utf8((const uint32_t[]){'x', c, c, 0}, t);
                size_t one = 1 + (n - 1) / 2; /* the bytes of 'x' and a selector */
                if (net_text_check(t, n) != one + 1)
                    fail_msg("%s: U+%04X twice passed", named[i].what, (unsigned)c);
                net_text_clean(t, n, clean, sizeof clean);
                if (strncmp(clean, t, one) != 0 || strcmp(clean + one, "?") != 0)
                    fail_msg("%s: U+%04X twice cleaned is '%s'", named[i].what, (unsigned)c, clean);
                break;
            }
        }
    }
    free(map);
    assert_true(checked > 150000);

    /* The non-characters at the end of every plane. */
    for (uint32_t plane = 0; plane <= 16; plane++) {
        for (uint32_t c = plane << 16 | 0xFFFE; c <= (plane << 16 | 0xFFFF); c++) {
            size_t n = utf8((const uint32_t[]){'x', c, 'y', 0}, t);
            if (net_text_check(t, n) != 2 || net_chat_ok(t) ||
                strcmp(net_text_clean(t, n, clean, sizeof clean), "x?y") != 0)
                fail_msg("the non-character U+%04X passed", (unsigned)c);
        }
    }

    /* A selector must follow a visible character, not a space, a mark or a blank symbol. In a
     * cleaned text it follows what was written: after a refused character made '?', it stays. */
    static const uint32_t after_blank[][3] = {
        {' ', 0xFE0F}, {0x0301, 0xFE0F}, {0x2800, 0xFE0F}, {0x3000, 0xE0100}, {0x00A0, 0x180B}};
    for (size_t i = 0; i < sizeof after_blank / sizeof *after_blank; i++) {
        size_t n = utf8((const uint32_t[]){'a', after_blank[i][0], after_blank[i][1], 0}, t);
        size_t first = n - (after_blank[i][1] > 0xFFFF ? 4 : 3);
        if (net_text_check(t, n) != first + 1)
            fail_msg("the selector after blank %zu passed", i);
    }
    const char *z = "a\xe2\x80\x8b\xef\xb8\x8f"; /* a, ZWSP, VS16 */
    assert_int_equal(net_text_check(z, strlen(z)), 2);
    assert_string_equal(net_text_clean(z, strlen(z), clean, sizeof clean), "a?\xef\xb8\x8f");
    assert_int_equal(net_text_check(clean, strlen(clean)), 0);
    z = " \xef\xb8\x8f\xef\xb8\x8f"; /* a space, then two selectors */
    assert_string_equal(net_text_clean(z, strlen(z), clean, sizeof clean), " ?\xef\xb8\x8f");

    /* net_text_space reads one character, within the length given. */
    assert_int_equal(net_text_space(" x", 2), 1);
    assert_int_equal(net_text_space("\xe3\x80\x80x", 4), 3);
    assert_int_equal(net_text_space("\xe3\x80\x80", 2), 0); /* cut short */
    assert_int_equal(net_text_space("\xe2\xa0\x80", 3), 3); /* the braille blank */
    assert_int_equal(net_text_space("\xe3\x85\xa4", 3), 0); /* the Hangul filler: refused */
    assert_int_equal(net_text_space("\xcc\x81", 2), 0);     /* a mark */
    assert_int_equal(net_text_space("x ", 2), 0);
    assert_int_equal(net_text_space("", 0), 0);
}

/* Ordinary text passes, and so does a chat message of it, cleaned to itself: accented Latin
 * (composed and decomposed), other scripts with their marks, CJK with an ideographic variation
 * sequence, and emoji: alone, with VS16, with a skin tone, a keycap, a flag. An emoji sequence
 * joined by U+200D is refused at the joiner (proto.h says why); its emoji alone pass. */
static void test_proto_ordinary_text(void **state)
{
    (void)state;
    static const char *const good[] = {
        /* accented Latin, composed: French, German, Polish */
        "caf\xc3\xa9, na\xc3\xafve, Gr\xc3\xbc\xc3\x9f"
        "e, za\xc5\xbc\xc3\xb3\xc5\x82\xc4\x87",
        "cafe\xcc\x81 (e, then a combining acute)",                         /* decomposed */
        "Ti\xe1\xba\xbfng Vi\xe1\xbb\x87t",                                 /* Vietnamese */
        "\xce\xba\xce\xb1\xce\xbb\xce\xb7\xce\xbc\xce\xad\xcf\x81\xce\xb1", /* Greek */
        "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82",                 /* Cyrillic */
        "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d",                                 /* Hebrew */
        "\xd9\x85\xd8\xb1\xd8\xad\xd8\xa8\xd8\xa7",                         /* Arabic */
        /* Devanagari, with a virama and a vowel sign */
        "\xe0\xa4\xa8\xe0\xa4\xae\xe0\xa4\xb8\xe0\xa5\x8d\xe0\xa4\xa4\xe0\xa5\x87",
        /* Chinese, Japanese, Korean */
        "\xe4\xb8\xad\xe6\x96\x87 \xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e "
        "\xed\x95\x9c\xea\xb5\xad\xec\x96\xb4",
        "\xe8\x91\x9b\xf3\xa0\x84\x80",         /* U+845B VS17 */
        "\xf0\x9f\x98\x80",                     /* U+1F600 */
        "\xe2\x9d\xa4\xef\xb8\x8f",             /* U+2764 VS16 */
        "\xe2\x98\xba\xef\xb8\x8f well played", /* U+263A VS16 */
        "\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd",     /* a thumb with a skin tone */
        "1\xef\xb8\x8f\xe2\x83\xa3",            /* keycap one */
        "\xf0\x9f\x87\xab\xf0\x9f\x87\xb7",     /* the flag of France */
        "\xf0\x9f\x91\xa9 \xf0\x9f\x92\xbb",    /* woman, laptop: each alone */
        "\xe2\xa0\x80\xe2\xa0\x83",             /* braille: a blank, then a dot */
    };
    char clean[128];
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        size_t n = strlen(good[i]);
        if (net_text_check(good[i], n) != 0 || !net_chat_ok(good[i]))
            fail_msg("ordinary text %zu was refused at %zu", i, net_text_check(good[i], n));
        if (strcmp(net_text_clean(good[i], n, clean, sizeof clean), good[i]) != 0)
            fail_msg("ordinary text %zu was cleaned", i);
    }
    const char *zwj = "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x92\xbb"; /* woman ZWJ laptop */
    assert_int_equal(net_text_check(zwj, strlen(zwj)), 5);
    assert_false(net_chat_ok(zwj));
    assert_string_equal(net_text_clean(zwj, strlen(zwj), clean, sizeof clean),
                        "\xf0\x9f\x91\xa9?\xf0\x9f\x92\xbb");
    const char *england = "\xf0\x9f\x8f\xb4\xf3\xa0\x81\xa7\xf3\xa0\x81\xa2"; /* flag, tags */
    assert_int_equal(net_text_check(england, strlen(england)), 5);
}

/* ---- Fields ------------------------------------------------------------------------------ */

static void test_proto_names(void **state)
{
    (void)state;
    static const char *const good[] = {
        "a",       "alice",     "Bob",   "7",
        "uid1000", "bob.smith", "x_y-z", "abcdefghijklmnopqrstuvwxyz012345"};
    static const char *const bad[] = {"",
                                      "abcdefghijklmnopqrstuvwxyz0123456",
                                      "_a",
                                      "-a",
                                      ".a",
                                      "a b",
                                      "a/b",
                                      "../x",
                                      "a\x1b[31m",
                                      "\xc3\xa9l\xc3\xa8ve",
                                      "a\xe2\x80\xae",
                                      "a:b",
                                      "a@b",
                                      "@bob"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
        if (!net_name_ok(good[i]))
            fail_msg("the name '%s' was refused", good[i]);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (net_name_ok(bad[i]))
            fail_msg("the name '%s' was taken", bad[i]);
    /* A valid name that no person may take: a Unix user's fallback, 'uid' and digits in any
     * case, and 'open'. Names that only begin so are names. */
    static const char *const reserved[] = {"uid1000", "UID2103", "Uid7", "uId0", "open"};
    static const char *const free_names[] = {"uid",   "uidx1", "uid1x",  "squid7",
                                             "uid-1", "Open",  "opener", "u1d3"};
    for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
        if (!net_name_reserved(reserved[i]))
            fail_msg("the name '%s' is not reserved", reserved[i]);
    for (size_t i = 0; i < sizeof free_names / sizeof *free_names; i++)
        if (net_name_reserved(free_names[i]))
            fail_msg("the name '%s' is reserved", free_names[i]);
}

static void test_proto_chat(void **state)
{
    (void)state;
    char text[NET_TEXT_MAX + 8];
    assert_true(net_chat_ok("well played"));
    assert_true(net_chat_ok(" a "));
    assert_true(net_chat_ok("\xe4\xb8\xad\xe6\x96\x87"));
    assert_false(net_chat_ok(""));
    assert_false(net_chat_ok(" "));
    assert_false(net_chat_ok("     "));
    assert_false(net_chat_ok("red \x1b[31m"));
    assert_false(net_chat_ok("a\xe2\x80\xae"
                             "b"));
    assert_false(net_chat_ok("a\xc0\xaf"));
    /* Blank characters are no message, whatever their number; a visible one makes one. */
    assert_false(net_chat_ok("\xe2\xa0\x80"));                       /* the braille blank */
    assert_false(net_chat_ok(" \xe2\xa0\x80 \xe3\x80\x80\xc2\xa0")); /* with spaces */
    assert_false(net_chat_ok("\xcc\x81\xcc\x81"));                   /* marks alone */
    assert_false(net_chat_ok("\xe3\x85\xa4")); /* the Hangul filler: refused */
    assert_false(net_chat_ok("\xef\xb8\x8f")); /* a selector alone */
    assert_true(net_chat_ok("\xe2\xa0\x80!"));
    assert_true(net_chat_ok("\xe3\x80\x80\xe4\xb8\xad"));
    memset(text, 'a', NET_TEXT_MAX);
    text[NET_TEXT_MAX] = '\0';
    assert_true(net_chat_ok(text));
    text[NET_TEXT_MAX] = 'a';
    text[NET_TEXT_MAX + 1] = '\0';
    assert_false(net_chat_ok(text));
    /* Bytes count, not characters: 133 characters of three bytes pass, 134 do not. */
    for (int i = 0; i < 134; i++)
        memcpy(text + 3 * i, "\xe4\xb8\xad", 3);
    text[3 * 133] = '\0';
    assert_true(net_chat_ok(text));
    memcpy(text + 3 * 133, "\xe4\xb8\xad", 4);
    assert_false(net_chat_ok(text));
}

static void test_proto_ids_and_numbers(void **state)
{
    (void)state;
    int64_t v = -7;
    assert_true(net_game_id("1", &v));
    assert_int_equal(v, 1);
    assert_true(net_game_id("123456789012345", &v));
    assert_true(v == INT64_C(123456789012345));
    static const char *const bad_ids[] = {"",
                                          "0",
                                          "01",
                                          "007",
                                          "-1",
                                          "+1",
                                          "1a",
                                          "a1",
                                          " 1",
                                          "1 ",
                                          "../x",
                                          "1/2",
                                          "1234567890123456",
                                          "1e3"};
    for (size_t i = 0; i < sizeof bad_ids / sizeof *bad_ids; i++) {
        v = -7;
        if (net_game_id(bad_ids[i], &v) || v != -7)
            fail_msg("the game id '%s' was read", bad_ids[i]);
    }

    assert_true(net_move_id_ok("m1f2a3"));
    assert_true(net_move_id_ok("A-b_9"));
    assert_true(net_move_id_ok("abcdefghijklmnop"));
    assert_false(net_move_id_ok("abcdefghijklmnopq"));
    assert_false(net_move_id_ok(""));
    assert_false(net_move_id_ok("a.b"));
    assert_false(net_move_id_ok("a b"));
    assert_false(net_move_id_ok("a/b"));

    assert_true(net_int("0", 0, 10, &v) && v == 0);
    assert_true(net_int("-5", -10, 10, &v) && v == -5);
    assert_true(net_int("10", 0, 10, &v) && v == 10);
    assert_true(net_int("999999999999999999", 0, INT64_MAX, &v) &&
                v == INT64_C(999999999999999999));
    v = 42;
    assert_false(net_int("11", 0, 10, &v));
    assert_false(net_int("-1", 0, 10, &v));
    assert_false(net_int("1000000000000000000", 0, INT64_MAX, &v)); /* 19 digits */
    assert_false(net_int("", 0, 10, &v));
    assert_false(net_int("-", 0, 10, &v));
    assert_false(net_int("+1", 0, 10, &v));
    assert_false(net_int("1.5", 0, 10, &v));
    assert_false(net_int("--1", -10, 10, &v));
    assert_int_equal(v, 42); /* untouched by every refusal */

    int yes = -1;
    assert_true(net_yes_no("yes", &yes) && yes == 1);
    assert_true(net_yes_no("no", &yes) && yes == 0);
    yes = -1;
    assert_false(net_yes_no("Yes", &yes));
    assert_false(net_yes_no("y", &yes));
    assert_false(net_yes_no("", &yes));
    assert_int_equal(yes, -1);
}

static void test_proto_line_add(void **state)
{
    (void)state;
    char buf[32];
    size_t len = 0;
    assert_int_equal(net_line_add(buf, sizeof buf, &len, "ok %s", "move"), 0);
    assert_int_equal(net_line_add(buf, sizeof buf, &len, " %d", 12), 0);
    assert_string_equal(buf, "ok move 12");
    assert_int_equal(len, 10);
    /* What does not fit changes nothing. */
    assert_int_equal(net_line_add(buf, sizeof buf, &len, " %s", "a long tail of words here"), -1);
    assert_string_equal(buf, "ok move 12");
    assert_int_equal(len, 10);
    assert_int_equal(net_line_add(buf, sizeof buf, &len, " %s", "fits"), 0);
    assert_string_equal(buf, "ok move 12 fits");
    /* Nor may a line pass NET_LINE_MAX, whatever the buffer. */
    static char big[2 * NET_LINE_MAX];
    size_t n = 0;
    assert_int_equal(net_line_add(big, sizeof big, &n, "%0*d", NET_LINE_MAX - 1, 0), 0);
    assert_int_equal(net_line_add(big, sizeof big, &n, "x"), 0);
    assert_int_equal(n, NET_LINE_MAX);
    assert_int_equal(net_line_add(big, sizeof big, &n, "y"), -1);
    assert_int_equal(n, NET_LINE_MAX);
    assert_int_equal(strlen(big), NET_LINE_MAX);
}

static void test_proto_text_clean(void **state)
{
    (void)state;
    char buf[64];
    const char *t = "a\x1b[31mb";
    assert_string_equal(net_text_clean(t, strlen(t), buf, sizeof buf), "a?[31mb");
    /* A character that may not be shown is one '?'; a byte that is not UTF-8 is one each. */
    t = "x\xe2\x80\xaey\xc0\xafz\xc2\x9b";
    assert_string_equal(net_text_clean(t, strlen(t), buf, sizeof buf), "x?y??z?");
    t = "caf\xc3\xa9 \xe4\xb8\xad";
    assert_string_equal(net_text_clean(t, strlen(t), buf, sizeof buf), t);
    /* The length given, not the NUL, ends the text; a NUL inside is not shown. */
    assert_string_equal(net_text_clean("ab\0cd", 5, buf, sizeof buf), "ab?cd");
    /* Cut on a character's boundary. */
    t = "ab\xe4\xb8\xad";
    assert_string_equal(net_text_clean(t, strlen(t), buf, 5), "ab");
    assert_string_equal(net_text_clean(t, strlen(t), buf, 6), t);
    assert_string_equal(net_text_clean("abc", 3, buf, 1), "");
    buf[0] = 'Q';
    net_text_clean("abc", 3, buf, 0);
    assert_int_equal(buf[0], 'Q');
    /* What it makes always passes the check. */
    uint64_t rng = 5;
    for (int i = 0; i < 20000; i++) {
        char in[40];
        size_t n = (size_t)tu_rand_below(&rng, (int)sizeof in);
        for (size_t k = 0; k < n; k++)
            in[k] = (char)tu_rand(&rng);
        net_text_clean(in, n, buf, (size_t)tu_rand_below(&rng, (int)sizeof buf) + 1);
        if (net_text_check(buf, strlen(buf)) != 0)
            fail_msg("cleaned text did not pass the check at input %d", i);
    }
}

/* ---- Connections ------------------------------------------------------------------------- */

/* A connection on one end of a socket pair; the other end, blocking, goes to '*peer'. */
static void conn_pair(NetConn *c, int *peer, size_t out_max)
{
    int sv[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    net_conn_init(c, sv[0], out_max);
    *peer = sv[1];
}

static void put(int fd, const char *s, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, s, len);
        assert_true(n > 0);
        s += n;
        len -= (size_t)n;
    }
}

/* Reads what the socket has and takes the next line: 1, 0 or -1 as net_conn_line. */
static int next_line(NetConn *c, char *out, size_t size)
{
    const char *line;
    size_t len;
    int r = net_conn_line(c, 0, &line, &len);
    if (r == 0 && net_conn_fill(c) > 0)
        r = net_conn_line(c, 0, &line, &len);
    if (r == 1) {
        assert_true(len < size);
        memcpy(out, line, len);
        out[len] = '\0';
    }
    return r;
}

static void test_proto_conn_lines(void **state)
{
    (void)state;
    NetConn c;
    int peer;
    char line[NET_LINE_MAX + 1];
    conn_pair(&c, &peer, NET_OUT_MAX);
    /* Nothing yet. */
    assert_int_equal(net_conn_fill(&c), 0);
    assert_int_equal(next_line(&c, line, sizeof line), 0);
    /* A line split across reads. */
    put(peer, "hel", 3);
    assert_int_equal(next_line(&c, line, sizeof line), 0);
    put(peer, "lo wor", 6);
    assert_int_equal(next_line(&c, line, sizeof line), 0);
    put(peer, "ld\nsecond\n\nthird", 16);
    assert_int_equal(next_line(&c, line, sizeof line), 1);
    assert_string_equal(line, "hello world");
    assert_int_equal(next_line(&c, line, sizeof line), 1);
    assert_string_equal(line, "second");
    assert_int_equal(next_line(&c, line, sizeof line), 1);
    assert_string_equal(line, "");
    assert_int_equal(next_line(&c, line, sizeof line), 0);
    /* A CR stays for the parser, which drops it. */
    put(peer, "\r\n", 2);
    assert_int_equal(next_line(&c, line, sizeof line), 1);
    assert_string_equal(line, "third\r");
    /* A line of NET_LINE_MAX bytes, written a byte short and then the rest. */
    static char big[NET_LINE_MAX + 2];
    memset(big, 'b', NET_LINE_MAX);
    big[NET_LINE_MAX] = '\n';
    put(peer, big, NET_LINE_MAX - 1);
    assert_int_equal(next_line(&c, line, sizeof line), 0);
    put(peer, big + NET_LINE_MAX - 1, 2);
    assert_int_equal(next_line(&c, line, sizeof line), 1);
    assert_int_equal(strlen(line), NET_LINE_MAX);
    /* The last line at the end of input, without a newline. */
    put(peer, "last", 4);
    close(peer);
    const char *l;
    size_t len;
    assert_int_equal(net_conn_fill(&c), 1);
    assert_int_equal(net_conn_line(&c, 0, &l, &len), 0); /* not whole until the end is known */
    assert_int_equal(net_conn_fill(&c), -1);
    assert_int_equal(net_conn_line(&c, 1, &l, &len), 1);
    assert_int_equal(len, 4);
    assert_memory_equal(l, "last", 4);
    assert_int_equal(l[4], '\0');
    assert_int_equal(net_conn_line(&c, 1, &l, &len), 0);
    net_conn_close(&c);
    assert_int_equal(c.fd, -1);
    assert_int_equal(net_conn_fill(&c), -1);
}

/* Feeds 'total' bytes of one line (then a newline and "next\n") in pieces of 'piece' bytes,
 * taking every line the connection has after each piece: the long line is reported once, then
 * "next" comes. */
static void long_line(size_t total, size_t piece, int newline_first)
{
    NetConn c;
    int peer;
    conn_pair(&c, &peer, NET_OUT_MAX);
    char *chunk = malloc(piece);
    assert_non_null(chunk);
    memset(chunk, 'x', piece);
    int reported = 0, got_next = 0, got_first = 0;
    size_t sent = 0;
    if (newline_first)
        put(peer, "first\n", 6);
    while (sent < total || !got_next) {
        if (sent < total) {
            size_t n = total - sent < piece ? total - sent : piece;
            put(peer, chunk, n);
            sent += n;
            if (sent == total)
                put(peer, "\nnext\n", 6);
        }
        for (;;) {
            const char *line;
            size_t len;
            int r;
            while ((r = net_conn_line(&c, 0, &line, &len)) != 0) {
                if (r < 0) {
                    reported++;
                } else if (len == 5 && memcmp(line, "first", 5) == 0) {
                    got_first++;
                } else {
                    assert_int_equal(len, 4);
                    assert_memory_equal(line, "next", 4);
                    assert_int_equal(sent, total);
                    got_next++;
                }
            }
            if (net_conn_fill(&c) <= 0)
                break;
        }
    }
    assert_int_equal(reported, 1);
    assert_int_equal(got_next, 1);
    assert_int_equal(got_first, newline_first);
    free(chunk);
    close(peer);
    net_conn_close(&c);
}

static void test_proto_conn_long_line(void **state)
{
    (void)state;
    long_line(NET_LINE_MAX + 1, NET_LINE_MAX + 1, 0); /* one byte over, at once */
    long_line(NET_LINE_MAX + 1, 1000, 1);             /* one byte over, in pieces */
    long_line(2 * NET_LINE_MAX + 5, 2 * NET_LINE_MAX + 5, 0);
    long_line((size_t)1 << 20, 7000, 1); /* 1 MiB */
    long_line((size_t)1 << 20, 65536, 0);
}

static void test_proto_conn_out_queue(void **state)
{
    (void)state;
    NetConn c;
    int peer;
    conn_pair(&c, &peer, 100);
    char line[200];
    memset(line, 'q', sizeof line);
    /* 'out_max' bytes wait at most, newlines counted. */
    assert_int_equal(net_conn_send(&c, line, 59), 0);
    assert_int_equal(net_conn_pending(&c), 60);
    assert_int_equal(net_conn_send(&c, line, 39), 0);
    assert_int_equal(net_conn_pending(&c), 100);
    assert_int_equal(net_conn_send(&c, line, 0), -1);
    assert_int_equal(net_conn_pending(&c), 100);
    assert_int_equal(net_conn_flush(&c), 1);
    assert_int_equal(net_conn_pending(&c), 0);
    char got[256];
    assert_int_equal(read(peer, got, sizeof got), 100);
    assert_int_equal(got[59], '\n');
    assert_int_equal(got[99], '\n');
    net_conn_close(&c);
    close(peer);

    /* A peer that reads nothing: what the socket takes is written, then the queue fills up
     * to NET_OUT_MAX and no further. */
    conn_pair(&c, &peer, NET_OUT_MAX);
    static char big[4000];
    memset(big, 'z', sizeof big);
    int flushed_all = 1;
    for (int i = 0; i < 10000 && flushed_all; i++) {
        assert_int_equal(net_conn_send(&c, big, sizeof big), 0);
        flushed_all = net_conn_flush(&c) == 1;
    }
    assert_false(flushed_all); /* the socket's buffer is full */
    size_t queued = net_conn_pending(&c);
    int sends = 0;
    while (net_conn_send(&c, big, sizeof big) == 0)
        sends++;
    assert_true(net_conn_pending(&c) <= NET_OUT_MAX);
    assert_true(net_conn_pending(&c) + sizeof big + 1 > NET_OUT_MAX);
    assert_true(queued + (size_t)sends * (sizeof big + 1) == net_conn_pending(&c));
    /* The queue goes out, in order, once the peer reads. */
    size_t total = 0;
    static char sink[65536];
    while (net_conn_pending(&c) > 0) {
        net_conn_flush(&c);
        ssize_t n = read(peer, sink, sizeof sink);
        assert_true(n > 0);
        for (ssize_t k = 0; k < n; k++)
            if (sink[k] != ((total + (size_t)k) % (sizeof big + 1) == sizeof big ? '\n' : 'z'))
                fail_msg("byte %zu is out of order", total + (size_t)k);
        total += (size_t)n;
    }
    /* A peer that is gone: the flush says so (and no SIGPIPE kills the test). */
    close(peer);
    assert_int_equal(net_conn_send(&c, "x", 1), 0);
    assert_int_equal(net_conn_flush(&c), -1);
    net_conn_close(&c);
    assert_int_equal(net_conn_send(&c, "x", 1), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_proto_words_and_rest),
        cmocka_unit_test(test_proto_line_limits),
        cmocka_unit_test(test_proto_text_check_exhaustive),
        cmocka_unit_test(test_proto_refused_classes),
        cmocka_unit_test(test_proto_unicode_table),
        cmocka_unit_test(test_proto_hidden_characters),
        cmocka_unit_test(test_proto_ordinary_text),
        cmocka_unit_test(test_proto_names),
        cmocka_unit_test(test_proto_chat),
        cmocka_unit_test(test_proto_ids_and_numbers),
        cmocka_unit_test(test_proto_line_add),
        cmocka_unit_test(test_proto_text_clean),
        cmocka_unit_test(test_proto_conn_lines),
        cmocka_unit_test(test_proto_conn_long_line),
        cmocka_unit_test(test_proto_conn_out_queue),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
