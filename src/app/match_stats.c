/* The statistics of a match: the score's Elo difference with its 95% interval, and the
 * sequential probability ratio test (SPRT) over pairs of games, as fishtest computes it.
 * SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "match_int.h"

#define Z95 1.96 /* the normal quantile of a 95% interval */

/* The expected score of a player 'elo' points stronger, on the logistic scale. */
static double score_of_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* The most likely distribution over the five pair scores 'x' with the observed frequencies
 * 'f' (summing to 1) whose mean is 's' is f[i] / (1 + lambda (x[i] - s)) (a Lagrange
 * multiplier); 'lambda' is the root of sum f[i] (x[i] - s) / (1 + lambda (x[i] - s)), which
 * falls as 'lambda' grows, found by bisection. Writes the distribution to 'p'. */
static void mle_with_mean(const double *f, double s, double *p)
{
    double lo = -1.0 / (1.0 - s) + 1e-9, hi = 1.0 / s - 1e-9;
    for (int it = 0; it < 200; it++) {
        double mid = (lo + hi) / 2, g = 0;
        for (int i = 0; i < 5; i++)
            g += f[i] * (i / 4.0 - s) / (1 + mid * (i / 4.0 - s));
        if (g > 0)
            lo = mid;
        else
            hi = mid;
    }
    double lambda = (lo + hi) / 2;
    for (int i = 0; i < 5; i++)
        p[i] = f[i] / (1 + lambda * (i / 4.0 - s));
}

/* The log-likelihood ratio of H1 (Elo ELO1) against H0 (Elo ELO0) from the pairs so far, as
 * the generalised SPRT of fishtest computes it: for each hypothesis the most likely
 * distribution of a pair's score (0 to 1 in steps of 1/4) whose mean is the score the Elo
 * difference gives, and N times the mean log ratio of the two over the pairs played. An
 * empty class counts as 0.001 pairs. */
double match_sprt_llr(const Sprt *t)
{
    double c[5], f[5], p0[5], p1[5], n = 0, llr = 0;
    for (int i = 0; i < 5; i++) {
        c[i] = t->penta[i] > 0 ? (double)t->penta[i] : 1e-3;
        n += c[i];
    }
    for (int i = 0; i < 5; i++)
        f[i] = c[i] / n;
    mle_with_mean(f, score_of_elo(t->elo0), p0);
    mle_with_mean(f, score_of_elo(t->elo1), p1);
    for (int i = 0; i < 5; i++)
        llr += f[i] * log(p1[i] / p0[i]);
    return n * llr;
}

static double elo_of(double p)
{
    if (p <= 0)
        return -INFINITY;
    if (p >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

static void elo_text(double x, char *buf, size_t size)
{
    if (isinf(x))
        snprintf(buf, size, "%sinf", x > 0 ? "+" : "-");
    else
        snprintf(buf, size, "%+.0f", fabs(x) < 0.5 ? 0.0 : x);
}

/* Prints the totals: score, and the Elo difference with a 95% interval from the spread of
 * the game scores (the Wilson interval when every game ended alike). */
void match_report(const char *variant, const char *a, const char *b, long w, long d, long l)
{
    long n = w + d + l;
    double p = n ? ((double)w + 0.5 * (double)d) / (double)n : 0.5;
    double var = n ? ((double)w * (1 - p) * (1 - p) + (double)d * (0.5 - p) * (0.5 - p) +
                      (double)l * p * p) /
                         (double)n
                   : 0;
    double se = n ? sqrt(var / (double)n) : 0, lo, hi;
    if (se > 0) {
        lo = p - Z95 * se;
        hi = p + Z95 * se;
    } else {
        double z2 = Z95 * Z95, nn = (double)(n ? n : 1);
        double c = (p + z2 / (2 * nn)) / (1 + z2 / nn);
        double h = Z95 * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
        lo = c - h;
        hi = c + h;
    }
    char e[32], elo_lo[32], elo_hi[32];
    elo_text(elo_of(p), e, sizeof e);
    elo_text(elo_of(lo), elo_lo, sizeof elo_lo);
    elo_text(elo_of(hi), elo_hi, sizeof elo_hi);
    printf("%s: A %s vs B %s, %ld game%s: A wins %ld, draws %ld, loses %ld\n", variant, a, b, n,
           n == 1 ? "" : "s", w, d, l);
    printf("score %.1f%% (%.1f/%ld), Elo %s (95%%: %s .. %s)\n", 100.0 * p,
           (double)w + 0.5 * (double)d, n, e, elo_lo, elo_hi);
}

/* Prints the SPRT's pairs, its ratio and its decision. */
void match_sprt_report(const Sprt *t)
{
    printf("pairs: %ld %ld %ld %ld %ld (A scoring 0, 0.5, 1, 1.5, 2 in a pair)\n", t->penta[0],
           t->penta[1], t->penta[2], t->penta[3], t->penta[4]);
    printf("sprt: Elo %g vs %g (alpha %g, beta %g), LLR %.2f (bounds %.2f, %.2f): %s\n", t->elo0,
           t->elo1, t->alpha, t->beta, t->llr, t->lower, t->upper,
           t->decision > 0   ? "H1 accepted"
           : t->decision < 0 ? "H0 accepted"
                             : "no decision");
}

/* Reads '--sprt ELO0,ELO1[,ALPHA,BETA]' into 't'. Returns 0 when it is not that. */
int match_sprt_parse(const char *text, Sprt *t)
{
    double x[4] = {0, 0, 0.05, 0.05};
    const char *p = text;
    int n = 0;
    while (n < 4) {
        char *end;
        errno = 0;
        x[n++] = strtod(p, &end);
        if (errno != 0 || end == p || !isfinite(x[n - 1]) || (*end != ',' && *end != '\0'))
            return 0;
        p = end + 1;
        if (*end == '\0')
            break;
    }
    if ((n != 2 && n != 4) || p[-1] != '\0' || x[0] >= x[1] || fabs(x[0]) > 1000 ||
        fabs(x[1]) > 1000)
        return 0;
    for (int k = 2; k < 4; k++)
        if (!(x[k] > 0 && x[k] < 0.5))
            return 0;
    t->on = 1;
    t->elo0 = x[0];
    t->elo1 = x[1];
    t->alpha = x[2];
    t->beta = x[3];
    t->lower = log(t->beta / (1 - t->alpha));
    t->upper = log((1 - t->beta) / t->alpha);
    return 1;
}
