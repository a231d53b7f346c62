/* The sockets of the network protocol: the server's Unix socket, a client's connection to it,
 * the user at the other end, and a program (ssh) that carries a connection.
 * SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* struct ucred, SO_PEERCRED */
#include "conn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

/* Fills a Unix socket address for 'path'; CM_ERR_ARG when it does not fit. */
static CmStatus unix_addr(const char *path, struct sockaddr_un *sa, CmError *err)
{
    memset(sa, 0, sizeof *sa);
    sa->sun_family = AF_UNIX;
    if (path[0] == '\0' || strlen(path) >= sizeof sa->sun_path)
        return cm_error_set(err, CM_ERR_ARG, 0, 0,
                            "a socket's path must have 1 to %zu bytes (this one has %zu)",
                            sizeof sa->sun_path - 1, strlen(path));
    memcpy(sa->sun_path, path, strlen(path) + 1);
    return CM_OK;
}

/* A directory of this user's that no one else may enter, created when missing. */
static CmStatus private_dir(const char *dir, CmError *err)
{
    if (mkdir(dir, 0700) != 0 && errno != EEXIST)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot create %s: %s", dir, strerror(errno));
    struct stat st;
    if (lstat(dir, &st) != 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "%s: %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode) || st.st_uid != getuid())
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "%s is not a directory of this user's", dir);
    if ((st.st_mode & 0077) != 0)
        return cm_error_set(err, CM_ERR_ARG, 0, 0,
                            "%s is open to other users (mode %03o); it must be 0700", dir,
                            (unsigned)(st.st_mode & 0777));
    return CM_OK;
}

CmStatus net_default_socket(char *buf, size_t size, CmError *err)
{
    char dir[NET_PATH_MAX];
    const char *run = getenv("XDG_RUNTIME_DIR");
    int n;
    if (run != NULL && run[0] == '/')
        n = snprintf(dir, sizeof dir, "%s/camelot", run);
    else
        n = snprintf(dir, sizeof dir, "/tmp/camelot-%lu", (unsigned long)getuid());
    if (n < 0 || (size_t)n >= sizeof dir - sizeof "/server.sock")
        return cm_error_set(err, CM_ERR_ARG, 0, 0,
                            "$XDG_RUNTIME_DIR is too long for a socket's path; name one with "
                            "--socket");
    CmStatus st = private_dir(dir, err);
    if (st != CM_OK)
        return st;
    n = snprintf(buf, size, "%s/server.sock", dir);
    if (n < 0 || (size_t)n >= size)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "the socket's path does not fit");
    return CM_OK;
}

CmStatus net_listen(const char *path, unsigned mode, gid_t gid, int *fd_out, CmError *err)
{
    struct sockaddr_un sa;
    CmStatus st = unix_addr(path, &sa, err);
    if (st != CM_OK)
        return st;
    struct stat stt;
    if (lstat(path, &stt) == 0) {
        if (!S_ISSOCK(stt.st_mode))
            return cm_error_set(err, CM_ERR_ARG, 0, 0,
                                "%s exists and is not a socket: not replaced", path);
        int probe;
        if (net_connect(path, &probe, NULL) == CM_OK) {
            close(probe);
            return cm_error_set(err, CM_ERR_ARG, 0, 0, "a server already listens on %s", path);
        }
        if (unlink(path) != 0)
            return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot remove the old socket %s: %s", path,
                                strerror(errno));
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "socket: %s", strerror(errno));
    /* The socket is made closed to everyone, then opened to whom 'mode' says once it has its
     * group: no moment when others could connect. */
    mode_t old = umask(0777);
    int rc = bind(fd, (struct sockaddr *)&sa, sizeof sa);
    int e = errno;
    umask(old);
    if (rc != 0) {
        close(fd);
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot listen on %s: %s", path, strerror(e));
    }
    if ((gid != (gid_t)-1 && chown(path, (uid_t)-1, gid) != 0) ||
        chmod(path, (mode_t)(mode & 0777)) != 0 || listen(fd, 512) != 0) {
        e = errno;
        close(fd);
        unlink(path);
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot set up %s: %s", path, strerror(e));
    }
    int fl = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, fl | O_NONBLOCK);
    *fd_out = fd;
    return CM_OK;
}

CmStatus net_connect(const char *path, int *fd_out, CmError *err)
{
    struct sockaddr_un sa;
    CmStatus st = unix_addr(path, &sa, err);
    if (st != CM_OK)
        return st;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "socket: %s", strerror(errno));
    int rc;
    do
        rc = connect(fd, (struct sockaddr *)&sa, sizeof sa);
    while (rc != 0 && errno == EINTR);
    if (rc != 0) {
        int e = errno;
        close(fd);
        if (e == ENOENT || e == ECONNREFUSED)
            return cm_error_set(err, CM_ERR_IO, 0, 0, "no server listens on %s", path);
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot connect to %s: %s", path, strerror(e));
    }
    *fd_out = fd;
    return CM_OK;
}

CmStatus net_peer(int fd, uid_t *uid_out, pid_t *pid_out, CmError *err)
{
    struct ucred cr;
    socklen_t len = sizeof cr;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) != 0 || len != sizeof cr)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "the peer's user is not known: %s",
                            strerror(errno));
    *uid_out = cr.uid;
    if (pid_out != NULL)
        *pid_out = cr.pid;
    return CM_OK;
}

CmStatus net_spawn(char *const argv[], int *fd_out, pid_t *pid_out, CmError *err)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "socketpair: %s", strerror(errno));
    /* The child reports a failed exec through this pipe, closed on a good one. */
    int ep[2];
    if (pipe2(ep, O_CLOEXEC) != 0) {
        close(sv[0]);
        close(sv[1]);
        return cm_error_set(err, CM_ERR_IO, 0, 0, "pipe: %s", strerror(errno));
    }
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(sv[0]), close(sv[1]), close(ep[0]), close(ep[1]);
        return cm_error_set(err, CM_ERR_IO, 0, 0, "fork: %s", strerror(e));
    }
    if (pid == 0) {
        signal(SIGPIPE, SIG_DFL);
        if (dup2(sv[1], 0) < 0 || dup2(sv[1], 1) < 0)
            _exit(127);
        execvp(argv[0], argv);
        int e = errno;
        ssize_t w = write(ep[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    close(sv[1]);
    close(ep[1]);
    int e = 0;
    ssize_t n;
    do
        n = read(ep[0], &e, sizeof e);
    while (n < 0 && errno == EINTR);
    close(ep[0]);
    if (n == (ssize_t)sizeof e) {
        close(sv[0]);
        waitpid(pid, NULL, 0);
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot run %s: %s", argv[0], strerror(e));
    }
    *fd_out = sv[0];
    *pid_out = pid;
    return CM_OK;
}

CmStatus net_addr_parse(const char *text, NetAddr *out, CmError *err)
{
    memset(out, 0, sizeof *out);
    if (strncmp(text, "ssh://", 6) != 0) {
        if (strstr(text, "://") != NULL)
            return cm_error_set(err, CM_ERR_ARG, 0, 0,
                                "'%.40s' is neither a socket's path nor ssh://[USER@]HOST[:PORT]",
                                text);
        if (text[0] == '\0' || strlen(text) >= sizeof out->path)
            return cm_error_set(err, CM_ERR_ARG, 0, 0, "a socket's path has 1 to %zu bytes",
                                sizeof out->path - 1);
        memcpy(out->path, text, strlen(text) + 1);
        return CM_OK;
    }
    const char *h = text + 6;
    size_t n = strcspn(h, ":/");
    if (n == 0 || n >= sizeof out->dest)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "ssh://[USER@]HOST[:PORT] needs a host");
    for (size_t i = 0; i < n; i++) {
        char c = h[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '.' || c == '-' || c == '_' || c == '@';
        /* No option can be smuggled to ssh: the destination never begins with '-'. */
        if (!ok || (i == 0 && c == '-'))
            return cm_error_set(err, CM_ERR_ARG, 0, 0,
                                "the host of '%.60s' may hold only letters, digits, '.', '-', "
                                "'_' and one '@'",
                                text);
    }
    memcpy(out->dest, h, n);
    out->dest[n] = '\0';
    const char *at = strchr(out->dest, '@');
    if (at != NULL &&
        (at == out->dest || at[1] == '\0' || at[1] == '-' || strchr(at + 1, '@') != NULL))
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "ssh://USER@HOST needs both parts");
    const char *p = h + n;
    if (*p == ':') {
        char *end;
        long port = strtol(p + 1, &end, 10);
        if (end == p + 1 || port < 1 || port > 65535 || (*end != '\0' && *end != '/'))
            return cm_error_set(err, CM_ERR_ARG, 0, 0, "the port of '%.60s' is not 1 to 65535",
                                text);
        out->port = (int)port;
        p = end;
    }
    if (*p != '\0' && strcmp(p, "/") != 0)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "ssh://[USER@]HOST[:PORT] takes no path");
    out->ssh = 1;
    return CM_OK;
}

CmStatus net_dial(const NetAddr *a, int *fd_out, pid_t *pid_out, CmError *err)
{
    *pid_out = -1;
    if (!a->ssh)
        return net_connect(a->path, fd_out, err);
    /* The command: $CAMELOT_SSH split at spaces (as git's GIT_SSH_COMMAND, without quoting),
     * or ssh; then -T, the port, the destination and the remote command. */
    char cmd[1024];
    const char *env = getenv("CAMELOT_SSH");
    snprintf(cmd, sizeof cmd, "%s", env != NULL && env[0] != '\0' ? env : "ssh");
    char *argv[40];
    int argc = 0;
    for (char *tok = strtok(cmd, " "); tok != NULL && argc < 30; tok = strtok(NULL, " "))
        argv[argc++] = tok;
    if (argc == 0)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "$CAMELOT_SSH names no command");
    char port[16];
    argv[argc++] = "-T";
    if (a->port > 0) {
        snprintf(port, sizeof port, "%d", a->port);
        argv[argc++] = "-p";
        argv[argc++] = port;
    }
    argv[argc++] = "--";
    argv[argc++] = (char *)a->dest;
    argv[argc++] = "camelot";
    argv[argc++] = "relay";
    argv[argc] = NULL;
    return net_spawn(argv, fd_out, pid_out, err);
}
