/* The lobby of a server on the screen ('camelot online'): its keys (Enter plays, joins or
 * watches; n makes a game; d gives a seat back; g the ratings; K the player's keys) and what
 * its pages show: the games in sections, the ratings, and the player's public keys with a code
 * to add one. A game of the lobby on the board is online.c's.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "session/netgame.h"
#include "session/text.h"
#include "ui_int.h"

#define LOBBY_GAMES_SHOWN 64 /* games of the list the page can show */

/* ---- The lobby's keys --------------------------------------------------------------------- */

/* The lobby's variants this program has, as indexes of 'l->variant'. */
static int shown_variants(const Lobby *l, int *idx)
{
    int n = 0;
    for (int i = 0; i < l->nvariants; i++)
        if (l->variant[i].here)
            idx[n++] = i;
    return n;
}

static const char *ratings_variant(const Ui *ui)
{
    int idx[LOBBY_VARIANTS_MAX];
    int n = shown_variants(ui->lobby, idx);
    if (n == 0)
        return "camelot";
    int k = ((ui->lobby_variant % n) + n) % n;
    return ui->lobby->variant[idx[k]].name;
}

/* Enter on the game picked: play it, take its free seat, or watch it. */
static unsigned enter_game(Ui *ui, uint64_t now)
{
    Lobby *l = ui->lobby;
    int order[LOBBY_GAMES_MAX];
    int n = lobby_order(l, order, LOBBY_GAMES_MAX);
    CmError err;
    (void)now;
    if (ui->lobby_pick < 0 || ui->lobby_pick >= n) {
        ui_message(ui, UI_ROLE_ERROR, "No game is picked: n makes one.");
        return UI_DRAW_STATUS;
    }
    const LobbyGame *g = &l->games[order[ui->lobby_pick]];
    int here = 0;
    for (int i = 0; i < l->nvariants; i++)
        here |= strcmp(l->variant[i].name, g->variant) == 0 && l->variant[i].here;
    if (!here && l->variants_got) {
        ui_message(ui, UI_ROLE_ERROR, "This program has no variant '%s' to show the game in.",
                   g->variant);
        return UI_DRAW_STATUS;
    }
    cm_error_init(&err, NULL);
    CmStatus st;
    if (g->invited && !g->mine) {
        st = lobby_join(l, g->id, 0, &err);
        ui_message(ui, UI_ROLE_NORMAL, "Taking your seat in game %lld...", (long long)g->id);
    } else if (g->section == LOBBY_OPEN) {
        st = lobby_join(l, g->id, 0, &err);
        char others[2 * CM_MAX_SEATS + 1] = "";
        int free = 0;
        for (int seat = 0; seat < g->nseats; seat++)
            if (g->seat[seat].kind == LOBBY_SEAT_OPEN) {
                size_t len = strlen(others);
                snprintf(others + len, sizeof others - len, "%s%c", free ? " " : "",
                         g->seat[seat].letter);
                free++;
            }
        if (free > 1)
            ui_message(ui, UI_ROLE_NORMAL,
                       "Taking the first free seat in game %lld (a letter takes another: %s)...",
                       (long long)g->id, others);
        else
            ui_message(ui, UI_ROLE_NORMAL, "Taking a seat in game %lld...", (long long)g->id);
    } else {
        st = lobby_open(l, g->id, &err);
        ui_message(ui, UI_ROLE_NORMAL, "Opening game %lld...", (long long)g->id);
    }
    if (st != CM_OK)
        return ui_say_refused(ui, &err);
    return UI_DRAW_STATUS;
}

unsigned ui_lobby_seat_key(Ui *ui, int key)
{
    Lobby *l = ui->lobby;
    int order[LOBBY_GAMES_MAX];
    int n = lobby_order(l, order, LOBBY_GAMES_MAX);
    if (ui->lobby_view != UI_LOBBY_GAMES || ui->lobby_pick < 0 || ui->lobby_pick >= n)
        return 0;
    const LobbyGame *g = &l->games[order[ui->lobby_pick]];
    int seat = 0;
    while (seat < g->nseats && g->seat[seat].letter != key)
        seat++;
    if (seat == g->nseats || g->status != LOBBY_WAITING || g->mine)
        return 0;
    CmError err;
    const CmVariant *v = catalog_get(ui->s->env.catalog, g->variant, NULL, &err);
    char name[32];
    snprintf(name, sizeof name, "%s",
             v != NULL && v->nseats == g->nseats ? v->seat[seat].name : "");
    if (name[0] == '\0')
        snprintf(name, sizeof name, "%c", key);
    if (g->seat[seat].kind != LOBBY_SEAT_OPEN &&
        !(g->seat[seat].kind == LOBBY_SEAT_INVITED && strcmp(g->seat[seat].name, l->me) == 0)) {
        ui_message(ui, UI_ROLE_ERROR, "%s is not free in game %lld.", name, (long long)g->id);
        return UI_DRAW_STATUS;
    }
    cm_error_init(&err, NULL);
    if (lobby_join(l, g->id, (char)key, &err) != CM_OK)
        return ui_say_refused(ui, &err);
    ui_message(ui, UI_ROLE_NORMAL, "Taking %s in game %lld...", name, (long long)g->id);
    return UI_DRAW_STATUS;
}

static unsigned leave_game(Ui *ui, uint64_t now)
{
    Lobby *l = ui->lobby;
    int order[LOBBY_GAMES_MAX];
    int n = lobby_order(l, order, LOBBY_GAMES_MAX);
    CmError err;
    if (ui->lobby_pick < 0 || ui->lobby_pick >= n) {
        ui_message(ui, UI_ROLE_ERROR, "No game is picked.");
        return UI_DRAW_STATUS;
    }
    const LobbyGame *g = &l->games[order[ui->lobby_pick]];
    if (!g->mine || g->status != LOBBY_WAITING) {
        ui_message(ui, UI_ROLE_ERROR, "%s",
                   g->mine ? "The game has begun: open it and resign (R)."
                           : "You have no seat in that game to give back.");
        return UI_DRAW_STATUS;
    }
    cm_error_init(&err, NULL);
    if (lobby_leave(l, g->id, &err) != CM_OK)
        return ui_say_refused(ui, &err);
    lobby_refresh(l, now, NULL);
    ui_message(ui, UI_ROLE_NORMAL, "You give back your seat in game %lld.", (long long)g->id);
    return UI_DRAW_STATUS;
}

/* ---- The page of the player's history ------------------------------------------------- */

/* Up, Down, Home and End on a page of a list of 'count' rows (the keys, the history): the row
 * picked moves in '*pick'. Returns 1 when 'act' was one of them. */
static int page_pick(int *pick, int count, UiAction act)
{
    if (act == UI_ACT_UP || act == UI_ACT_HOME)
        *pick = act == UI_ACT_UP && *pick > 0 ? *pick - 1 : 0;
    else if (act == UI_ACT_DOWN || act == UI_ACT_END)
        *pick = act == UI_ACT_DOWN ? *pick + 1 : count - 1;
    else
        return 0;
    if (*pick >= count)
        *pick = count - 1;
    if (*pick < 0)
        *pick = 0;
    return 1;
}

/* What every page of the lobby does alike: another page's key goes to the games and then to
 * that page; the help ('q' is ui_lobby_quit_key's). */
static unsigned page_other(Ui *ui, UiAction act, uint64_t now)
{
    switch (act) {
    case UI_ACT_RATINGS:
    case UI_ACT_KEYS:
    case UI_ACT_HISTORY:
    case UI_ACT_PROFILE:
    case UI_ACT_TOURNEYS:
        ui->lobby_view = UI_LOBBY_GAMES;
        return ui_lobby_action(ui, act, now);
    case UI_ACT_RULES:
        return ui_open_rules(ui);
    default:
        return 0;
    }
}

static unsigned open_history(Ui *ui, int64_t before)
{
    CmError err;
    cm_error_init(&err, NULL);
    ui->lobby_view = UI_LOBBY_HISTORY;
    ui->lobby_past = 0;
    ui->msg[0] = '\0';
    if (lobby_ask_history(ui->lobby, before, &err) != CM_OK)
        ui_say_refused(ui, &err);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

static unsigned history_action(Ui *ui, UiAction act, uint64_t now)
{
    Lobby *l = ui->lobby;
    CmError err;
    cm_error_init(&err, NULL);
    if (page_pick(&ui->lobby_past, l->npast, act))
        return UI_DRAW_ALL;
    switch (act) {
    case UI_ACT_RIGHT:
    case UI_ACT_SCROLL_DOWN:
        if (!l->past_got || !l->past_more || l->npast == 0) {
            ui_message(ui, UI_ROLE_ERROR, "No older games.");
            return UI_DRAW_STATUS;
        }
        return open_history(ui, l->past[l->npast - 1].id);
    case UI_ACT_LEFT:
    case UI_ACT_SCROLL_UP:
    case UI_ACT_REFRESH:
        return open_history(ui, 0);
    case UI_ACT_SELECT:
        if (ui->lobby_past < 0 || ui->lobby_past >= l->npast) {
            ui_message(ui, UI_ROLE_ERROR, "No game is picked.");
            return UI_DRAW_STATUS;
        }
        if (lobby_open(l, l->past[ui->lobby_past].id, &err) != CM_OK)
            return ui_say_refused(ui, &err);
        ui_message(ui, UI_ROLE_NORMAL, "Opening game %lld...",
                   (long long)l->past[ui->lobby_past].id);
        return UI_DRAW_STATUS;
    case UI_ACT_HISTORY:
    case UI_ACT_CANCEL:
        ui->msg[0] = '\0';
        ui->lobby_view = UI_LOBBY_GAMES;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return page_other(ui, act, now);
    }
}

/* ---- A player's page --------------------------------------------------------------------- */

static unsigned open_profile(Ui *ui, const char *name)
{
    CmError err;
    cm_error_init(&err, NULL);
    ui->lobby_view = UI_LOBBY_PROFILE;
    ui->lobby_person = 0;
    ui->msg[0] = '\0';
    if (lobby_ask_profile(ui->lobby, name, &err) != CM_OK)
        ui_say_refused(ui, &err);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

static unsigned profile_action(Ui *ui, UiAction act, uint64_t now)
{
    Lobby *l = ui->lobby;
    const LobbyProfile *p = &l->profile;
    if (page_pick(&ui->lobby_person, l->profile_got ? p->nversus : 0, act))
        return UI_DRAW_ALL;
    switch (act) {
    case UI_ACT_SELECT:
        if (!l->profile_got || ui->lobby_person >= p->nversus) {
            ui_message(ui, UI_ROLE_ERROR, "No one is picked.");
            return UI_DRAW_STATUS;
        }
        return open_profile(ui, p->versus[ui->lobby_person].name);
    case UI_ACT_PROFILE:
        return open_profile(ui, l->me);
    case UI_ACT_CANCEL:
        ui->msg[0] = '\0';
        ui->lobby_view = UI_LOBBY_GAMES;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return page_other(ui, act, now);
    }
}

/* ---- Tournaments ------------------------------------------------------------------------ */

static unsigned open_tourns(Ui *ui)
{
    CmError err;
    cm_error_init(&err, NULL);
    ui->lobby_view = UI_LOBBY_TOURNS;
    ui->msg[0] = '\0';
    if (lobby_ask_tourns(ui->lobby, &err) != CM_OK)
        ui_say_refused(ui, &err);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

static unsigned open_standings(Ui *ui, int64_t id)
{
    CmError err;
    cm_error_init(&err, NULL);
    if (ui->lobby_view != UI_LOBBY_STANDINGS || ui->lobby_tid != id) {
        ui->lobby_tround = 0;
        ui->lobby_tpick = 0;
    }
    ui->lobby_view = UI_LOBBY_STANDINGS;
    ui->lobby_tid = id;
    ui->msg[0] = '\0';
    if (lobby_ask_standings(ui->lobby, id, &err) != CM_OK)
        ui_say_refused(ui, &err);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

/* The standings shown, when they are those of the tournament asked for. */
static const LobbyStandings *shown_standings(const Ui *ui)
{
    const Lobby *l = ui->lobby;
    if (!l->standings_got || l->standings == NULL || l->standings->t.id != ui->lobby_tid)
        return NULL;
    return l->standings;
}

/* The pairings of round 'round' of 'st': their indexes into 'out'. */
static int round_games(const LobbyStandings *st, int round, int *out)
{
    int n = 0;
    for (int i = 0; i < st->npairings && n < LOBBY_PAIRINGS_MAX; i++)
        if (st->pairing[i].round == round)
            out[n++] = i;
    return n;
}

/* 'e': enter the tournament, or withdraw from it when the player is in. */
static unsigned enter_tourn(Ui *ui, const LobbyTourn *t)
{
    CmError err;
    cm_error_init(&err, NULL);
    if (t == NULL) {
        ui_message(ui, UI_ROLE_ERROR, "No tournament is picked.");
        return UI_DRAW_STATUS;
    }
    if (lobby_enter(ui->lobby, t->id, t->in == 1, &err) != CM_OK)
        return ui_say_refused(ui, &err);
    ui_message(ui, UI_ROLE_NORMAL, "%s tournament %lld...",
               t->in == 1 ? "Withdrawing from" : "Entering", (long long)t->id);
    return UI_DRAW_STATUS;
}

static unsigned tourns_action(Ui *ui, UiAction act, uint64_t now)
{
    Lobby *l = ui->lobby;
    if (page_pick(&ui->lobby_tourn, l->ntourns, act))
        return UI_DRAW_ALL;
    const LobbyTourn *t =
        ui->lobby_tourn >= 0 && ui->lobby_tourn < l->ntourns ? &l->tourns[ui->lobby_tourn] : NULL;
    switch (act) {
    case UI_ACT_SELECT:
        if (t == NULL) {
            ui_message(ui, UI_ROLE_ERROR, "No tournament is picked.");
            return UI_DRAW_STATUS;
        }
        return open_standings(ui, t->id);
    case UI_ACT_ENTER:
        return enter_tourn(ui, t);
    case UI_ACT_REFRESH:
        return open_tourns(ui);
    case UI_ACT_TOURNEYS:
    case UI_ACT_CANCEL:
        ui->msg[0] = '\0';
        ui->lobby_view = UI_LOBBY_GAMES;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return page_other(ui, act, now);
    }
}

static unsigned standings_action(Ui *ui, UiAction act, uint64_t now)
{
    Lobby *l = ui->lobby;
    const LobbyStandings *st = shown_standings(ui);
    CmError err;
    cm_error_init(&err, NULL);
    int idx[LOBBY_PAIRINGS_MAX];
    int rounds = st != NULL ? st->t.round : 0;
    int n = st != NULL && ui->lobby_tround > 0 ? round_games(st, ui->lobby_tround, idx) : 0;
    if (ui->lobby_tround > 0 && page_pick(&ui->lobby_tpick, n, act))
        return UI_DRAW_ALL;
    switch (act) {
    case UI_ACT_UP:
    case UI_ACT_DOWN:
    case UI_ACT_SCROLL_UP:
    case UI_ACT_SCROLL_DOWN:
    case UI_ACT_HOME: {
        /* The table scrolls: the first row shown. */
        int most = st != NULL ? st->nplaces - 1 : 0;
        int step = act == UI_ACT_UP          ? -1
                   : act == UI_ACT_DOWN      ? 1
                   : act == UI_ACT_HOME      ? -1000
                   : act == UI_ACT_SCROLL_UP ? -10
                                             : 10;
        ui->lobby_tpick += step;
        if (ui->lobby_tpick > most)
            ui->lobby_tpick = most;
        if (ui->lobby_tpick < 0)
            ui->lobby_tpick = 0;
        return UI_DRAW_ALL;
    }
    case UI_ACT_RIGHT:
    case UI_ACT_LEFT:
        if (rounds == 0) {
            ui_message(ui, UI_ROLE_ERROR, "No round is paired yet.");
            return UI_DRAW_STATUS;
        }
        ui->lobby_tround += act == UI_ACT_RIGHT ? 1 : -1;
        if (ui->lobby_tround > rounds)
            ui->lobby_tround = rounds;
        if (ui->lobby_tround < 0)
            ui->lobby_tround = 0;
        ui->lobby_tpick = 0;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_SELECT:
        if (ui->lobby_tround == 0) {
            ui->lobby_tround = rounds > 0 ? rounds : 0;
            ui->lobby_tpick = 0;
            return UI_DRAW_ALL | UI_DRAW_CLEAR;
        }
        if (ui->lobby_tpick < 0 || ui->lobby_tpick >= n ||
            st->pairing[idx[ui->lobby_tpick]].game == 0) {
            ui_message(ui, UI_ROLE_ERROR, "No game is picked (a bye has none).");
            return UI_DRAW_STATUS;
        }
        if (lobby_open(l, st->pairing[idx[ui->lobby_tpick]].game, &err) != CM_OK)
            return ui_say_refused(ui, &err);
        ui_message(ui, UI_ROLE_NORMAL, "Opening game %lld...",
                   (long long)st->pairing[idx[ui->lobby_tpick]].game);
        return UI_DRAW_STATUS;
    case UI_ACT_ENTER:
        return enter_tourn(ui, st != NULL ? &st->t : NULL);
    case UI_ACT_EXPORT: {
        char path[64];
        if (st == NULL) {
            ui_message(ui, UI_ROLE_ERROR, "No standings have come yet.");
            return UI_DRAW_STATUS;
        }
        if (!ui_may_write(ui))
            return UI_DRAW_STATUS;
        if (lobby_crosstable_write(l, path, sizeof path, &err) != CM_OK) {
            char msg[CM_ERROR_TEXT_MAX];
            cm_error_format(&err, msg, sizeof msg);
            ui_message(ui, UI_ROLE_ERROR, "Not exported: %s", msg);
        } else {
            ui_message(ui, UI_ROLE_GOOD, "The crosstable is in %s.", path);
        }
        return UI_DRAW_STATUS;
    }
    case UI_ACT_REFRESH:
        return open_standings(ui, ui->lobby_tid);
    case UI_ACT_CANCEL:
        return open_tourns(ui);
    case UI_ACT_TOURNEYS:
        ui->msg[0] = '\0';
        ui->lobby_view = UI_LOBBY_GAMES;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return page_other(ui, act, now);
    }
}

/* ---- The page of the player's keys ----------------------------------------------------- */

static unsigned open_keys(Ui *ui)
{
    CmError err;
    cm_error_init(&err, NULL);
    ui->lobby_view = UI_LOBBY_KEYS;
    ui->lobby_key = 0;
    ui->lobby_drop = 0;
    ui->msg[0] = '\0';
    if (lobby_ask_keys(ui->lobby, &err) != CM_OK)
        ui_say_refused(ui, &err);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

/* 'd' on the key picked: once to be told what it does, twice to do it. */
static unsigned drop_key(Ui *ui)
{
    Lobby *l = ui->lobby;
    if (ui->lobby_key < 0 || ui->lobby_key >= l->nkeys) {
        ui_message(ui, UI_ROLE_ERROR, "%s",
                   l->nkeys == 0 ? "You have no key to remove." : "No key is picked.");
        return UI_DRAW_STATUS;
    }
    const LobbyKey *k = &l->keys[ui->lobby_key];
    if (l->nkeys == 1) {
        ui_message(ui, UI_ROLE_ERROR,
                   "This is your only key: add another (n) before you remove it.");
        return UI_DRAW_STATUS;
    }
    if (ui->lobby_drop != ui->lobby_key + 1) {
        ui->lobby_drop = ui->lobby_key + 1;
        ui_message(ui, UI_ROLE_ERROR, "%s",
                   k->this_one
                       ? "d again removes this session's key; the next session with it signs up."
                       : "d again removes the key picked and closes its sessions; any other key "
                         "keeps it.");
        return UI_DRAW_STATUS;
    }
    ui->lobby_drop = 0;
    CmError err;
    cm_error_init(&err, NULL);
    if (lobby_dropkey(l, k->fingerprint, &err) != CM_OK)
        return ui_say_refused(ui, &err);
    ui_message(ui, UI_ROLE_NORMAL, "Removing the key %s...", k->fingerprint);
    return UI_DRAW_STATUS;
}

static unsigned keys_action(Ui *ui, UiAction act, uint64_t now)
{
    Lobby *l = ui->lobby;
    CmError err;
    cm_error_init(&err, NULL);
    if (act != UI_ACT_LEAVE)
        ui->lobby_drop = 0;
    if (page_pick(&ui->lobby_key, l->nkeys,
                  act == UI_ACT_SCROLL_UP     ? UI_ACT_HOME
                  : act == UI_ACT_SCROLL_DOWN ? UI_ACT_END
                                              : act))
        return UI_DRAW_ALL;
    switch (act) {
    case UI_ACT_NEW:
        if (lobby_keycode(l, &err) != CM_OK)
            return ui_say_refused(ui, &err);
        ui_message(ui, UI_ROLE_NORMAL, "Asking the server for a code...");
        return UI_DRAW_STATUS;
    case UI_ACT_LEAVE:
        return drop_key(ui);
    case UI_ACT_REFRESH:
        if (lobby_ask_keys(l, &err) != CM_OK)
            return ui_say_refused(ui, &err);
        ui_message(ui, UI_ROLE_NORMAL, "Asking the server again.");
        return UI_DRAW_STATUS;
    case UI_ACT_KEYS:
    case UI_ACT_CANCEL:
    case UI_ACT_SELECT:
        ui->msg[0] = '\0';
        ui->lobby_view = UI_LOBBY_GAMES;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return page_other(ui, act, now);
    }
}

/* The page of keys: the player's keys, the one picked marked, then the code asked for. */
static int keys_lines(const Ui *ui, int width, int height, UiLine *lines, int *items)
{
    const Lobby *l = ui->lobby;
    int n = 0;
    if (width > (int)sizeof lines[0].text - 1)
        width = (int)sizeof lines[0].text - 1;
    n = ui_line_add(lines, items, n, height, -1, UI_ROLE_HEADING,
                    "Your keys: each opens this server as you");
    if (l->keys_error[0])
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s", l->keys_error);
    else if (!l->keys_got)
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  asking the server...");
    else if (l->nkeys == 0)
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s",
                        "none: you came in as a user of the host, not with a key");
    else
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %-50s  %s", "key", "added");
    for (int i = 0; i < l->nkeys && !l->keys_error[0]; i++) {
        const LobbyKey *k = &l->keys[i];
        char day[32] = "?";
        time_t t = (time_t)k->added;
        struct tm tm;
        if (gmtime_r(&t, &tm) != NULL)
            strftime(day, sizeof day, "%Y-%m-%d", &tm);
        int pick = i == ui->lobby_key;
        n = ui_line_add(lines, items, n, height, i, pick ? UI_ROLE_FIELD : UI_ROLE_NORMAL,
                        "%c %-50s  %s%s", pick ? '>' : ' ', k->fingerprint, day,
                        k->banned     ? "  banned"
                        : k->this_one ? "  this session"
                                      : "");
    }
    if (l->keys_got && l->keys_total > l->nkeys)
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  and %d more",
                        l->keys_total - l->nkeys);
    /* What the code is for, or the code itself, in words wrapped to the page. */
    char text[600];
    if (l->code[0] && l->code_until > l->utc_now) {
        int64_t left = (l->code_until - l->utc_now + 59) / 60;
        snprintf(text, sizeof text,
                 "Code %s, good once for %lld more minute%s: connect to this server with your "
                 "other key and, when it asks for a name, type: code %s",
                 l->code, (long long)left, left == 1 ? "" : "s", l->code);
    } else {
        snprintf(text, sizeof text,
                 "%sn makes a code that adds another key to you: type it in the first session "
                 "of that key, when it asks for a name. d removes the key picked. A key is named "
                 "by its fingerprint ('ssh-keygen -lf' and the key's .pub file show it).",
                 l->code[0] ? "The code is too old. " : "");
    }
    UiSpan span[8];
    int k = l->keys_error[0] ? 0 : ui_wrap(text, width - 2, span, 8);
    if (n < height && k > 0)
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_NORMAL, "%s", "");
    for (int i = 0; i < k; i++)
        n = ui_line_add(lines, items, n, height, -1,
                        l->code[0] && l->code_until > l->utc_now ? UI_ROLE_GOOD : UI_ROLE_DIM,
                        "  %.*s", span[i].len, text + span[i].start);
    return n;
}

/* The ratings table: Up and Down pick a player, Enter opens their page. Returns 1 when 'act'
 * was one of these, its flags in '*flags'. */
static int ratings_action(Ui *ui, UiAction act, unsigned *flags)
{
    const LobbyTableOfRatings *t = lobby_ratings(ui->lobby, ratings_variant(ui));
    int count = t != NULL ? t->n : 0;
    if (page_pick(&ui->lobby_rated, count, act)) {
        *flags = UI_DRAW_ALL;
        return 1;
    }
    if (act != UI_ACT_SELECT)
        return 0;
    if (ui->lobby_rated < 0 || ui->lobby_rated >= count) {
        ui_message(ui, UI_ROLE_ERROR, "No one is picked.");
        *flags = UI_DRAW_STATUS;
        return 1;
    }
    *flags = open_profile(ui, t->r[ui->lobby_rated].name);
    return 1;
}

unsigned ui_lobby_action(Ui *ui, UiAction act, uint64_t now)
{
    Lobby *l = ui->lobby;
    int order[LOBBY_GAMES_MAX];
    int n = lobby_order(l, order, LOBBY_GAMES_MAX);
    unsigned flags;
    if (ui->lobby_view == UI_LOBBY_RATINGS && ratings_action(ui, act, &flags))
        return flags;
    if (ui->lobby_view == UI_LOBBY_KEYS)
        return keys_action(ui, act, now);
    if (ui->lobby_view == UI_LOBBY_HISTORY)
        return history_action(ui, act, now);
    if (ui->lobby_view == UI_LOBBY_PROFILE)
        return profile_action(ui, act, now);
    if (ui->lobby_view == UI_LOBBY_TOURNS)
        return tourns_action(ui, act, now);
    if (ui->lobby_view == UI_LOBBY_STANDINGS)
        return standings_action(ui, act, now);
    switch (act) {
    case UI_ACT_PROFILE:
        return open_profile(ui, l->me);
    case UI_ACT_TOURNEYS:
        return open_tourns(ui);
    case UI_ACT_KEYS:
        return open_keys(ui);
    case UI_ACT_HISTORY:
        l->naway = 0;
        return open_history(ui, 0);
    case UI_ACT_UP:
        if (ui->lobby_pick > 0)
            ui->lobby_pick--;
        return UI_DRAW_ALL;
    case UI_ACT_DOWN:
        if (ui->lobby_pick + 1 < n)
            ui->lobby_pick++;
        return UI_DRAW_ALL;
    case UI_ACT_SCROLL_UP:
        ui->lobby_pick = ui->lobby_pick > 10 ? ui->lobby_pick - 10 : 0;
        return UI_DRAW_ALL;
    case UI_ACT_SCROLL_DOWN:
        ui->lobby_pick = ui->lobby_pick + 10 < n ? ui->lobby_pick + 10 : n - 1;
        if (ui->lobby_pick < 0)
            ui->lobby_pick = 0;
        return UI_DRAW_ALL;
    case UI_ACT_HOME:
        ui->lobby_pick = 0;
        return UI_DRAW_ALL;
    case UI_ACT_END:
        ui->lobby_pick = n > 0 ? n - 1 : 0;
        return UI_DRAW_ALL;
    case UI_ACT_LEFT:
    case UI_ACT_RIGHT:
        if (ui->lobby_view != UI_LOBBY_RATINGS)
            return 0;
        ui->lobby_variant += act == UI_ACT_LEFT ? -1 : 1;
        ui->lobby_rated = 0;
        lobby_ask_ratings(l, ratings_variant(ui), NULL);
        return UI_DRAW_ALL;
    case UI_ACT_RATINGS:
        ui->lobby_view = ui->lobby_view == UI_LOBBY_GAMES ? UI_LOBBY_RATINGS : UI_LOBBY_GAMES;
        ui->lobby_rated = 0;
        if (ui->lobby_view == UI_LOBBY_RATINGS) {
            /* The table of the game picked, or of Camelot. */
            int idx[LOBBY_VARIANTS_MAX];
            int nv = shown_variants(l, idx);
            const char *want = ui->lobby_pick >= 0 && ui->lobby_pick < n
                                   ? l->games[order[ui->lobby_pick]].variant
                                   : "camelot";
            for (int k = 0; k < nv; k++)
                if (strcmp(l->variant[idx[k]].name, want) == 0)
                    ui->lobby_variant = k;
            lobby_ask_ratings(l, ratings_variant(ui), NULL);
        }
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_SELECT:
        if (ui->lobby_view == UI_LOBBY_RATINGS) {
            ui->lobby_view = UI_LOBBY_GAMES;
            return UI_DRAW_ALL | UI_DRAW_CLEAR;
        }
        return enter_game(ui, now);
    case UI_ACT_REFRESH:
        lobby_refresh(l, now, NULL);
        if (ui->lobby_view == UI_LOBBY_RATINGS)
            lobby_ask_ratings(l, ratings_variant(ui), NULL);
        ui_message(ui, UI_ROLE_NORMAL, "Asking the server again.");
        return UI_DRAW_STATUS;
    case UI_ACT_LEAVE:
        return leave_game(ui, now);
    case UI_ACT_NEW:
        ui_open_online_form(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_RULES:
        return ui_open_rules(ui);
    case UI_ACT_CANCEL:
        ui->msg[0] = '\0';
        if (ui->lobby_view == UI_LOBBY_RATINGS)
            ui->lobby_view = UI_LOBBY_GAMES;
        else
            l->naway = 0;
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return 0;
    }
}

unsigned ui_lobby_quit_key(Ui *ui, UiAction act, int key)
{
    if (key == UI_CTRL('c') || (act == UI_ACT_QUIT && ui->lay.too_small))
        return UI_QUIT;
    if (!ui->lobby_quit) {
        ui->lobby_quit = 1;
        ui_message(ui, UI_ROLE_NORMAL, "Leave the server? y leaves, any other key stays.");
        return UI_DRAW_STATUS;
    }
    ui->lobby_quit = 0;
    if (key == 'y' || key == 'Y')
        return UI_QUIT;
    ui_message(ui, UI_ROLE_NORMAL, "You stay in the lobby.");
    return UI_DRAW_STATUS;
}

unsigned ui_lobby_click(Ui *ui, int y, int x, uint64_t now)
{
    UiLine lines[200];
    int items[200];
    (void)x;
    int height = ui->lay.rows - UI_LOBBY_TOP - 2;
    if (height > 200)
        height = 200;
    if ((ui->lobby_view != UI_LOBBY_GAMES && ui->lobby_view != UI_LOBBY_HISTORY) || height <= 0)
        return 0;
    int n = ui_lobby_lines(ui, now, ui->lay.cols, height, lines, items);
    int row = y - UI_LOBBY_TOP;
    if (row < 0 || row >= n || items[row] < 0)
        return 0;
    if (ui->lobby_view == UI_LOBBY_HISTORY) {
        /* A game over: the first click picks it, a second opens it. */
        if (items[row] == ui->lobby_past)
            return history_action(ui, UI_ACT_SELECT, now);
        ui->lobby_past = items[row];
        return UI_DRAW_ALL;
    }
    if (items[row] == ui->lobby_pick)
        return enter_game(ui, now);
    ui->lobby_pick = items[row];
    return UI_DRAW_ALL;
}

/* ---- What the lobby shows ---------------------------------------------------------------- */

/* A seat of a game in the list: "alice (1523)", "engine 5", "open", "@bob". */
static size_t seat_words(const Lobby *l, const LobbyGame *g, int seat, char *buf, size_t size)
{
    const LobbySeat *st = &g->seat[seat];
    int r = st->kind == LOBBY_SEAT_PLAYER ? lobby_rating_of(l, g->variant, st->name) : 0;
    switch (st->kind) {
    case LOBBY_SEAT_PLAYER:
        return r > 0 ? (size_t)snprintf(buf, size, "%s (%d)", st->name, r)
                     : (size_t)snprintf(buf, size, "%s", st->name);
    case LOBBY_SEAT_INVITED:
        return (size_t)snprintf(buf, size, "@%s", st->name);
    case LOBBY_SEAT_ENGINE:
        return (size_t)snprintf(buf, size, "engine %d", st->level);
    default:
        return (size_t)snprintf(buf, size, "open");
    }
}

/* The players of a game: "alice (1523) v bob" for two, "alice, open, engine 3, open" for
 * more. */
static void players_words(const Lobby *l, const LobbyGame *g, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int seat = 0; seat < g->nseats && len + 1 < size; seat++) {
        if (seat > 0)
            len += (size_t)snprintf(buf + len, size - len, "%s", g->nseats == 2 ? " v " : ", ");
        if (len + 1 < size)
            len += seat_words(l, g, seat, buf + len, size - len);
    }
}

/* The state of a game for its player, in at most 'room' columns: "YOUR MOVE 4:32", "bob to
 * move 2 days 3 h", "waiting, 1/2 seats"; a name too long for the room is cut with 'mark', or
 * left out when no three letters of it fit beside the time ("to move 23 h 59 min"). */
static void state_words(const Ui *ui, const LobbyGame *g, uint64_t now, int room, const char *mark,
                        char *buf, size_t size)
{
    char clock[32];
    int taken = 0;
    for (int seat = 0; seat < g->nseats; seat++)
        taken += g->seat[seat].kind == LOBBY_SEAT_PLAYER || g->seat[seat].kind == LOBBY_SEAT_ENGINE;
    lobby_clock_text(g, now, ui->lobby->utc_now, clock, sizeof clock);
    const char *sp = clock[0] ? " " : "";
    if (g->status == LOBBY_WAITING && g->invited && !g->mine) {
        snprintf(buf, size, "you are invited");
    } else if (g->status == LOBBY_WAITING) {
        snprintf(buf, size, "waiting, %d/%d seats", taken, g->nseats);
    } else if (g->my_turn) {
        snprintf(buf, size, "YOUR MOVE%s%s", sp, clock);
    } else if (g->seat[g->to_move].kind == LOBBY_SEAT_PLAYER) {
        const char *name = g->seat[g->to_move].name;
        int fits = room - (int)strlen(" to move") - (int)strlen(sp) - (int)strlen(clock);
        if ((int)strlen(name) <= fits)
            snprintf(buf, size, "%s to move%s%s", name, sp, clock);
        else if (fits >= 4)
            snprintf(buf, size, "%.*s%s to move%s%s", fits - 1, name, mark, sp, clock);
        else /* the time matters more than who: the detail line names them */
            snprintf(buf, size, "to move%s%s", sp, clock);
    } else {
        snprintf(buf, size, "ply %d", g->ply);
    }
}

int ui_columns(const char *text)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        n += (*p & 0xc0) != 0x80;
    return n;
}

void ui_cut_to(char *text, size_t size, int room, const char *mark)
{
    if (room < 1 || ui_columns(text) <= room)
        return;
    unsigned char *p = (unsigned char *)text;
    for (int col = 0; *p && col < room - 1; col++)
        for (p++; (*p & 0xc0) == 0x80; p++)
            ;
    size_t at = (size_t)((char *)p - text);
    snprintf(text + at, size - at, "%s", mark);
}

/* Appends 'text' to the row 'buf' ('*len' bytes so far), then spaces up to 'cols' columns of
 * it. */
static void put_cell(char *buf, size_t size, size_t *len, const char *text, int cols)
{
    size_t n = strlen(text);
    if (*len + n >= size)
        n = size - 1 - *len;
    memcpy(buf + *len, text, n);
    *len += n;
    for (int pad = cols - ui_columns(text); pad > 0 && *len + 1 < size; pad--)
        buf[(*len)++] = ' ';
    buf[*len] = '\0';
}

#define STATE_COLS 21   /* "YOUR MOVE 2 days 23 h", "waiting, 3/4 seats" */
#define VARIANT_COLS 13 /* "grand-camelot" */
#define LOBBY_GAMES_LINE 400
#define DETAIL_LINES 4 /* four names of 32 characters, with their ratings */

/* The game's time control in words ("1 day a move", or brief: "1 day", "10+5"); as the server
 * wrote it when it is not one this client reads. */
static void tc_words(const LobbyGame *g, int brief, char *buf, size_t size)
{
    int64_t base, inc;
    int days;
    if (netgame_tc_parse(g->tc, &base, &inc, &days) != 0)
        snprintf(buf, size, "%s", g->tc);
    else
        text_time_control(base, inc, days, brief, buf, size);
}

/* The game picked, whole, in up to DETAIL_LINES lines of 'width': its number, variant, clock,
 * whether it is rated, its state and every player. */
static int detail_lines(const Ui *ui, const LobbyGame *g, uint64_t now, int width, UiLine *lines,
                        int n, int max)
{
    char state[80], players[LOBBY_GAMES_LINE], text[LOBBY_GAMES_LINE + 300];
    UiSpan span[DETAIL_LINES];
    state_words(ui, g, now, (int)sizeof state, "", state, sizeof state);
    players_words(ui->lobby, g, players, sizeof players);
    char tc[64];
    tc_words(g, 0, tc, sizeof tc);
    snprintf(text, sizeof text, "Game %lld, %s, %s, %s: %s; %s.", (long long)g->id, g->variant, tc,
             g->rated ? "rated" : "casual", state, players);
    int k = ui_wrap(text, width, span, DETAIL_LINES);
    for (int i = 0; i < k; i++)
        n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_DIM, "%.*s", span[i].len,
                        text + span[i].start);
    return n;
}

static int games_lines(const Ui *ui, uint64_t now, int width, int height, UiLine *lines, int *items)
{
    const Lobby *l = ui->lobby;
    const char *mark = ui->opt.ascii ? "~" : "\u2026";
    int order[LOBBY_GAMES_MAX];
    int n = lobby_order(l, order, LOBBY_GAMES_MAX);
    static const char *const heads[LOBBY_SECTION_COUNT] = {
        "Your games", "Open games: a seat is free", "Games going on, to watch"};
    static const char *const empty[LOBBY_SECTION_COUNT] = {
        "  none: n makes a game, or Enter takes a free seat below", "  none", "  none"};
    /* Every line of the page, then the window of them that shows the game picked. */
    int max = n + 2 * LOBBY_SECTION_COUNT + 1 + l->naway, count = 0, picked_line = 0, k = 0;
    UiLine *all = malloc((size_t)max * sizeof *all);
    int *item = malloc((size_t)max * sizeof *item);
    if (all == NULL || item == NULL) {
        free(all);
        free(item);
        return 0;
    }
    if (width > (int)sizeof lines[0].text - 1)
        width = (int)sizeof lines[0].text - 1;
    /* The games that ended while the player was away, until Esc or the history. */
    if (l->naway > 0)
        count = ui_line_add(all, item, count, max, -1, UI_ROLE_HEADING, "%s",
                            "While you were away (h: your history, Esc: hide this)");
    for (int i = 0; i < l->naway; i++) {
        char text[400];
        lobby_past_text(&l->away[i], text, sizeof text);
        ui_cut_to(text, sizeof text, width - 2, mark);
        count = ui_line_add(all, item, count, max, -1,
                            lobby_past_outcome(&l->away[i]) > 0 ? UI_ROLE_GOOD : UI_ROLE_NORMAL,
                            "  %s", text);
    }
    for (int sec = 0; sec < LOBBY_SECTION_COUNT; sec++) {
        count = ui_line_add(all, item, count, max, -1, UI_ROLE_HEADING, "%s", heads[sec]);
        int any = 0;
        for (; k < n && (int)l->games[order[k]].section == sec; k++) {
            const LobbyGame *g = &l->games[order[k]];
            char state[80], players[LOBBY_GAMES_LINE], variant[LOBBY_VARIANT_MAX + 4];
            /* What matters first, whole: the state and its time; then the game; then the
             * players, cut with a mark where the row ends (the detail line has them all). */
            state_words(ui, g, now, STATE_COLS, mark, state, sizeof state);
            ui_cut_to(state, sizeof state, STATE_COLS, mark);
            snprintf(variant, sizeof variant, "%s", g->variant);
            ui_cut_to(variant, sizeof variant, VARIANT_COLS, mark);
            players_words(l, g, players, sizeof players);
            int pick = k == ui->lobby_pick;
            if (pick)
                picked_line = count;
            char row[sizeof all[0].text], head[16];
            size_t len = 0;
            snprintf(head, sizeof head, "%c%5lld", pick ? '>' : ' ', (long long)g->id);
            put_cell(row, sizeof row, &len, head, 8);
            put_cell(row, sizeof row, &len, state, STATE_COLS + 2);
            put_cell(row, sizeof row, &len, variant, VARIANT_COLS + 1);
            char tc[32];
            tc_words(g, 1, tc, sizeof tc);
            ui_cut_to(tc, sizeof tc, 7, mark);
            put_cell(row, sizeof row, &len, tc, 8);
            put_cell(row, sizeof row, &len, g->rated ? "rated" : "casual", 8);
            ui_cut_to(players, sizeof players, width - ui_columns(row), mark);
            put_cell(row, sizeof row, &len, players, 0);
            count = ui_line_add(all, item, count, max, k, pick ? UI_ROLE_FIELD : UI_ROLE_NORMAL,
                                "%s", row);
            any = 1;
        }
        if (!any)
            count = ui_line_add(all, item, count, max, -1, UI_ROLE_DIM, "%s", empty[sec]);
    }
    /* The list's window, then, at the foot of the page, the game picked in full. */
    int pick = ui->lobby_pick >= 0 && ui->lobby_pick < n ? ui->lobby_pick : -1;
    int foot = pick >= 0 && height >= 8 ? 1 + DETAIL_LINES : 0, list = height - foot;
    int first = 0;
    if (picked_line >= list)
        first = picked_line - list + 1;
    int shown = 0;
    for (int i = first; i < count && shown < list; i++, shown++) {
        lines[shown] = all[i];
        items[shown] = item[i];
    }
    if (foot > 0) {
        for (; shown < list + 1; shown++) {
            memset(&lines[shown], 0, sizeof lines[shown]);
            lines[shown].seat = -1;
            items[shown] = -1;
        }
        int upto = detail_lines(ui, &l->games[order[pick]], now, width, lines, shown, height);
        for (; shown < upto; shown++)
            items[shown] = -1;
    }
    free(all);
    free(item);
    return shown;
}

/* The page of history: a game a line, the newest first, the one picked marked; each cell cut
 * to its column with a mark, so that a row fits 80 columns. */
static int history_lines(const Ui *ui, int width, int height, UiLine *lines, int *items)
{
    const Lobby *l = ui->lobby;
    const char *mark = ui->opt.ascii ? "~" : "\u2026";
    int n = 0;
    (void)width;
    n = ui_line_add(lines, items, n, height, -1, UI_ROLE_HEADING, "%s",
                    l->past_before > 0 ? "Your games over, older ones" : "Your games over");
    if (l->past_error[0])
        return ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s", l->past_error);
    if (!l->past_got)
        return ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  asking the server...");
    if (l->npast == 0)
        return ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s",
                           l->past_before > 0 ? "none older"
                                              : "none yet: a game you play to its end comes here");
    n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %-6s %-16s %-14s %-28s %s", "game",
                    "ended (UTC)", "variant", "you", "rating");
    for (int i = 0; i < l->npast; i++) {
        const LobbyPast *p = &l->past[i];
        char when[32] = "?", result[80], others[200], what[300], rating[24] = "";
        char variant[LOBBY_VARIANT_MAX + 4], head[16], row[sizeof lines[0].text];
        time_t t = (time_t)p->ended;
        struct tm tm;
        if (gmtime_r(&t, &tm) != NULL)
            strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
        lobby_past_result(p, result, sizeof result);
        lobby_past_others(p, others, sizeof others);
        snprintf(what, sizeof what, "%s%s%s", result, others[0] ? ", vs " : "", others);
        ui_cut_to(what, sizeof what, 28, mark);
        snprintf(variant, sizeof variant, "%s", p->variant);
        ui_cut_to(variant, sizeof variant, 14, mark);
        if (p->before >= 0)
            snprintf(rating, sizeof rating, "%d->%d", p->before, p->after);
        else
            snprintf(rating, sizeof rating, "%s", p->rated ? "" : "casual");
        int pick = i == ui->lobby_past;
        int o = lobby_past_outcome(p);
        size_t len = 0;
        snprintf(head, sizeof head, "%c %lld", pick ? '>' : ' ', (long long)p->id);
        put_cell(row, sizeof row, &len, head, 9);
        put_cell(row, sizeof row, &len, when, 17);
        put_cell(row, sizeof row, &len, variant, 15);
        put_cell(row, sizeof row, &len, what, 29);
        put_cell(row, sizeof row, &len, rating, 0);
        n = ui_line_add(lines, items, n, height, i,
                        pick      ? UI_ROLE_FIELD
                        : o > 0   ? UI_ROLE_GOOD
                        : o == -2 ? UI_ROLE_DIM
                                  : UI_ROLE_NORMAL,
                        "%s", row);
    }
    if (l->past_more)
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s", "Right: older games");
    return n;
}

/* A player's page: who, since when, their ratings, then the people they met most, the one
 * picked marked. */
static int profile_lines(const Ui *ui, int width, int height, UiLine *lines, int *items)
{
    const Lobby *l = ui->lobby;
    const LobbyProfile *p = &l->profile;
    int n = 0;
    (void)width;
    if (l->profile_error[0] || !l->profile_got) {
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_HEADING, "%s", "A player's page");
        return ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s",
                           l->profile_error[0] ? l->profile_error : "asking the server...");
    }
    char day[32] = "?";
    time_t t = (time_t)p->joined;
    struct tm tm;
    if (p->joined > 0 && gmtime_r(&t, &tm) != NULL)
        strftime(day, sizeof day, "%Y-%m-%d", &tm);
    n = ui_line_add(lines, items, n, height, -1, UI_ROLE_HEADING,
                    "%s%s: here since %s, %d%s game%s over", p->name,
                    strcmp(p->name, l->me) == 0 ? " (you)" : "", day, p->games,
                    p->games >= LOBBY_PROFILE_GAMES ? " or more" : "", p->games == 1 ? "" : "s");
    n = ui_line_add(lines, items, n, height, -1, UI_ROLE_TITLE, "%s", "Ratings");
    if (p->nstandings == 0)
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s",
                        "none yet: a rated game gives one");
    for (int i = 0; i < p->nstandings; i++)
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_NORMAL,
                        "  %-22s %5d  +-%-4d %5d game%s", p->standing[i].variant,
                        p->standing[i].rating, p->standing[i].rd, p->standing[i].games,
                        p->standing[i].games == 1 ? "" : "s");
    n = ui_line_add(lines, items, n, height, -1, UI_ROLE_TITLE, "%s",
                    "Met most, in the last 200 games (Enter: their page)");
    if (p->nversus == 0)
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s", "nobody yet");
    for (int i = 0; i < p->nversus; i++) {
        int pick = i == ui->lobby_person;
        n = ui_line_add(lines, items, n, height, i, pick ? UI_ROLE_FIELD : UI_ROLE_NORMAL,
                        "%c %-32s won %-4d drew %-4d lost %d", pick ? '>' : ' ', p->versus[i].name,
                        p->versus[i].won, p->versus[i].drawn, p->versus[i].lost);
    }
    return n;
}

/* The list of tournaments: one a line, the one picked marked. */
static int tourns_lines(const Ui *ui, int width, int height, UiLine *lines, int *items)
{
    const Lobby *l = ui->lobby;
    const char *mark = ui->opt.ascii ? "~" : "\u2026";
    int n = 0;
    (void)width;
    n = ui_line_add(lines, items, n, height, -1, UI_ROLE_HEADING, "%s", "Tournaments");
    if (l->tourns_error[0])
        return ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s", l->tourns_error);
    if (!l->tourns_got)
        return ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  asking the server...");
    if (l->ntourns == 0)
        return ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s",
                           "none yet: 'camelot online --text' makes one ('tourney ...')");
    n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM,
                    "  %-6s %-6s %-14s %-8s %-7s %-4s %-3s %s", "id", "kind", "variant", "clock",
                    "rated", "of", "you", "state (UTC)");
    for (int i = 0; i < l->ntourns; i++) {
        const LobbyTourn *t = &l->tourns[i];
        char head[24], variant[LOBBY_VARIANT_MAX + 4], tc[32], state[80], count[16];
        char row[sizeof lines[0].text];
        int pick = i == ui->lobby_tourn;
        size_t len = 0;
        snprintf(head, sizeof head, "%c %lld", pick ? '>' : ' ', (long long)t->id);
        snprintf(variant, sizeof variant, "%s", t->variant);
        ui_cut_to(variant, sizeof variant, 14, mark);
        snprintf(tc, sizeof tc, "%s", t->tc);
        ui_cut_to(tc, sizeof tc, 8, mark);
        snprintf(count, sizeof count, "%d", t->entrants);
        lobby_tourn_state(t, state, sizeof state);
        if (strcmp(t->status, "entry") == 0 && strlen(state) > 4)
            state[strlen(state) - 4] = '\0'; /* " UTC": the heading says so */
        put_cell(row, sizeof row, &len, head, 9);
        put_cell(row, sizeof row, &len, t->kind, 7);
        put_cell(row, sizeof row, &len, variant, 15);
        put_cell(row, sizeof row, &len, tc, 9);
        put_cell(row, sizeof row, &len, t->rated ? "rated" : "casual", 8);
        put_cell(row, sizeof row, &len, count, 5);
        put_cell(row, sizeof row, &len, t->in == 1 ? "in" : t->in == 2 ? "ask" : "", 4);
        put_cell(row, sizeof row, &len, state, 0);
        n = ui_line_add(lines, items, n, height, i,
                        pick    ? UI_ROLE_FIELD
                        : t->in ? UI_ROLE_TITLE
                                : UI_ROLE_NORMAL,
                        "%s", row);
    }
    return n;
}

/* An entrant of the standings by number, for the games of a round. */
static const char *entrant_name(const LobbyStandings *st, int entrant)
{
    for (int i = 0; i < st->nplaces; i++)
        if (st->place[i].entrant == entrant)
            return st->place[i].who;
    return "?";
}

/* One tournament: its table (a line an entrant, from the first row scrolled to), or the games
 * of one of its rounds. */
static int standings_lines(const Ui *ui, int width, int height, UiLine *lines, int *items)
{
    const Lobby *l = ui->lobby;
    const LobbyStandings *st = shown_standings(ui);
    const char *mark = ui->opt.ascii ? "~" : "\u2026";
    int n = 0;
    if (st == NULL) {
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_HEADING, "Tournament %lld",
                        (long long)ui->lobby_tid);
        return ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s",
                           l->standings_error[0] ? l->standings_error : "asking the server...");
    }
    const LobbyTourn *t = &st->t;
    char state[80];
    lobby_tourn_state(t, state, sizeof state);
    if (ui->lobby_tround > 0) {
        int idx[LOBBY_PAIRINGS_MAX];
        int ng = round_games(st, ui->lobby_tround, idx);
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_HEADING,
                        "%s %lld, round %d of %d: its games (Enter opens one)", lobby_kind_name(t),
                        (long long)t->id, ui->lobby_tround, t->rounds);
        for (int i = 0; i < ng; i++) {
            const LobbyPairing *p = &st->pairing[idx[i]];
            static const char *const results[] = {"0-1", "1/2", "1-0"};
            int pick = i == ui->lobby_tpick;
            if (p->black < 0) {
                n = ui_line_add(lines, items, n, height, i, pick ? UI_ROLE_FIELD : UI_ROLE_DIM,
                                "%c board %-2d        %s has a bye", pick ? '>' : ' ', p->board,
                                entrant_name(st, p->white));
                continue;
            }
            char game[24], white[2 * LOBBY_WHO_MAX + 4], black[2 * LOBBY_WHO_MAX + 4];
            char row[sizeof lines[0].text];
            size_t len = 0;
            snprintf(game, sizeof game, "%c board %d  game %lld", pick ? '>' : ' ', p->board,
                     (long long)p->game);
            /* Of changing partnerships, each side's two. */
            int four = p->white2 >= 0 && p->black2 >= 0;
            snprintf(white, sizeof white, "%s%s%s", entrant_name(st, p->white), four ? "+" : "",
                     four ? entrant_name(st, p->white2) : "");
            snprintf(black, sizeof black, "%s%s%s", entrant_name(st, p->black), four ? "+" : "",
                     four ? entrant_name(st, p->black2) : "");
            ui_cut_to(white, sizeof white, 24, mark);
            ui_cut_to(black, sizeof black, 24, mark);
            put_cell(row, sizeof row, &len, game, 22);
            put_cell(row, sizeof row, &len, white, 25);
            put_cell(row, sizeof row, &len, black, 25);
            put_cell(row, sizeof row, &len, p->result >= 0 ? results[p->result] : "*", 0);
            n = ui_line_add(lines, items, n, height, i, pick ? UI_ROLE_FIELD : UI_ROLE_NORMAL, "%s",
                            row);
        }
        return n;
    }
    char head[sizeof lines[0].text + 64];
    snprintf(head, sizeof head, "%s %lld: %s %s %s, %s%s", lobby_kind_name(t), (long long)t->id,
             t->variant, t->tc, t->rated ? "rated" : "casual", state,
             t->in == 1   ? ", you're in"
             : t->in == 2 ? ", a partner asks"
                          : "");
    ui_cut_to(head, sizeof head, width, mark);
    n = ui_line_add(lines, items, n, height, -1, UI_ROLE_HEADING, "%.*s",
                    (int)sizeof lines[0].text - 1, head);
    if (st->nplaces == 0)
        return ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s",
                           "nobody has entered yet: e enters");
    n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM,
                    "  %3s %-32s %6s %5s %5s %6s %3s %3s %3s", "#", "player", "rating", "score",
                    "Bh", "SB", "W", "D", "L");
    int room = height - n - 1; /* a line for the way to the rounds, or to more rows */
    int first = ui->lobby_tpick;
    if (first > st->nplaces - room)
        first = st->nplaces - room;
    if (first < 0)
        first = 0;
    for (int i = first; i < st->nplaces && n < height - 1; i++) {
        const LobbyPlace *p = &st->place[i];
        char score[16], bh[16], sb[24];
        lobby_halves_text(p->score, score, sizeof score);
        lobby_halves_text(p->buchholz, bh, sizeof bh);
        lobby_quarters_text(p->sb, sb, sizeof sb);
        char who[LOBBY_WHO_MAX + 4];
        snprintf(who, sizeof who, "%s", p->who);
        ui_cut_to(who, sizeof who, 32, mark);
        char row[sizeof lines[0].text], cell[16], rest[80];
        size_t len = 0;
        snprintf(cell, sizeof cell, "  %3d ", p->rank);
        put_cell(row, sizeof row, &len, cell, 0);
        put_cell(row, sizeof row, &len, who, 33);
        snprintf(rest, sizeof rest, "%6d %5s %5s %6s %3d %3d %3d", p->rating, score, bh, sb, p->won,
                 p->drawn, p->lost);
        put_cell(row, sizeof row, &len, rest, 0);
        n = ui_line_add(lines, items, n, height, -1,
                        strcmp(p->who, l->me) == 0 ? UI_ROLE_TITLE
                        : p->withdrawn             ? UI_ROLE_DIM
                                                   : UI_ROLE_NORMAL,
                        "%s", row);
    }
    char more[120] = "";
    if (first > 0 || first + room < st->nplaces)
        snprintf(more, sizeof more, "rows %d-%d of %d (Up/Down)  ", first + 1,
                 first + room < st->nplaces ? first + room : st->nplaces, st->nplaces);
    if (t->round > 0)
        snprintf(more + strlen(more), sizeof more - strlen(more), "Right: the games of round 1..%d",
                 t->round);
    if (more[0])
        n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  %s", more);
    return n;
}

static int ratings_lines(const Ui *ui, int width, int height, UiLine *lines, int *items)
{
    const char *variant = ratings_variant(ui);
    const LobbyTableOfRatings *t = lobby_ratings(ui->lobby, variant);
    int n = 0;
    (void)width;
    n = ui_line_add(lines, items, n, height, -1, UI_ROLE_HEADING,
                    "Ratings of %s (Left/Right: another "
                    "variant)",
                    variant);
    if (t == NULL)
        return ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "  asking the server...");
    if (t->n == 0)
        return ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM,
                           "  nobody yet: a rated game (Rated: yes in the form) makes the first");
    n = ui_line_add(lines, items, n, height, -1, UI_ROLE_DIM, "   %-4s %-32s %6s %5s %6s", "",
                    "player", "rating", "+-", "games");
    /* From the row that keeps the one picked on the page. */
    int first = ui->lobby_rated - (height - n - 1);
    for (int i = first > 0 ? first : 0; i < t->n && n < height; i++) {
        const LobbyRating *r = &t->r[i];
        int pick = i == ui->lobby_rated;
        n = ui_line_add(lines, items, n, height, i,
                        pick                                  ? UI_ROLE_FIELD
                        : strcmp(r->name, ui->lobby->me) == 0 ? UI_ROLE_TITLE
                                                              : UI_ROLE_NORMAL,
                        " %c %3d. %-32s %6d %5d %6d", pick ? '>' : ' ', i + 1, r->name, r->rating,
                        r->rd, r->games);
    }
    return n;
}

int ui_lobby_lines(const Ui *ui, uint64_t now, int width, int height, UiLine *lines, int *items)
{
    if (height <= 0)
        return 0;
    if (ui->lobby_view == UI_LOBBY_RATINGS)
        return ratings_lines(ui, width, height, lines, items);
    if (ui->lobby_view == UI_LOBBY_KEYS)
        return keys_lines(ui, width, height, lines, items);
    if (ui->lobby_view == UI_LOBBY_HISTORY)
        return history_lines(ui, width, height, lines, items);
    if (ui->lobby_view == UI_LOBBY_PROFILE)
        return profile_lines(ui, width, height, lines, items);
    if (ui->lobby_view == UI_LOBBY_TOURNS)
        return tourns_lines(ui, width, height, lines, items);
    if (ui->lobby_view == UI_LOBBY_STANDINGS)
        return standings_lines(ui, width, height, lines, items);
    return games_lines(ui, now, width, height, lines, items);
}

void ui_lobby_title(const Ui *ui, char *buf, size_t size)
{
    const Lobby *l = ui->lobby;
    char why[300];
    if (!lobby_link(l, why, sizeof why))
        snprintf(buf, size, "camelot online - %s - NOT CONNECTED: %s", l->me, why);
    else
        snprintf(buf, size, "camelot online - %s%s%s", l->me, l->where[0] ? " at " : "", l->where);
}
