/* The server's requests that name no game: greeting and naming ('hello', 'as'; a key's are in
 * keys.c), the heartbeat ('ping', 'pong'), the lobby's lists ('variants', 'games', 'ratings')
 * and 'quit'.
 * SPDX-License-Identifier: MIT */
#include "server_int.h"

#include <stdio.h>
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
        srv_guest_name(m->argv[1])) {
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
