/* Positions: setup of every variant, apply/undo restoring the position and its hash over
 * random games, hash consistency, and list/count agreement.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "camelot/rules.h"
#include "testutil.h"

static void check_sets(const CmPosition *pos)
{
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        uint8_t c = pos->board[sq];
        int knight = c != CM_EMPTY && CM_CELL_KIND(c) == CM_KNIGHT;
        assert_int_equal((pos->knights[CM_CLASS(sq)] >> CM_CBIT(sq)) & 1, knight);
    }
    for (int s = 0; s < pos->v->nseats; s++) {
        int n = 0;
        for (int sq = 0; sq < CM_SQUARES; sq++) {
            uint8_t c = pos->board[sq];
            int here = c != CM_EMPTY && CM_CELL_SEAT(c) == s;
            assert_int_equal(cm_set_has(&pos->occ[s], (unsigned)sq), here);
            assert_int_equal((pos->cls[s][CM_CLASS(sq)] >> CM_CBIT(sq)) & 1, here);
            n += here;
        }
        assert_int_equal(pos->npieces[s], n);
    }
}

/* Plays random games, the same in every run (seeded); after every move checks the hash against
 * a fresh computation and that taking the move back restores the position exactly. */
static void random_games(const CmVariant *v, int games, int plies, uint64_t seed)
{
    int moves_checked = 0;
    for (int g = 0; g < games; g++) {
        CmPosition pos;
        CmOutcome o;
        cm_pos_start(&pos, v);
        for (int ply = 0; ply < plies; ply++) {
            cm_rules_settle(&pos, &o);
            if (o.over)
                break;
            CmMoveList *list = tu_moves(&pos);
            int n = list->n;
            assert_true(n > 0);
            for (int i = 0; i < n; i++) {
                CmPosition before = pos;
                CmUndo undo;
                cm_pos_apply(&pos, &list->m[i], &undo);
                assert_true(pos.hash == cm_pos_compute_hash(&pos));
                cm_pos_undo(&pos, &list->m[i], &undo);
                assert_true(cm_pos_equal(&pos, &before));
                assert_true(memcmp(&pos, &before, sizeof pos) == 0);
                moves_checked++;
            }
            CmUndo undo;
            CmMove m = list->m[tu_rand_below(&seed, n)];
            free(list);
            int mover = pos.to_move;
            cm_pos_apply(&pos, &m, &undo);
            check_sets(&pos);
            if (cm_rules_after_move(&pos, mover, &o))
                break;
        }
    }
    assert_true(moves_checked > 1000);
}

static void test_position_apply_undo_random_games(void **state)
{
    (void)state;
    for (size_t i = 0; i < TU_NVARIANTS; i++)
        random_games(tu_variant(tu_variant_names[i]), 12, 150, 0x9e3779b97f4a7c15ull + i);
}

static void test_position_start_matches_variant(void **state)
{
    (void)state;
    for (size_t i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        CmPosition pos;
        cm_pos_start(&pos, v);
        assert_memory_equal(pos.board, v->start, sizeof pos.board);
        assert_int_equal(pos.to_move, 0);
        assert_true(pos.hash == cm_pos_compute_hash(&pos));
        check_sets(&pos);
    }
}

static void test_position_hash_tracks_turn_and_castle_moves(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmPosition a, b;
    cm_pos_start(&a, v);
    b = a;
    cm_pos_set_turn(&b, 1);
    assert_true(a.hash != b.hash);
    assert_true(b.hash == cm_pos_compute_hash(&b));
    cm_pos_set_turn(&b, 0);
    assert_true(a.hash == b.hash);
    cm_pos_set_castle_used(&b, 1, 2);
    assert_true(a.hash != b.hash);
    assert_true(b.hash == cm_pos_compute_hash(&b));
    assert_false(cm_pos_equal(&a, &b));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_position_start_matches_variant),
        cmocka_unit_test(test_position_apply_undo_random_games),
        cmocka_unit_test(test_position_hash_tracks_turn_and_castle_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
