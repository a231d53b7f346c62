/* The file system, and nothing else: reading a file with a size limit, writing one atomically,
 * appending to one, renaming, the data directory, the variant search path, lists of files and
 * fresh file names. Every fallible call returns a 'CmStatus' with the reason in a caller's
 * 'CmError' (its source set to the file); nothing here prints.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_IO_H
#define CAMELOT_IO_H

#include <stdint.h>

#include "camelot/error.h"

#define IO_PATH_MAX 4096 /* bytes in a path, NUL included */

/* ---- Files (file.c) ---------------------------------------------------------------------- */

/* Reads a whole file ("-" = standard input) into a new NUL-terminated buffer, refusing one
 * larger than 'max' bytes before reading it in full. On failure fills 'err' (source: 'path',
 * or "<stdin>") and leaves '*text_out' NULL. The caller frees '*text_out'. */
CmStatus io_read_file(const char *path, size_t max, char **text_out, size_t *len_out, CmError *err);

/* The writers below write over, or add to, nothing but a regular file. A path where a
 * directory, a device, a FIFO, a socket or a symbolic link is refuses the write (CM_ERR_IO,
 * nothing written): 'save /dev/full' leaves the device alone, and a link never leads a write to
 * another file (the file itself must be named). */

/* Whether 'path' may be written: CM_OK when nothing is there, or when a regular file is and
 * 'replace' is set; CM_ERR_EXISTS when a regular file is there and 'replace' is not set;
 * CM_ERR_IO when anything else is there, or the path cannot be looked at. The writers check
 * this themselves; a command calls it to refuse a path before long work rather than after. */
CmStatus io_check_write(const char *path, int replace, CmError *err);

/* Writes 'len' bytes to 'path' atomically: a temporary file in the same directory, fsync,
 * rename, fsync of the directory. Either the old file or the whole new one survives. */
CmStatus io_write_atomic(const char *path, const char *data, size_t len, CmError *err);

/* 'io_write_atomic' for a file that is not there yet: CM_ERR_EXISTS, nothing written, when
 * anything is there, even when it comes while the file is written (the new file takes the
 * name with a hard link, which never replaces; a file system without them gets a last look
 * and a rename). */
CmStatus io_write_new(const char *path, const char *data, size_t len, CmError *err);

/* Appends 'len' bytes to 'path', creating it (mode 0644) when missing; with 'truncate' the
 * file is emptied first. For logs that grow, such as a match's records. */
CmStatus io_append(const char *path, const char *data, size_t len, int truncate, CmError *err);

/* Renames 'from' to 'to' (same file system). */
CmStatus io_rename(const char *from, const char *to, CmError *err);

/* Whether 'path' exists. */
int io_exists(const char *path);

/* Whether 'path' is a symbolic link (the link itself: it is not followed). */
int io_is_link(const char *path);

/* The absolute, resolved form of an existing 'path' into 'buf'. */
CmStatus io_realpath(const char *path, char *buf, size_t size, CmError *err);

/* ---- Directories (dirs.c) ---------------------------------------------------------------- */

/* The directory part of 'path' in 'buf' ("." when it has none); returns 'buf'. */
char *io_dirname(const char *path, char *buf, size_t size);

/* 'DIR/NAME' in 'buf'. Returns 0, or -1 (and "" in 'buf') when it does not fit. */
int io_join(const char *dir, const char *name, char *buf, size_t size);

/* A path typed at one of the program's own prompts (an export, a text game's 'save'), as a
 * shell would read it: a '~' alone or before a '/' at its start is '$HOME'; anything else
 * (and '~' while HOME is unset or not absolute) is copied as it is. Returns 0, or -1 (and ""
 * in 'buf') when the path does not fit. */
int io_expand_home(const char *path, char *buf, size_t size);

/* The directory for saved games, '$XDG_DATA_HOME/camelot' or '~/.local/share/camelot',
 * created (mode 0700) when missing. */
CmStatus io_data_dir(char *buf, size_t size, CmError *err);

/* The settings file, '$XDG_CONFIG_HOME/camelot/camelot.conf' or
 * '~/.config/camelot/camelot.conf', into 'buf' (nothing is made). CM_ERR_IO when neither
 * XDG_CONFIG_HOME nor HOME is set; CM_ERR_LIMIT when the path does not fit. */
#define IO_CONFIG_NAME "camelot.conf"
CmStatus io_config_path(char *buf, size_t size, CmError *err);

/* The variant search path: '$CAMELOT_VARIANT_DIR' when set, 'PREFIX/share/camelot/variants'
 * for a program installed in 'PREFIX/bin' (wherever that is), the source tree's 'variants/'
 * and the variant directory the build was configured to install to, in that order. Fills
 * 'dirs' (room for IO_VARIANT_DIRS) and returns how many there are. */
#define IO_VARIANT_DIRS 4
int io_variant_dirs(const char *dirs[IO_VARIANT_DIRS]);

/* The directory of the documents that the help texts and the manual page cite ('learning.md'
 * ...): 'PREFIX/share/doc/camelot' for a program installed in 'PREFIX/bin' when it is there,
 * else the source tree's 'docs/' when it is there (a program run from its build directory),
 * else the directory the build was configured to install them to. */
const char *io_doc_dir(void);

/* Where a record can go when the data directory takes nothing: '$TMPDIR', '/tmp' and '$HOME'
 * (those that are set). Fills 'dirs' (room for IO_RESCUE_DIRS) and returns how many. */
#define IO_RESCUE_DIRS 3
int io_rescue_dirs(const char *dirs[IO_RESCUE_DIRS]);

/* The file 'NAME.yaml' of the first directory of the variant search path that has it. */
CmStatus io_find_variant(const char *name, char *path, size_t size, CmError *err);

/* A file of a directory, as 'io_list_dir' gives it. */
typedef struct IoDirEntry {
    char path[IO_PATH_MAX]; /* directory and name */
    char name[256];         /* the file's name */
    int64_t mtime;          /* last change, seconds since the epoch */
} IoDirEntry;

/* The regular files of 'dir' whose names end in 'suffix' and do not start with '.', at most
 * 'max', in no order. Returns the count, 0 when 'dir' cannot be read. */
int io_list_dir(const char *dir, const char *suffix, IoDirEntry *out, int max);

/* Removes what 'io_write_atomic' leaves of 'path' when it is cut short before its rename (the
 * program killed, the machine stopped): the temporary files '.NAME.XXXXXX' in the directory of
 * 'path'. Only for a file whose one writer holds a lock, this process: another writer's file in
 * the making looks the same. Returns how many were removed. */
int io_remove_temporaries(const char *path);

/* A name in 'dir' that does not exist yet: 'DIR/PREFIX-YYYYMMDD-HHMMSS.txt', with '-2', '-3'
 * ... added when that exists. */
void io_fresh_name(const char *dir, const char *prefix, char *buf, size_t size);

/* Keeps the file 'path', which is not to be written over (it could not be read whole, or holds
 * a game not finished), aside in 'dir' under a fresh name of 'prefix' (io_fresh_name), which
 * goes to 'kept' ("" when it could not be moved). On failure, 'err' says why, of 'path'. */
CmStatus io_keep_aside(const char *path, const char *dir, const char *prefix, char *kept,
                       size_t size, CmError *err);

/* ---- Locks (lock.c) ---------------------------------------------------------------------- */

/* Takes the lock file 'path' (created, mode 0600, when missing) for this process: one writer
 * at a time. The lock goes when 'io_unlock' closes it or the process ends, however it ends.
 * Returns CM_OK with the open lock in '*fd_out'; CM_ERR_ARG when another process holds it (the
 * message names its process id when the file tells it); CM_ERR_IO when the file cannot be
 * opened. */
CmStatus io_lock(const char *path, int *fd_out, CmError *err);

/* 'io_lock', tried again every few milliseconds while another process holds the lock, for at
 * most 'wait_ms' milliseconds: for a lock that is only held while a file is rewritten. */
CmStatus io_lock_wait(const char *path, int wait_ms, int *fd_out, CmError *err);

/* Releases a lock taken by 'io_lock'; a negative 'fd' does nothing. */
void io_unlock(int fd);

/* ---- Faults (fault.c) ---------------------------------------------------------------------- */

/* For tests: every operation of this layer on the file system (open, read, write, fsync,
 * close, rename, mkdir, mkstemp, stat, opendir, an allocation) is counted, and one of them can
 * be made to fail, as a full disk, an I/O error or a read-only file system would, so that a
 * test can fail each call site in turn (as SQLite's fault loops do). Not thread-safe: one
 * thread drives the files layer. */
enum {
    IO_FAULT_SHORT = -1, /* a write writes half of what it was given (not an error) */
    IO_FAULT_NOMEM = -2, /* an allocation fails */
};

/* From now on the 'nth' operation (1: the next) fails with 'kind': an errno value (ENOSPC,
 * EIO, EROFS, ...) or 'IO_FAULT_*'. 'nth' 0 fails nothing; the count starts again. */
void io_fault_set(long nth, int kind);

/* The operations counted since 'io_fault_set', and whether the fault has struck (an operation
 * of a kind it applies to failed, or wrote short). */
long io_fault_ops(void);
int io_fault_struck(void);

#endif
