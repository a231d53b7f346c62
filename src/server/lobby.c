/* The server's requests that name no game: greeting and naming ('hello', 'as', 'key',
 * 'signup'), the heartbeat ('ping', 'pong'), the lobby's lists ('variants', 'games',
 * 'ratings') and 'quit'.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* getpwnam_r */
#include "server_int.h"

#include <pwd.h>
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
    if (m->argc != 2 || !net_name_ok(m->argv[1]) || net_name_reserved(m->argv[1])) {
        srv_error(s, c, "as", "bad-name",
                  "a name is 1 to 32 letters, digits, '_', '-' or '.', beginning with a "
                  "letter or digit; not 'open', nor 'uid' and a number");
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

/* 'key FINGERPRINT', the first line of a session that came through ssh with a public key
 * ('camelot host session', which sshd ran for that key): the connection is the key's player,
 * or, for a key never seen, nobody until it signs up. Believed only from the server's own
 * user, as 'as' is; from anyone else it changes nothing. */
void lobby_req_key(Server *s, Client *c, const NetMsg *m)
{
    if (c->lines != 1) {
        srv_error(s, c, "key", "denied", "'key' may only be the first line");
        return;
    }
    if (!net_key_ok(m->argv[1])) {
        srv_syntax(s, c, "a key is named by its fingerprint: SHA256: and 43 letters of base64");
        srv_close(s, c);
        return;
    }
    if (!c->trusted) {
        srv_log(s, "%s: said a key, refused (not the server's user)", c->name);
        return;
    }
    char name[NET_NAME_MAX + 1];
    int found;
    CmError err;
    cm_error_init(&err, NULL);
    if (store_key_get(s->store, m->argv[1], name, sizeof name, &found, &err) != CM_OK) {
        srv_error(s, c, "key", "store", "the server could not read its keys: try again shortly");
        srv_log(s, "%s", err.msg);
        srv_close(s, c);
        return;
    }
    snprintf(c->key, sizeof c->key, "%s", m->argv[1]);
    if (!found) {
        srv_unname(s, c);
        if (!c->counted)
            srv_named(s, c, "key"); /* refused: as many as a person may have */
        else
            srv_log(s, "key %s: new, to sign up", c->key);
        return;
    }
    snprintf(c->name, sizeof c->name, "%s", name);
    srv_named(s, c, "key");
}

/* Whether 'name' is a Unix user's of this machine: such a user, connecting here, is that
 * player, so no key may sign up as one. */
static int unix_user(const char *name)
{
    struct passwd pw, *res = NULL;
    char tmp[2048];
    return getpwnam_r(name, &pw, tmp, sizeof tmp, &res) == 0 && res != NULL;
}

/* 'signup NAME': a key never seen takes a name for good, one that no player has in any case,
 * no Unix user of this machine has and no person connected now is. */
void lobby_req_signup(Server *s, Client *c, const NetMsg *m)
{
    const char *name = m->argv[1];
    if (!c->unnamed) {
        srv_error(s, c, "signup", "denied",
                  "only a key new to this server signs up, once, before 'hello'");
        return;
    }
    if (!net_name_ok(name) || net_name_reserved(name)) {
        srv_error(s, c, "signup", "bad-name",
                  "a name is 1 to 32 letters, digits, '_', '-' or '.', beginning with a "
                  "letter or digit; not 'open', nor 'uid' and a number");
        return;
    }
    CmError err;
    cm_error_init(&err, NULL);
    char had[NET_NAME_MAX + 1];
    int found = 0, taken = 0;
    if (store_key_get(s->store, c->key, had, sizeof had, &found, &err) != CM_OK ||
        store_name_taken(s->store, name, &taken, &err) != CM_OK) {
        srv_error(s, c, "signup", "store", "the server could not read its players: try again");
        srv_log(s, "%s", err.msg);
        return;
    }
    if (found) {
        srv_error(s, c, "signup", "denied",
                  "this key signed up meanwhile, as %s: connect again to be that player", had);
        return;
    }
    if (taken || unix_user(name) || srv_person_here(s, name)) {
        srv_error(s, c, "signup", "taken", "%s is taken: choose another name", name);
        return;
    }
    if (srv_write_begin(s, NULL) != 0)
        return;
    if (store_key_add(s->store, c->key, name, s->utc, &err) != CM_OK) {
        srv_write_failed(s, &err);
        return;
    }
    srv_uncount(s, c);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->unnamed = 0;
    c->signup_tx = s->tx_no;
    if (srv_named(s, c, "signup") != 0)
        return;
    srv_sendf(s, c, "ok signup %s", name);
    srv_log(s, "%s: signed up (key %s)", name, c->key);
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
