/* The 'admin' command: the host's tools, run on the server's machine as the server's own user
 * (docs/hosting.md). Most speak to the running server on a connection that says 'admin' first
 * (which the server believes from its own user only); the backup is SQLite's, taken while the
 * server runs, and the restore puts one back while no server runs.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "io/io.h"
#include "net/conn.h"
#include "server/store.h"

const char cli_admin_usage[] = "admin [--socket PATH] players|limits\n"
                               "       camelot admin [--socket PATH] ban|unban NAME|FINGERPRINT\n"
                               "       camelot admin [--socket PATH] mute|unmute NAME\n"
                               "       camelot admin [--socket PATH] end GAME\n"
                               "       camelot admin [--socket PATH] reset NAME VARIANT\n"
                               "       camelot admin [--socket PATH] rename NAME NEW\n"
                               "       camelot admin [--socket PATH] notice TEXT...\n"
                               "       camelot admin [--data DIR] backup|restore FILE";
const char cli_admin_help[] =
    "The host's tools, run as the server's own user (docs/hosting.md).\n\n"
    "  players        every player: keys, games, when last here, banned or muted\n"
    "  limits         the limits the server keeps (camelot serve --limit)\n"
    "  ban WHO        a player (by name) or a key (SHA256:...) may no longer play\n"
    "                 here; their connections are dropped at once. unban lets them\n"
    "                 back. A name never seen is kept, so that nobody takes it\n"
    "  mute NAME      the player's chat is refused; unmute lets it through again\n"
    "  end GAME       ends a game, aborted, for nobody\n"
    "  rename NAME NEW\n"
    "                 a player with no game going on takes another name (their\n"
    "                 keys, ratings and games follow; old records keep the old one)\n"
    "  reset NAME VARIANT\n"
    "                 forgets a player's rating: the next rated game starts anew\n"
    "  notice TEXT    tells every connected player, now ('the server restarts in\n"
    "                 5 minutes')\n"
    "  backup FILE    copies the database whole while the server runs\n"
    "  restore FILE   puts a backup in place of the database; the server must be\n"
    "                 stopped\n\n"
    "  --socket PATH  the server's socket (default: the one 'camelot serve' makes)\n"
    "  --data DIR     the server's data directory (default: $XDG_DATA_HOME/camelot)\n";

enum { A_SOCKET, A_DATA, A_COUNT };

static const CliOpt admin_opts[A_COUNT] = {
    [A_SOCKET] = {"--socket", 1, 0},
    [A_DATA] = {"--data", 1, 0},
};

/* The host's requests: each verb with the words it takes (-1: any, at least one). */
static const struct {
    const char *verb;
    int words;
} requests[] = {
    {"players", 0}, {"limits", 0}, {"ban", 1},   {"unban", 1},  {"mute", 1},
    {"unmute", 1},  {"end", 1},    {"reset", 2}, {"rename", 2}, {"notice", -1},
};

/* What the answers' lines print: the players as a table, the limits as they are. */
typedef struct Printed {
    int rows;
    char last[64]; /* the last player's name, for the next page */
} Printed;

/* When a player was last here, in the host's time ('now' while connected). */
static void seen_text(long long utc, int connected, char *buf, size_t size)
{
    struct tm tm;
    time_t t = (time_t)utc;
    if (connected)
        snprintf(buf, size, "now");
    else if (utc <= 0 || localtime_r(&t, &tm) == NULL)
        snprintf(buf, size, "never");
    else
        strftime(buf, size, "%Y-%m-%d %H:%M", &tm);
}

static void print_line(void *ud, const char *line)
{
    Printed *p = ud;
    char name[64], flags[64], seen[32];
    int keys, games;
    long long utc;
    if (sscanf(line, "player %63s %d %d %63s %lld", name, &keys, &games, flags, &utc) == 5) {
        if (p->rows++ == 0)
            printf("%-24s %4s %6s  %-16s  %s\n", "player", "keys", "games", "last seen",
                   "standing");
        int banned = strncmp(flags, "banned", 6) == 0, muted = strstr(flags, ",muted") != NULL;
        seen_text(utc, strstr(flags, ",connected") != NULL, seen, sizeof seen);
        char standing[32];
        snprintf(standing, sizeof standing, "%s%s%s", banned ? "banned" : "",
                 banned && muted ? ", " : "", muted ? "muted" : "");
        if (standing[0] != '\0')
            printf("%-24s %4d %6d  %-16s  %s\n", name, keys, games, seen, standing);
        else
            printf("%-24s %4d %6d  %s\n", name, keys, games, seen);
        snprintf(p->last, sizeof p->last, "%s", name);
    } else if (strncmp(line, "limit ", 6) == 0) {
        printf("%s\n", line + 6);
    }
}

/* The database's path in the data directory 'opt' (or the default). Returns 0, or -1. */
static int db_path(const char *opt, char *buf, size_t size)
{
    char dir[4096];
    CmError err;
    cm_error_init(&err, NULL);
    if (opt != NULL)
        snprintf(dir, sizeof dir, "%s", opt);
    else if (io_data_dir(dir, sizeof dir, &err) != CM_OK) {
        fprintf(stderr, "camelot: no data directory: %s\n", err.msg);
        return -1;
    }
    if (io_join(dir, "server.db", buf, size) != 0) {
        fprintf(stderr, "camelot: the database's path is too long\n");
        return -1;
    }
    return 0;
}

static int backup(const char *db, const char *file)
{
    if (access(db, R_OK) != 0) {
        fprintf(stderr, "camelot: admin backup: no database %s: %s\n", db, strerror(errno));
        return CLI_EXIT_INPUT;
    }
    CmError err;
    cm_error_init(&err, NULL);
    if (strcmp(db, file) == 0 || store_backup(db, file, &err) != CM_OK) {
        fprintf(stderr, "camelot: admin backup: %s\n",
                strcmp(db, file) == 0 ? "the backup would be the database itself" : err.msg);
        return CLI_EXIT_INPUT;
    }
    printf("%s copied into %s.\n", db, file);
    return CLI_EXIT_OK;
}

/* Removes 'path' and its SQLite files beside it (-wal, -shm); a missing one is no error. */
static int remove_db(const char *path)
{
    static const char *const ends[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        char p[4400];
        snprintf(p, sizeof p, "%.4300s%s", path, ends[i]);
        if (unlink(p) != 0 && errno != ENOENT) {
            fprintf(stderr, "camelot: admin restore: cannot remove %s: %s\n", p, strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* The backup is copied beside the database and opened there as the server would open it
 * (a camelot database, whole, brought to this program's schema) before it takes the
 * database's place; meanwhile the server's lock is held, so that none starts. */
static int restore(const char *db, const char *file)
{
    char lock[4300], tmp[4300];
    snprintf(lock, sizeof lock, "%.4200s.lock", db);
    snprintf(tmp, sizeof tmp, "%.4200s.restore", db);
    CmError err;
    cm_error_init(&err, NULL);
    int fd = -1;
    if (io_lock(lock, &fd, &err) != CM_OK) {
        fprintf(stderr, "camelot: admin restore: a server uses %s (%s): stop it first\n", db,
                err.msg);
        return CLI_EXIT_INPUT;
    }
    int rc = CLI_EXIT_INPUT;
    Store *st = NULL;
    if (remove_db(tmp) == 0 && store_backup(file, tmp, &err) == CM_OK &&
        store_open(tmp, 1, STORE_CHECK_QUICK, &st, &err) == CM_OK) {
        store_close(st);
        if (remove_db(db) == 0 && rename(tmp, db) == 0)
            rc = CLI_EXIT_OK;
        else
            fprintf(stderr, "camelot: admin restore: cannot put %s in place: %s\n", tmp,
                    strerror(errno));
    } else if (err.msg[0] != '\0') {
        fprintf(stderr, "camelot: admin restore: %s\n", err.msg);
    }
    if (rc != CLI_EXIT_OK)
        remove_db(tmp);
    io_unlock(fd);
    if (rc == CLI_EXIT_OK)
        printf("%s restored from %s.\n", db, file);
    return rc;
}

int cli_admin(CliCtx *ctx, int argc, char **argv)
{
    (void)ctx;
    CliArgs a;
    int rc = cli_args_parse(cli_admin_usage, cli_admin_help, admin_opts, A_COUNT, argc, argv, &a);
    if (rc >= 0) {
        cli_args_free(&a);
        return rc;
    }
    const char *verb = a.nargs > 0 ? a.args[0] : "";
    if (strcmp(verb, "backup") == 0 || strcmp(verb, "restore") == 0) {
        char db[4200];
        if (a.nargs != 2)
            rc = cli_usage_error(cli_admin_usage, "%s takes a FILE", verb);
        else if (db_path(a.value[A_DATA], db, sizeof db) != 0)
            rc = CLI_EXIT_INPUT;
        else
            rc = verb[0] == 'b' ? backup(db, a.args[1]) : restore(db, a.args[1]);
        cli_args_free(&a);
        return rc;
    }
    int known = -1;
    for (size_t i = 0; i < sizeof requests / sizeof *requests; i++)
        if (strcmp(verb, requests[i].verb) == 0)
            known = (int)i;
    char sock[NET_PATH_MAX];
    if (known < 0)
        rc = cli_usage_error(cli_admin_usage,
                             verb[0] ? "no such part of admin: '%s'" : "admin needs what to do%s",
                             verb);
    else if (requests[known].words >= 0 ? a.nargs - 1 != requests[known].words : a.nargs < 2)
        rc = cli_usage_error(cli_admin_usage, "%s takes %s", verb,
                             requests[known].words == 0   ? "nothing more"
                             : requests[known].words == 1 ? "one word"
                             : requests[known].words == 2 ? "two words"
                                                          : "a text");
    else if (cli_socket_path(a.value[A_SOCKET], sock, sizeof sock) != 0)
        rc = CLI_EXIT_INPUT;
    if (rc >= 0) {
        cli_args_free(&a);
        return rc;
    }
    char req[NET_LINE_MAX];
    size_t len = (size_t)snprintf(req, sizeof req, "%s", verb);
    for (int i = 1; i < a.nargs && len < sizeof req; i++)
        len += (size_t)snprintf(req + len, sizeof req - len, " %s", a.args[i]);
    if (len >= sizeof req) {
        cli_args_free(&a);
        return cli_usage_error(cli_admin_usage, "the request is over %d bytes", NET_LINE_MAX);
    }
    const char *lines[3] = {"admin", "hello 1", req};
    char ans[NET_LINE_MAX];
    Printed p = {0, ""};
    /* The players come a page at a time, each page on a connection of its own. */
    for (;;) {
        rc = CLI_EXIT_INPUT;
        if (cli_server_ask(sock, lines, 3, print_line, &p, ans, sizeof ans) != 0)
            break;
        if (strncmp(ans, "ok ", 3) != 0) {
            fprintf(stderr, "camelot: admin: the server says: %s\n", ans);
            break;
        }
        rc = CLI_EXIT_OK;
        if (strcmp(verb, "players") != 0) {
            if (strcmp(verb, "limits") != 0)
                printf("done: %s\n", ans + 3);
            break;
        }
        char next[NET_LINE_MAX];
        snprintf(next, sizeof next, "players %s", p.last);
        const char *more = strrchr(ans, ' ');
        if (more == NULL || strcmp(more, " more") != 0 || p.last[0] == '\0' ||
            strcmp(next, req) == 0)
            break;
        snprintf(req, sizeof req, "%s", next);
    }
    if (rc == CLI_EXIT_OK && strcmp(verb, "players") == 0 && p.rows == 0)
        printf("No player has played here yet.\n");
    cli_args_free(&a);
    return rc;
}
