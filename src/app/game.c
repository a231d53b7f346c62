/* Games with seats: who plays each seat (a person or the engine at a level), whose turn it is,
 * clocks, taking moves back and playing them again, and the engine searches a game needs.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"

/* ---- Setups ------------------------------------------------------------------------------ */

void game_setup_default(GameSetup *s, const CmVariant *v, const char *variant_ref)
{
    memset(s, 0, sizeof *s);
    snprintf(s->variant, sizeof s->variant, "%s", variant_ref ? variant_ref : v->name);
    for (int i = 0; i < CM_MAX_SEATS; i++) {
        s->seat[i].kind = i == 0 ? GAME_HUMAN : GAME_ENGINE;
        s->seat[i].level = GAME_DEFAULT_LEVEL;
    }
}

static int parse_level(const char *t, int *level)
{
    if (t[0] >= '1' && t[0] <= '9' && t[1] == '\0') {
        *level = t[0] - '0';
        return 1;
    }
    if (strcmp(t, "10") == 0) {
        *level = 10;
        return 1;
    }
    return 0;
}

int game_setup_seat(GameSetup *s, const CmVariant *v, const char *spec, char *why, size_t size)
{
    const char *eq = strchr(spec, '=');
    int level = GAME_DEFAULT_LEVEL;

    if (eq == NULL || eq - spec != 1) {
        snprintf(why, size, "bad seat '%s' (expected e.g. W=human or B=engine:7)", spec);
        return -1;
    }
    int seat = cm_variant_seat(v, spec[0]);
    if (seat < 0) {
        char letters[2 * CM_MAX_SEATS + 1];
        int n = 0;
        for (int i = 0; i < v->nseats; i++) {
            letters[n++] = v->seat[i].letter;
            letters[n++] = i + 1 < v->nseats ? ',' : '\0';
        }
        snprintf(why, size, "%s has no seat '%c' (its seats are %s)", v->title, spec[0], letters);
        return -1;
    }
    const char *what = eq + 1;
    if (strcmp(what, "human") == 0 || strcmp(what, "h") == 0) {
        s->seat[seat].kind = GAME_HUMAN;
        return 0;
    }
    if (strncmp(what, "engine", 6) == 0 && (what[6] == '\0' || what[6] == ':')) {
        if (what[6] == ':' && !parse_level(what + 7, &level)) {
            snprintf(why, size, "bad engine level in '%s' (a level is 1 to 10)", spec);
            return -1;
        }
    } else if (!parse_level(what, &level)) {
        snprintf(why, size, "bad seat '%s' (expected human, engine or engine:LEVEL, 1-10)",
                 spec);
        return -1;
    }
    s->seat[seat].kind = GAME_ENGINE;
    s->seat[seat].level = level;
    return 0;
}

int game_parse_seconds(const char *t, const char *end, int64_t *out)
{
    int64_t v = 0, frac = 0, scale = 1000;
    const char *p = t;
    if (p == end)
        return 0;
    for (; p < end && *p >= '0' && *p <= '9'; p++) {
        v = v * 10 + (*p - '0');
        if (v > 100000)
            return 0;
    }
    if (p < end && *p == '.') {
        p++;
        for (; p < end && *p >= '0' && *p <= '9'; p++) {
            if (scale > 1) {
                scale /= 10;
                frac += (*p - '0') * scale;
            }
        }
    }
    if (p != end)
        return 0;
    *out = v * 1000 + frac;
    return 1;
}

int game_parse_time(const char *spec, int64_t *base_ms, int64_t *inc_ms)
{
    const char *plus = strchr(spec, '+');
    const char *end = spec + strlen(spec);
    int64_t base, inc = 0;

    if (!game_parse_seconds(spec, plus ? plus : end, &base))
        return -1;
    if (plus && !game_parse_seconds(plus + 1, end, &inc))
        return -1;
    base *= 60; /* minutes */
    if (base <= 0 && inc <= 0)
        return -1;
    if (base <= 0)
        base = inc;
    *base_ms = base;
    *inc_ms = inc;
    return 0;
}

void game_setup_seats_text(const GameSetup *s, const CmVariant *v, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < v->nseats && len < size; i++) {
        if (s->seat[i].kind == GAME_HUMAN)
            len += (size_t)snprintf(buf + len, size - len, "%s%c=human", i ? " " : "",
                                    v->seat[i].letter);
        else
            len += (size_t)snprintf(buf + len, size - len, "%s%c=engine:%d", i ? " " : "",
                                    v->seat[i].letter, s->seat[i].level);
    }
}

/* ---- Games ------------------------------------------------------------------------------- */

CmStatus game_new(Game *g, const CmVariant *v, const GameSetup *setup, GameEngine *eng,
                  const char *save_dir)
{
    memset(g, 0, sizeof *g);
    if (cm_game_init(&g->g, v, NULL) != CM_OK)
        return CM_ERR_NOMEM;
    g->v = v;
    g->setup = *setup;
    g->eng = eng;
    g->forfeit = -1;
    g->info_seat = -1;
    g->outcome = g->g.outcome;
    for (int s = 0; s < CM_MAX_SEATS; s++) {
        g->clock[s] = setup->time_base_ms;
        g->clock_shown[s] = -1;
    }
    if (save_dir != NULL)
        snprintf(g->save_dir, sizeof g->save_dir, "%s", save_dir);
    g->autosave_fresh = 1;
    g->seed = game_now_ms() * 2654435761u + 12345u;
    return CM_OK;
}

void game_free(Game *g)
{
    game_cancel_search(g);
    cm_game_free(&g->g);
    free(g->redo);
    g->redo = NULL;
    g->nredo = g->redo_cap = 0;
}

int game_seat_human(const Game *g, int s)
{
    return g->setup.seat[s].kind == GAME_HUMAN;
}

int game_human_to_move(const Game *g)
{
    return !g->outcome.over && game_seat_human(g, g->g.pos.to_move);
}

static int timed(const Game *g)
{
    return g->setup.time_base_ms > 0;
}

int64_t game_clock_left(const Game *g, int s, uint64_t now)
{
    int64_t left = g->clock[s];
    if (timed(g) && !g->outcome.over && s == g->g.pos.to_move && g->turn_t0 != 0 &&
        now > g->turn_t0)
        left -= (int64_t)(now - g->turn_t0);
    return left;
}

uint64_t game_think_ms(int level, int64_t left, int64_t inc)
{
    /* The levels below 10 stop at a small depth anyway; the cap only guards slow variants. */
    uint64_t cap = level >= 10 ? 5000 : level >= 8 ? 3000 : level >= 5 ? 2000 : 1000;
    if (left >= 0) {
        int64_t t = left / 25 + inc * 3 / 4;
        if (t > left / 2)
            t = left / 2;
        if (t < 20)
            t = 20;
        if ((uint64_t)t < cap)
            cap = (uint64_t)t;
    }
    return cap;
}

void game_cancel_search(Game *g)
{
    if (g->searching && g->eng != NULL)
        game_engine_cancel(g->eng, g->ticket);
    g->searching = 0;
}

/* Charges the seat to move for the time since its clock started, and restarts it at 'now'. */
static void charge_clock(Game *g, uint64_t now)
{
    if (!timed(g) || g->outcome.over)
        return;
    if (g->turn_t0 != 0 && now > g->turn_t0)
        g->clock[g->g.pos.to_move] -= (int64_t)(now - g->turn_t0);
    g->turn_t0 = now;
}

static CmStatus play(Game *g, const CmMove *m, uint64_t now, int from_redo)
{
    if (g->outcome.over)
        return CM_ERR_ILLEGAL;
    int mover = g->g.pos.to_move;
    charge_clock(g, now);
    if (cm_game_play(&g->g, m) != CM_OK)
        return CM_ERR_NOMEM;
    if (timed(g))
        g->clock[mover] += g->setup.time_inc_ms;
    g->outcome = g->g.outcome;
    if (!from_redo) {
        if (g->nredo > 0 && cm_move_same(&g->redo[g->nredo - 1], m))
            g->nredo--;
        else
            g->nredo = 0;
    }
    game_cancel_search(g);
    g->has_hint = 0;
    return CM_OK;
}

CmStatus game_play(Game *g, const CmMove *m, uint64_t now)
{
    CmStatus st = play(g, m, now, 0);
    if (st == CM_OK)
        game_autosave(g, now);
    return st;
}

static int any_human(const Game *g)
{
    for (int s = 0; s < g->v->nseats; s++)
        if (game_seat_human(g, s))
            return 1;
    return 0;
}

static int any_engine(const Game *g)
{
    for (int s = 0; s < g->v->nseats; s++)
        if (!game_seat_human(g, s))
            return 1;
    return 0;
}

static int push_redo(Game *g, const CmMove *m)
{
    if (g->nredo == g->redo_cap) {
        int cap = g->redo_cap ? g->redo_cap * 2 : 32;
        CmMove *r = realloc(g->redo, (size_t)cap * sizeof *r);
        if (r == NULL)
            return 0;
        g->redo = r;
        g->redo_cap = cap;
    }
    g->redo[g->nredo++] = *m;
    return 1;
}

int game_undo(Game *g, uint64_t now)
{
    int undone = 0;
    int to_person = any_human(g) && any_engine(g);

    game_cancel_search(g);
    charge_clock(g, now);
    while (g->g.n > 0) {
        CmPly *p = &g->g.ply[g->g.n - 1];
        int seat = p->seat;
        if (!push_redo(g, &p->move))
            break;
        cm_game_undo(&g->g);
        undone++;
        if (!to_person || game_seat_human(g, seat))
            break;
    }
    if (undone == 0)
        return 0;
    g->outcome = g->g.outcome;
    g->forfeit = -1;
    g->has_hint = 0;
    g->info_seat = -1;
    g->turn_t0 = now;
    game_autosave(g, now);
    return undone;
}

int game_redo(Game *g, uint64_t now)
{
    int redone = 0;
    int to_person = any_human(g) && any_engine(g);

    while (g->nredo > 0 && !g->outcome.over) {
        CmMove m = g->redo[g->nredo - 1];
        g->nredo--;
        if (play(g, &m, now, 1) != CM_OK)
            break;
        redone++;
        if (!to_person || game_human_to_move(g) || g->outcome.over)
            break;
    }
    if (redone)
        game_autosave(g, now);
    return redone;
}

static void start_search(Game *g, int purpose)
{
    int seat = g->g.pos.to_move;
    GameSearchJob job;
    memset(&job, 0, sizeof job);
    job.v = g->v;
    job.pos = g->g.pos;
    job.history = g->g.hashes;
    job.nhistory = g->g.n + 1;
    job.purpose = purpose;
    job.seed = g->seed++;
    if (purpose == GAME_SEARCH_HINT) {
        job.level = CM_ENGINE_LEVELS;
        job.time_ms = 1500;
    } else {
        job.level = g->setup.seat[seat].level;
        job.time_ms = game_think_ms(job.level, timed(g) ? g->clock[seat] : -1,
                                    g->setup.time_inc_ms);
    }
    if (game_engine_start(g->eng, &job, &g->ticket) != CM_OK)
        return;
    g->searching = purpose;
    g->search_seat = seat;
    g->info_seq = 0;
    g->info_seat = -1;
}

int game_move_now(Game *g)
{
    if (g->searching != GAME_SEARCH_MOVE)
        return 0;
    game_engine_stop(g->eng, g->ticket);
    return 1;
}

int game_hint(Game *g)
{
    if (g->eng == NULL || !game_human_to_move(g))
        return 0;
    if (g->searching == GAME_SEARCH_HINT)
        return 1;
    start_search(g, GAME_SEARCH_HINT);
    return g->searching == GAME_SEARCH_HINT;
}

void game_forfeit(Game *g)
{
    const CmVariant *v = g->v;
    int s = g->g.pos.to_move;
    g->clock[s] = 0;
    game_cancel_search(g);
    g->forfeit = s;
    memset(&g->outcome, 0, sizeof g->outcome);
    g->outcome.over = 1;
    g->outcome.winner = -1;
    g->outcome.reason = CM_REASON_NONE;
    if (v->nteams == 2) {
        int other = 1 - v->seat[s].team;
        g->outcome.winner = other;
        g->outcome.seats = v->team_seats[other];
    } else {
        g->outcome.draw = 1;
    }
}

unsigned game_tick(Game *g, uint64_t now)
{
    unsigned ev = 0;

    /* The clock of the seat to move. */
    if (timed(g) && !g->outcome.over) {
        if (g->turn_t0 == 0)
            g->turn_t0 = now;
        for (int s = 0; s < g->v->nseats; s++) {
            int64_t left = game_clock_left(g, s, now);
            /* What the clock shows: tenths under ten seconds, else seconds. */
            int shown = left <= 0 ? 0 : left < 10000 ? (int)(left / 100) + 1000000
                                                     : (int)((left + 999) / 1000);
            if (shown != g->clock_shown[s]) {
                g->clock_shown[s] = shown;
                ev |= GAME_EV_CLOCK;
            }
        }
        if (game_clock_left(g, g->g.pos.to_move, now) <= 0) {
            game_forfeit(g);
            game_autosave(g, now);
            return ev | GAME_EV_OVER | GAME_EV_MOVED | GAME_EV_THINKING |
                   (g->save_error[0] ? GAME_EV_SAVE_FAILED : 0);
        }
    }
    if (g->eng == NULL)
        return ev;

    /* The engine's news. */
    if (g->searching) {
        CmSearchInfo info;
        unsigned seq = game_engine_progress(g->eng, g->ticket, &info);
        if (seq != 0 && seq != g->info_seq) {
            g->info_seq = seq;
            g->info = info;
            g->info_seat = g->search_seat;
            g->info_pos = g->g.pos;
            ev |= GAME_EV_PROGRESS;
        }
        GameSearchDone done;
        if (game_engine_take(g->eng, &done)) {
            if (done.ticket == g->ticket) {
                int purpose = g->searching;
                g->searching = 0;
                ev |= GAME_EV_THINKING;
                if (done.result.info.depth > 0) {
                    g->info = done.result.info;
                    g->info_seat = g->search_seat;
                    g->info_pos = g->g.pos;
                    ev |= GAME_EV_PROGRESS;
                }
                if (done.result.has_move && done.result.seat == g->g.pos.to_move) {
                    if (purpose == GAME_SEARCH_MOVE &&
                        !game_seat_human(g, g->g.pos.to_move)) {
                        int over = g->outcome.over;
                        if (game_play(g, &done.result.move, now) == CM_OK) {
                            ev |= GAME_EV_MOVED;
                            if (!over && g->outcome.over)
                                ev |= GAME_EV_OVER;
                            if (g->save_error[0])
                                ev |= GAME_EV_SAVE_FAILED;
                        }
                    } else if (purpose == GAME_SEARCH_HINT) {
                        g->hint = done.result.move;
                        g->hint_ply = g->g.n;
                        g->has_hint = 1;
                        ev |= GAME_EV_HINT;
                    }
                }
            }
        }
    }

    /* An engine to move starts thinking. */
    if (!g->searching && !g->outcome.over && !game_seat_human(g, g->g.pos.to_move)) {
        start_search(g, GAME_SEARCH_MOVE);
        ev |= GAME_EV_THINKING;
    }
    return ev;
}
