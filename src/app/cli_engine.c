/* The engine commands: 'analyze' (search a position, one line per depth), 'bench' (a fixed
 * node-count signature and the speed) and 'match' (engine against engine, with Elo).
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "camelot/engine.h"
#include "camelot/notation.h"
#include "camelot/posdoc.h"
#include "camelot/record.h"
#include "cli_int.h"

#define DEFAULT_TT_MB 16

const char cli_analyze_usage[] =
    "analyze [--variant V] [--position FILE] [--depth N | --time S] [--tt MB]";
const char cli_analyze_help[] =
    "Searches the position with the full-strength engine and prints one line per completed\n"
    "depth: the depth, the deepest ply reached, the score for the side to move (about 100\n"
    "per man; 'win N' or 'loss N' when the end is N plies away), nodes, nodes per second,\n"
    "time and the principal variation in WCF notation. Then 'bestmove PATH'.\n\n"
    "  --variant V      a variant name or file; default: camelot\n"
    "  --position FILE  a position document; default: the variant's start position\n"
    "  --depth N        search N plies (1 to 64)\n"
    "  --time S         search S seconds (default 5 when no depth is given)\n"
    "  --tt MB          transposition table size in MiB (default 16)\n";

const char cli_bench_usage[] = "bench [--depth-add N]";
const char cli_bench_help[] =
    "Searches a fixed set of positions (every variant, opening to endgame) to fixed depths\n"
    "with a fresh 16 MiB table each, one line per position, then 'nodes N' (a signature\n"
    "that changes only when the search or evaluation does) and 'nps N', nodes per second\n"
    "of the thread's CPU time: the speed of one core, even on a busy machine.\n\n"
    "  --depth-add N    search every position N plies deeper (or shallower, N < 0)\n";

const char cli_match_usage[] = "match --a SPEC --b SPEC [--variant V] [--games N] "
                               "[--time S | --depth D] [--seed K] [--records FILE]";
const char cli_match_help[] =
    "Plays engine against engine and reports wins, draws and losses of A, its score and\n"
    "the Elo difference with a 95% interval. Colours (or, in four-player games, teams or\n"
    "seat pairs) alternate; each pair of games starts with the same random opening plies.\n"
    "A game still going after the move cap is a draw. In the individual four-player game a\n"
    "player whose seats alone have pieces left wins, and at the move cap the player with\n"
    "more pieces does.\n\n"
    "  --a SPEC, --b SPEC  a player: 'level=N' (1-10), 'random', or 'greedy' (the move that\n"
    "                   captures most, else a random one); engine options may follow,\n"
    "                   comma-separated: null=1, futility=1, hashfirst=1, lmr=0,\n"
    "                   multi=brs|paranoid, depth=N, time=S (this player only)\n"
    "  --variant V      default: camelot\n"
    "  --games N        default 2\n"
    "  --time S         seconds per move (default 0.1)\n"
    "  --depth D        plies per move instead of a time\n"
    "  --seed K         seeds the openings and the players' noise (default 1)\n"
    "  --openings K     random plies at the start of each pair of games (default 4); a ply\n"
    "                   that ends the game or leaves a capture to the next player is\n"
    "                   avoided when another exists\n"
    "  --max-plies P    the move cap (default 200 per seat: 400 plies for two players)\n"
    "  --records FILE   write every game as a record to FILE; with '%d' in FILE, one file\n"
    "                   per game numbered from 1\n"
    "  --tt MB          table size per engine in MiB (default 16)\n"
    "  --quiet          no line per game\n";

/* ---- Shared helpers ---------------------------------------------------------------------- */

static uint64_t clock_ms(void *ud)
{
    struct timespec ts;
    (void)ud;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* Seconds of CPU time used by this thread: the speed on one core, whatever else runs. */
static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int engine_usage(const char *usage, const char *fmt, const char *what)
{
    fputs("camelot: ", stderr);
    fprintf(stderr, fmt, what);
    fprintf(stderr, "\nusage: camelot %s\n", usage);
    return CLI_EXIT_USAGE;
}

/* Option reading: '--name value' or '--name=value'. Returns the value or NULL; '*i' moves
 * past what was used. Sets '*missing' when the option has no value. */
static const char *opt_value(int argc, char **argv, int *i, const char *name, int *missing)
{
    size_t n = strlen(name);
    const char *arg = argv[*i];
    if (strncmp(arg, name, n) != 0 || (arg[n] != '\0' && arg[n] != '='))
        return NULL;
    if (arg[n] == '=') {
        if (arg[n + 1] == '\0')
            *missing = 1;
        return arg + n + 1;
    }
    if (*i + 1 >= argc || argv[*i + 1][0] == '\0') {
        *missing = 1;
        return arg;
    }
    return argv[++*i];
}

static int parse_long(const char *s, long lo, long hi, long *out)
{
    char *end = NULL;
    long v = strtol(s, &end, 10);
    if (s[0] == '\0' || *end != '\0' || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

static int parse_seconds(const char *s, double *out)
{
    char *end = NULL;
    double v = strtod(s, &end);
    if (s[0] == '\0' || *end != '\0' || !(v > 0) || v > 1e6)
        return 0;
    *out = v;
    return 1;
}

/* A score as text: "+35", "-120", "win 7", "loss 4". */
static void score_text(int s, char *buf, size_t size)
{
    if (s > CM_SCORE_WIN - 1000)
        snprintf(buf, size, "win %d", CM_SCORE_WIN - s);
    else if (s < -(CM_SCORE_WIN - 1000))
        snprintf(buf, size, "loss %d", CM_SCORE_WIN + s);
    else
        snprintf(buf, size, "%+d", s);
}

/* Writes the moves of 'pv' from 'root' in WCF notation, each written for the seat whose
 * piece it moves (skipped seats, or one opponent answering for all under Best-Reply
 * Search); stops at a move that is not legal there, which cannot happen unless a table
 * collision misled the search. */
static void pv_text(const CmPosition *root, const CmMove *pv, int n, char *buf, size_t size)
{
    CmMoveList *list = malloc(sizeof *list);
    CmPosition pos = *root;
    CmOutcome o;
    size_t len = 0;

    buf[0] = '\0';
    if (list == NULL)
        return;
    cm_rules_settle(&pos, &o);
    for (int i = 0; i < n && len + 1 < size; i++) {
        uint8_t cell = pos.board[pv[i].from];
        if (cell == CM_EMPTY)
            break;
        if (CM_CELL_SEAT(cell) != pos.to_move)
            cm_pos_set_turn(&pos, CM_CELL_SEAT(cell));
        cm_movegen_all(&pos, list);
        if (cm_movelist_find(list, &pv[i]) < 0)
            break;
        char mv[CM_MAX_PATH * 4];
        cm_move_str(&pos, &pv[i], mv, sizeof mv);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", mv);
        CmUndo undo;
        int mover = pos.to_move;
        cm_pos_apply(&pos, &pv[i], &undo);
        if (cm_rules_after_move(&pos, mover, &o))
            break;
        if (len >= size)
            break;
    }
    free(list);
}

/* ---- analyze ----------------------------------------------------------------------------- */

typedef struct Analysis {
    const CmPosition *root;
} Analysis;

static void analysis_line(void *ud, const CmSearchInfo *info)
{
    const Analysis *an = ud;
    char score[32], pv[8192];
    double t = (double)info->time_ms / 1000.0;
    score_text(info->score, score, sizeof score);
    pv_text(an->root, info->pv, info->npv, pv, sizeof pv);
    printf("depth %d seldepth %d score %s nodes %llu nps %.0f time %.3f pv %s\n", info->depth,
           info->seldepth, score, (unsigned long long)info->nodes,
           t > 0 ? (double)info->nodes / t : 0.0, t, pv);
    fflush(stdout);
}

int cli_analyze(CliCtx *ctx, int argc, char **argv)
{
    const char *variant = NULL, *posfile = NULL;
    long depth = 0, tt = DEFAULT_TT_MB;
    double seconds = 0;
    CmPosition pos;
    CmEngine *e = NULL;

    for (int i = 0; i < argc; i++) {
        int missing = 0;
        const char *val;
        if ((val = opt_value(argc, argv, &i, "--variant", &missing)) != NULL) {
            variant = val;
        } else if ((val = opt_value(argc, argv, &i, "--position", &missing)) != NULL) {
            posfile = val;
        } else if ((val = opt_value(argc, argv, &i, "--depth", &missing)) != NULL) {
            if (!missing && !parse_long(val, 1, CM_ENGINE_MAX_DEPTH, &depth))
                return engine_usage(cli_analyze_usage, "bad depth '%s' (1 to 64)", val);
        } else if ((val = opt_value(argc, argv, &i, "--time", &missing)) != NULL) {
            if (!missing && !parse_seconds(val, &seconds))
                return engine_usage(cli_analyze_usage, "bad time '%s' (seconds > 0)", val);
        } else if ((val = opt_value(argc, argv, &i, "--tt", &missing)) != NULL) {
            if (!missing && !parse_long(val, 1, 65536, &tt))
                return engine_usage(cli_analyze_usage, "bad table size '%s' (1 to 65536 MiB)", val);
        } else {
            return engine_usage(
                cli_analyze_usage,
                argv[i][0] == '-' ? "unknown option '%s'" : "unexpected argument '%s'", argv[i]);
        }
        if (missing)
            return engine_usage(cli_analyze_usage, "option '%s' needs a value", argv[i]);
    }
    if (depth > 0 && seconds > 0)
        return engine_usage(cli_analyze_usage, "%s", "give --depth or --time, not both");
    if (depth == 0 && seconds == 0)
        seconds = 5;

    int rc = cli_load_position(ctx, variant, posfile, &pos);
    if (rc != CLI_EXIT_OK)
        return rc;
    CmPosition settled = pos;
    CmOutcome o;
    cm_rules_settle(&settled, &o);
    if (o.over) {
        char text[128];
        cli_outcome_text(pos.v, &o, text, sizeof text);
        fprintf(stderr, "game over: %s\n", text);
        return CLI_EXIT_OK;
    }
    if (cm_engine_new(pos.v, (size_t)tt << 20, &e) != CM_OK) {
        fputs("camelot: out of memory\n", stderr);
        return CLI_EXIT_INPUT;
    }
    CmLimits lim;
    cm_limits_init(&lim);
    lim.depth = (int)depth;
    lim.time_ms = (uint64_t)(seconds * 1000.0 + 0.5);
    lim.use_all_time = 1;
    lim.now_ms = clock_ms;
    Analysis an = {&settled};
    CmSearchResult res;
    cm_engine_search(e, &pos, NULL, 0, &lim, analysis_line, &an, &res);
    char path[CM_MAX_PATH * 4];
    cm_move_str(&settled, &res.move, path, sizeof path);
    printf("bestmove %s\n", path);
    cm_engine_free(e);
    return CLI_EXIT_OK;
}

/* ---- bench ------------------------------------------------------------------------------- */

/* Fixed positions: a variant, a depth, and a position document ("" for the start). */
typedef struct BenchPos {
    const char *variant;
    int depth;
    const char *doc;
} BenchPos;

static const BenchPos bench_positions[] = {
    {"camelot", 10, ""},
    {"camelot", 10,
     "variant: camelot\n"
     "to_move: B\n"
     "pieces: {D4: WM, F5: WM, F6: WK, G6: WM, H6: WM, K6: WM, D7: WK, E7: WM, H7: WM,\n"
     "  G9: BM, H9: BM, E10: BM, G10: BM, H10: BM, I10: BK, D11: BM, G11: BM, H11: BM,\n"
     "  I11: BM}\n"},
    {"camelot", 10,
     "variant: camelot\n"
     "to_move: B\n"
     "pieces: {C3: WM, G6: WK, K6: WM, H7: WM, I8: BM, C9: BM, J9: BK, K9: BM, L9: BM,\n"
     "  H10: BM, I11: BM}\n"
     "quiet_plies: 7\n"},
    {"camelot", 10,
     "variant: camelot\n"
     "to_move: W\n"
     "pieces: {F1: BK, C3: WM, G8: BM, I8: BM, C9: BM, H10: BM, J13: WM}\n"},
    {"cam", 12, ""},
    {"cam", 12,
     "variant: cam\n"
     "to_move: W\n"
     "pieces: {A4: WK, E4: WM, B5: WM, D5: WM, E5: WM, A6: WK, A7: WM, E7: BM, E8: BK,\n"
     "  G8: BK, C9: BM, D9: BM, F9: BM, D11: BM}\n"
     "quiet_plies: 8\n"},
    {"cam", 12,
     "variant: cam\n"
     "to_move: W\n"
     "pieces: {E4: WM, B5: WM, D5: WM, A6: WK, E7: BM, F7: BM, A8: WK, B8: WM, C8: BM,\n"
     "  D8: BM, E8: BK, F8: BK, A9: WM, D11: BM}\n"
     "quiet_plies: 16\n"},
    {"cam", 12,
     "variant: cam\n"
     "to_move: B\n"
     "pieces: {E3: BK, C6: BM, C7: WM, E7: BM, A8: WK, B8: WM, D8: BM, G10: BK,\n"
     "  D11: BM}\n"
     "quiet_plies: 1\n"},
    {"camette", 14, ""},
    {"camette", 14,
     "variant: camette\n"
     "to_move: W\n"
     "pieces: {C2: WK, C3: WM, D3: WM, A4: WM, B5: BM, C5: BM, C6: BK, D6: BM}\n"
     "quiet_plies: 2\n"},
    {"camette", 14,
     "variant: camette\n"
     "to_move: W\n"
     "pieces: {C2: WK, C3: WM, E3: WM, A4: WM, D4: BM, B5: BM, C5: BM, C6: BK}\n"
     "quiet_plies: 4\n"},
    {"camette", 14,
     "variant: camette\n"
     "to_move: W\n"
     "pieces: {C2: WK, E3: WM, A4: WM, B4: BM, C5: BM, E5: WM, C6: BK}\n"
     "quiet_plies: 1\n"},
    {"chivalry", 9, ""},
    {"chivalry", 9,
     "variant: chivalry\n"
     "to_move: B\n"
     "pieces: {C6: WK, D6: WK, E6: WM, G6: WM, I6: WM, C7: WK, D7: WK, E7: WM, F7: WM,\n"
     "  J7: WM, D8: WM, J8: WM, F9: BM, J9: BK, D10: BK, E10: BM, F10: BM, G10: BM,\n"
     "  K10: BK, C11: BK, D11: BK, E11: BM, F11: BM, G11: BM, L11: BK, F12: BM,\n"
     "  K13: WK}\n"
     "quiet_plies: 5\n"},
    {"chivalry", 9,
     "variant: chivalry\n"
     "to_move: B\n"
     "pieces: {J3: BM, D6: WK, L6: BK, C7: WK, E7: WM, F7: WM, G7: WM, D8: WM, I8: WM,\n"
     "  M9: WM, D10: BK, E10: BM, B11: WK, C11: BK, D11: BK, E11: BM, F11: BM,\n"
     "  G11: BM, F12: BM, N12: BK, H16: WK}\n"},
    {"chivalry", 9,
     "variant: chivalry\n"
     "to_move: W\n"
     "pieces: {H1: BM, K4: BK, D7: WM, E7: WM, F7: BM, J8: WM, A9: WK, E9: BM,\n"
     "  F10: BK, M10: WM, A11: BK, F12: BM, N12: BK, H16: WK}\n"
     "quiet_plies: 2\n"},
    {"grand-cam", 10, ""},
    {"grand-cam", 10,
     "variant: grand-cam\n"
     "to_move: B\n"
     "pieces: {F2: RK, F3: RM, G3: RM, H3: RM, H4: RK, I4: BM, D5: BM, K5: GM, K6: YM,\n"
     "  L6: YK, B7: BM, C7: BM, D7: BM, H7: GM, B8: BK, G8: GM, I8: YM, J8: YM,\n"
     "  K8: YM, L8: YK, D9: RM, H9: YM, D10: BK, E10: RM, G10: GM, H10: GK, H11: GM,\n"
     "  H12: GK}\n"
     "quiet_plies: 14\n"},
    {"grand-cam", 10,
     "variant: grand-cam\n"
     "to_move: R\n"
     "pieces: {G1: RM, F2: RK, G4: RM, H4: RK, G6: GM, L6: YK, B7: BM, E7: YM, F7: GM,\n"
     "  H7: GM, B8: BK, G8: GM, L8: YK, H9: YM, D10: BK, E10: RM, H10: GK, K10: BM,\n"
     "  D11: RM, H12: GK}\n"
     "quiet_plies: 3\n"},
    {"grand-cam", 10,
     "variant: grand-cam\n"
     "to_move: R\n"
     "pieces: {F2: RK, H4: RK, B6: YM, F6: GM, L6: YK, H7: GM, B8: BK, L8: YK, I9: RM,\n"
     "  K10: BM, D11: RM, E11: RM, H12: BK}\n"
     "quiet_plies: 1\n"},
    {"grand-camelot", 8, ""},
    {"grand-camelot", 8,
     "variant: grand-camelot\n"
     "to_move: R\n"
     "pieces: {L2: BM, G4: RK, I4: RM, J4: RM, N4: GM, G5: RM, I5: RM, N5: RK, O5: GK,\n"
     "  C6: BK, E6: BK, K6: BM, C7: BM, N7: YM, C8: BM, E8: BM, N8: YM, E9: BM,\n"
     "  L9: YM, M9: YM, N10: YM, B11: RM, C11: RM, D11: RM, E11: YK, L11: YM, N11: YK,\n"
     "  J12: GM, H13: GM, J13: GK, F14: GM, H14: GM, J14: GM, H15: YK}\n"},
    {"grand-camelot", 8,
     "variant: grand-camelot\n"
     "to_move: R\n"
     "pieces: {L2: BM, L4: YM, B5: BK, G5: RM, O5: GM, C7: BM, F7: BM, J7: GK, L7: RM,\n"
     "  E8: RK, B10: RM, I10: BM, K10: YM, N10: YM, B11: RM, E11: YM, F11: GM,\n"
     "  L11: YM, O11: YK, D12: YK, J12: GM, C13: RM, J14: GM}\n"
     "quiet_plies: 6\n"},
    {"grand-camelot", 8,
     "variant: grand-camelot\n"
     "to_move: B\n"
     "pieces: {L2: BM, B5: BK, M5: GM, O5: GM, H6: RM, L6: YM, F7: BM, K8: YK, N8: GM,\n"
     "  L9: YM, D10: RK, J10: YM, D11: BM, H11: YM, L11: YM, B12: RM, J12: GM,\n"
     "  E13: RM}\n"
     "quiet_plies: 8\n"},
    {"four-handed-chivalry", 8, ""},
    {"four-handed-chivalry", 8,
     "variant: four-handed-chivalry\n"
     "to_move: R\n"
     "pieces: {D2: YK, K2: BK, L3: BK, B4: YK, M4: BK, C5: YK, N5: BK, K6: BK, D7: BK,\n"
     "  I7: BK, G9: BK, I10: GK, N12: GK, M13: GK, L14: GK, D15: RK, K15: GK}\n"
     "quiet_plies: 1\n"},
    {"four-handed-chivalry", 8,
     "variant: four-handed-chivalry\n"
     "to_move: G\n"
     "pieces: {K2: BK, L3: BK, C4: YK, M4: BK, N5: BK, E6: RK, G8: BK, G9: BK,\n"
     "  M11: GK, M13: GK, L14: GK, K15: GK}\n"
     "quiet_plies: 38\n"},
    {"four-handed-chivalry", 8,
     "variant: four-handed-chivalry\n"
     "to_move: B\n"
     "pieces: {K2: BK, L3: BK, M4: BK, N5: BK, H9: BK, H10: RK, I10: BK, L10: GK,\n"
     "  K11: GK, L11: GK, K15: GK}\n"
     "quiet_plies: 74\n"},
    {"four-handed-chivalry-solo", 7, ""},
    {"four-handed-chivalry-solo", 7,
     "variant: four-handed-chivalry-solo\n"
     "to_move: B\n"
     "pieces: {D2: YK, K2: BK, C3: YK, L3: BK, B4: YK, M4: BK, A5: YK, K5: BK, N5: BK,\n"
     "  J6: BK, K6: BK, D7: YK, E7: YK, G7: YK, J7: BK, E8: YK, I10: GK, J10: GK,\n"
     "  E11: RK, F11: RK, I11: GK, J11: GK, A12: RK, D12: RK, E12: RK, N12: GK,\n"
     "  B13: RK, M13: GK, C14: RK, L14: GK, D15: RK, K15: GK}\n"
     "quiet_plies: 150\n"},
    {"four-handed-chivalry-solo", 7,
     "variant: four-handed-chivalry-solo\n"
     "to_move: R\n"
     "pieces: {K2: BK, C3: YK, D3: YK, L3: BK, B4: YK, M4: BK, A5: YK, N5: BK, L6: BK,\n"
     "  M6: BK, I7: GK, H8: GK, I8: GK, I9: GK, F10: RK, E11: RK, A12: RK, E12: RK,\n"
     "  N12: GK, B13: RK, M13: GK, C14: RK, L14: GK, D15: RK, K15: GK}\n"
     "quiet_plies: 62\n"},
    {"four-handed-chivalry-solo", 7,
     "variant: four-handed-chivalry-solo\n"
     "to_move: R\n"
     "pieces: {K2: BK, L3: BK, F4: GK, M4: BK, A5: YK, N5: BK, F7: RK, G8: RK, H8: RK,\n"
     "  G9: RK, H9: RK, F10: RK, L10: BK, C12: YK, N12: GK, M13: GK, L14: GK, D15: RK,\n"
     "  K15: GK}\n"
     "quiet_plies: 47\n"},
};

static const CmVariant *bench_resolve(void *ud, const char *name, CmError *err)
{
    CmError verr;
    const CmVariant *v = cli_variant_get(ud, name, NULL, &verr);
    if (v == NULL)
        cm_error_set(err, verr.code, 0, 0, "%s", verr.msg);
    return v;
}

int cli_bench(CliCtx *ctx, int argc, char **argv)
{
    long add = 0;
    uint64_t total = 0;
    double busy = 0, wall = 0;
    CmEngine *e = NULL;
    const CmVariant *ev = NULL;
    int rc = CLI_EXIT_OK;

    for (int i = 0; i < argc; i++) {
        int missing = 0;
        const char *val = opt_value(argc, argv, &i, "--depth-add", &missing);
        if (val == NULL)
            return engine_usage(
                cli_bench_usage,
                argv[i][0] == '-' ? "unknown option '%s'" : "unexpected argument '%s'", argv[i]);
        if (missing)
            return engine_usage(cli_bench_usage, "option '%s' needs a value", argv[i]);
        if (!parse_long(val, -8, 8, &add))
            return engine_usage(cli_bench_usage, "bad depth change '%s' (-8 to 8)", val);
    }
    for (size_t k = 0; k < sizeof bench_positions / sizeof bench_positions[0]; k++) {
        const BenchPos *b = &bench_positions[k];
        CmError err;
        CmPosition pos;
        const CmVariant *v = cli_variant_get(ctx, b->variant, NULL, &err);
        if (v == NULL) {
            cli_report(&err, NULL, 0);
            rc = CLI_EXIT_INPUT;
            break;
        }
        if (b->doc[0] == '\0') {
            cm_pos_start(&pos, v);
        } else if (cm_posdoc_parse(b->doc, strlen(b->doc), bench_resolve, ctx, v, &pos, &err) !=
                   CM_OK) {
            cm_error_init(&err, "bench");
            cli_report(&err, NULL, 0);
            rc = CLI_EXIT_INPUT;
            break;
        }
        if (ev != v) {
            cm_engine_free(e);
            e = NULL;
            if (cm_engine_new(v, (size_t)DEFAULT_TT_MB << 20, &e) != CM_OK) {
                fputs("camelot: out of memory\n", stderr);
                rc = CLI_EXIT_INPUT;
                break;
            }
            ev = v;
        }
        cm_engine_clear(e);
        CmLimits lim;
        cm_limits_init(&lim);
        lim.depth = b->depth + (int)add;
        if (lim.depth < 1)
            lim.depth = 1;
        if (lim.depth > CM_ENGINE_MAX_DEPTH)
            lim.depth = CM_ENGINE_MAX_DEPTH;
        lim.use_all_time = 1;
        CmSearchResult res;
        double t0 = now_seconds(), c0 = cpu_seconds();
        cm_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &res);
        double used = cpu_seconds() - c0;
        busy += used;
        wall += now_seconds() - t0;
        total += res.info.nodes;
        char score[32], mv[CM_MAX_PATH * 4] = "-";
        score_text(res.info.score, score, sizeof score);
        if (res.has_move) {
            CmPosition settled = pos;
            CmOutcome o;
            cm_rules_settle(&settled, &o);
            cm_move_str(&settled, &res.move, mv, sizeof mv);
        }
        printf("%2zu %-26s depth %2d nodes %9llu  %5.0f knps  score %-8s %s\n", k + 1, b->variant,
               lim.depth, (unsigned long long)res.info.nodes,
               used > 0 ? (double)res.info.nodes / used / 1000 : 0.0, score, mv);
    }
    cm_engine_free(e);
    if (rc != CLI_EXIT_OK)
        return rc;
    printf("nodes %llu\n", (unsigned long long)total);
    printf("nps %.0f\n", busy > 0 ? (double)total / busy : 0.0);
    fprintf(stderr, "bench: %llu nodes in %.2f s of CPU time (%.2f s wall): %.0f nodes/s\n",
            (unsigned long long)total, busy, wall, busy > 0 ? (double)total / busy : 0.0);
    return CLI_EXIT_OK;
}

/* ---- match ------------------------------------------------------------------------------- */

/* splitmix64: the app's own random numbers, reproducible from a seed. */
static uint64_t rnd_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int rnd_below(uint64_t *s, int n)
{
    return (int)(rnd_next(s) % (uint64_t)n);
}

enum { PLAYER_ENGINE, PLAYER_RANDOM, PLAYER_GREEDY };

typedef struct Player {
    const char *spec;
    int kind;       /* 'PLAYER_*' */
    int level;      /* 1 .. 10 */
    long depth;     /* 0: the match's */
    double seconds; /* 0: the match's */
    CmEngineOptions opt;
    CmEngine *engine;
} Player;

/* Parses "level=10,null=0" into 'p'. Returns 0 (with a message) when it is not a player. */
static int parse_player(const char *spec, Player *p, char *why, size_t size)
{
    char buf[256];
    memset(p, 0, sizeof *p);
    p->spec = spec;
    p->level = 10;
    cm_engine_default_options(&p->opt);
    if (strlen(spec) >= sizeof buf) {
        snprintf(why, size, "player '%.40s...' too long", spec);
        return 0;
    }
    strcpy(buf, spec);
    int first = 1;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok != NULL;
         tok = strtok_r(NULL, ",", &save), first = 0) {
        char *eq = strchr(tok, '=');
        const char *val = eq ? eq + 1 : "";
        long n = 0;
        if (eq)
            *eq = '\0';
        if (first && strcmp(tok, "random") == 0 && !eq) {
            p->kind = PLAYER_RANDOM;
        } else if (first && strcmp(tok, "greedy") == 0 && !eq) {
            p->kind = PLAYER_GREEDY;
        } else if (strcmp(tok, "level") == 0 && parse_long(val, 1, 10, &n)) {
            p->kind = PLAYER_ENGINE;
            p->level = (int)n;
        } else if (strcmp(tok, "null") == 0 && parse_long(val, 0, 1, &n)) {
            p->opt.null_move = (int)n;
        } else if (strcmp(tok, "lmr") == 0 && parse_long(val, 0, 1, &n)) {
            p->opt.lmr = (int)n;
        } else if (strcmp(tok, "futility") == 0 && parse_long(val, 0, 1, &n)) {
            p->opt.futility = (int)n;
        } else if (strcmp(tok, "hashfirst") == 0 && parse_long(val, 0, 1, &n)) {
            p->opt.hash_first = (int)n;
        } else if (strcmp(tok, "multi") == 0 && strcmp(val, "brs") == 0) {
            p->opt.multi = CM_MULTI_BRS;
        } else if (strcmp(tok, "multi") == 0 && strcmp(val, "paranoid") == 0) {
            p->opt.multi = CM_MULTI_PARANOID;
        } else if (strcmp(tok, "depth") == 0 && parse_long(val, 1, CM_ENGINE_MAX_DEPTH, &n)) {
            p->depth = n;
        } else if (strcmp(tok, "time") == 0 && parse_seconds(val, &p->seconds)) {
        } else {
            snprintf(why, size, "bad player '%s' (e.g. level=10, random, greedy)", spec);
            return 0;
        }
    }
    return 1;
}

/* The move of a random or greedy player: uniform, or among those capturing most. */
static CmMove simple_move(const Player *p, const CmMoveList *list, uint64_t *rng)
{
    if (p->kind == PLAYER_GREEDY) {
        int most = 0, n = 0;
        for (int i = 0; i < list->n; i++)
            if (list->m[i].ncap > most)
                most = list->m[i].ncap;
        if (most > 0) {
            int pick = 0;
            for (int i = 0; i < list->n; i++)
                if (list->m[i].ncap == most && rnd_below(rng, ++n) == 0)
                    pick = i;
            return list->m[pick];
        }
    }
    return list->m[rnd_below(rng, list->n)];
}

typedef struct MatchConf {
    const CmVariant *v;
    long games, openings, max_plies;
    long depth;
    double seconds;
    uint64_t seed;
    const char *records;
    int quiet;
} MatchConf;

/* Which player ('0' = A, '1' = B) plays each seat in game 'g': two teams alternate by team;
 * otherwise A takes the even seats in even games and the odd seats in odd games. */
static int seat_player(const CmVariant *v, int seat, long g)
{
    int group = v->nteams == 2 ? v->seat[seat].team : seat % 2;
    return (group + (int)(g % 2)) % 2;
}

/* How a game ended that the rules did not end. */
enum { END_RULES, END_CAP, END_ADJUDICATED, END_CAP_MATERIAL };

/* In a game of more than two teams, the player whose seats alone have pieces left, or -1. */
static int sole_player(const CmVariant *v, const CmPosition *pos, long g)
{
    int who = -1;
    for (int s = 0; s < v->nseats; s++) {
        if (pos->npieces[s] == 0)
            continue;
        if (who >= 0 && who != seat_player(v, s, g))
            return -1;
        who = seat_player(v, s, g);
    }
    return v->nteams > 2 ? who : -1;
}

/* In a game of more than two teams, the player with more pieces left, or -1. */
static int material_leader(const CmVariant *v, const CmPosition *pos, long g)
{
    int n[2] = {0, 0};
    for (int s = 0; s < v->nseats; s++)
        n[seat_player(v, s, g)] += pos->npieces[s];
    return v->nteams <= 2 || n[0] == n[1] ? -1 : n[0] > n[1] ? 0 : 1;
}

/* Writes game 'g' as a record; 'winner' (0 = A, 1 = B) is the adjudicated player when 'end'
 * says the game was adjudicated. */
static int write_record(const MatchConf *mc, const CmGame *game, long g, Player *pl, FILE **all,
                        int end, int winner)
{
    CmTag tags[CM_MAX_SEATS + 6];
    int nt = 0;
    snprintf(tags[nt].name, sizeof tags[nt].name, "Event");
    snprintf(tags[nt++].value, sizeof tags[0].value, "camelot match");
    snprintf(tags[nt].name, sizeof tags[nt].name, "Round");
    snprintf(tags[nt++].value, sizeof tags[0].value, "%ld", g + 1);
    for (int s = 0; s < mc->v->nseats; s++) {
        int who = seat_player(mc->v, s, g);
        snprintf(tags[nt].name, sizeof tags[nt].name, "%s", mc->v->seat[s].name);
        snprintf(tags[nt++].value, sizeof tags[0].value, "%c %s", who ? 'B' : 'A', pl[who].spec);
    }
    snprintf(tags[nt].name, sizeof tags[nt].name, "Opening");
    snprintf(tags[nt++].value, sizeof tags[0].value, "%ld random plies", mc->openings);
    if (end == END_CAP) {
        snprintf(tags[nt].name, sizeof tags[nt].name, "Result");
        snprintf(tags[nt++].value, sizeof tags[0].value, "draw");
        snprintf(tags[nt].name, sizeof tags[nt].name, "Termination");
        snprintf(tags[nt++].value, sizeof tags[0].value, "move cap %ld plies", mc->max_plies);
    } else if (end == END_ADJUDICATED) {
        snprintf(tags[nt].name, sizeof tags[nt].name, "Termination");
        snprintf(tags[nt++].value, sizeof tags[0].value, "adjudicated: only %c's seats left",
                 winner ? 'B' : 'A');
    } else if (end == END_CAP_MATERIAL) {
        snprintf(tags[nt].name, sizeof tags[nt].name, "Termination");
        snprintf(tags[nt++].value, sizeof tags[0].value,
                 "adjudicated: %c has more pieces at the move cap of %ld plies",
                 winner ? 'B' : 'A', mc->max_plies);
    }
    size_t need = cm_record_write(game, tags, nt, NULL, 0);
    char *text = malloc(need + 1);
    if (text == NULL)
        return -1;
    cm_record_write(game, tags, nt, text, need + 1);
    FILE *f = *all;
    if (strstr(mc->records, "%d") != NULL) {
        char path[4096];
        const char *at = strstr(mc->records, "%d");
        snprintf(path, sizeof path, "%.*s%ld%s", (int)(at - mc->records), mc->records, g + 1,
                 at + 2);
        f = fopen(path, "w");
    } else if (f == NULL) {
        f = *all = fopen(mc->records, "w");
    } else {
        fputc('\n', f);
    }
    int bad = f == NULL || fputs(text, f) == EOF;
    if (f != NULL && f != *all && fclose(f) != 0)
        bad = 1;
    free(text);
    return bad ? -1 : 0;
}

/* How bad 'm' is as a random opening ply: 2 if it ends the game, 1 if the next player must
 * capture after it, else 0. */
static int opening_fault(const CmPosition *pos, const CmMove *m)
{
    CmPosition t = *pos;
    CmUndo u;
    CmOutcome o;
    CmObligation ob;
    cm_pos_apply(&t, m, &u);
    if (cm_rules_after_move(&t, pos->to_move, &o))
        return 2;
    cm_rules_settle(&t, &o);
    if (o.over)
        return 2;
    cm_movegen_obligation(&t, &ob);
    return ob.kind == CM_OBLIGE_CAPTURE;
}

/* One game; returns the score of A (2 win, 1 draw, 0 loss), or -1 on an error. */
static int play_game(const MatchConf *mc, Player *pl, long g, FILE **all, CmMoveList *list)
{
    const CmVariant *v = mc->v;
    CmGame game;
    uint64_t orng = mc->seed * 1000003u + (uint64_t)(g / 2) * 7919u + 17u;
    uint64_t rng = mc->seed * 2654435761u + (uint64_t)g * 40503u + 5u;
    int end = END_RULES, result = -1, sole = -1;

    if (cm_game_init(&game, v, NULL) != CM_OK)
        return -1;
    for (int i = 0; i < 2; i++)
        if (pl[i].engine != NULL)
            cm_engine_clear(pl[i].engine);

    /* Random opening plies, shared by both games of a pair. They should give a balanced
     * game, so a ply that would end the game, or hand the next player a capture, is avoided
     * when another exists: an opening that loses material measures luck, not the players. */
    for (long i = 0; i < mc->openings && !game.outcome.over; i++) {
        int n = cm_movegen_all(&game.pos, list);
        if (n == 0)
            break;
        int start = rnd_below(&orng, n), pick = start, best = 3;
        for (int tries = 0; tries < n && best > 0; tries++) {
            int k = (start + tries) % n, bad = opening_fault(&game.pos, &list->m[k]);
            if (bad < best) {
                best = bad;
                pick = k;
            }
        }
        if (cm_game_play(&game, &list->m[pick]) != CM_OK)
            goto out;
    }

    while (!game.outcome.over) {
        if (game.n >= mc->max_plies) {
            sole = material_leader(v, &game.pos, g);
            end = sole >= 0 ? END_CAP_MATERIAL : END_CAP;
            break;
        }
        if ((sole = sole_player(v, &game.pos, g)) >= 0) {
            end = END_ADJUDICATED;
            break;
        }
        int seat = game.pos.to_move;
        Player *p = &pl[seat_player(v, seat, g)];
        int n = cm_movegen_all(&game.pos, list);
        CmMove m;
        if (n == 0) {
            fputs("camelot: internal error: a settled position without moves\n", stderr);
            goto out;
        }
        if (p->kind != PLAYER_ENGINE) {
            m = simple_move(p, list, &rng);
        } else {
            CmLimits lim;
            CmSearchResult res;
            cm_limits_init(&lim);
            lim.level = p->level;
            lim.seed = rnd_next(&rng);
            lim.now_ms = clock_ms;
            long depth = p->depth ? p->depth : p->seconds > 0 ? 0 : mc->depth;
            double secs = p->seconds > 0 ? p->seconds : p->depth ? 0 : mc->seconds;
            lim.depth = (int)depth;
            lim.time_ms = depth ? 0 : (uint64_t)(secs * 1000.0 + 0.5);
            if (cm_engine_search(p->engine, &game.pos, game.hashes, game.n + 1, &lim, NULL, NULL,
                                 &res) != CM_OK ||
                !res.has_move) {
                fputs("camelot: internal error: the engine gave no move\n", stderr);
                goto out;
            }
            m = res.move;
        }
        /* Never an illegal move: the move must be one the rules core generated here. */
        if (cm_movelist_find(list, &m) < 0) {
            char text[CM_MAX_PATH * 4];
            cm_move_effect_str(&m, text, sizeof text);
            fprintf(stderr, "camelot: internal error: %s played the illegal move %s\n", p->spec,
                    text);
            goto out;
        }
        if (cm_game_play(&game, &m) != CM_OK)
            goto out;
    }

    if (end == END_ADJUDICATED || end == END_CAP_MATERIAL) {
        result = sole == 0 ? 2 : 0;
    } else if (end == END_CAP || game.outcome.draw || game.outcome.winner < 0) {
        result = 1;
    } else {
        int a_won = 0;
        for (int s = 0; s < v->nseats; s++)
            if ((game.outcome.seats & (1u << s)) && seat_player(v, s, g) == 0)
                a_won = 1;
        result = a_won ? 2 : 0;
    }
    if (!mc->quiet) {
        char text[128];
        if (end == END_CAP)
            snprintf(text, sizeof text, "draw (move cap)");
        else if (end == END_ADJUDICATED)
            snprintf(text, sizeof text, "%c's seats alone left", sole ? 'B' : 'A');
        else if (end == END_CAP_MATERIAL)
            snprintf(text, sizeof text, "%c has more pieces at the move cap", sole ? 'B' : 'A');
        else
            cli_outcome_text(v, &game.outcome, text, sizeof text);
        printf("game %ld: A plays", g + 1);
        for (int s = 0; s < v->nseats; s++)
            if (seat_player(v, s, g) == 0)
                printf(" %c", v->seat[s].letter);
        printf("; %s after %d plies; A %s\n", text, game.n,
               result == 2   ? "wins"
               : result == 1 ? "draws"
                             : "loses");
        fflush(stdout);
    }
    if (mc->records != NULL && write_record(mc, &game, g, pl, all, end, sole) != 0) {
        fprintf(stderr, "camelot: cannot write the records to %s\n", mc->records);
        result = -1;
    }
out:
    cm_game_free(&game);
    return result;
}

static double elo_of(double p)
{
    if (p <= 0)
        return -INFINITY;
    if (p >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

static void elo_text(double x, char *buf, size_t size)
{
    if (isinf(x))
        snprintf(buf, size, "%sinf", x > 0 ? "+" : "-");
    else
        snprintf(buf, size, "%+.0f", fabs(x) < 0.5 ? 0.0 : x);
}

/* Prints the totals: score, and the Elo difference with a 95% interval from the spread of
 * the game scores (the Wilson interval when every game ended alike). */
static void match_report(const MatchConf *mc, const Player *pl, long w, long d, long l)
{
    long n = w + d + l;
    double p = n ? ((double)w + 0.5 * (double)d) / (double)n : 0.5;
    double var = n ? ((double)w * (1 - p) * (1 - p) + (double)d * (0.5 - p) * (0.5 - p) +
                      (double)l * p * p) /
                         (double)n
                   : 0;
    double se = n ? sqrt(var / (double)n) : 0, lo, hi;
    if (se > 0) {
        lo = p - 1.96 * se;
        hi = p + 1.96 * se;
    } else {
        double z2 = 1.96 * 1.96, nn = (double)(n ? n : 1);
        double c = (p + z2 / (2 * nn)) / (1 + z2 / nn);
        double h = 1.96 * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
        lo = c - h;
        hi = c + h;
    }
    char e[32], elo_lo[32], elo_hi[32];
    elo_text(elo_of(p), e, sizeof e);
    elo_text(elo_of(lo), elo_lo, sizeof elo_lo);
    elo_text(elo_of(hi), elo_hi, sizeof elo_hi);
    printf("%s: A %s vs B %s, %ld games: A wins %ld, draws %ld, loses %ld\n", mc->v->name,
           pl[0].spec, pl[1].spec, n, w, d, l);
    printf("score %.1f%% (%.1f/%ld), Elo %s (95%%: %s .. %s)\n", 100.0 * p,
           (double)w + 0.5 * (double)d, n, e, elo_lo, elo_hi);
}

int cli_match(CliCtx *ctx, int argc, char **argv)
{
    MatchConf mc = {NULL, 2, 4, 0, 0, 0.1, 1, NULL, 0};
    const char *variant = CLI_DEFAULT_VARIANT, *spec[2] = {NULL, NULL};
    long tt = DEFAULT_TT_MB, seed = 1, max_plies = 0;
    double seconds = 0;
    Player pl[2];
    char why[200];
    CmMoveList *list = NULL;
    FILE *all = NULL;
    int rc = CLI_EXIT_INPUT;

    memset(pl, 0, sizeof pl);
    for (int i = 0; i < argc; i++) {
        int missing = 0;
        const char *val;
        if (strcmp(argv[i], "--quiet") == 0) {
            mc.quiet = 1;
            continue;
        }
        if ((val = opt_value(argc, argv, &i, "--variant", &missing)) != NULL) {
            variant = val;
        } else if ((val = opt_value(argc, argv, &i, "--a", &missing)) != NULL) {
            spec[0] = val;
        } else if ((val = opt_value(argc, argv, &i, "--b", &missing)) != NULL) {
            spec[1] = val;
        } else if ((val = opt_value(argc, argv, &i, "--games", &missing)) != NULL) {
            if (!missing && !parse_long(val, 1, 1000000, &mc.games))
                return engine_usage(cli_match_usage, "bad number of games '%s'", val);
        } else if ((val = opt_value(argc, argv, &i, "--time", &missing)) != NULL) {
            if (!missing && !parse_seconds(val, &seconds))
                return engine_usage(cli_match_usage, "bad time '%s' (seconds > 0)", val);
        } else if ((val = opt_value(argc, argv, &i, "--depth", &missing)) != NULL) {
            if (!missing && !parse_long(val, 1, CM_ENGINE_MAX_DEPTH, &mc.depth))
                return engine_usage(cli_match_usage, "bad depth '%s' (1 to 64)", val);
        } else if ((val = opt_value(argc, argv, &i, "--seed", &missing)) != NULL) {
            if (!missing && !parse_long(val, 0, 2147483647L, &seed))
                return engine_usage(cli_match_usage, "bad seed '%s'", val);
        } else if ((val = opt_value(argc, argv, &i, "--openings", &missing)) != NULL) {
            if (!missing && !parse_long(val, 0, 100, &mc.openings))
                return engine_usage(cli_match_usage, "bad opening plies '%s' (0 to 100)", val);
        } else if ((val = opt_value(argc, argv, &i, "--max-plies", &missing)) != NULL) {
            if (!missing && !parse_long(val, 1, 100000, &max_plies))
                return engine_usage(cli_match_usage, "bad move cap '%s'", val);
        } else if ((val = opt_value(argc, argv, &i, "--records", &missing)) != NULL) {
            mc.records = val;
        } else if ((val = opt_value(argc, argv, &i, "--tt", &missing)) != NULL) {
            if (!missing && !parse_long(val, 1, 65536, &tt))
                return engine_usage(cli_match_usage, "bad table size '%s'", val);
        } else {
            return engine_usage(
                cli_match_usage,
                argv[i][0] == '-' ? "unknown option '%s'" : "unexpected argument '%s'", argv[i]);
        }
        if (missing)
            return engine_usage(cli_match_usage, "option '%s' needs a value", argv[i]);
    }
    if (spec[0] == NULL || spec[1] == NULL)
        return engine_usage(cli_match_usage, "%s", "both players are needed (--a and --b)");
    if (mc.depth > 0 && seconds > 0)
        return engine_usage(cli_match_usage, "%s", "give --depth or --time, not both");
    for (int k = 0; k < 2; k++)
        if (!parse_player(spec[k], &pl[k], why, sizeof why))
            return engine_usage(cli_match_usage, "%s", why);
    if (seconds > 0)
        mc.seconds = seconds;
    mc.seed = (uint64_t)seed;

    CmError err;
    mc.v = cli_variant_get(ctx, variant, NULL, &err);
    if (mc.v == NULL) {
        cli_report(&err, NULL, 0);
        return CLI_EXIT_INPUT;
    }
    mc.max_plies = max_plies ? max_plies : 200L * mc.v->nseats;
    list = malloc(sizeof *list);
    if (list == NULL)
        goto nomem;
    for (int k = 0; k < 2; k++) {
        if (pl[k].kind != PLAYER_ENGINE)
            continue;
        if (cm_engine_new(mc.v, (size_t)tt << 20, &pl[k].engine) != CM_OK)
            goto nomem;
        cm_engine_set_options(pl[k].engine, &pl[k].opt);
    }

    long w = 0, d = 0, l = 0;
    for (long g = 0; g < mc.games; g++) {
        int r = play_game(&mc, pl, g, &all, list);
        if (r < 0)
            goto out;
        w += r == 2;
        d += r == 1;
        l += r == 0;
    }
    match_report(&mc, pl, w, d, l);
    rc = CLI_EXIT_OK;
    goto out;
nomem:
    fputs("camelot: out of memory\n", stderr);
out:
    if (all != NULL && fclose(all) != 0 && rc == CLI_EXIT_OK) {
        fprintf(stderr, "camelot: cannot write the records to %s\n", mc.records);
        rc = CLI_EXIT_INPUT;
    }
    for (int k = 0; k < 2; k++)
        cm_engine_free(pl[k].engine);
    free(list);
    return rc;
}
