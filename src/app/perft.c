/* Perft: counts effect-distinct move sequences to a fixed depth (docs/rules.md 2.10), to check the
 * move generator against known figures and to time it.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "cli.h"

/* The steps of jump-chain search (see CM_GEN_BUDGET) that one position may use without
 * drawing on the command's budget, which is one CM_GEN_BUDGET for the whole count. The
 * positions of games use at most about 25,000, those of perft 4 to 7 from the shipped
 * variants' starts at most 1,400. So a count that meets positions beyond them is refused
 * after one budget's work in all, not one budget for each such position. */
#define PERFT_FREE_STEPS (1L << 16)

/* One move list per remaining depth, allocated before the search: a list (room for
 * CM_MOVES_LIMIT moves) is far too big for the recursion's stack frames. */
typedef struct Perft {
    CmMove *moves;      /* CM_MOVES_LIMIT moves per remaining depth, 2 .. depth */
    int overflow;       /* set when a list was incomplete: the count is wrong, and perft stops */
    long budget;        /* the command's steps beyond each position's PERFT_FREE_STEPS */
    CmCountCache cache; /* the last two plies: the moves after each move of one position */
} Perft;

/* The steps a generation may take: its own PERFT_FREE_STEPS and what is left of the
 * command's budget. */
static long gen_steps(const Perft *p)
{
    return PERFT_FREE_STEPS + p->budget;
}

/* A generation given 'given' steps left 'left' of them: what it used beyond its own share
 * comes out of the command's budget. */
static void gen_charge(Perft *p, long given, long left)
{
    long beyond = given - left - PERFT_FREE_STEPS;
    if (beyond > 0)
        p->budget -= beyond;
}

/* The number of moves of the seat to move, within the budgets. */
static int count_moves(Perft *p, const CmPosition *pos)
{
    long given = gen_steps(p), left = given;
    int n = cm_movegen_count_budget(pos, &left);
    gen_charge(p, given, left);
    return n;
}

/* The number of moves of the seat to move in 'pos', reached by 'm' from the position the cache
 * was prepared for, within the budgets. */
static int count_after(Perft *p, const CmPosition *pos, const CmMove *m)
{
    long given = gen_steps(p), left = given;
    int n = cm_movegen_count_after(&p->cache, pos, m, &left);
    gen_charge(p, given, left);
    return n;
}

/* The moves of the seat to move into 'm', within the budgets. */
static int list_moves(Perft *p, const CmPosition *pos, CmMove *m, int *overflow)
{
    long given = gen_steps(p), left = given;
    int n = cm_movegen_into_budget(pos, m, CM_MOVES_LIMIT, &left, overflow);
    gen_charge(p, given, left);
    return n;
}

/* The seat to move in 'pos' has no legal move: settles a copy as 'cm_rules_settle' does
 * (skipping seats, or ending the game). Returns 0 when the game is over there, else 1 with
 * '*out' set to the position whose seat to move can move. */
static int skip_seats(const CmPosition *pos, CmPosition *out)
{
    CmOutcome o;

    *out = *pos;
    cm_rules_settle(out, &o);
    return !o.over && out->to_move != pos->to_move;
}

/* In steps:
 * 1. at depth 1, count the moves without playing them (bulk counting; after a move 'last' of
 *    a position at depth 2, from what the cache holds for it);
 * 2. otherwise generate them; when there are none, skip the seat or stop (game over);
 * 3. play each move; a move after which the game is over is a leaf with no children.
 * An incomplete list (too many moves, or the budget gone) makes the count wrong: the whole
 * count stops there. */
static uint64_t perft(Perft *p, CmPosition *pos, int depth, const CmMove *last)
{
    CmPosition skipped;

    /* 1. */
    if (depth == 1) {
        int n = last != NULL ? count_after(p, pos, last) : count_moves(p, pos);
        if (n == 0 && skip_seats(pos, &skipped))
            n = count_moves(p, &skipped);
        if (n == CM_MOVES_UNKNOWN) {
            p->overflow = 1;
            return 0;
        }
        return (uint64_t)n;
    }

    /* 2. */
    CmMove *m = p->moves + (size_t)depth * CM_MOVES_LIMIT;
    int overflow, n = list_moves(p, pos, m, &overflow);
    if (n == 0 && !overflow) {
        if (!skip_seats(pos, &skipped))
            return 0;
        pos = &skipped;
        n = list_moves(p, pos, m, &overflow);
    }
    if (overflow) {
        p->overflow = 1;
        return 0;
    }

    /* 3. */
    uint64_t total = 0;
    int mover = pos->to_move;
    if (depth == 2) {
        long given = gen_steps(p), left = given;
        cm_movegen_count_prepare(&p->cache, pos, &left);
        gen_charge(p, given, left);
    }
    for (int i = 0; i < n && !p->overflow; i++) {
        CmUndo undo;
        CmOutcome o;
        cm_pos_apply(pos, &m[i], &undo);
        if (!cm_rules_after_move(pos, mover, &o))
            total += perft(p, pos, depth - 1, depth == 2 ? &m[i] : NULL);
        cm_pos_undo(pos, &m[i], &undo);
    }
    return total;
}

int cli_perft_count(const CmPosition *start, int depth, int divide, FILE *out, uint64_t *total_out,
                    int *overflow)
{
    Perft p = {.moves = NULL, .overflow = 0, .budget = CM_GEN_BUDGET};
    int n = 0;
    CmPosition pos = *start;
    CmOutcome o;
    CliMoveText *mt = NULL;
    uint64_t total = 0;
    int rc = -1;

    *total_out = 0;
    *overflow = 0;
    cm_rules_settle(&pos, &o);
    if (depth == 0) {
        *total_out = 1;
        return 0;
    }
    if (o.over)
        return 0;
    p.moves = malloc((size_t)(depth + 1) * CM_MOVES_LIMIT * sizeof *p.moves);
    if (p.moves == NULL)
        goto out;

    if (!divide) {
        total = perft(&p, &pos, depth, NULL);
        rc = 0;
        goto out;
    }

    /* Divide: the root moves in effect order, each with its own count. */
    n = cli_movetext(&pos, &mt);
    if (n < 0) {
        p.overflow = n == CLI_MOVES_TOO_MANY;
        rc = n == CLI_MOVES_TOO_MANY ? 0 : -1;
        goto out;
    }
    for (int i = 0; i < n && !p.overflow; i++) {
        CmUndo undo;
        uint64_t count = 1;
        int mover = pos.to_move;
        cm_pos_apply(&pos, &mt[i].move, &undo);
        if (depth > 1)
            count = cm_rules_after_move(&pos, mover, &o) ? 0 : perft(&p, &pos, depth - 1, NULL);
        cm_pos_undo(&pos, &mt[i].move, &undo);
        if (p.overflow)
            break; /* this move's count is wrong */
        fprintf(out, "%s\t%llu\n", mt[i].effect, (unsigned long long)count);
        total += count;
    }
    rc = 0;
out:
    cli_movetext_free(mt, n);
    free(p.moves);
    *total_out = total;
    *overflow = p.overflow;
    return rc;
}
