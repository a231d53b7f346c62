/* The server: 'camelot serve'. It owns every networked game: the rules core checks each move,
 * the clocks run here, engine seats play here, and every event is in the store before any
 * client hears of it. It listens on a Unix socket; the user at the other end of a connection
 * is who plays (or, from the server's own user, the name a relay gives). docs/network.md.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_SERVER_H
#define CAMELOT_SERVER_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#include "camelot/error.h"
#include "store.h"

#define SERVER_ENGINES_MAX 8
#define SERVER_CLIENTS_MAX 20000 /* connections at once; more are refused */

/* The limits one person meets, each with an option of 'camelot serve' ('--limit NAME=N'). A
 * person is a Unix user on the server's machine, or, through the server's own user (a relay),
 * the player the connection says it is. */
typedef enum ServerLimit {
    LIMIT_CONNECTIONS,  /* connections at once of one person */
    LIMIT_GAMES,        /* games not over in which a player holds a seat */
    LIMIT_WAITING,      /* of those, games waiting for players */
    LIMIT_ENGINE_GAMES, /* of those, games with an engine seat */
    LIMIT_FOLLOW,       /* games one connection follows at once */
    LIMIT_GAME_CHAT,    /* chat messages a game keeps of its players, and of its watchers */
    LIMIT_DAY_CHAT,     /* chat messages one player may send in a day (UTC) */
    LIMIT_OUTPUT_KIB,   /* KiB waiting for a client that reads nothing before it is dropped */
    LIMIT_GUESTS,       /* guests connected at once, in all (--guests) */
    LIMIT_TOURNEYS,     /* tournaments not over that one player made */
    LIMIT_DAY_TOURNEYS, /* tournaments one player may make in a day, over or not */
    LIMIT_COUNT
} ServerLimit;

/* Each limit's name in '--limit', its default, its bounds and what it means. */
typedef struct ServerLimitInfo {
    const char *name;
    int64_t def, min, max;
    const char *meaning;
} ServerLimitInfo;
extern const ServerLimitInfo server_limits[LIMIT_COUNT];

/* The form of the 'i'-th request of the protocol, as docs/network.md writes it ("move ID PLY
 * MOVEID MOVE THINK": its verb first), from the server's table of requests; NULL past the
 * last. */
const char *server_request_usage(int i);

typedef struct ServerConfig {
    const char *socket_path;    /* where to listen */
    unsigned socket_mode;       /* the socket file's mode: 0600 (the user), 0660 (and the group) */
    gid_t socket_gid;           /* its group, (gid_t)-1: the user's */
    const char *store_path;     /* the database; its lock is the same path with ".lock" added */
    int durable;                /* 1: every commit reaches the disk (see store_open) */
    int check;                  /* how the database is checked at the start (STORE_CHECK_*) */
    int engines;                /* engine threads, 1 .. SERVER_ENGINES_MAX */
    size_t engine_table;        /* the bytes of each engine thread's table */
    int64_t claim_ms;           /* a seat to move gone this long may be claimed */
    int64_t first_move_ms;      /* a live game whose person to move makes no first move in this
                                   long is aborted */
    int64_t idle_ping_ms;       /* a silent client is pinged after this */
    int64_t dead_ms;            /* and dropped after this */
    int64_t store_retry_ms;     /* after the store failed, writes are refused this long */
    int64_t limit[LIMIT_COUNT]; /* the limits (server_limits[] has their defaults) */
    int guests;                 /* 1: the connections of Unix user 'guest_uid' are guests */
    uid_t guest_uid;
    const char *site; /* the records' Site tag */
    /* The server stops when this becomes nonzero (a signal handler sets it). */
    volatile sig_atomic_t *stop;
    /* Lines for the log (connections, games, errors); NULL: none. */
    void (*log)(void *ud, const char *line);
    void *log_ud;
} ServerConfig;

/* The defaults: socket 0600, durable, the quick check of the database, one engine thread with a
 * table of 32 MiB, claims after 60 s, pings after 3 s of silence, a connection dropped after
 * 10 s of it, writes refused for a second after the store failed, every limit at its default. The
 * paths stay to be set. */
void server_config_default(ServerConfig *cfg);

/* Reads 'NAME=N' into the limit it names. Returns 0, or -1 with the reason in 'why'. */
int server_limit_parse(ServerConfig *cfg, const char *text, char *why, size_t size);

/* Runs the server until '*cfg->stop'. Returns CM_OK after a clean stop, or the error that
 * stopped it from starting (the data directory is another server's, the database is not this
 * program's or is damaged, the socket cannot be made). A store that fails later (a full disk)
 * does not stop it: what would be written is refused, and written again once it can be. */
CmStatus server_run(const ServerConfig *cfg, CmError *err);

#endif
