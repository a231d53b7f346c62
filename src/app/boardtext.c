/* Text views of a position for the command line: the board diagram of docs/rules.md 5.1 and
 * the sorted list of legal moves.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "cli.h"

/* The character for square 'sq': a piece letter, '#' for an empty castle square, '.' for an
 * empty square, ' ' off the board. Two seats: K/M for the first, k/m for the second. More seats:
 * the seat letter, upper case for a knight and lower case for a man. */
static char square_char(const CmPosition *pos, CmSquare sq)
{
    const CmVariant *v = pos->v;
    uint8_t cell = pos->board[sq];

    if (!cm_variant_on(v, sq))
        return ' ';
    if (cell != CM_EMPTY) {
        int seat = CM_CELL_SEAT(cell), knight = CM_CELL_KIND(cell) == CM_KNIGHT;
        if (v->nseats == 2)
            return knight ? (seat == 0 ? 'K' : 'k') : (seat == 0 ? 'M' : 'm');
        char c = v->seat[seat].letter;
        return knight ? c : (char)(c - 'A' + 'a');
    }
    for (int s = 0; s < v->nseats; s++)
        if (v->sqflags[s][sq] & CM_SQ_OWN)
            return '#';
    return '.';
}

static void print_files(FILE *f, const CmVariant *v)
{
    fputs("   ", f);
    for (int x = 0; x < v->files; x++)
        fprintf(f, " %c", 'A' + x);
    fputc('\n', f);
}

void cli_board_print(FILE *f, const CmPosition *pos)
{
    const CmVariant *v = pos->v;
    char row[CM_MAX_FILES * 2 + 8];

    print_files(f, v);
    for (int y = v->ranks - 1; y >= 0; y--) {
        int n = snprintf(row, sizeof row, "%3d", y + 1);
        for (int x = 0; x < v->files; x++) {
            row[n++] = ' ';
            row[n++] = square_char(pos, CM_SQ(x, y));
        }
        while (n > 3 && row[n - 1] == ' ')
            n--;
        row[n] = '\0';
        fprintf(f, "%s\n", row);
    }
    print_files(f, v);

    const CmSeat *seat = &v->seat[pos->to_move];
    fprintf(f, "to move: %c (%s)\n", seat->letter, seat->name);
    if (v->rules.castle_moves > 0) {
        fputs("castle moves used:", f);
        for (int s = 0; s < v->nseats; s++)
            fprintf(f, "%s %c %d/%d", s ? "," : "", v->seat[s].letter, pos->castle_used[s],
                    v->rules.castle_moves);
        fputc('\n', f);
    }
}

static int by_effect(const void *a, const void *b)
{
    return strcmp(((const CliMoveText *)a)->effect, ((const CliMoveText *)b)->effect);
}

void cli_movetext_free(CliMoveText *mt, int n)
{
    for (int i = 0; mt != NULL && i < n; i++) {
        free(mt[i].effect);
        free(mt[i].path);
    }
    free(mt);
}

int cli_movetext(const CmPosition *pos, CliMoveText **out)
{
    CmMove *moves = malloc(CM_MOVES_LIMIT * sizeof *moves);
    CliMoveText *mt = NULL;
    char text[CM_MOVE_TEXT_MAX];
    int n = CLI_MOVES_NOMEM, overflow = 0, k = 0;

    *out = NULL;
    if (moves == NULL)
        goto out;
    int count = cm_movegen_into(pos, moves, CM_MOVES_LIMIT, &overflow);
    if (overflow) {
        n = CLI_MOVES_TOO_MANY;
        goto out;
    }
    mt = calloc((size_t)(count ? count : 1), sizeof *mt);
    if (mt == NULL)
        goto out;
    for (k = 0; k < count; k++) {
        mt[k].move = moves[k];
        cm_move_effect_str(&moves[k], text, sizeof text);
        mt[k].effect = strdup(text);
        cm_move_str(pos, &moves[k], text, sizeof text);
        mt[k].path = strdup(text);
        if (mt[k].effect == NULL || mt[k].path == NULL) {
            k++;
            goto out;
        }
    }
    qsort(mt, (size_t)count, sizeof *mt, by_effect);
    n = count;
    *out = mt;
    mt = NULL;
out:
    cli_movetext_free(mt, k);
    free(moves);
    return n;
}

int cli_movetext_error(int n)
{
    if (n == CLI_MOVES_TOO_MANY)
        fprintf(stderr,
                "camelot: this position has more moves than camelot lists: more than %d legal "
                "moves, or more jump chains than %ld steps of search find (the document "
                "notation.md, Limits)\n",
                CM_MOVES_LIMIT, (long)CM_GEN_BUDGET);
    else
        fputs("camelot: out of memory\n", stderr);
    return CLI_EXIT_INPUT;
}
