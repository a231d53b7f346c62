/* The 'match' command's own parts, shared by its files: the match (match.c), its statistics
 * (match_stats.c) and its openings file (openings.c).
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_MATCH_INT_H
#define CAMELOT_MATCH_INT_H

#include "camelot/movegen.h"
#include "cli.h"

/* An opening of the openings file: a start position and moves played from it. */
typedef struct Opening {
    CmPosition start;
    int from_doc; /* 'start' is a position document's, not the variant's start */
    CmMove *moves;
    int nmoves;
    long line; /* in the file, from 1 */
} Opening;

/* A sequential probability ratio test over pairs of games (see docs/engine.md). */
typedef struct Sprt {
    int on;
    double elo0, elo1, alpha, beta;
    double lower, upper; /* the bounds of the log-likelihood ratio */
    long penta[5];       /* pairs by A's points in them: 0, 0.5, 1, 1.5, 2 */
    long pairs;
    double llr;
    int decision; /* 0: none yet; -1: H0 (Elo ELO0) accepted; 1: H1 (Elo ELO1) accepted */
} Sprt;

/* The log-likelihood ratio of the SPRT 't' from the pairs so far (see match_stats.c). */
double match_sprt_llr(const Sprt *t);

/* Reads '--sprt ELO0,ELO1[,ALPHA,BETA]' into 't'. Returns 0 when it is not that. */
int match_sprt_parse(const char *text, Sprt *t);

/* Prints the SPRT's pairs, its ratio and its decision. */
void match_sprt_report(const Sprt *t);

/* Prints the totals of a match of 'variant' between 'a' and 'b' (A's wins 'w', draws 'd' and
 * losses 'l'): the score, and the Elo difference with a 95% interval from the spread of the
 * game scores (the Wilson interval when every game ended alike). */
void match_report(const char *variant, const char *a, const char *b, long w, long d, long l);

/* Reads the openings file 'path' of variant 'v' into '*book' ('*nbook' openings). Returns 0,
 * or an exit code, the error said. */
int match_read_openings(CliCtx *ctx, const CmVariant *v, const char *path, Opening **book,
                        int *nbook);

#endif
