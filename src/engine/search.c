/* The search: iterative deepening over a negamax alpha-beta with principal-variation search,
 * the transposition table, null-move pruning, late move reductions and a quiescence search
 * over forced captures and castle entries. Seats are split into two sides (teams; or, for
 * more than two teams, the root seat against the rest, searched paranoid or by Best-Reply
 * Search). A child whose side to move is the parent's (a skipped seat) is searched with the
 * same window instead of the negated one.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "engine_int.h"

#define INF CM_SCORE_INF
#define WIN CM_SCORE_WIN
#define MATE_BOUND (CM_SCORE_WIN - 1000)
#define NO_EVAL (-CM_SCORE_INF - 1) /* 'Ply.eval' when not computed */
#define MAXPLY CM_ENGINE_MAX_PLY

/* Ordering scores. */
#define ORD_HASH (1 << 30)
#define ORD_CAPTURE (1 << 28)
#define ORD_ENTRY (1 << 27)
#define ORD_KILLER (1 << 26)
#define ORD_THREAT (ORD_KILLER + 2)
#define HISTORY_MAX 16384

/* Aspiration windows: from this depth on, an iteration is searched within 'aspiration' points
 * (an option) of the last score; a score outside widens the window by the factor, and past
 * the limit the window opens fully. */
#define ASPIRATION_DEPTH 4
#define ASPIRATION_GROWTH 3
#define ASPIRATION_GIVE_UP 1000

static int search(CmEngine *e, int depth, int ply, int alpha, int beta, int null_ok);
static int qsearch(CmEngine *e, int ply, int alpha, int beta, int qd);

/* ---- Small helpers ----------------------------------------------------------------------- */

/* The node count of the next look: CM_ENGINE_POLL_NODES on, or the node limit when that comes
 * first, so that a search keeps to its node limit exactly. */
static uint64_t next_poll(const CmEngine *e)
{
    uint64_t next = e->nodes + CM_ENGINE_POLL_NODES;
    return e->node_limit && e->node_limit < next ? e->node_limit : next;
}

static void poll(CmEngine *e)
{
    e->next_poll = next_poll(e);
    e->poll_steps = 0;
    atomic_store_explicit(&e->shown_nodes, e->nodes, memory_order_relaxed);
    if (e->lim->stop != NULL && atomic_load_explicit(e->lim->stop, memory_order_relaxed))
        e->aborted = 1;
    if (e->node_limit && e->nodes >= e->node_limit)
        e->aborted = 1;
    if (e->has_clock && e->hard_ms && e->lim->now_ms(e->lim->clock_ud) - e->t0 >= e->hard_ms)
        e->aborted = 1;
}

static inline void count_node(CmEngine *e, int ply)
{
    if (++e->nodes >= e->next_poll)
        poll(e);
    if (ply > e->seldepth)
        e->seldepth = ply;
}

static inline int to_tt(int s, int ply)
{
    return s > MATE_BOUND ? s + ply : s < -MATE_BOUND ? s - ply : s;
}

static inline int from_tt(int s, int ply)
{
    return s > MATE_BOUND ? s - ply : s < -MATE_BOUND ? s + ply : s;
}

/* The score of a finished game for 'side', 'ply' plies from the root. */
static int outcome_score(const CmEngine *e, const CmOutcome *o, int side, int ply)
{
    if (o->draw || o->winner < 0)
        return 0;
    int won = (o->seats & e->side_seats[0]) ? 0 : 1;
    return won == side ? WIN - ply : -(WIN - ply);
}

/* Whether the position is drawn by the fifty-move rule or repeats one before it (a single
 * repetition is scored as a draw: the side that could avoid it would have). */
static int is_draw(const CmEngine *e, int ply)
{
    const CmPosition *pos = &e->pos;
    if (cm_rules_fifty_reached(pos))
        return 1;
    if (e->mode == MODE_BRS)
        return 0;
    int cur = e->hbase + ply;
    int stop = cur - pos->quiet;
    if (stop < e->nullb[ply])
        stop = e->nullb[ply];
    for (int i = cur - 1; i >= stop; i--)
        if (e->keys[i] == pos->hash)
            return 1;
    return 0;
}

/* Plays 'm' at 'ply' for the seat whose piece it moves (under BRS an opponent moves out of
 * turn, and the turn then goes back to the root seat). Returns the mover. */
static int make(CmEngine *e, int ply, const CmMove *m)
{
    CmPosition *pos = &e->pos;
    Ply *p = &e->ply[ply];
    int mover = CM_CELL_SEAT(pos->board[m->from]);
    p->turn = pos->to_move;
    p->from = m->from;
    p->to = m->to;
    memcpy(p->psum, e->psum, sizeof p->psum);
    if (mover != pos->to_move)
        cm_pos_set_turn(pos, mover);
    cm_pos_apply(pos, m, &p->undo);
    int k = CM_CELL_KIND(pos->board[m->to]);
    e->psum[mover] += e->pst[mover][k][m->to] - e->pst[mover][k][m->from];
    for (int i = 0; i < p->undo.ncap; i++) {
        uint8_t c = p->undo.capcell[i];
        e->psum[CM_CELL_SEAT(c)] -= e->pst[CM_CELL_SEAT(c)][CM_CELL_KIND(c)][p->undo.capsq[i]];
    }
    if (e->mode == MODE_BRS && mover != e->root_seat)
        cm_pos_set_turn(pos, e->root_seat);
    e->keys[e->hbase + ply + 1] = pos->hash;
    e->nullb[ply + 1] = e->nullb[ply];
    e->pvlen[ply + 1] = 0;
    __builtin_prefetch(&e->tt[(pos->hash ^ e->tt_salt) & e->tt_mask]);
    return mover;
}

static void unmake(CmEngine *e, int ply, const CmMove *m)
{
    CmPosition *pos = &e->pos;
    Ply *p = &e->ply[ply];
    cm_pos_undo(pos, m, &p->undo);
    memcpy(e->psum, p->psum, sizeof e->psum);
    if (pos->to_move != p->turn)
        cm_pos_set_turn(pos, p->turn);
}

/* Searches the position after a move: with the same window when the side to move did not
 * change, negated otherwise. */
static inline int child(CmEngine *e, int side, int depth, int ply, int alpha, int beta)
{
    if (e->side_of[e->pos.to_move] == side)
        return search(e, depth, ply, alpha, beta, 1);
    return -search(e, depth, ply, -beta, -alpha, 1);
}

static inline int qchild(CmEngine *e, int side, int ply, int alpha, int beta, int qd)
{
    if (e->side_of[e->pos.to_move] == side)
        return qsearch(e, ply, alpha, beta, qd);
    return -qsearch(e, ply, -beta, -alpha, qd);
}

static void update_pv(CmEngine *e, int ply, const CmMove *m)
{
    int n = e->pvlen[ply + 1];
    if (n > MAXPLY - ply - 1)
        n = MAXPLY - ply - 1;
    e->pv[ply][0] = *m;
    memcpy(&e->pv[ply][1], e->pv[ply + 1], (size_t)n * sizeof(CmMove));
    e->pvlen[ply] = n + 1;
}

/* A node's generation left 'left' of its CM_ENGINE_NODE_STEPS: once the generations since
 * the last look have taken CM_ENGINE_POLL_STEPS, or one found only some of the moves, the
 * limits are looked at again at the next node, so that the search keeps to them whatever a
 * node costs. */
static inline void generated(CmEngine *e, long left, const CmMoveList *list)
{
    e->poll_steps += CM_ENGINE_NODE_STEPS - left;
    if (e->poll_steps >= CM_ENGINE_POLL_STEPS || list->overflow)
        e->next_poll = e->nodes + 1;
}

/* The moves of the seat to move into 'list', within the steps 'left'. */
static int moves_within(const CmPosition *pos, CmMoveList *list, long *left)
{
    list->n = cm_movegen_into_budget(pos, list->m, CM_MAX_MOVES, left, &list->overflow);
    return list->n;
}

/* The moves of the node at 'ply': the root's as the search found them first; the seat to
 * move's, or under BRS at an opponents' node every opponent's (each as if it were to move),
 * all within CM_ENGINE_NODE_STEPS. */
static int generate(CmEngine *e, int ply)
{
    Ply *p = &e->ply[ply];
    CmPosition *pos = &e->pos;
    long left = CM_ENGINE_NODE_STEPS;
    if (ply == 0) {
        p->list.n = e->root_list.n;
        p->list.overflow = e->root_list.overflow;
        memcpy(p->list.m, e->root_list.m, (size_t)p->list.n * sizeof *p->list.m);
        return p->list.n;
    }
    if (e->mode != MODE_BRS || pos->to_move == e->root_seat) {
        moves_within(pos, &p->list, &left);
    } else {
        int saved = pos->to_move, nseats = e->v->nseats;
        p->list.n = 0;
        p->list.overflow = 0;
        for (int i = 1; i < nseats; i++) {
            int s = (e->root_seat + i) % nseats;
            if (pos->npieces[s] == 0)
                continue;
            cm_pos_set_turn(pos, s);
            int k = moves_within(pos, &e->tmp, &left);
            p->list.overflow |= e->tmp.overflow;
            for (int j = 0; j < k && p->list.n < CM_MAX_MOVES; j++)
                p->list.m[p->list.n++] = e->tmp.m[j];
        }
        if (pos->to_move != saved)
            cm_pos_set_turn(pos, saved);
    }
    generated(e, left, &p->list);
    return p->list.n;
}

/* Whether 'm', a move of a piece of 'seat', comes to 'steps' steps or fewer from its target
 * castle, and closer than it was: a threat to enter it. */
static inline int threat_move(const CmEngine *e, int seat, const CmMove *m, int steps)
{
    const uint8_t *d = e->dist[seat];
    return d[m->to] <= steps && d[m->to] < d[m->from];
}

/* Ordering scores: the hash move, captures (more and knights first), castle entries, with the
 * 'threatord' switch the moves that come near the target castle, killers, then the history of
 * quiet moves that caused cut-offs. */
static void order_moves(CmEngine *e, int ply, const TTMove *ttm)
{
    const CmVariant *v = e->v;
    const CmPosition *pos = &e->pos;
    const uint8_t *idx = e->sqidx;
    Ply *p = &e->ply[ply];
    int seat = pos->to_move, brs = e->mode == MODE_BRS, n = p->list.n;
    const int16_t(*hist)[CM_SQUARES] = e->history[seat];
    /* From and to as one key; a move with from == to (a jump chain ending where it began)
     * is never a hash move or a killer. */
    unsigned hash = ttm->from != ttm->to ? (unsigned)(ttm->from | ttm->to << 8) : ~0u;
    unsigned k0 = p->killer[0].from | p->killer[0].to << 8;
    unsigned k1 = p->killer[1].from | p->killer[1].to << 8;
    unsigned cm =
        ply > 0 && e->opt.counter ? e->counter[e->ply[ply - 1].from][e->ply[ply - 1].to] : 0;
    if (cm == 0)
        cm = ~0u;
    for (int i = 0; i < n; i++) {
        const CmMove *m = &p->list.m[i];
        unsigned key = m->from | m->to << 8;
        int s;
        if (brs) {
            seat = CM_CELL_SEAT(pos->board[m->from]);
            hist = e->history[seat];
        }
        if (key == hash && cm_tt_move_is(ttm, m)) {
            s = ORD_HASH;
        } else if (m->ncap) {
            int k = 0;
            CmSquareSet c = m->cap;
            while (!cm_set_empty(&c))
                k += CM_CELL_KIND(pos->board[cm_set_pop(&c)]) == CM_KNIGHT;
            s = ORD_CAPTURE + m->ncap * 4096 + k * 1024;
        } else if (cm_move_enters_target(v, seat, m)) {
            s = ORD_ENTRY;
        } else if (e->threat_order && threat_move(e, seat, m, e->threat_order)) {
            s = ORD_THREAT;
        } else if (key == k0) {
            s = ORD_KILLER + 1;
        } else if (key == k1) {
            s = ORD_KILLER;
        } else if (key == cm) {
            s = ORD_KILLER - 1;
        } else {
            s = hist[idx[m->from]][idx[m->to]];
        }
        p->order[i] = s;
    }
}

/* With the 'hash_first' switch, where no capture is forced, the hash move is tried before the
 * other moves are generated: it is looked for among the moves of its piece alone. The list
 * then holds just that move, and 1 is returned; 0 when the move is not legal here, or when
 * its piece has no other move (the node may then have a single legal move, which is
 * extended, so the full list is needed). The moves after it are ordered with the history as
 * its search left it, so the search differs from the one without the switch. */
static int hash_move_first(CmEngine *e, int ply, const TTMove *ttm)
{
    Ply *p = &e->ply[ply];
    int overflow, k = cm_movegen_from(&e->pos, ttm->from, p->list.m, CM_MAX_MOVES, &overflow);
    if (k < 2)
        return 0;
    for (int i = 0; i < k; i++) {
        if (cm_tt_move_is(ttm, &p->list.m[i])) {
            p->list.m[0] = p->list.m[i];
            p->list.n = 1;
            p->list.overflow = 0;
            p->order[0] = ORD_HASH;
            return 1;
        }
    }
    return 0;
}

/* A number drawn for root move 'm' from the seed, one for each 'salt': 0 .. 2^32 - 1. */
static uint64_t root_draw(const CmEngine *e, const CmMove *m, uint64_t salt)
{
    uint64_t h = (e->noise_seed + salt * 0xD6E8FEB86659FD93ull) ^
                 ((uint64_t)m->from << 24 | (uint64_t)m->to << 16 | cm_tt_capsig(m));
    h *= 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return h & 0xFFFFFFFFu;
}

/* The misjudgement of root move 'm' at levels below 10: -noise .. noise, drawn from the seed. */
static int root_offset(const CmEngine *e, const CmMove *m)
{
    if (e->noise == 0)
        return 0;
    return (int)(root_draw(e, m, 0) % (uint64_t)(2 * e->noise + 1)) - e->noise;
}

/* Whether a level below 10 overlooks root move 'm' in this search. */
static int root_hidden(const CmEngine *e, const CmMove *m)
{
    return e->hide > 0 && (int)(root_draw(e, m, 1) % 100) < e->hide;
}

/* Whether a level below 10 plays root move 'm' without looking at the replies to it. */
static int root_blind(const CmEngine *e, const CmMove *m)
{
    return e->blind > 0 && (int)(root_draw(e, m, 2) % 100) < e->blind;
}

/* Whether root move 'm' is one the caller left out of the search ('CmLimits.exclude'). */
static int excluded(const CmEngine *e, const CmMove *m)
{
    for (int i = 0; i < e->lim->nexclude; i++)
        if (cm_move_same(m, &e->lim->exclude[i]))
            return 1;
    return 0;
}

/* Brings the best-ordered of moves i.. to place i. */
static CmMove *pick(Ply *p, int i)
{
    /* The highest score first (a loop the compiler vectorises), then its first place. */
    int n = p->list.n, top = p->order[i], best = i;
    for (int j = i + 1; j < n; j++)
        top = p->order[j] > top ? p->order[j] : top;
    while (p->order[best] != top)
        best++;
    if (best != i) {
        CmMove t = p->list.m[i];
        p->list.m[i] = p->list.m[best];
        p->list.m[best] = t;
        int o = p->order[i];
        p->order[i] = p->order[best];
        p->order[best] = o;
    }
    return &p->list.m[i];
}

/* The quiet move 'i' of 'ply' cut off: it becomes a killer and gains history; the quiet
 * moves tried before it lose some. */
static void reward_quiet(CmEngine *e, int ply, int i, int depth)
{
    Ply *p = &e->ply[ply];
    const CmMove *m = &p->list.m[i];
    int bonus = depth * depth * 8 > 1600 ? 1600 : depth * depth * 8;
    if (!cm_move_same(m, &p->killer[0])) {
        p->killer[1] = p->killer[0];
        p->killer[0] = *m;
    }
    if (ply > 0)
        e->counter[e->ply[ply - 1].from][e->ply[ply - 1].to] = (uint16_t)(m->from | m->to << 8);
    int16_t *h =
        &e->history[CM_CELL_SEAT(e->pos.board[m->from])][e->sqidx[m->from]][e->sqidx[m->to]];
    *h = (int16_t)(*h + bonus - *h * bonus / HISTORY_MAX);
    for (int j = 0; j < i; j++) {
        const CmMove *q = &p->list.m[j];
        if (q->ncap)
            continue;
        h = &e->history[CM_CELL_SEAT(e->pos.board[q->from])][e->sqidx[q->from]][e->sqidx[q->to]];
        *h = (int16_t)(*h - bonus - *h * bonus / HISTORY_MAX);
    }
}

/* The seat to move has no legal move (or, in the quiescence search, no piece): settles as
 * 'cm_rules_settle' does. Under BRS the turn passes between the root seat and its
 * opponents; when neither can move the game is drawn (no moves). */
static int no_moves(CmEngine *e, int depth, int ply, int alpha, int beta, int quiesce)
{
    CmPosition *pos = &e->pos;
    int saved = pos->to_move, side = e->side_of[saved], s;
    uint64_t key = e->keys[e->hbase + ply];
    CmOutcome o;

    if (e->mode == MODE_BRS) {
        int other = -1;
        if (side == 0) {
            for (int i = 1; i < e->v->nseats && other < 0; i++) {
                int t = (e->root_seat + i) % e->v->nseats;
                cm_pos_set_turn(pos, t);
                if (pos->npieces[t] && cm_movegen_count(pos) != 0)
                    other = (e->root_seat + 1) % e->v->nseats;
            }
        } else {
            cm_pos_set_turn(pos, e->root_seat);
            if (pos->npieces[e->root_seat] && cm_movegen_count(pos) != 0)
                other = e->root_seat;
        }
        if (other < 0) {
            s = 0;
        } else {
            cm_pos_set_turn(pos, other);
            e->keys[e->hbase + ply] = pos->hash;
            s = quiesce ? -qsearch(e, ply, -beta, -alpha, 1)
                        : -search(e, depth, ply, -beta, -alpha, 0);
        }
    } else {
        /* Settling generates moves with the whole budget: the limits are looked at next. */
        cm_rules_settle(pos, &o);
        e->next_poll = e->nodes + 1;
        if (o.over) {
            s = outcome_score(e, &o, side, ply);
        } else if (pos->to_move == saved) {
            /* The rules see moves the generation did not find (its budget ran out): the
             * position is judged as it stands rather than searched again. */
            s = cm_eval_position(e, pos);
        } else {
            e->keys[e->hbase + ply] = pos->hash;
            if (quiesce)
                s = qchild(e, side, ply, alpha, beta, 1);
            else if (e->side_of[pos->to_move] == side)
                s = search(e, depth, ply, alpha, beta, 0);
            else
                s = -search(e, depth, ply, -beta, -alpha, 0);
        }
    }
    if (pos->to_move != saved)
        cm_pos_set_turn(pos, saved);
    e->keys[e->hbase + ply] = key;
    return s;
}

/* ---- Quiescence -------------------------------------------------------------------------- */

/* Which seats may stand pat at a BRS opponents' node, and which must capture. */
static int brs_forced(const CmEngine *e, unsigned *forced)
{
    const CmPosition *pos = &e->pos;
    int stand = 0;
    *forced = 0;
    for (int i = 1; i < e->v->nseats; i++) {
        int s = (e->root_seat + i) % e->v->nseats;
        if (pos->npieces[s] == 0)
            continue;
        if (cm_eval_capture_forced(e, pos, s) == 1)
            *forced |= 1u << s;
        else
            stand = 1;
    }
    return stand;
}

/* The moves of a quiescence node at 'ply', ordered: when a capture is forced, the jumps of
 * the seats in 'forced' (under BRS every opponent that must capture); otherwise every move, of
 * which only captures and castle entries are searched (the others get a negative order).
 * Returns how many there are. */
static int qs_moves(CmEngine *e, int ply, int must, unsigned forced, const TTMove *ttm)
{
    CmPosition *pos = &e->pos;
    const CmVariant *v = e->v;
    Ply *p = &e->ply[ply];
    long left = CM_ENGINE_NODE_STEPS;
    int n;
    if (e->mode == MODE_BRS && e->side_of[pos->to_move] == 1) {
        p->list.n = 0;
        p->list.overflow = 0;
        for (int s = 0; s < v->nseats; s++)
            if (forced & (1u << s))
                cm_movegen_jumps_budget(pos, s, &p->list, 1, &left);
        n = p->list.n;
    } else if (must) {
        n = cm_movegen_jumps_budget(pos, pos->to_move, &p->list, 0, &left);
    } else {
        n = moves_within(pos, &p->list, &left);
    }
    generated(e, left, &p->list);
    for (int i = 0; i < n; i++) {
        const CmMove *m = &p->list.m[i];
        int mover = CM_CELL_SEAT(pos->board[m->from]);
        if (cm_tt_move_is(ttm, m))
            p->order[i] = 1 << 20;
        else if (m->ncap)
            p->order[i] = m->ncap * 16 + 8;
        else if (cm_move_enters_target(v, mover, m))
            p->order[i] = 4;
        else
            p->order[i] = must ? 0 : -1;
    }
    return n;
}

/* Quiescence, in steps:
 * 1. a side that must capture may not stand pat: every capture is searched;
 * 2. otherwise the static evaluation stands, and only when a piece is near its target castle
 *    are castle entries and optional captures (charges) tried, for 'QS_ENTRY_PLIES' plies;
 * 3. a seat without pieces is skipped, as the rules skip it;
 * 4. past CM_ENGINE_QS_NODES nodes (see 'quiesce') every node takes the static evaluation. */
#define QS_ENTRY_PLIES 4
static int qsearch(CmEngine *e, int ply, int alpha, int beta, int qd)
{
    CmPosition *pos = &e->pos;
    const CmVariant *v = e->v;
    int seat = pos->to_move, side = e->side_of[seat];
    int best = -INF, must = 0, wide = 0, stand = -INF;

    count_node(e, ply);
    e->pvlen[ply] = 0;
    if (e->aborted)
        return 0;
    if (ply >= MAXPLY)
        return cm_eval_position(e, pos);

    /* 4. */
    if (e->qs_left == 0) {
        e->qs_cut = 1;
        return cm_eval_position(e, pos);
    }
    e->qs_left--;
    if (e->mode != MODE_TEAMS && pos->npieces[e->root_seat] == 0)
        return side == 0 ? -(WIN - ply) : WIN - ply;

    /* 3. */
    if (pos->npieces[seat] == 0 && !(e->mode == MODE_BRS && side == 1))
        return no_moves(e, 0, ply, alpha, beta, 1);

    /* 1. */
    unsigned forced = 0;
    if (e->mode == MODE_BRS && side == 1) {
        must = !brs_forced(e, &forced);
    } else {
        int f;
        stand = cm_eval_probe(e, pos, &f);
        if (f == 2) {
            CmObligation ob;
            cm_movegen_obligation(pos, &ob);
            f = ob.kind == CM_OBLIGE_CAPTURE ? 1 : ob.kind == CM_OBLIGE_EXIT ? 3 : 0;
        }
        must = f == 1;
        wide = f == 0 && qd < QS_ENTRY_PLIES && v->rules.castle_win > 0 &&
               cm_eval_near_target(e, pos, seat);
        if (must)
            forced = 1u << seat;
    }

    /* 2. */
    if (!must) {
        best = stand == -INF ? cm_eval_position(e, pos) : stand;
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
        if (!forced && !wide)
            return best;
    }

    /* A forced capture sequence seen before (its table entry, at any depth). */
    TTEntry te;
    TTMove ttm = {0, 0, 0};
    int alpha0 = alpha;
    if (must && cm_tt_probe(e, pos->hash ^ e->tt_salt, &te)) {
        int s = from_tt(te.score, ply), b = te.bound & 3;
        if (b == TT_EXACT || (b == TT_LOWER && s >= beta) || (b == TT_UPPER && s <= alpha))
            return s;
        ttm = te.move;
    }

    Ply *p = &e->ply[ply];
    int n = qs_moves(e, ply, must, forced, &ttm);
    if (n == 0)
        return best == -INF ? cm_eval_position(e, pos) : best;
    int bestm = -1;
    for (int i = 0; i < n; i++) {
        CmMove *m = pick(p, i);
        if (p->order[i] < 0)
            break;
        CmOutcome o;
        int mover = make(e, ply, m), s;
        if (cm_rules_after_move(pos, mover, &o))
            s = outcome_score(e, &o, side, ply + 1);
        else
            s = qchild(e, side, ply + 1, alpha, beta, qd + 1);
        unmake(e, ply, m);
        if (e->aborted)
            return 0;
        if (s > best) {
            best = s;
            bestm = i;
            if (s > alpha) {
                alpha = s;
                update_pv(e, ply, m);
                if (s >= beta)
                    break;
            }
        }
    }
    if (must && bestm >= 0 && !e->qs_cut)
        cm_tt_store(e, pos->hash ^ e->tt_salt, to_tt(best, ply), 0,
                    best >= beta    ? TT_LOWER
                    : best > alpha0 ? TT_EXACT
                                    : TT_UPPER,
                    &p->list.m[bestm]);
    return best;
}

/* The quiescence search below a node of the main search: at most CM_ENGINE_QS_NODES nodes, so
 * that a leaf costs a bounded amount of work however long its forced captures go on. */
static int quiesce(CmEngine *e, int ply, int alpha, int beta)
{
    e->qs_left = CM_ENGINE_QS_NODES;
    e->qs_cut = 0;
    return qsearch(e, ply, alpha, beta, 0);
}

/* ---- The main search --------------------------------------------------------------------- */

/* Whether an enemy of 'seat' has a piece 1-2 steps from its target castle, in a variant won
 * in a castle: a race the static evaluation may misjudge by a tempo. */
static int enemy_near(const CmEngine *e, const CmPosition *pos, int seat)
{
    if (e->v->rules.castle_win == 0)
        return 0;
    for (int s = 0; s < e->v->nseats; s++)
        if ((e->enemy_seats[seat] >> s & 1) && cm_eval_near_target(e, pos, s))
            return 1;
    return 0;
}

/* Step 3 of a node where no capture is forced, before its moves are generated (each switch
 * off by default): reverse futility pruning, razoring (a quiescence search when far below
 * alpha) and a null move (the turn passes to the next seat) searched with a reduced depth.
 * Returns 1 with the node's score in '*out' when the node is pruned. */
static int prune_early(CmEngine *e, int depth, int ply, int alpha, int beta, int ev, int null_ok,
                       int improving, int *out)
{
    CmPosition *pos = &e->pos;
    int seat = pos->to_move, side = e->side_of[seat], s;
    if (e->opt.futility && depth <= 3 && ev - 100 * depth >= beta) {
        *out = ev - 100 * depth;
        return 1;
    }
    if (e->opt.rfp && depth <= e->opt.rfp_depth && ev - e->opt.rfp * (depth - improving) >= beta &&
        !enemy_near(e, pos, seat)) {
        *out = ev - e->opt.rfp * (depth - improving);
        return 1;
    }
    int razor = e->opt.futility ? 200 : e->opt.razor;
    if (razor && depth <= 2 && ev + razor * depth <= alpha) {
        s = quiesce(e, ply, alpha, alpha + 1);
        if (e->aborted || s <= alpha) {
            *out = s;
            return 1;
        }
    }
    if (e->opt.null_move && null_ok && depth >= 3 && ev >= beta && pos->npieces[seat] >= 3) {
        int r = 2 + depth / 4;
        int next = cm_pos_next_seat(pos, seat);
        cm_pos_set_turn(pos, next);
        e->keys[e->hbase + ply + 1] = pos->hash;
        e->nullb[ply + 1] = e->hbase + ply + 1;
        e->pvlen[ply + 1] = 0;
        if (e->side_of[next] == side)
            s = search(e, depth - 1 - r, ply + 1, beta - 1, beta, 0);
        else
            s = -search(e, depth - 1 - r, ply + 1, -beta, -beta + 1, 0);
        cm_pos_set_turn(pos, seat);
        if (e->aborted) {
            *out = 0;
            return 1;
        }
        if (s >= beta) {
            *out = s >= MATE_BOUND ? beta : s;
            return 1;
        }
    }
    return 0;
}

/* The late move reduction of a quiet move, the 'searched'-th of its node, searched to 'newd'
 * otherwise: less on the principal variation, more for a move with a bad history. */
static inline int reduction(const CmEngine *e, int depth, int searched, int newd, int pv_node,
                            int order, int improving)
{
    int r = e->lmr[depth < 63 ? depth : 63][searched < 63 ? searched : 63];
    if (pv_node)
        r--;
    if (e->opt.lmr_hist)
        r -= order / e->opt.lmr_hist;
    else if (order < 0)
        r++;
    if (e->lmr_improving && !pv_node && !improving)
        r++;
    if (r > newd - 1)
        r = newd - 1;
    return r < 0 ? 0 : r;
}

/* A node, in steps:
 * 1. draws by repetition or the fifty-move rule, mate-distance bounds;
 * 2. the transposition table: a cut-off off the principal variation, else the hash move;
 * 3. where no capture is forced: reverse futility pruning, razoring (a quiescence search
 *    when far below alpha) and a null move (the turn passes to the next seat) searched with
 *    a reduced depth;
 * 4. the moves (with the 'hash_first' switch, the hash move alone at first), found within
 *    CM_ENGINE_NODE_STEPS; none means a skipped seat or the end of the game (no_moves), or,
 *    when the steps ran out before one was found, the static evaluation;
 * 5. the moves in order: the first with the full window, the rest with a null window
 *    (late quiet ones reduced, or near the leaves not searched at all), searched again when
 *    they beat alpha; a single legal move is extended;
 * 6. the result into the table; killers and history for the quiet move that cut off. */
static int search(CmEngine *e, int depth, int ply, int alpha, int beta, int null_ok)
{
    CmPosition *pos = &e->pos;
    int pv_node = beta - alpha > 1;

    if (depth <= 0)
        return quiesce(e, ply, alpha, beta);
    count_node(e, ply);
    e->pvlen[ply] = 0;
    if (e->aborted)
        return 0;
    int seat = pos->to_move, side = e->side_of[seat];

    /* 1. */
    if (ply > 0) {
        if (is_draw(e, ply))
            return 0;
        if (alpha < -(WIN - ply))
            alpha = -(WIN - ply);
        if (beta > WIN - ply - 1)
            beta = WIN - ply - 1;
        if (alpha >= beta)
            return alpha;
    }
    if (ply >= MAXPLY - 2)
        return cm_eval_position(e, pos);
    if (e->mode != MODE_TEAMS && pos->npieces[e->root_seat] == 0)
        return side == 0 ? -(WIN - ply) : WIN - ply;

    /* 2. */
    TTEntry te;
    TTMove ttm = {0, 0, 0};
    int tt_hit = cm_tt_probe(e, pos->hash ^ e->tt_salt, &te);
    if (tt_hit) {
        ttm = te.move;
        if (!pv_node && te.depth >= depth) {
            int s = from_tt(te.score, ply), b = te.bound & 3;
            if (b == TT_EXACT || (b == TT_LOWER && s >= beta) || (b == TT_UPPER && s <= alpha))
                return s;
        }
    }

    /* 3. Before the moves are generated, but not with so few pieces that the side to move
     * might have none (a stalemate). */
    Ply *p = &e->ply[ply];
    int brs_min = e->mode == MODE_BRS && side == 1, f = 0;
    int ev = 0; /* needed by the pruning switches only; whether a capture is forced always */
    int have_ev = !brs_min && (e->opt.futility || e->opt.null_move || e->opt.rfp || e->opt.razor);
    if (have_ev)
        ev = cm_eval_probe(e, pos, &f);
    else if (!brs_min)
        f = cm_eval_capture_forced(e, pos, seat);
    int free_choice = f == 0;
    int prune = !pv_node && free_choice && !brs_min && alpha > -MATE_BOUND && beta < MATE_BOUND &&
                pos->npieces[seat] > 3;
    /* With the 'improving' switch: whether the evaluation rose since this side last moved. */
    p->eval = have_ev && free_choice ? ev : NO_EVAL;
    int improving = e->improving && ply >= 2 && p->eval != NO_EVAL &&
                    e->ply[ply - 2].eval != NO_EVAL && p->eval > e->ply[ply - 2].eval;
    if (prune) {
        int s, pev = ev;
        /* With the 'tt_eval' switch: the table's score where its bound is on the far side. */
        if (e->opt.tt_eval && tt_hit) {
            int ts = from_tt(te.score, ply), b = te.bound & 3;
            if (ts > -MATE_BOUND && ts < MATE_BOUND &&
                (b == TT_EXACT || (b == TT_LOWER && ts > ev) || (b == TT_UPPER && ts < ev)))
                pev = ts;
        }
        if (prune_early(e, depth, ply, alpha, beta, pev, null_ok, improving, &s))
            return s;
    }

    if (e->opt.iir && ply > 0 && depth >= 4 && ttm.from == ttm.to)
        depth--;

    /* 4. */
    int n, staged = e->opt.hash_first && ply > 0 && free_choice && !brs_min && ttm.from != ttm.to &&
                    (n = hash_move_first(e, ply, &ttm)) > 0;
    if (!staged) {
        n = generate(e, ply);
        if (n == 0 && p->list.overflow)
            return cm_eval_position(e, pos); /* moves exist, but none was found in time */
        if (n == 0)
            return no_moves(e, depth, ply, alpha, beta, 0);
        order_moves(e, ply, &ttm);
    }

    /* 5. */
    int best = -INF, bound = TT_UPPER, searched = 0, quiets = 0;
    int ext =
        !staged && (n == 1 || (f == 1 && n <= e->opt.capture_ext)) && ply < 2 * e->root_depth + 8
            ? 1
            : 0;
    int lmp = e->opt.lmr && prune && depth <= 4 ? e->opt.lmp_base + depth * depth : 1 << 30;
    if (e->improving && lmp < (1 << 30) && !improving)
        lmp = lmp * 2 / 3;
    int futile = e->opt.futility && prune && depth <= 2 && ev + 150 * depth <= alpha;
    /* With the 'nearlmr' switch: a piece near a target castle, and late moves reduced less. */
    int danger =
        e->near_lmr && free_choice && depth >= 3 &&
        (enemy_near(e, pos, seat) || (e->near_lmr == 2 && cm_eval_near_target(e, pos, seat)));
    CmMove bestm = p->list.m[0];
    for (int i = 0; i < n; i++) {
        CmMove *m = pick(p, i);
        if (ply == 0 && excluded(e, m))
            continue;
        int quiet = m->ncap == 0 && p->order[i] < ORD_KILLER;
        /* The moves come in falling order, so every move after a pruned one is quiet too. */
        if (quiet && searched > 0 && (futile || quiets >= lmp))
            break;
        if (quiet && searched > 0 && e->opt.hist_prune && prune && depth <= 3 &&
            p->order[i] < -e->opt.hist_prune * depth)
            break;
        int newd = depth - 1 + ext, s;
        if (e->threat_ext && !ext && ply < 2 * e->root_depth + 8)
            newd += threat_move(e, CM_CELL_SEAT(pos->board[m->from]), m, e->threat_ext);
        int a = alpha, b = beta;
        CmOutcome o;
        int mover = make(e, ply, m);
        if (cm_rules_after_move(pos, mover, &o)) {
            s = outcome_score(e, &o, side, ply + 1);
        } else if (searched == 0) {
            s = child(e, side, newd, ply + 1, a, b);
        } else {
            int r = e->opt.lmr && quiet && free_choice && depth >= 3 && searched >= 2
                        ? reduction(e, depth, searched, newd, pv_node, p->order[i], improving)
                        : 0;
            if (r > 0 && danger)
                r--;
            s = child(e, side, newd - r, ply + 1, a, a + 1);
            if (!e->aborted && s > a && r > 0)
                s = child(e, side, newd, ply + 1, a, a + 1);
            if (!e->aborted && s > a && s < b)
                s = child(e, side, newd, ply + 1, a, b);
        }
        unmake(e, ply, m);
        if (e->aborted)
            return 0;
        searched++;
        quiets += quiet;
        if (s > best) {
            best = s;
            bestm = *m;
            if (s > alpha) {
                alpha = s;
                bound = TT_EXACT;
                update_pv(e, ply, m);
                if (ply == 0) {
                    e->iter_best = *m;
                    e->has_iter = 1;
                }
                if (s >= beta) {
                    bound = TT_LOWER;
                    if (m->ncap == 0)
                        reward_quiet(e, ply, i, depth);
                    break;
                }
            }
        }
        if (staged) {
            /* The hash move did not cut off: all the moves now, the hash move first. */
            n = generate(e, ply);
            order_moves(e, ply, &ttm);
            pick(p, 0);
            staged = 0;
        }
    }

    /* 6. */
    if (ply == 0 && e->lim->nexclude > 0)
        return best; /* the score of some moves only */
    cm_tt_store(e, pos->hash ^ e->tt_salt, to_tt(best, ply), depth, bound, &bestm);
    return best;
}

/* The root of a level with weaknesses, in steps:
 * 1. every root move (but those the caller left out) searched to its exact score, with the
 *    whole window: level 1 searches two plies, so this costs little;
 * 2. the best score and its line are the search's, as at level 10;
 * 3. the move played is the level's pick: overlooked moves left out, a move played without
 *    looking at the replies judged by the position it leaves, each misjudged by its offset.
 * So the score a level shows, and the draw offers it answers from that score, follow from its
 * search alone, whatever its weaknesses. */
static int search_root_weak(CmEngine *e, int depth)
{
    CmPosition *pos = &e->pos;
    Ply *p = &e->ply[0];
    int side = e->side_of[pos->to_move], best = -INF, top = -INF;
    TTMove none = {0, 0, 0};

    count_node(e, 0);
    e->pvlen[0] = 0;
    int n = generate(e, 0);
    order_moves(e, 0, &none);
    /* The extensions of 'search': a single move, or a forced capture with few moves. */
    int forced = cm_eval_capture_forced(e, pos, pos->to_move) == 1;
    int ext = n == 1 || (forced && n <= e->opt.capture_ext);
    for (int i = 0; i < n; i++) {
        /* 1. */
        CmMove *m = pick(p, i);
        if (excluded(e, m))
            continue;
        CmOutcome o;
        int mover = make(e, 0, m), s, seen;
        if (cm_rules_after_move(pos, mover, &o)) {
            s = seen = outcome_score(e, &o, side, 1);
        } else {
            s = child(e, side, depth - 1 + ext, 1, -INF, INF);
            seen = s;
            if (root_blind(e, m)) {
                seen = cm_eval_position(e, pos);
                if (e->side_of[pos->to_move] != side)
                    seen = -seen;
            }
        }
        unmake(e, 0, m);
        if (e->aborted)
            return 0;

        /* 2. */
        if (s > best) {
            best = s;
            update_pv(e, 0, m);
        }

        /* 3. */
        if (seen > -MATE_BOUND && seen < MATE_BOUND)
            seen += root_offset(e, m);
        if (root_hidden(e, m))
            seen = -INF + 1;
        if (seen > top) {
            top = seen;
            e->pick = *m;
        }
    }
    return best;
}

/* ---- Iterative deepening ----------------------------------------------------------------- */

/* The levels (docs/engine.md, "Levels"): each is level 10's search and evaluation within a
 * cap, level 1 with root moves overlooked, as the table says. */
static const struct {
    int depth;      /* deepest iteration, 0 = no cap */
    uint64_t nodes; /* nodes a search may use, 0 = no cap */
    int noise;      /* amplitude of the root moves' misjudgement, in points */
    int hide;       /* percent of the root moves overlooked */
    int blind;      /* percent of the root moves played without looking at the replies */
    int rating;     /* approximate, from the match of each level against the one below */
} levels[CM_ENGINE_LEVELS + 1] = {
    {0, 0, 0, 0, 0, 0},         {2, 0, 0, 18, 0, 930},     {0, 1700, 0, 0, 0, 1050},
    {0, 3200, 0, 0, 0, 1200},   {0, 5500, 0, 0, 0, 1350},  {0, 11000, 0, 0, 0, 1500},
    {0, 22000, 0, 0, 0, 1650},  {0, 45000, 0, 0, 0, 1800}, {0, 95000, 0, 0, 0, 1930},
    {0, 200000, 0, 0, 0, 2060}, {0, 0, 0, 0, 0, 2160},
};

int cm_engine_level_rating(int level)
{
    return levels[level < 1 ? 1 : level > CM_ENGINE_LEVELS ? CM_ENGINE_LEVELS : level].rating;
}

void cm_search_set_sides(CmEngine *e)
{
    const CmVariant *v = e->v;
    e->side_seats[0] = e->side_seats[1] = 0;
    if (v->nteams == 2) {
        e->mode = MODE_TEAMS;
        e->root_seat = e->pos.to_move;
        e->tt_salt = 0;
        for (int s = 0; s < v->nseats; s++) {
            e->side_of[s] = (uint8_t)v->seat[s].team;
            e->side_seats[v->seat[s].team] |= 1u << s;
        }
        return;
    }
    e->mode = e->opt.multi == CM_MULTI_PARANOID ? MODE_PARANOID : MODE_BRS;
    e->root_seat = e->pos.to_move;
    e->tt_salt = 0x9E3779B97F4A7C15ull * (uint64_t)(2 * e->root_seat + e->mode);
    for (int s = 0; s < v->nseats; s++) {
        int x = s == e->root_seat ? 0 : 1;
        e->side_of[s] = (uint8_t)x;
        e->side_seats[x] |= 1u << s;
    }
}

static void fill_info(CmEngine *e, CmSearchInfo *info, int depth, int score)
{
    info->depth = depth;
    info->seldepth = e->seldepth;
    info->score = score;
    info->nodes = e->nodes + cm_engine_helper_nodes(e);
    info->time_ms = e->has_clock ? e->lim->now_ms(e->lim->clock_ud) - e->t0 : 0;
    info->npv = e->pvlen[0] < CM_ENGINE_MAX_PV ? e->pvlen[0] : CM_ENGINE_MAX_PV;
    memcpy(info->pv, e->pv[0], (size_t)info->npv * sizeof(CmMove));
}

/* Iterative deepening, in steps:
 * 1. settle the root (skipped seats, finished games) and choose the two sides;
 * 2. the root moves; the first is the answer until an iteration completes;
 * 3. iterations of growing depth, after the first with an aspiration window around the last
 *    score, until a limit, a stop, or (in play) too little time for the next iteration. */
void cm_search_run(CmEngine *e, const CmPosition *root, const CmLimits *lim, CmProgressFn progress,
                   void *ud, CmSearchResult *out)
{
    CmOutcome o;

    /* 1. */
    memset(out, 0, sizeof *out);
    e->pos = *root;
    cm_rules_settle(&e->pos, &o);
    if (o.over) {
        out->outcome = o;
        out->seat = e->pos.to_move;
        return;
    }
    cm_search_set_sides(e);
    int level = lim->level == 0 ? CM_ENGINE_LEVELS : lim->level;
    for (int s = 0; s < e->v->nseats; s++)
        e->psum[s] = cm_eval_material(e, &e->pos, s);
    e->keys[e->hbase] = e->pos.hash;
    e->nullb[0] = 0;
    /* A stop asked for before the search began ends it at once. */
    e->aborted = lim->stop != NULL && atomic_load(lim->stop);
    e->has_prev = 0;
    e->nodes = 0;
    e->seldepth = 0;
    e->lim = lim;
    e->has_clock = lim->now_ms != NULL;
    e->t0 = e->has_clock ? lim->now_ms(lim->clock_ud) : 0;
    e->hard_ms = e->has_clock ? lim->time_ms : 0;
    e->node_limit = lim->nodes;
    if (levels[level].nodes > 0 && (e->node_limit == 0 || levels[level].nodes < e->node_limit))
        e->node_limit = levels[level].nodes;
    e->next_poll = next_poll(e);
    e->poll_steps = 0;
    e->age = (uint8_t)((e->age + 1) & 63);
    /* The switches for castle races were measured only where two pieces must enter the
     * castle: 'improving' lost in Camette, where one piece wins (docs/engine.md). */
    int pairs = e->v->rules.castle_win >= 2;
    e->improving = pairs ? e->opt.improving : 0;
    e->lmr_improving = e->improving ? e->opt.lmr_improving : 0; /* it needs 'improving' */
    e->threat_ext = pairs ? e->opt.threat_ext : 0;
    e->threat_order = pairs ? e->opt.threat_order : 0;
    e->near_lmr = pairs ? e->opt.near_lmr : 0;
    e->noise = e->opt.level_noise >= 0 ? e->opt.level_noise : levels[level].noise;
    e->hide = e->opt.level_hide >= 0 ? e->opt.level_hide : levels[level].hide;
    e->blind = e->opt.level_blind >= 0 ? e->opt.level_blind : levels[level].blind;
    e->weakened = e->noise || e->hide || e->blind;
    e->noise_seed = lim->seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    int maxd = lim->depth > 0 ? lim->depth : CM_ENGINE_MAX_DEPTH;
    if (levels[level].depth > 0 && levels[level].depth < maxd)
        maxd = levels[level].depth;
    for (int s = 0; s < CM_MAX_SEATS; s++)
        for (int a = 0; a < CM_SQUARES; a++)
            for (int b = 0; b < CM_SQUARES; b++)
                e->history[s][a][b] = (int16_t)(e->history[s][a][b] / 2);
    for (int i = 0; i <= MAXPLY; i++)
        memset(e->ply[i].killer, 0, sizeof e->ply[i].killer);

    /* 2. */
    out->has_move = 1;
    out->seat = e->pos.to_move;
    int n = cm_movegen_all(&e->pos, &e->root_list);
    TTEntry te;
    if (n == 0) {
        /* Moves exist, but the generation's budget ran out before it found one. */
        out->has_move = 0;
        return;
    }
    const CmMove *rm = e->root_list.m;
    int left = 0;
    for (int i = n - 1; i >= 0; i--)
        if (!excluded(e, &rm[i])) {
            out->move = rm[i];
            left++;
        }
    if (left == 0) {
        /* Every move was left out. */
        out->has_move = 0;
        return;
    }
    if (cm_tt_probe(e, e->pos.hash ^ e->tt_salt, &te))
        for (int i = 0; i < n; i++)
            if (cm_tt_move_is(&te.move, &rm[i]) && !excluded(e, &rm[i]))
                out->move = rm[i];
    if (left == 1 && !lim->use_all_time) {
        out->info.npv = 1;
        out->info.pv[0] = out->move;
        return;
    }

    /* 3. */
    int last = 0;
    for (int d = 1; d <= maxd; d++) {
        int window = e->opt.aspiration, alpha = -INF, beta = INF, s;
        e->root_depth = d + e->depth_bonus;
        if (d >= ASPIRATION_DEPTH && last > -MATE_BOUND && last < MATE_BOUND && !e->weakened) {
            alpha = last - window;
            beta = last + window;
        }
        e->has_iter = 0;
        for (;;) {
            s = e->weakened ? search_root_weak(e, d)
                            : search(e, d + e->depth_bonus, 0, alpha, beta, 0);
            if (e->aborted)
                break;
            if (s <= alpha && alpha > -INF) {
                window *= ASPIRATION_GROWTH;
                alpha = s - window < -INF ? -INF : s - window;
                if (window > ASPIRATION_GIVE_UP)
                    alpha = -INF;
            } else if (s >= beta && beta < INF) {
                window *= ASPIRATION_GROWTH;
                beta = s + window > INF ? INF : s + window;
                if (window > ASPIRATION_GIVE_UP)
                    beta = INF;
            } else {
                break;
            }
        }
        if (e->aborted) {
            /* A root move that the unfinished iteration searched to the end and found better
             * than alpha (or than the last iteration's move) is played. */
            if (e->has_iter && d > 1 && e->opt.partial)
                out->move = e->iter_best;
            break;
        }
        last = s;
        fill_info(e, &out->info, d, s);
        if (e->weakened) {
            /* The level plays its own pick; the score and line are what its search found. */
            out->move = e->pick;
        } else if (e->pvlen[0] > 0) {
            out->move = e->pv[0][0];
            e->prev_best = out->move;
            e->has_prev = 1;
        }
        if (progress != NULL)
            progress(ud, &out->info);
        if (CM_SCORE_IS_MATE(s) && d > WIN - (s < 0 ? -s : s) + 1)
            break;
        /* In play, an iteration unlikely to finish in the time left is not begun (one cut
         * short may still find a better move: 'partial'); levels
         * below 10 stop at their depth or node cap and may use all the time to get there. */
        if (!lim->use_all_time && levels[level].depth == 0 && levels[level].nodes == 0 &&
            e->has_clock && lim->time_ms > 0 &&
            (lim->now_ms(lim->clock_ud) - e->t0) * 100 > lim->time_ms * (uint64_t)e->opt.start_pct)
            break;
    }
    out->info.nodes = e->nodes;
    if (e->has_clock)
        out->info.time_ms = lim->now_ms(lim->clock_ud) - e->t0;
}
