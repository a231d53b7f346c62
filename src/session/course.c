/* The course of lessons: finding and loading the lesson files, and the progress file.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "course.h"
#include "io/io.h"

static int by_id(const void *a, const void *b)
{
    return strcmp(((const CourseItem *)a)->id, ((const CourseItem *)b)->id);
}

/* The first 'lessons/' directory of the variant search path with lesson files in it; their
 * names go to 'files' (room for COURSE_MAX). Returns how many. */
static int find_lessons(Course *c, IoDirEntry *files)
{
    const char *dirs[IO_VARIANT_DIRS];
    int ndirs = io_variant_dirs(dirs);
    for (int d = 0; d < ndirs; d++) {
        if (io_join(dirs[d], "lessons", c->dir, sizeof c->dir) != 0)
            continue;
        int n = io_list_dir(c->dir, ".yaml", files, COURSE_MAX);
        if (n > 0)
            return n;
    }
    c->dir[0] = '\0';
    return 0;
}

/* Reads the ids of the lessons done from the progress file; a missing or unreadable file is
 * no progress yet. */
static void read_progress(Course *c)
{
    char *text = NULL;
    size_t len = 0;
    CmError err;
    if (c->progress[0] == '\0' || !io_exists(c->progress) ||
        io_read_file(c->progress, 64 * 1024, &text, &len, &err) != CM_OK)
        return;
    for (char *line = text; line != NULL && *line;) {
        char *end = strchr(line, '\n');
        if (end != NULL)
            *end = '\0';
        for (int i = 0; i < c->n; i++)
            if (strcmp(c->item[i].id, line) == 0)
                c->item[i].done = 1;
        line = end != NULL ? end + 1 : NULL;
    }
    free(text);
}

CmStatus course_load(Course *c, Catalog *cat, const char *data_dir, CmError *err)
{
    IoDirEntry *files = malloc(COURSE_MAX * sizeof *files);
    CmStatus st = CM_OK;

    memset(c, 0, sizeof *c);
    cm_error_init(err, NULL);
    if (files == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    int n = find_lessons(c, files);
    if (n == 0) {
        st = cm_error_set(err, CM_ERR_IO, 0, 0,
                          "no lessons found (looked for lessons/*.yaml next to the variants)");
        goto out;
    }
    for (int i = 0; i < n; i++) {
        CourseItem *it = &c->item[c->n];
        size_t len = strlen(files[i].name) - 5; /* without ".yaml" */
        char *text = NULL;
        size_t size = 0;
        CatalogResolver r = {cat, NULL, {0}};

        if (len >= sizeof it->id) {
            cm_error_init(err, files[i].path);
            st = cm_error_set(err, CM_ERR_LIMIT, 0, 0, "the file's name is too long");
            goto out;
        }
        memcpy(it->id, files[i].name, len);
        it->id[len] = '\0';
        if ((it->lesson = malloc(sizeof *it->lesson)) == NULL) {
            st = cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
            goto out;
        }
        c->n++;
        st = io_read_file(files[i].path, CM_LESSON_MAX_BYTES, &text, &size, err);
        if (st != CM_OK)
            goto out;
        cm_error_init(err, files[i].path);
        st = cm_lesson_parse(text, size, catalog_resolve, &r, it->lesson, err);
        free(text);
        if (st != CM_OK) {
            /* A bad variant file says where it is bad. */
            if (r.file_err.code != CM_OK)
                *err = r.file_err;
            goto out;
        }
    }
    qsort(c->item, (size_t)c->n, sizeof c->item[0], by_id);
    if (data_dir != NULL && data_dir[0] != '\0' &&
        io_join(data_dir, COURSE_PROGRESS, c->progress, sizeof c->progress) != 0)
        c->progress[0] = '\0';
    read_progress(c);
out:
    free(files);
    return st;
}

void course_free(Course *c)
{
    for (int i = 0; i < c->n; i++)
        free(c->item[i].lesson);
    c->n = 0;
}

int course_find(const Course *c, const char *id)
{
    size_t len = strlen(id);
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->item[i].id, id) == 0)
            return i;
    /* A number alone: "4" and "04" both find "04-...". */
    long want = strtol(id, NULL, 10);
    if (len == 0 || strspn(id, "0123456789") != len || want <= 0)
        return -1;
    for (int i = 0; i < c->n; i++)
        if (strtol(c->item[i].id, NULL, 10) == want && strchr(c->item[i].id, '-') != NULL)
            return i;
    return -1;
}

int course_first_open(const Course *c)
{
    for (int i = 0; i < c->n; i++)
        if (!c->item[i].done)
            return i;
    return 0;
}

int course_done_count(const Course *c)
{
    int n = 0;
    for (int i = 0; i < c->n; i++)
        n += c->item[i].done;
    return n;
}

CmStatus course_mark_done(Course *c, int i, CmError *err)
{
    char *text;
    size_t len = 0;
    CmStatus st;

    cm_error_init(err, NULL);
    if (i < 0 || i >= c->n)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "no lesson %d", i);
    c->item[i].done = 1;
    if (c->progress[0] == '\0')
        return CM_OK;
    if ((text = malloc((size_t)c->n * (COURSE_ID_MAX + 1) + 1)) == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    for (int k = 0; k < c->n; k++)
        if (c->item[k].done)
            len += (size_t)sprintf(text + len, "%s\n", c->item[k].id);
    st = io_write_atomic(c->progress, text, len, err);
    free(text);
    return st;
}
