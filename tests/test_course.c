/* The course of lessons (src/session/course.c): the shipped lessons found and loaded in the
 * order of their names, lessons found by id or number, the progress written to the data
 * directory and read back, and a bad lesson file refused with its place.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/io.h"
#include "session/course.h"
#include "testutil.h"

static void test_course_loads_the_shipped_lessons_in_order(void **state)
{
    Catalog cat;
    Course *c = malloc(sizeof *c);
    CmError err;
    (void)state;
    assert_non_null(c);
    catalog_init(&cat);
    assert_int_equal(course_load(c, &cat, NULL, &err), CM_OK);
    assert_true(c->n >= 20);
    for (int i = 1; i < c->n; i++)
        assert_true(strcmp(c->item[i - 1].id, c->item[i].id) < 0);
    assert_string_equal(c->item[0].id, "01-plain-move");
    /* e2e_learn does the first three by keyboard: they stay first. */
    assert_string_equal(c->item[1].id, "02-canter");
    assert_string_equal(c->item[2].id, "03-canter-chain");
    assert_int_equal(course_find(c, "01-plain-move"), 0);
    assert_int_equal(course_find(c, "4"), course_find(c, "04-jump"));
    assert_int_equal(course_find(c, "04"), 3);
    assert_int_equal(course_find(c, "0"), -1);
    assert_int_equal(course_find(c, "jump"), -1);
    assert_int_equal(course_find(c, "999"), -1);
    /* No data directory: progress is kept for the run only. */
    assert_int_equal(course_mark_done(c, 0, &err), CM_OK);
    assert_int_equal(course_first_open(c), 1);
    course_free(c);
    catalog_free(&cat);
    free(c);
}

static void test_course_progress_is_kept(void **state)
{
    Catalog cat;
    Course *c = malloc(sizeof *c);
    char dir[512], path[600];
    CmError err;
    size_t len;
    (void)state;
    assert_non_null(c);
    catalog_init(&cat);
    tu_temp_dir(dir, sizeof dir);
    assert_int_equal(course_load(c, &cat, dir, &err), CM_OK);
    assert_int_equal(course_done_count(c), 0);
    assert_int_equal(course_first_open(c), 0);
    assert_int_equal(course_mark_done(c, 0, &err), CM_OK);
    assert_int_equal(course_mark_done(c, 2, &err), CM_OK);
    assert_int_equal(course_mark_done(c, c->n, &err), CM_ERR_ARG);
    snprintf(path, sizeof path, "%s/%s", dir, COURSE_PROGRESS);
    char *text = tu_read_file(path, &len);
    assert_non_null(text);
    char want[200];
    snprintf(want, sizeof want, "%s\n%s\n", c->item[0].id, c->item[2].id);
    assert_string_equal(text, want);
    free(text);
    course_free(c);

    /* Read back by a new course; an id no lesson has is left out. */
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    fputs("99-no-such-lesson\n", f);
    fclose(f);
    assert_int_equal(course_load(c, &cat, dir, &err), CM_OK);
    assert_int_equal(course_done_count(c), 2);
    assert_true(c->item[0].done && !c->item[1].done && c->item[2].done);
    assert_int_equal(course_first_open(c), 1);
    course_free(c);
    catalog_free(&cat);
    tu_remove_tree(dir);
    free(c);
}

/* Writes 'len' bytes 'data' to 'path'. */
static void write_bytes(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* The whole of the file 'path', which must be 'want' ('len' bytes). */
static void expect_bytes(const char *path, const char *want, size_t len)
{
    size_t got_len;
    char *got = tu_read_file(path, &got_len);
    assert_non_null(got);
    assert_int_equal(got_len, len);
    assert_memory_equal(got, want, len);
    free(got);
}

/* A progress file written on another system, with CRLF line ends, reads as it is meant: the
 * next lesson done keeps the others. Lines naming lessons this course has not (another
 * version's) are written back as they were. */
static void test_course_progress_with_crlf_and_other_lessons(void **state)
{
    Catalog cat;
    Course *c = malloc(sizeof *c);
    char dir[512], path[600], want[400];
    CmError err;
    (void)state;
    assert_non_null(c);
    catalog_init(&cat);
    tu_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/%s", dir, COURSE_PROGRESS);
    const char *crlf =
        "01-plain-move\r\n02-canter\r\n\r\n99-a-lesson-of-later\r\n03-canter-chain\r\n";
    write_bytes(path, crlf, strlen(crlf));
    assert_int_equal(course_load(c, &cat, dir, &err), CM_OK);
    assert_false(c->damaged);
    assert_int_equal(course_done_count(c), 3);
    assert_int_equal(course_first_open(c), 3);
    assert_int_equal(course_mark_done(c, 3, &err), CM_OK);
    assert_string_equal(c->kept, "");
    snprintf(want, sizeof want, "%s\n%s\n%s\n%s\n99-a-lesson-of-later\n", c->item[0].id,
             c->item[1].id, c->item[2].id, c->item[3].id);
    expect_bytes(path, want, strlen(want));
    assert_int_equal(tu_count_files(dir, "lessons-damaged"), 0);
    course_free(c);
    catalog_free(&cat);
    tu_remove_tree(dir);
    free(c);
}

/* A progress file that cannot be read (bytes that are no text, or no file at all) is kept
 * aside, byte for byte, before the next lesson done writes a new one with what could be read;
 * when it cannot be kept aside, it is not written over. */
static void test_course_unreadable_progress_is_kept_aside(void **state)
{
    Catalog cat;
    Course *c = malloc(sizeof *c);
    char dir[512], path[600], kept[COURSE_PATH_MAX + 16], want[200];
    CmError err;
    (void)state;
    assert_non_null(c);
    catalog_init(&cat);
    tu_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/%s", dir, COURSE_PROGRESS);
    static const char garbage[] = "01-plain-move\n\x00\x01\x02\xff garbage\n";
    write_bytes(path, garbage, sizeof garbage - 1);

    assert_int_equal(course_load(c, &cat, dir, &err), CM_OK);
    assert_true(c->damaged);
    assert_int_equal(course_done_count(c), 1);
    /* The files layer fails the move aside: nothing is written over. */
    io_fault_set(1, EIO);
    assert_int_equal(course_mark_done(c, 1, &err), CM_ERR_IO);
    io_fault_set(0, 0);
    tu_assert_contains(err.msg, "not written over");
    expect_bytes(path, garbage, sizeof garbage - 1);
    assert_string_equal(c->kept, "");
    /* Then it can be. */
    assert_int_equal(course_mark_done(c, 2, &err), CM_OK);
    assert_false(c->damaged);
    assert_int_equal(tu_count_files(dir, "lessons-damaged-"), 1);
    tu_assert_contains(c->kept, "/lessons-damaged-");
    expect_bytes(c->kept, garbage, sizeof garbage - 1);
    snprintf(want, sizeof want, "%s\n%s\n%s\n", c->item[0].id, c->item[1].id, c->item[2].id);
    expect_bytes(path, want, strlen(want));
    course_free(c);

    /* A directory in its place cannot be read either; it is moved aside whole. */
    snprintf(kept, sizeof kept, "%s/inside", path);
    assert_int_equal(remove(path), 0);
    assert_int_equal(mkdir(path, 0700), 0);
    write_bytes(kept, "x", 1);
    assert_int_equal(course_load(c, &cat, dir, &err), CM_OK);
    assert_true(c->damaged);
    assert_int_equal(course_mark_done(c, 0, &err), CM_OK);
    assert_int_equal(tu_count_files(dir, "lessons-damaged-"), 2);
    snprintf(want, sizeof want, "%s\n", c->item[0].id);
    expect_bytes(path, want, strlen(want));
    snprintf(kept, sizeof kept, "%s/inside", c->kept);
    expect_bytes(kept, "x", 1);
    course_free(c);
    catalog_free(&cat);
    tu_remove_tree(dir);
    free(c);
}

static void test_course_bad_lesson_is_refused_with_its_place(void **state)
{
    Catalog cat;
    Course *c = malloc(sizeof *c);
    char dir[512], sub[600], path[700];
    CmError err;
    (void)state;
    assert_non_null(c);
    catalog_init(&cat);
    tu_temp_dir(dir, sizeof dir);
    snprintf(sub, sizeof sub, "%s/lessons", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(path, sizeof path, "%s/01-bad.yaml", sub);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("title: x\nposition: {variant: camelot, to_move: W, pieces: {F6: WM, D4: WM, K13: BM}}\n"
          "goal: {kind: fly}\naccept: [F6-F7]\ntext: t\ntask: t\nwrong: w\nright: r\n",
          f);
    fclose(f);
    setenv("CAMELOT_VARIANT_DIR", dir, 1);
    assert_int_equal(course_load(c, &cat, NULL, &err), CM_ERR_SCHEMA);
    unsetenv("CAMELOT_VARIANT_DIR");
    tu_assert_contains(err.source, "01-bad.yaml");
    assert_int_equal(err.line, 3);
    tu_assert_contains(err.msg, "unknown goal kind 'fly'");
    course_free(c);
    catalog_free(&cat);
    tu_remove_tree(dir);
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_course_loads_the_shipped_lessons_in_order),
        cmocka_unit_test(test_course_progress_is_kept),
        cmocka_unit_test(test_course_progress_with_crlf_and_other_lessons),
        cmocka_unit_test(test_course_unreadable_progress_is_kept_aside),
        cmocka_unit_test(test_course_bad_lesson_is_refused_with_its_place),
    };
    unsetenv("CAMELOT_VARIANT_DIR");
    return cmocka_run_group_tests(tests, NULL, NULL);
}
