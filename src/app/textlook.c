/* What a player who cannot see the board asks of it in the text front ends (the text game and
 * the online text client), a line at a time: what is on a rank, a file or a square, the pieces
 * of one side and kind, the last move, and the legal moves of one piece. Runs of squares that
 * hold the same are told together ("D6 to I6 White men"), so that a rank reads in one line.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "camelot/explain.h"
#include "camelot/notation.h"
#include "cli.h"
#include "session/news.h"
#include "session/remote.h"
#include "session/session.h"
#include "session/text.h"

#define LOOK_MAX 4096 /* bytes of a rank's or a file's line */

/* The seat whose castle holds 'sq', or -1. */
static int castle_of(const CmVariant *v, CmSquare sq)
{
    for (int seat = 0; seat < v->nseats; seat++)
        for (int i = 0; i < v->seat[seat].ncastle; i++)
            if (v->seat[seat].castle[i] == sq)
                return seat;
    return -1;
}

/* What 'sq' holds, one piece or many ('plural'): "White man", "White men", "empty", with
 * " (Black's castle)" after it on a castle square. */
static void square_words(const CmPosition *pos, CmSquare sq, int plural, char *buf, size_t size)
{
    const CmVariant *v = pos->v;
    uint8_t cell = pos->board[sq];
    int n = 0, castle = castle_of(v, sq);
    if (cell == CM_EMPTY)
        n = snprintf(buf, size, "empty");
    else
        n = snprintf(buf, size, "%s %s%s", v->seat[CM_CELL_SEAT(cell)].name,
                     CM_CELL_KIND(cell) == CM_KNIGHT ? "knight"
                     : plural                        ? "men"
                                                     : "man",
                     CM_CELL_KIND(cell) == CM_KNIGHT && plural ? "s" : "");
    if (castle >= 0 && n >= 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, " (%s's castle)", v->seat[castle].name);
}

/* Whether two squares read the same: the same cell in the same castle (or none). */
static int same_look(const CmPosition *pos, CmSquare a, CmSquare b)
{
    return pos->board[a] == pos->board[b] && castle_of(pos->v, a) == castle_of(pos->v, b);
}

/* Says the board's squares of one rank (by_rank) or one file, 'line' its number from 0, in
 * runs: "Rank 6, B6 to K6: B6 empty, C6 White knight, D6 to I6 White men, ...". */
static void say_line(CliText *t, const CmPosition *pos, int by_rank, int line)
{
    const CmVariant *v = pos->v;
    CmSquare sq[16];
    int n = 0, len = by_rank ? v->files : v->ranks;
    for (int i = 0; i < len; i++) {
        CmSquare s = by_rank ? CM_SQ(i, line) : CM_SQ(line, i);
        if (cm_variant_on(v, s))
            sq[n++] = s;
    }
    char label[16], text[LOOK_MAX], a[4], b[4], what[96];
    if (by_rank)
        snprintf(label, sizeof label, "Rank %d", line + 1);
    else
        snprintf(label, sizeof label, "File %c", 'A' + line);
    if (n == 0) {
        cli_say(t, "%s has no square on this board.", label);
        return;
    }
    size_t at = (size_t)snprintf(text, sizeof text, "%s, %s to %s:", label,
                                 cm_square_name(sq[0], a), cm_square_name(sq[n - 1], b));
    for (int i = 0; i < n && at < sizeof text;) {
        int j = i;
        while (j + 1 < n && same_look(pos, sq[i], sq[j + 1]))
            j++;
        square_words(pos, sq[i], j > i, what, sizeof what);
        cm_square_name(sq[i], a);
        cm_square_name(sq[j], b);
        if (j == i)
            at += (size_t)snprintf(text + at, sizeof text - at, "%s %s %s", i ? "," : "", a, what);
        else
            at += (size_t)snprintf(text + at, sizeof text - at, "%s %s %s %s %s", i ? "," : "", a,
                                   j == i + 1 ? "and" : "to", b, what);
        i = j + 1;
    }
    cli_say(t, "%s.", text);
}

/* Reads 'arg', the one word after a command, as a square of the board into '*sq' and its name
 * into 'name'. Returns 1, or 0 after saying 'usage' (not a square name) or that the square is
 * not on this board. */
static int board_square(CliText *t, const CmPosition *pos, const char *arg, const char *usage,
                        CmSquare *sq, char name[4])
{
    size_t used = (size_t)cm_square_parse(arg, sq);
    if (used == 0 || arg[used] != '\0') {
        cli_say(t, "%s", usage);
        return 0;
    }
    cm_square_name(*sq, name);
    if (!cm_variant_on(pos->v, *sq)) {
        cli_say(t, "%s is not a square of this board.", name);
        return 0;
    }
    return 1;
}

/* 'square E8': what is there, and whose castle it is part of. */
static void say_square(CliText *t, const CmPosition *pos, const char *arg)
{
    CmSquare sq;
    char name[4], what[96];
    if (!board_square(t, pos, arg, "usage: square SQUARE, such as square E8", &sq, name))
        return;
    square_words(pos, sq, 0, what, sizeof what);
    cli_say(t, "%s: %s.", name, what);
}

/* The seat named 'word' (its name or its letter, either case), or -1. */
static int seat_named(const CmVariant *v, const char *word)
{
    for (int seat = 0; seat < v->nseats; seat++)
        if (strcasecmp(word, v->seat[seat].name) == 0)
            return seat;
    return word[0] != '\0' && word[1] == '\0' ? cm_variant_seat(v, word[0]) : -1;
}

/* 0 for "men"/"man", 1 for "knights"/"knight", -1 else. */
static int kind_named(const char *word)
{
    if (strcasecmp(word, "knights") == 0 || strcasecmp(word, "knight") == 0)
        return 1;
    if (strcasecmp(word, "men") == 0 || strcasecmp(word, "man") == 0)
        return 0;
    return -1;
}

/* 'pieces SIDE [KIND]', 'pieces KIND': the pieces of one seat, of one kind, or both. */
static void say_pieces_of(CliText *t, const CmPosition *pos, char *args)
{
    const CmVariant *v = pos->v;
    char *w1 = strtok(args, " \t"), *w2 = strtok(NULL, " \t"), *w3 = strtok(NULL, " \t");
    int seat = w1 != NULL ? seat_named(v, w1) : -1, kind = -1;
    if (seat < 0 && w1 != NULL && w2 == NULL)
        kind = kind_named(w1);
    else if (seat >= 0 && w2 != NULL)
        kind = kind_named(w2);
    if (w3 != NULL || (seat < 0 && kind < 0) || (seat >= 0 && w2 != NULL && kind < 0)) {
        char seats[200];
        size_t at = 0;
        for (int s = 0; s < v->nseats && at < sizeof seats; s++)
            at += (size_t)snprintf(seats + at, sizeof seats - at, "%s%s", s ? ", " : "",
                                   v->seat[s].name);
        cli_say(t, "usage: pieces [SIDE] [knights|men], SIDE one of %s", seats);
        return;
    }
    char words[CLI_WORDS_MAX];
    for (int s = 0; s < v->nseats; s++) {
        if (seat >= 0 && s != seat)
            continue;
        for (int k = 1; k >= 0; k--) {
            if (kind >= 0 && k != kind)
                continue;
            if (cli_pieces_words(pos, &pos->occ[s], k, words, sizeof words) == 0)
                cli_say(t, "%s: no %s.", v->seat[s].name, k ? "knights" : "men");
            else
                cli_say(t, "%s: %s.", v->seat[s].name, words);
        }
    }
}

/* 'last': the last move, who played it and what it did. */
static void say_last(CliText *t, Session *s)
{
    if (s->g.n == 0) {
        cli_say(t, "No move has been played yet.");
        return;
    }
    CmPosition before;
    char words[CLI_WORDS_MAX], who[96];
    int ply = s->g.n - 1, seat = s->g.ply[ply].seat;
    session_position_before(s, ply, &before);
    cli_move_words(&before, &s->g.ply[ply].move, words, sizeof words);
    const char *path = session_move_text(s, ply);
    if (session_remote_game(s) != NULL)
        news_seat(s, seat, who, sizeof who);
    else
        snprintf(who, sizeof who, "%s", s->v->seat[seat].name);
    cli_say(t, "The last move, move %d: %s played %s: %s.", ply / s->v->nseats + 1, who,
            path != NULL ? path : "?", words);
}

/* 'moves E6': the legal moves of the piece on E6. */
static void say_moves_from(CliText *t, const CmPosition *pos, const char *arg)
{
    CmSquare sq;
    char name[4], what[96];
    if (!board_square(t, pos, arg, "usage: moves [SQUARE], such as moves E6", &sq, name))
        return;
    uint8_t cell = pos->board[sq];
    if (cell == CM_EMPTY) {
        cli_say(t, "%s is empty.", name);
        return;
    }
    square_words(pos, sq, 0, what, sizeof what);
    if (CM_CELL_SEAT(cell) != pos->to_move) {
        cli_say(t, "%s: %s, not %s's to move.", name, what, pos->v->seat[pos->to_move].name);
        return;
    }
    CliMoveText *mt = NULL;
    int n = cli_movetext(pos, &mt);
    if (n < 0) {
        cli_say(t, "%s", n == CLI_MOVES_TOO_MANY ? "too many moves to list" : "out of memory");
        return;
    }
    char list[CLI_WORDS_MAX];
    size_t at = 0;
    int mine = 0;
    for (int i = 0; i < n; i++)
        if (mt[i].move.from == sq && at < sizeof list) {
            at +=
                (size_t)snprintf(list + at, sizeof list - at, "%s%s", mine ? ", " : "", mt[i].path);
            mine++;
        }
    cli_movetext_free(mt, n);
    if (mine == 0) {
        char ob[CM_EXPLAIN_MAX];
        text_obligation(pos, ob, sizeof ob);
        if (ob[0])
            cli_say(t, "%s: %s, with no legal move now (%s).", name, what, ob);
        else
            cli_say(t, "%s: %s, with no legal move now.", name, what);
        return;
    }
    cli_say(t, "%s: %s, %d legal move%s: %s.", name, what, mine, mine == 1 ? "" : "s", list);
}

int cli_look(CliText *t, Session *s, char *cmd)
{
    const CmPosition *pos = &s->g.pos;
    char *arg = strchr(cmd, ' ');
    size_t klen = arg != NULL ? (size_t)(arg - cmd) : strlen(cmd);
    arg = arg != NULL ? cli_text_trim(arg) : cmd + klen;
    if (klen == 4 && strncmp(cmd, "rank", 4) == 0) {
        char *end;
        long r = strtol(arg, &end, 10);
        if (arg[0] == '\0' || *end != '\0' || r < 1 || r > pos->v->ranks)
            cli_say(t, "usage: rank N, N from 1 to %d", pos->v->ranks);
        else
            say_line(t, pos, 1, (int)r - 1);
    } else if (klen == 4 && strncmp(cmd, "file", 4) == 0) {
        int f = arg[0] != '\0' && arg[1] == '\0' ? (arg[0] | 0x20) - 'a' : -1;
        if (f < 0 || f >= pos->v->files)
            cli_say(t, "usage: file LETTER, from A to %c", 'A' + pos->v->files - 1);
        else
            say_line(t, pos, 0, f);
    } else if (klen == 6 && strncmp(cmd, "square", 6) == 0) {
        say_square(t, pos, arg);
    } else if (klen == 6 && strncmp(cmd, "pieces", 6) == 0 && arg[0] != '\0') {
        say_pieces_of(t, pos, arg);
    } else if (klen == 4 && strncmp(cmd, "last", 4) == 0 && arg[0] == '\0') {
        say_last(t, s);
    } else if (klen == 5 && strncmp(cmd, "moves", 5) == 0 && arg[0] != '\0') {
        if (s->outcome.over)
            cli_say(t, "the game is over: no moves");
        else
            say_moves_from(t, pos, arg);
    } else {
        return 0;
    }
    return 1;
}
