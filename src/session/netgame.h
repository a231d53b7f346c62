/* A game played over the network, as the list of its events: the server keeps one per game it
 * owns and a client one per game it plays or watches, and both build it the same way, event by
 * event ('ev' lines) or from a whole state ('sync' lines), so that they cannot disagree about
 * what the events mean. The server decides what happens; this file only says what it means
 * (docs/network.md has the events).
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_NETGAME_H
#define CAMELOT_NETGAME_H

#include <stdint.h>

#include "camelot/rules.h"
#include "catalog.h"
#include "net/proto.h"

#define NETGAME_CHAT_KEEP 40 /* chat messages kept (and sent in a 'sync') per audience */
#define NETGAME_VARIANT_MAX 64

typedef enum NgSeatKind {
    NG_OPEN,
    NG_PLAYER,
    NG_INVITED,
    NG_ENGINE,
    NG_SEAT_KIND_COUNT
} NgSeatKind;

typedef struct NgSeat {
    NgSeatKind kind;
    char name[NET_NAME_MAX + 1]; /* the player, or the one invited */
    int level;                   /* 1 .. 10, for an engine */
} NgSeat;

typedef enum NgStatus { NG_WAITING, NG_PLAYING, NG_OVER, NG_STATUS_COUNT } NgStatus;

typedef enum NgOfferKind {
    NG_OFFER_NONE,
    NG_OFFER_DRAW,     /* a draw: every other player must accept */
    NG_OFFER_TAKEBACK, /* back to before the asker's last move: every other player must accept */
    NG_OFFER_RESIGN,   /* a resignation for a team: the partner must accept */
    NG_OFFER_KIND_COUNT
} NgOfferKind;

typedef struct NgChat {
    int64_t seq;
    char name[NET_NAME_MAX + 1];
    char text[NET_TEXT_MAX + 1];
} NgChat;

typedef struct NetGame {
    Catalog *cat; /* where 'create' finds the variant */
    int64_t id;
    int64_t seq; /* the last event applied, 0 before the first */
    char variant[NETGAME_VARIANT_MAX];
    const CmVariant *v; /* NULL until 'create'; owned by the catalogue */
    CmGame g;           /* the moves, once 'create' set up the variant */
    int rated;
    int64_t base_ms, inc_ms; /* a live clock: time per seat and added per move; 0 = none */
    int days;                /* correspondence: days per move (0 = not) */
    NgSeat seat[CM_MAX_SEATS];
    NgStatus status;
    int64_t clock[CM_MAX_SEATS]; /* ms left, as of the last event that said it */
    int64_t deadline;            /* correspondence: UTC seconds by which the seat to move moves */
    char (*move_id)[NET_MOVE_ID_MAX + 1]; /* the id of each ply's move ('g.n' of them) */
    int move_id_cap;
    NgOfferKind offer;  /* the offer under way */
    int offer_from;     /* its seat */
    unsigned offer_yes; /* seats that have accepted it */
    int offer_declined; /* the seat that declined the last offer, -1: none */
    /* Offers made ('offer' events) since the game was read, and the last one's kind and seat:
     * an offer made and answered between two looks at the game is still seen to have been. */
    int noffers;
    NgOfferKind last_offer;
    int last_offer_from;
    char result[16]; /* as a record's Result: "W", "R+B", "draw"; "" while going on */
    char termination[24];
    char sentence[200];                /* how it ended, for people */
    CmOutcome outcome;                 /* the same, as an outcome */
    NgChat chat[2][NETGAME_CHAT_KEEP]; /* [0] the players', [1] the spectators'; a ring */
    int nchat[2];                      /* messages ever added to each */
} NetGame;

/* Sets up an empty game 'id', whose variants 'create' finds in 'cat' by name. */
void netgame_init(NetGame *ng, int64_t id, Catalog *cat);

/* Frees the game's moves. */
void netgame_free(NetGame *ng);

/* Applies event 'seq' whose words are 'argv[0 .. argc)' ('argv[0]' its kind; 'rest' as in
 * NetMsg). An event that does not fit the game (a move that is not legal, a seat that does
 * not exist, 'seq' not above the last) leaves the game as it was: CM_ERR_SYNTAX or
 * CM_ERR_ILLEGAL with the reason. The server makes only events that fit; a client that meets
 * one that does not asks for the whole state again. */
CmStatus netgame_apply(NetGame *ng, int64_t seq, int argc, const char *const *argv,
                       const char *const *rest, CmError *err);

/* The seat a player's name holds (the first in turn order), -1 for none; 'seats_out' (may be
 * NULL) gets all of them as bits. */
int netgame_seat_of(const NetGame *ng, const char *name, unsigned *seats_out);

/* The seat whose letter is 'letter' ("W"), -1 for none. */
int netgame_seat_by_letter(const NetGame *ng, const char *letter);

/* The seats as a 'create' event writes them, "W=alice B=open" ('@bob' invited, 'engine:5'). */
size_t netgame_seats_text(const NetGame *ng, char *buf, size_t size);

/* The clocks as events write them: "W=590170,B=600000", "until=1764300000" (correspondence)
 * or "-" (none). */
size_t netgame_clocks_text(const NetGame *ng, char *buf, size_t size);

/* Whether 'ng', rated and over with a result, ended before every seat had made a move: then
 * the server rates nobody (a resignation or a claim at the start says nothing of how anyone
 * plays), and the clients say so. */
int netgame_unrated_early(const NetGame *ng);

/* The shortest time a player to move must be gone before the others may claim against them
 * (the server's default; 'camelot serve --claim-after' sets another). */
#define NETGAME_CLAIM_MS 40000

/* How long the player to move of 'ng' must be gone before the others may claim, on a server
 * whose shortest wait is 'base_ms'. The wait grows with the time control, as lichess's does:
 * 'base_ms' for a live clock of under 8 minutes (a seat's time and 40 of its increments),
 * twice that under 25 minutes, three times for a longer clock and for a game with none. A
 * correspondence game has its deadline instead: 0. */
int64_t netgame_claim_ms(const NetGame *ng, int64_t base_ms);

/* The time control as the lobby and 'create' write it: "600+5" (seconds), "days:3" or "none". */
size_t netgame_tc_text(const NetGame *ng, char *buf, size_t size);

/* Reads a time control written by 'netgame_tc_text'. Returns 0, or -1 when it is not one. */
int netgame_tc_parse(const char *text, int64_t *base_ms, int64_t *inc_ms, int *days);

/* The whole state as 'sync' lines for a player ('spectator' 0) or a spectator: 'emit' is
 * called with each line's words after "sync ID" (the first "begin SEQ", the last "done").
 * Returns 0, or the first nonzero value 'emit' returned. */
int netgame_sync(const NetGame *ng, int spectator,
                 int (*emit)(void *ud, const char *line, size_t len), void *ud);

/* Applies one 'sync' line (its words after "sync ID"), building the game afresh between
 * "begin" and "done". Returns CM_OK; after "done", '*done' (may be NULL) is set to 1. */
CmStatus netgame_sync_apply(NetGame *ng, int argc, const char *const *argv, const char *const *rest,
                            int *done, CmError *err);

/* The game as a record (tags Event, Variant, the players, Seats, TimeControl, Result and
 * Termination, then the moves): a new string, NULL when out of memory. */
char *netgame_record(const NetGame *ng, const char *site);

/* The names of the kinds, as the protocol writes them. */
const char *netgame_status_name(NgStatus s);
const char *netgame_offer_name(NgOfferKind k);

#endif
