/* Lines in and out of a non-blocking socket, bounded both ways.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include "conn.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

void net_conn_init(NetConn *c, int fd, size_t out_max)
{
    memset(c, 0, sizeof *c);
    c->fd = fd;
    c->out_max = out_max;
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

void net_conn_close(NetConn *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
    free(c->out);
    c->out = NULL;
    c->outoff = c->outlen = c->outcap = 0;
    c->instart = c->inlen = 0;
}

/* Moves the bytes not yet taken to the front of the input buffer. */
static void compact(NetConn *c)
{
    if (c->instart == 0)
        return;
    memmove(c->in, c->in + c->instart, c->inlen - c->instart);
    c->inlen -= c->instart;
    c->instart = 0;
}

int net_conn_fill(NetConn *c)
{
    if (c->fd < 0)
        return -1;
    compact(c);
    /* One byte is kept for the NUL that ends a last line without a newline. */
    size_t room = sizeof c->in - 1 - c->inlen;
    if (room == 0)
        return 1; /* lines wait to be taken */
    for (;;) {
        ssize_t n = read(c->fd, c->in + c->inlen, room);
        if (n > 0) {
            c->inlen += (size_t)n;
            return 1;
        }
        if (n == 0)
            return -1;
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            return 0;
        return -1;
    }
}

int net_conn_line(NetConn *c, int eof, const char **line, size_t *len)
{
    for (;;) {
        char *start = c->in + c->instart;
        size_t avail = c->inlen - c->instart;
        char *nl = memchr(start, '\n', avail);
        if (c->skipping) {
            /* The rest of a line over the limit: dropped up to its newline. */
            if (nl == NULL) {
                c->instart = c->inlen = 0;
                return 0;
            }
            c->instart += (size_t)(nl - start) + 1;
            c->skipping = 0;
            continue;
        }
        if (nl != NULL) {
            size_t n = (size_t)(nl - start);
            c->instart += n + 1;
            if (n > NET_LINE_MAX)
                return -1;
            *nl = '\0';
            *line = start;
            *len = n;
            return 1;
        }
        if (avail > NET_LINE_MAX) {
            c->skipping = 1;
            c->instart = c->inlen = 0;
            return -1;
        }
        if (eof && avail > 0) {
            compact(c);
            c->in[c->inlen] = '\0';
            *line = c->in;
            *len = c->inlen;
            c->instart = c->inlen;
            return 1;
        }
        return 0;
    }
}

int net_conn_send(NetConn *c, const char *line, size_t len)
{
    if (c->fd < 0)
        return -1;
    size_t waiting = c->outlen - c->outoff;
    if (waiting + len + 1 > c->out_max)
        return -1;
    if (c->outoff > 0 && c->outlen + len + 1 > c->outcap) {
        memmove(c->out, c->out + c->outoff, waiting);
        c->outlen = waiting;
        c->outoff = 0;
    }
    if (c->outlen + len + 1 > c->outcap) {
        size_t cap = c->outcap ? c->outcap : 1024;
        while (cap < c->outlen + len + 1)
            cap *= 2;
        char *p = realloc(c->out, cap);
        if (p == NULL)
            return -1;
        c->out = p;
        c->outcap = cap;
    }
    memcpy(c->out + c->outlen, line, len);
    c->out[c->outlen + len] = '\n';
    c->outlen += len + 1;
    return 0;
}

int net_conn_flush(NetConn *c)
{
    if (c->fd < 0)
        return -1;
    while (c->outoff < c->outlen) {
        /* send() on a socket whose peer is gone fails with EPIPE instead of raising SIGPIPE;
         * a pipe (the relay's standard output) takes write(). */
        ssize_t n = send(c->fd, c->out + c->outoff, c->outlen - c->outoff, MSG_NOSIGNAL);
        if (n < 0 && errno == ENOTSOCK)
            n = write(c->fd, c->out + c->outoff, c->outlen - c->outoff);
        if (n > 0) {
            c->outoff += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return 0;
        return -1;
    }
    c->outoff = c->outlen = 0;
    /* A queue that grew for a burst is given back once it is empty. */
    if (c->outcap > 64 * 1024) {
        free(c->out);
        c->out = NULL;
        c->outcap = 0;
    }
    return 1;
}

size_t net_conn_pending(const NetConn *c)
{
    return c->outlen - c->outoff;
}

void net_conn_unline(NetConn *c, const char *line, size_t len)
{
    size_t at = (size_t)(line - c->in);
    if (at + len < c->inlen)
        c->in[at + len] = '\n';
    c->instart = at;
}

void net_conn_truncate(NetConn *c, size_t pending)
{
    if (pending < c->outlen - c->outoff)
        c->outlen = c->outoff + pending;
}
