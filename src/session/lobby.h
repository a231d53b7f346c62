/* The lobby of a server, as plain data for the screen: the games (the player's own first,
 * then those with a free seat, then those to watch), the variants the server has, the ratings
 * tables, invitations and the answers to the player's requests, all built from the lines the
 * server sends; and the game a session plays or watches there (its players and whether they are
 * connected, offers, chat, the result and the ratings it changed). Requests go out through the
 * connection of remote.h, which the screen never sees: it is handed a session and a lobby.
 * Nothing here prints. docs/network.md.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_LOBBY_H
#define CAMELOT_LOBBY_H

#include <stddef.h>
#include <stdint.h>

#include "camelot/error.h"
#include "netgame.h"
#include "session.h"

struct NetMsg;

#define LOBBY_NAME_MAX 32        /* bytes in a player's name */
#define LOBBY_VARIANT_MAX 64     /* bytes in a variant's name, NUL included */
#define LOBBY_TEXT_MAX 400       /* bytes in a chat message */
#define LOBBY_GAMES_MAX 200      /* games in the list (the server sends at most 200) */
#define LOBBY_VARIANTS_MAX 64    /* variants of the server */
#define LOBBY_RATINGS_MAX 100    /* players in a ratings table (the server sends the best 100) */
#define LOBBY_TABLES_MAX 16      /* ratings tables kept, one a variant */
#define LOBBY_INVITES_MAX 16     /* invitations kept, the latest */
#define LOBBY_FOLLOW_MAX 8       /* the player's games followed for their clocks and turns */
#define LOBBY_CHAT_SHOWN 8       /* chat messages a table holds, the latest */
#define LOBBY_REFRESH_MS 5000    /* the list of games is asked for again this often */
#define LOBBY_RATINGS_MS 30000   /* and the ratings of its variants */
#define LOBBY_ASKED_MAX 16       /* ratings tables asked for and not yet come */
#define LOBBY_KEYS_MAX 32        /* the player's keys shown */
#define LOBBY_KEY_MAX 64         /* bytes in a key's fingerprint ("SHA256:" and 43), NUL included */
#define LOBBY_PAST_MAX 20        /* games over in a page of the history (as the server sends) */
#define LOBBY_STANDINGS_MAX 16   /* ratings on a player's page, one a variant */
#define LOBBY_VERSUS_MAX 20      /* people on a player's page (as the server sends) */
#define LOBBY_PROFILE_GAMES 1000 /* games over the server counts on a page, and no further */

/* The sections of the list of games, in the order shown. */
typedef enum LobbySection {
    LOBBY_MINE,  /* the player holds or is invited to a seat, and it is not over */
    LOBBY_OPEN,  /* waiting for players, with a free seat */
    LOBBY_WATCH, /* going on, to watch */
    LOBBY_SECTION_COUNT
} LobbySection;

typedef enum LobbySeatKind {
    LOBBY_SEAT_OPEN,
    LOBBY_SEAT_PLAYER,
    LOBBY_SEAT_INVITED,
    LOBBY_SEAT_ENGINE,
    LOBBY_SEAT_KIND_COUNT
} LobbySeatKind;

typedef enum LobbyStatus {
    LOBBY_WAITING,
    LOBBY_PLAYING,
    LOBBY_OVER,
    LOBBY_STATUS_COUNT
} LobbyStatus;

typedef struct LobbySeat {
    LobbySeatKind kind;
    char letter;                   /* the seat's letter: 'W', 'R' */
    char name[LOBBY_NAME_MAX + 1]; /* the player, or the one invited */
    int level;                     /* 1 .. 10, for an engine */
} LobbySeat;

/* A game of the list. */
typedef struct LobbyGame {
    int64_t id;
    char variant[LOBBY_VARIANT_MAX];
    LobbyStatus status;
    char tc[24]; /* "600+5" (seconds), "days:3" or "none" */
    int rated;
    int ply;     /* plies played */
    int to_move; /* the seat to move */
    int nseats;
    LobbySeat seat[CM_MAX_SEATS];
    LobbySection section;
    int mine;    /* seats the player holds, as bits */
    int invited; /* the player is invited to a seat not yet taken */
    int my_turn; /* the game goes on and a seat of the player's is to move */
    /* The clock of the seat to move, known for the player's games followed (see
     * LOBBY_FOLLOW_MAX). */
    int has_clock;
    int64_t clock_ms;  /* ms left, as of 'clock_at' (local ms), for a live clock */
    uint64_t clock_at; /* 0: the clock does not run (the game has no live clock) */
    int64_t deadline;  /* correspondence: the UTC second by which to move; 0: none */
} LobbyGame;

/* Reads a line of the server's list of games ("game ID VARIANT STATUS TC RATED PLY TOMOVE
 * SEATS...", docs/network.md) into 'out', for the player 'me'. Returns 0, or -1 when it is no
 * such line. The lobby reads its list with it, and the text client the answer to 'games'. */
int lobby_game_read(const struct NetMsg *m, const char *me, LobbyGame *out);

/* 'g' in words, as the text client says it: "game 3: camette, none, casual, W=alice B=open; a
 * seat is free: 'join 3'." */
size_t lobby_game_words(const LobbyGame *g, char *buf, size_t size);

typedef struct LobbyVariant {
    char name[LOBBY_VARIANT_MAX];
    char letters[CM_MAX_SEATS + 1]; /* its seats' letters, in turn order */
    int nteams;
    int here; /* this program has the variant too: its games can be shown and played */
} LobbyVariant;

typedef struct LobbyRating {
    char name[LOBBY_NAME_MAX + 1];
    int rating, rd, games;
} LobbyRating;

typedef struct LobbyTableOfRatings {
    char variant[LOBBY_VARIANT_MAX];
    int n;
    LobbyRating r[LOBBY_RATINGS_MAX];
    int got; /* the table has come at least once */
} LobbyTableOfRatings;

typedef struct LobbyInvite {
    int64_t id;
    char from[LOBBY_NAME_MAX + 1];
    char variant[LOBBY_VARIANT_MAX];
} LobbyInvite;

/* Reads an invitation ("invite ID FROM VARIANT") into 'out'. Returns 0, or -1 when it is no
 * such line. The lobby and the text client read invitations with it. */
int lobby_invite_read(const struct NetMsg *m, LobbyInvite *out);

/* An answer of the lobby's: "ok VERB ...". */
typedef struct LobbyAnswer {
    const char *verb; /* "create", "games", ... (in the message read) */
    int64_t id;       /* the game of 'create', 'join', 'open' and 'leave'; 0: none */
    int64_t count;    /* how many lines came before it, of 'games', 'variants', 'ratings'; -1 */
} LobbyAnswer;

/* Reads an answer ("ok VERB [ID|COUNT] ...") into 'out'. Returns 0, or -1 when it is no 'ok'
 * line. The lobby and the text client read answers with it. */
int lobby_answer_read(const struct NetMsg *m, LobbyAnswer *out);

/* Reads a refusal ("error VERB CODE REASON"): its verb and code ("?" when missing) and its
 * reason, made fit to show, into 'reason' ('size' bytes). Returns 0, or -1 when it is no
 * 'error' line. The lobby and the text client read refusals with it. */
int lobby_refusal_read(const struct NetMsg *m, const char **verb, const char **code, char *reason,
                       size_t size);

/* What 'lobby_news' reports, as bits. */
enum {
    LOBBY_EV_GAMES = 1,         /* the list of games changed */
    LOBBY_EV_VARIANTS = 2,      /* the variants came */
    LOBBY_EV_RATINGS = 4,       /* a ratings table came */
    LOBBY_EV_INVITE = 8,        /* an invitation came ('invite', the latest last) */
    LOBBY_EV_REFUSED = 16,      /* the server refused a request of the lobby ('error') */
    LOBBY_EV_READY = 32,        /* the game asked for has come: 'ready' */
    LOBBY_EV_LINK = 64,         /* the connection went down or came back */
    LOBBY_EV_MADE = 128,        /* a game the player made has its number ('made') */
    LOBBY_EV_NOTICE = 256,      /* the host of the server said something to everyone ('notice') */
    LOBBY_EV_KEYS = 512,        /* the player's keys came, or were refused ('keys_error') */
    LOBBY_EV_CODE = 1024,       /* a code to add a key came ('code') */
    LOBBY_EV_DROPPED = 2048,    /* a key of the player's was removed ('dropped') */
    LOBBY_EV_HISTORY = 4096,    /* a page of the player's games over came, or was refused */
    LOBBY_EV_AWAY = 8192,       /* games of the player's that ended while they were away ('away') */
    LOBBY_EV_PROFILE = 16384,   /* a player's page came, or was refused ('profile') */
    LOBBY_EV_TOURNS = 32768,    /* the list of tournaments came, or was refused ('tourns') */
    LOBBY_EV_STANDINGS = 65536, /* a tournament's standings came, or were refused */
    LOBBY_EV_TNEWS = 131072,    /* news of a tournament the player is in ('tnews'), or an
                                 * answer to 'tourney', 'enter' or 'withdraw' */
};

/* ---- Tournaments (lobby_tourney.c; docs/network.md, "Tournaments") ---------------------- */

#define LOBBY_TOURNS_MAX 80     /* tournaments in the list: 64 and 16 over */
#define LOBBY_PLACES_MAX 64     /* entrants of one */
#define LOBBY_PAIRINGS_MAX 2048 /* its games and byes: a round robin of 64, 63 rounds of 32 */
#define LOBBY_WHO_MAX (2 * LOBBY_NAME_MAX + 1) /* an entrant: a partnership "alice+bob" */

/* A tournament as 'tourneys' and 'standings' give it ('tourn ...'). */
typedef struct LobbyTourn {
    int64_t id;
    char kind[8]; /* "swiss", "robin" or "rotate" (a round robin of changing partnerships) */
    char variant[LOBBY_VARIANT_MAX];
    char tc[24];
    int rated;
    int rounds;
    char status[12]; /* "entry", "playing" or "over" */
    int round;       /* rounds paired so far */
    int64_t starts;  /* UTC seconds */
    int entrants;
    char creator[LOBBY_NAME_MAX + 1];
    int in; /* 1: the player has entered it; 2: a partner asked them to (they have not) */
} LobbyTourn;

/* An entrant's line of the standings ('place ...'). Scores in half points, Sonneborn-Berger
 * in quarter points. */
typedef struct LobbyPlace {
    int rank, entrant;
    char who[LOBBY_WHO_MAX + 1]; /* a player, a partnership "alice+bob", or "engine:LEVEL" */
    int rating;
    int score, buchholz, sb;
    int games, won, drawn, lost, byes, whites, blacks;
    int withdrawn; /* 1 withdrawn; 2 a partnership waiting for the partner to enter */
} LobbyPlace;

/* A game of a round, or a bye ('black' -1). 'result': 2 White won, 1 a draw, 0 Black won,
 * -1 not over; a bye 2. */
typedef struct LobbyPairing {
    int round, board, white, black;
    int64_t game;
    int result;
    int white2, black2; /* of changing partnerships, each side's second; else -1 */
} LobbyPairing;

typedef struct LobbyStandings {
    LobbyTourn t;
    LobbyPlace place[LOBBY_PLACES_MAX];
    int nplaces;
    LobbyPairing pairing[LOBBY_PAIRINGS_MAX];
    int npairings;
} LobbyStandings;

/* Read the lines 'tourn', 'place' and 'pairing'. Each returns 0, or -1 when 'm' is no such
 * line. */
int lobby_tourn_read(const struct NetMsg *m, LobbyTourn *out);
int lobby_place_read(const struct NetMsg *m, LobbyPlace *out);
int lobby_pairing_read(const struct NetMsg *m, LobbyPairing *out);
/* The news of a tournament ('round', 'paired', 'bye', 'finished', 'partner') in words into
 * 'buf'.
 * Returns 0, or -1 when 'm' is no such line. */
int lobby_tnews_text(const struct NetMsg *m, char *buf, size_t size);
/* A score in half points as text ("2", "2.5"); quarter points ("1.75"). */
void lobby_halves_text(int halves, char *buf, size_t size);
void lobby_quarters_text(int quarters, char *buf, size_t size);
/* "Swiss", "Round robin", "Rotating partners" (a round robin of changing partnerships). */
const char *lobby_kind_name(const LobbyTourn *t);
/* "round 2 of 5", "starts 2026-12-05 14:05 UTC", "over", "entry closes ..." */
void lobby_tourn_state(const LobbyTourn *t, char *buf, size_t size);

/* The first line of a crosstable of tournament 'id': how an export of one is known again. */
#define LOBBY_CROSS_HEAD "Crosstable of tournament %lld"
/* The crosstable of 'st' as text, for a file or a screen reader: a line an entrant in the
 * order of the standings, each round's game as the opponent's place, the colour and the
 * result ("4w+": against the 4th, White, won), then the score and the tie-breaks; a key to it
 * after. Lines are as wide as the rounds need (wider than 80 columns past 8 rounds or so).
 * NULL when out of memory; the caller frees it. */
char *lobby_crosstable(const LobbyStandings *st);

/* A player's page, as the server gives it ('profile NAME', docs/network.md): when they came,
 * their games over, their rating in each variant, and how they did against the people they
 * met most. */
typedef struct LobbyProfile {
    char name[LOBBY_NAME_MAX + 1];
    int64_t joined; /* UTC seconds; 0: not known */
    int games;
    struct {
        char variant[LOBBY_VARIANT_MAX];
        int rating, rd, games;
    } standing[LOBBY_STANDINGS_MAX];
    int nstandings;
    struct {
        char name[LOBBY_NAME_MAX + 1];
        int won, drawn, lost;
    } versus[LOBBY_VERSUS_MAX];
    int nversus;
} LobbyProfile;

/* Reads a line of a player's page ('profile', 'standing' or 'versus') into 'p': 'profile'
 * begins it anew. Returns 0, or -1 when it is no such line. The lobby and the text client read
 * the page with it. */
int lobby_profile_read(const struct NetMsg *m, LobbyProfile *p);

/* A game over, as the server's history lists it ('past') or tells it at 'hello' ('ended'). */
typedef struct LobbyPast {
    int64_t id, ended; /* 'ended': UTC seconds */
    char variant[LOBBY_VARIANT_MAX];
    char tc[24]; /* as 'create' had it: "10+5", "days:3", "none" */
    int rated;
    char result[16];      /* the seats that won ("W", "R+B"), "draw", or "" (none: aborted) */
    char termination[24]; /* "resignation", "time", "abandoned", "castle", ... */
    char mine[CM_MAX_SEATS + 1]; /* the letters of the player's seats */
    int before, after;           /* the player's rating, before and after; -1: unchanged */
    int nseats;
    LobbySeat seat[CM_MAX_SEATS]; /* who held each seat at the end */
} LobbyPast;

/* Reads a line 'past ...' or 'ended ...' (docs/network.md) into 'out'. Returns 0, or -1 when
 * it is no such line. */
int lobby_past_read(const struct NetMsg *m, LobbyPast *out);

/* How game 'p' ended for this player, in words: "game 2 against bob: you lost by claim;
 * camelot rating 1500 -> 1442". Both clients tell the games that ended while the player was
 * away with it. Returns the length written. */
size_t lobby_past_text(const LobbyPast *p, char *buf, size_t size);

/* The outcome of 'p' for the player: 1 won, 0 drew, -1 lost, -2 none (aborted). */
int lobby_past_outcome(const LobbyPast *p);

/* That outcome in words ("lost by claim", "drew by agreement", "aborted, no result"), and the
 * people and engines of the other seats ("bob", "the engine (level 3), carol"): the length
 * written. */
size_t lobby_past_result(const LobbyPast *p, char *buf, size_t size);
size_t lobby_past_others(const LobbyPast *p, char *buf, size_t size);

/* A public key of the player's, as the server lists it. */
typedef struct LobbyKey {
    char fingerprint[LOBBY_KEY_MAX];
    int64_t added; /* UTC seconds */
    int this_one;  /* the key of this connection */
    int banned;    /* the host banned it */
} LobbyKey;

typedef int (*LobbySendFn)(void *ud, const char *line);

typedef struct Lobby {
    struct Remote *r; /* the connection; NULL for a lobby fed by hand (tests) */
    Catalog *cat;     /* the variants this program has */
    LobbySendFn send; /* where requests go: the connection, or a test's */
    void *send_ud;
    char me[LOBBY_NAME_MAX + 1]; /* the player's name, as the server knows it */
    char where[200];             /* the server, for people ("/run/.../server.sock"); the
                                    program sets it */
    LobbyGame *games;            /* LOBBY_GAMES_MAX of them: the list */
    int ngames;
    LobbyGame *coming; /* the list being received */
    int ncoming;
    int games_asked;           /* a 'games' request waits for its answer */
    uint64_t games_at;         /* when the list was last asked for (local ms) */
    uint64_t ratings_at;       /* when the ratings of the list's variants were */
    uint64_t shown_ratings_at; /* and those of the variant of the game on the screen */
    uint64_t variants_at;      /* when the variants were */
    LobbyVariant variant[LOBBY_VARIANTS_MAX];
    int nvariants, variants_got;
    LobbyVariant variant_coming[LOBBY_VARIANTS_MAX];
    int nvariant_coming;
    LobbyTableOfRatings *tables; /* LOBBY_TABLES_MAX */
    int ntables;
    /* The ratings tables asked for, in order: the answers come in the same order. */
    char asked[LOBBY_ASKED_MAX][LOBBY_VARIANT_MAX];
    int nasked;
    int filling;                        /* lines of the first of them have come */
    int64_t followed[LOBBY_FOLLOW_MAX]; /* the player's games the lobby follows */
    int nfollowed;
    int64_t shown; /* the game of the session on the screen, 0: none */
    LobbyInvite invite[LOBBY_INVITES_MAX];
    int ninvites;
    int64_t opening; /* a game asked for with 'lobby_open', to show once it comes */
    int64_t ready;   /* a game whose state has come, to show: LOBBY_EV_READY */
    int64_t made;    /* the last game the player made */
    int link_up;     /* as last seen */
    int64_t utc_now; /* the UTC second of the last tick, for deadlines */
    char error[240]; /* the last refusal of a request of the lobby */
    /* The host's last notice to every player, as it may be shown. */
    char notice[NET_TEXT_MAX + 1];
    /* The player's keys: the list as it last came ('keys_got'), how many the server has (more
     * than shown past LOBBY_KEYS_MAX), the list coming, and why the server would not list
     * them ("" when it did). */
    LobbyKey keys[LOBBY_KEYS_MAX];
    int nkeys, keys_total, keys_got;
    LobbyKey key_coming[LOBBY_KEYS_MAX];
    int nkey_coming;
    char keys_error[240];
    /* The last code to add a key ('lobby_keycode'): its letters and the UTC second it holds
     * until. */
    char code[16];
    int64_t code_until;
    char dropped[LOBBY_KEY_MAX]; /* the key removed last */
    /* The player's history: the last page that came ('past_got'), whether older games follow
     * it, the page coming, and why the server would not list it ("" when it did); and the
     * games that ended while the player was away, as told at the last 'hello'. */
    LobbyPast past[LOBBY_PAST_MAX];
    int npast, past_got, past_more;
    int64_t past_before; /* the page asked for: games below this id (0: the newest) */
    LobbyPast past_coming[LOBBY_PAST_MAX];
    int npast_coming;
    char past_error[240];
    LobbyPast away[LOBBY_PAST_MAX];
    int naway;
    /* The last player's page that came ('profile_got'), the one coming, and why the server
     * would not give it ("" when it did). */
    LobbyProfile profile, profile_coming;
    int profile_got;
    char profile_error[240];
    /* Tournaments: the list as it last came ('tourns_got') and the one coming; the standings
     * of the last asked for, as they came ('standings_got'), and those coming (both allocated
     * when first asked for); why the server refused either; the answers awaited, in the order
     * asked ('t' the list, 's' standings: both begin with 'tourn' lines); the last news of a
     * tournament, or answer to entering one, in words. */
    LobbyTourn tourns[LOBBY_TOURNS_MAX], tourns_coming[LOBBY_TOURNS_MAX];
    int ntourns, ntourns_coming, tourns_got;
    char tourns_error[240];
    LobbyStandings *standings, *standings_coming;
    int standings_got;
    char standings_error[240];
    char tq[16];
    int ntq;
    char tnews[240];
    int64_t partner_tid;              /* the last tournament a player asked the player to enter */
    char partner[LOBBY_NAME_MAX + 1]; /* with them as partners, and who: 'lobby_enter' takes it */
    unsigned news;                    /* LOBBY_EV_* bits not yet taken */
} Lobby;

/* Sets up a lobby on the connection 'r' (remote.h: it becomes the connection's listener) with
 * the variants of 'cat'; its first tick asks for the variants and the games. CM_ERR_NOMEM. */
CmStatus lobby_open_on(Lobby *l, struct Remote *r, Catalog *cat);

/* Sets up a lobby with no connection, for player 'me': its requests go to 'send' (a test's) and
 * the server's lines come through 'lobby_hear_line'. CM_ERR_NOMEM. */
CmStatus lobby_init(Lobby *l, const char *me, Catalog *cat, LobbySendFn send, void *ud);

/* Frees what the lobby holds (not the connection). */
void lobby_free(Lobby *l);

/* One line from the server that is not about a followed game ('ok', 'error', 'game',
 * 'variant', 'rating', 'invite'), as text: what the connection's listener hands over.
 * Returns 1 when the lobby used it. */
int lobby_hear_line(Lobby *l, const char *line, size_t len);

/* What time brings while no game is on the screen: reads the connection (when there is one),
 * asks for the list of games every LOBBY_REFRESH_MS and for the ratings of its variants every
 * LOBBY_RATINGS_MS, and sees whether the game asked for has come. Call it while a session
 * plays too ('session_tick' reads the connection then): it reads nothing itself when 'reading'
 * is 0. */
void lobby_tick(Lobby *l, uint64_t now, int reading);

/* While the program is busy with something long that stops the screen's ticks (the engine's
 * review of a game that ended): keeps the connection up as 'lobby_tick' and 'session_tick'
 * would, reading what the server sends into the lobby and the games followed (their news waits
 * for the next ticks), answering its pings and connecting again when its time comes, so that
 * the server does not take the player for gone. No session's game changes meanwhile (the
 * review may be reading one). Does nothing for a lobby with no connection. */
void lobby_keep_alive(Lobby *l, uint64_t now);

/* Takes the news since the last call: LOBBY_EV_* bits. */
unsigned lobby_news(Lobby *l);

/* Whether the connection is up; the connection's state in words into 'buf' ("" when up). */
int lobby_link(const Lobby *l, char *buf, size_t size);

/* Whether the player is a guest: a session of the server's guests' account, on its host. */
int lobby_is_guest(const Lobby *l);

/* Writes the crosstable of the standings shown into "tournament-ID.txt" in the current
 * directory ('path' gets the name): over a crosstable of the same tournament written before,
 * never over another file (CM_ERR_EXISTS). */
CmStatus lobby_crosstable_write(const Lobby *l, char *path, size_t size, CmError *err);

/* ---- Requests --------------------------------------------------------------------------
 * Each returns CM_OK once the request is sent, or CM_ERR_IO when the connection is down (the
 * reason in 'err'); the answer comes later, as news. */

CmStatus lobby_refresh(Lobby *l, uint64_t now, CmError *err);
CmStatus lobby_ask_ratings(Lobby *l, const char *variant, CmError *err);

/* Asks for the player's keys (LOBBY_EV_KEYS); for a code that adds a key of the player's
 * from that key's first session, once, for some minutes (LOBBY_EV_CODE); to remove the key
 * 'fingerprint' of the player's (LOBBY_EV_DROPPED, and the keys are asked for again). */
CmStatus lobby_ask_keys(Lobby *l, CmError *err);
CmStatus lobby_keycode(Lobby *l, CmError *err);
CmStatus lobby_dropkey(Lobby *l, const char *fingerprint, CmError *err);

/* Asks for a page of the player's games over, newest first: those below game 'before' (0: the
 * newest). It comes as LOBBY_EV_HISTORY. */
CmStatus lobby_ask_history(Lobby *l, int64_t before, CmError *err);

/* Asks for the page of the player 'name'. It comes as LOBBY_EV_PROFILE. */
CmStatus lobby_ask_profile(Lobby *l, const char *name, CmError *err);

/* Asks for the list of tournaments (LOBBY_EV_TOURNS), for the standings of tournament 'id'
 * (LOBBY_EV_STANDINGS), to enter or withdraw from one (LOBBY_EV_TNEWS, and the list is asked
 * for again). */
CmStatus lobby_ask_tourns(Lobby *l, CmError *err);
CmStatus lobby_ask_standings(Lobby *l, int64_t id, CmError *err);
CmStatus lobby_enter(Lobby *l, int64_t id, int withdraw, CmError *err);
/* For lobby.c: a line of the tournaments' (their lines, the answers to their requests, their
 * news). Returns 1 when 'm' was one. */
int lobby_tourney_heard(Lobby *l, const struct NetMsg *m);

/* Who a seat of a new game is for. */
typedef enum LobbyWho {
    LOBBY_WHO_ME,
    LOBBY_WHO_OPEN,
    LOBBY_WHO_INVITE, /* a named player, invited */
    LOBBY_WHO_ENGINE, /* the engine, on the server */
    LOBBY_WHO_COUNT
} LobbyWho;

typedef struct LobbyNewSeat {
    LobbyWho who;
    int level;                     /* for the engine: 1 .. 10 */
    char name[LOBBY_NAME_MAX + 1]; /* for an invitation */
} LobbyNewSeat;

/* A new game, as the form gives it. */
typedef struct LobbyNew {
    char variant[LOBBY_VARIANT_MAX];
    int64_t base_ms, inc_ms; /* a live clock; 0 0: none */
    int days;                /* correspondence: days a move (instead of a live clock) */
    int rated;
    int nseats;
    LobbyNewSeat seat[CM_MAX_SEATS];
} LobbyNew;

/* The request that makes game 'g' ("create camelot 600+5 rated W=me B=@bob") into 'buf'.
 * Returns 0, or -1 with the reason in 'err' (no seat is the player's, an invitation without a
 * valid name, a clock the server does not take, no such variant here). */
int lobby_create_line(const Lobby *l, const LobbyNew *g, char *buf, size_t size, CmError *err);

/* Makes game 'g' on the server; once made, it comes as LOBBY_EV_READY. */
CmStatus lobby_create(Lobby *l, const LobbyNew *g, CmError *err);

/* Takes a seat in game 'id' ('letter' 0: the one invited to, else the first free); the game
 * then comes as LOBBY_EV_READY. */
CmStatus lobby_join(Lobby *l, int64_t id, char letter, CmError *err);

/* Opens game 'id', to play one's seats in it or to watch it; it comes as LOBBY_EV_READY. */
CmStatus lobby_open(Lobby *l, int64_t id, CmError *err);

/* Gives back one's seats of game 'id' before it begins. */
CmStatus lobby_leave(Lobby *l, int64_t id, CmError *err);

/* Stops following game 'id' (a game watched, left for the lobby). */
void lobby_close(Lobby *l, int64_t id);

/* The screen goes back to the lobby from the session's game: a game of the player's going on
 * stays followed (the player stays connected to it), any other is let go. */
void lobby_away(Lobby *l, const Session *s);

/* The game a rematch of the session's game would be: the same variant, clock and rating, the
 * seats turned round (whoever played a seat, engines too, takes the next one in turn order:
 * in a game of two the colours change), this player 'me' and the other people invited. Returns 0,
 * or -1 when the session's game is not on a server or this player has no seat in it. */
int lobby_rematch_of(const Lobby *l, const Session *s, LobbyNew *out);

/* An invitation to a rematch of the session's game: an invitation, from another player of
 * that game, to a game of its variant made after it. Returns its game's id, or 0. */
int64_t lobby_rematch_invite(const Lobby *l, const Session *s);

/* ---- The list --------------------------------------------------------------------------- */

/* The games in the order the lobby shows them: the player's own (those where it is their
 * turn first), then those with a free seat, then those to watch. Fills 'order' with indexes
 * of 'l->games' and returns how many. */
int lobby_order(const Lobby *l, int *order, int max);

/* The rating of 'name' in 'variant', 0 when it is not known (no rated game yet). */
int lobby_rating_of(const Lobby *l, const char *variant, const char *name);

/* The ratings table of 'variant', NULL until it came. */
const LobbyTableOfRatings *lobby_ratings(const Lobby *l, const char *variant);

/* The time the seat to move of 'g' has, for the list: "4:32", "2 days 3 h" until a deadline
 * ('utc_now' in UTC seconds), "" when not known. */
void lobby_clock_text(const LobbyGame *g, uint64_t now, int64_t utc_now, char *buf, size_t size);

/* ---- The game of a session on the server ------------------------------------------------ */

/* Makes 's' the session of game 'id' (its state come: LOBBY_EV_READY). */
CmStatus lobby_start(Lobby *l, Session *s, int64_t id, CmError *err);

typedef enum LobbyResult {
    LOBBY_RESULT_NONE, /* the game goes on, or was given up */
    LOBBY_RESULT_WON,
    LOBBY_RESULT_LOST,
    LOBBY_RESULT_DRAWN,
    LOBBY_RESULT_COUNT
} LobbyResult;

typedef struct LobbyPlayer {
    LobbySeatKind kind;
    char name[LOBBY_NAME_MAX + 1];
    int level;      /* an engine's */
    int mine;       /* this player holds the seat */
    int present;    /* its player is connected to the game */
    int64_t away_s; /* seconds since its player left, when not present */
    int rating;     /* the player's rating in the variant, 0 when not known */
    int has_change; /* the game changed the rating: from 'rating_old' to 'rating' */
    int rating_old;
    LobbyResult result;
} LobbyPlayer;

typedef struct LobbyChat {
    char name[LOBBY_NAME_MAX + 1];
    char text[LOBBY_TEXT_MAX + 1];
} LobbyChat;

/* The game of a session on a server, as the screen shows it. */
typedef struct LobbyTable {
    int64_t id;
    LobbyStatus status;
    int rated;
    int unrated_early; /* rated, but over before every seat moved: rated for nobody */
    int spectator;
    char tc[24];
    int days;
    int64_t deadline; /* correspondence: UTC seconds by which the seat to move moves */
    char until[32];   /* the time left until then, in words ("2 days 3 h"), "" for none */
    int64_t claim_s;  /* how long the player to move must be gone before a claim (the
                         server's default for the game's clock: it may say otherwise when
                         asked); 0: never (a deadline instead) */
    int nseats;
    LobbyPlayer seat[CM_MAX_SEATS];
    NgOfferKind offer; /* the offer under way */
    int offer_from;
    unsigned offer_yes; /* seats that accepted it */
    int asked;          /* the seat of this player asked to answer the offer, -1: none */
    int pending;        /* a move waits for the server's answer */
    char result[16];    /* as a record's Result: "W", "R+B", "draw"; "" while going on */
    char sentence[200]; /* how it ended, for people */
    char error[240];    /* the server's last refusal of a request about it */
    int nchat;          /* messages ever in the chat this player sees */
    int nshown;         /* of them in 'chat', oldest first */
    LobbyChat chat[LOBBY_CHAT_SHOWN];
} LobbyTable;

/* Fills 't' for the game of session 's' at 'now'. Returns 0, or -1 when the session's game is
 * not on a server. */
int lobby_table(const Lobby *l, const Session *s, uint64_t now, LobbyTable *t);

/* Says 'text' in the game's chat (the players', or the watchers' for one who watches). */
CmStatus lobby_say(Session *s, const char *text, CmError *err);

/* Asks the other players to take back this player's last move. */
CmStatus lobby_takeback(Session *s, CmError *err);

/* Claims the game against the player to move, gone too long: the win in a game of two teams
 * ('engine' 0), or the seat for the engine ('engine' 1, four seats). */
CmStatus lobby_claim(Session *s, int engine, CmError *err);

/* Writes the game as the server records it (players, result, moves) to 'BASE.txt' and its
 * position now to 'BASE.yaml' ('base' may end in either, and start with '~' for the home
 * directory; the paths go to 'pos_path' and
 * 'rec_path', 'size' bytes each), as 'session_export' does for a game here: without
 * 'replace', nothing is written when either is there (CM_ERR_EXISTS, that file in
 * 'err->source'). */
CmStatus lobby_export(const Session *s, const char *base, int replace, char *pos_path,
                      char *rec_path, size_t size, CmError *err);

#endif
