/* A tournament's pairings and standings (pairing.h).
 * SPDX-License-Identifier: MIT */
#include "pairing.h"

#include <stdlib.h>
#include <string.h>

/* Pairings tried, in all, before a round's search gives up on a field that cannot be paired
 * with no pair meeting more than so many times (the search is made again with one more
 * allowed; once this is spent, with every pair allowed). */
#define PAIR_STEPS 200000L

/* What the games say of each entrant. */
typedef struct Tally {
    int score[PAIR_MAX];
    int whites[PAIR_MAX], blacks[PAIR_MAX];
    int last[PAIR_MAX]; /* the colour of the last game: 1 white, -1 black, 0 none */
    int byes[PAIR_MAX];
    unsigned char met[PAIR_MAX][PAIR_MAX]; /* the times each pair met (at most 255) */
} Tally;

static int valid(int n, const PairGame *x)
{
    if (x->four && (x->black < 0 || x->white2 < 0 || x->white2 >= n || x->black2 < 0 ||
                    x->black2 >= n || x->white2 == x->white || x->white2 == x->black ||
                    x->white2 == x->black2 || x->black2 == x->white || x->black2 == x->black))
        return 0;
    return x->white >= 0 && x->white < n && x->black < n && x->black != x->white &&
           x->result >= 0 && x->result <= 2;
}

/* The entrants of side 'side' (0 White, 1 Black) of 'x' into 'who': 1 or 2 of them. */
static int side_of(const PairGame *x, int side, int who[2])
{
    who[0] = side == 0 ? x->white : x->black;
    who[1] = side == 0 ? x->white2 : x->black2;
    return x->four ? 2 : 1;
}

static void tally(int n, const PairGame *g, int ng, Tally *t)
{
    memset(t, 0, sizeof *t);
    for (int i = 0; i < ng; i++) {
        const PairGame *x = &g[i];
        if (!valid(n, x))
            continue;
        if (x->black < 0) {
            t->score[x->white] += 2;
            t->byes[x->white]++;
            continue;
        }
        int who[2][2], nw = side_of(x, 0, who[0]), nb = side_of(x, 1, who[1]);
        for (int k = 0; k < nw; k++) {
            t->score[who[0][k]] += x->result;
            t->whites[who[0][k]]++;
            t->last[who[0][k]] = 1;
        }
        for (int k = 0; k < nb; k++) {
            t->score[who[1][k]] += 2 - x->result;
            t->blacks[who[1][k]]++;
            t->last[who[1][k]] = -1;
        }
        for (int a = 0; a < nw; a++)
            for (int b = 0; b < nb; b++) {
                int w = who[0][a], k = who[1][b];
                if (t->met[w][k] < 255)
                    t->met[w][k] = t->met[k][w] = (unsigned char)(t->met[w][k] + 1);
            }
    }
}

/* ---- The Swiss -------------------------------------------------------------------------- */

typedef struct Swiss {
    const PairEntrant *e;
    const Tally *t;
    int m;               /* entrants to pair */
    int order[PAIR_MAX]; /* them, best first */
    int paired[PAIR_MAX];
    int mate[PAIR_MAX]; /* by place in 'order' */
    long steps;
    int rematch; /* the most times a pair may have met before (0: never) */
    int most;    /* the most times any pair has met: with 'rematch' that, anyone may meet */
} Swiss;

/* Whether entrant 'x' ranks above 'y' for the pairing: score, then rating, then index. */
static int ranks_above(const Swiss *w, int x, int y)
{
    const Tally *t = w->t;
    if (t->score[x] != t->score[y])
        return t->score[x] > t->score[y];
    if (w->e[x].rating != w->e[y].rating)
        return w->e[x].rating > w->e[y].rating;
    return x < y;
}

/* Pairs the entrants of 'w' not yet paired, the best first: each with, in turn, those of their
 * score below the middle of the unpaired of that score (the top half meets the bottom half),
 * those above it, then those of lower scores. Returns 1 when all are paired. */
static int pair_rest(Swiss *w)
{
    if (++w->steps > PAIR_STEPS && w->rematch < w->most)
        return 0;
    int i = 0;
    while (i < w->m && w->paired[i])
        i++;
    if (i == w->m)
        return 1;
    int me = w->order[i], score = w->t->score[me];
    int same[PAIR_MAX], nsame = 0, cand[PAIR_MAX], ncand = 0;
    for (int j = i + 1; j < w->m; j++)
        if (!w->paired[j] && w->t->score[w->order[j]] == score)
            same[nsame++] = j;
    int half = (nsame + 1) / 2 - 1; /* me and the 'nsame' others: the bottom half's first */
    if (half < 0)
        half = 0;
    for (int k = half; k < nsame; k++)
        cand[ncand++] = same[k];
    for (int k = 0; k < half; k++)
        cand[ncand++] = same[k];
    for (int j = i + 1; j < w->m; j++)
        if (!w->paired[j] && w->t->score[w->order[j]] != score)
            cand[ncand++] = j;
    /* Once pairs may meet 'rematch' times, those who met fewer times come first, in their
     * order, then those who met that many. */
    if (w->rematch > 0) {
        int sorted[PAIR_MAX], ns = 0;
        for (int pass = 0; pass < 2; pass++)
            for (int k = 0; k < ncand; k++)
                if ((w->t->met[me][w->order[cand[k]]] < w->rematch) == (pass == 0))
                    sorted[ns++] = cand[k];
        memcpy(cand, sorted, (size_t)ns * sizeof *cand);
    }
    w->paired[i] = 1;
    for (int k = 0; k < ncand; k++) {
        int j = cand[k];
        if (w->t->met[me][w->order[j]] > w->rematch)
            continue;
        w->paired[j] = 1;
        w->mate[i] = j;
        w->mate[j] = i;
        if (pair_rest(w))
            return 1;
        w->paired[j] = 0;
    }
    w->paired[i] = 0;
    return 0;
}

/* Whether 'a' (the higher of the two, on board 'board') has white against 'b'. */
static int white_first(const Tally *t, int a, int b, int board)
{
    int da = t->whites[a] - t->blacks[a], db = t->whites[b] - t->blacks[b];
    if (da != db)
        return da < db;
    if (t->last[a] != t->last[b])
        return t->last[a] < t->last[b];
    if (t->last[a] == 0)
        return board % 2 == 0; /* the first round: the higher white on every other board */
    return t->last[a] < 0;     /* both had the same colour last: the higher has the other */
}

int pair_swiss(const PairEntrant *e, int n, const PairGame *g, int ng, PairRound *out)
{
    memset(out, 0, sizeof *out);
    out->bye = -1;
    if (n < 0 || n > PAIR_MAX)
        return -1;
    Tally *t = malloc(sizeof *t);
    Swiss *w = calloc(1, sizeof *w);
    if (t == NULL || w == NULL) {
        free(t);
        free(w);
        return -1;
    }
    tally(n, g, ng, t);
    w->e = e;
    w->t = t;
    for (int i = 0; i < n; i++)
        if (!e[i].withdrawn)
            w->order[w->m++] = i;
    for (int i = 1; i < w->m; i++) /* a few dozen: by insertion */
        for (int k = i; k > 0 && ranks_above(w, w->order[k], w->order[k - 1]); k--) {
            int x = w->order[k];
            w->order[k] = w->order[k - 1];
            w->order[k - 1] = x;
        }
    int rc = w->m >= 2 ? 0 : -1;
    if (rc == 0 && w->m % 2 == 1) {
        /* The bye: the lowest who has had none (or the lowest, when all have). */
        int at = w->m - 1;
        for (int k = w->m - 1; k >= 0; k--)
            if (t->byes[w->order[k]] == 0) {
                at = k;
                break;
            }
        out->bye = w->order[at];
        memmove(&w->order[at], &w->order[at + 1], (size_t)(w->m - at - 1) * sizeof w->order[0]);
        w->m--;
    }
    /* No pair meets twice while the field can be paired so; else none three times, and so on:
     * up to the most any pair has met, where everyone may meet everyone. */
    int most = 0;
    for (int i = 0; i < w->m; i++)
        for (int k = 0; k < w->m; k++)
            if (t->met[w->order[i]][w->order[k]] > most)
                most = t->met[w->order[i]][w->order[k]];
    w->most = most;
    while (rc == 0 && !pair_rest(w)) {
        if (w->rematch >= most) {
            rc = -1;
            break;
        }
        /* The searches share one budget: once it is spent, everyone may meet everyone. */
        memset(w->paired, 0, sizeof w->paired);
        w->rematch = w->steps > PAIR_STEPS ? most : w->rematch + 1;
        if (w->rematch == most)
            w->steps = 0;
    }
    for (int i = 0; rc == 0 && i < w->m; i++) {
        int j = w->mate[i];
        if (j < i)
            continue;
        int a = w->order[i], b = w->order[j];
        int first = white_first(t, a, b, out->npairs);
        out->white[out->npairs] = first ? a : b;
        out->black[out->npairs] = first ? b : a;
        out->npairs++;
    }
    free(t);
    free(w);
    return rc;
}

/* ---- The round robin -------------------------------------------------------------------- */

int pair_rounds(int n)
{
    return n < 2 ? 0 : n % 2 == 0 ? n - 1 : n;
}

int pair_round_robin(int n, int round, PairRound *out)
{
    memset(out, 0, sizeof *out);
    out->bye = -1;
    if (n < 2 || n > PAIR_MAX || round < 0 || round >= pair_rounds(n))
        return -1;
    /* The circle: place 0 keeps its entrant, the others turn one place a round; place k meets
     * place m-1-k. With an odd number, place 0 holds nobody, and whoever meets it has the bye.
     * White goes to the entrant on an odd place, and to the one on place 0 every other round:
     * each entrant's colours then alternate as they go round. */
    int m = n % 2 == 0 ? n : n + 1, at[PAIR_MAX + 1];
    int fixed = n % 2 == 0 ? 0 : -1;
    at[0] = fixed;
    for (int k = 1; k < m; k++)
        at[k] = (n % 2 == 0 ? 1 : 0) + (k - 1 + round) % (m - 1);
    for (int k = 0; k < m / 2; k++) {
        int a = at[k], b = at[m - 1 - k];
        if (a < 0 || b < 0) {
            out->bye = a < 0 ? b : a;
            continue;
        }
        int a_white = k == 0 ? round % 2 == 0 : k % 2 == 1;
        out->white[out->npairs] = a_white ? a : b;
        out->black[out->npairs] = a_white ? b : a;
        out->npairs++;
    }
    return 0;
}

int pair_rotating(int n, int round, PairRound *out)
{
    PairRound r;
    memset(out, 0, sizeof *out);
    out->bye = -1;
    if (n < 4 || n % 4 != 0 || pair_round_robin(n, round, &r) != 0)
        return -1;
    for (int k = 0; k + 1 < r.npairs; k += 2) {
        int first = round % 2 == 0 ? k : k + 1, second = round % 2 == 0 ? k + 1 : k;
        out->white[out->npairs] = r.white[first];
        out->white2[out->npairs] = r.black[first];
        out->black[out->npairs] = r.white[second];
        out->black2[out->npairs] = r.black[second];
        out->npairs++;
    }
    return 0;
}

/* ---- The standings ---------------------------------------------------------------------- */

/* Whether 'x' stands above 'y': score, Buchholz, Sonneborn-Berger, rating, index. */
static int stands_above(const PairEntrant *e, const PairStanding *x, const PairStanding *y)
{
    if (x->score != y->score)
        return x->score > y->score;
    if (x->buchholz != y->buchholz)
        return x->buchholz > y->buchholz;
    if (x->sonneborn != y->sonneborn)
        return x->sonneborn > y->sonneborn;
    if (e[x->entrant].rating != e[y->entrant].rating)
        return e[x->entrant].rating > e[y->entrant].rating;
    return x->entrant < y->entrant;
}

void pair_standings(const PairEntrant *e, int n, const PairGame *g, int ng, PairStanding *out)
{
    if (n < 0 || n > PAIR_MAX)
        return;
    Tally *t = malloc(sizeof *t);
    if (t == NULL) {
        memset(out, 0, (size_t)n * sizeof *out);
        return;
    }
    tally(n, g, ng, t);
    for (int i = 0; i < n; i++) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].entrant = i;
        out[i].score = t->score[i];
        out[i].byes = t->byes[i];
        out[i].whites = t->whites[i];
        out[i].blacks = t->blacks[i];
    }
    for (int i = 0; i < ng; i++) {
        const PairGame *x = &g[i];
        if (!valid(n, x) || x->black < 0)
            continue;
        for (int side = 0; side < 2; side++) {
            int us[2], them[2];
            int nus = side_of(x, side, us), nthem = side_of(x, 1 - side, them);
            int mine = side == 0 ? x->result : 2 - x->result, theirs = 0;
            for (int k = 0; k < nthem; k++)
                theirs += t->score[them[k]];
            for (int k = 0; k < nus; k++) {
                PairStanding *s = &out[us[k]];
                s->games++;
                s->buchholz += theirs;
                if (mine == 2) {
                    s->won++;
                    s->sonneborn += 2 * theirs;
                } else if (mine == 1) {
                    s->drawn++;
                    s->sonneborn += theirs;
                } else {
                    s->lost++;
                }
            }
        }
    }
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && stands_above(e, &out[k], &out[k - 1]); k--) {
            PairStanding x = out[k];
            out[k] = out[k - 1];
            out[k - 1] = x;
        }
    free(t);
}
