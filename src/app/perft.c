/* Perft: counts effect-distinct move sequences to a fixed depth (docs/rules.md 2.10), to check the
 * move generator against known figures and to time it.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "cli.h"

/* One move list per remaining depth, allocated before the search: a list (room for
 * CM_MOVES_LIMIT moves) is far too big for the recursion's stack frames. */
typedef struct Perft {
    CmMove *moves; /* CM_MOVES_LIMIT moves per remaining depth, 2 .. depth */
    int overflow;  /* set when a list was incomplete: the count is wrong */
} Perft;

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
 * 1. at depth 1, count the moves without playing them (bulk counting);
 * 2. otherwise generate them; when there are none, skip the seat or stop (game over);
 * 3. play each move; a move after which the game is over is a leaf with no children. */
static uint64_t perft(Perft *p, CmPosition *pos, int depth)
{
    CmPosition skipped;

    /* 1. */
    if (depth == 1) {
        int n = cm_movegen_count(pos);
        if (n == 0 && skip_seats(pos, &skipped))
            n = cm_movegen_count(&skipped);
        if (n == CM_MOVES_UNKNOWN) {
            p->overflow = 1;
            return 0;
        }
        return (uint64_t)n;
    }

    /* 2. */
    CmMove *m = p->moves + (size_t)depth * CM_MOVES_LIMIT;
    int overflow, n = cm_movegen_into(pos, m, CM_MOVES_LIMIT, &overflow);
    if (n == 0 && !overflow) {
        if (!skip_seats(pos, &skipped))
            return 0;
        pos = &skipped;
        n = cm_movegen_into(pos, m, CM_MOVES_LIMIT, &overflow);
    }
    if (overflow)
        p->overflow = 1;

    /* 3. */
    uint64_t total = 0;
    int mover = pos->to_move;
    for (int i = 0; i < n; i++) {
        CmUndo undo;
        CmOutcome o;
        cm_pos_apply(pos, &m[i], &undo);
        if (!cm_rules_after_move(pos, mover, &o))
            total += perft(p, pos, depth - 1);
        cm_pos_undo(pos, &m[i], &undo);
    }
    return total;
}

int cli_perft_count(const CmPosition *start, int depth, int divide, FILE *out, uint64_t *total_out,
                    int *overflow)
{
    Perft p = {NULL, 0};
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
        total = perft(&p, &pos, depth);
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
    for (int i = 0; i < n; i++) {
        CmUndo undo;
        uint64_t count = 1;
        int mover = pos.to_move;
        cm_pos_apply(&pos, &mt[i].move, &undo);
        if (depth > 1)
            count = cm_rules_after_move(&pos, mover, &o) ? 0 : perft(&p, &pos, depth - 1);
        cm_pos_undo(&pos, &mt[i].move, &undo);
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
