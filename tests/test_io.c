/* The files layer: reading with a size limit, refusing what is not a regular file without
 * blocking, atomic writes, appends, the data directory, lists of files and fresh names, lock
 * files, and each operation failing in turn (a full disk, an I/O error, a read-only file
 * system, a short write, a failed allocation) with nothing written half.
 * SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700 /* mknod */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "io/io.h"
#include "session/clock.h"
#include "testutil.h"

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static void test_io_atomic_write(void **state)
{
    (void)state;
    char dir[256], path[512];
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/a.txt", dir);
    assert_int_equal(io_write_atomic(path, "one\n", 4, &err), CM_OK);
    assert_int_equal(io_write_atomic(path, "two, longer\n", 12, &err), CM_OK);
    size_t len;
    char *text = tu_read_file(path, &len);
    assert_string_equal(text, "two, longer\n");
    free(text);
    /* No temporary file is left behind. */
    assert_int_equal(tu_count_files(dir, "."), 2); /* "." and ".." */
    /* A directory that does not exist is an error, with the reason. */
    snprintf(path, sizeof path, "%s/no/such/a.txt", dir);
    assert_int_equal(io_write_atomic(path, "x", 1, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "No such file");
    assert_string_equal(err.source, path);
    tu_remove_tree(dir);
}

static void test_io_read_limits(void **state)
{
    (void)state;
    char dir[256], path[512];
    char *text = NULL;
    size_t len = 0;
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/r.txt", dir);
    write_text(path, "0123456789");
    assert_int_equal(io_read_file(path, 10, &text, &len, &err), CM_OK);
    assert_int_equal(len, 10);
    assert_string_equal(text, "0123456789");
    free(text);
    assert_int_equal(io_read_file(path, 9, &text, &len, &err), CM_ERR_LIMIT);
    assert_null(text);
    tu_assert_contains(err.msg, "larger than 9 bytes");
    /* A directory, a missing file. */
    assert_int_equal(io_read_file(dir, 100, &text, &len, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "is a directory");
    snprintf(path, sizeof path, "%s/missing", dir);
    assert_int_equal(io_read_file(path, 100, &text, &len, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "cannot open");
    tu_remove_tree(dir);
}

/* A FIFO with no writer would block a plain open for ever: it is refused at once (within a
 * second, times the tests' time factor: the time is measured). */
static void test_io_fifo_refused_at_once_timed(void **state)
{
    (void)state;
    char dir[256], path[512];
    char *text = NULL;
    size_t len = 0;
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/fifo.yaml", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    uint64_t t0 = clock_ms();
    assert_int_equal(io_read_file(path, 100, &text, &len, &err), CM_ERR_IO);
    assert_true(clock_ms() - t0 < 1000 * (uint64_t)tu_time_factor());
    tu_assert_contains(err.msg, "not a regular file");
    assert_null(text);
    tu_remove_tree(dir);
}

static void test_io_append(void **state)
{
    (void)state;
    char dir[256], path[512];
    CmError err;
    size_t len;
    tu_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/log.txt", dir);
    write_text(path, "old\n");
    assert_int_equal(io_append(path, "a\n", 2, 1, &err), CM_OK);
    assert_int_equal(io_append(path, "b\n", 2, 0, &err), CM_OK);
    char *text = tu_read_file(path, &len);
    assert_string_equal(text, "a\nb\n");
    free(text);
    snprintf(path, sizeof path, "%s/no/log.txt", dir);
    assert_int_equal(io_append(path, "a\n", 2, 0, &err), CM_ERR_IO);
    tu_remove_tree(dir);
}

/* Whether 'path' is still what 'mode' (S_IFIFO, S_IFLNK, ...) says, not a file put there. */
static int still(const char *path, mode_t mode)
{
    struct stat sb;
    return lstat(path, &sb) == 0 && (sb.st_mode & S_IFMT) == mode;
}

/* Every writer refuses a FIFO, a symbolic link and a directory, and leaves them as they were:
 * nothing renamed over them, nothing written through them. */
static void test_io_writers_refuse_what_is_not_a_file(void **state)
{
    (void)state;
    char dir[256], fifo[512], link[512], target[512], sub[512];
    CmError err;
    size_t len;
    tu_temp_dir(dir, sizeof dir);
    snprintf(fifo, sizeof fifo, "%s/fifo.txt", dir);
    snprintf(link, sizeof link, "%s/link.txt", dir);
    snprintf(target, sizeof target, "%s/target.txt", dir);
    snprintf(sub, sizeof sub, "%s/sub", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    write_text(target, "kept\n");
    assert_int_equal(symlink(target, link), 0);
    assert_int_equal(mkdir(sub, 0700), 0);
    /* A reader, so that a writer that opened the FIFO would not wait, but write into it. */
    int rfd = open(fifo, O_RDONLY | O_NONBLOCK);
    assert_true(rfd >= 0);

    assert_int_equal(io_write_atomic(fifo, "x\n", 2, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "not a regular file");
    assert_string_equal(err.source, fifo);
    assert_int_equal(io_write_new(fifo, "x\n", 2, &err), CM_ERR_IO);
    assert_int_equal(io_append(fifo, "x\n", 2, 0, &err), CM_ERR_IO);
    assert_int_equal(io_append(fifo, "x\n", 2, 1, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "not a regular file");
    char got[8];
    assert_true(read(rfd, got, sizeof got) <= 0);
    close(rfd);
    assert_true(still(fifo, S_IFIFO));

    assert_int_equal(io_write_atomic(link, "x\n", 2, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "symbolic link");
    assert_int_equal(io_write_new(link, "x\n", 2, &err), CM_ERR_IO);
    assert_int_equal(io_append(link, "x\n", 2, 0, &err), CM_ERR_IO);
    assert_int_equal(io_append(link, "x\n", 2, 1, &err), CM_ERR_IO);
    assert_true(still(link, S_IFLNK));
    char *text = tu_read_file(target, &len);
    assert_string_equal(text, "kept\n");
    free(text);
    /* A link to nothing is refused too: the write would make a file where it points. */
    assert_int_equal(unlink(target), 0);
    assert_int_equal(io_write_atomic(link, "x\n", 2, &err), CM_ERR_IO);
    assert_int_equal(io_append(link, "x\n", 2, 0, &err), CM_ERR_IO);
    assert_false(io_exists(target));

    assert_int_equal(io_write_atomic(sub, "x\n", 2, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "is a directory");
    assert_int_equal(io_append(sub, "x\n", 2, 0, &err), CM_ERR_IO);
    assert_true(still(sub, S_IFDIR));
    /* Nothing else was made: the FIFO, the link, the directory. */
    assert_int_equal(tu_count_files(dir, ""), 5);
    tu_remove_tree(dir);
}

/* A device (here one like /dev/null, made where the test runs) is refused by every writer and
 * stays a device. Making one needs root: skipped otherwise. */
static void test_io_writers_refuse_a_device(void **state)
{
    (void)state;
    char dir[256], dev[512];
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    snprintf(dev, sizeof dev, "%s/null", dir);
    if (mknod(dev, S_IFCHR | 0666, makedev(1, 3)) != 0) {
        tu_remove_tree(dir);
        print_message("skipped: no device can be made here (%s)\n", strerror(errno));
        skip();
    }
    assert_int_equal(io_write_atomic(dev, "x\n", 2, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "not a regular file");
    assert_int_equal(io_write_new(dev, "x\n", 2, &err), CM_ERR_IO);
    assert_int_equal(io_append(dev, "x\n", 2, 0, &err), CM_ERR_IO);
    assert_int_equal(io_append(dev, "x\n", 2, 1, &err), CM_ERR_IO);
    assert_true(still(dev, S_IFCHR));
    assert_int_equal(io_check_write(dev, 1, &err), CM_ERR_IO);
    tu_remove_tree(dir);
}

/* 'io_write_new' writes a file that is not there, and nothing over one that is. */
static void test_io_write_new(void **state)
{
    (void)state;
    char dir[256], path[512];
    CmError err;
    size_t len;
    tu_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/new.txt", dir);
    assert_int_equal(io_check_write(path, 0, &err), CM_OK);
    assert_int_equal(io_write_new(path, "one\n", 4, &err), CM_OK);
    assert_int_equal(io_check_write(path, 0, &err), CM_ERR_EXISTS);
    assert_int_equal(io_check_write(path, 1, &err), CM_OK);
    assert_int_equal(io_write_new(path, "two\n", 4, &err), CM_ERR_EXISTS);
    tu_assert_contains(err.msg, "already exists");
    assert_string_equal(err.source, path);
    char *text = tu_read_file(path, &len);
    assert_string_equal(text, "one\n");
    free(text);
    /* The file comes while the new one is written: the link finds it, nothing is replaced. */
    assert_int_equal(unlink(path), 0);
    io_fault_set(0, 0);
    assert_int_equal(io_write_new(path, "one\n", 4, &err), CM_OK);
    long ops = io_fault_ops(); /* the link is the last counted operation */
    assert_int_equal(unlink(path), 0);
    io_fault_set(ops, EEXIST);
    assert_int_equal(io_write_new(path, "two\n", 4, &err), CM_ERR_EXISTS);
    io_fault_set(0, 0);
    assert_false(io_exists(path));
    /* A file system without hard links: a last look, then a rename. */
    io_fault_set(ops, EPERM);
    assert_int_equal(io_write_new(path, "three\n", 6, &err), CM_OK);
    assert_true(io_fault_struck());
    io_fault_set(0, 0);
    text = tu_read_file(path, &len);
    assert_string_equal(text, "three\n");
    free(text);
    assert_int_equal(tu_count_files(dir, "."), 2); /* "." and ".." */
    tu_remove_tree(dir);
}

static void test_io_directories(void **state)
{
    (void)state;
    char dir[256], data[512], want[512], buf[512], path[600];
    CmError err;
    IoDirEntry files[8];
    tu_temp_dir(dir, sizeof dir);

    /* The data directory is made where XDG_DATA_HOME says, else under HOME. */
    setenv("XDG_DATA_HOME", dir, 1);
    assert_int_equal(io_data_dir(data, sizeof data, &err), CM_OK);
    snprintf(want, sizeof want, "%s/camelot", dir);
    assert_string_equal(data, want);
    struct stat sb;
    assert_int_equal(stat(data, &sb), 0);
    assert_true(S_ISDIR(sb.st_mode));
    unsetenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    char *saved = home ? strdup(home) : NULL;
    setenv("HOME", dir, 1);
    assert_int_equal(io_data_dir(data, sizeof data, &err), CM_OK);
    snprintf(want, sizeof want, "%s/.local/share/camelot", dir);
    assert_string_equal(data, want);
    unsetenv("HOME");
    assert_int_equal(io_data_dir(data, sizeof data, &err), CM_ERR_IO);
    if (saved != NULL)
        setenv("HOME", saved, 1);
    free(saved);

    /* Lists: regular files with the suffix, not hidden ones. */
    snprintf(path, sizeof path, "%s/a.txt", dir);
    write_text(path, "a");
    snprintf(path, sizeof path, "%s/.hidden.txt", dir);
    write_text(path, "h");
    snprintf(path, sizeof path, "%s/b.yaml", dir);
    write_text(path, "b");
    int n = io_list_dir(dir, ".txt", files, 8);
    assert_int_equal(n, 1);
    assert_string_equal(files[0].name, "a.txt");
    assert_int_equal(io_list_dir("/nonexistent", ".txt", files, 8), 0);

    /* Fresh names do not exist yet. */
    io_fresh_name(dir, "game", buf, sizeof buf);
    assert_false(io_exists(buf));
    write_text(buf, "x");
    io_fresh_name(dir, "game", path, sizeof path);
    assert_false(io_exists(path));
    assert_string_not_equal(buf, path);

    assert_string_equal(io_dirname("a/b/c.txt", buf, sizeof buf), "a/b");
    assert_string_equal(io_dirname("c.txt", buf, sizeof buf), ".");
    assert_string_equal(io_dirname("/c.txt", buf, sizeof buf), "/");
    tu_remove_tree(dir);
}

static void test_io_locks(void **state)
{
    (void)state;
    char dir[256], path[512];
    CmError err;
    int a, b;
    tu_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/x.lock", dir);
    assert_int_equal(io_lock(path, &a, &err), CM_OK);
    assert_true(a >= 0);
    /* A second holder is refused, whoever it is (here the same process through another
     * open file), and told which process holds it. */
    assert_int_equal(io_lock(path, &b, &err), CM_ERR_ARG);
    assert_int_equal(b, -1);
    tu_assert_contains(err.msg, "in use by another camelot");
    char pid[32];
    snprintf(pid, sizeof pid, "process %ld", (long)getpid());
    tu_assert_contains(err.msg, pid);
    io_unlock(a);
    assert_int_equal(io_lock(path, &b, &err), CM_OK);
    io_unlock(b);
    io_unlock(-1);
    snprintf(path, sizeof path, "%s/no/x.lock", dir);
    assert_int_equal(io_lock(path, &b, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "cannot open the lock");
    tu_remove_tree(dir);
}

/* ---- Faults, each in turn ----------------------------------------------------------------- */

/* The ways an operation fails in the fault loops. */
static const int fault_kinds[] = {ENOSPC, EIO, EROFS, IO_FAULT_SHORT, IO_FAULT_NOMEM};
#define NKINDS (int)(sizeof fault_kinds / sizeof fault_kinds[0])

/* Failure points exercised by all the loops of this program, shown at the end. */
static long fault_points;

/* What one operation of the files layer does in a fault loop: 'run' once, then 'check' what it
 * left (given its status and whether the fault struck). */
typedef struct FaultCase {
    const char *name;
    void (*prepare)(const char *dir);
    CmStatus (*run)(const char *dir, CmError *err);
    void (*check)(const char *dir, CmStatus st, int struck, const CmError *err);
    int reports; /* every failed system call fails the operation (no call is optional) */
} FaultCase;

static void path_in(const char *dir, const char *name, char *buf, size_t size)
{
    assert_int_equal(io_join(dir, name, buf, size), 0);
}

static void put_file(const char *dir, const char *name, const char *text)
{
    char path[600];
    path_in(dir, name, path, sizeof path);
    write_text(path, text);
}

static void expect_file(const char *dir, const char *name, const char *text)
{
    char path[600];
    size_t len;
    path_in(dir, name, path, sizeof path);
    char *got = tu_read_file(path, &len);
    if (got == NULL)
        fail_msg("%s is missing", path);
    if (strcmp(got, text) != 0)
        fail_msg("%s holds '%.60s', not '%.60s'", path, got, text);
    free(got);
}

#define NEW_TEXT "the whole of the new text, longer than the old one\n"

static void prepare_old(const char *dir)
{
    put_file(dir, "f.txt", "old\n");
}

static CmStatus run_write(const char *dir, CmError *err)
{
    char path[600];
    path_in(dir, "f.txt", path, sizeof path);
    return io_write_atomic(path, NEW_TEXT, strlen(NEW_TEXT), err);
}

/* An atomic write leaves the old file or the whole new one, and no temporary file. */
static void check_write(const char *dir, CmStatus st, int struck, const CmError *err)
{
    (void)struck;
    (void)err;
    expect_file(dir, "f.txt", st == CM_OK ? NEW_TEXT : "old\n");
    assert_int_equal(tu_count_files(dir, ".f.txt"), 0);
}

static void prepare_none(const char *dir)
{
    put_file(dir, "other.txt", "other\n");
}

static CmStatus run_write_new(const char *dir, CmError *err)
{
    char path[600];
    path_in(dir, "f.txt", path, sizeof path);
    return io_write_new(path, NEW_TEXT, strlen(NEW_TEXT), err);
}

/* A new file is there whole, or not at all; no temporary file is left. */
static void check_write_new(const char *dir, CmStatus st, int struck, const CmError *err)
{
    char path[600];
    (void)struck;
    (void)err;
    path_in(dir, "f.txt", path, sizeof path);
    if (st == CM_OK)
        expect_file(dir, "f.txt", NEW_TEXT);
    else
        assert_false(io_exists(path));
    assert_int_equal(tu_count_files(dir, ".f.txt"), 0);
}

static CmStatus run_read(const char *dir, CmError *err)
{
    char path[600], *text = NULL;
    size_t len = 0;
    path_in(dir, "f.txt", path, sizeof path);
    CmStatus st = io_read_file(path, 100, &text, &len, err);
    /* A read that succeeds has it all. */
    if (st == CM_OK)
        assert_string_equal(text, "old\n");
    else
        assert_null(text);
    free(text);
    return st;
}

static void check_read(const char *dir, CmStatus st, int struck, const CmError *err)
{
    (void)st;
    (void)struck;
    (void)err;
    expect_file(dir, "f.txt", "old\n");
}

static CmStatus run_append(const char *dir, CmError *err)
{
    char path[600];
    path_in(dir, "f.txt", path, sizeof path);
    return io_append(path, "more\n", 5, 0, err);
}

/* An append that fails adds nothing or part of its text, never touches what was there. */
static void check_append(const char *dir, CmStatus st, int struck, const CmError *err)
{
    (void)struck;
    (void)err;
    char path[600];
    size_t len;
    path_in(dir, "f.txt", path, sizeof path);
    char *got = tu_read_file(path, &len);
    assert_non_null(got);
    assert_memory_equal(got, "old\n", 4);
    if (st == CM_OK)
        assert_string_equal(got, "old\nmore\n");
    free(got);
}

static CmStatus run_rename(const char *dir, CmError *err)
{
    char from[600], to[600];
    path_in(dir, "f.txt", from, sizeof from);
    path_in(dir, "g.txt", to, sizeof to);
    return io_rename(from, to, err);
}

/* A rename that fails leaves the file where it was. */
static void check_rename(const char *dir, CmStatus st, int struck, const CmError *err)
{
    (void)struck;
    (void)err;
    expect_file(dir, st == CM_OK ? "g.txt" : "f.txt", "old\n");
}

static CmStatus run_lock(const char *dir, CmError *err)
{
    char path[600];
    int fd;
    path_in(dir, "f.lock", path, sizeof path);
    CmStatus st = io_lock(path, &fd, err);
    assert_true(st == CM_OK ? fd >= 0 : fd == -1);
    io_unlock(fd);
    return st;
}

static void check_nothing(const char *dir, CmStatus st, int struck, const CmError *err)
{
    (void)dir;
    (void)st;
    (void)struck;
    (void)err;
}

static CmStatus run_data_dir(const char *dir, CmError *err)
{
    char data[600];
    setenv("XDG_DATA_HOME", dir, 1);
    CmStatus st = io_data_dir(data, sizeof data, err);
    unsetenv("XDG_DATA_HOME");
    return st;
}

static CmStatus run_list(const char *dir, CmError *err)
{
    IoDirEntry files[4];
    int n = io_list_dir(dir, ".txt", files, 4);
    /* A list that cannot be read is empty; one that can is whole. */
    assert_true(n == 0 || (n == 1 && strcmp(files[0].name, "f.txt") == 0));
    cm_error_init(err, dir);
    return n == 1 ? CM_OK : cm_error_set(err, CM_ERR_IO, 0, 0, "the list is empty");
}

static const FaultCase io_cases[] = {
    {"io_write_atomic", prepare_old, run_write, check_write, 1},
    {"io_write_new", prepare_none, run_write_new, check_write_new, 1},
    {"io_read_file", prepare_old, run_read, check_read, 0}, /* a close after the read */
    {"io_append", prepare_old, run_append, check_append, 1},
    {"io_rename", prepare_old, run_rename, check_rename, 1},
    {"io_lock", prepare_old, run_lock, check_nothing, 1},
    {"io_data_dir", prepare_old, run_data_dir, check_nothing, 0}, /* stat, then mkdir */
    {"io_list_dir", prepare_old, run_list, check_nothing, 0},     /* a file it cannot stat */
};

/* Runs 'c' with its 'nth' operation failing as 'kind', in a fresh directory. Returns whether
 * the fault struck. */
static int run_fault(const FaultCase *c, long nth, int kind)
{
    char dir[256];
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    c->prepare(dir);
    cm_error_init(&err, NULL);
    io_fault_set(nth, kind);
    CmStatus st = c->run(dir, &err);
    int struck = io_fault_struck();
    io_fault_set(0, 0);
    /* An operation that failed says why. */
    if (st != CM_OK && err.msg[0] == '\0')
        fail_msg("%s, operation %ld failing as %d: no reason given", c->name, nth, kind);
    /* A failed call is reported, never swallowed (a short write is made up for, and is no
     * error). */
    if (struck && kind > 0 && c->reports && st == CM_OK)
        fail_msg("%s, operation %ld failing as %d: reported no error", c->name, nth, kind);
    c->check(dir, st, struck, &err);
    tu_remove_tree(dir);
    return struck;
}

static void test_io_fault_loops(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof io_cases / sizeof io_cases[0]; i++) {
        const FaultCase *c = &io_cases[i];
        /* How many operations the case makes when nothing fails. */
        char dir[256];
        CmError err;
        tu_temp_dir(dir, sizeof dir);
        c->prepare(dir);
        io_fault_set(0, 0);
        assert_int_equal(c->run(dir, &err), CM_OK);
        long ops = io_fault_ops();
        tu_remove_tree(dir);
        assert_true(ops > 0);
        long points = 0;
        for (long nth = 1; nth <= ops; nth++)
            for (int k = 0; k < NKINDS; k++)
                points += run_fault(c, nth, fault_kinds[k]);
        /* Every operation fails some way. */
        assert_true(points >= ops);
        fault_points += points;
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_io_atomic_write),
        cmocka_unit_test(test_io_read_limits),
        cmocka_unit_test(test_io_fifo_refused_at_once_timed),
        cmocka_unit_test(test_io_append),
        cmocka_unit_test(test_io_writers_refuse_what_is_not_a_file),
        cmocka_unit_test(test_io_writers_refuse_a_device),
        cmocka_unit_test(test_io_write_new),
        cmocka_unit_test(test_io_directories),
        cmocka_unit_test(test_io_locks),
        cmocka_unit_test(test_io_fault_loops),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    printf("io fault loops: %ld failure points exercised\n", fault_points);
    return failed;
}
