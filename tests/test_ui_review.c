/* The review screen without a terminal: the cells of the evaluation graph for known scores
 * (which block in which row, clamping, the zero line, ASCII), the view that follows the
 * cursor, and the keys and lines of the screen over a short game with a known blunder.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "camelot/record.h"
#include "testutil.h"
#include "ui/ui_int.h"

#define ROWS UI_GRAPH_ROWS /* 10: rows 0 .. 4 above the zero line, 5 .. 9 below */

static const char *const blocks[9] = {" ",      "\u2581", "\u2582", "\u2583", "\u2584",
                                      "\u2585", "\u2586", "\u2587", "\u2588"};

/* The glyphs of a column for 'score', top to bottom, and its attributes. */
static void column(int score, int ascii, int cursor, UiGraphCell *cells)
{
    int level = ui_graph_level(score, ROWS);
    for (int row = 0; row < ROWS; row++)
        ui_graph_cell(level, row, ROWS, ascii, cursor, &cells[row]);
}

static void test_ui_review_graph_levels_are_clamped(void **state)
{
    (void)state;
    /* Five men fill the half of the graph: 5 rows of 8 eighths. */
    assert_int_equal(ui_graph_level(0, ROWS), 0);
    assert_int_equal(ui_graph_level(100, ROWS), 8);
    assert_int_equal(ui_graph_level(-100, ROWS), -8);
    assert_int_equal(ui_graph_level(250, ROWS), 20);
    assert_int_equal(ui_graph_level(500, ROWS), 40);
    assert_int_equal(ui_graph_level(-500, ROWS), -40);
    /* Beyond the range, and a won game's worth, stay at the edge. */
    assert_int_equal(ui_graph_level(501, ROWS), 40);
    assert_int_equal(ui_graph_level(1000, ROWS), 40);
    assert_int_equal(ui_graph_level(-30000, ROWS), -40);
    /* Rounded to the nearest eighth. */
    assert_int_equal(ui_graph_level(6, ROWS), 0);
    assert_int_equal(ui_graph_level(7, ROWS), 1);
    assert_int_equal(ui_graph_level(-7, ROWS), -1);
    assert_int_equal(ui_graph_level(60, ROWS), 5);
    /* A smaller graph has fewer eighths. */
    assert_int_equal(ui_graph_level(500, 4), 16);
}

static void test_ui_review_graph_cells_in_blocks(void **state)
{
    UiGraphCell c[ROWS];
    (void)state;

    /* +2.50: two full rows above the zero line and half a row above them. */
    column(250, 0, 0, c);
    assert_string_equal(c[4].glyph, blocks[8]);
    assert_string_equal(c[3].glyph, blocks[8]);
    assert_string_equal(c[2].glyph, blocks[4]);
    assert_string_equal(c[1].glyph, " ");
    assert_string_equal(c[5].glyph, " ");
    assert_int_equal(c[4].attr, 0);
    assert_int_equal(c[2].role, UI_ROLE_NORMAL);

    /* -0.60: five eighths hanging from the zero line, a lower block of three reversed. */
    column(-60, 0, 0, c);
    assert_string_equal(c[5].glyph, blocks[3]);
    assert_int_equal(c[5].attr, UI_ATTR_REVERSE);
    assert_string_equal(c[6].glyph, " ");
    /* The zero line shows above it, dim. */
    assert_string_equal(c[4].glyph, blocks[1]);
    assert_int_equal(c[4].role, UI_ROLE_DIM);

    /* -1.00: one full row below the line, in plain video. */
    column(-100, 0, 0, c);
    assert_string_equal(c[5].glyph, blocks[8]);
    assert_int_equal(c[5].attr, 0);
    assert_string_equal(c[6].glyph, " ");

    /* Even: only the zero line. */
    column(0, 0, 0, c);
    for (int row = 0; row < ROWS; row++)
        assert_string_equal(c[row].glyph, row == 4 ? blocks[1] : " ");

    /* A win fills the upper half and no more; a loss the lower half. */
    column(1000, 0, 0, c);
    for (int row = 0; row < ROWS; row++)
        assert_string_equal(c[row].glyph, row < 5 ? blocks[8] : " ");
    column(-1000, 0, 0, c);
    for (int row = 0; row < ROWS; row++)
        assert_string_equal(c[row].glyph, row >= 5 ? blocks[8] : (row == 4 ? blocks[1] : " "));
}

static void test_ui_review_graph_cells_in_ascii(void **state)
{
    UiGraphCell c[ROWS];
    (void)state;

    /* A row is '#' when at least half filled. */
    column(250, 1, 0, c);
    assert_string_equal(c[4].glyph, "#");
    assert_string_equal(c[3].glyph, "#");
    assert_string_equal(c[2].glyph, "#");
    assert_string_equal(c[1].glyph, " ");
    assert_string_equal(c[5].glyph, " ");
    /* Less than half a row: the zero line '_'. */
    column(30, 1, 0, c);
    assert_string_equal(c[4].glyph, "_");
    column(-60, 1, 0, c);
    assert_string_equal(c[4].glyph, "_");
    assert_string_equal(c[5].glyph, "#");
    assert_string_equal(c[6].glyph, " ");
    /* ASCII needs no reverse video and no byte beyond ASCII. */
    for (int score = -600; score <= 600; score += 25) {
        column(score, 1, 0, c);
        for (int row = 0; row < ROWS; row++) {
            assert_int_equal(c[row].attr, 0);
            assert_int_equal(strlen(c[row].glyph), 1);
            assert_true((unsigned char)c[row].glyph[0] < 0x80);
        }
    }
}

static void test_ui_review_graph_cursor_column(void **state)
{
    UiGraphCell c[ROWS];
    (void)state;

    /* Every cell of the cursor's column, the zero line's too, has the selection's role. */
    column(-60, 0, 1, c);
    for (int row = 0; row < ROWS; row++)
        assert_int_equal(c[row].role, UI_ROLE_SELECTED);
    assert_string_equal(c[4].glyph, blocks[1]);

    /* The whole game shows: a column a ply when it fits, else as few plies a column as
     * let every ply have one (134 plies in 34 columns: 4 a column, 34 columns used). */
    assert_int_equal(ui_graph_per_column(12, 30), 1);
    assert_int_equal(ui_graph_per_column(30, 30), 1);
    assert_int_equal(ui_graph_per_column(31, 30), 2);
    assert_int_equal(ui_graph_per_column(134, 34), 4);
    assert_int_equal(ui_graph_per_column(600, 34), 18);
    assert_int_equal(ui_graph_per_column(5, 0), 1);
}

/* The Camette game of the review tests: Black's last move, B6-B5, misses a win in one. */
static const char blunder_record[] = "[Variant \"camette\"]\n\n"
                                     "1. B3-B2 B5-B6 2. C2-D2 C5-B5 3. C3-C4 C6-E4xC2 4. D2-E3 "
                                     "D5xB3 5. B2xB4 B5xB3\n6. E3-D2 B6-B5 *\n";

static void load_game(CmRecord *rec, CmGame *game)
{
    const CmVariant *v = tu_variant("camette");
    CmPosition start;
    CmError err;
    assert_int_equal(cm_record_parse(blunder_record, strlen(blunder_record), rec, &err), CM_OK);
    assert_int_equal(cm_record_start(rec, v, &start, &err), CM_OK);
    assert_int_equal(cm_game_init(game, v, &start), CM_OK);
    assert_int_equal(cm_record_replay(rec, game, &err), CM_OK);
    assert_int_equal(game->n, 12);
}

static void test_ui_review_keys_and_lines(void **state)
{
    CmRecord rec;
    CmGame game;
    AnalysisPly plies[12];
    UiOptions opt;
    UiLine lines[8];
    UiReview *r = calloc(1, sizeof *r);
    (void)state;

    assert_non_null(r);
    load_game(&rec, &game);
    memset(plies, 0, sizeof plies);
    for (int i = 0; i < 12; i++) {
        plies[i].seat = i % 2;
        plies[i].score = 10 * i;
        plies[i].best_played = 1;
        snprintf(plies[i].move, sizeof plies[i].move, "M%d", i);
    }
    plies[11].score = -(CM_SCORE_WIN - 1); /* loss in one, for Black */
    plies[11].best_score = CM_SCORE_WIN - 1;
    plies[11].loss = 2000;
    plies[11].mark = ANALYSIS_MARK_BLUNDER;
    plies[11].best_played = 0;
    snprintf(plies[11].move, sizeof plies[11].move, "B6-B5");
    snprintf(plies[11].best, sizeof plies[11].best, "C2-C1");
    memset(&opt, 0, sizeof opt);
    ui_review_init(r, &game, plies, &opt, "game.txt");
    assert_string_equal(r->title, "Review of game.txt (camette)");

    /* The board starts after the first move, which it marks. */
    assert_int_equal(r->cursor, 0);
    assert_int_equal(ui_shown_position(&r->board), &r->board.review_pos);
    assert_true(r->board.has_last);
    assert_int_equal(r->board.last_path.sq[0], tu_sq("B3"));

    /* Keys: left at the start does nothing; right, l, End, h, Home move. */
    assert_int_equal(ui_review_key(r, UI_KEY_LEFT), 0);
    assert_int_equal(ui_review_key(r, UI_KEY_RIGHT), UI_DRAW_ALL);
    assert_int_equal(r->cursor, 1);
    ui_review_key(r, 'l');
    assert_int_equal(r->cursor, 2);
    ui_review_key(r, UI_KEY_END);
    assert_int_equal(r->cursor, 11);
    assert_int_equal(ui_review_key(r, UI_KEY_RIGHT), 0);
    assert_int_equal(r->cursor, 11);
    ui_review_key(r, 'h');
    assert_int_equal(r->cursor, 10);
    ui_review_key(r, UI_KEY_HOME);
    assert_int_equal(r->cursor, 0);
    assert_int_equal(ui_review_key(r, 'x'), 0);
    assert_int_equal(ui_review_key(r, 'q'), UI_QUIT);
    assert_int_equal(ui_review_key(r, UI_KEY_ESC), UI_QUIT);

    /* The board after the last move is the game's final position. */
    ui_review_key(r, UI_KEY_END);
    assert_true(cm_pos_equal(&r->board.review_pos, &game.pos));
    assert_int_equal(r->board.last_path.sq[0], tu_sq("B6"));

    /* Scores for the first seat: Black's turned round, a loss capped at a won game's worth. */
    r->done = 12;
    assert_int_equal(ui_review_score(r, 2), 20);
    assert_int_equal(ui_review_score(r, 3), -30);
    assert_int_equal(ui_review_score(r, 11), ANALYSIS_WIN_CAP);

    /* The blunder's lines: the move, the scores, the mark and the better move. */
    r->analysing = 0;
    int n = ui_review_lines(r, lines, 8);
    assert_int_equal(n, 5);
    assert_string_equal(lines[0].text, "Analysis done: 6 moves (12 plies)");
    assert_string_equal(lines[1].text, "6. Black B6-B5");
    assert_int_equal(lines[1].seat, 1);
    assert_string_equal(lines[2].text, "before  win in 1   after  loss in 1");
    assert_string_equal(lines[3].text, "to win  100% to 0%  blunder");
    assert_int_equal(lines[3].role, UI_ROLE_ERROR);
    assert_string_equal(lines[4].text, "better  C2-C1");

    /* A ply not analysed yet says so, and where the analysis is. */
    r->analysing = 1;
    r->done = 4;
    n = ui_review_lines(r, lines, 8);
    assert_int_equal(n, 2);
    assert_string_equal(lines[0].text, "Analysing ply 5 of 12...");
    assert_string_equal(lines[1].text, "6. Black: not analysed yet");
    assert_int_equal(ui_review_lines(r, lines, 5), 0);

    ui_review_free(r);
    cm_game_free(&game);
    cm_record_free(&rec);
    free(r);
}

/* A move longer than the panel is wide goes on over the next lines, broken between two leaps
 * as the move list breaks it, the better move too; and the analysis counts plies as plies. */
static void test_ui_review_long_moves_are_wrapped(void **state)
{
    CmRecord rec;
    CmGame game;
    AnalysisPly plies[12];
    UiOptions opt;
    UiLine lines[24];
    UiReview *r = calloc(1, sizeof *r);
    static const char long_move[] = "C6-E8xE10xC10xC12xE10xE12xC12xA12";
    static const char long_best[] = "B6-D8xF8xF10xD10xD12xF12xH12xH10";
    (void)state;

    assert_non_null(r);
    load_game(&rec, &game);
    memset(plies, 0, sizeof plies);
    for (int i = 0; i < 12; i++) {
        plies[i].seat = i % 2;
        snprintf(plies[i].move, sizeof plies[i].move, "M%d", i);
    }
    snprintf(plies[5].move, sizeof plies[5].move, "%s", long_move);
    snprintf(plies[5].best, sizeof plies[5].best, "%s", long_best);
    plies[5].loss = 300;
    plies[5].mark = ANALYSIS_MARK_BLUNDER;
    memset(&opt, 0, sizeof opt);
    ui_review_init(r, &game, plies, &opt, "game.txt");
    /* A terminal of 60 columns: a panel of 38, 36 of them beside the seat's swatch. */
    ui_layout_compute(&r->board.lay, 24, 60, game.v->files, game.v->ranks, 0);
    int width = r->board.lay.panel_w - 2;
    assert_true(width < (int)strlen("3. Black ") + (int)strlen(long_move));
    r->done = 6;
    r->cursor = 5;
    int n = ui_review_lines(r, lines, 24);
    assert_string_equal(lines[0].text, "Analysing ply 7 of 12...");
    /* The move's lines, and the better move's, joined give them whole. */
    char joined[2][256] = {"", ""};
    int which = -1;
    for (int i = 1; i < n; i++) {
        const char *t = lines[i].text;
        if ((int)strlen(t) > width)
            fail_msg("'%s' is wider than %d columns", t, width);
        if (strncmp(t, "3. Black ", 9) == 0) {
            which = 0;
            t += 9;
        } else if (strncmp(t, "better  ", 8) == 0) {
            which = 1;
            t += 8;
        } else if (t[0] == ' ' && which >= 0) {
            while (*t == ' ')
                t++;
        } else {
            which = -1;
            continue;
        }
        /* A line broken off ends with a leap's sign: no square is split. */
        size_t len = strlen(joined[which]);
        if (len > 0)
            assert_true(joined[which][len - 1] == '-' || joined[which][len - 1] == 'x');
        strcat(joined[which], t);
    }
    assert_string_equal(joined[0], long_move);
    assert_string_equal(joined[1], long_best);
    assert_int_equal(lines[1].seat, 1);
    assert_int_equal(lines[2].seat, -1);

    ui_review_free(r);
    cm_game_free(&game);
    cm_record_free(&rec);
    free(r);
}

/* The review leads to the mistakes: ] and [ go from one marked move to the next, the move
 * list shows each mark's sign, and m lists each side's marked moves with the better move. */
static void test_ui_review_leads_to_the_mistakes(void **state)
{
    CmRecord rec;
    CmGame game;
    AnalysisPly plies[12];
    UiOptions opt;
    UiLine lines[40];
    UiReview *r = calloc(1, sizeof *r);
    (void)state;

    assert_non_null(r);
    load_game(&rec, &game);
    memset(plies, 0, sizeof plies);
    for (int i = 0; i < 12; i++) {
        plies[i].seat = i % 2;
        plies[i].best_played = 1;
    }
    static const char *const moves[12] = {"B3-B2", "B5-B6", "C2-D2", "C5-B5", "C3-C4", "C6-E4xC2",
                                          "D2-E3", "D5xB3", "B2xB4", "B5xB3", "E3-D2", "B6-B5"};
    for (int i = 0; i < 12; i++)
        snprintf(plies[i].move, sizeof plies[i].move, "%s", moves[i]);
    struct {
        int ply, loss;
        AnalysisMark mark;
        const char *best;
    } marked[] = {{3, 60, ANALYSIS_MARK_INACCURACY, "C5-C4"},
                  {4, 120, ANALYSIS_MARK_MISTAKE, "D2-D3"},
                  {11, 2000, ANALYSIS_MARK_BLUNDER, "C2-C1"}};
    for (int k = 0; k < 3; k++) {
        AnalysisPly *p = &plies[marked[k].ply];
        p->loss = marked[k].loss;
        p->mark = marked[k].mark;
        p->best_played = 0;
        snprintf(p->best, sizeof p->best, "%s", marked[k].best);
    }
    memset(&opt, 0, sizeof opt);
    ui_review_init(r, &game, plies, &opt, "game.txt");
    ui_layout_compute(&r->board.lay, 24, 80, game.v->files, game.v->ranks, 0);

    /* Analysed up to ply 5: ] stops at the marks it knows. */
    r->done = 5;
    assert_int_equal(ui_review_key(r, ']'), UI_DRAW_ALL);
    assert_int_equal(r->cursor, 3);
    ui_review_key(r, ']');
    assert_int_equal(r->cursor, 4);
    assert_int_equal(ui_review_key(r, ']'), 0);
    assert_int_equal(r->cursor, 4);
    r->done = 12;
    ui_review_key(r, ']');
    assert_int_equal(r->cursor, 11);
    assert_int_equal(ui_review_key(r, ']'), 0);
    ui_review_key(r, '[');
    assert_int_equal(r->cursor, 4);
    ui_review_key(r, '[');
    ui_review_key(r, '[');
    assert_int_equal(r->cursor, 3);
    assert_int_equal(ui_review_key(r, '['), 0);
    /* The board follows: the position after the marked move, the move marked. */
    assert_int_equal(r->board.last_path.sq[0], tu_sq("C5"));

    /* The move list shows the signs, and marks the move under the cursor. */
    ui_review_sync(r);
    memset(lines, 0, sizeof lines);
    int n = ui_move_list(&r->board, 34, lines, 0, 40);
    char all[2048] = "";
    for (int i = 0; i < n; i++) {
        strcat(all, lines[i].text);
        strcat(all, "\n");
    }
    tu_assert_contains(all, "  2. C2-D2          C5-B5?!\n");
    tu_assert_contains(all, "  3. C3-C4?         C6-E4xC2\n");
    tu_assert_contains(all, "  6. E3-D2          B6-B5??\n");
    int row = -1;
    for (int i = 0; i < n; i++)
        if (strncmp(lines[i].text, "  2.", 4) == 0)
            row = i;
    assert_true(row >= 0);
    assert_memory_equal(lines[row].text + lines[row].hl_from, "C5-B5?!", 7);

    /* m: each side's marks, with the better move; Esc closes the list. */
    assert_true(ui_review_key(r, 'm') & UI_DRAW_ALL);
    assert_int_equal(r->board.mode, UI_MODE_RULES);
    const char *page = r->board.page;
    assert_non_null(page);
    tu_assert_contains(page, "WHITE: 0 BLUNDERS, 1 MISTAKE, 0 INACCURACIES\n");
    /* Each with the chance of winning before and after it. */
    static const struct {
        int ply;
        const char *head, *tail;
    } lines_of[] = {{4, "   3. C3-C4?\n      mistake, a loss of 1.20", "better D2-D3\n"},
                    {3, "   2... C5-B5?!\n      inaccuracy, a loss of 0.60", "better C5-C4\n"},
                    {11, "   6... B6-B5??\n      blunder, a loss of 20.00", "better C2-C1\n"}};
    for (size_t k = 0; k < sizeof lines_of / sizeof lines_of[0]; k++) {
        char want[200];
        const AnalysisPly *q = &plies[lines_of[k].ply];
        snprintf(want, sizeof want, "%s, to win %.0f%% to %.0f%%; %s", lines_of[k].head,
                 100 * analysis_chance(q->best_score), 100 * analysis_chance(q->score),
                 lines_of[k].tail);
        tu_assert_contains(page, want);
    }
    tu_assert_contains(page, "BLACK: 1 BLUNDER, 0 MISTAKES, 1 INACCURACY\n");
    assert_int_equal(ui_review_key(r, 'l'), 0); /* the page has the keys */
    assert_int_equal(r->cursor, 3);
    ui_review_key(r, UI_KEY_ESC);
    assert_int_equal(r->board.mode, UI_MODE_REVIEW);
    assert_int_equal(ui_review_key(r, 'q'), UI_QUIT);

    ui_review_free(r);
    cm_game_free(&game);
    cm_record_free(&rec);
    free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ui_review_graph_levels_are_clamped),
        cmocka_unit_test(test_ui_review_graph_cells_in_blocks),
        cmocka_unit_test(test_ui_review_graph_cells_in_ascii),
        cmocka_unit_test(test_ui_review_graph_cursor_column),
        cmocka_unit_test(test_ui_review_keys_and_lines),
        cmocka_unit_test(test_ui_review_long_moves_are_wrapped),
        cmocka_unit_test(test_ui_review_leads_to_the_mistakes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
