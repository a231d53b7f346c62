/* Position documents: reading a position from YAML (or JSON) and writing it back.
 *
 *     variant: camelot             # resolved by the caller's callback; else the fallback
 *     to_move: W                   # a seat letter, either case
 *     pieces: {E6: WK, F7: WM}     # square: seat letter + K (knight) or M (man), either case
 *     castle_moves_used: {B: 1}    # optional; a seat left out has used none
 *     quiet_plies: 12              # optional, default 0: plies since the last capture or
 *                                  # entry into a target castle ('CmPosition.quiet')
 *
 * SPDX-License-Identifier: MIT */
#include "camelot/posdoc.h"
#include "camelot/error.h"
#include "posdoc_int.h"
#include "yamltree_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

_Static_assert(CM_POSDOC_MAX_BYTES == CM_YAML_MAX_BYTES, "position document size limit");

/* "W, B": the seat letters of 'v', for messages. */
static const char *seat_list(const CmVariant *v, char *buf)
{
    int n = 0;
    for (int s = 0; s < v->nseats; s++) {
        if (s > 0) {
            buf[n++] = ',';
            buf[n++] = ' ';
        }
        buf[n++] = v->seat[s].letter;
    }
    buf[n] = '\0';
    return buf;
}

/* Reads a seat letter (either case) of 'v' from scalar 'node'. */
static CmStatus read_seat(const CmVariant *v, const CmYNode *node, const char *what, int *s_out,
                          CmError *err)
{
    char got[64], seats[3 * CM_MAX_SEATS];
    int s;
    if (node->kind != CM_Y_SCALAR || node->len != 1)
        return cm_ytree_fail(err, CM_ERR_SCHEMA, node, "expected a seat letter for %s, got %s",
                             what, cm_ytree_describe(node, got, sizeof got));
    s = cm_variant_seat(v, node->text[0]);
    if (s < 0)
        return cm_ytree_fail(err, CM_ERR_SCHEMA, node,
                             "'%c' is not a seat of this variant (seats: %s)", node->text[0],
                             seat_list(v, seats));
    *s_out = s;
    return CM_OK;
}

/* Whether the 'n' bytes of 'text' end in 'end'. */
static int ends_in(const char *text, size_t n, const char *end)
{
    size_t k = strlen(end);
    return n > k && memcmp(text + n - k, end, k) == 0;
}

static CmStatus find_variant(const CmYNode *node, CmVariantResolver resolve, void *ud,
                             const CmVariant *fallback, const CmVariant **v_out, CmError *err)
{
    CmStatus st = cm_ytree_expect(node, CM_Y_SCALAR, "'variant'", err);
    const CmVariant *v;
    if (st != CM_OK)
        return st;
    /* A path names a variant file, and nothing else: a document must not have any file of the
     * system read (and a line of it quoted in the error). */
    if (memchr(node->text, '/', node->len) != NULL && !ends_in(node->text, node->len, ".yaml") &&
        !ends_in(node->text, node->len, ".yml"))
        return cm_ytree_fail(err, CM_ERR_SCHEMA, node,
                             "variant '%.60s' is a path, and the name of a variant file ends in "
                             "'.yaml' or '.yml'",
                             node->text);
    if (resolve == NULL) {
        /* Without a resolver only the fallback's own name can be honoured. */
        if (fallback != NULL && strlen(fallback->name) == node->len &&
            strcmp(fallback->name, node->text) == 0) {
            *v_out = fallback;
            return CM_OK;
        }
        return cm_ytree_fail(err, CM_ERR_SCHEMA, node, "variant '%.60s' is not available here",
                             node->text);
    }
    CmError rerr;
    cm_error_init(&rerr, NULL);
    v = resolve(ud, node->text, &rerr);
    if (v == NULL)
        return cm_error_set(err, rerr.code != CM_OK ? rerr.code : CM_ERR_SCHEMA, node->line,
                            node->col, "%s", rerr.msg[0] ? rerr.msg : "no variant of that name");
    *v_out = v;
    return CM_OK;
}

/* Reads 'pieces': square -> cell text. */
static CmStatus read_pieces(CmPosition *pos, const CmYNode *map, CmError *err)
{
    const CmVariant *v = pos->v;
    const CmYNode *first[CM_SQUARES] = {0};
    int count = 0;
    CmStatus st = cm_ytree_expect(map, CM_Y_MAP, "'pieces'", err);
    if (st != CM_OK)
        return st;
    for (size_t k = 0; k + 1 < map->n; k += 2) {
        const CmYNode *key = map->kid[k], *val = map->kid[k + 1];
        char got[64], name[4], seats[3 * CM_MAX_SEATS];
        CmSquare sq;
        int s, kind;

        if (cm_square_parse(key->text, &sq) != (int)key->len || key->len == 0)
            return cm_ytree_fail(err, CM_ERR_SCHEMA, key, "%s is not a square name",
                                 cm_ytree_describe(key, got, sizeof got));
        if (!cm_variant_on(v, sq))
            return cm_ytree_fail(err, CM_ERR_SCHEMA, key, "%s is not a square of this board",
                                 cm_ytree_describe(key, got, sizeof got));
        if (first[sq] != NULL)
            return cm_ytree_fail(err, CM_ERR_SCHEMA, key, "two pieces on %s (the first at line %d)",
                                 cm_square_name(sq, name), first[sq]->line);
        if (count == CM_MAX_PIECES)
            return cm_ytree_fail(err, CM_ERR_SCHEMA, key, "too many pieces (at most %d)",
                                 CM_MAX_PIECES);
        first[sq] = key;

        if (val->kind != CM_Y_SCALAR || val->len != 2 || strchr("KkMm", val->text[1]) == NULL ||
            val->text[1] == '\0')
            return cm_ytree_fail(
                err, CM_ERR_SCHEMA, val,
                "%s is not a piece; write a seat letter and K (knight) or M (man), "
                "e.g. 'WK'",
                cm_ytree_describe(val, got, sizeof got));
        s = cm_variant_seat(v, val->text[0]);
        if (s < 0)
            return cm_ytree_fail(err, CM_ERR_SCHEMA, val,
                                 "'%c' in '%s' is not a seat of this variant (seats: %s)",
                                 val->text[0], val->text, seat_list(v, seats));
        kind = val->text[1] == 'K' || val->text[1] == 'k' ? CM_KNIGHT : CM_MAN;
        cm_pos_put(pos, sq, CM_CELL(s, kind));
        count++;
    }
    return CM_OK;
}

/* Reads 'castle_moves_used': seat letter -> moves made. */
static CmStatus read_castle_used(CmPosition *pos, const CmYNode *map, CmError *err)
{
    const CmYNode *first[CM_MAX_SEATS] = {0};
    CmStatus st = cm_ytree_expect(map, CM_Y_MAP, "'castle_moves_used'", err);
    if (st != CM_OK)
        return st;
    for (size_t k = 0; k + 1 < map->n; k += 2) {
        const CmYNode *key = map->kid[k];
        char what[40];
        int s, used;
        st = read_seat(pos->v, key, "castle_moves_used", &s, err);
        if (st != CM_OK)
            return st;
        if (first[s] != NULL)
            return cm_ytree_fail(err, CM_ERR_SCHEMA, key,
                                 "seat '%c' is given twice (the first at line %d)",
                                 pos->v->seat[s].letter, first[s]->line);
        first[s] = key;
        snprintf(what, sizeof what, "castle_moves_used for '%c'", pos->v->seat[s].letter);
        st = cm_ytree_int(map->kid[k + 1], what, 0, pos->v->rules.castle_moves, &used, err);
        if (st != CM_OK)
            return st;
        cm_pos_set_castle_used(pos, s, used);
    }
    return CM_OK;
}

CmStatus cm_posdoc_read(const CmYNode *root, CmVariantResolver resolve, void *ud,
                        const CmVariant *fallback, CmPosition *out, CmError *err)
{
    CmYField f[] = {
        {"variant", NULL, NULL},           {"to_move", NULL, NULL},     {"pieces", NULL, NULL},
        {"castle_moves_used", NULL, NULL}, {"quiet_plies", NULL, NULL},
    };
    const CmVariant *v = fallback;
    CmPosition pos;
    char got[64];
    int seat, quiet = 0;
    CmStatus st;

    if (cm_ytree_is_null(root))
        return cm_error_set(err, CM_ERR_SCHEMA, root ? root->line : 1, root ? root->col : 1,
                            "position document is empty");
    if (root->kind != CM_Y_MAP)
        return cm_error_set(err, CM_ERR_SCHEMA, root->line, root->col,
                            "expected a mapping of keys such as 'to_move:' and 'pieces:', got %s",
                            cm_ytree_describe(root, got, sizeof got));
    st = cm_ytree_fields(root, NULL, f, (int)(sizeof f / sizeof f[0]), err);
    if (st == CM_OK && f[0].val != NULL)
        st = find_variant(f[0].val, resolve, ud, fallback, &v, err);
    else if (st == CM_OK && fallback == NULL)
        st = cm_ytree_missing(root, NULL, "variant", err);
    if (st == CM_OK && f[1].val == NULL)
        st = cm_ytree_missing(root, NULL, "to_move", err);
    if (st != CM_OK)
        return st;

    cm_pos_clear(&pos, v);
    st = read_seat(v, f[1].val, "to_move", &seat, err);
    if (st == CM_OK && f[2].val == NULL)
        st = cm_ytree_missing(root, NULL, "pieces", err);
    if (st != CM_OK)
        return st;
    cm_pos_set_turn(&pos, seat);
    st = read_pieces(&pos, f[2].val, err);
    if (st == CM_OK && f[3].val != NULL)
        st = read_castle_used(&pos, f[3].val, err);
    if (st == CM_OK && f[4].val != NULL)
        st = cm_ytree_int(f[4].val, "quiet_plies", 0, UINT16_MAX, &quiet, err);
    if (st != CM_OK)
        return st;
    pos.quiet = (uint16_t)quiet;
    *out = pos;
    return CM_OK;
}

CmStatus cm_posdoc_parse(const char *text, size_t len, CmVariantResolver resolve, void *ud,
                         const CmVariant *fallback, CmPosition *out, CmError *err)
{
    CmYNode *root = NULL;
    CmStatus st = cm_ytree_parse(text, len, &root, err);
    if (st == CM_OK && cm_ytree_is_null(root))
        st = cm_error_set(err, CM_ERR_SCHEMA, 1, 1, "position document is empty");
    else if (st == CM_OK)
        st = cm_posdoc_read(root, resolve, ud, fallback, out, err);
    cm_ytree_free(root);
    return st;
}

void cm_out_put(CmOut *o, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    if (o->len < o->size)
        n = vsnprintf(o->buf + o->len, o->size - o->len, fmt, ap);
    else
        n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    o->len += (size_t)n;
}

void cm_out_scalar(CmOut *o, const char *ref)
{
    int plain = ref[0] != '\0';
    for (const char *p = ref; *p && plain; p++) {
        char c = *p;
        plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '_' || c == '/' || c == '.' || (c == '-' && p != ref);
    }
    if (plain) {
        cm_out_put(o, "%s", ref);
        return;
    }
    cm_out_put(o, "\"");
    for (const unsigned char *p = (const unsigned char *)ref; *p; p++) {
        if (*p == '"' || *p == '\\')
            cm_out_put(o, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f)
            cm_out_put(o, "\\x%02X", *p);
        else
            cm_out_put(o, "%c", *p);
    }
    cm_out_put(o, "\"");
}

/* The body of a position document, after its 'variant' line: block style ('flow' 0, pieces
 * wrapped before column 100) or all on one line between braces ('flow' 1). */
static void put_position(CmOut *o, const CmPosition *pos, int flow)
{
    const CmVariant *v = pos->v;
    const char *sep = flow ? ", " : "\n";
    size_t line_start;
    int n = 0;

    cm_out_put(o, "to_move: %c%s", v->seat[pos->to_move].letter, sep);

    /* Pieces by square index (rank by rank from rank 1). */
    line_start = o->len;
    cm_out_put(o, "pieces: {");
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        uint8_t c = pos->board[sq];
        char name[4];
        if (c == CM_EMPTY)
            continue;
        if (n++ > 0) {
            cm_out_put(o, ",");
            if (!flow && o->len - line_start > 88) {
                line_start = o->len + 1;
                cm_out_put(o, "\n ");
            }
            cm_out_put(o, " ");
        }
        cm_out_put(o, "%s: %c%c", cm_square_name((CmSquare)sq, name),
                   v->seat[CM_CELL_SEAT(c)].letter, CM_CELL_KIND(c) == CM_KNIGHT ? 'K' : 'M');
    }
    cm_out_put(o, "}");

    /* Only seats that have used castle moves; the key is left out when none has. */
    n = 0;
    for (int s = 0; s < v->nseats; s++) {
        if (pos->castle_used[s] == 0)
            continue;
        cm_out_put(o, n++ > 0 ? ", " : "%scastle_moves_used: {", sep);
        cm_out_put(o, "%c: %d", v->seat[s].letter, pos->castle_used[s]);
    }
    if (n > 0)
        cm_out_put(o, "}");
    if (pos->quiet != 0)
        cm_out_put(o, "%squiet_plies: %d", sep, pos->quiet);
    if (!flow)
        cm_out_put(o, "\n");
}

size_t cm_posdoc_write(const CmPosition *pos, const char *variant_ref, char *buf, size_t size)
{
    CmOut o = {buf, size, 0};

    if (size > 0)
        buf[0] = '\0';
    cm_out_put(&o, "variant: ");
    cm_out_scalar(&o, variant_ref != NULL ? variant_ref : pos->v->name);
    cm_out_put(&o, "\n");
    put_position(&o, pos, 0);
    return o.len;
}

size_t cm_posdoc_write_line(const CmPosition *pos, char *buf, size_t size)
{
    CmOut o = {buf, size, 0};

    if (size > 0)
        buf[0] = '\0';
    cm_out_put(&o, "{");
    put_position(&o, pos, 1);
    cm_out_put(&o, "}");
    return o.len;
}
