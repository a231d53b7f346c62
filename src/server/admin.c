/* The host's requests ('camelot admin', docs/hosting.md): on a connection whose first line was
 * 'admin', believed only from the server's own Unix user (as 'as' and 'key' are; the relays and
 * sessions of players always say a first line of their own, so none of them can be this). The
 * host lists the players, bans or lets back a player or a key (whose connections are dropped at
 * once), mutes or renames a player, ends a game, forgets a rating, tells every connected player
 * something, and reads the limits in force. Each action is logged. SPDX-License-Identifier: MIT */
#include "server_int.h"

#include <stdio.h>
#include <string.h>

/* 'admin', a first line. */
void admin_req_admin(Server *s, Client *c, const NetMsg *m)
{
    (void)m;
    if (c->lines != 1) {
        srv_error(s, c, "admin", "denied", "'admin' may only be the first line");
        return;
    }
    if (!c->trusted) {
        srv_log(s, "%s: asked to be the host, refused (not the server's user)", c->name);
        return;
    }
    c->admin = 1;
    srv_log(s, "%s: the host's connection", c->name);
}

/* Whether 'c' is connected as the player 'name', or with the key 'key'. */
static int is(const Client *c, const char *name, const char *key)
{
    if (key != NULL)
        return strcmp(c->key, key) == 0;
    return c->counted && !c->unnamed && strcmp(c->name, name) == 0;
}

typedef struct PlayerList {
    Server *s;
    Client *c;
    int n;
} PlayerList;

/* 'player NAME KEYS GAMES STANDING SEEN': SEEN is when the player was last connected (UTC
 * seconds; now, when connected; 0, never since the server kept it). */
static int player_line(void *ud, const StorePlayer *p)
{
    PlayerList *l = ud;
    if (l->n == SRV_PLAYERS_PAGE) {
        l->n++;
        return 1;
    }
    int here = srv_person_here(l->s, p->name);
    int64_t seen = srv_seen_at(l->s, p->name);
    if (here)
        seen = l->s->utc;
    else if (p->seen > seen)
        seen = p->seen;
    srv_sendf(l->s, l->c, "player %s %d %d %s%s%s %lld", p->name, p->keys, p->games,
              p->banned ? "banned" : "-", p->muted ? ",muted" : "", here ? ",connected" : "",
              (long long)seen);
    l->n++;
    return 0;
}

/* 'players [AFTER]': the players by name, after AFTER, SRV_PLAYERS_PAGE at most; the answer
 * says 'more' when there are more. */
void admin_req_players(Server *s, Client *c, const NetMsg *m)
{
    const char *after = m->argc > 1 ? m->argv[1] : NULL;
    if (after != NULL && !net_name_ok(after)) {
        srv_error(s, c, "players", "bad-name", "the list goes on after a player's name");
        return;
    }
    CmError err;
    cm_error_init(&err, NULL);
    PlayerList l = {s, c, 0};
    if (store_players(s->store, after, SRV_PLAYERS_PAGE + 1, player_line, &l, &err) != CM_OK) {
        srv_error(s, c, "players", "store", "%s", err.msg);
        return;
    }
    if (l.n > SRV_PLAYERS_PAGE)
        srv_sendf(s, c, "ok players %d more", SRV_PLAYERS_PAGE);
    else
        srv_sendf(s, c, "ok players %d", l.n);
}

/* 'ban WHO', 'unban WHO', 'mute NAME', 'unmute NAME': WHO is a player's name or a key's
 * fingerprint. */
static void standing(Server *s, Client *c, const NetMsg *m, int what, int on)
{
    const char *verb = m->argv[0], *who = m->argv[1];
    int key = net_key_ok(who);
    if (!key && !net_name_ok(who)) {
        srv_error(s, c, verb, "bad-name", "a player's name%s",
                  what == STORE_BAN ? " or a key's "
                                      "fingerprint (SHA256:...)"
                                    : "");
        return;
    }
    if (key && what != STORE_BAN) {
        srv_error(s, c, verb, "bad-name", "a player is muted by name");
        return;
    }
    if (srv_write_begin(s, NULL) != 0)
        return;
    CmError err;
    cm_error_init(&err, NULL);
    int found = 1;
    CmStatus rc = key ? store_key_ban(s->store, who, on, &found, &err)
                      : store_player_set(s->store, who, what, on, s->utc, &err);
    if (rc != CM_OK) {
        srv_write_failed(s, &err);
        return;
    }
    if (!found) {
        srv_error(s, c, verb, "no-player", "no key %s has signed up here", who);
        return;
    }
    int dropped = 0;
    for (int i = 0; i < s->nclients; i++) {
        Client *o = s->clients[i];
        if (o == c || o->closing || !is(o, who, key ? who : NULL))
            continue;
        if (what == STORE_MUTE) {
            o->muted = on;
        } else if (on) {
            srv_sendf(s, o, "error - banned the host of this server has banned %s",
                      key ? "this key" : "you");
            srv_close(s, o);
            dropped++;
        }
    }
    srv_sendf(s, c, "ok %s %s", verb, who);
    srv_log(s, "the host: %s %s%s", verb, who, dropped ? " (its connections dropped)" : "");
}

void admin_req_ban(Server *s, Client *c, const NetMsg *m)
{
    standing(s, c, m, STORE_BAN, 1);
}

void admin_req_unban(Server *s, Client *c, const NetMsg *m)
{
    standing(s, c, m, STORE_BAN, 0);
}

void admin_req_mute(Server *s, Client *c, const NetMsg *m)
{
    standing(s, c, m, STORE_MUTE, 1);
}

void admin_req_unmute(Server *s, Client *c, const NetMsg *m)
{
    standing(s, c, m, STORE_MUTE, 0);
}

void admin_req_end(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    (void)m;
    if (g->ng.status == NG_OVER) {
        srv_error(s, c, "end", "over", "game %lld is over already", (long long)g->ng.id);
        return;
    }
    if (game_end(s, g, -1, "aborted", "The host of this server ended the game.") != 0)
        return;
    srv_sendf(s, c, "ok end %lld", (long long)g->ng.id);
    srv_log(s, "the host: end %lld", (long long)g->ng.id);
}

/* 'rename NAME NEW': a player with no game going on takes another name that nobody has. */
void admin_req_rename(Server *s, Client *c, const NetMsg *m)
{
    const char *name = m->argv[1], *to = m->argv[2];
    if (!net_name_ok(name) || !net_name_ok(to) || net_name_reserved(to) || net_name_guest(to)) {
        srv_error(s, c, "rename", "bad-name",
                  "rename NAME NEW: names of 1 to 32 letters, digits, '_', '-' or '.'; the new "
                  "one not 'open', 'uid' and a number or 'guest-...'");
        return;
    }
    int playing, waits, engines, taken = 0, found = 0;
    srv_games_of(s, name, &playing, &waits, &engines);
    if (playing > 0) {
        srv_error(s, c, "rename", "denied", "%s has %d game%s not over: they end first", name,
                  playing, playing == 1 ? "" : "s");
        return;
    }
    CmError err;
    cm_error_init(&err, NULL);
    if (store_name_taken(s->store, to, &taken, &err) != CM_OK) {
        srv_error(s, c, "rename", "store", "%s", err.msg);
        return;
    }
    if (taken || srv_person_here(s, to)) {
        srv_error(s, c, "rename", "taken", "%s is taken", to);
        return;
    }
    if (srv_write_begin(s, NULL) != 0)
        return;
    if (store_player_rename(s->store, name, to, &found, &err) != CM_OK) {
        srv_write_failed(s, &err);
        return;
    }
    if (!found) {
        srv_error(s, c, "rename", "no-player", "no player %s here", name);
        return;
    }
    tourney_renamed(s, name, to);
    /* Their connections end: they come back as the new name. */
    for (int i = 0; i < s->nclients; i++) {
        Client *o = s->clients[i];
        if (o != c && !o->closing && is(o, name, NULL)) {
            srv_sendf(s, o,
                      "error - denied the host of this server renamed you %s: connect "
                      "again",
                      to);
            srv_close(s, o);
        }
    }
    srv_sendf(s, c, "ok rename %s %s", name, to);
    srv_log(s, "the host: rename %s %s", name, to);
}

void admin_req_reset(Server *s, Client *c, const NetMsg *m)
{
    char variant[NETGAME_VARIANT_MAX];
    if (!net_name_ok(m->argv[1]) || strlen(m->argv[2]) >= NETGAME_VARIANT_MAX) {
        srv_syntax(s, c, NULL);
        return;
    }
    game_variant_name(s, m->argv[2], variant, sizeof variant);
    if (srv_write_begin(s, NULL) != 0)
        return;
    CmError err;
    cm_error_init(&err, NULL);
    int found = 0;
    if (store_rating_reset(s->store, m->argv[1], variant, &found, &err) != CM_OK) {
        srv_write_failed(s, &err);
        return;
    }
    if (!found) {
        srv_error(s, c, "reset", "no-player", "%s has no rating in %s", m->argv[1], variant);
        return;
    }
    srv_sendf(s, c, "ok reset %s %s", m->argv[1], variant);
    srv_log(s, "the host: reset %s %s", m->argv[1], variant);
}

void admin_req_notice(Server *s, Client *c, const NetMsg *m)
{
    if (!net_chat_ok(m->rest[1])) {
        srv_error(s, c, "notice", "bad-text", "1 to %d bytes of text that can be shown",
                  NET_TEXT_MAX);
        return;
    }
    int told = 0;
    for (int i = 0; i < s->nclients; i++) {
        Client *o = s->clients[i];
        if (o->greeted && !o->closing && !o->admin) {
            srv_sendf(s, o, "notice %s", m->rest[1]);
            told++;
        }
    }
    srv_sendf(s, c, "ok notice %d", told);
    srv_log(s, "the host: notice to %d: %s", told, m->rest[1]);
}

void admin_req_limits(Server *s, Client *c, const NetMsg *m)
{
    (void)m;
    for (int i = 0; i < LIMIT_COUNT; i++)
        srv_sendf(s, c, "limit %s %lld", server_limits[i].name, (long long)s->cfg.limit[i]);
    srv_sendf(s, c, "ok limits %d", LIMIT_COUNT);
}
