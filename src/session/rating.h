/* Ratings: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system"), one rating a player and
 * variant, updated from finished games of two and of four seats. Pure: no I/O, no globals.
 * SPDX-License-Identifier: MIT
 *
 * The rules
 *
 * A rating is three numbers: the rating (1500 for a new player), its deviation RD (350 for a new
 * player: the rating is known only within about twice that either way) and its volatility (0.06
 * for a new player: how erratic the player's results are). The server keeps one for each player
 * and variant.
 *
 * A rating period is the unit of time of the system. One update takes a player's results of a
 * period (a score of 1 for a win, 0.5 for a draw and 0 for a loss against each opponent, with
 * the opponent's rating and RD before the period) and gives the new rating, RD and volatility,
 * as the paper's steps 1 to 8 do; the volatility is found by the Illinois method of step 5,
 * stopped within 1e-6 or after RATING_MAX_ITERATIONS rounds, whichever comes first. The system
 * constant tau is 0.5. A player with no results in a period keeps the rating and volatility,
 * and the RD grows: the new RD is the square root of RD squared plus the volatility squared (on
 * the Glicko-2 scale, where 173.7178 rating points are 1), once for each idle period.
 *
 * Bounds: a rating stays within 0 .. 5000, an RD within 45 .. 350 and a volatility within
 * 0.01 .. 0.15. Every rating read is first brought within them, but for the RD of an
 * opponent in a result, which may be as low as 0 (the paper's example meets an opponent of RD
 * 30); a score is brought within 0 .. 1. No finite input gives a rating that is not finite and
 * within the bounds.
 *
 * A finished game is a rating period of its own for each person who played it. Its seats are
 * grouped into teams. A person may hold several seats, and counts once; teams that share a
 * person make one side (a person who holds seats on every team has no opponent, and the game
 * rates nobody; a person with no opponent keeps the rating as it was).
 *
 * Each person is rated once against each other side, which counts as one opponent at the mean
 * rating of its players and the root mean square of their RDs. A team game is one game: met
 * player by player, the other team would count twice, and the RD would fall as after two
 * games. The root mean square makes the opposing team known as well as its players are on
 * average, and no better. The score against a side is 1 when the person's side won, 0 when
 * that side won and 0.5 when the game has no winner; when a third side won, the two sides lost
 * alike and there is no result between them. So in a game of two seats each player meets the
 * other; in a team game of two teams of two, each person meets the other team as one opponent;
 * in a free-for-all of four seats (four teams of one) the winner beats each of the three
 * others, each of them loses to the winner only, and a game with no winner is a draw between
 * every two players.
 *
 * Engines are not rated: an engine seat is met at the rating it is given, the fixed rating of
 * its level ('rating_engine': RD RATING_ENGINE_RD), and its rating is left as it was. */
#ifndef CAMELOT_RATING_H
#define CAMELOT_RATING_H

#include <stdbool.h>
#include <stdint.h>

#include "camelot/types.h"

/* The system constant tau, which limits how fast the volatility changes. The paper advises a
 * value from 0.3 to 1.2, and a small one where very unlikely results are expected. They are
 * expected here: a server rates few games a period (each game is a period of its own), its
 * players include beginners, and many of their games are against engine levels whose ratings
 * are rough, so a larger tau would let one surprising game raise the volatility, and with it
 * the next rating changes, by much. 0.5 rather than 0.3 keeps the volatility able to follow a
 * player who really gets better. */
#define RATING_TAU 0.5

#define RATING_DEFAULT_RATING 1500.0
#define RATING_DEFAULT_RD 350.0
#define RATING_DEFAULT_VOLATILITY 0.06

/* The bounds of a rating. The ratings of play lie well inside 0 .. 5000 (the strongest engine
 * level is about 2550); the bounds keep every exponential of the formulas finite. */
#define RATING_MIN 0.0
#define RATING_MAX 5000.0
/* The RD never grows beyond that of a new player. Below, an update stops at 45: a player who
 * has played thousands of games still moves by about 6 points for a win against an equal, and
 * a rating found partly against engines, whose ratings are rough, claims to be known no closer
 * than about 90 points either way. */
#define RATING_RD_MIN 45.0
#define RATING_RD_MAX 350.0
/* The volatility: with tau 0.5 ordinary results keep it near a new player's 0.06 (a player
 * who wins every game against opponents 400 points above stays below 0.062), and 0.15 stops
 * only absurd runs; 0.01 keeps some growth of the RD of a very steady player when idle. */
#define RATING_VOLATILITY_MIN 0.01
#define RATING_VOLATILITY_MAX 0.15

/* Rounds of the Illinois method of step 5 at most. An ordinary period needs a few; the
 * extremes that ratings within the bounds can give (5000 against 0, thousands of games) need
 * fewer than 50 (tests/test_rating.c tries them). The cap only keeps any input from looping
 * forever. */
#define RATING_MAX_ITERATIONS 100

/* The RD given to the fixed rating of an engine level: the table of 'rating_engine' is rough,
 * and the RD makes a game against an engine count a little less than one against a person of
 * well-known rating. */
#define RATING_ENGINE_RD 100.0

#define RATING_MAX_SEATS 4
#define RATING_NO_WINNER (-1)

typedef struct Rating {
    double rating;     /* RATING_MIN .. RATING_MAX */
    double rd;         /* rating deviation, RATING_RD_MIN .. RATING_RD_MAX */
    double volatility; /* RATING_VOLATILITY_MIN .. RATING_VOLATILITY_MAX */
} Rating;

/* One game of a rating period, seen from the player being rated. */
typedef struct RatingResult {
    double rating; /* the opponent's rating before the period */
    double rd;     /* the opponent's RD before the period, 0 .. RATING_RD_MAX */
    double score;  /* 1 won, 0.5 drawn, 0 lost */
} RatingResult;

typedef struct RatingSeat {
    int64_t player; /* the person's id, the same in each of the person's seats; not read for an
                       engine */
    bool engine;    /* an engine: met at 'rating', which is left unchanged */
    int team;       /* 0 .. RATING_MAX_SEATS - 1 */
    Rating rating;  /* before the game (a person's first seat gives it) */
} RatingSeat;

/* A finished game. */
typedef struct RatingGame {
    int nseats; /* 2 .. RATING_MAX_SEATS */
    RatingSeat seat[RATING_MAX_SEATS];
    int winner; /* the winning team, or RATING_NO_WINNER for a game that ends with no winner */
} RatingGame;

/* The rating of a new player: 1500, RD 350, volatility 0.06. */
Rating rating_default(void);

/* 'player' after a rating period with the 'n' results of 'results' (n >= 0; 'results' may be
 * NULL when n is 0, and then this is 'rating_idle' of one period). */
Rating rating_update(const Rating *player, const RatingResult *results, int n);

/* 'player' after 'periods' rating periods without a game (0 or fewer: as it was, within the
 * bounds): the RD grows, the rating and the volatility stay. */
Rating rating_idle(const Rating *player, int periods);

/* The new ratings after the finished game 'g', one for each seat in 'out' (a person's new
 * rating in each of the person's seats; an engine's rating as it was). Returns CM_OK, or
 * CM_ERR_ARG when the game is not one: fewer than two or more than RATING_MAX_SEATS seats, a
 * team out of range, a single team, or a winner that is not a team of the game ('out' is then
 * left as it was). */
CmStatus rating_game(const RatingGame *g, Rating out[RATING_MAX_SEATS], CmError *err);

/* The fixed rating an engine level (1 .. 10; others are brought within) is met at, with RD
 * RATING_ENGINE_RD: the engine's own table ('cm_engine_level_rating'). Approximate: each level
 * is apart from the one below by the score of their match in docs/engine.md (Camelot, engine
 * against engine, 200 games), rounded to 10, and level 5, the default level, is put at
 * 1500, a new player's rating. Against people, in other variants and at other time controls
 * the real gaps differ. */
Rating rating_engine(int level);

/* Step 5 of the paper alone, on the Glicko-2 scale: the new volatility of a player of deviation
 * 'phi' and volatility 'sigma' whose period gave the variance 'v' and the improvement 'delta',
 * found by the Illinois method within 1e-6 or after 'max_iterations' rounds ('rating_update'
 * gives RATING_MAX_ITERATIONS). '*iterations_out' (when not NULL) gets the rounds made. The
 * result is not brought within the bounds; it is 'sigma' itself when the arithmetic fails. */
double rating_volatility(double phi, double v, double delta, double sigma, int max_iterations,
                         int *iterations_out);

#endif
