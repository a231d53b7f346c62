/* 'camelot online' on the screen: what a game on a server adds to the game at one keyboard
 * (the lobby's own page is lobby_page.c): the players coming and going,
 * offers the others answer, chat, claims, watching, the result with the ratings it changed, and
 * rematches. The session and the lobby (src/session/lobby.h) speak to the server; this file
 * only turns keys into their requests and their news into words. No curses.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/news.h"
#include "session/text.h"
#include "ui_int.h"

int ui_online(const Ui *ui)
{
    return ui->lobby != NULL && ui->at_table && ui->s->active && session_on_server(ui->s);
}

CmStatus ui_init_online(Ui *ui, Session *s, Lobby *l, const UiOptions *opt)
{
    if (ui_init_screen(ui, s, opt) != CM_OK)
        return CM_ERR_NOMEM;
    ui->lobby = l;
    ui->mode = UI_MODE_LOBBY;
    ui->cursor_seat = -1;
    return CM_OK;
}

static int table(const Ui *ui, uint64_t now, LobbyTable *t)
{
    return ui_online(ui) && lobby_table(ui->lobby, ui->s, now, t) == 0;
}

/* ---- The game comes to the screen, and goes ----------------------------------------------- */

/* The session's game (its state come) on the screen. */
static unsigned open_game(Ui *ui, int64_t id, uint64_t now)
{
    CmError err;
    if (lobby_start(ui->lobby, ui->s, id, &err) != CM_OK) {
        ui_message(ui, UI_ROLE_ERROR, "Game %lld cannot be shown: %s", (long long)id, err.msg);
        return UI_DRAW_ALL;
    }
    ui->at_table = 1;
    ui->line_chat = 0;
    ui->line_export = 0;
    ui_game_replaced(ui);
    LobbyTable t;
    table(ui, now, &t);
    news_start(&ui->seen.news, ui->s, 0);
    ui->seen.rematch = 0;
    /* Who plays, each seat with its player, when that fits a row; else only the player's own
     * seat (the panel has the others, the lobby's detail line their whole names). */
    char seats[CM_MAX_SEATS * 80] = "", text[sizeof seats + 64];
    size_t len = 0;
    int mine = -1;
    for (int seat = 0; seat < t.nseats; seat++) {
        char w[80];
        news_seat(ui->s, seat, w, sizeof w);
        len += (size_t)snprintf(seats + len, sizeof seats - len, "%s%s", seat ? ", " : "", w);
        if (len >= sizeof seats)
            len = sizeof seats - 1;
        if (mine < 0 && t.seat[seat].mine)
            mine = seat;
    }
    int n = snprintf(text, sizeof text, "Game %lld, %s%s: %s.", (long long)id,
                     t.rated ? "rated" : "casual", t.spectator ? ", watched" : "", seats);
    if (n >= ui->lay.cols && mine >= 0)
        snprintf(text, sizeof text, "Game %lld, %s: you play %s.", (long long)id,
                 t.rated ? "rated" : "casual", ui->s->v->seat[mine].name);
    else if (n >= ui->lay.cols)
        snprintf(text, sizeof text, "Game %lld, %s%s.", (long long)id, t.rated ? "rated" : "casual",
                 t.spectator ? ", watched" : "");
    ui_message(ui, UI_ROLE_GOOD, "%s", text);
    if (t.asked >= 0 && t.offer != NG_OFFER_NONE) {
        ui->mode = UI_MODE_ASK;
        ui->ask = UI_ASK_OFFER;
        ui->ask_seat = t.asked;
    }
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

unsigned ui_to_lobby(Ui *ui, uint64_t now)
{
    lobby_away(ui->lobby, ui->s);
    ui->at_table = 0;
    ui->mode = UI_MODE_LOBBY;
    ui->line_chat = 0;
    ui->line_export = 0;
    ui_clear_selection(ui);
    lobby_refresh(ui->lobby, now, NULL);
    ui->msg[0] = '\0';
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

/* ---- Time ---------------------------------------------------------------------------------- */

/* An invitation, in words; a rematch of the game on the screen says how to take it. */
static void tell_invite(Ui *ui)
{
    const Lobby *l = ui->lobby;
    if (l->ninvites == 0)
        return;
    const LobbyInvite *inv = &l->invite[l->ninvites - 1];
    if (ui_online(ui) && lobby_rematch_invite(l, ui->s) == inv->id) {
        ui->seen.rematch = inv->id;
        ui_message(ui, UI_ROLE_GOOD, "%s offers a rematch (game %lld): m accepts it.", inv->from,
                   (long long)inv->id);
        return;
    }
    ui_message(ui, UI_ROLE_GOOD, "%s invites you to game %lld (%s)%s.", inv->from,
               (long long)inv->id, inv->variant,
               ui->at_table ? ": q goes to the lobby, where it is" : ": it is in your games");
}

unsigned ui_online_tick(Ui *ui, uint64_t now, int *game)
{
    Lobby *l = ui->lobby;
    unsigned flags = 0;
    lobby_tick(l, now, !ui->at_table);
    unsigned ev = lobby_news(l);
    *game = ui->at_table && ui->s->active;
    if (ev & LOBBY_EV_READY) {
        int64_t id = l->ready;
        l->ready = 0;
        if (id != 0 && ui->mode != UI_MODE_RULES) {
            *game = 0;
            return open_game(ui, id, now);
        }
    }
    if (ev & LOBBY_EV_INVITE) {
        tell_invite(ui);
        flags |= UI_DRAW_STATUS;
    }
    if (ev & LOBBY_EV_NOTICE) {
        ui_message(ui, UI_ROLE_GOOD, "The host of the server says: %s", l->notice);
        flags |= UI_DRAW_STATUS;
    }
    if (ev & LOBBY_EV_REFUSED) {
        ui_message(ui, UI_ROLE_ERROR, "The server refused: %s", l->error);
        flags |= UI_DRAW_ALL;
    }
    if ((ev & LOBBY_EV_CODE) && !ui->at_table) {
        ui_message(ui, UI_ROLE_GOOD, "Code %s: type it in the first session of your other key.",
                   l->code);
        flags |= UI_DRAW_ALL;
    }
    if ((ev & LOBBY_EV_AWAY) && !ui->at_table) /* the games page lists them */
        flags |= UI_DRAW_ALL;
    if ((ev & LOBBY_EV_PROFILE) && ui->lobby_person >= l->profile.nversus)
        ui->lobby_person = 0;
    if ((ev & LOBBY_EV_TOURNS) && ui->lobby_tourn >= l->ntourns)
        ui->lobby_tourn = l->ntourns > 0 ? l->ntourns - 1 : 0;
    if (ev & (LOBBY_EV_TOURNS | LOBBY_EV_STANDINGS))
        flags |= UI_DRAW_ALL;
    if ((ev & LOBBY_EV_TNEWS) && !ui->at_table) {
        ui_message(ui,
                   strncmp(l->tnews, "The server refused", 18) == 0 ? UI_ROLE_ERROR : UI_ROLE_GOOD,
                   "%s", l->tnews);
        flags |= UI_DRAW_ALL;
    }
    if ((ev & LOBBY_EV_HISTORY) && ui->lobby_past >= l->npast)
        ui->lobby_past = l->npast > 0 ? l->npast - 1 : 0;
    if ((ev & LOBBY_EV_KEYS) && ui->lobby_key >= l->nkeys) /* a key removed: the last one */
        ui->lobby_key = l->nkeys > 0 ? l->nkeys - 1 : 0;
    if ((ev & LOBBY_EV_DROPPED) && !ui->at_table) {
        ui_message(ui, UI_ROLE_GOOD, "The key %s is yours no more.", l->dropped);
        flags |= UI_DRAW_ALL;
    }
    if ((ev & LOBBY_EV_MADE) && !ui->at_table) {
        ui_message(ui, UI_ROLE_GOOD, "Game %lld made.", (long long)l->made);
        flags |= UI_DRAW_STATUS;
    }
    if ((ev & LOBBY_EV_LINK) && !ui->at_table) {
        char why[300];
        if (lobby_link(l, why, sizeof why))
            ui_message(ui, UI_ROLE_GOOD, "Connected to the server again.");
        else
            ui_message(ui, UI_ROLE_ERROR, "Not connected: %s.", why);
        flags |= UI_DRAW_ALL;
    }
    /* The panel gives each player's rating: a table come while the game is on the screen
     * (asked for when it opened) is shown at once, not at the next move. */
    if ((ev & LOBBY_EV_RATINGS) && ui->at_table)
        flags |= UI_DRAW_PANEL;
    if (ui->mode == UI_MODE_LOBBY) {
        if (ev & (LOBBY_EV_GAMES | LOBBY_EV_RATINGS | LOBBY_EV_VARIANTS | LOBBY_EV_KEYS |
                  LOBBY_EV_HISTORY | LOBBY_EV_PROFILE))
            flags |= UI_DRAW_ALL;
        /* The clocks of the player's games count down. */
        if (now / 1000 != ui->seen.tick_s) {
            ui->seen.tick_s = now / 1000;
            flags |= UI_DRAW_ALL;
        }
    }
    return flags;
}

/* One piece of news of the game on the screen, in its message line: of news that come
 * together, the last is what stays. */
static void tell_one(void *ud, const News *n)
{
    Ui *ui = ud;
    const Session *s = ui->s;
    char w[80], w2[80];
    if (n->seat >= 0)
        news_seat(s, n->seat, w, sizeof w);
    switch (n->kind) {
    case NEWS_LINK:
        if (n->up)
            ui_message(ui, UI_ROLE_GOOD, "Connected to the server again: the game goes on.");
        else
            ui_message(ui, UI_ROLE_ERROR, "Not connected: %s.", n->text);
        break;
    case NEWS_REFUSED:
        ui_message(ui, UI_ROLE_ERROR, "The server refused: %s", n->text);
        break;
    case NEWS_TAKEN_BACK:
        if (n->from >= 0) {
            char took[240];
            ui_message(ui, UI_ROLE_NORMAL, "The move was taken back: %s.",
                       news_takeback_who(s, n->from, took, sizeof took));
        } else {
            ui_message(ui, UI_ROLE_NORMAL, "The move was taken back.");
        }
        break;
    case NEWS_MOVE:
        break; /* the board shows it */
    case NEWS_PRESENCE:
        if (n->up)
            ui_message(ui, UI_ROLE_GOOD, "%s is back.", w);
        else
            ui_message(ui, UI_ROLE_ERROR, "%s has lost the connection to the game.", w);
        break;
    case NEWS_CHAT:
        /* The chat of the room this player is in: the panel shows it. */
        if (n->mine)
            ui_message(ui, UI_ROLE_NORMAL, "%s: %s", n->name, n->text);
        break;
    case NEWS_BEGINS:
        ui_message(ui, UI_ROLE_GOOD, "Every seat is taken: the game begins.");
        break;
    case NEWS_OFFER:
        if (!n->up)
            break; /* its end says both */
        if (n->mine)
            ui_message(ui, UI_ROLE_NORMAL, "You %s: the others answer.",
                       n->offer == NG_OFFER_DRAW       ? "offer a draw"
                       : n->offer == NG_OFFER_TAKEBACK ? "ask to take back your last move"
                                                       : "want to resign for the team");
        else
            ui_message(ui, UI_ROLE_NORMAL, "%s %s.", w, news_offer_words(n->offer, 0));
        break;
    case NEWS_ACCEPT:
        ui_message(ui, UI_ROLE_NORMAL, "%s accepts.", w);
        break;
    case NEWS_DECLINE: {
        /* Who offered and who declined, and why when it is known; in a row: the shorter
         * sentences first leave out the offer (told as it was made), then the why. */
        const char *why = n->text ? n->text : "";
        char text[400];
        int len = -1;
        if (n->made)
            len = snprintf(text, sizeof text, "%s %s, and %s declined%s%s.",
                           news_seat(s, n->from, w2, sizeof w2), news_offer_words(n->offer, 1), w,
                           why[0] ? ": " : "", why);
        if (len < 0 || len >= ui->lay.cols)
            len = snprintf(text, sizeof text, "%s declines%s%s.", w, why[0] ? ": " : "", why);
        if (len >= ui->lay.cols)
            snprintf(text, sizeof text, "%s declines.", w);
        ui_message(ui, UI_ROLE_NORMAL, "%s", text);
        break;
    }
    case NEWS_OFFER_OVER:
        break; /* a move taken back, or played: the board shows it */
    case NEWS_OVER:
        if (ui->mode == UI_MODE_PLAY || ui->mode == UI_MODE_LINE || ui->mode == UI_MODE_ASK) {
            ui->mode = UI_MODE_OVER;
            ui->line_chat = 0;
        }
        ui->msg[0] = '\0'; /* the box says how it ended */
        break;
    case NEWS_RATING:
        break; /* the panel shows it */
    }
}

/* The question of an offer, put to this player while it is open, and taken away after. */
static unsigned ask_offer(Ui *ui, const LobbyTable *t)
{
    if (t->offer != NG_OFFER_NONE && t->asked >= 0 && t->status == LOBBY_PLAYING &&
        (ui->mode == UI_MODE_PLAY || (ui->mode == UI_MODE_LINE && !ui->line_chat)) &&
        !ui->line_export) {
        ui_clear_selection(ui);
        ui->mode = UI_MODE_ASK;
        ui->ask = UI_ASK_OFFER;
        ui->ask_seat = t->asked;
        return UI_DRAW_ALL;
    }
    if (ui->mode == UI_MODE_ASK && ui->ask == UI_ASK_OFFER &&
        (t->offer == NG_OFFER_NONE || t->asked < 0)) {
        ui->mode = ui_board_mode(ui);
        return UI_DRAW_ALL;
    }
    return 0;
}

unsigned ui_online_news(Ui *ui, unsigned ev, uint64_t now)
{
    LobbyTable t;
    if (!table(ui, now, &t))
        return 0;
    char before[sizeof ui->msg];
    memcpy(before, ui->msg, sizeof before);
    session_news(ui->s, ev, &ui->seen.news, tell_one, ui);
    unsigned flags = ask_offer(ui, &t);
    if (strcmp(before, ui->msg) != 0 ||
        (ev & (SESSION_EV_NET | SESSION_EV_REFUSED | SESSION_EV_OVER | SESSION_EV_MOVED |
               SESSION_EV_OFFER)))
        flags |= UI_DRAW_ALL; /* the ratings the end changed come after it */
    if (ev & (SESSION_EV_PRESENCE | SESSION_EV_CHAT))
        flags |= UI_DRAW_PANEL | UI_DRAW_STATUS;
    /* While a player is gone the panel counts the seconds, and the teaching line says when
     * the claim comes: drawn each second, with a clock or without. */
    int gone = 0;
    for (int seat = 0; seat < t.nseats; seat++)
        gone |= !t.seat[seat].present;
    if (gone && t.status == LOBBY_PLAYING && now / 1000 != ui->seen.tick_s) {
        ui->seen.tick_s = now / 1000;
        flags |= UI_DRAW_PANEL | UI_DRAW_STATUS;
    }
    int64_t rematch = t.status == LOBBY_OVER ? lobby_rematch_invite(ui->lobby, ui->s) : 0;
    if (rematch != 0 && rematch != ui->seen.rematch)
        tell_invite(ui);
    return flags;
}

/* ---- Keys of a game on a server ----------------------------------------------------------- */

unsigned ui_say_refused(Ui *ui, const CmError *err)
{
    ui_message(ui, UI_ROLE_ERROR, "%s.", err->msg);
    return UI_DRAW_STATUS;
}

unsigned ui_chat_begin(Ui *ui)
{
    ui_clear_selection(ui);
    ui->line_back = ui->mode == UI_MODE_OVER ? UI_MODE_OVER : UI_MODE_PLAY;
    ui->mode = UI_MODE_LINE;
    ui->line_chat = 1;
    ui->line[0] = '\0';
    ui->line_len = 0;
    ui->msg[0] = '\0';
    return UI_DRAW_BOARD | UI_DRAW_STATUS;
}

unsigned ui_chat_enter(Ui *ui)
{
    CmError err;
    ui->mode = ui->line_back;
    ui->line_chat = 0;
    if (ui->line_len == 0)
        return UI_DRAW_STATUS;
    cm_error_init(&err, NULL);
    if (lobby_say(ui->s, ui->line, &err) != CM_OK)
        return ui_say_refused(ui, &err);
    ui->line[0] = '\0';
    ui->line_len = 0;
    ui->msg[0] = '\0';
    return UI_DRAW_ALL;
}

unsigned ui_offer_answer(Ui *ui, int yes, uint64_t now)
{
    ui->mode = ui_board_mode(ui);
    if (session_answer_draw(ui->s, yes, now) != CM_OK) {
        ui_message(ui, UI_ROLE_ERROR, "No offer waits for your answer now.");
        return UI_DRAW_ALL;
    }
    ui_message(ui, UI_ROLE_NORMAL, "You %s; the server tells everyone.",
               yes ? "accept" : "decline");
    return UI_DRAW_ALL;
}

/* 'R': resign (asked first, as at one keyboard). */
static unsigned act_resign(Ui *ui, const LobbyTable *t)
{
    int seat = session_resigner(ui->s);
    if (t->spectator || seat < 0 || t->status != LOBBY_PLAYING) {
        ui_message(ui, UI_ROLE_ERROR, "%s",
                   t->spectator ? "You are watching this game." : "The game is not going on.");
        return UI_DRAW_STATUS;
    }
    return ui_ask(ui, UI_ASK_RESIGN, seat);
}

static unsigned act_draw(Ui *ui, const LobbyTable *t, uint64_t now)
{
    if (t->spectator || t->status != LOBBY_PLAYING) {
        ui_message(ui, UI_ROLE_ERROR, "%s",
                   t->spectator ? "You are watching this game." : "The game is not going on.");
        return UI_DRAW_STATUS;
    }
    if (t->offer != NG_OFFER_NONE) {
        ui_message(ui, UI_ROLE_ERROR, "An offer is being answered.");
        return UI_DRAW_STATUS;
    }
    if (session_offer_draw(ui->s, now) != CM_OK) {
        char why[300];
        lobby_link(ui->lobby, why, sizeof why);
        ui_message(ui, UI_ROLE_ERROR, "Not sent: %s.", why[0] ? why : "the server is not there");
        return UI_DRAW_STATUS;
    }
    ui_message(ui, UI_ROLE_NORMAL, "You offer a draw: the others answer.");
    return UI_DRAW_STATUS;
}

static unsigned act_takeback(Ui *ui, const LobbyTable *t)
{
    CmError err;
    if (t->offer != NG_OFFER_NONE) {
        ui_message(ui, UI_ROLE_ERROR, "An offer is being answered.");
        return UI_DRAW_STATUS;
    }
    cm_error_init(&err, NULL);
    if (lobby_takeback(ui->s, &err) != CM_OK)
        return ui_say_refused(ui, &err);
    ui_message(ui, UI_ROLE_NORMAL, "You ask to take back your last move: the others answer.");
    return UI_DRAW_STATUS;
}

/* 'C': against a player to move who has been gone long enough. */
static unsigned act_claim(Ui *ui, const LobbyTable *t)
{
    CmError err;
    int seat = ui->s->g.pos.to_move;
    char w[80];
    if (t->spectator || t->status != LOBBY_PLAYING) {
        ui_message(ui, UI_ROLE_ERROR, "%s",
                   t->spectator ? "You are watching this game." : "The game is not going on.");
        return UI_DRAW_STATUS;
    }
    news_seat(ui->s, seat, w, sizeof w);
    if (t->seat[seat].present) {
        ui_message(ui, UI_ROLE_ERROR, "%s is here: there is nothing to claim.", w);
        return UI_DRAW_STATUS;
    }
    cm_error_init(&err, NULL);
    int engine = t->nseats > 2;
    if (lobby_claim(ui->s, engine, &err) != CM_OK)
        return ui_say_refused(ui, &err);
    ui_message(ui, UI_ROLE_NORMAL, "You claim %s: the server decides.",
               engine ? "the seat for the engine" : "the game");
    return UI_DRAW_STATUS;
}

/* 'm' after the game: accept the rematch offered, or offer one. */
static unsigned act_rematch(Ui *ui, const LobbyTable *t)
{
    CmError err;
    int64_t offered = lobby_rematch_invite(ui->lobby, ui->s);
    cm_error_init(&err, NULL);
    if (offered != 0) {
        if (lobby_join(ui->lobby, offered, 0, &err) != CM_OK)
            return ui_say_refused(ui, &err);
        ui_message(ui, UI_ROLE_NORMAL, "You take your seat in game %lld.", (long long)offered);
        return UI_DRAW_STATUS;
    }
    LobbyNew g;
    if (t->spectator || lobby_rematch_of(ui->lobby, ui->s, &g) != 0) {
        ui_message(ui, UI_ROLE_ERROR, "You did not play this game.");
        return UI_DRAW_STATUS;
    }
    if (lobby_create(ui->lobby, &g, &err) != CM_OK)
        return ui_say_refused(ui, &err);
    ui_message(ui, UI_ROLE_NORMAL, "A rematch, the seats turned round: the others are invited.");
    return UI_DRAW_STATUS;
}

/* A key of the board or the game-over box that means something else on a server. */
unsigned ui_online_action(Ui *ui, UiAction act, uint64_t now, int *handled)
{
    LobbyTable t;
    *handled = 1;
    if (!table(ui, now, &t)) {
        *handled = 0;
        return 0;
    }
    int watching = t.spectator;
    switch (act) {
    case UI_ACT_QUIT:
        return ui_to_lobby(ui, now);
    case UI_ACT_CHAT:
        return ui_chat_begin(ui);
    case UI_ACT_HINT:
        if (t.rated) {
            ui_message(ui, UI_ROLE_ERROR, "No hints in a rated game.");
            return UI_DRAW_STATUS;
        }
        *handled = 0;
        return 0;
    case UI_ACT_UNDO:
        if (watching || ui->mode == UI_MODE_OVER)
            break;
        return act_takeback(ui, &t);
    case UI_ACT_RESIGN:
        return act_resign(ui, &t);
    case UI_ACT_DRAW:
        return act_draw(ui, &t, now);
    case UI_ACT_CLAIM:
        return act_claim(ui, &t);
    case UI_ACT_REMATCH:
        return act_rematch(ui, &t);
    case UI_ACT_NEW:
        ui_open_online_form(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    case UI_ACT_TYPE_MOVE:
        if (session_human_to_move(ui->s) && !t.pending && t.status == LOBBY_PLAYING) {
            *handled = 0;
            return 0;
        }
        /* The line opens whoever is to move: Enter on it empty opens the chat line. */
        ui_clear_selection(ui);
        ui->mode = UI_MODE_LINE;
        ui->line[0] = '\0';
        ui->line_len = 0;
        ui->msg[0] = '\0';
        return UI_DRAW_BOARD | UI_DRAW_STATUS;
    case UI_ACT_SELECT:
        if (watching) {
            ui_message(ui, UI_ROLE_NORMAL,
                       "You are watching this game: c chats with the others "
                       "watching, q goes back to the lobby.");
            return UI_DRAW_STATUS;
        }
        if (t.status == LOBBY_WAITING) {
            ui_message(ui, UI_ROLE_NORMAL, "The game begins when every seat is taken.");
            return UI_DRAW_STATUS;
        }
        if (t.pending) {
            ui_message(ui, UI_ROLE_NORMAL, "Your move waits for the server's answer.");
            return UI_DRAW_STATUS;
        }
        if (!session_human_to_move(ui->s) && t.status == LOBBY_PLAYING) {
            char w[80];
            news_seat(ui->s, ui->s->g.pos.to_move, w, sizeof w);
            ui_message(ui, UI_ROLE_NORMAL, "It is %s's turn.", w);
            return UI_DRAW_STATUS;
        }
        *handled = 0;
        return 0;
    case UI_ACT_REDO:
    case UI_ACT_SAVE:
    case UI_ACT_LOAD:
    case UI_ACT_MOVE_NOW:
    case UI_ACT_PAUSE:
    case UI_ACT_PACE_DOWN:
    case UI_ACT_PACE_UP:
    case UI_ACT_EDIT:
        break;
    default:
        *handled = 0;
        return 0;
    }
    if (act == UI_ACT_SAVE)
        ui_message(ui, UI_ROLE_ERROR, "The server keeps the game: x exports its record.");
    else
        ui_message(ui, UI_ROLE_ERROR, "That key is for a game at one keyboard, not on a server.");
    return UI_DRAW_STATUS;
}

int ui_line_add(UiLine *lines, int *items, int n, int max, int item, int role, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int added = ui_line_vadd(lines, n, max, role, -1, fmt, ap);
    va_end(ap);
    if (items != NULL && added > n)
        items[n] = item;
    return added;
}

/* ---- What a game on a server shows ------------------------------------------------------- */

void ui_online_title(const Ui *ui, char *buf, size_t size)
{
    LobbyTable t;
    char why[300];
    buf[0] = '\0';
    if (!table(ui, ui->now, &t))
        return;
    if (!lobby_link(ui->lobby, why, sizeof why))
        snprintf(buf, size, "  OFFLINE");
    else if (t.spectator)
        snprintf(buf, size, "  game %lld, watching", (long long)t.id);
    else
        snprintf(buf, size, "  game %lld%s", (long long)t.id, t.rated ? ", rated" : "");
}

int ui_online_status(const Ui *ui, char *buf, size_t size)
{
    LobbyTable t;
    char w[80], why[300];
    if (!table(ui, ui->now, &t))
        return 0;
    if (ui->mode == UI_MODE_LINE && ui->line_chat) {
        snprintf(buf, size, "%s (Enter sends, Esc cancels): %s",
                 t.spectator ? "Say to those watching" : "Say", ui->line);
        return 1;
    }
    if (ui->mode == UI_MODE_LINE && !ui->line_export && !session_human_to_move(ui->s)) {
        snprintf(buf, size, "Not your move: Enter on the empty line opens the chat. %s", ui->line);
        return 1;
    }
    if (ui->mode == UI_MODE_ASK && ui->ask == UI_ASK_OFFER) {
        if (t.offer_from < 0) {
            snprintf(buf, size, "The offer is over.");
            return 1;
        }
        news_seat(ui->s, t.offer_from, w, sizeof w);
        snprintf(buf, size, "%s %s. Do you accept? (y/n)", w, news_offer_words(t.offer, 0));
        return 1;
    }
    if (ui->mode != UI_MODE_PLAY)
        return 0;
    if (!lobby_link(ui->lobby, why, sizeof why)) {
        snprintf(buf, size, "Offline: the game goes on when the connection is back.");
        return 1;
    }
    if (t.status == LOBBY_WAITING) {
        /* Whom each free seat waits for; without the names when they would take more than
         * two rows (the panel has them). */
        for (int named = 1; named >= 0; named--) {
            size_t len = (size_t)snprintf(buf, size, "Waiting for players:");
            const char *sep = " ";
            for (int seat = 0; seat < t.nseats && len < size; seat++) {
                const LobbyPlayer *p = &t.seat[seat];
                const char *seat_name = ui->s->v->seat[seat].name;
                if (p->kind == LOBBY_SEAT_OPEN)
                    len += (size_t)snprintf(buf + len, size - len, "%s%s is open", sep, seat_name);
                else if (p->kind == LOBBY_SEAT_INVITED && named)
                    len += (size_t)snprintf(buf + len, size - len, "%s%s waits for @%s", sep,
                                            seat_name, p->name);
                else if (p->kind == LOBBY_SEAT_INVITED)
                    len +=
                        (size_t)snprintf(buf + len, size - len, "%s%s is invited", sep, seat_name);
                else
                    continue;
                sep = ", ";
            }
            if (len < size)
                len += (size_t)snprintf(buf + len, size - len,
                                        ". The game begins when every seat is taken.");
            if (len < 2 * (size_t)(ui->lay.cols > 20 ? ui->lay.cols - 10 : 10))
                break;
        }
        return 1;
    }
    if (t.status != LOBBY_PLAYING)
        return 0;
    int seat = ui->s->g.pos.to_move;
    news_seat(ui->s, seat, w, sizeof w);
    if (t.pending) {
        snprintf(buf, size, "Your move is sent; the server answers.");
        return 1;
    }
    if (t.spectator) {
        snprintf(buf, size, "You are watching: %s to move.", w);
        return 1;
    }
    if (session_human_to_move(ui->s))
        return 0; /* the game's own teaching line */
    if (!t.seat[seat].present && t.seat[seat].kind == LOBBY_SEAT_PLAYER) {
        if (t.claim_s > 0 && t.seat[seat].away_s >= t.claim_s)
            snprintf(buf, size, "%s has been gone %lld s: C claims %s.", w,
                     (long long)t.seat[seat].away_s,
                     t.nseats > 2 ? "the seat for the engine" : "the game");
        else
            snprintf(buf, size, "%s to move, and gone for %lld s.", w,
                     (long long)t.seat[seat].away_s);
        return 1;
    }
    if (t.until[0])
        snprintf(buf, size, "%s to move, within %s.", w, t.until);
    else
        snprintf(buf, size, "%s to move.", w);
    return 1;
}

/* "away 12s", "away 3m" */
static void away_words(int64_t s, char *buf, size_t size)
{
    if (s < 120)
        snprintf(buf, size, "away %llds", (long long)s);
    else if (s < 7200)
        snprintf(buf, size, "away %lldm", (long long)(s / 60));
    else
        snprintf(buf, size, "away %lldh", (long long)(s / 3600));
}

int ui_online_panel(const Ui *ui, uint64_t now, int width, UiLine *lines, int max)
{
    LobbyTable t;
    const Session *s = ui->s;
    const CmVariant *v = s->v;
    int n = 0;
    if (!table(ui, now, &t))
        return 0;
    int nseats = v->nseats < CM_MAX_SEATS ? v->nseats : CM_MAX_SEATS;
    const char *mark = ui->opt.ascii ? "~" : "\u2026";
    char clock[CM_MAX_SEATS][24], name[CM_MAX_SEATS][LOBBY_NAME_MAX + 8], state[CM_MAX_SEATS][32];
    int clock_w = 0, state_w = 0, seat_w = 0, name_w = 0;
    for (int seat = 0; seat < nseats; seat++) {
        const LobbyPlayer *p = &t.seat[seat];
        clock[seat][0] = '\0';
        if (t.status == LOBBY_PLAYING && s->setup.time_base_ms > 0)
            text_clock(session_clock_left(s, seat, now), clock[seat], sizeof clock[seat]);
        if (p->kind == LOBBY_SEAT_ENGINE)
            snprintf(name[seat], sizeof name[seat], "engine %d", p->level);
        else if (p->kind == LOBBY_SEAT_OPEN)
            snprintf(name[seat], sizeof name[seat], "(open)");
        else if (p->kind == LOBBY_SEAT_INVITED)
            snprintf(name[seat], sizeof name[seat], "@%s", p->name);
        else
            snprintf(name[seat], sizeof name[seat], "%s", p->name);
        /* Beside the name, who it is to this player, or how long gone, or the rating. */
        char *st = state[seat];
        st[0] = '\0';
        if (p->kind == LOBBY_SEAT_PLAYER && !p->present && !p->mine)
            away_words(p->away_s, st, sizeof state[seat]);
        else if (p->mine && p->rating > 0)
            snprintf(st, sizeof state[seat], "you %d", p->rating);
        else if (p->mine)
            snprintf(st, sizeof state[seat], "you");
        else if (p->kind == LOBBY_SEAT_PLAYER && p->rating > 0)
            snprintf(st, sizeof state[seat], "%d", p->rating);
        if ((int)strlen(clock[seat]) > clock_w)
            clock_w = (int)strlen(clock[seat]);
        if ((int)strlen(st) > state_w)
            state_w = (int)strlen(st);
        if ((int)strlen(v->seat[seat].name) > seat_w)
            seat_w = (int)strlen(v->seat[seat].name);
        if ((int)strlen(name[seat]) > name_w)
            name_w = (int)strlen(name[seat]);
    }
    /* The names take what the line leaves (after the seat's swatch, the mark of the seat to
     * move, its name, the state and the clock); one longer than that is cut with a mark (the
     * lobby's detail line and the result have it whole). */
    int name_room =
        width - 2 - 1 - seat_w - 1 - (state_w ? state_w + 1 : 0) - (clock_w ? clock_w + 1 : 0);
    if (name_w > name_room)
        name_w = name_room > 4 ? name_room : 4;
    n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_HEADING, "%s",
                    t.spectator ? "Players (you watch)" : "Players");
    for (int seat = 0; seat < nseats; seat++) {
        const LobbyPlayer *p = &t.seat[seat];
        ui_cut_to(name[seat], sizeof name[seat], name_w, mark);
        int turn = t.status == LOBBY_PLAYING && ui_shown_position(ui)->to_move == seat;
        int pad = name_w - ui_columns(name[seat]);
        n = ui_line_add(lines, NULL, n, max, -1, turn ? UI_ROLE_TITLE : UI_ROLE_NORMAL,
                        "%s%-*s %s%*s%s%-*s%s%*s", turn ? ">" : " ", seat_w, v->seat[seat].name,
                        name[seat], pad > 0 ? pad : 0, "", state_w ? " " : "", state_w, state[seat],
                        clock_w ? " " : "", clock_w, clock[seat]);
        lines[n - 1].seat = seat;
        if (!p->present && p->kind == LOBBY_SEAT_PLAYER)
            lines[n - 1].role = UI_ROLE_ERROR;
    }
    if (t.until[0])
        n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_DIM, "To move within %s", t.until);
    if (v->nteams < v->nseats) {
        char teams[128];
        ui_teams_text(v, teams, sizeof teams);
        n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_DIM, "Teams: %s", teams);
    }
    if (t.offer != NG_OFFER_NONE && t.offer_from >= 0 && t.offer_from < nseats) {
        /* "Green (Bedivere_t… would resign": the seat, and its player's name in what is left. */
        const char *what = t.offer == NG_OFFER_DRAW       ? "offers a draw"
                           : t.offer == NG_OFFER_TAKEBACK ? "asks a takeback"
                                                          : "would resign";
        const LobbyPlayer *p = &t.seat[t.offer_from];
        char who[LOBBY_NAME_MAX + 8];
        if (p->kind == LOBBY_SEAT_ENGINE)
            snprintf(who, sizeof who, "engine %d", p->level);
        else
            snprintf(who, sizeof who, "%s", p->mine ? "you" : p->name);
        ui_cut_to(who, sizeof who,
                  width - (int)strlen(v->seat[t.offer_from].name) - 4 - (int)strlen(what), mark);
        n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_GOOD, "%s (%s) %s",
                        v->seat[t.offer_from].name, who, what);
    }
    /* The chat: the last messages that fit in a few lines, each cut to a line. */
    int room = max - n - 6;
    int shown = t.nshown < 4 ? t.nshown : 4;
    if (shown > room - 1)
        shown = room - 1;
    n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_HEADING, "%s",
                    t.spectator ? "Chat of those watching (c)" : "Chat (c)");
    if (t.nshown == 0)
        n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_DIM, "(none yet)");
    for (int i = t.nshown - (shown > 0 ? shown : 0); shown > 0 && i < t.nshown; i++) {
        n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_NORMAL, "%s: %s", t.chat[i].name,
                        t.chat[i].text);
        if (width > 0 && width < (int)sizeof lines[0].text)
            lines[n - 1].text[width] = '\0';
    }
    return n;
}

int ui_online_over_lines(const Ui *ui, UiLine *lines, int max)
{
    LobbyTable t;
    const CmVariant *v = ui->s->v;
    int n = 0;
    if (!table(ui, ui->now, &t))
        return 0;
    static const char *const results[LOBBY_RESULT_COUNT] = {"", "won", "lost", "draw"};
    n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_HEADING, "Game over");
    n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_TITLE, "%s",
                    t.sentence[0] ? t.sentence : t.result);
    n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_NORMAL, " ");
    /* Each name whole: the longest, 32 characters and " (you)", still fits 80 columns. */
    char name[CM_MAX_SEATS][LOBBY_NAME_MAX + 8];
    int name_w = 0, nseats = t.nseats < CM_MAX_SEATS ? t.nseats : CM_MAX_SEATS;
    for (int seat = 0; seat < nseats; seat++) {
        const LobbyPlayer *p = &t.seat[seat];
        if (p->kind == LOBBY_SEAT_ENGINE)
            snprintf(name[seat], sizeof name[seat], "engine %d", p->level);
        else
            snprintf(name[seat], sizeof name[seat], "%s%s", p->name, p->mine ? " (you)" : "");
        if ((int)strlen(name[seat]) > name_w)
            name_w = (int)strlen(name[seat]);
    }
    for (int seat = 0; seat < nseats; seat++) {
        const LobbyPlayer *p = &t.seat[seat];
        char rating[48] = "";
        if (p->has_change)
            snprintf(rating, sizeof rating, "%d -> %d (%+d)", p->rating_old, p->rating,
                     p->rating - p->rating_old);
        else if (p->rating > 0)
            snprintf(rating, sizeof rating, "%d", p->rating);
        n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_NORMAL, "%-7.7s %-*s %-5s %s",
                        v->seat[seat].name, name_w, name[seat], results[p->result], rating);
        lines[n - 1].seat = seat;
    }
    /* The server rates no game that ended before every seat had moved. */
    if (t.unrated_early)
        n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_DIM,
                        "Not rated: it ended before every seat had moved.");
    n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_NORMAL, " ");
    int64_t offered = lobby_rematch_invite(ui->lobby, ui->s);
    n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_NORMAL,
                    "a    the engine's review of the game");
    n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_NORMAL, "v    review the moves");
    n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_NORMAL, "x    export the record");
    if (offered != 0)
        n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_GOOD,
                        "m    accept the rematch (game %lld)", (long long)offered);
    else if (!t.spectator)
        n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_NORMAL,
                        "m    rematch, the seats turned round");
    n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_NORMAL, "c    chat");
    n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_NORMAL, "q    back to the lobby");
    n = ui_line_add(lines, NULL, n, max, -1, UI_ROLE_NORMAL, "Esc  look at the board");
    return n;
}

const char *ui_online_keys(const Ui *ui)
{
    LobbyTable t;
    if (ui->mode == UI_MODE_LOBBY && ui->lobby_quit)
        return "y leave the server  any other key stays";
    if (ui->mode == UI_MODE_LOBBY)
        return ui->lobby_view == UI_LOBBY_RATINGS
                   ? "Up/Down pick  Enter their page  Left/Right variant  g games  q quit"
               : ui->lobby_view == UI_LOBBY_KEYS
                   ? "Up/Down pick  n code to add a key  d remove  Esc games  ? help  q quit"
               : ui->lobby_view == UI_LOBBY_PROFILE
                   ? "Up/Down pick  Enter their page  p yours  Esc games  ? help  q quit"
               : ui->lobby_view == UI_LOBBY_HISTORY
                   ? "Up/Down pick  Enter open  Left/Right newer/older  Esc games  ? help  q quit"
               : ui->lobby_view == UI_LOBBY_TOURNS
                   ? "Up/Down pick  Enter standings  e enter/withdraw  r again  Esc games  q quit"
               : ui->lobby_view == UI_LOBBY_STANDINGS && ui->lobby_tround > 0
                   ? "Up/Down pick  Enter open the game  Left/Right round  Esc list  q quit"
               : ui->lobby_view == UI_LOBBY_STANDINGS
                   ? "Right rounds  Up/Down scroll  e enter/withdraw  x crosstable  Esc list  q "
                     "quit"
                   : "Enter play  n new  g ratings  h history  t tourneys  K keys  ? help  q quit";
    if (!table(ui, ui->now, &t))
        return "";
    if (ui->mode == UI_MODE_LINE && ui->line_chat)
        return "Enter send  Esc cancel  Backspace delete";
    /* A watcher has no rematch to ask for. */
    if (ui->mode == UI_MODE_OVER)
        return t.spectator ? "a analyse  v review  x export  c chat  q lobby"
                           : "a analyse  v review  x export  m rematch  c chat  q lobby";
    if (ui->mode != UI_MODE_PLAY)
        return NULL;
    if (t.spectator)
        return "c chat  v review  f flip  ? help  q lobby";
    return "arrows+Enter move  : type  c chat  D draw  u takeback  R resign  q lobby";
}
