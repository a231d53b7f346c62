/* The side panel, as lines: the seats with their clocks and pieces, the engine's line, the
 * analysis board's, and the move list (rounds of moves, the one shown marked, long moves
 * wrapped between their leaps). A lesson's and a puzzle's panels are their own (learn.c,
 * puzzle.c). curses_draw.c only puts these on the terminal.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "session/text.h"
#include "ui_int.h"

static void count_pieces(const CmPosition *pos, int seat, int *knights, int *men)
{
    *knights = *men = 0;
    CmSquareSet s = pos->occ[seat];
    while (!cm_set_empty(&s)) {
        CmSquare sq = cm_set_pop(&s);
        if (CM_CELL_KIND(pos->board[sq]) == CM_KNIGHT)
            (*knights)++;
        else
            (*men)++;
    }
}

/* The seats: turn marker, name, who plays it, pieces left, clock; the teams; castle moves. */
static int panel_seats(const Ui *ui, uint64_t now, UiLine *lines, int n, int max)
{
    const CmVariant *v = ui->s->v;
    const Session *g = ui->s;
    const CmPosition *pos = ui_shown_position(ui);
    char kind[24], clock[CM_MAX_SEATS][24], pieces[24];
    int clock_w = 0;

    /* The clocks right-aligned to the widest, so that "9:59" stands under "10:00". */
    for (int s = 0; s < v->nseats && s < CM_MAX_SEATS; s++) {
        clock[s][0] = '\0';
        if (g->setup.time_base_ms > 0)
            text_clock(session_clock_left(g, s, now), clock[s], sizeof clock[s]);
        if ((int)strlen(clock[s]) > clock_w)
            clock_w = (int)strlen(clock[s]);
    }
    n = ui_add(lines, n, max, UI_ROLE_HEADING, -1, "Players");
    for (int s = 0; s < v->nseats; s++) {
        int k, m;
        count_pieces(pos, s, &k, &m);
        if (m > 0 || v->nseats == 2)
            snprintf(pieces, sizeof pieces, "K%d M%d", k, m);
        else
            snprintf(pieces, sizeof pieces, "K%d", k);
        int turn = !g->outcome.over && pos->to_move == s;
        n = ui_add(lines, n, max, turn ? UI_ROLE_TITLE : UI_ROLE_NORMAL, s, "%s%-7s %-9s %-7s %*s",
                   turn ? ">" : " ", v->seat[s].name, ui_seat_kind_text(ui, s, kind, sizeof kind),
                   pieces, clock_w, clock[s]);
    }
    if (g->paused)
        n = ui_add(lines, n, max, UI_ROLE_ERROR, -1, "Paused: p to go on");
    if (session_paced(g)) {
        char pace[32];
        ui_pace_text(g->pace_ms, pace, sizeof pace);
        n = ui_add(lines, n, max, UI_ROLE_DIM, -1, "Pace %s  (< > change)", pace);
    }
    if (v->nteams < v->nseats) {
        char teams[128];
        ui_teams_text(v, teams, sizeof teams);
        n = ui_add(lines, n, max, UI_ROLE_DIM, -1, "Teams: %s", teams);
    }
    if (v->rules.castle_moves > 0) {
        char cm[64];
        size_t len = 0;
        for (int s = 0; s < v->nseats; s++)
            len += (size_t)snprintf(cm + len, sizeof cm - len, " %c %d", v->seat[s].letter,
                                    v->rules.castle_moves - pos->castle_used[s]);
        n = ui_add(lines, n, max, UI_ROLE_DIM, -1, "Castle moves left:%s", cm);
    }
    return n;
}

/* ---- Moves in the panel ------------------------------------------------------------------ */

/* How much of a move's written path 'text' ('len' bytes) goes on a line of 'room' columns:
 * all of it when it fits, else up to the sign ('-' or 'x') of the last leap that fits, so that
 * no square is split. */
static int move_piece(const char *text, int len, int room)
{
    if (room < 1)
        room = 1;
    if (len <= room)
        return len;
    for (int k = room; k > 0; k--)
        if (text[k - 1] == '-' || text[k - 1] == 'x')
            return k;
    return room;
}

int ui_move_lines(UiLine *lines, int n, int max, int role, const char *head, int indent,
                  const char *text, int width)
{
    int len = (int)strlen(text), count = 0;
    do {
        int pad = count == 0 ? 0 : indent + 2;
        int room = width - (count == 0 ? indent : pad);
        int k = move_piece(text, len, room);
        if (lines != NULL && n + count < max) {
            UiLine *l = &lines[n + count];
            snprintf(l->text, sizeof l->text, "%*s%s%.*s", pad, "", count == 0 ? head : "", k,
                     text);
            l->role = role;
            l->seat = -1;
        }
        count++;
        text += k;
        len -= k;
    } while (len > 0);
    return count;
}

/* The text of ply 'i' in the move list: the move, and the sign of the engine's mark when it
 * reviewed the move ("E6-E8?!"). */
static const char *move_shown(const Ui *ui, int i, char *buf, size_t size)
{
    const char *sign =
        i < ui->nreviewed ? analysis_mark_sign((AnalysisMark)ui->reviewed[i].mark) : "";
    if (sign[0] == '\0')
        return ui->moves[i].text;
    snprintf(buf, size, "%s%s", ui->moves[i].text, sign);
    return buf;
}

/* Highlights columns 'from' .. 'from + len' of line 'n' as the move marked. */
static void highlight(UiLine *lines, int n, int max, int from, int len)
{
    if (lines == NULL || n >= max)
        return;
    lines[n].hl_from = from;
    lines[n].hl_len = len;
}

/* The lines of round 'r' of the move list (one move in a game of more than two seats): a line
 * when its moves fit their columns, else a line or more for each move. The move of ply 'mark'
 * is highlighted, and no other (a move alone on its lines has them highlighted). With 'lines'
 * NULL it only counts. Returns how many. */
static int round_lines(const Ui *ui, int r, int width, int mark, UiLine *lines, int n, int max)
{
    const CmVariant *v = ui->s->v;
    char head[32], ta[CM_MOVE_TEXT_MAX + 4], tb[CM_MOVE_TEXT_MAX + 4];
    int off = ui_first_seat(ui);
    if (v->nseats != 2) {
        const UiMoveText *m = &ui->moves[r];
        int slot = r + off, round = slot / v->nseats + 1;
        int indent = snprintf(head, sizeof head, "%3d%c %c ", round,
                              slot % v->nseats == 0 || r == 0 ? '.' : ' ', v->seat[m->seat].letter);
        return ui_move_lines(lines, n, max, r == mark ? UI_ROLE_FIELD : UI_ROLE_NORMAL, head,
                             indent, move_shown(ui, r, ta, sizeof ta), width);
    }
    /* Round r holds the plies of slots 2r and 2r + 1: a game that began with the second seat
     * to move has its first slot empty ("..."). */
    int pa = 2 * r - off, pb = 2 * r + 1 - off;
    const char *a = pa >= 0 ? move_shown(ui, pa, ta, sizeof ta) : "...";
    const char *b = pb < ui->nmoves ? move_shown(ui, pb, tb, sizeof tb) : "";
    int ra = pa >= 0 && pa == mark ? UI_ROLE_FIELD : UI_ROLE_NORMAL;
    int rb = pb == mark ? UI_ROLE_FIELD : UI_ROLE_NORMAL;
    int indent = snprintf(head, sizeof head, "%3d. ", r + 1);
    int col = (width - indent) / 2;
    if (col > UI_MOVE_COL)
        col = UI_MOVE_COL;
    if (col < 8)
        col = 8;
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la <= col && lb <= col && indent + col + 1 + lb <= width) {
        if (lines != NULL && n < max) {
            snprintf(lines[n].text, sizeof lines[n].text, "%s%-*s %s", head, col, a, b);
            lines[n].role = UI_ROLE_NORMAL;
            lines[n].seat = -1;
            if (ra == UI_ROLE_FIELD)
                highlight(lines, n, max, indent, la);
            else if (rb == UI_ROLE_FIELD)
                highlight(lines, n, max, indent + col + 1, lb);
        }
        return 1;
    }
    /* A move too long for its column: each move on lines of its own, the second seat's in its
     * column when it fits there. */
    int count = ui_move_lines(lines, n, max, ra, head, indent, a, width);
    if (lb == 0)
        return count;
    if (lb <= col && indent + col + 1 + lb <= width) {
        char pad[64];
        snprintf(pad, sizeof pad, "%*s", indent + col + 1, "");
        return count + ui_move_lines(lines, n + count, max, rb, pad, indent + col + 1, b, width);
    }
    snprintf(head, sizeof head, "%*s", indent, "");
    return count + ui_move_lines(lines, n + count, max, rb, head, indent, b, width);
}

int ui_move_list(const Ui *ui, int width, UiLine *lines, int n, int max)
{
    const CmVariant *v = ui->s->v;
    n = ui_add(lines, n, max, UI_ROLE_HEADING, -1, "Moves");
    int room = max - n;
    if (room <= 0)
        return n;
    int per_line = v->nseats == 2 ? 2 : 1;
    int off = per_line == 2 ? ui_first_seat(ui) : 0;
    int total = (ui->nmoves + off + per_line - 1) / per_line;
    if (total == 0)
        return ui_add(lines, n, max, UI_ROLE_DIM, -1, "(none yet)");
    int review = ui->mode == UI_MODE_REVIEW;
    int mark = review ? ui->review_ply - 1 : ui->nmoves - 1;
    /* The round that must show: the one reviewed, or the last one scrolled to. */
    int anchor = review ? (mark > 0 ? (mark + off) / per_line : 0) : total - 1 - ui->moves_scroll;
    if (anchor < 0)
        anchor = 0;
    if (anchor >= total)
        anchor = total - 1;
    int first = anchor, last = anchor, used = round_lines(ui, anchor, width, -1, NULL, 0, 0);
    /* In review, up to half the room for the rounds after it; then earlier rounds, then later
     * ones, while they fit. */
    int after = 0;
    while (review && last + 1 < total) {
        int h = round_lines(ui, last + 1, width, -1, NULL, 0, 0);
        if (used + h > room || after + h > room / 2)
            break;
        last++;
        used += h;
        after += h;
    }
    while (first > 0) {
        int h = round_lines(ui, first - 1, width, -1, NULL, 0, 0);
        if (used + h > room)
            break;
        first--;
        used += h;
    }
    while (last + 1 < total) {
        int h = round_lines(ui, last + 1, width, -1, NULL, 0, 0);
        if (used + h > room)
            break;
        last++;
        used += h;
    }
    for (int r = first; r <= last && n < max; r++) {
        int h = round_lines(ui, r, width, mark, lines, n, max);
        n = n + h < max ? n + h : max;
    }
    return n;
}

/* The engine's line after "pv ": whole moves, as many as fit in 'width' columns, then '…' when
 * some are left out (a first move longer than a line is wrapped between its leaps). */
static int panel_pv(const Ui *ui, int width, UiLine *lines, int n, int max)
{
    const char *more = ui->opt.ascii ? "..." : "\u2026";
    int more_w = ui->opt.ascii ? 3 : 1;
    char buf[UI_PV_MAX], text[sizeof lines[0].text];
    snprintf(buf, sizeof buf, "%s", ui->pv_text);
    char *save = NULL, *tok[UI_PV_MAX / 2];
    int ntok = 0;
    for (char *t = strtok_r(buf, " ", &save); t != NULL && ntok < UI_PV_MAX / 2;
         t = strtok_r(NULL, " ", &save))
        tok[ntok++] = t;
    /* The session's own cut mark, when it had no room for the whole line. */
    int cut = ntok > 0 && strcmp(tok[ntok - 1], "...") == 0;
    if (cut)
        ntok--;
    if (ntok == 0)
        return n;
    int len = snprintf(text, sizeof text, "pv");
    int shown = 0;
    for (; shown < ntok; shown++) {
        int w = 1 + (int)strlen(tok[shown]);
        int rest = shown + 1 < ntok || cut;
        if (len + w + (rest ? 1 + more_w : 0) > width)
            break;
        len += snprintf(text + len, sizeof text - (size_t)len, " %s", tok[shown]);
    }
    if (shown == 0) {
        /* The first move alone is longer than the line. */
        int h = ui_move_lines(lines, n, max, UI_ROLE_DIM, "pv ", 3, tok[0], width);
        n = n + h < max ? n + h : max;
        if (ntok > 1 || cut)
            n = ui_add(lines, n, max, UI_ROLE_DIM, -1, "   %s", more);
        return n;
    }
    if (shown < ntok || cut)
        snprintf(text + len, sizeof text - (size_t)len, " %s", more);
    return ui_add(lines, n, max, UI_ROLE_DIM, -1, "%s", text);
}

/* The engine: what it is doing or last did, its depth and score, and its line. */
static int panel_engine(const Ui *ui, int width, UiLine *lines, int n, int max)
{
    const CmVariant *v = ui->s->v;
    const Session *g = ui->s;
    char score[32];

    if (!g->searching && g->info_seat < 0)
        return n;
    int s = g->searching ? g->search_seat : g->info_seat;
    n = ui_add(lines, n, max, UI_ROLE_HEADING, -1, "Engine");
    if (g->searching == ENGINE_JOB_HINT)
        n = ui_add(lines, n, max, UI_ROLE_NORMAL, s, "looking for a hint for %s", v->seat[s].name);
    else if (g->searching)
        n = ui_add(lines, n, max, UI_ROLE_NORMAL, s, "%s thinking (level %d)", v->seat[s].name,
                   g->setup.seat[s].level);
    else if (g->info_purpose == ENGINE_JOB_HINT)
        n = ui_add(lines, n, max, UI_ROLE_DIM, s, "hint for %s, to move", v->seat[s].name);
    else
        n = ui_add(lines, n, max, UI_ROLE_DIM, s, "%s's last search", v->seat[s].name);
    if (g->info_seat >= 0 && (!g->searching || g->info_seq != 0)) {
        char nodes[32];
        unsigned long long k = (unsigned long long)g->info.nodes;
        if (k < 10000)
            snprintf(nodes, sizeof nodes, "%llu node%s", k, k == 1 ? "" : "s");
        else if (k < 10000000)
            snprintf(nodes, sizeof nodes, "%llu kn", k / 1000);
        else
            snprintf(nodes, sizeof nodes, "%llu Mn", k / 1000000);
        /* Every level's score is its search's: a level's weaknesses change the move it plays,
         * never the score it shows (docs/engine.md, "Levels"). */
        text_score(g->info.score, score, sizeof score);
        n = ui_add(lines, n, max, UI_ROLE_NORMAL, -1, "depth %d  score %s  %s", g->info.depth,
                   score, nodes);
        n = panel_pv(ui, width, lines, n, max);
    }
    return n;
}

/* The analysis board: where it began, the engine's view of the position and its line. */
static int panel_analysis(const Ui *ui, int width, UiLine *lines, int n, int max)
{
    const UiAnalysis *a = ui->analysis;
    const AnalysisLive *live = &a->live;
    const CmVariant *v = ui->s->v;
    char score[32];
    n = ui_add(lines, n, max, UI_ROLE_HEADING, -1, "Analysis board");
    n = ui_add(lines, n, max, UI_ROLE_DIM, -1, "from ply %d of the game", a->from);
    if (ui->s->nredo > 0)
        n = ui_add(lines, n, max, UI_ROLE_DIM, -1, "%d pl%s ahead (r plays on)", ui->s->nredo,
                   ui->s->nredo == 1 ? "y" : "ies");
    if (a->nlines > 0)
        n = ui_add(lines, n, max, UI_ROLE_DIM, -1, "%d other line%s tried (x exports)", a->nlines,
                   a->nlines == 1 ? "" : "s");
    n = ui_add(lines, n, max, UI_ROLE_HEADING, -1, "Engine");
    if (live->et == NULL)
        return ui_add(lines, n, max, UI_ROLE_DIM, -1, "no engine: the moves only");
    if (ui->s->outcome.over)
        return ui_add(lines, n, max, UI_ROLE_DIM, -1, "the game is over here");
    if (!live->has_info)
        return ui_add(lines, n, max, UI_ROLE_DIM, live->seat, "%s to move: thinking...",
                      v->seat[live->seat].name);
    text_score(live->info.score, score, sizeof score);
    n = ui_add(lines, n, max, UI_ROLE_NORMAL, live->seat, "%s %s  depth %d%s",
               v->seat[live->seat].name, score, live->info.depth, live->running ? "" : "  (done)");
    n = ui_add(lines, n, max, UI_ROLE_DIM, -1, "%llu kn",
               (unsigned long long)(live->info.nodes / 1000));
    return panel_pv(ui, width, lines, n, max);
}

int ui_analysis_panel(const Ui *ui, int width, UiLine *lines, int max)
{
    return ui_move_list(ui, width, lines, panel_analysis(ui, width, lines, 0, max), max);
}

int ui_panel_lines(const Ui *ui, uint64_t now, int width, UiLine *lines, int max)
{
    if (width > (int)sizeof lines[0].text - 1)
        width = (int)sizeof lines[0].text - 1;
    if (max > 0)
        memset(lines, 0, (size_t)max * sizeof *lines);
    const UiBoard *b = ui_board(ui);
    if (b != NULL && b->panel != NULL)
        return b->panel(ui, width, lines, max);
    if (ui_online(ui)) {
        /* No engine's line in a rated game: hints are not allowed there either. */
        LobbyTable t;
        int n = ui_online_panel(ui, now, width, lines, max);
        if (lobby_table(ui->lobby, ui->s, now, &t) == 0 && !t.rated)
            n = panel_engine(ui, width, lines, n, max);
        return ui_move_list(ui, width, lines, n, max);
    }
    int n = panel_seats(ui, now, lines, 0, max);
    n = panel_engine(ui, width, lines, n, max);
    return ui_move_list(ui, width, lines, n, max);
}
