/* The screen's state and what each action does to it: the cursor, building a move leap by
 * leap, explaining what is not allowed, typed moves, undo and redo, pages and forms, review.
 * No curses: the tests drive it key by key.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "ui_int.h"

static const struct {
    const char *label;
    int64_t base_ms, inc_ms;
} time_controls[] = {
    {"none", 0, 0},           {"3+2", 180000, 2000},    {"5+0", 300000, 0},
    {"10+5", 600000, 5000},   {"15+10", 900000, 10000}, {"30+0", 1800000, 0},
    {"60+30", 3600000, 30000},
};
#define NTIME ((int)(sizeof time_controls / sizeof time_controls[0]))

void ui_message(Ui *ui, int role, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ui->msg, sizeof ui->msg, fmt, ap);
    va_end(ap);
    ui->msg_role = role;
}

const CmPosition *ui_shown_position(const Ui *ui)
{
    return ui->mode == UI_MODE_REVIEW ? &ui->review_pos : &ui->game.g.pos;
}

static const CmVariant *variant(const Ui *ui)
{
    return ui->game.v;
}

static void relayout(Ui *ui)
{
    ui_layout_compute(&ui->lay, ui->lay.rows, ui->lay.cols, variant(ui)->files,
                      variant(ui)->ranks, ui->opt.flip);
}

unsigned ui_resize(Ui *ui, int rows, int cols)
{
    ui->lay.rows = rows;
    ui->lay.cols = cols;
    relayout(ui);
    if (ui->page != NULL && ui->mode == UI_MODE_RULES) {
        free(ui->page);
        ui->page = ui_rules_text(variant(ui), cols - 2);
        ui->page_lines = 0;
        for (const char *p = ui->page; p && *p; p++)
            ui->page_lines += *p == '\n';
        if (ui->page_top > ui->page_lines)
            ui->page_top = ui->page_lines;
    }
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

/* ---- The position and what is derived from it --------------------------------------------- */

/* The position before ply 'i' of the game (settled), replayed from the start. */
static void position_before(const Game *g, int i, CmPosition *out)
{
    CmOutcome o;
    CmUndo u;
    *out = g->g.start;
    cm_rules_settle(out, &o);
    for (int k = 0; k < i; k++) {
        cm_pos_apply(out, &g->g.ply[k].move, &u);
        cm_rules_settle(out, &o);
    }
}

/* Brings the move list up to date with the game: keeps the plies that did not change. */
static void update_move_texts(Ui *ui)
{
    const CmGame *g = &ui->game.g;
    int same = 0;
    while (same < ui->nmoves && same < g->n && cm_move_same(&ui->moves[same].move,
                                                            &g->ply[same].move))
        same++;
    ui->nmoves = same;
    if (g->n > ui->moves_cap) {
        int cap = g->n + 64;
        UiMoveText *m = realloc(ui->moves, (size_t)cap * sizeof *m);
        if (m == NULL)
            return;
        ui->moves = m;
        ui->moves_cap = cap;
    }
    if (same == g->n)
        return;
    CmPosition p;
    CmOutcome o;
    CmUndo u;
    char buf[CM_MAX_PATH * 4];
    position_before(&ui->game, same, &p);
    for (int i = same; i < g->n; i++) {
        UiMoveText *t = &ui->moves[i];
        t->move = g->ply[i].move;
        t->seat = g->ply[i].seat;
        cm_move_str(&p, &t->move, buf, sizeof buf);
        if (strlen(buf) >= sizeof t->text) {
            buf[sizeof t->text - 2] = '~';
            buf[sizeof t->text - 1] = '\0';
        }
        memcpy(t->text, buf, strlen(buf) + 1);
        cm_pos_apply(&p, &t->move, &u);
        cm_rules_settle(&p, &o);
    }
    ui->nmoves = g->n;
}

/* The path of ply 'i', to mark it as the last move. */
static void set_last(Ui *ui, int plies)
{
    ui->has_last = 0;
    if (plies <= 0)
        return;
    CmPosition p;
    position_before(&ui->game, plies - 1, &p);
    ui->last_move = ui->game.g.ply[plies - 1].move;
    if (cm_movegen_canonical(&p, &ui->last_move, &ui->last_path) == CM_OK)
        ui->has_last = 1;
}

static void clear_selection(Ui *ui)
{
    memset(&ui->sel, 0, sizeof ui->sel);
}

/* The nearest square to the middle of the board that holds a piece in 'set', or the middle. */
static CmSquare central(const CmVariant *v, const CmSquareSet *set)
{
    int best = -1, bestd = 1 << 30;
    int cf = v->files - 1, cr = v->ranks - 1; /* doubled centre */
    for (int sq = 0; sq < CM_SQUARES; sq++) {
        if (!cm_variant_on(v, (unsigned)sq))
            continue;
        if (set != NULL && !cm_set_has(set, (unsigned)sq))
            continue;
        int df = 2 * CM_FILE(sq) - cf, dr = 2 * CM_RANK(sq) - cr;
        int d = df * df + dr * dr;
        if (d < bestd) {
            bestd = d;
            best = sq;
        }
    }
    if (best < 0)
        return central(v, NULL);
    return (CmSquare)best;
}

/* Recomputes everything derived from the game's position. */
static void position_changed(Ui *ui)
{
    const CmPosition *pos = &ui->game.g.pos;
    clear_selection(ui);
    memset(&ui->movable, 0, sizeof ui->movable);
    memset(&ui->ob, 0, sizeof ui->ob);
    ui->list->n = 0;
    if (!ui->game.outcome.over) {
        cm_movegen_all(pos, ui->list);
        for (int i = 0; i < ui->list->n; i++)
            cm_set_add(&ui->movable, ui->list->m[i].from);
        cm_movegen_obligation(pos, &ui->ob);
    }
    ui->has_hint = 0;
    update_move_texts(ui);
    set_last(ui, ui->game.g.n);
    ui->moves_scroll = 0;
    if (!cm_variant_on(variant(ui), ui->cursor))
        ui->cursor = central(variant(ui), NULL);
}

/* The cursor at the start of a game: on the middle piece of the first person to move. */
static void place_cursor(Ui *ui)
{
    if (game_human_to_move(&ui->game) && !cm_set_empty(&ui->movable))
        ui->cursor = central(variant(ui), &ui->movable);
    else
        ui->cursor = central(variant(ui), NULL);
}

/* The board turned so that the only person playing sits at the bottom. */
static void auto_flip(Ui *ui)
{
    const CmVariant *v = variant(ui);
    int humans = 0, who = -1;
    for (int s = 0; s < v->nseats; s++)
        if (game_seat_human(&ui->game, s)) {
            humans++;
            who = s;
        }
    ui->opt.flip = v->nseats == 2 && humans == 1 && who == 1;
}

static void start_screen(Ui *ui)
{
    ui->mode = ui->game.outcome.over ? UI_MODE_OVER : UI_MODE_PLAY;
    ui->nmoves = 0;
    position_changed(ui);
    auto_flip(ui);
    relayout(ui);
    place_cursor(ui);
}

CmStatus ui_init(Ui *ui, const UiHost *host, const UiOptions *opt, Game *game)
{
    memset(ui, 0, sizeof *ui);
    ui->host = *host;
    ui->opt = *opt;
    ui->list = malloc(sizeof *ui->list);
    if (ui->list == NULL)
        return CM_ERR_NOMEM;
    ui->game = *game;
    ui->have_game = 1;
    ui->lay.rows = 24;
    ui->lay.cols = 80;
    start_screen(ui);
    if (opt->flip)
        ui->opt.flip = !ui->opt.flip;
    relayout(ui);
    return CM_OK;
}

void ui_free(Ui *ui)
{
    if (ui->have_game)
        game_free(&ui->game);
    ui->have_game = 0;
    free(ui->list);
    free(ui->page);
    free(ui->saves);
    free(ui->moves);
    ui->list = NULL;
    ui->page = NULL;
    ui->saves = NULL;
    ui->moves = NULL;
}

/* Puts 'g' in place of the game being played (its last state is already autosaved). */
static void replace_game(Ui *ui, Game *g)
{
    game_free(&ui->game);
    ui->game = *g;
    start_screen(ui);
}

/* ---- Explanations -------------------------------------------------------------------------- */

/* "D7, E7" */
static void square_list(const CmSquareSet *set, char *buf, size_t size)
{
    CmSquareSet s = *set;
    size_t len = 0;
    char a[4];
    buf[0] = '\0';
    while (!cm_set_empty(&s) && len < size)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? ", " : "",
                                cm_square_name(cm_set_pop(&s), a));
}

static const char *kind_name(uint8_t cell)
{
    return CM_CELL_KIND(cell) == CM_KNIGHT ? "knight" : "man";
}

void ui_obligation_text(const Ui *ui, char *buf, size_t size)
{
    char list[160];
    int n = cm_set_count(&ui->ob.pieces);
    square_list(&ui->ob.pieces, list, sizeof list);
    buf[0] = '\0';
    if (ui->ob.kind == CM_OBLIGE_CAPTURE) {
        snprintf(buf, size, "A capture is compulsory: the %s on %s can capture.",
                 n == 1 ? "piece" : "pieces", list);
    } else if (ui->ob.kind == CM_OBLIGE_EXIT) {
        CmSquareSet s = ui->ob.pieces;
        int jump = n > 0 && cm_movegen_can_jump(&ui->game.g.pos, cm_set_pop(&s));
        snprintf(buf, size, "The %s on %s ended a jump in %s and must leave it now%s.",
                 n == 1 ? "piece" : "pieces", list,
                 variant(ui)->nseats > 2 ? "a castle it may not stay in" : "its own castle",
                 jump ? ", by a capture" : "");
    }
}

/* Why the square 'sq' cannot be picked to move. */
static void why_not_pickable(const Ui *ui, CmSquare sq, char *buf, size_t size)
{
    const CmVariant *v = variant(ui);
    const CmPosition *pos = &ui->game.g.pos;
    int seat = pos->to_move;
    uint8_t cell = pos->board[sq];
    char a[4], ob[240];

    cm_square_name(sq, a);
    ui_obligation_text(ui, ob, sizeof ob);
    if (!cm_variant_on(v, sq)) {
        snprintf(buf, size, "That is not a square of the board.");
    } else if (cell == CM_EMPTY) {
        if (ui->ob.kind != CM_OBLIGE_NONE)
            snprintf(buf, size, "%s is empty. %s", a, ob);
        else
            snprintf(buf, size, "%s is empty: pick one of %s's pieces to move.", a,
                     v->seat[seat].name);
    } else if (CM_CELL_SEAT(cell) != seat) {
        int owner = CM_CELL_SEAT(cell);
        snprintf(buf, size, "The %s on %s is %s's%s; it is %s's turn.", kind_name(cell), a,
                 v->seat[owner].name, cm_variant_partners(v, owner, seat) ? " (your partner's)" : "",
                 v->seat[seat].name);
    } else if (ui->ob.kind != CM_OBLIGE_NONE && !cm_set_has(&ui->ob.pieces, sq)) {
        snprintf(buf, size, "The %s on %s may not move now. %s", kind_name(cell), a, ob);
    } else if (v->sqflags[seat][sq] & CM_SQ_TARGET) {
        if (v->rules.castle_moves == 0)
            snprintf(buf, size, "The %s on %s is in the opponent's castle, which it can never "
                                "leave.",
                     kind_name(cell), a);
        else
            snprintf(buf, size, "The %s on %s can never leave the opponent's castle%s.",
                     kind_name(cell), a,
                     pos->castle_used[seat] >= v->rules.castle_moves
                         ? ", and no castle moves are left"
                         : ", and the other castle square is taken");
    } else {
        snprintf(buf, size, "The %s on %s has no legal move from there.", kind_name(cell), a);
    }
}

/* The path built so far in WCF notation. */
static void path_text(const CmPath *p, char *buf, size_t size)
{
    cm_path_str(p, buf, size);
}

/* Whether a leap from 'a' to 'b' (two squares) passes over an enemy of the seat to move. */
static int leap_is_jump(const Ui *ui, CmSquare a, CmSquare b)
{
    const CmPosition *pos = &ui->game.g.pos;
    int df = CM_FILE(b) - CM_FILE(a), dr = CM_RANK(b) - CM_RANK(a);
    if ((df != 2 && df != -2 && df != 0) || (dr != 2 && dr != -2 && dr != 0) || (!df && !dr))
        return 0;
    CmSquare mid = (CmSquare)((a + b) / 2);
    if (cm_set_has(&ui->sel.captured, mid))
        return 0;
    uint8_t c = pos->board[mid];
    return c != CM_EMPTY && (pos->v->enemy_cells[pos->to_move] >> c & 1);
}

/* Tries the path so far plus 'sq' with the rules core, to tell the player which rule it breaks.
 * Plays it when it turns out legal. */
static unsigned explain_attempt(Ui *ui, CmSquare sq, uint64_t now);

/* ---- Building a move ----------------------------------------------------------------------- */

static unsigned commit(Ui *ui, const CmMove *m, uint64_t now)
{
    char text[CM_MAX_PATH * 4];
    int seat = ui->game.g.pos.to_move;
    cm_move_str(&ui->game.g.pos, m, text, sizeof text);
    if (game_play(&ui->game, m, now) != CM_OK) {
        ui_message(ui, UI_ROLE_ERROR, "Out of memory: the move was not played.");
        return UI_DRAW_ALL;
    }
    position_changed(ui);
    ui_message(ui, UI_ROLE_NORMAL, "%s played %s.", variant(ui)->seat[seat].name, text);
    if (ui->game.save_error[0])
        ui_message(ui, UI_ROLE_ERROR, "Autosave failed: %s", ui->game.save_error);
    if (ui->game.outcome.over)
        ui->mode = UI_MODE_OVER;
    return UI_DRAW_ALL;
}

static void pick(Ui *ui, CmSquare sq)
{
    clear_selection(ui);
    ui->sel.active = 1;
    ui->sel.path.n = 1;
    ui->sel.path.sq[0] = sq;
    ui->sel.path.jump[0] = 0;
    ui_select_update(&ui->game.g.pos, &ui->sel);
    ui->msg[0] = '\0';
}

static unsigned land(Ui *ui, CmSquare sq, uint64_t now)
{
    UiSelection *sel = &ui->sel;
    CmSquare last = sel->path.sq[sel->path.n - 1];
    if (sel->path.n >= CM_MAX_PATH)
        return UI_DRAW_STATUS;
    sel->path.sq[sel->path.n] = sq;
    sel->path.jump[sel->path.n] = (uint8_t)leap_is_jump(ui, last, sq);
    sel->path.n++;
    ui_select_update(&ui->game.g.pos, sel);
    ui->msg[0] = '\0';
    if (sel->complete && cm_set_empty(&sel->next))
        return commit(ui, &sel->move, now);
    return UI_DRAW_BOARD | UI_DRAW_STATUS;
}

static unsigned explain_attempt(Ui *ui, CmSquare sq, uint64_t now)
{
    char text[CM_MAX_PATH * 4 + 8], a[4];
    size_t len;
    CmError err;
    CmMove m;
    CmSquare last = ui->sel.path.sq[ui->sel.path.n - 1];
    int jump = leap_is_jump(ui, last, sq);

    path_text(&ui->sel.path, text, sizeof text);
    len = strlen(text);
    snprintf(text + len, sizeof text - len, "%c%s", jump ? 'x' : '-', cm_square_name(sq, a));
    cm_error_init(&err, NULL);
    if (cm_move_parse(&ui->game.g.pos, text, &m, &err) == CM_OK)
        return commit(ui, &m, now);
    ui_message(ui, UI_ROLE_ERROR, "%s is illegal: %s.", text, err.msg);
    return UI_DRAW_STATUS;
}

/* Enter (or a click) on square 'sq' of the board. */
static unsigned act_select(Ui *ui, CmSquare sq, uint64_t now)
{
    const CmVariant *v = variant(ui);
    UiSelection *sel = &ui->sel;
    char why[UI_MSG_MAX];

    if (ui->game.outcome.over) {
        ui->mode = UI_MODE_OVER;
        return UI_DRAW_ALL;
    }
    if (!game_human_to_move(&ui->game)) {
        int s = ui->game.g.pos.to_move;
        ui_message(ui, UI_ROLE_NORMAL, "It is %s's turn: the engine is thinking (m makes it "
                                       "move now).",
                   v->seat[s].name);
        return UI_DRAW_STATUS;
    }
    if (!sel->active) {
        if (cm_set_has(&ui->movable, sq)) {
            pick(ui, sq);
            return UI_DRAW_BOARD | UI_DRAW_STATUS;
        }
        why_not_pickable(ui, sq, why, sizeof why);
        ui_message(ui, UI_ROLE_ERROR, "%s", why);
        return UI_DRAW_STATUS;
    }
    CmSquare last = sel->path.sq[sel->path.n - 1];
    if (cm_set_has(&sel->next, sq))
        return land(ui, sq, now);
    if (sq == last) {
        if (sel->complete)
            return commit(ui, &sel->move, now);
        if (sel->path.n == 1) {
            clear_selection(ui);
            ui_message(ui, UI_ROLE_NORMAL, "Move dropped.");
            return UI_DRAW_BOARD | UI_DRAW_STATUS;
        }
        char text[CM_MAX_PATH * 4];
        CmError err;
        CmMove m;
        path_text(&sel->path, text, sizeof text);
        cm_error_init(&err, NULL);
        if (cm_move_parse(&ui->game.g.pos, text, &m, &err) == CM_OK)
            return commit(ui, &m, now);
        ui_message(ui, UI_ROLE_ERROR, "You cannot stop on %s: %s.", cm_square_name(sq, why),
                   err.msg);
        return UI_DRAW_STATUS;
    }
    if (sel->path.n == 1 && cm_set_has(&ui->movable, sq)) {
        pick(ui, sq);
        return UI_DRAW_BOARD | UI_DRAW_STATUS;
    }
    if (!cm_variant_on(v, sq)) {
        ui_message(ui, UI_ROLE_ERROR, "That is not a square of the board.");
        return UI_DRAW_STATUS;
    }
    return explain_attempt(ui, sq, now);
}

static unsigned act_back(Ui *ui)
{
    if (!ui->sel.active)
        return 0;
    if (ui->sel.path.n > 1) {
        ui->sel.path.n--;
        ui_select_update(&ui->game.g.pos, &ui->sel);
    } else {
        clear_selection(ui);
    }
    ui->msg[0] = '\0';
    return UI_DRAW_BOARD | UI_DRAW_STATUS;
}

/* ---- Whole-game actions -------------------------------------------------------------------- */

static unsigned act_undo(Ui *ui, uint64_t now)
{
    int n = game_undo(&ui->game, now);
    if (n == 0) {
        ui_message(ui, UI_ROLE_ERROR, "There is no move to take back.");
        return UI_DRAW_STATUS;
    }
    position_changed(ui);
    ui->mode = UI_MODE_PLAY;
    ui_message(ui, UI_ROLE_NORMAL, "Took back %d move%s (r redoes).", n, n == 1 ? "" : "s");
    return UI_DRAW_ALL;
}

static unsigned act_redo(Ui *ui, uint64_t now)
{
    int n = game_redo(&ui->game, now);
    if (n == 0) {
        ui_message(ui, UI_ROLE_ERROR, "There is no move to redo.");
        return UI_DRAW_STATUS;
    }
    position_changed(ui);
    if (ui->game.outcome.over)
        ui->mode = UI_MODE_OVER;
    ui_message(ui, UI_ROLE_NORMAL, "Played %d move%s again.", n, n == 1 ? "" : "s");
    return UI_DRAW_ALL;
}

static unsigned act_save(Ui *ui, uint64_t now)
{
    char path[4200];
    CmError err;
    if (ui->host.save_dir[0] == '\0') {
        ui_message(ui, UI_ROLE_ERROR, "Games cannot be saved: there is no data directory.");
        return UI_DRAW_STATUS;
    }
    game_save_path(&ui->game, ui->host.save_dir, path, sizeof path);
    if (game_save(&ui->game, path, now, &err) != CM_OK) {
        char msg[300];
        cm_error_format(&err, msg, sizeof msg);
        ui_message(ui, UI_ROLE_ERROR, "Not saved: %s", msg);
    } else {
        ui_message(ui, UI_ROLE_GOOD, "Saved to %s", path);
    }
    return UI_DRAW_STATUS;
}

static unsigned act_load(Ui *ui)
{
    if (ui->host.save_dir[0] == '\0') {
        ui_message(ui, UI_ROLE_ERROR, "There is no data directory to load games from.");
        return UI_DRAW_STATUS;
    }
    if (ui->saves == NULL) {
        ui->saves = malloc(UI_MAX_SAVES * sizeof *ui->saves);
        if (ui->saves == NULL)
            return 0;
    }
    ui->nsaves = game_list_saves(ui->host.save_dir, ui->saves, UI_MAX_SAVES);
    if (ui->nsaves == 0) {
        ui_message(ui, UI_ROLE_ERROR, "No saved games in %s.", ui->host.save_dir);
        return UI_DRAW_STATUS;
    }
    ui->save_pick = 0;
    ui->mode = UI_MODE_LOAD;
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

static unsigned load_picked(Ui *ui)
{
    Game g;
    CmError err;
    char auto_path[4200];
    const char *path = ui->saves[ui->save_pick].path;
    if (game_load(path, ui->host.resolve, ui->host.ud, ui->host.eng, ui->host.save_dir, &g,
                  &err) != CM_OK) {
        char msg[300];
        cm_error_format(&err, msg, sizeof msg);
        ui->mode = UI_MODE_PLAY;
        ui_message(ui, UI_ROLE_ERROR, "Cannot load: %s", msg);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    }
    game_autosave_path(ui->host.save_dir, auto_path, sizeof auto_path);
    g.autosave_fresh = strcmp(auto_path, path) != 0;
    if (ui->host.eng == NULL)
        for (int s = 0; s < g.v->nseats; s++)
            g.setup.seat[s].kind = GAME_HUMAN;
    replace_game(ui, &g);
    ui_message(ui, UI_ROLE_GOOD, "Loaded %s (%d moves).", path, ui->game.g.n);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

static void open_rules(Ui *ui)
{
    free(ui->page);
    ui->page = ui_rules_text(variant(ui), ui->lay.cols - 2);
    ui->page_lines = 0;
    for (const char *p = ui->page; p && *p; p++)
        ui->page_lines += *p == '\n';
    ui->page_top = 0;
    ui->page_back = ui->mode;
    ui->mode = UI_MODE_RULES;
}

static void review_to(Ui *ui, int ply)
{
    if (ply < 0)
        ply = 0;
    if (ply > ui->game.g.n)
        ply = ui->game.g.n;
    ui->review_ply = ply;
    position_before(&ui->game, ply, &ui->review_pos);
    set_last(ui, ply);
}

static unsigned act_review(Ui *ui)
{
    ui->review_back_over = ui->mode == UI_MODE_OVER;
    game_cancel_search(&ui->game);
    clear_selection(ui);
    ui->mode = UI_MODE_REVIEW;
    review_to(ui, ui->game.outcome.over ? 0 : ui->game.g.n);
    ui_message(ui, UI_ROLE_NORMAL, "Review: Left and Right step through the moves, Esc returns.");
    return UI_DRAW_ALL;
}

/* ---- The new-game form --------------------------------------------------------------------- */

static int form_fields(const UiForm *f)
{
    return f->v->nseats + 3; /* variant, seats, time, start */
}

static void form_variant(Ui *ui, int idx)
{
    UiForm *f = &ui->form;
    CmError err;
    const CmVariant *v;
    if (ui->host.nvariants == 0)
        return;
    idx = (idx % ui->host.nvariants + ui->host.nvariants) % ui->host.nvariants;
    v = ui->host.resolve(ui->host.ud, ui->host.variants[idx], &err);
    if (v == NULL) {
        snprintf(f->error, sizeof f->error, "%.60s: %.130s", ui->host.variants[idx], err.msg);
        return;
    }
    f->variant = idx;
    f->v = v;
    f->error[0] = '\0';
    GameSetup keep = f->setup;
    game_setup_default(&f->setup, v, ui->host.variants[idx]);
    f->setup.time_base_ms = keep.time_base_ms;
    f->setup.time_inc_ms = keep.time_inc_ms;
    if (f->field >= form_fields(f))
        f->field = form_fields(f) - 1;
}

static void open_form(Ui *ui)
{
    UiForm *f = &ui->form;
    memset(f, 0, sizeof *f);
    f->v = variant(ui);
    f->setup = ui->game.setup;
    f->variant = -1;
    for (int i = 0; i < ui->host.nvariants; i++)
        if (strcmp(ui->host.variants[i], f->setup.variant) == 0 ||
            strcmp(ui->host.variants[i], f->v->name) == 0)
            f->variant = i;
    for (int i = 0; i < NTIME; i++)
        if (time_controls[i].base_ms == f->setup.time_base_ms &&
            time_controls[i].inc_ms == f->setup.time_inc_ms)
            f->time = i;
    ui->mode = UI_MODE_NEWGAME;
}

/* Seat choices: 0 = human, 1 .. 10 = engine levels. */
static void form_change(Ui *ui, int d)
{
    UiForm *f = &ui->form;
    int nseats = f->v->nseats;
    if (f->field == 0) {
        form_variant(ui, f->variant < 0 ? 0 : f->variant + d);
    } else if (f->field <= nseats) {
        GameSeatSetup *s = &f->setup.seat[f->field - 1];
        int c = s->kind == GAME_HUMAN ? 0 : s->level;
        c = ((c + d) % 11 + 11) % 11;
        if (c > 0 && ui->host.eng == NULL)
            c = 0;
        s->kind = c == 0 ? GAME_HUMAN : GAME_ENGINE;
        if (c > 0)
            s->level = c;
    } else if (f->field == nseats + 1) {
        f->time = ((f->time + d) % NTIME + NTIME) % NTIME;
        f->setup.time_base_ms = time_controls[f->time].base_ms;
        f->setup.time_inc_ms = time_controls[f->time].inc_ms;
    }
}

static unsigned form_start(Ui *ui)
{
    UiForm *f = &ui->form;
    Game g;
    if (game_new(&g, f->v, &f->setup, ui->host.eng, ui->host.save_dir) != CM_OK) {
        snprintf(f->error, sizeof f->error, "out of memory");
        return UI_DRAW_ALL;
    }
    replace_game(ui, &g);
    ui_message(ui, UI_ROLE_GOOD, "New game of %s.", ui->game.v->title);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

/* ---- Keys ---------------------------------------------------------------------------------- */

static unsigned play_action(Ui *ui, UiAction act, uint64_t now)
{
    const CmVariant *v = variant(ui);
    switch (act) {
    case UI_ACT_UP:
    case UI_ACT_DOWN:
    case UI_ACT_LEFT:
    case UI_ACT_RIGHT: {
        int dx = act == UI_ACT_LEFT ? -1 : act == UI_ACT_RIGHT ? 1 : 0;
        int dy = act == UI_ACT_UP ? -1 : act == UI_ACT_DOWN ? 1 : 0;
        ui->cursor = ui_cursor_step(v, &ui->lay, ui->cursor, dx, dy);
        return UI_DRAW_BOARD | UI_DRAW_STATUS;
    }
    case UI_ACT_SELECT:
        return act_select(ui, ui->cursor, now);
    case UI_ACT_CANCEL:
        if (ui->sel.active) {
            clear_selection(ui);
            ui_message(ui, UI_ROLE_NORMAL, "Move dropped.");
            return UI_DRAW_BOARD | UI_DRAW_STATUS;
        }
        if (ui->has_hint) {
            ui->has_hint = 0;
            ui->msg[0] = '\0';
            return UI_DRAW_BOARD | UI_DRAW_STATUS;
        }
        ui->msg[0] = '\0';
        return UI_DRAW_STATUS;
    case UI_ACT_BACK:
        return act_back(ui);
    case UI_ACT_TYPE_MOVE:
        if (!game_human_to_move(&ui->game)) {
            ui_message(ui, UI_ROLE_ERROR, ui->game.outcome.over ? "The game is over."
                                                                : "Wait for your turn.");
            return UI_DRAW_STATUS;
        }
        clear_selection(ui);
        ui->mode = UI_MODE_LINE;
        ui->line[0] = '\0';
        ui->line_len = 0;
        return UI_DRAW_BOARD | UI_DRAW_STATUS;
    case UI_ACT_RULES:
        open_rules(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_HINT:
        if (ui->host.eng == NULL) {
            ui_message(ui, UI_ROLE_ERROR, "There is no engine to ask for a hint.");
        } else if (!game_human_to_move(&ui->game)) {
            ui_message(ui, UI_ROLE_ERROR, "Hints are for a person's turn.");
        } else if (game_hint(&ui->game)) {
            ui_message(ui, UI_ROLE_NORMAL, "Looking for a good move...");
        }
        return UI_DRAW_STATUS | UI_DRAW_PANEL;
    case UI_ACT_NEW:
        open_form(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_UNDO:
        return act_undo(ui, now);
    case UI_ACT_REDO:
        return act_redo(ui, now);
    case UI_ACT_SAVE:
        return act_save(ui, now);
    case UI_ACT_LOAD:
        return act_load(ui);
    case UI_ACT_QUIT:
        game_cancel_search(&ui->game);
        game_autosave(&ui->game, now);
        return UI_QUIT;
    case UI_ACT_MOVE_NOW:
        if (!game_move_now(&ui->game))
            ui_message(ui, UI_ROLE_ERROR, "No engine is thinking about a move.");
        else
            ui_message(ui, UI_ROLE_NORMAL, "The engine moves now.");
        return UI_DRAW_STATUS;
    case UI_ACT_HIGHLIGHT:
        ui->opt.highlight = !ui->opt.highlight;
        ui_message(ui, UI_ROLE_NORMAL, "Teaching highlights %s.", ui->opt.highlight ? "on"
                                                                                   : "off");
        return UI_DRAW_ALL;
    case UI_ACT_FLIP:
        ui->opt.flip = !ui->opt.flip;
        relayout(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_REVIEW:
        return act_review(ui);
    case UI_ACT_SCROLL_UP:
        ui->moves_scroll += 5;
        return UI_DRAW_PANEL;
    case UI_ACT_SCROLL_DOWN:
        ui->moves_scroll = ui->moves_scroll > 5 ? ui->moves_scroll - 5 : 0;
        return UI_DRAW_PANEL;
    default:
        return 0;
    }
}

static unsigned line_action(Ui *ui, UiAction act, int key, uint64_t now)
{
    switch (act) {
    case UI_ACT_CHAR:
        if (ui->line_len + 1 < (int)sizeof ui->line) {
            ui->line[ui->line_len++] = (char)key;
            ui->line[ui->line_len] = '\0';
        }
        return UI_DRAW_STATUS;
    case UI_ACT_BACK:
        if (ui->line_len > 0)
            ui->line[--ui->line_len] = '\0';
        return UI_DRAW_STATUS;
    case UI_ACT_CANCEL:
        ui->mode = UI_MODE_PLAY;
        ui->msg[0] = '\0';
        return UI_DRAW_STATUS;
    case UI_ACT_SELECT: {
        CmError err;
        CmMove m;
        if (ui->line_len == 0) {
            ui->mode = UI_MODE_PLAY;
            return UI_DRAW_STATUS;
        }
        if (!game_human_to_move(&ui->game)) {
            ui->mode = UI_MODE_PLAY;
            return UI_DRAW_STATUS;
        }
        cm_error_init(&err, NULL);
        if (cm_move_parse(&ui->game.g.pos, ui->line, &m, &err) != CM_OK) {
            if (err.code == CM_ERR_ILLEGAL)
                ui_message(ui, UI_ROLE_ERROR, "%s is illegal: %s.", ui->line, err.msg);
            else
                ui_message(ui, UI_ROLE_ERROR, "Not a move: %s.", err.msg);
            return UI_DRAW_STATUS;
        }
        ui->mode = UI_MODE_PLAY;
        ui->line[0] = '\0';
        ui->line_len = 0;
        return commit(ui, &m, now);
    }
    default:
        return 0;
    }
}

static unsigned page_action(Ui *ui, UiAction act)
{
    int page = ui->lay.rows - 3 > 1 ? ui->lay.rows - 3 : 1;
    int last = ui->page_lines - page > 0 ? ui->page_lines - page : 0;
    switch (act) {
    case UI_ACT_UP:
        ui->page_top--;
        break;
    case UI_ACT_DOWN:
        ui->page_top++;
        break;
    case UI_ACT_SCROLL_UP:
        ui->page_top -= page;
        break;
    case UI_ACT_SCROLL_DOWN:
        ui->page_top += page;
        break;
    case UI_ACT_HOME:
        ui->page_top = 0;
        break;
    case UI_ACT_END:
        ui->page_top = last;
        break;
    case UI_ACT_CANCEL:
        ui->mode = ui->page_back;
        free(ui->page);
        ui->page = NULL;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return 0;
    }
    if (ui->page_top > last)
        ui->page_top = last;
    if (ui->page_top < 0)
        ui->page_top = 0;
    return UI_DRAW_ALL;
}

static unsigned form_action(Ui *ui, UiAction act)
{
    UiForm *f = &ui->form;
    int n = form_fields(f);
    switch (act) {
    case UI_ACT_UP:
    case UI_ACT_PREV_FIELD:
        f->field = (f->field + n - 1) % n;
        break;
    case UI_ACT_DOWN:
    case UI_ACT_NEXT_FIELD:
        f->field = (f->field + 1) % n;
        break;
    case UI_ACT_LEFT:
        form_change(ui, -1);
        break;
    case UI_ACT_RIGHT:
        form_change(ui, 1);
        break;
    case UI_ACT_SELECT:
        return form_start(ui);
    case UI_ACT_CANCEL:
        ui->mode = ui->game.outcome.over ? UI_MODE_OVER : UI_MODE_PLAY;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return 0;
    }
    return UI_DRAW_ALL;
}

static unsigned load_action(Ui *ui, UiAction act)
{
    switch (act) {
    case UI_ACT_UP:
        if (ui->save_pick > 0)
            ui->save_pick--;
        break;
    case UI_ACT_DOWN:
        if (ui->save_pick + 1 < ui->nsaves)
            ui->save_pick++;
        break;
    case UI_ACT_SCROLL_UP:
        ui->save_pick = ui->save_pick > 10 ? ui->save_pick - 10 : 0;
        break;
    case UI_ACT_SCROLL_DOWN:
        ui->save_pick = ui->save_pick + 10 < ui->nsaves ? ui->save_pick + 10 : ui->nsaves - 1;
        break;
    case UI_ACT_HOME:
        ui->save_pick = 0;
        break;
    case UI_ACT_END:
        ui->save_pick = ui->nsaves - 1;
        break;
    case UI_ACT_SELECT:
        return load_picked(ui);
    case UI_ACT_CANCEL:
        ui->mode = ui->game.outcome.over ? UI_MODE_OVER : UI_MODE_PLAY;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return 0;
    }
    return UI_DRAW_ALL;
}

static unsigned over_action(Ui *ui, UiAction act, uint64_t now)
{
    switch (act) {
    case UI_ACT_NEW:
        open_form(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_REVIEW:
        return act_review(ui);
    case UI_ACT_QUIT:
        game_autosave(&ui->game, now);
        return UI_QUIT;
    case UI_ACT_UNDO:
        return act_undo(ui, now);
    case UI_ACT_SAVE:
        return act_save(ui, now);
    case UI_ACT_LOAD:
        return act_load(ui);
    case UI_ACT_RULES:
        open_rules(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_CANCEL:
        ui->mode = UI_MODE_PLAY;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_SCROLL_UP:
    case UI_ACT_SCROLL_DOWN:
        return play_action(ui, act, now);
    default:
        return 0;
    }
}

static unsigned review_action(Ui *ui, UiAction act, uint64_t now)
{
    switch (act) {
    case UI_ACT_LEFT:
        review_to(ui, ui->review_ply - 1);
        break;
    case UI_ACT_RIGHT:
        review_to(ui, ui->review_ply + 1);
        break;
    case UI_ACT_HOME:
        review_to(ui, 0);
        break;
    case UI_ACT_END:
        review_to(ui, ui->game.g.n);
        break;
    case UI_ACT_CANCEL:
        ui->mode = ui->game.outcome.over && ui->review_back_over ? UI_MODE_OVER : UI_MODE_PLAY;
        set_last(ui, ui->game.g.n);
        ui->msg[0] = '\0';
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_NEW:
        open_form(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_FLIP:
        ui->opt.flip = !ui->opt.flip;
        relayout(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_RULES:
        open_rules(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_QUIT:
        game_autosave(&ui->game, now);
        return UI_QUIT;
    default:
        return 0;
    }
    ui->moves_scroll = 0;
    return UI_DRAW_ALL;
}

unsigned ui_handle_key(Ui *ui, int key, uint64_t now)
{
    UiAction act = ui_key_action(ui->mode, key);
    if (act == UI_ACT_REDRAW || act == UI_ACT_RESIZE)
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    /* A terminal too small for the board shows no board to act on: only quitting works. */
    if (ui->lay.too_small && act != UI_ACT_QUIT && ui->mode != UI_MODE_RULES)
        return 0;
    if (act == UI_ACT_QUIT && ui->mode != UI_MODE_PLAY && ui->mode != UI_MODE_OVER &&
        ui->mode != UI_MODE_REVIEW) {
        game_autosave(&ui->game, now);
        return UI_QUIT;
    }
    switch (ui->mode) {
    case UI_MODE_PLAY:
        return play_action(ui, act, now);
    case UI_MODE_LINE:
        return line_action(ui, act, key, now);
    case UI_MODE_RULES:
        return page_action(ui, act);
    case UI_MODE_NEWGAME:
        return form_action(ui, act);
    case UI_MODE_LOAD:
        return load_action(ui, act);
    case UI_MODE_OVER:
        return over_action(ui, act, now);
    case UI_MODE_REVIEW:
        return review_action(ui, act, now);
    default:
        return 0;
    }
}

unsigned ui_handle_click(Ui *ui, int y, int x, uint64_t now)
{
    CmSquare sq;
    if (ui->mode != UI_MODE_PLAY || ui->lay.too_small || !ui_layout_hit(&ui->lay, y, x, &sq))
        return 0;
    if (!cm_variant_on(variant(ui), sq))
        return 0;
    ui->cursor = sq;
    return act_select(ui, sq, now) | UI_DRAW_BOARD;
}

unsigned ui_tick(Ui *ui, uint64_t now)
{
    unsigned flags = 0;
    if (ui->mode == UI_MODE_REVIEW)
        return 0; /* the game waits while it is reviewed */
    unsigned ev = game_tick(&ui->game, now);
    if (ev & GAME_EV_MOVED) {
        int mode_line = ui->mode == UI_MODE_LINE;
        position_changed(ui);
        if (mode_line && !game_human_to_move(&ui->game))
            ui->mode = UI_MODE_PLAY;
        if (ui->game.g.n > 0 && ui->nmoves == ui->game.g.n && !(ev & GAME_EV_OVER)) {
            const UiMoveText *t = &ui->moves[ui->game.g.n - 1];
            ui_message(ui, UI_ROLE_NORMAL, "%s played %s.", variant(ui)->seat[t->seat].name,
                       t->text);
        }
        flags |= UI_DRAW_ALL;
    }
    if (ev & GAME_EV_OVER) {
        if (ui->mode == UI_MODE_PLAY || ui->mode == UI_MODE_LINE)
            ui->mode = UI_MODE_OVER;
        flags |= UI_DRAW_ALL;
    }
    if (ev & GAME_EV_HINT) {
        char text[CM_MAX_PATH * 4];
        cm_move_str(&ui->game.g.pos, &ui->game.hint, text, sizeof text);
        ui->has_hint = cm_movegen_canonical(&ui->game.g.pos, &ui->game.hint,
                                            &ui->hint_path) == CM_OK;
        ui_message(ui, UI_ROLE_GOOD, "Hint: %s (marked on the board; Esc hides it).", text);
        flags |= UI_DRAW_BOARD | UI_DRAW_STATUS;
    }
    if (ev & GAME_EV_PROGRESS)
        ui_pv_text(&ui->game.info_pos, &ui->game.info, ui->pv_text, sizeof ui->pv_text);
    if (ev & (GAME_EV_PROGRESS | GAME_EV_CLOCK | GAME_EV_THINKING))
        flags |= UI_DRAW_PANEL | UI_DRAW_STATUS;
    if (ev & GAME_EV_SAVE_FAILED) {
        ui_message(ui, UI_ROLE_ERROR, "Autosave failed: %s", ui->game.save_error);
        flags |= UI_DRAW_STATUS;
    }
    return flags;
}
