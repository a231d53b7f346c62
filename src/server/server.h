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

#define SERVER_ENGINES_MAX 8
#define SERVER_CLIENTS_MAX 20000 /* connections at once; more are refused */

typedef struct ServerConfig {
    const char *socket_path; /* where to listen */
    unsigned socket_mode;    /* the socket file's mode: 0600 (the user), 0660 (and the group) */
    gid_t socket_gid;        /* its group, (gid_t)-1: the user's */
    const char *store_path;  /* the database */
    int durable;             /* 1: every commit reaches the disk (see store_open) */
    int engines;             /* engine threads, 1 .. SERVER_ENGINES_MAX */
    size_t engine_table;     /* the bytes of each engine thread's table */
    int64_t claim_ms;        /* a seat to move gone this long may be claimed */
    int64_t idle_ping_ms;    /* a silent client is pinged after this */
    int64_t dead_ms;         /* and dropped after this */
    const char *site;        /* the records' Site tag */
    /* The server stops when this becomes nonzero (a signal handler sets it). */
    volatile sig_atomic_t *stop;
    /* Lines for the log (connections, games, errors); NULL: none. */
    void (*log)(void *ud, const char *line);
    void *log_ud;
} ServerConfig;

/* The defaults: socket 0600, durable, one engine thread with a table of 32 MiB, claims after
 * 60 s, pings after 3 s of silence, a connection dropped after 10 s of it. The paths stay to
 * be set. */
void server_config_default(ServerConfig *cfg);

/* Runs the server until '*cfg->stop'. Returns CM_OK after a clean stop, or the error that
 * ended it (the socket or the store could not be opened, a commit failed). */
CmStatus server_run(const ServerConfig *cfg, CmError *err);

#endif
