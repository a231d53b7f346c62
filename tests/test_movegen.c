/* Move generation against docs/rules.md 2: plain moves, canters, jumps, the capture obligation, the
 * knight's charge and its canter restriction, own and target castles, and moves as effects, in
 * positions built by hand (on the Camelot board unless a test says otherwise). Then random
 * positions of every variant compared with a literal reference reading of docs/rules.md 2.9 written
 * below, 'cm_movegen_count' against 'cm_movegen_all', and the jump chains alone
 * ('cm_movegen_jumps') against the full generator in random games.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "camelot/notation.h"
#include "camelot/rules.h"

/* ---- Helpers ---- */

static int count_moves(const CmPosition *pos)
{
    CmMoveList *list = tu_checked_moves(pos);
    int n = list->n;
    free(list);
    return n;
}

/* Applies the legal move with effect 'effect' (which must exist). */
static void play(CmPosition *pos, const char *effect, CmUndo *u)
{
    CmMove m;
    if (!tu_find_move(pos, effect, &m))
        fail_msg("%s is not legal here", effect);
    cm_pos_apply(pos, &m, u);
}

static int count_paths_fn(void *ud, const CmPath *path, const CmMove *effect)
{
    (void)path;
    (void)effect;
    (*(int *)ud)++;
    return 0;
}

/* Number of written paths with the effect 'effect'. */
static int count_paths(const CmPosition *pos, const char *effect)
{
    CmMove m;
    if (!tu_find_move(pos, effect, &m))
        fail_msg("%s is not legal here", effect);
    int n = 0;
    int given = cm_movegen_paths(pos, &m, 1000, count_paths_fn, &n);
    assert_int_equal(given, n);
    return n;
}

static const CmVariant *camelot(void)
{
    return tu_variant("camelot");
}

/* ---- 2.1-2.2 Terms and the turn ---- */

/* The start position: 100 moves, all White's, and 10,026 at depth 2 (docs/rules.md 2.10). */
static void test_movegen_start_position_counts(void **state)
{
    (void)state;
    CmPosition pos;
    cm_pos_start(&pos, camelot());
    CmMoveList *list = tu_checked_moves(&pos);
    assert_int_equal(list->n, 100);
    long total = 0;
    for (int i = 0; i < list->n; i++) {
        CmUndo u;
        cm_pos_apply(&pos, &list->m[i], &u);
        assert_int_equal(pos.to_move, 1);
        total += cm_movegen_count(&pos);
        cm_pos_undo(&pos, &list->m[i], &u);
    }
    free(list);
    assert_int_equal(total, 10026);
}

/* Adjacent means the 8 king-move neighbours (2.1); a plain move goes to any of them (2.3). */
static void test_movegen_plain_move_to_eight_neighbours(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E8M; B A13M", 'W');
    tu_expect_moves(&pos, NULL, "E8>D7 E8>D8 E8>D9 E8>E7 E8>E9 E8>F7 E8>F8 E8>F9");
}

/* A plain move needs an empty square; leaps over friends are canters (2.3, 2.4). */
static void test_movegen_plain_move_needs_empty_square(void **state)
{
    (void)state;
    CmPosition pos;
    /* D7 cannot be jumped from E8: C6 behind it is occupied. */
    tu_position(&pos, camelot(), "W E8M E9M; B D7M C6M L13M", 'W');
    tu_expect_moves(&pos, NULL,
                    "E8>D8 E8>D9 E8>E7 E8>F7 E8>F8 E8>F9 E8>E10 "
                    "E9>D8 E9>D9 E9>D10 E9>E10 E9>F10 E9>F8 E9>F9 E9>E7");
}

/* The player moves only their own pieces, and it is the other player's turn afterwards. */
static void test_movegen_moves_only_own_pieces(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E8M; B H8M H9M", 'B');
    CmMoveList *list = tu_checked_moves(&pos);
    for (int i = 0; i < list->n; i++)
        assert_true(list->m[i].from == tu_sq("H8") || list->m[i].from == tu_sq("H9"));
    assert_false(tu_has_move(&pos, "E8>E9"));
    CmUndo u;
    play(&pos, "H8>G7", &u);
    assert_int_equal(pos.to_move, cm_variant_seat(camelot(), 'W'));
    assert_true(tu_has_move(&pos, "E8>E9"));
    free(list);
}

/* A leap needs both the square passed over and the landing square on the board (2.1):
 * D3 cannot canter over C2, since B1 is not a square. */
static void test_movegen_leap_needs_board_squares(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W D3M C2M; B A13M", 'W');
    tu_expect_moves(&pos, NULL,
                    "C2>D2 C2>B3 C2>C3 C2>E4 "
                    "D3>D2 D3>E2 D3>C3 D3>E3 D3>C4 D3>D4 D3>E4");
}

/* ---- 2.3 Plain move ---- */

/* No plain move onto an own-castle square: F2 has 8 neighbours' worth of room, minus the
 * two castle squares and the three cells that are not squares. */
static void test_movegen_plain_move_not_into_own_castle(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F2M; B A13M", 'W');
    tu_expect_moves(&pos, NULL, "F2>E2 F2>G2 F2>E3 F2>F3 F2>G3");
    tu_position(&pos, camelot(), "W A13M; B G15M", 'B');
    assert_false(tu_has_move(&pos, "G15>F16"));
    assert_false(tu_has_move(&pos, "G15>G16"));
    assert_true(tu_has_move(&pos, "G15>H15"));
}

/* ---- 2.4 Canter ---- */

/* A canter leaps over friends, which stay; it may change direction and stop after any leap
 * (docs/rules.md 1.3 example E6-C8-A8). */
static void test_movegen_canter_over_friend_leaves_it(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M D7M B8M; B L13M", 'W');
    assert_true(tu_has_move(&pos, "E6>C8"));
    assert_true(tu_has_move(&pos, "E6>A8"));
    CmUndo u;
    play(&pos, "E6>A8", &u);
    assert_int_equal(pos.board[tu_sq("A8")], CM_CELL(0, CM_MAN));
    assert_int_equal(pos.board[tu_sq("D7")], CM_CELL(0, CM_MAN));
    assert_int_equal(pos.board[tu_sq("B8")], CM_CELL(0, CM_MAN));
    assert_int_equal(pos.board[tu_sq("E6")], CM_EMPTY);
    assert_int_equal(pos.npieces[0], 3);
}

/* Any piece may canter, a man as well as a knight; a canter never captures. */
static void test_movegen_canter_by_man_and_knight(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M E7K; B L13M", 'W');
    assert_true(tu_has_move(&pos, "E6>E8"));
    assert_true(tu_has_move(&pos, "E7>E5"));
    CmMoveList *list = tu_checked_moves(&pos);
    for (int i = 0; i < list->n; i++)
        assert_int_equal(list->m[i].ncap, 0);
    free(list);
}

/* A canter may not end on its start square, though it may come back round to it. */
static void test_movegen_canter_may_not_end_on_start_square(void **state)
{
    (void)state;
    CmPosition pos;
    /* E6 -> G6 -> G8 -> E8 -> E6 is a ring of canter leaps. */
    tu_position(&pos, camelot(), "W E6M F6M G7M F8M E7M; B L13M", 'W');
    assert_true(tu_has_move(&pos, "E6>G6"));
    assert_true(tu_has_move(&pos, "E6>G8"));
    assert_true(tu_has_move(&pos, "E6>E8"));
    assert_false(tu_has_move(&pos, "E6>E6"));
    /* Same for a knight. */
    tu_position(&pos, camelot(), "W E6K F6M G7M F8M E7M; B L13M", 'W');
    assert_true(tu_has_move(&pos, "E6>G8"));
    assert_false(tu_has_move(&pos, "E6>E6"));
}

/* A canter is identified by its destination: two routes to G8 are one move (2.4, 2.10). */
static void test_movegen_canter_identified_by_destination(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M E7M F8M F6M G7M; B L13M", 'W');
    assert_true(tu_has_move(&pos, "E6>G8"));
    assert_int_equal(count_paths(&pos, "E6>G8"), 2);
}

/* No canter leap lands on an own-castle square, so a canter cannot pass through it either:
 * D3 over E2 would land on F1, and from there over G2 on H3. */
static void test_movegen_canter_not_into_or_through_own_castle(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W D3M E2M G2M; B A13M", 'W');
    assert_false(tu_has_move(&pos, "D3>F1"));
    assert_false(tu_has_move(&pos, "D3>H3"));
    assert_false(tu_has_move(&pos, "G2>F1"));
    assert_false(tu_has_move(&pos, "G2>G1"));
    assert_true(tu_has_move(&pos, "E2>C4"));
    tu_expect_moves(&pos, "D3", "D3>C2 D3>D2 D3>C3 D3>E3 D3>C4 D3>D4 D3>E4");
}

/* A canter leap onto the target castle ends the move there (2.4, 2.8). Entering by a plain
 * move is allowed too. */
static void test_movegen_canter_into_target_castle_ends_move(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F14M F15M G15M; B A4M", 'W');
    assert_true(tu_has_move(&pos, "F14>F16"));
    assert_false(tu_has_move(&pos, "F14>H14"));
    assert_true(tu_has_move(&pos, "G15>G16"));
    assert_true(tu_has_move(&pos, "F15>F16"));
    assert_true(tu_has_move(&pos, "F15>G16"));
    /* The same for a knight. */
    tu_position(&pos, camelot(), "W F14K F15M G15M; B A4M", 'W');
    assert_true(tu_has_move(&pos, "F14>F16"));
    assert_false(tu_has_move(&pos, "F14>H14"));
}

/* ---- 2.5 Jump ---- */

/* A jump leap captures the enemy piece, which leaves the board. */
static void test_movegen_jump_captures_enemy(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M; B E7M L13M", 'W');
    tu_expect_moves(&pos, NULL, "E6>E8xE7");
    CmUndo u;
    play(&pos, "E6>E8xE7", &u);
    assert_int_equal(pos.board[tu_sq("E7")], CM_EMPTY);
    assert_int_equal(pos.board[tu_sq("E8")], CM_CELL(0, CM_MAN));
    assert_int_equal(pos.npieces[1], 1);
    assert_false(cm_set_has(&pos.occ[1], tu_sq("E7")));
}

/* Continuation is compulsory: the man may not stop on E8. */
static void test_movegen_jump_must_continue(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M; B E7M E9M L13M", 'W');
    tu_expect_moves(&pos, NULL, "E6>E10xE7,E9");
}

/* Where several further jump leaps exist, any may be chosen. */
static void test_movegen_jump_continuation_free_choice(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M; B E7M D9M F9M L13M", 'W');
    tu_expect_moves(&pos, NULL, "E6>C10xD9,E7 E6>G10xE7,F9");
}

/* The direction may change between jump leaps (docs/rules.md 1.3 example H4xJ4xL6). */
static void test_movegen_jump_may_change_direction(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W H4M; B I4M K5M A13M", 'W');
    tu_expect_moves(&pos, NULL, "H4>L6xI4,K5");
}

/* No majority rule: a one-piece capture is as legal as a two-piece one. */
static void test_movegen_no_majority_rule(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M J4M; B E7M E9M J5M", 'W');
    tu_expect_moves(&pos, NULL, "E6>E10xE7,E9 J4>J6xJ5");
}

/* A circular jump may end on its own start square (which counts as empty). */
static void test_movegen_circular_jump_allowed(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M; B F6M G7M F8M E7M L13M", 'W');
    tu_expect_moves(&pos, NULL, "E6>E6xE7,F6,F8,G7");
    CmUndo u;
    play(&pos, "E6>E6xE7,F6,F8,G7", &u);
    assert_int_equal(pos.board[tu_sq("E6")], CM_CELL(0, CM_MAN));
    assert_int_equal(pos.npieces[1], 1);
}

/* Two capture orders with the same landing square and captured set are one move (2.10). */
static void test_movegen_two_capture_orders_are_one_move(void **state)
{
    (void)state;
    CmPosition pos;
    /* Round the ring either way, then out over D5; or straight out over D5. */
    tu_position(&pos, camelot(), "W E6M; B F6M G7M F8M E7M D5M L13M", 'W');
    tu_expect_moves(&pos, NULL, "E6>C4xD5 E6>C4xD5,E7,F6,F8,G7");
    assert_int_equal(count_paths(&pos, "E6>C4xD5,E7,F6,F8,G7"), 2);
    assert_int_equal(count_paths(&pos, "E6>C4xD5"), 1);
}

/* A jump chain may pass over a square it visited before: a figure of eight through G8. */
static void test_movegen_jump_may_revisit_square(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M; B F6M G7M F8M E7M H8M I9M H10M G9M L13M", 'W');
    assert_true(tu_has_move(&pos, "E6>E6xE7,F6,F8,G7,G9,H10,H8,I9"));
}

/* Captured pieces are removed at once (2.5): the square is empty for the rest of the chain, so
 * the jumper cannot leap back over it, and it is empty after the move. */
static void test_movegen_captured_pieces_removed_at_once(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M; B E7M F9M L13M", 'W');
    /* E6xE8, then over F9 to G10; never back over E7. */
    tu_expect_moves(&pos, NULL, "E6>G10xE7,F9");
    CmUndo u;
    play(&pos, "E6>G10xE7,F9", &u);
    assert_int_equal(pos.board[tu_sq("E7")], CM_EMPTY);
    assert_int_equal(pos.board[tu_sq("F9")], CM_EMPTY);
    assert_int_equal(pos.npieces[1], 1);
    assert_int_equal(u.ncap, 2);
}

/* ---- 2.6 Capture obligation and the knight's charge ---- */

/* A piece able to jump makes captures compulsory. */
static void test_movegen_capture_obligation_only_captures(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M A4M; B E7M L13M", 'W');
    tu_expect_moves(&pos, NULL, "E6>E8xE7");
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_CAPTURE);
    assert_true(cm_set_has(&ob.pieces, tu_sq("E6")));
    assert_int_equal(cm_set_count(&ob.pieces), 1);
    assert_true(cm_movegen_can_jump(&pos, tu_sq("E6")));
    assert_false(cm_movegen_can_jump(&pos, tu_sq("A4")));
}

/* Under the obligation every piece able to jump may capture, and capturing charges count. */
static void test_movegen_capture_obligation_includes_charges(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M J4M B4K B5M; B E7M J5M B7M", 'W');
    tu_expect_moves(&pos, NULL, "E6>E8xE7 J4>J6xJ5 B4>B8xB7");
}

/* A charge is not compulsory when no piece can jump from where it stands. */
static void test_movegen_charge_not_compulsory(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W B4K B5M; B B7M L13M", 'W');
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_NONE);
    assert_true(tu_has_move(&pos, "B4>B8xB7"));
    assert_true(tu_has_move(&pos, "B4>C4"));
    assert_true(tu_has_move(&pos, "B5>B6"));
    assert_true(tu_has_move(&pos, "B5>B3"));
    assert_false(tu_has_move(&pos, "B4>B6"));
}

/* Only a knight may charge; a man's canter may end next to an enemy piece. */
static void test_movegen_man_may_not_charge(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W B4M B5M; B B7M L13M", 'W');
    assert_false(tu_has_move(&pos, "B4>B8xB7"));
    assert_true(tu_has_move(&pos, "B4>B6"));
    CmMoveList *list = tu_checked_moves(&pos);
    for (int i = 0; i < list->n; i++)
        assert_int_equal(list->m[i].ncap, 0);
    free(list);
}

/* The position used for the knight's canter restriction: the knight on C4 canters over C5 to
 * C6 and over C7 to C8. C6 is hot (B6 can be jumped to A6); C8 is not. No White piece can jump
 * from where it stands (A5 and A7 block C7's and C5's jumps over B6). */
#define HOT_POS "C4%c C5M C7M; B B6M A5M A7M L13M"

/* A knight's pure canter may not land on a hot square, the last one included. */
static void test_movegen_knight_may_not_canter_onto_hot_square(void **state)
{
    (void)state;
    CmPosition pos;
    char text[64];
    snprintf(text, sizeof text, "W " HOT_POS, 'K');
    tu_position(&pos, camelot(), text, 'W');
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_NONE);
    assert_false(tu_has_move(&pos, "C4>C6"));
}

/* A knight may not canter past a capture: C8 is not hot, but the only way there lands on
 * the hot C6, so the pure canter is illegal (WCF; docs/rules.md 2.6 and 4). The knight's moves
 * are its plain moves and the two charges over B6. */
static void test_movegen_knight_may_not_canter_past_capture(void **state)
{
    (void)state;
    CmPosition pos;
    char text[64];
    snprintf(text, sizeof text, "W " HOT_POS, 'K');
    tu_position(&pos, camelot(), text, 'W');
    assert_false(tu_has_move(&pos, "C4>C8"));
    tu_expect_moves(&pos, "C4",
                    "C4>B3 C4>B4 C4>B5 C4>C3 C4>D3 C4>D4 C4>D5 "
                    "C4>A4xA5,B6 C4>A8xA7,B6");
    /* C8 itself is not hot: a knight standing there could not jump. */
    CmPosition p2;
    tu_position(&p2, camelot(), "W C8K C5M C7M; B B6M A5M A7M L13M", 'W');
    assert_false(cm_movegen_can_jump(&p2, tu_sq("C8")));
}

/* A man may canter onto and past hot squares (2.6: the restriction is for knights only). */
static void test_movegen_man_may_canter_past_capture(void **state)
{
    (void)state;
    CmPosition pos;
    char text[64];
    snprintf(text, sizeof text, "W " HOT_POS, 'M');
    tu_position(&pos, camelot(), text, 'W');
    tu_expect_moves(&pos, "C4", "C4>B3 C4>B4 C4>B5 C4>C3 C4>D3 C4>D4 C4>D5 C4>C6 C4>C8");
}

/* A charge is legal whatever hot squares its canter part passed: C4-C6-C8xE10. */
static void test_movegen_knight_charge_may_pass_hot_square(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W C4K C5M C7M; B B6M A5M A7M D9M L13M", 'W');
    assert_true(tu_has_move(&pos, "C4>E10xD9"));
    assert_true(tu_has_move(&pos, "C4>A4xA5,B6"));
    assert_false(tu_has_move(&pos, "C4>C8"));
    assert_false(tu_has_move(&pos, "C4>C6"));
}

/* A charge is canter then jump, never jump then canter: E6xE8 may not go on over E9. */
static void test_movegen_charge_never_jump_then_canter(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6K E9M; B E7M L13M", 'W');
    tu_expect_moves(&pos, NULL, "E6>E8xE7");
    /* Nor canter, jump, canter: C4-C6xA6 may not go on over a friend. */
    tu_position(&pos, camelot(), "W C4K C5M A5M; B B6M L13M", 'W');
    assert_true(tu_has_move(&pos, "C4>A6xB6"));
    assert_false(tu_has_move(&pos, "C4>A4xB6"));
}

/* The last canter leap and the first jump leap may go different ways, and the jump part goes
 * on as far as it can (docs/rules.md 1.3 example F6-F8-H8xH10xJ12). */
static void test_movegen_charge_directions_may_differ(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F6K F7M G8M; B H9M I11M", 'W');
    assert_true(tu_has_move(&pos, "F6>J12xH9,I11"));
    assert_false(tu_has_move(&pos, "F6>H10xH9"));
}

/* The canter part of a charge obeys the own-castle rule: D3-F1-H3xJ5 is not legal. */
static void test_movegen_charge_canter_part_not_through_own_castle(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W D3K E2M G2M; B I4M L13M", 'W');
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_NONE);
    assert_false(tu_has_move(&pos, "D3>J5xI4"));
    assert_false(tu_has_move(&pos, "D3>F1"));
}

/* The canter part of a charge ends on the target castle, with no capture: F14-F16 may not go
 * on over G15 to H14 and then jump I13. */
static void test_movegen_charge_canter_part_stops_in_target_castle(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F14K F15M G15M; B I13M A4M", 'W');
    assert_true(tu_has_move(&pos, "F14>F16"));
    assert_false(tu_has_move(&pos, "F14>J12xI13"));
    assert_false(tu_has_move(&pos, "F14>H14"));
}

/* Target-castle squares are never hot: a knight may canter into F16 next to an enemy. */
static void test_movegen_target_castle_square_never_hot(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F14K F15M; B G15M H15M A4M", 'W');
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_NONE);
    assert_true(tu_has_move(&pos, "F14>F16"));
}

/* A square is hot when the knight's jump from it would land in its own castle: such a jump
 * is legal (2.7), so H3-F3 is not a legal canter, while the charge H3-F3xF1 is. */
static void test_movegen_hot_square_by_jump_into_own_castle(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W H3K G3M; B F2M L13M", 'W');
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_NONE);
    assert_false(tu_has_move(&pos, "H3>F3"));
    assert_true(tu_has_move(&pos, "H3>F1xF2"));
    /* A man may canter there. */
    tu_position(&pos, camelot(), "W H3M G3M; B F2M L13M", 'W');
    assert_true(tu_has_move(&pos, "H3>F3"));
}

/* ---- 2.7 Own castle ---- */

/* A piece may land on its own castle by a jump; with no jump out, the move ends there. */
static void test_movegen_jump_into_own_castle_allowed(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F3M; B F2M L13M", 'W');
    tu_expect_moves(&pos, NULL, "F3>F1xF2");
}

/* A jump into the own castle must go on out of it when a further jump exists (WCF). */
static void test_movegen_jump_into_own_castle_continues_out(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F3M; B F2M G2M L13M", 'W');
    tu_expect_moves(&pos, NULL, "F3>H3xF2,G2");
}

/* A piece on an own-castle square must move next, before any capture elsewhere; it may not
 * step to the other castle square. */
static void test_movegen_own_castle_exit_beats_capture(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F1M E6M; B E7M L13M", 'W');
    tu_expect_moves(&pos, NULL, "F1>E2 F1>F2 F1>G2");
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_EXIT);
    assert_true(cm_set_has(&ob.pieces, tu_sq("F1")));
    assert_int_equal(cm_set_count(&ob.pieces), 1);
}

/* If the castle piece is able to jump, it must leave by a capture (not by a canter). */
static void test_movegen_own_castle_exit_by_jump_when_able(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F1M E2M; B F2M L13M", 'W');
    tu_expect_moves(&pos, NULL, "F1>F3xF2");
}

/* Otherwise it leaves by a plain move or a canter... */
static void test_movegen_own_castle_exit_by_canter(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F1M F2M; B L13M", 'W');
    tu_expect_moves(&pos, NULL, "F1>E2 F1>G2 F1>F3");
}

/* ...or, for a knight, by a charge ([INF] in 2.7); its pure canter onto a hot square stays
 * illegal. */
static void test_movegen_own_castle_exit_by_charge(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F1K F2M; B F4M L13M", 'W');
    tu_expect_moves(&pos, NULL, "F1>E2 F1>G2 F1>F5xF4");
}

/* With no way out, the exit obligation lapses: the player moves normally, and the capture
 * obligation applies (2.7 [INF/PROJECT], 2.9 step 1). */
static void test_movegen_own_castle_no_way_out_lapses(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F1M E2M F2M G2M D3M F3M H3M A10M; B A11M L13M", 'W');
    tu_expect_moves(&pos, NULL, "A10>A12xA11");
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_CAPTURE);
    /* No capture anywhere: ordinary moves of the other pieces. */
    tu_position(&pos, camelot(), "W F1M E2M F2M G2M D3M F3M H3M A10M; B L13M", 'W');
    assert_true(tu_has_move(&pos, "A10>A11"));
    assert_true(tu_has_move(&pos, "D3>C4"));
    CmMoveList *list = tu_checked_moves(&pos);
    for (int i = 0; i < list->n; i++)
        assert_int_not_equal(list->m[i].from, tu_sq("F1"));
    free(list);
}

/* Several pieces in the own castle are each judged on their own, and the moves are the union
 * (2.11.1): F1 can jump, so it must; G1 cannot, so it steps out. */
static void test_movegen_several_pieces_in_own_castle(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F1M G1M A4M; B E2M L13M", 'W');
    tu_expect_moves(&pos, NULL, "F1>D3xE2 G1>F2 G1>G2 G1>H2");
}

/* A knight in its own castle that is able to jump leaves by a jump or by a capturing charge
 * (2.9 step 1), not by a plain move or a canter. */
static void test_movegen_own_castle_exit_knight_able_to_jump(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F1K F2M; B E2M F4M L13M", 'W');
    tu_expect_moves(&pos, NULL, "F1>D3xE2 F1>F5xF4");
}

/* The exit obligation lapses only when no castle piece can leave: F1 is shut in, G1 is not,
 * so only G1 moves. */
static void test_movegen_own_castle_one_of_two_shut_in(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F1M G1M E2M F2M G2M D3M F3M H3M; B L13M", 'W');
    CmMoveList *list = tu_checked_moves(&pos);
    assert_true(list->n > 0);
    for (int i = 0; i < list->n; i++)
        assert_int_equal(list->m[i].from, tu_sq("G1"));
    free(list);
    assert_true(tu_has_move(&pos, "G1>H2"));
    assert_true(tu_has_move(&pos, "G1>E3"));
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_EXIT);
}

/* The exit obligation after a real jump into the castle, on the player's next turn. */
static void test_movegen_exit_obligation_next_turn(void **state)
{
    (void)state;
    CmPosition pos;
    CmUndo u1, u2;
    tu_position(&pos, camelot(), "W F3M A4M E6M; B F2M E8M L13M", 'W');
    tu_expect_moves(&pos, NULL, "F3>F1xF2");
    play(&pos, "F3>F1xF2", &u1);
    play(&pos, "E8>E7", &u2);
    /* E6 could now capture E7, but F1 must leave first. */
    tu_expect_moves(&pos, NULL, "F1>E2 F1>F2 F1>G2");
}

/* ---- 2.8 Target castle ---- */

/* Entering the target castle ends a jump chain, and the captures made so far stand. */
static void test_movegen_entering_target_castle_ends_jump(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F14M; B F15M G15M A4M", 'W');
    tu_expect_moves(&pos, NULL, "F14>F16xF15");
    CmUndo u;
    play(&pos, "F14>F16xF15", &u);
    assert_int_equal(pos.board[tu_sq("F15")], CM_EMPTY);
    assert_int_equal(pos.board[tu_sq("G15")], CM_CELL(1, CM_MAN));
    assert_int_equal(pos.board[tu_sq("F16")], CM_CELL(0, CM_MAN));
}

/* A piece in the target castle never leaves and is never able to jump: its only move is the
 * castle move. */
static void test_movegen_piece_in_target_castle_cannot_leave(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F16M; B F15M G15M A4M", 'W');
    tu_expect_moves(&pos, NULL, "F16>G16");
    assert_false(cm_movegen_can_jump(&pos, tu_sq("F16")));
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_NONE);
    CmMove m;
    assert_true(tu_find_move(&pos, "F16>G16", &m));
    assert_true(m.flags & CM_MOVE_CASTLE);
    /* Neither a canter nor a charge out of the castle. */
    tu_position(&pos, camelot(), "W F16K F15M; B F13M A4M", 'W');
    tu_expect_moves(&pos, "F16", "F16>G16");
}

/* Each player may make at most 2 castle moves per game: the counter is per player. */
static void test_movegen_castle_move_limit_per_player(void **state)
{
    (void)state;
    CmPosition pos;
    CmUndo u;
    tu_position(&pos, camelot(), "W F16M A4M; B G1M L13M", 'W');
    assert_true(tu_has_move(&pos, "F16>G16"));
    play(&pos, "F16>G16", &u);
    assert_int_equal(pos.castle_used[0], 1);
    assert_int_equal(pos.castle_used[1], 0);
    /* Black's own allowance is untouched. */
    assert_true(tu_has_move(&pos, "G1>F1"));
    play(&pos, "L13>L12", &u);
    play(&pos, "G16>F16", &u);
    assert_int_equal(pos.castle_used[0], 2);
    play(&pos, "L12>L13", &u);
    assert_false(tu_has_move(&pos, "F16>G16"));
    assert_true(tu_has_move(&pos, "A4>A5"));
    /* Set directly: one used leaves one. */
    tu_position(&pos, camelot(), "W F16M; B G1M L13M", 'W');
    cm_pos_set_castle_used(&pos, 0, 1);
    tu_expect_moves(&pos, NULL, "F16>G16");
    cm_pos_set_castle_used(&pos, 0, 2);
    assert_int_equal(count_moves(&pos), 0);
    cm_pos_set_turn(&pos, 1);
    assert_true(tu_has_move(&pos, "G1>F1"));
}

/* A castle move is not allowed under the capture obligation... */
static void test_movegen_castle_move_not_under_capture_obligation(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F16M E6M; B E7M L13M", 'W');
    tu_expect_moves(&pos, NULL, "E6>E8xE7");
}

/* ...nor under the own-castle exit obligation. */
static void test_movegen_castle_move_not_under_exit_obligation(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F16M F1M; B L13M", 'W');
    tu_expect_moves(&pos, NULL, "F1>E2 F1>F2 F1>G2");
}

/* One-square castles (Camette, Cam) have no castle moves: a piece there has no moves at all. */
static void test_movegen_no_castle_moves_in_one_square_castles(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, tu_variant("cam"), "W D13M D5M; B A10M", 'W');
    tu_expect_moves(&pos, "D13", "");
    assert_true(tu_has_move(&pos, "D5>D6"));
}

/* ---- An independent reference generator ----
 *
 * A slow, literal reading of docs/rules.md 2.9, written without the core's tables (friends and
 * enemies from the teams, castles from the seats' castle lists), to compare with
 * 'cm_movegen_all' on random positions. */

typedef struct RefMove {
    CmSquare from, to;
    int castle;
    CmSquareSet cap;
} RefMove;

typedef struct Ref {
    const CmVariant *v;
    const CmPosition *pos;
    int me, team;
    uint8_t nostep[CM_SQUARES]; /* own or side castle */
    uint8_t target[CM_SQUARES]; /* target castle */
    uint8_t b[CM_SQUARES];      /* the board, with the moving piece lifted */
    int filter_castle;          /* drop moves ending on an own or side castle */
    RefMove m[8192];
    int n;
} Ref;

static const int ref_df[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int ref_dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};

/* The square 'k' steps from 'sq' in direction 'd', or -1 off the board. */
static int ref_step(const Ref *r, int sq, int d, int k)
{
    int f = (sq & 15) + k * ref_df[d], rk = (sq >> 4) + k * ref_dr[d];
    if (f < 0 || f > 15 || rk < 0 || rk > 15)
        return -1;
    int t = rk * 16 + f;
    return cm_variant_on(r->v, (unsigned)t) ? t : -1;
}

static int ref_friend(const Ref *r, uint8_t cell)
{
    return cell != CM_EMPTY && r->v->seat[CM_CELL_SEAT(cell)].team == r->team;
}

static int ref_enemy(const Ref *r, uint8_t cell)
{
    return cell != CM_EMPTY && r->v->seat[CM_CELL_SEAT(cell)].team != r->team;
}

static int ref_can_jump(const Ref *r, int x)
{
    for (int d = 0; d < 8; d++) {
        int t = ref_step(r, x, d, 1), u = ref_step(r, x, d, 2);
        if (t >= 0 && u >= 0 && ref_enemy(r, r->b[t]) && r->b[u] == CM_EMPTY)
            return 1;
    }
    return 0;
}

static void ref_add(Ref *r, int from, int to, const CmSquareSet *cap, int castle)
{
    if (r->filter_castle && r->nostep[to])
        return;
    for (int i = 0; i < r->n; i++)
        if (r->m[i].from == from && r->m[i].to == to && cm_set_equal(&r->m[i].cap, cap))
            return;
    assert_true(r->n < 8192);
    RefMove *m = &r->m[r->n++];
    m->from = (CmSquare)from;
    m->to = (CmSquare)to;
    m->cap = *cap;
    m->castle = castle;
}

/* Every jump chain from 'x' (at least one leap), captures so far in 'cap'. */
static void ref_jumps(Ref *r, int from, int x, CmSquareSet cap)
{
    for (int d = 0; d < 8; d++) {
        int t = ref_step(r, x, d, 1), u = ref_step(r, x, d, 2);
        if (t < 0 || u < 0 || !ref_enemy(r, r->b[t]) || r->b[u] != CM_EMPTY)
            continue;
        uint8_t cell = r->b[t];
        CmSquareSet c2 = cap;
        cm_set_add(&c2, (unsigned)t);
        r->b[t] = CM_EMPTY;
        if (r->target[u] || !ref_can_jump(r, u))
            ref_add(r, from, u, &c2, 0);
        else
            ref_jumps(r, from, u, c2);
        r->b[t] = cell;
    }
}

/* Squares reachable from 's' by canter leaps; a knight's pure canter ('avoid_hot') may not land
 * on a hot square. Target-castle squares are reached but not left. */
static void ref_canter_reach(const Ref *r, int s, int avoid_hot, uint8_t seen[CM_SQUARES])
{
    int queue[CM_SQUARES], head = 0, tail = 0;
    memset(seen, 0, CM_SQUARES);
    seen[s] = 1;
    queue[tail++] = s;
    while (head < tail) {
        int x = queue[head++];
        if (x != s && r->target[x])
            continue;
        for (int d = 0; d < 8; d++) {
            int t = ref_step(r, x, d, 1), u = ref_step(r, x, d, 2);
            if (t < 0 || u < 0 || !ref_friend(r, r->b[t]) || r->b[u] != CM_EMPTY)
                continue;
            if (r->nostep[u] || seen[u])
                continue;
            if (avoid_hot && !r->target[u] && ref_can_jump(r, u))
                continue;
            seen[u] = 1;
            queue[tail++] = u;
        }
    }
    seen[s] = 0;
}

enum { REF_PLAIN = 1, REF_CANTER = 2, REF_JUMP = 4, REF_CHARGE = 8, REF_CASTLE = 16 };

/* Adds the moves of the piece on 's' of the kinds in 'kinds'. */
static void ref_piece(Ref *r, int s, int kinds)
{
    uint8_t cell = r->b[s];
    int knight = CM_CELL_KIND(cell) == CM_KNIGHT;
    CmSquareSet none;
    memset(&none, 0, sizeof none);
    r->b[s] = CM_EMPTY;
    if (r->target[s]) {
        /* Only castle moves. */
        if ((kinds & REF_CASTLE) && r->pos->castle_used[r->me] < r->v->rules.castle_moves)
            for (int d = 0; d < 8; d++) {
                int u = ref_step(r, s, d, 1);
                if (u >= 0 && r->target[u] && r->b[u] == CM_EMPTY)
                    ref_add(r, s, u, &none, 1);
            }
        r->b[s] = cell;
        return;
    }
    if (kinds & REF_PLAIN)
        for (int d = 0; d < 8; d++) {
            int u = ref_step(r, s, d, 1);
            if (u >= 0 && r->b[u] == CM_EMPTY && !r->nostep[u])
                ref_add(r, s, u, &none, 0);
        }
    uint8_t seen[CM_SQUARES];
    if (kinds & REF_CANTER) {
        ref_canter_reach(r, s, knight, seen);
        for (int u = 0; u < CM_SQUARES; u++)
            if (seen[u])
                ref_add(r, s, u, &none, 0);
    }
    if (kinds & REF_JUMP)
        ref_jumps(r, s, s, none);
    if ((kinds & REF_CHARGE) && knight) {
        ref_canter_reach(r, s, 0, seen);
        for (int c = 0; c < CM_SQUARES; c++)
            if (seen[c] && !r->target[c])
                ref_jumps(r, s, c, none);
    }
    r->b[s] = cell;
}

/* The legal moves of the seat to move; returns the obligation kind. */
static CmObligationKind ref_generate(Ref *r, const CmPosition *pos)
{
    const CmVariant *v = pos->v;
    r->v = v;
    r->pos = pos;
    r->me = pos->to_move;
    r->team = v->seat[r->me].team;
    r->n = 0;
    r->filter_castle = 0;
    memcpy(r->b, pos->board, sizeof r->b);
    memset(r->nostep, 0, sizeof r->nostep);
    memset(r->target, 0, sizeof r->target);
    for (int o = 0; o < v->nseats; o++)
        for (int i = 0; i < v->seat[o].ncastle; i++) {
            CmSquare c = v->seat[o].castle[i];
            if (o == v->seat[r->me].target)
                r->target[c] = 1;
            else
                r->nostep[c] = 1;
        }
    int mine[CM_SQUARES], n = 0;
    for (int s = 0; s < CM_SQUARES; s++)
        if (pos->board[s] != CM_EMPTY && CM_CELL_SEAT(pos->board[s]) == r->me)
            mine[n++] = s;

    /* 1. Own-castle (and side-castle) exit. */
    for (int i = 0; i < n; i++) {
        int s = mine[i];
        if (!r->nostep[s])
            continue;
        r->b[s] = CM_EMPTY;
        int able = ref_can_jump(r, s);
        r->b[s] = pos->board[s];
        if (able) {
            ref_piece(r, s, REF_JUMP | REF_CHARGE);
        } else {
            r->filter_castle = 1;
            ref_piece(r, s, REF_PLAIN | REF_CANTER | REF_CHARGE);
            r->filter_castle = 0;
        }
    }
    if (r->n > 0)
        return CM_OBLIGE_EXIT;

    /* 2. Capture obligation. */
    int able = 0;
    for (int i = 0; i < n; i++) {
        int s = mine[i];
        if (r->target[s])
            continue;
        r->b[s] = CM_EMPTY;
        able |= ref_can_jump(r, s);
        r->b[s] = pos->board[s];
    }
    if (able) {
        for (int i = 0; i < n; i++)
            ref_piece(r, mine[i], REF_JUMP | REF_CHARGE);
        return CM_OBLIGE_CAPTURE;
    }

    /* 3. Free choice. */
    for (int i = 0; i < n; i++)
        ref_piece(r, mine[i], REF_PLAIN | REF_CANTER | REF_CHARGE | REF_CASTLE);
    return CM_OBLIGE_NONE;
}

/* Writes the position as "W E6K F7M; B D11M" with the seat to move and castle moves used. */
static void describe(const CmPosition *pos, char *out, size_t size)
{
    const CmVariant *v = pos->v;
    size_t len = 0;
    char name[4];
    out[0] = '\0';
    for (int o = 0; o < v->nseats; o++) {
        len += (size_t)snprintf(out + len, len < size ? size - len : 0, "%s%c", o ? "; " : "",
                                v->seat[o].letter);
        for (int s = 0; s < CM_SQUARES; s++)
            if (pos->board[s] != CM_EMPTY && CM_CELL_SEAT(pos->board[s]) == o)
                len += (size_t)snprintf(out + len, len < size ? size - len : 0, " %s%c",
                                        cm_square_name((CmSquare)s, name),
                                        CM_CELL_KIND(pos->board[s]) == CM_KNIGHT ? 'K' : 'M');
    }
    len += (size_t)snprintf(out + len, len < size ? size - len : 0, " (to move %c, castle moves",
                            v->seat[pos->to_move].letter);
    for (int o = 0; o < v->nseats; o++)
        len += (size_t)snprintf(out + len, len < size ? size - len : 0, " %d", pos->castle_used[o]);
    snprintf(out + len, len < size ? size - len : 0, ")");
}

/* Compares the core with the reference on one position; with 'paths', also checks each move's
 * canonical path. Returns the number of moves. */
static int compare_with_reference(const CmPosition *pos, Ref *r, int paths)
{
    static char got_s[65536], want_s[65536], where[2048];
    static char eff[CM_MAX_MOVES][600];
    static const char *ptr[CM_MAX_MOVES];
    CmObligationKind kind = ref_generate(r, pos);
    CmMoveList *list = tu_moves(pos);
    CmObligation ob;
    cm_movegen_obligation(pos, &ob);
    int same = list->n == r->n && ob.kind == kind;
    for (int i = 0; same && i < r->n; i++) {
        CmMove m;
        memset(&m, 0, sizeof m);
        m.from = r->m[i].from;
        m.to = r->m[i].to;
        m.cap = r->m[i].cap;
        int k = cm_movelist_find(list, &m);
        if (k < 0)
            same = 0;
        else
            assert_int_equal(!!(list->m[k].flags & CM_MOVE_CASTLE), r->m[i].castle);
    }
    if (!same) {
        int n = 0;
        for (int i = 0; i < list->n; i++) {
            tu_effect(&list->m[i], eff[n]);
            ptr[n] = eff[n];
            n++;
        }
        qsort(ptr, (size_t)n, sizeof ptr[0], tu_cmp_str);
        size_t len = 0;
        got_s[0] = '\0';
        for (int i = 0; i < n; i++)
            len += (size_t)snprintf(got_s + len, sizeof got_s - len, " %s", ptr[i]);
        n = 0;
        for (int i = 0; i < r->n && i < CM_MAX_MOVES; i++) {
            CmMove m;
            memset(&m, 0, sizeof m);
            m.from = r->m[i].from;
            m.to = r->m[i].to;
            m.cap = r->m[i].cap;
            tu_effect(&m, eff[n]);
            ptr[n] = eff[n];
            n++;
        }
        qsort(ptr, (size_t)n, sizeof ptr[0], tu_cmp_str);
        len = 0;
        want_s[0] = '\0';
        for (int i = 0; i < n; i++)
            len += (size_t)snprintf(want_s + len, sizeof want_s - len, " %s", ptr[i]);
        describe(pos, where, sizeof where);
        free(list);
        fail_msg("%s: %s\n  obligation: core %d, reference %d\n  reference:%s\n  core:     %s",
                 pos->v->name, where, (int)ob.kind, (int)kind, want_s, got_s);
    }
    /* Every legal move has a canonical path from its start to its end. */
    for (int i = 0; paths && i < list->n; i++) {
        CmPath path;
        assert_int_equal(cm_movegen_canonical(pos, &list->m[i], &path), CM_OK);
        assert_int_equal(path.sq[0], list->m[i].from);
        assert_int_equal(path.sq[path.n - 1], list->m[i].to);
        int jumps = 0;
        for (int k = 1; k < path.n; k++)
            jumps += path.jump[k] != 0;
        assert_int_equal(jumps, list->m[i].ncap);
    }
    int n = list->n;
    free(list);
    return n;
}

/* Fills '*pos' with a random position of 'v' drawn from '*rng': sparse to crowded, pieces often
 * on castle squares, castle moves partly used, a random seat to move. */
static void random_position(CmPosition *pos, const CmVariant *v, int iter, uint64_t *rng)
{
    CmSquare squares[CM_SQUARES], castles[CM_SQUARES];
    int nsq = 0, ncastle = 0;
    for (int s = 0; s < CM_SQUARES; s++)
        if (cm_variant_on(v, (unsigned)s))
            squares[nsq++] = (CmSquare)s;
    for (int o = 0; o < v->nseats; o++)
        for (int i = 0; i < v->seat[o].ncastle; i++)
            castles[ncastle++] = v->seat[o].castle[i];
    cm_pos_clear(pos, v);
    int want = 1 + tu_rand_below(rng, nsq / (iter % 3 == 0 ? 2 : 5));
    for (int p = 0; p < want; p++) {
        CmSquare s = ncastle > 0 && tu_rand_below(rng, 6) == 0
                         ? castles[tu_rand_below(rng, ncastle)]
                         : squares[tu_rand_below(rng, nsq)];
        if (pos->board[s] != CM_EMPTY)
            continue;
        int kind = tu_rand_below(rng, 5) < 2 ? CM_KNIGHT : CM_MAN;
        cm_pos_put(pos, s, CM_CELL(tu_rand_below(rng, v->nseats), kind));
    }
    cm_pos_set_turn(pos, tu_rand_below(rng, v->nseats));
    if (v->rules.castle_moves > 0)
        for (int o = 0; o < v->nseats; o++)
            cm_pos_set_castle_used(pos, o, tu_rand_below(rng, v->rules.castle_moves + 1));
}

#define RANDOM_POSITIONS 1500
#define RANDOM_SEED 20240601 /* both tests below draw the same positions */

/* The core and the reference agree move for move (and on the obligation) in random positions
 * of every variant. */
static void test_movegen_matches_reference_on_random_positions(void **state)
{
    (void)state;
    Ref *r = malloc(sizeof *r);
    assert_non_null(r);
    uint64_t rng = RANDOM_SEED;
    long total = 0;
    for (int k = 0; k < TU_NVARIANTS; k++) {
        const CmVariant *v = tu_variant(tu_variant_names[k]);
        for (int iter = 0; iter < RANDOM_POSITIONS; iter++) {
            CmPosition pos;
            random_position(&pos, v, iter, &rng);
            total += compare_with_reference(&pos, r, 1);
        }
    }
    free(r);
    assert_true(total > 0);
}

/* 'cm_movegen_count' equals the length of 'cm_movegen_all' in the same random positions. */
static void test_movegen_count_matches_all_on_random_positions(void **state)
{
    (void)state;
    static char where[2048];
    CmMoveList *list = malloc(sizeof *list);
    assert_non_null(list);
    uint64_t rng = RANDOM_SEED;
    int bad = 0, checked = 0;
    char first[2300] = "";
    for (int k = 0; k < TU_NVARIANTS; k++) {
        const CmVariant *v = tu_variant(tu_variant_names[k]);
        for (int iter = 0; iter < RANDOM_POSITIONS; iter++) {
            CmPosition pos;
            random_position(&pos, v, iter, &rng);
            int n = cm_movegen_all(&pos, list);
            int c = cm_movegen_count(&pos);
            checked++;
            if (c != n && bad++ == 0) {
                describe(&pos, where, sizeof where);
                snprintf(first, sizeof first, "%s: count %d, all %d in %s", v->name, c, n, where);
            }
        }
    }
    free(list);
    if (bad > 0)
        fail_msg("cm_movegen_count differs from cm_movegen_all in %d of %d positions; first: %s",
                 bad, checked, first);
}

/* A man on E8 ringed by 16 enemy men (a Chivalry position: Black has 20 pieces) has over a
 * thousand capture effects; the count must still equal the list. */
static void test_movegen_count_matches_all_with_many_captures(void **state)
{
    (void)state;
    CmPosition pos;
    Ref *r = malloc(sizeof *r);
    assert_non_null(r);
    tu_position(&pos, tu_variant("chivalry"),
                "W E8M A5M; B C7M C9M D6M D7M D8M D9M D10M E7M E9M F6M F7M F8M F9M F10M G7M G9M",
                'W');
    int n = compare_with_reference(&pos, r, 0);
    free(r);
    assert_true(n > 1000);
    assert_int_equal(cm_movegen_count(&pos), n);
}

/* Counts the moves after every move of 'pos' through 'cc' and afresh; returns how many
 * differ, and describes the first in 'first'. */
static int count_after_each(const CmPosition *pos, CmCountCache *cc, CmMoveList *list, char *first,
                            size_t size)
{
    char where[2048];
    int bad = 0;
    long budget = CM_GEN_BUDGET;
    cm_movegen_count_prepare(cc, pos, &budget);
    int n = cm_movegen_all(pos, list);
    for (int i = 0; i < n; i++) {
        CmPosition after = *pos;
        CmUndo undo;
        cm_pos_apply(&after, &list->m[i], &undo);
        long left = CM_GEN_BUDGET;
        int got = cm_movegen_count_after(cc, &after, &list->m[i], &left);
        int want = cm_movegen_count(&after);
        if (got != want && bad++ == 0) {
            describe(&after, where, sizeof where);
            snprintf(first, size, "%s: after %d-%d, %d moves counted, %d afresh, in %s",
                     pos->v->name, list->m[i].from, list->m[i].to, got, want, where);
        }
    }
    return bad;
}

/* Counting after each move of a position from what was counted on the position itself (as
 * perft's last two plies do) gives the counts of 'cm_movegen_count': in random positions of
 * every variant, and in the positions of random games from the start, where most pieces keep
 * their counts from one move to the next. */
static void test_movegen_count_after_matches_count(void **state)
{
    (void)state;
    static char first[2300];
    CmCountCache *cc = malloc(sizeof *cc);
    CmMoveList *list = malloc(sizeof *list), *game = malloc(sizeof *game);
    assert_non_null(cc);
    assert_non_null(list);
    assert_non_null(game);
    uint64_t rng = RANDOM_SEED + 1;
    int bad = 0, valid = 0;
    for (int k = 0; k < TU_NVARIANTS; k++) {
        const CmVariant *v = tu_variant(tu_variant_names[k]);
        for (int iter = 0; iter < RANDOM_POSITIONS / 10; iter++) {
            CmPosition pos;
            random_position(&pos, v, iter, &rng);
            bad += count_after_each(&pos, cc, list, first, sizeof first);
            valid += cc->valid;
        }
        for (int g = 0; g < 6; g++) {
            CmPosition pos;
            cm_pos_start(&pos, v);
            for (int ply = 0; ply < 60; ply++) {
                CmOutcome o;
                bad += count_after_each(&pos, cc, list, first, sizeof first);
                valid += cc->valid;
                cm_rules_settle(&pos, &o);
                if (o.over || cm_movegen_all(&pos, game) == 0)
                    break;
                CmUndo undo;
                int mover = pos.to_move;
                cm_pos_apply(&pos, &game->m[tu_rand_below(&rng, game->n)], &undo);
                if (cm_rules_after_move(&pos, mover, &o))
                    break;
            }
        }
    }
    free(cc);
    free(list);
    free(game);
    if (bad > 0)
        fail_msg("counting after a move differs from counting afresh %d times; first: %s", bad,
                 first);
    assert_true(valid > 1000); /* the cache was used, not only the fresh counts */
}

/* ---- The jump chains alone ---- */

/* Positions with more jump chains than can ever be listed (a knight inside a lattice of enemy
 * men, 64 knights in one on the Chivalry board): generation stops within its budget and says
 * so, and every move it did find is legal; the count says it cannot tell; a move the full list
 * would have, typed, is refused as one that cannot be checked rather than taken as illegal. */
static void test_movegen_lattice_is_bounded(void **state)
{
    (void)state;
    static const char *const files[] = {"lattice.yaml", "chivalry-128.yaml"};
    CmMove *moves = malloc(CM_MOVES_LIMIT * sizeof *moves);
    assert_non_null(moves);
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
        CmPosition pos;
        int overflow = 0;
        tu_position_file(&pos, files[k]);
        int n = cm_movegen_into(&pos, moves, CM_MOVES_LIMIT, &overflow);
        if (!overflow)
            fail_msg("%s: all %d moves found", files[k], n);
        assert_true(n > 0);
        /* A few of them: each canonical path is a search of its own. */
        for (int i = 0; i < n && i < 16; i++) {
            CmPath path;
            assert_int_equal(cm_movegen_canonical(&pos, &moves[i], &path), CM_OK);
        }
        assert_int_equal(cm_movegen_count(&pos), CM_MOVES_UNKNOWN);
        CmOutcome o;
        cm_rules_settle(&pos, &o);
        assert_false(o.over);
    }
    free(moves);

    /* The knight of the lattice: a jump chain the generation finds first is played; one it
     * would find only far past its budget (westwards first: the generation leaps east first)
     * is not called illegal, but one that cannot be checked. */
    CmPosition pos;
    CmMove m;
    CmPath path;
    CmError err;
    char text[CM_MOVE_TEXT_MAX];
    tu_position_file(&pos, "lattice.yaml");
    moves = malloc(CM_MOVES_LIMIT * sizeof *moves);
    assert_non_null(moves);
    int overflow;
    assert_true(cm_movegen_into(&pos, moves, CM_MOVES_LIMIT, &overflow) > 0);
    assert_int_equal(cm_movegen_canonical(&pos, &moves[0], &path), CM_OK);
    cm_path_str(&path, text, sizeof text);
    cm_error_init(&err, NULL);
    assert_int_equal(cm_move_parse(&pos, text, &m, &err), CM_OK);
    assert_true(cm_move_same(&m, &moves[0]));
    free(moves);
    cm_error_init(&err, NULL);
    CmStatus st =
        cm_move_parse(&pos, "C6xA6xC4xC6xA8xC8xC6xE4xE6xC6xE8xC8xA10xC10xC8xE10xC10xA12", &m, &err);
    print_message("westwards chain: %s (%s)\n", cm_status_name(st), err.msg);
    assert_int_equal(st, CM_ERR_LIMIT);
    tu_assert_contains(err.msg, "cannot be checked");
}

/* 'cm_movegen_jumps' (the jump chains that the engine's quiescence search plays) against
 * 'cm_movegen_all', in positions of random games where a capture is compulsory: each of its
 * moves is legal, and it finds every legal move that is not a knight's charge (with only men,
 * all of them). */
static void test_movegen_jumps_match_full_generation(void **state)
{
    (void)state;
    CmMoveList *core = malloc(sizeof *core), *mine = malloc(sizeof *mine);
    assert_non_null(core);
    assert_non_null(mine);
    uint64_t seed = 12345;
    int checked = 0;
    for (int i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        for (int game = 0; game < 30; game++) {
            CmGame g;
            assert_int_equal(cm_game_init(&g, v, NULL), CM_OK);
            while (!g.outcome.over && g.n < 200) {
                CmObligation ob;
                cm_movegen_obligation(&g.pos, &ob);
                int n = cm_movegen_all(&g.pos, core);
                if (ob.kind == CM_OBLIGE_CAPTURE) {
                    int k = cm_movegen_jumps(&g.pos, g.pos.to_move, mine, 0);
                    assert_int_equal(cm_pos_compute_hash(&g.pos), g.pos.hash);
                    assert_true(k > 0);
                    for (int j = 0; j < k; j++)
                        assert_true(cm_movelist_find(core, &mine->m[j]) >= 0);
                    int knights = 0;
                    CmSquareSet own = g.pos.occ[g.pos.to_move];
                    while (!cm_set_empty(&own))
                        knights += CM_CELL_KIND(g.pos.board[cm_set_pop(&own)]) == CM_KNIGHT;
                    if (knights == 0)
                        assert_int_equal(k, n);
                    checked++;
                }
                /* A random move: the games run until they end or reach 200 plies. */
                int pick = tu_rand_below(&seed, n);
                assert_int_equal(cm_game_play(&g, &core->m[pick]), CM_OK);
            }
            cm_game_free(&g);
        }
    }
    assert_true(checked > 100);
    free(core);
    free(mine);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_movegen_start_position_counts),
        cmocka_unit_test(test_movegen_plain_move_to_eight_neighbours),
        cmocka_unit_test(test_movegen_plain_move_needs_empty_square),
        cmocka_unit_test(test_movegen_moves_only_own_pieces),
        cmocka_unit_test(test_movegen_leap_needs_board_squares),
        cmocka_unit_test(test_movegen_plain_move_not_into_own_castle),
        cmocka_unit_test(test_movegen_canter_over_friend_leaves_it),
        cmocka_unit_test(test_movegen_canter_by_man_and_knight),
        cmocka_unit_test(test_movegen_canter_may_not_end_on_start_square),
        cmocka_unit_test(test_movegen_canter_identified_by_destination),
        cmocka_unit_test(test_movegen_canter_not_into_or_through_own_castle),
        cmocka_unit_test(test_movegen_canter_into_target_castle_ends_move),
        cmocka_unit_test(test_movegen_jump_captures_enemy),
        cmocka_unit_test(test_movegen_jump_must_continue),
        cmocka_unit_test(test_movegen_jump_continuation_free_choice),
        cmocka_unit_test(test_movegen_jump_may_change_direction),
        cmocka_unit_test(test_movegen_no_majority_rule),
        cmocka_unit_test(test_movegen_circular_jump_allowed),
        cmocka_unit_test(test_movegen_two_capture_orders_are_one_move),
        cmocka_unit_test(test_movegen_jump_may_revisit_square),
        cmocka_unit_test(test_movegen_captured_pieces_removed_at_once),
        cmocka_unit_test(test_movegen_capture_obligation_only_captures),
        cmocka_unit_test(test_movegen_capture_obligation_includes_charges),
        cmocka_unit_test(test_movegen_charge_not_compulsory),
        cmocka_unit_test(test_movegen_man_may_not_charge),
        cmocka_unit_test(test_movegen_knight_may_not_canter_onto_hot_square),
        cmocka_unit_test(test_movegen_knight_may_not_canter_past_capture),
        cmocka_unit_test(test_movegen_man_may_canter_past_capture),
        cmocka_unit_test(test_movegen_knight_charge_may_pass_hot_square),
        cmocka_unit_test(test_movegen_charge_never_jump_then_canter),
        cmocka_unit_test(test_movegen_charge_directions_may_differ),
        cmocka_unit_test(test_movegen_charge_canter_part_not_through_own_castle),
        cmocka_unit_test(test_movegen_charge_canter_part_stops_in_target_castle),
        cmocka_unit_test(test_movegen_target_castle_square_never_hot),
        cmocka_unit_test(test_movegen_hot_square_by_jump_into_own_castle),
        cmocka_unit_test(test_movegen_jump_into_own_castle_allowed),
        cmocka_unit_test(test_movegen_jump_into_own_castle_continues_out),
        cmocka_unit_test(test_movegen_own_castle_exit_beats_capture),
        cmocka_unit_test(test_movegen_own_castle_exit_by_jump_when_able),
        cmocka_unit_test(test_movegen_own_castle_exit_by_canter),
        cmocka_unit_test(test_movegen_own_castle_exit_by_charge),
        cmocka_unit_test(test_movegen_own_castle_no_way_out_lapses),
        cmocka_unit_test(test_movegen_several_pieces_in_own_castle),
        cmocka_unit_test(test_movegen_own_castle_exit_knight_able_to_jump),
        cmocka_unit_test(test_movegen_own_castle_one_of_two_shut_in),
        cmocka_unit_test(test_movegen_exit_obligation_next_turn),
        cmocka_unit_test(test_movegen_entering_target_castle_ends_jump),
        cmocka_unit_test(test_movegen_piece_in_target_castle_cannot_leave),
        cmocka_unit_test(test_movegen_castle_move_limit_per_player),
        cmocka_unit_test(test_movegen_castle_move_not_under_capture_obligation),
        cmocka_unit_test(test_movegen_castle_move_not_under_exit_obligation),
        cmocka_unit_test(test_movegen_no_castle_moves_in_one_square_castles),
        cmocka_unit_test(test_movegen_matches_reference_on_random_positions),
        cmocka_unit_test(test_movegen_count_matches_all_on_random_positions),
        cmocka_unit_test(test_movegen_count_matches_all_with_many_captures),
        cmocka_unit_test(test_movegen_count_after_matches_count),
        cmocka_unit_test(test_movegen_jumps_match_full_generation),
        cmocka_unit_test(test_movegen_lattice_is_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
