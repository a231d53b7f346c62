/* Fuzz target: saved games loaded into a session ('session_load'): any bytes as the record
 * file, with the tags a session adds (Seats, TimeControl, Clocks, Forfeit) and a Variant tag
 * that names a variant or a variant file next to the record. A load that works gives a game
 * that replays, seats and clocks within their ranges, and a game that, saved and loaded again,
 * is the same game; a refusal says why and leaves no game.
 * The record is written to a private temporary directory for each input, next to a variant
 * file 'local.yaml' (a copy of Cam); the directory goes when the process ends.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "io/io.h"
#include "session/session.h"

#define NOW_MS 1000000 /* the time of the saves, in the session's milliseconds */
#define MAX_CLOCK_MS ((int64_t)SETUP_MAX_SECONDS * 1000) /* the most a record gives */

static Catalog catalog;
static EngineThread *engine; /* never searches: with an engine, a record's seats are kept */
static char dir[512], record_path[600], again_path[600], local_path[600];

static void write_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
        perror(path);
        abort();
    }
}

static void clean_up(void)
{
    unlink(record_path);
    unlink(again_path);
    unlink(local_path);
    rmdir(dir);
    engine_thread_free(engine);
    catalog_free(&catalog);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    char variant[600], *text = NULL;
    size_t len = 0;
    CmError err;

    (void)argc;
    (void)argv;
    fuzz_temp_dir("save", dir, sizeof dir);
    snprintf(record_path, sizeof record_path, "%s/game.txt", dir);
    snprintf(again_path, sizeof again_path, "%s/again.txt", dir);
    snprintf(local_path, sizeof local_path, "%s/local.yaml", dir);
    snprintf(variant, sizeof variant, "%s/cam.yaml", CAMELOT_SOURCE_VARIANT_DIR);
    if (io_read_file(variant, CM_VARIANT_MAX_BYTES, &text, &len, &err) != CM_OK) {
        fprintf(stderr, "fuzz_save: %s: %s\n", variant, err.msg);
        abort();
    }
    write_file(local_path, text, len);
    free(text);
    catalog_init(&catalog);
    engine = engine_thread_new(0);
    if (engine == NULL)
        abort();
    atexit(clean_up);
    return 0;
}

/* What a loaded session holds: a game that replays, seats and clocks in range, a loss on time
 * only by the seat to move. */
static void check_session(const Session *s, const SessionLoad *info)
{
    const CmVariant *v = s->v;
    const SessionSetup *su = &s->setup;

    FUZZ_CHECK(s->active && v != NULL && s->g.v == v);
    FUZZ_CHECK(info->plies == s->g.n && !info->damaged);
    FUZZ_CHECK(!info->cut || s->notice[0] != '\0');
    fuzz_check_game(&s->g);
    for (int seat = 0; seat < v->nseats; seat++) {
        FUZZ_CHECK(su->seat[seat].kind == SEAT_HUMAN || su->seat[seat].kind == SEAT_ENGINE);
        FUZZ_CHECK(su->seat[seat].kind == SEAT_HUMAN ||
                   (su->seat[seat].level >= 1 && su->seat[seat].level <= CM_ENGINE_LEVELS));
        FUZZ_CHECK(s->clock[seat] >= 0 && s->clock[seat] <= MAX_CLOCK_MS);
        if (su->time_base_ms == 0)
            FUZZ_CHECK(s->clock[seat] == 0);
    }
    FUZZ_CHECK(su->time_base_ms >= 0 && su->time_base_ms <= MAX_CLOCK_MS);
    FUZZ_CHECK(su->time_inc_ms >= 0 && su->time_inc_ms <= MAX_CLOCK_MS);
    FUZZ_CHECK(su->time_base_ms > 0 || su->time_inc_ms == 0);
    if (s->forfeit >= 0) {
        FUZZ_CHECK(s->forfeit < v->nseats && s->forfeit == s->g.pos.to_move);
        FUZZ_CHECK(s->outcome.over && !s->g.outcome.over && s->clock[s->forfeit] == 0);
    } else if (s->resigned >= 0 || s->agreed) {
        /* A game ended off the board, by a resignation or an agreed draw. */
        FUZZ_CHECK(s->resigned < v->nseats && !(s->resigned >= 0 && s->agreed));
        FUZZ_CHECK(s->outcome.over && !s->g.outcome.over && s->forfeit == -1);
    } else {
        FUZZ_CHECK(s->forfeit == -1 && s->outcome.over == s->g.outcome.over);
    }
}

/* The game saved as a session saves it and loaded again is the same game. */
static void check_round_trip(const Session *s)
{
    static Session again;
    SessionEnv env = {&catalog, engine, NULL};
    SessionLoad info;
    CmError err;

    if (session_save_as(s, again_path, NOW_MS, &err) != CM_OK) {
        fprintf(stderr, "fuzz_save: not saved: %s\n", err.msg);
        abort();
    }
    session_init(&again, &env);
    if (session_load(&again, again_path, NULL, &info, &err) != CM_OK) {
        fprintf(stderr, "fuzz_save: the save does not load: %d:%d: %s\n", err.line, err.col,
                err.msg);
        abort();
    }
    FUZZ_CHECK(again.v == s->v && !info.cut && !info.damaged);
    FUZZ_CHECK(again.g.n == s->g.n && cm_pos_equal(&again.g.pos, &s->g.pos));
    for (int k = 0; k < s->g.n; k++)
        FUZZ_CHECK(cm_move_same(&again.g.ply[k].move, &s->g.ply[k].move));
    FUZZ_CHECK(again.setup.time_base_ms == s->setup.time_base_ms);
    FUZZ_CHECK(again.setup.time_inc_ms == s->setup.time_inc_ms);
    for (int seat = 0; seat < s->v->nseats; seat++) {
        const SeatSetup *a = &again.setup.seat[seat], *b = &s->setup.seat[seat];
        FUZZ_CHECK(a->kind == b->kind && (a->kind == SEAT_HUMAN || a->level == b->level));
        FUZZ_CHECK(again.clock[seat] == s->clock[seat]);
    }
    FUZZ_CHECK(again.forfeit == s->forfeit && again.outcome.over == s->outcome.over);
    FUZZ_CHECK(again.resigned == s->resigned && again.agreed == s->agreed);
    session_free(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Session s;
    SessionEnv env = {&catalog, engine, NULL};
    SessionLoad info;
    CmError err;

    write_file(record_path, data, size);
    session_init(&s, &env);
    memset(&err, 0, sizeof err);
    if (session_load(&s, record_path, NULL, &info, &err) != CM_OK) {
        FUZZ_CHECK(err.msg[0] != '\0' && !s.active && info.plies == 0);
        session_free(&s);
        return 0;
    }
    check_session(&s, &info);
    check_round_trip(&s);
    session_free(&s);
    return 0;
}
