/* The session's backend for a game on a server: the session follows the game the server's
 * events build (remote.c), and what a player does goes to the server as a request, which the
 * server's events then confirm or its refusal takes back. The backend for a game here is in
 * session.c and offer.c.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "clock.h"
#include "remote.h"
#include "session_int.h"

/* ---- A session on a followed game ------------------------------------------------------ */

RemoteGame *session_remote_game(const Session *s)
{
    return s->net != NULL ? remote_game(s->net, s->net_game) : NULL;
}

Remote *session_remote(const Session *s)
{
    return s->net;
}

/* The seats of the session: this player's are people's here; the others play elsewhere. */
static void seats_from(Session *s, const RemoteGame *g, const char *me)
{
    const NetGame *ng = &g->ng;
    for (int seat = 0; seat < ng->v->nseats; seat++) {
        const NgSeat *st = &ng->seat[seat];
        s->setup.seat[seat].kind =
            !g->spectator && st->kind == NG_PLAYER && strcmp(st->name, me) == 0 ? SEAT_HUMAN
                                                                                : SEAT_REMOTE;
        s->setup.seat[seat].level = st->kind == NG_ENGINE ? st->level : 0;
    }
}

/* Makes the session's game the followed game's, plus the move waiting for its answer. */
static void follow_game(Session *s, RemoteGame *g, uint64_t now)
{
    NetGame *ng = &g->ng;
    CmGame *sg = &s->g;
    /* Back to the longest shared beginning, then forward. */
    int same = 0;
    while (same < sg->n && same < ng->g.n &&
           cm_move_same(&sg->ply[same].move, &ng->g.ply[same].move))
        same++;
    while (sg->n > same)
        cm_game_undo(sg);
    session_texts_trim(s, same);
    for (int i = same; i < ng->g.n; i++)
        if (cm_game_play(sg, &ng->g.ply[i].move) != CM_OK)
            break;
    if (g->pending && sg->n == g->pending_ply) {
        CmMove m;
        if (cm_move_parse(&sg->pos, g->pending_text, &m, NULL) == CM_OK)
            cm_game_play(sg, &m);
    }
    seats_from(s, g, remote_name(s->net));
    memcpy(s->clock, ng->clock, sizeof s->clock);
    s->turn_t0 = g->clock_at ? g->clock_at : now;
    if (ng->status == NG_OVER) {
        s->outcome = ng->outcome;
        s->turn_t0 = 0;
    } else {
        s->outcome = sg->outcome;
        s->outcome.over = 0; /* the server says when it ends */
    }
    if (ng->status != NG_PLAYING)
        s->turn_t0 = 0;
    /* The offer under way, as the screen asks about it. */
    s->offer_from = ng->offer != NG_OFFER_NONE ? ng->offer_from : -1;
    s->offer_asking = -1;
    if (ng->offer != NG_OFFER_NONE && !g->spectator) {
        unsigned need = ng->offer == NG_OFFER_RESIGN
                            ? ng->v->team_seats[ng->v->seat[ng->offer_from].team]
                            : (1u << ng->v->nseats) - 1;
        for (int seat = 0; seat < ng->v->nseats; seat++)
            if ((need & ~ng->offer_yes & (1u << seat)) && session_seat_human(s, seat)) {
                s->offer_asking = seat;
                break;
            }
    }
    s->has_hint = 0;
}

CmStatus session_start_remote(Session *s, Remote *r, int64_t id, CmError *err)
{
    RemoteGame *g = remote_game(r, id);
    if (g == NULL || g->ng.v == NULL || g->syncing)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "game %lld has not come from the server",
                            (long long)id);
    SessionSetup setup;
    memset(&setup, 0, sizeof setup);
    snprintf(setup.variant, sizeof setup.variant, "%s", g->ng.variant);
    setup.time_base_ms = g->ng.base_ms;
    setup.time_inc_ms = g->ng.inc_ms;
    SessionEnv env = s->env;
    env.data_dir = NULL; /* the server keeps the game */
    s->env = env;
    if (session_start(s, g->ng.v, &setup, NULL) != CM_OK)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    s->net = r;
    s->net_game = id;
    s->backend = &session_server;
    g->spectator = netgame_seat_of(&g->ng, remote_name(r), NULL) < 0;
    follow_game(s, g, clock_ms());
    g->news = 0;
    return CM_OK;
}

static unsigned server_news(Session *s, uint64_t now)
{
    unsigned ev = 0;
    unsigned got = remote_poll(s->net, now);
    RemoteGame *g = session_remote_game(s);
    if (g == NULL)
        return SESSION_EV_OVER;
    if (got & REMOTE_EV_LINK)
        g->news |= SESSION_EV_NET;
    if (g->news != 0 && !g->syncing) {
        ev = g->news;
        g->news = 0;
        if (ev & (SESSION_EV_MOVED | SESSION_EV_OVER | SESSION_EV_OFFER | SESSION_EV_NET))
            follow_game(s, g, now);
        if (ev & SESSION_EV_MOVED) {
            session_cancel_search(s);
            session_hint_forget(s);
        }
    }
    return ev;
}

static CmStatus server_play(Session *s, const CmMove *m, uint64_t now)
{
    RemoteGame *g = session_remote_game(s);
    if (g == NULL || g->ng.status != NG_PLAYING || g->pending || s->outcome.over ||
        !session_seat_human(s, s->g.pos.to_move))
        return CM_ERR_ILLEGAL;
    g->pending = 1;
    g->pending_ply = g->ng.g.n;
    cm_move_str(&s->g.pos, m, g->pending_text, sizeof g->pending_text);
    /* Shown at once; the server's event confirms it, or its refusal takes it back. */
    follow_game(s, g, now);
    session_hint_forget(s);
    remote_send_move(s->net, g, now);
    return CM_OK;
}

/* A request about the session's game, checked to be one it may make. */
static CmStatus game_request(Session *s, CmError *err, const char *verb, const char *arg)
{
    RemoteGame *g = session_remote_game(s);
    if (g == NULL || g->ng.status != NG_PLAYING)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, 0, "the game is not going on");
    if (g->spectator && strcmp(verb, "say") != 0)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, 0, "you are watching this game");
    int rc = arg != NULL ? remote_send(s->net, "%s %lld %s", verb, (long long)g->ng.id, arg)
                         : remote_send(s->net, "%s %lld", verb, (long long)g->ng.id);
    if (rc != 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "not connected: %s", remote_status(s->net));
    return CM_OK;
}

CmStatus session_say(Session *s, const char *text, CmError *err)
{
    if (!net_chat_ok(text))
        return cm_error_set(err, CM_ERR_ARG, 0, 0,
                            "a message is 1 to %d bytes of text, without control characters",
                            NET_TEXT_MAX);
    RemoteGame *g = session_remote_game(s);
    if (g == NULL)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, 0, "there is no chat in a game here");
    if (remote_send(s->net, "say %lld %s", (long long)g->ng.id, text) != 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "not connected: %s", remote_status(s->net));
    return CM_OK;
}

CmStatus session_ask_takeback(Session *s, CmError *err)
{
    return game_request(s, err, "takeback", NULL);
}

CmStatus session_claim(Session *s, const char *how, CmError *err)
{
    return game_request(s, err, "claim", how);
}

/* ---- The backend ---------------------------------------------------------------------------- */

static unsigned server_tick(Session *s, uint64_t now)
{
    unsigned ev = server_news(s, now);
    /* The clocks run as the server said them, and a hint's search goes on. */
    if (s->setup.time_base_ms > 0 && !s->outcome.over && s->turn_t0 != 0)
        ev |= session_tick_clocks(s, now);
    if (s->searching && s->env.engine != NULL)
        ev |= session_tick_engine(s, now);
    return ev;
}

/* A takeback is asked of the other players (session_ask_takeback); nothing is redone, paused
 * or taken back here. */
static int server_nothing(Session *s, uint64_t now)
{
    (void)s, (void)now;
    return 0;
}

static int server_no_pause(Session *s, int on, uint64_t now)
{
    (void)s, (void)on, (void)now;
    return 0;
}

/* On a server a player resigns whenever they like, for their team. */
static int server_resigner(const Session *s)
{
    for (int seat = 0; seat < s->v->nseats; seat++)
        if (session_seat_human(s, seat))
            return seat;
    return -1;
}

static CmStatus server_resign(Session *s, int seat, uint64_t now)
{
    (void)seat, (void)now;
    return game_request(s, NULL, "resign", NULL);
}

static CmStatus server_offer_draw(Session *s, uint64_t now)
{
    (void)now;
    return game_request(s, NULL, "draw", NULL);
}

static CmStatus server_answer_draw(Session *s, int accept, uint64_t now)
{
    (void)now;
    return game_request(s, NULL, "answer", accept ? "yes" : "no");
}

static size_t server_sentence(const Session *s, char *buf, size_t size)
{
    const RemoteGame *g = session_remote_game(s);
    if (g == NULL || g->ng.status != NG_OVER)
        return (size_t)snprintf(buf, size, "The game goes on.");
    return (size_t)snprintf(buf, size, "%s", g->ng.sentence);
}

const SessionBackend session_server = {
    .server_clocks = 1,
    .play = server_play,
    .undo = server_nothing,
    .redo = server_nothing,
    .pause = server_no_pause,
    .tick = server_tick,
    .resigner = server_resigner,
    .resign = server_resign,
    .undo_ending = server_nothing,
    .offer_draw = server_offer_draw,
    .answer_draw = server_answer_draw,
    .sentence = server_sentence,
};

int session_on_server(const Session *s)
{
    return s->backend == &session_server;
}
