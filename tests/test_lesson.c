/* Lessons: every shipped lesson file loads, and the moves it accepts are exactly the legal
 * moves that meet its goal, as the rules core decides; the goal kinds on small positions; and
 * bad lesson documents, each refused with its line, column and reason.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/lesson.h"
#include "camelot/notation.h"
#include "testutil.h"

#define LESSON_DIR CAMELOT_SOURCE_VARIANT_DIR "/lessons"
#define MAX_FILES 256

static const CmVariant *resolve(void *ud, const char *name, CmError *err)
{
    (void)ud;
    for (int i = 0; i < TU_NVARIANTS; i++)
        if (strcmp(tu_variant_names[i], name) == 0)
            return tu_variant(name);
    cm_error_set(err, CM_ERR_SCHEMA, 0, 0, "no variant '%s'", name);
    return NULL;
}

/* The names of the lesson files, sorted. Returns how many. */
static int lesson_files(char **names, int max)
{
    DIR *d = opendir(LESSON_DIR);
    struct dirent *e;
    int n = 0;
    assert_non_null(d);
    while ((e = readdir(d)) != NULL && n < max) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] != '.' && len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0)
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], tu_cmp_str);
    return n;
}

static CmStatus parse_text(const char *text, CmLesson *l, CmError *err)
{
    cm_error_init(err, NULL);
    return cm_lesson_parse(text, strlen(text), resolve, NULL, l, err);
}

/* The check of the issue, done here again rather than trusted to the parser: the listed moves
 * are legal, and a legal move meets the goal (the core's 'cm_goal_met') exactly when it is
 * listed. */
static void check_accept_set(const char *name, const CmLesson *l)
{
    CmMoveList *list = tu_checked_moves(&l->start);
    char text[CM_MOVE_TEXT_MAX];
    int met_count = 0;

    for (int i = 0; i < l->naccept; i++) {
        if (cm_movelist_find(list, &l->accept[i]) < 0)
            fail_msg("%s: accepted move %d is not legal", name, i);
    }
    for (int i = 0; i < list->n; i++) {
        int met = cm_goal_met(&l->goal, &l->start, &list->m[i]);
        assert_true(met == 0 || met == 1);
        cm_move_str(&l->start, &list->m[i], text, sizeof text);
        if (met != cm_lesson_accepts(l, &list->m[i]))
            fail_msg("%s: %s %s the goal but is %s 'accept'", name, text, met ? "meets" : "misses",
                     met ? "not in" : "in");
        met_count += met;
    }
    assert_int_equal(met_count, l->naccept);
    /* A lesson with nothing to get wrong still teaches, but one with no right move cannot. */
    assert_true(l->naccept >= 1);
    free(list);
}

static void test_lesson_files_load_and_accept_exactly_the_goal(void **state)
{
    char *names[MAX_FILES];
    int n = lesson_files(names, MAX_FILES), camelot = 0, small = 0, four = 0, course4 = 0;
    (void)state;

    assert_true(n >= 20);
    for (int i = 0; i < n; i++) {
        char path[1024];
        size_t len;
        CmLesson *l = malloc(sizeof *l);
        CmError err;
        snprintf(path, sizeof path, "%s/%s", LESSON_DIR, names[i]);
        char *text = tu_read_file(path, &len);
        assert_non_null(text);
        assert_non_null(l);
        cm_error_init(&err, names[i]);
        if (cm_lesson_parse(text, len, resolve, NULL, l, &err) != CM_OK)
            fail_msg("%s:%d:%d: %s", names[i], err.line, err.col, err.msg);
        /* Files are named 'NN-words.yaml': the number gives the course's order. */
        assert_true(names[i][0] >= '0' && names[i][0] <= '9' && names[i][2] == '-');
        assert_true(l->title[0] && l->text[0] && l->task[0] && l->wrong[0] && l->right[0]);
        check_accept_set(names[i], l);
        camelot += strcmp(l->pos.v->name, "camelot") == 0;
        small += strcmp(l->pos.v->name, "cam") == 0 || strcmp(l->pos.v->name, "camette") == 0;
        four += l->pos.v->nseats == 4;
        course4 += strcmp(l->pos.v->name, "grand-camelot") == 0 ||
                   strncmp(l->pos.v->name, "four-handed-chivalry", 20) == 0;
        free(text);
        free(l);
        free(names[i]);
    }
    assert_true(camelot >= 20); /* the issue: every rule of Camelot taught */
    assert_true(small >= 2);
    assert_true(four >= 3);
    /* The issue: a course of at least 8 for Grand Camelot and Four-Handed Chivalry. */
    assert_true(course4 >= 8);
}

/* Every goal kind and each lesson's topic is covered by some file. */
static void test_lesson_files_cover_the_goal_kinds(void **state)
{
    char *names[MAX_FILES];
    int n = lesson_files(names, MAX_FILES), seen[CM_GOAL_KIND_COUNT] = {0};
    (void)state;
    for (int i = 0; i < n; i++) {
        char path[1024];
        size_t len;
        CmLesson *l = malloc(sizeof *l);
        CmError err;
        snprintf(path, sizeof path, "%s/%s", LESSON_DIR, names[i]);
        char *text = tu_read_file(path, &len);
        assert_non_null(l);
        assert_int_equal(cm_lesson_parse(text, len, resolve, NULL, l, &err), CM_OK);
        seen[l->goal.kind]++;
        free(text);
        free(l);
        free(names[i]);
    }
    for (int k = 1; k < CM_GOAL_KIND_COUNT; k++)
        if (seen[k] == 0)
            fail_msg("no lesson has a goal of kind '%s'", cm_goal_kind_name((CmGoalKind)k));
}

/* ---- Goals on small positions ---------------------------------------------------------------- */

static int met(const CmGoal *g, const CmPosition *pos, const char *effect)
{
    CmMove m;
    CmPosition settled = *pos;
    CmOutcome o;
    cm_rules_settle(&settled, &o);
    assert_true(tu_find_move(&settled, effect, &m));
    return cm_goal_met(g, &settled, &m);
}

static void test_goal_kinds_of_moves(void **state)
{
    const CmVariant *v = tu_variant("camelot");
    CmPosition pos;
    CmGoal g;
    (void)state;

    /* A knight on D6 and a man on D7; a Black man on D9 in reach of a charge. */
    tu_position(&pos, v, "W D6K D7M C4M; B D9M K13M", 'W');
    memset(&g, 0, sizeof g);
    g.kind = CM_GOAL_STEP;
    assert_int_equal(met(&g, &pos, "C4>C5"), 1);
    assert_int_equal(met(&g, &pos, "D6>D10xD9"), 0);
    g.kind = CM_GOAL_CHARGE;
    assert_int_equal(met(&g, &pos, "D6>D10xD9"), 1);
    assert_int_equal(met(&g, &pos, "C4>C5"), 0);
    g.kind = CM_GOAL_CAPTURE;
    assert_int_equal(met(&g, &pos, "D6>D10xD9"), 1);
    g.count = 2;
    assert_int_equal(met(&g, &pos, "D6>D10xD9"), 0);
    g.kind = CM_GOAL_JUMP;
    g.count = 0;
    assert_int_equal(met(&g, &pos, "D6>D10xD9"), 0);
    g.kind = CM_GOAL_CANTER;
    assert_int_equal(met(&g, &pos, "D7>D5"), 1);
    assert_int_equal(met(&g, &pos, "C4>C5"), 0);
    g.count = 2;
    assert_int_equal(met(&g, &pos, "D7>D5"), 0);
    g.kind = CM_GOAL_MOVE;
    g.count = 0;
    g.has_to = 1;
    g.to = tu_sq("C5");
    assert_int_equal(met(&g, &pos, "C4>C5"), 1);
    assert_int_equal(met(&g, &pos, "D7>D5"), 0);
    g.has_to = 0;
    g.has_from = 1;
    g.from = tu_sq("D7");
    assert_int_equal(met(&g, &pos, "D7>D5"), 1);
    assert_int_equal(met(&g, &pos, "C4>C5"), 0);

    /* A jump, and a castle move. */
    tu_position(&pos, v, "W F6M F16M; B F7M K13M", 'W');
    memset(&g, 0, sizeof g);
    g.kind = CM_GOAL_JUMP;
    assert_int_equal(met(&g, &pos, "F6>F8xF7"), 1);
    tu_position(&pos, v, "W D4M F16M; B A12M K13M", 'W');
    g.kind = CM_GOAL_CASTLE_MOVE;
    assert_int_equal(met(&g, &pos, "F16>G16"), 1);
    assert_int_equal(met(&g, &pos, "D4>D5"), 0);

    /* Leaving the own castle. */
    tu_position(&pos, v, "W F1M E5M; B E6M K13M", 'W');
    g.kind = CM_GOAL_LEAVE_CASTLE;
    assert_int_equal(met(&g, &pos, "F1>F2"), 1);
}

static void test_goal_outcomes(void **state)
{
    const CmVariant *v = tu_variant("camelot"), *cam = tu_variant("cam");
    CmPosition pos;
    CmGoal g;
    (void)state;

    memset(&g, 0, sizeof g);
    /* Two pieces in Black's castle win; a castle move with one does not. */
    tu_position(&pos, v, "W F16M G15M C4K; B A12M B13K", 'W');
    g.kind = CM_GOAL_WIN;
    g.reason = CM_REASON_CASTLE;
    assert_int_equal(met(&g, &pos, "G15>G16"), 1);
    assert_int_equal(met(&g, &pos, "F16>G16"), 0);
    g.reason = CM_REASON_ELIMINATION;
    assert_int_equal(met(&g, &pos, "G15>G16"), 0);
    g.reason = CM_REASON_NONE;
    assert_int_equal(met(&g, &pos, "G15>G16"), 1);
    g.kind = CM_GOAL_DRAW;
    assert_int_equal(met(&g, &pos, "G15>G16"), 0);

    /* One against two: the capture draws in Camelot, and wins in Cam. */
    tu_position(&pos, v, "W E5M; B E6M A12M", 'W');
    g.kind = CM_GOAL_DRAW;
    g.reason = CM_REASON_MATERIAL;
    assert_int_equal(met(&g, &pos, "E5>E7xE6"), 1);
    g.kind = CM_GOAL_WIN;
    g.reason = CM_REASON_NONE;
    assert_int_equal(met(&g, &pos, "E5>E7xE6"), 0);
    tu_position(&pos, cam, "W E5M; B E6M", 'W');
    g.reason = CM_REASON_ELIMINATION;
    assert_int_equal(met(&g, &pos, "E5>E7xE6"), 1);

    /* 99 quiet plies: the hundredth quiet one draws; entering the castle does not, a castle
     * move does. */
    tu_position(&pos, v, "W E15M G16M C4K; B A12M B13K", 'W');
    pos.quiet = 99;
    g.kind = CM_GOAL_DRAW;
    g.reason = CM_REASON_FIFTY_MOVE;
    assert_int_equal(met(&g, &pos, "C4>C5"), 1);
    assert_int_equal(met(&g, &pos, "G16>F16"), 1);
    assert_int_equal(met(&g, &pos, "E15>E14"), 1);
    g.kind = CM_GOAL_WIN;
    g.reason = CM_REASON_CASTLE;
    assert_int_equal(met(&g, &pos, "E15>F16"), 1);
    tu_position(&pos, v, "W E15M G15M C4K; B A12M B13K", 'W');
    pos.quiet = 99;
    g.kind = CM_GOAL_DRAW;
    g.reason = CM_REASON_NONE;
    assert_int_equal(met(&g, &pos, "E15>F16"), 0);
    assert_int_equal(met(&g, &pos, "G15>G14"), 1);
}

/* ---- Bad lessons ------------------------------------------------------------------------------
 */

#define POSITION "position: {variant: camelot, to_move: W, pieces: {F6: WM, F7: BM, K13: BM}}\n"
#define TEXTS "text: t\ntask: t\nwrong: w\nright: r\n"

typedef struct Bad {
    const char *text;
    CmStatus code;
    int line, col;
    const char *msg;
} Bad;

static void test_lesson_bad_documents(void **state)
{
    static const Bad bad[] = {
        {"", CM_ERR_SCHEMA, 1, 1, "lesson is empty"},
        {"- a\n", CM_ERR_SCHEMA, 1, 1, "expected a mapping"},
        {"title: x\n", CM_ERR_SCHEMA, 1, 1, "missing key 'position'"},
        {"title: x\n" POSITION "goal: {kind: fly}\naccept: [F6xF8]\n" TEXTS, CM_ERR_SCHEMA, 3, 14,
         "unknown goal kind 'fly'"},
        {"title: x\n" POSITION "goal: {kind: step, count: 2}\naccept: [F6xF8]\n" TEXTS,
         CM_ERR_SCHEMA, 3, 20, "takes no 'count'"},
        {"title: x\n" POSITION "goal: {kind: win, reason: luck}\naccept: [F6xF8]\n" TEXTS,
         CM_ERR_SCHEMA, 3, 27, "unknown reason 'luck'"},
        {"title: x\n" POSITION "goal: {kind: jump, to: Z9}\naccept: [F6xF8]\n" TEXTS, CM_ERR_SCHEMA,
         3, 24, "expected a square of the board"},
        {"title: x\n" POSITION "goal: {kind: jump}\naccept: [F6-F5]\n" TEXTS, CM_ERR_SCHEMA, 4, 10,
         "'F6-F5' in 'accept':"},
        {"title: x\n" POSITION "goal: {kind: jump}\naccept: []\n" TEXTS, CM_ERR_SCHEMA, 4, 9,
         "'accept' lists no move"},
        {"title: x\n" POSITION "goal: {kind: jump}\naccept: [F6xF8, f6xf8]\n" TEXTS, CM_ERR_SCHEMA,
         4, 17, "the same move as the one at line 4"},
        {"title: x\n" POSITION "goal: {kind: jump, count: 2}\naccept: [F6xF8]\n" TEXTS,
         CM_ERR_SCHEMA, 4, 10, "'F6xF8' in 'accept' does not meet the goal"},
        {"title: x\nposition: {variant: camelot, to_move: W, pieces: {F6: WM, D4: WM, K13: BM, "
         "L13: BM}}\ngoal: {kind: step, to: F7}\naccept: [F6-F7, D4-D5]\n" TEXTS,
         CM_ERR_SCHEMA, 4, 17, "'D4-D5' in 'accept' does not meet the goal"},
        {"title: x\nposition: {variant: camelot, to_move: W, pieces: {F6: WM, D4: WM, K13: BM, "
         "L13: BM}}\ngoal: {kind: step, from: D4}\naccept: [D4-D5]\n" TEXTS,
         CM_ERR_SCHEMA, 4, 9, "meets the goal but is not in 'accept'"},
        {"title: \"caf\\xe9\"\n" POSITION "goal: {kind: jump}\naccept: [F6xF8]\n" TEXTS,
         CM_ERR_SCHEMA, 1, 8, "not printable ASCII"},
        {"title: x\nposition: {variant: camelot, to_move: W, pieces: {F6: WM}}\n"
         "goal: {kind: move}\naccept: [F6-F7]\n" TEXTS,
         CM_ERR_SCHEMA, 2, 11, "cannot be played"},
        {"title: x\nposition: {variant: nowhere, to_move: W, pieces: {}}\ngoal: {kind: move}\n"
         "accept: [F6-F7]\n" TEXTS,
         CM_ERR_SCHEMA, 2, 21, "no variant 'nowhere'"},
        {"title: x\n" POSITION "goal: {kind: jump}\naccept: [F6xF8]\n" TEXTS "extra: 1\n",
         CM_ERR_SCHEMA, 9, 1, "unknown key 'extra'"},
        {"title: [x\n", CM_ERR_SYNTAX, 0, 0, ""},
    };
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CmLesson *l = malloc(sizeof *l);
        CmError err;
        assert_non_null(l);
        CmStatus st = parse_text(bad[i].text, l, &err);
        if (st != bad[i].code ||
            (bad[i].line && (err.line != bad[i].line || err.col != bad[i].col)))
            fail_msg("case %zu: got %d at %d:%d: %s", i, st, err.line, err.col, err.msg);
        tu_assert_contains(err.msg, bad[i].msg);
        free(l);
    }
}

static void test_lesson_good_document(void **state)
{
    CmLesson *l = malloc(sizeof *l);
    CmError err;
    (void)state;
    assert_non_null(l);
    assert_int_equal(parse_text("title: Jump\n" POSITION "goal: {kind: jump}\naccept: [F6xF8]\n"
                                "text: >\n  one\n  line\n\n  two\ntask: t\nwrong: w\nright: r\n",
                                l, &err),
                     CM_OK);
    assert_string_equal(l->title, "Jump");
    assert_string_equal(l->text, "one line\ntwo");
    assert_int_equal(l->naccept, 1);
    assert_int_equal(l->goal.kind, CM_GOAL_JUMP);
    assert_int_equal(l->start.to_move, 0);
    CmMove m;
    assert_true(tu_find_move(&l->start, "F6>F8xF7", &m));
    assert_true(cm_lesson_accepts(l, &m));
    free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lesson_files_load_and_accept_exactly_the_goal),
        cmocka_unit_test(test_lesson_files_cover_the_goal_kinds),
        cmocka_unit_test(test_goal_kinds_of_moves),
        cmocka_unit_test(test_goal_outcomes),
        cmocka_unit_test(test_lesson_bad_documents),
        cmocka_unit_test(test_lesson_good_document),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
