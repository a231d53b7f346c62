/* Variants: board geometry, castles, seats, teams, turn order, setup and rule switches, as read
 * from a variant file (see docs/variants.md). A 'CmVariant' is immutable once built.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_VARIANT_H
#define CAMELOT_VARIANT_H

#include "camelot/types.h"

/* Piece kinds. */
enum { CM_MAN, CM_KNIGHT, CM_KIND_COUNT };

/* A board cell: 0 = empty, else '1 + seat * 2 + kind'. */
#define CM_EMPTY 0
#define CM_CELL(seat, kind) ((uint8_t)(1 + (seat)*2 + (kind)))
#define CM_CELL_SEAT(c) (((c)-1) >> 1)
#define CM_CELL_KIND(c) (((c)-1) & 1)
#define CM_CELL_COUNT (1 + CM_MAX_SEATS * 2)

/* Per-seat square flags, in 'CmVariant.sqflags[seat][sq]'. */
enum {
    CM_SQ_ON = 1,     /* a square of the board */
    CM_SQ_OWN = 2,    /* a square of this seat's own castle */
    CM_SQ_SIDE = 4,   /* a square of a side castle (any castle neither own nor target) */
    CM_SQ_TARGET = 8, /* a square of this seat's target castle */
};
/* Own or side castle: no plain move or canter may land there. */
#define CM_SQ_NOSTEP (CM_SQ_OWN | CM_SQ_SIDE)

/* What a seat whose turn it is gets when it has no legal move. */
typedef enum CmNoMoveRule {
    CM_NOMOVE_LOSE, /* its team loses once no member can move (2.11.4) */
    CM_NOMOVE_SKIP, /* the seat is skipped; nobody able to move is a draw (2.11.6) */
} CmNoMoveRule;

typedef struct CmRules {
    int castle_win;        /* pieces a team needs in its target castles to win; 0 = no castle win */
    int castle_moves;      /* castle moves each seat may make per game; 0 = none */
    int elimination_min;   /* pieces the last team must keep for an elimination win (>= 1) */
    CmNoMoveRule no_moves; /* see 'CmNoMoveRule' */
    int stalemate_min;     /* pieces the winning team needs for a stalemate win, else a draw */
    int material_draw;     /* draw once every team has at most this many pieces; -1 = never */
    int repetition;        /* draw when a position occurs this many times; 0 = never */
    int fifty_move;        /* draw after this many moves per seat with no capture and no
                              entry into a target castle; 0 = never */
} CmRules;

typedef struct CmSeat {
    char letter;   /* 'W', 'B', 'R', 'G', 'Y', ...: upper case */
    char name[24]; /* "White" */
    int team;      /* index into 'teams' */
    int target;    /* seat whose castle this seat tries to enter; -1 = none */
    int ncastle;   /* squares in the own castle, 0 .. CM_MAX_CASTLE */
    CmSquare castle[CM_MAX_CASTLE];
} CmSeat;

/* Parity classes. A leap keeps the parity of file and rank, so the squares of each class
 * ('file & 1 | (rank & 1) << 1') form an 8x8 grid of their own, one bit per square: 'CM_CBIT'. */
#define CM_CLASS(sq) (((sq)&1) | (((sq) >> 3) & 2))
#define CM_CBIT(sq) ((((sq) >> 5) << 3) | (((sq)&15) >> 1))
#define CM_CSQ(cls, bit)                                                                           \
    ((CmSquare)(((((bit) >> 3) * 2 + ((cls) >> 1)) << 4) | (((bit)&7) * 2 + ((cls)&1))))

/* The change of class of a step in direction 'd' ('CM_DIR_*'): the file parity changes (1)
 * unless the step is north or south, the rank parity (2) unless it is east or west. */
static inline int cm_dir_flip(int d)
{
    return (d % 4 != 2) | (d % 4 != 0) << 1;
}

/* Moves the bits of a class grid by a step: '((b & mask) << l) >> r'. */
typedef struct CmShift {
    uint64_t mask;
    uint8_t l, r;
} CmShift;

static inline uint64_t cm_shift(uint64_t b, CmShift s)
{
    return ((b & s.mask) << s.l) >> s.r;
}

typedef struct CmVariant {
    char name[32];               /* short name, e.g. "camelot" */
    char title[64];              /* display name, e.g. "Camelot" */
    int files, ranks;            /* bounding box, 1 .. 16 each */
    int nsquares;                /* squares on the board */
    CmSquareSet board;           /* the board's squares */
    uint8_t step_ok[CM_SQUARES]; /* direction bits d such that 'sq + d' is a square */
    uint8_t leap_ok[CM_SQUARES]; /* direction bits d such that 'sq + d', 'sq + 2d' are squares */
    int nseats;                  /* 2 .. CM_MAX_SEATS, in turn order */
    CmSeat seat[CM_MAX_SEATS];   /* indexed by seat number = place in the turn order */
    int nteams;                  /* 2 .. nseats */
    unsigned team_seats[CM_MAX_SEATS];         /* bit 's' set when seat s belongs to the team */
    uint8_t sqflags[CM_MAX_SEATS][CM_SQUARES]; /* 'CM_SQ_*' bits seen from each seat */
    uint16_t friend_cells[CM_MAX_SEATS];       /* bit c set when cell c is a friend of the seat */
    uint16_t enemy_cells[CM_MAX_SEATS];        /* bit c set when cell c is an enemy of the seat */
    uint8_t start[CM_SQUARES];                 /* starting cells */
    /* The same, by parity class (see 'CM_CLASS'). */
    uint64_t cboard[4];                 /* board squares */
    uint64_t cnostep[CM_MAX_SEATS][4];  /* own and side castle squares of each seat */
    uint64_t ctarget[CM_MAX_SEATS][4];  /* target castle squares of each seat */
    CmShift cleap[CM_DIR_COUNT];        /* from a square to its leap landing */
    CmShift cunleap[CM_DIR_COUNT];      /* from a leap landing back to its start */
    uint8_t cmid[4][CM_DIR_COUNT];      /* class of the square passed over (or stepped to) */
    CmShift cstep[4][CM_DIR_COUNT];     /* from a square to the one passed over */
    CmShift cunstep[4][CM_DIR_COUNT];   /* from the square passed over back to the square */
    uint64_t vunstep[CM_DIR_COUNT][12]; /* 'cunstep[c][d]' in lane c (see grid4.h) */
    uint64_t vunleap[CM_DIR_COUNT][12]; /* 'cunleap[d]' in every lane */
    CmRules rules;
    /* Zobrist keys, drawn from a fixed seed when the variant is built. */
    uint64_t zpiece[CM_CELL_COUNT][CM_SQUARES];
    uint64_t zseat[CM_MAX_SEATS];
    uint64_t zcastle[CM_MAX_SEATS][CM_MAX_CASTLE_MOVES + 1];
} CmVariant;

/* Parses a variant file held in memory ('len' bytes, need not be NUL-terminated; at most
 * CM_VARIANT_MAX_BYTES). 'err' (may be NULL) gets 'file:line:col' details on failure; its
 * source should be set by the caller with 'cm_error_init'. On success '*out' is a new variant
 * to be released with 'cm_variant_free'; on failure it is left NULL. */
#define CM_VARIANT_MAX_BYTES (1024 * 1024)
CmStatus cm_variant_parse(const char *text, size_t len, CmVariant **out, CmError *err);

/* Releases a variant; NULL does nothing. */
void cm_variant_free(CmVariant *v);

/* Completes a variant whose files, ranks, board, seats, teams, castles, setup and rules are
 * filled in: derives the direction masks, square flags, friend/enemy cells and Zobrist keys.
 * Used by the parser; also lets tests build variants in code. */
void cm_variant_finish(CmVariant *v);

/* Square names. 'cm_square_name' writes e.g. "F16" into 'buf' (at least 4 bytes) and returns
 * 'buf'. 'cm_square_parse' reads a name (either case) at 'text' and returns the number of
 * characters used (2 or 3), or 0 when 'text' does not start with a square name inside the
 * 16x16 box; it does not check that the square is on a given board. */
char *cm_square_name(CmSquare sq, char *buf);
int cm_square_parse(const char *text, CmSquare *sq_out);

/* The seat with letter 'c' (either case), or -1. */
int cm_variant_seat(const CmVariant *v, char c);

/* Whether 'sq' is a square of the board. */
static inline int cm_variant_on(const CmVariant *v, unsigned sq)
{
    return sq < CM_SQUARES && cm_set_has(&v->board, sq);
}

/* Whether seats 'a' and 'b' are on the same team. */
static inline int cm_variant_partners(const CmVariant *v, int a, int b)
{
    return v->seat[a].team == v->seat[b].team;
}

#endif
