/* The server's store (src/server/store.c, SQLite): a database made and opened again, events
 * kept in order and refused when they repeat or name no game, a transaction rolled back
 * leaving nothing, statuses, the players of games and the lists of games, ratings, and the
 * schema's versions: a database of version 1 with games in it brought to version 2 (its data
 * kept, the players of its games found from their events), and one of a newer version
 * refused.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server/store.h"
#include "testutil.h"

/* A database in a fresh temporary directory. */
typedef struct Db {
    char dir[256];
    char path[300];
} Db;

static void db_path(Db *d)
{
    tu_temp_dir(d->dir, sizeof d->dir);
    snprintf(d->path, sizeof d->path, "%s/server.db", d->dir);
}

static Store *open_store(const char *path)
{
    Store *st = NULL;
    CmError err;
    cm_error_init(&err, NULL);
    if (store_open(path, 1, STORE_CHECK_QUICK, &st, &err) != CM_OK)
        fail_msg("store_open: %s", err.msg);
    assert_non_null(st);
    return st;
}

/* The events of a game, as "SEQ/AUDIENCE BODY" lines. */
typedef struct Walk {
    char text[4096];
    size_t len;
    int n, stop_after;
} Walk;

static int walk_event(void *ud, int64_t seq, int audience, int64_t at_ms, const char *body)
{
    Walk *w = ud;
    (void)at_ms;
    w->len += (size_t)snprintf(w->text + w->len, sizeof w->text - w->len, "%lld/%d %s\n",
                               (long long)seq, audience, body);
    return ++w->n == w->stop_after;
}

/* The times of a game's events. */
typedef struct TimedWalk {
    int64_t at_ms[16];
    int n;
} TimedWalk;

static int timed_event(void *ud, int64_t seq, int audience, int64_t at_ms, const char *body)
{
    TimedWalk *t = ud;
    (void)seq, (void)audience, (void)body;
    if (t->n < 16)
        t->at_ms[t->n++] = at_ms;
    return 0;
}

static void timed_events(Store *st, int64_t game, TimedWalk *t)
{
    memset(t, 0, sizeof *t);
    CmError err;
    if (store_events(st, game, 0, timed_event, t, &err) != CM_OK)
        fail_msg("store_events: %s", err.msg);
}

static const char *events_of(Store *st, int64_t game, int64_t after, Walk *w)
{
    memset(w, 0, sizeof *w);
    CmError err;
    if (store_events(st, game, after, walk_event, w, &err) != CM_OK)
        fail_msg("store_events: %s", err.msg);
    return w->text;
}

static int walk_game(void *ud, int64_t id, const char *variant, const char *status)
{
    Walk *w = ud;
    w->len += (size_t)snprintf(w->text + w->len, sizeof w->text - w->len, "%lld %s %s\n",
                               (long long)id, variant, status);
    w->n++;
    return 0;
}

static const char *games_of(Store *st, const char *name, int max, Walk *w)
{
    memset(w, 0, sizeof *w);
    CmError err;
    if (store_games(st, name, max, walk_game, w, &err) != CM_OK)
        fail_msg("store_games: %s", err.msg);
    return w->text;
}

static int64_t new_game(Store *st, const char *variant, int64_t utc)
{
    int64_t id = -1;
    CmError err;
    if (store_game_new(st, variant, utc, &id, &err) != CM_OK)
        fail_msg("store_game_new: %s", err.msg);
    return id;
}

static void event(Store *st, int64_t game, int64_t seq, int audience, const char *body)
{
    CmError err;
    if (store_event(st, game, seq, audience, 1000 + seq, body, &err) != CM_OK)
        fail_msg("store_event %lld: %s", (long long)seq, err.msg);
}

static void test_store_open_and_events(void **state)
{
    (void)state;
    Db d;
    Walk w;
    CmError err;
    db_path(&d);
    Store *st = open_store(d.path);
    assert_int_equal(store_version(st), STORE_VERSION);
    assert_int_equal(access(d.path, F_OK), 0);
    int64_t a = new_game(st, "camette", 100);
    int64_t b = new_game(st, "grand-camelot", 101);
    assert_int_equal(a, 1);
    assert_int_equal(b, 2);
    /* Kept in order of their numbers, whatever the order they came in. */
    event(st, a, 3, 0, "start W=1,B=1");
    event(st, a, 1, 0, "create camette 1+0 casual W=alice B=bob");
    event(st, b, 1, 0, "create grand-camelot none casual R=alice G=open B=open Y=open");
    event(st, a, 2, 2, "kibitz eve a quiet one");
    event(st, a, 4, 1, "chat alice it's 'quoted'; -- and \"this\"");
    assert_string_equal(events_of(st, a, 0, &w), "1/0 create camette 1+0 casual W=alice B=bob\n"
                                                 "2/2 kibitz eve a quiet one\n"
                                                 "3/0 start W=1,B=1\n"
                                                 "4/1 chat alice it's 'quoted'; -- and \"this\"\n");
    assert_string_equal(events_of(st, a, 2, &w),
                        "3/0 start W=1,B=1\n4/1 chat alice it's 'quoted'; -- and \"this\"\n");
    assert_string_equal(events_of(st, a, 4, &w), "");
    assert_string_equal(events_of(st, 99, 0, &w), "");
    /* The walk stops when it is told to. */
    memset(&w, 0, sizeof w);
    w.stop_after = 2;
    assert_int_equal(store_events(st, a, 0, walk_event, &w, &err), CM_OK);
    assert_int_equal(w.n, 2);
    /* An event twice, or of a game that does not exist, is refused and changes nothing. */
    cm_error_init(&err, NULL);
    assert_int_equal(store_event(st, a, 3, 0, 5, "start again", &err), CM_ERR_IO);
    assert_true(err.msg[0] != '\0');
    assert_int_equal(store_event(st, 77, 1, 0, 5, "create camette none casual W=x B=y", &err),
                     CM_ERR_IO);
    assert_int_equal(events_of(st, a, 0, &w)[0], '1');
    assert_int_equal(w.n, 4);
    assert_string_equal(events_of(st, 77, 0, &w), "");
    store_close(st);

    /* Open again: all of it is there, and the ids go on. */
    st = open_store(d.path);
    assert_int_equal(store_version(st), STORE_VERSION);
    events_of(st, a, 0, &w);
    assert_int_equal(w.n, 4);
    assert_int_equal(new_game(st, "camelot", 102), 3);
    assert_string_equal(games_of(st, NULL, 0, &w),
                        "1 camette waiting\n2 grand-camelot waiting\n3 camelot waiting\n");
    store_close(st);
    store_close(NULL);
    tu_remove_tree(d.dir);
}

static void test_store_transactions(void **state)
{
    (void)state;
    Db d;
    Walk w;
    CmError err;
    db_path(&d);
    Store *st = open_store(d.path);
    int64_t kept = new_game(st, "camette", 1);
    event(st, kept, 1, 0, "create camette none casual W=alice B=bob");

    /* Rolled back: nothing of it is left, the game's id is given again. */
    assert_int_equal(store_begin(st, &err), CM_OK);
    assert_int_equal(store_in_transaction(st), 1);
    assert_int_equal(store_begin(st, &err), CM_OK); /* within one, nothing more */
    int64_t lost = new_game(st, "camelot", 2);
    event(st, lost, 1, 0, "create camelot none casual W=carol B=dave");
    event(st, kept, 2, 0, "seat B bob");
    assert_int_equal(store_game_player(st, lost, 'W', "carol", &err), CM_OK);
    StoreRating r = {1600, 80, 0.06, 3, 50};
    assert_int_equal(store_rating_put(st, "carol", "camelot", &r, &err), CM_OK);
    store_rollback(st);
    assert_int_equal(store_in_transaction(st), 0);
    assert_string_equal(games_of(st, NULL, 0, &w), "1 camette waiting\n");
    assert_string_equal(events_of(st, kept, 0, &w),
                        "1/0 create camette none casual W=alice B=bob\n");
    assert_string_equal(events_of(st, lost, 0, &w), "");
    assert_string_equal(games_of(st, "carol", 10, &w), "");
    int found = 1;
    assert_int_equal(store_rating_get(st, "carol", "camelot", &r, &found, &err), CM_OK);
    assert_int_equal(found, 0);
    assert_int_equal(new_game(st, "camelot", 3), lost);

    /* Committed: all of it, also after the store is closed and opened again. */
    assert_int_equal(store_begin(st, &err), CM_OK);
    event(st, kept, 2, 0, "seat B bob");
    event(st, kept, 3, 0, "start -");
    assert_int_equal(store_commit(st, &err), CM_OK);
    assert_int_equal(store_in_transaction(st), 0);
    assert_int_equal(store_commit(st, &err), CM_OK); /* none open: nothing to do */

    /* Closed in the middle of one: rolled back. */
    assert_int_equal(store_begin(st, &err), CM_OK);
    event(st, kept, 4, 0, "end W resignation Black resigns.");
    store_close(st);
    st = open_store(d.path);
    events_of(st, kept, 0, &w);
    assert_int_equal(w.n, 3);
    tu_assert_contains(w.text, "3/0 start -\n");
    store_close(st);
    tu_remove_tree(d.dir);
}

static void test_store_games_and_players(void **state)
{
    (void)state;
    Db d;
    Walk w;
    CmError err;
    db_path(&d);
    Store *st = open_store(d.path);
    int64_t g[5];
    for (int i = 0; i < 5; i++)
        g[i] = new_game(st, i % 2 ? "camelot" : "camette", 10 + i);
    /* alice in games 1, 2, 4 and 5; bob in 2; carol in 3, who then leaves it. */
    assert_int_equal(store_game_player(st, g[0], 'W', "alice", &err), CM_OK);
    assert_int_equal(store_game_player(st, g[1], 'W', "alice", &err), CM_OK);
    assert_int_equal(store_game_player(st, g[1], 'B', "bob", &err), CM_OK);
    assert_int_equal(store_game_player(st, g[2], 'B', "carol", &err), CM_OK);
    assert_int_equal(store_game_player(st, g[3], 'W', "alice", &err), CM_OK);
    assert_int_equal(store_game_player(st, g[4], 'B', "alice", &err), CM_OK);
    assert_int_equal(store_game_player(st, g[4], 'W', "alice", &err), CM_OK); /* two seats */
    assert_int_equal(store_game_player(st, g[2], 'B', NULL, &err), CM_OK);
    /* A seat's player replaced. */
    assert_int_equal(store_game_player(st, g[1], 'B', "dave", &err), CM_OK);

    /* A player's games: newest first, once each, at most 'max'. */
    assert_string_equal(games_of(st, "alice", 10, &w),
                        "5 camette waiting\n4 camelot waiting\n2 camelot waiting\n"
                        "1 camette waiting\n");
    assert_string_equal(games_of(st, "alice", 2, &w), "5 camette waiting\n4 camelot waiting\n");
    assert_string_equal(games_of(st, "bob", 10, &w), "");
    assert_string_equal(games_of(st, "dave", 10, &w), "2 camelot waiting\n");
    assert_string_equal(games_of(st, "carol", 10, &w), "");
    assert_string_equal(games_of(st, "nobody", 10, &w), "");

    /* The games not over, oldest first; a status and its result. */
    assert_int_equal(store_game_status(st, g[1], "playing", NULL, NULL, 20, &err), CM_OK);
    assert_int_equal(store_game_status(st, g[3], "over", "W", "castle", 30, &err), CM_OK);
    assert_string_equal(games_of(st, NULL, 0, &w),
                        "1 camette waiting\n2 camelot playing\n3 camette waiting\n"
                        "5 camette waiting\n");
    tu_assert_contains(games_of(st, "alice", 10, &w), "4 camelot over\n");
    assert_int_equal(store_game_status(st, g[3], "playing", NULL, NULL, 31, &err), CM_OK);
    assert_int_equal(games_of(st, NULL, 0, &w)[0], '1');
    assert_int_equal(w.n, 5);
    store_close(st);
    tu_remove_tree(d.dir);
}

typedef struct RatingRows {
    char text[1024];
    size_t len;
} RatingRows;

static int rating_row(void *ud, const char *name, const StoreRating *r)
{
    RatingRows *rows = ud;
    rows->len += (size_t)snprintf(rows->text + rows->len, sizeof rows->text - rows->len,
                                  "%s %.1f %.1f %.3f %d %lld\n", name, r->rating, r->rd, r->vol,
                                  r->games, (long long)r->updated);
    return 0;
}

static void test_store_ratings(void **state)
{
    (void)state;
    Db d;
    CmError err;
    db_path(&d);
    Store *st = open_store(d.path);
    StoreRating r = {-1, -1, -1, -1, -1};
    int found = 7;
    assert_int_equal(store_rating_get(st, "alice", "camelot", &r, &found, &err), CM_OK);
    assert_int_equal(found, 0);
    assert_true(r.rating == -1 && r.games == -1); /* untouched */

    StoreRating a = {1612.5, 75.25, 0.0599, 4, 1700000000};
    StoreRating b = {1490, 120, 0.06, 1, 1700000100};
    StoreRating c = {1612.5, 90, 0.06, 2, 1700000200};
    assert_int_equal(store_rating_put(st, "alice", "camelot", &a, &err), CM_OK);
    assert_int_equal(store_rating_put(st, "bob", "camelot", &b, &err), CM_OK);
    assert_int_equal(store_rating_put(st, "aaron", "camelot", &c, &err), CM_OK);
    assert_int_equal(store_rating_put(st, "bob", "camette", &a, &err), CM_OK);
    assert_int_equal(store_rating_get(st, "alice", "camelot", &r, &found, &err), CM_OK);
    assert_int_equal(found, 1);
    assert_true(r.rating == a.rating && r.rd == a.rd && r.vol == a.vol);
    assert_int_equal(r.games, 4);
    assert_true(r.updated == a.updated);
    /* Replaced, not added. */
    b.rating = 1510;
    b.games = 2;
    assert_int_equal(store_rating_put(st, "bob", "camelot", &b, &err), CM_OK);

    /* Best first; equal ratings by name; at most 'max'; one variant's. */
    RatingRows rows = {.len = 0};
    rows.text[0] = '\0';
    assert_int_equal(store_ratings(st, "camelot", 10, rating_row, &rows, &err), CM_OK);
    assert_string_equal(rows.text, "aaron 1612.5 90.0 0.060 2 1700000200\n"
                                   "alice 1612.5 75.2 0.060 4 1700000000\n"
                                   "bob 1510.0 120.0 0.060 2 1700000100\n");
    rows.len = 0;
    rows.text[0] = '\0';
    assert_int_equal(store_ratings(st, "camelot", 1, rating_row, &rows, &err), CM_OK);
    assert_string_equal(rows.text, "aaron 1612.5 90.0 0.060 2 1700000200\n");
    rows.len = 0;
    rows.text[0] = '\0';
    assert_int_equal(store_ratings(st, "camette", 10, rating_row, &rows, &err), CM_OK);
    assert_string_equal(rows.text, "bob 1612.5 75.2 0.060 4 1700000000\n");
    rows.len = 0;
    rows.text[0] = '\0';
    assert_int_equal(store_ratings(st, "x' OR '1'='1", 10, rating_row, &rows, &err), CM_OK);
    assert_string_equal(rows.text, "");
    store_close(st);
    tu_remove_tree(d.dir);
}

/* ---- The schema's versions ---------------------------------------------------------------- */

static void exec(Store *st, const char *sql)
{
    CmError err;
    cm_error_init(&err, NULL);
    if (store_exec(st, sql, &err) != CM_OK)
        fail_msg("%s: %s", sql, err.msg);
}

static void test_store_migration(void **state)
{
    (void)state;
    Db d;
    Walk w;
    CmError err;
    db_path(&d);
    Store *st = NULL;
    assert_int_equal(store_open_old(d.path, 0, &st, &err), CM_ERR_ARG);
    assert_int_equal(store_open_old(d.path, STORE_VERSION + 1, &st, &err), CM_ERR_ARG);
    assert_null(st);

    /* Version 1, with games as a server of that version kept them: alice made game 1 and
     * invited bob, who took his seat; carol made game 2, dave sat and left again, and erin
     * took his place; in game 3 frank's seat went to the engine (a claim); game 4 has no one. */
    assert_int_equal(store_open_old(d.path, 1, &st, &err), CM_OK);
    assert_int_equal(store_version(st), 1);
    exec(st, "INSERT INTO games (variant, created, status) VALUES ('camette', 10, 'playing'),"
             " ('camelot', 11, 'waiting'), ('grand-camelot', 12, 'playing'),"
             " ('camette', 13, 'waiting');"
             "INSERT INTO events (game, seq, audience, at, body) VALUES"
             " (1, 1, 0, 10, 'create camette 300+2 casual W=alice B=@bob'),"
             " (1, 2, 0, 11, 'seat B bob'),"
             " (1, 3, 0, 12, 'start W=300000,B=300000'),"
             " (1, 4, 0, 13, 'move 0 C3-B2 m1 W=301000,B=300000'),"
             " (1, 5, 1, 14, 'chat bob seat B alice, said bob'),"
             " (2, 1, 0, 20, 'create camelot none casual W=carol B=open'),"
             " (2, 2, 0, 21, 'seat B dave'),"
             " (2, 3, 0, 22, 'seat B open'),"
             " (2, 4, 0, 23, 'seat B erin'),"
             " (3, 1, 0, 30, 'create grand-camelot none casual R=frank G=engine:3 B=@gina "
             "Y=open'),"
             " (3, 2, 0, 31, 'seat B gina'),"
             " (3, 3, 0, 32, 'seat Y hal'),"
             " (3, 4, 0, 33, 'start -'),"
             " (3, 5, 0, 34, 'engine R 5'),"
             " (4, 1, 0, 40, 'create camette none casual W=open B=open');"
             "INSERT INTO players (name, created) VALUES ('ivy', 5);"
             "INSERT INTO ratings (player, variant, rating, rd, vol, games, updated) VALUES"
             " (1, 'camette', 1555, 80, 0.06, 3, 9);");
    store_close(st);

    /* Opened by this program: brought to the last version, its data whole. */
    st = open_store(d.path);
    assert_int_equal(store_version(st), STORE_VERSION);
    assert_string_equal(games_of(st, NULL, 0, &w),
                        "1 camette playing\n2 camelot waiting\n3 grand-camelot playing\n"
                        "4 camette waiting\n");
    events_of(st, 1, 0, &w);
    assert_int_equal(w.n, 5);
    tu_assert_contains(w.text, "4/0 move 0 C3-B2 m1 W=301000,B=300000\n");
    events_of(st, 2, 0, &w);
    assert_int_equal(w.n, 4);
    StoreRating r;
    int found = 0;
    assert_int_equal(store_rating_get(st, "ivy", "camette", &r, &found, &err), CM_OK);
    assert_int_equal(found, 1);
    assert_int_equal(r.games, 3);
    /* Who plays what, from the events: the seats of 'create', then 'seat' and 'engine'. */
    assert_string_equal(games_of(st, "alice", 10, &w), "1 camette playing\n");
    assert_string_equal(games_of(st, "bob", 10, &w), "1 camette playing\n");
    assert_string_equal(games_of(st, "carol", 10, &w), "2 camelot waiting\n");
    assert_string_equal(games_of(st, "dave", 10, &w), "");
    assert_string_equal(games_of(st, "erin", 10, &w), "2 camelot waiting\n");
    assert_string_equal(games_of(st, "frank", 10, &w), "");
    assert_string_equal(games_of(st, "gina", 10, &w), "3 grand-camelot playing\n");
    assert_string_equal(games_of(st, "hal", 10, &w), "3 grand-camelot playing\n");
    assert_string_equal(games_of(st, "open", 10, &w), "");
    assert_string_equal(games_of(st, "engine:3", 10, &w), "");
    /* And it goes on as a store of this version. */
    int64_t g = new_game(st, "camette", 50);
    assert_int_equal(g, 5);
    assert_int_equal(store_game_player(st, g, 'W', "dave", &err), CM_OK);
    assert_string_equal(games_of(st, "dave", 10, &w), "5 camette waiting\n");
    store_close(st);

    /* Opened again: nothing to do, nothing changed. */
    st = open_store(d.path);
    assert_int_equal(store_version(st), STORE_VERSION);
    assert_string_equal(games_of(st, "alice", 10, &w), "1 camette playing\n");
    /* A database of a newer version is refused, and left as it is. */
    char sql[64], want[80];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", STORE_VERSION + 1);
    exec(st, sql);
    store_close(st);
    cm_error_init(&err, NULL);
    st = NULL;
    assert_int_equal(store_open(d.path, 1, STORE_CHECK_QUICK, &st, &err), CM_ERR_SCHEMA);
    assert_null(st);
    snprintf(want, sizeof want, "schema version %d, newer than this program's %d",
             STORE_VERSION + 1, STORE_VERSION);
    tu_assert_contains(err.msg, want);
    assert_int_equal(store_open_old(d.path, 1, &st, &err), CM_ERR_SCHEMA);
    assert_int_equal(store_open_old(d.path, 2, &st, &err), CM_ERR_SCHEMA);
    tu_remove_tree(d.dir);
}

static void test_store_refuses_what_is_not_a_database(void **state)
{
    (void)state;
    Db d;
    CmError err;
    db_path(&d);
    FILE *f = fopen(d.path, "w");
    assert_non_null(f);
    fputs("this is not a database, but it is long enough to look like a file of one......\n", f);
    for (int i = 0; i < 100; i++)
        fputs("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n", f);
    fclose(f);
    Store *st = NULL;
    cm_error_init(&err, NULL);
    assert_int_equal(store_open(d.path, 1, STORE_CHECK_QUICK, &st, &err), CM_ERR_IO);
    assert_null(st);
    assert_true(err.msg[0] != '\0');
    char missing[400];
    snprintf(missing, sizeof missing, "%s/no/such/dir/server.db", d.dir);
    assert_int_equal(store_open(missing, 1, STORE_CHECK_QUICK, &st, &err), CM_ERR_IO);
    tu_assert_contains(err.msg, "cannot open the store");
    tu_remove_tree(d.dir);
}

/* Version 2 to 3: the events' times to the millisecond (those stored before have their second),
 * the server's last sign of life and the chat of each day; the variants' names folded. */
static void test_store_migration_to_3(void **state)
{
    (void)state;
    Db d;
    CmError err;
    db_path(&d);
    Store *st = NULL;
    assert_int_equal(store_open_old(d.path, 2, &st, &err), CM_OK);
    exec(st, "INSERT INTO games (variant, created, status) VALUES ('Camette', 10, 'playing'),"
             " ('CAMETTE', 11, 'waiting'), ('camette', 12, 'waiting');"
             "INSERT INTO events (game, seq, audience, at, body) VALUES"
             " (1, 1, 0, 10, 'create Camette none casual W=alice B=bob');"
             "INSERT INTO players (name, created) VALUES ('alice', 5), ('bob', 5);"
             "INSERT INTO ratings (player, variant, rating, rd, vol, games, updated) VALUES"
             " (1, 'Camette', 1600, 80, 0.06, 3, 9), (2, 'CAMETTE', 1400, 80, 0.06, 2, 9),"
             " (2, 'camette', 1450, 80, 0.06, 4, 9);");
    store_close(st);
    st = open_store(d.path);
    Walk w;
    assert_string_equal(games_of(st, NULL, 0, &w),
                        "1 camette playing\n2 camette waiting\n3 camette waiting\n");
    StoreRating r;
    int found = 0;
    assert_int_equal(store_rating_get(st, "alice", "camette", &r, &found, &err), CM_OK);
    assert_int_equal(found, 1);
    assert_int_equal((int)r.rating, 1600);
    /* bob had one under the folded name already: that one is his. */
    assert_int_equal(store_rating_get(st, "bob", "camette", &r, &found, &err), CM_OK);
    assert_int_equal((int)r.rating, 1450);
    /* An old event's time is its second, a new one's its millisecond. */
    assert_int_equal(store_event(st, 1, 2, 0, 20345, "seat B open", &err), CM_OK);
    TimedWalk t;
    timed_events(st, 1, &t);
    assert_int_equal(t.n, 2);
    assert_int_equal(t.at_ms[0], 10000);
    assert_int_equal(t.at_ms[1], 20345);
    store_close(st);
    tu_remove_tree(d.dir);
}

/* The keys that sign up through ssh: a store of version 3 (the schema before keys) is brought
 * to the current one with its players; a key is its player's, and a name is taken in any
 * case. */
static void test_store_keys(void **state)
{
    (void)state;
    Db d;
    CmError err;
    db_path(&d);
    Store *st = NULL;
    assert_int_equal(store_open_old(d.path, 3, &st, &err), CM_OK);
    exec(st, "INSERT INTO players (name, created) VALUES ('alice', 5);");
    store_close(st);
    st = open_store(d.path);
    const char *k1 = "SHA256:0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
    const char *k2 = "SHA256:0123456789abcdefghijklmnopqrstuvwxyzABCDEFH";
    char name[40] = "";
    int found = 1, taken = 0;
    assert_int_equal(store_key_get(st, k1, name, sizeof name, &found, &err), CM_OK);
    assert_int_equal(found, 0);
    assert_int_equal(store_name_taken(st, "ALICE", &taken, &err), CM_OK);
    assert_int_equal(taken, 1);
    assert_int_equal(store_name_taken(st, "bob", &taken, &err), CM_OK);
    assert_int_equal(taken, 0);
    assert_int_equal(store_key_add(st, k1, "bob", 7, &err), CM_OK);
    assert_int_equal(store_key_add(st, k2, "alice", 8, &err), CM_OK);
    /* A key signs up once. */
    assert_int_equal(store_key_add(st, k1, "carol", 9, &err), CM_ERR_IO);
    store_close(st);
    st = open_store(d.path);
    assert_int_equal(store_key_get(st, k1, name, sizeof name, &found, &err), CM_OK);
    assert_int_equal(found, 1);
    assert_string_equal(name, "bob");
    assert_int_equal(store_key_get(st, k2, name, sizeof name, &found, &err), CM_OK);
    assert_string_equal(name, "alice");
    assert_int_equal(store_name_taken(st, "Bob", &taken, &err), CM_OK);
    assert_int_equal(taken, 1);
    /* The standing the host gives, and the games a player walked away from. */
    int banned = 1, muted = 1, n = -1;
    int64_t last = -1;
    assert_int_equal(store_flags(st, "bob", k1, &banned, &muted, &err), CM_OK);
    assert_true(banned == 0 && muted == 0);
    assert_int_equal(store_key_ban(st, k1, 1, &found, &err), CM_OK);
    assert_int_equal(found, 1);
    assert_int_equal(store_flags(st, "bob", k1, &banned, &muted, &err), CM_OK);
    assert_int_equal(banned, 1);
    assert_int_equal(store_flags(st, "bob", k2, &banned, &muted, &err), CM_OK);
    assert_int_equal(banned, 0);
    assert_int_equal(store_player_set(st, "alice", STORE_MUTE, 1, 9, &err), CM_OK);
    assert_int_equal(store_flags(st, "alice", NULL, &banned, &muted, &err), CM_OK);
    assert_true(banned == 0 && muted == 1);
    for (int64_t at = 100; at <= 300; at += 100)
        assert_int_equal(store_walkaway_add(st, "alice", at, &err), CM_OK);
    assert_int_equal(store_walkaways(st, "alice", 150, &n, &last, &err), CM_OK);
    assert_true(n == 2 && last == 300);
    assert_int_equal(store_walkaways(st, "bob", 0, &n, &last, &err), CM_OK);
    assert_int_equal(n, 0);
    store_close(st);
    st = open_store(d.path);
    assert_int_equal(store_walkaways(st, "alice", 0, &n, &last, &err), CM_OK);
    assert_int_equal(n, 3);
    /* Guests: those of long ago are forgotten, and a game that only they played; a game of a
     * guest and a player is the player's still (its record names the guest); a guest of
     * lately stays, and so does the last game. */
    int64_t g1 = new_game(st, "camette", 10), g2 = new_game(st, "camette", 10);
    int64_t g3 = new_game(st, "camette", 10);
    exec(st, "INSERT INTO players (name, created) VALUES ('guest-aaaaa', 10), ('guest-bbbbb', 10),"
             " ('guest-ccccc', 10), ('guest-ddddd', 5000);");
    assert_int_equal(store_game_player(st, g1, 'W', "guest-aaaaa", &err), CM_OK);
    assert_int_equal(store_game_player(st, g1, 'B', "guest-bbbbb", &err), CM_OK);
    assert_int_equal(store_game_player(st, g2, 'W', "guest-ccccc", &err), CM_OK);
    assert_int_equal(store_game_player(st, g2, 'B', "alice", &err), CM_OK);
    assert_int_equal(store_game_player(st, g3, 'W', "guest-ddddd", &err), CM_OK);
    for (int64_t g = g1; g <= g3; g++)
        assert_int_equal(store_game_status(st, g, "over", "1-0", "resign", 20, &err), CM_OK);
    assert_int_equal(store_guests_purge(st, 1000, &err), CM_OK);
    assert_int_equal(store_name_taken(st, "guest-aaaaa", &taken, &err), CM_OK);
    assert_int_equal(taken, 0);
    assert_int_equal(store_name_taken(st, "guest-ccccc", &taken, &err), CM_OK);
    assert_int_equal(taken, 0);
    assert_int_equal(store_name_taken(st, "guest-ddddd", &taken, &err), CM_OK);
    assert_int_equal(taken, 1);
    Walk w;
    assert_string_equal(games_of(st, "alice", 10, &w), "2 camette over\n");
    assert_string_equal(games_of(st, "guest-aaaaa", 10, &w), "");
    store_close(st);
    tu_remove_tree(d.dir);
}

typedef struct Listed {
    char text[400];
    size_t len;
    int n;
} Listed;

static int listed(void *ud, const StorePlayer *p)
{
    Listed *l = ud;
    l->len += (size_t)snprintf(l->text + l->len, sizeof l->text - l->len, "%s %d %d %lld\n",
                               p->name, p->keys, p->banned, (long long)p->seen);
    l->n++;
    return 0;
}

static const char *players_after(Store *st, const char *after, int max, Listed *l)
{
    CmError err;
    memset(l, 0, sizeof *l);
    assert_int_equal(store_players(st, after, max, listed, l, &err), CM_OK);
    return l->text;
}

/* When each player was last here: a store of version 4 (the schema before it) is brought to
 * the current one with its players and keys, none of them seen yet; a later time is kept, an
 * earlier one not. The list comes a page at a time, after a name. The games left long ago are
 * forgotten. */
static void test_store_seen(void **state)
{
    (void)state;
    Db d;
    CmError err;
    db_path(&d);
    Store *st = NULL;
    assert_int_equal(store_open_old(d.path, 4, &st, &err), CM_OK);
    exec(st, "INSERT INTO players (name, created, banned) VALUES ('alice', 5, 0), ('bob', 6, 1),"
             " ('carol', 7, 0);"
             "INSERT INTO keys (fingerprint, player, added) VALUES ('SHA256:k', 1, 5);"
             "INSERT INTO walkaways (player, at) VALUES (1, 100), (1, 200);");
    store_close(st);
    st = open_store(d.path);
    Listed l;
    assert_string_equal(players_after(st, NULL, 10, &l), "alice 1 0 0\nbob 0 1 0\ncarol 0 0 0\n");
    assert_int_equal(store_seen(st, "alice", 1000, &err), CM_OK);
    assert_int_equal(store_seen(st, "alice", 900, &err), CM_OK);
    assert_int_equal(store_seen(st, "carol", 50, &err), CM_OK);
    assert_int_equal(store_seen(st, "nobody", 50, &err), CM_OK);
    store_close(st);
    st = open_store(d.path);
    assert_string_equal(players_after(st, NULL, 2, &l), "alice 1 0 1000\nbob 0 1 0\n");
    assert_string_equal(players_after(st, "bob", 2, &l), "carol 0 0 50\n");
    assert_string_equal(players_after(st, "carol", 2, &l), "");
    int n = -1;
    int64_t last = -1;
    assert_int_equal(store_walkaways_prune(st, 150, &err), CM_OK);
    assert_int_equal(store_walkaways(st, "alice", 0, &n, &last, &err), CM_OK);
    assert_true(n == 1 && last == 200);
    store_close(st);
    tu_remove_tree(d.dir);
}

static int walk_past(void *ud, const StorePast *p)
{
    Walk *w = ud;
    w->len += (size_t)snprintf(w->text + w->len, sizeof w->text - w->len, "%lld %s %s %s %lld %s\n",
                               (long long)p->id, p->variant, p->result, p->termination,
                               (long long)p->ended, p->mine);
    w->n++;
    return 0;
}

static const char *history_of(Store *st, const char *name, int64_t before, int64_t since, int max,
                              Walk *w)
{
    memset(w, 0, sizeof *w);
    CmError err;
    if (store_history(st, name, before, since, max, 0, walk_past, w, &err) != CM_OK)
        fail_msg("store_history: %s", err.msg);
    return w->text;
}

static int walk_body(void *ud, int64_t seq, int audience, int64_t at_ms, const char *body)
{
    (void)audience, (void)at_ms;
    Walk *w = ud;
    w->len += (size_t)snprintf(w->text + w->len, sizeof w->text - w->len, "%lld %s\n",
                               (long long)seq, body);
    return 0;
}

/* A player's history, on a database of version 5 (the schema of the previous main) brought up
 * to date: the games over in which the player held a seat, newest first, a page at a time
 * ('before'), ended from 'since' on, with the player's seats; and of each only the events that
 * say who sat where and what the end did to the ratings, through their index. */
static void test_store_history(void **state)
{
    (void)state;
    Db d;
    CmError err;
    db_path(&d);
    Store *st = NULL;
    assert_int_equal(store_open_old(d.path, 5, &st, &err), CM_OK);
    exec(st, "INSERT INTO players (name, created) VALUES ('alice', 5), ('bob', 6), ('carol', 7);"
             "INSERT INTO games (id, variant, created, status, result, termination, ended) VALUES"
             " (1, 'camette', 10, 'over', 'W', 'resignation', 100),"
             " (2, 'grand-cam', 20, 'over', 'R+B', 'time', 200),"
             " (3, 'camette', 30, 'playing', NULL, NULL, NULL),"
             " (4, 'camette', 40, 'over', 'draw', 'agreement', 400);"
             "INSERT INTO game_players (game, seat, player) VALUES (1, 'W', 1), (1, 'B', 2),"
             " (2, 'R', 1), (2, 'B', 1), (2, 'G', 3), (3, 'W', 1), (4, 'W', 2), (4, 'B', 3);"
             "INSERT INTO events (game, seq, audience, at, body) VALUES"
             " (1, 1, 0, 10, 'create camette 60+0 rated W=alice B=@bob'),"
             " (1, 2, 0, 11, 'seat B bob'), (1, 3, 0, 12, 'move 0 C2-A4 a W=60000,B=60000'),"
             " (1, 4, 1, 13, 'chat alice seat W hello'), (1, 5, 0, 14, 'end W resignation x'),"
             " (1, 6, 0, 14, 'rating alice 1500 1662'), (1, 7, 0, 14, 'rating bob 1500 1338');");
    store_close(st);
    st = open_store(d.path);
    assert_int_equal(store_version(st), STORE_VERSION);
    Walk w;
    assert_string_equal(history_of(st, "alice", 0, 0, 10, &w),
                        "2 grand-cam R+B time 200 BR\n1 camette W resignation 100 W\n");
    assert_string_equal(history_of(st, "alice", 0, 0, 1, &w), "2 grand-cam R+B time 200 BR\n");
    assert_string_equal(history_of(st, "alice", 2, 0, 10, &w), "1 camette W resignation 100 W\n");
    assert_string_equal(history_of(st, "alice", 0, 200, 10, &w), "2 grand-cam R+B time 200 BR\n");
    assert_string_equal(history_of(st, "alice", 0, 201, 10, &w), "");
    assert_string_equal(history_of(st, "bob", 0, 0, 10, &w),
                        "4 camette draw agreement 400 W\n1 camette W resignation 100 B\n");
    assert_string_equal(history_of(st, "nobody", 0, 0, 10, &w), "");
    memset(&w, 0, sizeof w);
    assert_int_equal(store_seat_events(st, 1, walk_body, &w, &err), CM_OK);
    assert_string_equal(w.text, "1 create camette 60+0 rated W=alice B=@bob\n2 seat B bob\n"
                                "6 rating alice 1500 1662\n7 rating bob 1500 1338\n");
    store_close(st);
    tu_remove_tree(d.dir);
}

/* When the server was last alive, and each player's chat of a day. */
static void test_store_alive_and_chat(void **state)
{
    (void)state;
    Db d;
    CmError err;
    db_path(&d);
    Store *st = open_store(d.path);
    int64_t ms = 0;
    int found = 1;
    assert_int_equal(store_alive_get(st, &ms, &found, &err), CM_OK);
    assert_int_equal(found, 0);
    assert_int_equal(store_alive_put(st, INT64_C(1764300000123), &err), CM_OK);
    assert_int_equal(store_alive_put(st, INT64_C(1764300001456), &err), CM_OK);
    assert_int_equal(store_alive_get(st, &ms, &found, &err), CM_OK);
    assert_int_equal(found, 1);
    assert_true(ms == INT64_C(1764300001456));
    int n = -1;
    assert_int_equal(store_chat_count(st, "alice", 20000, &n, &err), CM_OK);
    assert_int_equal(n, 0);
    for (int i = 0; i < 3; i++)
        assert_int_equal(store_chat_add(st, "alice", 20000, 5, &err), CM_OK);
    assert_int_equal(store_chat_add(st, "alice", 20001, 5, &err), CM_OK);
    assert_int_equal(store_chat_add(st, "bob", 20000, 5, &err), CM_OK);
    assert_int_equal(store_chat_count(st, "alice", 20000, &n, &err), CM_OK);
    assert_int_equal(n, 3);
    assert_int_equal(store_chat_count(st, "alice", 20001, &n, &err), CM_OK);
    assert_int_equal(n, 1);
    assert_int_equal(store_chat_count(st, "bob", 20000, &n, &err), CM_OK);
    assert_int_equal(n, 1);
    store_close(st);
    st = open_store(d.path);
    assert_int_equal(store_alive_get(st, &ms, &found, &err), CM_OK);
    assert_true(found && ms == INT64_C(1764300001456));
    store_close(st);
    tu_remove_tree(d.dir);
}

/* The database of another program, or a camelot database with a table of someone else's in it,
 * is refused before anything is written into it. */
static void test_store_refuses_another_programs_database(void **state)
{
    (void)state;
    Db d;
    CmError err;
    db_path(&d);
    Store *st = NULL;
    /* Another program's: a table of its own, no application id. */
    assert_int_equal(store_open_old(d.path, 1, &st, &err), CM_OK);
    exec(st, "DROP VIEW moves; DROP VIEW chat; DROP TABLE events; DROP TABLE ratings;"
             "DROP TABLE games; DROP TABLE players; PRAGMA user_version = 0;"
             "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);"
             "INSERT INTO notes (text) VALUES ('mine');");
    store_close(st);
    struct stat before, after;
    assert_int_equal(stat(d.path, &before), 0);
    st = NULL;
    cm_error_init(&err, NULL);
    assert_int_equal(store_open(d.path, 1, STORE_CHECK_QUICK, &st, &err), CM_ERR_SCHEMA);
    assert_null(st);
    tu_assert_contains(err.msg, "is not a database of a camelot server");
    tu_assert_contains(err.msg, "tables: notes");
    assert_int_equal(stat(d.path, &after), 0);
    assert_true(before.st_size == after.st_size && before.st_mtime == after.st_mtime);
    /* Still nothing of camelot's in it. */
    assert_int_equal(store_open_old(d.path, 1, &st, &err), CM_ERR_SCHEMA);
    tu_remove_tree(d.dir);

    /* A camelot database to which someone added a table. */
    db_path(&d);
    st = open_store(d.path);
    exec(st, "CREATE TABLE extra (x)");
    store_close(st);
    assert_int_equal(store_open(d.path, 1, STORE_CHECK_QUICK, &st, &err), CM_ERR_SCHEMA);
    tu_assert_contains(err.msg, "extra");
    tu_remove_tree(d.dir);

    /* Another application id. */
    db_path(&d);
    st = open_store(d.path);
    exec(st, "PRAGMA application_id = 1234");
    store_close(st);
    assert_int_equal(store_open(d.path, 1, STORE_CHECK_QUICK, &st, &err), CM_ERR_SCHEMA);
    tu_assert_contains(err.msg, "application id 1234");
    tu_remove_tree(d.dir);
}

/* A database with pages damaged is refused, with what to do, and not written. */
static void test_store_refuses_a_damaged_database(void **state)
{
    (void)state;
    Db d;
    CmError err;
    db_path(&d);
    Store *st = open_store(d.path);
    assert_int_equal(store_begin(st, &err), CM_OK);
    for (int i = 1; i <= 400; i++) {
        char body[200];
        int64_t g = new_game(st, "camette", i);
        snprintf(body, sizeof body, "create camette none casual W=player%d B=open %0120d", i, i);
        event(st, g, 1, 0, body);
    }
    assert_int_equal(store_commit(st, &err), CM_OK);
    /* Everything into the database itself, and the log emptied. */
    exec(st, "PRAGMA wal_checkpoint(TRUNCATE)");
    store_close(st);
    struct stat sb;
    assert_int_equal(stat(d.path, &sb), 0);
    assert_true(sb.st_size > 16 * 4096);
    /* 4 KiB of noise over the pages in the middle. */
    FILE *f = fopen(d.path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, (long)(sb.st_size / 4096 / 2) * 4096, SEEK_SET), 0);
    uint32_t x = 12345;
    for (int i = 0; i < 4096; i++) {
        x = x * 1103515245u + 12345u;
        fputc((int)(x >> 16) & 0xFF, f);
    }
    fclose(f);
    st = NULL;
    cm_error_init(&err, NULL);
    CmStatus rc = store_open(d.path, 1, STORE_CHECK_QUICK, &st, &err);
    assert_int_not_equal(rc, CM_OK);
    assert_null(st);
    tu_assert_contains(err.msg, "damaged");
    tu_assert_contains(err.msg, ".recover");
    /* The full check finds it too. */
    assert_int_not_equal(store_open(d.path, 1, STORE_CHECK_FULL, &st, &err), CM_OK);
    tu_remove_tree(d.dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_store_open_and_events),
        cmocka_unit_test(test_store_transactions),
        cmocka_unit_test(test_store_games_and_players),
        cmocka_unit_test(test_store_ratings),
        cmocka_unit_test(test_store_migration),
        cmocka_unit_test(test_store_refuses_what_is_not_a_database),
        cmocka_unit_test(test_store_migration_to_3),
        cmocka_unit_test(test_store_keys),
        cmocka_unit_test(test_store_seen),
        cmocka_unit_test(test_store_history),
        cmocka_unit_test(test_store_alive_and_chat),
        cmocka_unit_test(test_store_refuses_another_programs_database),
        cmocka_unit_test(test_store_refuses_a_damaged_database),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
