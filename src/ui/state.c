/* The screen's state: the message, the layout on the terminal, the texts of the move list,
 * the cursor, and a game put on the board or replaced; the screen made and freed.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/grow.h"
#include "ui_int.h"

#define MOVES_FIRST 64 /* the move list's first room, doubled as it grows */

void ui_message(Ui *ui, int role, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ui->msg, sizeof ui->msg, fmt, ap);
    va_end(ap);
    ui->msg_role = role;
}

const CmPosition *ui_shown_position(const Ui *ui)
{
    if (ui->mode == UI_MODE_EDIT || (ui->line_export && ui->line_back == UI_MODE_EDIT))
        return &ui->edit_pos;
    return ui->mode == UI_MODE_REVIEW ? &ui->review_pos : &ui->s->g.pos;
}

const UiBoard *ui_board(const Ui *ui)
{
    /* They never come together: the analysis board opens on a game only, and lessons, puzzles
     * and practice are screens of their own. */
    if (ui->learn != NULL)
        return &ui_board_lesson;
    if (ui->puzzles != NULL)
        return &ui_board_puzzle;
    if (ui->practice != NULL)
        return &ui_board_practice;
    if (ui->analysis != NULL)
        return &ui_board_analysis;
    return NULL;
}

UiMode ui_board_mode(const Ui *ui)
{
    if (ui->lobby != NULL && !ui->at_table)
        return UI_MODE_LOBBY; /* no game on the screen: the lobby */
    /* A lesson's end is no game's end, nor the end of a line tried on the analysis board; a
     * puzzle's solution may end the game, and the board stays. */
    if (ui_board(ui) != NULL)
        return UI_MODE_PLAY;
    return ui->s->outcome.over ? UI_MODE_OVER : UI_MODE_PLAY;
}

/* The board's quarter turns on the screen: the seat's ('turn') and the flip's. */
static int board_turn(const Ui *ui)
{
    return (ui->turn + (ui->opt.flip ? 2 : 0)) & 3;
}

void ui_relayout(Ui *ui)
{
    if (!ui->s->active)
        return; /* the lobby: no board yet */
    ui_layout_compute(&ui->lay, ui->lay.rows, ui->lay.cols, ui->s->v->files, ui->s->v->ranks,
                      board_turn(ui));
}

/* The rules page, laid out for the terminal's width. */
void ui_layout_page(Ui *ui)
{
    free(ui->page);
    if (ui->page_mistakes) {
        ui->page = ui_mistakes_text(ui->s->v, ui->reviewed, ui->nreviewed, ui->lay.cols - 2);
        snprintf(ui->page_title, sizeof ui->page_title, "The engine's marks");
    } else if (ui->lobby != NULL && !ui_online(ui)) {
        ui->page = ui_online_help_text(ui->lay.cols - 2);
        snprintf(ui->page_title, sizeof ui->page_title, "Playing on a server");
    } else {
        /* The keys of the screen the page was opened from. */
        unsigned state;
        int set = ui_key_set(ui, ui->page_back, &state);
        ui->page = ui_online(ui)
                       ? ui_rules_text_online(ui->s->v, ui->lay.cols - 2)
                       : ui_help_text(ui->s->v, ui->lay.cols - 2, set < 0 ? UI_KEYS_GAME : set);
        snprintf(ui->page_title, sizeof ui->page_title, "Rules of %s", ui->s->v->title);
    }
    ui->page_lines = 0;
    for (const char *p = ui->page; p && *p; p++)
        ui->page_lines += *p == '\n';
    if (ui->page_top > ui->page_lines)
        ui->page_top = ui->page_lines;
}

unsigned ui_resize(Ui *ui, int rows, int cols)
{
    ui->lay.rows = rows;
    ui->lay.cols = cols;
    ui_relayout(ui);
    if (ui->page != NULL && ui->mode == UI_MODE_RULES)
        ui_layout_page(ui);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

/* ---- The position and what is derived from it --------------------------------------------- */

/* Forgets the texts of the move list from ply 'from' on. */
static void drop_move_texts(Ui *ui, int from)
{
    for (int i = from; i < ui->nmoves; i++) {
        free(ui->moves[i].text);
        ui->moves[i].text = NULL;
    }
    if (from < ui->nmoves)
        ui->nmoves = from;
    /* The engine's review holds for the moves that stay. */
    if (ui->reviewed == ui->reviewed_own && ui->nreviewed > from)
        ui->nreviewed = from;
}

CmStatus ui_set_review(Ui *ui, const AnalysisPly *plies, int n)
{
    AnalysisPly *copy = NULL;
    if (n > ui->nmoves)
        n = ui->nmoves;
    if (n > 0 && (copy = malloc((size_t)n * sizeof *copy)) == NULL)
        return CM_ERR_NOMEM;
    if (n > 0)
        memcpy(copy, plies, (size_t)n * sizeof *copy);
    free(ui->reviewed_own);
    ui->reviewed_own = copy;
    ui->reviewed = copy;
    ui->nreviewed = n;
    return CM_OK;
}

int ui_review_kept(const Ui *ui, const AnalysisPly **plies)
{
    *plies = ui->reviewed_own;
    return ui->reviewed == ui->reviewed_own && ui->reviewed_own != NULL ? ui->nreviewed : 0;
}

int ui_marked_ply(const Ui *ui, int from, int dir)
{
    for (int i = from + dir; i >= 0 && i < ui->nreviewed; i += dir)
        if (ui->reviewed[i].mark != ANALYSIS_MARK_NONE)
            return i;
    return -1;
}

/* Brings the move list up to date with the game: keeps the plies that did not change. Out of
 * memory, the list stops short of the game. */
static void update_move_texts(Ui *ui)
{
    const CmGame *g = &ui->s->g;
    int same = 0;
    while (same < ui->nmoves && same < g->n &&
           cm_move_same(&ui->moves[same].move, &g->ply[same].move))
        same++;
    drop_move_texts(ui, same);
    if (cm_grow(&ui->moves, &ui->moves_cap, g->n, sizeof *ui->moves, MOVES_FIRST) != 0)
        return;
    for (int i = same; i < g->n; i++) {
        UiMoveText *t = &ui->moves[i];
        const char *text = session_move_text(ui->s, i);
        if (text == NULL)
            text = "?";
        size_t len = strlen(text);
        t->text = malloc(len + 1);
        if (t->text == NULL)
            return;
        memcpy(t->text, text, len + 1);
        t->move = g->ply[i].move;
        t->seat = g->ply[i].seat;
        ui->nmoves = i + 1;
    }
}

void ui_set_last(Ui *ui, int plies)
{
    ui->has_last = 0;
    if (plies <= 0)
        return;
    /* The path of the move's kept text: no search for it again. */
    const char *text = session_move_text(ui->s, plies - 1);
    CmError err;
    ui->last_move = ui->s->g.ply[plies - 1].move;
    if (text != NULL && cm_path_parse(ui->s->v, text, &ui->last_path, &err) == CM_OK)
        ui->has_last = 1;
}

/* The nearest square to the middle of the board that holds a piece in 'set', or the middle. */
static CmSquare central(const CmVariant *v, const CmSquareSet *set)
{
    int best = -1, bestd = 1 << 30;
    int cf = v->files - 1, cr = v->ranks - 1; /* doubled centre */
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        if (!cm_variant_on(v, (unsigned)sq))
            continue;
        if (set != NULL && !cm_set_has(set, (unsigned)sq))
            continue;
        int df = 2 * CM_FILE(sq) - cf, dr = 2 * CM_RANK(sq) - cr;
        int d = df * df + dr * dr;
        if (d < bestd) {
            bestd = d;
            best = sq;
        }
    }
    if (best < 0)
        return central(v, NULL);
    return (CmSquare)best;
}

/* In a game of several people each keeps a cursor of their own: the one who has just moved
 * leaves theirs where it is, and the one to move finds theirs where they left it (on their
 * first turn, on the middle one of their pieces that can move). */
static void switch_cursor(Ui *ui)
{
    const Session *s = ui->s;
    int seat = s->g.pos.to_move;
    if (session_humans(s) < 2 || !session_seat_human(s, seat) || seat == ui->cursor_seat)
        return;
    if (ui->cursor_seat >= 0) {
        ui->seat_cursor[ui->cursor_seat] = ui->cursor;
        ui->has_seat_cursor[ui->cursor_seat] = 1;
    }
    ui->cursor_seat = seat;
    if (ui->has_seat_cursor[seat])
        ui->cursor = ui->seat_cursor[seat];
    else if (!cm_set_empty(&ui->movable))
        ui->cursor = central(s->v, &ui->movable);
}

void ui_position_changed(Ui *ui)
{
    const CmPosition *pos = &ui->s->g.pos;
    ui_clear_selection(ui);
    memset(&ui->movable, 0, sizeof ui->movable);
    memset(&ui->ob, 0, sizeof ui->ob);
    ui->nlegal = 0;
    ui->legal_incomplete = 0;
    if (!ui->s->outcome.over) {
        ui->nlegal = cm_movegen_into(pos, ui->legal, CM_MOVES_LIMIT, &ui->legal_incomplete);
        for (int i = 0; i < ui->nlegal; i++)
            cm_set_add(&ui->movable, ui->legal[i].from);
        cm_movegen_obligation(pos, &ui->ob);
    }
    ui->has_hint = 0;
    update_move_texts(ui);
    ui_set_last(ui, ui->s->g.n);
    ui->moves_scroll = 0;
    switch_cursor(ui);
    if (!cm_variant_on(ui->s->v, ui->cursor))
        ui->cursor = central(ui->s->v, NULL);
}

/* The cursor at the start of a game: on the middle piece of the first person to move; on a
 * server, where the screen's player may not be the first, on the middle one of their own. */
static void place_cursor(Ui *ui)
{
    const Session *s = ui->s;
    if (session_human_to_move(s) && !cm_set_empty(&ui->movable)) {
        ui->cursor = central(s->v, &ui->movable);
        return;
    }
    ui->cursor = central(s->v, NULL);
    if (ui_online(ui))
        for (int seat = 0; seat < s->v->nseats; seat++)
            if (session_seat_human(s, seat) && !cm_set_empty(&s->g.pos.occ[seat])) {
                ui->cursor = central(s->v, &s->g.pos.occ[seat]);
                break;
            }
}

/* The board turned so that the only person playing (in a puzzle, the solver) sits at the
 * bottom. */
static void auto_flip(Ui *ui)
{
    const CmVariant *v = ui->s->v;
    ui->turn = 0;
    if (ui_online(ui) && v->nseats > 2) {
        /* Each player of a game on a server sees it from their own side. */
        ui->opt.flip = 0;
        for (int seat = 0; seat < v->nseats; seat++)
            if (session_seat_human(ui->s, seat)) {
                ui->turn = ui_seat_turn(v, seat);
                break;
            }
        return;
    }
    if (ui->puzzles != NULL) {
        ui->opt.flip = v->nseats == 2 && ui->puzzles->run.p->pos.to_move == 1;
        return;
    }
    if (ui->practice != NULL) {
        /* The seat that finds the move at the bottom: the one to move where the board began. */
        int seat = ui->s->g.start.to_move;
        ui->opt.flip = v->nseats == 2 && seat == 1;
        if (v->nseats > 2) {
            ui->opt.flip = 0;
            ui->turn = ui_seat_turn(v, seat);
        }
        return;
    }
    ui->opt.flip = v->nseats == 2 && session_humans(ui->s) == 1 && session_seat_human(ui->s, 1);
}

void ui_game_replaced(Ui *ui)
{
    ui->mode = ui_board_mode(ui);
    drop_move_texts(ui, 0);
    ui->pv_text[0] = '\0';
    ui->cursor_seat = -1;
    memset(ui->has_seat_cursor, 0, sizeof ui->has_seat_cursor);
    ui_position_changed(ui);
    auto_flip(ui);
    ui_relayout(ui);
    place_cursor(ui);
}

CmStatus ui_init_screen(Ui *ui, Session *s, const UiOptions *opt)
{
    memset(ui, 0, sizeof *ui);
    ui->s = s;
    ui->opt = *opt;
    ui->legal = malloc(CM_MOVES_LIMIT * sizeof *ui->legal);
    if (ui->legal == NULL)
        return CM_ERR_NOMEM;
    ui->lay.rows = 24;
    ui->lay.cols = 80;
    return CM_OK;
}

CmStatus ui_init(Ui *ui, Session *s, const UiOptions *opt)
{
    if (ui_init_screen(ui, s, opt) != CM_OK)
        return CM_ERR_NOMEM;
    ui_game_replaced(ui);
    if (opt->flip)
        ui->opt.flip = !ui->opt.flip;
    ui_relayout(ui);
    return CM_OK;
}

void ui_free(Ui *ui)
{
    ui_analysis_close(ui, 0);
    ui_learn_close(ui, 0);
    free(ui->legal);
    free(ui->page);
    free(ui->saves);
    drop_move_texts(ui, 0);
    free(ui->moves);
    free(ui->reviewed_own);
    ui->reviewed_own = NULL;
    ui->reviewed = NULL;
    ui->nreviewed = 0;
    ui->legal = NULL;
    ui->page = NULL;
    ui->saves = NULL;
    ui->moves = NULL;
}

/* ---- Whole-game actions -------------------------------------------------------------------- */
