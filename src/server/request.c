/* The server's requests: one table of every verb of the protocol (docs/network.md), with what
 * each takes and may do, and the dispatcher that checks a request against it before its
 * handler runs (lobby.c for those that name no game, game_req.c for those of one game), and
 * sees that it gets exactly one answer, whatever happens to the store.
 * SPDX-License-Identifier: MIT */
#include "server_int.h"
#include "camelot/grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARGS_ANY -1 /* a request's words after its verb: any number */

enum {
    REQ_GAME = 1,       /* names a game: its id is the first word after the verb */
    REQ_SEAT = 2,       /* and only one who holds a seat in it may ask */
    REQ_WRITES = 4,     /* may write to the store */
    REQ_ANY_TIME = 8,   /* before 'hello' too */
    REQ_NO_ANSWER = 16, /* answered by nothing ('pong'), or by nothing when it does what it
                         * asks ('as') */
    REQ_AT_ONCE = 32,   /* reads and writes nothing: never waits for the store's turn */
    REQ_HOST = 64,      /* only on the host's connection ('admin') */
};

/* One request of the protocol: its verb, its form as docs/network.md writes it, how many words
 * may follow the verb, what it needs and may do, and its handler: 'lobby' for one that names no
 * game, 'game' for one that does (handed the game, which exists and was read). */
struct Request {
    const char *verb;
    const char *usage;
    int min, max;
    int flags;
    void (*lobby)(Server *s, Client *c, const NetMsg *m);
    void (*game)(Server *s, Client *c, SGame *g, const NetMsg *m);
};

#define ANY REQ_ANY_TIME
#define G REQ_GAME
#define SEAT (REQ_GAME | REQ_SEAT)
#define W REQ_WRITES
#define H REQ_HOST

/* Every request of the protocol, each once. A test holds it to docs/network.md's table. */
static const Request requests[] = {
    /* More than a name after 'as' is a bad name, which closes the connection (lobby_req_as). */
    {"as", "as [NAME]", 0, ARGS_ANY, ANY | REQ_NO_ANSWER, lobby_req_as, NULL},
    {"key", "key FINGERPRINT", 1, 1, ANY | REQ_NO_ANSWER, lobby_req_key, NULL},
    {"signup", "signup NAME", 1, 1, ANY | W, lobby_req_signup, NULL},
    {"addkey", "addkey CODE", 1, 1, ANY | W, lobby_req_addkey, NULL},
    {"hello", "hello VERSION", 1, 1, ANY, lobby_req_hello, NULL},
    {"ping", "ping TOKEN", 1, 1, ANY, lobby_req_ping, NULL},
    {"pong", "pong TOKEN", 0, ARGS_ANY, ANY | REQ_NO_ANSWER | REQ_AT_ONCE, lobby_req_pong, NULL},
    {"variants", "variants", 0, 0, 0, lobby_req_variants, NULL},
    {"games", "games", 0, 0, 0, lobby_req_games, NULL},
    {"ratings", "ratings VARIANT", 1, 1, 0, lobby_req_ratings, NULL},
    {"history", "history [BEFORE]", 0, 1, 0, lobby_req_history, NULL},
    {"profile", "profile NAME", 1, 1, 0, lobby_req_profile, NULL},
    {"create", "create VARIANT TC RATED SEAT=WHO...", 4, 3 + CM_MAX_SEATS, W, game_req_create,
     NULL},
    {"join", "join ID [SEAT]", 1, 2, G | W, NULL, game_req_join},
    {"open", "open ID [SEQ]", 1, 2, G, NULL, game_req_open},
    {"close", "close ID", 1, 1, G, NULL, game_req_close},
    {"leave", "leave ID", 1, 1, SEAT | W, NULL, game_req_leave},
    {"move", "move ID PLY MOVEID MOVE THINK", 5, 5, SEAT | W, NULL, game_req_move},
    {"draw", "draw ID", 1, 1, SEAT | W, NULL, game_req_draw},
    {"takeback", "takeback ID", 1, 1, SEAT | W, NULL, game_req_takeback},
    {"resign", "resign ID", 1, 1, SEAT | W, NULL, game_req_resign},
    {"answer", "answer ID yes|no", 2, 2, G | W, NULL, game_req_answer},
    {"claim", "claim ID [win|engine]", 1, 2, SEAT | W, NULL, game_req_claim},
    {"say", "say ID TEXT", 2, ARGS_ANY, G | W, NULL, game_req_say},
    {"export", "export ID", 1, 1, G, NULL, game_req_export},
    {"tourney", "tourney swiss|robin|rotate VARIANT TC RATED ROUNDS START [engine:LEVEL...]", 6,
     6 + SRV_TOURNEY_ENGINES, W, tourney_req_create, NULL},
    {"tourneys", "tourneys", 0, 0, 0, tourney_req_list, NULL},
    {"enter", "enter TOURNEY [PARTNER]", 1, 2, W, tourney_req_enter, NULL},
    {"withdraw", "withdraw TOURNEY", 1, 1, W, tourney_req_withdraw, NULL},
    {"standings", "standings TOURNEY", 1, 1, 0, tourney_req_standings, NULL},
    {"keys", "keys", 0, 0, 0, lobby_req_keys, NULL},
    {"keycode", "keycode", 0, 0, 0, lobby_req_keycode, NULL},
    {"dropkey", "dropkey FINGERPRINT", 1, 1, W, lobby_req_dropkey, NULL},
    {"quit", "quit", 0, 0, 0, lobby_req_quit, NULL},
    /* The host's ('camelot admin'). */
    {"admin", "admin", 0, 0, ANY | REQ_NO_ANSWER, admin_req_admin, NULL},
    {"players", "players [AFTER]", 0, 1, H, admin_req_players, NULL},
    {"ban", "ban NAME|FINGERPRINT", 1, 1, H | W, admin_req_ban, NULL},
    {"unban", "unban NAME|FINGERPRINT", 1, 1, H | W, admin_req_unban, NULL},
    {"mute", "mute NAME", 1, 1, H | W, admin_req_mute, NULL},
    {"unmute", "unmute NAME", 1, 1, H | W, admin_req_unmute, NULL},
    {"end", "end ID", 1, 1, H | G | W, NULL, admin_req_end},
    {"reset", "reset NAME VARIANT", 2, 2, H | W, admin_req_reset, NULL},
    {"rename", "rename NAME NEW", 2, 2, H | W, admin_req_rename, NULL},
    {"notice", "notice TEXT", 1, ARGS_ANY, H, admin_req_notice, NULL},
    {"limits", "limits", 0, 0, H, admin_req_limits, NULL},
};

#undef ANY
#undef G
#undef SEAT
#undef W
#undef H

#define NREQUESTS (sizeof requests / sizeof *requests)

const char *server_request_usage(int i)
{
    return i >= 0 && (size_t)i < NREQUESTS ? requests[i].usage : NULL;
}

const Request *srv_request_of(const char *line, size_t len)
{
    size_t i = 0;
    while (i < len && line[i] == ' ')
        i++;
    size_t n = 0;
    while (i + n < len && line[i + n] != ' ' && line[i + n] != '\r')
        n++;
    for (size_t k = 0; k < NREQUESTS; k++)
        if (strlen(requests[k].verb) == n && memcmp(requests[k].verb, line + i, n) == 0)
            return &requests[k];
    return NULL;
}

int srv_request_waits(const Request *rq)
{
    return rq == NULL || !(rq->flags & (REQ_WRITES | REQ_AT_ONCE));
}

void srv_syntax(Server *s, Client *c, const char *detail)
{
    const Request *rq = s->req;
    const char *verb = rq != NULL ? rq->verb : "-";
    if (detail != NULL)
        srv_error(s, c, verb, "syntax", "%s: %s", rq != NULL ? rq->usage : "", detail);
    else
        srv_error(s, c, verb, "syntax", "%s", rq != NULL ? rq->usage : "");
}

/* Checks a request against the table, then runs its handler. */
static void run_request(Server *s, Client *c, const Request *rq, const NetMsg *m)
{
    const char *verb = m->argv[0];
    int args = m->argc - 1;
    if (rq == NULL) {
        srv_error(s, c, verb, "unknown", "no such request (see docs/network.md)");
        return;
    }
    if (!(rq->flags & REQ_ANY_TIME) && !c->greeted) {
        srv_error(s, c, verb, "hello", "say 'hello 1' first");
        return;
    }
    int64_t id = 0;
    if ((rq->flags & REQ_GAME) && (args < 1 || !net_game_id(m->argv[1], &id))) {
        srv_error(s, c, verb, "bad-id", "a game's id is a number the server gave");
        return;
    }
    if (args < rq->min || (rq->max != ARGS_ANY && args > rq->max)) {
        srv_syntax(s, c, NULL);
        return;
    }
    if ((rq->flags & REQ_HOST) && !c->admin) {
        srv_error(s, c, verb, "denied", "only the host of this server may");
        return;
    }
    if (!(rq->flags & REQ_GAME)) {
        rq->lobby(s, c, m);
        return;
    }
    SGame *g = srv_game(s, id);
    if (g == NULL) {
        srv_error(s, c, verb, "no-game", "there is no game %lld", (long long)id);
        return;
    }
    if (g->ng.v == NULL) {
        srv_error(s, c, verb, "no-game", "the game cannot be read");
        return;
    }
    if ((rq->flags & REQ_SEAT) && game_seats(g, c->name) == 0) {
        srv_error(s, c, verb, "denied", "you play no seat in game %lld", (long long)id);
        return;
    }
    rq->game(s, c, g, m);
}

/* Keeps 'c''s request 'verb' among those of the store's turn. */
static void tx_request(Server *s, Client *c, const char *verb)
{
    if (cm_grow(&s->tx_reqs, &s->tx_reqcap, s->ntx_reqs + 1, sizeof *s->tx_reqs, 64) != 0) {
        /* Without a place to keep it, the turn cannot answer it again: it ends here. */
        CmError err;
        cm_error_set(&err, CM_ERR_NOMEM, 0, 0, "out of memory");
        srv_write_failed(s, &err);
        srv_close(s, c);
        return;
    }
    s->tx_reqs[s->ntx_reqs].c = c;
    snprintf(s->tx_reqs[s->ntx_reqs].verb, sizeof s->tx_reqs[s->ntx_reqs].verb, "%s", verb);
    s->ntx_reqs++;
}

/* Handles one request: it gets one answer, whatever happens to the store. */
void srv_dispatch(Server *s, Client *c, const Request *rq, const NetMsg *m)
{
    s->req_c = c;
    s->req = rq;
    s->req_answers = 0;
    s->refused = 0;
    run_request(s, c, rq, m);
    s->req_c = NULL;
    s->req = NULL;
    /* A request that may write, answered within the store's turn: answered again if the turn
     * fails. */
    if (rq != NULL && (rq->flags & REQ_WRITES) && (s->tx_open || s->tx_failed))
        tx_request(s, c, m->argv[0]);
    if (s->tx_failed) {
        srv_rollback(s);
        return;
    }
    if (s->req_answers == 0 && !(rq != NULL && (rq->flags & REQ_NO_ANSWER))) {
        if (s->refused)
            srv_sendf(s, c, "error %s store %s", m->argv[0], s->store_why);
        else if (!c->closing)
            srv_log(s, "%s: '%s' got no answer", c->name, m->argv[0]);
    } else if (s->req_answers > 1) {
        srv_log(s, "%s: '%s' got %d answers", c->name, m->argv[0], s->req_answers);
    }
}
