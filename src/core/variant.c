/* The variant file loader: YAML text (see docs/variants.md) to a checked 'CmVariant', with a
 * line, a column and a plain-words reason for every mistake.
 * SPDX-License-Identifier: MIT */
#include "camelot/variant.h"
#include "camelot/error.h"
#include "yamltree_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(CM_VARIANT_MAX_BYTES == CM_YAML_MAX_BYTES, "variant size limit");

/* A seat as written in the file, before it is put in turn order. */
typedef struct SeatIn {
    const CmYNode *letter_node;
    const CmYNode *target_node; /* NULL: no target */
    char letter;                /* 'A' .. 'Z' */
    int turn;                   /* place in 'turn_order', -1 until read */
    int team;                   /* team index, -1 until read */
} SeatIn;

/* The loader's state. 'CmVariant' seats are in turn order, so pieces and castles are first
 * kept by file seat index and moved into place at the end. */
typedef struct Loader {
    CmVariant *v;
    CmError *err;
    int nseats;
    SeatIn seat[CM_MAX_SEATS];
    CmSeat cs[CM_MAX_SEATS];              /* by file seat index; 'team'/'target' set last */
    const CmYNode *castle_at[CM_SQUARES]; /* where a castle square was first named */
    int castle_of[CM_SQUARES];            /* ... and by which file seat */
    const CmYNode *piece_at[CM_SQUARES];  /* where a piece was first placed */
    uint8_t piece[CM_SQUARES];            /* 'CM_CELL(file seat, kind)' */
    int npieces;
    const CmYNode *no_moves_node; /* the 'no_moves' value, or NULL */
} Loader;

static CmStatus fail(Loader *ld, const CmYNode *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Fails with CM_ERR_SCHEMA at node 'at'. */
static CmStatus fail(Loader *ld, const CmYNode *at, const char *fmt, ...)
{
    char msg[sizeof((CmError *)NULL)->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return cm_error_set(ld->err, CM_ERR_SCHEMA, at->line, at->col, "%s", msg);
}

/* Reads text of at most 'max' bytes without control characters into 'buf'. */
static CmStatus read_text(Loader *ld, const CmYNode *node, const char *what, char *buf, size_t max)
{
    CmStatus st = cm_ytree_expect(node, CM_Y_SCALAR, what, ld->err);
    if (st != CM_OK)
        return st;
    if (node->len == 0)
        return fail(ld, node, "%s is empty", what);
    if (node->len > max)
        return fail(ld, node, "%s is too long (at most %zu bytes)", what, max);
    for (size_t i = 0; i < node->len; i++) {
        unsigned char c = (unsigned char)node->text[i];
        if (c < 0x20 || c == 0x7f)
            return fail(ld, node, "%s has a control character", what);
    }
    memcpy(buf, node->text, node->len);
    buf[node->len] = '\0';
    return CM_OK;
}

static CmStatus read_name(Loader *ld, const CmYNode *node)
{
    CmStatus st = read_text(ld, node, "name", ld->v->name, sizeof ld->v->name - 1);
    if (st != CM_OK)
        return st;
    for (size_t i = 0; i < node->len; i++) {
        char c = node->text[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
            return fail(ld, node, "name '%s' may only use a-z, 0-9 and '-'", ld->v->name);
    }
    return CM_OK;
}

/* Describes byte 'c' of a board row for a message. */
static void describe_char(unsigned char c, char *buf, size_t size)
{
    if (c == '\t')
        snprintf(buf, size, "a tab");
    else if (c > 0x20 && c < 0x7f)
        snprintf(buf, size, "the character '%c'", c);
    else
        snprintf(buf, size, "the byte 0x%02X", c);
}

/* The column of byte 'i' of a one-line scalar written without escapes, else the node's. */
static int char_col(const CmYNode *node, size_t i)
{
    int open = node->style == CM_Y_SQUOTED || node->style == CM_Y_DQUOTED;
    if (node->style == CM_Y_BLOCK || node->end_line != node->line ||
        (size_t)(node->end_col - node->col) != node->len + (open ? 2u : 0u))
        return node->col;
    return node->col + open + (int)i;
}

/* 1. The board: rows top rank first, '.' a square, ' ' none. */
static CmStatus read_board(Loader *ld, const CmYNode *board)
{
    CmVariant *v = ld->v;
    CmStatus st = cm_ytree_expect(board, CM_Y_SEQ, "'board'", ld->err);
    if (st != CM_OK)
        return st;
    if (board->n > CM_MAX_RANKS)
        return fail(ld, board->kid[CM_MAX_RANKS], "the board has more than %d rows", CM_MAX_RANKS);
    v->ranks = (int)board->n;
    v->files = 0;
    for (size_t i = 0; i < board->n; i++) {
        const CmYNode *row = board->kid[i];
        int r = (int)(board->n - 1 - i), width = 0;
        char what[32];
        snprintf(what, sizeof what, "board row %zu", i + 1);
        st = cm_ytree_expect(row, CM_Y_SCALAR, what, ld->err);
        if (st != CM_OK)
            return st;
        for (size_t j = 0; j < row->len; j++) {
            unsigned char c = (unsigned char)row->text[j];
            if (c != '.' && c != ' ') {
                char desc[32];
                describe_char(c, desc, sizeof desc);
                return cm_error_set(ld->err, CM_ERR_SCHEMA, row->line, char_col(row, j),
                                    "board row %zu has %s; use '.' for a square and ' ' for none",
                                    i + 1, desc);
            }
            if (c == '.') {
                if (j >= CM_MAX_FILES)
                    return cm_error_set(ld->err, CM_ERR_SCHEMA, row->line, char_col(row, j),
                                        "board row %zu is wider than %d squares", i + 1,
                                        CM_MAX_FILES);
                cm_set_add(&v->board, CM_SQ(j, r));
                width = (int)j + 1;
            }
        }
        if (width == 0)
            return fail(ld, row, "board row %zu has no squares", i + 1);
        if (width > v->files)
            v->files = width;
    }
    if (v->ranks == 0)
        return fail(ld, board, "the board has no rows");
    return CM_OK;
}

/* Reads a square name of this board from scalar 'node'. 'what' starts the "not on the board"
 * message, e.g. "castle square". */
static CmStatus read_square(Loader *ld, const CmYNode *node, const char *what, CmSquare *sq_out)
{
    char got[64];
    CmSquare sq;
    if (node->kind != CM_Y_SCALAR || cm_ytree_is_null(node))
        return fail(ld, node, "expected a square name, got %s",
                    cm_ytree_describe(node, got, sizeof got));
    if (cm_square_parse(node->text, &sq) != (int)node->len || node->len == 0)
        return fail(ld, node, "%s is not a square name", cm_ytree_describe(node, got, sizeof got));
    if (!cm_variant_on(ld->v, sq))
        return fail(ld, node, "%s %s is not on the board", what,
                    cm_ytree_describe(node, got, sizeof got));
    *sq_out = sq;
    return CM_OK;
}

static CmStatus read_castle(Loader *ld, int s, const CmYNode *list)
{
    CmSeat *cs = &ld->cs[s];
    CmStatus st = cm_ytree_expect(list, CM_Y_SEQ, "'castle'", ld->err);
    if (st != CM_OK)
        return st;
    if (list->n < 1 || list->n > CM_MAX_CASTLE)
        return fail(ld, list, "a castle has 1 to %d squares, not %zu", CM_MAX_CASTLE, list->n);
    for (size_t i = 0; i < list->n; i++) {
        CmSquare sq = 0;
        char name[4];
        st = read_square(ld, list->kid[i], "castle square", &sq);
        if (st != CM_OK)
            return st;
        if (ld->castle_at[sq] != NULL && ld->castle_of[sq] == s)
            return fail(ld, list->kid[i], "castle square %s is listed twice (the first at line %d)",
                        cm_square_name(sq, name), ld->castle_at[sq]->line);
        if (ld->castle_at[sq] != NULL)
            return fail(ld, list->kid[i], "square %s is in two castles (the first at line %d)",
                        cm_square_name(sq, name), ld->castle_at[sq]->line);
        if (ld->piece_at[sq] != NULL)
            return fail(ld, list->kid[i],
                        "a piece and a castle share square %s (the piece at line %d)",
                        cm_square_name(sq, name), ld->piece_at[sq]->line);
        ld->castle_at[sq] = list->kid[i];
        ld->castle_of[sq] = s;
        cs->castle[cs->ncastle++] = sq;
    }
    return CM_OK;
}

static CmStatus read_pieces(Loader *ld, int s, int kind, const CmYNode *list)
{
    CmStatus st =
        cm_ytree_expect(list, CM_Y_SEQ, kind == CM_KNIGHT ? "'knights'" : "'men'", ld->err);
    if (st != CM_OK)
        return st;
    for (size_t i = 0; i < list->n; i++) {
        const CmYNode *node = list->kid[i];
        char got[64], name[4];
        CmSquare sq;
        if (node->kind != CM_Y_SCALAR || cm_ytree_is_null(node))
            return fail(ld, node, "expected a square name, got %s",
                        cm_ytree_describe(node, got, sizeof got));
        if (cm_square_parse(node->text, &sq) != (int)node->len || node->len == 0)
            return fail(ld, node, "%s is not a square name",
                        cm_ytree_describe(node, got, sizeof got));
        if (!cm_variant_on(ld->v, sq))
            return fail(ld, node, "%s is not a square of this board",
                        cm_ytree_describe(node, got, sizeof got));
        if (ld->piece_at[sq] != NULL)
            return fail(ld, node, "two pieces on %s (the first at line %d)",
                        cm_square_name(sq, name), ld->piece_at[sq]->line);
        if (ld->castle_at[sq] != NULL)
            return fail(ld, node, "a piece and a castle share square %s (the castle at line %d)",
                        cm_square_name(sq, name), ld->castle_at[sq]->line);
        if (ld->npieces == CM_MAX_PIECES)
            return fail(ld, node, "too many pieces (at most %d)", CM_MAX_PIECES);
        ld->piece_at[sq] = node;
        ld->piece[sq] = CM_CELL(s, kind);
        ld->npieces++;
    }
    return CM_OK;
}

/* The file index of the seat with letter 'c' (either case), or -1. */
static int seat_by_letter(const Loader *ld, char c)
{
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    for (int s = 0; s < ld->nseats; s++)
        if (ld->seat[s].letter == c)
            return s;
    return -1;
}

/* Reads a reference to a seat ('target', 'turn_order', 'teams'): one letter of a defined seat.
 * 'where' names the list it is in, e.g. "turn_order". */
static CmStatus read_seat_ref(Loader *ld, const CmYNode *node, const char *where, int *s_out)
{
    char got[64];
    int s;
    if (node->kind != CM_Y_SCALAR || node->len != 1 ||
        !((node->text[0] >= 'A' && node->text[0] <= 'Z') ||
          (node->text[0] >= 'a' && node->text[0] <= 'z')))
        return fail(ld, node, "expected a seat letter in %s, got %s", where,
                    cm_ytree_describe(node, got, sizeof got));
    s = seat_by_letter(ld, node->text[0]);
    if (s < 0)
        return fail(ld, node, "seat '%c' in %s is not defined",
                    node->text[0] >= 'a' ? node->text[0] - 'a' + 'A' : node->text[0], where);
    *s_out = s;
    return CM_OK;
}

/* 2. One seat: letter, name, castle, target, knights, men. */
static CmStatus read_seat(Loader *ld, int s, const CmYNode *node)
{
    CmYField f[] = {
        {"letter", NULL, NULL}, {"name", NULL, NULL},    {"castle", NULL, NULL},
        {"target", NULL, NULL}, {"knights", NULL, NULL}, {"men", NULL, NULL},
    };
    SeatIn *in = &ld->seat[s];
    const CmYNode *ln;
    char got[64];
    CmStatus st = cm_ytree_expect(node, CM_Y_MAP, "a seat", ld->err);
    if (st == CM_OK)
        st = cm_ytree_fields(node, "seat", f, (int)(sizeof f / sizeof f[0]), ld->err);
    if (st != CM_OK)
        return st;

    in->turn = in->team = -1;
    if (f[0].val == NULL)
        return cm_ytree_missing(node, "seat", "letter", ld->err);
    ln = in->letter_node = f[0].val;
    if (ln->kind != CM_Y_SCALAR || ln->len != 1 || ln->text[0] < 'A' || ln->text[0] > 'Z')
        return fail(ld, ln, "a seat letter must be one upper-case letter A-Z, not %s",
                    cm_ytree_describe(ln, got, sizeof got));
    for (int o = 0; o < s; o++)
        if (ld->seat[o].letter == ln->text[0])
            return fail(ld, ln, "seat letter '%c' is used twice (the first at line %d)",
                        ln->text[0], ld->seat[o].letter_node->line);
    in->letter = ln->text[0];
    ld->cs[s].letter = in->letter;
    ld->nseats = s + 1;

    if (f[1].val == NULL)
        return cm_ytree_missing(node, "seat", "name", ld->err);
    st = read_text(ld, f[1].val, "seat name", ld->cs[s].name, sizeof ld->cs[s].name - 1);
    if (st == CM_OK && f[2].val != NULL)
        st = read_castle(ld, s, f[2].val);
    if (st == CM_OK && f[4].val != NULL)
        st = read_pieces(ld, s, CM_KNIGHT, f[4].val);
    if (st == CM_OK && f[5].val != NULL)
        st = read_pieces(ld, s, CM_MAN, f[5].val);
    in->target_node = f[3].val;
    return st;
}

/* 3. Targets, once every seat is known. */
static CmStatus read_targets(Loader *ld)
{
    for (int s = 0; s < ld->nseats; s++) {
        const CmYNode *node = ld->seat[s].target_node;
        int t;
        ld->cs[s].target = -1;
        if (node == NULL)
            continue;
        CmStatus st = read_seat_ref(ld, node, "target", &t);
        if (st != CM_OK)
            return st;
        if (t == s)
            return fail(ld, node, "seat '%c' cannot target its own castle", ld->seat[s].letter);
        if (ld->cs[t].ncastle == 0)
            return fail(ld, node, "seat '%c' has no castle to target", ld->seat[t].letter);
        ld->cs[s].target = t;
    }
    return CM_OK;
}

static CmStatus read_seats(Loader *ld, const CmYNode *list)
{
    CmStatus st = cm_ytree_expect(list, CM_Y_SEQ, "'seats'", ld->err);
    if (st != CM_OK)
        return st;
    if (list->n > CM_MAX_SEATS)
        return fail(ld, list, "a variant has 2 to %d seats, not %zu", CM_MAX_SEATS, list->n);
    for (size_t i = 0; i < list->n; i++) {
        st = read_seat(ld, (int)i, list->kid[i]);
        if (st != CM_OK)
            return st;
    }
    if (list->n < 2)
        return fail(ld, list, "a variant has 2 to %d seats, not %zu", CM_MAX_SEATS, list->n);
    return read_targets(ld);
}

/* 4. Turn order: every seat once. */
static CmStatus read_turn_order(Loader *ld, const CmYNode *list)
{
    CmStatus st = cm_ytree_expect(list, CM_Y_SEQ, "'turn_order'", ld->err);
    if (st != CM_OK)
        return st;
    for (size_t i = 0; i < list->n; i++) {
        int s;
        st = read_seat_ref(ld, list->kid[i], "turn_order", &s);
        if (st != CM_OK)
            return st;
        if (ld->seat[s].turn >= 0)
            return fail(ld, list->kid[i], "seat '%c' is twice in turn_order", ld->seat[s].letter);
        ld->seat[s].turn = (int)i;
    }
    for (int s = 0; s < ld->nseats; s++)
        if (ld->seat[s].turn < 0)
            return fail(ld, list, "seat '%c' is missing from turn_order", ld->seat[s].letter);
    return CM_OK;
}

/* 5. Teams: by default each seat alone. */
static CmStatus read_teams(Loader *ld, const CmYNode *list, int *nteams_out)
{
    CmStatus st;
    if (list == NULL) {
        for (int s = 0; s < ld->nseats; s++)
            ld->seat[s].team = ld->seat[s].turn;
        *nteams_out = ld->nseats;
        return CM_OK;
    }
    st = cm_ytree_expect(list, CM_Y_SEQ, "'teams'", ld->err);
    if (st != CM_OK)
        return st;
    for (size_t t = 0; t < list->n; t++) {
        const CmYNode *team = list->kid[t];
        st = cm_ytree_expect(team, CM_Y_SEQ, "a team", ld->err);
        if (st != CM_OK)
            return st;
        if (team->n == 0)
            return fail(ld, team, "a team needs at least one seat");
        for (size_t i = 0; i < team->n; i++) {
            int s;
            st = read_seat_ref(ld, team->kid[i], "teams", &s);
            if (st != CM_OK)
                return st;
            if (ld->seat[s].team >= 0)
                return fail(ld, team->kid[i], "seat '%c' is in two teams", ld->seat[s].letter);
            ld->seat[s].team = (int)t;
        }
    }
    for (int s = 0; s < ld->nseats; s++)
        if (ld->seat[s].team < 0)
            return fail(ld, list, "seat '%c' is in no team", ld->seat[s].letter);
    if (list->n < 2)
        return fail(ld, list, "a variant needs at least 2 teams, not %zu", list->n);
    *nteams_out = (int)list->n;
    return CM_OK;
}

/* 6. Rule switches. */
static CmStatus read_rules(Loader *ld, const CmYNode *map)
{
    CmRules *r = &ld->v->rules;
    CmYField f[] = {
        {"castle_win", NULL, NULL}, {"castle_moves", NULL, NULL},  {"elimination_min", NULL, NULL},
        {"no_moves", NULL, NULL},   {"stalemate_min", NULL, NULL}, {"material_draw", NULL, NULL},
        {"repetition", NULL, NULL}, {"fifty_move", NULL, NULL},
    };
    CmStatus st;
    long val;

    r->castle_win = 1;
    r->castle_moves = 0;
    r->elimination_min = 1;
    r->no_moves = CM_NOMOVE_LOSE;
    r->stalemate_min = 1;
    r->material_draw = -1;
    r->repetition = 0;
    r->fifty_move = 0;
    if (map == NULL)
        return CM_OK;
    st = cm_ytree_expect(map, CM_Y_MAP, "'rules'", ld->err);
    if (st == CM_OK)
        st = cm_ytree_fields(map, "rules", f, (int)(sizeof f / sizeof f[0]), ld->err);
    if (st == CM_OK && f[0].val)
        st = cm_ytree_int(f[0].val, "castle_win", 0, 8, &r->castle_win, ld->err);
    if (st == CM_OK && f[1].val)
        st = cm_ytree_int(f[1].val, "castle_moves", 0, CM_MAX_CASTLE_MOVES, &r->castle_moves,
                          ld->err);
    if (st == CM_OK && f[2].val)
        st = cm_ytree_int(f[2].val, "elimination_min", 1, CM_MAX_PIECES, &r->elimination_min,
                          ld->err);
    if (st == CM_OK && f[3].val) {
        const CmYNode *n = f[3].val;
        char got[64];
        ld->no_moves_node = n;
        if (n->kind == CM_Y_SCALAR && strcmp(n->text, "lose") == 0 && n->len == 4)
            r->no_moves = CM_NOMOVE_LOSE;
        else if (n->kind == CM_Y_SCALAR && strcmp(n->text, "skip") == 0 && n->len == 4)
            r->no_moves = CM_NOMOVE_SKIP;
        else
            st = fail(ld, n, "no_moves must be 'lose' or 'skip', not %s",
                      cm_ytree_describe(n, got, sizeof got));
    }
    if (st == CM_OK && f[4].val)
        st = cm_ytree_int(f[4].val, "stalemate_min", 0, CM_MAX_PIECES, &r->stalemate_min, ld->err);
    if (st == CM_OK && f[5].val) {
        const CmYNode *n = f[5].val;
        char got[64];
        if (n->kind == CM_Y_SCALAR && n->len == 5 && strcmp(n->text, "never") == 0)
            r->material_draw = -1;
        else if (cm_ytree_is_int(n, &val) && val >= 0 && val <= CM_MAX_PIECES)
            r->material_draw = (int)val;
        else
            st = fail(ld, n, "material_draw must be a number from 0 to %d or 'never', not %s",
                      CM_MAX_PIECES, cm_ytree_describe(n, got, sizeof got));
    }
    if (st == CM_OK && f[6].val) {
        const CmYNode *n = f[6].val;
        if (cm_ytree_is_int(n, &val) && !(val == 0 || (val >= 2 && val <= 100)))
            st = fail(ld, n, "repetition must be 0 (never) or between 2 and 100");
        else
            st = cm_ytree_int(n, "repetition", 0, 100, &r->repetition, ld->err);
    }
    if (st == CM_OK && f[7].val)
        st = cm_ytree_int(f[7].val, "fifty_move", 0, 1000, &r->fifty_move, ld->err);
    return st;
}

/* 7. Seats into turn order, teams numbered, pieces and castles moved to their seat numbers. */
static void place(Loader *ld, int nteams)
{
    CmVariant *v = ld->v;
    int turn_of[CM_MAX_SEATS];
    for (int s = 0; s < ld->nseats; s++)
        turn_of[s] = ld->seat[s].turn;
    v->nseats = ld->nseats;
    v->nteams = nteams;
    for (int s = 0; s < ld->nseats; s++) {
        CmSeat *out = &v->seat[turn_of[s]];
        *out = ld->cs[s];
        out->team = ld->seat[s].team;
        out->target = ld->cs[s].target < 0 ? -1 : turn_of[ld->cs[s].target];
    }
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        uint8_t c = ld->piece[sq];
        v->start[sq] =
            c == CM_EMPTY ? CM_EMPTY : CM_CELL(turn_of[CM_CELL_SEAT(c)], CM_CELL_KIND(c));
    }
}

/* Fails with "missing key" unless the top-level key 'f' was found. */
static CmStatus required(const CmYNode *root, const CmYField *f, CmError *err)
{
    return f->val != NULL ? CM_OK : cm_ytree_missing(root, NULL, f->key, err);
}

CmStatus cm_variant_parse(const char *text, size_t len, CmVariant **out, CmError *err)
{
    CmYField f[] = {
        {"name", NULL, NULL},  {"title", NULL, NULL},      {"board", NULL, NULL},
        {"seats", NULL, NULL}, {"turn_order", NULL, NULL}, {"teams", NULL, NULL},
        {"rules", NULL, NULL},
    };
    CmYNode *root = NULL;
    Loader *ld = NULL;
    CmVariant *v = NULL;
    char got[64];
    int nteams = 0;
    CmStatus st = cm_ytree_parse(text, len, &root, err);
    if (st != CM_OK)
        goto out;
    if (cm_ytree_is_null(root)) {
        st = cm_error_set(err, CM_ERR_SCHEMA, 1, 1, "variant file is empty");
        goto out;
    }
    if (root->kind != CM_Y_MAP) {
        st = cm_error_set(err, CM_ERR_SCHEMA, root->line, root->col,
                          "expected a mapping of keys such as 'name:' and 'board:', got %s",
                          cm_ytree_describe(root, got, sizeof got));
        goto out;
    }
    st = cm_ytree_fields(root, NULL, f, (int)(sizeof f / sizeof f[0]), err);
    if (st != CM_OK)
        goto out;

    ld = calloc(1, sizeof *ld);
    v = calloc(1, sizeof *v);
    if (ld == NULL || v == NULL) {
        st = cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
        goto out;
    }
    ld->v = v;
    ld->err = err;

    /* A missing section is reported when its turn comes, so that errors come out roughly in
     * the order of the text. */
    st = required(root, &f[0], err);
    if (st == CM_OK)
        st = read_name(ld, f[0].val);
    if (st == CM_OK)
        st = required(root, &f[1], err);
    if (st == CM_OK)
        st = read_text(ld, f[1].val, "title", v->title, sizeof v->title - 1);
    if (st == CM_OK)
        st = required(root, &f[2], err);
    if (st == CM_OK)
        st = read_board(ld, f[2].val);
    if (st == CM_OK)
        st = required(root, &f[3], err);
    if (st == CM_OK)
        st = read_seats(ld, f[3].val);
    if (st == CM_OK)
        st = required(root, &f[4], err);
    if (st == CM_OK)
        st = read_turn_order(ld, f[4].val);
    if (st == CM_OK)
        st = read_teams(ld, f[5].val, &nteams);
    if (st == CM_OK)
        st = read_rules(ld, f[6].val);
    if (st != CM_OK)
        goto out;
    if (v->rules.no_moves == CM_NOMOVE_LOSE && nteams != 2) {
        if (ld->no_moves_node != NULL)
            st = fail(ld, ld->no_moves_node, "'lose' needs exactly two teams, not %d", nteams);
        else
            st = fail(ld, f[5].val ? f[5].val : f[3].val,
                      "there are %d teams, so the rules need 'no_moves: skip' ('lose', the "
                      "default, needs exactly two teams)",
                      nteams);
        goto out;
    }

    place(ld, nteams);
    cm_variant_finish(v);
    *out = v;
    v = NULL;

out:
    cm_variant_free(v);
    free(ld);
    cm_ytree_free(root);
    return st;
}
