/* Fuzz target: the network protocol as the server reads it. A real server (server_run) runs in
 * a thread of this process, on a Unix socket in a private directory, with its database there
 * (not durable, for speed) and one engine thread with a table of 1 MiB (clearing the 32 MiB
 * of 'camelot serve' took a tenth of each input's time). Each input is what up to three
 * clients send it, through real connections:
 *   byte 0, bits 0-1: the connections, 1 to 3 (0 and 1: one);
 *           bits 2-4: the size of the pieces each connection's bytes are written in (the
 *                     whole line, 1, 2, 3, 7, 16, 100 or 1,000 bytes);
 *           bit 5:    0: in turn: each line is handled before the next is sent (when the next
 *                     goes to another connection, that one waits for the answer to a 'ping'
 *                     sent after it), so that a session of several players plays the same
 *                     every time; 1: at once: every connection's lines are written side by
 *                     side, piece by piece, without waiting;
 *           bit 6:    the names: alice, bob, carol; or alice, alice, bob (a player on two
 *                     connections);
 *           bit 7:    0: the harness names ('as NAME') and greets ('hello 1') each
 *                     connection; 1: the input must (the connections are the server's own
 *                     user until a line names them: 'as NAME', or 'key FINGERPRINT' and
 *                     'signup NAME' as a public server's sessions do).
 *   the rest: lines, given to the connections in turn (the first line to the first, the
 *   second to the second, ...; an empty line passes a connection's turn).
 * Unless the input names them, each connection first says 'as NAME' (the server believes it from
 * its own user, as from a relay), so that two or three players can play each other. A connection
 * gets at most LINES_MAX lines in an input, below the server's allowance of 200 at once, so that no
 * input waits for the flood control; the lines past that are not sent. Checked: every line the
 * server sends is at most NET_LINE_MAX bytes, text that may be shown (net_text_check), a line
 * net_msg_parse reads, and one of the lines docs/network.md lists, an error with one of its codes
 * and a reason; the server answers a 'ping' after the input on each connection it keeps open within
 * TIMEOUT_MS (else the process aborts: a server that hangs is a finding); after the input, a new
 * connection, under a name the input does not hold, still gets the lobby ('games'); the server
 * never stops on its own (server_run returns only once its flag is set, with CM_OK). Each input has
 * a server of its own, started on a fresh database and stopped after it: game ids begin at 1 in
 * every input, so that a session's 'join 1' finds its game, and an input does the same whatever
 * came before it (a crash reproduces from its input alone). The server is stopped by its flag, set
 * here, and joined: LeakSanitizer sees what it left. With FUZZ_SERVER_SHOW set in the environment,
 * every line the server sends is written to standard error after the name of the connection it
 * went to (to see what a seed does).
 * SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* MSG_NOSIGNAL */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "net/proto.h"
#include "server/server.h"

#define CONNS_MAX 3
#define LINES_MAX 150   /* lines a connection is sent in an input, the harness's own too */
#define TIMEOUT_MS 5000 /* the longest wait for an answer before the server is taken as hung */
#define IN_MAX 65536    /* a connection's buffer of lines read */

static char dir[512], sock_path[600], db_path[600], blank_path[600];
static int have_blank; /* 'blank_path' holds a database made by a server and left empty */
static volatile sig_atomic_t stop_flag;
static pthread_t server_thread;
static int server_up;
static atomic_int server_ended;
static CmStatus server_rc;
static CmError server_err;
static NetMsg msg;
static int show; /* $FUZZ_SERVER_SHOW is set: every line the server sends goes to stderr */

typedef struct Conn {
    int fd; /* -1: closed */
    const char *name;
    int lines;         /* lines sent in this input */
    int at_line_start; /* the last byte sent was a newline (or nothing was sent) */
    char want[32];     /* the 'pong' awaited, "" for none */
    int got;           /* it came */
    int lobby;         /* an 'ok games' came */
    size_t nin;
    char in[IN_MAX]; /* what was read of a line not yet whole */
} Conn;

static Conn conns[CONNS_MAX + 1]; /* the last: the connection that looks at the lobby after */

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static void *serve(void *arg)
{
    const ServerConfig *cfg = arg;
    cm_error_init(&server_err, NULL);
    server_rc = server_run(cfg, &server_err);
    atomic_store(&server_ended, 1);
    return NULL;
}

static int dial(void)
{
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    FUZZ_CHECK(fd >= 0);
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sock_path);
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static ServerConfig cfg;

/* Removes the database at 'path' with its log files. */
static void db_remove(const char *path)
{
    char extra[700];
    unlink(path);
    snprintf(extra, sizeof extra, "%s-wal", path);
    unlink(extra);
    snprintf(extra, sizeof extra, "%s-shm", path);
    unlink(extra);
}

/* Copies the blank database to 'db_path'. */
static void db_copy_blank(void)
{
    static char buf[1 << 16];
    int in = open(blank_path, O_RDONLY | O_CLOEXEC);
    int out = open(db_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    FUZZ_CHECK(in >= 0 && out >= 0);
    ssize_t n;
    while ((n = read(in, buf, sizeof buf)) > 0)
        FUZZ_CHECK(write(out, buf, (size_t)n) == n);
    FUZZ_CHECK(n == 0);
    close(in);
    close(out);
}

/* Starts a server on a fresh database and waits until it takes connections. The database is
 * a copy of one that a server made empty, the first time: making its tables is most of the
 * time a server takes to start. */
static void server_start(void)
{
    db_remove(db_path);
    if (have_blank)
        db_copy_blank();
    server_config_default(&cfg);
    cfg.socket_path = sock_path;
    cfg.store_path = db_path;
    cfg.durable = 0;
    cfg.engines = 1;
    cfg.engine_table = (size_t)1 << 20;
    cfg.stop = &stop_flag;
    stop_flag = 0;
    atomic_store(&server_ended, 0);
    FUZZ_CHECK(pthread_create(&server_thread, NULL, serve, &cfg) == 0);
    server_up = 1;
    uint64_t until = now_ms() + TIMEOUT_MS;
    for (;;) {
        int fd = dial();
        if (fd >= 0) {
            close(fd);
            break;
        }
        if (atomic_load(&server_ended)) {
            fprintf(stderr, "fuzz: the server did not start: %s\n", server_err.msg);
            abort();
        }
        FUZZ_CHECK(now_ms() < until);
        usleep(100);
    }
}

/* Sets the server's flag, wakes its loop with a connection, and joins it. */
static void server_stop(void)
{
    if (!server_up)
        return;
    stop_flag = 1;
    int fd = dial();
    if (fd >= 0)
        close(fd);
    FUZZ_CHECK(pthread_join(server_thread, NULL) == 0);
    server_up = 0;
    if (server_rc != CM_OK) {
        fprintf(stderr, "fuzz: the server stopped with an error: %s\n", server_err.msg);
        abort();
    }
}

static void clean_up(void)
{
    server_stop();
    db_remove(db_path);
    db_remove(blank_path);
    unlink(sock_path);
    rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (setenv("CAMELOT_VARIANT_DIR", CAMELOT_SOURCE_VARIANT_DIR, 1) != 0)
        abort();
    signal(SIGPIPE, SIG_IGN);
    show = getenv("FUZZ_SERVER_SHOW") != NULL;
    fuzz_temp_dir("server", dir, sizeof dir);
    snprintf(sock_path, sizeof sock_path, "%s/server.sock", dir);
    snprintf(db_path, sizeof db_path, "%s/server.db", dir);
    snprintf(blank_path, sizeof blank_path, "%s/blank.db", dir);
    FUZZ_CHECK(strlen(sock_path) < sizeof((struct sockaddr_un *)0)->sun_path);
    atexit(clean_up);
    /* The blank database: a server's, closed with nothing in it. */
    server_start();
    server_stop();
    FUZZ_CHECK(rename(db_path, blank_path) == 0);
    have_blank = 1;
    return 0;
}

/* ---- What the server says ------------------------------------------------------------------ */

static int one_of(const char *word, const char *const *list)
{
    for (; *list != NULL; list++)
        if (strcmp(word, *list) == 0)
            return 1;
    return 0;
}

/* A line from the server: shown text, read by the parser, a line the protocol has. */
static void check_line(Conn *c, const char *line, size_t len)
{
    static const char *const verbs[] = {
        "ok",      "error", "ev",      "sync",     "presence", "invite", "ping",   "pong",
        "variant", "game",  "rating",  "record",   "player",   "limit",  "notice", "pubkey",
        "past",    "ended", "profile", "standing", "versus",   "tourn",  "place",  "pairing",
        "paired",  "round", "bye",     "finished", "partner",  NULL};
    /* The error codes of docs/network.md, of requests and of the connection as a whole. */
    static const char *const codes[] = {
        "syntax",     "hello",         "version", "unknown", "bad-id",   "no-game",   "no-variant",
        "denied",     "not-your-turn", "stale",   "illegal", "over",     "offer",     "full",
        "bad-text",   "bad-name",      "taken",   "signup",  "banned",   "no-player", "held",
        "no-tourney", "busy",          "store",   "flood",   "too-long", NULL};
    if (show)
        fprintf(stderr, "%s< %.*s\n", c->name, (int)len, line);
    if (len > NET_LINE_MAX || net_text_check(line, len) != 0) {
        fprintf(stderr, "fuzz: the server sent %s a line of %zu bytes that may not be shown\n",
                c->name, len);
        abort();
    }
    CmError err;
    cm_error_init(&err, NULL);
    if (net_msg_parse(&msg, line, len, &err) != CM_OK) {
        fprintf(stderr, "fuzz: the server sent %s '%.*s', which does not parse: %s\n", c->name,
                (int)len, line, err.msg);
        abort();
    }
    if (!one_of(msg.argv[0], verbs) ||
        (strcmp(msg.argv[0], "error") == 0 && (msg.argc < 4 || !one_of(msg.argv[2], codes)))) {
        fprintf(stderr, "fuzz: the server sent %s '%.*s', not a line of the protocol\n", c->name,
                (int)len, line);
        abort();
    }
    if (msg.argc == 2 && strcmp(msg.argv[0], "pong") == 0 && strcmp(msg.argv[1], c->want) == 0)
        c->got = 1;
    if (msg.argc >= 3 && strcmp(msg.argv[0], "ok") == 0 && strcmp(msg.argv[1], "games") == 0)
        c->lobby = 1;
}

static void conn_close(Conn *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
}

/* Reads what 'c' has, checking each whole line. */
static void conn_read(Conn *c)
{
    for (;;) {
        if (c->nin == sizeof c->in) {
            fprintf(stderr, "fuzz: the server sent %s a line of more than %zu bytes\n", c->name,
                    sizeof c->in);
            abort();
        }
        ssize_t r = recv(c->fd, c->in + c->nin, sizeof c->in - c->nin, MSG_DONTWAIT);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (r <= 0) {
            /* Closed by the server ('quit', a line too long, a wrong version): it may. */
            conn_close(c);
            return;
        }
        c->nin += (size_t)r;
        size_t start = 0;
        char *nl;
        while ((nl = memchr(c->in + start, '\n', c->nin - start)) != NULL) {
            check_line(c, c->in + start, (size_t)(nl - (c->in + start)));
            start = (size_t)(nl - c->in) + 1;
        }
        memmove(c->in, c->in + start, c->nin - start);
        c->nin -= start;
    }
}

/* Reads from every open connection until 'until' says so, or 'deadline' passes (abort). */
static void pump(int (*until)(void *), void *ud, uint64_t deadline, const char *what)
{
    for (;;) {
        if (until(ud))
            return;
        uint64_t t = now_ms();
        if (t >= deadline) {
            fprintf(stderr, "fuzz: no answer in %d ms (%s): the server hangs\n", TIMEOUT_MS, what);
            abort();
        }
        if (atomic_load(&server_ended)) {
            fprintf(stderr, "fuzz: the server stopped: %s\n", server_err.msg);
            abort();
        }
        struct pollfd p[CONNS_MAX + 1];
        Conn *who[CONNS_MAX + 1];
        int n = 0;
        for (int i = 0; i <= CONNS_MAX; i++)
            if (conns[i].fd >= 0) {
                p[n] = (struct pollfd){.fd = conns[i].fd, .events = POLLIN};
                who[n++] = &conns[i];
            }
        int wait = (int)(deadline - t) < 100 ? (int)(deadline - t) : 100;
        if (poll(p, (nfds_t)n, wait) < 0 && errno != EINTR)
            abort();
        for (int i = 0; i < n; i++)
            if (p[i].revents != 0)
                conn_read(who[i]);
    }
}

static int answered(void *ud)
{
    Conn *c = ud;
    return c->fd < 0 || c->got;
}

static int nothing(void *ud)
{
    (void)ud;
    return 1;
}

/* ---- What the clients send ---------------------------------------------------------------- */

/* Writes 'len' bytes to 'c' in pieces of 'piece' (0: at once), reading meanwhile. */
static void conn_write(Conn *c, const char *p, size_t len, size_t piece)
{
    uint64_t deadline = now_ms() + TIMEOUT_MS;
    size_t done = 0;
    while (done < len && c->fd >= 0) {
        size_t n = piece == 0 || len - done < piece ? len - done : piece;
        ssize_t w = send(c->fd, p + done, n, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            /* The server reads nothing more for now: read what it says meanwhile. */
            pump(nothing, NULL, deadline, "a write");
            struct pollfd pw = {.fd = c->fd, .events = POLLOUT};
            poll(&pw, 1, 10);
            FUZZ_CHECK(now_ms() < deadline);
            continue;
        }
        if (w < 0) {
            conn_close(c);
            return;
        }
        done += (size_t)w;
        c->at_line_start = p[done - 1] == '\n';
    }
}

/* Sends 'ping TOKEN' on 'c' (after a newline when a line is unfinished) and reads every
 * connection until its 'pong' (or until it is closed). */
static void conn_sync(Conn *c, const char *token)
{
    if (c->fd < 0)
        return;
    char line[64];
    int n = snprintf(line, sizeof line, "%sping %s\n", c->at_line_start ? "" : "\n", token);
    snprintf(c->want, sizeof c->want, "%s", token);
    c->got = 0;
    c->lines += c->at_line_start ? 1 : 2;
    conn_write(c, line, (size_t)n, 0);
    pump(answered, c, now_ms() + TIMEOUT_MS, token);
    c->want[0] = '\0';
}

static void conn_open(Conn *c, const char *name, int greet)
{
    memset(c, 0, offsetof(Conn, in));
    c->name = name;
    c->at_line_start = 1;
    c->fd = dial();
    FUZZ_CHECK(c->fd >= 0);
    char line[128];
    if (!greet)
        return;
    int n = snprintf(line, sizeof line, "as %s\nhello 1\n", name);
    c->lines = 2;
    conn_write(c, line, (size_t)n, 0);
}

/* Whether 'c' may be sent 'lines' more lines, and two 'ping's after them (each after a
 * newline, when its line is unfinished): one when the next line goes to another connection,
 * one at the end. */
static int room_for(const Conn *c, int lines)
{
    return c->lines + lines + 4 <= LINES_MAX;
}

/* A name for the connection that looks at the lobby after the input: one that 'text' (the
 * input's lines) does not hold in any case, since an input may ban any name it gives (a host's
 * 'ban lobby'), and a banned player is rightly refused. */
static const char *lobby_name(const char *text, size_t len)
{
    static char name[16];
    for (int k = 0;; k++) {
        snprintf(name, sizeof name, k == 0 ? "lobby" : "lobby%d", k);
        size_t n = strlen(name);
        int found = 0;
        for (size_t at = 0; at + n <= len && !found; at++)
            found = strncasecmp(text + at, name, n) == 0;
        if (!found)
            return name;
    }
}

/* After the input: a new connection gets the lobby. */
static void check_lobby(const char *text, size_t len)
{
    Conn *c = &conns[CONNS_MAX];
    conn_open(c, lobby_name(text, len), 1);
    conn_write(c, "games\n", 6, 0);
    c->lines++;
    conn_sync(c, "lobby");
    FUZZ_CHECK(c->fd >= 0 && c->got && c->lobby);
    conn_close(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t pieces[8] = {0, 1, 2, 3, 7, 16, 100, 1000};
    static const char *const names[2][CONNS_MAX] = {{"alice", "bob", "carol"},
                                                    {"alice", "alice", "bob"}};
    if (size < 1)
        return 0;
    int nconn = (data[0] & 3) == 0 ? 1 : data[0] & 3;
    size_t piece = pieces[data[0] >> 2 & 7];
    int at_once = data[0] >> 5 & 1;
    int same = data[0] >> 6 & 1;
    int greet = !(data[0] >> 7 & 1);
    const char *text = (const char *)data + 1;
    size_t len = size - 1;

    server_start();
    for (int i = 0; i < nconn; i++)
        conn_open(&conns[i], names[same][i], greet);
    for (int i = nconn; i <= CONNS_MAX; i++)
        conns[i].fd = -1;

    /* The lines, each to its connection in turn. */
    int syncs = 0;
    char token[32];
    if (!at_once) {
        int last = 0;
        size_t at = 0;
        for (int k = 0; at < len; k++) {
            const char *nl = memchr(text + at, '\n', len - at);
            size_t n = nl != NULL ? (size_t)(nl - (text + at)) + 1 : len - at;
            Conn *c = &conns[k % nconn];
            if (c != &conns[last]) {
                /* What the last connection sent is handled before this line is. */
                snprintf(token, sizeof token, "t%d", ++syncs);
                conn_sync(&conns[last], token);
                last = k % nconn;
            }
            if (!room_for(c, 1))
                break;
            c->lines++;
            conn_write(c, text + at, n, piece);
            at += n;
        }
    } else {
        /* Each connection's lines, written side by side. */
        static char share[CONNS_MAX][1 << 16];
        size_t slen[CONNS_MAX] = {0}, sent[CONNS_MAX] = {0};
        size_t at = 0;
        for (int k = 0; at < len; k++) {
            const char *nl = memchr(text + at, '\n', len - at);
            size_t n = nl != NULL ? (size_t)(nl - (text + at)) + 1 : len - at;
            int i = k % nconn;
            if (!room_for(&conns[i], 1) || slen[i] + n > sizeof share[i])
                break;
            conns[i].lines++;
            memcpy(share[i] + slen[i], text + at, n);
            slen[i] += n;
            at += n;
        }
        size_t step = piece == 0 ? sizeof share[0] : piece;
        for (int more = 1; more;) {
            more = 0;
            for (int i = 0; i < nconn; i++) {
                if (sent[i] >= slen[i])
                    continue;
                size_t n = slen[i] - sent[i] < step ? slen[i] - sent[i] : step;
                conn_write(&conns[i], share[i] + sent[i], n, 0);
                sent[i] += n;
                more |= sent[i] < slen[i];
            }
        }
    }
    /* Every line of every connection is handled, and every answer read and checked. */
    for (int i = 0; i < nconn; i++) {
        snprintf(token, sizeof token, "end%d", i);
        conn_sync(&conns[i], token);
    }
    for (int i = 0; i < nconn; i++)
        conn_close(&conns[i]);
    FUZZ_CHECK(!atomic_load(&server_ended));
    check_lobby(text, len);
    server_stop();
    return 0;
}
