/* The review screen of 'camelot review', its pure part: the cells of the evaluation graph,
 * the view on it, the keys, and the lines about the ply under the cursor. The board is drawn
 * with the looks of the full-screen game's review mode.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "session/text.h"
#include "ui_int.h"

/* ---- The graph ------------------------------------------------------------------------------ */

int ui_graph_level(int score, int rows)
{
    int half = rows / 2 * 8;
    if (score > UI_GRAPH_RANGE)
        score = UI_GRAPH_RANGE;
    if (score < -UI_GRAPH_RANGE)
        score = -UI_GRAPH_RANGE;
    /* Rounded to the nearest eighth, away from zero on a tie. */
    int num = score * half, den = UI_GRAPH_RANGE;
    return num >= 0 ? (num + den / 2) / den : -((-num + den / 2) / den);
}

void ui_graph_cell(int level, int row, int rows, int ascii, int cursor, UiGraphCell *out)
{
    static const char *const lower[9] = {" ",      "\u2581", "\u2582", "\u2583", "\u2584",
                                         "\u2585", "\u2586", "\u2587", "\u2588"};
    int half = rows / 2, fill, below = row >= half;

    /* Eighths of this row the bar covers, from the zero line outwards. */
    if (!below)
        fill = level - (half - 1 - row) * 8;
    else
        fill = -level - (row - half) * 8;
    fill = fill < 0 ? 0 : fill > 8 ? 8 : fill;

    memset(out, 0, sizeof *out);
    out->role = cursor ? UI_ROLE_SELECTED : UI_ROLE_NORMAL;
    if (ascii) {
        snprintf(out->glyph, sizeof out->glyph, "%s", fill >= 4 ? "#" : " ");
    } else if (!below || fill == 0 || fill == 8) {
        snprintf(out->glyph, sizeof out->glyph, "%s", lower[fill]);
    } else {
        /* The top 'fill' eighths of the cell: the lower block of the rest, reversed. */
        snprintf(out->glyph, sizeof out->glyph, "%s", lower[8 - fill]);
        out->attr = UI_ATTR_REVERSE;
    }
    if (row == half - 1 && strcmp(out->glyph, " ") == 0) {
        snprintf(out->glyph, sizeof out->glyph, "%s", ascii ? "_" : lower[1]);
        if (!cursor)
            out->role = UI_ROLE_DIM;
    }
}

int ui_graph_first(int first, int cursor, int n, int width)
{
    if (width <= 0 || n <= width)
        return 0;
    if (cursor < first)
        first = cursor;
    if (cursor >= first + width)
        first = cursor - width + 1;
    if (first > n - width)
        first = n - width;
    return first < 0 ? 0 : first;
}

/* ---- The screen's state --------------------------------------------------------------------- */

/* Shows the position after ply 'r->cursor' on the board, with that move marked. */
static void show_ply(UiReview *r)
{
    const CmGame *g = r->game;
    Ui *b = &r->board;
    CmOutcome o;
    CmUndo u;
    CmPosition before;

    before = g->start;
    cm_rules_settle(&before, &o);
    for (int k = 0; k < r->cursor; k++) {
        cm_pos_apply(&before, &g->ply[k].move, &u);
        cm_rules_settle(&before, &o);
    }
    b->review_pos = before;
    b->review_ply = r->cursor + 1;
    b->last_move = g->ply[r->cursor].move;
    b->has_last = cm_movegen_canonical(&before, &b->last_move, &b->last_path) == CM_OK;
    cm_pos_apply(&b->review_pos, &b->last_move, &u);
    cm_rules_settle(&b->review_pos, &o);
}

void ui_review_init(UiReview *r, const CmGame *game, const AnalysisPly *plies, const UiOptions *opt,
                    const char *name)
{
    memset(r, 0, sizeof *r);
    r->game = game;
    r->plies = plies;
    r->analysing = 1;
    snprintf(r->title, sizeof r->title, "Review of %s (%s)", name, game->v->name);
    r->shell.v = game->v;
    r->board.s = &r->shell;
    r->board.opt = *opt;
    r->board.mode = UI_MODE_REVIEW;
    r->board.cursor_seat = -1;
    show_ply(r);
}

unsigned ui_review_key(UiReview *r, int key)
{
    int to = r->cursor, n = r->game->n;
    switch (key) {
    case 'q':
    case 'Q':
    case UI_KEY_ESC:
        return UI_QUIT;
    case UI_KEY_LEFT:
    case 'h':
        to--;
        break;
    case UI_KEY_RIGHT:
    case 'l':
        to++;
        break;
    case UI_KEY_HOME:
        to = 0;
        break;
    case UI_KEY_END:
        to = n - 1;
        break;
    case UI_KEY_RESIZE:
    case UI_CTRL('l'):
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return 0;
    }
    to = to < 0 ? 0 : to >= n ? n - 1 : to;
    if (to == r->cursor)
        return 0;
    r->cursor = to;
    show_ply(r);
    return UI_DRAW_ALL;
}

int ui_review_score(const UiReview *r, int i)
{
    const CmVariant *v = r->game->v;
    const AnalysisPly *p = &r->plies[i];
    int score = analysis_capped(p->score);
    return v->seat[p->seat].team == v->seat[0].team ? score : -score;
}

/* Adds a line of 'text' with 'role' after line 'n' (of at most 'max'). */
static int line(UiLine *lines, int n, int max, int role, const char *text)
{
    if (n >= max)
        return n;
    snprintf(lines[n].text, sizeof lines[n].text, "%s", text);
    lines[n].role = role;
    lines[n].seat = -1;
    return n + 1;
}

/* Adds the move 'text' after 'head', wrapped between its leaps as the move list wraps it. */
static int move_lines(UiLine *lines, int n, int max, int role, const char *head, const char *text,
                      int width)
{
    int h = ui_move_lines(lines, n, max, role, head, (int)strlen(head), text, width);
    return n + h < max ? n + h : max;
}

int ui_review_lines(const UiReview *r, UiLine *lines, int max)
{
    const CmVariant *v = r->game->v;
    int n = 0, i = r->cursor;
    char text[96], head[64];
    /* The panel's width, less the seat's swatch. */
    int width = r->board.lay.panel_w > 2 ? r->board.lay.panel_w - 2 : (int)sizeof lines[0].text - 1;
    if (max < 6)
        return 0;
    if (r->analysing) {
        snprintf(text, sizeof text, "Analysing ply %d of %d...", r->done + 1, r->game->n);
    } else {
        char length[64];
        text_game_length(v->nseats, r->done, length, sizeof length);
        snprintf(text, sizeof text, "Analysis done: %s", length);
    }
    n = line(lines, n, max, UI_ROLE_DIM, text);
    if (i >= r->done) {
        snprintf(text, sizeof text, "%d. %s: not analysed yet", i / v->nseats + 1,
                 v->seat[r->game->ply[i].seat].name);
        return line(lines, n, max, UI_ROLE_NORMAL, text);
    }
    const AnalysisPly *p = &r->plies[i];
    char before[32], after[32];
    static const char *const ends[] = {"", "won", "drawn", "lost"};
    text_score(p->best_score, before, sizeof before);
    if (p->end != ANALYSIS_END_NONE)
        snprintf(after, sizeof after, "%s", ends[p->end]);
    else
        text_score(p->score, after, sizeof after);
    /* A long jump's path goes on over the next lines, broken between two leaps. */
    snprintf(head, sizeof head, "%d. %s ", i / v->nseats + 1, v->seat[p->seat].name);
    int first = n;
    n = move_lines(lines, n, max, UI_ROLE_HEADING, head, p->move, width);
    if (first < n)
        lines[first].seat = p->seat;
    snprintf(text, sizeof text, "before  %s", before);
    n = line(lines, n, max, UI_ROLE_NORMAL, text);
    snprintf(text, sizeof text, "after   %s", after);
    n = line(lines, n, max, UI_ROLE_NORMAL, text);
    snprintf(text, sizeof text, "loss    %d.%02d  %s", p->loss / 100, p->loss % 100,
             analysis_mark_name(p->mark));
    n = line(lines, n, max, p->mark >= ANALYSIS_MARK_MISTAKE ? UI_ROLE_ERROR : UI_ROLE_NORMAL,
             text);
    if (p->mark != ANALYSIS_MARK_NONE)
        n = move_lines(lines, n, max, UI_ROLE_NORMAL, "better  ", p->best, width);
    else
        n = line(lines, n, max, p->best_played ? UI_ROLE_GOOD : UI_ROLE_NORMAL,
                 p->best_played ? "the engine's own move" : "");
    return n;
}
