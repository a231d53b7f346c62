/* The reference move generator: brute-force search over single leaps on a plain copy of the
 * board, with each rule of docs/rules.md 2.3-2.9 and 2.11 applied as written. Slow on purpose.
 * SPDX-License-Identifier: MIT */
#include "refgen.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The eight directions as (file, rank) steps (2.1). */
static const int dfile[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int drank[8] = {0, 1, 1, 1, 0, -1, -1, -1};

/* What kind of move a candidate is; the obligations of 2.9 pick among kinds. */
enum { K_PLAIN, K_CANTER, K_JUMP, K_CHARGE, K_CASTLE };

typedef struct Cand {
    RefEffect e;
    int kind;
} Cand;

/* One jump state already searched: the square the piece stands on and what it has taken. */
typedef struct Seen {
    unsigned stamp; /* equal to 'Ctx.stamp' when in use */
    CmSquare at;
    CmSquareSet cap;
} Seen;

typedef struct Ctx {
    const CmVariant *v;
    int seat;                   /* the seat to move */
    int team;                   /* its team */
    uint8_t board[CM_SQUARES];  /* working copy; the moving piece is lifted off it */
    uint8_t nostep[CM_SQUARES]; /* own and side castle squares of 'seat' (2.7, 3.5) */
    uint8_t target[CM_SQUARES]; /* target castle squares of 'seat' (2.8) */
    CmSquare from;              /* start square of the piece being searched */
    int kind_now;               /* K_JUMP or K_CHARGE while searching jumps */
    uint8_t visited[CM_SQUARES];
    CmSquare reached[CM_SQUARES]; /* the squares marked in 'visited', in order */
    int nreached;
    Cand *cand;
    int ncand, capcand;
    Seen *seen;
    int nseen, capseen; /* 'capseen' is a power of two */
    unsigned stamp;     /* current generation of 'seen'; bumped to empty it */
} Ctx;

/* The square one step from 'sq' in direction 'd', or -1 when it is not a board square. */
static int step(const Ctx *c, int sq, int d)
{
    if (sq < 0)
        return -1;
    int f = CM_FILE(sq) + dfile[d];
    int r = CM_RANK(sq) + drank[d];
    if (f < 0 || f >= CM_MAX_FILES || r < 0 || r >= CM_MAX_RANKS)
        return -1;
    int to = CM_SQ(f, r);
    return cm_set_has(&c->v->board, (unsigned)to) ? to : -1;
}

static int is_friend(const Ctx *c, uint8_t cell)
{
    return cell != CM_EMPTY && c->v->seat[CM_CELL_SEAT(cell)].team == c->team;
}

static int is_enemy(const Ctx *c, uint8_t cell)
{
    return cell != CM_EMPTY && c->v->seat[CM_CELL_SEAT(cell)].team != c->team;
}

static void add(Ctx *c, CmSquare to, const CmSquareSet *cap, int kind)
{
    if (c->ncand == c->capcand) {
        c->capcand = c->capcand ? c->capcand * 2 : 256;
        c->cand = realloc(c->cand, (size_t)c->capcand * sizeof *c->cand);
        assert(c->cand != NULL);
    }
    Cand *x = &c->cand[c->ncand++];
    memset(x, 0, sizeof *x);
    x->e.from = c->from;
    x->e.to = to;
    x->e.castle_move = kind == K_CASTLE;
    if (cap)
        x->e.cap = *cap;
    x->kind = kind;
}

/* Whether a piece standing on 'sq' has a jump leap on the working board (2.5, 2.6). */
static int can_jump_from(const Ctx *c, int sq)
{
    for (int d = 0; d < 8; d++) {
        int mid = step(c, sq, d);
        int land = step(c, mid, d);
        if (mid >= 0 && land >= 0 && is_enemy(c, c->board[mid]) && c->board[land] == CM_EMPTY)
            return 1;
    }
    return 0;
}

/* Hot square (2.6): the knight standing there, its start empty, would have a jump leap.
 * Target-castle squares are never hot, because the move stops there. */
static int hot(const Ctx *c, int sq)
{
    return !c->target[sq] && can_jump_from(c, sq);
}

/* Canter search (2.4): marks in 'visited' every square reachable from 'sq' by canter leaps,
 * never landing twice on a square, never on own or side castle squares, stopping on target
 * castle squares. With 'knight_rule' no landing square may be hot (2.6). */
static void canter(Ctx *c, int sq, int knight_rule)
{
    for (int d = 0; d < 8; d++) {
        int mid = step(c, sq, d);
        int land = step(c, mid, d);
        if (mid < 0 || land < 0)
            continue;
        if (!is_friend(c, c->board[mid]) || c->board[land] != CM_EMPTY)
            continue;
        if (c->nostep[land] || c->visited[land])
            continue;
        if (knight_rule && hot(c, land))
            continue;
        c->visited[land] = 1;
        c->reached[c->nreached++] = (CmSquare)land;
        if (!c->target[land])
            canter(c, land, knight_rule);
    }
}

static uint64_t seen_hash(int at, const CmSquareSet *cap)
{
    uint64_t h = (uint64_t)at * 0x9E3779B97F4A7C15u;
    for (int i = 0; i < 4; i++) {
        h ^= cap->w[i] + 0x632BE59BD9B4E019u + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9u;
    }
    return h ^ (h >> 31);
}

/* Records the jump state (at, cap); returns 1 when it was already there. The continuation of a
 * jump depends only on this state, so a state searched once needs no second search. */
static int seen_before(Ctx *c, int at, const CmSquareSet *cap)
{
    if (2 * (c->nseen + 1) > c->capseen) {
        Seen *old = c->seen;
        int oldcap = c->capseen;
        c->capseen = oldcap ? oldcap * 2 : 64;
        c->seen = calloc((size_t)c->capseen, sizeof *c->seen);
        assert(c->seen != NULL);
        c->nseen = 0;
        for (int i = 0; i < oldcap; i++)
            if (old[i].stamp == c->stamp)
                (void)seen_before(c, old[i].at, &old[i].cap);
        free(old);
    }
    size_t mask = (size_t)c->capseen - 1;
    for (size_t i = (size_t)seen_hash(at, cap) & mask;; i = (i + 1) & mask) {
        Seen *s = &c->seen[i];
        if (s->stamp != c->stamp) {
            s->stamp = c->stamp;
            s->at = (CmSquare)at;
            s->cap = *cap;
            c->nseen++;
            return 0;
        }
        if (s->at == at && cm_set_equal(&s->cap, cap))
            return 1;
    }
}

static void seen_reset(Ctx *c)
{
    c->stamp++;
    c->nseen = 0;
}

/* The rest of a jump (2.5), in steps, for a piece that has just landed on 'sq' by a jump leap
 * having taken 'cap' (already lifted off the working board):
 * 1. on a target castle square the move ends at once (2.8);
 * 2. otherwise every jump leap from here must be taken, one branch each (the captured piece
 *    leaves at once);
 * 3. when there is none, the move ends here (own or side castle squares included, 2.7). */
static void jump_on(Ctx *c, int sq, CmSquareSet *cap)
{
    /* 1. */
    if (c->target[sq]) {
        add(c, (CmSquare)sq, cap, c->kind_now);
        return;
    }
    if (seen_before(c, sq, cap))
        return;
    /* 2. */
    int any = 0;
    for (int d = 0; d < 8; d++) {
        int mid = step(c, sq, d);
        int land = step(c, mid, d);
        if (mid < 0 || land < 0)
            continue;
        if (!is_enemy(c, c->board[mid]) || c->board[land] != CM_EMPTY)
            continue;
        any = 1;
        uint8_t taken = c->board[mid];
        c->board[mid] = CM_EMPTY;
        cm_set_add(cap, (unsigned)mid);
        jump_on(c, land, cap);
        cm_set_del(cap, (unsigned)mid);
        c->board[mid] = taken;
    }
    /* 3. */
    if (!any)
        add(c, (CmSquare)sq, cap, c->kind_now);
}

/* Every jump that starts with a jump leap from 'sq' (at least one leap). */
static void jumps_from(Ctx *c, int sq, int kind)
{
    c->kind_now = kind;
    for (int d = 0; d < 8; d++) {
        int mid = step(c, sq, d);
        int land = step(c, mid, d);
        if (mid < 0 || land < 0)
            continue;
        if (!is_enemy(c, c->board[mid]) || c->board[land] != CM_EMPTY)
            continue;
        CmSquareSet cap;
        memset(&cap, 0, sizeof cap);
        uint8_t taken = c->board[mid];
        c->board[mid] = CM_EMPTY;
        cm_set_add(&cap, (unsigned)mid);
        jump_on(c, land, &cap);
        c->board[mid] = taken;
    }
}

/* All candidate moves of the piece on 'sq', before the obligations of 2.9:
 * 1. a piece in the target castle has only castle moves, within the seat's allowance (2.8);
 * 2. plain moves to empty adjacent squares, not onto own or side castle squares (2.3);
 * 3. canters (2.4); a knight's pure canter may not land on a hot square (2.6);
 * 4. jumps (2.5);
 * 5. a knight's charges: canter leaps, then at least one jump leap (2.6). */
static void piece_moves(Ctx *c, const CmPosition *pos, int sq)
{
    uint8_t cell = pos->board[sq];
    int knight = CM_CELL_KIND(cell) == CM_KNIGHT;
    c->from = (CmSquare)sq;

    /* 1. */
    if (c->target[sq]) {
        if (pos->castle_used[c->seat] >= c->v->rules.castle_moves)
            return;
        for (int d = 0; d < 8; d++) {
            int to = step(c, sq, d);
            if (to >= 0 && c->target[to] && c->board[to] == CM_EMPTY)
                add(c, (CmSquare)to, NULL, K_CASTLE);
        }
        return;
    }

    c->board[sq] = CM_EMPTY; /* the piece has left its square (2.1) */

    /* 2. */
    for (int d = 0; d < 8; d++) {
        int to = step(c, sq, d);
        if (to >= 0 && c->board[to] == CM_EMPTY && !c->nostep[to])
            add(c, (CmSquare)to, NULL, K_PLAIN);
    }

    /* 3. */
    memset(c->visited, 0, sizeof c->visited);
    c->visited[sq] = 1;
    c->nreached = 0;
    canter(c, sq, knight);
    for (int i = 0; i < c->nreached; i++)
        add(c, c->reached[i], NULL, K_CANTER);

    /* 4. */
    seen_reset(c);
    jumps_from(c, sq, K_JUMP);

    /* 5. The canter part has no hot-square limit; it stops on target castle squares, where
     * the move ends as a pure canter (already listed in 3 when legal). */
    if (knight) {
        memset(c->visited, 0, sizeof c->visited);
        c->visited[sq] = 1;
        c->nreached = 0;
        canter(c, sq, 0);
        seen_reset(c);
        for (int i = 0; i < c->nreached; i++)
            if (!c->target[c->reached[i]])
                jumps_from(c, c->reached[i], K_CHARGE);
    }

    c->board[sq] = cell;
}

static int cmp_effect(const RefEffect *a, const RefEffect *b)
{
    if (a->from != b->from)
        return a->from < b->from ? -1 : 1;
    if (a->to != b->to)
        return a->to < b->to ? -1 : 1;
    for (int i = 3; i >= 0; i--)
        if (a->cap.w[i] != b->cap.w[i])
            return a->cap.w[i] < b->cap.w[i] ? -1 : 1;
    return 0;
}

static int cmp_effect_q(const void *a, const void *b)
{
    return cmp_effect(a, b);
}

int ref_moves(const CmPosition *pos, RefEffect *out, int max, RefRule *rule_out)
{
    const CmVariant *v = pos->v;
    Ctx *c = calloc(1, sizeof *c);
    assert(c != NULL);
    c->v = v;
    c->seat = pos->to_move;
    c->team = v->seat[c->seat].team;
    memcpy(c->board, pos->board, sizeof c->board);

    /* Castles as seen by the seat to move: its own, its target's, and every other seat's
     * castle as a side castle (3.5). */
    int tseat = v->seat[c->seat].target;
    for (int s = 0; s < v->nseats; s++) {
        for (int i = 0; i < v->seat[s].ncastle; i++) {
            CmSquare sq = v->seat[s].castle[i];
            if (s == tseat)
                c->target[sq] = 1;
            else
                c->nostep[sq] = 1;
        }
    }

    /* Candidates of every piece of the seat, remembering where each piece's list starts. */
    int start[CM_SQUARES + 1];
    int npieces = 0;
    CmSquare piece[CM_SQUARES];
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        uint8_t cell = pos->board[sq];
        if (cell == CM_EMPTY || CM_CELL_SEAT(cell) != c->seat)
            continue;
        piece[npieces] = (CmSquare)sq;
        start[npieces++] = c->ncand;
        piece_moves(c, pos, sq);
    }
    start[npieces] = c->ncand;

    /* Whether each piece is able to jump (2.6); never in the target castle (2.8). */
    int able[CM_SQUARES];
    int any_able = 0;
    for (int i = 0; i < npieces; i++) {
        int sq = piece[i];
        able[i] = 0;
        if (c->target[sq])
            continue;
        c->board[sq] = CM_EMPTY;
        able[i] = can_jump_from(c, sq);
        c->board[sq] = pos->board[sq];
        any_able |= able[i];
    }

    /* The obligations of 2.9, marking the chosen candidates:
     * 1. own-castle exit (2.7, 2.11.1-2): each piece on an own or side castle square gives its
     *    jumps and charges if it is able to jump, else its plain moves, canters and charges
     *    that end off every own and side castle square; when the union is empty it lapses;
     * 2. capture obligation: every jump and every capturing charge;
     * 3. otherwise every candidate. */
    uint8_t *pick = calloc((size_t)c->ncand + 1, 1);
    assert(pick != NULL);
    RefRule rule = REF_RULE_FREE;
    int npick = 0;

    /* 1. */
    for (int i = 0; i < npieces; i++) {
        if (!c->nostep[piece[i]])
            continue;
        for (int k = start[i]; k < start[i + 1]; k++) {
            const Cand *x = &c->cand[k];
            int ok;
            if (able[i])
                ok = x->kind == K_JUMP || x->kind == K_CHARGE;
            else
                ok = (x->kind == K_PLAIN || x->kind == K_CANTER || x->kind == K_CHARGE) &&
                     !c->nostep[x->e.to];
            if (ok) {
                pick[k] = 1;
                npick++;
            }
        }
    }
    if (npick > 0) {
        rule = REF_RULE_EXIT;
    } else if (any_able) {
        /* 2. */
        rule = REF_RULE_CAPTURE;
        for (int k = 0; k < c->ncand; k++)
            if (c->cand[k].kind == K_JUMP || c->cand[k].kind == K_CHARGE)
                pick[k] = 1;
    } else {
        /* 3. */
        for (int k = 0; k < c->ncand; k++)
            pick[k] = 1;
    }

    /* One entry per effect. */
    RefEffect *all = malloc(((size_t)c->ncand + 1) * sizeof *all);
    assert(all != NULL);
    int n = 0;
    for (int k = 0; k < c->ncand; k++)
        if (pick[k])
            all[n++] = c->cand[k].e;
    qsort(all, (size_t)n, sizeof *all, cmp_effect_q);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || cmp_effect(&all[m - 1], &all[i]) != 0)
            all[m++] = all[i];
    for (int i = 0; i < m && i < max; i++)
        out[i] = all[i];

    if (rule_out)
        *rule_out = rule;
    free(all);
    free(pick);
    free(c->cand);
    free(c->seen);
    free(c);
    return m;
}

int ref_able_to_jump(const CmPosition *pos, CmSquare sq)
{
    const CmVariant *v = pos->v;
    uint8_t cell = pos->board[sq];
    if (cell == CM_EMPTY)
        return 0;
    int seat = CM_CELL_SEAT(cell);
    int t = v->seat[seat].target;
    for (int i = 0; t >= 0 && i < v->seat[t].ncastle; i++)
        if (v->seat[t].castle[i] == sq)
            return 0;
    Ctx c;
    memset(&c, 0, sizeof c);
    c.v = v;
    c.seat = seat;
    c.team = v->seat[seat].team;
    memcpy(c.board, pos->board, sizeof c.board);
    c.board[sq] = CM_EMPTY;
    return can_jump_from(&c, sq);
}

char *ref_effect_text(const RefEffect *e, char *buf)
{
    char names[CM_MAX_PIECES][4];
    int n = 0;
    char a[4], b[4];
    size_t len = (size_t)snprintf(buf, REF_EFFECT_LEN, "%s>%s", cm_square_name(e->from, a),
                                  cm_square_name(e->to, b));
    CmSquareSet left = e->cap;
    while (!cm_set_empty(&left) && n < CM_MAX_PIECES)
        cm_square_name(cm_set_pop(&left), names[n++]);
    /* Captured squares sorted bytewise by name (insertion sort; few entries). */
    for (int i = 1; i < n; i++) {
        char t[4];
        memcpy(t, names[i], sizeof t);
        int j = i;
        while (j > 0 && strcmp(names[j - 1], t) > 0) {
            memcpy(names[j], names[j - 1], sizeof t);
            j--;
        }
        memcpy(names[j], t, sizeof t);
    }
    for (int i = 0; i < n && len < REF_EFFECT_LEN; i++)
        len +=
            (size_t)snprintf(buf + len, REF_EFFECT_LEN - len, "%s%s", i == 0 ? "x" : ",", names[i]);
    return buf;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(a, b);
}

int ref_effects(const CmPosition *pos, char (*out)[REF_EFFECT_LEN], int max)
{
    int room = 4096;
    RefEffect *e = malloc((size_t)room * sizeof *e);
    assert(e != NULL);
    int n = ref_moves(pos, e, room, NULL);
    if (n > room) {
        free(e);
        e = malloc((size_t)n * sizeof *e);
        assert(e != NULL);
        ref_moves(pos, e, n, NULL);
    }
    /* Sort all of them as text, then keep the first 'max'. */
    char(*tmp)[REF_EFFECT_LEN] = malloc(((size_t)n + 1) * sizeof *tmp);
    assert(tmp != NULL);
    for (int i = 0; i < n; i++)
        ref_effect_text(&e[i], tmp[i]);
    qsort(tmp, (size_t)n, sizeof *tmp, cmp_str);
    memcpy(out, tmp, (size_t)(n < max ? n : max) * sizeof *tmp);
    free(tmp);
    free(e);
    return n;
}
