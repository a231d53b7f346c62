/* What the screen shows, as data: the look of each square (glyph, colour role, attributes),
 * the title, status and key lines, the side panel, the forms and boxes. curses_draw.c only
 * puts these on the terminal.
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
static void piece_glyph(const Ui *ui, uint8_t cell, char *g, size_t size)
{
    const CmVariant *v = ui->s->v;
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

void ui_seat_glyph(const Ui *ui, int seat, char *buf, size_t size)
{
    piece_glyph(ui, (uint8_t)CM_CELL(seat, CM_KNIGHT), buf, size);
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
        piece_glyph(ui, cell, out->glyph, sizeof out->glyph);
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

static const char *seat_kind_text(const Ui *ui, int seat, char *buf, size_t size)
{
    if (session_seat_human(ui->s, seat))
        snprintf(buf, size, "%s", session_humans(ui->s) == 1 ? "you" : "human");
    else
        snprintf(buf, size, "engine %d", ui->s->setup.seat[seat].level);
    return buf;
}

/* How the game ended, as a sentence. */
static void outcome_sentence(const Ui *ui, char *buf, size_t size)
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

/* The seat of the first move of the list, where its round starts: 0 unless the game started
 * with another seat to move (a puzzle of Black's, a position set up). */
static int first_seat(const Ui *ui)
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
    int len = snprintf(buf, size, "Move %d, %s played %s",
                       (ply - 1 + first_seat(ui)) / v->nseats + 1, v->seat[t->seat].name, t->text);
    if (len < 0 || (size_t)len >= size)
        return;
    /* The engine's verdict, when it reviewed the move and marked it. */
    const AnalysisPly *p = ply - 1 < ui->nreviewed ? &ui->reviewed[ply - 1] : NULL;
    if (p != NULL && p->mark != ANALYSIS_MARK_NONE)
        snprintf(buf + len, size - (size_t)len, "%s: %s %s, a loss of %d.%02d; better %s.",
                 analysis_mark_sign(p->mark), p->mark == ANALYSIS_MARK_INACCURACY ? "an" : "a",
                 analysis_mark_name(p->mark), p->loss / 100, p->loss % 100, p->best);
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
        outcome_sentence(ui, buf, size);
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
                     v->seat[s].name, seat_kind_text(ui, s, kind, sizeof kind));
        else if (g->searching == ENGINE_JOB_MOVE)
            snprintf(buf, size, "%s (%s) is thinking. Press m to make it move now.",
                     v->seat[s].name, seat_kind_text(ui, s, kind, sizeof kind));
        else
            snprintf(buf, size, "%s (%s) is to move.", v->seat[s].name,
                     seat_kind_text(ui, s, kind, sizeof kind));
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

static int add(UiLine *lines, int n, int max, int role, int seat, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
int ui_line_vadd(UiLine *lines, int n, int max, int role, int seat, const char *fmt, va_list ap)
{
    if (n >= max)
        return n;
    vsnprintf(lines[n].text, sizeof lines[n].text, fmt, ap);
    lines[n].role = role;
    lines[n].seat = seat;
    return n + 1;
}

static int add(UiLine *lines, int n, int max, int role, int seat, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    n = ui_line_vadd(lines, n, max, role, seat, fmt, ap);
    va_end(ap);
    return n;
}

static void count_pieces(const CmPosition *pos, int seat, int *knights, int *men)
{
    *knights = *men = 0;
    CmSquareSet s = pos->occ[seat];
    while (!cm_set_empty(&s)) {
        CmSquare sq = cm_set_pop(&s);
        if (CM_CELL_KIND(pos->board[sq]) == CM_KNIGHT)
            (*knights)++;
        else
            (*men)++;
    }
}

/* The seats: turn marker, name, who plays it, pieces left, clock; the teams; castle moves. */
static int panel_seats(const Ui *ui, uint64_t now, UiLine *lines, int n, int max)
{
    const CmVariant *v = ui->s->v;
    const Session *g = ui->s;
    const CmPosition *pos = ui_shown_position(ui);
    char kind[24], clock[CM_MAX_SEATS][24], pieces[24];
    int clock_w = 0;

    /* The clocks right-aligned to the widest, so that "9:59" stands under "10:00". */
    for (int s = 0; s < v->nseats && s < CM_MAX_SEATS; s++) {
        clock[s][0] = '\0';
        if (g->setup.time_base_ms > 0)
            text_clock(session_clock_left(g, s, now), clock[s], sizeof clock[s]);
        if ((int)strlen(clock[s]) > clock_w)
            clock_w = (int)strlen(clock[s]);
    }
    n = add(lines, n, max, UI_ROLE_HEADING, -1, "Players");
    for (int s = 0; s < v->nseats; s++) {
        int k, m;
        count_pieces(pos, s, &k, &m);
        if (m > 0 || v->nseats == 2)
            snprintf(pieces, sizeof pieces, "K%d M%d", k, m);
        else
            snprintf(pieces, sizeof pieces, "K%d", k);
        int turn = !g->outcome.over && pos->to_move == s;
        n = add(lines, n, max, turn ? UI_ROLE_TITLE : UI_ROLE_NORMAL, s, "%s%-7s %-9s %-7s %*s",
                turn ? ">" : " ", v->seat[s].name, seat_kind_text(ui, s, kind, sizeof kind), pieces,
                clock_w, clock[s]);
    }
    if (g->paused)
        n = add(lines, n, max, UI_ROLE_ERROR, -1, "Paused: p to go on");
    if (session_paced(g)) {
        char pace[32];
        ui_pace_text(g->pace_ms, pace, sizeof pace);
        n = add(lines, n, max, UI_ROLE_DIM, -1, "Pace %s  (< > change)", pace);
    }
    if (v->nteams < v->nseats) {
        char teams[128];
        ui_teams_text(v, teams, sizeof teams);
        n = add(lines, n, max, UI_ROLE_DIM, -1, "Teams: %s", teams);
    }
    if (v->rules.castle_moves > 0) {
        char cm[64];
        size_t len = 0;
        for (int s = 0; s < v->nseats; s++)
            len += (size_t)snprintf(cm + len, sizeof cm - len, " %c %d", v->seat[s].letter,
                                    v->rules.castle_moves - pos->castle_used[s]);
        n = add(lines, n, max, UI_ROLE_DIM, -1, "Castle moves left:%s", cm);
    }
    return n;
}

/* ---- Moves in the panel ------------------------------------------------------------------ */

/* How much of a move's written path 'text' ('len' bytes) goes on a line of 'room' columns:
 * all of it when it fits, else up to the sign ('-' or 'x') of the last leap that fits, so that
 * no square is split. */
static int move_piece(const char *text, int len, int room)
{
    if (room < 1)
        room = 1;
    if (len <= room)
        return len;
    for (int k = room; k > 0; k--)
        if (text[k - 1] == '-' || text[k - 1] == 'x')
            return k;
    return room;
}

int ui_move_lines(UiLine *lines, int n, int max, int role, const char *head, int indent,
                  const char *text, int width)
{
    int len = (int)strlen(text), count = 0;
    do {
        int pad = count == 0 ? 0 : indent + 2;
        int room = width - (count == 0 ? indent : pad);
        int k = move_piece(text, len, room);
        if (lines != NULL && n + count < max) {
            UiLine *l = &lines[n + count];
            snprintf(l->text, sizeof l->text, "%*s%s%.*s", pad, "", count == 0 ? head : "", k,
                     text);
            l->role = role;
            l->seat = -1;
        }
        count++;
        text += k;
        len -= k;
    } while (len > 0);
    return count;
}

/* The text of ply 'i' in the move list: the move, and the sign of the engine's mark when it
 * reviewed the move ("E6-E8?!"). */
static const char *move_shown(const Ui *ui, int i, char *buf, size_t size)
{
    const char *sign =
        i < ui->nreviewed ? analysis_mark_sign((AnalysisMark)ui->reviewed[i].mark) : "";
    if (sign[0] == '\0')
        return ui->moves[i].text;
    snprintf(buf, size, "%s%s", ui->moves[i].text, sign);
    return buf;
}

/* Highlights columns 'from' .. 'from + len' of line 'n' as the move marked. */
static void highlight(UiLine *lines, int n, int max, int from, int len)
{
    if (lines == NULL || n >= max)
        return;
    lines[n].hl_from = from;
    lines[n].hl_len = len;
}

/* The lines of round 'r' of the move list (one move in a game of more than two seats): a line
 * when its moves fit their columns, else a line or more for each move. The move of ply 'mark'
 * is highlighted, and no other (a move alone on its lines has them highlighted). With 'lines'
 * NULL it only counts. Returns how many. */
static int round_lines(const Ui *ui, int r, int width, int mark, UiLine *lines, int n, int max)
{
    const CmVariant *v = ui->s->v;
    char head[32], ta[CM_MOVE_TEXT_MAX + 4], tb[CM_MOVE_TEXT_MAX + 4];
    int off = first_seat(ui);
    if (v->nseats != 2) {
        const UiMoveText *m = &ui->moves[r];
        int slot = r + off, round = slot / v->nseats + 1;
        int indent = snprintf(head, sizeof head, "%3d%c %c ", round,
                              slot % v->nseats == 0 || r == 0 ? '.' : ' ', v->seat[m->seat].letter);
        return ui_move_lines(lines, n, max, r == mark ? UI_ROLE_FIELD : UI_ROLE_NORMAL, head,
                             indent, move_shown(ui, r, ta, sizeof ta), width);
    }
    /* Round r holds the plies of slots 2r and 2r + 1: a game that began with the second seat
     * to move has its first slot empty ("..."). */
    int pa = 2 * r - off, pb = 2 * r + 1 - off;
    const char *a = pa >= 0 ? move_shown(ui, pa, ta, sizeof ta) : "...";
    const char *b = pb < ui->nmoves ? move_shown(ui, pb, tb, sizeof tb) : "";
    int ra = pa >= 0 && pa == mark ? UI_ROLE_FIELD : UI_ROLE_NORMAL;
    int rb = pb == mark ? UI_ROLE_FIELD : UI_ROLE_NORMAL;
    int indent = snprintf(head, sizeof head, "%3d. ", r + 1);
    int col = (width - indent) / 2;
    if (col > UI_MOVE_COL)
        col = UI_MOVE_COL;
    if (col < 8)
        col = 8;
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la <= col && lb <= col && indent + col + 1 + lb <= width) {
        if (lines != NULL && n < max) {
            snprintf(lines[n].text, sizeof lines[n].text, "%s%-*s %s", head, col, a, b);
            lines[n].role = UI_ROLE_NORMAL;
            lines[n].seat = -1;
            if (ra == UI_ROLE_FIELD)
                highlight(lines, n, max, indent, la);
            else if (rb == UI_ROLE_FIELD)
                highlight(lines, n, max, indent + col + 1, lb);
        }
        return 1;
    }
    /* A move too long for its column: each move on lines of its own, the second seat's in its
     * column when it fits there. */
    int count = ui_move_lines(lines, n, max, ra, head, indent, a, width);
    if (lb == 0)
        return count;
    if (lb <= col && indent + col + 1 + lb <= width) {
        char pad[64];
        snprintf(pad, sizeof pad, "%*s", indent + col + 1, "");
        return count + ui_move_lines(lines, n + count, max, rb, pad, indent + col + 1, b, width);
    }
    snprintf(head, sizeof head, "%*s", indent, "");
    return count + ui_move_lines(lines, n + count, max, rb, head, indent, b, width);
}

int ui_move_list(const Ui *ui, int width, UiLine *lines, int n, int max)
{
    const CmVariant *v = ui->s->v;
    n = add(lines, n, max, UI_ROLE_HEADING, -1, "Moves");
    int room = max - n;
    if (room <= 0)
        return n;
    int per_line = v->nseats == 2 ? 2 : 1;
    int off = per_line == 2 ? first_seat(ui) : 0;
    int total = (ui->nmoves + off + per_line - 1) / per_line;
    if (total == 0)
        return add(lines, n, max, UI_ROLE_DIM, -1, "(none yet)");
    int review = ui->mode == UI_MODE_REVIEW;
    int mark = review ? ui->review_ply - 1 : ui->nmoves - 1;
    /* The round that must show: the one reviewed, or the last one scrolled to. */
    int anchor = review ? (mark > 0 ? (mark + off) / per_line : 0) : total - 1 - ui->moves_scroll;
    if (anchor < 0)
        anchor = 0;
    if (anchor >= total)
        anchor = total - 1;
    int first = anchor, last = anchor, used = round_lines(ui, anchor, width, -1, NULL, 0, 0);
    /* In review, up to half the room for the rounds after it; then earlier rounds, then later
     * ones, while they fit. */
    int after = 0;
    while (review && last + 1 < total) {
        int h = round_lines(ui, last + 1, width, -1, NULL, 0, 0);
        if (used + h > room || after + h > room / 2)
            break;
        last++;
        used += h;
        after += h;
    }
    while (first > 0) {
        int h = round_lines(ui, first - 1, width, -1, NULL, 0, 0);
        if (used + h > room)
            break;
        first--;
        used += h;
    }
    while (last + 1 < total) {
        int h = round_lines(ui, last + 1, width, -1, NULL, 0, 0);
        if (used + h > room)
            break;
        last++;
        used += h;
    }
    for (int r = first; r <= last && n < max; r++) {
        int h = round_lines(ui, r, width, mark, lines, n, max);
        n = n + h < max ? n + h : max;
    }
    return n;
}

/* The engine's line after "pv ": whole moves, as many as fit in 'width' columns, then '…' when
 * some are left out (a first move longer than a line is wrapped between its leaps). */
static int panel_pv(const Ui *ui, int width, UiLine *lines, int n, int max)
{
    const char *more = ui->opt.ascii ? "..." : "\u2026";
    int more_w = ui->opt.ascii ? 3 : 1;
    char buf[UI_PV_MAX], text[sizeof lines[0].text];
    snprintf(buf, sizeof buf, "%s", ui->pv_text);
    char *save = NULL, *tok[UI_PV_MAX / 2];
    int ntok = 0;
    for (char *t = strtok_r(buf, " ", &save); t != NULL && ntok < UI_PV_MAX / 2;
         t = strtok_r(NULL, " ", &save))
        tok[ntok++] = t;
    /* The session's own cut mark, when it had no room for the whole line. */
    int cut = ntok > 0 && strcmp(tok[ntok - 1], "...") == 0;
    if (cut)
        ntok--;
    if (ntok == 0)
        return n;
    int len = snprintf(text, sizeof text, "pv");
    int shown = 0;
    for (; shown < ntok; shown++) {
        int w = 1 + (int)strlen(tok[shown]);
        int rest = shown + 1 < ntok || cut;
        if (len + w + (rest ? 1 + more_w : 0) > width)
            break;
        len += snprintf(text + len, sizeof text - (size_t)len, " %s", tok[shown]);
    }
    if (shown == 0) {
        /* The first move alone is longer than the line. */
        int h = ui_move_lines(lines, n, max, UI_ROLE_DIM, "pv ", 3, tok[0], width);
        n = n + h < max ? n + h : max;
        if (ntok > 1 || cut)
            n = add(lines, n, max, UI_ROLE_DIM, -1, "   %s", more);
        return n;
    }
    if (shown < ntok || cut)
        snprintf(text + len, sizeof text - (size_t)len, " %s", more);
    return add(lines, n, max, UI_ROLE_DIM, -1, "%s", text);
}

/* The engine: what it is doing or last did, its depth and score, and its line. */
static int panel_engine(const Ui *ui, int width, UiLine *lines, int n, int max)
{
    const CmVariant *v = ui->s->v;
    const Session *g = ui->s;
    char score[32];

    if (!g->searching && g->info_seat < 0)
        return n;
    int s = g->searching ? g->search_seat : g->info_seat;
    n = add(lines, n, max, UI_ROLE_HEADING, -1, "Engine");
    if (g->searching == ENGINE_JOB_HINT)
        n = add(lines, n, max, UI_ROLE_NORMAL, s, "looking for a hint for %s", v->seat[s].name);
    else if (g->searching)
        n = add(lines, n, max, UI_ROLE_NORMAL, s, "%s thinking (level %d)", v->seat[s].name,
                g->setup.seat[s].level);
    else if (g->info_purpose == ENGINE_JOB_HINT)
        n = add(lines, n, max, UI_ROLE_DIM, s, "hint for %s, to move", v->seat[s].name);
    else
        n = add(lines, n, max, UI_ROLE_DIM, s, "%s's last search", v->seat[s].name);
    if (g->info_seat >= 0 && (!g->searching || g->info_seq != 0)) {
        char nodes[32];
        unsigned long long k = (unsigned long long)g->info.nodes;
        if (k < 10000)
            snprintf(nodes, sizeof nodes, "%llu node%s", k, k == 1 ? "" : "s");
        else if (k < 10000000)
            snprintf(nodes, sizeof nodes, "%llu kn", k / 1000);
        else
            snprintf(nodes, sizeof nodes, "%llu Mn", k / 1000000);
        /* Every level's score is its search's: a level's weaknesses change the move it plays,
         * never the score it shows (docs/engine.md, "Levels"). */
        text_score(g->info.score, score, sizeof score);
        n = add(lines, n, max, UI_ROLE_NORMAL, -1, "depth %d  score %s  %s", g->info.depth, score,
                nodes);
        n = panel_pv(ui, width, lines, n, max);
    }
    return n;
}

/* The analysis board: where it began, the engine's view of the position and its line. */
static int panel_analysis(const Ui *ui, int width, UiLine *lines, int n, int max)
{
    const UiAnalysis *a = ui->analysis;
    const AnalysisLive *live = &a->live;
    const CmVariant *v = ui->s->v;
    char score[32];
    n = add(lines, n, max, UI_ROLE_HEADING, -1, "Analysis board");
    n = add(lines, n, max, UI_ROLE_DIM, -1, "from ply %d of the game", a->from);
    if (ui->s->nredo > 0)
        n = add(lines, n, max, UI_ROLE_DIM, -1, "%d pl%s ahead (r plays on)", ui->s->nredo,
                ui->s->nredo == 1 ? "y" : "ies");
    if (a->nlines > 0)
        n = add(lines, n, max, UI_ROLE_DIM, -1, "%d other line%s tried (x exports)", a->nlines,
                a->nlines == 1 ? "" : "s");
    n = add(lines, n, max, UI_ROLE_HEADING, -1, "Engine");
    if (live->et == NULL)
        return add(lines, n, max, UI_ROLE_DIM, -1, "no engine: the moves only");
    if (ui->s->outcome.over)
        return add(lines, n, max, UI_ROLE_DIM, -1, "the game is over here");
    if (!live->has_info)
        return add(lines, n, max, UI_ROLE_DIM, live->seat, "%s to move: thinking...",
                   v->seat[live->seat].name);
    text_score(live->info.score, score, sizeof score);
    n = add(lines, n, max, UI_ROLE_NORMAL, live->seat, "%s %s  depth %d%s",
            v->seat[live->seat].name, score, live->info.depth, live->running ? "" : "  (done)");
    n = add(lines, n, max, UI_ROLE_DIM, -1, "%llu kn",
            (unsigned long long)(live->info.nodes / 1000));
    return panel_pv(ui, width, lines, n, max);
}

int ui_analysis_panel(const Ui *ui, int width, UiLine *lines, int max)
{
    return ui_move_list(ui, width, lines, panel_analysis(ui, width, lines, 0, max), max);
}

int ui_panel_lines(const Ui *ui, uint64_t now, int width, UiLine *lines, int max)
{
    if (width > (int)sizeof lines[0].text - 1)
        width = (int)sizeof lines[0].text - 1;
    if (max > 0)
        memset(lines, 0, (size_t)max * sizeof *lines);
    const UiBoard *b = ui_board(ui);
    if (b != NULL && b->panel != NULL)
        return b->panel(ui, width, lines, max);
    if (ui_online(ui)) {
        /* No engine's line in a rated game: hints are not allowed there either. */
        LobbyTable t;
        int n = ui_online_panel(ui, now, width, lines, max);
        if (lobby_table(ui->lobby, ui->s, now, &t) == 0 && !t.rated)
            n = panel_engine(ui, width, lines, n, max);
        return ui_move_list(ui, width, lines, n, max);
    }
    int n = panel_seats(ui, now, lines, 0, max);
    n = panel_engine(ui, width, lines, n, max);
    return ui_move_list(ui, width, lines, n, max);
}

/* The form of a game made on the server. */
static int online_form_lines(const Ui *ui, UiLine *lines, int max)
{
    const UiForm *f = &ui->form;
    const CmVariant *v = f->v;
    int n = 0, nseats = v->nseats;
    char kind[64], tc[64];
    n = add(lines, n, max, UI_ROLE_HEADING, -1, "New game on the server");
    n = add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    n = add(lines, n, max, f->field == 0 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1, "  %-10s < %s >",
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
        /* A swatch of the seat's pieces, when they are the game's on the screen. */
        int swatch = ui->s->active && ui->s->v == v ? seat : -1;
        n = add(lines, n, max, f->field == seat + 1 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, swatch,
                "%s%-10s < %s >", swatch < 0 ? "  " : "", v->seat[seat].name, kind);
    }
    if (f->net.days > 0)
        snprintf(tc, sizeof tc, "%d day%s a move", f->net.days, f->net.days == 1 ? "" : "s");
    else if (f->net.base_ms > 0)
        snprintf(tc, sizeof tc, "%lld min + %lld s a move", (long long)(f->net.base_ms / 60000),
                 (long long)(f->net.inc_ms / 1000));
    else
        snprintf(tc, sizeof tc, "no clocks");
    n = add(lines, n, max, f->field == nseats + 1 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1,
            "  %-10s < %s >", "Clocks", tc);
    n = add(lines, n, max, f->field == nseats + 2 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1,
            "  %-10s < %s >", "Rated", f->net.rated ? "yes" : "no");
    n = add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    n = add(lines, n, max, f->field == nseats + 3 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1,
            "               [ Create ]");
    n = add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    if (f->error[0])
        n = add(lines, n, max, UI_ROLE_ERROR, -1, "%s", f->error);
    n = add(lines, n, max, UI_ROLE_DIM, -1,
            "Up/Down: field. Left/Right: change (an invitation: type the name).");
    n = add(lines, n, max, UI_ROLE_DIM, -1, "Enter: create. Esc: back.");
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
    n = add(lines, n, max, UI_ROLE_HEADING, -1, "New game");
    n = add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    n = add(lines, n, max, f->field == 0 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1, "  %-10s < %s >",
            "Variant", v->title);
    for (int s = 0; s < v->nseats; s++) {
        const SeatSetup *ss = &f->setup.seat[s];
        if (ss->kind == SEAT_HUMAN)
            snprintf(kind, sizeof kind, "human");
        else
            snprintf(kind, sizeof kind, "engine, level %d (about %d)", ss->level,
                     cm_engine_level_rating(ss->level));
        n = add(lines, n, max, f->field == s + 1 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, s,
                "%-10s < %s >", v->seat[s].name, kind);
    }
    char tc[64];
    if (f->setup.time_base_ms == 0)
        snprintf(tc, sizeof tc, "no clocks");
    else
        snprintf(tc, sizeof tc, "%lld min + %lld s a move",
                 (long long)(f->setup.time_base_ms / 60000),
                 (long long)(f->setup.time_inc_ms / 1000));
    n = add(lines, n, max, f->field == v->nseats + 1 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1,
            "  %-10s < %s >", "Clocks", tc);
    n = add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    n = add(lines, n, max, f->field == v->nseats + 2 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1,
            "               [ Start ]");
    n = add(lines, n, max, f->field == v->nseats + 3 ? UI_ROLE_FIELD : UI_ROLE_NORMAL, -1,
            "               [ Lessons: learn the rules ]");
    n = add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    if (f->error[0])
        n = add(lines, n, max, UI_ROLE_ERROR, -1, "%s", f->error);
    if (ui->s->env.engine == NULL)
        n = add(lines, n, max, UI_ROLE_DIM, -1, "(no engine: every seat is played by people)");
    n = add(lines, n, max, UI_ROLE_DIM, -1,
            "Up/Down: field. Left/Right: change. Enter: start. Esc: back.");
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
    n = add(lines, n, max, UI_ROLE_HEADING, -1, "Load a game from %s", ui->s->env.data_dir);
    n = add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
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
            n = add(lines, n, max, role, -1, " %s  %-*s  %*.*s  %s%s", when, c.variant, e->variant,
                    c.length, save_length(e, c.short_length), e->length, e->state,
                    e->autosave ? "  (autosave)" : "");
        else
            n = add(lines, n, max, role, -1, " %s  %s%s", when, e->state,
                    e->autosave ? "  (autosave)" : "");
    }
    n = add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
    n = add(lines, n, max, UI_ROLE_DIM, -1, "Up/Down: pick. Enter: load. Esc: back.");
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
    outcome_sentence(ui, s, sizeof s);
    n = add(lines, n, max, UI_ROLE_HEADING, -1, "Game over");
    int k = ui_wrap(s, width, span, 4);
    for (int i = 0; i < k; i++)
        n = add(lines, n, max, UI_ROLE_TITLE, -1, "%.*s", span[i].len, s + span[i].start);
    /* The move that ended the game, which the box may hide in the move list. */
    if (ui->s->g.n > 0 && ui->nmoves == ui->s->g.n) {
        const UiMoveText *t = &ui->moves[ui->nmoves - 1];
        char head[64];
        int indent = snprintf(head, sizeof head, "%s played ", ui->s->v->seat[t->seat].name);
        char move[CM_MOVE_TEXT_MAX + 1];
        snprintf(move, sizeof move, "%s.", t->text);
        n = add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
        int h = ui_move_lines(lines, n, max, UI_ROLE_NORMAL, head, indent, move, width);
        n = n + h < max ? n + h : max;
    }
    n = add(lines, n, max, UI_ROLE_NORMAL, -1, " ");
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
        n = add(lines, n, max, UI_ROLE_NORMAL, -1, "%s", line);
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

void ui_box_place(const Ui *ui, int w, int h, int *y_out, int *x_out)
{
    const UiLayout *l = &ui->lay;
    *y_out = (l->rows - h) / 2;
    *x_out = (l->cols - w) / 2;
    if (ui->mode == UI_MODE_OVER && !l->too_small) {
        /* The game-over box leaves the panel's move list in sight, whose last lines show the
         * end of the game, in steps:
         * 1. over the board, from its top, when it is no wider;
         * 2. else under the panel's lines, when there is room;
         * 3. else above the panel's last line. */
        int end = panel_end(ui);
        if (w <= l->board_w + 1) {
            *y_out = l->board_y;
            *x_out = l->board_x + (l->board_w - w) / 2;
        } else if (end + 1 + h <= l->rows) {
            *y_out = end + 1;
        } else if (end - 1 - h >= 0) {
            *y_out = end - 1 - h;
        }
        if (*y_out + h > l->rows)
            *y_out = l->rows - h;
    }
    if (*x_out + w > l->cols)
        *x_out = l->cols - w;
    if (*y_out < 0)
        *y_out = 0;
    if (*x_out < 0)
        *x_out = 0;
}
