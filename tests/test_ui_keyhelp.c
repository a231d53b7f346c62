/* The keys the screen binds (keymap.c) against the keys its help names (keyhelp.c): every key
 * a help line names does something on the screen it is shown for, and every key a screen binds
 * is named by a help line of that screen, so that the two tables cannot drift apart.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "ui/ui_int.h"

#define KEYS_MAX 512

/* The keys that a help line's key column names ("Arrows, h j k l", "?, F1", "[ ], PgUp PgDn",
 * "Ctrl-C"), into 'keys'; fails the test on a word it cannot read as a key. */
static int keys_named(const char *column, int *keys, int max)
{
    static const struct {
        const char *name;
        int key;
    } names[] = {
        {"Enter", UI_KEY_ENTER},         {"Space", ' '},         {"Esc", UI_KEY_ESC},
        {"Backspace", UI_KEY_BACKSPACE}, {"Del", UI_KEY_DELETE}, {"Tab", UI_KEY_TAB},
        {"Home", UI_KEY_HOME},           {"End", UI_KEY_END},    {"PgUp", UI_KEY_PGUP},
        {"PgDn", UI_KEY_PGDN},           {"F1", UI_KEY_F1},      {"Up", UI_KEY_UP},
        {"Down", UI_KEY_DOWN},           {"Left", UI_KEY_LEFT},  {"Right", UI_KEY_RIGHT},
    };
    int n = 0;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", column);
    if (strcmp(buf, "mouse click") == 0)
        return 0; /* no key */
    for (char *p = buf; *p != '\0';) {
        /* The next word: keys are parted by commas and spaces. */
        while (*p == ',' || *p == ' ')
            p++;
        if (*p == '\0')
            break;
        char *w = p;
        while (*p != '\0' && *p != ',' && *p != ' ')
            p++;
        if (*p != '\0')
            *p++ = '\0';
        assert_true(n + 4 <= max);
        if (strcmp(w, "Arrows") == 0) {
            keys[n++] = UI_KEY_UP;
            keys[n++] = UI_KEY_DOWN;
            keys[n++] = UI_KEY_LEFT;
            keys[n++] = UI_KEY_RIGHT;
            continue;
        }
        if (strncmp(w, "Ctrl-", 5) == 0 && strlen(w) == 6) {
            keys[n++] = UI_CTRL(w[5]);
            continue;
        }
        if (strlen(w) == 1) {
            keys[n++] = (unsigned char)w[0];
            continue;
        }
        size_t i = 0;
        while (i < sizeof names / sizeof names[0] && strcmp(names[i].name, w) != 0)
            i++;
        if (i == sizeof names / sizeof names[0])
            fail_msg("the help names a key the test cannot read: '%s' in '%s'", w, column);
        keys[n++] = names[i].key;
    }
    return n;
}

/* Every key named by the help of 'set', and their number. */
static int keys_of_set(UiKeySet set, int *keys, int max)
{
    int nk, n = 0;
    const UiKeyHelp *k = ui_key_table(set, &nk);
    assert_true(nk > 0);
    for (int i = 0; i < nk; i++)
        if (k[i].keys != NULL)
            n += keys_named(k[i].keys, keys + n, max - n);
    return n;
}

static int has(const int *keys, int n, int key)
{
    for (int i = 0; i < n; i++)
        if (keys[i] == key)
            return 1;
    return 0;
}

static const char *key_name(int key, char *buf, size_t size)
{
    static const char *const special[] = {"Up",        "Down",    "Left", "Right",   "Enter", "Esc",
                                          "Backspace", "Del",     "PgUp", "PgDn",    "Home",  "End",
                                          "Tab",       "BackTab", "F1",   "a resize"};
    if (key >= UI_KEY_UP && key - UI_KEY_UP < (int)(sizeof special / sizeof special[0]))
        snprintf(buf, size, "%s", special[key - UI_KEY_UP]);
    else if (key >= UI_KEY_UP)
        snprintf(buf, size, "special key %d", key - UI_KEY_UP);
    else if (key < 0x20)
        snprintf(buf, size, "Ctrl-%c", key + 'a' - 1);
    else
        snprintf(buf, size, "'%c'", key);
    return buf;
}

/* The keys every screen has and no help names: the terminal's own (Ctrl-L draws the screen
 * again, as in every curses program) and a resize, which is no key a person presses. */
static int terminal_key(int key)
{
    return key == UI_CTRL('l') || key == UI_KEY_RESIZE;
}

/* What the checks below found wrong: each is said as it is found, and the test fails at its
 * end, so that one run lists them all. */
static int wrong;

/* Every key that the help of 'set' names does something in one of 'modes'. */
static void help_keys_bound(UiKeySet set, const UiMode *modes, int nmodes)
{
    int keys[KEYS_MAX];
    int n = keys_of_set(set, keys, KEYS_MAX);
    for (int i = 0; i < n; i++) {
        int bound = 0;
        for (int m = 0; m < nmodes; m++)
            bound |= ui_key_action(modes[m], keys[i]) != UI_ACT_NONE;
        char name[32];
        if (!bound) {
            print_error("the help of key set %d names %s, which does nothing there\n", (int)set,
                        key_name(keys[i], name, sizeof name));
            wrong++;
        }
    }
}

static void test_every_key_a_help_line_names_does_something(void **state)
{
    (void)state;
    wrong = 0;
    const UiMode play[] = {UI_MODE_PLAY}, over[] = {UI_MODE_OVER}, review[] = {UI_MODE_REVIEW},
                 lobby[] = {UI_MODE_LOBBY};
    /* A game on a server: y and n answer an offer (the question's keys), and a, m, x and q
     * are those of its end. */
    const UiMode online[] = {UI_MODE_PLAY, UI_MODE_ASK, UI_MODE_OVER};
    help_keys_bound(UI_KEYS_GAME, play, 1);
    help_keys_bound(UI_KEYS_LESSON, play, 1);
    help_keys_bound(UI_KEYS_PUZZLE, play, 1);
    help_keys_bound(UI_KEYS_ANALYSIS, play, 1);
    help_keys_bound(UI_KEYS_OVER, over, 1);
    help_keys_bound(UI_KEYS_REVIEW, review, 1);
    help_keys_bound(UI_KEYS_LOBBY, lobby, 1);
    help_keys_bound(UI_KEYS_ONLINE, online, 3);
    assert_int_equal(wrong, 0);
}

/* Every key bound in 'mode' is named by the help of one of 'sets', or by that of 'also' (a
 * set of another mode, 'also_mode') when it does the same there; -1: none. */
static void bound_keys_named(UiMode mode, const UiKeySet *sets, int nsets, int also,
                             UiMode also_mode)
{
    int bound[KEYS_MAX], named[KEYS_MAX], other[KEYS_MAX];
    int nb = ui_keys_bound(mode, bound, KEYS_MAX), nn = 0, no = 0;
    assert_true(nb > 0 && nb <= KEYS_MAX);
    for (int i = 0; i < nsets; i++)
        nn += keys_of_set(sets[i], named + nn, KEYS_MAX - nn);
    if (also >= 0)
        no = keys_of_set((UiKeySet)also, other, KEYS_MAX);
    for (int i = 0; i < nb; i++) {
        int k = bound[i];
        if (terminal_key(k) || has(named, nn, k))
            continue;
        if (has(other, no, k) && ui_key_action(also_mode, k) == ui_key_action(mode, k))
            continue;
        char name[32];
        print_error("mode %d binds %s, and no help line of it names it\n", (int)mode,
                    key_name(k, name, sizeof name));
        wrong++;
    }
}

static void test_every_key_bound_has_a_help_line(void **state)
{
    (void)state;
    wrong = 0;
    /* The board serves the game at one keyboard, the game on a server, a lesson, a puzzle and
     * the analysis board, whose help pages name its keys; the game-over page lists the game's keys
     * and then its own, and a key of the game that does the same when it is over is told by the
     * first. */
    const UiKeySet play[] = {UI_KEYS_GAME, UI_KEYS_ONLINE, UI_KEYS_LESSON, UI_KEYS_PUZZLE,
                             UI_KEYS_ANALYSIS},
                   over[] = {UI_KEYS_OVER, UI_KEYS_ONLINE}, review[] = {UI_KEYS_REVIEW},
                   lobby[] = {UI_KEYS_LOBBY};
    bound_keys_named(UI_MODE_PLAY, play, 5, -1, UI_MODE_PLAY);
    bound_keys_named(UI_MODE_OVER, over, 2, UI_KEYS_GAME, UI_MODE_PLAY);
    bound_keys_named(UI_MODE_REVIEW, review, 1, -1, UI_MODE_REVIEW);
    bound_keys_named(UI_MODE_LOBBY, lobby, 1, -1, UI_MODE_LOBBY);
    assert_int_equal(wrong, 0);
}

/* The test's own reader of key names, which the two tests above lean on. */
static void test_key_names_read(void **state)
{
    (void)state;
    int keys[KEYS_MAX];
    assert_int_equal(keys_named("Arrows, h j k l", keys, KEYS_MAX), 8);
    assert_int_equal(keys[0], UI_KEY_UP);
    assert_int_equal(keys[7], 'l');
    assert_int_equal(keys_named("[ ], PgUp PgDn", keys, KEYS_MAX), 4);
    assert_int_equal(keys[2], UI_KEY_PGUP);
    assert_int_equal(keys_named("q, Ctrl-C", keys, KEYS_MAX), 2);
    assert_int_equal(keys[1], UI_CTRL('c'));
    assert_int_equal(keys_named("mouse click", keys, KEYS_MAX), 0);
    /* A key bound nowhere is found so. */
    assert_int_equal(ui_key_action(UI_MODE_REVIEW, 'Z'), UI_ACT_NONE);
    int bound[KEYS_MAX];
    int n = ui_keys_bound(UI_MODE_ASK, bound, KEYS_MAX);
    assert_true(has(bound, n, 'y'));
    assert_false(has(bound, n, 'Z'));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_key_names_read),
        cmocka_unit_test(test_every_key_a_help_line_names_does_something),
        cmocka_unit_test(test_every_key_bound_has_a_help_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
