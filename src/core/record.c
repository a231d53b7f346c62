/* Game records: reading tag lines and movetext, replaying the moves, writing a game back out.
 * The format is described in docs/notation.md.
 * SPDX-License-Identifier: MIT */
#include "camelot/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/error.h"
#include "camelot/notation.h"
#include "camelot/posdoc.h"
#include "camelot/grow.h"

#define WRAP_COLUMNS 80

/* ---- Reading ------------------------------------------------------------------------------ */

/* A cursor over the record text; 'line' and 'col' are 1-based and count bytes. */
typedef struct Scan {
    const char *text;
    size_t len, i;
    int line, col;
} Scan;

static int at_end(const Scan *s)
{
    return s->i >= s->len;
}

static char peek(const Scan *s)
{
    return at_end(s) ? '\0' : s->text[s->i];
}

static void advance(Scan *s)
{
    if (s->text[s->i] == '\n') {
        s->line++;
        s->col = 1;
    } else {
        s->col++;
    }
    s->i++;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static int is_alpha(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Bytes below 0x20 other than white space, and DEL, are never part of a record. */
static int is_control(char c)
{
    unsigned char u = (unsigned char)c;
    return (u < 0x20 && !is_space(c)) || u == 0x7f;
}

/* Reads a tag's value from the cursor, on its opening '"' at 'qline':'qcol', to the closing
 * ']' into 'value' of 'cap' bytes, NUL-terminated; 'name' is the tag's, for the errors. */
static CmStatus read_value(Scan *s, const char *name, char *value, size_t cap, int qline, int qcol,
                           CmError *err)
{
    size_t n = 0;

    advance(s);
    for (;;) {
        char c = peek(s);
        if (at_end(s) || c == '\n' || c == '\r')
            return cm_error_set(err, CM_ERR_SYNTAX, qline, qcol, "unterminated value of tag '%s'",
                                name);
        if (c == '"')
            break;
        if (is_control(c))
            return cm_error_set(err, CM_ERR_SYNTAX, s->line, s->col,
                                "control character in the value of tag '%s'", name);
        if (c == '\\') {
            advance(s);
            c = peek(s);
            if (c != '"' && c != '\\')
                return cm_error_set(err, CM_ERR_SYNTAX, s->line, s->col - 1,
                                    "unknown escape in tag value (only \\\" and \\\\ are known)");
        }
        if (n + 1 >= cap)
            return cm_error_set(err, CM_ERR_LIMIT, s->line, s->col,
                                "value of tag '%s' longer than %d bytes", name, (int)cap - 1);
        value[n++] = c;
        advance(s);
    }
    advance(s);
    while (peek(s) == ' ' || peek(s) == '\t')
        advance(s);
    if (peek(s) != ']')
        return cm_error_set(err, CM_ERR_SYNTAX, s->line, s->col, "expected ']' to close tag '%s'",
                            name);
    advance(s);

    value[n] = '\0';
    return CM_OK;
}

/* Reads '[Name "value"]' at the cursor, which is on the '['. The tag must fit on one line. */
static CmStatus read_tag(Scan *s, CmRecord *rec, CmError *err)
{
    CmTag tag;
    size_t n = 0;
    int line = s->line, col = s->col;

    memset(&tag, 0, sizeof tag);
    tag.line = line;
    advance(s);
    while (peek(s) == ' ' || peek(s) == '\t')
        advance(s);
    if (!is_alpha(peek(s)))
        return cm_error_set(err, CM_ERR_SYNTAX, s->line, s->col, "expected a tag name after '['");
    while (is_alpha(peek(s)) || is_digit(peek(s)) || peek(s) == '_') {
        if (n + 1 >= sizeof tag.name)
            return cm_error_set(err, CM_ERR_LIMIT, s->line, s->col,
                                "tag name longer than %d characters", (int)sizeof tag.name - 1);
        tag.name[n++] = peek(s);
        advance(s);
    }
    if (peek(s) != ' ' && peek(s) != '\t')
        return cm_error_set(err, CM_ERR_SYNTAX, s->line, s->col,
                            "expected a space between the tag name and its value");
    while (peek(s) == ' ' || peek(s) == '\t')
        advance(s);
    if (peek(s) != '"')
        return cm_error_set(err, CM_ERR_SYNTAX, s->line, s->col,
                            "expected '\"' to start the value of tag '%s'", tag.name);
    int qline = s->line, qcol = s->col;
    /* A 'Position' tag holds a whole position document: its value goes to the heap. */
    int is_position = strcmp(tag.name, "Position") == 0;
    size_t cap = is_position ? CM_RECORD_POSITION_MAX + 1 : sizeof tag.value;
    char *value = is_position ? malloc(cap) : tag.value;
    if (value == NULL)
        return cm_error_set(err, CM_ERR_NOMEM, line, col, "out of memory");
    if (is_position && rec->position != NULL) {
        free(value);
        return cm_error_set(err, CM_ERR_SCHEMA, line, col,
                            "duplicate tag 'Position' (first on line %d)", rec->position_line);
    }
    CmStatus st = read_value(s, tag.name, value, cap, qline, qcol, err);
    if (st != CM_OK) {
        if (is_position)
            free(value);
        return st;
    }
    if (is_position) {
        rec->position = value;
        rec->position_line = line;
        return CM_OK;
    }

    for (int i = 0; i < rec->ntags; i++)
        if (strcmp(rec->tag[i].name, tag.name) == 0)
            return cm_error_set(err, CM_ERR_SCHEMA, line, col,
                                "duplicate tag '%s' (first on line %d)", tag.name,
                                rec->tag[i].line);
    if (rec->ntags == CM_RECORD_MAX_TAGS)
        return cm_error_set(err, CM_ERR_LIMIT, line, col, "more than %d tags", CM_RECORD_MAX_TAGS);
    rec->tag[rec->ntags++] = tag;
    return CM_OK;
}

/* Whether 'tok' ('n' bytes) is a result token: "*", "draw", or upper-case seat letters joined
 * by '+'. */
static int is_result(const char *tok, size_t n)
{
    if (n == 1 && tok[0] == '*')
        return 1;
    if (n == 4 && memcmp(tok, "draw", 4) == 0)
        return 1;
    if (n % 2 == 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (i % 2 == 0 && !(tok[i] >= 'A' && tok[i] <= 'Z'))
            return 0;
        if (i % 2 == 1 && tok[i] != '+')
            return 0;
    }
    return 1;
}

/* Checks that 'tok' ('n' bytes) has the shape of a WCF move: a square name, then one or more
 * of '-', 'x' or '^' followed by a square name. Legality is left to the replay. Returns the
 * offset of the first wrong byte, or -1 when the shape is right. */
static long move_shape(const char *tok, size_t n)
{
    char sqtext[4];
    size_t i = 0;
    int squares = 0;

    for (;;) {
        CmSquare sq;
        size_t k = 0;
        /* 'cm_square_parse' reads a NUL-terminated string: copy at most 4 bytes. */
        while (k < 3 && i + k < n) {
            sqtext[k] = tok[i + k];
            k++;
        }
        sqtext[k] = '\0';
        int used = cm_square_parse(sqtext, &sq);
        if (used == 0 || (i + (size_t)used < n && is_digit(tok[i + (size_t)used])))
            return (long)i;
        i += (size_t)used;
        squares++;
        if (i == n)
            return squares >= 2 ? -1 : (long)i;
        char c = tok[i];
        if (c != '-' && c != 'x' && c != 'X' && c != '^')
            return (long)i;
        i++;
    }
}

static CmStatus add_move(CmRecord *rec, int *cap, const char *tok, size_t n, int line, int col,
                         CmError *err)
{
    if (n >= sizeof rec->moves[0].text)
        return cm_error_set(err, CM_ERR_LIMIT, line, col, "move longer than %d characters",
                            (int)sizeof rec->moves[0].text - 1);
    if (cm_grow(&rec->moves, cap, rec->nmoves + 1, sizeof *rec->moves, 64) != 0)
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    CmRecordMove *m = &rec->moves[rec->nmoves++];
    memcpy(m->text, tok, n);
    m->text[n] = '\0';
    m->line = line;
    m->col = col;
    return CM_OK;
}

/* One movetext token at the cursor: an optional move number ("12." or "12..."), then a move or
 * the result. */
static CmStatus read_token(Scan *s, CmRecord *rec, int *cap, int *res_line, int *res_col,
                           CmError *err)
{
    size_t start = s->i, end = s->i;
    int line = s->line, col = s->col;

    while (end < s->len && !is_space(s->text[end]) && s->text[end] != '{' && s->text[end] != ';')
        end++;
    const char *tok = s->text + start;
    size_t n = end - start, k = 0;

    for (size_t i = 0; i < n; i++) {
        if (is_control(tok[i]))
            return cm_error_set(err, CM_ERR_SYNTAX, line, col + (int)i, "control character");
        if (tok[i] == '[')
            return cm_error_set(err, CM_ERR_SYNTAX, line, col + (int)i,
                                "tag after the moves (tags go at the top)");
        if (tok[i] == ']' || tok[i] == '}')
            return cm_error_set(err, CM_ERR_SYNTAX, line, col + (int)i, "unexpected '%c'", tok[i]);
    }
    if (*res_line)
        return cm_error_set(err, CM_ERR_SYNTAX, line, col, "text after the result '%s'",
                            rec->result);

    /* A move number: digits, then one or more dots. */
    if (is_digit(tok[0])) {
        while (k < n && is_digit(tok[k]))
            k++;
        if (k == n || tok[k] != '.')
            return cm_error_set(err, CM_ERR_SYNTAX, line, col + (int)k,
                                "expected '.' after the move number");
        while (k < n && tok[k] == '.')
            k++;
    }
    while (s->i < end)
        advance(s);
    if (k == n)
        return CM_OK;
    tok += k;
    n -= k;
    col += (int)k;

    if (is_result(tok, n)) {
        if (n >= sizeof rec->result)
            return cm_error_set(err, CM_ERR_LIMIT, line, col, "result token too long");
        memcpy(rec->result, tok, n);
        rec->result[n] = '\0';
        rec->result_line = line;
        rec->result_col = col;
        *res_line = line;
        *res_col = col;
        return CM_OK;
    }
    long bad = move_shape(tok, n);
    if (bad >= 0)
        return cm_error_set(err, CM_ERR_SYNTAX, line, col + (int)bad,
                            "not a move: '%.*s' (expected e.g. E6-E8 or H4xJ4)",
                            n > 40 ? 40 : (int)n, tok);
    return add_move(rec, cap, tok, n, line, col, err);
}

static CmStatus parse(const char *text, size_t len, CmRecord *rec, CmError *err)
{
    Scan s = {text, len, 0, 1, 1};
    int cap = 0, in_moves = 0, res_line = 0, res_col = 0;
    CmStatus st;

    if (len > CM_RECORD_MAX_BYTES)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "record larger than %d bytes",
                            CM_RECORD_MAX_BYTES);
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        s.i = 3; /* a UTF-8 byte order mark, as some editors write */
    while (!at_end(&s)) {
        char c = peek(&s);
        if (is_space(c)) {
            advance(&s);
        } else if (c == ';') {
            while (!at_end(&s) && peek(&s) != '\n')
                advance(&s);
        } else if (c == '{') {
            int line = s.line, col = s.col;
            while (!at_end(&s) && peek(&s) != '}')
                advance(&s);
            if (at_end(&s))
                return cm_error_set(err, CM_ERR_SYNTAX, line, col, "unterminated comment");
            advance(&s);
        } else if (c == '[') {
            if (in_moves)
                return cm_error_set(err, CM_ERR_SYNTAX, s.line, s.col,
                                    "tag after the moves (tags go at the top)");
            if ((st = read_tag(&s, rec, err)) != CM_OK)
                return st;
        } else if (c == '}' || c == ']') {
            return cm_error_set(err, CM_ERR_SYNTAX, s.line, s.col, "unexpected '%c'", c);
        } else if (is_control(c)) {
            return cm_error_set(err, CM_ERR_SYNTAX, s.line, s.col, "control character");
        } else {
            in_moves = 1;
            if ((st = read_token(&s, rec, &cap, &res_line, &res_col, err)) != CM_OK)
                return st;
        }
    }

    const char *tagres = cm_record_tag(rec, "Result");
    if (res_line && tagres && strcmp(tagres, rec->result) != 0) {
        int tline = 0;
        for (int i = 0; i < rec->ntags; i++)
            if (strcmp(rec->tag[i].name, "Result") == 0)
                tline = rec->tag[i].line;
        return cm_error_set(err, CM_ERR_SCHEMA, res_line, res_col,
                            "result '%s' differs from the Result tag '%s' on line %d", rec->result,
                            tagres, tline);
    }
    return CM_OK;
}

CmStatus cm_record_parse(const char *text, size_t len, CmRecord *out, CmError *err)
{
    memset(out, 0, sizeof *out);
    CmStatus st = parse(text, len, out, err);
    if (st != CM_OK) {
        cm_record_free(out);
        memset(out, 0, sizeof *out);
    }
    return st;
}

void cm_record_free(CmRecord *rec)
{
    if (rec == NULL)
        return;
    free(rec->moves);
    rec->moves = NULL;
    free(rec->position);
    rec->position = NULL;
    rec->nmoves = 0;
}

const char *cm_record_tag(const CmRecord *rec, const char *name)
{
    if (strcmp(name, "Position") == 0)
        return rec->position;
    for (int i = 0; i < rec->ntags; i++)
        if (strcmp(rec->tag[i].name, name) == 0)
            return rec->tag[i].value;
    return NULL;
}

/* ---- Results and replay ------------------------------------------------------------------- */

/* Writes the letters of 'seats' (a bit set, in seat order) joined by '+'. */
static size_t seats_str(const CmVariant *v, unsigned seats, char *buf, size_t size)
{
    char tmp[2 * CM_MAX_SEATS + 1];
    size_t n = 0;

    for (int s = 0; s < v->nseats; s++) {
        if (!(seats & (1u << s)))
            continue;
        if (n)
            tmp[n++] = '+';
        tmp[n++] = v->seat[s].letter;
    }
    tmp[n] = '\0';
    return (size_t)snprintf(buf, size, "%s", tmp);
}

size_t cm_result_str(const CmVariant *v, const CmOutcome *o, char *buf, size_t size)
{
    if (!o->over)
        return (size_t)snprintf(buf, size, "*");
    if (o->draw)
        return (size_t)snprintf(buf, size, "draw");
    return seats_str(v, o->seats, buf, size);
}

size_t cm_outcome_str(const CmVariant *v, const CmOutcome *o, char *buf, size_t size)
{
    char res[16];

    if (!o->over)
        return (size_t)snprintf(buf, size, "ongoing");
    cm_result_str(v, o, res, sizeof res);
    if (o->draw)
        return (size_t)snprintf(buf, size, "draw (%s)", cm_reason_name(o->reason));
    return (size_t)snprintf(buf, size, "%s wins (%s)", res, cm_reason_name(o->reason));
}

/* Whether 'text' is a result some game of 'v' could have: "*", "draw" or a team's seats. */
static int valid_result(const CmVariant *v, const char *text)
{
    char buf[16];

    if (strcmp(text, "*") == 0 || strcmp(text, "draw") == 0)
        return 1;
    for (int t = 0; t < v->nteams; t++) {
        seats_str(v, v->team_seats[t], buf, sizeof buf);
        if (strcmp(buf, text) == 0)
            return 1;
    }
    return 0;
}

static int tag_line(const CmRecord *rec, const char *name)
{
    for (int i = 0; i < rec->ntags; i++)
        if (strcmp(rec->tag[i].name, name) == 0)
            return rec->tag[i].line;
    return 0;
}

/* Checks the termination of a game the board did not end against its recorded result (see
 * cm_termination_check). */
static CmStatus check_off_board(const CmRecord *rec, const CmGame *g, const char *recorded,
                                CmError *err)
{
    const char *term = cm_record_tag(rec, "Termination");
    int line = tag_line(rec, "Termination");

    if (term == NULL)
        return CM_OK;
    if (recorded == NULL)
        recorded = "*";
    char why[128];
    if (cm_termination_check(g->v, recorded, term, why, sizeof why) != 0)
        return cm_error_set(err, CM_ERR_SCHEMA, line, 0, "the Termination tag says %s", why);
    return CM_OK;
}

int cm_termination_check(const CmVariant *v, const char *result, const char *term, char *why,
                         size_t size)
{
    for (int r = CM_REASON_NONE + 1; r < CM_REASON_COUNT; r++)
        if (strcmp(term, cm_reason_name((CmReason)r)) == 0) {
            snprintf(why, size, "'%s' but the game is not over on the board", term);
            return -1;
        }
    if (strcmp(term, "resignation") == 0 && strcmp(result, "*") == 0)
        snprintf(why, size, "'resignation' but the result gives no winner ('*')");
    else if (strcmp(term, "resignation") == 0 && strcmp(result, "draw") == 0 && v->nteams == 2)
        snprintf(why, size,
                 "'resignation' but the result is a draw (with two teams the other one wins)");
    else if (strcmp(term, "agreement") == 0 && strcmp(result, "draw") != 0)
        snprintf(why, size, "'agreement' (a draw) but the result is '%.16s'", result);
    else
        return 0;
    return -1;
}

/* Checks the recorded result and termination against the game: a finished game must agree
 * with them; an unfinished one may carry any result the variant allows (a resignation or an
 * agreed draw is decided off the board), with a termination that fits it. */
static CmStatus check_result(const CmRecord *rec, const CmGame *g, CmError *err)
{
    const char *recorded = cm_record_tag(rec, "Result");
    const char *term = cm_record_tag(rec, "Termination");
    int line = tag_line(rec, "Result"), col = 0;
    char actual[16], text[64];

    if (recorded == NULL && rec->result[0]) {
        recorded = rec->result;
        line = rec->result_line;
        col = rec->result_col;
    }
    cm_result_str(g->v, &g->outcome, actual, sizeof actual);
    cm_outcome_str(g->v, &g->outcome, text, sizeof text);
    if (recorded != NULL && !valid_result(g->v, recorded)) {
        char teams[64];
        size_t n = 0;
        teams[0] = '\0';
        for (int t = 0; t < g->v->nteams && n < sizeof teams; t++) {
            n += seats_str(g->v, g->v->team_seats[t], teams + n, sizeof teams - n);
            if (n < sizeof teams)
                n += (size_t)snprintf(teams + n, sizeof teams - n, ", ");
        }
        return cm_error_set(err, CM_ERR_SCHEMA, line, col,
                            "'%s' is not a result of %s (expected %sdraw or *)", recorded,
                            g->v->name, teams);
    }
    if (!g->outcome.over)
        return check_off_board(rec, g, recorded, err);
    if (term != NULL && strcmp(term, cm_reason_name(g->outcome.reason)) != 0)
        return cm_error_set(err, CM_ERR_SCHEMA, tag_line(rec, "Termination"), 0,
                            "the Termination tag says '%s' but the game ends %s", term, text);
    if (recorded == NULL) {
        const CmRecordMove *last = rec->nmoves > 0 ? &rec->moves[rec->nmoves - 1] : NULL;
        return cm_error_set(err, CM_ERR_SCHEMA, last ? last->line : 0, 0,
                            "the game ends %s but the record gives no result (a Result tag or a "
                            "result after the moves)",
                            text);
    }
    if (strcmp(recorded, actual) != 0)
        return cm_error_set(err, CM_ERR_SCHEMA, line, col,
                            "the record gives the result '%s' but the game ends %s", recorded,
                            text);
    return CM_OK;
}

CmStatus cm_record_start(const CmRecord *rec, const CmVariant *v, CmPosition *out, CmError *err)
{
    CmError perr;

    if (rec->position == NULL) {
        cm_pos_start(out, v);
        return CM_OK;
    }
    cm_error_init(&perr, NULL);
    if (cm_posdoc_parse(rec->position, strlen(rec->position), NULL, NULL, v, out, &perr) != CM_OK)
        return cm_error_set(err, perr.code, rec->position_line, 1, "tag 'Position': %s", perr.msg);
    return CM_OK;
}

CmStatus cm_record_replay(const CmRecord *rec, CmGame *game, CmError *err)
{
    for (int i = 0; i < rec->nmoves; i++) {
        const CmRecordMove *rm = &rec->moves[i];
        int shown = (int)strlen(rm->text) > 60 ? 60 : (int)strlen(rm->text);
        CmError perr;
        CmMove m;
        CmStatus st;

        if (game->outcome.over) {
            char text[64];
            cm_outcome_str(game->v, &game->outcome, text, sizeof text);
            return cm_error_set(err, CM_ERR_ILLEGAL, rm->line, rm->col,
                                "illegal move '%.*s': the game is already over (%s)", shown,
                                rm->text, text);
        }
        cm_error_init(&perr, NULL);
        if (cm_move_parse(&game->pos, rm->text, &m, &perr) != CM_OK)
            return cm_error_set(err, CM_ERR_ILLEGAL, rm->line, rm->col, "illegal move '%.*s': %s",
                                shown, rm->text, perr.msg);
        st = cm_game_play(game, &m);
        if (st == CM_ERR_NOMEM)
            return cm_error_set(err, st, rm->line, rm->col, "out of memory");
        if (st != CM_OK)
            return cm_error_set(err, CM_ERR_ILLEGAL, rm->line, rm->col,
                                "illegal move '%.*s': the game does not accept it", shown,
                                rm->text);
    }
    return check_result(rec, game, err);
}

/* ---- Writing ------------------------------------------------------------------------------ */

/* An snprintf-style sink: 'len' counts every byte asked for, even those that did not fit. */
typedef struct Out {
    char *buf;
    size_t size, len;
} Out;

static void put(Out *o, const char *s, size_t n)
{
    if (o->len < o->size) {
        size_t room = o->size - 1 - o->len;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
}

static void puts_(Out *o, const char *s)
{
    put(o, s, strlen(s));
}

static void put_tag(Out *o, const char *name, const char *value)
{
    puts_(o, "[");
    puts_(o, name);
    puts_(o, " \"");
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            put(o, "\\", 1);
        /* Line breaks and other control bytes cannot be written inside a tag value. */
        put(o, (unsigned char)*p < 0x20 || *p == 0x7f ? " " : p, 1);
    }
    puts_(o, "\"]\n");
}

/* The value of the caller's tag 'name', or NULL. */
static const char *given(const CmTag *tags, int ntags, const char *name)
{
    for (int i = 0; i < ntags && tags != NULL; i++)
        if (strcmp(tags[i].name, name) == 0)
            return tags[i].value;
    return NULL;
}

/* Adds 'word' to the movetext, breaking the line first when it would pass the wrap column. */
static void put_word(Out *o, int *linelen, const char *word)
{
    int n = (int)strlen(word);

    if (*linelen > 0 && *linelen + 1 + n > WRAP_COLUMNS) {
        puts_(o, "\n");
        *linelen = 0;
    } else if (*linelen > 0) {
        puts_(o, " ");
        (*linelen)++;
    }
    put(o, word, (size_t)n);
    *linelen += n;
}

size_t cm_record_write(const CmGame *game, const CmTag *tags, int ntags, char *buf, size_t size)
{
    return cm_record_write_texts(game, NULL, tags, ntags, buf, size);
}

size_t cm_record_write_texts(const CmGame *game, const char *const *texts, const CmTag *tags,
                             int ntags, char *buf, size_t size)
{
    const CmVariant *v = game->v;
    Out o = {buf, size, 0};
    char word[CM_MOVE_TEXT_MAX + 16], res[16];
    CmPosition pos;
    CmUndo undo;
    int linelen = 0;

    for (int i = 0; i < ntags && tags != NULL; i++)
        put_tag(&o, tags[i].name, tags[i].value);
    if (!given(tags, ntags, "Variant"))
        put_tag(&o, "Variant", v->name);
    cm_pos_start(&pos, v);
    if (!cm_pos_equal(&pos, &game->start) || game->start.quiet != 0) {
        /* The document holds no '"' or '\\' (it names no variant): written as it is. */
        puts_(&o, "[Position \"");
        size_t room = o.len < o.size ? o.size - o.len : 0;
        o.len += cm_posdoc_write_line(&game->start, room ? o.buf + o.len : NULL, room);
        puts_(&o, "\"]\n");
    }
    cm_result_str(v, &game->outcome, res, sizeof res);
    if (!given(tags, ntags, "Result"))
        put_tag(&o, "Result", res);
    if (game->outcome.over && !given(tags, ntags, "Termination"))
        put_tag(&o, "Termination", cm_reason_name(game->outcome.reason));
    puts_(&o, "\n");

    /* Replay from the start to write each move in its canonical form. Seats skipped by the
     * no-move rule are not written, so the seat of each ply is set before writing it. */
    pos = game->start;
    for (int i = 0; i < game->n; i++) {
        const CmPly *p = &game->ply[i];
        size_t n = 0;
        if (pos.to_move != p->seat)
            cm_pos_set_turn(&pos, p->seat);
        if (i % v->nseats == 0)
            n = (size_t)snprintf(word, sizeof word, "%d. ", i / v->nseats + 1);
        if (texts != NULL && texts[i] != NULL)
            snprintf(word + n, sizeof word - n, "%s", texts[i]);
        else
            cm_move_str(&pos, &p->move, word + n, sizeof word - n);
        put_word(&o, &linelen, word);
        cm_pos_apply(&pos, &p->move, &undo);
    }
    put_word(&o, &linelen, given(tags, ntags, "Result") ? given(tags, ntags, "Result") : res);
    puts_(&o, "\n");
    if (size > 0)
        buf[o.len < size ? o.len : size - 1] = '\0';
    return o.len;
}

CmStatus cm_record_fits(size_t len, CmError *err)
{
    if (len <= CM_RECORD_MAX_BYTES)
        return CM_OK;
    return cm_error_set(err, CM_ERR_LIMIT, 0, 0,
                        "the game is too long to save: its record would be %zu bytes, more than "
                        "the %d MiB camelot reads back",
                        len, CM_RECORD_MAX_BYTES / (1024 * 1024));
}
