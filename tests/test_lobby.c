/* The lobby model (src/session/lobby.c): the server's lines read into the list of games (its
 * sections and order), the variants, the ratings tables, invitations and refusals; the
 * requests it writes for the new-game form; and, against a real server started by the test on
 * a socket of its own, a game made in the lobby, joined by another player, played, chatted in,
 * drawn by agreement, rated, exported and offered again as a rematch.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "session/clock.h"
#include "session/lobby.h"
#include "session/news.h"
#include "session/remote.h"
#include "testutil.h"
#include "tu_server.h"
#include "tu_session.h"

/* ---- A lobby fed by hand --------------------------------------------------------------------- */

typedef struct Sent {
    char lines[32][512];
    int n;
} Sent;

static int keep_sent(void *ud, const char *line)
{
    Sent *s = ud;
    if (s->n < 32)
        snprintf(s->lines[s->n++], sizeof s->lines[0], "%s", line);
    return 0;
}

static void hear(Lobby *l, const char *line)
{
    assert_int_equal(lobby_hear_line(l, line, strlen(line)), 1);
}

static const LobbyGame *game_by_id(const Lobby *l, int64_t id)
{
    for (int i = 0; i < l->ngames; i++)
        if (l->games[i].id == id)
            return &l->games[i];
    fail_msg("no game %lld in the list", (long long)id);
    return NULL;
}

static void test_lobby_reads_the_list_in_sections(void **state)
{
    (void)state;
    Lobby l;
    Sent sent = {0};
    assert_int_equal(lobby_init(&l, "alice", tu_catalog(), keep_sent, &sent), CM_OK);
    assert_int_equal(lobby_refresh(&l, 100, NULL), CM_OK);
    assert_string_equal(sent.lines[0], "games");
    hear(&l, "game 3 camelot playing 600+5 rated 4 B W=bob B=alice");
    hear(&l, "game 5 camette waiting none casual 0 W W=carol B=open");
    hear(&l, "game 7 grand-cam waiting days:3 casual 0 R R=dave G=@alice B=open Y=engine:4");
    hear(&l, "game 9 camelot playing 300+0 casual 10 W W=xavier B=yves");
    hear(&l, "game 11 camelot playing 300+0 casual 11 B W=alice B=yves");
    /* A line that is not a game is left out; the list changes only once it is whole. */
    hear(&l, "game x camelot playing 300+0 casual 11 B W=alice B=yves");
    assert_int_equal(l.ngames, 0);
    assert_int_equal(lobby_news(&l) & LOBBY_EV_GAMES, 0);
    hear(&l, "ok games 5");
    assert_int_equal(lobby_news(&l) & LOBBY_EV_GAMES, LOBBY_EV_GAMES);
    assert_int_equal(l.ngames, 5);

    const LobbyGame *g = game_by_id(&l, 3);
    assert_int_equal(g->section, LOBBY_MINE);
    assert_true(g->my_turn);
    assert_int_equal(g->mine, 2);
    assert_int_equal(g->to_move, 1);
    assert_int_equal(g->ply, 4);
    assert_true(g->rated);
    assert_string_equal(g->tc, "600+5");
    assert_int_equal(g->seat[0].kind, LOBBY_SEAT_PLAYER);
    assert_string_equal(g->seat[0].name, "bob");
    g = game_by_id(&l, 7);
    assert_int_equal(g->section, LOBBY_MINE);
    assert_true(g->invited);
    assert_false(g->my_turn);
    assert_int_equal(g->nseats, 4);
    assert_int_equal(g->seat[1].kind, LOBBY_SEAT_INVITED);
    assert_int_equal(g->seat[3].kind, LOBBY_SEAT_ENGINE);
    assert_int_equal(g->seat[3].level, 4);
    assert_int_equal(game_by_id(&l, 5)->section, LOBBY_OPEN);
    assert_int_equal(game_by_id(&l, 9)->section, LOBBY_WATCH);
    assert_int_equal(game_by_id(&l, 11)->section, LOBBY_MINE);
    assert_false(game_by_id(&l, 11)->my_turn);

    /* Shown: the game to move in first, the player's others, the free seats, the rest. */
    int order[LOBBY_GAMES_MAX];
    int n = lobby_order(&l, order, LOBBY_GAMES_MAX);
    assert_int_equal(n, 5);
    static const int64_t want[] = {3, 7, 11, 5, 9};
    for (int i = 0; i < n; i++)
        assert_int_equal(l.games[order[i]].id, want[i]);

    /* The next list replaces it. */
    lobby_refresh(&l, 200, NULL);
    hear(&l, "game 9 camelot over 300+0 casual 40 W W=xavier B=yves");
    hear(&l, "ok games 1");
    assert_int_equal(l.ngames, 1);
    assert_int_equal(l.games[0].status, LOBBY_OVER);
    lobby_free(&l);
}

static void test_lobby_variants_and_ratings(void **state)
{
    (void)state;
    Lobby l;
    Sent sent = {0};
    assert_int_equal(lobby_init(&l, "alice", tu_catalog(), keep_sent, &sent), CM_OK);
    hear(&l, "variant camelot WB 2");
    hear(&l, "variant grand-cam RGBY 2");
    hear(&l, "variant nowhere ABC 3");
    hear(&l, "ok variants 3");
    assert_int_equal(lobby_news(&l), LOBBY_EV_VARIANTS);
    assert_int_equal(l.nvariants, 3);
    assert_true(l.variant[0].here);
    assert_string_equal(l.variant[1].letters, "RGBY");
    assert_false(l.variant[2].here); /* a variant this program does not have */

    /* Tables come in the order asked; one with nobody in it comes empty. */
    assert_int_equal(lobby_ask_ratings(&l, "camelot", NULL), CM_OK);
    assert_int_equal(lobby_ask_ratings(&l, "camette", NULL), CM_OK);
    assert_int_equal(lobby_ask_ratings(&l, "nowhere", NULL), CM_OK);
    assert_string_equal(sent.lines[1], "ratings camette");
    hear(&l, "rating camelot alice 1623 45 12");
    hear(&l, "rating camelot bob 1488 80 3");
    /* A line of another table than the one answered is not taken. */
    hear(&l, "rating camette carol 1700 50 9");
    hear(&l, "ok ratings 2");
    hear(&l, "ok ratings 0");
    hear(&l, "error ratings store the database is busy");
    assert_int_equal(lobby_news(&l), LOBBY_EV_RATINGS);
    const LobbyTableOfRatings *t = lobby_ratings(&l, "camelot");
    assert_non_null(t);
    assert_int_equal(t->n, 2);
    assert_int_equal(t->r[1].games, 3);
    assert_int_equal(lobby_rating_of(&l, "camelot", "alice"), 1623);
    assert_int_equal(lobby_rating_of(&l, "camelot", "carol"), 0);
    assert_non_null(lobby_ratings(&l, "camette"));
    assert_int_equal(lobby_ratings(&l, "camette")->n, 0);
    assert_null(lobby_ratings(&l, "nowhere"));
    assert_int_equal(l.nasked, 0);
    /* A variant's file is never asked for. */
    assert_int_not_equal(lobby_ask_ratings(&l, "../x.yaml", NULL), CM_OK);
    lobby_free(&l);
}

static void test_lobby_invitations_answers_and_refusals(void **state)
{
    (void)state;
    Lobby l;
    Sent sent = {0};
    assert_int_equal(lobby_init(&l, "alice", tu_catalog(), keep_sent, &sent), CM_OK);
    hear(&l, "invite 12 bob camelot");
    assert_int_equal(lobby_news(&l) & LOBBY_EV_INVITE, LOBBY_EV_INVITE);
    assert_int_equal(l.ninvites, 1);
    assert_string_equal(l.invite[0].from, "bob");
    hear(&l, "invite 12 bob camelot"); /* said again: kept once */
    assert_int_equal(l.ninvites, 1);
    hear(&l, "ok create 14 1");
    assert_int_equal(lobby_news(&l), LOBBY_EV_MADE);
    assert_int_equal(l.made, 14);
    assert_int_equal(l.opening, 14);
    hear(&l, "error create busy you have 20 games waiting for players already");
    assert_int_equal(lobby_news(&l), LOBBY_EV_REFUSED);
    assert_string_equal(l.error, "you have 20 games waiting for players already");
    /* The host's notice, kept as it may be shown. */
    hear(&l, "notice the server restarts in 5 minutes");
    assert_int_equal(lobby_news(&l), LOBBY_EV_NOTICE);
    assert_string_equal(l.notice, "the server restarts in 5 minutes");
    /* A refusal of a game's own request is the game's, not the lobby's. */
    hear(&l, "error move stale the game is at another ply");
    assert_int_equal(lobby_news(&l), 0);
    hear(&l, "error join full that seat is not free for you");
    assert_int_equal(lobby_news(&l), LOBBY_EV_REFUSED);
    assert_int_equal(l.opening, 0);
    /* An invitation that is not one is not kept. */
    hear(&l, "invite 13 b@d camelot");
    hear(&l, "invite 13 bob");
    hear(&l, "invite zero bob camelot");
    assert_int_equal(lobby_news(&l), 0);
    assert_int_equal(l.ninvites, 1);
    lobby_free(&l);

    /* The readers the text client shares: an invitation, and a refusal. */
    NetMsg *m = malloc(sizeof *m);
    assert_non_null(m);
    const char *line = "invite 7 carol camette";
    assert_int_equal(net_msg_parse(m, line, strlen(line), NULL), CM_OK);
    LobbyInvite inv;
    assert_int_equal(lobby_invite_read(m, &inv), 0);
    assert_int_equal(inv.id, 7);
    assert_string_equal(inv.from, "carol");
    assert_string_equal(inv.variant, "camette");
    const char *verb, *code;
    char why[64];
    assert_int_equal(lobby_refusal_read(m, &verb, &code, why, sizeof why), -1);
    line = "error join full that seat is not free";
    assert_int_equal(net_msg_parse(m, line, strlen(line), NULL), CM_OK);
    assert_int_equal(lobby_invite_read(m, &inv), -1);
    assert_int_equal(lobby_refusal_read(m, &verb, &code, why, sizeof why), 0);
    assert_string_equal(verb, "join");
    assert_string_equal(code, "full");
    assert_string_equal(why, "that seat is not free");
    line = "error";
    assert_int_equal(net_msg_parse(m, line, strlen(line), NULL), CM_OK);
    assert_int_equal(lobby_refusal_read(m, &verb, &code, why, sizeof why), 0);
    assert_string_equal(code, "?");
    /* Answers: a game's id, or how many lines came; neither for a word that is none. */
    LobbyAnswer a;
    assert_int_equal(lobby_answer_read(m, &a), -1);
    static const struct {
        const char *line, *verb;
        int64_t id, count;
    } answers[] = {{"ok create 14 1", "create", 14, -1},
                   {"ok open 3", "open", 3, -1},
                   {"ok games 2", "games", 0, 2},
                   {"ok ratings 0", "ratings", 0, 0},
                   {"ok join x", "join", 0, -1},
                   {"ok games -4", "games", 0, -1},
                   {"ok quit", "quit", 0, -1}};
    for (size_t i = 0; i < sizeof answers / sizeof answers[0]; i++) {
        line = answers[i].line;
        assert_int_equal(net_msg_parse(m, line, strlen(line), NULL), CM_OK);
        assert_int_equal(lobby_answer_read(m, &a), 0);
        assert_string_equal(a.verb, answers[i].verb);
        assert_int_equal(a.id, answers[i].id);
        assert_int_equal(a.count, answers[i].count);
    }
    free(m);
}

static void test_lobby_writes_the_form_as_a_request(void **state)
{
    (void)state;
    Lobby l;
    Sent sent = {0};
    char line[600];
    CmError err;
    assert_int_equal(lobby_init(&l, "alice", tu_catalog(), keep_sent, &sent), CM_OK);
    LobbyNew g;
    memset(&g, 0, sizeof g);
    snprintf(g.variant, sizeof g.variant, "camelot");
    g.base_ms = 600000;
    g.inc_ms = 5000;
    g.rated = 1;
    g.nseats = 2;
    g.seat[0].who = LOBBY_WHO_ME;
    g.seat[1].who = LOBBY_WHO_INVITE;
    snprintf(g.seat[1].name, sizeof g.seat[1].name, "bob");
    assert_int_equal(lobby_create_line(&l, &g, line, sizeof line, &err), 0);
    assert_string_equal(line, "create camelot 600+5 rated W=me B=@bob");
    g.base_ms = 0;
    g.days = 3;
    g.rated = 0;
    g.seat[1].who = LOBBY_WHO_OPEN;
    assert_int_equal(lobby_create_line(&l, &g, line, sizeof line, &err), 0);
    assert_string_equal(line, "create camelot days:3 casual W=me B=open");
    g.days = 0;
    g.seat[0].who = LOBBY_WHO_ENGINE;
    g.seat[0].level = 7;
    g.seat[1].who = LOBBY_WHO_ME;
    assert_int_equal(lobby_create_line(&l, &g, line, sizeof line, &err), 0);
    assert_string_equal(line, "create camelot none casual W=engine:7 B=me");

    LobbyNew four;
    memset(&four, 0, sizeof four);
    snprintf(four.variant, sizeof four.variant, "grand-cam");
    four.nseats = 4;
    four.seat[0].who = LOBBY_WHO_ME;
    four.seat[1].who = LOBBY_WHO_OPEN;
    four.seat[2].who = LOBBY_WHO_ENGINE;
    four.seat[2].level = 2;
    four.seat[3].who = LOBBY_WHO_INVITE;
    snprintf(four.seat[3].name, sizeof four.seat[3].name, "carol");
    assert_int_equal(lobby_create_line(&l, &four, line, sizeof line, &err), 0);
    assert_string_equal(line, "create grand-cam none casual R=me G=open B=engine:2 Y=@carol");
    assert_int_equal(lobby_create(&l, &four, &err), CM_OK);
    assert_string_equal(sent.lines[sent.n - 1], line);

    /* What the server would refuse is refused here, saying why. */
    four.seat[0].who = LOBBY_WHO_OPEN;
    assert_int_equal(lobby_create_line(&l, &four, line, sizeof line, &err), -1);
    tu_assert_contains(err.msg, "must be yours");
    four.seat[0].who = LOBBY_WHO_ME;
    snprintf(four.seat[3].name, sizeof four.seat[3].name, "no one");
    assert_int_equal(lobby_create_line(&l, &four, line, sizeof line, &err), -1);
    tu_assert_contains(err.msg, "Yellow: a player's name");
    snprintf(four.seat[3].name, sizeof four.seat[3].name, "carol");
    four.seat[2].level = 11;
    assert_int_equal(lobby_create_line(&l, &four, line, sizeof line, &err), -1);
    four.seat[2].level = 2;
    four.base_ms = 2 * 86400000LL;
    assert_int_equal(lobby_create_line(&l, &four, line, sizeof line, &err), -1);
    tu_assert_contains(err.msg, "a clock is");
    four.base_ms = 0;
    snprintf(four.variant, sizeof four.variant, "no-such-variant");
    assert_int_equal(lobby_create_line(&l, &four, line, sizeof line, &err), -1);
    int before = sent.n;
    assert_int_not_equal(lobby_create(&l, &four, &err), CM_OK);
    assert_int_equal(sent.n, before);
    lobby_free(&l);
}

static void test_lobby_clock_text(void **state)
{
    (void)state;
    LobbyGame g;
    char buf[64];
    memset(&g, 0, sizeof g);
    g.status = LOBBY_PLAYING;
    lobby_clock_text(&g, 5000, 0, buf, sizeof buf);
    assert_string_equal(buf, ""); /* not followed: not known */
    g.has_clock = 1;
    g.clock_ms = 65000;
    g.clock_at = 1000;
    lobby_clock_text(&g, 6000, 0, buf, sizeof buf);
    assert_string_equal(buf, "1:00");
    g.deadline = 1000000 + 2 * 86400 + 3 * 3600 + 10;
    lobby_clock_text(&g, 6000, 1000000, buf, sizeof buf);
    assert_string_equal(buf, "2 days 3 h");
    lobby_clock_text(&g, 6000, 1000000 + 2 * 86400 + 3 * 3600 - 600, buf, sizeof buf);
    assert_string_equal(buf, "11 min");
    lobby_clock_text(&g, 6000, g.deadline + 1, buf, sizeof buf);
    assert_string_equal(buf, "past");
}

/* ---- Against a real server --------------------------------------------------------------- */

/* The world of the test: the lobby and session of the player, and another player. */
typedef struct Heard {
    NewsKind kind;
    int seat, from, mine, up, made, watching, ply;
    NgOfferKind offer;
    char name[NET_NAME_MAX + 1], text[NET_TEXT_MAX + 1];
    int64_t old_rating, new_rating;
} Heard;

#define HEARD_MAX 64

typedef struct World {
    Lobby *l;
    Session *s;
    TuRaw *bob;
    unsigned news;
    /* The news of the session's game, once 'seen' is started ('telling'). */
    int telling;
    NewsSeen seen;
    Heard *heard; /* HEARD_MAX */
    int nheard;
} World;

static void keep_news(void *ud, const News *n)
{
    World *w = ud;
    assert_true(w->nheard < HEARD_MAX);
    Heard *h = &w->heard[w->nheard++];
    memset(h, 0, sizeof *h);
    h->kind = n->kind;
    h->seat = n->seat;
    h->from = n->from;
    h->mine = n->mine;
    h->up = n->up;
    h->made = n->made;
    h->watching = n->watching;
    h->ply = n->ply;
    h->offer = n->offer;
    snprintf(h->name, sizeof h->name, "%s", n->name != NULL ? n->name : "");
    snprintf(h->text, sizeof h->text, "%s", n->text != NULL ? n->text : "");
    h->old_rating = n->old_rating;
    h->new_rating = n->new_rating;
}

/* The news of kind 'kind' heard, the first at or after 'from'; NULL for none. */
static const Heard *heard(const World *w, NewsKind kind, int from)
{
    for (int i = from; i < w->nheard; i++)
        if (w->heard[i].kind == kind)
            return &w->heard[i];
    return NULL;
}

static void pump(World *w)
{
    uint64_t now = clock_ms();
    if (w->s->active && w->s->net != NULL) {
        unsigned ev = session_tick(w->s, now);
        if (w->telling)
            session_news(w->s, ev, &w->seen, keep_news, w);
        lobby_tick(w->l, now, 0);
    } else {
        lobby_tick(w->l, now, 1);
    }
    w->news |= lobby_news(w->l);
    tu_raw_pump(w->bob);
    poll(NULL, 0, 10);
}

/* Pumps until 'cond' holds, failing the test after a generous while. */
#define WAIT_FOR(w, cond, what)                                                                    \
    do {                                                                                           \
        uint64_t until_ = clock_ms() + 20000u * (uint64_t)tu_time_factor();                        \
        while (!(cond) && clock_ms() < until_)                                                     \
            pump(w);                                                                               \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "bob heard:\n%s\n", (w)->bob->in);                                     \
            LobbyTable t_;                                                                         \
            int r_ = lobby_table((w)->l, (w)->s, clock_ms(), &t_);                                 \
            fprintf(stderr, "table %d: status %d seats %s %d, %s %d\n", r_, t_.status,             \
                    t_.seat[0].name, t_.seat[0].present, t_.seat[1].name, t_.seat[1].present);     \
            fail_msg("waited in vain for %s", what);                                               \
        }                                                                                          \
    } while (0)

static int bob_heard(const TuRaw *r, const char *text)
{
    return tu_raw_heard(r, text);
}

static int table_of(World *w, LobbyTable *t)
{
    return lobby_table(w->l, w->s, clock_ms(), t) == 0;
}

static void test_lobby_with_a_server(void **state)
{
    (void)state;
    char dir[64], sock[100], line[CM_MOVE_TEXT_MAX + 64];
    tu_temp_dir(dir, sizeof dir);
    pid_t server = tu_server_start(dir, sock, sizeof sock);

    NetAddr addr;
    memset(&addr, 0, sizeof addr);
    snprintf(addr.path, sizeof addr.path, "%s", sock);
    Remote *r;
    CmError err;
    assert_int_equal(remote_open(&addr, tu_catalog(), &r, &err), CM_OK);
    Lobby *l = malloc(sizeof *l);
    Session *s = malloc(sizeof *s);
    TuRaw *bob = malloc(sizeof *bob);
    assert_non_null(l);
    assert_non_null(s);
    assert_non_null(bob);
    assert_int_equal(lobby_open_on(l, r, tu_catalog()), CM_OK);
    SessionEnv env = {tu_catalog(), NULL, NULL};
    session_init(s, &env);
    tu_raw_open(bob, sock, "bob");
    World w;
    memset(&w, 0, sizeof w);
    w.l = l;
    w.s = s;
    w.bob = bob;
    w.heard = calloc(HEARD_MAX, sizeof *w.heard);
    assert_non_null(w.heard);
    const char *me = l->me;
    assert_string_not_equal(me, "bob");

    /* The lobby asks for the variants and the games by itself. */
    WAIT_FOR(&w, l->variants_got && (w.news & LOBBY_EV_GAMES), "the variants and the games");
    assert_true(l->nvariants >= 8);
    WAIT_FOR(&w, bob_heard(bob, "ok hello 1 bob"), "bob's hello");

    /* A rated game of Camette with an open seat, made from the form's choices. */
    LobbyNew g;
    memset(&g, 0, sizeof g);
    snprintf(g.variant, sizeof g.variant, "camette");
    g.rated = 1;
    g.nseats = 2;
    g.seat[0].who = LOBBY_WHO_ME;
    g.seat[1].who = LOBBY_WHO_OPEN;
    assert_int_equal(lobby_create(l, &g, &err), CM_OK);
    WAIT_FOR(&w, w.news & LOBBY_EV_READY, "the game made");
    int64_t id = l->ready;
    assert_int_equal(id, l->made);
    assert_int_equal(lobby_start(l, s, id, &err), CM_OK);
    /* From now on, the news of the game are kept: what changes from now. */
    news_start(&w.seen, s, 0);
    w.telling = 1;
    LobbyTable t;
    assert_true(table_of(&w, &t));
    assert_int_equal(t.status, LOBBY_WAITING);
    assert_true(t.rated);
    assert_false(t.spectator);
    assert_true(t.seat[0].mine);
    assert_int_equal(t.seat[1].kind, LOBBY_SEAT_OPEN);

    /* Bob sees it with its free seat and takes it: the game begins. */
    tu_raw_send(bob, "games");
    snprintf(line, sizeof line, "game %lld camette waiting none rated 0 W W=%s B=open",
             (long long)id, me);
    WAIT_FOR(&w, bob_heard(bob, line), "bob's list with the game");
    tu_raw_send(bob, "join %lld", (long long)id);
    WAIT_FOR(&w, table_of(&w, &t) && t.status == LOBBY_PLAYING && t.seat[1].present,
             "the game to begin with bob there");
    assert_string_equal(t.seat[1].name, "bob");
    assert_false(t.seat[1].mine);
    WAIT_FOR(&w, heard(&w, NEWS_BEGINS, 0) != NULL, "the news that the game begins");
    assert_null(heard(&w, NEWS_PRESENCE, 0)); /* bob came with his seat: no news */
    assert_null(heard(&w, NEWS_MOVE, 0));
    char buf[80];
    assert_string_equal(news_seat(s, 0, buf, sizeof buf), "White (you)");
    assert_string_equal(news_seat(s, 1, buf, sizeof buf), "Black (bob)");

    /* A move by this player reaches bob; bob's chat and draw offer reach this player. */
    CmMoveList *moves = tu_moves(&s->g.pos);
    char text[CM_MOVE_TEXT_MAX];
    cm_move_str(&s->g.pos, &moves->m[0], text, sizeof text);
    assert_int_equal(session_play(s, &moves->m[0], clock_ms()), CM_OK);
    free(moves);
    snprintf(line, sizeof line, " move 0 %s ", text);
    WAIT_FOR(&w, bob_heard(bob, line) && table_of(&w, &t) && !t.pending, "the move to be played");
    WAIT_FOR(&w, heard(&w, NEWS_MOVE, 0) != NULL, "the move told");
    const Heard *h = heard(&w, NEWS_MOVE, 0);
    assert_int_equal(h->seat, 0);
    assert_int_equal(h->ply, 0);
    assert_string_equal(h->text, text);
    assert_null(heard(&w, NEWS_MOVE, (int)(h - w.heard) + 1)); /* told once */
    tu_raw_send(bob, "say %lld well met", (long long)id);
    WAIT_FOR(&w, table_of(&w, &t) && t.nchat == 1, "bob's chat");
    assert_string_equal(t.chat[0].name, "bob");
    assert_string_equal(t.chat[0].text, "well met");
    WAIT_FOR(&w, heard(&w, NEWS_CHAT, 0) != NULL, "the chat told");
    h = heard(&w, NEWS_CHAT, 0);
    assert_string_equal(h->name, "bob");
    assert_string_equal(h->text, "well met");
    assert_false(h->watching);
    assert_true(h->mine);
    /* This player asks to take the move back and bob agrees: the news says who asked; the
     * move is played again. */
    int before_takeback = w.nheard;
    assert_int_equal(lobby_takeback(s, &err), CM_OK);
    WAIT_FOR(&w, bob_heard(bob, " offer takeback W"), "the takeback asked");
    tu_raw_send(bob, "answer %lld yes", (long long)id);
    WAIT_FOR(&w, heard(&w, NEWS_TAKEN_BACK, before_takeback) != NULL, "the takeback told");
    h = heard(&w, NEWS_TAKEN_BACK, before_takeback);
    assert_int_equal(h->from, 0);
    assert_int_equal(h->ply, 0);
    char took[240];
    assert_string_equal(news_takeback_who(s, h->from, took, sizeof took),
                        "White (you) asked and Black (bob) accepted");
    h = heard(&w, NEWS_OFFER, before_takeback);
    assert_non_null(h);
    assert_int_equal(h->offer, NG_OFFER_TAKEBACK);
    assert_true(h->mine);
    WAIT_FOR(&w, s->g.n == 0 && table_of(&w, &t) && !t.pending, "the position taken back");
    moves = tu_moves(&s->g.pos);
    assert_int_equal(session_play(s, &moves->m[0], clock_ms()), CM_OK);
    free(moves);
    WAIT_FOR(&w, table_of(&w, &t) && !t.pending && s->g.n == 1, "the move played again");
    /* bob moves too: a rated game that ends before every seat has moved rates nobody. */
    moves = tu_moves(&s->g.pos);
    char reply[CM_MOVE_TEXT_MAX];
    cm_move_str(&s->g.pos, &moves->m[0], reply, sizeof reply);
    free(moves);
    tu_raw_send(bob, "move %lld 1 b1 %s 300", (long long)id, reply);
    WAIT_FOR(&w, s->g.n == 2, "bob's move");
    int before_draw = w.nheard;
    tu_raw_send(bob, "draw %lld", (long long)id);
    WAIT_FOR(&w, table_of(&w, &t) && t.offer == NG_OFFER_DRAW, "bob's draw offer");
    assert_int_equal(t.offer_from, 1);
    assert_int_equal(t.asked, 0);
    WAIT_FOR(&w, heard(&w, NEWS_OFFER, before_draw) != NULL, "the offer told");
    h = heard(&w, NEWS_OFFER, before_draw);
    assert_int_equal(h->seat, 1);
    assert_int_equal(h->offer, NG_OFFER_DRAW);
    assert_true(h->up);
    assert_false(h->mine);
    int after_offer = w.nheard;
    assert_int_equal(session_answer_draw(s, 1, clock_ms()), CM_OK);

    /* Drawn by agreement, and rated: both ratings changed. */
    WAIT_FOR(&w,
             table_of(&w, &t) && t.status == LOBBY_OVER && t.seat[0].has_change &&
                 t.seat[1].has_change,
             "the end and its ratings");
    assert_string_equal(t.result, "draw");
    assert_int_equal(t.seat[0].result, LOBBY_RESULT_DRAWN);
    assert_int_equal(t.seat[1].result, LOBBY_RESULT_DRAWN);
    assert_int_equal(t.seat[0].rating_old, 1500);
    assert_true(t.seat[0].rating > 0);
    /* The news: the end, then each rating it changed; an offer accepted by a draw has no
     * news of its own. */
    WAIT_FOR(&w,
             heard(&w, NEWS_RATING, after_offer) != NULL &&
                 heard(&w, NEWS_RATING, (int)(heard(&w, NEWS_RATING, after_offer) - w.heard) + 1),
             "the ratings told");
    const Heard *over = heard(&w, NEWS_OVER, after_offer);
    assert_non_null(over);
    assert_true(over < heard(&w, NEWS_RATING, after_offer));
    assert_true(strlen(over->text) > 0);
    assert_null(heard(&w, NEWS_DECLINE, 0));
    assert_null(heard(&w, NEWS_OFFER_OVER, after_offer));
    assert_null(heard(&w, NEWS_OVER, (int)(over - w.heard) + 1));
    for (h = heard(&w, NEWS_RATING, 0); h != NULL;
         h = heard(&w, NEWS_RATING, (int)(h - w.heard) + 1)) {
        assert_int_equal(h->old_rating, 1500);
        assert_true(strcmp(h->name, "bob") == 0 || strcmp(h->name, me) == 0);
    }
    /* Read from its start, the game's past is news: its move, its chat, its end and ratings,
     * and no offer, as none is under way. */
    int past = w.nheard;
    NewsSeen from_start;
    news_start(&from_start, s, 1);
    session_news(s, 0, &from_start, keep_news, &w);
    h = heard(&w, NEWS_MOVE, past);
    assert_non_null(h);
    assert_string_equal(h->text, text);
    assert_non_null(heard(&w, NEWS_CHAT, past));
    assert_non_null(heard(&w, NEWS_OVER, past));
    assert_non_null(heard(&w, NEWS_RATING, past));
    assert_null(heard(&w, NEWS_OFFER, past));
    assert_null(heard(&w, NEWS_BEGINS, past));
    /* Asked again, nothing is news. */
    int again_n = w.nheard;
    session_news(s, 0, &from_start, keep_news, &w);
    assert_int_equal(w.nheard, again_n);

    /* The record, as the server keeps it, names both players. */
    char base[100], pos_path[200], rec_path[200];
    snprintf(base, sizeof base, "%s/game", dir);
    assert_int_equal(lobby_export(s, base, 0, pos_path, rec_path, sizeof pos_path, &err), CM_OK);
    char *rec = tu_read_file(rec_path, NULL);
    assert_non_null(rec);
    tu_assert_contains(rec, "bob");
    tu_assert_contains(rec, text);
    free(rec);
    assert_int_equal(lobby_export(s, base, 0, pos_path, rec_path, sizeof pos_path, &err),
                     CM_ERR_EXISTS);
    /* '~' is the home directory, as for an export of a game here. */
    char *home = getenv("HOME") ? strdup(getenv("HOME")) : NULL, want[200];
    assert_int_equal(setenv("HOME", dir, 1), 0);
    assert_int_equal(lobby_export(s, "~/tilde", 0, pos_path, rec_path, sizeof pos_path, &err),
                     CM_OK);
    snprintf(want, sizeof want, "%s/tilde.txt", dir);
    assert_string_equal(rec_path, want);
    rec = tu_read_file(want, NULL);
    assert_non_null(rec);
    tu_assert_contains(rec, "bob");
    free(rec);
    if (home != NULL)
        assert_int_equal(setenv("HOME", home, 1), 0);
    else
        unsetenv("HOME");
    free(home);

    /* A rematch: the colours change, bob is invited. */
    LobbyNew again;
    assert_int_equal(lobby_rematch_of(l, s, &again), 0);
    assert_int_equal(again.seat[0].who, LOBBY_WHO_INVITE);
    assert_string_equal(again.seat[0].name, "bob");
    assert_int_equal(again.seat[1].who, LOBBY_WHO_ME);
    assert_true(again.rated);
    assert_int_equal(lobby_create(l, &again, &err), CM_OK);
    snprintf(line, sizeof line, "invite %lld %s camette", (long long)id + 1, me);
    WAIT_FOR(&w, bob_heard(bob, line), "bob's invitation to the rematch");

    /* Bob's connection goes: this player sees him gone. */
    tu_raw_close(bob);
    WAIT_FOR(&w, table_of(&w, &t) && !t.seat[1].present, "bob to be seen gone");
    WAIT_FOR(&w, heard(&w, NEWS_PRESENCE, 0) != NULL, "bob's going told");
    h = heard(&w, NEWS_PRESENCE, 0);
    assert_int_equal(h->seat, 1);
    assert_false(h->up);
    assert_false(news_present(s, 1));
    assert_true(news_present(s, 0));

    session_free(s);
    lobby_free(l);
    remote_close(r);
    free(l);
    free(s);
    free(bob);
    free(w.heard);
    tu_server_stop(server);
    tu_remove_tree(dir);
}

/* Pumps both connections until 'a' has heard 'text', failing the test after a generous while. */
static void both_wait(TuRaw *a, TuRaw *b, const char *text)
{
    uint64_t until = clock_ms() + 20000u * (uint64_t)tu_time_factor();
    while (!tu_raw_heard(a, text) && clock_ms() < until) {
        tu_raw_pump(a);
        tu_raw_pump(b);
        poll(NULL, 0, 5);
    }
    if (!tu_raw_heard(a, text))
        fail_msg("waited in vain for '%s'; heard:\n%s", text, a->in);
}

/* The server's clocks keep the rule of the game here (cm_clock_started): a seat's first move
 * costs no time and earns no increment, however long it was thought about; its second costs
 * what it thought and earns the increment. */
static void test_lobby_server_clock_starts_after_the_first_move(void **state)
{
    (void)state;
    char dir[64], sock[100], line[CM_MOVE_TEXT_MAX + 64];
    tu_temp_dir(dir, sizeof dir);
    pid_t server = tu_server_start(dir, sock, sizeof sock);
    TuRaw *alice = malloc(sizeof *alice), *bob = malloc(sizeof *bob);
    assert_non_null(alice);
    assert_non_null(bob);
    tu_raw_open(alice, sock, "alice");
    tu_raw_open(bob, sock, "bob");
    tu_raw_send(alice, "create camette 60+5 casual W=me B=@bob");
    both_wait(alice, bob, "ok create 1 ");
    tu_raw_send(bob, "join 1");
    both_wait(alice, bob, "start W=60000,B=60000");

    CmError err;
    const CmVariant *v = catalog_get(tu_catalog(), "camette", NULL, &err);
    assert_non_null(v);
    CmGame g;
    assert_int_equal(cm_game_init(&g, v, NULL), CM_OK);
    char text[3][CM_MOVE_TEXT_MAX];
    for (int ply = 0; ply < 3; ply++) {
        CmMoveList *moves = tu_moves(&g.pos);
        cm_move_str(&g.pos, &moves->m[0], text[ply], sizeof text[ply]);
        assert_int_equal(cm_game_play(&g, &moves->m[0]), CM_OK);
        free(moves);
    }
    cm_game_free(&g);

    /* Each seat's first move, after 300 ms: the clocks stay as they began. */
    poll(NULL, 0, 300);
    tu_raw_send(alice, "move 1 0 w1 %s 300", text[0]);
    snprintf(line, sizeof line, "move 0 %s w1 W=60000,B=60000", text[0]);
    both_wait(alice, bob, line);
    poll(NULL, 0, 300);
    tu_raw_send(bob, "move 1 1 b1 %s 300", text[1]);
    snprintf(line, sizeof line, "move 1 %s b1 W=60000,B=60000", text[1]);
    both_wait(alice, bob, line);
    /* White's second: charged what it thought, and the increment earned. */
    poll(NULL, 0, 300);
    tu_raw_send(alice, "move 1 2 w2 %s 300", text[2]);
    snprintf(line, sizeof line, "move 2 %s w2 W=", text[2]);
    both_wait(alice, bob, line);
    const char *at = strstr(alice->in, line);
    long long white = atoll(at + strlen(line));
    assert_true(white > 60000);
    assert_true(white <= 60000 - 300 + 5000);

    tu_raw_close(alice);
    tu_raw_close(bob);
    free(alice);
    free(bob);
    tu_server_stop(server);
    tu_remove_tree(dir);
}

/* A line of the list in words, for the text client, read by the lobby's own reader: each
 * state of a game says what the player may do with it; a line that is no game is refused. */
static void test_lobby_game_in_words(void **state)
{
    (void)state;
    static const struct {
        const char *line, *words;
    } cases[] = {
        {"game 3 camette waiting none casual 0 W W=bob B=open",
         "game 3: camette, none, casual, W=bob B=open; a seat is free: 'join 3'."},
        {"game 4 camette waiting none casual 0 W W=bob B=@alice",
         "game 4: camette, none, casual, W=bob B=@alice; you are invited: 'join 4'."},
        {"game 5 camelot waiting 600+5 rated 0 W W=alice B=open",
         "game 5: camelot, 600+5, rated, W=alice B=open; you play it; it waits for players."},
        {"game 6 camelot playing 600+5 rated 4 W W=alice B=engine:3",
         "game 6: camelot, 600+5, rated, W=alice B=engine:3; you play it; move 3, your move: "
         "'open 6'."},
        {"game 7 camelot playing days:3 casual 5 B W=alice B=bob",
         "game 7: camelot, days:3, casual, W=alice B=bob; you play it; move 3, the others' "
         "move: 'open 7'."},
        {"game 8 grand-cam playing none casual 9 G R=bob G=carol B=dave Y=erin",
         "game 8: grand-cam, none, casual, R=bob G=carol B=dave Y=erin; going on, move 3: "
         "'open 8' watches it."},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        NetMsg *m = malloc(sizeof *m);
        assert_non_null(m);
        assert_int_equal(net_msg_parse(m, cases[i].line, strlen(cases[i].line), NULL), CM_OK);
        LobbyGame g;
        assert_int_equal(lobby_game_read(m, "alice", &g), 0);
        char words[400];
        lobby_game_words(&g, words, sizeof words);
        assert_string_equal(words, cases[i].words);
        free(m);
    }
    static const char *const bad[] = {
        "game x camette waiting none casual 0 W W=bob B=open",
        "game 3 camette waiting none casual 0 W W=bob",
        "game 3 camette waiting none casual 0 W W=bob B=../x",
        "games 3 camette waiting none casual 0 W W=bob B=open",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        NetMsg *m = malloc(sizeof *m);
        assert_non_null(m);
        assert_int_equal(net_msg_parse(m, bad[i], strlen(bad[i]), NULL), CM_OK);
        LobbyGame g;
        assert_int_equal(lobby_game_read(m, "alice", &g), -1);
        free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lobby_reads_the_list_in_sections),
        cmocka_unit_test(test_lobby_variants_and_ratings),
        cmocka_unit_test(test_lobby_invitations_answers_and_refusals),
        cmocka_unit_test(test_lobby_writes_the_form_as_a_request),
        cmocka_unit_test(test_lobby_clock_text),
        cmocka_unit_test(test_lobby_game_in_words),
        cmocka_unit_test(test_lobby_with_a_server),
        cmocka_unit_test(test_lobby_server_clock_starts_after_the_first_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
