/* A session's game on disk: the record with the seats, clocks and time control in extra tags,
 * the autosave after every move, saves, loads and the list of saved games. The files
 * themselves are src/io's.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "camelot/record.h"
#include "io/io.h"
#include "session.h"
#include "text.h"

#define AUTOSAVE_NAME "autosave.txt"
#define RECORD_TAGS (16 + CM_MAX_SEATS) /* tags a session writes, at most */

_Static_assert(SESSION_PATH_MAX == IO_PATH_MAX, "a session's paths are src/io's");

/* ---- Records ----------------------------------------------------------------------------- */

static void add_tag(CmTag *tags, int *n, const char *name, const char *value)
{
    memset(&tags[*n], 0, sizeof tags[*n]);
    snprintf(tags[*n].name, sizeof tags[*n].name, "%s", name);
    snprintf(tags[*n].value, sizeof tags[*n].value, "%.*s", (int)sizeof tags[*n].value - 1, value);
    (*n)++;
}

/* The clocks' tags: 'TimeControl' and 'Clocks'. */
static void clock_tags(const Session *s, uint64_t now, CmTag *tags, int *n)
{
    const CmVariant *v = s->v;
    char val[256], a[32], b[32];
    size_t len = 0;

    text_seconds(s->setup.time_base_ms, a, sizeof a);
    text_seconds(s->setup.time_inc_ms, b, sizeof b);
    snprintf(val, sizeof val, "%s+%s", a, b);
    add_tag(tags, n, "TimeControl", val);
    for (int seat = 0; seat < v->nseats && len < sizeof val; seat++) {
        text_seconds(session_clock_left(s, seat, now), a, sizeof a);
        len += (size_t)snprintf(val + len, sizeof val - len, "%s%c=%s", seat ? " " : "",
                                v->seat[seat].letter, a);
    }
    add_tag(tags, n, "Clocks", val);
}

char *session_record_text(const Session *s, uint64_t now)
{
    const CmVariant *v = s->v;
    CmTag tags[RECORD_TAGS];
    int n = 0;
    char val[256];
    time_t t = time(NULL);
    struct tm tm;

    add_tag(tags, &n, "Variant", s->setup.variant);
    if (localtime_r(&t, &tm) != NULL) {
        strftime(val, sizeof val, "%Y.%m.%d", &tm);
        add_tag(tags, &n, "Date", val);
    }
    for (int seat = 0; seat < v->nseats; seat++) {
        if (session_seat_human(s, seat))
            snprintf(val, sizeof val, "human");
        else
            snprintf(val, sizeof val, "camelot engine, level %d", s->setup.seat[seat].level);
        add_tag(tags, &n, v->seat[seat].name, val);
    }
    setup_seats_text(&s->setup, v, val, sizeof val);
    add_tag(tags, &n, "Seats", val);
    if (s->setup.time_base_ms > 0)
        clock_tags(s, now, tags, &n);
    if (s->forfeit >= 0) {
        snprintf(val, sizeof val, "%c", v->seat[s->forfeit].letter);
        add_tag(tags, &n, "Forfeit", val);
        cm_result_str(v, &s->outcome, val, sizeof val);
        if (s->outcome.draw)
            snprintf(val, sizeof val, "*");
        add_tag(tags, &n, "Result", val);
        add_tag(tags, &n, "Termination", "time");
    }

    size_t need = cm_record_write(&s->g, tags, n, NULL, 0) + 1;
    char *buf = malloc(need);
    if (buf == NULL)
        return NULL;
    cm_record_write(&s->g, tags, n, buf, need);
    return buf;
}

CmStatus session_save_as(const Session *s, const char *path, uint64_t now, CmError *err)
{
    char *text = session_record_text(s, now);
    if (text == NULL) {
        cm_error_init(err, path);
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    }
    CmStatus st = io_write_atomic(path, text, strlen(text), err);
    free(text);
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
    return session_save_as(s, path_out, now, err);
}

void session_autosave_path(const Session *s, char *buf, size_t size)
{
    if (s->env.data_dir == NULL)
        snprintf(buf, size, "%s", "");
    else
        snprintf(buf, size, "%s/%s", s->env.data_dir, AUTOSAVE_NAME);
}

/* Whether the record at 'path' is a game with moves and no result. */
static int unfinished(const char *path)
{
    CmError err;
    CmRecord rec;
    size_t len;
    char *text = NULL;
    int yes = 0;

    if (io_read_file(path, CM_RECORD_MAX_BYTES, &text, &len, &err) != CM_OK)
        return 0;
    if (cm_record_parse(text, len, &rec, &err) == CM_OK) {
        const char *res = cm_record_tag(&rec, "Result");
        yes = rec.nmoves > 0 && (res == NULL || strcmp(res, "*") == 0);
        cm_record_free(&rec);
    }
    free(text);
    return yes;
}

CmStatus session_autosave(Session *s, uint64_t now)
{
    char path[IO_PATH_MAX], keep[IO_PATH_MAX];
    CmError err;

    /* A new game with no move yet leaves the autosave (perhaps an unfinished game) alone. */
    if (s->env.data_dir == NULL || !s->active || (s->autosave_fresh && s->g.n == 0))
        return CM_OK;
    session_autosave_path(s, path, sizeof path);
    if (s->autosave_fresh) {
        s->autosave_fresh = 0;
        if (unfinished(path)) {
            io_fresh_name(s->env.data_dir, "unfinished", keep, sizeof keep);
            io_rename(path, keep, &err);
        }
    }
    CmStatus st = session_save_as(s, path, now, &err);
    if (st != CM_OK)
        cm_error_format(&err, s->save_error, sizeof s->save_error);
    else
        s->save_error[0] = '\0';
    return st;
}

CmStatus session_close(Session *s, uint64_t now)
{
    session_cancel_search(s);
    return session_autosave(s, now);
}

/* ---- Loading ----------------------------------------------------------------------------- */

/* Reads the 'Clocks' tag ("W=590.2 B=600") into 's->clock'. */
static void read_clocks(Session *s, const char *text)
{
    const char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        if (p[0] == '\0' || p[1] != '=')
            return;
        int seat = cm_variant_seat(s->v, p[0]);
        const char *start = p + 2, *end = start;
        int64_t ms;
        while (*end && *end != ' ')
            end++;
        if (seat >= 0 && setup_parse_seconds(start, end, &ms))
            s->clock[seat] = ms;
        p = end;
    }
}

/* The setup a record gives: its 'Seats' (people play every seat a record does not name) and
 * its 'TimeControl'. */
static void record_setup(const CmRecord *rec, const CmVariant *v, const char *ref,
                         SessionSetup *setup)
{
    setup_default(setup, v, ref);
    setup_all_human(setup);
    const char *seats = cm_record_tag(rec, "Seats");
    if (seats != NULL) {
        char buf[256], why[200];
        snprintf(buf, sizeof buf, "%s", seats);
        for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok != NULL;
             tok = strtok_r(NULL, " ", &save))
            setup_seat(setup, v, tok, why, sizeof why);
    }
    const char *tc = cm_record_tag(rec, "TimeControl");
    if (tc != NULL) {
        const char *plus = strchr(tc, '+'), *end = tc + strlen(tc);
        int64_t base, inc = 0;
        if (setup_parse_seconds(tc, plus ? plus : end, &base) && base > 0 &&
            (plus == NULL || setup_parse_seconds(plus + 1, end, &inc))) {
            setup->time_base_ms = base;
            setup->time_inc_ms = inc;
        }
    }
}

/* The line of tag 'name' in 'rec', 0 when it has none. */
static int tag_line(const CmRecord *rec, const char *name)
{
    for (int i = 0; i < rec->ntags; i++)
        if (strcmp(rec->tag[i].name, name) == 0)
            return rec->tag[i].line;
    return 0;
}

/* Starts 'out' (a session of the same environment) from the parsed record 'rec'. */
static CmStatus start_from_record(Session *out, const CmRecord *rec, const char *path, CmError *err)
{
    char dir[IO_PATH_MAX];
    CatalogResolver r = {out->env.catalog, io_dirname(path, dir, sizeof dir), {0}};
    SessionSetup setup;
    const char *ref = cm_record_tag(rec, "Variant");

    if (ref == NULL)
        ref = "camelot";
    CmError verr;
    cm_error_init(&verr, NULL);
    const CmVariant *v = catalog_resolve(&r, ref, &verr);
    if (v == NULL && r.file_err.code != CM_OK && err != NULL) {
        *err = r.file_err; /* the variant file is bad: its own place and message */
        return err->code;
    }
    if (v == NULL) {
        cm_error_init(err, path);
        return cm_error_set(err, verr.code ? verr.code : CM_ERR_IO, tag_line(rec, "Variant"), 0,
                            "the record's variant '%s': %s", ref, verr.msg);
    }
    record_setup(rec, v, ref, &setup);
    if (session_start(out, v, &setup, NULL) != CM_OK) {
        cm_error_init(err, path);
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    }
    cm_error_init(err, path);
    CmStatus st = cm_record_replay(rec, &out->g, err);
    if (st != CM_OK)
        return st;
    out->outcome = out->g.outcome;
    if (setup.time_base_ms > 0) {
        const char *clocks = cm_record_tag(rec, "Clocks");
        if (clocks != NULL)
            read_clocks(out, clocks);
    }
    const char *ff = cm_record_tag(rec, "Forfeit");
    if (ff != NULL && !out->outcome.over && cm_variant_seat(v, ff[0]) == out->g.pos.to_move)
        session_forfeit(out);
    return CM_OK;
}

CmStatus session_load(Session *s, const char *path, CmError *err)
{
    CmRecord rec;
    Session next;
    size_t len;
    char *text = NULL, auto_path[IO_PATH_MAX];
    CmStatus st;

    memset(&rec, 0, sizeof rec);
    st = io_read_file(path, CM_RECORD_MAX_BYTES, &text, &len, err);
    if (st != CM_OK)
        return st;
    st = cm_record_parse(text, len, &rec, err);
    session_init(&next, &s->env);
    if (st == CM_OK)
        st = start_from_record(&next, &rec, path, err);
    cm_record_free(&rec);
    free(text);
    if (st != CM_OK) {
        session_free(&next);
        return st;
    }
    session_autosave_path(s, auto_path, sizeof auto_path);
    next.autosave_fresh = strcmp(auto_path, path) != 0;
    session_free(s);
    *s = next;
    return CM_OK;
}

/* ---- The list of saved games ------------------------------------------------------------- */

static int newest_first(const void *a, const void *b)
{
    const SaveEntry *x = a, *y = b;
    return x->mtime < y->mtime ? 1 : x->mtime > y->mtime ? -1 : strcmp(x->path, y->path);
}

/* What the record at 'path' is: "camelot   31 moves  unfinished". */
static void describe(const char *path, char *what, size_t size)
{
    CmError err;
    CmRecord rec;
    size_t len;
    char *text = NULL, moves[32];

    snprintf(what, size, "not a game record");
    if (io_read_file(path, CM_RECORD_MAX_BYTES, &text, &len, &err) != CM_OK)
        return;
    if (cm_record_parse(text, len, &rec, &err) == CM_OK) {
        const char *var = cm_record_tag(&rec, "Variant");
        const char *res = cm_record_tag(&rec, "Result");
        const char *slash = var ? strrchr(var, '/') : NULL;
        text_count(rec.nmoves, "move", moves, sizeof moves);
        snprintf(what, size, "%-14.40s %10s  %s", var ? (slash ? slash + 1 : var) : "camelot",
                 moves, res == NULL || strcmp(res, "*") == 0 ? "unfinished" : res);
        cm_record_free(&rec);
    }
    free(text);
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
    n = io_list_dir(s->env.data_dir, ".txt", files, max);
    for (int i = 0; i < n; i++) {
        SaveEntry *e = &out[i];
        char what[96], when[32];
        time_t mt = (time_t)files[i].mtime;
        struct tm tm;
        memcpy(e->path, files[i].path, sizeof e->path);
        e->mtime = files[i].mtime;
        describe(e->path, what, sizeof what);
        if (localtime_r(&mt, &tm) != NULL)
            strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
        else
            snprintf(when, sizeof when, "?");
        snprintf(e->label, sizeof e->label, "%s  %s%s", when, what,
                 strcmp(files[i].name, AUTOSAVE_NAME) == 0 ? "  (autosave)" : "");
    }
    free(files);
    qsort(out, (size_t)n, sizeof *out, newest_first);
    return n;
}
