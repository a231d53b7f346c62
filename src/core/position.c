/* Positions: setting up, applying and taking back moves, the incremental Zobrist hash.
 * SPDX-License-Identifier: MIT */
#include "camelot/position.h"

#include <assert.h>
#include <string.h>

/* Flips square 'sq' in the knights' class grids when 'cell' is a knight. */
static inline void flip_knight(CmPosition *pos, CmSquare sq, uint8_t cell)
{
    pos->knights[CM_CLASS(sq)] ^= (uint64_t)(CM_CELL_KIND(cell) == CM_KNIGHT) << CM_CBIT(sq);
}

void cm_pos_clear(CmPosition *pos, const CmVariant *v)
{
    memset(pos, 0, sizeof *pos);
    pos->v = v;
    pos->hash = v->zseat[0];
}

void cm_pos_start(CmPosition *pos, const CmVariant *v)
{
    cm_pos_clear(pos, v);
    for (int sq = 0; sq < CM_SQUARES; sq++)
        if (v->start[sq] != CM_EMPTY)
            cm_pos_put(pos, (CmSquare)sq, v->start[sq]);
}

void cm_pos_put(CmPosition *pos, CmSquare sq, uint8_t cell)
{
    uint8_t old = pos->board[sq];
    if (old != CM_EMPTY) {
        int s = CM_CELL_SEAT(old);
        pos->hash ^= pos->v->zpiece[old][sq];
        cm_set_del(&pos->occ[s], sq);
        pos->cls[s][CM_CLASS(sq)] &= ~(1ull << CM_CBIT(sq));
        flip_knight(pos, sq, old);
        pos->npieces[s]--;
    }
    pos->board[sq] = cell;
    if (cell != CM_EMPTY) {
        int s = CM_CELL_SEAT(cell);
        pos->hash ^= pos->v->zpiece[cell][sq];
        cm_set_add(&pos->occ[s], sq);
        pos->cls[s][CM_CLASS(sq)] |= 1ull << CM_CBIT(sq);
        flip_knight(pos, sq, cell);
        pos->npieces[s]++;
    }
}

void cm_pos_set_turn(CmPosition *pos, int seat)
{
    pos->hash ^= pos->v->zseat[pos->to_move] ^ pos->v->zseat[seat];
    pos->to_move = (uint8_t)seat;
}

void cm_pos_set_castle_used(CmPosition *pos, int seat, int used)
{
    pos->hash ^= pos->v->zcastle[seat][pos->castle_used[seat]] ^ pos->v->zcastle[seat][used];
    pos->castle_used[seat] = (uint8_t)used;
}

/* Apply, in steps:
 * 1. lift the moving piece and put it on its landing square;
 * 2. lift every captured piece, remembering its cell for the undo;
 * 3. count a castle move, keep the quiet-ply counter, pass the turn. */
void cm_pos_apply(CmPosition *pos, const CmMove *m, CmUndo *undo)
{
    const CmVariant *v = pos->v;
    int seat = pos->to_move;
    uint8_t cell = pos->board[m->from];
    uint64_t h = pos->hash;

    assert(cell != CM_EMPTY && CM_CELL_SEAT(cell) == seat);
    undo->hash = h;
    undo->quiet = pos->quiet;
    undo->to_move = (uint8_t)seat;
    undo->ncap = m->ncap;

    /* 1. */
    pos->board[m->from] = CM_EMPTY;
    pos->board[m->to] = cell;
    h ^= v->zpiece[cell][m->from] ^ v->zpiece[cell][m->to];
    cm_set_del(&pos->occ[seat], m->from);
    cm_set_add(&pos->occ[seat], m->to);
    pos->cls[seat][CM_CLASS(m->from)] &= ~(1ull << CM_CBIT(m->from));
    pos->cls[seat][CM_CLASS(m->to)] |= 1ull << CM_CBIT(m->to);
    flip_knight(pos, m->from, cell);
    flip_knight(pos, m->to, cell);

    /* 2. */
    if (m->ncap) {
        CmSquareSet caps = m->cap;
        int i = 0;
        while (!cm_set_empty(&caps)) {
            CmSquare sq = cm_set_pop(&caps);
            uint8_t c = pos->board[sq];
            int s = CM_CELL_SEAT(c);
            undo->capsq[i] = sq;
            undo->capcell[i++] = c;
            pos->board[sq] = CM_EMPTY;
            h ^= v->zpiece[c][sq];
            cm_set_del(&pos->occ[s], sq);
            pos->cls[s][CM_CLASS(sq)] &= ~(1ull << CM_CBIT(sq));
            flip_knight(pos, sq, c);
            pos->npieces[s]--;
        }
        assert(i == m->ncap);
    }

    /* 3. */
    if (m->flags & CM_MOVE_CASTLE) {
        int used = pos->castle_used[seat];
        h ^= v->zcastle[seat][used] ^ v->zcastle[seat][used + 1];
        pos->castle_used[seat] = (uint8_t)(used + 1);
    }
    if (m->ncap || cm_move_enters_target(v, seat, m))
        pos->quiet = 0;
    else if (pos->quiet < UINT16_MAX)
        pos->quiet++;
    int next = cm_pos_next_seat(pos, seat);
    h ^= v->zseat[seat] ^ v->zseat[next];
    pos->to_move = (uint8_t)next;
    pos->hash = h;
}

void cm_pos_undo(CmPosition *pos, const CmMove *m, const CmUndo *undo)
{
    int seat = undo->to_move;
    uint8_t cell = pos->board[m->to];

    pos->board[m->to] = CM_EMPTY;
    pos->board[m->from] = cell;
    cm_set_del(&pos->occ[seat], m->to);
    cm_set_add(&pos->occ[seat], m->from);
    pos->cls[seat][CM_CLASS(m->to)] &= ~(1ull << CM_CBIT(m->to));
    pos->cls[seat][CM_CLASS(m->from)] |= 1ull << CM_CBIT(m->from);
    flip_knight(pos, m->to, cell);
    flip_knight(pos, m->from, cell);
    for (int i = 0; i < undo->ncap; i++) {
        uint8_t c = undo->capcell[i];
        int s = CM_CELL_SEAT(c);
        CmSquare sq = undo->capsq[i];
        pos->board[sq] = c;
        pos->cls[s][CM_CLASS(sq)] |= 1ull << CM_CBIT(sq);
        flip_knight(pos, sq, c);
        cm_set_add(&pos->occ[s], sq);
        pos->npieces[s]++;
    }
    if (m->flags & CM_MOVE_CASTLE)
        pos->castle_used[seat]--;
    pos->quiet = undo->quiet;
    pos->to_move = (uint8_t)seat;
    pos->hash = undo->hash;
}

uint64_t cm_pos_compute_hash(const CmPosition *pos)
{
    const CmVariant *v = pos->v;
    uint64_t h = v->zseat[pos->to_move];
    for (int sq = 0; sq < CM_SQUARES; sq++)
        if (pos->board[sq] != CM_EMPTY)
            h ^= v->zpiece[pos->board[sq]][sq];
    for (int s = 0; s < v->nseats; s++)
        h ^= v->zcastle[s][pos->castle_used[s]];
    return h;
}

int cm_pos_equal(const CmPosition *a, const CmPosition *b)
{
    return a->v == b->v && a->to_move == b->to_move &&
           memcmp(a->board, b->board, sizeof a->board) == 0 &&
           memcmp(a->castle_used, b->castle_used, sizeof a->castle_used) == 0;
}

int cm_pos_team_pieces(const CmPosition *pos, unsigned seats)
{
    int n = 0;
    for (int s = 0; s < pos->v->nseats; s++)
        if (seats & (1u << s))
            n += pos->npieces[s];
    return n;
}
