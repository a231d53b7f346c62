/* The client's side of the network: a connection to a server (its socket, or ssh and the
 * server's relay), kept up across drops (it connects again and asks for what it missed), the
 * games it follows, each a NetGame built from the server's events, and a session whose game
 * lives on the server: the screen and the text game drive it as they drive a local one.
 * Nothing here prints. docs/network.md.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_REMOTE_H
#define CAMELOT_REMOTE_H

#include <stdint.h>

#include "catalog.h"
#include "net/conn.h"
#include "net/proto.h"
#include "netgame.h"
#include "session.h"

#define REMOTE_GAMES_MAX 16   /* games followed at once */
#define REMOTE_DEAD_MS 10000  /* a server silent this long is taken for gone */
#define REMOTE_HELLO_MS 10000 /* the most a connection waits for the server's hello */
#define REMOTE_RETRY_MAX_MS 8000
#define REMOTE_CLOSE_MS 1000   /* the most 'remote_close' waits for ssh to end by itself */
#define REMOTE_TERM_MS 200     /* the most ssh is waited for after SIGTERM, before SIGKILL */
#define REMOTE_KILL_MS 50      /* and after SIGKILL, before it is left to be reaped later */
#define REMOTE_REAP_STEP_MS 10 /* how often an ssh told to end is looked at meanwhile */
#define REMOTE_GONE_MAX 8      /* ssh processes left to be reaped later, at most */

/* What 'remote_poll' reports, as bits. */
enum {
    REMOTE_EV_LINE = 1, /* lines for the program came (the listener had them) */
    REMOTE_EV_GAME = 2, /* a followed game changed */
    REMOTE_EV_LINK = 4, /* the connection went down or came back */
};

/* A rating the game changed ('rating' events, which the game's state does not keep). */
typedef struct RemoteRating {
    char name[NET_NAME_MAX + 1];
    int64_t old_rating, new_rating;
} RemoteRating;

/* A game this client follows, as the server's events build it. */
typedef struct RemoteGame {
    NetGame ng;
    int used;
    int syncing;                       /* between 'sync begin' and 'sync done' */
    int spectator;                     /* attached to watch */
    int present[CM_MAX_SEATS];         /* the seat's player is connected */
    uint64_t away_since[CM_MAX_SEATS]; /* since when not (local ms) */
    uint64_t clock_at;                 /* when the clocks of 'ng' were said (local ms) */
    uint64_t turn_seen;                /* when the position to move in came (local ms) */
    /* A move sent and not yet answered: sent again, with the same id, after a reconnection. */
    int pending;
    int pending_ply;
    char pending_id[NET_MOVE_ID_MAX + 1];
    char pending_text[CM_MOVE_TEXT_MAX];
    unsigned news;                     /* SESSION_EV_* bits not yet taken by a session */
    char error[240];                   /* the last refusal of a request about it */
    RemoteRating rating[CM_MAX_SEATS]; /* the ratings its end changed, as they came */
    int nrating;
} RemoteGame;

typedef struct Remote Remote;

/* Where the lines of the lobby go: answers ('ok', 'error', 'game', 'variant', 'rating',
 * 'record'), invitations and notices. */
typedef void (*RemoteLineFn)(void *ud, const NetMsg *m);

/* Connects to 'addr' and says hello, waiting up to REMOTE_HELLO_MS for the answer; the
 * variants of followed games are found in 'cat'. CM_ERR_IO with the reason when no server
 * answers. */
CmStatus remote_open(const NetAddr *addr, Catalog *cat, Remote **out, CmError *err);

/* Says goodbye and frees everything: an ssh process that has not ended a moment after its
 * input closed is told to (SIGTERM, then SIGKILL), and never waited for longer than
 * REMOTE_CLOSE_MS + REMOTE_TERM_MS + REMOTE_KILL_MS. NULL does nothing. */
void remote_close(Remote *r);

/* Where lines for the program go (NULL: nowhere). */
void remote_listen(Remote *r, RemoteLineFn fn, void *ud);

/* The player's name, as the server knows it. */
const char *remote_name(const Remote *r);

/* The connection's descriptor to wait on (-1 while it is down). */
int remote_fd(const Remote *r);

/* Whether the connection is up, and when it is not, why and what it does ("the connection
 * was lost; connecting again in 4 s"). */
int remote_up(const Remote *r);
const char *remote_status(const Remote *r);
/* Whether the server said not to come back (a ban, another version of the protocol): the
 * client does not connect again, and its status says why. */
int remote_given_up(const Remote *r);
/* How many lines were sent since the connection was opened (every try of it). */
unsigned long remote_sent(const Remote *r);

/* Reads what came, handles the server's events and heartbeats, and when the connection is
 * down tries again when its time comes. Returns REMOTE_EV_* bits. */
unsigned remote_poll(Remote *r, uint64_t now);

/* Sends a request line (printf formatting). Returns 0, or -1 when the connection is down. */
int remote_send(Remote *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Follows game 'id' from now on (asking for its whole state). NULL when REMOTE_GAMES_MAX
 * games are followed. */
RemoteGame *remote_follow(Remote *r, int64_t id);

/* The followed game 'id', NULL for none. */
RemoteGame *remote_game(Remote *r, int64_t id);

/* Stops following game 'id'. */
void remote_unfollow(Remote *r, int64_t id);

/* Gives the move that 'g' waits to hear answered ('pending_text', for ply 'pending_ply') its
 * id, and sends it: now when the connection is up, else once it is made again. */
void remote_send_move(Remote *r, RemoteGame *g, uint64_t now);

/* ---- A session on a followed game ------------------------------------------------------- */

/* Makes 's' the session of game 'id' on 'r' (followed already, its state come): the seats
 * this player holds are people's here, every other seat plays elsewhere. CM_ERR_ARG when the
 * game is not followed or its state has not come. */
CmStatus session_start_remote(Session *s, Remote *r, int64_t id, CmError *err);

/* The followed game of a session on a server, NULL for a local one; and its connection. */
RemoteGame *session_remote_game(const Session *s);
Remote *session_remote(const Session *s);

/* Says 'text' in the game's chat (the players', or the spectators' for one who watches). */
CmStatus session_say(Session *s, const char *text, CmError *err);

/* Asks the other players to take back this player's last move. */
CmStatus session_ask_takeback(Session *s, CmError *err);

/* Claims the game against a player to move who has been gone long enough: 'how' "win" or
 * "engine" (NULL: the server's default). */
CmStatus session_claim(Session *s, const char *how, CmError *err);

#endif
