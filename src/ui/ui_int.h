/* The full-screen front end. It is handed a session (src/session), draws it and turns keys
 * into requests to it. Everything declared here but 'ui_run' is pure: layout and hit-testing,
 * keys and the actions they map to, the state of the screen and what each key does to it, the
 * look of every square and the text of the panels. curses_screen.c, curses_draw.c and
 * curses_input.c (the only files that include curses) draw that state and feed it keys.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_UI_INT_H
#define CAMELOT_UI_INT_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "camelot/error.h"
#include "camelot/movegen.h"
#include "camelot/notation.h"
#include "session/analysis.h"
#include "session/course.h"
#include "session/lobby.h"
#include "session/news.h"
#include "session/puzzle.h"
#include "session/session.h"
#include "ui.h"

/* ---- Keys -------------------------------------------------------------------------------- */

/* Keys, as curses_input.c hands them over: a character (its code point) or one of these. */
enum {
    UI_KEY_UP = 0x110000,
    UI_KEY_DOWN,
    UI_KEY_LEFT,
    UI_KEY_RIGHT,
    UI_KEY_ENTER,
    UI_KEY_ESC,
    UI_KEY_BACKSPACE,
    UI_KEY_DELETE,
    UI_KEY_PGUP,
    UI_KEY_PGDN,
    UI_KEY_HOME,
    UI_KEY_END,
    UI_KEY_TAB,
    UI_KEY_BTAB,
    UI_KEY_F1,
    UI_KEY_RESIZE,
};
#define UI_CTRL(c) ((c)&0x1f)

/* What the screen shows, each with its own key map. */
typedef enum UiMode {
    UI_MODE_PLAY,    /* the board */
    UI_MODE_LINE,    /* typing a move after ':' */
    UI_MODE_RULES,   /* the rules and keys, a scrollable page */
    UI_MODE_NEWGAME, /* the new-game form */
    UI_MODE_LOAD,    /* the list of saved games */
    UI_MODE_OVER,    /* the game is over: new game, review or quit */
    UI_MODE_REVIEW,  /* stepping through the moves */
    UI_MODE_EDIT,    /* setting up a position */
    UI_MODE_ASK,     /* a question for y or n: resign? accept a draw? */
    UI_MODE_LOBBY,   /* the lobby of a server: its games, the ratings */
    UI_MODE_COUNT
} UiMode;

typedef enum UiAction {
    UI_ACT_NONE,
    UI_ACT_UP,
    UI_ACT_DOWN,
    UI_ACT_LEFT,
    UI_ACT_RIGHT,
    UI_ACT_SELECT,    /* Enter or Space: pick, land, stop, confirm */
    UI_ACT_CANCEL,    /* Esc: drop the move being built, close a page */
    UI_ACT_BACK,      /* Backspace: take back the last leap, or a typed character */
    UI_ACT_TYPE_MOVE, /* ':' */
    UI_ACT_RULES,     /* '?' */
    UI_ACT_HINT,      /* 'H' */
    UI_ACT_NEW,       /* 'n' */
    UI_ACT_UNDO,      /* 'u' */
    UI_ACT_REDO,      /* 'r' */
    UI_ACT_SAVE,      /* 's' */
    UI_ACT_LOAD,      /* 'L' */
    UI_ACT_QUIT,      /* 'q' */
    UI_ACT_MOVE_NOW,  /* 'm' */
    UI_ACT_HIGHLIGHT, /* 'T': highlighting on or off */
    UI_ACT_FLIP,      /* 'f' */
    UI_ACT_REVIEW,    /* 'v' */
    UI_ACT_PAUSE,     /* 'p': pause the game, or let it go on */
    UI_ACT_PACE_DOWN, /* '<': less time between engine moves */
    UI_ACT_PACE_UP,   /* '>': more time between engine moves */
    UI_ACT_SCROLL_UP, /* '[' / PgUp: the move list, or a page */
    UI_ACT_SCROLL_DOWN,
    UI_ACT_HOME,
    UI_ACT_END,
    UI_ACT_NEXT_FIELD, /* Tab */
    UI_ACT_PREV_FIELD,
    UI_ACT_CHAR,   /* a character typed into a line */
    UI_ACT_REDRAW, /* Ctrl-L */
    UI_ACT_RESIZE,
    UI_ACT_EDIT,      /* 'e': edit mode */
    UI_ACT_EXPORT,    /* 'x': write the position and the game to a path typed */
    UI_ACT_TURN,      /* edit mode: the next seat to move */
    UI_ACT_CASTLE,    /* edit mode: castle moves used by the seat to move */
    UI_ACT_EMPTY,     /* edit mode: an empty board */
    UI_ACT_START,     /* edit mode: the variant's start position */
    UI_ACT_DONE,      /* edit mode: play from the position */
    UI_ACT_RESIGN,    /* 'R' */
    UI_ACT_DRAW,      /* 'D': offer a draw */
    UI_ACT_YES,       /* 'y' to a question */
    UI_ACT_NO,        /* 'n' or Esc to a question */
    UI_ACT_ANALYSE,   /* 'a', the game over: the engine's review of the game */
    UI_ACT_CHAT,      /* 'c': a line of chat, in a game on a server */
    UI_ACT_CLAIM,     /* 'C': claim against a player to move gone too long */
    UI_ACT_REMATCH,   /* 'm', the game over: a rematch, or accept one offered */
    UI_ACT_REFRESH,   /* 'r' in the lobby: the list again */
    UI_ACT_LEAVE,     /* 'd' in the lobby: give back one's seats before the game begins */
    UI_ACT_SEAT,      /* a seat's letter in the lobby: take that free seat */
    UI_ACT_RATINGS,   /* 'g' or Tab in the lobby: the games, or the ratings */
    UI_ACT_KEYS,      /* 'K' in the lobby: the player's keys, or back to the games */
    UI_ACT_HISTORY,   /* 'h' in the lobby: the player's games over, or back to the games */
    UI_ACT_TOURNEYS,  /* 't' in the lobby: the tournaments, or back to the games */
    UI_ACT_ENTER,     /* 'e' on the tournaments: enter the one picked, or withdraw */
    UI_ACT_PROFILE,   /* 'p' in the lobby: the player's own page */
    UI_ACT_NEXT_MARK, /* ']' in review: the next move the engine's review marked */
    UI_ACT_PREV_MARK, /* '[' in review: the one before */
    UI_ACT_MISTAKES,  /* 'm' in review: the list of each side's mistakes */
    UI_ACT_ANALYSIS,  /* 'A': the analysis board from the position shown */
    UI_ACT_COUNT
} UiAction;

/* The action of 'key' in 'mode' (keymap.c). */
UiAction ui_key_action(UiMode mode, int key);

/* The keys bound in 'mode', into 'keys' (at most 'max' of them); returns how many there are. */
int ui_keys_bound(UiMode mode, int *keys, int max);

/* What a handled key or tick asks the screen to redraw; none (0) when nothing changed, and
 * then nothing is drawn. */
enum {
    UI_DRAW_BOARD = 1,
    UI_DRAW_PANEL = 2,
    UI_DRAW_STATUS = 4,
    UI_DRAW_ALL = 7,
    UI_DRAW_CLEAR = 8, /* repaint the whole terminal (resize, Ctrl-L, another page) */
    UI_QUIT = 0x100,   /* leave the program */
};

/* ---- Layout (layout.c) ------------------------------------------------------------------- */

#define UI_PANEL_MIN 26  /* narrowest side panel worth showing */
#define UI_PANEL_WIDE 34 /* panel width that earns three-column squares */
#define UI_STATUS_MIN 40 /* narrowest status line */

typedef struct UiLayout {
    int rows, cols;         /* the terminal */
    int too_small;          /* the board does not fit: say so instead */
    int min_rows, min_cols; /* the least that fits the board and a status line */
    int cell_w;             /* columns per square: 2, 3, 4 or 6 */
    int cell_h;             /* rows per square: 1, 2 or 3 (a large terminal) */
    int turn;               /* quarter turns: the board's south (0), west (1), north (2) or
                               east (3) at the bottom */
    int flip;               /* turned round: 'turn' 2 (rank 1 at the top) */
    int files, ranks;       /* the board's */
    int gw, gh;             /* the grid on the screen: squares across and down */
    int title_y;            /* -1 when there is no room */
    int board_y, board_x;   /* top-left of the board frame (coordinate labels included) */
    int board_h, board_w;
    int sq_y, sq_x;                         /* top-left of the first square cell; the glyph of
                                               a square is in the middle of its cell */
    int panel_y, panel_x, panel_h, panel_w; /* panel_w 0: no panel */
    int status_y;                           /* the teaching line */
    int msg_y;  /* messages; the same row as 'status_y' when short of room */
    int keys_y; /* the key reminder, -1 when there is no room */
} UiLayout;

/* Lays out a board of 'files' x 'ranks' on a 'rows' x 'cols' terminal, turned by 'turn'
 * quarter turns (see 'UiLayout'; 2 turns it round). */
void ui_layout_compute(UiLayout *l, int rows, int cols, int files, int ranks, int turn);

/* The square shown in column 'gx', row 'gy' of the grid (on the board or not). */
CmSquare ui_layout_grid_square(const UiLayout *l, int gx, int gy);

/* The label over column 'gx' (a file's letter, or a rank's number when turned a quarter) and
 * the label of row 'gy' (two columns, right-aligned). */
void ui_layout_col_label(const UiLayout *l, int gx, char *buf, size_t size);
void ui_layout_row_label(const UiLayout *l, int gy, char *buf, size_t size);

/* The quarter turns that put the side where seat 'seat' of 'v' starts at the bottom of the
 * screen (a seat in a corner: at the bottom on the left). */
int ui_seat_turn(const CmVariant *v, int seat);

/* The smallest terminal that shows a board of 'files' x 'ranks' (with no panel). */
void ui_layout_min(int files, int ranks, int *rows_out, int *cols_out);

/* The screen cell (row, column) of the glyph of square 'sq'. */
void ui_layout_square_pos(const UiLayout *l, CmSquare sq, int *y_out, int *x_out);

/* The square at screen cell (y, x): 1 and '*sq_out' when (y, x) is inside a cell of the
 * bounding grid (on the board or not: check with 'cm_variant_on'), else 0. */
int ui_layout_hit(const UiLayout *l, int y, int x, CmSquare *sq_out);

/* Moves a cursor from 'sq' one square on screen in direction 'dx' (right +1) or 'dy' (down
 * +1), skipping cells that are not squares of 'v', and, from an edge, going to the nearest
 * square of the next row or column. Returns the new square ('sq' when there is none). */
CmSquare ui_cursor_step(const CmVariant *v, const UiLayout *l, CmSquare sq, int dx, int dy);

/* ---- The looks of squares ---------------------------------------------------------------- */

/* Seat colours, used for pieces and castles. */
typedef enum UiColour {
    UI_WHITE,
    UI_BLACK,
    UI_RED,
    UI_GREEN,
    UI_BLUE,
    UI_YELLOW,
    UI_MAGENTA,
    UI_CYAN,
    UI_COLOUR_COUNT
} UiColour;

/* The colour of seat 's' of 'v': from its name (White, Black, Red, Green, Blue, Yellow), else
 * by its number. */
UiColour ui_seat_colour(const CmVariant *v, int s);

/* Colour roles; curses_screen.c maps each to a colour pair and attributes (or attributes
 * alone). */
typedef enum UiRole {
    UI_ROLE_NORMAL,
    UI_ROLE_TITLE,
    UI_ROLE_HEADING,
    UI_ROLE_DIM,
    UI_ROLE_LABEL, /* coordinates */
    UI_ROLE_STATUS,
    UI_ROLE_ERROR,
    UI_ROLE_GOOD,  /* a hint, a saved game */
    UI_ROLE_FIELD, /* the field picked in a form */
    UI_ROLE_SQ_LIGHT,
    UI_ROLE_SQ_DARK,
    UI_ROLE_TARGET,   /* a square the picked piece may land on */
    UI_ROLE_PATH,     /* squares the move being built has left */
    UI_ROLE_SELECTED, /* the piece being moved */
    UI_ROLE_CAPTURE,  /* a piece the move being built captures */
    UI_ROLE_LAST,     /* the last move's squares */
    UI_ROLE_OBLIGED,  /* pieces under an obligation (capture, leave the castle) */
    UI_ROLE_HINT,
    UI_ROLE_PIECE,                                    /* + UiColour: a piece of that colour */
    UI_ROLE_CASTLE = UI_ROLE_PIECE + UI_COLOUR_COUNT, /* + UiColour: an empty castle square */
    UI_ROLE_COUNT = UI_ROLE_CASTLE + UI_COLOUR_COUNT
} UiRole;

enum { UI_ATTR_BOLD = 1, UI_ATTR_UNDERLINE = 2, UI_ATTR_REVERSE = 4, UI_ATTR_DIM = 8 };

typedef struct UiCellLook {
    char glyph[8]; /* one screen column: UTF-8 or ASCII */
    int role;      /* 'UiRole' of the glyph */
    int fill;      /* 'UiRole' of the rest of the cell (the square's colour) */
    unsigned attr; /* 'UI_ATTR_*' */
    int on;        /* a square of the board */
} UiCellLook;

/* ---- The screen's state (control.c) ------------------------------------------------------ */

/* The move being built on the board, leap by leap. */
typedef struct UiSelection {
    int active;
    CmPath path;          /* the piece's square, then the landings chosen so far */
    CmSquareSet next;     /* landings that continue some legal path */
    CmSquareSet captured; /* pieces the path has jumped so far */
    int complete;         /* 'path' is a whole legal move ... */
    CmMove move;          /* ... with this effect */
    int npaths;           /* legal paths that go on from 'path' */
} UiSelection;

/* Works out 'next', 'captured', 'complete' and 'move' for 'sel->path' in 'pos' (build.c). */
void ui_select_update(const CmPosition *pos, UiSelection *sel);

#define UI_MSG_MAX 640               /* a message: room for a notice about files, paths and all */
#define UI_MSG_ROWS 6                /* rows a long message may take at the foot of the screen */
#define UI_LINE_MAX CM_MOVE_TEXT_MAX /* bytes of a move typed after ':', NUL included */
#define UI_MAX_SAVES 200
#define UI_PV_MAX 256

/* A move of the game as the move list shows it. */
typedef struct UiMoveText {
    CmMove move;
    uint8_t seat;
    char *text; /* canonical WCF path, whole (the Ui owns it) */
} UiMoveText;

/* The new-game form: a game here, or (with a lobby) a game made on the server. */
typedef struct UiForm {
    int field;   /* 0 variant, 1 .. nseats the seats, then time, then Start (or, on a server,
                    the time, whether it is rated, then Create) */
    int variant; /* index in the catalogue's names, or in the server's variants */
    const CmVariant *v;
    SessionSetup setup;
    int time;            /* index in the time controls */
    char clock_text[16]; /* a clock typed in its field ("7+3", on a server also "14d"), "" for
                            one of the list */
    char error[200];
    int online;   /* the game is made on the server */
    LobbyNew net; /* its seats, clock and rating, as the server is asked */
} UiForm;

/* What the screen has told of the game on a server, to tell only what changed. */
typedef struct UiSeen {
    NewsSeen news;   /* of the game on the screen (session/news.h) */
    int64_t rematch; /* the invitation to a rematch told */
    uint64_t tick_s; /* the second the lobby (its clocks), or the game (a player gone), was
                        last drawn in */
} UiSeen;

/* The lobby's pages. */
enum {
    UI_LOBBY_GAMES,
    UI_LOBBY_RATINGS,
    UI_LOBBY_KEYS,
    UI_LOBBY_HISTORY,
    UI_LOBBY_PROFILE,
    UI_LOBBY_TOURNS,    /* the list of tournaments */
    UI_LOBBY_STANDINGS, /* one tournament: its table, or a round's games */
};

struct Ui {
    Session *s;           /* the game in progress; not owned */
    UiPuzzles *puzzles;   /* puzzle mode ('camelot puzzle'): the puzzles; NULL for a game */
    UiPractice *practice; /* practice mode ('review --practise'): the exercises; NULL for a
                             game */
    UiOptions opt;
    UiLayout lay;
    int turn; /* quarter turns of the board besides 'opt.flip' (a seat of four at the bottom) */
    UiMode mode;
    CmSquare cursor;
    UiSelection sel;
    CmMove *legal; /* legal moves of the game's position (room for CM_MOVES_LIMIT) */
    int nlegal;
    int legal_incomplete;   /* 'legal' holds only some: too many moves or jump chains */
    CmSquareSet movable;    /* pieces that may move now */
    CmObligation ob;        /* the obligation of the seat to move */
    char msg[UI_MSG_MAX];   /* the last message */
    int msg_role;           /* its 'UiRole' */
    char line[UI_LINE_MAX]; /* the move being typed */
    int line_len;
    int moves_scroll; /* rounds scrolled up from the end of the move list */
    char *page;       /* the rules page text, lines split by '\n' */
    int page_lines, page_top;
    UiMode page_back; /* the mode to go back to from the page */
    UiForm form;
    UiForm net_form_last; /* the last form a game was made on the server with ('v' NULL: none) */
    SaveEntry *saves;
    int nsaves, save_pick;
    int review_ply; /* moves shown in review */
    CmPosition review_pos;
    int review_back_over; /* review was entered from the game-over box */
    int has_last;
    CmPath last_path; /* the last move shown, to mark it */
    CmMove last_move;
    int has_hint;
    CmPath hint_path; /* the engine's hint, to mark it */
    /* With several people playing, each keeps a cursor of their own: 'cursor' is the one of
     * seat 'cursor_seat' (-1: none yet), and 'seat_cursor[s]' where seat s left theirs. */
    int cursor_seat;
    CmSquare seat_cursor[CM_MAX_SEATS];
    int has_seat_cursor[CM_MAX_SEATS];
    UiMoveText *moves; /* the move list, one per ply of the game */
    int nmoves, moves_cap;
    char pv_text[UI_PV_MAX];     /* the engine's principal variation, in WCF notation */
    CmPosition edit_pos;         /* the position being set up in edit mode */
    UiMode edit_back;            /* the mode edit mode was entered from */
    int line_export;             /* the line is a path to export to, not a move (and while the
                                    export asks to write over a file there) */
    UiMode line_back;            /* the mode to go back to from the export line */
    int ask;                     /* the question of UI_MODE_ASK: 'UI_ASK_*' */
    int ask_seat;                /* the seat it is put to */
    struct UiLearn *learn;       /* the lessons, while they are on the board; else NULL */
    struct UiAnalysis *analysis; /* the analysis board, while it is on the screen; else NULL */
    int want_analysis;           /* 'ui_run' ended for the engine's review of the game that ended */
    /* 'camelot online': the lobby of a server, and whether the session's game on it is the
     * screen's ('at_table'; else the lobby is); NULL for a game here. */
    Lobby *lobby;
    int at_table;
    int lobby_view;    /* 'UI_LOBBY_*' */
    int lobby_pick;    /* the game picked: an index of the lobby's order */
    int lobby_variant; /* the ratings shown: an index of the lobby's variants */
    int lobby_rated;   /* the row picked in them */
    int lobby_key;     /* the key picked on the page of keys: an index of the lobby's keys */
    int lobby_drop;    /* 'd' pressed once on the key picked: its index + 1; else 0 */
    int lobby_quit;    /* 'q' pressed in the lobby: asked whether to leave the server */
    int lobby_past;    /* the game picked on the page of history: an index of the lobby's page */
    int lobby_person;  /* the person picked on a player's page: an index of its people met */
    int lobby_tourn;   /* the tournament picked in the list: an index of the lobby's list */
    int64_t lobby_tid; /* the tournament whose standings are shown */
    int lobby_tround;  /* on its page: 0 the table, else the games of that round */
    int lobby_tpick;   /* the game picked among them; on the table, its first row shown */
    UiSeen seen;
    int line_chat;        /* the line is a chat message, not a move */
    UiMode form_back;     /* where the new-game form goes back to */
    char page_title[120]; /* the title of the page shown */
    int page_mistakes;    /* the page is the list of mistakes, not the rules */
    /* The engine's review of the game's first 'nreviewed' plies (after 'a', or the review
     * screen's analysis): their marks show in the move list, and [ ] go from one to the next.
     * 'reviewed_own' is the game's own copy, when the Ui owns it. */
    const AnalysisPly *reviewed;
    int nreviewed;
    AnalysisPly *reviewed_own;
    uint64_t now; /* the time of the last key or tick (ms), for what is drawn */
};

/* The questions of UI_MODE_ASK. */
enum {
    UI_ASK_RESIGN = 1,
    UI_ASK_DRAW = 2,
    UI_ASK_EXPORT = 3, /* write the export over a file there? (the path is still the line) */
    UI_ASK_OFFER = 4,  /* a game on a server: accept another player's offer? */
};

/* Sets up the screen state for the game of session 's', which must outlive the Ui (the Ui
 * asks it for new games and loads). Returns CM_ERR_NOMEM. */
CmStatus ui_init(Ui *ui, Session *s, const UiOptions *opt);

/* What 'ui_init' and 'ui_init_online' share: the state cleared, the session and the options
 * kept, room for the legal moves, an 80x24 screen until it is measured. CM_ERR_NOMEM. */
CmStatus ui_init_screen(Ui *ui, Session *s, const UiOptions *opt);
void ui_free(Ui *ui);

/* The terminal is now 'rows' x 'cols'. Returns redraw flags. */
unsigned ui_resize(Ui *ui, int rows, int cols);

/* Handles a key (see 'UI_KEY_*') at time 'now' (ms). Returns redraw flags. */
unsigned ui_handle_key(Ui *ui, int key, uint64_t now);

/* Handles a mouse click (button 1) at screen cell (y, x). Returns redraw flags. */
unsigned ui_handle_click(Ui *ui, int y, int x, uint64_t now);

/* What time brings: the engine's moves and news, clocks. Returns redraw flags. */
unsigned ui_tick(Ui *ui, uint64_t now);

/* Shows the session's notice (news about the files) as the message, and clears it. */
void ui_show_notice(Ui *ui);

/* Sets the message line. */
void ui_message(Ui *ui, int role, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The position on the board: the game's, or the one under review. */
const CmPosition *ui_shown_position(const Ui *ui);

/* How square 'sq' looks now (curses_draw.c draws it). */
void ui_square_look(const Ui *ui, CmSquare sq, UiCellLook *out);

/* The glyph of seat 'seat''s knights: the panel's swatch of the seat shows it, so that the
 * seats can be told apart without colours. */
void ui_seat_glyph(const Ui *ui, const CmVariant *v, int seat, char *buf, size_t size);

/* The teaching line: whose turn, what is compulsory, what to do next. */
void ui_status_text(const Ui *ui, char *buf, size_t size);

/* The title line. */
void ui_title_text(const Ui *ui, char *buf, size_t size);

/* The key reminder for the mode: a text of its own, or one made in 'buf' ('size' bytes, such as
 * UI_KEYS_MAX). */
#define UI_KEYS_MAX 256
const char *ui_keys_text(const Ui *ui, char *buf, size_t size);

/* ---- The keys each screen offers (keyhelp.c) ------------------------------------------------
 *
 * One table for each kind of screen lists its keys: the key bar at the foot shows some of them
 * with a word, '?' lists them all with what they do, and the game-over box lists its own. */

typedef enum UiKeySet {
    UI_KEYS_GAME,     /* the board of a game at one keyboard */
    UI_KEYS_OVER,     /* the game is over: the game-over box */
    UI_KEYS_REVIEW,   /* stepping through the moves ('v') */
    UI_KEYS_LESSON,   /* a lesson */
    UI_KEYS_PUZZLE,   /* a puzzle */
    UI_KEYS_PRACTICE, /* learning from one's mistakes */
    UI_KEYS_ANALYSIS, /* the analysis board */
    UI_KEYS_ONLINE,   /* a game on a server: the help page's only */
    UI_KEYS_LOBBY,    /* the lobby of a server: the help page's only */
    UI_KEYS_COUNT
} UiKeySet;

/* The states in which a key shows in the key bar, as bits. */
enum {
    UI_KEYS_PERSON = 1,  /* a game a person plays */
    UI_KEYS_ENGINES = 2, /* a game the engines play alone */
    UI_KEYS_TRYING = 4,  /* a lesson or a puzzle not done yet */
    UI_KEYS_DONE = 8,    /* a lesson done with one after it; a puzzle solved or missed */
    UI_KEYS_LAST = 16,   /* the last lesson done, with another not done yet */
    UI_KEYS_MARKED = 32, /* the engine's review has marked moves of the game */
    UI_KEYS_ENDED = 64,  /* the board of a game that is over (the game-over box closed) */
    UI_KEYS_HERE = 128,  /* a game of this screen, not a server's (the analysis board is) */
};

typedef struct UiKeyHelp {
    const char *keys; /* as the help page names them ("u, r"); NULL: the key bar's only */
    const char *bar;  /* the key and its word in the key bar ("u undo"); NULL: not there */
    const char *help; /* what it does: the help page's, or the game-over box's words */
    unsigned when;    /* the states whose key bar shows it ('UI_KEYS_*' bits); 0: all */
} UiKeyHelp;

/* The keys of 'set' and their number. */
const UiKeyHelp *ui_key_table(UiKeySet set, int *n_out);

/* The key set of 'mode' as the screen is now, and its state ('UI_KEYS_*' bits); -1 for a mode
 * whose keys are no table's. */
int ui_key_set(const Ui *ui, UiMode mode, unsigned *state_out);

/* The key bar of 'set' in 'state', in 'buf' ('size' bytes). Returns 'buf'. */
const char *ui_key_bar(UiKeySet set, unsigned state, char *buf, size_t size);

/* A pace between engine moves as the screen shows it: "0 s", "0.5 s", "2 s". */
void ui_pace_text(uint64_t ms, char *buf, size_t size);

/* The next pace from 'ms' on the screen's ladder (0, 0.25 s, 0.5 s, 1 s ... 60 s): the next
 * longer one when 'dir' > 0, the next shorter one otherwise. */
uint64_t ui_pace_step(uint64_t ms, int dir);

/* A piece of a text: 'len' bytes from 'start'. */
typedef struct UiSpan {
    int start, len;
} UiSpan;

/* Cuts 'text' into lines of at most 'width' bytes, at spaces where it can, at most 'max' of
 * them (the last one takes what is left, cut). Returns how many. */
int ui_wrap(const char *text, int width, UiSpan *lines, int max);

/* Columns of 'text', whose characters each take one (a name, a variant, the mark). */
int ui_columns(const char *text);
/* 'text' in at most 'room' columns: as it is, or cut with 'mark' at its end. */
void ui_cut_to(char *text, size_t size, int room, const char *mark);

/* The foot of the screen: the teaching line and the message, each wrapped over as many rows as
 * it needs (up to 'UI_MSG_ROWS'), and the key reminder. They stack up from the bottom: when
 * they need more rows than the layout gives them, the key reminder gives up its row, the panel
 * ends above them, and then they go over the board's last rows (until the next key). */
#define UI_FOOT_MAX (2 * UI_MSG_ROWS)

typedef struct UiFoot {
    char status[UI_MSG_MAX + UI_LINE_MAX]; /* the teaching line */
    int top;                               /* the first row of the foot: the panel ends above */
    int keys;                              /* the key reminder is shown on 'keys_y' */
    int n;
    struct {
        int y, role;
        const char *text; /* in 'status' or the Ui's message */
        int len;
    } line[UI_FOOT_MAX];
} UiFoot;

void ui_foot(const Ui *ui, UiFoot *f);

/* A line of a panel or page, with its role. 'seat' >= 0 puts that seat's colour swatch first.
 * The columns 'hl_from' .. 'hl_from + hl_len' are drawn with UI_ROLE_FIELD (a move of the move
 * list, marked). The functions that fill lines set the last two only when they highlight: a
 * caller clears its lines first. */
typedef struct UiLine {
    char text[200];
    int role;
    int seat;
    const CmVariant *v; /* the variant of 'seat' when not the game's on the screen */
    int hl_from, hl_len;
} UiLine;

/* The side panel at 'now': seats, pieces, castle moves, engine, moves. Fills at most 'max'
 * lines (the move list is cut to fit) and returns how many. */
#define UI_PANEL_LINES 200 /* the most lines a panel has */
#define UI_MOVE_COL                                                                                \
    14 /* the widest column of a move list of two seats: a longer move has a                       \
          line of its own */
int ui_panel_lines(const Ui *ui, uint64_t now, int width, UiLine *lines, int max);

/* Adds the move 'text' after 'head' (which fills 'indent' columns) to 'lines' from line 'n'
 * (at most 'max'), in lines of 'width' columns: the first line holds the head, the lines after
 * it are indented two columns more. A move is wrapped between its leaps, never cut. With
 * 'lines' NULL it only counts. Returns the number of lines it takes. */
int ui_move_lines(UiLine *lines, int n, int max, int role, const char *head, int indent,
                  const char *text, int width);

/* The move list after line 'n' (of at most 'max'), under its heading: the latest move at the
 * bottom (in review, the one reviewed in the middle), whole rounds, as many as fit in lines of
 * 'width'; the move shown highlighted, each with the sign of the engine's mark when it has
 * one. Returns the lines' count. */
int ui_move_list(const Ui *ui, int width, UiLine *lines, int n, int max);

/* The lines of the new-game form, the list of saves, the game-over box (the result, the move
 * that ended the game and the keys of UI_KEYS_OVER, as wide as the board when they fit in
 * UI_OVER_MIN columns). */
#define UI_OVER_MIN 30
int ui_form_lines(const Ui *ui, UiLine *lines, int max);
int ui_load_lines(const Ui *ui, UiLine *lines, int max);
int ui_over_lines(const Ui *ui, UiLine *lines, int max);

/* The game-over box as the screen draws it: its lines into 'lines' (at most 'max'; returns how
 * many), its place and size. When it would hide the panel's last move, it leaves out its blank
 * lines, which may let it fit under the panel. */
int ui_over_box(const Ui *ui, UiLine *lines, int max, int *y, int *x, int *w, int *h);

/* The size of a box holding 'lines' (a frame and a margin round them) on a screen of 'rows' x
 * 'cols', no larger than it. */
void ui_box_size(const UiLine *lines, int n, int rows, int cols, int *w_out, int *h_out);

/* Where a box of 'w' x 'h' cells goes: the game-over box where it leaves the panel's move list
 * and the message and key lines in sight when it can (over the board when it is no wider, else
 * under or above the panel's lines); any other in the middle of the screen. */
void ui_box_place(const Ui *ui, int w, int h, int *y_out, int *x_out);

/* ---- Between the files of the front end -------------------------------------------------- */

/* control.c: recomputes what is derived from the game's position (legal moves, obligation,
 * move list, last move); sets up the screen for the session's game after it changed (a new
 * game, a load); marks ply 'plies' as the last move shown. */
void ui_position_changed(Ui *ui);
void ui_game_replaced(Ui *ui);
void ui_set_last(Ui *ui, int plies);
/* The mode to go back to from a page or form: the board, or the game-over box. */
UiMode ui_board_mode(const Ui *ui);

/* control.c: 'ui_set_review' (ui.h). */

/* The ply (from 0) of the next move the review marked after ply 'from' ('dir' 1), or before it
 * ('dir' -1); -1 when there is none. */
int ui_marked_ply(const Ui *ui, int from, int dir);

/* The list of each seat's marked moves in 'plies' (the first 'n' of a game of 'v'), with the
 * mark, the loss and the better move, as a page 'width' wide: a new string of lines ending in
 * '\n', or NULL when out of memory. */
char *ui_mistakes_text(const CmVariant *v, const AnalysisPly *plies, int n, int width);

/* control.c: review mode shows the position after 'ply' plies, the move that led to it
 * marked. */
void ui_review_to(Ui *ui, int ply);

/* control.c: the cursor moved one square by an arrow key; the rules page opened. */
unsigned ui_move_cursor(Ui *ui, UiAction act);
unsigned ui_open_rules(Ui *ui);

/* edit.c: edit mode (entered from the board or the game-over box; its keys; a click on a
 * square; its teaching line) and exporting the game to a path typed on the line. */
unsigned ui_edit_begin(Ui *ui);
unsigned ui_edit_action(Ui *ui, UiAction act);
unsigned ui_edit_click(Ui *ui, CmSquare sq);
void ui_edit_status(const Ui *ui, char *buf, size_t size);
/* Whether the screen may write files; when not (a stranger's session on a server's host: a
 * key's or a guest's), it says so. */
int ui_may_write(Ui *ui);
unsigned ui_export_begin(Ui *ui);
unsigned ui_export_enter(Ui *ui, uint64_t now);
/* The answer to UI_ASK_EXPORT: 'yes' writes over the files there, else nothing is written. */
unsigned ui_export_answer(Ui *ui, int yes, uint64_t now);

/* build.c: building a move on the board. */
void ui_clear_selection(Ui *ui);
unsigned ui_select_square(Ui *ui, CmSquare sq, uint64_t now);
unsigned ui_take_back_leap(Ui *ui);
/* Plays 'm' for the person to move and says so. */
unsigned ui_commit(Ui *ui, const CmMove *m, uint64_t now);

/* ---- What the board serves besides a game ----------------------------------------------
 *
 * In play mode the board serves a game of the session, a lesson (learn.c), a puzzle (puzzle.c)
 * or the analysis board (analysis.c). Each of the last three is a table of what it does in
 * place of the game; 'ui_board' gives the one open (NULL for a game), and where an entry is
 * NULL the board does what a game does. */
typedef struct UiBoard {
    UiKeySet keys;                       /* its keys (keyhelp.c) */
    unsigned (*key_state)(const Ui *ui); /* the state of its key bar: 'UI_KEYS_*' bits */
    /* A key's action ('key' the key that gave 'act') on the board, and in review mode: sets
     * '*handled'; 0 leaves 'act' to the board. */
    unsigned (*action)(Ui *ui, UiAction act, int key, uint64_t now, int *handled);
    unsigned (*review_action)(Ui *ui, UiAction act, int key, uint64_t now, int *handled);
    unsigned (*commit)(Ui *ui, const CmMove *m, uint64_t now); /* a move built or typed */
    /* When no move may be begun (a lesson done, a puzzle over): says why and returns redraw
     * flags; 0 when one may. */
    unsigned (*closed)(Ui *ui);
    unsigned (*tick)(Ui *ui); /* what time brings: redraw flags */
    /* The title and the teaching line: 1 when it gave them, 0 to leave them to the board. */
    int (*title)(const Ui *ui, char *buf, size_t size);
    int (*status)(const Ui *ui, char *buf, size_t size);
    int (*panel)(const Ui *ui, int width, UiLine *lines, int max); /* the panel's lines */
    int ends_in_box; /* the end of its game opens the game-over box (not a lesson's) */
    int reviewable;  /* 'a' after that end asks for the engine's review (not a puzzle's) */
} UiBoard;

extern const UiBoard ui_board_lesson;   /* learn.c */
extern const UiBoard ui_board_puzzle;   /* puzzle.c */
extern const UiBoard ui_board_practice; /* practice.c */
extern const UiBoard ui_board_analysis; /* analysis.c */

/* control.c: what the board serves besides a game, NULL for a game. */
const UiBoard *ui_board(const Ui *ui);

/* ---- The analysis board (analysis.c) ----------------------------------------------------------
 */

#define UI_ANALYSIS_LINES 64 /* the other lines an analysis board keeps, at most */

typedef struct UiAnalysis {
    Session game;      /* the board's game: every seat a person's, no clocks, no autosave; its
                          redo list is the line ahead (the game's own moves, at first) */
    Session *back;     /* the game the Ui had, paused while the board is shown */
    int was_paused;    /* it was paused already */
    UiMode back_mode;  /* the mode to go back to: the board, the game-over box or review */
    int back_review;   /* the ply reviewed, to go back to */
    int back_reviewed; /* the plies of the engine's review of the game */
    int back_flip, back_turn; /* how the board was turned */
    int from;                 /* the ply of the game the board began at */
    AnalysisLive live;        /* the engine's view of the position on the board */
    struct {
        CmMove *moves; /* from the start of the game */
        int n;
    } lines[UI_ANALYSIS_LINES]; /* the other lines tried: each line left by a move */
    int nlines;
    char **notes; /* the other lines as the notes of the line played, for its export */
    int nnotes;
} UiAnalysis;

/* Opens the analysis board on the position after the first 'ply' plies of the session's game
 * (the game's moves after it are the line ahead). Returns redraw flags (the message says why
 * it cannot: a lesson, a puzzle, a game on a server, no memory). */
unsigned ui_analysis_open(Ui *ui, int ply, uint64_t now);

/* Leaves the analysis board: the game comes back as it was. */
void ui_analysis_close(Ui *ui, uint64_t now);

/* A move played on the analysis board keeps the line ahead that it leaves as another line
 * tried; the keys that mean something else there, the engine's news and the title:
 * 'ui_board_analysis'. Its panel is view.c's: */
int ui_analysis_panel(const Ui *ui, int width, UiLine *lines, int max);

/* ---- Lessons (learn.c) --------------------------------------------------------------------- */

/* Where a lesson stands. */
enum {
    UI_LESSON_TRY,   /* waiting for a move */
    UI_LESSON_WRONG, /* a legal move missed the goal: not played, and the lesson says why */
    UI_LESSON_DONE,  /* a move met the goal and was played */
};

typedef struct UiLearn {
    Course *course; /* the lessons and the progress */
    int owned;      /* opened from the new-game form: the Ui loaded 'course' (and frees it),
                       and q goes back to the game */
    int at;         /* the lesson on the board */
    int state;      /* 'UI_LESSON_*' */
    int tries;      /* moves that missed the goal */
    Session game;   /* the lesson's game: every seat a person's, no engine, no autosave */
    Session *back;  /* the session the Ui had before, paused while the lessons are shown */
    int was_paused;
    char feedback[CM_LESSON_LINE_MAX]; /* the lesson's 'wrong' or 'right', "" before a try */
} UiLearn;

/* learn.c: 'ui_learn_open' (ui.h); 'owned': see 'UiLearn'. */

/* Leaves the lessons: the Ui shows its session again. */
void ui_learn_close(Ui *ui, uint64_t now);

/* The new-game form's Lessons: loads the course and opens it. */
unsigned ui_learn_from_form(Ui *ui, uint64_t now);

/* A move of a lesson is played when it meets the goal, else refused with the lesson's reason;
 * the keys of the board that mean something else in a lesson, its teaching line, title and
 * panel: 'ui_board_lesson'. */

/* form.c: the new-game form and the list of saved games. */
void ui_open_form(Ui *ui);
unsigned ui_form_action(Ui *ui, UiAction act, uint64_t now);
unsigned ui_open_saves(Ui *ui);
unsigned ui_saves_action(Ui *ui, UiAction act);

/* rules.c: the rules of the variant in the program's own words, then the keys, wrapped to
 * 'width' columns: a new string of lines ending in '\n', or NULL when out of memory. */
char *ui_rules_text(const CmVariant *v, int width);
/* The same, with the keys of 'set' (those of the game as well for UI_KEYS_OVER). */
char *ui_help_text(const CmVariant *v, int width, UiKeySet set);
/* The same, with the keys of a game on a server. */
char *ui_rules_text_online(const CmVariant *v, int width);

/* ---- A server's lobby and games (online.c) -----------------------------------------------
 *
 * 'camelot online' hands the screen a session and a lobby (src/session/lobby.h): the screen
 * opens on the lobby, and a game made, joined or opened there is played on the board as a game
 * here, with what a game on a server adds: who is connected, offers the others answer, chat,
 * the server's clocks, claims, watching, ratings and rematches. */

/* Sets up the screen on the lobby 'l' with session 's' (no game yet). CM_ERR_NOMEM. */
CmStatus ui_init_online(Ui *ui, Session *s, Lobby *l, const UiOptions *opt);

/* Whether the screen shows a game on a server. */
int ui_online(const Ui *ui);

/* The lobby's news, and the game's when one is on the screen. Returns redraw flags;
 * '*game' is set when the session's game is to be ticked. */
unsigned ui_online_tick(Ui *ui, uint64_t now, int *game);

/* What the session's tick brought to a game on a server: moves, the players coming and going,
 * offers and answers, chat, refusals, the connection. Returns redraw flags. */
unsigned ui_online_news(Ui *ui, unsigned ev, uint64_t now);

/* The keys of a game on a server that mean something else than at one keyboard; '*handled'
 * 0 leaves 'act' to the game. */
unsigned ui_online_action(Ui *ui, UiAction act, uint64_t now, int *handled);

/* Adds line 'n' to 'lines' (of 'max'), with its 'role', and in 'items' (NULL: none) the item of
 * the list it shows ('item', -1 for none). Returns the count of lines, 'n' + 1, or 'n' when
 * full. */
int ui_line_add(UiLine *lines, int *items, int n, int max, int item, int role, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

/* The same with the seat whose colour the line takes ('seat', -1: none) and the arguments in
 * 'ap' (view.c). */
int ui_line_vadd(UiLine *lines, int n, int max, int role, int seat, const char *fmt, va_list ap);
/* view.c: a line of 'role' for 'seat' (-1: none) at 'lines[n]' when 'n' is below 'max';
 * returns the lines now. */
int ui_add(UiLine *lines, int n, int max, int role, int seat, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* state.c: the board laid out again (it turned, or the game changed), and the rules page
 * laid out for the terminal's width. */
void ui_relayout(Ui *ui);
void ui_layout_page(Ui *ui);

/* control.c: puts question 'what' ('UI_ASK_*') to seat 'seat', to answer y or n. Returns
 * redraw flags. */
unsigned ui_ask(Ui *ui, int what, int seat);

/* control.c: says where a draw offer stands after an answer: agreed, declined, or asked of
 * someone. Returns redraw flags. */
unsigned ui_offer_news(Ui *ui);

/* line.c: opens the line for a move typed in WCF notation (when a person is to move), and
 * what a key does while the line is open. Each returns redraw flags. */
unsigned ui_line_open_move(Ui *ui);
unsigned ui_line_action(Ui *ui, UiAction act, int key, uint64_t now);

/* view.c: how the game ended, as a sentence. */
void ui_outcome_sentence(const Ui *ui, char *buf, size_t size);

/* view.c: who plays 'seat', in a word or two ("you", "human", "engine 5"). */
const char *ui_seat_kind_text(const Ui *ui, int seat, char *buf, size_t size);

/* view.c: the seat of the first move of the list, where its round starts: 0 unless the game
 * started with another seat to move (a puzzle of Black's, a position set up). */
int ui_first_seat(const Ui *ui);

/* The two teams of a team game, for the panel: "Red+Blue v Green+Yellow". */
void ui_teams_text(const CmVariant *v, char *buf, size_t size);

/* A request the server or the session refused, said on the status line ('err'). Returns
 * redraw flags. */
unsigned ui_say_refused(Ui *ui, const CmError *err);

/* lobby_page.c: the keys of the lobby, and a click on it. */
unsigned ui_lobby_action(Ui *ui, UiAction act, uint64_t now);

/* A seat's letter in the lobby (UI_ACT_SEAT): the free seat of that letter in the game
 * picked, taken (lobby_join). 0 when the key means nothing there. */
unsigned ui_lobby_seat_key(Ui *ui, int key);
unsigned ui_lobby_click(Ui *ui, int y, int x, uint64_t now);

/* 'q' in the lobby asks first, as a 'q' too many after a game (where 'q' is the way back to
 * the lobby) would leave the server: 'key' ('act') is that 'q' or the answer to it, y leaving.
 * Ctrl-C, and 'q' on a screen too small to ask on, leave at once. Returns redraw flags. */
unsigned ui_lobby_quit_key(Ui *ui, UiAction act, int key);

/* Back to the lobby from the game on the screen. */
unsigned ui_to_lobby(Ui *ui, uint64_t now);

/* The chat line: opened, and sent on Enter. */
unsigned ui_chat_begin(Ui *ui);
unsigned ui_chat_enter(Ui *ui);

/* The answer to UI_ASK_OFFER. */
unsigned ui_offer_answer(Ui *ui, int yes, uint64_t now);

/* The lobby's page: its lines ('items[i]' the index of the lobby's order a line shows, or -1)
 * for a page of 'height' rows from row 'top', its title, its status line and keys. */
#define UI_LOBBY_TOP 2 /* the first row of the lobby's lines */
int ui_lobby_lines(const Ui *ui, uint64_t now, int width, int height, UiLine *lines, int *items);
void ui_lobby_title(const Ui *ui, char *buf, size_t size);

/* A game on a server: the title's end, the teaching line when it says something else than the
 * game's (returns 0 to leave it to the game's), the panel's seats and chat, the game-over box
 * and the key reminder. */
void ui_online_title(const Ui *ui, char *buf, size_t size);
int ui_online_status(const Ui *ui, char *buf, size_t size);
int ui_online_panel(const Ui *ui, uint64_t now, int width, UiLine *lines, int max);
int ui_online_over_lines(const Ui *ui, UiLine *lines, int max);
const char *ui_online_keys(const Ui *ui);

/* form.c: the new-game form for a game on the server, and the keys typed into its field of a
 * player's name (returns 0 for a key it leaves to the form's map). */
void ui_open_online_form(Ui *ui);
unsigned ui_form_key(Ui *ui, int key);

/* rules.c: the page of the lobby's and an online game's keys: a new string of lines, or NULL
 * when out of memory. */
char *ui_online_help_text(int width);

/* ---- Puzzles (puzzle.c) -------------------------------------------------------------------
 *
 * 'camelot puzzle' plays on the board of the game: the session holds the puzzle's position,
 * people at every seat, and a move of the player goes to the puzzle (right, solved, or wrong
 * and the solution shown) instead of the game. n goes to the next puzzle, s shows the
 * solution; what would change the game otherwise (undo, hints, saving, resigning) is not
 * offered. */

/* puzzle.c: 'UiPuzzles', 'ui_puzzle_start' and 'ui_puzzle_attach' (ui.h). */

/* The puzzle shown. */
const CmPuzzle *ui_puzzle_current(const Ui *ui);

/* A move of the player, the keys of puzzle mode on the board and in review, the title, the
 * teaching line and the panel: 'ui_board_puzzle'. */

/* ---- The review screen (review.c) -------------------------------------------------------- */

/* The evaluation graph of 'camelot review': a column per ply (or per few, to show a long game
 * whole), the score after it for the first seat's team, from the zero line up when it is ahead and
 * down when it is behind. Scores beyond UI_GRAPH_RANGE (hundredths of a man) are drawn at the edge.
 */
#define UI_GRAPH_RANGE 500
#define UI_GRAPH_ROWS 10 /* rows of the graph: as many above the zero line as below */

typedef struct UiGraphCell {
    char glyph[8]; /* one screen column: UTF-8 or ASCII */
    int role;      /* 'UiRole' */
    unsigned attr; /* 'UI_ATTR_*' */
} UiGraphCell;

/* How far a column for 'score' reaches in a graph of 'rows' rows (even): eighths of a row from
 * the zero line, up when positive, clamped to half the graph. */
int ui_graph_level(int score, int rows);

/* The cell at 'row' (0 at the top) of a column reaching 'level' in a graph of 'rows' rows:
 * eighth blocks (a bar below the zero line is drawn in reverse video, the empty part of a
 * lower block standing for its filled part), or with 'ascii' '#' for a row at least half
 * filled. The zero line shows as '_' / a low block in the empty cells of the row above it.
 * The column of the cursor has the role of a selection. */
void ui_graph_cell(int level, int row, int rows, int ascii, int cursor, UiGraphCell *out);

/* The plies each column of a graph 'width' columns wide stands for, so that the whole game of
 * 'n' plies shows: 1 when every ply has a column of its own, else as many as it takes. Column
 * c stands for the plies from c * per to (c + 1) * per - 1. */
int ui_graph_per_column(int n, int width);

/* What the review screen shows: the game, the plies analysed so far, the ply under the
 * cursor and the board after it, drawn with the looks of the full-screen game's review. */
struct UiReview {
    const CmGame *game;
    int practise;             /* the player asked to practise their mistakes (p) */
    int practise_at_end;      /* ask for it as soon as the analysis is done */
    const AnalysisPly *plies; /* 'done' of them analysed */
    int done;
    int analysing;   /* the engine is at ply 'done' */
    int cursor;      /* the ply shown, 0 .. game->n - 1 */
    int quit;        /* the player asked to leave */
    char name[80];   /* the record's name */
    char title[120]; /* the record's name and variant */
    Lobby *keep;     /* a server's lobby whose connection stays up while the review runs (the
                        review of a game played there), NULL: none; set after 'ui_review_init' */
    Session shell;   /* only its variant, for 'board' */
    Ui board;        /* in review mode: the position after 'cursor', its move marked, and the
                        move list with the marks of the plies analysed; or (in UI_MODE_RULES)
                        the list of mistakes as its page */
};

/* Sets up the review of 'game' (at least one ply), whose analysis 'plies' fills; frees what it
 * holds. */
void ui_review_init(UiReview *r, const CmGame *game, const AnalysisPly *plies, const UiOptions *opt,
                    const char *name);
void ui_review_free(UiReview *r);

/* The board's move list takes the marks of the plies analysed so far. */
void ui_review_sync(UiReview *r);

/* Handles a key; returns redraw flags, UI_QUIT for q or Esc. Left and Right step, Home and End
 * go to the ends, ] and [ to the next and the previous marked move, m opens the list of each
 * side's mistakes (a page: Up, Down, PgUp, PgDn; Esc, q or m closes it). */
unsigned ui_review_key(UiReview *r, int key);

/* The score of ply 'i' for the first seat's team, capped at a won game's worth. */
int ui_review_score(const UiReview *r, int i);

/* The lines under the graph about the ply under the cursor: the move, the scores, the mark and
 * the better move (a long move wrapped between its leaps to the panel's width, as the move
 * list wraps it); or where the analysis is. Returns how many (none when 'max' is below 6). */
int ui_review_lines(const UiReview *r, UiLine *lines, int max);

/* curses_screen.c: 'ui_run', 'ui_review_run' and 'ui_review_pump' (ui.h). */

#endif
