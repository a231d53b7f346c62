/* Puzzle mode of the front end driven key by key without a terminal: what the screen says
 * (title, teaching line, panel, keys), a puzzle solved by keyboard with the reply played, a
 * wrong move and the solution, giving up, the keys a puzzle refuses, and the next puzzle.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "testutil.h"
#include "ui/ui_int.h"

#define POSITION                                                                                   \
    "{to_move: W, pieces: {F6: WM, F7: WM, E6: WK, F8: BM, G10: BM, H10: BM, B11: BM, C11: BM}}"

static const char puzzles[] = "variant: camelot\n"
                              "depth: 6\n"
                              "threshold: 200\n"
                              "puzzles:\n"
                              "  - id: long\n"
                              "    difficulty: 1\n"
                              "    goal: gain\n"
                              "    position: " POSITION "\n"
                              "    solution: [F7xF9xH11xH9, C11-C10, E6-F7]\n"
                              "  - id: black\n"
                              "    difficulty: 2\n"
                              "    goal: defend\n"
                              "    position: {to_move: B, pieces: {F6: WM, F7: WM, E6: WK, F8: "
                              "BM, G10: BM, H10: BM, B11: BM, C11: BM}}\n"
                              "    solution: [F8-F9]\n";

typedef struct Fixture {
    Catalog cat;
    char dir[1024];
    PuzzleBook book;
    PuzzleScore score;
    UiPuzzles pz;
    Session s;
    Ui ui;
} Fixture;

static Fixture *open_fixture(void)
{
    Fixture *f = calloc(1, sizeof *f);
    char path[1200];
    CmError err;
    FILE *out;
    assert_non_null(f);
    catalog_init(&f->cat);
    tu_temp_dir(f->dir, sizeof f->dir);
    snprintf(path, sizeof path, "%s/p.yaml", f->dir);
    out = fopen(path, "w");
    assert_non_null(out);
    fputs(puzzles, out);
    fclose(out);
    if (puzzle_book_load(&f->book, &f->cat, path, &err) != CM_OK)
        fail_msg("%s:%d:%d: %s", err.source, err.line, err.col, err.msg);
    assert_int_equal(puzzle_score_load(&f->score, f->dir, &err), CM_OK);
    f->pz.book = &f->book;
    f->pz.score = &f->score;
    f->pz.data_dir = f->dir;
    SessionEnv env = {&f->cat, NULL, NULL};
    session_init(&f->s, &env);
    assert_int_equal(ui_puzzle_start(&f->pz, &f->s, 0), CM_OK);
    UiOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.ascii = 1;
    opt.highlight = 1;
    assert_int_equal(ui_init(&f->ui, &f->s, &opt), CM_OK);
    ui_resize(&f->ui, 24, 80);
    ui_puzzle_attach(&f->ui, &f->pz);
    return f;
}

static void close_fixture(Fixture *f)
{
    ui_free(&f->ui);
    session_free(&f->s);
    puzzle_score_free(&f->score);
    puzzle_book_free(&f->book);
    catalog_free(&f->cat);
    tu_remove_tree(f->dir);
    free(f);
}

static void type(Ui *ui, const char *move)
{
    ui_handle_key(ui, ':', 0);
    for (const char *c = move; *c; c++)
        ui_handle_key(ui, (unsigned char)*c, 0);
    ui_handle_key(ui, UI_KEY_ENTER, 0);
}

static void status(const Ui *ui, char *buf, size_t size)
{
    ui_status_text(ui, buf, size);
}

/* The panel's lines, joined. */
static void panel(const Ui *ui, char *buf, size_t size)
{
    UiLine lines[40];
    size_t len = 0;
    int n = ui_panel_lines(ui, 0, 34, lines, 40);
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s\n", lines[i].text);
}

static void test_ui_puzzle_screen(void **state)
{
    (void)state;
    Fixture *f = open_fixture();
    char buf[2048];
    ui_title_text(&f->ui, buf, sizeof buf);
    tu_assert_contains(buf, "Camelot puzzle long, difficulty 1");
    status(&f->ui, buf, sizeof buf);
    tu_assert_contains(buf, "White to play and gain the upper hand.");
    tu_assert_contains(buf, "capture is compulsory");
    /* The puzzle's rating (from its difficulty) and the solver's, a new one's. */
    tu_assert_contains(f->ui.msg, "Puzzle long: find White's best move (s gives up).");
    panel(&f->ui, buf, sizeof buf);
    tu_assert_contains(buf,
                       "Puzzle 1 of 2\n long\n Camelot, difficulty 1\n rated 1500\nWhite: gain "
                       "the upper hand\n 2 moves to find\n to solve\nScore\n solved 0  "
                       "missed 0\n streak 0  best 0\n your rating 1500\n");
    tu_assert_contains(ui_keys_text(&f->ui, buf, sizeof buf), "s solution  n next");
    assert_false(f->ui.opt.flip); /* White at the bottom */

    /* What a puzzle has no use for is refused, and changes nothing. */
    static const int refused[] = {'u', 'r', 'H', 'L', 'e', 'x', 'R', 'D', 'm', 'p'};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        f->ui.msg[0] = '\0';
        ui_handle_key(&f->ui, refused[i], 0);
        tu_assert_contains(f->ui.msg, "Not in a puzzle");
        assert_int_equal(f->ui.mode, UI_MODE_PLAY);
        assert_int_equal(f->s.g.n, 0);
    }
    close_fixture(f);
}

/* Solved: the jump built leap by leap with Enter, the reply, the last move typed. */
static void test_ui_puzzle_solved(void **state)
{
    (void)state;
    Fixture *f = open_fixture();
    Ui *ui = &f->ui;
    char buf[2048];
    static const char *const leaps[] = {"F7", "F9", "H11", "H9"};
    for (int i = 0; i < 4; i++)
        ui_select_square(ui, tu_sq(leaps[i]), 0);
    tu_assert_contains(ui->msg, "F7xF9xH11xH9 is right. Black answers C11-C10");
    assert_int_equal(f->pz.run.state, PUZZLE_SOLVING);
    assert_int_equal(f->s.g.n, 2);
    type(ui, "E6-F7");
    /* A first try, solved, is a win against the puzzle's rating. */
    assert_string_equal(ui->msg, "E6-F7 is the move. Rating 1675 (+175).");
    assert_true(f->score.rating.rating > 1600 && f->score.rating.rd < 350);
    assert_int_equal(f->pz.run.state, PUZZLE_SOLVED);
    assert_int_equal(f->score.solved, 1);
    assert_int_equal(f->score.streak, 1);
    status(ui, buf, sizeof buf);
    tu_assert_contains(buf, "Solved.");
    panel(ui, buf, sizeof buf);
    tu_assert_contains(buf, " solved\n");
    tu_assert_contains(buf, " solved 1  missed 0\n streak 1  best 1\n your rating 1675\n");
    /* Once solved, the board takes no more moves. */
    ui_select_square(ui, tu_sq("F7"), 0);
    tu_assert_contains(ui->msg, "This puzzle is over");
    assert_int_equal(f->s.g.n, 3);

    /* The score is in the data directory. */
    PuzzleScore back;
    CmError err;
    assert_int_equal(puzzle_score_load(&back, f->dir, &err), CM_OK);
    assert_int_equal(back.solved, 1);
    assert_int_equal(puzzle_score_result(&back, "long"), 1);
    assert_true(fabs(back.rating.rating - f->score.rating.rating) < 0.1);
    puzzle_score_free(&back);

    /* n: the next puzzle, Black's, with the board turned. */
    ui_handle_key(ui, 'n', 0);
    ui_title_text(ui, buf, sizeof buf);
    tu_assert_contains(buf, "puzzle black, difficulty 2");
    assert_true(ui->opt.flip);
    status(ui, buf, sizeof buf);
    tu_assert_contains(buf, "Black to play: find the only move that holds.");
    assert_int_equal(f->s.g.n, 0);
    close_fixture(f);
}

/* Missed: a wrong move, the solution on the board, review from its start; giving up. */
static void test_ui_puzzle_missed(void **state)
{
    (void)state;
    Fixture *f = open_fixture();
    Ui *ui = &f->ui;
    char buf[2048];
    type(ui, "E6-G8xE8");
    tu_assert_contains(ui->msg, "E6-G8xE8 is not it. The solution, on the board: F7xF9xH11xH9, "
                                "C11-C10, E6-F7");
    assert_int_equal(f->pz.run.state, PUZZLE_MISSED);
    assert_int_equal(f->s.g.n, 3);
    assert_int_equal(f->score.missed, 1);
    status(ui, buf, sizeof buf);
    tu_assert_contains(buf, "Missed: the solution is on the board.");
    ui_handle_key(ui, 'v', 0);
    assert_int_equal(ui->mode, UI_MODE_REVIEW);
    assert_int_equal(ui->review_ply, 0);
    ui_handle_key(ui, UI_KEY_RIGHT, 0);
    assert_int_equal(ui->review_ply, 1);
    ui_handle_key(ui, UI_KEY_ESC, 0);
    assert_int_equal(ui->mode, UI_MODE_PLAY);
    /* s again shows the solution, but the miss is counted once. */
    ui_handle_key(ui, 's', 0);
    assert_int_equal(f->score.missed, 1);

    /* The next puzzle given up with s: a miss. */
    ui_handle_key(ui, 'n', 0);
    ui_handle_key(ui, 's', 0);
    tu_assert_contains(ui->msg, "The solution, on the board: F8-F9");
    assert_int_equal(f->score.missed, 2);
    assert_int_equal(f->score.streak, 0);
    /* n with every puzzle tried: the missed ones come back. */
    ui_handle_key(ui, 'n', 0);
    ui_title_text(ui, buf, sizeof buf);
    tu_assert_contains(buf, "puzzle long,");
    close_fixture(f);
}

/* A puzzle of Black's: its move goes in Black's column of the move list, after "..." in
 * White's; "Solved" is said once, by the teaching line. The '?' page lists the puzzle's keys. */
static void test_ui_puzzle_black_to_move(void **state)
{
    (void)state;
    Fixture *f = open_fixture();
    Ui *ui = &f->ui;
    char buf[2048];
    ui_handle_key(ui, 'n', 0);
    status(ui, buf, sizeof buf);
    tu_assert_contains(buf, "Black to play");
    type(ui, "F8-F9");
    assert_int_equal(f->pz.run.state, PUZZLE_SOLVED);
    panel(ui, buf, sizeof buf);
    tu_assert_contains(buf, "\nMoves\n  1. ...");
    const char *row = strstr(buf, "  1. ...");
    const char *move = strstr(row, "F8-F9");
    assert_non_null(move);
    assert_true(move - row > (long)strlen("  1. ..."));
    assert_true(strchr(row, '\n') > move);
    /* In review too, and the status line numbers the move as the list does. */
    ui_handle_key(ui, 'v', 0);
    ui_handle_key(ui, UI_KEY_RIGHT, 0);
    status(ui, buf, sizeof buf);
    assert_string_equal(buf, "Move 1, Black played F8-F9.");
    ui_handle_key(ui, UI_KEY_ESC, 0);
    status(ui, buf, sizeof buf);
    size_t len = strlen(buf);
    snprintf(buf + len, sizeof buf - len, " %s", ui->msg);
    const char *first = strstr(buf, "olved");
    assert_non_null(first);
    assert_null(strstr(first + 1, "olved"));

    ui_handle_key(ui, '?', 0);
    assert_int_equal(ui->mode, UI_MODE_RULES);
    tu_assert_contains(ui->page, "KEYS IN A PUZZLE");
    tu_assert_contains(ui->page, "give up");
    assert_null(strstr(ui->page, "new game"));
    assert_null(strstr(ui->page, "save the game"));
    close_fixture(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ui_puzzle_screen),
        cmocka_unit_test(test_ui_puzzle_solved),
        cmocka_unit_test(test_ui_puzzle_missed),
        cmocka_unit_test(test_ui_puzzle_black_to_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
