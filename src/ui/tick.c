/* What time brings to the screen: the session's news on each tick (the engine's moves and
 * hints, a draw answered, the end, a save that failed), and a game on a server's.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "camelot/notation.h"
#include "ui_int.h"

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

/* The engine's news: a hint ready, its line grown, a clock's second, thinking begun or over. */
static unsigned tick_engine(Ui *ui, unsigned ev)
{
    unsigned flags = 0;
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
    flags |= tick_engine(ui, ev);
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
        flags |= ui_offer_news(ui);
    flags |= tick_engine(ui, ev);
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
