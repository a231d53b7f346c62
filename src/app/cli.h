/* The 'camelot' program: the command table and its one argument parser, what the commands
 * share (the catalogue of variants, loading positions, printing errors and boards), and each
 * command's entry point and help.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_CLI_H
#define CAMELOT_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "camelot/error.h"
#include "camelot/notation.h"
#include "camelot/record.h"
#include "camelot/rules.h"
#include "session/catalog.h"
#include "session/config.h"
#include "session/course.h"
#include "session/practice.h"
#include "session/puzzle.h"
#include "session/session.h"

/* Exit codes. */
enum { CLI_EXIT_OK = 0, CLI_EXIT_INPUT = 1, CLI_EXIT_USAGE = 2 };

#define CLI_DEFAULT_VARIANT "camelot"
#define CLI_DEFAULT_TT_MB 16 /* the engine's table for the engine commands, in MiB */

/* What every command may use; the variants stay alive until the program ends. */
typedef struct CliCtx {
    Catalog catalog;
} CliCtx;

/* The whole program, given main's arguments; returns the exit code. */
int cli_main(int argc, char **argv);

/* ---- Arguments (options.c) --------------------------------------------------------------- */

#define CLI_MAX_OPTS 16   /* options of one command */
#define CLI_MAX_REPEAT 32 /* values of one repeated option */

/* An option a command accepts: '--name', '--name VALUE' or '--name=VALUE'. */
typedef struct CliOpt {
    const char *name;
    int takes_value;
    int repeat; /* may be given up to CLI_MAX_REPEAT times */
} CliOpt;

/* A command line read against a command's options. */
typedef struct CliArgs {
    const char *value[CLI_MAX_OPTS]; /* the option's (last) value, "" for a flag; NULL: absent */
    const char *values[CLI_MAX_OPTS][CLI_MAX_REPEAT]; /* a repeated option's values */
    int nvalues[CLI_MAX_OPTS];
    int nargs; /* positional arguments */
    char **args;
    const char *usage; /* the command's usage line, for errors */
} CliArgs;

/* Reads 'argv' (the arguments after the command's name) against the 'nopts' options of a
 * command whose usage line is 'usage' and help text 'help'. '--help' prints the help; '--'
 * ends the options; an argument that is a negative number is positional. Returns -1 to go on,
 * or an exit code when the help was printed or the line is wrong (the error and the usage
 * line printed). Free 'out' with 'cli_args_free'. */
int cli_args_parse(const char *usage, const char *help, const CliOpt *opts, int nopts, int argc,
                   char **argv, CliArgs *out);
void cli_args_free(CliArgs *a);

/* Prints a command's usage line and help text on 'f'. A document the text cites as
 * 'docs/NAME.md' is named 'NAME.md', and a last line says where the documents are
 * ('io_doc_dir'): installed beside the program, or in the source tree. */
void cli_help_print(FILE *f, const char *usage, const char *help);

/* Prints "camelot: MESSAGE" and the usage line on standard error; returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *usage, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Reads option 'name''s 'value' as a whole number within 'lo' .. 'hi' into '*out'. Returns -1
 * on success, else prints "bad NOUN 'VALUE' (RANGE)" with the usage and returns the exit
 * code. */
int cli_int_arg(const CliArgs *a, const char *noun, const char *range, const char *value, long lo,
                long hi, long *out);

/* Reads 'value' as seconds > 0 (digits and one decimal point, at most 100000) into
 * milliseconds, a fraction of one counting as one. Returns -1 on success, else prints the
 * error and returns the exit code. */
int cli_seconds_arg(const CliArgs *a, const char *value, int64_t *ms_out);

/* ---- Files, variants, errors (files.c) --------------------------------------------------- */

/* The variant named by 'ref' (a name or a path) through the catalogue; prints the error and
 * returns NULL when it cannot be loaded. */
const CmVariant *cli_variant(CliCtx *ctx, const char *ref);

/* Loads the position for a command: the start position of 'variant_ref' (NULL: the default
 * variant) or, with 'posfile', that position document. Settles nothing. Prints any error and
 * returns an exit code. */
int cli_load_position(CliCtx *ctx, const char *variant_ref, const char *posfile, CmPosition *pos);

/* Prints 'err' as 'source:line:col: message' on stderr ("camelot: message" when it has no
 * source), then, when 'text' holds the source, the line in question and a caret. */
void cli_report(const CmError *err, const char *text, size_t len);

/* Writes the 'len' bytes of 'text' (a file name, a line typed) to 'out', escaped as an error's
 * message is ('cm_text_escape'): a terminal shows it and acts on none of it. */
void cli_put_text(FILE *out, const char *text, size_t len);

/* 'text' (a file name, a word typed) escaped as 'cli_put_text' writes it, in 'buf' of 'size'
 * bytes (CLI_SHOWN_MAX hold any path whole), for a message; returns 'buf'. */
#define CLI_SHOWN_MAX (4 * SESSION_PATH_MAX)
const char *cli_shown(const char *text, char *buf, size_t size);

/* Prints the 'len' bytes of 'line' (a line of a file, a move typed) on 'out' after 'indent',
 * escaped as an error's message is ('cm_text_escape'), and, when 'col' > 0, a caret under its
 * byte 'col' (1-based). */
void cli_quote_line(FILE *out, const char *indent, const char *line, size_t len, int col);

/* Reads the game record at 'path' ('-': standard input) and replays it in variant 'want'
 * (a name or file; NULL: the record's Variant tag). On success fills 'rec' and 'game' (free
 * both) and returns CLI_EXIT_OK; otherwise prints the error and returns the exit code (check.c). */
int cli_record_load(CliCtx *ctx, const char *path, const char *want, CmRecord *rec, CmGame *game);

/* Reads the settings file into 'c' (session/config.h). Returns -1, or, when the file cannot be
 * read or holds an error, prints the error with its line and a caret and returns the exit
 * code. */
int cli_config(SessionConfig *c);

/* Prints "camelot: out of memory" and returns CLI_EXIT_INPUT. */
int cli_out_of_memory(void);

/* ---- Boards and move lists (boardtext.c) ------------------------------------------------- */

/* Prints the board as in docs/rules.md 5.1, then who is to move and the castle moves used. */
void cli_board_print(FILE *f, const CmPosition *pos);

/* The legal moves of 'pos' (at most CM_MOVES_LIMIT) with their effect text and canonical
 * path, sorted bytewise by effect. Returns the count, or CLI_MOVES_TOO_MANY when the position
 * has more moves than camelot lists (or more jump chains than the generation's budget), or
 * CLI_MOVES_NOMEM. Free '*out' with 'cli_movetext_free'. */
typedef struct CliMoveText {
    CmMove move;
    char *effect;
    char *path;
} CliMoveText;
enum { CLI_MOVES_TOO_MANY = -1, CLI_MOVES_NOMEM = -2 };
int cli_movetext(const CmPosition *pos, CliMoveText **out);
void cli_movetext_free(CliMoveText *mt, int n);

/* Prints why 'cli_movetext' gave no list ('n' its return) and returns CLI_EXIT_INPUT. */
int cli_movetext_error(int n);

/* ---- The text front ends (textio.c) ------------------------------------------------------ */

#define CLI_TEXT_WIDTH 78  /* columns of a wrapped sentence and of a list of moves */
#define CLI_WORDS_MAX 4096 /* bytes of a move or a seat's pieces in words */

/* A text front end's input and output: lines read from 'in' (a terminal, or a pipe whose
 * lines are echoed after the prompt), sentences written to 'out'. */
typedef struct CliText {
    FILE *in, *out;
    int tty;  /* the input is a terminal */
    int echo; /* the input is not a terminal: each line read is echoed */
    char *line;
    size_t cap;
} CliText;

void cli_text_init(CliText *t, FILE *in, FILE *out);
void cli_text_free(CliText *t);

/* Prints a sentence wrapped at CLI_TEXT_WIDTH columns, at spaces where it can; the lines after
 * the first are indented by two spaces. A newline ends it. */
void cli_say(CliText *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints a line to standard output as it is, and flushes it at once: the lines of a protocol
 * ('camelot protocol') and of the text client, which another program may be reading. */
void cli_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The next line, trimmed and echoed when the input is not a terminal; NULL at the end of the
 * input. A line holding a NUL byte is refused whole (said so) and read as an empty line. */
char *cli_text_line(CliText *t);

/* Removes leading and trailing white space of 's' in place; returns where it starts. */
char *cli_text_trim(char *s);

/* The legal move 'm' of 'pos' in words that name its kind: "the man on E6 canters to E8",
 * "the knight on F11 jumps to F7 in 2 leaps, capturing a man on F10 and 2 knights on E9, F8",
 * with " (a castle move)" when it is one. */
void cli_move_words(const CmPosition *pos, const CmMove *m, char *buf, size_t size);

/* The pieces of one kind ('knight' or not) of 'set' in 'pos' in words: "2 men on F10, G9";
 * "" when there are none. */
size_t cli_pieces_words(const CmPosition *pos, const CmSquareSet *set, int knight, char *buf,
                        size_t size);

/* Lists the canonical paths of the legal moves of 'pos', sorted bytewise, several to a line,
 * after their count. */
void cli_say_moves(CliText *t, const CmPosition *pos);

/* Says each seat's pieces in words, a line a seat: "White: 4 knights on C6, D7, I7, J6; 10 men
 * on ...". */
void cli_say_pieces(CliText *t, const CmPosition *pos);

/* Reads the move typed in 'text' in 'pos' into '*m'. Returns 1, or 0 after saying why it is
 * not a move or not legal, and where in it (the word at fault, quoted). */
int cli_text_move(CliText *t, const CmPosition *pos, const char *text, CmMove *m);

/* textlook.c: the board read a line at a time, for a player who cannot see it. When 'cmd' is
 * one of 'rank N', 'file L', 'square SQ', 'pieces SIDE [KIND]' or 'pieces KIND', 'last' or
 * 'moves SQ', says what it asks about the game of 's' (or how to ask it) and returns 1; else
 * returns 0. 'cmd' is trimmed, and may be changed. */
int cli_look(CliText *t, Session *s, char *cmd);

/* 'quiet on', 'quiet off' or 'quiet' ('arg' the word after it): sets '*quiet' and says what it
 * is now, the board shown 'when' ("after each move") or not. */
void cli_text_quiet(CliText *t, int *quiet, const char *arg, const char *when);

/* ---- Perft (perft.c) --------------------------------------------------------------------- */

/* The number of effect-distinct move sequences of 'depth' plies from 'pos' (settled first).
 * With 'divide', one 'EFFECT<TAB>COUNT' line per root move on 'out'. Sets '*overflow' when
 * some move list was incomplete (too many moves, or the count's budget of jump-chain steps
 * used up; see perft.c): the count stops there. Returns -1 when memory ran out. */
int cli_perft_count(const CmPosition *pos, int depth, int divide, FILE *out, uint64_t *total_out,
                    int *overflow);

/* ---- The commands ------------------------------------------------------------------------ */

/* Help lines of the options several commands share. */
#define CLI_VARIANT_HELP                                                                           \
    "  --variant V      a variant name (V.yaml in $CAMELOT_VARIANT_DIR, then the\n"                \
    "                   built-in variants) or a variant file path; default: camelot\n"
#define CLI_POSITION_HELP                                                                          \
    "  --position FILE  a position document (see docs/notation.md); '-' reads\n"                   \
    "                   standard input; default: the variant's start position\n"

/* Each command, given the arguments after its name; its usage line and help text. Each
 * returns an exit code. */
#define CLI_COMMAND(name)                                                                          \
    int cli_##name(CliCtx *ctx, int argc, char **argv);                                            \
    extern const char cli_##name##_usage[], cli_##name##_help[]

CLI_COMMAND(play);     /* play.c: the full-screen game, else the text game */
CLI_COMMAND(learn);    /* learn.c */
CLI_COMMAND(validate); /* check.c */
CLI_COMMAND(moves);    /* position.c */
CLI_COMMAND(perft);
CLI_COMMAND(status);
CLI_COMMAND(show);
CLI_COMMAND(replay);  /* check.c */
CLI_COMMAND(review);  /* review.c */
CLI_COMMAND(analyze); /* analyze.c */
CLI_COMMAND(bench);   /* bench.c */
CLI_COMMAND(match);   /* match.c */
CLI_COMMAND(engine);  /* protocol.c */
CLI_COMMAND(puzzle);  /* puzzle.c */
CLI_COMMAND(tune);    /* tune.c */
CLI_COMMAND(serve);   /* serve.c */
CLI_COMMAND(online);  /* online.c */
CLI_COMMAND(relay);   /* serve.c */
CLI_COMMAND(loadgen); /* loadgen.c */
CLI_COMMAND(host);    /* host.c */
CLI_COMMAND(admin);   /* admin.c */

/* The socket's path: 'opt', or the default one 'camelot serve' makes. Prints the error and
 * returns -1 (serve.c). */
int cli_socket_path(const char *opt, char *buf, size_t size);

/* Connects to the server's socket 'sock' and joins standard input and output to it, after the
 * line 'first' ('as NAME', 'key FINGERPRINT'), as 'camelot relay' does. Returns an exit code. */
int cli_relay_to(const char *sock, const char *first);

/* Sends the 'n' lines 'lines' on a connection of their own to the server's socket 'sock', and
 * reads up to the answer to the last ('ok VERB ...' or 'error VERB ...', or an 'error - ...'
 * that ends the connection) into 'ans', as text that may be shown; each other line the server
 * sends meanwhile goes to 'each' (NULL: none), and its pings are answered. Waits 10 s at most.
 * Returns 0, or -1 (said why on standard error) (host.c). */
int cli_server_ask(const char *sock, const char *const *lines, int n,
                   void (*each)(void *ud, const char *line), void *ud, char *ans, size_t size);

struct NetAddr;
/* Plays on the server at 'addr' as 'camelot online' does: the full screen on a terminal
 * (unless 'text'), else one command a line; 'where' names the server to the player; with
 * 'no_files' (a public server's session for a key, on its host) the screen writes no file.
 * Returns an exit code (online.c). */
int cli_online_at(CliCtx *ctx, const struct NetAddr *addr, int text, const char *where,
                  int no_files);

/* What 'camelot puzzle --generate' was asked for (puzzlegen.c). */
typedef struct CliPuzzleGen {
    const CmVariant *v;
    const char *out; /* the puzzle file, added to when it exists */
    long games;      /* games of self-play */
    long depth;      /* the depth of the check */
    long level;      /* the level of the engine that plays the games */
    long seed;       /* the games' random openings and the engine's noise */
    long max;        /* stop after this many new puzzles */
} CliPuzzleGen;

/* Generates puzzles from self-play into 'conf->out'; prints the progress on standard error.
 * Returns an exit code. */
int cli_puzzle_generate(CliCtx *ctx, const CliPuzzleGen *conf);

/* The engine protocol (protocol.c) read from file descriptor 'in', answered on standard
 * output, until 'quit' or the end of the input. 'caps' (NULL: none) bounds what the input may
 * ask for, for tests that feed it anything: every search's nodes, the table's size and the
 * threads. */
typedef struct CliServeCaps {
    uint64_t nodes; /* 0: no cap */
    long hash_mb;   /* 0: no cap */
    int threads;    /* 0: no cap */
} CliServeCaps;
int cli_engine_serve(CliCtx *ctx, int in, const CliServeCaps *caps);

/* How the full screen looks (screen.c): from the command's flags, the settings file 'conf'
 * (NULL: none) and the environment (NO_COLOR, the locale's character set). */
typedef struct CliScreenFlags {
    int ascii;        /* --ascii */
    int no_highlight; /* --no-highlight */
    int no_mouse;     /* --no-mouse, or a screen with no use for the mouse */
    int flip;         /* --flip */
    int may_flip;     /* the settings file's 'flip' counts (a screen that turns itself does not) */
} CliScreenFlags;
struct UiOptions;
void cli_screen_options(const CliScreenFlags *f, const SessionConfig *conf, struct UiOptions *opt);

/* The engine's review (review.c) of a game just played, on the screen in the game's way 'opt'
 * ('name' in its title), one second a position; the player may quit it at any time, or go on
 * to practise the mistakes of the seats 'seats' (a bit per seat: the player's own). The marks
 * of the plies reviewed go to the game's screen 'back' (may be NULL); when that is the screen
 * of a game on a server, its connection stays up throughout. Returns an exit code. */
struct Ui;

/* The engine's review (review.c) of a game just played in plain text, on 'out': a line a ply,
 * one second a position, then each seat's marks; with 'practise', then the practice of the
 * mistakes of 'seats' (cli_text_practice) on 'in' and 'out'. Returns an exit code. */
int cli_text_review_played(const CmGame *game, unsigned seats, int practise, FILE *in, FILE *out);

/* The seats of 's' that people play here (its player's on a server), a bit per seat; every seat
 * when none is. */
unsigned cli_own_seats(const Session *s);

int cli_review_played(const CmGame *game, unsigned seats, const char *name,
                      const struct UiOptions *opt, struct Ui *back);

/* 'camelot online' on a terminal (online_screen.c): the lobby and the games of the server at
 * the other end of 'r', a connection made and greeted, on the full screen; 'where' names the
 * server for the title; 'no_files' as for 'cli_online_at'. Returns an exit code; the
 * connection stays the caller's. */
struct Remote;
int cli_online_screen(CliCtx *ctx, struct Remote *r, const char *where, int no_files);

/* The text game (textplay.c) of the started session 's': people type moves and commands,
 * read from 'in', and the engine plays the seats the session gives it, each move told on
 * 'out' in words; the board is shown after each move unless 'quiet'. 'note' (may be NULL) is
 * said first. Returns an exit code. */
int cli_text_play(Session *s, const char *note, int quiet, FILE *in, FILE *out);

/* The text game of 'v' with every seat a person's and no engine. Returns an exit code. */
int cli_text_game(const CmVariant *v, const char *variant_ref, FILE *in, FILE *out);

/* The lessons of 'c' in plain text (textlearn.c), from lesson 'at', read from 'in' and told on
 * 'out' a line at a time, the board before each lesson unless 'quiet'; a lesson met is marked
 * done in the course's progress file and the next one follows. Returns an exit code. */
int cli_text_lessons(Course *c, int at, int quiet, FILE *in, FILE *out);

/* What the puzzles in plain text are given. */
typedef struct CliTextPuzzles {
    Catalog *catalog;
    PuzzleBook *book;
    PuzzleScore *score; /* counted in 'data_dir' ("" or NULL: counted here only) */
    const char *data_dir;
    const CmVariant *only; /* this variant's puzzles alone; NULL: every one */
    int at;                /* the first puzzle, an index of 'book->order' */
    int quiet;             /* no board before each move to find */
    const char *note;      /* said first; may be NULL */
} CliTextPuzzles;

/* The puzzles in plain text (textlearn.c): each one solved or missed is counted in the score
 * and the next one follows, until the input ends or 'quit'. Returns an exit code. */
int cli_text_puzzles(const CliTextPuzzles *conf, FILE *in, FILE *out);

/* What learning from one's mistakes in plain text is given: the reviewed game, the seats whose
 * mistakes are practised, and the engine and limits that judge the moves tried. */
typedef struct CliTextPractice {
    const CmGame *game;
    const AnalysisPly *plies;
    int n; /* plies reviewed */
    unsigned seats;
    CmEngine *engine;
    const CmLimits *lim;
    int quiet; /* no board before each move to find */
} CliTextPractice;

/* Practice in plain text (textlearn.c): each mistake and blunder of the seats, one at a time,
 * until they are behind, the input ends or 'quit'; then how many were solved. Returns an exit
 * code. */
int cli_text_practice(const CliTextPractice *conf, FILE *in, FILE *out);

#endif
