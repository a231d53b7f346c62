/* What changed in a game on a server since a client last told its player: the connection
 * lost and back, refusals, moves played and taken back, chat, players gone and back, the
 * start, offers and their answers, the end and the ratings it changed. Both clients ask here,
 * the text client (src/app/online.c), which prints each piece of news as a line, and the
 * screen (src/ui/online.c), which shows it in its message line: the news are facts (a seat, an
 * offer, a name), and the words each client's, with the names of seats and offers from here.
 * Nothing here prints.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_NEWS_H
#define CAMELOT_NEWS_H

#include <stdint.h>

#include "netgame.h"
#include "session.h"

typedef enum NewsKind {
    NEWS_LINK,       /* the connection came back ('up' 1), or went down ('text' says why) */
    NEWS_REFUSED,    /* the server refused a request about the game: 'text' */
    NEWS_TAKEN_BACK, /* moves were taken back: the game is at ply 'ply', as seat 'from' asked
                        (-1: not known) */
    NEWS_MOVE,       /* 'seat' played 'text', the game's ply 'ply' */
    NEWS_PRESENCE,   /* the player of 'seat' came back ('up' 1) or lost the connection */
    NEWS_CHAT,       /* 'name' said 'text', in the watchers' chat when 'watching' */
    NEWS_BEGINS,     /* every seat is taken: the game begins */
    NEWS_OFFER,      /* 'seat' made offer 'offer': under way when 'up', else over already, and
                        how it ended is the next news (NEWS_DECLINE or NEWS_OFFER_OVER) */
    NEWS_ACCEPT,     /* 'seat' accepts the offer under way */
    NEWS_DECLINE,    /* 'seat' declined offer 'offer' of seat 'from'; 'made' when that offer
                        was told just before, in the same call; 'text', when it is not NULL, is
                        why (an engine's seat declining a draw) */
    NEWS_OFFER_OVER, /* offer 'offer' of seat 'from' is over, not declined, and the game goes on
                        (a move taken back, or a move played); 'made' as for NEWS_DECLINE */
    NEWS_OVER,       /* the game is over: 'text' says how */
    NEWS_RATING,     /* the end changed the rating of 'name' from 'old_rating' to 'new_rating' */
} NewsKind;

typedef struct News {
    NewsKind kind;
    int seat, from; /* -1 where the kind has none */
    int mine;       /* 'seat' is this player's; of NEWS_CHAT, said in the room this player is in */
    int up, made, watching;
    NgOfferKind offer;
    int ply;
    const char *name, *text; /* valid during the call only */
    int64_t old_rating, new_rating;
} News;

/* What a client has told its player of one game. */
typedef struct NewsSeen {
    int64_t id;
    int moves;        /* plies told */
    int chat[2];      /* messages told of each room: the players', the watchers' */
    unsigned present; /* seats whose player was there, as bits */
    NgStatus status;
    NgOfferKind offer; /* the offer under way, as told */
    int offer_from;
    unsigned offer_yes;
    int noffers; /* offers made ('NetGame.noffers') */
    int ratings; /* rating changes told */
} NewsSeen;

typedef void (*NewsFn)(void *ud, const News *n);

/* Begins to tell the game of 's' (on a server, its state come): with 'past', its moves, chat,
 * the offer under way and the end are news still, as for a player who reads the game from its
 * start; without, only what changes from now on is. */
void news_start(NewsSeen *z, const Session *s, int past);

/* Tells 'fn' each piece of news of the game of 's' since 'z' (started for that game), in the
 * order they are best read, and marks it told. 'ev' is what 'session_tick' said (the
 * connection and refusals are news only when it says so). Does nothing for a session whose
 * game is not on a server. */
void session_news(const Session *s, unsigned ev, NewsSeen *z, NewsFn fn, void *ud);

/* Whether the player of 'seat' is with the game, as far as the server said: a seat of no
 * person, and this player's own, always are. */
int news_present(const Session *s, int seat);

/* The name of 'seat' with who plays it: "White (you)", "Black (bob)", "Red (engine 5)",
 * "Blue (carol, invited)", "Green (open)". Returns 'buf'. */
const char *news_seat(const Session *s, int seat, char *buf, size_t size);

/* Who took the moves back, seat 'from' having asked: "White (you) asked and Black (bob)
 * accepted", "Red (alice) asked and the three others accepted"; "" when 'from' is none.
 * Returns 'buf'. */
const char *news_takeback_who(const Session *s, int from, char *buf, size_t size);

/* What a seat does with offer 'k', after its name: "offers a draw", or in the past
 * ('past' 1) "offered a draw". */
const char *news_offer_words(NgOfferKind k, int past);

#endif
