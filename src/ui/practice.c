/* Practice mode of the full-screen board: the player put back before each of their mistakes
 * and blunders, a move of theirs judged (the engine's, or one the engine thread finds as
 * good), a wrong one taken back with what it allows, the hint, the solution, the next one;
 * and what the title, teaching line, keys and panel say meanwhile. No curses.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "camelot/explain.h"
#include "camelot/notation.h"
#include "session/clock.h"
#include "session/text.h"
#include "ui_int.h"

CmStatus ui_practice_start(UiPractice *pr, Session *s)
{
    SessionSetup setup;
    const CmGame *g = practice_game(&pr->p);
    setup_default(&setup, g->v, NULL);
    setup_all_human(&setup);
    setup.time_base_ms = setup.time_inc_ms = 0;
    return session_start(s, g->v, &setup, &g->pos) != CM_OK ? CM_ERR_NOMEM : CM_OK;
}

/* Says what the exercise in hand asks, or that none is left. */
static void announce(Ui *ui)
{
    char text[PRACTICE_TEXT_MAX];
    Practice *p = &ui->practice->p;
    if (p->state == PRACTICE_OVER) {
        ui_message(ui, UI_ROLE_NORMAL,
                   p->n > 0 ? "That was the last one." : "Nothing to practise.");
        return;
    }
    practice_prompt(p, text, sizeof text);
    ui_message(ui, UI_ROLE_NORMAL, "%s", text);
}

void ui_practice_attach(Ui *ui, UiPractice *pr)
{
    ui->practice = pr;
    ui_game_replaced(ui);
    announce(ui);
}

/* Drops the search judging a move, if any. */
static void stop_judging(Ui *ui)
{
    UiPractice *pr = ui->practice;
    if (pr->judging && ui->s->env.engine != NULL)
        engine_thread_cancel(ui->s->env.engine, pr->ticket);
    pr->judging = 0;
}

/* The verdict on the move of 'tr', said: a wrong move is taken back off the board. */
static unsigned verdict(Ui *ui, uint64_t now)
{
    UiPractice *pr = ui->practice;
    char text[PRACTICE_TEXT_MAX];
    practice_verdict_text(&pr->p, &pr->tr, text, sizeof text);
    if (pr->tr.verdict == PRACTICE_WRONG) {
        session_undo(ui->s, now);
        ui_position_changed(ui);
        ui_message(ui, UI_ROLE_ERROR, "%s", text);
        return UI_DRAW_ALL;
    }
    ui_message(ui, UI_ROLE_GOOD, "%s n: the next one.", text);
    return UI_DRAW_ALL;
}

static unsigned practice_commit(Ui *ui, const CmMove *move, uint64_t now)
{
    CmMove played = *move; /* 'move' may be the selection, cleared below */
    UiPractice *pr = ui->practice;
    EngineThread *et = ui->s->env.engine;

    ui_clear_selection(ui);
    if (pr->p.state != PRACTICE_ASKING || pr->judging) {
        ui_message(ui, UI_ROLE_ERROR,
                   pr->judging ? "The engine is still judging the last move."
                               : "This one is behind you: n goes on.");
        return UI_DRAW_STATUS;
    }
    if (practice_try(&pr->p, &played, &pr->tr) != CM_OK ||
        session_play(ui->s, &played, now) != CM_OK) {
        ui_game_replaced(ui);
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the move was not played.");
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    }
    ui_position_changed(ui);
    if (!pr->tr.need_search)
        return verdict(ui, now);
    /* Another move: the engine looks at the position it leaves, as the review did. */
    const CmGame *trial = practice_trial(&pr->p);
    EngineJob job;
    memset(&job, 0, sizeof job);
    job.v = trial->v;
    job.pos = trial->pos;
    job.history = trial->hashes;
    job.nhistory = trial->n;
    job.level = CM_ENGINE_LEVELS;
    job.time_ms = pr->depth > 0 ? 0 : pr->time_ms;
    job.depth = pr->depth;
    job.analysis = 1;
    job.purpose = ENGINE_JOB_HINT;
    if (et == NULL || engine_thread_start(et, &job, &pr->ticket) != CM_OK) {
        session_undo(ui->s, now);
        ui_position_changed(ui);
        ui_message(ui, UI_ROLE_ERROR, "No engine to judge %s: H gives a hint, s the solution.",
                   pr->tr.text);
        return UI_DRAW_ALL;
    }
    pr->judging = 1;
    ui_message(ui, UI_ROLE_DIM, "The engine looks at %s...", pr->tr.text);
    return UI_DRAW_ALL;
}

/* What time brings: the engine's verdict, and the connection of a server's game kept up. */
static unsigned practice_tick(Ui *ui)
{
    UiPractice *pr = ui->practice;
    EngineDone done;
    if (pr->keep != NULL)
        lobby_keep_alive(pr->keep, clock_ms());
    if (!pr->judging || !engine_thread_take(ui->s->env.engine, &done) || done.ticket != pr->ticket)
        return 0;
    pr->judging = 0;
    practice_judge(&pr->p, &pr->tr, &done.result.info);
    return verdict(ui, clock_ms());
}

/* s: the engine's move on the board; the exercise is given up. */
static unsigned show_solution(Ui *ui, uint64_t now)
{
    UiPractice *pr = ui->practice;
    char text[PRACTICE_TEXT_MAX];
    CmMove best;
    if (pr->p.state == PRACTICE_OVER)
        return 0;
    stop_judging(ui);
    int asking = pr->p.state == PRACTICE_ASKING;
    practice_show(&pr->p, &best, text, sizeof text);
    if (asking) {
        if (ui_practice_start(pr, ui->s) != CM_OK ||
            (practice_review(&pr->p) != NULL && pr->p.has_best &&
             session_play(ui->s, &best, now) != CM_OK)) {
            ui_game_replaced(ui);
            ui_message(ui, UI_ROLE_ERROR, "Out of memory: the solution cannot be shown.");
            return UI_DRAW_ALL | UI_DRAW_CLEAR;
        }
        ui_game_replaced(ui);
    }
    ui_message(ui, UI_ROLE_NORMAL, "%s n: the next one.", text);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

/* n: the next exercise (this one skipped when still asking). */
static unsigned next_exercise(Ui *ui)
{
    UiPractice *pr = ui->practice;
    if (pr->p.state == PRACTICE_OVER) {
        announce(ui);
        return UI_DRAW_STATUS;
    }
    stop_judging(ui);
    int more = practice_next(&pr->p);
    if (more < 0 || (more > 0 && ui_practice_start(pr, ui->s) != CM_OK)) {
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the next one cannot be set up.");
        return UI_DRAW_STATUS;
    }
    ui->mode = UI_MODE_PLAY;
    ui_game_replaced(ui);
    announce(ui);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

static unsigned practice_action(Ui *ui, UiAction act, int key, uint64_t now, int *handled)
{
    UiPractice *pr = ui->practice;
    char text[PRACTICE_TEXT_MAX];
    (void)key;
    *handled = 1;
    switch (act) {
    case UI_ACT_NEW:
        return next_exercise(ui);
    case UI_ACT_SAVE:
        if (ui->mode == UI_MODE_REVIEW)
            break;
        return show_solution(ui, now);
    case UI_ACT_HINT:
        if (ui->mode == UI_MODE_REVIEW)
            break;
        if (pr->p.state != PRACTICE_ASKING)
            return 0;
        practice_hint(&pr->p, text, sizeof text);
        ui_message(ui, UI_ROLE_NORMAL, "%s", text);
        return UI_DRAW_STATUS;
    case UI_ACT_UNDO:
    case UI_ACT_REDO:
    case UI_ACT_LOAD:
    case UI_ACT_EDIT:
    case UI_ACT_EXPORT:
    case UI_ACT_RESIGN:
    case UI_ACT_DRAW:
    case UI_ACT_MOVE_NOW:
    case UI_ACT_PAUSE:
    case UI_ACT_PACE_DOWN:
    case UI_ACT_PACE_UP:
        if (ui->mode == UI_MODE_REVIEW)
            break;
        ui_message(ui, UI_ROLE_ERROR,
                   "Not in practice: H gives a hint, s the solution, n the next one.");
        return UI_DRAW_STATUS;
    default:
        break;
    }
    *handled = 0;
    return 0;
}

static int practice_title(const Ui *ui, char *buf, size_t size)
{
    const Practice *p = &ui->practice->p;
    char sq[4];
    if (ui->mode == UI_MODE_REVIEW || ui->mode == UI_MODE_EDIT)
        return 0;
    char place[32] = "";
    if (p->n > 0)
        snprintf(place, sizeof place, ", %d of %d", p->at < p->n ? p->at + 1 : p->n, p->n);
    snprintf(buf, size, "%s: learning from the mistakes%s   [%s]", ui->s->v->title, place,
             cm_square_name(ui->cursor, sq));
    return 1;
}

static int practice_status(const Ui *ui, char *buf, size_t size)
{
    const Practice *p = &ui->practice->p;
    char ob[CM_EXPLAIN_MAX];
    switch (p->state) {
    case PRACTICE_SOLVED:
        snprintf(buf, size, "Solved. n: the next one; v: step through the moves.");
        return 1;
    case PRACTICE_SHOWN:
        snprintf(buf, size, "The engine's move is on the board. n: the next one.");
        return 1;
    case PRACTICE_OVER: {
        char text[PRACTICE_TEXT_MAX];
        practice_summary(p, text, sizeof text);
        snprintf(buf, size, "%s q goes back to the review.", text);
        return 1;
    }
    default:
        if (ui->sel.active)
            return 0;
        if (ui->practice->judging) {
            snprintf(buf, size, "The engine looks at %s...", ui->practice->tr.text);
            return 1;
        }
        cm_obligation_str(&ui->s->g.pos, &ui->ob, ob, sizeof ob);
        text_sentence(ob, sizeof ob);
        snprintf(buf, size, "%s to move: find a better move than %s.%s%s",
                 ui->s->v->seat[practice_review(p)->seat].name, practice_review(p)->move,
                 ob[0] ? " " : "", ob);
        return 1;
    }
}

static int practice_lines(const Ui *ui, UiLine *lines, int max)
{
    const Practice *p = &ui->practice->p;
    const AnalysisPly *r = practice_review(p);
    const CmVariant *v = ui->s->v;
    static const char *const states[] = {"to find", "solved", "shown", "all done"};
    int n = 0;
    UiLine *l;

#define LINE(role_, seat_, ...)                                                                    \
    do {                                                                                           \
        if (n < max) {                                                                             \
            l = &lines[n++];                                                                       \
            snprintf(l->text, sizeof l->text, __VA_ARGS__);                                        \
            l->role = (role_);                                                                     \
            l->seat = (seat_);                                                                     \
        }                                                                                          \
    } while (0)

    LINE(UI_ROLE_HEADING, -1, "Practice %d of %d", p->at < p->n ? p->at + 1 : p->n, p->n);
    if (r != NULL) {
        int ply = practice_ply(p);
        LINE(UI_ROLE_NORMAL, r->seat, "%d. %s played", ply / v->nseats + 1, v->seat[r->seat].name);
        /* A long jump's path goes on over the next lines, broken between two leaps. */
        int width = ui->lay.panel_w > 2 ? ui->lay.panel_w - 2 : (int)sizeof lines[0].text - 1;
        int h = ui_move_lines(lines, n, max, UI_ROLE_ERROR, " ", 1, r->move, width);
        n = n + h < max ? n + h : max;
        LINE(UI_ROLE_ERROR, -1, " a %s", analysis_mark_name(r->mark));
    }
    LINE(p->state == PRACTICE_SOLVED  ? UI_ROLE_GOOD
         : p->state == PRACTICE_SHOWN ? UI_ROLE_ERROR
                                      : UI_ROLE_NORMAL,
         -1, " %s", states[p->state]);
    LINE(UI_ROLE_HEADING, -1, "So far");
    LINE(UI_ROLE_NORMAL, -1, " solved %d  shown %d", p->solved, p->shown);
    LINE(UI_ROLE_NORMAL, -1, " skipped %d", p->skipped);
#undef LINE
    return n;
}

/* The panel: the exercise, then the moves played on its board. */
static int practice_panel(const Ui *ui, int width, UiLine *lines, int max)
{
    return ui_move_list(ui, width, lines, practice_lines(ui, lines, max), max);
}

static unsigned practice_key_state(const Ui *ui)
{
    return ui->practice->p.state == PRACTICE_ASKING ? UI_KEYS_TRYING : UI_KEYS_DONE;
}

static unsigned practice_closed(Ui *ui)
{
    const UiPractice *pr = ui->practice;
    if (pr->p.state == PRACTICE_ASKING && !pr->judging)
        return 0;
    ui_message(ui, UI_ROLE_ERROR,
               pr->judging ? "The engine is still judging the last move."
               : pr->p.state == PRACTICE_OVER
                   ? "That was the last one: q goes back to the review."
                   : "This one is behind you: n goes to the next one, v steps through the moves.");
    return UI_DRAW_STATUS;
}

const UiBoard ui_board_practice = {
    .keys = UI_KEYS_PRACTICE,
    .key_state = practice_key_state,
    .action = practice_action,
    .review_action = practice_action,
    .commit = practice_commit,
    .closed = practice_closed,
    .tick = practice_tick,
    .title = practice_title,
    .status = practice_status,
    .panel = practice_panel,
    .ends_in_box = 0,
};
