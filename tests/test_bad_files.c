#define _POSIX_C_SOURCE 200809L
/* Every bad input file in tests/data/bad/ gives exactly the error in its '.expect' sibling
 * ('NAME.yaml:LINE:COL: message'), and nothing more is produced.
 * SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void check_file(const char *dir, const char *name)
{
    char path[1024], expect_path[1024], got[512];
    size_t len, elen;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(expect_path, sizeof expect_path, "%.*s.expect", (int)(strlen(path) - 5), path);
    char *text = tu_read_file(path, &len);
    char *expect = tu_read_file(expect_path, &elen);
    assert_non_null(text);
    if (expect == NULL)
        fail_msg("%s has no .expect file", name);
    while (elen > 0 && (expect[elen - 1] == '\n' || expect[elen - 1] == '\r'))
        expect[--elen] = '\0';

    CmError err;
    CmVariant *v = NULL;
    cm_error_init(&err, name);
    CmStatus st = cm_variant_parse(text, len, &v, &err);
    assert_int_not_equal(st, CM_OK);
    assert_null(v);
    assert_int_equal(err.code, st);
    assert_true(err.line > 0);
    assert_true(err.col > 0);
    cm_error_format(&err, got, sizeof got);
    assert_string_equal(got, expect);
    free(text);
    free(expect);
}

static void test_bad_files_variants(void **state)
{
    (void)state;
    const char *dir = CAMELOT_TEST_DATA_DIR "/bad";
    DIR *d = opendir(dir);
    char *names[512];
    int n = 0;
    struct dirent *e;
    assert_non_null(d);
    while ((e = readdir(d)) != NULL && n < 512) {
        size_t l = strlen(e->d_name);
        if (l > 5 && strcmp(e->d_name + l - 5, ".yaml") == 0)
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    assert_true(n >= 10);
    for (int i = 0; i < n; i++) {
        check_file(dir, names[i]);
        free(names[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_files_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
