/* The server: its options and limits, the games in memory, the store's turns (one commit a
 * turn of the loop, after which clients are told; a turn that fails taken back whole), and
 * the loop that runs them with the connections (conn.c) and the requests (request.c).
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "server_int.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "camelot/grow.h"
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
    [LIMIT_GUESTS] = {"guests", 64, 0, SERVER_CLIENTS_MAX, "guests connected at once, in all"},
    [LIMIT_TOURNEYS] = {"tourneys", 2, 0, 64, "tournaments not over that one player made"},
    [LIMIT_DAY_TOURNEYS] = {"day-tourneys", 6, 0, 10000,
                            "tournaments one player may make in a day, over or not"},
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
    cfg->claim_ms = NETGAME_CLAIM_MS;
    cfg->first_move_ms = 60000;
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

/* Appends 'p' to the array '*arr' of '*n' pointers, growing it. Returns 0, or -1 when memory
 * ran out. */
int srv_push(void ***arr, int *n, int *cap, void *p)
{
    if (cm_grow(arr, cap, *n + 1, sizeof **arr, 64) != 0)
        return -1;
    (*arr)[(*n)++] = p;
    return 0;
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
    if (srv_push((void ***)&s->touched, &s->ntouched, &s->touchedcap, g) != 0) {
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
void srv_unlist(void **arr, int *n, const void *p)
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
    srv_unlist((void **)s->waiting, &s->nwaiting, g);
    srv_unlist((void **)s->touched, &s->ntouched, g);
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
        if (srv_push((void ***)&s->tx_games, &s->ntx_games, &s->tx_gamecap, g) != 0) {
            CmError err;
            cm_error_set(&err, CM_ERR_NOMEM, 0, 0, "out of memory");
            srv_write_failed(s, &err);
            return -1;
        }
        g->in_tx = 1;
        g->saved.turn_t0 = g->turn_t0;
        g->saved.first_t0 = g->first_t0;
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

/* The one-time codes used in the turn that ended: gone when it committed, good again when it
 * failed. */
static void codes_spent(Server *s, int committed)
{
    for (int i = 0; i < SRV_CODES_MAX; i++) {
        KeyCode *k = &s->codes[i];
        if (k->spent_tx == 0 || k->spent_tx != s->tx_no)
            continue;
        if (committed)
            memset(k, 0, sizeof *k);
        else
            k->spent_tx = 0;
    }
}

/* The turn is over, committed or not: its lists are emptied. */
static void tx_clear(Server *s)
{
    codes_spent(s, 1);
    s->tx_open = 0;
    srv_notes_send(s);
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
void srv_rollback(Server *s)
{
    store_rollback(s->store);
    codes_spent(s, 0);
    snprintf(s->store_why, sizeof s->store_why,
             "the server could not save it (%.100s): nothing was changed; try again shortly",
             s->tx_err.msg);
    srv_log(s, "the store failed: %s; the turn is rolled back, writes are refused for %lld ms",
            s->tx_err.msg, (long long)s->cfg.store_retry_ms);
    unsigned failed = s->tx_no;
    for (int i = 0; i < s->ntx_marked; i++) {
        Client *c = s->tx_marked[i];
        net_conn_truncate(&c->conn, c->mark);
        /* A key that signed up in the turn has not. */
        if (c->signup_tx == failed && !c->unnamed)
            srv_unname(s, c);
    }
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
    tourney_rollback(s, failed);
    s->tx_open = 0;
    srv_notes_send(s);
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

/* Once an hour (into the turn's transaction): forgets the guests of more than a day ago, and
 * the games left or aborted too long ago to hold anyone back. */
static void purge(Server *s)
{
    if (s->utc - s->purged_at < 3600)
        return;
    if (srv_write_begin(s, NULL) != 0)
        return;
    s->purged_at = s->utc;
    CmError err;
    cm_error_init(&err, NULL);
    if ((s->cfg.guests && store_guests_purge(s->store, s->utc - 86400, &err) != CM_OK) ||
        store_walkaways_prune(s->store, s->utc - 2 * 86400, &err) != CM_OK)
        srv_write_failed(s, &err);
}

void srv_seen(Server *s, const Client *c)
{
    /* Guests are forgotten in a day; each connection of theirs has a name of its own. */
    if (!c->greeted || c->admin || c->unnamed || c->guest)
        return;
    for (int i = 0; i < s->nseen; i++)
        if (strcmp(s->seen[i].name, c->name) == 0) {
            s->seen[i].utc = s->utc;
            return;
        }
    /* Without room for it (memory, or a store that has not written for long), only when the
     * player was last here is lost. */
    if (s->nseen >= 2 * SRV_SEEN_MAX ||
        cm_grow(&s->seen, &s->seencap, s->nseen + 1, sizeof *s->seen, 64) != 0)
        return;
    snprintf(s->seen[s->nseen].name, sizeof s->seen[s->nseen].name, "%s", c->name);
    s->seen[s->nseen++].utc = s->utc;
}

int64_t srv_seen_at(const Server *s, const char *name)
{
    for (int i = 0; i < s->nseen; i++)
        if (strcmp(s->seen[i].name, name) == 0)
            return s->seen[i].utc;
    return 0;
}

/* Writes when the players who came and went were here, every SRV_SEEN_MS (or when many wait,
 * or with 'force'), into the turn's transaction; they are forgotten once it commits. */
static void seen_write(Server *s, int force)
{
    if (s->nseen == 0 || (s->tx_open && s->seen_tx == s->tx_no) || !srv_store_up(s))
        return;
    if (!force && s->now - s->seen_at < SRV_SEEN_MS && s->nseen < SRV_SEEN_MAX)
        return;
    if (srv_write_begin(s, NULL) != 0)
        return;
    s->seen_at = s->now;
    s->seen_tx = s->tx_no;
    CmError err;
    cm_error_init(&err, NULL);
    for (int i = 0; i < s->nseen; i++)
        if (store_seen(s->store, s->seen[i].name, s->seen[i].utc, &err) != CM_OK) {
            srv_write_failed(s, &err);
            return;
        }
}

/* The end of the store's turn: it commits, or, when a write of it failed or the commit does,
 * it is rolled back. */
static void commit(Server *s)
{
    seen_write(s, 0);
    if (s->tx_open && !s->tx_failed) {
        alive(s, 0);
        CmError err;
        cm_error_init(&err, NULL);
        if (store_commit(s->store, &err) != CM_OK)
            srv_write_failed(s, &err);
    }
    if (s->tx_failed) {
        srv_rollback(s);
    } else {
        if (s->seen_tx != 0 && s->seen_tx == s->tx_no)
            s->nseen = 0;
        tx_clear(s);
    }
    s->seen_tx = 0;
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

/* The database holds every player's chat and keys: each of its files that other users may
 * read (made by an older camelot, or copied in) is made the server's user's alone, before it
 * is opened, so that nobody opens it meanwhile. */
static void private_files(Server *s)
{
    static const char *const ends[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        char p[4200];
        struct stat sb;
        snprintf(p, sizeof p, "%.4100s%s", s->cfg.store_path, ends[i]);
        if (stat(p, &sb) != 0 || (sb.st_mode & 077) == 0)
            continue;
        if (chmod(p, sb.st_mode & 0700) != 0)
            srv_log(s, "%s may be read by other users (mode %03o), and stays so: %s", p,
                    (unsigned)(sb.st_mode & 0777), strerror(errno));
        else
            srv_log(s, "%s could be read by other users (mode %03o): now by this one only", p,
                    (unsigned)(sb.st_mode & 0777));
    }
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
    private_files(s);
    CmStatus rc = store_open(s->cfg.store_path, s->cfg.durable, s->cfg.check, &s->store, err);
    if (rc != CM_OK)
        return rc;
    Unfinished u = {s, 0};
    int found = 0;
    if (store_alive_get(s->store, &u.alive_ms, &found, err) != CM_OK ||
        store_games(s->store, NULL, 0, load_unfinished, &u, err) != CM_OK ||
        tourney_load_all(s, err) != CM_OK)
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
        int64_t next = srv_heartbeats(s);
        srv_run_deferred(s);
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
                srv_listen_pause(s, 0);
            else if (wait < next)
                next = wait;
        }
        /* After the store failed, what waits for it is tried again once writes may be. */
        if (!srv_store_up(s) && (int64_t)(s->store_retry_at - s->now) < next)
            next = (int64_t)(s->store_retry_at - s->now);
        tourney_tick(s);
        game_engines(s);
        for (int i = 0; i < s->nengines; i++)
            if (s->eng_game[i] != NULL && next > 10)
                next = 10;
        alive(s, 0);
        purge(s);
        commit(s);
        /* Lines that waited for the commit are handled, and clients that quit meanwhile
         * dropped, without a wait. */
        if (s->ndeferred > 0 || s->nclosing > 0)
            next = 0;
        srv_flush(s);
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
                srv_accept(s);
                continue;
            }
            if (c->closing)
                continue;
            if (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))
                srv_client_read(s, c, (evs[i].events & (EPOLLHUP | EPOLLERR)) != 0);
            if ((evs[i].events & EPOLLOUT) && !c->closing)
                srv_mark_dirty(s, c);
        }
        /* Throttled clients whose tokens came back go on with the lines they sent. */
        for (int i = 0; i < s->nclients && s->nthrottled > 0; i++)
            if (s->clients[i]->throttled && !s->clients[i]->closing && !s->clients[i]->deferred)
                srv_client_lines(s, s->clients[i]);
        take_engines(s);
        commit(s);
        srv_flush(s);
        for (int i = 0; i < s->nclients && s->nclosing > 0; i++)
            if (s->clients[i]->closing) {
                srv_drop(s, s->clients[i]);
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
            for (int i = 0; i < s->nclients; i++)
                srv_seen(s, s->clients[i]);
            seen_write(s, 1);
            alive(s, 1);
            commit(s);
        }
        store_rollback(s->store);
    }
    for (int i = 0; i < s->nclients; i++) {
        net_conn_flush(&s->clients[i]->conn);
        srv_drop(s, s->clients[i]);
        i--;
    }
    for (int i = 0; i < s->nengines; i++)
        engine_thread_free(s->eng[i]);
    for (int i = 0; i < s->gamecap; i++)
        if (s->games[i] != NULL)
            game_free(s->games[i]);
    free(s->games);
    tourney_free_all(s);
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
    free(s->seen);
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
