/* Move generation: docs/rules.md 2.3-2.9 and 3.5, one move per effect.
 *
 * The generator works on its own copy of the board. The moving piece is lifted from its square
 * while its moves are found (its square counts as empty, 2.1), and captured pieces are lifted
 * as soon as they are jumped (2.5), then put back when the search backs up.
 * SPDX-License-Identifier: MIT */
#include "camelot/movegen.h"

#include <string.h>

#include "camelot/grid4.h"

#include "movegen_int.h"

/* Capture effects of one piece, kept for de-duplication when only counting. A small buffer
 * keeps the hot path's stack frame small; when it fills, counting starts again with room for
 * a full list, so that counting and listing always agree. The exit check only needs to know
 * whether there is a move at all. */
#define COUNT_BUF 128
#define EXIT_BUF 64
#define DEDUPE_SHIFT 4      /* a budget step per this power of two of effects compared */
#define DEDUPE_HASH_FROM 32 /* a piece's capture effects found again by hash from this many */

static inline int is_friend(const CmGen *g, uint8_t cell)
{
    return (g->fr >> cell) & 1;
}

/* What every generation needs: the seat's view of the board and an empty output. */
static void gen_init_seat(CmGen *g, const CmPosition *pos, int seat, CmMove *out, int cap)
{
    const CmVariant *v = pos->v;
    g->v = v;
    g->seat = seat;
    g->fl = v->sqflags[seat];
    g->fr = v->friend_cells[seat];
    g->en = v->enemy_cells[seat];
    memcpy(g->board, pos->board, sizeof g->board);
    g->out = out;
    g->cap_out = cap;
    g->nout = 0;
    g->count = 0;
    g->counting = 0;
    g->overflow = 0;
    g->budget = CM_GEN_BUDGET;
    g->exhausted = 0;
    g->piece_first = 0;
    g->hashed = 0;
    g->exit_filter = 0;
    g->ncap = 0;
    memset(&g->cap, 0, sizeof g->cap);
    g->trace = NULL;
}

void cm_gen_init(CmGen *g, const CmPosition *pos, CmMove *out, int cap)
{
    const CmVariant *v = pos->v;
    gen_init_seat(g, pos, pos->to_move, out, cap);

    /* Class grids, all four at once: own, friendly, enemy and empty squares; then the
     * squares a jump leap can start from, and the squares with a friend to canter over in
     * each direction. */
    CmGrid4 fr = {0, 0, 0, 0}, en = fr, occ = fr;
    int team = v->seat[g->seat].team;
    for (int s = 0; s < v->nseats; s++) {
        CmGrid4 b = cm_grid4_load(pos->cls[s]);
        occ |= b;
        if (v->seat[s].team == team)
            fr |= b;
        else
            en |= b;
    }
    CmGrid4 empty = cm_grid4_load(v->cboard) & ~occ, tgt = cm_grid4_load(v->ctarget[g->seat]);
    cm_grid4_store(g->own, cm_grid4_load(pos->cls[g->seat]));
    cm_grid4_store(g->land, empty & ~cm_grid4_load(v->cnostep[g->seat]));
    cm_grid4_store(g->tgt, tgt);
#pragma GCC unroll 8
    for (int d = 0; d < CM_DIR_COUNT; d++)
        cm_grid4_store(g->pf[d], cm_grid4_shift(cm_grid4_flip(fr, cm_dir_flip(d)), v->vunstep[d]) &
                                     v->cleap[d].mask);
    cm_grid4_store(g->hot, cm_grid4_leap_from(v, en, empty) & ~tgt);
}

static void add_quiet(CmGen *g, CmSquare to, uint8_t flags)
{
    g->count++;
    if (g->counting)
        return;
    if (g->nout == g->cap_out) {
        g->overflow = 1;
        g->count--;
        return;
    }
    CmMove *m = &g->out[g->nout++];
    m->from = g->from;
    m->to = to;
    m->ncap = 0;
    m->flags = flags;
    memset(&m->cap, 0, sizeof m->cap);
}

/* Whether the moving piece already has the capture effect (to, g->cap) among its moves 'first'
 * to 'g->nout'. The search is work too: it is charged to the budget. */
static int seen_linear(CmGen *g, CmSquare to, int first)
{
    g->budget -= (g->nout - first) >> DEDUPE_SHIFT;
    for (int i = first; i < g->nout; i++) {
        const CmMove *m = &g->out[i];
        if (m->to == to && m->ncap == g->ncap && cm_set_equal(&m->cap, &g->cap))
            return 1;
    }
    return 0;
}

static unsigned effect_hash(CmSquare to, const CmSquareSet *cap)
{
    uint64_t h = cap->w[0] * 0x9E3779B97F4A7C15ull ^ cap->w[1] * 0xC2B2AE3D27D4EB4Full ^
                 cap->w[2] * 0x165667B19E3779F9ull ^ cap->w[3] * 0xD6E8FEB86659FD93ull ^
                 (uint64_t)to * 0xFF51AFD7ED558CCDull;
    h ^= h >> 31;
    return (unsigned)h & (CM_GEN_SLOTS - 1);
}

/* Puts effect 'i' (from 'piece_first') into the hash slots. */
static void slot_insert(CmGen *g, int i)
{
    const CmMove *m = &g->out[g->piece_first + i];
    unsigned h = effect_hash(m->to, &m->cap);
    while (g->slots[h] != 0)
        h = (h + 1) & (CM_GEN_SLOTS - 1);
    g->slots[h] = (uint16_t)(i + 1);
}

/* Whether the moving piece already has the capture effect (to, g->cap): by hash among the
 * 'hashed' first effects, then by comparison among those after them. */
static int seen_hashed(CmGen *g, CmSquare to)
{
    if (g->hashed == 0) {
        memset(g->slots, 0, sizeof g->slots);
        for (int i = 0; i < g->nout - g->piece_first; i++)
            slot_insert(g, i);
        g->hashed = g->nout - g->piece_first;
    }
    for (unsigned h = effect_hash(to, &g->cap);; h = (h + 1) & (CM_GEN_SLOTS - 1)) {
        if (g->slots[h] == 0)
            break;
        const CmMove *m = &g->out[g->piece_first + g->slots[h] - 1];
        if (m->to == to && m->ncap == g->ncap && cm_set_equal(&m->cap, &g->cap))
            return 1;
    }
    return seen_linear(g, to, g->piece_first + g->hashed);
}

/* Records the capture effect (from, to, g->cap) unless this piece already has it. An effect
 * of one capture is made by one leap, over the captured square onto 'to', from the one square
 * before it: a path cannot find it twice, so it is not looked for, and when only counting,
 * not kept either (no effect of more captures can equal it). */
static void add_capture(CmGen *g, CmSquare to)
{
    if (g->exit_filter && (g->fl[to] & CM_SQ_NOSTEP))
        return;
    int mine = g->nout - g->piece_first;
    if (g->ncap == 1) {
        if (g->counting) {
            g->count++;
            return;
        }
    } else if (mine < DEDUPE_HASH_FROM ? seen_linear(g, to, g->piece_first) : seen_hashed(g, to)) {
        return;
    }
    if (g->nout == g->cap_out) {
        g->overflow = 1;
        return;
    }
    CmMove *m = &g->out[g->nout++];
    m->from = g->from;
    m->to = to;
    m->ncap = (uint8_t)g->ncap;
    m->flags = 0;
    m->cap = g->cap;
    g->count++;
    /* The new effect joins the hashed ones while they are all hashed and there is room. */
    if (g->hashed > 0 && g->hashed == mine && g->hashed < CM_GEN_SLOTS * 3 / 4)
        slot_insert(g, g->hashed++);
}

/* Whether the square next to 'x' in direction 'd' holds an enemy on the working board. It
 * reads a wrapped square where the step would leave the box: callers keep only the directions
 * of 'leap_ok'. */
static inline unsigned enemy_at(const CmGen *g, CmSquare x, int d)
{
    return (g->en >> g->board[(uint8_t)(x + cm_dir_offset[d])]) & 1u;
}

/* The directions from 'x' with an enemy next to it, and those of them with an empty square
 * beyond (the jump leaps). Each direction is tested without a branch: which way a test goes
 * cannot be foreseen, and a branch for each costs more than the eight tests. */
static inline unsigned enemy_dirs(const CmGen *g, CmSquare x)
{
    unsigned m = 0;
    for (int d = 0; d < CM_DIR_COUNT; d++)
        m |= enemy_at(g, x, d) << d;
    return m & g->v->leap_ok[x];
}

static inline unsigned jump_dirs(const CmGen *g, CmSquare x)
{
    unsigned m = 0;
    for (int d = 0; d < CM_DIR_COUNT; d++)
        m |= (enemy_at(g, x, d) & (g->board[(uint8_t)(x + 2 * cm_dir_offset[d])] == CM_EMPTY)) << d;
    return m & g->v->leap_ok[x];
}

int cm_gen_can_jump(const CmGen *g, CmSquare x)
{
    return jump_dirs(g, x) != 0;
}

/* The jump leaps 'm' (as 'jump_dirs' gives them) of the moving piece on 'x', each with what
 * follows it: see 'cm_gen_jumps'. A landing with no leap on ends the move without another call,
 * which the chains' last landings, the most frequent, do not need. */
static void jump_leaps(CmGen *g, CmSquare x, unsigned m)
{
    while (m) {
        int d = __builtin_ctz(m);
        m &= m - 1;
        int t = x + cm_dir_offset[d];
        uint8_t c = g->board[t];
        CmSquare u = (CmSquare)(t + cm_dir_offset[d]);
        g->board[t] = CM_EMPTY;
        cm_set_add(&g->cap, (unsigned)t);
        g->ncap++;
        if (g->fl[u] & CM_SQ_TARGET) {
            add_capture(g, u);
        } else if (--g->budget < 0) {
            g->exhausted = 1;
            g->overflow = 1;
        } else {
            if (g->trace != NULL)
                cm_set_add(g->trace, u);
            unsigned next = jump_dirs(g, u);
            if (next)
                jump_leaps(g, u, next);
            else
                add_capture(g, u);
        }
        g->ncap--;
        cm_set_del(&g->cap, (unsigned)t);
        g->board[t] = c;
    }
}

/* Jump chain, the moving piece standing on 'x' (2.5), within the generation's budget (a step
 * for every square the piece stands on):
 * 1. try every jump leap from 'x', lifting the jumped piece at once;
 * 2. a landing on a target-castle square ends the move there (2.8);
 * 3. otherwise the chain must go on while it can;
 * 4. when no leap exists and something was captured, the move ends on 'x'. */
void cm_gen_jumps(CmGen *g, CmSquare x)
{
    if (--g->budget < 0) {
        g->exhausted = 1;
        g->overflow = 1;
        return;
    }
    if (g->trace != NULL)
        cm_set_add(g->trace, x);
    unsigned m = jump_dirs(g, x);
    if (!m && g->ncap > 0)
        add_capture(g, x);
    jump_leaps(g, x, m);
}

/* Canter reach from the lifted piece's square 's' (2.4): every square a chain of canter leaps
 * can land on, never on an own or side castle, stopping at target-castle squares. With
 * 'hot_out' set, the knight restriction (2.6) is left to the caller: 'dest' gets the whole
 * reach and '*hot_out' the landing squares from which a jump leap exists. Without it, 'skip'
 * squares are not landed on. */
void cm_gen_canter_reach(CmGen *g, CmSquare s, const CmSquareSet *skip, CmSquareSet *dest,
                         CmSquareSet *hot_out)
{
    CmSquare stack[CM_SQUARES];
    int sp = 0;
    CmSquareSet seen = skip ? *skip : (CmSquareSet){{0, 0, 0, 0}};
    memset(dest, 0, sizeof *dest);
    cm_set_add(&seen, s);
    stack[sp++] = s;
    while (sp > 0) {
        CmSquare x = stack[--sp];
        unsigned m = g->v->leap_ok[x];
        while (m) {
            int d = __builtin_ctz(m);
            m &= m - 1;
            int t = x + cm_dir_offset[d];
            if (!is_friend(g, g->board[t]))
                continue;
            int u = t + cm_dir_offset[d];
            if (g->board[u] != CM_EMPTY || cm_set_has(&seen, (unsigned)u))
                continue;
            uint8_t fl = g->fl[u];
            if (fl & CM_SQ_NOSTEP)
                continue;
            cm_set_add(&seen, (unsigned)u);
            cm_set_add(dest, (unsigned)u);
            if (fl & CM_SQ_TARGET)
                continue;
            if (hot_out && cm_gen_can_jump(g, (CmSquare)u))
                cm_set_add(hot_out, (unsigned)u);
            stack[sp++] = (CmSquare)u;
        }
    }
}

static void plain_moves(CmGen *g, CmSquare s)
{
    unsigned m = g->v->step_ok[s];
    while (m) {
        int d = __builtin_ctz(m);
        m &= m - 1;
        int u = s + cm_dir_offset[d];
        if (g->board[u] == CM_EMPTY && !(g->fl[u] & CM_SQ_NOSTEP))
            add_quiet(g, (CmSquare)u, 0);
    }
}

/* One canter leap in the class grids, from the squares 'b' over the friends that 'pf' marks
 * ('CmGen.pf', for one class or all four): a leap moves one column or row of the grid, so its
 * shifts are the same on every board ('cleap' in geometry.c) and are written out here as
 * constants ('pf' leaves out the squares whose leap would leave the grid). A leap back over
 * the same friend undoes it, so this also gives the squares that leap into 'b'. The caller
 * keeps the landings it wants. */
#define GRID_LEAPS(pf, b)                                                                          \
    ((((b) & (pf)[CM_DIR_E]) << 1) | (((b) & (pf)[CM_DIR_NE]) << 9) |                              \
     (((b) & (pf)[CM_DIR_N]) << 8) | (((b) & (pf)[CM_DIR_NW]) << 7) |                              \
     (((b) & (pf)[CM_DIR_W]) >> 1) | (((b) & (pf)[CM_DIR_SW]) >> 9) |                              \
     (((b) & (pf)[CM_DIR_S]) >> 8) | (((b) & (pf)[CM_DIR_SE]) >> 7))

/* One round of the breadth search of a canter reach, on grids of type T (one class, or all
 * four): the front leaps onto the squares of 'land' not yet seen, and goes on from those of
 * them in 'go' (not the target castle). Used by 'grid_reach' and 'count_canters'. */
#define REACH_ROUND(T)                                                                             \
    do {                                                                                           \
        T next = GRID_LEAPS(pf, front) & land & ~seen;                                             \
        seen |= next;                                                                              \
        reach |= next;                                                                             \
        front = next & go;                                                                         \
    } while (0)

/* The canter reach, by breadth in a class grid: from 'start', every square that chains of
 * canter leaps land on, landing only on 'land', not going on from target-castle squares. */
static uint64_t grid_reach(const CmGen *g, int c, uint64_t start, uint64_t land)
{
    uint64_t pf[CM_DIR_COUNT];
    for (int d = 0; d < CM_DIR_COUNT; d++)
        pf[d] = g->pf[d][c];
    uint64_t seen = start, reach = 0, front = start, go = ~g->tgt[c];
    /* The first two rounds of leaps are made without a test: most reaches end within them, and
     * a loop whose end the processor cannot foresee costs more than a spare round. */
    REACH_ROUND(uint64_t);
    REACH_ROUND(uint64_t);
    while (front)
        REACH_ROUND(uint64_t);
    return reach;
}

static inline int grid4_any(CmGrid4 x)
{
    return (x[0] | x[1] | x[2] | x[3]) != 0;
}

static void add_quiet_grid(CmGen *g, int c, uint64_t set)
{
    if (g->counting) {
        g->count += __builtin_popcountll(set);
        return;
    }
    while (set) {
        int b = __builtin_ctzll(set);
        set &= set - 1;
        add_quiet(g, CM_CSQ(c, b), 0);
    }
}

/* The squares of the class of 's', off the target castle, from which a knight lifted from 's'
 * has a jump leap: those of the board ('CmGen.hot') and those leaping back onto 's' itself. */
static uint64_t knight_hot(const CmGen *g, CmSquare s)
{
    int c = CM_CLASS(s);
    uint64_t hot = g->hot[c];
    unsigned m = enemy_dirs(g, s);
    while (m) {
        int d = __builtin_ctz(m);
        m &= m - 1;
        hot |= 1ull << CM_CBIT(s + 2 * cm_dir_offset[d]);
    }
    return hot & ~g->tgt[c];
}

/* The charges of the lifted knight on 's' (2.6): a jump chain from every square of its canter
 * reach 'reach' in 'hot' (from 'knight_hot'). With 'quiet' set, returns its pure canters: what
 * it reaches without landing on a hot square. */
static uint64_t knight_charges(CmGen *g, CmSquare s, uint64_t reach, uint64_t hot, int quiet)
{
    int c = CM_CLASS(s);
    uint64_t h = reach & hot;
    if (!h)
        return reach;
    for (; h; h &= h - 1)
        cm_gen_jumps(g, CM_CSQ(c, __builtin_ctzll(h)));
    return quiet ? grid_reach(g, c, 1ull << CM_CBIT(s), g->land[c] & ~hot) : 0;
}

/* Canters of the lifted piece on 's' ('quiet' set: pure canters are wanted) and, for a knight,
 * its capturing charges (2.6):
 * 1. find the whole canter reach;
 * 2. charges: a jump chain from every hot square of the reach;
 * 3. pure canters: a man takes the whole reach; a knight only what it reaches without landing
 *    on a hot square. */
static void canters(CmGen *g, CmSquare s, int knight, int quiet)
{
    int c = CM_CLASS(s);
    uint64_t reach = grid_reach(g, c, 1ull << CM_CBIT(s), g->land[c]);
    if (!reach)
        return;
    if (knight)
        reach = knight_charges(g, s, reach, knight_hot(g, s), quiet);
    if (quiet)
        add_quiet_grid(g, c, reach);
}

static void castle_moves(CmGen *g, CmSquare s)
{
    unsigned m = g->v->step_ok[s];
    while (m) {
        int d = __builtin_ctz(m);
        m &= m - 1;
        int u = s + cm_dir_offset[d];
        if (g->board[u] == CM_EMPTY && (g->fl[u] & CM_SQ_TARGET))
            add_quiet(g, (CmSquare)u, CM_MOVE_CASTLE);
    }
}

static void begin_piece(CmGen *g, CmSquare s)
{
    g->from = s;
    if (g->counting)
        g->nout = 0;
    g->piece_first = g->nout;
    g->hashed = 0;
    g->board[s] = CM_EMPTY;
}

/* Counts the canters of the pieces in 'pieces' (class grids; none in the target castle)
 * without listing them: their canter reaches, found as 'grid_reach' finds them, for one piece
 * of each class at a time, each in its class's lane. A piece is not lifted for this: the
 * leaps of its class pass over squares of other classes, so its own square is never one it
 * leaps over, and the reach never lands back on the start. A knight whose reach holds a hot
 * square is then lifted for its charges, and its pure canters are found again without them. */
static void count_canters(CmGen *g, const uint64_t pieces[4], const uint64_t knights[4])
{
    CmGrid4 pf[CM_DIR_COUNT];
    for (int d = 0; d < CM_DIR_COUNT; d++)
        pf[d] = cm_grid4_load(g->pf[d]);
    CmGrid4 left = cm_grid4_load(pieces), land = cm_grid4_load(g->land);
    CmGrid4 go = ~cm_grid4_load(g->tgt), kn = cm_grid4_load(knights);
    while (grid4_any(left)) {
        CmGrid4 start = left & -left;
        left &= left - 1;
        CmGrid4 seen = start, reach = start ^ start, front = start;
        REACH_ROUND(CmGrid4); /* two rounds untested, as in 'grid_reach' */
        REACH_ROUND(CmGrid4);
        while (grid4_any(front))
            REACH_ROUND(CmGrid4);
        CmGrid4 ks = start & kn;
        for (int c = 0; c < 4; c++) {
            uint64_t r = reach[c];
            if (ks[c] && r) {
                CmSquare s = CM_CSQ(c, __builtin_ctzll(ks[c]));
                uint64_t hot = knight_hot(g, s);
                if (r & hot) {
                    uint8_t cell = g->board[s];
                    begin_piece(g, s);
                    r = knight_charges(g, s, r, hot, 1);
                    g->board[s] = cell;
                }
            }
            g->count += __builtin_popcountll(r);
        }
    }
}

/* Pieces of the seat on own or side castle squares. */
static CmSquareSet castle_pieces(const CmGen *g, const CmPosition *pos)
{
    CmSquareSet in = {{0, 0, 0, 0}};
    const CmVariant *v = g->v;
    for (int o = 0; o < v->nseats; o++) {
        if (o == v->seat[g->seat].target)
            continue;
        for (int i = 0; i < v->seat[o].ncastle; i++) {
            CmSquare sq = v->seat[o].castle[i];
            if (pos->board[sq] != CM_EMPTY && CM_CELL_SEAT(pos->board[sq]) == g->seat)
                cm_set_add(&in, sq);
        }
    }
    return in;
}

CmObligationKind cm_gen_obligation(CmGen *g, const CmPosition *pos, CmSquareSet *pieces)
{
    CmSquareSet in = castle_pieces(g, pos);
    memset(pieces, 0, sizeof *pieces);
    if (!cm_set_empty(&in)) {
        /* The exit obligation holds only when some castle piece has a way out (2.7). */
        int saved_counting = g->counting, saved_nout = g->nout, saved_count = g->count;
        int saved_overflow = g->overflow;
        CmMove buf[EXIT_BUF];
        CmMove *saved_out = g->out;
        int saved_cap = g->cap_out;
        g->out = buf;
        g->cap_out = EXIT_BUF;
        g->counting = 1;
        g->count = 0;
        CmSquareSet it = in;
        while (!cm_set_empty(&it)) {
            CmSquare s = cm_set_pop(&it);
            cm_gen_exit_piece(g, s);
        }
        int n = g->count;
        g->out = saved_out;
        g->cap_out = saved_cap;
        g->counting = saved_counting;
        g->nout = saved_nout;
        g->count = saved_count;
        g->overflow = saved_overflow;
        if (n > 0) {
            *pieces = in;
            return CM_OBLIGE_EXIT;
        }
    }
    /* The pieces off the target castle with a jump leap: 'hot' squares. */
    int any = 0;
    for (int c = 0; c < 4; c++) {
        uint64_t b = g->own[c] & g->hot[c];
        any |= b != 0;
        while (b) {
            cm_set_add(pieces, CM_CSQ(c, __builtin_ctzll(b)));
            b &= b - 1;
        }
    }
    return any ? CM_OBLIGE_CAPTURE : CM_OBLIGE_NONE;
}

/* The moves of a piece that must leave its own (or a side) castle (2.7, 2.11.1). */
void cm_gen_exit_piece(CmGen *g, CmSquare s)
{
    uint8_t cell = g->board[s];
    int knight = CM_CELL_KIND(cell) == CM_KNIGHT;
    begin_piece(g, s);
    if (cm_gen_can_jump(g, s)) {
        cm_gen_jumps(g, s);
        if (knight)
            canters(g, s, 1, 0);
    } else {
        plain_moves(g, s);
        g->exit_filter = 1;
        canters(g, s, knight, 1);
        g->exit_filter = 0;
    }
    g->board[s] = cell;
}

/* The moves of the piece on 's' under the capture obligation: its jumps and, for a knight,
 * its charges. */
static void capture_piece(CmGen *g, CmSquare s)
{
    uint8_t cell = g->board[s];
    if (g->fl[s] & CM_SQ_TARGET)
        return;
    begin_piece(g, s);
    cm_gen_jumps(g, s);
    if (CM_CELL_KIND(cell) == CM_KNIGHT)
        canters(g, s, 1, 0);
    g->board[s] = cell;
}

/* The moves of the piece on 's' when no obligation holds: castle moves in the target castle,
 * elsewhere plain moves (unless counted in bulk), canters and charges. */
static void free_piece(CmGen *g, CmSquare s, int castle_ok, int bulk_plain)
{
    uint8_t cell = g->board[s];
    if (g->fl[s] & CM_SQ_TARGET) {
        if (castle_ok) {
            begin_piece(g, s);
            castle_moves(g, s);
            g->board[s] = cell;
        }
        return;
    }
    begin_piece(g, s);
    if (!bulk_plain)
        plain_moves(g, s);
    canters(g, s, CM_CELL_KIND(cell) == CM_KNIGHT, 1);
    g->board[s] = cell;
}

static int must_capture(const CmGen *g)
{
    return ((g->own[0] & g->hot[0]) | (g->own[1] & g->hot[1]) | (g->own[2] & g->hot[2]) |
            (g->own[3] & g->hot[3])) != 0;
}

/* The plain moves of the pieces 'movers' onto the squares 'land', in bulk: each square of
 * 'land' and direction with a piece able to step onto it from there is one move. */
static int plain_count(const CmVariant *v, CmGrid4 movers, CmGrid4 land)
{
    CmGrid4 n = {0, 0, 0, 0};
#pragma GCC unroll 8
    for (int d = 0; d < CM_DIR_COUNT; d++)
        n += cm_grid4_popcount(
            land & cm_grid4_shift(cm_grid4_flip(movers, cm_dir_flip(d)), v->vunstep[d]));
    return (int)(n[0] + n[1] + n[2] + n[3]);
}

/* Generation, in the order of 2.9:
 * 1. own-castle exit: the castle pieces' ways out, if there are any;
 * 2. capture obligation: jumps of the pieces able to jump, and every knight's charges;
 * 3. otherwise plain moves, canters, charges and castle moves of every piece. */
void cm_gen_run(CmGen *g, const CmPosition *pos)
{
    const CmVariant *v = g->v;
    int seat = g->seat;

    /* 1. */
    CmSquareSet in = castle_pieces(g, pos);
    if (!cm_set_empty(&in)) {
        while (!cm_set_empty(&in))
            cm_gen_exit_piece(g, cm_set_pop(&in));
        if (g->count > 0)
            return;
    }

    /* 2. */
    CmSquareSet own = pos->occ[seat];
    if (must_capture(g)) {
        /* A man with no jump leap from its square ('hot') has no move here. */
        while (!cm_set_empty(&own)) {
            CmSquare s = cm_set_pop(&own);
            if (CM_CELL_KIND(g->board[s]) == CM_KNIGHT || ((g->hot[CM_CLASS(s)] >> CM_CBIT(s)) & 1))
                capture_piece(g, s);
        }
        return;
    }

    /* 3. */
    int castle_ok = pos->castle_used[seat] < v->rules.castle_moves;
    if (g->counting) {
        g->count +=
            plain_count(v, cm_grid4_load(g->own) & ~cm_grid4_load(g->tgt), cm_grid4_load(g->land));
        /* Canters and charges in bulk too, four pieces at a time; castle moves one by one. */
        uint64_t off[4];
        for (int c = 0; c < 4; c++) {
            off[c] = g->own[c] & ~g->tgt[c];
            for (uint64_t t = g->own[c] & g->tgt[c]; t; t &= t - 1)
                free_piece(g, CM_CSQ(c, __builtin_ctzll(t)), castle_ok, 1);
        }
        count_canters(g, off, pos->knights);
        return;
    }
    while (!cm_set_empty(&own))
        free_piece(g, cm_set_pop(&own), castle_ok, 0);
}

int cm_movegen_from(const CmPosition *pos, CmSquare from, CmMove *out, int cap, int *overflow_out)
{
    CmGen g;
    CmSquareSet pieces;
    cm_gen_init(&g, pos, out, cap);
    if (cm_set_has(&pos->occ[g.seat], from)) {
        switch (cm_gen_obligation(&g, pos, &pieces)) {
        case CM_OBLIGE_EXIT:
            if (cm_set_has(&pieces, from))
                cm_gen_exit_piece(&g, from);
            break;
        case CM_OBLIGE_CAPTURE:
            capture_piece(&g, from);
            break;
        case CM_OBLIGE_NONE:
            free_piece(&g, from, pos->castle_used[g.seat] < g.v->rules.castle_moves, 0);
            break;
        }
    }
    if (overflow_out)
        *overflow_out = g.overflow;
    return g.nout;
}

/* A generation's share of a caller's budget: at most '*budget' steps, and never more than
 * CM_GEN_BUDGET. Returns the steps given, for 'budget_settle'. */
static long budget_take(CmGen *g, const long *budget)
{
    if (*budget < g->budget)
        g->budget = *budget > 0 ? *budget : 0;
    return g->budget;
}

/* Takes the steps the generation used from the caller's budget. */
static void budget_settle(const CmGen *g, long given, long *budget)
{
    *budget -= given - (g->budget > 0 ? g->budget : 0);
}

int cm_movegen_into_budget(const CmPosition *pos, CmMove *out, int cap, long *budget,
                           int *overflow_out)
{
    CmGen g;
    cm_gen_init(&g, pos, out, cap);
    long given = budget_take(&g, budget);
    cm_gen_run(&g, pos);
    budget_settle(&g, given, budget);
    if (overflow_out)
        *overflow_out = g.overflow;
    return g.nout;
}

int cm_movegen_into(const CmPosition *pos, CmMove *out, int cap, int *overflow_out)
{
    long budget = CM_GEN_BUDGET;
    return cm_movegen_into_budget(pos, out, cap, &budget, overflow_out);
}

int cm_movegen_all(const CmPosition *pos, CmMoveList *list)
{
    list->n = cm_movegen_into(pos, list->m, CM_MAX_MOVES, &list->overflow);
    return list->n;
}

/* Counting again with room for a piece's many capture effects (each is kept to be told from
 * the same effect by another path). */
static __attribute__((noinline)) int count_roomy(const CmPosition *pos, long *budget)
{
    CmGen g;
    CmMove buf[CM_MAX_MOVES];
    cm_gen_init(&g, pos, buf, CM_MAX_MOVES);
    long given = budget_take(&g, budget);
    g.counting = 1;
    cm_gen_run(&g, pos);
    budget_settle(&g, given, budget);
    return g.overflow ? CM_MOVES_UNKNOWN : g.count;
}

/* Counts in a pass with a small buffer, and again with a roomy one when a piece's capture
 * effects fill it; the first pass takes its steps from '*budget', the second from
 * '*roomy_budget'. */
static int count_within(const CmPosition *pos, long *budget, long *roomy_budget)
{
    CmGen g;
    CmMove buf[COUNT_BUF];
    cm_gen_init(&g, pos, buf, COUNT_BUF);
    long given = budget_take(&g, budget);
    g.counting = 1;
    cm_gen_run(&g, pos);
    budget_settle(&g, given, budget);
    if (g.exhausted)
        return CM_MOVES_UNKNOWN;
    return g.overflow ? count_roomy(pos, roomy_budget) : g.count;
}

int cm_movegen_count_budget(const CmPosition *pos, long *budget)
{
    return count_within(pos, budget, budget);
}

int cm_movegen_count(const CmPosition *pos)
{
    /* Each pass has the whole budget, as 'cm_movegen_into' has: counting and listing agree. */
    long budget = CM_GEN_BUDGET, roomy = CM_GEN_BUDGET;
    return count_within(pos, &budget, &roomy);
}

/* ---- Counting after each move of a position ------------------------------------------------ */

/* 'a' shifted by 'k' squares up (k > 0) or down (k < 0), 0 < |k| < 64, as one 256-bit
 * number. */
static CmSquareSet set_shift(const CmSquareSet *a, int k)
{
    CmSquareSet out;
    if (k > 0) {
        for (int i = 3; i > 0; i--)
            out.w[i] = a->w[i] << k | a->w[i - 1] >> (64 - k);
        out.w[0] = a->w[0] << k;
    } else {
        k = -k;
        for (int i = 0; i < 3; i++)
            out.w[i] = a->w[i] >> k | a->w[i + 1] << (64 - k);
        out.w[3] = a->w[3] >> k;
    }
    return out;
}

/* The squares of 's' and those one and two steps from them in each of the eight directions:
 * every square a step, a leap or a jump test from a square of 's' reads. Shifts that run over
 * the box's edge into the next rank only add squares. */
static CmSquareSet star2(const CmSquareSet *s)
{
    CmSquareSet out = *s;
    for (int d = 0; d < CM_DIR_COUNT; d++) {
        for (int k = 1; k <= 2; k++) {
            CmSquareSet t = set_shift(s, k * cm_dir_offset[d]);
            for (int i = 0; i < 4; i++)
                out.w[i] |= t.w[i];
        }
    }
    return out;
}

/* The squares of the class grid 'b' of class 'c' into 'set'. */
static void set_add_grid(CmSquareSet *set, int c, uint64_t b)
{
    for (; b; b &= b - 1)
        cm_set_add(set, CM_CSQ(c, __builtin_ctzll(b)));
}

/* What 'cm_gen_run' counts for the piece on 's', of the seat to move, beside its plain moves
 * when no obligation holds, its canter reach being 'r' (as 'grid_reach' finds it): in the
 * target castle its castle moves, elsewhere its canters and, for a knight, its charges, as
 * 'count_canters' counts them. */
static int count_piece(CmGen *g, CmSquare s, int castle_ok, uint64_t r)
{
    int before = g->count;
    uint8_t cell = g->board[s];
    if (g->fl[s] & CM_SQ_TARGET) {
        if (castle_ok) {
            begin_piece(g, s);
            castle_moves(g, s);
            g->board[s] = cell;
        }
        return g->count - before;
    }
    if (r && CM_CELL_KIND(cell) == CM_KNIGHT) {
        uint64_t hot = knight_hot(g, s);
        if (r & hot) {
            begin_piece(g, s);
            r = knight_charges(g, s, r, hot, 1);
            g->board[s] = cell;
        }
    }
    return g->count - before + __builtin_popcountll(r);
}

/* The canter reach of the piece on 's' (none in the target castle), as 'count_canters' finds
 * it: the piece need not be lifted. */
static uint64_t piece_reach(const CmGen *g, CmSquare s)
{
    int c = CM_CLASS(s);
    return (g->fl[s] & CM_SQ_TARGET) ? 0 : grid_reach(g, c, 1ull << CM_CBIT(s), g->land[c]);
}

/* Preparing, in steps:
 * 1. the next seat, which must be of another team, with pieces, none in a castle it must leave;
 * 2. the position seen with that seat to move, and its plain moves;
 * 3. each of its pieces counted, with the squares its canter reach depends on (every square a
 *    canter leap from its square or its reach lands on or would land on) and the squares its
 *    count depends on: those, and for a knight or a piece in the castle every square a jump
 *    test from its square, its reach or the squares its charges stand on reads. */
void cm_movegen_count_prepare(CmCountCache *cc, const CmPosition *pos, long *budget)
{
    const CmVariant *v = pos->v;
    CmGen g;
    CmMove buf[COUNT_BUF];

    /* 1. */
    cc->valid = 0;
    int seat = cm_pos_next_seat(pos, pos->to_move);
    if (v->seat[seat].team == v->seat[pos->to_move].team || pos->npieces[seat] == 0 ||
        pos->npieces[seat] > CM_COUNT_PIECES)
        return;

    /* 2. */
    CmPosition q = *pos;
    cm_pos_set_turn(&q, seat);
    cm_gen_init(&g, &q, buf, COUNT_BUF);
    CmSquareSet in = castle_pieces(&g, &q);
    if (!cm_set_empty(&in))
        return;
    long given = budget_take(&g, budget);
    g.counting = 1;
    cc->seat = seat;
    cc->castle_ok = q.castle_used[seat] < v->rules.castle_moves;
    cc->plain = plain_count(v, cm_grid4_load(g.own) & ~cm_grid4_load(g.tgt), cm_grid4_load(g.land));
    memcpy(cc->pf, g.pf, sizeof cc->pf);
    CmGrid4 occ = {0, 0, 0, 0}, en = occ;
    for (int s = 0; s < v->nseats; s++) {
        CmGrid4 b = cm_grid4_load(q.cls[s]);
        occ |= b;
        if (v->seat[s].team != v->seat[seat].team)
            en |= b;
    }
    cm_grid4_store(cc->enemy, en);
    cm_grid4_store(cc->empty, cm_grid4_load(v->cboard) & ~occ);

    memset(cc->step_in, 0, sizeof cc->step_in);
    for (CmSquareSet own = q.occ[seat]; !cm_set_empty(&own);) {
        CmSquare y = cm_set_pop(&own);
        if (g.fl[y] & CM_SQ_TARGET)
            continue;
        for (unsigned d = v->step_ok[y]; d; d &= d - 1)
            cc->step_in[(uint8_t)(y + cm_dir_offset[__builtin_ctz(d)])]++;
    }

    /* 3. */
    cc->sum = 0;
    cc->npieces = 0;
    CmSquareSet own = q.occ[seat];
    for (int i = 0; !cm_set_empty(&own); i++) {
        CmSquare s = cm_set_pop(&own);
        int c = CM_CLASS(s);
        uint64_t r = piece_reach(&g, s), pf[CM_DIR_COUNT], from = r | 1ull << CM_CBIT(s);
        CmSquareSet area = {{0, 0, 0, 0}}, chain = area;
        g.trace = &chain;
        int k = count_piece(&g, s, cc->castle_ok, r);
        g.trace = NULL;
        if (g.overflow)
            break;
        for (int d = 0; d < CM_DIR_COUNT; d++)
            pf[d] = g.pf[d][c];
        set_add_grid(&area, c, from | GRID_LEAPS(pf, from));
        for (int w = 0; w < 4; w++)
            cc->dep_reach[w][i] = area.w[w];
        if (CM_CELL_KIND(q.board[s]) == CM_KNIGHT || (g.fl[s] & CM_SQ_TARGET)) {
            CmSquareSet near = {{0, 0, 0, 0}};
            set_add_grid(&near, c, from);
            CmSquareSet a = star2(&near), b = star2(&chain);
            for (int w = 0; w < 4; w++)
                area.w[w] |= a.w[w] | b.w[w];
        }
        for (int w = 0; w < 4; w++)
            cc->dep[w][i] = area.w[w];
        cc->npieces = i + 1;
        cc->sq[i] = s;
        cc->reach[i] = r;
        cc->count[i] = k;
        cc->sum += k;
    }
    budget_settle(&g, given, budget);
    cc->valid = !g.overflow;
}

/* Counting after a move, in steps:
 * 1. afresh unless the cache holds, the move captured nothing, and the seat to move has free
 *    choice (no capture forced);
 * 2. the plain moves: those of the position prepared, less the ones onto the square moved to,
 *    more the ones onto the square left;
 * 3. the pieces whose squares the move changed counted again (with the canter reach the cache
 *    has when the squares it depends on did not change), the others as the cache has them. */
int cm_movegen_count_after(const CmCountCache *cc, const CmPosition *after, const CmMove *m,
                           long *budget)
{
    const CmVariant *v = after->v;
    int seat = cc->seat;

    /* 1. */
    if (!cc->valid || after->to_move != seat || m->ncap > 0)
        return cm_movegen_count_budget(after, budget);
    /* The moving piece, an enemy, left one square for another. */
    CmGrid4 moved = {0, 0, 0, 0};
    moved[CM_CLASS(m->from)] ^= 1ull << CM_CBIT(m->from);
    moved[CM_CLASS(m->to)] ^= 1ull << CM_CBIT(m->to);
    CmGrid4 en = cm_grid4_load(cc->enemy) ^ moved, empty = cm_grid4_load(cc->empty) ^ moved;
    CmGrid4 tgt = cm_grid4_load(v->ctarget[seat]), own = cm_grid4_load(after->cls[seat]);
    CmGrid4 hot = cm_grid4_leap_from(v, en, empty) & ~tgt;
    if (grid4_any(own & hot))
        return cm_movegen_count_budget(after, budget);

    /* 2. */
    CmGen g;
    CmMove buf[COUNT_BUF];
    gen_init_seat(&g, after, seat, buf, COUNT_BUF);
    const uint8_t *fl = g.fl;
    int n = cc->plain + cc->sum;
    if (!(fl[m->to] & CM_SQ_NOSTEP))
        n -= cc->step_in[m->to];
    if (!(fl[m->from] & CM_SQ_NOSTEP))
        n += cc->step_in[m->from];

    /* 3. */
    unsigned fw = m->from >> 6, fb = m->from & 63, tw = m->to >> 6, tb = m->to & 63;
    /* Four pieces at a time, each in a lane; the rows are CM_COUNT_PIECES long, and the
     * pieces past the last are masked out. */
    CmGrid4 acc = {0, 0, 0, 0}, lane = {0, 1, 2, 3};
    for (int i = 0; i < cc->npieces; i += 4, lane += 4)
        acc |= ((cm_grid4_load(cc->dep[fw] + i) >> fb | cm_grid4_load(cc->dep[tw] + i) >> tb) & 1)
               << lane;
    uint64_t redo = (acc[0] | acc[1] | acc[2] | acc[3]) & (~0ull >> (64 - cc->npieces));
    if (redo == 0)
        return n;
    memcpy(g.pf, cc->pf, sizeof g.pf);
    cm_grid4_store(g.own, own);
    cm_grid4_store(g.land, empty & ~cm_grid4_load(v->cnostep[seat]));
    cm_grid4_store(g.tgt, tgt);
    cm_grid4_store(g.hot, hot);
    long given = budget_take(&g, budget);
    g.counting = 1;
    for (; redo; redo &= redo - 1) {
        int i = __builtin_ctzll(redo);
        CmSquare s = cc->sq[i];
        uint64_t r = (cc->dep_reach[fw][i] >> fb | cc->dep_reach[tw][i] >> tb) & 1
                         ? piece_reach(&g, s)
                         : cc->reach[i];
        n += count_piece(&g, s, cc->castle_ok, r) - cc->count[i];
    }
    budget_settle(&g, given, budget);
    if (g.exhausted)
        return CM_MOVES_UNKNOWN;
    return g.overflow ? count_roomy(after, budget) : n;
}

void cm_movegen_obligation(const CmPosition *pos, CmObligation *out)
{
    CmGen g;
    cm_gen_init(&g, pos, NULL, 0);
    out->kind = cm_gen_obligation(&g, pos, &out->pieces);
}

int cm_movegen_can_jump(const CmPosition *pos, CmSquare sq)
{
    CmGen g;
    uint8_t cell = pos->board[sq];
    if (cell == CM_EMPTY)
        return 0;
    cm_gen_init(&g, pos, NULL, 0);
    g.seat = CM_CELL_SEAT(cell);
    g.fl = pos->v->sqflags[g.seat];
    g.en = pos->v->enemy_cells[g.seat];
    g.fr = pos->v->friend_cells[g.seat];
    if (g.fl[sq] & CM_SQ_TARGET)
        return 0;
    g.board[sq] = CM_EMPTY;
    return cm_gen_can_jump(&g, sq);
}

int cm_movegen_jumps(const CmPosition *pos, int seat, CmMoveList *list, int append)
{
    long budget = CM_GEN_BUDGET;
    return cm_movegen_jumps_budget(pos, seat, list, append, &budget);
}

int cm_movegen_jumps_budget(const CmPosition *pos, int seat, CmMoveList *list, int append,
                            long *budget)
{
    const CmVariant *v = pos->v;
    if (!append) {
        list->n = 0;
        list->overflow = 0;
    }
    int start = list->n;

    /* The pieces of 'seat' off its target castle with a jump leap now: an enemy next to them
     * and an empty square beyond. Only these start a chain. */
    CmGrid4 occ = {0, 0, 0, 0}, prey = occ;
    for (int s = 0; s < v->nseats; s++) {
        CmGrid4 b = cm_grid4_load(pos->cls[s]);
        occ |= b;
        if (v->seat[s].team != v->seat[seat].team)
            prey |= b;
    }
    CmGrid4 own = cm_grid4_load(pos->cls[seat]) & ~cm_grid4_load(v->ctarget[seat]);
    CmGrid4 j = own & cm_grid4_leap_from(v, prey, cm_grid4_load(v->cboard) & ~occ);
    if ((j[0] | j[1] | j[2] | j[3]) == 0)
        return 0;

    CmGen g;
    gen_init_seat(&g, pos, seat, list->m, CM_MAX_MOVES);
    long given = budget_take(&g, budget);
    g.nout = start;
    CmSquareSet pieces = pos->occ[seat];
    while (!cm_set_empty(&pieces)) {
        CmSquare s = cm_set_pop(&pieces);
        if (!((j[CM_CLASS(s)] >> CM_CBIT(s)) & 1))
            continue;
        uint8_t cell = g.board[s];
        begin_piece(&g, s);
        cm_gen_jumps(&g, s);
        g.board[s] = cell;
    }
    budget_settle(&g, given, budget);
    list->n = g.nout;
    list->overflow |= g.overflow;
    return list->n - start;
}

int cm_movelist_find(const CmMoveList *list, const CmMove *m)
{
    for (int i = 0; i < list->n; i++)
        if (cm_move_same(&list->m[i], m))
            return i;
    return -1;
}
