/* What the text front ends share (the text game, and the lessons and puzzles played in text):
 * sentences wrapped at 78 columns, moves in words that name their kind, moves typed and why
 * one is refused, and lines read from a terminal or a pipe, echoed when they come from a pipe.
 * One line at a time, for screen readers and scripts.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "camelot/explain.h"
#include "camelot/movegen.h"
#include "camelot/notation.h"
#include "cli.h"

void cli_text_init(CliText *t, FILE *in, FILE *out)
{
    memset(t, 0, sizeof *t);
    t->in = in;
    t->out = out;
    t->tty = fileno(in) >= 0 && isatty(fileno(in));
    t->echo = !t->tty;
}

void cli_text_free(CliText *t)
{
    free(t->line);
    t->line = NULL;
    t->cap = 0;
}

void cli_line(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

void cli_say(CliText *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (text == NULL) {
        fputs("out of memory\n", t->out);
        return;
    }
    va_start(ap, fmt);
    vsnprintf(text, (size_t)n + 1, fmt, ap);
    va_end(ap);
    const char *p = text;
    int width = CLI_TEXT_WIDTH;
    while (*p != '\0') {
        int len = (int)strlen(p), cut = len;
        if (len > width) {
            cut = width;
            while (cut > 0 && p[cut] != ' ')
                cut--;
            if (cut == 0)
                cut = width; /* one word longer than the line: cut inside it */
        }
        fprintf(t->out, "%s%.*s\n", width < CLI_TEXT_WIDTH ? "  " : "", cut, p);
        p += cut;
        while (*p == ' ')
            p++;
        width = CLI_TEXT_WIDTH - 2;
    }
    free(text);
}

/* "a man", "3 knights" ... */
static size_t count_pieces(int n, int knight, char *buf, size_t size)
{
    if (n == 1)
        return (size_t)snprintf(buf, size, "a %s", knight ? "knight" : "man");
    return (size_t)snprintf(buf, size, "%d %s", n, knight ? "knights" : "men");
}

size_t cli_pieces_words(const CmPosition *pos, const CmSquareSet *set, int knight, char *buf,
                        size_t size)
{
    CmSquareSet left = *set, mine;
    memset(&mine, 0, sizeof mine);
    while (!cm_set_empty(&left)) {
        CmSquare sq = cm_set_pop(&left);
        if ((CM_CELL_KIND(pos->board[sq]) == CM_KNIGHT) == knight)
            cm_set_add(&mine, sq);
    }
    if (size > 0)
        buf[0] = '\0';
    if (cm_set_empty(&mine))
        return 0;
    size_t len = count_pieces(cm_set_count(&mine), knight, buf, size);
    if (len + 4 >= size)
        return len;
    memcpy(buf + len, " on ", 5);
    len += 4;
    return len + cm_squares_str(&mine, buf + len, size - len);
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const CliMoveText *)a)->path, ((const CliMoveText *)b)->path);
}

void cli_say_moves(CliText *t, const CmPosition *pos)
{
    CliMoveText *mt = NULL;
    FILE *out = t->out;
    int n = cli_movetext(pos, &mt), col = 0;

    if (n < 0) {
        fputs(n == CLI_MOVES_TOO_MANY ? "too many moves to list\n" : "out of memory\n", out);
        return;
    }
    qsort(mt, (size_t)n, sizeof *mt, by_path);
    fprintf(out, "%d legal move%s:\n", n, n == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        int w = (int)strlen(mt[i].path);
        if (col > 0 && col + 1 + w > CLI_TEXT_WIDTH) {
            fputc('\n', out);
            col = 0;
        }
        fprintf(out, "%s%s", col ? " " : "  ", mt[i].path);
        col += w + (col ? 1 : 2);
    }
    if (col)
        fputc('\n', out);
    cli_movetext_free(mt, n);
}

void cli_say_pieces(CliText *t, const CmPosition *pos)
{
    char knights[CLI_WORDS_MAX], men[CLI_WORDS_MAX];
    for (int seat = 0; seat < pos->v->nseats; seat++) {
        cli_pieces_words(pos, &pos->occ[seat], 1, knights, sizeof knights);
        cli_pieces_words(pos, &pos->occ[seat], 0, men, sizeof men);
        if (!knights[0] && !men[0])
            cli_say(t, "%s: no pieces.", pos->v->seat[seat].name);
        else
            cli_say(t, "%s: %s%s%s.", pos->v->seat[seat].name, knights,
                    knights[0] && men[0] ? "; " : "", men);
    }
}

/* The kinds of move, by their canonical path (docs/rules.md 2.3 to 2.5). */
enum { KIND_STEP, KIND_CANTER, KIND_JUMP, KIND_CHARGE, KIND_UNKNOWN };

/* The kind of the legal move 'm' of 'pos' and its leaps (0 for a step). */
static int move_kind(const CmPosition *pos, const CmMove *m, int *leaps)
{
    CmPath path;
    *leaps = 0;
    if (cm_movegen_canonical(pos, m, &path) != CM_OK || path.n < 2)
        return KIND_UNKNOWN;
    int df = abs(CM_FILE(path.sq[1]) - CM_FILE(path.sq[0]));
    int dr = abs(CM_RANK(path.sq[1]) - CM_RANK(path.sq[0]));
    if (path.n == 2 && df <= 1 && dr <= 1)
        return KIND_STEP;
    *leaps = path.n - 1;
    if (m->ncap == 0)
        return KIND_CANTER;
    return path.jump[1] ? KIND_JUMP : KIND_CHARGE;
}

void cli_move_words(const CmPosition *pos, const CmMove *m, char *buf, size_t size)
{
    static const char *const verbs[] = {"steps", "canters", "jumps", "charges", "moves"};
    char a[4], b[4], knights[CLI_WORDS_MAX / 2], men[CLI_WORDS_MAX / 2];
    int leaps, kind = move_kind(pos, m, &leaps);
    int n = snprintf(buf, size, "the %s on %s %s to %s", cm_kind_name(pos->board[m->from]),
                     cm_square_name(m->from, a), verbs[kind], cm_square_name(m->to, b));
    if (n >= 0 && (size_t)n < size && leaps > 1)
        n += snprintf(buf + n, size - (size_t)n, " in %d leaps", leaps);
    if (n < 0 || (size_t)n >= size)
        return;
    if (m->ncap > 0) {
        cli_pieces_words(pos, &m->cap, 1, knights, sizeof knights);
        cli_pieces_words(pos, &m->cap, 0, men, sizeof men);
        n += snprintf(buf + n, size - (size_t)n, ", capturing %s%s%s", men,
                      men[0] && knights[0] ? " and " : "", knights);
    }
    if (n >= 0 && (size_t)n < size && (m->flags & CM_MOVE_CASTLE))
        snprintf(buf + n, size - (size_t)n, " (a castle move)");
}

int cli_text_move(CliText *t, const CmPosition *pos, const char *text, CmMove *m)
{
    CmError err;
    char where[64];

    cm_error_init(&err, NULL);
    if (cm_move_parse(pos, text, m, &err) == CM_OK)
        return 1;
    /* Where in the move: the word there, quoted as typed, not a caret under the echo (which a
     * screen reader would read out as a line of spaces). */
    where[0] = '\0';
    size_t len = strlen(text);
    if (err.col > 0 && (size_t)err.col <= len) {
        const char *at = text + err.col - 1;
        size_t k = 0;
        while (at[k] && k < 20 && (k == 0 || (at[k] != '-' && at[k] != 'x' && at[k] != 'X')))
            k++;
        char shown[4 * 20 + 1], word[21];
        memcpy(word, at, k);
        word[k] = '\0';
        cli_shown(word, shown, sizeof shown);
        /* Unless the reason names it already. */
        if (strstr(err.msg, shown) == NULL)
            snprintf(where, sizeof where, " (at '%.40s')", shown);
    } else if (err.col > 0 && strstr(err.msg, "column") == NULL) {
        snprintf(where, sizeof where, " (at the end of the move)");
    }
    cli_say(t, "%s: %s%s", err.code == CM_ERR_SYNTAX ? "not a move" : "illegal move", err.msg,
            where);
    return 0;
}

/* Removes leading and trailing white space in place. */
char *cli_text_trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

char *cli_text_line(CliText *t)
{
    ssize_t got = getline(&t->line, &t->cap, t->in);
    if (got < 0) {
        fputc('\n', t->out);
        return NULL;
    }
    if (memchr(t->line, '\0', (size_t)got) != NULL) {
        /* The rest of the line would be lost without a word: refuse all of it. */
        fputs("\nthe line holds a NUL byte: nothing on it was read\n", t->out);
        t->line[0] = '\0';
        return t->line;
    }
    char *cmd = cli_text_trim(t->line);
    if (t->echo) {
        cli_put_text(t->out, cmd, strlen(cmd));
        fputc('\n', t->out);
    }
    return cmd;
}

void cli_text_quiet(CliText *t, int *quiet, const char *arg, const char *when)
{
    if (strcmp(arg, "on") == 0)
        *quiet = 1;
    else if (strcmp(arg, "off") == 0)
        *quiet = 0;
    else if (arg[0] != '\0')
        fputs("usage: quiet on, or quiet off\n", t->out);
    if (*quiet)
        fprintf(t->out, "quiet is on: no board %s ('board' shows it)\n", when);
    else
        fprintf(t->out, "quiet is off: the board %s\n", when);
}
