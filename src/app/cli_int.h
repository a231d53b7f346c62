/* Shared pieces of the 'camelot' program: loading files and variants, printing boards and
 * errors, and the commands that live in their own files (perft, text play).
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_CLI_INT_H
#define CAMELOT_CLI_INT_H

#include <stdint.h>
#include <stdio.h>

#include "camelot/error.h"
#include "camelot/rules.h"

/* Exit codes. */
enum { CLI_EXIT_OK = 0, CLI_EXIT_INPUT = 1, CLI_EXIT_USAGE = 2 };

#define CLI_DEFAULT_VARIANT "camelot"
#define CLI_MAX_VARIANTS 32

/* What the program has loaded; variants stay alive until 'cli_ctx_free'. */
typedef struct CliCtx {
    int nvariants;
    char *vpath[CLI_MAX_VARIANTS]; /* the file each variant was read from */
    CmVariant *variant[CLI_MAX_VARIANTS];
} CliCtx;

void cli_ctx_free(CliCtx *ctx);

/* The whole program, given main's arguments; returns the exit code. */
int cli_main(int argc, char **argv);

/* Reads a whole file ("-" = standard input) into a new NUL-terminated buffer, refusing files
 * larger than 'max' bytes before reading them in full. On failure fills 'err' (its source is
 * set to 'path') and leaves '*text_out' NULL. */
CmStatus cli_read_file(const char *path, size_t max, char **text_out, size_t *len_out,
                       CmError *err);

/* The variant named by 'ref': a name looked up as NAME.yaml in $CAMELOT_VARIANT_DIR, the source
 * tree and the install directory, or a path (it contains '/' or ends in ".yaml"; a relative
 * path is taken from 'basedir' when that is not NULL). Loaded once and kept in 'ctx'. On failure
 * returns NULL and fills 'err' (with the variant file's location when the file is bad). */
const CmVariant *cli_variant_get(CliCtx *ctx, const char *ref, const char *basedir, CmError *err);

/* Loads the position for a command: the start position of 'variant_ref' (NULL: the default
 * variant) or, with 'posfile', that position document. Settles nothing. Prints any error and
 * returns an exit code. */
int cli_load_position(CliCtx *ctx, const char *variant_ref, const char *posfile, CmPosition *pos);

/* Prints 'err' as 'source:line:col: message' on stderr ("camelot: message" when it has no
 * source), then, when 'text' holds the source, the line in question and a caret. */
void cli_report(const CmError *err, const char *text, size_t len);

/* The directory part of 'path' in 'buf' ("." when it has none). */
char *cli_dirname(const char *path, char *buf, size_t size);

/* "W wins (castle)", "R+B wins (elimination)", "draw (material)" or "ongoing". */
void cli_outcome_text(const CmVariant *v, const CmOutcome *o, char *buf, size_t size);

/* Prints the board as in RULES.md 5.1, then who is to move and the castle moves used. */
void cli_board_print(FILE *f, const CmPosition *pos);

/* The legal moves of 'pos' with their effect text and canonical path, sorted bytewise by
 * effect. Returns the count, or -1 when the list overflowed or memory ran out. The caller frees
 * '*out' with 'cli_movetext_free'. */
typedef struct CliMoveText {
    CmMove move;
    char effect[CM_MAX_PATH * 4];
    char path[CM_MAX_PATH * 4];
} CliMoveText;
int cli_movetext(const CmPosition *pos, CliMoveText **out);

/* The obligation of the seat to move as a sentence, or "" when there is none. */
void cli_obligation_text(const CmPosition *pos, char *buf, size_t size);

/* Perft: the number of effect-distinct move sequences of 'depth' plies from 'pos' (settled
 * first). With 'divide', one 'EFFECT<TAB>COUNT' line per root move on 'out'. Sets '*overflow'
 * when some move list overflowed. Returns -1 when memory ran out. */
int cli_perft(const CmPosition *pos, int depth, int divide, FILE *out, uint64_t *total_out,
              int *overflow);

/* The engine commands (cli_engine.c), given the arguments after the command name; their
 * usage lines and help texts, for the command table. Each returns an exit code. */
int cli_analyze(CliCtx *ctx, int argc, char **argv);
int cli_bench(CliCtx *ctx, int argc, char **argv);
int cli_match(CliCtx *ctx, int argc, char **argv);
extern const char cli_analyze_usage[], cli_analyze_help[];
extern const char cli_bench_usage[], cli_bench_help[];
extern const char cli_match_usage[], cli_match_help[];

/* The text game for people at one terminal, reading moves and commands from 'in'. Returns an
 * exit code. */
int cli_play(const CmVariant *v, const char *variant_ref, FILE *in, FILE *out);

/* The 'play' command (game_main.c), given the arguments after the command name: the
 * full-screen game on a terminal, else 'cli_play'. Its usage line and help text. */
int game_main(CliCtx *ctx, int argc, char **argv);
extern const char game_play_usage[], game_play_help[];

#endif
