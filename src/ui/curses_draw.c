/* Drawing: the board with its coordinates, the side panel, the title, status, message and
 * key lines, the rules page, the new-game form, the list of saves and the game-over box, all
 * from the pure descriptions of view.c. One of the three files that include curses.
 * SPDX-License-Identifier: MIT */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "curses_int.h"

#define MAX_LINES 200

/* Writes 'text' at (y, x), at most 'width' columns, with 'attr'. The text is ASCII but for a
 * few glyphs of one column each (such as '…'), which are never split. */
static void put(int y, int x, int width, attr_t attr, const char *text)
{
    if (y < 0 || y >= LINES || x >= COLS || width <= 0)
        return;
    if (x + width > COLS)
        width = COLS - x;
    int bytes = 0;
    for (int col = 0; text[bytes] != '\0'; bytes++) {
        if (((unsigned char)text[bytes] & 0xc0) == 0x80)
            continue;
        if (col == width)
            break;
        col++;
    }
    attrset(attr);
    mvaddnstr(y, x, text, bytes);
    attrset(A_NORMAL);
}

/* Fills a row from 'x' for 'width' columns with spaces in 'attr'. */
static void fill(int y, int x, int width, attr_t attr)
{
    if (y < 0 || y >= LINES)
        return;
    attrset(attr);
    for (int i = 0; i < width && x + i < COLS; i++)
        mvaddch(y, x + i, ' ');
    attrset(A_NORMAL);
}

static void draw_board(Ui *ui)
{
    const UiLayout *l = &ui->lay;
    attr_t label = ui_role_attr(UI_ROLE_LABEL);
    char buf[16];

    /* Labels wider than a square would run together ("10111213"): then they take turns, one
     * above the board, the next below it. */
    int both = 1;
    for (int gx = 0; gx < l->gw; gx++) {
        ui_layout_col_label(l, gx, buf, sizeof buf);
        if ((int)strlen(buf) >= l->cell_w)
            both = 0;
    }
    for (int gx = 0; gx < l->gw; gx++) {
        int x = l->sq_x + gx * l->cell_w + (l->cell_w - 1) / 2;
        ui_layout_col_label(l, gx, buf, sizeof buf);
        int w = (int)strlen(buf);
        if (both || gx % 2 == 0)
            put(l->sq_y - 1, x, w, label, buf);
        if (both || gx % 2 == 1)
            put(l->sq_y + l->gh * l->cell_h, x, w, label, buf);
    }
    for (int gy = 0; gy < l->gh; gy++) {
        int y0 = l->sq_y + gy * l->cell_h, mid = y0 + l->cell_h / 2;
        ui_layout_row_label(l, gy, buf, sizeof buf);
        put(mid, l->board_x, 2, label, buf);
        put(mid, l->sq_x + l->gw * l->cell_w + 1, 2, label, buf);
        for (int gx = 0; gx < l->gw; gx++) {
            CmSquare sq = ui_layout_grid_square(l, gx, gy);
            UiCellLook look;
            int x = l->sq_x + gx * l->cell_w;
            ui_square_look(ui, sq, &look);
            if (!look.on)
                continue;
            UiCellLook margin = look;
            margin.role = look.fill;
            margin.attr &= UI_ATTR_REVERSE;
            for (int y = y0; y < y0 + l->cell_h; y++)
                fill(y, x, l->cell_w, ui_look_attr(&margin));
            attrset(ui_look_attr(&look));
            mvaddstr(mid, x + (l->cell_w - 1) / 2, look.glyph);
            attrset(A_NORMAL);
        }
    }
}

/* Lines of text from (y, x); a line for a seat starts with a swatch of its colour that shows
 * its knight. */
static void draw_lines(Ui *ui, const UiLine *lines, int n, int y, int x, int width, int height)
{
    for (int i = 0; i < n && i < height; i++) {
        int tx = x, tw = width;
        if (lines[i].seat >= 0) {
            UiCellLook look;
            memset(&look, 0, sizeof look);
            const CmVariant *v = lines[i].v != NULL ? lines[i].v : ui->s->v;
            look.role = UI_ROLE_PIECE + (int)ui_seat_colour(v, lines[i].seat);
            look.attr = UI_ATTR_BOLD;
            ui_seat_glyph(ui, v, lines[i].seat, look.glyph, sizeof look.glyph);
            attrset(ui_look_attr(&look));
            mvaddstr(y + i, x, look.glyph);
            attrset(A_NORMAL);
            tx += 2;
            tw -= 2;
        }
        put(y + i, tx, tw, ui_role_attr(lines[i].role), lines[i].text);
        /* A move marked in its line: drawn again over itself, highlighted. */
        int from = lines[i].hl_from, len = lines[i].hl_len;
        if (len > 0 && from >= 0 && from + len <= (int)strlen(lines[i].text) && from < tw) {
            char part[sizeof lines[i].text];
            snprintf(part, sizeof part, "%.*s", len, lines[i].text + from);
            put(y + i, tx + from, tw - from, ui_role_attr(UI_ROLE_FIELD), part);
        }
    }
}

/* The side panel, in the rows above 'end' (where the foot begins). */
static void draw_panel(Ui *ui, uint64_t now, int end)
{
    const UiLayout *l = &ui->lay;
    UiLine lines[MAX_LINES];
    int max = l->panel_h < MAX_LINES ? l->panel_h : MAX_LINES;
    memset(lines, 0, sizeof lines);
    if (max > end - l->panel_y)
        max = end - l->panel_y > 0 ? end - l->panel_y : 0;
    int n = ui_panel_lines(ui, now, l->panel_w - 2, lines, max);
    draw_lines(ui, lines, n, l->panel_y, l->panel_x, l->panel_w, max);
}

/* A box of 'w' x 'h' at row 'y0', column 'x0', holding 'lines'. */
static void draw_box_at(Ui *ui, const UiLine *lines, int n, int y0, int x0, int w, int h)
{
    for (int y = 0; y < h; y++)
        fill(y0 + y, x0, w, A_NORMAL);
    attrset(A_NORMAL);
    for (int x = 0; x < w; x++) {
        mvaddch(y0, x0 + x, x == 0 ? ACS_ULCORNER : x == w - 1 ? ACS_URCORNER : ACS_HLINE);
        mvaddch(y0 + h - 1, x0 + x, x == 0 ? ACS_LLCORNER : x == w - 1 ? ACS_LRCORNER : ACS_HLINE);
    }
    for (int y = 1; y < h - 1; y++) {
        mvaddch(y0 + y, x0, ACS_VLINE);
        mvaddch(y0 + y, x0 + w - 1, ACS_VLINE);
    }
    draw_lines(ui, lines, n, y0 + 1, x0 + 2, w - 4, h - 2);
}

/* A box holding 'lines', where 'ui_box_place' puts it. */
static void draw_box(Ui *ui, const UiLine *lines, int n)
{
    int w, h, y0, x0;
    ui_box_size(lines, n, LINES, COLS, &w, &h);
    ui_box_place(ui, w, h, &y0, &x0);
    draw_box_at(ui, lines, n, y0, x0, w, h);
}

static void draw_too_small(Ui *ui)
{
    const UiLayout *l = &ui->lay;
    char text[256];
    snprintf(text, sizeof text,
             "The terminal is too small for %s: it needs at least %d columns and %d rows, and "
             "has %d x %d. Please make the window larger (q quits).",
             ui->s->v->title, l->min_cols, l->min_rows, l->cols, l->rows);
    /* Wrap by hand at the width. */
    int y = 0, width = COLS > 1 ? COLS - 1 : 1;
    const char *s = text;
    while (*s && y < LINES) {
        int n = (int)strlen(s);
        int cut = n;
        if (n > width) {
            cut = width;
            while (cut > 0 && s[cut] != ' ')
                cut--;
            if (cut == 0)
                cut = width;
        }
        attrset(A_BOLD);
        mvaddnstr(y++, 0, s, cut);
        attrset(A_NORMAL);
        s += cut;
        while (*s == ' ')
            s++;
    }
}

static void draw_page(Ui *ui)
{
    /* Where the reader is stays whole; a title too long for the row gives way, cut with a
     * mark. */
    char title[200], at[64];
    int at_w = snprintf(at, sizeof at, "  (line %d of %d)", ui->page_top + 1, ui->page_lines);
    snprintf(title, sizeof title, "%s", ui->page_title);
    ui_cut_to(title, sizeof title, COLS - 2 - at_w, ui->opt.ascii ? "~" : "\u2026");
    snprintf(title + strlen(title), sizeof title - strlen(title), "%s", at);
    put(0, 1, COLS - 1, ui_role_attr(UI_ROLE_TITLE), title);
    const char *p = ui->page;
    int line = 0;
    for (; p != NULL && *p && line < ui->page_top; p++)
        if (*p == '\n')
            line++;
    for (int y = 1; y < LINES - 1 && p != NULL && *p; y++) {
        const char *e = strchr(p, '\n');
        int n = e ? (int)(e - p) : (int)strlen(p);
        attr_t a = A_NORMAL;
        /* Headings are the lines in capitals. */
        int caps = n > 3;
        for (int i = 0; i < n && caps; i++)
            if (p[i] >= 'a' && p[i] <= 'z')
                caps = 0;
        if (caps)
            a = ui_role_attr(UI_ROLE_HEADING);
        attrset(a);
        mvaddnstr(y, 1, p, n < COLS - 1 ? n : COLS - 1);
        attrset(A_NORMAL);
        p = e ? e + 1 : p + n;
    }
    char keys[UI_KEYS_MAX];
    put(LINES - 1, 1, COLS - 1, ui_role_attr(UI_ROLE_DIM), ui_keys_text(ui, keys, sizeof keys));
}

/* The teaching line and the message, each wrapped over as many rows as it needs, and the
 * key reminder (view.c places them): no text is cut. */
static void draw_foot(const Ui *ui, const UiFoot *f)
{
    char line[UI_MSG_MAX + UI_LINE_MAX];
    for (int i = 0; i < f->n; i++) {
        snprintf(line, sizeof line, "%.*s", f->line[i].len, f->line[i].text);
        fill(f->line[i].y, 0, COLS, A_NORMAL);
        put(f->line[i].y, 0, COLS, ui_role_attr(f->line[i].role), line);
    }
    char keys[UI_KEYS_MAX];
    if (f->keys)
        put(ui->lay.keys_y, 0, COLS, ui_role_attr(UI_ROLE_DIM),
            ui_keys_text(ui, keys, sizeof keys));
}

/* The lobby of a server: its title, its lines (the games, or the ratings), the message and the
 * keys. */
static void draw_lobby(Ui *ui, uint64_t now)
{
    UiLine lines[MAX_LINES];
    int items[MAX_LINES];
    memset(lines, 0, sizeof lines);
    char text[UI_MSG_MAX + 64];
    ui_lobby_title(ui, text, sizeof text);
    put(0, 0, COLS, ui_role_attr(UI_ROLE_TITLE), text);
    int height = LINES - UI_LOBBY_TOP - 2;
    if (height > MAX_LINES)
        height = MAX_LINES;
    int n = ui_lobby_lines(ui, now, COLS, height, lines, items);
    draw_lines(ui, lines, n, UI_LOBBY_TOP, 0, COLS, height);
    if (ui->msg[0]) {
        UiSpan span[1];
        if (ui_wrap(ui->msg, COLS, span, 1) == 1) {
            snprintf(text, sizeof text, "%.*s", span[0].len, ui->msg + span[0].start);
            put(LINES - 2, 0, COLS, ui_role_attr(ui->msg_role), text);
        }
    }
    char keys[UI_KEYS_MAX];
    put(LINES - 1, 0, COLS, ui_role_attr(UI_ROLE_DIM), ui_keys_text(ui, keys, sizeof keys));
}

void ui_draw(Ui *ui, unsigned flags, uint64_t now)
{
    const UiLayout *l = &ui->lay;
    UiLine lines[MAX_LINES];
    char text[UI_MSG_MAX + 64];
    UiFoot foot;

    memset(lines, 0, sizeof lines);
    if (flags & UI_DRAW_CLEAR)
        clearok(curscr, TRUE);
    erase();
    if (ui->mode == UI_MODE_RULES && ui->page != NULL) {
        draw_page(ui);
        refresh();
        return;
    }
    if (ui->mode == UI_MODE_LOBBY) {
        draw_lobby(ui, now);
        refresh();
        return;
    }
    if (l->too_small) {
        draw_too_small(ui);
        refresh();
        return;
    }
    if (ui->mode == UI_MODE_NEWGAME || ui->mode == UI_MODE_LOAD) {
        int n = ui->mode == UI_MODE_NEWGAME ? ui_form_lines(ui, lines, MAX_LINES)
                                            : ui_load_lines(ui, lines, LINES - 2);
        draw_box(ui, lines, n);
        refresh();
        return;
    }
    if (l->title_y >= 0) {
        ui_title_text(ui, text, sizeof text);
        put(l->title_y, 0, COLS, ui_role_attr(UI_ROLE_TITLE), text);
    }
    ui_foot(ui, &foot);
    draw_board(ui);
    if (l->panel_w > 0)
        draw_panel(ui, now, foot.top);
    draw_foot(ui, &foot);
    if (ui->mode == UI_MODE_OVER) {
        int y0, x0, w, h;
        int n = ui_over_box(ui, lines, MAX_LINES, &y0, &x0, &w, &h);
        draw_box_at(ui, lines, n, y0, x0, w, h);
    }
    refresh();
}

/* ---- The review screen ------------------------------------------------------------------ */

#define REVIEW_AXIS 3   /* columns of the graph's scale: "+5", " 0", "-5" */
#define REVIEW_LINES 24 /* lines about the ply under the cursor, at most */
#define REVIEW_MARKS 2  /* rows under the graph for the marks' signs ("?!" written downwards) */
#define REVIEW_KEYS "Left/Right move  Home/End ends  [ ] marked  m mistakes  p practise  q quit"

void ui_review_draw(UiReview *r, unsigned flags)
{
    Ui *b = &r->board;
    const UiLayout *l = &b->lay;
    UiLine lines[REVIEW_LINES];
    char text[256];

    memset(lines, 0, sizeof lines);
    ui_review_sync(r);
    if (flags & UI_DRAW_CLEAR)
        clear();
    else
        erase();
    if (b->mode == UI_MODE_RULES && b->page != NULL) {
        draw_page(b);
        refresh();
        return;
    }
    int min_rows = UI_GRAPH_ROWS + 12 > l->min_rows ? UI_GRAPH_ROWS + 12 : l->min_rows;
    int min_cols = l->min_cols + UI_PANEL_MIN + 1;
    if (l->too_small || l->panel_w < UI_PANEL_MIN || LINES < min_rows) {
        snprintf(text, sizeof text,
                 "The terminal is too small for the review: it needs at least %d columns and %d "
                 "rows, and has %d x %d. Please make the window larger (q quits).",
                 min_cols, min_rows, COLS, LINES);
        UiSpan span[8];
        int n = ui_wrap(text, COLS > 1 ? COLS - 1 : 1, span, 8);
        for (int i = 0; i < n && i < LINES; i++)
            mvaddnstr(i, 0, text + span[i].start, span[i].len);
        refresh();
        return;
    }
    put(0, 0, COLS, ui_role_attr(UI_ROLE_TITLE), r->title);
    draw_board(b);

    /* The graph, its scale on the left. */
    int y0 = l->panel_y > 1 ? l->panel_y : 1, x0 = l->panel_x;
    int width = l->panel_w - REVIEW_AXIS, rows = UI_GRAPH_ROWS;
    attr_t dim = ui_role_attr(UI_ROLE_LABEL);
    put(y0, x0, 2, dim, "+5");
    put(y0 + rows / 2 - 1, x0, 2, dim, " 0");
    put(y0 + rows - 1, x0, 2, dim, "-5");
    /* The whole game, a column standing for several plies when it is longer than the graph
     * is wide: the score after the cursor's ply in its column, after the last ply analysed in
     * another, and the worst mark among its plies. */
    int per = ui_graph_per_column(r->game->n, width);
    for (int c = 0; c < width && c * per < r->game->n; c++) {
        int from = c * per, to = from + per < r->game->n ? from + per : r->game->n;
        int cur = r->cursor >= from && r->cursor < to;
        int i = cur ? r->cursor : (to < r->done ? to : r->done) - 1;
        int level = i >= from && i < r->done ? ui_graph_level(ui_review_score(r, i), rows) : 0;
        AnalysisMark mark = ANALYSIS_MARK_NONE;
        for (int k = from; k < to && k < r->done; k++)
            if (r->plies[k].mark > mark)
                mark = r->plies[k].mark;
        for (int row = 0; row < rows; row++) {
            UiGraphCell cell;
            ui_graph_cell(level, row, rows, b->opt.ascii, cur, &cell);
            UiCellLook look = {{0}, cell.role, cell.role, cell.attr, 1};
            attrset(ui_look_attr(&look));
            mvaddstr(y0 + row, x0 + REVIEW_AXIS + c, cell.glyph);
            attrset(A_NORMAL);
        }
        /* The mark's sign under its column, read downwards: "?!", "?", "??". */
        const char *sign = analysis_mark_sign(mark);
        int role = mark == ANALYSIS_MARK_BLUNDER   ? UI_ROLE_ERROR
                   : mark == ANALYSIS_MARK_MISTAKE ? UI_ROLE_TITLE
                                                   : UI_ROLE_DIM;
        for (int k = 0; k < REVIEW_MARKS && sign[k]; k++) {
            char one[2] = {sign[k], '\0'};
            put(y0 + rows + k, x0 + REVIEW_AXIS + c, 1, ui_role_attr(role), one);
        }
        if (cur)
            put(y0 + rows + REVIEW_MARKS, x0 + REVIEW_AXIS + c, 1, ui_role_attr(UI_ROLE_TITLE),
                "^");
    }

    /* The ply under the cursor, then the moves with their marks in the rows left. */
    int top = y0 + rows + REVIEW_MARKS + 2, end = LINES - 1;
    int n = ui_review_lines(r, lines, REVIEW_LINES);
    draw_lines(b, lines, n, top, x0, l->panel_w, end - top);
    top += n + 1;
    if (end - top >= 2) {
        UiLine moves[MAX_LINES];
        int max = end - top < MAX_LINES ? end - top : MAX_LINES;
        memset(moves, 0, sizeof moves);
        int k = ui_move_list(b, l->panel_w - 2, moves, 0, max);
        draw_lines(b, moves, k, top, x0, l->panel_w, max);
    }
    put(LINES - 1, 0, COLS, ui_role_attr(UI_ROLE_DIM), REVIEW_KEYS);
    refresh();
}
