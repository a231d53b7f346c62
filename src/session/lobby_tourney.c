/* The lobby's tournaments: the list ('tourneys'), one tournament's standings and pairings
 * ('standings'), entering and withdrawing, and the news the server sends an entrant (a round
 * paired, their game in it, a bye, the end), read into the lobby for the screen and the text
 * client.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include "lobby.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io/io.h"
#include "net/proto.h"

/* ---- Reading the lines ------------------------------------------------------------------- */

/* A score as the server writes it ("2", "2.5", "1.75") in units of 1/'per' point. */
static int points(const char *text, int per, int *out)
{
    int64_t whole;
    char buf[24];
    const char *dot = strchr(text, '.');
    size_t len = dot != NULL ? (size_t)(dot - text) : strlen(text);
    if (len == 0 || len >= sizeof buf)
        return 0;
    memcpy(buf, text, len);
    buf[len] = '\0';
    if (!net_int(buf, 0, 100000, &whole))
        return 0;
    int frac = 0;
    if (dot != NULL) {
        static const char *const quarters[] = {"25", "5", "75"};
        int k = 0;
        while (k < 3 && strcmp(dot + 1, quarters[k]) != 0)
            k++;
        if (k == 3 || (per == 2 && k != 1))
            return 0;
        frac = (k + 1) * per / 4;
    }
    *out = (int)whole * per + frac;
    return 1;
}

int lobby_tourn_read(const NetMsg *m, LobbyTourn *out)
{
    int64_t id, rounds, round, starts, n;
    if (m->argc != 13 || strcmp(m->argv[0], "tourn") != 0 || !net_game_id(m->argv[1], &id) ||
        (strcmp(m->argv[2], "swiss") != 0 && strcmp(m->argv[2], "robin") != 0 &&
         strcmp(m->argv[2], "rotate") != 0) ||
        strlen(m->argv[3]) >= sizeof out->variant || strlen(m->argv[4]) >= sizeof out->tc ||
        !net_int(m->argv[6], 0, 1000, &rounds) || strlen(m->argv[7]) >= sizeof out->status ||
        !net_int(m->argv[8], 0, 1000, &round) || !net_int(m->argv[9], 0, INT64_MAX, &starts) ||
        !net_int(m->argv[10], 0, 100000, &n) || !net_name_ok(m->argv[11]))
        return -1;
    memset(out, 0, sizeof *out);
    out->id = id;
    snprintf(out->kind, sizeof out->kind, "%s", m->argv[2]);
    snprintf(out->variant, sizeof out->variant, "%s", m->argv[3]);
    snprintf(out->tc, sizeof out->tc, "%s", m->argv[4]);
    out->rated = strcmp(m->argv[5], "rated") == 0;
    out->rounds = (int)rounds;
    snprintf(out->status, sizeof out->status, "%s", m->argv[7]);
    out->round = (int)round;
    out->starts = starts;
    out->entrants = (int)n;
    snprintf(out->creator, sizeof out->creator, "%s", m->argv[11]);
    out->in = strcmp(m->argv[12], "in") == 0 ? 1 : strcmp(m->argv[12], "asked") == 0 ? 2 : 0;
    return 0;
}

/* An entrant: a player, a partnership of two ("alice+bob") or "engine:LEVEL". */
/* A player, or the engine at a level ("engine:5"). */
static int one_ok(const char *who)
{
    int64_t level;
    return net_name_ok(who) || (strncmp(who, "engine:", 7) == 0 && net_int(who + 7, 1, 10, &level));
}

/* An entrant, or a side of a game of changing partnerships: one, or two with '+' between. */
static int who_ok(const char *who)
{
    const char *plus = strchr(who, '+');
    if (plus != NULL) {
        char first[LOBBY_NAME_MAX + 2];
        size_t len = (size_t)(plus - who);
        if (len == 0 || len > LOBBY_NAME_MAX)
            return 0;
        memcpy(first, who, len);
        first[len] = '\0';
        return one_ok(first) && one_ok(plus + 1);
    }
    return one_ok(who);
}

int lobby_place_read(const NetMsg *m, LobbyPlace *out)
{
    int64_t v[13];
    if (m->argc != 16 || strcmp(m->argv[0], "place") != 0 || !who_ok(m->argv[3]))
        return -1;
    static const int ints[] = {1, 2, 4, 8, 9, 10, 11, 12, 13, 14};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        if (!net_int(m->argv[ints[i]], 0, 100000, &v[i]))
            return -1;
    memset(out, 0, sizeof *out);
    if (!points(m->argv[5], 2, &out->score) || !points(m->argv[6], 2, &out->buchholz) ||
        !points(m->argv[7], 4, &out->sb))
        return -1;
    out->rank = (int)v[0];
    out->entrant = (int)v[1];
    snprintf(out->who, sizeof out->who, "%s", m->argv[3]);
    out->rating = (int)v[2];
    out->games = (int)v[3];
    out->won = (int)v[4];
    out->drawn = (int)v[5];
    out->lost = (int)v[6];
    out->byes = (int)v[7];
    out->whites = (int)v[8];
    out->blacks = (int)v[9];
    out->withdrawn = strcmp(m->argv[15], "withdrawn") == 0 ? 1
                     : strcmp(m->argv[15], "waiting") == 0 ? 2
                                                           : 0;
    return 0;
}

int lobby_pairing_read(const NetMsg *m, LobbyPairing *out)
{
    int64_t round, board, white, black = -1, game = 0, white2 = -1, black2 = -1;
    if ((m->argc != 7 && m->argc != 9) || strcmp(m->argv[0], "pairing") != 0 ||
        !net_int(m->argv[1], 1, 1000, &round) || !net_int(m->argv[2], 1, 1000, &board) ||
        !net_int(m->argv[3], 0, LOBBY_PLACES_MAX - 1, &white))
        return -1;
    memset(out, 0, sizeof *out);
    if (strcmp(m->argv[6], "bye") == 0) {
        out->result = 2;
    } else {
        static const char *const results[] = {"0-1", "1/2", "1-0"};
        out->result = -1;
        for (int i = 0; i < 3; i++)
            if (strcmp(m->argv[6], results[i]) == 0)
                out->result = i;
        if ((out->result < 0 && strcmp(m->argv[6], "*") != 0) ||
            !net_int(m->argv[4], 0, LOBBY_PLACES_MAX - 1, &black) ||
            !net_game_id(m->argv[5], &game))
            return -1;
    }
    /* Changing partnerships: each side's second. */
    if (m->argc == 9 && (black < 0 || !net_int(m->argv[7], 0, LOBBY_PLACES_MAX - 1, &white2) ||
                         !net_int(m->argv[8], 0, LOBBY_PLACES_MAX - 1, &black2)))
        return -1;
    out->round = (int)round;
    out->board = (int)board;
    out->white = (int)white;
    out->black = (int)black;
    out->game = game;
    out->white2 = (int)white2;
    out->black2 = (int)black2;
    return 0;
}

void lobby_halves_text(int halves, char *buf, size_t size)
{
    snprintf(buf, size, "%d%s", halves / 2, halves % 2 ? ".5" : "");
}

void lobby_quarters_text(int quarters, char *buf, size_t size)
{
    static const char *const frac[] = {"", ".25", ".5", ".75"};
    snprintf(buf, size, "%d%s", quarters / 4, frac[quarters % 4]);
}

const char *lobby_kind_name(const LobbyTourn *t)
{
    return strcmp(t->kind, "swiss") == 0    ? "Swiss"
           : strcmp(t->kind, "rotate") == 0 ? "Rotating partners"
                                            : "Round robin";
}

void lobby_tourn_state(const LobbyTourn *t, char *buf, size_t size)
{
    if (strcmp(t->status, "entry") == 0) {
        char when[32] = "?";
        time_t at = (time_t)t->starts;
        struct tm tm;
        if (gmtime_r(&at, &tm) != NULL)
            strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
        snprintf(buf, size, "starts %s UTC", when);
    } else if (strcmp(t->status, "playing") == 0) {
        snprintf(buf, size, "round %d of %d", t->round, t->rounds);
    } else {
        snprintf(buf, size, "over");
    }
}

/* ---- The crosstable ------------------------------------------------------------------------ */

typedef struct Text {
    char *buf;
    size_t len, cap;
    int bad; /* out of memory */
} Text;

static void add(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(Text *t, const char *fmt, ...)
{
    if (t->bad)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->bad = 1;
            return;
        }
        if ((size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = (t->cap + (size_t)n) * 2;
        char *grown = realloc(t->buf, cap);
        if (grown == NULL) {
            t->bad = 1;
            return;
        }
        t->buf = grown;
        t->cap = cap;
    }
}

char *lobby_crosstable(const LobbyStandings *st)
{
    const LobbyTourn *tn = &st->t;
    int place_of[LOBBY_PLACES_MAX]; /* entrant -> place (1 ..), 0 none */
    memset(place_of, 0, sizeof place_of);
    int width = 7; /* "Entrant" */
    for (int i = 0; i < st->nplaces; i++) {
        const LobbyPlace *p = &st->place[i];
        if (p->entrant >= 0 && p->entrant < LOBBY_PLACES_MAX)
            place_of[p->entrant] = p->rank;
        int w = (int)strlen(p->who);
        width = w > width ? w : width;
    }
    int rounds = tn->round;
    /* Each entrant's game of each round, by one pass over the pairings: 'game_at[e * rounds +
     * r - 1]' the pairing's index, or -1. */
    int *game_at =
        rounds > 0 ? malloc((size_t)LOBBY_PLACES_MAX * (size_t)rounds * sizeof *game_at) : NULL;
    Text t = {malloc(4096), 0, 4096, 0};
    if (t.buf == NULL || (rounds > 0 && game_at == NULL)) {
        free(t.buf);
        free(game_at);
        return NULL;
    }
    for (int i = 0; i < LOBBY_PLACES_MAX * rounds; i++)
        game_at[i] = -1;
    for (int k = 0; k < st->npairings; k++) {
        const LobbyPairing *g = &st->pairing[k];
        int four = g->white2 >= 0 && g->black2 >= 0;
        int who[4] = {g->white, g->black, four ? g->white2 : -1, four ? g->black2 : -1};
        for (int j = 0; j < 4 && g->round >= 1 && g->round <= rounds; j++)
            if (who[j] >= 0 && who[j] < LOBBY_PLACES_MAX)
                game_at[who[j] * rounds + g->round - 1] = k;
    }
    t.buf[0] = '\0';
    char state[80];
    lobby_tourn_state(tn, state, sizeof state);
    add(&t, LOBBY_CROSS_HEAD "\n", (long long)tn->id);
    add(&t, "%s, %s, %s, %s, %d round%s; %s.\nMade by %s; %d entrant%s.\n\n", lobby_kind_name(tn),
        tn->variant, tn->tc, tn->rated ? "rated" : "casual", tn->rounds, tn->rounds == 1 ? "" : "s",
        state, tn->creator, st->nplaces, st->nplaces == 1 ? "" : "s");
    add(&t, " #  %-*s  Rating", width, "Entrant");
    for (int r = 1; r <= rounds; r++)
        add(&t, "  %-5d", r);
    add(&t, "  Score  Buchholz  S-B\n");
    for (int i = 0; i < st->nplaces; i++) {
        const LobbyPlace *p = &st->place[i];
        add(&t, "%2d  %-*s  %6d", p->rank, width, p->who, p->rating);
        for (int r = 1; r <= rounds; r++) {
            char cell[16] = "--";
            int k = p->entrant >= 0 && p->entrant < LOBBY_PLACES_MAX
                        ? game_at[p->entrant * rounds + r - 1]
                        : -1;
            const LobbyPairing *g = k >= 0 ? &st->pairing[k] : NULL;
            if (g != NULL && g->black < 0) {
                snprintf(cell, sizeof cell, "bye");
            } else if (g != NULL) {
                int four = g->white2 >= 0 && g->black2 >= 0;
                int white = g->white == p->entrant || (four && g->white2 == p->entrant);
                /* The one met; of changing partnerships, the partner ("&3"). */
                int other = !four   ? (white ? g->black : g->white)
                            : white ? (g->white == p->entrant ? g->white2 : g->white)
                                    : (g->black == p->entrant ? g->black2 : g->black);
                int mine = g->result < 0 ? -1 : white ? g->result : 2 - g->result;
                int place = other >= 0 && other < LOBBY_PLACES_MAX ? place_of[other] : 0;
                snprintf(cell, sizeof cell, "%s%d%c%c", four ? "&" : "", place, white ? 'w' : 'b',
                         mine < 0 ? '*' : "-=+"[mine]);
            }
            add(&t, "  %-5s", cell);
        }
        char score[16], buchholz[16], sb[24];
        lobby_halves_text(p->score, score, sizeof score);
        lobby_halves_text(p->buchholz, buchholz, sizeof buchholz);
        lobby_quarters_text(p->sb, sb, sizeof sb);
        add(&t, "  %-5s  %-8s  %s%s\n", score, buchholz, sb,
            p->withdrawn == 1   ? "  (withdrew)"
            : p->withdrawn == 2 ? "  (waiting for a partner)"
                                : "");
    }
    add(&t, "\nEach round: the place of the one met, w White or b Black (in a game of four, the\n"
            "first seat's team or the other), + won, = drawn, - lost, * going on; bye: a bye,\n"
            "scored as a win; --: no game. Score: a win 1, a draw 1/2. Buchholz: the scores\n"
            "of those met. S-B (Sonneborn-Berger): the scores of those beaten, and half the\n"
            "scores of those drawn with.\n");
    if (strcmp(tn->kind, "rotate") == 0)
        add(&t, "Changing partners: &3 is a game with the 3rd as partner; Buchholz and S-B\n"
                "count the scores of both opponents.\n");
    free(game_at);
    if (t.bad) {
        free(t.buf);
        return NULL;
    }
    return t.buf;
}

CmStatus lobby_crosstable_write(const Lobby *l, char *path, size_t size, CmError *err)
{
    const LobbyStandings *st = l->standings;
    cm_error_init(err, NULL);
    if (!l->standings_got || st == NULL)
        return cm_error_set(err, CM_ERR_ARG, 0, 0, "no standings have come yet");
    snprintf(path, size, "tournament-%lld.txt", (long long)st->t.id);
    cm_error_init(err, path);
    if (io_exists(path)) {
        /* Only an export of this same tournament is written over. */
        char head[64], *old = NULL;
        size_t len = 0;
        snprintf(head, sizeof head, LOBBY_CROSS_HEAD "\n", (long long)st->t.id);
        CmError rd;
        int ours = io_read_file(path, 1 << 20, &old, &len, &rd) == CM_OK && len >= strlen(head) &&
                   memcmp(old, head, strlen(head)) == 0;
        free(old);
        if (!ours)
            return cm_error_set(err, CM_ERR_EXISTS, 0, 0,
                                "is there already, and is not this tournament's crosstable");
    }
    char *text = lobby_crosstable(st);
    if (text == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    CmStatus rc = io_write_atomic(path, text, strlen(text), err);
    free(text);
    return rc;
}

int lobby_tnews_text(const NetMsg *m, char *buf, size_t size)
{
    const char *k = m->argc > 0 ? m->argv[0] : "";
    int64_t id, round, n, game;
    if (m->argc < 3 || !net_game_id(m->argv[1], &id))
        return -1;
    if (strcmp(k, "round") == 0 && m->argc == 4 && net_int(m->argv[2], 1, 1000, &round) &&
        net_int(m->argv[3], 0, 1000, &n)) {
        snprintf(buf, size, "Tournament %lld: round %lld of %lld is paired.", (long long)id,
                 (long long)round, (long long)n);
        return 0;
    }
    if (strcmp(k, "paired") == 0 && m->argc == 6 && net_int(m->argv[2], 1, 1000, &round) &&
        net_game_id(m->argv[3], &game) && strlen(m->argv[4]) == 1 && who_ok(m->argv[5])) {
        snprintf(buf, size, "Tournament %lld, round %lld: your game %lld against %s (you are %s).",
                 (long long)id, (long long)round, (long long)game, m->argv[5], m->argv[4]);
        return 0;
    }
    if (strcmp(k, "bye") == 0 && m->argc == 3 && net_int(m->argv[2], 1, 1000, &round)) {
        snprintf(buf, size, "Tournament %lld, round %lld: you have a bye (a win).", (long long)id,
                 (long long)round);
        return 0;
    }
    if (strcmp(k, "partner") == 0 && m->argc == 3 && net_name_ok(m->argv[2])) {
        snprintf(buf, size,
                 "%s asks you to play tournament %lld as partners: e on it accepts ('enter %lld "
                 "%s').",
                 m->argv[2], (long long)id, (long long)id, m->argv[2]);
        return 0;
    }
    if (strcmp(k, "finished") == 0) {
        char why[160];
        net_text_clean(m->rest[2], strlen(m->rest[2]), why, sizeof why);
        snprintf(buf, size, "Tournament %lld is over: %s.", (long long)id, why);
        return 0;
    }
    return -1;
}

/* ---- The lobby's side ---------------------------------------------------------------------- */

static CmStatus tsend(Lobby *l, CmError *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static CmStatus tsend(Lobby *l, CmError *err, const char *fmt, ...)
{
    char line[NET_LINE_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "the request is too long");
    if (l->send(l->send_ud, line) != 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "not connected to the server");
    return CM_OK;
}

/* An answer awaited: 't' the list, 's' standings; forgotten past what the queue holds (the
 * oldest answers are then read as the list's). */
static void await(Lobby *l, char what)
{
    if (l->ntq == (int)sizeof l->tq) {
        memmove(l->tq, l->tq + 1, sizeof l->tq - 1);
        l->ntq--;
    }
    l->tq[l->ntq++] = what;
}

/* The answer 'what' came: the first awaited of its kind is done. */
static void answered(Lobby *l, char what)
{
    for (int i = 0; i < l->ntq; i++)
        if (l->tq[i] == what) {
            memmove(l->tq + i, l->tq + i + 1, (size_t)(l->ntq - i - 1));
            l->ntq--;
            return;
        }
}

CmStatus lobby_ask_tourns(Lobby *l, CmError *err)
{
    CmStatus st = tsend(l, err, "tourneys");
    if (st == CM_OK) {
        await(l, 't');
        l->ntourns_coming = 0;
    }
    return st;
}

CmStatus lobby_ask_standings(Lobby *l, int64_t id, CmError *err)
{
    if (l->standings == NULL)
        l->standings = calloc(1, sizeof *l->standings);
    if (l->standings_coming == NULL)
        l->standings_coming = calloc(1, sizeof *l->standings_coming);
    if (l->standings == NULL || l->standings_coming == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    CmStatus st = tsend(l, err, "standings %lld", (long long)id);
    if (st == CM_OK) {
        await(l, 's');
        memset(l->standings_coming, 0, sizeof *l->standings_coming);
        l->standings_got = 0;
        l->standings_error[0] = '\0';
    }
    return st;
}

CmStatus lobby_enter(Lobby *l, int64_t id, int withdraw, CmError *err)
{
    if (!withdraw && l->partner_tid == id && l->partner[0])
        return tsend(l, err, "enter %lld %s", (long long)id, l->partner);
    return tsend(l, err, "%s %lld", withdraw ? "withdraw" : "enter", (long long)id);
}

static int is_tverb(const char *verb)
{
    static const char *const verbs[] = {"tourneys", "standings", "enter", "withdraw", "tourney"};
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        if (strcmp(verb, verbs[i]) == 0)
            return 1;
    return 0;
}

int lobby_tourney_heard(Lobby *l, const NetMsg *m)
{
    const char *k = m->argv[0];
    char head = l->ntq > 0 ? l->tq[0] : 't';
    LobbyStandings *sc = l->standings_coming;
    if (strcmp(k, "tourn") == 0) {
        LobbyTourn t;
        if (lobby_tourn_read(m, &t) == 0) {
            if (head == 's' && sc != NULL)
                sc->t = t;
            else if (l->ntourns_coming < LOBBY_TOURNS_MAX)
                l->tourns_coming[l->ntourns_coming++] = t;
        }
        return 1;
    }
    if (strcmp(k, "place") == 0) {
        if (sc != NULL && sc->nplaces < LOBBY_PLACES_MAX &&
            lobby_place_read(m, &sc->place[sc->nplaces]) == 0)
            sc->nplaces++;
        return 1;
    }
    if (strcmp(k, "pairing") == 0) {
        if (sc != NULL && sc->npairings < LOBBY_PAIRINGS_MAX &&
            lobby_pairing_read(m, &sc->pairing[sc->npairings]) == 0)
            sc->npairings++;
        return 1;
    }
    if (strcmp(k, "round") == 0 || strcmp(k, "paired") == 0 || strcmp(k, "bye") == 0 ||
        strcmp(k, "finished") == 0 || strcmp(k, "partner") == 0) {
        if (lobby_tnews_text(m, l->tnews, sizeof l->tnews) == 0) {
            if (strcmp(k, "partner") == 0) {
                net_game_id(m->argv[1], &l->partner_tid);
                snprintf(l->partner, sizeof l->partner, "%s", m->argv[2]);
            }
            l->news |= LOBBY_EV_TNEWS;
            l->games_at = 0; /* a new game of the player's is in the list soon */
        }
        return 1;
    }
    if ((strcmp(k, "ok") != 0 && strcmp(k, "error") != 0) || m->argc < 2 || !is_tverb(m->argv[1]))
        return 0;
    const char *verb = m->argv[1];
    if (strcmp(k, "error") == 0) {
        const char *v, *code;
        char why[200];
        if (lobby_refusal_read(m, &v, &code, why, sizeof why) != 0)
            return 1;
        if (strcmp(verb, "tourneys") == 0) {
            answered(l, 't');
            snprintf(l->tourns_error, sizeof l->tourns_error, "%s", why);
            l->news |= LOBBY_EV_TOURNS;
        } else if (strcmp(verb, "standings") == 0) {
            answered(l, 's');
            snprintf(l->standings_error, sizeof l->standings_error, "%s", why);
            l->news |= LOBBY_EV_STANDINGS;
        } else {
            snprintf(l->tnews, sizeof l->tnews, "The server refused: %s", why);
            l->news |= LOBBY_EV_TNEWS;
        }
        return 1;
    }
    if (strcmp(verb, "tourneys") == 0) {
        answered(l, 't');
        memcpy(l->tourns, l->tourns_coming, (size_t)l->ntourns_coming * sizeof l->tourns[0]);
        l->ntourns = l->ntourns_coming;
        l->ntourns_coming = 0;
        l->tourns_got = 1;
        l->tourns_error[0] = '\0';
        l->news |= LOBBY_EV_TOURNS;
    } else if (strcmp(verb, "standings") == 0) {
        answered(l, 's');
        if (sc != NULL && l->standings != NULL) {
            *l->standings = *sc;
            l->standings_got = 1;
            l->standings_error[0] = '\0';
        }
        l->news |= LOBBY_EV_STANDINGS;
    } else {
        int64_t id = 0;
        if (m->argc >= 3)
            net_game_id(m->argv[2], &id);
        snprintf(l->tnews, sizeof l->tnews,
                 strcmp(verb, "enter") == 0      ? "You are in tournament %lld."
                 : strcmp(verb, "withdraw") == 0 ? "You have withdrawn from tournament %lld."
                                                 : "Tournament %lld made.",
                 (long long)id);
        l->news |= LOBBY_EV_TNEWS;
        lobby_ask_tourns(l, NULL);
    }
    return 1;
}
