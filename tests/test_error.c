/* Errors: the escaping of text a message quotes (a move typed, a file name, a tag, a line of a
 * file), so that no message carries a byte a terminal would act on or that is not UTF-8.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "camelot/error.h"
#include "testutil.h"

/* Escapes the C string 'text' into 'buf'; checks that it was written whole. */
static const char *esc(const char *text, char *buf, size_t size)
{
    assert_int_equal(cm_text_escape(text, strlen(text), buf, size), strlen(text));
    return buf;
}

/* Whether 'text' holds only printable ASCII (what every escape is written in). */
static int printable_ascii(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p < 0x20 || *p >= 0x7f)
            return 0;
    return 1;
}

static void test_error_escape_control_characters(void **state)
{
    (void)state;
    char buf[128];
    assert_string_equal(esc("E6\033[31m-E8", buf, sizeof buf), "E6\\x1B[31m-E8");
    assert_string_equal(esc("a\nb\tc", buf, sizeof buf), "a\\nb\\tc");
    assert_string_equal(esc("\a\r\x7f", buf, sizeof buf), "\\x07\\x0D\\x7F");
    /* A C1 control (U+009B, a terminal's CSI) and the byte order mark, byte by byte. */
    assert_string_equal(esc("x\xC2\x9B"
                            "2J",
                            buf, sizeof buf),
                        "x\\xC2\\x9B2J");
    assert_string_equal(esc("\xEF\xBB\xBF"
                            "F11",
                            buf, sizeof buf),
                        "\\xEF\\xBB\\xBFF11");
}

static void test_error_escape_invalid_utf8(void **state)
{
    (void)state;
    char buf[128];
    assert_string_equal(esc("r\xE9sign", buf, sizeof buf), "r\\xE9sign");
    assert_string_equal(esc("\xFF\xFE", buf, sizeof buf), "\\xFF\\xFE");
    /* An overlong '/', a surrogate, a sequence cut short at the end. */
    assert_string_equal(esc("\xC0\xAF", buf, sizeof buf), "\\xC0\\xAF");
    assert_string_equal(esc("\xED\xA0\x80", buf, sizeof buf), "\\xED\\xA0\\x80");
    assert_string_equal(esc("ok\xE2\x82", buf, sizeof buf), "ok\\xE2\\x82");
}

static void test_error_escape_keeps_text(void **state)
{
    (void)state;
    char buf[128];
    /* Well-formed UTF-8 and backslashes stay as they are, so escaping twice changes nothing. */
    const char *plain = "caf\xC3\xA9 \xE2\x86\x92 \xF0\x9F\x90\xB4 C:\\x41 'E6-E8'";
    assert_string_equal(esc(plain, buf, sizeof buf), plain);
    char twice[128];
    esc("\033]0;title\a\xFF", buf, sizeof buf);
    assert_string_equal(esc(buf, twice, sizeof twice), buf);
    assert_true(printable_ascii(buf));
    /* A NUL inside the text given is escaped too: the length is the caller's. */
    assert_int_equal(cm_text_escape("a\0b", 3, buf, sizeof buf), 3);
    assert_string_equal(buf, "a\\x00b");
}

static void test_error_escape_cut_whole(void **state)
{
    (void)state;
    char buf[8];
    /* "ab" fits, then "\x1B" (4 bytes) and its NUL would need 7: it is left out whole. */
    assert_int_equal(cm_text_escape("ab\033cd", 5, buf, 6), 2);
    assert_string_equal(buf, "ab");
    assert_int_equal(cm_text_escape("ab\033cd", 5, buf, sizeof buf), 4);
    assert_string_equal(buf, "ab\\x1Bc");
    /* A character of several bytes is never cut. */
    assert_int_equal(cm_text_escape("x\xE2\x86\x92", 4, buf, 4), 1);
    assert_string_equal(buf, "x");
    assert_int_equal(cm_text_escape("x", 1, buf, 0), 0);
}

static void test_error_message_and_source_escaped(void **state)
{
    (void)state;
    CmError err;
    char text[CM_ERROR_TEXT_MAX];
    cm_error_init(&err, "game\033[2J.txt");
    assert_string_equal(err.source, "game\\x1B[2J.txt");
    assert_int_equal(
        cm_error_set(&err, CM_ERR_SYNTAX, 3, 4, "'%s' is not a square name", "\033[31mE6"),
        CM_ERR_SYNTAX);
    assert_string_equal(err.msg, "'\\x1B[31mE6' is not a square name");
    cm_error_format(&err, text, sizeof text);
    assert_string_equal(text, "game\\x1B[2J.txt:3:4: '\\x1B[31mE6' is not a square name");
    assert_true(printable_ascii(text));
    /* A message may quote the one it replaces. */
    cm_error_set(&err, CM_ERR_IO, 0, 0, "cannot save: %s", err.msg);
    assert_string_equal(err.msg, "cannot save: '\\x1B[31mE6' is not a square name");
    assert_int_equal(cm_error_set(NULL, CM_ERR_ARG, 0, 0, "%s", "x"), CM_ERR_ARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_error_escape_control_characters),
        cmocka_unit_test(test_error_escape_invalid_utf8),
        cmocka_unit_test(test_error_escape_keeps_text),
        cmocka_unit_test(test_error_escape_cut_whole),
        cmocka_unit_test(test_error_message_and_source_escaped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
