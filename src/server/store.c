/* The server's store in SQLite: the schema and its versions, and every statement the server
 * runs, prepared once.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include "store.h"

#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The statements, each prepared when the store opens. */
enum {
    Q_PLAYER_ADD,
    Q_GAME_NEW,
    Q_EVENT,
    Q_GAME_STATUS,
    Q_GAME_PLAYER,
    Q_GAME_PLAYER_CLEAR,
    Q_EVENTS,
    Q_GAMES_OPEN,
    Q_GAMES_OF,
    Q_HISTORY,
    Q_SEAT_EVENTS,
    Q_PROFILE,
    Q_RATINGS_OF,
    Q_SEATS_OF,
    Q_RATING_GET,
    Q_RATING_PUT,
    Q_RATINGS,
    Q_ALIVE_GET,
    Q_ALIVE_PUT,
    Q_CHAT_GET,
    Q_CHAT_ADD,
    Q_TURN_GET,
    Q_TURN_PUT,
    Q_KEY_GET,
    Q_NAME_TAKEN,
    Q_KEY_ADD,
    Q_FLAGS,
    Q_BAN,
    Q_MUTE,
    Q_KEY_BAN,
    Q_RATING_RESET,
    Q_PLAYERS,
    Q_WALK_ADD,
    Q_WALKS,
    Q_KEYS_OF,
    Q_KEY_DROP,
    Q_RENAME,
    Q_RENAME_ENTRANT,
    Q_RENAME_CREATOR,
    Q_SEEN,
    Q_SEEN_GET,
    Q_WALKS_PRUNE,
    Q_TOURNEY_NEW,
    Q_TOURNEY_STATUS,
    Q_TOURNEYS,
    Q_TOURNEY_GET,
    Q_TOURNEYS_MADE,
    Q_ENTRANT_PUT,
    Q_ENTRANT_DROP,
    Q_ENTRANTS_CLEAR,
    Q_ENTRANTS,
    Q_PAIRING_PUT,
    Q_PAIRING_RESULT,
    Q_PAIRINGS,
    Q_COUNT
};

/* The events of a game that say who holds a seat ('create', 'seat', 'engine') and what its end
 * did to the ratings ('rating'): the condition of their index (schema version 6), written the
 * same in the statement that reads them, so that SQLite uses the index. */
#define SEAT_EVENTS                                                                                \
    "(substr(body, 1, 5) = 'seat ' OR substr(body, 1, 7) IN ('create ', 'engine ', 'rating '))"

static const char *const query_sql[Q_COUNT] = {
    [Q_PLAYER_ADD] = "INSERT OR IGNORE INTO players (name, created) VALUES (?1, ?2)",
    [Q_GAME_NEW] = "INSERT INTO games (variant, created, status) VALUES (?1, ?2, 'waiting')",
    [Q_EVENT] = "INSERT INTO events (game, seq, audience, at, body, at_ms) "
                "VALUES (?1, ?2, ?3, ?4 / 1000, ?5, ?4)",
    [Q_GAME_STATUS] = "UPDATE games SET status = ?2, result = ?3, termination = ?4, "
                      "ended = CASE WHEN ?2 = 'over' THEN ?5 ELSE NULL END WHERE id = ?1",
    [Q_GAME_PLAYER] = "INSERT OR REPLACE INTO game_players (game, seat, player) "
                      "SELECT ?1, ?2, id FROM players WHERE name = ?3",
    [Q_GAME_PLAYER_CLEAR] = "DELETE FROM game_players WHERE game = ?1 AND seat = ?2",
    [Q_EVENTS] = "SELECT seq, audience, body, coalesce(at_ms, at * 1000) FROM events "
                 "WHERE game = ?1 AND seq > ?2 ORDER BY seq",
    [Q_GAMES_OPEN] = "SELECT id, variant, status FROM games WHERE status <> 'over' ORDER BY id",
    [Q_GAMES_OF] = "SELECT DISTINCT g.id, g.variant, g.status FROM games g "
                   "JOIN game_players gp ON gp.game = g.id JOIN players p ON p.id = gp.player "
                   "WHERE p.name = ?1 ORDER BY g.id DESC LIMIT ?2",
    /* The events that say who sits where and what a game's end did to ratings, through their
     * index (named: without statistics SQLite would take the primary key and read every move
     * and chat message of the game, which may be thousands). */
    [Q_SEAT_EVENTS] = "SELECT seq, audience, body, coalesce(at_ms, at * 1000) FROM events "
                      "INDEXED BY events_seats WHERE game = ?1 AND " SEAT_EVENTS " ORDER BY seq",
    /* A player first written by a seat of theirs has no time of their own: their first
     * game's. Their games over are counted up to ?2, not on through a life of games. */
    [Q_PROFILE] = "SELECT coalesce(nullif(p.created, 0), (SELECT g.created FROM game_players gp "
                  "JOIN games g ON g.id = gp.game WHERE gp.player = p.id ORDER BY gp.game "
                  "LIMIT 1), 0), (SELECT count(*) FROM (SELECT DISTINCT gp.game FROM "
                  "game_players gp JOIN games g ON g.id = gp.game WHERE gp.player = p.id AND "
                  "g.status = 'over' LIMIT ?2)) FROM players p WHERE p.name = ?1",
    [Q_RATINGS_OF] = "SELECT r.variant, r.rating, r.rd, r.vol, r.games, r.updated FROM ratings r "
                     "JOIN players p ON p.id = r.player WHERE p.name = ?1 "
                     "ORDER BY r.games DESC, r.variant",
    /* Every person's seat in the last games over of a player, a game's rows together. */
    [Q_SEATS_OF] = "SELECT g.id, g.variant, coalesce(g.result, ''), o.seat, p.name "
                   "FROM games g JOIN game_players o ON o.game = g.id "
                   "JOIN players p ON p.id = o.player WHERE g.id IN (SELECT gp.game FROM "
                   "game_players gp JOIN games x ON x.id = gp.game WHERE gp.player = "
                   "(SELECT id FROM players WHERE name = ?1) AND x.status = 'over' "
                   "ORDER BY gp.game DESC LIMIT ?2) ORDER BY g.id DESC, o.seat",
    /* Grouped by the index's order (game_players_player), newest first: the page is read as
     * it is sent, not after all the player's games. */
    [Q_HISTORY] = "SELECT g.id, g.variant, coalesce(g.result, ''), coalesce(g.termination, ''),"
                  " coalesce(g.ended, 0), group_concat(gp.seat, '') FROM game_players gp "
                  "JOIN games g ON g.id = gp.game "
                  "WHERE gp.player = (SELECT id FROM players WHERE name = ?1) AND gp.game < ?2 "
                  "AND g.status = 'over' AND coalesce(g.ended, 0) >= ?3 "
                  "AND (?5 < 0 OR gp.game >= coalesce((SELECT x.game FROM game_players x "
                  "WHERE x.player = (SELECT id FROM players WHERE name = ?1) "
                  "ORDER BY x.game DESC LIMIT 1 OFFSET ?5), 0)) "
                  "GROUP BY gp.game ORDER BY gp.game DESC LIMIT ?4",
    [Q_RATING_GET] = "SELECT r.rating, r.rd, r.vol, r.games, r.updated FROM ratings r "
                     "JOIN players p ON p.id = r.player WHERE p.name = ?1 AND r.variant = ?2",
    [Q_RATING_PUT] = "INSERT OR REPLACE INTO ratings (player, variant, rating, rd, vol, games, "
                     "updated) SELECT id, ?2, ?3, ?4, ?5, ?6, ?7 FROM players WHERE name = ?1",
    [Q_RATINGS] = "SELECT p.name, r.rating, r.rd, r.vol, r.games, r.updated FROM ratings r "
                  "JOIN players p ON p.id = r.player WHERE r.variant = ?1 "
                  "ORDER BY r.rating DESC, p.name LIMIT ?2",
    [Q_ALIVE_GET] = "SELECT value FROM server_state WHERE key = 'alive_ms'",
    [Q_ALIVE_PUT] = "INSERT OR REPLACE INTO server_state (key, value) VALUES ('alive_ms', ?1)",
    [Q_CHAT_GET] = "SELECT c.n FROM chat_days c JOIN players p ON p.id = c.player "
                   "WHERE p.name = ?1 AND c.day = ?2",
    [Q_CHAT_ADD] = "INSERT INTO chat_days (player, day, n) SELECT id, ?2, 1 FROM players "
                   "WHERE name = ?1 ON CONFLICT (player, day) DO UPDATE SET n = n + 1",
    [Q_TURN_GET] = "SELECT turn_ms FROM games WHERE id = ?1 AND turn_ms IS NOT NULL",
    [Q_TURN_PUT] = "UPDATE games SET turn_ms = ?2 WHERE id = ?1",
    [Q_KEY_GET] = "SELECT p.name FROM keys k JOIN players p ON p.id = k.player "
                  "WHERE k.fingerprint = ?1",
    [Q_NAME_TAKEN] = "SELECT name FROM players WHERE name = ?1 COLLATE NOCASE LIMIT 1",
    [Q_KEY_ADD] = "INSERT INTO keys (fingerprint, player, added) "
                  "SELECT ?1, id, ?3 FROM players WHERE name = ?2",
    [Q_FLAGS] = "SELECT coalesce((SELECT banned FROM players WHERE name = ?1), 0),"
                " coalesce((SELECT muted FROM players WHERE name = ?1), 0),"
                " coalesce((SELECT banned FROM keys WHERE fingerprint = ?2), 0)",
    [Q_BAN] = "UPDATE players SET banned = ?2 WHERE name = ?1",
    [Q_MUTE] = "UPDATE players SET muted = ?2 WHERE name = ?1",
    [Q_KEY_BAN] = "UPDATE keys SET banned = ?2 WHERE fingerprint = ?1",
    [Q_RATING_RESET] = "DELETE FROM ratings WHERE variant = ?2 AND player = "
                       "(SELECT id FROM players WHERE name = ?1)",
    [Q_PLAYERS] = "SELECT p.name, (SELECT count(*) FROM keys k WHERE k.player = p.id),"
                  " (SELECT count(*) FROM game_players g WHERE g.player = p.id),"
                  " p.banned, p.muted, p.created, p.seen FROM players p WHERE p.name > ?2"
                  " ORDER BY p.name LIMIT ?1",
    [Q_WALK_ADD] = "INSERT INTO walkaways (player, at) SELECT id, ?2 FROM players WHERE name = ?1",
    [Q_WALKS] = "SELECT count(*), coalesce(max(w.at), 0) FROM walkaways w "
                "JOIN players p ON p.id = w.player WHERE p.name = ?1 AND w.at > ?2",
    [Q_KEYS_OF] = "SELECT k.fingerprint, k.added, k.banned FROM keys k "
                  "JOIN players p ON p.id = k.player WHERE p.name = ?1 ORDER BY k.added",
    [Q_KEY_DROP] = "DELETE FROM keys WHERE fingerprint = ?1 AND player = "
                   "(SELECT id FROM players WHERE name = ?2)",
    [Q_RENAME] = "UPDATE players SET name = ?2 WHERE name = ?1",
    /* A tournament's entrant is a player, or a partnership "first+second". */
    [Q_RENAME_ENTRANT] = "UPDATE tourney_entrants SET who = CASE"
                         " WHEN who = ?1 THEN ?2"
                         " WHEN substr(who, 1, length(?1) + 1) = ?1 || '+'"
                         "  THEN ?2 || substr(who, length(?1) + 1)"
                         " ELSE substr(who, 1, length(who) - length(?1)) || ?2 END "
                         "WHERE who = ?1 OR substr(who, 1, length(?1) + 1) = ?1 || '+'"
                         " OR substr(who, -length(?1) - 1) = '+' || ?1",
    [Q_RENAME_CREATOR] = "UPDATE tourneys SET creator = ?2 WHERE creator = ?1",
    [Q_SEEN] = "UPDATE players SET seen = ?2 WHERE name = ?1 AND seen < ?2",
    [Q_WALKS_PRUNE] = "DELETE FROM walkaways WHERE at < ?1",
    [Q_SEEN_GET] = "SELECT seen FROM players WHERE name = ?1",
    [Q_TOURNEY_NEW] = "INSERT INTO tourneys (kind, variant, tc, rated, rounds, starts, creator, "
                      "created, status) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'entry')",
    [Q_TOURNEY_STATUS] = "UPDATE tourneys SET status = ?2, rounds = ?3 WHERE id = ?1",
    /* The tournaments not over, and the last ?1 that are. */
    [Q_TOURNEYS] = "SELECT id FROM tourneys WHERE status <> 'over' UNION "
                   "SELECT id FROM (SELECT id FROM tourneys WHERE status = 'over' "
                   "ORDER BY id DESC LIMIT ?1) ORDER BY 1",
    [Q_TOURNEY_GET] = "SELECT kind, variant, tc, rated, rounds, starts, creator, created, status "
                      "FROM tourneys WHERE id = ?1",
    [Q_TOURNEYS_MADE] = "SELECT count(*) FROM tourneys WHERE creator = ?1 AND created >= ?2",
    [Q_ENTRANT_PUT] = "INSERT OR REPLACE INTO tourney_entrants (tourney, entrant, who, rating, "
                      "withdrawn) VALUES (?1, ?2, ?3, ?4, ?5)",
    [Q_ENTRANT_DROP] = "DELETE FROM tourney_entrants WHERE tourney = ?1 AND entrant = ?2",
    [Q_ENTRANTS_CLEAR] = "DELETE FROM tourney_entrants WHERE tourney = ?1",
    [Q_ENTRANTS] = "SELECT entrant, who, rating, withdrawn FROM tourney_entrants "
                   "WHERE tourney = ?1 ORDER BY entrant",
    [Q_PAIRING_PUT] = "INSERT INTO tourney_games (tourney, round, board, white, black, game, "
                      "result, white2, black2) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    [Q_PAIRING_RESULT] = "UPDATE tourney_games SET result = ?2 WHERE game = ?1",
    [Q_PAIRINGS] = "SELECT round, board, white, black, coalesce(game, 0), coalesce(result, -1), "
                   "coalesce(white2, -1), coalesce(black2, -1) FROM tourney_games "
                   "WHERE tourney = ?1 ORDER BY round, board",
};

struct Store {
    sqlite3 *db;
    sqlite3_stmt *q[Q_COUNT];
    int in_tx;
};

/* The schema, one step per version: step k brings a database of version k - 1 to k. Steps
 * are never changed once released; a change is a new step. */
static const char *const schema_step[STORE_VERSION + 1] = {
    [1] = "CREATE TABLE players ("
          "  id INTEGER PRIMARY KEY,"
          "  name TEXT NOT NULL UNIQUE,"
          "  created INTEGER NOT NULL);"
          "CREATE TABLE games ("
          "  id INTEGER PRIMARY KEY,"
          "  variant TEXT NOT NULL,"
          "  created INTEGER NOT NULL,"
          "  status TEXT NOT NULL,"
          "  result TEXT,"
          "  termination TEXT,"
          "  ended INTEGER);"
          "CREATE TABLE events ("
          "  game INTEGER NOT NULL REFERENCES games (id),"
          "  seq INTEGER NOT NULL,"
          "  audience INTEGER NOT NULL,"
          "  at INTEGER NOT NULL,"
          "  body TEXT NOT NULL,"
          "  PRIMARY KEY (game, seq)) WITHOUT ROWID;"
          "CREATE TABLE ratings ("
          "  player INTEGER NOT NULL REFERENCES players (id),"
          "  variant TEXT NOT NULL,"
          "  rating REAL NOT NULL,"
          "  rd REAL NOT NULL,"
          "  vol REAL NOT NULL,"
          "  games INTEGER NOT NULL,"
          "  updated INTEGER NOT NULL,"
          "  PRIMARY KEY (player, variant));"
          "CREATE VIEW moves AS SELECT game, seq, at, body FROM events WHERE body LIKE 'move %';"
          "CREATE VIEW chat AS SELECT game, seq, at, audience, body FROM events "
          "  WHERE body LIKE 'chat %' OR body LIKE 'kibitz %';",
    /* Version 2: who sits in each game, for a player's list of games without reading every
     * game's events; filled from the events of the games already stored, as the server keeps
     * it: each seat's last holder among the 'create' event's seats (its words from the fifth,
     * 'L=WHO'), the 'seat L WHO' events and the 'engine L N' events (no person's), and a
     * holder is a player unless 'open', '@NAME' (invited) or 'engine:N'. */
    [2] = "CREATE TABLE game_players ("
          "  game INTEGER NOT NULL REFERENCES games (id),"
          "  seat TEXT NOT NULL,"
          "  player INTEGER NOT NULL REFERENCES players (id),"
          "  PRIMARY KEY (game, seat)) WITHOUT ROWID;"
          "CREATE INDEX game_players_player ON game_players (player, game);"
          "CREATE TEMP TABLE seat_events AS WITH RECURSIVE"
          "  words (game, seq, at, rest, word, n) AS ("
          "    SELECT game, seq, at, body || ' ', '', 0 FROM events WHERE body LIKE 'create %'"
          "    UNION ALL SELECT game, seq, at, substr(rest, instr(rest, ' ') + 1),"
          "      substr(rest, 1, instr(rest, ' ') - 1), n + 1 FROM words WHERE rest <> '')"
          "  SELECT game, seq, at, substr(word, 1, 1) AS seat, substr(word, 3) AS who"
          "    FROM words WHERE n >= 5 AND substr(word, 2, 1) = '='"
          "  UNION ALL SELECT game, seq, at, substr(body, 6, 1), substr(body, 8) FROM events"
          "    WHERE body LIKE 'seat _ %'"
          "  UNION ALL SELECT game, seq, at, substr(body, 8, 1), 'engine:' FROM events"
          "    WHERE body LIKE 'engine _ %';"
          "INSERT OR IGNORE INTO players (name, created)"
          "  SELECT who, min(at) FROM seat_events"
          "  WHERE who <> 'open' AND who NOT LIKE 'engine:%' AND who NOT LIKE '@%' GROUP BY who;"
          "INSERT INTO game_players (game, seat, player)"
          "  SELECT s.game, s.seat, p.id FROM seat_events s JOIN players p ON p.name = s.who"
          "  WHERE s.seq = (SELECT max(seq) FROM seat_events l"
          "    WHERE l.game = s.game AND l.seat = s.seat);"
          "DROP TABLE seat_events;",
    /* Version 3: the time of each event to the millisecond, and when the clock of each game's
     * seat to move began, net of the time the server was away (after a restart, that seat is
     * charged for the time it thought before the server stopped); when the server was last
     * seen alive; each player's chat messages of each UTC day, for the daily
     * limit; and the variants' names folded to small letters, as the server now writes them
     * (a rating kept under another spelling, whose player already has one under the folded
     * name, stays where it is and is no longer read). */
    [3] = "ALTER TABLE events ADD COLUMN at_ms INTEGER;"
          "ALTER TABLE games ADD COLUMN turn_ms INTEGER;"
          "CREATE TABLE server_state ("
          "  key TEXT PRIMARY KEY,"
          "  value INTEGER NOT NULL) WITHOUT ROWID;"
          "CREATE TABLE chat_days ("
          "  player INTEGER NOT NULL REFERENCES players (id),"
          "  day INTEGER NOT NULL,"
          "  n INTEGER NOT NULL,"
          "  PRIMARY KEY (player, day)) WITHOUT ROWID;"
          "UPDATE games SET variant = lower(variant) WHERE variant <> lower(variant);"
          "UPDATE OR IGNORE ratings SET variant = lower(variant) WHERE variant <> lower(variant);",
    /* Version 4: the public keys that sign in through ssh (their fingerprints, as sshd gives
     * them), each its player's, when it was added and whether the host banned it; the
     * players the host banned or muted; and when each player left a game or let it be aborted
     * (for the hold on rated games of one who does it again and again). */
    [4] = "CREATE TABLE keys ("
          "  fingerprint TEXT PRIMARY KEY,"
          "  player INTEGER NOT NULL REFERENCES players (id),"
          "  added INTEGER NOT NULL,"
          "  banned INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;"
          "CREATE INDEX keys_player ON keys (player);"
          "ALTER TABLE players ADD COLUMN banned INTEGER NOT NULL DEFAULT 0;"
          "ALTER TABLE players ADD COLUMN muted INTEGER NOT NULL DEFAULT 0;"
          "CREATE TABLE walkaways ("
          "  player INTEGER NOT NULL REFERENCES players (id),"
          "  at INTEGER NOT NULL);"
          "CREATE INDEX walkaways_player ON walkaways (player, at);",
    /* Version 5: when each player was last connected (UTC seconds; 0, never since). */
    [5] = "ALTER TABLE players ADD COLUMN seen INTEGER NOT NULL DEFAULT 0;",
    /* Version 6: an index of the events that say who held each seat and what the end did to
     * the ratings, for a player's history without reading a game's moves and chat. */
    [6] = "CREATE INDEX events_seats ON events (game, seq) WHERE " SEAT_EVENTS ";",
    /* Version 7: tournaments, their entrants (a player's name or 'engine:LEVEL', numbered from
     * 0 in the order of their seeding once the tournament begins, in the order they came in
     * before), and the games of their rounds (a bye has no game and black -1; a result is 2
     * when white won, 1 a draw, 0 when black won, none while the game goes on). */
    [7] = "CREATE TABLE tourneys ("
          "  id INTEGER PRIMARY KEY,"
          "  kind TEXT NOT NULL,"
          "  variant TEXT NOT NULL,"
          "  tc TEXT NOT NULL,"
          "  rated INTEGER NOT NULL,"
          "  rounds INTEGER NOT NULL,"
          "  starts INTEGER NOT NULL,"
          "  creator TEXT NOT NULL,"
          "  created INTEGER NOT NULL,"
          "  status TEXT NOT NULL);"
          "CREATE TABLE tourney_entrants ("
          "  tourney INTEGER NOT NULL REFERENCES tourneys (id),"
          "  entrant INTEGER NOT NULL,"
          "  who TEXT NOT NULL,"
          "  rating INTEGER NOT NULL,"
          "  withdrawn INTEGER NOT NULL DEFAULT 0,"
          "  PRIMARY KEY (tourney, entrant)) WITHOUT ROWID;"
          "CREATE TABLE tourney_games ("
          "  tourney INTEGER NOT NULL REFERENCES tourneys (id),"
          "  round INTEGER NOT NULL,"
          "  board INTEGER NOT NULL,"
          "  white INTEGER NOT NULL,"
          "  black INTEGER NOT NULL,"
          "  game INTEGER REFERENCES games (id),"
          "  result INTEGER,"
          "  PRIMARY KEY (tourney, round, board)) WITHOUT ROWID;"
          "CREATE INDEX tourney_games_game ON tourney_games (game);",
    /* Round robins of changing partnerships: each side's second entrant. */
    [8] = "ALTER TABLE tourney_games ADD COLUMN white2 INTEGER;"
          "ALTER TABLE tourney_games ADD COLUMN black2 INTEGER;",
};

/* The tables and views of each version, for telling a database of this program's from another
 * program's. */
static const char *const schema_tables[] = {
    "players",   "games",        "events",           "ratings",      "moves",
    "chat",      "game_players", "server_state",     "chat_days",    "keys",
    "walkaways", "tourneys",     "tourney_entrants", "tourney_games"};

static CmStatus db_error(Store *st, CmError *err, const char *what)
{
    return cm_error_set(err, CM_ERR_IO, 0, 0, "%s: %s", what,
                        st != NULL && st->db != NULL ? sqlite3_errmsg(st->db) : "no database");
}

static CmStatus exec(Store *st, const char *sql, CmError *err)
{
    char *msg = NULL;
    if (sqlite3_exec(st->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        cm_error_set(err, CM_ERR_IO, 0, 0, "the store: %s", msg ? msg : "error");
        sqlite3_free(msg);
        return CM_ERR_IO;
    }
    return CM_OK;
}

int store_version(Store *st)
{
    sqlite3_stmt *q;
    int v = -1;
    if (sqlite3_prepare_v2(st->db, "PRAGMA user_version", -1, &q, NULL) != SQLITE_OK)
        return -1;
    if (sqlite3_step(q) == SQLITE_ROW)
        v = sqlite3_column_int(q, 0);
    sqlite3_finalize(q);
    return v;
}

CmStatus store_migrate(Store *st, int to, CmError *err)
{
    int from = store_version(st);
    if (from < 0)
        return db_error(st, err, "the store's version cannot be read");
    if (from > STORE_VERSION)
        return cm_error_set(err, CM_ERR_SCHEMA, 0, 0,
                            "the store has schema version %d, newer than this program's %d: "
                            "run a newer camelot",
                            from, STORE_VERSION);
    if (to > STORE_VERSION)
        to = STORE_VERSION;
    for (int v = from + 1; v <= to; v++) {
        char pragma[64];
        snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", v);
        CmStatus rc = exec(st, "BEGIN IMMEDIATE", err);
        if (rc == CM_OK)
            rc = exec(st, schema_step[v], err);
        if (rc == CM_OK)
            rc = exec(st, pragma, err);
        /* The id that says the database is camelot's, in the same transaction as the step. */
        if (rc == CM_OK) {
            snprintf(pragma, sizeof pragma, "PRAGMA application_id = %d", STORE_APPLICATION_ID);
            rc = exec(st, pragma, err);
        }
        if (rc == CM_OK)
            rc = exec(st, "COMMIT", err);
        if (rc != CM_OK) {
            char why[sizeof err->msg];
            snprintf(why, sizeof why, "%s", err != NULL ? err->msg : "");
            sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
            return cm_error_set(err, CM_ERR_IO, 0, 0,
                                "the store could not be brought to version %d: %s", v, why);
        }
    }
    return CM_OK;
}

static void finalize_all(Store *st)
{
    for (int i = 0; i < Q_COUNT; i++) {
        sqlite3_finalize(st->q[i]);
        st->q[i] = NULL;
    }
}

/* One whole number from a pragma or query of the program's own; -1 when it cannot be read. */
static int64_t query_int(Store *st, const char *sql)
{
    sqlite3_stmt *q;
    int64_t v = -1;
    if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
        return -1;
    if (sqlite3_step(q) == SQLITE_ROW)
        v = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    return v;
}

/* Whether the database at 'path' is one this program made (or an empty one), before anything
 * is written into it: a file of another program's, or one this program cannot read, is refused
 * with what to do. */
static CmStatus check_ours(Store *st, const char *path, CmError *err)
{
    sqlite3_stmt *q;
    int rc = sqlite3_prepare_v2(st->db,
                                "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') "
                                "AND name NOT LIKE 'sqlite_%' ORDER BY name",
                                -1, &q, NULL);
    char names[160] = "";
    size_t len = 0;
    int ntables = 0, foreign = 0;
    while (rc == SQLITE_OK || rc == SQLITE_ROW) {
        if ((rc = sqlite3_step(q)) != SQLITE_ROW)
            break;
        const char *name = (const char *)sqlite3_column_text(q, 0);
        int known = 0;
        for (size_t i = 0; i < sizeof schema_tables / sizeof *schema_tables; i++)
            known |= name != NULL && strcmp(name, schema_tables[i]) == 0;
        foreign |= !known;
        ntables++;
        if (len + 40 < sizeof names) {
            int n = snprintf(names + len, sizeof names - len, "%s%.30s", len ? ", " : "",
                             name != NULL ? name : "?");
            len += n > 0 ? (size_t)n : 0;
        } else if (len + 5 < sizeof names && names[len - 1] != '.') {
            len += (size_t)snprintf(names + len, sizeof names - len, ", ...");
        }
    }
    if (rc != SQLITE_DONE) {
        int code = sqlite3_errcode(st->db);
        cm_error_set(err, CM_ERR_IO, 0, 0, "%s cannot be read as a database (%s)%s", path,
                     sqlite3_errmsg(st->db),
                     code == SQLITE_NOTADB || code == SQLITE_CORRUPT
                         ? ": it is not a database of camelot's, or it is damaged; the server "
                           "writes into nothing it did not make: move it away, or name another "
                           "--data directory"
                         : "");
        sqlite3_finalize(q);
        return CM_ERR_IO;
    }
    sqlite3_finalize(q);
    int64_t app = query_int(st, "PRAGMA application_id");
    int64_t version = query_int(st, "PRAGMA user_version");
    if (ntables == 0 && version == 0 && (app == 0 || app == STORE_APPLICATION_ID))
        return CM_OK; /* new */
    /* Databases of the versions before the application id was set have none (and one whose
     * first step to version 3 was cut short by a crash may have none either). */
    if (!foreign && (app == STORE_APPLICATION_ID || (app == 0 && version >= 1 && version <= 3)))
        return CM_OK;
    return cm_error_set(err, CM_ERR_SCHEMA, 0, 0,
                        "%s is not a database of a camelot server (application id %lld, "
                        "schema version %lld, tables: %s); the server writes into nothing it "
                        "did not make: move it away, or name another --data directory",
                        path, (long long)app, (long long)version, ntables ? names : "none");
}

/* The check of the database's pages that 'check' asks for (STORE_CHECK_*): a damaged database
 * is refused before anything is written into it. */
static CmStatus check_pages(Store *st, const char *path, int check, CmError *err)
{
    if (check == STORE_CHECK_NONE)
        return CM_OK;
    const char *pragma = check == STORE_CHECK_FULL ? "integrity_check" : "quick_check";
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA %s(1)", pragma);
    sqlite3_stmt *q;
    int rc = sqlite3_prepare_v2(st->db, sql, -1, &q, NULL);
    const char *what = NULL;
    char first[120] = "";
    if (rc == SQLITE_OK && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(q, 0);
        /* Its first problem: the line that names a page, without the heading before it. */
        const char *text = t != NULL ? (const char *)t : "?";
        const char *nl = strrchr(text, '\n');
        snprintf(first, sizeof first, "%.60s", nl != NULL ? nl + 1 : text);
        if (strcmp(first, "ok") != 0)
            what = first;
    } else {
        snprintf(first, sizeof first, "%.60s", sqlite3_errmsg(st->db));
        what = first;
    }
    sqlite3_finalize(q);
    if (what == NULL)
        return CM_OK;
    return cm_error_set(err, CM_ERR_IO, 0, 0,
                        "%s is damaged (%s: %s): restore it from a backup, or move it away to "
                        "begin anew; sqlite3's .recover may save what it holds",
                        path, pragma, what);
}

/* Makes 'path', when missing, an empty file that only its owner may read: SQLite takes an
 * empty file for an empty database, and gives its log and shared memory files the mode of
 * the database's (which otherwise follows the umask: everyone's chat readable by every user
 * of the machine). */
static CmStatus private_file(const char *what, const char *path, CmError *err)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) {
        close(fd);
        return CM_OK;
    }
    if (errno == EEXIST)
        return CM_OK;
    return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot open %s%s: %s", what, path, strerror(errno));
}

/* Opens 'path' and brings it to 'version'; the statements are prepared only at the current
 * version. */
static CmStatus open_at(const char *path, int durable, int check, int version, Store **out,
                        CmError *err)
{
    *out = NULL;
    Store *st = calloc(1, sizeof *st);
    if (st == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    if (private_file("the store ", path, err) != CM_OK) {
        free(st);
        return CM_ERR_IO;
    }
    if (sqlite3_open_v2(path, &st->db, flags, NULL) != SQLITE_OK) {
        cm_error_set(err, CM_ERR_IO, 0, 0, "cannot open the store %s: %s", path,
                     st->db ? sqlite3_errmsg(st->db) : "out of memory");
        sqlite3_close(st->db);
        free(st);
        return CM_ERR_IO;
    }
    /* Another process holding the database is waited for briefly, then refused with an error
     * rather than a hang. */
    sqlite3_busy_timeout(st->db, 2000);
    /* Until the database is known to be camelot's and whole, nothing is written into it, not
     * even the checkpoint of its log that closing the last connection does. */
    int on = 1, off = 0;
    sqlite3_db_config(st->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
    sqlite3_file_control(st->db, "main", SQLITE_FCNTL_PERSIST_WAL, &on);
    CmStatus rc = check_ours(st, path, err);
    if (rc == CM_OK)
        rc = check_pages(st, path, check, err);
    if (rc == CM_OK) {
        sqlite3_db_config(st->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, NULL);
        sqlite3_file_control(st->db, "main", SQLITE_FCNTL_PERSIST_WAL, &off);
    }
    if (rc == CM_OK)
        rc = exec(st, "PRAGMA journal_mode = WAL", err);
    if (rc == CM_OK)
        rc = exec(st, durable ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL", err);
    if (rc == CM_OK)
        rc = exec(st, "PRAGMA foreign_keys = ON", err);
    if (rc == CM_OK)
        rc = store_migrate(st, version, err);
    if (rc == CM_OK && query_int(st, "PRAGMA application_id") != STORE_APPLICATION_ID) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA application_id = %d", STORE_APPLICATION_ID);
        rc = exec(st, sql, err);
    }
    for (int i = 0; rc == CM_OK && version == STORE_VERSION && i < Q_COUNT; i++)
        if (sqlite3_prepare_v3(st->db, query_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &st->q[i],
                               NULL) != SQLITE_OK)
            rc = db_error(st, err, "the store's statements");
    if (rc != CM_OK) {
        store_close(st);
        return rc;
    }
    *out = st;
    return CM_OK;
}

CmStatus store_open(const char *path, int durable, int check, Store **out, CmError *err)
{
    return open_at(path, durable, check, STORE_VERSION, out, err);
}

CmStatus store_open_old(const char *path, int version, Store **out, CmError *err)
{
    if (version < 1 || version > STORE_VERSION)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "no schema version %d", version);
    return open_at(path, 1, STORE_CHECK_QUICK, version, out, err);
}

CmStatus store_exec(Store *st, const char *sql, CmError *err)
{
    return exec(st, sql, err);
}

void store_close(Store *st)
{
    if (st == NULL)
        return;
    if (st->in_tx)
        store_rollback(st);
    finalize_all(st);
    sqlite3_close(st->db);
    free(st);
}

CmStatus store_begin(Store *st, CmError *err)
{
    if (st->in_tx)
        return CM_OK;
    CmStatus rc = exec(st, "BEGIN IMMEDIATE", err);
    if (rc == CM_OK)
        st->in_tx = 1;
    return rc;
}

CmStatus store_commit(Store *st, CmError *err)
{
    if (!st->in_tx)
        return CM_OK;
    CmStatus rc = exec(st, "COMMIT", err);
    if (rc != CM_OK)
        store_rollback(st);
    st->in_tx = 0;
    return rc;
}

void store_rollback(Store *st)
{
    if (st->in_tx)
        sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
    st->in_tx = 0;
}

int store_in_transaction(Store *st)
{
    return st->in_tx;
}

/* Runs a prepared statement that returns no rows, then resets it. */
static CmStatus run(Store *st, sqlite3_stmt *q, CmError *err, const char *what)
{
    int rc = sqlite3_step(q);
    CmStatus out = rc == SQLITE_DONE ? CM_OK : db_error(st, err, what);
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

static void bind_text(sqlite3_stmt *q, int i, const char *s)
{
    if (s == NULL)
        sqlite3_bind_null(q, i);
    else
        sqlite3_bind_text(q, i, s, -1, SQLITE_TRANSIENT);
}

static CmStatus player_add(Store *st, const char *name, int64_t utc, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_PLAYER_ADD];
    bind_text(q, 1, name);
    sqlite3_bind_int64(q, 2, utc);
    return run(st, q, err, "a new player");
}

CmStatus store_player_known(Store *st, const char *name, int64_t utc, CmError *err)
{
    return player_add(st, name, utc, err);
}

CmStatus store_game_new(Store *st, const char *variant, int64_t utc, int64_t *id_out, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_GAME_NEW];
    bind_text(q, 1, variant);
    sqlite3_bind_int64(q, 2, utc);
    CmStatus rc = run(st, q, err, "a new game");
    if (rc == CM_OK)
        *id_out = sqlite3_last_insert_rowid(st->db);
    return rc;
}

CmStatus store_event(Store *st, int64_t game, int64_t seq, int audience, int64_t at_ms,
                     const char *body, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_EVENT];
    sqlite3_bind_int64(q, 1, game);
    sqlite3_bind_int64(q, 2, seq);
    sqlite3_bind_int(q, 3, audience);
    sqlite3_bind_int64(q, 4, at_ms);
    bind_text(q, 5, body);
    return run(st, q, err, "an event");
}

CmStatus store_game_status(Store *st, int64_t game, const char *status, const char *result,
                           const char *termination, int64_t utc, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_GAME_STATUS];
    sqlite3_bind_int64(q, 1, game);
    bind_text(q, 2, status);
    bind_text(q, 3, result);
    bind_text(q, 4, termination);
    sqlite3_bind_int64(q, 5, utc);
    return run(st, q, err, "a game's status");
}

CmStatus store_game_player(Store *st, int64_t game, char seat, const char *name, CmError *err)
{
    char letter[2] = {seat, '\0'};
    if (name == NULL) {
        sqlite3_stmt *q = st->q[Q_GAME_PLAYER_CLEAR];
        sqlite3_bind_int64(q, 1, game);
        bind_text(q, 2, letter);
        return run(st, q, err, "a seat");
    }
    CmStatus rc = player_add(st, name, 0, err);
    if (rc != CM_OK)
        return rc;
    sqlite3_stmt *q = st->q[Q_GAME_PLAYER];
    sqlite3_bind_int64(q, 1, game);
    bind_text(q, 2, letter);
    bind_text(q, 3, name);
    return run(st, q, err, "a seat");
}

/* Steps a query that returns rows, calling 'row' for each until it returns nonzero. */
static CmStatus rows(Store *st, sqlite3_stmt *q, int (*row)(sqlite3_stmt *q, void *ud), void *ud,
                     CmError *err, const char *what)
{
    CmStatus out = CM_OK;
    for (;;) {
        int rc = sqlite3_step(q);
        if (rc == SQLITE_ROW) {
            if (row(q, ud) != 0)
                break;
            continue;
        }
        if (rc != SQLITE_DONE)
            out = db_error(st, err, what);
        break;
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

static const char *col_text(sqlite3_stmt *q, int i)
{
    const unsigned char *t = sqlite3_column_text(q, i);
    return t != NULL ? (const char *)t : "";
}

typedef struct EventWalk {
    StoreEventFn fn;
    void *ud;
} EventWalk;

static int event_row(sqlite3_stmt *q, void *ud)
{
    EventWalk *w = ud;
    return w->fn(w->ud, sqlite3_column_int64(q, 0), sqlite3_column_int(q, 1),
                 sqlite3_column_int64(q, 3), col_text(q, 2));
}

CmStatus store_seat_events(Store *st, int64_t game, StoreEventFn fn, void *ud, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_SEAT_EVENTS];
    sqlite3_bind_int64(q, 1, game);
    EventWalk w = {fn, ud};
    return rows(st, q, event_row, &w, err, "a game's events");
}

CmStatus store_events(Store *st, int64_t game, int64_t after, StoreEventFn fn, void *ud,
                      CmError *err)
{
    sqlite3_stmt *q = st->q[Q_EVENTS];
    sqlite3_bind_int64(q, 1, game);
    sqlite3_bind_int64(q, 2, after);
    EventWalk w = {fn, ud};
    return rows(st, q, event_row, &w, err, "a game's events");
}

typedef struct GameWalk {
    StoreGameFn fn;
    void *ud;
} GameWalk;

static int game_row(sqlite3_stmt *q, void *ud)
{
    GameWalk *w = ud;
    return w->fn(w->ud, sqlite3_column_int64(q, 0), col_text(q, 1), col_text(q, 2));
}

CmStatus store_games(Store *st, const char *name, int max, StoreGameFn fn, void *ud, CmError *err)
{
    sqlite3_stmt *q = st->q[name != NULL ? Q_GAMES_OF : Q_GAMES_OPEN];
    if (name != NULL) {
        bind_text(q, 1, name);
        sqlite3_bind_int(q, 2, max);
    }
    GameWalk w = {fn, ud};
    return rows(st, q, game_row, &w, err, "the games");
}

typedef struct PastWalk {
    StorePastFn fn;
    void *ud;
} PastWalk;

static int past_row(sqlite3_stmt *q, void *ud)
{
    PastWalk *w = ud;
    StorePast p;
    p.id = sqlite3_column_int64(q, 0);
    snprintf(p.variant, sizeof p.variant, "%s", col_text(q, 1));
    snprintf(p.result, sizeof p.result, "%s", col_text(q, 2));
    snprintf(p.termination, sizeof p.termination, "%s", col_text(q, 3));
    p.ended = sqlite3_column_int64(q, 4);
    snprintf(p.mine, sizeof p.mine, "%s", col_text(q, 5));
    /* The letters in order: SQLite's group_concat keeps none. */
    for (size_t i = 1; p.mine[0] != '\0' && p.mine[i] != '\0'; i++)
        for (size_t k = i; k > 0 && p.mine[k] < p.mine[k - 1]; k--) {
            char c = p.mine[k];
            p.mine[k] = p.mine[k - 1];
            p.mine[k - 1] = c;
        }
    return w->fn(w->ud, &p);
}

static void rating_cols(sqlite3_stmt *q, int i, StoreRating *r);

CmStatus store_profile(Store *st, const char *name, int64_t *created, int *games, int *found,
                       CmError *err)
{
    sqlite3_stmt *q = st->q[Q_PROFILE];
    bind_text(q, 1, name);
    sqlite3_bind_int(q, 2, STORE_PROFILE_GAMES_MAX);
    int rc = sqlite3_step(q);
    *found = rc == SQLITE_ROW;
    *created = *found ? sqlite3_column_int64(q, 0) : 0;
    *games = *found ? sqlite3_column_int(q, 1) : 0;
    CmStatus out =
        rc == SQLITE_ROW || rc == SQLITE_DONE ? CM_OK : db_error(st, err, "a player's games");
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

typedef struct RatingOfWalk {
    StoreRatingFn fn;
    void *ud;
} RatingOfWalk;

static int rating_of_row(sqlite3_stmt *q, void *ud)
{
    RatingOfWalk *w = ud;
    StoreRating r;
    rating_cols(q, 1, &r);
    return w->fn(w->ud, col_text(q, 0), &r);
}

CmStatus store_ratings_of(Store *st, const char *name, StoreRatingFn fn, void *ud, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_RATINGS_OF];
    bind_text(q, 1, name);
    RatingOfWalk w = {fn, ud};
    return rows(st, q, rating_of_row, &w, err, "a player's ratings");
}

typedef struct SeatWalk {
    StoreSeatFn fn;
    void *ud;
} SeatWalk;

static int seat_row(sqlite3_stmt *q, void *ud)
{
    SeatWalk *w = ud;
    const char *seat = col_text(q, 3);
    return w->fn(w->ud, sqlite3_column_int64(q, 0), col_text(q, 1), col_text(q, 2), seat[0],
                 col_text(q, 4));
}

CmStatus store_seats_of(Store *st, const char *name, int max, StoreSeatFn fn, void *ud,
                        CmError *err)
{
    sqlite3_stmt *q = st->q[Q_SEATS_OF];
    bind_text(q, 1, name);
    sqlite3_bind_int(q, 2, max);
    SeatWalk w = {fn, ud};
    return rows(st, q, seat_row, &w, err, "a player's games");
}

CmStatus store_history(Store *st, const char *name, int64_t before, int64_t since, int max,
                       int scan, StorePastFn fn, void *ud, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_HISTORY];
    bind_text(q, 1, name);
    sqlite3_bind_int64(q, 2, before > 0 ? before : INT64_MAX);
    sqlite3_bind_int64(q, 3, since);
    sqlite3_bind_int(q, 4, max);
    sqlite3_bind_int(q, 5, scan > 0 ? scan - 1 : -1);
    PastWalk w = {fn, ud};
    return rows(st, q, past_row, &w, err, "the games");
}

static void rating_cols(sqlite3_stmt *q, int i, StoreRating *r)
{
    r->rating = sqlite3_column_double(q, i);
    r->rd = sqlite3_column_double(q, i + 1);
    r->vol = sqlite3_column_double(q, i + 2);
    r->games = sqlite3_column_int(q, i + 3);
    r->updated = sqlite3_column_int64(q, i + 4);
}

CmStatus store_rating_get(Store *st, const char *name, const char *variant, StoreRating *out,
                          int *found, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_RATING_GET];
    bind_text(q, 1, name);
    bind_text(q, 2, variant);
    int rc = sqlite3_step(q);
    CmStatus s = CM_OK;
    *found = 0;
    if (rc == SQLITE_ROW) {
        rating_cols(q, 0, out);
        *found = 1;
    } else if (rc != SQLITE_DONE) {
        s = db_error(st, err, "a rating");
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return s;
}

CmStatus store_rating_put(Store *st, const char *name, const char *variant, const StoreRating *r,
                          CmError *err)
{
    CmStatus rc = player_add(st, name, r->updated, err);
    if (rc != CM_OK)
        return rc;
    sqlite3_stmt *q = st->q[Q_RATING_PUT];
    bind_text(q, 1, name);
    bind_text(q, 2, variant);
    sqlite3_bind_double(q, 3, r->rating);
    sqlite3_bind_double(q, 4, r->rd);
    sqlite3_bind_double(q, 5, r->vol);
    sqlite3_bind_int(q, 6, r->games);
    sqlite3_bind_int64(q, 7, r->updated);
    return run(st, q, err, "a rating");
}

typedef struct RatingWalk {
    StoreRatingFn fn;
    void *ud;
} RatingWalk;

static int rating_row(sqlite3_stmt *q, void *ud)
{
    RatingWalk *w = ud;
    StoreRating r;
    rating_cols(q, 1, &r);
    return w->fn(w->ud, col_text(q, 0), &r);
}

CmStatus store_ratings(Store *st, const char *variant, int max, StoreRatingFn fn, void *ud,
                       CmError *err)
{
    sqlite3_stmt *q = st->q[Q_RATINGS];
    bind_text(q, 1, variant);
    sqlite3_bind_int(q, 2, max);
    RatingWalk w = {fn, ud};
    return rows(st, q, rating_row, &w, err, "the ratings");
}

CmStatus store_alive_get(Store *st, int64_t *ms_out, int *found, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_ALIVE_GET];
    int rc = sqlite3_step(q);
    CmStatus out = CM_OK;
    *found = 0;
    if (rc == SQLITE_ROW) {
        *ms_out = sqlite3_column_int64(q, 0);
        *found = 1;
    } else if (rc != SQLITE_DONE) {
        out = db_error(st, err, "when the server was last alive");
    }
    sqlite3_reset(q);
    return out;
}

CmStatus store_alive_put(Store *st, int64_t ms, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_ALIVE_PUT];
    sqlite3_bind_int64(q, 1, ms);
    return run(st, q, err, "when the server was last alive");
}

CmStatus store_chat_count(Store *st, const char *name, int64_t day, int *n_out, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_CHAT_GET];
    bind_text(q, 1, name);
    sqlite3_bind_int64(q, 2, day);
    int rc = sqlite3_step(q);
    CmStatus out = CM_OK;
    *n_out = 0;
    if (rc == SQLITE_ROW)
        *n_out = sqlite3_column_int(q, 0);
    else if (rc != SQLITE_DONE)
        out = db_error(st, err, "a player's chat of the day");
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

CmStatus store_chat_add(Store *st, const char *name, int64_t day, int64_t utc, CmError *err)
{
    CmStatus rc = player_add(st, name, utc, err);
    if (rc != CM_OK)
        return rc;
    sqlite3_stmt *q = st->q[Q_CHAT_ADD];
    bind_text(q, 1, name);
    sqlite3_bind_int64(q, 2, day);
    return run(st, q, err, "a player's chat of the day");
}

CmStatus store_turn_get(Store *st, int64_t game, int64_t *ms_out, int *found, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_TURN_GET];
    sqlite3_bind_int64(q, 1, game);
    int rc = sqlite3_step(q);
    CmStatus out = CM_OK;
    *found = 0;
    if (rc == SQLITE_ROW) {
        *ms_out = sqlite3_column_int64(q, 0);
        *found = 1;
    } else if (rc != SQLITE_DONE) {
        out = db_error(st, err, "when a game's turn began");
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

CmStatus store_turn_put(Store *st, int64_t game, int64_t ms, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_TURN_PUT];
    sqlite3_bind_int64(q, 1, game);
    if (ms > 0)
        sqlite3_bind_int64(q, 2, ms);
    else
        sqlite3_bind_null(q, 2);
    return run(st, q, err, "when a game's turn began");
}

CmStatus store_key_get(Store *st, const char *fingerprint, char *name, size_t size, int *found,
                       CmError *err)
{
    sqlite3_stmt *q = st->q[Q_KEY_GET];
    bind_text(q, 1, fingerprint);
    int rc = sqlite3_step(q);
    CmStatus out = CM_OK;
    *found = 0;
    if (rc == SQLITE_ROW) {
        snprintf(name, size, "%s", (const char *)sqlite3_column_text(q, 0));
        *found = 1;
    } else if (rc != SQLITE_DONE) {
        out = db_error(st, err, "a key's player");
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

CmStatus store_name_taken(Store *st, const char *name, int *taken, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_NAME_TAKEN];
    bind_text(q, 1, name);
    int rc = sqlite3_step(q);
    CmStatus out = CM_OK;
    *taken = rc == SQLITE_ROW;
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        out = db_error(st, err, "whether a name is taken");
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

CmStatus store_key_add(Store *st, const char *fingerprint, const char *name, int64_t utc,
                       CmError *err)
{
    CmStatus rc = player_add(st, name, utc, err);
    if (rc != CM_OK)
        return rc;
    sqlite3_stmt *q = st->q[Q_KEY_ADD];
    bind_text(q, 1, fingerprint);
    bind_text(q, 2, name);
    sqlite3_bind_int64(q, 3, utc);
    return run(st, q, err, "a new key");
}

CmStatus store_flags(Store *st, const char *name, const char *key, int *banned, int *muted,
                     CmError *err)
{
    sqlite3_stmt *q = st->q[Q_FLAGS];
    bind_text(q, 1, name);
    bind_text(q, 2, key != NULL ? key : "");
    int rc = sqlite3_step(q);
    CmStatus out = CM_OK;
    *banned = *muted = 0;
    if (rc == SQLITE_ROW) {
        *banned = sqlite3_column_int(q, 0) != 0 || sqlite3_column_int(q, 2) != 0;
        *muted = sqlite3_column_int(q, 1) != 0;
    } else {
        out = db_error(st, err, "a player's standing");
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

/* Runs 'q', bound to the text 'a' and the number 'b'; '*changed' the rows it changed. */
static CmStatus run_changes(Store *st, int which, const char *a, int64_t b, int *changed,
                            CmError *err, const char *what)
{
    sqlite3_stmt *q = st->q[which];
    bind_text(q, 1, a);
    sqlite3_bind_int64(q, 2, b);
    CmStatus rc = run(st, q, err, what);
    *changed = rc == CM_OK ? sqlite3_changes(st->db) : 0;
    return rc;
}

CmStatus store_player_set(Store *st, const char *name, int what, int on, int64_t utc, CmError *err)
{
    CmStatus rc = player_add(st, name, utc, err);
    int changed;
    if (rc == CM_OK)
        rc = run_changes(st, what == STORE_BAN ? Q_BAN : Q_MUTE, name, on, &changed, err,
                         "a player's standing");
    return rc;
}

CmStatus store_key_ban(Store *st, const char *fingerprint, int on, int *found, CmError *err)
{
    return run_changes(st, Q_KEY_BAN, fingerprint, on, found, err, "a key's standing");
}

CmStatus store_rating_reset(Store *st, const char *name, const char *variant, int *found,
                            CmError *err)
{
    sqlite3_stmt *q = st->q[Q_RATING_RESET];
    bind_text(q, 1, name);
    bind_text(q, 2, variant);
    CmStatus rc = run(st, q, err, "a rating");
    *found = rc == CM_OK ? sqlite3_changes(st->db) : 0;
    return rc;
}

CmStatus store_players(Store *st, const char *after, int max, StorePlayerFn fn, void *ud,
                       CmError *err)
{
    sqlite3_stmt *q = st->q[Q_PLAYERS];
    sqlite3_bind_int(q, 1, max);
    bind_text(q, 2, after != NULL ? after : "");
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        StorePlayer p;
        snprintf(p.name, sizeof p.name, "%s", (const char *)sqlite3_column_text(q, 0));
        p.keys = sqlite3_column_int(q, 1);
        p.games = sqlite3_column_int(q, 2);
        p.banned = sqlite3_column_int(q, 3);
        p.muted = sqlite3_column_int(q, 4);
        p.created = sqlite3_column_int64(q, 5);
        p.seen = sqlite3_column_int64(q, 6);
        if (fn(ud, &p) != 0)
            break;
    }
    CmStatus out = rc == SQLITE_ROW || rc == SQLITE_DONE ? CM_OK : db_error(st, err, "the players");
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

CmStatus store_backup(const char *from, const char *to, CmError *err)
{
    sqlite3 *src = NULL, *dst = NULL;
    CmStatus rc = CM_OK;
    if (sqlite3_open_v2(from, &src, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
        rc = cm_error_set(err, CM_ERR_IO, 0, 0, "cannot open %s: %s", from,
                          src ? sqlite3_errmsg(src) : "out of memory");
    /* A backup holds every player's chat: the server's user's alone, even over a file that
     * was there. */
    if (rc == CM_OK)
        rc = private_file("", to, err);
    if (rc == CM_OK && chmod(to, 0600) != 0)
        rc = cm_error_set(err, CM_ERR_IO, 0, 0, "cannot make %s private: %s", to, strerror(errno));
    if (rc == CM_OK &&
        sqlite3_open_v2(to, &dst, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
        rc = cm_error_set(err, CM_ERR_IO, 0, 0, "cannot open %s: %s", to,
                          dst ? sqlite3_errmsg(dst) : "out of memory");
    if (rc == CM_OK) {
        sqlite3_busy_timeout(src, 2000);
        sqlite3_backup *b = sqlite3_backup_init(dst, "main", src, "main");
        if (b == NULL) {
            rc = cm_error_set(err, CM_ERR_IO, 0, 0, "cannot copy into %s: %s", to,
                              sqlite3_errmsg(dst));
        } else {
            /* A page at a time would let the server write between steps and start the copy
             * again; the whole at once holds the server back only as long as a read. */
            int step = sqlite3_backup_step(b, -1);
            if (sqlite3_backup_finish(b) != SQLITE_OK || step != SQLITE_DONE)
                rc = cm_error_set(err, CM_ERR_IO, 0, 0, "the copy into %s failed: %s", to,
                                  sqlite3_errmsg(dst));
        }
    }
    sqlite3_close(src);
    sqlite3_close(dst);
    return rc;
}

CmStatus store_walkaway_add(Store *st, const char *name, int64_t utc, CmError *err)
{
    CmStatus rc = player_add(st, name, utc, err);
    if (rc != CM_OK)
        return rc;
    sqlite3_stmt *q = st->q[Q_WALK_ADD];
    bind_text(q, 1, name);
    sqlite3_bind_int64(q, 2, utc);
    return run(st, q, err, "a game left");
}

CmStatus store_walkaways(Store *st, const char *name, int64_t since, int *n, int64_t *last,
                         CmError *err)
{
    sqlite3_stmt *q = st->q[Q_WALKS];
    bind_text(q, 1, name);
    sqlite3_bind_int64(q, 2, since);
    int rc = sqlite3_step(q);
    CmStatus out = CM_OK;
    *n = 0;
    *last = 0;
    if (rc == SQLITE_ROW) {
        *n = sqlite3_column_int(q, 0);
        *last = sqlite3_column_int64(q, 1);
    } else {
        out = db_error(st, err, "the games a player left");
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

CmStatus store_keys_of(Store *st, const char *name, StoreKeyFn fn, void *ud, int *n, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_KEYS_OF];
    bind_text(q, 1, name);
    int rc;
    *n = 0;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        (*n)++;
        if (fn != NULL && fn(ud, (const char *)sqlite3_column_text(q, 0),
                             sqlite3_column_int64(q, 1), sqlite3_column_int(q, 2)) != 0)
            break;
    }
    CmStatus out = rc == SQLITE_ROW || rc == SQLITE_DONE ? CM_OK : db_error(st, err, "the keys");
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

CmStatus store_key_drop(Store *st, const char *fingerprint, const char *name, int *found,
                        CmError *err)
{
    sqlite3_stmt *q = st->q[Q_KEY_DROP];
    bind_text(q, 1, fingerprint);
    bind_text(q, 2, name);
    CmStatus rc = run(st, q, err, "a key");
    *found = rc == CM_OK ? sqlite3_changes(st->db) : 0;
    return rc;
}

CmStatus store_guests_purge(Store *st, int64_t before, CmError *err)
{
    /* The games that only guests played, over before the time (the last game kept, so that
     * no id is given again); then the guests of before the time who sit in no game going on
     * or over since. */
    char sql[2400];
    snprintf(sql, sizeof sql,
             "CREATE TEMP TABLE IF NOT EXISTS purged (id INTEGER PRIMARY KEY);"
             "DELETE FROM purged;"
             "INSERT INTO purged SELECT g.id FROM games g WHERE g.status = 'over' AND "
             "  g.ended < %1$lld AND g.id < (SELECT max(id) FROM games) AND"
             "  EXISTS (SELECT 1 FROM game_players gp WHERE gp.game = g.id) AND"
             "  NOT EXISTS (SELECT 1 FROM game_players gp JOIN players p ON p.id = gp.player"
             "    WHERE gp.game = g.id AND p.name NOT LIKE 'guest-%%');"
             "DELETE FROM events WHERE game IN purged;"
             "DELETE FROM game_players WHERE game IN purged;"
             "DELETE FROM games WHERE id IN purged;"
             "DELETE FROM purged;"
             "INSERT INTO purged SELECT id FROM players WHERE name LIKE 'guest-%%' AND"
             "  created < %1$lld AND id NOT IN (SELECT gp.player FROM game_players gp"
             "    JOIN games g ON g.id = gp.game WHERE g.status <> 'over' OR g.ended >= %1$lld);"
             "DELETE FROM game_players WHERE player IN purged;"
             "DELETE FROM chat_days WHERE player IN purged;"
             "DELETE FROM walkaways WHERE player IN purged;"
             "DELETE FROM ratings WHERE player IN purged;"
             "DELETE FROM keys WHERE player IN purged;"
             "DELETE FROM players WHERE id IN purged;"
             "DELETE FROM purged;",
             (long long)before);
    return exec(st, sql, err);
}

CmStatus store_player_rename(Store *st, const char *name, const char *to, int *found, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_RENAME];
    bind_text(q, 1, name);
    bind_text(q, 2, to);
    CmStatus rc = run(st, q, err, "a player's name");
    *found = rc == CM_OK ? sqlite3_changes(st->db) : 0;
    /* The tournaments they entered, or made. */
    for (int k = Q_RENAME_ENTRANT; rc == CM_OK && *found && k <= Q_RENAME_CREATOR; k++) {
        q = st->q[k];
        bind_text(q, 1, name);
        bind_text(q, 2, to);
        rc = run(st, q, err, "a player's name in the tournaments");
    }
    return rc;
}

CmStatus store_seen(Store *st, const char *name, int64_t utc, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_SEEN];
    bind_text(q, 1, name);
    sqlite3_bind_int64(q, 2, utc);
    return run(st, q, err, "when a player was last here");
}

CmStatus store_seen_get(Store *st, const char *name, int64_t *utc, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_SEEN_GET];
    bind_text(q, 1, name);
    int rc = sqlite3_step(q);
    *utc = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : 0;
    CmStatus out = rc == SQLITE_ROW || rc == SQLITE_DONE
                       ? CM_OK
                       : db_error(st, err, "when a player was last here");
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

CmStatus store_walkaways_prune(Store *st, int64_t before, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_WALKS_PRUNE];
    sqlite3_bind_int64(q, 1, before);
    return run(st, q, err, "the games left long ago");
}

/* ---- Tournaments ------------------------------------------------------------------------- */

CmStatus store_tourney_new(Store *st, const StoreTourney *t, int64_t *id_out, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_TOURNEY_NEW];
    bind_text(q, 1, t->kind);
    bind_text(q, 2, t->variant);
    bind_text(q, 3, t->tc);
    sqlite3_bind_int(q, 4, t->rated);
    sqlite3_bind_int(q, 5, t->rounds);
    sqlite3_bind_int64(q, 6, t->starts);
    bind_text(q, 7, t->creator);
    sqlite3_bind_int64(q, 8, t->created);
    CmStatus rc = run(st, q, err, "a new tournament");
    if (rc == CM_OK)
        *id_out = sqlite3_last_insert_rowid(st->db);
    return rc;
}

CmStatus store_tourney_status(Store *st, int64_t id, const char *status, int rounds, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_TOURNEY_STATUS];
    sqlite3_bind_int64(q, 1, id);
    bind_text(q, 2, status);
    sqlite3_bind_int(q, 3, rounds);
    return run(st, q, err, "a tournament's status");
}

CmStatus store_tourneys(Store *st, int over, StoreIdFn fn, void *ud, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_TOURNEYS];
    sqlite3_bind_int(q, 1, over);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
        if (fn(ud, sqlite3_column_int64(q, 0)) != 0) {
            rc = SQLITE_DONE;
            break;
        }
    CmStatus out = rc == SQLITE_DONE ? CM_OK : db_error(st, err, "the tournaments");
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

CmStatus store_tourneys_made(Store *st, const char *creator, int64_t since, int *n, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_TOURNEYS_MADE];
    bind_text(q, 1, creator);
    sqlite3_bind_int64(q, 2, since);
    CmStatus out = CM_OK;
    *n = 0;
    if (sqlite3_step(q) == SQLITE_ROW)
        *n = sqlite3_column_int(q, 0);
    else
        out = db_error(st, err, "the tournaments a player made");
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

static void column_text(sqlite3_stmt *q, int i, char *buf, size_t size)
{
    const unsigned char *t = sqlite3_column_text(q, i);
    snprintf(buf, size, "%s", t != NULL ? (const char *)t : "");
}

CmStatus store_tourney_get(Store *st, int64_t id, StoreTourney *t, int *found, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_TOURNEY_GET];
    sqlite3_bind_int64(q, 1, id);
    int rc = sqlite3_step(q);
    CmStatus out = CM_OK;
    *found = 0;
    memset(t, 0, sizeof *t);
    if (rc == SQLITE_ROW) {
        *found = 1;
        column_text(q, 0, t->kind, sizeof t->kind);
        column_text(q, 1, t->variant, sizeof t->variant);
        column_text(q, 2, t->tc, sizeof t->tc);
        t->rated = sqlite3_column_int(q, 3);
        t->rounds = sqlite3_column_int(q, 4);
        t->starts = sqlite3_column_int64(q, 5);
        column_text(q, 6, t->creator, sizeof t->creator);
        t->created = sqlite3_column_int64(q, 7);
        column_text(q, 8, t->status, sizeof t->status);
    } else if (rc != SQLITE_DONE) {
        out = db_error(st, err, "a tournament");
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

CmStatus store_entrant_put(Store *st, int64_t tourney, int entrant, const char *who, int rating,
                           int withdrawn, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_ENTRANT_PUT];
    sqlite3_bind_int64(q, 1, tourney);
    sqlite3_bind_int(q, 2, entrant);
    bind_text(q, 3, who);
    sqlite3_bind_int(q, 4, rating);
    sqlite3_bind_int(q, 5, withdrawn);
    return run(st, q, err, "a tournament's entrant");
}

CmStatus store_entrant_drop(Store *st, int64_t tourney, int entrant, CmError *err)
{
    sqlite3_stmt *q = st->q[entrant < 0 ? Q_ENTRANTS_CLEAR : Q_ENTRANT_DROP];
    sqlite3_bind_int64(q, 1, tourney);
    if (entrant >= 0)
        sqlite3_bind_int(q, 2, entrant);
    return run(st, q, err, "a tournament's entrant");
}

CmStatus store_entrants(Store *st, int64_t tourney, StoreEntrantFn fn, void *ud, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_ENTRANTS];
    sqlite3_bind_int64(q, 1, tourney);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        const unsigned char *who = sqlite3_column_text(q, 1);
        if (fn(ud, sqlite3_column_int(q, 0), who != NULL ? (const char *)who : "",
               sqlite3_column_int(q, 2), sqlite3_column_int(q, 3)) != 0) {
            rc = SQLITE_DONE;
            break;
        }
    }
    CmStatus out = rc == SQLITE_DONE ? CM_OK : db_error(st, err, "a tournament's entrants");
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}

CmStatus store_pairing_put(Store *st, int64_t tourney, const StorePairing *p, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_PAIRING_PUT];
    sqlite3_bind_int64(q, 1, tourney);
    sqlite3_bind_int(q, 2, p->round);
    sqlite3_bind_int(q, 3, p->board);
    sqlite3_bind_int(q, 4, p->white);
    sqlite3_bind_int(q, 5, p->black);
    if (p->game > 0)
        sqlite3_bind_int64(q, 6, p->game);
    else
        sqlite3_bind_null(q, 6);
    if (p->result >= 0)
        sqlite3_bind_int(q, 7, p->result);
    else
        sqlite3_bind_null(q, 7);
    for (int k = 0; k < 2; k++) {
        int who = k == 0 ? p->white2 : p->black2;
        if (who >= 0)
            sqlite3_bind_int(q, 8 + k, who);
        else
            sqlite3_bind_null(q, 8 + k);
    }
    return run(st, q, err, "a tournament's pairing");
}

CmStatus store_pairing_result(Store *st, int64_t game, int result, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_PAIRING_RESULT];
    sqlite3_bind_int64(q, 1, game);
    sqlite3_bind_int(q, 2, result);
    return run(st, q, err, "a tournament game's result");
}

CmStatus store_pairings(Store *st, int64_t tourney, StorePairingFn fn, void *ud, CmError *err)
{
    sqlite3_stmt *q = st->q[Q_PAIRINGS];
    sqlite3_bind_int64(q, 1, tourney);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        StorePairing p = {sqlite3_column_int(q, 0),   sqlite3_column_int(q, 1),
                          sqlite3_column_int(q, 2),   sqlite3_column_int(q, 3),
                          sqlite3_column_int64(q, 4), sqlite3_column_int(q, 5),
                          sqlite3_column_int(q, 6),   sqlite3_column_int(q, 7)};
        if (fn(ud, &p) != 0) {
            rc = SQLITE_DONE;
            break;
        }
    }
    CmStatus out = rc == SQLITE_DONE ? CM_OK : db_error(st, err, "a tournament's games");
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return out;
}
