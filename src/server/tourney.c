/* Tournaments on the server: made by a player or the host ('tourney'), entered and left
 * ('enter', 'withdraw'), listed ('tourneys') and shown ('standings'); at their start the entry
 * list closes and the entrants are seeded by rating, and each round is paired (pairing.c) and
 * its games made and begun by the server, the next as soon as the last game of a round ends.
 * Everything is in the store (its tables 'tourneys', 'tourney_entrants', 'tourney_games') in the
 * same turn as the games it makes and the ends it counts, so that a server started again goes
 * on where it was. docs/network.md gives the requests and the rules.
 * SPDX-License-Identifier: MIT */
#include "pairing.h"
#include "session/rating.h"
#include "server_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/grow.h"

enum { T_ENTRY, T_PLAYING, T_OVER };

_Static_assert(sizeof((Tourney *)0)->ent / sizeof(TEntrant) == PAIR_MAX,
               "a tournament holds PAIR_MAX entrants");

static const char *const status_names[] = {"entry", "playing", "over"};

static int status_of(const char *name)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, status_names[i]) == 0)
            return i;
    return T_OVER;
}

/* ---- Memory and the store ---------------------------------------------------------------- */

static void tourney_free(Tourney *t)
{
    if (t != NULL)
        free(t->pairs);
    free(t);
}

typedef struct ReadCtx {
    Tourney *t;
    int bad;
} ReadCtx;

static int read_entrant(void *ud, int entrant, const char *who, int rating, int withdrawn)
{
    ReadCtx *r = ud;
    Tourney *t = r->t;
    if (t->nent >= PAIR_MAX || strlen(who) > SRV_WHO_MAX) {
        r->bad = 1;
        return 1;
    }
    TEntrant *e = &t->ent[t->nent++];
    snprintf(e->who, sizeof e->who, "%s", who);
    e->key = entrant;
    e->rating = rating;
    e->withdrawn = withdrawn;
    if (entrant >= t->next_key)
        t->next_key = entrant + 1;
    return 0;
}

static int read_pairing(void *ud, const StorePairing *p)
{
    ReadCtx *r = ud;
    Tourney *t = r->t;
    if (cm_grow(&t->pairs, &t->paircap, t->npairs + 1, sizeof *t->pairs, 16) != 0) {
        r->bad = 1;
        return 1;
    }
    t->pairs[t->npairs++] = *p;
    if (p->round > t->round)
        t->round = p->round;
    return 0;
}

/* Tournament 'id' as the store has it; NULL when there is none ('*gone' set, when given) or
 * it cannot be read now (memory, the store: logged). */
static Tourney *tourney_read(Server *s, int64_t id, int *gone)
{
    if (gone != NULL)
        *gone = 0;
    Tourney *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    t->id = id;
    CmError err;
    cm_error_init(&err, NULL);
    int found = 0;
    ReadCtx r = {t, 0};
    if (store_tourney_get(s->store, id, &t->st, &found, &err) != CM_OK || !found ||
        store_entrants(s->store, id, read_entrant, &r, &err) != CM_OK ||
        store_pairings(s->store, id, read_pairing, &r, &err) != CM_OK || r.bad) {
        if (found)
            srv_log(s, "tournament %lld does not read: %s", (long long)id,
                    r.bad ? "too many entrants, or out of memory" : err.msg);
        else if (gone != NULL && err.code == CM_OK)
            *gone = 1;
        tourney_free(t);
        return NULL;
    }
    t->status = status_of(t->st.status);
    return t;
}

static Tourney *tourney_find(Server *s, int64_t id)
{
    for (int i = 0; i < s->ntourneys; i++)
        if (s->tourneys[i]->id == id)
            return s->tourneys[i];
    return NULL;
}

static int load_one(void *ud, int64_t id)
{
    Server *s = ud;
    Tourney *t = tourney_read(s, id, NULL);
    if (t != NULL && srv_push((void ***)&s->tourneys, &s->ntourneys, &s->tourneycap, t) != 0)
        tourney_free(t);
    return 0;
}

CmStatus tourney_load_all(Server *s, CmError *err)
{
    return store_tourneys(s->store, SRV_TOURNEYS_KEPT, load_one, s, err);
}

void tourney_free_all(Server *s)
{
    for (int i = 0; i < s->ntourneys; i++)
        tourney_free(s->tourneys[i]);
    free(s->tourneys);
    s->tourneys = NULL;
    s->ntourneys = s->tourneycap = 0;
}

/* Before a write for 't': the store's turn is opened, and 't' marked as changed in it. */
static int t_write(Server *s, Tourney *t)
{
    if (srv_write_begin(s, NULL) != 0)
        return -1;
    t->tx = s->tx_no;
    return 0;
}

static int t_failed(Server *s, const CmError *err)
{
    srv_write_failed(s, err);
    return -1;
}

void tourney_rollback(Server *s, unsigned failed)
{
    for (int i = 0; i < s->ntourneys; i++) {
        Tourney *t = s->tourneys[i];
        if (t->tx != failed)
            continue;
        int gone;
        Tourney *fresh = tourney_read(s, t->id, &gone);
        if (fresh == NULL && gone) {
            /* Made in the turn that failed: forgotten. */
            srv_unlist((void **)s->tourneys, &s->ntourneys, t);
            tourney_free(t);
            i--;
            continue;
        }
        if (fresh == NULL) {
            /* Unreadable now (memory, the store): kept, but left alone until it is read again,
             * so that the ends of its games are still counted (in the store) meanwhile. */
            t->reread = 1;
            continue;
        }
        fresh->retry_at = t->retry_at;
        s->tourneys[i] = fresh;
        tourney_free(t);
    }
}

/* Reads again a tournament that a rollback could not. Returns 0 once it is read. */
static int reread(Server *s, int i)
{
    Tourney *t = s->tourneys[i];
    int gone;
    Tourney *fresh = tourney_read(s, t->id, &gone);
    if (fresh == NULL && !gone)
        return -1;
    if (fresh == NULL) {
        srv_unlist((void **)s->tourneys, &s->ntourneys, t);
        tourney_free(t);
        return -1;
    }
    s->tourneys[i] = fresh;
    tourney_free(t);
    return 0;
}

/* ---- What a tournament is now ------------------------------------------------------------- */

static int is_engine(const char *who)
{
    return strncmp(who, "engine:", 7) == 0;
}

/* Part 'k' (0 or 1) of a partnership 'who' ("alice+bob"; a player alone is part 0 only) into
 * 'buf'; "" when there is none. */
static void part_of(const char *who, int k, char *buf, size_t size)
{
    const char *plus = strchr(who, '+');
    if (k == 0)
        snprintf(buf, size, "%.*s", plus != NULL ? (int)(plus - who) : (int)strlen(who), who);
    else
        snprintf(buf, size, "%s", plus != NULL ? plus + 1 : "");
}

/* Whether player 'name' is (one of) entrant 'who'. */
static int is_of(const char *who, const char *name)
{
    char part[NET_NAME_MAX + 2];
    if (is_engine(who))
        return 0;
    for (int k = 0; k < 2; k++) {
        part_of(who, k, part, sizeof part);
        if (part[0] && strcmp(part, name) == 0)
            return 1;
    }
    return 0;
}

static int entrant_of(const Tourney *t, const char *name)
{
    for (int i = 0; i < t->nent; i++)
        if (is_of(t->ent[i].who, name))
            return i;
    return -1;
}

void tourney_renamed(Server *s, const char *name, const char *to)
{
    for (int i = 0; i < s->ntourneys; i++) {
        Tourney *t = s->tourneys[i];
        int k = entrant_of(t, name);
        if (k >= 0) {
            char part[2][NET_NAME_MAX + 2];
            for (int j = 0; j < 2; j++) {
                part_of(t->ent[k].who, j, part[j], sizeof part[j]);
                if (strcmp(part[j], name) == 0)
                    snprintf(part[j], sizeof part[j], "%s", to);
            }
            char who[2 * sizeof part[0] + 1];
            size_t len = (size_t)snprintf(who, sizeof who, "%s%s%s", part[0], part[1][0] ? "+" : "",
                                          part[1]);
            if (len < sizeof t->ent[k].who) /* two names of NET_NAME_MAX at most: it fits */
                memcpy(t->ent[k].who, who, len + 1);
            t->tx = s->tx_no;
        }
        if (strcmp(t->st.creator, name) == 0) {
            snprintf(t->st.creator, sizeof t->st.creator, "%s", to);
            t->tx = s->tx_no;
        }
    }
}

/* Whether a variant is played by partnerships of two (each team two seats), not alone. */
static int partnered(const CmVariant *v)
{
    return v->nteams == 2 && __builtin_popcount(v->team_seats[0]) == 2 &&
           __builtin_popcount(v->team_seats[1]) == 2;
}

/* Whether 't' is a round robin of changing partnerships: its entrants are players alone, two
 * of them a side, a new partner each round. */
static int rotating(const Tourney *t)
{
    return strcmp(t->st.kind, "rotate") == 0;
}

/* Whether tournaments may be of 'v': two teams, of one seat each or of two. */
static int tourney_variant(const CmVariant *v)
{
    return v->nteams == 2 && (v->nseats == 2 || partnered(v));
}

/* The games played (with their results) and the byes, as pairing.c takes them. */
static int played(const Tourney *t, PairGame *g, int max)
{
    int n = 0;
    for (int i = 0; i < t->npairs && n < max; i++) {
        const StorePairing *p = &t->pairs[i];
        if (p->result < 0)
            continue;
        g[n].white = p->white;
        g[n].black = p->black;
        g[n].result = p->result;
        g[n].four = p->white2 >= 0 && p->black2 >= 0;
        g[n].white2 = p->white2;
        g[n].black2 = p->black2;
        n++;
    }
    return n;
}

static void entrants_of(const Tourney *t, PairEntrant *e)
{
    for (int i = 0; i < t->nent; i++) {
        e[i].rating = t->ent[i].rating;
        e[i].withdrawn = t->ent[i].withdrawn;
    }
}

static int pairs_max(const Tourney *t)
{
    return t->npairs + 1;
}

static void half_text(int halves, char *buf, size_t size)
{
    snprintf(buf, size, "%d%s", halves / 2, halves % 2 ? ".5" : "");
}

static void quarter_text(int quarters, char *buf, size_t size)
{
    static const char *const frac[] = {"", ".25", ".5", ".75"};
    snprintf(buf, size, "%d%s", quarters / 4, frac[quarters % 4]);
}

static int round_over(const Tourney *t, int round)
{
    for (int i = 0; i < t->npairs; i++)
        if (t->pairs[i].round == round && t->pairs[i].result < 0)
            return 0;
    return 1;
}

int tourney_has_game(const Server *s, int64_t game)
{
    for (int i = 0; i < s->ntourneys; i++) {
        const Tourney *t = s->tourneys[i];
        if (t->status != T_PLAYING || t->reread)
            continue;
        for (int k = 0; k < t->npairs; k++)
            if (t->pairs[k].game == game)
                return 1;
    }
    return 0;
}

/* ---- Telling the entrants ------------------------------------------------------------------ */

/* Sends 'line' to every connection of entrant 'who' (both players of a partnership; nothing
 * for an engine). */
static void tell(Server *s, const char *who, const char *line)
{
    for (int i = 0; i < s->nclients; i++) {
        Client *c = s->clients[i];
        if (c->greeted && !c->closing && is_of(who, c->name))
            srv_send(s, c, line, strlen(line));
    }
}

/* Sends 'line' to every connection of the one player 'name'. */
static void tell_one(Server *s, const char *name, const char *line)
{
    for (int i = 0; i < s->nclients; i++) {
        Client *c = s->clients[i];
        if (c->greeted && !c->closing && strcmp(c->name, name) == 0)
            srv_send(s, c, line, strlen(line));
    }
}

static void tell_all(Server *s, const Tourney *t, const char *line)
{
    for (int i = 0; i < t->nent; i++)
        tell(s, t->ent[i].who, line);
}

/* ---- The rounds ---------------------------------------------------------------------------- */

/* Makes and begins the game of one pair ('white2' and 'black2' -1), or of two pairs of
 * changing partnerships, and writes it. Returns 0, or -1 (the turn fails). */
static int pair_play(Server *s, Tourney *t, int board, int white, int black, int white2, int black2)
{
    CmError err;
    cm_error_init(&err, NULL);
    const CmVariant *v = catalog_get(&s->cat, t->st.variant, NULL, &err);
    if (v == NULL || !tourney_variant(v)) {
        cm_error_set(&err, CM_ERR_ARG, 0, 0, "tournament %lld: its variant %s is gone",
                     (long long)t->id, t->st.variant);
        return t_failed(s, &err);
    }
    /* White's team is the first seat's; a partnership's first player holds its team's first
     * seat, the second its other; of changing partnerships, 'white' and 'black' the first
     * seats. */
    char seats[CM_MAX_SEATS * (NET_NAME_MAX + 4) + 1], who[CM_MAX_SEATS][NET_NAME_MAX + 2];
    int entrant[CM_MAX_SEATS];
    size_t len = 0;
    int nth[2] = {0, 0};
    for (int k = 0; k < v->nseats; k++) {
        int team = v->seat[k].team == v->seat[0].team ? 0 : 1;
        entrant[k] = team == 0 ? white : black;
        if (white2 >= 0 && nth[team] == 1)
            entrant[k] = team == 0 ? white2 : black2;
        const char *of = t->ent[entrant[k]].who;
        if (is_engine(of))
            snprintf(who[k], sizeof who[k], "%s", of);
        else
            part_of(of, white2 >= 0 ? 0 : nth[team], who[k], sizeof who[k]);
        nth[team]++;
        len += (size_t)snprintf(seats + len, sizeof seats - len, "%s%c=%s", k ? " " : "",
                                v->seat[k].letter, who[k]);
    }
    SGame *g = game_make(s, t->st.variant, t->st.tc, t->st.rated, seats);
    if (g == NULL)
        return -1;
    StorePairing p = {t->round + 1, board, white, black, g->ng.id, -1, white2, black2};
    if (t_write(s, t) != 0)
        return -1;
    if (store_pairing_put(s->store, t->id, &p, &err) != CM_OK)
        return t_failed(s, &err);
    if (cm_grow(&t->pairs, &t->paircap, t->npairs + 1, sizeof *t->pairs, 16) != 0) {
        cm_error_set(&err, CM_ERR_NOMEM, 0, 0, "out of memory");
        return t_failed(s, &err);
    }
    t->pairs[t->npairs++] = p;
    srv_log(s, "tournament %lld: round %d, game %lld: %s", (long long)t->id, p.round,
            (long long)g->ng.id, seats);
    game_maybe_start(s, g);
    /* Each person is told their own seat, and whom they meet. */
    char line[300], them[2][SRV_WHO_MAX + NET_NAME_MAX + 2];
    for (int team = 0; team < 2; team++) {
        int a = team == 0 ? black : white, b = team == 0 ? black2 : white2;
        snprintf(them[team], sizeof them[team], "%s%s%s", t->ent[a].who, b >= 0 ? "+" : "",
                 b >= 0 ? t->ent[b].who : "");
    }
    for (int k = 0; k < v->nseats; k++) {
        if (is_engine(who[k]))
            continue;
        int team = v->seat[k].team == v->seat[0].team ? 0 : 1;
        snprintf(line, sizeof line, "paired %lld %d %lld %c %s", (long long)t->id, p.round,
                 (long long)g->ng.id, v->seat[k].letter, them[team]);
        tell_one(s, who[k], line);
    }
    return 0;
}

/* A bye (a win) for 'who' in the round being paired, or a game that cannot be played because
 * the other withdrew. */
static int pair_bye(Server *s, Tourney *t, int board, int who)
{
    CmError err;
    cm_error_init(&err, NULL);
    StorePairing p = {t->round + 1, board, who, -1, 0, 2, -1, -1};
    if (t_write(s, t) != 0)
        return -1;
    if (store_pairing_put(s->store, t->id, &p, &err) != CM_OK)
        return t_failed(s, &err);
    if (cm_grow(&t->pairs, &t->paircap, t->npairs + 1, sizeof *t->pairs, 16) != 0) {
        cm_error_set(&err, CM_ERR_NOMEM, 0, 0, "out of memory");
        return t_failed(s, &err);
    }
    t->pairs[t->npairs++] = p;
    char line[120];
    snprintf(line, sizeof line, "bye %lld %d", (long long)t->id, p.round);
    tell(s, t->ent[who].who, line);
    return 0;
}

static int set_status(Server *s, Tourney *t, int status)
{
    CmError err;
    cm_error_init(&err, NULL);
    if (t_write(s, t) != 0)
        return -1;
    if (store_tourney_status(s->store, t->id, status_names[status], t->st.rounds, &err) != CM_OK)
        return t_failed(s, &err);
    t->status = status;
    snprintf(t->st.status, sizeof t->st.status, "%s", status_names[status]);
    return 0;
}

static int finish(Server *s, Tourney *t, const char *why)
{
    if (set_status(s, t, T_OVER) != 0)
        return -1;
    t->over_at = s->now ? s->now : 1;
    srv_log(s, "tournament %lld is over: %s", (long long)t->id, why);
    char line[200];
    snprintf(line, sizeof line, "finished %lld %s", (long long)t->id, why);
    tell_all(s, t, line);
    return 0;
}

/* Pairs the next round and begins its games; ends the tournament after its last. */
static int next_round(Server *s, Tourney *t)
{
    if (t->round >= t->st.rounds)
        return finish(s, t, "all its rounds are played");
    CmError err;
    cm_error_init(&err, NULL);
    const CmVariant *v = catalog_get(&s->cat, t->st.variant, NULL, &err);
    int pairs = rotating(t);
    for (int i = 0; i < t->nent; i++)
        pairs |= strchr(t->ent[i].who, '+') != NULL;
    if (v == NULL || !tourney_variant(v) || (pairs && !partnered(v))) {
        /* The host took the variant away (its file, at a restart), or made it another game:
         * nothing more can be played. */
        srv_log(s, "tournament %lld: its variant %s is gone", (long long)t->id, t->st.variant);
        return finish(s, t, "its variant is no longer on this server");
    }
    int n = t->nent;
    PairEntrant e[PAIR_MAX];
    entrants_of(t, e);
    PairRound r;
    int rc;
    if (rotating(t)) {
        rc = pair_rotating(n, t->round, &r);
        if (rc != 0)
            return finish(s, t, "its entrants are not a multiple of 4");
        for (int i = 0; i < r.npairs; i++)
            if (pair_play(s, t, i + 1, r.white[i], r.black[i], r.white2[i], r.black2[i]) != 0)
                return -1;
        r.npairs = 0; /* played */
    } else if (strcmp(t->st.kind, "robin") == 0) {
        rc = pair_round_robin(n, t->round, &r);
    } else {
        PairGame *g = malloc((size_t)pairs_max(t) * sizeof *g);
        if (g == NULL)
            return -1;
        rc = pair_swiss(e, n, g, played(t, g, pairs_max(t)), &r);
        free(g);
    }
    if (rc != 0)
        return finish(s, t, "fewer than two entrants are left");
    int board = 1;
    for (int i = 0; i < r.npairs; i++, board++) {
        int w = r.white[i], b = r.black[i];
        /* In a round robin one who withdrew plays no more: the other has a bye. */
        if (t->ent[w].withdrawn && t->ent[b].withdrawn)
            continue;
        if (t->ent[w].withdrawn || t->ent[b].withdrawn) {
            if (pair_bye(s, t, board, t->ent[w].withdrawn ? b : w) != 0)
                return -1;
            continue;
        }
        if (pair_play(s, t, board, w, b, -1, -1) != 0)
            return -1;
    }
    if (r.bye >= 0 && !t->ent[r.bye].withdrawn && pair_bye(s, t, board, r.bye) != 0)
        return -1;
    t->round++;
    char line[120];
    snprintf(line, sizeof line, "round %lld %d %d", (long long)t->id, t->round, t->st.rounds);
    tell_all(s, t, line);
    return 0;
}

static int by_rating(const void *a, const void *b)
{
    const TEntrant *x = a, *y = b;
    if (x->rating != y->rating)
        return y->rating - x->rating;
    return x->key - y->key;
}

/* The entry list closes: the entrants are seeded by their ratings now, and the first round
 * begins. */
static int begin(Server *s, Tourney *t)
{
    CmError err;
    cm_error_init(&err, NULL);
    if (t_write(s, t) != 0)
        return -1;
    /* A partnership whose partner never came is not in it. */
    for (int i = 0; i < t->nent; i++)
        if (t->ent[i].withdrawn == 2) {
            memmove(&t->ent[i], &t->ent[i + 1], (size_t)(t->nent - i - 1) * sizeof *t->ent);
            t->nent--;
            i--;
        }
    for (int i = 0; i < t->nent; i++) {
        TEntrant *e = &t->ent[i];
        if (is_engine(e->who)) {
            e->rating = (int)(rating_engine(atoi(e->who + 7)).rating + 0.5);
            continue;
        }
        /* A partnership at the mean of its players' ratings. */
        double sum = 0;
        int parts = 0;
        for (int k = 0; k < 2; k++) {
            char name[NET_NAME_MAX + 2];
            StoreRating r;
            int found = 0;
            part_of(e->who, k, name, sizeof name);
            if (!name[0])
                continue;
            if (store_rating_get(s->store, name, t->st.variant, &r, &found, &err) != CM_OK)
                return t_failed(s, &err);
            sum += found ? r.rating : rating_default().rating;
            parts++;
        }
        e->rating = (int)(sum / (parts ? parts : 1) + 0.5);
    }
    qsort(t->ent, (size_t)t->nent, sizeof *t->ent, by_rating);
    if (store_entrant_drop(s->store, t->id, -1, &err) != CM_OK)
        return t_failed(s, &err);
    for (int i = 0; i < t->nent; i++) {
        t->ent[i].key = i;
        if (store_entrant_put(s->store, t->id, i, t->ent[i].who, t->ent[i].rating,
                              t->ent[i].withdrawn, &err) != CM_OK)
            return t_failed(s, &err);
    }
    t->next_key = t->nent;
    if (t->nent < 2)
        return finish(s, t, "fewer than two entered");
    /* Changing partnerships need a multiple of 4: the engine at level 5 makes the field up. */
    while (rotating(t) && t->nent % 4 != 0) {
        TEntrant *e = &t->ent[t->nent];
        memset(e, 0, sizeof *e);
        snprintf(e->who, sizeof e->who, "engine:5");
        e->key = t->next_key++;
        e->rating = (int)(rating_engine(5).rating + 0.5);
        if (store_entrant_put(s->store, t->id, e->key, e->who, e->rating, 0, &err) != CM_OK)
            return t_failed(s, &err);
        t->nent++;
    }
    if (strcmp(t->st.kind, "robin") == 0)
        t->st.rounds = pair_rounds(t->nent);
    if (rotating(t))
        t->st.rounds = t->nent - 1;
    if (set_status(s, t, T_PLAYING) != 0)
        return -1;
    srv_log(s, "tournament %lld begins: %d entrants, %d rounds", (long long)t->id, t->nent,
            t->st.rounds);
    return next_round(s, t);
}

void tourney_tick(Server *s)
{
    if (s->now < s->tourney_at || !srv_store_up(s))
        return;
    s->tourney_at = s->now + 1000;
    for (int i = 0; i < s->ntourneys && !s->tx_failed; i++) {
        if (s->tourneys[i]->reread) {
            int n = s->ntourneys;
            if (reread(s, i) != 0) {
                i -= s->ntourneys < n; /* gone from the store: forgotten */
                continue;
            }
        }
        Tourney *t = s->tourneys[i];
        if (t->retry_at > s->now)
            continue;
        int rc = 0;
        if (t->status == T_ENTRY && s->utc >= t->st.starts)
            rc = begin(s, t);
        else if (t->status == T_PLAYING && round_over(t, t->round))
            rc = next_round(s, t);
        else if (t->status == T_OVER && t->over_at != 0 && s->now - t->over_at > SRV_KEEP_OVER_MS) {
            /* Shown from the store from now on, when asked for. */
            srv_unlist((void **)s->tourneys, &s->ntourneys, t);
            tourney_free(t);
            i--;
        }
        /* A tournament whose turn failed waits before it is tried again: the store refuses
         * every write for a while after a failure, and one tournament that cannot go on must
         * not keep the whole server from writing. */
        if (rc != 0)
            t->retry_at = s->now + SRV_TOURNEY_RETRY_MS;
    }
}

void tourney_game_over(Server *s, SGame *g)
{
    const NetGame *ng = &g->ng;
    for (int i = 0; i < s->ntourneys; i++) {
        Tourney *t = s->tourneys[i];
        if (t->status != T_PLAYING)
            continue;
        for (int k = 0; k < t->npairs; k++) {
            StorePairing *p = &t->pairs[k];
            if (p->game != ng->id || p->result >= 0)
                continue;
            int result = 1;
            if (!ng->outcome.draw && ng->outcome.winner >= 0)
                result = ng->outcome.winner == ng->v->seat[0].team ? 2 : 0;
            CmError err;
            cm_error_init(&err, NULL);
            if (t_write(s, t) != 0)
                return;
            if (store_pairing_result(s->store, ng->id, result, &err) != CM_OK) {
                t_failed(s, &err);
                return;
            }
            p->result = result;
            /* The next round is paired at once when this was the last game of its round. */
            s->tourney_at = 0;
            return;
        }
    }
}

/* ---- The requests -------------------------------------------------------------------------- */

/* The asker's part in 't': "in", "asked" (named the partner of a partnership that waits for
 * them to enter), or "out". */
static const char *part_in(const Tourney *t, const char *name)
{
    int i = entrant_of(t, name);
    if (i < 0)
        return "out";
    char first[NET_NAME_MAX + 2];
    part_of(t->ent[i].who, 0, first, sizeof first);
    return t->ent[i].withdrawn == 2 && strcmp(first, name) != 0 ? "asked" : "in";
}

static void tourn_line(Server *s, Client *c, const Tourney *t)
{
    char tc[STORE_TOURNEY_TC_MAX];
    snprintf(tc, sizeof tc, "%s", t->st.tc);
    srv_sendf(s, c, "tourn %lld %s %s %s %s %d %s %d %lld %d %s %s", (long long)t->id, t->st.kind,
              t->st.variant, tc, t->st.rated ? "rated" : "casual", t->st.rounds,
              status_names[t->status], t->round, (long long)t->st.starts, t->nent, t->st.creator,
              part_in(t, c->name));
}

/* The tournament named by the request's first word, from memory or the store ('*tmp' set when
 * it was read for this request only, to be freed); NULL, answered, when there is none. */
static Tourney *named(Server *s, Client *c, const NetMsg *m, const char *verb, Tourney **tmp)
{
    int64_t id;
    if (tmp != NULL)
        *tmp = NULL;
    if (!net_game_id(m->argv[1], &id)) {
        srv_syntax(s, c, "a tournament's id is a number ('tourneys')");
        return NULL;
    }
    Tourney *t = tourney_find(s, id);
    if (t != NULL && t->reread) {
        /* What memory has of it may be of a turn that failed: to read it is to read the store;
         * to change it waits for it to be read again. */
        if (tmp == NULL) {
            srv_error(s, c, verb, "busy", "tournament %lld is being read again: try in a moment",
                      (long long)id);
            return NULL;
        }
        t = NULL;
    }
    if (t == NULL && tmp != NULL)
        t = *tmp = tourney_read(s, id, NULL);
    if (t == NULL)
        srv_error(s, c, verb, "no-tourney", "no tournament %lld on this server", (long long)id);
    return t;
}

/* START: '+SECONDS' from now, or a time in UTC seconds; within SRV_TOURNEY_AHEAD_S. */
static int start_parse(const Server *s, const char *text, int64_t *out)
{
    int64_t v;
    if (text[0] == '+') {
        if (!net_int(text + 1, 0, SRV_TOURNEY_AHEAD_S, &v))
            return -1;
        *out = s->utc + v;
        return 0;
    }
    if (!net_int(text, s->utc - 60, s->utc + SRV_TOURNEY_AHEAD_S, &v))
        return -1;
    *out = v;
    return 0;
}

void tourney_req_create(Server *s, Client *c, const NetMsg *m)
{
    const char *const *a = m->argv + 1;
    int nengines = m->argc - 7;
    CmError err;
    cm_error_init(&err, NULL);
    if (c->guest) {
        srv_error(s, c, "tourney", "denied", "a guest plays casual games only: sign up with a key");
        return;
    }
    StoreTourney st;
    memset(&st, 0, sizeof st);
    if (strcmp(a[0], "swiss") != 0 && strcmp(a[0], "robin") != 0 && strcmp(a[0], "rotate") != 0) {
        srv_syntax(s, c,
                   "a tournament is a 'swiss', a 'robin' (round robin) or a 'rotate' (a round "
                   "robin of changing partnerships)");
        return;
    }
    snprintf(st.kind, sizeof st.kind, "%s", a[0]);
    const CmVariant *v = NULL;
    if (!catalog_is_path(a[1]) && strlen(a[1]) < NETGAME_VARIANT_MAX)
        v = catalog_get(&s->cat, a[1], NULL, &err);
    if (v == NULL) {
        char clean[80];
        net_text_clean(a[1], strlen(a[1]), clean, sizeof clean);
        srv_error(s, c, "tourney", "no-variant", "no variant '%s' on this server ('variants')",
                  clean);
        return;
    }
    if (!tourney_variant(v)) {
        srv_error(s, c, "tourney", "denied",
                  "a tournament is of a variant of two sides: two seats, or two partnerships of "
                  "two (not a game of each alone)");
        return;
    }
    if (strcmp(st.kind, "rotate") == 0 && !partnered(v)) {
        srv_error(s, c, "tourney", "denied",
                  "changing partnerships are of a game of two partnerships (Grand Cam, Grand "
                  "Camelot, Four-Handed Chivalry)");
        return;
    }
    game_variant_name(s, a[1], st.variant, sizeof st.variant);
    int64_t base, inc, rounds = 0;
    int days;
    if (strlen(a[2]) >= sizeof st.tc || netgame_tc_parse(a[2], &base, &inc, &days) != 0) {
        srv_syntax(s, c,
                   "a time control is SECONDS+SECONDS (at most 86400+600), days:N (1 to 60) or "
                   "none");
        return;
    }
    if (base == 0 && days == 0) {
        /* With no clock, one who never moves would hold the round, and the tournament, up. */
        srv_error(s, c, "tourney", "denied",
                  "a tournament's games need a clock: SECONDS+SECONDS, or days:N for "
                  "correspondence");
        return;
    }
    snprintf(st.tc, sizeof st.tc, "%s", a[2]);
    if (strcmp(a[3], "rated") != 0 && strcmp(a[3], "casual") != 0) {
        srv_syntax(s, c, "'rated' or 'casual' expected");
        return;
    }
    st.rated = strcmp(a[3], "rated") == 0;
    if (strcmp(st.kind, "swiss") != 0 ? strcmp(a[4], "0") != 0
                                      : !net_int(a[4], 1, SRV_TOURNEY_ROUNDS, &rounds)) {
        srv_syntax(s, c,
                   "a Swiss has 1 to 20 rounds; a round robin 0 (as many as its entrants "
                   "need)");
        return;
    }
    st.rounds = (int)rounds;
    if (start_parse(s, a[5], &st.starts) != 0) {
        srv_syntax(s, c, "START is +SECONDS from now or a time in UTC seconds, within 30 days");
        return;
    }
    int levels[SRV_TOURNEY_ENGINES];
    if (nengines > SRV_TOURNEY_ENGINES) {
        srv_syntax(s, c, "at most 8 engine entrants");
        return;
    }
    for (int i = 0; i < nengines; i++) {
        int64_t level;
        if (strncmp(a[6 + i], "engine:", 7) != 0 || !net_int(a[6 + i] + 7, 1, 10, &level)) {
            srv_syntax(s, c, "an engine entrant is engine:LEVEL, its level 1 to 10");
            return;
        }
        levels[i] = (int)level;
    }
    int open = 0, own = 0;
    for (int i = 0; i < s->ntourneys; i++)
        if (s->tourneys[i]->status != T_OVER) {
            open++;
            own += strcmp(s->tourneys[i]->st.creator, c->name) == 0;
        }
    if (open >= SRV_TOURNEYS_MAX || (!c->admin && own >= s->cfg.limit[LIMIT_TOURNEYS])) {
        srv_error(s, c, "tourney", "busy",
                  open >= SRV_TOURNEYS_MAX
                      ? "the server has %d tournaments not over, the most it holds: wait for one "
                        "to end"
                      : "a player may have %d tournaments of their own not over: wait for one to "
                        "end",
                  open >= SRV_TOURNEYS_MAX ? SRV_TOURNEYS_MAX : (int)s->cfg.limit[LIMIT_TOURNEYS]);
        return;
    }
    /* Those that end as they begin (nobody entered) count too: each stays in the store, and in
     * the list for a while. */
    int made = 0;
    if (!c->admin) {
        if (store_tourneys_made(s->store, c->name, s->utc - 86400, &made, &err) != CM_OK) {
            srv_error(s, c, "tourney", "store", "the store: %s", err.msg);
            return;
        }
        if (made >= s->cfg.limit[LIMIT_DAY_TOURNEYS]) {
            srv_error(s, c, "tourney", "busy",
                      "a player may make %d tournaments in a day: %d made since this time "
                      "yesterday",
                      (int)s->cfg.limit[LIMIT_DAY_TOURNEYS], made);
            return;
        }
    }
    snprintf(st.creator, sizeof st.creator, "%s", c->name);
    st.created = s->utc;
    snprintf(st.status, sizeof st.status, "entry");
    Tourney *t = calloc(1, sizeof *t);
    if (t == NULL) {
        cm_error_set(&err, CM_ERR_NOMEM, 0, 0, "out of memory");
        srv_write_failed(s, &err);
        return;
    }
    t->st = st;
    t->status = T_ENTRY;
    /* A write refused (the store failed a moment ago) is answered as such: not a new failure. */
    if (srv_write_begin(s, NULL) != 0) {
        tourney_free(t);
        return;
    }
    if (store_tourney_new(s->store, &st, &t->id, &err) != CM_OK ||
        srv_push((void ***)&s->tourneys, &s->ntourneys, &s->tourneycap, t) != 0) {
        if (err.code == CM_OK)
            cm_error_set(&err, CM_ERR_NOMEM, 0, 0, "out of memory");
        srv_write_failed(s, &err);
        tourney_free(t);
        return;
    }
    t->tx = s->tx_no;
    for (int i = 0; i < nengines; i++) {
        TEntrant *e = &t->ent[t->nent];
        snprintf(e->who, sizeof e->who, "engine:%d", levels[i]);
        e->key = t->next_key++;
        e->rating = (int)(rating_engine(levels[i]).rating + 0.5);
        if (store_entrant_put(s->store, t->id, e->key, e->who, e->rating, 0, &err) != CM_OK) {
            srv_write_failed(s, &err);
            return;
        }
        t->nent++;
    }
    srv_log(s, "tournament %lld: %s made it (%s %s %s %s, %d rounds, %d engines)", (long long)t->id,
            c->name, st.kind, st.variant, st.tc, a[3], st.rounds, nengines);
    srv_sendf(s, c, "ok tourney %lld", (long long)t->id);
    if (st.starts <= s->utc)
        s->tourney_at = 0;
}

void tourney_req_list(Server *s, Client *c, const NetMsg *m)
{
    (void)m;
    /* Every one not over, and the latest of those over. */
    int over = 0, n = 0;
    for (int i = 0; i < s->ntourneys; i++)
        over += s->tourneys[i]->status == T_OVER;
    int skip = over > SRV_TOURNEYS_LISTED ? over - SRV_TOURNEYS_LISTED : 0;
    for (int i = 0; i < s->ntourneys; i++) {
        if (s->tourneys[i]->status == T_OVER && skip > 0) {
            skip--;
            continue;
        }
        tourn_line(s, c, s->tourneys[i]);
        n++;
    }
    srv_sendf(s, c, "ok tourneys %d", n);
}

/* A partnership entered by 'c' with 'partner': it waits for the partner's own 'enter' with
 * 'c' (withdrawn 2); that 'enter' confirms it. Returns the entrant's index, or -1 (answered). */
static int partnership(Server *s, Client *c, Tourney *t, const char *partner, int *confirm)
{
    *confirm = 0;
    if (!net_name_ok(partner) || strcmp(partner, c->name) == 0 || net_name_reserved(partner) ||
        net_name_guest(partner)) {
        srv_syntax(s, c, "a partner is another player, by their name");
        return -1;
    }
    int i = entrant_of(t, partner);
    if (i >= 0) {
        char first[NET_NAME_MAX + 2], second[NET_NAME_MAX + 2];
        part_of(t->ent[i].who, 0, first, sizeof first);
        part_of(t->ent[i].who, 1, second, sizeof second);
        if (t->ent[i].withdrawn == 2 && strcmp(first, partner) == 0 &&
            strcmp(second, c->name) == 0) {
            *confirm = 1;
            return i;
        }
        srv_error(s, c, "enter", "denied", "%s is in tournament %lld already, with another",
                  partner, (long long)t->id);
        return -1;
    }
    return t->nent;
}

void tourney_req_enter(Server *s, Client *c, const NetMsg *m)
{
    Tourney *t = named(s, c, m, "enter", NULL);
    if (t == NULL)
        return;
    if (c->guest) {
        srv_error(s, c, "enter", "denied", "a guest plays casual games only: sign up with a key");
        return;
    }
    if (t->status != T_ENTRY) {
        srv_error(s, c, "enter", "denied", "tournament %lld has begun: its entry list is closed",
                  (long long)t->id);
        return;
    }
    CmError err;
    cm_error_init(&err, NULL);
    const CmVariant *v = catalog_get(&s->cat, t->st.variant, NULL, &err);
    int teams = v != NULL && partnered(v) && !rotating(t);
    if (teams != (m->argc == 3)) {
        srv_syntax(s, c,
                   teams ? "the games of this tournament are played by partnerships: enter "
                           "TOURNEY PARTNER (and the partner enters with you)"
                         : "a tournament of two seats, or of changing partnerships, has no fixed "
                           "partners: enter TOURNEY");
        return;
    }
    int confirm = 0, i = teams ? partnership(s, c, t, m->argv[2], &confirm) : t->nent;
    if (i < 0)
        return;
    if (!confirm && entrant_of(t, c->name) >= 0) {
        srv_error(s, c, "enter", "denied", "you are in tournament %lld already", (long long)t->id);
        return;
    }
    if (!confirm && t->nent >= PAIR_MAX) {
        srv_error(s, c, "enter", "busy", "tournament %lld has %d entrants, the most it may have",
                  (long long)t->id, PAIR_MAX);
        return;
    }
    if (t->st.rated && game_held(s, c, "enter"))
        return;
    TEntrant e = confirm ? t->ent[i] : (TEntrant){.key = t->next_key, .withdrawn = teams ? 2 : 0};
    if (confirm)
        e.withdrawn = 0;
    else if (teams)
        snprintf(e.who, sizeof e.who, "%s+%s", c->name, m->argv[2]);
    else
        snprintf(e.who, sizeof e.who, "%s", c->name);
    if (t_write(s, t) != 0)
        return;
    /* The one who enters is a player of the store from now on (the name theirs, and followed
     * by a rename); a partner named is only when they enter. */
    if (store_player_known(s->store, c->name, s->utc, &err) != CM_OK ||
        store_entrant_put(s->store, t->id, e.key, e.who, 0, e.withdrawn, &err) != CM_OK) {
        srv_write_failed(s, &err);
        return;
    }
    t->ent[i] = e;
    if (!confirm) {
        t->next_key++;
        t->nent++;
    }
    if (e.withdrawn == 2) {
        char line[200];
        snprintf(line, sizeof line, "partner %lld %s", (long long)t->id, c->name);
        tell_one(s, m->argv[2], line);
        srv_sendf(s, c, "ok enter %lld %d partner", (long long)t->id, t->nent);
    } else {
        srv_sendf(s, c, "ok enter %lld %d", (long long)t->id, t->nent);
    }
}

void tourney_req_withdraw(Server *s, Client *c, const NetMsg *m)
{
    Tourney *t = named(s, c, m, "withdraw", NULL);
    if (t == NULL)
        return;
    int i = entrant_of(t, c->name);
    if (i < 0 || t->status == T_OVER || (t->status == T_PLAYING && t->ent[i].withdrawn)) {
        srv_error(s, c, "withdraw", "denied",
                  i < 0 ? "you are not in tournament %lld" : "tournament %lld is over for you",
                  (long long)t->id);
        return;
    }
    CmError err;
    cm_error_init(&err, NULL);
    if (t_write(s, t) != 0)
        return;
    if (t->status == T_ENTRY) {
        if (store_entrant_drop(s->store, t->id, t->ent[i].key, &err) != CM_OK) {
            srv_write_failed(s, &err);
            return;
        }
        memmove(&t->ent[i], &t->ent[i + 1], (size_t)(t->nent - i - 1) * sizeof *t->ent);
        t->nent--;
    } else if (rotating(t)) {
        /* Their partners of the rounds to come still need one: the engine at level 5 takes
         * the place, its score with it, so that nobody scores by being away. */
        if (store_entrant_put(s->store, t->id, t->ent[i].key, "engine:5", t->ent[i].rating, 0,
                              &err) != CM_OK) {
            srv_write_failed(s, &err);
            return;
        }
        snprintf(t->ent[i].who, sizeof t->ent[i].who, "engine:5");
    } else {
        if (store_entrant_put(s->store, t->id, t->ent[i].key, t->ent[i].who, t->ent[i].rating, 1,
                              &err) != CM_OK) {
            srv_write_failed(s, &err);
            return;
        }
        t->ent[i].withdrawn = 1;
    }
    srv_sendf(s, c, "ok withdraw %lld", (long long)t->id);
}

void tourney_req_standings(Server *s, Client *c, const NetMsg *m)
{
    if (!lobby_page_ok(s, c, "standings"))
        return;
    Tourney *tmp;
    Tourney *t = named(s, c, m, "standings", &tmp);
    if (t == NULL)
        return;
    PairEntrant e[PAIR_MAX];
    PairStanding st[PAIR_MAX];
    PairGame *g = malloc((size_t)pairs_max(t) * sizeof *g);
    if (g == NULL) {
        srv_error(s, c, "standings", "busy", "out of memory");
        tourney_free(tmp);
        return;
    }
    entrants_of(t, e);
    pair_standings(e, t->nent, g, played(t, g, pairs_max(t)), st);
    free(g);
    tourn_line(s, c, t);
    for (int i = 0; i < t->nent; i++) {
        const PairStanding *p = &st[i];
        const TEntrant *who = &t->ent[p->entrant];
        char score[16], buchholz[16], sb[24];
        half_text(p->score, score, sizeof score);
        half_text(p->buchholz, buchholz, sizeof buchholz);
        quarter_text(p->sonneborn, sb, sizeof sb);
        srv_sendf(s, c, "place %d %d %s %d %s %s %s %d %d %d %d %d %d %d %s", i + 1, p->entrant,
                  who->who, who->rating, score, buchholz, sb, p->games, p->won, p->drawn, p->lost,
                  p->byes, p->whites, p->blacks,
                  who->withdrawn == 2 ? "waiting"
                  : who->withdrawn    ? "withdrawn"
                                      : "in");
    }
    static const char *const results[] = {"0-1", "1/2", "1-0"};
    for (int i = 0; i < t->npairs; i++) {
        const StorePairing *p = &t->pairs[i];
        if (p->black < 0)
            srv_sendf(s, c, "pairing %d %d %d - - bye", p->round, p->board, p->white);
        else if (p->white2 >= 0 && p->black2 >= 0)
            srv_sendf(s, c, "pairing %d %d %d %d %lld %s %d %d", p->round, p->board, p->white,
                      p->black, (long long)p->game, p->result >= 0 ? results[p->result] : "*",
                      p->white2, p->black2);
        else
            srv_sendf(s, c, "pairing %d %d %d %d %lld %s", p->round, p->board, p->white, p->black,
                      (long long)p->game, p->result >= 0 ? results[p->result] : "*");
    }
    srv_sendf(s, c, "ok standings %lld %d %d", (long long)t->id, t->nent, t->npairs);
    tourney_free(tmp);
}
