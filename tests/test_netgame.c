/* A game played over the network as its events (src/session/netgame.c): every kind of event
 * applied, every kind refused with the game left exactly as it was, the whole state sent and
 * read back into a fresh game (moves and their ids, clocks, the offer, each audience's chat,
 * the end), and the record of a game, which replays to the same moves and result.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/movegen.h"
#include "camelot/notation.h"
#include "camelot/record.h"
#include "session/netgame.h"
#include "testutil.h"
#include "tu_session.h"

#define DESC_MAX 65536

/* Applies the event 'body' as event 'seq'. */
static CmStatus ev(NetGame *ng, int64_t seq, const char *body, CmError *err)
{
    static NetMsg m;
    cm_error_init(err, NULL);
    CmStatus st = net_msg_parse(&m, body, strlen(body), err);
    if (st != CM_OK)
        fail_msg("the event '%s' is not a line: %s", body, err->msg);
    return netgame_apply(ng, seq, m.argc, m.argv, m.rest, err);
}

/* Applies 'body' as event 'seq' split at spaces without the checks of a line, as a caller
 * that does not parse lines could: netgame's own checks alone must refuse what is bad. */
static CmStatus ev_words(NetGame *ng, int64_t seq, const char *body, CmError *err)
{
    static char line[NET_LINE_MAX + 1], words[NET_LINE_MAX + 1];
    const char *argv[64], *rest[64];
    int argc = 0;
    snprintf(line, sizeof line, "%s", body);
    snprintf(words, sizeof words, "%s", body);
    for (size_t i = 0; words[i] != '\0' && argc < 64;) {
        while (words[i] == ' ')
            i++;
        if (words[i] == '\0')
            break;
        argv[argc] = words + i;
        rest[argc++] = line + i;
        while (words[i] != ' ' && words[i] != '\0')
            i++;
        if (words[i] == ' ')
            words[i++] = '\0';
    }
    cm_error_init(err, NULL);
    return netgame_apply(ng, seq, argc, argv, rest, err);
}

/* Applies the events, one a line, numbered from 'seq'; each must apply. */
static int64_t evs(NetGame *ng, int64_t seq, const char *const *bodies, int n)
{
    CmError err;
    for (int i = 0; i < n; i++, seq++)
        if (ev(ng, seq, bodies[i], &err) != CM_OK)
            fail_msg("event %lld '%s' was refused: %s", (long long)seq, bodies[i], err.msg);
    return seq;
}

/* Everything a game holds, as text, to compare two games or a game before and after. */
static void describe(const NetGame *ng, char *buf, size_t size)
{
    size_t len = 0;
#define ADD(...)                                                                                   \
    do {                                                                                           \
        if (len < size)                                                                            \
            len += (size_t)snprintf(buf + len, size - len, __VA_ARGS__);                           \
    } while (0)
    ADD("id %lld seq %lld variant '%s' %s rated %d base %lld inc %lld days %d until %lld\n",
        (long long)ng->id, (long long)ng->seq, ng->variant, netgame_status_name(ng->status),
        ng->rated, (long long)ng->base_ms, (long long)ng->inc_ms, ng->days,
        (long long)ng->deadline);
    for (int seat = 0; seat < CM_MAX_SEATS; seat++)
        ADD("seat %d: %d '%s' %d clock %lld\n", seat, ng->seat[seat].kind, ng->seat[seat].name,
            ng->seat[seat].level, (long long)ng->clock[seat]);
    /* Who said yes means something only while an offer is made. */
    ADD("offer %s from %d yes %x declined %d\n", netgame_offer_name(ng->offer), ng->offer_from,
        ng->offer != NG_OFFER_NONE ? ng->offer_yes : 0, ng->offer_declined);
    ADD("end '%s' '%s' '%s' over %d draw %d winner %d seats %x reason %d\n", ng->result,
        ng->termination, ng->sentence, ng->outcome.over, ng->outcome.draw, ng->outcome.winner,
        ng->outcome.seats, (int)ng->outcome.reason);
    if (ng->v != NULL) {
        ADD("plies %d hash %llx to move %d\n", ng->g.n, (unsigned long long)ng->g.pos.hash,
            ng->g.pos.to_move);
        for (int i = 0; i < ng->g.n; i++) {
            char text[CM_MOVE_TEXT_MAX];
            cm_move_effect_str(&ng->g.ply[i].move, text, sizeof text);
            ADD("  %s %s\n", text, ng->move_id[i]);
        }
    }
    for (int room = 0; room < 2; room++) {
        /* The messages kept (a state holds those, not the count of all ever said). */
        int n = ng->nchat[room];
        ADD("chat %d:\n", room);
        for (int i = n > NETGAME_CHAT_KEEP ? n - NETGAME_CHAT_KEEP : 0; i < n; i++) {
            const NgChat *c = &ng->chat[room][i % NETGAME_CHAT_KEEP];
            ADD("  %lld %s: %s\n", (long long)c->seq, c->name, c->text);
        }
    }
#undef ADD
    assert_true(len < size);
}

/* Fails, showing the first line that differs, unless two descriptions are the same. */
static void assert_same(const char *what, const char *a, const char *b)
{
    if (strcmp(a, b) == 0)
        return;
    int line = 1;
    while (*a == *b && *a != '\0') {
        line += *a == '\n';
        a++, b++;
    }
    while (line > 1 && a[-1] != '\n')
        a--, b--;
    fail_msg("%s: line %d differs:\n%.*s\n%.*s", what, line, (int)strcspn(a, "\n"), a,
             (int)strcspn(b, "\n"), b);
}

/* A game of Camette made by alice with bob invited, begun: events 1 to 3. */
static void camette_begun(NetGame *ng)
{
    static const char *const start[] = {
        "create camette 300+2 casual W=alice B=@bob",
        "seat B bob",
        "start W=300000,B=300000",
    };
    netgame_init(ng, 7, tu_catalog());
    evs(ng, 1, start, 3);
}

static void test_netgame_each_event(void **state)
{
    (void)state;
    static NetGame ng;
    CmError err;
    netgame_init(&ng, 7, tu_catalog());
    assert_int_equal(ev(&ng, 1, "create camette 300+2 casual W=alice B=@bob", &err), CM_OK);
    assert_non_null(ng.v);
    assert_string_equal(ng.variant, "camette");
    assert_int_equal(ng.status, NG_WAITING);
    assert_int_equal(ng.base_ms, 300000);
    assert_int_equal(ng.inc_ms, 2000);
    assert_int_equal(ng.seat[0].kind, NG_PLAYER);
    assert_string_equal(ng.seat[0].name, "alice");
    assert_int_equal(ng.seat[1].kind, NG_INVITED);
    assert_string_equal(ng.seat[1].name, "bob");
    assert_int_equal(ng.clock[1], 300000);
    char text[256];
    netgame_seats_text(&ng, text, sizeof text);
    assert_string_equal(text, "W=alice B=@bob");
    netgame_tc_text(&ng, text, sizeof text);
    assert_string_equal(text, "300+2");

    assert_int_equal(ev(&ng, 2, "seat B bob", &err), CM_OK);
    assert_int_equal(ng.seat[1].kind, NG_PLAYER);
    assert_int_equal(netgame_seat_of(&ng, "bob", NULL), 1);
    assert_int_equal(ev(&ng, 3, "start W=299000,B=300000", &err), CM_OK);
    assert_int_equal(ng.status, NG_PLAYING);
    assert_int_equal(ng.clock[0], 299000);

    assert_int_equal(ev(&ng, 4, "move 0 C3-B2 m1 W=301000,B=300000", &err), CM_OK);
    assert_int_equal(ng.g.n, 1);
    assert_string_equal(ng.move_id[0], "m1");
    assert_int_equal(ng.clock[0], 301000);
    assert_int_equal(ng.g.pos.to_move, 1);
    netgame_clocks_text(&ng, text, sizeof text);
    assert_string_equal(text, "W=301000,B=300000");

    assert_int_equal(ev(&ng, 5, "offer draw B", &err), CM_OK);
    assert_int_equal(ng.offer, NG_OFFER_DRAW);
    assert_int_equal(ng.offer_from, 1);
    assert_int_equal(ng.offer_yes, 2u);
    assert_int_equal(ev(&ng, 6, "answer W no", &err), CM_OK);
    assert_int_equal(ng.offer, NG_OFFER_NONE);
    assert_int_equal(ng.offer_declined, 0);
    assert_int_equal(ev(&ng, 7, "offer takeback W", &err), CM_OK);
    assert_int_equal(ng.offer_declined, -1);
    assert_int_equal(ev(&ng, 8, "answer B yes", &err), CM_OK);
    assert_int_equal(ng.offer, NG_OFFER_TAKEBACK);
    assert_int_equal(ng.offer_yes, 3u);
    assert_int_equal(ev(&ng, 9, "takeback 0 W=300000,B=300000", &err), CM_OK);
    assert_int_equal(ng.g.n, 0);
    assert_int_equal(ng.offer, NG_OFFER_NONE);
    assert_int_equal(ng.clock[0], 300000);

    /* Sequence numbers may skip (the other audience's chat). */
    assert_int_equal(ev(&ng, 11, "chat alice well  met ", &err), CM_OK);
    assert_int_equal(ng.nchat[0], 1);
    assert_string_equal(ng.chat[0][0].text, "well  met ");
    assert_string_equal(ng.chat[0][0].name, "alice");
    assert_int_equal(ng.chat[0][0].seq, 11);
    assert_int_equal(ev(&ng, 12, "kibitz eve a quiet one", &err), CM_OK);
    assert_int_equal(ng.nchat[1], 1);
    assert_string_equal(ng.chat[1][0].text, "a quiet one");
    /* As many words as the text's bytes allow: 200 of one letter. */
    char many[NET_TEXT_MAX + 32];
    size_t len = (size_t)snprintf(many, sizeof many, "chat bob w");
    for (int i = 1; i < NET_TEXT_MAX / 2; i++)
        len += (size_t)snprintf(many + len, sizeof many - len, " w");
    assert_int_equal(ev(&ng, 13, many, &err), CM_OK);
    assert_int_equal(strlen(ng.chat[0][1].text), NET_TEXT_MAX - 1);
    assert_string_equal(ng.chat[0][1].text, many + 9);

    assert_int_equal(ev(&ng, 14, "engine B 7", &err), CM_OK);
    assert_int_equal(ng.seat[1].kind, NG_ENGINE);
    assert_int_equal(ng.seat[1].level, 7);
    assert_int_equal(ng.seat[1].name[0], '\0');
    assert_int_equal(netgame_seat_of(&ng, "bob", NULL), -1);

    /* A move makes an offer end. */
    assert_int_equal(ev(&ng, 15, "offer draw W", &err), CM_OK);
    assert_int_equal(ev(&ng, 16, "move 0 C3-B2 m2 W=302000,B=300000", &err), CM_OK);
    assert_int_equal(ng.offer, NG_OFFER_NONE);

    assert_int_equal(ev(&ng, 17, "end W resignation Black resigns. White wins.", &err), CM_OK);
    assert_int_equal(ng.status, NG_OVER);
    assert_string_equal(ng.result, "W");
    assert_string_equal(ng.termination, "resignation");
    assert_string_equal(ng.sentence, "Black resigns. White wins.");
    assert_int_equal(ng.outcome.over, 1);
    assert_int_equal(ng.outcome.winner, ng.v->seat[0].team);
    assert_int_equal(ev(&ng, 18, "rating alice 1500 1562", &err), CM_OK);
    assert_int_equal(ng.seq, 18);
    netgame_free(&ng);

    /* Four seats, an engine seat, a correspondence clock, and a team's result. */
    netgame_init(&ng, 8, tu_catalog());
    static const char *const four[] = {
        "create grand-camelot days:3 rated R=alice G=engine:4 B=@carol Y=open",
        "seat Y dave",
        "seat B carol",
        "start until=1764300000",
    };
    evs(&ng, 1, four, 4);
    assert_int_equal(ng.days, 3);
    assert_int_equal(ng.rated, 1);
    assert_int_equal(ng.deadline, INT64_C(1764300000));
    assert_int_equal(ng.seat[1].kind, NG_ENGINE);
    assert_int_equal(ng.seat[1].level, 4);
    netgame_clocks_text(&ng, text, sizeof text);
    assert_string_equal(text, "until=1764300000");
    netgame_tc_text(&ng, text, sizeof text);
    assert_string_equal(text, "days:3");
    assert_int_equal(ev(&ng, 5, "end R+B abandoned Green left the game.", &err), CM_OK);
    assert_int_equal(ng.outcome.seats, ng.v->team_seats[ng.v->seat[0].team]);
    netgame_free(&ng);
}

static void test_netgame_refusals_change_nothing(void **state)
{
    (void)state;
    static NetGame ng;
    static char before[DESC_MAX], after[DESC_MAX];
    CmError err;

    /* Nothing but 'create' before 'create'. */
    netgame_init(&ng, 7, tu_catalog());
    describe(&ng, before, sizeof before);
    static const char *const early[] = {
        "seat W alice",
        "start W=1,B=1",
        "chat alice hi",
        "move 0 C3-B2 m1 -",
        "end W castle",
        "create nosuch 300+2 casual W=alice B=bob",
        "create ../camette 300+2 casual W=a B=b",
        "create camette 300+2 casual W=alice",       /* a seat not given */
        "create camette 300+2 casual W=alice W=bob", /* a seat twice */
        "create camette 300+2 casual W=alice B=bob R=carol",
        "create camette 300 casual W=alice B=bob",
        "create camette 300+2 maybe W=alice B=bob",
        "create camette 86401+0 casual W=alice B=bob",
        "create camette days:61 casual W=a B=b",
        "create camette none casual W=alice B=engine:11",
        "create camette none casual W=_x B=y",
        "create",
        "nonsense"};
    for (size_t i = 0; i < sizeof early / sizeof *early; i++) {
        CmStatus st = ev_words(&ng, 1, early[i], &err);
        if (st == CM_OK)
            fail_msg("'%s' applied to a game not made", early[i]);
        assert_true(err.msg[0] != '\0');
        describe(&ng, after, sizeof after);
        if (strcmp(before, after) != 0)
            fail_msg("'%s' was refused but changed the game:\n%s\nto\n%s", early[i], before, after);
    }
    netgame_free(&ng);

    /* A game under way, with a move, an offer and chat: each bad event changes nothing. */
    camette_begun(&ng);
    static const char *const going[] = {
        "move 0 C3-B2 m1 W=301000,B=300000",
        "chat bob hello",
        "offer draw W",
    };
    int64_t seq = evs(&ng, 4, going, 3);
    describe(&ng, before, sizeof before);
    static const char *const bad[] = {
        /* every kind */
        "create camette 300+2 casual W=alice B=bob", "unknown", "seat", "seat X bob", "seat W",
        "seat W b@d", "seat W engine:0", "seat W engine:11", "seat W @", "engine W", "engine W 0",
        "engine W 11", "engine Q 5", "start W=1,B=1",
        /* moves: the ply, the move, the id, the clocks, the words */
        "move 0 C5-E5 m2 W=1,B=1", "move 2 C5-E5 m2 W=1,B=1", "move 1 C3-B2 m2 W=1,B=1",
        "move 1 Z9-Z8 m2 W=1,B=1", "move 1 C5-E5 m.2 W=1,B=1", "move 1 C5-E5 m2 X=1",
        "move 1 C5-E5 m2 W=x", "move 1 C5-E5 m2 W=1,,B=1", "move 1 C5-E5 m2",
        "move 1 C5-E5 m2 W=1 extra", "move 1 C5-E5 abcdefghijklmnopq W=1,B=1",
        /* offers and answers */
        "offer draw", "offer peace W", "offer draw X", "answer X yes", "answer B maybe", "answer B",
        "takeback 5 W=1,B=1", "takeback -1 W=1,B=1", "takeback 0 W=z", "takeback 0",
        /* chat */
        "chat bob", "chat b@d hi", "chat bob \xe2\x80\xae", "chat bob \x1b[31mred", "chat bob    ",
        "kibitz eve", "kibitz _eve hi",
        /* the end */
        "end", "end W", "end B+W castle", "end R castle", "end Black castle",
        "end W a-termination-too-long-to-keep", "end X time", "rating alice 1500", "rating b@d 1 2",
        /* an end that does not fit the board, or whose result does not fit its termination
         * (a record of it would not read) */
        "end W castle", "end draw material", "end * resignation", "end draw resignation",
        "end W agreement", "end * agreement"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CmStatus st = ev_words(&ng, seq, bad[i], &err);
        if (st == CM_OK)
            fail_msg("'%s' applied", bad[i]);
        if (st != CM_ERR_SYNTAX && st != CM_ERR_ILLEGAL && st != CM_ERR_SCHEMA)
            fail_msg("'%s' refused with status %d", bad[i], st);
        assert_true(err.msg[0] != '\0');
        describe(&ng, after, sizeof after);
        if (strcmp(before, after) != 0)
            fail_msg("'%s' was refused (%s) but changed the game:\n%s\nto\n%s", bad[i], err.msg,
                     before, after);
    }
    /* An event not after the last: refused whatever it says. */
    assert_int_equal(ev(&ng, seq - 1, "chat bob again", &err), CM_ERR_SYNTAX);
    assert_int_equal(ev(&ng, 1, "answer B no", &err), CM_ERR_SYNTAX);
    describe(&ng, after, sizeof after);
    assert_string_equal(before, after);
    /* And a good one still applies. */
    assert_int_equal(ev(&ng, seq, "answer B no", &err), CM_OK);
    netgame_free(&ng);

    /* A game over: no move, no offer, no start. */
    camette_begun(&ng);
    assert_int_equal(ev(&ng, 4, "end B resignation White resigns.", &err), CM_OK);
    describe(&ng, before, sizeof before);
    static const char *const over[] = {"move 0 C3-B2 m1 W=1,B=1", "offer draw W", "start W=1,B=1",
                                       "answer W yes"};
    for (size_t i = 0; i < sizeof over / sizeof *over; i++) {
        if (ev(&ng, 5, over[i], &err) == CM_OK)
            fail_msg("'%s' applied to a game over", over[i]);
        describe(&ng, after, sizeof after);
        assert_string_equal(before, after);
    }
    netgame_free(&ng);
}

/* ---- The whole state ---------------------------------------------------------------------- */

typedef struct Lines {
    char text[64][NET_LINE_MAX + 1];
    int n;
    int stop_at; /* returns nonzero at this line (-1: never) */
} Lines;

static int keep_line(void *ud, const char *line, size_t len)
{
    Lines *l = ud;
    assert_true(len <= NET_LINE_MAX);
    assert_true(l->n < 64);
    assert_int_equal(strlen(line), len);
    memcpy(l->text[l->n], line, len + 1);
    if (l->n++ == l->stop_at)
        return 9;
    return 0;
}

/* Reads the lines of a whole state into 'ng' as a client does: each as the server sends it,
 * "sync ID " and the line, which must be a line of the protocol. */
static void read_state(NetGame *ng, const Lines *l)
{
    static NetMsg m;
    static char line[2 * NET_LINE_MAX];
    int done = 0;
    for (int i = 0; i < l->n; i++) {
        CmError err;
        cm_error_init(&err, NULL);
        int n = snprintf(line, sizeof line, "sync %lld %s", (long long)ng->id, l->text[i]);
        if (net_msg_parse(&m, line, (size_t)n, &err) != CM_OK)
            fail_msg("the state's line %d, of %d bytes, is not a line: %s", i, n, err.msg);
        assert_int_equal(m.argc >= 3, 1);
        if (netgame_sync_apply(ng, m.argc - 2, m.argv + 2, m.rest + 2, &done, &err) != CM_OK)
            fail_msg("the state's line '%s' was refused: %s", l->text[i], err.msg);
        assert_int_equal(done, i == l->n - 1);
    }
}

/* Plays random legal moves, each as an event with its id and clocks, until 'plies' or the end
 * of the game on the board. Returns the next sequence number. */
static int64_t play_random(NetGame *ng, int64_t seq, int plies, uint64_t *rng)
{
    static CmMoveList list;
    for (int i = 0; i < plies && !ng->g.outcome.over; i++) {
        cm_movegen_all(&ng->g.pos, &list);
        if (list.n == 0)
            break;
        char text[CM_MOVE_TEXT_MAX], body[CM_MOVE_TEXT_MAX + 300], clocks[200];
        cm_move_str(&ng->g.pos, &list.m[tu_rand_below(rng, list.n)], text, sizeof text);
        int64_t clock[CM_MAX_SEATS];
        memcpy(clock, ng->clock, sizeof clock);
        clock[ng->g.pos.to_move] -= tu_rand_below(rng, 5000);
        size_t len = 0;
        for (int seat = 0; seat < ng->v->nseats; seat++)
            len += (size_t)snprintf(clocks + len, sizeof clocks - len, "%s%c=%lld", seat ? "," : "",
                                    ng->v->seat[seat].letter, (long long)clock[seat]);
        snprintf(body, sizeof body, "move %d %s id-%d %s", ng->g.n, text, ng->g.n, clocks);
        CmError err;
        if (ev(ng, seq++, body, &err) != CM_OK)
            fail_msg("'%s': %s", body, err.msg);
    }
    return seq;
}

static void test_netgame_sync_round_trip(void **state)
{
    (void)state;
    static NetGame ng, back, watcher;
    static Lines l;
    static char a[DESC_MAX], b[DESC_MAX];
    CmError err;
    uint64_t rng = 11;
    static const char *const start[] = {
        "create grand-camelot 900+10 rated R=alice G=bob B=carol Y=engine:3",
        "start R=900000,G=900000,B=900000,Y=900000",
    };
    /* The longest id a game has: the lines of its state have the least room. */
    const int64_t id = INT64_C(999999999999999);
    netgame_init(&ng, id, tu_catalog());
    int64_t seq = evs(&ng, 1, start, 2);
    seq = play_random(&ng, seq, 300, &rng);
    assert_true(ng.g.n > 100); /* more moves than one line holds */
    /* More chat than is kept, in both rooms, some of it long. */
    char body[NET_TEXT_MAX + 64];
    for (int i = 0; i < NETGAME_CHAT_KEEP + 9; i++) {
        snprintf(body, sizeof body, "chat %s message %d %0*d", i % 2 ? "alice" : "bob", i,
                 i % 5 == 0 ? 360 : 1, i);
        if (i % 7 == 0) { /* words as many as the bytes allow */
            size_t at = strlen(i % 2 ? "chat alice " : "chat bob ");
            for (size_t k = at; k + 1 < at + NET_TEXT_MAX; k += 2)
                body[k] = 'x', body[k + 1] = k + 2 < at + NET_TEXT_MAX ? ' ' : '\0';
        }
        assert_int_equal(ev(&ng, seq++, body, &err), CM_OK);
        if (i % 3 == 0) {
            snprintf(body, sizeof body, "kibitz eve watching %d", i);
            assert_int_equal(ev(&ng, seq++, body, &err), CM_OK);
        }
    }
    snprintf(body, sizeof body, "offer draw %c", ng.v->seat[ng.g.pos.to_move].letter);
    assert_int_equal(ev(&ng, seq++, body, &err), CM_OK);
    int other = (ng.g.pos.to_move + 1) % 4;
    snprintf(body, sizeof body, "answer %c yes", ng.v->seat[other].letter);
    assert_int_equal(ev(&ng, seq++, body, &err), CM_OK);

    /* A player's state: everything but the watchers' chat and who declined last. */
    l.n = 0;
    l.stop_at = -1;
    assert_int_equal(netgame_sync(&ng, 0, keep_line, &l), 0);
    assert_true(strncmp(l.text[0], "begin ", 6) == 0);
    assert_string_equal(l.text[l.n - 1], "done");
    int moves_lines = 0;
    for (int i = 0; i < l.n; i++)
        moves_lines += strncmp(l.text[i], "moves ", 6) == 0;
    assert_true(moves_lines > 1);
    netgame_init(&back, id, tu_catalog());
    read_state(&back, &l);
    ng.offer_declined = back.offer_declined; /* not part of the state */
    int nkibitz = ng.nchat[1];
    ng.nchat[1] = 0;
    describe(&ng, a, sizeof a);
    describe(&back, b, sizeof b);
    assert_same("a player's state read back", a, b);
    ng.nchat[1] = nkibitz;

    /* A watcher's: the watchers' chat and not the players'. */
    l.n = 0;
    assert_int_equal(netgame_sync(&ng, 1, keep_line, &l), 0);
    netgame_init(&watcher, id, tu_catalog());
    read_state(&watcher, &l);
    assert_int_equal(watcher.nchat[0], 0);
    assert_int_equal(watcher.nchat[1], ng.nchat[1]);
    assert_string_equal(watcher.chat[1][(ng.nchat[1] - 1) % NETGAME_CHAT_KEEP].text,
                        ng.chat[1][(ng.nchat[1] - 1) % NETGAME_CHAT_KEEP].text);

    /* Both go on from the state as the game does, and end the same. */
    assert_int_equal(ev(&ng, seq, "end draw agreement Draw agreed.", &err), CM_OK);
    assert_int_equal(ev(&back, seq, "end draw agreement Draw agreed.", &err), CM_OK);
    seq++;
    l.n = 0;
    assert_int_equal(netgame_sync(&ng, 0, keep_line, &l), 0);
    read_state(&watcher, &l); /* a state replaces what the game had */
    ng.nchat[1] = 0;
    ng.offer_declined = watcher.offer_declined;
    describe(&ng, a, sizeof a);
    describe(&watcher, b, sizeof b);
    assert_same("a state over another game", a, b);
    back.offer_declined = ng.offer_declined;
    back.nchat[1] = 0;
    describe(&back, b, sizeof b);
    assert_same("the state read back, then the end", a, b);

    /* 'emit' stops the state at its first nonzero answer. */
    l.n = 0;
    l.stop_at = 1;
    assert_int_equal(netgame_sync(&ng, 0, keep_line, &l), 9);
    assert_int_equal(l.n, 2);
    netgame_free(&ng);
    netgame_free(&back);
    netgame_free(&watcher);

    /* A game not made yet is a state of two lines. */
    netgame_init(&ng, 3, tu_catalog());
    l.n = 0;
    l.stop_at = -1;
    assert_int_equal(netgame_sync(&ng, 0, keep_line, &l), 0);
    assert_int_equal(l.n, 2);
    assert_string_equal(l.text[0], "begin 0");
    assert_string_equal(l.text[1], "done");
    netgame_free(&ng);
}

/* ---- The record --------------------------------------------------------------------------- */

/* The record of 'ng' read back and replayed: the same moves and the same result. */
static void check_record(const NetGame *ng, const char *want_result, const char *want_term)
{
    char *text = netgame_record(ng, "test");
    assert_non_null(text);
    static CmRecord rec;
    CmError err;
    cm_error_init(&err, NULL);
    if (cm_record_parse(text, strlen(text), &rec, &err) != CM_OK)
        fail_msg("the record does not read: %s\n%s", err.msg, text);
    assert_string_equal(cm_record_tag(&rec, "Variant"), ng->variant);
    assert_string_equal(cm_record_tag(&rec, "Site"), "test");
    static CmGame g;
    CmPosition start;
    assert_int_equal(cm_record_start(&rec, ng->v, &start, &err), CM_OK);
    assert_int_equal(cm_game_init(&g, ng->v, &start), CM_OK);
    if (cm_record_replay(&rec, &g, &err) != CM_OK)
        fail_msg("the record does not replay: %s\n%s", err.msg, text);
    assert_int_equal(g.n, ng->g.n);
    for (int i = 0; i < g.n; i++)
        assert_true(cm_move_same(&g.ply[i].move, &ng->g.ply[i].move));
    assert_true(g.pos.hash == ng->g.pos.hash);
    char result[16];
    if (g.outcome.over) {
        cm_result_str(ng->v, &g.outcome, result, sizeof result);
        assert_string_equal(result, want_result);
        assert_string_equal(cm_reason_name(g.outcome.reason), want_term);
    } else {
        assert_string_equal(cm_record_tag(&rec, "Result"), want_result);
        assert_string_equal(cm_record_tag(&rec, "Termination"), want_term);
    }
    assert_string_equal(rec.result, want_result);
    cm_game_free(&g);
    cm_record_free(&rec);
    free(text);
}

static void test_netgame_record_replays(void **state)
{
    (void)state;
    static NetGame ng;
    char result[16], body[64];
    CmError err;
    /* Random games to their end on the board. */
    for (uint64_t seed = 1; seed <= 12; seed++) {
        uint64_t rng = seed;
        camette_begun(&ng);
        int64_t seq = play_random(&ng, 4, 2000, &rng);
        if (!ng.g.outcome.over)
            fail_msg("seed %d: %d plies, not over", (int)seed, ng.g.n);
        cm_result_str(ng.v, &ng.g.outcome, result, sizeof result);
        /* Only the end the board shows: not another result, reason or an end off the board. */
        static const char *const other[] = {"end * aborted", "end draw agreement",
                                            "end W resignation", "end B time"};
        for (size_t i = 0; i < sizeof other / sizeof *other; i++)
            assert_int_equal(ev(&ng, seq, other[i], &err), CM_ERR_SYNTAX);
        snprintf(body, sizeof body, "end %s castle", strcmp(result, "W") == 0 ? "B" : "W");
        assert_int_equal(ev(&ng, seq, body, &err), CM_ERR_SYNTAX);
        snprintf(body, sizeof body, "end %s %s The game is over.", result,
                 cm_reason_name(ng.g.outcome.reason));
        assert_int_equal(ev(&ng, seq, body, &err), CM_OK);
        check_record(&ng, result, cm_reason_name(ng.g.outcome.reason));
        netgame_free(&ng);
    }
    /* A game ended off the board says how in its tags. */
    uint64_t rng = 99;
    camette_begun(&ng);
    int64_t seq = play_random(&ng, 4, 2, &rng);
    assert_false(ng.g.outcome.over);
    assert_int_equal(ev(&ng, seq, "end B time White ran out of time.", &err), CM_OK);
    check_record(&ng, "B", "time");
    netgame_free(&ng);
    /* No record before the game is made. */
    netgame_init(&ng, 1, tu_catalog());
    assert_null(netgame_record(&ng, NULL));
    netgame_free(&ng);
}

static void test_netgame_time_controls(void **state)
{
    (void)state;
    int64_t base, inc;
    int days;
    assert_int_equal(netgame_tc_parse("600+5", &base, &inc, &days), 0);
    assert_true(base == 600000 && inc == 5000 && days == 0);
    assert_int_equal(netgame_tc_parse("86400+600", &base, &inc, &days), 0);
    assert_int_equal(netgame_tc_parse("1+0", &base, &inc, &days), 0);
    assert_int_equal(netgame_tc_parse("days:60", &base, &inc, &days), 0);
    assert_true(base == 0 && inc == 0 && days == 60);
    assert_int_equal(netgame_tc_parse("none", &base, &inc, &days), 0);
    assert_true(base == 0 && inc == 0 && days == 0);
    static const char *const bad[] = {
        "",        "600",     "600+",   "+5",      "0+5",
        "86401+0", "600+601", "600+-1", "days:0",  "days:61",
        "days:",   "days:x",  "10m+5",  "600+5+5", "12345678901234567890123+1"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (netgame_tc_parse(bad[i], &base, &inc, &days) == 0)
            fail_msg("the time control '%s' was read", bad[i]);

    /* The wait before a claim grows with the clock: a seat's time and 40 increments under 8
     * minutes, under 25, longer or none; a deadline instead of a claim. */
    static const struct {
        const char *tc;
        int64_t want;
    } claims[] = {{"180+2", 40000},  {"300+0", 40000},   {"300+5", 80000}, {"600+5", 80000},
                  {"900+10", 80000}, {"1500+0", 120000}, {"none", 120000}, {"days:3", 0}};
    NetGame ng;
    netgame_init(&ng, 1, tu_catalog());
    for (size_t i = 0; i < sizeof claims / sizeof *claims; i++) {
        assert_int_equal(netgame_tc_parse(claims[i].tc, &ng.base_ms, &ng.inc_ms, &ng.days), 0);
        if (netgame_claim_ms(&ng, NETGAME_CLAIM_MS) != claims[i].want)
            fail_msg("%s: a claim after %lld ms", claims[i].tc,
                     (long long)netgame_claim_ms(&ng, NETGAME_CLAIM_MS));
    }
    netgame_free(&ng);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_netgame_each_event),
        cmocka_unit_test(test_netgame_refusals_change_nothing),
        cmocka_unit_test(test_netgame_sync_round_trip),
        cmocka_unit_test(test_netgame_record_replays),
        cmocka_unit_test(test_netgame_time_controls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
