/* The line at the foot of the screen: a move typed after ':' (played when it is legal, else
 * refused with the rules' reason), a chat message on a server, and the path of an export.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "ui_int.h"

unsigned ui_line_open_move(Ui *ui)
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
    /* A board that takes no move now (a lesson done, a puzzle over, a move being judged) says
     * why, before the move is read on a position that may be no longer the one to play. */
    const UiBoard *b = ui_board(ui);
    unsigned closed = b != NULL && b->closed != NULL ? b->closed(ui) : 0;
    if (closed != 0) {
        ui->mode = UI_MODE_PLAY;
        ui->line[0] = '\0';
        ui->line_len = 0;
        return closed | UI_DRAW_STATUS;
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

/* Esc on the line of a chat message or an export's path: the line goes, unsent. */
static unsigned line_cancel(Ui *ui)
{
    ui->mode = ui->line_back;
    ui->line_export = 0;
    ui->line_chat = 0;
    ui->line[0] = '\0';
    ui->line_len = 0;
    ui->msg[0] = '\0';
    return UI_DRAW_ALL;
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
        return line_cancel(ui);
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
        return line_cancel(ui);
    case UI_ACT_SELECT:
        return ui_chat_enter(ui);
    default:
        return 0;
    }
}

unsigned ui_line_action(Ui *ui, UiAction act, int key, uint64_t now)
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
        return ui_line_open_move(ui);
    default:
        return 0;
    }
}
