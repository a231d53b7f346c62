/* The move generator (src/core) against the slow reference generator of tests/refgen.c, on
 * every position where a perft to depth 3 from each variant's start generates moves (and its
 * leaves where they are few), at least 100,000 positions from seeded random playouts (many from
 * random sparse positions) biased towards captures, charges, castles and stuck seats, crowded
 * castle corners, and a few hand-made positions that also pin the reference down. It compares
 * the effects, 'cm_movegen_count', and the obligation in force. Any disagreement prints the
 * position document and both move lists, and fails the test. The summary lines it prints begin
 * with "refgen:".
 *
 * Environment: REFGEN_POSITIONS (playout positions, default 100000), REFGEN_CASTLE_POSITIONS
 * (crowded castle corners, default 20000), REFGEN_SEED (default 1),
 * REFGEN_PERFT_DEPTH (added to the perft depth 3; may be negative).
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "camelot/notation.h"
#include "camelot/posdoc.h"
#include "camelot/rules.h"
#include "refgen.h"
#include "testutil.h"

#define REFGEN_POSITIONS 100000 /* default number of playout positions, at least 100,000 */
_Static_assert(REFGEN_POSITIONS >= 100000, "the brief asks for at least 100,000 positions");
#define MAX_FX 8192    /* effects kept per position */
#define MAX_REPORTS 20 /* disagreements printed in full */

/* Counters for the report. */
static struct {
    long checked;      /* positions compared */
    long mismatched;   /* positions where the generators disagree */
    long overflow;     /* positions where the fast list overflowed (checked as a subset) */
    long by_rule[3];   /* by RefRule */
    long no_moves;     /* positions whose seat to move has no move */
    long castle_moves; /* castle moves listed by the fast generator */
    long effects;      /* effects compared */
    long lapsed;       /* positions where the own-castle exit obligation lapsed */
    int max_caps;      /* most pieces taken by one move */
} stats;

/* Whether a piece of the seat to move stands on a castle square other than its target's. */
static int on_castle(const CmPosition *pos)
{
    const CmVariant *v = pos->v;
    int seat = pos->to_move;
    for (int s = 0; s < v->nseats; s++) {
        if (s == v->seat[seat].target)
            continue;
        for (int i = 0; i < v->seat[s].ncastle; i++) {
            uint8_t c = pos->board[v->seat[s].castle[i]];
            if (c != CM_EMPTY && CM_CELL_SEAT(c) == seat)
                return 1;
        }
    }
    return 0;
}

static RefEffect *ref_moves_buf;
static char (*ref_fx)[REF_EFFECT_LEN];
static char (*fast_fx)[REF_EFFECT_LEN];
static char *ref_sorted[MAX_FX];        /* 'ref_fx' entries in strcmp order */
static char *fast_sorted[CM_MAX_MOVES]; /* 'fast_fx' entries in strcmp order */
static CmMoveList *fast_list;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long env_long(const char *name, long dflt)
{
    const char *s = getenv(name);
    return s && *s ? strtol(s, NULL, 10) : dflt;
}

static void print_position(const CmPosition *pos)
{
    char doc[8192];
    cm_posdoc_write(pos, NULL, doc, sizeof doc);
    printf("%s", doc);
}

/* Compares 'cm_movegen_obligation' and 'cm_movegen_can_jump' with the reference: the rule that
 * applied, the pieces able to jump, and the pieces that must leave a castle. */
static void check_obligation(const CmPosition *pos, RefRule rule, const char *where)
{
    static const CmObligationKind kind_of[] = {CM_OBLIGE_NONE, CM_OBLIGE_EXIT, CM_OBLIGE_CAPTURE};
    const CmVariant *v = pos->v;
    int seat = pos->to_move;
    CmObligation ob;
    CmSquareSet able, in_castle;
    memset(&able, 0, sizeof able);
    memset(&in_castle, 0, sizeof in_castle);
    int bad_jump = -1;
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        uint8_t c = pos->board[sq];
        if (c == CM_EMPTY || CM_CELL_SEAT(c) != seat)
            continue;
        int a = ref_able_to_jump(pos, (CmSquare)sq);
        if (a)
            cm_set_add(&able, (unsigned)sq);
        /* 'cm_movegen_can_jump' is slow to set up: ask it in one position out of eight. */
        if (stats.checked % 8 == 0 && a != cm_movegen_can_jump(pos, (CmSquare)sq))
            bad_jump = sq;
    }
    for (int s = 0; s < v->nseats; s++) {
        if (s == v->seat[seat].target)
            continue;
        for (int i = 0; i < v->seat[s].ncastle; i++) {
            CmSquare sq = v->seat[s].castle[i];
            if (pos->board[sq] != CM_EMPTY && CM_CELL_SEAT(pos->board[sq]) == seat)
                cm_set_add(&in_castle, sq);
        }
    }
    cm_movegen_obligation(pos, &ob);
    int ok = bad_jump < 0 && ob.kind == kind_of[rule];
    if (ok && rule == REF_RULE_CAPTURE)
        ok = cm_set_equal(&ob.pieces, &able);
    if (ok && rule == REF_RULE_EXIT)
        ok = cm_set_equal(&ob.pieces, &in_castle);
    if (ok || ++stats.mismatched > MAX_REPORTS)
        return;
    char name[4];
    printf("---- disagreement #%ld (%s): obligation: reference rule %d, fast kind %d",
           stats.mismatched, where, (int)rule, (int)ob.kind);
    if (bad_jump >= 0)
        printf("; able to jump differs on %s", cm_square_name((CmSquare)bad_jump, name));
    printf("; fast pieces:");
    CmSquareSet it = ob.pieces;
    while (!cm_set_empty(&it))
        printf(" %s", cm_square_name(cm_set_pop(&it), name));
    printf(" ----\n");
    print_position(pos);
    fflush(stdout);
}

/* Compares both generators on 'pos' (the seat to move, no skipping); 'where' says how the
 * position was reached. */
static void check(const CmPosition *pos, const char *where)
{
    RefRule rule;
    int nr = ref_moves(pos, ref_moves_buf, MAX_FX, &rule);
    assert_true(nr <= MAX_FX);
    for (int i = 0; i < nr; i++)
        ref_sorted[i] = ref_effect_text(&ref_moves_buf[i], ref_fx[i]);
    qsort(ref_sorted, (size_t)nr, sizeof *ref_sorted, tu_cmp_str);

    /* With more than CM_MAX_MOVES effects the fast list keeps only some of them (and says
     * so); they must then be a part of the reference's. */
    int nf = cm_movegen_all(pos, fast_list);
    int overflow = fast_list->overflow;
    stats.overflow += overflow;
    int nc = cm_movegen_count(pos);
    if (nc != nf && !overflow) {
        /* The fast generator disagrees with itself: 'cm_movegen_count' against the list. */
        if (++stats.mismatched <= MAX_REPORTS) {
            printf("---- disagreement #%ld (%s): cm_movegen_count %d, cm_movegen_all %d ----\n",
                   stats.mismatched, where, nc, nf);
            print_position(pos);
            fflush(stdout);
        }
    }
    for (int i = 0; i < nf; i++) {
        cm_move_effect_str(&fast_list->m[i], fast_fx[i], REF_EFFECT_LEN);
        fast_sorted[i] = fast_fx[i];
        if (fast_list->m[i].ncap > stats.max_caps)
            stats.max_caps = fast_list->m[i].ncap;
        if (fast_list->m[i].flags & CM_MOVE_CASTLE)
            stats.castle_moves++;
    }
    qsort(fast_sorted, (size_t)nf, sizeof *fast_sorted, tu_cmp_str);

    stats.checked++;
    stats.by_rule[rule]++;
    stats.effects += nr;
    if (nr == 0)
        stats.no_moves++;
    if (rule != REF_RULE_EXIT && on_castle(pos))
        stats.lapsed++;

    check_obligation(pos, rule, where);

    int only_ref = 0, only_fast = 0;
    for (int i = 0, j = 0; i < nr || j < nf;) {
        int c = i == nr ? 1 : j == nf ? -1 : strcmp(ref_sorted[i], fast_sorted[j]);
        only_ref += c < 0;
        only_fast += c > 0;
        i += c <= 0;
        j += c >= 0;
    }
    if (only_fast == 0 && (overflow ? nr > CM_MAX_MOVES : only_ref == 0))
        return;

    if (++stats.mismatched > MAX_REPORTS)
        return;
    static const char *const rule_name[] = {"free", "exit", "capture"};
    printf("---- disagreement #%ld (%s; reference rule: %s) ----\n", stats.mismatched, where,
           rule_name[rule]);
    print_position(pos);
    int i = 0, j = 0;
    printf("only in the reference:");
    while (i < nr || j < nf) {
        int c = i == nr ? 1 : j == nf ? -1 : strcmp(ref_sorted[i], fast_sorted[j]);
        if (c < 0)
            printf(" %s", ref_sorted[i]);
        i += c <= 0;
        j += c >= 0;
    }
    printf("\nonly in the fast generator:");
    for (i = 0, j = 0; i < nr || j < nf;) {
        int c = i == nr ? 1 : j == nf ? -1 : strcmp(ref_sorted[i], fast_sorted[j]);
        if (c > 0)
            printf(" %s", fast_sorted[j]);
        i += c <= 0;
        j += c >= 0;
    }
    printf("\n(reference %d moves, fast %d moves%s)\n", nr, nf, overflow ? ", overflowed" : "");
    fflush(stdout);
}

/* Checks 'pos', then (when it settles to another seat) the seat that actually moves. Returns
 * 1 and leaves the settled position in '*settled' when the game goes on. */
static int check_and_settle(const CmPosition *pos, CmPosition *settled, const char *where)
{
    CmOutcome o;
    check(pos, where);
    *settled = *pos;
    cm_rules_settle(settled, &o);
    if (settled->to_move != pos->to_move)
        check(settled, where);
    return !o.over;
}

/* 1. Perft walk, with the conventions of 'camelot perft' (a position where the game is over is
 *    not expanded). Every position where a perft to 'depth' generates moves is checked, and with
 *    'leaves' the positions it only counts as well. */

static void walk(CmPosition *pos, int depth, int leaves, const char *where)
{
    CmPosition settled;
    if (depth == 0) {
        if (leaves)
            check_and_settle(pos, &settled, where);
        return;
    }
    if (!check_and_settle(pos, &settled, where))
        return;
    CmMoveList *list = malloc(sizeof *list);
    assert_non_null(list);
    int n = cm_movegen_all(&settled, list);
    int mover = settled.to_move;
    for (int i = 0; i < n; i++) {
        CmUndo undo;
        CmOutcome o;
        cm_pos_apply(&settled, &list->m[i], &undo);
        if (!cm_rules_after_move(&settled, mover, &o))
            walk(&settled, depth - 1, leaves, where);
        else
            check(&settled, where); /* a finished game still has a move list */
        cm_pos_undo(&settled, &list->m[i], &undo);
    }
    free(list);
}

/* Perft depth 3 from every start: all the positions where it generates moves, and also its
 * leaves (the positions of depth 3) where there are few enough of them to stay fast under
 * AddressSanitizer (Camette, Grand Cam, Four-Handed Chivalry). */
static int perft_leaves(const char *name)
{
    return strcmp(name, "camette") == 0 || strcmp(name, "grand-cam") == 0 ||
           strncmp(name, "four-handed", 11) == 0;
}

static void test_movegen_reference_perft_positions(void **state)
{
    (void)state;
    double t0 = now();
    long before = stats.checked, mism = stats.mismatched;
    for (int k = 0; k < TU_NVARIANTS; k++) {
        CmPosition pos;
        char where[64];
        double t1 = now();
        long b = stats.checked;
        int depth = 3 + (int)env_long("REFGEN_PERFT_DEPTH", 0);
        int leaves = perft_leaves(tu_variant_names[k]);
        snprintf(where, sizeof where, "perft %s", tu_variant_names[k]);
        cm_pos_start(&pos, tu_variant(tu_variant_names[k]));
        walk(&pos, depth, leaves, where);
        printf("refgen: perft %-26s depth %d%s: %8ld positions, %.1f s\n", tu_variant_names[k],
               depth, leaves ? " with leaves" : "", stats.checked - b, now() - t1);
    }
    printf("refgen: perft total %ld positions in %.1f s, %ld disagreements\n",
           stats.checked - before, now() - t0, stats.mismatched - mism);
    assert_int_equal(stats.mismatched - mism, 0);
}

/* 2. Random playouts, each from its own seeded random numbers ('tu_rand'). */

/* Percent chance. */
static int chance(uint64_t *r, int pct)
{
    return tu_rand_below(r, 100) < pct;
}

static int board_squares(const CmVariant *v, CmSquare *sq)
{
    int n = 0;
    for (int i = 0; i < CM_SQUARES; i++)
        if (cm_set_has(&v->board, (unsigned)i))
            sq[n++] = (CmSquare)i;
    return n;
}

/* A random sparse position: a few pieces per seat, some in clusters (for canters and
 * charges), some on castle squares of every kind, some seats empty; random seat to move and
 * castle moves used. */
static void random_position(CmPosition *pos, const CmVariant *v, uint64_t *r)
{
    CmSquare sq[CM_SQUARES];
    int nsq = board_squares(v, sq);
    CmSquare castles[CM_MAX_SEATS * CM_MAX_CASTLE];
    int ncastles = 0;
    for (int s = 0; s < v->nseats; s++)
        for (int i = 0; i < v->seat[s].ncastle; i++)
            castles[ncastles++] = v->seat[s].castle[i];

    cm_pos_clear(pos, v);
    int dense = chance(r, 30);
    for (int s = 0; s < v->nseats; s++) {
        int start_n = 0, start_k = 0;
        for (int i = 0; i < CM_SQUARES; i++) {
            if (v->start[i] != CM_EMPTY && CM_CELL_SEAT(v->start[i]) == s) {
                start_n++;
                start_k += CM_CELL_KIND(v->start[i]) == CM_KNIGHT;
            }
        }
        int n =
            chance(r, v->nseats > 2 ? 15 : 3) ? 0 : 1 + tu_rand_below(r, start_n + (dense ? 8 : 1));
        /* Clusters near a castle often, for exits, entries and castle moves. */
        int center = ncastles > 0 && chance(r, 40) ? castles[tu_rand_below(r, ncastles)]
                                                   : sq[tu_rand_below(r, nsq)];
        for (int i = 0; i < n; i++) {
            int at = -1;
            for (int tries = 0; tries < 50 && at < 0; tries++) {
                int cand;
                int how = tu_rand_below(r, 100);
                if (how < 12 && ncastles > 0) {
                    cand = castles[tu_rand_below(r, ncastles)];
                } else if (how < 65) {
                    int f = CM_FILE(center) + tu_rand_below(r, 7) - 3;
                    int k = CM_RANK(center) + tu_rand_below(r, 7) - 3;
                    if (f < 0 || f >= CM_MAX_FILES || k < 0 || k >= CM_MAX_RANKS)
                        continue;
                    cand = CM_SQ(f, k);
                    if (!cm_set_has(&v->board, (unsigned)cand))
                        continue;
                } else {
                    cand = sq[tu_rand_below(r, nsq)];
                }
                if (pos->board[cand] == CM_EMPTY)
                    at = cand;
            }
            if (at < 0)
                continue;
            int knight =
                start_n == 0 || chance(r, 5) ? chance(r, 50) : tu_rand_below(r, start_n) < start_k;
            cm_pos_put(pos, (CmSquare)at, CM_CELL(s, knight ? CM_KNIGHT : CM_MAN));
        }
        if (v->rules.castle_moves > 0)
            cm_pos_set_castle_used(pos, s, tu_rand_below(r, v->rules.castle_moves + 1));
    }
    int mover = tu_rand_below(r, v->nseats);
    cm_pos_set_turn(pos, mover);

    /* Often a piece of the seat to move on a castle square that is not its target (2.7). */
    if (chance(r, 60)) {
        int s = tu_rand_below(r, v->nseats);
        if (s != v->seat[mover].target && v->seat[s].ncastle > 0) {
            CmSquare at = v->seat[s].castle[tu_rand_below(r, v->seat[s].ncastle)];
            if (pos->board[at] == CM_EMPTY)
                cm_pos_put(pos, at, CM_CELL(mover, chance(r, 50) ? CM_KNIGHT : CM_MAN));
            /* Sometimes hem it in, so that it may have no way out (the exit lapses). */
            if (chance(r, 60)) {
                for (int df = -2; df <= 2; df++)
                    for (int dr = -2; dr <= 2; dr++) {
                        int f = CM_FILE(at) + df, k = CM_RANK(at) + dr;
                        if (f < 0 || f >= CM_MAX_FILES || k < 0 || k >= CM_MAX_RANKS)
                            continue;
                        CmSquare n = CM_SQ(f, k);
                        int near = abs(df) <= 1 && abs(dr) <= 1;
                        if (!cm_set_has(&v->board, n) || pos->board[n] != CM_EMPTY ||
                            !chance(r, near ? 75 : 30))
                            continue;
                        cm_pos_put(pos, n,
                                   CM_CELL(tu_rand_below(r, v->nseats),
                                           chance(r, 50) ? CM_KNIGHT : CM_MAN));
                    }
            }
        }
    }
}

/* Chebyshev distance from 'sq' to the nearest target castle square of 'seat'; 0 without one. */
static int target_distance(const CmVariant *v, int seat, int sq)
{
    int t = v->seat[seat].target, best = 0;
    if (t < 0)
        return 0;
    for (int i = 0; i < v->seat[t].ncastle; i++) {
        int c = v->seat[t].castle[i];
        int df = abs(CM_FILE(c) - CM_FILE(sq)), dr = abs(CM_RANK(c) - CM_RANK(sq));
        int d = df > dr ? df : dr;
        if (i == 0 || d < best)
            best = d;
    }
    return best;
}

/* Picks a move, biased towards captures (the longest, sometimes), castle moves and moves
 * towards the target castle. */
static int pick_move(const CmPosition *pos, const CmMoveList *list, uint64_t *r)
{
    const CmVariant *v = pos->v;
    int idx[CM_MAX_MOVES], n = 0;
    int roll = tu_rand_below(r, 100);
    if (roll < 45) {
        int best = 0;
        for (int i = 0; i < list->n; i++)
            if (list->m[i].ncap > 0) {
                if (roll < 15 && list->m[i].ncap > best) {
                    best = list->m[i].ncap;
                    n = 0;
                }
                if (roll >= 15 || list->m[i].ncap == best)
                    idx[n++] = i;
            }
    } else if (roll < 55) {
        for (int i = 0; i < list->n; i++)
            if (list->m[i].flags & CM_MOVE_CASTLE)
                idx[n++] = i;
    } else if (roll < 80) {
        int best = 1 << 20;
        for (int i = 0; i < list->n; i++) {
            const CmMove *m = &list->m[i];
            int gain =
                target_distance(v, pos->to_move, m->to) - target_distance(v, pos->to_move, m->from);
            if (gain < best) {
                best = gain;
                n = 0;
            }
            if (gain == best)
                idx[n++] = i;
        }
    }
    if (n == 0)
        return tu_rand_below(r, list->n);
    return idx[tu_rand_below(r, n)];
}

/* One playout: checks every position until the game ends, 'max_plies' pass, or 'budget'
 * positions were checked. */
static void playout(const CmVariant *v, uint64_t *r, long budget, const char *tag)
{
    CmPosition pos, settled;
    CmMoveList *list = malloc(sizeof *list);
    char where[96];
    assert_non_null(list);
    int sparse = chance(r, 70);
    if (sparse)
        random_position(&pos, v, r);
    else
        cm_pos_start(&pos, v);
    int max_plies = sparse ? 1 + tu_rand_below(r, 30) : 40 + tu_rand_below(r, 160);
    for (int ply = 0; ply < max_plies && stats.checked < budget; ply++) {
        snprintf(where, sizeof where, "%s, %s start, ply %d", tag, sparse ? "sparse" : "normal",
                 ply);
        if (!check_and_settle(&pos, &settled, where))
            break;
        int n = cm_movegen_all(&settled, list);
        if (n == 0)
            break;
        const CmMove m = list->m[pick_move(&settled, list, r)];
        int mover = settled.to_move;
        CmUndo undo;
        CmOutcome o;
        pos = settled;
        cm_pos_apply(&pos, &m, &undo);
        if (cm_rules_after_move(&pos, mover, &o)) {
            snprintf(where, sizeof where, "%s, game over after ply %d", tag, ply);
            check(&pos, where);
            break;
        }
    }
    free(list);
}

static void test_movegen_reference_random_playouts(void **state)
{
    (void)state;
    long want = env_long("REFGEN_POSITIONS", REFGEN_POSITIONS);
    uint64_t seed = (uint64_t)env_long("REFGEN_SEED", 1);
    long before = stats.checked, mism = stats.mismatched;
    long rule0[3] = {stats.by_rule[0], stats.by_rule[1], stats.by_rule[2]};
    long nomove0 = stats.no_moves, castle0 = stats.castle_moves, lapsed0 = stats.lapsed;
    double t0 = now();
    long budget = stats.checked + want;
    for (long game = 0; stats.checked < budget; game++) {
        uint64_t r = (seed * 0x9E3779B97F4A7C15u) ^ ((uint64_t)game * 0xD1B54A32D192ED03u) ^ 1u;
        int k = (int)(game % TU_NVARIANTS);
        char tag[96];
        snprintf(tag, sizeof tag, "playout %s seed %llu game %ld", tu_variant_names[k],
                 (unsigned long long)seed, game);
        playout(tu_variant(tu_variant_names[k]), &r, budget, tag);
    }
    printf("refgen: playouts %ld positions in %.1f s (free %ld, exit %ld, exit lapsed %ld, "
           "capture %ld; no move %ld; castle moves listed %ld), %ld disagreements\n",
           stats.checked - before, now() - t0, stats.by_rule[0] - rule0[0],
           stats.by_rule[1] - rule0[1], stats.lapsed - lapsed0, stats.by_rule[2] - rule0[2],
           stats.no_moves - nomove0, stats.castle_moves - castle0, stats.mismatched - mism);
    printf("refgen: total %ld positions, %ld effects, longest capture %d pieces, %ld overflows\n",
           stats.checked, stats.effects, stats.max_caps, stats.overflow);
    assert_int_equal(stats.mismatched - mism, 0);
}

/* 3. Crowded castle corners: one or two pieces of the seat to move on its own or side castle
 *    squares (sometimes also on its target castle), with the squares around them filled at
 *    random, so that exits, lapsed exits, jumps and charges ending in castles and castle moves
 *    come up often. */

static void castle_corner(CmPosition *pos, const CmVariant *v, uint64_t *r)
{
    cm_pos_clear(pos, v);
    int mover = tu_rand_below(r, v->nseats);
    cm_pos_set_turn(pos, mover);
    for (int s = 0; s < v->nseats; s++)
        if (v->rules.castle_moves > 0)
            cm_pos_set_castle_used(pos, s, tu_rand_below(r, v->rules.castle_moves + 1));
    int density = 30 + tu_rand_below(r, 65);
    int nput = 1 + chance(r, 40);
    for (int k = 0; k < nput; k++) {
        int s = tu_rand_below(r, v->nseats);
        if (v->seat[s].ncastle == 0)
            continue;
        CmSquare at = v->seat[s].castle[tu_rand_below(r, v->seat[s].ncastle)];
        if (pos->board[at] == CM_EMPTY)
            cm_pos_put(pos, at, CM_CELL(mover, chance(r, 60) ? CM_KNIGHT : CM_MAN));
        for (int df = -3; df <= 3; df++) {
            for (int dr = -3; dr <= 3; dr++) {
                int f = CM_FILE(at) + df, rk = CM_RANK(at) + dr;
                if (f < 0 || f >= CM_MAX_FILES || rk < 0 || rk >= CM_MAX_RANKS)
                    continue;
                CmSquare n = CM_SQ(f, rk);
                if (!cm_set_has(&v->board, n) || pos->board[n] != CM_EMPTY || !chance(r, density))
                    continue;
                /* About half friends, half enemies, as seen from the seat to move. */
                int owner = tu_rand_below(r, v->nseats);
                cm_pos_put(pos, n, CM_CELL(owner, chance(r, 50) ? CM_KNIGHT : CM_MAN));
            }
        }
    }
    /* A few pieces elsewhere, so that other pieces may be able to jump. */
    CmSquare sq[CM_SQUARES];
    int nsq = board_squares(v, sq);
    for (int k = tu_rand_below(r, 8); k > 0; k--) {
        CmSquare at = sq[tu_rand_below(r, nsq)];
        if (pos->board[at] == CM_EMPTY)
            cm_pos_put(pos, at,
                       CM_CELL(tu_rand_below(r, v->nseats), chance(r, 50) ? CM_KNIGHT : CM_MAN));
    }
}

#define REFGEN_CASTLE_POSITIONS 20000 /* positions per run of the castle-corner test */

static void test_movegen_reference_castle_corners(void **state)
{
    (void)state;
    long want = env_long("REFGEN_CASTLE_POSITIONS", REFGEN_CASTLE_POSITIONS);
    uint64_t seed = (uint64_t)env_long("REFGEN_SEED", 1);
    long before = stats.checked, mism = stats.mismatched, rule1 = stats.by_rule[1];
    long lapsed0 = stats.lapsed;
    double t0 = now();
    /* The variants with castles: all but the two Four-Handed Chivalry ones. */
    for (long i = 0; i < want; i++) {
        uint64_t r = (seed * 0xD6E8FEB86659FD93u) ^ ((uint64_t)i * 0x9E3779B97F4A7C15u) ^ 2u;
        int k = (int)(i % 6);
        char where[96];
        CmPosition pos, settled;
        snprintf(where, sizeof where, "castle corner %s seed %llu number %ld", tu_variant_names[k],
                 (unsigned long long)seed, i);
        castle_corner(&pos, tu_variant(tu_variant_names[k]), &r);
        check_and_settle(&pos, &settled, where);
    }
    printf("refgen: castle corners %ld positions in %.1f s (exit %ld, exit lapsed %ld), "
           "%ld disagreements\n",
           stats.checked - before, now() - t0, stats.by_rule[1] - rule1, stats.lapsed - lapsed0,
           stats.mismatched - mism);
    assert_int_equal(stats.mismatched - mism, 0);
}

/* 4. A few positions written out by hand, so that the reference itself is pinned down. */

static int ref_has(const CmPosition *pos, const char *effect)
{
    int n = ref_effects(pos, ref_fx, MAX_FX);
    for (int i = 0; i < n; i++)
        if (strcmp(ref_fx[i], effect) == 0)
            return 1;
    return 0;
}

static void test_movegen_reference_basics(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmPosition pos;

    /* Start: 100 moves (docs/rules.md 2.10). */
    cm_pos_start(&pos, v);
    assert_int_equal(ref_effects(&pos, ref_fx, MAX_FX), 100);

    /* The notation examples of 1.3: canter E6-C8-A8 and jump H4xJ4xL6. */
    tu_position(&pos, v, "W E6M D7M B8M; B L12M", 'W');
    assert_true(ref_has(&pos, "E6>A8"));
    tu_position(&pos, v, "W H4M; B I4M K5M", 'W');
    assert_int_equal(ref_effects(&pos, ref_fx, MAX_FX), 1);
    assert_string_equal(ref_fx[0], "H4>L6xI4,K5");

    /* Knight's charge F6-F8-H8xH10xJ12. */
    tu_position(&pos, v, "W F6K F7M G8M; B H9M I11M", 'W');
    assert_true(ref_has(&pos, "F6>J12xH9,I11"));

    /* A knight may not canter onto a hot square; a man may (2.6). */
    tu_position(&pos, v, "W E5K E6M; B F8M L13M", 'W');
    assert_false(ref_has(&pos, "E5>E7"));
    tu_position(&pos, v, "W E5M E6M; B F8M", 'W');
    assert_true(ref_has(&pos, "E5>E7"));

    /* A piece in its own castle must leave, even when another piece could capture (2.7). */
    tu_position(&pos, v, "W F1M A4M; B B5M", 'W');
    assert_int_equal(ref_effects(&pos, ref_fx, MAX_FX), 3);

    /* A piece in the target castle has only castle moves, within the allowance (2.8). */
    tu_position(&pos, v, "W F16M E5M; B F15M", 'W');
    assert_true(ref_has(&pos, "F16>G16"));
    assert_false(ref_has(&pos, "F16>F14xF15"));
    cm_pos_set_castle_used(&pos, 0, 2);
    assert_false(ref_has(&pos, "F16>G16"));
}

/* Hand-made positions for rare corners; each is pinned for the reference and also compared
 * with the fast generator. */
static void test_movegen_reference_hand_positions(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *pieces;
        char to_move;
        RefRule rule;
        const char *has, *lacks; /* an effect the reference must list, one it must not */
    } cases[] = {
        /* Exit lapses (2.7, 2.11.1): the knight on H1 has no plain move, its only canter lands
         * on a hot square, and its only charge ends on P9, a side castle. Then it moves
         * normally, and that charge is legal. */
        {"grand-camelot", "R H1K G2M H2M I2M F3M H3M; G K4M M6M O8M", 'R', REF_RULE_FREE,
         "H1>P9xK4,M6,O8", "H1>J3"},
        /* Entering the target castle ends a jump at once (2.8). */
        {"camelot", "W D14M A4M; B E15M G15M L13M", 'W', REF_RULE_CAPTURE, "D14>F16xE15",
         "D14>H14xE15,G15"},
        /* A circular jump ends on its starting square (2.5). */
        {"camelot", "W E5M; B F6M F8M D8M D6M A13M", 'W', REF_RULE_CAPTURE, "E5>E5xD6,D8,F6,F8",
         NULL},
        /* Partners canter over each other's pieces (3.5); in the individual game no one does. */
        {"grand-cam", "R F5M; B F6M; G G12M; Y L7M", 'R', REF_RULE_FREE, "F5>F7", NULL},
        {"four-handed-chivalry", "R F5K; B F6K; G A12K; Y N6K", 'R', REF_RULE_FREE, "F5>F7", NULL},
        {"four-handed-chivalry-solo", "R F5K; B F6K; G A12K; Y N6K", 'R', REF_RULE_CAPTURE,
         "F5>F7xF6", "F5>F4"},
        /* A piece jumps into its own castle and must leave next turn by a jump (2.7). */
        {"camelot", "W F1M A4M; B G2M B5M", 'W', REF_RULE_EXIT, "F1>H3xG2", "A4>C6xB5"},
        /* 555 moves, 554 of them captures by the knight on I5 (found by a playout):
         * 'cm_movegen_count' said 513, as if it kept at most 512 effects of one piece. */
        {"four-handed-chivalry-solo",
         "R J3K J5K J6K K6K L6K J7M I8K; G I4K I5K; B I6K; Y J4M K4K L4K H7K J8K K8K", 'G',
         REF_RULE_CAPTURE, "I5>G7xH7,I6,I8,J3,J4,J5,J6,J7,J8,K4,K6", "I4>I6xI5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CmPosition pos;
        RefRule rule;
        char where[64];
        tu_position(&pos, tu_variant(cases[i].variant), cases[i].pieces, cases[i].to_move);
        ref_moves(&pos, NULL, 0, &rule);
        if (rule != cases[i].rule || !ref_has(&pos, cases[i].has) ||
            (cases[i].lacks && ref_has(&pos, cases[i].lacks)))
            fail_msg("hand position %zu: the reference does not give what the rules say", i);
        snprintf(where, sizeof where, "hand position %zu", i);
        long before = stats.mismatched;
        check(&pos, where);
        assert_int_equal(stats.mismatched, before);
    }
}

static int setup(void **state)
{
    (void)state;
    ref_moves_buf = malloc(MAX_FX * sizeof *ref_moves_buf);
    ref_fx = malloc(MAX_FX * sizeof *ref_fx);
    fast_fx = malloc((CM_MAX_MOVES + 1) * sizeof *fast_fx);
    fast_list = malloc(sizeof *fast_list);
    return ref_moves_buf && ref_fx && fast_fx && fast_list ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(ref_moves_buf);
    free(ref_fx);
    free(fast_fx);
    free(fast_list);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_movegen_reference_basics),
        cmocka_unit_test(test_movegen_reference_hand_positions),
        cmocka_unit_test(test_movegen_reference_perft_positions),
        cmocka_unit_test(test_movegen_reference_random_playouts),
        cmocka_unit_test(test_movegen_reference_castle_corners),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
