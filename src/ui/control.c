/* What each key does to the screen in each mode: the board's keys in a game (undo and redo,
 * saving, offers, the rules page, review), the game-over box's, the review's, and the keys
 * handed to the mode that takes them. The screen's state is state.c's, the line at the foot
 * line.c's, time's news tick.c's; building a move on the board is build.c's, the new-game form
 * and the list of saves form.c's. No curses: the tests drive it key by key.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/text.h"
#include "ui_int.h"

#define MOVES_SCROLL_STEP 5 /* rounds the move list scrolls per key */

/* 'f': a game of two seats turns round; one of more seats turns a quarter at a time, so that
 * any seat's side may be at the bottom. */
static unsigned act_flip(Ui *ui)
{
    if (ui->s->v->nseats > 2)
        ui->turn = (ui->turn + 1) & 3;
    else
        ui->opt.flip = !ui->opt.flip;
    ui_relayout(ui);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

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
    ui_layout_page(ui);
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
    ui_review_to(
        ui, ui->s->outcome.over || ui->puzzles != NULL || ui->practice != NULL ? 0 : ui->s->g.n);
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
unsigned ui_ask(Ui *ui, int what, int seat)
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
    return ui_ask(ui, UI_ASK_RESIGN, seat);
}

unsigned ui_offer_news(Ui *ui)
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
        return ui_ask(ui, UI_ASK_DRAW, asked);
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
    return ui_offer_news(ui) | UI_DRAW_ALL;
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
    return ui_offer_news(ui);
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
        return ui_line_open_move(ui);
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
        ui_layout_page(ui);
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
    if (ui->mode == UI_MODE_LOBBY && (ui->lobby_quit || act == UI_ACT_QUIT))
        return ui_lobby_quit_key(ui, act, key);
    if (ui->mode == UI_MODE_LOBBY)
        return act == UI_ACT_SEAT ? ui_lobby_seat_key(ui, key) : ui_lobby_action(ui, act, now);
    if (ui->mode == UI_MODE_NEWGAME) {
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
        return ui_line_action(ui, act, key, now);
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
