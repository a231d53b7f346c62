/* The public keys of a public server (docs/hosting.md): a session that came through ssh says
 * its key first ('key'), a key new to the server signs up for a name ('signup') or joins the
 * player who made a one-time code ('keycode', then 'addkey' from the new key), and a player
 * lists and removes their keys ('keys', 'dropkey').
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* getpwnam_r */
#include "server_int.h"

#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The key of 'c', which has just been kept as 'name''s in the store's turn under way: the
 * connection is that player (taken back with the turn when it fails). */
static void key_named(Server *s, Client *c, const char *name, const char *verb)
{
    srv_uncount(s, c);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->unnamed = 0;
    c->signup_tx = s->tx_no;
    if (srv_named(s, c, verb) != 0)
        return;
    srv_sendf(s, c, "ok %s %s", verb, name);
    srv_log(s, "%s: %s (key %s)", name, strcmp(verb, "signup") == 0 ? "signed up" : "added a key",
            c->key);
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
    if (!net_name_ok(name) || net_name_reserved(name) || net_name_guest(name)) {
        srv_error(s, c, "signup", "bad-name",
                  "a name is 1 to 32 letters, digits, '_', '-' or '.', beginning with a "
                  "letter or digit; not 'open', nor 'uid' and a number, nor 'guest-...'");
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
    key_named(s, c, name, "signup");
}

/* Random bytes for a code: the system's, or, failing that, the clock's. */
static void random_bytes(unsigned char *buf, size_t n)
{
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    ssize_t got = fd >= 0 ? read(fd, buf, n) : -1;
    if (fd >= 0)
        close(fd);
    if (got != (ssize_t)n) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_nsec * 6364136223846793005u + (uint64_t)ts.tv_sec;
        for (size_t i = 0; i < n; i++, x = x * 6364136223846793005u + 1442695040888963407u)
            buf[i] = (unsigned char)(x >> 56);
    }
}

typedef struct KeyList {
    Server *s;
    Client *c;
} KeyList;

static int key_line(void *ud, const char *fingerprint, int64_t added, int banned)
{
    KeyList *l = ud;
    srv_sendf(l->s, l->c, "pubkey %s %lld %s", fingerprint, (long long)added,
              banned                                ? "banned"
              : strcmp(fingerprint, l->c->key) == 0 ? "this"
                                                    : "-");
    return 0;
}

/* A guest has no keys, and makes no code: a key added to a guest's name would be the player of
 * whoever is given that name next. Returns 1, with the refusal sent, for a guest. */
static int guest_refused(Server *s, Client *c, const char *verb)
{
    if (!c->guest)
        return 0;
    srv_error(s, c, verb, "denied", "a guest has no keys: sign up with a key of your own");
    return 1;
}

/* 'keys': the player's keys, oldest first, and which is this connection's. */
void lobby_req_keys(Server *s, Client *c, const NetMsg *m)
{
    (void)m;
    if (guest_refused(s, c, "keys"))
        return;
    CmError err;
    cm_error_init(&err, NULL);
    KeyList l = {s, c};
    int n = 0;
    if (store_keys_of(s->store, c->name, key_line, &l, &n, &err) != CM_OK) {
        srv_error(s, c, "keys", "store", "%s", err.msg);
        return;
    }
    srv_sendf(s, c, "ok keys %d", n);
}

/* 'keycode': a code, good for SRV_CODE_MS and once, that a new key's session gives ('addkey
 * CODE') to be this player's too. A player has one code at a time. */
void lobby_req_keycode(Server *s, Client *c, const NetMsg *m)
{
    (void)m;
    static const char letters[] = "abcdefghijkmnpqrstuvwxyz23456789"; /* no l, o, 0, 1 */
    if (guest_refused(s, c, "keycode"))
        return;
    KeyCode *k = NULL;
    for (int i = 0; i < SRV_CODES_MAX && k == NULL; i++)
        if (strcmp(s->codes[i].name, c->name) == 0)
            k = &s->codes[i];
    if (k == NULL) {
        k = &s->codes[s->code_next];
        s->code_next = (s->code_next + 1) % SRV_CODES_MAX;
    }
    unsigned char r[8];
    random_bytes(r, sizeof r);
    for (int i = 0; i < 8; i++)
        k->code[i] = letters[r[i] % 32];
    k->code[8] = '\0';
    snprintf(k->name, sizeof k->name, "%s", c->name);
    k->until = s->now + SRV_CODE_MS;
    k->spent_tx = 0;
    srv_sendf(s, c, "ok keycode %s %d", k->code, SRV_CODE_MS / 60000);
    srv_log(s, "%s: a code to add a key", c->name);
}

/* 'addkey CODE': a key new to the server becomes the key of the player who made the code. */
void lobby_req_addkey(Server *s, Client *c, const NetMsg *m)
{
    if (!c->unnamed) {
        srv_error(s, c, "addkey", "denied",
                  "only a key new to this server is added, once, before 'hello'");
        return;
    }
    KeyCode *k = NULL;
    for (int i = 0; i < SRV_CODES_MAX && k == NULL; i++)
        if (s->codes[i].code[0] && !s->codes[i].spent_tx &&
            strcmp(s->codes[i].code, m->argv[1]) == 0 && s->now < s->codes[i].until)
            k = &s->codes[i];
    if (k == NULL) {
        srv_error(s, c, "addkey", "denied",
                  "no such code, or it is used or too old: 'keycode' in a session of your "
                  "other key makes one");
        return;
    }
    if (srv_write_begin(s, NULL) != 0)
        return;
    CmError err;
    cm_error_init(&err, NULL);
    if (store_key_add(s->store, c->key, k->name, s->utc, &err) != CM_OK) {
        srv_write_failed(s, &err);
        return;
    }
    k->spent_tx = s->tx_no;
    key_named(s, c, k->name, "addkey");
}

typedef struct KeyFind {
    const char *fingerprint;
    int found;
} KeyFind;

static int key_find(void *ud, const char *fingerprint, int64_t added, int banned)
{
    KeyFind *f = ud;
    (void)added, (void)banned;
    f->found |= strcmp(f->fingerprint, fingerprint) == 0;
    return 0;
}

/* 'dropkey FINGERPRINT': one of the player's keys is forgotten (its connections dropped): it
 * would have to sign up again. A player's last key stays. */
void lobby_req_dropkey(Server *s, Client *c, const NetMsg *m)
{
    const char *fp = m->argv[1];
    if (guest_refused(s, c, "dropkey"))
        return;
    if (!net_key_ok(fp)) {
        srv_syntax(s, c, "a key is named by its fingerprint (SHA256:...), as 'keys' lists it");
        return;
    }
    CmError err;
    cm_error_init(&err, NULL);
    KeyFind f = {fp, 0};
    int n = 0, found = 0;
    if (store_keys_of(s->store, c->name, key_find, &f, &n, &err) != CM_OK) {
        srv_error(s, c, "dropkey", "store", "%s", err.msg);
        return;
    }
    if (!f.found) {
        srv_error(s, c, "dropkey", "no-player", "%s is not a key of yours", fp);
        return;
    }
    if (n <= 1) {
        srv_error(s, c, "dropkey", "denied", "a player keeps a key: add another one first");
        return;
    }
    if (srv_write_begin(s, NULL) != 0)
        return;
    if (store_key_drop(s->store, fp, c->name, &found, &err) != CM_OK) {
        srv_write_failed(s, &err);
        return;
    }
    for (int i = 0; i < s->nclients; i++) {
        Client *o = s->clients[i];
        if (o != c && !o->closing && strcmp(o->key, fp) == 0) {
            srv_sendf(s, o, "error - denied this key was removed from its player");
            srv_close(s, o);
        }
    }
    srv_sendf(s, c, "ok dropkey %s", fp);
    srv_log(s, "%s: removed the key %s", c->name, fp);
}
