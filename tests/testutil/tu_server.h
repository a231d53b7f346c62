/* Helpers for the tests of a client of the server: 'camelot serve' run by the test in a child
 * of its own on a socket of its own, and a player who speaks the protocol itself, as a relay
 * does ('as NAME' first, which the server believes from its own Unix user: the test's).
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_TU_SERVER_H
#define CAMELOT_TU_SERVER_H

#include <stddef.h>
#include <sys/types.h>

/* Starts a server on 'dir'/server.sock (its database beside it), whose path goes to 'sock';
 * returns its pid once it listens. It ends with the test, however the test ends. */
pid_t tu_server_start(const char *dir, char *sock, size_t size);

/* Stops the server and checks that it stopped cleanly. */
void tu_server_stop(pid_t pid);

/* A player connected by hand: what it heard is kept, and pings are answered. */
typedef struct TuRaw {
    int fd; /* -1 once closed */
    char in[65536];
    size_t len;
} TuRaw;

/* Connects to 'sock' as 'name' and says hello. */
void tu_raw_open(TuRaw *r, const char *sock, const char *name);

/* Sends a line (printf formatting). */
void tu_raw_send(TuRaw *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Reads what came, without waiting; answers pings. */
void tu_raw_pump(TuRaw *r);

/* Whether what it heard holds 'text'. */
int tu_raw_heard(const TuRaw *r, const char *text);

/* Closes the connection: the server sees the player gone. */
void tu_raw_close(TuRaw *r);

#endif
