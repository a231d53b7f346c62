/* A tournament's pairings and standings, pure: the games of a round of a Swiss (by score, then
 * rating; no pair twice; colours balanced as far as the scores allow; a bye to the lowest who
 * has had none) and of a round robin (everyone meets everyone once, colours balanced), and the
 * standings with their tie-breaks (Buchholz, then Sonneborn-Berger). An entrant is an index
 * 0 .. n-1: a player, or a partnership of a game of teams. Scores are in half points: a win 2,
 * a draw 1, a loss 0, a bye 2. docs/architecture.md writes the rules down.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_SERVER_PAIRING_H
#define CAMELOT_SERVER_PAIRING_H

#define PAIR_MAX 64 /* entrants of a tournament */

/* A game played, or a bye ('black' -1): 'result' 2 white won, 1 a draw, 0 black won; for a
 * bye, 2. A game not yet over is not one of these. In a round robin of changing partnerships
 * ('four' set) each side is two entrants: 'white' and 'white2' against 'black' and 'black2',
 * each with the side's result. */
typedef struct PairGame {
    int white, black;
    int result;
    int four;
    int white2, black2;
} PairGame;

/* One entrant as the pairing sees them. */
typedef struct PairEntrant {
    int rating;
    int withdrawn; /* paired no more; their games played still count */
} PairEntrant;

/* A round's pairs, and who has the bye (-1: nobody); of changing partnerships, the second of
 * each side too. */
typedef struct PairRound {
    int npairs;
    int white[PAIR_MAX / 2], black[PAIR_MAX / 2];
    int white2[PAIR_MAX / 4], black2[PAIR_MAX / 4];
    int bye;
} PairRound;

/* One line of the standings. */
typedef struct PairStanding {
    int entrant;
    int score;     /* half points */
    int buchholz;  /* the sum of the scores of the entrants met (half points; a bye adds none;
                      of changing partnerships, both opponents) */
    int sonneborn; /* the scores of those beaten, and half of those drawn with (quarter points) */
    int games, won, drawn, lost, byes;
    int whites, blacks;
} PairStanding;

/* The next round of a Swiss among the 'n' entrants 'e', after the games 'g' ('ng' of them,
 * byes among them). Entrants are taken by score, then rating, then their index; each is paired
 * with the first below them whom they have not met and with whom the others can still be
 * paired; when nobody can be, pairs that met once are allowed, those who met fewer times
 * first, then pairs that met twice, and so on (a small field, many rounds).
 * With an odd number, the lowest who has had no bye has it. Of a pair, white is the one who
 * has had white fewer times than black, then the one who had black last, then the higher.
 * Returns 0, or -1 when fewer than two entrants are left. */
int pair_swiss(const PairEntrant *e, int n, const PairGame *g, int ng, PairRound *out);

/* Round 'round' (0 .. rounds-1) of a round robin of 'n' entrants (the circle method: with an
 * odd number, a bye each round, to each entrant once): everyone meets everyone once in
 * 'pair_rounds(n)' rounds, and has white in half their games, give or take one. Returns 0, or
 * -1 when there is no such round. */
int pair_round_robin(int n, int round, PairRound *out);
int pair_rounds(int n);

/* Round 'round' (0 .. n-2) of a round robin of changing partnerships among 'n' entrants (a
 * multiple of 4): the round robin's pairs of that round are its partnerships, so that each
 * entrant partners every other once in n - 1 rounds, and the partnerships meet two by two in
 * their order (the first two, the next two...), the first of each game with White on odd
 * rounds, Black on even ones. 'out' gets n/4 games. Returns 0, or -1 when there is no such
 * round. */
int pair_rotating(int n, int round, PairRound *out);

/* The standings after the games 'g': 'out' gets one line an entrant, the first best (score,
 * then Buchholz, then Sonneborn-Berger, then rating, then index). */
void pair_standings(const PairEntrant *e, int n, const PairGame *g, int ng, PairStanding *out);

#endif
