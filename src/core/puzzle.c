/* Puzzle files: reading them (every solution checked against the rules) and writing them.
 * SPDX-License-Identifier: MIT */
#include "camelot/puzzle.h"
#include "camelot/error.h"
#include "camelot/grow.h"
#include "camelot/notation.h"
#include "posdoc_int.h"
#include "yamltree_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CHECK_DEPTH 64     /* the deepest 'depth' a file may claim */
#define MAX_THRESHOLD 1000000L /* the largest 'threshold' */

static const char *const goal_names[CM_PUZZLE_GOAL_COUNT] = {"win", "gain", "defend"};

const char *cm_puzzle_goal_name(CmPuzzleGoal g)
{
    return g >= 0 && g < CM_PUZZLE_GOAL_COUNT ? goal_names[g] : "?";
}

/* ---- Checking a solution -------------------------------------------------------------------- */

/* Plays solution move 'i' of 'p' (already legal in 'pos') and checks what follows: the seat
 * that moves next, and that the game goes on while moves remain. Returns CM_OK or
 * CM_ERR_ILLEGAL with the reason. */
static CmStatus after_move(const CmPuzzle *p, CmPosition *pos, int i, CmError *err)
{
    CmUndo undo;
    CmOutcome o;
    int solver = p->pos.to_move;

    cm_pos_apply(pos, &p->sol[i], &undo);
    cm_rules_settle(pos, &o);
    if (i == p->nsol - 1)
        return CM_OK;
    if (o.over)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, 0,
                            "the game is over after move %d of the solution, before its end",
                            i + 1);
    if ((pos->to_move == solver) != (i % 2 == 1))
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, 0,
                            "after move %d of the solution the wrong seat is to move (the "
                            "solver's moves and the replies alternate)",
                            i + 1);
    return CM_OK;
}

/* The position must be one a game can be played from, with its own seat to move. */
static CmStatus check_start(const CmPosition *start, CmError *err)
{
    char why[160];
    CmPosition pos = *start;
    CmOutcome o;
    if (!cm_rules_playable(start, why, sizeof why))
        return cm_error_set(err, CM_ERR_SCHEMA, 0, 0, "the position cannot be played: %s", why);
    cm_rules_settle(&pos, &o);
    if (pos.to_move != start->to_move)
        return cm_error_set(err, CM_ERR_SCHEMA, 0, 0,
                            "the seat to move in the position has no move");
    return CM_OK;
}

CmStatus cm_puzzle_check_line(const CmPuzzle *p, CmError *err)
{
    CmPosition pos = p->pos;
    CmPath path;
    CmStatus st = check_start(&p->pos, err);
    if (st != CM_OK)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, 0, "%s", err != NULL ? err->msg : "");
    if (p->nsol < 1 || p->nsol > CM_PUZZLE_MAX_PLIES || p->nsol % 2 == 0)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, 0,
                            "a solution has an odd number of moves, 1 to %d", CM_PUZZLE_MAX_PLIES);
    for (int i = 0; i < p->nsol; i++) {
        if (cm_movegen_canonical(&pos, &p->sol[i], &path) != CM_OK)
            return cm_error_set(err, CM_ERR_ILLEGAL, 0, 0, "move %d of the solution is illegal",
                                i + 1);
        st = after_move(p, &pos, i, err);
        if (st != CM_OK)
            return st;
    }
    return CM_OK;
}

/* ---- Reading -------------------------------------------------------------------------------- */

static CmStatus read_id(const CmYNode *node, const CmPuzzleSet *set, CmPuzzle *p, CmError *err)
{
    char got[64];
    CmStatus st = cm_ytree_expect(node, CM_Y_SCALAR, "'id'", err);
    if (st != CM_OK)
        return st;
    if (node->len == 0 || node->len >= CM_PUZZLE_ID_MAX)
        return cm_ytree_fail(err, CM_ERR_SCHEMA, node,
                             "a puzzle's id has 1 to %d characters, got %s", CM_PUZZLE_ID_MAX - 1,
                             cm_ytree_describe(node, got, sizeof got));
    for (size_t i = 0; i < node->len; i++) {
        char c = node->text[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_'))
            return cm_ytree_fail(err, CM_ERR_SCHEMA, node,
                                 "a puzzle's id is made of letters, digits, '-' and '_', got %s",
                                 cm_ytree_describe(node, got, sizeof got));
    }
    for (int i = 0; i < set->n; i++)
        if (strcmp(set->p[i].id, node->text) == 0)
            return cm_ytree_fail(err, CM_ERR_SCHEMA, node,
                                 "duplicate puzzle id '%s' (first at line %d)", node->text,
                                 set->p[i].line);
    memcpy(p->id, node->text, node->len + 1);
    return CM_OK;
}

static CmStatus read_goal(const CmYNode *node, CmPuzzle *p, CmError *err)
{
    char got[64];
    CmStatus st = cm_ytree_expect(node, CM_Y_SCALAR, "'goal'", err);
    if (st != CM_OK)
        return st;
    for (int g = 0; g < CM_PUZZLE_GOAL_COUNT; g++)
        if (strcmp(node->text, goal_names[g]) == 0) {
            p->goal = (CmPuzzleGoal)g;
            return CM_OK;
        }
    return cm_ytree_fail(err, CM_ERR_SCHEMA, node,
                         "expected win, gain or defend for 'goal', got %s",
                         cm_ytree_describe(node, got, sizeof got));
}

/* The solution: a list of moves, each legal in turn from the puzzle's position. */
static CmStatus read_solution(const CmYNode *node, CmPuzzle *p, CmError *err)
{
    CmStatus st = cm_ytree_expect(node, CM_Y_SEQ, "'solution'", err);
    CmPosition pos = p->pos;
    char got[64];
    if (st != CM_OK)
        return st;
    if (node->n == 0 || node->n > CM_PUZZLE_MAX_PLIES || node->n % 2 == 0)
        return cm_ytree_fail(
            err, CM_ERR_SCHEMA, node,
            "a solution has an odd number of moves (the solver's first and last), 1 "
            "to %d; this one has %zu",
            CM_PUZZLE_MAX_PLIES, node->n);
    p->nsol = (int)node->n;
    for (size_t i = 0; i < node->n; i++) {
        const CmYNode *m = node->kid[i];
        CmError merr;
        if (m->kind != CM_Y_SCALAR || cm_ytree_is_null(m))
            return cm_ytree_fail(err, CM_ERR_SCHEMA, m, "expected a move for solution[%zu], got %s",
                                 i, cm_ytree_describe(m, got, sizeof got));
        cm_error_init(&merr, NULL);
        if (cm_move_parse(&pos, m->text, &p->sol[i], &merr) != CM_OK)
            return cm_ytree_fail(err, merr.code, m, "solution[%zu] '%.40s': %s", i, m->text,
                                 merr.msg);
        cm_error_init(&merr, NULL);
        if (after_move(p, &pos, (int)i, &merr) != CM_OK)
            return cm_ytree_fail(err, CM_ERR_ILLEGAL, m, "%s", merr.msg);
    }
    return CM_OK;
}

static CmStatus read_puzzle(const CmYNode *node, CmPuzzleSet *set, CmPuzzle *p, CmError *err)
{
    CmYField f[] = {
        {"id", NULL, NULL},       {"difficulty", NULL, NULL}, {"goal", NULL, NULL},
        {"position", NULL, NULL}, {"solution", NULL, NULL},
    };
    const char *const where = "a puzzle";
    CmStatus st = cm_ytree_expect(node, CM_Y_MAP, "a puzzle", err);
    if (st == CM_OK)
        st = cm_ytree_fields(node, where, f, (int)(sizeof f / sizeof f[0]), err);
    for (int i = 0; i < (int)(sizeof f / sizeof f[0]) && st == CM_OK; i++)
        if (f[i].val == NULL)
            st = cm_ytree_missing(node, where, f[i].key, err);
    if (st != CM_OK)
        return st;
    memset(p, 0, sizeof *p);
    p->line = node->line;
    st = read_id(f[0].val, set, p, err);
    if (st == CM_OK)
        st = cm_ytree_int(f[1].val, "difficulty", 1, CM_PUZZLE_MAX_DIFFICULTY, &p->difficulty, err);
    if (st == CM_OK)
        st = read_goal(f[2].val, p, err);
    if (st == CM_OK)
        st = cm_posdoc_read(f[3].val, NULL, NULL, set->v, &p->pos, err);
    if (st == CM_OK && check_start(&p->pos, err) != CM_OK)
        st = cm_ytree_fail(err, CM_ERR_SCHEMA, f[3].val, "puzzle '%s': %s", p->id,
                           err != NULL ? err->msg : "");
    if (st == CM_OK)
        st = read_solution(f[4].val, p, err);
    return st;
}

CmStatus cm_puzzles_parse(const char *text, size_t len, CmVariantResolver resolve, void *ud,
                          CmPuzzleSet *out, CmError *err)
{
    CmYField f[] = {
        {"variant", NULL, NULL},
        {"depth", NULL, NULL},
        {"threshold", NULL, NULL},
        {"puzzles", NULL, NULL},
    };
    CmYNode *root = NULL;
    CmPuzzleSet set;
    char got[64];
    int threshold = 0;
    CmStatus st = cm_ytree_parse(text, len, &root, err);

    memset(&set, 0, sizeof set);
    if (st != CM_OK)
        goto out;
    if (cm_ytree_is_null(root)) {
        st = cm_error_set(err, CM_ERR_SCHEMA, 1, 1, "the puzzle file is empty");
        goto out;
    }
    if (root->kind != CM_Y_MAP) {
        st = cm_ytree_fail(
            err, CM_ERR_SCHEMA, root,
            "expected a mapping of 'variant:', 'depth:', 'threshold:' and 'puzzles:', "
            "got %s",
            cm_ytree_describe(root, got, sizeof got));
        goto out;
    }
    st = cm_ytree_fields(root, NULL, f, (int)(sizeof f / sizeof f[0]), err);
    for (int i = 0; i < (int)(sizeof f / sizeof f[0]) && st == CM_OK; i++)
        if (f[i].val == NULL)
            st = cm_ytree_missing(root, NULL, f[i].key, err);
    if (st == CM_OK)
        st = cm_ytree_expect(f[0].val, CM_Y_SCALAR, "'variant'", err);
    if (st != CM_OK)
        goto out;
    if (resolve == NULL || (set.v = resolve(ud, f[0].val->text, err)) == NULL) {
        st = cm_ytree_fail(err, CM_ERR_SCHEMA, f[0].val, "%s",
                           resolve != NULL && err != NULL && err->msg[0] ? err->msg
                                                                         : "unknown variant");
        goto out;
    }
    st = cm_ytree_int(f[1].val, "depth", 1, MAX_CHECK_DEPTH, &set.depth, err);
    if (st == CM_OK)
        st = cm_ytree_int(f[2].val, "threshold", 1, (int)MAX_THRESHOLD, &threshold, err);
    /* 'puzzles:' with nothing after it is a file without puzzles yet, as the head that
     * 'cm_puzzles_write_head' writes before the first puzzle. */
    if (st == CM_OK && !cm_ytree_is_null(f[3].val))
        st = cm_ytree_expect(f[3].val, CM_Y_SEQ, "'puzzles'", err);
    if (st != CM_OK)
        goto out;
    set.threshold = threshold;
    /* The room grows with the puzzles read, so that a list of a hostile file's many small
     * items costs no more than the puzzles before the first bad one. */
    size_t items = cm_ytree_is_null(f[3].val) ? 0 : f[3].val->n;
    int cap = 0;
    for (size_t i = 0; i < items && st == CM_OK; i++) {
        if (cm_grow(&set.p, &cap, set.n + 1, sizeof *set.p, 16) != 0) {
            st = cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
            break;
        }
        st = read_puzzle(f[3].val->kid[i], &set, &set.p[set.n], err);
        if (st == CM_OK)
            set.n++;
    }
    if (st == CM_OK) {
        *out = set;
        set.p = NULL;
    }
out:
    free(set.p);
    cm_ytree_free(root);
    return st;
}

void cm_puzzles_free(CmPuzzleSet *set)
{
    if (set == NULL)
        return;
    free(set->p);
    set->p = NULL;
    set->n = 0;
}

/* ---- Writing -------------------------------------------------------------------------------- */

size_t cm_puzzles_write_head(const char *variant_ref, int depth, int threshold, const char *comment,
                             char *buf, size_t size)
{
    CmOut o = {buf, size, 0};
    if (size > 0)
        buf[0] = '\0';
    for (const char *c = comment; c != NULL && *c;) {
        const char *nl = strchr(c, '\n');
        int n = nl != NULL ? (int)(nl - c) : (int)strlen(c);
        cm_out_put(&o, n > 0 ? "# %.*s\n" : "#%.*s\n", n, c);
        c += n + (nl != NULL);
    }
    cm_out_put(&o, "variant: ");
    cm_out_scalar(&o, variant_ref);
    cm_out_put(&o, "\ndepth: %d\nthreshold: %d\npuzzles:\n", depth, threshold);
    return o.len;
}

size_t cm_puzzle_write(const CmPuzzle *p, char *buf, size_t size)
{
    CmOut o = {buf, size, 0};
    CmPosition pos = p->pos;
    CmUndo undo;
    CmOutcome oc;
    char text[CM_MOVE_TEXT_MAX];

    if (size > 0)
        buf[0] = '\0';
    cm_out_put(&o, "  - id: %s\n    difficulty: %d\n    goal: %s\n    position: ", p->id,
               p->difficulty, cm_puzzle_goal_name(p->goal));
    o.len += cm_posdoc_write_line(&p->pos, o.len < size ? buf + o.len : NULL,
                                  o.len < size ? size - o.len : 0);
    cm_out_put(&o, "\n    solution: [");
    for (int i = 0; i < p->nsol; i++) {
        cm_move_str(&pos, &p->sol[i], text, sizeof text);
        cm_out_put(&o, "%s%s", i > 0 ? ", " : "", text);
        cm_pos_apply(&pos, &p->sol[i], &undo);
        cm_rules_settle(&pos, &oc);
    }
    cm_out_put(&o, "]\n");
    return o.len;
}
