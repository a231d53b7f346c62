/* What the screen shows, as data: the look of each square (glyph, colour role, attributes),
 * the title, status and key lines; the side panel is panel.c, the forms and boxes boxes.c.
 * curses_draw.c only puts these on the terminal.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "camelot/explain.h"
#include "camelot/notation.h"
#include "session/text.h"
#include "ui_int.h"

UiColour ui_seat_colour(const CmVariant *v, int s)
{
    static const struct {
        const char *name;
        UiColour c;
    } names[] = {{"white", UI_WHITE},    {"black", UI_BLACK},     {"red", UI_RED},
                 {"green", UI_GREEN},    {"blue", UI_BLUE},       {"yellow", UI_YELLOW},
                 {"purple", UI_MAGENTA}, {"magenta", UI_MAGENTA}, {"cyan", UI_CYAN}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(v->seat[s].name, names[i].name) == 0)
            return names[i].c;
    static const UiColour two[] = {UI_WHITE, UI_BLACK};
    static const UiColour four[] = {UI_RED, UI_GREEN, UI_BLUE, UI_YELLOW};
    return v->nseats == 2 ? two[s & 1] : four[s & 3];
}

/* ---- Squares ------------------------------------------------------------------------------- */

static int owner_of_castle(const CmVariant *v, CmSquare sq)
{
    for (int s = 0; s < v->nseats; s++)
        if (v->sqflags[s][sq] & CM_SQ_OWN)
            return s;
    return -1;
}

/* A piece's glyph tells its seat and kind without colours: in a two-seat game the first
 * seat's pieces are hollow and the second's solid (or 'K M' and 'k m' in ASCII); with more
 * seats each seat has its letter, a capital for a knight and a small one for a man. Colours,
 * when there are any, come on top. */
static void piece_glyph(const Ui *ui, const CmVariant *v, uint8_t cell, char *g, size_t size)
{
    int seat = CM_CELL_SEAT(cell), knight = CM_CELL_KIND(cell) == CM_KNIGHT;
    if (v->nseats == 2 && !ui->opt.ascii) {
        int solid = seat == 1;
        snprintf(g, size, "%s",
                 knight ? (solid ? "\u265e" : "\u2658") : (solid ? "\u265f" : "\u2659"));
        return;
    }
    char c;
    if (v->nseats == 2)
        c = knight ? (seat == 0 ? 'K' : 'k') : (seat == 0 ? 'M' : 'm');
    else
        c = knight ? v->seat[seat].letter : (char)(v->seat[seat].letter - 'A' + 'a');
    snprintf(g, size, "%c", c);
}

void ui_seat_glyph(const Ui *ui, const CmVariant *v, int seat, char *buf, size_t size)
{
    piece_glyph(ui, v != NULL ? v : ui->s->v, (uint8_t)CM_CELL(seat, CM_KNIGHT), buf, size);
}

/* Whether 'sq' is on 'path' (the start excluded when 'skip_start'). */
static int on_path(const CmPath *p, CmSquare sq, int skip_start)
{
    for (int i = skip_start ? 1 : 0; i < p->n; i++)
        if (p->sq[i] == sq)
            return 1;
    return 0;
}

/* The marks of the last move on 'sq' (holding 'cell'): the square it left (a ring, so that
 * it stands out without colours too), the squares it passed, and the pieces it captured.
 * Returns the mark's role, or -1. */
static int last_move_mark(const Ui *ui, CmSquare sq, uint8_t cell, UiCellLook *out)
{
    int mark = -1;
    if (cell == CM_EMPTY && sq == ui->last_path.sq[0]) {
        mark = UI_ROLE_LAST;
        snprintf(out->glyph, sizeof out->glyph, "%s", ui->opt.ascii ? "o" : "\u25cb");
        out->attr = UI_ATTR_BOLD;
    } else if (cell == CM_EMPTY && on_path(&ui->last_path, sq, 1)) {
        mark = UI_ROLE_LAST;
        snprintf(out->glyph, sizeof out->glyph, "%s", ui->opt.ascii ? "." : "\u00b7");
        out->attr = UI_ATTR_BOLD;
    } else if (sq == ui->last_move.to && cell != CM_EMPTY) {
        out->fill = UI_ROLE_LAST;
        out->attr |= UI_ATTR_UNDERLINE;
    }
    if (cell == CM_EMPTY && cm_set_has(&ui->last_move.cap, sq)) {
        mark = UI_ROLE_LAST;
        snprintf(out->glyph, sizeof out->glyph, "%s", ui->opt.ascii ? "x" : "\u00d7");
        out->attr = UI_ATTR_DIM;
    }
    return mark;
}

/* The marks of the move being built on 'sq': its path, its captures, where it may land next
 * and the piece itself. Returns the strongest mark's role ('mark' when there is none). */
static int selection_mark(const Ui *ui, CmSquare sq, int mark, UiCellLook *out)
{
    const UiSelection *sel = &ui->sel;
    CmSquare last = sel->path.sq[sel->path.n - 1];
    if (sq != last && (sq == sel->path.sq[0] || on_path(&sel->path, sq, 1))) {
        mark = UI_ROLE_PATH;
        snprintf(out->glyph, sizeof out->glyph, "%s", ui->opt.ascii ? "+" : "\u2218");
        out->attr = UI_ATTR_BOLD;
    }
    if (cm_set_has(&sel->captured, sq)) {
        mark = UI_ROLE_CAPTURE;
        snprintf(out->glyph, sizeof out->glyph, "%s", ui->opt.ascii ? "x" : "\u00d7");
        out->attr = UI_ATTR_BOLD;
    }
    if (ui->opt.highlight && cm_set_has(&sel->next, sq)) {
        mark = UI_ROLE_TARGET;
        if (sq != sel->path.sq[0] || sel->path.n > 1)
            snprintf(out->glyph, sizeof out->glyph, "%s", ui->opt.ascii ? "*" : "\u2022");
        out->attr = UI_ATTR_BOLD;
    }
    if (sq == last) {
        mark = UI_ROLE_SELECTED;
        out->attr = UI_ATTR_BOLD | UI_ATTR_UNDERLINE;
    }
    return mark;
}

void ui_square_look(const Ui *ui, CmSquare sq, UiCellLook *out)
{
    const CmVariant *v = ui->s->v;
    const CmPosition *pos = ui_shown_position(ui);
    int building = ui->sel.active && (ui->mode == UI_MODE_PLAY || ui->mode == UI_MODE_LINE);
    const UiSelection *sel = &ui->sel;
    int teach = ui->opt.highlight;
    const char *dot = ui->opt.ascii ? "." : "\u00b7";

    memset(out, 0, sizeof *out);
    if (!cm_variant_on(v, sq)) {
        snprintf(out->glyph, sizeof out->glyph, " ");
        out->role = out->fill = UI_ROLE_NORMAL;
        return;
    }
    out->on = 1;

    /* The cell as the move being built leaves it: the piece at its last landing. */
    uint8_t cell = pos->board[sq];
    CmSquare last = building ? sel->path.sq[sel->path.n - 1] : 0;
    if (building && sel->path.n > 1) {
        if (sq == sel->path.sq[0])
            cell = CM_EMPTY;
        if (sq == last)
            cell = pos->board[sel->path.sq[0]];
    }

    /* The square itself. */
    int owner = owner_of_castle(v, sq);
    int dark = (CM_FILE(sq) + CM_RANK(sq)) % 2 == 0;
    if (owner >= 0) {
        out->role = UI_ROLE_CASTLE + (int)ui_seat_colour(v, owner);
        snprintf(out->glyph, sizeof out->glyph, "#");
    } else {
        out->role = dark ? UI_ROLE_SQ_DARK : UI_ROLE_SQ_LIGHT;
        snprintf(out->glyph, sizeof out->glyph, "%s", ui->opt.color256 ? " " : dot);
        if (!ui->opt.color256)
            out->attr |= UI_ATTR_DIM;
    }
    out->fill = out->role;
    if (cell != CM_EMPTY) {
        piece_glyph(ui, ui->s->v, cell, out->glyph, sizeof out->glyph);
        out->role = UI_ROLE_PIECE + (int)ui_seat_colour(v, CM_CELL_SEAT(cell));
        out->attr = UI_ATTR_BOLD;
    }

    /* A position being set up has no marks but the cursor. */
    if (pos == &ui->edit_pos) {
        if (sq == ui->cursor)
            out->attr |= UI_ATTR_REVERSE;
        return;
    }

    /* Marks, the strongest last; a mark colours the whole cell. */
    int human = ui->mode != UI_MODE_REVIEW && session_human_to_move(ui->s);
    int mark = -1;
    if (ui->has_last && (teach || ui->mode == UI_MODE_REVIEW) && !building)
        mark = last_move_mark(ui, sq, cell, out);
    if (teach && human && !building && ui->ob.kind != CM_OBLIGE_NONE &&
        cm_set_has(&ui->ob.pieces, sq)) {
        mark = UI_ROLE_OBLIGED;
        out->attr = UI_ATTR_BOLD;
    }
    if (ui->has_hint && human && !building && on_path(&ui->hint_path, sq, 0)) {
        mark = UI_ROLE_HINT;
        if (cell == CM_EMPTY)
            snprintf(out->glyph, sizeof out->glyph, "%s", ui->opt.ascii ? "+" : "\u2218");
        out->attr |= UI_ATTR_BOLD;
    }
    if (building)
        mark = selection_mark(ui, sq, mark, out);
    if (mark >= 0)
        out->role = out->fill = mark;
    if (sq == ui->cursor && (ui->mode == UI_MODE_PLAY || ui->mode == UI_MODE_LINE))
        out->attr |= UI_ATTR_REVERSE;
}

/* ---- Lines --------------------------------------------------------------------------------- */

const char *ui_seat_kind_text(const Ui *ui, int seat, char *buf, size_t size)
{
    if (session_seat_human(ui->s, seat))
        snprintf(buf, size, "%s", session_humans(ui->s) == 1 ? "you" : "human");
    else
        snprintf(buf, size, "engine %d", ui->s->setup.seat[seat].level);
    return buf;
}

void ui_outcome_sentence(const Ui *ui, char *buf, size_t size)
{
    const Session *g = ui->s;
    session_outcome_sentence(g, buf, size);
}

void ui_title_text(const Ui *ui, char *buf, size_t size)
{
    const CmVariant *v = ui->s->v;
    const Session *g = ui->s;
    char sq[4], length[64];
    const UiBoard *b = ui_board(ui);
    if (b != NULL && b->title != NULL && b->title(ui, buf, size))
        return;
    if (ui->mode == UI_MODE_REVIEW) {
        snprintf(buf, size, "%s - review, ply %d of %d", v->title, ui->review_ply, g->g.n);
        return;
    }
    if (ui_shown_position(ui) == &ui->edit_pos) {
        snprintf(buf, size, "%s - setting up a position   [%s]", v->title,
                 cm_square_name(ui->cursor, sq));
        return;
    }
    int round = g->g.n / v->nseats + 1;
    char online[64] = "";
    if (ui_online(ui))
        ui_online_title(ui, online, sizeof online);
    text_game_length(v->nseats, g->g.n, length, sizeof length);
    if (g->outcome.over)
        snprintf(buf, size, "%s - game over after %s%s", v->title, length, online);
    else
        snprintf(buf, size, "%s - move %d, %s to move%s   [%s]%s", v->title, round,
                 v->seat[g->g.pos.to_move].name, g->paused ? " (paused)" : "",
                 cm_square_name(ui->cursor, sq), online);
}

int ui_wrap(const char *text, int width, UiSpan *lines, int max)
{
    int n = 0, at = 0, len = (int)strlen(text);
    if (width < 1)
        width = 1;
    while (n < max && at < len) {
        int cut = len - at;
        if (cut > width) {
            cut = width;
            while (cut > 0 && text[at + cut] != ' ')
                cut--;
            if (cut == 0)
                cut = width;
        }
        lines[n].start = at;
        lines[n].len = cut;
        n++;
        at += cut;
        while (text[at] == ' ')
            at++;
    }
    return n;
}

int ui_first_seat(const Ui *ui)
{
    return ui->nmoves > 0 ? ui->moves[0].seat : 0;
}

/* In review, the move just reviewed: "Move 3, White played E5-E7." */
static void review_text(const Ui *ui, char *buf, size_t size)
{
    const CmVariant *v = ui->s->v;
    int ply = ui->review_ply;
    if (ply <= 0 || ply > ui->nmoves) {
        snprintf(buf, size, "The start position, before the first move.");
        return;
    }
    const UiMoveText *t = &ui->moves[ply - 1];
    int len =
        snprintf(buf, size, "Move %d, %s played %s", (ply - 1 + ui_first_seat(ui)) / v->nseats + 1,
                 v->seat[t->seat].name, t->text);
    if (len < 0 || (size_t)len >= size)
        return;
    /* The engine's verdict, when it reviewed the move and marked it. */
    const AnalysisPly *p = ply - 1 < ui->nreviewed ? &ui->reviewed[ply - 1] : NULL;
    if (p != NULL && p->mark != ANALYSIS_MARK_NONE)
        snprintf(buf + len, size - (size_t)len,
                 "%s: %s %s, a loss of %d.%02d (to win: %.0f%% to %.0f%%); better %s.",
                 analysis_mark_sign(p->mark), p->mark == ANALYSIS_MARK_INACCURACY ? "an" : "a",
                 analysis_mark_name(p->mark), p->loss / 100, p->loss % 100,
                 100 * analysis_chance(p->best_score), 100 * analysis_chance(p->score), p->best);
    else
        snprintf(buf + len, size - (size_t)len, ".");
}

void ui_status_text(const Ui *ui, char *buf, size_t size)
{
    const CmVariant *v = ui->s->v;
    const Session *g = ui->s;
    const UiSelection *sel = &ui->sel;
    int s = g->g.pos.to_move;
    char a[4], b[4], ob[CM_EXPLAIN_MAX], kind[24];

    if (ui->mode == UI_MODE_LINE && ui->line_export) {
        snprintf(buf, size, "Export to (a path; .yaml and .txt are added): %s", ui->line);
        return;
    }
    if (ui_online(ui) && !sel->active && ui_online_status(ui, buf, size))
        return;
    if (ui->mode == UI_MODE_EDIT) {
        ui_edit_status(ui, buf, size);
        return;
    }
    if (ui->mode == UI_MODE_LINE) {
        snprintf(buf, size, "Move for %s (WCF notation, Enter plays, Esc cancels): %s",
                 v->seat[s].name, ui->line);
        return;
    }
    if (ui->mode == UI_MODE_REVIEW) {
        review_text(ui, buf, size);
        return;
    }
    if (ui->mode == UI_MODE_ASK && ui->ask == UI_ASK_EXPORT) {
        snprintf(buf, size, "Export to %s: write over what is there? y writes over it, n keeps it.",
                 ui->line);
        return;
    }
    if (ui->mode == UI_MODE_ASK && ui->ask == UI_ASK_RESIGN) {
        snprintf(buf, size, "%s: resign the game%s? y resigns, n plays on.",
                 v->seat[ui->ask_seat].name, v->nteams < v->nseats ? " for your team" : "");
        return;
    }
    if (ui->mode == UI_MODE_ASK) {
        snprintf(buf, size, "%s offers a draw. %s, do you accept? (y/n)",
                 v->seat[g->offer_from].name, v->seat[ui->ask_seat].name);
        return;
    }
    const UiBoard *board = ui_board(ui);
    if (board != NULL && board->status != NULL && board->status(ui, buf, size))
        return;
    if (g->outcome.over) {
        ui_outcome_sentence(ui, buf, size);
        return;
    }
    if (g->searching == ENGINE_JOB_DRAW) {
        snprintf(buf, size, "%s offers a draw: %s (engine) is thinking about it.",
                 v->seat[g->offer_from].name, v->seat[g->search_seat].name);
        return;
    }
    if (g->paused) {
        snprintf(buf, size, "Paused: p to go on.");
        return;
    }
    if (!session_seat_human(g, s)) {
        if (g->has_held)
            snprintf(buf, size, "%s (%s) has its move ready: it waits for the pace (m plays it).",
                     v->seat[s].name, ui_seat_kind_text(ui, s, kind, sizeof kind));
        else if (g->searching == ENGINE_JOB_MOVE)
            snprintf(buf, size, "%s (%s) is thinking. Press m to make it move now.",
                     v->seat[s].name, ui_seat_kind_text(ui, s, kind, sizeof kind));
        else
            snprintf(buf, size, "%s (%s) is to move.", v->seat[s].name,
                     ui_seat_kind_text(ui, s, kind, sizeof kind));
        return;
    }
    if (!sel->active) {
        cm_obligation_str(&g->g.pos, &ui->ob, ob, sizeof ob);
        text_sentence(ob, sizeof ob);
        if (ob[0])
            snprintf(buf, size, "%s to move. %s", v->seat[s].name, ob);
        else
            snprintf(buf, size, "%s to move: pick a piece with Enter, or type : and a move.",
                     v->seat[s].name);
        return;
    }
    CmSquare from = sel->path.sq[0], last = sel->path.sq[sel->path.n - 1];
    uint8_t cell = g->g.pos.board[from];
    const char *what = CM_CELL_KIND(cell) == CM_KNIGHT ? "Knight" : "Man";
    const char *what_lower = CM_CELL_KIND(cell) == CM_KNIGHT ? "knight" : "man";
    cm_square_name(from, a);
    cm_square_name(last, b);
    int jumping = sel->path.n > 1 && sel->path.jump[sel->path.n - 1];
    if (sel->path.n == 1) {
        if (cm_set_empty(&sel->next))
            snprintf(buf, size,
                     "%s on %s: it has a move, but no square to land on is shown. "
                     "Type it with :.",
                     what, a);
        else
            snprintf(buf, size, "%s on %s: move to a %s square (Esc drops it).", what, a,
                     ui->opt.highlight ? "highlighted" : "legal");
    } else if (sel->complete && !cm_set_empty(&sel->next)) {
        snprintf(buf, size, "%s %s on %s: press Enter to stop here, or leap on.", what,
                 jumping ? "jumping" : "cantering", b);
    } else if (jumping) {
        snprintf(buf, size, "The jump must go on: the %s on %s has to capture again.", what_lower,
                 b);
    } else if (CM_CELL_KIND(cell) == CM_KNIGHT && !sel->complete) {
        snprintf(buf, size,
                 "Knight on %s: it may not stop next to an enemy it could jump; "
                 "leap on and capture.",
                 b);
    } else {
        snprintf(buf, size, "%s on %s: leap on (Backspace takes a leap back).", what, b);
    }
}

void ui_foot(const Ui *ui, UiFoot *f)
{
    const UiLayout *l = &ui->lay;
    UiSpan st[UI_MSG_ROWS], msg[UI_MSG_ROWS];
    int width = l->cols > 0 ? l->cols : 1;

    ui_status_text(ui, f->status, sizeof f->status);
    /* With no row of its own, the message shows only when it is an error, instead of the
     * teaching line. */
    int has_msg = ui->msg[0] && (l->msg_y != l->status_y || ui->msg_role == UI_ROLE_ERROR);
    int ns = has_msg && l->msg_y == l->status_y ? 0 : ui_wrap(f->status, width, st, UI_MSG_ROWS);
    int nm = has_msg ? ui_wrap(ui->msg, width, msg, UI_MSG_ROWS) : 0;
    /* The rows from the bottom: the message ends on its row, the teaching line on its own or
     * just above the message. Short of room below the board, they take the message's row,
     * then the key reminder's. */
    int need = ns + nm, below = l->board_y + l->board_h;
    int bottom = nm > 0 ? l->msg_y : l->status_y;
    if (bottom - need + 1 < below)
        bottom = l->msg_y;
    f->keys = l->keys_y >= 0;
    if (bottom - need + 1 < below && f->keys) {
        f->keys = 0;
        bottom = l->keys_y;
    }
    int top = bottom - need + 1;
    /* Only on a terminal of a few rows: the first rows go. */
    int skip = top < 0 ? -top : 0;
    top += skip;
    f->top = top < l->status_y ? top : l->status_y;
    f->n = 0;
    for (int i = skip; i < need; i++) {
        int m = i - ns;
        f->line[f->n].y = top + f->n;
        f->line[f->n].role = m < 0 ? UI_ROLE_STATUS : ui->msg_role;
        f->line[f->n].text = m < 0 ? f->status + st[i].start : ui->msg + msg[m].start;
        f->line[f->n].len = m < 0 ? st[i].len : msg[m].len;
        f->n++;
    }
}

const char *ui_keys_text(const Ui *ui, char *buf, size_t size)
{
    unsigned state;
    if (ui->lobby != NULL && (ui->mode == UI_MODE_LOBBY || ui_online(ui))) {
        const char *keys = ui_online_keys(ui);
        if (keys != NULL)
            return keys;
    }
    int set = ui_key_set(ui, ui->mode, &state);
    if (set >= 0)
        return ui_key_bar((UiKeySet)set, state, buf, size);
    switch (ui->mode) {
    case UI_MODE_LINE:
        return ui->line_export ? "Enter export  Esc cancel  Backspace delete"
                               : "Enter play  Esc cancel  Backspace delete";
    case UI_MODE_EDIT:
        return "Enter piece  Del lift  t turn  c castle  C empty  S start  d play  x export";
    case UI_MODE_RULES:
        return "Up/Down scroll  PgUp/PgDn page  q close";
    case UI_MODE_NEWGAME:
        return "Up/Down field  Left/Right change  Enter start  Esc cancel";
    case UI_MODE_LOAD:
        return "Up/Down pick  Enter load  Esc cancel";
    case UI_MODE_ASK:
        return "y yes  n no";
    default:
        return "";
    }
}

void ui_pace_text(uint64_t ms, char *buf, size_t size)
{
    unsigned s = (unsigned)(ms / 1000), frac = (unsigned)(ms % 1000);
    if (frac == 0)
        snprintf(buf, size, "%u s", s);
    else if (frac % 100 == 0)
        snprintf(buf, size, "%u.%u s", s, frac / 100);
    else if (frac % 10 == 0)
        snprintf(buf, size, "%u.%02u s", s, frac / 10);
    else
        snprintf(buf, size, "%u.%03u s", s, frac);
}

uint64_t ui_pace_step(uint64_t ms, int dir)
{
    static const uint64_t ladder[] = {
        0, 250, 500, 1000, 2000, 3000, 5000, 10000, 20000, 30000, SESSION_PACE_MAX_MS};
    int n = (int)(sizeof ladder / sizeof ladder[0]);
    if (dir > 0) {
        for (int i = 0; i < n; i++)
            if (ladder[i] > ms)
                return ladder[i];
        return ladder[n - 1];
    }
    for (int i = n - 1; i >= 0; i--)
        if (ladder[i] < ms)
            return ladder[i];
    return 0;
}

void ui_teams_text(const CmVariant *v, char *buf, size_t size)
{
    char t[2][64];
    for (int tm = 0; tm < 2; tm++) {
        size_t len = 0;
        t[tm][0] = '\0';
        for (int s = 0; tm < v->nteams && s < v->nseats && len < sizeof t[tm]; s++)
            if (v->team_seats[tm] >> s & 1)
                len += (size_t)snprintf(t[tm] + len, sizeof t[tm] - len, "%s%s", len ? "+" : "",
                                        v->seat[s].name); /* cut at the end, no further */
    }
    snprintf(buf, size, "%s v %s", t[0], t[1]);
}

int ui_line_vadd(UiLine *lines, int n, int max, int role, int seat, const char *fmt, va_list ap)
{
    if (n >= max)
        return n;
    vsnprintf(lines[n].text, sizeof lines[n].text, fmt, ap);
    lines[n].role = role;
    lines[n].seat = seat;
    lines[n].v = NULL;
    return n + 1;
}

int ui_add(UiLine *lines, int n, int max, int role, int seat, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    n = ui_line_vadd(lines, n, max, role, seat, fmt, ap);
    va_end(ap);
    return n;
}
