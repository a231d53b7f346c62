/* Ratings: the worked example of Glickman's paper, the RD of an idle player, draws between
 * equals, team games and the free-for-all, a person with two seats, engine seats, bad games,
 * and extreme inputs (bounded, finite, in bounded rounds).
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>

#include "session/rating.h"
#include "testutil.h"

#define SCALE 173.7178 /* rating points to one unit of the Glicko-2 scale, as in the paper */
#define PI 3.14159265358979323846

static Rating rating(double r, double rd, double volatility)
{
    Rating x = {r, rd, volatility};
    return x;
}

static RatingResult result(double r, double rd, double score)
{
    RatingResult x = {r, rd, score};
    return x;
}

static RatingSeat person(int64_t id, int team, Rating r)
{
    RatingSeat s = {id, false, team, r};
    return s;
}

static RatingSeat engine(int level, int team)
{
    RatingSeat s = {0, true, team, rating_engine(level)};
    return s;
}

static void assert_near(double got, double want, double tolerance)
{
    if (!(fabs(got - want) <= tolerance))
        fail_msg("%.6f is not %.6f within %g", got, want, tolerance);
}

static void assert_same_rating(const Rating *a, const Rating *b)
{
    assert_near(a->rating, b->rating, 1e-9);
    assert_near(a->rd, b->rd, 1e-9);
    assert_near(a->volatility, b->volatility, 1e-12);
}

/* Finite and within the documented bounds. */
static void assert_bounded(const Rating *r)
{
    assert_true(isfinite(r->rating) && isfinite(r->rd) && isfinite(r->volatility));
    assert_true(r->rating >= RATING_MIN && r->rating <= RATING_MAX);
    assert_true(r->rd >= RATING_RD_MIN && r->rd <= RATING_RD_MAX);
    assert_true(r->volatility >= RATING_VOLATILITY_MIN && r->volatility <= RATING_VOLATILITY_MAX);
}

/* The paper's example: 1500/200/0.06 beats 1400/30 and loses to 1550/100 and 1700/300. The
 * paper gives mu' = -0.2069, phi' = 0.8722 and sigma' = 0.05999 on the Glicko-2 scale, and
 * 1464.06 and 151.52 on the rating scale. Its figures are cut to their last place: sigma' is
 * 0.059996, and its rating comes from mu' rounded to four places (unrounded, 1464.051), so
 * each is checked within one unit of its last place. */
static void test_rating_paper_example(void **state)
{
    (void)state;
    Rating p = rating(1500, 200, 0.06);
    RatingResult games[3] = {result(1400, 30, 1), result(1550, 100, 0), result(1700, 300, 0)};
    Rating r = rating_update(&p, games, 3);
    assert_near((r.rating - 1500) / SCALE, -0.2069, 0.00005);
    assert_near(r.rd / SCALE, 0.8722, 0.00005);
    assert_near(r.volatility, 0.05999, 0.00001);
    assert_near(r.rating, 1464.06, 0.01);
    assert_near(r.rd, 151.52, 0.01);

    /* Step 5 alone, from the paper's v = 1.7785 and delta = -0.4834. */
    int rounds = -1;
    double sigma =
        rating_volatility(200 / SCALE, 1.7785, -0.4834, 0.06, RATING_MAX_ITERATIONS, &rounds);
    assert_near(sigma, 0.05999, 0.00001);
    assert_true(rounds > 0 && rounds < RATING_MAX_ITERATIONS);
}

static void test_rating_new_player_is_the_default(void **state)
{
    (void)state;
    Rating r = rating_default();
    assert_near(r.rating, 1500, 0);
    assert_near(r.rd, 350, 0);
    assert_near(r.volatility, 0.06, 0);
}

/* Idle periods add the volatility squared to the RD squared (on the Glicko-2 scale) once a
 * period, up to a new player's RD; the rating and the volatility stay. */
static void test_rating_idle_rd_grows(void **state)
{
    (void)state;
    Rating p = rating(1720, 60, 0.06);
    double step = 0.06 * SCALE;
    Rating last = p;
    for (int t = 1; t <= 50; t++) {
        Rating r = rating_idle(&p, t);
        assert_near(r.rd, sqrt(60.0 * 60.0 + t * step * step), 1e-9);
        assert_true(r.rd > last.rd);
        assert_near(r.rating, 1720, 0);
        assert_near(r.volatility, 0.06, 0);
        last = r;
    }
    /* A period at a time is the same as all at once. */
    Rating stepwise = p;
    for (int t = 0; t < 7; t++)
        stepwise = rating_idle(&stepwise, 1);
    Rating at_once = rating_idle(&p, 7);
    assert_same_rating(&stepwise, &at_once);

    /* Never above a new player's RD, however long the absence. */
    Rating r = rating_idle(&p, 1000000);
    assert_near(r.rd, RATING_RD_MAX, 0);
    r = rating_idle(&p, 2147483647);
    assert_near(r.rd, RATING_RD_MAX, 0);

    /* No period: as it was. A period with no games is one idle period. */
    r = rating_idle(&p, 0);
    assert_same_rating(&r, &p);
    Rating none = rating_update(&p, NULL, 0);
    Rating one = rating_idle(&p, 1);
    assert_same_rating(&none, &one);
}

/* A draw between two players of the same rating leaves both where they were, and their RDs
 * fall alike; a win moves them by the same amount in opposite directions. */
static void test_rating_draw_between_equals_keeps_them_equal(void **state)
{
    (void)state;
    Rating a = rating(1640, 90, 0.06);
    RatingGame g = {2, {person(1, 0, a), person(2, 1, a)}, RATING_NO_WINNER};
    Rating out[RATING_MAX_SEATS];
    assert_int_equal(rating_game(&g, out, NULL), CM_OK);
    assert_same_rating(&out[0], &out[1]);
    assert_near(out[0].rating, 1640, 1e-9);
    assert_true(out[0].rd < 90);

    g.winner = 1;
    assert_int_equal(rating_game(&g, out, NULL), CM_OK);
    assert_true(out[1].rating > 1640);
    assert_near(out[1].rating - 1640, 1640 - out[0].rating, 1e-9);
    assert_near(out[0].rd, out[1].rd, 1e-9);

    /* The same game as two updates of one result each. */
    RatingResult won = result(1640, 90, 1), lost = result(1640, 90, 0);
    Rating w = rating_update(&a, &won, 1), l = rating_update(&a, &lost, 1);
    assert_same_rating(&out[1], &w);
    assert_same_rating(&out[0], &l);
}

/* Two teams of two: each person meets the other team once, as one opponent at its mean rating
 * and the root mean square of its RDs. */
static void test_rating_team_game(void **state)
{
    (void)state;
    Rating r1 = rating(1500, 80, 0.06), r2 = rating(1900, 120, 0.05);
    Rating r3 = rating(1650, 60, 0.07), r4 = rating(1710, 200, 0.06);
    RatingGame g = {
        4, {person(11, 0, r1), person(12, 1, r3), person(13, 0, r2), person(14, 1, r4)}, 0};
    Rating out[RATING_MAX_SEATS];
    assert_int_equal(rating_game(&g, out, NULL), CM_OK);

    RatingResult beat34 = result((1650 + 1710) / 2.0, sqrt((60.0 * 60 + 200.0 * 200) / 2), 1);
    RatingResult lost12 = result((1500 + 1900) / 2.0, sqrt((80.0 * 80 + 120.0 * 120) / 2), 0);
    Rating want1 = rating_update(&r1, &beat34, 1), want2 = rating_update(&r2, &beat34, 1);
    Rating want3 = rating_update(&r3, &lost12, 1), want4 = rating_update(&r4, &lost12, 1);
    assert_same_rating(&out[0], &want1);
    assert_same_rating(&out[2], &want2);
    assert_same_rating(&out[1], &want3);
    assert_same_rating(&out[3], &want4);
    assert_true(out[0].rating > 1500 && out[2].rating > 1900);
    assert_true(out[1].rating < 1650 && out[3].rating < 1710);

    /* A drawn team game between two teams of equal means moves neither by much, and the
     * weaker player of a team gains where the stronger loses. */
    g.winner = RATING_NO_WINNER;
    g.seat[1].rating = rating(1700, 80, 0.06);
    g.seat[3].rating = rating(1700, 120, 0.06);
    assert_int_equal(rating_game(&g, out, NULL), CM_OK);
    assert_true(out[0].rating > 1500);
    assert_true(out[2].rating < 1900);
    assert_near(out[1].rating, 1700, 1e-9);
    assert_near(out[3].rating, 1700, 1e-9);
}

/* Four teams of one: the winner beats each of the three others, each of them loses to the
 * winner only, and a game with no winner is a draw between every two. */
static void test_rating_free_for_all(void **state)
{
    (void)state;
    Rating r[4] = {rating(1400, 100, 0.06), rating(1500, 150, 0.06), rating(1600, 70, 0.06),
                   rating(1800, 300, 0.06)};
    RatingGame g = {
        4, {person(1, 0, r[0]), person(2, 1, r[1]), person(3, 2, r[2]), person(4, 3, r[3])}, 2};
    Rating out[RATING_MAX_SEATS];
    assert_int_equal(rating_game(&g, out, NULL), CM_OK);

    RatingResult wins[3] = {result(1400, 100, 1), result(1500, 150, 1), result(1800, 300, 1)};
    Rating want = rating_update(&r[2], wins, 3);
    assert_same_rating(&out[2], &want);
    RatingResult lost = result(1600, 70, 0);
    for (int s = 0; s < 4; s++) {
        if (s == 2)
            continue;
        want = rating_update(&r[s], &lost, 1);
        assert_same_rating(&out[s], &want);
        assert_true(out[s].rating < r[s].rating);
    }

    g.winner = RATING_NO_WINNER;
    assert_int_equal(rating_game(&g, out, NULL), CM_OK);
    for (int s = 0; s < 4; s++) {
        RatingResult draws[3];
        int n = 0;
        for (int o = 0; o < 4; o++)
            if (o != s)
                draws[n++] = result(r[o].rating, r[o].rd, 0.5);
        want = rating_update(&r[s], draws, n);
        assert_same_rating(&out[s], &want);
    }
    assert_true(out[0].rating > 1400);
    assert_true(out[3].rating < 1800);

    /* Four equals drawn: all stay equal. */
    for (int s = 0; s < 4; s++)
        g.seat[s].rating = rating(1550, 110, 0.06);
    assert_int_equal(rating_game(&g, out, NULL), CM_OK);
    for (int s = 0; s < 4; s++) {
        assert_same_rating(&out[s], &out[0]);
        assert_near(out[s].rating, 1550, 1e-9);
    }
}

/* A person with two seats counts once: in a team game, once against the other team (not once
 * a seat), and in a free-for-all once against each other person, never against the person's
 * own other seat. */
static void test_rating_two_seats_count_once(void **state)
{
    (void)state;
    Rating me = rating(1580, 90, 0.06);
    Rating a = rating(1500, 100, 0.06), b = rating(1620, 140, 0.06);
    Rating out[RATING_MAX_SEATS];

    RatingGame team = {
        4, {person(7, 0, me), person(8, 1, a), person(7, 0, me), person(9, 1, b)}, 1};
    assert_int_equal(rating_game(&team, out, NULL), CM_OK);
    RatingResult lost = result(1560, sqrt((100.0 * 100 + 140.0 * 140) / 2), 0);
    Rating want = rating_update(&me, &lost, 1);
    assert_same_rating(&out[0], &want);
    assert_same_rating(&out[2], &want);
    /* The other team met the person once, not as two opponents. */
    RatingResult beat_me = result(1580, 90, 1);
    want = rating_update(&a, &beat_me, 1);
    assert_same_rating(&out[1], &want);
    want = rating_update(&b, &beat_me, 1);
    assert_same_rating(&out[3], &want);

    /* Free-for-all: seats 0 and 1 are one person; seat 1 wins. */
    RatingGame ffa = {4, {person(7, 0, me), person(7, 1, me), person(8, 2, a), person(9, 3, b)}, 1};
    assert_int_equal(rating_game(&ffa, out, NULL), CM_OK);
    RatingResult wins[2] = {result(1500, 100, 1), result(1620, 140, 1)};
    want = rating_update(&me, wins, 2);
    assert_same_rating(&out[0], &want);
    assert_same_rating(&out[1], &want);
    for (int s = 2; s < 4; s++) {
        RatingResult to_me = result(1580, 90, 0);
        Rating before = ffa.seat[s].rating;
        want = rating_update(&before, &to_me, 1);
        assert_same_rating(&out[s], &want);
    }

    /* One person on both teams of a team game has no opponent: nobody is rated. */
    RatingGame both = {
        4, {person(7, 0, me), person(7, 1, me), person(8, 0, a), person(9, 1, b)}, 0};
    assert_int_equal(rating_game(&both, out, NULL), CM_OK);
    for (int s = 0; s < 4; s++)
        assert_same_rating(&out[s], &both.seat[s].rating);
}

/* Engines are met at the fixed rating of their level and keep it. */
static void test_rating_engine_seats(void **state)
{
    (void)state;
    for (int level = 2; level <= 10; level++) {
        Rating lower = rating_engine(level - 1), r = rating_engine(level);
        assert_true(r.rating > lower.rating);
        assert_near(r.rd, RATING_ENGINE_RD, 0);
        assert_bounded(&r);
    }
    Rating r = rating_engine(5);
    assert_near(r.rating, RATING_DEFAULT_RATING, 0);
    Rating low = rating_engine(-3), one = rating_engine(1);
    Rating high = rating_engine(11), ten = rating_engine(10);
    assert_same_rating(&low, &one);
    assert_same_rating(&high, &ten);

    Rating me = rating_default();
    RatingGame g = {2, {person(5, 0, me), engine(7, 1)}, 0};
    Rating out[RATING_MAX_SEATS];
    assert_int_equal(rating_game(&g, out, NULL), CM_OK);
    Rating e7 = rating_engine(7);
    RatingResult beat = result(e7.rating, e7.rd, 1);
    Rating want = rating_update(&me, &beat, 1);
    assert_same_rating(&out[0], &want);
    assert_same_rating(&out[1], &e7);

    /* A person and an engine against two engines of different levels: the engines are two
     * players of one team, each kept as it was. */
    RatingGame t = {4, {person(5, 0, me), engine(3, 1), engine(4, 0), engine(6, 1)}, 1};
    assert_int_equal(rating_game(&t, out, NULL), CM_OK);
    Rating e3 = rating_engine(3), e6 = rating_engine(6);
    RatingResult lost = result((e3.rating + e6.rating) / 2, RATING_ENGINE_RD, 0);
    want = rating_update(&me, &lost, 1);
    assert_same_rating(&out[0], &want);
    for (int s = 1; s < 4; s++)
        assert_same_rating(&out[s], &t.seat[s].rating);
}

static void test_rating_game_rejects_what_is_not_a_game(void **state)
{
    (void)state;
    Rating r = rating_default();
    Rating out[RATING_MAX_SEATS], sentinel = rating(-1, -1, -1);
    RatingGame bad[] = {
        {1, {person(1, 0, r)}, 0},
        {5, {person(1, 0, r), person(2, 1, r)}, 0},
        {2, {person(1, 0, r), person(2, 4, r)}, 0},
        {2, {person(1, -1, r), person(2, 1, r)}, 0},
        {2, {person(1, 1, r), person(2, 1, r)}, RATING_NO_WINNER},
        {2, {person(1, 0, r), person(2, 1, r)}, 2},
        {2, {person(1, 0, r), person(2, 1, r)}, -2},
        {4, {person(1, 0, r), person(2, 1, r), person(3, 0, r), person(4, 1, r)}, 3},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CmError err;
        cm_error_init(&err, NULL);
        for (int s = 0; s < RATING_MAX_SEATS; s++)
            out[s] = sentinel;
        assert_int_equal(rating_game(&bad[i], out, &err), CM_ERR_ARG);
        assert_int_equal(err.code, CM_ERR_ARG);
        assert_true(err.msg[0] != '\0');
        for (int s = 0; s < RATING_MAX_SEATS; s++)
            assert_same_rating(&out[s], &sentinel);
    }
}

/* Extreme ratings, RDs and volatilities, alone and in thousands of games in one period: every
 * result finite and within the bounds. */
static void test_rating_extreme_inputs_stay_finite(void **state)
{
    (void)state;
    const double ratings[] = {0, 5000, -1e300, 1e300, 1500};
    const double rds[] = {0, 1e6, 1e300, -5, 350};
    const double vols[] = {0, 1e6, -1, 1e-300, 0.06};
    const double scores[] = {0, 0.5, 1, -7, 7};
    int checked = 0;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            for (int k = 0; k < 5; k++) {
                Rating p = rating(ratings[i], rds[j], vols[k]);
                for (int oi = 0; oi < 5; oi++)
                    for (int oj = 0; oj < 5; oj++)
                        for (int s = 0; s < 5; s++) {
                            RatingResult res = result(ratings[oi], rds[oj], scores[s]);
                            Rating r = rating_update(&p, &res, 1);
                            assert_bounded(&r);
                            checked++;
                        }
                Rating idle = rating_idle(&p, 3);
                assert_bounded(&idle);
            }
    assert_int_equal(checked, 5 * 5 * 5 * 5 * 5 * 5);

    /* 5000 against 0 loses, 0 against 5000 wins, many times over in one period. */
    enum { N = 5000 };
    static RatingResult games[N];
    for (int i = 0; i < N; i++)
        games[i] = result(0, 0, 0);
    Rating top = rating(5000, 0, 0.06);
    Rating r = rating_update(&top, games, N);
    assert_bounded(&r);
    assert_true(r.rating < 5000);
    for (int i = 0; i < N; i++)
        games[i] = result(5000, 1e6, 1);
    Rating bottom = rating(0, 1e6, 0.06);
    r = rating_update(&bottom, games, N);
    assert_bounded(&r);
    assert_true(r.rating > 0);

    /* Thousands of ordinary games, mixed, one period after another. */
    uint64_t seed = 12345;
    Rating p = rating_default();
    for (int period = 0; period < 2000; period++) {
        RatingResult some[8];
        int n = (int)tu_rand_below(&seed, 9);
        for (int i = 0; i < n; i++)
            some[i] =
                result((double)tu_rand_below(&seed, 3000), 30 + (double)tu_rand_below(&seed, 320),
                       (double)tu_rand_below(&seed, 3) / 2);
        p = rating_update(&p, some, n);
        assert_bounded(&p);
    }
}

/* Step 5 ends before its cap for the extremes that ratings within the bounds can give: the
 * paper's v and delta (steps 3 and 4) of n games against one opponent, from 0 against 5000 to
 * 5000 against 0; and it stops at the cap it is given. */
static void test_rating_volatility_rounds_are_bounded(void **state)
{
    (void)state;
    const double ratings[] = {0, 1000, 1500, 2500, 5000};
    const double rds[] = {0, 30, 100, 350};
    const double scores[] = {0, 0.5, 1};
    const int counts[] = {1, 10, 5000};
    const double sigmas[] = {RATING_VOLATILITY_MIN, 0.06, RATING_VOLATILITY_MAX};
    const double phis[] = {0, RATING_RD_MIN / SCALE, RATING_RD_MAX / SCALE};
    int most = 0, runs = 0;
    for (int a = 0; a < 5; a++)
        for (int b = 0; b < 5; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 3; d++)
                    for (int e = 0; e < 3; e++) {
                        double mu = (ratings[a] - 1500) / SCALE;
                        double mu_j = (ratings[b] - 1500) / SCALE, phi_j = rds[c] / SCALE;
                        double g = 1 / sqrt(1 + 3 * phi_j * phi_j / (PI * PI));
                        double expect = 1 / (1 + exp(-g * (mu - mu_j)));
                        double v = 1 / (counts[e] * g * g * expect * (1 - expect));
                        double delta = v * counts[e] * g * (scores[d] - expect);
                        for (int f = 0; f < 3; f++)
                            for (int h = 0; h < 3; h++) {
                                int rounds = -1;
                                double sigma = rating_volatility(phis[h], v, delta, sigmas[f],
                                                                 RATING_MAX_ITERATIONS, &rounds);
                                assert_true(isfinite(sigma) && sigma > 0);
                                assert_true(rounds >= 0 && rounds < RATING_MAX_ITERATIONS);
                                if (rounds > most)
                                    most = rounds;
                                runs++;
                            }
                    }
    assert_int_equal(runs, 5 * 5 * 4 * 3 * 3 * 3 * 3);
    print_message("at most %d rounds of %d\n", most, RATING_MAX_ITERATIONS);

    /* Capped at 2 rounds, a search that needs more stops after 2 with a volatility within the
     * first bracket: from the old one to the square root of delta^2 - phi^2 - v. */
    int full_rounds = 0, rounds = 0;
    double full = rating_volatility(0, 1.7785, 1000, 0.06, RATING_MAX_ITERATIONS, &full_rounds);
    double capped = rating_volatility(0, 1.7785, 1000, 0.06, 2, &rounds);
    assert_true(full_rounds > 2);
    assert_int_equal(rounds, 2);
    assert_true(capped != full);
    assert_true(capped >= 0.06 && capped <= sqrt(1000.0 * 1000 - 1.7785));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rating_paper_example),
        cmocka_unit_test(test_rating_new_player_is_the_default),
        cmocka_unit_test(test_rating_idle_rd_grows),
        cmocka_unit_test(test_rating_draw_between_equals_keeps_them_equal),
        cmocka_unit_test(test_rating_team_game),
        cmocka_unit_test(test_rating_free_for_all),
        cmocka_unit_test(test_rating_two_seats_count_once),
        cmocka_unit_test(test_rating_engine_seats),
        cmocka_unit_test(test_rating_game_rejects_what_is_not_a_game),
        cmocka_unit_test(test_rating_extreme_inputs_stay_finite),
        cmocka_unit_test(test_rating_volatility_rounds_are_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
