/* The 'online' command: games on a server, one command a line (for scripts, tests and screen
 * readers). The game it plays or watches is a session whose game lives on the server, the same
 * session the screen is handed; the lobby's answers are printed as they come.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "camelot/notation.h"
#include "cli.h"
#include "net/conn.h"
#include "session/clock.h"
#include "session/lobby.h"
#include "session/news.h"
#include "session/remote.h"
#include "session/text.h"

const char cli_online_usage[] = "online [--server SOCKET|ssh://[USER@]HOST[:PORT]] [--text]";
const char cli_online_help[] =
    "Plays on a server ('camelot serve'). On a terminal this is the full screen:\n"
    "the lobby (your games, those with a free seat, those to watch, the ratings;\n"
    "Enter plays, joins or watches, n makes a game, ? lists the keys), and each\n"
    "game on the board as at one keyboard, with chat (c), offers (D, u, R), claims\n"
    "(C) and, after it, a rematch (m). Otherwise, or with --text, it lists its\n"
    "games, makes one, takes a seat, watches, plays, chats and answers offers, one\n"
    "command a line. The connection is kept up: when it drops, it is made again\n"
    "and the game goes on where it was.\n\n"
    "  --server S   the server's socket on this machine (default: the one 'camelot\n"
    "               serve' makes), or ssh://[USER@]HOST[:PORT], which runs 'camelot\n"
    "               relay' on HOST through ssh ($CAMELOT_SSH in place of 'ssh')\n"
    "  --text       one command a line (also when the input or the output is not a\n"
    "               terminal)\n\n"
    "Commands of --text (the game is the one made, joined or opened last):\n"
    "  games                      yours, those with a free seat, those going on\n"
    "  variants                   the variants the server has\n"
    "  ratings VARIANT            the ratings table\n"
    "  history [GAME]             your games over, newest first (before GAME)\n"
    "  profile [NAME]             a player's page: ratings, whom they met\n"
    "  tourneys                   the tournaments: those to enter, going on, over\n"
    "  standings TOURNEY          a tournament's table and its rounds' games\n"
    "  crosstable TOURNEY         its crosstable: each one's games, round by round\n"
    "  enter TOURNEY [PARTNER] | withdraw TOURNEY\n"
    "                enter (fixed partners: with PARTNER, who enters with you)\n"
    "  tourney KIND VARIANT TC rated|casual ROUNDS MINUTES [engine:LEVEL ...]\n"
    "                a new tournament, beginning in MINUTES; TC as for create;\n"
    "                KIND swiss (ROUNDS 1 to 20), robin (a round robin, ROUNDS 0)\n"
    "                or rotate (a round robin of a game of four, a new partner\n"
    "                each round, ROUNDS 0)\n"
    "  create VARIANT [TC] [rated|casual] [SEAT=WHO ...]\n"
    "                a new game; TC is MINUTES+SECONDS ('10+5'), days:N\n"
    "                (correspondence) or none; WHO is me, open, engine:LEVEL or\n"
    "                @NAME (an invitation); by default you take the first seat\n"
    "                and the others are open\n"
    "  join GAME [SEAT]           take a free seat (or the one you are invited to)\n"
    "  open GAME                  play your seats in it, or watch it\n"
    "  leave                      give your seat back before the game begins\n"
    "  MOVE                       play a move in WCF notation (E6-E8, H4xJ4xL6)\n"
    "  say TEXT                   chat (players with players, watchers with\n"
    "                             watchers)\n"
    "  draw | takeback | resign   offer a draw, ask to take back, resign (each\n"
    "                             asked again first: 'yes' does it)\n"
    "  confirm on|off             whether they are asked again first\n"
    "  yes | no                   answer an offer made to you\n"
    "  claim [win|engine]         against a player to move gone too long\n"
    "  board | moves | clock      the board and clocks; the legal moves; the clocks\n"
    "  rank 8 | file E | square E8  what is there, in order\n"
    "  pieces | pieces black men  every side's pieces; one side's, of a kind\n"
    "  moves E6 | last            the moves of the piece on E6; the last move\n"
    "  export                     the game as a record\n"
    "  keys                       your keys on a public server (docs/hosting.md)\n"
    "  keycode                    a code that adds another key of yours to you\n"
    "  dropkey FINGERPRINT        removes one of your keys\n"
    "  quit\n";

enum { O_SERVER, O_TEXT, O_COUNT };

static const CliOpt online_opts[O_COUNT] = {
    [O_SERVER] = {"--server", 1, 0},
    [O_TEXT] = {"--text", 0, 0},
};

typedef struct Online {
    CliCtx *ctx;
    Remote *r;
    Session s;
    int has_game;  /* 's' is a game on the server */
    int64_t next;  /* a game to make current once its state has come, 0: none */
    NewsSeen seen; /* what was told of it */
    int leaving;   /* 'quit' or the end of the input: the answers still to come are waited for */
    unsigned bye;  /* the last 'ping byeN' sent while leaving, 0: none yet */
    unsigned long bye_sent; /* the lines sent up to it */
    int quit;               /* they came (or the wait is over): the client ends */
    /* The tournaments' tables asked for, in order (TQ_*): a crosstable's lines are collected
     * into 'cross' ('cross_open' once its 'tourn' line came), then printed whole; the others
     * as they come. Emptied when the link drops: what was asked before is not answered. */
    char standq[32];
    int nstandq;
    LobbyStandings *cross;
    int cross_open;
    CliText io;      /* the board read a line at a time (cli_look) says through it */
    int confirm;     /* a draw offer, a takeback and a resignation are asked again first */
    char asking[16]; /* the verb asked again, which 'yes' does; "" for none */
} Online;

/* ---- What the server says --------------------------------------------------------------- */

/* A ping whose pong says that every answer came; the client ends on it. Returns 0, or -1 when
 * it could not be sent (the link is down: there is nothing to wait for). */
static int say_bye(Online *o)
{
    o->bye++;
    if (remote_send(o->r, "ping bye%u", o->bye) != 0)
        return -1;
    o->bye_sent = remote_sent(o->r);
    return 0;
}

/* Another person's 'text' as it is printed after their name: every run of blank characters
 * one space, and none at either end, so that no run of spaces can push the words after it to
 * the start of a row of the terminal, where they would pass for a line of the program's own.
 * 'size' is more than the length of 'text'. Returns 'buf'. */
static const char *squeezed(const char *text, char *buf, size_t size)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t n = 0;
    int gap = 0;
    while (*s != '\0' && n + 2 < size) {
        size_t blank = net_text_space((const char *)s, strlen((const char *)s));
        if (blank > 0) {
            s += blank;
            gap = n > 0;
            continue;
        }
        if (gap)
            buf[n++] = ' ';
        gap = 0;
        buf[n++] = (char)*s++;
    }
    buf[n] = '\0';
    return buf;
}

/* The lines of a player's keys ('keys', 'keycode', 'dropkey'), in words. Returns 1 when 'm'
 * was one. */
static int keys_line(const NetMsg *m)
{
    const char *k = m->argv[0];
    if (strcmp(k, "pubkey") == 0 && m->argc >= 4 && net_key_ok(m->argv[1])) {
        int64_t added = 0;
        char day[32] = "?";
        if (net_int(m->argv[2], 0, INT64_MAX, &added)) {
            time_t t = (time_t)added;
            struct tm tm;
            if (gmtime_r(&t, &tm) != NULL)
                strftime(day, sizeof day, "%Y-%m-%d", &tm);
        }
        const char *what = m->argc >= 4 ? m->argv[3] : "-";
        cli_line("key %s, added %s%s", m->argv[1], day,
                 strcmp(what, "this") == 0     ? " (this one)"
                 : strcmp(what, "banned") == 0 ? " (banned)"
                                               : "");
        return 1;
    }
    if (strcmp(k, "ok") != 0 || m->argc < 3)
        return 0;
    if (strcmp(m->argv[1], "keycode") == 0 && m->argc >= 4) {
        cli_line("code %s: connect with the other key within %s minutes and type 'code %s' "
                 "when it asks for a name.",
                 m->argv[2], m->argv[3], m->argv[2]);
        return 1;
    }
    if (strcmp(m->argv[1], "dropkey") == 0 && net_key_ok(m->argv[2])) {
        cli_line("key %s removed.", m->argv[2]);
        return 1;
    }
    return 0;
}

/* The lines of a player's history ('history', and at 'hello' the games that ended while
 * they were away), in words. Returns 1 when 'm' was one. */
static int history_line(const NetMsg *m)
{
    LobbyPast p;
    char text[400];
    if (lobby_past_read(m, &p) == 0) {
        lobby_past_text(&p, text, sizeof text);
        if (strcmp(m->argv[0], "ended") == 0) {
            cli_line("while you were away, %s.", text);
        } else {
            char when[32] = "?";
            time_t t = (time_t)p.ended;
            struct tm tm;
            if (gmtime_r(&t, &tm) != NULL)
                strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
            cli_line("%s UTC, %s.", when, text);
        }
        return 1;
    }
    int64_t n;
    if (strcmp(m->argv[0], "ok") == 0 && m->argc >= 3 && strcmp(m->argv[1], "history") == 0 &&
        net_int(m->argv[2], 0, INT32_MAX, &n)) {
        if (m->argc >= 4 && strcmp(m->argv[3], "more") == 0)
            cli_line("%lld games over shown, the newest first; 'history GAME' shows those before "
                     "game GAME.",
                     (long long)n);
        else
            cli_line("%lld game%s over.", (long long)n, n == 1 ? "" : "s");
        return 1;
    }
    return 0;
}

/* The lines of a player's page ('profile'), in words. Returns 1 when 'm' was one. */
static int profile_line(const NetMsg *m)
{
    LobbyProfile p;
    memset(&p, 0, sizeof p);
    if (lobby_profile_read(m, &p) != 0)
        return 0;
    if (p.name[0]) {
        char day[32] = "?";
        time_t t = (time_t)p.joined;
        struct tm tm;
        if (p.joined > 0 && gmtime_r(&t, &tm) != NULL)
            strftime(day, sizeof day, "%Y-%m-%d", &tm);
        cli_line("%s: here since %s, %d%s game%s over.", p.name, day, p.games,
                 p.games >= LOBBY_PROFILE_GAMES ? " or more" : "", p.games == 1 ? "" : "s");
    } else if (p.nstandings == 1) {
        cli_line("  %s: rating %d (+-%d), %d rated game%s.", p.standing[0].variant,
                 p.standing[0].rating, p.standing[0].rd, p.standing[0].games,
                 p.standing[0].games == 1 ? "" : "s");
    } else if (p.nversus == 1) {
        cli_line("  against %s: won %d, drew %d, lost %d.", p.versus[0].name, p.versus[0].won,
                 p.versus[0].drawn, p.versus[0].lost);
    }
    return 1;
}

enum { TQ_STANDINGS, TQ_CROSS, TQ_LIST };

static void standq_pop(Online *o)
{
    if (o->nstandq > 0)
        memmove(o->standq, o->standq + 1, (size_t)--o->nstandq);
    o->cross_open = 0;
}

/* The lines of tournaments ('tourn', 'place', 'pairing', their answers and news), in words.
 * Returns 1 when 'm' was one. */
static int tourney_line(Online *o, const NetMsg *m)
{
    /* The entrants of the standings being told, by number, for their pairings. */
    static char names[LOBBY_PLACES_MAX][LOBBY_WHO_MAX + 1];
    const char *k = m->argv[0];
    char text[300], a[16], b[16], c[24];
    LobbyTourn t;
    LobbyPlace p;
    LobbyPairing g;
    int crossing = o->nstandq > 0 && o->standq[0] == TQ_CROSS && o->cross != NULL;
    if (m->argc >= 2 && strcmp(k, "error") == 0 &&
        (strcmp(m->argv[1], "standings") == 0 || strcmp(m->argv[1], "tourneys") == 0))
        standq_pop(o); /* told as any refusal */
    if (crossing) {
        /* A crosstable asked for: its lines are kept, and printed at the answer. */
        LobbyStandings *x = o->cross;
        if (lobby_tourn_read(m, &t) == 0 && !o->cross_open) {
            memset(x, 0, sizeof *x);
            x->t = t;
            o->cross_open = 1;
            return 1;
        }
        /* Nothing of it counts before its 'tourn' line. */
        if (o->cross_open && lobby_place_read(m, &p) == 0) {
            if (x->nplaces < LOBBY_PLACES_MAX)
                x->place[x->nplaces++] = p;
            return 1;
        }
        if (o->cross_open && lobby_pairing_read(m, &g) == 0) {
            if (x->npairings < LOBBY_PAIRINGS_MAX)
                x->pairing[x->npairings++] = g;
            return 1;
        }
    }
    if (lobby_tourn_read(m, &t) == 0) {
        lobby_tourn_state(&t, text, sizeof text);
        cli_line("tournament %lld: %s, of %s, %s, %s; %s; %d entrant%s, made by %s%s.",
                 (long long)t.id, lobby_kind_name(&t), t.variant, t.tc,
                 t.rated ? "rated" : "casual", text, t.entrants, t.entrants == 1 ? "" : "s",
                 t.creator,
                 t.in == 1   ? "; you are in"
                 : t.in == 2 ? "; a partner asks you to enter"
                             : "");
        memset(names, 0, sizeof names);
        return 1;
    }
    if (lobby_place_read(m, &p) == 0) {
        if (p.entrant < LOBBY_PLACES_MAX)
            snprintf(names[p.entrant], sizeof names[0], "%s", p.who);
        lobby_halves_text(p.score, a, sizeof a);
        lobby_halves_text(p.buchholz, b, sizeof b);
        lobby_quarters_text(p.sb, c, sizeof c);
        cli_line("  %d. %s (%d): %s points, Buchholz %s, Sonneborn-Berger %s; won %d, drew %d, "
                 "lost %d%s%s",
                 p.rank, p.who, p.rating, a, b, c, p.won, p.drawn, p.lost, p.byes ? ", a bye" : "",
                 p.withdrawn ? "; withdrawn" : "");
        return 1;
    }
    if (lobby_pairing_read(m, &g) == 0) {
        static const char *const results[] = {"0-1", "1/2", "1-0"};
        const char *white = names[g.white][0] ? names[g.white] : "?";
        if (g.black < 0) {
            cli_line("  round %d: %s has a bye", g.round, white);
            return 1;
        }
        const char *black = names[g.black][0] ? names[g.black] : "?";
        if (g.white2 >= 0 && g.black2 >= 0) {
            /* Changing partnerships: two a side. */
            cli_line("  round %d, game %lld: %s+%s - %s+%s %s", g.round, (long long)g.game, white,
                     names[g.white2][0] ? names[g.white2] : "?", black,
                     names[g.black2][0] ? names[g.black2] : "?",
                     g.result >= 0 ? results[g.result] : "(going on)");
            return 1;
        }
        cli_line("  round %d, game %lld: %s - %s %s", g.round, (long long)g.game, white, black,
                 g.result >= 0 ? results[g.result] : "(going on)");
        return 1;
    }
    if (lobby_tnews_text(m, text, sizeof text) == 0) {
        cli_line("%s", text);
        return 1;
    }
    int64_t id, count;
    if (strcmp(k, "ok") != 0 || m->argc < 3)
        return 0;
    if (strcmp(m->argv[1], "tourneys") == 0 && net_int(m->argv[2], 0, INT32_MAX, &count)) {
        if (o->nstandq > 0 && o->standq[0] == TQ_LIST)
            standq_pop(o);
        cli_line(count == 0 ? "no tournaments: 'tourney ...' makes one." : "%lld tournament%s.",
                 (long long)count, count == 1 ? "" : "s");
        return 1;
    }
    if (!net_game_id(m->argv[2], &id))
        return 0;
    if (strcmp(m->argv[1], "standings") == 0) {
        crossing = crossing && o->cross_open;
        standq_pop(o);
        char *table = crossing ? lobby_crosstable(o->cross) : NULL;
        if (crossing && table == NULL)
            cli_line("refused: out of memory");
        else if (table != NULL)
            cli_line("%.*s", (int)strlen(table) - 1, table); /* its last newline */
        free(table);
        return 1;
    }
    if (strcmp(m->argv[1], "tourney") == 0)
        cli_line("tournament %lld made; players join it with 'enter %lld'.", (long long)id,
                 (long long)id);
    else if (strcmp(m->argv[1], "enter") == 0 && m->argc >= 5 && strcmp(m->argv[4], "partner") == 0)
        cli_line("tournament %lld: your partnership waits for your partner to enter with you.",
                 (long long)id);
    else if (strcmp(m->argv[1], "enter") == 0)
        cli_line("you are in tournament %lld (%s entrants).", (long long)id,
                 m->argc >= 4 ? m->argv[3] : "?");
    else if (strcmp(m->argv[1], "withdraw") == 0)
        cli_line("you have withdrawn from tournament %lld.", (long long)id);
    else
        return 0;
    return 1;
}

static void lobby_line(void *ud, const NetMsg *m)
{
    Online *o = ud;
    const char *k = m->argv[0];
    char clean[NET_LINE_MAX + 1];
    if (keys_line(m) || history_line(m) || profile_line(m) || tourney_line(o, m))
        return;
    LobbyAnswer a;
    if (lobby_answer_read(m, &a) == 0) {
        const char *verb = a.verb;
        int64_t id = a.id, n = a.count;
        if (id != 0 && strcmp(verb, "leave") != 0) {
            /* The client opens its games again after a reconnection: the current one is told
             * what it missed, not the whole game again. */
            if (strcmp(verb, "open") == 0 && o->has_game && o->s.net_game == id)
                return;
            o->next = id;
            if (remote_game(o->r, id) == NULL)
                remote_follow(o->r, id);
            if (strcmp(verb, "create") == 0)
                cli_line("game %lld made.", (long long)id);
        } else if (n >= 0) {
            /* "3 games.", "8 variants.", "1 rating." */
            size_t len = strlen(verb);
            cli_line("%lld %.*s.", (long long)n, (int)(n == 1 && len > 0 ? len - 1 : len), verb);
        }
        return;
    }
    const char *verb, *code;
    if (lobby_refusal_read(m, &verb, &code, clean, sizeof clean) == 0) {
        cli_line("refused (%s): %s", code, clean);
        return;
    }
    if (strcmp(k, "record") == 0) {
        const char *text = m->argc >= 2 ? m->rest[1] : "";
        cli_line("%s", net_text_clean(text, strlen(text), clean, sizeof clean));
        return;
    }
    LobbyInvite inv;
    if (lobby_invite_read(m, &inv) == 0) {
        /* Of this line only the name at its start is another person's choice, and a name is
         * one word of letters, digits, '_', '-' and '.'. */
        cli_line("%s invites you to game %lld (%s): 'join %lld'.", inv.from, (long long)inv.id,
                 inv.variant, (long long)inv.id);
        return;
    }
    /* The server answers in order: the pong of the last line sent means every answer came;
     * what an answer made the client send meanwhile ('open' after 'ok create') is waited for
     * with a ping of its own. */
    char bye[24];
    snprintf(bye, sizeof bye, "bye%u", o->bye);
    if (strcmp(k, "pong") == 0 && m->argc == 2 && o->bye != 0 && strcmp(m->argv[1], bye) == 0) {
        if (remote_sent(o->r) == o->bye_sent)
            o->quit = 1;
        else
            say_bye(o);
    }
    if (strcmp(k, "pong") == 0 || strcmp(k, "ok") == 0)
        return;
    LobbyGame g;
    if (strcmp(k, "game") == 0 && lobby_game_read(m, remote_name(o->r), &g) == 0) {
        /* The list of games in words, read as the screen's lobby reads it. */
        lobby_game_words(&g, clean, sizeof clean);
        cli_line("%s", clean);
        return;
    }
    if (strcmp(k, "notice") == 0 && m->argc >= 2) {
        cli_line("the host of the server says: %s",
                 net_text_clean(m->rest[1], strlen(m->rest[1]), clean, sizeof clean));
        return;
    }
    /* 'variant', 'rating' and anything new: as the server said it. */
    cli_line("%s", net_text_clean(m->line, strlen(m->line), clean, sizeof clean));
}

/* One piece of news of the current game, as a line. */
static void tell_one(void *ud, const News *n)
{
    Online *o = ud;
    const Session *s = &o->s;
    char who[96];
    if (n->seat >= 0)
        news_seat(s, n->seat, who, sizeof who);
    switch (n->kind) {
    case NEWS_LINK:
        o->nstandq = 0; /* the tables asked for before it dropped are not answered */
        cli_line("%s", n->up ? "connected again." : n->text);
        break;
    case NEWS_REFUSED:
        cli_line("refused: %s", n->text);
        break;
    case NEWS_TAKEN_BACK:
        if (n->from >= 0) {
            char took[240];
            cli_line("moves taken back (%s): the game is at move %d.",
                     news_takeback_who(s, n->from, took, sizeof took), n->ply / s->v->nseats + 1);
        } else {
            cli_line("moves taken back: the game is at move %d.", n->ply / s->v->nseats + 1);
        }
        break;
    case NEWS_MOVE:
        cli_line("%s plays %s.", who, n->text);
        break;
    case NEWS_PRESENCE:
        cli_line("%s %s.", who, n->up ? "is back" : "has lost the connection to the game");
        break;
    case NEWS_CHAT: {
        /* Each line of chat begins with its writer's name and "says:" and holds no run of
         * spaces: nothing in it can pass for a line of the program's own. */
        char said[NET_TEXT_MAX + 2];
        squeezed(n->text, said, sizeof said);
        cli_line("%s%s says:%s%s", n->name, n->watching ? " (watching)" : "", said[0] ? " " : "",
                 said);
        break;
    }
    case NEWS_BEGINS:
        cli_line("every seat is taken: the game begins.");
        break;
    case NEWS_OFFER:
        /* A resignation that no partner had to agree to is over as it is made: its end says
         * it (a game of two has no team to resign for). */
        if (n->offer != NG_OFFER_RESIGN || n->up)
            cli_line("%s %s.", who, news_offer_words(n->offer, 0));
        break;
    case NEWS_ACCEPT:
        cli_line("%s accepts.", who);
        break;
    case NEWS_DECLINE:
        cli_line("%s declines%s%s.", who, n->text ? ": " : "", n->text ? n->text : "");
        break;
    case NEWS_OFFER_OVER:
        cli_line("the offer is over.");
        break;
    case NEWS_OVER: {
        cli_line("game over: %s", n->text);
        const RemoteGame *g = session_remote_game(s);
        if (g != NULL && netgame_unrated_early(&g->ng))
            cli_line("not rated: it ended before every seat had moved.");
        break;
    }
    case NEWS_RATING:
        cli_line("%s's rating: %lld -> %lld (%+lld).", n->name, (long long)n->old_rating,
                 (long long)n->new_rating, (long long)(n->new_rating - n->old_rating));
        break;
    }
}

/* Tells what changed in the game: moves, players, chat, offers and answers, the end. */
static void tell(Online *o, unsigned ev)
{
    Session *s = &o->s;
    RemoteGame *g = session_remote_game(s);
    if (g == NULL)
        return;
    session_news(s, ev, &o->seen, tell_one, o);
    if (g->ng.offer != NG_OFFER_NONE && s->offer_asking >= 0 && (ev & SESSION_EV_OFFER))
        cli_line("answer with 'yes' or 'no'.");
    if (g->ng.status == NG_PLAYING && (ev & SESSION_EV_MOVED) && session_human_to_move(s) &&
        !g->pending) {
        char who[96];
        cli_line("your move: %s.", news_seat(s, s->g.pos.to_move, who, sizeof who));
    }
}

/* Makes game 'id' (its state come) the one commands are about. */
static void make_current(Online *o, int64_t id)
{
    RemoteGame *g = remote_game(o->r, id);
    if (g == NULL || g->syncing || g->ng.v == NULL)
        return;
    int same = o->has_game && o->s.net_game == id;
    CmError err;
    cm_error_init(&err, NULL);
    if (session_start_remote(&o->s, o->r, id, &err) != CM_OK) {
        cli_line("refused: %s", err.msg);
        o->next = 0;
        return;
    }
    o->has_game = 1;
    o->next = 0;
    if (same) {
        /* Opened again: what was told stays told. */
        tell(o, SESSION_EV_MOVED | SESSION_EV_OFFER | SESSION_EV_CHAT);
        return;
    }
    news_start(&o->seen, &o->s, 1);
    NetGame *ng = &g->ng;
    char seats[400], tc[32];
    netgame_seats_text(ng, seats, sizeof seats);
    netgame_tc_text(ng, tc, sizeof tc);
    cli_line("game %lld: %s, %s, %s, %s; %s.", (long long)id, ng->variant, tc,
             ng->rated ? "rated" : "casual", seats, g->spectator ? "you watch it" : "you play it");
    tell(o, SESSION_EV_MOVED | SESSION_EV_OFFER | SESSION_EV_CHAT);
}

/* ---- Commands ------------------------------------------------------------------------------ */

/* A time control as a player types it (minutes, as the local game takes it: '10+5', days:N,
 * none) as the server writes it (seconds) into 'buf'. Returns 0, or -1 (said). */
static int server_tc(const char *tc, char *buf, size_t size)
{
    int64_t base, inc;
    if (strcmp(tc, "none") == 0 || strncmp(tc, "days:", 5) == 0) {
        snprintf(buf, size, "%s", tc);
        return 0;
    }
    if (setup_parse_time(tc, &base, &inc) != 0) {
        cli_line("refused: a time control is MINUTES+SECONDS ('10+5'), days:N or none");
        return -1;
    }
    snprintf(buf, size, "%lld+%lld", (long long)((base + 999) / 1000), (long long)(inc / 1000));
    return 0;
}

/* 'tourney swiss|robin VARIANT TC rated|casual ROUNDS MINUTES [engine:LEVEL ...]'. */
static void cmd_tourney(Online *o, char **w, int n)
{
    int64_t minutes;
    char tc[64], engines[200] = "";
    if (n < 7 || !net_int(w[6], 0, 30 * 1440, &minutes)) {
        cli_line("usage: tourney swiss|robin|rotate VARIANT TC rated|casual ROUNDS MINUTES "
                 "[engine:LEVEL ...] (MINUTES from now, 0 to 43200)");
        return;
    }
    if (server_tc(w[3], tc, sizeof tc) != 0)
        return;
    size_t len = 0;
    for (int i = 7; i < n && len < sizeof engines - 1; i++)
        len += (size_t)snprintf(engines + len, sizeof engines - len, " %.20s", w[i]);
    if (remote_send(o->r, "tourney %s %s %s %s %s +%lld%s", w[1], w[2], tc, w[4], w[5],
                    (long long)(minutes * 60), engines) != 0)
        cli_line("not connected: %s", remote_status(o->r));
}

static void cmd_create(Online *o, char **w, int n)
{
    if (n < 2) {
        cli_line("usage: create VARIANT [TC] [rated|casual] [SEAT=WHO ...]");
        return;
    }
    const char *tc = "none", *rated = "casual";
    char seats[600] = "";
    size_t len = 0;
    for (int i = 2; i < n; i++) {
        if (strcmp(w[i], "rated") == 0 || strcmp(w[i], "casual") == 0) {
            rated = w[i];
        } else if (strchr(w[i], '=') != NULL) {
            len += (size_t)snprintf(seats + len, sizeof seats - len, " %s", w[i]);
            if (len >= sizeof seats)
                len = sizeof seats - 1;
        } else {
            tc = w[i];
        }
    }
    /* A time control in minutes, as the local game takes it; the server counts seconds. */
    char tcs[64];
    if (server_tc(tc, tcs, sizeof tcs) != 0)
        return;
    tc = tcs;
    if (len == 0) {
        /* You take the first seat; the others are open. */
        CmError err;
        const CmVariant *v = catalog_get(&o->ctx->catalog, w[1], NULL, &err);
        if (v == NULL) {
            cli_line("refused: no variant '%s' here (the server may still have it: give the "
                     "seats, as W=me B=open)",
                     w[1]);
            return;
        }
        for (int seat = 0; seat < v->nseats; seat++)
            len += (size_t)snprintf(seats + len, sizeof seats - len, " %c=%s", v->seat[seat].letter,
                                    seat == 0 ? "me" : "open");
    }
    remote_send(o->r, "create %s %s %s%s", w[1], tc, rated, seats);
}

/* The current game's id, or 0 with a word said. */
static int64_t current(Online *o)
{
    if (!o->has_game) {
        cli_line("no game: 'create', 'join' or 'open' one first ('games' lists them)");
        return 0;
    }
    return o->s.net_game;
}

static void cmd_move(Online *o, const char *text)
{
    if (current(o) == 0)
        return;
    Session *s = &o->s;
    RemoteGame *g = session_remote_game(s);
    if (g->spectator) {
        cli_line("refused: you are watching this game");
        return;
    }
    if (g->ng.status != NG_PLAYING) {
        cli_line("refused: the game %s", g->ng.status == NG_OVER ? "is over" : "has not begun");
        return;
    }
    if (!session_human_to_move(s)) {
        cli_line("refused: it is %s's turn", s->v->seat[s->g.pos.to_move].name);
        return;
    }
    if (g->pending) {
        cli_line("refused: your move waits for the server's answer");
        return;
    }
    CmMove m;
    CmError err;
    cm_error_init(&err, NULL);
    if (cm_move_parse(&s->g.pos, text, &m, &err) != CM_OK) {
        char clean[CM_MOVE_TEXT_MAX];
        net_text_clean(text, strlen(text), clean, sizeof clean);
        cli_line("illegal move '%s': %s", clean, err.msg);
        return;
    }
    if (session_play(s, &m, clock_ms()) != CM_OK)
        cli_line("refused: that cannot be played now");
}

static void cmd_game(Online *o, const char *verb, const char *arg)
{
    int64_t id = current(o);
    if (id == 0)
        return;
    CmError err;
    cm_error_init(&err, NULL);
    CmStatus st = CM_OK;
    if (strcmp(verb, "say") == 0)
        st = session_say(&o->s, arg, &err);
    else if (strcmp(verb, "takeback") == 0)
        st = session_ask_takeback(&o->s, &err);
    else if (strcmp(verb, "claim") == 0)
        st = session_claim(&o->s, arg, &err);
    else if (strcmp(verb, "draw") == 0)
        st = session_offer_draw(&o->s, clock_ms()) == CM_OK
                 ? CM_OK
                 : cm_error_set(&err, CM_ERR_ILLEGAL, 0, 0,
                                "an offer waits already, or the "
                                "game is not going on");
    else if (strcmp(verb, "resign") == 0) {
        int seat = session_resigner(&o->s);
        st = seat >= 0 && session_resign(&o->s, seat, clock_ms()) == CM_OK
                 ? CM_OK
                 : cm_error_set(&err, CM_ERR_ILLEGAL, 0, 0, "you play no seat in a game going on");
    } else if (strcmp(verb, "yes") == 0 || strcmp(verb, "no") == 0) {
        st = session_answer_draw(&o->s, verb[0] == 'y', clock_ms()) == CM_OK
                 ? CM_OK
                 : cm_error_set(&err, CM_ERR_ILLEGAL, 0, 0, "no offer waits for your answer");
    } else if (strcmp(verb, "leave") == 0 || strcmp(verb, "export") == 0) {
        if (remote_send(o->r, "%s %lld", verb, (long long)id) != 0)
            st = cm_error_set(&err, CM_ERR_IO, 0, 0, "not connected: %s", remote_status(o->r));
    }
    if (st != CM_OK)
        cli_line("refused: %s", err.msg);
}

/* After the board: each seat's clock, or the deadline of the seat to move. Returns 0 when
 * the game has neither (or is not going on). */
static int board_clocks(Online *o)
{
    const Session *s = &o->s;
    const RemoteGame *g = session_remote_game(s);
    char who[96], left[32], line[600];
    if (g == NULL || g->ng.v == NULL || g->ng.status != NG_PLAYING)
        return 0;
    if (s->setup.time_base_ms > 0) {
        size_t len = (size_t)snprintf(line, sizeof line, "clocks:");
        for (int seat = 0; seat < g->ng.v->nseats && len < sizeof line; seat++) {
            news_seat(s, seat, who, sizeof who);
            text_clock(session_clock_left(s, seat, clock_ms()), left, sizeof left);
            len += (size_t)snprintf(line + len, sizeof line - len, "%s %s %s", seat ? "," : "", who,
                                    left);
        }
        cli_line("%s.", line);
    } else if (g->ng.days > 0 && g->ng.deadline > 0) {
        news_seat(s, s->g.pos.to_move, who, sizeof who);
        text_until(g->ng.deadline, clock_utc(), left, sizeof left);
        cli_line("%s to move within %s.", who, left);
    } else {
        return 0;
    }
    return 1;
}

/* 'draw', 'takeback' or 'resign' while 'confirm' is on: asked again, 'yes' the next line does
 * it. Nothing is asked when there is no game to do it in. */
static void ask_again(Online *o, const char *verb)
{
    if (current(o) == 0)
        return;
    snprintf(o->asking, sizeof o->asking, "%s", verb);
    cli_line("%s? Type 'yes' to %s, anything else does not.",
             strcmp(verb, "draw") == 0       ? "Offer a draw"
             : strcmp(verb, "takeback") == 0 ? "Ask to take back the last move"
                                             : "Resign the game",
             strcmp(verb, "draw") == 0       ? "offer it"
             : strcmp(verb, "takeback") == 0 ? "ask"
                                             : "resign");
}

/* The line after 'ask_again': 'yes' does what was asked, anything else does not (and, but for
 * 'no', is then read as a command of its own). Returns 1 when the line was the answer. */
static int answer(Online *o, const char *word, int words)
{
    char verb[sizeof o->asking];
    snprintf(verb, sizeof verb, "%s", o->asking);
    o->asking[0] = '\0';
    int yes = words == 1 && (strcmp(word, "yes") == 0 || strcmp(word, "y") == 0);
    if (yes) {
        cmd_game(o, verb, NULL);
        return 1;
    }
    cli_line("%s", strcmp(verb, "draw") == 0       ? "No draw is offered."
                   : strcmp(verb, "takeback") == 0 ? "No takeback is asked for."
                                                   : "You play on.");
    return words == 1 && (strcmp(word, "no") == 0 || strcmp(word, "n") == 0);
}

static void cmd_moves(Online *o)
{
    if (current(o) == 0)
        return;
    CliMoveText *mt;
    int n = cli_movetext(&o->s.g.pos, &mt);
    if (n < 0) {
        cli_movetext_error(n);
        return;
    }
    for (int i = 0; i < n; i++)
        cli_line("%s", mt[i].path);
    cli_line("%d legal move%s.", n, n == 1 ? "" : "s");
    cli_movetext_free(mt, n);
}

/* Splits 'line' at spaces into at most 'max' words. */
static int split(char *line, char **w, int max)
{
    int n = 0;
    for (char *p = strtok(line, " \t"); p != NULL && n < max; p = strtok(NULL, " \t"))
        w[n++] = p;
    return n;
}

static void command(Online *o, char *line)
{
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        line[--len] = '\0';
    char copy[NET_LINE_MAX + 1];
    snprintf(copy, sizeof copy, "%s", line);
    char *w[32];
    int n = split(line, w, 32);
    if (n == 0)
        return;
    const char *k = w[0];
    if (o->asking[0] && answer(o, k, n))
        return;
    if (strcmp(k, "quit") == 0 || strcmp(k, "exit") == 0) {
        o->leaving = 1;
    } else if (strcmp(k, "keys") == 0 || strcmp(k, "keycode") == 0) {
        if (remote_send(o->r, "%s", k) != 0)
            cli_line("not connected: %s", remote_status(o->r));
    } else if (strcmp(k, "dropkey") == 0 && n == 2) {
        if (!net_key_ok(w[1]))
            cli_line("refused: a key is named by its fingerprint, as 'keys' lists it");
        else if (remote_send(o->r, "dropkey %s", w[1]) != 0)
            cli_line("not connected: %s", remote_status(o->r));
    } else if (strcmp(k, "history") == 0 && n <= 2) {
        int64_t id = 0;
        if (n == 2 && !net_game_id(w[1], &id))
            cli_line("refused: 'history GAME' lists the games over before game GAME");
        else if ((id > 0 ? remote_send(o->r, "history %lld", (long long)id)
                         : remote_send(o->r, "history")) != 0)
            cli_line("not connected: %s", remote_status(o->r));
    } else if (strcmp(k, "profile") == 0 && n <= 2) {
        const char *who = n == 2 ? w[1] : remote_name(o->r);
        if (!net_name_ok(who))
            cli_line("refused: a player is named by their name");
        else if (remote_send(o->r, "profile %s", who) != 0)
            cli_line("not connected: %s", remote_status(o->r));
    } else if (strcmp(k, "tourneys") == 0 && n == 1) {
        if (o->nstandq >= (int)sizeof o->standq)
            cli_line("refused: %d tables are being asked for already", o->nstandq);
        else if (remote_send(o->r, "tourneys") != 0)
            cli_line("not connected: %s", remote_status(o->r));
        else
            o->standq[o->nstandq++] = TQ_LIST;
    } else if ((strcmp(k, "standings") == 0 || strcmp(k, "crosstable") == 0 ||
                strcmp(k, "enter") == 0 || strcmp(k, "withdraw") == 0) &&
               n == 2) {
        int64_t id;
        int cross = strcmp(k, "crosstable") == 0, asks = cross || strcmp(k, "standings") == 0;
        if (!net_game_id(w[1], &id))
            cli_line("refused: a tournament is named by its number ('tourneys' lists them)");
        else if (asks && o->nstandq >= (int)sizeof o->standq)
            cli_line("refused: %d tables are being asked for already", o->nstandq);
        else if (cross && o->cross == NULL && (o->cross = calloc(1, sizeof *o->cross)) == NULL)
            cli_line("refused: out of memory");
        else if (remote_send(o->r, "%s %lld", asks ? "standings" : k, (long long)id) != 0)
            cli_line("not connected: %s", remote_status(o->r));
        else if (asks)
            o->standq[o->nstandq++] = cross ? TQ_CROSS : TQ_STANDINGS;
    } else if (strcmp(k, "tourney") == 0) {
        cmd_tourney(o, w, n);
    } else if (strcmp(k, "games") == 0 || strcmp(k, "variants") == 0) {
        if (remote_send(o->r, "%s", k) != 0)
            cli_line("not connected: %s", remote_status(o->r));
    } else if (strcmp(k, "ratings") == 0) {
        const char *v = n >= 2 ? w[1] : o->has_game ? o->s.setup.variant : CLI_DEFAULT_VARIANT;
        remote_send(o->r, "ratings %s", v);
    } else if (strcmp(k, "create") == 0) {
        cmd_create(o, w, n);
    } else if ((strcmp(k, "join") == 0 || strcmp(k, "open") == 0 || strcmp(k, "watch") == 0) &&
               n >= 2) {
        int64_t id;
        if (!net_game_id(w[1], &id)) {
            cli_line("refused: a game is named by its number ('games' lists them)");
            return;
        }
        if (strcmp(k, "join") == 0)
            remote_send(o->r, "join %lld%s%s", (long long)id, n >= 3 ? " " : "",
                        n >= 3 ? w[2] : "");
        else
            remote_follow(o->r, id);
    } else if (strcmp(k, "say") == 0) {
        const char *text = copy + strspn(copy, " \t") + 3;
        text += strspn(text, " \t");
        cmd_game(o, "say", text);
    } else if (strcmp(k, "claim") == 0) {
        cmd_game(o, "claim", n >= 2 ? w[1] : NULL);
    } else if ((strcmp(k, "draw") == 0 || strcmp(k, "takeback") == 0 || strcmp(k, "resign") == 0) &&
               n == 1 && o->confirm) {
        ask_again(o, k);
    } else if (strcmp(k, "draw") == 0 || strcmp(k, "takeback") == 0 || strcmp(k, "resign") == 0 ||
               strcmp(k, "yes") == 0 || strcmp(k, "no") == 0 || strcmp(k, "leave") == 0 ||
               strcmp(k, "export") == 0) {
        cmd_game(o, k, NULL);
    } else if (strcmp(k, "confirm") == 0 && n <= 2) {
        if (n == 2 && strcmp(w[1], "on") != 0 && strcmp(w[1], "off") != 0)
            cli_line("usage: confirm on, or confirm off");
        else if (n == 2)
            o->confirm = strcmp(w[1], "on") == 0;
        cli_line("confirm is %s: draw, takeback and resign are %s.", o->confirm ? "on" : "off",
                 o->confirm ? "asked again first" : "done at once");
    } else if (strcmp(k, "clock") == 0 || strcmp(k, "clocks") == 0) {
        if (current(o) != 0 && !board_clocks(o))
            cli_line("no clock runs in this game now.");
    } else if ((strcmp(k, "rank") == 0 || strcmp(k, "file") == 0 || strcmp(k, "square") == 0 ||
                strcmp(k, "pieces") == 0 || strcmp(k, "last") == 0 ||
                (strcmp(k, "moves") == 0 && n > 1))) {
        if (current(o) != 0 && !cli_look(&o->io, &o->s, cli_text_trim(copy)))
            cli_say_pieces(&o->io, &o->s.g.pos); /* 'pieces' alone: every side's */
    } else if (strcmp(k, "board") == 0) {
        if (current(o) != 0) {
            cli_board_print(stdout, &o->s.g.pos);
            board_clocks(o);
        }
    } else if (strcmp(k, "moves") == 0) {
        cmd_moves(o);
    } else if (strcmp(k, "move") == 0 && n >= 2) {
        cmd_move(o, w[1]);
    } else if (strcmp(k, "help") == 0) {
        fputs(strstr(cli_online_help, "Commands"), stdout);
    } else if (n == 1 && strpbrk(k, "-x^") != NULL) {
        cmd_move(o, k);
    } else {
        char clean[80];
        net_text_clean(k, strlen(k), clean, sizeof clean);
        cli_line("unknown command '%s' ('help' lists them)", clean);
    }
    /* 'board' and 'help' print without 'cli_line': their text must not wait in a pipe's buffer
     * for the next line the server brings. */
    fflush(stdout);
}

int cli_online(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    int rc =
        cli_args_parse(cli_online_usage, cli_online_help, online_opts, O_COUNT, argc, argv, &a);
    if (rc < 0 && a.nargs > 0)
        rc = cli_usage_error(cli_online_usage, "unexpected argument '%s'", a.args[0]);
    NetAddr addr;
    CmError err;
    cm_error_init(&err, NULL);
    if (rc < 0) {
        if (a.value[O_SERVER] != NULL) {
            if (net_addr_parse(a.value[O_SERVER], &addr, &err) != CM_OK)
                rc = cli_usage_error(cli_online_usage, "%s", err.msg);
        } else {
            memset(&addr, 0, sizeof addr);
            if (net_default_socket(addr.path, sizeof addr.path, &err) != CM_OK) {
                fprintf(stderr, "camelot: %s\n", err.msg);
                rc = CLI_EXIT_INPUT;
            }
        }
    }
    if (rc >= 0) {
        cli_args_free(&a);
        return rc;
    }
    /* A session that sshd started on the host (a guest's ForceCommand) names the host, as a
     * key's session does: the socket's path means nothing to someone who came in by ssh. */
    char host[256] = "camelot";
    const char *where = addr.ssh ? addr.dest : addr.path;
    if (!addr.ssh && getenv("SSH_CONNECTION") != NULL) {
        gethostname(host, sizeof host - 1);
        host[sizeof host - 1] = '\0';
        where = host;
    }
    rc = cli_online_at(ctx, &addr, a.value[O_TEXT] != NULL, where, 0);
    cli_args_free(&a);
    return rc;
}

int cli_online_at(CliCtx *ctx, const NetAddr *addr, int text, const char *where, int no_files)
{
    signal(SIGPIPE, SIG_IGN);
    Online o;
    CmError err;
    cm_error_init(&err, NULL);
    memset(&o, 0, sizeof o);
    o.ctx = ctx;
    o.confirm = 1;
    cli_text_init(&o.io, stdin, stdout);
    if (remote_open(addr, &ctx->catalog, &o.r, &err) != CM_OK) {
        fprintf(stderr, "camelot: %s\n", err.msg);
        if (!addr->ssh && addr->key[0] == '\0')
            fprintf(stderr, "camelot: start a server with 'camelot serve' (see 'camelot serve "
                            "--help'), or name one with --server\n");
        return CLI_EXIT_INPUT;
    }
    if (!text && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
        /* A terminal: the lobby and the games on the full screen. */
        int rc = cli_online_screen(ctx, o.r, where, no_files);
        remote_close(o.r);
        return rc;
    }
    remote_listen(o.r, lobby_line, &o);
    SessionEnv env = {&ctx->catalog, NULL, NULL};
    session_init(&o.s, &env);
    cli_line("connected to %s as %s.", where, remote_name(o.r));
    char in[2 * NET_LINE_MAX];
    size_t inlen = 0;
    int in_open = 1;
    /* Lines are read as they come; the server's news is told between them. At the end of the
     * input, or at 'quit', the client waits for the answers to what it sent (the pong of a last
     * ping; 1.5 s at most), then leaves. */
    uint64_t drain_until = 0;
    int rc = CLI_EXIT_OK;
    while (!o.quit) {
        uint64_t now = clock_ms();
        unsigned ev = 0;
        if (o.has_game) {
            ev = session_tick(&o.s, now);
        } else if (remote_poll(o.r, now) & REMOTE_EV_LINK) {
            /* In the lobby the link's news has no game to come with. */
            o.nstandq = 0;
            cli_line("%s", remote_up(o.r) ? "connected again." : remote_status(o.r));
        }
        if (o.next != 0)
            make_current(&o, o.next);
        if (o.has_game)
            tell(&o, ev);
        if (remote_given_up(o.r)) {
            rc = CLI_EXIT_INPUT;
            break;
        }
        if (o.quit)
            break;
        if (o.leaving && in_open) {
            /* What was asked is answered before the client leaves (a script's 'games' and
             * 'quit'), for a moment at most; a line that ends it comes after those answers. */
            in_open = 0;
            drain_until = now + 1500;
            if (say_bye(&o) != 0)
                break;
        }
        if (!in_open && now >= drain_until)
            break;
        struct pollfd p[2] = {{.fd = in_open ? 0 : -1, .events = POLLIN},
                              {.fd = remote_fd(o.r), .events = POLLIN}};
        if (poll(p, 2, 50) < 0 && errno != EINTR)
            break;
        if (in_open && (p[0].revents & (POLLIN | POLLHUP | POLLERR))) {
            ssize_t got = read(0, in + inlen, sizeof in - 1 - inlen);
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0) {
                /* The end of the input ends a last line without a newline. */
                if (inlen > 0 && !o.leaving) {
                    in[inlen] = '\0';
                    command(&o, in);
                }
                inlen = 0;
                o.leaving = 1;
            } else {
                inlen += (size_t)got;
            }
            char *nl;
            while (!o.leaving && (nl = memchr(in, '\n', inlen)) != NULL) {
                *nl = '\0';
                command(&o, in);
                size_t used = (size_t)(nl - in) + 1;
                memmove(in, in + used, inlen - used);
                inlen -= used;
            }
            if (inlen == sizeof in - 1) {
                cli_line("refused: a line longer than %d bytes", NET_LINE_MAX);
                inlen = 0;
            }
        }
    }
    session_free(&o.s);
    cli_text_free(&o.io);
    free(o.cross);
    remote_close(o.r);
    return rc;
}
