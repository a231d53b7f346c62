/* Connections of the network protocol: lines in and out of a non-blocking socket, each way
 * bounded (a line over NET_LINE_MAX is dropped and reported; a peer that reads nothing is found
 * out by its queue), and the sockets themselves: the server's Unix socket, a client's
 * connection to it, the peer's user, and a program (ssh) whose input and output are the
 * connection. No game logic; nothing printed (docs/network.md).
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_NET_CONN_H
#define CAMELOT_NET_CONN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "camelot/error.h"
#include "proto.h"

#define NET_OUT_MAX (512 * 1024) /* bytes waiting for a peer before it counts as not reading */
#define NET_PATH_MAX 108         /* bytes in a Unix socket's path, NUL included (sun_path) */
#define NET_CONNECT_MS 5000      /* how long a client tries to reach a busy server's socket */

typedef struct NetConn {
    int fd;                        /* -1: closed */
    char in[2 * NET_LINE_MAX + 2]; /* bytes read: 'in[instart .. inlen)' not yet taken */
    size_t instart, inlen;
    int skipping; /* a line over NET_LINE_MAX is being dropped up to its newline */
    char *out;    /* bytes to write: 'out[outoff .. outlen)' */
    size_t outoff, outlen, outcap;
    size_t out_max; /* the most that may wait */
} NetConn;

/* Takes 'fd' (made non-blocking) as a connection whose queue may hold 'out_max' bytes. */
void net_conn_init(NetConn *c, int fd, size_t out_max);

/* Closes the connection's socket and frees its queue. */
void net_conn_close(NetConn *c);

/* Reads what the socket has now. Returns 1 when bytes came, 0 when none were there, -1 at the
 * end of input or on an error (the connection is over). */
int net_conn_fill(NetConn *c);

/* Takes the next whole line from what was read: returns 1 with the line (without its newline)
 * at '*line' ('*len' bytes, valid until the next call), 0 when no line is whole yet, or -1
 * once for a line over NET_LINE_MAX, whose bytes are dropped up to its newline. At the end of
 * input ('eof'), bytes after the last newline count as a last line. */
int net_conn_line(NetConn *c, int eof, const char **line, size_t *len);

/* Gives back the line the last net_conn_line took ('line', 'len' as it returned them), to be
 * taken again by the next call. */
void net_conn_unline(NetConn *c, const char *line, size_t len);

/* Queues 'len' bytes and a newline. Returns 0, or -1 when the queue would pass 'out_max' (the
 * peer reads nothing: drop it) or memory ran out. */
int net_conn_send(NetConn *c, const char *line, size_t len);

/* Writes what is queued, as much as the socket takes now. Returns 1 when all is written, 0
 * when some waits, -1 when the peer is gone. */
int net_conn_flush(NetConn *c);

/* Bytes waiting to be written. */
size_t net_conn_pending(const NetConn *c);

/* Drops what was queued after the first 'pending' bytes of those waiting (nothing was written
 * since they were counted). */
void net_conn_truncate(NetConn *c, size_t pending);

/* ---- Sockets (sock.c) ------------------------------------------------------------------- */

/* The server's socket when none is named: '$XDG_RUNTIME_DIR/camelot/server.sock', or, when
 * that is not set, '/tmp/camelot-UID/server.sock'. The directory is created (mode 0700) when
 * missing and must belong to this user and be closed to others. */
CmStatus net_default_socket(char *buf, size_t size, CmError *err);

/* The socket file a server made, to remove at its end only if it is still that one. */
typedef struct NetSockFile {
    dev_t dev;
    ino_t ino;
} NetSockFile;

/* Listens on the Unix socket 'path' with file mode 'mode' (0600: this user only; 0660: and the
 * group) and group 'gid' (-1: the user's). The socket's directory, and each one above it, must
 * belong to this user or root and be writable by nobody else unless it has the sticky bit
 * (CM_ERR_ARG saying which and why). The socket is made with its mode and group in a directory
 * of its own, then renamed into place: nothing is changed by the final name. A socket file left
 * by a server that is gone is replaced; a live server's is not (CM_ERR_ARG), nor anything that is
 * not a socket. Returns the listening descriptor in '*fd_out' and what identifies the file in
 * '*file_out' (may be NULL). */
CmStatus net_listen(const char *path, unsigned mode, gid_t gid, int *fd_out, NetSockFile *file_out,
                    CmError *err);

/* Removes the socket file 'path' when it is still the one 'file' identifies. */
void net_unlisten(const char *path, const NetSockFile *file);

/* Connects to the Unix socket 'path'. A server whose queue of connections is full is tried
 * again for NET_CONNECT_MS, then given up with a message. The descriptor is blocking. */
CmStatus net_connect(const char *path, int *fd_out, CmError *err);

/* The user and process at the other end of a Unix socket. */
CmStatus net_peer(int fd, uid_t *uid_out, pid_t *pid_out, CmError *err);

/* Starts 'argv' (argv[0] found on the PATH) with its standard input and output joined to a
 * socket whose other end goes to '*fd_out'; its standard error stays the caller's. */
CmStatus net_spawn(char *const argv[], int *fd_out, pid_t *pid_out, CmError *err);

/* Where a client connects, from '--server': a socket's path, or 'ssh://[user@]host[:port]'. */
typedef struct NetAddr {
    int ssh;                   /* 1: through ssh */
    char path[NET_PATH_MAX];   /* the socket, when not through ssh */
    char dest[320];            /* 'user@host' or 'host' for ssh */
    int port;                  /* 0: ssh's own */
    char key[NET_KEY_MAX + 1]; /* "": none; else the public key a session of a public server
                                * came with, said first ('key FINGERPRINT') on the socket */
} NetAddr;

/* Reads '--server''s text. CM_ERR_ARG with the reason when it is neither form. */
CmStatus net_addr_parse(const char *text, NetAddr *out, CmError *err);

/* Connects to 'a': the socket, or 'ssh -T [-p PORT] DEST camelot relay' (the command
 * '$CAMELOT_SSH' when set, split at spaces, in place of 'ssh'), whose process goes to
 * '*pid_out' (-1 for a socket). */
CmStatus net_dial(const NetAddr *a, int *fd_out, pid_t *pid_out, CmError *err);

#endif
