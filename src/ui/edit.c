/* Edit mode: setting up a position on the board (pieces put and lifted, the seat to move, the
 * castle moves used) to play from, checked by the rules core; and exporting the game as a
 * position document and a record to a path the player types.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "camelot/rules.h"
#include "ui_int.h"

/* The number of pieces on the board of 'pos'. */
static int pieces(const CmPosition *pos)
{
    int n = 0;
    for (int s = 0; s < pos->v->nseats; s++)
        n += pos->npieces[s];
    return n;
}

unsigned ui_edit_begin(Ui *ui)
{
    session_cancel_search(ui->s);
    ui_clear_selection(ui);
    ui->edit_back = ui->mode;
    ui->edit_pos = *ui_shown_position(ui);
    ui->mode = UI_MODE_EDIT;
    ui_message(ui, UI_ROLE_NORMAL,
               "Edit mode: set up a position, then d plays from it. Esc leaves it unchanged.");
    return UI_DRAW_ALL;
}

/* The next piece on the cursor's square, in turn: each seat's man, then its knight, then
 * none. */
static unsigned cycle_piece(Ui *ui)
{
    CmPosition *pos = &ui->edit_pos;
    uint8_t cell = pos->board[ui->cursor];
    uint8_t next = (uint8_t)((cell + 1) % (1 + 2 * pos->v->nseats));
    if (cell == CM_EMPTY && pieces(pos) >= CM_MAX_PIECES) {
        ui_message(ui, UI_ROLE_ERROR, "The board holds at most %d pieces.", CM_MAX_PIECES);
        return UI_DRAW_STATUS;
    }
    cm_pos_put(pos, ui->cursor, CM_EMPTY);
    if (next != CM_EMPTY)
        cm_pos_put(pos, ui->cursor, next);
    ui->msg[0] = '\0';
    return UI_DRAW_BOARD | UI_DRAW_STATUS;
}

/* The castle moves used by the seat to move: one more, back to none past the most. */
static unsigned cycle_castle(Ui *ui)
{
    CmPosition *pos = &ui->edit_pos;
    const CmVariant *v = pos->v;
    int seat = pos->to_move, most = v->rules.castle_moves;
    if (most == 0) {
        ui_message(ui, UI_ROLE_ERROR, "%s has no castle moves.", v->title);
        return UI_DRAW_STATUS;
    }
    cm_pos_set_castle_used(pos, seat, (pos->castle_used[seat] + 1) % (most + 1));
    ui_message(ui, UI_ROLE_NORMAL, "%s has used %d of %d castle moves.", v->seat[seat].name,
               pos->castle_used[seat], most);
    return UI_DRAW_STATUS | UI_DRAW_PANEL;
}

/* 'd': a new game from the position, when the rules core accepts it. */
static unsigned play_from(Ui *ui)
{
    char why[160];
    SessionSetup setup = ui->s->setup;
    CmPosition pos = ui->edit_pos;
    pos.quiet = 0;
    if (!cm_rules_playable(&pos, why, sizeof why)) {
        ui_message(ui, UI_ROLE_ERROR, "This position cannot be played: %s.", why);
        return UI_DRAW_STATUS;
    }
    if (session_start(ui->s, pos.v, &setup, &pos) != CM_OK) {
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the game goes on as it was.");
        return UI_DRAW_STATUS;
    }
    ui_game_replaced(ui);
    ui_message(ui, UI_ROLE_GOOD, "A new game from the position you set up.");
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

unsigned ui_edit_action(Ui *ui, UiAction act)
{
    CmPosition *pos = &ui->edit_pos;
    switch (act) {
    case UI_ACT_UP:
    case UI_ACT_DOWN:
    case UI_ACT_LEFT:
    case UI_ACT_RIGHT:
        return ui_move_cursor(ui, act);
    case UI_ACT_SELECT:
        return cycle_piece(ui);
    case UI_ACT_BACK:
        cm_pos_put(pos, ui->cursor, CM_EMPTY);
        return UI_DRAW_BOARD | UI_DRAW_STATUS;
    case UI_ACT_TURN:
        cm_pos_set_turn(pos, (pos->to_move + 1) % pos->v->nseats);
        return UI_DRAW_ALL;
    case UI_ACT_CASTLE:
        return cycle_castle(ui);
    case UI_ACT_EMPTY:
        cm_pos_clear(pos, pos->v);
        ui_message(ui, UI_ROLE_NORMAL, "The board is empty.");
        return UI_DRAW_ALL;
    case UI_ACT_START:
        cm_pos_start(pos, pos->v);
        ui_message(ui, UI_ROLE_NORMAL, "The start position of %s.", pos->v->title);
        return UI_DRAW_ALL;
    case UI_ACT_DONE:
        return play_from(ui);
    case UI_ACT_EXPORT:
        return ui_export_begin(ui);
    case UI_ACT_RULES:
        return ui_open_rules(ui);
    case UI_ACT_CANCEL:
        ui->mode = ui->edit_back == UI_MODE_OVER ? UI_MODE_OVER : ui_board_mode(ui);
        ui_message(ui, UI_ROLE_NORMAL, "Edit mode left: the game is as it was.");
        return UI_DRAW_ALL;
    default:
        return 0;
    }
}

unsigned ui_edit_click(Ui *ui, CmSquare sq)
{
    ui->cursor = sq;
    return cycle_piece(ui) | UI_DRAW_BOARD;
}

void ui_edit_status(const Ui *ui, char *buf, size_t size)
{
    const CmPosition *pos = &ui->edit_pos;
    const CmVariant *v = pos->v;
    const char *who = v->seat[pos->to_move].name;
    char sq[4];
    if (v->rules.castle_moves > 0)
        snprintf(buf, size, "Editing %s. %s to move (t); %s has used %d of %d castle moves (c).",
                 cm_square_name(ui->cursor, sq), who, who, pos->castle_used[pos->to_move],
                 v->rules.castle_moves);
    else
        snprintf(buf, size, "Editing %s. %s to move (t).", cm_square_name(ui->cursor, sq), who);
}

/* ---- Export ------------------------------------------------------------------------------ */

int ui_may_write(Ui *ui)
{
    if (ui->opt.no_files || (ui_online(ui) && ui->lobby != NULL && lobby_is_guest(ui->lobby))) {
        ui_message(ui, UI_ROLE_ERROR,
                   "No export here: this session runs on the server's machine, not yours.");
        return 0;
    }
    return 1;
}

unsigned ui_export_begin(Ui *ui)
{
    /* A stranger's session on a public server's host (a key's, or a guest's) writes nothing
     * into the files of the account it runs as: among them, the server's own. */
    if (!ui_may_write(ui))
        return UI_DRAW_STATUS;
    ui_clear_selection(ui);
    ui->line_back = ui->mode;
    ui->mode = UI_MODE_LINE;
    ui->line_export = 1;
    ui->line[0] = '\0';
    ui->line_len = 0;
    return UI_DRAW_BOARD | UI_DRAW_STATUS;
}

/* Writes the export to the path on the line: over files there when 'replace' is set, else
 * only where nothing is; a file there already puts the question. */
static unsigned export_to(Ui *ui, uint64_t now, int replace)
{
    char pos_path[SESSION_PATH_MAX], rec_path[SESSION_PATH_MAX], msg[CM_ERROR_TEXT_MAX];
    CmError err;
    CmStatus st;

    if (ui->line_back == UI_MODE_EDIT) {
        /* The position being set up; there is no game of it yet to write. */
        size_t n = strlen(ui->line);
        snprintf(pos_path, sizeof pos_path, "%s%s", ui->line,
                 n > 5 && strcmp(ui->line + n - 5, ".yaml") == 0 ? "" : ".yaml");
        st = session_write_position(ui->s, &ui->edit_pos, pos_path, replace, &err);
        rec_path[0] = '\0';
    } else if (ui_online(ui)) {
        /* The record as the server keeps it: the players, the result, the moves. */
        st = lobby_export(ui->s, ui->line, replace, pos_path, rec_path, sizeof pos_path, &err);
    } else {
        st = session_export(ui->s, ui->line, now, replace, pos_path, rec_path, sizeof pos_path,
                            &err);
    }
    if (st == CM_ERR_EXISTS && !replace) {
        /* The line stays, for the answer; the game waits meanwhile ('line_export'). */
        ui->mode = UI_MODE_ASK;
        ui->ask = UI_ASK_EXPORT;
        ui_message(ui, UI_ROLE_ERROR, "%s is there already.", err.source);
        return UI_DRAW_ALL;
    }
    ui->mode = ui->line_back;
    ui->line_export = 0;
    if (st != CM_OK) {
        cm_error_format(&err, msg, sizeof msg);
        ui_message(ui, UI_ROLE_ERROR, "Not exported: %s", msg);
    } else if (rec_path[0] == '\0') {
        ui_message(ui, UI_ROLE_GOOD, "The position is in %s.", pos_path);
    } else {
        ui_message(ui, UI_ROLE_GOOD, "The position is in %s and the game in %s.", pos_path,
                   rec_path);
    }
    ui->line[0] = '\0';
    ui->line_len = 0;
    return UI_DRAW_ALL;
}

unsigned ui_export_enter(Ui *ui, uint64_t now)
{
    if (ui->line_len == 0) {
        ui->mode = ui->line_back;
        ui->line_export = 0;
        ui->msg[0] = '\0';
        return UI_DRAW_ALL;
    }
    return export_to(ui, now, 0);
}

unsigned ui_export_answer(Ui *ui, int yes, uint64_t now)
{
    if (yes)
        return export_to(ui, now, 1);
    ui->mode = ui->line_back;
    ui->line_export = 0;
    ui->line[0] = '\0';
    ui->line_len = 0;
    ui_message(ui, UI_ROLE_NORMAL, "Not exported: the files there are left as they were.");
    return UI_DRAW_ALL;
}
