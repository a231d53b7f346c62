/* The files layer: reading with a size limit, refusing what is not a regular file without
 * blocking, atomic writes, appends, the data directory, lists of files and fresh names.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* A FIFO with no writer would block a plain open for ever: it is refused at once. */
static void test_io_fifo_refused_at_once(void **state)
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
    assert_true(clock_ms() - t0 < 1000);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_io_atomic_write),         cmocka_unit_test(test_io_read_limits),
        cmocka_unit_test(test_io_fifo_refused_at_once), cmocka_unit_test(test_io_append),
        cmocka_unit_test(test_io_directories),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
