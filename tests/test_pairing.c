/* A tournament's pairings and standings (src/server/pairing.c): a Swiss of six played by hand
 * for three rounds, each pairing, colour, score and tie-break worked out in the comments; the
 * bye of an odd field; no pair twice in a Swiss as long as a round without one exists, and the
 * fewest rematches when one is needed; and
 * round robins of 2 to 12 in which everyone meets everyone once, with balanced colours.
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "server/pairing.h"

static void assert_pair(const PairRound *r, int board, int white, int black)
{
    assert_true(board < r->npairs);
    if (r->white[board] != white || r->black[board] != black)
        fail_msg("board %d: %d-%d, not %d-%d", board, r->white[board], r->black[board], white,
                 black);
}

static int add_game(PairGame *g, int n, int white, int black, int result)
{
    g[n].white = white;
    g[n].black = black;
    g[n].result = result;
    return n + 1;
}

static void assert_standing(const PairStanding *s, int entrant, int score, int buchholz,
                            int sonneborn)
{
    if (s->entrant != entrant || s->score != score || s->buchholz != buchholz ||
        s->sonneborn != sonneborn)
        fail_msg("entrant %d, score %d, Buchholz %d, Sonneborn-Berger %d; not %d, %d, %d, %d",
                 s->entrant, s->score, s->buchholz, s->sonneborn, entrant, score, buchholz,
                 sonneborn);
}

/* Six entrants, 0 the highest rated. */
static void test_pairing_swiss_by_hand(void **state)
{
    (void)state;
    PairEntrant e[6];
    memset(e, 0, sizeof e);
    for (int i = 0; i < 6; i++)
        e[i].rating = 1600 - 100 * i;
    PairGame g[32] = {{0}};
    int ng = 0;
    PairRound r;

    /* Round 1: the top half meets the bottom half, 0-3, 1-4, 2-5; the higher has white on
     * the first and third boards. */
    assert_int_equal(pair_swiss(e, 6, g, ng, &r), 0);
    assert_int_equal(r.npairs, 3);
    assert_int_equal(r.bye, -1);
    assert_pair(&r, 0, 0, 3);
    assert_pair(&r, 1, 4, 1);
    assert_pair(&r, 2, 2, 5);
    ng = add_game(g, ng, 0, 3, 2); /* 0 wins */
    ng = add_game(g, ng, 4, 1, 2); /* 4 wins */
    ng = add_game(g, ng, 2, 5, 1); /* a draw */

    /* Round 2: by score (half points) 0 and 4 on 2, 2 and 5 on 1, 1 and 3 on 0. 0-4; 2 has
     * met 5, so meets 1, the first below; 5-3. Colours: 0 and 4 both had white, the higher (0)
     * has black; 1 had black, 2 white: 1 white; 5 and 3 both had black, the higher (5) white. */
    assert_int_equal(pair_swiss(e, 6, g, ng, &r), 0);
    assert_pair(&r, 0, 4, 0);
    assert_pair(&r, 1, 1, 2);
    assert_pair(&r, 2, 5, 3);
    ng = add_game(g, ng, 4, 0, 2); /* 4 wins */
    ng = add_game(g, ng, 1, 2, 1); /* a draw */
    ng = add_game(g, ng, 5, 3, 0); /* 3 wins */

    /* The standings: 4 on 4; 0, 2, 3 on 2; 1, 5 on 1. Buchholz (the opponents' scores):
     * 4: 1 + 2 = 3; 0: 2 + 4 = 6; 3: 2 + 1 = 3; 2: 1 + 1 = 2; 1: 4 + 2 = 6; 5: 2 + 2 = 4.
     * Sonneborn-Berger in quarter points (twice the score of each beaten, once that of each
     * drawn with): 4: 2 + 4 = 6; 0: 4; 3: 2; 2: 1 + 1 = 2; 1: 2; 5: 2. */
    PairStanding st[6];
    pair_standings(e, 6, g, ng, st);
    assert_standing(&st[0], 4, 4, 3, 6);
    assert_standing(&st[1], 0, 2, 6, 4);
    assert_standing(&st[2], 3, 2, 3, 2);
    assert_standing(&st[3], 2, 2, 2, 2);
    assert_standing(&st[4], 1, 1, 6, 2);
    assert_standing(&st[5], 5, 1, 4, 2);
    assert_true(st[0].won == 2 && st[0].games == 2 && st[0].whites == 2);
    assert_true(st[3].drawn == 2 && st[3].whites == 1 && st[3].blacks == 1);

    /* Round 3: 4 has met 0, so meets 2; 0 has met 3, and 0-1 would leave 3-5, who met: 0-5,
     * 3-1. Colours: 4 had white twice, 2 once: 2 white; 0 had black last, 5 white: 0 white;
     * 3 had black twice: 3 white. */
    assert_int_equal(pair_swiss(e, 6, g, ng, &r), 0);
    assert_pair(&r, 0, 2, 4);
    assert_pair(&r, 1, 0, 5);
    assert_pair(&r, 2, 3, 1);
}

/* Five: the lowest has the bye, then the lowest of those who have had none; a bye is a win
 * that adds nothing to anyone's Buchholz. A withdrawn entrant is paired no more. */
static void test_pairing_swiss_bye(void **state)
{
    (void)state;
    PairEntrant e[5];
    memset(e, 0, sizeof e);
    for (int i = 0; i < 5; i++)
        e[i].rating = 2000 - 10 * i;
    PairGame g[16] = {{0}};
    int ng = 0;
    PairRound r;
    assert_int_equal(pair_swiss(e, 5, g, ng, &r), 0);
    assert_int_equal(r.bye, 4);
    assert_int_equal(r.npairs, 2);
    assert_pair(&r, 0, 0, 2);
    assert_pair(&r, 1, 3, 1);
    ng = add_game(g, ng, 4, -1, 2);
    ng = add_game(g, ng, 0, 2, 2);
    ng = add_game(g, ng, 3, 1, 0);
    /* 0, 1, 4 on 2 (4 by the bye); 2, 3 on 0. The bye goes to 3, the lowest without one. */
    assert_int_equal(pair_swiss(e, 5, g, ng, &r), 0);
    assert_int_equal(r.bye, 3);
    PairStanding st[5];
    pair_standings(e, 5, g, ng, st);
    assert_standing(&st[0], 0, 2, 0, 0);
    assert_standing(&st[1], 1, 2, 0, 0);
    assert_standing(&st[2], 4, 2, 0, 0);
    assert_true(st[2].byes == 1 && st[2].games == 0);
    e[3].withdrawn = 1;
    assert_int_equal(pair_swiss(e, 5, g, ng, &r), 0);
    assert_int_equal(r.npairs, 2);
    assert_int_equal(r.bye, -1);
    for (int k = 0; k < r.npairs; k++)
        assert_true(r.white[k] != 3 && r.black[k] != 3);
    for (int i = 0; i < 5; i++)
        e[i].withdrawn = i != 2;
    assert_int_equal(pair_swiss(e, 5, g, ng, &r), -1);
}

/* A Swiss of N rounds among N + 1 entrants (higher rated always winning, or drawing every
 * third game) never pairs two who have met, and no entrant plays twice in a round. */
static void test_pairing_swiss_no_pair_twice(void **state)
{
    (void)state;
    for (int n = 4; n <= 12; n += 2) {
        PairEntrant e[12];
        memset(e, 0, sizeof e);
        for (int i = 0; i < n; i++)
            e[i].rating = 1500 + 37 * ((i * 7) % n);
        PairGame g[12 * 12] = {{0}};
        int ng = 0, met[12][12];
        memset(met, 0, sizeof met);
        for (int round = 0; round < n - 1; round++) {
            PairRound r;
            assert_int_equal(pair_swiss(e, n, g, ng, &r), 0);
            assert_int_equal(r.npairs, n / 2);
            int seen[12] = {0};
            for (int k = 0; k < r.npairs; k++) {
                int a = r.white[k], b = r.black[k];
                if (met[a][b])
                    fail_msg("%d entrants, round %d: %d and %d meet again", n, round + 1, a, b);
                assert_true(!seen[a] && !seen[b]);
                seen[a] = seen[b] = 1;
                met[a][b] = met[b][a] = 1;
                int result = (ng % 3 == 2) ? 1 : e[a].rating >= e[b].rating ? 2 : 0;
                ng = add_game(g, ng, a, b, result);
            }
        }
    }
}

/* Round robins of 2 to 12: every pair once, a bye a round for an odd field and once each,
 * nobody twice in a round; white and black in each entrant's games differ by one at most. */
/* When a round needs a rematch, it has as few as it can: 22 entrants, eleven (0 .. 10) who
 * have each met each of the eleven others (11 .. 21) once, are paired with one rematch only
 * (the two groups are odd: one pair of them must cross). And over many rounds in a small
 * field no pair meets a third time before every pair has met twice: the meetings stay even. */
static void test_pairing_swiss_fewest_rematches(void **state)
{
    (void)state;
    enum { N = 22 };
    PairEntrant e[N];
    memset(e, 0, sizeof e);
    for (int i = 0; i < N; i++)
        e[i].rating = 2000 - 10 * i;
    static PairGame g[N * N];
    int ng = 0;
    for (int round = 0; round < 11; round++)
        for (int a = 0; a < 11; a++)
            ng = add_game(g, ng, a, 11 + (a + round) % 11, 1);
    PairRound r;
    assert_int_equal(pair_swiss(e, N, g, ng, &r), 0);
    assert_int_equal(r.npairs, 11);
    int crossing = 0;
    for (int k = 0; k < r.npairs; k++)
        crossing += (r.white[k] < 11) != (r.black[k] < 11);
    assert_int_equal(crossing, 1);

    for (int n = 4; n <= 8; n += 2) {
        int met[8][8];
        memset(met, 0, sizeof met);
        ng = 0;
        for (int round = 0; round < 20; round++) {
            assert_int_equal(pair_swiss(e, n, g, ng, &r), 0);
            assert_int_equal(r.npairs, n / 2);
            for (int k = 0; k < r.npairs; k++) {
                int a = r.white[k], b = r.black[k];
                met[a][b]++;
                met[b][a]++;
                ng = add_game(g, ng, a, b, a < b ? 2 : 0); /* the higher rated wins */
            }
            int least = 1000, most = 0;
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++)
                    if (a != b) {
                        least = met[a][b] < least ? met[a][b] : least;
                        most = met[a][b] > most ? met[a][b] : most;
                    }
            if (most > least + 1)
                fail_msg("%d entrants, round %d: a pair met %d times, another %d", n, round + 1,
                         most, least);
        }
    }
}

/* Changing partnerships among 4, 8 and 12: in n - 1 rounds each entrant partners every other
 * once and plays every round, on a side of two; White and Black by turns as even as the
 * partnerships allow. And the standings of 4 after three games, by hand: 0+3 beat 1+2, 0+2
 * drew 1+3, 0+1 lost to 2+3. */
static void test_pairing_rotating(void **state)
{
    (void)state;
    for (int n = 4; n <= 12; n += 4) {
        int partners[12][12];
        memset(partners, 0, sizeof partners);
        for (int round = 0; round < n - 1; round++) {
            PairRound r;
            assert_int_equal(pair_rotating(n, round, &r), 0);
            assert_int_equal(r.npairs, n / 4);
            assert_int_equal(r.bye, -1);
            int seen[12] = {0};
            for (int k = 0; k < r.npairs; k++) {
                int who[4] = {r.white[k], r.white2[k], r.black[k], r.black2[k]};
                for (int i = 0; i < 4; i++) {
                    assert_true(who[i] >= 0 && who[i] < n && !seen[who[i]]);
                    seen[who[i]] = 1;
                }
                partners[who[0]][who[1]]++;
                partners[who[1]][who[0]]++;
                partners[who[2]][who[3]]++;
                partners[who[3]][who[2]]++;
            }
        }
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++)
                if (a != b && partners[a][b] != 1)
                    fail_msg("%d entrants: %d and %d partnered %d times", n, a, b, partners[a][b]);
        PairRound r;
        assert_int_equal(pair_rotating(n, n - 1, &r), -1);
    }
    PairRound r;
    assert_int_equal(pair_rotating(6, 0, &r), -1); /* not a multiple of 4 */

    PairEntrant e[4];
    memset(e, 0, sizeof e);
    for (int i = 0; i < 4; i++)
        e[i].rating = 1600 - 50 * i;
    PairGame g[3] = {{0, 1, 2, 1, 3, 2}, {0, 1, 1, 1, 2, 3}, {0, 2, 0, 1, 1, 3}};
    PairStanding st[4];
    pair_standings(e, 4, g, 3, st);
    int score[4] = {0}, buch[4] = {0}, sb[4] = {0};
    for (int i = 0; i < 3; i++) {
        int side[2][2] = {{g[i].white, g[i].white2}, {g[i].black, g[i].black2}};
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < 2; k++)
                score[side[s][k]] += s == 0 ? g[i].result : 2 - g[i].result;
    }
    for (int i = 0; i < 3; i++) {
        int side[2][2] = {{g[i].white, g[i].white2}, {g[i].black, g[i].black2}};
        for (int s = 0; s < 2; s++) {
            int theirs = score[side[1 - s][0]] + score[side[1 - s][1]];
            int mine = s == 0 ? g[i].result : 2 - g[i].result;
            for (int k = 0; k < 2; k++) {
                buch[side[s][k]] += theirs;
                sb[side[s][k]] += mine * theirs;
            }
        }
    }
    /* By hand: scores (half points) 0: 2+1+0 = 3, 1: 0+1+0 = 1, 2: 0+1+2 = 3, 3: 2+1+2 = 5. */
    assert_int_equal(score[0], 3);
    assert_int_equal(score[1], 1);
    assert_int_equal(score[2], 3);
    assert_int_equal(score[3], 5);
    /* 3 first (5); then 0 and 2 on 3 each, with the same Buchholz, the scores of both
     * opponents of each game (0: (1+3) + (1+5) + (3+5) = 18; 2: (3+5) + (1+5) + (3+1) = 18)
     * and the same Sonneborn-Berger in quarters (0: 2*4 + 6 + 0 = 14; 2: 0 + 6 + 2*4 = 14):
     * 0, rated higher, above 2; 1 last. */
    assert_int_equal(buch[0], 18);
    assert_int_equal(sb[2], 14);
    assert_standing(&st[0], 3, 5, buch[3], sb[3]);
    assert_standing(&st[1], 0, 3, 18, 14);
    assert_standing(&st[2], 2, 3, 18, 14);
    assert_standing(&st[3], 1, 1, buch[1], sb[1]);
    assert_int_equal(st[0].games, 3);
    assert_int_equal(st[0].won, 2);
    assert_int_equal(st[0].drawn, 1);
}

static void test_pairing_round_robin(void **state)
{
    (void)state;
    for (int n = 2; n <= 12; n++) {
        int met[12][12], whites[12] = {0}, blacks[12] = {0}, byes[12] = {0};
        memset(met, 0, sizeof met);
        int rounds = pair_rounds(n);
        assert_int_equal(rounds, n % 2 == 0 ? n - 1 : n);
        for (int round = 0; round < rounds; round++) {
            PairRound r;
            assert_int_equal(pair_round_robin(n, round, &r), 0);
            assert_int_equal(r.npairs, n / 2);
            int seen[12] = {0};
            if (n % 2 == 1) {
                assert_true(r.bye >= 0 && r.bye < n);
                byes[r.bye]++;
                seen[r.bye] = 1;
            } else {
                assert_int_equal(r.bye, -1);
            }
            for (int k = 0; k < r.npairs; k++) {
                int a = r.white[k], b = r.black[k];
                assert_true(a >= 0 && a < n && b >= 0 && b < n && a != b);
                assert_true(!seen[a] && !seen[b]);
                seen[a] = seen[b] = 1;
                met[a][b]++;
                met[b][a]++;
                whites[a]++;
                blacks[b]++;
            }
        }
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++)
                if (a != b && met[a][b] != 1)
                    fail_msg("a round robin of %d: %d and %d met %d times", n, a, b, met[a][b]);
            if (whites[a] - blacks[a] > 1 || blacks[a] - whites[a] > 1)
                fail_msg("a round robin of %d: %d has %d whites and %d blacks", n, a, whites[a],
                         blacks[a]);
            assert_int_equal(byes[a], n % 2);
        }
        PairRound r;
        assert_int_equal(pair_round_robin(n, rounds, &r), -1);
        assert_int_equal(pair_round_robin(n, -1, &r), -1);
    }
    PairRound r;
    assert_int_equal(pair_round_robin(1, 0, &r), -1);
    assert_int_equal(pair_round_robin(PAIR_MAX + 1, 0, &r), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pairing_swiss_by_hand),
        cmocka_unit_test(test_pairing_swiss_bye),
        cmocka_unit_test(test_pairing_swiss_no_pair_twice),
        cmocka_unit_test(test_pairing_swiss_fewest_rematches),
        cmocka_unit_test(test_pairing_rotating),
        cmocka_unit_test(test_pairing_round_robin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
