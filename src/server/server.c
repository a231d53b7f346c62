/* The server's loop: the listening socket, the connections (who each is, how many each person
 * has, what each may send, heartbeats), the table of requests, and the store's turns: one
 * commit a turn after which clients are told, and a turn that fails taken back whole.
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

#include "io/io.h"
#include "session/clock.h"

const ServerLimitInfo server_limits[LIMIT_COUNT] = {
    [LIMIT_CONNECTIONS] = {"connections", 16, 1, SERVER_CLIENTS_MAX,
                           "connections at once of one person"},
    [LIMIT_GAMES] = {"games", 100, 1, 100000, "games not over in which a player holds a seat"},
    [LIMIT_WAITING] = {"waiting", 20, 1, 100000, "of those, games waiting for players"},
    [LIMIT_ENGINE_GAMES] = {"engine-games", 4, 0, 100000, "of those, games with an engine seat"},
    [LIMIT_FOLLOW] = {"follow", 64, 1, 100000, "games one connection follows at once"},
    [LIMIT_GAME_CHAT] = {"game-chat", 1000, 0, 10000000,
                         "chat messages a game keeps of its players, and of its watchers"},
    [LIMIT_DAY_CHAT] = {"day-chat", 1000, 0, 10000000,
                        "chat messages one player may send in a day (UTC)"},
    [LIMIT_OUTPUT_KIB] = {"output", 512, 64, 1048576,
                          "KiB that may wait for a client reading nothing before it is dropped"},
};

void server_config_default(ServerConfig *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->socket_mode = 0600;
    cfg->socket_gid = (gid_t)-1;
    cfg->durable = 1;
    cfg->check = STORE_CHECK_QUICK;
    cfg->engines = 1;
    cfg->engine_table = (size_t)32 << 20;
    cfg->claim_ms = 60000;
    cfg->idle_ping_ms = 3000;
    cfg->dead_ms = 10000;
    cfg->store_retry_ms = 1000;
    for (int i = 0; i < LIMIT_COUNT; i++)
        cfg->limit[i] = server_limits[i].def;
}

int server_limit_parse(ServerConfig *cfg, const char *text, char *why, size_t size)
{
    const char *eq = strchr(text, '=');
    for (int i = 0; eq != NULL && i < LIMIT_COUNT; i++) {
        const ServerLimitInfo *l = &server_limits[i];
        if (strlen(l->name) != (size_t)(eq - text) || strncmp(text, l->name, strlen(l->name)) != 0)
            continue;
        int64_t n;
        if (!net_int(eq + 1, l->min, l->max, &n)) {
            snprintf(why, size, "the limit %s is a whole number from %lld to %lld", l->name,
                     (long long)l->min, (long long)l->max);
            return -1;
        }
        cfg->limit[i] = n;
        return 0;
    }
    char names[300] = "";
    size_t len = 0;
    for (int i = 0; i < LIMIT_COUNT; i++)
        len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "",
                                server_limits[i].name);
    snprintf(why, size, "a limit is NAME=N, NAME one of %s", names);
    return -1;
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

/* ---- Sending ------------------------------------------------------------------------------ */

#define STR_OF(x) #x
#define STR(x) STR_OF(x) /* a number's macro as text */

/* Marks 'c' to be dropped at the end of the turn. */
static void close_client(Server *s, Client *c)
{
    if (!c->closing) {
        c->closing = 1;
        s->nclosing++;
    }
}

/* Appends 'p' to the array '*arr' of '*n' pointers, growing it. Returns 0, or -1 when memory
 * ran out. */
static int push(void ***arr, int *n, int *cap, void *p)
{
    if (*n == *cap) {
        int ncap = *cap ? 2 * *cap : 64;
        void **q = realloc(*arr, (size_t)ncap * sizeof *q);
        if (q == NULL)
            return -1;
        *arr = q;
        *cap = ncap;
    }
    (*arr)[(*n)++] = p;
    return 0;
}

static void mark_dirty(Server *s, Client *c)
{
    if (c->dirty)
        return;
    if (push((void ***)&s->dirty, &s->ndirty, &s->dirtycap, c) != 0) {
        close_client(s, c);
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
        if (push((void ***)&s->tx_marked, &s->ntx_marked, &s->tx_markcap, c) != 0) {
            close_client(s, c);
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
    if (push((void ***)&s->touched, &s->ntouched, &s->touchedcap, g) != 0) {
        /* Every game is looked at in the next turn instead. */
        s->tick_at = 0;
        return;
    }
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

/* Removes 'p' from the array 'arr' of '*n' pointers, keeping the order. */
static void unlist(void **arr, int *n, const void *p)
{
    for (int i = 0; i < *n; i++)
        if (arr[i] == p) {
            memmove(arr + i, arr + i + 1, (size_t)(*n - i - 1) * sizeof *arr);
            (*n)--;
            i--;
        }
}

/* Forgets 'g' altogether: nobody follows it, no engine works for it, no list holds it. */
static void game_forget(Server *s, SGame *g)
{
    while (g->nsubs > 0)
        game_detach(s, g->subs[g->nsubs - 1].c, g);
    if (g->engine >= 0) {
        engine_thread_cancel(s->eng[g->engine], g->ticket);
        s->eng_game[g->engine] = NULL;
    }
    unlist((void **)s->waiting, &s->nwaiting, g);
    unlist((void **)s->touched, &s->ntouched, g);
    game_remove(s, g);
    game_free(g);
}

SGame *srv_game(Server *s, int64_t id)
{
    SGame *g = game_find(s, id);
    if (g == NULL) {
        g = game_load(s, id, 0);
        if (g != NULL && srv_game_add(s, g) != 0) {
            game_free(g);
            g = NULL;
        }
    }
    return g;
}

void srv_games_of(const Server *s, const char *name, int *playing, int *waiting, int *engines)
{
    *playing = *waiting = *engines = 0;
    for (int i = 0; i < s->gamecap; i++) {
        const SGame *g = s->games[i];
        if (g == NULL || g->ng.v == NULL || g->ng.status == NG_OVER || !game_plays(g, name))
            continue;
        (*playing)++;
        *waiting += g->ng.status == NG_WAITING;
        int engine = 0;
        for (int k = 0; k < g->ng.v->nseats; k++)
            engine |= g->ng.seat[k].kind == NG_ENGINE;
        *engines += engine;
    }
}

/* ---- The store's turns --------------------------------------------------------------------- */

int srv_store_up(const Server *s)
{
    return s->now >= s->store_retry_at;
}

int srv_write_begin(Server *s, SGame *g)
{
    if (s->tx_failed)
        return -1;
    if (!srv_store_up(s)) {
        s->refused = 1;
        return -1;
    }
    if (!s->tx_open) {
        CmError err;
        cm_error_init(&err, NULL);
        if (store_begin(s->store, &err) != CM_OK) {
            srv_write_failed(s, &err);
            return -1;
        }
        s->tx_open = 1;
        s->tx_no = s->tx_no + 1 ? s->tx_no + 1 : 1;
    }
    if (g != NULL && !g->in_tx) {
        if (push((void ***)&s->tx_games, &s->ntx_games, &s->tx_gamecap, g) != 0) {
            CmError err;
            cm_error_set(&err, CM_ERR_NOMEM, 0, 0, "out of memory");
            srv_write_failed(s, &err);
            return -1;
        }
        g->in_tx = 1;
        g->saved.turn_t0 = g->turn_t0;
        memcpy(g->saved.quota, g->quota, sizeof g->quota);
        memcpy(g->saved.draw_calm, g->draw_calm, sizeof g->draw_calm);
        g->saved.over_at = g->over_at;
    }
    return 0;
}

void srv_write_failed(Server *s, const CmError *err)
{
    if (!s->tx_failed) {
        s->tx_failed = 1;
        s->tx_err = *err;
    }
}

/* The turn is over, committed or not: its lists are emptied. */
static void notes_send(Server *s);

static void tx_clear(Server *s)
{
    s->tx_open = 0;
    notes_send(s);
    for (int i = 0; i < s->ntx_games; i++)
        s->tx_games[i]->in_tx = 0;
    for (int i = 0; i < s->ntx_marked; i++)
        s->tx_marked[i]->mark_tx = 0;
    s->ntx_games = s->ntx_marked = s->ntx_reqs = 0;
    s->tx_open = s->tx_failed = 0;
}

/* The turn failed: nothing of it was told, and nothing of it stays. Every client's lines of the
 * turn are taken back, every game it changed is read again from the store, and every request
 * of it that could write is answered 'error VERB store'. Writes are then refused for a moment
 * (a full disk stays full for a while), while what only reads is served. */
static void tx_rollback(Server *s)
{
    store_rollback(s->store);
    snprintf(s->store_why, sizeof s->store_why,
             "the server could not save it (%.100s): nothing was changed; try again shortly",
             s->tx_err.msg);
    srv_log(s, "the store failed: %s; the turn is rolled back, writes are refused for %lld ms",
            s->tx_err.msg, (long long)s->cfg.store_retry_ms);
    for (int i = 0; i < s->ntx_marked; i++) {
        Client *c = s->tx_marked[i];
        net_conn_truncate(&c->conn, c->mark);
    }
    unsigned failed = s->tx_no;
    /* The games it changed, as the store has them; those it made are forgotten. */
    SGame **games = s->tx_games;
    int ngames = s->ntx_games;
    s->tx_games = NULL;
    s->ntx_games = s->tx_gamecap = 0;
    for (int i = 0; i < ngames; i++) {
        SGame *g = games[i];
        g->in_tx = 0;
        /* Those who began to follow it in the failed turn never heard of it. */
        for (int k = g->nsubs - 1; k >= 0; k--)
            if (g->subs[k].tx == failed)
                game_detach(s, g->subs[k].c, g);
        if (game_rollback(s, g) != 0)
            game_forget(s, g);
    }
    free(games);
    s->tx_open = 0;
    notes_send(s);
    for (int i = 0; i < s->ntx_marked; i++)
        s->tx_marked[i]->mark_tx = 0;
    s->ntx_marked = 0;
    for (int i = 0; i < s->ntx_reqs; i++)
        srv_sendf(s, s->tx_reqs[i].c, "error %s store %s", s->tx_reqs[i].verb, s->store_why);
    s->ntx_reqs = 0;
    s->tx_failed = 0;
    s->store_retry_at = s->now + (uint64_t)s->cfg.store_retry_ms;
}

/* Writes that the server is alive, now and then while clocks run (into the turn's
 * transaction, or one of its own), and always with 'force'. */
static void alive(Server *s, int force)
{
    if (!force && s->alive_at != 0 && s->now - s->alive_at < SRV_ALIVE_MS)
        return;
    if (!force && !s->tx_open) {
        int running = 0;
        for (int i = 0; i < s->gamecap && !running; i++)
            running = s->games[i] != NULL && s->games[i]->ng.status == NG_PLAYING &&
                      s->games[i]->ng.base_ms > 0;
        if (!running) {
            s->alive_at = s->now;
            return;
        }
    }
    if (srv_write_begin(s, NULL) != 0)
        return;
    CmError err;
    cm_error_init(&err, NULL);
    if (store_alive_put(s->store, s->utc_ms, &err) != CM_OK)
        srv_write_failed(s, &err);
    s->alive_at = s->now;
}

/* The end of the store's turn: it commits, or, when a write of it failed or the commit does,
 * it is rolled back. */
static void commit(Server *s)
{
    if (s->tx_open && !s->tx_failed) {
        alive(s, 0);
        CmError err;
        cm_error_init(&err, NULL);
        if (store_commit(s->store, &err) != CM_OK)
            srv_write_failed(s, &err);
    }
    if (s->tx_failed)
        tx_rollback(s);
    else
        tx_clear(s);
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
static int named(Server *s, Client *c, const char *verb)
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
    close_client(s, c);
    return -1;
}

/* Watches the listening socket again, or stops. */
static void listen_pause(Server *s, int pause)
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

static void accept_clients(Server *s)
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
            refuse(fd, "error - busy the server takes no more connections\n");
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
        c->uid = uid;
        c->pid = pid;
        c->trusted = uid == s->uid;
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

static void drop_client(Server *s, Client *c)
{
    beat_remove(s, c);
    if (c->throttled)
        s->nthrottled--;
    if (c->closing)
        s->nclosing--;
    if (c->deferred)
        unlist((void **)s->deferred, &s->ndeferred, c);
    if (c->dirty)
        unlist((void **)s->dirty, &s->ndirty, c);
    while (c->ngames > 0)
        game_detach(s, c, c->games[c->ngames - 1]);
    free(c->games);
    person_remove(s, c);
    if (!c->unwatched)
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

/* ---- The requests -------------------------------------------------------------------------- */

static void answer_error(Server *s, Client *c, const char *verb, const char *code, const char *why)
{
    char v[40];
    net_text_clean(verb, strlen(verb), v, sizeof v);
    srv_sendf(s, c, "error %s %s %s", v[0] ? v : "-", code, why);
}

static void req_variants(Server *s, Client *c, const NetMsg *m)
{
    (void)m;
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

static void req_games(Server *s, Client *c, const NetMsg *m)
{
    (void)m;
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

static void req_ratings(Server *s, Client *c, const NetMsg *m)
{
    char variant[NETGAME_VARIANT_MAX];
    if (m->argc != 2 || strlen(m->argv[1]) >= NETGAME_VARIANT_MAX || catalog_is_path(m->argv[1])) {
        answer_error(s, c, "ratings", "syntax", "ratings VARIANT");
        return;
    }
    /* A variant is rated under its own name, however it is written. */
    CmError err;
    game_variant_name(s, m->argv[1], variant, sizeof variant);
    RatingList l = {s, c, variant, 0};
    if (store_ratings(s->store, variant, 100, rating_line, &l, &err) != CM_OK) {
        answer_error(s, c, "ratings", "store", err.msg);
        return;
    }
    srv_sendf(s, c, "ok ratings %d", l.n);
}

static void req_hello(Server *s, Client *c, const NetMsg *m)
{
    int64_t version;
    if (m->argc < 2 || !net_int(m->argv[1], 0, 1000000, &version)) {
        answer_error(s, c, "hello", "syntax", "hello VERSION");
        return;
    }
    if (version != NET_VERSION) {
        srv_sendf(s, c, "error hello version this server speaks version %d", NET_VERSION);
        close_client(s, c);
        return;
    }
    if (named(s, c, "hello") != 0)
        return;
    c->greeted = 1;
    srv_sendf(s, c, "ok hello %d %s", NET_VERSION, c->name);
    srv_log(s, "%s: connected (uid %lu, pid %ld)", c->name, (unsigned long)c->uid, (long)c->pid);
}

/* 'as NAME' or 'as', the first line of a relay: who the connection speaks for. Believed only
 * from the server's own user; from anyone else it changes nothing. A name that only a fallback
 * may have ('uidNUMBER') is never taken. */
static void req_as(Server *s, Client *c, const NetMsg *m)
{
    if (c->lines != 1) {
        answer_error(s, c, "as", "denied", "'as' may only be the first line");
        return;
    }
    if (m->argc == 1) {
        named(s, c, "as");
        return;
    }
    if (m->argc != 2 || !net_name_ok(m->argv[1]) || net_name_reserved(m->argv[1])) {
        answer_error(s, c, "as", "bad-name",
                     "a name is 1 to 32 letters, digits, '_', '-' or '.', beginning with a "
                     "letter or digit; not 'open', nor 'uid' and a number");
        close_client(s, c);
        return;
    }
    if (!c->trusted) {
        srv_log(s, "%s: asked to be %s, refused (not the server's user)", c->name, m->argv[1]);
        return;
    }
    snprintf(c->name, sizeof c->name, "%s", m->argv[1]);
    named(s, c, "as");
}

static void req_ping(Server *s, Client *c, const NetMsg *m)
{
    if (m->argc == 2 && strlen(m->argv[1]) <= 32 && net_move_id_ok(m->argv[1]))
        srv_sendf(s, c, "pong %s", m->argv[1]);
    else
        answer_error(s, c, "ping", "syntax", "ping TOKEN (1 to 16 letters or digits)");
}

static void req_pong(Server *s, Client *c, const NetMsg *m)
{
    (void)s, (void)c, (void)m;
}

static void req_quit(Server *s, Client *c, const NetMsg *m)
{
    (void)m;
    srv_sendf(s, c, "ok quit");
    close_client(s, c);
}

static void req_create(Server *s, Client *c, const NetMsg *m)
{
    game_create(s, c, m);
}

enum {
    REQ_GAME = 1,      /* names a game: its id is the second word */
    REQ_WRITES = 2,    /* may write to the store */
    REQ_ANY_TIME = 4,  /* before 'hello' too */
    REQ_NO_ANSWER = 8, /* answered by nothing ('pong'), or by nothing when it does what it
                        * asks ('as') */
};

/* Every request of the protocol (docs/network.md), what it may do, and who answers it. */
typedef struct Request {
    const char *verb;
    int flags;
    void (*lobby)(Server *s, Client *c, const NetMsg *m);
    void (*game)(Server *s, Client *c, SGame *g, const NetMsg *m);
} Request;

static const Request requests[] = {
    {"as", REQ_ANY_TIME | REQ_NO_ANSWER, req_as, NULL},
    {"ping", REQ_ANY_TIME, req_ping, NULL},
    {"pong", REQ_ANY_TIME | REQ_NO_ANSWER, req_pong, NULL},
    {"hello", REQ_ANY_TIME, req_hello, NULL},
    {"quit", 0, req_quit, NULL},
    {"variants", 0, req_variants, NULL},
    {"games", 0, req_games, NULL},
    {"ratings", 0, req_ratings, NULL},
    {"create", REQ_WRITES, req_create, NULL},
    {"open", REQ_GAME, NULL, game_req_open},
    {"close", REQ_GAME, NULL, game_req_close},
    {"export", REQ_GAME, NULL, game_req_export},
    {"join", REQ_GAME | REQ_WRITES, NULL, game_req_join},
    {"leave", REQ_GAME | REQ_WRITES, NULL, game_req_leave},
    {"move", REQ_GAME | REQ_WRITES, NULL, game_req_move},
    {"draw", REQ_GAME | REQ_WRITES, NULL, game_req_draw},
    {"takeback", REQ_GAME | REQ_WRITES, NULL, game_req_takeback},
    {"resign", REQ_GAME | REQ_WRITES, NULL, game_req_resign},
    {"answer", REQ_GAME | REQ_WRITES, NULL, game_req_answer},
    {"claim", REQ_GAME | REQ_WRITES, NULL, game_req_claim},
    {"say", REQ_GAME | REQ_WRITES, NULL, game_req_say},
};

/* The request whose verb is the first word of the 'len' bytes at 'line', NULL for none. */
static const Request *request_of(const char *line, size_t len)
{
    size_t i = 0;
    while (i < len && line[i] == ' ')
        i++;
    size_t n = 0;
    while (i + n < len && line[i + n] != ' ' && line[i + n] != '\r')
        n++;
    for (size_t k = 0; k < sizeof requests / sizeof *requests; k++)
        if (strlen(requests[k].verb) == n && memcmp(requests[k].verb, line + i, n) == 0)
            return &requests[k];
    return NULL;
}

static void run_request(Server *s, Client *c, const Request *rq, const NetMsg *m)
{
    const char *verb = m->argv[0];
    if (rq == NULL) {
        answer_error(s, c, verb, "unknown", "no such request (see docs/network.md)");
        return;
    }
    if (!(rq->flags & REQ_ANY_TIME) && !c->greeted) {
        answer_error(s, c, verb, "hello", "say 'hello 1' first");
        return;
    }
    if (rq->lobby != NULL) {
        rq->lobby(s, c, m);
        return;
    }
    int64_t id;
    if (m->argc < 2 || !net_game_id(m->argv[1], &id)) {
        answer_error(s, c, verb, "bad-id", "a game's id is a number the server gave");
        return;
    }
    SGame *g = srv_game(s, id);
    if (g == NULL) {
        srv_sendf(s, c, "error %s no-game there is no game %lld", verb, (long long)id);
        return;
    }
    if (g->ng.v == NULL) {
        srv_sendf(s, c, "error %s no-game the game cannot be read", verb);
        return;
    }
    rq->game(s, c, g, m);
}

/* Keeps 'c''s request 'verb' among those of the store's turn. */
static void tx_request(Server *s, Client *c, const char *verb)
{
    if (s->ntx_reqs == s->tx_reqcap) {
        int cap = s->tx_reqcap ? 2 * s->tx_reqcap : 64;
        TxRequest *p = realloc(s->tx_reqs, (size_t)cap * sizeof *p);
        if (p == NULL) {
            /* Without a place to keep it, the turn cannot answer it again: it ends here. */
            CmError err;
            cm_error_set(&err, CM_ERR_NOMEM, 0, 0, "out of memory");
            srv_write_failed(s, &err);
            close_client(s, c);
            return;
        }
        s->tx_reqs = p;
        s->tx_reqcap = cap;
    }
    s->tx_reqs[s->ntx_reqs].c = c;
    snprintf(s->tx_reqs[s->ntx_reqs].verb, sizeof s->tx_reqs[s->ntx_reqs].verb, "%s", verb);
    s->ntx_reqs++;
}

/* Handles one request: it gets one answer, whatever happens to the store. */
static void dispatch(Server *s, Client *c, const Request *rq, const NetMsg *m)
{
    s->req_c = c;
    s->req_answers = 0;
    s->refused = 0;
    run_request(s, c, rq, m);
    s->req_c = NULL;
    /* A request that may write, answered within the store's turn: answered again if the turn
     * fails. */
    if (rq != NULL && (rq->flags & REQ_WRITES) && (s->tx_open || s->tx_failed))
        tx_request(s, c, m->argv[0]);
    if (s->tx_failed) {
        tx_rollback(s);
        return;
    }
    if (s->req_answers == 0 && !(rq != NULL && (rq->flags & REQ_NO_ANSWER))) {
        if (s->refused)
            srv_sendf(s, c, "error %s store %s", m->argv[0], s->store_why);
        else if (!c->closing)
            srv_log(s, "%s: '%s' got no answer", c->name, m->argv[0]);
    } else if (s->req_answers > 1) {
        srv_log(s, "%s: '%s' got %d answers", c->name, m->argv[0], s->req_answers);
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

/* A line about the connection itself (too fast, a line too long), which depends on nothing
 * stored: within the store's turn it waits for the turn's end, committed or not, so that a turn
 * taken back never takes it back with it. */
static void note_now(Server *s, Client *c, const char *line)
{
    /* Said even to a connection about to close: why it closes. */
    if (net_conn_send(&c->conn, line, strlen(line)) == 0)
        mark_dirty(s, c);
}

static void note(Server *s, Client *c, const char *line)
{
    if (!s->tx_open) {
        note_now(s, c, line);
        return;
    }
    if (c->mark_tx != s->tx_no) {
        if (push((void ***)&s->tx_marked, &s->ntx_marked, &s->tx_markcap, c) != 0) {
            close_client(s, c);
            return;
        }
        c->mark_tx = s->tx_no;
        c->mark = net_conn_pending(&c->conn);
    }
    c->note = line;
}

/* The notes that waited for the turn's end are sent. */
static void notes_send(Server *s)
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
    if (push((void ***)&s->deferred, &s->ndeferred, &s->deferredcap, c) != 0) {
        close_client(s, c);
        return;
    }
    c->deferred = 1;
}

/* Handles the lines a client has sent, as many as its tokens allow. A line that does not ask
 * to write, while the store's turn holds writes, waits for the turn to end: what it reads is
 * then what the store has, and its answer cannot be taken back. */
static void client_lines(Server *s, Client *c)
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
        static NetMsg m; /* large; the server has one thread */
        CmError err;
        cm_error_init(&err, NULL);
        int parsed = r > 0 && net_msg_parse(&m, line, len, &err) == CM_OK;
        const Request *rq = parsed ? request_of(line, len) : NULL;
        if (r > 0 && s->tx_open && !(parsed && len == 0) &&
            (rq == NULL || !(rq->flags & REQ_WRITES)) &&
            !(rq != NULL && strcmp(rq->verb, "pong") == 0)) {
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
            close_client(s, c);
            return;
        }
        if (!parsed) {
            if (len > 0)
                srv_sendf(s, c, "error - syntax %s", err.msg);
            continue;
        }
        dispatch(s, c, rq, &m);
    }
    throttle(s, c, 0);
    if (c->eof && !c->deferred)
        close_client(s, c);
}

/* Reads what 'c' sent. A socket whose other end has gone ('hup') is always ready: it is
 * watched no more, or the loop would never sleep while its lines wait (for tokens, for a
 * commit); what it still holds is read as its lines are taken. */
static void client_read(Server *s, Client *c, int hup)
{
    if (hup && !c->unwatched) {
        c->unwatched = 1;
        epoll_ctl(s->epfd, EPOLL_CTL_DEL, c->conn.fd, NULL);
    }
    client_fill(s, c);
    if (!c->deferred)
        client_lines(s, c);
}

/* The clients whose lines waited for the store's turn: handled now that it has ended. */
static void run_deferred(Server *s)
{
    int n = s->ndeferred;
    Client **list = s->deferred;
    s->deferred = NULL;
    s->ndeferred = s->deferredcap = 0;
    for (int i = 0; i < n; i++)
        list[i]->deferred = 0;
    for (int i = 0; i < n; i++)
        if (!list[i]->closing)
            client_lines(s, list[i]);
    free(list);
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

typedef struct Unfinished {
    Server *s;
    int64_t alive_ms;
} Unfinished;

static int load_unfinished(void *ud, int64_t id, const char *variant, const char *status)
{
    Unfinished *u = ud;
    (void)variant, (void)status;
    SGame *g = game_load(u->s, id, u->alive_ms);
    if (g != NULL && srv_game_add(u->s, g) != 0)
        game_free(g);
    return 0;
}

static void set_now(Server *s)
{
    struct timespec ts;
    s->now = clock_ms();
    clock_gettime(CLOCK_REALTIME, &ts);
    s->utc = (int64_t)ts.tv_sec;
    s->utc_ms = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Opens the store, which no other server may use at once, and reads the games not over. */
static CmStatus open_store(Server *s, CmError *err)
{
    char lock[4200];
    int n = snprintf(lock, sizeof lock, "%s.lock", s->cfg.store_path);
    if (n < 0 || (size_t)n >= sizeof lock)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "the database's path is too long");
    CmError lerr;
    if (io_lock(lock, &s->lockfd, &lerr) != CM_OK) {
        if (lerr.code == CM_ERR_ARG)
            return cm_error_set(err, CM_ERR_ARG, 0, 0,
                                "another server uses the database %s (its lock %s is %s): "
                                "stop it first, or give this one another --data directory",
                                s->cfg.store_path, lock, lerr.msg);
        return cm_error_set(err, CM_ERR_IO, 0, 0, "%s: %s", lock, lerr.msg);
    }
    CmStatus rc = store_open(s->cfg.store_path, s->cfg.durable, s->cfg.check, &s->store, err);
    if (rc != CM_OK)
        return rc;
    Unfinished u = {s, 0};
    int found = 0;
    if (store_alive_get(s->store, &u.alive_ms, &found, err) != CM_OK ||
        store_games(s->store, NULL, 0, load_unfinished, &u, err) != CM_OK)
        return CM_ERR_IO;
    if (!found)
        u.alive_ms = 0;
    /* Each clock that runs began, as the store keeps it, the time the server was away later:
     * the next restart charges only what was thought since. */
    for (int i = 0; i < s->gamecap; i++)
        if (s->games[i] != NULL)
            game_turn_record(s, s->games[i]);
    commit(s);
    return CM_OK;
}

CmStatus server_run(const ServerConfig *cfg, CmError *err)
{
    Server srv, *s = &srv;
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->lfd = s->epfd = s->lockfd = -1;
    s->uid = getuid();
    set_now(s);
    if (s->cfg.engines < 1)
        s->cfg.engines = 1;
    if (s->cfg.engines > SERVER_ENGINES_MAX)
        s->cfg.engines = SERVER_ENGINES_MAX;
    catalog_init(&s->cat);
    CmStatus rc = open_store(s, err);
    if (rc == CM_OK)
        rc = net_listen(cfg->socket_path, cfg->socket_mode, cfg->socket_gid, &s->lfd, &s->sockfile,
                        err);
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
    if (rc == CM_OK)
        srv_log(s, "listening on %s; %d games going on", cfg->socket_path, s->ngames);

    struct epoll_event evs[256];
    while (rc == CM_OK && !*cfg->stop) {
        /* How long to sleep: until the next game or client needs looking at. */
        int64_t next = heartbeats(s);
        run_deferred(s);
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
        /* After the store failed, what waits for it is tried again once writes may be. */
        if (!srv_store_up(s) && (int64_t)(s->store_retry_at - s->now) < next)
            next = (int64_t)(s->store_retry_at - s->now);
        game_engines(s);
        for (int i = 0; i < s->nengines; i++)
            if (s->eng_game[i] != NULL && next > 10)
                next = 10;
        alive(s, 0);
        commit(s);
        /* Lines that waited for the commit are handled, and clients that quit meanwhile
         * dropped, without a wait. */
        if (s->ndeferred > 0 || s->nclosing > 0)
            next = 0;
        flush_dirty(s);
        int timeout = next > 1000 ? 1000 : next < 0 ? 0 : (int)next;
        int n = epoll_wait(s->epfd, evs, (int)(sizeof evs / sizeof *evs), timeout);
        if (n < 0 && errno != EINTR) {
            rc = cm_error_set(err, CM_ERR_IO, 0, 0, "epoll_wait: %s", strerror(errno));
            break;
        }
        set_now(s);
        for (int i = 0; i < n; i++) {
            Client *c = evs[i].data.ptr;
            if (c == NULL) {
                accept_clients(s);
                continue;
            }
            if (c->closing)
                continue;
            if (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))
                client_read(s, c, (evs[i].events & (EPOLLHUP | EPOLLERR)) != 0);
            if ((evs[i].events & EPOLLOUT) && !c->closing)
                mark_dirty(s, c);
        }
        /* Throttled clients whose tokens came back go on with the lines they sent. */
        for (int i = 0; i < s->nclients && s->nthrottled > 0; i++)
            if (s->clients[i]->throttled && !s->clients[i]->closing && !s->clients[i]->deferred)
                client_lines(s, s->clients[i]);
        take_engines(s);
        commit(s);
        flush_dirty(s);
        for (int i = 0; i < s->nclients && s->nclosing > 0; i++)
            if (s->clients[i]->closing) {
                drop_client(s, s->clients[i]);
                i--;
            }
        forget_old_games(s);
    }
    /* Everything told was committed; what was not is not kept. The moment the server stops is
     * written, so that the time it is away is forgiven to the clocks, and nothing more. */
    if (s->store != NULL) {
        commit(s);
        if (rc == CM_OK) {
            set_now(s);
            alive(s, 1);
            commit(s);
        }
        store_rollback(s->store);
    }
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
    free(s->deferred);
    free(s->waiting);
    free(s->people);
    free(s->tx_games);
    free(s->tx_marked);
    free(s->tx_reqs);
    if (s->lfd >= 0) {
        close(s->lfd);
        net_unlisten(cfg->socket_path, &s->sockfile);
    }
    if (s->epfd >= 0)
        close(s->epfd);
    store_close(s->store);
    io_unlock(s->lockfd);
    catalog_free(&s->cat);
    if (rc == CM_OK)
        srv_log(s, "stopped");
    return rc;
}
