/* The engine: legal moves only, whole fast games in every variant replayed from their records,
 * wins found, limits (depth, nodes, clock, stop flag), repeatable node counts, levels, threads
 * and the table they share, every
 * combination of the search switches, and the evaluation's capture test checked against the
 * rules core. (The jump chains the quiescence search plays are checked in test_movegen.c.)
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../src/engine/engine_int.h"
#include "camelot/engine.h"
#include "camelot/notation.h"
#include "camelot/record.h"
#include "testutil.h"

static CmEngine *new_engine(const CmVariant *v)
{
    CmEngine *e = NULL;
    assert_int_equal(cm_engine_new(v, 1u << 20, &e), CM_OK);
    assert_non_null(e);
    return e;
}

/* Whether 'm' is among the legal moves of 'pos'. */
static int is_legal(const CmPosition *pos, const CmMove *m)
{
    CmMoveList *list = tu_moves(pos);
    int ok = cm_movelist_find(list, m) >= 0;
    free(list);
    return ok;
}

static void test_engine_new_free(void **state)
{
    (void)state;
    cm_engine_free(NULL);
    for (int i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        CmEngine *e = new_engine(v);
        assert_ptr_equal(cm_engine_variant(e), v);
        cm_engine_free(e);
    }
}

/* A fixed-depth search from every start position gives a legal move of the seat to move. */
static void test_engine_search_legal_every_variant(void **state)
{
    (void)state;
    for (int i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        CmEngine *e = new_engine(v);
        CmPosition pos;
        CmLimits lim;
        CmSearchResult res;
        cm_pos_start(&pos, v);
        cm_limits_init(&lim);
        lim.depth = 3;
        assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
        assert_true(res.has_move);
        assert_int_equal(res.seat, pos.to_move);
        assert_true(is_legal(&pos, &res.move));
        assert_int_equal(res.info.depth, 3);
        assert_true(res.info.nodes > 0);
        assert_true(res.info.npv >= 1);
        assert_true(cm_move_same(&res.info.pv[0], &res.move));
        cm_engine_free(e);
    }
}

/* Plays one game: engines at small depths and levels, random plies at the start; every move
 * is checked against the rules core before it is played. */
static void play_game(CmEngine *e, CmGame *g, const CmVariant *v, uint64_t seed, int max_plies)
{
    CmMoveList *list = malloc(sizeof *list);
    assert_non_null(list);
    assert_int_equal(cm_game_init(g, v, NULL), CM_OK);
    cm_engine_clear(e);
    while (!g->outcome.over && g->n < max_plies) {
        int n = cm_movegen_all(&g->pos, list);
        assert_true(n > 0);
        CmMove m;
        if (g->n < 3) {
            m = list->m[tu_rand_below(&seed, n)];
        } else {
            CmLimits lim;
            CmSearchResult res;
            CmEngineOptions opt;
            cm_limits_init(&lim);
            lim.depth = 1 + tu_rand_below(&seed, 3);
            lim.level = g->n % 2 ? 10 : 1 + tu_rand_below(&seed, 10);
            lim.seed = tu_rand(&seed);
            /* The other side misjudges its moves, so that most games end on the board. */
            cm_engine_default_options(&opt);
            if (g->n % 2 == 0)
                opt.level_noise = 150;
            cm_engine_set_options(e, &opt);
            assert_int_equal(
                cm_engine_search(e, &g->pos, g->hashes, g->n + 1, &lim, NULL, NULL, &res), CM_OK);
            assert_true(res.has_move);
            assert_int_equal(res.seat, g->pos.to_move);
            m = res.move;
        }
        assert_true(cm_movelist_find(list, &m) >= 0);
        assert_int_equal(cm_game_play(g, &m), CM_OK);
    }
    free(list);
}

/* Fast engine games in every variant, written as records and replayed through the record
 * parser: the same moves, the same final position and outcome. */
static void test_engine_games_replay(void **state)
{
    (void)state;
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    size_t size = 1 << 20;
    char *text = malloc(size);
    assert_non_null(text);
    for (int i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        CmEngine *e = new_engine(v);
        int games = 6, finished = 0;
        for (int k = 0; k < games; k++) {
            CmGame g, r;
            CmRecord rec;
            CmError err;
            play_game(e, &g, v, seed + (uint64_t)(k * 7919 + i), 160 * v->nseats);
            finished += g.outcome.over;
            size_t len = cm_record_write(&g, NULL, 0, text, size);
            assert_true(len < size);
            cm_error_init(&err, "game");
            if (cm_record_parse(text, len, &rec, &err) != CM_OK)
                fail_msg("%s: %d:%d %s", tu_variant_names[i], err.line, err.col, err.msg);
            assert_int_equal(cm_game_init(&r, v, NULL), CM_OK);
            if (cm_record_replay(&rec, &r, &err) != CM_OK)
                fail_msg("%s: %d:%d %s\n%s", tu_variant_names[i], err.line, err.col, err.msg, text);
            assert_int_equal(r.n, g.n);
            assert_true(cm_pos_equal(&r.pos, &g.pos));
            assert_int_equal(r.outcome.over, g.outcome.over);
            assert_int_equal(r.outcome.winner, g.outcome.winner);
            assert_int_equal(r.outcome.reason, g.outcome.reason);
            cm_record_free(&rec);
            cm_game_free(&r);
            cm_game_free(&g);
        }
        /* Most of these games end on the board (the solo game may run into the cap). */
        if (strcmp(tu_variant_names[i], "four-handed-chivalry-solo") != 0 && finished < games / 2)
            fail_msg("%s: %d of %d games ended on the board", tu_variant_names[i], finished, games);
        cm_engine_free(e);
    }
    free(text);
}

/* Cam: one piece in the target castle wins; the engine ('opt' may be NULL for the defaults)
 * steps in at once. */
static void check_castle_win(const CmEngineOptions *opt)
{
    const CmVariant *v = tu_variant("cam");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    CmMove win;
    if (opt != NULL)
        cm_engine_set_options(e, opt);
    tu_position(&pos, v, "W D12M A4K; B C9M E9M F5M", 'W');
    assert_true(tu_find_move(&pos, "D12>D13", &win));
    cm_limits_init(&lim);
    lim.depth = 4;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
    assert_true(cm_move_same(&res.move, &win));
    assert_int_equal(res.info.score, CM_SCORE_WIN - 1);
    cm_engine_free(e);
}

static void test_engine_finds_castle_win(void **state)
{
    (void)state;
    check_castle_win(NULL);
}

/* Camelot: a capture is compulsory, and of two jumps the engine takes the one that is not
 * answered by a double jump back. */
static void test_engine_capture_choice(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    tu_position(&pos, v, "W F6M F7M E6K; B F8M G10M H10M B11M C11M", 'W');
    cm_limits_init(&lim);
    lim.depth = 5;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
    assert_true(res.has_move);
    assert_true(res.move.ncap > 0);
    assert_true(is_legal(&pos, &res.move));
    cm_engine_free(e);
}

/* Root moves left out: the search answers another legal move, with its own score; with every
 * move left out there is none; the exclusion does not leak into the next search. */
static void test_engine_excludes_root_moves(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmLimits lim;
    CmSearchResult best, second, again;
    CmMoveList list;
    tu_position(&pos, v, "W F6M F7M E6K; B F8M G10M H10M B11M C11M", 'W');
    cm_limits_init(&lim);
    lim.depth = 5;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &best), CM_OK);
    assert_true(best.has_move);
    lim.exclude = &best.move;
    lim.nexclude = 1;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &second), CM_OK);
    assert_true(second.has_move);
    assert_true(is_legal(&pos, &second.move));
    assert_false(cm_move_same(&second.move, &best.move));
    assert_true(second.info.npv > 0);
    assert_false(cm_move_same(&second.info.pv[0], &best.move));
    assert_true(second.info.score <= best.info.score);

    /* Every move left out: no move. */
    int n = cm_movegen_all(&pos, &list);
    assert_true(n >= 2);
    lim.exclude = list.m;
    lim.nexclude = n;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &again), CM_OK);
    assert_false(again.has_move);

    /* A bad count is refused. */
    lim.nexclude = -1;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &again), CM_ERR_ARG);
    lim.exclude = NULL;
    lim.nexclude = 1;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &again), CM_ERR_ARG);

    /* The table kept no score of the position searched without its best move. */
    lim.nexclude = 0;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &again), CM_OK);
    assert_true(cm_move_same(&again.move, &best.move));
    assert_int_equal(again.info.score, best.info.score);
    cm_engine_free(e);
}

/* A finished game has no move to search. */
static void test_engine_game_over(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    tu_position(&pos, v, "W F16M G16M E6M; B E10M F10M", 'B');
    cm_limits_init(&lim);
    lim.depth = 3;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
    assert_false(res.has_move);
    assert_true(res.outcome.over);
    assert_int_equal(res.outcome.reason, CM_REASON_CASTLE);
    cm_engine_free(e);
}

/* Grand Cam: a seat without pieces is skipped; the move is the next seat's. */
static void test_engine_skips_seat(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("grand-cam");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    tu_position(&pos, v, "R G4M F3M; B C7M D7M; Y K7M J7M", 'G');
    cm_limits_init(&lim);
    lim.depth = 4;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
    assert_true(res.has_move);
    assert_int_equal(res.seat, cm_variant_seat(v, 'B'));
    CmPosition skipped = pos;
    cm_pos_set_turn(&skipped, res.seat);
    assert_true(is_legal(&skipped, &res.move));
    cm_engine_free(e);
}

/* Arguments out of range are refused. */
static void test_engine_bad_arguments(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot"), *w = tu_variant("cam");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    cm_pos_start(&pos, w);
    cm_limits_init(&lim);
    lim.depth = 2;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_ERR_ARG);
    cm_pos_start(&pos, v);
    lim.depth = CM_ENGINE_MAX_DEPTH + 1;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_ERR_ARG);
    lim.depth = 2;
    lim.level = 11;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_ERR_ARG);
    lim.level = 0;
    lim.time_ms = 100; /* a time without a clock */
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_ERR_ARG);
    cm_engine_free(e);
}

/* The same search twice, each from a cleared engine, visits the same nodes. */
static void test_engine_node_count_stable(void **state)
{
    (void)state;
    for (int i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        CmEngine *e = new_engine(v);
        CmPosition pos;
        CmLimits lim;
        CmSearchResult a, b;
        cm_pos_start(&pos, v);
        cm_limits_init(&lim);
        lim.depth = 4;
        cm_engine_clear(e);
        cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &a);
        cm_engine_clear(e);
        cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &b);
        assert_int_equal(a.info.nodes, b.info.nodes);
        assert_true(cm_move_same(&a.move, &b.move));
        cm_engine_free(e);
    }
}

typedef struct Progress {
    atomic_bool *stop;
    int calls, last_depth, stop_at;
} Progress;

static void on_progress(void *ud, const CmSearchInfo *info)
{
    Progress *p = ud;
    p->calls++;
    assert_int_equal(info->depth, p->last_depth + 1);
    p->last_depth = info->depth;
    assert_true(info->npv >= 1);
    if (info->depth == p->stop_at)
        atomic_store(p->stop, true);
}

/* Progress comes once per depth; the stop flag ends the search. */
static void test_engine_progress_and_stop(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    atomic_bool stop;
    Progress p = {&stop, 0, 0, 3};
    atomic_init(&stop, false);
    cm_pos_start(&pos, v);
    cm_limits_init(&lim);
    lim.stop = &stop;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, on_progress, &p, &res), CM_OK);
    assert_int_equal(p.calls, 3);
    assert_int_equal(res.info.depth, 3);
    assert_true(is_legal(&pos, &res.move));

    /* A stop asked for before the search: no iteration, still a legal move. */
    p.calls = 0;
    p.last_depth = 0;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, on_progress, &p, &res), CM_OK);
    assert_int_equal(p.calls, 0);
    assert_int_equal(res.info.depth, 0);
    assert_true(res.has_move);
    assert_true(is_legal(&pos, &res.move));
    cm_engine_free(e);
}

static void *stop_later(void *arg)
{
    struct timespec ts = {0, 50 * 1000000L};
    nanosleep(&ts, NULL);
    atomic_store((atomic_bool *)arg, true);
    return NULL;
}

/* A search with no limit at all ends when another thread sets the caller's stop flag. */
static void test_engine_stop_from_another_thread(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("chivalry");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    atomic_bool stop;
    pthread_t t;
    atomic_init(&stop, false);
    cm_pos_start(&pos, v);
    cm_limits_init(&lim);
    lim.stop = &stop;
    assert_int_equal(pthread_create(&t, NULL, stop_later, &stop), 0);
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
    pthread_join(t, NULL);
    assert_true(atomic_load(&stop));
    assert_true(res.info.depth < CM_ENGINE_MAX_DEPTH);
    assert_true(is_legal(&pos, &res.move));
    cm_engine_free(e);
}

/* A node limit, and a clock that the engine reads through the caller's callback. */
static uint64_t fake_clock(void *ud)
{
    uint64_t *t = ud;
    return *t += 5;
}

static void test_engine_node_and_time_limits(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("chivalry");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    uint64_t t = 1000;
    cm_pos_start(&pos, v);
    cm_limits_init(&lim);
    lim.nodes = 5000;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
    assert_true(res.info.nodes <= 5000);
    assert_true(is_legal(&pos, &res.move));

    cm_limits_init(&lim);
    lim.time_ms = 200;
    lim.now_ms = fake_clock;
    lim.clock_ud = &t;
    lim.use_all_time = 1;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
    assert_true(is_legal(&pos, &res.move));
    assert_true(res.info.depth < 20);
    cm_engine_free(e);
}

/* In positions where every generation uses its whole budget (a knight in a lattice of enemy
 * men), the search still keeps to a node limit and a clock, and plays a legal move. */
static void test_engine_limits_in_huge_positions(void **state)
{
    (void)state;
    static const char *const files[] = {"lattice.yaml", "chivalry-128.yaml"};
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
        CmPosition pos;
        CmLimits lim;
        CmSearchResult res;
        CmPath path;
        uint64_t t = 1000;
        tu_position_file(&pos, files[k]);
        CmEngine *e = new_engine(pos.v);
        cm_limits_init(&lim);
        lim.nodes = 300;
        assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
        assert_true(res.has_move);
        assert_true(res.info.nodes <= 300);
        assert_int_equal(cm_movegen_canonical(&pos, &res.move, &path), CM_OK);

        cm_limits_init(&lim);
        lim.time_ms = 100;
        lim.now_ms = fake_clock;
        lim.clock_ud = &t;
        lim.use_all_time = 1;
        assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
        assert_true(res.has_move);
        assert_int_equal(cm_movegen_canonical(&pos, &res.move, &path), CM_OK);
        cm_engine_free(e);
    }
}

/* Depth 1 ends in the jump bomb of issue 22 (tests/data/big/jump-bomb.yaml: 128 men of both
 * colours alternating square by square across the middle of the Chivalry board, where forced
 * captures answer forced captures for dozens of plies) within the nodes its budget allows: the
 * root, and for each root move two quiescence searches (the null window, then the full one)
 * of at most CM_ENGINE_QS_NODES nodes and the one that finds the budget spent. (Without the
 * budget the quiescence search did not end: the node limit, four times the bound, stops it.) */
static void test_engine_depth_one_ends_in_the_jump_bomb(void **state)
{
    (void)state;
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    tu_position_file(&pos, "jump-bomb.yaml");
    assert_int_equal(pos.npieces[0] + pos.npieces[1], 128);
    CmMoveList *list = tu_moves(&pos);
    uint64_t bound = 1 + 2 * (uint64_t)list->n * (CM_ENGINE_QS_NODES + 1);
    CmEngine *e = new_engine(pos.v);
    cm_limits_init(&lim);
    lim.depth = 1;
    lim.nodes = 4 * bound;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
    assert_int_equal(res.info.depth, 1);
    assert_true(res.info.nodes <= bound);
    assert_true(cm_movelist_find(list, &res.move) >= 0);
    free(list);
    cm_engine_free(e);
}

/* A clock that counts its readings as milliseconds. */
static uint64_t counting_clock(void *ud)
{
    uint64_t *t = ud;
    return ++*t;
}

/* A white knight on A6 at the edge of a lattice of 15 black men (those on A5 and A7 keep it
 * from being jumped), Black to move: after many of Black's moves the knight's jump chains take
 * up to some 90,000 steps to find, within the budget of a node but more than
 * CM_ENGINE_POLL_STEPS. The clock is read after such nodes, not only every
 * CM_ENGINE_POLL_NODES nodes: a clock that moves a millisecond a reading ends a search of
 * 20 ms before the 2048th node. (Before, it was read every 1024 nodes and at the end of each
 * iteration, about five times by then; the node limit stopped that search.) */
static void test_engine_reads_the_clock_after_costly_generations(void **state)
{
    (void)state;
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    uint64_t t = 0;
    tu_position(&pos, tu_variant("camelot"),
                "W A6K J3M K3M; B A5M A7M A9M B5M B6M B7M B8M B9M C5M C7M C9M D5M D6M D7M D8M "
                "J14M K14M",
                'B');
    CmEngine *e = new_engine(pos.v);
    cm_limits_init(&lim);
    lim.time_ms = 20;
    lim.now_ms = counting_clock;
    lim.clock_ud = &t;
    lim.use_all_time = 1;
    lim.nodes = 3000;
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
    assert_true(t >= 20);
    assert_true(res.info.nodes < 2 * CM_ENGINE_POLL_NODES);
    assert_true(is_legal(&pos, &res.move));
    cm_engine_free(e);
}

/* The CPU time of this thread, in seconds. */
static double thread_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* In the lattice variant (tests/data/big/lattice-variant.yaml) each of Black's 184 first moves
 * leaves White's knight more jump chains than any budget reaches. Depth 1 must not pay a whole
 * generation budget (CM_GEN_BUDGET) for each of them, as it did (7 s), but at most
 * CM_ENGINE_NODE_STEPS: the test measures CPU time, and compares the search with one whole
 * generation in the same build, so that the build type and the machine's load matter little. */
static void test_engine_depth_one_in_the_lattice_cpu_time(void **state)
{
    (void)state;
    char path[512];
    size_t len;
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    snprintf(path, sizeof path, "%s/big/lattice-variant.yaml", CAMELOT_TEST_DATA_DIR);
    char *text = tu_read_file(path, &len);
    assert_non_null(text);
    CmVariant *v = tu_variant_from_text(text);
    free(text);

    /* One generation that uses its whole budget: the knight's moves after Black's first. */
    CmMoveList *list = malloc(sizeof *list);
    assert_non_null(list);
    cm_pos_start(&pos, v);
    CmPosition after = pos;
    CmUndo undo;
    cm_movegen_all(&pos, list);
    cm_pos_apply(&after, &list->m[0], &undo);
    double t0 = thread_seconds();
    cm_movegen_all(&after, list);
    double whole = thread_seconds() - t0;
    assert_true(list->overflow);

    CmEngine *e = new_engine(v);
    cm_limits_init(&lim);
    lim.depth = 1;
    t0 = thread_seconds();
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
    double search = thread_seconds() - t0;
    assert_int_equal(res.info.depth, 1);
    print_message("depth 1: %.3f s of CPU time, a whole generation %.3f s\n", search, whole);
    assert_true(search < 40 * whole);
    cm_engine_free(e);
    free(list);
    cm_variant_free(v);
}

/* A search of 'pos' within 'lim' from a cleared engine, with 'opt' (NULL: the defaults). */
static void cleared_search(CmEngine *e, const CmPosition *pos, const CmEngineOptions *opt,
                           const CmLimits *lim, CmSearchResult *res)
{
    CmEngineOptions def;
    cm_engine_default_options(&def);
    cm_engine_set_options(e, opt != NULL ? opt : &def);
    cm_engine_clear(e);
    assert_int_equal(cm_engine_search(e, pos, NULL, 0, lim, NULL, NULL, res), CM_OK);
    assert_true(res->has_move);
    assert_true(is_legal(pos, &res->move));
}

/* A search of 'pos' at 'level' from a cleared engine, with 'opt' (NULL: the defaults). */
static void level_search(CmEngine *e, const CmPosition *pos, int level, int depth, uint64_t seed,
                         const CmEngineOptions *opt, CmSearchResult *res)
{
    CmLimits lim;
    cm_limits_init(&lim);
    lim.level = level;
    lim.depth = depth;
    lim.seed = seed;
    cleared_search(e, pos, opt, &lim, res);
}

/* Every level from 2 to 9 is level 10's search and evaluation within a node cap: under a
 * smaller cap than any of theirs (1,000 to 1,550 nodes, enough for reverse futility and the
 * switches for races to act), each searches the same tree as level 10 (the same nodes, score
 * and move). And the search switches act at the levels as at level 10: with them off,
 * level 9's tree changes. Positions of a Camelot game from the start, and from a position
 * where pieces of both sides are near the castles, where the switches for races act. */
static void test_engine_levels_are_level_ten_within_a_cap(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmEngine *e = new_engine(v);
    CmEngineOptions off;
    cm_engine_default_options(&off);
    off.rfp = 0;
    off.improving = off.lmr_improving = off.threat_ext = off.threat_order = off.near_lmr = 0;
    off.lmr_hist = off.razor = 0;
    CmPosition near;
    tu_position(&near, v, "W F16M E14M H13K D11M F9M G9M K8M; B G3M F3K E4M H5M D7M J8M C9M", 'W');
    for (int k = 0; k < 2; k++) {
        CmGame g;
        assert_int_equal(cm_game_init(&g, v, k == 0 ? NULL : &near), CM_OK);
        int changed = 0;
        for (int ply = 0; ply < 12 && !g.outcome.over; ply++) {
            CmSearchResult top, lv;
            CmLimits lim;
            cm_limits_init(&lim);
            lim.level = 10;
            lim.nodes = 1000 + 50 * (uint64_t)ply;
            cleared_search(e, &g.pos, NULL, &lim, &top);
            for (lim.level = 2; lim.level <= 9; lim.level++) {
                cleared_search(e, &g.pos, NULL, &lim, &lv);
                assert_int_equal(lv.info.nodes, top.info.nodes);
                assert_int_equal(lv.info.score, top.info.score);
                assert_true(cm_move_same(&lv.move, &top.move));
            }
            CmSearchResult a, b;
            level_search(e, &g.pos, 9, 5, 1, NULL, &a);
            level_search(e, &g.pos, 9, 5, 1, &off, &b);
            changed += a.info.nodes != b.info.nodes;
            assert_int_equal(cm_game_play(&g, &top.move), CM_OK);
        }
        assert_true(changed > 0);
        cm_game_free(&g);
    }
    cm_engine_free(e);
}

/* Level 1 sees two plies and its choice varies with the seed (it overlooks some moves), but the
 * score it shows does not: it is the score of an exact search of two plies (level 1 without its
 * weaknesses), whatever the seed. */
static void test_engine_levels(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmSearchResult res, exact;
    CmEngineOptions plain;
    CmMove first = {0};
    int differ = 0;
    cm_pos_start(&pos, v);
    cm_engine_default_options(&plain);
    plain.level_noise = plain.level_hide = plain.level_blind = 0;
    level_search(e, &pos, 1, 2, 0, &plain, &exact);
    for (int seed = 1; seed <= 40; seed++) {
        level_search(e, &pos, 1, 0, (uint64_t)seed, NULL, &res);
        assert_int_equal(res.info.depth, 2);
        assert_int_equal(res.info.score, exact.info.score);
        if (seed == 1)
            first = res.move;
        else if (!cm_move_same(&first, &res.move))
            differ = 1;
    }
    assert_true(differ);
    cm_engine_free(e);
}

/* The weaknesses of a level (root moves misjudged, overlooked, or played without looking at
 * the replies) change the move it plays, never the score it shows, which is its search's: so
 * the draw offers an engine answers from that score are judged alike at every level. Checked
 * with large weaknesses (the switches for experiments, on level 10 so that no cap of a level
 * is in the way) at depths 1 and 2, in the start and in positions with captures, of two- and
 * four-player variants. */
static void test_engine_level_scores_are_the_searchs(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *pieces;
        char to_move;
    } cases[] = {
        {"camelot", NULL, 'W'},
        {"camelot", "W F6M G6M H7K E8M; B F9M G9M H10K G11M E10M", 'W'},
        {"camelot", "W F6M G7M H8K E8M; B F9M G9M H10K G11M E10M", 'B'},
        {"grand-camelot", NULL, 'R'},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const CmVariant *v = tu_variant(cases[c].variant);
        CmEngine *e = new_engine(v);
        CmPosition pos;
        if (cases[c].pieces != NULL)
            tu_position(&pos, v, cases[c].pieces, cases[c].to_move);
        else
            cm_pos_start(&pos, v);
        for (int depth = 1; depth <= 2; depth++) {
            CmSearchResult exact, res;
            CmEngineOptions weak;
            int differ = 0;
            level_search(e, &pos, 10, depth, 0, NULL, &exact);
            cm_engine_default_options(&weak);
            weak.level_noise = 300;
            weak.level_hide = 40;
            weak.level_blind = 40;
            for (int seed = 1; seed <= 12; seed++) {
                level_search(e, &pos, 10, depth, (uint64_t)seed, &weak, &res);
                if (res.info.score != exact.info.score)
                    fail_msg("%s, case %zu, depth %d, seed %d: score %d, exact %d",
                             cases[c].variant, c, depth, seed, res.info.score, exact.info.score);
                differ |= !cm_move_same(&res.move, &exact.move);
            }
            assert_true(differ);
        }
        cm_engine_free(e);
    }
}

/* The levels between 2 and 9 search within their node caps, which grow with the level: each
 * searches more nodes than the one below it, and the same seed gives the same move. */
static void test_engine_level_node_caps(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmSearchResult res, again;
    uint64_t below = 0;
    cm_pos_start(&pos, v);
    for (int level = 2; level <= 9; level++) {
        level_search(e, &pos, level, 0, 7, NULL, &res);
        level_search(e, &pos, level, 0, 7, NULL, &again);
        assert_true(cm_move_same(&res.move, &again.move));
        assert_int_equal(res.info.nodes, again.info.nodes);
        assert_true(res.info.nodes > below);
        below = res.info.nodes;
    }
    cm_engine_free(e);
}

/* The levels' ratings grow with the level, level 5 is at 1500, and a level out of range is
 * brought within. */
static void test_engine_level_ratings(void **state)
{
    (void)state;
    for (int level = 2; level <= CM_ENGINE_LEVELS; level++)
        assert_true(cm_engine_level_rating(level) > cm_engine_level_rating(level - 1));
    assert_int_equal(cm_engine_level_rating(5), 1500);
    assert_int_equal(cm_engine_level_rating(0), cm_engine_level_rating(1));
    assert_int_equal(cm_engine_level_rating(11), cm_engine_level_rating(CM_ENGINE_LEVELS));
}

/* The table keeps every field through its packing, and a slot whose two words do not belong
 * together (half written by another thread) is not found. */
static void test_engine_tt_slots(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmMoveList *list;
    TTEntry te;
    cm_pos_start(&pos, v);
    list = tu_moves(&pos);
    const CmMove *m = &list->m[list->n - 1];
    uint64_t key = 0x0123456789ABCDEFull;
    assert_false(cm_tt_probe(e, key, &te));
    cm_tt_store(e, key, -29950, 37, TT_LOWER, m);
    assert_true(cm_tt_probe(e, key, &te));
    assert_int_equal(te.key, key);
    assert_int_equal(te.score, -29950);
    assert_int_equal(te.depth, 37);
    assert_int_equal(te.bound & 3, TT_LOWER);
    assert_true(cm_tt_move_is(&te.move, m));
    /* Stored again without a move: the move is kept. */
    cm_tt_store(e, key, 120, 40, TT_EXACT, NULL);
    assert_true(cm_tt_probe(e, key, &te));
    assert_int_equal(te.score, 120);
    assert_int_equal(te.bound & 3, TT_EXACT);
    assert_true(cm_tt_move_is(&te.move, m));
    /* The data word of another entry under this slot's check word. */
    TTSlot *slot = NULL;
    TTBucket *b = &e->tt[key & e->tt_mask];
    for (int i = 0; i < TT_BUCKET; i++)
        if ((atomic_load(&b->e[i].check) ^ atomic_load(&b->e[i].data)) == key)
            slot = &b->e[i];
    assert_non_null(slot);
    atomic_store(&slot->data, atomic_load(&slot->data) ^ 0x10000);
    assert_false(cm_tt_probe(e, key, &te));
    free(list);
    cm_engine_free(e);
}

/* Threads: counts out of range are refused; with several threads every variant gets a legal
 * move at the depth asked for; a stop from another thread ends the search; below level 10 the
 * helpers stay idle (the node count is that of one thread); back to one thread, the search is
 * the same as a new engine's. */
static void test_engine_threads(void **state)
{
    (void)state;
    for (int i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        CmEngine *e = new_engine(v), *one = new_engine(v);
        CmPosition pos;
        CmLimits lim;
        CmSearchResult res, alone;
        assert_int_equal(cm_engine_set_threads(e, 0), CM_ERR_ARG);
        assert_int_equal(cm_engine_set_threads(e, CM_ENGINE_MAX_THREADS + 1), CM_ERR_ARG);
        assert_int_equal(cm_engine_set_threads(e, 3), CM_OK);
        assert_int_equal(cm_engine_set_threads(e, 3), CM_OK);
        cm_pos_start(&pos, v);
        cm_limits_init(&lim);
        lim.depth = 5;
        assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
        assert_int_equal(res.info.depth, 5);
        assert_true(is_legal(&pos, &res.move));

        lim.level = 5;
        lim.seed = 7;
        cm_engine_clear(e);
        assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
        assert_int_equal(cm_engine_search(one, &pos, NULL, 0, &lim, NULL, NULL, &alone), CM_OK);
        assert_int_equal(res.info.nodes, alone.info.nodes);
        assert_true(cm_move_same(&res.move, &alone.move));

        assert_int_equal(cm_engine_set_threads(e, 1), CM_OK);
        lim.level = 0;
        cm_engine_clear(e);
        cm_engine_clear(one);
        assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
        assert_int_equal(cm_engine_search(one, &pos, NULL, 0, &lim, NULL, NULL, &alone), CM_OK);
        assert_int_equal(res.info.nodes, alone.info.nodes);
        cm_engine_free(e);
        cm_engine_free(one);
    }

    const CmVariant *v = tu_variant("chivalry");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    atomic_bool stop;
    pthread_t t;
    atomic_init(&stop, false);
    assert_int_equal(cm_engine_set_threads(e, 4), CM_OK);
    cm_pos_start(&pos, v);
    cm_limits_init(&lim);
    lim.stop = &stop;
    assert_int_equal(pthread_create(&t, NULL, stop_later, &stop), 0);
    assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
    pthread_join(t, NULL);
    assert_true(res.info.depth < CM_ENGINE_MAX_DEPTH);
    assert_true(is_legal(&pos, &res.move));
    cm_engine_free(e);
}

/* Both searches for the individual four-player game give legal moves. */
static void test_engine_multi_modes(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("four-handed-chivalry-solo");
    CmEngine *e = new_engine(v);
    CmEngineOptions opt;
    CmPosition pos;
    CmLimits lim;
    CmSearchResult res;
    cm_pos_start(&pos, v);
    for (int m = 0; m < CM_MULTI_COUNT; m++) {
        cm_engine_default_options(&opt);
        opt.multi = (CmMultiMode)m;
        cm_engine_set_options(e, &opt);
        cm_limits_init(&lim);
        lim.depth = 4;
        assert_int_equal(cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res), CM_OK);
        assert_true(is_legal(&pos, &res.move));
    }
    cm_engine_free(e);
}

/* The start positions of the two-player games are symmetric: the evaluation is the tempo. */
static void test_engine_eval_symmetric(void **state)
{
    (void)state;
    const char *two[] = {"camette", "cam", "camelot", "chivalry"};
    for (int i = 0; i < 4; i++) {
        const CmVariant *v = tu_variant(two[i]);
        CmEngine *e = new_engine(v);
        CmPosition pos;
        cm_pos_start(&pos, v);
        int w = cm_engine_evaluate(e, &pos);
        cm_pos_set_turn(&pos, 1);
        int b = cm_engine_evaluate(e, &pos);
        assert_int_equal(w, b);
        assert_true(w > -30 && w < 30);
        cm_engine_free(e);
    }
}

/* The 'runner' term (weight 40 in Camelot, at level 10): a piece one to three steps from its
 * target castle with no enemy piece within two king steps of it. In Camelot White aims at F16
 * and G16, and Black at F1 and G1. */
static void test_engine_runner_term(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmEngine *e = new_engine(v);
    CmPosition pos;
    double count[CM_EVAL_TERMS];
    int eval, w[CM_EVAL_TERMS];
    static const struct {
        const char *pieces;
        int to_move, runners;
    } cases[] = {
        /* A white man a step from the castle, alone there: one runner for White. */
        {"W F15M A4M A5M; B L10M K10M H5M", 'W', 1},
        /* The same with Black to move: the count is the mover's. */
        {"W F15M A4M A5M; B L10M K10M H5M", 'B', -1},
        /* A black man two rows away guards: none. */
        {"W F15M A4M A5M; B G13M K10M H5M", 'W', 0},
        /* Four steps away is not near enough: none. */
        {"W F12M A4M A5M; B L10M K10M H5M", 'W', 0},
        /* One each: Black's H3 is two steps from G1, and no white piece is near it. */
        {"W F15M A4M A5M; B L10M K10M H3M", 'W', 0},
        /* Black's alone: a knight three steps from F1. */
        {"W F8M A4M A5M; B L10M K10M E4K", 'W', -1},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        tu_position(&pos, v, cases[c].pieces, cases[c].to_move);
        assert_int_equal(cm_engine_eval_trace(e, &pos, count, &eval), 1);
        assert_int_equal((int)count[CM_EVAL_RUNNER], cases[c].runners);
    }
    /* The evaluation moves by the weight times the count. */
    tu_position(&pos, v, cases[0].pieces, cases[0].to_move);
    int before = cm_engine_evaluate(e, &pos);
    cm_engine_get_weights(e, w);
    assert_int_equal(w[CM_EVAL_RUNNER], 40);
    w[CM_EVAL_RUNNER] = 100;
    cm_engine_set_weights(e, w);
    assert_int_equal(cm_engine_evaluate(e, &pos), before + 60);
    assert_string_equal(cm_engine_term_name(CM_EVAL_RUNNER), "runner");
    /* Helper threads evaluate as their caller: those made before the weights changed and
     * those made after. */
    assert_int_equal(cm_engine_set_threads(e, 2), CM_OK);
    assert_int_equal(cm_engine_evaluate(e->helpers[0], &pos), before + 60);
    w[CM_EVAL_RUNNER] = 0;
    cm_engine_set_weights(e, w);
    assert_int_equal(cm_engine_evaluate(e->helpers[0], &pos), before - 40);
    assert_int_equal(cm_engine_set_threads(e, 3), CM_OK);
    assert_int_equal(cm_engine_evaluate(e->helpers[1], &pos), before - 40);
    cm_engine_free(e);
}

/* The trace of the evaluation ('camelot tune' fits the weights with it): in positions of
 * random games of every two-team variant, the sum of weight times count is the evaluation
 * within the rounding of the per-piece advance (under a point a piece) and of the trade term;
 * a position where the side to move must capture gives no trace. Changing a weight changes
 * the evaluation by the weight's change times the count. */
static void test_engine_eval_trace(void **state)
{
    (void)state;
    uint64_t seed = 4242;
    int traced = 0, forced = 0;
    for (int i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        CmEngine *e = new_engine(v);
        int w[CM_EVAL_TERMS], w2[CM_EVAL_TERMS];
        cm_engine_get_weights(e, w);
        assert_int_equal(w[CM_EVAL_MAN], 100);
        for (int game = 0; game < 10; game++) {
            CmGame g;
            assert_int_equal(cm_game_init(&g, v, NULL), CM_OK);
            while (!g.outcome.over && g.n < 120) {
                double count[CM_EVAL_TERMS];
                int eval, f;
                int ok = cm_engine_eval_trace(e, &g.pos, count, &eval);
                cm_engine_evaluate(e, &g.pos);
                cm_eval_probe(e, &e->pos, &f);
                if (ok) {
                    double sum = 0;
                    for (int t = 0; t < CM_EVAL_TERMS; t++)
                        sum += w[t] * count[t];
                    int pieces = 0;
                    for (int s = 0; s < v->nseats; s++)
                        pieces += g.pos.npieces[s];
                    assert_true(sum - eval < pieces + 2 && eval - sum < pieces + 2);
                    assert_int_equal(eval, cm_engine_evaluate(e, &g.pos));
                    assert_int_equal(f, 0);
                    traced++;
                } else if (f == 1) {
                    forced++;
                }
                CmMoveList list;
                int n = cm_movegen_all(&g.pos, &list);
                assert_int_equal(cm_game_play(&g, &list.m[tu_rand_below(&seed, n)]), CM_OK);
            }
            cm_game_free(&g);
        }
        /* One weight changed: the evaluation moves by the change times its count. */
        CmPosition pos;
        cm_pos_start(&pos, v);
        double count[CM_EVAL_TERMS];
        int before;
        if (cm_engine_eval_trace(e, &pos, count, &before)) {
            memcpy(w2, w, sizeof w2);
            w2[CM_EVAL_TEMPO] += 50;
            cm_engine_set_weights(e, w2);
            assert_int_equal(cm_engine_evaluate(e, &pos), before + 50);
            w2[CM_EVAL_MAN] += 10;
            cm_engine_set_weights(e, w2);
            assert_int_equal(cm_engine_evaluate(e, &pos), before + 50);
        }
        cm_engine_free(e);
    }
    assert_true(traced > 2000 && forced > 100);
    assert_null(cm_engine_term_name(CM_EVAL_TERMS));
    assert_string_equal(cm_engine_term_name(CM_EVAL_KNIGHT), "knight");
}

/* The evaluation's capture test (class grids) against the rules core's obligation, for every
 * seat with pieces, in positions of random games: 2 exactly when a piece of the seat stands
 * on an own or side castle square, otherwise 1 exactly when the core obliges a capture. */
static void test_eval_capture_forced_matches_core(void **state)
{
    (void)state;
    uint64_t seed = 777;
    int checked[3] = {0, 0, 0};
    for (int i = 0; i < TU_NVARIANTS; i++) {
        const CmVariant *v = tu_variant(tu_variant_names[i]);
        CmEngine *e = new_engine(v);
        for (int game = 0; game < 20; game++) {
            CmGame g;
            assert_int_equal(cm_game_init(&g, v, NULL), CM_OK);
            while (!g.outcome.over && g.n < 150) {
                for (int s = 0; s < v->nseats; s++) {
                    if (g.pos.npieces[s] == 0)
                        continue;
                    CmPosition q = g.pos;
                    cm_pos_set_turn(&q, s);
                    int castle = 0;
                    CmSquareSet own = q.occ[s];
                    while (!cm_set_empty(&own))
                        castle |= (v->sqflags[s][cm_set_pop(&own)] & CM_SQ_NOSTEP) != 0;
                    CmObligation ob;
                    cm_movegen_obligation(&q, &ob);
                    int f = cm_eval_capture_forced(e, &q, s), pf;
                    cm_eval_probe(e, &q, &pf);
                    assert_int_equal(pf, f);
                    if (castle) {
                        assert_int_equal(f, 2);
                    } else {
                        assert_int_equal(f, ob.kind == CM_OBLIGE_CAPTURE);
                        assert_int_not_equal(ob.kind, CM_OBLIGE_EXIT);
                    }
                    checked[f]++;
                }
                CmMoveList list;
                int n = cm_movegen_all(&g.pos, &list);
                assert_int_equal(cm_game_play(&g, &list.m[tu_rand_below(&seed, n)]), CM_OK);
            }
            cm_game_free(&g);
        }
        cm_engine_free(e);
    }
    /* Each answer was seen (castle pieces are rare in random games: about 40 times). */
    assert_true(checked[0] > 1000 && checked[1] > 1000 && checked[2] > 10);
}

/* Without late move reductions and pruning (reverse futility off too) the move order changes how
 * many nodes a fixed-depth search needs, not its result: the hash move before generation
 * ('hash_first') gives the same scores as the full lists, in positions of random games. */
static void test_engine_hash_first_same_scores(void **state)
{
    (void)state;
    const char *two[] = {"camette", "cam", "camelot", "grand-cam"};
    uint64_t seed = 4242;
    int compared = 0, fewer = 0;
    CmMoveList *list = malloc(sizeof *list);
    assert_non_null(list);
    for (int i = 0; i < 4; i++) {
        const CmVariant *v = tu_variant(two[i]);
        CmEngine *e[2] = {new_engine(v), new_engine(v)};
        for (int k = 0; k < 2; k++) {
            CmEngineOptions opt;
            cm_engine_default_options(&opt);
            opt.lmr = 0;
            opt.rfp = 0;
            opt.hash_first = k;
            cm_engine_set_options(e[k], &opt);
        }
        for (int game = 0; game < 8; game++) {
            CmGame g;
            assert_int_equal(cm_game_init(&g, v, NULL), CM_OK);
            int plies = 8 + tu_rand_below(&seed, 24);
            while (!g.outcome.over && g.n < plies) {
                int n = cm_movegen_all(&g.pos, list);
                assert_int_equal(cm_game_play(&g, &list->m[tu_rand_below(&seed, n)]), CM_OK);
            }
            if (!g.outcome.over) {
                CmSearchResult r[2];
                for (int k = 0; k < 2; k++) {
                    CmLimits lim;
                    cm_limits_init(&lim);
                    lim.depth = 4;
                    cm_engine_clear(e[k]);
                    assert_int_equal(
                        cm_engine_search(e[k], &g.pos, NULL, 0, &lim, NULL, NULL, &r[k]), CM_OK);
                }
                assert_int_equal(r[1].info.score, r[0].info.score);
                fewer += r[1].info.nodes < r[0].info.nodes;
                compared++;
            }
            cm_game_free(&g);
        }
        cm_engine_free(e[0]);
        cm_engine_free(e[1]);
    }
    free(list);
    assert_true(compared >= 20);
    assert_true(fewer > 0); /* the switch did change the searches */
}

/* Every combination of the search switches plays only legal moves (fast games in every
 * variant) and finds the castle win of 'check_castle_win'. */
static void test_engine_switches(void **state)
{
    (void)state;
    for (int mask = 0; mask < 16; mask++) {
        CmEngineOptions opt;
        cm_engine_default_options(&opt);
        opt.null_move = mask & 1;
        opt.futility = (mask >> 1) & 1;
        opt.hash_first = (mask >> 2) & 1;
        opt.lmr = (mask >> 3) & 1;
        opt.capture_ext = mask & 1 ? 0 : 3; /* with and without the capture extension */
        int engine_plies = 0;               /* the first three plies of each game are random */
        for (int i = 0; i < TU_NVARIANTS; i++) {
            const CmVariant *v = tu_variant(tu_variant_names[i]);
            CmEngine *e = new_engine(v);
            cm_engine_set_options(e, &opt);
            CmGame g;
            play_game(e, &g, v, 0x5EED0000u + (uint64_t)(mask * 16 + i), 80);
            engine_plies += g.n > 3 ? g.n - 3 : 0;
            cm_game_free(&g);
            cm_engine_free(e);
        }
        assert_true(engine_plies > 200);
        check_castle_win(&opt);
    }
}

/* An engine playing a seat, here or on a server: its time for a move, within the level's cap
 * and a share of the clock; its count of calm moves; and when it accepts a draw (the score
 * now, the moves before it, the opening). */
static void test_engine_seat_think_and_draw(void **state)
{
    (void)state;
    assert_int_equal(cm_engine_think_ms(10, -1, 0), 5000);
    assert_int_equal(cm_engine_think_ms(1, -1, 0), 1000);
    assert_true(cm_engine_think_ms(10, 60000, 0) <= 60000 / 25);
    assert_true(cm_engine_think_ms(10, 100, 0) >= 20);

    CmSearchInfo info;
    memset(&info, 0, sizeof info);
    info.depth = 3;
    info.score = CM_ENGINE_DRAW_ACCEPT - 1;
    assert_int_equal(cm_engine_draw_calm(2, &info), 3);
    info.score = CM_ENGINE_DRAW_ACCEPT;
    assert_int_equal(cm_engine_draw_calm(2, &info), 0);
    info.score = -300;
    info.depth = 0; /* stopped before its first iteration: it knows nothing */
    assert_int_equal(cm_engine_draw_calm(2, &info), 0);

    assert_true(cm_engine_draw_accepts(-300, CM_ENGINE_DRAW_CALM, 20, 2));
    assert_false(cm_engine_draw_accepts(-300, CM_ENGINE_DRAW_CALM, 19, 2));
    assert_false(cm_engine_draw_accepts(-300, CM_ENGINE_DRAW_CALM - 1, 20, 2));
    assert_false(cm_engine_draw_accepts(CM_ENGINE_DRAW_ACCEPT, CM_ENGINE_DRAW_CALM, 20, 2));
    assert_false(cm_engine_draw_accepts(0, CM_ENGINE_DRAW_CALM, 39, 4));
    assert_true(cm_engine_draw_accepts(CM_ENGINE_DRAW_ACCEPT - 1, CM_ENGINE_DRAW_CALM, 40, 4));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_new_free),
        cmocka_unit_test(test_engine_search_legal_every_variant),
        cmocka_unit_test(test_engine_games_replay),
        cmocka_unit_test(test_engine_finds_castle_win),
        cmocka_unit_test(test_engine_capture_choice),
        cmocka_unit_test(test_engine_excludes_root_moves),
        cmocka_unit_test(test_engine_game_over),
        cmocka_unit_test(test_engine_skips_seat),
        cmocka_unit_test(test_engine_bad_arguments),
        cmocka_unit_test(test_engine_node_count_stable),
        cmocka_unit_test(test_engine_progress_and_stop),
        cmocka_unit_test(test_engine_stop_from_another_thread),
        cmocka_unit_test(test_engine_node_and_time_limits),
        cmocka_unit_test(test_engine_limits_in_huge_positions),
        cmocka_unit_test(test_engine_depth_one_ends_in_the_jump_bomb),
        cmocka_unit_test(test_engine_reads_the_clock_after_costly_generations),
        cmocka_unit_test(test_engine_depth_one_in_the_lattice_cpu_time),
        cmocka_unit_test(test_engine_levels),
        cmocka_unit_test(test_engine_level_scores_are_the_searchs),
        cmocka_unit_test(test_engine_level_node_caps),
        cmocka_unit_test(test_engine_level_ratings),
        cmocka_unit_test(test_engine_multi_modes),
        cmocka_unit_test(test_engine_eval_symmetric),
        cmocka_unit_test(test_engine_eval_trace),
        cmocka_unit_test(test_engine_runner_term),
        cmocka_unit_test(test_eval_capture_forced_matches_core),
        cmocka_unit_test(test_engine_switches),
        cmocka_unit_test(test_engine_hash_first_same_scores),
        cmocka_unit_test(test_engine_levels_are_level_ten_within_a_cap),
        cmocka_unit_test(test_engine_tt_slots),
        cmocka_unit_test(test_engine_threads),
        cmocka_unit_test(test_engine_seat_think_and_draw),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
