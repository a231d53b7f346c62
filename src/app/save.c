/* Saved games: game records with the seats, clocks and time control in extra tags, written
 * atomically into '$XDG_DATA_HOME/camelot', read back, and listed for loading.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "camelot/error.h"
#include "game_int.h"

#define AUTOSAVE_NAME "autosave.txt"

/* ---- Files ------------------------------------------------------------------------------- */

/* Makes 'path' and its parents (mode 0700). Returns 0 or -1 (errno set). */
static int make_dirs(char *path)
{
    struct stat sb;
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(path, 0700) != 0 && errno != EEXIST) {
            *p = '/';
            return -1;
        }
        *p = '/';
    }
    if (mkdir(path, 0700) != 0 && errno != EEXIST)
        return -1;
    if (stat(path, &sb) != 0)
        return -1;
    if (!S_ISDIR(sb.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

int game_data_dir(char *buf, size_t size, char *why, size_t why_size)
{
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    int n;

    if (xdg != NULL && xdg[0] == '/')
        n = snprintf(buf, size, "%s/camelot", xdg);
    else if (home != NULL && home[0] == '/')
        n = snprintf(buf, size, "%s/.local/share/camelot", home);
    else {
        snprintf(why, why_size, "neither XDG_DATA_HOME nor HOME is set: games are not saved");
        return -1;
    }
    if (n < 0 || (size_t)n >= size) {
        snprintf(why, why_size, "the data directory's name is too long: games are not saved");
        return -1;
    }
    if (make_dirs(buf) != 0) {
        snprintf(why, why_size, "cannot create %s: %s", buf, strerror(errno));
        return -1;
    }
    return 0;
}

CmStatus game_write_atomic(const char *path, const char *data, size_t len, CmError *err)
{
    char tmp[4200], dir[4096];
    const char *slash = strrchr(path, '/');
    int fd, saved;

    cm_error_init(err, path);
    if (slash == NULL)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    if ((size_t)snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, slash ? slash + 1 : path) >=
        sizeof tmp)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "the file name is too long");
    fd = mkstemp(tmp);
    if (fd < 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot create a file in %s: %s", dir,
                            strerror(errno));
    for (size_t done = 0; done < len;) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            goto fail;
        done += (size_t)w;
    }
    if (fsync(fd) != 0)
        goto fail;
    if (close(fd) != 0) {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(tmp, path) != 0)
        goto fail;
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return CM_OK;
fail:
    saved = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot write: %s", strerror(saved));
}

/* Reads a whole (small) file. NULL on failure, with 'err' filled. */
static char *read_all(const char *path, size_t max, size_t *len_out, CmError *err)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t len = 0, cap = 0;

    cm_error_init(err, path);
    if (f == NULL) {
        cm_error_set(err, CM_ERR_IO, 0, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    for (;;) {
        if (len + 1 >= cap) {
            cap = cap ? cap * 2 : 8192;
            char *b = realloc(buf, cap);
            if (b == NULL) {
                cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
                goto fail;
            }
            buf = b;
        }
        size_t n = fread(buf + len, 1, cap - 1 - len, f);
        len += n;
        if (len > max) {
            cm_error_set(err, CM_ERR_LIMIT, 0, 0, "file larger than %zu bytes", max);
            goto fail;
        }
        if (n == 0)
            break;
    }
    if (ferror(f)) {
        cm_error_set(err, CM_ERR_IO, 0, 0, "cannot read: %s", strerror(errno));
        goto fail;
    }
    fclose(f);
    buf[len] = '\0';
    *len_out = len;
    return buf;
fail:
    fclose(f);
    free(buf);
    return NULL;
}

/* ---- Records ----------------------------------------------------------------------------- */

static void add_tag(CmTag *tags, int *n, const char *name, const char *value)
{
    memset(&tags[*n], 0, sizeof tags[*n]);
    snprintf(tags[*n].name, sizeof tags[*n].name, "%s", name);
    snprintf(tags[*n].value, sizeof tags[*n].value, "%.*s", (int)sizeof tags[*n].value - 1, value);
    (*n)++;
}

/* Seconds with one decimal ("590.2"), or whole seconds when exact. */
static void seconds_text(int64_t ms, char *buf, size_t size)
{
    if (ms < 0)
        ms = 0;
    if (ms % 1000 == 0)
        snprintf(buf, size, "%lld", (long long)(ms / 1000));
    else
        snprintf(buf, size, "%lld.%03lld", (long long)(ms / 1000), (long long)(ms % 1000));
}

char *game_record_text(const Game *g, uint64_t now)
{
    const CmVariant *v = g->v;
    CmTag tags[16 + CM_MAX_SEATS];
    int n = 0;
    char val[256], a[32], b[32];
    time_t t = time(NULL);
    struct tm tm;

    add_tag(tags, &n, "Variant", g->setup.variant);
    if (localtime_r(&t, &tm) != NULL) {
        strftime(val, sizeof val, "%Y.%m.%d", &tm);
        add_tag(tags, &n, "Date", val);
    }
    for (int s = 0; s < v->nseats; s++) {
        if (game_seat_human(g, s))
            snprintf(val, sizeof val, "human");
        else
            snprintf(val, sizeof val, "camelot engine, level %d", g->setup.seat[s].level);
        add_tag(tags, &n, v->seat[s].name, val);
    }
    game_setup_seats_text(&g->setup, v, val, sizeof val);
    add_tag(tags, &n, "Seats", val);
    if (g->setup.time_base_ms > 0) {
        seconds_text(g->setup.time_base_ms, a, sizeof a);
        seconds_text(g->setup.time_inc_ms, b, sizeof b);
        snprintf(val, sizeof val, "%s+%s", a, b);
        add_tag(tags, &n, "TimeControl", val);
        size_t len = 0;
        for (int s = 0; s < v->nseats && len < sizeof val; s++) {
            seconds_text(game_clock_left(g, s, now), a, sizeof a);
            len += (size_t)snprintf(val + len, sizeof val - len, "%s%c=%s", s ? " " : "",
                                    v->seat[s].letter, a);
        }
        add_tag(tags, &n, "Clocks", val);
    }
    if (g->forfeit >= 0) {
        snprintf(val, sizeof val, "%c", v->seat[g->forfeit].letter);
        add_tag(tags, &n, "Forfeit", val);
        cm_result_str(v, &g->outcome, val, sizeof val);
        if (g->outcome.draw)
            snprintf(val, sizeof val, "*");
        add_tag(tags, &n, "Result", val);
        add_tag(tags, &n, "Termination", "time");
    }

    size_t need = cm_record_write(&g->g, tags, n, NULL, 0) + 1;
    char *buf = malloc(need);
    if (buf == NULL)
        return NULL;
    cm_record_write(&g->g, tags, n, buf, need);
    return buf;
}

CmStatus game_save(const Game *g, const char *path, uint64_t now, CmError *err)
{
    char *text = game_record_text(g, now);
    if (text == NULL) {
        cm_error_init(err, path);
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    }
    CmStatus st = game_write_atomic(path, text, strlen(text), err);
    free(text);
    return st;
}

void game_autosave_path(const char *dir, char *buf, size_t size)
{
    snprintf(buf, size, "%s/%s", dir, AUTOSAVE_NAME);
}

static void stamp(char *buf, size_t size)
{
    time_t t = time(NULL);
    struct tm tm;
    if (localtime_r(&t, &tm) == NULL)
        snprintf(buf, size, "%lld", (long long)t);
    else
        strftime(buf, size, "%Y%m%d-%H%M%S", &tm);
}

/* A file name in 'dir' starting with 'prefix' and the time, that does not exist yet. */
static void fresh_name(const char *dir, const char *prefix, char *buf, size_t size)
{
    char when[32];
    stamp(when, sizeof when);
    snprintf(buf, size, "%s/%s-%s.txt", dir, prefix, when);
    for (int i = 2; access(buf, F_OK) == 0 && i < 1000; i++)
        snprintf(buf, size, "%s/%s-%s-%d.txt", dir, prefix, when, i);
}

void game_save_path(const Game *g, const char *dir, char *buf, size_t size)
{
    fresh_name(dir, g->v->name, buf, size);
}

/* Whether the record at 'path' is a game with moves and no result. */
static int unfinished(const char *path)
{
    CmError err;
    CmRecord rec;
    size_t len;
    char *text = read_all(path, CM_RECORD_MAX_BYTES, &len, &err);
    int yes = 0;

    if (text == NULL)
        return 0;
    if (cm_record_parse(text, len, &rec, &err) == CM_OK) {
        const char *res = cm_record_tag(&rec, "Result");
        yes = rec.nmoves > 0 && (res == NULL || strcmp(res, "*") == 0);
        cm_record_free(&rec);
    }
    free(text);
    return yes;
}

CmStatus game_autosave(Game *g, uint64_t now)
{
    char path[4200], keep[4200];
    CmError err;

    /* A new game with no move yet leaves the autosave (perhaps an unfinished game) alone. */
    if (g->save_dir[0] == '\0' || (g->autosave_fresh && g->g.n == 0))
        return CM_OK;
    game_autosave_path(g->save_dir, path, sizeof path);
    if (g->autosave_fresh) {
        g->autosave_fresh = 0;
        if (unfinished(path)) {
            fresh_name(g->save_dir, "unfinished", keep, sizeof keep);
            rename(path, keep);
        }
    }
    CmStatus st = game_save(g, path, now, &err);
    if (st != CM_OK)
        cm_error_format(&err, g->save_error, sizeof g->save_error);
    else
        g->save_error[0] = '\0';
    return st;
}

/* ---- Loading ----------------------------------------------------------------------------- */

/* Reads the 'Clocks' tag ("W=590.2 B=600") into 'g->clock'. */
static void read_clocks(Game *g, const char *text)
{
    const char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        if (p[0] == '\0' || p[1] != '=')
            return;
        int s = cm_variant_seat(g->v, p[0]);
        const char *start = p + 2, *end = start;
        int64_t ms;
        while (*end && *end != ' ')
            end++;
        if (s >= 0 && game_parse_seconds(start, end, &ms))
            g->clock[s] = ms;
        p = end;
    }
}

CmStatus game_load(const char *path, CmVariantResolver resolve, void *ud, GameEngine *eng,
                   const char *save_dir, Game *out, CmError *err)
{
    CmRecord rec;
    GameSetup setup;
    size_t len;
    char *text = read_all(path, CM_RECORD_MAX_BYTES, &len, err);
    CmStatus st;
    const CmVariant *v;
    int have_game = 0;

    memset(&rec, 0, sizeof rec);
    if (text == NULL)
        return err->code;
    st = cm_record_parse(text, len, &rec, err);
    if (st != CM_OK)
        goto out;

    const char *ref = cm_record_tag(&rec, "Variant");
    if (ref == NULL)
        ref = "camelot";
    CmError verr;
    cm_error_init(&verr, NULL);
    v = resolve(ud, ref, &verr);
    if (v == NULL) {
        cm_error_init(err, path);
        st = cm_error_set(err, verr.code ? verr.code : CM_ERR_IO, 0, 0, "%s", verr.msg);
        goto out;
    }
    game_setup_default(&setup, v, ref);
    /* A record from elsewhere has no 'Seats': people play every seat. */
    for (int s = 0; s < v->nseats; s++)
        setup.seat[s].kind = GAME_HUMAN;
    const char *seats = cm_record_tag(&rec, "Seats");
    if (seats != NULL) {
        char buf[256], why[200];
        snprintf(buf, sizeof buf, "%s", seats);
        for (char *tok = strtok(buf, " "); tok != NULL; tok = strtok(NULL, " "))
            game_setup_seat(&setup, v, tok, why, sizeof why);
    }
    const char *tc = cm_record_tag(&rec, "TimeControl");
    if (tc != NULL) {
        const char *plus = strchr(tc, '+'), *end = tc + strlen(tc);
        int64_t base, inc = 0;
        if (game_parse_seconds(tc, plus ? plus : end, &base) && base > 0 &&
            (plus == NULL || game_parse_seconds(plus + 1, end, &inc))) {
            setup.time_base_ms = base;
            setup.time_inc_ms = inc;
        }
    }
    st = game_new(out, v, &setup, eng, save_dir);
    if (st != CM_OK) {
        cm_error_set(err, st, 0, 0, "out of memory");
        goto out;
    }
    have_game = 1;
    cm_error_init(err, path);
    st = cm_record_replay(&rec, &out->g, err);
    if (st != CM_OK)
        goto out;
    out->outcome = out->g.outcome;
    if (setup.time_base_ms > 0) {
        const char *clocks = cm_record_tag(&rec, "Clocks");
        if (clocks != NULL)
            read_clocks(out, clocks);
    }
    const char *ff = cm_record_tag(&rec, "Forfeit");
    if (ff != NULL && !out->outcome.over && cm_variant_seat(v, ff[0]) == out->g.pos.to_move)
        game_forfeit(out);
    out->autosave_fresh = 0;
    st = CM_OK;
out:
    if (st != CM_OK && have_game)
        game_free(out);
    cm_record_free(&rec);
    free(text);
    return st;
}

/* ---- The list of saved games ------------------------------------------------------------- */

static int newest_first(const void *a, const void *b)
{
    const GameSaveEntry *x = a, *y = b;
    return x->mtime < y->mtime ? 1 : x->mtime > y->mtime ? -1 : strcmp(x->path, y->path);
}

int game_list_saves(const char *dir, GameSaveEntry *out, int max)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int n = 0;

    if (d == NULL)
        return 0;
    while ((de = readdir(d)) != NULL && n < max) {
        size_t len = strlen(de->d_name);
        struct stat sb;
        if (de->d_name[0] == '.' || len < 5 || strcmp(de->d_name + len - 4, ".txt") != 0)
            continue;
        GameSaveEntry *e = &out[n];
        if ((size_t)snprintf(e->path, sizeof e->path, "%s/%s", dir, de->d_name) >=
            sizeof e->path)
            continue;
        if (stat(e->path, &sb) != 0 || !S_ISREG(sb.st_mode))
            continue;
        e->mtime = (int64_t)sb.st_mtime;

        /* What the record says: variant, moves, result. */
        CmError err;
        CmRecord rec;
        size_t tlen;
        char *text = read_all(e->path, CM_RECORD_MAX_BYTES, &tlen, &err);
        char what[96] = "not a game record";
        if (text != NULL && cm_record_parse(text, tlen, &rec, &err) == CM_OK) {
            const char *var = cm_record_tag(&rec, "Variant");
            const char *res = cm_record_tag(&rec, "Result");
            const char *slash = var ? strrchr(var, '/') : NULL;
            snprintf(what, sizeof what, "%-14.40s %4d moves  %s",
                     var ? (slash ? slash + 1 : var) : "camelot", rec.nmoves,
                     res == NULL || strcmp(res, "*") == 0 ? "unfinished" : res);
            cm_record_free(&rec);
        }
        free(text);
        char when[32];
        time_t mt = (time_t)e->mtime;
        struct tm tm;
        if (localtime_r(&mt, &tm) != NULL)
            strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
        else
            snprintf(when, sizeof when, "?");
        snprintf(e->label, sizeof e->label, "%s  %s%s", when, what,
                 strcmp(de->d_name, AUTOSAVE_NAME) == 0 ? "  (autosave)" : "");
        n++;
    }
    closedir(d);
    qsort(out, (size_t)n, sizeof *out, newest_first);
    return n;
}
