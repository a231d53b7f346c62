/* The system calls of the files layer, each counted and each able to fail on purpose (see
 * 'io_fault_set'); every file operation of src/io goes through one of these.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_IO_INT_H
#define CAMELOT_IO_INT_H

#include <dirent.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

int io_sys_open(const char *path, int flags, mode_t mode);
ssize_t io_sys_read(int fd, void *buf, size_t n);
ssize_t io_sys_write(int fd, const void *buf, size_t n);
int io_sys_fsync(int fd);
int io_sys_close(int fd);
int io_sys_rename(const char *from, const char *to);
int io_sys_link(const char *from, const char *to);
int io_sys_mkstemp(char *tmpl);
int io_sys_mkdir(const char *path, mode_t mode);
int io_sys_stat(const char *path, struct stat *sb);
int io_sys_lstat(const char *path, struct stat *sb);
int io_sys_fstat(int fd, struct stat *sb);
DIR *io_sys_opendir(const char *path);
void *io_sys_malloc(size_t n);
void *io_sys_realloc(void *p, size_t n);

#endif
