/* WCF move notation (docs/rules.md 1.3, 2.10): canonical paths, parsing (lower case, '^'), effect
 * text, and the one-sentence explanation of every kind of illegal move.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "camelot/notation.h"

/* ---- Helpers ---- */

/* Asserts that the legal move with effect 'effect' is written 'want'. */
static void expect_str(const CmPosition *pos, const char *effect, const char *want)
{
    CmMove m;
    char buf[CM_MOVE_TEXT_MAX];
    CmMoveList *list = tu_moves(pos);
    free(list);
    if (!tu_find_move(pos, effect, &m))
        fail_msg("%s is not legal here", effect);
    size_t len = cm_move_str(pos, &m, buf, sizeof buf);
    assert_int_equal(len, strlen(buf));
    assert_string_equal(buf, want);
}

/* Asserts that 'text' parses to the legal move with effect 'effect'. */
static void expect_parse(const CmPosition *pos, const char *text, const char *effect)
{
    CmMove m;
    CmError err;
    char buf[600];
    free(tu_moves(pos));
    cm_error_init(&err, NULL);
    CmStatus st = cm_move_parse(pos, text, &m, &err);
    if (st != CM_OK)
        fail_msg("\"%s\" did not parse: %s", text, err.msg);
    assert_string_equal(tu_effect(&m, buf), effect);
    CmMove legal;
    assert_true(tu_find_move(pos, effect, &legal));
    assert_true(cm_move_same(&m, &legal));
    assert_int_equal(m.flags, legal.flags);
}

/* Asserts that 'text' is rejected with 'code' and a message containing each of the
 * NULL-terminated 'words'. Returns the error for further checks. */
static CmError expect_error(const CmPosition *pos, const char *text, CmStatus code, ...)
{
    CmMove m;
    CmError err;
    va_list ap;
    free(tu_moves(pos));
    cm_error_init(&err, NULL);
    CmStatus st = cm_move_parse(pos, text, &m, &err);
    if (st != code)
        fail_msg("\"%s\": status %d (%s), expected %d; message: %s", text, (int)st,
                 cm_status_name(st), (int)code, st == CM_OK ? "(none)" : err.msg);
    assert_int_equal(err.code, code);
    va_start(ap, code);
    for (const char *w = va_arg(ap, const char *); w != NULL; w = va_arg(ap, const char *))
        if (strstr(err.msg, w) == NULL) {
            va_end(ap);
            fail_msg("\"%s\": message \"%s\" does not mention \"%s\"", text, err.msg, w);
        }
    va_end(ap);
    /* One sentence. */
    assert_true(strlen(err.msg) > 0);
    assert_null(strchr(err.msg, '\n'));
    return err;
}

#define ILLEGAL(pos, text, ...) expect_error((pos), (text), CM_ERR_ILLEGAL, __VA_ARGS__, NULL)
#define SYNTAX(pos, text, ...) expect_error((pos), (text), CM_ERR_SYNTAX, __VA_ARGS__, NULL)

static const CmVariant *camelot(void)
{
    return tu_variant("camelot");
}

/* Every legal move, written canonically, parses back to itself, and so does its effect
 * text. Returns the number of moves. */
static int round_trip(const CmPosition *pos)
{
    CmMoveList *list = tu_moves(pos);
    char text[CM_MOVE_TEXT_MAX], eff[600];
    int n = list->n;
    for (int i = 0; i < n; i++) {
        const CmMove *m = &list->m[i];
        CmMove back;
        CmError err;
        cm_error_init(&err, NULL);
        cm_move_str(pos, m, text, sizeof text);
        if (cm_move_parse(pos, text, &back, &err) != CM_OK)
            fail_msg("canonical \"%s\" does not parse: %s", text, err.msg);
        assert_true(cm_move_same(&back, m));
        assert_int_equal(back.flags, m->flags);
        tu_effect(m, eff);
        assert_int_equal(cm_effect_parse(pos, eff, &back, &err), CM_OK);
        assert_true(cm_move_same(&back, m));
        /* The canonical path is one of the move's paths, and a shortest one. */
        CmPath path;
        assert_int_equal(cm_movegen_canonical(pos, m, &path), CM_OK);
        assert_true(path.n >= 2);
        assert_int_equal(path.sq[0], m->from);
        assert_int_equal(path.sq[path.n - 1], m->to);
    }
    free(list);
    return n;
}

typedef struct PathCheck {
    const CmPosition *pos;
    int n;
} PathCheck;

/* Every path the generator gives parses to its own effect. */
static int check_path(void *ud, const CmPath *path, const CmMove *effect)
{
    PathCheck *pc = ud;
    char text[CM_MOVE_TEXT_MAX];
    CmMove back;
    CmError err;
    cm_error_init(&err, NULL);
    cm_path_str(path, text, sizeof text);
    if (cm_move_parse(pc->pos, text, &back, &err) != CM_OK)
        fail_msg("path \"%s\" does not parse: %s", text, err.msg);
    assert_true(cm_move_same(&back, effect));
    pc->n++;
    return 0;
}

static int check_all_paths(const CmPosition *pos)
{
    PathCheck pc = {pos, 0};
    cm_movegen_paths(pos, NULL, 100000, check_path, &pc);
    return pc.n;
}

/* ---- Printing (docs/rules.md 1.3 examples) ---- */

static void test_notation_plain_move(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W C8M; B L13M", 'W');
    expect_str(&pos, "C8>D9", "C8-D9");
    expect_parse(&pos, "C8-D9", "C8>D9");
}

static void test_notation_canter(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M D7M B8M; B L13M", 'W');
    expect_str(&pos, "E6>A8", "E6-C8-A8");
    expect_str(&pos, "E6>C8", "E6-C8");
    expect_parse(&pos, "E6-C8-A8", "E6>A8");
}

static void test_notation_jump(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W H4M; B I4M K5M A13M", 'W');
    expect_str(&pos, "H4>L6xI4,K5", "H4xJ4xL6");
    expect_parse(&pos, "H4xJ4xL6", "H4>L6xI4,K5");
}

static void test_notation_knights_charge(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F6K F7M G8M; B H9M I11M", 'W');
    expect_str(&pos, "F6>J12xH9,I11", "F6-F8-H8xH10xJ12");
    expect_parse(&pos, "F6-F8-H8xH10xJ12", "F6>J12xH9,I11");
}

static void test_notation_castle_move(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F16M A4M; B L13M", 'W');
    expect_str(&pos, "F16>G16", "F16-G16");
    expect_parse(&pos, "F16-G16", "F16>G16");
    CmMove m;
    CmError err;
    cm_error_init(&err, NULL);
    assert_int_equal(cm_move_parse(&pos, "F16-G16", &m, &err), CM_OK);
    assert_true(m.flags & CM_MOVE_CASTLE);
    tu_position(&pos, tu_variant("grand-camelot"), "R H16M; G L13M; B E12M; Y M4M", 'R');
    expect_str(&pos, "H16>I16", "H16-I16");
}

/* The canonical path is a shortest one, ties broken bytewise (docs/rules.md 2.10). */
static void test_notation_canonical_shortest_then_bytewise(void **state)
{
    (void)state;
    CmPosition pos;
    /* G8 by E8 or by G6: "E6-E8-G8" < "E6-G6-G8". E8 directly, or round by G6 and G8. */
    tu_position(&pos, camelot(), "W E6M E7M F8M F6M G7M; B L13M", 'W');
    expect_str(&pos, "E6>G8", "E6-E8-G8");
    expect_str(&pos, "E6>E8", "E6-E8");
    expect_str(&pos, "E6>G6", "E6-G6");
    /* A circular jump either way round: "E6xE8..." < "E6xG6...". */
    tu_position(&pos, camelot(), "W E6M; B F6M G7M F8M E7M L13M", 'W');
    expect_str(&pos, "E6>E6xE7,F6,F8,G7", "E6xE8xG8xG6xE6");
    tu_position(&pos, camelot(), "W E6M; B F6M G7M F8M E7M D5M L13M", 'W');
    expect_str(&pos, "E6>C4xD5,E7,F6,F8,G7", "E6xE8xG8xG6xE6xC4");
    expect_str(&pos, "E6>C4xD5", "E6xC4");
}

/* A knight reaches G8 by E8 or by G6, but E8 is hot (D9 can be jumped): only E6-G6-G8 is a
 * legal way to write the canter, and it is the canonical one although "E6-E8-G8" sorts first. */
static void test_notation_canonical_avoids_hot_squares(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6K E7M F8M F6M G7M; B D9M L13M", 'W');
    expect_str(&pos, "E6>G8", "E6-G6-G8");
    expect_parse(&pos, "E6-G6-G8", "E6>G8");
    ILLEGAL(&pos, "E6-E8-G8", "must capture from E8");
    ILLEGAL(&pos, "E6-E8", "must capture from E8");
    expect_str(&pos, "E6>C10xD9", "E6-E8xC10");
    /* A man may go either way; the bytewise-first path is canonical. */
    tu_position(&pos, camelot(), "W E6M E7M F8M F6M G7M; B D9M L13M", 'W');
    expect_str(&pos, "E6>G8", "E6-E8-G8");
}

/* Other paths with the same effect are the same move written differently. */
static void test_notation_other_paths_same_move(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M E7M F8M F6M G7M; B L13M", 'W');
    expect_parse(&pos, "E6-G6-G8", "E6>G8");
    expect_parse(&pos, "E6-G6-G8-E8", "E6>E8");
    tu_position(&pos, camelot(), "W E6M; B F6M G7M F8M E7M L13M", 'W');
    expect_parse(&pos, "E6xG6xG8xE8xE6", "E6>E6xE7,F6,F8,G7");
    expect_parse(&pos, "E6xE8xG8xG6xE6", "E6>E6xE7,F6,F8,G7");
}

/* Lower case is accepted, and so is '^' for a canter step. */
static void test_notation_lower_case_and_caret(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M D7M B8M; B L13M", 'W');
    expect_parse(&pos, "e6-c8-a8", "E6>A8");
    expect_parse(&pos, "E6^C8^A8", "E6>A8");
    expect_parse(&pos, "e6^c8", "E6>C8");
    tu_position(&pos, camelot(), "W H4M; B I4M K5M A13M", 'W');
    expect_parse(&pos, "h4xj4xl6", "H4>L6xI4,K5");
    tu_position(&pos, camelot(), "W F6K F7M G8M; B H9M I11M", 'W');
    expect_parse(&pos, "f6^f8^h8xh10xj12", "F6>J12xH9,I11");
    tu_position(&pos, camelot(), "W C8M; B L13M", 'W');
    expect_parse(&pos, "c8-d9", "C8>D9");
}

/* Effect text: captured squares sorted bytewise ("C11" before "D9"). */
static void test_notation_effect_text(void **state)
{
    (void)state;
    CmPosition pos;
    CmMove m;
    CmError err;
    char buf[600];
    /* E8 jumps D9 to C10, then C11 to C12. */
    tu_position(&pos, camelot(), "W E8M; B D9M C11M L4M", 'W');
    assert_true(tu_find_move(&pos, "E8>C12xC11,D9", &m));
    cm_move_effect_str(&m, buf, sizeof buf);
    assert_string_equal(buf, "E8>C12xC11,D9");
    expect_str(&pos, "E8>C12xC11,D9", "E8xC10xC12");
    cm_error_init(&err, NULL);
    CmMove back;
    assert_int_equal(cm_effect_parse(&pos, "E8>C12xD9,C11", &back, &err), CM_OK);
    assert_true(cm_move_same(&back, &m));
    assert_int_equal(cm_effect_parse(&pos, "e8>c12xc11,d9", &back, &err), CM_OK);
    assert_true(cm_move_same(&back, &m));
    assert_int_equal(cm_effect_parse(&pos, "E8>C10xD9", &back, &err), CM_ERR_ILLEGAL);
    assert_int_equal(cm_effect_parse(&pos, "E8-C12", &back, &err), CM_ERR_SYNTAX);
    /* A plain move has no 'x' part; snprintf semantics when the buffer is short. */
    tu_position(&pos, camelot(), "W E6M; B L13M", 'W');
    assert_true(tu_find_move(&pos, "E6>E7", &m));
    char small[4];
    assert_int_equal(cm_move_effect_str(&m, small, sizeof small), 5);
    assert_string_equal(small, "E6>");
    assert_int_equal(cm_move_str(&pos, &m, small, sizeof small), 5);
    assert_string_equal(small, "E6-");
}

/* Every legal move, written canonically, parses back to itself: start positions of every
 * variant, and the positions one move in for the small ones. */
static void test_notation_round_trip(void **state)
{
    (void)state;
    for (int k = 0; k < TU_NVARIANTS; k++) {
        CmPosition pos;
        cm_pos_start(&pos, tu_variant(tu_variant_names[k]));
        assert_true(round_trip(&pos) > 0);
        if (k > 1)
            continue;
        CmMoveList *list = tu_moves(&pos);
        for (int i = 0; i < list->n; i++) {
            CmUndo u;
            cm_pos_apply(&pos, &list->m[i], &u);
            round_trip(&pos);
            cm_pos_undo(&pos, &list->m[i], &u);
        }
        free(list);
    }
    /* Positions full of canters, jumps and charges. */
    static const char *const positions[] = {
        "W C4K C5M C7M; B B6M A5M A7M D9M L13M",
        "W E6M; B F6M G7M F8M E7M H8M I9M H10M G9M L13M",
        "W E6K E7M F8M F6M G7M D5M; B L13M C9M",
        "W F6K F7M G8M; B H9M I11M",
        "W F3M; B F2M G2M L13M",
    };
    for (int k = 0; k < 5; k++) {
        CmPosition pos;
        tu_position(&pos, camelot(), positions[k], 'W');
        assert_true(round_trip(&pos) > 0);
        assert_true(check_all_paths(&pos) > 0);
    }
}

/* ---- Explanations of illegal moves ---- */

static void test_notation_error_not_your_piece(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E8M; B H8M", 'W');
    CmError err = ILLEGAL(&pos, "H8-H7", "H8", "Black", "White's turn");
    assert_int_equal(err.col, 1);
    /* A partner's piece is not yours either. */
    tu_position(&pos, tu_variant("grand-camelot"), "R H8M; G L13M; B E12M; Y M4M", 'R');
    ILLEGAL(&pos, "E12-E13", "E12", "Blue", "partner");
}

static void test_notation_error_no_piece(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E8M; B H8M", 'W');
    ILLEGAL(&pos, "A4-A5", "no piece", "A4");
    /* Nothing to leap over. */
    ILLEGAL(&pos, "E8-E10", "no piece", "E9");
}

/* The capture obligation names the pieces that can capture. */
static void test_notation_error_capture_compulsory(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M J4M A10M; B E7M J5M L13M", 'W');
    ILLEGAL(&pos, "A10-A11", "capture", "compulsory", "E6", "J4");
    tu_position(&pos, camelot(), "W E6M A10M; B E7M L13M", 'W');
    ILLEGAL(&pos, "A10-A11", "capture", "compulsory", "E6");
}

static void test_notation_error_canter_back_to_start(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M F6M G7M F8M E7M; B L13M", 'W');
    ILLEGAL(&pos, "E6-G6-G8-E8-E6", "canter", "may not end", "started");
}

static void test_notation_error_own_castle(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F2M; B L13M", 'W');
    CmError err = ILLEGAL(&pos, "F2-F1", "own castle");
    assert_int_equal(err.col, 4);
    tu_position(&pos, camelot(), "W F3M F2M; B L13M", 'W');
    ILLEGAL(&pos, "F3-F1", "own castle", "canter");
    /* Nor through it. */
    tu_position(&pos, camelot(), "W D3M E2M G2M; B A13M", 'W');
    ILLEGAL(&pos, "D3-F1-H3", "own castle");
}

/* A knight's pure canter may not land on a hot square, even on the way. */
static void test_notation_error_knight_must_capture(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W C4K C5M C7M; B B6M A5M A7M L13M", 'W');
    ILLEGAL(&pos, "C4-C6-C8", "must capture from C6");
    ILLEGAL(&pos, "C4-C6", "must capture from C6");
    /* The charge itself is fine. */
    expect_parse(&pos, "C4-C6xA6xA4", "C4>A4xA5,B6");
}

/* A piece in its own castle must move first; if it can jump, it must leave by a capture. */
static void test_notation_error_castle_piece_first(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F1M E6M; B E7M L13M", 'W');
    ILLEGAL(&pos, "E6xE8", "F1", "must move first");
    ILLEGAL(&pos, "F1-G1", "own castle");
    tu_position(&pos, camelot(), "W F1M E2M; B F2M L13M", 'W');
    ILLEGAL(&pos, "F1-D3", "F1", "capture");
    expect_parse(&pos, "F1xF3", "F1>F3xF2");
}

static void test_notation_error_no_castle_moves_left(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F16M A4M; B L13M", 'W');
    cm_pos_set_castle_used(&pos, 0, 2);
    ILLEGAL(&pos, "F16-G16", "no castle moves left");
    /* Nor any other way out of the target castle. */
    tu_position(&pos, camelot(), "W F16M F15M; B L13M", 'W');
    ILLEGAL(&pos, "F16-F14", "opponent's castle", "never leave");
    ILLEGAL(&pos, "F16-E15", "opponent's castle", "never leave");
    /* A castle move under the capture obligation. */
    tu_position(&pos, camelot(), "W F16M E6M; B E7M L13M", 'W');
    ILLEGAL(&pos, "F16-G16", "compulsory", "E6");
    /* No castle moves at all with one-square castles. */
    tu_position(&pos, tu_variant("camette"), "W C7M B3M; B A3M", 'W');
    expect_error(&pos, "C7-B6", CM_ERR_ILLEGAL, "castle", NULL);
}

/* Entering the opponent's castle ends the move, jump or canter. */
static void test_notation_error_target_castle_ends_move(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W F14M; B F15M G15M A4M", 'W');
    ILLEGAL(&pos, "F14xF16xH14", "opponent's castle", "ends the move");
    expect_parse(&pos, "F14xF16", "F14>F16xF15");
    tu_position(&pos, camelot(), "W F14M F15M G15M; B A4M", 'W');
    ILLEGAL(&pos, "F14-F16-H14", "opponent's castle", "ends the move");
}

/* A charge canters first: "x...-" is malformed. */
static void test_notation_error_canter_after_jump(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6K E9M; B E7M L13M", 'W');
    ILLEGAL(&pos, "E6xE8-E10", "canter may not follow a jump");
}

static void test_notation_error_only_knight_charges(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W B4M B5M; B B7M L13M", 'W');
    ILLEGAL(&pos, "B4-B6xB8", "only a knight");
    tu_position(&pos, camelot(), "W B4K B5M; B B7M L13M", 'W');
    expect_parse(&pos, "B4-B6xB8", "B4>B8xB7");
}

static void test_notation_error_jump_must_go_on(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M; B E7M E9M L13M", 'W');
    ILLEGAL(&pos, "E6xE8", "must go on", "E9");
    expect_parse(&pos, "E6xE8xE10", "E6>E10xE7,E9");
}

/* Side castles (four players): no entry by plain move or canter. */
static void test_notation_error_side_castle(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, tu_variant("grand-camelot"), "R B9M C9M; G L13M; B E12M; Y M4M", 'R');
    ILLEGAL(&pos, "B9-A9", "side castle");
    ILLEGAL(&pos, "C9-A9", "side castle");
}

/* '-' over an enemy, 'x' over a friend, and steps that are neither. */
static void test_notation_error_wrong_separator_and_shape(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M; B E7M L13M", 'W');
    ILLEGAL(&pos, "E6-E8", "'x'");
    tu_position(&pos, camelot(), "W E6M E7M; B L13M", 'W');
    ILLEGAL(&pos, "E6xE8", "'-'");
    ILLEGAL(&pos, "E6-F8", "neither");
    ILLEGAL(&pos, "E6-E5-E4", "adjacent");
    ILLEGAL(&pos, "E6-E7", "occupied");
    ILLEGAL(&pos, "E6-E6", "no move");
}

static void test_notation_error_syntax(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, camelot(), "W E6M; B L13M", 'W');
    SYNTAX(&pos, "", "empty");
    SYNTAX(&pos, "E6", "landing");
    SYNTAX(&pos, "E6-", "square");
    SYNTAX(&pos, "E6*E7", "'*'");
    SYNTAX(&pos, "Q1-Q2", "Q1");
    /* In the 16x16 box but not on this board. */
    ILLEGAL(&pos, "A1-A2", "A1", "not a square");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notation_plain_move),
        cmocka_unit_test(test_notation_canter),
        cmocka_unit_test(test_notation_jump),
        cmocka_unit_test(test_notation_knights_charge),
        cmocka_unit_test(test_notation_castle_move),
        cmocka_unit_test(test_notation_canonical_shortest_then_bytewise),
        cmocka_unit_test(test_notation_canonical_avoids_hot_squares),
        cmocka_unit_test(test_notation_other_paths_same_move),
        cmocka_unit_test(test_notation_lower_case_and_caret),
        cmocka_unit_test(test_notation_effect_text),
        cmocka_unit_test(test_notation_round_trip),
        cmocka_unit_test(test_notation_error_not_your_piece),
        cmocka_unit_test(test_notation_error_no_piece),
        cmocka_unit_test(test_notation_error_capture_compulsory),
        cmocka_unit_test(test_notation_error_canter_back_to_start),
        cmocka_unit_test(test_notation_error_own_castle),
        cmocka_unit_test(test_notation_error_knight_must_capture),
        cmocka_unit_test(test_notation_error_castle_piece_first),
        cmocka_unit_test(test_notation_error_no_castle_moves_left),
        cmocka_unit_test(test_notation_error_target_castle_ends_move),
        cmocka_unit_test(test_notation_error_canter_after_jump),
        cmocka_unit_test(test_notation_error_only_knight_charges),
        cmocka_unit_test(test_notation_error_jump_must_go_on),
        cmocka_unit_test(test_notation_error_side_castle),
        cmocka_unit_test(test_notation_error_wrong_separator_and_shape),
        cmocka_unit_test(test_notation_error_syntax),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
