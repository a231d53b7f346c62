/* Lessons on the board ('camelot learn', or the new-game form's Lessons): each lesson is a game
 * of its own, started from the lesson's position with every seat a person's, no engine and no
 * autosave. A move that meets the goal is played and the lesson is done; a legal move that
 * misses it is not played, and the lesson says why. Keys not about moving lead through the
 * course: n next, p previous, u again, H hint, q leave.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/text.h"
#include "ui_int.h"

static const CmLesson *lesson_of(const Ui *ui)
{
    return ui->learn->course->item[ui->learn->at].lesson;
}

static void start_lesson(Ui *ui, int at)
{
    UiLearn *l = ui->learn;
    const CmLesson *lesson = l->course->item[at].lesson;
    const CmVariant *v = lesson->pos.v;
    SessionSetup setup;

    l->at = at;
    l->state = UI_LESSON_TRY;
    l->feedback[0] = '\0';
    setup_default(&setup, v, v->name);
    setup_all_human(&setup);
    if (session_start(&l->game, v, &setup, &lesson->pos) != CM_OK) {
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the lesson cannot start.");
        return;
    }
    ui_game_replaced(ui);
    ui->msg[0] = '\0';
}

CmStatus ui_learn_open(Ui *ui, Course *course, int owned, int at, uint64_t now)
{
    UiLearn *l = calloc(1, sizeof *l);
    SessionEnv env;
    if (l == NULL)
        return CM_ERR_NOMEM;
    l->course = course;
    l->owned = owned;
    /* A game in progress waits, paused, until the course is left. */
    if (ui->s->active && !ui->s->outcome.over) {
        session_cancel_search(ui->s);
        l->was_paused = ui->s->paused;
        session_pause(ui->s, 1, now);
    }
    l->back = ui->s;
    env = ui->s->env;
    env.engine = NULL;
    env.data_dir = NULL;
    session_init(&l->game, &env);
    ui->learn = l;
    ui->s = &l->game;
    ui->mode = UI_MODE_PLAY;
    start_lesson(ui, at >= 0 && at < course->n ? at : course_first_open(course));
    if (course->damaged)
        ui_message(ui, UI_ROLE_ERROR,
                   "The progress file %.300s could not be read whole; it is kept aside when a "
                   "lesson is done.",
                   course->progress);
    return CM_OK;
}

void ui_learn_close(Ui *ui, uint64_t now)
{
    UiLearn *l = ui->learn;
    if (l == NULL)
        return;
    ui->s = l->back;
    session_free(&l->game);
    if (l->owned) {
        course_free(l->course);
        free(l->course);
    }
    if (ui->s->active && !ui->s->outcome.over && !l->was_paused)
        session_pause(ui->s, 0, now);
    free(l);
    ui->learn = NULL;
}

unsigned ui_learn_from_form(Ui *ui, uint64_t now)
{
    Course *c = malloc(sizeof *c);
    CmError err;
    char msg[CM_ERROR_TEXT_MAX];
    if (c == NULL) {
        snprintf(ui->form.error, sizeof ui->form.error, "out of memory");
        return UI_DRAW_ALL;
    }
    if (course_load(c, ui->s->env.catalog, ui->s->env.data_dir, &err) != CM_OK) {
        course_free(c);
        free(c);
        cm_error_format(&err, msg, sizeof msg);
        snprintf(ui->form.error, sizeof ui->form.error, "%.190s", msg);
        return UI_DRAW_ALL;
    }
    if (ui_learn_open(ui, c, 1, -1, now) != CM_OK) {
        course_free(c);
        free(c);
        snprintf(ui->form.error, sizeof ui->form.error, "out of memory");
        return UI_DRAW_ALL;
    }
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

static unsigned lesson_commit(Ui *ui, const CmMove *m, uint64_t now)
{
    UiLearn *l = ui->learn;
    const CmLesson *lesson = lesson_of(ui);
    char text[CM_MOVE_TEXT_MAX];
    CmError err;

    cm_move_str(&ui->s->g.pos, m, text, sizeof text);
    if (!cm_lesson_accepts(lesson, m)) {
        /* Not played: the board stays as it was, for a second try. */
        ui_clear_selection(ui);
        l->state = UI_LESSON_WRONG;
        l->tries++;
        snprintf(l->feedback, sizeof l->feedback, "%s", lesson->wrong);
        if (ui->lay.panel_w > 0)
            ui_message(ui, UI_ROLE_ERROR, "%s misses the goal: see why on the right. Try again.",
                       text);
        else
            ui_message(ui, UI_ROLE_ERROR, "%s misses the goal. %s", text, lesson->wrong);
        return UI_DRAW_ALL;
    }
    /* 'm' may be one of the screen's legal moves, which the new position replaces. */
    CmSquare to = m->to;
    if (session_play(ui->s, m, now) != CM_OK) {
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the move was not played.");
        return UI_DRAW_ALL;
    }
    ui_position_changed(ui);
    ui->cursor = to; /* not on the next seat's pieces: nobody plays them */
    l->state = UI_LESSON_DONE;
    snprintf(l->feedback, sizeof l->feedback, "%s", lesson->right);
    if (course_mark_done(l->course, l->at, &err) != CM_OK)
        ui_message(ui, UI_ROLE_ERROR, "Your progress was not saved: %s", err.msg);
    else if (l->course->kept[0])
        ui_message(ui, UI_ROLE_ERROR,
                   "%s meets the goal. The progress file could not be read; it was kept as "
                   "%.300s.",
                   text, l->course->kept);
    else if (ui->lay.panel_w > 0)
        ui_message(ui, UI_ROLE_GOOD, "%s meets the goal.", text);
    else
        ui_message(ui, UI_ROLE_GOOD, "%s meets the goal. %s", text, lesson->right);
    return UI_DRAW_ALL;
}

/* The first lesson not done yet but the one on the board, or -1. */
static int first_open(const UiLearn *l)
{
    for (int i = 0; i < l->course->n; i++)
        if (!l->course->item[i].done && i != l->at)
            return i;
    return -1;
}

/* Goes to lesson 'at'; past the last one, to the first one not done yet. */
static unsigned go_to(Ui *ui, int at)
{
    const Course *c = ui->learn->course;
    if (at < 0) {
        ui_message(ui, UI_ROLE_ERROR, "This is the first lesson.");
        return UI_DRAW_STATUS;
    }
    if (at >= c->n) {
        int open = first_open(ui->learn);
        if (open < 0) {
            ui_message(ui, UI_ROLE_GOOD, "That was the last lesson: %d of %d done. q leaves.",
                       course_done_count(c), c->n);
            return UI_DRAW_STATUS;
        }
        start_lesson(ui, open);
        ui_message(ui, UI_ROLE_NORMAL, "Lesson %d, the first one not done yet.", open + 1);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    }
    start_lesson(ui, at);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

/* H: one of the moves that meet the goal, marked on the board. */
static unsigned hint(Ui *ui)
{
    const CmLesson *lesson = lesson_of(ui);
    char text[CM_MOVE_TEXT_MAX];
    if (ui->learn->state == UI_LESSON_DONE)
        return 0;
    ui->has_hint = cm_movegen_canonical(&ui->s->g.pos, &lesson->accept[0], &ui->hint_path) == CM_OK;
    if (!ui->has_hint)
        return 0;
    cm_path_str(&ui->hint_path, text, sizeof text);
    ui_message(ui, UI_ROLE_GOOD, "Hint: %s (marked on the board; Esc hides it).", text);
    return UI_DRAW_BOARD | UI_DRAW_STATUS;
}

static unsigned lesson_action(Ui *ui, UiAction act, int key, uint64_t now, int *handled)
{
    UiLearn *l = ui->learn;
    *handled = 1;
    /* q leaves lessons opened from a game for that game; Ctrl-C quits, as everywhere. */
    if (act == UI_ACT_QUIT && key == UI_CTRL('c'))
        return UI_QUIT;
    switch (act) {
    case UI_ACT_SELECT:
        if (l->state == UI_LESSON_DONE)
            return go_to(ui, l->at + 1);
        break;
    case UI_ACT_NEW:
        return go_to(ui, l->at + 1);
    case UI_ACT_PAUSE:
        return go_to(ui, l->at - 1);
    case UI_ACT_UNDO:
    case UI_ACT_REDO:
        start_lesson(ui, l->at);
        ui_message(ui, UI_ROLE_NORMAL, "The lesson starts again.");
        return UI_DRAW_ALL;
    case UI_ACT_HINT:
        return hint(ui);
    case UI_ACT_QUIT:
        if (l->owned) {
            ui_learn_close(ui, now);
            ui_game_replaced(ui);
            ui_message(ui, UI_ROLE_NORMAL, "Back to your game.");
            return UI_DRAW_ALL | UI_DRAW_CLEAR;
        }
        return UI_QUIT;
    case UI_ACT_SAVE:
    case UI_ACT_LOAD:
    case UI_ACT_RESIGN:
    case UI_ACT_DRAW:
    case UI_ACT_EDIT:
    case UI_ACT_EXPORT:
    case UI_ACT_REVIEW:
    case UI_ACT_MOVE_NOW:
    case UI_ACT_PACE_DOWN:
    case UI_ACT_PACE_UP:
        ui_message(ui, UI_ROLE_ERROR, "Not in a lesson: q leaves the lessons.");
        return UI_DRAW_STATUS;
    default:
        break;
    }
    if (l->state == UI_LESSON_DONE && (act == UI_ACT_TYPE_MOVE || act == UI_ACT_BACK)) {
        ui_message(ui, UI_ROLE_NORMAL, "This lesson is done: Enter or n goes on.");
        return UI_DRAW_STATUS;
    }
    *handled = 0;
    return 0;
}

static int lesson_status(const Ui *ui, char *buf, size_t size)
{
    const UiLearn *l = ui->learn;
    const CmLesson *lesson = lesson_of(ui);
    if (ui->sel.active)
        return 0; /* the move being built says where it can go */
    if (l->state == UI_LESSON_DONE) {
        int open = first_open(l);
        if (l->at + 1 < l->course->n)
            snprintf(buf, size, "Lesson done. Enter: the next lesson. u: this one again.");
        else if (open >= 0)
            snprintf(buf, size,
                     "Lesson done: the last one. Enter: lesson %d, the first one not done yet. "
                     "u: this one again.",
                     open + 1);
        else
            snprintf(buf, size,
                     "Lesson done: every lesson is done. u: this one again; p: the one before; "
                     "q leaves.");
        return 1;
    }
    snprintf(buf, size, "%s to move. %s", ui->s->v->seat[ui->s->g.pos.to_move].name, lesson->task);
    return 1;
}

static int lesson_title(const Ui *ui, char *buf, size_t size)
{
    const UiLearn *l = ui->learn;
    char sq[4];
    if (ui->mode == UI_MODE_REVIEW)
        return 0;
    snprintf(buf, size, "Lesson %d of %d - %s   [%s]", l->at + 1, l->course->n, ui->s->v->title,
             cm_square_name(ui->cursor, sq));
    return 1;
}

/* Adds 'text' cut into lines of 'width', paragraph by paragraph ('\n'). */
static int add_wrapped(UiLine *lines, int n, int max, int role, const char *text, int width)
{
    char para[CM_LESSON_TEXT_MAX];
    UiSpan span[64];
    const char *p = text;
    while (*p && n < max) {
        const char *end = strchr(p, '\n');
        size_t len = end != NULL ? (size_t)(end - p) : strlen(p);
        if (len >= sizeof para)
            len = sizeof para - 1;
        memcpy(para, p, len);
        para[len] = '\0';
        int k = ui_wrap(para, width, span, 64);
        for (int i = 0; i < k && n < max; i++) {
            int w = span[i].len < (int)sizeof lines[n].text ? span[i].len
                                                            : (int)sizeof lines[n].text - 1;
            memcpy(lines[n].text, para + span[i].start, (size_t)w);
            lines[n].text[w] = '\0';
            lines[n].role = role;
            lines[n].seat = -1;
            n++;
        }
        p += len;
        if (*p == '\n') {
            p++;
            if (n < max && *p) {
                lines[n].text[0] = '\0';
                lines[n].role = role;
                lines[n].seat = -1;
                n++;
            }
        }
    }
    return n;
}

static int add_line(UiLine *lines, int n, int max, int role, int seat, const char *text)
{
    if (n >= max)
        return n;
    snprintf(lines[n].text, sizeof lines[n].text, "%s", text);
    lines[n].role = role;
    lines[n].seat = seat;
    return n + 1;
}

static int lesson_panel(const Ui *ui, int width, UiLine *lines, int max)
{
    const UiLearn *l = ui->learn;
    const CmLesson *lesson = lesson_of(ui);
    const CmVariant *v = ui->s->v;
    char line[200];
    int n = 0, s = lesson->start.to_move;

    n = add_line(lines, n, max, UI_ROLE_HEADING, -1, lesson->title);
    snprintf(line, sizeof line, "You play %s%s", v->seat[s].name,
             l->course->item[l->at].done ? "  (done)" : "");
    n = add_line(lines, n, max, UI_ROLE_NORMAL, s, line);
    n = add_line(lines, n, max, UI_ROLE_NORMAL, -1, "");
    if (l->feedback[0]) {
        /* The verdict first, so that it shows whatever the room. */
        int role = l->state == UI_LESSON_DONE ? UI_ROLE_GOOD : UI_ROLE_ERROR;
        n = add_wrapped(lines, n, max, role, l->feedback, width);
        n = add_line(lines, n, max, UI_ROLE_NORMAL, -1, "");
    }
    n = add_wrapped(lines, n, max, UI_ROLE_NORMAL, lesson->text, width);
    return n;
}

/* Where the lessons stand, for the key bar: trying, done with a next one, or the last one
 * done. */
static unsigned lesson_key_state(const Ui *ui)
{
    const UiLearn *l = ui->learn;
    if (l->state != UI_LESSON_DONE)
        return UI_KEYS_TRYING;
    if (l->at + 1 < l->course->n)
        return UI_KEYS_DONE;
    return course_done_count(l->course) < l->course->n ? UI_KEYS_LAST : 0;
}

static unsigned lesson_closed(Ui *ui)
{
    if (ui->learn->state != UI_LESSON_DONE)
        return 0;
    ui_message(ui, UI_ROLE_NORMAL, "This lesson is done: Enter or n goes on.");
    return UI_DRAW_STATUS;
}

const UiBoard ui_board_lesson = {
    .keys = UI_KEYS_LESSON,
    .key_state = lesson_key_state,
    .action = lesson_action,
    .commit = lesson_commit,
    .closed = lesson_closed,
    .title = lesson_title,
    .status = lesson_status,
    .panel = lesson_panel,
};
