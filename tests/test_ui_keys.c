/* The front end driven key by key without a terminal: what each key does in each mode,
 * building canters and jumps leap by leap, the teaching messages, typed moves, undo and redo,
 * four-seat turn order, pages, the new-game form, review, clicks, and engine seats.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "camelot/notation.h"
#include "camelot/posdoc.h"
#include "io/io.h"
#include "session/clock.h"
#include "testutil.h"
#include "ui/ui_int.h"

static Catalog cat; /* the variants of every session here */

static const CmVariant *variant(const char *name)
{
    CmError err;
    const CmVariant *v = catalog_get(&cat, name, NULL, &err);
    if (v == NULL)
        fail_msg("%s: %s", name, err.msg);
    return v;
}

/* A screen for 'name' with 'seats' ("W=human B=engine:1"), from 'start' (NULL: the start
 * position), no saving; its session is the test's, freed by 'free_ui'. */
static void make_ui(Ui *ui, const char *name, const char *seats, const CmPosition *start,
                    EngineThread *eng)
{
    const CmVariant *v = variant(name);
    SessionSetup setup;
    SessionEnv env = {&cat, eng, NULL};
    Session *s = malloc(sizeof *s);
    char buf[128], why[200];
    assert_non_null(s);
    setup_default(&setup, v, name);
    snprintf(buf, sizeof buf, "%s", seats);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        assert_int_equal(setup_seat(&setup, v, tok, why, sizeof why), 0);
    session_init(s, &env);
    assert_int_equal(session_start(s, v, &setup, start), CM_OK);
    UiOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.ascii = 1;
    opt.color = 1;
    opt.highlight = 1;
    assert_int_equal(ui_init(ui, s, &opt), CM_OK);
    ui_resize(ui, 24, 80);
}

static void free_ui(Ui *ui)
{
    Session *s = ui->s;
    ui_free(ui);
    session_free(s);
    free(s);
}

static unsigned press(Ui *ui, int key)
{
    return ui_handle_key(ui, key, 1000);
}

static void type(Ui *ui, const char *s)
{
    for (; *s; s++)
        press(ui, (unsigned char)*s);
}

static CmSquare sq_named(const char *name)
{
    CmSquare sq;
    assert_int_not_equal(cm_square_parse(name, &sq), 0);
    return sq;
}

/* Moves the cursor to 'name' with the arrow keys, as a person would. */
static void cursor_to(Ui *ui, const char *name)
{
    CmSquare want = sq_named(name);
    for (int steps = 0; ui->cursor != want; steps++) {
        int y, x, wy, wx;
        assert_true(steps < 64);
        ui_layout_square_pos(&ui->lay, ui->cursor, &y, &x);
        ui_layout_square_pos(&ui->lay, want, &wy, &wx);
        if (wy < y)
            press(ui, UI_KEY_UP);
        else if (wy > y)
            press(ui, UI_KEY_DOWN);
        else if (wx < x)
            press(ui, 'h');
        else
            press(ui, 'l');
    }
}

/* Enter on square 'name'. */
static unsigned enter_on(Ui *ui, const char *name)
{
    cursor_to(ui, name);
    return press(ui, UI_KEY_ENTER);
}

static void status(const Ui *ui, char *buf, size_t size)
{
    ui_status_text(ui, buf, size);
}

static void assert_contains(const char *text, const char *part)
{
    if (strstr(text, part) == NULL)
        fail_msg("'%s' does not contain '%s'", text, part);
}

/* The key bar of the screen now. */
static const char *key_bar(const Ui *ui)
{
    static char buf[UI_KEYS_MAX];
    return ui_keys_text(ui, buf, sizeof buf);
}

/* Whether some line of the panel at 'now' holds 'part'. */
static int panel_has(const Ui *ui, uint64_t now, const char *part)
{
    UiLine lines[40];
    int n = ui_panel_lines(ui, now, 34, lines, 40);
    for (int i = 0; i < n; i++)
        if (strstr(lines[i].text, part) != NULL)
            return 1;
    return 0;
}

/* The text of the last move of the game. */
static const char *last_move(const Ui *ui)
{
    assert_true(ui->nmoves > 0);
    return ui->moves[ui->nmoves - 1].text;
}

/* ---- Tests --------------------------------------------------------------------------------- */

static void test_ui_keys_map_to_actions(void **state)
{
    (void)state;
    assert_int_equal(ui_key_action(UI_MODE_PLAY, UI_KEY_UP), UI_ACT_UP);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'k'), UI_ACT_UP);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'j'), UI_ACT_DOWN);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'h'), UI_ACT_LEFT);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'l'), UI_ACT_RIGHT);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, UI_KEY_ENTER), UI_ACT_SELECT);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, ' '), UI_ACT_SELECT);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, UI_KEY_ESC), UI_ACT_CANCEL);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, UI_KEY_BACKSPACE), UI_ACT_BACK);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, ':'), UI_ACT_TYPE_MOVE);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, '?'), UI_ACT_RULES);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'H'), UI_ACT_HINT);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'n'), UI_ACT_NEW);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'u'), UI_ACT_UNDO);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'r'), UI_ACT_REDO);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 's'), UI_ACT_SAVE);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'L'), UI_ACT_LOAD);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'q'), UI_ACT_QUIT);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'm'), UI_ACT_MOVE_NOW);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'T'), UI_ACT_HIGHLIGHT);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'x'), UI_ACT_EXPORT);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'e'), UI_ACT_EDIT);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'z'), UI_ACT_NONE);
    assert_int_equal(ui_key_action(UI_MODE_EDIT, 'd'), UI_ACT_DONE);
    assert_int_equal(ui_key_action(UI_MODE_EDIT, UI_KEY_DELETE), UI_ACT_BACK);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'p'), UI_ACT_PAUSE);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, '<'), UI_ACT_PACE_DOWN);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, '>'), UI_ACT_PACE_UP);
    assert_int_equal(ui_key_action(UI_MODE_LINE, 'p'), UI_ACT_CHAR);
    /* Typing a move takes letters that are commands elsewhere. */
    assert_int_equal(ui_key_action(UI_MODE_LINE, 'h'), UI_ACT_CHAR);
    assert_int_equal(ui_key_action(UI_MODE_LINE, 'q'), UI_ACT_CHAR);
    assert_int_equal(ui_key_action(UI_MODE_LINE, UI_KEY_ESC), UI_ACT_CANCEL);
    assert_int_equal(ui_key_action(UI_MODE_RULES, 'q'), UI_ACT_CANCEL);
    assert_int_equal(ui_key_action(UI_MODE_RULES, UI_KEY_PGDN), UI_ACT_SCROLL_DOWN);
    assert_int_equal(ui_key_action(UI_MODE_OVER, 'v'), UI_ACT_REVIEW);
    assert_int_equal(ui_key_action(UI_MODE_REVIEW, UI_KEY_RIGHT), UI_ACT_RIGHT);
    for (int m = 0; m < UI_MODE_COUNT; m++) {
        assert_int_equal(ui_key_action((UiMode)m, UI_CTRL('l')), UI_ACT_REDRAW);
        assert_int_equal(ui_key_action((UiMode)m, UI_KEY_RESIZE), UI_ACT_RESIZE);
    }
    assert_int_equal(ui_key_action(UI_MODE_COUNT, 'q'), UI_ACT_NONE);
}

/* The keys of camelot online: the lobby's, chat and claims on the board, a rematch after the
 * game, and lines that take more than ASCII (chat), though no move has such a character. */
static void test_ui_keys_online_keys(void **state)
{
    (void)state;
    assert_int_equal(ui_key_action(UI_MODE_LOBBY, UI_KEY_UP), UI_ACT_UP);
    assert_int_equal(ui_key_action(UI_MODE_LOBBY, 'j'), UI_ACT_DOWN);
    assert_int_equal(ui_key_action(UI_MODE_LOBBY, UI_KEY_ENTER), UI_ACT_SELECT);
    assert_int_equal(ui_key_action(UI_MODE_LOBBY, 'n'), UI_ACT_NEW);
    assert_int_equal(ui_key_action(UI_MODE_LOBBY, 'd'), UI_ACT_LEAVE);
    assert_int_equal(ui_key_action(UI_MODE_LOBBY, 'g'), UI_ACT_RATINGS);
    assert_int_equal(ui_key_action(UI_MODE_LOBBY, UI_KEY_TAB), UI_ACT_RATINGS);
    assert_int_equal(ui_key_action(UI_MODE_LOBBY, 'r'), UI_ACT_REFRESH);
    assert_int_equal(ui_key_action(UI_MODE_LOBBY, '?'), UI_ACT_RULES);
    assert_int_equal(ui_key_action(UI_MODE_LOBBY, 'q'), UI_ACT_QUIT);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'c'), UI_ACT_CHAT);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'C'), UI_ACT_CLAIM);
    assert_int_equal(ui_key_action(UI_MODE_OVER, 'm'), UI_ACT_REMATCH);
    assert_int_equal(ui_key_action(UI_MODE_OVER, 'c'), UI_ACT_CHAT);
    assert_int_equal(ui_key_action(UI_MODE_LINE, 0xe9), UI_ACT_CHAR);
    assert_int_equal(ui_key_action(UI_MODE_LINE, 0x263a), UI_ACT_CHAR);
    assert_int_equal(ui_key_action(UI_MODE_LINE, 0x9b), UI_ACT_NONE); /* a C1 control */
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 0xe9), UI_ACT_NONE);

    /* At one keyboard they change nothing, and a move line refuses what no move has. */
    Ui ui;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    assert_int_equal(press(&ui, 'c'), 0);
    assert_int_equal(press(&ui, 'C'), 0);
    press(&ui, ':');
    press(&ui, 'E');
    assert_int_equal(press(&ui, 0xe9), 0);
    assert_string_equal(ui.line, "E");
    free_ui(&ui);
}

static void test_ui_keys_cursor_moves_and_redraws(void **state)
{
    (void)state;
    Ui ui;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    ui.cursor = sq_named("E6");
    unsigned f = press(&ui, UI_KEY_UP);
    assert_int_equal(ui.cursor, sq_named("E7"));
    assert_true(f & UI_DRAW_BOARD);
    press(&ui, 'l');
    assert_int_equal(ui.cursor, sq_named("F7"));
    assert_true(press(&ui, UI_CTRL('l')) & UI_DRAW_CLEAR);
    /* Too small a terminal: the board is not shown, so its keys do nothing but quit. */
    ui_resize(&ui, 10, 30);
    assert_true(ui.lay.too_small);
    assert_int_equal(press(&ui, UI_KEY_ENTER), 0);
    assert_false(ui.sel.active);
    ui_resize(&ui, 24, 80);
    assert_true(press(&ui, 'q') & UI_QUIT);
    free_ui(&ui);
}

/* A canter built leap by leap: each landing is offered in turn, and Enter on the square
 * reached stops the canter there. */
static void test_ui_keys_canter_leap_by_leap(void **state)
{
    (void)state;
    const CmVariant *v = variant("camelot");
    CmPosition pos;
    char st[400];
    Ui ui;
    tu_position(&pos, v, "W E4M E5M E7M; B K13M", 'W');
    make_ui(&ui, "camelot", "W=human B=human", &pos, NULL);

    enter_on(&ui, "E4");
    assert_true(ui.sel.active);
    assert_true(cm_set_has(&ui.sel.next, sq_named("E6")));
    assert_true(cm_set_has(&ui.sel.next, sq_named("D3")));
    assert_false(cm_set_has(&ui.sel.next, sq_named("E8")));
    UiCellLook look;
    ui_square_look(&ui, sq_named("E6"), &look);
    assert_int_equal(look.role, UI_ROLE_TARGET);

    enter_on(&ui, "E6");
    assert_true(ui.sel.active);
    assert_true(ui.sel.complete);
    assert_true(cm_set_has(&ui.sel.next, sq_named("E8")));
    status(&ui, st, sizeof st);
    assert_contains(st, "Enter to stop here");
    /* The man is shown where it has got to, its square as left behind. */
    ui_square_look(&ui, sq_named("E6"), &look);
    assert_int_equal(look.role, UI_ROLE_SELECTED);
    ui_square_look(&ui, sq_named("E4"), &look);
    assert_int_equal(look.role, UI_ROLE_PATH);

    /* Leap on to E8: no further leap, so the move is made. */
    enter_on(&ui, "E8");
    assert_false(ui.sel.active);
    assert_int_equal(ui.s->g.n, 1);
    assert_string_equal(last_move(&ui), "E4-E6-E8");
    assert_int_equal(ui.s->g.pos.board[sq_named("E8")], CM_CELL(0, CM_MAN));

    /* Undo, and this time stop at E6 with Enter on E6. */
    press(&ui, 'u');
    assert_int_equal(ui.s->g.n, 0);
    enter_on(&ui, "E4");
    enter_on(&ui, "E6");
    assert_int_equal(ui.s->g.n, 0);
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.s->g.n, 1);
    assert_string_equal(last_move(&ui), "E4-E6");
    free_ui(&ui);
}

static void test_ui_keys_capture_is_compulsory_and_jumps_go_on(void **state)
{
    (void)state;
    const CmVariant *v = variant("camelot");
    CmPosition pos;
    char st[400];
    Ui ui;
    tu_position(&pos, v, "W E4M A5M; B E5M E7M K13M", 'W');
    make_ui(&ui, "camelot", "W=human B=human", &pos, NULL);

    status(&ui, st, sizeof st);
    assert_contains(st, "A capture is compulsory: the piece on E4 can capture.");
    UiCellLook look;
    ui_square_look(&ui, sq_named("E4"), &look);
    assert_int_equal(look.role, UI_ROLE_OBLIGED);
    ui_square_look(&ui, sq_named("A5"), &look);
    assert_int_not_equal(look.role, UI_ROLE_OBLIGED);

    /* The man on A5 may not move: it is not one of the capturers. */
    enter_on(&ui, "A5");
    assert_false(ui.sel.active);
    assert_contains(ui.msg, "may not move now");
    assert_contains(ui.msg, "A capture is compulsory");

    /* E4 jumps E5 to E6, and must go on over E7 to E8. */
    enter_on(&ui, "E4");
    assert_true(ui.sel.active);
    assert_true(cm_set_has(&ui.sel.next, sq_named("E6")));
    assert_int_equal(cm_set_count(&ui.sel.next), 1);
    enter_on(&ui, "E6");
    assert_true(ui.sel.active);
    assert_false(ui.sel.complete);
    assert_true(cm_set_has(&ui.sel.captured, sq_named("E5")));
    ui_square_look(&ui, sq_named("E5"), &look);
    assert_int_equal(look.role, UI_ROLE_CAPTURE);
    status(&ui, st, sizeof st);
    assert_contains(st, "The jump must go on: the man on E6 has to capture again.");
    /* Stopping half-way is refused with the rule. */
    press(&ui, UI_KEY_ENTER);
    assert_true(ui.sel.active);
    assert_contains(ui.msg, "You cannot stop on E6: the jump must go on");
    enter_on(&ui, "E8");
    assert_false(ui.sel.active);
    assert_int_equal(ui.s->g.n, 1);
    assert_string_equal(last_move(&ui), "E4xE6xE8");
    assert_int_equal(ui.s->g.pos.board[sq_named("E5")], CM_EMPTY);
    assert_int_equal(ui.s->g.pos.board[sq_named("E7")], CM_EMPTY);
    free_ui(&ui);
}

/* A piece that jumped into its own castle is marked, and the status line says it must leave. */
static void test_ui_keys_piece_must_leave_its_castle(void **state)
{
    (void)state;
    const CmVariant *v = variant("camelot");
    CmPosition pos;
    char st[400];
    Ui ui;
    UiCellLook look;
    tu_position(&pos, v, "W F1M C6M; B C7M K13M", 'W');
    make_ui(&ui, "camelot", "W=human B=human", &pos, NULL);
    status(&ui, st, sizeof st);
    assert_contains(st, "The piece on F1 is in its own castle and must leave it now.");
    ui_square_look(&ui, sq_named("F1"), &look);
    assert_int_equal(look.role, UI_ROLE_OBLIGED);
    /* Even the man that could capture must wait. */
    enter_on(&ui, "C6");
    assert_false(ui.sel.active);
    assert_contains(ui.msg, "may not move now. The piece on F1");
    enter_on(&ui, "F1");
    assert_true(ui.sel.active);
    assert_false(cm_set_has(&ui.sel.next, sq_named("G1")));
    enter_on(&ui, "G1");
    assert_contains(ui.msg, "F1-G1 is illegal: you may not enter your own castle by a plain move.");
    enter_on(&ui, "F2");
    assert_int_equal(ui.s->g.n, 1);
    free_ui(&ui);
}

static void test_ui_keys_illegal_attempts_say_why(void **state)
{
    (void)state;
    Ui ui;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);

    /* Somebody else's piece, an empty square. */
    enter_on(&ui, "E10");
    assert_false(ui.sel.active);
    assert_contains(ui.msg, "The man on E10 is Black's; it is White's turn.");
    enter_on(&ui, "E9");
    assert_contains(ui.msg, "E9 is empty");

    /* A square the man cannot reach: the rules core's one-sentence reason. */
    enter_on(&ui, "E6");
    assert_true(ui.sel.active);
    enter_on(&ui, "E9");
    assert_true(ui.sel.active);
    assert_int_equal(ui.msg_role, UI_ROLE_ERROR);
    assert_contains(ui.msg, "E6-E9 is illegal: E6 to E9 is neither a step to an adjacent "
                            "square nor a leap over one.");
    /* Into one's own castle. */
    ui.sel.active = 0;
    enter_on(&ui, "E6");
    assert_int_equal(ui.s->g.n, 0);
    free_ui(&ui);
}

static void test_ui_keys_escape_and_backspace(void **state)
{
    (void)state;
    const CmVariant *v = variant("camelot");
    CmPosition pos;
    Ui ui;
    tu_position(&pos, v, "W E4M E5M E7M; B K13M", 'W');
    make_ui(&ui, "camelot", "W=human B=human", &pos, NULL);
    enter_on(&ui, "E4");
    enter_on(&ui, "E6");
    assert_int_equal(ui.sel.path.n, 2);
    press(&ui, UI_KEY_BACKSPACE);
    assert_int_equal(ui.sel.path.n, 1);
    assert_true(cm_set_has(&ui.sel.next, sq_named("E6")));
    press(&ui, UI_KEY_ESC);
    assert_false(ui.sel.active);
    assert_int_equal(ui.s->g.n, 0);
    /* Enter on the picked piece itself drops it too; another piece can be picked instead. */
    enter_on(&ui, "E4");
    press(&ui, UI_KEY_ENTER);
    assert_false(ui.sel.active);
    enter_on(&ui, "E4");
    enter_on(&ui, "E5");
    assert_true(ui.sel.active);
    assert_int_equal(ui.sel.path.sq[0], sq_named("E5"));
    free_ui(&ui);
}

static void test_ui_keys_typed_moves(void **state)
{
    (void)state;
    Ui ui;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    press(&ui, ':');
    assert_int_equal(ui.mode, UI_MODE_LINE);
    type(&ui, "e6-e9");
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.mode, UI_MODE_LINE);
    assert_contains(ui.msg, "e6-e9 is illegal: E6 to E9 is neither");
    /* The rejected move stays to be edited; ':' again starts a fresh line, with no stray ':'. */
    assert_string_equal(ui.line, "e6-e9");
    press(&ui, ':');
    assert_int_equal(ui.mode, UI_MODE_LINE);
    assert_string_equal(ui.line, "");
    type(&ui, "e6-e9");
    for (int i = 0; i < 5; i++)
        press(&ui, UI_KEY_BACKSPACE);
    type(&ui, "e6-e8");
    char st[400];
    status(&ui, st, sizeof st);
    assert_contains(st, "e6-e8");
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_int_equal(ui.s->g.n, 1);
    assert_string_equal(last_move(&ui), "E6-E8");
    press(&ui, ':');
    type(&ui, "Z1");
    press(&ui, UI_KEY_ENTER);
    assert_contains(ui.msg, "Not a move");
    press(&ui, UI_KEY_ESC);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_int_equal(ui.s->g.n, 1);
    free_ui(&ui);
}

/* A paste longer than any move at ':': the line keeps what fits, says so once, and the rest
 * of the paste changes nothing, so that nothing is drawn for it; Esc still leaves at once. */
static void test_ui_keys_typed_line_past_its_end_changes_nothing(void **state)
{
    (void)state;
    Ui ui;
    char msg[UI_MSG_MAX];
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    press(&ui, ':');
    for (int i = 0; i < UI_LINE_MAX - 1; i++)
        assert_int_equal(press(&ui, 'x'), UI_DRAW_STATUS);
    assert_int_equal((int)strlen(ui.line), UI_LINE_MAX - 1);
    assert_int_equal(press(&ui, 'x'), UI_DRAW_STATUS);
    assert_contains(ui.msg, "No move is longer than");
    snprintf(msg, sizeof msg, "%s", ui.msg);
    for (int i = 0; i < 1000; i++)
        assert_int_equal(press(&ui, 'y'), 0);
    assert_string_equal(ui.msg, msg);
    assert_int_equal((int)strlen(ui.line), UI_LINE_MAX - 1);
    assert_null(strchr(ui.line, 'y'));
    /* Backspace makes room again. */
    assert_int_not_equal(press(&ui, UI_KEY_BACKSPACE), 0);
    assert_int_equal(press(&ui, 'z'), UI_DRAW_STATUS);
    assert_int_equal(ui.line[UI_LINE_MAX - 2], 'z');
    press(&ui, UI_KEY_ESC);
    assert_int_equal(ui.mode, UI_MODE_PLAY);

    /* The path line of 'x' (export) drops what does not fit the same way. */
    press(&ui, 'x');
    assert_true(ui.line_export);
    for (int i = 0; i < UI_LINE_MAX - 1; i++)
        press(&ui, 'p');
    assert_int_equal(press(&ui, 'p'), 0);
    assert_int_equal((int)strlen(ui.line), UI_LINE_MAX - 1);
    press(&ui, UI_KEY_ESC);
    assert_false(ui.line_export);
    free_ui(&ui);
}

static void test_ui_keys_undo_and_redo(void **state)
{
    (void)state;
    Ui ui;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    press(&ui, ':');
    type(&ui, "E6-E8");
    press(&ui, UI_KEY_ENTER);
    press(&ui, ':');
    type(&ui, "F11-F9");
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.s->g.n, 2);
    press(&ui, 'u');
    assert_int_equal(ui.s->g.n, 1);
    assert_int_equal(ui.s->g.pos.to_move, 1);
    assert_int_equal(ui.nmoves, 1);
    assert_string_equal(ui.msg, "Took back 1 ply (r redoes).");
    press(&ui, 'u');
    assert_int_equal(ui.s->g.n, 0);
    press(&ui, 'u');
    assert_contains(ui.msg, "no move to take back");
    press(&ui, 'r');
    press(&ui, 'r');
    assert_int_equal(ui.s->g.n, 2);
    assert_string_equal(last_move(&ui), "F11-F9");
    press(&ui, 'r');
    assert_contains(ui.msg, "no move to redo");
    /* A new move forgets what could be redone. */
    press(&ui, 'u');
    press(&ui, ':');
    type(&ui, "G11-G9");
    press(&ui, UI_KEY_ENTER);
    press(&ui, 'r');
    assert_contains(ui.msg, "no move to redo");
    free_ui(&ui);
}

/* Four people at one keyboard: the turn goes Red, Green, Blue, Yellow. */
static void test_ui_keys_four_seat_hot_seat_order(void **state)
{
    (void)state;
    Ui ui;
    char st[400];
    make_ui(&ui, "grand-camelot", "R=human G=human B=human Y=human", NULL, NULL);
    const CmVariant *v = ui.s->v;
    const char order[] = "RGBYRG";
    for (int i = 0; i < 6; i++) {
        assert_int_equal(v->seat[ui.s->g.pos.to_move].letter, order[i]);
        status(&ui, st, sizeof st);
        char who[32];
        snprintf(who, sizeof who, "%s to move", v->seat[ui.s->g.pos.to_move].name);
        assert_contains(st, who);
        char text[CM_MOVE_TEXT_MAX];
        cm_move_str(&ui.s->g.pos, &ui.legal[0], text, sizeof text);
        press(&ui, ':');
        type(&ui, text);
        press(&ui, UI_KEY_ENTER);
        assert_int_equal(ui.s->g.n, i + 1);
    }
    assert_int_equal(ui.moves[2].seat, 2);
    free_ui(&ui);
}

/* f turns a board of four seats a quarter at a time, so that each side in turn comes to the
 * bottom, and with it the cursor's arrows; a board of two seats turns round. */
static void test_ui_keys_flip_turns_four_seats_a_quarter(void **state)
{
    (void)state;
    Ui ui;
    make_ui(&ui, "grand-cam", "R=human G=human B=human Y=human", NULL, NULL);
    assert_int_equal(ui.lay.turn, 0);
    for (int turn = 1; turn <= 4; turn++) {
        assert_int_equal(press(&ui, 'f') & UI_DRAW_CLEAR, UI_DRAW_CLEAR);
        assert_int_equal(ui.lay.turn, turn & 3);
    }
    press(&ui, 'f'); /* the west, Blue's side, at the bottom: up goes east */
    ui.cursor = sq_named("B7");
    press(&ui, UI_KEY_UP);
    assert_int_equal(ui.cursor, sq_named("C7"));
    free_ui(&ui);
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    press(&ui, 'f');
    assert_int_equal(ui.lay.turn, 2);
    assert_true(ui.opt.flip);
    press(&ui, 'f');
    assert_int_equal(ui.lay.turn, 0);
    free_ui(&ui);
}

static void test_ui_keys_resign_and_draw_offers(void **state)
{
    (void)state;
    Ui ui;
    char st[400];
    make_ui(&ui, "grand-cam", "R=human G=human B=human Y=human", NULL, NULL);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'R'), UI_ACT_RESIGN);
    assert_int_equal(ui_key_action(UI_MODE_PLAY, 'D'), UI_ACT_DRAW);
    /* A draw offer of Red's: Green answers for Green and Yellow, and says no. */
    press(&ui, 'D');
    assert_int_equal(ui.mode, UI_MODE_ASK);
    status(&ui, st, sizeof st);
    assert_string_equal(st, "Red offers a draw. Green, do you accept? (y/n)");
    assert_string_equal(key_bar(&ui), "y yes  n no");
    press(&ui, 'x'); /* no answer: the question stays */
    assert_int_equal(ui.mode, UI_MODE_ASK);
    press(&ui, 'n');
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_string_equal(ui.msg, "Green declines the draw.");
    assert_false(ui.s->outcome.over);
    /* Red thinks of resigning, then plays on; Esc answers no too. */
    press(&ui, 'R');
    status(&ui, st, sizeof st);
    assert_string_equal(st, "Red: resign the game for your team? y resigns, n plays on.");
    press(&ui, UI_KEY_ESC);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_string_equal(ui.msg, "Red plays on.");
    assert_false(ui.s->outcome.over);
    /* Then resigns: Green and Yellow win. */
    press(&ui, 'R');
    press(&ui, 'y');
    assert_int_equal(ui.mode, UI_MODE_OVER);
    assert_true(ui.s->outcome.over);
    status(&ui, st, sizeof st);
    assert_string_equal(st, "Red resigns. Green and Yellow win.");
    UiLine lines[16];
    int n = ui_over_lines(&ui, lines, 16);
    assert_true(n > 1);
    assert_string_equal(lines[1].text, "Red resigns. Green and Yellow win.");
    free_ui(&ui);

    /* Two people: a draw offered and agreed. */
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    press(&ui, 'D');
    press(&ui, 'y');
    assert_int_equal(ui.mode, UI_MODE_OVER);
    assert_true(ui.s->agreed);
    status(&ui, st, sizeof st);
    assert_string_equal(st, "Draw agreed.");
    free_ui(&ui);
}

/* A resignation or a draw before the first move is taken back by u, as one after a move is
 * with that move (there was no move to take back, and the game stayed over). */
static void test_ui_keys_undo_an_end_before_the_first_move(void **state)
{
    (void)state;
    Ui ui;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    press(&ui, 'R');
    press(&ui, 'y');
    assert_int_equal(ui.mode, UI_MODE_OVER);
    press(&ui, 'u');
    assert_false(ui.s->outcome.over);
    assert_int_equal(ui.s->resigned, -1);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_string_equal(ui.msg, "Took back the resignation: the game goes on.");
    assert_true(ui.nlegal > 0);
    press(&ui, 'D');
    press(&ui, 'y');
    assert_true(ui.s->agreed);
    press(&ui, 'u');
    assert_false(ui.s->outcome.over);
    assert_false(ui.s->agreed);
    assert_string_equal(ui.msg, "Took back the draw: the game goes on.");
    /* The game goes on from there. */
    type(&ui, ":E6-E8");
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.s->g.n, 1);
    press(&ui, 'u');
    assert_int_equal(ui.s->g.n, 0);
    press(&ui, 'u');
    assert_string_equal(ui.msg, "There is no move to take back.");
    free_ui(&ui);
}

static void test_ui_keys_highlighting_can_be_turned_off(void **state)
{
    (void)state;
    Ui ui;
    UiCellLook look;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    enter_on(&ui, "E6");
    ui_square_look(&ui, sq_named("E8"), &look);
    assert_int_equal(look.role, UI_ROLE_TARGET);
    press(&ui, 'T');
    assert_false(ui.opt.highlight);
    ui_square_look(&ui, sq_named("E8"), &look);
    assert_int_not_equal(look.role, UI_ROLE_TARGET);
    /* Moves still work, unmarked. */
    enter_on(&ui, "E8");
    assert_int_equal(ui.s->g.n, 1);
    press(&ui, 'T');
    assert_true(ui.opt.highlight);
    free_ui(&ui);
}

static void test_ui_keys_rules_page(void **state)
{
    (void)state;
    Ui ui;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    press(&ui, '?');
    assert_int_equal(ui.mode, UI_MODE_RULES);
    assert_non_null(ui.page);
    assert_true(ui.page_lines > 40);
    assert_non_null(strstr(ui.page, "THE RULES OF CAMELOT"));
    assert_non_null(strstr(ui.page, "castle move"));
    press(&ui, 'j');
    assert_int_equal(ui.page_top, 1);
    press(&ui, 'k');
    press(&ui, 'k');
    assert_int_equal(ui.page_top, 0);
    press(&ui, UI_KEY_END);
    assert_true(ui.page_top > 0);
    press(&ui, UI_KEY_PGDN);
    int last = ui.page_top;
    press(&ui, UI_KEY_DOWN);
    assert_int_equal(ui.page_top, last);
    press(&ui, 'q');
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_null(ui.page);
    free_ui(&ui);

    /* Every variant has its rules, and no line is wider than asked. */
    for (size_t i = 0; i < TU_NVARIANTS; i++) {
        char *text = ui_rules_text(variant(tu_variant_names[i]), 60);
        assert_non_null(text);
        for (char *p = text; *p;) {
            char *e = strchr(p, '\n');
            assert_non_null(e);
            assert_true(e - p <= 60);
            p = e + 1;
        }
        if (strncmp(tu_variant_names[i], "four", 4) == 0) {
            assert_non_null(strstr(text, "castle squares at the ends"));
            assert_null(strstr(text, "CASTLES"));
        } else {
            assert_non_null(strstr(text, "CASTLES"));
        }
        if (strncmp(tu_variant_names[i], "grand", 5) == 0)
            assert_non_null(strstr(text, "partner"));
        free(text);
    }
}

/* Plays the first legal move of the screen 'n' times, for whoever is to move. */
static void play_first_moves(Ui *ui, int n)
{
    for (int i = 0; i < n && !ui->s->outcome.over; i++) {
        CmMove m = ui->legal[0];
        assert_true(ui->nlegal > 0);
        ui_commit(ui, &m, 1000);
    }
}

/* '?' shows the keys of the screen it is pressed on, from the table its key bar comes from:
 * the game's in a game, a lesson's in a lesson (where n is the next lesson and s saves
 * nothing), the game's and the game-over box's when the game is over. */
static void test_ui_keys_help_lists_the_keys_of_the_mode(void **state)
{
    (void)state;
    Ui ui;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    press(&ui, '?');
    assert_contains(ui.page, "\nKEYS\n");
    assert_contains(ui.page, "new game: variant");
    assert_contains(ui.page, "save the game");
    assert_null(strstr(ui.page, "WHEN THE GAME IS OVER"));
    press(&ui, 'q');

    press(&ui, 'n');
    press(&ui, UI_KEY_UP);
    press(&ui, UI_KEY_ENTER);
    assert_non_null(ui.learn);
    assert_contains(key_bar(&ui), "n next  p previous  u again");
    press(&ui, '?');
    assert_int_equal(ui.mode, UI_MODE_RULES);
    assert_contains(ui.page, "KEYS IN A LESSON");
    assert_contains(ui.page, "the next lesson");
    assert_contains(ui.page, "this lesson again");
    assert_null(strstr(ui.page, "new game"));
    assert_null(strstr(ui.page, "save the game"));
    assert_null(strstr(ui.page, "\nKEYS\n"));
    press(&ui, 'q');
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_non_null(ui.learn);
    press(&ui, 'q');
    assert_null(ui.learn);

    /* The game over: the game's keys, then the box's. */
    press(&ui, 'R');
    press(&ui, 'y');
    assert_int_equal(ui.mode, UI_MODE_OVER);
    press(&ui, '?');
    assert_contains(ui.page, "\nKEYS\n");
    assert_contains(ui.page, "KEYS WHEN THE GAME IS OVER");
    assert_contains(ui.page, "the engine's review");
    press(&ui, 'q');
    assert_int_equal(ui.mode, UI_MODE_OVER);
    free_ui(&ui);
}

/* Every key bar of every table, in every state the screen can be in (one of them, with the
 * review's marks or not), fits 80 columns. */
static void test_ui_keys_key_bars_fit_80_columns(void **state)
{
    (void)state;
    char bar[UI_KEYS_MAX];
    for (int set = 0; set < UI_KEYS_COUNT; set++)
        for (unsigned bit = 0; bit <= UI_KEYS_ENDED; bit = bit ? bit << 1 : 1) {
            unsigned st = bit | (set == UI_KEYS_GAME || set == UI_KEYS_REVIEW ? UI_KEYS_MARKED : 0);
            ui_key_bar((UiKeySet)set, st, bar, sizeof bar);
            if (strlen(bar) > 80)
                fail_msg("set %d, state %u: '%s' is %zu columns", set, st, bar, strlen(bar));
        }
}

/* The game-over box offers every key of its table, a and x among them, and names the move
 * that ended the game; at 80 x 24, in every variant, it leaves the end of the move list in
 * sight. */
static void test_ui_keys_game_over_box_keys_and_last_move(void **state)
{
    (void)state;
    static const char *const seats[TU_NVARIANTS] = {"W=human B=human",
                                                    "W=human B=human",
                                                    "W=human B=human",
                                                    "W=human B=human",
                                                    "R=human G=human B=human Y=human",
                                                    "R=human G=human B=human Y=human",
                                                    "R=human G=human B=human Y=human",
                                                    "R=human G=human B=human Y=human"};
    for (int vi = 0; vi < TU_NVARIANTS; vi++) {
        Ui ui;
        UiLine box[40], panel[200];
        char want[CM_MOVE_TEXT_MAX + 64];
        make_ui(&ui, tu_variant_names[vi], seats[vi], NULL, NULL);
        play_first_moves(&ui, 9);
        press(&ui, 'R');
        press(&ui, 'y');
        assert_int_equal(ui.mode, UI_MODE_OVER);
        int y, x, w, h, n = ui_over_box(&ui, box, 40, &y, &x, &w, &h), keys = 0;
        snprintf(want, sizeof want, "%s played %s.", ui.s->v->seat[ui.moves[8].seat].name,
                 ui.moves[8].text);
        int named = 0;
        for (int i = 0; i < n; i++) {
            named |= strcmp(box[i].text, want) == 0;
            keys += strncmp(box[i].text, "a    ", 5) == 0 || strstr(box[i].text, "  a    ");
            keys += strncmp(box[i].text, "x    ", 5) == 0 || strstr(box[i].text, "  x    ");
        }
        if (!named)
            fail_msg("%s: the box does not say '%s'", tu_variant_names[vi], want);
        assert_int_equal(keys, 2);
        /* The box as the screen draws it, whole, above the message and key lines. */
        assert_true(x >= 0 && y >= 0 && x + w <= 80 && y + h <= 24);
        UiFoot foot;
        ui_foot(&ui, &foot);
        if (y + h > foot.top)
            fail_msg("%s: the box (%d,%d %dx%d) runs into the foot at row %d", tu_variant_names[vi],
                     y, x, w, h, foot.top);
        /* The last move in the panel, where the screen draws it. */
        int max = foot.top - ui.lay.panel_y;
        int np = ui_panel_lines(&ui, 1000, ui.lay.panel_w - 2, panel, max);
        int row = -1, col = 0;
        for (int i = np - 1; i >= 0 && row < 0; i--) {
            const char *at = strstr(panel[i].text, ui.moves[8].text);
            if (at != NULL) {
                row = ui.lay.panel_y + i;
                col = ui.lay.panel_x + (int)(at - panel[i].text);
            }
        }
        assert_true(row >= 0);
        int len = (int)strlen(ui.moves[8].text);
        if (row >= y && row < y + h && x < col + len && x + w > col)
            fail_msg("%s: the box (%d,%d %dx%d) hides the last move at row %d, column %d",
                     tu_variant_names[vi], y, x, w, h, row, col);
        free_ui(&ui);
    }
}

/* A game the engines play alone: the key bar offers no undo, resignation or draw, which are
 * for a person's turn, and R says why there is nobody to resign. */
static void test_ui_keys_engines_alone_offer_no_turn_keys(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Ui ui;
    assert_non_null(eng);
    make_ui(&ui, "camelot", "W=engine:1 B=engine:1", NULL, eng);
    const char *bar = key_bar(&ui);
    assert_null(strstr(bar, "u undo"));
    assert_null(strstr(bar, "R resign"));
    assert_null(strstr(bar, "D draw"));
    assert_contains(bar, "p pause");
    assert_contains(bar, "m move now");
    press(&ui, 'R');
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_null(strstr(ui.msg, "your turn"));
    assert_contains(ui.msg, "engines play every seat");
    press(&ui, 'D');
    assert_null(strstr(ui.msg, "your turn"));
    assert_contains(ui.msg, "engines play every seat");
    free_ui(&ui);
    engine_thread_free(eng);
}

static void test_ui_keys_new_game_form(void **state)
{
    (void)state;
    Ui ui;
    UiLine lines[40];
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    press(&ui, ':');
    type(&ui, "E6-E8");
    press(&ui, UI_KEY_ENTER);
    press(&ui, 'n');
    assert_int_equal(ui.mode, UI_MODE_NEWGAME);
    assert_int_equal(ui.form.field, 0);
    press(&ui, UI_KEY_RIGHT);
    assert_string_equal(ui.form.v->name, "chivalry");
    press(&ui, UI_KEY_RIGHT);
    press(&ui, UI_KEY_RIGHT);
    assert_string_equal(ui.form.v->name, "grand-camelot");
    int n = ui_form_lines(&ui, lines, 40);
    assert_true(n > 6);
    assert_non_null(strstr(lines[2].text, "Grand Camelot"));
    /* Each seat's swatch is of the variant picked, its letter, not of the game of two seats on
     * the screen (whose knights are hollow and solid). */
    for (int seat = 0; seat < 4; seat++) {
        const UiLine *line = &lines[3 + seat];
        char mark[8];
        assert_int_equal(line->seat, seat);
        assert_ptr_equal(line->v, ui.form.v);
        ui_seat_glyph(&ui, line->v, line->seat, mark, sizeof mark);
        assert_int_equal(mark[0], ui.form.v->seat[seat].letter);
        assert_int_equal(mark[1], '\0');
    }
    /* Four seats; without an engine every seat stays human. */
    press(&ui, UI_KEY_DOWN);
    press(&ui, UI_KEY_RIGHT);
    assert_int_equal(ui.form.setup.seat[0].kind, SEAT_HUMAN);
    /* The clocks. */
    for (int i = 0; i < 4; i++)
        press(&ui, UI_KEY_DOWN);
    assert_int_equal(ui.form.field, 5);
    press(&ui, UI_KEY_RIGHT);
    assert_true(ui.form.setup.time_base_ms > 0);
    /* A clock of one's own, typed: a bad one is said and starts nothing. */
    type(&ui, "0.5+");
    assert_non_null(strstr(ui.form.error, "minutes+seconds"));
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.mode, UI_MODE_NEWGAME);
    type(&ui, "2");
    assert_string_equal(ui.form.error, "");
    assert_int_equal(ui.form.setup.time_base_ms, 30000);
    assert_int_equal(ui.form.setup.time_inc_ms, 2000);
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_string_equal(ui.s->v->name, "grand-camelot");
    assert_int_equal(ui.s->g.n, 0);
    assert_int_equal(ui.s->setup.time_base_ms, 30000);
    assert_int_equal(ui.s->setup.time_inc_ms, 2000);
    /* Esc leaves the form alone. */
    press(&ui, 'n');
    press(&ui, UI_KEY_ESC);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_string_equal(ui.s->v->name, "grand-camelot");
    free_ui(&ui);
}

/* Changing the variant in the new-game form keeps who plays each seat and the engines'
 * levels (it set every seat back to the defaults); a seat the new variant adds is an engine
 * at the last level set. */
static void test_ui_keys_form_keeps_the_levels(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Ui ui;
    assert_non_null(eng);
    make_ui(&ui, "camelot", "W=human B=engine:8", NULL, eng);
    press(&ui, 'n');
    assert_int_equal(ui.mode, UI_MODE_NEWGAME);
    press(&ui, UI_KEY_RIGHT);
    assert_string_equal(ui.form.v->name, "chivalry");
    assert_int_equal(ui.form.setup.seat[0].kind, SEAT_HUMAN);
    assert_int_equal(ui.form.setup.seat[1].kind, SEAT_ENGINE);
    assert_int_equal(ui.form.setup.seat[1].level, 8);
    press(&ui, UI_KEY_RIGHT);
    press(&ui, UI_KEY_RIGHT);
    assert_string_equal(ui.form.v->name, "grand-camelot");
    assert_int_equal(ui.form.setup.seat[0].kind, SEAT_HUMAN);
    for (int seat = 1; seat < 4; seat++) {
        assert_int_equal(ui.form.setup.seat[seat].kind, SEAT_ENGINE);
        assert_int_equal(ui.form.setup.seat[seat].level, 8);
    }
    /* Green a level lower, then back to a variant of four seats: Green keeps it. */
    press(&ui, UI_KEY_DOWN);
    press(&ui, UI_KEY_DOWN);
    press(&ui, UI_KEY_LEFT);
    assert_int_equal(ui.form.setup.seat[1].level, 7);
    press(&ui, UI_KEY_UP);
    press(&ui, UI_KEY_UP);
    press(&ui, UI_KEY_LEFT);
    assert_string_equal(ui.form.v->name, "grand-cam");
    assert_int_equal(ui.form.setup.seat[1].level, 7);
    press(&ui, UI_KEY_ENTER);
    assert_string_equal(ui.s->v->name, "grand-cam");
    assert_int_equal(ui.s->setup.seat[1].level, 7);
    free_ui(&ui);
    engine_thread_free(eng);
}

/* Lessons opened from the new-game form: q goes back to the game, paused meanwhile; Ctrl-C
 * quits the program, as it does in the game, and the game is the session left to save. */
static void test_ui_keys_lessons_from_the_form(void **state)
{
    (void)state;
    Ui ui;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    Session *game = ui.s;
    press(&ui, ':');
    type(&ui, "E6-E8");
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(game->g.n, 1);
    press(&ui, 'n');
    assert_int_equal(ui.mode, UI_MODE_NEWGAME);
    press(&ui, UI_KEY_UP); /* from the first field up to the last entry, Lessons */
    press(&ui, UI_KEY_ENTER);
    assert_non_null(ui.learn);
    assert_true(ui.s != game);
    assert_true(game->paused);
    /* The first lesson's man on F6 steps to F7 by keys: the cursor stays where it landed (the
     * move it came from is one of the screen's legal moves, which the new position replaces). */
    assert_int_equal(ui.cursor, sq_named("F6"));
    press(&ui, ' ');
    press(&ui, UI_KEY_UP);
    press(&ui, ' ');
    assert_int_equal(ui.s->g.n, 1);
    assert_int_equal(ui.cursor, sq_named("F7"));
    unsigned f = press(&ui, 'q');
    assert_false(f & UI_QUIT);
    assert_null(ui.learn);
    assert_true(ui.s == game);
    assert_false(game->paused);
    assert_contains(ui.msg, "Back to your game.");

    press(&ui, 'n');
    press(&ui, UI_KEY_UP);
    press(&ui, UI_KEY_ENTER);
    assert_non_null(ui.learn);
    f = press(&ui, UI_CTRL('c'));
    assert_true(f & UI_QUIT);
    /* The screen ends as after any quit: the lessons close and the game is the one kept. */
    ui_free(&ui);
    assert_int_equal(game->g.n, 1);
    assert_false(game->paused);
    session_free(game);
    free(game);
}

/* What the screen would draw now fits 80 x 24 and cuts nothing: the title, the foot (the
 * teaching line and the message wrapped, the key bar), each line of the panel in its width,
 * the game-over box, and the page's lines. 'what' names the screen for a failure. */
static void check_whole(const Ui *ui, const char *what)
{
    const UiLayout *l = &ui->lay;
    char text[UI_MSG_MAX + 64];
    UiLine lines[UI_PANEL_LINES];
    UiFoot foot;
    assert_false(l->too_small);
    if (ui->mode == UI_MODE_RULES) {
        for (const char *p = ui->page; *p;) {
            const char *e = strchr(p, '\n');
            if (e - p > 78)
                fail_msg("%s: a line of the page is %d columns: %.*s", what, (int)(e - p),
                         (int)(e - p), p);
            p = e + 1;
        }
        return;
    }
    ui_title_text(ui, text, sizeof text);
    if (strlen(text) > 80)
        fail_msg("%s: the title is %zu columns: %s", what, strlen(text), text);
    if (strlen(key_bar(ui)) > 80)
        fail_msg("%s: the key bar is %zu columns: %s", what, strlen(key_bar(ui)), key_bar(ui));
    ui_foot(ui, &foot);
    for (int i = 0; i < foot.n; i++) {
        assert_true(foot.line[i].len <= 80);
        assert_true(foot.line[i].y >= 0 && foot.line[i].y < 24);
    }
    int max = foot.top - l->panel_y;
    int n = ui_panel_lines(ui, 1000, l->panel_w - 2, lines, max > 0 ? max : 0);
    for (int i = 0; i < n; i++)
        if ((int)strlen(lines[i].text) > l->panel_w - 2)
            fail_msg("%s: the panel is %d wide, its line is %zu: %s", what, l->panel_w - 2,
                     strlen(lines[i].text), lines[i].text);
    if (ui->mode == UI_MODE_OVER) {
        int k = ui_over_lines(ui, lines, UI_PANEL_LINES), w = 0;
        for (int i = 0; i < k; i++) {
            int len = (int)strlen(lines[i].text) + 4 + (lines[i].seat >= 0 ? 2 : 0);
            w = len > w ? len : w;
        }
        if (w > 80 || k + 2 > 24)
            fail_msg("%s: the game-over box is %d x %d", what, w, k + 2);
    }
}

/* Every variant, every screen of a game at 80 x 24 is whole: the board, review, the analysis
 * board, the help page, the game over. */
static void test_ui_keys_every_mode_fits_80x24(void **state)
{
    (void)state;
    static const char *const seats[TU_NVARIANTS] = {"W=human B=human",
                                                    "W=human B=human",
                                                    "W=human B=human",
                                                    "W=human B=human",
                                                    "R=human G=human B=human Y=human",
                                                    "R=human G=human B=human Y=human",
                                                    "R=human G=human B=human Y=human",
                                                    "R=human G=human B=human Y=human"};
    char what[120];
    for (int vi = 0; vi < TU_NVARIANTS; vi++) {
        Ui ui;
        make_ui(&ui, tu_variant_names[vi], seats[vi], NULL, NULL);
        play_first_moves(&ui, 12);
        snprintf(what, sizeof what, "%s, the board", tu_variant_names[vi]);
        check_whole(&ui, what);
        press(&ui, 'v');
        press(&ui, UI_KEY_LEFT);
        snprintf(what, sizeof what, "%s, review", tu_variant_names[vi]);
        check_whole(&ui, what);
        press(&ui, 'A');
        assert_non_null(ui.analysis);
        snprintf(what, sizeof what, "%s, the analysis board", tu_variant_names[vi]);
        check_whole(&ui, what);
        press(&ui, '?');
        snprintf(what, sizeof what, "%s, the analysis board's help", tu_variant_names[vi]);
        check_whole(&ui, what);
        press(&ui, 'q');
        press(&ui, UI_KEY_ESC);
        assert_int_equal(ui.mode, UI_MODE_REVIEW);
        press(&ui, UI_KEY_ESC);
        assert_int_equal(ui.mode, ui_board_mode(&ui));
        press(&ui, '?');
        snprintf(what, sizeof what, "%s, the help", tu_variant_names[vi]);
        check_whole(&ui, what);
        press(&ui, 'q');
        if (!ui.s->outcome.over) {
            press(&ui, 'R');
            press(&ui, 'y');
        }
        assert_int_equal(ui.mode, UI_MODE_OVER);
        snprintf(what, sizeof what, "%s, the game over", tu_variant_names[vi]);
        check_whole(&ui, what);
        free_ui(&ui);
    }
}

/* Writes 'text' to 'dir'/'name'. */
static void write_in(const char *dir, const char *name, const char *text)
{
    char path[700];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Saves a game of 'name' with one move to 'dir'/'file'. */
static void save_game_of(const char *dir, const char *name, const char *seats, const char *file)
{
    Ui ui;
    char path[700];
    CmError err;
    make_ui(&ui, name, seats, NULL, NULL);
    play_first_moves(&ui, 1);
    snprintf(path, sizeof path, "%s/%s", dir, file);
    assert_int_equal(session_save_as(ui.s, path, 1000, &err), CM_OK);
    free_ui(&ui);
}

/* L lists the saved games, and neither the lessons' progress nor the puzzles' score (it listed
 * them as 'not a game record'); its columns line up whatever the variants' names, the longest
 * (four-handed-chivalry-solo) too, within the box of an 80-column screen. */
static void test_ui_keys_load_lists_games_in_columns(void **state)
{
    (void)state;
    char dir[512];
    UiLine lines[40];
    Ui ui;
    tu_temp_dir(dir, sizeof dir);
    write_in(dir, "lessons.txt", "01-step\n");
    write_in(dir, "puzzles.txt", "solved 1\n");
    write_in(dir, "lessons-damaged-20240501-201400.txt", "\x01\x02");
    save_game_of(dir, "four-handed-chivalry-solo", "R=human G=human B=human Y=human",
                 "four-handed-chivalry-solo-20240501-201400.txt");
    save_game_of(dir, "camette", "W=human B=human", "camette-20240501-201500.txt");
    save_game_of(dir, "grand-camelot", "R=human G=human B=human Y=human", "autosave.txt");
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    ui.s->env.data_dir = dir;
    press(&ui, 'L');
    assert_int_equal(ui.mode, UI_MODE_LOAD);
    assert_int_equal(ui.nsaves, 3);
    int n = ui_load_lines(&ui, lines, 40), games = 0, at_variant = -1, at_state = -1;
    for (int i = 0; i < n; i++) {
        const char *t = lines[i].text;
        assert_null(strstr(t, "not a game record"));
        assert_null(strstr(t, "lessons"));
        assert_null(strstr(t, "puzzles"));
        if ((int)strlen(t) > 76)
            fail_msg("'%s' is wider than the box's 76 columns", t);
        const char *v = strstr(t, "camette");
        v = v ? v : strstr(t, "grand-camelot");
        v = v ? v : strstr(t, "four-handed-chivalry-solo");
        if (v == NULL)
            continue;
        games++;
        /* The variants start in one column, and the lengths end in one: what follows them (all
         * three games are unfinished) starts in one. */
        const char *st = strstr(t, "unfinished");
        assert_non_null(st);
        if (at_variant < 0) {
            at_variant = (int)(v - t);
            at_state = (int)(st - t);
        }
        assert_int_equal((int)(v - t), at_variant);
        assert_int_equal((int)(st - t), at_state);
        assert_int_equal(strstr(t, "autosave") != NULL, strstr(t, "grand-camelot") != NULL);
    }
    assert_int_equal(games, 3);
    free_ui(&ui);
    tu_remove_tree(dir);
}

/* After the last lesson the screen offers the first lesson not done yet, not "the next lesson",
 * and Enter goes there. */
static void test_ui_keys_last_lesson_offers_the_first_not_done(void **state)
{
    (void)state;
    Ui ui;
    char st[400];
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    press(&ui, 'n');
    press(&ui, UI_KEY_UP);
    press(&ui, UI_KEY_ENTER);
    assert_non_null(ui.learn);
    int count = ui.learn->course->n;
    assert_true(count > 2);
    while (ui.learn->at < count - 1)
        press(&ui, 'n');
    /* The last lesson, met with one of the moves its goal accepts. */
    CmMove m = ui.learn->course->item[count - 1].lesson->accept[0];
    ui_commit(&ui, &m, 1000);
    assert_int_equal(ui.learn->state, UI_LESSON_DONE);
    status(&ui, st, sizeof st);
    assert_null(strstr(st, "the next lesson"));
    assert_contains(st, "Enter: lesson 1, the first one not done yet.");
    assert_contains(key_bar(&ui), "Enter first not done");
    assert_null(strstr(key_bar(&ui), "next"));
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.learn->at, 0);
    assert_int_equal(ui.learn->state, UI_LESSON_TRY);
    press(&ui, 'q'); /* back to the game, the session the test made */
    assert_null(ui.learn);
    free_ui(&ui);
}

static void test_ui_keys_click_picks_and_lands(void **state)
{
    (void)state;
    Ui ui;
    int y, x;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    ui_layout_square_pos(&ui.lay, sq_named("E6"), &y, &x);
    assert_true(ui_handle_click(&ui, y, x, 1000) & UI_DRAW_BOARD);
    assert_true(ui.sel.active);
    assert_int_equal(ui.cursor, sq_named("E6"));
    ui_layout_square_pos(&ui.lay, sq_named("E8"), &y, &x);
    ui_handle_click(&ui, y, x + 1, 1000);
    assert_int_equal(ui.s->g.n, 1);
    /* A click off the board does nothing. */
    assert_int_equal(ui_handle_click(&ui, 0, 79, 1000), 0);
    free_ui(&ui);
}

static void test_ui_keys_game_over_and_review(void **state)
{
    (void)state;
    const CmVariant *v = variant("camette");
    CmPosition pos;
    UiLine lines[20];
    char st[400];
    Ui ui;
    tu_position(&pos, v, "W B6M D3M; B E3M B4M", 'W');
    make_ui(&ui, "camette", "W=human B=human", &pos, NULL);
    press(&ui, ':');
    type(&ui, "B6-C7");
    press(&ui, UI_KEY_ENTER);
    assert_true(ui.s->outcome.over);
    assert_int_equal(ui.mode, UI_MODE_OVER);
    int n = ui_over_lines(&ui, lines, 20);
    assert_true(n > 3);
    assert_contains(lines[1].text, "White wins");
    status(&ui, st, sizeof st);
    assert_contains(st, "White wins");
    char title[200];
    ui_title_text(&ui, title, sizeof title);
    assert_string_equal(title, "Camette - game over after 1 move (1 ply)");
    press(&ui, 'v');
    assert_int_equal(ui.mode, UI_MODE_REVIEW);
    assert_int_equal(ui.review_ply, 0);
    assert_int_equal(ui_shown_position(&ui)->board[sq_named("B6")], CM_CELL(0, CM_MAN));
    /* Review: the title says where, the status line what was played, and no message repeats
     * either; the key line has the keys. */
    assert_string_equal(ui.msg, "");
    status(&ui, st, sizeof st);
    assert_string_equal(st, "The start position, before the first move.");
    press(&ui, UI_KEY_RIGHT);
    assert_int_equal(ui.review_ply, 1);
    ui_title_text(&ui, title, sizeof title);
    assert_string_equal(title, "Camette - review, ply 1 of 1");
    status(&ui, st, sizeof st);
    assert_string_equal(st, "Move 1, White played B6-C7.");
    assert_contains(key_bar(&ui), "Left/Right");
    assert_int_equal(ui_shown_position(&ui)->board[sq_named("C7")], CM_CELL(0, CM_MAN));
    press(&ui, UI_KEY_RIGHT);
    assert_int_equal(ui.review_ply, 1);
    press(&ui, UI_KEY_ESC);
    assert_int_equal(ui.mode, UI_MODE_OVER);
    /* 'a' ends the screen's loop for the engine's review, which the command runs; the key
     * line offers it. */
    assert_contains(key_bar(&ui), "a analyse");
    assert_false(ui.want_analysis);
    assert_true(press(&ui, 'a') & UI_QUIT);
    assert_true(ui.want_analysis);
    ui.want_analysis = 0;
    assert_int_equal(ui.mode, UI_MODE_OVER);
    /* Undo from the end takes the winning move back. */
    press(&ui, 'u');
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_false(ui.s->outcome.over);
    free_ui(&ui);
}

/* The move list marks the move shown, not its whole numbered row: in review the move reviewed,
 * in the game the last one. */
static void test_ui_keys_move_list_marks_one_move(void **state)
{
    (void)state;
    Ui ui;
    UiLine lines[40];
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    type(&ui, ":E6-E8");
    press(&ui, UI_KEY_ENTER);
    type(&ui, ":F11-F9");
    press(&ui, UI_KEY_ENTER);
    press(&ui, 'v');
    press(&ui, UI_KEY_LEFT);
    assert_int_equal(ui.review_ply, 1);
    for (int ply = 1; ply <= 2; ply++) {
        const char *want = ply == 1 ? "E6-E8" : "F11-F9";
        int n = ui_panel_lines(&ui, 1000, 34, lines, 40), row = -1;
        for (int i = 0; i < n; i++)
            if (strncmp(lines[i].text, "  1. ", 5) == 0)
                row = i;
        assert_true(row >= 0);
        assert_int_not_equal(lines[row].role, UI_ROLE_FIELD);
        assert_int_equal(lines[row].hl_len, (int)strlen(want));
        assert_memory_equal(lines[row].text + lines[row].hl_from, want, strlen(want));
        press(&ui, UI_KEY_RIGHT);
    }
    free_ui(&ui);
}

/* After the engine's review ('a' at the game's end) the game's move list shows the marks, and
 * its review goes from one marked move to the next with ] and [, says the verdict and the
 * better move, and lists the mistakes with m. Moves taken back lose their marks. */
static void test_ui_keys_game_keeps_the_review_marks(void **state)
{
    (void)state;
    Ui ui;
    char st[400];
    AnalysisPly plies[3];
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    static const char *const moves[3] = {"E6-E8", "F11-F9", "D6-D8"};
    for (int i = 0; i < 3; i++) {
        type(&ui, ":");
        type(&ui, moves[i]);
        press(&ui, UI_KEY_ENTER);
    }
    press(&ui, 'v');
    press(&ui, ']');
    assert_contains(ui.msg, "has not reviewed this game");
    press(&ui, UI_KEY_ESC);
    memset(plies, 0, sizeof plies);
    for (int i = 0; i < 3; i++) {
        plies[i].seat = i % 2;
        snprintf(plies[i].move, sizeof plies[i].move, "%s", moves[i]);
    }
    plies[1].mark = ANALYSIS_MARK_INACCURACY;
    plies[1].loss = 60;
    plies[1].best_score = 20;
    plies[1].score = -40;
    snprintf(plies[1].best, sizeof plies[1].best, "G11-G9");
    assert_int_equal(ui_set_review(&ui, plies, 3), CM_OK);
    assert_true(panel_has(&ui, 1000, "F11-F9?!"));
    press(&ui, 'v');
    press(&ui, UI_KEY_HOME);
    press(&ui, ']');
    assert_int_equal(ui.review_ply, 2);
    status(&ui, st, sizeof st);
    char want[200];
    snprintf(want, sizeof want,
             "Move 1, Black played F11-F9?!: an inaccuracy, a loss of 0.60 (to win: %.0f%% to "
             "%.0f%%); better G11-G9.",
             100 * analysis_chance(20), 100 * analysis_chance(-40));
    assert_string_equal(st, want);
    press(&ui, ']');
    assert_int_equal(ui.review_ply, 2);
    assert_contains(ui.msg, "No marked move after this one");
    press(&ui, 'm');
    assert_int_equal(ui.mode, UI_MODE_RULES);
    assert_contains(ui.page, "BLACK: 0 BLUNDERS, 0 MISTAKES, 1 INACCURACY");
    assert_contains(ui.page, "better G11-G9");
    press(&ui, 'q');
    assert_int_equal(ui.mode, UI_MODE_REVIEW);
    press(&ui, UI_KEY_ESC);
    /* Undo takes back D6-D8 and F11-F9 with their marks; E6-E8 keeps its review. */
    press(&ui, 'u');
    press(&ui, 'u');
    assert_int_equal(ui.nreviewed, 1);
    assert_false(panel_has(&ui, 1000, "?!"));
    free_ui(&ui);
}

/* The glyphs of the pieces tell the seats apart with colours and without: hollow and solid in
 * a two-seat game, a letter for each seat in a four-seat one, letters in ASCII; the panel's
 * swatch of a seat shows its knight. */
static void test_ui_keys_seats_differ_without_colour(void **state)
{
    (void)state;
    Ui ui;
    UiCellLook white, black, empty;
    CmPosition pos;
    char mark[8];
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    ui.opt.ascii = 0;
    for (int colour = 0; colour < 2; colour++) {
        ui.opt.color = colour;
        ui_square_look(&ui, sq_named("C6"), &white);
        ui_square_look(&ui, sq_named("C11"), &black);
        assert_string_equal(white.glyph, "\u2658");
        assert_string_equal(black.glyph, "\u265e");
        ui_square_look(&ui, sq_named("E6"), &white);
        ui_square_look(&ui, sq_named("E11"), &black);
        assert_string_equal(white.glyph, "\u2659");
        assert_string_equal(black.glyph, "\u265f");
    }
    ui_seat_glyph(&ui, NULL, 0, mark, sizeof mark);
    assert_string_equal(mark, "\u2658");
    ui_seat_glyph(&ui, NULL, 1, mark, sizeof mark);
    assert_string_equal(mark, "\u265e");
    ui.opt.ascii = 1;
    ui_square_look(&ui, sq_named("C6"), &white);
    ui_square_look(&ui, sq_named("C11"), &black);
    assert_string_equal(white.glyph, "K");
    assert_string_equal(black.glyph, "k");
    free_ui(&ui);

    /* Four seats: each its own letter, with glyphs or without. */
    make_ui(&ui, "grand-camelot", "R=human G=human B=human Y=human", NULL, NULL);
    for (int ascii = 0; ascii < 2; ascii++) {
        char seen[4][8];
        ui.opt.ascii = ascii;
        for (int s = 0; s < 4; s++) {
            ui_seat_glyph(&ui, NULL, s, seen[s], sizeof seen[s]);
            assert_int_equal(seen[s][0], ui.s->v->seat[s].letter);
            for (int t = 0; t < s; t++)
                assert_string_not_equal(seen[s], seen[t]);
        }
        int men = 0;
        CmSquareSet own = ui.s->g.pos.occ[2];
        while (!cm_set_empty(&own)) {
            CmSquare sq = cm_set_pop(&own);
            if (CM_CELL_KIND(ui.s->g.pos.board[sq]) != CM_MAN)
                continue;
            ui_square_look(&ui, sq, &white);
            assert_string_equal(white.glyph, "b");
            men++;
        }
        assert_true(men > 0);
    }
    free_ui(&ui);

    /* The square the last move left has a mark of its own, unlike an empty square, in every
     * mode; so has a square it passed. */
    tu_position(&pos, variant("camelot"), "W E4M E5M E7M; B K13M", 'W');
    make_ui(&ui, "camelot", "W=human B=human", &pos, NULL);
    press(&ui, ':');
    type(&ui, "E4-E6-E8");
    press(&ui, UI_KEY_ENTER);
    assert_string_equal(last_move(&ui), "E4-E6-E8");
    for (int mode = 0; mode < 4; mode++) {
        UiCellLook left, passed;
        ui.opt.ascii = mode & 1;
        ui.opt.color = mode >> 1;
        ui_square_look(&ui, sq_named("E4"), &left);
        ui_square_look(&ui, sq_named("E6"), &passed);
        ui_square_look(&ui, sq_named("B4"), &empty);
        assert_int_equal(left.role, UI_ROLE_LAST);
        assert_int_equal(passed.role, UI_ROLE_LAST);
        assert_string_not_equal(left.glyph, empty.glyph);
        assert_string_not_equal(left.glyph, passed.glyph);
        assert_string_equal(left.glyph, ui.opt.ascii ? "o" : "\u25cb");
        assert_true(passed.attr & UI_ATTR_BOLD);
        assert_false(empty.attr & UI_ATTR_BOLD);
    }
    free_ui(&ui);
}

/* Screen columns of a UTF-8 text. */
static int columns(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

/* The panel at 'width' columns: every line of the move list fits, and the move 'move' is there
 * whole, on one line or wrapped between its leaps over the lines that follow (each ending with a
 * leap's sign). Returns the number of lines it takes. */
static int panel_shows_move(const Ui *ui, int width, const char *move)
{
    UiLine lines[60];
    int n = ui_panel_lines(ui, 0, width, lines, 60);
    size_t want = strlen(move);
    int found = 0;
    int moves = 0;
    while (moves < n && strcmp(lines[moves].text, "Moves") != 0)
        moves++;
    assert_true(moves < n);
    for (int i = moves; i < n; i++) {
        if (columns(lines[i].text) > width)
            fail_msg("'%s' is wider than %d columns", lines[i].text, width);
        assert_null(strchr(lines[i].text, '~'));
    }
    for (int i = 0; i < n && !found; i++) {
        /* The move's first piece: its start square after the spaces and round number. */
        char first[8];
        snprintf(first, sizeof first, "%.*s", (int)strcspn(move, "-x"), move);
        const char *at = strstr(lines[i].text, move);
        if (at != NULL) {
            found = 1;
            break;
        }
        at = strstr(lines[i].text, first);
        if (at == NULL || strncmp(at, move, strlen(at)) != 0 || at[strlen(at) - 1] != 'x')
            continue;
        char joined[CM_MOVE_TEXT_MAX] = "";
        strcat(joined, at);
        int k = i + 1;
        while (strlen(joined) < want && k < n) {
            const char *piece = lines[k].text + strspn(lines[k].text, " ");
            if (strlen(joined) + strlen(piece) < want)
                assert_int_equal(piece[strlen(piece) - 1], 'x');
            strncat(joined, piece, sizeof joined - strlen(joined) - 1);
            k++;
        }
        assert_string_equal(joined, move);
        found = k - i;
    }
    if (!found)
        fail_msg("the move %s is not in the panel at %d columns", move, width);
    return found;
}

/* Moves longer than their column of the move list take lines of their own, whole; longer than
 * the panel is wide, they wrap between leaps. The engine's line is shortened between moves,
 * with a '…'. At every width of panel. */
static void test_ui_keys_long_moves_are_never_cut(void **state)
{
    (void)state;
    Ui ui;
    CmPosition pos;
    UiLine lines[60];
    const char *six = "G9xE7xC5xC7xE7xE9";
    tu_position(&pos, variant("camelot"), "W G9M L4M; B F8M D6M C6M D7M E8M K13M A13M", 'W');
    make_ui(&ui, "camelot", "W=human B=human", &pos, NULL);
    press(&ui, ':');
    type(&ui, six);
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.s->g.n, 1);
    assert_string_equal(last_move(&ui), six);
    press(&ui, ':');
    type(&ui, "K13-K12");
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.s->g.n, 2);
    for (int width = UI_PANEL_MIN - 2; width <= 60; width++) {
        assert_int_equal(panel_shows_move(&ui, width, six), 1);
        assert_int_equal(panel_shows_move(&ui, width, "K13-K12"), 1);
    }
    /* At 80 columns the capture is too long for its column: it has its own line, and the
     * answer is in the second column of the next. */
    int n = ui_panel_lines(&ui, 0, 35, lines, 60);
    int at = -1;
    for (int i = 0; i < n; i++)
        if (strstr(lines[i].text, six) != NULL)
            at = i;
    assert_true(at >= 0 && at + 1 < n);
    assert_string_equal(lines[at].text, "  1. G9xE7xC5xC7xE7xE9");
    assert_non_null(strstr(lines[at + 1].text, "K13-K12"));
    assert_true(strspn(lines[at + 1].text, " ") > 10);

    /* The engine's line: whole moves, then '…'. */
    ui.s->info_seat = 1;
    snprintf(ui.pv_text, sizeof ui.pv_text, "A13-A12 L4-L5 K12-K11 L5-L6 A12-A11 L6-L7");
    for (int width = UI_PANEL_MIN - 2; width <= 60; width++) {
        n = ui_panel_lines(&ui, 0, width, lines, 60);
        int seen = 0;
        for (int i = 0; i < n; i++) {
            if (strncmp(lines[i].text, "pv ", 3) != 0)
                continue;
            seen = 1;
            char text[200], *save = NULL;
            assert_true(columns(lines[i].text) <= width);
            snprintf(text, sizeof text, "%s", lines[i].text + 3);
            const char *moves[] = {"A13-A12", "L4-L5", "K12-K11", "L5-L6", "A12-A11", "L6-L7"};
            int k = 0, cut = 0;
            for (char *t = strtok_r(text, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
                if (strcmp(t, "...") == 0) {
                    cut = 1;
                    continue;
                }
                assert_false(cut);
                assert_true(k < 6);
                assert_string_equal(t, moves[k]);
                k++;
            }
            assert_true(k >= 1);
            assert_int_equal(cut, k < 6);
            if (width >= 3 + 43)
                assert_int_equal(k, 6);
        }
        assert_true(seen);
    }
    /* A first move longer than the line is wrapped whole; the rest is left out with '…'. */
    ui.opt.ascii = 0;
    snprintf(ui.pv_text, sizeof ui.pv_text, "%s K13-K12 ...", six);
    n = ui_panel_lines(&ui, 0, UI_PANEL_MIN - 2, lines, 60);
    int pv = -1;
    for (int i = 0; i < n; i++)
        if (strncmp(lines[i].text, "pv ", 3) == 0)
            pv = i;
    assert_true(pv >= 0);
    assert_string_equal(lines[pv].text, "pv G9xE7xC5xC7xE7xE9 \u2026");
    free_ui(&ui);

    /* A Chivalry man capturing twelve men in one move, up a file and down another. */
    tu_position(&pos, variant("chivalry"),
                "W E2M A8K; B E3M E5M E7M E9M E11M E13M F14M G13M "
                "G11M G9M G7M G5M L12M",
                'W');
    make_ui(&ui, "chivalry", "W=human B=human", &pos, NULL);
    const char *twelve = "E2xE4xE6xE8xE10xE12xE14xG14xG12xG10xG8xG6xG4";
    press(&ui, ':');
    type(&ui, twelve);
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.s->g.n, 1);
    assert_string_equal(last_move(&ui), twelve);
    for (int width = UI_PANEL_MIN - 2; width <= 60; width++) {
        int h = panel_shows_move(&ui, width, twelve);
        assert_int_equal(h, width - 5 >= (int)strlen(twelve) ? 1 : h);
        assert_true(h >= 1 && h <= 3);
        if (width - 5 < (int)strlen(twelve))
            assert_true(h >= 2);
    }
    free_ui(&ui);

    /* Four seats: a move to a line, wrapped when it is longer; the same chain by a Red knight
     * over Green's. */
    tu_position(&pos, variant("four-handed-chivalry"),
                "R E2K; G E3K E5K E7K E9K E11K E13K F14K G13K G11K G9K G7K G5K L12K; B N8K; "
                "Y A8K",
                'R');
    make_ui(&ui, "four-handed-chivalry", "R=human G=human B=human Y=human", &pos, NULL);
    press(&ui, ':');
    type(&ui, twelve);
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.s->g.n, 1);
    press(&ui, ':');
    type(&ui, "L12-L11");
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.s->g.n, 2);
    for (int width = UI_PANEL_MIN - 2; width <= 60; width++) {
        int h = panel_shows_move(&ui, width, twelve);
        assert_true(width - 7 >= (int)strlen(twelve) ? h == 1 : h >= 2);
        assert_int_equal(panel_shows_move(&ui, width, "L12-L11"), 1);
    }
    free_ui(&ui);
}

/* The foot of the screen at the Ui's size: the teaching line and the message are there whole,
 * each on rows of their own that follow one another, none wider than the screen, inside it,
 * and clear of the board whenever the rows below it (the key reminder's included) suffice.
 * 'message': the Ui has an error message. */
static void check_foot(const Ui *ui, int message)
{
    const UiLayout *l = &ui->lay;
    UiFoot f;
    char status[UI_MSG_MAX + UI_LINE_MAX], joined[2][UI_MSG_MAX + UI_LINE_MAX];
    ui_foot(ui, &f);
    ui_status_text(ui, status, sizeof status);
    joined[0][0] = joined[1][0] = '\0';
    assert_true(f.n >= 1 + message);
    for (int i = 0; i < f.n; i++) {
        int which = f.line[i].role == UI_ROLE_STATUS ? 0 : 1;
        assert_true(f.line[i].len <= l->cols);
        assert_true(f.line[i].y >= 0 && f.line[i].y < l->rows);
        if (i > 0) {
            assert_int_equal(f.line[i].y, f.line[i - 1].y + 1);
            assert_true(which >= (f.line[i - 1].role == UI_ROLE_STATUS ? 0 : 1));
        }
        if (f.keys)
            assert_true(f.line[i].y < l->keys_y);
        if (joined[which][0])
            strcat(joined[which], " ");
        strncat(joined[which], f.line[i].text, (size_t)f.line[i].len);
    }
    /* With no row of its own, an error message shows instead of the teaching line. */
    if (message && l->msg_y == l->status_y)
        assert_string_equal(joined[0], "");
    else
        assert_string_equal(joined[0], status);
    if (message)
        assert_string_equal(joined[1], ui->msg);
    assert_true(f.top == f.line[0].y || f.top == l->status_y);
    assert_true(f.top <= l->status_y);
    int below = l->rows - (l->board_y + l->board_h);
    if (f.n <= below)
        assert_true(f.line[0].y >= l->board_y + l->board_h);
    if (f.n < below && l->keys_y >= 0)
        assert_true(f.keys);
}

/* At every size from 80x24 up and down, the four long texts that were cut at 80 columns:
 * an illegal landing, a piece that may not move, the knight's charge on the teaching line and
 * the refusal to stop it. */
static void check_foot_every_size(Ui *ui, int message)
{
    static const int sizes[][2] = {{24, 80},  {24, 60}, {20, 60}, {19, 40}, {30, 100},
                                   {40, 200}, {21, 80}, {22, 80}, {25, 81}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        ui_resize(ui, sizes[i][0], sizes[i][1]);
        if (!ui->lay.too_small)
            check_foot(ui, message);
    }
    ui_resize(ui, 24, 80);
}

static void test_ui_keys_long_texts_are_wrapped_whole(void **state)
{
    (void)state;
    Ui ui;
    UiFoot f;
    CmPosition pos;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    enter_on(&ui, "E6");
    enter_on(&ui, "E9");
    assert_string_equal(ui.msg, "E6-E9 is illegal: E6 to E9 is neither a step to an adjacent "
                                "square nor a leap over one.");
    check_foot_every_size(&ui, 1);
    /* At 80x24 the message takes two rows under the teaching line, above the keys. */
    ui_foot(&ui, &f);
    assert_int_equal(f.n, 3);
    assert_true(f.keys);
    assert_int_equal(f.line[2].y, ui.lay.msg_y);
    free_ui(&ui);

    tu_position(&pos, variant("camelot"), "W E6M F8M L4M; B F9M K13M", 'W');
    make_ui(&ui, "camelot", "W=human B=human", &pos, NULL);
    enter_on(&ui, "E6");
    assert_false(ui.sel.active);
    assert_string_equal(ui.msg, "The man on E6 may not move now. A capture is compulsory: the "
                                "piece on F8 can capture.");
    check_foot_every_size(&ui, 1);
    free_ui(&ui);

    tu_position(&pos, variant("camelot"), "W E6K E7M L4K K4M; B E9M A13K K13M", 'W');
    make_ui(&ui, "camelot", "W=human B=human", &pos, NULL);
    enter_on(&ui, "E6");
    enter_on(&ui, "E8");
    char st[400];
    status(&ui, st, sizeof st);
    assert_string_equal(st, "Knight on E8: it may not stop next to an enemy it could jump; "
                            "leap on and capture.");
    assert_true(strlen(st) > 80);
    check_foot_every_size(&ui, 0);
    press(&ui, UI_KEY_ENTER);
    assert_true(ui.sel.active);
    assert_contains(ui.msg, "You cannot stop on E8: this knight must capture from E8: a "
                            "knight's canter may not");
    assert_true(strlen(ui.msg) > 80);
    check_foot_every_size(&ui, 1);
    /* Two rows each at 80x24: the key reminder gives up its row, the board keeps its own. */
    ui_foot(&ui, &f);
    assert_int_equal(f.n, 4);
    assert_false(f.keys);
    assert_int_equal(f.line[3].y, ui.lay.keys_y);
    assert_true(f.line[0].y >= ui.lay.board_y + ui.lay.board_h);
    assert_true(f.top < ui.lay.status_y);
    /* The next key clears the message, and the reminder is back. */
    press(&ui, UI_KEY_BACKSPACE);
    ui_foot(&ui, &f);
    assert_true(f.keys);
    free_ui(&ui);
}

/* ---- With the engine ----------------------------------------------------------------------- */

static uint64_t now_ms(void)
{
    return clock_ms();
}

/* Ticks until the game has 'plies' moves; fails after 'ms'. Returns the time it took. */
static uint64_t tick_until(Ui *ui, int plies, int ms)
{
    uint64_t t0 = now_ms();
    while (ui->s->g.n < plies) {
        struct timespec ts = {0, 5 * 1000000L};
        if (now_ms() - t0 > (uint64_t)ms)
            fail_msg("no engine move after %d ms", ms);
        ui_tick(ui, now_ms());
        nanosleep(&ts, NULL);
    }
    return now_ms() - t0;
}

/* The title numbers moves as the move list does (a move of every seat), and a game's length
 * is told in those moves and in plies. */
static void test_ui_keys_title_counts_moves_as_the_list_does(void **state)
{
    (void)state;
    Ui ui;
    char title[200];
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    const char *moves[] = {"E6-E8", "F11-F9", "D6-D8"};
    for (int i = 0; i < 3; i++) {
        press(&ui, ':');
        type(&ui, moves[i]);
        press(&ui, UI_KEY_ENTER);
    }
    ui_title_text(&ui, title, sizeof title);
    assert_contains(title, "Camelot - move 2, Black to move");
    UiLine lines[40];
    int n = ui_panel_lines(&ui, 1000, 34, lines, 40);
    int listed = 0;
    for (int i = 0; i < n; i++)
        listed |= strstr(lines[i].text, "  2. D6-D8") != NULL;
    assert_true(listed);
    char len[64];
    text_game_length(2, 3, len, sizeof len);
    assert_string_equal(len, "2 moves (3 plies)");
    text_game_length(2, 139, len, sizeof len);
    assert_string_equal(len, "70 moves (139 plies)");
    text_game_length(4, 5, len, sizeof len);
    assert_string_equal(len, "2 moves (5 plies)");
    text_game_length(2, 0, len, sizeof len);
    assert_string_equal(len, "no moves");
    /* A time control in words, in full and as a list's column. */
    static const struct {
        int64_t base_ms, inc_ms;
        int days, brief;
        const char *want;
    } tc[] = {
        {0, 0, 1, 0, "1 day a move"},
        {0, 0, 3, 1, "3 days"},
        {600000, 5000, 0, 0, "10 min + 5 s a move"},
        {180000, 2000, 0, 1, "3+2"},
        {90000, 0, 0, 1, "90s+0"},
        {0, 0, 0, 0, "no clocks"},
        {0, 0, 0, 1, "none"},
    };
    /* Why an engine declines a draw: with its score, or, of a server's engine, without. */
    text_draw_refusal(40, 2, 1, CM_ENGINE_DRAW_ACCEPT, len, sizeof len);
    assert_string_equal(len, "it thinks it stands better");
    text_draw_refusal(19, 2, 1, 0, len, sizeof len);
    assert_non_null(strstr(len, "too early in the game"));
    text_draw_refusal(20, 2, 1, 0, len, sizeof len);
    assert_non_null(strstr(len, "has not looked level to it for long enough"));
    text_draw_refusal(39, 4, 0, 0, len, sizeof len);
    assert_string_equal(len, "too early, an engine agrees only after move 10");
    text_draw_refusal(40, 4, 0, 0, len, sizeof len);
    assert_string_equal(len, "it does not find the game level, or not for 3 moves yet");
    for (size_t i = 0; i < sizeof tc / sizeof tc[0]; i++) {
        text_time_control(tc[i].base_ms, tc[i].inc_ms, tc[i].days, tc[i].brief, len, sizeof len);
        assert_string_equal(len, tc[i].want);
    }
    /* A deadline in words, from the whole minutes left rounded up: a day just set still reads
     * as a day a second later, and every unit agrees with the minutes. */
    static const struct {
        int64_t left;
        const char *want;
    } until[] = {
        {86400, "1 day 0 h"},
        {86399, "1 day 0 h"},
        {86341, "1 day 0 h"},
        {86340, "23 h 59 min"},
        {3 * 86400 - 1, "3 days 0 h"},
        {90000, "1 day 1 h"},
        {3600, "1 h 0 min"},
        {3599, "1 h 0 min"},
        {3540, "59 min"},
        {1, "1 min"},
        {0, "past"},
        {-5, "past"},
    };
    for (size_t i = 0; i < sizeof until / sizeof until[0]; i++) {
        text_until(1000000 + until[i].left, 1000000, len, sizeof len);
        assert_string_equal(len, until[i].want);
    }
    free_ui(&ui);
}

/* The line of the panel that names 'seat' first (its swatch), or -1. */
static int seat_line(const UiLine *lines, int n, int seat)
{
    for (int i = 0; i < n; i++)
        if (lines[i].seat == seat)
            return i;
    return -1;
}

/* The clocks stand right-aligned, one under the other, whatever their width. */
static void test_ui_keys_clocks_are_aligned(void **state)
{
    (void)state;
    Ui ui;
    UiLine lines[40];
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    ui.s->setup.time_base_ms = 600000;
    const int64_t pairs[][2] = {{599000, 600000}, {9000, 600000}, {3600000, 59000}};
    for (int k = 0; k < 3; k++) {
        ui.s->clock[0] = pairs[k][0];
        ui.s->clock[1] = pairs[k][1];
        int n = ui_panel_lines(&ui, 0, 34, lines, 40);
        int w = seat_line(lines, n, 0), b = seat_line(lines, n, 1);
        assert_true(w >= 0 && b >= 0);
        char cw[24], cb[24];
        text_clock(pairs[k][0], cw, sizeof cw);
        text_clock(pairs[k][1], cb, sizeof cb);
        const char *tw = lines[w].text, *tb = lines[b].text;
        size_t lw = strlen(tw), lb = strlen(tb);
        /* Both lines end with their clock, at the same column. */
        assert_int_equal(lw, lb);
        assert_string_equal(tw + lw - strlen(cw), cw);
        assert_string_equal(tb + lb - strlen(cb), cb);
    }
    free_ui(&ui);
}

/* Two people at one keyboard each find the cursor where they left it. */
static void test_ui_keys_each_person_keeps_a_cursor(void **state)
{
    (void)state;
    Ui ui;
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    cursor_to(&ui, "C6");
    press(&ui, ':');
    type(&ui, "E6-E8");
    press(&ui, UI_KEY_ENTER);
    /* Black's first turn: the cursor is on one of Black's pieces. */
    assert_int_equal(ui.s->g.pos.to_move, 1);
    assert_int_equal(CM_CELL_SEAT(ui.s->g.pos.board[ui.cursor]), 1);
    cursor_to(&ui, "J11");
    press(&ui, ':');
    type(&ui, "F11-F9");
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.cursor, sq_named("C6"));
    cursor_to(&ui, "D6");
    press(&ui, ':');
    type(&ui, "D6-D8");
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.cursor, sq_named("J11"));
    /* Undo gives White's turn back, and White's cursor with it. */
    press(&ui, 'u');
    assert_int_equal(ui.s->g.pos.to_move, 0);
    assert_int_equal(ui.cursor, sq_named("D6"));
    free_ui(&ui);

    /* One person against the engine: the cursor stays where it was. */
    EngineThread *eng = engine_thread_new(1 << 20);
    assert_non_null(eng);
    make_ui(&ui, "camelot", "W=human B=engine:1", NULL, eng);
    cursor_to(&ui, "C6");
    ui_handle_key(&ui, ':', now_ms());
    type(&ui, "E6-E8");
    ui_handle_key(&ui, UI_KEY_ENTER, now_ms());
    tick_until(&ui, 2, 20000);
    assert_int_equal(ui.cursor, sq_named("C6"));
    free_ui(&ui);
    engine_thread_free(eng);
}

/* ---- With the engine ----------------------------------------------------------------------- */

static void test_ui_keys_engine_replies_and_undo_goes_back_to_you(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Ui ui;
    char st[400];
    assert_non_null(eng);
    make_ui(&ui, "camelot", "W=human B=engine:1", NULL, eng);
    ui_tick(&ui, now_ms());
    press(&ui, ':');
    type(&ui, "E6-E8");
    ui_handle_key(&ui, UI_KEY_ENTER, now_ms());
    assert_int_equal(ui.s->g.n, 1);
    ui_tick(&ui, now_ms());
    status(&ui, st, sizeof st);
    if (ui.s->g.n == 1)
        assert_contains(st, "Black (engine 1) is thinking");
    /* While the engine thinks, Enter on the board explains and does nothing. */
    tick_until(&ui, 2, 20000);
    assert_int_equal(ui.s->g.pos.to_move, 0);
    /* Undo goes back to White's previous move: two plies. */
    ui_handle_key(&ui, 'u', now_ms());
    assert_int_equal(ui.s->g.n, 0);
    assert_int_equal(ui.s->g.pos.to_move, 0);
    /* A hint, shown on the board. */
    ui_handle_key(&ui, 'H', now_ms());
    uint64_t t0 = now_ms();
    while (!ui.has_hint && now_ms() - t0 < 20000) {
        struct timespec ts = {0, 10 * 1000000L};
        ui_tick(&ui, now_ms());
        nanosleep(&ts, NULL);
    }
    assert_true(ui.has_hint);
    assert_contains(ui.msg, "Hint: ");
    UiCellLook look;
    ui_square_look(&ui, ui.hint_path.sq[0], &look);
    assert_int_equal(look.role, UI_ROLE_HINT);
    free_ui(&ui);
    engine_thread_free(eng);
}

/* The engine's move that ends the game is named on the message line like any other (it named
 * the move before it). Level 2: level 1 overlooks some root moves, the winning capture among
 * them in some games (the test failed so once in a few runs). */
static void test_ui_keys_engine_move_that_ends_the_game_is_named(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Ui ui;
    assert_non_null(eng);
    make_ui(&ui, "camette", "W=human B=engine:2", NULL, eng);
    press(&ui, ':');
    type(&ui, "C3-C4");
    ui_handle_key(&ui, UI_KEY_ENTER, now_ms());
    assert_string_equal(ui.msg, "White played C3-C4.");
    /* Black must capture, and its capture takes White's castle. */
    tick_until(&ui, 2, 20000);
    assert_true(ui.s->outcome.over);
    assert_int_equal(ui.mode, UI_MODE_OVER);
    assert_string_equal(last_move(&ui), "C5xC3xC1");
    assert_string_equal(ui.msg, "Black played C5xC3xC1.");
    free_ui(&ui);
    engine_thread_free(eng);
}

static void test_ui_keys_move_now_and_keys_while_thinking(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Ui ui;
    assert_non_null(eng);
    /* White is the engine at full strength: it thinks for seconds unless told. */
    make_ui(&ui, "camelot", "W=engine:10 B=human", NULL, eng);
    ui_tick(&ui, now_ms());
    assert_int_equal(ui.s->searching, ENGINE_JOB_MOVE);
    /* Keys are answered while it thinks. */
    CmSquare c = ui.cursor;
    press(&ui, UI_KEY_LEFT);
    assert_int_not_equal(ui.cursor, c);
    press(&ui, UI_KEY_ENTER);
    assert_contains(ui.msg, "the engine is thinking");
    press(&ui, ':');
    assert_contains(ui.msg, "Wait for your turn");
    /* 'm': it moves at once. */
    press(&ui, 'm');
    uint64_t took = tick_until(&ui, 1, 3000);
    assert_true(took < 1500);
    free_ui(&ui);
    engine_thread_free(eng);
}

/* An engine that declines a draw says why, as the session has it: at move 1, that it is too
 * early (it said 'it thinks it stands better' for every refusal). */
static void test_ui_keys_engine_says_why_it_declines_a_draw(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Ui ui;
    char why[200], want[300];
    assert_non_null(eng);
    make_ui(&ui, "camelot", "W=human B=engine:10", NULL, eng);
    press(&ui, 'D');
    assert_int_equal(ui.s->searching, ENGINE_JOB_DRAW);
    uint64_t t0 = now_ms();
    while (ui.s->offer_from >= 0 && now_ms() - t0 < 20000) {
        struct timespec ts = {0, 5 * 1000000L};
        ui_tick(&ui, now_ms());
        nanosleep(&ts, NULL);
    }
    assert_int_equal(ui.s->offer_declined, 1);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    session_draw_refusal(ui.s, why, sizeof why);
    snprintf(want, sizeof want, "Black (engine) declines the draw: %s.", why);
    assert_string_equal(ui.msg, want);
    /* Level at move 1, the engine refuses for the opening. */
    if (ui.s->offer_score < CM_ENGINE_DRAW_ACCEPT)
        assert_contains(ui.msg, "too early");
    free_ui(&ui);
    engine_thread_free(eng);
}

/* The engine's panel shows the score of the search at every level (a level's weaknesses change
 * the move it plays, not the score: level 1 showed +3.74 from the opening when its misjudgement
 * was added to it), and counts a few nodes as nodes (it said 0 kn). */
static void test_ui_keys_engine_panel_scores_and_nodes(void **state)
{
    (void)state;
    Ui ui;
    make_ui(&ui, "camelot", "W=human B=engine:1", NULL, NULL);
    Session *s = ui.s;
    s->info_seat = 1;
    s->info_purpose = ENGINE_JOB_MOVE;
    s->info.depth = 1;
    s->info.score = -3;
    s->info.nodes = 46;
    snprintf(s->pv_text, sizeof s->pv_text, "F11-F9");
    snprintf(ui.pv_text, sizeof ui.pv_text, "F11-F9");
    assert_true(panel_has(&ui, 1000, "depth 1  score -0.03  46 nodes"));
    assert_false(panel_has(&ui, 1000, " kn"));
    /* Thousands of nodes in kn. */
    s->info.score = 374;
    s->setup.seat[1].level = 7;
    s->info.nodes = 123456;
    assert_true(panel_has(&ui, 1000, "depth 1  score +3.74  123 kn"));
    /* A hint is the full-strength engine's, whatever the level of the seats. */
    s->setup.seat[1].level = 1;
    s->info_seat = 0;
    s->info_purpose = ENGINE_JOB_HINT;
    assert_true(panel_has(&ui, 1000, "score +3.74"));
    free_ui(&ui);
}

/* A hint in a game of four people: the panel says it is the hint for the seat to move, and
 * forgets it once that seat has moved. */
static void test_ui_keys_hint_is_for_the_seat_to_move(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Ui ui;
    assert_non_null(eng);
    make_ui(&ui, "grand-cam", "R=human G=human B=human Y=human", NULL, eng);
    char text[CM_MOVE_TEXT_MAX];
    cm_move_str(&ui.s->g.pos, &ui.legal[0], text, sizeof text);
    ui_handle_key(&ui, ':', now_ms());
    type(&ui, text);
    ui_handle_key(&ui, UI_KEY_ENTER, now_ms());
    assert_int_equal(ui.s->g.pos.to_move, 1); /* Green */
    ui_handle_key(&ui, 'H', now_ms());
    assert_true(panel_has(&ui, now_ms(), "looking for a hint for Green"));
    uint64_t t0 = now_ms();
    while (!ui.has_hint && now_ms() - t0 < 20000) {
        struct timespec ts = {0, 10 * 1000000L};
        ui_tick(&ui, now_ms());
        nanosleep(&ts, NULL);
    }
    assert_true(ui.has_hint);
    assert_true(panel_has(&ui, now_ms(), "hint for Green, to move"));
    assert_false(panel_has(&ui, now_ms(), "last search"));
    /* Green plays the hint: it was for the position before, and the panel drops it. */
    cm_move_str(&ui.s->g.pos, &ui.s->hint, text, sizeof text);
    ui_handle_key(&ui, ':', now_ms());
    type(&ui, text);
    ui_handle_key(&ui, UI_KEY_ENTER, now_ms());
    assert_int_equal(ui.s->g.pos.to_move, 2);
    assert_false(panel_has(&ui, now_ms(), "hint for"));
    assert_false(panel_has(&ui, now_ms(), "Engine"));
    free_ui(&ui);
    engine_thread_free(eng);
}

/* Engines playing each other: 'p' pauses (no engine thinks, the clocks stop, the screen says
 * so, moves are refused) and goes on; '<' and '>' change the pace, shown in the panel. */
static void test_ui_keys_pause_and_pace(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Ui ui;
    char st[400], title[200];
    assert_non_null(eng);
    make_ui(&ui, "camelot", "W=human B=human", NULL, eng);
    ui.s->setup.time_base_ms = 600000;
    ui.s->clock[0] = ui.s->clock[1] = 600000;
    /* A clock runs from its seat's second move on: people play the first ones. */
    for (const char *k = ":E6-E8\r:F11-F9\r"; *k; k++)
        ui_handle_key(&ui, *k == '\r' ? UI_KEY_ENTER : *k, now_ms());
    assert_int_equal(ui.s->g.n, 2);
    for (int seat = 0; seat < 2; seat++) {
        ui.s->setup.seat[seat].kind = SEAT_ENGINE;
        ui.s->setup.seat[seat].level = 10;
    }
    ui_tick(&ui, now_ms());
    assert_int_equal(ui.s->searching, ENGINE_JOB_MOVE);
    assert_contains(key_bar(&ui), "p pause");
    uint64_t t = now_ms();
    unsigned f = ui_handle_key(&ui, 'p', t);
    assert_true(f & UI_DRAW_PANEL);
    assert_true(ui.s->paused);
    assert_int_equal(ui.s->searching, 0);
    status(&ui, st, sizeof st);
    assert_string_equal(st, "Paused: p to go on.");
    ui_title_text(&ui, title, sizeof title);
    assert_contains(title, "Camelot - move 2, White to move (paused)");
    assert_true(panel_has(&ui, t, "Paused: p to go on"));
    int64_t left = session_clock_left(ui.s, 0, t);
    /* A long while later nothing has moved, nothing thinks and the clock has not run. */
    for (int i = 0; i < 20; i++)
        ui_tick(&ui, t + 1000 * (uint64_t)i);
    assert_int_equal(ui.s->g.n, 2);
    assert_int_equal(ui.s->searching, 0);
    assert_int_equal(session_clock_left(ui.s, 0, t + 20000), left);
    ui_handle_key(&ui, 'm', t + 20000);
    assert_contains(ui.msg, "Paused: p to go on");
    /* It goes on: the engine thinks again and its clock runs from there. */
    ui_handle_key(&ui, 'p', t + 20000);
    assert_false(ui.s->paused);
    assert_contains(ui.msg, "goes on");
    ui_tick(&ui, t + 20000);
    assert_int_equal(ui.s->searching, ENGINE_JOB_MOVE);
    assert_int_equal(session_clock_left(ui.s, 0, t + 21000), left - 1000);

    /* The pace: '>' longer, '<' shorter, along a ladder. */
    assert_int_equal(ui.s->pace_ms, 0);
    ui_handle_key(&ui, '>', t);
    assert_int_equal(ui.s->pace_ms, 250);
    ui_handle_key(&ui, '>', t);
    ui_handle_key(&ui, '>', t);
    assert_int_equal(ui.s->pace_ms, 1000);
    assert_contains(ui.msg, "Pace: 1 s");
    assert_true(panel_has(&ui, t, "Pace 1 s"));
    ui_handle_key(&ui, '<', t);
    assert_int_equal(ui.s->pace_ms, 500);
    assert_true(panel_has(&ui, t, "Pace 0.5 s"));
    for (int i = 0; i < 20; i++)
        ui_handle_key(&ui, '>', t);
    assert_int_equal(ui.s->pace_ms, SESSION_PACE_MAX_MS);
    for (int i = 0; i < 20; i++)
        ui_handle_key(&ui, '<', t);
    assert_int_equal(ui.s->pace_ms, 0);
    assert_int_equal(ui_pace_step(1500, 1), 2000);
    assert_int_equal(ui_pace_step(1500, -1), 1000);
    char pace[32];
    ui_pace_text(1500, pace, sizeof pace);
    assert_string_equal(pace, "1.5 s");
    ui_pace_text(250, pace, sizeof pace);
    assert_string_equal(pace, "0.25 s");
    free_ui(&ui);

    /* A person plays: no pace line, and the game over cannot be paused. */
    const CmVariant *v = variant("camette");
    CmPosition pos;
    tu_position(&pos, v, "W B6M D3M; B E3M B4M", 'W');
    make_ui(&ui, "camette", "W=human B=human", &pos, NULL);
    assert_false(panel_has(&ui, 0, "Pace"));
    press(&ui, ':');
    type(&ui, "B6-C7");
    press(&ui, UI_KEY_ENTER);
    assert_true(ui.s->outcome.over);
    press(&ui, UI_KEY_ESC);
    press(&ui, 'p');
    assert_false(ui.s->paused);
    assert_contains(ui.msg, "The game is over");
    free_ui(&ui);
    engine_thread_free(eng);
}

/* The engine line on the screen in a game of four players searched with Best-Reply Search:
 * the answers come from any opponent and the root seat moves again, out of turn order. Every
 * ply is written for the seat whose piece it moves, and none is dropped. */
static void test_ui_keys_engine_line_names_each_seat(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Ui ui;
    assert_non_null(eng);
    make_ui(&ui, "four-handed-chivalry-solo", "R=engine:10 G=human B=human Y=human", NULL, eng);
    uint64_t t0 = now_ms();
    while (ui.s->info_seat < 0 || ui.s->info.npv < 3) {
        struct timespec ts = {0, 5 * 1000000L};
        if (now_ms() - t0 > 20000)
            fail_msg("no engine line of three plies after 20 s");
        ui_tick(&ui, now_ms());
        nanosleep(&ts, NULL);
    }
    const CmSearchInfo info = ui.s->info;
    CmPosition pos = ui.s->info_pos;
    char line[UI_PV_MAX], *save = NULL;
    snprintf(line, sizeof line, "%s", ui.pv_text);
    int plies = 0, out_of_turn = 0, prev = -1;
    int cut = 0;
    for (char *tok = strtok_r(line, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        char want[CM_MOVE_TEXT_MAX + 4], path[CM_MOVE_TEXT_MAX];
        CmUndo u;
        if (strcmp(tok, "...") == 0) {
            cut = 1; /* the panel's room ran out: shortened between moves */
            break;
        }
        assert_true(plies < info.npv);
        const CmMove *m = &info.pv[plies];
        int seat = CM_CELL_SEAT(pos.board[m->from]);
        cm_pos_set_turn(&pos, seat);
        cm_move_str(&pos, m, path, sizeof path);
        snprintf(want, sizeof want, "%c:%s", pos.v->seat[seat].letter, path);
        assert_string_equal(tok, want);
        if (prev >= 0 && seat != (prev + 1) % pos.v->nseats)
            out_of_turn = 1;
        prev = seat;
        cm_pos_apply(&pos, m, &u);
        plies++;
    }
    if (!cut)
        assert_int_equal(plies, info.npv);
    assert_true(plies >= 3);
    assert_true(out_of_turn);
    free_ui(&ui);
    engine_thread_free(eng);
}

/* Edit mode: pieces are put, changed and lifted with the keys; a position whose game would be
 * over at once is refused with the rules core's reason; 'd' plays from an accepted one, and
 * Esc leaves the game as it was. */
static void test_ui_keys_edit_mode(void **state)
{
    (void)state;
    Ui ui;
    char buf[400];
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    const CmVariant *v = ui.s->v;

    /* Esc leaves the game untouched. */
    press(&ui, 'e');
    assert_int_equal(ui.mode, UI_MODE_EDIT);
    cursor_to(&ui, "F7");
    press(&ui, UI_KEY_DELETE);
    assert_int_equal(ui_shown_position(&ui)->board[sq_named("F7")], CM_EMPTY);
    press(&ui, UI_KEY_ESC);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_int_not_equal(ui.s->g.pos.board[sq_named("F7")], CM_EMPTY);

    /* An empty board, then a white knight on E6 (man, then knight) and a black man on D11. */
    press(&ui, 'e');
    press(&ui, 'C');
    cursor_to(&ui, "E6");
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.edit_pos.board[sq_named("E6")], CM_CELL(0, CM_MAN));
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.edit_pos.board[sq_named("E6")], CM_CELL(0, CM_KNIGHT));
    cursor_to(&ui, "D11");
    for (int i = 0; i < 3; i++)
        press(&ui, ' ');
    assert_int_equal(ui.edit_pos.board[sq_named("D11")], CM_CELL(1, CM_MAN));
    status(&ui, buf, sizeof buf);
    assert_contains(buf, "Editing D11. White to move (t); White has used 0 of 2 castle moves (c).");

    /* One piece each: the material draw, so no game can be played from it. */
    press(&ui, 'd');
    assert_int_equal(ui.mode, UI_MODE_EDIT);
    assert_contains(ui.msg, "cannot be played: the game is over before its first move: draw");

    /* Two pieces each, Black to move, one castle move used by Black: played from. */
    cursor_to(&ui, "F7");
    press(&ui, UI_KEY_ENTER);
    cursor_to(&ui, "G10");
    for (int i = 0; i < 3; i++)
        press(&ui, UI_KEY_ENTER);
    press(&ui, 't');
    press(&ui, 'c');
    assert_contains(ui.msg, "Black has used 1 of 2 castle moves.");
    press(&ui, 'd');
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_contains(ui.msg, "A new game from the position you set up.");
    assert_int_equal(ui.s->g.n, 0);
    assert_int_equal(ui.s->g.pos.to_move, 1);
    assert_int_equal(ui.s->g.pos.castle_used[1], 1);
    assert_int_equal(ui.s->g.pos.npieces[0] + ui.s->g.pos.npieces[1], 4);
    assert_int_equal(ui.s->g.pos.board[sq_named("G10")], CM_CELL(1, CM_MAN));
    assert_true(v == ui.s->v);
    free_ui(&ui);
}

/* 'x' asks for a path and writes the position as a position document and the game as a
 * record, which load again: the record from its Position tag. */
static void test_ui_keys_export(void **state)
{
    (void)state;
    Ui ui;
    char dir[512], base[600], path[700];
    size_t len;
    CmPosition pos, want;
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    snprintf(base, sizeof base, "%s/my:game", dir);
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    press(&ui, 'e');
    cursor_to(&ui, "F7");
    press(&ui, UI_KEY_DELETE);
    press(&ui, 'd');
    want = ui.s->g.start;
    type(&ui, ":E7-F7");
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.s->g.n, 1);
    press(&ui, 'x');
    assert_int_equal(ui.mode, UI_MODE_LINE);
    type(&ui, base);
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_contains(ui.msg, "my:game.yaml and the game in ");

    snprintf(path, sizeof path, "%s.yaml", base);
    char *text = tu_read_file(path, &len);
    CatalogResolver r = {&cat, dir, {0}};
    assert_int_equal(cm_posdoc_parse(text, len, catalog_resolve, &r, NULL, &pos, &err), CM_OK);
    assert_true(pos.v == ui.s->v);
    assert_true(cm_pos_equal(&pos, &ui.s->g.pos));
    tu_assert_contains(text, "variant: camelot\n");
    free(text);
    snprintf(path, sizeof path, "%s.txt", base);
    assert_int_equal(session_load(ui.s, path, NULL, NULL, &err), CM_OK);
    assert_int_equal(ui.s->g.n, 1);
    assert_true(cm_pos_equal(&ui.s->g.start, &want));
    free_ui(&ui);
    tu_remove_tree(dir);
}

/* An export where a file is already asks first: n writes nothing, y writes over it. Anything
 * but a file (here a FIFO) is refused, asked or not. */
static void test_ui_keys_export_asks_before_writing_over(void **state)
{
    (void)state;
    Ui ui;
    char dir[512], base[600], pos_path[700], rec_path[700], status[256];
    size_t len;
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    snprintf(base, sizeof base, "%s/game", dir);
    snprintf(pos_path, sizeof pos_path, "%s.yaml", base);
    snprintf(rec_path, sizeof rec_path, "%s.txt", base);
    FILE *f = fopen(rec_path, "w");
    assert_non_null(f);
    fputs("mine\n", f);
    assert_int_equal(fclose(f), 0);
    make_ui(&ui, "camelot", "W=human B=human", NULL, NULL);
    type(&ui, ":E6-E8");
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.s->g.n, 1);

    press(&ui, 'x');
    type(&ui, base);
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.mode, UI_MODE_ASK);
    assert_int_equal(ui.ask, UI_ASK_EXPORT);
    assert_contains(ui.msg, "game.txt is there already.");
    ui_status_text(&ui, status, sizeof status);
    assert_contains(status, "write over what is there? y writes over it, n keeps it.");
    assert_int_equal(ui_tick(&ui, 10), 0); /* the game waits for the answer */
    assert_false(io_exists(pos_path));
    press(&ui, 'n');
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_contains(ui.msg, "Not exported");
    assert_false(io_exists(pos_path));
    char *text = tu_read_file(rec_path, &len);
    assert_string_equal(text, "mine\n");
    free(text);

    press(&ui, 'x');
    type(&ui, base);
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.mode, UI_MODE_ASK);
    press(&ui, 'y');
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_contains(ui.msg, "The position is in ");
    assert_true(io_exists(pos_path));
    Session back;
    session_init(&back, &ui.s->env);
    assert_int_equal(session_load(&back, rec_path, NULL, NULL, &err), CM_OK);
    assert_int_equal(back.g.n, 1);
    session_free(&back);

    /* From edit mode the question is put over the position being set up, and back it goes. */
    press(&ui, 'e');
    cursor_to(&ui, "F7");
    press(&ui, UI_KEY_DELETE);
    CmPosition edited = ui.edit_pos;
    press(&ui, 'x');
    type(&ui, base);
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.mode, UI_MODE_ASK);
    assert_true(ui_shown_position(&ui) == &ui.edit_pos);
    press(&ui, 'y');
    assert_int_equal(ui.mode, UI_MODE_EDIT);
    CmPosition pos;
    text = tu_read_file(pos_path, &len);
    CatalogResolver r = {&cat, dir, {0}};
    assert_int_equal(cm_posdoc_parse(text, len, catalog_resolve, &r, NULL, &pos, &err), CM_OK);
    assert_true(cm_pos_equal(&pos, &edited));
    free(text);
    press(&ui, UI_KEY_ESC);

    /* A FIFO in the place of the position: refused at once, and left a FIFO. */
    snprintf(base, sizeof base, "%s/pipe", dir);
    snprintf(pos_path, sizeof pos_path, "%s.yaml", base);
    assert_int_equal(mkfifo(pos_path, 0600), 0);
    press(&ui, 'x');
    type(&ui, base);
    press(&ui, UI_KEY_ENTER);
    assert_int_equal(ui.mode, UI_MODE_PLAY);
    assert_contains(ui.msg, "Not exported: ");
    assert_contains(ui.msg, "not a regular file");
    struct stat sb;
    assert_int_equal(lstat(pos_path, &sb), 0);
    assert_true(S_ISFIFO(sb.st_mode));
    free_ui(&ui);
    tu_remove_tree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ui_keys_map_to_actions),
        cmocka_unit_test(test_ui_keys_online_keys),
        cmocka_unit_test(test_ui_keys_cursor_moves_and_redraws),
        cmocka_unit_test(test_ui_keys_canter_leap_by_leap),
        cmocka_unit_test(test_ui_keys_capture_is_compulsory_and_jumps_go_on),
        cmocka_unit_test(test_ui_keys_piece_must_leave_its_castle),
        cmocka_unit_test(test_ui_keys_illegal_attempts_say_why),
        cmocka_unit_test(test_ui_keys_escape_and_backspace),
        cmocka_unit_test(test_ui_keys_typed_moves),
        cmocka_unit_test(test_ui_keys_typed_line_past_its_end_changes_nothing),
        cmocka_unit_test(test_ui_keys_undo_and_redo),
        cmocka_unit_test(test_ui_keys_four_seat_hot_seat_order),
        cmocka_unit_test(test_ui_keys_flip_turns_four_seats_a_quarter),
        cmocka_unit_test(test_ui_keys_resign_and_draw_offers),
        cmocka_unit_test(test_ui_keys_undo_an_end_before_the_first_move),
        cmocka_unit_test(test_ui_keys_highlighting_can_be_turned_off),
        cmocka_unit_test(test_ui_keys_rules_page),
        cmocka_unit_test(test_ui_keys_help_lists_the_keys_of_the_mode),
        cmocka_unit_test(test_ui_keys_key_bars_fit_80_columns),
        cmocka_unit_test(test_ui_keys_game_over_box_keys_and_last_move),
        cmocka_unit_test(test_ui_keys_engines_alone_offer_no_turn_keys),
        cmocka_unit_test(test_ui_keys_new_game_form),
        cmocka_unit_test(test_ui_keys_form_keeps_the_levels),
        cmocka_unit_test(test_ui_keys_lessons_from_the_form),
        cmocka_unit_test(test_ui_keys_click_picks_and_lands),
        cmocka_unit_test(test_ui_keys_last_lesson_offers_the_first_not_done),
        cmocka_unit_test(test_ui_keys_load_lists_games_in_columns),
        cmocka_unit_test(test_ui_keys_every_mode_fits_80x24),
        cmocka_unit_test(test_ui_keys_game_over_and_review),
        cmocka_unit_test(test_ui_keys_move_list_marks_one_move),
        cmocka_unit_test(test_ui_keys_game_keeps_the_review_marks),
        cmocka_unit_test(test_ui_keys_seats_differ_without_colour),
        cmocka_unit_test(test_ui_keys_long_moves_are_never_cut),
        cmocka_unit_test(test_ui_keys_long_texts_are_wrapped_whole),
        cmocka_unit_test(test_ui_keys_engine_replies_and_undo_goes_back_to_you),
        cmocka_unit_test(test_ui_keys_move_now_and_keys_while_thinking),
        cmocka_unit_test(test_ui_keys_engine_move_that_ends_the_game_is_named),
        cmocka_unit_test(test_ui_keys_engine_says_why_it_declines_a_draw),
        cmocka_unit_test(test_ui_keys_engine_line_names_each_seat),
        cmocka_unit_test(test_ui_keys_edit_mode),
        cmocka_unit_test(test_ui_keys_export),
        cmocka_unit_test(test_ui_keys_export_asks_before_writing_over),
        cmocka_unit_test(test_ui_keys_title_counts_moves_as_the_list_does),
        cmocka_unit_test(test_ui_keys_clocks_are_aligned),
        cmocka_unit_test(test_ui_keys_each_person_keeps_a_cursor),
        cmocka_unit_test(test_ui_keys_hint_is_for_the_seat_to_move),
        cmocka_unit_test(test_ui_keys_engine_panel_scores_and_nodes),
        cmocka_unit_test(test_ui_keys_pause_and_pace),
    };
    catalog_init(&cat);
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    catalog_free(&cat);
    return failed;
}
