/* Helpers for the tests of a client of the server.
 * SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* prctl */

#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "server/server.h"
#include "testutil.h"
#include "tu_server.h"

static volatile sig_atomic_t server_stop;

static void on_term(int sig)
{
    (void)sig;
    server_stop = 1;
}

pid_t tu_server_start(const char *dir, char *sock, size_t size)
{
    char db[200];
    snprintf(sock, size, "%s/server.sock", dir);
    snprintf(db, sizeof db, "%s/server.db", dir);
    signal(SIGPIPE, SIG_IGN);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        /* The server ends with the test, however the test ends. */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_term;
        sigaction(SIGTERM, &sa, NULL);
        ServerConfig cfg;
        server_config_default(&cfg);
        cfg.socket_path = sock;
        cfg.store_path = db;
        cfg.durable = 0;
        cfg.stop = &server_stop;
        CmError err;
        _exit(server_run(&cfg, &err) == CM_OK ? 0 : 1);
    }
    struct stat st;
    for (int i = 0; i < 400 * tu_time_factor() && stat(sock, &st) != 0; i++)
        poll(NULL, 0, 25);
    assert_int_equal(stat(sock, &st), 0);
    return pid;
}

void tu_server_stop(pid_t pid)
{
    int status;
    kill(pid, SIGTERM);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

void tu_raw_send(TuRaw *r, const char *fmt, ...)
{
    char line[4200];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    assert_true(n > 0 && n < (int)sizeof line - 1);
    line[n++] = '\n';
    assert_int_equal(write(r->fd, line, (size_t)n), n);
}

void tu_raw_pump(TuRaw *r)
{
    struct pollfd p = {r->fd, POLLIN, 0};
    while (r->fd >= 0 && poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
        if (r->len + 4096 >= sizeof r->in) {
            /* The first half goes: what is looked for comes after what was asked. */
            memmove(r->in, r->in + sizeof r->in / 2, r->len - sizeof r->in / 2);
            r->len -= sizeof r->in / 2;
        }
        ssize_t got = read(r->fd, r->in + r->len, 4096);
        if (got <= 0)
            return;
        size_t from = r->len > 64 ? r->len - 64 : 0;
        r->len += (size_t)got;
        r->in[r->len] = '\0';
        for (char *ping = strstr(r->in + from, "\nping "); ping != NULL;
             ping = strstr(ping + 1, "\nping ")) {
            char *end = strchr(ping + 1, '\n');
            if (end == NULL)
                break;
            tu_raw_send(r, "pong %.*s", (int)(end - ping - 6), ping + 6);
        }
    }
}

void tu_raw_open(TuRaw *r, const char *sock, const char *name)
{
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    snprintf(a.sun_path, sizeof a.sun_path, "%s", sock);
    r->fd = socket(AF_UNIX, SOCK_STREAM, 0);
    assert_true(r->fd >= 0);
    assert_int_equal(connect(r->fd, (struct sockaddr *)&a, sizeof a), 0);
    r->in[0] = '\n'; /* every line read follows a newline */
    r->in[1] = '\0';
    r->len = 1;
    tu_raw_send(r, "as %s", name);
    tu_raw_send(r, "hello 1");
}

int tu_raw_heard(const TuRaw *r, const char *text)
{
    return strstr(r->in, text) != NULL;
}

void tu_raw_close(TuRaw *r)
{
    if (r->fd >= 0)
        close(r->fd);
    r->fd = -1;
}
