/* The rules page: the rules of each variant in the program's own words, built from the
 * variant's board and rule switches, then the keys.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "session/text.h"
#include "ui_int.h"

/* ---- A growing text, wrapped to a width ---------------------------------------------------- */

typedef struct Text {
    char *buf;
    size_t len, cap;
    int width;
    int lines;
    int failed;
} Text;

static void put(Text *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 8192;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *b = realloc(t->buf, cap);
        if (b == NULL) {
            t->failed = 1;
            return;
        }
        t->buf = b;
        t->cap = cap;
    }
    memcpy(t->buf + t->len, s, n);
    t->len += n;
    t->buf[t->len] = '\0';
}

/* Adds a paragraph wrapped to the width; lines after the first are indented by 'hang'. */
static void para_hang(Text *t, int hang, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void para_hang(Text *t, int hang, const char *fmt, ...)
{
    char p[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p, sizeof p, fmt, ap);
    va_end(ap);

    int width = t->width < 20 ? 20 : t->width;
    const char *s = p;
    int first = 1;
    do {
        int indent = first ? 0 : hang;
        int room = width - indent;
        size_t n = strlen(s), cut = n;
        if ((int)n > room) {
            cut = (size_t)room;
            while (cut > 0 && s[cut] != ' ')
                cut--;
            if (cut == 0)
                cut = (size_t)room;
        }
        for (int i = 0; i < indent; i++)
            put(t, " ", 1);
        put(t, s, cut);
        put(t, "\n", 1);
        t->lines++;
        s += cut;
        while (*s == ' ')
            s++;
        first = 0;
    } while (*s);
}

#define para(t, ...) para_hang(t, 0, __VA_ARGS__)
#define bullet(t, ...) para_hang(t, 2, "- " __VA_ARGS__)

static void blank(Text *t)
{
    put(t, "\n", 1);
    t->lines++;
}

static void heading(Text *t, const char *h)
{
    blank(t);
    para(t, "%s", h);
}

/* ---- Facts about a variant ----------------------------------------------------------------- */

static int count_kind(const CmVariant *v, int seat, int kind)
{
    int n = 0;
    for (int sq = 0; sq < CM_SQUARES; sq++)
        if (v->start[sq] == CM_CELL(seat, kind))
            n++;
    return n;
}

/* "F1 G1" */
static void castle_names(const CmVariant *v, int seat, char *buf, size_t size)
{
    size_t len = 0;
    char a[4];
    buf[0] = '\0';
    for (int i = 0; i < v->seat[seat].ncastle && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "",
                                cm_square_name(v->seat[seat].castle[i], a));
}

static const char *family_intro(const CmVariant *v)
{
    static const struct {
        const char *name, *intro;
    } intros[] = {
        {"camette", "Camette is the smallest game of the Camelot family, a quick modern game "
                    "(Michael Wortley Nolan, 2002)."},
        {"cam", "Cam is the small Camelot that Parker Brothers published in 1949."},
        {"camelot", "Camelot is the classic game Parker Brothers published in 1930, a "
                    "descendant of George S. Parker's Chivalry."},
        {"chivalry", "Chivalry is George S. Parker's game of 1887, the ancestor of Camelot; "
                     "it is played like Camelot on a larger board with more knights."},
        {"grand-cam", "Grand Cam is a four-player game on a Cam-sized board (Paul Bramwell "
                      "Smith, 2005)."},
        {"grand-camelot", "Grand Camelot is Parker Brothers' four-player Camelot of 1932."},
        {"four-handed-chivalry", "Four-Handed Chivalry is played by four players, every "
                                 "piece a knight, in two partnerships."},
        {"four-handed-chivalry-solo", "Four-Handed Chivalry, individual game: four players, "
                                      "every piece a knight, each playing alone."},
    };
    for (size_t i = 0; i < sizeof intros / sizeof intros[0]; i++)
        if (strcmp(v->name, intros[i].name) == 0)
            return intros[i].intro;
    return NULL;
}

/* What the rules page says depends on: the variant and facts drawn from it. */
typedef struct Facts {
    const CmVariant *v;
    const CmRules *r;
    int four;         /* more than two seats */
    int partners;     /* seats play in teams */
    int knights, men; /* of each seat at the start */
    int castles;      /* castle squares of all seats */
    int real_castles; /* castles that matter: a target or a castle win */
} Facts;

static void players_section(Text *t, const Facts *f)
{
    char a[64];
    heading(t, "PLAYERS AND PIECES");
    if (!f->four) {
        para(t,
             "Two players, %s and %s, each with %d knight%s and %d %s. %s moves first, "
             "then the turns alternate.",
             f->v->seat[0].name, f->v->seat[1].name, f->knights, f->knights == 1 ? "" : "s", f->men,
             f->men == 1 ? "man" : "men", f->v->seat[0].name);
    } else {
        char order[128];
        size_t len = 0;
        for (int s = 0; s < f->v->nseats && len < sizeof order; s++)
            len += (size_t)snprintf(order + len, sizeof order - len, "%s%s", s ? ", " : "",
                                    f->v->seat[s].name);
        if (f->men > 0)
            para(t, "%s players, each with %d knights and %d men. They move in turn: %s.",
                 f->v->nseats == 4 ? "Four" : "Three", f->knights, f->men, order);
        else
            para(t, "%s players, each with %d pieces, all of them knights. They move in turn: %s.",
                 f->v->nseats == 4 ? "Four" : "Three", f->knights, order);
        if (f->partners) {
            para(t, "They play in two teams:");
            for (int tm = 0; tm < f->v->nteams; tm++) {
                text_seat_names(f->v, f->v->team_seats[tm], a, sizeof a);
                bullet(t, "%s", a);
            }
            para(t, "You may canter over your own and your partner's pieces, and jump the "
                    "pieces of either opponent, both in one move if you can. You move only "
                    "your own pieces.");
        } else {
            para(t, "Everyone plays alone: every other player is an enemy, and you canter "
                    "only over your own pieces.");
        }
    }
    if (f->men > 0)
        para(t, "Knights and men move alike; only a knight may make the knight's charge.");
}

static void board_section(Text *t, const Facts *f)
{
    char a[64];
    heading(t, "THE BOARD");
    para(t,
         "%d squares, files A-%c from left to right and ranks 1-%d from bottom to top as "
         "%s sees them.",
         f->v->nsquares, 'A' + f->v->files - 1, f->v->ranks, f->v->seat[0].name);
    if (f->real_castles) {
        para(t, "Each player has a castle on the edge of the board:");
        for (int s = 0; s < f->v->nseats; s++) {
            castle_names(f->v, s, a, sizeof a);
            if (f->v->seat[s].target >= 0)
                bullet(t, "%s: %s (aims at %s's castle)", f->v->seat[s].name, a,
                       f->v->seat[f->v->seat[s].target].name);
            else
                bullet(t, "%s: %s", f->v->seat[s].name, a);
        }
    } else if (f->castles > 0 || f->v->nseats == 4) {
        para(t, "The castle squares at the ends of the board are ordinary squares in this game.");
    }
}

static void moves_section(Text *t, const Facts *f)
{
    heading(t, "MOVES");
    para(t, "On your turn you move one of your pieces in one of these ways:");
    bullet(t, "Plain move: one step in any of the eight directions to an empty square next to it.");
    bullet(t,
           "Canter: a leap in a straight line over a %s piece next to yours onto the empty "
           "square just beyond. You may leap again from there, in any direction, as often "
           "as you like, and stop after any leap. The piece leapt over stays. A canter may "
           "not end on the square where it began.",
           f->partners ? "friendly (yours or your partner's)" : "friendly");
    bullet(t, "Jump: a leap over an enemy piece next to yours onto the empty square beyond; the "
              "enemy piece is captured. While the jumping piece can jump again from where it "
              "lands, it must: a jump ends only when no further jump is possible.");
    bullet(t, "Knight's charge: a knight canters first and then jumps, in the same move. Once "
              "it has begun jumping it may not canter again.");

    heading(t, "CAPTURING IS COMPULSORY");
    para(t, "If at the start of your turn any of your pieces can jump, you must capture: jump "
            "with one of those pieces, or make a knight's charge that captures. You may choose "
            "any capture, not only the longest.");
    para(t, "A charge is never compulsory by itself: if a capture is only possible after a "
            "canter, you need not make it.");
    para(t, "A knight that canters onto a square next to an enemy piece it could jump must "
            "make that jump, unless it goes on to capture later in the same move.");
}

static void castles_section(Text *t, const Facts *f)
{
    if (f->real_castles) {
        heading(t, "CASTLES");
        bullet(t,
               "You may not move or canter into your own castle%s. A jump may land there; if "
               "the piece can jump on, it must. A piece that ends its move in %s must leave "
               "it on your next turn, before anything else, by a capture if it can.",
               f->four ? " or into a side castle (your partner's or the other opponent's)" : "",
               f->four ? "such a castle" : "its own castle");
        bullet(t, "Entering the opponent's castle ends the move at once, even in the middle of "
                  "a jump. A piece there can never leave it.");
        if (f->r->castle_moves > 0)
            bullet(t,
                   "Castle move: a piece in the opponent's castle may step to the other "
                   "castle square, as the whole turn. Each player may make %d castle move%s "
                   "in a game.",
                   f->r->castle_moves, f->r->castle_moves == 1 ? "" : "s");
        bullet(t, "Pieces on castle squares cannot be captured.");
    }
}

static void winning_section(Text *t, const Facts *f)
{
    char c[128];
    heading(t, "WINNING");
    if (f->r->castle_win > 0) {
        if (!f->partners)
            snprintf(c, sizeof c, "%s",
                     f->r->castle_win == 1 ? "one of your pieces into the opponent's castle"
                                           : "two of your pieces into the opponent's castle");
        else if (f->r->castle_win == 1)
            snprintf(c, sizeof c, "one piece into your target castle (for either partner)");
        else
            snprintf(c, sizeof c,
                     "%d pieces of your team into its target castles (your own "
                     "and your partner's count together)",
                     f->r->castle_win);
        bullet(t, "Castle: get %s.", c);
    }
    if (f->r->elimination_min > 1)
        bullet(t,
               "Elimination: capture every enemy piece while keeping at least %d pieces of "
               "your %s.",
               f->r->elimination_min, f->partners ? "team" : "own");
    else
        bullet(t, "Elimination: capture every enemy piece%s.",
               f->partners ? " (the pieces of both opponents)" : "");
    if (f->r->no_moves == CM_NOMOVE_LOSE) {
        const char *who = f->partners ? "a team that cannot move on its turn"
                                      : "a player who cannot move on their turn";
        if (f->r->stalemate_min > 1)
            bullet(t,
                   "Stalemate: %s loses, if the other side has at least %d pieces; "
                   "otherwise the game is drawn.",
                   who, f->r->stalemate_min);
        else
            bullet(t, "Stalemate: %s loses.", who);
        if (f->partners)
            para(t, "A player who cannot move while the partner can is skipped.");
    } else {
        bullet(t, "A player who cannot move (or has no pieces left) is skipped; when nobody "
                  "can move, the game is drawn.");
    }
}

static void draws_section(Text *t, const Facts *f)
{
    int draws = f->r->material_draw >= 0 || f->r->repetition > 0 || f->r->fifty_move > 0;
    heading(t, "DRAWS");
    if (!draws) {
        para(t, "There are no draws by rule in %s.", f->v->title);
    } else {
        if (f->r->material_draw >= 0)
            bullet(t, "When every side is down to %d piece%s or fewer.", f->r->material_draw,
                   f->r->material_draw == 1 ? "" : "s");
        if (f->r->repetition > 0)
            bullet(t,
                   "When the same position, with the same player to move, occurs for the %s time.",
                   f->r->repetition == 3   ? "third"
                   : f->r->repetition == 2 ? "second"
                                           : "n-th");
        if (f->r->fifty_move > 0)
            bullet(t,
                   "After %d moves by each player with no capture and no piece entering "
                   "an opponent's castle.",
                   f->r->fifty_move);
    }
}

/* The keys of table 'set' under 'title', each with what it does. */
static void keys_table(Text *t, const char *title, UiKeySet set)
{
    int n;
    const UiKeyHelp *k = ui_key_table(set, &n);
    heading(t, title);
    for (int i = 0; i < n; i++)
        if (k[i].keys != NULL && k[i].help != NULL)
            para_hang(t, 18, "%-16s  %s", k[i].keys, k[i].help);
}

/* The keys of the screen the page was opened from: 'set', or with 'online' those of a game
 * on a server. */
static void keys_section(Text *t, int online, UiKeySet set)
{
    static const char *const titles[UI_KEYS_COUNT] = {
        [UI_KEYS_GAME] = "KEYS",
        [UI_KEYS_OVER] = "KEYS",
        [UI_KEYS_REVIEW] = "KEYS OF THE REVIEW",
        [UI_KEYS_LESSON] = "KEYS IN A LESSON",
        [UI_KEYS_PUZZLE] = "KEYS IN A PUZZLE",
        [UI_KEYS_ANALYSIS] = "KEYS OF THE ANALYSIS BOARD",
        [UI_KEYS_ONLINE] = "KEYS OF A GAME ON A SERVER",
        [UI_KEYS_LOBBY] = "KEYS OF THE LOBBY",
    };
    heading(t, "WRITING MOVES");
    para(t, "A move is written as its starting square and every square it lands on: '-' "
            "before a plain step or canter leap, 'x' before a jump leap. E6-E8 is a canter "
            "over E7; H4xJ4xL6 captures twice; F6-F8-H8xH10 is a knight's charge.");

    if (online) {
        keys_table(t, titles[UI_KEYS_ONLINE], UI_KEYS_ONLINE);
    } else if (set == UI_KEYS_OVER) {
        keys_table(t, titles[UI_KEYS_GAME], UI_KEYS_GAME);
        keys_table(t, "KEYS WHEN THE GAME IS OVER", UI_KEYS_OVER);
    } else {
        keys_table(t, titles[set], set);
    }
    para(t, "A highlighted square is one the piece you picked may land on next. Pieces marked "
            "in orange are the ones that must move (a capture is compulsory, or a piece must "
            "leave its castle).");
    para(t, "Each side's pieces have a shape of their own as well as a colour: in a game of two, "
            "the first side's are hollow and the second's solid (K M and k m in letters); in a "
            "game of four, each side's pieces are its letter, a capital for a knight and a small "
            "one for a man. The last move is marked with a ring on the square it left, dots on "
            "the squares it passed and a cross for each piece it took.");
}

static char *rules_text(const CmVariant *v, int width, int online, UiKeySet set)
{
    Text t = {NULL, 0, 0, width, 0, 0};
    Facts f = {v,
               &v->rules,
               v->nseats > 2,
               v->nteams < v->nseats,
               count_kind(v, 0, CM_KNIGHT),
               count_kind(v, 0, CM_MAN),
               0,
               0};
    for (int s = 0; s < v->nseats; s++)
        f.castles += v->seat[s].ncastle;
    f.real_castles = f.castles > 0 && (v->rules.castle_win > 0 || v->seat[0].target >= 0);

    char title[sizeof v->title];
    for (size_t i = 0; i < sizeof title; i++)
        title[i] =
            v->title[i] >= 'a' && v->title[i] <= 'z' ? (char)(v->title[i] - 32) : v->title[i];
    para(&t, "THE RULES OF %s", title);
    para(&t, "(The keys are listed at the end: press End.)");
    const char *intro = family_intro(v);
    if (intro != NULL) {
        blank(&t);
        para(&t, "%s", intro);
    }
    players_section(&t, &f);
    board_section(&t, &f);
    moves_section(&t, &f);
    castles_section(&t, &f);
    winning_section(&t, &f);
    draws_section(&t, &f);
    keys_section(&t, online, set);
    if (t.failed) {
        free(t.buf);
        return NULL;
    }
    return t.buf;
}

char *ui_rules_text(const CmVariant *v, int width)
{
    return rules_text(v, width, 0, UI_KEYS_GAME);
}

char *ui_help_text(const CmVariant *v, int width, UiKeySet set)
{
    return rules_text(v, width, 0, set);
}

char *ui_rules_text_online(const CmVariant *v, int width)
{
    return rules_text(v, width, 1, UI_KEYS_GAME);
}

char *ui_online_help_text(int width)
{
    Text t = {NULL, 0, 0, width, 0, 0};
    para(&t, "PLAYING ON A SERVER");
    para(&t, "The lobby lists your games first, those waiting for your move at the top with "
             "the time you have, then the games with a free seat (the variant, the clock, "
             "whether it is rated, the players and their ratings), then the games going on, "
             "which anyone may watch.");
    keys_table(&t, "KEYS OF THE LOBBY", UI_KEYS_LOBBY);
    keys_table(&t, "KEYS OF A GAME ON A SERVER", UI_KEYS_ONLINE);
    heading(&t, "WHAT THE SCREEN SAYS");
    para(&t, "The panel shows each seat's player, whether they are connected (or for how long "
             "they have been away), the clocks, which count down between the server's news, an "
             "offer being answered, and the last lines of the chat. When the connection to the "
             "server drops, the title says OFFLINE and the message line says when it connects "
             "again; once it is back the game goes on where it was.");
    if (t.failed) {
        free(t.buf);
        return NULL;
    }
    return t.buf;
}
