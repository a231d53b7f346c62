/* The lessons and the puzzles in plain text ('camelot learn --text', 'camelot puzzle --text',
 * and both when the input or the output is not a terminal): the same course and the same
 * puzzles as on the board, one line at a time, for screen readers and scripts. A move is
 * typed in WCF notation; a lesson met or a puzzle solved or missed leads to the next.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/explain.h"
#include "camelot/engine.h"
#include "camelot/notation.h"
#include "cli.h"
#include "session/clock.h"
#include "session/text.h"

/* What both front ends have: the lines, quiet or not, and the commands every one knows. */
typedef struct TextLearn {
    CliText io;
    int quiet; /* no board before each try: 'board' shows it */
} TextLearn;

/* 'quiet on' and 'quiet off'. */
static void quiet(TextLearn *t, const char *arg)
{
    cli_text_quiet(&t->io, &t->quiet, arg, "before each try");
}

/* What the seat to move must do, 'task' ("White to move. Capture the Black man."), then the
 * obligation when there is one; the board first when 'board' is set. */
static void show_position(TextLearn *t, const CmPosition *pos, int board, const char *task)
{
    char ob[CM_EXPLAIN_MAX];
    if (board) {
        fputc('\n', t->io.out);
        cli_board_print(t->io.out, pos);
    }
    cli_say(&t->io, "%s", task);
    text_obligation(pos, ob, sizeof ob);
    if (ob[0]) {
        text_sentence(ob, sizeof ob);
        cli_say(&t->io, "%s", ob);
    }
}

/* Commands the lessons and the puzzles share. Returns 1 when 'cmd' was one. */
static int common(TextLearn *t, char *cmd, const CmPosition *pos)
{
    if (strcmp(cmd, "board") == 0) {
        fputc('\n', t->io.out);
        cli_board_print(t->io.out, pos);
    } else if (strcmp(cmd, "moves") == 0) {
        cli_say_moves(&t->io, pos);
    } else if (strcmp(cmd, "pieces") == 0) {
        cli_say_pieces(&t->io, pos);
    } else if (strncmp(cmd, "quiet", 5) == 0 && (cmd[5] == ' ' || cmd[5] == '\0')) {
        quiet(t, cli_text_trim(cmd + 5));
    } else {
        return 0;
    }
    return 1;
}

/* Whether 'cmd' is 'word' or its one-letter short form 'letter'. */
static int is(const char *cmd, const char *word, const char *letter)
{
    return strcmp(cmd, word) == 0 || (letter != NULL && strcmp(cmd, letter) == 0);
}

/* ---- Lessons ------------------------------------------------------------------------------- */

typedef struct Lessons {
    TextLearn tl;
    Course *c;
    int at;   /* the lesson on the board */
    int done; /* it was met this time: the next lesson comes with the next line */
} Lessons;

static const CmLesson *lesson_at(const Lessons *l)
{
    return l->c->item[l->at].lesson;
}

/* Says the lesson: its number and title, its rule, the board and the task. */
static void start_lesson(Lessons *l, int at)
{
    const CmLesson *lesson = l->c->item[at].lesson;
    l->at = at;
    l->done = 0;
    cli_say(&l->tl.io, "Lesson %d of %d: %s (%s%s).", at + 1, l->c->n, lesson->title,
            lesson->pos.v->title, l->c->item[at].done ? ", done before" : "");
    /* The rule, paragraph by paragraph. */
    for (const char *p = lesson->text; *p;) {
        const char *end = strchr(p, '\n');
        int len = end != NULL ? (int)(end - p) : (int)strlen(p);
        cli_say(&l->tl.io, "%.*s", len, p);
        p += len + (end != NULL);
    }
    char task[CM_LESSON_LINE_MAX + 64];
    snprintf(task, sizeof task, "%s to move. %s", lesson->start.v->seat[lesson->start.to_move].name,
             lesson->task);
    show_position(&l->tl, &lesson->start, !l->tl.quiet, task);
}

/* Says that the course is done as far as it goes: how many lessons are done, and the first
 * one not done. */
static void course_news(Lessons *l)
{
    int open = course_first_open(l->c), done = course_done_count(l->c);
    if (done == l->c->n)
        cli_say(&l->tl.io, "Every lesson is done: %d of %d.", done, l->c->n);
    else
        cli_say(&l->tl.io,
                "%d of %d lessons done. The first not done is lesson %d, %s: type 'lesson %d'.",
                done, l->c->n, open + 1, l->c->item[open].lesson->title, open + 1);
}

/* Goes to lesson 'at', or says why not. */
static void go_to(Lessons *l, int at)
{
    if (at < 0) {
        fputs("this is the first lesson\n", l->tl.io.out);
        return;
    }
    if (at >= l->c->n) {
        cli_say(&l->tl.io, "That was the last lesson.");
        course_news(l);
        return;
    }
    fputc('\n', l->tl.io.out);
    start_lesson(l, at);
}

/* A move typed in the lesson: not played when it misses the goal, which is said. */
static void lesson_move(Lessons *l, const char *text)
{
    const CmLesson *lesson = lesson_at(l);
    char path[CM_MOVE_TEXT_MAX], words[CLI_WORDS_MAX];
    CmError err;
    CmMove m;

    if (l->done) {
        cli_say(&l->tl.io, "This lesson is done: 'next' goes on, 'again' starts it again.");
        return;
    }
    if (!cli_text_move(&l->tl.io, &lesson->start, text, &m))
        return;
    cm_move_str(&lesson->start, &m, path, sizeof path);
    cli_move_words(&lesson->start, &m, words, sizeof words);
    if (!cm_lesson_accepts(lesson, &m)) {
        cli_say(&l->tl.io, "%s misses the goal (%s). %s Try again.", path, words, lesson->wrong);
        return;
    }
    cli_say(&l->tl.io, "%s meets the goal: %s. %s", path, words, lesson->right);
    l->done = 1;
    if (course_mark_done(l->c, l->at, &err) != CM_OK)
        cli_say(&l->tl.io, "Your progress was not saved: %s", err.msg);
    else if (l->c->kept[0])
        cli_say(&l->tl.io, "The progress file could not be read; it was kept as %s.", l->c->kept);
    if (l->at + 1 < l->c->n)
        go_to(l, l->at + 1);
    else
        go_to(l, l->c->n);
}

/* The lesson's hint: a move that meets the goal. */
static void lesson_hint(Lessons *l)
{
    const CmLesson *lesson = lesson_at(l);
    char path[CM_MOVE_TEXT_MAX], words[CLI_WORDS_MAX];
    cm_move_str(&lesson->start, &lesson->accept[0], path, sizeof path);
    cli_move_words(&lesson->start, &lesson->accept[0], words, sizeof words);
    cli_say(&l->tl.io, "hint: %s, %s.", path, words);
}

static void lesson_help(Lessons *l)
{
    fputs("Type a move in WCF notation that meets the lesson's goal, e.g. E6-E8. Commands:\n"
          "  next, previous  the next or the previous lesson (n, p)\n"
          "  again           this lesson from its start (u)\n"
          "  lesson N        lesson N (its number or its id); 'lesson' alone says this one\n"
          "                  again\n"
          "  list            the lessons, and which are done\n"
          "  hint            a move that meets the goal\n"
          "  board           the board; pieces: each side's pieces in words; moves: the\n"
          "                  legal moves\n"
          "  quiet on        no board before each lesson (quiet off: the board again)\n"
          "  quit            leave (end of input does the same)\n",
          l->tl.io.out);
}

static void lesson_list(Lessons *l)
{
    for (int i = 0; i < l->c->n; i++)
        cli_say(&l->tl.io, "%d. %s (%s)%s%s", i + 1, l->c->item[i].lesson->title,
                l->c->item[i].lesson->pos.v->title, l->c->item[i].done ? ", done" : "",
                i == l->at ? ", here" : "");
}

/* Does what line 'cmd' says in the lessons. Returns 1 to quit. */
static int lesson_command(Lessons *l, char *cmd)
{
    if (cmd[0] == '\0' || cmd[0] == '#')
        return 0;
    if (is(cmd, "quit", "q") || strcmp(cmd, "exit") == 0)
        return 1;
    if (is(cmd, "help", "?")) {
        lesson_help(l);
    } else if (is(cmd, "next", "n")) {
        go_to(l, l->at + 1);
    } else if (is(cmd, "previous", "p")) {
        go_to(l, l->at - 1);
    } else if (is(cmd, "again", "u")) {
        fputc('\n', l->tl.io.out);
        start_lesson(l, l->at);
    } else if (strcmp(cmd, "lesson") == 0) {
        fputc('\n', l->tl.io.out);
        start_lesson(l, l->at);
    } else if (strncmp(cmd, "lesson ", 7) == 0) {
        int at = course_find(l->c, cli_text_trim(cmd + 7));
        if (at < 0)
            fputs("no such lesson: 'list' lists them\n", l->tl.io.out);
        else
            go_to(l, at);
    } else if (strcmp(cmd, "list") == 0) {
        lesson_list(l);
    } else if (strcmp(cmd, "hint") == 0) {
        lesson_hint(l);
    } else if (!common(&l->tl, cmd, &lesson_at(l)->start)) {
        lesson_move(l, cmd);
    }
    return 0;
}

int cli_text_lessons(Course *c, int at, int quiet_on, FILE *in, FILE *out)
{
    Lessons l;

    setvbuf(out, NULL, _IOLBF, BUFSIZ);
    memset(&l, 0, sizeof l);
    cli_text_init(&l.tl.io, in, out);
    l.tl.quiet = quiet_on;
    l.c = c;
    fprintf(out, "Lessons of the rules: %d, %d done. Type a move such as E6-E8, or 'help'.\n", c->n,
            course_done_count(c));
    if (c->damaged)
        cli_say(&l.tl.io,
                "The progress file %s could not be read whole; it is kept aside when a lesson "
                "is done.",
                c->progress);
    start_lesson(&l, at);
    for (;;) {
        const CmLesson *lesson = lesson_at(&l);
        if (l.done)
            fputs("> ", out);
        else
            fprintf(out, "%c> ", lesson->start.v->seat[lesson->start.to_move].letter);
        fflush(out);
        char *cmd = cli_text_line(&l.tl.io);
        if (cmd == NULL) {
            cli_say(&l.tl.io, "End of the input.");
            break;
        }
        if (lesson_command(&l, cmd))
            break;
    }
    cli_say(&l.tl.io, "Lessons done: %d of %d.", course_done_count(c), c->n);
    cli_text_free(&l.tl.io);
    fflush(out);
    return CLI_EXIT_OK;
}

/* ---- Puzzles ------------------------------------------------------------------------------- */

typedef struct Puzzles {
    TextLearn tl;
    PuzzleBook *b;
    PuzzleScore *score;
    const CmVariant *only; /* serve this variant's puzzles alone; NULL: all */
    const char *data_dir;
    Session s;     /* the puzzle's game: people at every seat, no engine, no autosave */
    PuzzleRun run; /* the puzzle being solved */
    int at;        /* its place in 'b->order' */
} Puzzles;

/* What the puzzle asks: "White to play and win." */
static void puzzle_goal_text(const Puzzles *p, char *buf, size_t size)
{
    static const char *const goals[CM_PUZZLE_GOAL_COUNT] = {
        "play and win", "play and gain the upper hand", "find the only move that holds"};
    const CmPuzzle *pz = p->run.p;
    snprintf(buf, size, "%s to %s.", p->run.v->seat[pz->pos.to_move].name, goals[pz->goal]);
}

/* Its place among the puzzles served: "3 of 20". */
static void puzzle_place(const Puzzles *p, int *place, int *of)
{
    *place = *of = 0;
    for (int k = 0; k < p->b->n; k++) {
        if (p->only != NULL && puzzle_book_variant(p->b, p->b->order[k]) != p->only)
            continue;
        ++*of;
        if (k <= p->at)
            ++*place;
    }
}

/* Says the position to solve now, and the seat that finds the move. */
static void show_puzzle(Puzzles *p)
{
    char goal[160];
    if (p->run.ply == 0)
        puzzle_goal_text(p, goal, sizeof goal);
    else
        snprintf(goal, sizeof goal, "%s to move: find the next move.",
                 p->run.v->seat[p->s.g.pos.to_move].name);
    show_position(&p->tl, &p->s.g.pos, !p->tl.quiet, goal);
}

/* Starts the puzzle at 'at' of the order, and says it. Returns 0 when out of memory. */
static int start_puzzle(Puzzles *p, int at)
{
    int i = p->b->order[at], place, of;
    if (puzzle_run_start(&p->run, &p->s, p->b->all[i], puzzle_book_variant(p->b, i)) != CM_OK) {
        fputs("out of memory: the puzzle cannot be set up\n", p->tl.io.out);
        return 0;
    }
    p->at = at;
    puzzle_place(p, &place, &of);
    int mine = (p->run.p->nsol + 1) / 2;
    char more[40] = "";
    if (mine > 1)
        snprintf(more, sizeof more, ", %d moves to find", mine);
    cli_say(&p->tl.io, "Puzzle %s (%d of %d), %s, difficulty %d, rated %d (you: %.0f)%s.",
            p->run.p->id, place, of, p->run.v->title, p->run.p->difficulty, puzzle_rating(p->run.p),
            p->score->rating.rating, more);
    show_puzzle(p);
    return 1;
}

/* The next puzzle to serve, said. Returns 0 when there is none. */
static int next_puzzle(Puzzles *p)
{
    int at = puzzle_book_next(p->b, p->score, p->only, p->at);
    if (at < 0) {
        fputs("there is no other puzzle\n", p->tl.io.out);
        return 0;
    }
    fputc('\n', p->tl.io.out);
    return start_puzzle(p, at);
}

/* Counts the try in the score file, and says what became of the score. */
static void count_try(Puzzles *p, int solved)
{
    CmError err;
    char why[CM_ERROR_TEXT_MAX];
    cm_error_init(&err, NULL);
    double before = p->score->rating.rating;
    int first = puzzle_score_result(p->score, p->run.p->id) < 0;
    if (puzzle_score_record(p->score, p->data_dir, p->run.p->id, puzzle_rating(p->run.p), solved,
                            &err) != CM_OK) {
        cm_error_format(&err, why, sizeof why);
        cli_say(&p->tl.io, "The score was not saved: %s.", why);
    } else if (p->score->kept[0]) {
        cli_say(&p->tl.io, "The score file could not be read whole; it was kept as %s.",
                p->score->kept);
    }
    cli_say(&p->tl.io, "Score: %d solved, %d missed; streak %d (best %d).", p->score->solved,
            p->score->missed, p->score->streak, p->score->best);
    int moved = (int)lround(p->score->rating.rating) - (int)lround(before);
    if (first)
        cli_say(&p->tl.io, "Your puzzle rating: %.0f (%+d).", p->score->rating.rating, moved);
    else
        cli_say(&p->tl.io,
                "Your puzzle rating stays %.0f: a puzzle counts for it at its first "
                "try only.",
                p->score->rating.rating);
}

/* The solution, said: "The solution: C3xC5, D6-D5, E3xC5." */
static void say_solution(Puzzles *p, const char *lead)
{
    size_t len = puzzle_solution_text(p->run.p, 0, NULL, 0);
    char *text = malloc(len + 1);
    if (text == NULL) {
        fputs("out of memory\n", p->tl.io.out);
        return;
    }
    puzzle_solution_text(p->run.p, 0, text, len + 1);
    cli_say(&p->tl.io, "%sThe solution: %s.", lead, text);
    free(text);
}

/* A move typed in the puzzle: right (the reply is said), solved, or wrong (the solution is
 * said); a puzzle over leads to the next. */
static void puzzle_move(Puzzles *p, const char *text)
{
    char path[CM_MOVE_TEXT_MAX], words[CLI_WORDS_MAX], reply_words[CLI_WORDS_MAX];
    PuzzleVerdict verdict;
    CmPosition before;
    CmMove m;

    if (!cli_text_move(&p->tl.io, &p->s.g.pos, text, &m))
        return;
    before = p->s.g.pos;
    cm_move_str(&before, &m, path, sizeof path);
    cli_move_words(&before, &m, words, sizeof words);
    if (puzzle_run_move(&p->run, &p->s, &m, clock_ms(), &verdict) != CM_OK) {
        fputs("out of memory: the move was not played\n", p->tl.io.out);
        return;
    }
    switch (verdict) {
    case PUZZLE_RIGHT: {
        CmPosition at;
        int ply = p->s.g.n - 1;
        const char *reply = session_move_text(&p->s, ply);
        session_position_before(&p->s, ply, &at);
        cli_move_words(&at, &p->s.g.ply[ply].move, reply_words, sizeof reply_words);
        cli_say(&p->tl.io, "%s is right: %s. %s answers %s: %s.", path, words,
                p->run.v->seat[p->s.g.ply[ply].seat].name, reply ? reply : "?", reply_words);
        show_puzzle(p);
        return;
    }
    case PUZZLE_DONE:
        cli_say(&p->tl.io, "Solved: %s is the move: %s.", path, words);
        count_try(p, 1);
        next_puzzle(p);
        return;
    case PUZZLE_WRONG:
        cli_say(&p->tl.io, "%s is not it (%s).", path, words);
        say_solution(p, "");
        count_try(p, 0);
        next_puzzle(p);
        return;
    default:
        return;
    }
}

static void puzzle_help(Puzzles *p)
{
    fputs("Type the best move in WCF notation, e.g. E6xE8; when the solution is longer, the\n"
          "other side answers and you find the next move. Commands:\n"
          "  solution  give up: the solution is said (a miss) (s)\n"
          "  next      the next puzzle, this one not counted (n)\n"
          "  board     the board; pieces: each side's pieces in words; moves: the legal\n"
          "            moves\n"
          "  quiet on  no board before each move to find (quiet off: the board again)\n"
          "  quit      leave (end of input does the same)\n",
          p->tl.io.out);
}

/* Does what line 'cmd' says in the puzzles. Returns 1 to quit. */
static int puzzle_command(Puzzles *p, char *cmd)
{
    if (cmd[0] == '\0' || cmd[0] == '#')
        return 0;
    if (is(cmd, "quit", "q") || strcmp(cmd, "exit") == 0)
        return 1;
    if (is(cmd, "help", "?")) {
        puzzle_help(p);
    } else if (is(cmd, "solution", "s")) {
        say_solution(p, "Given up. ");
        count_try(p, 0);
        next_puzzle(p);
    } else if (is(cmd, "next", "n")) {
        next_puzzle(p);
    } else if (!common(&p->tl, cmd, &p->s.g.pos)) {
        puzzle_move(p, cmd);
    }
    return 0;
}

int cli_text_puzzles(const CliTextPuzzles *conf, FILE *in, FILE *out)
{
    Puzzles *p = calloc(1, sizeof *p);
    SessionEnv env = {conf->catalog, NULL, NULL};

    if (p == NULL)
        return cli_out_of_memory();
    setvbuf(out, NULL, _IOLBF, BUFSIZ);
    cli_text_init(&p->tl.io, in, out);
    p->tl.quiet = conf->quiet;
    p->b = conf->book;
    p->score = conf->score;
    p->only = conf->only;
    p->data_dir = conf->data_dir;
    session_init(&p->s, &env);
    fprintf(out, "Puzzles: find the clearly best move. Type a move such as E6xE8, or 'help'.\n");
    if (conf->note != NULL && conf->note[0])
        cli_say(&p->tl.io, "%s", conf->note);
    if (start_puzzle(p, conf->at)) {
        for (;;) {
            fprintf(out, "%c> ", p->run.v->seat[p->s.g.pos.to_move].letter);
            fflush(out);
            char *cmd = cli_text_line(&p->tl.io);
            if (cmd == NULL) {
                cli_say(&p->tl.io, "End of the input.");
                break;
            }
            if (puzzle_command(p, cmd))
                break;
        }
    }
    cli_say(&p->tl.io, "Puzzles: %d solved, %d missed; streak %d (best %d).", p->score->solved,
            p->score->missed, p->score->streak, p->score->best);
    cli_text_free(&p->tl.io);
    session_free(&p->s);
    free(p);
    fflush(out);
    return CLI_EXIT_OK;
}

/* ---- Learning from one's mistakes ----------------------------------------------------------- */

typedef struct TextPractice {
    TextLearn tl;
    const CliTextPractice *conf;
    Practice p;
} TextPractice;

/* Says the exercise in hand: what was played, the board, the seat to find a move. */
static void show_exercise(TextPractice *tp)
{
    char text[PRACTICE_TEXT_MAX], task[PRACTICE_TEXT_MAX + 64];
    const CmGame *g = practice_game(&tp->p);
    practice_prompt(&tp->p, text, sizeof text);
    snprintf(task, sizeof task, "%s", text);
    show_position(&tp->tl, &g->pos, !tp->tl.quiet, task);
}

/* Goes on to the next exercise, or says that they are behind. Returns 0 when none is left. */
static int next_exercise(TextPractice *tp)
{
    int more = practice_next(&tp->p);
    if (more < 0)
        fputs("out of memory: the practice ends here\n", tp->tl.io.out);
    if (more > 0)
        show_exercise(tp);
    return more > 0;
}

/* A move typed: judged (with a search when it is neither the engine's move nor the end of the
 * game) and said; a good one leads to the next exercise. Returns 0 when none is left. */
static int practice_move(TextPractice *tp, const char *text)
{
    char verdict[PRACTICE_TEXT_MAX];
    PracticeTry t;
    CmMove m;
    const CmGame *g = practice_game(&tp->p);

    if (!cli_text_move(&tp->tl.io, &g->pos, text, &m))
        return 1;
    if (practice_try(&tp->p, &m, &t) != CM_OK) {
        fputs("out of memory: the move was not judged\n", tp->tl.io.out);
        return 1;
    }
    if (t.need_search) {
        const CmGame *trial = practice_trial(&tp->p);
        CmSearchResult res;
        cm_engine_search(tp->conf->engine, &trial->pos, trial->hashes, trial->n, tp->conf->lim,
                         NULL, NULL, &res);
        practice_judge(&tp->p, &t, &res.info);
    }
    practice_verdict_text(&tp->p, &t, verdict, sizeof verdict);
    cli_say(&tp->tl.io, "%s", verdict);
    if (t.verdict == PRACTICE_WRONG)
        return 1;
    return next_exercise(tp);
}

static void practice_help(TextPractice *tp)
{
    fputs("Find a better move than the one played, in WCF notation, e.g. E6xE8: the engine's\n"
          "move, or one that keeps the chance of winning as well. Commands:\n"
          "  hint      the piece to move (h)\n"
          "  solution  the engine's move, and on to the next (s)\n"
          "  skip      on to the next without it (n)\n"
          "  board     the board; pieces: each side's pieces in words; moves: the legal\n"
          "            moves\n"
          "  quiet on  no board before each move to find (quiet off: the board again)\n"
          "  quit      leave (end of input does the same)\n",
          tp->tl.io.out);
}

/* Does what line 'cmd' says. Returns 1 to stop: 'quit', or no exercise left. */
static int practice_command(TextPractice *tp, char *cmd)
{
    char text[PRACTICE_TEXT_MAX];
    CmMove best;
    if (cmd[0] == '\0' || cmd[0] == '#')
        return 0;
    if (is(cmd, "quit", "q") || strcmp(cmd, "exit") == 0)
        return 1;
    if (is(cmd, "help", "?")) {
        practice_help(tp);
    } else if (is(cmd, "hint", "h")) {
        practice_hint(&tp->p, text, sizeof text);
        cli_say(&tp->tl.io, "%s", text);
    } else if (is(cmd, "solution", "s")) {
        practice_show(&tp->p, &best, text, sizeof text);
        cli_say(&tp->tl.io, "%s", text);
        return !next_exercise(tp);
    } else if (is(cmd, "skip", "n") || strcmp(cmd, "next") == 0) {
        return !next_exercise(tp);
    } else if (!common(&tp->tl, cmd, &practice_game(&tp->p)->pos)) {
        return !practice_move(tp, cmd);
    }
    return 0;
}

int cli_text_practice(const CliTextPractice *conf, FILE *in, FILE *out)
{
    TextPractice *tp = calloc(1, sizeof *tp);
    char text[PRACTICE_TEXT_MAX], seats[128];

    if (tp == NULL)
        return cli_out_of_memory();
    tp->conf = conf;
    tp->tl.quiet = conf->quiet;
    if (practice_init(&tp->p, conf->game, conf->plies, conf->n, conf->seats) != CM_OK) {
        free(tp);
        return cli_out_of_memory();
    }
    setvbuf(out, NULL, _IOLBF, BUFSIZ);
    cli_text_init(&tp->tl.io, in, out);
    text_seat_names(conf->game->v, conf->seats, seats, sizeof seats);
    if (tp->p.n > 0) {
        cli_say(&tp->tl.io,
                "Practice: %d %s of %s, one at a time. Type a better move such as E6xE8, or "
                "'help'.",
                tp->p.n, tp->p.n == 1 ? "mistake or blunder" : "mistakes and blunders", seats);
        show_exercise(tp);
        for (;;) {
            fprintf(out, "%c> ", conf->game->v->seat[practice_game(&tp->p)->pos.to_move].letter);
            fflush(out);
            char *cmd = cli_text_line(&tp->tl.io);
            if (cmd == NULL) {
                cli_say(&tp->tl.io, "End of the input.");
                break;
            }
            if (practice_command(tp, cmd))
                break;
        }
    }
    practice_summary(&tp->p, text, sizeof text);
    cli_say(&tp->tl.io, "%s", text);
    cli_text_free(&tp->tl.io);
    practice_free(&tp->p);
    free(tp);
    fflush(out);
    return CLI_EXIT_OK;
}
