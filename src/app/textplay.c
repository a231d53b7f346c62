/* The plain text game: people at one terminal take turns typing moves in WCF notation. Works
 * the same when the input is a pipe, so that tests can feed it moves.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "camelot/notation.h"
#include "camelot/record.h"
#include "cli_int.h"

typedef struct Play {
    CmGame game;
    const char *variant_ref; /* written as the Variant tag */
    FILE *out;
    int echo; /* input is not a terminal: echo each line after the prompt */
} Play;

static void show_turn(Play *p)
{
    char text[1024];

    fputc('\n', p->out);
    cli_board_print(p->out, &p->game.pos);
    if (p->game.outcome.over) {
        cli_outcome_text(p->game.v, &p->game.outcome, text, sizeof text);
        fprintf(p->out, "game over: %s\n", text);
        fputs("type 'undo', 'save FILE' or 'quit'\n", p->out);
        return;
    }
    cli_obligation_text(&p->game.pos, text, sizeof text);
    if (text[0])
        fprintf(p->out, "%s\n", text);
}

static void help(Play *p)
{
    fputs("Type a move in WCF notation, e.g. E6-E8 (plain move or canter), H4xJ4 (jump),\n"
          "F6-F8-H8xH10 (knight's charge). Commands:\n"
          "  moves       list the legal moves\n"
          "  undo        take back the last move\n"
          "  save FILE   write the game so far as a record\n"
          "  board       show the board again\n"
          "  quit        leave (end of input does the same)\n"
          "  help        this text\n",
          p->out);
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const CliMoveText *)a)->path, ((const CliMoveText *)b)->path);
}

/* Lists the canonical paths of the legal moves, sorted bytewise, several to a line. */
static void list_moves(Play *p)
{
    CliMoveText *mt = NULL;
    int n, col = 0;

    if (p->game.outcome.over) {
        fputs("the game is over: no moves\n", p->out);
        return;
    }
    n = cli_movetext(&p->game.pos, &mt);
    if (n < 0) {
        fputs("too many moves to list\n", p->out);
        return;
    }
    qsort(mt, (size_t)n, sizeof *mt, by_path);
    fprintf(p->out, "%d legal move%s:\n", n, n == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        int w = (int)strlen(mt[i].path);
        if (col > 0 && col + 1 + w > 78) {
            fputc('\n', p->out);
            col = 0;
        }
        fprintf(p->out, "%s%s", col ? " " : "  ", mt[i].path);
        col += w + (col ? 1 : 2);
    }
    if (col)
        fputc('\n', p->out);
    free(mt);
}

static void save(Play *p, const char *path)
{
    const CmVariant *v = p->game.v;
    CmTag tags[2 + CM_MAX_SEATS];
    int ntags = 0;
    char *buf = NULL;
    FILE *f = NULL;
    time_t now = time(NULL);
    struct tm tm;

    memset(tags, 0, sizeof tags);
    snprintf(tags[ntags].name, sizeof tags[0].name, "Variant");
    snprintf(tags[ntags++].value, sizeof tags[0].value, "%s", p->variant_ref);
    if (localtime_r(&now, &tm) != NULL) {
        snprintf(tags[ntags].name, sizeof tags[0].name, "Date");
        strftime(tags[ntags++].value, sizeof tags[0].value, "%Y.%m.%d", &tm);
    }
    for (int s = 0; s < v->nseats; s++) {
        snprintf(tags[ntags].name, sizeof tags[0].name, "%s", v->seat[s].name);
        snprintf(tags[ntags++].value, sizeof tags[0].value, "?");
    }

    size_t need = cm_record_write(&p->game, tags, ntags, NULL, 0) + 1;
    buf = malloc(need);
    if (buf == NULL) {
        fputs("out of memory\n", p->out);
        goto out;
    }
    cm_record_write(&p->game, tags, ntags, buf, need);
    f = fopen(path, "w");
    if (f == NULL || fputs(buf, f) == EOF) {
        fprintf(p->out, "cannot write %s\n", path);
        goto out;
    }
    if (fclose(f) != 0) {
        f = NULL;
        fprintf(p->out, "cannot write %s\n", path);
        goto out;
    }
    f = NULL;
    fprintf(p->out, "saved %d move%s to %s\n", p->game.n, p->game.n == 1 ? "" : "s", path);
out:
    if (f != NULL)
        fclose(f);
    free(buf);
}

/* Plays the move typed in 'text', or says why it cannot be played. */
static void try_move(Play *p, const char *text)
{
    CmError err;
    CmMove m;
    char path[CM_MAX_PATH * 4];
    int seat = p->game.pos.to_move;

    if (p->game.outcome.over) {
        fputs("the game is over; type 'undo', 'save FILE' or 'quit'\n", p->out);
        return;
    }
    cm_error_init(&err, NULL);
    if (cm_move_parse(&p->game.pos, text, &m, &err) != CM_OK) {
        if (err.col > 0)
            fprintf(p->out, "  %s\n  %*s^\n", text, err.col - 1, "");
        fprintf(p->out, "%s: %s\n", err.code == CM_ERR_SYNTAX ? "not a move" : "illegal move",
                err.msg);
        return;
    }
    cm_move_str(&p->game.pos, &m, path, sizeof path);
    if (cm_game_play(&p->game, &m) != CM_OK) {
        fputs("out of memory\n", p->out);
        return;
    }
    fprintf(p->out, "%s plays %s\n", p->game.v->seat[seat].name, path);
    show_turn(p);
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

int cli_play(const CmVariant *v, const char *variant_ref, FILE *in, FILE *out)
{
    Play p;
    char *line = NULL;
    size_t cap = 0;

    memset(&p, 0, sizeof p);
    p.variant_ref = variant_ref;
    p.out = out;
    p.echo = !isatty(fileno(in));
    if (cm_game_init(&p.game, v, NULL) != CM_OK) {
        fputs("camelot: out of memory\n", stderr);
        return CLI_EXIT_INPUT;
    }
    fprintf(out, "%s. Type a move such as E6-E8, or 'help'.\n", v->title);
    show_turn(&p);
    for (;;) {
        const CmSeat *seat = &v->seat[p.game.pos.to_move];
        if (p.game.outcome.over)
            fputs("> ", out);
        else
            fprintf(out, "%c> ", seat->letter);
        fflush(out);
        if (getline(&line, &cap, in) < 0) {
            fputc('\n', out);
            break;
        }
        char *cmd = trim(line);
        if (p.echo)
            fprintf(out, "%s\n", cmd);
        if (cmd[0] == '\0' || cmd[0] == '#')
            continue;
        if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0) {
            break;
        } else if (strcmp(cmd, "help") == 0 || strcmp(cmd, "?") == 0) {
            help(&p);
        } else if (strcmp(cmd, "moves") == 0) {
            list_moves(&p);
        } else if (strcmp(cmd, "board") == 0) {
            show_turn(&p);
        } else if (strcmp(cmd, "undo") == 0) {
            if (cm_game_undo(&p.game))
                show_turn(&p);
            else
                fputs("no move to take back\n", out);
        } else if (strncmp(cmd, "save", 4) == 0 && (cmd[4] == ' ' || cmd[4] == '\0')) {
            char *path = trim(cmd + 4);
            if (path[0] == '\0')
                fputs("usage: save FILE\n", out);
            else
                save(&p, path);
        } else {
            try_move(&p, cmd);
        }
    }
    free(line);
    cm_game_free(&p.game);
    fflush(out);
    return CLI_EXIT_OK;
}
