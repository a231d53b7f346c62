/* Files: reading with a size limit, atomic writes, appends, renames.
 * SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700 /* realpath */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io.h"
#include "io_int.h"

#define READ_CHUNK 16384 /* first buffer for a file of unknown size */

/* Reads all of 'fd' into a new buffer of at most 'max' bytes. */
static CmStatus read_fd(int fd, size_t max, size_t hint, char **text_out, size_t *len_out,
                        CmError *err)
{
    size_t cap = hint + 1 > READ_CHUNK ? hint + 1 : READ_CHUNK, len = 0;
    char *text;

    if (cap > max + 2)
        cap = max + 2;
    text = io_sys_malloc(cap);
    if (text == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    for (;;) {
        if (len + 1 >= cap) {
            size_t ncap = cap * 2 > max + 2 ? max + 2 : cap * 2;
            char *t = io_sys_realloc(text, ncap);
            if (t == NULL) {
                free(text);
                return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
            }
            text = t;
            cap = ncap;
        }
        ssize_t n = io_sys_read(fd, text + len, cap - 1 - len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            free(text);
            return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot read: %s", strerror(e));
        }
        len += (size_t)n;
        if (len > max) {
            free(text);
            return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "file larger than %zu bytes", max);
        }
        if (n == 0)
            break;
    }
    text[len] = '\0';
    *text_out = text;
    *len_out = len;
    return CM_OK;
}

CmStatus io_read_file(const char *path, size_t max, char **text_out, size_t *len_out, CmError *err)
{
    int is_stdin = strcmp(path, "-") == 0;
    struct stat sb;
    CmStatus st;
    int fd;

    cm_error_init(err, is_stdin ? "<stdin>" : path);
    *text_out = NULL;
    *len_out = 0;
    if (is_stdin)
        return read_fd(STDIN_FILENO, max, 0, text_out, len_out, err);

    /* Opened without blocking, so that a FIFO or a device is refused rather than waited on. */
    fd = io_sys_open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
    if (fd < 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot open: %s", strerror(errno));
    if (io_sys_fstat(fd, &sb) != 0) {
        st = cm_error_set(err, CM_ERR_IO, 0, 0, "cannot open: %s", strerror(errno));
    } else if (S_ISDIR(sb.st_mode)) {
        st = cm_error_set(err, CM_ERR_IO, 0, 0, "is a directory");
    } else if (!S_ISREG(sb.st_mode)) {
        st = cm_error_set(err, CM_ERR_IO, 0, 0, "not a regular file");
    } else if ((uintmax_t)sb.st_size > max) {
        st = cm_error_set(err, CM_ERR_LIMIT, 0, 0, "file larger than %zu bytes", max);
    } else {
        int flags = fcntl(fd, F_GETFL);
        if (flags >= 0)
            fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
        st = read_fd(fd, max, (size_t)sb.st_size, text_out, len_out, err);
    }
    io_sys_close(fd); /* after a whole read, a failing close loses nothing */
    return st;
}

/* Writes all of 'data' to 'fd'; returns 0, or -1 with errno set. */
static int write_all(int fd, const char *data, size_t len)
{
    for (size_t done = 0; done < len;) {
        ssize_t w = io_sys_write(fd, data + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return -1;
        if (w == 0) {
            errno = EIO;
            return -1;
        }
        done += (size_t)w;
    }
    return 0;
}

CmStatus io_check_write(const char *path, int replace, CmError *err)
{
    struct stat sb;

    cm_error_init(err, path);
    if (io_sys_lstat(path, &sb) != 0)
        return errno == ENOENT
                   ? CM_OK
                   : cm_error_set(err, CM_ERR_IO, 0, 0, "cannot write: %s", strerror(errno));
    if (S_ISLNK(sb.st_mode))
        return cm_error_set(err, CM_ERR_IO, 0, 0,
                            "is a symbolic link: camelot does not write through one (name the "
                            "file it points to)");
    if (S_ISDIR(sb.st_mode))
        return cm_error_set(err, CM_ERR_IO, 0, 0, "is a directory");
    if (!S_ISREG(sb.st_mode))
        return cm_error_set(err, CM_ERR_IO, 0, 0,
                            "not a regular file (a device, a FIFO or a socket): not written");
    if (!replace)
        return cm_error_set(err, CM_ERR_EXISTS, 0, 0, "already exists");
    return CM_OK;
}

/* The temporary file 'tmp' takes the name 'path': by a rename when replacing; else by a hard
 * link, which fails (EEXIST) when anything is there, the temporary name going after it. A file
 * system without hard links gets one more look at 'path' and a rename. Returns 0, or -1 with
 * errno set. */
static int take_name(const char *tmp, const char *path, int replace)
{
    struct stat sb;

    if (replace)
        return io_sys_rename(tmp, path);
    if (io_sys_link(tmp, path) == 0) {
        unlink(tmp); /* a name left over is a hidden file, no loss */
        return 0;
    }
    if (errno != EPERM && errno != EOPNOTSUPP && errno != ENOTSUP && errno != ENOSYS)
        return -1;
    if (lstat(path, &sb) == 0) {
        errno = EEXIST;
        return -1;
    }
    return io_sys_rename(tmp, path);
}

/* 'io_write_atomic' ('replace' set) and 'io_write_new'. */
static CmStatus write_file(const char *path, const char *data, size_t len, int replace,
                           CmError *err)
{
    char tmp[IO_PATH_MAX + 16], dir[IO_PATH_MAX];
    const char *slash = strrchr(path, '/');
    int fd, saved;
    CmStatus st = io_check_write(path, replace, err);

    if (st != CM_OK)
        return st;
    io_dirname(path, dir, sizeof dir);
    if ((size_t)snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, slash ? slash + 1 : path) >=
        sizeof tmp)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "the file name is too long");
    fd = io_sys_mkstemp(tmp);
    if (fd < 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot create a file in %s: %s", dir,
                            strerror(errno));
    if (write_all(fd, data, len) != 0 || io_sys_fsync(fd) != 0)
        goto fail;
    if (io_sys_close(fd) != 0) {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (take_name(tmp, path, replace) != 0)
        goto fail;
    /* The name is taken; a directory that cannot be synced loses nothing written. */
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return CM_OK;
fail:
    saved = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    if (saved == EEXIST)
        return cm_error_set(err, CM_ERR_EXISTS, 0, 0, "already exists");
    return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot write: %s", strerror(saved));
}

CmStatus io_write_atomic(const char *path, const char *data, size_t len, CmError *err)
{
    return write_file(path, data, len, 1, err);
}

CmStatus io_write_new(const char *path, const char *data, size_t len, CmError *err)
{
    return write_file(path, data, len, 0, err);
}

CmStatus io_append(const char *path, const char *data, size_t len, int truncate, CmError *err)
{
    struct stat sb;
    int fd, saved;
    CmStatus st = io_check_write(path, 1, err);

    if (st != CM_OK)
        return st;
    /* Looked at again once open, without following a link or waiting on a FIFO: something else
     * may have come in the meantime. */
    fd = io_sys_open(path,
                     O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
                         (truncate ? O_TRUNC : O_APPEND),
                     0644);
    if (fd < 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot open: %s", strerror(errno));
    if (io_sys_fstat(fd, &sb) != 0) {
        saved = errno;
        close(fd);
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot open: %s", strerror(saved));
    }
    if (!S_ISREG(sb.st_mode)) {
        close(fd);
        return cm_error_set(err, CM_ERR_IO, 0, 0, "not a regular file: not written");
    }
    if (write_all(fd, data, len) != 0) {
        saved = errno;
        io_sys_close(fd);
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot write: %s", strerror(saved));
    }
    if (io_sys_close(fd) != 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot write: %s", strerror(errno));
    return CM_OK;
}

CmStatus io_rename(const char *from, const char *to, CmError *err)
{
    cm_error_init(err, from);
    if (io_sys_rename(from, to) != 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot rename to %s: %s", to, strerror(errno));
    return CM_OK;
}

int io_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

int io_is_link(const char *path)
{
    struct stat sb;
    return io_sys_lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode);
}

CmStatus io_realpath(const char *path, char *buf, size_t size, CmError *err)
{
    char abs[PATH_MAX];

    cm_error_init(err, path);
    if (realpath(path, abs) == NULL)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot resolve: %s", strerror(errno));
    if (strlen(abs) >= size)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "the path is too long");
    memcpy(buf, abs, strlen(abs) + 1);
    return CM_OK;
}
