/* The screen's state and what each key does to it in each mode: the cursor, typed moves, undo
 * and redo, saving, the rules page, review, and the news the session brings with time.
 * Building a move on the board is build.c's; the new-game form and the list of saves are
 * form.c's. No curses: the tests drive it key by key.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "session/text.h"
#include "ui_int.h"

#define MOVES_SCROLL_STEP 5 /* rounds the move list scrolls per key */
#define MOVES_FIRST 64      /* room added to the move list when it grows */

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
    /* They never come together: the analysis board opens on a game only, and lessons and
     * puzzles are screens of their own. */
    if (ui->learn != NULL)
        return &ui_board_lesson;
    if (ui->puzzles != NULL)
        return &ui_board_puzzle;
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

static void relayout(Ui *ui)
{
    if (!ui->s->active)
        return; /* the lobby: no board yet */
    ui_layout_compute(&ui->lay, ui->lay.rows, ui->lay.cols, ui->s->v->files, ui->s->v->ranks,
                      board_turn(ui));
}

/* 'f': a game of two seats turns round; one of more seats turns a quarter at a time, so that
 * any seat's side may be at the bottom. */
static unsigned act_flip(Ui *ui)
{
    if (ui->s->v->nseats > 2)
        ui->turn = (ui->turn + 1) & 3;
    else
        ui->opt.flip = !ui->opt.flip;
    relayout(ui);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

/* The rules page, laid out for the terminal's width. */
static void layout_page(Ui *ui)
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
    relayout(ui);
    if (ui->page != NULL && ui->mode == UI_MODE_RULES)
        layout_page(ui);
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
    if (g->n > ui->moves_cap) {
        int cap = g->n + MOVES_FIRST;
        UiMoveText *m = realloc(ui->moves, (size_t)cap * sizeof *m);
        if (m == NULL)
            return;
        ui->moves = m;
        ui->moves_cap = cap;
    }
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

/* The cursor at the start of a game: on the middle piece of the first person to move. */
static void place_cursor(Ui *ui)
{
    if (session_human_to_move(ui->s) && !cm_set_empty(&ui->movable))
        ui->cursor = central(ui->s->v, &ui->movable);
    else
        ui->cursor = central(ui->s->v, NULL);
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
    relayout(ui);
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
    relayout(ui);
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

static unsigned act_undo(Ui *ui, uint64_t now)
{
    int agreed = ui->s->agreed;
    int n = session_undo(ui->s, now);
    if (n == 0 && session_undo_ending(ui->s, now)) {
        /* An end before the first move: there is no move to take back with it. */
        ui_position_changed(ui);
        ui->mode = UI_MODE_PLAY;
        ui_message(ui, UI_ROLE_NORMAL, "Took back the %s: the game goes on.",
                   agreed ? "draw" : "resignation");
        return UI_DRAW_ALL;
    }
    if (n == 0) {
        ui_message(ui, UI_ROLE_ERROR, "There is no move to take back.");
        return UI_DRAW_STATUS;
    }
    ui_position_changed(ui);
    ui->mode = UI_MODE_PLAY;
    char plies[32];
    text_plies(n, plies, sizeof plies);
    ui_message(ui, UI_ROLE_NORMAL, "Took back %s (r redoes).", plies);
    return UI_DRAW_ALL;
}

static unsigned act_redo(Ui *ui, uint64_t now)
{
    int n = session_redo(ui->s, now);
    if (n == 0) {
        ui_message(ui, UI_ROLE_ERROR, "There is no move to redo.");
        return UI_DRAW_STATUS;
    }
    ui_position_changed(ui);
    if (ui->s->outcome.over)
        ui->mode = UI_MODE_OVER;
    char plies[32];
    text_plies(n, plies, sizeof plies);
    ui_message(ui, UI_ROLE_NORMAL, "Played %s again.", plies);
    return UI_DRAW_ALL;
}

static unsigned act_save(Ui *ui, uint64_t now)
{
    char path[SESSION_PATH_MAX], msg[CM_ERROR_TEXT_MAX];
    CmError err;
    if (session_save_copy(ui->s, now, path, sizeof path, &err) != CM_OK) {
        cm_error_format(&err, msg, sizeof msg);
        ui_message(ui, UI_ROLE_ERROR, "Not saved: %s", msg);
    } else {
        ui_message(ui, UI_ROLE_GOOD, "Saved to %s", path);
    }
    return UI_DRAW_STATUS;
}

static void open_rules(Ui *ui)
{
    ui->page_top = 0;
    ui->page_mistakes = 0;
    ui->page_back = ui->mode;
    layout_page(ui);
    ui->mode = UI_MODE_RULES;
}

unsigned ui_open_rules(Ui *ui)
{
    open_rules(ui);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

unsigned ui_move_cursor(Ui *ui, UiAction act)
{
    int dx = act == UI_ACT_LEFT ? -1 : act == UI_ACT_RIGHT ? 1 : 0;
    int dy = act == UI_ACT_UP ? -1 : act == UI_ACT_DOWN ? 1 : 0;
    ui->cursor = ui_cursor_step(ui->s->v, &ui->lay, ui->cursor, dx, dy);
    return UI_DRAW_BOARD | UI_DRAW_STATUS;
}

void ui_review_to(Ui *ui, int ply)
{
    if (ply < 0)
        ply = 0;
    if (ply > ui->s->g.n)
        ply = ui->s->g.n;
    ui->review_ply = ply;
    session_position_before(ui->s, ply, &ui->review_pos);
    ui_set_last(ui, ply);
}

static unsigned act_review(Ui *ui)
{
    ui->review_back_over = ui->mode == UI_MODE_OVER;
    session_cancel_search(ui->s);
    ui_clear_selection(ui);
    ui->mode = UI_MODE_REVIEW;
    ui_review_to(ui, ui->s->outcome.over || ui->puzzles != NULL ? 0 : ui->s->g.n);
    ui->msg[0] = '\0'; /* the status line tells the move, the key line the keys */
    return UI_DRAW_ALL;
}

static unsigned act_hint(Ui *ui)
{
    if (ui->s->env.engine == NULL)
        ui_message(ui, UI_ROLE_ERROR, "There is no engine to ask for a hint.");
    else if (!session_human_to_move(ui->s))
        ui_message(ui, UI_ROLE_ERROR, "Hints are for a person's turn.");
    else if (session_hint(ui->s))
        ui_message(ui, UI_ROLE_NORMAL, "Looking for a good move...");
    return UI_DRAW_STATUS | UI_DRAW_PANEL;
}

static unsigned act_type_move(Ui *ui)
{
    if (!session_human_to_move(ui->s)) {
        ui_message(ui, UI_ROLE_ERROR,
                   ui->s->outcome.over ? "The game is over." : "Wait for your turn.");
        return UI_DRAW_STATUS;
    }
    ui_clear_selection(ui);
    ui->mode = UI_MODE_LINE;
    ui->line[0] = '\0';
    ui->line_len = 0;
    return UI_DRAW_BOARD | UI_DRAW_STATUS;
}

static unsigned act_cancel(Ui *ui)
{
    if (ui->sel.active) {
        ui_clear_selection(ui);
        ui_message(ui, UI_ROLE_NORMAL, "Move dropped.");
        return UI_DRAW_BOARD | UI_DRAW_STATUS;
    }
    ui->msg[0] = '\0';
    if (ui->has_hint) {
        ui->has_hint = 0;
        return UI_DRAW_BOARD | UI_DRAW_STATUS;
    }
    return UI_DRAW_STATUS;
}

/* Puts question 'ask' to seat 'seat': y or n. */
static unsigned ask(Ui *ui, int what, int seat)
{
    ui_clear_selection(ui);
    ui->mode = UI_MODE_ASK;
    ui->ask = what;
    ui->ask_seat = seat;
    ui->msg[0] = '\0';
    return UI_DRAW_ALL;
}

static unsigned act_resign(Ui *ui)
{
    int seat = session_resigner(ui->s);
    if (seat < 0 && session_humans(ui->s) == 0) {
        ui_message(ui, UI_ROLE_ERROR, "The engines play every seat: nobody here can resign.");
        return UI_DRAW_STATUS;
    }
    if (seat < 0) {
        ui_message(ui, UI_ROLE_ERROR, "Resign on your turn.");
        return UI_DRAW_STATUS;
    }
    return ask(ui, UI_ASK_RESIGN, seat);
}

/* Says where a draw offer stands after an answer: agreed, declined, or asked of someone. */
static unsigned offer_news(Ui *ui)
{
    const Session *s = ui->s;
    const CmVariant *v = s->v;
    int asked = session_offer_asks(s);
    if (s->outcome.over && s->agreed) {
        ui->mode = UI_MODE_OVER;
        ui->msg[0] = '\0'; /* the status line says "Draw agreed." */
        return UI_DRAW_ALL;
    }
    if (asked >= 0)
        return ask(ui, UI_ASK_DRAW, asked);
    if (ui->mode == UI_MODE_ASK)
        ui->mode = ui_board_mode(ui);
    if (s->offer_declined >= 0 && session_seat_human(s, s->offer_declined))
        ui_message(ui, UI_ROLE_NORMAL, "%s declines the draw.", v->seat[s->offer_declined].name);
    else if (s->offer_declined >= 0) {
        char why[200];
        session_draw_refusal(s, why, sizeof why);
        ui_message(ui, UI_ROLE_NORMAL, "%s (engine) declines the draw: %s.",
                   v->seat[s->offer_declined].name, why);
    } else if (s->offer_from < 0)
        ui_message(ui, UI_ROLE_ERROR, "The draw offer could not be answered (out of memory).");
    return UI_DRAW_ALL;
}

static unsigned act_draw(Ui *ui, uint64_t now)
{
    if (session_humans(ui->s) == 0) {
        ui_message(ui, UI_ROLE_ERROR, "The engines play every seat: nobody here can offer a draw.");
        return UI_DRAW_STATUS;
    }
    if (!session_human_to_move(ui->s)) {
        ui_message(ui, UI_ROLE_ERROR, "Offer a draw on your turn.");
        return UI_DRAW_STATUS;
    }
    if (ui->s->offer_from >= 0) {
        ui_message(ui, UI_ROLE_ERROR, "Your draw offer is being answered.");
        return UI_DRAW_STATUS;
    }
    if (session_offer_draw(ui->s, now) != CM_OK) {
        ui_message(ui, UI_ROLE_ERROR, "The draw cannot be offered (out of memory).");
        return UI_DRAW_STATUS;
    }
    ui_clear_selection(ui);
    ui->has_hint = 0;
    ui->msg[0] = '\0';
    return offer_news(ui) | UI_DRAW_ALL;
}

/* y or n to the question asked. */
static unsigned ask_action(Ui *ui, UiAction act, uint64_t now)
{
    const CmVariant *v = ui->s->v;
    if (act != UI_ACT_YES && act != UI_ACT_NO)
        return 0;
    if (ui->ask == UI_ASK_EXPORT)
        return ui_export_answer(ui, act == UI_ACT_YES, now);
    if (ui->ask == UI_ASK_OFFER)
        return ui_offer_answer(ui, act == UI_ACT_YES, now);
    if (ui->ask == UI_ASK_RESIGN) {
        ui->mode = UI_MODE_PLAY;
        if (act == UI_ACT_NO) {
            ui_message(ui, UI_ROLE_NORMAL, "%s plays on.", v->seat[ui->ask_seat].name);
            return UI_DRAW_ALL;
        }
        if (session_resign(ui->s, ui->ask_seat, now) != CM_OK) {
            ui_message(ui, UI_ROLE_ERROR, "%s cannot resign now.", v->seat[ui->ask_seat].name);
            return UI_DRAW_ALL;
        }
        if (ui_online(ui)) {
            /* The server ends the game, or asks the partner first. */
            ui_message(ui, UI_ROLE_NORMAL, "%s resigns: the server tells everyone.",
                       v->seat[ui->ask_seat].name);
            return UI_DRAW_ALL;
        }
        ui_position_changed(ui);
        ui->mode = UI_MODE_OVER; /* the status line says who resigned and who wins */
        if (ui->s->save_error[0])
            ui_message(ui, UI_ROLE_ERROR, "Autosave failed: %s", ui->s->save_error);
        return UI_DRAW_ALL;
    }
    if (session_answer_draw(ui->s, act == UI_ACT_YES, now) != CM_OK) {
        ui->mode = ui_board_mode(ui);
        ui_message(ui, UI_ROLE_ERROR, "The draw offer could not be answered (out of memory).");
        return UI_DRAW_ALL;
    }
    if (ui->s->outcome.over)
        ui_position_changed(ui);
    return offer_news(ui);
}

static unsigned act_pause(Ui *ui, uint64_t now)
{
    Session *s = ui->s;
    if (!session_pause(s, !s->paused, now)) {
        ui_message(ui, UI_ROLE_ERROR, "The game is over: there is nothing to pause.");
        return UI_DRAW_STATUS;
    }
    if (s->paused) {
        ui_clear_selection(ui);
        ui_message(ui, UI_ROLE_NORMAL, "The clocks are stopped and no engine thinks.");
    } else {
        ui_message(ui, UI_ROLE_NORMAL, "The game goes on.");
    }
    return UI_DRAW_ALL;
}

static unsigned act_pace(Ui *ui, int dir)
{
    char pace[32];
    session_set_pace(ui->s, ui_pace_step(ui->s->pace_ms, dir));
    ui_pace_text(ui->s->pace_ms, pace, sizeof pace);
    if (session_paced(ui->s))
        ui_message(ui, UI_ROLE_NORMAL, "Pace: %s at least between engine moves.", pace);
    else
        ui_message(ui, UI_ROLE_NORMAL,
                   "Pace: %s at least between engine moves, in games no person plays.", pace);
    return UI_DRAW_PANEL | UI_DRAW_STATUS;
}

/* Whether 'act' changes the game, which waits while it is paused. */
static int changes_game(UiAction act)
{
    return act == UI_ACT_SELECT || act == UI_ACT_BACK || act == UI_ACT_TYPE_MOVE ||
           act == UI_ACT_HINT || act == UI_ACT_UNDO || act == UI_ACT_REDO || act == UI_ACT_MOVE_NOW;
}

/* ---- Keys, mode by mode --------------------------------------------------------------------- */

static unsigned play_action(Ui *ui, UiAction act, uint64_t now)
{
    if (ui_online(ui)) {
        int handled;
        unsigned flags = ui_online_action(ui, act, now, &handled);
        if (handled)
            return flags;
    }
    if (ui->s->paused && changes_game(act)) {
        ui_message(ui, UI_ROLE_ERROR, "Paused: p to go on.");
        return UI_DRAW_STATUS;
    }
    switch (act) {
    case UI_ACT_UP:
    case UI_ACT_DOWN:
    case UI_ACT_LEFT:
    case UI_ACT_RIGHT:
        return ui_move_cursor(ui, act);
    case UI_ACT_SELECT:
        return ui_select_square(ui, ui->cursor, now);
    case UI_ACT_EDIT:
        return ui_edit_begin(ui);
    case UI_ACT_EXPORT:
        return ui_export_begin(ui);
    case UI_ACT_CANCEL:
        return act_cancel(ui);
    case UI_ACT_BACK:
        return ui_take_back_leap(ui);
    case UI_ACT_TYPE_MOVE:
        return act_type_move(ui);
    case UI_ACT_RULES:
        open_rules(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_HINT:
        return act_hint(ui);
    case UI_ACT_NEW:
        ui_open_form(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_UNDO:
        return act_undo(ui, now);
    case UI_ACT_REDO:
        return act_redo(ui, now);
    case UI_ACT_SAVE:
        return act_save(ui, now);
    case UI_ACT_LOAD:
        return ui_open_saves(ui);
    case UI_ACT_QUIT:
        return UI_QUIT;
    case UI_ACT_MOVE_NOW:
        if (!session_move_now(ui->s))
            ui_message(ui, UI_ROLE_ERROR, "No engine is thinking about a move.");
        else
            ui_message(ui, UI_ROLE_NORMAL, "The engine moves now.");
        return UI_DRAW_STATUS;
    case UI_ACT_HIGHLIGHT:
        ui->opt.highlight = !ui->opt.highlight;
        ui_message(ui, UI_ROLE_NORMAL, "Teaching highlights %s.", ui->opt.highlight ? "on" : "off");
        return UI_DRAW_ALL;
    case UI_ACT_FLIP:
        return act_flip(ui);
    case UI_ACT_REVIEW:
        return act_review(ui);
    case UI_ACT_ANALYSIS:
        return ui_analysis_open(ui, ui->s->g.n, now);
    case UI_ACT_RESIGN:
        return act_resign(ui);
    case UI_ACT_DRAW:
        return act_draw(ui, now);
    case UI_ACT_PAUSE:
        return act_pause(ui, now);
    case UI_ACT_PACE_DOWN:
        return act_pace(ui, -1);
    case UI_ACT_PACE_UP:
        return act_pace(ui, 1);
    case UI_ACT_SCROLL_UP:
        ui->moves_scroll += MOVES_SCROLL_STEP;
        return UI_DRAW_PANEL;
    case UI_ACT_SCROLL_DOWN:
        ui->moves_scroll =
            ui->moves_scroll > MOVES_SCROLL_STEP ? ui->moves_scroll - MOVES_SCROLL_STEP : 0;
        return UI_DRAW_PANEL;
    default:
        return 0;
    }
}

/* Enter after a typed move: play it, or say why not. */
static unsigned line_enter(Ui *ui, uint64_t now)
{
    CmError err;
    CmMove m;
    if (ui->line_len == 0 && ui_online(ui))
        return ui_chat_begin(ui); /* Enter on an empty line: a line of chat */
    if (ui->line_len == 0 || !session_human_to_move(ui->s)) {
        ui->mode = UI_MODE_PLAY;
        if (ui->line_len > 0)
            ui_message(ui, UI_ROLE_ERROR, "It is not your move.");
        return UI_DRAW_STATUS;
    }
    cm_error_init(&err, NULL);
    if (cm_move_parse(&ui->s->g.pos, ui->line, &m, &err) != CM_OK) {
        if (err.code == CM_ERR_ILLEGAL)
            ui_message(ui, UI_ROLE_ERROR, "%s is illegal: %s.", ui->line, err.msg);
        else
            ui_message(ui, UI_ROLE_ERROR, "Not a move: %s.", err.msg);
        return UI_DRAW_STATUS;
    }
    ui->mode = UI_MODE_PLAY;
    ui->line[0] = '\0';
    ui->line_len = 0;
    return ui_commit(ui, &m, now);
}

/* Adds the character 'key' (a code point) to the line as UTF-8, when 'max' bytes leave room.
 * Returns 0 when they do not. */
static int line_put(Ui *ui, int key, int max)
{
    char u[4];
    int n;
    if (key < 0x80) {
        u[0] = (char)key;
        n = 1;
    } else if (key < 0x800) {
        u[0] = (char)(0xc0 | (key >> 6));
        u[1] = (char)(0x80 | (key & 0x3f));
        n = 2;
    } else if (key < 0x10000) {
        u[0] = (char)(0xe0 | (key >> 12));
        u[1] = (char)(0x80 | ((key >> 6) & 0x3f));
        u[2] = (char)(0x80 | (key & 0x3f));
        n = 3;
    } else {
        u[0] = (char)(0xf0 | (key >> 18));
        u[1] = (char)(0x80 | ((key >> 12) & 0x3f));
        u[2] = (char)(0x80 | ((key >> 6) & 0x3f));
        u[3] = (char)(0x80 | (key & 0x3f));
        n = 4;
    }
    if (max > (int)sizeof ui->line)
        max = (int)sizeof ui->line;
    if (ui->line_len + n + 1 > max)
        return 0;
    memcpy(ui->line + ui->line_len, u, (size_t)n);
    ui->line_len += n;
    ui->line[ui->line_len] = '\0';
    return 1;
}

/* Backspace on a line: its last character, however many bytes. */
static void line_back(Ui *ui)
{
    while (ui->line_len > 0 && (ui->line[ui->line_len - 1] & 0xc0) == 0x80)
        ui->line_len--;
    if (ui->line_len > 0)
        ui->line_len--;
    ui->line[ui->line_len] = '\0';
}

/* The line of a path to export to: any printable character, ':' too. */
static unsigned export_line_action(Ui *ui, UiAction act, int key, uint64_t now)
{
    switch (act) {
    case UI_ACT_TYPE_MOVE:
        key = ':';
        /* fall through */
    case UI_ACT_CHAR:
        if (!line_put(ui, key, (int)sizeof ui->line))
            return 0; /* dropped: nothing changed, nothing to draw */
        return UI_DRAW_STATUS;
    case UI_ACT_BACK:
        line_back(ui);
        return UI_DRAW_STATUS;
    case UI_ACT_CANCEL:
        ui->mode = ui->line_back;
        ui->line_export = 0;
        ui->line[0] = '\0';
        ui->line_len = 0;
        ui->msg[0] = '\0';
        return UI_DRAW_ALL;
    case UI_ACT_SELECT:
        return ui_export_enter(ui, now);
    default:
        return 0;
    }
}

/* The chat line: any character, ':' too, up to a message's length. */
static unsigned chat_line_action(Ui *ui, UiAction act, int key)
{
    switch (act) {
    case UI_ACT_TYPE_MOVE:
        key = ':';
        /* fall through */
    case UI_ACT_CHAR:
        if (!line_put(ui, key, LOBBY_TEXT_MAX + 1)) {
            if (strstr(ui->msg, "no longer than") != NULL)
                return 0;
            ui_message(ui, UI_ROLE_ERROR, "A message is no longer than %d bytes.", LOBBY_TEXT_MAX);
        }
        return UI_DRAW_STATUS;
    case UI_ACT_BACK:
        line_back(ui);
        return UI_DRAW_STATUS;
    case UI_ACT_CANCEL:
        ui->mode = ui->line_back;
        ui->line_chat = 0;
        ui->line[0] = '\0';
        ui->line_len = 0;
        ui->msg[0] = '\0';
        return UI_DRAW_ALL;
    case UI_ACT_SELECT:
        return ui_chat_enter(ui);
    default:
        return 0;
    }
}

static unsigned line_action(Ui *ui, UiAction act, int key, uint64_t now)
{
    char full[80];
    if (ui->line_export)
        return export_line_action(ui, act, key, now);
    if (ui->line_chat)
        return chat_line_action(ui, act, key);
    switch (act) {
    case UI_ACT_CHAR:
        if (key >= 0x80)
            return 0; /* no move has such a character */
        if (ui->line_len + 1 < (int)sizeof ui->line) {
            ui->line[ui->line_len++] = (char)key;
            ui->line[ui->line_len] = '\0';
            return UI_DRAW_STATUS;
        }
        /* Past the end the key is dropped. It is said once: the rest of a long paste changes
         * nothing, and so draws nothing. */
        snprintf(full, sizeof full, "No move is longer than %d characters.",
                 (int)sizeof ui->line - 1);
        if (strcmp(ui->msg, full) == 0)
            return 0;
        ui_message(ui, UI_ROLE_ERROR, "%s", full);
        return UI_DRAW_STATUS;
    case UI_ACT_BACK:
        if (ui->line_len > 0)
            ui->line[--ui->line_len] = '\0';
        return UI_DRAW_STATUS;
    case UI_ACT_CANCEL:
        ui->mode = UI_MODE_PLAY;
        ui->msg[0] = '\0';
        return UI_DRAW_STATUS;
    case UI_ACT_SELECT:
        return line_enter(ui, now);
    case UI_ACT_TYPE_MOVE:
        return act_type_move(ui);
    default:
        return 0;
    }
}

static unsigned page_action(Ui *ui, UiAction act)
{
    int page = ui->lay.rows - 3 > 1 ? ui->lay.rows - 3 : 1;
    int last = ui->page_lines - page > 0 ? ui->page_lines - page : 0;
    switch (act) {
    case UI_ACT_UP:
        ui->page_top--;
        break;
    case UI_ACT_DOWN:
        ui->page_top++;
        break;
    case UI_ACT_SCROLL_UP:
        ui->page_top -= page;
        break;
    case UI_ACT_SCROLL_DOWN:
        ui->page_top += page;
        break;
    case UI_ACT_HOME:
        ui->page_top = 0;
        break;
    case UI_ACT_END:
        ui->page_top = last;
        break;
    case UI_ACT_CANCEL:
        ui->mode = ui->page_back;
        free(ui->page);
        ui->page = NULL;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return 0;
    }
    if (ui->page_top > last)
        ui->page_top = last;
    if (ui->page_top < 0)
        ui->page_top = 0;
    return UI_DRAW_ALL;
}

static unsigned over_action(Ui *ui, UiAction act, uint64_t now)
{
    if (ui_online(ui) && act != UI_ACT_SCROLL_UP && act != UI_ACT_SCROLL_DOWN) {
        int handled;
        unsigned flags = ui_online_action(ui, act, now, &handled);
        if (handled)
            return flags;
    }
    switch (act) {
    case UI_ACT_NEW:
        ui_open_form(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_EDIT:
        return ui_edit_begin(ui);
    case UI_ACT_EXPORT:
        return ui_export_begin(ui);
    case UI_ACT_REVIEW:
        return act_review(ui);
    case UI_ACT_ANALYSIS:
        return ui_analysis_open(ui, ui->s->g.n, now);
    case UI_ACT_ANALYSE:
        if ((ui_board(ui) != NULL && !ui_board(ui)->reviewable) || ui->s->g.n == 0) {
            ui_message(ui, UI_ROLE_ERROR, "There is no game of yours to analyse here.");
            return UI_DRAW_STATUS;
        }
        ui->want_analysis = 1;
        return UI_QUIT;
    case UI_ACT_QUIT:
        return UI_QUIT;
    case UI_ACT_UNDO:
        return act_undo(ui, now);
    case UI_ACT_SAVE:
        return act_save(ui, now);
    case UI_ACT_LOAD:
        return ui_open_saves(ui);
    case UI_ACT_RULES:
        open_rules(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_CANCEL:
        ui->mode = UI_MODE_PLAY;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_SCROLL_UP:
    case UI_ACT_SCROLL_DOWN:
        return play_action(ui, act, now);
    default:
        return 0;
    }
}

static unsigned review_action(Ui *ui, UiAction act, int key, uint64_t now)
{
    const UiBoard *b = ui_board(ui);
    if (b != NULL && b->review_action != NULL) {
        int handled;
        unsigned flags = b->review_action(ui, act, key, now, &handled);
        if (handled)
            return flags;
    }
    switch (act) {
    case UI_ACT_LEFT:
        ui_review_to(ui, ui->review_ply - 1);
        break;
    case UI_ACT_RIGHT:
        ui_review_to(ui, ui->review_ply + 1);
        break;
    case UI_ACT_HOME:
        ui_review_to(ui, 0);
        break;
    case UI_ACT_END:
        ui_review_to(ui, ui->s->g.n);
        break;
    case UI_ACT_CANCEL:
        ui->mode = ui->s->outcome.over && ui->review_back_over ? UI_MODE_OVER : UI_MODE_PLAY;
        ui_set_last(ui, ui->s->g.n);
        ui->msg[0] = '\0';
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_NEW:
        ui_open_form(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_FLIP:
        return act_flip(ui);
    case UI_ACT_RULES:
        open_rules(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_QUIT:
        return UI_QUIT;
    case UI_ACT_NEXT_MARK:
    case UI_ACT_PREV_MARK: {
        int dir = act == UI_ACT_NEXT_MARK ? 1 : -1;
        int i = ui_marked_ply(ui, ui->review_ply - 1, dir);
        if (ui->nreviewed == 0) {
            ui_message(ui, UI_ROLE_ERROR,
                       "The engine has not reviewed this game: a, once it is over, does.");
            return UI_DRAW_STATUS;
        }
        if (i < 0) {
            ui_message(ui, UI_ROLE_NORMAL, "No marked move %s this one.",
                       dir > 0 ? "after" : "before");
            return UI_DRAW_STATUS;
        }
        ui->msg[0] = '\0';
        ui_review_to(ui, i + 1);
        break;
    }
    case UI_ACT_ANALYSIS:
        return ui_analysis_open(ui, ui->review_ply, now);
    case UI_ACT_MISTAKES:
        if (ui->nreviewed == 0) {
            ui_message(ui, UI_ROLE_ERROR,
                       "The engine has not reviewed this game: a, once it is over, does.");
            return UI_DRAW_STATUS;
        }
        open_rules(ui);
        ui->page_mistakes = 1;
        layout_page(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return 0;
    }
    ui->moves_scroll = 0;
    return UI_DRAW_ALL;
}

unsigned ui_handle_key(Ui *ui, int key, uint64_t now)
{
    UiAction act = ui_key_action(ui->mode, key);
    ui->now = now;
    if (act == UI_ACT_REDRAW || act == UI_ACT_RESIZE)
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    if (ui->mode == UI_MODE_LOBBY)
        return ui_lobby_action(ui, act, now);
    if (ui->mode == UI_MODE_NEWGAME && ui->form.online) {
        unsigned flags = ui_form_key(ui, key);
        if (flags)
            return flags;
    }
    /* A terminal too small for the board shows no board to act on: only quitting works. */
    if (ui->lay.too_small && act != UI_ACT_QUIT && ui->mode != UI_MODE_RULES)
        return 0;
    if (act == UI_ACT_QUIT && ui->mode != UI_MODE_PLAY && ui->mode != UI_MODE_OVER &&
        ui->mode != UI_MODE_REVIEW)
        return UI_QUIT;
    const UiBoard *b = ui_board(ui);
    if (ui->mode == UI_MODE_PLAY && b != NULL && b->action != NULL) {
        int handled;
        unsigned flags = b->action(ui, act, key, now, &handled);
        if (handled)
            return flags;
    }
    switch (ui->mode) {
    case UI_MODE_PLAY:
        return play_action(ui, act, now);
    case UI_MODE_LINE:
        return line_action(ui, act, key, now);
    case UI_MODE_RULES:
        return page_action(ui, act);
    case UI_MODE_NEWGAME:
        return ui_form_action(ui, act, now);
    case UI_MODE_LOAD:
        return ui_saves_action(ui, act);
    case UI_MODE_OVER:
        return over_action(ui, act, now);
    case UI_MODE_REVIEW:
        return review_action(ui, act, key, now);
    case UI_MODE_EDIT:
        return ui_edit_action(ui, act);
    case UI_MODE_ASK:
        return ask_action(ui, act, now);
    default:
        return 0;
    }
}

unsigned ui_handle_click(Ui *ui, int y, int x, uint64_t now)
{
    CmSquare sq;
    ui->now = now;
    if (ui->mode == UI_MODE_LOBBY)
        return ui_lobby_click(ui, y, x, now);
    if ((ui->mode != UI_MODE_PLAY && ui->mode != UI_MODE_EDIT) || ui->lay.too_small ||
        !ui_layout_hit(&ui->lay, y, x, &sq))
        return 0;
    if (ui->s->paused) {
        ui_message(ui, UI_ROLE_ERROR, "Paused: p to go on.");
        return UI_DRAW_STATUS;
    }
    if (!cm_variant_on(ui->s->v, sq))
        return 0;
    if (ui->mode == UI_MODE_EDIT)
        return ui_edit_click(ui, sq);
    ui->cursor = sq;
    return ui_select_square(ui, sq, now) | UI_DRAW_BOARD;
}

/* ---- Time ---------------------------------------------------------------------------------- */

/* A move came from the session (the engine's, or a loss on time). */
static void tick_moved(Ui *ui)
{
    /* A move line closes once it is no longer one's turn; a chat line, and any line in a game
     * on a server (where ':' opens it whoever is to move), stays open. */
    int mode_line = ui->mode == UI_MODE_LINE && !ui->line_chat && !ui_online(ui);
    int before = ui->nmoves;
    ui_position_changed(ui);
    if (mode_line && !session_human_to_move(ui->s))
        ui->mode = UI_MODE_PLAY;
    /* The move that came is named, the one that ends the game too (the status line and the
     * game-over box say the result); a loss on time plays none, and names none. */
    if (ui->s->g.n > before && ui->nmoves == ui->s->g.n) {
        const UiMoveText *t = &ui->moves[ui->s->g.n - 1];
        ui_message(ui, UI_ROLE_NORMAL, "%s played %s.", ui->s->v->seat[t->seat].name, t->text);
    }
}

static void tick_hint(Ui *ui)
{
    const CmPosition *pos = &ui->s->g.pos;
    char text[CM_MOVE_TEXT_MAX];
    /* One search for the path, which gives the text too. */
    ui->has_hint = cm_movegen_canonical(pos, &ui->s->hint, &ui->hint_path) == CM_OK;
    if (ui->has_hint)
        cm_path_str(&ui->hint_path, text, sizeof text);
    else
        cm_move_effect_str(&ui->s->hint, text, sizeof text);
    ui_message(ui, UI_ROLE_GOOD, "Hint: %s (marked on the board; Esc hides it).", text);
}

void ui_show_notice(Ui *ui)
{
    if (ui->s->notice[0] == '\0')
        return;
    ui_message(ui, UI_ROLE_ERROR, "%s", ui->s->notice);
    ui->s->notice[0] = '\0';
}

/* A game on a server goes on while it is reviewed or exported: its moves come, and the move
 * list with them; the review stays at its move. */
static unsigned tick_online(Ui *ui, unsigned ev, uint64_t now)
{
    unsigned flags = 0;
    if ((ev & SESSION_EV_MOVED) && ui->mode == UI_MODE_REVIEW) {
        int ply = ui->review_ply;
        ui_position_changed(ui);
        ui_review_to(ui, ply);
        flags |= UI_DRAW_ALL;
    } else if (ev & SESSION_EV_MOVED) {
        tick_moved(ui);
        flags |= UI_DRAW_ALL;
    }
    flags |= ui_online_news(ui, ev, now);
    if (ev & SESSION_EV_HINT) {
        tick_hint(ui);
        flags |= UI_DRAW_BOARD | UI_DRAW_STATUS;
    }
    if (ev & SESSION_EV_PROGRESS)
        snprintf(ui->pv_text, sizeof ui->pv_text, "%s", ui->s->pv_text);
    if (ev & (SESSION_EV_PROGRESS | SESSION_EV_CLOCK | SESSION_EV_THINKING))
        flags |= UI_DRAW_PANEL | UI_DRAW_STATUS;
    return flags;
}

unsigned ui_tick(Ui *ui, uint64_t now)
{
    unsigned flags = 0;
    ui->now = now;
    if (ui->lobby != NULL) {
        int game;
        flags = ui_online_tick(ui, now, &game);
        if (!game || !ui_online(ui))
            return flags;
        return flags | tick_online(ui, session_tick(ui->s, now), now);
    }
    if (ui->mode == UI_MODE_REVIEW || ui->mode == UI_MODE_EDIT || ui->line_export)
        return 0; /* the game waits while it is reviewed, edited or exported */
    unsigned ev = session_tick(ui->s, now);
    const UiBoard *b = ui_board(ui);
    if (b != NULL && b->tick != NULL)
        flags |= b->tick(ui);
    if (ev & SESSION_EV_MOVED) {
        tick_moved(ui);
        flags |= UI_DRAW_ALL;
    }
    if ((ev & SESSION_EV_OVER) && (b == NULL || b->ends_in_box)) {
        if (ui->mode == UI_MODE_PLAY || ui->mode == UI_MODE_LINE || ui->mode == UI_MODE_ASK)
            ui->mode = UI_MODE_OVER;
        flags |= UI_DRAW_ALL;
    }
    if (ev & SESSION_EV_OFFER)
        flags |= offer_news(ui);
    if (ev & SESSION_EV_HINT) {
        tick_hint(ui);
        flags |= UI_DRAW_BOARD | UI_DRAW_STATUS;
    }
    if (ev & SESSION_EV_PROGRESS)
        snprintf(ui->pv_text, sizeof ui->pv_text, "%s", ui->s->pv_text);
    if (ev & (SESSION_EV_PROGRESS | SESSION_EV_CLOCK | SESSION_EV_THINKING))
        flags |= UI_DRAW_PANEL | UI_DRAW_STATUS;
    if (ev & SESSION_EV_SAVE_FAILED) {
        ui_message(ui, UI_ROLE_ERROR, "Autosave failed: %s", ui->s->save_error);
        flags |= UI_DRAW_STATUS;
    }
    if (ev & SESSION_EV_SAVED) {
        ui_message(ui, UI_ROLE_GOOD, "The game is saved again.");
        flags |= UI_DRAW_STATUS;
    }
    if (ui->s->notice[0]) {
        ui_show_notice(ui);
        flags |= UI_DRAW_STATUS;
    }
    return flags;
}
