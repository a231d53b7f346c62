/* Lessons: a small position, a goal for the move to play there, the moves that meet it and
 * the texts that teach the rule (see docs/learning.md "Lessons"). The goal is one of a few
 * kinds the rules core evaluates on any legal move, so that the moves a lesson accepts are
 * exactly the legal moves that meet its goal, whoever wrote it.
 *
 *     title: The jump
 *     position: {variant: camelot, to_move: W, pieces: {F6: WM, F7: BM}}
 *     goal: {kind: jump}
 *     accept: [F6xF8]
 *     text: A jump leaps over an enemy piece ...
 *     task: Capture the Black man.
 *     wrong: That move captures nothing ...
 *     right: Well done ...
 *
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_LESSON_H
#define CAMELOT_LESSON_H

#include "camelot/posdoc.h"
#include "camelot/rules.h"

/* What the move must do. */
typedef enum CmGoalKind {
    CM_GOAL_MOVE,         /* any legal move */
    CM_GOAL_STEP,         /* a plain move: one step, nothing captured */
    CM_GOAL_CANTER,       /* a canter of at least 'count' leaps (default 1) */
    CM_GOAL_JUMP,         /* a jump (no canter first) capturing at least 'count' (default 1) */
    CM_GOAL_CHARGE,       /* a knight's charge capturing at least 'count' (default 1) */
    CM_GOAL_CAPTURE,      /* a jump or a charge capturing at least 'count' (default 1) */
    CM_GOAL_CASTLE_MOVE,  /* a castle move */
    CM_GOAL_LEAVE_CASTLE, /* from an own or side castle square to a square that is neither */
    CM_GOAL_WIN,          /* the mover's team wins at once ('reason': how, or any) */
    CM_GOAL_DRAW,         /* the game is drawn at once ('reason': how, or any) */
    CM_GOAL_KIND_COUNT
} CmGoalKind;

typedef struct CmGoal {
    CmGoalKind kind;
    int count;            /* see the kinds; 0 = the default */
    int has_from, has_to; /* the move must start on 'from' / end on 'to' */
    CmSquare from, to;
    CmReason reason; /* for win and draw; CM_REASON_NONE: any */
} CmGoal;

/* "move", "step", "canter", "jump", "charge", "capture", "castle-move", "leave-castle", "win",
 * "draw". */
const char *cm_goal_kind_name(CmGoalKind kind);

/* Whether the legal move 'm' of the seat to move in the settled position 'pos' meets 'goal':
 * 1 or 0; -1 when memory ran out. The kind of a move (step, canter, jump, charge) is read from
 * its canonical path (docs/rules.md 2.10); a win or a draw is what 'cm_game_play' decides. */
int cm_goal_met(const CmGoal *goal, const CmPosition *pos, const CmMove *m);

#define CM_LESSON_TITLE_MAX 64
#define CM_LESSON_TEXT_MAX 1200 /* 'text', NUL included */
#define CM_LESSON_LINE_MAX 480  /* 'task', 'wrong' and 'right', NUL included */
#define CM_LESSON_ACCEPT_MAX 64 /* moves in 'accept' */
#define CM_LESSON_MAX_BYTES (64 * 1024)

typedef struct CmLesson {
    char title[CM_LESSON_TITLE_MAX];
    CmPosition pos;   /* as the document gives it */
    CmPosition start; /* the same, settled (docs/rules.md 2.11.5): the seat that plays */
    CmGoal goal;
    int naccept;
    CmMove accept[CM_LESSON_ACCEPT_MAX];
    char text[CM_LESSON_TEXT_MAX];  /* the rule; paragraphs separated by '\n' */
    char task[CM_LESSON_LINE_MAX];  /* what to do, one sentence or two */
    char wrong[CM_LESSON_LINE_MAX]; /* said after a legal move that misses the goal */
    char right[CM_LESSON_LINE_MAX]; /* said after a move that meets it */
} CmLesson;

/* Parses a lesson of 'len' bytes (at most CM_LESSON_MAX_BYTES). The position's variant is
 * found through 'resolve'. The document must be whole and right: the position playable, the
 * goal well formed, every move in 'accept' legal, and 'accept' exactly the legal moves that meet
 * the goal (else the error names a move that is missing or one too many). Texts are printable
 * ASCII. On failure fills 'err' with line and column. */
CmStatus cm_lesson_parse(const char *text, size_t len, CmVariantResolver resolve, void *ud,
                         CmLesson *out, CmError *err);

/* Whether 'm', a legal move in 'lesson->start', is one the lesson accepts. */
int cm_lesson_accepts(const CmLesson *lesson, const CmMove *m);

#endif
