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

#define CLI_MAX_OPTS 16  /* options of one command */
#define CLI_MAX_REPEAT 8 /* values of one repeated option */

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

/* Reads the game record at 'path' ('-': standard input) and replays it in variant 'want'
 * (a name or file; NULL: the record's Variant tag). On success fills 'rec' and 'game' (free
 * both) and returns CLI_EXIT_OK; otherwise prints the error and returns the exit code (check.c). */
int cli_record_load(CliCtx *ctx, const char *path, const char *want, CmRecord *rec, CmGame *game);

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

/* ---- Perft (perft.c) --------------------------------------------------------------------- */

/* The number of effect-distinct move sequences of 'depth' plies from 'pos' (settled first).
 * With 'divide', one 'EFFECT<TAB>COUNT' line per root move on 'out'. Sets '*overflow' when
 * some move list overflowed. Returns -1 when memory ran out. */
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

/* The engine's review (review.c) of a game just played, on the screen in the game's way 'opt'
 * ('name' in its title), one second a position; the player may quit it at any time. Returns
 * an exit code. */
struct UiOptions;
int cli_review_played(const CmGame *game, const char *name, const struct UiOptions *opt);

/* The text game (textplay.c) of the started session 's': people type moves and commands,
 * read from 'in', and the engine plays the seats the session gives it, each move told on
 * 'out'. 'note' (may be NULL) is said first. Returns an exit code. */
int cli_text_play(Session *s, const char *note, FILE *in, FILE *out);

/* The text game of 'v' with every seat a person's and no engine. Returns an exit code. */
int cli_text_game(const CmVariant *v, const char *variant_ref, FILE *in, FILE *out);

#endif
