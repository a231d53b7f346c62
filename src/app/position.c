/* The commands about one position: 'moves' (the legal moves), 'perft' (move sequences to a
 * depth), 'status' (whether the game is over) and 'show' (the board).
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "cli.h"
#include "session/clock.h"
#include "session/text.h"

#define PATHS_PER_MOVE 10000 /* paths 'moves --paths' lists for one move, at most */

/* The options of the commands here: a variant, a position, and a switch of each command. */
enum { OPT_VARIANT, OPT_POSITION, OPT_SWITCH };

const char cli_moves_usage[] = "moves [--variant V] [--position FILE|-] [--paths]";
const char cli_moves_help[] =
    "Prints one line per legal move, sorted bytewise: the effect (FROM>TO, then x\n"
    "and the captured squares), a tab, and the canonical path in WCF notation. A\n"
    "seat that must be skipped is skipped first; when the game is over nothing is\n"
    "listed and the result goes to standard error.\n\n" CLI_VARIANT_HELP CLI_POSITION_HELP
    "  --paths          every way of writing each move, one line per path (at most\n"
    "                   10000 per move)\n";

const char cli_perft_usage[] = "perft DEPTH [--variant V] [--position FILE] [--divide]";
const char cli_perft_help[] =
    "Counts the effect-distinct move sequences of DEPTH plies (docs/rules.md 2.10).\n"
    "A position where the game is over has no moves; a seat with no move is skipped\n"
    "where the rules say so. The last line is 'total N'; the time taken goes to\n"
    "standard error.\n\n" CLI_VARIANT_HELP CLI_POSITION_HELP
    "  --divide         first one line per root move: EFFECT, a tab, its count\n";

const char cli_status_usage[] = "status [--variant V] [--position FILE]";
const char cli_status_help[] = "Prints 'ongoing', 'W wins (castle)', 'R+B wins (elimination)' or\n"
                               "'draw (material)' for the position, judged without history\n"
                               "(docs/rules.md 2.11.5).\n\n" CLI_VARIANT_HELP CLI_POSITION_HELP;

const char cli_show_usage[] = "show [--variant V] [--position FILE]";
const char cli_show_help[] =
    "Prints the board as in docs/rules.md 5.1: '.' an empty square, '#' an empty\n"
    "castle square; K/M White knight/man and k/m Black in two-player games; in\n"
    "four-player games the seat letter, upper case for a knight and lower case for a\n"
    "man (R r, G g, B b, Y y). Then the seat to move and the castle moves "
    "used.\n\n" CLI_VARIANT_HELP CLI_POSITION_HELP;

/* Reads the options of a command here ('sw' names its switch, or NULL) and loads its
 * position. Returns -1 to go on, or an exit code. */
static int position_args(CliCtx *ctx, const char *usage, const char *help, const char *sw,
                         int nargs, int argc, char **argv, CliArgs *a, CmPosition *pos)
{
    const CliOpt opts[] = {{"--variant", 1, 0}, {"--position", 1, 0}, {sw ? sw : "", 0, 0}};
    int rc = cli_args_parse(usage, help, opts, sw ? 3 : 2, argc, argv, a);
    if (rc >= 0)
        return rc;
    if (a->nargs < nargs)
        return cli_usage_error(usage, "'%.*s' needs more arguments", (int)strcspn(usage, " "),
                               usage);
    if (a->nargs > nargs)
        return cli_usage_error(usage, "unexpected argument '%s'", a->args[nargs]);
    if (nargs > 0)
        return -1; /* the caller checks its arguments before the position is loaded */
    rc = cli_load_position(ctx, a->value[OPT_VARIANT], a->value[OPT_POSITION], pos);
    return rc == CLI_EXIT_OK ? -1 : rc;
}

/* Settles 'pos'; when the game is over there, says so on standard error and returns 1. */
static int settle_or_over(CmPosition *pos)
{
    CmOutcome o;
    char text[TEXT_OUTCOME_MAX];
    cm_rules_settle(pos, &o);
    if (!o.over)
        return 0;
    text_outcome(pos->v, &o, text, sizeof text);
    fprintf(stderr, "game over: %s\n", text);
    return 1;
}

/* ---- moves ------------------------------------------------------------------------------- */

typedef struct PathCollect {
    char **text;
    int n;
    int failed;
} PathCollect;

static int collect_path(void *ud, const CmPath *path, const CmMove *effect)
{
    PathCollect *pc = ud;
    char buf[CM_MOVE_TEXT_MAX];

    (void)effect;
    cm_path_str(path, buf, sizeof buf);
    if (pc->n == PATHS_PER_MOVE) {
        pc->n++; /* one more than we keep: the list was cut */
        return 1;
    }
    pc->text[pc->n] = strdup(buf);
    if (pc->text[pc->n] == NULL) {
        pc->failed = 1;
        return 1;
    }
    pc->n++;
    return 0;
}

static int by_string(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Prints every path of move 'mt', sorted. Returns 0, or -1 when out of memory. */
static int print_paths(const CmPosition *pos, const CliMoveText *mt, PathCollect *pc)
{
    pc->n = 0;
    cm_movegen_paths(pos, &mt->move, PATHS_PER_MOVE + 1, collect_path, pc);
    int kept = pc->n > PATHS_PER_MOVE && !pc->failed ? PATHS_PER_MOVE : pc->n;
    qsort(pc->text, (size_t)kept, sizeof *pc->text, by_string);
    for (int k = 0; k < kept; k++) {
        printf("%s\t%s\n", mt->effect, pc->text[k]);
        free(pc->text[k]);
    }
    if (pc->failed)
        return -1;
    if (pc->n > PATHS_PER_MOVE)
        fprintf(stderr, "camelot: %s has more than %d paths; only %d listed\n", mt->effect,
                PATHS_PER_MOVE, PATHS_PER_MOVE);
    return 0;
}

int cli_moves(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    CmPosition pos;
    CliMoveText *mt = NULL;
    PathCollect pc = {NULL, 0, 0};
    int n = 0;
    int rc =
        position_args(ctx, cli_moves_usage, cli_moves_help, "--paths", 0, argc, argv, &a, &pos);

    if (rc >= 0)
        goto out;
    rc = CLI_EXIT_OK;
    if (settle_or_over(&pos))
        goto out;
    n = cli_movetext(&pos, &mt);
    if (n < 0) {
        rc = cli_movetext_error(n);
        goto out;
    }
    if (a.value[OPT_SWITCH] != NULL &&
        (pc.text = malloc((PATHS_PER_MOVE + 1) * sizeof *pc.text)) == NULL) {
        rc = cli_out_of_memory();
        goto out;
    }
    for (int i = 0; i < n; i++) {
        if (pc.text == NULL)
            printf("%s\t%s\n", mt[i].effect, mt[i].path);
        else if (print_paths(&pos, &mt[i], &pc) != 0) {
            rc = cli_out_of_memory();
            goto out;
        }
    }
out:
    free(pc.text);
    cli_movetext_free(mt, n);
    cli_args_free(&a);
    return rc;
}

/* ---- perft ------------------------------------------------------------------------------- */

int cli_perft(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    CmPosition pos;
    uint64_t total;
    int overflow;
    long depth;
    int rc =
        position_args(ctx, cli_perft_usage, cli_perft_help, "--divide", 1, argc, argv, &a, &pos);

    if (rc >= 0)
        goto out;
    rc = cli_int_arg(&a, "depth", "a number from 0 to 64", a.args[0], 0, 64, &depth);
    if (rc >= 0)
        goto out;
    rc = cli_load_position(ctx, a.value[OPT_VARIANT], a.value[OPT_POSITION], &pos);
    if (rc != CLI_EXIT_OK)
        goto out;

    uint64_t t0 = clock_us();
    int divide = a.value[OPT_SWITCH] != NULL;
    if (cli_perft_count(&pos, (int)depth, divide, stdout, &total, &overflow) != 0) {
        rc = cli_out_of_memory();
        goto out;
    }
    double t = (double)(clock_us() - t0) / 1e6;
    if (overflow) {
        fprintf(stderr, "camelot: a position had more than %d moves; the count is wrong\n",
                CM_MAX_MOVES);
        rc = CLI_EXIT_INPUT;
        goto out;
    }
    printf("total %llu\n", (unsigned long long)total);
    fprintf(stderr, "time %.2f s, %.1f Mleaves/s\n", t, t > 0 ? (double)total / t / 1e6 : 0.0);
out:
    cli_args_free(&a);
    return rc;
}

/* ---- status and show --------------------------------------------------------------------- */

int cli_status(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    CmPosition pos;
    CmOutcome o;
    char text[TEXT_OUTCOME_MAX];
    int rc = position_args(ctx, cli_status_usage, cli_status_help, NULL, 0, argc, argv, &a, &pos);

    if (rc < 0) {
        cm_rules_settle(&pos, &o);
        text_outcome(pos.v, &o, text, sizeof text);
        printf("%s\n", text);
        rc = CLI_EXIT_OK;
    }
    cli_args_free(&a);
    return rc;
}

int cli_show(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    CmPosition pos;
    int rc = position_args(ctx, cli_show_usage, cli_show_help, NULL, 0, argc, argv, &a, &pos);

    if (rc < 0) {
        cli_board_print(stdout, &pos);
        rc = CLI_EXIT_OK;
    }
    cli_args_free(&a);
    return rc;
}
