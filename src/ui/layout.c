/* Where things go on the terminal: the board with its coordinates, turned by quarter turns so
 * that any side may sit at the bottom, the side panel, the status lines; which square a screen
 * cell shows; how the cursor moves over an irregular board. Pure functions of the sizes,
 * tested without a terminal.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "ui_int.h"

#define LABEL_W 3 /* "16 " on the left, " 16" on the right */

static int board_width(int files, int cw)
{
    return LABEL_W + files * cw + LABEL_W;
}

void ui_layout_min(int files, int ranks, int *rows_out, int *cols_out)
{
    int w = board_width(files, 2);
    *rows_out = ranks + 2 + 1; /* the board with its file letters, and one status line */
    *cols_out = w > UI_STATUS_MIN ? w : UI_STATUS_MIN;
}

/* The sizes of a square, largest first: columns and rows. A terminal's cells are about twice
 * as tall as wide, so that two columns a row, four columns two rows and six columns three rows
 * are as near square as they come; three columns a row is the wide square of an 80 x 24
 * screen. */
static const struct {
    int w, h;
} cells[] = {{6, 3}, {4, 2}, {3, 1}, {2, 1}};

/* The layout, in steps:
 * 1. the largest square that leaves room for a wide panel to the right and, when it is more
 *    than a row tall, for the title, the status lines and the key reminder; else two columns;
 * 2. a panel in what is left to the right, when it is wide enough;
 * 3. rows: the board and a status line; then, as room allows, a message line, a title line
 *    and a key reminder; the status lines sit at the bottom, the board is centred above. */
void ui_layout_compute(UiLayout *l, int rows, int cols, int files, int ranks, int turn)
{
    memset(l, 0, sizeof *l);
    l->rows = rows;
    l->cols = cols;
    l->files = files;
    l->ranks = ranks;
    l->turn = turn & 3;
    l->flip = l->turn == 2;
    /* A quarter turn lays the ranks across the screen and the files down it. */
    l->gw = l->turn & 1 ? ranks : files;
    l->gh = l->turn & 1 ? files : ranks;
    ui_layout_min(l->gw, l->gh, &l->min_rows, &l->min_cols);
    l->too_small = rows < l->min_rows || cols < l->min_cols;

    /* 1. */
    l->cell_w = 2;
    l->cell_h = 1;
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
        int w = board_width(l->gw, cells[i].w), h = l->gh * cells[i].h + 2;
        if (w + 1 + UI_PANEL_WIDE > cols || (cells[i].h > 1 && h + 4 > rows))
            continue;
        l->cell_w = cells[i].w;
        l->cell_h = cells[i].h;
        break;
    }
    l->board_w = board_width(l->gw, l->cell_w);
    l->board_h = l->gh * l->cell_h + 2;

    /* 2. */
    l->panel_w = cols - l->board_w - 1;
    if (l->panel_w < UI_PANEL_MIN)
        l->panel_w = 0;

    /* 3. */
    int extra = rows - (l->board_h + 1);
    int has_msg = extra >= 1, has_title = extra >= 2, has_keys = extra >= 3;
    l->title_y = has_title ? 0 : -1;
    l->keys_y = has_keys ? rows - 1 : -1;
    l->msg_y = rows - 1 - has_keys;
    l->status_y = l->msg_y - has_msg;
    int top = has_title ? 1 : 0;
    int room = l->status_y - top;
    l->board_y = top + (room > l->board_h ? (room - l->board_h) / 2 : 0);
    l->board_x = 0;
    l->sq_y = l->board_y + 1;
    l->sq_x = l->board_x + LABEL_W;
    l->panel_y = top;
    l->panel_x = l->board_w + 1;
    l->panel_h = l->panel_w > 0 ? room : 0;
}

/* Screen grid coordinates of a square: column 'gx' from the left, row 'gy' from the top. Each
 * turn is a rotation, never a mirror: the board seen from its south (rank 1 at the bottom), its
 * west (file A at the bottom, the top rank on the left), its north, or its east. */
static void grid_of(const UiLayout *l, CmSquare sq, int *gx, int *gy)
{
    int f = CM_FILE(sq), r = CM_RANK(sq);
    switch (l->turn) {
    case 1:
        *gx = l->ranks - 1 - r;
        *gy = l->files - 1 - f;
        break;
    case 2:
        *gx = l->files - 1 - f;
        *gy = r;
        break;
    case 3:
        *gx = r;
        *gy = f;
        break;
    default:
        *gx = f;
        *gy = l->ranks - 1 - r;
    }
}

static CmSquare square_of(const UiLayout *l, int gx, int gy)
{
    switch (l->turn) {
    case 1:
        return CM_SQ(l->files - 1 - gy, l->ranks - 1 - gx);
    case 2:
        return CM_SQ(l->files - 1 - gx, gy);
    case 3:
        return CM_SQ(gy, gx);
    default:
        return CM_SQ(gx, l->ranks - 1 - gy);
    }
}

CmSquare ui_layout_grid_square(const UiLayout *l, int gx, int gy)
{
    return square_of(l, gx, gy);
}

void ui_layout_col_label(const UiLayout *l, int gx, char *buf, size_t size)
{
    CmSquare sq = square_of(l, gx, 0);
    if (l->turn & 1)
        snprintf(buf, size, "%d", CM_RANK(sq) + 1);
    else
        snprintf(buf, size, "%c", 'A' + CM_FILE(sq));
}

void ui_layout_row_label(const UiLayout *l, int gy, char *buf, size_t size)
{
    CmSquare sq = square_of(l, 0, gy);
    if (l->turn & 1)
        snprintf(buf, size, "%2c", 'A' + CM_FILE(sq));
    else
        snprintf(buf, size, "%2d", CM_RANK(sq) + 1);
}

/* The turn that puts a seat's own side at the bottom, in steps:
 * 1. where the seat's pieces stand at the start, as the sum of their offsets from the middle
 *    of the board (in half squares, so that the middle of an even board is a whole number);
 * 2. for each turn, where that sum then points on the screen;
 * 3. the turn that points it most nearly straight down, and of two equally near (a seat in
 *    a corner) the one that puts it on the left. */
int ui_seat_turn(const CmVariant *v, int seat)
{
    /* 1. */
    long sx = 0, sy = 0;
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        uint8_t cell = v->start[sq];
        if (cell == CM_EMPTY || CM_CELL_SEAT(cell) != seat)
            continue;
        sx += 2 * CM_FILE(sq) - (v->files - 1);
        sy += 2 * CM_RANK(sq) - (v->ranks - 1);
    }
    /* 2 and 3: on the screen x grows to the right and y downwards; turned, the offset
     * (sx, sy) of the board's east and north becomes one of these. */
    const long down[4] = {-sy, -sx, sy, sx};
    const long right[4] = {sx, -sy, -sx, sy};
    int best = 0;
    for (int t = 1; t < 4; t++)
        if (down[t] > down[best] || (down[t] == down[best] && right[t] < right[best]))
            best = t;
    return best;
}

void ui_layout_square_pos(const UiLayout *l, CmSquare sq, int *y_out, int *x_out)
{
    int gx, gy;
    grid_of(l, sq, &gx, &gy);
    *y_out = l->sq_y + gy * l->cell_h + l->cell_h / 2;
    *x_out = l->sq_x + gx * l->cell_w + (l->cell_w - 1) / 2;
}

int ui_layout_hit(const UiLayout *l, int y, int x, CmSquare *sq_out)
{
    if (y < l->sq_y || y >= l->sq_y + l->gh * l->cell_h || x < l->sq_x ||
        x >= l->sq_x + l->gw * l->cell_w)
        return 0;
    *sq_out = square_of(l, (x - l->sq_x) / l->cell_w, (y - l->sq_y) / l->cell_h);
    return 1;
}

static int on(const CmVariant *v, const UiLayout *l, int gx, int gy)
{
    if (gx < 0 || gx >= l->gw || gy < 0 || gy >= l->gh)
        return 0;
    return cm_variant_on(v, square_of(l, gx, gy));
}

CmSquare ui_cursor_step(const CmVariant *v, const UiLayout *l, CmSquare sq, int dx, int dy)
{
    int gx, gy;
    grid_of(l, sq, &gx, &gy);
    if (dx != 0) {
        /* Along the row, over any gap. */
        for (int x = gx + dx; x >= 0 && x < l->gw; x += dx)
            if (on(v, l, x, gy))
                return square_of(l, x, gy);
        return sq;
    }
    if (dy == 0)
        return sq;
    /* The next row that has squares, at the column nearest this one (towards the middle of
     * the board on a tie). */
    int toward = gx < l->gw / 2 ? 1 : -1;
    for (int y = gy + dy; y >= 0 && y < l->gh; y += dy) {
        for (int d = 0; d < l->gw; d++) {
            if (on(v, l, gx + toward * d, y))
                return square_of(l, gx + toward * d, y);
            if (on(v, l, gx - toward * d, y))
                return square_of(l, gx - toward * d, y);
        }
    }
    return sq;
}
