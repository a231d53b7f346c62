/* A session's game on disk: saves, the autosave after every move (one writer a file, held by
 * a lock; the game a new autosave would write over kept aside first), failed autosaves tried
 * again and, as the program ends, rescued elsewhere; the list of saved games. The files
 * themselves are src/io's.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "camelot/posdoc.h"
#include "camelot/record.h"
#include "course.h"
#include "io/io.h"
#include "puzzle.h"
#include "session_int.h"
#include "text.h"

#define AUTOSAVE_NAME "autosave"
#define NAME_MAX_LEN 256 /* a file name, NUL included */

/* ---- Saves ------------------------------------------------------------------------------- */

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The 'Variant' tag of a save at 'path'. A variant's name stays a name. A variant file gets a
 * copy next to the save (the file itself when it is there already), named by the file's name
 * or, when another file has that name, with '-2', '-3' ... added: the record names it, and
 * loads wherever it goes with its variant. When no copy can be made, the file's own path. */
static void save_variant_ref(const Session *s, const char *path, char *ref, size_t size)
{
    const char *src = s->setup.variant;
    char dir[IO_PATH_MAX], name[NAME_MAX_LEN], copy[IO_PATH_MAX], *text = NULL, *there = NULL;
    size_t len = 0, there_len = 0;
    CmError err;

    snprintf(ref, size, "%s", src);
    if (!catalog_is_path(src) ||
        io_read_file(src, CM_VARIANT_MAX_BYTES, &text, &len, &err) != CM_OK)
        return;
    io_dirname(path, dir, sizeof dir);
    snprintf(name, sizeof name, "%s", base_name(src));
    for (int k = 2; k < 100; k++) {
        if (io_join(dir, name, copy, sizeof copy) != 0)
            break;
        if (io_read_file(copy, CM_VARIANT_MAX_BYTES, &there, &there_len, &err) != CM_OK) {
            if (err.code == CM_ERR_IO && io_write_new(copy, text, len, &err) == CM_OK)
                snprintf(ref, size, "%s", name);
            break;
        }
        int same = there_len == len && memcmp(there, text, len) == 0;
        free(there);
        there = NULL;
        if (same) {
            snprintf(ref, size, "%s", name);
            break;
        }
        const char *stem_end = strrchr(base_name(src), '.');
        int stem = stem_end ? (int)(stem_end - base_name(src)) : (int)strlen(base_name(src));
        snprintf(name, sizeof name, "%.*s-%d.yaml", stem, base_name(src), k);
    }
    free(text);
}

/* 'session_save_as' ('replace' set) and 'session_save_new'. */
static CmStatus save_record(const Session *s, const char *typed, uint64_t now, int replace,
                            CmError *err)
{
    char ref[SETUP_REF_MAX], path[IO_PATH_MAX];
    if (io_expand_home(typed, path, sizeof path) != 0) {
        cm_error_init(err, typed);
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "the path is too long");
    }
    /* A path refused takes no copy of the variant file next to it either. */
    CmStatus st = io_check_write(path, replace, err);
    if (st != CM_OK)
        return st;
    save_variant_ref(s, path, ref, sizeof ref);
    char *text = session_record_text(s, now, ref);
    cm_error_init(err, path);
    if (text == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    size_t len = strlen(text);
    st = cm_record_fits(len, err);
    if (st == CM_OK)
        st = replace ? io_write_atomic(path, text, len, err) : io_write_new(path, text, len, err);
    free(text);
    return st;
}

CmStatus session_save_as(const Session *s, const char *path, uint64_t now, CmError *err)
{
    return save_record(s, path, now, 1, err);
}

CmStatus session_save_new(const Session *s, const char *path, uint64_t now, CmError *err)
{
    return save_record(s, path, now, 0, err);
}

CmStatus session_write_position(const Session *s, const CmPosition *pos, const char *path,
                                int replace, CmError *err)
{
    char ref[SETUP_REF_MAX];
    CmStatus st = io_check_write(path, replace, err);
    if (st != CM_OK)
        return st;
    save_variant_ref(s, path, ref, sizeof ref);
    size_t len = cm_posdoc_write(pos, ref, NULL, 0);
    char *text = malloc(len + 1);
    if (text == NULL) {
        cm_error_init(err, path);
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    }
    cm_posdoc_write(pos, ref, text, len + 1);
    st = replace ? io_write_atomic(path, text, len, err) : io_write_new(path, text, len, err);
    free(text);
    return st;
}

CmStatus session_export_paths(const char *typed, int replace, char *pos_path, char *rec_path,
                              size_t size, CmError *err)
{
    char base[IO_PATH_MAX];
    if (io_expand_home(typed, base, sizeof base) != 0) {
        cm_error_init(err, typed);
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "the path is too long");
    }
    size_t n = strlen(base);
    if (n > 5 && (strcmp(base + n - 5, ".yaml") == 0))
        n -= 5;
    else if (n > 4 && strcmp(base + n - 4, ".txt") == 0)
        n -= 4;
    cm_error_init(err, base);
    if (n == 0 || base[n - 1] == '/')
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "a file name is needed, not a directory");
    if ((size_t)snprintf(pos_path, size, "%.*s.yaml", (int)n, base) >= size ||
        (size_t)snprintf(rec_path, size, "%.*s.txt", (int)n, base) >= size)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "the path is too long");
    /* Both files are looked at before either is written: one refused writes neither. */
    CmStatus st = io_check_write(pos_path, replace, err);
    if (st == CM_OK)
        st = io_check_write(rec_path, replace, err);
    return st;
}

CmStatus session_export(const Session *s, const char *typed, uint64_t now, int replace,
                        char *pos_path, char *rec_path, size_t size, CmError *err)
{
    CmStatus st = session_export_paths(typed, replace, pos_path, rec_path, size, err);
    if (st == CM_OK)
        st = session_write_position(s, &s->g.pos, pos_path, replace, err);
    if (st == CM_OK)
        st = save_record(s, rec_path, now, replace, err);
    return st;
}

CmStatus session_save_copy(const Session *s, uint64_t now, char *path_out, size_t size,
                           CmError *err)
{
    cm_error_init(err, NULL);
    if (s->env.data_dir == NULL)
        return cm_error_set(err, CM_ERR_IO, 0, 0,
                            "games cannot be saved: there is no data directory");
    io_fresh_name(s->env.data_dir, s->v->name, path_out, size);
    return session_save_new(s, path_out, now, err);
}

CmStatus session_keep_damaged(const char *path, char *kept, size_t size, CmError *err)
{
    char dir[IO_PATH_MAX];
    io_fresh_name(io_dirname(path, dir, sizeof dir), "damaged", kept, size);
    return io_rename(path, kept, err);
}

/* ---- The autosave ------------------------------------------------------------------------ */

/* The autosave of slot 'k' in 'dir', or its lock ('ext' "txt" or "lock"). */
static void slot_path(const char *dir, int k, const char *ext, char *buf, size_t size)
{
    if (k <= 1)
        snprintf(buf, size, "%s/%s.%s", dir, AUTOSAVE_NAME, ext);
    else
        snprintf(buf, size, "%s/%s-%d.%s", dir, AUTOSAVE_NAME, k, ext);
}

void session_autosave_path(const Session *s, char *buf, size_t size)
{
    if (s->env.data_dir == NULL)
        snprintf(buf, size, "%s", "");
    else
        slot_path(s->env.data_dir, s->slot, "txt", buf, size);
}

/* The autosave of slot 'k' is this session's from now on (it holds the lock): what an earlier
 * writer of it left half written, killed before its rename, goes. */
static void slot_taken(Session *s, int k, int fd)
{
    char path[IO_PATH_MAX];
    s->lock_fd = fd;
    s->slot = k;
    slot_path(s->env.data_dir, k, "txt", path, sizeof path);
    io_remove_temporaries(path);
}

CmStatus session_take_autosave(Session *s, CmError *err)
{
    char lock[IO_PATH_MAX];
    cm_error_init(err, NULL);
    if (s->env.data_dir == NULL)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "there is no data directory");
    if (s->slot == 1)
        return CM_OK;
    slot_path(s->env.data_dir, 1, "lock", lock, sizeof lock);
    int fd;
    CmStatus st = io_lock(lock, &fd, err);
    if (st != CM_OK) {
        char why[sizeof err->msg], path[IO_PATH_MAX];
        memcpy(why, err->msg, sizeof why);
        slot_path(s->env.data_dir, 1, "txt", path, sizeof path);
        return cm_error_set(err, st, 0, 0, "the autosaved game %.300s: %.200s", path, why);
    }
    io_unlock(s->lock_fd);
    slot_taken(s, 1, fd);
    return CM_OK;
}

/* Takes the first autosave no other camelot holds; when it is not the first, the notice says
 * where this game is saved. */
static CmStatus take_slot(Session *s, CmError *err)
{
    char lock[IO_PATH_MAX], path[IO_PATH_MAX];
    CmStatus st = CM_ERR_ARG;
    for (int k = 1; k <= SESSION_SLOTS && st == CM_ERR_ARG; k++) {
        int fd;
        slot_path(s->env.data_dir, k, "lock", lock, sizeof lock);
        st = io_lock(lock, &fd, err);
        if (st == CM_OK)
            slot_taken(s, k, fd);
    }
    if (st == CM_ERR_ARG)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "all %d autosaves are in use by other camelots",
                            SESSION_SLOTS);
    if (st == CM_OK && s->slot > 1) {
        s->autosave_fresh = 1; /* the file is not the one this game was loaded from */
        slot_path(s->env.data_dir, s->slot, "txt", path, sizeof path);
        snprintf(s->notice, sizeof s->notice,
                 "Another camelot is playing in this data directory: this game is saved to "
                 "%.300s ('camelot --load' with that file continues it).",
                 path);
    }
    return st;
}

/* Before a new game's first autosave: the game the file holds is kept aside when it is
 * unfinished ('unfinished-DATE.txt') or is no record at all, or cannot be read
 * ('damaged-DATE.txt'). Fails when it cannot be kept: the file must not be written over. */
static CmStatus keep_old(Session *s, const char *path, CmError *err)
{
    char *text = NULL, kept[IO_PATH_MAX];
    size_t len = 0;
    CmRecord rec;
    CmStatus st = io_read_file(path, CM_RECORD_MAX_BYTES, &text, &len, err);
    if (st == CM_ERR_NOMEM)
        return st; /* no telling what it holds: tried again later */
    if (st != CM_OK && !io_exists(path))
        return CM_OK; /* nothing there */
    int damaged = st != CM_OK || cm_record_parse(text, len, &rec, err) != CM_OK;
    int unfinished = 0;
    if (!damaged) {
        const char *res = cm_record_tag(&rec, "Result");
        unfinished = rec.nmoves > 0 && (res == NULL || strcmp(res, "*") == 0);
        cm_record_free(&rec);
    }
    free(text);
    if (!damaged && !unfinished)
        return CM_OK;
    st = io_keep_aside(path, s->env.data_dir, damaged ? "damaged" : "unfinished", kept, sizeof kept,
                       err);
    if (st != CM_OK)
        return st;
    if (damaged)
        snprintf(s->notice, sizeof s->notice,
                 "The autosave could not be read as a game; it was kept as %.300s.", kept);
    return CM_OK;
}

CmStatus session_autosave(Session *s, uint64_t now)
{
    char path[IO_PATH_MAX];
    CmError err;
    CmStatus st = CM_OK;

    /* A new game with no move yet leaves the autosave (perhaps an unfinished game) alone,
     * unless it has ended already (on time, by a resignation, by agreement): that is a game. */
    if (s->env.data_dir == NULL || !s->active ||
        (s->autosave_fresh && s->g.n == 0 && !s->outcome.over))
        return CM_OK;
    if (s->slot == 0)
        st = take_slot(s, &err);
    if (st == CM_OK) {
        session_autosave_path(s, path, sizeof path);
        if (s->autosave_fresh && (st = keep_old(s, path, &err)) == CM_OK)
            s->autosave_fresh = 0;
        if (st == CM_OK)
            st = session_save_as(s, path, now, &err);
    }
    if (st != CM_OK) {
        cm_error_format(&err, s->save_error, sizeof s->save_error);
        s->save_retry_at = now + SESSION_RETRY_MS;
    } else {
        s->save_error[0] = '\0';
        s->save_retry_at = 0;
    }
    return st;
}

/* Writes the game where it can when the data directory takes nothing. Returns CM_OK with its
 * path in 'rescued'. */
static CmStatus rescue(const Session *s, uint64_t now, char *rescued, size_t size)
{
    const char *dirs[IO_RESCUE_DIRS];
    int n = io_rescue_dirs(dirs);
    CmError err;
    for (int i = 0; i < n; i++) {
        io_fresh_name(dirs[i], "camelot-rescued", rescued, size);
        if (session_save_as(s, rescued, now, &err) == CM_OK)
            return CM_OK;
    }
    rescued[0] = '\0';
    return CM_ERR_IO;
}

CmStatus session_close(Session *s, uint64_t now, char *rescued, size_t size, CmError *err)
{
    session_cancel_search(s);
    rescued[0] = '\0';
    cm_error_init(err, NULL);
    /* A new game with no move yet has nothing to keep, as for the autosave. */
    if (!s->active || (s->autosave_fresh && s->g.n == 0 && !s->outcome.over))
        return CM_OK;
    /* With no data directory the game was never saved: it is rescued like one whose data
     * directory failed. */
    if (s->env.data_dir == NULL)
        cm_error_set(err, CM_ERR_IO, 0, 0, "there is no data directory");
    else if (session_autosave(s, now) == CM_OK)
        return CM_OK;
    else
        cm_error_set(err, CM_ERR_IO, 0, 0, "%s", s->save_error);
    return rescue(s, now, rescued, size) == CM_OK ? CM_OK : CM_ERR_IO;
}

/* ---- The list of saved games ------------------------------------------------------------- */

static int newest_first(const void *a, const void *b)
{
    const SaveEntry *x = a, *y = b;
    return x->mtime < y->mtime ? 1 : x->mtime > y->mtime ? -1 : strcmp(x->path, y->path);
}

/* The seats of a record: one word a seat in its 'Seats' tag ("W=human B=engine:5"), or 0 when it
 * has none. */
static int record_seats(const CmRecord *rec)
{
    const char *seats = cm_record_tag(rec, "Seats");
    int n = 0;
    for (const char *p = seats; p != NULL && *p; p++)
        n += *p != ' ' && (p == seats || p[-1] == ' ');
    return n;
}

/* What the record of 'e' is: its variant, its length ("16 moves (31 plies)", or the plies alone
 * when the record does not say how many seats play) and whether it is finished; or that it is
 * no game record. */
static void describe(SaveEntry *e)
{
    CmError err;
    CmRecord rec;
    size_t len;
    char *text = NULL;

    e->variant[0] = e->length[0] = '\0';
    snprintf(e->state, sizeof e->state, "not a game record");
    if (io_read_file(e->path, CM_RECORD_MAX_BYTES, &text, &len, &err) != CM_OK)
        return;
    if (cm_record_parse(text, len, &rec, &err) == CM_OK) {
        const char *var = cm_record_tag(&rec, "Variant");
        const char *res = cm_record_tag(&rec, "Result");
        int seats = record_seats(&rec);
        if (seats > 0)
            text_game_length(seats, rec.nmoves, e->length, sizeof e->length);
        else
            text_plies(rec.nmoves, e->length, sizeof e->length);
        snprintf(e->variant, sizeof e->variant, "%s", var ? base_name(var) : "camelot");
        snprintf(e->state, sizeof e->state, "%s",
                 res == NULL || strcmp(res, "*") == 0 ? "unfinished" : res);
        cm_record_free(&rec);
    }
    free(text);
}

/* Whether a file of the data directory is the lessons' progress or the puzzles' score (or one
 * of them kept aside), which the list of games leaves out. */
static int not_a_save(const char *name)
{
    return strcmp(name, COURSE_PROGRESS) == 0 || strcmp(name, PUZZLE_SCORE_FILE) == 0 ||
           strncmp(name, "lessons-damaged", 15) == 0 || strncmp(name, "puzzles-damaged", 15) == 0;
}

int session_list_saves(const Session *s, SaveEntry *out, int max)
{
    IoDirEntry *files;
    int n;

    if (s->env.data_dir == NULL || max <= 0)
        return 0;
    files = malloc((size_t)max * sizeof *files);
    if (files == NULL)
        return 0;
    int found = io_list_dir(s->env.data_dir, ".txt", files, max);
    n = 0;
    for (int i = 0; i < found; i++) {
        SaveEntry *e = &out[n];
        time_t mt = (time_t)files[i].mtime;
        struct tm tm;
        if (not_a_save(files[i].name))
            continue;
        n++;
        memcpy(e->path, files[i].path, sizeof e->path);
        e->mtime = files[i].mtime;
        describe(e);
        if (localtime_r(&mt, &tm) != NULL)
            strftime(e->when, sizeof e->when, "%Y-%m-%d %H:%M", &tm);
        else
            snprintf(e->when, sizeof e->when, "?");
        e->autosave = strncmp(files[i].name, AUTOSAVE_NAME, strlen(AUTOSAVE_NAME)) == 0;
        if (e->variant[0])
            snprintf(e->label, sizeof e->label, "%s  %-13.40s %19.40s  %s%s", e->when, e->variant,
                     e->length, e->state, e->autosave ? "  (autosave)" : "");
        else
            snprintf(e->label, sizeof e->label, "%s  %s%s", e->when, e->state,
                     e->autosave ? "  (autosave)" : "");
    }
    free(files);
    qsort(out, (size_t)n, sizeof *out, newest_first);
    return n;
}
