/* The settings file: its lines read into settings, each value checked as its option checks
 * it, every error at its line and column; the file found under $XDG_CONFIG_HOME (a file that
 * is not there is no settings); the seats given to the variant played; and the commented
 * sample in docs/ read as it is and with every setting taken out of its comment.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "session/config.h"
#include "testutil.h"
#include "tu_session.h"

/* Reads 'text' and expects it to fail with 'code' at 'line':'col' with a message holding
 * 'part'. */
static void expect_error(const char *text, CmStatus code, int line, int col, const char *part)
{
    SessionConfig c;
    CmError err;
    cm_error_init(&err, "camelot.conf");
    CmStatus st = config_parse(text, strlen(text), &c, &err);
    if (st != code || err.line != line || err.col != col || strstr(err.msg, part) == NULL)
        fail_msg("'%s': %d at %d:%d '%s', expected %d at %d:%d '%s'", text, st, err.line, err.col,
                 err.msg, code, line, col, part);
}

static void test_config_settings(void **state)
{
    (void)state;
    SessionConfig c;
    CmError err;
    const char *text = "# a comment\n"
                       "\n"
                       "   variant = camette  \n"
                       "seat=B=engine:7\r\n"
                       "seat = W=human\n"
                       "\t# another\n"
                       "time = 10+5\n"
                       "pace = 1.5\n"
                       "threads = 4\n"
                       "ascii = yes\n"
                       "highlight = off\n"
                       "mouse = true\n"
                       "colours = no\n"
                       "flip = on\n"
                       "quiet = yes\n";
    cm_error_init(&err, NULL);
    assert_int_equal(config_parse(text, strlen(text), &c, &err), CM_OK);
    assert_string_equal(c.variant, "camette");
    assert_int_equal(c.nseats, 2);
    assert_int_equal(c.seat[0].letter, 'B');
    assert_int_equal(c.seat[0].who.kind, SEAT_ENGINE);
    assert_int_equal(c.seat[0].who.level, 7);
    assert_int_equal(c.seat[1].letter, 'W');
    assert_int_equal(c.seat[1].who.kind, SEAT_HUMAN);
    assert_true(c.has_time);
    assert_int_equal(c.time_base_ms, 600000);
    assert_int_equal(c.time_inc_ms, 5000);
    assert_true(c.has_pace);
    assert_int_equal(c.pace_ms, 1500);
    assert_int_equal(c.threads, 4);
    assert_int_equal(c.ascii, 1);
    assert_int_equal(c.highlight, 0);
    assert_int_equal(c.mouse, 1);
    assert_int_equal(c.colours, 0);
    assert_int_equal(c.flip, 1);
    assert_int_equal(c.quiet, 1);

    /* Nothing set: every yes-or-no is -1, none of the rest is there. */
    assert_int_equal(config_parse("", 0, &c, &err), CM_OK);
    assert_int_equal(c.ascii, -1);
    assert_int_equal(c.quiet, -1);
    assert_string_equal(c.variant, "");
    assert_int_equal(c.nseats, 0);
    assert_false(c.has_time);
    assert_int_equal(c.threads, 0);
}

static void test_config_errors_at_their_place(void **state)
{
    (void)state;
    expect_error("variant = cam\ncolour = no\n", CM_ERR_SCHEMA, 2, 1, "unknown setting 'colour'");
    expect_error("ascii = maybe\n", CM_ERR_SCHEMA, 1, 9, "'ascii' is yes or no, not 'maybe'");
    expect_error("\n\nseat = B=robot\n", CM_ERR_SCHEMA, 3, 10, "bad seat 'B=robot'");
    expect_error("seat = B=engine:11\n", CM_ERR_SCHEMA, 1, 10, "a level is 1 to 10");
    expect_error("seat = Black\n", CM_ERR_SCHEMA, 1, 8, "bad seat 'Black'");
    expect_error("time = ten\n", CM_ERR_SCHEMA, 1, 8, "bad time control 'ten'");
    expect_error("pace = 61\n", CM_ERR_SCHEMA, 1, 8, "bad pace '61'");
    expect_error("threads = 0\n", CM_ERR_SCHEMA, 1, 11, "bad thread count '0'");
    expect_error("variant camelot\n", CM_ERR_SYNTAX, 1, 9, "expected '='");
    expect_error("= camelot\n", CM_ERR_SYNTAX, 1, 1, "expected a setting's name");
    expect_error("variant =  \n", CM_ERR_SYNTAX, 1, 12, "expected a value");
    char line[1200];
    memset(line, 'a', sizeof line - 1);
    line[sizeof line - 1] = '\0';
    expect_error(line, CM_ERR_SYNTAX, 1, 1025, "longer than 1024 bytes");
    SessionConfig c;
    CmError err;
    cm_error_init(&err, NULL);
    assert_int_equal(config_parse("ascii = yes\nflip\0 = yes\n", 24, &c, &err), CM_ERR_SYNTAX);
    assert_int_equal(err.line, 2);
    tu_assert_contains(err.msg, "NUL");
}

/* A seat of a letter the variant played has not is left out: one file serves every variant. */
static void test_config_seats_of_the_variant(void **state)
{
    (void)state;
    SessionConfig c;
    SessionSetup setup;
    CmError err;
    const char *text = "seat = R=engine:2\nseat = B=engine:9\nseat = W=human\n";
    cm_error_init(&err, NULL);
    assert_int_equal(config_parse(text, strlen(text), &c, &err), CM_OK);
    const CmVariant *v = tu_session_variant("camelot");
    setup_default(&setup, v, "camelot");
    setup_all_human(&setup);
    config_seats(&c, v, &setup);
    assert_int_equal(setup.seat[0].kind, SEAT_HUMAN);
    assert_int_equal(setup.seat[1].kind, SEAT_ENGINE);
    assert_int_equal(setup.seat[1].level, 9);
    v = tu_session_variant("grand-cam");
    setup_default(&setup, v, "grand-cam");
    setup_all_human(&setup);
    config_seats(&c, v, &setup);
    assert_int_equal(setup.seat[0].kind, SEAT_ENGINE); /* Red */
    assert_int_equal(setup.seat[0].level, 2);
    assert_int_equal(setup.seat[1].kind, SEAT_HUMAN); /* Green */
    assert_int_equal(setup.seat[2].level, 9);         /* Blue */
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* The file under $XDG_CONFIG_HOME, else ~/.config; none there is no settings. */
static void test_config_load(void **state)
{
    (void)state;
    char dir[256], sub[400], path[600], *text = NULL;
    size_t len = 0;
    SessionConfig c;
    CmError err;
    char *home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
    char *xdg = getenv("XDG_CONFIG_HOME") ? strdup(getenv("XDG_CONFIG_HOME")) : NULL;
    tu_temp_dir(dir, sizeof dir);

    setenv("XDG_CONFIG_HOME", dir, 1);
    assert_int_equal(config_load(&c, &text, &len, &err), CM_OK);
    assert_null(text);
    assert_string_equal(c.path, "");
    assert_int_equal(c.ascii, -1);

    snprintf(sub, sizeof sub, "%s/camelot", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(path, sizeof path, "%s/camelot.conf", sub);
    write_text(path, "ascii = yes\n");
    assert_int_equal(config_load(&c, &text, &len, &err), CM_OK);
    assert_null(text);
    assert_string_equal(c.path, path);
    assert_int_equal(c.ascii, 1);

    write_text(path, "ascii = yes\nquiet = sometimes\n");
    assert_int_equal(config_load(&c, &text, &len, &err), CM_ERR_SCHEMA);
    assert_string_equal(err.source, path);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 9);
    assert_non_null(text);
    assert_int_equal(len, strlen("ascii = yes\nquiet = sometimes\n"));
    free(text);

    /* Without XDG_CONFIG_HOME: HOME/.config/camelot/camelot.conf. */
    unsetenv("XDG_CONFIG_HOME");
    setenv("HOME", dir, 1);
    snprintf(sub, sizeof sub, "%s/.config", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(sub, sizeof sub, "%s/.config/camelot", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(path, sizeof path, "%s/camelot.conf", sub);
    write_text(path, "flip = yes\n");
    assert_int_equal(config_load(&c, NULL, NULL, &err), CM_OK);
    assert_int_equal(c.flip, 1);
    /* Neither set: no settings, and no error. */
    unsetenv("HOME");
    assert_int_equal(config_load(&c, NULL, NULL, &err), CM_OK);
    assert_int_equal(c.flip, -1);

    if (home != NULL)
        setenv("HOME", home, 1);
    if (xdg != NULL)
        setenv("XDG_CONFIG_HOME", xdg, 1);
    free(home);
    free(xdg);
    tu_remove_tree(dir);
}

/* The commented sample reads as no settings; with every setting taken out of its comment, as
 * the defaults it names. */
static void test_config_sample(void **state)
{
    (void)state;
    size_t len;
    SessionConfig c;
    CmError err;
    char *text = tu_read_file(CAMELOT_SOURCE_VARIANT_DIR "/../docs/camelot.conf", &len);
    assert_non_null(text);
    cm_error_init(&err, "docs/camelot.conf");
    assert_int_equal(config_parse(text, len, &c, &err), CM_OK);
    assert_string_equal(c.variant, "");
    assert_int_equal(c.nseats, 0);
    /* '#NAME = ' at the start of a line is a setting commented out. */
    int out = 0;
    for (size_t i = 0; i + 1 < len; i++)
        if (text[i] == '#' && (i == 0 || text[i - 1] == '\n') && text[i + 1] >= 'a' &&
            text[i + 1] <= 'z') {
            text[i] = ' ';
            out++;
        }
    assert_true(out >= 12);
    assert_int_equal(config_parse(text, len, &c, &err), CM_OK);
    assert_string_equal(c.variant, "camelot");
    assert_int_equal(c.nseats, 2);
    assert_int_equal(c.seat[1].who.level, 7);
    assert_true(c.has_time && c.has_pace);
    assert_int_equal(c.threads, 1);
    assert_int_equal(c.ascii, 0);
    assert_int_equal(c.highlight, 1);
    assert_int_equal(c.mouse, 1);
    assert_int_equal(c.colours, 1);
    assert_int_equal(c.flip, 0);
    assert_int_equal(c.quiet, 0);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_settings),
        cmocka_unit_test(test_config_errors_at_their_place),
        cmocka_unit_test(test_config_seats_of_the_variant),
        cmocka_unit_test(test_config_load),
        cmocka_unit_test(test_config_sample),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
