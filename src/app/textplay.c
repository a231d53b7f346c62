/* The plain text game: people type moves in WCF notation, and the engine plays the seats
 * given to it, each of its moves told in a line of words. Works the same when the input is a
 * pipe, so that tests can feed it moves. The game is a session (seats, clocks, the engine
 * thread) with no autosave. On a terminal the person may type while the engine thinks; from a
 * pipe, lines are read only when a person is to move, so that an engine's reply is always
 * printed before the end of the input is seen.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "camelot/explain.h"
#include "camelot/notation.h"
#include "cli.h"
#include "session/clock.h"
#include "session/session.h"
#include "session/text.h"

#define LIST_WIDTH 78     /* columns of the list of legal moves and of wrapped sentences */
#define ENGINE_WAIT_MS 50 /* the longest wait for the engine between two looks at the game */
#define WORDS_MAX 4096    /* bytes of a move or a seat's pieces in words */

/* A question the next line answers. */
enum { ASK_NONE, ASK_RESIGN, ASK_DRAW };

typedef struct TextGame {
    Session *s;
    FILE *in, *out;
    int tty;    /* input is a terminal: read it while the engine thinks */
    int echo;   /* input is not a terminal: echo each line after the prompt */
    int told;   /* plies of the game told so far */
    int fresh;  /* the position changed since the board was last shown */
    int asking; /* the next line answers a question: 'ASK_*' */
    char *line;
    size_t cap;
} TextGame;

/* Prints 'fmt' wrapped at LIST_WIDTH columns, at spaces where it can; the lines after the first
 * are indented by two spaces. A newline ends the text. */
static void say(TextGame *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(TextGame *t, const char *fmt, ...)
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
    int width = LIST_WIDTH;
    while (*p != '\0') {
        int len = (int)strlen(p), cut = len;
        if (len > width) {
            cut = width;
            while (cut > 0 && p[cut] != ' ')
                cut--;
            if (cut == 0)
                cut = width; /* one word longer than the line: cut inside it */
        }
        fprintf(t->out, "%s%.*s\n", width < LIST_WIDTH ? "  " : "", cut, p);
        p += cut;
        while (*p == ' ')
            p++;
        width = LIST_WIDTH - 2;
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

/* The pieces of 'set' in 'pos' of one kind, as "2 men on F10, G9"; "" when there are none. */
static size_t kind_on(const CmPosition *pos, const CmSquareSet *set, int knight, char *buf,
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

/* Move 'm' of the position 'pos' in words: "man from E6 to E8", "knight from F11 to F7,
 * capturing a man on F10 and 2 knights on E9, F8", with "(a castle move)" when it is one. */
static void move_words(const CmPosition *pos, const CmMove *m, char *buf, size_t size)
{
    char a[4], b[4], knights[WORDS_MAX / 2], men[WORDS_MAX / 2];
    int n = snprintf(buf, size, "%s from %s to %s", cm_kind_name(pos->board[m->from]),
                     cm_square_name(m->from, a), cm_square_name(m->to, b));
    if (n < 0 || (size_t)n >= size)
        return;
    if (m->ncap > 0) {
        kind_on(pos, &m->cap, 1, knights, sizeof knights);
        kind_on(pos, &m->cap, 0, men, sizeof men);
        n += snprintf(buf + n, size - (size_t)n, ", capturing %s%s%s", men,
                      men[0] && knights[0] ? " and " : "", knights);
    }
    if (n >= 0 && (size_t)n < size && (m->flags & CM_MOVE_CASTLE))
        snprintf(buf + n, size - (size_t)n, " (a castle move)");
}

/* Tells the plies played since the last told: "Black plays F11-F9: man from F11 to F9." */
static void tell_moves(TextGame *t)
{
    Session *s = t->s;
    char words[WORDS_MAX];
    CmPosition pos;
    CmOutcome o;
    CmUndo u;

    if (t->told > s->g.n)
        t->told = s->g.n;
    if (t->told == s->g.n)
        return;
    session_position_before(s, t->told, &pos);
    for (; t->told < s->g.n; t->told++) {
        const CmMove *m = &s->g.ply[t->told].move;
        const char *path = session_move_text(s, t->told);
        move_words(&pos, m, words, sizeof words);
        say(t, "%s plays %s: %s.", s->v->seat[s->g.ply[t->told].seat].name,
            path != NULL ? path : "?", words);
        cm_pos_apply(&pos, m, &u);
        cm_rules_settle(&pos, &o);
    }
    t->fresh = 1;
}

/* The clocks, when the game has them: "clocks: White 9:58, Black 10:00". */
static void show_clocks(TextGame *t)
{
    const Session *s = t->s;
    char line[200], c[32];
    size_t len = 0;
    if (s->setup.time_base_ms <= 0)
        return;
    len += (size_t)snprintf(line, sizeof line, "clocks:");
    for (int seat = 0; seat < s->v->nseats && len < sizeof line; seat++) {
        text_clock(session_clock_left(s, seat, clock_ms()), c, sizeof c);
        len += (size_t)snprintf(line + len, sizeof line - len, "%s %s %s", seat ? "," : "",
                                s->v->seat[seat].name, c);
    }
    say(t, "%s", line);
}

/* The board, whose turn it is, the clocks and the obligation or the outcome. */
static void show_turn(TextGame *t)
{
    char text[CM_EXPLAIN_MAX];
    const Session *s = t->s;

    t->fresh = 0;
    fputc('\n', t->out);
    cli_board_print(t->out, &s->g.pos);
    show_clocks(t);
    if (s->outcome.over) {
        session_outcome_sentence(s, text, sizeof text);
        say(t, "Game over. %s", text);
        fputs("type 'undo', 'save FILE' or 'quit'\n", t->out);
        return;
    }
    text_obligation(&s->g.pos, text, sizeof text);
    if (text[0])
        say(t, "%s", text);
}

static void help(TextGame *t)
{
    fputs("Type a move in WCF notation, e.g. E6-E8 (plain move or canter), H4xJ4 (jump),\n"
          "F6-F8-H8xH10 (knight's charge). Commands:\n"
          "  moves       list the legal moves\n"
          "  pieces      list each side's pieces by square\n"
          "  hint        the engine's suggestion for the person to move\n"
          "  undo        take back the last move (against the engine: back to your turn)\n"
          "  now         the engine that is thinking moves at once\n"
          "  resign      give up the game (asked again first)\n"
          "  draw        offer a draw: the other side accepts or declines\n"
          "  save FILE   write the game so far as a record (to a new file)\n"
          "  save! FILE  the same, writing over FILE if it is there\n"
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

    if (t->s->outcome.over) {
        fputs("the game is over: no moves\n", t->out);
        return;
    }
    n = cli_movetext(&t->s->g.pos, &mt);
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

/* Lists each seat's pieces in words: "White: 4 knights on C6, D7, ...; 10 men on ...". */
static void list_pieces(TextGame *t)
{
    const CmPosition *pos = &t->s->g.pos;
    char knights[WORDS_MAX], men[WORDS_MAX];
    for (int seat = 0; seat < pos->v->nseats; seat++) {
        kind_on(pos, &pos->occ[seat], 1, knights, sizeof knights);
        kind_on(pos, &pos->occ[seat], 0, men, sizeof men);
        if (!knights[0] && !men[0])
            say(t, "%s: no pieces.", pos->v->seat[seat].name);
        else
            say(t, "%s: %s%s%s.", pos->v->seat[seat].name, knights,
                knights[0] && men[0] ? "; " : "", men);
    }
}

/* 'save FILE' writes where nothing is; 'save! FILE' ('replace') writes over a file there. */
static void save(TextGame *t, const char *path, int replace)
{
    CmError err;
    char msg[CM_ERROR_TEXT_MAX], moves[64], shown[CLI_SHOWN_MAX];
    CmStatus st = replace ? session_save_as(t->s, path, clock_ms(), &err)
                          : session_save_new(t->s, path, clock_ms(), &err);
    cli_shown(path, shown, sizeof shown);
    if (st == CM_ERR_EXISTS) {
        fprintf(t->out, "not saved: %s is there already; 'save! FILE' writes over it\n", shown);
        return;
    }
    if (st != CM_OK) {
        cm_error_format(&err, msg, sizeof msg);
        fprintf(t->out, "not saved: %s\n", msg);
        return;
    }
    text_game_length(t->s->v->nseats, t->s->g.n, moves, sizeof moves);
    fprintf(t->out, "saved %s to %s\n", moves, shown);
}

/* Waits for the engine to finish the hint search. */
static void wait_hint(TextGame *t)
{
    Session *s = t->s;
    while (s->searching == ENGINE_JOB_HINT) {
        engine_thread_wait(s->env.engine, ENGINE_WAIT_MS);
        if (session_tick(s, clock_ms()) & SESSION_EV_MOVED)
            t->fresh = 1; /* the clock ran out meanwhile */
    }
}

/* 'resign': asks first. */
static void resign(TextGame *t)
{
    int seat = session_resigner(t->s);
    if (seat < 0) {
        fputs(t->s->outcome.over ? "the game is over\n" : "resign on your turn\n", t->out);
        return;
    }
    say(t, "%s: resign the game? Type 'yes' to resign, anything else plays on.",
        t->s->v->seat[seat].name);
    t->asking = ASK_RESIGN;
}

/* Says where a draw offer stands: agreed (the game is over), a person asked, or declined. */
static void offer_news(TextGame *t)
{
    const Session *s = t->s;
    const CmVariant *v = s->v;
    int asked = session_offer_asks(s);
    if (s->outcome.over) {
        t->fresh = 1;
    } else if (asked >= 0) {
        say(t, "%s offers a draw. %s, do you accept? Type 'yes' or 'no'.",
            v->seat[s->offer_from].name, v->seat[asked].name);
        t->asking = ASK_DRAW;
    } else if (s->offer_declined >= 0 && session_seat_human(s, s->offer_declined)) {
        say(t, "%s declines the draw.", v->seat[s->offer_declined].name);
    } else if (s->offer_declined >= 0) {
        char why[200];
        session_draw_refusal(s, why, sizeof why);
        say(t, "%s (engine) declines the draw: %s.", v->seat[s->offer_declined].name, why);
    }
}

/* 'draw': offers a draw and tells the answer; an engine's takes it a moment. */
static void offer_draw(TextGame *t)
{
    Session *s = t->s;
    if (s->outcome.over || !session_human_to_move(s)) {
        fputs(s->outcome.over ? "the game is over\n" : "offer a draw on your turn\n", t->out);
        return;
    }
    if (session_offer_draw(s, clock_ms()) != CM_OK) {
        fputs("the draw cannot be offered now\n", t->out);
        return;
    }
    while (s->searching == ENGINE_JOB_DRAW) {
        engine_thread_wait(s->env.engine, ENGINE_WAIT_MS);
        session_tick(s, clock_ms());
    }
    offer_news(t);
}

/* The line after a question: its answer. Returns 1 when the line was the answer. */
static int answer(TextGame *t, const char *cmd)
{
    int yes = strcmp(cmd, "yes") == 0 || strcmp(cmd, "y") == 0;
    int ask = t->asking;
    t->asking = ASK_NONE;
    if (ask == ASK_RESIGN) {
        int seat = session_resigner(t->s);
        if (!yes) {
            if (seat >= 0)
                say(t, "%s plays on.", t->s->v->seat[seat].name);
            return strcmp(cmd, "no") == 0 || strcmp(cmd, "n") == 0;
        }
        if (seat < 0 || session_resign(t->s, seat, clock_ms()) != CM_OK)
            fputs("you cannot resign now\n", t->out);
        t->fresh = 1;
        return 1;
    }
    if (!yes && strcmp(cmd, "no") != 0 && strcmp(cmd, "n") != 0) {
        fputs("type 'yes' or 'no'\n", t->out);
        t->asking = ask;
        return 1;
    }
    if (session_answer_draw(t->s, yes, clock_ms()) != CM_OK) {
        fputs("the draw offer could not be answered\n", t->out);
        return 1;
    }
    while (t->s->searching == ENGINE_JOB_DRAW) {
        engine_thread_wait(t->s->env.engine, ENGINE_WAIT_MS);
        session_tick(t->s, clock_ms());
    }
    offer_news(t);
    return 1;
}

/* The engine's suggestion for the person to move, with its score and the line it expects. */
static void hint(TextGame *t)
{
    Session *s = t->s;
    char path[CM_MOVE_TEXT_MAX], words[WORDS_MAX], score[32];
    const char *name = s->v->seat[s->g.pos.to_move].name;

    if (s->outcome.over) {
        fputs("the game is over: no hint\n", t->out);
        return;
    }
    if (!session_human_to_move(s)) {
        say(t, "no hint: %s is the engine's to play.", name);
        return;
    }
    if (!session_hint(s)) {
        fputs("no hint: the engine is not running\n", t->out);
        return;
    }
    if (t->tty) {
        say(t, "The engine looks for a move for %s...", name);
        fflush(t->out);
    }
    wait_hint(t);
    if (!s->has_hint || s->hint_ply != s->g.n) {
        fputs(s->outcome.over ? "no hint: the game is over\n" : "no hint: no move was found\n",
              t->out);
        return;
    }
    cm_move_str(&s->g.pos, &s->hint, path, sizeof path);
    move_words(&s->g.pos, &s->hint, words, sizeof words);
    /* The score and the line are shown only beside the move they belong to. */
    if (s->info_seat == s->g.pos.to_move && s->info_purpose == ENGINE_JOB_HINT &&
        s->info.depth > 0 && s->info.npv > 0 && cm_move_same(&s->info.pv[0], &s->hint)) {
        text_score(s->info.score, score, sizeof score);
        say(t, "hint: %s, %s; score %s for %s at depth %d.", path, words, score, name,
            s->info.depth);
        if (s->info.npv > 1)
            say(t, "the line it expects: %s", s->pv_text);
    } else {
        say(t, "hint: %s, %s.", path, words);
    }
}

/* Takes moves back: one, or against the engine back to the person's last turn. */
static void undo(TextGame *t)
{
    char moves[32];
    int n = session_undo(t->s, clock_ms());
    if (n == 0) {
        fputs("no move to take back\n", t->out);
        return;
    }
    text_count(n, "move", moves, sizeof moves);
    say(t, "took back %s", moves);
    t->told = t->s->g.n;
    t->fresh = 1;
}

/* Plays the move typed in 'text', or says why it cannot be played. */
static void try_move(TextGame *t, const char *text)
{
    Session *s = t->s;
    CmError err;
    CmMove m;

    if (s->outcome.over) {
        fputs("the game is over; type 'undo', 'save FILE' or 'quit'\n", t->out);
        return;
    }
    if (!session_human_to_move(s)) {
        say(t, "%s is the engine's to play: wait for its move, or type 'now'.",
            s->v->seat[s->g.pos.to_move].name);
        return;
    }
    cm_error_init(&err, NULL);
    if (cm_move_parse(&s->g.pos, text, &m, &err) != CM_OK) {
        if (err.col > 0)
            cli_quote_line(t->out, "  ", text, strlen(text), err.col);
        fprintf(t->out, "%s: %s\n", err.code == CM_ERR_SYNTAX ? "not a move" : "illegal move",
                err.msg);
        return;
    }
    if (session_play(s, &m, clock_ms()) != CM_OK) {
        fputs("out of memory\n", t->out);
        return;
    }
    tell_moves(t);
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
    if (t->asking != ASK_NONE && answer(t, cmd))
        return 0;
    if (cmd[0] == '\0' || cmd[0] == '#')
        return 0;
    if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0)
        return 1;
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "?") == 0) {
        help(t);
    } else if (strcmp(cmd, "moves") == 0) {
        list_moves(t);
    } else if (strcmp(cmd, "pieces") == 0) {
        list_pieces(t);
    } else if (strcmp(cmd, "board") == 0) {
        show_turn(t);
    } else if (strcmp(cmd, "hint") == 0) {
        hint(t);
    } else if (strcmp(cmd, "undo") == 0) {
        undo(t);
    } else if (strcmp(cmd, "resign") == 0) {
        resign(t);
    } else if (strcmp(cmd, "draw") == 0) {
        offer_draw(t);
    } else if (strcmp(cmd, "now") == 0) {
        if (!session_move_now(t->s))
            fputs("no engine is thinking\n", t->out);
    } else if (strncmp(cmd, "save", 4) == 0 &&
               (cmd[4] == ' ' || cmd[4] == '\0' || (cmd[4] == '!' && (cmd[5] == ' ' || !cmd[5])))) {
        int replace = cmd[4] == '!';
        char *path = trim(cmd + 4 + replace);
        if (path[0] == '\0')
            fputs(replace ? "usage: save! FILE\n" : "usage: save FILE\n", t->out);
        else
            save(t, path, replace);
    } else {
        try_move(t, cmd);
    }
    return 0;
}

/* Reads the next line, trimmed and echoed when the input is not a terminal. NULL at the end of
 * the input. A line holding a NUL byte is refused whole, as an empty line. */
static char *next_line(TextGame *t)
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
    char *cmd = trim(t->line);
    if (t->echo) {
        cli_put_text(t->out, cmd, strlen(cmd));
        fputc('\n', t->out);
    }
    return cmd;
}

/* Waits up to 'ms' for a line on a terminal. Returns 1 when there is one (or the end of the
 * input) to read. */
static int input_ready(TextGame *t, int ms)
{
    struct pollfd p = {fileno(t->in), POLLIN, 0};
    return poll(&p, 1, ms) > 0;
}

/* The engines' turns: runs the session until a person is to move or the game is over, telling
 * each move. On a terminal, what the person types meanwhile is done at once. Returns 1 to go
 * on, 0 to quit. */
static int engines_play(TextGame *t)
{
    Session *s = t->s;
    int thinking_told = -1; /* the ply whose thinking was told */

    while (!s->outcome.over && !session_human_to_move(s)) {
        int seat = s->g.pos.to_move;
        unsigned ev = session_tick(s, clock_ms());
        if (ev & SESSION_EV_MOVED) {
            tell_moves(t);
            t->fresh = 1; /* also when no move was made: a clock ran out */
            continue;
        }
        if (s->outcome.over)
            break;
        if (s->searching != ENGINE_JOB_MOVE) {
            /* The engine could not start this search: the seat is a person's from now on. */
            s->setup.seat[seat].kind = SEAT_HUMAN;
            say(t, "The engine could not think: people play %s from now on.",
                s->v->seat[seat].name);
            break;
        }
        if (!t->tty) {
            engine_thread_wait(s->env.engine, ENGINE_WAIT_MS);
            continue;
        }
        if (thinking_told != s->g.n) {
            thinking_told = s->g.n;
            say(t, "%s is thinking...", s->v->seat[seat].name);
            fflush(t->out);
        }
        if (input_ready(t, ENGINE_WAIT_MS)) {
            char *cmd = next_line(t);
            if (cmd == NULL || command(t, cmd))
                return 0;
        }
    }
    return 1;
}

int cli_text_play(Session *s, const char *note, FILE *in, FILE *out)
{
    TextGame t;

    /* Each line goes out as it is told, to a pipe or a file too, where the C library would
     * hold it back in blocks: a game the engines play alone is followed as it goes. */
    setvbuf(out, NULL, _IOLBF, BUFSIZ);
    memset(&t, 0, sizeof t);
    t.s = s;
    t.in = in;
    t.out = out;
    t.tty = fileno(in) >= 0 && isatty(fileno(in));
    t.echo = !t.tty;
    t.told = s->g.n;
    fprintf(out, "%s. Type a move such as E6-E8, or 'help'.\n", s->v->title);
    if (note != NULL && note[0])
        say(&t, "%s", note);
    if (s->notice[0]) {
        say(&t, "%s", s->notice);
        s->notice[0] = '\0';
    }
    show_turn(&t);
    for (;;) {
        if (!engines_play(&t))
            break;
        if (session_tick(s, clock_ms()) & SESSION_EV_MOVED)
            t.fresh = 1;
        if (t.fresh)
            show_turn(&t);
        if (s->outcome.over)
            fputs("> ", out);
        else
            fprintf(out, "%c> ", s->v->seat[s->g.pos.to_move].letter);
        fflush(out);
        char *cmd = next_line(&t);
        if (cmd == NULL)
            break;
        /* A person's clock may have run out while they typed: the game is over before the
         * line is done (a move is then refused). */
        if (session_tick(s, clock_ms()) & SESSION_EV_MOVED)
            show_turn(&t);
        if (command(&t, cmd))
            break;
    }
    free(t.line);
    fflush(out);
    return CLI_EXIT_OK;
}

int cli_text_game(const CmVariant *v, const char *variant_ref, FILE *in, FILE *out)
{
    Session *s = calloc(1, sizeof *s);
    SessionEnv env = {NULL, NULL, NULL};
    SessionSetup setup;

    if (s == NULL)
        return cli_out_of_memory();
    setup_default(&setup, v, variant_ref);
    setup_all_human(&setup);
    session_init(s, &env);
    if (session_start(s, v, &setup, NULL) != CM_OK) {
        free(s);
        return cli_out_of_memory();
    }
    int rc = cli_text_play(s, NULL, in, out);
    session_free(s);
    free(s);
    return rc;
}
