/* The client's side of the network: the connection and its heartbeats, reconnecting, and the
 * games it follows, as the server's events build them. The session of a game on a server is
 * remote_session.c.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* kill */
#include "remote.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "camelot/notation.h"
#include "clock.h"
#include "session_int.h"

struct Remote {
    NetAddr addr;
    Catalog *cat;
    NetConn conn; /* fd -1 while down */
    pid_t pid;    /* ssh, -1 for none */
    int up;       /* connected and greeted */
    char name[NET_NAME_MAX + 1];
    uint64_t last_in;    /* when the server last said anything */
    uint64_t pinged_at;  /* when this client last pinged a quiet server */
    uint64_t retry_at;   /* when to connect again, while down */
    int64_t retry_ms;    /* the wait before the next try */
    int final;           /* the server said not to come back (a ban, another version) ... */
    char final_why[200]; /* ... and why, in its words */
    char status[300];
    RemoteLineFn fn;
    void *ud;
    RemoteGame games[REMOTE_GAMES_MAX];
    unsigned seq;       /* for move ids */
    unsigned long sent; /* lines sent */
    /* ssh processes told to end that had not ended yet: reaped later, never waited for. */
    pid_t gone[REMOTE_GONE_MAX];
    int ngone;
    NetMsg greeting; /* the lines read while the connection is made */
    NetMsg in;       /* the lines read as the connection is polled */
};

/* ---- The ssh process ---------------------------------------------------------------------- */

/* Waits up to 'ms' for child 'pid' to end, without ever blocking longer. Returns 1 once it is
 * reaped (or is no child of this process any more), 0 while it is still there. */
static int child_ended(pid_t pid, int ms)
{
    for (int waited = 0;; waited += REMOTE_REAP_STEP_MS) {
        pid_t got = waitpid(pid, NULL, WNOHANG);
        if (got == pid || (got < 0 && errno != EINTR))
            return 1;
        if (waited >= ms)
            return 0;
        poll(NULL, 0, REMOTE_REAP_STEP_MS);
    }
}

/* Reaps the ssh processes that had not ended when they were told to, those that have ended
 * since; the others wait for the next call. */
static void reap_gone(Remote *r)
{
    int kept = 0;
    for (int i = 0; i < r->ngone; i++)
        if (!child_ended(r->gone[i], 0))
            r->gone[kept++] = r->gone[i];
    r->ngone = kept;
}

/* Ends the ssh process of the connection, however it behaves: SIGTERM (and SIGCONT, so that a
 * stopped ssh can act on it), a wait of at most REMOTE_TERM_MS, then SIGKILL and a shorter
 * wait. One that ignores SIGTERM or is stopped is killed; one still there after that (the
 * system has not yet let it go) is reaped later by 'reap_gone'. The program never waits on it
 * for longer. */
static void end_ssh(Remote *r)
{
    pid_t pid = r->pid;
    r->pid = -1;
    if (pid <= 0)
        return;
    kill(pid, SIGTERM);
    kill(pid, SIGCONT);
    if (child_ended(pid, REMOTE_TERM_MS))
        return;
    kill(pid, SIGKILL);
    if (child_ended(pid, REMOTE_KILL_MS))
        return;
    reap_gone(r);
    if (r->ngone < REMOTE_GONE_MAX)
        r->gone[r->ngone++] = pid;
}

/* ---- The connection ------------------------------------------------------------------------ */

static void link_down(Remote *r, uint64_t now, const char *why)
{
    if (r->conn.fd >= 0)
        net_conn_close(&r->conn);
    r->conn.fd = -1;
    end_ssh(r);
    r->up = 0;
    if (r->final) {
        /* Trying again would only be refused again, and logged by the server each time. */
        r->retry_at = UINT64_MAX;
        snprintf(r->status, sizeof r->status, "%s: not connecting again", r->final_why);
        return;
    }
    if (r->retry_ms == 0)
        r->retry_ms = 500;
    r->retry_at = now + (uint64_t)r->retry_ms;
    snprintf(r->status, sizeof r->status, "%s; connecting again in %lld s", why,
             (long long)((r->retry_ms + 999) / 1000));
    r->retry_ms *= 2;
    if (r->retry_ms > REMOTE_RETRY_MAX_MS)
        r->retry_ms = REMOTE_RETRY_MAX_MS;
}

/* Waits up to 'ms' for a whole line from the server. Returns 1 with it in 'm', 0 on time out,
 * -1 when the connection ended. */
static int read_line(Remote *r, int ms, NetMsg *m)
{
    uint64_t until = clock_ms() + (uint64_t)ms;
    for (;;) {
        const char *line;
        size_t len;
        int got = net_conn_line(&r->conn, 0, &line, &len);
        if (got > 0) {
            if (net_msg_parse(m, line, len, NULL) == CM_OK)
                return 1;
            continue;
        }
        uint64_t now = clock_ms();
        if (now >= until)
            return 0;
        struct pollfd p = {.fd = r->conn.fd, .events = POLLIN};
        if (poll(&p, 1, (int)(until - now)) < 0)
            continue;
        if (net_conn_fill(&r->conn) < 0)
            return -1;
    }
}

/* What to do when ssh ended before the server said hello: ssh has said why, above (the
 * message fits a CmError's 200 bytes; docs/network.md has the other causes). */
#define SSH_ENDED_HINT                                                                             \
    "ssh ended before the server answered, saying why above. 'Host key verification failed': "     \
    "run 'ssh USER@HOST' once and accept its key; other causes: docs/network.md"

/* The connection ended before the server's hello: through ssh, ssh has said why. */
static CmStatus closed_before_hello(Remote *r, CmError *err)
{
    link_down(r, clock_ms(), "the server closed the connection");
    if (r->addr.dest[0] != '\0')
        return cm_error_set(err, CM_ERR_IO, 0, 0, "%s", SSH_ENDED_HINT);
    return cm_error_set(err, CM_ERR_IO, 0, 0, "the server closed the connection");
}

/* Whether 'm' ('error VERB CODE REASON') says not to connect again: a ban, or a hello of
 * another version. */
static void final_error(Remote *r, const NetMsg *m)
{
    if (m->argc < 4 || (strcmp(m->argv[2], "banned") != 0 &&
                        (strcmp(m->argv[1], "hello") != 0 || strcmp(m->argv[2], "version") != 0)))
        return;
    r->final = 1;
    net_text_clean(m->rest[3], strlen(m->rest[3]), r->final_why, sizeof r->final_why);
}

/* Connects and says hello. Returns CM_OK with the link up. */
static CmStatus link_up(Remote *r, CmError *err)
{
    int fd;
    pid_t pid;
    CmStatus st = net_dial(&r->addr, &fd, &pid, err);
    if (st != CM_OK)
        return st;
    net_conn_init(&r->conn, fd, NET_OUT_MAX);
    r->pid = pid;
    char key[NET_KEY_MAX + 8], hello[32];
    int k = snprintf(key, sizeof key, "key %s", r->addr.key);
    int n = snprintf(hello, sizeof hello, "hello %d", NET_VERSION);
    if ((r->addr.key[0] != '\0' && net_conn_send(&r->conn, key, (size_t)k) != 0) ||
        net_conn_send(&r->conn, hello, (size_t)n) != 0) {
        link_down(r, clock_ms(), "out of memory");
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    }
    while (net_conn_pending(&r->conn) > 0) {
        if (net_conn_flush(&r->conn) < 0)
            return closed_before_hello(r, err);
        if (net_conn_pending(&r->conn) > 0) {
            struct pollfd p = {.fd = r->conn.fd, .events = POLLOUT};
            poll(&p, 1, 100);
        }
    }
    NetMsg *m = &r->greeting;
    for (;;) {
        int got = read_line(r, REMOTE_HELLO_MS, m);
        if (got <= 0) {
            if (got < 0)
                return closed_before_hello(r, err);
            link_down(r, clock_ms(), "the server did not answer");
            return cm_error_set(err, CM_ERR_IO, 0, 0, "no answer from the server in %d s",
                                REMOTE_HELLO_MS / 1000);
        }
        if (m->argc >= 4 && strcmp(m->argv[0], "ok") == 0 && strcmp(m->argv[1], "hello") == 0) {
            snprintf(r->name, sizeof r->name, "%s", m->argv[3]);
            break;
        }
        if (strcmp(m->argv[0], "error") == 0) {
            char why[NET_LINE_MAX / 4];
            net_text_clean(m->line, strlen(m->line), why, sizeof why);
            final_error(r, m);
            link_down(r, clock_ms(), "the server refused the connection");
            return cm_error_set(err, CM_ERR_IO, 0, 0, "the server says: %s", why);
        }
    }
    r->up = 1;
    r->last_in = clock_ms();
    r->retry_ms = 0;
    r->status[0] = '\0';
    return CM_OK;
}

CmStatus remote_open(const NetAddr *addr, Catalog *cat, Remote **out, CmError *err)
{
    *out = NULL;
    Remote *r = calloc(1, sizeof *r);
    if (r == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    r->addr = *addr;
    r->cat = cat;
    r->conn.fd = -1;
    r->pid = -1;
    r->seq = (unsigned)(clock_us() & 0xFFFFF);
    CmStatus st = link_up(r, err);
    if (st != CM_OK) {
        remote_close(r);
        return st;
    }
    *out = r;
    return CM_OK;
}

void remote_close(Remote *r)
{
    if (r == NULL)
        return;
    if (r->up) {
        net_conn_send(&r->conn, "quit", 4);
        net_conn_flush(&r->conn);
    }
    if (r->conn.fd >= 0)
        net_conn_close(&r->conn);
    /* ssh ends when its input does; it is waited for briefly, then told to. One the system has
     * not let go of even then is left to it: the program is ending. */
    if (r->pid > 0 && child_ended(r->pid, REMOTE_CLOSE_MS))
        r->pid = -1;
    end_ssh(r);
    reap_gone(r);
    for (int i = 0; i < REMOTE_GAMES_MAX; i++)
        if (r->games[i].used)
            netgame_free(&r->games[i].ng);
    free(r);
}

void remote_listen(Remote *r, RemoteLineFn fn, void *ud)
{
    r->fn = fn;
    r->ud = ud;
}

const char *remote_name(const Remote *r)
{
    return r->name;
}

int remote_fd(const Remote *r)
{
    return r->conn.fd;
}

int remote_up(const Remote *r)
{
    return r->up;
}

const char *remote_status(const Remote *r)
{
    return r->status;
}

int remote_given_up(const Remote *r)
{
    return !r->up && r->final;
}

int remote_send(Remote *r, const char *fmt, ...)
{
    if (!r->up)
        return -1;
    char line[NET_LINE_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n > NET_LINE_MAX)
        return -1;
    if (net_conn_send(&r->conn, line, (size_t)n) != 0 || net_conn_flush(&r->conn) < 0) {
        link_down(r, clock_ms(), "the connection was lost");
        return -1;
    }
    r->sent++;
    return 0;
}

unsigned long remote_sent(const Remote *r)
{
    return r->sent;
}

/* ---- Games ----------------------------------------------------------------------------------- */

RemoteGame *remote_game(Remote *r, int64_t id)
{
    for (int i = 0; i < REMOTE_GAMES_MAX; i++)
        if (r->games[i].used && r->games[i].ng.id == id)
            return &r->games[i];
    return NULL;
}

/* Follows game 'id' without asking for it (its state is on its way). */
static RemoteGame *remote_follow_quietly(Remote *r, int64_t id)
{
    RemoteGame *g = remote_game(r, id);
    if (g == NULL) {
        for (int i = 0; i < REMOTE_GAMES_MAX && g == NULL; i++)
            if (!r->games[i].used)
                g = &r->games[i];
        if (g == NULL)
            return NULL;
        memset(g, 0, sizeof *g);
        g->used = 1;
        netgame_init(&g->ng, id, r->cat);
    }
    return g;
}

RemoteGame *remote_follow(Remote *r, int64_t id)
{
    RemoteGame *g = remote_follow_quietly(r, id);
    if (g != NULL)
        remote_send(r, "open %lld", (long long)id);
    return g;
}

void remote_unfollow(Remote *r, int64_t id)
{
    RemoteGame *g = remote_game(r, id);
    if (g == NULL)
        return;
    remote_send(r, "close %lld", (long long)id);
    netgame_free(&g->ng);
    g->used = 0;
}

/* Sends the move a game waits to hear answered (again, after a reconnection). */
static void send_pending(Remote *r, RemoteGame *g, uint64_t now)
{
    int64_t think = g->turn_seen && now > g->turn_seen ? (int64_t)(now - g->turn_seen) : 0;
    remote_send(r, "move %lld %d %s %s %lld", (long long)g->ng.id, g->pending_ply, g->pending_id,
                g->pending_text, (long long)think);
}

/* Notes what an event changed, for the session. */
static void note(RemoteGame *g, const char *kind, int was_over, int old_n, int old_to_move,
                 uint64_t now)
{
    NetGame *ng = &g->ng;
    if (strcmp(kind, "chat") == 0 || strcmp(kind, "kibitz") == 0)
        g->news |= SESSION_EV_CHAT;
    else if (strcmp(kind, "offer") == 0 || strcmp(kind, "answer") == 0)
        g->news |= SESSION_EV_OFFER;
    else
        g->news |= SESSION_EV_MOVED | SESSION_EV_CLOCK;
    if (!was_over && ng->status == NG_OVER)
        g->news |= SESSION_EV_OVER;
    g->clock_at = now;
    if (ng->v != NULL && (ng->g.n != old_n || ng->g.pos.to_move != old_to_move))
        g->turn_seen = now;
    if (g->pending && (ng->g.n > g->pending_ply || ng->status == NG_OVER))
        g->pending = 0;
}

/* Keeps the rating change of a 'rating' event ("rating NAME OLD NEW"), once a player. */
static void keep_rating(RemoteGame *g, int argc, const char *const *argv)
{
    int64_t old_r, new_r;
    if (argc != 4 || !net_int(argv[2], -100000, 100000, &old_r) ||
        !net_int(argv[3], -100000, 100000, &new_r))
        return;
    int i = 0;
    while (i < g->nrating && strcmp(g->rating[i].name, argv[1]) != 0)
        i++;
    if (i == CM_MAX_SEATS)
        return;
    snprintf(g->rating[i].name, sizeof g->rating[i].name, "%s", argv[1]);
    g->rating[i].old_rating = old_r;
    g->rating[i].new_rating = new_r;
    if (i == g->nrating)
        g->nrating++;
}

/* A line about a followed game: an event, a line of a whole state, a presence. Returns 1 when
 * it was one. */
static int game_line(Remote *r, const NetMsg *m, uint64_t now)
{
    const char *k = m->argv[0];
    int64_t id, seq;
    if (m->argc < 3 || !net_game_id(m->argv[1], &id))
        return 0;
    RemoteGame *g = remote_game(r, id);
    if (strcmp(k, "presence") == 0) {
        if (g == NULL || m->argc < 4)
            return 1;
        int seat = netgame_seat_by_letter(&g->ng, m->argv[2]);
        if (seat >= 0) {
            int on = strcmp(m->argv[3], "on") == 0;
            int64_t away = 0;
            if (m->argc >= 5)
                net_int(m->argv[4], 0, INT64_C(1) << 40, &away);
            g->present[seat] = on;
            g->away_since[seat] = on ? 0 : now - (uint64_t)away * 1000;
            g->news |= SESSION_EV_PRESENCE;
        }
        return 1;
    }
    if (strcmp(k, "sync") == 0) {
        /* The state of a game this client has just made, joined or opened: followed from
         * now on. */
        if (g == NULL && strcmp(m->argv[2], "begin") == 0)
            g = remote_follow_quietly(r, id);
        if (g == NULL)
            return 1;
        CmError err;
        int done = 0;
        int was_over = g->ng.status == NG_OVER;
        g->syncing = 1;
        if (netgame_sync_apply(&g->ng, m->argc - 2, m->argv + 2, m->rest + 2, &done, &err) != CM_OK)
            snprintf(g->error, sizeof g->error, "the game's state did not read: %s", err.msg);
        if (done) {
            g->syncing = 0;
            note(g, "sync", was_over, -1, -1, now);
        }
        return 1;
    }
    if (strcmp(k, "ev") != 0)
        return 0;
    if (g == NULL || m->argc < 4 || !net_int(m->argv[2], 1, INT64_MAX, &seq))
        return 1;
    if (seq <= g->ng.seq)
        return 1; /* already had it */
    NetGame *ng = &g->ng;
    int was_over = ng->status == NG_OVER;
    int old_n = ng->v ? ng->g.n : -1, old_to = ng->v ? ng->g.pos.to_move : -1;
    CmError err;
    if (netgame_apply(ng, seq, m->argc - 3, m->argv + 3, m->rest + 3, &err) != CM_OK) {
        /* An event that does not fit what this client has: the whole state is asked for. */
        snprintf(g->error, sizeof g->error, "%s; the game is read again", err.msg);
        remote_send(r, "open %lld", (long long)id);
        return 1;
    }
    note(g, m->argv[3], was_over, old_n, old_to, now);
    if (strcmp(m->argv[3], "rating") == 0)
        keep_rating(g, m->argc - 3, m->argv + 3);
    return 1;
}

/* A refusal of a request about a game is kept with the game, for its session to say. */
static void game_error(Remote *r, const NetMsg *m)
{
    if (m->argc < 4)
        return;
    const char *verb = m->argv[1];
    for (int i = 0; i < REMOTE_GAMES_MAX; i++) {
        RemoteGame *g = &r->games[i];
        if (!g->used)
            continue;
        if (strcmp(verb, "move") == 0 && g->pending) {
            g->pending = 0;
            g->news |= SESSION_EV_MOVED | SESSION_EV_REFUSED;
        } else if (strcmp(verb, "move") != 0) {
            g->news |= SESSION_EV_REFUSED;
        } else {
            continue;
        }
        net_text_clean(m->rest[3], strlen(m->rest[3]), g->error, sizeof g->error);
    }
}

unsigned remote_poll(Remote *r, uint64_t now)
{
    unsigned ev = 0;
    if (r->ngone > 0)
        reap_gone(r);
    if (!r->up) {
        if (now < r->retry_at)
            return 0;
        CmError err;
        cm_error_init(&err, NULL);
        if (link_up(r, &err) != CM_OK)
            return r->final ? REMOTE_EV_LINK : 0; /* turned away for good: that is news */
        /* Back: every followed game asks for what it missed, and a move not yet answered is
         * sent again (the server plays a move id once). */
        for (int i = 0; i < REMOTE_GAMES_MAX; i++) {
            RemoteGame *g = &r->games[i];
            if (!g->used)
                continue;
            if (g->ng.v != NULL && !g->syncing)
                remote_send(r, "open %lld %lld", (long long)g->ng.id, (long long)g->ng.seq);
            else
                remote_send(r, "open %lld", (long long)g->ng.id);
            if (g->pending)
                send_pending(r, g, now);
            g->news |= SESSION_EV_NET;
        }
        return REMOTE_EV_LINK;
    }
    int got = net_conn_fill(&r->conn);
    if (got > 0)
        r->last_in = now;
    NetMsg *m = &r->in;
    for (;;) {
        const char *line;
        size_t len;
        int n = net_conn_line(&r->conn, got < 0, &line, &len);
        if (n == 0)
            break;
        if (n < 0 || net_msg_parse(m, line, len, NULL) != CM_OK)
            continue;
        if (strcmp(m->argv[0], "ping") == 0) {
            if (m->argc == 2 && net_move_id_ok(m->argv[1]))
                remote_send(r, "pong %s", m->argv[1]);
            continue;
        }
        if (game_line(r, m, now)) {
            ev |= REMOTE_EV_GAME;
            continue;
        }
        if (strcmp(m->argv[0], "error") == 0) {
            game_error(r, m);
            final_error(r, m);
        }
        if (r->fn != NULL)
            r->fn(r->ud, m);
        ev |= REMOTE_EV_LINE;
        if (!r->up)
            break;
    }
    if (got < 0 || (r->up && now - r->last_in > REMOTE_DEAD_MS)) {
        link_down(r, now,
                  got < 0 ? "the connection to the server was lost"
                          : "the server has not answered for 10 s");
        for (int i = 0; i < REMOTE_GAMES_MAX; i++)
            if (r->games[i].used)
                r->games[i].news |= SESSION_EV_NET;
        ev |= REMOTE_EV_LINK;
    } else if (r->up && now - r->last_in > REMOTE_DEAD_MS / 2 &&
               (r->pinged_at < r->last_in || now - r->pinged_at >= REMOTE_DEAD_MS / 4)) {
        /* Quiet for a while: a ping now and then, so that a live server speaks; a dead one
         * stays silent, and its silence is counted from what it last said, not from the
         * pings. */
        remote_send(r, "ping c%llu", (unsigned long long)(now / 1000));
        r->pinged_at = now;
    }
    return ev;
}

void remote_send_move(Remote *r, RemoteGame *g, uint64_t now)
{
    snprintf(g->pending_id, sizeof g->pending_id, "m%x%d", r->seq++, g->ng.g.n);
    if (r->up)
        send_pending(r, g, now);
}
