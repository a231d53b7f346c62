/* Explanations of the rules for people: obligations, pieces that cannot be picked, owners.
 * SPDX-License-Identifier: MIT */
#include "camelot/explain.h"

#include <stdio.h>
#include <string.h>

const char *cm_kind_name(uint8_t cell)
{
    return CM_CELL_KIND(cell) == CM_KNIGHT ? "knight" : "man";
}

size_t cm_squares_str(const CmSquareSet *set, char *buf, size_t size)
{
    CmSquareSet s = *set;
    size_t len = 0;
    char name[4];
    if (size > 0)
        buf[0] = '\0';
    while (!cm_set_empty(&s)) {
        size_t room = len < size ? size - len : 0;
        len += (size_t)snprintf(room ? buf + len : NULL, room, "%s%s", len ? ", " : "",
                                cm_square_name(cm_set_pop(&s), name));
    }
    return len;
}

size_t cm_obligation_str(const CmPosition *pos, const CmObligation *ob, char *buf, size_t size)
{
    char list[CM_EXPLAIN_MAX];
    int n = cm_set_count(&ob->pieces);
    const char *pieces = n == 1 ? "piece" : "pieces";

    cm_squares_str(&ob->pieces, list, sizeof list);
    if (ob->kind == CM_OBLIGE_CAPTURE)
        return (size_t)snprintf(buf, size, "a capture is compulsory: the %s on %s can capture",
                                pieces, list);
    if (ob->kind == CM_OBLIGE_EXIT) {
        CmSquareSet s = ob->pieces;
        int jump = n > 0 && cm_movegen_can_jump(pos, cm_set_pop(&s));
        return (size_t)snprintf(buf, size, "the %s on %s %s in %s and must leave it now%s", pieces,
                                list, n == 1 ? "is" : "are",
                                pos->v->nseats > 2 ? "a castle it may not stay in"
                                                   : "its own castle",
                                jump ? ", by a capture" : "");
    }
    if (size > 0)
        buf[0] = '\0';
    return 0;
}

size_t cm_owner_str(const CmPosition *pos, CmSquare sq, char *buf, size_t size)
{
    const CmVariant *v = pos->v;
    uint8_t cell = pos->board[sq];
    int seat = pos->to_move;
    char a[4];

    if (cell == CM_EMPTY || CM_CELL_SEAT(cell) == seat) {
        if (size > 0)
            buf[0] = '\0';
        return 0;
    }
    int owner = CM_CELL_SEAT(cell);
    return (size_t)snprintf(buf, size, "the %s on %s is %s's%s; it is %s's turn",
                            cm_kind_name(cell), cm_square_name(sq, a), v->seat[owner].name,
                            cm_variant_partners(v, owner, seat) ? " (your partner's)" : "",
                            v->seat[seat].name);
}

/* The obligation as a sentence of its own, after another: capitalised. */
static void obligation_sentence(const CmPosition *pos, const CmObligation *ob, char *buf,
                                size_t size)
{
    cm_obligation_str(pos, ob, buf, size);
    if (buf[0] >= 'a' && buf[0] <= 'z')
        buf[0] = (char)(buf[0] - 'a' + 'A');
}

/* Whether the piece on 'from' has a legal move. */
static int has_move(const CmPosition *pos, CmSquare from)
{
    CmMove one[1];
    int overflow = 0;
    return cm_movegen_from(pos, from, one, 1, &overflow) > 0 || overflow;
}

size_t cm_pick_str(const CmPosition *pos, CmSquare sq, char *buf, size_t size)
{
    const CmVariant *v = pos->v;
    int seat = pos->to_move;
    char a[4], ob_text[CM_EXPLAIN_MAX];
    CmObligation ob;

    if (!cm_variant_on(v, sq))
        return (size_t)snprintf(buf, size, "that is not a square of the board");
    uint8_t cell = pos->board[sq];
    cm_square_name(sq, a);
    cm_movegen_obligation(pos, &ob);
    obligation_sentence(pos, &ob, ob_text, sizeof ob_text);
    if (cell == CM_EMPTY) {
        if (ob.kind != CM_OBLIGE_NONE)
            return (size_t)snprintf(buf, size, "%s is empty. %s", a, ob_text);
        return (size_t)snprintf(buf, size, "%s is empty: pick one of %s's pieces to move", a,
                                v->seat[seat].name);
    }
    if (CM_CELL_SEAT(cell) != seat)
        return cm_owner_str(pos, sq, buf, size);
    if (ob.kind != CM_OBLIGE_NONE && !cm_set_has(&ob.pieces, sq))
        return (size_t)snprintf(buf, size, "the %s on %s may not move now. %s", cm_kind_name(cell),
                                a, ob_text);
    if (has_move(pos, sq)) {
        if (size > 0)
            buf[0] = '\0';
        return 0;
    }
    if (v->sqflags[seat][sq] & CM_SQ_TARGET) {
        if (v->rules.castle_moves == 0)
            return (size_t)snprintf(buf, size,
                                    "the %s on %s is in the opponent's castle, which it can "
                                    "never leave",
                                    cm_kind_name(cell), a);
        return (size_t)snprintf(buf, size, "the %s on %s can never leave the opponent's castle%s",
                                cm_kind_name(cell), a,
                                pos->castle_used[seat] >= v->rules.castle_moves
                                    ? ", and no castle moves are left"
                                    : ", and the other castle square is taken");
    }
    return (size_t)snprintf(buf, size, "the %s on %s has no legal move from there",
                            cm_kind_name(cell), a);
}
