/* The analysis board: from a position of the game on the screen (the one on the board, or the
 * one reviewed), moves are played freely for either side while the engine's evaluation and
 * line follow each position; u and r go back and forth along the line, the game's own moves
 * ahead included; the other lines tried are kept and exported with the line played; Esc goes
 * back to the game as it was. Its game is a session of its own: every seat a person's, no
 * clocks, no autosave. No curses.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/text.h"
#include "ui_int.h"

/* The engine's news and the line for the panel: the live analysis of the position now. */
static void follow(Ui *ui)
{
    UiAnalysis *a = ui->analysis;
    analysis_live_follow(&a->live, ui->s);
    snprintf(ui->pv_text, sizeof ui->pv_text, "%s", a->live.has_info ? a->live.pv_text : "");
}

/* The game's notes are the analysis board's alone: any change of the line drops them. */
static void drop_notes(UiAnalysis *a)
{
    for (int i = 0; i < a->nnotes; i++)
        free(a->notes[i]);
    free(a->notes);
    a->notes = NULL;
    a->nnotes = 0;
    a->game.notes = NULL;
    a->game.nnotes = 0;
}

static void free_lines(UiAnalysis *a)
{
    for (int i = 0; i < a->nlines; i++)
        free(a->lines[i].moves);
    a->nlines = 0;
}

unsigned ui_analysis_open(Ui *ui, int ply, uint64_t now)
{
    Session *game = ui->s;
    SessionSetup setup;
    SessionEnv env;
    UiAnalysis *a;

    if (ui->learn != NULL || ui->puzzles != NULL || ui->practice != NULL || ui_online(ui)) {
        ui_message(ui, UI_ROLE_ERROR, "The analysis board is for a game of this screen.");
        return UI_DRAW_STATUS;
    }
    if ((a = calloc(1, sizeof *a)) == NULL) {
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the analysis board cannot open.");
        return UI_DRAW_STATUS;
    }
    env = game->env;
    env.engine = NULL; /* the board's seats are people's: its session never searches */
    env.data_dir = NULL;
    session_init(&a->game, &env);
    setup_default(&setup, game->v, game->setup.variant);
    setup_all_human(&setup);
    /* The whole game, then back to 'ply': what comes after it is the line ahead, for r. */
    int ok = session_start(&a->game, game->v, &setup, &game->g.start) == CM_OK;
    for (int i = 0; ok && i < game->g.n; i++)
        ok = session_play(&a->game, &game->g.ply[i].move, now) == CM_OK;
    while (ok && a->game.g.n > ply && session_undo(&a->game, now) > 0)
        ;
    if (!ok) {
        session_free(&a->game);
        free(a);
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the analysis board cannot open.");
        return UI_DRAW_STATUS;
    }
    /* The game waits, paused, until the board is left. */
    if (game->active && !game->outcome.over) {
        session_cancel_search(game);
        a->was_paused = game->paused;
        session_pause(game, 1, now);
    }
    a->back = game;
    a->game.players_of = game; /* its export names who played the game */
    a->back_mode = ui->mode;
    a->back_review = ui->review_ply;
    a->back_reviewed = ui->nreviewed;
    a->back_flip = ui->opt.flip;
    a->back_turn = ui->turn;
    a->from = a->game.g.n;
    analysis_live_init(&a->live, game->env.engine);
    ui->analysis = a;
    ui->s = &a->game;
    ui_game_replaced(ui);
    ui->mode = UI_MODE_PLAY;
    /* The board stays turned as it was. */
    ui->opt.flip = a->back_flip;
    ui->turn = a->back_turn;
    ui_resize(ui, ui->lay.rows, ui->lay.cols);
    follow(ui);
    ui_message(ui, UI_ROLE_NORMAL,
               "The analysis board: play any move for either side; u and r go back and forth; Esc "
               "goes back to the game.");
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

void ui_analysis_close(Ui *ui, uint64_t now)
{
    UiAnalysis *a = ui->analysis;
    if (a == NULL)
        return;
    analysis_live_stop(&a->live);
    drop_notes(a);
    free_lines(a);
    ui->s = a->back;
    session_free(&a->game);
    ui->analysis = NULL;
    if (ui->s->active && !ui->s->outcome.over && !a->was_paused)
        session_pause(ui->s, 0, now);
    ui_game_replaced(ui);
    ui->pv_text[0] = '\0';
    ui->opt.flip = a->back_flip;
    ui->turn = a->back_turn;
    ui_resize(ui, ui->lay.rows, ui->lay.cols);
    /* The engine's marks of the game, which the board's own moves had set aside. */
    ui->nreviewed = a->back_reviewed;
    if (a->back_mode == UI_MODE_REVIEW) {
        ui->mode = UI_MODE_REVIEW;
        ui_review_to(ui, a->back_review);
    } else {
        ui->mode = ui_board_mode(ui);
    }
    free(a);
}

/* Keeps the line ahead (the moves 'r' would play) as another line tried, before a move that
 * leaves it is played: from the start, the moves played, then those ahead. */
static void keep_line(UiAnalysis *a)
{
    const Session *s = &a->game;
    if (s->nredo == 0 || a->nlines == UI_ANALYSIS_LINES)
        return;
    int n = s->g.n + s->nredo;
    CmMove *moves = malloc((size_t)n * sizeof *moves);
    if (moves == NULL)
        return; /* out of memory: the line is not kept */
    for (int i = 0; i < s->g.n; i++)
        moves[i] = s->g.ply[i].move;
    for (int k = 0; k < s->nredo; k++)
        moves[s->g.n + k] = s->redo[s->nredo - 1 - k];
    a->lines[a->nlines].moves = moves;
    a->lines[a->nlines].n = n;
    a->nlines++;
}

static unsigned analysis_commit(Ui *ui, const CmMove *m, uint64_t now)
{
    UiAnalysis *a = ui->analysis;
    char text[CM_MOVE_TEXT_MAX];
    int seat = ui->s->g.pos.to_move;
    CmMove move = *m; /* 'm' may be one of the screen's legal moves, which the move replaces */
    if (ui->s->nredo > 0 && !cm_move_same(&ui->s->redo[ui->s->nredo - 1], &move))
        keep_line(a);
    drop_notes(a);
    cm_move_str(&ui->s->g.pos, &move, text, sizeof text);
    if (session_play(ui->s, &move, now) != CM_OK) {
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the move was not played.");
        return UI_DRAW_ALL;
    }
    ui_position_changed(ui);
    follow(ui);
    ui_message(ui, UI_ROLE_NORMAL, "%s played %s.", ui->s->v->seat[seat].name, text);
    return UI_DRAW_ALL;
}

/* Steps along the line: back ('dir' -1) or forward (1), 'count' plies at most. */
static unsigned step(Ui *ui, int dir, int count, uint64_t now)
{
    int moved = 0;
    ui_clear_selection(ui);
    for (int i = 0; i < count; i++) {
        int k = dir < 0 ? session_undo(ui->s, now) : session_redo(ui->s, now);
        if (k == 0)
            break;
        moved += k;
    }
    if (moved == 0) {
        ui_message(ui, UI_ROLE_ERROR,
                   dir < 0 ? "This is the start of the line."
                           : "This is the end of the line: no move ahead.");
        return UI_DRAW_STATUS;
    }
    drop_notes(ui->analysis);
    ui_position_changed(ui);
    follow(ui);
    ui->msg[0] = '\0';
    return UI_DRAW_ALL;
}

/* The comment after ply 'at' of the line played for line 'k' tried, which leaves it there: "or
 * F9-F7 E6-E8 ..." (instead of the move of ply 'at'), or "then ..." when it goes on past the
 * line's end. NULL when it has nothing to say or memory ran out. */
static char *line_note(const UiAnalysis *a, int k, int at, int past)
{
    const Session *s = &a->game;
    const CmMove *moves = a->lines[k].moves;
    int n = a->lines[k].n, from = past ? s->g.n : at;
    size_t cap = 64 + (size_t)(n - from) * (CM_MOVE_TEXT_MAX + 1), len;
    char *note = malloc(cap);
    CmPosition pos;
    CmOutcome o;
    CmUndo u;
    if (note == NULL)
        return NULL;
    len = (size_t)snprintf(note, cap, "%s", past ? "then" : "or");
    /* The moves from the start up to where the line leaves the one played. */
    session_position_before(s, from, &pos);
    for (int i = from; i < n && len < cap; i++) {
        char text[CM_MOVE_TEXT_MAX];
        cm_move_str(&pos, &moves[i], text, sizeof text);
        len += (size_t)snprintf(note + len, cap - len, " %s", text);
        cm_pos_apply(&pos, &moves[i], &u);
        cm_rules_settle(&pos, &o);
    }
    return note;
}

/* The other lines tried as the notes of the line played, for its record: each after the move
 * of the line played it replaces (or, going on past its end, after its last move). */
static void make_notes(UiAnalysis *a)
{
    Session *s = &a->game;
    drop_notes(a);
    if (s->g.n == 0 || a->nlines == 0 ||
        (a->notes = calloc((size_t)s->g.n, sizeof *a->notes)) == NULL)
        return;
    a->nnotes = s->g.n;
    for (int k = 0; k < a->nlines; k++) {
        int same = 0;
        while (same < a->lines[k].n && same < s->g.n &&
               cm_move_same(&a->lines[k].moves[same], &s->g.ply[same].move))
            same++;
        if (same == a->lines[k].n)
            continue; /* the line played holds it whole */
        int past = same == s->g.n, at = past ? s->g.n - 1 : same;
        char *note = line_note(a, k, same, past);
        if (note == NULL)
            continue;
        if (a->notes[at] != NULL) {
            /* Two lines leave at one move: one note, the lines one after the other. */
            size_t len = strlen(a->notes[at]) + strlen(note) + 3;
            char *both = malloc(len);
            if (both != NULL)
                snprintf(both, len, "%s; %s", a->notes[at], note);
            free(note);
            if (both == NULL)
                continue;
            free(a->notes[at]);
            note = both;
        }
        a->notes[at] = note;
    }
    s->notes = (const char *const *)a->notes;
    s->nnotes = a->nnotes;
}

static unsigned analysis_action(Ui *ui, UiAction act, int key, uint64_t now, int *handled)
{
    *handled = 1;
    switch (act) {
    case UI_ACT_UNDO:
        return step(ui, -1, 1, now);
    case UI_ACT_REDO:
        return step(ui, 1, 1, now);
    case UI_ACT_HOME:
        return step(ui, -1, ui->s->g.n, now);
    case UI_ACT_END:
        return step(ui, 1, ui->s->nredo, now);
    case UI_ACT_CANCEL:
        if (ui->sel.active || ui->has_hint)
            break;
        /* fall through */
    case UI_ACT_QUIT:
        if (key == UI_CTRL('c'))
            return UI_QUIT;
        ui_analysis_close(ui, now);
        ui_message(ui, UI_ROLE_NORMAL, "Back to the game.");
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_EXPORT:
        make_notes(ui->analysis);
        return ui_export_begin(ui);
    case UI_ACT_ANALYSIS:
        ui_message(ui, UI_ROLE_NORMAL, "This is the analysis board: Esc goes back to the game.");
        return UI_DRAW_STATUS;
    case UI_ACT_NEW:
    case UI_ACT_SAVE:
    case UI_ACT_LOAD:
    case UI_ACT_RESIGN:
    case UI_ACT_DRAW:
    case UI_ACT_EDIT:
    case UI_ACT_REVIEW:
    case UI_ACT_HINT:
    case UI_ACT_MOVE_NOW:
    case UI_ACT_PAUSE:
    case UI_ACT_PACE_DOWN:
    case UI_ACT_PACE_UP:
        ui_message(ui, UI_ROLE_ERROR,
                   "Not on the analysis board: x exports its lines, Esc goes back to the game.");
        return UI_DRAW_STATUS;
    default:
        break;
    }
    *handled = 0;
    return 0;
}

static unsigned analysis_tick(Ui *ui)
{
    UiAnalysis *a = ui->analysis;
    if (!analysis_live_tick(&a->live))
        return 0;
    snprintf(ui->pv_text, sizeof ui->pv_text, "%s", a->live.pv_text);
    return UI_DRAW_PANEL;
}

static int analysis_title(const Ui *ui, char *buf, size_t size)
{
    const Session *s = ui->s;
    const CmVariant *v = s->v;
    char sq[4];
    char length[64];
    int first = s->g.n > 0 ? s->g.ply[0].seat : s->g.pos.to_move;
    if (ui->mode == UI_MODE_REVIEW || ui->mode == UI_MODE_EDIT)
        return 0;
    text_game_length(v->nseats, s->g.n, length, sizeof length);
    if (s->outcome.over)
        snprintf(buf, size, "%s - analysis, over after %s", v->title, length);
    else
        snprintf(buf, size, "%s - analysis, move %d, %s to move   [%s]", v->title,
                 (s->g.n + first) / v->nseats + 1, v->seat[s->g.pos.to_move].name,
                 cm_square_name(ui->cursor, sq));
    return 1;
}

const UiBoard ui_board_analysis = {
    .keys = UI_KEYS_ANALYSIS,
    .action = analysis_action,
    .commit = analysis_commit,
    .tick = analysis_tick,
    .title = analysis_title,
    .panel = ui_analysis_panel,
    .ends_in_box = 1,
    .reviewable = 1,
};
