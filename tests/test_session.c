/* The session layer, without a terminal: seat and clock options, saving and loading records
 * with their extra tags, the autosave, the list of saves, clocks and losses on time, undo and
 * redo against the engine, the engine thread itself, and the texts the command line and the
 * screen share.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "camelot/notation.h"
#include "io/io.h"
#include "session/analysis.h"
#include "session/clock.h"
#include "session/session.h"
#include "session/session_int.h"
#include "session/text.h"
#include "testutil.h"
#include "tu_session.h"

/* ---- Setups -------------------------------------------------------------------------------- */

static void test_session_seat_options(void **state)
{
    (void)state;
    const CmVariant *v = tu_session_variant("camelot");
    SessionSetup s;
    char why[200], text[128];
    setup_default(&s, v, "camelot");
    assert_int_equal(s.seat[0].kind, SEAT_HUMAN);
    assert_int_equal(s.seat[1].kind, SEAT_ENGINE);
    assert_int_equal(s.seat[1].level, 5);
    assert_int_equal(setup_seat(&s, v, "W=engine:7", why, sizeof why), 0);
    assert_int_equal(s.seat[0].kind, SEAT_ENGINE);
    assert_int_equal(s.seat[0].level, 7);
    assert_int_equal(setup_seat(&s, v, "b=human", why, sizeof why), 0);
    assert_int_equal(s.seat[1].kind, SEAT_HUMAN);
    assert_int_equal(setup_seat(&s, v, "B=10", why, sizeof why), 0);
    assert_int_equal(s.seat[1].level, 10);
    assert_int_equal(setup_seat(&s, v, "B=engine", why, sizeof why), 0);
    assert_int_equal(s.seat[1].level, 5);
    setup_seats_text(&s, v, text, sizeof text);
    assert_string_equal(text, "W=engine:7 B=engine:5");

    assert_int_equal(setup_seat(&s, v, "R=human", why, sizeof why), -1);
    assert_non_null(strstr(why, "Camelot has no seat 'R' (its seats are W,B)"));
    assert_int_equal(setup_seat(&s, v, "W=engine:11", why, sizeof why), -1);
    assert_non_null(strstr(why, "level is 1 to 10"));
    assert_int_equal(setup_seat(&s, v, "W=robot", why, sizeof why), -1);
    assert_int_equal(setup_seat(&s, v, "W", why, sizeof why), -1);

    /* Four seats by letter: B is Blue here. */
    v = tu_session_variant("grand-camelot");
    setup_default(&s, v, "grand-camelot");
    assert_int_equal(setup_seat(&s, v, "B=human", why, sizeof why), 0);
    assert_int_equal(s.seat[2].kind, SEAT_HUMAN);
    setup_seats_text(&s, v, text, sizeof text);
    assert_string_equal(text, "R=human G=engine:5 B=human Y=engine:5");
}

static void test_session_time_controls(void **state)
{
    (void)state;
    int64_t base, inc;
    assert_int_equal(setup_parse_time("10+5", &base, &inc), 0);
    assert_int_equal(base, 600000);
    assert_int_equal(inc, 5000);
    assert_int_equal(setup_parse_time("3", &base, &inc), 0);
    assert_int_equal(base, 180000);
    assert_int_equal(inc, 0);
    assert_int_equal(setup_parse_time("0.5+2.5", &base, &inc), 0);
    assert_int_equal(base, 30000);
    assert_int_equal(inc, 2500);
    assert_int_equal(setup_parse_time("", &base, &inc), -1);
    assert_int_equal(setup_parse_time("ten", &base, &inc), -1);
    assert_int_equal(setup_parse_time("10+", &base, &inc), -1);
    assert_int_equal(setup_parse_time("0+0", &base, &inc), -1);
    assert_int_equal(setup_parse_time("10+5x", &base, &inc), -1);
}

/* ---- Saving and loading -------------------------------------------------------------------- */

static void test_session_record_round_trip(void **state)
{
    (void)state;
    char dir[256], path[512];
    Session g, back;
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    /* Engine seats stay engine seats only with an engine to play them. */
    EngineThread *eng = engine_thread_new(1 << 20);
    assert_non_null(eng);
    tu_session_new(&g, "camelot", "W=human B=engine:7", eng, NULL);
    g.setup.time_base_ms = 600000;
    g.setup.time_inc_ms = 5000;
    for (int s = 0; s < 2; s++)
        g.clock[s] = 600000;
    tu_session_play(&g, "E6-E8", 1000);
    tu_session_play(&g, "F11-F9", 1000);
    tu_session_play(&g, "F6-F8", 1000);  /* White took no time and got 5 s back */
    tu_session_play(&g, "G11-G9", 3500); /* Black took 2.5 s and got 5 s back */
    assert_int_equal(g.clock[1], 602500);
    char *text = session_record_text(&g, 3500, NULL);
    assert_non_null(text);
    assert_non_null(strstr(text, "[Variant \"camelot\"]"));
    assert_non_null(strstr(text, "[Seats \"W=human B=engine:7\"]"));
    assert_non_null(strstr(text, "[Black \"camelot engine, level 7\"]"));
    assert_non_null(strstr(text, "[TimeControl \"600+5\"]"));
    assert_non_null(strstr(text, "[Clocks \"W=605 B=602.500\"]"));
    assert_non_null(strstr(text, "1. E6-E8 F11-F9 2. F6-F8 G11-G9"));
    free(text);

    snprintf(path, sizeof path, "%s/game.txt", dir);
    assert_int_equal(session_save_as(&g, path, 3500, &err), CM_OK);
    assert_int_equal(tu_session_load(&back, path, dir, eng, &err), CM_OK);
    assert_int_equal(back.g.n, 4);
    assert_true(cm_pos_equal(&back.g.pos, &g.g.pos));
    assert_int_equal(back.setup.seat[0].kind, SEAT_HUMAN);
    assert_int_equal(back.setup.seat[1].kind, SEAT_ENGINE);
    assert_int_equal(back.setup.seat[1].level, 7);
    assert_int_equal(back.setup.time_base_ms, 600000);
    assert_int_equal(back.setup.time_inc_ms, 5000);
    assert_int_equal(back.clock[0], 605000);
    assert_int_equal(back.clock[1], 602500);
    /* A record that is not the autosave goes on in a new autosave. */
    assert_true(back.autosave_fresh);
    session_free(&back);
    /* Without an engine the same record is played by people. */
    assert_int_equal(tu_session_load(&back, path, dir, NULL, &err), CM_OK);
    assert_int_equal(back.setup.seat[1].kind, SEAT_HUMAN);
    session_free(&back);

    /* Records from elsewhere: no seats means people; bad ones are refused with a reason. */
    FILE *f = fopen(path, "w");
    fputs("[Variant \"camette\"]\n1. C3-C4 *\n", f);
    fclose(f);
    assert_int_equal(tu_session_load(&back, path, NULL, NULL, &err), CM_OK);
    assert_string_equal(back.v->name, "camette");
    assert_int_equal(back.setup.seat[1].kind, SEAT_HUMAN);
    assert_int_equal(back.g.n, 1);
    session_free(&back);
    f = fopen(path, "w");
    fputs("[Variant \"camette\"]\n1. C3-C9 *\n", f);
    fclose(f);
    assert_int_equal(tu_session_load(&back, path, NULL, NULL, &err), CM_ERR_ILLEGAL);
    assert_non_null(strstr(err.msg, "C3-C9"));
    f = fopen(path, "w");
    fputs("[Variant \"nonsense\"]\n", f);
    fclose(f);
    assert_int_not_equal(tu_session_load(&back, path, NULL, NULL, &err), CM_OK);
    assert_non_null(strstr(err.msg, "nonsense"));
    snprintf(path, sizeof path, "%s/missing.txt", dir);
    assert_int_equal(tu_session_load(&back, path, NULL, NULL, &err), CM_ERR_IO);
    session_free(&g);
    engine_thread_free(eng);
    tu_remove_tree(dir);
}

static void test_session_autosave_after_every_move(void **state)
{
    (void)state;
    char dir[256], data[512], path[600];
    Session g, back;
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    setenv("XDG_DATA_HOME", dir, 1);
    assert_int_equal(io_data_dir(data, sizeof data, &err), CM_OK);
    snprintf(path, sizeof path, "%s/camelot", dir);
    assert_string_equal(data, path);
    tu_session_open(&g, NULL, data);
    session_autosave_path(&g, path, sizeof path);
    session_free(&g);

    tu_session_new(&g, "camelot", "W=human B=human", NULL, data);
    tu_session_play(&g, "E6-E8", 1);
    tu_session_play(&g, "F11-F9", 2);
    tu_session_play(&g, "E8-E9", 3);
    assert_string_equal(g.save_error, "");
    /* What is on disk at any moment is the whole game: as after a crash. */
    assert_int_equal(tu_session_load(&back, path, data, NULL, &err), CM_OK);
    assert_int_equal(back.g.n, 3);
    assert_true(cm_pos_equal(&back.g.pos, &g.g.pos));
    session_free(&back);
    /* Undo is saved too. */
    session_undo(&g, 4);
    assert_int_equal(tu_session_load(&back, path, data, NULL, &err), CM_OK);
    assert_int_equal(back.g.n, 2);
    session_free(&back);
    session_free(&g);

    /* A new game keeps the unfinished one before its first autosave, which comes with its
     * first move. */
    tu_session_new(&g, "camette", "W=human B=human", NULL, data);
    assert_int_equal(session_autosave(&g, 1), CM_OK);
    assert_int_equal(tu_count_files(data, "unfinished-"), 0);
    assert_int_equal(tu_session_load(&back, path, data, NULL, &err), CM_OK);
    assert_string_equal(back.v->name, "camelot");
    session_free(&back);
    tu_session_play(&g, "C3-C4", 1);
    assert_int_equal(tu_count_files(data, "unfinished-"), 1);
    assert_int_equal(tu_session_load(&back, path, data, NULL, &err), CM_OK);
    assert_string_equal(back.v->name, "camette");
    session_free(&back);
    session_free(&g);

    SaveEntry saves[8];
    tu_session_open(&g, NULL, data);
    int n = session_list_saves(&g, saves, 8);
    session_free(&g);
    assert_int_equal(n, 2);
    int autos = 0;
    for (int i = 0; i < n; i++)
        autos += strstr(saves[i].label, "(autosave)") != NULL;
    assert_int_equal(autos, 1);
    assert_non_null(strstr(saves[0].label, "unfinished") ? saves[0].label : saves[1].label);

    /* A directory that cannot be written: the failure is reported, the game goes on. */
    tu_session_new(&g, "camette", "W=human B=human", NULL, "/nonexistent/dir");
    tu_session_play(&g, "C3-C4", 1);
    assert_int_equal(g.g.n, 1);
    assert_string_not_equal(g.save_error, "");
    session_free(&g);
    unsetenv("XDG_DATA_HOME");
    tu_remove_tree(dir);
}

/* A seat's clock starts after that seat's first move, as on lichess: nobody loses on time
 * before moving. From then on the seat to move is charged for its time, the increment is
 * added after each move, and a clock that runs out loses. */
static void test_session_clocks_and_loss_on_time(void **state)
{
    (void)state;
    Session g;
    tu_session_new(&g, "camelot", "W=human B=human", NULL, NULL);
    g.setup.time_base_ms = 10000;
    g.setup.time_inc_ms = 1000;
    for (int s = 0; s < 2; s++)
        g.clock[s] = 10000;
    session_tick(&g, 100000);
    assert_int_equal(session_clock_left(&g, 0, 104000), 10000);
    assert_false(session_tick(&g, 200000) & SESSION_EV_OVER);
    tu_session_play(&g, "E6-E8", 200000);
    assert_int_equal(g.clock[0], 10000); /* a move whose clock did not run earns nothing */
    assert_false(session_tick(&g, 300000) & SESSION_EV_OVER);
    assert_int_equal(session_clock_left(&g, 1, 300000), 10000);
    tu_session_play(&g, "F11-F9", 300000);
    assert_int_equal(g.clock[1], 10000);
    /* Both have moved: the clocks run. */
    assert_int_equal(session_clock_left(&g, 0, 304000), 6000);
    tu_session_play(&g, "F6-F8", 304000);
    assert_int_equal(g.clock[0], 7000);
    unsigned ev = session_tick(&g, 305000);
    assert_false(ev & SESSION_EV_OVER);
    ev = session_tick(&g, 314000);
    assert_true(ev & SESSION_EV_OVER);
    assert_true(g.outcome.over);
    assert_int_equal(g.forfeit, 1);
    assert_int_equal(g.outcome.winner, 0);
    char *text = session_record_text(&g, 314000, NULL);
    assert_non_null(strstr(text, "[Forfeit \"B\"]"));
    assert_non_null(strstr(text, "[Result \"W\"]"));
    assert_non_null(strstr(text, "[Termination \"time\"]"));
    free(text);
    /* No move after the flag fell. */
    CmMove m;
    CmError err;
    assert_int_equal(cm_move_parse(&g.g.pos, "G11-G9", &m, &err), CM_OK);
    assert_int_equal(session_play(&g, &m, 315000), CM_ERR_ILLEGAL);
    /* Taken back to before White's first move, White's clock stops again. */
    assert_int_equal(session_undo(&g, 316000), 1);
    assert_int_equal(session_undo(&g, 316000), 1);
    assert_int_equal(session_undo(&g, 316000), 1);
    assert_int_equal(g.g.n, 0);
    assert_int_equal(session_clock_left(&g, 0, 999000), g.clock[0]);
    assert_false(session_tick(&g, 999000) & SESSION_EV_OVER);
    session_free(&g);
}

/* ---- The engine ---------------------------------------------------------------------------- */

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static void tick_until(Session *g, int plies, int ms)
{
    uint64_t t0 = clock_ms();
    while (g->g.n < plies) {
        if (g->outcome.over)
            fail_msg("the game ended after %d plies, before %d", g->g.n, plies);
        if (clock_ms() - t0 > (uint64_t)ms)
            fail_msg("no move after %d ms: %d plies, searching %d, held %d, ticket %u, over %d", ms,
                     g->g.n, g->searching, g->has_held, g->ticket, g->outcome.over);
        session_tick(g, clock_ms());
        sleep_ms(5);
    }
}

static void test_session_engine_seats_and_undo(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Session g;
    assert_non_null(eng);
    tu_session_new(&g, "camette", "W=human B=engine:2", eng, NULL);
    assert_int_equal(session_tick(&g, clock_ms()) & SESSION_EV_MOVED, 0);
    assert_false(g.searching);
    tu_session_play(&g, "C3-C4", clock_ms());
    tick_until(&g, 2, 20000);
    assert_int_equal(g.g.ply[1].seat, 1);
    /* Undo goes back to the person's previous move, redo plays both again. */
    assert_int_equal(session_undo(&g, clock_ms()), 2);
    assert_int_equal(g.g.n, 0);
    assert_int_equal(session_redo(&g, clock_ms()), 2);
    assert_int_equal(g.g.n, 2);
    assert_int_equal(session_undo(&g, clock_ms()), 2);
    /* The same move again keeps the redo list; the engine answers as before or otherwise. */
    tu_session_play(&g, "C3-C4", clock_ms());
    assert_int_equal(g.nredo, 1);
    tick_until(&g, 2, 20000);
    session_free(&g);

    /* Four seats, every one an engine: they play in turn order. */
    tu_session_new(&g, "grand-cam", "R=engine:1 G=engine:1 B=engine:1 Y=engine:1", eng, NULL);
    tick_until(&g, 4, 30000);
    for (int i = 0; i < 4; i++)
        assert_int_equal(g.g.ply[i].seat, i);
    session_free(&g);
    engine_thread_free(eng);
}

/* When engines play every seat, their moves come no sooner than the pace after each other; a
 * move found sooner waits with the clocks stopped, and 'm' plays it at once. A person's game
 * has no pace. */
static void test_session_pace_spaces_engine_moves(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Session g;
    assert_non_null(eng);
    /* Camelot, where no game ends in four plies (level 1 often ends a Camette game in three). */
    tu_session_new(&g, "camelot", "W=engine:1 B=engine:1", eng, NULL);
    session_set_pace(&g, 300);
    assert_true(session_paced(&g));
    uint64_t t0 = clock_ms();
    session_tick(&g, t0);
    /* The times the session played the moves at (those of the ticks that played them): when
     * the test sees a move is later, and depends on the machine's load. */
    uint64_t at[4];
    for (int i = 0; i < 4; i++) {
        tick_until(&g, i + 1, 20000);
        at[i] = g.moved_at;
    }
    assert_true(at[0] - t0 >= 300);
    for (int i = 1; i < 4; i++)
        assert_true(at[i] - at[i - 1] >= 300);
    session_free(&g);

    /* The clocks stand still while a move waits for the pace. */
    tu_session_new(&g, "camette", "W=engine:1 B=engine:1", eng, NULL);
    g.setup.time_base_ms = 60000;
    g.clock[0] = g.clock[1] = 60000;
    session_set_pace(&g, 60000);
    t0 = clock_ms();
    while (!g.has_held) {
        if (clock_ms() - t0 > 20000)
            fail_msg("no move found in 20 s");
        session_tick(&g, clock_ms());
        sleep_ms(5);
    }
    uint64_t now = clock_ms();
    int64_t left = session_clock_left(&g, 0, now);
    assert_true(left > 50000);
    session_tick(&g, now + 30000);
    assert_int_equal(g.g.n, 0);
    assert_int_equal(session_clock_left(&g, 0, now + 30000), left);
    /* 'm' plays the waiting move at once. */
    assert_true(session_move_now(&g));
    assert_true(session_tick(&g, now + 30000) & SESSION_EV_MOVED);
    assert_int_equal(g.g.n, 1);
    assert_false(g.has_held);
    assert_int_equal(g.clock[0], left);
    /* The pace has a ceiling. */
    session_set_pace(&g, 1000000);
    assert_int_equal(g.pace_ms, SESSION_PACE_MAX_MS);
    session_free(&g);

    /* A person plays: the engine answers without waiting for the pace. */
    tu_session_new(&g, "camette", "W=human B=engine:1", eng, NULL);
    session_set_pace(&g, 60000);
    assert_false(session_paced(&g));
    tu_session_play(&g, "C3-C4", clock_ms());
    tick_until(&g, 2, 20000);
    session_free(&g);
    engine_thread_free(eng);
}

/* A hint's move, score and line come from one search result: the last completed iteration.
 * A search stopped inside an iteration may have moved on to another move there, whose score
 * and line it does not have (docs/engine.md: a move of an unfinished iteration). */
static void test_session_hint_from_one_result(void **state)
{
    (void)state;
    Session g;
    EngineDone done;
    CmMove unfinished, best, reply;
    CmPosition after;
    CmUndo u;
    CmOutcome o;
    CmError err;
    tu_session_new(&g, "camelot", "W=human B=human", NULL, NULL);
    assert_int_equal(cm_move_parse(&g.g.pos, "H6-H8", &unfinished, &err), CM_OK);
    assert_int_equal(cm_move_parse(&g.g.pos, "F6-F8", &best, &err), CM_OK);
    after = g.g.pos;
    cm_pos_apply(&after, &best, &u);
    cm_rules_settle(&after, &o);
    assert_int_equal(cm_move_parse(&after, "G11-G9", &reply, &err), CM_OK);

    memset(&done, 0, sizeof done);
    done.purpose = ENGINE_JOB_HINT;
    done.result.has_move = 1;
    done.result.seat = 0;
    done.result.move = unfinished;
    done.result.info.depth = 9;
    done.result.info.score = 7;
    done.result.info.npv = 2;
    done.result.info.pv[0] = best;
    done.result.info.pv[1] = reply;
    text_pv(&g.g.pos, done.result.info.pv, 2, done.pv_text, sizeof done.pv_text);
    assert_string_equal(done.pv_text, "F6-F8 G11-G9");
    g.searching = ENGINE_JOB_HINT;
    g.search_seat = 0;
    assert_true(session_search_done(&g, &done, 1) & SESSION_EV_HINT);
    assert_true(g.has_hint);
    assert_int_equal(g.hint_ply, 0);
    assert_true(cm_move_same(&g.hint, &best));
    assert_int_equal(g.info_purpose, ENGINE_JOB_HINT);
    assert_int_equal(g.info_seat, 0);
    assert_int_equal(g.info.score, 7);
    assert_true(cm_move_same(&g.info.pv[0], &g.hint));
    assert_string_equal(g.pv_text, "F6-F8 G11-G9");

    /* Stopped before its first iteration: the move it has, and no score or line. */
    memset(&done.result.info, 0, sizeof done.result.info);
    done.pv_text[0] = '\0';
    g.searching = ENGINE_JOB_HINT;
    g.has_hint = 0;
    g.info_seat = -1;
    assert_true(session_search_done(&g, &done, 2) & SESSION_EV_HINT);
    assert_true(g.has_hint);
    assert_true(cm_move_same(&g.hint, &unfinished));
    assert_int_equal(g.info_seat, -1);
    session_free(&g);
}

/* A pause stops the clocks and the engine; the pace is kept from one game to the next. */
static void test_session_pause(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Session g;
    assert_non_null(eng);
    tu_session_new(&g, "camelot", "W=engine:10 B=human", eng, NULL);
    g.setup.time_base_ms = 60000;
    g.clock[0] = g.clock[1] = 60000;
    session_set_pace(&g, 2000);
    /* White's clock runs from its second move on. */
    g.setup.seat[0].kind = SEAT_HUMAN;
    tu_session_play(&g, "E6-E8", 500);
    tu_session_play(&g, "F11-F9", 1000);
    g.setup.seat[0].kind = SEAT_ENGINE;
    session_tick(&g, 1000);
    assert_int_equal(g.searching, ENGINE_JOB_MOVE);
    assert_int_equal(session_clock_left(&g, 0, 3000), 58000);
    assert_true(session_pause(&g, 1, 3000));
    assert_false(session_pause(&g, 1, 3000));
    assert_int_equal(g.searching, 0);
    assert_int_equal(g.clock[0], 58000);
    assert_int_equal(session_tick(&g, 9000), 0);
    assert_int_equal(g.searching, 0);
    assert_int_equal(session_clock_left(&g, 0, 9000), 58000);
    assert_false(session_hint(&g));
    assert_true(session_pause(&g, 0, 9000));
    assert_false(session_pause(&g, 0, 9000));
    session_tick(&g, 9000);
    assert_int_equal(g.searching, ENGINE_JOB_MOVE);
    assert_int_equal(session_clock_left(&g, 0, 10000), 57000);
    /* A new game starts running, at the same pace. */
    session_pause(&g, 1, 10000);
    const CmVariant *v = g.v;
    SessionSetup setup = g.setup;
    assert_int_equal(session_start(&g, v, &setup, NULL), CM_OK);
    assert_false(g.paused);
    assert_int_equal(g.pace_ms, 2000);
    session_free(&g);
    engine_thread_free(eng);
}

static void test_session_engine_thread_jobs(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    const CmVariant *v = tu_session_variant("camelot");
    EngineJob job;
    EngineDone done;
    CmSearchInfo info;
    char pv[TEXT_PV_MAX];
    unsigned t1, t2;
    memset(&job, 0, sizeof job);
    job.v = v;
    cm_pos_start(&job.pos, v);
    job.level = 10;
    job.time_ms = 60000;
    job.purpose = ENGINE_JOB_MOVE;

    /* A long search stopped: its best move so far comes back, long before the search's
     * 60 s are up (the bounds are generous: the machine may be busy). */
    assert_int_equal(engine_thread_start(eng, &job, &t1), CM_OK);
    for (int i = 0; i < 2000 && engine_thread_progress(eng, t1, &info, pv) == 0; i++)
        sleep_ms(10);
    assert_false(engine_thread_take(eng, &done));
    assert_true(engine_thread_progress(eng, t1, &info, pv) > 0);
    assert_true(info.depth >= 1);
    /* The line comes written out, from the engine's thread. */
    char want[TEXT_PV_MAX];
    text_pv(&job.pos, info.pv, info.npv, want, sizeof want);
    assert_string_equal(pv, want);
    assert_true(strlen(pv) >= 5);
    engine_thread_stop(eng, t1);
    assert_true(engine_thread_wait(eng, 20000));
    assert_true(engine_thread_take(eng, &done));
    assert_int_equal(done.ticket, t1);
    assert_true(done.result.has_move);
    CmMoveList *list = malloc(sizeof *list);
    cm_movegen_all(&job.pos, list);
    assert_true(cm_movelist_find(list, &done.result.move) >= 0);
    /* Its text too, and the caller's variant is not needed once the job is given. */
    char text[CM_MOVE_TEXT_MAX];
    cm_move_str(&job.pos, &done.result.move, text, sizeof text);
    assert_string_equal(done.text, text);

    /* A cancelled search gives nothing; a newer one replaces an older one. */
    assert_int_equal(engine_thread_start(eng, &job, &t1), CM_OK);
    engine_thread_cancel(eng, t1);
    job.level = 1;
    job.time_ms = 1000;
    assert_int_equal(engine_thread_start(eng, &job, &t2), CM_OK);
    assert_true(engine_thread_wait(eng, 20000));
    assert_true(engine_thread_take(eng, &done));
    assert_int_equal(done.ticket, t2);
    assert_false(engine_thread_wait(eng, 100));

    /* Stopped before it started: still ends at once. */
    job.level = 10;
    job.time_ms = 60000;
    assert_int_equal(engine_thread_start(eng, &job, &t1), CM_OK);
    engine_thread_stop(eng, t1);
    assert_true(engine_thread_wait(eng, 20000));
    free(list);
    /* Freed while a search runs. */
    assert_int_equal(engine_thread_start(eng, &job, &t1), CM_OK);
    sleep_ms(50);
    engine_thread_free(eng);
}

/* A game that ends before its first move (on time, by a resignation) is saved as it ended: the
 * autosave no longer holds the game before, which is kept aside as any unfinished game is. */
static void test_session_autosave_of_a_game_ended_before_its_first_move(void **state)
{
    (void)state;
    char dir[256], path[600], *text;
    Session g;
    tu_temp_dir(dir, sizeof dir);

    tu_session_new(&g, "camelot", "W=human B=human", NULL, dir);
    tu_session_play(&g, "E6-E8", 1);
    session_autosave_path(&g, path, sizeof path);
    session_free(&g);

    /* White loses on time before moving. */
    tu_session_new(&g, "camette", "W=human B=human", NULL, dir);
    session_forfeit(&g);
    assert_int_equal(session_autosave(&g, 2), CM_OK);
    text = tu_read_file(path, NULL);
    assert_non_null(text);
    tu_assert_contains(text, "[Variant \"camette\"]");
    tu_assert_contains(text, "[Forfeit \"W\"]");
    tu_assert_contains(text, "[Result \"B\"]");
    free(text);
    assert_int_equal(tu_count_files(dir, "unfinished-"), 1);
    session_free(&g);

    /* White resigns before any move: the same. */
    tu_session_new(&g, "camette", "W=human B=human", NULL, dir);
    assert_int_equal(session_resign(&g, 0, 5), CM_OK);
    text = tu_read_file(path, NULL);
    assert_non_null(text);
    tu_assert_contains(text, "[Resigned \"W\"]");
    free(text);
    session_free(&g);

    /* A new game that has not ended and has no move still leaves the autosave alone. */
    tu_session_new(&g, "cam", "W=human B=human", NULL, dir);
    assert_int_equal(session_autosave(&g, 6), CM_OK);
    text = tu_read_file(path, NULL);
    assert_non_null(text);
    tu_assert_contains(text, "[Resigned \"W\"]");
    free(text);
    session_free(&g);
    tu_remove_tree(dir);
}

/* ---- Resigning and draw offers --------------------------------------------------------------- */

/* Saves 'g' to 'path' and loads it into 'back', which must then be over as 'g' is. */
static void reload(const Session *g, const char *path, Session *back)
{
    CmError err;
    assert_int_equal(session_save_as(g, path, 1000, &err), CM_OK);
    assert_int_equal(tu_session_load(back, path, NULL, NULL, &err), CM_OK);
    assert_true(back->outcome.over);
    assert_false(back->g.outcome.over);
    assert_int_equal(back->outcome.winner, g->outcome.winner);
    assert_int_equal(back->outcome.draw, g->outcome.draw);
    assert_int_equal(back->resigned, g->resigned);
    assert_int_equal(back->agreed, g->agreed);
    assert_int_equal(back->g.n, g->g.n);
}

static void test_session_resign(void **state)
{
    (void)state;
    char dir[256], path[300], text[TEXT_OUTCOME_MAX];
    Session g, back;
    CmMove m;
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.txt", dir);

    /* Black, to move, resigns: White wins, and the record says so. */
    tu_session_new(&g, "camelot", "W=human B=human", NULL, NULL);
    assert_int_equal(session_resigner(&g), 0);
    tu_session_play(&g, "E6-E8", 1);
    assert_int_equal(session_resigner(&g), 1);
    assert_int_equal(session_resign(&g, 7, 2), CM_ERR_ILLEGAL);
    assert_int_equal(session_resign(&g, 1, 2), CM_OK);
    assert_true(g.outcome.over);
    assert_int_equal(g.outcome.winner, 0);
    assert_int_equal(g.resigned, 1);
    session_outcome_sentence(&g, text, sizeof text);
    assert_string_equal(text, "Black resigns. White wins.");
    char *rec = session_record_text(&g, 2, NULL);
    assert_non_null(strstr(rec, "[Resigned \"B\"]"));
    assert_non_null(strstr(rec, "[Result \"W\"]"));
    assert_non_null(strstr(rec, "[Termination \"resignation\"]"));
    assert_non_null(strstr(rec, "1. E6-E8 W\n"));
    free(rec);
    /* The game is over: no move, no second resignation, no draw offer. */
    assert_int_equal(cm_move_parse(&g.g.pos, "F11-F9", &m, &err), CM_OK);
    assert_int_equal(session_play(&g, &m, 3), CM_ERR_ILLEGAL);
    assert_int_equal(session_resign(&g, 0, 3), CM_ERR_ILLEGAL);
    assert_int_equal(session_resigner(&g), -1);
    assert_int_equal(session_offer_draw(&g, 3), CM_ERR_ILLEGAL);
    /* Saved and loaded, the game is still over by Black's resignation. */
    reload(&g, path, &back);
    session_outcome_sentence(&back, text, sizeof text);
    assert_string_equal(text, "Black resigns. White wins.");
    session_free(&back);
    /* Undo takes the resignation back with the move before it. */
    assert_int_equal(session_undo(&g, 4), 1);
    assert_false(g.outcome.over);
    assert_int_equal(g.resigned, -1);
    session_free(&g);

    /* A team game: Red resigns for Red and Blue. */
    tu_session_new(&g, "grand-cam", "R=human G=human B=human Y=human", NULL, NULL);
    assert_int_equal(session_resign(&g, 0, 1), CM_OK);
    assert_int_equal(g.outcome.winner, g.v->seat[1].team);
    session_outcome_sentence(&g, text, sizeof text);
    assert_string_equal(text, "Red resigns. Green and Yellow win.");
    rec = session_record_text(&g, 1, NULL);
    assert_non_null(strstr(rec, "[Result \"G+Y\"]"));
    free(rec);
    reload(&g, path, &back);
    session_free(&back);
    session_free(&g);

    /* Each seat alone: a resignation ends the game with no winner, written as a draw. */
    tu_session_new(&g, "four-handed-chivalry-solo", "R=human G=human B=human Y=human", NULL, NULL);
    assert_int_equal(session_resign(&g, 0, 1), CM_OK);
    assert_true(g.outcome.over && g.outcome.draw);
    session_outcome_sentence(&g, text, sizeof text);
    assert_string_equal(text, "Red resigns: the game ends with no winner.");
    rec = session_record_text(&g, 1, NULL);
    assert_non_null(strstr(rec, "[Result \"draw\"]"));
    assert_non_null(strstr(rec, "[Termination \"resignation\"]"));
    free(rec);
    reload(&g, path, &back);
    session_free(&back);
    session_free(&g);

    /* A record with no Resigned tag: the seat is one of the losing team. */
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("[Variant \"camelot\"]\n[Result \"B\"]\n[Termination \"resignation\"]\n\n1. E6-E8 B\n",
          f);
    fclose(f);
    assert_int_equal(tu_session_load(&back, path, NULL, NULL, &err), CM_OK);
    assert_true(back.outcome.over);
    assert_int_equal(back.resigned, 0);
    assert_int_equal(back.outcome.winner, 1);
    session_free(&back);
    tu_remove_tree(dir);
}

static void test_session_draw_offer_people(void **state)
{
    (void)state;
    char dir[256], path[300], text[TEXT_OUTCOME_MAX];
    Session g, back;
    tu_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.txt", dir);

    tu_session_new(&g, "camelot", "W=human B=human", NULL, NULL);
    assert_int_equal(session_answer_draw(&g, 1, 1), CM_ERR_ILLEGAL);
    assert_int_equal(session_offer_draw(&g, 1), CM_OK);
    assert_int_equal(g.offer_from, 0);
    assert_int_equal(session_offer_asks(&g), 1);
    assert_int_equal(session_offer_draw(&g, 1), CM_ERR_ILLEGAL);
    /* Black declines: the game goes on. */
    assert_int_equal(session_answer_draw(&g, 0, 2), CM_OK);
    assert_false(g.outcome.over);
    assert_int_equal(g.offer_declined, 1);
    assert_int_equal(g.offer_from, -1);
    assert_int_equal(session_offer_asks(&g), -1);
    /* A move while an offer waits withdraws it. */
    assert_int_equal(session_offer_draw(&g, 3), CM_OK);
    tu_session_play(&g, "E6-E8", 4);
    assert_int_equal(session_offer_asks(&g), -1);
    assert_int_equal(session_answer_draw(&g, 1, 5), CM_ERR_ILLEGAL);
    assert_false(g.outcome.over);
    /* Black offers, White accepts: a draw by agreement. */
    assert_int_equal(session_offer_draw(&g, 6), CM_OK);
    assert_int_equal(session_offer_asks(&g), 0);
    assert_int_equal(session_answer_draw(&g, 1, 7), CM_OK);
    assert_true(g.outcome.over && g.outcome.draw && g.agreed);
    session_outcome_sentence(&g, text, sizeof text);
    assert_string_equal(text, "Draw agreed.");
    char *rec = session_record_text(&g, 7, NULL);
    assert_non_null(strstr(rec, "[Result \"draw\"]"));
    assert_non_null(strstr(rec, "[Termination \"agreement\"]"));
    assert_null(strstr(rec, "Resigned"));
    free(rec);
    reload(&g, path, &back);
    session_free(&back);
    session_free(&g);

    /* Teams: one seat of the other team answers (Green, the first after Red). */
    tu_session_new(&g, "grand-cam", "R=human G=human B=human Y=human", NULL, NULL);
    assert_int_equal(session_offer_draw(&g, 1), CM_OK);
    assert_int_equal(session_offer_asks(&g), 1);
    assert_int_equal(session_answer_draw(&g, 1, 2), CM_OK);
    assert_true(g.outcome.over && g.agreed);
    session_free(&g);

    /* Each seat alone: every other seat answers in turn, and one refusal ends the offer. */
    tu_session_new(&g, "four-handed-chivalry-solo", "R=human G=human B=human Y=human", NULL, NULL);
    assert_int_equal(session_offer_draw(&g, 1), CM_OK);
    assert_int_equal(session_offer_asks(&g), 1);
    assert_int_equal(session_answer_draw(&g, 1, 2), CM_OK);
    assert_int_equal(session_offer_asks(&g), 2);
    assert_int_equal(session_answer_draw(&g, 0, 3), CM_OK);
    assert_false(g.outcome.over);
    assert_int_equal(g.offer_declined, 2);
    assert_int_equal(session_offer_draw(&g, 4), CM_OK);
    for (int seat = 1; seat <= 3; seat++) {
        assert_int_equal(session_offer_asks(&g), seat);
        assert_int_equal(session_answer_draw(&g, 1, 5), CM_OK);
    }
    assert_true(g.outcome.over && g.agreed);
    reload(&g, path, &back);
    session_free(&back);
    session_free(&g);
    tu_remove_tree(dir);
}

/* Ticks 'g' until the engine has answered its draw offer. */
static void tick_until_answered(Session *g, int ms)
{
    uint64_t t0 = clock_ms();
    unsigned ev = 0;
    while (!(ev & SESSION_EV_OFFER)) {
        if (clock_ms() - t0 > (uint64_t)ms)
            fail_msg("no answer after %d ms", ms);
        ev = session_tick(g, clock_ms());
        sleep_ms(5);
    }
}

static void test_session_draw_offer_engine(void **state)
{
    (void)state;
    EngineThread *eng = engine_thread_new(1 << 20);
    Session g;
    CmPosition pos;
    char text[TEXT_OUTCOME_MAX];
    assert_non_null(eng);

    /* Black, an engine, is far ahead: it declines, and the game goes on. */
    tu_session_new(&g, "camelot", "W=human B=engine:3", eng, NULL);
    SessionSetup setup = g.setup; /* a new game starts from a copy */
    tu_position(&pos, g.v, "W E6M F6M; B D11M E11M F11M G11M H11M E12K F12K", 'W');
    assert_int_equal(session_start(&g, g.v, &setup, &pos), CM_OK);
    assert_false(g.outcome.over);
    assert_int_equal(session_offer_draw(&g, clock_ms()), CM_OK);
    assert_int_equal(session_offer_asks(&g), -1);
    assert_int_equal(g.searching, ENGINE_JOB_DRAW);
    tick_until_answered(&g, 20000);
    assert_false(g.outcome.over);
    assert_int_equal(g.offer_declined, 1);
    assert_true(g.offer_score >= CM_ENGINE_DRAW_ACCEPT);
    assert_int_equal(g.g.n, 0); /* the engine thought about the offer, not a move */
    assert_true(session_human_to_move(&g));

    /* Black is far behind, but the game has just begun: it declines. */
    tu_position(&pos, g.v, "W D6M E6M F6M G6M H6M E5K F5K; B A13M B13M K13M L13M C14M", 'W');
    assert_int_equal(session_start(&g, g.v, &setup, &pos), CM_OK);
    assert_int_equal(session_offer_draw(&g, clock_ms()), CM_OK);
    tick_until_answered(&g, 20000);
    assert_false(g.outcome.over);
    assert_int_equal(g.offer_declined, 1);
    assert_true(g.offer_score < CM_ENGINE_DRAW_ACCEPT);

    /* Past the opening (ten moves each, played here by people) it declines still, until its
     * own last three moves have scored below the threshold as well. */
    static const char *const opening[] = {"E5-E4",   "L13-L12", "E4-D4",   "K13-K12", "D4-D3",
                                          "L12-L11", "D3-C3",   "K12-K11", "C3-C4",   "A13-A12",
                                          "C4-B4",   "B13-B12", "B4-B5",   "A12-A11", "B5-A5",
                                          "B12-B11", "A5-A6",   "C14-C13", "A6-B6",   "C13-C12"};
    g.setup.seat[1].kind = SEAT_HUMAN;
    for (int i = 0; i < 20; i++)
        tu_session_play(&g, opening[i], clock_ms());
    g.setup.seat[1].kind = SEAT_ENGINE;
    assert_int_equal(session_offer_draw(&g, clock_ms()), CM_OK);
    tick_until_answered(&g, 20000);
    assert_false(g.outcome.over);
    assert_int_equal(g.offer_declined, 1);
    static const char *const white[] = {"F5-F4", "F4-G4", "G4-G3"};
    for (int i = 0; i < 3; i++) {
        tu_session_play(&g, white[i], clock_ms());
        tick_until(&g, 22 + 2 * i, 20000);
        assert_int_equal(g.draw_calm[1], i + 1);
    }
    assert_int_equal(session_offer_draw(&g, clock_ms()), CM_OK);
    tick_until_answered(&g, 20000);
    assert_true(g.outcome.over && g.agreed);
    assert_true(g.offer_score < CM_ENGINE_DRAW_ACCEPT);
    session_outcome_sentence(&g, text, sizeof text);
    assert_string_equal(text, "Draw agreed.");
    assert_false(g.searching);
    /* Undo forgets the engine's calm: it must score so again before it accepts. */
    assert_int_equal(session_undo(&g, clock_ms()), 2);
    assert_int_equal(g.draw_calm[1], 0);

    /* An offer the engine thinks about is withdrawn by a resignation. */
    assert_int_equal(session_start(&g, g.v, &setup, &pos), CM_OK);
    assert_int_equal(session_offer_draw(&g, clock_ms()), CM_OK);
    assert_int_equal(session_resign(&g, 0, clock_ms()), CM_OK);
    assert_int_equal(g.offer_from, -1);
    assert_false(g.searching);
    assert_int_equal(g.outcome.winner, 1);
    session_free(&g);
    engine_thread_free(eng);
}

/* ---- Review ---------------------------------------------------------------------------------- */

static void test_analysis_marks(void **state)
{
    (void)state;
    assert_int_equal(analysis_mark(0), ANALYSIS_MARK_NONE);
    assert_int_equal(analysis_mark(ANALYSIS_INACCURACY - 1), ANALYSIS_MARK_NONE);
    assert_int_equal(analysis_mark(ANALYSIS_INACCURACY), ANALYSIS_MARK_INACCURACY);
    assert_int_equal(analysis_mark(ANALYSIS_MISTAKE - 1), ANALYSIS_MARK_INACCURACY);
    assert_int_equal(analysis_mark(ANALYSIS_MISTAKE), ANALYSIS_MARK_MISTAKE);
    assert_int_equal(analysis_mark(ANALYSIS_BLUNDER), ANALYSIS_MARK_BLUNDER);
    assert_int_equal(analysis_mark(2 * ANALYSIS_WIN_CAP), ANALYSIS_MARK_BLUNDER);
    assert_string_equal(analysis_mark_name(ANALYSIS_MARK_NONE), "");
    assert_string_equal(analysis_mark_name(ANALYSIS_MARK_MISTAKE), "mistake");
    assert_string_equal(analysis_mark_name(ANALYSIS_MARK_BLUNDER), "blunder");
    /* A win counts as ten men, however near it is. */
    assert_int_equal(analysis_capped(CM_SCORE_WIN - 3), ANALYSIS_WIN_CAP);
    assert_int_equal(analysis_capped(-(CM_SCORE_WIN - 9)), -ANALYSIS_WIN_CAP);
    assert_int_equal(analysis_capped(-125), -125);
}

/* Marks by the chance of winning: a fall of seven men in a game won either way is no mark (by
 * the fall of the score, capped at ten men, it was a blunder), nor is a forced win given up
 * for a lead of twelve men; the same seven men from an even game, or a win missed for a level
 * game, are blunders. */
static void test_analysis_marks_by_the_chance_of_winning(void **state)
{
    (void)state;
    assert_true(analysis_chance(0) == 0.5);
    assert_true(analysis_chance(CM_SCORE_WIN - 3) == 1.0);
    assert_true(analysis_chance(-(CM_SCORE_WIN - 3)) == 0.0);
    assert_true(analysis_chance(100) > 0.5 && analysis_chance(100) < analysis_chance(200));
    assert_true(fabs(analysis_chance(-300) - (1 - analysis_chance(300))) < 1e-12);

    /* Won by far, and still won: nothing to mark. */
    assert_true(analysis_capped(1500) - analysis_capped(800) >= 200);
    assert_int_equal(analysis_mark(analysis_drop(1500, 800)), ANALYSIS_MARK_NONE);
    assert_int_equal(analysis_mark(analysis_drop(CM_SCORE_WIN - 5, 1200)), ANALYSIS_MARK_NONE);
    /* The same fall where the game was open. */
    assert_int_equal(analysis_mark(analysis_drop(350, -350)), ANALYSIS_MARK_BLUNDER);
    assert_true(analysis_mark(analysis_drop(0, -250)) >= ANALYSIS_MARK_MISTAKE);
    assert_int_equal(analysis_mark(analysis_drop(CM_SCORE_WIN - 1, 0)), ANALYSIS_MARK_BLUNDER);
    /* Better than the engine's line: no fall. */
    assert_int_equal(analysis_drop(-200, 100), 0);
    assert_int_equal(analysis_drop(CM_SCORE_WIN - 1, -(CM_SCORE_WIN - 1)), 1000);
}

/* Plays the moves of 'text' (separated by spaces) from the start of 'g''s variant. */
static void play_line(CmGame *g, const char *text)
{
    char buf[512], *save = NULL;
    snprintf(buf, sizeof buf, "%s", text);
    for (char *t = strtok_r(buf, " ", &save); t != NULL; t = strtok_r(NULL, " ", &save)) {
        CmMove m;
        CmError err;
        cm_error_init(&err, "line");
        assert_int_equal(cm_move_parse(&g->pos, t, &m, &err), CM_OK);
        assert_int_equal(cm_game_play(g, &m), CM_OK);
    }
}

typedef struct AnalysisSeen {
    int calls;
    int stop_after;
    atomic_bool stop;
} AnalysisSeen;

static void count_ply(void *ud, int i, const AnalysisPly *p)
{
    AnalysisSeen *seen = ud;
    assert_int_equal(i, seen->calls);
    assert_non_null(p);
    if (++seen->calls == seen->stop_after)
        atomic_store(&seen->stop, true);
}

#define CAMETTE_GAME "B3-B2 B5-B6 C2-D2 C5-B5 C3-C4 C6-E4xC2 D2-E3 D5xB3 B2xB4 B5xB3 E3-D2"

static void test_analysis_blunder(void **state)
{
    (void)state;
    const CmVariant *v = tu_session_variant("camette");
    CmGame g;
    CmEngine *e;
    CmLimits lim;
    AnalysisPly *plies = calloc(16, sizeof *plies);
    AnalysisSeen seen = {0, 0, false};

    assert_non_null(plies);
    assert_int_equal(cm_engine_new(v, 1 << 20, &e), CM_OK);
    cm_limits_init(&lim);
    lim.depth = 4;

    /* Black's knight stands next to White's castle and Black plays a man instead. */
    assert_int_equal(cm_game_init(&g, v, NULL), CM_OK);
    play_line(&g, CAMETTE_GAME " B6-B5");
    assert_int_equal(analysis_run(&g, e, &lim, plies, 0, count_ply, &seen), 12);
    assert_int_equal(seen.calls, 12);
    const AnalysisPly *b = &plies[11];
    assert_int_equal(b->seat, tu_seat(v, 'B'));
    assert_string_equal(b->move, "B6-B5");
    assert_string_equal(b->best, "C2-C1");
    assert_int_equal(b->best_score, CM_SCORE_WIN - 1);
    assert_true(b->score <= 0);
    assert_int_equal(b->end, ANALYSIS_END_NONE);
    assert_false(b->best_played);
    assert_int_equal(b->mark, ANALYSIS_MARK_BLUNDER);
    assert_int_equal(b->loss, ANALYSIS_WIN_CAP - analysis_capped(b->score));
    assert_true(b->loss >= ANALYSIS_BLUNDER);
    /* The blunder was checked by a search of the other moves: the castle entry still. */
    assert_true(b->checked);
    assert_int_equal(b->others_score, CM_SCORE_WIN - 1);
    /* Each ply's score after the move is the next one's before, seen from the other side; a
     * marked move was checked, and is marked by the smaller fall of the two searches. */
    for (int i = 0; i + 1 < 12; i++)
        assert_int_equal(plies[i].score, -plies[i + 1].best_score);
    for (int i = 0; i < 12; i++) {
        const AnalysisPly *p = &plies[i];
        if (p->mark != ANALYSIS_MARK_NONE) {
            assert_true(p->checked);
            assert_true(p->drop <= analysis_drop(p->others_score, p->score));
            assert_true(p->drop <= analysis_drop(p->best_score, p->score));
            assert_string_not_equal(p->best, p->move);
        }
        assert_int_equal(p->mark, analysis_mark(p->drop));
    }
    cm_game_free(&g);

    /* Entering the castle wins: the engine's own move, and the game says won. */
    assert_int_equal(cm_game_init(&g, v, NULL), CM_OK);
    play_line(&g, CAMETTE_GAME " C2-C1");
    assert_true(g.outcome.over);
    assert_int_equal(analysis_run(&g, e, &lim, plies, 0, NULL, NULL), 12);
    assert_true(plies[11].best_played);
    assert_int_equal(plies[11].end, ANALYSIS_END_WON);
    assert_int_equal(plies[11].score, CM_SCORE_WIN);
    assert_int_equal(plies[11].loss, 0);
    assert_int_equal(plies[11].mark, ANALYSIS_MARK_NONE);
    assert_int_equal(plies[10].end, ANALYSIS_END_NONE);

    /* The stop flag ends the review after the ply in hand. */
    seen.calls = 0;
    seen.stop_after = 3;
    lim.stop = &seen.stop;
    assert_int_equal(analysis_run(&g, e, &lim, plies, 0, count_ply, &seen), 3);
    assert_int_equal(seen.calls, 3);

    /* A review taken up again: the plies kept are played as they are, not searched again (a
     * kept ply's scores, whatever they are, stay), and the rest are reviewed as before. */
    lim.stop = NULL;
    seen.calls = 0;
    seen.stop_after = 0;
    assert_int_equal(analysis_run(&g, e, &lim, plies, 0, NULL, NULL), 12);
    AnalysisPly whole[12];
    memcpy(whole, plies, sizeof whole);
    for (int i = 0; i < 5; i++)
        plies[i].best_score = 4321 + i;
    memset(&plies[5], 0xff, 7 * sizeof *plies);
    assert_int_equal(analysis_run(&g, e, &lim, plies, 5, count_ply, &seen), 12);
    assert_int_equal(seen.calls, 12);
    for (int i = 0; i < 5; i++)
        assert_int_equal(plies[i].best_score, 4321 + i);
    for (int i = 5; i < 12; i++) {
        assert_string_equal(plies[i].move, whole[i].move);
        assert_int_equal(plies[i].seat, whole[i].seat);
    }
    assert_true(plies[11].best_played);
    assert_int_equal(plies[11].end, ANALYSIS_END_WON);
    /* All kept: nothing is searched, every ply is told. */
    seen.calls = 0;
    assert_int_equal(analysis_run(&g, e, &lim, plies, 12, count_ply, &seen), 12);
    assert_int_equal(seen.calls, 12);
    assert_int_equal(plies[0].best_score, 4321);
    cm_game_free(&g);
    cm_engine_free(e);
    free(plies);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_session_seat_options),
        cmocka_unit_test(test_session_time_controls),
        cmocka_unit_test(test_session_record_round_trip),
        cmocka_unit_test(test_session_autosave_after_every_move),
        cmocka_unit_test(test_session_autosave_of_a_game_ended_before_its_first_move),
        cmocka_unit_test(test_session_clocks_and_loss_on_time),
        cmocka_unit_test(test_session_engine_seats_and_undo),
        cmocka_unit_test(test_session_engine_thread_jobs),
        cmocka_unit_test(test_session_resign),
        cmocka_unit_test(test_session_draw_offer_people),
        cmocka_unit_test(test_session_draw_offer_engine),
        cmocka_unit_test(test_session_pace_spaces_engine_moves),
        cmocka_unit_test(test_session_pause),
        cmocka_unit_test(test_session_hint_from_one_result),
        cmocka_unit_test(test_analysis_marks),
        cmocka_unit_test(test_analysis_marks_by_the_chance_of_winning),
        cmocka_unit_test(test_analysis_blunder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
