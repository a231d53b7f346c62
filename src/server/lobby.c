/* The server's requests that name no game: greeting and naming ('hello', 'as'; a key's are in
 * keys.c), the heartbeat ('ping', 'pong'), the lobby's lists ('variants', 'games', 'ratings')
 * and 'quit'.
 * SPDX-License-Identifier: MIT */
#include "server_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The lobby's requests ------------------------------------------------------------------ */

void lobby_req_variants(Server *s, Client *c, const NetMsg *m)
{
    (void)m;
    const char *const *names;
    int n = catalog_names(&s->cat, &names);
    int shown = 0;
    for (int i = 0; i < n; i++) {
        if (catalog_is_path(names[i]) || strlen(names[i]) >= NETGAME_VARIANT_MAX)
            continue;
        CmError err;
        const CmVariant *v = catalog_get(&s->cat, names[i], NULL, &err);
        if (v == NULL)
            continue;
        char seats[CM_MAX_SEATS + 1];
        for (int k = 0; k < v->nseats; k++)
            seats[k] = v->seat[k].letter;
        seats[v->nseats] = '\0';
        srv_sendf(s, c, "variant %s %s %d", names[i], seats, v->nteams);
        shown++;
    }
    srv_sendf(s, c, "ok variants %d", shown);
}

void lobby_req_games(Server *s, Client *c, const NetMsg *m)
{
    (void)m;
    /* The games of this player first, then those with a free seat, then those under way. */
    int shown = 0;
    char line[NET_LINE_MAX + 1];
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < s->gamecap && shown < SRV_GAMES_LIST_MAX; i++) {
            SGame *g = s->games[i];
            if (g == NULL || g->ng.v == NULL)
                continue;
            int mine = game_involves(g, c->name);
            int open = 0;
            for (int k = 0; k < g->ng.v->nseats; k++)
                open |= g->ng.seat[k].kind == NG_OPEN;
            int want = pass == 0   ? mine && g->ng.status != NG_OVER
                       : pass == 1 ? !mine && g->ng.status == NG_WAITING && open
                                   : !mine && g->ng.status == NG_PLAYING;
            if (!want)
                continue;
            game_lobby_line(g, line, sizeof line);
            srv_send(s, c, line, strlen(line));
            shown++;
        }
    srv_sendf(s, c, "ok games %d", shown);
}

typedef struct RatingList {
    Server *s;
    Client *c;
    const char *variant;
    int n;
} RatingList;

static int rating_line(void *ud, const char *name, const StoreRating *r)
{
    RatingList *l = ud;
    srv_sendf(l->s, l->c, "rating %s %s %.0f %.0f %d", l->variant, name, r->rating, r->rd,
              r->games);
    l->n++;
    return 0;
}

void lobby_req_ratings(Server *s, Client *c, const NetMsg *m)
{
    char variant[NETGAME_VARIANT_MAX];
    if (strlen(m->argv[1]) >= NETGAME_VARIANT_MAX || catalog_is_path(m->argv[1])) {
        srv_syntax(s, c, "a variant is named by its name ('variants')");
        return;
    }
    /* A variant is rated under its own name, however it is written. */
    CmError err;
    game_variant_name(s, m->argv[1], variant, sizeof variant);
    RatingList l = {s, c, variant, 0};
    if (store_ratings(s->store, variant, 100, rating_line, &l, &err) != CM_OK) {
        srv_error(s, c, "ratings", "store", "%s", err.msg);
        return;
    }
    srv_sendf(s, c, "ok ratings %d", l.n);
}

/* ---- A player's history ------------------------------------------------------------------ */

int lobby_page_ok(Server *s, Client *c, const char *verb)
{
    if (c->pages_at == 0)
        c->pages = SRV_PAGES_BURST;
    else
        c->pages += (double)(s->now - c->pages_at) * SRV_PAGES_RATE / 1000.0;
    c->pages_at = s->now ? s->now : 1;
    if (c->pages > SRV_PAGES_BURST)
        c->pages = SRV_PAGES_BURST;
    if (c->pages < 1) {
        srv_error(s, c, verb, "busy", "at most %d pages a second: wait a moment", SRV_PAGES_RATE);
        return 0;
    }
    c->pages -= 1;
    return 1;
}

/* A game over, read from its events: who held each seat at the end (the 'create' event's
 * seats, then 'seat L WHO' and 'engine L N'), its clock, whether it was rated, and the rating
 * change of the player asked about. */
typedef struct PastGame {
    const char *me;
    NetMsg *m;
    char tc[32], rated[16], before[16], after[16];
    int nseats;
    char letter[CM_MAX_SEATS];
    char who[CM_MAX_SEATS][NET_NAME_MAX + 16];
} PastGame;

static void past_seat(PastGame *p, char letter, const char *who)
{
    int k = 0;
    while (k < p->nseats && p->letter[k] != letter)
        k++;
    if (k == p->nseats) {
        if (p->nseats == CM_MAX_SEATS)
            return;
        p->letter[p->nseats++] = letter;
    }
    snprintf(p->who[k], sizeof p->who[k], "%s", who);
}

static int past_event(void *ud, int64_t seq, int audience, int64_t at_ms, const char *body)
{
    (void)seq, (void)audience, (void)at_ms;
    PastGame *p = ud;
    if (net_msg_parse(p->m, body, strlen(body), NULL) != CM_OK)
        return 0;
    const NetMsg *m = p->m;
    const char *k = m->argv[0];
    if (strcmp(k, "create") == 0 && m->argc >= 4) {
        snprintf(p->tc, sizeof p->tc, "%s", m->argv[2]);
        snprintf(p->rated, sizeof p->rated, "%s", m->argv[3]);
        for (int i = 4; i < m->argc; i++)
            if (strlen(m->argv[i]) > 2 && m->argv[i][1] == '=')
                past_seat(p, m->argv[i][0], m->argv[i] + 2);
    } else if (strcmp(k, "seat") == 0 && m->argc == 3 && strlen(m->argv[1]) == 1) {
        past_seat(p, m->argv[1][0], m->argv[2]);
    } else if (strcmp(k, "engine") == 0 && m->argc >= 3 && strlen(m->argv[1]) == 1) {
        char who[NET_NAME_MAX + 16];
        snprintf(who, sizeof who, "engine:%.8s", m->argv[2]);
        past_seat(p, m->argv[1][0], who);
    } else if (strcmp(k, "rating") == 0 && m->argc == 4 && strcmp(m->argv[1], p->me) == 0) {
        snprintf(p->before, sizeof p->before, "%s", m->argv[2]);
        snprintf(p->after, sizeof p->after, "%s", m->argv[3]);
    }
    return 0;
}

typedef struct PastList {
    Server *s;
    Client *c;
    const char *kind; /* "past" (an answer to 'history') or "ended" (news at 'hello') */
    NetMsg *m;
    int n;
    int64_t ids[SRV_HISTORY_PAGE + 1];
    StorePast past[SRV_HISTORY_PAGE + 1];
} PastList;

static int past_row(void *ud, const StorePast *p)
{
    PastList *l = ud;
    l->past[l->n++] = *p;
    return l->n > SRV_HISTORY_PAGE;
}

/* Sends a line 'KIND ID VARIANT TC RATED ENDED RESULT TERMINATION MINE BEFORE AFTER SEAT=WHO...'
 * for each game of 'l' (at most SRV_HISTORY_PAGE): 0, or -1 when the store failed (said). */
static int past_lines(PastList *l, const char *verb)
{
    int shown = l->n > SRV_HISTORY_PAGE ? SRV_HISTORY_PAGE : l->n;
    for (int i = 0; i < shown; i++) {
        const StorePast *sp = &l->past[i];
        PastGame p;
        memset(&p, 0, sizeof p);
        p.me = l->c->name;
        p.m = l->m;
        snprintf(p.before, sizeof p.before, "-");
        snprintf(p.after, sizeof p.after, "-");
        CmError err;
        cm_error_init(&err, NULL);
        if (store_seat_events(l->s->store, sp->id, past_event, &p, &err) != CM_OK) {
            srv_error(l->s, l->c, verb, "store", "%s", err.msg);
            return -1;
        }
        char line[NET_LINE_MAX + 1];
        int at = snprintf(line, sizeof line, "%s %lld %s %s %s %lld %s %s %s %s %s", l->kind,
                          (long long)sp->id, sp->variant, p.tc[0] ? p.tc : "-",
                          p.rated[0] ? p.rated : "-", (long long)sp->ended,
                          sp->result[0] ? sp->result : "-",
                          sp->termination[0] ? sp->termination : "-", sp->mine, p.before, p.after);
        for (int k = 0; k < p.nseats && at > 0 && at < (int)sizeof line; k++)
            at += snprintf(line + at, sizeof line - (size_t)at, " %c=%s", p.letter[k], p.who[k]);
        if (at > 0 && at < (int)sizeof line)
            srv_send(l->s, l->c, line, (size_t)at);
    }
    return 0;
}

static PastList *past_list(Server *s, Client *c, const char *kind, const char *verb)
{
    PastList *l = calloc(1, sizeof *l);
    NetMsg *m = malloc(sizeof *m);
    if (l == NULL || m == NULL) {
        free(l);
        free(m);
        srv_error(s, c, verb, "busy", "the server is short of memory: try again");
        return NULL;
    }
    l->s = s;
    l->c = c;
    l->kind = kind;
    l->m = m;
    return l;
}

static void past_free(PastList *l)
{
    free(l->m);
    free(l);
}

/* 'history [BEFORE]': the player's games over, newest first, a page at a time; the answer
 * ends 'ok history N more' when older ones follow (asked for with the last id shown). */
void lobby_req_history(Server *s, Client *c, const NetMsg *m)
{
    int64_t before = 0;
    if (m->argc > 1 && !net_game_id(m->argv[1], &before)) {
        srv_syntax(s, c, "the list goes on before a game's id");
        return;
    }
    if (!lobby_page_ok(s, c, "history"))
        return;
    PastList *l = past_list(s, c, "past", "history");
    if (l == NULL)
        return;
    CmError err;
    cm_error_init(&err, NULL);
    if (store_history(s->store, c->name, before, 0, SRV_HISTORY_PAGE + 1, 0, past_row, l, &err) !=
        CM_OK)
        srv_error(s, c, "history", "store", "%s", err.msg);
    else if (past_lines(l, "history") == 0)
        srv_sendf(s, c, "ok history %d%s", l->n > SRV_HISTORY_PAGE ? SRV_HISTORY_PAGE : l->n,
                  l->n > SRV_HISTORY_PAGE ? " more" : "");
    past_free(l);
}

/* At 'hello': the games of the player that ended while they were away (from the second they
 * were last here, with no other connection of theirs: a game that ended in the second they
 * left is told too, rather than missed), a line 'ended ...' each, as 'history' gives them;
 * the newest SRV_HISTORY_PAGE. Only the player's last seats are looked at, as many as they may
 * have in games going on and a page more: a hello costs the same whatever their life of games.
 * Nothing
 * for a player never seen, or when the store fails (the history has them). */
static void ended_news(Server *s, Client *c)
{
    if (c->admin || c->guest)
        return;
    for (int i = 0; i < s->nclients; i++) {
        const Client *o = s->clients[i];
        if (o != c && o->greeted && !o->closing && strcmp(o->name, c->name) == 0)
            return;
    }
    int64_t since = srv_seen_at(s, c->name);
    CmError err;
    cm_error_init(&err, NULL);
    if (since == 0 && store_seen_get(s->store, c->name, &since, &err) != CM_OK) {
        srv_log(s, "%s", err.msg);
        return;
    }
    if (since == 0)
        return;
    PastList *l = past_list(s, c, "ended", "hello");
    if (l == NULL)
        return;
    if (store_history(s->store, c->name, 0, since, SRV_HISTORY_PAGE,
                      ((int)s->cfg.limit[LIMIT_GAMES] + SRV_HISTORY_PAGE) * CM_MAX_SEATS, past_row,
                      l, &err) != CM_OK)
        srv_log(s, "%s", err.msg);
    else
        past_lines(l, "hello");
    past_free(l);
}

/* ---- A player's page ------------------------------------------------------------------- */

/* How one player did against each other person, over their last games. */
typedef struct Versus {
    char name[NET_NAME_MAX + 1];
    int won, drawn, lost;
} Versus;

typedef struct Profile {
    Server *s;
    Client *c;
    const char *me;
    /* The game being read: its rows come together. */
    int64_t game;
    char variant[NETGAME_VARIANT_MAX], result[16];
    int nseats;
    char letter[CM_MAX_SEATS];
    char who[CM_MAX_SEATS][NET_NAME_MAX + 1];
    Versus *vs;
    int nvs;
} Profile;

static Versus *versus_of(Profile *p, const char *name)
{
    for (int i = 0; i < p->nvs; i++)
        if (strcmp(p->vs[i].name, name) == 0)
            return &p->vs[i];
    if (p->nvs == SRV_VERSUS_KEPT)
        return NULL;
    Versus *v = &p->vs[p->nvs++];
    memset(v, 0, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", name);
    return v;
}

/* The game read: against each person of another team, a win (the player's team won), a draw,
 * or a loss (that person's team won). A game with no result counts for nothing. */
static void profile_game(Profile *p)
{
    if (p->nseats == 0 || p->result[0] == '\0')
        return;
    CmError err;
    const CmVariant *v = catalog_get(&p->s->cat, p->variant, NULL, &err);
    int team[CM_MAX_SEATS], mine = -1;
    for (int k = 0; k < p->nseats; k++) {
        team[k] = 100 + k; /* a variant gone from the server: each seat a team of its own */
        for (int i = 0; v != NULL && i < v->nseats; i++)
            if (v->seat[i].letter == p->letter[k])
                team[k] = v->seat[i].team;
        if (strcmp(p->who[k], p->me) == 0)
            mine = k;
    }
    if (mine < 0)
        return;
    int draw = strcmp(p->result, "draw") == 0;
    int won = !draw && strchr(p->result, p->letter[mine]) != NULL;
    for (int k = 0; k < p->nseats; k++) {
        if (team[k] == team[mine] || strcmp(p->who[k], p->me) == 0)
            continue;
        int they_won = !draw && strchr(p->result, p->letter[k]) != NULL;
        Versus *vs = draw || won || they_won ? versus_of(p, p->who[k]) : NULL;
        if (vs != NULL) {
            vs->drawn += draw;
            vs->won += won;
            vs->lost += they_won;
        }
    }
}

static int profile_seat(void *ud, int64_t game, const char *variant, const char *result, char seat,
                        const char *name)
{
    Profile *p = ud;
    if (game != p->game) {
        profile_game(p);
        p->game = game;
        p->nseats = 0;
        snprintf(p->variant, sizeof p->variant, "%s", variant);
        snprintf(p->result, sizeof p->result, "%s", result);
    }
    if (p->nseats < CM_MAX_SEATS) {
        p->letter[p->nseats] = seat;
        snprintf(p->who[p->nseats], sizeof p->who[p->nseats], "%s", name);
        p->nseats++;
    }
    return 0;
}

static int profile_rating(void *ud, const char *variant, const StoreRating *r)
{
    Profile *p = ud;
    srv_sendf(p->s, p->c, "standing %s %.0f %.0f %d", variant, r->rating, r->rd, r->games);
    return 0;
}

static int versus_cmp(const void *a, const void *b)
{
    const Versus *x = a, *y = b;
    int nx = x->won + x->drawn + x->lost, ny = y->won + y->drawn + y->lost;
    return nx != ny ? ny - nx : strcmp(x->name, y->name);
}

/* 'profile NAME': a player's page: when they came, their games over, their rating in each
 * variant, and how they did against the people they met most, over their last
 * SRV_PROFILE_GAMES games. One's own page is there before one's first game (empty). */
void lobby_req_profile(Server *s, Client *c, const NetMsg *m)
{
    const char *name = m->argv[1];
    if (!net_name_ok(name)) {
        srv_error(s, c, "profile", "bad-name", "a player is named by their name");
        return;
    }
    if (!lobby_page_ok(s, c, "profile"))
        return;
    int64_t created = 0;
    int games = 0, found = 0;
    CmError err;
    cm_error_init(&err, NULL);
    Profile p;
    memset(&p, 0, sizeof p);
    p.s = s;
    p.c = c;
    p.me = name;
    p.vs = calloc(SRV_VERSUS_KEPT, sizeof *p.vs);
    if (p.vs == NULL) {
        srv_error(s, c, "profile", "busy", "the server is short of memory: try again");
        return;
    }
    if (store_profile(s->store, name, &created, &games, &found, &err) != CM_OK ||
        (found &&
         store_seats_of(s->store, name, SRV_PROFILE_GAMES, profile_seat, &p, &err) != CM_OK)) {
        srv_error(s, c, "profile", "store", "%s", err.msg);
    } else if (!found && strcmp(name, c->name) != 0) {
        srv_error(s, c, "profile", "no-player", "nobody called %s has played here", name);
    } else {
        profile_game(&p);
        srv_sendf(s, c, "profile %s %lld %d", name, (long long)created, games);
        if (store_ratings_of(s->store, name, profile_rating, &p, &err) != CM_OK) {
            srv_error(s, c, "profile", "store", "%s", err.msg);
        } else {
            qsort(p.vs, (size_t)p.nvs, sizeof *p.vs, versus_cmp);
            for (int i = 0; i < p.nvs && i < SRV_VERSUS_SHOWN; i++)
                srv_sendf(s, c, "versus %s %d %d %d", p.vs[i].name, p.vs[i].won, p.vs[i].drawn,
                          p.vs[i].lost);
            srv_sendf(s, c, "ok profile %s", name);
        }
    }
    free(p.vs);
}

void lobby_req_hello(Server *s, Client *c, const NetMsg *m)
{
    int64_t version;
    if (!net_int(m->argv[1], 0, 1000000, &version)) {
        srv_syntax(s, c, "the version is a number");
        return;
    }
    if (version != NET_VERSION) {
        srv_sendf(s, c, "error hello version this server speaks version %d", NET_VERSION);
        srv_close(s, c);
        return;
    }
    if (c->unnamed) {
        /* Not closed: the key may sign up, then say hello again. */
        srv_error(s, c, "hello", "signup",
                  "this key has no player here yet: choose a name with 'signup NAME' (a "
                  "session through ssh with a terminal asks for one)");
        return;
    }
    int banned = 0;
    CmError err;
    cm_error_init(&err, NULL);
    if (!c->admin && store_flags(s->store, c->name, c->key[0] ? c->key : NULL, &banned, &c->muted,
                                 &err) != CM_OK) {
        srv_error(s, c, "hello", "store", "the server could not read its players: try again");
        srv_log(s, "%s", err.msg);
        srv_close(s, c);
        return;
    }
    if (banned) {
        srv_error(s, c, "hello", "banned", "the host of this server has banned %s",
                  c->key[0] ? "this key or its player" : "you");
        srv_log(s, "%s: banned, refused", c->name);
        srv_close(s, c);
        return;
    }
    if (srv_named(s, c, "hello") != 0)
        return;
    c->greeted = 1;
    srv_sendf(s, c, "ok hello %d %s", NET_VERSION, c->name);
    ended_news(s, c);
    srv_seen(s, c);
    srv_log(s, "%s: connected (uid %lu, pid %ld)", c->name, (unsigned long)c->uid, (long)c->pid);
}

/* 'as NAME' or 'as', the first line of a relay: who the connection speaks for. Believed only
 * from the server's own user; from anyone else it changes nothing. A name that only a fallback
 * may have ('uidNUMBER') is never taken. */
void lobby_req_as(Server *s, Client *c, const NetMsg *m)
{
    if (c->lines != 1) {
        srv_error(s, c, "as", "denied", "'as' may only be the first line");
        return;
    }
    if (m->argc == 1) {
        srv_named(s, c, "as");
        return;
    }
    if (m->argc != 2 || !net_name_ok(m->argv[1]) || net_name_reserved(m->argv[1]) ||
        net_name_guest(m->argv[1])) {
        srv_error(s, c, "as", "bad-name",
                  "a name is 1 to 32 letters, digits, '_', '-' or '.', beginning with a "
                  "letter or digit; not 'open', nor 'uid' and a number, nor 'guest-...'");
        srv_close(s, c);
        return;
    }
    if (!c->trusted) {
        srv_log(s, "%s: asked to be %s, refused (not the server's user)", c->name, m->argv[1]);
        return;
    }
    snprintf(c->name, sizeof c->name, "%s", m->argv[1]);
    srv_named(s, c, "as");
}

void lobby_req_ping(Server *s, Client *c, const NetMsg *m)
{
    if (strlen(m->argv[1]) <= 32 && net_move_id_ok(m->argv[1]))
        srv_sendf(s, c, "pong %s", m->argv[1]);
    else
        srv_syntax(s, c, "a token is 1 to 16 letters or digits");
}

void lobby_req_pong(Server *s, Client *c, const NetMsg *m)
{
    (void)s, (void)c, (void)m;
}

void lobby_req_quit(Server *s, Client *c, const NetMsg *m)
{
    (void)m;
    srv_sendf(s, c, "ok quit");
    srv_close(s, c);
}
