/* Learning from one's mistakes: the exercises of a game reviewed to a fixed depth (the same on
 * every machine), the engine's move, another good move and a wrong one judged, the hint, the
 * solution, skipping and the count; a four-player game's scores turned to the mover's team;
 * and practice mode of the front end driven key by key without a terminal, with the engine
 * thread judging.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "camelot/notation.h"
#include "session/clock.h"
#include "testutil.h"
#include "ui/ui_int.h"

/* The Camette game of tests/cli/review.sh: reviewed to depth 6, Black's 2...C5-B5 (two
 * captures win material instead) and 6...B6-B5 (C2-C1 wins at once) are blunders. */
static const char *const blunder[] = {"B3-B2", "B5-B6", "C2-D2", "C5-B5", "C3-C4", "C6-E4xC2",
                                      "D2-E3", "D5xB3", "B2xB4", "B5xB3", "E3-D2", "B6-B5"};
#define NPLIES 12
#define DEPTH 6

typedef struct Fixture {
    CmGame game;
    CmEngine *e;
    CmLimits lim;
    AnalysisPly plies[NPLIES];
} Fixture;

static Fixture *open_fixture(void)
{
    Fixture *f = calloc(1, sizeof *f);
    const CmVariant *v = tu_variant("camette");
    CmError err;
    assert_non_null(f);
    assert_int_equal(cm_game_init(&f->game, v, NULL), CM_OK);
    for (int i = 0; i < NPLIES; i++) {
        CmMove m;
        if (cm_move_parse(&f->game.pos, blunder[i], &m, &err) != CM_OK)
            fail_msg("%s: %s", blunder[i], err.msg);
        assert_int_equal(cm_game_play(&f->game, &m), CM_OK);
    }
    assert_int_equal(cm_engine_new(v, (size_t)1 << 20, &f->e), CM_OK);
    cm_limits_init(&f->lim);
    f->lim.depth = DEPTH;
    assert_int_equal(analysis_run(&f->game, f->e, &f->lim, f->plies, 0, NULL, NULL), NPLIES);
    return f;
}

static void close_fixture(Fixture *f)
{
    cm_engine_free(f->e);
    cm_game_free(&f->game);
    free(f);
}

static CmMove move(const CmPosition *pos, const char *text)
{
    CmMove m;
    CmError err;
    if (cm_move_parse(pos, text, &m, &err) != CM_OK)
        fail_msg("%s: %s", text, err.msg);
    return m;
}

/* Tries 'text' in the exercise in hand, with the search the front end would run. */
static void try_move(Fixture *f, Practice *p, const char *text, PracticeTry *t)
{
    CmMove m = move(&practice_game(p)->pos, text);
    assert_int_equal(practice_try(p, &m, t), CM_OK);
    if (t->need_search) {
        const CmGame *trial = practice_trial(p);
        CmSearchResult res;
        assert_int_equal(
            cm_engine_search(f->e, &trial->pos, trial->hashes, trial->n, &f->lim, NULL, NULL, &res),
            CM_OK);
        practice_judge(p, t, &res.info);
    }
}

/* The other of Black's two winning captures at move 2. */
static const char *other_capture(const char *best)
{
    return strcmp(best, "C6-C4xC2xE4") == 0 ? "C6-E4xC2xC4" : "C6-C4xC2xE4";
}

static void test_practice_takes_the_seats_mistakes(void **state)
{
    (void)state;
    Fixture *f = open_fixture();
    Practice p;
    char buf[PRACTICE_TEXT_MAX];

    /* Black's: the two blunders, in the game's order, the position before each. */
    assert_int_equal(practice_init(&p, &f->game, f->plies, NPLIES, 1u << 1), CM_OK);
    assert_int_equal(p.n, 2);
    assert_int_equal(practice_ply(&p), 3);
    assert_int_equal(practice_game(&p)->n, 3);
    assert_int_equal(practice_game(&p)->pos.to_move, 1);
    practice_prompt(&p, buf, sizeof buf);
    assert_string_equal(buf, "1 of 2: move 2, Black played C5-B5, a blunder. Find a better move.");
    assert_int_equal(practice_next(&p), 1);
    assert_int_equal(practice_ply(&p), 11);
    assert_int_equal(practice_game(&p)->hashes[11], f->game.hashes[11]);
    assert_int_equal(practice_next(&p), 0);
    assert_int_equal(p.state, PRACTICE_OVER);
    assert_int_equal(practice_ply(&p), -1);
    practice_summary(&p, buf, sizeof buf);
    assert_string_equal(buf, "Solved 0 of 2; 2 skipped.");
    practice_free(&p);

    /* Every seat's: each a mistake or a blunder of its seat, and no inaccuracy. */
    assert_int_equal(practice_init(&p, &f->game, f->plies, NPLIES, 3u), CM_OK);
    int want = 0;
    for (int i = 0; i < NPLIES; i++)
        want += f->plies[i].mark >= ANALYSIS_MARK_MISTAKE;
    assert_int_equal(p.n, want);
    assert_true(p.n > 2);
    for (int k = 0; k < p.n; k++)
        assert_true(f->plies[p.items[k]].mark >= ANALYSIS_MARK_MISTAKE);
    practice_free(&p);

    /* No seat, or a review of no plies: nothing to practise. */
    assert_int_equal(practice_init(&p, &f->game, f->plies, NPLIES, 0), CM_OK);
    assert_int_equal(p.n, 0);
    assert_int_equal(p.state, PRACTICE_OVER);
    practice_summary(&p, buf, sizeof buf);
    assert_string_equal(buf, "No mistakes or blunders to practise.");
    practice_free(&p);
    assert_int_equal(practice_init(&p, &f->game, f->plies, 0, 3u), CM_OK);
    assert_int_equal(p.n, 0);
    practice_free(&p);
    close_fixture(f);
}

static void test_practice_judges_the_moves(void **state)
{
    (void)state;
    Fixture *f = open_fixture();
    Practice p;
    PracticeTry t;
    char buf[PRACTICE_TEXT_MAX];
    const char *best = f->plies[3].best;

    assert_int_equal(practice_init(&p, &f->game, f->plies, NPLIES, 1u << 1), CM_OK);
    /* A move that loses the knight: wrong, with what it allows, and tried again. */
    try_move(f, &p, "B6-A5", &t);
    assert_int_equal(t.verdict, PRACTICE_WRONG);
    assert_false(t.played);
    assert_true(t.drop >= PRACTICE_GOOD_DROP);
    assert_true(t.line[0] != '\0');
    practice_verdict_text(&p, &t, buf, sizeof buf);
    tu_assert_contains(buf, "B6-A5 lowers the chance of winning from ");
    tu_assert_contains(buf, ": it allows ");
    tu_assert_contains(buf, "Try again.");
    assert_int_equal(p.state, PRACTICE_ASKING);
    assert_int_equal(p.wrong, 1);
    /* The move of the game is wrong, and named. */
    try_move(f, &p, "C5-B5", &t);
    assert_int_equal(t.verdict, PRACTICE_WRONG);
    assert_true(t.played);
    practice_verdict_text(&p, &t, buf, sizeof buf);
    tu_assert_contains(buf, "C5-B5 (the move of the game) lowers the chance of winning");
    /* The other winning capture: also good, judged by a search. */
    try_move(f, &p, other_capture(best), &t);
    assert_int_equal(t.verdict, PRACTICE_GOOD);
    assert_true(t.drop < PRACTICE_GOOD_DROP);
    practice_verdict_text(&p, &t, buf, sizeof buf);
    tu_assert_contains(buf, " is also good: it keeps the chance of winning at ");
    tu_assert_contains(buf, best);
    assert_int_equal(p.state, PRACTICE_SOLVED);
    assert_int_equal(p.solved, 1);
    /* Once solved, no more tries. */
    CmMove m = move(&practice_game(&p)->pos, best);
    assert_int_equal(practice_try(&p, &m, &t), CM_ERR_ARG);

    /* The second: the engine's move is right at once, with no search. */
    assert_int_equal(practice_next(&p), 1);
    practice_hint(&p, buf, sizeof buf);
    assert_string_equal(buf, "Look at the piece on C2.");
    assert_true(p.hinted);
    m = move(&practice_game(&p)->pos, "C2-C1");
    assert_int_equal(practice_try(&p, &m, &t), CM_OK);
    assert_false(t.need_search);
    assert_int_equal(t.verdict, PRACTICE_BEST);
    practice_verdict_text(&p, &t, buf, sizeof buf);
    assert_string_equal(buf, "C2-C1 is the engine's move: right.");
    assert_int_equal(practice_next(&p), 0);
    practice_summary(&p, buf, sizeof buf);
    assert_string_equal(buf, "Solved 2 of 2.");
    practice_free(&p);

    /* Shown, and skipped. */
    assert_int_equal(practice_init(&p, &f->game, f->plies, NPLIES, 1u << 1), CM_OK);
    CmMove shown;
    practice_show(&p, &shown, buf, sizeof buf);
    assert_true(cm_move_same(&shown, &p.best));
    tu_assert_contains(buf, "The engine's move: ");
    tu_assert_contains(buf, best);
    assert_int_equal(p.state, PRACTICE_SHOWN);
    practice_show(&p, &shown, buf, sizeof buf); /* counted once */
    assert_int_equal(practice_next(&p), 1);
    assert_int_equal(practice_next(&p), 0);
    practice_summary(&p, buf, sizeof buf);
    assert_string_equal(buf, "Solved 0 of 2; 1 shown; 1 skipped.");
    practice_free(&p);
    close_fixture(f);
}

/* A four-player game: the score the search gives for the seat to move after the move is turned
 * to the mover's team, and a move that ends nothing is judged by it. */
static void test_practice_four_players(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("four-handed-chivalry");
    CmGame game;
    AnalysisPly plies[1];
    Practice p;
    PracticeTry t;
    CmSearchInfo info;
    char buf[PRACTICE_TEXT_MAX];

    assert_int_equal(cm_game_init(&game, v, NULL), CM_OK);
    CmMove played = move(&game.pos, "C14-C12");
    assert_int_equal(cm_game_play(&game, &played), CM_OK);
    memset(plies, 0, sizeof plies);
    plies[0].seat = 0;
    plies[0].best_score = 100;
    plies[0].score = -300;
    plies[0].mark = ANALYSIS_MARK_BLUNDER;
    snprintf(plies[0].move, sizeof plies[0].move, "C14-C12");
    snprintf(plies[0].best, sizeof plies[0].best, "D14-D13");
    assert_int_equal(practice_init(&p, &game, plies, 1, 1u << 0), CM_OK);
    assert_int_equal(p.n, 1);
    assert_true(p.has_best);
    CmMove m = move(&practice_game(&p)->pos, "D14-E13");
    assert_int_equal(practice_try(&p, &m, &t), CM_OK);
    assert_true(t.need_search);
    int next = practice_trial(&p)->pos.to_move;
    assert_false(cm_variant_partners(v, next, 0));
    /* The opponent to move is a man down: the mover's team a man up, better than the best. */
    memset(&info, 0, sizeof info);
    info.score = -100;
    practice_judge(&p, &t, &info);
    assert_int_equal(t.score, 100);
    assert_int_equal(t.verdict, PRACTICE_GOOD);
    practice_free(&p);

    /* The same move, the opponent well ahead: wrong. */
    assert_int_equal(practice_init(&p, &game, plies, 1, 1u << 0), CM_OK);
    assert_int_equal(practice_try(&p, &m, &t), CM_OK);
    info.score = 400;
    practice_judge(&p, &t, &info);
    assert_int_equal(t.score, -400);
    assert_int_equal(t.verdict, PRACTICE_WRONG);
    practice_verdict_text(&p, &t, buf, sizeof buf);
    tu_assert_contains(buf, "D14-E13 lowers the chance of winning from ");
    /* Another seat's blunder is not this seat's to practise. */
    practice_free(&p);
    assert_int_equal(practice_init(&p, &game, plies, 1, 1u << 1), CM_OK);
    assert_int_equal(p.n, 0);
    practice_free(&p);
    cm_game_free(&game);
}

/* ---- On the screen ------------------------------------------------------------------------- */

typedef struct Screen {
    Fixture *f;
    EngineThread *et;
    UiPractice pr;
    Session s;
    Ui ui;
} Screen;

static Screen *open_screen(void)
{
    Screen *sc = calloc(1, sizeof *sc);
    assert_non_null(sc);
    sc->f = open_fixture();
    sc->et = engine_thread_new((size_t)1 << 20);
    assert_non_null(sc->et);
    assert_int_equal(practice_init(&sc->pr.p, &sc->f->game, sc->f->plies, NPLIES, 1u << 1), CM_OK);
    sc->pr.depth = DEPTH;
    SessionEnv env = {NULL, sc->et, NULL};
    session_init(&sc->s, &env);
    assert_int_equal(ui_practice_start(&sc->pr, &sc->s), CM_OK);
    UiOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.ascii = 1;
    opt.highlight = 1;
    assert_int_equal(ui_init(&sc->ui, &sc->s, &opt), CM_OK);
    ui_resize(&sc->ui, 24, 80);
    ui_practice_attach(&sc->ui, &sc->pr);
    return sc;
}

static void close_screen(Screen *sc)
{
    ui_free(&sc->ui);
    session_free(&sc->s);
    practice_free(&sc->pr.p);
    engine_thread_free(sc->et);
    close_fixture(sc->f);
    free(sc);
}

static void type(Ui *ui, const char *text)
{
    ui_handle_key(ui, ':', 0);
    for (const char *c = text; *c; c++)
        ui_handle_key(ui, (unsigned char)*c, 0);
    ui_handle_key(ui, UI_KEY_ENTER, 0);
}

/* Ticks the screen until the engine has judged the move, for at most 10 s (times the tests'
 * factor). */
static void wait_judged(Ui *ui)
{
    uint64_t t0 = clock_ms(), limit = 10000u * (uint64_t)tu_time_factor();
    while (ui->practice->judging) {
        struct timespec ts = {0, 5 * 1000000L};
        if (clock_ms() - t0 > limit)
            fail_msg("the engine did not judge the move in time");
        ui_tick(ui, clock_ms());
        nanosleep(&ts, NULL);
    }
}

static void panel(const Ui *ui, char *buf, size_t size)
{
    UiLine lines[40];
    size_t len = 0;
    int n = ui_panel_lines(ui, 0, 34, lines, 40);
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s\n", lines[i].text);
}

static void test_ui_practice_screen(void **state)
{
    (void)state;
    Screen *sc = open_screen();
    Ui *ui = &sc->ui;
    char buf[4096];
    const char *best = sc->f->plies[3].best;

    ui_title_text(ui, buf, sizeof buf);
    tu_assert_contains(buf, "Camette: learning from the mistakes, 1 of 2");
    ui_status_text(ui, buf, sizeof buf);
    tu_assert_contains(buf, "Black to move: find a better move than C5-B5.");
    tu_assert_contains(ui->msg, "1 of 2: move 2, Black played C5-B5, a blunder.");
    panel(ui, buf, sizeof buf);
    tu_assert_contains(buf, "Practice 1 of 2\n2. Black played\n C5-B5\n a blunder\n to find\n");
    tu_assert_contains(buf, "So far\n solved 0  shown 0\n skipped 0\n");
    tu_assert_contains(ui_keys_text(ui, buf, sizeof buf), "H hint  s solution  n next");
    assert_true(ui->opt.flip); /* Black at the bottom */

    /* What practice has no use for is refused, and changes nothing. */
    static const int refused[] = {'u', 'r', 'L', 'e', 'x', 'R', 'D', 'm', 'p'};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        ui->msg[0] = '\0';
        ui_handle_key(ui, refused[i], 0);
        tu_assert_contains(ui->msg, "Not in practice");
        assert_int_equal(sc->s.g.n, 0);
    }

    /* A losing move: judged by the engine thread, taken back, explained. */
    type(ui, "B6-A5");
    tu_assert_contains(ui->msg, "The engine looks at B6-A5...");
    assert_int_equal(sc->s.g.n, 1);
    /* No other move while it judges. */
    type(ui, best);
    tu_assert_contains(ui->msg, "still judging");
    wait_judged(ui);
    tu_assert_contains(ui->msg, "B6-A5 lowers the chance of winning from ");
    tu_assert_contains(ui->msg, "Try again.");
    assert_int_equal(sc->s.g.n, 0);
    assert_int_equal(sc->pr.p.state, PRACTICE_ASKING);

    /* The other capture: also good, and left on the board. */
    type(ui, other_capture(best));
    wait_judged(ui);
    tu_assert_contains(ui->msg, " is also good: ");
    tu_assert_contains(ui->msg, "n: the next one.");
    assert_int_equal(sc->s.g.n, 1);
    ui_status_text(ui, buf, sizeof buf);
    tu_assert_contains(buf, "Solved. n: the next one");
    panel(ui, buf, sizeof buf);
    tu_assert_contains(buf, " solved\nSo far\n solved 1  shown 0\n");
    /* Once solved, the board takes no more moves. */
    type(ui, "B6-A5");
    tu_assert_contains(ui->msg, "This one is behind you");
    assert_int_equal(sc->s.g.n, 1);

    /* n: the second; H the hint; s the engine's move played on the board. */
    ui_handle_key(ui, 'n', 0);
    ui_title_text(ui, buf, sizeof buf);
    tu_assert_contains(buf, "learning from the mistakes, 2 of 2");
    assert_int_equal(sc->s.g.n, 0);
    assert_true(ui->opt.flip);
    ui_handle_key(ui, 'H', 0);
    assert_string_equal(ui->msg, "Look at the piece on C2.");
    ui_handle_key(ui, 's', 0);
    tu_assert_contains(ui->msg, "The engine's move: C2-C1");
    assert_int_equal(sc->s.g.n, 1);
    assert_true(ui->opt.flip); /* still Black's board, though White is to move */
    ui_status_text(ui, buf, sizeof buf);
    tu_assert_contains(buf, "The engine's move is on the board.");
    /* n after the last one: how many were solved. */
    ui_handle_key(ui, 'n', 0);
    ui_status_text(ui, buf, sizeof buf);
    assert_string_equal(buf, "Solved 1 of 2; 1 shown. q goes back to the review.");
    assert_string_equal(ui->msg, "That was the last one.");
    ui_handle_key(ui, 'n', 0);
    assert_string_equal(ui->msg, "That was the last one.");
    close_screen(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_practice_takes_the_seats_mistakes),
        cmocka_unit_test(test_practice_judges_the_moves),
        cmocka_unit_test(test_practice_four_players),
        cmocka_unit_test(test_ui_practice_screen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
