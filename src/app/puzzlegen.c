/* 'camelot puzzle --generate': puzzles from self-play. The engine plays games against itself
 * at a level that makes mistakes; every position of them is checked, first shallow, then at
 * the full depth, for one clearly best move (session/puzzle.c); the puzzles found are added
 * to a puzzle file, written atomically.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "cli.h"
#include "io/io.h"
#include "session/clock.h"
#include "session/puzzle.h"
#include "session/text.h"
#include "camelot/random.h"
#include "camelot/grow.h"

#define GEN_PREFILTER_DEPTH 4 /* the quick look that most positions fail */
#define GEN_OPENING_PLIES 4   /* random plies at the start of each game */
#define GEN_FIRST_PLY 6       /* no puzzle from the first plies of a game */
#define GEN_GAP_PLIES 4       /* plies after a puzzle before the next is looked for */
#define GEN_MAX_PLIES 300     /* a game is left after this many */
#define GEN_SOLVER_MOVES 3    /* the longest solution, in the solver's moves */

typedef struct Gen {
    const CliPuzzleGen *conf;
    const CmVariant *v;
    CmEngine *player;  /* plays the games */
    CmEngine *checker; /* checks the positions */
    CmMoveList *list;
    CmPuzzle *p; /* the puzzles: those of the file, then the new ones */
    int n, cap, kept;
    long checked, deep; /* positions looked at, and checked at the full depth */
} Gen;

static int add_puzzle(Gen *g, const CmPuzzle *p)
{
    if (cm_grow(&g->p, &g->cap, g->n + 1, sizeof *g->p, 64) != 0)
        return -1;
    g->p[g->n++] = *p;
    return 0;
}

/* Whether a puzzle of this position is had already. */
static int known(const Gen *g, const CmPosition *pos)
{
    for (int i = 0; i < g->n; i++)
        if (cm_pos_equal(&g->p[i].pos, pos))
            return 1;
    return 0;
}

/* Checks 'pos' as a puzzle: a shallow look, then the full depth. Returns 1 when the best move
 * is clearly best, with what the search said in 'c'. */
static int check(Gen *g, const CmPosition *pos, PuzzleCheck *c)
{
    int depth = (int)g->conf->depth;
    g->checked++;
    if (depth > GEN_PREFILTER_DEPTH) {
        /* At the shallow depth half the gap will do: a deeper search may widen it. */
        if (puzzle_check(g->checker, pos, GEN_PREFILTER_DEPTH, PUZZLE_THRESHOLD / 2, c) != CM_OK ||
            !c->unique)
            return 0;
    }
    g->deep++;
    return puzzle_check(g->checker, pos, depth, PUZZLE_THRESHOLD, c) == CM_OK && c->unique;
}

/* The puzzle of 'pos', whose check 'c' passed: one move, or for a won game, the line to the
 * win as long as each of the solver's moves is the only one that wins (at most
 * GEN_SOLVER_MOVES of them). */
static void make_puzzle(Gen *g, const CmPosition *pos, const PuzzleCheck *c, CmPuzzle *p)
{
    CmPosition at = *pos;
    CmUndo u;
    CmOutcome o;
    PuzzleCheck next = *c;

    memset(p, 0, sizeof *p);
    p->pos = *pos;
    p->goal = c->goal;
    p->sol[p->nsol++] = c->best;
    cm_pos_apply(&at, &c->best, &u);
    cm_rules_settle(&at, &o);
    while (c->goal == CM_PUZZLE_WIN && !o.over && next.has_reply &&
           (p->nsol + 1) / 2 < GEN_SOLVER_MOVES) {
        CmPosition after = at;
        CmPath path;
        if (cm_movegen_canonical(&after, &next.reply, &path) != CM_OK)
            break;
        CmMove reply = next.reply;
        cm_pos_apply(&after, &reply, &u);
        cm_rules_settle(&after, &o);
        if (o.over || after.to_move != pos->to_move || !check(g, &after, &next) ||
            next.goal != CM_PUZZLE_WIN)
            break;
        p->sol[p->nsol++] = reply;
        p->sol[p->nsol++] = next.best;
        at = after;
        cm_pos_apply(&at, &next.best, &u);
        cm_rules_settle(&at, &o);
    }
    p->difficulty = puzzle_difficulty(c->found_depth, (p->nsol + 1) / 2);
    snprintf(p->id, sizeof p->id, "%.20s-%04u", g->v->name, (unsigned)(g->n + 1) % 100000u);
}

/* A move of the player engine for 'game', at the configured level. */
static int player_move(Gen *g, const CmGame *game, uint64_t seed, CmMove *out)
{
    CmLimits lim;
    CmSearchResult res;
    cm_limits_init(&lim);
    lim.level = (int)g->conf->level;
    lim.seed = seed;
    if (cm_engine_search(g->player, &game->pos, game->hashes, game->n + 1, &lim, NULL, NULL,
                         &res) != CM_OK ||
        !res.has_move)
        return -1;
    *out = res.move;
    return 0;
}

/* One game of self-play, every position after the first plies checked. Returns the puzzles
 * found, or -1 when memory ran out. */
static int play_game(Gen *g, long number)
{
    uint64_t rng = (uint64_t)g->conf->seed * 1000003u + (uint64_t)number * 7919u + 1u;
    CmGame game;
    int found = 0, quiet_until = 0;

    if (cm_game_init(&game, g->v, NULL) != CM_OK)
        return -1;
    cm_engine_clear(g->player);
    while (!game.outcome.over && game.n < GEN_MAX_PLIES && g->n - g->kept < g->conf->max) {
        CmMove m;
        if (game.n < GEN_OPENING_PLIES) {
            int n = cm_movegen_all(&game.pos, g->list);
            if (n == 0)
                break;
            m = g->list->m[cm_random_below(&rng, n)];
        } else {
            if (game.n >= GEN_FIRST_PLY && game.n >= quiet_until && !known(g, &game.pos)) {
                PuzzleCheck c;
                if (check(g, &game.pos, &c)) {
                    CmPuzzle p;
                    make_puzzle(g, &game.pos, &c, &p);
                    if (add_puzzle(g, &p) != 0) {
                        cm_game_free(&game);
                        return -1;
                    }
                    found++;
                    quiet_until = game.n + GEN_GAP_PLIES;
                }
            }
            if (player_move(g, &game, cm_random_next(&rng), &m) != 0)
                break;
        }
        if (cm_game_play(&game, &m) != CM_OK) {
            cm_game_free(&game);
            return -1;
        }
    }
    cm_game_free(&game);
    return found;
}

/* The puzzles already in the output file, kept first. Returns -1 to go on, or an exit code. */
static int read_old(CliCtx *ctx, Gen *g)
{
    const char *path = g->conf->out;
    CatalogResolver res = {&ctx->catalog, NULL, {0}};
    CmPuzzleSet set;
    char *text = NULL;
    size_t len = 0;
    CmError err;

    /* A file the puzzles cannot be written to is refused now, not after the generation. */
    if (io_check_write(path, 1, &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        return CLI_EXIT_INPUT;
    }
    if (!io_exists(path))
        return -1;
    if (io_read_file(path, CM_PUZZLE_MAX_BYTES, &text, &len, &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        return CLI_EXIT_INPUT;
    }
    cm_error_init(&err, path);
    if (cm_puzzles_parse(text, len, catalog_resolve, &res, &set, &err) != CM_OK) {
        cli_report(&err, text, len);
        free(text);
        return CLI_EXIT_INPUT;
    }
    free(text);
    int rc = -1;
    if (set.v != g->v || set.depth != g->conf->depth || set.threshold != PUZZLE_THRESHOLD) {
        fprintf(stderr,
                "camelot: %s holds puzzles of %s checked at depth %d (threshold %d); new ones "
                "of %s at depth %ld (threshold %d) cannot join them\n",
                path, set.v->name, set.depth, set.threshold, g->v->name, g->conf->depth,
                PUZZLE_THRESHOLD);
        rc = CLI_EXIT_INPUT;
    }
    for (int i = 0; i < set.n && rc < 0; i++)
        if (add_puzzle(g, &set.p[i]) != 0)
            rc = cli_out_of_memory();
    g->kept = g->n;
    cm_puzzles_free(&set);
    return rc;
}

/* Writes every puzzle to the output file. Returns an exit code. */
static int write_all(const Gen *g)
{
    char head[512], comment[256];
    size_t len, cap = 4096;
    char *out = malloc(cap);
    CmError err;

    if (out == NULL)
        return cli_out_of_memory();
    snprintf(comment, sizeof comment,
             "Puzzles of %s from self-play, each checked at depth %ld: see docs/learning.md.\n"
             "Made by 'camelot puzzle --generate'; new ones are added at the end.",
             g->v->title, g->conf->depth);
    len = cm_puzzles_write_head(g->v->name, (int)g->conf->depth, PUZZLE_THRESHOLD, comment, head,
                                sizeof head);
    if (len >= sizeof head) {
        free(out);
        return cli_out_of_memory();
    }
    memcpy(out, head, len + 1);
    for (int i = 0; i < g->n; i++) {
        size_t need = cm_puzzle_write(&g->p[i], NULL, 0);
        if (len + need + 1 > cap) {
            while (len + need + 1 > cap)
                cap *= 2;
            char *bigger = realloc(out, cap);
            if (bigger == NULL) {
                free(out);
                return cli_out_of_memory();
            }
            out = bigger;
        }
        len += cm_puzzle_write(&g->p[i], out + len, cap - len);
    }
    int rc = CLI_EXIT_OK;
    if (io_write_atomic(g->conf->out, out, len, &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        rc = CLI_EXIT_INPUT;
    }
    free(out);
    return rc;
}

int cli_puzzle_generate(CliCtx *ctx, const CliPuzzleGen *conf)
{
    Gen g;
    int rc;
    double cpu0 = clock_thread_cpu_s();

    memset(&g, 0, sizeof g);
    g.conf = conf;
    g.v = conf->v;
    if ((rc = read_old(ctx, &g)) >= 0)
        goto out;
    g.list = malloc(sizeof *g.list);
    if (g.list == NULL || cm_engine_new(g.v, (size_t)PUZZLE_TT_MB << 20, &g.checker) != CM_OK ||
        cm_engine_new(g.v, (size_t)PUZZLE_TT_MB << 20, &g.player) != CM_OK) {
        rc = cli_out_of_memory();
        goto out;
    }
    char kept[48];
    text_count(g.kept, "puzzle", kept, sizeof kept);
    fprintf(stderr, "%s: %s kept from %s; checking at depth %ld, threshold %d\n", g.v->name, kept,
            conf->out, conf->depth, PUZZLE_THRESHOLD);
    for (long i = 0; i < conf->games && g.n - g.kept < conf->max; i++) {
        int found = play_game(&g, i);
        if (found < 0) {
            rc = cli_out_of_memory();
            goto out;
        }
        fprintf(stderr, "game %ld: %d found, %d new in all, %ld positions (%ld deep), %.0f s\n", i,
                found, g.n - g.kept, g.checked, g.deep, clock_thread_cpu_s() - cpu0);
        /* Written after every game, so that a run cut short keeps what it found. */
        if (found > 0 && (rc = write_all(&g)) != CLI_EXIT_OK)
            goto out;
    }
    rc = write_all(&g);
    if (rc == CLI_EXIT_OK)
        printf("%d new puzzles (%d in all) in %s; %.0f s of CPU\n", g.n - g.kept, g.n, conf->out,
               clock_thread_cpu_s() - cpu0);
out:
    cm_engine_free(g.player);
    cm_engine_free(g.checker);
    free(g.list);
    free(g.p);
    return rc;
}
