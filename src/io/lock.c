/* Lock files: one writer for a file that several processes could write, such as the autosave
 * of two games played at once in one data directory.
 * SPDX-License-Identifier: MIT */
#define _DEFAULT_SOURCE /* flock */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "io.h"
#include "io_int.h"

#define PID_TEXT_MAX 32 /* what a lock file holds: its holder's process id */

/* The process id written in the lock file 'fd', or 0. */
static long holder_of(int fd)
{
    char text[PID_TEXT_MAX];
    ssize_t n = pread(fd, text, sizeof text - 1, 0);
    if (n <= 0)
        return 0;
    text[n] = '\0';
    return strtol(text, NULL, 10);
}

CmStatus io_lock(const char *path, int *fd_out, CmError *err)
{
    char text[PID_TEXT_MAX];
    int fd;

    cm_error_init(err, path);
    *fd_out = -1;
    fd = io_sys_open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot open the lock: %s", strerror(errno));
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        long pid = e == EWOULDBLOCK ? holder_of(fd) : 0;
        close(fd);
        if (e != EWOULDBLOCK)
            return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot lock: %s", strerror(e));
        if (pid > 0)
            return cm_error_set(err, CM_ERR_ARG, 0, 0, "in use by another camelot (process %ld)",
                                pid);
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "in use by another camelot");
    }
    /* Whose lock it is, for the message another process gives. Failing to write it loses
     * nothing but that message. */
    int n = snprintf(text, sizeof text, "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) == 0) {
        ssize_t w = pwrite(fd, text, (size_t)n, 0);
        (void)w;
    }
    *fd_out = fd;
    return CM_OK;
}

/* Milliseconds on the monotonic clock. */
static int64_t mono_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

CmStatus io_lock_wait(const char *path, int wait_ms, int *fd_out, CmError *err)
{
    const struct timespec pause = {0, 10 * 1000 * 1000}; /* 10 ms; a signal may cut it short */
    int64_t end = mono_ms() + wait_ms;
    for (;;) {
        CmStatus st = io_lock(path, fd_out, err);
        if (st != CM_ERR_ARG || mono_ms() >= end)
            return st;
        nanosleep(&pause, NULL);
    }
}

void io_unlock(int fd)
{
    if (fd >= 0)
        close(fd);
}
