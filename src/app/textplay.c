/* The plain text game: people type moves in WCF notation, and the engine plays the seats
 * given to it, each of its moves told in a line of words. Works the same when the input is a
 * pipe, so that tests can feed it moves. The game is a session (seats, clocks, the engine
 * thread, the autosave after every move when it has a data directory), and an autosave that
 * fails is said. On a terminal the person may type while the engine thinks; from a pipe,
 * lines are read only when a person is to move, so that an engine's reply is always printed
 * before the end of the input is seen.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "camelot/explain.h"
#include "camelot/notation.h"
#include "cli.h"
#include "session/clock.h"
#include "session/session.h"
#include "session/text.h"

#define ENGINE_WAIT_MS 50 /* the longest wait for the engine between two looks at the game */

/* A question the next line answers: resign? accept the draw offered? offer a draw? take back?
 * The last two are asked only while 'confirm' is on. */
enum { ASK_NONE, ASK_RESIGN, ASK_DRAW, ASK_OFFER, ASK_UNDO };

typedef struct TextGame {
    Session *s;
    CliText io;
    int quiet;        /* no board after each move: 'board' shows it */
    int told;         /* plies of the game told so far */
    int fresh;        /* the position changed since the turn was last shown */
    int asking;       /* the next line answers a question: 'ASK_*' */
    int confirm;      /* a draw offer and a takeback are asked again first */
    unsigned offered; /* the seats asked to answer the draw offer under way, as bits */
    int save_failed;  /* the autosave's failure was said, and it has not worked since */
} TextGame;

#define say(t, ...) cli_say(&(t)->io, __VA_ARGS__)

/* Tells the plies played since the last told: "Black plays F11-F9: the man on F11 canters to
 * F9." */
static void tell_moves(TextGame *t)
{
    Session *s = t->s;
    char words[CLI_WORDS_MAX];
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
        cli_move_words(&pos, m, words, sizeof words);
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

/* Whose turn it is, the clocks and the obligation, or how the game ended; the board first when
 * 'board' is set. After a move the board comes unless the game is quiet or over (the move
 * that ended it was just told); 'board' asks for it. */
static void show_turn(TextGame *t, int board)
{
    char text[CM_EXPLAIN_MAX];
    const Session *s = t->s;
    FILE *out = t->io.out;

    t->fresh = 0;
    if (board) {
        fputc('\n', out);
        cli_board_print(out, &s->g.pos);
    } else if (!s->outcome.over) {
        say(t, "%s to move.", s->v->seat[s->g.pos.to_move].name);
    }
    show_clocks(t);
    if (s->outcome.over) {
        session_outcome_sentence(s, text, sizeof text);
        say(t, "Game over. %s", text);
        fputs("type 'review', 'practise', 'undo', 'save FILE' or 'quit'\n", out);
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
          "  confirm off undo and draw not asked again first (confirm on: asked)\n"
          "The board a line at a time:\n"
          "  rank 8, file E, square E8   what is there, in order\n"
          "  pieces black knights        one side's pieces (or: pieces black, pieces men)\n"
          "  moves E6    the legal moves of the piece on E6\n"
          "  last        the last move      clock   the clocks\n"
          "  review      once the game is over: the engine's review, a second a move\n"
          "  practise    the review, then your mistakes, one at a time, to find better\n"
          "              moves (hint, solution, skip; quit ends it)\n"
          "  save FILE   write the game so far as a record (to a new file)\n"
          "  save! FILE  the same, writing over FILE if it is there\n"
          "  board       show the board again\n"
          "  quiet on    no board after each move (quiet off: the board again)\n"
          "  quit        leave (end of input does the same)\n"
          "  help        this text\n",
          t->io.out);
}

/* 'save FILE' writes where nothing is; 'save! FILE' ('replace') writes over a file there. */
static void save(TextGame *t, const char *path, int replace)
{
    CmError err;
    char msg[CM_ERROR_TEXT_MAX], moves[64], shown[CLI_SHOWN_MAX];
    FILE *out = t->io.out;
    CmStatus st = replace ? session_save_as(t->s, path, clock_ms(), &err)
                          : session_save_new(t->s, path, clock_ms(), &err);
    cli_shown(path, shown, sizeof shown);
    if (st == CM_ERR_EXISTS) {
        fprintf(out, "not saved: %s is there already; 'save! FILE' writes over it\n", shown);
        return;
    }
    if (st != CM_OK) {
        cm_error_format(&err, msg, sizeof msg);
        fprintf(out, "not saved: %s\n", msg);
        return;
    }
    text_game_length(t->s->v->nseats, t->s->g.n, moves, sizeof moves);
    fprintf(out, "saved %s to %s\n", moves, shown);
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
        fputs(t->s->outcome.over ? "the game is over\n" : "resign on your turn\n", t->io.out);
        return;
    }
    say(t, "%s: resign the game? Type 'yes' to resign, anything else plays on.",
        t->s->v->seat[seat].name);
    t->asking = ASK_RESIGN;
}

/* The seats of 'seats' by name, an engine's marked: "Black (engine)", "Green and Yellow". */
static void seat_list(const Session *s, unsigned seats, char *buf, size_t size)
{
    size_t len = 0;
    int left = __builtin_popcount(seats);
    buf[0] = '\0';
    for (int seat = 0; seat < s->v->nseats && len < size; seat++) {
        if (!(seats & (1u << seat)))
            continue;
        left--;
        len += (size_t)snprintf(buf + len, size - len, "%s%s", s->v->seat[seat].name,
                                session_seat_human(s, seat) ? "" : " (engine)");
        if (left > 0 && len < size)
            len += (size_t)snprintf(buf + len, size - len, "%s", left > 1 ? ", " : " and ");
    }
}

/* Says where a draw offer stands: agreed (who accepted; the game is over), a person asked, or
 * declined (by whom; an engine says why). */
static void offer_news(TextGame *t)
{
    const Session *s = t->s;
    const CmVariant *v = s->v;
    int asked = session_offer_asks(s);
    if (s->outcome.over) {
        if (s->agreed && t->offered != 0) {
            char who[256];
            seat_list(s, t->offered, who, sizeof who);
            say(t, "%s accept%s the draw.", who, __builtin_popcount(t->offered) > 1 ? "" : "s");
        }
        t->offered = 0;
        t->fresh = 1;
    } else if (asked >= 0) {
        say(t, "%s offers a draw. %s, do you accept? Type 'yes' or 'no'.",
            v->seat[s->offer_from].name, v->seat[asked].name);
        t->asking = ASK_DRAW;
    } else if (s->offer_declined >= 0 && session_seat_human(s, s->offer_declined)) {
        say(t, "%s declines the draw.", v->seat[s->offer_declined].name);
        t->offered = 0;
    } else if (s->offer_declined >= 0) {
        char why[200];
        session_draw_refusal(s, why, sizeof why);
        say(t, "%s (engine) declines the draw: %s.", v->seat[s->offer_declined].name, why);
        t->offered = 0;
    }
}

/* 'draw': offers a draw and tells the answer; an engine's takes it a moment. */
static void offer_draw(TextGame *t)
{
    Session *s = t->s;
    if (s->outcome.over || !session_human_to_move(s)) {
        fputs(s->outcome.over ? "the game is over\n" : "offer a draw on your turn\n", t->io.out);
        return;
    }
    if (session_offer_draw(s, clock_ms()) != CM_OK) {
        fputs("the draw cannot be offered now\n", t->io.out);
        return;
    }
    /* The seats asked, to say who accepted when it is agreed. */
    t->offered = s->offer_waiting;
    while (s->searching == ENGINE_JOB_DRAW) {
        engine_thread_wait(s->env.engine, ENGINE_WAIT_MS);
        session_tick(s, clock_ms());
    }
    offer_news(t);
}

static void undo(TextGame *t);

/* The line after a question: its answer. Returns 1 when the line was the answer. */
static int answer(TextGame *t, const char *cmd)
{
    int yes = strcmp(cmd, "yes") == 0 || strcmp(cmd, "y") == 0;
    int ask = t->asking;
    t->asking = ASK_NONE;
    if (ask == ASK_OFFER || ask == ASK_UNDO) {
        if (yes && ask == ASK_OFFER)
            offer_draw(t);
        else if (yes)
            undo(t);
        else
            say(t, "%s", ask == ASK_OFFER ? "No draw is offered." : "No move is taken back.");
        return yes || strcmp(cmd, "no") == 0 || strcmp(cmd, "n") == 0;
    }
    if (ask == ASK_RESIGN) {
        int seat = session_resigner(t->s);
        if (!yes) {
            if (seat >= 0)
                say(t, "%s plays on.", t->s->v->seat[seat].name);
            return strcmp(cmd, "no") == 0 || strcmp(cmd, "n") == 0;
        }
        if (seat < 0 || session_resign(t->s, seat, clock_ms()) != CM_OK)
            fputs("you cannot resign now\n", t->io.out);
        t->fresh = 1;
        return 1;
    }
    if (!yes && strcmp(cmd, "no") != 0 && strcmp(cmd, "n") != 0) {
        fputs("type 'yes' or 'no'\n", t->io.out);
        t->asking = ask;
        return 1;
    }
    if (session_answer_draw(t->s, yes, clock_ms()) != CM_OK) {
        fputs("the draw offer could not be answered\n", t->io.out);
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
    char path[CM_MOVE_TEXT_MAX], words[CLI_WORDS_MAX], score[32];
    const char *name = s->v->seat[s->g.pos.to_move].name;

    if (s->outcome.over) {
        fputs("the game is over: no hint\n", t->io.out);
        return;
    }
    if (!session_human_to_move(s)) {
        say(t, "no hint: %s is the engine's to play.", name);
        return;
    }
    if (!session_hint(s)) {
        fputs("no hint: the engine is not running\n", t->io.out);
        return;
    }
    if (t->io.tty) {
        say(t, "The engine looks for a move for %s...", name);
        fflush(t->io.out);
    }
    wait_hint(t);
    if (!s->has_hint || s->hint_ply != s->g.n) {
        fputs(s->outcome.over ? "no hint: the game is over\n" : "no hint: no move was found\n",
              t->io.out);
        return;
    }
    cm_move_str(&s->g.pos, &s->hint, path, sizeof path);
    cli_move_words(&s->g.pos, &s->hint, words, sizeof words);
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

/* Takes moves back: one, or against the engine back to the person's last turn. The count is
 * in plies, a ply being one seat's move. */
static void undo(TextGame *t)
{
    char plies[32];
    int n = session_undo(t->s, clock_ms());
    if (n == 0) {
        fputs("no move to take back\n", t->io.out);
        return;
    }
    text_plies(n, plies, sizeof plies);
    say(t, "took back %s", plies);
    t->told = t->s->g.n;
    t->fresh = 1;
}

/* Plays the move typed in 'text', or says why it cannot be played. */
static void try_move(TextGame *t, const char *text)
{
    Session *s = t->s;
    CmMove m;

    if (s->outcome.over) {
        fputs("the game is over; type 'review', 'practise', 'undo', 'save FILE' or 'quit'\n",
              t->io.out);
        return;
    }
    if (!session_human_to_move(s)) {
        say(t, "%s is the engine's to play: wait for its move, or type 'now'.",
            s->v->seat[s->g.pos.to_move].name);
        return;
    }
    if (!cli_text_move(&t->io, &s->g.pos, text, &m))
        return;
    if (session_play(s, &m, clock_ms()) != CM_OK) {
        fputs("out of memory\n", t->io.out);
        return;
    }
    tell_moves(t);
}

/* 'undo': asked again first while 'confirm' is on. */
static void ask_undo(TextGame *t)
{
    if (!t->confirm || t->s->g.n == 0) {
        undo(t);
        return;
    }
    say(t, "Take back the last move%s? Type 'yes' to take it back, anything else does not.",
        session_humans(t->s) < t->s->v->nseats ? " (against the engine, back to your turn)" : "");
    t->asking = ASK_UNDO;
}

/* 'draw': asked again first while 'confirm' is on, when a draw can be offered. */
static void ask_offer(TextGame *t)
{
    Session *s = t->s;
    if (!t->confirm || s->outcome.over || !session_human_to_move(s)) {
        offer_draw(t);
        return;
    }
    say(t, "%s: offer a draw? Type 'yes' to offer it, anything else does not.",
        s->v->seat[s->g.pos.to_move].name);
    t->asking = ASK_OFFER;
}

/* 'confirm on' and 'confirm off': a draw offer and a takeback asked again first, or not. */
static void confirm(TextGame *t, const char *arg)
{
    if (strcmp(arg, "on") == 0)
        t->confirm = 1;
    else if (strcmp(arg, "off") == 0)
        t->confirm = 0;
    else if (arg[0] != '\0')
        fputs("usage: confirm on, or confirm off\n", t->io.out);
    fprintf(t->io.out, "confirm is %s: undo and draw are %s\n", t->confirm ? "on" : "off",
            t->confirm ? "asked again first" : "done at once");
}

/* 'review' and 'practise' ('practise' set), once the game is over: the engine's review of the
 * game, then the practice of the mistakes of the seats people played here. */
static void review(TextGame *t, int practise)
{
    Session *s = t->s;
    if (!s->outcome.over) {
        fputs("the game goes on: review it once it is over\n", t->io.out);
        return;
    }
    fflush(t->io.out);
    cli_text_review_played(&s->g, cli_own_seats(s), practise, t->io.in, t->io.out);
    fputs("back to the game, which is over; type 'review', 'practise', 'undo', 'save FILE' or "
          "'quit'\n",
          t->io.out);
}

/* 'quiet on' and 'quiet off': the board after each move, or not. */
static void quiet(TextGame *t, const char *arg)
{
    cli_text_quiet(&t->io, &t->quiet, arg, "after each move");
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
        if (t->s->outcome.over)
            fputs("the game is over: no moves\n", t->io.out);
        else
            cli_say_moves(&t->io, &t->s->g.pos);
    } else if (strcmp(cmd, "pieces") == 0) {
        cli_say_pieces(&t->io, &t->s->g.pos);
    } else if (strcmp(cmd, "board") == 0) {
        show_turn(t, 1);
    } else if (strcmp(cmd, "hint") == 0) {
        hint(t);
    } else if (strcmp(cmd, "undo") == 0) {
        ask_undo(t);
    } else if (strcmp(cmd, "resign") == 0) {
        resign(t);
    } else if (strcmp(cmd, "draw") == 0) {
        ask_offer(t);
    } else if (strcmp(cmd, "review") == 0 || strcmp(cmd, "practise") == 0 ||
               strcmp(cmd, "practice") == 0) {
        review(t, cmd[0] == 'p');
    } else if (strcmp(cmd, "clock") == 0 || strcmp(cmd, "clocks") == 0) {
        if (t->s->setup.time_base_ms <= 0)
            fputs("this game has no clocks\n", t->io.out);
        else
            show_clocks(t);
    } else if (strncmp(cmd, "confirm", 7) == 0 && (cmd[7] == ' ' || cmd[7] == '\0')) {
        confirm(t, cli_text_trim(cmd + 7));
    } else if (cli_look(&t->io, t->s, cmd)) {
        /* said */
    } else if (strcmp(cmd, "now") == 0) {
        if (!session_move_now(t->s))
            fputs("no engine is thinking\n", t->io.out);
    } else if (strncmp(cmd, "quiet", 5) == 0 && (cmd[5] == ' ' || cmd[5] == '\0')) {
        quiet(t, cli_text_trim(cmd + 5));
    } else if (strncmp(cmd, "save", 4) == 0 &&
               (cmd[4] == ' ' || cmd[4] == '\0' || (cmd[4] == '!' && (cmd[5] == ' ' || !cmd[5])))) {
        int replace = cmd[4] == '!';
        char *path = cli_text_trim(cmd + 4 + replace);
        if (path[0] == '\0')
            fputs(replace ? "usage: save! FILE\n" : "usage: save FILE\n", t->io.out);
        else
            save(t, path, replace);
    } else {
        try_move(t, cmd);
    }
    return 0;
}

/* Says that the input has ended. Where the game is kept is said by the program as it ends, as
 * after 'quit'. */
static void input_ended(TextGame *t)
{
    say(t, "End of the input.");
}

/* Says what became of the autosave since it was last said: that it failed and why (once, until
 * it works again), that it works again, and the session's notice (where the game is saved when
 * another camelot plays in the same data directory; an old autosave kept aside). */
static void save_news(TextGame *t)
{
    Session *s = t->s;
    char shown[CLI_SHOWN_MAX];
    if (s->save_error[0] && !t->save_failed) {
        say(t, "Autosave failed: %s. The game goes on, and the autosave is tried again.",
            cli_shown(s->save_error, shown, sizeof shown));
        t->save_failed = 1;
    } else if (!s->save_error[0] && t->save_failed) {
        say(t, "The game is saved again.");
        t->save_failed = 0;
    }
    if (s->notice[0]) {
        say(t, "%s", cli_shown(s->notice, shown, sizeof shown));
        s->notice[0] = '\0';
    }
}

/* Waits up to 'ms' for a line on a terminal. Returns 1 when there is one (or the end of the
 * input) to read. */
static int input_ready(TextGame *t, int ms)
{
    struct pollfd p = {fileno(t->io.in), POLLIN, 0};
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
            save_news(t);
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
        if (!t->io.tty) {
            engine_thread_wait(s->env.engine, ENGINE_WAIT_MS);
            continue;
        }
        if (thinking_told != s->g.n) {
            thinking_told = s->g.n;
            say(t, "%s is thinking...", s->v->seat[seat].name);
            fflush(t->io.out);
        }
        if (input_ready(t, ENGINE_WAIT_MS)) {
            char *cmd = cli_text_line(&t->io);
            if (cmd == NULL)
                input_ended(t);
            if (cmd == NULL || command(t, cmd))
                return 0;
        }
    }
    return 1;
}

int cli_text_play(Session *s, const char *note, int quiet, FILE *in, FILE *out)
{
    TextGame t;

    /* Each line goes out as it is told, to a pipe or a file too, where the C library would
     * hold it back in blocks: a game the engines play alone is followed as it goes. */
    setvbuf(out, NULL, _IOLBF, BUFSIZ);
    memset(&t, 0, sizeof t);
    t.s = s;
    cli_text_init(&t.io, in, out);
    t.quiet = quiet;
    t.confirm = 1;
    t.told = s->g.n;
    fprintf(out, "%s. Type a move such as E6-E8, or 'help'.\n", s->v->title);
    if (note != NULL && note[0])
        say(&t, "%s", note);
    if (s->notice[0]) {
        say(&t, "%s", s->notice);
        s->notice[0] = '\0';
    }
    show_turn(&t, 1);
    for (;;) {
        if (!engines_play(&t))
            break;
        if (session_tick(s, clock_ms()) & SESSION_EV_MOVED)
            t.fresh = 1;
        save_news(&t);
        if (t.fresh)
            show_turn(&t, !t.quiet && !s->outcome.over);
        if (s->outcome.over)
            fputs("> ", out);
        else
            fprintf(out, "%c> ", s->v->seat[s->g.pos.to_move].letter);
        fflush(out);
        char *cmd = cli_text_line(&t.io);
        if (cmd == NULL) {
            input_ended(&t);
            break;
        }
        /* A person's clock may have run out while they typed: the game is over before the
         * line is done (a move is then refused). */
        if (session_tick(s, clock_ms()) & SESSION_EV_MOVED)
            show_turn(&t, 0);
        if (command(&t, cmd))
            break;
    }
    cli_text_free(&t.io);
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
    int rc = cli_text_play(s, NULL, 0, in, out);
    session_free(s);
    free(s);
    return rc;
}
