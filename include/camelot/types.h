/* Basic types shared by every camelot module: limits, squares, directions, statuses, errors.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_TYPES_H
#define CAMELOT_TYPES_H

#include <stddef.h>
#include <stdint.h>

/* Limits. A board fits in a 16x16 box (files A-P, ranks 1-16); a square is a byte. */
#define CM_MAX_FILES 16
#define CM_MAX_RANKS 16
#define CM_SQUARES 256 /* size of the bounding box, 'rank * 16 + file' */
#define CM_MAX_SEATS 4
#define CM_MAX_PIECES 128      /* pieces on the board, all seats together */
#define CM_MAX_CASTLE 4        /* squares in one seat's castle */
#define CM_MAX_CASTLE_MOVES 15 /* largest castle-move allowance a variant may give */
#define CM_MAX_MOVES 2048      /* effects in one position; more sets 'overflow' */
#define CM_MAX_PATH 512        /* squares in one written path, start included */

typedef uint8_t CmSquare; /* 'rank * 16 + file', both 0-based */

#define CM_SQ(file, rank) ((CmSquare)((rank)*16 + (file)))
#define CM_FILE(sq) ((sq)&15)
#define CM_RANK(sq) ((sq) >> 4)

/* The eight directions, counter-clockwise from east. */
enum {
    CM_DIR_E,
    CM_DIR_NE,
    CM_DIR_N,
    CM_DIR_NW,
    CM_DIR_W,
    CM_DIR_SW,
    CM_DIR_S,
    CM_DIR_SE,
    CM_DIR_COUNT
};

/* Square offsets of the directions, indexed by 'CM_DIR_*'. */
static const int cm_dir_offset[CM_DIR_COUNT] = {1, 17, 16, 15, -1, -17, -16, -15};

/* A 256-bit set of squares. */
typedef struct CmSquareSet {
    uint64_t w[4];
} CmSquareSet;

static inline int cm_set_has(const CmSquareSet *s, unsigned sq)
{
    return (int)((s->w[sq >> 6] >> (sq & 63)) & 1u);
}
static inline void cm_set_add(CmSquareSet *s, unsigned sq)
{
    s->w[sq >> 6] |= (uint64_t)1 << (sq & 63);
}
static inline void cm_set_del(CmSquareSet *s, unsigned sq)
{
    s->w[sq >> 6] &= ~((uint64_t)1 << (sq & 63));
}
static inline int cm_set_count(const CmSquareSet *s)
{
    return __builtin_popcountll(s->w[0]) + __builtin_popcountll(s->w[1]) +
           __builtin_popcountll(s->w[2]) + __builtin_popcountll(s->w[3]);
}
static inline int cm_set_equal(const CmSquareSet *a, const CmSquareSet *b)
{
    return ((a->w[0] ^ b->w[0]) | (a->w[1] ^ b->w[1]) | (a->w[2] ^ b->w[2]) |
            (a->w[3] ^ b->w[3])) == 0;
}
static inline int cm_set_empty(const CmSquareSet *s)
{
    return (s->w[0] | s->w[1] | s->w[2] | s->w[3]) == 0;
}
/* Removes and returns the lowest square of a non-empty set. */
static inline CmSquare cm_set_pop(CmSquareSet *s)
{
    for (unsigned i = 0;; i++) {
        if (s->w[i]) {
            unsigned b = (unsigned)__builtin_ctzll(s->w[i]);
            s->w[i] &= s->w[i] - 1;
            return (CmSquare)(i * 64 + b);
        }
    }
}

/* Status codes. Callers branch on the code, never on the message. */
typedef enum CmStatus {
    CM_OK = 0,
    CM_ERR_NOMEM,   /* out of memory */
    CM_ERR_IO,      /* a file could not be read or written */
    CM_ERR_SYNTAX,  /* the text is not well-formed (YAML, notation, record) */
    CM_ERR_SCHEMA,  /* well-formed, but not a valid variant, position or record */
    CM_ERR_ILLEGAL, /* a move that the rules do not allow */
    CM_ERR_LIMIT,   /* input larger or deeper than the limits allow */
    CM_ERR_ARG,     /* a bad argument from the caller */
    CM_ERR_EXISTS,  /* a file is there already, and was not to be written over */
    CM_STATUS_COUNT
} CmStatus;

/* Details of a failure, owned by the caller; every field set by 'cm_error_set'. */
typedef struct CmError {
    CmStatus code;
    char source[128]; /* file or input name, may be empty */
    int line;         /* 1-based, 0 = none */
    int col;          /* 1-based, 0 = none */
    char msg[200];
} CmError;

#endif
