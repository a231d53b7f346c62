/* The analysis board without a terminal: opened from the game's position or from the one
 * reviewed, moves for either side, back and forth along the line (the game's own moves ahead),
 * the other lines tried kept and exported in the record's comments, the engine's live view of
 * each position, and the game as it was on leaving.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "session/clock.h"
#include "testutil.h"
#include "ui/ui_int.h"

static Catalog cat;

/* A screen for a game of Camelot, Black played as 'black' says ("B=human", "B=engine:5"),
 * with engine thread 'eng', or none. */
static void make_ui(Ui *ui, EngineThread *eng, const char *black)
{
    CmError err;
    const CmVariant *v = catalog_get(&cat, "camelot", NULL, &err);
    SessionSetup setup;
    SessionEnv env = {&cat, eng, NULL};
    Session *s = malloc(sizeof *s);
    char why[200];
    assert_non_null(v);
    assert_non_null(s);
    setup_default(&setup, v, "camelot");
    assert_int_equal(setup_seat(&setup, v, black, why, sizeof why), 0);
    session_init(s, &env);
    assert_int_equal(session_start(s, v, &setup, NULL), CM_OK);
    UiOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.ascii = 1;
    opt.highlight = 1;
    assert_int_equal(ui_init(ui, s, &opt), CM_OK);
    ui_resize(ui, 24, 80);
}

static void free_ui(Ui *ui, Session *game)
{
    ui_free(ui);
    session_free(game);
    free(game);
}

static unsigned press(Ui *ui, int key)
{
    return ui_handle_key(ui, key, clock_ms());
}

/* ':', the move and Enter. */
static void typed(Ui *ui, const char *move)
{
    press(ui, ':');
    for (const char *c = move; *c; c++)
        press(ui, (unsigned char)*c);
    press(ui, UI_KEY_ENTER);
}

static void assert_contains(const char *text, const char *part)
{
    if (text == NULL || strstr(text, part) == NULL)
        fail_msg("'%s' does not contain '%s'", text ? text : "(null)", part);
}

static int panel_has(const Ui *ui, const char *part)
{
    UiLine lines[60];
    int n = ui_panel_lines(ui, 0, 40, lines, 60);
    for (int i = 0; i < n; i++)
        if (strstr(lines[i].text, part) != NULL)
            return 1;
    return 0;
}

static const char *const game_moves[3] = {"E6-E8", "F11-F9", "D6-D8"};

/* Moves for either side, u and r along the line, another line tried, its export, and the game
 * back as it was. */
static void test_ui_analysis_board_plays_and_goes_back(void **state)
{
    (void)state;
    Ui ui;
    char title[200], dir[512], base[600], path[700];
    make_ui(&ui, NULL, "B=human");
    Session *game = ui.s;
    for (int i = 0; i < 3; i++)
        typed(&ui, game_moves[i]);
    assert_int_equal(game->g.n, 3);

    press(&ui, 'A');
    assert_non_null(ui.analysis);
    assert_true(ui.s != game);
    assert_true(game->paused);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_int_equal(ui.s->g.n, 3);
    assert_true(cm_pos_equal(&ui.s->g.pos, &game->g.pos));
    ui_title_text(&ui, title, sizeof title);
    assert_contains(title, "Camelot - analysis, move 2, Black to move   [");
    assert_true(panel_has(&ui, "from ply 3 of the game"));
    assert_true(panel_has(&ui, "no engine"));

    /* Either side moves; u and r go back and forth. */
    typed(&ui, "G11-G9");
    typed(&ui, "F6-F8");
    assert_int_equal(ui.s->g.n, 5);
    assert_int_equal(game->g.n, 3);
    press(&ui, 'u');
    press(&ui, 'u');
    assert_int_equal(ui.s->g.n, 3);
    press(&ui, 'r');
    assert_int_equal(ui.s->g.n, 4);
    assert_string_equal(session_move_text(ui.s, 3), "G11-G9");
    /* Another move than the one ahead: the line it leaves is kept. */
    typed(&ui, "G6-G8");
    assert_int_equal(ui.s->g.n, 5);
    assert_int_equal(ui.analysis->nlines, 1);
    assert_true(panel_has(&ui, "1 other line tried"));
    press(&ui, UI_KEY_HOME);
    assert_int_equal(ui.s->g.n, 0);
    press(&ui, UI_KEY_END);
    assert_int_equal(ui.s->g.n, 5);

    /* What the board has no use for is refused. */
    press(&ui, 's');
    assert_contains(ui.msg, "Not on the analysis board");

    /* x: the line played, the other one in a comment after the move it replaces. */
    tu_temp_dir(dir, sizeof dir);
    snprintf(base, sizeof base, "%s/lines", dir);
    press(&ui, 'x');
    assert_int_equal(ui.mode, UI_MODE_LINE);
    for (const char *c = base; *c; c++)
        press(&ui, (unsigned char)*c);
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    snprintf(path, sizeof path, "%s.txt", base);
    size_t len;
    char *text = tu_read_file(path, &len);
    assert_non_null(text);
    assert_contains(text, "1. E6-E8 F11-F9 2. D6-D8 G11-G9 3. G6-G8 {or F6-F8} *");
    free(text);
    /* The record loads: its comments are only comments. */
    Session check;
    SessionEnv env = {&cat, NULL, NULL};
    CmError err;
    session_init(&check, &env);
    assert_int_equal(session_load(&check, path, NULL, NULL, &err), CM_OK);
    assert_int_equal(check.g.n, 5);
    session_free(&check);
    tu_remove_tree(dir);

    /* Esc: the game as it was. */
    press(&ui, UI_KEY_ESC);
    assert_null(ui.analysis);
    assert_true(ui.s == game);
    assert_false(game->paused);
    assert_int_equal(game->g.n, 3);
    assert_int_equal(ui.nmoves, 3);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_string_equal(ui.msg, "Back to the game.");
    free_ui(&ui, game);
}

/* From the move reviewed: the game's own moves after it are the line ahead, and Esc goes back to
 * the review where it was. */
static void test_ui_analysis_board_from_review(void **state)
{
    (void)state;
    Ui ui;
    make_ui(&ui, NULL, "B=human");
    Session *game = ui.s;
    for (int i = 0; i < 3; i++)
        typed(&ui, game_moves[i]);
    press(&ui, 'v');
    press(&ui, UI_KEY_HOME);
    press(&ui, UI_KEY_RIGHT);
    assert_int_equal(ui.review_ply, 1);
    press(&ui, 'A');
    assert_non_null(ui.analysis);
    assert_int_equal(ui.s->g.n, 1);
    assert_int_equal(ui.s->nredo, 2);
    assert_true(panel_has(&ui, "2 plies ahead (r plays on)"));
    press(&ui, 'r');
    assert_int_equal(ui.s->g.n, 2);
    assert_string_equal(session_move_text(ui.s, 1), "F11-F9");
    press(&ui, UI_KEY_ESC);
    assert_null(ui.analysis);
    assert_int_equal(ui.mode, UI_MODE_REVIEW);
    assert_int_equal(ui.review_ply, 1);
    press(&ui, UI_KEY_ESC);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    free_ui(&ui, game);
}

/* The analysis board's export names who played the game, not the people at its own seats. */
static void test_ui_analysis_board_export_names_the_players(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    assert_non_null(eng);
    Ui ui;
    make_ui(&ui, eng, "B=engine:5");
    Session *game = ui.s;
    press(&ui, 'A');
    assert_non_null(ui.analysis);
    typed(&ui, "E6-E8");
    char dir[64], base[100], path[120];
    tu_temp_dir(dir, sizeof dir);
    snprintf(base, sizeof base, "%s/line", dir);
    press(&ui, 'x');
    for (const char *c = base; *c; c++)
        press(&ui, (unsigned char)*c);
    press(&ui, UI_KEY_ENTER);
    snprintf(path, sizeof path, "%s.txt", base);
    char *text = tu_read_file(path, NULL);
    assert_non_null(text);
    assert_contains(text, "[White \"human\"]");
    assert_contains(text, "[Black \"camelot engine, level 5\"]");
    assert_contains(text, "1. E6-E8 *");
    free(text);
    tu_remove_tree(dir);
    press(&ui, UI_KEY_ESC);
    assert_null(ui.analysis);
    free_ui(&ui, game);
    engine_thread_free(eng);
}

/* Ticks the screen until 'done' says so, for at most 'ms' (times the tests' factor). */
static int tick_until(Ui *ui, int (*done)(const Ui *), int ms)
{
    uint64_t t0 = clock_ms(), limit = (uint64_t)ms * (uint64_t)tu_time_factor();
    while (!done(ui)) {
        struct timespec ts = {0, 10 * 1000000L};
        if (clock_ms() - t0 > limit)
            return 0;
        ui_tick(ui, clock_ms());
        nanosleep(&ts, NULL);
    }
    return 1;
}

static int has_depth_2(const Ui *ui)
{
    const AnalysisLive *l = &ui->analysis->live;
    return l->has_info && l->info.depth >= 2 && l->ply == ui->s->g.n;
}

/* With an engine, the board shows its evaluation and line of the position on it, which follow
 * each move; the game's engine stays still meanwhile. */
static void test_ui_analysis_board_engine_follows_the_position(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Ui ui;
    assert_non_null(eng);
    make_ui(&ui, eng, "B=human");
    Session *game = ui.s;
    typed(&ui, "E6-E8");
    press(&ui, 'A');
    assert_true(ui.analysis->live.running);
    assert_true(tick_until(&ui, has_depth_2, 20000));
    assert_true(panel_has(&ui, "Black "));
    assert_true(panel_has(&ui, "pv "));
    assert_int_equal(ui.analysis->live.seat, 1);
    assert_int_equal(game->searching, 0);
    typed(&ui, "F11-F9");
    assert_int_equal(ui.analysis->live.ply, 2);
    assert_int_equal(ui.analysis->live.seat, 0);
    assert_true(tick_until(&ui, has_depth_2, 20000));
    assert_true(panel_has(&ui, "White "));
    press(&ui, 'u');
    assert_int_equal(ui.analysis->live.ply, 1);
    press(&ui, 'q');
    assert_null(ui.analysis);
    assert_int_equal(game->g.n, 1);
    free_ui(&ui, game);
    engine_thread_free(eng);
}

static int setup_cat(void **state)
{
    (void)state;
    catalog_init(&cat);
    return 0;
}

static int teardown_cat(void **state)
{
    (void)state;
    catalog_free(&cat);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ui_analysis_board_plays_and_goes_back),
        cmocka_unit_test(test_ui_analysis_board_from_review),
        cmocka_unit_test(test_ui_analysis_board_engine_follows_the_position),
        cmocka_unit_test(test_ui_analysis_board_export_names_the_players),
    };
    return cmocka_run_group_tests(tests, setup_cat, teardown_cat);
}
