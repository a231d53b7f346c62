/* A small YAML document tree built from libyaml's event API, shared by the variant loader and
 * the position-document parser. It refuses hostile input: too long, too deep, too many nodes,
 * aliases, several documents; and it reports duplicate mapping keys.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_YAMLTREE_INT_H
#define CAMELOT_YAMLTREE_INT_H

#include "camelot/error.h"

#define CM_YAML_MAX_BYTES (1024 * 1024) /* longest input accepted */
#define CM_YAML_MAX_DEPTH 32            /* deepest nesting of lists and mappings */
#define CM_YAML_MAX_NODES 100000        /* scalars, lists and mappings in one document */

typedef enum CmYKind {
    CM_Y_SCALAR, /* a single value ('text') */
    CM_Y_SEQ,    /* a list ('kid[0 .. n-1]') */
    CM_Y_MAP,    /* a mapping ('kid[2i]' is a key, always a scalar; 'kid[2i+1]' its value) */
    CM_Y_KIND_COUNT
} CmYKind;

typedef enum CmYStyle {
    CM_Y_PLAIN,   /* an unquoted scalar, or any list or mapping */
    CM_Y_SQUOTED, /* 'single quoted' */
    CM_Y_DQUOTED, /* "double quoted" */
    CM_Y_BLOCK,   /* a literal '|' or folded '>' block scalar */
} CmYStyle;

typedef struct CmYNode {
    CmYKind kind;
    CmYStyle style;
    int line, col;         /* 1-based start of the node (for a quoted scalar, its quote) */
    int end_line, end_col; /* 1-based position just after the node's last character */
    char *text;            /* scalars: the value, NUL-terminated (may hold NULs); else NULL */
    size_t len;            /* scalars: bytes in 'text', terminator excluded */
    struct CmYNode **kid;  /* lists and mappings: the children, owned */
    size_t n;              /* children in 'kid'; twice the number of pairs for a mapping */
    size_t cap;            /* room in 'kid' */
} CmYNode;

/* Parses 'len' bytes of YAML at 'text' (need not be NUL-terminated; NULL is fine when 'len' is
 * 0). On success '*root_out' is the tree of the only document, to be released with
 * 'cm_ytree_free', or NULL when the input holds no document at all (empty or only comments).
 * On failure '*root_out' is untouched and 'err' (may be NULL) gets a 1-based line and column:
 *   CM_ERR_LIMIT   longer than CM_YAML_MAX_BYTES, deeper than CM_YAML_MAX_DEPTH, or more than
 *                  CM_YAML_MAX_NODES nodes;
 *   CM_ERR_SYNTAX  not well-formed YAML (libyaml's problem and context);
 *   CM_ERR_SCHEMA  an alias, a second document, a list or mapping used as a mapping key, or a
 *                  duplicate key in a mapping ("duplicate key 'x' (first at line N)");
 *   CM_ERR_NOMEM   out of memory.
 * Duplicate keys are reported only when nothing else is wrong (they are found as each mapping
 * closes); of several, the first in the text. */
CmStatus cm_ytree_parse(const char *text, size_t len, CmYNode **root_out, CmError *err);

/* Releases a tree; NULL does nothing. */
void cm_ytree_free(CmYNode *root);

/* "a mapping", "a list" or "a value": for messages. */
const char *cm_ytree_kind_name(CmYKind kind);

/* Whether 'node' is NULL or a plain null scalar ('key:' with nothing after it, '~', 'null'). */
int cm_ytree_is_null(const CmYNode *node);

/* Describes a node for "..., got X" messages: "'abc'" (cut to 40 bytes), "nothing", "a list"
 * or "a mapping". Returns 'buf' (at least 48 bytes). */
const char *cm_ytree_describe(const CmYNode *node, char *buf, size_t size);

/* Fails with "expected a list for 'what', got ..." (CM_ERR_SCHEMA, at the node) unless 'node'
 * is of 'kind'. A null scalar is never accepted. */
CmStatus cm_ytree_expect(const CmYNode *node, CmYKind kind, const char *what, CmError *err);

/* Fails with 'code' at node 'at', the message from 'fmt'. Returns 'code'. */
CmStatus cm_ytree_fail(CmError *err, CmStatus code, const CmYNode *at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* One key that a mapping may hold; 'cm_ytree_fields' fills in where it was found. */
typedef struct CmYField {
    const char *key;         /* the key's text */
    const CmYNode *key_node; /* out: the key, or NULL when absent */
    const CmYNode *val;      /* out: its value, or NULL when absent */
} CmYField;

/* Looks up the keys of mapping 'map' in 'f[0 .. nf-1]'. Fails (CM_ERR_SCHEMA) on the first key
 * in the text that is not in 'f': "unknown key 'x' in WHERE (expected one of: ...)", at the
 * key. 'where' may be NULL for the top level. Required keys are the caller's business, with
 * 'cm_ytree_missing', so that errors come roughly in the order of the text. */
CmStatus cm_ytree_fields(const CmYNode *map, const char *where, CmYField *f, int nf, CmError *err);

/* Fails with "missing key 'key' in WHERE" (CM_ERR_SCHEMA) at the start of 'map'. */
CmStatus cm_ytree_missing(const CmYNode *map, const char *where, const char *key, CmError *err);

/* Reads a decimal integer (optional sign, quoted or not) between 'lo' and 'hi' from a scalar.
 * Fails with "expected a number for WHAT, got 'abc'" or "WHAT must be between LO and HI"
 * (CM_ERR_SCHEMA, at the node). '*out' is set only on success. */
CmStatus cm_ytree_int(const CmYNode *node, const char *what, int lo, int hi, int *out,
                      CmError *err);

/* Whether scalar 'node' is a decimal integer; if so '*out' gets it, clamped to +-10^9. */
int cm_ytree_is_int(const CmYNode *node, long *out);

#endif
