/* The server's store: one SQLite database in the server's data directory, in WAL mode, holding
 * the players, the games, every game's events (its moves and chat among them), results and
 * ratings. The only file of the program that uses SQLite. The schema has a version
 * ('PRAGMA user_version'); an older database is brought up to date when opened, a newer one is
 * refused. Every statement is prepared once and bound with values, never built from text.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_SERVER_STORE_H
#define CAMELOT_SERVER_STORE_H

#include <stdint.h>

#include "camelot/error.h"

#define STORE_VERSION 8 /* the schema this program writes */
/* The database's 'PRAGMA application_id', set in every database this program makes: "Caml". */
#define STORE_APPLICATION_ID 0x43616D6C

/* How much of a database is checked when it is opened. */
enum {
    STORE_CHECK_NONE,  /* nothing */
    STORE_CHECK_QUICK, /* PRAGMA quick_check: every page readable and well formed */
    STORE_CHECK_FULL   /* PRAGMA integrity_check: and every index agrees with its table */
};

typedef struct Store Store;

/* Opens (creating when missing) the database 'path', brings its schema to STORE_VERSION and
 * readies its statements. 'durable' 1: every commit reaches the disk before it returns
 * (synchronous=FULL), 0: it reaches the operating system (synchronous=NORMAL; a killed server
 * loses nothing, a machine that loses power may lose the last commits). Before anything is
 * written, the file must be a database this program made (its application id, or, made before
 * the id, only this program's tables) or an empty one, and pass the check 'check'
 * (STORE_CHECK_*): another program's database, a file that is no database and a damaged one are
 * refused (CM_ERR_SCHEMA or CM_ERR_IO), saying what to do. */
CmStatus store_open(const char *path, int durable, int check, Store **out, CmError *err);

/* For tests of the schema's versions: opens 'path' brought only to schema 'version', without
 * the statements (only 'store_migrate', 'store_version', 'store_exec' and 'store_close' may be
 * used on it). */
CmStatus store_open_old(const char *path, int version, Store **out, CmError *err);

/* Runs SQL text of the program's own (tests and maintenance; never text from a client). */
CmStatus store_exec(Store *st, const char *sql, CmError *err);

/* Closes the database. NULL does nothing. */
void store_close(Store *st);

/* The schema version of the open database. */
int store_version(Store *st);

/* Brings the schema of an open database from its version to 'to' (tests: a database made at
 * an older version and brought up step by step). */
CmStatus store_migrate(Store *st, int to, CmError *err);

/* A transaction: every write between 'store_begin' and 'store_commit' is one change, written
 * whole or not at all. Writes outside a transaction are each their own. */
CmStatus store_begin(Store *st, CmError *err);
CmStatus store_commit(Store *st, CmError *err);
void store_rollback(Store *st);
int store_in_transaction(Store *st);

/* A new game of 'variant' made at 'utc' (seconds since the epoch): its id. */
CmStatus store_game_new(Store *st, const char *variant, int64_t utc, int64_t *id_out, CmError *err);

/* Event 'seq' of game 'game' ('audience': 0 everyone, 1 the players, 2 the spectators), made at
 * 'at_ms' (UTC milliseconds since the epoch), whose text is 'body' (its words after
 * "ev GAME SEQ"). */
CmStatus store_event(Store *st, int64_t game, int64_t seq, int audience, int64_t at_ms,
                     const char *body, CmError *err);

/* The game's status ("waiting", "playing", "over") and, when over, its result and
 * termination, at 'utc'. */
CmStatus store_game_status(Store *st, int64_t game, const char *status, const char *result,
                           const char *termination, int64_t utc, CmError *err);

/* Seat 'seat' (its letter) of game 'game' is now 'name''s (NULL: no player's). */
CmStatus store_game_player(Store *st, int64_t game, char seat, const char *name, CmError *err);

/* The events of 'game' after 'after', in order: 'fn' is called for each (with the UTC
 * milliseconds it was made at; for an event stored before version 3, its second) and stops the
 * walk by returning nonzero. */
typedef int (*StoreEventFn)(void *ud, int64_t seq, int audience, int64_t at_ms, const char *body);
CmStatus store_events(Store *st, int64_t game, int64_t after, StoreEventFn fn, void *ud,
                      CmError *err);
/* Of those, only the events 'create', 'seat', 'engine' and 'rating' (who held each seat, and
 * the ratings the end changed), for a player's history. */
CmStatus store_seat_events(Store *st, int64_t game, StoreEventFn fn, void *ud, CmError *err);

/* The games not over (oldest first), or, with 'name', the games of that player (newest
 * first, at most 'max'). */
typedef int (*StoreGameFn)(void *ud, int64_t id, const char *variant, const char *status);
CmStatus store_games(Store *st, const char *name, int max, StoreGameFn fn, void *ud, CmError *err);

/* A game over, as a player's history lists it: its variant, result and termination as its
 * record has them ("" when none), when it ended (UTC seconds), and the letters of the seats the
 * player held at the end. */
typedef struct StorePast {
    int64_t id, ended;
    char variant[64], result[16], termination[32];
    char mine[16];
} StorePast;
typedef int (*StorePastFn)(void *ud, const StorePast *p);

/* The games over in which 'name' held a seat, newest first: at most 'max', of ids below
 * 'before' (0: any), ended at or after 'since' (UTC seconds; 0: any), among the games of the
 * player's last 'scan' seats (0: all of them). 'fn' stops the walk by returning nonzero. */
CmStatus store_history(Store *st, const char *name, int64_t before, int64_t since, int max,
                       int scan, StorePastFn fn, void *ud, CmError *err);

/* A player's rating in a variant; '*found' 0 (and the values untouched) when they have none. */
typedef struct StoreRating {
    double rating, rd, vol;
    int games;
    int64_t updated; /* UTC seconds */
} StoreRating;
CmStatus store_rating_get(Store *st, const char *name, const char *variant, StoreRating *out,
                          int *found, CmError *err);
CmStatus store_rating_put(Store *st, const char *name, const char *variant, const StoreRating *r,
                          CmError *err);

/* The ratings of a variant, best first, at most 'max'. */
typedef int (*StoreRatingFn)(void *ud, const char *name, const StoreRating *r);
CmStatus store_ratings(Store *st, const char *variant, int max, StoreRatingFn fn, void *ud,
                       CmError *err);

/* The player 'name': when they first came (UTC seconds) and how many games over they held a
 * seat in, up to STORE_PROFILE_GAMES_MAX; '*found' 0 for a name never seen. */
#define STORE_PROFILE_GAMES_MAX 1000
CmStatus store_profile(Store *st, const char *name, int64_t *created, int *games, int *found,
                       CmError *err);

/* The ratings of the player 'name', one a variant ('fn' is given the variant as its name), the
 * most played first. */
CmStatus store_ratings_of(Store *st, const char *name, StoreRatingFn fn, void *ud, CmError *err);

/* The seats of the people in the last 'max' games over of 'name', newest first, a game's rows
 * together: its id, variant and result ("" when none), a seat's letter and its player. */
typedef int (*StoreSeatFn)(void *ud, int64_t game, const char *variant, const char *result,
                           char seat, const char *name);
CmStatus store_seats_of(Store *st, const char *name, int max, StoreSeatFn fn, void *ud,
                        CmError *err);

/* When the server was last known to be alive (UTC ms), which it writes now and then while
 * clocks run and when it stops: '*found' 0 when never. */
CmStatus store_alive_get(Store *st, int64_t *ms_out, int *found, CmError *err);
CmStatus store_alive_put(Store *st, int64_t ms, CmError *err);

/* When the clock of the seat to move of 'game' began (UTC ms), net of the time the server was
 * away; 0 for none (no clock runs): '*found' 0 when none is kept. */
CmStatus store_turn_get(Store *st, int64_t game, int64_t *ms_out, int *found, CmError *err);
CmStatus store_turn_put(Store *st, int64_t game, int64_t ms, CmError *err);

/* The chat messages 'name' sent on UTC day 'day' (days since the epoch), and one more. */
CmStatus store_chat_count(Store *st, const char *name, int64_t day, int *n_out, CmError *err);
CmStatus store_chat_add(Store *st, const char *name, int64_t day, int64_t utc, CmError *err);

/* The player whose key has the fingerprint 'fingerprint' (into 'name', of 'size' bytes):
 * '*found' 0 for a key never signed up. */
CmStatus store_key_get(Store *st, const char *fingerprint, char *name, size_t size, int *found,
                       CmError *err);

/* Whether a player is kept under 'name' in any case ('Alice' takes 'alice'). */
CmStatus store_name_taken(Store *st, const char *name, int *taken, CmError *err);

/* Signs a key up: the player 'name' (made when new) is the key's from now on. */
CmStatus store_key_add(Store *st, const char *fingerprint, const char *name, int64_t utc,
                       CmError *err);

/* The standing of a player (and of the key 'key', NULL for none) as the host set it: banned
 * (the player or the key), muted. A name never seen is neither. */
CmStatus store_flags(Store *st, const char *name, const char *key, int *banned, int *muted,
                     CmError *err);

/* Bans or mutes the player 'name' ('on' 1) or lets them back ('on' 0); a name never seen is
 * kept, so that nobody signs up as it. */
enum { STORE_BAN, STORE_MUTE };
CmStatus store_player_set(Store *st, const char *name, int what, int on, int64_t utc, CmError *err);

/* Bans the key 'fingerprint' ('on' 1) or lets it back; '*found' 0 for a key never signed up. */
CmStatus store_key_ban(Store *st, const char *fingerprint, int on, int *found, CmError *err);

/* Forgets the rating of 'name' in 'variant': the next game begins at the start. '*found' 0
 * when there was none. */
CmStatus store_rating_reset(Store *st, const char *name, const char *variant, int *found,
                            CmError *err);

/* The players, by name, after the name 'after' (NULL: from the first), at most 'max': their
 * keys, games, standing, and when they were last connected ('seen', UTC seconds, 0 never). */
typedef struct StorePlayer {
    char name[64];
    int keys, games, banned, muted;
    int64_t created, seen;
} StorePlayer;
typedef int (*StorePlayerFn)(void *ud, const StorePlayer *p);
CmStatus store_players(Store *st, const char *after, int max, StorePlayerFn fn, void *ud,
                       CmError *err);

/* Keeps that the player 'name' was connected at UTC second 'utc' (a later time is kept). */
CmStatus store_seen(Store *st, const char *name, int64_t utc, CmError *err);
/* When the player 'name' was last connected, as kept: UTC seconds, 0 never (or no such player). */
CmStatus store_seen_get(Store *st, const char *name, int64_t *utc, CmError *err);

/* A game that 'name' left (claimed for being gone) or let be aborted (no first move), at UTC
 * second 'utc'; and how many since UTC second 'since', the last at '*last'. */
CmStatus store_walkaway_add(Store *st, const char *name, int64_t utc, CmError *err);
CmStatus store_walkaways(Store *st, const char *name, int64_t since, int *n, int64_t *last,
                         CmError *err);
/* Forgets the games left or aborted before UTC second 'before'. */
CmStatus store_walkaways_prune(Store *st, int64_t before, CmError *err);

/* The keys of the player 'name', oldest first (fn may be NULL), and how many in '*n'. */
typedef int (*StoreKeyFn)(void *ud, const char *fingerprint, int64_t added, int banned);
CmStatus store_keys_of(Store *st, const char *name, StoreKeyFn fn, void *ud, int *n, CmError *err);

/* Forgets the key 'fingerprint' of the player 'name': '*found' 0 when it is not theirs. */
CmStatus store_key_drop(Store *st, const char *fingerprint, const char *name, int *found,
                        CmError *err);

/* Forgets the guests ('guest-...') made before UTC second 'before', but those who sit in a game
 * not over or over since, and the games over before it that only guests played (but the last
 * game, whose id would be given again); a game of a guest and a player stays the player's. */
CmStatus store_guests_purge(Store *st, int64_t before, CmError *err);

/* Makes 'name' a player of the store (made at 'utc') when they are not one yet: one who enters
 * a tournament, say, before any game. */
CmStatus store_player_known(Store *st, const char *name, int64_t utc, CmError *err);

/* Renames the player 'name' to 'to' (their keys, ratings, games and tournaments follow; the
 * records of their games keep the name they had). '*found' 0 when there is no such player. */
CmStatus store_player_rename(Store *st, const char *name, const char *to, int *found, CmError *err);

/* Copies the database 'from' whole into 'to' (made, or replaced) with SQLite's backup, while
 * another process (the server) may be writing it: the copy is of one moment, each commit in it
 * or not. */
CmStatus store_backup(const char *from, const char *to, CmError *err);

/* ---- Tournaments (the server's tourney.c keeps them) ---------------------------------- */

#define STORE_TOURNEY_KIND_MAX 8
#define STORE_TOURNEY_TC_MAX 24
#define STORE_TOURNEY_STATUS_MAX 12

typedef struct StoreTourney {
    char kind[STORE_TOURNEY_KIND_MAX]; /* "swiss" or "robin" */
    char variant[64];
    char tc[STORE_TOURNEY_TC_MAX]; /* as 'create' writes one */
    int rated;
    int rounds;     /* a round robin's are set when it begins */
    int64_t starts; /* UTC seconds: the entry list closes then */
    char creator[64];
    int64_t created;
    char status[STORE_TOURNEY_STATUS_MAX]; /* "entry", "playing" or "over" */
} StoreTourney;

/* A game of a round, or a bye ('black' -1, no game, result 2). 'result': 2 white won, 1 a
 * draw, 0 black won, -1 not over. */
typedef struct StorePairing {
    int round, board, white, black;
    int64_t game;
    int result;
    int white2, black2; /* of changing partnerships, each side's second; else -1 */
} StorePairing;

typedef int (*StoreIdFn)(void *ud, int64_t id);
typedef int (*StoreEntrantFn)(void *ud, int entrant, const char *who, int rating, int withdrawn);
typedef int (*StorePairingFn)(void *ud, const StorePairing *p);

CmStatus store_tourney_new(Store *st, const StoreTourney *t, int64_t *id_out, CmError *err);
CmStatus store_tourney_status(Store *st, int64_t id, const char *status, int rounds, CmError *err);
/* The ids of the tournaments not over, and of the last 'over' that are, the oldest first. */
CmStatus store_tourneys(Store *st, int over, StoreIdFn fn, void *ud, CmError *err);
CmStatus store_tourney_get(Store *st, int64_t id, StoreTourney *t, int *found, CmError *err);
/* How many tournaments 'creator' made at 'since' (UTC seconds) or after, over or not. */
CmStatus store_tourneys_made(Store *st, const char *creator, int64_t since, int *n, CmError *err);
/* Writes entrant 'entrant' of a tournament (replacing who was there); drops one, or with
 * 'entrant' -1 all of them (before they are written again in the order of their seeding). */
CmStatus store_entrant_put(Store *st, int64_t tourney, int entrant, const char *who, int rating,
                           int withdrawn, CmError *err);
CmStatus store_entrant_drop(Store *st, int64_t tourney, int entrant, CmError *err);
CmStatus store_entrants(Store *st, int64_t tourney, StoreEntrantFn fn, void *ud, CmError *err);
CmStatus store_pairing_put(Store *st, int64_t tourney, const StorePairing *p, CmError *err);
/* The result of the tournament game 'game' (nothing when it is none). */
CmStatus store_pairing_result(Store *st, int64_t game, int result, CmError *err);
CmStatus store_pairings(Store *st, int64_t tourney, StorePairingFn fn, void *ud, CmError *err);

#endif
