/* The plain text game: people at one terminal take turns typing moves in WCF notation. Works
 * the same when the input is a pipe, so that tests can feed it moves. The game is a session
 * with every seat a person's and no autosave.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "camelot/explain.h"
#include "camelot/notation.h"
#include "cli.h"
#include "session/clock.h"
#include "session/session.h"
#include "session/text.h"

#define LIST_WIDTH 78 /* columns of the list of legal moves */

typedef struct TextGame {
    Session s;
    FILE *out;
    int echo; /* input is not a terminal: echo each line after the prompt */
} TextGame;

static void show_turn(TextGame *t)
{
    char text[CM_EXPLAIN_MAX];
    const Session *s = &t->s;

    fputc('\n', t->out);
    cli_board_print(t->out, &s->g.pos);
    if (s->outcome.over) {
        text_outcome(s->v, &s->outcome, text, sizeof text);
        fprintf(t->out, "game over: %s\n", text);
        fputs("type 'undo', 'save FILE' or 'quit'\n", t->out);
        return;
    }
    text_obligation(&s->g.pos, text, sizeof text);
    if (text[0])
        fprintf(t->out, "%s\n", text);
}

static void help(TextGame *t)
{
    fputs("Type a move in WCF notation, e.g. E6-E8 (plain move or canter), H4xJ4 (jump),\n"
          "F6-F8-H8xH10 (knight's charge). Commands:\n"
          "  moves       list the legal moves\n"
          "  undo        take back the last move\n"
          "  save FILE   write the game so far as a record\n"
          "  board       show the board again\n"
          "  quit        leave (end of input does the same)\n"
          "  help        this text\n",
          t->out);
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const CliMoveText *)a)->path, ((const CliMoveText *)b)->path);
}

/* Lists the canonical paths of the legal moves, sorted bytewise, several to a line. */
static void list_moves(TextGame *t)
{
    CliMoveText *mt = NULL;
    int n, col = 0;

    if (t->s.outcome.over) {
        fputs("the game is over: no moves\n", t->out);
        return;
    }
    n = cli_movetext(&t->s.g.pos, &mt);
    if (n < 0) {
        fputs(n == CLI_MOVES_TOO_MANY ? "too many moves to list\n" : "out of memory\n", t->out);
        return;
    }
    qsort(mt, (size_t)n, sizeof *mt, by_path);
    fprintf(t->out, "%d legal move%s:\n", n, n == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        int w = (int)strlen(mt[i].path);
        if (col > 0 && col + 1 + w > LIST_WIDTH) {
            fputc('\n', t->out);
            col = 0;
        }
        fprintf(t->out, "%s%s", col ? " " : "  ", mt[i].path);
        col += w + (col ? 1 : 2);
    }
    if (col)
        fputc('\n', t->out);
    cli_movetext_free(mt, n);
}

static void save(TextGame *t, const char *path)
{
    CmError err;
    char msg[CM_ERROR_TEXT_MAX], moves[64];
    if (session_save_as(&t->s, path, clock_ms(), &err) != CM_OK) {
        cm_error_format(&err, msg, sizeof msg);
        fprintf(t->out, "not saved: %s\n", msg);
        return;
    }
    text_game_length(t->s.v->nseats, t->s.g.n, moves, sizeof moves);
    fprintf(t->out, "saved %s to %s\n", moves, path);
}

/* Plays the move typed in 'text', or says why it cannot be played. */
static void try_move(TextGame *t, const char *text)
{
    CmError err;
    CmMove m;
    char path[CM_MOVE_TEXT_MAX];
    int seat = t->s.g.pos.to_move;

    if (t->s.outcome.over) {
        fputs("the game is over; type 'undo', 'save FILE' or 'quit'\n", t->out);
        return;
    }
    cm_error_init(&err, NULL);
    if (cm_move_parse(&t->s.g.pos, text, &m, &err) != CM_OK) {
        if (err.col > 0)
            fprintf(t->out, "  %s\n  %*s^\n", text, err.col - 1, "");
        fprintf(t->out, "%s: %s\n", err.code == CM_ERR_SYNTAX ? "not a move" : "illegal move",
                err.msg);
        return;
    }
    cm_move_str(&t->s.g.pos, &m, path, sizeof path);
    if (session_play(&t->s, &m, clock_ms()) != CM_OK) {
        fputs("out of memory\n", t->out);
        return;
    }
    fprintf(t->out, "%s plays %s\n", t->s.v->seat[seat].name, path);
    show_turn(t);
}

/* Removes leading and trailing white space in place. */
static char *trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Does what line 'cmd' says. Returns 0 to go on, 1 to quit. */
static int command(TextGame *t, char *cmd)
{
    if (cmd[0] == '\0' || cmd[0] == '#')
        return 0;
    if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0)
        return 1;
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "?") == 0) {
        help(t);
    } else if (strcmp(cmd, "moves") == 0) {
        list_moves(t);
    } else if (strcmp(cmd, "board") == 0) {
        show_turn(t);
    } else if (strcmp(cmd, "undo") == 0) {
        if (session_undo(&t->s, clock_ms()))
            show_turn(t);
        else
            fputs("no move to take back\n", t->out);
    } else if (strncmp(cmd, "save", 4) == 0 && (cmd[4] == ' ' || cmd[4] == '\0')) {
        char *path = trim(cmd + 4);
        if (path[0] == '\0')
            fputs("usage: save FILE\n", t->out);
        else
            save(t, path);
    } else {
        try_move(t, cmd);
    }
    return 0;
}

int cli_text_game(const CmVariant *v, const char *variant_ref, FILE *in, FILE *out)
{
    TextGame *t = calloc(1, sizeof *t);
    SessionEnv env = {NULL, NULL, NULL};
    SessionSetup setup;
    char *line = NULL;
    size_t cap = 0;

    if (t == NULL)
        return cli_out_of_memory();
    t->out = out;
    t->echo = !isatty(fileno(in));
    setup_default(&setup, v, variant_ref);
    setup_all_human(&setup);
    session_init(&t->s, &env);
    if (session_start(&t->s, v, &setup, NULL) != CM_OK) {
        free(t);
        return cli_out_of_memory();
    }
    fprintf(out, "%s. Type a move such as E6-E8, or 'help'.\n", v->title);
    show_turn(t);
    for (;;) {
        if (t->s.outcome.over)
            fputs("> ", out);
        else
            fprintf(out, "%c> ", v->seat[t->s.g.pos.to_move].letter);
        fflush(out);
        ssize_t got = getline(&line, &cap, in);
        if (got < 0) {
            fputc('\n', out);
            break;
        }
        if (memchr(line, '\0', (size_t)got) != NULL) {
            /* The rest of the line would be lost without a word: refuse all of it. */
            fputs("\nthe line holds a NUL byte: nothing on it was read\n", out);
            continue;
        }
        char *cmd = trim(line);
        if (t->echo)
            fprintf(out, "%s\n", cmd);
        if (command(t, cmd))
            break;
    }
    free(line);
    session_free(&t->s);
    free(t);
    fflush(out);
    return CLI_EXIT_OK;
}
