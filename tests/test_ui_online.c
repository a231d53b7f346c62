/* The screen of 'camelot online' driven key by key without a terminal, against a server the
 * test runs on a socket of its own, with another player who speaks the protocol by hand: the
 * lobby, the new-game form making a rated game with an invitation, the game on the board
 * (moves, no hints when rated, chat on the line and on Enter of an empty ':' line, an offer put
 * as a question, the other player gone and back, the result with the ratings, a rematch), a
 * game of four seats turned to this player's side, and a game watched.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "camelot/movegen.h"
#include "camelot/notation.h"
#include "session/clock.h"
#include "session/remote.h"
#include "testutil.h"
#include "tu_server.h"
#include "tu_session.h"
#include "ui/ui_int.h"

typedef struct Fix {
    char dir[64], sock[100];
    pid_t server;
    Remote *r;
    Lobby l;
    Session s;
    Ui ui;
    TuRaw bob;
} Fix;

static int setup(void **state)
{
    Fix *f = calloc(1, sizeof *f);
    assert_non_null(f);
    tu_temp_dir(f->dir, sizeof f->dir);
    f->server = tu_server_start(f->dir, f->sock, sizeof f->sock);
    NetAddr addr;
    CmError err;
    memset(&addr, 0, sizeof addr);
    snprintf(addr.path, sizeof addr.path, "%s", f->sock);
    assert_int_equal(remote_open(&addr, tu_catalog(), &f->r, &err), CM_OK);
    assert_int_equal(lobby_open_on(&f->l, f->r, tu_catalog()), CM_OK);
    SessionEnv env = {tu_catalog(), NULL, NULL};
    session_init(&f->s, &env);
    UiOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.ascii = 1;
    opt.highlight = 1;
    assert_int_equal(ui_init_online(&f->ui, &f->s, &f->l, &opt), CM_OK);
    ui_resize(&f->ui, 24, 80);
    tu_raw_open(&f->bob, f->sock, "bob");
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fix *f = *state;
    ui_free(&f->ui);
    session_free(&f->s);
    lobby_free(&f->l);
    remote_close(f->r);
    tu_raw_close(&f->bob);
    tu_server_stop(f->server);
    tu_remove_tree(f->dir);
    free(f);
    return 0;
}

static void pump(Fix *f)
{
    ui_tick(&f->ui, clock_ms());
    tu_raw_pump(&f->bob);
    poll(NULL, 0, 10);
}

static unsigned press(Fix *f, int key)
{
    return ui_handle_key(&f->ui, key, clock_ms());
}

static void type(Fix *f, const char *text)
{
    for (; *text; text++)
        press(f, (unsigned char)*text);
}

/* Everything the screen says but the board: the title, the teaching line, the message, the
 * keys, the panel or the lobby's lines, and the game-over box, in one text. */
static const char *screen_text(Fix *f)
{
    static char text[16384];
    UiLine lines[200];
    int items[200];
    char buf[UI_MSG_MAX + UI_LINE_MAX];
    size_t len = 0;
    int n;
    Ui *ui = &f->ui;
    char keys[UI_KEYS_MAX];
    text[0] = '\0';
    if (ui->mode == UI_MODE_LOBBY) {
        ui_lobby_title(ui, buf, sizeof buf);
        len += (size_t)snprintf(text + len, sizeof text - len, "%s\n", buf);
        n = ui_lobby_lines(ui, clock_ms(), 80, 20, lines, items);
    } else if (ui->mode == UI_MODE_NEWGAME) {
        n = ui_form_lines(ui, lines, 200);
    } else {
        ui_title_text(ui, buf, sizeof buf);
        len += (size_t)snprintf(text + len, sizeof text - len, "%s\n", buf);
        ui_status_text(ui, buf, sizeof buf);
        len += (size_t)snprintf(text + len, sizeof text - len, "%s\n", buf);
        n = ui_panel_lines(ui, clock_ms(), 35, lines, 200);
        if (ui->mode == UI_MODE_OVER) {
            int k = ui_over_lines(ui, lines + n, 200 - n);
            n += k;
        }
    }
    for (int i = 0; i < n && len < sizeof text; i++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%s\n", lines[i].text);
    if (len < sizeof text)
        len += (size_t)snprintf(text + len, sizeof text - len, "%s\n%s\n", ui->msg,
                                ui_keys_text(ui, keys, sizeof keys));
    return text;
}

static int shows(Fix *f, const char *part)
{
    return strstr(screen_text(f), part) != NULL;
}

/* Pumps until 'cond' holds, failing the test after a generous while. */
#define WAIT_FOR(f, cond, what)                                                                    \
    do {                                                                                           \
        uint64_t until_ = clock_ms() + 20000u * (uint64_t)tu_time_factor();                        \
        while (!(cond) && clock_ms() < until_)                                                     \
            pump(f);                                                                               \
        if (!(cond))                                                                               \
            fail_msg("waited in vain for %s; the screen says:\n%s", what, screen_text(f));         \
    } while (0)

/* The number of the game this screen plays. */
/* How many times 'r' has heard 'text'. */
static int heard_times(const TuRaw *r, const char *text)
{
    int n = 0;
    for (const char *p = strstr(r->in, text); p != NULL; p = strstr(p + 1, text))
        n++;
    return n;
}

/* Reads both connections, and not the screen's, until 'r' has heard 'text' 'times' times (for
 * 30 s at most: the sanitizers and a loaded machine). */
static void raw_wait(TuRaw *r, TuRaw *other, const char *text, int times)
{
    for (int i = 0; i < 3000 && heard_times(r, text) < times; i++) {
        tu_raw_pump(r);
        tu_raw_pump(other);
        poll(NULL, 0, 10);
    }
    assert_true(heard_times(r, text) >= times);
}

static int64_t game_id(Fix *f)
{
    return f->s.net_game;
}

static void test_ui_online_a_game_from_the_lobby(void **state)
{
    Fix *f = *state;
    Ui *ui = &f->ui;
    char line[CM_MOVE_TEXT_MAX + 64];

    /* The lobby, its list come: no game yet. */
    WAIT_FOR(f, f->l.variants_got && f->l.games_at != 0 && !f->l.games_asked, "the lobby");
    assert_int_equal(ui->mode, UI_MODE_LOBBY);
    assert_true(shows(f, "Your games"));
    assert_true(shows(f, "none: n makes a game"));

    /* The form: Camette, Black invited by name, rated. */
    press(f, 'n');
    assert_int_equal(ui->mode, UI_MODE_NEWGAME);
    assert_true(ui->form.online);
    for (int i = 0; i < 20 && strcmp(ui->form.v->name, "camette") != 0; i++)
        press(f, UI_KEY_RIGHT);
    assert_string_equal(ui->form.v->name, "camette");
    press(f, UI_KEY_DOWN);
    press(f, UI_KEY_DOWN);
    press(f, UI_KEY_RIGHT); /* open -> a named player */
    type(f, "bob");
    assert_true(shows(f, "invite: bob_"));
    press(f, UI_KEY_DOWN);
    press(f, UI_KEY_DOWN);
    press(f, UI_KEY_RIGHT); /* rated */
    assert_true(shows(f, "Rated      < yes >"));
    press(f, UI_KEY_ENTER);

    /* Made: the game is on the board, waiting for bob, who is invited and joins. */
    WAIT_FOR(f, ui->at_table && ui->mode == UI_MODE_PLAY, "the game made");
    assert_true(shows(f, "Waiting for players: Black waits for @bob"));
    snprintf(line, sizeof line, "invite %lld %s camette", (long long)game_id(f), f->l.me);
    WAIT_FOR(f, tu_raw_heard(&f->bob, line), "bob's invitation");
    tu_raw_send(&f->bob, "join %lld", (long long)game_id(f));
    WAIT_FOR(f, shows(f, "Every seat is taken: the game begins."), "the game to begin");
    assert_true(shows(f, "bob"));

    /* No hint in a rated game, and no engine's line in the panel. */
    press(f, 'H');
    assert_string_equal(ui->msg, "No hints in a rated game.");

    /* A typed move reaches bob. */
    char text[CM_MOVE_TEXT_MAX];
    cm_move_str(&f->s.g.pos, &ui->legal[0], text, sizeof text);
    press(f, ':');
    type(f, text);
    press(f, UI_KEY_ENTER);
    /* A chat line opened while the move waits for the server stays open when it comes. */
    press(f, 'c');
    snprintf(line, sizeof line, " move 0 %s ", text);
    WAIT_FOR(f, tu_raw_heard(&f->bob, line), "bob to hear the move");
    LobbyTable t;
    WAIT_FOR(f, lobby_table(&f->l, &f->s, clock_ms(), &t) == 0 && !t.pending,
             "the server to answer the move");
    for (int i = 0; i < 5; i++)
        pump(f);
    assert_int_equal(ui->mode, UI_MODE_LINE);
    assert_true(ui->line_chat);
    press(f, UI_KEY_ESC);
    WAIT_FOR(f, shows(f, "Black (bob) to move."), "bob's turn");

    /* Chat: bob's line is shown as it comes and stays in the panel; this player's goes out
     * from the chat line, opened by c or by Enter on an empty ':' line. */
    tu_raw_send(&f->bob, "say %lld hi there", (long long)game_id(f));
    WAIT_FOR(f, strcmp(ui->msg, "bob: hi there") == 0, "bob's chat");
    assert_true(shows(f, "Chat (c)\nbob: hi there\n"));
    press(f, ':');
    press(f, UI_KEY_ENTER);
    assert_int_equal(ui->mode, UI_MODE_LINE);
    assert_true(ui->line_chat);
    type(f, "good luck: you too");
    assert_true(shows(f, "Say (Enter sends, Esc cancels): good luck: you too"));
    press(f, UI_KEY_ENTER);
    assert_int_equal(ui->mode, UI_MODE_PLAY);
    snprintf(line, sizeof line, "chat %s good luck: you too", f->l.me);
    WAIT_FOR(f, tu_raw_heard(&f->bob, line), "bob to hear the chat");
    press(f, 'c');
    assert_true(ui->line_chat);
    press(f, UI_KEY_ESC);
    assert_int_equal(ui->mode, UI_MODE_PLAY);

    /* bob offers a draw: the question is put; n declines it. */
    tu_raw_send(&f->bob, "draw %lld", (long long)game_id(f));
    WAIT_FOR(f, ui->mode == UI_MODE_ASK && ui->ask == UI_ASK_OFFER, "the question");
    assert_true(shows(f, "Black (bob) offers a draw. Do you accept? (y/n)"));
    press(f, 'n');
    WAIT_FOR(f, strstr(ui->msg, "White (you) declines.") != NULL, "the answer told");
    assert_int_equal(ui->mode, UI_MODE_PLAY);

    /* An offer and its answer that the screen reads together are told both: bob offers a
     * draw and White's player, on a second connection, declines it while the screen is not
     * looking (it told nothing: the offer under way was none before and after). */
    TuRaw alice2;
    tu_raw_open(&alice2, f->sock, remote_name(f->r));
    snprintf(line, sizeof line, "ok open %lld", (long long)game_id(f));
    tu_raw_send(&alice2, "open %lld", (long long)game_id(f));
    raw_wait(&alice2, &f->bob, line, 1);
    /* Both connections have heard the first offer and its answer: these wait for more. */
    int offers = heard_times(&alice2, "offer draw B"),
        answers = heard_times(&f->bob, "answer W no");
    tu_raw_send(&f->bob, "draw %lld", (long long)game_id(f));
    raw_wait(&alice2, &f->bob, "offer draw B", offers + 1);
    tu_raw_send(&alice2, "answer %lld no", (long long)game_id(f));
    raw_wait(&f->bob, &alice2, "answer W no", answers + 1);
    WAIT_FOR(f, strstr(ui->msg, "Black (bob) offered a draw, and White (you) declined.") != NULL,
             "the offer and its answer told together");
    assert_int_equal(ui->mode, UI_MODE_PLAY);
    tu_raw_close(&alice2);

    /* bob's connection goes, and he comes back. */
    tu_raw_close(&f->bob);
    WAIT_FOR(f, strcmp(ui->msg, "Black (bob) has lost the connection to the game.") == 0,
             "bob seen gone");
    assert_true(shows(f, "away"));
    /* In this game of no clock the panel still counts the seconds he is away: each second
     * draws it again. */
    uint64_t t0 = clock_ms();
    ui_tick(ui, t0);
    assert_true(ui_tick(ui, t0 + 1001) & UI_DRAW_PANEL);
    assert_false(ui_tick(ui, t0 + 1001) & UI_DRAW_PANEL);
    assert_true(ui_tick(ui, t0 + 2002) & UI_DRAW_PANEL);
    /* The wait before a claim grows with the clock: in this game of none, three times the 40 s
     * of a short clock. Just before it the teaching line says only how long he is gone; after
     * it, that C claims; the server, whose two minutes have not passed, refuses, and the
     * screen says why. */
    char st[400];
    ui->now = clock_ms() + 119000;
    ui_status_text(ui, st, sizeof st);
    tu_assert_contains(st, "Black (bob) to move, and gone for 119 s.");
    ui->now = clock_ms() + 121000;
    ui_status_text(ui, st, sizeof st);
    tu_assert_contains(st, "Black (bob) has been gone 121 s: C claims the game.");
    press(f, 'C');
    assert_string_equal(ui->msg, "You claim the game: the server decides.");
    WAIT_FOR(f, strstr(ui->msg, "The server refused") != NULL, "the claim refused");
    tu_raw_open(&f->bob, f->sock, "bob");
    tu_raw_send(&f->bob, "open %lld", (long long)game_id(f));
    WAIT_FOR(f, strcmp(ui->msg, "Black (bob) is back.") == 0, "bob seen back");

    /* bob moves (a rated game that ends before every seat has moved rates nobody), then
     * resigns: the result for each player, with the ratings it changed. */
    CmMoveList replies;
    assert_true(cm_movegen_all(&f->s.g.pos, &replies) > 0);
    cm_move_str(&f->s.g.pos, &replies.m[0], text, sizeof text);
    tu_raw_send(&f->bob, "move %lld 1 b1 %s 300", (long long)game_id(f), text);
    WAIT_FOR(f, f->s.g.n == 2, "bob's move");
    tu_raw_send(&f->bob, "resign %lld", (long long)game_id(f));
    WAIT_FOR(f, ui->mode == UI_MODE_OVER && shows(f, "1500 -> "), "the end and the ratings");
    assert_true(shows(f, "won"));
    assert_true(shows(f, "lost"));
    assert_true(shows(f, "m    rematch, the seats turned round"));
    /* The box of this short game, with its ratings, stays above the message and key lines,
     * and so does a box of any height that fits above them. */
    UiLine box[64];
    int w, h, y, x;
    ui_over_box(ui, box, 64, &y, &x, &w, &h);
    UiFoot foot;
    ui_foot(ui, &foot);
    for (int tall = 3; tall <= foot.top; tall++) {
        ui_box_place(ui, w, tall, &y, &x);
        if (y < 0 || y + tall > foot.top)
            fail_msg("a box of %d rows at row %d runs into the foot at row %d", tall, y, foot.top);
    }
    ui_over_box(ui, box, 64, &y, &x, &w, &h);
    assert_true(y >= 0 && y + h <= foot.top);

    /* The move review of a game of the server offers no analysis board (it is for a game of
     * this screen). */
    press(f, 'v');
    assert_int_equal(ui->mode, UI_MODE_REVIEW);
    char keyline[UI_KEYS_MAX];
    ui_keys_text(ui, keyline, sizeof keyline);
    tu_assert_contains(keyline, "Esc back");
    assert_null(strstr(keyline, "A analysis"));
    press(f, UI_KEY_ESC);
    assert_int_equal(ui->mode, UI_MODE_OVER);

    /* A public server's session for a key runs on the server's host, as its account: x
     * writes nothing there. Elsewhere x asks for the path. */
    ui->opt.no_files = 1;
    press(f, 'x');
    assert_int_equal(ui->mode, UI_MODE_OVER);
    assert_string_equal(ui->msg,
                        "No export here: this session runs on the server's machine, not yours.");
    ui->opt.no_files = 0;
    /* Nor does a guest's, which runs on the host as the guests' account. */
    char me[sizeof f->l.me];
    snprintf(me, sizeof me, "%s", f->l.me);
    snprintf(f->l.me, sizeof f->l.me, "guest-ab12c");
    ui->msg[0] = '\0';
    press(f, 'x');
    assert_int_equal(ui->mode, UI_MODE_OVER);
    tu_assert_contains(ui->msg, "No export here");
    snprintf(f->l.me, sizeof f->l.me, "%s", me);
    press(f, 'x');
    assert_int_equal(ui->mode, UI_MODE_LINE);
    assert_true(ui->line_export);
    press(f, UI_KEY_ESC);
    assert_int_equal(ui->mode, UI_MODE_OVER);

    /* The rematch: the seats turned round, bob invited. */
    press(f, 'm');
    snprintf(line, sizeof line, "invite %lld %s camette", (long long)game_id(f) + 1, f->l.me);
    WAIT_FOR(f, tu_raw_heard(&f->bob, line), "bob's invitation to the rematch");
    WAIT_FOR(f, game_id(f) != 0 && shows(f, "Waiting for players: White waits for @bob"),
             "the rematch on the board");

    /* q: the lobby, where the game is one of the player's; d gives its seat back, and the
     * game, left by everyone, is given up. */
    int64_t rematch = game_id(f);
    press(f, 'q');
    assert_int_equal(ui->mode, UI_MODE_LOBBY);
    assert_null(remote_game(f->r, rematch)); /* not going on: let go */
    WAIT_FOR(f, shows(f, "waiting, 1/2 seats"), "the game in the lobby");
    press(f, 'd');
    WAIT_FOR(f, shows(f, "none: n makes a game"), "the game given up");

    /* q in the lobby asks first (a q too many after a game would leave the server): any key
     * but y stays; y, or Ctrl-C at any time, leaves. */
    assert_false(press(f, 'q') & UI_QUIT);
    tu_assert_contains(ui->msg, "Leave the server? y leaves");
    char bar_q[UI_KEYS_MAX];
    tu_assert_contains(ui_keys_text(ui, bar_q, sizeof bar_q), "y leave the server");
    assert_false(press(f, 'q') & UI_QUIT);
    tu_assert_contains(ui->msg, "You stay in the lobby.");
    assert_false(press(f, 'q') & UI_QUIT);
    assert_true(press(f, 'y') & UI_QUIT);
    assert_false(ui->lobby_quit);
    assert_true(press(f, UI_CTRL('c')) & UI_QUIT);

    /* The ratings of Camette: both players, after the rated game. */
    press(f, 'g');
    assert_true(shows(f, "Ratings of camelot")); /* no game picked: Camelot's */
    for (int i = 0; i < 20 && !shows(f, "Ratings of camette"); i++)
        press(f, UI_KEY_RIGHT);
    WAIT_FOR(f, shows(f, "Ratings of camette") && shows(f, " bob "), "the ratings table");
    assert_true(shows(f, f->l.me));
    /* A player picked in it, and their page opened; Esc goes back to the games. */
    assert_true(shows(f, " >   1. "));
    press(f, UI_KEY_DOWN);
    assert_true(shows(f, " >   2. "));
    press(f, UI_KEY_ENTER);
    assert_int_equal(ui->lobby_view, UI_LOBBY_PROFILE);
    press(f, UI_KEY_ESC);
    assert_true(shows(f, "Your games"));
}

static void test_ui_online_four_seats_and_watching(void **state)
{
    Fix *f = *state;
    Ui *ui = &f->ui;
    WAIT_FOR(f, f->l.variants_got && f->l.games_at != 0 && !f->l.games_asked, "the lobby");

    /* bob's game of Grand Cam: the free seat taken is Green's, whose side is the top of the
     * board, and this screen turns it to the bottom. */
    tu_raw_send(&f->bob, "create grand-cam none casual R=me G=open B=engine:1 Y=engine:1");
    WAIT_FOR(f, tu_raw_heard(&f->bob, "ok create"), "bob's game made");
    press(f, 'r');
    WAIT_FOR(f, shows(f, "grand-cam"), "bob's game in the lobby");
    assert_true(shows(f, "Open games: a seat is free\n>"));
    press(f, UI_KEY_ENTER);
    WAIT_FOR(f, ui->at_table, "the seat taken");
    assert_int_equal(ui->lay.turn, 2);
    assert_true(session_seat_human(&f->s, 1));
    /* f still turns it a quarter at a time. */
    press(f, 'f');
    assert_int_equal(ui->lay.turn, 3);
    /* A draw offered at move 1: an engine of the server declines it, and says why as the rule
     * it follows has it (its score stays on the server). */
    press(f, 'D');
    WAIT_FOR(f,
             strstr(ui->msg, "(engine 1) declines: too early, an engine agrees only after move "
                             "10.") != NULL,
             "the engine's no, and why");

    /* A game of bob's against the engine, watched from the lobby: read-only, with the
     * chat of those watching. The game of four goes on, followed, while the lobby shows. */
    press(f, 'q');
    assert_non_null(remote_game(f->r, 1));
    tu_raw_send(&f->bob, "create camette none casual W=me B=engine:1");
    WAIT_FOR(f, tu_raw_heard(&f->bob, "ok create 2"), "bob's second game");
    press(f, 'r');
    WAIT_FOR(f, shows(f, "camette"), "the game to watch");
    /* The mouse: a click on its line picks it, a second click opens it. */
    UiLine lines[40];
    int items[40], row = -1;
    int n = ui_lobby_lines(ui, clock_ms(), 80, 20, lines, items);
    for (int i = 0; i < n; i++)
        if (strstr(lines[i].text, "camette") != NULL)
            row = i;
    assert_true(row >= 0);
    assert_int_equal(ui_handle_click(ui, UI_LOBBY_TOP + row, 10, clock_ms()), UI_DRAW_ALL);
    assert_true(shows(f, "Games going on, to watch\n>"));
    assert_int_equal(ui_handle_click(ui, UI_LOBBY_TOP, 10, clock_ms()), 0); /* a heading */
    ui_handle_click(ui, UI_LOBBY_TOP + row, 10, clock_ms());
    WAIT_FOR(f, ui->at_table && shows(f, "watching"), "the game watched");
    assert_int_equal(f->s.net_game, 2);
    press(f, UI_KEY_ENTER);
    assert_true(shows(f, "You are watching this game"));
    press(f, 'c');
    type(f, "hello");
    assert_true(shows(f, "Say to those watching"));
    press(f, UI_KEY_ENTER);
    char line[100];
    snprintf(line, sizeof line, "%s: hello", f->l.me);
    WAIT_FOR(f, shows(f, "Chat of those watching (c)") && strcmp(ui->msg, line) == 0,
             "the watchers' chat");
    /* bob resigns: the watcher's key line offers no rematch, which is for the players. */
    tu_raw_send(&f->bob, "resign 2");
    WAIT_FOR(f, ui->mode == UI_MODE_OVER, "the end of the game watched");
    char keys[UI_KEYS_MAX];
    const char *bar = ui_keys_text(ui, keys, sizeof keys);
    tu_assert_contains(bar, "a analyse");
    assert_null(strstr(bar, "rematch"));
    /* Back in the lobby, the game watched is let go. */
    press(f, 'q');
    assert_null(remote_game(f->r, 2));
}

/* ---- The lobby's rows, with no server ---------------------------------------------------- */

static int drop_request(void *ud, const char *line)
{
    (void)ud;
    (void)line;
    return 0;
}

/* A lobby, a session and a screen with no server: what the lobby sends goes to 'send'. */
typedef struct Offline {
    Lobby *l;
    Session *s;
    Ui *ui;
} Offline;

static void offline_open(Offline *o, const char *me, int (*send)(void *, const char *))
{
    o->l = malloc(sizeof *o->l);
    o->s = malloc(sizeof *o->s);
    o->ui = malloc(sizeof *o->ui);
    assert_true(o->l != NULL && o->s != NULL && o->ui != NULL);
    assert_int_equal(lobby_init(o->l, me, tu_catalog(), send, NULL), CM_OK);
    SessionEnv env = {tu_catalog(), NULL, NULL};
    session_init(o->s, &env);
    UiOptions opt;
    memset(&opt, 0, sizeof opt);
    assert_int_equal(ui_init_online(o->ui, o->s, o->l, &opt), CM_OK);
    ui_resize(o->ui, 24, 80);
}

static void offline_close(Offline *o)
{
    ui_free(o->ui);
    session_free(o->s);
    lobby_free(o->l);
    free(o->ui);
    free(o->s);
    free(o->l);
}

/* Columns of a line of UTF-8 whose characters each take one. */
static int columns(const char *text)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        n += (*p & 0xc0) != 0x80;
    return n;
}

static void hear_line(Lobby *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void hear_line(Lobby *l, const char *fmt, ...)
{
    char line[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    assert_int_equal(lobby_hear_line(l, line, strlen(line)), 1);
}

/* Names of 32 characters, four seats, a correspondence deadline and ratings: every row of the
 * lobby fits 80 columns with its state and time whole, the players cut with a mark, and the
 * game picked is whole on its detail line. */
static void test_ui_online_lobby_rows_fit_80_columns(void **state)
{
    (void)state;
    static const char *const names[4] = {
        "me_with_a_name_of_thirty_two_chr", "bob_with_a_name_of_thirty_two_ch",
        "cat_with_a_name_of_thirty_two_ch", "dan_with_a_name_of_thirty_two_ch"};
    for (int i = 0; i < 4; i++)
        assert_int_equal(strlen(names[i]), 32);
    Offline o;
    offline_open(&o, names[0], drop_request);
    Lobby *l = o.l;
    Ui *ui = o.ui;
    hear_line(l, "game 12 grand-camelot playing days:3 rated 5 R R=%s G=%s B=%s Y=%s", names[0],
              names[1], names[2], names[3]);
    hear_line(l, "game 13 camelot playing 600+5 rated 9 B W=%s B=%s", names[1], names[2]);
    hear_line(l,
              "game 14 four-handed-chivalry-solo waiting none casual 0 R R=%s G=open B=@%s "
              "Y=engine:5",
              names[1], names[0]);
    hear_line(l, "game 15 grand-camelot playing days:1 casual 6 G R=%s G=%s B=%s Y=%s", names[1],
              names[2], names[3], names[0]);
    hear_line(l, "ok games 4");
    CmError err;
    assert_int_equal(lobby_ask_ratings(l, "grand-camelot", &err), CM_OK);
    for (int i = 0; i < 4; i++)
        hear_line(l, "rating grand-camelot %s %d 80 12", names[i], 1600 - 37 * i);
    hear_line(l, "ok ratings 4");
    assert_int_equal(l->ngames, 4);
    uint64_t now = 1000000;
    l->utc_now = 1800000000;
    for (int i = 0; i < l->ngames; i++) {
        LobbyGame *g = &l->games[i];
        g->has_clock = 1;
        if (g->id == 12)
            g->deadline = l->utc_now + 2 * 86400 + 23 * 3600 + 59 * 60;
        if (g->id == 15)
            g->deadline = l->utc_now + 23 * 3600 + 59 * 60;
        if (g->id == 13) {
            g->clock_ms = 272000;
            g->clock_at = now;
        }
    }
    int order[LOBBY_GAMES_MAX];
    int n = lobby_order(l, order, LOBBY_GAMES_MAX);
    for (int i = 0; i < n; i++)
        if (l->games[order[i]].id == 12)
            ui->lobby_pick = i;

    UiLine lines[40];
    int items[40];
    int k = ui_lobby_lines(ui, now, 80, 20, lines, items);
    int mine = 0, watched = 0, invited = 0, other = 0, days = 0, live = 0;
    char detail[2 * sizeof lines[0].text] = "";
    for (int i = 0; i < k; i++) {
        if (columns(lines[i].text) > 80)
            fail_msg("a row of %d columns: '%s'", columns(lines[i].text), lines[i].text);
        mine |= strstr(lines[i].text, "YOUR MOVE 2 days 23 h") != NULL;
        watched |= strstr(lines[i].text, "\u2026 to move 4:32") != NULL;
        invited |= strstr(lines[i].text, "you are invited") != NULL;
        /* No three letters of a name of 32 fit beside a deadline: the state and time stay. */
        other |= strstr(lines[i].text, "   15  to move 23 h 59 min") != NULL;
        /* The time controls in words, not as the protocol writes them. */
        days |= strstr(lines[i].text, " grand-camelot 3 days  rated ") != NULL;
        live |= strstr(lines[i].text, " camelot       10+5    rated ") != NULL;
        if (strstr(lines[i].text, "days:") != NULL || strstr(lines[i].text, "600+5") != NULL)
            fail_msg("a time control as the protocol writes it: '%s'", lines[i].text);
        /* The detail lines, joined by a space. */
        size_t have = strlen(detail), add = strlen(lines[i].text);
        int first = items[i] < 0 && strncmp(lines[i].text, "Game 12", 7) == 0;
        if ((first || (items[i] < 0 && have > 0)) && have + add + 2 < sizeof detail) {
            if (have > 0)
                detail[have++] = ' ';
            memcpy(detail + have, lines[i].text, add + 1);
        }
    }
    assert_true(mine);
    assert_true(watched);
    assert_true(invited);
    assert_true(other);
    assert_true(days);
    assert_true(live);
    /* The rows cut the players with a mark; the detail line has them all, with ratings. */
    for (int i = 0; i < 4; i++) {
        char want[64];
        snprintf(want, sizeof want, "%s (%d)", names[i], 1600 - 37 * i);
        tu_assert_contains(detail, want);
    }
    tu_assert_contains(detail, "grand-camelot, 3 days a move, rated: YOUR MOVE 2 days 23 h;");
    offline_close(&o);
}

/* The last line a lobby without a server was asked to send. */
static char last_sent[512];
static int keep_request(void *ud, const char *line)
{
    (void)ud;
    snprintf(last_sent, sizeof last_sent, "%s", line);
    return 0;
}

static void keys_to(Ui *ui, const char *text)
{
    for (const char *p = text; *p; p++)
        ui_handle_key(ui, (unsigned char)*p, 1000);
}

/* The form of a game on a server: a clock of one's own typed in its field (minutes+seconds or
 * days), a bad one refused with words and nothing sent; the form opened again is as the last
 * game was made with. */
static void test_ui_online_form_typed_clock_and_remembered(void **state)
{
    (void)state;
    Offline o;
    offline_open(&o, "alice", keep_request);
    Ui *ui = o.ui;
    UiLine lines[40];

    ui_handle_key(ui, 'n', 1000);
    assert_int_equal(ui->mode, UI_MODE_NEWGAME);
    UiForm *f = &ui->form;
    assert_string_equal(f->v->name, "camelot");
    int clocks = f->v->nseats + 1;
    while (f->field != clocks)
        ui_handle_key(ui, UI_KEY_DOWN, 1000);
    keys_to(ui, "14d");
    assert_int_equal(f->net.days, 14);
    assert_int_equal(f->net.base_ms, 0);
    assert_string_equal(f->error, "");
    /* Backspace takes the typing back; minutes+seconds. */
    for (int i = 0; i < 3; i++)
        ui_handle_key(ui, UI_KEY_BACKSPACE, 1000);
    keys_to(ui, "7+3");
    assert_int_equal(f->net.days, 0);
    assert_int_equal(f->net.base_ms, 420000);
    assert_int_equal(f->net.inc_ms, 3000);
    int n = ui_form_lines(ui, lines, 40), shown = 0;
    for (int i = 0; i < n; i++)
        shown |= strstr(lines[i].text, "Clocks     < 7+3_ = 7 min + 3 s a move >") != NULL;
    assert_true(shown);
    /* More than the server takes (sixty days at most): said, and nothing is sent. */
    for (int i = 0; i < 3; i++)
        ui_handle_key(ui, UI_KEY_BACKSPACE, 1000);
    keys_to(ui, "61d");
    assert_true(strstr(f->error, "days a move") != NULL);
    last_sent[0] = '\0';
    ui_handle_key(ui, UI_KEY_ENTER, 1000);
    assert_int_equal(ui->mode, UI_MODE_NEWGAME);
    assert_string_equal(last_sent, "");
    /* Right steps the list again, the typing forgotten; then a typed clock, rated, made. */
    ui_handle_key(ui, UI_KEY_RIGHT, 1000);
    assert_string_equal(f->clock_text, "");
    assert_string_equal(f->error, "");
    keys_to(ui, "2+1");
    ui_handle_key(ui, UI_KEY_DOWN, 1000);
    ui_handle_key(ui, UI_KEY_RIGHT, 1000);
    assert_true(f->net.rated);
    ui_handle_key(ui, UI_KEY_ENTER, 1000);
    assert_int_equal(ui->mode, UI_MODE_LOBBY);
    assert_string_equal(last_sent, "create camelot 120+1 rated W=me B=open");
    /* Opened again: as it was made. */
    ui_handle_key(ui, 'n', 1000);
    assert_int_equal(ui->mode, UI_MODE_NEWGAME);
    assert_int_equal(f->field, 0);
    assert_int_equal(f->net.base_ms, 120000);
    assert_int_equal(f->net.inc_ms, 1000);
    assert_true(f->net.rated);
    ui_handle_key(ui, UI_KEY_ENTER, 1000);
    assert_string_equal(last_sent, "create camelot 120+1 rated W=me B=open");

    offline_close(&o);
}

/* A seat chosen in the lobby by its letter: that seat is asked for, a seat taken is refused
 * with words and nothing sent; Enter takes the first free one and says a letter takes
 * another. */
static void test_ui_online_lobby_seat_by_letter(void **state)
{
    (void)state;
    Offline o;
    offline_open(&o, "alice", keep_request);
    Ui *ui = o.ui;
    hear_line(o.l, "game 14 grand-cam waiting none casual 0 R R=bob G=open B=open Y=engine:5");
    hear_line(o.l, "ok games 1");
    ui->lobby_pick = 0;

    last_sent[0] = '\0';
    ui_handle_key(ui, 'B', 1000);
    assert_string_equal(last_sent, "join 14 B");
    assert_string_equal(ui->msg, "Taking Blue in game 14...");
    last_sent[0] = '\0';
    ui_handle_key(ui, 'Y', 1000);
    assert_string_equal(last_sent, "");
    assert_string_equal(ui->msg, "Yellow is not free in game 14.");
    /* A letter that is no seat of the game means nothing. */
    ui_handle_key(ui, 'W', 1000);
    assert_string_equal(last_sent, "");
    ui_handle_key(ui, UI_KEY_ENTER, 1000);
    assert_string_equal(last_sent, "join 14");
    assert_string_equal(ui->msg,
                        "Taking the first free seat in game 14 (a letter takes another: G B)...");

    offline_close(&o);
}

/* Every line of the lobby's page, each no wider than 80 columns, in one text. */
static const char *page_text(Ui *ui)
{
    static char text[8192];
    UiLine lines[40];
    int items[40];
    size_t len = 0;
    text[0] = '\0';
    int n = ui_lobby_lines(ui, 1000, 80, 20, lines, items);
    for (int i = 0; i < n; i++) {
        if (columns(lines[i].text) > 80)
            fail_msg("a row of %d columns: '%s'", columns(lines[i].text), lines[i].text);
        len += (size_t)snprintf(text + len, sizeof text - len, "%s\n", lines[i].text);
    }
    return text;
}

#define KEY_A "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
#define KEY_B "SHA256:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"

/* The page of keys: K asks for them and lists them, the key of this session marked; n asks
 * for a code and the page says how to use it; d once warns, twice removes the key picked and
 * asks for the list again; the last key is not removed; a refusal is said. */
static void test_ui_online_lobby_keys(void **state)
{
    (void)state;
    Offline o;
    offline_open(&o, "alice", keep_request);
    Ui *ui = o.ui;
    Lobby *l = o.l;
    char bar[UI_KEYS_MAX];
    last_sent[0] = '\0';
    ui_handle_key(ui, 'K', 1000);
    assert_string_equal(last_sent, "keys");
    tu_assert_contains(page_text(ui), "asking the server...");
    assert_string_equal(ui_keys_text(ui, bar, sizeof bar),
                        "Up/Down pick  n code to add a key  d remove  Esc games  ? help  q quit");
    hear_line(l, "pubkey %s 1796083200 this", KEY_A);
    hear_line(l, "pubkey %s 1796169600 -", KEY_B);
    hear_line(l, "ok keys 2");
    assert_int_equal(lobby_news(l) & LOBBY_EV_KEYS, LOBBY_EV_KEYS);
    const char *page = page_text(ui);
    tu_assert_contains(page, "> " KEY_A "  2026-12-01  this session\n");
    tu_assert_contains(page, "  " KEY_B "  2026-12-02\n");
    tu_assert_contains(page, "n makes a code that adds another key to you");

    /* A code, and what to do with it. */
    last_sent[0] = '\0';
    ui_handle_key(ui, 'n', 1000);
    assert_string_equal(last_sent, "keycode");
    hear_line(l, "ok keycode k7p2qx9a 10");
    ui_tick(ui, 2000);
    assert_string_equal(ui->msg, "Code k7p2qx9a: type it in the first session of your other key.");
    page = page_text(ui);
    tu_assert_contains(page, "Code k7p2qx9a, good once for 10 more minutes");
    tu_assert_contains(page, "type: code k7p2qx9a");

    /* d twice on the key picked: a warning first, nothing sent; then the request. */
    ui_handle_key(ui, UI_KEY_DOWN, 1000);
    tu_assert_contains(page_text(ui), "> " KEY_B);
    last_sent[0] = '\0';
    ui_handle_key(ui, 'd', 1000);
    assert_string_equal(last_sent, "");
    tu_assert_contains(ui->msg, "d again removes the key picked");
    assert_true(columns(ui->msg) <= 80);
    /* Another key in between: the warning is forgotten. */
    ui_handle_key(ui, UI_KEY_UP, 1000);
    ui_handle_key(ui, UI_KEY_DOWN, 1000);
    ui_handle_key(ui, 'd', 1000);
    assert_string_equal(last_sent, "");
    ui_handle_key(ui, 'd', 1000);
    assert_string_equal(last_sent, "dropkey " KEY_B);
    last_sent[0] = '\0';
    hear_line(l, "ok dropkey %s", KEY_B);
    assert_string_equal(last_sent, "keys");
    hear_line(l, "pubkey %s 1796083200 this", KEY_A);
    hear_line(l, "ok keys 1");
    ui_tick(ui, 3000);
    assert_string_equal(ui->msg, "The key " KEY_B " is yours no more.");
    page = page_text(ui);
    assert_null(strstr(page, KEY_B));
    assert_int_equal(ui->lobby_key, 0);
    /* The last key stays: nothing is sent for it. */
    last_sent[0] = '\0';
    ui_handle_key(ui, 'd', 1000);
    ui_handle_key(ui, 'd', 1000);
    assert_string_equal(last_sent, "");
    tu_assert_contains(ui->msg, "This is your only key");

    /* A refusal: a code, in the message; the list, on the page instead of the keys. */
    hear_line(l, "error keycode denied a guest has no keys: sign up with a key of your own");
    ui_tick(ui, 4000);
    assert_string_equal(ui->msg,
                        "The server refused: a guest has no keys: sign up with a key of your own");
    assert_true(columns(ui->msg) <= 80);
    hear_line(l, "error keys denied a guest has no keys: sign up with a key of your own");
    page = page_text(ui);
    tu_assert_contains(page, "  a guest has no keys");
    assert_null(strstr(page, KEY_A));
    assert_null(strstr(page, "n makes a code"));

    /* Esc goes back to the games; K again comes back to the keys. */
    ui_handle_key(ui, UI_KEY_ESC, 1000);
    assert_int_equal(ui->lobby_view, UI_LOBBY_GAMES);
    tu_assert_contains(ui_keys_text(ui, bar, sizeof bar), "K keys");
    ui_handle_key(ui, 'K', 1000);
    assert_int_equal(ui->lobby_view, UI_LOBBY_KEYS);
    ui_handle_key(ui, 'K', 1000);
    assert_int_equal(ui->lobby_view, UI_LOBBY_GAMES);
    offline_close(&o);
}

/* The history: games that ended while the player was away are listed on the games page until
 * Esc; h asks for the games over and lists them a row each, newest first; Right asks for the
 * page before the last game shown when more follow; Enter opens the game picked; a refusal is
 * said on the page. */
static void test_ui_online_lobby_history(void **state)
{
    (void)state;
    Offline o;
    offline_open(&o, "alice", keep_request);
    Ui *ui = o.ui;
    Lobby *l = o.l;
    char bar[UI_KEYS_MAX];
    hear_line(l, "ended 7 camelot 10+5 rated 1796083200 B abandoned W 1500 1442 W=alice B=bob");
    hear_line(l, "ended 5 grand-camelot 10+5 casual 1796083100 R+B resignation RB - - "
                 "R=alice G=engine:3 B=alice Y=carol");
    assert_int_equal(lobby_news(l) & LOBBY_EV_AWAY, LOBBY_EV_AWAY);
    const char *page = page_text(ui);
    tu_assert_contains(page, "While you were away (h: your history, Esc: hide this)\n"
                             "  game 7 against bob: you lost by claim; camelot rating 1500 -> "
                             "1442\n"
                             "  game 5 with engine 3, carol: you won by resignation "
                             "(grand-camelot, casual)\n"
                             "Your games\n");
    ui_handle_key(ui, UI_KEY_ESC, 1000);
    assert_null(strstr(page_text(ui), "While you were away"));
    tu_assert_contains(ui_keys_text(ui, bar, sizeof bar), "h history");
    assert_true(columns(ui_keys_text(ui, bar, sizeof bar)) <= 80);

    last_sent[0] = '\0';
    ui_handle_key(ui, 'h', 1000);
    assert_string_equal(last_sent, "history");
    assert_int_equal(ui->lobby_view, UI_LOBBY_HISTORY);
    tu_assert_contains(page_text(ui), "asking the server...");
    hear_line(l, "past 9 camette none casual 1796083300 draw agreement B - - W=carol B=alice");
    hear_line(l, "past 7 camelot 10+5 rated 1796083200 B abandoned W 1500 1442 W=alice B=bob");
    hear_line(l, "past 3 camette 5+0 casual 1796083000 - aborted W - - W=alice B=open");
    hear_line(l, "ok history 3 more");
    assert_int_equal(lobby_news(l) & LOBBY_EV_HISTORY, LOBBY_EV_HISTORY);
    page = page_text(ui);
    tu_assert_contains(page, "Your games over\n");
    tu_assert_contains(page, "  game   ended (UTC)      variant        you                    "
                             "      rating\n"
                             "> 9      2026-12-01 00:01 camette        drew by agreement, vs "
                             "carol  casual\n"
                             "  7      2026-12-01 00:00 camelot        lost by claim, vs bob  "
                             "      1500->1442\n"
                             "  3      2026-11-30 23:56 camette        aborted, no result     "
                             "      casual\n");
    tu_assert_contains(page, "Right: older games");
    assert_string_equal(ui_keys_text(ui, bar, sizeof bar),
                        "Up/Down pick  Enter open  Left/Right newer/older  Esc games  ? help  q "
                        "quit");

    /* The next page, from below the last game shown; then the newest again. */
    ui_handle_key(ui, UI_KEY_RIGHT, 1000);
    assert_string_equal(last_sent, "history 3");
    hear_line(l, "past 2 camette 5+0 rated 1796082000 W time W 1500 1510 W=alice B=bob");
    hear_line(l, "ok history 1");
    page = page_text(ui);
    tu_assert_contains(page, "Your games over, older ones\n");
    tu_assert_contains(page, "won on time, vs bob");
    assert_null(strstr(page, "Right: older games"));
    ui_handle_key(ui, UI_KEY_RIGHT, 1000);
    assert_string_equal(ui->msg, "No older games.");
    ui_handle_key(ui, UI_KEY_LEFT, 1000);
    assert_string_equal(last_sent, "history");
    hear_line(l, "past 9 camette none casual 1796083300 draw agreement B - - W=carol B=alice");
    hear_line(l, "past 7 camelot 10+5 rated 1796083200 B abandoned W 1500 1442 W=alice B=bob");
    hear_line(l, "ok history 2 more");

    /* Enter opens the game picked. */
    ui_handle_key(ui, UI_KEY_DOWN, 1000);
    tu_assert_contains(page_text(ui), "> 7 ");
    ui_handle_key(ui, UI_KEY_ENTER, 1000);
    assert_string_equal(last_sent, "open 7");
    assert_string_equal(ui->msg, "Opening game 7...");

    /* A refusal, on the page; Esc goes back to the games, h comes back. */
    hear_line(l, "error history store the server could not read its games");
    tu_assert_contains(page_text(ui), "  the server could not read its games");
    ui_handle_key(ui, UI_KEY_ESC, 1000);
    assert_int_equal(ui->lobby_view, UI_LOBBY_GAMES);
    ui_handle_key(ui, 'h', 1000);
    assert_int_equal(ui->lobby_view, UI_LOBBY_HISTORY);
    ui_handle_key(ui, 'h', 1000);
    assert_int_equal(ui->lobby_view, UI_LOBBY_GAMES);
    offline_close(&o);
}

/* A player's page: p asks for one's own and shows it (since when, the ratings, the people met
 * most); Up/Down and Enter open the page of one of them; a refusal is said on the page; Esc goes
 * back to the games. */
static void test_ui_online_lobby_profile(void **state)
{
    (void)state;
    Offline o;
    offline_open(&o, "alice", keep_request);
    Ui *ui = o.ui;
    Lobby *l = o.l;
    char bar[UI_KEYS_MAX];
    last_sent[0] = '\0';
    ui_handle_key(ui, 'p', 1000);
    assert_string_equal(last_sent, "profile alice");
    assert_int_equal(ui->lobby_view, UI_LOBBY_PROFILE);
    tu_assert_contains(page_text(ui), "asking the server...");
    hear_line(l, "profile alice 1796083200 14");
    hear_line(l, "standing camelot 1523 65 12");
    hear_line(l, "standing four-handed-chivalry 1490 210 2");
    hear_line(l, "versus bob 3 1 2");
    hear_line(l, "versus Carados_the_Quite_Long_Named_One 0 0 1");
    hear_line(l, "ok profile alice");
    assert_int_equal(lobby_news(l) & LOBBY_EV_PROFILE, LOBBY_EV_PROFILE);
    const char *page = page_text(ui);
    tu_assert_contains(page, "alice (you): here since 2026-12-01, 14 games over\n"
                             "Ratings\n"
                             "  camelot                 1523  +-65      12 games\n"
                             "  four-handed-chivalry    1490  +-210      2 games\n"
                             "Met most, in the last 200 games (Enter: their page)\n"
                             "> bob                              won 3    drew 1    lost 2\n"
                             "  Carados_the_Quite_Long_Named_One won 0    drew 0    lost 1\n");
    assert_string_equal(ui_keys_text(ui, bar, sizeof bar),
                        "Up/Down pick  Enter their page  p yours  Esc games  ? help  q quit");

    /* Another's page, from one met; then a refusal. */
    ui_handle_key(ui, UI_KEY_DOWN, 1000);
    ui_handle_key(ui, UI_KEY_ENTER, 1000);
    assert_string_equal(last_sent, "profile Carados_the_Quite_Long_Named_One");
    tu_assert_contains(page_text(ui), "asking the server...");
    hear_line(l, "profile Carados_the_Quite_Long_Named_One 1796083200 1");
    hear_line(l, "ok profile Carados_the_Quite_Long_Named_One");
    page = page_text(ui);
    tu_assert_contains(page, "Carados_the_Quite_Long_Named_One: here since 2026-12-01, 1 game "
                             "over\n");
    tu_assert_contains(page, "  none yet: a rated game gives one\n");
    tu_assert_contains(page, "  nobody yet\n");
    ui_handle_key(ui, UI_KEY_ENTER, 1000);
    assert_string_equal(ui->msg, "No one is picked.");
    ui_handle_key(ui, 'p', 1000);
    assert_string_equal(last_sent, "profile alice");
    hear_line(l, "error profile store the server could not read its games");
    tu_assert_contains(page_text(ui), "  the server could not read its games");
    ui_handle_key(ui, UI_KEY_ESC, 1000);
    assert_int_equal(ui->lobby_view, UI_LOBBY_GAMES);
    offline_close(&o);
}

/* The tournaments: t lists them, e enters the one picked (and the list is asked for again),
 * Enter shows its standings: a table of 16 entrants with names of 32 characters whole at 80x24,
 * then, with Right, each round's games, Enter opening one; Esc goes back to the list, and a
 * refusal is said in place of the page. */
static void test_ui_online_lobby_tourneys(void **state)
{
    (void)state;
    Offline o;
    offline_open(&o, "alice", keep_request);
    Ui *ui = o.ui;
    Lobby *l = o.l;
    char bar[UI_KEYS_MAX];
    tu_assert_contains(ui_keys_text(ui, bar, sizeof bar), "t tourneys");
    assert_true(columns(bar) <= 80);
    last_sent[0] = '\0';
    ui_handle_key(ui, 't', 1000);
    assert_string_equal(last_sent, "tourneys");
    assert_int_equal(ui->lobby_view, UI_LOBBY_TOURNS);
    tu_assert_contains(page_text(ui), "asking the server...");
    hear_line(l, "tourn 3 swiss camette 60+0 casual 5 playing 2 1796083200 16 bob out");
    hear_line(l, "tourn 4 robin camelot days:3 rated 0 entry 0 1796083200 2 alice in");
    hear_line(l, "ok tourneys 2");
    assert_int_equal(lobby_news(l) & LOBBY_EV_TOURNS, LOBBY_EV_TOURNS);
    const char *page = page_text(ui);
    tu_assert_contains(page,
                       "  id     kind   variant        clock    rated   of   you state (UTC)\n"
                       "> 3      swiss  camette        60+0     casual  16       round 2 of 5\n"
                       "  4      robin  camelot        days:3   rated   2    in  starts "
                       "2026-12-01 00:00\n");
    assert_string_equal(
        ui_keys_text(ui, bar, sizeof bar),
        "Up/Down pick  Enter standings  e enter/withdraw  r again  Esc games  q quit");

    /* e enters the one picked; the answer is said and the list asked for again. */
    ui_handle_key(ui, 'e', 1000);
    assert_string_equal(last_sent, "enter 3");
    hear_line(l, "ok enter 3 17");
    assert_int_equal(lobby_news(l) & LOBBY_EV_TNEWS, LOBBY_EV_TNEWS);
    assert_string_equal(l->tnews, "You are in tournament 3.");
    assert_string_equal(last_sent, "tourneys");
    hear_line(l, "tourn 3 swiss camette 60+0 casual 5 playing 2 1796083200 17 bob in");
    hear_line(l, "tourn 4 robin camelot days:3 rated 0 entry 0 1796083200 2 alice in");
    hear_line(l, "ok tourneys 2");
    tu_assert_contains(page_text(ui), "> 3      swiss  camette        60+0     casual  17   in  "
                                      "round 2 of 5\n");

    /* The standings of 16, long names and all, fit the page. */
    ui_handle_key(ui, UI_KEY_ENTER, 1000);
    assert_string_equal(last_sent, "standings 3");
    assert_int_equal(ui->lobby_view, UI_LOBBY_STANDINGS);
    tu_assert_contains(page_text(ui), "asking the server...");
    hear_line(l, "tourn 3 swiss camette 60+0 casual 5 playing 2 1796083200 16 bob in");
    for (int i = 0; i < 16; i++)
        hear_line(l,
                  "place %d %d Sir_Bedivere_of_the_RoundTable%02d %d %d%s 10.5 7.25 2 %d 1 %d "
                  "0 1 1 in",
                  i + 1, i, i, 1900 - 10 * i, (32 - 2 * i) / 8, i % 2 ? ".5" : "", 2 - i / 8,
                  i / 8);
    for (int i = 0; i < 8; i++)
        hear_line(l, "pairing 1 %d %d %d %d %s", i + 1, i, i + 8, 100 + i, "1-0");
    for (int i = 0; i < 8; i++)
        hear_line(l, "pairing 2 %d %d %d %d *", i + 1, i + 8, i, 110 + i);
    hear_line(l, "ok standings 3 16 16");
    assert_int_equal(lobby_news(l) & LOBBY_EV_STANDINGS, LOBBY_EV_STANDINGS);
    page = page_text(ui);
    tu_assert_contains(page, "Swiss 3: camette 60+0 casual, round 2 of 5, you're in\n");
    tu_assert_contains(
        page, "    # player                           rating score    Bh     SB   W   D   L\n");
    tu_assert_contains(
        page, "    1 Sir_Bedivere_of_the_RoundTable00   1900     4  10.5   7.25   2   1   0\n");
    tu_assert_contains(
        page, "   16 Sir_Bedivere_of_the_RoundTable15   1750   0.5  10.5   7.25   1   1   1\n");
    tu_assert_contains(page, "  Right: the games of round 1..2\n");
    assert_string_equal(
        ui_keys_text(ui, bar, sizeof bar),
        "Right rounds  Up/Down scroll  e enter/withdraw  x crosstable  Esc list  q quit");

    /* x: the crosstable, into tournament-3.txt in the current directory; written over when it
     * is this tournament's, never over another file; not on a server's host. */
    char here[4096], dir[4096];
    assert_non_null(getcwd(here, sizeof here));
    tu_temp_dir(dir, sizeof dir);
    assert_int_equal(chdir(dir), 0);
    ui_handle_key(ui, 'x', 1000);
    assert_string_equal(ui->msg, "The crosstable is in tournament-3.txt.");
    size_t len = 0;
    char *cross = tu_read_file("tournament-3.txt", &len);
    assert_non_null(cross);
    tu_assert_contains(cross, "Crosstable of tournament 3\nSwiss, camette, 60+0, casual, 5 "
                              "rounds; round 2 of 5.\nMade by bob; 16 entrants.\n");
    tu_assert_contains(cross, " #  Entrant                           Rating  1      2      Score  "
                              "Buchholz  S-B\n");
    /* Place 1 (entrant 0) beat place 9 (entrant 8) with White, and has Black against them in
     * round 2, going on. */
    tu_assert_contains(cross,
                       "\n 1  Sir_Bedivere_of_the_RoundTable00    1900  9w+    9b*    4      "
                       "10.5      7.25\n");
    tu_assert_contains(cross,
                       "\n16  Sir_Bedivere_of_the_RoundTable15    1750  8b-    8w*    0.5    "
                       "10.5      7.25\n");
    free(cross);
    ui_handle_key(ui, 'x', 1000);
    assert_string_equal(ui->msg, "The crosstable is in tournament-3.txt.");
    FILE *other = fopen("tournament-3.txt", "w");
    assert_non_null(other);
    fputs("someone's notes\n", other);
    fclose(other);
    ui_handle_key(ui, 'x', 1000);
    tu_assert_contains(ui->msg, "Not exported: ");
    tu_assert_contains(ui->msg, "is there already, and is not this tournament's crosstable");
    cross = tu_read_file("tournament-3.txt", &len);
    assert_string_equal(cross, "someone's notes\n");
    free(cross);
    remove("tournament-3.txt");
    ui->opt.no_files = 1;
    ui_handle_key(ui, 'x', 1000);
    tu_assert_contains(ui->msg, "No export here");
    assert_int_equal(access("tournament-3.txt", F_OK), -1);
    ui->opt.no_files = 0;
    assert_int_equal(chdir(here), 0);
    rmdir(dir);

    /* A round's games, and one of them opened. */
    ui_handle_key(ui, UI_KEY_RIGHT, 1000);
    page = page_text(ui);
    tu_assert_contains(page, "Swiss 3, round 1 of 5: its games (Enter opens one)\n");
    tu_assert_contains(page, "> board 1  game 100   Sir_Bedivere_of_the_Rou\u2026 "
                             "Sir_Bedivere_of_the_Rou\u2026 1-0\n");
    ui_handle_key(ui, UI_KEY_RIGHT, 1000);
    ui_handle_key(ui, UI_KEY_DOWN, 1000);
    tu_assert_contains(page_text(ui), "> board 2  game 111");
    ui_handle_key(ui, UI_KEY_ENTER, 1000);
    assert_string_equal(last_sent, "open 111");
    assert_string_equal(ui->msg, "Opening game 111...");
    ui_handle_key(ui, UI_KEY_RIGHT, 1000); /* no round 3 yet: it stays on 2 */
    tu_assert_contains(page_text(ui), "round 2 of 5: its games");
    ui_handle_key(ui, UI_KEY_LEFT, 1000);
    ui_handle_key(ui, UI_KEY_LEFT, 1000);
    tu_assert_contains(page_text(ui), "Right: the games of round 1..2");

    /* Esc: the list again; a refusal in place of the standings. */
    ui_handle_key(ui, UI_KEY_ESC, 1000);
    assert_int_equal(ui->lobby_view, UI_LOBBY_TOURNS);
    assert_string_equal(last_sent, "tourneys");
    hear_line(l, "ok tourneys 0");
    tu_assert_contains(page_text(ui), "none yet");

    /* Of changing partnerships, the opponents told are a side of two, the engine one of them. */
    hear_line(l, "paired 6 1 120 G engine:5+bob");
    assert_int_equal(lobby_news(l) & LOBBY_EV_TNEWS, LOBBY_EV_TNEWS);
    tu_assert_contains(l->tnews, "your game 120 against engine:5+bob");

    /* A tournament of partnerships: a partner's request is said, e accepts it, and a
     * partnership's long names are cut to their column. */
    hear_line(l, "partner 5 bob");
    assert_int_equal(lobby_news(l) & LOBBY_EV_TNEWS, LOBBY_EV_TNEWS);
    assert_string_equal(l->tnews, "bob asks you to play tournament 5 as partners: e on it accepts "
                                  "('enter 5 bob').");
    hear_line(l, "tourn 5 robin grand-camelot 300+0 casual 0 entry 0 1796083200 1 bob asked");
    hear_line(l, "ok tourneys 1");
    tu_assert_contains(page_text(ui), "ask starts 2026-12-01 00:00\n");
    ui_handle_key(ui, 'e', 1000);
    assert_string_equal(last_sent, "enter 5 bob");
    ui_handle_key(ui, UI_KEY_ENTER, 1000);
    assert_string_equal(last_sent, "standings 5");
    hear_line(l, "tourn 5 robin grand-camelot 300+0 casual 0 entry 0 1796083200 1 bob asked");
    hear_line(l, "place 1 0 bob+Sir_Gawain_the_Green_Knights_Foe 0 0 0 0 0 0 0 0 0 0 0 waiting");
    hear_line(l, "ok standings 5 1 0");
    tu_assert_contains(
        page_text(ui),
        "    1 bob+Sir_Gawain_the_Green_Knight\u2026      0     0     0      0   0   0   0\n");
    ui_handle_key(ui, UI_KEY_ESC, 1000);
    hear_line(l, "ok tourneys 0");
    ui->lobby_tid = 9;
    ui_handle_key(ui, UI_KEY_ESC, 1000);
    assert_int_equal(ui->lobby_view, UI_LOBBY_GAMES);
    offline_close(&o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_ui_online_a_game_from_the_lobby, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ui_online_four_seats_and_watching, setup, teardown),
        cmocka_unit_test(test_ui_online_lobby_rows_fit_80_columns),
        cmocka_unit_test(test_ui_online_form_typed_clock_and_remembered),
        cmocka_unit_test(test_ui_online_lobby_seat_by_letter),
        cmocka_unit_test(test_ui_online_lobby_keys),
        cmocka_unit_test(test_ui_online_lobby_history),
        cmocka_unit_test(test_ui_online_lobby_profile),
        cmocka_unit_test(test_ui_online_lobby_tourneys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
