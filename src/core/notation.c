/* WCF move notation and effect text: printing, parsing, and explaining why a written move is
 * not legal (docs/rules.md 1.3, 2.3-2.10).
 * SPDX-License-Identifier: MIT */
#include "camelot/notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/error.h"
#include "camelot/explain.h"
#include "movegen_int.h"

static int cmp_names(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

size_t cm_move_effect_str(const CmMove *m, char *buf, size_t size)
{
    char from[4], to[4];
    char names[CM_MAX_PIECES][4];
    int n = 0;
    CmSquareSet caps = m->cap;
    while (!cm_set_empty(&caps) && n < CM_MAX_PIECES)
        cm_square_name(cm_set_pop(&caps), names[n++]);
    qsort(names, (size_t)n, sizeof names[0], cmp_names);
    size_t len = (size_t)snprintf(buf, size, "%s>%s", cm_square_name(m->from, from),
                                  cm_square_name(m->to, to));
    for (int i = 0; i < n; i++) {
        size_t room = len < size ? size - len : 0;
        len += (size_t)snprintf(room ? buf + len : NULL, room, "%c%s", i ? ',' : 'x', names[i]);
    }
    return len;
}

size_t cm_path_str(const CmPath *path, char *buf, size_t size)
{
    size_t len = 0;
    char name[4];
    for (int i = 0; i < path->n; i++) {
        size_t room = len < size ? size - len : 0;
        const char *sep = i == 0 ? "" : path->jump[i] ? "x" : "-";
        len += (size_t)snprintf(room ? buf + len : NULL, room, "%s%s", sep,
                                cm_square_name(path->sq[i], name));
    }
    if (path->n == 0 && size > 0)
        buf[0] = '\0';
    return len;
}

size_t cm_move_str(const CmPosition *pos, const CmMove *m, char *buf, size_t size)
{
    CmPath path;
    if (cm_movegen_canonical(pos, m, &path) == CM_OK)
        return cm_path_str(&path, buf, size);
    return cm_move_effect_str(m, buf, size);
}

/* ---- Parsing ---- */

typedef struct Written {
    int n;
    CmSquare sq[CM_MAX_PATH];
    char sep[CM_MAX_PATH]; /* '-' or 'x' before square i (i >= 1) */
    int col[CM_MAX_PATH];  /* 1-based column of square i in the text */
} Written;

static CmStatus split(const CmVariant *v, const char *text, Written *w, CmError *err)
{
    const char *p = text;
    w->n = 0;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '\0')
        return cm_error_set(err, CM_ERR_SYNTAX, 0, 0, "empty move");
    for (;;) {
        CmSquare sq;
        int col = (int)(p - text) + 1;
        int used = cm_square_parse(p, &sq);
        if (used == 0) {
            const char *e = p;
            while (*e && *e != '-' && *e != 'x' && *e != 'X' && *e != '^' && *e != ' ')
                e++;
            if (e == p)
                return cm_error_set(err, CM_ERR_SYNTAX, 0, col,
                                    "expected a square name at column %d", col);
            return cm_error_set(err, CM_ERR_SYNTAX, 0, col, "'%.*s' is not a square name",
                                (int)(e - p), p);
        }
        if (!cm_variant_on(v, sq))
            return cm_error_set(err, CM_ERR_ILLEGAL, 0, col, "%.*s is not a square of this board",
                                used, p);
        if (w->n == CM_MAX_PATH)
            return cm_error_set(err, CM_ERR_LIMIT, 0, col, "the move is too long");
        w->sq[w->n] = sq;
        w->col[w->n] = col;
        w->n++;
        p += used;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0')
            break;
        char c = *p;
        if (c == '^')
            c = '-';
        if (c == 'X')
            c = 'x';
        if (c != '-' && c != 'x')
            return cm_error_set(err, CM_ERR_SYNTAX, 0, (int)(p - text) + 1,
                                (unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f
                                    ? "expected '-' or 'x' after a square, found the byte 0x%02X"
                                    : "expected '-' or 'x' after a square, found '%c'",
                                (unsigned char)*p);
        /* A full path stops at the next square, which has no room. */
        if (w->n < CM_MAX_PATH)
            w->sep[w->n] = c;
        p++;
        while (*p == ' ' || *p == '\t')
            p++;
    }
    if (w->n < 2)
        return cm_error_set(err, CM_ERR_SYNTAX, 0, w->col[0],
                            "a move names its start square and at least one landing square");
    return CM_OK;
}

CmStatus cm_path_parse(const CmVariant *v, const char *text, CmPath *out, CmError *err)
{
    Written w;
    CmStatus st = split(v, text, &w, err);
    if (st == CM_OK) {
        out->n = w.n;
        for (int i = 0; i < w.n; i++) {
            out->sq[i] = w.sq[i];
            out->jump[i] = i > 0 && w.sep[i] == 'x';
        }
    }
    return st;
}

/* A walk along a written path: the generator's view of the board (the moving piece lifted,
 * jumped pieces lifted as they are captured), where the walk stands, and the effect so far. */
typedef struct Walk {
    const CmPosition *pos;
    const Written *w;
    CmGen g;
    int knight;
    int phase;  /* 0 start, 1 cantering, 2 jumping */
    int hot_at; /* first hot landing of a knight's canter, -1 for none */
    CmSquare x; /* where the piece stands now */
    CmMove *eff;
} Walk;

/* A piece in its target castle: only a castle move (docs/rules.md 2.8). */
static CmStatus walk_castle_move(Walk *k, CmError *err)
{
    const CmVariant *v = k->pos->v;
    const Written *w = k->w;
    const uint8_t *fl = k->g.fl;
    CmSquare s = w->sq[0], t = w->sq[1];
    int df = CM_FILE(t) - CM_FILE(s), dr = CM_RANK(t) - CM_RANK(s);
    char a[4];

    if (w->n != 2 || !(fl[t] & CM_SQ_TARGET) || df < -1 || df > 1 || dr < -1 || dr > 1)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[1],
                            "a piece in the opponent's castle can never leave it");
    if (v->rules.castle_moves == 0)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[1],
                            "there are no castle moves in this game");
    if (k->pos->board[t] != CM_EMPTY)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[1], "%s is occupied",
                            cm_square_name(t, a));
    if (w->sep[1] != '-')
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[1],
                            "a castle move captures nothing: write it with '-'");
    if (k->pos->castle_used[k->pos->to_move] >= v->rules.castle_moves)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[1],
                            "no castle moves left: each player may make %d per game",
                            v->rules.castle_moves);
    k->eff->to = t;
    k->eff->flags = CM_MOVE_CASTLE;
    return CM_OK;
}

/* A step to the adjacent square 'y', written as landing 'i': a plain move, the whole move. */
static CmStatus walk_step(Walk *k, int i, CmSquare y, CmError *err)
{
    const Written *w = k->w;
    const uint8_t *fl = k->g.fl;
    int col = w->col[i];
    char a[4], b[4];

    if (y == k->x)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col, "%s to %s is no move",
                            cm_square_name(k->x, a), cm_square_name(y, b));
    if (w->n != 2)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col,
                            "a step to an adjacent square is a whole move by itself");
    if (w->sep[i] == 'x')
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col,
                            "a plain move captures nothing: write it with '-'");
    if (k->g.board[y] != CM_EMPTY)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col, "%s is occupied", cm_square_name(y, a));
    if (fl[y] & CM_SQ_OWN)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col,
                            "you may not enter your own castle by a plain move");
    if (fl[y] & CM_SQ_SIDE)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col,
                            "you may not enter a side castle by a plain move");
    k->eff->to = y;
    return CM_OK;
}

/* A canter leap over the friendly piece on 'mid' to 'y', written as landing 'i'. */
static CmStatus walk_canter_leap(Walk *k, int i, CmSquare mid, CmSquare y, CmError *err)
{
    const Written *w = k->w;
    const uint8_t *fl = k->g.fl;
    int col = w->col[i];
    char a[4];

    if (w->sep[i] == 'x')
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col,
                            "the piece on %s is friendly: leaping over it is a canter, written "
                            "with '-'",
                            cm_square_name(mid, a));
    if (k->phase == 2)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col,
                            "a canter may not follow a jump (a knight's charge canters first, "
                            "then jumps)");
    if (fl[y] & CM_SQ_OWN)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col,
                            "you may not enter your own castle by a canter");
    if (fl[y] & CM_SQ_SIDE)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col,
                            "you may not enter a side castle by a canter");
    k->phase = 1;
    if (k->knight && k->hot_at < 0 && !(fl[y] & CM_SQ_TARGET) && cm_gen_can_jump(&k->g, y))
        k->hot_at = y;
    return CM_OK;
}

/* A jump leap over the enemy piece on 'mid', written as landing 'i': the piece is captured. */
static CmStatus walk_jump_leap(Walk *k, int i, CmSquare mid, CmError *err)
{
    int col = k->w->col[i];
    char a[4];

    if (k->w->sep[i] == '-')
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col,
                            "the piece on %s is an enemy: leaping over it captures it, written "
                            "with 'x'",
                            cm_square_name(mid, a));
    if (k->phase == 1 && !k->knight)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col,
                            "only a knight may canter and then jump in one move");
    k->phase = 2;
    k->g.board[mid] = CM_EMPTY;
    cm_set_add(&k->eff->cap, mid);
    k->eff->ncap++;
    return CM_OK;
}

/* A leap from where the walk stands to 'y', written as landing 'i'. */
static CmStatus walk_leap(Walk *k, int i, CmSquare y, CmError *err)
{
    int col = k->w->col[i];
    char a[4], b[4];
    int df = CM_FILE(y) - CM_FILE(k->x), dr = CM_RANK(y) - CM_RANK(k->x);
    int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;

    if (!((adf == 2 || adf == 0) && (adr == 2 || adr == 0)))
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col,
                            "%s to %s is neither a step to an adjacent square nor a leap over one",
                            cm_square_name(k->x, a), cm_square_name(y, b));
    CmSquare mid = (CmSquare)((k->x + y) / 2);
    uint8_t over = k->g.board[mid];
    if (over == CM_EMPTY)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col, "there is no piece on %s to leap over",
                            cm_square_name(mid, a));
    if (k->g.board[y] != CM_EMPTY)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, col, "%s is occupied", cm_square_name(y, a));
    if ((k->g.fr >> over) & 1)
        return walk_canter_leap(k, i, mid, y, err);
    return walk_jump_leap(k, i, mid, err);
}

/* The end of the walk: a canter may not end where it started, nor a knight's canter land where
 * it could jump; a jump goes on while it can. */
static CmStatus walk_end(Walk *k, CmError *err)
{
    const Written *w = k->w;
    const CmVariant *v = k->pos->v;
    CmSquare x = k->x;
    char a[4], c[4];

    k->eff->to = x;
    if (k->phase == 1) {
        if (x == w->sq[0])
            return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[w->n - 1],
                                "a canter may not end on the square where it started");
        if (k->hot_at >= 0)
            return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[0],
                                "this knight must capture from %s: a knight's canter may not "
                                "land where it could jump",
                                cm_square_name((CmSquare)k->hot_at, a));
        return CM_OK;
    }
    if (k->g.fl[x] & CM_SQ_TARGET)
        return CM_OK;
    unsigned m = v->leap_ok[x];
    while (m) {
        int d = __builtin_ctz(m);
        m &= m - 1;
        int t = x + cm_dir_offset[d];
        if (((k->g.en >> k->g.board[t]) & 1) && k->g.board[t + cm_dir_offset[d]] == CM_EMPTY)
            return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[w->n - 1],
                                "the jump must go on: %s can be captured from %s",
                                cm_square_name((CmSquare)t, a), cm_square_name(x, c));
    }
    return CM_OK;
}

/* The walk along a written path, in steps:
 * 1. the start square must hold a piece of the seat to move;
 * 2. each step is a plain move (alone), a canter leap over a friend ('-') or a jump leap over
 *    an enemy ('x'), landing on an empty square, obeying the castle rules;
 * 3. canter leaps come before jump leaps, and only a knight may do both;
 * 4. at the end: a canter may not end where it started; a knight's canter may not land where
 *    it could jump; a jump goes on while it can.
 * On success '*eff' is the effect of the path. */
static CmStatus walk(const CmPosition *pos, const Written *w, CmMove *eff, CmError *err)
{
    Walk k;
    CmSquare s = w->sq[0];
    uint8_t cell = pos->board[s];
    char a[4];
    CmStatus st = CM_OK;

    /* 1. */
    if (cell == CM_EMPTY)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[0], "there is no piece on %s",
                            cm_square_name(s, a));
    if (CM_CELL_SEAT(cell) != pos->to_move) {
        char owner[CM_EXPLAIN_MAX];
        cm_owner_str(pos, s, owner, sizeof owner);
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[0], "%s", owner);
    }
    k.pos = pos;
    k.w = w;
    cm_gen_init(&k.g, pos, NULL, 0);
    k.g.board[s] = CM_EMPTY;
    k.knight = CM_CELL_KIND(cell) == CM_KNIGHT;
    k.phase = 0;
    k.hot_at = -1;
    k.x = s;
    k.eff = eff;
    memset(eff, 0, sizeof *eff);
    eff->from = s;
    if (k.g.fl[s] & CM_SQ_TARGET)
        return walk_castle_move(&k, err);

    /* 2.-3. */
    for (int i = 1; i < w->n && st == CM_OK; i++) {
        CmSquare y = w->sq[i];
        int df = CM_FILE(y) - CM_FILE(k.x), dr = CM_RANK(y) - CM_RANK(k.x);
        if (i > 1 && (k.g.fl[k.x] & CM_SQ_TARGET))
            return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[i],
                                "entering the opponent's castle ends the move: nothing may "
                                "follow %s",
                                cm_square_name(k.x, a));
        if (df >= -1 && df <= 1 && dr >= -1 && dr <= 1)
            return walk_step(&k, i, y, err);
        st = walk_leap(&k, i, y, err);
        k.x = y;
    }

    /* 4. */
    return st != CM_OK ? st : walk_end(&k, err);
}

/* Why a well-formed path with effect 'eff' is not among the legal moves. */
static CmStatus explain(const CmPosition *pos, const CmMove *eff, const Written *w, CmError *err)
{
    const CmVariant *v = pos->v;
    CmObligation ob;
    char list[CM_EXPLAIN_MAX], a[4];
    cm_movegen_obligation(pos, &ob);
    cm_squares_str(&ob.pieces, list, sizeof list);
    if (ob.kind == CM_OBLIGE_EXIT) {
        if (!cm_set_has(&ob.pieces, eff->from))
            return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[0],
                                "the piece on %s is in a castle it may not stay in and must "
                                "move first",
                                list);
        if (cm_movegen_can_jump(pos, eff->from) && eff->ncap == 0)
            return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[0],
                                "the piece on %s can jump, so it must leave the castle by a "
                                "capture",
                                cm_square_name(eff->from, a));
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[w->n - 1],
                            "the piece on %s must leave the castle, not end its move there",
                            cm_square_name(eff->from, a));
    }
    if (ob.kind == CM_OBLIGE_CAPTURE && eff->ncap == 0) {
        cm_obligation_str(pos, &ob, list, sizeof list);
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[0], "%s", list);
    }
    if ((eff->flags & CM_MOVE_CASTLE) && pos->castle_used[pos->to_move] >= v->rules.castle_moves)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[1], "no castle moves left");
    return cm_error_set(err, CM_ERR_ILLEGAL, 0, w->col[0], "that move is not legal here");
}

/* Finds the legal move with the effect of 'm'; 1 found, 0 not, -1 out of memory, -2 not
 * found among moves that are not all there (the generation's budget ran out). Only the moving
 * piece's moves are made, first into a small buffer. */
static int find_legal(const CmPosition *pos, const CmMove *m, CmMove *out)
{
    CmMove small[64];
    CmMove *moves = small;
    int overflow, found = 0;
    int n = cm_movegen_from(pos, m->from, small, 64, &overflow);
    if (overflow) {
        moves = malloc(CM_MOVES_LIMIT * sizeof *moves);
        if (moves == NULL)
            return -1;
        n = cm_movegen_from(pos, m->from, moves, CM_MOVES_LIMIT, &overflow);
    }
    for (int i = 0; i < n; i++) {
        if (cm_move_same(&moves[i], m)) {
            *out = moves[i];
            found = 1;
            break;
        }
    }
    if (moves != small)
        free(moves);
    return found ? 1 : overflow ? -2 : 0;
}

/* What 'find_legal' found for the effect 'eff' of the written path 'w', as a status. */
static CmStatus found_status(const CmPosition *pos, int found, const CmMove *eff, const Written *w,
                             CmError *err)
{
    if (found == 1)
        return CM_OK;
    if (found == -1)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    if (found == -2)
        return cm_error_set(err, CM_ERR_LIMIT, 0, w->col[0],
                            "this piece has more jump chains than camelot explores (%ld steps), "
                            "so the move cannot be checked",
                            (long)CM_GEN_BUDGET);
    return explain(pos, eff, w, err);
}

CmStatus cm_move_parse(const CmPosition *pos, const char *text, CmMove *out, CmError *err)
{
    Written *w = malloc(sizeof *w);
    CmMove eff;
    CmStatus st;
    if (w == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    st = split(pos->v, text, w, err);
    if (st == CM_OK)
        st = walk(pos, w, &eff, err);
    if (st == CM_OK)
        st = found_status(pos, find_legal(pos, &eff, out), &eff, w, err);
    free(w);
    return st;
}

CmStatus cm_effect_parse(const CmPosition *pos, const char *text, CmMove *out, CmError *err)
{
    CmMove m;
    const char *p = text;
    int used;
    memset(&m, 0, sizeof m);
    if ((used = cm_square_parse(p, &m.from)) == 0 || p[used] != '>')
        return cm_error_set(err, CM_ERR_SYNTAX, 0, 1, "expected FROM>TO, e.g. E6>E8");
    p += used + 1;
    if ((used = cm_square_parse(p, &m.to)) == 0)
        return cm_error_set(err, CM_ERR_SYNTAX, 0, (int)(p - text) + 1, "expected a square");
    p += used;
    if (*p == 'x' || *p == 'X') {
        do {
            CmSquare sq;
            p++;
            if ((used = cm_square_parse(p, &sq)) == 0)
                return cm_error_set(err, CM_ERR_SYNTAX, 0, (int)(p - text) + 1,
                                    "expected a captured square");
            if (!cm_set_has(&m.cap, sq))
                m.ncap++;
            cm_set_add(&m.cap, sq);
            p += used;
        } while (*p == ',');
    }
    if (*p != '\0')
        return cm_error_set(err, CM_ERR_SYNTAX, 0, (int)(p - text) + 1, "unexpected '%c' in effect",
                            *p);
    int found = find_legal(pos, &m, out);
    if (found == -1)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    if (found == -2)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 1,
                            "this piece has more jump chains than camelot explores, so %s cannot "
                            "be checked",
                            text);
    if (!found)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, 1, "no legal move has the effect %s", text);
    return CM_OK;
}
