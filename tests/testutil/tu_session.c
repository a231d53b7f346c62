/* Helpers for the tests of the session layer.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "testutil.h"
#include "tu_session.h"

static Catalog cat;
static int cat_ready;

static void free_catalog(void)
{
    catalog_free(&cat);
}

Catalog *tu_catalog(void)
{
    if (!cat_ready) {
        catalog_init(&cat);
        cat_ready = 1;
        atexit(free_catalog);
    }
    return &cat;
}

const CmVariant *tu_session_variant(const char *name)
{
    CmError err;
    const CmVariant *v = catalog_get(tu_catalog(), name, NULL, &err);
    if (v == NULL)
        fail_msg("%s: %s", name, err.msg);
    return v;
}

void tu_session_open(Session *s, EngineThread *eng, const char *dir)
{
    SessionEnv env = {tu_catalog(), eng, dir};
    session_init(s, &env);
}

void tu_session_new(Session *g, const char *name, const char *seats, EngineThread *eng,
                    const char *dir)
{
    const CmVariant *v = tu_session_variant(name);
    SessionSetup s;
    char buf[128], why[200];
    setup_default(&s, v, name);
    snprintf(buf, sizeof buf, "%s", seats);
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
        if (setup_seat(&s, v, tok, why, sizeof why) != 0)
            fail_msg("%s: %s", tok, why);
    tu_session_open(g, eng, dir);
    assert_int_equal(session_start(g, v, &s, NULL), CM_OK);
}

void tu_session_play(Session *g, const char *text, uint64_t now)
{
    CmMove m;
    CmError err;
    cm_error_init(&err, NULL);
    if (cm_move_parse(&g->g.pos, text, &m, &err) != CM_OK)
        fail_msg("%s: %s", text, err.msg);
    assert_int_equal(session_play(g, &m, now), CM_OK);
}

CmStatus tu_session_load(Session *back, const char *path, const char *dir, EngineThread *eng,
                         CmError *err)
{
    tu_session_open(back, eng, dir);
    return session_load(back, path, NULL, NULL, err);
}
