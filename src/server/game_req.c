/* The requests about one game ('create', and those that name a game by its id), checked
 * against its seats, its turn and the rules, and answered once; what they change goes
 * through the game's events (game.c).
 * SPDX-License-Identifier: MIT */
#include "server_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "session/setup.h"
#include "session/text.h"

/* ---- Requests ------------------------------------------------------------------------------ */

/* Reads 'LETTER=WHO' seats for a new game; 'me' is the one who creates it. */
static int create_seats(const CmVariant *v, const char *me, int argc, const char *const *argv,
                        char *out, size_t size, char *why, size_t why_size)
{
    unsigned given = 0;
    size_t len = 0;
    int mine = 0;
    out[0] = '\0';
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int seat = -1;
        for (int k = 0; k < v->nseats; k++)
            if (a[0] == v->seat[k].letter && a[1] == '=')
                seat = k;
        if (seat < 0 || (given & (1u << seat))) {
            snprintf(why, why_size, "'%.40s' is not SEAT=WHO for a seat of the variant, once", a);
            return -1;
        }
        given |= 1u << seat;
        const char *who = a + 2;
        char buf[NET_NAME_MAX + 16];
        if (strcmp(who, "me") == 0) {
            snprintf(buf, sizeof buf, "%s", me);
            mine = 1;
        } else if (strcmp(who, "open") == 0) {
            snprintf(buf, sizeof buf, "open");
        } else if (strncmp(who, "engine:", 7) == 0) {
            int64_t level;
            if (!net_int(who + 7, 1, 10, &level)) {
                snprintf(why, why_size, "an engine's level is 1 to 10");
                return -1;
            }
            snprintf(buf, sizeof buf, "engine:%d", (int)level);
        } else if (who[0] == '@' && net_name_ok(who + 1) && strcmp(who + 1, "open") != 0) {
            if (strcmp(who + 1, me) == 0)
                snprintf(buf, sizeof buf, "%s", me), mine = 1;
            else
                snprintf(buf, sizeof buf, "%s", who);
        } else {
            snprintf(why, why_size,
                     "a seat is 'me', 'open', 'engine:LEVEL' or '@NAME' (an invitation)");
            return -1;
        }
        int n =
            snprintf(out + len, size - len, "%s%c=%s", len ? " " : "", v->seat[seat].letter, buf);
        if (n < 0 || (size_t)n >= size - len) {
            snprintf(why, why_size, "too many seats");
            return -1;
        }
        len += (size_t)n;
    }
    if (given != (1u << v->nseats) - 1) {
        snprintf(why, why_size, "every seat of the variant must be given (%d)", v->nseats);
        return -1;
    }
    if (!mine) {
        snprintf(why, why_size, "one seat at least must be 'me'");
        return -1;
    }
    return 0;
}

/* Whether 'name' may hold a seat in one more game ('waiting': one that waits for players;
 * 'engine': one with an engine seat). Answers 'error VERB busy' when not. */
static int games_room(Server *s, Client *c, const char *verb, const char *name, int waiting,
                      int engine)
{
    int playing, waits, engines;
    srv_games_of(s, name, &playing, &waits, &engines);
    const char *what = NULL;
    int64_t most = 0;
    int limit = -1;
    if (playing >= s->cfg.limit[LIMIT_GAMES])
        limit = LIMIT_GAMES, what = "games not over";
    else if (waiting && waits >= s->cfg.limit[LIMIT_WAITING])
        limit = LIMIT_WAITING, what = "games waiting for players";
    else if (engine && engines >= s->cfg.limit[LIMIT_ENGINE_GAMES])
        limit = LIMIT_ENGINE_GAMES, what = "games against the engine";
    if (limit < 0)
        return 1;
    most = s->cfg.limit[limit];
    srv_error(s, c, verb, "busy",
              "%s has %lld %s already, the most a player may have on this server: finish or leave "
              "one first",
              name, (long long)most, what);
    return 0;
}

void game_req_create(Server *s, Client *c, const NetMsg *m)
{
    int argc = m->argc - 1;
    const char *const *argv = m->argv + 1;
    CmError err;
    cm_error_init(&err, NULL);
    if (catalog_is_path(argv[0]) || strlen(argv[0]) >= NETGAME_VARIANT_MAX) {
        srv_error(s, c, "create", "no-variant", "a variant is named by its name ('variants')");
        return;
    }
    const CmVariant *v = catalog_get(&s->cat, argv[0], NULL, &err);
    if (v == NULL) {
        char clean[80];
        net_text_clean(argv[0], strlen(argv[0]), clean, sizeof clean);
        srv_error(s, c, "create", "no-variant", "no variant '%s' on this server", clean);
        return;
    }
    char variant[NETGAME_VARIANT_MAX];
    game_variant_name(s, argv[0], variant, sizeof variant);
    int64_t base, inc;
    int days;
    if (netgame_tc_parse(argv[1], &base, &inc, &days) != 0) {
        srv_syntax(s, c,
                   "a time control is SECONDS+SECONDS (at most 86400+600), days:N (1 to 60) or "
                   "none");
        return;
    }
    if (strcmp(argv[2], "rated") != 0 && strcmp(argv[2], "casual") != 0) {
        srv_syntax(s, c, "'rated' or 'casual' expected");
        return;
    }
    if (strcmp(argv[2], "rated") == 0 && game_held(s, c, "create"))
        return;
    char seats[400], why[160];
    if (create_seats(v, c->name, argc - 3, argv + 3, seats, sizeof seats, why, sizeof why)) {
        srv_syntax(s, c, why);
        return;
    }
    /* A game with a seat for others waits for them; one of 'me' and engines begins at once. */
    int waits = strstr(seats, "=open") != NULL || strstr(seats, "=@") != NULL;
    if (!games_room(s, c, "create", c->name, waits, strstr(seats, "=engine:") != NULL))
        return;
    if (c->ngames >= s->cfg.limit[LIMIT_FOLLOW]) {
        srv_error(s, c, "create", "busy", "a connection follows at most %lld games: 'close' one",
                  (long long)s->cfg.limit[LIMIT_FOLLOW]);
        return;
    }
    SGame *g = game_make(s, variant, argv[1], strcmp(argv[2], "rated") == 0, seats);
    if (g == NULL)
        return;
    int64_t id = g->ng.id;
    if (!game_attach_room(s, c, g, "create")) {
        cm_error_set(&err, CM_ERR_NOMEM, 0, 0, "out of memory");
        srv_write_failed(s, &err);
        return;
    }
    srv_log(s, "game %lld: %s made it (%s %s %s)", (long long)id, c->name, variant, argv[1], seats);
    game_attach(s, c, g, -1);
    srv_sendf(s, c, "ok create %lld %lld", (long long)id, (long long)g->ng.seq);
    /* Invited players who are connected hear of it. */
    for (int i = 0; i < s->nclients; i++) {
        Client *o = s->clients[i];
        if (o != c && o->greeted && !game_client_follows(o, g) && game_involves(g, o->name) &&
            game_seats(g, o->name) == 0)
            srv_sendf(s, o, "invite %lld %s %s", (long long)id, c->name, variant);
    }
    game_maybe_start(s, g);
}

void game_req_open(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    int64_t since = -1;
    if (m->argc >= 3 && !net_int(m->argv[2], 0, INT64_MAX, &since)) {
        srv_syntax(s, c, "SEQ is an event's number");
        return;
    }
    if (!game_attach_room(s, c, g, "open"))
        return;
    if (game_attach(s, c, g, since) != 0) {
        game_detach(s, c, g);
        srv_error(s, c, "open", "store", "the game's events cannot be read now: try again");
        return;
    }
    srv_sendf(s, c, "ok open %lld %lld %s", (long long)g->ng.id, (long long)g->ng.seq,
              game_seats(g, c->name) ? "player" : "spectator");
}

void game_req_close(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    (void)m;
    game_detach(s, c, g);
    srv_sendf(s, c, "ok close %lld", (long long)g->ng.id);
}

void game_req_join(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    NetGame *ng = &g->ng;
    if (ng->status != NG_WAITING) {
        srv_error(s, c, "join", "full", "the game has begun: 'open' it to watch");
        return;
    }
    if (ng->rated && game_held(s, c, "join"))
        return;
    int seat = -1;
    if (m->argc >= 3) {
        seat = netgame_seat_by_letter(ng, m->argv[2]);
        if (seat < 0) {
            srv_syntax(s, c, "no such seat");
            return;
        }
    } else {
        for (int k = 0; k < ng->v->nseats && seat < 0; k++)
            if (ng->seat[k].kind == NG_INVITED && strcmp(ng->seat[k].name, c->name) == 0)
                seat = k;
        for (int k = 0; k < ng->v->nseats && seat < 0; k++)
            if (ng->seat[k].kind == NG_OPEN)
                seat = k;
    }
    const NgSeat *st = seat >= 0 ? &ng->seat[seat] : NULL;
    if (st == NULL ||
        !(st->kind == NG_OPEN || (st->kind == NG_INVITED && strcmp(st->name, c->name) == 0))) {
        srv_error(s, c, "join", "full", "that seat is not free for you");
        return;
    }
    int engine = 0;
    for (int k = 0; k < ng->v->nseats; k++)
        engine |= ng->seat[k].kind == NG_ENGINE;
    if (!game_plays(g, c->name) && !games_room(s, c, "join", c->name, 0, engine))
        return;
    if (!game_attach_room(s, c, g, "join"))
        return;
    int had = game_client_follows(c, g);
    if (game_emit(s, g, AUD_ALL, "seat %c %s", ng->v->seat[seat].letter, c->name) != 0)
        return;
    game_attach(s, c, g, had ? ng->seq - 1 : -1);
    game_maybe_start(s, g);
    srv_sendf(s, c, "ok join %lld %c %lld", (long long)ng->id, ng->v->seat[seat].letter,
              (long long)ng->seq);
}

void game_req_leave(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    (void)m;
    NetGame *ng = &g->ng;
    unsigned mine = game_seats(g, c->name);
    if (ng->status != NG_WAITING) {
        srv_error(s, c, "leave", "denied", "it has begun: resign");
        return;
    }
    for (int seat = 0; seat < ng->v->nseats; seat++)
        if ((mine & (1u << seat)) &&
            game_emit(s, g, AUD_ALL, "seat %c open", ng->v->seat[seat].letter) != 0)
            return;
    int people = 0;
    for (int seat = 0; seat < ng->v->nseats; seat++)
        people += ng->seat[seat].kind == NG_PLAYER;
    if (people == 0 && game_end(s, g, -1, "aborted", "The game was given up before it began.") != 0)
        return;
    /* A connection that follows the game goes on following it, now as a spectator. */
    srv_sendf(s, c, "ok leave %lld", (long long)ng->id);
}

void game_req_move(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    NetGame *ng = &g->ng;
    const char *const *argv = m->argv;
    int64_t ply, think;
    if (!net_int(argv[2], 0, 10000000, &ply) || !net_move_id_ok(argv[3]) ||
        !net_int(argv[5], 0, INT64_C(1) << 40, &think)) {
        srv_syntax(s, c, NULL);
        return;
    }
    unsigned mine = game_seats(g, c->name);
    /* A move sent twice (a client that lost its connection before the answer) is played
     * once: the same id at the ply it named is answered again. */
    if (ply < ng->g.n && strcmp(ng->move_id[ply], argv[3]) == 0 &&
        (mine & (1u << ng->g.ply[ply].seat))) {
        srv_sendf(s, c, "ok move %lld %lld again", (long long)ng->id, (long long)ply);
        return;
    }
    if (ng->status != NG_PLAYING) {
        srv_error(s, c, "move", "over",
                  ng->status == NG_OVER ? "the game is over" : "the game has not begun");
        return;
    }
    if (ply != ng->g.n) {
        srv_error(s, c, "move", "stale", "the game is at ply %d, not %lld", ng->g.n,
                  (long long)ply);
        return;
    }
    int seat = ng->g.pos.to_move;
    if (!(mine & (1u << seat))) {
        srv_error(s, c, "move", "not-your-turn", "%s is to move", ng->v->seat[seat].name);
        return;
    }
    CmMove mv;
    CmError err;
    cm_error_init(&err, NULL);
    if (cm_move_parse(&ng->g.pos, argv[4], &mv, &err) != CM_OK) {
        char clean[CM_MOVE_TEXT_MAX];
        net_text_clean(argv[4], strlen(argv[4]), clean, sizeof clean);
        srv_error(s, c, "move", "illegal", "'%s': %s", clean, err.msg);
        return;
    }
    if (!srv_store_up(s)) {
        s->refused = 1;
        return;
    }
    if (g->engine >= 0) {
        /* An engine thinking about a draw offer: the move ends the offer. */
        engine_thread_cancel(s->eng[g->engine], g->ticket);
        s->eng_game[g->engine] = NULL;
        g->engine = -1;
    }
    int r = game_play(s, g, &mv, argv[3], think);
    if (r == 0)
        srv_sendf(s, c, "ok move %lld %lld", (long long)ng->id, (long long)ply);
    else if (r == 1 && ng->status == NG_OVER)
        srv_error(s, c, "move", "over", "your time ran out before the move came");
}

static void req_offer(Server *s, Client *c, SGame *g, NgOfferKind kind, const char *verb)
{
    NetGame *ng = &g->ng;
    unsigned mine = game_seats(g, c->name);
    if (ng->status != NG_PLAYING) {
        srv_error(s, c, verb, "over", "the game is not going on");
        return;
    }
    if (ng->offer != NG_OFFER_NONE) {
        srv_error(s, c, verb, "offer", "a %s offer waits for its answer",
                  netgame_offer_name(ng->offer));
        return;
    }
    /* The seat that speaks: the one to move when it is theirs, else their first. */
    int seat = mine & (1u << ng->g.pos.to_move) ? ng->g.pos.to_move : __builtin_ctz(mine);
    if (kind == NG_OFFER_TAKEBACK && game_takeback_ply(g, mine) < 0) {
        srv_error(s, c, verb, "denied", "you have played no move to take back");
        return;
    }
    /* A resignation waits for the partners who are other people (game_offer_settle): alone, or
     * with an engine as partner, it is at once. */
    if (game_emit(s, g, AUD_ALL, "offer %s %c", netgame_offer_name(kind),
                  ng->v->seat[seat].letter) != 0)
        return;
    srv_sendf(s, c, "ok %s %lld", verb, (long long)ng->id);
    game_offer_settle(s, g);
}

void game_req_draw(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    (void)m;
    req_offer(s, c, g, NG_OFFER_DRAW, "draw");
}

void game_req_takeback(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    (void)m;
    req_offer(s, c, g, NG_OFFER_TAKEBACK, "takeback");
}

void game_req_resign(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    (void)m;
    req_offer(s, c, g, NG_OFFER_RESIGN, "resign");
}

void game_req_answer(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    NetGame *ng = &g->ng;
    int yes;
    if (!net_yes_no(m->argv[2], &yes)) {
        srv_syntax(s, c, NULL);
        return;
    }
    if (ng->offer == NG_OFFER_NONE || ng->status != NG_PLAYING) {
        srv_error(s, c, "answer", "offer", "no offer waits for an answer");
        return;
    }
    unsigned ask = game_offer_needs(g) & ~ng->offer_yes & game_seats(g, c->name);
    if (ask == 0) {
        srv_error(s, c, "answer", "denied", "the offer does not wait for you");
        return;
    }
    for (int seat = 0; seat < ng->v->nseats && ng->offer != NG_OFFER_NONE; seat++)
        if ((ask & (1u << seat)) && game_emit(s, g, AUD_ALL, "answer %c %s",
                                              ng->v->seat[seat].letter, yes ? "yes" : "no") != 0)
            return;
    srv_sendf(s, c, "ok answer %lld", (long long)ng->id);
    game_offer_settle(s, g);
}

void game_req_claim(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    NetGame *ng = &g->ng;
    const CmVariant *v = ng->v;
    unsigned mine = game_seats(g, c->name);
    if (ng->status != NG_PLAYING) {
        srv_error(s, c, "claim", "denied", "the game is not going on");
        return;
    }
    int seat = ng->g.pos.to_move;
    const NgSeat *st = &ng->seat[seat];
    char gone[NET_NAME_MAX + 1];
    snprintf(gone, sizeof gone, "%s", st->name);
    int64_t wait = netgame_claim_ms(ng, s->cfg.claim_ms);
    if (ng->days > 0 || st->kind != NG_PLAYER || (mine & (1u << seat)) || g->gone_at[seat] == 0 ||
        (int64_t)(s->now - g->gone_at[seat]) < wait) {
        int64_t away = st->kind == NG_PLAYER && g->gone_at[seat]
                           ? (int64_t)(s->now - g->gone_at[seat]) / 1000
                           : 0;
        srv_error(s, c, "claim", "denied",
                  "only when the player to move has been gone %lld s in a game of this clock "
                  "(now %lld s; correspondence games have their deadline instead)",
                  (long long)(wait / 1000), (long long)away);
        return;
    }
    const char *how = m->argc >= 3 ? m->argv[2] : (v->nteams == 2 ? "win" : "engine");
    if (strcmp(how, "engine") == 0) {
        if (v->nseats <= 2) {
            srv_error(s, c, "claim", "denied", "in a game of two the claim is 'win'");
            return;
        }
        if (game_emit(s, g, AUD_ALL, "engine %c %d", v->seat[seat].letter, SETUP_DEFAULT_LEVEL) !=
                0 ||
            game_walked(s, g, gone) != 0)
            return;
    } else if (strcmp(how, "win") == 0 && v->nteams == 2 &&
               v->seat[seat].team != v->seat[__builtin_ctz(mine)].team) {
        char sentence[200], won[96];
        int winner = 1 - v->seat[seat].team;
        text_seat_names(v, v->team_seats[winner], won, sizeof won);
        snprintf(sentence, sizeof sentence, "%s left the game. %s win%s.", v->seat[seat].name, won,
                 __builtin_popcount(v->team_seats[winner]) > 1 ? "" : "s");
        if (game_end(s, g, winner, "abandoned", sentence) != 0 || game_walked(s, g, gone) != 0)
            return;
    } else {
        srv_error(s, c, "claim", "denied",
                  "claim GAME win (the other team wins) or claim GAME engine (four seats: the "
                  "engine plays the seat)");
        return;
    }
    srv_sendf(s, c, "ok claim %lld", (long long)ng->id);
}

void game_req_say(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    if (m->argc < 3 || !net_chat_ok(m->rest[2])) {
        srv_error(s, c, "say", "bad-text",
                  "say GAME TEXT: 1 to %d bytes of text that can be shown (no control characters)",
                  NET_TEXT_MAX);
        return;
    }
    if (c->muted) {
        srv_error(s, c, "say", "denied", "the host of this server has muted you");
        return;
    }
    const NetGame *ng = &g->ng;
    int player = game_seats(g, c->name) != 0;
    /* The players' chat and the watchers' are counted apart: watchers cannot silence the
     * players. */
    if (ng->nchat[player ? 0 : 1] >= s->cfg.limit[LIMIT_GAME_CHAT]) {
        srv_error(
            s, c, "say", "busy", "this game keeps at most %lld chat messages of %s; it has them",
            (long long)s->cfg.limit[LIMIT_GAME_CHAT], player ? "its players" : "its watchers");
        return;
    }
    int64_t day = s->utc / 86400;
    int sent = 0;
    CmError err;
    cm_error_init(&err, NULL);
    if (store_chat_count(s->store, c->name, day, &sent, &err) != CM_OK) {
        srv_error(s, c, "say", "store", "%s", err.msg);
        return;
    }
    if (sent >= s->cfg.limit[LIMIT_DAY_CHAT]) {
        srv_error(s, c, "say", "busy",
                  "a player may send %lld chat messages a day (UTC) on this server; you have",
                  (long long)s->cfg.limit[LIMIT_DAY_CHAT]);
        return;
    }
    if (game_emit(s, g, player ? AUD_PLAYERS : AUD_SPECTATORS, "%s %s %s",
                  player ? "chat" : "kibitz", c->name, m->rest[2]) != 0)
        return;
    if (store_chat_add(s->store, c->name, day, s->utc, &err) != CM_OK) {
        srv_write_failed(s, &err);
        return;
    }
    srv_sendf(s, c, "ok say %lld", (long long)g->ng.id);
}

void game_req_export(Server *s, Client *c, SGame *g, const NetMsg *m)
{
    (void)m;
    char *rec = netgame_record(&g->ng, s->cfg.site);
    if (rec == NULL) {
        srv_error(s, c, "export", "busy", "out of memory");
        return;
    }
    int n = 0;
    for (char *line = rec; *line != '\0';) {
        char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        srv_sendf(s, c, "record %.*s", (int)len, line);
        n++;
        line += len + (nl != NULL);
    }
    free(rec);
    srv_sendf(s, c, "ok export %lld %d", (long long)g->ng.id, n);
}
