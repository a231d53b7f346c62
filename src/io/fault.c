/* The counted system calls of the files layer, and the fault a test can put in one of them.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "io.h"
#include "io_int.h"

static long fault_nth;   /* the operation that fails, counted from 1; 0: none */
static int fault_kind;   /* an errno value or 'IO_FAULT_*' */
static long fault_count; /* operations since 'io_fault_set' */
static int fault_struck;

void io_fault_set(long nth, int kind)
{
    fault_nth = nth;
    fault_kind = kind;
    fault_count = 0;
    fault_struck = 0;
}

long io_fault_ops(void)
{
    return fault_count;
}

int io_fault_struck(void)
{
    return fault_struck;
}

/* Counts an operation; returns the fault's kind when this one is to fail, else 0. The caller
 * says with 'struck' whether the fault applied to it. */
static int strike(void)
{
    fault_count++;
    return fault_nth != 0 && fault_count == fault_nth ? fault_kind : 0;
}

static int struck(void)
{
    fault_struck = 1;
    return 1;
}

/* An operation of the kinds that fail with an errno value: -1 (errno set) when it strikes. A
 * short write or an allocation fault does not fail these. */
static int fails(void)
{
    int kind = strike();
    if (kind <= 0)
        return 0;
    errno = kind;
    return struck();
}

int io_sys_open(const char *path, int flags, mode_t mode)
{
    return fails() ? -1 : open(path, flags, mode);
}

ssize_t io_sys_read(int fd, void *buf, size_t n)
{
    return fails() ? -1 : read(fd, buf, n);
}

ssize_t io_sys_write(int fd, const void *buf, size_t n)
{
    int kind = strike();
    if (kind > 0) {
        errno = kind;
        struck();
        return -1;
    }
    if (kind == IO_FAULT_SHORT && n > 1) {
        n /= 2;
        struck();
    }
    return write(fd, buf, n);
}

int io_sys_fsync(int fd)
{
    return fails() ? -1 : fsync(fd);
}

int io_sys_close(int fd)
{
    if (fails()) {
        close(fd); /* as the kernel does: the file is closed, the error reported */
        return -1;
    }
    return close(fd);
}

int io_sys_rename(const char *from, const char *to)
{
    return fails() ? -1 : rename(from, to);
}

int io_sys_link(const char *from, const char *to)
{
    return fails() ? -1 : link(from, to);
}

int io_sys_mkstemp(char *tmpl)
{
    return fails() ? -1 : mkstemp(tmpl);
}

int io_sys_mkdir(const char *path, mode_t mode)
{
    return fails() ? -1 : mkdir(path, mode);
}

int io_sys_stat(const char *path, struct stat *sb)
{
    return fails() ? -1 : stat(path, sb);
}

int io_sys_lstat(const char *path, struct stat *sb)
{
    return fails() ? -1 : lstat(path, sb);
}

int io_sys_fstat(int fd, struct stat *sb)
{
    return fails() ? -1 : fstat(fd, sb);
}

DIR *io_sys_opendir(const char *path)
{
    return fails() ? NULL : opendir(path);
}

void *io_sys_malloc(size_t n)
{
    return strike() == IO_FAULT_NOMEM && struck() ? NULL : malloc(n);
}

void *io_sys_realloc(void *p, size_t n)
{
    return strike() == IO_FAULT_NOMEM && struck() ? NULL : realloc(p, n);
}
