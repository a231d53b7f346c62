/* The lobby of a server: the lines of the lobby read into plain lists, and the requests the
 * screen makes. The game of a session on the server, as the screen draws it, is lobby_game.c.
 * SPDX-License-Identifier: MIT */
#include "lobby.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "io/io.h"
#include "net/proto.h"
#include "netgame.h"
#include "remote.h"
#include "text.h"

/* ---- Setting up ------------------------------------------------------------------------------ */

static void heard(Lobby *l, const NetMsg *m);

static void listener(void *ud, const NetMsg *m)
{
    heard(ud, m);
}

static int send_remote(void *ud, const char *line)
{
    return remote_send(ud, "%s", line);
}

CmStatus lobby_init(Lobby *l, const char *me, Catalog *cat, LobbySendFn send, void *ud)
{
    memset(l, 0, sizeof *l);
    l->cat = cat;
    l->send = send;
    l->send_ud = ud;
    l->link_up = 1;
    snprintf(l->me, sizeof l->me, "%s", me);
    l->games = calloc(LOBBY_GAMES_MAX, sizeof *l->games);
    l->coming = calloc(LOBBY_GAMES_MAX, sizeof *l->coming);
    l->tables = calloc(LOBBY_TABLES_MAX, sizeof *l->tables);
    if (l->games == NULL || l->coming == NULL || l->tables == NULL) {
        lobby_free(l);
        return CM_ERR_NOMEM;
    }
    return CM_OK;
}

CmStatus lobby_open_on(Lobby *l, struct Remote *r, Catalog *cat)
{
    CmStatus st = lobby_init(l, remote_name(r), cat, send_remote, r);
    if (st != CM_OK)
        return st;
    l->r = r;
    remote_listen(r, listener, l);
    return CM_OK;
}

void lobby_free(Lobby *l)
{
    if (l->r != NULL)
        remote_listen(l->r, NULL, NULL);
    free(l->games);
    free(l->coming);
    free(l->tables);
    free(l->standings);
    free(l->standings_coming);
    l->games = l->coming = NULL;
    l->tables = NULL;
    l->standings = l->standings_coming = NULL;
}

unsigned lobby_news(Lobby *l)
{
    unsigned ev = l->news;
    l->news = 0;
    return ev;
}

int lobby_is_guest(const Lobby *l)
{
    return net_name_guest(l->me);
}

int lobby_link(const Lobby *l, char *buf, size_t size)
{
    int up = l->r == NULL || remote_up(l->r);
    snprintf(buf, size, "%s", up ? "" : remote_status(l->r));
    return up;
}

/* Sends a request (printf formatting). CM_ERR_IO when the connection is down. */
static CmStatus request(Lobby *l, CmError *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static CmStatus request(Lobby *l, CmError *err, const char *fmt, ...)
{
    char line[NET_LINE_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "the request is too long");
    if (l->send(l->send_ud, line) != 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "not connected: %s",
                            l->r != NULL ? remote_status(l->r) : "no server");
    return CM_OK;
}

/* ---- What the server says ---------------------------------------------------------------- */

static void set_text(char *buf, size_t size, const char *text)
{
    net_text_clean(text, strlen(text), buf, size);
}

/* Reads a seat of a 'game' line: "W=alice", "B=open", "R=@bob", "G=engine:5". */
static int read_seat(const char *w, LobbySeat *out)
{
    memset(out, 0, sizeof *out);
    if (w[0] == '\0' || w[1] != '=')
        return -1;
    out->letter = w[0];
    const char *who = w + 2;
    int64_t level;
    if (strcmp(who, "open") == 0) {
        out->kind = LOBBY_SEAT_OPEN;
    } else if (strncmp(who, "engine:", 7) == 0 && net_int(who + 7, 1, 10, &level)) {
        out->kind = LOBBY_SEAT_ENGINE;
        out->level = (int)level;
    } else if (who[0] == '@' && net_name_ok(who + 1)) {
        out->kind = LOBBY_SEAT_INVITED;
        snprintf(out->name, sizeof out->name, "%s", who + 1);
    } else if (net_name_ok(who)) {
        out->kind = LOBBY_SEAT_PLAYER;
        snprintf(out->name, sizeof out->name, "%s", who);
    } else {
        return -1;
    }
    return 0;
}

int lobby_game_read(const NetMsg *m, const char *me, LobbyGame *g)
{
    memset(g, 0, sizeof *g);
    int64_t ply;
    if (m->argc < 10 || strcmp(m->argv[0], "game") != 0 || !net_game_id(m->argv[1], &g->id) ||
        strlen(m->argv[2]) >= sizeof g->variant || strlen(m->argv[4]) >= sizeof g->tc ||
        !net_int(m->argv[6], 0, 10000000, &ply))
        return -1;
    snprintf(g->variant, sizeof g->variant, "%s", m->argv[2]);
    snprintf(g->tc, sizeof g->tc, "%s", m->argv[4]);
    g->status = strcmp(m->argv[3], "waiting") == 0   ? LOBBY_WAITING
                : strcmp(m->argv[3], "playing") == 0 ? LOBBY_PLAYING
                                                     : LOBBY_OVER;
    g->rated = strcmp(m->argv[5], "rated") == 0;
    g->ply = (int)ply;
    g->to_move = 0;
    int open = 0;
    for (int i = 8; i < m->argc && g->nseats < CM_MAX_SEATS; i++) {
        LobbySeat *st = &g->seat[g->nseats];
        if (read_seat(m->argv[i], st) != 0)
            return -1;
        if (st->letter == m->argv[7][0])
            g->to_move = g->nseats;
        if (st->kind == LOBBY_SEAT_PLAYER && strcmp(st->name, me) == 0)
            g->mine |= 1 << g->nseats;
        if (st->kind == LOBBY_SEAT_INVITED && strcmp(st->name, me) == 0)
            g->invited = 1;
        open |= st->kind == LOBBY_SEAT_OPEN;
        g->nseats++;
    }
    if (g->nseats < 2)
        return -1;
    g->section = (g->mine || g->invited) && g->status != LOBBY_OVER ? LOBBY_MINE
                 : g->status == LOBBY_WAITING && open               ? LOBBY_OPEN
                                                                    : LOBBY_WATCH;
    g->my_turn = g->status == LOBBY_PLAYING && (g->mine & (1 << g->to_move));
    return 0;
}

size_t lobby_game_words(const LobbyGame *g, char *buf, size_t size)
{
    char seats[CM_MAX_SEATS * (LOBBY_NAME_MAX + 16)] = "", state[120];
    size_t len = 0;
    for (int i = 0; i < g->nseats && len < sizeof seats; i++) {
        const LobbySeat *st = &g->seat[i];
        const char *sp = i ? " " : "";
        if (st->kind == LOBBY_SEAT_OPEN)
            len += (size_t)snprintf(seats + len, sizeof seats - len, "%s%c=open", sp, st->letter);
        else if (st->kind == LOBBY_SEAT_ENGINE)
            len += (size_t)snprintf(seats + len, sizeof seats - len, "%s%c=engine:%d", sp,
                                    st->letter, st->level);
        else
            len += (size_t)snprintf(seats + len, sizeof seats - len, "%s%c=%s%s", sp, st->letter,
                                    st->kind == LOBBY_SEAT_INVITED ? "@" : "", st->name);
    }
    long long id = (long long)g->id;
    int move = g->ply / g->nseats + 1;
    if (g->status == LOBBY_OVER)
        snprintf(state, sizeof state, "over");
    else if (g->section == LOBBY_MINE && g->invited && !g->mine)
        snprintf(state, sizeof state, "you are invited: 'join %lld'", id);
    else if (g->section == LOBBY_MINE && g->status == LOBBY_WAITING)
        snprintf(state, sizeof state, "you play it; it waits for players");
    else if (g->section == LOBBY_MINE)
        snprintf(state, sizeof state, "you play it; move %d, %s: 'open %lld'", move,
                 g->my_turn ? "your move" : "the others' move", id);
    else if (g->section == LOBBY_OPEN)
        snprintf(state, sizeof state, "a seat is free: 'join %lld'", id);
    else
        snprintf(state, sizeof state, "going on, move %d: 'open %lld' watches it", move, id);
    return (size_t)snprintf(buf, size, "game %lld: %s, %s, %s, %s; %s.", id, g->variant, g->tc,
                            g->rated ? "rated" : "casual", seats, state);
}

/* "game ID VARIANT STATUS TC RATED PLY TOMOVE SEATS..." */
static void game_line(Lobby *l, const NetMsg *m)
{
    if (l->ncoming < LOBBY_GAMES_MAX && lobby_game_read(m, l->me, &l->coming[l->ncoming]) == 0)
        l->ncoming++;
}

/* The ratings table of 'variant', made (empty) when 'make' and there is room. */
static LobbyTableOfRatings *table_of(Lobby *l, const char *variant, int make)
{
    for (int i = 0; i < l->ntables; i++)
        if (strcmp(l->tables[i].variant, variant) == 0)
            return &l->tables[i];
    if (!make || l->ntables == LOBBY_TABLES_MAX || strlen(variant) >= LOBBY_VARIANT_MAX)
        return NULL;
    LobbyTableOfRatings *t = &l->tables[l->ntables++];
    memset(t, 0, sizeof *t);
    snprintf(t->variant, sizeof t->variant, "%s", variant);
    return t;
}

/* "rating VARIANT NAME RATING RD GAMES": a line of the table asked for first. */
static void rating_line(Lobby *l, const NetMsg *m)
{
    int64_t r, rd, n;
    if (m->argc != 6 || l->nasked == 0 || strcmp(m->argv[1], l->asked[0]) != 0 ||
        !net_name_ok(m->argv[2]) || !net_int(m->argv[3], -100000, 100000, &r) ||
        !net_int(m->argv[4], 0, 100000, &rd) || !net_int(m->argv[5], 0, INT32_MAX, &n))
        return;
    LobbyTableOfRatings *t = table_of(l, m->argv[1], 1);
    if (t == NULL)
        return;
    if (!l->filling) {
        t->n = 0;
        l->filling = 1;
    }
    if (t->n == LOBBY_RATINGS_MAX)
        return;
    LobbyRating *e = &t->r[t->n++];
    snprintf(e->name, sizeof e->name, "%s", m->argv[2]);
    e->rating = (int)r;
    e->rd = (int)rd;
    e->games = (int)n;
}

/* The answer to the ratings asked for first has come (or was refused). */
static void ratings_done(Lobby *l, int ok)
{
    if (l->nasked == 0)
        return;
    LobbyTableOfRatings *t = table_of(l, l->asked[0], ok);
    if (t != NULL && ok) {
        if (!l->filling)
            t->n = 0; /* nobody has a rating yet */
        t->got = 1;
        l->news |= LOBBY_EV_RATINGS;
    }
    l->filling = 0;
    l->nasked--;
    memmove(l->asked[0], l->asked[1], (size_t)l->nasked * sizeof l->asked[0]);
}

/* "pubkey FINGERPRINT ADDED this|banned|-": a key of the player's, of the list asked for. */
static void pubkey_line(Lobby *l, const NetMsg *m)
{
    int64_t added;
    if (m->argc != 4 || !net_key_ok(m->argv[1]) || !net_int(m->argv[2], 0, INT64_MAX, &added) ||
        l->nkey_coming == LOBBY_KEYS_MAX)
        return;
    LobbyKey *k = &l->key_coming[l->nkey_coming++];
    snprintf(k->fingerprint, sizeof k->fingerprint, "%s", m->argv[1]);
    k->added = added;
    k->this_one = strcmp(m->argv[3], "this") == 0;
    k->banned = strcmp(m->argv[3], "banned") == 0;
}

/* The answers about keys: the list ("ok keys N"), a code ("ok keycode CODE MINUTES"), a key
 * removed ("ok dropkey FINGERPRINT"). */
static void keys_answer(Lobby *l, const NetMsg *m)
{
    const char *verb = m->argv[1];
    int64_t n;
    if (strcmp(verb, "keys") == 0) {
        memcpy(l->keys, l->key_coming, (size_t)l->nkey_coming * sizeof l->keys[0]);
        l->nkeys = l->nkey_coming;
        l->keys_total = m->argc >= 3 && net_int(m->argv[2], 0, INT32_MAX, &n) ? (int)n : l->nkeys;
        l->nkey_coming = 0;
        l->keys_got = 1;
        l->keys_error[0] = '\0';
        l->news |= LOBBY_EV_KEYS;
    } else if (strcmp(verb, "keycode") == 0 && m->argc >= 4 &&
               strlen(m->argv[2]) < sizeof l->code && net_int(m->argv[3], 1, 24 * 60, &n)) {
        set_text(l->code, sizeof l->code, m->argv[2]);
        l->code_until = clock_utc() + n * 60;
        l->news |= LOBBY_EV_CODE;
    } else if (strcmp(verb, "dropkey") == 0 && m->argc >= 3 && net_key_ok(m->argv[2])) {
        snprintf(l->dropped, sizeof l->dropped, "%s", m->argv[2]);
        l->news |= LOBBY_EV_DROPPED;
        lobby_ask_keys(l, NULL);
    }
}

/* ---- The history ------------------------------------------------------------------------- */

static int rating_word(const char *w, int *out)
{
    int64_t n;
    if (strcmp(w, "-") == 0) {
        *out = -1;
        return 0;
    }
    if (!net_int(w, 0, 100000, &n))
        return -1;
    *out = (int)n;
    return 0;
}

int lobby_past_read(const NetMsg *m, LobbyPast *out)
{
    memset(out, 0, sizeof *out);
    const char *k = m->argc > 0 ? m->argv[0] : "";
    if ((strcmp(k, "past") != 0 && strcmp(k, "ended") != 0) || m->argc < 13 ||
        !net_game_id(m->argv[1], &out->id) || strlen(m->argv[2]) >= sizeof out->variant ||
        strlen(m->argv[3]) >= sizeof out->tc || !net_int(m->argv[5], 0, INT64_MAX, &out->ended) ||
        strlen(m->argv[6]) >= sizeof out->result || strlen(m->argv[7]) >= sizeof out->termination ||
        strlen(m->argv[8]) > CM_MAX_SEATS || rating_word(m->argv[9], &out->before) != 0 ||
        rating_word(m->argv[10], &out->after) != 0)
        return -1;
    snprintf(out->variant, sizeof out->variant, "%s", m->argv[2]);
    snprintf(out->tc, sizeof out->tc, "%s", m->argv[3]);
    out->rated = strcmp(m->argv[4], "rated") == 0;
    snprintf(out->result, sizeof out->result, "%s", strcmp(m->argv[6], "-") ? m->argv[6] : "");
    snprintf(out->termination, sizeof out->termination, "%s",
             strcmp(m->argv[7], "-") ? m->argv[7] : "");
    snprintf(out->mine, sizeof out->mine, "%s", m->argv[8]);
    if (out->before < 0 || out->after < 0)
        out->before = out->after = -1;
    for (int i = 11; i < m->argc && out->nseats < CM_MAX_SEATS; i++)
        if (read_seat(m->argv[i], &out->seat[out->nseats]) == 0)
            out->nseats++;
    return 0;
}

int lobby_past_outcome(const LobbyPast *p)
{
    if (p->result[0] == '\0' || strcmp(p->termination, "aborted") == 0)
        return -2;
    if (strcmp(p->result, "draw") == 0)
        return 0;
    for (const char *c = p->mine; *c; c++)
        if (strchr(p->result, *c) != NULL)
            return 1;
    return -1;
}

/* How a game ended, after "you won", "you lost" or "you drew". */
static const char *past_how(const char *termination)
{
    static const char *const how[][2] = {
        {"resignation", "by resignation"},  {"time", "on time"},
        {"abandoned", "by claim"},          {"agreement", "by agreement"},
        {"castle", "in the castle"},        {"elimination", "by elimination"},
        {"stalemate", "by stalemate"},      {"material", "for want of material"},
        {"repetition", "by repetition"},    {"fifty-move", "by the fifty-move rule"},
        {"no-moves", "for want of a move"},
    };
    for (size_t i = 0; i < sizeof how / sizeof how[0]; i++)
        if (strcmp(termination, how[i][0]) == 0)
            return how[i][1];
    return "";
}

size_t lobby_past_others(const LobbyPast *p, char *buf, size_t size)
{
    size_t len = 0;
    int n = 0;
    if (size == 0)
        return 0;
    buf[0] = '\0';
    for (int i = 0; i < p->nseats && len < size; i++) {
        const LobbySeat *st = &p->seat[i];
        if (strchr(p->mine, st->letter) != NULL ||
            (st->kind != LOBBY_SEAT_ENGINE && st->kind != LOBBY_SEAT_PLAYER))
            continue;
        const char *sp = n++ ? ", " : "";
        if (st->kind == LOBBY_SEAT_ENGINE)
            len += (size_t)snprintf(buf + len, size - len, "%sengine %d", sp, st->level);
        else
            len += (size_t)snprintf(buf + len, size - len, "%s%s", sp, st->name);
    }
    return len < size ? len : size - 1;
}

size_t lobby_past_result(const LobbyPast *p, char *buf, size_t size)
{
    int o = lobby_past_outcome(p);
    const char *how = past_how(p->termination);
    int n = o == -2 ? snprintf(buf, size, "aborted, no result")
                    : snprintf(buf, size, "%s%s%s",
                               o > 0    ? "won"
                               : o == 0 ? "drew"
                                        : "lost",
                               how[0] ? " " : "", how);
    return n < 0 ? 0 : (size_t)n < size ? (size_t)n : (size ? size - 1 : 0);
}

size_t lobby_past_text(const LobbyPast *p, char *buf, size_t size)
{
    char others[CM_MAX_SEATS * (LOBBY_NAME_MAX + 24)], result[80];
    lobby_past_others(p, others, sizeof others);
    lobby_past_result(p, result, sizeof result);
    int o = lobby_past_outcome(p);
    int n;
    if (p->before >= 0)
        n = snprintf(buf, size, "game %lld%s%s: %s%s; %s rating %d -> %d", (long long)p->id,
                     others[0] ? (p->nseats > 2 ? " with " : " against ") : "", others,
                     o == -2 ? "" : "you ", result, p->variant, p->before, p->after);
    else
        n = snprintf(buf, size, "game %lld%s%s: %s%s (%s, %s)", (long long)p->id,
                     others[0] ? (p->nseats > 2 ? " with " : " against ") : "", others,
                     o == -2 ? "" : "you ", result, p->variant, p->rated ? "rated" : "casual");
    return n < 0 ? 0 : (size_t)n < size ? (size_t)n : (size ? size - 1 : 0);
}

/* 'past ...', a game of the page of history coming; 'ended ...', one told at 'hello'. */
static void past_line(Lobby *l, const NetMsg *m)
{
    LobbyPast p;
    if (lobby_past_read(m, &p) != 0)
        return;
    if (strcmp(m->argv[0], "past") == 0 && l->npast_coming < LOBBY_PAST_MAX) {
        l->past_coming[l->npast_coming++] = p;
    } else if (strcmp(m->argv[0], "ended") == 0 && l->naway < LOBBY_PAST_MAX) {
        l->away[l->naway++] = p;
        l->news |= LOBBY_EV_AWAY;
    }
}

/* "ok history N [more]": the page has come. */
static void history_done(Lobby *l, const NetMsg *m)
{
    memcpy(l->past, l->past_coming, (size_t)l->npast_coming * sizeof l->past[0]);
    l->npast = l->npast_coming;
    l->npast_coming = 0;
    l->past_more = m->argc >= 4 && strcmp(m->argv[3], "more") == 0;
    l->past_got = 1;
    l->past_error[0] = '\0';
    l->news |= LOBBY_EV_HISTORY;
}

/* ---- A player's page ------------------------------------------------------------------- */

int lobby_profile_read(const NetMsg *m, LobbyProfile *p)
{
    const char *k = m->argc > 0 ? m->argv[0] : "";
    int64_t a, b, c;
    if (strcmp(k, "profile") == 0 && m->argc == 4 && net_name_ok(m->argv[1]) &&
        net_int(m->argv[2], 0, INT64_MAX, &a) && net_int(m->argv[3], 0, INT32_MAX, &b)) {
        memset(p, 0, sizeof *p);
        snprintf(p->name, sizeof p->name, "%s", m->argv[1]);
        p->joined = a;
        p->games = (int)b;
        return 0;
    }
    if (strcmp(k, "standing") == 0 && m->argc == 5 && strlen(m->argv[1]) < LOBBY_VARIANT_MAX &&
        net_int(m->argv[2], 0, 100000, &a) && net_int(m->argv[3], 0, 100000, &b) &&
        net_int(m->argv[4], 0, INT32_MAX, &c)) {
        if (p->nstandings < LOBBY_STANDINGS_MAX) {
            snprintf(p->standing[p->nstandings].variant, LOBBY_VARIANT_MAX, "%s", m->argv[1]);
            p->standing[p->nstandings].rating = (int)a;
            p->standing[p->nstandings].rd = (int)b;
            p->standing[p->nstandings].games = (int)c;
            p->nstandings++;
        }
        return 0;
    }
    if (strcmp(k, "versus") == 0 && m->argc == 5 && net_name_ok(m->argv[1]) &&
        net_int(m->argv[2], 0, INT32_MAX, &a) && net_int(m->argv[3], 0, INT32_MAX, &b) &&
        net_int(m->argv[4], 0, INT32_MAX, &c)) {
        if (p->nversus < LOBBY_VERSUS_MAX) {
            snprintf(p->versus[p->nversus].name, LOBBY_NAME_MAX + 1, "%s", m->argv[1]);
            p->versus[p->nversus].won = (int)a;
            p->versus[p->nversus].drawn = (int)b;
            p->versus[p->nversus].lost = (int)c;
            p->nversus++;
        }
        return 0;
    }
    return -1;
}

/* "variant NAME SEATS TEAMS" */
static void variant_line(Lobby *l, const NetMsg *m)
{
    int64_t teams;
    if (m->argc != 4 || l->nvariant_coming == LOBBY_VARIANTS_MAX ||
        strlen(m->argv[1]) >= LOBBY_VARIANT_MAX || strlen(m->argv[2]) > CM_MAX_SEATS ||
        !net_int(m->argv[3], 2, CM_MAX_SEATS, &teams))
        return;
    LobbyVariant *v = &l->variant_coming[l->nvariant_coming++];
    memset(v, 0, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", m->argv[1]);
    snprintf(v->letters, sizeof v->letters, "%s", m->argv[2]);
    v->nteams = (int)teams;
    CmError err;
    const CmVariant *here = l->cat != NULL ? catalog_get(l->cat, v->name, NULL, &err) : NULL;
    v->here = here != NULL && here->nseats == (int)strlen(v->letters);
}

int lobby_invite_read(const NetMsg *m, LobbyInvite *out)
{
    int64_t id;
    if (m->argc != 4 || strcmp(m->argv[0], "invite") != 0 || !net_game_id(m->argv[1], &id) ||
        !net_name_ok(m->argv[2]) || strlen(m->argv[3]) >= LOBBY_VARIANT_MAX)
        return -1;
    out->id = id;
    snprintf(out->from, sizeof out->from, "%s", m->argv[2]);
    snprintf(out->variant, sizeof out->variant, "%s", m->argv[3]);
    return 0;
}

/* An invitation: kept, the latest last, once each. */
static void invite_line(Lobby *l, const NetMsg *m)
{
    LobbyInvite got;
    if (lobby_invite_read(m, &got) != 0)
        return;
    int64_t id = got.id;
    int i = 0;
    while (i < l->ninvites && l->invite[i].id != id)
        i++;
    if (i < l->ninvites)
        return; /* heard already */
    if (i == LOBBY_INVITES_MAX) {
        memmove(&l->invite[0], &l->invite[1], (LOBBY_INVITES_MAX - 1) * sizeof l->invite[0]);
        i = LOBBY_INVITES_MAX - 1;
    } else if (i == l->ninvites) {
        l->ninvites++;
    }
    l->invite[i] = got;
    l->news |= LOBBY_EV_INVITE | LOBBY_EV_GAMES;
    l->games_at = 0; /* the list, with the game in it, at once */
}

/* The player's games going on are followed, a few, for their clocks and turns; a game
 * followed so that is let go once it is no longer one of them. */
static void follow_mine(Lobby *l)
{
    if (l->r == NULL)
        return;
    int64_t keep[LOBBY_FOLLOW_MAX];
    int nkeep = 0;
    for (int i = 0; i < l->ngames && nkeep < LOBBY_FOLLOW_MAX; i++)
        if (l->games[i].section == LOBBY_MINE && l->games[i].status == LOBBY_PLAYING &&
            l->games[i].mine)
            keep[nkeep++] = l->games[i].id;
    for (int i = 0; i < l->nfollowed; i++) {
        int kept = l->followed[i] == l->shown;
        for (int k = 0; k < nkeep && !kept; k++)
            kept = keep[k] == l->followed[i];
        if (!kept)
            remote_unfollow(l->r, l->followed[i]);
    }
    l->nfollowed = 0;
    for (int k = 0; k < nkeep; k++) {
        if (remote_game(l->r, keep[k]) == NULL && remote_follow(l->r, keep[k]) == NULL)
            continue;
        l->followed[l->nfollowed++] = keep[k];
    }
}

int lobby_refusal_read(const NetMsg *m, const char **verb, const char **code, char *reason,
                       size_t size)
{
    if (m->argc < 1 || strcmp(m->argv[0], "error") != 0)
        return -1;
    *verb = m->argc >= 2 ? m->argv[1] : "?";
    *code = m->argc >= 3 ? m->argv[2] : "?";
    const char *why = m->argc >= 4 ? m->rest[3] : *code;
    set_text(reason, size, why);
    return 0;
}

/* 'error VERB CODE REASON' of a request of the lobby. */
static void error_line(Lobby *l, const NetMsg *m)
{
    static const char *const verbs[] = {"games",   "variants", "ratings", "create",
                                        "join",    "open",     "leave",   "keys",
                                        "keycode", "dropkey",  "history", "profile"};
    const char *verb, *code;
    char why[sizeof l->error];
    if (m->argc < 3 || lobby_refusal_read(m, &verb, &code, why, sizeof why) != 0)
        return;
    size_t i = 0;
    while (i < sizeof verbs / sizeof verbs[0] && strcmp(verb, verbs[i]) != 0)
        i++;
    if (i == sizeof verbs / sizeof verbs[0])
        return;
    if (strcmp(verb, "ratings") == 0) {
        ratings_done(l, 0);
        return; /* a table that cannot be had is left out, unsaid */
    }
    if (strcmp(verb, "keys") == 0) {
        /* The page of keys says why, in place of the list. */
        l->nkey_coming = 0;
        memcpy(l->keys_error, why, sizeof l->keys_error);
        l->news |= LOBBY_EV_KEYS;
        return;
    }
    if (strcmp(verb, "profile") == 0) {
        /* The player's page says why, in place of the page. */
        memcpy(l->profile_error, why, sizeof l->profile_error);
        l->news |= LOBBY_EV_PROFILE;
        return;
    }
    if (strcmp(verb, "history") == 0) {
        /* The page of history says why, in place of the list. */
        l->npast_coming = 0;
        memcpy(l->past_error, why, sizeof l->past_error);
        l->news |= LOBBY_EV_HISTORY;
        return;
    }
    if (strcmp(verb, "games") == 0)
        l->games_asked = 0;
    if (strcmp(verb, "open") == 0 || strcmp(verb, "join") == 0)
        l->opening = 0;
    memcpy(l->error, why, sizeof l->error);
    l->news |= LOBBY_EV_REFUSED;
}

int lobby_answer_read(const NetMsg *m, LobbyAnswer *out)
{
    out->verb = "";
    out->id = 0;
    out->count = -1;
    if (m->argc < 2 || strcmp(m->argv[0], "ok") != 0)
        return -1;
    out->verb = m->argv[1];
    const char *w = m->argc >= 3 ? m->argv[2] : "";
    static const char *const of_games[] = {"create", "join", "open", "leave"};
    static const char *const of_lists[] = {"games", "variants", "ratings"};
    for (size_t i = 0; i < sizeof of_games / sizeof of_games[0]; i++)
        if (strcmp(out->verb, of_games[i]) == 0 && !net_game_id(w, &out->id))
            out->id = 0;
    for (size_t i = 0; i < sizeof of_lists / sizeof of_lists[0]; i++)
        if (strcmp(out->verb, of_lists[i]) == 0 && !net_int(w, 0, INT32_MAX, &out->count))
            out->count = -1;
    return 0;
}

static void ok_line(Lobby *l, const NetMsg *m)
{
    LobbyAnswer a;
    lobby_answer_read(m, &a);
    const char *verb = a.verb;
    int64_t id = a.id;
    if (strcmp(verb, "games") == 0) {
        LobbyGame *swap = l->games;
        l->games = l->coming;
        l->coming = swap;
        l->ngames = l->ncoming;
        l->ncoming = 0;
        l->games_asked = 0;
        l->news |= LOBBY_EV_GAMES;
        follow_mine(l);
    } else if (strcmp(verb, "variants") == 0) {
        memcpy(l->variant, l->variant_coming, sizeof l->variant);
        l->nvariants = l->nvariant_coming;
        l->nvariant_coming = 0;
        l->variants_got = 1;
        l->news |= LOBBY_EV_VARIANTS;
    } else if (strcmp(verb, "ratings") == 0) {
        ratings_done(l, 1);
    } else if (strcmp(verb, "create") == 0 && id != 0) {
        l->made = id;
        l->opening = id;
        l->games_at = 0;
        l->news |= LOBBY_EV_MADE;
    } else if (strcmp(verb, "join") == 0 && id != 0) {
        l->opening = id;
        l->games_at = 0;
    } else if (strcmp(verb, "leave") == 0) {
        l->games_at = 0;
    } else if (strcmp(verb, "history") == 0) {
        history_done(l, m);
    } else if (strcmp(verb, "profile") == 0) {
        l->profile = l->profile_coming;
        l->profile_got = 1;
        l->profile_error[0] = '\0';
        l->news |= LOBBY_EV_PROFILE;
    } else {
        keys_answer(l, m);
    }
}

/* 'notice TEXT': the host of the server tells every player something. */
static void notice_line(Lobby *l, const NetMsg *m)
{
    net_text_clean(m->rest[1], strlen(m->rest[1]), l->notice, sizeof l->notice);
    l->news |= LOBBY_EV_NOTICE;
}

static void heard(Lobby *l, const NetMsg *m)
{
    const char *k = m->argv[0];
    if (lobby_tourney_heard(l, m))
        return;
    if (strcmp(k, "game") == 0)
        game_line(l, m);
    else if (strcmp(k, "variant") == 0)
        variant_line(l, m);
    else if (strcmp(k, "rating") == 0)
        rating_line(l, m);
    else if (strcmp(k, "invite") == 0)
        invite_line(l, m);
    else if (strcmp(k, "pubkey") == 0)
        pubkey_line(l, m);
    else if (strcmp(k, "notice") == 0 && m->argc >= 2)
        notice_line(l, m);
    else if (strcmp(k, "past") == 0 || strcmp(k, "ended") == 0)
        past_line(l, m);
    else if (strcmp(k, "profile") == 0 || strcmp(k, "standing") == 0 || strcmp(k, "versus") == 0)
        lobby_profile_read(m, &l->profile_coming);
    else if (strcmp(k, "error") == 0)
        error_line(l, m);
    else if (strcmp(k, "ok") == 0 && m->argc >= 2)
        ok_line(l, m);
}

int lobby_hear_line(Lobby *l, const char *line, size_t len)
{
    NetMsg *m = malloc(sizeof *m);
    if (m == NULL)
        return 0;
    int ok = net_msg_parse(m, line, len, NULL) == CM_OK;
    if (ok)
        heard(l, m);
    free(m);
    return ok;
}

/* ---- Time -------------------------------------------------------------------------------- */

/* The player's followed games as they stand: whose turn, the clock or the deadline. */
static void overlay(Lobby *l)
{
    if (l->r == NULL)
        return;
    for (int i = 0; i < l->ngames; i++) {
        LobbyGame *lg = &l->games[i];
        RemoteGame *g = lg->section == LOBBY_MINE ? remote_game(l->r, lg->id) : NULL;
        if (g == NULL || g->ng.v == NULL || g->syncing || g->ng.v->nseats != lg->nseats)
            continue;
        const NetGame *ng = &g->ng;
        lg->ply = ng->g.n;
        lg->to_move = ng->g.pos.to_move;
        lg->status = ng->status == NG_WAITING   ? LOBBY_WAITING
                     : ng->status == NG_PLAYING ? LOBBY_PLAYING
                                                : LOBBY_OVER;
        lg->my_turn = lg->status == LOBBY_PLAYING && (lg->mine & (1 << lg->to_move));
        lg->has_clock = lg->status == LOBBY_PLAYING;
        lg->deadline = ng->days > 0 ? ng->deadline : 0;
        lg->clock_ms = ng->clock[lg->to_move];
        lg->clock_at = ng->base_ms > 0 ? (g->clock_at ? g->clock_at : 1) : 0;
    }
}

void lobby_tick(Lobby *l, uint64_t now, int reading)
{
    l->utc_now = clock_utc();
    if (l->r != NULL) {
        if (reading)
            remote_poll(l->r, now);
        int up = remote_up(l->r);
        if (up != l->link_up) {
            /* The answers to what was asked before the drop never come: asked again. */
            l->link_up = up;
            l->news |= LOBBY_EV_LINK;
            l->games_asked = 0;
            l->ncoming = 0;
            l->nvariant_coming = 0;
            l->nasked = 0;
            l->filling = 0;
            l->ratings_at = 0;
            l->shown_ratings_at = 0;
            if (up) {
                l->games_at = 0;
                l->variants_at = l->variants_got ? l->variants_at : 0;
            }
        }
    }
    if (l->r != NULL && l->link_up && l->shown != 0 &&
        (l->shown_ratings_at == 0 || now - l->shown_ratings_at >= LOBBY_RATINGS_MS)) {
        /* The game on the screen may be of a variant the list has not (a rematch, a game
         * opened at once): its panel shows its players' ratings all the same. */
        const RemoteGame *g = remote_game(l->r, l->shown);
        if (g != NULL && g->ng.v != NULL) {
            l->shown_ratings_at = now ? now : 1;
            lobby_ask_ratings(l, g->ng.variant, NULL);
        }
    }
    if (reading && l->link_up) {
        if (!l->games_asked && (l->games_at == 0 || now - l->games_at >= LOBBY_REFRESH_MS))
            lobby_refresh(l, now, NULL);
        if (l->ngames > 0 && (l->ratings_at == 0 || now - l->ratings_at >= LOBBY_RATINGS_MS)) {
            /* The tables of the variants in the list, for the players' ratings. */
            l->ratings_at = now;
            for (int i = 0; i < l->ngames; i++) {
                int seen = 0;
                for (int k = 0; k < i && !seen; k++)
                    seen = strcmp(l->games[k].variant, l->games[i].variant) == 0;
                if (!seen)
                    lobby_ask_ratings(l, l->games[i].variant, NULL);
            }
        }
        if (!l->variants_got && l->nvariant_coming == 0 && l->variants_at == 0) {
            l->variants_at = now;
            l->send(l->send_ud, "variants");
        }
    }
    overlay(l);
    if (l->opening != 0 && l->r != NULL) {
        RemoteGame *g = remote_game(l->r, l->opening);
        if (g != NULL && g->ng.v != NULL && !g->syncing) {
            l->ready = l->opening;
            l->opening = 0;
            l->news |= LOBBY_EV_READY;
        }
    }
}

void lobby_keep_alive(Lobby *l, uint64_t now)
{
    /* The connection's own poll touches only what it keeps (the games followed, as events
     * build them) and hands the lobby's lines to its listener; a session's game follows its
     * game only in 'session_tick'. */
    if (l->r != NULL)
        remote_poll(l->r, now);
}

/* ---- Requests -------------------------------------------------------------------------------- */

CmStatus lobby_refresh(Lobby *l, uint64_t now, CmError *err)
{
    CmStatus st = request(l, err, "games");
    if (st == CM_OK) {
        l->games_asked = 1;
        l->ncoming = 0;
        l->games_at = now ? now : 1;
    }
    return st;
}

CmStatus lobby_ask_ratings(Lobby *l, const char *variant, CmError *err)
{
    if (strlen(variant) >= LOBBY_VARIANT_MAX || catalog_is_path(variant))
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "a variant is named by its name");
    if (l->nasked == LOBBY_ASKED_MAX)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "too many tables asked for at once");
    CmStatus st = request(l, err, "ratings %s", variant);
    if (st == CM_OK)
        snprintf(l->asked[l->nasked++], LOBBY_VARIANT_MAX, "%s", variant);
    return st;
}

CmStatus lobby_ask_keys(Lobby *l, CmError *err)
{
    CmStatus st = request(l, err, "keys");
    if (st == CM_OK)
        l->nkey_coming = 0;
    return st;
}

CmStatus lobby_keycode(Lobby *l, CmError *err)
{
    return request(l, err, "keycode");
}

CmStatus lobby_dropkey(Lobby *l, const char *fingerprint, CmError *err)
{
    if (!net_key_ok(fingerprint))
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "a key is named by its fingerprint");
    return request(l, err, "dropkey %s", fingerprint);
}

CmStatus lobby_ask_history(Lobby *l, int64_t before, CmError *err)
{
    CmStatus st = before > 0 ? request(l, err, "history %lld", (long long)before)
                             : request(l, err, "history");
    if (st == CM_OK) {
        l->npast_coming = 0;
        l->past_before = before;
    }
    return st;
}

CmStatus lobby_ask_profile(Lobby *l, const char *name, CmError *err)
{
    if (!net_name_ok(name))
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "a player is named by their name");
    CmStatus st = request(l, err, "profile %s", name);
    if (st == CM_OK) {
        memset(&l->profile_coming, 0, sizeof l->profile_coming);
        l->profile_got = 0;
        l->profile_error[0] = '\0';
    }
    return st;
}

int lobby_create_line(const Lobby *l, const LobbyNew *g, char *buf, size_t size, CmError *err)
{
    size_t len = 0;
    int me = 0;
    const CmVariant *v = NULL;
    CmError verr;
    if (g->variant[0] == '\0' || catalog_is_path(g->variant) ||
        (l->cat != NULL && (v = catalog_get(l->cat, g->variant, NULL, &verr)) == NULL)) {
        cm_error_set(err, CM_ERR_ARG, 0, 0, "no variant '%.60s' here", g->variant);
        return -1;
    }
    if (v != NULL && v->nseats != g->nseats) {
        cm_error_set(err, CM_ERR_ARG, 0, 0, "%s has %d seats", g->variant, v->nseats);
        return -1;
    }
    char tc[48];
    if (g->days > 0)
        snprintf(tc, sizeof tc, "days:%d", g->days);
    else if (g->base_ms > 0)
        snprintf(tc, sizeof tc, "%lld+%lld", (long long)(g->base_ms / 1000),
                 (long long)(g->inc_ms / 1000));
    else
        snprintf(tc, sizeof tc, "none");
    int64_t base, inc;
    int days;
    if (netgame_tc_parse(tc, &base, &inc, &days) != 0) {
        cm_error_set(err, CM_ERR_ARG, 0, 0,
                     "a clock is 1 s to a day a seat and at most 10 minutes a move, or 1 to 60 "
                     "days a move");
        return -1;
    }
    if (net_line_add(buf, size, &len, "create %s %s %s", g->variant, tc,
                     g->rated ? "rated" : "casual") != 0)
        goto too_long;
    for (int seat = 0; seat < g->nseats; seat++) {
        const LobbyNewSeat *st = &g->seat[seat];
        char letter = v != NULL ? v->seat[seat].letter : (char)('A' + seat);
        int rc = 0;
        switch (st->who) {
        case LOBBY_WHO_ME:
            rc = net_line_add(buf, size, &len, " %c=me", letter);
            me = 1;
            break;
        case LOBBY_WHO_OPEN:
            rc = net_line_add(buf, size, &len, " %c=open", letter);
            break;
        case LOBBY_WHO_INVITE:
            if (!net_name_ok(st->name) || strcmp(st->name, "open") == 0) {
                cm_error_set(err, CM_ERR_ARG, 0, 0,
                             "%s: a player's name is 1 to 32 letters, digits, '_', '-' or '.'",
                             v != NULL ? v->seat[seat].name : "a seat");
                return -1;
            }
            rc = strcmp(st->name, l->me) == 0
                     ? net_line_add(buf, size, &len, " %c=me", letter)
                     : net_line_add(buf, size, &len, " %c=@%s", letter, st->name);
            me |= strcmp(st->name, l->me) == 0;
            break;
        case LOBBY_WHO_ENGINE:
            if (st->level < 1 || st->level > 10) {
                cm_error_set(err, CM_ERR_ARG, 0, 0, "an engine's level is 1 to 10");
                return -1;
            }
            rc = net_line_add(buf, size, &len, " %c=engine:%d", letter, st->level);
            break;
        default:
            rc = -1;
        }
        if (rc != 0)
            goto too_long;
    }
    if (!me) {
        cm_error_set(err, CM_ERR_ARG, 0, 0, "one seat at least must be yours ('me')");
        return -1;
    }
    return 0;
too_long:
    cm_error_set(err, CM_ERR_LIMIT, 0, 0, "the request is too long");
    return -1;
}

CmStatus lobby_create(Lobby *l, const LobbyNew *g, CmError *err)
{
    char line[NET_LINE_MAX + 1];
    if (lobby_create_line(l, g, line, sizeof line, err) != 0)
        return err != NULL ? err->code : CM_ERR_ARG;
    return request(l, err, "%s", line);
}

CmStatus lobby_join(Lobby *l, int64_t id, char letter, CmError *err)
{
    if (letter != 0)
        return request(l, err, "join %lld %c", (long long)id, letter);
    return request(l, err, "join %lld", (long long)id);
}

CmStatus lobby_open(Lobby *l, int64_t id, CmError *err)
{
    if (l->r == NULL)
        return request(l, err, "open %lld", (long long)id);
    RemoteGame *g = remote_game(l->r, id);
    if (g == NULL) {
        if (!remote_up(l->r))
            return cm_error_set(err, CM_ERR_IO, 0, 0, "not connected: %s", remote_status(l->r));
        if (remote_follow(l->r, id) == NULL)
            return cm_error_set(err, CM_ERR_LIMIT, 0, 0,
                                "%d games are followed already: leave one first", REMOTE_GAMES_MAX);
    }
    l->opening = id;
    return CM_OK;
}

CmStatus lobby_leave(Lobby *l, int64_t id, CmError *err)
{
    return request(l, err, "leave %lld", (long long)id);
}

void lobby_close(Lobby *l, int64_t id)
{
    if (l->shown == id)
        l->shown = 0;
    for (int i = 0; i < l->nfollowed; i++)
        if (l->followed[i] == id)
            return; /* one of the player's games: the lobby goes on following it */
    if (l->r != NULL)
        remote_unfollow(l->r, id);
    else
        request(l, NULL, "close %lld", (long long)id);
}

void lobby_away(Lobby *l, const Session *s)
{
    const RemoteGame *g = session_remote_game(s);
    l->shown = 0;
    if (g == NULL)
        return;
    int64_t id = g->ng.id;
    for (int i = 0; i < l->nfollowed; i++)
        if (l->followed[i] == id)
            return;
    /* A game of the player's going on stays followed, so that the others do not see them
     * leave; any other is let go (a game waiting for players comes back to the list once it
     * begins). */
    if (!g->spectator && g->ng.status == NG_PLAYING && l->nfollowed < LOBBY_FOLLOW_MAX) {
        l->followed[l->nfollowed++] = id;
        return;
    }
    lobby_close(l, id);
}

/* ---- The list ---------------------------------------------------------------------------- */

int lobby_order(const Lobby *l, int *order, int max)
{
    int n = 0;
    for (int pass = 0; pass < LOBBY_SECTION_COUNT + 1; pass++) {
        /* The player's games to move in first, then their other games, then the rest. */
        for (int i = 0; i < l->ngames && n < max; i++) {
            const LobbyGame *g = &l->games[i];
            int want = pass == 0   ? g->section == LOBBY_MINE && g->my_turn
                       : pass == 1 ? g->section == LOBBY_MINE && !g->my_turn
                                   : (int)g->section == pass - 1;
            if (want)
                order[n++] = i;
        }
    }
    return n;
}

const LobbyTableOfRatings *lobby_ratings(const Lobby *l, const char *variant)
{
    for (int i = 0; i < l->ntables; i++)
        if (strcmp(l->tables[i].variant, variant) == 0 && l->tables[i].got)
            return &l->tables[i];
    return NULL;
}

int lobby_rating_of(const Lobby *l, const char *variant, const char *name)
{
    const LobbyTableOfRatings *t = lobby_ratings(l, variant);
    for (int i = 0; t != NULL && i < t->n; i++)
        if (strcmp(t->r[i].name, name) == 0)
            return t->r[i].rating;
    return 0;
}

void lobby_clock_text(const LobbyGame *g, uint64_t now, int64_t utc_now, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!g->has_clock || g->status != LOBBY_PLAYING)
        return;
    if (g->deadline > 0) {
        text_until(g->deadline, utc_now, buf, size);
        return;
    }
    if (g->clock_at == 0)
        return;
    int64_t left = g->clock_ms - (now > g->clock_at ? (int64_t)(now - g->clock_at) : 0);
    text_clock(left, buf, size);
}
