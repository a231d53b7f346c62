/* A session's game as a record and back: the seats, clocks, time control, a loss on time and a
 * resignation in extra tags, games ended off the board, the record's variant (a name, or a
 * variant file next to it), and records cut short, whose first moves are kept.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "camelot/record.h"
#include "io/io.h"
#include "session_int.h"
#include "text.h"

#define RECORD_TAGS (16 + CM_MAX_SEATS) /* tags a session writes, at most */
#define TAG_TEXT_MAX 256                /* a tag's value, NUL included */

_Static_assert(SESSION_PATH_MAX == IO_PATH_MAX, "a session's paths are src/io's");

/* ---- Writing ----------------------------------------------------------------------------- */

static void add_tag(CmTag *tags, int *n, const char *name, const char *value)
{
    memset(&tags[*n], 0, sizeof tags[*n]);
    snprintf(tags[*n].name, sizeof tags[*n].name, "%s", name);
    snprintf(tags[*n].value, sizeof tags[*n].value, "%.*s", (int)sizeof tags[*n].value - 1, value);
    (*n)++;
}

/* The clocks' tags: 'TimeControl' and 'Clocks'. */
static void clock_tags(const Session *s, uint64_t now, CmTag *tags, int *n)
{
    const CmVariant *v = s->v;
    char val[TAG_TEXT_MAX], a[32], b[32];
    size_t len = 0;

    text_seconds(s->setup.time_base_ms, a, sizeof a);
    text_seconds(s->setup.time_inc_ms, b, sizeof b);
    snprintf(val, sizeof val, "%s+%s", a, b);
    add_tag(tags, n, "TimeControl", val);
    for (int seat = 0; seat < v->nseats && len < sizeof val; seat++) {
        text_seconds(session_clock_left(s, seat, now), a, sizeof a);
        len += (size_t)snprintf(val + len, sizeof val - len, "%s%c=%s", seat ? " " : "",
                                v->seat[seat].letter, a);
    }
    add_tag(tags, n, "Clocks", val);
}

char *session_record_text(const Session *s, uint64_t now, const char *variant_ref)
{
    const CmVariant *v = s->v;
    CmTag tags[RECORD_TAGS];
    int n = 0;
    char val[TAG_TEXT_MAX];
    time_t t = time(NULL);
    struct tm tm;

    add_tag(tags, &n, "Variant", variant_ref ? variant_ref : s->setup.variant);
    if (localtime_r(&t, &tm) != NULL) {
        strftime(val, sizeof val, "%Y.%m.%d", &tm);
        add_tag(tags, &n, "Date", val);
    }
    const Session *who = s->players_of != NULL ? s->players_of : s;
    for (int seat = 0; seat < v->nseats; seat++) {
        if (session_seat_human(who, seat))
            snprintf(val, sizeof val, "human");
        else
            snprintf(val, sizeof val, "camelot engine, level %d", who->setup.seat[seat].level);
        add_tag(tags, &n, v->seat[seat].name, val);
    }
    setup_seats_text(&who->setup, v, val, sizeof val);
    add_tag(tags, &n, "Seats", val);
    if (s->setup.time_base_ms > 0)
        clock_tags(s, now, tags, &n);
    if (s->forfeit >= 0) {
        snprintf(val, sizeof val, "%c", v->seat[s->forfeit].letter);
        add_tag(tags, &n, "Forfeit", val);
        cm_result_str(v, &s->outcome, val, sizeof val);
        if (s->outcome.draw)
            snprintf(val, sizeof val, "*");
        add_tag(tags, &n, "Result", val);
        add_tag(tags, &n, "Termination", "time");
    } else if (s->resigned >= 0 || s->agreed) {
        if (s->resigned >= 0) {
            snprintf(val, sizeof val, "%c", v->seat[s->resigned].letter);
            add_tag(tags, &n, "Resigned", val);
        }
        cm_result_str(v, &s->outcome, val, sizeof val);
        add_tag(tags, &n, "Result", val);
        add_tag(tags, &n, "Termination", s->agreed ? "agreement" : "resignation");
    }

    /* The texts the session keeps, when it keeps them all (a loaded game's are worked out
     * here), each followed by its note in braces. */
    const char *const *texts = s->ntexts == s->g.n ? (const char *const *)s->texts : NULL;
    char **noted = NULL;
    if (texts != NULL && s->notes != NULL && s->g.n > 0 &&
        (noted = calloc((size_t)s->g.n, sizeof *noted)) != NULL) {
        for (int i = 0; i < s->g.n; i++) {
            const char *note = i < s->nnotes ? s->notes[i] : NULL;
            size_t len = strlen(texts[i]) + (note ? strlen(note) + 4 : 0) + 1;
            if ((noted[i] = malloc(len)) == NULL)
                break;
            snprintf(noted[i], len, note ? "%s {%s}" : "%s", texts[i], note);
        }
        for (int i = 0; i < s->g.n; i++)
            if (noted[i] == NULL) {
                for (int k = 0; k < s->g.n; k++)
                    free(noted[k]);
                free(noted);
                noted = NULL; /* out of memory: the record without its notes */
                break;
            }
        if (noted != NULL)
            texts = (const char *const *)noted;
    }
    size_t need = cm_record_write_texts(&s->g, texts, tags, n, NULL, 0) + 1;
    char *buf = malloc(need);
    if (buf != NULL)
        cm_record_write_texts(&s->g, texts, tags, n, buf, need);
    for (int i = 0; noted != NULL && i < s->g.n; i++)
        free(noted[i]);
    free(noted);
    return buf;
}

/* ---- Reading ----------------------------------------------------------------------------- */

/* Adds "NAME 'VALUE'" to the list 'bad' of tags that could not be read. */
static void add_bad(char *bad, size_t size, const char *name, const char *value)
{
    size_t len = strlen(bad);
    if (len < size)
        snprintf(bad + len, size - len, "%s%s '%.60s'", len ? ", " : "", name, value);
}

/* Reads the 'Clocks' tag ("W=590.2 B=600") into 's->clock'. Returns 0 when a part of it could
 * not be read (that seat's clock, or those after it, stay full). */
static int read_clocks(Session *s, const char *text)
{
    const char *p = text;
    int ok = 1;
    while (*p) {
        while (*p == ' ')
            p++;
        if (p[0] == '\0')
            break;
        if (p[1] != '=')
            return 0;
        int seat = cm_variant_seat(s->v, p[0]);
        const char *start = p + 2, *end = start;
        int64_t ms;
        while (*end && *end != ' ')
            end++;
        if (seat >= 0 && setup_parse_seconds(start, end, &ms))
            s->clock[seat] = ms;
        else
            ok = 0;
        p = end;
    }
    return ok;
}

/* The setup a record gives: its 'Seats' (people play every seat a record does not name) and
 * its 'TimeControl'. What of them cannot be read is added to 'bad' (a seat it names wrongly is
 * a person's; a time control that is none gives no clocks). */
static void record_setup(const CmRecord *rec, const CmVariant *v, const char *ref,
                         SessionSetup *setup, char *bad, size_t size)
{
    setup_default(setup, v, ref);
    setup_all_human(setup);
    const char *seats = cm_record_tag(rec, "Seats");
    if (seats != NULL) {
        char buf[TAG_TEXT_MAX], why[200];
        snprintf(buf, sizeof buf, "%s", seats);
        for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok != NULL;
             tok = strtok_r(NULL, " ", &save))
            if (setup_seat(setup, v, tok, why, sizeof why) != 0)
                add_bad(bad, size, "Seats", tok);
    }
    const char *tc = cm_record_tag(rec, "TimeControl");
    if (tc != NULL) {
        const char *plus = strchr(tc, '+'), *end = tc + strlen(tc);
        int64_t base, inc = 0;
        if (setup_parse_seconds(tc, plus ? plus : end, &base) && base > 0 &&
            (plus == NULL || setup_parse_seconds(plus + 1, end, &inc))) {
            setup->time_base_ms = base;
            setup->time_inc_ms = inc;
        } else {
            add_bad(bad, size, "TimeControl", tc);
        }
    }
}

/* The line of tag 'name' in 'rec', 0 when it has none. */
static int tag_line(const CmRecord *rec, const char *name)
{
    for (int i = 0; i < rec->ntags; i++)
        if (strcmp(rec->tag[i].name, name) == 0)
            return rec->tag[i].line;
    return 0;
}

/* The game's variant: the one the player named ('want', a name or a variant file), else the
 * record's (see 'catalog_record_variant'). Its reference for the game's saves goes to 'ref'. */
static const CmVariant *record_variant(Session *out, const CmRecord *rec, const char *path,
                                       const char *want, char *ref, size_t size, CmError *err)
{
    char dir[IO_PATH_MAX];
    CmError verr;

    if (want != NULL) {
        catalog_ref(want, ref, size);
        return catalog_get(out->env.catalog, want, NULL, err);
    }
    const CmVariant *v =
        catalog_record_variant(out->env.catalog, cm_record_tag(rec, "Variant"),
                               io_dirname(path, dir, sizeof dir), ref, size, &verr);
    if (v == NULL && verr.source[0] && verr.line > 0) {
        *err = verr; /* the variant file next to the record is bad: its own message */
    } else if (v == NULL && verr.source[0]) {
        cm_error_init(err, path);
        cm_error_set(err, verr.code, tag_line(rec, "Variant"), 0,
                     "the record's variant file %.300s: %.200s", verr.source, verr.msg);
    } else if (v == NULL) {
        cm_error_init(err, path);
        cm_error_set(err, verr.code, tag_line(rec, "Variant"), 0, "%s", verr.msg);
    }
    return v;
}

/* The team whose seats 'text' names ("B", "R+B"), -1 for "draw", -2 for anything else. */
static int result_team(const CmVariant *v, const char *text)
{
    CmOutcome o;
    char buf[16];
    if (strcmp(text, "draw") == 0)
        return -1;
    memset(&o, 0, sizeof o);
    o.over = 1;
    for (int t = 0; t < v->nteams; t++) {
        o.seats = v->team_seats[t];
        cm_result_str(v, &o, buf, sizeof buf);
        if (strcmp(buf, text) == 0)
            return t;
    }
    return -2;
}

/* A game the record says ended off the board, by a resignation or an agreed draw (its
 * 'Termination' tag), with the result of its 'Result' tag. The resigning seat is the record's
 * 'Resigned' seat when it lost, else one of the losing team (the seat to move when it is one). */
static void read_off_board_end(Session *out, const CmRecord *rec)
{
    const CmVariant *v = out->v;
    const char *term = cm_record_tag(rec, "Termination");
    const char *res = cm_record_tag(rec, "Result");
    if (term == NULL || res == NULL)
        return;
    int winner = result_team(v, res);
    if (strcmp(term, "agreement") == 0 && winner == -1) {
        session_end_agreed(out);
        return;
    }
    if (strcmp(term, "resignation") != 0 || winner == -2)
        return;
    const char *tag = cm_record_tag(rec, "Resigned");
    int seat = tag != NULL && tag[0] && !tag[1] ? cm_variant_seat(v, tag[0]) : -1;
    int to_move = out->g.pos.to_move;
    if (seat >= 0 && winner >= 0 && v->seat[seat].team == winner)
        seat = -1;
    if (seat < 0 && (winner < 0 || v->seat[to_move].team != winner))
        seat = to_move;
    for (int k = 0; seat < 0 && k < v->nseats; k++)
        if (v->seat[k].team != winner)
            seat = k;
    session_end_resigned(out, seat, winner);
}

/* Starts 'out' (a session of the same environment) from the parsed record 'rec', in variant
 * 'v'. A record cut short ('cut') keeps the moves before the first it cannot play. Sets
 * '*damaged' when the record's moves (or result) are not a game of the variant. The seat and
 * clock tags that cannot be read go to 'bad' ("Seats 'W=robot', Clocks 'B=x'"). */
static CmStatus start_from_record(Session *out, const CmRecord *rec, const CmVariant *v,
                                  const char *ref, const char *path, int cut, int *damaged,
                                  char *bad, size_t bad_size, CmError *err)
{
    SessionSetup setup;
    CmPosition start;

    record_setup(rec, v, ref, &setup, bad, bad_size);
    cm_error_init(err, path);
    if (cm_record_start(rec, v, &start, err) != CM_OK) {
        *damaged = 1;
        return err->code;
    }
    if (session_start(out, v, &setup, &start) != CM_OK) {
        cm_error_init(err, path);
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    }
    cm_error_init(err, path);
    CmStatus st = cm_record_replay(rec, &out->g, err);
    if (st == CM_ERR_NOMEM)
        return st;
    if (st != CM_OK && !cut) {
        *damaged = 1;
        return st;
    }
    out->outcome = out->g.outcome;
    /* Clocks with no time control to go with them are lost as well. */
    const char *clocks = cm_record_tag(rec, "Clocks");
    if (clocks != NULL && (setup.time_base_ms <= 0 || !read_clocks(out, clocks)))
        add_bad(bad, bad_size, "Clocks", clocks);
    const char *ff = cm_record_tag(rec, "Forfeit");
    if (ff != NULL && !cut && !out->outcome.over && cm_variant_seat(v, ff[0]) == out->g.pos.to_move)
        session_forfeit(out);
    else if (!cut && !out->outcome.over)
        read_off_board_end(out, rec);
    return CM_OK;
}

/* Whether the record was cut short: every record a session writes ends with its result, and
 * says it in its 'Result' tag too. */
static int cut_short(const CmRecord *rec)
{
    return cm_record_tag(rec, "Result") != NULL && rec->result[0] == '\0';
}

static int is_space(char c)
{
    return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

/* Whether the error at offset 'at' of 'text' is where the text was cut: only the rest of one
 * token follows it (a record written in part ends in a token half written), not more of the
 * record as after bytes damaged in its middle. */
static int cut_at_end(const char *text, size_t len, size_t at)
{
    while (at < len && !is_space(text[at]))
        at++;
    while (at < len && is_space(text[at]))
        at++;
    return at == len;
}

/* Parses 'text', or, when it was cut inside its moves, what comes before the cut: a record
 * whose last token was half written. Sets '*cut' in that case. */
static CmStatus parse_record(const char *text, size_t len, CmRecord *rec, int *cut, CmError *err)
{
    CmError first;
    CmStatus st = cm_record_parse(text, len, rec, &first);
    if (st == CM_OK || first.line <= 0) {
        if (st != CM_OK)
            *err = first;
        return st;
    }
    /* Where the parser stopped, as an offset; the record up to there may be whole. */
    size_t at = 0;
    for (int line = 1; line < first.line && at < len; at++)
        if (text[at] == '\n')
            line++;
    at += first.col > 0 ? (size_t)first.col - 1 : 0;
    while (at > 0 && at <= len && !is_space(text[at - 1]))
        at--; /* back to the start of the token */
    if (at < len && cut_at_end(text, len, at) && cm_record_parse(text, at, rec, NULL) == CM_OK) {
        if (rec->nmoves > 0 && cut_short(rec)) {
            *cut = 1;
            return CM_OK;
        }
        cm_record_free(rec);
    }
    *err = first;
    return st;
}

/* The notice of a game loaded from 'path' whose seat or clock tags ('bad') could not be read:
 * the game goes on without them. When 'path' is the autosave, which the game's next autosave
 * writes over, a copy of the file as it was ('text', 'len' bytes) is kept beside it first. */
static void tags_lost(Session *next, const char *path, int autosave, const char *text, size_t len,
                      const char *bad)
{
    char dir[IO_PATH_MAX], kept[IO_PATH_MAX];
    size_t at = strlen(next->notice), size = sizeof next->notice;
    CmError err;

    if (at > 0 && at + 1 < size)
        next->notice[at++] = ' ';
    if (at >= size)
        return;
    at += (size_t)snprintf(next->notice + at, size - at,
                           "Tags of %.150s could not be read: %.150s. The game goes on without "
                           "them.",
                           path, bad);
    if (!autosave || at >= size)
        return;
    io_fresh_name(io_dirname(path, dir, sizeof dir), "damaged", kept, sizeof kept);
    if (io_write_atomic(kept, text, len, &err) == CM_OK)
        snprintf(next->notice + at, size - at, " The file as it was is kept as %.150s.", kept);
    else
        snprintf(next->notice + at, size - at, " No copy of it could be kept: %.100s.", err.msg);
}

CmStatus session_load(Session *s, const char *path, const char *variant, SessionLoad *info,
                      CmError *err)
{
    const CmVariant *v = NULL;
    char ref[SETUP_REF_MAX], bad[300] = "";
    CmRecord rec;
    Session next;
    SessionLoad got = {0, 0, 0};
    size_t len;
    char *text = NULL, auto_path[IO_PATH_MAX];
    CmStatus st;

    memset(&rec, 0, sizeof rec);
    session_init(&next, &s->env);
    st = io_read_file(path, CM_RECORD_MAX_BYTES, &text, &len, err);
    got.damaged = st == CM_ERR_LIMIT; /* too large to be a record */
    if (st == CM_OK) {
        st = parse_record(text, len, &rec, &got.cut, err);
        if (st != CM_OK && st != CM_ERR_NOMEM)
            got.damaged = 1;
    }
    if (st == CM_OK) {
        got.cut |= cut_short(&rec);
        v = record_variant(&next, &rec, path, variant, ref, sizeof ref, err);
        st = v == NULL ? err->code
                       : start_from_record(&next, &rec, v, ref, path, got.cut, &got.damaged, bad,
                                           sizeof bad, err);
    }
    cm_record_free(&rec);
    if (st == CM_OK) {
        got.plies = next.g.n;
        session_move_text(&next, next.g.n - 1); /* each move's text, once */
    }
    if (info != NULL)
        *info = got;
    if (st != CM_OK) {
        free(text);
        session_free(&next);
        return st;
    }
    session_autosave_path(s, auto_path, sizeof auto_path);
    next.autosave_fresh = strcmp(auto_path, path) != 0;
    if (got.cut) {
        char length[64], shown[4 * 300 + 1];
        size_t n = strlen(path);
        text_game_length(next.v->nseats, next.g.n, length, sizeof length);
        cm_text_escape(path, n < 300 ? n : 300, shown, sizeof shown);
        snprintf(next.notice, sizeof next.notice, "The save %.300s was cut short; recovered: %s.",
                 shown, length);
    }
    if (bad[0])
        tags_lost(&next, path, !next.autosave_fresh, text, len, bad);
    free(text);
    session_adopt(s, &next);
    return CM_OK;
}
