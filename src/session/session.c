/* Games with seats: whose turn it is, clocks, taking moves back and playing them again, and
 * the engine searches a game needs.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "clock.h"
#include "io/io.h"
#include "session_int.h"
#include "camelot/grow.h"

#define REDO_FIRST 32         /* first room in the redo list */
#define TENTHS_BELOW_MS 10000 /* a clock shows tenths of a second below this */

/* ---- Starting and ending --------------------------------------------------------------- */

void session_init(Session *s, const SessionEnv *env)
{
    memset(s, 0, sizeof *s);
    s->env = *env;
    if (s->env.data_dir != NULL && s->env.data_dir[0] == '\0')
        s->env.data_dir = NULL;
    s->forfeit = -1;
    s->resigned = -1;
    s->offer_from = -1;
    s->offer_asking = -1;
    s->offer_declined = -1;
    s->info_seat = -1;
    s->lock_fd = -1;
    s->backend = &session_here;
}

/* What a session keeps from one game to the next: its environment, its autosave, its notice
 * and its pace. */
typedef struct Kept {
    SessionEnv env;
    int slot, lock_fd;
    char notice[SESSION_NOTICE_MAX];
    uint64_t pace_ms;
} Kept;

static void keep(const Session *s, Kept *k)
{
    k->env = s->env;
    k->slot = s->slot;
    k->lock_fd = s->lock_fd;
    memcpy(k->notice, s->notice, sizeof k->notice);
    k->pace_ms = s->pace_ms;
}

static void restore(Session *s, const Kept *k)
{
    s->env = k->env;
    s->slot = k->slot;
    s->lock_fd = k->lock_fd;
    memcpy(s->notice, k->notice, sizeof s->notice);
    s->pace_ms = k->pace_ms;
}

/* Frees the game, keeping what a session keeps. */
static void end_game(Session *s)
{
    Kept k;
    if (!s->active)
        return;
    session_cancel_search(s);
    cm_game_free(&s->g);
    free(s->redo);
    for (int i = 0; i < s->ntexts; i++)
        free(s->texts[i]);
    free(s->texts);
    keep(s, &k);
    session_init(s, &k.env);
    restore(s, &k);
}

void session_adopt(Session *s, Session *next)
{
    Kept k;
    end_game(s);
    keep(s, &k);
    if (next->notice[0])
        memcpy(k.notice, next->notice, sizeof k.notice);
    *s = *next;
    restore(s, &k);
}

CmStatus session_start(Session *s, const CmVariant *v, const SessionSetup *setup,
                       const CmPosition *start)
{
    end_game(s);
    if (cm_game_init(&s->g, v, start) != CM_OK)
        return CM_ERR_NOMEM;
    s->active = 1;
    s->v = v;
    s->setup = *setup;
    if (s->env.engine == NULL)
        setup_all_human(&s->setup);
    s->outcome = s->g.outcome;
    for (int seat = 0; seat < CM_MAX_SEATS; seat++) {
        s->clock[seat] = setup->time_base_ms;
        s->clock_shown[seat] = -1;
    }
    s->autosave_fresh = 1;
    s->seed = clock_ms() * 2654435761u + 12345u;
    return CM_OK;
}

void session_free(Session *s)
{
    end_game(s);
    io_unlock(s->lock_fd);
    s->lock_fd = -1;
    s->slot = 0;
}

/* ---- Seats and clocks ------------------------------------------------------------------ */

int session_seat_human(const Session *s, int seat)
{
    return s->setup.seat[seat].kind == SEAT_HUMAN;
}

int session_human_to_move(const Session *s)
{
    return !s->outcome.over && session_seat_human(s, s->g.pos.to_move);
}

int session_humans(const Session *s)
{
    int n = 0;
    for (int seat = 0; seat < s->v->nseats; seat++)
        n += session_seat_human(s, seat);
    return n;
}

static int timed(const Session *s)
{
    return s->setup.time_base_ms > 0;
}

/* Whether 'seat' has made a move in the game. Looked for from the last ply back: a seat that
 * is to move and has moved is found within a turn of the seats. */
/* Whether the clock of the seat to move runs: not before that seat's first move (the rule of
 * the core's, cm_clock_started, which the server keeps too), not while the game is paused,
 * nor while an engine's move waits for the pace. */
static int clock_runs(const Session *s)
{
    return !s->paused && !s->has_held && cm_clock_started(&s->g, s->g.pos.to_move);
}

int64_t session_clock_left(const Session *s, int seat, uint64_t now)
{
    int64_t left = s->clock[seat];
    if (timed(s) && !s->outcome.over && seat == s->g.pos.to_move && s->turn_t0 != 0 &&
        now > s->turn_t0 && clock_runs(s))
        left -= (int64_t)(now - s->turn_t0);
    return left;
}

/* Charges the seat to move for the time since its clock started (when it runs), and restarts it
 * at 'now'. */
void session_charge_clock(Session *s, uint64_t now)
{
    if (!timed(s) || s->outcome.over)
        return;
    if (clock_runs(s) && s->turn_t0 != 0 && now > s->turn_t0)
        s->clock[s->g.pos.to_move] -= (int64_t)(now - s->turn_t0);
    s->turn_t0 = now;
}

void session_forfeit(Session *s)
{
    const CmVariant *v = s->v;
    int seat = s->g.pos.to_move;
    s->clock[seat] = 0;
    session_offer_drop(s);
    session_cancel_search(s);
    s->forfeit = seat;
    cm_outcome_off_board(v, cm_forfeit_winner(v, seat), &s->outcome);
}

/* ---- Moves ----------------------------------------------------------------------------- */

/* Forgets the texts of the plies from 'ply' on (taken back). */
static void trim_texts(Session *s, int ply)
{
    while (s->ntexts > ply)
        free(s->texts[--s->ntexts]);
}

void session_texts_trim(Session *s, int ply)
{
    trim_texts(s, ply);
}

/* Keeps 'text' as the text of the next ply, 'ntexts'. Returns 0 when out of memory. */
static int keep_text(Session *s, const char *text)
{
    if (cm_grow(&s->texts, &s->texts_cap, s->ntexts + 1, sizeof *s->texts, REDO_FIRST) != 0)
        return 0;
    size_t len = strlen(text) + 1;
    char *copy = malloc(len);
    if (copy == NULL)
        return 0;
    memcpy(copy, text, len);
    s->texts[s->ntexts++] = copy;
    return 1;
}

const char *session_move_text(Session *s, int ply)
{
    if (ply < 0 || ply >= s->g.n)
        return NULL;
    if (ply >= s->ntexts) {
        /* One replay from the first ply not kept (a loaded game's). */
        CmPosition p;
        CmOutcome o;
        CmUndo u;
        char text[CM_MOVE_TEXT_MAX];
        session_position_before(s, s->ntexts, &p);
        while (s->ntexts <= ply) {
            const CmMove *m = &s->g.ply[s->ntexts].move;
            cm_move_str(&p, m, text, sizeof text);
            if (!keep_text(s, text))
                return NULL;
            cm_pos_apply(&p, m, &u);
            cm_rules_settle(&p, &o);
        }
    }
    return s->texts[ply];
}

/* Plays 'm', whose canonical text is 'known' when not NULL. */
static CmStatus play(Session *s, const CmMove *m, const char *known, uint64_t now, int from_redo)
{
    if (s->outcome.over)
        return CM_ERR_ILLEGAL;
    int mover = s->g.pos.to_move;
    /* The mover's clock after the move is the core's rule (cm_clock_after_move), as on a
     * server: what it had, less what it used, and the increment, for a move whose clock ran
     * (not a first move, not one paused or held for the pace). */
    int runs = timed(s) && clock_runs(s);
    int64_t left = s->clock[mover];
    int64_t used = runs && s->turn_t0 != 0 && now > s->turn_t0 ? (int64_t)(now - s->turn_t0) : 0;
    char text[CM_MOVE_TEXT_MAX];
    session_charge_clock(s, now);
    trim_texts(s, s->g.n);
    if (s->ntexts == s->g.n && known != NULL)
        snprintf(text, sizeof text, "%s", known);
    else if (s->ntexts == s->g.n)
        cm_move_str(&s->g.pos, m, text, sizeof text);
    if (cm_game_play(&s->g, m) != CM_OK)
        return CM_ERR_NOMEM;
    if (s->ntexts == s->g.n - 1)
        keep_text(s, text); /* out of memory: worked out again when asked for */
    if (runs)
        s->clock[mover] = cm_clock_after_move(left, used, s->setup.time_inc_ms, 1);
    s->outcome = s->g.outcome;
    if (!from_redo) {
        if (s->nredo > 0 && cm_move_same(&s->redo[s->nredo - 1], m))
            s->nredo--;
        else
            s->nredo = 0;
    }
    session_offer_drop(s);
    session_cancel_search(s);
    s->has_hint = 0;
    s->has_held = 0;
    s->hurry = 0;
    s->moved_at = now;
    session_hint_forget(s);
    return CM_OK;
}

void session_hint_forget(Session *s)
{
    s->has_hint = 0;
    if (s->info_purpose == ENGINE_JOB_HINT)
        s->info_seat = -1;
}

/* 'session_play' of a move whose text is 'known' (NULL: not known). */
static CmStatus play_known(Session *s, const CmMove *m, const char *known, uint64_t now)
{
    CmStatus st = play(s, m, known, now, 0);
    if (st == CM_OK)
        session_autosave(s, now);
    return st;
}

CmStatus session_play(Session *s, const CmMove *m, uint64_t now)
{
    return session_backend(s)->play(s, m, now);
}

static CmStatus here_play(Session *s, const CmMove *m, uint64_t now)
{
    return play_known(s, m, NULL, now);
}

/* Whether undo goes back to a person's turn: some seats are people's and some the engine's. */
static int undo_to_person(const Session *s)
{
    int humans = session_humans(s);
    return humans > 0 && humans < s->v->nseats;
}

static int push_redo(Session *s, const CmMove *m)
{
    if (cm_grow(&s->redo, &s->redo_cap, s->nredo + 1, sizeof *s->redo, REDO_FIRST) != 0)
        return 0;
    s->redo[s->nredo++] = *m;
    return 1;
}

int session_undo(Session *s, uint64_t now)
{
    return session_backend(s)->undo(s, now);
}

static int here_undo(Session *s, uint64_t now)
{
    int undone = 0, to_person = undo_to_person(s);

    session_offer_drop(s);
    session_charge_clock(s, now);
    session_cancel_search(s);
    while (s->g.n > 0) {
        CmPly *p = &s->g.ply[s->g.n - 1];
        int seat = p->seat;
        if (!push_redo(s, &p->move))
            break;
        cm_game_undo(&s->g);
        trim_texts(s, s->g.n);
        undone++;
        if (!to_person || session_seat_human(s, seat))
            break;
    }
    if (undone == 0)
        return 0;
    s->outcome = s->g.outcome;
    s->forfeit = -1;
    s->resigned = -1;
    s->agreed = 0;
    memset(s->draw_calm, 0, sizeof s->draw_calm);
    s->has_hint = 0;
    s->has_held = 0;
    s->hurry = 0;
    s->info_seat = -1;
    s->turn_t0 = now;
    s->moved_at = now;
    session_autosave(s, now);
    return undone;
}

int session_redo(Session *s, uint64_t now)
{
    return session_backend(s)->redo(s, now);
}

static int here_redo(Session *s, uint64_t now)
{
    int redone = 0, to_person = undo_to_person(s);

    while (s->nredo > 0 && !s->outcome.over) {
        CmMove m = s->redo[s->nredo - 1];
        s->nredo--;
        if (play(s, &m, NULL, now, 1) != CM_OK)
            break;
        redone++;
        if (!to_person || session_human_to_move(s) || s->outcome.over)
            break;
    }
    if (redone)
        session_autosave(s, now);
    return redone;
}

void session_position_before(const Session *s, int ply, CmPosition *out)
{
    CmOutcome o;
    CmUndo u;
    *out = s->g.start;
    cm_rules_settle(out, &o);
    for (int k = 0; k < ply && k < s->g.n; k++) {
        cm_pos_apply(out, &s->g.ply[k].move, &u);
        cm_rules_settle(out, &o);
    }
}

/* ---- The engine ------------------------------------------------------------------------ */

void session_cancel_search(Session *s)
{
    if (s->searching && s->env.engine != NULL)
        engine_thread_cancel(s->env.engine, s->ticket);
    s->searching = 0;
}

void session_job_init(Session *s, EngineJob *job, int purpose)
{
    memset(job, 0, sizeof *job);
    job->v = s->v;
    job->pos = s->g.pos;
    job->history = s->g.hashes;
    job->nhistory = s->g.n + 1;
    job->purpose = purpose;
    job->seed = s->seed++;
}

static void start_search(Session *s, int purpose)
{
    int seat = s->g.pos.to_move;
    EngineJob job;
    session_job_init(s, &job, purpose);
    if (purpose == ENGINE_JOB_HINT) {
        job.level = CM_ENGINE_LEVELS;
        job.time_ms = SESSION_HINT_MS;
    } else {
        job.level = s->setup.seat[seat].level;
        job.time_ms =
            cm_engine_think_ms(job.level, timed(s) ? s->clock[seat] : -1, s->setup.time_inc_ms);
    }
    if (engine_thread_start(s->env.engine, &job, &s->ticket) != CM_OK)
        return;
    s->searching = purpose;
    s->search_seat = seat;
    s->info_seq = 0;
    s->info_seat = -1;
}

int session_move_now(Session *s)
{
    if (s->has_held && !s->paused) {
        s->hurry = 1;
        return 1;
    }
    if (s->searching != ENGINE_JOB_MOVE)
        return 0;
    engine_thread_stop(s->env.engine, s->ticket);
    return 1;
}

int session_hint(Session *s)
{
    if (s->env.engine == NULL || !session_human_to_move(s) || s->offer_from >= 0 || s->paused)
        return 0;
    if (s->searching == ENGINE_JOB_HINT)
        return 1;
    start_search(s, ENGINE_JOB_HINT);
    return s->searching == ENGINE_JOB_HINT;
}

/* ---- Pace and pause -------------------------------------------------------------------- */

int session_pause(Session *s, int on, uint64_t now)
{
    if (!s->active || !on == !s->paused || (on && s->outcome.over))
        return 0;
    return session_backend(s)->pause(s, on, now);
}

static int here_pause(Session *s, int on, uint64_t now)
{
    if (on) {
        session_charge_clock(s, now);
        session_cancel_search(s);
        s->paused = 1;
    } else {
        s->paused = 0;
        s->turn_t0 = now;
    }
    return 1;
}

void session_set_pace(Session *s, uint64_t ms)
{
    s->pace_ms = ms > SESSION_PACE_MAX_MS ? SESSION_PACE_MAX_MS : ms;
}

int session_paced(const Session *s)
{
    return s->active && !s->outcome.over && session_humans(s) == 0;
}

/* Whether an engine's move found at 'now' waits for the pace. */
static int pace_due(const Session *s, uint64_t now)
{
    return s->hurry || !session_paced(s) || now >= s->moved_at + s->pace_ms;
}

/* ---- Time ------------------------------------------------------------------------------ */

/* The clock of the seat to move: what the clocks show, and a loss on time. */
unsigned session_tick_clocks(Session *s, uint64_t now)
{
    unsigned ev = 0;
    if (s->turn_t0 == 0)
        s->turn_t0 = now;
    for (int seat = 0; seat < s->v->nseats; seat++) {
        int64_t left = session_clock_left(s, seat, now);
        /* What the clock shows: tenths under ten seconds (kept apart by an offset), else
         * seconds. */
        int shown = left <= 0                ? 0
                    : left < TENTHS_BELOW_MS ? (int)(left / 100) + 1000000
                                             : (int)((left + 999) / 1000);
        if (shown != s->clock_shown[seat]) {
            s->clock_shown[seat] = shown;
            ev |= SESSION_EV_CLOCK;
        }
    }
    /* A game on a server loses on time when the server says so. */
    if (!session_backend(s)->server_clocks && session_clock_left(s, s->g.pos.to_move, now) <= 0) {
        session_forfeit(s);
        session_autosave(s, now);
        ev |= SESSION_EV_OVER | SESSION_EV_MOVED | SESSION_EV_THINKING |
              (s->save_error[0] ? SESSION_EV_SAVE_FAILED : 0);
    }
    return ev;
}

/* Keeps the engine's last iteration for the position it searched. */
static void keep_info(Session *s, const CmSearchInfo *info, const char *pv_text, int purpose)
{
    memcpy(s->pv_text, pv_text, sizeof s->pv_text);
    s->info = *info;
    s->info_seat = s->search_seat;
    s->info_purpose = purpose;
    s->info_pos = s->g.pos;
}

unsigned session_search_done(Session *s, const EngineDone *done, uint64_t now)
{
    unsigned ev = SESSION_EV_THINKING;
    int purpose = s->searching;
    s->searching = 0;
    if (purpose == ENGINE_JOB_DRAW)
        return ev | session_offer_tick(s, done, now);
    if (done->result.info.depth > 0) {
        keep_info(s, &done->result.info, done->pv_text, purpose);
        ev |= SESSION_EV_PROGRESS;
    }
    if (!done->result.has_move || done->result.seat != s->g.pos.to_move)
        return ev;
    if (purpose == ENGINE_JOB_MOVE && !session_seat_human(s, s->g.pos.to_move) &&
        !pace_due(s, now)) {
        /* Too soon for the pace: the move waits, and the clocks with it. */
        session_charge_clock(s, now);
        s->held = *done;
        s->has_held = 1;
    } else if (purpose == ENGINE_JOB_MOVE && !session_seat_human(s, s->g.pos.to_move)) {
        int over = s->outcome.over, seat = s->g.pos.to_move;
        const CmSearchInfo *info = &done->result.info;
        if (play_known(s, &done->result.move, done->text[0] ? done->text : NULL, now) == CM_OK) {
            /* The score was for the seat that moved: draw offers look at a run of them. */
            s->draw_calm[seat] = cm_engine_draw_calm(s->draw_calm[seat], info);
            ev |= SESSION_EV_MOVED;
            if (!over && s->outcome.over)
                ev |= SESSION_EV_OVER;
            if (s->save_error[0])
                ev |= SESSION_EV_SAVE_FAILED;
        }
    } else if (purpose == ENGINE_JOB_HINT) {
        /* The move of the last completed iteration, whose score and line 'info' holds: a
         * search stopped inside an iteration may play another move found there, but a hint
         * shows its score and line beside it. */
        const CmSearchInfo *info = &done->result.info;
        s->hint = info->depth > 0 && info->npv > 0 ? info->pv[0] : done->result.move;
        s->hint_ply = s->g.n;
        s->has_hint = 1;
        ev |= SESSION_EV_HINT;
    }
    return ev;
}

/* The engine's news: an iteration completed, or the search finished. */
unsigned session_tick_engine(Session *s, uint64_t now)
{
    unsigned ev = 0;
    CmSearchInfo info;
    EngineDone done;
    char pv[TEXT_PV_MAX];
    unsigned seq = engine_thread_progress(s->env.engine, s->ticket, &info, pv);
    if (seq != 0 && seq != s->info_seq && s->searching != ENGINE_JOB_DRAW) {
        s->info_seq = seq;
        keep_info(s, &info, pv, s->searching);
        ev |= SESSION_EV_PROGRESS;
    }
    if (engine_thread_take(s->env.engine, &done) && done.ticket == s->ticket)
        ev |= session_search_done(s, &done, now);
    return ev;
}

/* Plays the engine's move that waited for the pace, when its time has come. */
static unsigned tick_held(Session *s, uint64_t now)
{
    if (!pace_due(s, now))
        return 0;
    EngineDone done = s->held;
    s->has_held = 0;
    s->turn_t0 = now; /* the clock stood still while the move waited */
    s->searching = ENGINE_JOB_MOVE;
    return session_search_done(s, &done, now);
}

unsigned session_tick(Session *s, uint64_t now)
{
    if (!s->active)
        return 0;
    return session_backend(s)->tick(s, now);
}

static unsigned here_tick(Session *s, uint64_t now)
{
    unsigned ev = 0;
    if (s->save_error[0] && s->save_retry_at != 0 && now >= s->save_retry_at &&
        session_autosave(s, now) == CM_OK)
        ev |= SESSION_EV_SAVED;
    if (s->moved_at == 0)
        s->moved_at = now;
    if (s->paused)
        return ev;
    if (timed(s) && !s->outcome.over) {
        ev |= session_tick_clocks(s, now);
        if (s->outcome.over)
            return ev;
    }
    if (s->env.engine == NULL)
        return ev;
    if (s->searching)
        ev |= session_tick_engine(s, now);
    if (s->offer_from >= 0 && !s->searching)
        ev |= session_offer_tick(s, NULL, now);
    if (s->has_held)
        ev |= tick_held(s, now);
    /* An engine to move starts thinking. */
    if (!s->searching && !s->has_held && !s->outcome.over &&
        !session_seat_human(s, s->g.pos.to_move)) {
        start_search(s, ENGINE_JOB_MOVE);
        ev |= SESSION_EV_THINKING;
    }
    return ev;
}

/* ---- The backend of a game here --------------------------------------------------------- */

const SessionBackend session_here = {
    .server_clocks = 0,
    .play = here_play,
    .undo = here_undo,
    .redo = here_redo,
    .pause = here_pause,
    .tick = here_tick,
    .resigner = session_here_resigner,
    .resign = session_here_resign,
    .undo_ending = session_here_undo_ending,
    .offer_draw = session_here_offer_draw,
    .answer_draw = session_here_answer_draw,
    .sentence = session_here_sentence,
};
