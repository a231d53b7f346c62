/* The 'loadgen' command: many clients of one server in one process, in pairs that play random
 * legal moves at a paced rate, and the figures: each move's round trip, the server's memory
 * (docs/network.md, "Scale").
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <unistd.h>

#include "camelot/movegen.h"
#include "camelot/notation.h"
#include "cli.h"
#include "net/conn.h"
#include "session/clock.h"
#include "camelot/random.h"

#define LG_CLIENTS_MAX 20000 /* connections of one run */
#define LG_TC "3600+0"       /* an hour a seat: no game of a run flags */
#define LG_SETUP_MS 120000   /* the longest wait for the connections or the games to begin */
#define LG_END_MS 15000      /* the longest wait for the games to be resigned */
#define LG_SETTLE_MS 500     /* the wait before the server's memory is read */
#define LG_GAME_RATE_MAX 100 /* moves a second a game: each client sends half of them */
#define LG_ERRORS_SHOWN 5    /* the server's error lines printed, at most */

const char cli_loadgen_usage[] =
    "loadgen [--socket PATH] [--clients N] [--seconds S] [--rate R]\n"
    "                       [--variant V] [--server-pid PID] [--seed N]";
const char cli_loadgen_help[] =
    "Drives a server ('camelot serve') with many clients at once and measures it.\n"
    "The clients connect to the server's socket and pair off into games (casual,\n"
    "an hour a seat), which play random legal moves, so many a second in all; when\n"
    "a game ends, its pair begins another. At the end it prints the moves played,\n"
    "each move's round trip in milliseconds (from the move sent until the other\n"
    "player has its event: median, 90th and 99th percentile, the most), and the\n"
    "server's memory (RSS) at first, with the clients connected and with every\n"
    "game begun and idle, and what one client and one idle game take. Run as the\n"
    "server's own user, each connection names its own player ('as loadN', as the\n"
    "relay does); run by another user, all the clients are one player.\n\n"
    "  --socket PATH     the server's socket (default as for 'camelot serve')\n"
    "  --clients N       connections, two a game (2 to 20000, even; default 100)\n"
    "  --seconds S       how long the games are played (default 10)\n"
    "  --rate R          moves a second, all games together, at most 100 a game\n"
    "                    (default: one move a game every 2 seconds)\n"
    "  --variant V       a variant of two seats (default camelot)\n"
    "  --server-pid PID  the server's process, for its memory (default: the one\n"
    "                    at the other end of the socket)\n"
    "  --seed N          the seed of the random moves (default 1)\n";

enum { L_SOCKET, L_CLIENTS, L_SECONDS, L_RATE, L_VARIANT, L_PID, L_SEED, L_COUNT };

static const CliOpt loadgen_opts[L_COUNT] = {
    [L_SOCKET] = {"--socket", 1, 0},   [L_CLIENTS] = {"--clients", 1, 0},
    [L_SECONDS] = {"--seconds", 1, 0}, [L_RATE] = {"--rate", 1, 0},
    [L_VARIANT] = {"--variant", 1, 0}, [L_PID] = {"--server-pid", 1, 0},
    [L_SEED] = {"--seed", 1, 0},
};

/* What the run is doing: its games are being made, played, or resigned at the end. */
enum { PHASE_SETUP, PHASE_PLAY, PHASE_END };

/* Where a game is: its maker waits for the server's id, its second player joins, the moves
 * are played, or it is over (and another follows in the play phase). */
enum { GAME_MAKING, GAME_JOINING, GAME_PLAYING, GAME_OVER };

struct LgGame;

typedef struct LgClient {
    NetConn conn;
    int index;           /* the player 'loadINDEX' */
    struct LgGame *game; /* the game of its pair */
    int seat;            /* the seat it plays: 0 makes the game, 1 joins it */
    int greeted;         /* 'hello' answered */
    int want_out;        /* waits for the socket to take more */
} LgClient;

typedef struct LgGame {
    LgClient *c[2]; /* the players of seats 0 and 1 */
    int64_t id;     /* the server's id, 0 until it said it */
    int64_t seq;    /* the last event applied */
    int state;      /* GAME_* */
    CmGame g;       /* the moves, as the server's events told them */
    int pending;    /* the ply of the move sent, whose event is awaited; -1: none */
    int mover;      /* the seat that sent it */
    unsigned heard; /* the other seats that have its event, as bits */
    uint64_t sent_us;
    uint64_t turn_us; /* when the seat to move heard the move before (its thinking began) */
    int queued;       /* in the queue of games ready for a move */
    int resigned;     /* 'resign' sent, at the end */
} LgGame;

typedef struct Load {
    const CmVariant *v;
    const char *variant;
    int epfd;
    int trusted; /* the server is this user's: each connection may say its player */
    LgClient *cl;
    int ncl;
    LgGame *games;
    int ngames;
    LgGame **ready; /* a ring of the games whose next move may be sent */
    int rhead, rcount;
    int phase;
    int greeted, playing, finished, errors;
    int failed; /* a connection closed or a request was refused: the run stops */
    uint64_t rng;
    uint64_t *rtt; /* the round trips measured, microseconds */
    size_t nrtt, rttcap;
    CmMoveList list;
    NetMsg msg;
} Load;

/* ---- Sending ---------------------------------------------------------------------------- */

static void watch(Load *L, LgClient *c)
{
    struct epoll_event ev = {.events = EPOLLIN | (c->want_out ? (unsigned)EPOLLOUT : 0u),
                             .data.ptr = c};
    epoll_ctl(L->epfd, EPOLL_CTL_MOD, c->conn.fd, &ev);
}

/* Writes what waits for 'c''s socket; asks to hear when it takes more, when it is full. */
static void flush(Load *L, LgClient *c)
{
    int r = net_conn_flush(&c->conn);
    if (r < 0) {
        fprintf(stderr, "camelot: loadgen: load%d: the server closed the connection\n", c->index);
        L->failed = 1;
    } else if ((r == 0) != c->want_out) {
        c->want_out = r == 0;
        watch(L, c);
    }
}

static void send_line(Load *L, LgClient *c, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void send_line(Load *L, LgClient *c, const char *fmt, ...)
{
    char line[NET_LINE_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line || net_conn_send(&c->conn, line, (size_t)n) != 0) {
        fprintf(stderr, "camelot: loadgen: load%d: the server reads nothing\n", c->index);
        L->failed = 1;
        return;
    }
    flush(L, c);
}

/* ---- Games ------------------------------------------------------------------------------ */

static void make_game(Load *L, LgGame *g)
{
    cm_game_free(&g->g);
    if (cm_game_init(&g->g, L->v, NULL) != CM_OK) {
        fprintf(stderr, "camelot: loadgen: out of memory\n");
        L->failed = 1;
        return;
    }
    g->id = 0;
    g->seq = 0;
    g->state = GAME_MAKING;
    g->pending = -1;
    g->resigned = 0;
    send_line(L, g->c[0], "create %s %s casual %c=me %c=open", L->variant, LG_TC,
              L->v->seat[0].letter, L->v->seat[1].letter);
}

/* 'g' waits for its next move: in the play phase it joins the queue; at the end it is
 * resigned instead. */
static void ready(Load *L, LgGame *g, uint64_t now)
{
    g->turn_us = now;
    /* A move that ended the game on the board is followed by the server's 'end'. */
    if (g->state != GAME_PLAYING || g->pending >= 0 || g->g.outcome.over)
        return;
    if (L->phase == PHASE_END) {
        if (!g->resigned)
            send_line(L, g->c[0], "resign %lld", (long long)g->id);
        g->resigned = 1;
        return;
    }
    if (L->phase == PHASE_PLAY && !g->queued) {
        L->ready[(L->rhead + L->rcount) % L->ngames] = g;
        L->rcount++;
        g->queued = 1;
    }
}

/* Sends a random legal move of the seat to move of the next game in the queue. Returns 1 when
 * one was sent. */
static int send_move(Load *L)
{
    while (L->rcount > 0) {
        LgGame *g = L->ready[L->rhead];
        L->rhead = (L->rhead + 1) % L->ngames;
        L->rcount--;
        g->queued = 0;
        if (g->state != GAME_PLAYING || g->pending >= 0 || g->g.outcome.over)
            continue;
        int n = cm_movegen_all(&g->g.pos, &L->list);
        if (n <= 0)
            continue; /* the server ends such a game */
        const CmMove *m = &L->list.m[cm_random_below(&L->rng, n)];
        char text[CM_MOVE_TEXT_MAX];
        cm_move_str(&g->g.pos, m, text, sizeof text);
        int seat = g->g.pos.to_move;
        g->pending = g->g.n;
        g->mover = seat;
        g->heard = 0;
        g->sent_us = clock_us();
        send_line(L, g->c[seat], "move %lld %d m%d %s %llu", (long long)g->id, g->g.n, g->g.n, text,
                  (unsigned long long)((g->sent_us - g->turn_us) / 1000));
        return 1;
    }
    return 0;
}

static void add_rtt(Load *L, uint64_t us)
{
    if (L->nrtt == L->rttcap) {
        size_t cap = L->rttcap ? 2 * L->rttcap : 4096;
        uint64_t *p = realloc(L->rtt, cap * sizeof *p);
        if (p == NULL)
            return;
        L->rtt = p;
        L->rttcap = cap;
    }
    L->rtt[L->nrtt++] = us;
}

/* An event of 'c''s game: 'argv' after "ev ID SEQ". Each event is applied once, by the first
 * of the pair to hear it; a move's round trip ends when every seat but the mover's has it, and
 * then the game is ready for its next move. */
static void game_event(Load *L, LgClient *c, LgGame *g, int64_t seq, int argc,
                       const char *const *argv, uint64_t now)
{
    const char *kind = argv[0];
    if (seq > g->seq) {
        g->seq = seq;
        if (strcmp(kind, "start") == 0) {
            g->state = GAME_PLAYING;
            L->playing++;
            ready(L, g, now);
        } else if (strcmp(kind, "move") == 0 && argc >= 3) {
            CmMove m;
            CmError err;
            cm_error_init(&err, NULL);
            if (cm_move_parse(&g->g.pos, argv[2], &m, &err) != CM_OK ||
                cm_game_play(&g->g, &m) != CM_OK) {
                fprintf(stderr, "camelot: loadgen: game %lld: the server's move %s: %s\n",
                        (long long)g->id, argv[2], err.msg);
                L->failed = 1;
                return;
            }
        } else if (strcmp(kind, "end") == 0) {
            g->state = GAME_OVER;
            g->pending = -1;
            L->playing--;
            if (L->phase == PHASE_PLAY)
                L->finished++;
            /* The pair lets the game go (so the server may forget it) and, in the play
             * phase, begins another. */
            send_line(L, g->c[0], "close %lld", (long long)g->id);
            send_line(L, g->c[1], "close %lld", (long long)g->id);
            if (L->phase == PHASE_PLAY)
                make_game(L, g);
            return;
        }
    }
    int64_t ply;
    if (strcmp(kind, "move") == 0 && argc >= 3 && g->pending >= 0 && c->seat != g->mover &&
        net_int(argv[1], 0, 10000000, &ply) && ply == g->pending) {
        g->heard |= 1u << c->seat;
        if (g->heard == (3u & ~(1u << g->mover))) {
            if (L->phase != PHASE_SETUP)
                add_rtt(L, now - g->sent_us);
            g->pending = -1;
            ready(L, g, now);
        }
    }
}

/* One line from the server to 'c'. */
static void server_line(Load *L, LgClient *c, const char *line, size_t len, uint64_t now)
{
    NetMsg *m = &L->msg;
    CmError err;
    cm_error_init(&err, NULL);
    if (len == 0 || net_msg_parse(m, line, len, &err) != CM_OK)
        return;
    const char *k = m->argv[0];
    LgGame *g = c->game;
    int64_t id = 0, seq;
    if (strcmp(k, "ev") == 0) {
        if (m->argc >= 4 && net_game_id(m->argv[1], &id) && id == g->id &&
            net_int(m->argv[2], 1, INT64_MAX, &seq))
            game_event(L, c, g, seq, m->argc - 3, m->argv + 3, now);
    } else if (strcmp(k, "ping") == 0 && m->argc == 2) {
        send_line(L, c, "pong %s", m->argv[1]);
    } else if (strcmp(k, "ok") == 0 && m->argc >= 2) {
        if (strcmp(m->argv[1], "hello") == 0 && !c->greeted) {
            c->greeted = 1;
            L->greeted++;
        } else if (strcmp(m->argv[1], "create") == 0 && m->argc >= 4 && c->seat == 0 &&
                   g->state == GAME_MAKING && net_game_id(m->argv[2], &id) &&
                   net_int(m->argv[3], 1, INT64_MAX, &seq)) {
            g->id = id;
            g->seq = seq;
            g->state = GAME_JOINING;
            send_line(L, g->c[1], "join %lld %c", (long long)id, L->v->seat[1].letter);
        }
    } else if (strcmp(k, "error") == 0) {
        if (L->errors++ < LG_ERRORS_SHOWN) {
            char clean[200];
            net_text_clean(line, len, clean, sizeof clean);
            fprintf(stderr, "camelot: loadgen: load%d: the server said: %s\n", c->index, clean);
        }
        /* Nothing a run sends should be refused: the run stops rather than measure a
         * server that is not playing its games. */
        L->failed = 1;
    }
}

/* Waits up to 'timeout' ms for the server, and handles what came. */
static void pump(Load *L, int timeout)
{
    struct epoll_event evs[256];
    int n = epoll_wait(L->epfd, evs, (int)(sizeof evs / sizeof *evs), timeout);
    if (n < 0 && errno != EINTR) {
        fprintf(stderr, "camelot: loadgen: epoll_wait: %s\n", strerror(errno));
        L->failed = 1;
        return;
    }
    for (int i = 0; i < n && !L->failed; i++) {
        LgClient *c = evs[i].data.ptr;
        if (evs[i].events & EPOLLOUT)
            flush(L, c);
        if (!(evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)))
            continue;
        int r = net_conn_fill(&c->conn);
        /* Each read is timed: a line counts as heard when the client reads it. */
        uint64_t now = clock_us();
        const char *line;
        size_t len;
        while (!L->failed && net_conn_line(&c->conn, r < 0, &line, &len) > 0)
            server_line(L, c, line, len, now);
        if (r < 0 && !L->failed) {
            fprintf(stderr, "camelot: loadgen: load%d: the server closed the connection\n",
                    c->index);
            L->failed = 1;
        }
    }
}

/* Pumps until 'done' holds or 'ms' pass; returns whether it held. */
static int pump_until(Load *L, int (*done)(const Load *), int64_t ms)
{
    uint64_t until = clock_ms() + (uint64_t)ms;
    while (!L->failed && !done(L)) {
        uint64_t now = clock_ms();
        if (now >= until)
            return 0;
        pump(L, (int)(until - now < 100 ? until - now : 100));
    }
    return !L->failed && done(L);
}

static int all_greeted(const Load *L)
{
    return L->greeted == L->ncl;
}

static int all_playing(const Load *L)
{
    return L->playing == L->ngames;
}

static int none_playing(const Load *L)
{
    for (int i = 0; i < L->ngames; i++)
        if (L->games[i].state != GAME_OVER)
            return 0;
    return 1;
}

static int never(const Load *L)
{
    (void)L;
    return 0;
}

/* ---- Figures ---------------------------------------------------------------------------- */

/* The resident memory of process 'pid' in KiB (VmRSS), -1 when it cannot be read. */
static long rss_kib(long pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%ld/status", pid);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    long kib = -1;
    while (fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, "VmRSS:", 6) == 0) {
            kib = strtol(line + 6, NULL, 10);
            break;
        }
    fclose(f);
    return kib;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The nearest-rank percentile 'p' (0 < p <= 100) of the sorted 'v', in ms. */
static double percentile_ms(const uint64_t *v, size_t n, double p)
{
    if (n == 0)
        return 0;
    size_t rank = (size_t)(p / 100.0 * (double)n + 0.999999);
    if (rank < 1)
        rank = 1;
    if (rank > n)
        rank = n;
    return (double)v[rank - 1] / 1000.0;
}

/* Raises the soft limit of open files to 'need' when the hard limit lets it. */
static int fd_limit(long need)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return -1;
    if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < (rlim_t)need) {
        rl.rlim_cur =
            rl.rlim_max == RLIM_INFINITY || rl.rlim_max > (rlim_t)need ? (rlim_t)need : rl.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur < (rlim_t)need) {
            fprintf(stderr,
                    "camelot: loadgen: %ld clients need %ld open files; the limit is %lu "
                    "('ulimit -n')\n",
                    need - 16, need, (unsigned long)rl.rlim_max);
            return -1;
        }
    }
    return 0;
}

/* Reads a rate of moves a second: a number, with a fraction or not. */
static int rate_arg(const char *text, double *out)
{
    char *end;
    errno = 0;
    double r = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !(r >= 0.1 && r <= 1e6))
        return 0;
    *out = r;
    return 1;
}

/* ---- The run ----------------------------------------------------------------------------- */

/* Connects every client and says who it is. Returns the server's process (from the first
 * connection's peer, or 'pid' when it is given), or -1 after printing why not; '*rss_out' is
 * its memory once the first is connected. */
static long connect_all(Load *L, const char *sock, long pid, long *rss_out)
{
    uid_t me = getuid();
    for (int i = 0; i < L->ncl && !L->failed; i++) {
        LgClient *c = &L->cl[i];
        int fd;
        CmError err;
        cm_error_init(&err, NULL);
        if (net_connect(sock, &fd, &err) != CM_OK) {
            fprintf(stderr, "camelot: loadgen: %s\n", err.msg);
            return -1;
        }
        if (i == 0) {
            uid_t uid;
            pid_t p;
            if (net_peer(fd, &uid, &p, &err) != CM_OK) {
                fprintf(stderr, "camelot: loadgen: %s\n", err.msg);
                close(fd);
                return -1;
            }
            if (pid <= 0)
                pid = p;
            *rss_out = rss_kib(pid);
            L->trusted = uid == me;
            if (!L->trusted)
                fprintf(stderr, "camelot: loadgen: the server is another user's: every "
                                "client is the same player\n");
        }
        net_conn_init(&c->conn, fd, NET_OUT_MAX);
        struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
        if (epoll_ctl(L->epfd, EPOLL_CTL_ADD, fd, &ev) != 0) {
            fprintf(stderr, "camelot: loadgen: epoll: %s\n", strerror(errno));
            return -1;
        }
        if (L->trusted)
            send_line(L, c, "as load%d", c->index);
        send_line(L, c, "hello %d", NET_VERSION);
        /* The server's answers are read now and then, so that no queue grows long. */
        if (i % 64 == 63)
            pump(L, 0);
    }
    return L->failed ? -1 : pid;
}

/* Plays for 'seconds', sending 'rate' moves a second in all, evenly spaced; a moment with
 * no game ready is not made up for later with a burst. */
static void play(Load *L, double seconds, double rate)
{
    L->phase = PHASE_PLAY;
    for (int i = 0; i < L->ngames; i++)
        ready(L, &L->games[i], clock_us());
    uint64_t start = clock_us(), end = start + (uint64_t)(seconds * 1e6);
    double gap = 1e6 / rate;
    double next = (double)start;
    for (;;) {
        uint64_t now = clock_us();
        if (now >= end || L->failed)
            break;
        while ((double)now >= next && L->rcount > 0 && send_move(L))
            next += gap;
        if (L->rcount == 0 && next < (double)now)
            next = (double)now;
        uint64_t wake = end;
        if (L->rcount > 0 && next < (double)wake)
            wake = (uint64_t)next;
        int64_t wait_us = (int64_t)wake - (int64_t)clock_us();
        pump(L, wait_us <= 0 ? 0 : (int)((wait_us + 999) / 1000));
    }
}

int cli_loadgen(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    int rc =
        cli_args_parse(cli_loadgen_usage, cli_loadgen_help, loadgen_opts, L_COUNT, argc, argv, &a);
    long clients = 100, pid_opt = -1, seed = 1;
    int64_t play_ms = 10000;
    double rate = 0; /* 0: one move a game every 2 s */
    if (rc < 0 && a.nargs > 0)
        rc = cli_usage_error(cli_loadgen_usage, "unexpected argument '%s'", a.args[0]);
    if (rc < 0 && a.value[L_CLIENTS] != NULL)
        rc = cli_int_arg(&a, "client count", "2 to 20000, even", a.value[L_CLIENTS], 2,
                         LG_CLIENTS_MAX, &clients);
    if (rc < 0 && clients % 2 != 0)
        rc = cli_usage_error(cli_loadgen_usage, "bad client count '%s' (2 to 20000, even)",
                             a.value[L_CLIENTS]);
    if (rc < 0 && a.value[L_SECONDS] != NULL)
        rc = cli_seconds_arg(&a, a.value[L_SECONDS], &play_ms);
    if (rc < 0 && a.value[L_RATE] != NULL && !rate_arg(a.value[L_RATE], &rate))
        rc = cli_usage_error(cli_loadgen_usage, "bad rate '%s' (moves a second, 0.1 to 1000000)",
                             a.value[L_RATE]);
    /* A client may send 100 lines a second: the pace stays well below. */
    if (rc < 0 && rate > (double)LG_GAME_RATE_MAX * (double)(clients / 2))
        rc = cli_usage_error(cli_loadgen_usage, "bad rate '%s' (at most %d a game, %ld here)",
                             a.value[L_RATE], LG_GAME_RATE_MAX, LG_GAME_RATE_MAX * (clients / 2));
    if (rc < 0 && a.value[L_PID] != NULL)
        rc = cli_int_arg(&a, "process id", "1 or more", a.value[L_PID], 1, 1L << 30, &pid_opt);
    if (rc < 0 && a.value[L_SEED] != NULL)
        rc = cli_int_arg(&a, "seed", "0 to 2^31", a.value[L_SEED], 0, 1L << 31, &seed);
    const CmVariant *v = NULL;
    const char *variant = a.value[L_VARIANT] ? a.value[L_VARIANT] : CLI_DEFAULT_VARIANT;
    if (rc < 0 && (catalog_is_path(variant) || strlen(variant) >= 64))
        rc = cli_usage_error(cli_loadgen_usage, "a variant is named by its name, as the server "
                                                "knows it");
    if (rc < 0 && (v = cli_variant(ctx, variant)) == NULL)
        rc = CLI_EXIT_INPUT;
    if (rc < 0 && v->nseats != 2)
        rc = cli_usage_error(cli_loadgen_usage, "'%s' has %d seats: the games are of two", variant,
                             v->nseats);
    char sock[NET_PATH_MAX];
    if (rc < 0) {
        CmError err;
        cm_error_init(&err, NULL);
        if (a.value[L_SOCKET] != NULL) {
            if (a.value[L_SOCKET][0] == '\0' || strlen(a.value[L_SOCKET]) >= sizeof sock)
                rc = cli_usage_error(cli_loadgen_usage, "a socket's path has 1 to %d bytes",
                                     NET_PATH_MAX - 1);
            else
                snprintf(sock, sizeof sock, "%s", a.value[L_SOCKET]);
        } else if (net_default_socket(sock, sizeof sock, &err) != CM_OK) {
            fprintf(stderr, "camelot: %s\n", err.msg);
            rc = CLI_EXIT_INPUT;
        }
    }
    if (rc < 0 && fd_limit(clients + 16) != 0)
        rc = CLI_EXIT_INPUT;
    if (rc >= 0) {
        cli_args_free(&a);
        return rc;
    }
    signal(SIGPIPE, SIG_IGN);
    Load *L = calloc(1, sizeof *L);
    int ngames = (int)clients / 2;
    if (L == NULL || (L->cl = calloc((size_t)clients, sizeof *L->cl)) == NULL ||
        (L->games = calloc((size_t)ngames, sizeof *L->games)) == NULL ||
        (L->ready = calloc((size_t)ngames, sizeof *L->ready)) == NULL) {
        if (L != NULL) {
            free(L->cl);
            free(L->games);
        }
        free(L);
        cli_args_free(&a);
        return cli_out_of_memory();
    }
    L->v = v;
    L->variant = variant;
    L->ncl = (int)clients;
    L->ngames = ngames;
    L->rng = (uint64_t)seed;
    L->epfd = epoll_create1(EPOLL_CLOEXEC);
    for (int i = 0; i < L->ncl; i++) {
        L->cl[i].index = i + 1;
        L->cl[i].conn.fd = -1;
        L->cl[i].game = &L->games[i / 2];
        L->cl[i].seat = i % 2;
        L->games[i / 2].c[i % 2] = &L->cl[i];
        L->games[i / 2].state = GAME_OVER;
        L->games[i / 2].pending = -1;
    }
    if (rate == 0)
        rate = ngames / 2.0;

    /* 1. Every client connects and says hello; the server's memory then. */
    fprintf(stderr, "loadgen: %d clients connect to %s\n", L->ncl, sock);
    long rss_start = -1;
    long pid = L->epfd < 0 ? -1 : connect_all(L, sock, pid_opt, &rss_start);
    if (pid > 0 && !pump_until(L, all_greeted, LG_SETUP_MS) && !L->failed) {
        fprintf(stderr, "camelot: loadgen: %d of %d clients greeted in %d s\n", L->greeted, L->ncl,
                LG_SETUP_MS / 1000);
        L->failed = 1;
    }
    long rss_clients = -1, rss_games = -1;
    if (pid > 0 && !L->failed) {
        pump_until(L, never, LG_SETTLE_MS);
        rss_clients = rss_kib(pid);
        /* 2. Each pair makes its game and begins it; the server's memory with them idle. */
        fprintf(stderr, "loadgen: %d games begin\n", L->ngames);
        for (int i = 0; i < L->ngames && !L->failed; i++) {
            make_game(L, &L->games[i]);
            if (i % 64 == 63)
                pump(L, 0);
        }
        if (!pump_until(L, all_playing, LG_SETUP_MS) && !L->failed) {
            fprintf(stderr, "camelot: loadgen: %d of %d games began in %d s\n", L->playing,
                    L->ngames, LG_SETUP_MS / 1000);
            L->failed = 1;
        }
        pump_until(L, never, LG_SETTLE_MS);
        rss_games = rss_kib(pid);
    }
    /* 3. The games are played, then resigned. */
    uint64_t t0 = clock_us(), t1 = t0;
    size_t moves = 0;
    if (pid > 0 && !L->failed) {
        fprintf(stderr, "loadgen: %.0f moves a second for %.1f s\n", rate, (double)play_ms / 1e3);
        play(L, (double)play_ms / 1000.0, rate);
        t1 = clock_us();
        moves = L->nrtt;
        L->phase = PHASE_END;
        for (int i = 0; i < L->ngames; i++)
            ready(L, &L->games[i], t1);
        pump_until(L, none_playing, LG_END_MS);
    }
    if (pid > 0 && !L->failed) {
        qsort(L->rtt, L->nrtt, sizeof *L->rtt, cmp_u64);
        double secs = (double)(t1 - t0) / 1e6;
        printf("clients %d\n", L->ncl);
        printf("games %d\n", L->ngames);
        printf("games_finished %d\n", L->finished);
        printf("moves %zu\n", moves);
        printf("seconds %.1f\n", secs);
        printf("moves_per_second %.1f\n", secs > 0 ? (double)moves / secs : 0.0);
        printf("round_trip_ms median %.3f p90 %.3f p99 %.3f max %.3f\n",
               percentile_ms(L->rtt, L->nrtt, 50), percentile_ms(L->rtt, L->nrtt, 90),
               percentile_ms(L->rtt, L->nrtt, 99), percentile_ms(L->rtt, L->nrtt, 100));
        printf("server_pid %ld\n", pid);
        if (rss_start >= 0 && rss_clients >= 0 && rss_games >= 0) {
            printf("server_rss_kib start %ld clients %ld idle_games %ld\n", rss_start, rss_clients,
                   rss_games);
            printf("per_client_kib %.1f\n", (double)(rss_clients - rss_start) / L->ncl);
            printf("per_idle_game_kib %.1f\n", (double)(rss_games - rss_clients) / L->ngames);
        } else {
            printf("server_rss_kib unknown (/proc/%ld/status cannot be read)\n", pid);
        }
        rc = CLI_EXIT_OK;
    } else {
        rc = CLI_EXIT_INPUT;
    }
    for (int i = 0; i < L->ngames; i++)
        cm_game_free(&L->games[i].g);
    for (int i = 0; i < L->ncl; i++)
        if (L->cl[i].conn.fd >= 0)
            net_conn_close(&L->cl[i].conn);
    if (L->epfd >= 0)
        close(L->epfd);
    free(L->rtt);
    free(L->ready);
    free(L->games);
    free(L->cl);
    free(L);
    cli_args_free(&a);
    return rc;
}
