/* Fuzz target: the network protocol as a client reads it. Any bytes come through a connection
 * (NetConn, over a socket pair, written in pieces whose size byte 0 sets), are split into lines,
 * and each line is parsed (net_msg_parse); the server's 'ev' lines are applied to a game
 * (netgame_apply) and its 'sync' lines read into it (netgame_sync_apply), as src/session/remote.c
 * does. Byte 1 picks the game to begin with: none yet, or a game of one of the variants already
 * made and begun by alice and bob.
 * Checked: a parsed line is text that may be shown, split into words that hold no space and
 * begin where their rest begins; a line too long is reported and the next line read; an event
 * refused changes nothing of the game; and at the end the game's whole state (netgame_sync),
 * read into a fresh game as a client reads it, is the same game, and its record replays to the
 * same moves.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "camelot/notation.h"
#include "camelot/record.h"
#include "fuzz_common.h"
#include "net/conn.h"
#include "net/proto.h"
#include "session/netgame.h"

#define DIGEST_MAX 65536

static Catalog catalog;
static NetMsg msg;
static char before[DIGEST_MAX], after[DIGEST_MAX];

static void clean_up(void)
{
    catalog_free(&catalog);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (setenv("CAMELOT_VARIANT_DIR", CAMELOT_SOURCE_VARIANT_DIR, 1) != 0)
        abort();
    catalog_init(&catalog);
    atexit(clean_up);
    return 0;
}

/* Everything 'ng' holds that an event may change, as text. */
static size_t digest(const NetGame *ng, char *buf, size_t size)
{
    size_t len = 0;
#define ADD(...)                                                                                   \
    do {                                                                                           \
        int n_ = snprintf(buf + len, size - len, __VA_ARGS__);                                     \
        FUZZ_CHECK(n_ >= 0 && (size_t)n_ < size - len);                                            \
        len += (size_t)n_;                                                                         \
    } while (0)
    ADD("%lld %s %d %d %lld %lld %d %lld|", (long long)ng->seq, ng->variant, (int)ng->status,
        ng->rated, (long long)ng->base_ms, (long long)ng->inc_ms, ng->days,
        (long long)ng->deadline);
    for (int seat = 0; seat < CM_MAX_SEATS; seat++)
        ADD("%d %s %d %lld|", (int)ng->seat[seat].kind, ng->seat[seat].name, ng->seat[seat].level,
            (long long)ng->clock[seat]);
    ADD("%d %d %x %d|%s %s %s %d %d %d %x %d|", (int)ng->offer, ng->offer_from, ng->offer_yes,
        ng->offer_declined, ng->result, ng->termination, ng->sentence, ng->outcome.over,
        ng->outcome.draw, ng->outcome.winner, ng->outcome.seats, (int)ng->outcome.reason);
    if (ng->v != NULL) {
        ADD("%d %llx|", ng->g.n, (unsigned long long)ng->g.pos.hash);
        for (int i = 0; i < ng->g.n; i++)
            ADD("%s ", ng->move_id[i]);
    }
    for (int room = 0; room < 2; room++) {
        ADD("|%d", ng->nchat[room]);
        int n = ng->nchat[room];
        for (int i = n > NETGAME_CHAT_KEEP ? n - NETGAME_CHAT_KEEP : 0; i < n; i++) {
            const NgChat *c = &ng->chat[room][i % NETGAME_CHAT_KEEP];
            ADD(" %lld %s %s", (long long)c->seq, c->name, c->text);
        }
    }
#undef ADD
    return len;
}

/* What a player's whole state carries, as text: the game, its moves and their ids, its
 * clocks, the offer while the game goes on, the players' chat kept, the end once it is over.
 * (A client's game may hold more, from states that say odd things: an offer or a result left
 * from before a 'state' line; a state never says those.) */
static void state_digest(const NetGame *ng, char *buf, size_t size)
{
    char seats[NET_LINE_MAX], clocks[NET_LINE_MAX], tc[64];
    netgame_seats_text(ng, seats, sizeof seats);
    netgame_clocks_text(ng, clocks, sizeof clocks);
    netgame_tc_text(ng, tc, sizeof tc);
    int over = ng->status == NG_OVER;
    size_t len = (size_t)snprintf(buf, size, "%lld %s %s %d %s %s|%d|%s %s %s|", (long long)ng->seq,
                                  ng->variant, tc, ng->rated, seats, clocks, (int)ng->status,
                                  over ? ng->result : "", over ? ng->termination : "",
                                  over ? ng->sentence : "");
    FUZZ_CHECK(len < size);
    if (ng->status == NG_PLAYING && ng->offer != NG_OFFER_NONE)
        len += (size_t)snprintf(buf + len, size - len, "%d %d %x|", (int)ng->offer, ng->offer_from,
                                ng->offer_yes | 1u << ng->offer_from);
    FUZZ_CHECK(len < size);
    for (int i = 0; i < ng->g.n; i++) {
        char text[CM_MOVE_TEXT_MAX];
        cm_move_effect_str(&ng->g.ply[i].move, text, sizeof text);
        len += (size_t)snprintf(buf + len, size - len, "%s %s ", text, ng->move_id[i]);
        FUZZ_CHECK(len < size);
    }
    int n = ng->nchat[0];
    for (int i = n > NETGAME_CHAT_KEEP ? n - NETGAME_CHAT_KEEP : 0; i < n; i++) {
        const NgChat *c = &ng->chat[0][i % NETGAME_CHAT_KEEP];
        len += (size_t)snprintf(buf + len, size - len, "|%lld %s %s", (long long)c->seq, c->name,
                                c->text);
        FUZZ_CHECK(len < size);
    }
}

/* A parsed line: shown text, words without spaces, each word the start of its rest. */
static void check_msg(const NetMsg *m, const char *line, size_t len)
{
    FUZZ_CHECK(m->argc >= 1 && m->argc <= NET_ARGS_MAX);
    FUZZ_CHECK(len <= NET_LINE_MAX + 1);
    FUZZ_CHECK(net_text_check(m->line, strlen(m->line)) == 0);
    FUZZ_CHECK(strlen(m->line) == len || (strlen(m->line) + 1 == len && line[len - 1] == '\r'));
    for (int i = 0; i < m->argc; i++) {
        size_t n = strlen(m->argv[i]);
        FUZZ_CHECK(n > 0 && strchr(m->argv[i], ' ') == NULL);
        FUZZ_CHECK(strncmp(m->rest[i], m->argv[i], n) == 0);
        FUZZ_CHECK(m->rest[i] >= m->line && m->rest[i] < m->line + strlen(m->line));
        if (i > 0)
            FUZZ_CHECK(m->rest[i] > m->rest[i - 1]);
    }
}

/* A line of the server about the game: an event, or a line of a whole state. */
static void game_line(NetGame *ng, const NetMsg *m)
{
    int64_t id, seq;
    if (m->argc < 3 || !net_game_id(m->argv[1], &id))
        return;
    CmError err;
    cm_error_init(&err, NULL);
    if (strcmp(m->argv[0], "sync") == 0) {
        int done = 0;
        netgame_sync_apply(ng, m->argc - 2, m->argv + 2, m->rest + 2, &done, &err);
        return;
    }
    if (strcmp(m->argv[0], "ev") != 0 || m->argc < 4 || !net_int(m->argv[2], 1, INT64_MAX, &seq))
        return;
    size_t n = digest(ng, before, sizeof before);
    if (netgame_apply(ng, seq, m->argc - 3, m->argv + 3, m->rest + 3, &err) != CM_OK) {
        FUZZ_CHECK(err.msg[0] != '\0');
        size_t k = digest(ng, after, sizeof after);
        FUZZ_CHECK(k == n && memcmp(before, after, n) == 0);
        return;
    }
    FUZZ_CHECK(ng->seq == seq);
    FUZZ_CHECK(ng->v != NULL);
    FUZZ_CHECK((unsigned)ng->status < NG_STATUS_COUNT);
    FUZZ_CHECK(ng->offer == NG_OFFER_NONE ||
               (ng->offer_from >= 0 && ng->offer_from < ng->v->nseats));
    for (int i = 0; i < ng->g.n; i++)
        FUZZ_CHECK(net_move_id_ok(ng->move_id[i]));
}

typedef struct Reader {
    NetGame *ng;
    int64_t id;
    int failed;
} Reader;

/* Reads a line of the whole state as a client gets it: "sync ID " and the line. */
static int read_state_line(void *ud, const char *line, size_t len)
{
    Reader *r = ud;
    static char full[NET_LINE_MAX + 64];
    FUZZ_CHECK(len <= NET_LINE_MAX);
    int n = snprintf(full, sizeof full, "sync %lld %.*s", (long long)r->id, (int)len, line);
    CmError err;
    cm_error_init(&err, NULL);
    FUZZ_CHECK(net_msg_parse(&msg, full, (size_t)n, &err) == CM_OK);
    int done = 0;
    if (netgame_sync_apply(r->ng, msg.argc - 2, msg.argv + 2, msg.rest + 2, &done, &err) != CM_OK) {
        fprintf(stderr, "fuzz: the state's line '%s' did not read: %s\n", full, err.msg);
        r->failed = 1;
    }
    return 0;
}

static void check_record(const NetGame *ng);

/* The whole state of 'ng', read into a fresh game, is the same game; its record replays. */
static void check_state(const NetGame *ng)
{
    static NetGame back;
    static char a[DIGEST_MAX], b[DIGEST_MAX];
    /* Only a state can say a game is over without saying how ('state over' with no 'end'),
     * and such a game is neither a state to send nor a record to write: the server's games
     * end by an 'end' event. */
    if (ng->status == NG_OVER && ng->result[0] == '\0')
        return;
    check_record(ng);
    netgame_init(&back, ng->id, &catalog);
    Reader r = {&back, ng->id, 0};
    FUZZ_CHECK(netgame_sync(ng, 0, read_state_line, &r) == 0);
    FUZZ_CHECK(!r.failed);
    state_digest(ng, a, sizeof a);
    state_digest(&back, b, sizeof b);
    if (strcmp(a, b) != 0) {
        fprintf(stderr, "fuzz: the state read back differs:\n%s\n%s\n", a, b);
        abort();
    }
    netgame_free(&back);
}

/* The record of 'ng' replays to the same moves. */
static void check_record(const NetGame *ng)
{
    char *text = netgame_record(ng, "fuzz");
    FUZZ_CHECK(text != NULL);
    static CmRecord rec;
    CmError err;
    cm_error_init(&err, NULL);
    FUZZ_CHECK(cm_record_parse(text, strlen(text), &rec, &err) == CM_OK);
    static CmGame g;
    CmPosition start;
    FUZZ_CHECK(cm_record_start(&rec, ng->v, &start, &err) == CM_OK);
    FUZZ_CHECK(cm_game_init(&g, ng->v, &start) == CM_OK);
    if (cm_record_replay(&rec, &g, &err) != CM_OK) {
        fprintf(stderr, "fuzz: the record does not replay: %s\n%s", err.msg, text);
        abort();
    }
    FUZZ_CHECK(g.n == ng->g.n && g.pos.hash == ng->g.pos.hash);
    cm_game_free(&g);
    cm_record_free(&rec);
    free(text);
}

/* The games to begin with: none, or one of each variant made and begun. */
static void begin_game(NetGame *ng, int pick)
{
    netgame_init(ng, 5, &catalog);
    if (pick % 9 == 0)
        return;
    const char *name = fuzz_variant_names[pick % 9 - 1];
    const CmVariant *v = catalog_get(&catalog, name, NULL, NULL);
    FUZZ_CHECK(v != NULL);
    char body[NET_LINE_MAX], clocks[256];
    static const char *const people[] = {"alice", "bob", "alice", "bob"};
    size_t len = (size_t)snprintf(body, sizeof body, "create %s 600+5 casual", name);
    size_t clen = 0;
    for (int seat = 0; seat < v->nseats; seat++) {
        len += (size_t)snprintf(body + len, sizeof body - len, " %c=%s", v->seat[seat].letter,
                                people[seat]);
        clen += (size_t)snprintf(clocks + clen, sizeof clocks - clen, "%s%c=600000",
                                 seat ? "," : "", v->seat[seat].letter);
    }
    CmError err;
    FUZZ_CHECK(net_msg_parse(&msg, body, len, &err) == CM_OK);
    FUZZ_CHECK(netgame_apply(ng, 1, msg.argc, msg.argv, msg.rest, &err) == CM_OK);
    len = (size_t)snprintf(body, sizeof body, "start %s", clocks);
    FUZZ_CHECK(net_msg_parse(&msg, body, len, &err) == CM_OK);
    FUZZ_CHECK(netgame_apply(ng, 2, msg.argc, msg.argv, msg.rest, &err) == CM_OK);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    size_t piece = (size_t)data[0] * 32 + 1;
    static NetGame ng;
    begin_game(&ng, data[1]);
    data += 2;
    size -= 2;

    int sv[2];
    FUZZ_CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
    NetConn c;
    net_conn_init(&c, sv[0], NET_OUT_MAX);
    size_t sent = 0;
    int eof = 0;
    int lines = 0, too_long = 0;
    while (!eof) {
        if (sent < size) {
            size_t n = size - sent < piece ? size - sent : piece;
            ssize_t w = write(sv[1], data + sent, n);
            FUZZ_CHECK(w > 0);
            sent += (size_t)w;
            if (sent == size)
                close(sv[1]);
        } else if (size == 0) {
            close(sv[1]);
        }
        for (;;) {
            int r = net_conn_fill(&c);
            if (r < 0)
                eof = 1;
            const char *line;
            size_t len;
            int got;
            while ((got = net_conn_line(&c, eof, &line, &len)) != 0) {
                if (got < 0) {
                    too_long++;
                    continue;
                }
                FUZZ_CHECK(len <= NET_LINE_MAX);
                FUZZ_CHECK(memchr(line, '\n', len) == NULL);
                lines++;
                char clean[128];
                net_text_clean(line, len, clean, sizeof clean);
                FUZZ_CHECK(net_text_check(clean, strlen(clean)) == 0);
                CmError err;
                cm_error_init(&err, NULL);
                if (net_msg_parse(&msg, line, len, &err) != CM_OK) {
                    FUZZ_CHECK(err.msg[0] != '\0');
                    continue;
                }
                check_msg(&msg, line, len);
                game_line(&ng, &msg);
            }
            if (r <= 0)
                break;
        }
    }
    /* Every byte was read; a line over the limit took more than NET_LINE_MAX of them. */
    FUZZ_CHECK((size_t)too_long * (NET_LINE_MAX + 1) <= size);
    net_conn_close(&c);
    if (ng.v != NULL)
        check_state(&ng);
    netgame_free(&ng);
    (void)lines;
    return 0;
}
