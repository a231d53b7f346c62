/* Puzzles: reading and writing puzzle files (every solution checked against the rules), the
 * shipped puzzles (each solution legal; a sample checked again by the engine at the file's
 * depth), the rule of uniqueness, the score file, the order of serving and a puzzle solved or
 * missed on a session.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include "camelot/notation.h"
#include "camelot/puzzle.h"
#include "io/io.h"
#include "session/puzzle.h"
#include "testutil.h"
#include "tu_session.h"

/* A Camelot position where White must capture and one jump takes three men. */
#define POSITION                                                                                   \
    "{to_move: W, pieces: {F6: WM, F7: WM, E6: WK, F8: BM, G10: BM, H10: BM, B11: BM, C11: BM}}"

static const char good[] = "# a comment\n"
                           "variant: camelot\n"
                           "depth: 6\n"
                           "threshold: 200\n"
                           "puzzles:\n"
                           "  - id: one-move\n"
                           "    difficulty: 2\n"
                           "    goal: gain\n"
                           "    position: " POSITION "\n"
                           "    solution: [F7xF9xH11xH9]\n"
                           "  - id: three-moves\n"
                           "    difficulty: 4\n"
                           "    goal: defend\n"
                           "    position: " POSITION "\n"
                           "    solution: [f7xf9xh11xh9, C11-C10, E6-F7]\n";

static CmStatus parse(const char *text, CmPuzzleSet *set, CmError *err)
{
    CatalogResolver res = {tu_catalog(), NULL, {0}};
    cm_error_init(err, NULL);
    return cm_puzzles_parse(text, strlen(text), catalog_resolve, &res, set, err);
}

static void test_puzzle_parse(void **state)
{
    (void)state;
    CmPuzzleSet set;
    CmError err;
    CmMove m;
    assert_int_equal(parse(good, &set, &err), CM_OK);
    assert_ptr_equal(set.v, tu_session_variant("camelot"));
    assert_int_equal(set.depth, 6);
    assert_int_equal(set.threshold, 200);
    assert_int_equal(set.n, 2);
    assert_string_equal(set.p[0].id, "one-move");
    assert_int_equal(set.p[0].difficulty, 2);
    assert_int_equal(set.p[0].goal, CM_PUZZLE_GAIN);
    assert_int_equal(set.p[0].nsol, 1);
    assert_int_equal(set.p[0].line, 6);
    assert_true(tu_find_move(&set.p[0].pos, "F7>H9xF8,G10,H10", &m));
    assert_true(cm_move_same(&set.p[0].sol[0], &m));
    assert_int_equal(set.p[1].nsol, 3);
    assert_int_equal(set.p[1].goal, CM_PUZZLE_DEFEND);
    assert_int_equal(set.p[1].pos.to_move, tu_seat(set.v, 'W'));
    assert_int_equal(cm_puzzle_check_line(&set.p[1], &err), CM_OK);
    cm_puzzles_free(&set);
    cm_puzzles_free(&set); /* freeing twice does nothing */
    assert_null(set.p);
}

/* Written, then read back: the same puzzles, each move as its canonical path. */
static void test_puzzle_write_read(void **state)
{
    (void)state;
    CmPuzzleSet set, back;
    CmError err;
    char buf[4096];
    assert_int_equal(parse(good, &set, &err), CM_OK);
    size_t len =
        cm_puzzles_write_head("camelot", 6, 200, "made by a test\nsecond line", buf, sizeof buf);
    for (int i = 0; i < set.n; i++)
        len += cm_puzzle_write(&set.p[i], buf + len, sizeof buf - len);
    assert_true(len < sizeof buf);
    tu_assert_contains(buf, "# made by a test\n# second line\nvariant: camelot\n");
    tu_assert_contains(buf, "solution: [F7xF9xH11xH9, C11-C10, E6-F7]\n");
    assert_int_equal(cm_puzzle_write(&set.p[0], NULL, 0),
                     strlen(strstr(buf, "  - id: one")) - strlen(strstr(buf, "  - id: three")));
    assert_int_equal(parse(buf, &back, &err), CM_OK);
    assert_int_equal(back.n, set.n);
    for (int i = 0; i < set.n; i++) {
        assert_string_equal(back.p[i].id, set.p[i].id);
        assert_true(cm_pos_equal(&back.p[i].pos, &set.p[i].pos));
        assert_int_equal(back.p[i].nsol, set.p[i].nsol);
        for (int k = 0; k < set.p[i].nsol; k++)
            assert_true(cm_move_same(&back.p[i].sol[k], &set.p[i].sol[k]));
    }
    /* The head alone, as a file is before its first puzzle: read as no puzzles, as is an
     * empty list. */
    cm_puzzles_free(&back);
    len = cm_puzzles_write_head("camelot", 6, 200, NULL, buf, sizeof buf);
    assert_int_equal(parse(buf, &back, &err), CM_OK);
    assert_int_equal(back.n, 0);
    cm_puzzles_free(&back);
    assert_int_equal(parse("variant: camelot\ndepth: 6\nthreshold: 20\npuzzles: []\n", &back, &err),
                     CM_OK);
    assert_int_equal(back.n, 0);
    /* Cut short: snprintf semantics, terminated. */
    char small[20];
    assert_true(cm_puzzle_write(&set.p[1], small, sizeof small) > sizeof small);
    assert_int_equal(strlen(small), sizeof small - 1);
    cm_puzzles_free(&set);
    cm_puzzles_free(&back);
}

/* A bad file: the code, the line and column, and the message. */
static void expect_bad(const char *text, CmStatus code, int line, int col, const char *msg)
{
    CmPuzzleSet set;
    CmError err;
    memset(&set, 0, sizeof set);
    CmStatus st = parse(text, &set, &err);
    if (st != code || err.line != line || err.col != col || strstr(err.msg, msg) == NULL)
        fail_msg("got %d at %d:%d '%s'; wanted %d at %d:%d '%s'", st, err.line, err.col, err.msg,
                 code, line, col, msg);
    assert_null(set.p);
}

#define HEAD "variant: camelot\ndepth: 6\nthreshold: 200\npuzzles:\n"
#define ITEM(id, sol)                                                                              \
    "  - id: " id "\n    difficulty: 1\n    goal: gain\n    position: " POSITION "\n"              \
    "    solution: " sol "\n"

static void test_puzzle_bad_files(void **state)
{
    (void)state;
    expect_bad("", CM_ERR_SCHEMA, 1, 1, "the puzzle file is empty");
    expect_bad("[1, 2]\n", CM_ERR_SCHEMA, 1, 1, "expected a mapping");
    expect_bad("variant: camelot\n  - x: [\n", CM_ERR_SYNTAX, 2, 6, "mapping values");
    expect_bad("variant: camelot\ndepth: 6\npuzzles: []\n", CM_ERR_SCHEMA, 1, 1,
               "missing key 'threshold'");
    expect_bad("variant: nonesuch\ndepth: 6\nthreshold: 200\npuzzles: []\n", CM_ERR_SCHEMA, 1, 10,
               "nonesuch");
    expect_bad("variant: camelot\ndepth: 99\nthreshold: 200\npuzzles: []\n", CM_ERR_SCHEMA, 2, 8,
               "depth must be between 1 and 64");
    expect_bad(HEAD "  - 3\n", CM_ERR_SCHEMA, 5, 5, "expected a mapping");
    expect_bad(HEAD ITEM("a b", "[F7xF9xH11xH9]"), CM_ERR_SCHEMA, 5, 9, "letters, digits");
    expect_bad(HEAD ITEM("x", "[F7xF9xH11xH9]") ITEM("x", "[F7xF9xH11xH9]"), CM_ERR_SCHEMA, 10, 9,
               "duplicate puzzle id 'x' (first at line 5)");
    expect_bad(HEAD ITEM("x", "[]"), CM_ERR_SCHEMA, 9, 15, "odd number of moves");
    expect_bad(HEAD ITEM("x", "[F7xF9xH11xH9, C11-C10]"), CM_ERR_SCHEMA, 9, 15,
               "odd number of moves");
    expect_bad(HEAD ITEM("x", "[E6-E7]"), CM_ERR_ILLEGAL, 9, 16, "solution[0] 'E6-E7'");
    expect_bad(HEAD ITEM("x", "[F7xF9xH11xH9, C11-C10, E6-Z7]"), CM_ERR_SYNTAX, 9, 39,
               "solution[2] 'E6-Z7'");
    expect_bad(HEAD ITEM("x", "[[F7]]"), CM_ERR_SCHEMA, 9, 16, "expected a move");
    expect_bad(HEAD "  - id: x\n    difficulty: 10\n", CM_ERR_SCHEMA, 5, 5, "missing key 'goal'");
    expect_bad(HEAD "  - {id: x, difficulty: 0, goal: gain, position: " POSITION
                    ", solution: [F7xF9xH11xH9]}\n",
               CM_ERR_SCHEMA, 5, 25, "difficulty must be between 1 and 9");
    expect_bad(HEAD "  - {id: x, difficulty: 1, goal: lose, position: " POSITION
                    ", solution: [F7xF9xH11xH9]}\n",
               CM_ERR_SCHEMA, 5, 34, "expected win, gain or defend");
    expect_bad(HEAD "  - {id: x, difficulty: 1, goal: win, colour: red, position: " POSITION
                    ", solution: [F7xF9xH11xH9]}\n",
               CM_ERR_SCHEMA, 5, 39, "unknown key 'colour'");
    /* A position no game can be played from: White has already won. */
    expect_bad(HEAD "  - {id: x, difficulty: 1, goal: win, position: {to_move: B, pieces: {F16: "
                    "WM, G16: WM, E10: BM}}, solution: [E10-E9]}\n",
               CM_ERR_SCHEMA, 5, 49, "cannot be played");
    /* The game ends with the first move, but the solution goes on. */
    expect_bad(HEAD "  - {id: x, difficulty: 1, goal: win, position: {to_move: W, pieces: {F16: "
                    "WM, G15: WM, E5: BM, E10: BM}}, solution: [G15-G16, E10-E9, E5-E6]}\n",
               CM_ERR_ILLEGAL, 5, 119, "the game is over after move 1");
}

/* The rule of uniqueness, and what a puzzle asks. */
static void test_puzzle_clearly_best(void **state)
{
    (void)state;
    int win = CM_SCORE_WIN - 5, lose = -(CM_SCORE_WIN - 6);
    assert_true(puzzle_clearly_best(250, 40, 1, 200));
    assert_false(puzzle_clearly_best(250, 60, 1, 200));
    assert_true(puzzle_clearly_best(-50, -400, 1, 200));     /* the only defence */
    assert_false(puzzle_clearly_best(-300, -900, 1, 200));   /* lost anyway */
    assert_true(puzzle_clearly_best(win, 900, 1, 200));      /* the only win */
    assert_false(puzzle_clearly_best(win, win - 4, 1, 200)); /* two ways to win */
    assert_true(puzzle_clearly_best(30, lose, 1, 200));
    assert_false(puzzle_clearly_best(500, 0, 0, 200)); /* a single move is no puzzle */
    assert_int_equal(puzzle_goal(win), CM_PUZZLE_WIN);
    assert_int_equal(puzzle_goal(150), CM_PUZZLE_GAIN);
    assert_int_equal(puzzle_goal(149), CM_PUZZLE_DEFEND);
    assert_int_equal(puzzle_difficulty(1, 1), 1);
    assert_int_equal(puzzle_difficulty(3, 1), 3);
    assert_int_equal(puzzle_difficulty(5, 1), 4);
    assert_int_equal(puzzle_difficulty(12, 1), 5);
    assert_int_equal(puzzle_difficulty(2, 3), 4);
    assert_int_equal(puzzle_difficulty(12, 9), CM_PUZZLE_MAX_DIFFICULTY);
}

/* The engine's check of a position with one clearly best jump, and of one without. */
static void test_puzzle_check(void **state)
{
    (void)state;
    const CmVariant *v = tu_session_variant("camelot");
    CmEngine *e;
    CmPosition pos;
    PuzzleCheck c, again;
    CmMove m;
    assert_int_equal(cm_engine_new(v, (size_t)PUZZLE_TT_MB << 20, &e), CM_OK);
    tu_position(&pos, v, "W F6M F7M E6K; B F8M G10M H10M B11M C11M", 'W');
    assert_int_equal(puzzle_check(e, &pos, 6, PUZZLE_THRESHOLD, &c), CM_OK);
    assert_int_equal(c.nmoves, 3);
    assert_true(tu_find_move(&pos, "F7>H9xF8,G10,H10", &m));
    assert_true(cm_move_same(&c.best, &m));
    assert_true(c.has_second);
    assert_false(cm_move_same(&c.second, &m));
    assert_true(c.best_score - c.second_score >= PUZZLE_THRESHOLD);
    assert_true(c.unique);
    assert_true(c.found_depth >= 1 && c.found_depth <= 6);
    assert_true(c.has_reply);
    /* Repeatable. */
    assert_int_equal(puzzle_check(e, &pos, 6, PUZZLE_THRESHOLD, &again), CM_OK);
    assert_int_equal(again.best_score, c.best_score);
    assert_int_equal(again.second_score, c.second_score);
    /* The start position: many moves, none clearly best. */
    cm_pos_start(&pos, v);
    assert_int_equal(puzzle_check(e, &pos, 4, PUZZLE_THRESHOLD, &c), CM_OK);
    assert_true(c.nmoves > 2);
    assert_false(c.unique);
    cm_engine_free(e);
}

/* ---- The shipped puzzles ------------------------------------------------------------------ */

/* Puzzles of each shipped file the engine checks again; all of them when
 * CAMELOT_PUZZLE_CHECK_ALL is set (docs/testing.md). */
#define SAMPLE_PER_FILE 4

typedef struct Shipped {
    int nfiles, total;
    const char *name[8];
    CmPuzzleSet set[8];
} Shipped;

static void load_shipped(Shipped *sh)
{
    static const char *const files[] = {"camette",  "cam",           "camelot",
                                        "chivalry", "grand-camelot", "four-handed-chivalry"};
    memset(sh, 0, sizeof *sh);
    for (int i = 0; i < (int)(sizeof files / sizeof files[0]); i++) {
        char path[1024];
        size_t len;
        CmError err;
        CatalogResolver res = {tu_catalog(), NULL, {0}};
        snprintf(path, sizeof path, "%s/puzzles/%s.yaml", CAMELOT_SOURCE_VARIANT_DIR, files[i]);
        char *text = tu_read_file(path, &len);
        assert_non_null(text);
        cm_error_init(&err, path);
        if (cm_puzzles_parse(text, len, catalog_resolve, &res, &sh->set[i], &err) != CM_OK)
            fail_msg("%s:%d:%d: %s", path, err.line, err.col, err.msg);
        free(text);
        assert_string_equal(sh->set[i].v->name, files[i]);
        sh->name[i] = files[i];
        sh->total += sh->set[i].n;
        sh->nfiles++;
    }
}

static void free_shipped(Shipped *sh)
{
    for (int i = 0; i < sh->nfiles; i++)
        cm_puzzles_free(&sh->set[i]);
}

/* Every solution played through the rules core as a game: each move among the legal moves,
 * the solver's and the other side's in turn, the game going on to the last move. */
static void test_puzzle_shipped_solutions_legal(void **state)
{
    (void)state;
    Shipped sh;
    load_shipped(&sh);
    assert_true(sh.total >= 500);
    for (int f = 0; f < sh.nfiles; f++) {
        const CmPuzzleSet *set = &sh.set[f];
        /* The issue: at least 100 of each of Chivalry and the games of four. */
        assert_true(set->n >= (set->v->nseats == 4 || f >= 3 ? 100 : 30));
        for (int i = 0; i < set->n; i++) {
            const CmPuzzle *p = &set->p[i];
            CmGame g;
            assert_int_equal(cm_game_init(&g, set->v, &p->pos), CM_OK);
            assert_false(g.outcome.over);
            assert_int_equal(g.pos.to_move, p->pos.to_move);
            assert_true(p->nsol % 2 == 1);
            for (int k = 0; k < p->nsol; k++) {
                CmMoveList *list = tu_moves(&g.pos);
                if (cm_movelist_find(list, &p->sol[k]) < 0)
                    fail_msg("%s: move %d of the solution is not legal", p->id, k + 1);
                assert_true(list->n >= (k % 2 == 0 ? 2 : 1)); /* the solver has a choice */
                free(list);
                assert_int_equal(g.pos.to_move == p->pos.to_move, k % 2 == 0);
                assert_false(g.outcome.over);
                assert_int_equal(cm_game_play(&g, &p->sol[k]), CM_OK);
            }
            if (p->goal == CM_PUZZLE_WIN && p->nsol == 1)
                assert_true(g.outcome.over || g.pos.to_move != p->pos.to_move);
            cm_game_free(&g);
        }
    }
    free_shipped(&sh);
}

/* A sample of each file checked again at the file's depth and threshold, as the generator
 * checked it: at every move of the solver the solution's move is the engine's, and clearly
 * best. */
static void test_puzzle_shipped_sample_unique(void **state)
{
    (void)state;
    Shipped sh;
    load_shipped(&sh);
    for (int f = 0; f < sh.nfiles; f++) {
        const CmPuzzleSet *set = &sh.set[f];
        CmEngine *e;
        assert_int_equal(cm_engine_new(set->v, (size_t)PUZZLE_TT_MB << 20, &e), CM_OK);
        int sample = getenv("CAMELOT_PUZZLE_CHECK_ALL") != NULL ? set->n : SAMPLE_PER_FILE;
        for (int s = 0; s < sample; s++) {
            /* Spread over the file. */
            const CmPuzzle *p = &set->p[s * set->n / sample];
            CmPosition pos = p->pos;
            for (int k = 0; k < p->nsol; k++) {
                if (k % 2 == 0) {
                    PuzzleCheck c;
                    char want[64], got[64];
                    assert_int_equal(puzzle_check(e, &pos, set->depth, set->threshold, &c), CM_OK);
                    if (!c.unique || !cm_move_same(&c.best, &p->sol[k]))
                        fail_msg("%s, move %d: the engine plays %s (%d), next best %d; the "
                                 "solution is %s",
                                 p->id, k + 1, tu_effect(&c.best, got), c.best_score,
                                 c.second_score, tu_effect(&p->sol[k], want));
                }
                CmUndo u;
                CmOutcome o;
                cm_pos_apply(&pos, &p->sol[k], &u);
                cm_rules_settle(&pos, &o);
            }
        }
        cm_engine_free(e);
    }
    free_shipped(&sh);
}

/* ---- Score, book, a puzzle on a session ----------------------------------------------------- */

/* Writes 'text' to 'path', replacing it. */
static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

/* The solver's rating: moved by the first try of a puzzle only, up when solved and down when
 * missed, more against a puzzle rated above; kept in the score file, and a rating line that
 * cannot be read is a damaged file, not a rating. */
static void test_puzzle_rating_first_try_only(void **state)
{
    (void)state;
    char dir[1024], path[1200];
    PuzzleScore s;
    CmError err;
    CmPuzzle easy = {.difficulty = 1}, hard = {.difficulty = 9};
    tu_temp_dir(dir, sizeof dir);
    assert_int_equal(puzzle_rating(&easy), 1500);
    assert_int_equal(puzzle_rating(&hard), 2300);
    assert_int_equal(puzzle_score_load(&s, dir, &err), CM_OK);
    assert_true(s.rating.rating == 1500 && s.rating.rd == 350);
    assert_int_equal(puzzle_score_record(&s, dir, "p-1", puzzle_rating(&easy), 1, &err), CM_OK);
    double after_win = s.rating.rating;
    assert_true(after_win > 1500 && s.rating.rd < 350);
    /* The same puzzle again, missed: the streak ends, the rating stays. */
    assert_int_equal(puzzle_score_record(&s, dir, "p-1", puzzle_rating(&easy), 0, &err), CM_OK);
    assert_true(fabs(s.rating.rating - after_win) < 0.01);
    assert_int_equal(s.missed, 1);
    /* A first try missed: down. */
    assert_int_equal(puzzle_score_record(&s, dir, "p-2", puzzle_rating(&easy), 0, &err), CM_OK);
    double after_miss = s.rating.rating;
    assert_true(after_miss < after_win);
    /* Solving a hard one moves it more than an easy one would. */
    PuzzleScore a = s, b = s;
    a.r = b.r = NULL;
    a.n = a.cap = b.n = b.cap = 0;
    assert_int_equal(puzzle_score_add(&a, "h", puzzle_rating(&hard), 1), CM_OK);
    assert_int_equal(puzzle_score_add(&b, "e", puzzle_rating(&easy), 1), CM_OK);
    assert_true(a.rating.rating - after_miss > b.rating.rating - after_miss);
    puzzle_score_free(&a);
    puzzle_score_free(&b);
    /* Unrated: no change. */
    assert_int_equal(puzzle_score_record(&s, dir, "p-3", 0, 1, &err), CM_OK);
    assert_true(fabs(s.rating.rating - after_miss) < 0.01);
    puzzle_score_free(&s);

    PuzzleScore back;
    assert_int_equal(puzzle_score_load(&back, dir, &err), CM_OK);
    assert_false(back.damaged);
    assert_true(fabs(back.rating.rating - after_miss) < 0.01);
    puzzle_score_free(&back);

    /* A rating line of another shape: the file is damaged, the rating a new solver's. */
    snprintf(path, sizeof path, "%s/%s", dir, PUZZLE_SCORE_FILE);
    static const char *const bad[] = {"rating 1600\n", "rating 1600 abc 0.06\n",
                                      "rating nan 100 0.06\n", "rating 1 2 3 4\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_text(path, bad[i]);
        assert_int_equal(puzzle_score_load(&back, dir, &err), CM_OK);
        assert_true(back.damaged);
        assert_true(back.rating.rating == 1500);
        puzzle_score_free(&back);
    }
    /* One out of bounds is brought within them. */
    write_text(path, "rating 99999 1 9\n");
    assert_int_equal(puzzle_score_load(&back, dir, &err), CM_OK);
    assert_false(back.damaged);
    assert_true(back.rating.rating == RATING_MAX && back.rating.rd == RATING_RD_MIN &&
                back.rating.volatility == RATING_VOLATILITY_MAX);
    puzzle_score_free(&back);
    tu_remove_tree(dir);
}

static void test_puzzle_score_file(void **state)
{
    (void)state;
    char dir[1024], path[1200];
    PuzzleScore s;
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    assert_int_equal(puzzle_score_load(&s, dir, &err), CM_OK); /* no file yet: nothing */
    assert_int_equal(s.solved + s.missed + s.streak + s.best + s.n, 0);
    assert_int_equal(puzzle_score_record(&s, dir, "a-1", 0, 1, &err), CM_OK);
    assert_int_equal(puzzle_score_record(&s, dir, "a-2", 0, 1, &err), CM_OK);
    assert_int_equal(puzzle_score_record(&s, dir, "a-3", 0, 0, &err), CM_OK);
    assert_int_equal(puzzle_score_record(&s, dir, "a-1", 0, 1, &err), CM_OK);
    assert_int_equal(s.solved, 3);
    assert_int_equal(s.missed, 1);
    assert_int_equal(s.streak, 1);
    assert_int_equal(s.best, 2);
    puzzle_score_free(&s);

    PuzzleScore back;
    assert_int_equal(puzzle_score_load(&back, dir, &err), CM_OK);
    assert_int_equal(back.solved, 3);
    assert_int_equal(back.missed, 1);
    assert_int_equal(back.streak, 1);
    assert_int_equal(back.best, 2);
    assert_int_equal(back.n, 3);
    assert_int_equal(puzzle_score_result(&back, "a-1"), 1);
    assert_int_equal(puzzle_score_result(&back, "a-3"), 0);
    assert_int_equal(puzzle_score_result(&back, "a-9"), -1);
    puzzle_score_free(&back);

    /* Lines that cannot be read are left out, and the score is marked damaged; the rest is
     * kept. */
    snprintf(path, sizeof path, "%s/%s", dir, PUZZLE_SCORE_FILE);
    const char *damaged = "solved 7\nmissed x\nstreak 99999999999\n\x01\x02 garbage here\n"
                          "b-1 solved\nb-2 maybe\nbest 2\n";
    assert_int_equal(io_write_atomic(path, damaged, strlen(damaged), &err), CM_OK);
    assert_int_equal(puzzle_score_load(&back, dir, &err), CM_OK);
    assert_true(back.damaged);
    assert_int_equal(back.solved, 7);
    assert_int_equal(back.missed, 0);
    assert_int_equal(back.streak, 0);
    assert_int_equal(back.best, 2);
    assert_int_equal(back.n, 1);
    assert_int_equal(puzzle_score_result(&back, "b-2"), -1);
    puzzle_score_free(&back);

    /* No data directory: counted in memory only. */
    assert_int_equal(puzzle_score_record(&back, NULL, "c-1", 0, 0, &err), CM_OK);
    assert_int_equal(back.missed, 1);
    puzzle_score_free(&back);

    /* Another camelot rewriting the file (its lock held for longer than the wait): the try is
     * counted in memory, the file is left as it is, and the error names the lock. Once the
     * lock is free, the next try is written with the file's own count. */
    char lock[1200];
    int fd;
    snprintf(lock, sizeof lock, "%s/%s", dir, PUZZLE_SCORE_LOCK);
    assert_int_equal(io_lock(lock, &fd, &err), CM_OK);
    assert_int_equal(puzzle_score_load(&s, dir, &err), CM_OK);
    assert_int_not_equal(puzzle_score_record(&s, dir, "d-1", 0, 1, &err), CM_OK);
    assert_non_null(strstr(err.source, PUZZLE_SCORE_LOCK));
    assert_non_null(strstr(err.msg, "in use by another camelot"));
    assert_int_equal(s.solved, 8);
    assert_int_equal(puzzle_score_load(&back, dir, &err), CM_OK);
    assert_int_equal(back.solved, 7);
    puzzle_score_free(&back);
    io_unlock(fd);
    /* The damaged file is kept aside before it is written again. */
    assert_int_equal(puzzle_score_record(&s, dir, "d-2", 0, 0, &err), CM_OK);
    tu_assert_contains(s.kept, "/puzzles-damaged-");
    assert_int_equal(tu_count_files(dir, "puzzles-damaged-"), 1);
    assert_int_equal(puzzle_score_load(&back, dir, &err), CM_OK);
    assert_int_equal(back.solved, 7);
    assert_int_equal(back.missed, 1);
    assert_int_equal(puzzle_score_result(&back, "d-2"), 0);
    puzzle_score_free(&back);
    puzzle_score_free(&s);
    tu_remove_tree(dir);
}

/* How many files of 'dir' hold exactly the 'len' bytes 'data'. */
static int files_holding(const char *dir, const char *data, size_t len)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int n = 0;
    assert_non_null(d);
    while ((de = readdir(d)) != NULL) {
        char path[1300], *got;
        size_t got_len;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        got = de->d_name[0] == '.' ? NULL : tu_read_file(path, &got_len);
        n += got != NULL && got_len == len && memcmp(got, data, len) == 0;
        free(got);
    }
    closedir(d);
    return n;
}

/* The score file with CRLF line ends reads whole. One that cannot be read whole (lines of
 * another shape, or no file at all) is kept aside, byte for byte, before the next try counted
 * writes a new one; when it cannot be kept aside, it is not written over. */
static void test_puzzle_score_unreadable_file_is_kept_aside(void **state)
{
    (void)state;
    char dir[1024], path[1200], inside[PUZZLE_PATH_MAX + 16];
    PuzzleScore s;
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/%s", dir, PUZZLE_SCORE_FILE);

    const char *crlf = "# a comment\r\nsolved 2\r\nmissed 1\r\nstreak 1\r\nbest 2\r\n\r\n"
                       "a-1 solved\r\n";
    assert_int_equal(io_write_atomic(path, crlf, strlen(crlf), &err), CM_OK);
    assert_int_equal(puzzle_score_load(&s, dir, &err), CM_OK);
    assert_false(s.damaged);
    assert_int_equal(s.solved, 2);
    assert_int_equal(s.best, 2);
    assert_int_equal(puzzle_score_result(&s, "a-1"), 1);
    assert_int_equal(puzzle_score_record(&s, dir, "a-2", 0, 1, &err), CM_OK);
    assert_string_equal(s.kept, "");
    assert_int_equal(tu_count_files(dir, "puzzles-damaged-"), 0);
    puzzle_score_free(&s);

    static const char garbage[] = "solved 4\nmissed 1\n\x00\x01\xfe binary\nb-1 solved\n";
    assert_int_equal(io_write_atomic(path, garbage, sizeof garbage - 1, &err), CM_OK);
    assert_int_equal(puzzle_score_load(&s, dir, &err), CM_OK);
    assert_true(s.damaged);
    assert_int_equal(s.solved, 4);
    /* Each file operation of counting the try fails in turn: the try counts in memory, and
     * the file's bytes are never lost, where it was or kept aside. When the move aside is
     * what fails, the file is not written over. */
    int not_written_over = 0;
    for (long nth = 1;; nth++) {
        char kept[PUZZLE_PATH_MAX];
        assert_true(nth < 100);
        tu_remove_tree(dir);
        tu_temp_dir(dir, sizeof dir);
        snprintf(path, sizeof path, "%s/%s", dir, PUZZLE_SCORE_FILE);
        assert_int_equal(io_write_atomic(path, garbage, sizeof garbage - 1, &err), CM_OK);
        assert_int_equal(puzzle_score_load(&s, dir, &err), CM_OK);
        io_fault_set(nth, EIO);
        CmStatus st = puzzle_score_record(&s, dir, "b-2", 0, 1, &err);
        long ops = io_fault_ops();
        io_fault_set(0, 0);
        assert_int_equal(s.solved, 5);
        snprintf(kept, sizeof kept, "%s", s.kept);
        puzzle_score_free(&s);
        assert_int_equal(files_holding(dir, garbage, sizeof garbage - 1), 1);
        if (st != CM_OK && strstr(err.msg, "not written over") != NULL) {
            assert_true(io_exists(path));
            assert_int_equal(tu_count_files(dir, "puzzles-damaged-"), 0);
            not_written_over++;
        }
        if (nth > ops) { /* every operation has failed once */
            assert_int_equal(st, CM_OK);
            tu_assert_contains(kept, "/puzzles-damaged-");
            break;
        }
    }
    assert_true(not_written_over > 0);
    /* The last try, with no fault, was counted: the file kept aside, the new one written. */
    assert_int_equal(puzzle_score_load(&s, dir, &err), CM_OK);
    assert_int_equal(puzzle_score_record(&s, dir, "b-3", 0, 0, &err), CM_OK);
    assert_string_equal(s.kept, "");
    assert_int_equal(tu_count_files(dir, "puzzles-damaged-"), 1);
    puzzle_score_free(&s);
    assert_int_equal(puzzle_score_load(&s, dir, &err), CM_OK);
    assert_false(s.damaged);
    assert_int_equal(s.solved, 5);
    assert_int_equal(s.missed, 2);
    assert_int_equal(puzzle_score_result(&s, "b-1"), -1); /* after the NUL: in the kept file */
    assert_int_equal(puzzle_score_result(&s, "b-2"), 1);
    assert_int_equal(puzzle_score_result(&s, "b-3"), 0);
    puzzle_score_free(&s);

    /* A directory in its place cannot be read at all: the score in memory is written once it
     * is moved aside. */
    assert_int_equal(remove(path), 0);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(inside, sizeof inside, "%s/inside", path);
    assert_int_equal(io_write_atomic(inside, "x", 1, &err), CM_OK);
    assert_int_equal(puzzle_score_load(&s, dir, &err), CM_ERR_IO);
    assert_true(s.damaged);
    assert_int_equal(puzzle_score_record(&s, dir, "c-1", 0, 1, &err), CM_OK);
    assert_int_equal(tu_count_files(dir, "puzzles-damaged-"), 2);
    snprintf(inside, sizeof inside, "%s/inside", s.kept);
    assert_true(io_exists(inside));
    puzzle_score_free(&s);
    assert_int_equal(puzzle_score_load(&s, dir, &err), CM_OK);
    assert_int_equal(s.solved, 1);
    assert_int_equal(puzzle_score_result(&s, "c-1"), 1);
    puzzle_score_free(&s);
    tu_remove_tree(dir);
}

/* A rewrite of the score killed before its rename left its temporary file: the next try
 * counted, under the lock, removes it. */
static void test_puzzle_score_stale_temporary_is_removed(void **state)
{
    (void)state;
    char dir[1024], stale[1200], other[1200];
    PuzzleScore s;
    CmError err;
    tu_temp_dir(dir, sizeof dir);
    snprintf(stale, sizeof stale, "%s/.%s.k3Jq9Z", dir, PUZZLE_SCORE_FILE);
    snprintf(other, sizeof other, "%s/.lessons.txt.k3Jq9Z", dir);
    assert_int_equal(io_write_atomic(stale, "solved 1\n", 9, &err), CM_OK);
    assert_int_equal(io_write_atomic(other, "01-plain-move\n", 14, &err), CM_OK);
    assert_int_equal(puzzle_score_load(&s, dir, &err), CM_OK);
    assert_true(io_exists(stale));
    assert_int_equal(puzzle_score_record(&s, dir, "a-1", 0, 1, &err), CM_OK);
    assert_false(io_exists(stale));
    assert_true(io_exists(other));
    assert_int_equal(s.solved, 1);
    puzzle_score_free(&s);
    tu_remove_tree(dir);
}

/* The book read from one file; the order of serving: easiest first, untried before missed,
 * missed before solved, and only one variant's when asked. */
static void test_puzzle_book_order(void **state)
{
    (void)state;
    char dir[1024], path[1200];
    PuzzleBook b;
    PuzzleScore s;
    CmError err;
    const char *text =
        HEAD ITEM("p1", "[F7xF9xH11xH9]") ITEM("p2", "[F7xF9xH11xH9]") ITEM("p3", "[F7xF9xH11xH9]");
    tu_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/mine.yaml", dir);
    /* p2 the hardest: difficulty 3. */
    char *edited = strdup(text), *at = strstr(edited, "id: p2\n    difficulty: 1");
    at[strlen("id: p2\n    difficulty: ")] = '3';
    assert_int_equal(io_write_atomic(path, edited, strlen(edited), &err), CM_OK);
    free(edited);
    assert_int_equal(puzzle_book_load(&b, tu_catalog(), path, &err), CM_OK);
    assert_int_equal(b.n, 3);
    assert_int_equal(puzzle_book_find(&b, "p3"), 2);
    assert_int_equal(puzzle_book_find(&b, "p9"), -1);
    assert_int_equal(b.order[0], 0);
    assert_int_equal(b.order[1], 2);
    assert_int_equal(b.order[2], 1);
    memset(&s, 0, sizeof s);
    assert_int_equal(puzzle_book_next(&b, &s, NULL, -1), 0);
    assert_int_equal(puzzle_score_add(&s, "p1", 0, 1), CM_OK);
    assert_int_equal(puzzle_book_next(&b, &s, NULL, 0), 1); /* p3 */
    assert_int_equal(puzzle_score_add(&s, "p3", 0, 0), CM_OK);
    assert_int_equal(puzzle_book_next(&b, &s, NULL, 1), 2); /* p2, untried */
    assert_int_equal(puzzle_score_add(&s, "p2", 0, 1), CM_OK);
    assert_int_equal(puzzle_book_next(&b, &s, NULL, 2), 1); /* p3, missed */
    assert_int_equal(puzzle_book_next(&b, &s, tu_session_variant("cam"), -1), -1);
    puzzle_score_free(&s);
    puzzle_book_free(&b);

    /* A bad file: its path, line and column. */
    const char *bad = HEAD ITEM("p1", "[E6-E7]");
    assert_int_equal(io_write_atomic(path, bad, strlen(bad), &err), CM_OK);
    assert_int_equal(puzzle_book_load(&b, tu_catalog(), path, &err), CM_ERR_ILLEGAL);
    assert_string_equal(err.source, path);
    assert_int_equal(err.line, 9);
    assert_int_equal(b.n, 0);
    puzzle_book_free(&b);
    tu_remove_tree(dir);
}

/* On a session: a right move brings the reply, the last one solves; a wrong move misses and
 * the board shows the whole solution. */
static void test_puzzle_run(void **state)
{
    (void)state;
    CmPuzzleSet set;
    CmError err;
    Session s;
    PuzzleRun r;
    PuzzleVerdict verdict;
    CmMove wrong;
    char text[200];
    assert_int_equal(parse(good, &set, &err), CM_OK);
    tu_session_open(&s, NULL, NULL);

    const CmPuzzle *p = &set.p[1];
    assert_int_equal(puzzle_run_start(&r, &s, p, set.v), CM_OK);
    assert_true(session_human_to_move(&s));
    assert_int_equal(puzzle_run_move(&r, &s, &p->sol[0], 10, &verdict), CM_OK);
    assert_int_equal(verdict, PUZZLE_RIGHT);
    assert_int_equal(s.g.n, 2); /* the reply is played */
    assert_int_equal(r.state, PUZZLE_SOLVING);
    assert_int_equal(puzzle_run_move(&r, &s, &p->sol[2], 20, &verdict), CM_OK);
    assert_int_equal(verdict, PUZZLE_DONE);
    assert_int_equal(r.state, PUZZLE_SOLVED);
    assert_int_equal(puzzle_run_move(&r, &s, &p->sol[2], 30, &verdict), CM_OK);
    assert_int_equal(verdict, PUZZLE_NOT_NOW);

    assert_int_equal(puzzle_run_start(&r, &s, p, set.v), CM_OK);
    assert_int_equal(s.g.n, 0);
    assert_true(tu_find_move(&s.g.pos, "E6>E8xF8", &wrong));
    assert_int_equal(puzzle_run_move(&r, &s, &wrong, 10, &verdict), CM_OK);
    assert_int_equal(verdict, PUZZLE_WRONG);
    assert_int_equal(r.state, PUZZLE_MISSED);
    assert_true(r.has_wrong);
    assert_int_equal(s.g.n, 3); /* the solution on the board */
    for (int k = 0; k < 3; k++)
        assert_true(cm_move_same(&s.g.ply[k].move, &p->sol[k]));

    assert_int_equal(puzzle_run_start(&r, &s, &set.p[0], set.v), CM_OK);
    assert_int_equal(puzzle_run_show(&r, &s, 10), CM_OK);
    assert_int_equal(r.state, PUZZLE_MISSED);
    assert_int_equal(s.g.n, 1);

    puzzle_solution_text(p, 0, text, sizeof text);
    assert_string_equal(text, "F7xF9xH11xH9, C11-C10, E6-F7");
    puzzle_solution_text(p, 1, text, sizeof text);
    assert_string_equal(text, "C11-C10, E6-F7");
    session_free(&s);
    cm_puzzles_free(&set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_puzzle_parse),
        cmocka_unit_test(test_puzzle_write_read),
        cmocka_unit_test(test_puzzle_bad_files),
        cmocka_unit_test(test_puzzle_clearly_best),
        cmocka_unit_test(test_puzzle_check),
        cmocka_unit_test(test_puzzle_shipped_solutions_legal),
        cmocka_unit_test(test_puzzle_shipped_sample_unique),
        cmocka_unit_test(test_puzzle_score_file),
        cmocka_unit_test(test_puzzle_rating_first_try_only),
        cmocka_unit_test(test_puzzle_score_stale_temporary_is_removed),
        cmocka_unit_test(test_puzzle_score_unreadable_file_is_kept_aside),
        cmocka_unit_test(test_puzzle_book_order),
        cmocka_unit_test(test_puzzle_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
