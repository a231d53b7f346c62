/* Jump chains for the quiescence search: every jump (RULES.md 2.5) of a seat, one per effect,
 * without the knight's charges and without the castle exit rule (the caller uses the rules
 * core when a piece stands on an own or side castle). Much cheaper than the full generator,
 * which has to find every knight's canter reach for the charges. Tested against
 * 'cm_movegen_all' in tests/test_engine.c; the move the engine plays always comes from it.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "camelot/grid4.h"
#include "engine_int.h"

typedef struct Chain {
    const CmVariant *v;
    uint8_t *board;    /* the position's board, changed during the chain and restored */
    const uint8_t *fl; /* square flags of the seat */
    uint16_t en;       /* enemy cells of the seat */
    CmMoveList *list;
    int first; /* the piece's first move in 'list' */
    CmSquare from;
    int ncap;
    CmSquareSet cap;
} Chain;

static void add(Chain *c, CmSquare to)
{
    CmMoveList *l = c->list;
    for (int i = c->first; i < l->n; i++)
        if (l->m[i].to == to && l->m[i].ncap == c->ncap && cm_set_equal(&l->m[i].cap, &c->cap))
            return;
    if (l->n == CM_MAX_MOVES) {
        l->overflow = 1;
        return;
    }
    CmMove *m = &l->m[l->n++];
    m->from = c->from;
    m->to = to;
    m->ncap = (uint8_t)c->ncap;
    m->flags = 0;
    m->cap = c->cap;
}

/* The chain from 'x', in steps:
 * 1. every jump leap from 'x', the jumped piece lifted at once;
 * 2. a landing on a target-castle square ends the move (2.8);
 * 3. otherwise the chain goes on while it can, and ends on 'x' when it cannot. */
static void chain(Chain *c, CmSquare x)
{
    unsigned m = c->v->leap_ok[x];
    int any = 0;
    while (m) {
        int d = __builtin_ctz(m);
        m &= m - 1;
        int t = x + cm_dir_offset[d];
        uint8_t cell = c->board[t];
        if (!((c->en >> cell) & 1))
            continue;
        int u = t + cm_dir_offset[d];
        if (c->board[u] != CM_EMPTY)
            continue;
        any = 1;
        c->board[t] = CM_EMPTY;
        cm_set_add(&c->cap, (unsigned)t);
        c->ncap++;
        if (c->fl[u] & CM_SQ_TARGET)
            add(c, (CmSquare)u);
        else
            chain(c, (CmSquare)u);
        c->ncap--;
        cm_set_del(&c->cap, (unsigned)t);
        c->board[t] = cell;
    }
    if (!any && c->ncap > 0)
        add(c, x);
}

/* The pieces of 'seat' off its target castle that have a jump leap now, by parity class: an
 * enemy piece next to them and an empty square beyond. Only these start a chain. */
static int jumpers(const CmPosition *pos, int seat, uint64_t out[4])
{
    const CmVariant *v = pos->v;
    CmGrid4 occ = {0, 0, 0, 0}, prey = occ;
    for (int s = 0; s < v->nseats; s++) {
        CmGrid4 b = cm_grid4_load(pos->cls[s]);
        occ |= b;
        if (v->seat[s].team != v->seat[seat].team)
            prey |= b;
    }
    CmGrid4 own = cm_grid4_load(pos->cls[seat]) & ~cm_grid4_load(v->ctarget[seat]);
    CmGrid4 j = own & cm_grid4_leap_from(v, prey, cm_grid4_load(v->cboard) & ~occ);
    cm_grid4_store(out, j);
    return (j[0] | j[1] | j[2] | j[3]) != 0;
}

int cm_qgen_jumps(CmPosition *pos, int seat, CmMoveList *list, int append)
{
    const CmVariant *v = pos->v;
    Chain c;
    c.v = v;
    c.board = pos->board;
    c.fl = v->sqflags[seat];
    c.en = v->enemy_cells[seat];
    c.list = list;
    c.ncap = 0;
    memset(&c.cap, 0, sizeof c.cap);
    if (!append) {
        list->n = 0;
        list->overflow = 0;
    }
    int start = list->n;
    uint64_t jump[4];
    if (!jumpers(pos, seat, jump))
        return 0;
    CmSquareSet own = pos->occ[seat];
    while (!cm_set_empty(&own)) {
        CmSquare s = cm_set_pop(&own);
        if (!((jump[CM_CLASS(s)] >> CM_CBIT(s)) & 1))
            continue;
        uint8_t cell = pos->board[s];
        c.from = s;
        c.first = list->n;
        pos->board[s] = CM_EMPTY;
        chain(&c, s);
        pos->board[s] = cell;
    }
    return list->n - start;
}
