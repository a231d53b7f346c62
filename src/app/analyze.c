/* The 'analyze' command: the full-strength engine on one position, one line per completed
 * depth, then the best move.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "camelot/engine.h"
#include "camelot/notation.h"
#include "cli.h"
#include "session/clock.h"
#include "session/text.h"

#define ANALYZE_DEFAULT_MS 5000 /* thinking time when neither a depth nor a time is given */
#define PV_TEXT_MAX 8192

const char cli_analyze_usage[] = "analyze [--variant V] [--position FILE] [--depth N | --time S]\n"
                                 "                       [--tt MB] [--threads N]";
const char cli_analyze_help[] =
    "Searches the position with the full-strength engine and prints one line per\n"
    "completed depth: the depth, the deepest ply reached, the score for the side to\n"
    "move (about 1 per man, as +1.25; 'win in N' or 'loss in N' when the end is N\n"
    "plies away), nodes, nodes per second, time and the principal variation in WCF\n"
    "notation (each move preceded by its seat's letter in games of more than two\n"
    "seats). Then 'bestmove PATH'.\n\n"
    "  --variant V      a variant name or file; default: camelot\n"
    "  --position FILE  a position document; default: the variant's start position\n"
    "  --depth N        search N plies (1 to 64)\n"
    "  --time S         search S seconds (default 5 when no depth is given)\n"
    "  --tt MB          transposition table size in MiB (default 16)\n"
    "  --threads N      search with N threads sharing the table (1 to 64, default 1)\n";

enum { OPT_VARIANT, OPT_POSITION, OPT_DEPTH, OPT_TIME, OPT_TT, OPT_THREADS, OPT_COUNT };

static const CliOpt analyze_opts[OPT_COUNT] = {
    [OPT_VARIANT] = {"--variant", 1, 0}, [OPT_POSITION] = {"--position", 1, 0},
    [OPT_DEPTH] = {"--depth", 1, 0},     [OPT_TIME] = {"--time", 1, 0},
    [OPT_TT] = {"--tt", 1, 0},           [OPT_THREADS] = {"--threads", 1, 0},
};

static void analysis_line(void *ud, const CmSearchInfo *info)
{
    const CmPosition *root = ud;
    char score[32], pv[PV_TEXT_MAX];
    double t = (double)info->time_ms / 1000.0;
    text_score(info->score, score, sizeof score);
    text_pv(root, info->pv, info->npv, pv, sizeof pv);
    printf("depth %d seldepth %d score %s nodes %llu nps %.0f time %.3f pv %s\n", info->depth,
           info->seldepth, score, (unsigned long long)info->nodes,
           t > 0 ? (double)info->nodes / t : 0.0, t, pv);
    fflush(stdout);
}

/* Reads the limits of the search from the options. Returns -1, or an exit code. */
static int read_limits(const CliArgs *a, CmLimits *lim, long *tt, long *threads)
{
    long depth = 0;
    int64_t ms = 0;
    int rc;

    cm_limits_init(lim);
    *tt = CLI_DEFAULT_TT_MB;
    *threads = 1;
    if (a->nargs > 0)
        return cli_usage_error(a->usage, "unexpected argument '%s'", a->args[0]);
    if (a->value[OPT_DEPTH] && (rc = cli_int_arg(a, "depth", "1 to 64", a->value[OPT_DEPTH], 1,
                                                 CM_ENGINE_MAX_DEPTH, &depth)) >= 0)
        return rc;
    if (a->value[OPT_TIME] && (rc = cli_seconds_arg(a, a->value[OPT_TIME], &ms)) >= 0)
        return rc;
    if (a->value[OPT_TT] &&
        (rc = cli_int_arg(a, "table size", "1 to 65536 MiB", a->value[OPT_TT], 1, 65536, tt)) >= 0)
        return rc;
    if (a->value[OPT_THREADS] &&
        (rc = cli_int_arg(a, "thread count", "1 to 64", a->value[OPT_THREADS], 1,
                          CM_ENGINE_MAX_THREADS, threads)) >= 0)
        return rc;
    if (depth > 0 && ms > 0)
        return cli_usage_error(a->usage, "give --depth or --time, not both");
    if (depth == 0 && ms == 0)
        ms = ANALYZE_DEFAULT_MS;
    lim->depth = (int)depth;
    lim->time_ms = (uint64_t)ms;
    lim->use_all_time = 1;
    lim->now_ms = clock_ms_cb;
    return -1;
}

int cli_analyze(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    CmLimits lim;
    CmPosition pos, settled;
    CmOutcome o;
    CmEngine *e = NULL;
    CmSearchResult res;
    long tt, threads;
    int rc = cli_args_parse(cli_analyze_usage, cli_analyze_help, analyze_opts, OPT_COUNT, argc,
                            argv, &a);

    if (rc < 0)
        rc = read_limits(&a, &lim, &tt, &threads);
    if (rc < 0)
        rc = cli_load_position(ctx, a.value[OPT_VARIANT], a.value[OPT_POSITION], &pos);
    else
        goto out;
    if (rc != CLI_EXIT_OK)
        goto out;
    settled = pos;
    cm_rules_settle(&settled, &o);
    if (o.over) {
        char text[TEXT_OUTCOME_MAX];
        text_outcome(pos.v, &o, text, sizeof text);
        fprintf(stderr, "game over: %s\n", text);
        goto out;
    }
    if (cm_engine_new(pos.v, (size_t)tt << 20, &e) != CM_OK ||
        cm_engine_set_threads(e, (int)threads) != CM_OK) {
        cm_engine_free(e);
        rc = cli_out_of_memory();
        goto out;
    }
    cm_engine_search(e, &pos, NULL, 0, &lim, analysis_line, &settled, &res);
    char path[CM_MOVE_TEXT_MAX];
    cm_move_str(&settled, &res.move, path, sizeof path);
    printf("bestmove %s\n", path);
    cm_engine_free(e);
out:
    cli_args_free(&a);
    return rc;
}
