/* The review screen of 'camelot review', its pure part: the cells of the evaluation graph,
 * the view on it, the keys, and the lines about the ply under the cursor. The board is drawn
 * with the looks of the full-screen game's review mode.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
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

int ui_graph_per_column(int n, int width)
{
    if (width <= 0 || n <= width)
        return 1;
    return (n + width - 1) / width;
}

/* ---- The list of mistakes ---------------------------------------------------------------------
 */

/* A text that grows, line by line. */
typedef struct Page {
    char *buf;
    size_t len, cap;
    int failed;
} Page;

static void page_add(Page *p, const char *line)
{
    size_t n = strlen(line);
    if (p->failed)
        return;
    if (p->len + n + 2 > p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 4096;
        while (cap < p->len + n + 2)
            cap *= 2;
        char *b = realloc(p->buf, cap);
        if (b == NULL) {
            p->failed = 1;
            return;
        }
        p->buf = b;
        p->cap = cap;
    }
    memcpy(p->buf + p->len, line, n);
    p->len += n;
    p->buf[p->len++] = '\n';
    p->buf[p->len] = '\0';
}

/* Adds 'text' after 'head', wrapped between the leaps of a move as the move list wraps it. */
static void page_move(Page *p, const char *head, const char *text, int width)
{
    UiLine lines[16];
    int n = ui_move_lines(lines, 0, 16, UI_ROLE_NORMAL, head, (int)strlen(head), text, width);
    for (int i = 0; i < n && i < 16; i++)
        page_add(p, lines[i].text);
}

char *ui_mistakes_text(const CmVariant *v, const AnalysisPly *plies, int n, int width)
{
    Page p = {NULL, 0, 0, 0};
    char line[256], a[32], b[32], c[32], head[96], text[CM_MOVE_TEXT_MAX + 4];
    if (width < 30)
        width = 30;
    if (width > (int)sizeof line - 1)
        width = (int)sizeof line - 1;
    page_add(&p, "THE MOVES THE ENGINE MARKED");
    page_add(&p, "");
    snprintf(line, sizeof line,
             "?! an inaccuracy lowers the chance of winning by %d points or more, ? a",
             ANALYSIS_INACCURACY / 10);
    page_add(&p, line);
    snprintf(line, sizeof line,
             "mistake by %d, ?? a blunder by %d, against the engine's best move.",
             ANALYSIS_MISTAKE / 10, ANALYSIS_BLUNDER / 10);
    page_add(&p, line);
    for (int seat = 0; seat < v->nseats; seat++) {
        int count[ANALYSIS_MARK_COUNT] = {0};
        for (int i = 0; i < n; i++)
            if (plies[i].seat == seat)
                count[plies[i].mark]++;
        snprintf(a, sizeof a, "%d BLUNDER%s", count[ANALYSIS_MARK_BLUNDER],
                 count[ANALYSIS_MARK_BLUNDER] == 1 ? "" : "S");
        snprintf(b, sizeof b, "%d MISTAKE%s", count[ANALYSIS_MARK_MISTAKE],
                 count[ANALYSIS_MARK_MISTAKE] == 1 ? "" : "S");
        snprintf(c, sizeof c, "%d %s", count[ANALYSIS_MARK_INACCURACY],
                 count[ANALYSIS_MARK_INACCURACY] == 1 ? "INACCURACY" : "INACCURACIES");
        /* A heading in capitals, as the rules page has them: a seat's name, upper case. */
        int k = snprintf(line, sizeof line, "%s", v->seat[seat].name);
        for (int j = 0; j < k; j++)
            if (line[j] >= 'a' && line[j] <= 'z')
                line[j] = (char)(line[j] - 'a' + 'A');
        snprintf(line + k, sizeof line - (size_t)k, ": %s, %s, %s", a, b, c);
        page_add(&p, "");
        page_add(&p, line);
        int any = 0;
        for (int i = 0; i < n; i++) {
            const AnalysisPly *q = &plies[i];
            if (q->seat != seat || q->mark == ANALYSIS_MARK_NONE)
                continue;
            any = 1;
            snprintf(head, sizeof head, "%4d%s ", i / v->nseats + 1,
                     v->nseats == 2 && q->seat == 1 ? "..." : ".");
            snprintf(text, sizeof text, "%s%s", q->move, analysis_mark_sign(q->mark));
            page_move(&p, head, text, width);
            snprintf(head, sizeof head,
                     "%*s%s, a loss of %d.%02d, to win %.0f%% to %.0f%%; better ", 6, "",
                     analysis_mark_name(q->mark), q->loss / 100, q->loss % 100,
                     100 * analysis_chance(q->best_score), 100 * analysis_chance(q->score));
            page_move(&p, head, q->best, width);
        }
        if (!any)
            page_add(&p, "      none");
    }
    if (p.failed) {
        free(p.buf);
        return NULL;
    }
    return p.buf;
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
    snprintf(r->name, sizeof r->name, "%s", name);
    snprintf(r->title, sizeof r->title, "Review of %s (%s)", name, game->v->name);
    r->shell.v = game->v;
    r->board.s = &r->shell;
    r->board.opt = *opt;
    r->board.mode = UI_MODE_REVIEW;
    r->board.cursor_seat = -1;
    r->board.reviewed = plies;
    /* The move list: every ply's text, worked out once (out of memory, the list is left out). */
    UiMoveText *m = calloc((size_t)game->n, sizeof *m);
    CmPosition pos = game->start;
    CmOutcome o;
    CmUndo u;
    char text[CM_MOVE_TEXT_MAX];
    cm_rules_settle(&pos, &o);
    for (int k = 0; m != NULL && k < game->n; k++) {
        cm_move_str(&pos, &game->ply[k].move, text, sizeof text);
        m[k].move = game->ply[k].move;
        m[k].seat = game->ply[k].seat;
        if ((m[k].text = malloc(strlen(text) + 1)) == NULL)
            break;
        memcpy(m[k].text, text, strlen(text) + 1);
        r->board.nmoves = k + 1;
        cm_pos_apply(&pos, &game->ply[k].move, &u);
        cm_rules_settle(&pos, &o);
    }
    r->board.moves = m;
    r->board.moves_cap = m != NULL ? game->n : 0;
    show_ply(r);
}

void ui_review_free(UiReview *r)
{
    for (int k = 0; k < r->board.nmoves; k++)
        free(r->board.moves[k].text);
    free(r->board.moves);
    free(r->board.page);
    r->board.moves = NULL;
    r->board.page = NULL;
    r->board.nmoves = 0;
}

void ui_review_sync(UiReview *r)
{
    r->board.nreviewed = r->done < r->board.nmoves ? r->done : r->board.nmoves;
}

/* The list of mistakes, as a page over the screen. */
static unsigned open_mistakes(UiReview *r, int width)
{
    Ui *b = &r->board;
    ui_review_sync(r);
    free(b->page);
    b->page = ui_mistakes_text(r->game->v, r->plies, r->done, width);
    if (b->page == NULL)
        return 0;
    b->page_lines = 0;
    for (const char *p = b->page; *p; p++)
        b->page_lines += *p == '\n';
    b->page_top = 0;
    snprintf(b->page_title, sizeof b->page_title, "The engine's marks: %s", r->name);
    b->mode = UI_MODE_RULES;
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

/* The keys of the list of mistakes: scrolling, and closing it. */
static unsigned page_key(UiReview *r, int key)
{
    Ui *b = &r->board;
    int page = b->lay.rows - 3 > 1 ? b->lay.rows - 3 : 1;
    int last = b->page_lines - page > 0 ? b->page_lines - page : 0, top = b->page_top;
    switch (ui_key_action(UI_MODE_RULES, key)) {
    case UI_ACT_UP:
        top--;
        break;
    case UI_ACT_DOWN:
        top++;
        break;
    case UI_ACT_SCROLL_UP:
        top -= page;
        break;
    case UI_ACT_SCROLL_DOWN:
        top += page;
        break;
    case UI_ACT_HOME:
        top = 0;
        break;
    case UI_ACT_END:
        top = last;
        break;
    case UI_ACT_CANCEL:
        b->mode = UI_MODE_REVIEW;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_QUIT:
        return UI_QUIT;
    default:
        return key == 'm' ? (b->mode = UI_MODE_REVIEW, UI_DRAW_ALL | UI_DRAW_CLEAR) : 0;
    }
    top = top > last ? last : top < 0 ? 0 : top;
    if (top == b->page_top)
        return 0;
    b->page_top = top;
    return UI_DRAW_ALL;
}

unsigned ui_review_key(UiReview *r, int key)
{
    int to = r->cursor, n = r->game->n;
    if (key == UI_KEY_RESIZE || key == UI_CTRL('l'))
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    if (r->board.mode == UI_MODE_RULES)
        return page_key(r, key);
    ui_review_sync(r);
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
    case ']':
    case '[': {
        int i = ui_marked_ply(&r->board, r->cursor, key == ']' ? 1 : -1);
        if (i < 0)
            return 0;
        to = i;
        break;
    }
    case 'm':
        return r->done > 0 ? open_mistakes(r, r->board.lay.cols - 2) : 0;
    case 'p':
        /* Practice, on the moves analysed so far. */
        if (r->done == 0)
            return 0;
        r->practise = 1;
        return UI_QUIT;
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

int ui_review_wants_practice(const UiReview *r)
{
    return r->practise;
}

void ui_review_practise_at_end(UiReview *r, int at_end)
{
    r->practise_at_end = at_end;
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
    if (r->analysing && r->done < r->game->n) {
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
    snprintf(text, sizeof text, "before  %s   after  %s", before, after);
    n = line(lines, n, max, UI_ROLE_NORMAL, text);
    /* The mark goes by the chance of winning; the loss in men is before minus after. */
    snprintf(text, sizeof text, "to win  %.0f%% to %.0f%%  %s",
             100 * analysis_chance(analysis_reference(p)), 100 * analysis_chance(p->score),
             analysis_mark_name(p->mark));
    n = line(lines, n, max, p->mark >= ANALYSIS_MARK_MISTAKE ? UI_ROLE_ERROR : UI_ROLE_NORMAL,
             text);
    if (p->mark != ANALYSIS_MARK_NONE)
        n = move_lines(lines, n, max, UI_ROLE_NORMAL, "better  ", p->best, width);
    else if (p->best_played)
        n = line(lines, n, max, UI_ROLE_GOOD, "the engine's own move");
    return n;
}
