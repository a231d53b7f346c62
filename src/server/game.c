/* The games a server owns (their requests are in game_req.c): their seats and who follows
 * them, their offers, their clocks (the server's own, with the lag a client reports forgiven
 * up to a quota that grows each move) and correspondence deadlines, their engine seats, and
 * their events, each stored before it is sent.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "server_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "camelot/record.h"
#include "session/rating.h"
#include "session/text.h"
#include "camelot/grow.h"

/* ---- Events ------------------------------------------------------------------------------ */

/* Whether a client attached as a spectator ('spectator') hears events for 'audience'. */
static int hears(int spectator, int audience)
{
    return audience == AUD_ALL || (audience == AUD_PLAYERS) == !spectator;
}

/* What the store keeps besides the event: who sits where, the status and the result. */
static CmStatus store_side(Server *s, SGame *g, const NetMsg *m, CmError *err)
{
    const NetGame *ng = &g->ng;
    const char *k = m->argv[0];
    if (strcmp(k, "create") == 0 || strcmp(k, "seat") == 0 || strcmp(k, "engine") == 0) {
        for (int seat = 0; seat < ng->v->nseats; seat++) {
            const NgSeat *st = &ng->seat[seat];
            CmStatus rc = store_game_player(s->store, ng->id, ng->v->seat[seat].letter,
                                            st->kind == NG_PLAYER ? st->name : NULL, err);
            if (rc != CM_OK)
                return rc;
        }
        return CM_OK;
    }
    if (strcmp(k, "start") == 0)
        return store_game_status(s->store, ng->id, "playing", NULL, NULL, s->utc, err);
    if (strcmp(k, "end") == 0)
        return store_game_status(s->store, ng->id, "over", ng->result, ng->termination, s->utc,
                                 err);
    return CM_OK;
}

static void rate(Server *s, SGame *g);
static void subs_refresh(Server *s, SGame *g);

int game_emit(Server *s, SGame *g, int audience, const char *fmt, ...)
{
    char body[NET_LINE_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof body - 40) {
        srv_log(s, "game %lld: an event too long to send", (long long)g->ng.id);
        return -1;
    }
    /* Nothing changes, in memory or in the store, when nothing may be written now. */
    if (srv_write_begin(s, g) != 0)
        return -1;
    NetMsg *m = &s->ev_msg;
    CmError err;
    cm_error_init(&err, NULL);
    int64_t seq = g->ng.seq + 1;
    if (net_msg_parse(m, body, (size_t)n, &err) != CM_OK ||
        netgame_apply(&g->ng, seq, m->argc, m->argv, m->rest, &err) != CM_OK) {
        srv_log(s, "game %lld: the event '%s' does not apply: %s", (long long)g->ng.id, body,
                err.msg);
        return -1;
    }
    if (store_event(s->store, g->ng.id, seq, audience, s->utc_ms, body, &err) != CM_OK ||
        store_side(s, g, m, &err) != CM_OK) {
        /* The game in memory is ahead of the store: the turn is rolled back, and the game read
         * again from the store. */
        srv_write_failed(s, &err);
        return -1;
    }
    LogEv *e = &g->log[g->nlog % SRV_LOG_KEEP];
    free(e->body);
    e->body = strdup(body);
    e->seq = seq;
    e->audience = audience;
    g->nlog++;
    srv_game_touch(s, g);
    for (int i = 0; i < g->nsubs; i++)
        if (hears(g->subs[i].spectator, audience))
            srv_sendf(s, g->subs[i].c, "ev %lld %lld %s", (long long)g->ng.id, (long long)seq,
                      body);
    const char *k = m->argv[0];
    /* The host's log has each game's start, end and rating changes (a turn that fails after
     * them is logged as rolled back). */
    if (strcmp(k, "start") == 0 || strcmp(k, "end") == 0 || strcmp(k, "rating") == 0)
        srv_log(s, "game %lld: %s", (long long)g->ng.id, body);
    if (strcmp(k, "create") == 0 || strcmp(k, "seat") == 0 || strcmp(k, "engine") == 0)
        subs_refresh(s, g);
    if (strcmp(k, "end") == 0) {
        g->over_at = s->now;
        g->turn_t0 = 0;
        rate(s, g);
        tourney_game_over(s, g);
    }
    return 0;
}

/* ---- Players who walk away --------------------------------------------------------------- */

int game_walked(Server *s, SGame *g, const char *name)
{
    if (srv_write_begin(s, g) != 0)
        return -1;
    CmError err;
    cm_error_init(&err, NULL);
    if (store_walkaway_add(s->store, name, s->utc, &err) != CM_OK) {
        srv_write_failed(s, &err);
        return -1;
    }
    srv_log(s, "game %lld: %s left it or let it be aborted", (long long)g->ng.id, name);
    return 0;
}

int game_held(Server *s, Client *c, const char *verb)
{
    if (c->guest) {
        srv_error(s, c, verb, "denied",
                  "guests play casual games only: sign up with a key for rated ones");
        return 1;
    }
    int n = 0;
    int64_t last = 0;
    CmError err;
    cm_error_init(&err, NULL);
    if (store_walkaways(s->store, c->name, s->utc - 86400, &n, &last, &err) != CM_OK) {
        srv_error(s, c, verb, "store", "%s", err.msg);
        return 1;
    }
    if (n < SRV_HOLD_AFTER)
        return 0;
    int64_t hold = SRV_HOLD_FIRST_S;
    for (int k = SRV_HOLD_AFTER; k < n && hold < SRV_HOLD_MAX_S; k++)
        hold *= 2;
    if (hold > SRV_HOLD_MAX_S)
        hold = SRV_HOLD_MAX_S;
    int64_t left = last + hold - s->utc;
    if (left <= 0)
        return 0;
    srv_error(s, c, verb, "held",
              "you left or let be aborted %d games in the last day: rated games again in %lld "
              "min (casual ones now)",
              n, (long long)((left + 59) / 60));
    return 1;
}

/* ---- Ratings ----------------------------------------------------------------------------- */

#define IDLE_PERIOD_S (7 * 86400) /* a week without a rated game is an idle rating period */

/* A rated game that ended: each person's new rating in its variant, stored and told. Engine
 * seats are met at their level's fixed rating; a game given up before it began rates nobody,
 * and so does one that ended before every seat had made a move (a resignation or a claim at
 * the start says nothing of how anyone plays, and would let ratings be farmed). */
static void rate(Server *s, SGame *g)
{
    const NetGame *ng = &g->ng;
    if (!ng->rated || strcmp(ng->result, "*") == 0)
        return;
    if (netgame_unrated_early(ng)) {
        srv_log(s, "game %lld: not rated: it ended before every seat had moved", (long long)ng->id);
        return;
    }
    RatingGame rg;
    memset(&rg, 0, sizeof rg);
    rg.nseats = ng->v->nseats;
    rg.winner = ng->outcome.draw || ng->outcome.winner < 0 ? RATING_NO_WINNER : ng->outcome.winner;
    StoreRating before[CM_MAX_SEATS];
    CmError err;
    cm_error_init(&err, NULL);
    for (int seat = 0; seat < rg.nseats; seat++) {
        const NgSeat *st = &ng->seat[seat];
        RatingSeat *rs = &rg.seat[seat];
        rs->team = ng->v->seat[seat].team;
        if (st->kind == NG_ENGINE) {
            rs->engine = true;
            rs->rating = rating_engine(st->level);
            continue;
        }
        if (st->kind != NG_PLAYER)
            return;
        /* The same person in two seats is one player: the id is the first seat's. */
        rs->player = netgame_seat_of(ng, st->name, NULL);
        int found = 0;
        if (store_rating_get(s->store, st->name, ng->variant, &before[seat], &found, &err) !=
            CM_OK) {
            srv_write_failed(s, &err);
            return;
        }
        if (found) {
            Rating r = {before[seat].rating, before[seat].rd, before[seat].vol};
            int64_t idle = (s->utc - before[seat].updated) / IDLE_PERIOD_S;
            rs->rating = rating_idle(&r, idle > 1000 ? 1000 : (int)idle);
        } else {
            rs->rating = rating_default();
            memset(&before[seat], 0, sizeof before[seat]);
        }
    }
    Rating out[RATING_MAX_SEATS];
    if (rating_game(&rg, out, &err) != CM_OK) {
        srv_log(s, "game %lld: not rated: %s", (long long)ng->id, err.msg);
        return;
    }
    for (int seat = 0; seat < rg.nseats; seat++) {
        const NgSeat *st = &ng->seat[seat];
        if (rg.seat[seat].engine || netgame_seat_of(ng, st->name, NULL) != seat)
            continue;
        StoreRating r = {out[seat].rating, out[seat].rd, out[seat].volatility,
                         before[seat].games + 1, s->utc};
        if (srv_write_begin(s, g) != 0)
            return;
        if (store_rating_put(s->store, st->name, ng->variant, &r, &err) != CM_OK) {
            srv_write_failed(s, &err);
            return;
        }
        game_emit(s, g, AUD_ALL, "rating %s %.0f %.0f", st->name, rg.seat[seat].rating.rating,
                  out[seat].rating);
    }
}

/* ---- Seats and people ------------------------------------------------------------------- */

int game_involves(const SGame *g, const char *name)
{
    for (int seat = 0; g->ng.v != NULL && seat < g->ng.v->nseats; seat++) {
        const NgSeat *st = &g->ng.seat[seat];
        if ((st->kind == NG_PLAYER || st->kind == NG_INVITED) && strcmp(st->name, name) == 0)
            return 1;
    }
    return 0;
}

/* The seats 'name' plays in 'g', as bits. */
unsigned game_seats(const SGame *g, const char *name)
{
    unsigned bits;
    netgame_seat_of(&g->ng, name, &bits);
    return bits;
}

int game_plays(const SGame *g, const char *name)
{
    return g->ng.v != NULL && game_seats(g, name) != 0;
}

static void presence(Server *s, SGame *g, Client *only);

/* Who sits where changed: each connection attached hears the players' chat or the watchers'
 * as its player now holds a seat or not, on every connection of theirs. */
static void subs_refresh(Server *s, SGame *g)
{
    for (int i = 0; i < g->nsubs; i++)
        g->subs[i].spectator = game_seats(g, g->subs[i].c->name) == 0;
    presence(s, g, NULL);
}

/* Whether someone plays seat 'seat' from a connection now. */
static int seat_present(const SGame *g, int seat)
{
    const NgSeat *st = &g->ng.seat[seat];
    if (st->kind != NG_PLAYER)
        return 0;
    for (int i = 0; i < g->nsubs; i++)
        if (!g->subs[i].spectator && strcmp(g->subs[i].c->name, st->name) == 0)
            return 1;
    return 0;
}

/* Tells everyone attached whether the players of the seats are connected, when that changed
 * ('force': tell 'only' the state of every seat). */
static void presence(Server *s, SGame *g, Client *only)
{
    for (int seat = 0; seat < g->ng.v->nseats; seat++) {
        if (g->ng.seat[seat].kind != NG_PLAYER)
            continue;
        int on = seat_present(g, seat);
        int was = g->gone_at[seat] == 0;
        if (on && !was)
            g->gone_at[seat] = 0;
        else if (!on && was)
            g->gone_at[seat] = s->now ? s->now : 1;
        if (only != NULL) {
            uint64_t away = on ? 0 : (s->now - g->gone_at[seat]) / 1000;
            srv_sendf(s, only, "presence %lld %c %s %llu", (long long)g->ng.id,
                      g->ng.v->seat[seat].letter, on ? "on" : "off", (unsigned long long)away);
        } else if (on != was) {
            for (int i = 0; i < g->nsubs; i++)
                srv_sendf(s, g->subs[i].c, "presence %lld %c %s 0", (long long)g->ng.id,
                          g->ng.v->seat[seat].letter, on ? "on" : "off");
        }
    }
}

int game_client_follows(const Client *c, const SGame *g)
{
    for (int i = 0; i < c->ngames; i++)
        if (c->games[i] == g)
            return 1;
    return 0;
}

/* ---- Attaching --------------------------------------------------------------------------- */

typedef struct SyncTo {
    Server *s;
    Client *c;
    int64_t id;
} SyncTo;

static int sync_line(void *ud, const char *line, size_t len)
{
    SyncTo *t = ud;
    srv_sendf(t->s, t->c, "sync %lld %.*s", (long long)t->id, (int)len, line);
    return t->c->closing ? -1 : 0;
}

typedef struct Replay {
    Server *s;
    Client *c;
    SGame *g;
    int spectator;
} Replay;

static int replay_event(void *ud, int64_t seq, int audience, int64_t at_ms, const char *body)
{
    Replay *r = ud;
    (void)at_ms;
    if (hears(r->spectator, audience))
        srv_sendf(r->s, r->c, "ev %lld %lld %s", (long long)r->g->ng.id, (long long)seq, body);
    return r->c->closing;
}

/* Whether 'c' may follow 'g': it does already, or follows fewer games than it may (and there
 * is memory for one more). Answers 'error VERB busy' when not. */
int game_attach_room(Server *s, Client *c, SGame *g, const char *verb)
{
    if (game_client_follows(c, g))
        return 1;
    if (c->ngames >= s->cfg.limit[LIMIT_FOLLOW]) {
        srv_sendf(s, c, "error %s busy a connection follows at most %lld games: 'close' one", verb,
                  (long long)s->cfg.limit[LIMIT_FOLLOW]);
        return 0;
    }
    if (cm_grow(&g->subs, &g->subcap, g->nsubs + 1, sizeof *g->subs, 4) != 0) {
        srv_sendf(s, c, "error %s busy out of memory", verb);
        return 0;
    }
    if (cm_grow(&c->games, &c->gamecap, c->ngames + 1, sizeof *c->games, 4) != 0) {
        srv_sendf(s, c, "error %s busy out of memory", verb);
        return 0;
    }
    return 1;
}

/* Attaches 'c' to 'g' (as a player when it holds a seat; 'game_attach_room' said it may) and sends
 * what it missed after 'since' (-1: the whole state). Returns 0, or -1 when the store could not
 * be read for it (the caller answers). */
int game_attach(Server *s, Client *c, SGame *g, int64_t since)
{
    int spectator = game_seats(g, c->name) == 0;
    int found = 0;
    for (int i = 0; i < g->nsubs; i++)
        if (g->subs[i].c == c) {
            g->subs[i].spectator = spectator;
            found = 1;
        }
    if (!found) {
        g->subs[g->nsubs++] = (Sub){c, spectator, s->tx_open ? s->tx_no : 0};
        c->games[c->ngames++] = g;
    }
    /* What it missed: the events after 'since' when they are fewer than the lines of the
     * whole state, from memory while the ring still holds them (it holds the last events of
     * every audience, numbered one after another), else from the store; otherwise the whole
     * state. */
    int kept = g->nlog < SRV_LOG_KEEP ? g->nlog : SRV_LOG_KEEP;
    int64_t first_kept = g->ng.seq - kept + 1;
    int64_t state_lines = 8 + g->ng.g.n / 100 + NETGAME_CHAT_KEEP;
    if (since < 0 || since > g->ng.seq || g->ng.seq - since > state_lines) {
        /* The whole state tells the clocks as of now: the seat to move has thought since its
         * turn began, which the last event's clocks do not count (a client that comes back
         * would show that seat's clock as if its turn began when the state came). */
        SyncTo t = {s, c, g->ng.id};
        NetGame *ng = &g->ng;
        int seat = ng->v != NULL ? ng->g.pos.to_move : 0;
        int64_t clock_kept = ng->clock[seat];
        if (ng->base_ms > 0 && ng->status == NG_PLAYING && g->turn_t0 != 0) {
            int64_t left = clock_kept - (int64_t)(s->now - g->turn_t0);
            ng->clock[seat] = left > 0 ? left : 0;
        }
        netgame_sync(ng, spectator, sync_line, &t);
        ng->clock[seat] = clock_kept;
    } else if (since + 1 >= first_kept) {
        for (int64_t seq = since + 1; seq <= g->ng.seq; seq++) {
            const LogEv *e = &g->log[(g->nlog - 1 - (int)(g->ng.seq - seq)) % SRV_LOG_KEEP];
            if (hears(spectator, e->audience))
                srv_sendf(s, c, "ev %lld %lld %s", (long long)g->ng.id, (long long)e->seq, e->body);
        }
    } else {
        Replay r = {s, c, g, spectator};
        CmError err;
        if (store_events(s->store, g->ng.id, since, replay_event, &r, &err) != CM_OK) {
            srv_log(s, "game %lld: its events cannot be read: %s", (long long)g->ng.id, err.msg);
            return -1;
        }
    }
    presence(s, g, NULL);
    presence(s, g, c);
    return 0;
}

void game_detach(Server *s, Client *c, SGame *g)
{
    for (int i = 0; i < g->nsubs; i++)
        if (g->subs[i].c == c) {
            g->subs[i] = g->subs[--g->nsubs];
            break;
        }
    for (int i = 0; i < c->ngames; i++)
        if (c->games[i] == g) {
            c->games[i] = c->games[--c->ngames];
            break;
        }
    if (g->ng.v != NULL)
        presence(s, g, NULL);
}

/* ---- Clocks --------------------------------------------------------------------------------- */

static int live(const SGame *g)
{
    return g->ng.base_ms > 0;
}

/* Whether the seat to move is a person's who has not made a first move in a live game: its
 * clock has not started, and the game is aborted when it waits too long (game_tick). */
static int waits_first_move(const SGame *g)
{
    int seat = g->ng.g.pos.to_move;
    return live(g) && g->ng.status == NG_PLAYING && g->ng.seat[seat].kind == NG_PLAYER &&
           !cm_clock_started(&g->ng.g, seat);
}

/* Whether the clock of the seat to move runs now, as far as whose turn it is goes: a person's
 * does from the turn's start, an engine seat's from its search's, and neither before that
 * seat's first move (cm_clock_started: the rule of the game here too). */
static int clock_starts(const SGame *g, int engine_searching)
{
    int seat = g->ng.g.pos.to_move;
    return cm_clock_started(&g->ng.g, seat) &&
           (g->ng.seat[seat].kind != NG_ENGINE || engine_searching);
}

/* Clocks as events write them, from 'clock' and 'deadline' rather than the game's. */
static void clocks_text(const SGame *g, const int64_t *clock, int64_t deadline, char *buf,
                        size_t size)
{
    NetGame tmp;
    tmp.v = g->ng.v;
    tmp.days = g->ng.days;
    tmp.base_ms = g->ng.base_ms;
    tmp.deadline = deadline;
    memcpy(tmp.clock, clock, sizeof tmp.clock);
    netgame_clocks_text(&tmp, buf, size);
}

/* Clocks for the turn that begins now: the deadline of a correspondence game moves on. */
static int64_t next_deadline(Server *s, const SGame *g)
{
    return g->ng.days > 0 ? s->utc + (int64_t)g->ng.days * 86400 : 0;
}

/* The result of a game that ends off the board with 'winner' (a team, -1: none). */
static void off_board(const SGame *g, int winner, CmOutcome *o, char *result, size_t size)
{
    cm_outcome_off_board(g->ng.v, winner, o);
    cm_result_str(g->ng.v, o, result, size);
}

int game_end(Server *s, SGame *g, int winner, const char *termination, const char *sentence)
{
    CmOutcome o;
    char result[16];
    off_board(g, winner, &o, result, sizeof result);
    if (winner < 0 && strcmp(termination, "aborted") == 0)
        snprintf(result, sizeof result, "*");
    return game_emit(s, g, AUD_ALL, "end %s %s %s", result, termination, sentence);
}

/* The seat to move ran out of time. Returns 0, or -1 when the end could not be written. */
static int flag(Server *s, SGame *g)
{
    const CmVariant *v = g->ng.v;
    int seat = g->ng.g.pos.to_move;
    int winner = cm_forfeit_winner(v, seat);
    CmOutcome o;
    char result[16], sentence[200];
    off_board(g, winner, &o, result, sizeof result);
    text_outcome_sentence(v, &o, seat, seat, sentence, sizeof sentence);
    return game_emit(s, g, AUD_ALL, "end %s time %s", result, sentence);
}

void game_turn_record(Server *s, SGame *g)
{
    if (g->ng.v == NULL || g->ng.base_ms <= 0 || g->ng.status != NG_PLAYING)
        return;
    int64_t ms = g->turn_t0 != 0 ? s->utc_ms - (int64_t)(s->now - g->turn_t0) : 0;
    if (srv_write_begin(s, g) != 0)
        return;
    CmError err;
    cm_error_init(&err, NULL);
    if (store_turn_put(s->store, g->ng.id, ms, &err) != CM_OK)
        srv_write_failed(s, &err);
}

/* A turn begins: a person's clock runs from now; an engine seat's stays stopped until its
 * search begins (game_engines), so that the time it waits for an engine thread, behind other
 * games, is nobody's; and no seat's before its first move. */
static void turn_begins(Server *s, SGame *g)
{
    g->turn_t0 = clock_starts(g, 0) ? s->now : 0;
    g->first_t0 = waits_first_move(g) ? s->now : 0;
    game_turn_record(s, g);
}

/* After a move: the board's end, or the next turn's clock. */
static void after_move(Server *s, SGame *g)
{
    const CmGame *cg = &g->ng.g;
    if (cg->outcome.over) {
        char result[16], sentence[200];
        cm_result_str(g->ng.v, &cg->outcome, result, sizeof result);
        text_outcome_sentence(g->ng.v, &cg->outcome, -1, cg->pos.to_move, sentence,
                              sizeof sentence);
        game_emit(s, g, AUD_ALL, "end %s %s %s", result, cm_reason_name(cg->outcome.reason),
                  sentence);
        return;
    }
    turn_begins(s, g);
}

/* Plays 'm' for the seat to move at 'now': 'think' is the thinking time its client reports
 * (-1 for an engine), 'id' the move's id. Returns 0, 1 when the seat had run out of time (the
 * game ended instead), -1 when the event could not be made. */
int game_play(Server *s, SGame *g, const CmMove *m, const char *id, int64_t think)
{
    NetGame *ng = &g->ng;
    int seat = ng->g.pos.to_move;
    int64_t clock[CM_MAX_SEATS];
    memcpy(clock, ng->clock, sizeof clock);
    int64_t quota = g->quota[seat];
    /* A seat's first move costs no time and earns no increment. */
    if (live(g) && cm_clock_started(&ng->g, seat)) {
        int64_t elapsed = g->turn_t0 ? (int64_t)(s->now - g->turn_t0) : 0;
        int64_t used = elapsed;
        if (think >= 0) {
            /* What the network took: the time the server counted beyond the time the client
             * says it thought, forgiven up to the seat's quota. A client that lies gains at
             * most the quota; an honest one on a slow link loses nothing while it lasts. */
            int64_t lag = elapsed - think;
            int64_t comp = lag < 0 ? 0 : lag < quota ? lag : quota;
            quota -= comp;
            used = elapsed - comp;
            quota += SRV_QUOTA_GAIN_MS;
            if (quota > SRV_QUOTA_MAX_MS)
                quota = SRV_QUOTA_MAX_MS;
        }
        if (used > clock[seat]) {
            flag(s, g);
            return 1;
        }
        clock[seat] = cm_clock_after_move(clock[seat], used, ng->inc_ms, 1);
    }
    char text[CM_MOVE_TEXT_MAX], clocks[200];
    cm_move_str(&ng->g.pos, m, text, sizeof text);
    clocks_text(g, clock, next_deadline(s, g), clocks, sizeof clocks);
    if (game_emit(s, g, AUD_ALL, "move %d %s %s %s", ng->g.n, text, id, clocks) != 0)
        return -1;
    g->quota[seat] = quota;
    after_move(s, g);
    return 0;
}

/* ---- Engines -------------------------------------------------------------------------------- */

static void engine_queue(Server *s, SGame *g, int purpose, int seat)
{
    if (g->engine >= 0 || g->queued)
        return;
    if (cm_grow(&s->waiting, &s->waitcap, s->nwaiting + 1, sizeof *s->waiting, 16) != 0) {
        /* Tried again when the games are next looked at, within a second. */
        if (s->tick_at > s->now + 1000)
            s->tick_at = s->now + 1000;
        return;
    }
    s->waiting[s->nwaiting++] = g;
    g->queued = 1;
    g->engine_purpose = purpose;
    g->engine_seat = seat;
}

/* Whether a person plays a seat of 'g'. */
static int has_person(const SGame *g)
{
    for (int k = 0; k < g->ng.v->nseats; k++)
        if (g->ng.seat[k].kind == NG_PLAYER)
            return 1;
    return 0;
}

void game_engines(Server *s)
{
    for (int i = 0; i < s->nengines && s->nwaiting > 0; i++) {
        if (s->eng_game[i] != NULL)
            continue;
        /* First come, first served, but a game of engines alone (engine entrants of a
         * tournament) lets a game of a person go first, nobody waiting for it: a few times
         * each turn, so that it is never held up for good. */
        int pick = 0;
        while (pick < s->nwaiting && !has_person(s->waiting[pick]) &&
               s->waiting[pick]->passed < SRV_ENGINE_PASSES)
            pick++;
        if (pick == s->nwaiting)
            pick = 0;
        for (int k = 0; k < pick; k++)
            s->waiting[k]->passed++;
        SGame *g = s->waiting[pick];
        g->passed = 0;
        memmove(s->waiting + pick, s->waiting + pick + 1,
                (size_t)(s->nwaiting - pick - 1) * sizeof *s->waiting);
        s->nwaiting--;
        g->queued = 0;
        if (g->ng.status != NG_PLAYING)
            continue;
        int seat = g->engine_seat;
        EngineJob job;
        memset(&job, 0, sizeof job);
        job.v = g->ng.v;
        job.pos = g->ng.g.pos;
        job.history = g->ng.g.hashes;
        job.nhistory = g->ng.g.n + 1;
        job.level = g->ng.seat[seat].level;
        job.purpose = g->engine_purpose;
        job.seed = (uint64_t)g->ng.id * 1000003u + (uint64_t)g->ng.g.n;
        int64_t t0 = g->turn_t0 != 0 ? (int64_t)g->turn_t0 : (int64_t)s->now;
        if (job.purpose == ENGINE_JOB_DRAW) {
            job.time_ms = CM_ENGINE_DRAW_MS;
        } else {
            int64_t left = live(g) ? g->ng.clock[seat] - ((int64_t)s->now - t0) : -1;
            job.time_ms = cm_engine_think_ms(job.level, left, g->ng.inc_ms);
        }
        if (engine_thread_start(s->eng[i], &job, &g->ticket) != CM_OK) {
            srv_game_touch(s, g); /* to be queued again */
            continue;
        }
        s->eng_game[i] = g;
        g->engine = i;
        /* The engine seat's clock runs from the moment its own search begins. */
        if (job.purpose == ENGINE_JOB_MOVE && g->turn_t0 == 0 && g->ng.g.pos.to_move == seat &&
            clock_starts(g, 1)) {
            g->turn_t0 = s->now;
            game_turn_record(s, g);
        }
    }
}

/* The engine seat 'seat' answers the offer under way. */
static void engine_answer(Server *s, SGame *g, int seat, int yes)
{
    game_emit(s, g, AUD_ALL, "answer %c %s", g->ng.v->seat[seat].letter, yes ? "yes" : "no");
}

void game_engine_done(Server *s, SGame *g, const EngineDone *done)
{
    NetGame *ng = &g->ng;
    if (ng->status != NG_PLAYING)
        return;
    int seat = g->engine_seat;
    if (done->purpose == ENGINE_JOB_DRAW) {
        if (ng->offer != NG_OFFER_DRAW || (ng->offer_yes & (1u << seat)))
            return;
        /* The search was of the seat to move: its score is for that seat's team. */
        int score = done->result.info.depth > 0 ? done->result.info.score : 0;
        if (ng->v->seat[ng->g.pos.to_move].team != ng->v->seat[seat].team)
            score = -score;
        engine_answer(s, g, seat,
                      cm_engine_draw_accepts(score, g->draw_calm[seat], ng->g.n, ng->v->nseats));
        game_offer_settle(s, g);
        return;
    }
    if (ng->g.pos.to_move != seat || ng->seat[seat].kind != NG_ENGINE || !done->result.has_move ||
        done->result.seat != seat)
        return;
    char id[24];
    snprintf(id, sizeof id, "e%d", ng->g.n);
    /* The engine's score for its side, kept for its answers to draw offers, as a session's. */
    int calm = cm_engine_draw_calm(g->draw_calm[seat], &done->result.info);
    if (game_play(s, g, &done->result.move, id, -1) == 0)
        g->draw_calm[seat] = calm;
}

/* ---- Offers ---------------------------------------------------------------------------------- */

/* The seats whose yes an offer needs: every seat for a draw or a takeback; the resigning
 * team's other seats for a resignation. */
unsigned game_offer_needs(const SGame *g)
{
    const NetGame *ng = &g->ng;
    if (ng->offer == NG_OFFER_RESIGN)
        return ng->v->team_seats[ng->v->seat[ng->offer_from].team];
    return (1u << ng->v->nseats) - 1;
}

/* The takeback's target: the ply before the last move of the asker's seats, -1 for none. */
int game_takeback_ply(const SGame *g, unsigned seats)
{
    const CmGame *cg = &g->ng.g;
    for (int i = cg->n - 1; i >= 0; i--)
        if (seats & (1u << cg->ply[i].seat))
            return i;
    return -1;
}

/* Ends the offer when everyone needed has said yes; asks the engines that must answer. */
void game_offer_settle(Server *s, SGame *g)
{
    NetGame *ng = &g->ng;
    if (ng->offer == NG_OFFER_NONE || ng->status != NG_PLAYING)
        return;
    unsigned need = game_offer_needs(g);
    /* Seats of the one who offered, and engine seats that need no thought, say yes now. */
    for (int seat = 0; seat < ng->v->nseats; seat++) {
        if (!(need & (1u << seat)) || (ng->offer_yes & (1u << seat)))
            continue;
        const NgSeat *st = &ng->seat[seat];
        const NgSeat *from = &ng->seat[ng->offer_from];
        int same =
            st->kind == NG_PLAYER && from->kind == NG_PLAYER && strcmp(st->name, from->name) == 0;
        if (same || (st->kind == NG_ENGINE && ng->offer != NG_OFFER_DRAW)) {
            engine_answer(s, g, seat, 1);
            if (ng->offer == NG_OFFER_NONE)
                return;
        } else if (st->kind == NG_ENGINE) {
            engine_queue(s, g, ENGINE_JOB_DRAW, seat);
            return;
        }
    }
    if ((ng->offer_yes & need) != need)
        return;
    const CmVariant *v = ng->v;
    NgOfferKind kind = ng->offer;
    int from = ng->offer_from;
    if (kind == NG_OFFER_DRAW) {
        game_end(s, g, -1, "agreement", "Draw agreed.");
    } else if (kind == NG_OFFER_RESIGN) {
        int winner = v->nteams == 2 ? 1 - v->seat[from].team : -1;
        char who[96], sentence[300];
        CmOutcome o;
        char result[16];
        off_board(g, winner, &o, result, sizeof result);
        text_seat_names(v, v->team_seats[v->seat[from].team], who, sizeof who);
        if (winner < 0) {
            snprintf(sentence, sizeof sentence, "%s resigns: the game ends with no winner.", who);
        } else {
            char won[96];
            text_seat_names(v, o.seats, won, sizeof won);
            snprintf(sentence, sizeof sentence, "%s resign%s. %s win%s.", who,
                     __builtin_popcount(v->team_seats[v->seat[from].team]) > 1 ? "" : "s", won,
                     __builtin_popcount(o.seats) > 1 ? "" : "s");
        }
        game_emit(s, g, AUD_ALL, "end %s resignation %s", result, sentence);
    } else {
        int ply = game_takeback_ply(g, 1u << from | game_seats(g, ng->seat[from].name));
        if (ply < 0)
            ply = ng->g.n;
        char clocks[200];
        netgame_clocks_text(ng, clocks, sizeof clocks);
        if (g->engine >= 0) {
            engine_thread_cancel(s->eng[g->engine], g->ticket);
            s->eng_game[g->engine] = NULL;
            g->engine = -1;
        }
        if (game_emit(s, g, AUD_ALL, "takeback %d %s", ply, clocks) != 0)
            return;
        turn_begins(s, g);
        memset(g->draw_calm, 0, sizeof g->draw_calm);
    }
}

/* Starts the game when no seat waits for a player. */
void game_maybe_start(Server *s, SGame *g)
{
    NetGame *ng = &g->ng;
    if (ng->status != NG_WAITING)
        return;
    for (int seat = 0; seat < ng->v->nseats; seat++)
        if (ng->seat[seat].kind == NG_OPEN || ng->seat[seat].kind == NG_INVITED)
            return;
    int64_t clock[CM_MAX_SEATS];
    for (int seat = 0; seat < CM_MAX_SEATS; seat++)
        clock[seat] = ng->base_ms;
    char clocks[200];
    clocks_text(g, clock, next_deadline(s, g), clocks, sizeof clocks);
    if (game_emit(s, g, AUD_ALL, "start %s", clocks) == 0) {
        turn_begins(s, g);
        for (int seat = 0; seat < CM_MAX_SEATS; seat++)
            g->quota[seat] = SRV_QUOTA_START_MS;
    }
}

SGame *game_make(Server *s, const char *variant, const char *tc, int rated, const char *seats)
{
    int64_t id;
    CmError err;
    cm_error_init(&err, NULL);
    if (srv_write_begin(s, NULL) != 0)
        return NULL;
    if (store_game_new(s->store, variant, s->utc, &id, &err) != CM_OK) {
        srv_write_failed(s, &err);
        return NULL;
    }
    SGame *g = game_new(s, id);
    if (g == NULL || srv_game_add(s, g) != 0) {
        game_free(g);
        cm_error_set(&err, CM_ERR_NOMEM, 0, 0, "out of memory");
        srv_write_failed(s, &err);
        return NULL;
    }
    g->created = s->utc;
    if (game_emit(s, g, AUD_ALL, "create %s %s %s %s", variant, tc, rated ? "rated" : "casual",
                  seats) != 0) {
        /* The turn is rolled back, and the game with it. */
        if (!s->tx_failed) {
            cm_error_set(&err, CM_ERR_IO, 0, 0, "the new game could not be made");
            srv_write_failed(s, &err);
        }
        return NULL;
    }
    return g;
}

SGame *game_new(Server *s, int64_t id)
{
    SGame *g = calloc(1, sizeof *g);
    if (g == NULL)
        return NULL;
    g->log = calloc(SRV_LOG_KEEP, sizeof *g->log);
    if (g->log == NULL) {
        free(g);
        return NULL;
    }
    netgame_init(&g->ng, id, &s->cat);
    g->engine = -1;
    return g;
}

void game_free(SGame *g)
{
    if (g == NULL)
        return;
    netgame_free(&g->ng);
    for (int i = 0; i < SRV_LOG_KEEP; i++)
        free(g->log[i].body);
    free(g->log);
    free(g->subs);
    free(g);
}

/* The name 'ref' (a variant the catalogue has) is rated and listed under: the variant's own,
 * however it was written ('Camette', 'CAMETTE'). */
static void variant_name(Server *s, const char *ref, const CmVariant *v, char *buf, size_t size)
{
    CmError err;
    if (strlen(v->name) < size && catalog_get(&s->cat, v->name, NULL, &err) == v)
        snprintf(buf, size, "%s", v->name);
    else
        snprintf(buf, size, "%s", ref);
}

void game_variant_name(Server *s, const char *ref, char *buf, size_t size)
{
    CmError err;
    const CmVariant *v = catalog_is_path(ref) ? NULL : catalog_get(&s->cat, ref, NULL, &err);
    if (v != NULL)
        variant_name(s, ref, v, buf, size);
    else
        snprintf(buf, size, "%s", ref);
}

/* ---- Time ------------------------------------------------------------------------------------ */

int64_t game_tick(Server *s, SGame *g)
{
    NetGame *ng = &g->ng;
    if (ng->v == NULL || ng->status != NG_PLAYING)
        return INT64_MAX;
    /* While the store cannot be written, nothing is flagged or played: it is, once it can. */
    if (!srv_store_up(s))
        return (int64_t)(s->store_retry_at - s->now);
    int64_t next = INT64_MAX;
    int seat = ng->g.pos.to_move;
    if (ng->days > 0) {
        if (s->utc > ng->deadline)
            return flag(s, g) == 0 ? INT64_MAX : 1;
        next = 1000;
    } else if (live(g) && g->turn_t0 != 0) {
        int64_t allowed = ng->clock[seat] + (ng->seat[seat].kind == NG_PLAYER ? g->quota[seat] : 0);
        int64_t used = (int64_t)(s->now - g->turn_t0);
        if (used > allowed)
            return flag(s, g) == 0 ? INT64_MAX : 1;
        next = allowed - used + 1;
    } else if (g->first_t0 != 0 && waits_first_move(g)) {
        /* A first move costs no time, but is not waited for without end: the game is aborted,
         * or, in a tournament, lost by the seat that did not come, once it has been gone (or
         * silent) as long as a claim needs. */
        int64_t waited = (int64_t)(s->now - g->first_t0);
        int tourney = tourney_has_game(s, ng->id);
        int64_t wait = tourney ? netgame_claim_ms(ng, s->cfg.claim_ms) : s->cfg.first_move_ms;
        if (waited > wait) {
            char sentence[200];
            int rc;
            if (tourney) {
                int winner = cm_forfeit_winner(ng->v, seat);
                CmOutcome o;
                char won[96];
                cm_outcome_off_board(ng->v, winner, &o);
                text_seat_names(ng->v, o.seats, won, sizeof won);
                snprintf(sentence, sizeof sentence,
                         "%s made no first move in %lld s of a tournament game. %s win%s.",
                         ng->v->seat[seat].name, (long long)(wait / 1000), won,
                         __builtin_popcount(o.seats) > 1 ? "" : "s");
                rc = game_end(s, g, winner, "abandoned", sentence);
            } else {
                snprintf(sentence, sizeof sentence,
                         "%s made no first move in %lld s: the game is aborted.",
                         ng->v->seat[seat].name, (long long)(wait / 1000));
                rc = game_end(s, g, -1, "aborted", sentence);
            }
            if (rc != 0 ||
                (ng->seat[seat].kind == NG_PLAYER && game_walked(s, g, ng->seat[seat].name) != 0))
                return 1;
            return INT64_MAX;
        }
        next = wait - waited + 1;
    }
    if (ng->offer != NG_OFFER_NONE && g->engine < 0 && !g->queued)
        game_offer_settle(s, g);
    /* An engine seat to move moves, unless the offer under way waits for its own answer: once
     * it has answered, the offer waits for people, and a move ends it (as a person's would),
     * rather than the game waiting with the engine's clock stopped. */
    int answers =
        ng->offer != NG_OFFER_NONE && (game_offer_needs(g) & ~ng->offer_yes & (1u << seat));
    if (ng->status == NG_PLAYING && ng->g.pos.to_move == seat && ng->seat[seat].kind == NG_ENGINE &&
        g->engine < 0 && !g->queued && !answers)
        engine_queue(s, g, ENGINE_JOB_MOVE, seat);
    return next;
}

/* ---- Loading from the store ---------------------------------------------------------------- */

typedef struct Load {
    Server *s;
    SGame *g;
    int bad;
    int64_t last_ms; /* when the last event that began a turn was made (UTC ms) */
} Load;

static int load_event(void *ud, int64_t seq, int audience, int64_t at_ms, const char *body)
{
    Load *l = ud;
    NetMsg *m = &l->s->load_msg;
    CmError err;
    cm_error_init(&err, NULL);
    if (net_msg_parse(m, body, strlen(body), &err) != CM_OK ||
        netgame_apply(&l->g->ng, seq, m->argc, m->argv, m->rest, &err) != CM_OK) {
        srv_log(l->s, "game %lld: event %lld does not replay: %s", (long long)l->g->ng.id,
                (long long)seq, err.msg);
        l->bad = 1;
        return 1;
    }
    LogEv *e = &l->g->log[l->g->nlog % SRV_LOG_KEEP];
    free(e->body);
    e->body = strdup(body);
    e->seq = seq;
    e->audience = audience;
    l->g->nlog++;
    /* The clock of the seat to move runs from the event that began its turn. */
    const char *k = m->argv[0];
    if (strcmp(k, "start") == 0 || strcmp(k, "move") == 0 || strcmp(k, "takeback") == 0)
        l->last_ms = at_ms;
    return 0;
}

/* A game as the store has it: its events replayed. NULL when it has none, or they do not replay
 * (logged), or memory ran out. '*last_ms' gets the time of its last event. */
static SGame *game_read(Server *s, int64_t id, int64_t *last_ms)
{
    SGame *g = game_new(s, id);
    if (g == NULL)
        return NULL;
    Load l = {s, g, 0, 0};
    CmError err;
    cm_error_init(&err, NULL);
    if (store_events(s->store, id, 0, load_event, &l, &err) != CM_OK || l.bad || g->ng.v == NULL) {
        game_free(g);
        return NULL;
    }
    *last_ms = l.last_ms;
    return g;
}

SGame *game_load(Server *s, int64_t id, int64_t alive_ms)
{
    int64_t last_ms;
    SGame *g = game_read(s, id, &last_ms);
    if (g == NULL)
        return NULL;
    /* The seat to move has thought from its last event until the server was last alive; the
     * time the server was away is nobody's, and an engine seat's clock waits for its search.
     * Everyone is away until they connect. */
    if (g->ng.status == NG_PLAYING) {
        g->turn_t0 = clock_starts(g, 0) ? s->now : 0;
        g->first_t0 = waits_first_move(g) ? s->now : 0; /* its wait begins again */
        /* When the turn began: as the server last wrote it (net of the time it was away
         * before), or, for a game stored before that was kept, its last turn's event. */
        int64_t began = last_ms, kept = 0;
        int found = 0;
        CmError err;
        if (store_turn_get(s->store, id, &kept, &found, &err) == CM_OK && found && kept > 0)
            began = kept;
        int64_t used = alive_ms > began && began > 0 ? alive_ms - began : 0;
        if (g->turn_t0 != 0 && live(g))
            g->turn_t0 = s->now > (uint64_t)used ? s->now - (uint64_t)used : 1;
    }
    for (int seat = 0; seat < CM_MAX_SEATS; seat++) {
        g->quota[seat] = SRV_QUOTA_START_MS;
        g->gone_at[seat] = s->now ? s->now : 1;
    }
    if (g->ng.status == NG_OVER)
        g->over_at = s->now;
    return g;
}

int game_rollback(Server *s, SGame *g)
{
    int64_t last_ms;
    SGame *fresh = game_read(s, g->ng.id, &last_ms);
    /* An engine thinking for the game thinks about what is no more: it begins again. */
    if (g->engine >= 0) {
        engine_thread_cancel(s->eng[g->engine], g->ticket);
        s->eng_game[g->engine] = NULL;
        g->engine = -1;
    }
    if (fresh == NULL)
        return -1;
    netgame_free(&g->ng);
    g->ng = fresh->ng;
    LogEv *log = g->log;
    g->log = fresh->log;
    g->nlog = fresh->nlog;
    fresh->log = log;
    netgame_init(&fresh->ng, 0, &s->cat);
    game_free(fresh);
    g->turn_t0 = g->saved.turn_t0;
    g->first_t0 = g->saved.first_t0;
    memcpy(g->quota, g->saved.quota, sizeof g->quota);
    memcpy(g->draw_calm, g->saved.draw_calm, sizeof g->draw_calm);
    g->over_at = g->saved.over_at;
    subs_refresh(s, g);
    for (int i = 0; i < g->nsubs; i++)
        presence(s, g, g->subs[i].c);
    srv_game_touch(s, g);
    return 0;
}

/* ---- The lobby ---------------------------------------------------------------------------- */

size_t game_lobby_line(const SGame *g, char *buf, size_t size)
{
    const NetGame *ng = &g->ng;
    char tc[32], seats[NET_LINE_MAX / 2];
    netgame_tc_text(ng, tc, sizeof tc);
    netgame_seats_text(ng, seats, sizeof seats);
    return (size_t)snprintf(buf, size, "game %lld %s %s %s %s %d %c %s", (long long)ng->id,
                            ng->variant, netgame_status_name(ng->status), tc,
                            ng->rated ? "rated" : "casual", ng->g.n,
                            ng->v->seat[ng->g.pos.to_move].letter, seats);
}
