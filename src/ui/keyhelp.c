/* The keys each kind of screen offers, one table each: the key bar at the foot shows some of
 * them in a word, '?' lists them all with what they do, and the game-over box lists its own,
 * so that what the screen offers and what it explains never disagree.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "ui_int.h"

#define PERSON UI_KEYS_PERSON
#define ENGINES UI_KEYS_ENGINES
#define TRYING UI_KEYS_TRYING
#define DONE UI_KEYS_DONE
#define LAST UI_KEYS_LAST
#define MARKED UI_KEYS_MARKED
#define ENDED UI_KEYS_ENDED
#define HERE UI_KEYS_HERE

/* A game at one keyboard: a person plays, or the engines play alone. */
static const UiKeyHelp game_keys[] = {
    {"Arrows, h j k l", NULL, "move the cursor", 0},
    {"Enter, Space", "arrows+Enter move",
     "pick the piece under the cursor; land on a highlighted square; on the square a canter "
     "has reached, stop there",
     PERSON},
    {"mouse click", NULL, "the same as moving the cursor there and pressing Enter", 0},
    {"Backspace", NULL, "take back the last leap of the move being built", 0},
    {"Esc", NULL, "drop the move being built; hide a hint", 0},
    {":", ": type", "type a move in WCF notation, e.g. E6-E8 or H4xJ4xL6", PERSON},
    {"?, F1", "? help", "these rules and keys; q or Esc closes them", 0},
    {"H", "H hint", "ask the engine for a hint, shown on the board", PERSON},
    {"m", "m move now",
     "make a thinking engine move now (or play at once a move waiting for the pace)", ENGINES},
    {"p", "p pause", "pause the game: no engine thinks and the clocks stop; p again goes on",
     ENGINES},
    {"< >", "< > pace", "when engines play every seat: less or more time between their moves",
     ENGINES},
    {"u, r, Ctrl-R", "u undo",
     "undo and redo (against the engine, undo goes back to your previous move)", PERSON},
    {"R", "R resign", "resign (asks first: y resigns, n plays on); in a team game for the team",
     PERSON},
    {"D", "D draw",
     "offer a draw on your turn: a person of the other side answers y or n, an engine accepts "
     "when the game has looked level to it for a while, past the opening",
     PERSON},
    {"n", "n new game", "new game: variant, seats, engine levels, clocks; or the lessons", ENDED},
    {"s, L", NULL, "save the game; load a saved game", 0},
    {"v", "v review",
     "review the game move by move; once the engine has reviewed it (a when it is over), [ and ] "
     "go to the moves it marked",
     ENDED},
    {"A", NULL,
     "the analysis board: from the position on the board, moves for either side with the "
     "engine's evaluation and line; Esc comes back",
     0},
    {"e", NULL,
     "edit mode: set up a position to play from. Enter changes the piece under the cursor (each "
     "seat's man, then its knight, then none), Del lifts it, t the seat to move, c the castle "
     "moves it has used, C empties the board, S sets up the start, d plays from the position "
     "(the rules must allow a game from it), Esc leaves",
     0},
    {"x", NULL,
     "export: type a path; the position goes to PATH.yaml (a position document) and the game to "
     "PATH.txt (a record)",
     0},
    {"[ ], PgUp PgDn", NULL, "scroll the move list", 0},
    {"T", NULL, "teaching highlights on or off", 0},
    {"f", NULL, "turn the board round", 0},
    {"q, Ctrl-C", "q quit", "quit; the game is saved and 'camelot --resume' continues it", 0},
};

/* The game is over: the game-over box lists these, and the key bar the main ones. */
static const UiKeyHelp over_keys[] = {
    {"n", "n new", "new game", 0},
    {"a", "a analyse", "the engine's review", 0},
    {"A", "A analysis", "the analysis board", 0},
    {"v, r", "v review", "review the moves", 0},
    {"u", "u undo", "undo the last move", 0},
    {"s", "s save", "save the game", 0},
    {"e", NULL, "edit a position", 0},
    {"x", "x export", "export the game", 0},
    {"q, Ctrl-C", "q quit", "quit", 0},
    {"Esc, Enter", NULL, "look at the board", 0},
};

/* Stepping through the moves of the game ('v'). */
static const UiKeyHelp review_keys[] = {
    {"Left, Right, h l", "Left/Right step", "the move before, the move after", 0},
    {"Up, k, Backspace", NULL, "the move before", 0},
    {"Down, j, Space", NULL, "the move after", 0},
    {"Home, End, g G", "Home/End", "the start position, the last move", 0},
    {"[ ]", "[ ] marked move",
     "the move before, or after, that the engine's review marked (a, once the game is over)",
     MARKED},
    {"m", "m mistakes", "the list of each side's marked moves, with the better move", MARKED},
    {"A", "A analysis", "the analysis board from the position shown (a game of this screen)", HERE},
    {"f", NULL, "turn the board round", 0},
    {"n", NULL, "new game", 0},
    {"?, F1", NULL, "these rules and keys", 0},
    {"Esc, v, q, Enter", "Esc back", "back to the game", 0},
    {"Ctrl-C", NULL, "quit; the game is saved", 0},
};

/* The analysis board. */
static const UiKeyHelp analysis_keys[] = {
    {"Arrows, h j k l", NULL, "move the cursor", 0},
    {"Enter, Space", "arrows+Enter move",
     "pick a piece and land it, leap by leap: a move for the side to move, whichever it is", 0},
    {"mouse click", NULL, "the same as moving the cursor there and pressing Enter", 0},
    {"Backspace", NULL, "take back the last leap of the move being built", 0},
    {":", ": type", "type a move in WCF notation, e.g. E6-E8", 0},
    {"u", "u back", "one move back along the line", 0},
    {"r", "r forward",
     "one move forward along the line: the move taken back, or the game's own next move", 0},
    {"Home, End", NULL, "the start of the line, its end", 0},
    {"x", "x export",
     "export: the position to PATH.yaml, the line played to PATH.txt with the other lines "
     "tried in comments after the moves they replace",
     0},
    {"[ ], PgUp PgDn", NULL, "scroll the move list", 0},
    {"f", NULL, "turn the board round", 0},
    {"T", NULL, "teaching highlights on or off", 0},
    {"?, F1", "? help", "this page: the rules and these keys", 0},
    {"Esc, q", "Esc back", "drop the move being built; else back to the game, as it was", 0},
};

/* A lesson: trying, done, or the last one done with another not done yet. */
static const UiKeyHelp lesson_keys[] = {
    {"Arrows, h j k l", NULL, "move the cursor", 0},
    {"Enter, Space", "arrows+Enter move",
     "pick a piece and land it, leap by leap, as in a game; once the lesson is done, the next "
     "lesson",
     TRYING},
    {NULL, "Enter/n next", NULL, DONE},
    {NULL, "Enter first not done", NULL, LAST},
    {"mouse click", NULL, "the same as moving the cursor there and pressing Enter", 0},
    {"Backspace", NULL, "take back the last leap of the move being built", 0},
    {"Esc", NULL, "drop the move being built; hide a hint", 0},
    {":", ": type", "type a move in WCF notation, e.g. E6-E8", TRYING},
    {"H", "H hint", "a move that meets the goal, marked on the board", TRYING},
    {"n", "n next", "the next lesson; after the last one, the first one not done yet", TRYING},
    {"p", "p previous", "the lesson before", 0},
    {"u, r", "u again", "this lesson again from its start", 0},
    {"f", NULL, "turn the board round", 0},
    {"T", NULL, "teaching highlights on or off", 0},
    {"?, F1", "? help", "this page: the rules of the lesson's variant and these keys", 0},
    {"q", "q quit",
     "leave the lessons (opened from a game's new-game form, back to that game); your progress "
     "is kept",
     0},
};

/* A puzzle: being solved, or solved or missed. */
static const UiKeyHelp puzzle_keys[] = {
    {"Arrows, h j k l", NULL, "move the cursor", 0},
    {"Enter, Space", "arrows+Enter move",
     "pick a piece and land it, leap by leap; the move is checked against the solution", TRYING},
    {"mouse click", NULL, "the same as moving the cursor there and pressing Enter", 0},
    {"Backspace", NULL, "take back the last leap of the move being built", 0},
    {"Esc", NULL, "drop the move being built", 0},
    {":", ": type", "type a move in WCF notation, e.g. E6-E8", TRYING},
    {"s", "s solution", "give up: the solution is played on the board (the puzzle is missed)", 0},
    {"n", "n next", "the next puzzle", 0},
    {"v", "v step through", "step through the moves played (after a miss, the solution)", DONE},
    {"f", NULL, "turn the board round", 0},
    {"T", NULL, "teaching highlights on or off", 0},
    {"?, F1", "? help", "this page: the rules of the puzzle's variant and these keys", 0},
    {"q", "q quit", "quit; the score and the streak are kept", 0},
};

/* Learning from one's mistakes. */
static const UiKeyHelp practice_keys[] = {
    {"Arrows, h j k l", NULL, "move the cursor", 0},
    {"Enter, Space", "arrows+Enter move",
     "pick a piece and land it, leap by leap: a better move than the one played; the engine's "
     "move is right, and so is one that keeps the chance of winning as well",
     TRYING},
    {"mouse click", NULL, "the same as moving the cursor there and pressing Enter", 0},
    {"Backspace", NULL, "take back the last leap of the move being built", 0},
    {"Esc", NULL, "drop the move being built", 0},
    {":", ": type", "type a move in WCF notation, e.g. E6-E8", TRYING},
    {"H", "H hint", "the piece the engine's move starts from", TRYING},
    {"s", "s solution", "give up: the engine's move is played on the board", TRYING},
    {"n", "n next", "the next mistake (this one skipped when not found yet)", 0},
    {"v", "v step through", "step through the moves played", DONE},
    {"f", NULL, "turn the board round", 0},
    {"T", NULL, "teaching highlights on or off", 0},
    {"?, F1", "? help", "this page: the rules of the game's variant and these keys", 0},
    {"q", "q back", "back to the review; how many were solved is said", 0},
};

/* A game on a server: what the help page says, where it differs from a game at one keyboard. */
static const UiKeyHelp online_keys[] = {
    {"Arrows, h j k l", NULL, "move the cursor", 0},
    {"Enter, Space", NULL,
     "pick the piece under the cursor; land on a highlighted square; on the square a canter has "
     "reached, stop there. The move goes to the server, which plays it for everyone",
     0},
    {"mouse click", NULL, "the same as moving the cursor there and pressing Enter", 0},
    {"Backspace, Esc", NULL, "take back the last leap; drop the move being built", 0},
    {":", NULL, "type a move in WCF notation; Enter on the empty line opens the chat line", 0},
    {"c", NULL, "chat: a line to the other players (or, watching, to the others watching)", 0},
    {"D", NULL, "offer a draw: every other player must accept", 0},
    {"u", NULL, "ask to take back your last move: every other player must accept", 0},
    {"R", NULL, "resign (asks first); with a partner who is a person, the partner must accept", 0},
    {"y, n", NULL, "accept or decline an offer made to you", 0},
    {"C", NULL,
     "claim against a player to move gone too long: the game in a game of two teams, the seat "
     "for the engine in a game of four",
     0},
    {"H", NULL, "a hint, in a casual game (none in a rated game)", 0},
    {"v", NULL, "review the moves so far (the game goes on meanwhile)", 0},
    {"f", NULL, "turn the board (a quarter at a time with four seats)", 0},
    {"x", NULL, "export the game's record to PATH.txt and its position to PATH.yaml", 0},
    {"n", NULL, "a new game on the server", 0},
    {"q", NULL, "back to the lobby; the game goes on, and Enter on it there comes back", 0},
    {"a, m, x, q", NULL,
     "after the game: a, the engine's review of the game; m, a rematch with the seats turned "
     "round (or accept the one offered); x, export; q, the lobby",
     0},
};

/* The lobby of a server: the help page's only. */
static const UiKeyHelp lobby_keys[] = {
    {"Up, Down, j k", NULL, "pick a game", 0},
    {"PgUp PgDn", NULL, "a page up or down the list", 0},
    {"Home, End", NULL, "the first game of the list, the last", 0},
    {"Enter, Space", NULL,
     "your game: play it; a free seat: take it (the game begins when every seat is taken); a "
     "game going on: watch it. A mouse click picks a game, a second click on it is Enter",
     0},
    {"W B R G Y", NULL,
     "a free seat of the game picked, by its letter (capital): take that one, not the first "
     "free one (a team's seat in a game of four)",
     0},
    {"n", NULL,
     "a new game on the server: the variant, who plays each seat (you, open to anyone, a player "
     "you invite by name, or the engine at a level), a live clock or days a move, rated or not",
     0},
    {"d, Del", NULL, "give back your seat in a game that has not begun", 0},
    {"g, Tab", NULL,
     "the ratings table; Left and Right choose the variant, Up and Down a player, Enter opens "
     "their page",
     0},
    {"Left, Right", NULL, "on the ratings table, the variant before or after", 0},
    {"K", NULL,
     "your keys on the server: n makes a code that adds another key of yours (type it in that "
     "key's first session, when it asks for a name); d, twice, removes the key picked",
     0},
    {"h", NULL,
     "your games over, the newest first: Enter opens the one picked (to review it, export it "
     "or ask the engine's review), Right the older ones, Left the newest again",
     0},
    {"p", NULL,
     "your page: your ratings, your games over, and how you did against the people you met "
     "most; Enter on one of them opens theirs",
     0},
    {"t", NULL,
     "the tournaments: Enter shows the standings of the one picked (Right and Left, its rounds' "
     "games; Enter opens one), r asks for the list again",
     0},
    {"e", NULL,
     "on the tournaments: enter the one picked, or withdraw from it (a tournament of "
     "partnerships: with the partner who asked you)",
     0},
    {"x", NULL,
     "on a tournament's standings: its crosstable (each entrant's games, round by round) into "
     "the file tournament-N.txt here",
     0},
    {"Esc", NULL,
     "from the ratings table, the keys, the history, a page or the tournaments back to the games "
     "(from a tournament's standings, to the list)",
     0},
    {"r", NULL, "ask the server for the list again (it is asked every few seconds anyway)", 0},
    {"?, F1", NULL, "this page; q or Esc closes it", 0},
    {"q, Ctrl-C", NULL,
     "quit; your games go on on the server. q asks first (y leaves), as q is also the way back "
     "from a game to the lobby",
     0},
};

/* clang-format off */
#define TABLE(t) {t, (int)(sizeof t / sizeof t[0])}
/* clang-format on */
static const struct {
    const UiKeyHelp *keys;
    int n;
} tables[UI_KEYS_COUNT] = {
    [UI_KEYS_GAME] = TABLE(game_keys),         [UI_KEYS_OVER] = TABLE(over_keys),
    [UI_KEYS_REVIEW] = TABLE(review_keys),     [UI_KEYS_LESSON] = TABLE(lesson_keys),
    [UI_KEYS_PUZZLE] = TABLE(puzzle_keys),     [UI_KEYS_PRACTICE] = TABLE(practice_keys),
    [UI_KEYS_ANALYSIS] = TABLE(analysis_keys), [UI_KEYS_ONLINE] = TABLE(online_keys),
    [UI_KEYS_LOBBY] = TABLE(lobby_keys),
};

const UiKeyHelp *ui_key_table(UiKeySet set, int *n_out)
{
    if (set < 0 || set >= UI_KEYS_COUNT) {
        *n_out = 0;
        return NULL;
    }
    *n_out = tables[set].n;
    return tables[set].keys;
}

int ui_key_set(const Ui *ui, UiMode mode, unsigned *state_out)
{
    *state_out = 0;
    switch (mode) {
    case UI_MODE_PLAY:
        if (ui_board(ui) != NULL) {
            const UiBoard *b = ui_board(ui);
            *state_out = b->key_state != NULL ? b->key_state(ui) : 0;
            return b->keys;
        }
        *state_out = ui->s->outcome.over ? ENDED : session_paced(ui->s) ? ENGINES : PERSON;
        return UI_KEYS_GAME;
    case UI_MODE_OVER:
        return UI_KEYS_OVER;
    case UI_MODE_REVIEW:
        *state_out = (ui->nreviewed > 0 ? MARKED : 0) | (ui_online(ui) ? 0 : HERE);
        return UI_KEYS_REVIEW;
    default:
        return -1;
    }
}

const char *ui_key_bar(UiKeySet set, unsigned state, char *buf, size_t size)
{
    int n, len = 0;
    const UiKeyHelp *k = ui_key_table(set, &n);
    if (size == 0)
        return buf;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (k[i].bar == NULL || (k[i].when != 0 && !(k[i].when & state)))
            continue;
        int w = snprintf(buf + len, size - (size_t)len, "%s%s", len ? "  " : "", k[i].bar);
        if (w < 0 || (size_t)(len + w) >= size)
            break;
        len += w;
    }
    return buf;
}
