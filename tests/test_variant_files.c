/* The shipped variant files: each one loads and holds the board, seats, setup, castles, teams
 * and rule switches of docs/rules.md section 3.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

/* Name, title, bounding box, square count and turn order ('order': seat letters). */
static void check_shape(const CmVariant *v, const char *name, const char *title, int files,
                        int ranks, int nsquares, const char *order)
{
    assert_string_equal(v->name, name);
    assert_string_equal(v->title, title);
    assert_int_equal(v->files, files);
    assert_int_equal(v->ranks, ranks);
    assert_int_equal(v->nsquares, nsquares);
    assert_int_equal(cm_set_count(&v->board), nsquares);
    assert_int_equal(v->nseats, (int)strlen(order));
    for (int s = 0; s < v->nseats; s++)
        assert_int_equal(v->seat[s].letter, order[s]);
}

/* Every seat starts with 'knights' knights and 'men' men, all on board squares. */
static void check_armies(const CmVariant *v, int knights, int men)
{
    int count[CM_MAX_SEATS][CM_KIND_COUNT] = {{0}};

    for (unsigned x = 0; x < CM_SQUARES; x++) {
        uint8_t c = v->start[x];
        if (c == CM_EMPTY)
            continue;
        assert_true(cm_variant_on(v, x));
        assert_true(CM_CELL_SEAT(c) < v->nseats);
        count[CM_CELL_SEAT(c)][CM_CELL_KIND(c)]++;
    }
    for (int s = 0; s < v->nseats; s++) {
        assert_int_equal(count[s][CM_KNIGHT], knights);
        assert_int_equal(count[s][CM_MAN], men);
    }
}

/* The piece on 'name' at the start is seat 'c''s piece of kind 'kind'. */
static void check_piece(const CmVariant *v, const char *name, char c, int kind)
{
    assert_int_equal(v->start[tu_sq(name)], CM_CELL(tu_seat(v, c), kind));
}

/* 'name' is a board square, empty at the start. */
static void check_empty(const CmVariant *v, const char *name)
{
    assert_true(cm_variant_on(v, tu_sq(name)));
    assert_int_equal(v->start[tu_sq(name)], CM_EMPTY);
}

/* 'name' lies inside the bounding box but is not a square. */
static void check_off(const CmVariant *v, const char *name)
{
    assert_false(cm_variant_on(v, tu_sq(name)));
}

/* Seat 'c' owns exactly the castle squares in 'names' (space-separated, any order), and seat
 * 'target' (0 = none) is the seat whose castle it aims at. */
static void check_castle(const CmVariant *v, char c, const char *names, char target)
{
    const CmSeat *st = &v->seat[tu_seat(v, c)];
    char buf[64];
    int n = 0;

    snprintf(buf, sizeof buf, "%s", names);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        CmSquare x = tu_sq(tok);
        int found = 0;
        for (int i = 0; i < st->ncastle; i++)
            found |= st->castle[i] == x;
        assert_true(found);
        assert_true(cm_variant_on(v, x));
        assert_int_equal(v->start[x], CM_EMPTY);
        n++;
    }
    assert_int_equal(st->ncastle, n);
    if (!target) {
        assert_int_equal(st->target, -1);
        return;
    }
    assert_int_equal(st->target, tu_seat(v, target));
    /* The target's castle squares are target squares as seen from 'c'. */
    const CmSeat *ts = &v->seat[st->target];
    for (int i = 0; i < ts->ncastle; i++)
        assert_true(v->sqflags[tu_seat(v, c)][ts->castle[i]] & CM_SQ_TARGET);
}

/* The rule switches; 'material' is -1 for "never". */
static void check_rules(const CmVariant *v, int castle_win, int castle_moves, int elimination_min,
                        CmNoMoveRule no_moves, int stalemate_min, int material, int repetition,
                        int fifty_move)
{
    assert_int_equal(v->rules.castle_win, castle_win);
    assert_int_equal(v->rules.castle_moves, castle_moves);
    assert_int_equal(v->rules.elimination_min, elimination_min);
    assert_int_equal(v->rules.no_moves, no_moves);
    assert_int_equal(v->rules.stalemate_min, stalemate_min);
    assert_int_equal(v->rules.material_draw, material);
    assert_int_equal(v->rules.repetition, repetition);
    assert_int_equal(v->rules.fifty_move, fifty_move);
}

/* Two seats, each its own team. */
static void check_two_teams(const CmVariant *v)
{
    assert_int_equal(v->nteams, 2);
    assert_false(cm_variant_partners(v, tu_seat(v, 'W'), tu_seat(v, 'B')));
}

/* Red+Blue against Green+Yellow. */
static void check_partnership(const CmVariant *v)
{
    int r = tu_seat(v, 'R'), g = tu_seat(v, 'G'), b = tu_seat(v, 'B'), y = tu_seat(v, 'Y');

    assert_int_equal(v->nteams, 2);
    assert_int_equal(v->seat[r].team, v->seat[b].team);
    assert_int_equal(v->seat[g].team, v->seat[y].team);
    assert_int_not_equal(v->seat[r].team, v->seat[g].team);
    assert_int_equal(v->team_seats[v->seat[r].team], (1u << r) | (1u << b));
    assert_int_equal(v->team_seats[v->seat[g].team], (1u << g) | (1u << y));
}

static void test_variant_files_camette(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camette");

    check_shape(v, "camette", "Camette", 5, 7, 23, "WB");
    check_armies(v, 1, 3);
    check_piece(v, "C2", 'W', CM_KNIGHT);
    check_piece(v, "B3", 'W', CM_MAN);
    check_piece(v, "D3", 'W', CM_MAN);
    check_piece(v, "C6", 'B', CM_KNIGHT);
    check_piece(v, "C5", 'B', CM_MAN);
    check_empty(v, "A4");
    check_off(v, "A2");
    check_off(v, "B1");
    check_castle(v, 'W', "C1", 'B');
    check_castle(v, 'B', "C7", 'W');
    check_two_teams(v);
    check_rules(v, 1, 0, 1, CM_NOMOVE_LOSE, 1, -1, 0, 0);
}

static void test_variant_files_cam(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("cam");

    check_shape(v, "cam", "Cam", 7, 13, 67, "WB");
    check_armies(v, 2, 5);
    check_piece(v, "C4", 'W', CM_KNIGHT);
    check_piece(v, "E4", 'W', CM_KNIGHT);
    check_piece(v, "B5", 'W', CM_MAN);
    check_piece(v, "F5", 'W', CM_MAN);
    check_piece(v, "C10", 'B', CM_KNIGHT);
    check_piece(v, "D9", 'B', CM_MAN);
    /* Rank 2 is C2-E2 (the WCF list misprints it as C2, C3, C4). */
    check_empty(v, "D2");
    check_empty(v, "E2");
    check_off(v, "B2");
    check_off(v, "A3");
    check_castle(v, 'W', "D1", 'B');
    check_castle(v, 'B', "D13", 'W');
    check_two_teams(v);
    check_rules(v, 1, 0, 1, CM_NOMOVE_LOSE, 1, -1, 0, 0);
}

static void test_variant_files_camelot(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");

    check_shape(v, "camelot", "Camelot", 12, 16, 160, "WB");
    check_armies(v, 4, 10);
    check_piece(v, "C6", 'W', CM_KNIGHT);
    check_piece(v, "D7", 'W', CM_KNIGHT);
    check_piece(v, "J6", 'W', CM_KNIGHT);
    check_piece(v, "E7", 'W', CM_MAN);
    check_piece(v, "I6", 'W', CM_MAN);
    check_piece(v, "C11", 'B', CM_KNIGHT);
    check_piece(v, "I10", 'B', CM_KNIGHT);
    check_piece(v, "D11", 'B', CM_MAN);
    check_piece(v, "H10", 'B', CM_MAN);
    check_empty(v, "J7");
    check_empty(v, "A4");
    check_empty(v, "L13");
    check_off(v, "E1");
    check_off(v, "A3");
    check_off(v, "B15");
    check_castle(v, 'W', "F1 G1", 'B');
    check_castle(v, 'B', "F16 G16", 'W');
    check_two_teams(v);
    check_rules(v, 2, 2, 2, CM_NOMOVE_LOSE, 2, 1, 3, 50);
}

static void test_variant_files_chivalry(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("chivalry");

    check_shape(v, "chivalry", "Chivalry", 14, 16, 176, "WB");
    check_armies(v, 8, 12);
    check_piece(v, "C6", 'W', CM_KNIGHT);
    check_piece(v, "D7", 'W', CM_KNIGHT);
    check_piece(v, "L7", 'W', CM_KNIGHT);
    check_piece(v, "E6", 'W', CM_MAN);
    check_piece(v, "J7", 'W', CM_MAN);
    check_piece(v, "C10", 'B', CM_KNIGHT);
    check_piece(v, "L11", 'B', CM_KNIGHT);
    check_piece(v, "F11", 'B', CM_MAN);
    check_empty(v, "M6");
    check_empty(v, "A5");
    check_off(v, "A4");
    check_off(v, "F1");
    check_castle(v, 'W', "G1 H1", 'B');
    check_castle(v, 'B', "G16 H16", 'W');
    check_two_teams(v);
    check_rules(v, 2, 2, 2, CM_NOMOVE_LOSE, 2, 1, 3, 50);
}

static void test_variant_files_grand_cam(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-cam");

    check_shape(v, "grand-cam", "Grand Cam", 13, 13, 93, "RGBY");
    check_armies(v, 2, 5);
    check_piece(v, "F2", 'R', CM_KNIGHT);
    check_piece(v, "H2", 'R', CM_KNIGHT);
    check_piece(v, "G4", 'R', CM_MAN);
    check_piece(v, "F12", 'G', CM_KNIGHT);
    check_piece(v, "G10", 'G', CM_MAN);
    check_piece(v, "B6", 'B', CM_KNIGHT);
    check_piece(v, "D7", 'B', CM_MAN);
    check_piece(v, "L8", 'Y', CM_KNIGHT);
    check_piece(v, "J7", 'Y', CM_MAN);
    check_empty(v, "D3");
    check_empty(v, "J3");
    /* The WCF list names K3 too; it is not a square (93 squares, symmetry). */
    check_off(v, "K3");
    check_off(v, "C3");
    check_off(v, "A6");
    check_castle(v, 'R', "G1", 'G');
    check_castle(v, 'G', "G13", 'R');
    check_castle(v, 'B', "A7", 'Y');
    check_castle(v, 'Y', "M7", 'B');
    check_partnership(v);
    check_rules(v, 1, 0, 1, CM_NOMOVE_LOSE, 1, -1, 0, 0);
}

static void test_variant_files_grand_camelot(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-camelot");

    check_shape(v, "grand-camelot", "Grand Camelot", 16, 16, 180, "RGBY");
    check_armies(v, 4, 8);
    check_piece(v, "F3", 'R', CM_KNIGHT);
    check_piece(v, "J4", 'R', CM_KNIGHT);
    check_piece(v, "H5", 'R', CM_MAN);
    check_piece(v, "K14", 'G', CM_KNIGHT);
    check_piece(v, "I12", 'G', CM_MAN);
    check_piece(v, "C11", 'B', CM_KNIGHT);
    check_piece(v, "E9", 'B', CM_MAN);
    check_piece(v, "N6", 'Y', CM_KNIGHT);
    check_piece(v, "L8", 'Y', CM_MAN);
    check_empty(v, "B5");
    check_empty(v, "O12");
    check_off(v, "A7");
    check_off(v, "G1");
    check_off(v, "P10");
    check_castle(v, 'R', "H1 I1", 'G');
    check_castle(v, 'G', "H16 I16", 'R');
    check_castle(v, 'B', "A8 A9", 'Y');
    check_castle(v, 'Y', "P8 P9", 'B');
    check_partnership(v);
    check_rules(v, 2, 2, 2, CM_NOMOVE_LOSE, 2, 1, 0, 0);
}

/* Four-Handed Chivalry: the Chivalry board, 8 knights each, castles are ordinary squares. */
static void check_four_handed(const CmVariant *v, const char *name, const char *title)
{
    static const char *const corners[] = {"G1", "H1", "G16", "H16"};

    check_shape(v, name, title, 14, 16, 176, "RGBY");
    check_armies(v, 8, 0);
    check_piece(v, "A11", 'R', CM_KNIGHT);
    check_piece(v, "D15", 'R', CM_KNIGHT);
    check_piece(v, "K15", 'G', CM_KNIGHT);
    check_piece(v, "N11", 'G', CM_KNIGHT);
    check_piece(v, "K2", 'B', CM_KNIGHT);
    check_piece(v, "N6", 'B', CM_KNIGHT);
    check_piece(v, "A5", 'Y', CM_KNIGHT);
    check_piece(v, "D2", 'Y', CM_KNIGHT);
    check_empty(v, "A10");
    check_empty(v, "H8");
    check_off(v, "A4");
    check_off(v, "F16");
    for (int s = 0; s < v->nseats; s++) {
        check_castle(v, v->seat[s].letter, "", 0);
        for (int i = 0; i < 4; i++) {
            assert_true(cm_variant_on(v, tu_sq(corners[i])));
            assert_int_equal(v->sqflags[s][tu_sq(corners[i])], CM_SQ_ON);
        }
    }
    check_rules(v, 0, 0, 1, CM_NOMOVE_SKIP, 1, -1, 0, 0);
}

static void test_variant_files_four_handed_chivalry(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("four-handed-chivalry");

    check_four_handed(v, "four-handed-chivalry", "Four-Handed Chivalry");
    check_partnership(v);
}

static void test_variant_files_four_handed_chivalry_solo(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("four-handed-chivalry-solo");

    check_four_handed(v, "four-handed-chivalry-solo", "Four-Handed Chivalry (individual)");
    assert_int_equal(v->nteams, 4);
    for (int a = 0; a < v->nseats; a++)
        for (int b = 0; b < v->nseats; b++)
            assert_int_equal(cm_variant_partners(v, a, b), a == b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variant_files_camette),
        cmocka_unit_test(test_variant_files_cam),
        cmocka_unit_test(test_variant_files_camelot),
        cmocka_unit_test(test_variant_files_chivalry),
        cmocka_unit_test(test_variant_files_grand_cam),
        cmocka_unit_test(test_variant_files_grand_camelot),
        cmocka_unit_test(test_variant_files_four_handed_chivalry),
        cmocka_unit_test(test_variant_files_four_handed_chivalry_solo),
    };
    return cmocka_run_group_tests(tests, 0, NULL);
}
