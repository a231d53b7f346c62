/* The server's loop: the listening socket, the connections (who each is, what each may send,
 * heartbeats), the lobby's requests, and the one commit a turn after which clients are told.
 * SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* accept4 */
#include "server_int.h"

#include <errno.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "session/clock.h"

void server_config_default(ServerConfig *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->socket_mode = 0600;
    cfg->socket_gid = (gid_t)-1;
    cfg->durable = 1;
    cfg->engines = 1;
    cfg->engine_table = (size_t)32 << 20;
    cfg->claim_ms = 60000;
    cfg->idle_ping_ms = 3000;
    cfg->dead_ms = 10000;
}

void srv_log(Server *s, const char *fmt, ...)
{
    if (s->cfg.log == NULL)
        return;
    char line[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    s->cfg.log(s->cfg.log_ud, line);
}

void srv_fatal(Server *s, const CmError *err)
{
    if (!s->fatal) {
        s->fatal = 1;
        s->fatal_err = *err;
        srv_log(s, "the store failed: %s", err->msg);
    }
}

/* ---- Sending ------------------------------------------------------------------------------ */

/* Marks 'c' to be dropped at the end of the turn. */
static void close_client(Server *s, Client *c)
{
    if (!c->closing) {
        c->closing = 1;
        s->nclosing++;
    }
}

static void mark_dirty(Server *s, Client *c)
{
    if (c->dirty)
        return;
    if (s->ndirty == s->dirtycap) {
        int cap = s->dirtycap ? 2 * s->dirtycap : 64;
        Client **p = realloc(s->dirty, (size_t)cap * sizeof *p);
        if (p == NULL) {
            close_client(s, c);
            return;
        }
        s->dirty = p;
        s->dirtycap = cap;
    }
    s->dirty[s->ndirty++] = c;
    c->dirty = 1;
}

void srv_send(Server *s, Client *c, const char *line, size_t len)
{
    if (c->closing)
        return;
    if (net_conn_send(&c->conn, line, len) != 0) {
        srv_log(s, "%s: dropped, it reads nothing (%zu bytes wait)", c->name,
                net_conn_pending(&c->conn));
        close_client(s, c);
        return;
    }
    mark_dirty(s, c);
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

/* ---- Games in memory ------------------------------------------------------------------------ */

static size_t slot_of(const Server *s, int64_t id)
{
    return (size_t)((uint64_t)id * UINT64_C(0x9E3779B97F4A7C15) >> 20) & (size_t)(s->gamecap - 1);
}

static int table_grow(Server *s)
{
    int cap = s->gamecap ? 2 * s->gamecap : 1024;
    SGame **t = calloc((size_t)cap, sizeof *t);
    if (t == NULL)
        return -1;
    SGame **old = s->games;
    int oldcap = s->gamecap;
    s->games = t;
    s->gamecap = cap;
    for (int i = 0; i < oldcap; i++)
        if (old[i] != NULL) {
            size_t k = slot_of(s, old[i]->ng.id);
            while (t[k] != NULL)
                k = (k + 1) & (size_t)(cap - 1);
            t[k] = old[i];
        }
    free(old);
    return 0;
}

int srv_game_add(Server *s, SGame *g)
{
    if ((s->ngames + 1) * 2 > s->gamecap && table_grow(s) != 0)
        return -1;
    size_t k = slot_of(s, g->ng.id);
    while (s->games[k] != NULL)
        k = (k + 1) & (size_t)(s->gamecap - 1);
    s->games[k] = g;
    s->ngames++;
    srv_game_touch(s, g);
    return 0;
}

void srv_game_touch(Server *s, SGame *g)
{
    if (g->touched)
        return;
    if (s->ntouched == s->touchedcap) {
        int cap = s->touchedcap ? 2 * s->touchedcap : 64;
        SGame **p = realloc(s->touched, (size_t)cap * sizeof *p);
        if (p == NULL) {
            /* Every game is looked at in the next turn instead. */
            s->tick_at = 0;
            return;
        }
        s->touched = p;
        s->touchedcap = cap;
    }
    s->touched[s->ntouched++] = g;
    g->touched = 1;
}

static SGame *game_find(Server *s, int64_t id)
{
    if (s->gamecap == 0)
        return NULL;
    size_t k = slot_of(s, id);
    while (s->games[k] != NULL) {
        if (s->games[k]->ng.id == id)
            return s->games[k];
        k = (k + 1) & (size_t)(s->gamecap - 1);
    }
    return NULL;
}

/* Takes 'g' out of the table (linear probing: the entries after it move up). */
static void game_remove(Server *s, SGame *g)
{
    size_t mask = (size_t)(s->gamecap - 1);
    size_t k = slot_of(s, g->ng.id);
    while (s->games[k] != g)
        k = (k + 1) & mask;
    s->games[k] = NULL;
    s->ngames--;
    for (size_t j = (k + 1) & mask; s->games[j] != NULL; j = (j + 1) & mask) {
        SGame *e = s->games[j];
        s->games[j] = NULL;
        size_t h = slot_of(s, e->ng.id);
        while (s->games[h] != NULL)
            h = (h + 1) & mask;
        s->games[h] = e;
    }
}

SGame *srv_game(Server *s, int64_t id)
{
    SGame *g = game_find(s, id);
    if (g == NULL) {
        g = game_load(s, id);
        if (g != NULL && srv_game_add(s, g) != 0) {
            game_free(g);
            g = NULL;
        }
    }
    return g;
}

/* ---- Connections ----------------------------------------------------------------------------- */

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
    if (s->nbeats == s->beatcap) {
        int cap = s->beatcap ? 2 * s->beatcap : 256;
        Beat *p = realloc(s->beats, (size_t)cap * sizeof *p);
        if (p == NULL)
            return -1;
        s->beats = p;
        s->beatcap = cap;
    }
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

/* The name of Unix user 'uid', as a player's name ("uid1234" when it is not one). */
static void user_name(uid_t uid, char *buf, size_t size)
{
    struct passwd pw, *res = NULL;
    char tmp[2048];
    if (getpwuid_r(uid, &pw, tmp, sizeof tmp, &res) == 0 && res != NULL &&
        net_name_ok(res->pw_name) && strcmp(res->pw_name, "open") != 0)
        snprintf(buf, size, "%s", res->pw_name);
    else
        snprintf(buf, size, "uid%lu", (unsigned long)uid);
}

/* Watches the listening socket again, or stops. */
static void listen_pause(Server *s, int pause)
{
    struct epoll_event ev = {.events = pause ? 0u : (unsigned)EPOLLIN, .data.ptr = NULL};
    epoll_ctl(s->epfd, EPOLL_CTL_MOD, s->lfd, &ev);
    s->accept_paused = pause;
    s->paused_at = s->now;
}

static void accept_clients(Server *s)
{
    for (;;) {
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
                listen_pause(s, 1);
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
            const char *full = "error - full the server takes no more connections\n";
            ssize_t w = write(fd, full, strlen(full));
            (void)w;
            close(fd);
            continue;
        }
        Client *c = calloc(1, sizeof *c);
        if (c == NULL || (s->nclients == s->clientcap &&
                          (s->clientcap = s->clientcap ? 2 * s->clientcap : 256,
                           s->clients = realloc(s->clients, (size_t)s->clientcap *
                                                                sizeof *s->clients)) == NULL)) {
            free(c);
            close(fd);
            srv_log(s, "out of memory for a connection");
            return;
        }
        net_conn_init(&c->conn, fd, NET_OUT_MAX);
        c->uid = uid;
        c->pid = pid;
        c->trusted = uid == s->uid;
        user_name(uid, c->name, sizeof c->name);
        c->last_in = s->now;
        c->tokens = SRV_BURST;
        c->tokens_at = s->now;
        struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
        if (beat_add(s, c) != 0 || epoll_ctl(s->epfd, EPOLL_CTL_ADD, fd, &ev) != 0) {
            if (c->beat_i >= 0)
                beat_remove(s, c);
            net_conn_close(&c->conn);
            free(c);
            continue;
        }
        s->clients[s->nclients++] = c;
    }
}

static void set_events(Server *s, Client *c)
{
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

static void drop_client(Server *s, Client *c)
{
    beat_remove(s, c);
    if (c->throttled)
        s->nthrottled--;
    if (c->closing)
        s->nclosing--;
    while (c->ngames > 0)
        game_detach(s, c, c->games[c->ngames - 1]);
    free(c->games);
    epoll_ctl(s->epfd, EPOLL_CTL_DEL, c->conn.fd, NULL);
    net_conn_close(&c->conn);
    if (s->accept_paused)
        listen_pause(s, 0); /* a file descriptor is free */
    for (int i = 0; i < s->nclients; i++)
        if (s->clients[i] == c) {
            s->clients[i] = s->clients[--s->nclients];
            break;
        }
    free(c);
}

/* ---- The lobby's requests -------------------------------------------------------------------- */

static void answer_error(Server *s, Client *c, const char *verb, const char *code, const char *why)
{
    char v[40];
    net_text_clean(verb, strlen(verb), v, sizeof v);
    srv_sendf(s, c, "error %s %s %s", v[0] ? v : "-", code, why);
}

static void req_variants(Server *s, Client *c)
{
    const char *const *names;
    int n = catalog_names(&s->cat, &names);
    int shown = 0;
    for (int i = 0; i < n; i++) {
        if (catalog_is_path(names[i]) || strlen(names[i]) >= NETGAME_VARIANT_MAX)
            continue;
        CmError err;
        const CmVariant *v = catalog_get(&s->cat, names[i], NULL, &err);
        if (v == NULL)
            continue;
        char seats[CM_MAX_SEATS + 1];
        for (int k = 0; k < v->nseats; k++)
            seats[k] = v->seat[k].letter;
        seats[v->nseats] = '\0';
        srv_sendf(s, c, "variant %s %s %d", names[i], seats, v->nteams);
        shown++;
    }
    srv_sendf(s, c, "ok variants %d", shown);
}

static void req_games(Server *s, Client *c)
{
    /* The games of this player first, then those with a free seat, then those under way. */
    int shown = 0;
    char line[NET_LINE_MAX + 1];
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < s->gamecap && shown < SRV_GAMES_LIST_MAX; i++) {
            SGame *g = s->games[i];
            if (g == NULL || g->ng.v == NULL)
                continue;
            int mine = game_involves(g, c->name);
            int open = 0;
            for (int k = 0; k < g->ng.v->nseats; k++)
                open |= g->ng.seat[k].kind == NG_OPEN;
            int want = pass == 0   ? mine && g->ng.status != NG_OVER
                       : pass == 1 ? !mine && g->ng.status == NG_WAITING && open
                                   : !mine && g->ng.status == NG_PLAYING;
            if (!want)
                continue;
            game_lobby_line(g, line, sizeof line);
            srv_send(s, c, line, strlen(line));
            shown++;
        }
    srv_sendf(s, c, "ok games %d", shown);
}

typedef struct RatingList {
    Server *s;
    Client *c;
    const char *variant;
    int n;
} RatingList;

static int rating_line(void *ud, const char *name, const StoreRating *r)
{
    RatingList *l = ud;
    srv_sendf(l->s, l->c, "rating %s %s %.0f %.0f %d", l->variant, name, r->rating, r->rd,
              r->games);
    l->n++;
    return 0;
}

static void req_ratings(Server *s, Client *c, int argc, const char *const *argv)
{
    if (argc != 2 || strlen(argv[1]) >= NETGAME_VARIANT_MAX || catalog_is_path(argv[1])) {
        answer_error(s, c, "ratings", "syntax", "ratings VARIANT");
        return;
    }
    RatingList l = {s, c, argv[1], 0};
    CmError err;
    if (store_ratings(s->store, argv[1], 100, rating_line, &l, &err) != CM_OK) {
        answer_error(s, c, "ratings", "store", err.msg);
        return;
    }
    srv_sendf(s, c, "ok ratings %d", l.n);
}

static void req_hello(Server *s, Client *c, int argc, const char *const *argv)
{
    int64_t version;
    if (argc < 2 || !net_int(argv[1], 0, 1000000, &version)) {
        answer_error(s, c, "hello", "syntax", "hello VERSION");
        return;
    }
    if (version != NET_VERSION) {
        srv_sendf(s, c, "error hello version this server speaks version %d", NET_VERSION);
        close_client(s, c);
        return;
    }
    c->greeted = 1;
    srv_sendf(s, c, "ok hello %d %s", NET_VERSION, c->name);
    srv_log(s, "%s: connected (uid %lu, pid %ld)", c->name, (unsigned long)c->uid, (long)c->pid);
}

/* 'as NAME' or 'as', the first line of a relay: who the connection speaks for. Believed only
 * from the server's own user; from anyone else it changes nothing. */
static void req_as(Server *s, Client *c, int argc, const char *const *argv)
{
    if (c->lines != 1) {
        answer_error(s, c, "as", "denied", "'as' may only be the first line");
        return;
    }
    if (argc == 1)
        return;
    if (argc != 2 || !net_name_ok(argv[1]) || strcmp(argv[1], "open") == 0) {
        answer_error(s, c, "as", "bad-name",
                     "a name is 1 to 32 letters, digits, '_', '-' or '.', not 'open'");
        close_client(s, c);
        return;
    }
    if (!c->trusted) {
        srv_log(s, "%s: asked to be %s, refused (not the server's user)", c->name, argv[1]);
        return;
    }
    snprintf(c->name, sizeof c->name, "%s", argv[1]);
}

static void dispatch(Server *s, Client *c, const NetMsg *m)
{
    const char *verb = m->argv[0];
    const char *const *argv = m->argv;
    if (strcmp(verb, "as") == 0) {
        req_as(s, c, m->argc, argv);
        return;
    }
    if (strcmp(verb, "pong") == 0)
        return;
    if (strcmp(verb, "ping") == 0) {
        if (m->argc == 2 && strlen(argv[1]) <= 32 && net_move_id_ok(argv[1]))
            srv_sendf(s, c, "pong %s", argv[1]);
        else
            answer_error(s, c, "ping", "syntax", "ping TOKEN (1 to 16 letters or digits)");
        return;
    }
    if (strcmp(verb, "hello") == 0) {
        req_hello(s, c, m->argc, argv);
        return;
    }
    if (!c->greeted) {
        answer_error(s, c, verb, "hello", "say 'hello 1' first");
        return;
    }
    if (strcmp(verb, "quit") == 0) {
        srv_sendf(s, c, "ok quit");
        close_client(s, c);
    } else if (strcmp(verb, "variants") == 0) {
        req_variants(s, c);
    } else if (strcmp(verb, "games") == 0) {
        req_games(s, c);
    } else if (strcmp(verb, "ratings") == 0) {
        req_ratings(s, c, m->argc, argv);
    } else if (strcmp(verb, "create") == 0) {
        game_create(s, c, m->argc - 1, argv + 1);
    } else {
        static const char *const game_verbs[] = {"join",   "open",  "close",    "leave",
                                                 "move",   "draw",  "takeback", "resign",
                                                 "answer", "claim", "say",      "export"};
        size_t i;
        for (i = 0; i < sizeof game_verbs / sizeof *game_verbs; i++)
            if (strcmp(verb, game_verbs[i]) == 0)
                break;
        if (i == sizeof game_verbs / sizeof *game_verbs) {
            answer_error(s, c, verb, "unknown", "no such request (see docs/network.md)");
            return;
        }
        int64_t id;
        if (m->argc < 2 || !net_game_id(argv[1], &id)) {
            answer_error(s, c, verb, "bad-id", "a game's id is a number the server gave");
            return;
        }
        SGame *g = srv_game(s, id);
        if (g == NULL) {
            srv_sendf(s, c, "error %s no-game there is no game %lld", verb, (long long)id);
            return;
        }
        game_request(s, c, g, m->argc, argv, m->rest);
    }
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

/* Handles the lines a client has sent, as many as its tokens allow. */
static void client_lines(Server *s, Client *c, int eof)
{
    refill(s, c);
    while (!c->closing && !s->fatal) {
        if (c->tokens < 1) {
            if (!c->warned) {
                srv_sendf(s, c, "error - flood at most %d lines a second: the rest wait", SRV_RATE);
                c->warned = 1;
                srv_log(s, "%s: sends too fast, slowed down", c->name);
            }
            throttle(s, c, 1);
            return;
        }
        const char *line;
        size_t len;
        int r = net_conn_line(&c->conn, eof, &line, &len);
        if (r == 0)
            break;
        c->tokens -= 1;
        c->lines++;
        if (r < 0) {
            srv_sendf(s, c, "error - too-long a line of more than %d bytes: connection closed",
                      NET_LINE_MAX);
            close_client(s, c);
            return;
        }
        NetMsg m;
        CmError err;
        cm_error_init(&err, NULL);
        if (net_msg_parse(&m, line, len, &err) != CM_OK) {
            if (len == 0)
                continue;
            srv_sendf(s, c, "error - syntax %s", err.msg);
            continue;
        }
        dispatch(s, c, &m);
    }
    throttle(s, c, 0);
}

static void client_read(Server *s, Client *c)
{
    int r = net_conn_fill(&c->conn);
    if (r > 0)
        c->last_in = s->now, c->pinged_at = 0;
    client_lines(s, c, r < 0);
    if (r < 0)
        close_client(s, c);
}

/* ---- The loop ------------------------------------------------------------------------------- */

static void flush_dirty(Server *s)
{
    for (int i = 0; i < s->ndirty; i++) {
        Client *c = s->dirty[i];
        c->dirty = 0;
        if (c->closing && net_conn_pending(&c->conn) == 0)
            continue;
        int r = net_conn_flush(&c->conn);
        if (r < 0) {
            close_client(s, c);
        } else if ((r == 0) != c->want_out) {
            c->want_out = r == 0;
            set_events(s, c);
        }
    }
    s->ndirty = 0;
}

/* Pings the clients that have been quiet, drops those quiet too long: those at the top of
 * the heap whose time has come. Returns the ms until the next is due. */
static int64_t heartbeats(Server *s)
{
    while (s->nbeats > 0 && s->beats[0].due <= s->now) {
        Client *c = s->beats[0].c;
        uint64_t due = beat_due(s, c);
        uint64_t quiet = s->now - c->last_in;
        if (c->closing) {
            due = UINT64_MAX; /* dropped at the end of the turn */
        } else if ((int64_t)quiet >= s->cfg.dead_ms) {
            srv_log(s, "%s: no word for %lld ms, dropped", c->name, (long long)quiet);
            close_client(s, c);
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

/* Looks at the games' clocks and engines (game_tick): those changed since the last turn, and
 * every game once the earliest time one asked for has come. Returns the ms until then (0 when
 * games changed while they were looked at). */
static int64_t tick_games(Server *s)
{
    if (s->now >= s->tick_at) {
        for (int i = 0; i < s->ntouched; i++)
            s->touched[i]->touched = 0;
        s->ntouched = 0;
        int64_t next = INT64_MAX;
        for (int i = 0; i < s->gamecap; i++)
            if (s->games[i] != NULL) {
                int64_t t = game_tick(s, s->games[i]);
                if (t < next)
                    next = t;
            }
        s->tick_at = next == INT64_MAX ? UINT64_MAX : s->now + (uint64_t)next;
    } else {
        /* Games touched while these are looked at wait for the next turn. */
        int n = s->ntouched;
        for (int i = 0; i < n; i++) {
            SGame *g = s->touched[i];
            g->touched = 0;
            int64_t t = game_tick(s, g);
            if (t != INT64_MAX && s->now + (uint64_t)t < s->tick_at)
                s->tick_at = s->now + (uint64_t)t;
        }
        if (s->ntouched > n)
            memmove(s->touched, s->touched + n, (size_t)(s->ntouched - n) * sizeof *s->touched);
        s->ntouched -= n;
    }
    if (s->ntouched > 0)
        return 0;
    return s->tick_at == UINT64_MAX ? INT64_MAX : (int64_t)(s->tick_at - s->now);
}

/* Frees the games over for SRV_KEEP_OVER_MS that nobody follows (they are loaded again
 * when asked for); looked at once a second. */
static void forget_old_games(Server *s)
{
    if (s->now < s->forget_at)
        return;
    s->forget_at = s->now + 1000;
    for (int i = 0; i < s->gamecap; i++) {
        SGame *g = s->games[i];
        if (g != NULL && g->ng.status == NG_OVER && g->nsubs == 0 && g->engine < 0 && !g->queued &&
            !g->touched && s->now - g->over_at > SRV_KEEP_OVER_MS) {
            game_remove(s, g);
            game_free(g);
            i--; /* the entry moved up into this slot is looked at too */
        }
    }
}

static void take_engines(Server *s)
{
    for (int i = 0; i < s->nengines; i++) {
        EngineDone done;
        while (engine_thread_take(s->eng[i], &done)) {
            SGame *g = s->eng_game[i];
            if (g != NULL && done.ticket == g->ticket) {
                s->eng_game[i] = NULL;
                g->engine = -1;
                srv_game_touch(s, g);
                game_engine_done(s, g, &done);
            }
        }
    }
}

static int load_unfinished(void *ud, int64_t id, const char *variant, const char *status)
{
    Server *s = ud;
    (void)variant, (void)status;
    srv_game(s, id);
    return 0;
}

static void commit(Server *s)
{
    if (!store_in_transaction(s->store))
        return;
    CmError err;
    cm_error_init(&err, NULL);
    if (store_commit(s->store, &err) != CM_OK)
        srv_fatal(s, &err);
}

CmStatus server_run(const ServerConfig *cfg, CmError *err)
{
    Server srv, *s = &srv;
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->lfd = s->epfd = -1;
    s->uid = getuid();
    s->now = clock_ms();
    s->utc = (int64_t)time(NULL);
    if (s->cfg.engines < 1)
        s->cfg.engines = 1;
    if (s->cfg.engines > SERVER_ENGINES_MAX)
        s->cfg.engines = SERVER_ENGINES_MAX;
    catalog_init(&s->cat);
    CmStatus rc = store_open(cfg->store_path, cfg->durable, &s->store, err);
    if (rc == CM_OK)
        rc = net_listen(cfg->socket_path, cfg->socket_mode, cfg->socket_gid, &s->lfd, err);
    if (rc == CM_OK) {
        s->epfd = epoll_create1(EPOLL_CLOEXEC);
        struct epoll_event ev = {.events = EPOLLIN, .data.ptr = NULL};
        if (s->epfd < 0 || epoll_ctl(s->epfd, EPOLL_CTL_ADD, s->lfd, &ev) != 0)
            rc = cm_error_set(err, CM_ERR_IO, 0, 0, "epoll: %s", strerror(errno));
    }
    for (int i = 0; rc == CM_OK && i < s->cfg.engines; i++) {
        s->eng[i] = engine_thread_new(s->cfg.engine_table);
        if (s->eng[i] == NULL)
            rc = cm_error_set(err, CM_ERR_NOMEM, 0, 0, "cannot start an engine thread");
        else
            s->nengines++;
    }
    if (rc == CM_OK) {
        CmError lerr;
        cm_error_init(&lerr, NULL);
        if (store_games(s->store, NULL, 0, load_unfinished, s, &lerr) != CM_OK)
            rc = cm_error_set(err, CM_ERR_IO, 0, 0, "%s", lerr.msg);
    }
    if (rc == CM_OK)
        srv_log(s, "listening on %s; %d games going on", cfg->socket_path, s->ngames);

    struct epoll_event evs[256];
    while (rc == CM_OK && !*cfg->stop && !s->fatal) {
        /* How long to sleep: until the next game or client needs looking at. */
        int64_t next = heartbeats(s);
        int64_t t = tick_games(s);
        if (t < next)
            next = t;
        /* A throttled client's waiting lines are taken as its tokens come back. */
        if (s->nthrottled > 0 && next > 10)
            next = 10;
        /* Descriptors may have come free otherwise (the store's, another process's). */
        if (s->accept_paused) {
            int64_t wait = 1000 - (int64_t)(s->now - s->paused_at);
            if (wait <= 0)
                listen_pause(s, 0);
            else if (wait < next)
                next = wait;
        }
        game_engines(s);
        for (int i = 0; i < s->nengines; i++)
            if (s->eng_game[i] != NULL && next > 10)
                next = 10;
        commit(s);
        flush_dirty(s);
        int timeout = next > 1000 ? 1000 : next < 0 ? 0 : (int)next;
        int n = epoll_wait(s->epfd, evs, (int)(sizeof evs / sizeof *evs), timeout);
        if (n < 0 && errno != EINTR) {
            rc = cm_error_set(err, CM_ERR_IO, 0, 0, "epoll_wait: %s", strerror(errno));
            break;
        }
        s->now = clock_ms();
        s->utc = (int64_t)time(NULL);
        for (int i = 0; i < n; i++) {
            Client *c = evs[i].data.ptr;
            if (c == NULL) {
                accept_clients(s);
                continue;
            }
            if (c->closing)
                continue;
            if (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))
                client_read(s, c);
            if ((evs[i].events & EPOLLOUT) && !c->closing)
                mark_dirty(s, c);
        }
        /* Throttled clients whose tokens came back go on with the lines they sent. */
        for (int i = 0; i < s->nclients && s->nthrottled > 0; i++)
            if (s->clients[i]->throttled && !s->clients[i]->closing)
                client_lines(s, s->clients[i], 0);
        take_engines(s);
        commit(s);
        if (s->fatal)
            break;
        flush_dirty(s);
        for (int i = 0; i < s->nclients && s->nclosing > 0; i++)
            if (s->clients[i]->closing) {
                drop_client(s, s->clients[i]);
                i--;
            }
        forget_old_games(s);
    }
    if (s->fatal && rc == CM_OK) {
        *err = s->fatal_err;
        rc = CM_ERR_IO;
    }
    /* Nothing uncommitted was told to anyone; what is committed stays. */
    if (s->store != NULL)
        store_rollback(s->store);
    for (int i = 0; i < s->nclients; i++) {
        net_conn_flush(&s->clients[i]->conn);
        drop_client(s, s->clients[i]);
        i--;
    }
    for (int i = 0; i < s->nengines; i++)
        engine_thread_free(s->eng[i]);
    for (int i = 0; i < s->gamecap; i++)
        if (s->games[i] != NULL)
            game_free(s->games[i]);
    free(s->games);
    free(s->touched);
    free(s->beats);
    free(s->clients);
    free(s->dirty);
    free(s->waiting);
    if (s->lfd >= 0) {
        close(s->lfd);
        unlink(cfg->socket_path);
    }
    if (s->epfd >= 0)
        close(s->epfd);
    store_close(s->store);
    catalog_free(&s->cat);
    if (rc == CM_OK)
        srv_log(s, "stopped");
    return rc;
}
