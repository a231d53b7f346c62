/* Lessons: reading a lesson document, and the goals of lessons, evaluated on a legal move with
 * the rules core's own calls (canonical paths, the game's outcome).
 * SPDX-License-Identifier: MIT */
#include "camelot/lesson.h"
#include "camelot/error.h"
#include "camelot/notation.h"
#include "posdoc_int.h"
#include "yamltree_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(CM_LESSON_MAX_BYTES <= CM_YAML_MAX_BYTES, "lesson size limit");

static const char *const kind_names[CM_GOAL_KIND_COUNT] = {
    "move",    "step",        "canter",       "jump", "charge",
    "capture", "castle-move", "leave-castle", "win",  "draw",
};

const char *cm_goal_kind_name(CmGoalKind kind)
{
    return (unsigned)kind < CM_GOAL_KIND_COUNT ? kind_names[kind] : "unknown";
}

/* ---- Goals --------------------------------------------------------------------------------- */

/* Whether the game is over right after 'm' with the outcome the goal asks for. */
static int outcome_met(const CmGoal *goal, const CmPosition *pos, const CmMove *m)
{
    CmGame g;
    int mover = pos->to_move, met;
    if (cm_game_init(&g, pos->v, pos) != CM_OK)
        return -1;
    if (cm_game_play(&g, m) != CM_OK) {
        cm_game_free(&g);
        return -1;
    }
    const CmOutcome *o = &g.outcome;
    met = o->over && (goal->reason == CM_REASON_NONE || o->reason == goal->reason);
    if (goal->kind == CM_GOAL_WIN)
        met = met && !o->draw && (o->seats >> mover & 1u);
    else
        met = met && o->draw;
    cm_game_free(&g);
    return met;
}

/* Whether 'sq' is, for 'seat', a square that a piece must leave (own or side castle). */
static int castle_to_leave(const CmVariant *v, int seat, CmSquare sq)
{
    return (v->sqflags[seat][sq] & CM_SQ_NOSTEP) != 0;
}

int cm_goal_met(const CmGoal *goal, const CmPosition *pos, const CmMove *m)
{
    const CmVariant *v = pos->v;
    int least = goal->count > 0 ? goal->count : 1;
    CmPath path;

    if ((goal->has_from && m->from != goal->from) || (goal->has_to && m->to != goal->to))
        return 0;
    switch (goal->kind) {
    case CM_GOAL_MOVE:
        return 1;
    case CM_GOAL_CASTLE_MOVE:
        return (m->flags & CM_MOVE_CASTLE) != 0;
    case CM_GOAL_LEAVE_CASTLE:
        return castle_to_leave(v, pos->to_move, m->from) &&
               !castle_to_leave(v, pos->to_move, m->to);
    case CM_GOAL_CAPTURE:
        return m->ncap >= least;
    case CM_GOAL_WIN:
    case CM_GOAL_DRAW:
        return outcome_met(goal, pos, m);
    default:
        break;
    }
    /* The kinds that depend on how the move is written: its canonical (shortest) path. */
    if (cm_movegen_canonical(pos, m, &path) != CM_OK || path.n < 2)
        return 0;
    int df = abs(CM_FILE(path.sq[1]) - CM_FILE(path.sq[0]));
    int dr = abs(CM_RANK(path.sq[1]) - CM_RANK(path.sq[0]));
    int step = path.n == 2 && df <= 1 && dr <= 1;
    switch (goal->kind) {
    case CM_GOAL_STEP:
        return step && m->ncap == 0 && !(m->flags & CM_MOVE_CASTLE);
    case CM_GOAL_CANTER:
        return !step && m->ncap == 0 && !(m->flags & CM_MOVE_CASTLE) && path.n - 1 >= least;
    case CM_GOAL_JUMP:
        return m->ncap >= least && path.jump[1];
    case CM_GOAL_CHARGE:
        return m->ncap >= least && !path.jump[1];
    default:
        return 0;
    }
}

int cm_lesson_accepts(const CmLesson *lesson, const CmMove *m)
{
    for (int i = 0; i < lesson->naccept; i++)
        if (cm_move_same(&lesson->accept[i], m))
            return 1;
    return 0;
}

/* ---- Reading ------------------------------------------------------------------------------- */

/* Copies the text of scalar 'node' into 'buf': printable ASCII, the line breaks of a folded
 * block kept only between paragraphs ('paragraphs'; else every break is a space), no break or
 * space at the end. */
static CmStatus read_text(const CmYNode *node, const char *what, int paragraphs, char *buf,
                          size_t size, CmError *err)
{
    size_t n = 0;
    CmStatus st = cm_ytree_expect(node, CM_Y_SCALAR, what, err);
    if (st != CM_OK)
        return st;
    if (node->len >= size)
        return cm_ytree_fail(err, CM_ERR_SCHEMA, node, "%s is too long (at most %zu characters)",
                             what, size - 1);
    for (size_t i = 0; i < node->len; i++) {
        unsigned char c = (unsigned char)node->text[i];
        if (c == '\n' && !paragraphs)
            c = ' ';
        if (c != '\n' && (c < 0x20 || c > 0x7e))
            return cm_ytree_fail(err, CM_ERR_SCHEMA, node,
                                 "%s holds a character that is not printable ASCII", what);
        buf[n++] = (char)c;
    }
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
        n--;
    buf[n] = '\0';
    if (n == 0)
        return cm_ytree_fail(err, CM_ERR_SCHEMA, node, "%s is empty", what);
    return CM_OK;
}

/* Reads a square of the lesson's board from scalar 'node'. */
static CmStatus read_square(const CmVariant *v, const CmYNode *node, const char *what,
                            CmSquare *out, CmError *err)
{
    char got[64];
    CmStatus st = cm_ytree_expect(node, CM_Y_SCALAR, what, err);
    if (st != CM_OK)
        return st;
    if (cm_square_parse(node->text, out) != (int)node->len || !cm_variant_on(v, *out))
        return cm_ytree_fail(err, CM_ERR_SCHEMA, node,
                             "expected a square of the board for %s, got %s", what,
                             cm_ytree_describe(node, got, sizeof got));
    return CM_OK;
}

static CmStatus read_goal(const CmVariant *v, const CmYNode *map, CmGoal *goal, CmError *err)
{
    CmYField f[] = {
        {"kind", NULL, NULL}, {"count", NULL, NULL},  {"from", NULL, NULL},
        {"to", NULL, NULL},   {"reason", NULL, NULL},
    };
    char got[64];
    CmStatus st = cm_ytree_expect(map, CM_Y_MAP, "'goal'", err);
    if (st == CM_OK)
        st = cm_ytree_fields(map, "'goal'", f, (int)(sizeof f / sizeof f[0]), err);
    if (st == CM_OK && f[0].val == NULL)
        st = cm_ytree_missing(map, "'goal'", "kind", err);
    if (st == CM_OK)
        st = cm_ytree_expect(f[0].val, CM_Y_SCALAR, "'goal.kind'", err);
    if (st != CM_OK)
        return st;
    memset(goal, 0, sizeof *goal);
    goal->kind = CM_GOAL_KIND_COUNT;
    for (int k = 0; k < CM_GOAL_KIND_COUNT; k++)
        if (strcmp(f[0].val->text, kind_names[k]) == 0)
            goal->kind = (CmGoalKind)k;
    if (goal->kind == CM_GOAL_KIND_COUNT)
        return cm_ytree_fail(
            err, CM_ERR_SCHEMA, f[0].val,
            "unknown goal kind %s (expected one of: move, step, canter, jump, charge, "
            "capture, castle-move, leave-castle, win, draw)",
            cm_ytree_describe(f[0].val, got, sizeof got));
    int counted = goal->kind == CM_GOAL_CANTER || goal->kind == CM_GOAL_JUMP ||
                  goal->kind == CM_GOAL_CHARGE || goal->kind == CM_GOAL_CAPTURE;
    int ended = goal->kind == CM_GOAL_WIN || goal->kind == CM_GOAL_DRAW;
    if (f[1].val != NULL && !counted)
        return cm_ytree_fail(err, CM_ERR_SCHEMA, f[1].key_node,
                             "a goal of kind '%s' takes no 'count'", kind_names[goal->kind]);
    if (f[1].val != NULL)
        st = cm_ytree_int(f[1].val, "'goal.count'", 1, CM_MAX_PIECES, &goal->count, err);
    if (st == CM_OK && f[2].val != NULL) {
        goal->has_from = 1;
        st = read_square(v, f[2].val, "'goal.from'", &goal->from, err);
    }
    if (st == CM_OK && f[3].val != NULL) {
        goal->has_to = 1;
        st = read_square(v, f[3].val, "'goal.to'", &goal->to, err);
    }
    if (st != CM_OK || f[4].val == NULL)
        return st;
    if (!ended)
        return cm_ytree_fail(err, CM_ERR_SCHEMA, f[4].key_node,
                             "a goal of kind '%s' takes no 'reason'", kind_names[goal->kind]);
    st = cm_ytree_expect(f[4].val, CM_Y_SCALAR, "'goal.reason'", err);
    if (st != CM_OK)
        return st;
    for (int r = CM_REASON_CASTLE; r < CM_REASON_COUNT; r++)
        if (strcmp(f[4].val->text, cm_reason_name((CmReason)r)) == 0)
            goal->reason = (CmReason)r;
    if (goal->reason == CM_REASON_NONE)
        return cm_ytree_fail(err, CM_ERR_SCHEMA, f[4].val,
                             "unknown reason %s (expected one of: castle, elimination, stalemate, "
                             "material, repetition, fifty-move, no-moves)",
                             cm_ytree_describe(f[4].val, got, sizeof got));
    return CM_OK;
}

static CmStatus read_accept(CmLesson *l, const CmYNode *seq, CmError *err)
{
    const CmYNode *first[CM_LESSON_ACCEPT_MAX];
    CmStatus st = cm_ytree_expect(seq, CM_Y_SEQ, "'accept'", err);
    if (st != CM_OK)
        return st;
    if (seq->n == 0)
        return cm_ytree_fail(err, CM_ERR_SCHEMA, seq, "'accept' lists no move");
    if (seq->n > CM_LESSON_ACCEPT_MAX)
        return cm_ytree_fail(err, CM_ERR_SCHEMA, seq, "'accept' lists more than %d moves",
                             CM_LESSON_ACCEPT_MAX);
    l->naccept = 0;
    for (size_t i = 0; i < seq->n; i++) {
        const CmYNode *node = seq->kid[i];
        CmError merr;
        CmMove m;
        st = cm_ytree_expect(node, CM_Y_SCALAR, "a move of 'accept'", err);
        if (st != CM_OK)
            return st;
        cm_error_init(&merr, NULL);
        if (cm_move_parse(&l->start, node->text, &m, &merr) != CM_OK)
            return cm_ytree_fail(err, CM_ERR_SCHEMA, node, "'%.40s' in 'accept': %s", node->text,
                                 merr.msg);
        for (int k = 0; k < l->naccept; k++)
            if (cm_move_same(&l->accept[k], &m))
                return cm_ytree_fail(err, CM_ERR_SCHEMA, node,
                                     "'%.40s' in 'accept' is the same move as the one at line %d",
                                     node->text, first[k]->line);
        first[l->naccept] = node;
        l->accept[l->naccept++] = m;
    }
    return CM_OK;
}

/* The rules core's answer, against the lesson's list: every listed move meets the goal, and
 * every legal move that meets it is listed. */
static CmStatus check_accept(const CmLesson *l, const CmYNode *seq, const CmYNode *goal_node,
                             CmError *err)
{
    CmMoveList *list = malloc(sizeof *list);
    CmStatus st = CM_OK;
    char text[CM_MOVE_TEXT_MAX];

    if (list == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    cm_movegen_all(&l->start, list);
    if (list->overflow) {
        st = cm_ytree_fail(err, CM_ERR_SCHEMA, goal_node,
                           "the position has too many moves for a lesson");
        goto out;
    }
    for (int i = 0; i < l->naccept; i++) {
        int met = cm_goal_met(&l->goal, &l->start, &l->accept[i]);
        if (met < 0) {
            st = cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
            goto out;
        }
        if (!met) {
            st = cm_ytree_fail(err, CM_ERR_SCHEMA, seq->kid[i],
                               "'%.40s' in 'accept' does not meet the goal", seq->kid[i]->text);
            goto out;
        }
    }
    for (int i = 0; i < list->n; i++) {
        int met = cm_goal_met(&l->goal, &l->start, &list->m[i]);
        if (met < 0) {
            st = cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
            goto out;
        }
        if (met && !cm_lesson_accepts(l, &list->m[i])) {
            cm_move_str(&l->start, &list->m[i], text, sizeof text);
            st = cm_ytree_fail(err, CM_ERR_SCHEMA, seq,
                               "%.60s meets the goal but is not in 'accept'", text);
            goto out;
        }
    }
out:
    free(list);
    return st;
}

CmStatus cm_lesson_parse(const char *text, size_t len, CmVariantResolver resolve, void *ud,
                         CmLesson *out, CmError *err)
{
    enum { F_TITLE, F_POSITION, F_GOAL, F_ACCEPT, F_TEXT, F_TASK, F_WRONG, F_RIGHT, F_COUNT };
    CmYField f[F_COUNT] = {
        [F_TITLE] = {"title", NULL, NULL}, [F_POSITION] = {"position", NULL, NULL},
        [F_GOAL] = {"goal", NULL, NULL},   [F_ACCEPT] = {"accept", NULL, NULL},
        [F_TEXT] = {"text", NULL, NULL},   [F_TASK] = {"task", NULL, NULL},
        [F_WRONG] = {"wrong", NULL, NULL}, [F_RIGHT] = {"right", NULL, NULL},
    };
    CmYNode *root = NULL;
    CmLesson *l = NULL;
    CmOutcome o;
    char got[64], why[160];
    CmStatus st;

    if (len > CM_LESSON_MAX_BYTES)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "a lesson is at most %d bytes",
                            CM_LESSON_MAX_BYTES);
    st = cm_ytree_parse(text, len, &root, err);
    if (st != CM_OK)
        return st;
    if (cm_ytree_is_null(root)) {
        st = cm_error_set(err, CM_ERR_SCHEMA, 1, 1, "lesson is empty");
        goto out;
    }
    if (root->kind != CM_Y_MAP) {
        st = cm_ytree_fail(err, CM_ERR_SCHEMA, root,
                           "expected a mapping of keys such as 'title:' and 'goal:', got %s",
                           cm_ytree_describe(root, got, sizeof got));
        goto out;
    }
    st = cm_ytree_fields(root, NULL, f, F_COUNT, err);
    for (int i = 0; i < F_COUNT && st == CM_OK; i++)
        if (f[i].val == NULL)
            st = cm_ytree_missing(root, NULL, f[i].key, err);
    if (st != CM_OK)
        goto out;
    if ((l = calloc(1, sizeof *l)) == NULL) {
        st = cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
        goto out;
    }
    st = read_text(f[F_TITLE].val, "'title'", 0, l->title, sizeof l->title, err);
    if (st == CM_OK)
        st = cm_posdoc_read(f[F_POSITION].val, resolve, ud, NULL, &l->pos, err);
    if (st != CM_OK)
        goto out;
    if (!cm_rules_playable(&l->pos, why, sizeof why)) {
        st = cm_ytree_fail(err, CM_ERR_SCHEMA, f[F_POSITION].val,
                           "the position cannot be played: %s", why);
        goto out;
    }
    l->start = l->pos;
    cm_rules_settle(&l->start, &o);
    st = read_goal(l->pos.v, f[F_GOAL].val, &l->goal, err);
    if (st == CM_OK)
        st = read_accept(l, f[F_ACCEPT].val, err);
    if (st == CM_OK)
        st = read_text(f[F_TEXT].val, "'text'", 1, l->text, sizeof l->text, err);
    if (st == CM_OK)
        st = read_text(f[F_TASK].val, "'task'", 0, l->task, sizeof l->task, err);
    if (st == CM_OK)
        st = read_text(f[F_WRONG].val, "'wrong'", 0, l->wrong, sizeof l->wrong, err);
    if (st == CM_OK)
        st = read_text(f[F_RIGHT].val, "'right'", 0, l->right, sizeof l->right, err);
    if (st == CM_OK)
        st = check_accept(l, f[F_ACCEPT].val, f[F_GOAL].val, err);
    if (st == CM_OK)
        *out = *l;
out:
    free(l);
    cm_ytree_free(root);
    return st;
}
