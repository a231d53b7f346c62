/* What changed in a game on a server since a client last told its player (news.h): each
 * client keeps a NewsSeen of what it told, and this file compares the game with it.
 * SPDX-License-Identifier: MIT */
#include "news.h"

#include <stdio.h>
#include <string.h>

#include "camelot/rules.h"
#include "remote.h"
#include "text.h"

/* Whether 'seat' is held by this player (who does not only watch). */
static int mine(const Session *s, const RemoteGame *g, int seat)
{
    const NgSeat *st = &g->ng.seat[seat];
    return !g->spectator && st->kind == NG_PLAYER &&
           strcmp(st->name, remote_name(session_remote(s))) == 0;
}

int news_present(const Session *s, int seat)
{
    const RemoteGame *g = session_remote_game(s);
    if (g == NULL || g->ng.v == NULL || seat < 0 || seat >= g->ng.v->nseats)
        return 1;
    /* The server tells of a player gone and back; one it has said nothing of is there. */
    return g->ng.seat[seat].kind != NG_PLAYER || g->present[seat] || g->away_since[seat] == 0 ||
           mine(s, g, seat);
}

const char *news_takeback_who(const Session *s, int from, char *buf, size_t size)
{
    const RemoteGame *g = session_remote_game(s);
    char asked[96], other[96];
    buf[0] = '\0';
    if (g == NULL || g->ng.v == NULL || from < 0 || from >= g->ng.v->nseats)
        return buf;
    news_seat(s, from, asked, sizeof asked);
    int n = g->ng.v->nseats;
    if (n == 2)
        snprintf(buf, size, "%s asked and %s accepted", asked,
                 news_seat(s, 1 - from, other, sizeof other));
    else
        snprintf(buf, size, "%s asked and the %s others accepted", asked,
                 n == 4 ? "three" : "other");
    return buf;
}

const char *news_seat(const Session *s, int seat, char *buf, size_t size)
{
    const RemoteGame *g = session_remote_game(s);
    if (g == NULL || g->ng.v == NULL || seat < 0 || seat >= g->ng.v->nseats) {
        snprintf(buf, size, "?");
        return buf;
    }
    const char *name = g->ng.v->seat[seat].name;
    const NgSeat *st = &g->ng.seat[seat];
    if (mine(s, g, seat))
        snprintf(buf, size, "%s (you)", name);
    else if (st->kind == NG_PLAYER)
        snprintf(buf, size, "%s (%s)", name, st->name);
    else if (st->kind == NG_ENGINE)
        snprintf(buf, size, "%s (engine %d)", name, st->level);
    else if (st->kind == NG_INVITED)
        snprintf(buf, size, "%s (%s, invited)", name, st->name);
    else
        snprintf(buf, size, "%s (open)", name);
    return buf;
}

const char *news_offer_words(NgOfferKind k, int past)
{
    switch (k) {
    case NG_OFFER_DRAW:
        return past ? "offered a draw" : "offers a draw";
    case NG_OFFER_TAKEBACK:
        return past ? "asked to take back their last move" : "asks to take back their last move";
    case NG_OFFER_RESIGN:
        return past ? "wanted to resign for the team" : "wants to resign for the team";
    default:
        return past ? "made an offer" : "makes an offer";
    }
}

static unsigned present_bits(const Session *s, int nseats)
{
    unsigned bits = 0;
    for (int seat = 0; seat < nseats; seat++)
        if (news_present(s, seat))
            bits |= 1u << seat;
    return bits;
}

void news_start(NewsSeen *z, const Session *s, int past)
{
    memset(z, 0, sizeof *z);
    z->offer_from = -1;
    const RemoteGame *g = session_remote_game(s);
    if (g == NULL || g->ng.v == NULL)
        return;
    const NetGame *ng = &g->ng;
    z->id = ng->id;
    z->present = present_bits(s, ng->v->nseats);
    z->status = ng->status;
    if (past) {
        /* The offers of the game's past are not news; one under way is. */
        z->noffers = ng->noffers - (ng->offer != NG_OFFER_NONE);
        if (ng->status == NG_OVER)
            z->status = NG_PLAYING; /* its end is news */
        return;
    }
    z->moves = ng->g.n;
    z->chat[0] = ng->nchat[0];
    z->chat[1] = ng->nchat[1];
    z->offer = ng->offer;
    z->offer_from = ng->offer_from;
    z->offer_yes = ng->offer_yes;
    z->noffers = ng->noffers;
    z->ratings = g->nrating;
}

static void tell(NewsFn fn, void *ud, NewsKind kind, News *n)
{
    n->kind = kind;
    fn(ud, n);
    memset(n, 0, sizeof *n);
    n->seat = n->from = -1;
}

/* The moves played and taken back since they were told. */
static void moves(const Session *s, const NetGame *ng, NewsSeen *z, NewsFn fn, void *ud)
{
    News n = {.seat = -1, .from = -1};
    if (z->moves > ng->g.n) {
        n.ply = ng->g.n;
        /* Moves go back only by a takeback the others accepted: the last offer's. */
        n.from = ng->last_offer == NG_OFFER_TAKEBACK ? ng->last_offer_from : -1;
        tell(fn, ud, NEWS_TAKEN_BACK, &n);
        z->moves = ng->g.n;
    }
    if (z->moves == ng->g.n)
        return;
    CmPosition pos;
    session_position_before(s, z->moves, &pos);
    for (; z->moves < ng->g.n; z->moves++) {
        const CmPly *p = &ng->g.ply[z->moves];
        char text[CM_MOVE_TEXT_MAX];
        cm_move_str(&pos, &p->move, text, sizeof text);
        n.seat = p->seat;
        n.ply = z->moves;
        n.text = text;
        tell(fn, ud, NEWS_MOVE, &n);
        CmUndo u;
        CmOutcome oc;
        cm_pos_apply(&pos, &p->move, &u);
        cm_rules_settle(&pos, &oc);
    }
}

/* The players gone and back, and the chat of both rooms since they were told (of a room, the
 * messages the game still keeps). */
static void people(const Session *s, const RemoteGame *g, NewsSeen *z, NewsFn fn, void *ud)
{
    const NetGame *ng = &g->ng;
    News n = {.seat = -1, .from = -1};
    unsigned now = present_bits(s, ng->v->nseats);
    for (int seat = 0; seat < ng->v->nseats; seat++) {
        unsigned bit = 1u << seat;
        if ((now & bit) == (z->present & bit))
            continue;
        n.seat = seat;
        n.up = (now & bit) != 0;
        tell(fn, ud, NEWS_PRESENCE, &n);
    }
    z->present = now;
    for (int room = 0; room < 2; room++) {
        int count = ng->nchat[room];
        if (z->chat[room] < count - NETGAME_CHAT_KEEP)
            z->chat[room] = count - NETGAME_CHAT_KEEP;
        for (; z->chat[room] < count; z->chat[room]++) {
            const NgChat *c = &ng->chat[room][z->chat[room] % NETGAME_CHAT_KEEP];
            n.name = c->name;
            n.text = c->text;
            n.watching = room;
            n.mine = room == (g->spectator ? 1 : 0);
            tell(fn, ud, NEWS_CHAT, &n);
        }
    }
}

/* How an offer that is over ended, while the game goes on: declined, or otherwise. */
static void offer_end(const NetGame *ng, NgOfferKind offer, int from, int made, NewsFn fn, void *ud)
{
    if (ng->status == NG_OVER)
        return; /* the end says it */
    News n = {.seat = ng->offer_declined, .from = from, .offer = offer, .made = made};
    char why[160];
    int seat = ng->offer_declined;
    if (seat >= 0 && offer == NG_OFFER_DRAW && ng->v != NULL && ng->seat[seat].kind == NG_ENGINE) {
        /* The server's engine says no more than that it declines: the rule it follows does. */
        text_draw_refusal(ng->g.n, ng->v->nseats, 0, 0, why, sizeof why);
        n.text = why;
    }
    tell(fn, ud, seat >= 0 ? NEWS_DECLINE : NEWS_OFFER_OVER, &n);
}

/* Offers made, accepted, declined and over since they were told. Of offers made between two
 * looks (their events read together), the last is told, even when it is over already. */
static void offers(const Session *s, const RemoteGame *g, NewsSeen *z, NewsFn fn, void *ud)
{
    const NetGame *ng = &g->ng;
    News n = {.seat = -1, .from = -1};
    int open = ng->offer != NG_OFFER_NONE;
    if (ng->noffers != z->noffers && ng->last_offer_from >= 0) {
        n.seat = ng->last_offer_from;
        n.offer = ng->last_offer;
        n.up = open;
        n.mine = mine(s, g, n.seat);
        tell(fn, ud, NEWS_OFFER, &n);
        if (!open)
            offer_end(ng, ng->last_offer, ng->last_offer_from, 1, fn, ud);
    } else if (!open && z->offer != NG_OFFER_NONE) {
        offer_end(ng, z->offer, z->offer_from, 0, fn, ud);
    } else if (open && ng->offer_yes != z->offer_yes) {
        for (int seat = 0; seat < ng->v->nseats; seat++)
            if ((ng->offer_yes & ~z->offer_yes) & (1u << seat)) {
                n.seat = seat;
                n.offer = ng->offer;
                tell(fn, ud, NEWS_ACCEPT, &n);
            }
    }
    z->noffers = ng->noffers;
    z->offer = ng->offer;
    z->offer_from = ng->offer_from;
    z->offer_yes = ng->offer_yes;
}

void session_news(const Session *s, unsigned ev, NewsSeen *z, NewsFn fn, void *ud)
{
    const RemoteGame *g = session_remote_game(s);
    if (g == NULL || g->ng.v == NULL)
        return;
    const NetGame *ng = &g->ng;
    News n = {.seat = -1, .from = -1};
    if (ev & SESSION_EV_NET) {
        n.up = remote_up(session_remote(s));
        n.text = n.up ? "" : remote_status(session_remote(s));
        tell(fn, ud, NEWS_LINK, &n);
    }
    if (ev & SESSION_EV_REFUSED) {
        n.text = g->error;
        tell(fn, ud, NEWS_REFUSED, &n);
        if (z->moves > ng->g.n)
            z->moves = ng->g.n; /* a move refused was never told */
    }
    moves(s, ng, z, fn, ud);
    people(s, g, z, fn, ud);
    if (z->status == NG_WAITING && ng->status == NG_PLAYING)
        tell(fn, ud, NEWS_BEGINS, &n);
    offers(s, g, z, fn, ud);
    if (ng->status == NG_OVER && z->status != NG_OVER) {
        n.text = ng->sentence[0] != '\0' ? ng->sentence : ng->result;
        tell(fn, ud, NEWS_OVER, &n);
    }
    z->status = ng->status;
    /* The ratings the end changed, as they come (just after the end). */
    for (; z->status == NG_OVER && z->ratings < g->nrating; z->ratings++) {
        const RemoteRating *r = &g->rating[z->ratings];
        if (!net_name_ok(r->name))
            continue;
        n.name = r->name;
        n.old_rating = r->old_rating;
        n.new_rating = r->new_rating;
        tell(fn, ud, NEWS_RATING, &n);
    }
}
