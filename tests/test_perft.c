/* Effect perft from every variant's start: fixed counts that any change to move generation
 * must keep (Camelot depth 1-2 agree with an independent implementation).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "camelot/rules.h"
#include "testutil.h"

/* Perft with the conventions of 'camelot perft': a position where the game is over has no
 * moves; a seat with no move is skipped as the rules say. */
static uint64_t perft(CmPosition *pos, int depth)
{
    CmPosition settled = *pos;
    CmOutcome o;
    uint64_t n = 0;
    cm_rules_settle(&settled, &o);
    if (o.over)
        return 0;
    CmMoveList *list = tu_moves(&settled); /* 'cm_movegen_count' agrees */
    int count = list->n;
    if (depth == 1) {
        n = (uint64_t)count;
    } else {
        int mover = settled.to_move;
        for (int i = 0; i < count; i++) {
            CmUndo undo;
            cm_pos_apply(&settled, &list->m[i], &undo);
            if (!cm_rules_after_move(&settled, mover, &o))
                n += perft(&settled, depth - 1);
            cm_pos_undo(&settled, &list->m[i], &undo);
        }
    }
    free(list);
    return n;
}

static void check(const char *name, const uint64_t *expect, int depth)
{
    CmPosition pos;
    cm_pos_start(&pos, tu_variant(name));
    for (int d = 1; d <= depth; d++)
        assert_int_equal(perft(&pos, d), expect[d - 1]);
}

static void test_perft_camette(void **state)
{
    (void)state;
    static const uint64_t n[] = {22, 345, 4926};
    check("camette", n, 3);
}

static void test_perft_cam(void **state)
{
    (void)state;
    static const uint64_t n[] = {54, 2916, 166212};
    check("cam", n, 3);
}

static void test_perft_camelot(void **state)
{
    (void)state;
    static const uint64_t n[] = {100, 10026, 1070822};
    check("camelot", n, 3);
}

static void test_perft_chivalry(void **state)
{
    (void)state;
    static const uint64_t n[] = {132, 17470};
    check("chivalry", n, 2);
}

static void test_perft_grand_cam(void **state)
{
    (void)state;
    static const uint64_t n[] = {26, 676, 17654};
    check("grand-cam", n, 3);
}

static void test_perft_grand_camelot(void **state)
{
    (void)state;
    static const uint64_t n[] = {80, 6400};
    check("grand-camelot", n, 2);
}

static void test_perft_four_handed_chivalry(void **state)
{
    (void)state;
    static const uint64_t n[] = {26, 676, 17576};
    check("four-handed-chivalry", n, 3);
    check("four-handed-chivalry-solo", n, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_camette),
        cmocka_unit_test(test_perft_cam),
        cmocka_unit_test(test_perft_camelot),
        cmocka_unit_test(test_perft_chivalry),
        cmocka_unit_test(test_perft_grand_cam),
        cmocka_unit_test(test_perft_grand_camelot),
        cmocka_unit_test(test_perft_four_handed_chivalry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
