/* The front end's layout without a terminal: every variant fits 80x24 with its panel, the
 * smallest sizes, hit-testing every square both ways round, the cursor on irregular boards, and
 * long messages wrapped rather than cut.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "ui/ui_int.h"

/* Everything lies inside the terminal and nothing overlaps. */
static void check_inside(const UiLayout *l)
{
    assert_false(l->too_small);
    assert_true(l->board_x >= 0 && l->board_x + l->board_w <= l->cols);
    assert_true(l->board_y >= 0);
    assert_true(l->board_y + l->board_h <= l->status_y);
    assert_true(l->status_y < l->rows && l->msg_y < l->rows);
    assert_true(l->msg_y >= l->status_y);
    if (l->title_y >= 0)
        assert_true(l->title_y < l->board_y);
    if (l->keys_y >= 0)
        assert_true(l->keys_y > l->msg_y && l->keys_y < l->rows);
    if (l->panel_w > 0) {
        assert_true(l->panel_x >= l->board_x + l->board_w);
        assert_true(l->panel_x + l->panel_w <= l->cols);
        assert_true(l->panel_y + l->panel_h <= l->status_y);
    }
    /* The squares and both rows of file letters. */
    assert_true(l->sq_y - 1 >= l->board_y);
    assert_true(l->sq_y + l->gh * l->cell_h <= l->board_y + l->board_h - 1);
    assert_true(l->sq_x + l->gw * l->cell_w + 3 <= l->board_x + l->board_w);
}

static void test_ui_layout_every_variant_fits_80x24(void **state)
{
    (void)state;
    for (size_t i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        UiLayout l;
        ui_layout_compute(&l, 24, 80, v->files, v->ranks, 0);
        check_inside(&l);
        /* At 80x24 every variant has its panel, a title, a message line and the keys. */
        assert_true(l.panel_w >= UI_PANEL_MIN);
        assert_true(l.title_y >= 0);
        assert_true(l.keys_y >= 0);
        assert_true(l.msg_y > l.status_y);
    }
}

static void test_ui_layout_smallest_sizes(void **state)
{
    (void)state;
    int rows, cols;
    /* The largest boards, 16 x 16: 16 ranks, two rows of letters, a status line. */
    ui_layout_min(16, 16, &rows, &cols);
    assert_int_equal(rows, 19);
    assert_int_equal(cols, 40);
    ui_layout_min(5, 7, &rows, &cols);
    assert_int_equal(rows, 10);
    assert_int_equal(cols, UI_STATUS_MIN);
    for (size_t i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        UiLayout l;
        ui_layout_min(v->files, v->ranks, &rows, &cols);
        assert_true(rows <= 19 && cols <= 40);
        ui_layout_compute(&l, rows, cols, v->files, v->ranks, 0);
        check_inside(&l);
        assert_int_equal(l.panel_w, 0);
        assert_int_equal(l.msg_y, l.status_y);
        ui_layout_compute(&l, rows - 1, cols, v->files, v->ranks, 0);
        assert_true(l.too_small);
        ui_layout_compute(&l, rows, cols - 1, v->files, v->ranks, 0);
        assert_true(l.too_small);
    }
}

static void test_ui_layout_60x20_shows_the_largest_board(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-camelot");
    UiLayout l;
    ui_layout_compute(&l, 20, 60, v->files, v->ranks, 0);
    check_inside(&l);
    assert_int_equal(l.cell_w, 2);
    assert_int_equal(l.panel_w, 0);
    /* A very small terminal is reported, not drawn. */
    ui_layout_compute(&l, 10, 30, v->files, v->ranks, 0);
    assert_true(l.too_small);
}

static void test_ui_layout_wide_squares_when_room(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    UiLayout l;
    ui_layout_compute(&l, 24, 80, v->files, v->ranks, 0);
    assert_int_equal(l.cell_w, 3);
    v = tu_variant("grand-camelot");
    ui_layout_compute(&l, 24, 80, v->files, v->ranks, 0);
    assert_int_equal(l.cell_w, 2);
    ui_layout_compute(&l, 40, 120, v->files, v->ranks, 0);
    assert_int_equal(l.cell_w, 4);
    assert_int_equal(l.cell_h, 2);
    check_inside(&l);
}

/* On a large terminal the board grows (at 120 x 40 it kept its 80 x 24 size), every variant
 * turned every way, with the whole foot and a wide panel beside it. */
static void test_ui_layout_board_grows_on_a_large_terminal(void **state)
{
    (void)state;
    for (size_t i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        for (int turn = 0; turn < 4; turn++) {
            UiLayout small, large;
            ui_layout_compute(&small, 24, 80, v->files, v->ranks, turn);
            ui_layout_compute(&large, 40, 120, v->files, v->ranks, turn);
            check_inside(&large);
            if (large.board_w * large.board_h <= small.board_w * small.board_h)
                fail_msg("%s turned %d: %dx%d at 120x40, %dx%d at 80x24", tu_variant_names[i], turn,
                         large.board_w, large.board_h, small.board_w, small.board_h);
            assert_true(large.cell_h > 1);
            assert_true(large.panel_w >= UI_PANEL_WIDE);
            assert_true(large.title_y >= 0 && large.keys_y >= 0 && large.msg_y > large.status_y);
            /* Squares about as tall as wide: twice as many columns as rows. */
            assert_int_equal(large.cell_w, 2 * large.cell_h);
        }
    }
}

/* Every square is found again at the screen cell where it is drawn, in every column and row of
 * its cell, turned each of the four ways, at 80 x 24 and at 120 x 40; cells outside the grid
 * hit nothing. */
static void test_ui_layout_hit_every_square(void **state)
{
    (void)state;
    for (size_t i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        for (int turn = 0; turn < 8; turn++) {
            UiLayout l;
            if (turn < 4)
                ui_layout_compute(&l, 24, 80, v->files, v->ranks, turn);
            else
                ui_layout_compute(&l, 40, 120, v->files, v->ranks, turn);
            check_inside(&l);
            for (int sq = 0; sq < CM_SQUARES; sq++) {
                if (!cm_variant_on(v, (unsigned)sq))
                    continue;
                int y, x;
                CmSquare hit;
                ui_layout_square_pos(&l, (CmSquare)sq, &y, &x);
                assert_true(ui_layout_hit(&l, y, x, &hit));
                assert_int_equal(hit, sq);
                int x0 = x - (l.cell_w - 1) / 2, y0 = y - l.cell_h / 2;
                for (int dy = 0; dy < l.cell_h; dy++)
                    for (int dx = 0; dx < l.cell_w; dx++) {
                        assert_true(ui_layout_hit(&l, y0 + dy, x0 + dx, &hit));
                        assert_int_equal(hit, sq);
                    }
            }
            CmSquare hit;
            assert_false(ui_layout_hit(&l, l.sq_y - 1, l.sq_x, &hit));
            assert_false(ui_layout_hit(&l, l.sq_y + l.gh * l.cell_h, l.sq_x, &hit));
            assert_false(ui_layout_hit(&l, l.sq_y, l.sq_x - 1, &hit));
            assert_false(ui_layout_hit(&l, l.sq_y, l.sq_x + l.gw * l.cell_w, &hit));
        }
    }
}

static void test_ui_layout_square_positions(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    UiLayout l;
    int y, x, y2, x2;
    ui_layout_compute(&l, 24, 80, v->files, v->ranks, 0);
    /* A16 is top left, L1 bottom right; rank 1 is at the bottom. */
    ui_layout_square_pos(&l, tu_sq("A16"), &y, &x);
    assert_int_equal(y, l.sq_y);
    assert_int_equal(x, l.sq_x + 1);
    ui_layout_square_pos(&l, tu_sq("L1"), &y2, &x2);
    assert_int_equal(y2, l.sq_y + 15);
    assert_int_equal(x2, l.sq_x + 11 * 3 + 1);
    /* Turned round, rank 1 is at the top and file L on the left. */
    ui_layout_compute(&l, 24, 80, v->files, v->ranks, 2);
    ui_layout_square_pos(&l, tu_sq("L1"), &y, &x);
    assert_int_equal(y, l.sq_y);
    assert_int_equal(x, l.sq_x + 1);
}

static void test_ui_layout_cursor_on_irregular_boards(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    UiLayout l;
    ui_layout_compute(&l, 24, 80, v->files, v->ranks, 0);
    /* Down from A4: A3 is not a square, so the nearest square of rank 3, B3. */
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("A4"), 0, 1), tu_sq("B3"));
    /* Up from E2 to E3; left along a row; nothing beyond the edge. */
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("E2"), 0, -1), tu_sq("E3"));
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("E6"), -1, 0), tu_sq("D6"));
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("A8"), -1, 0), tu_sq("A8"));
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("G1"), 0, 1), tu_sq("G1"));
    /* From the castle row to rank 2 and back. */
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("F1"), 0, -1), tu_sq("F2"));
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("C2"), 0, 1), tu_sq("F1"));
    /* Grand Cam's left castle A7 sits alone on its file. */
    v = tu_variant("grand-cam");
    ui_layout_compute(&l, 24, 80, v->files, v->ranks, 0);
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("A7"), 0, -1), tu_sq("B8"));
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("B7"), -1, 0), tu_sq("A7"));
    /* Turned round, "up" on screen goes down the ranks. */
    v = tu_variant("camelot");
    ui_layout_compute(&l, 24, 80, v->files, v->ranks, 2);
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("E6"), 0, -1), tu_sq("E5"));
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("E6"), -1, 0), tu_sq("F6"));
    /* Every step from every square stays on the board. */
    for (size_t i = 0; i < TU_NVARIANTS; i++) {
        v = tu_variant(tu_variant_names[i]);
        ui_layout_compute(&l, 24, 80, v->files, v->ranks, 0);
        for (int sq = 0; sq < CM_SQUARES; sq++) {
            if (!cm_variant_on(v, (unsigned)sq))
                continue;
            static const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
            for (int k = 0; k < 4; k++)
                assert_true(
                    cm_variant_on(v, ui_cursor_step(v, &l, (CmSquare)sq, d[k][0], d[k][1])));
        }
    }
}

/* Each quarter turn is a rotation, never a mirror: one square east and one north move on the
 * screen by the turned unit steps, for every square of every board. */
static void test_ui_layout_quarter_turns_are_rotations(void **state)
{
    (void)state;
    /* On the screen (x right, y down), east and north of the board for each turn. */
    static const int east[4][2] = {{1, 0}, {0, -1}, {-1, 0}, {0, 1}};
    static const int north[4][2] = {{0, -1}, {-1, 0}, {0, 1}, {1, 0}};
    for (size_t i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        for (int turn = 0; turn < 4; turn++) {
            UiLayout l;
            ui_layout_compute(&l, 24, 80, v->files, v->ranks, turn);
            assert_int_equal(l.gw, turn & 1 ? v->ranks : v->files);
            assert_int_equal(l.gh, turn & 1 ? v->files : v->ranks);
            for (int f = 0; f + 1 < v->files; f++)
                for (int r = 0; r + 1 < v->ranks; r++) {
                    int y, x, ye, xe, yn, xn;
                    ui_layout_square_pos(&l, CM_SQ(f, r), &y, &x);
                    ui_layout_square_pos(&l, CM_SQ(f + 1, r), &ye, &xe);
                    ui_layout_square_pos(&l, CM_SQ(f, r + 1), &yn, &xn);
                    assert_int_equal(xe - x, east[turn][0] * l.cell_w);
                    assert_int_equal(ye - y, east[turn][1] * l.cell_h);
                    assert_int_equal(xn - x, north[turn][0] * l.cell_w);
                    assert_int_equal(yn - y, north[turn][1] * l.cell_h);
                }
        }
    }
}

/* Grand Cam seen from Blue's side, the west: Blue's castle A7 in the middle of the bottom row,
 * Red's G1 on the right, Green's G13 on the left; the ranks label the columns and the files
 * the rows; up on the screen goes east. */
static void test_ui_layout_quarter_turn_west(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-cam");
    UiLayout l;
    char label[8];
    int y, x;
    ui_layout_compute(&l, 24, 80, v->files, v->ranks, 1);
    check_inside(&l);
    assert_int_equal(ui_layout_grid_square(&l, 6, 12), tu_sq("A7"));
    assert_int_equal(ui_layout_grid_square(&l, 12, 6), tu_sq("G1"));
    assert_int_equal(ui_layout_grid_square(&l, 0, 6), tu_sq("G13"));
    ui_layout_square_pos(&l, tu_sq("M7"), &y, &x);
    assert_int_equal(y, l.sq_y);
    ui_layout_col_label(&l, 0, label, sizeof label);
    assert_string_equal(label, "13");
    ui_layout_col_label(&l, 12, label, sizeof label);
    assert_string_equal(label, "1");
    ui_layout_row_label(&l, 12, label, sizeof label);
    assert_string_equal(label, " A");
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("A7"), 0, -1), tu_sq("B7"));
    assert_int_equal(ui_cursor_step(v, &l, tu_sq("B7"), 1, 0), tu_sq("B6"));
    /* Turned the other way, from the east, the labels read the other way round. */
    ui_layout_compute(&l, 24, 80, v->files, v->ranks, 3);
    ui_layout_col_label(&l, 0, label, sizeof label);
    assert_string_equal(label, "1");
    ui_layout_row_label(&l, 0, label, sizeof label);
    assert_string_equal(label, " A");
    assert_int_equal(ui_layout_grid_square(&l, 6, 12), tu_sq("M7"));
}

/* Each seat of every variant finds its own pieces in the lower half of the screen once the
 * board is turned to it; the four sides of Grand Cam and Grand Camelot each get their turn. */
static void test_ui_layout_seat_turn_puts_the_seat_at_the_bottom(void **state)
{
    (void)state;
    static const char *const four[] = {"grand-cam", "grand-camelot"};
    for (size_t i = 0; i < 2; i++) {
        const CmVariant *v = tu_variant(four[i]);
        /* Red (bottom), Green (top), Blue (left), Yellow (right), in turn order. */
        assert_int_equal(ui_seat_turn(v, 0), 0);
        assert_int_equal(ui_seat_turn(v, 1), 2);
        assert_int_equal(ui_seat_turn(v, 2), 1);
        assert_int_equal(ui_seat_turn(v, 3), 3);
    }
    const CmVariant *v = tu_variant("camelot");
    assert_int_equal(ui_seat_turn(v, 0), 0);
    assert_int_equal(ui_seat_turn(v, 1), 2);
    for (size_t i = 0; i < TU_NVARIANTS; i++) {
        v = tu_variant(tu_variant_names[i]);
        for (int seat = 0; seat < v->nseats; seat++) {
            UiLayout l;
            ui_layout_compute(&l, 24, 80, v->files, v->ranks, ui_seat_turn(v, seat));
            int rows = 0, n = 0;
            for (int sq = 0; sq < CM_SQUARES; sq++) {
                if (v->start[sq] == CM_EMPTY || CM_CELL_SEAT(v->start[sq]) != seat)
                    continue;
                int y, x;
                ui_layout_square_pos(&l, (CmSquare)sq, &y, &x);
                rows += (y - l.sq_y) / l.cell_h;
                n++;
            }
            assert_true(n > 0);
            /* The mean row is below the middle: 2 * rows / n > gh - 1. */
            assert_true(2 * rows > (l.gh - 1) * n);
        }
    }
}

/* A message wider than the screen is cut into lines at spaces, none wider than the screen,
 * which together hold every word. */
static void test_ui_layout_long_messages_wrap(void **state)
{
    (void)state;
    const char *msg = "Autosave failed: /home/player/.local/share/camelot/autosave.txt: cannot "
                      "create a file in /home/player/.local/share/camelot: No space left on "
                      "device";
    UiSpan lines[UI_MSG_ROWS];
    int n = ui_wrap(msg, 80, lines, UI_MSG_ROWS);
    assert_int_equal(n, 2);
    char joined[400] = "";
    for (int i = 0; i < n; i++) {
        assert_true(lines[i].len <= 80);
        strncat(joined, msg + lines[i].start, (size_t)lines[i].len);
        if (i + 1 < n) {
            assert_int_equal(msg[lines[i].start + lines[i].len], ' ');
            strcat(joined, " ");
        }
    }
    assert_string_equal(joined, msg);
    assert_non_null(strstr(msg + lines[n - 1].start, "No space left on device"));
    /* A word longer than the width is cut; the rows are limited; empty text has none. */
    n = ui_wrap("abcdefghij", 4, lines, UI_MSG_ROWS);
    assert_int_equal(n, 3);
    assert_int_equal(lines[2].len, 2);
    assert_int_equal(ui_wrap(msg, 10, lines, 3), 3);
    assert_int_equal(ui_wrap("", 80, lines, UI_MSG_ROWS), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ui_layout_every_variant_fits_80x24),
        cmocka_unit_test(test_ui_layout_smallest_sizes),
        cmocka_unit_test(test_ui_layout_60x20_shows_the_largest_board),
        cmocka_unit_test(test_ui_layout_wide_squares_when_room),
        cmocka_unit_test(test_ui_layout_board_grows_on_a_large_terminal),
        cmocka_unit_test(test_ui_layout_hit_every_square),
        cmocka_unit_test(test_ui_layout_square_positions),
        cmocka_unit_test(test_ui_layout_cursor_on_irregular_boards),
        cmocka_unit_test(test_ui_layout_quarter_turns_are_rotations),
        cmocka_unit_test(test_ui_layout_quarter_turn_west),
        cmocka_unit_test(test_ui_layout_seat_turn_puts_the_seat_at_the_bottom),
        cmocka_unit_test(test_ui_layout_long_messages_wrap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
