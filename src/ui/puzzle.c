/* Puzzle mode of the full-screen board: the player's moves checked against the puzzle's
 * solution, right and wrong said, the solution shown, the score and streak counted, the next
 * puzzle; and what the title, teaching line, keys and panel say meanwhile. No curses.
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "camelot/explain.h"
#include "camelot/notation.h"
#include "session/text.h"
#include "ui_int.h"

CmStatus ui_puzzle_start(UiPuzzles *pz, Session *s, int at)
{
    int i = pz->book->order[at];
    CmStatus st = puzzle_run_start(&pz->run, s, pz->book->all[i], puzzle_book_variant(pz->book, i));
    if (st == CM_OK)
        pz->at = at;
    return st;
}

const CmPuzzle *ui_puzzle_current(const Ui *ui)
{
    return ui->puzzles != NULL ? ui->puzzles->run.p : NULL;
}

/* What the puzzle asks of the seat to move: "White to play and win." */
static void prompt(const Ui *ui, char *buf, size_t size)
{
    const CmPuzzle *p = ui_puzzle_current(ui);
    const char *seat = ui->s->v->seat[p->pos.to_move].name;
    switch (p->goal) {
    case CM_PUZZLE_WIN:
        snprintf(buf, size, "%s to play and win.", seat);
        break;
    case CM_PUZZLE_GAIN:
        snprintf(buf, size, "%s to play and gain the upper hand.", seat);
        break;
    default:
        snprintf(buf, size, "%s to play: find the only move that holds.", seat);
        break;
    }
}

/* Says which puzzle this is (the teaching line says what it asks). */
static void announce(Ui *ui)
{
    /* The ratings are in the panel: the line stays one line with the longest ids. */
    const CmPuzzle *p = ui_puzzle_current(ui);
    ui_message(ui, UI_ROLE_NORMAL, "Puzzle %s: find %s's best move (s gives up).", p->id,
               ui->s->v->seat[p->pos.to_move].name);
}

void ui_puzzle_attach(Ui *ui, UiPuzzles *pz)
{
    ui->puzzles = pz;
    ui_game_replaced(ui);
    announce(ui);
}

/* Counts the try in the score file. Returns 0, or -1 when the file could not be written, with
 * a sentence about it in 'note'; else 'note' tells where a file that could not be read was
 * kept, or the streak ("" when there is none). */
static int count_try(Ui *ui, int solved, char *note, size_t size)
{
    UiPuzzles *pz = ui->puzzles;
    CmError err;
    char why[CM_ERROR_TEXT_MAX];
    cm_error_init(&err, NULL);
    double before = pz->score->rating.rating;
    if (puzzle_score_record(pz->score, pz->data_dir, pz->run.p->id, puzzle_rating(pz->run.p),
                            solved, &err) != CM_OK) {
        cm_error_format(&err, why, sizeof why);
        snprintf(note, size, " The score was not saved: %s.", why);
        return -1;
    }
    int moved = (int)lround(pz->score->rating.rating) - (int)lround(before);
    if (pz->score->kept[0])
        snprintf(note, size, " The score file could not be read whole; it was kept as %.300s.",
                 pz->score->kept);
    else if (moved != 0 && pz->score->streak > 1)
        snprintf(note, size, " Streak %d; rating %.0f (%+d).", pz->score->streak,
                 pz->score->rating.rating, moved);
    else if (moved != 0)
        snprintf(note, size, " Rating %.0f (%+d).", pz->score->rating.rating, moved);
    else if (pz->score->streak > 1)
        snprintf(note, size, " Streak %d.", pz->score->streak);
    else
        note[0] = '\0';
    return 0;
}

static unsigned puzzle_commit(Ui *ui, const CmMove *move, uint64_t now)
{
    CmMove played = *move, *m = &played; /* 'move' may be the selection, cleared below */
    UiPuzzles *pz = ui->puzzles;
    PuzzleVerdict verdict;
    char text[CM_MOVE_TEXT_MAX], solution[UI_MSG_MAX], note[CM_ERROR_TEXT_MAX + 40];
    int bad;

    ui_clear_selection(ui);
    if (pz->run.state != PUZZLE_SOLVING) {
        ui_message(ui, UI_ROLE_ERROR, "This puzzle is over: n goes to the next one.");
        return UI_DRAW_ALL;
    }
    cm_move_str(&ui->s->g.pos, m, text, sizeof text);
    if (puzzle_run_move(&pz->run, ui->s, m, now, &verdict) != CM_OK) {
        ui_game_replaced(ui);
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the move was not played.");
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    }
    switch (verdict) {
    case PUZZLE_RIGHT: {
        const char *reply = session_move_text(ui->s, ui->s->g.n - 1);
        ui_position_changed(ui);
        ui_message(ui, UI_ROLE_GOOD, "%s is right. %s answers %s: find the next move.", text,
                   ui->s->v->seat[ui->s->g.ply[ui->s->g.n - 1].seat].name, reply ? reply : "?");
        return UI_DRAW_ALL;
    }
    case PUZZLE_DONE:
        ui_position_changed(ui);
        bad = count_try(ui, 1, note, sizeof note);
        /* The teaching line says it is solved, and what next. */
        ui_message(ui, bad ? UI_ROLE_ERROR : UI_ROLE_GOOD, "%s is the move.%s", text, note);
        return UI_DRAW_ALL;
    case PUZZLE_WRONG:
        ui_game_replaced(ui);
        puzzle_solution_text(pz->run.p, 0, solution, sizeof solution);
        count_try(ui, 0, note, sizeof note);
        ui_message(ui, UI_ROLE_ERROR,
                   "%s is not it. The solution, on the board: %s (v steps through it, n goes "
                   "on).%s",
                   text, solution, note);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return UI_DRAW_ALL;
    }
}

/* s: the solution on the board; a try given up is a miss. */
static unsigned show_solution(Ui *ui, uint64_t now)
{
    UiPuzzles *pz = ui->puzzles;
    char solution[UI_MSG_MAX], note[CM_ERROR_TEXT_MAX + 40];
    int counted = pz->run.state == PUZZLE_SOLVING;
    if (puzzle_run_show(&pz->run, ui->s, now) != CM_OK) {
        ui_game_replaced(ui);
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the solution cannot be shown.");
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    }
    ui_game_replaced(ui);
    puzzle_solution_text(pz->run.p, 0, solution, sizeof solution);
    note[0] = '\0';
    if (counted)
        count_try(ui, 0, note, sizeof note);
    ui_message(ui, UI_ROLE_NORMAL,
               "The solution, on the board: %s (v steps through it, n goes on).%s", solution, note);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

/* n: the next puzzle to serve. */
static unsigned next_puzzle(Ui *ui)
{
    UiPuzzles *pz = ui->puzzles;
    int at = puzzle_book_next(pz->book, pz->score, pz->only, pz->at);
    if (at < 0) {
        ui_message(ui, UI_ROLE_ERROR, "There is no other puzzle.");
        return UI_DRAW_STATUS;
    }
    if (ui_puzzle_start(pz, ui->s, at) != CM_OK) {
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the next puzzle cannot be set up.");
        return UI_DRAW_STATUS;
    }
    ui->mode = UI_MODE_PLAY;
    ui_game_replaced(ui);
    announce(ui);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

static unsigned puzzle_action(Ui *ui, UiAction act, int key, uint64_t now, int *handled)
{
    (void)key;
    (void)now;
    *handled = 1;
    switch (act) {
    case UI_ACT_NEW:
        return next_puzzle(ui);
    case UI_ACT_SAVE:
        if (ui->mode == UI_MODE_REVIEW)
            break;
        return show_solution(ui, now);
    case UI_ACT_UNDO:
    case UI_ACT_REDO:
    case UI_ACT_HINT:
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
                   "Not in a puzzle: s shows the solution, n goes to the next puzzle.");
        return UI_DRAW_STATUS;
    default:
        break;
    }
    *handled = 0;
    return 0;
}

static int puzzle_title(const Ui *ui, char *buf, size_t size)
{
    const CmPuzzle *p = ui_puzzle_current(ui);
    char sq[4];
    if (ui->mode == UI_MODE_REVIEW || ui->mode == UI_MODE_EDIT)
        return 0;
    snprintf(buf, size, "%s puzzle %s, difficulty %d   [%s]", ui->s->v->title, p->id, p->difficulty,
             cm_square_name(ui->cursor, sq));
    return 1;
}

static int puzzle_status(const Ui *ui, char *buf, size_t size)
{
    const UiPuzzles *pz = ui->puzzles;
    char what[160], ob[CM_EXPLAIN_MAX];
    switch (pz->run.state) {
    case PUZZLE_SOLVED:
        snprintf(buf, size, "Solved. n: the next puzzle; v: step through the moves.");
        return 1;
    case PUZZLE_MISSED:
        snprintf(buf, size,
                 "Missed: the solution is on the board. v steps through it; n: the "
                 "next puzzle.");
        return 1;
    default:
        if (ui->sel.active)
            return 0;
        prompt(ui, what, sizeof what);
        cm_obligation_str(&ui->s->g.pos, &ui->ob, ob, sizeof ob);
        text_sentence(ob, sizeof ob);
        snprintf(buf, size, "%s%s%s", what, ob[0] ? " " : "", ob);
        return 1;
    }
}

static int puzzle_lines(const Ui *ui, UiLine *lines, int max)
{
    const UiPuzzles *pz = ui->puzzles;
    const CmPuzzle *p = pz->run.p;
    const PuzzleScore *s = pz->score;
    static const char *const goals[CM_PUZZLE_GOAL_COUNT] = {"win the game", "gain the upper hand",
                                                            "the only move that holds"};
    static const char *const states[] = {"to solve", "solved", "missed"};
    int n = 0, mine = (p->nsol + 1) / 2;
    UiLine *l;

#define LINE(r, ...)                                                                               \
    do {                                                                                           \
        if (n < max) {                                                                             \
            l = &lines[n++];                                                                       \
            snprintf(l->text, sizeof l->text, __VA_ARGS__);                                        \
            l->role = (r);                                                                         \
            l->seat = -1;                                                                          \
        }                                                                                          \
    } while (0)

    /* Its place among the puzzles served (of one variant, with --variant). */
    int place = 0, of = 0;
    for (int k = 0; k < pz->book->n; k++) {
        if (pz->only != NULL && puzzle_book_variant(pz->book, pz->book->order[k]) != pz->only)
            continue;
        of++;
        if (k <= pz->at)
            place++;
    }
    LINE(UI_ROLE_HEADING, "Puzzle %d of %d", place, of);
    LINE(UI_ROLE_TITLE, " %s", p->id);
    LINE(UI_ROLE_NORMAL, " %s, difficulty %d", ui->s->v->title, p->difficulty);
    LINE(UI_ROLE_NORMAL, " rated %d", puzzle_rating(p));
    if (n < max) {
        l = &lines[n++];
        snprintf(l->text, sizeof l->text, "%s: %s", ui->s->v->seat[p->pos.to_move].name,
                 goals[p->goal]);
        l->role = UI_ROLE_NORMAL;
        l->seat = p->pos.to_move;
    }
    if (mine > 1)
        LINE(UI_ROLE_DIM, " %d moves to find", mine);
    LINE(pz->run.state == PUZZLE_SOLVED   ? UI_ROLE_GOOD
         : pz->run.state == PUZZLE_MISSED ? UI_ROLE_ERROR
                                          : UI_ROLE_NORMAL,
         " %s", states[pz->run.state]);
    LINE(UI_ROLE_HEADING, "Score");
    LINE(UI_ROLE_NORMAL, " solved %d  missed %d", s->solved, s->missed);
    LINE(UI_ROLE_NORMAL, " streak %d  best %d", s->streak, s->best);
    LINE(UI_ROLE_NORMAL, " your rating %.0f", s->rating.rating);
#undef LINE
    return n;
}

/* The panel: the puzzle, then the moves played. */
static int puzzle_panel(const Ui *ui, int width, UiLine *lines, int max)
{
    return ui_move_list(ui, width, lines, puzzle_lines(ui, lines, max), max);
}

static unsigned puzzle_key_state(const Ui *ui)
{
    return ui->puzzles->run.state == PUZZLE_SOLVING ? UI_KEYS_TRYING : UI_KEYS_DONE;
}

static unsigned puzzle_closed(Ui *ui)
{
    if (ui->puzzles->run.state == PUZZLE_SOLVING)
        return 0;
    ui_message(ui, UI_ROLE_ERROR,
               "This puzzle is over: n goes to the next one, v steps through the moves.");
    return UI_DRAW_STATUS;
}

const UiBoard ui_board_puzzle = {
    .keys = UI_KEYS_PUZZLE,
    .key_state = puzzle_key_state,
    .action = puzzle_action,
    .review_action = puzzle_action,
    .commit = puzzle_commit,
    .closed = puzzle_closed,
    .title = puzzle_title,
    .status = puzzle_status,
    .panel = puzzle_panel,
    .ends_in_box = 1,
};
