/* The server's own structures, shared by its files: the loop, the games in memory and the
 * store's turns (server.c), connections (conn.c), the table of requests (request.c), the
 * lobby's requests (lobby.c), a game's requests (game_req.c), and the games with their clocks
 * and engines (game.c).
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_SERVER_INT_H
#define CAMELOT_SERVER_INT_H

#include <stdint.h>
#include <sys/types.h>

#include "net/conn.h"
#include "net/proto.h"
#include "server.h"
#include "session/catalog.h"
#include "session/engine_thread.h"
#include "session/netgame.h"
#include "store.h"

#define SRV_LOG_KEEP 512         /* events a game keeps in memory for clients that come back */
#define SRV_RATE 100             /* lines a second a client may send, on average */
#define SRV_BURST 200            /* and at once */
#define SRV_QUOTA_START_MS 500   /* lag a seat may have forgiven at first */
#define SRV_QUOTA_GAIN_MS 100    /* more each move */
#define SRV_QUOTA_MAX_MS 2000    /* at most */
#define SRV_GAMES_LIST_MAX 200   /* games in one answer to 'games' */
#define SRV_KEEP_OVER_MS 3600000 /* a finished game stays in memory this long after its end */
#define SRV_ACCEPT_TURN 256      /* connections taken from the socket's queue in one turn */
#define SRV_ALIVE_MS 1000        /* how often the server writes that it is alive, clocks running */
#define SRV_HOLD_AFTER 3         /* games left or aborted in a day that hold a player back ... */
#define SRV_HOLD_FIRST_S 900     /* ... from rated games this long after the last, */
#define SRV_HOLD_MAX_S 86400     /* twice as long for each one more, at most this */
#define SRV_SEEN_MS 60000        /* how often when players came and went is written ... */
#define SRV_SEEN_MAX 4096        /* ... or at once when this many wait */
#define SRV_PLAYERS_PAGE 500     /* players in one answer to 'players' (the host's) */
#define SRV_HISTORY_PAGE 20      /* games in one answer to 'history', and told at 'hello' */
#define SRV_PAGES_RATE 4         /* 'history' and 'profile' a client may ask a second, */
#define SRV_PAGES_BURST 8        /* and at once */
#define SRV_PROFILE_GAMES 200    /* a player's last games over that their page counts, */
#define SRV_VERSUS_KEPT 256      /* the people met in them it counts, */
#define SRV_VERSUS_SHOWN 20      /* and those of them it shows, the most met first */
#define SRV_TOURNEYS_MAX                                                                           \
    64                         /* tournaments not over on the server at once (one player's:        \
                                  the limits tourneys and day-tourneys; the host's any), */
#define SRV_TOURNEYS_LISTED 16 /* those over that 'tourneys' lists (the latest), */
#define SRV_TOURNEYS_KEPT 20   /* those over read into memory at the start, */
#define SRV_TOURNEY_ENGINES 8  /* engine entrants one may have, */
#define SRV_TOURNEY_ROUNDS 20  /* rounds of a Swiss, */
#define SRV_TOURNEY_AHEAD_S (30 * 86400) /* and how far ahead it may begin */
#define SRV_TOURNEY_RETRY_MS 60000       /* a tournament whose turn failed waits this long */
#define SRV_ENGINE_PASSES 3 /* a game of engines alone lets a person's go first this often */

enum { AUD_ALL = 0, AUD_PLAYERS = 1, AUD_SPECTATORS = 2 };

struct Client;
struct Server;
typedef struct Request Request; /* a request of the table (request.c) */

/* An event kept in memory, for clients that come back. */
typedef struct LogEv {
    int64_t seq;
    int audience;
    char *body;
} LogEv;

/* A client attached to a game. */
typedef struct Sub {
    struct Client *c;
    int spectator;
    unsigned tx; /* the store's turn in which it was attached, 0: one that was committed */
} Sub;

/* What of a game lives only in memory and changes with its events, kept at the first event of a
 * turn of the store, to be put back when that turn fails. */
typedef struct SGameSaved {
    uint64_t turn_t0, first_t0;
    int64_t quota[CM_MAX_SEATS];
    int draw_calm[CM_MAX_SEATS];
    uint64_t over_at;
} SGameSaved;

typedef struct SGame {
    NetGame ng;
    uint64_t turn_t0;  /* when the clock of the seat to move began (ms); 0: stopped (an engine
                        * seat's, until its search begins) */
    uint64_t first_t0; /* when the turn began of a person to move who has not made a first move,
                        * whose clock has not started (ms); 0: none */
    int64_t quota[CM_MAX_SEATS];    /* lag that may still be forgiven, ms */
    uint64_t gone_at[CM_MAX_SEATS]; /* since when the seat's player has no connection (ms) */
    Sub *subs;
    int nsubs, subcap;
    LogEv *log;         /* a ring of the last SRV_LOG_KEEP events */
    int nlog;           /* events ever put in it */
    int engine;         /* the engine thread working for this game, -1: none */
    unsigned ticket;    /* its search */
    int engine_purpose; /* ENGINE_JOB_MOVE or ENGINE_JOB_DRAW */
    int engine_seat;    /* the seat it plays or answers for */
    int queued;         /* waiting for an engine thread */
    int passed;         /* of engines alone: the times a person's game went first */
    uint64_t over_at;   /* when it ended (ms), for forgetting it later */
    int64_t created;    /* UTC seconds */
    int touched;        /* in the server's list of games to tick at the next turn */
    int in_tx;          /* in the store's turn under way ('saved' holds what to put back) */
    SGameSaved saved;

    /* Each engine seat's last moves in a row scored below CM_ENGINE_DRAW_ACCEPT for its side:
     * its answer to a draw offer looks at them ('cm_engine_draw_accepts'). */
    int draw_calm[CM_MAX_SEATS];
} SGame;

typedef struct Client {
    NetConn conn;
    uid_t uid;
    pid_t pid;
    int lines;   /* lines received */
    int greeted; /* 'hello' answered */
    int trusted; /* its peer is the server's own user: may say who it speaks for */
    int counted; /* counted among the connections of 'name' */
    char name[NET_NAME_MAX + 1];
    /* A session through ssh with a public key ('key FINGERPRINT'): the key, and, for a key
     * never signed up, 'unnamed' until 'signup NAME' names it (srv_unname), in the store's
     * turn 'signup_tx' (taken back with it when that turn fails). */
    char key[NET_KEY_MAX + 1];
    int unnamed;
    unsigned signup_tx;
    int guest;          /* a guest (serve --guests): casual games only, forgotten after a day */
    int admin;          /* its first line was 'admin', from the server's own user: the host */
    int muted;          /* the host has muted its player */
    uint64_t last_in;   /* when it last sent anything (ms) */
    uint64_t pinged_at; /* when it was last pinged (ms), 0: not since it spoke */
    unsigned ping_seq;
    int beat_i;    /* its place in the server's heap of heartbeats */
    double tokens; /* lines it may send now */
    uint64_t tokens_at;
    double pages; /* of those, pages of history and players' pages it may ask for now */
    uint64_t pages_at;
    int throttled;    /* not read from until it has tokens again */
    int warned;       /* told once that it sends too fast */
    int closing;      /* to be dropped at the end of the loop's turn */
    int eof;          /* its input has ended (closed once its waiting lines are handled) */
    int unwatched;    /* its other end has gone: its socket is read as its lines are taken, no
                       * longer watched */
    const char *note; /* a line about the connection waiting for the store's turn to end */
    int deferred;     /* its next line waits for the store's turn under way to end */
    int dirty;        /* has lines to write */
    int want_out;     /* waits for the socket to take more */
    unsigned mark_tx; /* the store's turn for which 'mark' holds ... */
    size_t mark;      /* ... the bytes that waited for it before that turn's first line */
    SGame **games;    /* the games it is attached to */
    int ngames, gamecap;
} Client;

/* A client in the heap of heartbeats: no ping or drop is due for it before 'due' (ms). The key
 * is kept here rather than in the client, for the sifts to stay in one array. */
typedef struct Beat {
    uint64_t due;
    Client *c;
} Beat;

/* A request answered within the store's turn under way, by a verb that may write: when the
 * turn fails, its answer is taken back and it is answered 'error VERB store' instead. */
typedef struct TxRequest {
    Client *c;
    char verb[16];
} TxRequest;

/* Connections of one person, by name. */
typedef struct PersonCount {
    char name[NET_NAME_MAX + 1]; /* "" for a free slot */
    int n;
} PersonCount;

/* A one-time code that adds a key to a player ('keycode', then 'addkey CODE' from the new
 * key), kept in memory only. */
#define SRV_CODES_MAX 256        /* codes kept at once (the oldest is forgotten first) */
#define SRV_CODE_MS (10 * 60000) /* how long one holds */
typedef struct KeyCode {
    char code[9];                /* 8 small letters and digits; "" for none */
    char name[NET_NAME_MAX + 1]; /* whose */
    uint64_t until;              /* monotonic ms */
    unsigned spent_tx;           /* the store's turn that used it (0: none): forgotten when
                                  * that turn commits, good again if it fails */
} KeyCode;

/* When a player was last connected, waiting to be written. */
typedef struct Seen {
    char name[NET_NAME_MAX + 1];
    int64_t utc;
} Seen;

/* A tournament's entrant: a player's name, a partnership ('alice+bob', in a variant of two
 * teams of two seats: the first plays the team's first seat) or 'engine:LEVEL'; 'key' its
 * number in the store; 'withdrawn' 1 when withdrawn, 2 for a partnership that waits for the
 * partner's own 'enter' (dropped at the start if it still does). */
#define SRV_WHO_MAX (2 * NET_NAME_MAX + 1)
typedef struct TEntrant {
    char who[SRV_WHO_MAX + 1];
    int key;
    int rating; /* when the tournament began (0 before) */
    int withdrawn;
} TEntrant;

/* A tournament, as the store has it (tourney.c). */
typedef struct Tourney {
    int64_t id;
    StoreTourney st;
    int status;       /* T_ENTRY, T_PLAYING, T_OVER (tourney.c) */
    TEntrant ent[64]; /* PAIR_MAX; in the order of their seeding once it has begun */
    int nent;
    int next_key;
    StorePairing *pairs; /* every round's games and byes, in order */
    int npairs, paircap;
    int round;         /* the rounds paired so far */
    unsigned tx;       /* the store's turn that last changed it */
    uint64_t over_at;  /* when it ended here (ms), for forgetting it */
    uint64_t retry_at; /* after a turn of its own failed: not tried again before (ms) */
    int reread;        /* a rollback could not read it again: read before anything else */
} Tourney;

typedef struct Server {
    ServerConfig cfg;
    KeyCode codes[SRV_CODES_MAX];
    int nguests;       /* guests connected */
    int64_t purged_at; /* when the guests of more than a day ago were last forgotten (UTC s) */
    int code_next;     /* the slot the next code takes */
    int lfd, epfd, lockfd;
    NetSockFile sockfile;
    uid_t uid;
    Store *store;
    Catalog cat;
    uint64_t now;   /* ms, monotonic, at this turn of the loop */
    int64_t utc;    /* seconds since the epoch, at this turn */
    int64_t utc_ms; /* and in ms */
    /* Engines: one thread each, and the games waiting for one. */
    int nengines;
    EngineThread *eng[SERVER_ENGINES_MAX];
    SGame *eng_game[SERVER_ENGINES_MAX];
    SGame **waiting;
    int nwaiting, waitcap;
    /* Clients. */
    Client **clients;
    int nclients, clientcap;
    Beat *beats; /* the clients as a heap, the one whose ping or drop is due first on top */
    int nbeats, beatcap;
    Client **dirty;
    int ndirty, dirtycap;
    Client **deferred; /* clients whose next line waits for the store's turn to end */
    int ndeferred, deferredcap;
    PersonCount *people; /* connections by person: an open-addressing table */
    int npeople, peoplecap;
    int accept_paused;  /* no file descriptor was free: the socket is not watched ... */
    uint64_t paused_at; /* ... since then (ms), until a client leaves or a second passes */
    int nthrottled;     /* clients not read from until their tokens come back */
    int nclosing;       /* clients to be dropped at the end of the turn */
    /* Games in memory, by id: an open-addressing table. */
    SGame **games;
    int ngames, gamecap;
    /* What time asks for, looked at only when it is due (at thousands of clients and games, a
     * look at each of them on every turn of the loop was most of the server's work). */
    uint64_t tick_at; /* no game's clock or engine needs a look before this (ms) ... */
    SGame **touched;  /* ... but these games, changed since their last look */
    int ntouched, touchedcap;
    uint64_t forget_at; /* when finished games are next looked at, to be forgotten */
    Tourney **tourneys; /* those not over, and those over lately */
    int ntourneys, tourneycap;
    uint64_t tourney_at; /* when they are next looked at (ms) */

    /* The store's turn: every write between two commits is one transaction, and nothing
     * written in it is told to anyone before it commits. Lines queued meanwhile wait behind
     * each client's 'mark'; a request that would only read waits for the commit. */
    unsigned tx_no;   /* the turn under way (counted from 1), while 'tx_open' */
    int tx_open;      /* a transaction is open */
    int tx_failed;    /* a write in it failed: it is to be rolled back */
    CmError tx_err;   /* why */
    SGame **tx_games; /* the games it changed */
    int ntx_games, tx_gamecap;
    Client **tx_marked; /* the clients with lines behind a mark */
    int ntx_marked, tx_markcap;
    TxRequest *tx_reqs; /* the requests answered within it that may write */
    int ntx_reqs, tx_reqcap;
    uint64_t store_retry_at; /* after a failure, writes are refused until then (ms) */
    char store_why[200];     /* and why, for the clients */
    int refused;             /* a write of the request under way was refused */
    uint64_t alive_at;       /* when the server last wrote that it is alive (ms), 0: never */
    Seen *seen;              /* players who came or went since 'seen' was last written, */
    int nseen, seencap;
    uint64_t seen_at; /* ... when that was (ms) */
    unsigned seen_tx; /* the turn they are written in, 0: none */
    /* The request under way: its client, its entry of the table, the answers it got, which
     * must be one, and the line it came in (large: one for the server, which has one
     * thread). */
    Client *req_c;
    const Request *req;
    int req_answers;
    NetMsg msg;
    NetMsg ev_msg;   /* an event being made (game_emit), while 'msg' may still be read */
    NetMsg load_msg; /* an event read back from the store */
} Server;

/* ---- server.c: the games in memory, the store's turns ------------------------------------ */

void srv_log(Server *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Appends 'p' to the array '*arr' of '*n' pointers, growing it. Returns 0, or -1 when memory
 * ran out. */
int srv_push(void ***arr, int *n, int *cap, void *p);
/* Removes 'p' from the array 'arr' of '*n' pointers, keeping the order. */
void srv_unlist(void **arr, int *n, const void *p);

/* The game with 'id', loaded from the store when it is not in memory; NULL when there is none. */
SGame *srv_game(Server *s, int64_t id);
/* Puts a new game in the table. */
int srv_game_add(Server *s, SGame *g);

/* 'g' changed (an event, an engine's search begun or ended): its clocks and engines are looked
 * at (game_tick) at the start of the loop's next turn. */
void srv_game_touch(Server *s, SGame *g);

/* Before a write to the store, for game 'g' (NULL: none yet): opens the turn's transaction and
 * keeps what of 'g' lives only in memory. Returns 0, or -1 when nothing may be written now (a
 * write of this turn failed, or the store failed a moment ago): the caller writes nothing and
 * tells nobody. */
int srv_write_begin(Server *s, SGame *g);

/* A write of the turn failed ('err' says why): the whole turn is rolled back at the end of the
 * request, or of the loop's turn, and its requests answered 'error VERB store'. */
void srv_write_failed(Server *s, const CmError *err);

/* The turn failed: nothing of it was told, and nothing of it stays (see server.c). */
void srv_rollback(Server *s);

/* Whether the store may be written now (it did not fail a moment ago). */
int srv_store_up(const Server *s);

/* The player of 'c' is here now (it said hello, or it goes): kept in memory, and written with
 * the others now and then (SRV_SEEN_MS). 'srv_seen_at' is the time kept in memory for 'name',
 * or 0. */
void srv_seen(Server *s, const Client *c);
int64_t srv_seen_at(const Server *s, const char *name);

/* For the limits: the games not over in which 'name' holds a seat, those of them waiting for
 * players, and those with an engine seat. */
void srv_games_of(const Server *s, const char *name, int *playing, int *waiting, int *engines);

/* ---- conn.c: the connections ------------------------------------------------------------- */

/* Queues a line to 'c' (dropped when its queue overflows: it reads nothing). */
void srv_send(Server *s, Client *c, const char *line, size_t len);
void srv_sendf(Server *s, Client *c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Answers 'c''s request 'verb' with 'error VERB CODE REASON'. */
void srv_error(Server *s, Client *c, const char *verb, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* 'c' has lines to write: they are, at the end of the loop's turn. */
void srv_mark_dirty(Server *s, Client *c);
/* Marks 'c' to be dropped at the end of the loop's turn. */
void srv_close(Server *s, Client *c);
/* Drops 'c' now: its games forget it, its socket is closed, its memory freed. */
void srv_drop(Server *s, Client *c);

/* The connection says who it is, for good: it is counted among its person's connections, or,
 * past the limit, refused. Returns 0, or -1 when refused (the line said why). */
int srv_named(Server *s, Client *c, const char *verb);
/* Whether a connection of 'name', in any case, is counted now. */
int srv_person_here(Server *s, const char *name);
/* 'c' is a key that has not signed up: named '~' and the first letters of its fingerprint (no
 * player's name), and counted under that name, so that a key has as many connections before
 * it signs up as a player has. */
void srv_unname(Server *s, Client *c);
/* 'c' is no longer counted among its person's connections (its name is about to change). */
void srv_uncount(Server *s, Client *c);

/* Takes the connections waiting on the listening socket. */
void srv_accept(Server *s);
/* Watches the listening socket again, or stops ('pause'). */
void srv_listen_pause(Server *s, int pause);

/* Reads what 'c' sent and handles its lines ('hup': its other end has gone). */
void srv_client_read(Server *s, Client *c, int hup);
/* Handles the lines 'c' has sent, as many as its tokens allow. */
void srv_client_lines(Server *s, Client *c);
/* The clients whose lines waited for the store's turn: handled now that it has ended. */
void srv_run_deferred(Server *s);
/* The lines about connections that waited for the store's turn to end are sent. */
void srv_notes_send(Server *s);

/* Writes what waits for each client whose socket takes it. */
void srv_flush(Server *s);
/* Pings the clients that have been quiet, drops those quiet too long. Returns the ms until the
 * next is due. */
int64_t srv_heartbeats(Server *s);

/* ---- request.c: the table of requests ---------------------------------------------------- */

/* The request whose verb is the first word of the 'len' bytes at 'line', NULL for none. */
const Request *srv_request_of(const char *line, size_t len);
/* Whether a line of request 'rq' (NULL: none known) waits for the store's turn under way to
 * end: those that only read do, so that what they read is what the store has. */
int srv_request_waits(const Request *rq);
/* Handles one request ('rq' as srv_request_of found it, 'm' its line): checked against the
 * table, then handed to its handler; it gets exactly one answer. */
void srv_dispatch(Server *s, Client *c, const Request *rq, const NetMsg *m);
/* Answers the request under way 'error VERB syntax USAGE', with 'detail' (NULL: none). */
void srv_syntax(Server *s, Client *c, const char *detail);

/* ---- lobby.c, game_req.c: the handlers ------------------------------------------------- */

/* Each answers 'c' once ('ok VERB ...' or 'error VERB CODE ...'), or, when a write is refused,
 * says nothing and leaves the answer to the dispatcher. The table has checked the number of
 * words; those of one game are handed the game, and, where the table says so, only to one
 * who holds a seat in it. */
void lobby_req_as(Server *s, Client *c, const NetMsg *m);
void lobby_req_key(Server *s, Client *c, const NetMsg *m);
void lobby_req_signup(Server *s, Client *c, const NetMsg *m);
void lobby_req_keys(Server *s, Client *c, const NetMsg *m);
void lobby_req_keycode(Server *s, Client *c, const NetMsg *m);
void lobby_req_addkey(Server *s, Client *c, const NetMsg *m);
void lobby_req_dropkey(Server *s, Client *c, const NetMsg *m);
void admin_req_admin(Server *s, Client *c, const NetMsg *m);
void admin_req_players(Server *s, Client *c, const NetMsg *m);
void admin_req_ban(Server *s, Client *c, const NetMsg *m);
void admin_req_unban(Server *s, Client *c, const NetMsg *m);
void admin_req_mute(Server *s, Client *c, const NetMsg *m);
void admin_req_unmute(Server *s, Client *c, const NetMsg *m);
void admin_req_end(Server *s, Client *c, SGame *g, const NetMsg *m);
void admin_req_reset(Server *s, Client *c, const NetMsg *m);
void admin_req_rename(Server *s, Client *c, const NetMsg *m);
void admin_req_notice(Server *s, Client *c, const NetMsg *m);
void admin_req_limits(Server *s, Client *c, const NetMsg *m);
void lobby_req_hello(Server *s, Client *c, const NetMsg *m);
void lobby_req_ping(Server *s, Client *c, const NetMsg *m);
void lobby_req_pong(Server *s, Client *c, const NetMsg *m);
void lobby_req_variants(Server *s, Client *c, const NetMsg *m);
void lobby_req_games(Server *s, Client *c, const NetMsg *m);
void lobby_req_ratings(Server *s, Client *c, const NetMsg *m);
void lobby_req_history(Server *s, Client *c, const NetMsg *m);
void lobby_req_profile(Server *s, Client *c, const NetMsg *m);
void lobby_req_quit(Server *s, Client *c, const NetMsg *m);
void tourney_req_create(Server *s, Client *c, const NetMsg *m);
void tourney_req_list(Server *s, Client *c, const NetMsg *m);
void tourney_req_enter(Server *s, Client *c, const NetMsg *m);
void tourney_req_withdraw(Server *s, Client *c, const NetMsg *m);
void tourney_req_standings(Server *s, Client *c, const NetMsg *m);
/* Whether 'c' may ask for another page ('history', 'profile', 'standings'), which reads more
 * of the store than a line of the lobby: SRV_PAGES_RATE a second, SRV_PAGES_BURST at once;
 * else refused 'busy', said as the answer to 'verb'. */
int lobby_page_ok(Server *s, Client *c, const char *verb);
void game_req_create(Server *s, Client *c, const NetMsg *m);
void game_req_open(Server *s, Client *c, SGame *g, const NetMsg *m);
void game_req_close(Server *s, Client *c, SGame *g, const NetMsg *m);
void game_req_join(Server *s, Client *c, SGame *g, const NetMsg *m);
void game_req_leave(Server *s, Client *c, SGame *g, const NetMsg *m);
void game_req_move(Server *s, Client *c, SGame *g, const NetMsg *m);
void game_req_draw(Server *s, Client *c, SGame *g, const NetMsg *m);
void game_req_takeback(Server *s, Client *c, SGame *g, const NetMsg *m);
void game_req_resign(Server *s, Client *c, SGame *g, const NetMsg *m);
void game_req_answer(Server *s, Client *c, SGame *g, const NetMsg *m);
void game_req_claim(Server *s, Client *c, SGame *g, const NetMsg *m);
void game_req_say(Server *s, Client *c, SGame *g, const NetMsg *m);
void game_req_export(Server *s, Client *c, SGame *g, const NetMsg *m);

/* ---- game.c: the games ------------------------------------------------------------------- */

/* A new game 'id' in memory, with nothing in it yet; NULL when memory ran out. */
SGame *game_new(Server *s, int64_t id);
/* Makes a new game in the store's turn and in memory, with its 'create' event (seats as that
 * event writes them: 'L=NAME', 'L=open', 'L=@NAME', 'L=engine:N'), not yet started
 * (game_maybe_start). NULL when it could not be: the turn is rolled back. */
SGame *game_make(Server *s, const char *variant, const char *tc, int rated, const char *seats);
/* Frees a game's memory (not its record in the store). */
void game_free(SGame *g);

/* Loads game 'id' from the store's events. NULL when it has none or they do not replay.
 * 'alive_ms' (UTC ms, 0: not known) is when the server was last alive: the seat to move is
 * charged for the time it thought before then, and only the time the server was away is
 * forgiven. */
SGame *game_load(Server *s, int64_t id, int64_t alive_ms);

/* The store's turn failed: 'g', which it changed, is read again from the store, with what it
 * kept in memory put back as it was before the turn. Returns 0, or -1 when the store has no
 * such game (it was made in the failed turn): the caller forgets it. */
int game_rollback(Server *s, SGame *g);

/* Emits a new event of 'g': applies it, stores it, keeps it and sends it to those attached.
 * Returns 0, or -1 when it does not apply (a bug: logged) or the store may not be written. */
int game_emit(Server *s, SGame *g, int audience, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Whether 'name' holds a seat in 'g', or is invited to one. */
int game_involves(const SGame *g, const char *name);
/* Whether 'name' holds a seat in 'g'. */
int game_plays(const SGame *g, const char *name);
/* The seats 'name' plays in 'g', as bits. */
unsigned game_seats(const SGame *g, const char *name);

/* Whether 'c' follows 'g'. */
int game_client_follows(const Client *c, const SGame *g);
/* Whether 'c' may follow 'g': it does already, or follows fewer games than it may (and there
 * is memory for one more). Answers 'error VERB busy' when not. */
int game_attach_room(Server *s, Client *c, SGame *g, const char *verb);
/* Attaches 'c' to 'g' (as a player when it holds a seat; 'game_attach_room' said it may) and
 * sends what it missed after 'since' (-1: the whole state). Returns 0, or -1 when the store
 * could not be read for it (the caller answers). */
int game_attach(Server *s, Client *c, SGame *g, int64_t since);
/* Detaches 'c' from 'g' (its connection closed or it asked). */
void game_detach(Server *s, Client *c, SGame *g);

/* Starts the game when no seat waits for a player. */
void game_maybe_start(Server *s, SGame *g);
/* Plays 'm' for the seat to move: 'think' is the thinking time its client reports (-1 for an
 * engine), 'id' the move's id. Returns 0, 1 when the seat had run out of time (the game ended
 * instead), -1 when the event could not be made. */
int game_play(Server *s, SGame *g, const CmMove *m, const char *id, int64_t think);
/* Ends 'g' off the board: 'winner' the winning team (-1: a draw, or no result for "aborted"),
 * with its termination and the sentence for people. Returns 0, or -1 as game_emit. */
int game_end(Server *s, SGame *g, int winner, const char *termination, const char *sentence);
/* The person 'name' left 'g' (claimed for being gone) or let it be aborted: counted for the
 * hold on rated games (game_held). Returns 0, or -1 when it could not be written. */
int game_walked(Server *s, SGame *g, const char *name);
/* Whether 'c' may not play a rated game, said as the answer to 'verb' when so: a guest, or
 * one held back for leaving or aborting too many: SRV_HOLD_AFTER in a day hold them
 * SRV_HOLD_FIRST_S from the last, twice as long for each more, SRV_HOLD_MAX_S at most. */
int game_held(Server *s, Client *c, const char *verb);

/* The seats whose yes the offer under way needs. */
unsigned game_offer_needs(const SGame *g);
/* Ends the offer when everyone needed has said yes; asks the engines that must answer. */
void game_offer_settle(Server *s, SGame *g);
/* The takeback's target: the ply before the last move of 'seats', -1 for none. */
int game_takeback_ply(const SGame *g, unsigned seats);

/* Writes when the clock of the seat to move of 'g' began, as UTC ms (none while it is stopped),
 * so that a restart charges that seat for the time it thought before the server stopped,
 * however many restarts came since its turn began. */
void game_turn_record(Server *s, SGame *g);

/* What time asks of a game: flags, deadlines, engines to start. Returns the ms until it next
 * needs looking at (INT64_MAX: not before something happens). */
int64_t game_tick(Server *s, SGame *g);

/* Hands the games that wait for an engine to the free engine threads, oldest first. */
void game_engines(Server *s);

/* An engine thread finished a search for 'g'. */
void game_engine_done(Server *s, SGame *g, const EngineDone *done);

/* The line of the lobby that describes 'g' ("game ID VARIANT STATUS TC RATED PLY TO SEATS..."). */
size_t game_lobby_line(const SGame *g, char *buf, size_t size);

/* The name the variant 'ref' is listed and rated under: its own, however 'ref' writes it. */
void game_variant_name(Server *s, const char *ref, char *buf, size_t size);

/* ---- tourney.c: tournaments ---------------------------------------------------------------- */

/* Reads the tournaments not over, and the last of those over, at the start. */
CmStatus tourney_load_all(Server *s, CmError *err);
void tourney_free_all(Server *s);
/* Begins those whose time has come, pairs the next round of those whose round is over, ends
 * those whose last round is (looked at once a second, and at once after a tournament game). */
void tourney_tick(Server *s);
/* The game 'g' has just ended: its result is counted (in the same turn) when it is a
 * tournament's. */
void tourney_game_over(Server *s, SGame *g);
/* Whether game 'game' is one of a tournament under way. */
int tourney_has_game(const Server *s, int64_t game);
/* The store's turn 'failed' failed: the tournaments it changed are read again. */
void tourney_rollback(Server *s, unsigned failed);
/* The host renamed player 'name' 'to' (in the store, in this turn): so do the tournaments in
 * memory, where they are an entrant, part of one, or the maker. */
void tourney_renamed(Server *s, const char *name, const char *to);

#endif
