/* Paths behind a move: every written form of a legal move, and the canonical one (the shortest,
 * ties broken bytewise, docs/rules.md 2.10).
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "camelot/notation.h"
#include "movegen_int.h"

/* DFS steps allowed to one enumeration, so that a crafted position cannot make it run for
 * ever; canter paths without repeats can be very many on a crowded board. */
#define PATH_BUDGET 4000000L

enum { CAT_PLAIN = 1, CAT_CANTER = 2, CAT_JUMP = 4, CAT_CHARGE = 8, CAT_CASTLE = 16 };

typedef struct PathEnum {
    CmGen g;
    CmPath path;
    CmSquareSet seen;   /* squares on the canter part of the path */
    const CmMove *want; /* only paths with this effect, or NULL */
    int limit, given, stop;
    long budget;
    int knight;
    CmPathFn fn;
    void *ud;
} PathEnum;

static void emit(PathEnum *pe, CmSquare to, uint8_t flags)
{
    CmMove eff;
    if (pe->g.exit_filter && (pe->g.fl[to] & CM_SQ_NOSTEP))
        return;
    eff.from = pe->path.sq[0];
    eff.to = to;
    eff.ncap = (uint8_t)pe->g.ncap;
    eff.flags = flags;
    eff.cap = pe->g.cap;
    if (pe->want && !cm_move_same(&eff, pe->want))
        return;
    pe->given++;
    if (pe->fn(pe->ud, &pe->path, &eff) || pe->given >= pe->limit)
        pe->stop = 1;
}

static int push(PathEnum *pe, CmSquare sq, int jump)
{
    if (pe->path.n >= CM_MAX_PATH || --pe->budget < 0) {
        pe->stop = 1;
        return 0;
    }
    pe->path.sq[pe->path.n] = sq;
    pe->path.jump[pe->path.n] = (uint8_t)jump;
    pe->path.n++;
    return 1;
}

/* Jump chains from 'x', the end of the path so far (2.5). */
static void jump_paths(PathEnum *pe, CmSquare x)
{
    CmGen *g = &pe->g;
    unsigned m = g->v->leap_ok[x];
    int any = 0;
    while (m && !pe->stop) {
        int d = __builtin_ctz(m);
        m &= m - 1;
        int t = x + cm_dir_offset[d];
        uint8_t c = g->board[t];
        int u = t + cm_dir_offset[d];
        if (!((g->en >> c) & 1) || g->board[u] != CM_EMPTY)
            continue;
        any = 1;
        /* Looking for one effect: a leap over a piece it does not capture leads elsewhere
         * (but the chain may not end here, since it can go on). */
        if (pe->want && !cm_set_has(&pe->want->cap, (unsigned)t))
            continue;
        if (!push(pe, (CmSquare)u, 1))
            return;
        g->board[t] = CM_EMPTY;
        cm_set_add(&g->cap, (unsigned)t);
        g->ncap++;
        if (g->fl[u] & CM_SQ_TARGET)
            emit(pe, (CmSquare)u, 0);
        else
            jump_paths(pe, (CmSquare)u);
        g->ncap--;
        cm_set_del(&g->cap, (unsigned)t);
        g->board[t] = c;
        pe->path.n--;
    }
    if (!any && g->ncap > 0)
        emit(pe, x, 0);
}

/* Canter paths from 'x' without repeated squares; 'pure' is clear once a knight has landed on
 * a hot square, after which only a charge may follow (2.6). */
static void canter_paths(PathEnum *pe, CmSquare x, int pure, int cats)
{
    CmGen *g = &pe->g;
    unsigned m = g->v->leap_ok[x];
    while (m && !pe->stop) {
        int d = __builtin_ctz(m);
        m &= m - 1;
        int t = x + cm_dir_offset[d];
        int u = t + cm_dir_offset[d];
        if (!((g->fr >> g->board[t]) & 1) || g->board[u] != CM_EMPTY ||
            cm_set_has(&pe->seen, (unsigned)u) || (g->fl[u] & CM_SQ_NOSTEP))
            continue;
        int target = (g->fl[u] & CM_SQ_TARGET) != 0;
        int hot = !target && pe->knight && cm_gen_can_jump(g, (CmSquare)u);
        int still_pure = pure && !hot;
        if (!still_pure && !(cats & CAT_CHARGE))
            continue;
        if (!push(pe, (CmSquare)u, 0))
            return;
        cm_set_add(&pe->seen, (unsigned)u);
        if (still_pure && (cats & CAT_CANTER))
            emit(pe, (CmSquare)u, 0);
        if (!target) {
            if (hot && (cats & CAT_CHARGE))
                jump_paths(pe, (CmSquare)u);
            canter_paths(pe, (CmSquare)u, still_pure, cats);
        }
        cm_set_del(&pe->seen, (unsigned)u);
        pe->path.n--;
    }
}

static void piece_paths(PathEnum *pe, CmSquare s, int cats)
{
    CmGen *g = &pe->g;
    uint8_t cell = g->board[s];
    pe->knight = CM_CELL_KIND(cell) == CM_KNIGHT;
    if (!pe->knight)
        cats &= ~CAT_CHARGE;
    g->board[s] = CM_EMPTY;
    pe->path.n = 0;
    push(pe, s, 0);
    memset(&pe->seen, 0, sizeof pe->seen);
    cm_set_add(&pe->seen, s);
    unsigned m = g->v->step_ok[s];
    while (m && (cats & (CAT_PLAIN | CAT_CASTLE)) && !pe->stop) {
        int d = __builtin_ctz(m);
        m &= m - 1;
        int u = s + cm_dir_offset[d];
        if (g->board[u] != CM_EMPTY)
            continue;
        int ok = (cats & CAT_CASTLE) ? (g->fl[u] & CM_SQ_TARGET) != 0 : !(g->fl[u] & CM_SQ_NOSTEP);
        if (ok && push(pe, (CmSquare)u, 0)) {
            emit(pe, (CmSquare)u, (cats & CAT_CASTLE) ? CM_MOVE_CASTLE : 0);
            pe->path.n--;
        }
    }
    if ((cats & CAT_JUMP) && !pe->stop)
        jump_paths(pe, s);
    if ((cats & (CAT_CANTER | CAT_CHARGE)) && !pe->stop)
        canter_paths(pe, s, 1, cats);
    g->board[s] = cell;
}

/* The kinds of move the piece on 's' may make under the obligation 'ob' in force (2.9), 0 if
 * none; sets 'g->exit_filter' when its captures must end off the castles. */
static int piece_cats(CmGen *g, const CmPosition *pos, CmObligationKind ob,
                      const CmSquareSet *pieces, CmSquare s)
{
    uint8_t fl = g->fl[s];
    int able;
    g->exit_filter = 0;
    if (!(fl & CM_SQ_TARGET)) {
        g->board[s] = CM_EMPTY;
        able = cm_gen_can_jump(g, s);
        g->board[s] = pos->board[s];
    } else {
        able = 0;
    }
    if (ob == CM_OBLIGE_EXIT) {
        if (!cm_set_has(pieces, s))
            return 0;
        g->exit_filter = !able;
        return able ? CAT_JUMP | CAT_CHARGE : CAT_PLAIN | CAT_CANTER | CAT_CHARGE;
    }
    if (ob == CM_OBLIGE_CAPTURE)
        return (fl & CM_SQ_TARGET) ? 0 : (able ? CAT_JUMP : 0) | CAT_CHARGE;
    if (fl & CM_SQ_TARGET)
        return pos->castle_used[g->seat] < g->v->rules.castle_moves ? CAT_CASTLE : 0;
    return CAT_PLAIN | CAT_CANTER | CAT_CHARGE;
}

static void each_piece(PathEnum *pe, const CmPosition *pos)
{
    CmGen *g = &pe->g;
    CmSquareSet pieces;
    CmObligationKind ob = cm_gen_obligation(g, pos, &pieces);
    CmSquareSet own = pos->occ[g->seat];
    while (!cm_set_empty(&own) && !pe->stop) {
        CmSquare s = cm_set_pop(&own);
        if (pe->want && pe->want->from != s)
            continue;
        int cats = piece_cats(g, pos, ob, &pieces, s);
        if (cats)
            piece_paths(pe, s, cats);
        g->exit_filter = 0;
    }
}

int cm_movegen_paths(const CmPosition *pos, const CmMove *m, int limit, CmPathFn fn, void *ud)
{
    PathEnum pe;
    cm_gen_init(&pe.g, pos, NULL, 0);
    pe.want = m;
    pe.limit = limit > 0 ? limit : 1;
    pe.given = 0;
    pe.stop = 0;
    pe.budget = PATH_BUDGET;
    pe.fn = fn;
    pe.ud = ud;
    each_piece(&pe, pos);
    return pe.given;
}

/* ---- The canonical path ---- */

/* Breadth-first distances over canter leaps towards 'goal', for the lifted piece of 'from':
 * 'dist[x]' is the number of leaps from 'x' to 'goal'. Landings must be squares a canter may
 * land on, and for a pure knight canter ('avoid_hot') not hot. */
static void canter_dist(const CmGen *g, CmSquare from, CmSquare goal, int avoid_hot,
                        int dist[CM_SQUARES])
{
    CmSquare queue[CM_SQUARES];
    int head = 0, tail = 0;
    for (int i = 0; i < CM_SQUARES; i++)
        dist[i] = -1;
    dist[goal] = 0;
    queue[tail++] = goal;
    while (head < tail) {
        CmSquare u = queue[head++];
        unsigned m = g->v->leap_ok[u];
        while (m) {
            int d = __builtin_ctz(m);
            m &= m - 1;
            int t = u + cm_dir_offset[d];
            int x = t + cm_dir_offset[d];
            if (!((g->fr >> g->board[t]) & 1) || g->board[x] != CM_EMPTY || dist[x] >= 0)
                continue;
            if (x != from) {
                /* 'x' would be an intermediate landing. */
                uint8_t fl = g->fl[x];
                if (fl & (CM_SQ_NOSTEP | CM_SQ_TARGET))
                    continue;
                if (avoid_hot && cm_gen_can_jump(g, (CmSquare)x))
                    continue;
            }
            dist[x] = dist[u] + 1;
            if (x != from)
                queue[tail++] = (CmSquare)x;
        }
    }
}

/* Appends to 'path' the bytewise-smallest shortest canter from its last square to 'goal'. */
static void canter_walk(const CmGen *g, CmPath *path, CmSquare goal, const int dist[CM_SQUARES])
{
    CmSquare cur = path->sq[path->n - 1];
    while (cur != goal && path->n < CM_MAX_PATH) {
        int best = -1;
        char bestkey[8] = "", key[8];
        unsigned m = g->v->leap_ok[cur];
        while (m) {
            int d = __builtin_ctz(m);
            m &= m - 1;
            int t = cur + cm_dir_offset[d];
            int u = t + cm_dir_offset[d];
            if (!((g->fr >> g->board[t]) & 1) || g->board[u] != CM_EMPTY ||
                dist[u] != dist[cur] - 1 || dist[u] < 0)
                continue;
            cm_square_name((CmSquare)u, key);
            strcat(key, "-");
            if (best < 0 || strcmp(key, bestkey) < 0) {
                best = u;
                strcpy(bestkey, key);
            }
        }
        if (best < 0)
            return;
        path->sq[path->n] = (CmSquare)best;
        path->jump[path->n++] = 0;
        cur = (CmSquare)best;
    }
}

typedef struct Best {
    CmPath path;
    char text[CM_MOVE_TEXT_MAX];
    int found;
} Best;

static void consider(Best *b, const CmPath *p)
{
    char text[CM_MOVE_TEXT_MAX];
    cm_path_str(p, text, sizeof text);
    if (!b->found || p->n < b->path.n || (p->n == b->path.n && strcmp(text, b->text) < 0)) {
        b->path = *p;
        strcpy(b->text, text);
        b->found = 1;
    }
}

static int take_chain(void *ud, const CmPath *path, const CmMove *eff)
{
    (void)eff;
    consider((Best *)ud, path);
    return 0;
}

/* Jump chains with the effect 'pe->want' from the end of 'prefix', offered to 'best'. */
static void chains_after(PathEnum *pe, const CmPath *prefix, Best *best)
{
    pe->path = *prefix;
    pe->fn = take_chain;
    pe->ud = best;
    pe->stop = 0;
    jump_paths(pe, prefix->sq[prefix->n - 1]);
}

CmStatus cm_movegen_canonical(const CmPosition *pos, const CmMove *m, CmPath *out)
{
    PathEnum pe;
    CmGen *g = &pe.g;
    CmSquareSet pieces;
    int dist[CM_SQUARES];

    /* 1. The piece must be one that may move, and the kind of move one it may make. */
    cm_gen_init(g, pos, NULL, 0);
    if (!cm_set_has(&pos->occ[g->seat], m->from))
        return CM_ERR_ILLEGAL;
    CmObligationKind ob = cm_gen_obligation(g, pos, &pieces);
    int cats = piece_cats(g, pos, ob, &pieces, m->from);
    int knight = CM_CELL_KIND(pos->board[m->from]) == CM_KNIGHT;
    if (!knight)
        cats &= ~CAT_CHARGE;
    g->board[m->from] = CM_EMPTY;
    out->n = 1;
    out->sq[0] = m->from;
    out->jump[0] = 0;

    /* 2. Plain and castle moves are one step. */
    int df = CM_FILE(m->to) - CM_FILE(m->from), dr = CM_RANK(m->to) - CM_RANK(m->from);
    if (m->ncap == 0 && df >= -1 && df <= 1 && dr >= -1 && dr <= 1) {
        uint8_t fl = g->fl[m->to];
        int castle = (cats & CAT_CASTLE) && (fl & CM_SQ_TARGET);
        int plain = (cats & CAT_PLAIN) && !(fl & CM_SQ_NOSTEP);
        if (pos->board[m->to] != CM_EMPTY || !(castle || plain) || (df == 0 && dr == 0) ||
            !!(m->flags & CM_MOVE_CASTLE) != castle)
            return CM_ERR_ILLEGAL;
        out->sq[1] = m->to;
        out->jump[1] = 0;
        out->n = 2;
        return CM_OK;
    }

    /* 3. A canter: the smallest of the shortest paths, found greedily. */
    if (m->ncap == 0) {
        if (!(cats & CAT_CANTER) || (g->fl[m->to] & CM_SQ_NOSTEP) || m->to == m->from)
            return CM_ERR_ILLEGAL;
        canter_dist(g, m->from, m->to, knight, dist);
        if (dist[m->from] <= 0)
            return CM_ERR_ILLEGAL;
        canter_walk(g, out, m->to, dist);
        return out->sq[out->n - 1] == m->to ? CM_OK : CM_ERR_ILLEGAL;
    }

    /* 4. A capture: every jump chain with this effect, straight from the start square or, for
     *    a knight, after the shortest canter to each square it can jump from; keep the best. */
    Best best;
    best.found = 0;
    pe.want = m;
    pe.limit = 1 << 30;
    pe.given = 0;
    pe.budget = PATH_BUDGET;
    pe.knight = knight;
    if (cats & CAT_JUMP)
        chains_after(&pe, out, &best);
    if (cats & CAT_CHARGE) {
        CmSquareSet reach, hot = {{0, 0, 0, 0}};
        cm_gen_canter_reach(g, m->from, NULL, &reach, &hot);
        while (!cm_set_empty(&hot)) {
            CmSquare u = cm_set_pop(&hot);
            CmPath prefix;
            prefix.n = 1;
            prefix.sq[0] = m->from;
            prefix.jump[0] = 0;
            canter_dist(g, m->from, u, 0, dist);
            canter_walk(g, &prefix, u, dist);
            if (prefix.sq[prefix.n - 1] == u)
                chains_after(&pe, &prefix, &best);
        }
    }
    if (!best.found)
        return CM_ERR_ILLEGAL;
    *out = best.path;
    return CM_OK;
}
