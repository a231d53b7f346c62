/* What the screen shows in its forms and boxes, as lines: the new-game form (here and on a
 * server), the list of saved games, the game-over box, and where a box goes on the screen.
 * curses_draw.c only puts these on the terminal.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "session/text.h"
#include "ui_int.h"

/* The form's clock in words; one being typed as typed, with what it means once it is one. */
static void clock_words(const UiForm *f, int64_t base_ms, int64_t inc_ms, int days, char *buf,
                        size_t size)
{
    char words[64];
    text_time_control(base_ms, inc_ms, days, 0, words, sizeof words);
    if (f->clock_text[0] == '\0')
        snprintf(buf, size, "%s", words);
    else if (f->error[0] == '\0')
        snprintf(buf, size, "%s_ = %s", f->clock_text, words);
    else
        snprintf(buf, size, "%s_", f->clock_text);
}

/* The form of a game made on the server. */
static int online_form_lines(const Ui *ui, UiLine *lines, int max)
{
    const UiForm *f = &ui->form;
    const CmVariant *v = f->v;
    int n = 0, nseats = v->nseats;
    char kind[64], tc[96];
    n = ui_add(lines, n, max, UI_ROLE_HEADING, -1, "New game on the server");
    n = ui_add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    n = ui_add(lines, n, max, f->field == 0 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1, "  %-10s < %s >",
               "Variant", v->title);
    for (int seat = 0; seat < nseats; seat++) {
        const LobbyNewSeat *st = &f->net.seat[seat];
        switch (st->who) {
        case LOBBY_WHO_ME:
            snprintf(kind, sizeof kind, "me (%s)", ui->lobby->me);
            break;
        case LOBBY_WHO_OPEN:
            snprintf(kind, sizeof kind, "open to anyone");
            break;
        case LOBBY_WHO_INVITE:
            snprintf(kind, sizeof kind, "invite: %s_", st->name);
            break;
        default:
            snprintf(kind, sizeof kind, "engine, level %d", st->level);
        }
        /* A swatch of the seat's pieces, as the variant picked shows them. */
        int at = n;
        n = ui_add(lines, n, max, f->field == seat + 1 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, seat,
                   "%-10s < %s >", v->seat[seat].name, kind);
        if (n > at)
            lines[at].v = v;
    }
    clock_words(f, f->net.base_ms, f->net.inc_ms, f->net.days, tc, sizeof tc);
    n = ui_add(lines, n, max, f->field == nseats + 1 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1,
               "  %-10s < %s >", "Clocks", tc);
    n = ui_add(lines, n, max, f->field == nseats + 2 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1,
               "  %-10s < %s >", "Rated", f->net.rated ? "yes" : "no");
    n = ui_add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    n = ui_add(lines, n, max, f->field == nseats + 3 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1,
               "               [ Create ]");
    n = ui_add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    if (f->error[0])
        n = ui_add(lines, n, max, UI_ROLE_ERROR, -1, "%s", f->error);
    n = ui_add(lines, n, max, UI_ROLE_DIM, -1,
               "Up/Down: field. Left/Right: change (an invitation: type the name;");
    n = ui_add(lines, n, max, UI_ROLE_DIM, -1,
               "a clock of your own: type it, 7+3 or 14d). Enter: create. Esc: back.");
    return n;
}

int ui_form_lines(const Ui *ui, UiLine *lines, int max)
{
    const UiForm *f = &ui->form;
    const CmVariant *v = f->v;
    int n = 0;
    char kind[32];
    if (f->online)
        return online_form_lines(ui, lines, max);
    n = ui_add(lines, n, max, UI_ROLE_HEADING, -1, "New game");
    n = ui_add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    n = ui_add(lines, n, max, f->field == 0 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1, "  %-10s < %s >",
               "Variant", v->title);
    for (int s = 0; s < v->nseats; s++) {
        const SeatSetup *ss = &f->setup.seat[s];
        if (ss->kind == SEAT_HUMAN)
            snprintf(kind, sizeof kind, "human");
        else
            snprintf(kind, sizeof kind, "engine, level %d (about %d)", ss->level,
                     cm_engine_level_rating(ss->level));
        int at = n;
        n = ui_add(lines, n, max, f->field == s + 1 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, s,
                   "%-10s < %s >", v->seat[s].name, kind);
        if (n > at)
            lines[at].v = v; /* the swatch of the variant picked, not of the game on the screen */
    }
    char tc[96];
    clock_words(f, f->setup.time_base_ms, f->setup.time_inc_ms, 0, tc, sizeof tc);
    n = ui_add(lines, n, max, f->field == v->nseats + 1 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1,
               "  %-10s < %s >", "Clocks", tc);
    n = ui_add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    n = ui_add(lines, n, max, f->field == v->nseats + 2 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1,
               "               [ Start ]");
    n = ui_add(lines, n, max, f->field == v->nseats + 3 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1,
               "               [ Lessons: learn the rules ]");
    n = ui_add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    if (f->error[0])
        n = ui_add(lines, n, max, UI_ROLE_ERROR, -1, "%s", f->error);
    if (ui->s->env.engine == NULL)
        n = ui_add(lines, n, max, UI_ROLE_DIM, -1, "(no engine: every seat is played by people)");
    n = ui_add(lines, n, max, UI_ROLE_DIM, -1,
               "Up/Down: field. Left/Right: change (a clock of your own: type it,");
    n = ui_add(lines, n, max, UI_ROLE_DIM, -1, "7+3). Enter: start. Esc: back.");
    return n;
}

/* The widths of the columns of the saved games, and whether the lengths are shortened to their
 * moves and the dates to the day and time, so that a line fits 'room' columns. */
typedef struct SaveColumns {
    int variant, length, state;
    int short_length, short_when;
} SaveColumns;

/* The length of 'e' as the list shows it: "16 moves (31 plies)", or "16 moves" when short. */
static int save_length(const SaveEntry *e, int short_length)
{
    const char *paren = short_length ? strstr(e->length, " (") : NULL;
    return paren != NULL ? (int)(paren - e->length) : (int)strlen(e->length);
}

static int save_width(const Ui *ui, const SaveColumns *c)
{
    int when = c->short_when ? 11 : 16, w = 0;
    for (int i = 0; i < ui->nsaves; i++) {
        const SaveEntry *e = &ui->saves[i];
        int len = 1 + when + 2 + (e->variant[0] ? c->variant + 2 + c->length + 2 : 0) +
                  (int)strlen(e->state) + (e->autosave ? 12 : 0);
        w = len > w ? len : w;
    }
    return w;
}

static void save_columns(const Ui *ui, int room, SaveColumns *c)
{
    memset(c, 0, sizeof *c);
    for (int step = 0; step < 3; step++) {
        c->short_length = step >= 1;
        c->short_when = step >= 2;
        c->variant = c->length = 0;
        for (int i = 0; i < ui->nsaves; i++) {
            const SaveEntry *e = &ui->saves[i];
            int v = (int)strlen(e->variant), l = save_length(e, c->short_length);
            c->variant = v > c->variant ? v : c->variant;
            c->length = l > c->length ? l : c->length;
        }
        if (save_width(ui, c) <= room)
            return;
    }
}

int ui_load_lines(const Ui *ui, UiLine *lines, int max)
{
    SaveColumns c;
    int n = 0;
    n = ui_add(lines, n, max, UI_ROLE_HEADING, -1, "Load a game from %s", ui->s->env.data_dir);
    n = ui_add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    int room = max - n - 2;
    if (room < 1)
        room = 1;
    /* Columns as wide as their widest entry, within the box the screen has. */
    save_columns(ui, ui->lay.cols - 4, &c);
    int begin = ui->save_pick - room + 1 > 0 ? ui->save_pick - room + 1 : 0;
    for (int i = begin; i < ui->nsaves && i < begin + room; i++) {
        const SaveEntry *e = &ui->saves[i];
        int role = i == ui->save_pick ? UI_ROLE_FIELD : UI_ROLE_NORMAL;
        const char *when = c.short_when && strlen(e->when) > 5 ? e->when + 5 : e->when;
        if (e->variant[0])
            n = ui_add(lines, n, max, role, -1, " %s  %-*s  %*.*s  %s%s", when, c.variant,
                       e->variant, c.length, save_length(e, c.short_length), e->length, e->state,
                       e->autosave ? "  (autosave)" : "");
        else
            n = ui_add(lines, n, max, role, -1, " %s  %s%s", when, e->state,
                       e->autosave ? "  (autosave)" : "");
    }
    n = ui_add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    n = ui_add(lines, n, max, UI_ROLE_DIM, -1, "Up/Down: pick. Enter: load. Esc: back.");
    return n;
}

/* The room inside the game-over box: the board's width, when that leaves room enough for its
 * words, else the screen's. */
static int over_width(const Ui *ui)
{
    const UiLayout *l = &ui->lay;
    int w = l->board_w - 4;
    if (w < UI_OVER_MIN)
        w = l->cols - 4;
    return w < (int)sizeof(((UiLine *)0)->text) - 1 ? w : (int)sizeof(((UiLine *)0)->text) - 1;
}

int ui_over_lines(const Ui *ui, UiLine *lines, int max)
{
    char s[200];
    UiSpan span[4];
    int n = 0, width = over_width(ui);
    if (ui_online(ui))
        return ui_online_over_lines(ui, lines, max);
    ui_outcome_sentence(ui, s, sizeof s);
    n = ui_add(lines, n, max, UI_ROLE_HEADING, -1, "Game over");
    int k = ui_wrap(s, width, span, 4);
    for (int i = 0; i < k; i++)
        n = ui_add(lines, n, max, UI_ROLE_TITLE, -1, "%.*s", span[i].len, s + span[i].start);
    /* The move that ended the game, which the box may hide in the move list. */
    if (ui->s->g.n > 0 && ui->nmoves == ui->s->g.n) {
        const UiMoveText *t = &ui->moves[ui->nmoves - 1];
        char head[64];
        int indent = snprintf(head, sizeof head, "%s played ", ui->s->v->seat[t->seat].name);
        char move[CM_MOVE_TEXT_MAX + 1];
        snprintf(move, sizeof move, "%s.", t->text);
        n = ui_add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
        int h = ui_move_lines(lines, n, max, UI_ROLE_NORMAL, head, indent, move, width);
        n = n + h < max ? n + h : max;
    }
    n = ui_add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    /* The keys, from the table the key bar and the help page use: in two columns when they
     * fit. */
    int nk, colw = 0;
    const UiKeyHelp *keys = ui_key_table(UI_KEYS_OVER, &nk);
    for (int i = 0; i < nk; i++) {
        int w = 5 + (int)strlen(keys[i].help);
        colw = w > colw ? w : colw;
    }
    int cols = 2 * colw + 2 <= width ? 2 : 1, rows = (nk + cols - 1) / cols;
    for (int r = 0; r < rows && n < max; r++) {
        char line[sizeof lines[0].text];
        int len = 0;
        for (int c = 0; c < cols; c++) {
            int i = c * rows + r;
            if (i >= nk)
                break;
            /* Of each key's names the first: the help page has the others. */
            int first = (int)strcspn(keys[i].keys, ",");
            len += snprintf(line + len, sizeof line - (size_t)len, "%s%-4.*s %-*s", c ? "  " : "",
                            first, keys[i].keys, c + 1 < cols ? colw - 5 : 0, keys[i].help);
        }
        while (len > 0 && line[len - 1] == ' ')
            line[--len] = '\0';
        n = ui_add(lines, n, max, UI_ROLE_NORMAL, -1, "%s", line);
    }
    return n;
}

/* The rows of the panel's lines as the screen draws them: from 'panel_y' to the row before
 * the one returned. */
static int panel_end(const Ui *ui)
{
    const UiLayout *l = &ui->lay;
    UiLine lines[UI_PANEL_LINES];
    UiFoot foot;
    if (l->panel_w <= 0)
        return l->panel_y;
    ui_foot(ui, &foot);
    int max = foot.top - l->panel_y;
    max = max < UI_PANEL_LINES ? max : UI_PANEL_LINES;
    return l->panel_y + (max > 0 ? ui_panel_lines(ui, ui->now, l->panel_w - 2, lines, max) : 0);
}

void ui_box_size(const UiLine *lines, int n, int rows, int cols, int *w_out, int *h_out)
{
    int w = 0;
    for (int i = 0; i < n; i++) {
        int len = (int)strlen(lines[i].text) + (lines[i].seat >= 0 ? 2 : 0);
        if (len > w)
            w = len;
    }
    w += 4;
    *w_out = w > cols ? cols : w;
    *h_out = n + 2 > rows ? rows : n + 2;
}

void ui_box_place(const Ui *ui, int w, int h, int *y_out, int *x_out)
{
    const UiLayout *l = &ui->lay;
    *y_out = (l->rows - h) / 2;
    *x_out = (l->cols - w) / 2;
    if (ui->mode == UI_MODE_OVER && !l->too_small) {
        /* The game-over box leaves the panel's move list in sight, whose last lines show the
         * end of the game, and the message and key lines at the foot, when it can, in steps:
         * 1. over the board, from its top, when it is no wider;
         * 2. else under the panel's lines, when there is room above the foot;
         * 3. else above the panel's last line. */
        UiFoot foot;
        ui_foot(ui, &foot);
        int end = panel_end(ui), bottom = foot.top >= h ? foot.top : l->rows;
        if (w <= l->board_w + 1) {
            *y_out = l->board_y;
            *x_out = l->board_x + (l->board_w - w) / 2;
        } else if (end + 1 + h <= bottom) {
            *y_out = end + 1;
        } else if (end - 1 - h >= 0) {
            *y_out = end - 1 - h;
        }
        if (*y_out + h > bottom)
            *y_out = bottom - h;
    }
    if (*x_out + w > l->cols)
        *x_out = l->cols - w;
    if (*y_out < 0)
        *y_out = 0;
    if (*x_out < 0)
        *x_out = 0;
}

/* Whether a game-over box of width 'w' at row 'y', 'h' rows, leaves the last line of the
 * panel's move list in sight: over the board, under the panel's lines, or above the last. */
static int keeps_last_move(const Ui *ui, int y, int w, int h)
{
    int end = panel_end(ui);
    return w <= ui->lay.board_w + 1 || y >= end || y + h <= end - 1;
}

int ui_over_box(const Ui *ui, UiLine *lines, int max, int *y, int *x, int *w, int *h)
{
    int n = ui_over_lines(ui, lines, max);
    ui_box_size(lines, n, ui->lay.rows, ui->lay.cols, w, h);
    ui_box_place(ui, *w, *h, y, x);
    if (ui->lay.too_small || keeps_last_move(ui, *y, *w, *h))
        return n;
    /* No room for it with its blank lines: without them, as it may then fit. */
    int k = 0;
    for (int i = 0; i < n; i++)
        if (strcmp(lines[i].text, " ") != 0)
            lines[k++] = lines[i];
    ui_box_size(lines, k, ui->lay.rows, ui->lay.cols, w, h);
    ui_box_place(ui, *w, *h, y, x);
    return k;
}
