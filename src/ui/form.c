/* The new-game form (variant, seats, engine levels, clocks) and the list of saved games to
 * load from. Both ask the session for what they need: the variants of its catalogue, a new
 * game, a load. With a lobby, the same form makes a game on the server: the server's variants,
 * each seat yours, open, a named player's or the engine's, a live clock or days a move, rated
 * or not.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/netgame.h"
#include "session/text.h"
#include "ui_int.h"

static const struct {
    const char *label;
    int64_t base_ms, inc_ms;
} time_controls[] = {
    {"none", 0, 0},           {"1+0", 60000, 0},    {"2+1", 120000, 1000},
    {"3+2", 180000, 2000},    {"5+0", 300000, 0},   {"10+5", 600000, 5000},
    {"15+10", 900000, 10000}, {"30+0", 1800000, 0}, {"60+30", 3600000, 30000},
};
#define NTIME ((int)(sizeof time_controls / sizeof time_controls[0]))
#define CLOCK_HELP "A clock is minutes+seconds: 7+3, 0.5+2."
#define CLOCK_HELP_NET "A clock is minutes+seconds (7+3) or days a move (14d, at most 60d)."
#define SEAT_CHOICES (1 + CM_ENGINE_LEVELS) /* a person, or an engine level */
#define SAVES_PAGE 10                       /* saves skipped by PgUp and PgDn */

/* ---- The new-game form --------------------------------------------------------------------- */

static int form_fields(const UiForm *f)
{
    return f->v->nseats + 4; /* variant, seats, time, start, lessons (on a server: variant,
                                seats, time, rated, create) */
}

/* ---- The form of a game on a server ------------------------------------------------------- */

static const struct {
    int64_t base_ms, inc_ms;
    int days;
} net_times[] = {
    {0, 0, 0},           {60000, 0, 0},     {120000, 1000, 0},  {180000, 2000, 0},
    {300000, 0, 0},      {600000, 5000, 0}, {900000, 10000, 0}, {1800000, 0, 0},
    {3600000, 30000, 0}, {0, 0, 1},         {0, 0, 3},          {0, 0, 7},
};
#define NET_NTIME ((int)(sizeof net_times / sizeof net_times[0]))
#define NET_SEAT_CHOICES (3 + CM_ENGINE_LEVELS) /* me, open, a name, an engine level */

/* The variants the form offers: the server's that this program has too (until the server's
 * list comes, this program's own). */
static int net_variants(const Ui *ui, const char **names, int max)
{
    const Lobby *l = ui->lobby;
    int n = 0;
    for (int i = 0; i < l->nvariants && n < max; i++)
        if (l->variant[i].here)
            names[n++] = l->variant[i].name;
    if (n == 0) {
        const char *const *own;
        int k = catalog_names(ui->s->env.catalog, &own);
        for (int i = 0; i < k && n < max; i++)
            if (!catalog_is_path(own[i]))
                names[n++] = own[i];
    }
    return n;
}

static void net_variant(Ui *ui, int idx)
{
    UiForm *f = &ui->form;
    const char *names[LOBBY_VARIANTS_MAX + CATALOG_NAMES];
    int n = net_variants(ui, names, (int)(sizeof names / sizeof names[0]));
    CmError err;
    if (n == 0)
        return;
    idx = (idx % n + n) % n;
    const CmVariant *v = catalog_get(ui->s->env.catalog, names[idx], NULL, &err);
    if (v == NULL) {
        snprintf(f->error, sizeof f->error, "%.60s: %.130s", names[idx], err.msg);
        return;
    }
    f->variant = idx;
    f->v = v;
    f->error[0] = '\0';
    snprintf(f->net.variant, sizeof f->net.variant, "%s", names[idx]);
    /* The seats of a new variant: yours first, the others open. */
    if (f->net.nseats != v->nseats) {
        memset(f->net.seat, 0, sizeof f->net.seat);
        for (int seat = 0; seat < v->nseats; seat++)
            f->net.seat[seat].who = seat == 0 ? LOBBY_WHO_ME : LOBBY_WHO_OPEN;
        f->net.nseats = v->nseats;
    }
    if (f->field >= form_fields(f))
        f->field = form_fields(f) - 1;
}

void ui_open_online_form(Ui *ui)
{
    UiForm *f = &ui->form;
    const char *names[LOBBY_VARIANTS_MAX + CATALOG_NAMES];
    int n = net_variants(ui, names, (int)(sizeof names / sizeof names[0]));
    const char *want = ui_online(ui) ? ui->s->setup.variant : "camelot";
    ui->form_back = ui->mode;
    if (ui->net_form_last.v != NULL) {
        /* The form as the last game was made with: its variant, seats, clock and rating. */
        *f = ui->net_form_last;
        f->field = 0;
        f->error[0] = '\0';
        for (int i = 0; i < n; i++)
            if (strcmp(names[i], f->net.variant) == 0) {
                f->variant = i;
                ui->mode = UI_MODE_NEWGAME;
                return;
            }
        want = f->net.variant; /* the server's list has changed: the variant looked for again */
    }
    memset(f, 0, sizeof *f);
    f->online = 1;
    int idx = 0;
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], want) == 0)
            idx = i;
    net_variant(ui, idx);
    if (f->v == NULL) {
        ui_message(ui, UI_ROLE_ERROR, "No variant to play: %s", f->error);
        return;
    }
    ui->mode = UI_MODE_NEWGAME;
}

/* The choice of seat 'st', as a number: 0 me, 1 open, 2 a name, 3 .. the engine's levels. */
static int seat_choice(const LobbyNewSeat *st)
{
    switch (st->who) {
    case LOBBY_WHO_ME:
        return 0;
    case LOBBY_WHO_OPEN:
        return 1;
    case LOBBY_WHO_INVITE:
        return 2;
    default:
        return 2 + st->level;
    }
}

static void net_change(Ui *ui, int d)
{
    UiForm *f = &ui->form;
    int nseats = f->v->nseats;
    if (f->field == 0) {
        net_variant(ui, f->variant + d);
    } else if (f->field <= nseats) {
        LobbyNewSeat *st = &f->net.seat[f->field - 1];
        int c = ((seat_choice(st) + d) % NET_SEAT_CHOICES + NET_SEAT_CHOICES) % NET_SEAT_CHOICES;
        st->who = c == 0   ? LOBBY_WHO_ME
                  : c == 1 ? LOBBY_WHO_OPEN
                  : c == 2 ? LOBBY_WHO_INVITE
                           : LOBBY_WHO_ENGINE;
        st->level = c >= 3 ? c - 2 : 0;
    } else if (f->field == nseats + 1) {
        f->clock_text[0] = '\0';
        f->error[0] = '\0';
        f->time = ((f->time + d) % NET_NTIME + NET_NTIME) % NET_NTIME;
        f->net.base_ms = net_times[f->time].base_ms;
        f->net.inc_ms = net_times[f->time].inc_ms;
        f->net.days = net_times[f->time].days;
    } else if (f->field == nseats + 2) {
        f->net.rated = !f->net.rated;
    }
}

/* A clock typed in its field: "7+3" (minutes, then seconds added a move; "0.5+2" too), on a
 * server also "14d" (days a move). When it is one the form may make, it is set and 1 is
 * returned; else 0, the clock as it was. */
static int clock_typed(UiForm *f)
{
    const char *t = f->clock_text;
    size_t len = strlen(t);
    int64_t base, inc;
    if (!f->online) {
        if (setup_parse_time(t, &base, &inc) != 0)
            return 0;
        f->setup.time_base_ms = base;
        f->setup.time_inc_ms = inc;
        return 1;
    }
    /* On a server: as the protocol writes it ("days:14", or seconds "420+3"), so that the
     * server's own limits decide. */
    char tc[40];
    if (len >= 2 && t[len - 1] == 'd')
        snprintf(tc, sizeof tc, "days:%.*s", (int)(len - 1), t);
    else if (setup_parse_time(t, &base, &inc) == 0 && base % 1000 == 0 && inc % 1000 == 0)
        snprintf(tc, sizeof tc, "%lld+%lld", (long long)(base / 1000), (long long)(inc / 1000));
    else
        return 0;
    int days;
    if (netgame_tc_parse(tc, &base, &inc, &days) != 0)
        return 0;
    f->net.base_ms = base;
    f->net.inc_ms = inc;
    f->net.days = days;
    return 1;
}

/* A key typed in the Clocks field: a digit, '+', '.' or (on a server) 'd' builds a clock of
 * one's own; Backspace takes one back. */
static unsigned clock_key(UiForm *f, int key)
{
    size_t len = strlen(f->clock_text);
    int part = (key >= '0' && key <= '9') || key == '+' || key == '.' || (f->online && key == 'd');
    if (part && len + 1 < sizeof f->clock_text) {
        f->clock_text[len] = (char)key;
        f->clock_text[len + 1] = '\0';
    } else if ((key == UI_KEY_BACKSPACE || key == UI_KEY_DELETE) && len > 0) {
        f->clock_text[len - 1] = '\0';
    } else {
        return 0;
    }
    f->error[0] = '\0';
    if (f->clock_text[0] && !clock_typed(f))
        snprintf(f->error, sizeof f->error, "%s", f->online ? CLOCK_HELP_NET : CLOCK_HELP);
    return UI_DRAW_ALL;
}

static unsigned net_create(Ui *ui)
{
    UiForm *f = &ui->form;
    CmError err;
    cm_error_init(&err, NULL);
    if (f->clock_text[0] && !clock_typed(f)) {
        snprintf(f->error, sizeof f->error, "%s", CLOCK_HELP_NET);
        return UI_DRAW_ALL;
    }
    if (lobby_create(ui->lobby, &f->net, &err) != CM_OK) {
        snprintf(f->error, sizeof f->error, "%s", err.msg);
        return UI_DRAW_ALL;
    }
    ui->net_form_last = *f;
    ui->mode = ui->form_back;
    ui_message(ui, UI_ROLE_NORMAL, "Asking the server for a game of %s...", f->v->title);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

unsigned ui_form_key(Ui *ui, int key)
{
    UiForm *f = &ui->form;
    if (f->field == f->v->nseats + 1)
        return clock_key(f, key);
    if (!f->online || f->field < 1 || f->field > f->v->nseats)
        return 0;
    LobbyNewSeat *st = &f->net.seat[f->field - 1];
    if (st->who != LOBBY_WHO_INVITE)
        return 0;
    size_t len = strlen(st->name);
    int name_char = (key >= 'a' && key <= 'z') || (key >= 'A' && key <= 'Z') ||
                    (key >= '0' && key <= '9') || key == '_' || key == '-' || key == '.';
    if (name_char && len < LOBBY_NAME_MAX) {
        st->name[len] = (char)key;
        st->name[len + 1] = '\0';
        return UI_DRAW_ALL;
    }
    if ((key == UI_KEY_BACKSPACE || key == UI_KEY_DELETE) && len > 0) {
        st->name[len - 1] = '\0';
        return UI_DRAW_ALL;
    }
    return 0;
}

static void form_variant(Ui *ui, int idx)
{
    UiForm *f = &ui->form;
    const char *const *names;
    int n = catalog_names(ui->s->env.catalog, &names);
    CmError err;
    const CmVariant *v;
    if (n == 0)
        return;
    idx = (idx % n + n) % n;
    v = catalog_get(ui->s->env.catalog, names[idx], NULL, &err);
    if (v == NULL) {
        snprintf(f->error, sizeof f->error, "%.60s: %.130s", names[idx], err.msg);
        return;
    }
    int had = f->v->nseats, level = SETUP_DEFAULT_LEVEL;
    f->variant = idx;
    f->v = v;
    f->error[0] = '\0';
    SessionSetup keep = f->setup;
    setup_default(&f->setup, v, names[idx]);
    f->setup.time_base_ms = keep.time_base_ms;
    f->setup.time_inc_ms = keep.time_inc_ms;
    /* Who plays stays as it was set, seat by seat, as far as the new variant has seats; a seat
     * it adds is an engine at the level of the last engine set. */
    for (int i = 0; i < had; i++)
        if (keep.seat[i].kind == SEAT_ENGINE)
            level = keep.seat[i].level;
    for (int i = 0; i < v->nseats; i++) {
        if (i < had)
            f->setup.seat[i] = keep.seat[i];
        else if (f->setup.seat[i].kind == SEAT_ENGINE)
            f->setup.seat[i].level = level;
    }
    if (f->field >= form_fields(f))
        f->field = form_fields(f) - 1;
}

void ui_open_form(Ui *ui)
{
    UiForm *f = &ui->form;
    const char *const *names;
    int n = catalog_names(ui->s->env.catalog, &names);
    memset(f, 0, sizeof *f);
    f->v = ui->s->v;
    f->setup = ui->s->setup;
    f->variant = -1;
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], f->setup.variant) == 0 || strcmp(names[i], f->v->name) == 0)
            f->variant = i;
    for (int i = 0; i < NTIME; i++)
        if (time_controls[i].base_ms == f->setup.time_base_ms &&
            time_controls[i].inc_ms == f->setup.time_inc_ms)
            f->time = i;
    ui->mode = UI_MODE_NEWGAME;
}

/* The field picked steps by 'd': the variant, a seat (0 = a person, 1 .. 10 = engine levels),
 * or the clocks. */
static void form_change(Ui *ui, int d)
{
    UiForm *f = &ui->form;
    int nseats = f->v->nseats;
    if (f->field == 0) {
        form_variant(ui, f->variant < 0 ? 0 : f->variant + d);
    } else if (f->field <= nseats) {
        SeatSetup *seat = &f->setup.seat[f->field - 1];
        int c = seat->kind == SEAT_HUMAN ? 0 : seat->level;
        c = ((c + d) % SEAT_CHOICES + SEAT_CHOICES) % SEAT_CHOICES;
        if (c > 0 && ui->s->env.engine == NULL)
            c = 0;
        seat->kind = c == 0 ? SEAT_HUMAN : SEAT_ENGINE;
        if (c > 0)
            seat->level = c;
    } else if (f->field == nseats + 1) {
        f->clock_text[0] = '\0';
        f->error[0] = '\0';
        f->time = ((f->time + d) % NTIME + NTIME) % NTIME;
        f->setup.time_base_ms = time_controls[f->time].base_ms;
        f->setup.time_inc_ms = time_controls[f->time].inc_ms;
    }
}

static unsigned form_start(Ui *ui)
{
    UiForm *f = &ui->form;
    if (f->clock_text[0] && !clock_typed(f)) {
        snprintf(f->error, sizeof f->error, "%s", CLOCK_HELP);
        return UI_DRAW_ALL;
    }
    if (session_start(ui->s, f->v, &f->setup, NULL) != CM_OK) {
        snprintf(f->error, sizeof f->error, "out of memory");
        return UI_DRAW_ALL;
    }
    ui_game_replaced(ui);
    ui_message(ui, UI_ROLE_GOOD, "New game of %s.", ui->s->v->title);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

unsigned ui_form_action(Ui *ui, UiAction act, uint64_t now)
{
    UiForm *f = &ui->form;
    int n = form_fields(f);
    if (f->online) {
        switch (act) {
        case UI_ACT_LEFT:
        case UI_ACT_RIGHT:
            net_change(ui, act == UI_ACT_LEFT ? -1 : 1);
            return UI_DRAW_ALL;
        case UI_ACT_SELECT:
            return net_create(ui);
        case UI_ACT_CANCEL:
            ui->mode = ui->form_back;
            return UI_DRAW_ALL | UI_DRAW_CLEAR;
        default:
            break;
        }
    }
    switch (act) {
    case UI_ACT_UP:
    case UI_ACT_PREV_FIELD:
        f->field = (f->field + n - 1) % n;
        break;
    case UI_ACT_DOWN:
    case UI_ACT_NEXT_FIELD:
        f->field = (f->field + 1) % n;
        break;
    case UI_ACT_LEFT:
        form_change(ui, -1);
        break;
    case UI_ACT_RIGHT:
        form_change(ui, 1);
        break;
    case UI_ACT_SELECT:
        if (f->field == n - 1)
            return ui_learn_from_form(ui, now);
        return form_start(ui);
    case UI_ACT_CANCEL:
        ui->mode = ui_board_mode(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return 0;
    }
    return UI_DRAW_ALL;
}

/* ---- The list of saved games ------------------------------------------------------------- */

unsigned ui_open_saves(Ui *ui)
{
    if (ui->s->env.data_dir == NULL) {
        ui_message(ui, UI_ROLE_ERROR, "There is no data directory to load games from.");
        return UI_DRAW_STATUS;
    }
    if (ui->saves == NULL) {
        ui->saves = malloc(UI_MAX_SAVES * sizeof *ui->saves);
        if (ui->saves == NULL)
            return 0;
    }
    ui->nsaves = session_list_saves(ui->s, ui->saves, UI_MAX_SAVES);
    if (ui->nsaves == 0) {
        ui_message(ui, UI_ROLE_ERROR, "No saved games in %s.", ui->s->env.data_dir);
        return UI_DRAW_STATUS;
    }
    ui->save_pick = 0;
    ui->mode = UI_MODE_LOAD;
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

static unsigned load_picked(Ui *ui)
{
    CmError err;
    char msg[CM_ERROR_TEXT_MAX];
    const char *path = ui->saves[ui->save_pick].path;
    if (session_load(ui->s, path, NULL, NULL, &err) != CM_OK) {
        cm_error_format(&err, msg, sizeof msg);
        ui->mode = ui_board_mode(ui);
        ui_message(ui, UI_ROLE_ERROR, "Cannot load: %s", msg);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    }
    ui_game_replaced(ui);
    char count[64];
    text_game_length(ui->s->v->nseats, ui->s->g.n, count, sizeof count);
    ui_message(ui, UI_ROLE_GOOD, "Loaded %s: %s.", path, count);
    ui_show_notice(ui);
    return UI_DRAW_ALL | UI_DRAW_CLEAR;
}

unsigned ui_saves_action(Ui *ui, UiAction act)
{
    switch (act) {
    case UI_ACT_UP:
        if (ui->save_pick > 0)
            ui->save_pick--;
        break;
    case UI_ACT_DOWN:
        if (ui->save_pick + 1 < ui->nsaves)
            ui->save_pick++;
        break;
    case UI_ACT_SCROLL_UP:
        ui->save_pick = ui->save_pick > SAVES_PAGE ? ui->save_pick - SAVES_PAGE : 0;
        break;
    case UI_ACT_SCROLL_DOWN:
        ui->save_pick =
            ui->save_pick + SAVES_PAGE < ui->nsaves ? ui->save_pick + SAVES_PAGE : ui->nsaves - 1;
        break;
    case UI_ACT_HOME:
        ui->save_pick = 0;
        break;
    case UI_ACT_END:
        ui->save_pick = ui->nsaves - 1;
        break;
    case UI_ACT_SELECT:
        return load_picked(ui);
    case UI_ACT_CANCEL:
        ui->mode = ui_board_mode(ui);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    default:
        return 0;
    }
    return UI_DRAW_ALL;
}
