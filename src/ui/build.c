/* Building a move on the board leap by leap: picking a piece, the landings that continue the
 * path chosen so far (from the legal paths of 'cm_movegen_paths'), stopping, taking a leap
 * back, and the rules core's explanation of a landing that breaks a rule.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "camelot/explain.h"
#include "camelot/notation.h"
#include "session/text.h"
#include "ui_int.h"

/* ---- The legal continuations of a path ------------------------------------------------------ */

static int extend(void *ud, const CmPath *path, const CmMove *effect)
{
    UiSelection *sel = ud;
    const CmPath *pre = &sel->path;

    if (path->sq[0] != pre->sq[0] || path->n < pre->n)
        return 0;
    for (int i = 1; i < pre->n; i++)
        if (path->sq[i] != pre->sq[i])
            return 0;
    if (path->n == pre->n) {
        sel->complete = 1;
        sel->move = *effect;
    } else {
        cm_set_add(&sel->next, path->sq[pre->n]);
        sel->npaths++;
    }
    return 0;
}

void ui_select_update(const CmPosition *pos, UiSelection *sel)
{
    memset(&sel->next, 0, sizeof sel->next);
    memset(&sel->captured, 0, sizeof sel->captured);
    sel->complete = 0;
    sel->npaths = 0;
    if (!sel->active || sel->path.n < 1)
        return;
    /* Captured so far: the squares jumped over. */
    for (int i = 1; i < sel->path.n; i++)
        if (sel->path.jump[i])
            cm_set_add(&sel->captured, (unsigned)((sel->path.sq[i - 1] + sel->path.sq[i]) / 2));
    cm_movegen_paths(pos, NULL, 1 << 30, extend, sel);
}

void ui_clear_selection(Ui *ui)
{
    memset(&ui->sel, 0, sizeof ui->sel);
}

/* ---- Playing ----------------------------------------------------------------------------- */

unsigned ui_commit(Ui *ui, const CmMove *m, uint64_t now)
{
    char text[CM_MOVE_TEXT_MAX];
    int seat = ui->s->g.pos.to_move;
    const UiBoard *b = ui_board(ui);
    if (b != NULL && b->commit != NULL)
        return b->commit(ui, m, now);
    cm_move_str(&ui->s->g.pos, m, text, sizeof text);
    if (session_play(ui->s, m, now) != CM_OK) {
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the move was not played.");
        return UI_DRAW_ALL;
    }
    ui_position_changed(ui);
    ui_message(ui, UI_ROLE_NORMAL, "%s played %s.", ui->s->v->seat[seat].name, text);
    if (ui->s->save_error[0])
        ui_message(ui, UI_ROLE_ERROR, "Autosave failed: %s", ui->s->save_error);
    ui_show_notice(ui);
    if (ui->s->outcome.over)
        ui->mode = UI_MODE_OVER;
    return UI_DRAW_ALL;
}

/* Whether a leap from 'a' to 'b' (two squares) passes over an enemy of the seat to move that
 * the path has not captured yet: a jump leap, written with 'x'. */
static int leap_is_jump(const Ui *ui, CmSquare a, CmSquare b)
{
    const CmPosition *pos = &ui->s->g.pos;
    int df = CM_FILE(b) - CM_FILE(a), dr = CM_RANK(b) - CM_RANK(a);
    if ((df != 2 && df != -2 && df != 0) || (dr != 2 && dr != -2 && dr != 0) || (!df && !dr))
        return 0;
    CmSquare mid = (CmSquare)((a + b) / 2);
    if (cm_set_has(&ui->sel.captured, mid))
        return 0;
    uint8_t c = pos->board[mid];
    return c != CM_EMPTY && (pos->v->enemy_cells[pos->to_move] >> c & 1);
}

static void pick(Ui *ui, CmSquare sq)
{
    ui_clear_selection(ui);
    ui->sel.active = 1;
    ui->sel.path.n = 1;
    ui->sel.path.sq[0] = sq;
    ui->sel.path.jump[0] = 0;
    ui_select_update(&ui->s->g.pos, &ui->sel);
    ui->msg[0] = '\0';
}

static unsigned land(Ui *ui, CmSquare sq, uint64_t now)
{
    UiSelection *sel = &ui->sel;
    CmSquare last = sel->path.sq[sel->path.n - 1];
    if (sel->path.n >= CM_MAX_PATH)
        return UI_DRAW_STATUS;
    sel->path.sq[sel->path.n] = sq;
    sel->path.jump[sel->path.n] = (uint8_t)leap_is_jump(ui, last, sq);
    sel->path.n++;
    ui_select_update(&ui->s->g.pos, sel);
    ui->msg[0] = '\0';
    if (sel->complete && cm_set_empty(&sel->next))
        return ui_commit(ui, &sel->move, now);
    return UI_DRAW_BOARD | UI_DRAW_STATUS;
}

/* Plays the written path 'text' when it is legal; else the rules core says which rule it
 * breaks, after 'prefix' ("E6-E9 is illegal: "). */
static unsigned try_path(Ui *ui, const char *text, const char *prefix, uint64_t now)
{
    CmError err;
    CmMove m;
    cm_error_init(&err, NULL);
    if (cm_move_parse(&ui->s->g.pos, text, &m, &err) == CM_OK)
        return ui_commit(ui, &m, now);
    ui_message(ui, UI_ROLE_ERROR, "%s%s.", prefix, err.msg);
    return UI_DRAW_STATUS;
}

/* A landing on 'sq' that no legal path continues with: the path so far plus 'sq' goes to the
 * rules core, which plays it if it is legal after all, or says why not. */
static unsigned explain_attempt(Ui *ui, CmSquare sq, uint64_t now)
{
    char text[CM_MOVE_TEXT_MAX + 8], prefix[CM_MOVE_TEXT_MAX + 32], a[4];
    CmSquare last = ui->sel.path.sq[ui->sel.path.n - 1];
    size_t len = cm_path_str(&ui->sel.path, text, sizeof text);
    snprintf(text + len, sizeof text - len, "%c%s", leap_is_jump(ui, last, sq) ? 'x' : '-',
             cm_square_name(sq, a));
    snprintf(prefix, sizeof prefix, "%s is illegal: ", text);
    return try_path(ui, text, prefix, now);
}

/* Enter on the square the path has reached: stop there. */
static unsigned stop_here(Ui *ui, CmSquare sq, uint64_t now)
{
    UiSelection *sel = &ui->sel;
    char text[CM_MOVE_TEXT_MAX], prefix[64], a[4];
    if (sel->complete)
        return ui_commit(ui, &sel->move, now);
    if (sel->path.n == 1) {
        ui_clear_selection(ui);
        ui_message(ui, UI_ROLE_NORMAL, "Move dropped.");
        return UI_DRAW_BOARD | UI_DRAW_STATUS;
    }
    cm_path_str(&sel->path, text, sizeof text);
    snprintf(prefix, sizeof prefix, "You cannot stop on %s: ", cm_square_name(sq, a));
    return try_path(ui, text, prefix, now);
}

unsigned ui_select_square(Ui *ui, CmSquare sq, uint64_t now)
{
    const CmVariant *v = ui->s->v;
    UiSelection *sel = &ui->sel;
    char why[CM_EXPLAIN_MAX];

    const UiBoard *b = ui_board(ui);
    unsigned closed = b != NULL && b->closed != NULL ? b->closed(ui) : 0;
    if (closed != 0)
        return closed;
    if (ui->s->outcome.over) {
        ui->mode = UI_MODE_OVER;
        return UI_DRAW_ALL;
    }
    if (!session_human_to_move(ui->s)) {
        ui_message(ui, UI_ROLE_NORMAL,
                   "It is %s's turn: the engine is thinking (m makes it move now).",
                   v->seat[ui->s->g.pos.to_move].name);
        return UI_DRAW_STATUS;
    }
    if (!sel->active) {
        if (cm_set_has(&ui->movable, sq)) {
            pick(ui, sq);
            return UI_DRAW_BOARD | UI_DRAW_STATUS;
        }
        cm_pick_str(&ui->s->g.pos, sq, why, sizeof why);
        text_sentence(why, sizeof why);
        ui_message(ui, UI_ROLE_ERROR, "%s", why);
        return UI_DRAW_STATUS;
    }
    CmSquare last = sel->path.sq[sel->path.n - 1];
    if (cm_set_has(&sel->next, sq))
        return land(ui, sq, now);
    if (sq == last)
        return stop_here(ui, sq, now);
    if (sel->path.n == 1 && cm_set_has(&ui->movable, sq)) {
        pick(ui, sq);
        return UI_DRAW_BOARD | UI_DRAW_STATUS;
    }
    if (!cm_variant_on(v, sq)) {
        ui_message(ui, UI_ROLE_ERROR, "That is not a square of the board.");
        return UI_DRAW_STATUS;
    }
    return explain_attempt(ui, sq, now);
}

unsigned ui_take_back_leap(Ui *ui)
{
    if (!ui->sel.active)
        return 0;
    if (ui->sel.path.n > 1) {
        ui->sel.path.n--;
        ui_select_update(&ui->s->g.pos, &ui->sel);
    } else {
        ui_clear_selection(ui);
    }
    ui->msg[0] = '\0';
    return UI_DRAW_BOARD | UI_DRAW_STATUS;
}
