/* Game outcomes and four-player rules against docs/rules.md 2.11 and 3: castle, elimination and
 * stalemate wins, the material, repetition and fifty-move draws, partners, side castles,
 * skipped seats and team stalemate, in hand-built positions.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "camelot/notation.h"
#include "camelot/rules.h"

/* ---- Helpers ---- */

static int team_of(const CmVariant *v, char letter)
{
    return v->seat[tu_seat(v, letter)].team;
}

/* Plays the move with effect 'effect' in a game; it must be legal. */
static void game_play(CmGame *g, const char *effect)
{
    CmMove m;
    free(tu_checked_moves(&g->pos));
    if (!tu_find_move(&g->pos, effect, &m))
        fail_msg("%s is not legal here (ply %d)", effect, g->n + 1);
    assert_int_equal(cm_game_play(g, &m), CM_OK);
}

static void expect_ongoing(const CmOutcome *o)
{
    if (o->over)
        fail_msg("game over (reason %s), expected it to go on", cm_reason_name(o->reason));
}

static void expect_win(const CmOutcome *o, const CmVariant *v, char letter, CmReason why)
{
    if (!o->over)
        fail_msg("game goes on, expected a %s win for %c", cm_reason_name(why), letter);
    assert_false(o->draw);
    assert_string_equal(cm_reason_name(o->reason), cm_reason_name(why));
    assert_int_equal(o->winner, team_of(v, letter));
    assert_int_equal(o->seats, v->team_seats[team_of(v, letter)]);
    assert_true(o->seats & (1u << tu_seat(v, letter)));
}

static void expect_draw(const CmOutcome *o, CmReason why)
{
    if (!o->over)
        fail_msg("game goes on, expected a %s draw", cm_reason_name(why));
    assert_true(o->draw);
    assert_int_equal(o->winner, -1);
    assert_string_equal(cm_reason_name(o->reason), cm_reason_name(why));
}

/* Small boards of isolated squares, where pieces are stuck at will, with the rule switches
 * of a shipped variant. Files A-K, ranks 1-3: A, C, E, G, I and K on ranks 1 and 3; K1-K2-K3
 * is the only connected line, every other square has no neighbour. */
#define STUCK_BOARD                                                                                \
    "board:\n"                                                                                     \
    "  - \". . . . . .\"\n"                                                                        \
    "  - \"          .\"\n"                                                                        \
    "  - \". . . . . .\"\n"

#define RULES_CAMELOT                                                                              \
    "rules:\n"                                                                                     \
    "  castle_win: 2\n"                                                                            \
    "  castle_moves: 2\n"                                                                          \
    "  elimination_min: 2\n"                                                                       \
    "  no_moves: lose\n"                                                                           \
    "  stalemate_min: 2\n"                                                                         \
    "  material_draw: 1\n"                                                                         \
    "  repetition: 3\n"                                                                            \
    "  fifty_move: 50\n"

#define RULES_GRAND_CAMELOT                                                                        \
    "rules:\n"                                                                                     \
    "  castle_win: 2\n"                                                                            \
    "  castle_moves: 2\n"                                                                          \
    "  elimination_min: 2\n"                                                                       \
    "  no_moves: lose\n"                                                                           \
    "  stalemate_min: 2\n"                                                                         \
    "  material_draw: 1\n"                                                                         \
    "  repetition: 0\n"                                                                            \
    "  fifty_move: 0\n"

#define RULES_FOUR_HANDED                                                                          \
    "rules:\n"                                                                                     \
    "  castle_win: 0\n"                                                                            \
    "  castle_moves: 0\n"                                                                          \
    "  elimination_min: 1\n"                                                                       \
    "  no_moves: skip\n"                                                                           \
    "  stalemate_min: 1\n"                                                                         \
    "  material_draw: never\n"                                                                     \
    "  repetition: 0\n"                                                                            \
    "  fifty_move: 0\n"

static const char stuck2_camelot[] =
    "name: stuck2\n"
    "title: Stuck, two seats\n" STUCK_BOARD "seats:\n"
    "  - {letter: W, name: White, castle: [I1], target: B, men: [A1]}\n"
    "  - {letter: B, name: Black, castle: [I3], target: W, men: [A3]}\n"
    "turn_order: [W, B]\n" RULES_CAMELOT;

static const char stuck4_grand_camelot[] =
    "name: stuck4\n"
    "title: Stuck, four seats\n" STUCK_BOARD "seats:\n"
    "  - {letter: R, name: Red, castle: [G1], target: G, men: [A1]}\n"
    "  - {letter: G, name: Green, castle: [G3], target: R, men: [A3]}\n"
    "  - {letter: B, name: Blue, castle: [I1], target: Y, men: [C1]}\n"
    "  - {letter: Y, name: Yellow, castle: [I3], target: B, men: [C3]}\n"
    "turn_order: [R, G, B, Y]\n"
    "teams: [[R, B], [G, Y]]\n" RULES_GRAND_CAMELOT;

static const char stuck4_four_handed[] =
    "name: stuck4fh\n"
    "title: Stuck, four seats, partnership\n" STUCK_BOARD "seats:\n"
    "  - {letter: R, name: Red, knights: [A1]}\n"
    "  - {letter: G, name: Green, knights: [A3]}\n"
    "  - {letter: B, name: Blue, knights: [C1]}\n"
    "  - {letter: Y, name: Yellow, knights: [C3]}\n"
    "turn_order: [R, G, B, Y]\n"
    "teams: [[R, B], [G, Y]]\n" RULES_FOUR_HANDED;

static const char stuck4_four_handed_solo[] =
    "name: stuck4solo\n"
    "title: Stuck, four seats, solo\n" STUCK_BOARD "seats:\n"
    "  - {letter: R, name: Red, knights: [A1]}\n"
    "  - {letter: G, name: Green, knights: [A3]}\n"
    "  - {letter: B, name: Blue, knights: [C1]}\n"
    "  - {letter: Y, name: Yellow, knights: [C3]}\n"
    "turn_order: [R, G, B, Y]\n" RULES_FOUR_HANDED;

/* A custom variant whose rule switches must be exactly those of the shipped 'like'. */
static CmVariant *stuck_variant(const char *yaml, const char *like)
{
    CmVariant *v = tu_variant_from_text(yaml);
    const CmRules *a = &v->rules, *b = &tu_variant(like)->rules;
    assert_int_equal(a->castle_win, b->castle_win);
    assert_int_equal(a->castle_moves, b->castle_moves);
    assert_int_equal(a->elimination_min, b->elimination_min);
    assert_int_equal(a->no_moves, b->no_moves);
    assert_int_equal(a->stalemate_min, b->stalemate_min);
    assert_int_equal(a->material_draw, b->material_draw);
    assert_int_equal(a->repetition, b->repetition);
    assert_int_equal(a->fifty_move, b->fifty_move);
    assert_int_equal(v->nteams, tu_variant(like)->nteams);
    return v;
}

/* Settles a copy of 'pos' and returns the outcome; '*to_move_out' gets the seat to move. */
static CmOutcome settle(const CmPosition *pos, int *to_move_out)
{
    CmPosition p = *pos;
    CmOutcome o;
    free(tu_checked_moves(&p));
    cm_rules_settle(&p, &o);
    free(tu_checked_moves(&p));
    if (to_move_out)
        *to_move_out = p.to_move;
    return o;
}

/* ---- Castle wins ---- */

/* Camette and Cam: one piece in the opponent's castle square wins. */
static void test_rules_castle_win_with_one_piece(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camette");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "W D6M; B A3M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    expect_ongoing(&g.outcome);
    game_play(&g, "D6>C7");
    expect_win(&g.outcome, v, 'W', CM_REASON_CASTLE);
    cm_game_free(&g);

    tu_position(&pos, v, "W E4M; B B2M", 'B');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "B2>C1");
    expect_win(&g.outcome, v, 'B', CM_REASON_CASTLE);
    cm_game_free(&g);

    v = tu_variant("cam");
    tu_position(&pos, v, "W D12M; B A4M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "D12>D13");
    expect_win(&g.outcome, v, 'W', CM_REASON_CASTLE);
    /* The position-only check agrees. */
    CmOutcome o;
    assert_int_equal(cm_rules_after_move(&g.pos, tu_seat(v, 'W'), &o), 1);
    expect_win(&o, v, 'W', CM_REASON_CASTLE);
    /* A game that is over takes no more moves. */
    CmMove m = {0};
    assert_int_equal(cm_game_play(&g, &m), CM_ERR_ILLEGAL);
    cm_game_free(&g);
}

/* Camelot: one piece in the opponent's castle is not enough; two are a win. */
static void test_rules_camelot_castle_win_needs_two_pieces(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "W F15M G14M A4M; B L13M J13M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "F15>F16");
    expect_ongoing(&g.outcome);
    game_play(&g, "L13>L12");
    game_play(&g, "G14>G15");
    expect_ongoing(&g.outcome);
    game_play(&g, "L12>L13");
    game_play(&g, "G15>G16");
    expect_win(&g.outcome, v, 'W', CM_REASON_CASTLE);
    cm_game_free(&g);
    /* Chivalry: the same. */
    v = tu_variant("chivalry");
    tu_position(&pos, v, "W G16M A5M; B N12M L12M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    expect_ongoing(&g.outcome);
    cm_game_free(&g);
    tu_position(&pos, v, "W G16M H16M; B N12M L12M", 'B');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    expect_win(&g.outcome, v, 'W', CM_REASON_CASTLE);
    cm_game_free(&g);
}

/* Grand Camelot: two pieces of the team in its target castles, one in each partner's target
 * castle, or both in one. A Green piece in Red's castle does not count for Red's team. */
static void test_rules_grand_camelot_team_castle_win(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-camelot");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "R H16M; G H1M E5M; B O8M C12M; Y E12M", 'B');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    expect_ongoing(&g.outcome);
    game_play(&g, "O8>P8");
    expect_win(&g.outcome, v, 'R', CM_REASON_CASTLE);
    assert_int_equal(g.outcome.seats, (1u << tu_seat(v, 'R')) | (1u << tu_seat(v, 'B')));
    cm_game_free(&g);

    tu_position(&pos, v, "R H16M H15M; G E5M; B C12M; Y E12M", 'R');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    expect_ongoing(&g.outcome);
    game_play(&g, "H15>I16");
    expect_win(&g.outcome, v, 'B', CM_REASON_CASTLE);
    cm_game_free(&g);

    /* Blue's piece in Red's target castle is in a side castle for Blue: no win. */
    tu_position(&pos, v, "R H16M; G E5M; B I16M C12M; Y E12M", 'G');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    expect_ongoing(&g.outcome);
    cm_game_free(&g);
}

/* Grand Cam: one piece in a player's own target castle wins for the team. */
static void test_rules_grand_cam_castle_win_with_one_piece(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-cam");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "R G12M; G C5M; B L7M; Y J9M", 'R');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "G12>G13");
    expect_win(&g.outcome, v, 'B', CM_REASON_CASTLE);
    cm_game_free(&g);
    tu_position(&pos, v, "R G4M; G C5M; B L7M; Y J9M", 'B');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "L7>M7");
    expect_win(&g.outcome, v, 'R', CM_REASON_CASTLE);
    cm_game_free(&g);
}

/* ---- Elimination ---- */

/* Camelot: capturing everything wins with two pieces left. */
static void test_rules_camelot_elimination_win(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "W E6M A4M; B E7M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "E6>E8xE7");
    expect_win(&g.outcome, v, 'W', CM_REASON_ELIMINATION);
    CmOutcome o;
    assert_int_equal(cm_rules_after_move(&g.pos, tu_seat(v, 'W'), &o), 1);
    expect_win(&o, v, 'W', CM_REASON_ELIMINATION);
    cm_game_free(&g);
}

/* Camelot: capturing everything with one piece left is no win; both sides are down to at most
 * one piece, so it is the material draw. */
static void test_rules_camelot_elimination_with_one_piece_is_draw(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "W E6M; B E7M E9M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    expect_ongoing(&g.outcome);
    game_play(&g, "E6>E10xE7,E9");
    expect_draw(&g.outcome, CM_REASON_MATERIAL);
    cm_game_free(&g);
}

/* Camelot: two against one is not a win in itself; play goes on. */
static void test_rules_camelot_two_against_one_goes_on(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "W E6M A4M; B E7M L13M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "E6>E8xE7");
    expect_ongoing(&g.outcome);
    assert_int_equal(g.pos.to_move, tu_seat(v, 'B'));
    CmOutcome o;
    assert_int_equal(cm_rules_after_move(&g.pos, tu_seat(v, 'W'), &o), 0);
    assert_false(o.over);
    cm_game_free(&g);
}

/* Cam (and Camette): capturing everything wins whatever is left. */
static void test_rules_cam_elimination_with_one_piece_wins(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("cam");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "W C6M; B C7M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "C6>C8xC7");
    expect_win(&g.outcome, v, 'W', CM_REASON_ELIMINATION);
    cm_game_free(&g);
    v = tu_variant("camette");
    tu_position(&pos, v, "W C3M; B C4M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "C3>C5xC4");
    expect_win(&g.outcome, v, 'W', CM_REASON_ELIMINATION);
    cm_game_free(&g);
}

/* Grand Camelot: the team that captures both opponents' armies wins with two pieces between
 * the partners (here one each). */
static void test_rules_grand_camelot_elimination(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-camelot");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "R H8M; G H9M; B C12M; Y H11M", 'R');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "H8>H12xH11,H9");
    expect_win(&g.outcome, v, 'R', CM_REASON_ELIMINATION);
    cm_game_free(&g);
    /* With one piece left it is the material draw. */
    tu_position(&pos, v, "R H8M; G H9M; Y H11M", 'R');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "H8>H12xH11,H9");
    expect_draw(&g.outcome, CM_REASON_MATERIAL);
    cm_game_free(&g);
}

/* ---- Stalemate ---- */

/* Camelot: the player with no legal move loses when the opponent has two pieces. Black's only
 * piece stands in White's castle with both castle moves used. */
static void test_rules_camelot_stalemate_win(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "W A4M C4M; B F1M", 'W');
    cm_pos_set_castle_used(&pos, tu_seat(v, 'B'), 2);
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    expect_ongoing(&g.outcome);
    game_play(&g, "A4>A5");
    expect_win(&g.outcome, v, 'W', CM_REASON_STALEMATE);
    cm_game_free(&g);
    /* With a castle move left, Black can move. */
    tu_position(&pos, v, "W A4M C4M; B F1M", 'B');
    cm_pos_set_castle_used(&pos, tu_seat(v, 'B'), 1);
    CmOutcome o = settle(&pos, NULL);
    assert_false(o.over);
}

/* Camelot rules: the stalemating side needs two pieces; with fewer it is a draw. */
static void test_rules_camelot_stalemate_with_one_piece_is_draw(void **state)
{
    (void)state;
    CmVariant *v = stuck_variant(stuck2_camelot, "camelot");
    CmPosition pos;
    int to_move;
    tu_position(&pos, v, "W A1M; B C1M E1M", 'B');
    CmOutcome o = settle(&pos, &to_move);
    expect_draw(&o, CM_REASON_STALEMATE);
    tu_position(&pos, v, "W A1M; B C1M E1M", 'W');
    o = settle(&pos, &to_move);
    expect_win(&o, v, 'B', CM_REASON_STALEMATE);
    tu_position(&pos, v, "W A1M C1M; B E1M", 'B');
    o = settle(&pos, &to_move);
    expect_win(&o, v, 'W', CM_REASON_STALEMATE);
    cm_variant_free(v);
}

/* Camette (and Cam): a player with no legal move loses. Black's piece is in its own castle
 * with no way out, and Black has nothing else. */
static void test_rules_camette_no_move_loses(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camette");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "W B6M C6M D6M A5M C5M E5M; B C7M", 'B');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    expect_win(&g.outcome, v, 'W', CM_REASON_STALEMATE);
    cm_game_free(&g);
}

/* ---- Draws ---- */

/* Camelot: a draw as soon as both sides have at most one piece (1-1 after a capture). */
static void test_rules_camelot_material_draw(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "W E7M A4M; B E6M", 'B');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    expect_ongoing(&g.outcome);
    game_play(&g, "E6>E8xE7");
    expect_draw(&g.outcome, CM_REASON_MATERIAL);
    cm_game_free(&g);
    tu_position(&pos, v, "W E6M; B L13M", 'W');
    CmOutcome o = settle(&pos, NULL);
    expect_draw(&o, CM_REASON_MATERIAL);
    /* Cam has no material draw. */
    tu_position(&pos, tu_variant("cam"), "W A4M; B G10M", 'W');
    o = settle(&pos, NULL);
    assert_false(o.over);
}

/* Camelot: the third occurrence of a position (same side to move) is a draw. */
static void test_rules_camelot_threefold_repetition(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    static const char *const moves[] = {"A4>A5", "L13>L12", "A5>A4", "L12>L13"};
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "W A4M C4M; B L13M J13M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    for (int i = 0; i < 7; i++) {
        game_play(&g, moves[i % 4]);
        expect_ongoing(&g.outcome);
    }
    game_play(&g, moves[3]);
    expect_draw(&g.outcome, CM_REASON_REPETITION);
    /* Taking the move back reopens the game. */
    assert_int_equal(cm_game_undo(&g), 1);
    expect_ongoing(&g.outcome);
    assert_int_equal(g.n, 7);
    game_play(&g, "J13>J12");
    expect_ongoing(&g.outcome);
    cm_game_free(&g);

    /* Positions that differ only in castle moves used are different positions. */
    v = tu_variant("camelot");
    static const char *const castle_moves[] = {"F16>G16", "L13>L12", "G16>F16", "L12>L13"};
    tu_position(&pos, v, "W F16M A4M C4M; B L13M J13M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    for (int i = 0; i < 4; i++)
        game_play(&g, castle_moves[i]);
    assert_int_not_equal(g.pos.hash, g.hashes[0]);
    /* The start board with White to move comes back at plies 4 and 8: ignoring castle moves
     * used, ply 8 would be its third occurrence. Counting them, the first position to occur
     * three times is the one after ply 3 (castle moves used 2), again at plies 7 and 11. */
    for (int i = 0; i < 6; i++) {
        game_play(&g, moves[i % 4]);
        expect_ongoing(&g.outcome);
    }
    game_play(&g, moves[2]);
    expect_draw(&g.outcome, CM_REASON_REPETITION);
    assert_int_equal(g.n, 11);
    cm_game_free(&g);

    /* Cam has no repetition rule. */
    v = tu_variant("cam");
    static const char *const cam_moves[] = {"A4>A5", "G10>G9", "A5>A4", "G9>G10"};
    tu_position(&pos, v, "W A4M C4M; B G10M E10M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    for (int i = 0; i < 12; i++) {
        game_play(&g, cam_moves[i % 4]);
        expect_ongoing(&g.outcome);
    }
    cm_game_free(&g);
}

/* Camelot: fifty moves each (100 plies) with no capture and no castle entry is a draw. White
 * shuffles a man; Black walks a man along 50 new squares, so no position repeats. */
static void test_rules_camelot_fifty_move_rule(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    char walk[51][4];
    int n = 0;
    const char files[] = "LKJIHG";
    for (int f = 0; f < 6 && n < 51; f++)
        for (int r = 0; r < 10 && n < 51; r++)
            snprintf(walk[n++], sizeof walk[0], "%c%d", files[f], f % 2 ? 4 + r : 13 - r);
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "W A4M C4M; B L13M", 'W');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    char eff[256];
    for (int i = 0; i < 50; i++) {
        game_play(&g, i % 2 ? "A5>A4" : "A4>A5");
        expect_ongoing(&g.outcome);
        snprintf(eff, sizeof eff, "%s>%s", walk[i], walk[i + 1]);
        game_play(&g, eff);
        if (i < 49)
            expect_ongoing(&g.outcome);
    }
    assert_int_equal(g.n, 100);
    expect_draw(&g.outcome, CM_REASON_FIFTY_MOVE);
    cm_game_free(&g);
}

/* The fifty-move count restarts on a capture and on an entry into the target castle, but not
 * on a castle move inside the castle (docs/rules.md 3.3 [INF/PROJECT]). */
static void test_rules_camelot_fifty_move_resets(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmPosition pos;
    CmGame g;

    /* Quiet moves: 98 + 2 = 100 plies. */
    tu_position(&pos, v, "W E6M A4M C4M; B L13M J13M", 'W');
    pos.quiet = 98;
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "A4>A5");
    expect_ongoing(&g.outcome);
    game_play(&g, "L13>L12");
    expect_draw(&g.outcome, CM_REASON_FIFTY_MOVE);
    cm_game_free(&g);

    /* A capture restarts the count. */
    tu_position(&pos, v, "W E6M A4M C4M; B E7M L13M J13M", 'W');
    pos.quiet = 98;
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "E6>E8xE7");
    assert_int_equal(g.pos.quiet, 0);
    game_play(&g, "L13>L12");
    expect_ongoing(&g.outcome);
    cm_game_free(&g);

    /* Entering the target castle restarts the count. */
    tu_position(&pos, v, "W F15M A4M; B L13M J13M", 'W');
    pos.quiet = 98;
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "F15>F16");
    assert_int_equal(g.pos.quiet, 0);
    game_play(&g, "L13>L12");
    expect_ongoing(&g.outcome);
    cm_game_free(&g);

    /* A castle move does not. */
    tu_position(&pos, v, "W F16M A4M; B L13M J13M", 'W');
    pos.quiet = 98;
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "F16>G16");
    expect_ongoing(&g.outcome);
    game_play(&g, "L13>L12");
    expect_draw(&g.outcome, CM_REASON_FIFTY_MOVE);
    cm_game_free(&g);
}

/* Camette, Cam and Grand Cam have no draw rules: one piece each is no draw. Grand Camelot and
 * the four-player games have no fifty-move rule. */
static void test_rules_no_draw_rules_where_none_apply(void **state)
{
    (void)state;
    CmPosition pos;
    tu_position(&pos, tu_variant("camette"), "W A3M; B E5M", 'W');
    CmOutcome o = settle(&pos, NULL);
    assert_false(o.over);
    tu_position(&pos, tu_variant("grand-cam"), "R G4M; G C5M", 'R');
    o = settle(&pos, NULL);
    assert_false(o.over);
    const CmVariant *v = tu_variant("grand-camelot");
    CmGame g;
    tu_position(&pos, v, "R E5M E6M; G L13M L12M; B C12M; Y M4M", 'R');
    pos.quiet = 1000;
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "E5>E4");
    game_play(&g, "L13>L14");
    expect_ongoing(&g.outcome);
    cm_game_free(&g);
}

/* Castle-move counters mean nothing where there are no castle moves (2.11.8). */
static void test_rules_castle_counters_ignored_without_castle_moves(void **state)
{
    (void)state;
    static const char *const names[] = {"camette", "cam", "grand-cam", "four-handed-chivalry"};
    for (int k = 0; k < 4; k++) {
        const CmVariant *v = tu_variant(names[k]);
        assert_int_equal(v->rules.castle_moves, 0);
        CmPosition pos;
        cm_pos_start(&pos, v);
        CmMoveList *a = tu_checked_moves(&pos);
        for (int s = 0; s < v->nseats; s++)
            cm_pos_set_castle_used(&pos, s, 2);
        CmMoveList *b = tu_checked_moves(&pos);
        assert_int_equal(a->n, b->n);
        for (int i = 0; i < a->n; i++)
            assert_true(cm_movelist_find(b, &a->m[i]) >= 0);
        free(a);
        free(b);
    }
    /* A piece in a one-square target castle has no castle move to make. */
    CmPosition pos;
    tu_position(&pos, tu_variant("grand-cam"), "R G13M G4M; G C5M; B L7M; Y J9M", 'R');
    tu_expect_moves(&pos, "G13", "");
}

/* ---- End checks without history (2.11.5) ---- */

/* Castle win first, the previous mover's side before the other. */
static void test_rules_settle_castle_win_previous_mover_first(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmPosition pos;
    tu_position(&pos, v, "W F16M G16M A4M; B F1M G1M L13M", 'B');
    CmOutcome o = settle(&pos, NULL);
    expect_win(&o, v, 'W', CM_REASON_CASTLE);
    tu_position(&pos, v, "W F16M G16M A4M; B F1M G1M L13M", 'W');
    o = settle(&pos, NULL);
    expect_win(&o, v, 'B', CM_REASON_CASTLE);
    /* A castle win comes before the stalemate of the side to move. */
    tu_position(&pos, v, "W F16M G16M; B F1M", 'B');
    cm_pos_set_castle_used(&pos, tu_seat(v, 'B'), 2);
    o = settle(&pos, NULL);
    expect_win(&o, v, 'W', CM_REASON_CASTLE);
    /* Elimination needs two pieces, so one against none is the material draw. */
    tu_position(&pos, v, "W A4M", 'B');
    o = settle(&pos, NULL);
    expect_draw(&o, CM_REASON_MATERIAL);
    tu_position(&pos, v, "W A4M C4M", 'B');
    o = settle(&pos, NULL);
    expect_win(&o, v, 'W', CM_REASON_ELIMINATION);
}

/* ---- Four players (3.5) ---- */

/* Turn order Red, Green, Blue, Yellow. */
static void test_rules_four_player_turn_order(void **state)
{
    (void)state;
    static const char *const names[] = {"grand-cam", "grand-camelot", "four-handed-chivalry",
                                        "four-handed-chivalry-solo"};
    for (int k = 0; k < 4; k++) {
        const CmVariant *v = tu_variant(names[k]);
        CmPosition pos;
        cm_pos_start(&pos, v);
        const char order[] = "RGBYR";
        for (int i = 0; i < 5; i++) {
            assert_int_equal(v->seat[pos.to_move].letter, order[i]);
            CmMoveList *list = tu_checked_moves(&pos);
            assert_true(list->n > 0);
            CmUndo u;
            cm_pos_apply(&pos, &list->m[0], &u);
            free(list);
        }
    }
}

/* Partners: Red may canter over Blue's pieces but never jump them; Green and Yellow are both
 * enemies, and one chain may capture pieces of both. */
static void test_rules_partners_cantered_not_jumped(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-camelot");
    CmPosition pos;
    tu_position(&pos, v, "R H8M; G L13M; B H9M; Y C12M", 'R');
    assert_true(tu_has_move(&pos, "H8>H10"));
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_NONE);
    CmMoveList *list = tu_checked_moves(&pos);
    for (int i = 0; i < list->n; i++)
        assert_int_equal(list->m[i].ncap, 0);
    free(list);
    /* Blue likewise canters over Red. */
    cm_pos_set_turn(&pos, tu_seat(v, 'B'));
    assert_true(tu_has_move(&pos, "H9>H7"));
    /* One chain over Green and Yellow. */
    tu_position(&pos, v, "R H8M; G H9M; B C12M; Y H11M", 'R');
    tu_expect_moves(&pos, NULL, "H8>H12xH11,H9");
    /* Grand Cam too. */
    v = tu_variant("grand-cam");
    tu_position(&pos, v, "R G5M; G J9M; B G6M; Y C9M", 'R');
    assert_true(tu_has_move(&pos, "G5>G7"));
    assert_false(tu_has_move(&pos, "G5>G7xG6"));
}

/* Side castles can be entered neither by a plain move nor by a canter. */
static void test_rules_side_castle_no_plain_or_canter_entry(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-camelot");
    CmPosition pos;
    tu_position(&pos, v, "R B9M C9M; G L13M; B E12M; Y M4M", 'R');
    tu_expect_moves(&pos, NULL,
                    "B9>B8 B9>B10 B9>C8 B9>C10 B9>D9 "
                    "C9>B8 C9>B10 C9>C8 C9>C10 C9>D8 C9>D9 C9>D10");
    /* Yellow's castle is a side castle for Red too. */
    tu_position(&pos, v, "R O9M N9M; G L13M; B E12M; Y M4M", 'R');
    assert_false(tu_has_move(&pos, "O9>P9"));
    assert_false(tu_has_move(&pos, "O9>P8"));
    assert_false(tu_has_move(&pos, "N9>P9"));
    assert_true(tu_has_move(&pos, "O9>O8"));
    /* Red's target castle (Green's) may be entered by a plain move. */
    tu_position(&pos, v, "R H15M; G L13M; B E12M; Y M4M", 'R');
    assert_true(tu_has_move(&pos, "H15>H16"));
    assert_true(tu_has_move(&pos, "H15>I16"));
    /* Green may not enter Blue's or Yellow's castle either, but may enter Red's. */
    tu_position(&pos, v, "R L13M; G B8M I2M; B E12M; Y M4M", 'G');
    assert_false(tu_has_move(&pos, "B8>A8"));
    assert_false(tu_has_move(&pos, "B8>A9"));
    assert_true(tu_has_move(&pos, "I2>I1"));
    assert_true(tu_has_move(&pos, "I2>H1"));
}

/* A side castle may be entered by a jump [INF]; the piece must then leave on its next turn,
 * before any capture, as from its own castle. */
static void test_rules_side_castle_entry_by_jump_must_leave(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-camelot");
    CmPosition pos;
    tu_position(&pos, v, "R C9M; G B9M L13M; B E12M; Y M4M", 'R');
    tu_expect_moves(&pos, NULL, "C9>A9xB9");
    tu_position(&pos, v, "R A9M E6M; G E7M L13M; B E12M; Y M4M", 'R');
    tu_expect_moves(&pos, NULL, "A9>B8 A9>B9 A9>B10");
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_EXIT);
    assert_true(cm_set_has(&ob.pieces, tu_sq("A9")));
    /* Own castle in a four-player game: the same. */
    tu_position(&pos, v, "R H1M E6M; G E7M L13M; B E12M; Y M4M", 'R');
    tu_expect_moves(&pos, NULL, "H1>G2 H1>H2 H1>I2");
}

/* Grand Camelot: each player has 2 castle moves of its own. */
static void test_rules_grand_camelot_castle_moves_per_player(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-camelot");
    CmPosition pos;
    tu_position(&pos, v, "R H16M C5M; G L13M; B P8M E12M; Y M4M", 'R');
    CmMove m;
    assert_true(tu_find_move(&pos, "H16>I16", &m));
    assert_true(m.flags & CM_MOVE_CASTLE);
    cm_pos_set_castle_used(&pos, tu_seat(v, 'R'), 2);
    assert_false(tu_has_move(&pos, "H16>I16"));
    assert_true(tu_has_move(&pos, "C5>C6"));
    cm_pos_set_turn(&pos, tu_seat(v, 'B'));
    assert_true(tu_has_move(&pos, "P8>P9"));
    CmUndo u;
    assert_true(tu_find_move(&pos, "P8>P9", &m));
    cm_pos_apply(&pos, &m, &u);
    assert_int_equal(pos.castle_used[tu_seat(v, 'B')], 1);
    assert_int_equal(pos.castle_used[tu_seat(v, 'R')], 2);
}

/* Four-Handed Chivalry, individual game: every other seat is an enemy, so Red must jump Blue
 * and may not canter over it. In the partnership game Blue is a partner. */
static void test_rules_solo_every_other_seat_enemy(void **state)
{
    (void)state;
    CmPosition pos;
    const CmVariant *solo = tu_variant("four-handed-chivalry-solo");
    tu_position(&pos, solo, "R E8K; G N12K; B E9K; Y A5K", 'R');
    tu_expect_moves(&pos, NULL, "E8>E10xE9");
    /* Red still canters over its own pieces. */
    tu_position(&pos, solo, "R E8K E9K; G N12K; B N5K; Y A5K", 'R');
    assert_true(tu_has_move(&pos, "E8>E10"));
    const CmVariant *team = tu_variant("four-handed-chivalry");
    tu_position(&pos, team, "R E8K; G N12K; B E9K; Y A5K", 'R');
    assert_true(tu_has_move(&pos, "E8>E10"));
    CmMoveList *list = tu_checked_moves(&pos);
    for (int i = 0; i < list->n; i++)
        assert_int_equal(list->m[i].ncap, 0);
    free(list);
}

/* Four-Handed Chivalry: the castle squares are ordinary squares (no entry rule, no exit
 * obligation, no castle win). */
static void test_rules_four_handed_castle_squares_ordinary(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("four-handed-chivalry");
    CmPosition pos;
    tu_position(&pos, v, "R G2K G15K; G N12K; B N5K; Y A5K", 'R');
    assert_true(tu_has_move(&pos, "G2>G1"));
    assert_true(tu_has_move(&pos, "G2>H1"));
    assert_true(tu_has_move(&pos, "G15>G16"));
    tu_position(&pos, v, "R G1K E6K; G E7K; B N5K; Y A5K", 'R');
    CmObligation ob;
    cm_movegen_obligation(&pos, &ob);
    assert_int_equal(ob.kind, CM_OBLIGE_CAPTURE);
    tu_expect_moves(&pos, NULL, "E6>E8xE7");
    CmGame g;
    tu_position(&pos, v, "R G15K A11K; G N12K; B N5K; Y A5K", 'R');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "G15>G16");
    expect_ongoing(&g.outcome);
    cm_game_free(&g);
}

/* An eliminated seat is skipped; its partner plays on, and the team can still win. */
static void test_rules_eliminated_seat_skipped(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-camelot");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "R E5M E6M; B C12M L12M; Y M4M", 'R');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "E5>E4");
    expect_ongoing(&g.outcome);
    assert_int_equal(g.pos.to_move, tu_seat(v, 'B'));
    game_play(&g, "C12>C13");
    assert_int_equal(g.pos.to_move, tu_seat(v, 'Y'));
    cm_game_free(&g);
    /* Four-Handed Chivalry: the same. */
    v = tu_variant("four-handed-chivalry");
    tu_position(&pos, v, "R A11K; B N5K; Y A5K", 'R');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "A11>A10");
    expect_ongoing(&g.outcome);
    assert_int_equal(g.pos.to_move, tu_seat(v, 'B'));
    cm_game_free(&g);
}

/* A seat with pieces but no legal move is skipped while its partner can move. Green's only
 * piece is in Red's castle with both castle moves used. */
static void test_rules_stuck_seat_skipped_when_partner_can_move(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-camelot");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "R E5M E6M; G H1M; B C12M; Y M4M", 'R');
    cm_pos_set_castle_used(&pos, tu_seat(v, 'G'), 2);
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "E5>E4");
    expect_ongoing(&g.outcome);
    assert_int_equal(g.pos.to_move, tu_seat(v, 'B'));
    cm_game_free(&g);
    /* A position given with the stuck seat to move is settled the same way. */
    tu_position(&pos, v, "R E5M E6M; G H1M; B C12M; Y M4M", 'G');
    cm_pos_set_castle_used(&pos, tu_seat(v, 'G'), 2);
    int to_move;
    CmOutcome o = settle(&pos, &to_move);
    assert_false(o.over);
    assert_int_equal(to_move, tu_seat(v, 'B'));
}

/* Team stalemate: when neither member of a team can move, the other team wins with two
 * pieces (Grand Camelot) or one (Grand Cam). */
static void test_rules_team_stalemate(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-camelot");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "R E5M; G H1M; B C12M", 'R');
    cm_pos_set_castle_used(&pos, tu_seat(v, 'G'), 2);
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    expect_ongoing(&g.outcome);
    game_play(&g, "E5>E4");
    expect_win(&g.outcome, v, 'R', CM_REASON_STALEMATE);
    cm_game_free(&g);

    /* Grand Cam: Green's piece is shut in its own castle; Yellow has none. */
    v = tu_variant("grand-cam");
    tu_position(&pos, v, "R F12M G12M H12M E11M G11M I11M; G G13M; B C7M", 'G');
    int to_move;
    CmOutcome o = settle(&pos, &to_move);
    expect_win(&o, v, 'B', CM_REASON_STALEMATE);
}

/* Grand Camelot rules: a stalemate "win" by a team with fewer than two pieces is a draw
 * (2.11.7); with two it is a win; one stuck member is skipped while the partner can move. */
static void test_rules_grand_camelot_stalemate_with_one_piece_is_draw(void **state)
{
    (void)state;
    CmVariant *v = stuck_variant(stuck4_grand_camelot, "grand-camelot");
    CmPosition pos;
    int to_move;
    tu_position(&pos, v, "R A1M; G C1M; Y E1M", 'G');
    CmOutcome o = settle(&pos, &to_move);
    expect_draw(&o, CM_REASON_STALEMATE);
    tu_position(&pos, v, "R A1M; B A3M; G C1M; Y E1M", 'G');
    o = settle(&pos, &to_move);
    expect_win(&o, v, 'R', CM_REASON_STALEMATE);
    /* Green stuck, Yellow able to move: Green is skipped, Blue moves. */
    tu_position(&pos, v, "R A1M; B K3M; G C1M; Y K1M", 'G');
    o = settle(&pos, &to_move);
    assert_false(o.over);
    assert_int_equal(to_move, tu_seat(v, 'B'));
    cm_variant_free(v);
}

/* Four-Handed Chivalry: the last team (or, solo, the last player) with pieces wins, with no
 * minimum count. */
static void test_rules_four_handed_last_side_standing(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("four-handed-chivalry");
    CmPosition pos;
    CmGame g;
    tu_position(&pos, v, "R E8K; G E9K", 'R');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    expect_ongoing(&g.outcome);
    game_play(&g, "E8>E10xE9");
    expect_win(&g.outcome, v, 'B', CM_REASON_ELIMINATION);
    cm_game_free(&g);

    v = tu_variant("four-handed-chivalry-solo");
    tu_position(&pos, v, "R E8K; G E9K; B N5K", 'R');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "E8>E10xE9");
    expect_ongoing(&g.outcome);
    assert_int_equal(g.pos.to_move, tu_seat(v, 'B'));
    cm_game_free(&g);
    tu_position(&pos, v, "R E8K; B E9K", 'R');
    assert_int_equal(cm_game_init(&g, v, &pos), CM_OK);
    game_play(&g, "E8>E10xE9");
    expect_win(&g.outcome, v, 'R', CM_REASON_ELIMINATION);
    assert_int_equal(g.outcome.seats, 1u << tu_seat(v, 'R'));
    cm_game_free(&g);
}

/* Four-Handed Chivalry rules: a stuck seat is always skipped (no team stalemate); when no
 * seat can move the game is drawn. */
static void test_rules_four_handed_no_moves_draw(void **state)
{
    (void)state;
    CmVariant *v = stuck_variant(stuck4_four_handed, "four-handed-chivalry");
    CmPosition pos;
    int to_move;
    tu_position(&pos, v, "R A1K; G C1K; B E1K; Y A3K", 'R');
    CmOutcome o = settle(&pos, &to_move);
    expect_draw(&o, CM_REASON_NO_MOVES);
    /* Green and Yellow both stuck: they are skipped, and the game goes on. */
    tu_position(&pos, v, "R A1K; G C1K; B K1K; Y A3K", 'G');
    o = settle(&pos, &to_move);
    assert_false(o.over);
    assert_int_equal(to_move, tu_seat(v, 'B'));
    cm_variant_free(v);

    v = stuck_variant(stuck4_four_handed_solo, "four-handed-chivalry-solo");
    tu_position(&pos, v, "R A1K; G C1K; B E1K; Y A3K", 'B');
    o = settle(&pos, &to_move);
    expect_draw(&o, CM_REASON_NO_MOVES);
    tu_position(&pos, v, "R A1K; G C1K; B E1K; Y K3K", 'R');
    o = settle(&pos, &to_move);
    assert_false(o.over);
    assert_int_equal(to_move, tu_seat(v, 'Y'));
    cm_variant_free(v);
}

/* A position set up by hand can be played from unless the game is over before its first move
 * (a castle taken, a seat eliminated, the material draw), and the reason says why. */
static void test_rules_playable(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmPosition pos;
    char why[160];

    cm_pos_start(&pos, v);
    assert_int_equal(cm_rules_playable(&pos, why, sizeof why), 1);
    tu_position(&pos, v, "W E6K F7M; B D11M E12K", 'W');
    assert_int_equal(cm_rules_playable(&pos, why, sizeof why), 1);
    tu_position(&pos, v, "W E6K; B D11M", 'B');
    assert_int_equal(cm_rules_playable(&pos, why, sizeof why), 0);
    assert_string_equal(why, "the game is over before its first move: draw (material)");
    tu_position(&pos, v, "W E6K F7M", 'W');
    assert_int_equal(cm_rules_playable(&pos, why, sizeof why), 0);
    tu_assert_contains(why, "W wins (elimination)");
    tu_position(&pos, v, "W F16M G16M; B D11M E12K", 'B');
    assert_int_equal(cm_rules_playable(&pos, NULL, 0), 0);
}

/* A game ended off the board: won by a team with its seats, or drawn; a flag loses for the
 * seat's team in a game of two teams (Grand Camelot's partners too) and draws a game of four
 * teams (Four-Handed Chivalry played each alone). */
static void test_rules_off_board(void **state)
{
    (void)state;
    const CmVariant *two = tu_variant("camelot");
    const CmVariant *partners = tu_variant("grand-camelot");
    const CmVariant *four = tu_variant("four-handed-chivalry-solo");
    CmOutcome o;
    memset(&o, 0xff, sizeof o);
    cm_outcome_off_board(two, 1, &o);
    assert_true(o.over);
    assert_false(o.draw);
    assert_int_equal(o.winner, 1);
    assert_int_equal(o.seats, two->team_seats[1]);
    assert_int_equal(o.reason, CM_REASON_NONE);
    cm_outcome_off_board(four, -1, &o);
    assert_true(o.over);
    assert_true(o.draw);
    assert_int_equal(o.winner, -1);
    assert_int_equal(o.seats, 0u);
    assert_int_equal(o.reason, CM_REASON_NONE);

    assert_int_equal(cm_forfeit_winner(two, 0), 1);
    assert_int_equal(cm_forfeit_winner(two, 1), 0);
    for (int seat = 0; seat < partners->nseats; seat++)
        assert_int_equal(cm_forfeit_winner(partners, seat), 1 - partners->seat[seat].team);
    for (int seat = 0; seat < four->nseats; seat++)
        assert_int_equal(cm_forfeit_winner(four, seat), -1);
}

/* A seat's clock starts after its first move, and a first move taken back is a first move
 * again. */
static void test_rules_clock_starts_after_the_first_move(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-camelot");
    CmGame g;
    assert_int_equal(cm_game_init(&g, v, NULL), CM_OK);
    for (int seat = 0; seat < v->nseats; seat++)
        assert_false(cm_clock_started(&g, seat));
    int first = g.pos.to_move;
    CmMoveList *moves = tu_moves(&g.pos);
    assert_int_equal(cm_game_play(&g, &moves->m[0]), CM_OK);
    free(moves);
    assert_true(cm_clock_started(&g, first));
    for (int seat = 0; seat < v->nseats; seat++)
        if (seat != first)
            assert_false(cm_clock_started(&g, seat));
    assert_int_equal(cm_game_undo(&g), 1);
    assert_false(cm_clock_started(&g, first));
    cm_game_free(&g);
    /* A move's charge: nothing before the clock starts, then the time used and the
     * increment. */
    assert_int_equal(cm_clock_after_move(60000, 4000, 5000, 0), 60000);
    assert_int_equal(cm_clock_after_move(60000, 4000, 5000, 1), 61000);
    assert_int_equal(cm_clock_after_move(1000, 1000, 0, 1), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_castle_win_with_one_piece),
        cmocka_unit_test(test_rules_camelot_castle_win_needs_two_pieces),
        cmocka_unit_test(test_rules_grand_camelot_team_castle_win),
        cmocka_unit_test(test_rules_grand_cam_castle_win_with_one_piece),
        cmocka_unit_test(test_rules_camelot_elimination_win),
        cmocka_unit_test(test_rules_camelot_elimination_with_one_piece_is_draw),
        cmocka_unit_test(test_rules_camelot_two_against_one_goes_on),
        cmocka_unit_test(test_rules_cam_elimination_with_one_piece_wins),
        cmocka_unit_test(test_rules_grand_camelot_elimination),
        cmocka_unit_test(test_rules_camelot_stalemate_win),
        cmocka_unit_test(test_rules_camelot_stalemate_with_one_piece_is_draw),
        cmocka_unit_test(test_rules_camette_no_move_loses),
        cmocka_unit_test(test_rules_camelot_material_draw),
        cmocka_unit_test(test_rules_camelot_threefold_repetition),
        cmocka_unit_test(test_rules_camelot_fifty_move_rule),
        cmocka_unit_test(test_rules_camelot_fifty_move_resets),
        cmocka_unit_test(test_rules_no_draw_rules_where_none_apply),
        cmocka_unit_test(test_rules_castle_counters_ignored_without_castle_moves),
        cmocka_unit_test(test_rules_settle_castle_win_previous_mover_first),
        cmocka_unit_test(test_rules_four_player_turn_order),
        cmocka_unit_test(test_rules_partners_cantered_not_jumped),
        cmocka_unit_test(test_rules_side_castle_no_plain_or_canter_entry),
        cmocka_unit_test(test_rules_side_castle_entry_by_jump_must_leave),
        cmocka_unit_test(test_rules_grand_camelot_castle_moves_per_player),
        cmocka_unit_test(test_rules_solo_every_other_seat_enemy),
        cmocka_unit_test(test_rules_four_handed_castle_squares_ordinary),
        cmocka_unit_test(test_rules_eliminated_seat_skipped),
        cmocka_unit_test(test_rules_stuck_seat_skipped_when_partner_can_move),
        cmocka_unit_test(test_rules_team_stalemate),
        cmocka_unit_test(test_rules_grand_camelot_stalemate_with_one_piece_is_draw),
        cmocka_unit_test(test_rules_four_handed_last_side_standing),
        cmocka_unit_test(test_rules_four_handed_no_moves_draw),
        cmocka_unit_test(test_rules_playable),
        cmocka_unit_test(test_rules_off_board),
        cmocka_unit_test(test_rules_clock_starts_after_the_first_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
