/* The server's store as SQLite tests itself: every write of the store made to fail in turn.
 *
 * A VFS of the test's own (a shim over the system's) counts each write, truncation and sync of
 * the database's files and makes the one chosen fail, as a full disk or a failing disk would
 * (SQLITE_FULL, SQLITE_IOERR_FSYNC, SQLITE_IOERR_TRUNCATE), or a run of them. The server runs
 * in a child with the shim as SQLite's default VFS; two players play a game of Camette with
 * chat, sending again, with the same id, whatever the server refused. For each write of the
 * game, in turn:
 *   - every request gets exactly one answer ('ok VERB' or 'error VERB'), a refusal being
 *     'error VERB store';
 *   - the server goes on (it serves the rest of the game);
 *   - after a restart with no faults, the game has exactly the moves acknowledged, with their
 *     ids, and the chat acknowledged: nothing told is lost, nothing refused is kept;
 *   - a new key signs up (again, while the store refuses it) and is its player, after the
 *     restart too.
 * The product has no hook for this: the shim is the test's.
 * SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* prctl */

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "camelot/movegen.h"
#include "camelot/notation.h"
#include "camelot/rules.h"
#include "server/server.h"
#include "testutil.h"

#define PLIES 14 /* the game played in each run */

/* ---- The shim ------------------------------------------------------------------------------ */

/* Shared with the server's process. */
typedef struct Faults {
    atomic_long ops;       /* writes, truncations and syncs so far */
    atomic_long fail_from; /* the first to fail (0: none) ... */
    atomic_long fail_n;    /* ... and how many from it */
    atomic_long failed;    /* how many failed */
} Faults;

static Faults *faults;
static sqlite3_vfs *real_vfs;
static sqlite3_vfs shim_vfs;
/* The system's VFS gives files of different kinds different methods: the shim has a table of
 * its own for each, of the same version, whose functions call the real file's. */
#define SHIM_TABLES 8
static const sqlite3_io_methods *real_io[SHIM_TABLES];
static sqlite3_io_methods shim_io[SHIM_TABLES];

typedef struct ShimFile {
    sqlite3_file base;
    sqlite3_file *real;
} ShimFile;

/* Whether this operation is to fail. */
static int fault(void)
{
    long op = atomic_fetch_add(&faults->ops, 1) + 1;
    long from = atomic_load(&faults->fail_from);
    if (from > 0 && op >= from && op < from + atomic_load(&faults->fail_n)) {
        atomic_fetch_add(&faults->failed, 1);
        return 1;
    }
    return 0;
}

static sqlite3_file *real_of(sqlite3_file *f)
{
    return ((ShimFile *)f)->real;
}

#define REAL(f) (real_of(f)->pMethods)

static int shim_close(sqlite3_file *f)
{
    return REAL(f)->xClose(real_of(f));
}
static int shim_read(sqlite3_file *f, void *p, int n, sqlite3_int64 off)
{
    return REAL(f)->xRead(real_of(f), p, n, off);
}
static int shim_write(sqlite3_file *f, const void *p, int n, sqlite3_int64 off)
{
    return fault() ? SQLITE_FULL : REAL(f)->xWrite(real_of(f), p, n, off);
}
static int shim_truncate(sqlite3_file *f, sqlite3_int64 size)
{
    return fault() ? SQLITE_IOERR_TRUNCATE : REAL(f)->xTruncate(real_of(f), size);
}
static int shim_sync(sqlite3_file *f, int flags)
{
    return fault() ? SQLITE_IOERR_FSYNC : REAL(f)->xSync(real_of(f), flags);
}
static int shim_size(sqlite3_file *f, sqlite3_int64 *size)
{
    return REAL(f)->xFileSize(real_of(f), size);
}
static int shim_lock(sqlite3_file *f, int lock)
{
    return REAL(f)->xLock(real_of(f), lock);
}
static int shim_unlock(sqlite3_file *f, int lock)
{
    return REAL(f)->xUnlock(real_of(f), lock);
}
static int shim_check_lock(sqlite3_file *f, int *out)
{
    return REAL(f)->xCheckReservedLock(real_of(f), out);
}
static int shim_control(sqlite3_file *f, int op, void *arg)
{
    return REAL(f)->xFileControl(real_of(f), op, arg);
}
static int shim_sector(sqlite3_file *f)
{
    return REAL(f)->xSectorSize(real_of(f));
}
static int shim_caps(sqlite3_file *f)
{
    return REAL(f)->xDeviceCharacteristics(real_of(f));
}
static int shim_shm_map(sqlite3_file *f, int pg, int size, int extend, void volatile **out)
{
    return REAL(f)->xShmMap(real_of(f), pg, size, extend, out);
}
static int shim_shm_lock(sqlite3_file *f, int offset, int n, int flags)
{
    return REAL(f)->xShmLock(real_of(f), offset, n, flags);
}
static void shim_shm_barrier(sqlite3_file *f)
{
    REAL(f)->xShmBarrier(real_of(f));
}
static int shim_shm_unmap(sqlite3_file *f, int del)
{
    return REAL(f)->xShmUnmap(real_of(f), del);
}
static int shim_fetch(sqlite3_file *f, sqlite3_int64 off, int n, void **out)
{
    return REAL(f)->xFetch(real_of(f), off, n, out);
}
static int shim_unfetch(sqlite3_file *f, sqlite3_int64 off, void *p)
{
    return REAL(f)->xUnfetch(real_of(f), off, p);
}

static int shim_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out)
{
    (void)vfs;
    ShimFile *sf = (ShimFile *)f;
    sf->real = (sqlite3_file *)(sf + 1);
    int rc = real_vfs->xOpen(real_vfs, name, sf->real, flags, out);
    if (rc != SQLITE_OK || sf->real->pMethods == NULL) {
        f->pMethods = NULL;
        return rc;
    }
    int k = 0;
    while (k < SHIM_TABLES && real_io[k] != NULL && real_io[k] != sf->real->pMethods)
        k++;
    assert_true(k < SHIM_TABLES);
    if (real_io[k] == NULL) {
        real_io[k] = sf->real->pMethods;
        shim_io[k] = (sqlite3_io_methods){
            real_io[k]->iVersion,
            shim_close,
            shim_read,
            shim_write,
            shim_truncate,
            shim_sync,
            shim_size,
            shim_lock,
            shim_unlock,
            shim_check_lock,
            shim_control,
            shim_sector,
            shim_caps,
            shim_shm_map,
            shim_shm_lock,
            shim_shm_barrier,
            shim_shm_unmap,
            shim_fetch,
            shim_unfetch,
        };
    }
    f->pMethods = &shim_io[k];
    return SQLITE_OK;
}

static void shim_install(void)
{
    real_vfs = sqlite3_vfs_find(NULL);
    assert_non_null(real_vfs);
    shim_vfs = *real_vfs;
    shim_vfs.zName = "camelot-test-faults";
    shim_vfs.szOsFile = (int)sizeof(ShimFile) + real_vfs->szOsFile;
    shim_vfs.xOpen = shim_open;
    assert_int_equal(sqlite3_vfs_register(&shim_vfs, 1), SQLITE_OK);
}

/* ---- The server ------------------------------------------------------------------------------ */

static volatile sig_atomic_t server_stop;

static void on_term(int sig)
{
    (void)sig;
    server_stop = 1;
}

/* A server on 'dir', its SQLite behind the shim. */
static pid_t server_start(const char *dir, char *sock, size_t size)
{
    char db[300];
    snprintf(sock, size, "%s/server.sock", dir);
    snprintf(db, sizeof db, "%s/server.db", dir);
    unlink(sock);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_term;
        sigaction(SIGTERM, &sa, NULL);
        shim_install();
        ServerConfig cfg;
        server_config_default(&cfg);
        cfg.socket_path = sock;
        cfg.store_path = db;
        cfg.stop = &server_stop;
        cfg.store_retry_ms = 20;
        CmError err;
        _exit(server_run(&cfg, &err) == CM_OK ? 0 : 1);
    }
    struct stat st;
    for (int i = 0; i < 400 * tu_time_factor() && stat(sock, &st) != 0; i++)
        poll(NULL, 0, 25);
    assert_int_equal(stat(sock, &st), 0);
    return pid;
}

static void server_stop_clean(pid_t pid)
{
    int status;
    kill(pid, SIGTERM);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* ---- A player ------------------------------------------------------------------------------- */

typedef struct Player {
    int fd;
    char buf[1 << 16];
    size_t len;
    int requests, answers; /* sent, and 'ok'/'error' lines heard */
    char line[4200];       /* the last line taken */
} Player;

static void put(Player *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(Player *p, const char *fmt, ...)
{
    char line[4200];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    line[n++] = '\n';
    assert_int_equal(write(p->fd, line, (size_t)n), n);
}

/* The next line from the server (pings answered, answers counted). */
static const char *take(Player *p)
{
    for (;;) {
        char *nl = memchr(p->buf, '\n', p->len);
        if (nl != NULL) {
            size_t n = (size_t)(nl - p->buf);
            assert_true(n < sizeof p->line);
            memcpy(p->line, p->buf, n);
            p->line[n] = '\0';
            memmove(p->buf, nl + 1, p->len - n - 1);
            p->len -= n + 1;
            if (strncmp(p->line, "ping ", 5) == 0) {
                put(p, "pong %s", p->line + 5);
                continue;
            }
            if (strncmp(p->line, "ok ", 3) == 0 ||
                (strncmp(p->line, "error ", 6) == 0 && strncmp(p->line, "error - ", 8) != 0))
                p->answers++;
            return p->line;
        }
        struct pollfd pf = {p->fd, POLLIN, 0};
        int r = poll(&pf, 1, 60000 * tu_time_factor());
        if (r <= 0)
            fail_msg("no line from the server in 60 s (%.200s)", p->buf);
        ssize_t got = read(p->fd, p->buf + p->len, sizeof p->buf - p->len - 1);
        if (got <= 0)
            fail_msg("the server closed the connection");
        p->len += (size_t)got;
    }
}

/* Sends a request and returns its answer (a line kept until the next take). */
static const char *ask(Player *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static const char *ask(Player *p, const char *fmt, ...)
{
    char line[4200], verb[32];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    sscanf(line, "%31s", verb);
    put(p, "%s", line);
    p->requests++;
    char ok[48], error[48];
    snprintf(ok, sizeof ok, "ok %s ", verb);
    snprintf(error, sizeof error, "error %s ", verb);
    for (;;) {
        const char *got = take(p);
        if (strncmp(got, ok, strlen(ok)) == 0 || strncmp(got, error, strlen(error)) == 0)
            return got;
        if (strncmp(got, "error - ", 8) == 0)
            fail_msg("'%s' was answered '%s'", line, got);
    }
}

/* Asks until the answer is not a refusal of the store; every other error fails the test. */
static const char *ask_until_ok(Player *p, const char *line)
{
    for (int tries = 0; tries < 2000; tries++) {
        const char *got = ask(p, "%s", line);
        if (strncmp(got, "ok ", 3) == 0)
            return got;
        if (strstr(got, " store ") == NULL)
            fail_msg("'%s' was answered '%s'", line, got);
        poll(NULL, 0, 5);
    }
    fail_msg("'%s' was refused 2000 times", line);
    return NULL;
}

/* Connects 'p' to the server and says 'first' ("as NAME", "key FINGERPRINT"), then hello: the
 * answer to it, kept until the next take. */
static const char *player_connect(Player *p, const char *sock, const char *first)
{
    memset(p, 0, sizeof *p);
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    snprintf(a.sun_path, sizeof a.sun_path, "%s", sock);
    p->fd = socket(AF_UNIX, SOCK_STREAM, 0);
    assert_true(p->fd >= 0);
    assert_int_equal(connect(p->fd, (struct sockaddr *)&a, sizeof a), 0);
    put(p, "%s", first);
    return ask(p, "hello 1");
}

static void player_open(Player *p, const char *sock, const char *name)
{
    char first[64];
    snprintf(first, sizeof first, "as %s", name);
    assert_true(strncmp(player_connect(p, sock, first), "ok hello", 8) == 0);
}

/* A session of a public server for the key 'key' (as 'camelot host session' is). */
static const char *player_open_key(Player *p, const char *sock, const char *key)
{
    char first[80];
    snprintf(first, sizeof first, "key %s", key);
    return player_connect(p, sock, first);
}

/* Every request had one answer: after a ping, no answer more than the requests came. */
static void player_close(Player *p)
{
    put(p, "ping last");
    while (strcmp(take(p), "pong last") != 0) {
    }
    if (p->answers != p->requests)
        fail_msg("%d requests, %d answers", p->requests, p->answers);
    close(p->fd);
}

/* ---- The game -------------------------------------------------------------------------------- */

/* The key that signs up as carol. */
#define KEY "SHA256:Yx3nYmsG2e7Hq1cVd4KZbQ0aPjLwR5oF8uTnE6sAiMk"
#define KEY2 "SHA256:Zx3nYmsG2e7Hq1cVd4KZbQ0aPjLwR5oF8uTnE6sAiMk" /* and carol's second */

/* PLIES moves of Camette from its start, each the first in the order of its text. */
static int game_moves(char moves[][CM_MOVE_TEXT_MAX])
{
    const CmVariant *v = tu_variant("camette");
    CmGame g;
    assert_int_equal(cm_game_init(&g, v, NULL), CM_OK);
    int n = 0;
    while (n < PLIES && !g.outcome.over) {
        CmMoveList *list = tu_moves(&g.pos);
        int best = 0;
        char text[CM_MOVE_TEXT_MAX], best_text[CM_MOVE_TEXT_MAX] = "";
        for (int i = 0; i < list->n; i++) {
            cm_move_str(&g.pos, &list->m[i], text, sizeof text);
            if (i == 0 || strcmp(text, best_text) < 0)
                best = i, snprintf(best_text, sizeof best_text, "%s", text);
        }
        snprintf(moves[n++], CM_MOVE_TEXT_MAX, "%s", best_text);
        assert_int_equal(cm_game_play(&g, &list->m[best]), CM_OK);
        free(list);
    }
    cm_game_free(&g);
    return n;
}

/* One run: the game played with the shim set to fail 'n' operations from the 'from'th after
 * the server is up (0: none). Returns the operations the game took. */
static long run(long from, long n, char moves[][CM_MOVE_TEXT_MAX], int plies)
{
    char dir[256], sock[300];
    tu_temp_dir(dir, sizeof dir);
    pid_t pid = server_start(dir, sock, sizeof sock);
    long base = atomic_load(&faults->ops);
    atomic_store(&faults->failed, 0);
    atomic_store(&faults->fail_n, n);
    atomic_store(&faults->fail_from, from > 0 ? base + from : 0);

    Player alice, bob;
    player_open(&alice, sock, "alice");
    player_open(&bob, sock, "bob");
    /* A new key signs up: a sign-up the store refused has not happened, and is made again. */
    Player carol;
    const char *hello = player_open_key(&carol, sock, KEY);
    if (strncmp(hello, "error hello signup ", 19) != 0)
        fail_msg("a new key's hello was answered '%s'", hello);
    ask_until_ok(&carol, "signup carol");
    hello = ask(&carol, "hello 1");
    if (strcmp(hello, "ok hello 1 carol") != 0)
        fail_msg("failing %ld from %ld: the key's hello after its sign-up: '%s'", n, from, hello);
    /* A second key by carol's code: an 'addkey' the store refused leaves the code good. */
    char code[16] = "", line[200];
    if (sscanf(ask(&carol, "keycode"), "ok keycode %15s", code) != 1)
        fail_msg("no code for a second key");
    Player dave;
    hello = player_open_key(&dave, sock, KEY2);
    if (strncmp(hello, "error hello signup ", 19) != 0)
        fail_msg("the second key's hello was answered '%s'", hello);
    snprintf(line, sizeof line, "addkey %s", code);
    ask_until_ok(&dave, line);
    hello = ask(&dave, "hello 1");
    if (strcmp(hello, "ok hello 1 carol") != 0)
        fail_msg("failing %ld from %ld: the second key's hello: '%s'", n, from, hello);
    long long game = 0;
    sscanf(ask_until_ok(&alice, "create camette none casual W=me B=@bob"), "ok create %lld", &game);
    snprintf(line, sizeof line, "join %lld", game);
    ask_until_ok(&bob, line);
    int said = 0;
    for (int ply = 0; ply < plies; ply++) {
        Player *p = ply % 2 ? &bob : &alice;
        snprintf(line, sizeof line, "move %lld %d m%d %.60s 5", game, ply, ply, moves[ply]);
        ask_until_ok(p, line);
        if (ply % 4 == 1) {
            snprintf(line, sizeof line, "say %lld word %d", game, said++);
            ask_until_ok(p, line);
        }
    }
    long used = atomic_load(&faults->ops) - base;
    atomic_store(&faults->fail_from, 0);
    player_close(&alice);
    player_close(&bob);
    player_close(&carol);
    player_close(&dave);
    server_stop_clean(pid);

    /* Started again, with no faults: exactly what was acknowledged. */
    pid = server_start(dir, sock, sizeof sock);
    Player probe;
    player_open(&probe, sock, "alice"); /* a player: the players' chat is in her state */
    put(&probe, "open %lld", game);
    probe.requests++;
    char want[2000] = "", got[2000] = "";
    size_t wlen = (size_t)snprintf(want, sizeof want, "sync %lld moves 0", game);
    for (int ply = 0; ply < plies; ply++)
        wlen += (size_t)snprintf(want + wlen, sizeof want - wlen, " %.60s m%d", moves[ply], ply);
    int chat = 0;
    for (;;) {
        const char *l = take(&probe);
        if (strncmp(l, "sync ", 5) == 0 && strstr(l, " moves ") != NULL)
            snprintf(got, sizeof got, "%s", l);
        if (strncmp(l, "sync ", 5) == 0 && strstr(l, " chat ") != NULL)
            chat++;
        if (strncmp(l, "ok open", 7) == 0 || strncmp(l, "error open", 10) == 0)
            break;
    }
    if (strcmp(got, want) != 0)
        fail_msg("failing %ld from %ld: the store has\n  %s\nnot\n  %s", n, from, got, want);
    if (chat != said)
        fail_msg("failing %ld from %ld: %d chat messages kept of %d acknowledged", n, from, chat,
                 said);
    player_close(&probe);
    hello = player_open_key(&probe, sock, KEY);
    if (strcmp(hello, "ok hello 1 carol") != 0)
        fail_msg("failing %ld from %ld: after a restart the key's hello is '%s'", n, from, hello);
    player_close(&probe);
    server_stop_clean(pid);
    tu_remove_tree(dir);
    return used;
}

static void test_store_faults(void **state)
{
    (void)state;
    signal(SIGPIPE, SIG_IGN);
    faults = mmap(NULL, sizeof *faults, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    assert_true(faults != MAP_FAILED);
    memset(faults, 0, sizeof *faults);
    static char moves[PLIES][CM_MOVE_TEXT_MAX];
    int plies = game_moves(moves);
    assert_true(plies >= 10);
    long total = run(0, 0, moves, plies);
    assert_true(total > 20);
    long failed = 0;
    /* Each operation of the game failing alone, then runs of three (a disk full for a while). */
    for (long op = 1; op <= total; op++) {
        run(op, 1, moves, plies);
        failed += atomic_load(&faults->failed);
    }
    for (long op = 1; op <= total; op += 3) {
        run(op, 3, moves, plies);
        failed += atomic_load(&faults->failed);
    }
    assert_true(failed >= total);
    printf("the game took %ld writes and syncs of the store; %ld failures, each survived\n", total,
           failed);
    munmap(faults, sizeof *faults);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_store_faults),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
