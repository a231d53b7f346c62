/* The course of lessons ('camelot learn'): the lesson files found next to the variants (in
 * 'lessons/' of the first directory of the variant search path that has any), in the order of
 * their names, and the player's progress, kept in the data directory.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_COURSE_H
#define CAMELOT_COURSE_H

#include "camelot/lesson.h"
#include "catalog.h"

#define COURSE_MAX 128   /* lessons in a course */
#define COURSE_ID_MAX 64 /* bytes of a lesson's id, NUL included */
#define COURSE_PATH_MAX 4096
#define COURSE_PROGRESS "lessons.txt" /* in the data directory: the ids of lessons done */

typedef struct CourseItem {
    char id[COURSE_ID_MAX]; /* the file's name without '.yaml', e.g. "04-jump" */
    CmLesson *lesson;       /* owned */
    int done;               /* the player has met its goal once */
} CourseItem;

typedef struct Course {
    int n;
    CourseItem item[COURSE_MAX];
    char dir[COURSE_PATH_MAX];      /* where the lesson files are */
    char progress[COURSE_PATH_MAX]; /* the progress file, "" when there is no data directory */
    char *others; /* the progress file's lines that name no lesson of this course (a lesson
                     of another version), written back as they were; NULL for none */
    int damaged;  /* the progress file is there but could not be read whole: it is kept
                     aside before it is written again */
    char kept[COURSE_PATH_MAX]; /* where 'course_mark_done' last kept it aside, "" for nowhere */
} Course;

/* Loads every lesson of the course (variants through 'cat') and the progress kept in
 * 'data_dir' (NULL or "": none kept), whose lines may end in CRLF. A lesson file that cannot be
 * loaded fails the whole course, with the file and the reason in 'err'; so does a course with
 * no lessons. A progress file that cannot be read (an error, a size over 64 KiB, bytes that
 * are no text) sets 'damaged' and counts what could be read. Free with 'course_free' (also
 * after a failure). */
CmStatus course_load(Course *c, Catalog *cat, const char *data_dir, CmError *err);
void course_free(Course *c);

/* The lesson with id 'id', or whose id starts with 'id' followed by '-' ("4" and "04" find
 * "04-jump"); -1 when none. */
int course_find(const Course *c, const char *id);

/* The first lesson not done yet (0 when all are). */
int course_first_open(const Course *c);

/* How many lessons are done. */
int course_done_count(const Course *c);

/* Marks lesson 'i' done and writes the progress file (atomically), with the lines of other
 * lessons it held. A 'damaged' progress file is first moved aside in its directory as
 * 'lessons-damaged-DATE.txt' (its path goes to 'kept'); when it cannot be, it is not written
 * over. A failure to write leaves the lesson marked done for this run and fills 'err'. */
CmStatus course_mark_done(Course *c, int i, CmError *err);

#endif
