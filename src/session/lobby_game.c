/* The lobby's side of the game on the screen or in the text client: the table the screen draws
 * of it (seats, clocks, offers, chat, the result), a rematch of it, and what a player does in
 * it (chat, a takeback, a claim, an export of the game as the server records it).
 * SPDX-License-Identifier: MIT */
#include "lobby.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "io/io.h"
#include "net/proto.h"
#include "netgame.h"
#include "news.h"
#include "remote.h"
#include "text.h"

/* ---- A rematch --------------------------------------------------------------------------- */

int lobby_rematch_of(const Lobby *l, const Session *s, LobbyNew *out)
{
    const RemoteGame *g = session_remote_game(s);
    if (g == NULL || g->ng.v == NULL || g->spectator)
        return -1;
    const NetGame *ng = &g->ng;
    int n = ng->v->nseats;
    memset(out, 0, sizeof *out);
    snprintf(out->variant, sizeof out->variant, "%s", ng->variant);
    out->base_ms = ng->base_ms;
    out->inc_ms = ng->inc_ms;
    out->days = ng->days;
    out->rated = ng->rated;
    out->nseats = n;
    int me = 0;
    /* Seat k's player takes seat k + 1. */
    for (int k = 0; k < n; k++) {
        const NgSeat *from = &ng->seat[k];
        LobbyNewSeat *to = &out->seat[(k + 1) % n];
        if (from->kind == NG_PLAYER && strcmp(from->name, l->me) == 0) {
            to->who = LOBBY_WHO_ME;
            me = 1;
        } else if (from->kind == NG_PLAYER || from->kind == NG_INVITED) {
            to->who = LOBBY_WHO_INVITE;
            snprintf(to->name, sizeof to->name, "%s", from->name);
        } else if (from->kind == NG_ENGINE) {
            to->who = LOBBY_WHO_ENGINE;
            to->level = from->level;
        } else {
            to->who = LOBBY_WHO_OPEN;
        }
    }
    return me ? 0 : -1;
}

int64_t lobby_rematch_invite(const Lobby *l, const Session *s)
{
    const RemoteGame *g = session_remote_game(s);
    if (g == NULL || g->ng.v == NULL)
        return 0;
    int64_t best = 0;
    for (int i = 0; i < l->ninvites; i++) {
        const LobbyInvite *inv = &l->invite[i];
        if (inv->id <= g->ng.id || strcmp(inv->variant, g->ng.variant) != 0 ||
            netgame_seat_of(&g->ng, inv->from, NULL) < 0)
            continue;
        /* Not a game it has joined since. */
        int taken = 0;
        for (int k = 0; k < l->ngames; k++)
            if (l->games[k].id == inv->id)
                taken = l->games[k].mine != 0 || !l->games[k].invited;
        if (!taken && inv->id > best)
            best = inv->id;
    }
    return best;
}

/* ---- The game of a session ------------------------------------------------------------- */

CmStatus lobby_start(Lobby *l, Session *s, int64_t id, CmError *err)
{
    if (l->r == NULL)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "no server");
    CmStatus st = session_start_remote(s, l->r, id, err);
    if (st == CM_OK) {
        l->shown = id;
        l->shown_ratings_at = 0;
        if (l->ready == id)
            l->ready = 0;
    }
    return st;
}

static LobbySeatKind seat_kind(NgSeatKind k)
{
    return k == NG_PLAYER    ? LOBBY_SEAT_PLAYER
           : k == NG_INVITED ? LOBBY_SEAT_INVITED
           : k == NG_ENGINE  ? LOBBY_SEAT_ENGINE
                             : LOBBY_SEAT_OPEN;
}

/* Who won, lost or drew from a record's Result: "W", "R+B", "draw", "*". */
static LobbyResult result_of(const NetGame *ng, int seat)
{
    if (ng->status != NG_OVER || ng->result[0] == '\0' || strcmp(ng->result, "*") == 0)
        return LOBBY_RESULT_NONE;
    if (strcmp(ng->result, "draw") == 0)
        return LOBBY_RESULT_DRAWN;
    char letter = ng->v->seat[seat].letter;
    for (const char *p = ng->result; *p; p++)
        if (*p == letter && (p == ng->result || p[-1] == '+') && (p[1] == '\0' || p[1] == '+'))
            return LOBBY_RESULT_WON;
    return LOBBY_RESULT_LOST;
}

int lobby_table(const Lobby *l, const Session *s, uint64_t now, LobbyTable *t)
{
    const RemoteGame *g = session_remote_game(s);
    memset(t, 0, sizeof *t);
    t->offer_from = t->asked = -1;
    if (g == NULL || g->ng.v == NULL)
        return -1;
    const NetGame *ng = &g->ng;
    t->id = ng->id;
    t->status = ng->status == NG_WAITING   ? LOBBY_WAITING
                : ng->status == NG_PLAYING ? LOBBY_PLAYING
                                           : LOBBY_OVER;
    t->rated = ng->rated;
    t->unrated_early = netgame_unrated_early(ng);
    t->spectator = g->spectator;
    netgame_tc_text(ng, t->tc, sizeof t->tc);
    t->days = ng->days;
    t->deadline = ng->deadline;
    if (ng->days > 0 && ng->deadline > 0 && ng->status == NG_PLAYING)
        text_until(ng->deadline, clock_utc(), t->until, sizeof t->until);
    t->claim_s = netgame_claim_ms(ng, NETGAME_CLAIM_MS) / 1000;
    t->nseats = ng->v->nseats;
    for (int seat = 0; seat < t->nseats; seat++) {
        const NgSeat *st = &ng->seat[seat];
        LobbyPlayer *p = &t->seat[seat];
        p->kind = seat_kind(st->kind);
        snprintf(p->name, sizeof p->name, "%s", st->name);
        p->level = st->level;
        p->mine = !g->spectator && st->kind == NG_PLAYER && strcmp(st->name, l->me) == 0;
        p->present = news_present(s, seat);
        if (!p->present && g->away_since[seat] != 0 && now > g->away_since[seat])
            p->away_s = (int64_t)(now - g->away_since[seat]) / 1000;
        if (st->kind == NG_PLAYER) {
            p->rating = lobby_rating_of(l, ng->variant, st->name);
            for (int i = 0; i < g->nrating; i++)
                if (strcmp(g->rating[i].name, st->name) == 0) {
                    p->has_change = 1;
                    p->rating_old = (int)g->rating[i].old_rating;
                    p->rating = (int)g->rating[i].new_rating;
                }
        }
        p->result = result_of(ng, seat);
    }
    t->offer = ng->offer;
    t->offer_from = t->offer != NG_OFFER_NONE ? ng->offer_from : -1;
    t->offer_yes = ng->offer_yes;
    t->asked = s->offer_asking;
    t->pending = g->pending;
    snprintf(t->result, sizeof t->result, "%s", ng->result);
    snprintf(t->sentence, sizeof t->sentence, "%s", ng->sentence);
    snprintf(t->error, sizeof t->error, "%s", g->error);
    int room = g->spectator ? 1 : 0;
    t->nchat = ng->nchat[room];
    int first = t->nchat - LOBBY_CHAT_SHOWN;
    if (first < 0)
        first = 0;
    for (int i = first; i < t->nchat; i++) {
        const NgChat *c = &ng->chat[room][i % NETGAME_CHAT_KEEP];
        LobbyChat *to = &t->chat[t->nshown++];
        snprintf(to->name, sizeof to->name, "%s", c->name);
        snprintf(to->text, sizeof to->text, "%s", c->text);
    }
    return 0;
}

CmStatus lobby_say(Session *s, const char *text, CmError *err)
{
    return session_say(s, text, err);
}

CmStatus lobby_takeback(Session *s, CmError *err)
{
    return session_ask_takeback(s, err);
}

CmStatus lobby_claim(Session *s, int engine, CmError *err)
{
    return session_claim(s, engine ? "engine" : "win", err);
}

CmStatus lobby_export(const Session *s, const char *base, int replace, char *pos_path,
                      char *rec_path, size_t size, CmError *err)
{
    const RemoteGame *g = session_remote_game(s);
    cm_error_init(err, base);
    if (g == NULL || g->ng.v == NULL)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "the game is not on a server");
    CmStatus st = session_export_paths(base, replace, pos_path, rec_path, size, err);
    if (st != CM_OK)
        return st;
    char *text = netgame_record(&g->ng, NULL);
    if (text == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    st = session_write_position(s, &s->g.pos, pos_path, replace, err);
    if (st == CM_OK) {
        cm_error_init(err, rec_path);
        st = replace ? io_write_atomic(rec_path, text, strlen(text), err)
                     : io_write_new(rec_path, text, strlen(text), err);
    }
    free(text);
    return st;
}
