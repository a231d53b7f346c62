/* The static evaluation: material and placement from tables built from the variant's geometry
 * (steps to the target castle, or to the centre), pieces that can be jumped at once, and pieces
 * that no jump can reach. Bit operations on the parity-class grids (see 'CM_CLASS').
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "camelot/grid4.h"
#include "engine_int.h"

/* The weight tables, one per family (docs/engine.md explains the values). */
static const EvalParams race_params = {
    .family = "race", /* one piece in the target castle wins: Camette, Cam, Grand Cam */
    .w = {[CM_EVAL_MAN] = 100,
          [CM_EVAL_KNIGHT] = 150,
          [CM_EVAL_ADVANCE_MAN] = 48,
          [CM_EVAL_ADVANCE_KNIGHT] = 48,
          [CM_EVAL_NEAR1] = 60,
          [CM_EVAL_NEAR2] = 30,
          [CM_EVAL_NEAR3] = 12,
          [CM_EVAL_NEAR4] = 4,
          [CM_EVAL_THREATENED] = 30,
          [CM_EVAL_THREAT_KNIGHT] = 15,
          [CM_EVAL_GUARDED] = 6,
          [CM_EVAL_TEMPO] = 8},
};
static const EvalParams camelot_params = {
    .family = "camelot", /* two pieces in the target castle, two players: Camelot, Chivalry */
    .w = {[CM_EVAL_MAN] = 100,
          [CM_EVAL_KNIGHT] = 160,
          [CM_EVAL_ADVANCE_MAN] = 56,
          [CM_EVAL_ADVANCE_KNIGHT] = 56,
          [CM_EVAL_NEAR0] = 120,
          [CM_EVAL_NEAR1] = 40,
          [CM_EVAL_NEAR2] = 20,
          [CM_EVAL_NEAR3] = 8,
          [CM_EVAL_NEAR4] = 2,
          [CM_EVAL_THREATENED] = 30,
          [CM_EVAL_THREAT_KNIGHT] = 15,
          [CM_EVAL_GUARDED] = 6,
          [CM_EVAL_TEMPO] = 8,
          [CM_EVAL_DEFENDER] = 10,
          [CM_EVAL_THREAT_MORE] = 30,
          [CM_EVAL_RUNNER] = 40,
          [CM_EVAL_SECOND] = 60},
};
static const EvalParams team_params = {
    .family = "team", /* two pieces in the target castles, two teams of two: Grand Camelot */
    .w = {[CM_EVAL_MAN] = 100,
          [CM_EVAL_KNIGHT] = 160,
          [CM_EVAL_ADVANCE_MAN] = 28,
          [CM_EVAL_ADVANCE_KNIGHT] = 28,
          [CM_EVAL_NEAR0] = 120,
          [CM_EVAL_NEAR1] = 40,
          [CM_EVAL_NEAR2] = 20,
          [CM_EVAL_NEAR3] = 8,
          [CM_EVAL_NEAR4] = 2,
          [CM_EVAL_THREATENED] = 30,
          [CM_EVAL_THREAT_KNIGHT] = 15,
          [CM_EVAL_GUARDED] = 6,
          [CM_EVAL_TEMPO] = 8},
};
static const EvalParams melee_params = {
    .family = "melee", /* no castle win: Four-Handed Chivalry */
    .w = {[CM_EVAL_MAN] = 100,
          [CM_EVAL_KNIGHT] = 100,
          [CM_EVAL_CENTRE] = 4,
          [CM_EVAL_THREATENED] = 30,
          [CM_EVAL_GUARDED] = 8,
          [CM_EVAL_TEMPO] = 8},
};

static const char *const term_names[CM_EVAL_TERMS] = {
    "man",      "knight", "advance-man", "advance-knight", "near0",         "near1",   "near2",
    "near3",    "near4",  "centre",      "threatened",     "threat-knight", "guarded", "tempo",
    "defender", "trade",  "threat-more", "runner",         "second",        "nearest",
};

#define FAR 64
#define NEAREST_FAR 8 /* the steps from which the 'nearest' term counts */

/* Steps (king moves over the board, never onto the seat's own or side castles) from every
 * square to the nearest square of 'goal'; FAR where none leads. */
static void distances(const CmVariant *v, int seat, const CmSquareSet *goal, uint8_t *dist)
{
    CmSquare queue[CM_SQUARES];
    int head = 0, tail = 0;
    memset(dist, FAR, CM_SQUARES);
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        if (cm_set_has(goal, (unsigned)sq)) {
            dist[sq] = 0;
            queue[tail++] = (CmSquare)sq;
        }
    }
    while (head < tail) {
        CmSquare x = queue[head++];
        unsigned m = v->step_ok[x];
        while (m) {
            int d = __builtin_ctz(m);
            m &= m - 1;
            int u = x + cm_dir_offset[d];
            if (dist[u] != FAR || (v->sqflags[seat][u] & CM_SQ_NOSTEP))
                continue;
            dist[u] = (uint8_t)(dist[x] + 1);
            queue[tail++] = (CmSquare)u;
        }
    }
}

/* Step 2 of the tables: per seat, the steps from each square to its target castle (to the
 * centre of the board without one). */
static void goal_distances(CmEngine *e)
{
    const CmVariant *v = e->v;
    CmSquareSet centre = {{0, 0, 0, 0}};
    int best = 1 << 30;
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        if (!cm_variant_on(v, (unsigned)sq))
            continue;
        int df = 2 * CM_FILE(sq) - (v->files - 1), dr = 2 * CM_RANK(sq) - (v->ranks - 1);
        int c = (df < 0 ? -df : df) + (dr < 0 ? -dr : dr);
        if (c < best) {
            best = c;
            memset(&centre, 0, sizeof centre);
        }
        if (c == best)
            cm_set_add(&centre, (unsigned)sq);
    }
    for (int s = 0; s < v->nseats; s++) {
        int t = v->seat[s].target;
        CmSquareSet goal = {{0, 0, 0, 0}};
        if (t >= 0 && v->rules.castle_win > 0) {
            for (int i = 0; i < v->seat[t].ncastle; i++)
                cm_set_add(&goal, v->seat[t].castle[i]);
        } else {
            goal = centre;
        }
        distances(v, s, &goal, e->dist[s]);
    }
}

/* Step 3: per seat and kind, material plus placement for every square, of the weights 'par.w'. */
static void placement_tables(CmEngine *e)
{
    const CmVariant *v = e->v;
    const int *w = e->par.w;
    for (int s = 0; s < v->nseats; s++) {
        int dmax = 0;
        for (int sq = 0; sq < CM_SQUARES; sq++)
            if (e->dist[s][sq] != FAR && e->dist[s][sq] > dmax)
                dmax = e->dist[s][sq];
        e->dmax[s] = dmax;
        int centred = v->seat[s].target < 0 || v->rules.castle_win <= 0;
        for (int k = 0; k < CM_KIND_COUNT; k++) {
            for (int sq = 0; sq < CM_SQUARES; sq++) {
                int d = e->dist[s][sq] == FAR ? dmax : e->dist[s][sq];
                int val = w[CM_EVAL_MAN + k];
                if (centred) {
                    val += w[CM_EVAL_CENTRE] * (dmax - d);
                } else {
                    val += w[CM_EVAL_ADVANCE_MAN + k] * (dmax - d) / 16;
                    if (d <= 4)
                        val += w[CM_EVAL_NEAR0 + d];
                }
                e->pst[s][k][sq] = (int16_t)val;
            }
        }
    }
}

/* Step 4: the class grids of squares close to the target, who may jump whom, the castle squares,
 * and the shifts of the capture test. */
static void class_grids(CmEngine *e)
{
    const CmVariant *v = e->v;
    memset(e->near_target, 0, sizeof e->near_target);
    memset(e->nostep_any, 0, sizeof e->nostep_any);
    for (int s = 0; s < v->nseats; s++) {
        e->enemy_seats[s] = 0;
        for (int o = 0; o < v->nseats; o++)
            if (v->seat[o].team != v->seat[s].team)
                e->enemy_seats[s] |= 1u << o;
        if (v->seat[s].target < 0 || v->rules.castle_win <= 0)
            continue;
        for (int sq = 0; sq < CM_SQUARES; sq++) {
            if (!cm_variant_on(v, (unsigned)sq))
                continue;
            if (e->dist[s][sq] >= 1 && e->dist[s][sq] <= 2)
                e->near_target[s][CM_CLASS(sq)] |= 1ull << CM_CBIT(sq);
        }
    }
    memset(e->runway, 0, sizeof e->runway);
    memset(e->nearway, 0, sizeof e->nearway);
    memset(e->box2, 0, sizeof e->box2);
    for (int s = 0; s < v->nseats; s++) {
        if (v->seat[s].target < 0 || v->rules.castle_win <= 0)
            continue;
        for (int sq = 0; sq < CM_SQUARES; sq++) {
            int d = e->dist[s][sq];
            if (!cm_variant_on(v, (unsigned)sq) || d < 1)
                continue;
            if (d <= 3)
                cm_set_add(&e->runway[s], (unsigned)sq);
            if (d < NEAREST_FAR)
                cm_set_add(&e->nearway[s], (unsigned)sq);
        }
    }
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        if (!cm_variant_on(v, (unsigned)sq))
            continue;
        for (int df = -2; df <= 2; df++)
            for (int dr = -2; dr <= 2; dr++) {
                int f = CM_FILE(sq) + df, r = CM_RANK(sq) + dr;
                if ((df || dr) && f >= 0 && f < 16 && r >= 0 && r < 16 &&
                    cm_variant_on(v, (unsigned)CM_SQ(f, r)))
                    cm_set_add(&e->box2[sq], (unsigned)CM_SQ(f, r));
            }
    }
    memset(e->near_home, 0, sizeof e->near_home);
    for (int s = 0; s < v->nseats; s++) {
        for (int o = 0; o < v->nseats; o++) {
            if (!(e->enemy_seats[s] >> o & 1) || v->seat[o].target < 0 || v->rules.castle_win <= 0)
                continue;
            for (int sq = 0; sq < CM_SQUARES; sq++)
                if (cm_variant_on(v, (unsigned)sq) && e->dist[o][sq] <= 2)
                    e->near_home[s][CM_CLASS(sq)] |= 1ull << CM_CBIT(sq);
        }
    }
    e->start_pieces = 0;
    for (int sq = 0; sq < CM_SQUARES; sq++)
        e->start_pieces += v->start[sq] != CM_EMPTY;
    for (int s = 0; s < v->nseats; s++)
        for (int c = 0; c < 4; c++)
            e->nostep_any[c] |= v->cnostep[s][c];
    for (int d = 0; d < CM_DIR_COUNT; d++) {
        for (int c = 0; c < 4; c++) {
            cm_grid4_set_shift(e->vstep[d], c, &v->cstep[c][d]);
            cm_grid4_set_shift(e->vland[d], c, &v->cstep[c][d ^ 4]);
        }
    }
    memset(e->axis_on, 0, sizeof e->axis_on);
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        if (!cm_variant_on(v, (unsigned)sq))
            continue;
        for (int d = 0; d < 4; d++)
            if ((v->step_ok[sq] >> d & 1) && (v->step_ok[sq] >> (d + 4) & 1))
                e->axis_on[CM_CLASS(sq)][d] |= 1ull << CM_CBIT(sq);
    }
    for (int d = 0; d < CM_DIR_COUNT; d++)
        for (int c = 0; c < 4; c++)
            e->vaxis[d][c] = e->axis_on[v->cmid[c][d]][d & 3];
}

/* Building the tables, in steps:
 * 1. the family's parameters, from the rules: no castle win (melee), a one-piece castle win
 *    (race), or a two-piece win for two seats (camelot) or more (team);
 * 2. per seat, the steps from each square to its target castle (to the centre without one);
 * 3. per seat and kind, material plus placement for every square;
 * 4. the class grids of squares close to the target, and who may jump whom. */
void cm_eval_init(CmEngine *e)
{
    const CmVariant *v = e->v;

    /* 1. */
    if (v->rules.castle_win <= 0)
        e->par = melee_params;
    else if (v->rules.castle_win == 1)
        e->par = race_params;
    else if (v->nseats == 2)
        e->par = camelot_params;
    else
        e->par = team_params;
    goal_distances(e);
    placement_tables(e);
    class_grids(e);
}

/* Whether 'seat' must capture, from the class grids: 1 when one of its pieces (off its target
 * castle) can jump an enemy piece now, 0 when none can, 2 when a piece of it stands on an own
 * or side castle square (then the rules core decides). */
int cm_eval_capture_forced(const CmEngine *e, const CmPosition *pos, int seat)
{
    const CmVariant *v = e->v;
    CmGrid4 occ = {0, 0, 0, 0}, prey = occ;
    for (int s = 0; s < v->nseats; s++) {
        CmGrid4 b = cm_grid4_load(pos->cls[s]);
        occ |= b;
        if (e->enemy_seats[seat] & (1u << s))
            prey |= b;
    }
    CmGrid4 own = cm_grid4_load(pos->cls[seat]);
    CmGrid4 in = own & cm_grid4_load(v->cnostep[seat]);
    if (in[0] | in[1] | in[2] | in[3])
        return 2;
    own &= ~cm_grid4_load(v->ctarget[seat]);
    CmGrid4 j = own & cm_grid4_leap_from(v, prey, cm_grid4_load(v->cboard) & ~occ);
    return (j[0] | j[1] | j[2] | j[3]) != 0;
}

/* Whether a seat's class grids 'cls' have a piece on a square of the grids 'set'. */
static inline int any_on(const uint64_t cls[4], const uint64_t set[4])
{
    return ((cls[0] & set[0]) | (cls[1] & set[1]) | (cls[2] & set[2]) | (cls[3] & set[3])) != 0;
}

int cm_eval_near_target(const CmEngine *e, const CmPosition *pos, int seat)
{
    return any_on(pos->cls[seat], e->near_target[seat]);
}

int cm_eval_material(const CmEngine *e, const CmPosition *pos, int seat)
{
    int sc = 0;
    for (int c = 0; c < 4; c++) {
        uint64_t b = pos->cls[seat][c];
        while (b) {
            int bit = __builtin_ctzll(b);
            b &= b - 1;
            CmSquare sq = CM_CSQ(c, bit);
            sc += e->pst[seat][CM_CELL_KIND(pos->board[sq])][sq];
        }
    }
    return sc;
}

/* One direction for every class: the landing squares a jump over each square x would need
 * (x + d empty), which squares are on an open line, and which the jumpers 'j' and 'o' could
 * jump; in the lanes of x - d, to be moved to the lanes of x by the caller. */
static inline void direction(const CmEngine *e, int d, CmGrid4 emp, CmGrid4 j, CmGrid4 o,
                             CmGrid4 *ex, CmGrid4 *vi, CmGrid4 *ht)
{
    CmGrid4 land = cm_grid4_shift(emp, e->vland[d]);
    *ex |= cm_grid4_load(e->vaxis[d]) & land;
    *vi |= cm_grid4_shift(j, e->vstep[d]) & land;
    *ht |= cm_grid4_shift(o, e->vstep[d]) & land;
}

/* For the 'nearest' term: how close the pieces of 'seat' that must still enter its target castle
 * are, as the sum of NEAREST_FAR less the steps of each of its nearest pieces outside the castle
 * (as many as must still enter; at most two are counted). */
static int nearest_closeness(const CmEngine *e, const CmPosition *pos, int seat)
{
    const CmVariant *v = e->v;
    if (v->seat[seat].target < 0)
        return 0;
    int in = 0;
    for (int c = 0; c < 4; c++)
        in += __builtin_popcountll(pos->cls[seat][c] & v->ctarget[seat][c]);
    int need = v->rules.castle_win - in;
    if (need <= 0)
        return 0;
    CmSquareSet r = pos->occ[seat];
    for (int i = 0; i < 4; i++)
        r.w[i] &= e->nearway[seat].w[i];
    int d1 = NEAREST_FAR, d2 = NEAREST_FAR; /* the nearest two, d1 <= d2 */
    while (!cm_set_empty(&r)) {
        int d = e->dist[seat][cm_set_pop(&r)];
        if (d < d1) {
            d2 = d1;
            d1 = d;
        } else if (d < d2) {
            d2 = d;
        }
    }
    return need == 1 ? NEAREST_FAR - d1 : 2 * NEAREST_FAR - d1 - d2;
}

/* Evaluation, in steps:
 * 1. material and placement of each seat, kept up to date move by move in 'e->psum';
 *    side 1's seats are averaged when it has several independent seats (paranoid, BRS);
 *    the class grids of both sides, the jumpers of the other side and of 'seat', and the
 *    pieces 'seat' may jump;
 * 2. one pass over the directions, all classes at once: the pieces of the side to move that
 *    the other side could jump now, whether 'seat' can jump (then it must capture, and the
 *    evaluation is not needed unless 'always' is set), and the board lines open for a jump;
 * 3. guarded pieces: those on no line along which a jump could pass over them now or after
 *    one piece moves (both neighbours on the line are board squares and one is empty);
 * 4. the sum, turned to the side to move. */
static int probe(const CmEngine *e, const CmPosition *pos, int seat, int *forced, int always,
                 double *tr)
{
    const CmVariant *v = e->v;
    int to = e->side_of[pos->to_move], me = e->side_of[seat];
    unsigned en = e->enemy_seats[seat];

    /* 1. */
    int score[2] = {0, 0};
    CmGrid4 side[2] = {{0, 0, 0, 0}, {0, 0, 0, 0}}, jump = {0, 0, 0, 0}, prey;
    for (int s = 0; s < v->nseats; s++) {
        int x = e->side_of[s];
        CmGrid4 b = cm_grid4_load(pos->cls[s]);
        score[x] += e->psum[s];
        side[x] |= b;
        if (x != to)
            jump |= b & ~cm_grid4_load(v->ctarget[s]);
    }
    if (en == e->side_seats[me ^ 1]) {
        prey = side[me ^ 1];
    } else {
        prey = (CmGrid4){0, 0, 0, 0};
        for (int s = 0; s < v->nseats; s++)
            if (en & (1u << s))
                prey |= cm_grid4_load(pos->cls[s]);
    }
    CmGrid4 empty = cm_grid4_load(v->cboard) & ~(side[0] | side[1]);
    CmGrid4 own = cm_grid4_load(pos->cls[seat]);
    CmGrid4 in_castle = own & cm_grid4_load(v->cnostep[seat]);
    own &= ~cm_grid4_load(v->ctarget[seat]);

    /* 2. */
    CmGrid4 z = {0, 0, 0, 0};
    CmGrid4 ex1 = z, ex2 = z, ex3 = z, vi1 = z, vi2 = z, vi3 = z, ht1 = z, ht2 = z, ht3 = z;
    direction(e, CM_DIR_E, empty, jump, own, &ex1, &vi1, &ht1);
    direction(e, CM_DIR_W, empty, jump, own, &ex1, &vi1, &ht1);
    direction(e, CM_DIR_N, empty, jump, own, &ex2, &vi2, &ht2);
    direction(e, CM_DIR_S, empty, jump, own, &ex2, &vi2, &ht2);
    direction(e, CM_DIR_NE, empty, jump, own, &ex3, &vi3, &ht3);
    direction(e, CM_DIR_NW, empty, jump, own, &ex3, &vi3, &ht3);
    direction(e, CM_DIR_SW, empty, jump, own, &ex3, &vi3, &ht3);
    direction(e, CM_DIR_SE, empty, jump, own, &ex3, &vi3, &ht3);
    CmGrid4 exposed = CM_GRID4_FLIP1(ex1) | CM_GRID4_FLIP2(ex2) | CM_GRID4_FLIP3(ex3);
    CmGrid4 vict = CM_GRID4_FLIP1(vi1) | CM_GRID4_FLIP2(vi2) | CM_GRID4_FLIP3(vi3);
    CmGrid4 hit = (CM_GRID4_FLIP1(ht1) | CM_GRID4_FLIP2(ht2) | CM_GRID4_FLIP3(ht3)) & prey;
    *forced = (in_castle[0] | in_castle[1] | in_castle[2] | in_castle[3])
                  ? 2
                  : (hit[0] | hit[1] | hit[2] | hit[3]) != 0;
    if (*forced == 1 && !always)
        return 0;

    /* 3. */
    if (e->mode != MODE_TEAMS) {
        int n = __builtin_popcount(e->side_seats[1]);
        if (n > 1)
            score[1] /= n;
    }
    int val = score[0] - score[1];
    int threatened = 0, knights = 0, g0 = 0, g1 = 0;
    CmGrid4 threat = vict & side[to], safe0 = side[0] & ~exposed, safe1 = side[1] & ~exposed;
    for (int c = 0; c < 4; c++) {
        uint64_t b = threat[c];
        threatened += __builtin_popcountll(b);
        while (b) {
            int bit = __builtin_ctzll(b);
            b &= b - 1;
            knights += CM_CELL_KIND(pos->board[CM_CSQ(c, bit)]) == CM_KNIGHT;
        }
        g0 += __builtin_popcountll(safe0[c]);
        g1 += __builtin_popcountll(safe1[c]);
    }
    const int *w = e->par.w;
    val += w[CM_EVAL_GUARDED] * (g0 - g1);
    /* The terms not yet fitted (weight 0) cost nothing in the search. */
    int n[2] = {0, 0}, def[2] = {0, 0}, gone = 0;
    if (tr != NULL || w[CM_EVAL_DEFENDER] != 0 || w[CM_EVAL_TRADE] != 0) {
        for (int s = 0; s < v->nseats; s++) {
            n[e->side_of[s]] += pos->npieces[s];
            for (int c = 0; c < 4; c++)
                def[e->side_of[s]] += __builtin_popcountll(pos->cls[s][c] & e->near_home[s][c]);
        }
        gone = e->start_pieces - n[0] - n[1];
        val += w[CM_EVAL_DEFENDER] * (def[0] - def[1]) +
               w[CM_EVAL_TRADE] * (n[0] - n[1]) * gone / e->start_pieces;
    }

    int run[2] = {0, 0}, sec[2] = {0, 0};
    if (tr != NULL || w[CM_EVAL_RUNNER] != 0 || w[CM_EVAL_SECOND] != 0) {
        for (int s = 0; s < v->nseats; s++) {
            CmSquareSet r = pos->occ[s], foe = {{0, 0, 0, 0}};
            for (int i = 0; i < 4; i++)
                r.w[i] &= e->runway[s].w[i];
            if (cm_set_empty(&r))
                continue;
            for (int o = 0; o < v->nseats; o++)
                if (e->enemy_seats[s] >> o & 1)
                    for (int i = 0; i < 4; i++)
                        foe.w[i] |= pos->occ[o].w[i];
            int k = 0;
            while (!cm_set_empty(&r)) {
                CmSquare sq = cm_set_pop(&r);
                const CmSquareSet *b = &e->box2[sq];
                k += ((b->w[0] & foe.w[0]) | (b->w[1] & foe.w[1]) | (b->w[2] & foe.w[2]) |
                      (b->w[3] & foe.w[3])) == 0;
            }
            run[e->side_of[s]] += k;
            if (v->rules.castle_win >= 2 && any_on(pos->cls[s], v->ctarget[s]))
                sec[e->side_of[s]] += k;
        }
        val += w[CM_EVAL_RUNNER] * (run[0] - run[1]) + w[CM_EVAL_SECOND] * (sec[0] - sec[1]);
    }

    int nst[2] = {0, 0};
    if ((tr != NULL || w[CM_EVAL_NEAREST] != 0) && v->rules.castle_win >= 2)
        for (int s = 0; s < v->nseats; s++)
            nst[e->side_of[s]] += nearest_closeness(e, pos, s);
    val += w[CM_EVAL_NEAREST] * (nst[0] - nst[1]);

    /* 4. */
    if (tr != NULL) {
        double sg = to == 0 ? 1 : -1;
        tr[CM_EVAL_NEAREST] = sg * (nst[0] - nst[1]);
        tr[CM_EVAL_RUNNER] = sg * (run[0] - run[1]);
        tr[CM_EVAL_SECOND] = sg * (sec[0] - sec[1]);
        tr[CM_EVAL_GUARDED] = sg * (g0 - g1);
        tr[CM_EVAL_DEFENDER] = sg * (def[0] - def[1]);
        tr[CM_EVAL_TRADE] = sg * (n[0] - n[1]) * gone / e->start_pieces;
        tr[CM_EVAL_THREATENED] = -threatened;
        tr[CM_EVAL_THREAT_MORE] = threatened > 1 ? -(threatened - 1) : 0;
        tr[CM_EVAL_THREAT_KNIGHT] = -knights;
        tr[CM_EVAL_TEMPO] = 1;
    }
    if (threatened > 1)
        val -= (to == 0 ? 1 : -1) * w[CM_EVAL_THREAT_MORE] * (threatened - 1);
    val = (to == 0 ? val : -val) - w[CM_EVAL_THREATENED] * threatened -
          w[CM_EVAL_THREAT_KNIGHT] * knights + w[CM_EVAL_TEMPO];
    return val;
}

/* The counts of the placement terms, for 'cm_engine_eval_trace': each piece as the tables of
 * 'placement_tables' value it, added for its side ('sg' +1 or -1). */
static void trace_placement(const CmEngine *e, const CmPosition *pos, int seat, double sg,
                            double *tr)
{
    const CmVariant *v = e->v;
    int centred = v->seat[seat].target < 0 || v->rules.castle_win <= 0, dmax = e->dmax[seat];
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        uint8_t cell = pos->board[sq];
        if (cell == CM_EMPTY || CM_CELL_SEAT(cell) != seat)
            continue;
        int k = CM_CELL_KIND(cell);
        int d = e->dist[seat][sq] == FAR ? dmax : e->dist[seat][sq];
        tr[CM_EVAL_MAN + k] += sg;
        if (centred) {
            tr[CM_EVAL_CENTRE] += sg * (dmax - d);
        } else {
            tr[CM_EVAL_ADVANCE_MAN + k] += sg * (dmax - d) / 16.0;
            if (d <= 4)
                tr[CM_EVAL_NEAR0 + d] += sg;
        }
    }
}

int cm_eval_position(const CmEngine *e, const CmPosition *pos)
{
    int forced;
    return probe(e, pos, pos->to_move, &forced, 1, NULL);
}

int cm_eval_probe(const CmEngine *e, const CmPosition *pos, int *forced)
{
    return probe(e, pos, pos->to_move, forced, 0, NULL);
}

int cm_eval_trace(const CmEngine *e, const CmPosition *pos, double *tr, int *eval)
{
    int forced;
    memset(tr, 0, CM_EVAL_TERMS * sizeof *tr);
    *eval = probe(e, pos, pos->to_move, &forced, 0, tr);
    if (forced || e->mode != MODE_TEAMS)
        return 0;
    int to = e->side_of[pos->to_move];
    for (int s = 0; s < e->v->nseats; s++)
        trace_placement(e, pos, s, e->side_of[s] == to ? 1 : -1, tr);
    return 1;
}

const char *cm_engine_term_name(int t)
{
    return t >= 0 && t < CM_EVAL_TERMS ? term_names[t] : NULL;
}

int cm_engine_term_find(const char *name)
{
    for (int t = 0; t < CM_EVAL_TERMS; t++)
        if (strcmp(name, term_names[t]) == 0)
            return t;
    return -1;
}

void cm_engine_get_weights(const CmEngine *e, int *w)
{
    memcpy(w, e->par.w, sizeof e->par.w);
}

void cm_eval_copy(CmEngine *to, const CmEngine *from)
{
    to->par = from->par;
    placement_tables(to);
}

void cm_engine_set_weights(CmEngine *e, const int *w)
{
    memcpy(e->par.w, w, sizeof e->par.w);
    placement_tables(e);
    for (int i = 0; i < e->nhelpers; i++)
        cm_eval_copy(e->helpers[i], e);
}
