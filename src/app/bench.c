/* The 'bench' command: fixed positions of every variant searched to fixed depths, for a
 * node-count signature of the search and the speed of one core.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "camelot/engine.h"
#include "camelot/notation.h"
#include "camelot/posdoc.h"
#include "cli.h"
#include "session/clock.h"
#include "session/text.h"

#define BENCH_DEPTH_ADD_MAX 8 /* the largest change of depth --depth-add takes */

const char cli_bench_usage[] = "bench [--depth-add N]";
const char cli_bench_help[] =
    "Searches a fixed set of positions (every variant, opening to endgame) to fixed\n"
    "depths with a fresh 16 MiB table each, one line per position, then 'nodes N'\n"
    "(a signature that changes only when the search or evaluation does) and\n"
    "'nps N', nodes per second of the thread's CPU time: the speed of one core, even\n"
    "on a busy machine.\n\n"
    "  --depth-add N    search every position N plies deeper (or shallower, N < 0)\n";

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

/* What the bench adds up. */
typedef struct BenchTotals {
    uint64_t nodes;
    double cpu_s, wall_s;
} BenchTotals;

/* Searches bench position 'k' with engine 'e' (for its variant) and prints its line. */
static void bench_one(CmEngine *e, size_t k, const CmPosition *pos, int depth, BenchTotals *t)
{
    CmLimits lim;
    CmSearchResult res;
    char score[32], mv[CM_MOVE_TEXT_MAX] = "-";

    cm_engine_clear(e);
    cm_limits_init(&lim);
    lim.depth = depth;
    lim.use_all_time = 1;
    uint64_t t0 = clock_us();
    double c0 = clock_thread_cpu_s();
    cm_engine_search(e, pos, NULL, 0, &lim, NULL, NULL, &res);
    double used = clock_thread_cpu_s() - c0;
    t->cpu_s += used;
    t->wall_s += (double)(clock_us() - t0) / 1e6;
    t->nodes += res.info.nodes;
    text_score(res.info.score, score, sizeof score);
    if (res.has_move) {
        CmPosition settled = *pos;
        CmOutcome o;
        cm_rules_settle(&settled, &o);
        cm_move_str(&settled, &res.move, mv, sizeof mv);
    }
    printf("%2zu %-26s depth %2d nodes %9llu  %5.0f knps  score %-8s %s\n", k + 1,
           bench_positions[k].variant, depth, (unsigned long long)res.info.nodes,
           used > 0 ? (double)res.info.nodes / used / 1000 : 0.0, score, mv);
}

/* The position of bench entry 'b'. Returns an exit code. */
static int bench_position(CliCtx *ctx, const BenchPos *b, CmPosition *pos)
{
    CmError err;
    const CmVariant *v = cli_variant(ctx, b->variant);
    CatalogResolver r = {&ctx->catalog, NULL, {0}};
    if (v == NULL)
        return CLI_EXIT_INPUT;
    if (b->doc[0] == '\0') {
        cm_pos_start(pos, v);
        return CLI_EXIT_OK;
    }
    if (cm_posdoc_parse(b->doc, strlen(b->doc), catalog_resolve, &r, v, pos, &err) != CM_OK) {
        cm_error_init(&err, "bench");
        cli_report(&err, NULL, 0);
        return CLI_EXIT_INPUT;
    }
    return CLI_EXIT_OK;
}

int cli_bench(CliCtx *ctx, int argc, char **argv)
{
    static const CliOpt opts[] = {{"--depth-add", 1, 0}};
    CliArgs a;
    long add = 0;
    BenchTotals t = {0, 0, 0};
    CmEngine *e = NULL;
    int rc = cli_args_parse(cli_bench_usage, cli_bench_help, opts, 1, argc, argv, &a);

    if (rc < 0 && a.nargs > 0)
        rc = cli_usage_error(a.usage, "unexpected argument '%s'", a.args[0]);
    if (rc < 0 && a.value[0] != NULL)
        rc = cli_int_arg(&a, "depth change", "-8 to 8", a.value[0], -BENCH_DEPTH_ADD_MAX,
                         BENCH_DEPTH_ADD_MAX, &add);
    for (size_t k = 0; rc < 0 && k < sizeof bench_positions / sizeof bench_positions[0]; k++) {
        const BenchPos *b = &bench_positions[k];
        CmPosition pos;
        int depth = b->depth + (int)add;
        if (bench_position(ctx, b, &pos) != CLI_EXIT_OK) {
            rc = CLI_EXIT_INPUT;
            break;
        }
        if (e == NULL || cm_engine_variant(e) != pos.v) {
            cm_engine_free(e);
            if (cm_engine_new(pos.v, (size_t)CLI_DEFAULT_TT_MB << 20, &e) != CM_OK) {
                e = NULL;
                rc = cli_out_of_memory();
                break;
            }
        }
        bench_one(e, k, &pos,
                  depth < 1                     ? 1
                  : depth > CM_ENGINE_MAX_DEPTH ? CM_ENGINE_MAX_DEPTH
                                                : depth,
                  &t);
    }
    cm_engine_free(e);
    if (rc < 0) {
        printf("nodes %llu\n", (unsigned long long)t.nodes);
        printf("nps %.0f\n", t.cpu_s > 0 ? (double)t.nodes / t.cpu_s : 0.0);
        fprintf(stderr, "bench: %llu nodes in %.2f s of CPU time (%.2f s wall): %.0f nodes/s\n",
                (unsigned long long)t.nodes, t.cpu_s, t.wall_s,
                t.cpu_s > 0 ? (double)t.nodes / t.cpu_s : 0.0);
        rc = CLI_EXIT_OK;
    }
    cli_args_free(&a);
    return rc;
}
