/* A game played over the network, built from its events.
 * SPDX-License-Identifier: MIT */
#include "netgame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/error.h"
#include "camelot/notation.h"
#include "camelot/record.h"
#include "camelot/grow.h"

void netgame_init(NetGame *ng, int64_t id, Catalog *cat)
{
    memset(ng, 0, sizeof *ng);
    ng->cat = cat;
    ng->id = id;
    ng->offer_from = -1;
    ng->offer_declined = -1;
    ng->last_offer_from = -1;
    ng->outcome.winner = -1;
}

void netgame_free(NetGame *ng)
{
    if (ng->v != NULL)
        cm_game_free(&ng->g);
    free(ng->move_id);
    ng->move_id = NULL;
    ng->move_id_cap = 0;
    ng->v = NULL;
}

const char *netgame_status_name(NgStatus s)
{
    static const char *const names[NG_STATUS_COUNT] = {"waiting", "playing", "over"};
    return (unsigned)s < NG_STATUS_COUNT ? names[s] : "?";
}

const char *netgame_offer_name(NgOfferKind k)
{
    static const char *const names[NG_OFFER_KIND_COUNT] = {"none", "draw", "takeback", "resign"};
    return (unsigned)k < NG_OFFER_KIND_COUNT ? names[k] : "?";
}

/* ---- Reading the words of events ------------------------------------------------------------ */

int netgame_seat_by_letter(const NetGame *ng, const char *letter)
{
    if (ng->v == NULL || letter[0] == '\0' || letter[1] != '\0')
        return -1;
    for (int seat = 0; seat < ng->v->nseats; seat++)
        if (ng->v->seat[seat].letter == letter[0])
            return seat;
    return -1;
}

int netgame_seat_of(const NetGame *ng, const char *name, unsigned *seats_out)
{
    int first = -1;
    unsigned bits = 0;
    int n = ng->v != NULL ? ng->v->nseats : 0;
    for (int seat = 0; seat < n; seat++)
        if (ng->seat[seat].kind == NG_PLAYER && strcmp(ng->seat[seat].name, name) == 0) {
            bits |= 1u << seat;
            if (first < 0)
                first = seat;
        }
    if (seats_out != NULL)
        *seats_out = bits;
    return first;
}

/* Reads who holds a seat: "open", "engine:N", "@NAME" (invited) or "NAME". */
static int parse_who(const char *w, NgSeat *out)
{
    memset(out, 0, sizeof *out);
    if (strcmp(w, "open") == 0) {
        out->kind = NG_OPEN;
        return 0;
    }
    if (strncmp(w, "engine:", 7) == 0) {
        int64_t level;
        if (!net_int(w + 7, 1, 10, &level))
            return -1;
        out->kind = NG_ENGINE;
        out->level = (int)level;
        return 0;
    }
    out->kind = NG_PLAYER;
    if (w[0] == '@') {
        out->kind = NG_INVITED;
        w++;
    }
    if (!net_name_ok(w))
        return -1;
    snprintf(out->name, sizeof out->name, "%s", w);
    return 0;
}

static size_t who_text(const NgSeat *s, char *buf, size_t size)
{
    switch (s->kind) {
    case NG_OPEN:
        return (size_t)snprintf(buf, size, "open");
    case NG_ENGINE:
        return (size_t)snprintf(buf, size, "engine:%d", s->level);
    case NG_INVITED:
        return (size_t)snprintf(buf, size, "@%s", s->name);
    default:
        return (size_t)snprintf(buf, size, "%s", s->name);
    }
}

size_t netgame_seats_text(const NetGame *ng, char *buf, size_t size)
{
    size_t len = 0;
    if (size > 0)
        buf[0] = '\0';
    for (int seat = 0; ng->v != NULL && seat < ng->v->nseats; seat++) {
        char who[NET_NAME_MAX + 16];
        who_text(&ng->seat[seat], who, sizeof who);
        int n = snprintf(buf + (len < size ? len : size), len < size ? size - len : 0, "%s%c=%s",
                         seat ? " " : "", ng->v->seat[seat].letter, who);
        len += (size_t)(n > 0 ? n : 0);
    }
    return len;
}

size_t netgame_clocks_text(const NetGame *ng, char *buf, size_t size)
{
    if (ng->days > 0)
        return (size_t)snprintf(buf, size, "until=%lld", (long long)ng->deadline);
    if (ng->base_ms <= 0 || ng->v == NULL)
        return (size_t)snprintf(buf, size, "-");
    size_t len = 0;
    if (size > 0)
        buf[0] = '\0';
    for (int seat = 0; seat < ng->v->nseats; seat++) {
        int n = snprintf(buf + (len < size ? len : size), len < size ? size - len : 0, "%s%c=%lld",
                         seat ? "," : "", ng->v->seat[seat].letter, (long long)ng->clock[seat]);
        len += (size_t)(n > 0 ? n : 0);
    }
    return len;
}

int netgame_unrated_early(const NetGame *ng)
{
    return ng->v != NULL && ng->rated && ng->result[0] != '\0' && strcmp(ng->result, "*") != 0 &&
           ng->g.n < ng->v->nseats;
}

int64_t netgame_claim_ms(const NetGame *ng, int64_t base_ms)
{
    if (ng->days > 0)
        return 0;
    int64_t length = ng->base_ms + 40 * ng->inc_ms;
    if (ng->base_ms > 0 && length < 8 * 60000)
        return base_ms;
    if (ng->base_ms > 0 && length < 25 * 60000)
        return 2 * base_ms;
    return 3 * base_ms;
}

size_t netgame_tc_text(const NetGame *ng, char *buf, size_t size)
{
    if (ng->days > 0)
        return (size_t)snprintf(buf, size, "days:%d", ng->days);
    if (ng->base_ms <= 0)
        return (size_t)snprintf(buf, size, "none");
    return (size_t)snprintf(buf, size, "%lld+%lld", (long long)(ng->base_ms / 1000),
                            (long long)(ng->inc_ms / 1000));
}

int netgame_tc_parse(const char *text, int64_t *base_ms, int64_t *inc_ms, int *days)
{
    int64_t a, b;
    char part[24];
    *base_ms = *inc_ms = 0;
    *days = 0;
    if (strcmp(text, "none") == 0)
        return 0;
    if (strncmp(text, "days:", 5) == 0) {
        if (!net_int(text + 5, 1, 60, &a))
            return -1;
        *days = (int)a;
        return 0;
    }
    const char *plus = strchr(text, '+');
    if (plus == NULL || (size_t)(plus - text) >= sizeof part)
        return -1;
    memcpy(part, text, (size_t)(plus - text));
    part[plus - text] = '\0';
    /* At most a day a seat, at most ten minutes added a move. */
    if (!net_int(part, 1, 86400, &a) || !net_int(plus + 1, 0, 600, &b))
        return -1;
    *base_ms = a * 1000;
    *inc_ms = b * 1000;
    return 0;
}

/* Reads clocks written by 'netgame_clocks_text' into a copy ('clock', 'deadline'), so that a
 * bad text changes nothing. */
static int parse_clocks(const NetGame *ng, const char *text, int64_t *clock, int64_t *deadline)
{
    memcpy(clock, ng->clock, sizeof ng->clock);
    *deadline = ng->deadline;
    if (strcmp(text, "-") == 0)
        return 0;
    if (strncmp(text, "until=", 6) == 0)
        return net_int(text + 6, 0, INT64_C(1) << 40, deadline) ? 0 : -1;
    const char *p = text;
    while (*p != '\0') {
        char letter[2] = {p[0], '\0'};
        int seat = netgame_seat_by_letter(ng, letter);
        if (seat < 0 || p[1] != '=')
            return -1;
        p += 2;
        size_t n = strcspn(p, ",");
        char num[24];
        if (n == 0 || n >= sizeof num)
            return -1;
        memcpy(num, p, n);
        num[n] = '\0';
        if (!net_int(num, -(INT64_C(1) << 40), INT64_C(1) << 40, &clock[seat]))
            return -1;
        p += n;
        if (*p == ',')
            p++;
    }
    return 0;
}

/* ---- Applying events -------------------------------------------------------------------- */

static CmStatus bad(CmError *err, const char *kind, const char *why)
{
    return cm_error_set(err, CM_ERR_SYNTAX, 0, 0, "event '%s': %s", kind, why);
}

/* Sets up the variant and the seats: a 'create' event, or the 'create' line of a sync. */
static CmStatus apply_create(NetGame *ng, int argc, const char *const *argv, CmError *err)
{
    if (ng->v != NULL)
        return bad(err, "create", "the game exists already");
    if (argc < 4)
        return bad(err, "create", "VARIANT TC RATED SEAT=WHO... expected");
    if (strlen(argv[1]) >= sizeof ng->variant)
        return bad(err, "create", "the variant's name is too long");
    int64_t base, inc;
    int days;
    if (netgame_tc_parse(argv[2], &base, &inc, &days) != 0)
        return bad(err, "create", "the time control is not SECONDS+SECONDS, days:N or none");
    int rated;
    if (strcmp(argv[3], "rated") == 0)
        rated = 1;
    else if (strcmp(argv[3], "casual") == 0)
        rated = 0;
    else
        return bad(err, "create", "'rated' or 'casual' expected");
    CmError verr;
    cm_error_init(&verr, NULL);
    if (catalog_is_path(argv[1]))
        return bad(err, "create", "a variant is named, never a path");
    const CmVariant *v = catalog_get(ng->cat, argv[1], NULL, &verr);
    if (v == NULL)
        return cm_error_set(err, CM_ERR_SCHEMA, 0, 0, "the variant '%s' is not known here: %s",
                            argv[1], verr.msg);
    NgSeat seats[CM_MAX_SEATS];
    memset(seats, 0, sizeof seats);
    unsigned given = 0;
    NetGame probe = *ng;
    probe.v = v;
    for (int i = 4; i < argc; i++) {
        char letter[2] = {argv[i][0], '\0'};
        int seat = netgame_seat_by_letter(&probe, letter);
        if (seat < 0 || argv[i][1] != '=' || (given & (1u << seat)) ||
            parse_who(argv[i] + 2, &seats[seat]) != 0)
            return bad(err, "create", "a seat is not LETTER=WHO of the variant");
        given |= 1u << seat;
    }
    if (given != (1u << v->nseats) - 1)
        return bad(err, "create", "every seat of the variant must be given");
    if (cm_game_init(&ng->g, v, NULL) != CM_OK)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    ng->v = v;
    /* The variant's own name, however the event wrote it ('Camette'): a game is listed and
     * rated under that one. */
    const char *name = argv[1];
    if (strlen(v->name) < sizeof ng->variant && catalog_get(ng->cat, v->name, NULL, &verr) == v)
        name = v->name;
    snprintf(ng->variant, sizeof ng->variant, "%s", name);
    ng->rated = rated;
    ng->base_ms = base;
    ng->inc_ms = inc;
    ng->days = days;
    memcpy(ng->seat, seats, sizeof seats);
    for (int seat = 0; seat < v->nseats; seat++)
        ng->clock[seat] = base;
    ng->status = NG_WAITING;
    return CM_OK;
}

/* Plays the move 'text' with id 'id' as ply 'ply'. */
static CmStatus play_move(NetGame *ng, const char *ply, const char *text, const char *id,
                          CmError *err)
{
    int64_t n;
    if (!net_int(ply, 0, 1000000, &n) || n != ng->g.n)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, 0, "a move for ply %s, but the game is at %d",
                            ply, ng->g.n);
    if (!net_move_id_ok(id))
        return bad(err, "move", "a move's id is 1 to 16 letters, digits, '_' or '-'");
    if (ng->g.outcome.over)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, 0, "a move after the game ended on the board");
    CmMove m;
    CmError merr;
    cm_error_init(&merr, NULL);
    if (cm_move_parse(&ng->g.pos, text, &m, &merr) != CM_OK)
        return cm_error_set(err, CM_ERR_ILLEGAL, 0, 0, "move '%s': %s", text, merr.msg);
    if (cm_grow(&ng->move_id, &ng->move_id_cap, ng->g.n + 1, sizeof *ng->move_id, 64) != 0)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    int at = ng->g.n;
    if (cm_game_play(&ng->g, &m) != CM_OK)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    snprintf(ng->move_id[at], sizeof ng->move_id[at], "%s", id);
    return CM_OK;
}

/* Reads "W", "R+B" or "draw" into an outcome. */
static int parse_result(const NetGame *ng, const char *text, CmOutcome *o)
{
    memset(o, 0, sizeof *o);
    o->over = 1;
    o->winner = -1;
    if (strcmp(text, "draw") == 0) {
        o->draw = 1;
        return 0;
    }
    if (strcmp(text, "*") == 0)
        return 0; /* given up before it began: no result */
    char letter[2] = {text[0], '\0'};
    int seat = netgame_seat_by_letter(ng, letter);
    if (seat < 0)
        return -1;
    o->winner = ng->v->seat[seat].team;
    o->seats = ng->v->team_seats[o->winner];
    char want[16];
    cm_result_str(ng->v, o, want, sizeof want);
    return strcmp(want, text) == 0 ? 0 : -1;
}

/* No offer is under way any more. */
static void offer_over(NetGame *ng)
{
    ng->offer = NG_OFFER_NONE;
    ng->offer_from = -1;
    ng->offer_yes = 0;
}

static CmStatus apply_end(NetGame *ng, int argc, const char *const *argv, const char *const *rest,
                          CmError *err)
{
    if (argc < 3)
        return bad(err, "end", "RESULT TERMINATION [SENTENCE] expected");
    CmOutcome o;
    if (parse_result(ng, argv[1], &o) != 0)
        return bad(err, "end", "the result is not W, R+B, draw or * of this variant");
    if (strlen(argv[2]) >= sizeof ng->termination)
        return bad(err, "end", "the termination is too long");
    for (int r = 0; r < CM_REASON_COUNT; r++)
        if (strcmp(argv[2], cm_reason_name((CmReason)r)) == 0)
            o.reason = (CmReason)r;
    /* The end the board shows is the only one a game over on the board has; a game the board
     * did not end has a termination that fits its result (as its record must). */
    char shown[16], why[128];
    if (ng->g.outcome.over) {
        cm_result_str(ng->v, &ng->g.outcome, shown, sizeof shown);
        if (o.reason != ng->g.outcome.reason || strcmp(argv[1], shown) != 0)
            return bad(err, "end", "the board ends the game otherwise");
    } else if (cm_termination_check(ng->v, argv[1], argv[2], why, sizeof why) != 0) {
        return bad(err, "end", why);
    }
    ng->outcome = o;
    snprintf(ng->result, sizeof ng->result, "%s", argv[1]);
    snprintf(ng->termination, sizeof ng->termination, "%s", argv[2]);
    snprintf(ng->sentence, sizeof ng->sentence, "%s", argc > 3 ? rest[3] : "");
    ng->status = NG_OVER;
    offer_over(ng);
    return CM_OK;
}

static void add_chat(NetGame *ng, int spectators, int64_t seq, const char *name, const char *text)
{
    NgChat *c = &ng->chat[spectators][ng->nchat[spectators] % NETGAME_CHAT_KEEP];
    c->seq = seq;
    snprintf(c->name, sizeof c->name, "%s", name);
    snprintf(c->text, sizeof c->text, "%s", text);
    ng->nchat[spectators]++;
}

/* Takes the game back to 'ply' plies. */
static CmStatus take_back(NetGame *ng, const char *ply, CmError *err)
{
    int64_t n;
    if (!net_int(ply, 0, 1000000, &n) || n > ng->g.n)
        return bad(err, "takeback", "the ply is not one of the game's");
    while (ng->g.n > n)
        cm_game_undo(&ng->g);
    return CM_OK;
}

CmStatus netgame_apply(NetGame *ng, int64_t seq, int argc, const char *const *argv,
                       const char *const *rest, CmError *err)
{
    if (argc < 1)
        return bad(err, "", "no kind");
    const char *k = argv[0];
    if (seq <= ng->seq)
        return cm_error_set(err, CM_ERR_SYNTAX, 0, 0, "event %lld comes after %lld", (long long)seq,
                            (long long)ng->seq);
    if (strcmp(k, "create") == 0) {
        CmStatus st = apply_create(ng, argc, argv, err);
        if (st == CM_OK)
            ng->seq = seq;
        return st;
    }
    if (ng->v == NULL)
        return bad(err, k, "the game has not been created");
    CmStatus st = CM_OK;
    int64_t clock[CM_MAX_SEATS], deadline;
    if (strcmp(k, "seat") == 0) {
        NgSeat who;
        int seat = argc == 3 ? netgame_seat_by_letter(ng, argv[1]) : -1;
        if (seat < 0 || parse_who(argv[2], &who) != 0)
            return bad(err, k, "SEAT WHO expected");
        ng->seat[seat] = who;
    } else if (strcmp(k, "engine") == 0) {
        int64_t level;
        int seat = argc == 3 ? netgame_seat_by_letter(ng, argv[1]) : -1;
        if (seat < 0 || !net_int(argv[2], 1, 10, &level))
            return bad(err, k, "SEAT LEVEL expected");
        ng->seat[seat].kind = NG_ENGINE;
        ng->seat[seat].level = (int)level;
        ng->seat[seat].name[0] = '\0';
    } else if (strcmp(k, "start") == 0) {
        if (argc != 2 || ng->status != NG_WAITING || parse_clocks(ng, argv[1], clock, &deadline))
            return bad(err, k, "CLOCKS expected, before the game began");
        memcpy(ng->clock, clock, sizeof clock);
        ng->deadline = deadline;
        ng->status = NG_PLAYING;
    } else if (strcmp(k, "move") == 0) {
        if (argc != 5 || ng->status != NG_PLAYING || parse_clocks(ng, argv[4], clock, &deadline))
            return bad(err, k, "PLY MOVE ID CLOCKS expected, while the game goes on");
        st = play_move(ng, argv[1], argv[2], argv[3], err);
        if (st != CM_OK)
            return st;
        memcpy(ng->clock, clock, sizeof clock);
        ng->deadline = deadline;
        offer_over(ng);
    } else if (strcmp(k, "offer") == 0) {
        NgOfferKind kind = NG_OFFER_NONE;
        for (int i = 1; i < NG_OFFER_KIND_COUNT; i++)
            if (argc == 3 && strcmp(argv[1], netgame_offer_name((NgOfferKind)i)) == 0)
                kind = (NgOfferKind)i;
        int seat = argc == 3 ? netgame_seat_by_letter(ng, argv[2]) : -1;
        if (kind == NG_OFFER_NONE || seat < 0 || ng->status != NG_PLAYING)
            return bad(err, k, "KIND SEAT expected, while the game goes on");
        ng->offer = kind;
        ng->offer_from = seat;
        ng->offer_yes = 1u << seat;
        ng->offer_declined = -1;
        ng->noffers++;
        ng->last_offer = kind;
        ng->last_offer_from = seat;
    } else if (strcmp(k, "answer") == 0) {
        int yes;
        int seat = argc == 3 ? netgame_seat_by_letter(ng, argv[1]) : -1;
        if (seat < 0 || !net_yes_no(argv[2], &yes) || ng->offer == NG_OFFER_NONE)
            return bad(err, k, "SEAT yes|no expected, while an offer is made");
        if (yes) {
            ng->offer_yes |= 1u << seat;
        } else {
            offer_over(ng);
            ng->offer_declined = seat;
        }
    } else if (strcmp(k, "takeback") == 0) {
        if (argc != 3 || parse_clocks(ng, argv[2], clock, &deadline))
            return bad(err, k, "PLY CLOCKS expected");
        st = take_back(ng, argv[1], err);
        if (st != CM_OK)
            return st;
        memcpy(ng->clock, clock, sizeof clock);
        ng->deadline = deadline;
        offer_over(ng);
    } else if (strcmp(k, "chat") == 0 || strcmp(k, "kibitz") == 0) {
        if (argc < 3 || !net_name_ok(argv[1]) || !net_chat_ok(rest[2]))
            return bad(err, k, "NAME TEXT expected");
        add_chat(ng, k[0] == 'k', seq, argv[1], rest[2]);
    } else if (strcmp(k, "end") == 0) {
        st = apply_end(ng, argc, argv, rest, err);
        if (st != CM_OK)
            return st;
    } else if (strcmp(k, "rating") == 0) {
        /* For the people watching: 'rating NAME OLD NEW', nothing of the game changes. */
        if (argc != 4 || !net_name_ok(argv[1]))
            return bad(err, k, "NAME OLD NEW expected");
    } else {
        return bad(err, k, "an unknown kind of event");
    }
    ng->seq = seq;
    return CM_OK;
}

/* ---- The whole state ---------------------------------------------------------------------- */

/* Bytes of a line of the whole state that go before its words: "sync ID ". */
#define SYNC_PREFIX_MAX (sizeof "sync  " - 1 + NET_GAME_ID_MAX)

typedef struct SyncOut {
    int (*emit)(void *ud, const char *line, size_t len);
    void *ud;
    char line[NET_LINE_MAX + 1];
    size_t len;
} SyncOut;

static int sync_line(SyncOut *o)
{
    return o->emit(o->ud, o->line, o->len);
}

int netgame_sync(const NetGame *ng, int spectator,
                 int (*emit)(void *ud, const char *line, size_t len), void *ud)
{
    SyncOut o = {.emit = emit, .ud = ud};
    char a[NET_LINE_MAX / 2], b[64];
    int rc;
    o.len = (size_t)snprintf(o.line, sizeof o.line, "begin %lld", (long long)ng->seq);
    if ((rc = sync_line(&o)) != 0)
        return rc;
    if (ng->v == NULL) {
        o.len = (size_t)snprintf(o.line, sizeof o.line, "done");
        return sync_line(&o);
    }
    netgame_tc_text(ng, b, sizeof b);
    netgame_seats_text(ng, a, sizeof a);
    o.len = (size_t)snprintf(o.line, sizeof o.line, "create %s %s %s %s", ng->variant, b,
                             ng->rated ? "rated" : "casual", a);
    if ((rc = sync_line(&o)) != 0)
        return rc;
    /* The moves, as many to a line as fit with "sync ID " before it. */
    CmGame replay;
    if (cm_game_init(&replay, ng->v, &ng->g.start) != CM_OK)
        return -1;
    o.len = 0;
    for (int i = 0; i < ng->g.n; i++) {
        char text[CM_MOVE_TEXT_MAX];
        cm_move_str(&replay.pos, &ng->g.ply[i].move, text, sizeof text);
        size_t need = strlen(text) + strlen(ng->move_id[i]) + 2;
        if (o.len > 0 && o.len + need > NET_LINE_MAX - SYNC_PREFIX_MAX) {
            if ((rc = sync_line(&o)) != 0)
                break;
            o.len = 0;
        }
        if (o.len == 0)
            o.len = (size_t)snprintf(o.line, sizeof o.line, "moves %d", i);
        o.len +=
            (size_t)snprintf(o.line + o.len, sizeof o.line - o.len, " %s %s", text, ng->move_id[i]);
        if (cm_game_play(&replay, &ng->g.ply[i].move) != CM_OK) {
            rc = -1;
            break;
        }
    }
    cm_game_free(&replay);
    if (rc != 0 || (o.len > 0 && (rc = sync_line(&o)) != 0))
        return rc;
    netgame_clocks_text(ng, a, sizeof a);
    o.len =
        (size_t)snprintf(o.line, sizeof o.line, "state %s %s", netgame_status_name(ng->status), a);
    if ((rc = sync_line(&o)) != 0)
        return rc;
    if (ng->offer != NG_OFFER_NONE) {
        size_t n = 0;
        for (int seat = 0; seat < ng->v->nseats; seat++)
            if (ng->offer_yes & (1u << seat))
                b[n++] = ng->v->seat[seat].letter;
        b[n] = '\0';
        o.len =
            (size_t)snprintf(o.line, sizeof o.line, "offer %s %c %s", netgame_offer_name(ng->offer),
                             ng->v->seat[ng->offer_from].letter, b);
        if ((rc = sync_line(&o)) != 0)
            return rc;
    }
    int room = spectator ? 1 : 0;
    int nchat = ng->nchat[room];
    for (int i = nchat > NETGAME_CHAT_KEEP ? nchat - NETGAME_CHAT_KEEP : 0; i < nchat; i++) {
        const NgChat *c = &ng->chat[room][i % NETGAME_CHAT_KEEP];
        o.len = (size_t)snprintf(o.line, sizeof o.line, "%s %lld %s %s", room ? "kibitz" : "chat",
                                 (long long)c->seq, c->name, c->text);
        if ((rc = sync_line(&o)) != 0)
            return rc;
    }
    if (ng->status == NG_OVER) {
        o.len = (size_t)snprintf(o.line, sizeof o.line, "end %s %s %s", ng->result, ng->termination,
                                 ng->sentence);
        if ((rc = sync_line(&o)) != 0)
            return rc;
    }
    o.len = (size_t)snprintf(o.line, sizeof o.line, "done");
    return sync_line(&o);
}

CmStatus netgame_sync_apply(NetGame *ng, int argc, const char *const *argv, const char *const *rest,
                            int *done, CmError *err)
{
    const char *k = argc > 0 ? argv[0] : "";
    CmStatus st;
    int64_t clock[CM_MAX_SEATS], deadline, n;
    if (strcmp(k, "begin") == 0) {
        int64_t seq;
        if (argc != 2 || !net_int(argv[1], 0, INT64_MAX, &seq))
            return bad(err, "sync begin", "SEQ expected");
        Catalog *cat = ng->cat;
        int64_t id = ng->id;
        netgame_free(ng);
        netgame_init(ng, id, cat);
        /* The sequence number is the state's, though the game is built line by line. */
        ng->seq = seq;
        return CM_OK;
    }
    if (strcmp(k, "create") == 0)
        return apply_create(ng, argc, argv, err);
    if (strcmp(k, "done") == 0) {
        if (done != NULL)
            *done = 1;
        return CM_OK;
    }
    if (ng->v == NULL)
        return bad(err, k, "a sync line before 'create'");
    if (strcmp(k, "moves") == 0) {
        if (argc < 2 || (argc - 2) % 2 != 0 || !net_int(argv[1], 0, 1000000, &n) || n != ng->g.n)
            return bad(err, "sync moves", "PLY then MOVE ID pairs expected");
        for (int i = 2; i < argc; i += 2) {
            char ply[16];
            snprintf(ply, sizeof ply, "%d", ng->g.n);
            st = play_move(ng, ply, argv[i], argv[i + 1], err);
            if (st != CM_OK)
                return st;
        }
        return CM_OK;
    }
    if (strcmp(k, "state") == 0) {
        NgStatus status = NG_STATUS_COUNT;
        for (int i = 0; i < NG_STATUS_COUNT; i++)
            if (argc == 3 && strcmp(argv[1], netgame_status_name((NgStatus)i)) == 0)
                status = (NgStatus)i;
        if (status == NG_STATUS_COUNT || parse_clocks(ng, argv[2], clock, &deadline))
            return bad(err, "sync state", "STATUS CLOCKS expected");
        ng->status = status;
        memcpy(ng->clock, clock, sizeof clock);
        ng->deadline = deadline;
        return CM_OK;
    }
    if (strcmp(k, "offer") == 0) {
        NgOfferKind kind = NG_OFFER_NONE;
        for (int i = 1; i < NG_OFFER_KIND_COUNT; i++)
            if (argc >= 3 && strcmp(argv[1], netgame_offer_name((NgOfferKind)i)) == 0)
                kind = (NgOfferKind)i;
        int seat = argc >= 3 ? netgame_seat_by_letter(ng, argv[2]) : -1;
        if (kind == NG_OFFER_NONE || seat < 0 || argc > 4)
            return bad(err, "sync offer", "KIND SEAT YES expected");
        unsigned yes = 0;
        for (const char *p = argc == 4 ? argv[3] : ""; *p != '\0'; p++) {
            char letter[2] = {*p, '\0'};
            int s = netgame_seat_by_letter(ng, letter);
            if (s < 0)
                return bad(err, "sync offer", "YES lists seats");
            yes |= 1u << s;
        }
        ng->offer = kind;
        ng->offer_from = seat;
        ng->offer_yes = yes | (1u << seat);
        ng->noffers++;
        ng->last_offer = kind;
        ng->last_offer_from = seat;
        return CM_OK;
    }
    if (strcmp(k, "chat") == 0 || strcmp(k, "kibitz") == 0) {
        int64_t seq;
        if (argc < 4 || !net_int(argv[1], 1, INT64_MAX, &seq) || !net_name_ok(argv[2]) ||
            !net_chat_ok(rest[3]))
            return bad(err, "sync chat", "SEQ NAME TEXT expected");
        add_chat(ng, k[0] == 'k', seq, argv[2], rest[3]);
        return CM_OK;
    }
    if (strcmp(k, "end") == 0)
        return apply_end(ng, argc, argv, rest, err);
    return bad(err, "sync", "an unknown kind of line");
}

/* ---- The record -------------------------------------------------------------------------- */

static void tag(CmTag *tags, int *n, const char *name, const char *value)
{
    if (*n >= CM_RECORD_MAX_TAGS)
        return;
    snprintf(tags[*n].name, sizeof tags[*n].name, "%s", name);
    snprintf(tags[*n].value, sizeof tags[*n].value, "%s", value);
    tags[*n].line = 0;
    (*n)++;
}

char *netgame_record(const NetGame *ng, const char *site)
{
    if (ng->v == NULL)
        return NULL;
    CmTag tags[24];
    int n = 0;
    char val[256];
    snprintf(val, sizeof val, "camelot online game %lld", (long long)ng->id);
    tag(tags, &n, "Event", val);
    if (site != NULL)
        tag(tags, &n, "Site", site);
    tag(tags, &n, "Variant", ng->variant);
    for (int seat = 0; seat < ng->v->nseats; seat++) {
        const NgSeat *s = &ng->seat[seat];
        if (s->kind == NG_ENGINE)
            snprintf(val, sizeof val, "camelot engine, level %d", s->level);
        else
            snprintf(val, sizeof val, "%s", s->kind == NG_PLAYER ? s->name : "?");
        tag(tags, &n, ng->v->seat[seat].name, val);
    }
    netgame_tc_text(ng, val, sizeof val);
    if (ng->base_ms > 0)
        tag(tags, &n, "TimeControl", val);
    tag(tags, &n, "Rated", ng->rated ? "yes" : "no");
    if (ng->status == NG_OVER && !ng->g.outcome.over) {
        /* Ended off the board: the record says how, as a local game's does. */
        tag(tags, &n, "Result", ng->result);
        tag(tags, &n, "Termination", ng->termination);
    }
    size_t need = cm_record_write(&ng->g, tags, n, NULL, 0) + 1;
    char *buf = malloc(need);
    if (buf != NULL)
        cm_record_write(&ng->g, tags, n, buf, need);
    return buf;
}
