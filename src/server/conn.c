/* The server's connections: what is sent to each (queued, written when the socket takes it),
 * who each is and how many each person has, the heartbeats that find those gone quiet, and the
 * lines each sends, read as fast as its tokens allow and handed to the requests (request.c).
 * SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* accept4 */
#include "server_int.h"
#include "camelot/grow.h"

#include <errno.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#define STR_OF(x) #x
#define STR(x) STR_OF(x) /* a number's macro as text */

/* ---- Sending ------------------------------------------------------------------------------ */

/* Marks 'c' to be dropped at the end of the turn. */
void srv_close(Server *s, Client *c)
{
    if (!c->closing) {
        c->closing = 1;
        s->nclosing++;
    }
}

void srv_mark_dirty(Server *s, Client *c)
{
    if (c->dirty)
        return;
    if (srv_push((void ***)&s->dirty, &s->ndirty, &s->dirtycap, c) != 0) {
        srv_close(s, c);
        return;
    }
    c->dirty = 1;
}

/* Whether 'line' answers the request under way of 'c': 'ok VERB', 'error VERB' or 'pong'. */
static int is_answer(const char *line, size_t len)
{
    return (len >= 3 && memcmp(line, "ok ", 3) == 0) ||
           (len >= 6 && memcmp(line, "error ", 6) == 0 &&
            (len < 8 || memcmp(line, "error - ", 8))) ||
           (len >= 5 && memcmp(line, "pong ", 5) == 0);
}

void srv_send(Server *s, Client *c, const char *line, size_t len)
{
    if (c->closing)
        return;
    /* Within the store's turn, the first line to a client marks where the turn's lines begin:
     * when the turn fails, they are taken back from there. */
    if (s->tx_open && c->mark_tx != s->tx_no) {
        if (srv_push((void ***)&s->tx_marked, &s->ntx_marked, &s->tx_markcap, c) != 0) {
            srv_close(s, c);
            return;
        }
        c->mark_tx = s->tx_no;
        c->mark = net_conn_pending(&c->conn);
    }
    if (c == s->req_c && is_answer(line, len))
        s->req_answers++;
    if (net_conn_send(&c->conn, line, len) != 0) {
        srv_log(s, "%s: dropped, it reads nothing (%zu bytes wait)", c->name,
                net_conn_pending(&c->conn));
        srv_close(s, c);
        return;
    }
    srv_mark_dirty(s, c);
}

void srv_sendf(Server *s, Client *c, const char *fmt, ...)
{
    char line[NET_LINE_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    srv_send(s, c, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

void srv_error(Server *s, Client *c, const char *verb, const char *code, const char *fmt, ...)
{
    char why[400], v[40];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    /* The verb of a request the server does not know is the client's: shown clean. */
    net_text_clean(verb, strlen(verb), v, sizeof v);
    srv_sendf(s, c, "error %s %s %s", v[0] ? v : "-", code, why);
}

/* ---- Heartbeats ---------------------------------------------------------------------------- */

/* The clients are a binary heap by the time before which none needs a ping or a drop, so
 * that a turn of the loop looks only at those due (at thousands of clients, a look at each on
 * every turn was most of the server's work). A key may be early, never late: a client that
 * speaks only puts its own times off, and its key is brought up to date when it comes to the
 * top. */

/* When 'c' next needs a ping (quiet for idle_ping_ms since it spoke or was pinged) or a drop
 * (quiet for dead_ms). */
static uint64_t beat_due(const Server *s, const Client *c)
{
    uint64_t ping = (c->pinged_at ? c->pinged_at : c->last_in) + (uint64_t)s->cfg.idle_ping_ms;
    uint64_t dead = c->last_in + (uint64_t)s->cfg.dead_ms;
    return ping < dead ? ping : dead;
}

static void beat_put(Server *s, int i, Beat b)
{
    s->beats[i] = b;
    b.c->beat_i = i;
}

static void beat_up(Server *s, int i)
{
    Beat b = s->beats[i];
    while (i > 0 && s->beats[(i - 1) / 2].due > b.due) {
        beat_put(s, i, s->beats[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    beat_put(s, i, b);
}

static void beat_down(Server *s, int i)
{
    Beat b = s->beats[i];
    for (;;) {
        int k = 2 * i + 1;
        if (k >= s->nbeats)
            break;
        if (k + 1 < s->nbeats && s->beats[k + 1].due < s->beats[k].due)
            k++;
        if (s->beats[k].due >= b.due)
            break;
        beat_put(s, i, s->beats[k]);
        i = k;
    }
    beat_put(s, i, b);
}

static int beat_add(Server *s, Client *c)
{
    c->beat_i = -1;
    if (cm_grow(&s->beats, &s->beatcap, s->nbeats + 1, sizeof *s->beats, 256) != 0)
        return -1;
    beat_put(s, s->nbeats++, (Beat){beat_due(s, c), c});
    beat_up(s, c->beat_i);
    return 0;
}

static void beat_remove(Server *s, Client *c)
{
    int i = c->beat_i;
    Beat last = s->beats[--s->nbeats];
    c->beat_i = -1;
    if (last.c == c)
        return;
    beat_put(s, i, last);
    beat_up(s, i);
    beat_down(s, last.c->beat_i);
}

/* ---- People --------------------------------------------------------------------------------- */

/* The connections of each person are counted in a table by name (open addressing). */
static size_t person_slot(const Server *s, const char *name)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        h = (h ^ *p) * UINT64_C(1099511628211);
    return (size_t)h & (size_t)(s->peoplecap - 1);
}

static PersonCount *person_find(Server *s, const char *name)
{
    if (s->peoplecap == 0)
        return NULL;
    size_t mask = (size_t)(s->peoplecap - 1);
    for (size_t k = person_slot(s, name); s->people[k].name[0]; k = (k + 1) & mask)
        if (strcmp(s->people[k].name, name) == 0)
            return &s->people[k];
    return NULL;
}

static int people_grow(Server *s)
{
    int cap = s->peoplecap ? 2 * s->peoplecap : 256;
    PersonCount *t = calloc((size_t)cap, sizeof *t), *old = s->people;
    if (t == NULL)
        return -1;
    int oldcap = s->peoplecap;
    s->people = t;
    s->peoplecap = cap;
    for (int i = 0; i < oldcap; i++)
        if (old[i].name[0]) {
            size_t k = person_slot(s, old[i].name);
            while (t[k].name[0])
                k = (k + 1) & (size_t)(cap - 1);
            t[k] = old[i];
        }
    free(old);
    return 0;
}

/* Counts one more connection of 'c''s person. Returns 0, or -1 when it has as many as it may. */
static int person_add(Server *s, Client *c)
{
    PersonCount *p = person_find(s, c->name);
    if (p != NULL && p->n >= s->cfg.limit[LIMIT_CONNECTIONS])
        return -1;
    if (p == NULL) {
        if ((s->npeople + 1) * 2 > s->peoplecap && people_grow(s) != 0)
            return -1;
        size_t k = person_slot(s, c->name);
        while (s->people[k].name[0])
            k = (k + 1) & (size_t)(s->peoplecap - 1);
        p = &s->people[k];
        snprintf(p->name, sizeof p->name, "%s", c->name);
        p->n = 0;
        s->npeople++;
    }
    p->n++;
    c->counted = 1;
    return 0;
}

static void person_remove(Server *s, Client *c)
{
    PersonCount *p = c->counted ? person_find(s, c->name) : NULL;
    c->counted = 0;
    if (p == NULL || --p->n > 0)
        return;
    /* The slot is emptied and the entries after it moved up (linear probing). */
    size_t mask = (size_t)(s->peoplecap - 1);
    p->name[0] = '\0';
    s->npeople--;
    for (size_t j = ((size_t)(p - s->people) + 1) & mask; s->people[j].name[0];
         j = (j + 1) & mask) {
        PersonCount e = s->people[j];
        s->people[j].name[0] = '\0';
        size_t h = person_slot(s, e.name);
        while (s->people[h].name[0])
            h = (h + 1) & mask;
        s->people[h] = e;
    }
}

int srv_person_here(Server *s, const char *name)
{
    /* Rare (a sign-up), and in any case: a look at every connection. */
    for (int i = 0; i < s->nclients; i++)
        if (s->clients[i]->counted && strcasecmp(s->clients[i]->name, name) == 0)
            return 1;
    return 0;
}

void srv_uncount(Server *s, Client *c)
{
    person_remove(s, c);
}

void srv_unname(Server *s, Client *c)
{
    person_remove(s, c);
    snprintf(c->name, sizeof c->name, "~%.31s", c->key + 7);
    c->unnamed = 1;
    c->signup_tx = 0;
    person_add(s, c);
}

/* A name for a guest: "guest-" and five letters or digits, that no one connected has. */
static void guest_name(Server *s, char *buf, size_t size)
{
    static const char letters[] = "abcdefghijkmnpqrstuvwxyz23456789";
    for (int tries = 0; tries < 100; tries++) {
        uint64_t x = (s->now + (uint64_t)tries) * UINT64_C(0x9E3779B97F4A7C15) ^
                     (uint64_t)s->utc_ms * UINT64_C(0xBF58476D1CE4E5B9) ^ (uint64_t)s->nclients;
        x ^= (uint64_t)(uintptr_t)buf;
        char name[16] = "guest-";
        for (int i = 0; i < 5; i++, x = x * UINT64_C(6364136223846793005) + 1442695040888963407u)
            name[6 + i] = letters[(x >> 59) & 31];
        name[11] = '\0';
        snprintf(buf, size, "%s", name);
        if (!srv_person_here(s, buf))
            return;
    }
}

/* The name of Unix user 'uid' as a player's: the user's name when it is one that a player may
 * have and no other user's fallback, else "uidNUMBER" (which no person may take as a name). */
static void user_name(uid_t uid, char *buf, size_t size)
{
    struct passwd pw, *res = NULL;
    char tmp[2048];
    if (getpwuid_r(uid, &pw, tmp, sizeof tmp, &res) == 0 && res != NULL &&
        net_name_ok(res->pw_name) && !net_name_reserved(res->pw_name))
        snprintf(buf, size, "%s", res->pw_name);
    else
        snprintf(buf, size, "uid%lu", (unsigned long)uid);
}

/* The connection says who it is, for good: it is counted among its person's connections, or,
 * past the limit, refused. Returns 0, or -1 when refused (the line said why). */
int srv_named(Server *s, Client *c, const char *verb)
{
    if (c->counted)
        return 0;
    if (person_add(s, c) == 0)
        return 0;
    srv_sendf(s, c,
              "error %s busy %s has %lld connections to this server already, the most one "
              "person may have: close one",
              verb, c->name, (long long)s->cfg.limit[LIMIT_CONNECTIONS]);
    srv_log(s, "%s: a connection refused: %lld already", c->name,
            (long long)s->cfg.limit[LIMIT_CONNECTIONS]);
    srv_close(s, c);
    return -1;
}

/* Watches the listening socket again, or stops. */
void srv_listen_pause(Server *s, int pause)
{
    struct epoll_event ev = {.events = pause ? 0u : (unsigned)EPOLLIN, .data.ptr = NULL};
    epoll_ctl(s->epfd, EPOLL_CTL_MOD, s->lfd, &ev);
    s->accept_paused = pause;
    s->paused_at = s->now;
}

/* Says 'why' on a connection not taken, and closes it. */
static void refuse(int fd, const char *why)
{
    ssize_t w = write(fd, why, strlen(why));
    (void)w;
    close(fd);
}

void srv_accept(Server *s)
{
    for (int taken = 0; taken < SRV_ACCEPT_TURN; taken++) {
        int fd = accept4(s->lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EMFILE || errno == ENFILE) {
                /* No file descriptor is free: the connections wait in the socket's queue
                 * until one is. Meanwhile the socket is not watched, or every turn of the
                 * loop would wake at once for it, again and again. */
                srv_log(s, "accept: %s: new connections wait (%d clients)", strerror(errno),
                        s->nclients);
                srv_listen_pause(s, 1);
                return;
            }
            if (errno != EAGAIN && errno != EWOULDBLOCK)
                srv_log(s, "accept: %s", strerror(errno));
            return;
        }
        uid_t uid;
        pid_t pid;
        CmError err;
        if (s->nclients >= SERVER_CLIENTS_MAX || net_peer(fd, &uid, &pid, &err) != CM_OK) {
            refuse(fd, "error - busy the server takes no more connections\n");
            continue;
        }
        Client *c = calloc(1, sizeof *c);
        if (c == NULL ||
            cm_grow(&s->clients, &s->clientcap, s->nclients + 1, sizeof *s->clients, 256) != 0) {
            free(c);
            close(fd);
            srv_log(s, "out of memory for a connection");
            return;
        }
        c->uid = uid;
        c->pid = pid;
        c->trusted = uid == s->uid;
        c->guest = s->cfg.guests && uid == s->cfg.guest_uid && !c->trusted;
        if (c->guest && s->nguests >= s->cfg.limit[LIMIT_GUESTS]) {
            refuse(fd, "error - busy the server has as many guests as it takes now: come back "
                       "later, or sign up with a key\n");
            free(c);
            continue;
        }
        if (c->guest)
            guest_name(s, c->name, sizeof c->name);
        else
            user_name(uid, c->name, sizeof c->name);
        /* A user of this machine is counted at once; the server's own user (a relay) when its
         * first line has said whom it speaks for. */
        if (!c->trusted && person_add(s, c) != 0) {
            char why[200];
            snprintf(why, sizeof why,
                     "error - busy %s has %lld connections to this server already, the most "
                     "one person may have: close one\n",
                     c->name, (long long)s->cfg.limit[LIMIT_CONNECTIONS]);
            refuse(fd, why);
            free(c);
            continue;
        }
        net_conn_init(&c->conn, fd, (size_t)s->cfg.limit[LIMIT_OUTPUT_KIB] * 1024);
        c->last_in = s->now;
        c->tokens = SRV_BURST;
        c->tokens_at = s->now;
        struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
        if (beat_add(s, c) != 0 || epoll_ctl(s->epfd, EPOLL_CTL_ADD, fd, &ev) != 0) {
            if (c->beat_i >= 0)
                beat_remove(s, c);
            person_remove(s, c);
            net_conn_close(&c->conn);
            free(c);
            continue;
        }
        s->clients[s->nclients++] = c;
        if (c->guest)
            s->nguests++;
    }
}

static void set_events(Server *s, Client *c)
{
    if (c->unwatched)
        return;
    struct epoll_event ev = {.events = (c->throttled ? 0u : (unsigned)EPOLLIN) |
                                       (c->want_out ? (unsigned)EPOLLOUT : 0u),
                             .data.ptr = c};
    epoll_ctl(s->epfd, EPOLL_CTL_MOD, c->conn.fd, &ev);
}

/* Stops or starts reading from 'c' while it has no tokens. */
static void throttle(Server *s, Client *c, int on)
{
    if (c->throttled == on)
        return;
    c->throttled = on;
    s->nthrottled += on ? 1 : -1;
    set_events(s, c);
}

void srv_drop(Server *s, Client *c)
{
    if (c->greeted)
        srv_log(s, "%s: disconnected after %d lines", c->name, c->lines);
    srv_seen(s, c);
    beat_remove(s, c);
    if (c->throttled)
        s->nthrottled--;
    if (c->closing)
        s->nclosing--;
    if (c->deferred)
        srv_unlist((void **)s->deferred, &s->ndeferred, c);
    if (c->dirty)
        srv_unlist((void **)s->dirty, &s->ndirty, c);
    while (c->ngames > 0)
        game_detach(s, c, c->games[c->ngames - 1]);
    free(c->games);
    person_remove(s, c);
    if (c->guest)
        s->nguests--;
    if (!c->unwatched)
        epoll_ctl(s->epfd, EPOLL_CTL_DEL, c->conn.fd, NULL);
    net_conn_close(&c->conn);
    if (s->accept_paused)
        srv_listen_pause(s, 0); /* a file descriptor is free */
    for (int i = 0; i < s->nclients; i++)
        if (s->clients[i] == c) {
            s->clients[i] = s->clients[--s->nclients];
            break;
        }
    free(c);
}

/* Refills a client's tokens: SRV_RATE a second, at most SRV_BURST. */
static void refill(Server *s, Client *c)
{
    double add = (double)(s->now - c->tokens_at) * SRV_RATE / 1000.0;
    c->tokens_at = s->now;
    c->tokens += add;
    if (c->tokens > SRV_BURST)
        c->tokens = SRV_BURST;
}

/* A line about the connection itself (too fast, a line too long), which depends on nothing
 * stored: within the store's turn it waits for the turn's end, committed or not, so that a turn
 * taken back never takes it back with it. */
static void note_now(Server *s, Client *c, const char *line)
{
    /* Said even to a connection about to close: why it closes. */
    if (net_conn_send(&c->conn, line, strlen(line)) == 0)
        srv_mark_dirty(s, c);
}

static void note(Server *s, Client *c, const char *line)
{
    if (!s->tx_open) {
        note_now(s, c, line);
        return;
    }
    if (c->mark_tx != s->tx_no) {
        if (srv_push((void ***)&s->tx_marked, &s->ntx_marked, &s->tx_markcap, c) != 0) {
            srv_close(s, c);
            return;
        }
        c->mark_tx = s->tx_no;
        c->mark = net_conn_pending(&c->conn);
    }
    c->note = line;
}

/* The notes that waited for the turn's end are sent. */
void srv_notes_send(Server *s)
{
    for (int i = 0; i < s->ntx_marked; i++) {
        Client *c = s->tx_marked[i];
        if (c->note != NULL) {
            const char *line = c->note;
            c->note = NULL;
            note_now(s, c, line);
        }
    }
}

/* Reads what the socket of 'c' holds now; at its end, 'c->eof' is set. */
static void client_fill(Server *s, Client *c)
{
    if (c->eof)
        return;
    int r = net_conn_fill(&c->conn);
    if (r > 0)
        c->last_in = s->now, c->pinged_at = 0;
    if (r < 0) {
        c->eof = 1;
        if (!c->unwatched) {
            c->unwatched = 1;
            epoll_ctl(s->epfd, EPOLL_CTL_DEL, c->conn.fd, NULL);
        }
    }
}

/* 'c''s next line waits until the store's turn under way has ended. */
static void defer(Server *s, Client *c)
{
    if (c->deferred)
        return;
    if (srv_push((void ***)&s->deferred, &s->ndeferred, &s->deferredcap, c) != 0) {
        srv_close(s, c);
        return;
    }
    c->deferred = 1;
}

/* Handles the lines a client has sent, as many as its tokens allow. A line that does not ask
 * to write, while the store's turn holds writes, waits for the turn to end: what it reads is
 * then what the store has, and its answer cannot be taken back. */
void srv_client_lines(Server *s, Client *c)
{
    refill(s, c);
    while (!c->closing) {
        if (c->tokens < 1) {
            if (!c->warned) {
                note(s, c, "error - flood at most " STR(SRV_RATE) " lines a second: the rest wait");
                c->warned = 1;
                srv_log(s, "%s: sends too fast, slowed down", c->name);
            }
            throttle(s, c, 1);
            return;
        }
        const char *line;
        size_t len;
        int r = net_conn_line(&c->conn, c->eof, &line, &len);
        if (r == 0 && c->unwatched && !c->eof) {
            /* A socket no longer watched: what it still holds is read here. */
            client_fill(s, c);
            r = net_conn_line(&c->conn, c->eof, &line, &len);
        }
        if (r == 0)
            break;
        NetMsg *m = &s->msg;
        CmError err;
        cm_error_init(&err, NULL);
        int parsed = r > 0 && net_msg_parse(m, line, len, &err) == CM_OK;
        const Request *rq = parsed ? srv_request_of(line, len) : NULL;
        if (r > 0 && s->tx_open && !(parsed && len == 0) && srv_request_waits(rq)) {
            net_conn_unline(&c->conn, line, len);
            defer(s, c);
            return;
        }
        c->tokens -= 1;
        c->lines++;
        if (r < 0) {
            note(s, c,
                 "error - too-long a line of more than " STR(
                     NET_LINE_MAX) " bytes: connection closed");
            srv_close(s, c);
            return;
        }
        if (!parsed) {
            if (len > 0)
                srv_sendf(s, c, "error - syntax %s", err.msg);
            continue;
        }
        srv_dispatch(s, c, rq, m);
    }
    throttle(s, c, 0);
    if (c->eof && !c->deferred)
        srv_close(s, c);
}

/* Reads what 'c' sent. A socket whose other end has gone ('hup') is always ready: it is
 * watched no more, or the loop would never sleep while its lines wait (for tokens, for a
 * commit); what it still holds is read as its lines are taken. */
void srv_client_read(Server *s, Client *c, int hup)
{
    if (hup && !c->unwatched) {
        c->unwatched = 1;
        epoll_ctl(s->epfd, EPOLL_CTL_DEL, c->conn.fd, NULL);
    }
    client_fill(s, c);
    if (!c->deferred)
        srv_client_lines(s, c);
}

/* The clients whose lines waited for the store's turn: handled now that it has ended. */
void srv_run_deferred(Server *s)
{
    int n = s->ndeferred;
    Client **list = s->deferred;
    s->deferred = NULL;
    s->ndeferred = s->deferredcap = 0;
    for (int i = 0; i < n; i++)
        list[i]->deferred = 0;
    for (int i = 0; i < n; i++)
        if (!list[i]->closing)
            srv_client_lines(s, list[i]);
    free(list);
}

/* ---- Writing ------------------------------------------------------------------------------- */

void srv_flush(Server *s)
{
    for (int i = 0; i < s->ndirty; i++) {
        Client *c = s->dirty[i];
        c->dirty = 0;
        if (c->closing && net_conn_pending(&c->conn) == 0)
            continue;
        int r = net_conn_flush(&c->conn);
        if (r < 0) {
            srv_close(s, c);
        } else if ((r == 0) != c->want_out) {
            c->want_out = r == 0;
            set_events(s, c);
        }
    }
    s->ndirty = 0;
}

/* Pings the clients that have been quiet, drops those quiet too long: those at the top of
 * the heap whose time has come. Returns the ms until the next is due. */
int64_t srv_heartbeats(Server *s)
{
    while (s->nbeats > 0 && s->beats[0].due <= s->now) {
        Client *c = s->beats[0].c;
        uint64_t due = beat_due(s, c);
        uint64_t quiet = s->now - c->last_in;
        if (c->closing) {
            due = UINT64_MAX; /* dropped at the end of the turn */
        } else if ((int64_t)quiet >= s->cfg.dead_ms) {
            srv_log(s, "%s: no word for %lld ms, dropped", c->name, (long long)quiet);
            srv_close(s, c);
            due = UINT64_MAX;
        } else if (due <= s->now) {
            srv_sendf(s, c, "ping %u", ++c->ping_seq);
            c->pinged_at = s->now;
            due = beat_due(s, c);
        }
        s->beats[0].due = due;
        beat_down(s, 0);
    }
    if (s->nbeats == 0 || s->beats[0].due == UINT64_MAX)
        return INT64_MAX;
    return (int64_t)(s->beats[0].due - s->now);
}
