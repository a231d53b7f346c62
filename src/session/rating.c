/* Ratings: the Glicko-2 update of one player, idle periods, and the results a finished game of
 * two or four seats gives each person (the rules are in rating.h).
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <stddef.h>

#include "camelot/engine.h"
#include "camelot/error.h"
#include "rating.h"

#define SCALE 173.7178   /* rating points to one unit of the Glicko-2 scale */
#define EPSILON 0.000001 /* the Illinois method stops when its bracket is this narrow */

#define PI 3.14159265358979323846

/* 'x' within 'lo' .. 'hi'; a NaN becomes 'lo'. */
static double clamp(double x, double lo, double hi)
{
    return fmin(fmax(x, lo), hi);
}

static Rating bounded(const Rating *r)
{
    Rating b;
    b.rating = clamp(r->rating, RATING_MIN, RATING_MAX);
    b.rd = clamp(r->rd, RATING_RD_MIN, RATING_RD_MAX);
    b.volatility = clamp(r->volatility, RATING_VOLATILITY_MIN, RATING_VOLATILITY_MAX);
    return b;
}

/* The weight of a game against an opponent of deviation 'phi': less the less the opponent's
 * rating is known. */
static double weight(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI));
}

/* The expected score of a player at 'mu' against an opponent at 'mu_j' of weight 'g'. */
static double expected(double mu, double mu_j, double g)
{
    return 1.0 / (1.0 + exp(-g * (mu - mu_j)));
}

Rating rating_default(void)
{
    Rating r = {RATING_DEFAULT_RATING, RATING_DEFAULT_RD, RATING_DEFAULT_VOLATILITY};
    return r;
}

Rating rating_idle(const Rating *player, int periods)
{
    Rating r = bounded(player);
    if (periods <= 0)
        return r;
    /* Step 6 once for each period, on the Glicko-2 scale: the variances add. */
    double phi = r.rd / SCALE;
    double grown = sqrt(phi * phi + (double)periods * r.volatility * r.volatility);
    r.rd = clamp(grown * SCALE, RATING_RD_MIN, RATING_RD_MAX);
    return r;
}

/* The function of step 5 whose root is the logarithm of the new volatility squared. */
static double volatility_f(double x, double phi, double v, double delta, double a)
{
    double ex = exp(x);
    double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) -
           (x - a) / (RATING_TAU * RATING_TAU);
}

double rating_volatility(double phi, double v, double delta, double sigma, int max_iterations,
                         int *iterations_out)
{
    int iterations = 0;
    double a = log(sigma * sigma);

    /* 1. The bracket [A, B] around the root. When delta squared is not above phi squared plus
     *    v, the paper steps down from 'a' by tau until 'f' is no longer negative. The first
     *    term of 'f' is above -1/2 and the second is k / tau at a - k tau, so for tau at most 2
     *    the first step already ends the search; the cap is there all the same. */
    double A = a, B;
    if (delta * delta > phi * phi + v) {
        B = log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (volatility_f(a - k * RATING_TAU, phi, v, delta, a) < 0.0 && k < max_iterations)
            k++;
        B = a - k * RATING_TAU;
    }
    double fa = volatility_f(A, phi, v, delta, a);
    double fb = volatility_f(B, phi, v, delta, a);

    /* 2. The Illinois method: a secant step that keeps the root bracketed, halving the value
     *    kept at the end that stays, so that the bracket shrinks from both sides. */
    while (fabs(B - A) > EPSILON && iterations < max_iterations) {
        if (fb == fa)
            break; /* no secant: the bracket cannot shrink */
        double C = A + (A - B) * fa / (fb - fa);
        double fc = volatility_f(C, phi, v, delta, a);
        if (fc * fb <= 0.0) {
            A = B;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        B = C;
        fb = fc;
        iterations++;
    }
    if (iterations_out)
        *iterations_out = iterations;

    double s = exp(A / 2.0);
    return isfinite(s) && s > 0.0 ? s : sigma;
}

Rating rating_update(const Rating *player, const RatingResult *results, int n)
{
    Rating r = bounded(player);
    if (n <= 0)
        return rating_idle(&r, 1);

    /* 1. The player on the Glicko-2 scale (step 2). */
    double mu = (r.rating - RATING_DEFAULT_RATING) / SCALE;
    double phi = r.rd / SCALE;

    /* 2. The information of the period and the weighted surprise of its scores (steps 3
     *    and 4: v is the inverse of the first, delta is v times the second). The ratings are
     *    bounded, so every expected score lies strictly between 0 and 1 and 'info' is
     *    positive. */
    double info = 0.0, surprise = 0.0;
    for (int i = 0; i < n; i++) {
        double mu_j =
            (clamp(results[i].rating, RATING_MIN, RATING_MAX) - RATING_DEFAULT_RATING) / SCALE;
        double g = weight(clamp(results[i].rd, 0.0, RATING_RD_MAX) / SCALE);
        double e = expected(mu, mu_j, g);
        info += g * g * e * (1.0 - e);
        surprise += g * (clamp(results[i].score, 0.0, 1.0) - e);
    }
    if (!(info > 0.0))
        return rating_idle(&r, 1);
    double v = 1.0 / info;
    double delta = v * surprise;

    /* 3. The new volatility (step 5). */
    double sigma = rating_volatility(phi, v, delta, r.volatility, RATING_MAX_ITERATIONS, NULL);
    sigma = clamp(sigma, RATING_VOLATILITY_MIN, RATING_VOLATILITY_MAX);

    /* 4. The deviation before the period's games, grown by one period (step 6), no more than
     *    a new player's; then the new deviation and rating (step 7). */
    double phi_star = fmin(sqrt(phi * phi + sigma * sigma), RATING_RD_MAX / SCALE);
    double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu_new = mu + phi_new * phi_new * surprise;

    /* 5. Back to the rating scale (step 8), within the bounds. */
    Rating out;
    out.rating = clamp(mu_new * SCALE + RATING_DEFAULT_RATING, RATING_MIN, RATING_MAX);
    out.rd = clamp(phi_new * SCALE, RATING_RD_MIN, RATING_RD_MAX);
    out.volatility = sigma;
    return out;
}

/* The engine's own table of its levels' ratings (docs/engine.md, "Levels"). */
Rating rating_engine(int level)
{
    Rating r = {cm_engine_level_rating(level), RATING_ENGINE_RD, RATING_DEFAULT_VOLATILITY};
    return r;
}

/* The people and engines of a finished game, each once, and the sides they played on. */
typedef struct Players {
    int n;
    int seat[RATING_MAX_SEATS];    /* the first seat of each */
    int side[RATING_MAX_SEATS];    /* its side, named by one of the side's teams */
    int of_seat[RATING_MAX_SEATS]; /* the player of each seat */
    int winner;                    /* the winning side, or RATING_NO_WINNER */
} Players;

static void find_players(const RatingGame *g, Players *p)
{
    int side_of_team[RATING_MAX_SEATS];
    for (int t = 0; t < RATING_MAX_SEATS; t++)
        side_of_team[t] = t;
    p->n = 0;
    for (int s = 0; s < g->nseats; s++) {
        const RatingSeat *seat = &g->seat[s];
        int i = 0;
        while (i < p->n && (seat->engine || g->seat[p->seat[i]].engine ||
                            g->seat[p->seat[i]].player != seat->player))
            i++;
        p->of_seat[s] = i;
        if (i == p->n) {
            p->seat[p->n++] = s;
            continue;
        }
        /* A person's second seat: its team's side joins the side of the person's first. */
        int from = side_of_team[seat->team];
        int to = side_of_team[g->seat[p->seat[i]].team];
        for (int t = 0; t < RATING_MAX_SEATS; t++)
            if (side_of_team[t] == from)
                side_of_team[t] = to;
    }
    for (int i = 0; i < p->n; i++)
        p->side[i] = side_of_team[g->seat[p->seat[i]].team];
    p->winner = g->winner == RATING_NO_WINNER ? RATING_NO_WINNER : side_of_team[g->winner];
}

/* The result of player 'i' against the side 'side' as one opponent; 0 when the game gives none
 * (both sides lost to a third). */
static int side_result(const RatingGame *g, const Players *p, int i, int side, RatingResult *out)
{
    if (p->winner == RATING_NO_WINNER)
        out->score = 0.5;
    else if (p->winner == p->side[i])
        out->score = 1.0;
    else if (p->winner == side)
        out->score = 0.0;
    else
        return 0;
    /* One opponent at the mean of the side's ratings and the root mean square of its RDs: a
     * team game is one result, so that a player's RD falls by one game's worth, and the
     * opposing team is no better known than its players are on average. */
    double sum = 0.0, sum_sq = 0.0;
    int n = 0;
    for (int j = 0; j < p->n; j++) {
        if (p->side[j] != side)
            continue;
        Rating r = bounded(&g->seat[p->seat[j]].rating);
        sum += r.rating;
        sum_sq += r.rd * r.rd;
        n++;
    }
    out->rating = sum / n;
    out->rd = sqrt(sum_sq / n);
    return 1;
}

static CmStatus check_game(const RatingGame *g, CmError *err)
{
    if (g->nseats < 2 || g->nseats > RATING_MAX_SEATS)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "a rated game has 2 to %d seats, not %d",
                            RATING_MAX_SEATS, g->nseats);
    unsigned teams = 0;
    for (int s = 0; s < g->nseats; s++) {
        int t = g->seat[s].team;
        if (t < 0 || t >= RATING_MAX_SEATS)
            return cm_error_set(err, CM_ERR_ARG, 0, 0, "seat %d: team %d is not 0 to %d", s, t,
                                RATING_MAX_SEATS - 1);
        teams |= 1u << t;
    }
    if ((teams & (teams - 1)) == 0)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "every seat is on team %d", g->seat[0].team);
    if (g->winner != RATING_NO_WINNER &&
        (g->winner < 0 || g->winner >= RATING_MAX_SEATS || !(teams & (1u << g->winner))))
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "the winner, team %d, has no seat", g->winner);
    return CM_OK;
}

CmStatus rating_game(const RatingGame *g, Rating out[RATING_MAX_SEATS], CmError *err)
{
    CmStatus st = check_game(g, err);
    if (st != CM_OK)
        return st;
    Players p;
    find_players(g, &p);

    Rating after[RATING_MAX_SEATS];
    for (int i = 0; i < p.n; i++) {
        const RatingSeat *seat = &g->seat[p.seat[i]];
        after[i] = seat->rating;
        if (seat->engine)
            continue;
        /* One result against each other side, each side taken once (at its first player). */
        RatingResult res[RATING_MAX_SEATS];
        int nres = 0;
        for (int j = 0; j < p.n; j++) {
            int first = p.side[j] != p.side[i];
            for (int k = 0; k < j && first; k++)
                first = p.side[k] != p.side[j];
            if (first)
                nres += side_result(g, &p, i, p.side[j], &res[nres]);
        }
        if (nres > 0)
            after[i] = rating_update(&seat->rating, res, nres);
    }
    for (int s = 0; s < g->nseats; s++)
        out[s] = after[p.of_seat[s]];
    return CM_OK;
}
