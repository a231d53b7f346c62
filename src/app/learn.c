/* The 'learn' command: the course of lessons on the full-screen board, or its list as text.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "io/io.h"
#include "session/clock.h"
#include "session/course.h"
#include "ui/ui.h"

#define LIST_WIDTH 79 /* columns of the list of lessons */

const char cli_learn_usage[] = "learn [LESSON] [--list] [--ascii] [--no-highlight]\n"
                               "                     [--text [--quiet]]";
const char cli_learn_help[] =
    "Teaches the rules, one small position at a time (docs/learning.md). Each\n"
    "lesson sets a goal for one move, played with the keys of the game. A move\n"
    "that misses the goal is not played: the lesson says which rule it missed,\n"
    "and you try again. Lessons done are kept in the data directory\n"
    "(lessons.txt). Starts at the first lesson not done yet, or at LESSON (its id,\n"
    "or its number).\n\n"
    "  --list          print the lessons by variant, one a line: id, title, and\n"
    "                  'done' for those done\n"
    "  --ascii         letters instead of Unicode pieces\n"
    "  --no-highlight  no teaching marks on the board\n"
    "  --text          the lessons in plain text, one line at a time, even on a\n"
    "                  terminal (as when the input or output is not one): type\n"
    "                  the move; 'help' lists the commands\n"
    "  --quiet         in plain text, no board before each lesson ('board' shows\n"
    "                  it)\n\n"
    "Keys: arrows and Enter move, n next lesson, p previous, u start again,\n"
    "H hint, ? rules, q quit.\n";

enum { OPT_LIST, OPT_ASCII, OPT_NO_HIGHLIGHT, OPT_TEXT, OPT_QUIET, OPT_COUNT };

static const CliOpt learn_opts[OPT_COUNT] = {
    [OPT_LIST] = {"--list", 0, 0},
    [OPT_ASCII] = {"--ascii", 0, 0},
    [OPT_NO_HIGHLIGHT] = {"--no-highlight", 0, 0},
    [OPT_TEXT] = {"--text", 0, 0},
    [OPT_QUIET] = {"--quiet", 0, 0},
};

/* The lessons, one a line under the title of their variant (a heading each time the variant
 * changes): id, title and '(done)', within 79 columns. A title too long for its line goes on
 * the next, under the titles. */
static void list_lessons(const Course *c)
{
    const CmVariant *v = NULL;
    int idw = 0;
    for (int i = 0; i < c->n; i++)
        if ((int)strlen(c->item[i].id) > idw)
            idw = (int)strlen(c->item[i].id);
    for (int i = 0; i < c->n; i++) {
        const CmLesson *l = c->item[i].lesson;
        const char *done = c->item[i].done ? "  (done)" : "";
        if (l->pos.v != v) {
            v = l->pos.v;
            printf("%s%s:\n", i > 0 ? "\n" : "", v->title);
        }
        if (2 + idw + 2 + (int)strlen(l->title) + (int)strlen(done) <= LIST_WIDTH)
            printf("  %-*s  %s%s\n", idw, c->item[i].id, l->title, done);
        else
            printf("  %s\n      %s%s\n", c->item[i].id, l->title, done);
    }
}

/* The course on the screen, from lesson 'at'. */
static int learn_screen(CliCtx *ctx, const CliArgs *a, const SessionConfig *conf, Course *c, int at)
{
    const CmLesson *first = c->item[at].lesson;
    SessionEnv env = {&ctx->catalog, NULL, NULL};
    SessionSetup setup;
    Session *s = malloc(sizeof *s);
    UiOptions opt;
    int rc;

    if (s == NULL)
        return cli_out_of_memory();
    /* The Ui wants a game to start from: the first lesson's, never saved; the lessons are
     * games of their own on top of it. */
    session_init(s, &env);
    setup_default(&setup, first->pos.v, first->pos.v->name);
    setup_all_human(&setup);
    if (session_start(s, first->pos.v, &setup, &first->pos) != CM_OK) {
        free(s);
        return cli_out_of_memory();
    }
    /* A lesson turns the board as it needs. */
    CliScreenFlags f = {a->value[OPT_ASCII] != NULL, a->value[OPT_NO_HIGHLIGHT] != NULL, 0, 0, 0};
    cli_screen_options(&f, conf, &opt);
    Ui *ui = ui_new(s, &opt);
    if (ui == NULL || ui_learn_open(ui, c, 0, at, clock_ms()) != CM_OK) {
        rc = cli_out_of_memory();
    } else {
        rc = ui_run(ui);
        printf("Lessons done: %d of %d.\n", course_done_count(c), c->n);
    }
    ui_delete(ui);
    session_free(s);
    free(s);
    return rc;
}

int cli_learn(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    char data_dir[IO_PATH_MAX], msg[CM_ERROR_TEXT_MAX];
    SessionConfig conf;
    Course *c = NULL;
    CmError err;
    int at = -1;
    int rc = cli_args_parse(cli_learn_usage, cli_learn_help, learn_opts, OPT_COUNT, argc, argv, &a);

    if (rc < 0 && a.nargs > 1)
        rc = cli_usage_error(cli_learn_usage, "unexpected argument '%s'", a.args[1]);
    if (rc < 0)
        rc = cli_config(&conf);
    if (rc < 0 && (c = malloc(sizeof *c)) == NULL)
        rc = cli_out_of_memory();
    if (rc >= 0)
        goto out;
    /* Without a data directory the lessons still work; only the progress is not kept. */
    if (io_data_dir(data_dir, sizeof data_dir, &err) != CM_OK)
        data_dir[0] = '\0';
    if (course_load(c, &ctx->catalog, data_dir, &err) != CM_OK) {
        cm_error_format(&err, msg, sizeof msg);
        fprintf(stderr, "camelot: %s\n", msg);
        rc = CLI_EXIT_INPUT;
        goto out;
    }
    if (a.nargs == 1 && (at = course_find(c, a.args[0])) < 0) {
        rc = cli_usage_error(cli_learn_usage, "no lesson '%s' ('camelot learn --list' lists them)",
                             a.args[0]);
        goto out;
    }
    if (a.value[OPT_LIST]) {
        list_lessons(c);
        rc = CLI_EXIT_OK;
    } else if (a.value[OPT_TEXT] || !isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        rc = cli_text_lessons(c, at >= 0 ? at : course_first_open(c),
                              a.value[OPT_QUIET] != NULL || conf.quiet == 1, stdin, stdout);
    } else {
        rc = learn_screen(ctx, &a, &conf, c, at >= 0 ? at : course_first_open(c));
    }
out:
    if (c != NULL) {
        course_free(c);
        free(c);
    }
    cli_args_free(&a);
    return rc;
}
