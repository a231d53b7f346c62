/* Shared set-up, invariant checks and temporary directory of the fuzz targets.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include "fuzz_common.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "camelot/notation.h"

const char *const fuzz_variant_names[FUZZ_NVARIANTS] = {
    "camette",
    "cam",
    "camelot",
    "chivalry",
    "grand-cam",
    "grand-camelot",
    "four-handed-chivalry",
    "four-handed-chivalry-solo",
};
static CmVariant *loaded[FUZZ_NVARIANTS];

static CmVariant *load(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.yaml", CAMELOT_SOURCE_VARIANT_DIR, name);
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "fuzz: cannot open %s\n", path);
        abort();
    }
    static char text[CM_VARIANT_MAX_BYTES];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    CmVariant *v = NULL;
    CmError err;
    cm_error_init(&err, path);
    if (cm_variant_parse(text, len, &v, &err) != CM_OK) {
        fprintf(stderr, "fuzz: %s:%d:%d: %s\n", path, err.line, err.col, err.msg);
        abort();
    }
    return v;
}

const CmVariant *fuzz_variant(int i)
{
    i = ((i % FUZZ_NVARIANTS) + FUZZ_NVARIANTS) % FUZZ_NVARIANTS;
    if (loaded[i] == NULL)
        loaded[i] = load(fuzz_variant_names[i]);
    return loaded[i];
}

const CmVariant *fuzz_resolve(void *ud, const char *name, CmError *err)
{
    (void)ud;
    for (int i = 0; i < FUZZ_NVARIANTS; i++)
        if (strcmp(name, fuzz_variant_names[i]) == 0)
            return fuzz_variant(i);
    cm_error_set(err, CM_ERR_SCHEMA, 0, 0, "unknown variant '%s'", name);
    return NULL;
}

void fuzz_check_position(const CmPosition *start)
{
    static CmMoveList list;
    CmPosition pos = *start;
    int n = cm_movegen_all(&pos, &list);
    if (list.overflow)
        return;
    FUZZ_CHECK(cm_movegen_count(&pos) == n);
    for (int i = 0; i < n && i < 64; i++) {
        const CmMove *m = &list.m[i];
        char text[CM_MOVE_TEXT_MAX];
        CmMove back;
        CmPath path;
        FUZZ_CHECK(cm_movegen_canonical(&pos, m, &path) == CM_OK);
        cm_path_str(&path, text, sizeof text);
        FUZZ_CHECK(cm_move_parse(&pos, text, &back, NULL) == CM_OK);
        FUZZ_CHECK(cm_move_same(&back, m));
        CmPosition before = pos;
        CmUndo undo;
        cm_pos_apply(&pos, m, &undo);
        FUZZ_CHECK(pos.hash == cm_pos_compute_hash(&pos));
        cm_pos_undo(&pos, m, &undo);
        FUZZ_CHECK(memcmp(&pos, &before, sizeof pos) == 0);
    }
}

void fuzz_check_game(const CmGame *g)
{
    static CmMoveList list;
    CmGame again;
    FUZZ_CHECK(g->n >= 0 && g->n <= g->cap);
    FUZZ_CHECK(cm_game_init(&again, g->v, &g->start) == CM_OK);
    for (int k = 0; k < g->n; k++) {
        const CmPly *p = &g->ply[k];
        FUZZ_CHECK(!again.outcome.over);
        FUZZ_CHECK(p->seat == again.pos.to_move);
        cm_movegen_all(&again.pos, &list);
        if (!list.overflow)
            FUZZ_CHECK(cm_movelist_find(&list, &p->move) >= 0);
        FUZZ_CHECK(cm_game_play(&again, &p->move) == CM_OK);
        FUZZ_CHECK(again.hashes[k + 1] == g->hashes[k + 1]);
    }
    FUZZ_CHECK(cm_pos_equal(&again.pos, &g->pos));
    FUZZ_CHECK(again.outcome.over == g->outcome.over && again.outcome.draw == g->outcome.draw &&
               again.outcome.winner == g->outcome.winner &&
               again.outcome.reason == g->outcome.reason);
    cm_game_free(&again);
}

void fuzz_temp_dir(const char *name, char *buf, size_t size)
{
    const char *root = getenv("TMPDIR");
    if (root == NULL || root[0] == '\0')
        root = access("/dev/shm", W_OK | X_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(buf, size, "%s/camelot-fuzz-%s-XXXXXX", root, name);
    if (mkdtemp(buf) == NULL) {
        perror(buf);
        abort();
    }
}

static char sandbox[512];
static int sandbox_fd = -1, home_fd = -1;

/* Removes the files in the sandbox. */
static void sandbox_empty(void)
{
    DIR *d = fdopendir(dup(sandbox_fd));
    struct dirent *e;
    if (d == NULL)
        abort();
    rewinddir(d); /* the copy shares its offset with 'sandbox_fd', left at the end last time */
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlinkat(sandbox_fd, e->d_name, 0);
    closedir(d);
}

static void sandbox_remove(void)
{
    sandbox_empty();
    rmdir(sandbox);
}

void fuzz_sandbox_init(const char *name)
{
    fuzz_temp_dir(name, sandbox, sizeof sandbox);
    if ((sandbox_fd = open(sandbox, O_RDONLY | O_DIRECTORY)) < 0 ||
        (home_fd = open(".", O_RDONLY | O_DIRECTORY)) < 0) {
        perror(sandbox);
        abort();
    }
    atexit(sandbox_remove);
}

void fuzz_sandbox_enter(void)
{
    if (fchdir(sandbox_fd) != 0)
        abort();
}

void fuzz_sandbox_leave(void)
{
    if (fchdir(home_fd) != 0)
        abort();
    sandbox_empty();
}
