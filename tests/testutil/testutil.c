/* Helpers shared by the unit tests.
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

int tu_find_move(const CmPosition *pos, const char *effect, CmMove *out)
{
    CmMoveList *list = malloc(sizeof *list);
    char buf[600];
    int found = 0;
    assert_non_null(list);
    cm_movegen_all(pos, list);
    for (int i = 0; i < list->n; i++) {
        if (strcmp(tu_effect(&list->m[i], buf), effect) == 0) {
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
    return tu_find_move(pos, effect, NULL);
}

CmSquare tu_sq(const char *name)
{
    CmSquare sq;
    if (cm_square_parse(name, &sq) == 0)
        fail_msg("'%s' is not a square name", name);
    return sq;
}

CmMoveList *tu_moves(const CmPosition *pos)
{
    CmMoveList *list = malloc(sizeof *list);
    assert_non_null(list);
    cm_movegen_all(pos, list);
    assert_false(list->overflow);
    return list;
}

uint64_t tu_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int tu_rand_below(uint64_t *state, int n)
{
    return (int)(tu_rand(state) % (uint64_t)n);
}

void tu_assert_contains(const char *text, const char *part)
{
    if (strstr(text, part) == NULL)
        fail_msg("'%s' does not contain '%s'", text, part);
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
