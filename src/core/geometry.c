/* Board geometry and derived variant tables: square names, direction masks, per-seat square
 * flags, friend and enemy cells, Zobrist keys.
 * SPDX-License-Identifier: MIT */
#include "camelot/variant.h"

#include <stdlib.h>
#include <string.h>

#include "camelot/grid4.h"
#include "camelot/random.h"

char *cm_square_name(CmSquare sq, char *buf)
{
    int rank = CM_RANK(sq) + 1;
    buf[0] = (char)('A' + CM_FILE(sq));
    if (rank >= 10) {
        buf[1] = (char)('0' + rank / 10);
        buf[2] = (char)('0' + rank % 10);
        buf[3] = '\0';
    } else {
        buf[1] = (char)('0' + rank);
        buf[2] = '\0';
    }
    return buf;
}

int cm_square_parse(const char *text, CmSquare *sq_out)
{
    int file, rank, n;
    char c = text[0];
    if (c >= 'a' && c <= 'p')
        file = c - 'a';
    else if (c >= 'A' && c <= 'P')
        file = c - 'A';
    else
        return 0;
    if (text[1] < '1' || text[1] > '9')
        return 0;
    rank = text[1] - '0';
    n = 2;
    if (text[2] >= '0' && text[2] <= '9') {
        rank = rank * 10 + (text[2] - '0');
        n = 3;
        if (text[3] >= '0' && text[3] <= '9')
            return 0;
    }
    if (rank > CM_MAX_RANKS)
        return 0;
    *sq_out = CM_SQ(file, rank - 1);
    return n;
}

int cm_variant_seat(const CmVariant *v, char c)
{
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    for (int s = 0; s < v->nseats; s++)
        if (v->seat[s].letter == c)
            return s;
    return -1;
}

void cm_variant_free(CmVariant *v)
{
    free(v);
}

static int on_board(const CmVariant *v, int file, int rank)
{
    return file >= 0 && file < CM_MAX_FILES && rank >= 0 && rank < CM_MAX_RANKS &&
           cm_set_has(&v->board, (unsigned)CM_SQ(file, rank));
}

/* The shift that moves every bit of a class grid by 'di' columns and 'dj' rows. */
static CmShift grid_shift(int di, int dj)
{
    const uint64_t col_a = 0x0101010101010101ull, col_h = col_a << 7;
    int k = di + 8 * dj;
    CmShift s;
    s.mask = di > 0 ? ~col_h : di < 0 ? ~col_a : ~0ull;
    s.l = (uint8_t)(k > 0 ? k : 0);
    s.r = (uint8_t)(k < 0 ? -k : 0);
    return s;
}

void cm_variant_finish(CmVariant *v)
{
    static const int df[CM_DIR_COUNT] = {1, 1, 0, -1, -1, -1, 0, 1};
    static const int dr[CM_DIR_COUNT] = {0, 1, 1, 1, 0, -1, -1, -1};

    /* 1. Direction masks. */
    v->nsquares = cm_set_count(&v->board);
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        int f = CM_FILE(sq), r = CM_RANK(sq);
        v->step_ok[sq] = v->leap_ok[sq] = 0;
        if (!on_board(v, f, r))
            continue;
        for (int d = 0; d < CM_DIR_COUNT; d++) {
            if (!on_board(v, f + df[d], r + dr[d]))
                continue;
            v->step_ok[sq] |= (uint8_t)(1u << d);
            if (on_board(v, f + 2 * df[d], r + 2 * dr[d]))
                v->leap_ok[sq] |= (uint8_t)(1u << d);
        }
    }

    /* 2. Square flags seen from each seat: own, target and side castles. */
    for (int s = 0; s < v->nseats; s++) {
        uint8_t *fl = v->sqflags[s];
        for (int sq = 0; sq < CM_SQUARES; sq++)
            fl[sq] = cm_set_has(&v->board, (unsigned)sq) ? CM_SQ_ON : 0;
        for (int o = 0; o < v->nseats; o++) {
            uint8_t bit = o == s ? CM_SQ_OWN : o == v->seat[s].target ? CM_SQ_TARGET : CM_SQ_SIDE;
            for (int i = 0; i < v->seat[o].ncastle; i++)
                fl[v->seat[o].castle[i]] |= bit;
        }
    }

    /* 3. Friend and enemy cells: partners are friends, every other seat an enemy. */
    for (int s = 0; s < v->nseats; s++) {
        v->friend_cells[s] = v->enemy_cells[s] = 0;
        for (int o = 0; o < v->nseats; o++) {
            uint16_t bits = (uint16_t)((1u << CM_CELL(o, CM_MAN)) | (1u << CM_CELL(o, CM_KNIGHT)));
            if (v->seat[o].team == v->seat[s].team)
                v->friend_cells[s] |= bits;
            else
                v->enemy_cells[s] |= bits;
        }
    }
    for (int t = 0; t < CM_MAX_SEATS; t++) {
        v->team_seats[t] = 0;
        for (int s = 0; s < v->nseats; s++)
            if (v->seat[s].team == t)
                v->team_seats[t] |= 1u << s;
    }

    /* 4. Parity-class grids: squares, castles, and the shifts for steps and leaps. */
    memset(v->cboard, 0, sizeof v->cboard);
    memset(v->cnostep, 0, sizeof v->cnostep);
    memset(v->ctarget, 0, sizeof v->ctarget);
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        if (!cm_set_has(&v->board, (unsigned)sq))
            continue;
        uint64_t bit = 1ull << CM_CBIT(sq);
        v->cboard[CM_CLASS(sq)] |= bit;
        for (int s = 0; s < v->nseats; s++) {
            if (v->sqflags[s][sq] & CM_SQ_NOSTEP)
                v->cnostep[s][CM_CLASS(sq)] |= bit;
            if (v->sqflags[s][sq] & CM_SQ_TARGET)
                v->ctarget[s][CM_CLASS(sq)] |= bit;
        }
    }
    for (int d = 0; d < CM_DIR_COUNT; d++) {
        v->cleap[d] = grid_shift(df[d], dr[d]);
        v->cunleap[d] = grid_shift(-df[d], -dr[d]);
        for (int c = 0; c < 4; c++) {
            int pf = c & 1, pr = c >> 1;
            /* The square passed over lies in the class with the other parity along each moving
             * axis, at grid offset 'floor((parity + step) / 2)'. */
            int oi = (pf + df[d] + 2) / 2 - 1, oj = (pr + dr[d] + 2) / 2 - 1;
            v->cmid[c][d] = (uint8_t)(c ^ cm_dir_flip(d));
            v->cstep[c][d] = grid_shift(oi, oj);
            v->cunstep[c][d] = grid_shift(-oi, -oj);
        }
        for (int c = 0; c < 4; c++) {
            cm_grid4_set_shift(v->vunstep[d], c, &v->cunstep[c][d]);
            cm_grid4_set_shift(v->vunleap[d], c, &v->cunleap[d]);
        }
    }

    /* 5. Zobrist keys from a fixed seed, so hashes are the same on every run. */
    uint64_t state = 0x43616d656c6f74ull; /* "Camelot" */
    memset(v->zpiece, 0, sizeof v->zpiece);
    for (int c = 1; c < CM_CELL_COUNT; c++)
        for (int sq = 0; sq < CM_SQUARES; sq++)
            v->zpiece[c][sq] = cm_random_next(&state);
    for (int s = 0; s < CM_MAX_SEATS; s++) {
        v->zseat[s] = cm_random_next(&state);
        v->zcastle[s][0] = 0;
        for (int n = 1; n <= CM_MAX_CASTLE_MOVES; n++)
            v->zcastle[s][n] = cm_random_next(&state);
    }
}
