/* Engines in other programs: a child process per engine, spoken to through pipes in the
 * engine protocol of docs/protocol.md. The app layer may use POSIX directly; the io layer is
 * for files only.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include "extengine.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "session/clock.h"

#define EXT_LINE_MAX (1 << 20) /* a longer line is garbage */
#define EXT_QUIT_MS 300        /* how long an engine may take to end after 'quit' */
#define EXT_SLOTS 256          /* engines running at once, for the signal handler */

/* The process groups of the running engines, for the signal handler; 0 is a free slot. */
static volatile sig_atomic_t ext_groups[EXT_SLOTS];

/* Pipes are made and the child forked under this lock, so that no other thread's child
 * inherits a pipe before it is marked close-on-exec. */
static pthread_mutex_t ext_fork_lock = PTHREAD_MUTEX_INITIALIZER;

static void ext_on_signal(int sig)
{
    for (int i = 0; i < EXT_SLOTS; i++)
        if (ext_groups[i] > 0)
            kill(-(pid_t)ext_groups[i], SIGKILL);
    signal(sig, SIG_DFL);
    raise(sig);
}

void ext_install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, NULL);
    sa.sa_handler = ext_on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static void ext_register(pid_t pid, int on)
{
    pthread_mutex_lock(&ext_fork_lock);
    for (int i = 0; i < EXT_SLOTS; i++) {
        if (on && ext_groups[i] == 0) {
            ext_groups[i] = pid;
            break;
        }
        if (!on && ext_groups[i] == pid) {
            ext_groups[i] = 0;
            break;
        }
    }
    pthread_mutex_unlock(&ext_fork_lock);
}

static int cloexec_pipe(int fd[2])
{
    if (pipe(fd) != 0)
        return -1;
    fcntl(fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(fd[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

/* Forks the child with its standard input and output on new pipes. Returns 0, or -1. */
static int ext_spawn(ExtEngine *e, char *why, size_t size)
{
    int in[2] = {-1, -1}, out[2] = {-1, -1};
    pthread_mutex_lock(&ext_fork_lock);
    if (cloexec_pipe(in) != 0 || cloexec_pipe(out) != 0) {
        snprintf(why, size, "cannot make a pipe: %s", strerror(errno));
        goto fail;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, size, "cannot start a process: %s", strerror(errno));
        goto fail;
    }
    if (pid == 0) {
        /* The child: only calls that are safe after a fork, then the shell. */
        setpgid(0, 0);
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0)
            _exit(127);
        signal(SIGPIPE, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        execl("/bin/sh", "sh", "-c", e->cmd, (char *)NULL);
        _exit(127);
    }
    /* Also here, so that the group exists before anyone kills it. */
    setpgid(pid, pid);
    close(in[0]);
    close(out[1]);
    e->pid = pid;
    e->to = in[1];
    e->from = out[0];
    e->len = 0;
    pthread_mutex_unlock(&ext_fork_lock);
    ext_register(pid, 1);
    return 0;
fail:
    for (int k = 0; k < 2; k++) {
        if (in[k] >= 0)
            close(in[k]);
        if (out[k] >= 0)
            close(out[k]);
    }
    pthread_mutex_unlock(&ext_fork_lock);
    return -1;
}

int ext_send(ExtEngine *e, const char *text, char *why, size_t size)
{
    size_t n = strlen(text);
    char *line = malloc(n + 1);
    if (line == NULL) {
        snprintf(why, size, "out of memory");
        return -1;
    }
    memcpy(line, text, n);
    line[n++] = '\n';
    size_t done = 0;
    while (done < n) {
        ssize_t k = write(e->to, line + done, n - done);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            snprintf(why, size, "its input closed (it died or quit)");
            free(line);
            return -1;
        }
        done += (size_t)k;
    }
    free(line);
    return 0;
}

int ext_read_line(ExtEngine *e, uint64_t deadline_ms, char **line, char *why, size_t size)
{
    /* The line handed out last time leaves the buffer now. */
    if (e->skip > 0) {
        memmove(e->buf, e->buf + e->skip, e->len - e->skip);
        e->len -= e->skip;
        e->skip = 0;
    }
    size_t scanned = 0;
    for (;;) {
        char *nl = e->len > scanned ? memchr(e->buf + scanned, '\n', e->len - scanned) : NULL;
        if (nl != NULL) {
            size_t n = (size_t)(nl - e->buf);
            *nl = '\0';
            if (n > 0 && e->buf[n - 1] == '\r')
                e->buf[n - 1] = '\0';
            *line = e->buf;
            e->skip = n + 1;
            return 0;
        }
        scanned = e->len;
        if (e->len >= EXT_LINE_MAX) {
            snprintf(why, size, "a line of more than %d bytes", EXT_LINE_MAX);
            return -1;
        }
        uint64_t now = clock_ms();
        if (now >= deadline_ms) {
            snprintf(why, size, "no answer in time");
            return -1;
        }
        struct pollfd pfd = {e->from, POLLIN, 0};
        uint64_t wait = deadline_ms - now;
        int r = poll(&pfd, 1, wait > 1000000 ? 1000000 : (int)wait);
        if (r <= 0)
            continue; /* the time is looked at again, and EINTR waits again */
        if (e->cap - e->len < 4096) {
            size_t cap = e->cap ? e->cap * 2 : 8192;
            char *nb = realloc(e->buf, cap);
            if (nb == NULL) {
                snprintf(why, size, "out of memory");
                return -1;
            }
            e->buf = nb;
            e->cap = cap;
        }
        ssize_t k = read(e->from, e->buf + e->len, e->cap - e->len);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            snprintf(why, size, "its output ended (it died or quit)");
            return -1;
        }
        if (memchr(e->buf + e->len, '\0', (size_t)k) != NULL) {
            snprintf(why, size, "a NUL byte in its output");
            return -1;
        }
        e->len += (size_t)k;
    }
}

/* Reads lines until one is 'want', allowing before it only lines that begin with one of the
 * words of 'allowed' (separated by spaces). Returns 0, or -1 with the reason. */
static int ext_expect(ExtEngine *e, const char *want, const char *allowed, uint64_t deadline,
                      char *why, size_t size)
{
    char *line;
    for (;;) {
        char r[EXT_WHY_MAX];
        if (ext_read_line(e, deadline, &line, r, sizeof r) != 0) {
            snprintf(why, size, "no '%s': %s", want, r);
            return -1;
        }
        if (strcmp(line, want) == 0)
            return 0;
        size_t w = strcspn(line, " ");
        const char *a = allowed;
        int ok = 0;
        while (*a && !ok) {
            size_t aw = strcspn(a, " ");
            ok = aw == w && strncmp(a, line, w) == 0;
            a += aw + (a[aw] == ' ');
        }
        if (!ok) {
            snprintf(why, size, "said '%.60s' before '%s'", line, want);
            return -1;
        }
    }
}

int ext_start(ExtEngine *e, const char *variant_ref, int64_t timeout_ms, char *why, size_t size)
{
    char cmd[600];
    if (ext_spawn(e, why, size) != 0)
        return -1;
    uint64_t deadline = clock_ms() + (uint64_t)timeout_ms;
    /* 'setoption name Variant' rather than 'variant': every version of the protocol has it. */
    snprintf(cmd, sizeof cmd, "setoption name Variant value %s", variant_ref);
    if (ext_send(e, "cep", why, size) != 0 ||
        ext_expect(e, "cepok", "id option info", deadline, why, size) != 0 ||
        ext_send(e, cmd, why, size) != 0 || ext_send(e, "isready", why, size) != 0 ||
        ext_expect(e, "readyok", "info", deadline, why, size) != 0) {
        ext_stop(e);
        return -1;
    }
    return 0;
}

void ext_stop(ExtEngine *e)
{
    if (e->pid <= 0)
        return;
    char why[EXT_WHY_MAX];
    int status;
    ext_send(e, "quit", why, sizeof why);
    close(e->to);
    close(e->from);
    uint64_t deadline = clock_ms() + EXT_QUIT_MS;
    while (waitpid(e->pid, &status, WNOHANG) == 0) {
        if (clock_ms() >= deadline) {
            kill(-e->pid, SIGKILL);
            waitpid(e->pid, &status, 0);
            break;
        }
        struct timespec ts = {0, 5 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    /* Whatever the shell left behind in the group goes too. */
    kill(-e->pid, SIGKILL);
    ext_register(e->pid, 0);
    e->pid = 0;
    e->to = e->from = -1;
    e->len = e->skip = e->cap = 0;
    free(e->buf);
    e->buf = NULL;
}
