/* YAML text to a small tree of scalars, lists and mappings, through libyaml's event API, with
 * limits on size, depth and node count, and no aliases (so nothing is ever expanded).
 * SPDX-License-Identifier: MIT */
#include "yamltree_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

/* The builder's state: the open lists and mappings, innermost last. */
typedef struct Builder {
    CmYNode *root;
    CmYNode *open[CM_YAML_MAX_DEPTH];
    int depth;                /* entries in 'open' */
    long nodes;               /* nodes made so far */
    int ndocs;                /* documents started */
    const CmYNode *dup;       /* earliest duplicate key found, or NULL */
    const CmYNode *dup_first; /* its first occurrence */
} Builder;

const char *cm_ytree_kind_name(CmYKind kind)
{
    switch (kind) {
    case CM_Y_SCALAR:
        return "a value";
    case CM_Y_SEQ:
        return "a list";
    case CM_Y_MAP:
        return "a mapping";
    default:
        return "a node";
    }
}

int cm_ytree_is_null(const CmYNode *node)
{
    if (node == NULL)
        return 1;
    if (node->kind != CM_Y_SCALAR || node->style != CM_Y_PLAIN)
        return 0;
    return node->len == 0 || strcmp(node->text, "~") == 0 || strcmp(node->text, "null") == 0 ||
           strcmp(node->text, "Null") == 0 || strcmp(node->text, "NULL") == 0;
}

void cm_ytree_free(CmYNode *root)
{
    if (root == NULL)
        return;
    /* Recursion is bounded by CM_YAML_MAX_DEPTH. */
    for (size_t i = 0; i < root->n; i++)
        cm_ytree_free(root->kid[i]);
    free(root->kid);
    free(root->text);
    free(root);
}

/* libyaml marks are 0-based; ours are 1-based. */
static int mark_line(yaml_mark_t m)
{
    return m.line < 100000000 ? (int)m.line + 1 : 0;
}

static int mark_col(yaml_mark_t m)
{
    return m.column < 100000000 ? (int)m.column + 1 : 0;
}

static int pos_before(const CmYNode *a, const CmYNode *b)
{
    return a->line < b->line || (a->line == b->line && a->col < b->col);
}

/* Orders mapping keys by text, then by place in the document. */
static int key_cmp(const void *pa, const void *pb)
{
    const CmYNode *a = *(const CmYNode *const *)pa;
    const CmYNode *b = *(const CmYNode *const *)pb;
    size_t n = a->len < b->len ? a->len : b->len;
    int c = memcmp(a->text, b->text, n);
    if (c != 0)
        return c;
    if (a->len != b->len)
        return a->len < b->len ? -1 : 1;
    return pos_before(a, b) ? -1 : pos_before(b, a) ? 1 : 0;
}

/* Finds the earliest repeated key of a finished mapping and remembers it in 'b' when it comes
 * before any duplicate seen so far. Sorting keeps this O(n log n) for huge mappings. */
static CmStatus check_dups(Builder *b, const CmYNode *map, CmError *err)
{
    size_t npairs = map->n / 2;
    if (npairs < 2)
        return CM_OK;
    const CmYNode **keys = malloc(npairs * sizeof *keys);
    if (keys == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    for (size_t i = 0; i < npairs; i++)
        keys[i] = map->kid[2 * i];
    qsort(keys, npairs, sizeof *keys, key_cmp);
    size_t first = 0;
    for (size_t i = 1; i < npairs; i++) {
        if (keys[i]->len == keys[first]->len &&
            memcmp(keys[i]->text, keys[first]->text, keys[i]->len) == 0) {
            if (b->dup == NULL || pos_before(keys[i], b->dup)) {
                b->dup = keys[i];
                b->dup_first = keys[first];
            }
        } else {
            first = i;
        }
    }
    free(keys);
    return CM_OK;
}

static CmStatus add_kid(CmYNode *parent, CmYNode *kid, CmError *err)
{
    if (parent->n == parent->cap) {
        size_t cap = parent->cap ? parent->cap * 2 : 4;
        CmYNode **k = realloc(parent->kid, cap * sizeof *k);
        if (k == NULL)
            return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
        parent->kid = k;
        parent->cap = cap;
    }
    parent->kid[parent->n++] = kid;
    return CM_OK;
}

/* Makes a node for a scalar, sequence-start or mapping-start event and hangs it in the tree.
 * On success '*node_out' is the new node (owned by the tree). */
static CmStatus new_node(Builder *b, const yaml_event_t *ev, CmYKind kind, CmYNode **node_out,
                         CmError *err)
{
    int line = mark_line(ev->start_mark), col = mark_col(ev->start_mark);
    CmYNode *parent = b->depth > 0 ? b->open[b->depth - 1] : NULL;

    if (b->nodes >= CM_YAML_MAX_NODES)
        return cm_error_set(err, CM_ERR_LIMIT, line, col, "too many YAML nodes (at most %d)",
                            CM_YAML_MAX_NODES);
    if (parent != NULL && parent->kind == CM_Y_MAP && parent->n % 2 == 0 && kind != CM_Y_SCALAR)
        return cm_error_set(err, CM_ERR_SCHEMA, line, col,
                            "a mapping key must be a single value, not %s",
                            cm_ytree_kind_name(kind));

    CmYNode *node = calloc(1, sizeof *node);
    if (node == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    node->kind = kind;
    node->line = line;
    node->col = col;
    node->end_line = mark_line(ev->end_mark);
    node->end_col = mark_col(ev->end_mark);
    if (kind == CM_Y_SCALAR) {
        size_t n = ev->data.scalar.length;
        switch (ev->data.scalar.style) {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE:
            node->style = CM_Y_SQUOTED;
            break;
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE:
            node->style = CM_Y_DQUOTED;
            break;
        case YAML_LITERAL_SCALAR_STYLE:
        case YAML_FOLDED_SCALAR_STYLE:
            node->style = CM_Y_BLOCK;
            break;
        default:
            node->style = CM_Y_PLAIN;
            break;
        }
        node->text = malloc(n + 1);
        if (node->text == NULL) {
            free(node);
            return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
        }
        if (n > 0)
            memcpy(node->text, ev->data.scalar.value, n);
        node->text[n] = '\0';
        node->len = n;
    }

    if (parent == NULL) {
        b->root = node;
    } else {
        CmStatus st = add_kid(parent, node, err);
        if (st != CM_OK) {
            cm_ytree_free(node);
            return st;
        }
    }
    b->nodes++;
    *node_out = node;
    return CM_OK;
}

/* Turns a byte offset into a 1-based line and column (columns count UTF-8 characters), for
 * reader errors, which libyaml reports by offset only. */
static void offset_pos(const char *text, size_t len, size_t off, int *line, int *col)
{
    int l = 1, c = 1;
    if (off > len)
        off = len;
    for (size_t i = 0; i < off; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == '\n') {
            l++;
            c = 1;
        } else if ((ch & 0xc0) != 0x80) {
            c++;
        }
    }
    *line = l;
    *col = c;
}

static CmStatus parser_error(const yaml_parser_t *p, const char *text, size_t len, CmError *err)
{
    int line, col;
    const char *problem = p->problem ? p->problem : "unknown problem";

    switch (p->error) {
    case YAML_MEMORY_ERROR:
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    case YAML_READER_ERROR:
        offset_pos(text, len, p->problem_offset, &line, &col);
        if (p->problem_value != -1)
            return cm_error_set(err, CM_ERR_SYNTAX, line, col, "%s (#%X)", problem,
                                (unsigned)p->problem_value);
        return cm_error_set(err, CM_ERR_SYNTAX, line, col, "%s", problem);
    default:
        line = mark_line(p->problem_mark);
        col = mark_col(p->problem_mark);
        if (p->context != NULL)
            return cm_error_set(err, CM_ERR_SYNTAX, line, col, "%s (%s at line %d)", problem,
                                p->context, mark_line(p->context_mark));
        return cm_error_set(err, CM_ERR_SYNTAX, line, col, "%s", problem);
    }
}

/* Handles one event; sets '*done' at the end of the stream. */
static CmStatus on_event(Builder *b, const yaml_event_t *ev, int *done, CmError *err)
{
    CmYNode *node;
    CmStatus st;

    switch (ev->type) {
    case YAML_STREAM_END_EVENT:
        *done = 1;
        return CM_OK;
    case YAML_DOCUMENT_START_EVENT:
        if (++b->ndocs > 1)
            return cm_error_set(err, CM_ERR_SCHEMA, mark_line(ev->start_mark),
                                mark_col(ev->start_mark), "only one document is allowed");
        return CM_OK;
    case YAML_ALIAS_EVENT:
        return cm_error_set(err, CM_ERR_SCHEMA, mark_line(ev->start_mark), mark_col(ev->start_mark),
                            "aliases are not allowed");
    case YAML_SCALAR_EVENT:
        /* Values become C strings; a NUL inside one would silently cut it short. */
        if (memchr(ev->data.scalar.value, '\0', ev->data.scalar.length) != NULL)
            return cm_error_set(err, CM_ERR_SCHEMA, mark_line(ev->start_mark),
                                mark_col(ev->start_mark),
                                "a value may not contain a NUL character");
        return new_node(b, ev, CM_Y_SCALAR, &node, err);
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT:
        if (b->depth >= CM_YAML_MAX_DEPTH)
            return cm_error_set(
                err, CM_ERR_LIMIT, mark_line(ev->start_mark), mark_col(ev->start_mark),
                "lists and mappings are nested too deeply (at most %d levels)", CM_YAML_MAX_DEPTH);
        st = new_node(b, ev, ev->type == YAML_SEQUENCE_START_EVENT ? CM_Y_SEQ : CM_Y_MAP, &node,
                      err);
        if (st != CM_OK)
            return st;
        b->open[b->depth++] = node;
        return CM_OK;
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        /* libyaml pairs start and end events, so 'depth' is positive here. */
        node = b->open[--b->depth];
        return node->kind == CM_Y_MAP ? check_dups(b, node, err) : CM_OK;
    default:
        return CM_OK;
    }
}

CmStatus cm_ytree_parse(const char *text, size_t len, CmYNode **root_out, CmError *err)
{
    yaml_parser_t parser;
    Builder b;
    CmStatus st = CM_OK;
    int done = 0;

    if (len > CM_YAML_MAX_BYTES)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "input is too large (%zu bytes; at most %d)",
                            len, CM_YAML_MAX_BYTES);
    if (text == NULL)
        text = "";
    memset(&b, 0, sizeof b);
    if (yaml_parser_initialize(&parser) != 1)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);

    while (!done) {
        yaml_event_t ev;
        if (yaml_parser_parse(&parser, &ev) != 1) {
            st = parser_error(&parser, text, len, err);
            goto out;
        }
        st = on_event(&b, &ev, &done, err);
        yaml_event_delete(&ev);
        if (st != CM_OK)
            goto out;
    }
    if (b.dup != NULL) {
        st = cm_error_set(err, CM_ERR_SCHEMA, b.dup->line, b.dup->col,
                          "duplicate key '%.60s' (first at line %d)", b.dup->text,
                          b.dup_first->line);
        goto out;
    }
    *root_out = b.root;
    b.root = NULL;

out:
    cm_ytree_free(b.root);
    yaml_parser_delete(&parser);
    return st;
}

const char *cm_ytree_describe(const CmYNode *node, char *buf, size_t size)
{
    char text[64];
    if (cm_ytree_is_null(node)) {
        snprintf(buf, size, "nothing");
    } else if (node->kind != CM_Y_SCALAR) {
        snprintf(buf, size, "%s", cm_ytree_kind_name(node->kind));
    } else {
        cm_text_escape(node->text, node->len < 37 ? node->len : 37, text, sizeof text);
        snprintf(buf, size, node->len > 40 ? "'%s...'" : "'%s'", text);
    }
    return buf;
}

CmStatus cm_ytree_fail(CmError *err, CmStatus code, const CmYNode *at, const char *fmt, ...)
{
    char msg[sizeof((CmError *)NULL)->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return cm_error_set(err, code, at->line, at->col, "%s", msg);
}

CmStatus cm_ytree_expect(const CmYNode *node, CmYKind kind, const char *what, CmError *err)
{
    char got[64];
    if (node->kind == kind && !cm_ytree_is_null(node))
        return CM_OK;
    return cm_error_set(err, CM_ERR_SCHEMA, node->line, node->col, "expected %s for %s, got %s",
                        kind == CM_Y_SCALAR ? "a single value" : cm_ytree_kind_name(kind), what,
                        cm_ytree_describe(node, got, sizeof got));
}

CmStatus cm_ytree_fields(const CmYNode *map, const char *where, CmYField *f, int nf, CmError *err)
{
    for (int i = 0; i < nf; i++)
        f[i].key_node = f[i].val = NULL;
    for (size_t k = 0; k + 1 < map->n; k += 2) {
        const CmYNode *key = map->kid[k];
        int i = 0;
        while (i < nf && !(strlen(f[i].key) == key->len && strcmp(f[i].key, key->text) == 0))
            i++;
        if (i == nf) {
            char keys[160], name[64];
            size_t used = 0;
            keys[0] = '\0';
            for (int j = 0; j < nf && used < sizeof keys; j++) {
                int w = snprintf(keys + used, sizeof keys - used, "%s%s", j ? ", " : "", f[j].key);
                used += w > 0 ? (size_t)w : 0;
            }
            return cm_error_set(err, CM_ERR_SCHEMA, key->line, key->col,
                                "unknown key %s%s%s (expected one of: %s)",
                                cm_ytree_describe(key, name, sizeof name), where ? " in " : "",
                                where ? where : "", keys);
        }
        f[i].key_node = key;
        f[i].val = map->kid[k + 1];
    }
    return CM_OK;
}

CmStatus cm_ytree_missing(const CmYNode *map, const char *where, const char *key, CmError *err)
{
    return cm_error_set(err, CM_ERR_SCHEMA, map->line, map->col, "missing key '%s'%s%s", key,
                        where ? " in " : "", where ? where : "");
}

int cm_ytree_is_int(const CmYNode *node, long *out)
{
    const char *s;
    size_t i = 0, n;
    long val = 0;
    int neg = 0;

    if (node->kind != CM_Y_SCALAR || node->style == CM_Y_BLOCK)
        return 0;
    s = node->text;
    n = node->len;
    if (i < n && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    if (i == n)
        return 0;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        if (val < 1000000000L)
            val = val * 10 + (s[i] - '0');
    }
    if (val > 1000000000L)
        val = 1000000000L;
    *out = neg ? -val : val;
    return 1;
}

CmStatus cm_ytree_int(const CmYNode *node, const char *what, int lo, int hi, int *out, CmError *err)
{
    char got[64];
    long val;
    if (!cm_ytree_is_int(node, &val))
        return cm_error_set(err, CM_ERR_SCHEMA, node->line, node->col,
                            "expected a number for %s, got %s", what,
                            cm_ytree_describe(node, got, sizeof got));
    if (val < lo || val > hi)
        return cm_error_set(err, CM_ERR_SCHEMA, node->line, node->col,
                            "%s must be between %d and %d", what, lo, hi);
    *out = (int)val;
    return CM_OK;
}
