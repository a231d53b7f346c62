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

#define PROGRESS_MAX_BYTES (64 * 1024)

/* Whether the line 'line' of 'len' bytes can be a lesson's id: text, not too long. */
static int id_like(const char *line, size_t len)
{
    if (len >= COURSE_ID_MAX)
        return 0;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)line[i] < 0x20 || line[i] == 0x7f)
            return 0;
    return 1;
}

/* Adds 'line' of 'len' bytes to the lines of other lessons. */
static void keep_other(Course *c, const char *line, size_t len)
{
    size_t had = c->others != NULL ? strlen(c->others) : 0;
    char *t = realloc(c->others, had + len + 2);
    if (t == NULL) {
        c->damaged = 1; /* not all of it could be kept: the file is kept instead */
        return;
    }
    memcpy(t + had, line, len);
    t[had + len] = '\n';
    t[had + len + 1] = '\0';
    c->others = t;
}

/* Reads the ids of the lessons done from the progress file, one a line (LF or CRLF); a missing
 * file is no progress yet. Lines that name no lesson here are kept to be written back; a file
 * that cannot be read, or holds a line that is no id, is 'damaged'. */
static void read_progress(Course *c)
{
    char *text = NULL;
    size_t len = 0;
    CmError err;
    if (c->progress[0] == '\0' || !io_exists(c->progress))
        return;
    if (io_read_file(c->progress, PROGRESS_MAX_BYTES, &text, &len, &err) != CM_OK) {
        c->damaged = 1;
        return;
    }
    for (size_t at = 0; at < len;) {
        const char *line = text + at, *nl = memchr(line, '\n', len - at);
        size_t n = nl != NULL ? (size_t)(nl - line) : len - at;
        at += n + 1;
        if (n > 0 && line[n - 1] == '\r')
            n--;
        if (n == 0)
            continue;
        if (!id_like(line, n)) {
            c->damaged = 1;
            continue;
        }
        int found = 0;
        for (int i = 0; i < c->n; i++)
            if (strlen(c->item[i].id) == n && memcmp(c->item[i].id, line, n) == 0)
                found = c->item[i].done = 1;
        if (!found)
            keep_other(c, line, n);
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
    free(c->others);
    c->others = NULL;
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

/* Moves the damaged progress file aside, so that writing it loses nothing. */
static CmStatus keep_damaged(Course *c, CmError *err)
{
    char dir[COURSE_PATH_MAX];
    if (io_keep_aside(c->progress, io_dirname(c->progress, dir, sizeof dir), "lessons-damaged",
                      c->kept, sizeof c->kept, err) == CM_OK) {
        c->damaged = 0;
        return CM_OK;
    }
    return cm_error_set(err, CM_ERR_IO, 0, 0,
                        "the file could not be read, and is not written over: %.150s", err->msg);
}

CmStatus course_mark_done(Course *c, int i, CmError *err)
{
    char *text;
    size_t len = 0, others = c->others != NULL ? strlen(c->others) : 0;
    CmStatus st;

    cm_error_init(err, NULL);
    c->kept[0] = '\0';
    if (i < 0 || i >= c->n)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "no lesson %d", i);
    c->item[i].done = 1;
    if (c->progress[0] == '\0')
        return CM_OK;
    if (c->damaged && io_exists(c->progress) && keep_damaged(c, err) != CM_OK)
        return CM_ERR_IO;
    if ((text = malloc((size_t)c->n * (COURSE_ID_MAX + 1) + others + 1)) == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    for (int k = 0; k < c->n; k++)
        if (c->item[k].done)
            len += (size_t)sprintf(text + len, "%s\n", c->item[k].id);
    memcpy(text + len, c->others != NULL ? c->others : "", others + 1);
    st = io_write_atomic(c->progress, text, len + others, err);
    free(text);
    return st;
}
