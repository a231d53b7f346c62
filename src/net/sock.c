/* The sockets of the network protocol: the server's Unix socket, a client's connection to it,
 * the user at the other end, and a program (ssh) that carries a connection.
 * SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* struct ucred, SO_PEERCRED */
#include "conn.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
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

/* Whether the directory 'dir' and every one above it are safe to hold the socket: each belongs
 * to this user or to root, and none may be written by anyone else unless it has the sticky bit
 * (as /tmp has), so that nobody else can swap the socket's name for a link to another file.
 * The rule is sshd's StrictModes. */
static CmStatus dir_safe(const char *dir, char *real, size_t size, CmError *err)
{
    char path[PATH_MAX];
    if (realpath(dir, path) == NULL)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "the socket's directory %s: %s", dir,
                            strerror(errno));
    if (strlen(path) >= size)
        return cm_error_set(err, CM_ERR_ARG, 0, 0,
                            "the socket's directory %s is %s, too long a path for a socket", dir,
                            path);
    memcpy(real, path, strlen(path) + 1);
    for (;;) {
        struct stat st;
        if (stat(path, &st) != 0)
            return cm_error_set(err, CM_ERR_IO, 0, 0, "the socket's directory %s: %s", path,
                                strerror(errno));
        if (!S_ISDIR(st.st_mode))
            return cm_error_set(err, CM_ERR_ARG, 0, 0, "%s is not a directory", path);
        if (st.st_uid != getuid() && st.st_uid != 0)
            return cm_error_set(err, CM_ERR_ARG, 0, 0,
                                "the socket's directory %s belongs to user %lu, neither this "
                                "user nor root: that user could swap the socket for a link to "
                                "another file; choose a directory of this user's",
                                path, (unsigned long)st.st_uid);
        if ((st.st_mode & 0022) != 0 && (st.st_mode & S_ISVTX) == 0)
            return cm_error_set(err, CM_ERR_ARG, 0, 0,
                                "the socket's directory %s may be written by other users (mode "
                                "%04o, no sticky bit): they could swap the socket for a link to "
                                "another file; make it writable by its owner alone (chmod go-w "
                                "%s) or give it the sticky bit (chmod +t %s)",
                                path, (unsigned)(st.st_mode & 07777), path, path);
        char *slash = strrchr(path, '/');
        if (slash == NULL || (slash == path && path[1] == '\0'))
            return CM_OK;
        if (slash == path)
            slash[1] = '\0';
        else
            *slash = '\0';
    }
}

/* The directory of 'path' into 'buf': "." for a name without one. */
static void dir_of(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        snprintf(buf, size, ".");
    else if (slash == path)
        snprintf(buf, size, "/");
    else
        snprintf(buf, size, "%.*s", (int)(slash - path), path);
}

CmStatus net_listen(const char *path, unsigned mode, gid_t gid, int *fd_out, NetSockFile *file_out,
                    CmError *err)
{
    struct sockaddr_un sa;
    CmStatus st = unix_addr(path, &sa, err);
    if (st != CM_OK)
        return st;
    /* Everything is done in the directory as it resolves, every part of which was found
     * safe: a link on the way that someone re-points meanwhile changes nothing. */
    char dir[NET_PATH_MAX], real[NET_PATH_MAX], final[2 * NET_PATH_MAX];
    char tmp[NET_PATH_MAX], made[NET_PATH_MAX + 4];
    dir_of(path, dir, sizeof dir);
    st = dir_safe(dir, real, sizeof real, err);
    if (st != CM_OK)
        return st;
    const char *base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    if (base[0] == '\0')
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "%s names a directory, not a socket", path);
    snprintf(final, sizeof final, "%s%s%s", real, strcmp(real, "/") == 0 ? "" : "/", base);
    struct stat stt;
    if (lstat(final, &stt) == 0) {
        if (!S_ISSOCK(stt.st_mode))
            return cm_error_set(err, CM_ERR_ARG, 0, 0,
                                "%s exists and is not a socket: not replaced", path);
        int probe;
        if (net_connect(path, &probe, NULL) == CM_OK) {
            close(probe);
            return cm_error_set(err, CM_ERR_ARG, 0, 0, "a server already listens on %s", path);
        }
    }
    /* The socket is made in a directory of its own that only this user may enter, with its
     * mode given at birth by the umask and its group set there; then it is renamed into place.
     * Nothing is ever changed by the socket's final name, which someone else might have made a
     * link to another file meanwhile. */
    int n = snprintf(tmp, sizeof tmp, "%s/.cXXXXXX", strcmp(real, "/") == 0 ? "" : real);
    if (n < 0 || (size_t)n >= sizeof tmp || (size_t)n + 3 > sizeof sa.sun_path)
        return cm_error_set(err, CM_ERR_ARG, 0, 0,
                            "the socket's directory %s is too long a path for a socket", real);
    if (mkdtemp(tmp) == NULL)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot make a directory in %s: %s", dir,
                            strerror(errno));
    snprintf(made, sizeof made, "%s/s", tmp);
    struct sockaddr_un ta;
    unix_addr(made, &ta, NULL);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        int e = errno;
        rmdir(tmp);
        return cm_error_set(err, CM_ERR_IO, 0, 0, "socket: %s", strerror(e));
    }
    mode_t old = umask((mode_t)(~mode & 0777));
    int rc = bind(fd, (struct sockaddr *)&ta, sizeof ta);
    int e = errno;
    umask(old);
    const char *what = "bind";
    struct stat mine;
    if (rc == 0) {
        /* What was made must be a socket of this user's, before and after its group is set
         * (lchown never follows a link). */
        if (lstat(made, &mine) != 0 || !S_ISSOCK(mine.st_mode) || mine.st_uid != getuid())
            rc = -1, e = EEXIST, what = "the new socket was replaced";
        else if (gid != (gid_t)-1 && lchown(made, (uid_t)-1, gid) != 0)
            rc = -1, e = errno, what = "its group";
        else if (lstat(made, &stt) != 0 || stt.st_ino != mine.st_ino || stt.st_dev != mine.st_dev)
            rc = -1, e = EEXIST, what = "the new socket was replaced";
        else if (rename(made, final) != 0)
            rc = -1, e = errno, what = "rename";
        else if (listen(fd, 512) != 0)
            rc = -1, e = errno, what = "listen";
    }
    if (rc != 0) {
        close(fd);
        unlink(made);
        rmdir(tmp);
        if (strcmp(what, "listen") == 0)
            net_unlisten(final, &(NetSockFile){mine.st_dev, mine.st_ino});
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot listen on %s: %s: %s", path, what,
                            strerror(e));
    }
    rmdir(tmp);
    int fl = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, fl | O_NONBLOCK);
    *fd_out = fd;
    if (file_out != NULL) {
        file_out->dev = mine.st_dev;
        file_out->ino = mine.st_ino;
    }
    return CM_OK;
}

void net_unlisten(const char *path, const NetSockFile *file)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISSOCK(st.st_mode) && st.st_dev == file->dev &&
        st.st_ino == file->ino)
        unlink(path);
}

/* Connects the non-blocking socket 'fd' to 'sa', trying again while the server's queue of
 * connections is full, for at most 'ms'. Returns 0, or the errno of the failure (ETIMEDOUT
 * when the time ran out). */
static int connect_within(int fd, const struct sockaddr_un *sa, int ms)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        if (connect(fd, (const struct sockaddr *)sa, sizeof *sa) == 0)
            return 0;
        int e = errno;
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        long spent = (long)(t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000;
        if (e == EINTR)
            continue;
        if (e == EINPROGRESS) {
            struct pollfd p = {.fd = fd, .events = POLLOUT};
            int left = ms - (int)spent;
            if (left <= 0 || poll(&p, 1, left) <= 0)
                return ETIMEDOUT;
            int soerr = 0;
            socklen_t len = sizeof soerr;
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &len);
            return soerr;
        }
        if (e != EAGAIN)
            return e;
        if (spent >= ms)
            return ETIMEDOUT;
        poll(NULL, 0, 20);
    }
}

CmStatus net_connect(const char *path, int *fd_out, CmError *err)
{
    struct sockaddr_un sa;
    CmStatus st = unix_addr(path, &sa, err);
    if (st != CM_OK)
        return st;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "socket: %s", strerror(errno));
    int e = connect_within(fd, &sa, NET_CONNECT_MS);
    if (e != 0) {
        close(fd);
        if (e == ENOENT || e == ECONNREFUSED)
            return cm_error_set(err, CM_ERR_IO, 0, 0, "no server listens on %s", path);
        if (e == ETIMEDOUT)
            return cm_error_set(err, CM_ERR_IO, 0, 0,
                                "the server on %s takes no connection (it is too busy, or "
                                "stuck); gave up after %d s",
                                path, NET_CONNECT_MS / 1000);
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot connect to %s: %s", path, strerror(e));
    }
    int fl = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
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
