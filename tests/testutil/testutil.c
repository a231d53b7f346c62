/* Helpers shared by the unit tests (see testutil.h).
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include "testutil.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "camelot/notation.h"
#include "camelot/posdoc.h"
#include "camelot/random.h"

const char *const tu_variant_names[TU_NVARIANTS] = {
    "camette",
    "cam",
    "camelot",
    "chivalry",
    "grand-cam",
    "grand-camelot",
    "four-handed-chivalry",
    "four-handed-chivalry-solo",
};

char *tu_read_file(const char *path, size_t *len_out)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long len;
    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
        goto out;
    buf = malloc((size_t)len + 1);
    if (buf == NULL)
        goto out;
    if (fread(buf, 1, (size_t)len, f) != (size_t)len) {
        free(buf);
        buf = NULL;
        goto out;
    }
    buf[len] = '\0';
    if (len_out)
        *len_out = (size_t)len;
out:
    fclose(f);
    return buf;
}

#define TU_CACHE 16
static struct {
    char name[64];
    CmVariant *v;
} cache[TU_CACHE];

static void free_cache(void)
{
    for (int i = 0; i < TU_CACHE; i++)
        cm_variant_free(cache[i].v);
}

const CmVariant *tu_variant(const char *name)
{
    static int registered;
    int i;
    for (i = 0; i < TU_CACHE && cache[i].v; i++)
        if (strcmp(cache[i].name, name) == 0)
            return cache[i].v;
    assert_true(i < TU_CACHE);
    char path[512];
    snprintf(path, sizeof path, "%s/%s.yaml", CAMELOT_SOURCE_VARIANT_DIR, name);
    size_t len;
    char *text = tu_read_file(path, &len);
    if (text == NULL)
        fail_msg("cannot read %s", path);
    CmError err;
    cm_error_init(&err, path);
    CmVariant *v = NULL;
    CmStatus st = cm_variant_parse(text, len, &v, &err);
    free(text);
    if (st != CM_OK) {
        char msg[512];
        cm_error_format(&err, msg, sizeof msg);
        fail_msg("%s", msg);
    }
    snprintf(cache[i].name, sizeof cache[i].name, "%s", name);
    cache[i].v = v;
    if (!registered) {
        atexit(free_cache);
        registered = 1;
    }
    return v;
}

CmVariant *tu_variant_from_text(const char *yaml)
{
    CmError err;
    CmVariant *v = NULL;
    cm_error_init(&err, "test.yaml");
    if (cm_variant_parse(yaml, strlen(yaml), &v, &err) != CM_OK) {
        char msg[512];
        cm_error_format(&err, msg, sizeof msg);
        fail_msg("%s", msg);
    }
    assert_non_null(v);
    return v;
}

void tu_position(CmPosition *pos, const CmVariant *v, const char *pieces, char to_move)
{
    cm_pos_clear(pos, v);
    const char *p = pieces;
    int seat = -1;
    while (*p) {
        if (*p == ' ' || *p == ';') {
            if (*p == ';')
                seat = -1;
            p++;
            continue;
        }
        if (seat < 0) {
            seat = cm_variant_seat(v, *p);
            if (seat < 0)
                fail_msg("unknown seat '%c' in \"%s\"", *p, pieces);
            p++;
            continue;
        }
        CmSquare sq;
        int used = cm_square_parse(p, &sq);
        if (used == 0 || !cm_variant_on(v, sq))
            fail_msg("bad square at \"%s\"", p);
        p += used;
        int kind;
        if (*p == 'K')
            kind = CM_KNIGHT;
        else if (*p == 'M')
            kind = CM_MAN;
        else
            fail_msg("expected K or M after a square at \"%s\"", p);
        p++;
        if (pos->board[sq] != CM_EMPTY)
            fail_msg("two pieces on one square in \"%s\"", pieces);
        cm_pos_put(pos, sq, CM_CELL(seat, kind));
    }
    int s = cm_variant_seat(v, to_move);
    assert_true(s >= 0);
    cm_pos_set_turn(pos, s);
}

char *tu_effect(const CmMove *m, char *buf)
{
    cm_move_effect_str(m, buf, 600);
    return buf;
}

/* Rewrites effect text with its captured squares sorted bytewise, as 'cm_move_effect_str' writes
 * them, so that a test may list them in any order. */
static void normalize(const char *in, char *out, size_t size)
{
    char buf[600];
    char *caps[CM_MAX_PIECES];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", in);
    char *x = strchr(buf, 'x');
    if (x == NULL) {
        snprintf(out, size, "%s", buf);
        return;
    }
    *x = '\0';
    for (char *tok = x + 1; tok != NULL && n < CM_MAX_PIECES;) {
        char *comma = strchr(tok, ',');
        if (comma != NULL)
            *comma = '\0';
        caps[n++] = tok;
        tok = comma != NULL ? comma + 1 : NULL;
    }
    qsort(caps, (size_t)n, sizeof caps[0], tu_cmp_str);
    size_t len = (size_t)snprintf(out, size, "%s", buf);
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%c%s", i ? ',' : 'x', caps[i]);
}

int tu_find_move(const CmPosition *pos, const char *effect, CmMove *out)
{
    CmMoveList *list = malloc(sizeof *list);
    char norm[600], buf[600];
    int found = 0;
    assert_non_null(list);
    normalize(effect, norm, sizeof norm);
    cm_movegen_all(pos, list);
    for (int i = 0; i < list->n; i++) {
        if (strcmp(tu_effect(&list->m[i], buf), norm) == 0) {
            if (out)
                *out = list->m[i];
            found = 1;
            break;
        }
    }
    free(list);
    return found;
}

int tu_has_move(const CmPosition *pos, const char *effect)
{
    CmMoveList *list = tu_checked_moves(pos);
    free(list);
    return tu_find_move(pos, effect, NULL);
}

/* The sorted effect texts of the moves in 'list' (only those from 'from' when not NULL),
 * joined by spaces. */
static void list_text(const CmMoveList *list, const char *from, char *out, size_t size)
{
    char(*eff)[600] = malloc((size_t)(list->n + 1) * sizeof *eff);
    const char **ptr = malloc((size_t)(list->n + 1) * sizeof *ptr);
    int n = 0;
    assert_non_null(eff);
    assert_non_null(ptr);
    for (int i = 0; i < list->n; i++) {
        tu_effect(&list->m[i], eff[n]);
        if (from != NULL) {
            size_t k = strlen(from);
            if (strncmp(eff[n], from, k) != 0 || eff[n][k] != '>')
                continue;
        }
        ptr[n] = eff[n];
        n++;
    }
    qsort(ptr, (size_t)n, sizeof ptr[0], tu_cmp_str);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%s", i ? " " : "", ptr[i]);
    free(ptr);
    free(eff);
}

/* Sorts and normalizes a space-separated list of effects. */
static void want_text(const char *want, char *out, size_t size)
{
    char buf[4096];
    char norm[64][600];
    const char *ptr[64];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", want);
    for (char *tok = buf; *tok != '\0';) {
        char *end = tok + strcspn(tok, " ");
        int last = *end == '\0';
        *end = '\0';
        if (*tok == '\0') {
            if (last)
                break;
            tok = end + 1;
            continue;
        }
        assert_true(n < 64);
        normalize(tok, norm[n], sizeof norm[n]);
        ptr[n] = norm[n];
        n++;
        if (last)
            break;
        tok = end + 1;
    }
    qsort(ptr, (size_t)n, sizeof ptr[0], tu_cmp_str);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%s", i ? " " : "", ptr[i]);
}

void tu_expect_moves(const CmPosition *pos, const char *from, const char *want)
{
    static char got_s[16384], want_s[16384];
    CmMoveList *list = tu_checked_moves(pos);
    list_text(list, from, got_s, sizeof got_s);
    want_text(want, want_s, sizeof want_s);
    free(list);
    if (strcmp(got_s, want_s) != 0)
        fail_msg("moves%s%s differ\n  want: %s\n  got:  %s", from ? " from " : "", from ? from : "",
                 want_s, got_s);
}

CmSquare tu_sq(const char *name)
{
    CmSquare sq;
    int used = cm_square_parse(name, &sq);
    if (used == 0 || name[used] != '\0')
        fail_msg("'%s' is not a square name", name);
    return sq;
}

int tu_seat(const CmVariant *v, char letter)
{
    int s = cm_variant_seat(v, letter);
    if (s < 0 || s >= v->nseats)
        fail_msg("%s has no seat '%c'", v->name, letter);
    return s;
}

CmMoveList *tu_moves(const CmPosition *pos)
{
    CmMoveList *list = malloc(sizeof *list);
    assert_non_null(list);
    int n = cm_movegen_all(pos, list);
    assert_int_equal(n, list->n);
    assert_false(list->overflow);
    int count = cm_movegen_count(pos);
    if (count != n) {
        static char doc[8192];
        cm_posdoc_write(pos, NULL, doc, sizeof doc);
        free(list);
        fail_msg("%s: cm_movegen_count %d, cm_movegen_all %d in\n%s", pos->v->name, count, n, doc);
    }
    return list;
}

CmMoveList *tu_checked_moves(const CmPosition *pos)
{
    CmMoveList *list = tu_moves(pos);
    char a[600];
    for (int i = 0; i < list->n; i++) {
        const CmMove *m = &list->m[i];
        uint8_t cell = pos->board[m->from];
        if (cell == CM_EMPTY || CM_CELL_SEAT(cell) != pos->to_move)
            fail_msg("%s is not by a piece of the seat to move", tu_effect(m, a));
        if (m->from == m->to && m->ncap == 0)
            fail_msg("%s is a pass", tu_effect(m, a));
        for (int j = i + 1; j < list->n; j++)
            if (cm_move_same(m, &list->m[j]))
                fail_msg("%s is listed twice", tu_effect(m, a));
        CmPosition p = *pos;
        CmUndo u;
        cm_pos_apply(&p, m, &u);
        assert_int_equal(p.hash, cm_pos_compute_hash(&p));
        cm_pos_undo(&p, m, &u);
        assert_true(cm_pos_equal(&p, pos));
        assert_int_equal(p.hash, pos->hash);
    }
    return list;
}

uint64_t tu_rand(uint64_t *state)
{
    return cm_random_next(state);
}

int tu_rand_below(uint64_t *state, int n)
{
    assert_true(n > 0);
    return (int)(tu_rand(state) % (uint64_t)n);
}

void tu_assert_contains(const char *text, const char *part)
{
    if (strstr(text, part) == NULL)
        fail_msg("'%s' does not contain '%s'", text, part);
}

int tu_cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void tu_temp_dir(char *buf, size_t size)
{
    const char *base = getenv("TMPDIR");
    snprintf(buf, size, "%s/camelot-test-XXXXXX", base && base[0] ? base : "/tmp");
    assert_non_null(mkdtemp(buf));
}

void tu_remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    char path[4200];
    if (d == NULL)
        return;
    while ((de = readdir(d)) != NULL) {
        struct stat sb;
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        if (lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            chmod(path, 0700);
            tu_remove_tree(path);
        } else {
            unlink(path);
        }
    }
    closedir(d);
    rmdir(dir);
}

int tu_count_files(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int n = 0;
    assert_non_null(d);
    while ((de = readdir(d)) != NULL)
        n += strncmp(de->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return n;
}

static const CmVariant *resolve_by_name(void *ud, const char *name, CmError *err)
{
    (void)ud;
    (void)err;
    return tu_variant(name);
}

void tu_position_file(CmPosition *pos, const char *name)
{
    char path[512];
    size_t len;
    CmError err;
    snprintf(path, sizeof path, "%s/big/%s", CAMELOT_TEST_DATA_DIR, name);
    char *text = tu_read_file(path, &len);
    if (text == NULL)
        fail_msg("cannot read %s", path);
    cm_error_init(&err, path);
    if (cm_posdoc_parse(text, len, resolve_by_name, NULL, NULL, pos, &err) != CM_OK)
        fail_msg("%s:%d:%d: %s", path, err.line, err.col, err.msg);
    free(text);
}

int tu_time_factor(void)
{
    const char *san = getenv("CAMELOT_SANITIZED"), *ci = getenv("CI");
    int f = 1;
    if (san != NULL && strcmp(san, "1") == 0)
        f *= 4;
    if (ci != NULL && strcmp(ci, "true") == 0)
        f *= 2;
    return f;
}
