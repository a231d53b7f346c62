/* The 'serve' and 'relay' commands: the server that owns networked games, on a Unix socket,
 * and the relay that joins a connection from elsewhere (ssh) to that socket.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "io/io.h"
#include "net/conn.h"
#include "server/server.h"

const char cli_serve_usage[] =
    "serve [--socket PATH] [--mode 600|660|666] [--group GROUP]\n"
    "                     [--data DIR] [--engines N] [--sync full|normal]\n"
    "                     [--check quick|full] [--claim-after S] [--first-move S]\n"
    "                     [--guests USER] [--limit NAME=N]... [--quiet]";
const char cli_serve_help[] =
    "Runs a server for games played over the network: it owns every game, checks\n"
    "each move with the rules, runs the clocks and the engine seats, and keeps every\n"
    "move in a database before anyone is told of it. Players on this machine connect\n"
    "to its Unix socket with 'camelot online'; the Unix user is the player, no\n"
    "password. Players elsewhere come through ssh and 'camelot relay' (see\n"
    "docs/network.md: a server for friends). It runs until interrupted (Ctrl-C or\n"
    "SIGTERM) and writes a log line for each connection and game on standard error.\n\n"
    "  --socket PATH     where to listen (default:\n"
    "                    $XDG_RUNTIME_DIR/camelot/server.sock, or\n"
    "                    /tmp/camelot-UID/server.sock without $XDG_RUNTIME_DIR)\n"
    "  --mode M          who may connect, as the socket file's mode: 600 this user\n"
    "                    only (default), 660 the group too, 666 every user\n"
    "  --group GROUP     the socket's group, for --mode 660\n"
    "  --data DIR        the database's directory (default: the data directory,\n"
    "                    $XDG_DATA_HOME/camelot); the database is DIR/server.db\n"
    "  --engines N       engine threads for the engine seats (1 to 8, default 1)\n"
    "  --sync full       every move on the disk before it is told (default)\n"
    "  --sync normal     written to the system at once, to the disk a little later:\n"
    "                    a killed server loses nothing, a power cut may\n"
    "  --check quick     at the start, every page of the database is read and\n"
    "                    checked (default); a damaged database is refused\n"
    "  --check full      and every index agrees with its table (slower)\n"
    "  --claim-after S   a player to move gone S seconds may be claimed against in\n"
    "                    a game of a short clock; twice that under 25 minutes,\n"
    "                    three times for a longer clock or none (default 40)\n"
    "  --first-move S    a game with a clock whose player to move makes no first\n"
    "                    move in S seconds is aborted, unrated (default 60)\n"
    "  --guests USER     each connection of the Unix user USER (a name or a number)\n"
    "                    is a guest of its own, 'guest-' and five letters: casual\n"
    "                    games only, forgotten a day after (docs/hosting.md)\n"
    "  --limit NAME=N    a limit each person meets (a Unix user, or a player\n"
    "                    through the relay); may be given again for others:\n"
    "      connections=16    connections at once\n"
    "      games=100         games not over in which they hold a seat\n"
    "      waiting=20        of those, games waiting for players\n"
    "      engine-games=4    of those, games with an engine seat\n"
    "      follow=64         games one connection follows at once\n"
    "      game-chat=1000    chat messages a game keeps of its players, and as many\n"
    "                        of its watchers\n"
    "      day-chat=1000     chat messages a player may send a day (UTC)\n"
    "      output=512        KiB waiting for a client that reads nothing, before\n"
    "                        it is dropped\n"
    "      guests=64         guests connected at once, in all\n"
    "      tourneys=2        tournaments not over that a player made\n"
    "      day-tourneys=6    tournaments a player may make a day, over or not\n"
    "  --quiet           no log\n\n"
    "The data directory is locked while the server runs: a second server on it is\n"
    "refused. The database must be one camelot made; one of another program, or\n"
    "damaged, is refused, and nothing is written into it. A full disk does not stop\n"
    "the server: what would be written is refused until there is room again.\n";

const char cli_relay_usage[] = "relay [--socket PATH] [--as NAME]";
const char cli_relay_help[] =
    "Joins its standard input and output to the server's socket on this machine:\n"
    "what 'camelot online --server ssh://HOST' runs on HOST through ssh. On a shared\n"
    "account, each player's key in authorized_keys runs it with the player's name:\n\n"
    "  restrict,command=\"camelot relay --as alice\" ssh-ed25519 AAAA... alice@home\n\n"
    "The server believes --as only from its own Unix user; run by anyone else the\n"
    "relay speaks as that user, whatever it asks.\n\n"
    "  --socket PATH   the server's socket (default as for 'camelot serve')\n"
    "  --as NAME       the player this connection speaks for\n";

static volatile sig_atomic_t stop_flag;

static void on_stop(int sig)
{
    (void)sig;
    stop_flag = 1;
}

static void log_line(void *ud, const char *line)
{
    (void)ud;
    time_t t = time(NULL);
    struct tm tm;
    char when[32] = "";
    if (localtime_r(&t, &tm) != NULL)
        strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm);
    fprintf(stderr, "%s %s\n", when, line);
}

enum {
    S_SOCKET,
    S_MODE,
    S_GROUP,
    S_DATA,
    S_ENGINES,
    S_SYNC,
    S_CHECK,
    S_CLAIM,
    S_FIRST,
    S_LIMIT,
    S_GUESTS,
    S_QUIET,
    S_COUNT
};

static const CliOpt serve_opts[S_COUNT] = {
    [S_SOCKET] = {"--socket", 1, 0},    [S_MODE] = {"--mode", 1, 0},
    [S_GROUP] = {"--group", 1, 0},      [S_DATA] = {"--data", 1, 0},
    [S_ENGINES] = {"--engines", 1, 0},  [S_SYNC] = {"--sync", 1, 0},
    [S_CHECK] = {"--check", 1, 0},      [S_CLAIM] = {"--claim-after", 1, 0},
    [S_FIRST] = {"--first-move", 1, 0}, [S_LIMIT] = {"--limit", 1, 1},
    [S_GUESTS] = {"--guests", 1, 0},    [S_QUIET] = {"--quiet", 0, 0},
};

/* Each connection is an open file, and the soft limit of them is often 1024: it is raised as
 * far as the hard limit lets it, up to what the server can use (SERVER_CLIENTS_MAX
 * connections, the database and a few of its own). */
static void raise_fd_limit(void)
{
    const rlim_t want = SERVER_CLIENTS_MAX + 64;
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= want)
        return;
    rl.rlim_cur = rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want ? rl.rlim_max : want;
    setrlimit(RLIMIT_NOFILE, &rl);
}

int cli_socket_path(const char *opt, char *buf, size_t size)
{
    CmError err;
    cm_error_init(&err, NULL);
    if (opt != NULL) {
        if (opt[0] == '\0' || strlen(opt) >= NET_PATH_MAX || strlen(opt) >= size) {
            fprintf(stderr, "camelot: a socket's path has 1 to %d bytes\n", NET_PATH_MAX - 1);
            return -1;
        }
        snprintf(buf, size, "%s", opt);
        return 0;
    }
    if (net_default_socket(buf, size, &err) != CM_OK) {
        fprintf(stderr, "camelot: %s\n", err.msg);
        return -1;
    }
    return 0;
}

int cli_serve(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    int rc = cli_args_parse(cli_serve_usage, cli_serve_help, serve_opts, S_COUNT, argc, argv, &a);
    (void)ctx;
    ServerConfig cfg;
    server_config_default(&cfg);
    char sock[NET_PATH_MAX], dir[IO_PATH_MAX], db[IO_PATH_MAX];
    long n;
    if (rc < 0 && a.nargs > 0)
        rc = cli_usage_error(cli_serve_usage, "unexpected argument '%s'", a.args[0]);
    if (rc < 0 && a.value[S_MODE] != NULL) {
        const char *m = a.value[S_MODE];
        if (strcmp(m, "600") == 0 || strcmp(m, "0600") == 0)
            cfg.socket_mode = 0600;
        else if (strcmp(m, "660") == 0 || strcmp(m, "0660") == 0)
            cfg.socket_mode = 0660;
        else if (strcmp(m, "666") == 0 || strcmp(m, "0666") == 0)
            cfg.socket_mode = 0666;
        else
            rc = cli_usage_error(cli_serve_usage, "bad mode '%s' (600, 660 or 666)", m);
    }
    if (rc < 0 && a.value[S_GROUP] != NULL) {
        struct group *gr = getgrnam(a.value[S_GROUP]);
        if (gr == NULL)
            rc = cli_usage_error(cli_serve_usage, "no group '%s'", a.value[S_GROUP]);
        else
            cfg.socket_gid = gr->gr_gid;
    }
    if (rc < 0 && a.value[S_ENGINES] != NULL &&
        (rc = cli_int_arg(&a, "engine count", "1 to 8", a.value[S_ENGINES], 1, SERVER_ENGINES_MAX,
                          &n)) < 0)
        cfg.engines = (int)n;
    if (rc < 0 && a.value[S_CLAIM] != NULL &&
        (rc = cli_int_arg(&a, "seconds", "5 to 86400", a.value[S_CLAIM], 5, 86400, &n)) < 0)
        cfg.claim_ms = n * 1000;
    if (rc < 0 && a.value[S_FIRST] != NULL &&
        (rc = cli_int_arg(&a, "seconds", "1 to 86400", a.value[S_FIRST], 1, 86400, &n)) < 0)
        cfg.first_move_ms = n * 1000;
    if (rc < 0 && a.value[S_GUESTS] != NULL) {
        const char *g = a.value[S_GUESTS];
        struct passwd *pw = getpwnam(g);
        char *end = NULL;
        long uid = strtol(g, &end, 10);
        if (pw != NULL)
            cfg.guest_uid = pw->pw_uid;
        else if (g[0] != '\0' && *end == '\0' && uid >= 0)
            cfg.guest_uid = (uid_t)uid;
        else
            rc = cli_usage_error(cli_serve_usage, "--guests: no user '%s' here", g);
        cfg.guests = rc < 0;
        if (rc < 0 && cfg.guest_uid == geteuid())
            rc = cli_usage_error(cli_serve_usage, "--guests: not the server's own user");
    }
    if (rc < 0 && a.value[S_SYNC] != NULL) {
        if (strcmp(a.value[S_SYNC], "full") == 0)
            cfg.durable = 1;
        else if (strcmp(a.value[S_SYNC], "normal") == 0)
            cfg.durable = 0;
        else
            rc = cli_usage_error(cli_serve_usage, "bad --sync '%s' (full or normal)",
                                 a.value[S_SYNC]);
    }
    if (rc < 0 && a.value[S_CHECK] != NULL) {
        if (strcmp(a.value[S_CHECK], "quick") == 0)
            cfg.check = STORE_CHECK_QUICK;
        else if (strcmp(a.value[S_CHECK], "full") == 0)
            cfg.check = STORE_CHECK_FULL;
        else
            rc = cli_usage_error(cli_serve_usage, "bad --check '%s' (quick or full)",
                                 a.value[S_CHECK]);
    }
    for (int i = 0; rc < 0 && i < a.nvalues[S_LIMIT]; i++) {
        char why[300];
        if (server_limit_parse(&cfg, a.values[S_LIMIT][i], why, sizeof why) != 0)
            rc = cli_usage_error(cli_serve_usage, "--limit %s: %s", a.values[S_LIMIT][i], why);
    }
    if (rc < 0 && cli_socket_path(a.value[S_SOCKET], sock, sizeof sock) != 0)
        rc = CLI_EXIT_INPUT;
    if (rc < 0) {
        CmError err;
        cm_error_init(&err, NULL);
        if (a.value[S_DATA] != NULL) {
            snprintf(dir, sizeof dir, "%s", a.value[S_DATA]);
            /* A directory named that is not there yet is made, for this user alone. */
            if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
                fprintf(stderr, "camelot: cannot make the directory %s: %s\n", dir,
                        strerror(errno));
                rc = CLI_EXIT_INPUT;
            }
        } else if (io_data_dir(dir, sizeof dir, &err) != CM_OK) {
            fprintf(stderr, "camelot: no data directory for the database: %s\n", err.msg);
            rc = CLI_EXIT_INPUT;
        }
        if (rc < 0 && io_join(dir, "server.db", db, sizeof db) != 0) {
            fprintf(stderr, "camelot: the database's path is too long\n");
            rc = CLI_EXIT_INPUT;
        }
    }
    if (rc >= 0) {
        cli_args_free(&a);
        return rc;
    }
    cfg.socket_path = sock;
    cfg.store_path = db;
    cfg.site = "camelot serve";
    cfg.stop = &stop_flag;
    if (a.value[S_QUIET] == NULL)
        cfg.log = log_line;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, NULL);
    /* Past a limit on the size of files, a write fails (EFBIG) and the server refuses what it
     * could not store, as on a full disk, rather than being killed. */
    sigaction(SIGXFSZ, &sa, NULL);
    sa.sa_handler = on_stop;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    raise_fd_limit();
    CmError err;
    cm_error_init(&err, NULL);
    if (server_run(&cfg, &err) != CM_OK) {
        fprintf(stderr, "camelot: serve: %s\n", err.msg);
        rc = CLI_EXIT_INPUT;
    } else {
        rc = CLI_EXIT_OK;
    }
    cli_args_free(&a);
    return rc;
}

/* ---- relay ------------------------------------------------------------------------------- */

enum { R_SOCKET, R_AS, R_COUNT };

static const CliOpt relay_opts[R_COUNT] = {
    [R_SOCKET] = {"--socket", 1, 0},
    [R_AS] = {"--as", 1, 0},
};

/* Writes all of 'len' bytes to 'fd'. Returns 0, or -1 when the other end is gone. */
static int write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Joins standard input and output to the connection 'fd', after the line 'first'; closes it. */
static int relay_fd(int fd, const char *first)
{
    char line[NET_LINE_MAX + 2];
    int n = snprintf(line, sizeof line, "%s\n", first);
    int rc = CLI_EXIT_OK;
    if (n < 0 || (size_t)n >= sizeof line || write_all(fd, line, (size_t)n) != 0)
        rc = CLI_EXIT_INPUT;
    int in_open = 1;
    char buf[16384];
    while (rc == CLI_EXIT_OK) {
        struct pollfd p[2] = {{.fd = fd, .events = POLLIN},
                              {.fd = in_open ? 0 : -1, .events = POLLIN}};
        if (poll(p, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            ssize_t r = read(fd, buf, sizeof buf);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0 || write_all(1, buf, (size_t)r) != 0)
                break;
        }
        if (in_open && (p[1].revents & (POLLIN | POLLHUP | POLLERR))) {
            ssize_t r = read(0, buf, sizeof buf);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0) {
                /* The other end is done: the server hears the end and closes. */
                shutdown(fd, SHUT_WR);
                in_open = 0;
            } else if (write_all(fd, buf, (size_t)r) != 0) {
                break;
            }
        }
    }
    close(fd);
    return rc;
}

int cli_relay_to(const char *sock, const char *first)
{
    int fd = -1;
    CmError err;
    cm_error_init(&err, NULL);
    if (net_connect(sock, &fd, &err) != CM_OK) {
        /* Said on the protocol too, for the client at the other end of ssh. */
        printf("error - no-server %s\n", err.msg);
        fflush(stdout);
        fprintf(stderr, "camelot: relay: %s\n", err.msg);
        return CLI_EXIT_INPUT;
    }
    signal(SIGPIPE, SIG_IGN);
    return relay_fd(fd, first);
}

int cli_relay(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    int rc = cli_args_parse(cli_relay_usage, cli_relay_help, relay_opts, R_COUNT, argc, argv, &a);
    (void)ctx;
    char sock[NET_PATH_MAX];
    if (rc < 0 && a.nargs > 0)
        rc = cli_usage_error(cli_relay_usage, "unexpected argument '%s'", a.args[0]);
    const char *as = a.value[R_AS];
    if (rc < 0 && as != NULL && (!net_name_ok(as) || net_name_reserved(as)))
        rc = cli_usage_error(cli_relay_usage, "bad name (1 to 32 letters, digits, '_', '-' or "
                                              "'.'; not 'open', nor 'uid' and a number)");
    if (rc < 0 && cli_socket_path(a.value[R_SOCKET], sock, sizeof sock) != 0)
        rc = CLI_EXIT_INPUT;
    if (rc >= 0) {
        cli_args_free(&a);
        return rc;
    }
    /* The first line says who this connection speaks for, before anything from the other
     * end: a line of its own that claims a name comes after it and is refused. */
    char first[64];
    snprintf(first, sizeof first, "as%s%s", as ? " " : "", as ? as : "");
    rc = cli_relay_to(sock, first);
    cli_args_free(&a);
    return rc;
}
