/* No lost games: a child process plays a session with an autosave after every move and is killed
 * (SIGKILL, SIGTERM, SIGHUP) at random moments, mostly while it is writing; the autosave must
 * then always load, and hold a prefix of the game the child was playing.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "session/session.h"
#include "testutil.h"
#include "tu_session.h"

#define PLIES 200
#define ROUNDS 90

static const CmVariant *camelot(void)
{
    return tu_session_variant("camelot");
}

/* The game both processes know: 'PLIES' moves picked from 'seed' (fewer if it ends). */
static int fixed_game(uint64_t seed, CmMove *moves)
{
    CmGame g;
    CmMoveList *list = malloc(sizeof *list);
    int n = 0;
    assert_non_null(list);
    assert_int_equal(cm_game_init(&g, camelot(), NULL), CM_OK);
    while (n < PLIES && !g.outcome.over && cm_movegen_all(&g.pos, list) > 0) {
        moves[n] = list->m[tu_rand(&seed) % (uint64_t)list->n];
        assert_int_equal(cm_game_play(&g, &moves[n]), CM_OK);
        n++;
    }
    cm_game_free(&g);
    free(list);
    return n;
}

/* The child: plays the fixed game through a session, which autosaves after every move, then
 * exits. */
static void child(const char *dir, const CmMove *moves, int n)
{
    Session g;
    SessionSetup s;
    SessionEnv env = {tu_catalog(), NULL, dir};
    const CmVariant *v = camelot();
    setup_default(&s, v, "camelot");
    setup_all_human(&s);
    session_init(&g, &env);
    if (session_start(&g, v, &s, NULL) != CM_OK)
        _exit(3);
    for (int i = 0; i < n; i++)
        if (session_play(&g, &moves[i], 0) != CM_OK || g.save_error[0])
            _exit(4);
    session_free(&g);
    _exit(0);
}

/* Whether the child 'pid' has ended (it is not reaped). */
static int exited(pid_t pid)
{
    siginfo_t info;
    memset(&info, 0, sizeof info);
    return waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid != 0;
}

static void test_session_kill_autosave_survives_kills(void **state)
{
    (void)state;
    static const int signals[] = {SIGKILL, SIGTERM, SIGHUP};
    CmMove *moves = malloc(PLIES * sizeof *moves);
    uint64_t seed = 0x5eed5eed1234ull;
    int loaded = 0, killed = 0, longest = 0;
    assert_non_null(moves);
    int n = fixed_game(0xc0ffee, moves);
    assert_true(n > 20);

    for (int round = 0; round < ROUNDS; round++) {
        char dir[] = "/tmp/camelot-savekill-XXXXXX";
        assert_non_null(mkdtemp(dir));
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0)
            child(dir, moves, n);

        /* 1. Once its first move is saved (or it is gone), kill it after a random wait of up
         *    to 30 ms, with one of the three signals. Waiting for the file, rather than for a
         *    fixed time, keeps the test meaningful on a loaded machine. */
        char path[4200];
        snprintf(path, sizeof path, "%s/autosave.txt", dir);
        struct timespec tick = {0, 1000000};
        for (int ms = 0; ms < 20000 && access(path, F_OK) != 0 && !exited(pid); ms++)
            nanosleep(&tick, NULL);
        struct timespec wait = {0, (long)(tu_rand(&seed) % 30000000u)};
        nanosleep(&wait, NULL);
        int sig = signals[round % 3];
        if (kill(pid, sig) == 0)
            killed++;
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (WIFEXITED(status))
            assert_int_equal(WEXITSTATUS(status), 0);

        /* 2. Whatever the moment, the autosave (if the first move was saved) loads, and its
         *    moves are the first moves of the game. */
        if (access(path, F_OK) == 0) {
            Session back;
            SessionEnv env = {tu_catalog(), NULL, NULL};
            CmError err;
            cm_error_init(&err, path);
            session_init(&back, &env);
            if (session_load(&back, path, NULL, NULL, &err) != CM_OK)
                fail_msg("round %d: the autosave does not load: %s:%d:%d: %s", round, path,
                         err.line, err.col, err.msg);
            assert_true(back.g.n >= 1 && back.g.n <= n);
            for (int i = 0; i < back.g.n; i++)
                assert_true(cm_move_same(&back.g.ply[i].move, &moves[i]));
            if (back.g.n > longest)
                longest = back.g.n;
            session_free(&back);
            loaded++;
        }
        tu_remove_tree(dir);
    }
    print_message("%d rounds, %d kills, %d autosaves loaded, longest %d of %d moves\n", ROUNDS,
                  killed, loaded, longest, n);
    assert_true(loaded > ROUNDS / 3);
    free(moves);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_session_kill_autosave_survives_kills),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
