/* The 'puzzle' command: puzzles on the full-screen board (find the clearly best move), the list
 * of the puzzles, and their generation from self-play (puzzlegen.c).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "io/io.h"
#include "session/puzzle.h"
#include "ui/ui.h"

#define GEN_DEFAULT_GAMES 10
#define GEN_DEFAULT_DEPTH 8
#define GEN_DEFAULT_LEVEL 6
#define GEN_DEFAULT_MAX 1000

const char cli_puzzle_usage[] =
    "puzzle [--variant V] [--id ID] [--file FILE] [--text [--quiet]]\n"
    "                      [--ascii] [--no-highlight] [--no-mouse]\n"
    "       camelot puzzle --list [--variant V] [--file FILE]\n"
    "       camelot puzzle --generate --variant V --out FILE [--games N]\n"
    "                      [--depth D] [--level L] [--seed K] [--max N]";
const char cli_puzzle_help[] =
    "Puzzles from engine games: in each position one move is clearly best (a jump\n"
    "that wins material, a castle entry that wins, the only defence). Find it on the\n"
    "board with the keys of the game (arrows and Enter, or ':' and the move); when\n"
    "the solution is longer, the other side answers and you find the next move. A\n"
    "wrong move ends the try and the solution is shown. The score (puzzles solved\n"
    "and missed) and the streak are kept in $XDG_DATA_HOME/camelot/puzzles.txt.\n"
    "Puzzles come easiest first; each one not yet tried before any tried. In the\n"
    "puzzle: n next puzzle, s show the solution (a miss), v step through the moves,\n"
    "? rules and keys, q quit. See docs/learning.md.\n\n"
    "  --variant V   only puzzles of variant V (camette, cam, camelot)\n"
    "  --id ID       start with the puzzle ID (see --list)\n"
    "  --file FILE   the puzzles of FILE instead of the installed ones\n"
    "  --list        print the puzzles, one a line: id, variant, difficulty, goal\n"
    "                and whether you solved it; then each variant's count\n"
    "  --ascii, --no-highlight, --no-mouse   as for 'camelot play'\n"
    "  --text        the puzzles in plain text, one line at a time, even on a\n"
    "                terminal (as when the input or output is not one): type the\n"
    "                move; 'solution' gives up, 'next' skips, 'help' lists the rest\n"
    "  --quiet       in plain text, no board before each move to find\n\n"
    "  --generate    play the engine against itself and keep the positions where\n"
    "                its best move, searched to depth D, is better than every\n"
    "                other by two men or more (or wins when no other does); new\n"
    "                puzzles are added to --out FILE (atomically, after each game)\n"
    "  --out FILE    the puzzle file to write (required with --generate)\n"
    "  --games N     games of self-play (default 10)\n"
    "  --depth D     the depth of the check (default 8)\n"
    "  --level L     the level of the engine that plays the games (default 6; lower\n"
    "                levels blunder more)\n"
    "  --seed K      the games' openings and the engine's noise (default 1)\n"
    "  --max N       stop after N new puzzles (default 1000)\n";

enum {
    OPT_VARIANT,
    OPT_ID,
    OPT_FILE,
    OPT_LIST,
    OPT_GENERATE,
    OPT_OUT,
    OPT_GAMES,
    OPT_DEPTH,
    OPT_LEVEL,
    OPT_SEED,
    OPT_MAX,
    OPT_ASCII,
    OPT_NO_HIGHLIGHT,
    OPT_NO_MOUSE,
    OPT_TEXT,
    OPT_QUIET,
    OPT_COUNT
};

static const CliOpt puzzle_opts[OPT_COUNT] = {
    [OPT_VARIANT] = {"--variant", 1, 0},
    [OPT_ID] = {"--id", 1, 0},
    [OPT_FILE] = {"--file", 1, 0},
    [OPT_LIST] = {"--list", 0, 0},
    [OPT_GENERATE] = {"--generate", 0, 0},
    [OPT_OUT] = {"--out", 1, 0},
    [OPT_GAMES] = {"--games", 1, 0},
    [OPT_DEPTH] = {"--depth", 1, 0},
    [OPT_LEVEL] = {"--level", 1, 0},
    [OPT_SEED] = {"--seed", 1, 0},
    [OPT_MAX] = {"--max", 1, 0},
    [OPT_ASCII] = {"--ascii", 0, 0},
    [OPT_NO_HIGHLIGHT] = {"--no-highlight", 0, 0},
    [OPT_NO_MOUSE] = {"--no-mouse", 0, 0},
    [OPT_TEXT] = {"--text", 0, 0},
    [OPT_QUIET] = {"--quiet", 0, 0},
};

/* Reads a whole-number option into '*out' when it is given. Returns -1, or an exit code. */
static int number(const CliArgs *a, int opt, const char *noun, const char *range, long lo, long hi,
                  long *out)
{
    if (a->value[opt] == NULL)
        return -1;
    return cli_int_arg(a, noun, range, a->value[opt], lo, hi, out);
}

static int generate(CliCtx *ctx, const CliArgs *a)
{
    CliPuzzleGen conf = {
        NULL, NULL, GEN_DEFAULT_GAMES, GEN_DEFAULT_DEPTH, GEN_DEFAULT_LEVEL, 1, GEN_DEFAULT_MAX};
    int rc;

    if (a->value[OPT_VARIANT] == NULL)
        return cli_usage_error(a->usage, "--generate needs --variant");
    if (a->value[OPT_OUT] == NULL)
        return cli_usage_error(a->usage, "--generate needs --out FILE");
    if (a->value[OPT_ID] || a->value[OPT_FILE] || a->value[OPT_LIST])
        return cli_usage_error(a->usage, "--generate takes no --id, --file or --list");
    if ((rc = number(a, OPT_GAMES, "game count", "1 to 100000", 1, 100000, &conf.games)) >= 0 ||
        (rc = number(a, OPT_DEPTH, "depth", "1 to 64", 1, CM_ENGINE_MAX_DEPTH, &conf.depth)) >= 0 ||
        (rc = number(a, OPT_LEVEL, "level", "1 to 10", 1, CM_ENGINE_LEVELS, &conf.level)) >= 0 ||
        (rc = number(a, OPT_SEED, "seed", "0 to 2^31", 0, 2147483647L, &conf.seed)) >= 0 ||
        (rc = number(a, OPT_MAX, "puzzle count", "1 to 100000", 1, 100000, &conf.max)) >= 0)
        return rc;
    if ((conf.v = cli_variant(ctx, a->value[OPT_VARIANT])) == NULL)
        return CLI_EXIT_INPUT;
    conf.out = a->value[OPT_OUT];
    return cli_puzzle_generate(ctx, &conf);
}

/* Says on standard error that there are no puzzles (of variant 'v', when not NULL), and of
 * which variants there are, and returns CLI_EXIT_INPUT. */
static int none_of(const PuzzleBook *b, const CmVariant *v)
{
    const CmVariant *seen[PUZZLE_FILES_MAX];
    char which[400];
    size_t len = 0;
    int n = 0;
    for (int k = 0; k < b->n && n < PUZZLE_FILES_MAX; k++) {
        const CmVariant *pv = puzzle_book_variant(b, b->order[k]);
        int known = 0;
        for (int i = 0; i < n; i++)
            known |= seen[i] == pv;
        if (!known)
            seen[n++] = pv;
    }
    which[0] = '\0';
    for (int i = 0; i < n && len < sizeof which; i++)
        len += (size_t)snprintf(which + len, sizeof which - len, "%s%s",
                                i == 0       ? ""
                                : i == n - 1 ? " and "
                                             : ", ",
                                seen[i]->title);
    if (v == NULL)
        fputs("camelot: there are no puzzles\n", stderr);
    else if (n == 0)
        fprintf(stderr, "camelot: there are no puzzles of %s, nor of any variant\n", v->title);
    else
        fprintf(stderr, "camelot: there are no puzzles of %s; there are puzzles of %s\n", v->title,
                which);
    return CLI_EXIT_INPUT;
}

/* The puzzles of the book (of variant 'v' only, when not NULL), one a line, then a line of
 * each variant's count, after '#'; when there is none the error says so. */
static int list(const PuzzleBook *b, const PuzzleScore *s, const CmVariant *v)
{
    int listed = 0, nvar = 0, count[PUZZLE_FILES_MAX] = {0};
    const CmVariant *var[PUZZLE_FILES_MAX];
    for (int k = 0; k < b->n; k++) {
        const CmPuzzle *p = b->all[k];
        const CmVariant *pv = puzzle_book_variant(b, k);
        if (v != NULL && pv != v)
            continue;
        int r = puzzle_score_result(s, p->id);
        /* The goal is padded only when a result follows it: no line ends in spaces. */
        printf("%-25s %-20s difficulty %d  %-*s%s\n", p->id, pv->name, p->difficulty, r < 0 ? 0 : 6,
               cm_puzzle_goal_name(p->goal),
               r < 0 ? ""
               : r   ? "  solved"
                     : "  missed");
        int at = 0;
        while (at < nvar && var[at] != pv)
            at++;
        if (at == nvar && nvar < PUZZLE_FILES_MAX)
            var[nvar++] = pv;
        if (at < nvar)
            count[at]++;
        listed++;
    }
    for (int i = 0; i < nvar; i++)
        printf("# %s: %d puzzle%s\n", var[i]->title, count[i], count[i] == 1 ? "" : "s");
    return listed > 0 ? CLI_EXIT_OK : none_of(b, v);
}

/* The first puzzle to serve: --id's, else the next one for the score. Sets '*at' (an index of
 * 'b->order') and returns -1, or prints why there is none and returns an exit code. */
static int first_puzzle(const CliArgs *a, const PuzzleBook *b, const PuzzleScore *s,
                        const CmVariant *v, int *at)
{
    const char *id = a->value[OPT_ID];
    *at = -1;
    if (id == NULL) {
        if ((*at = puzzle_book_next(b, s, v, -1)) >= 0)
            return -1;
        return none_of(b, v);
    }
    int i = puzzle_book_find(b, id);
    for (int k = 0; k < b->n && i >= 0; k++)
        if (b->order[k] == i)
            *at = k;
    if (*at < 0) {
        fprintf(stderr, "camelot: there is no puzzle '%s' ('camelot puzzle --list' lists them)\n",
                id);
        return CLI_EXIT_INPUT;
    }
    if (v != NULL && puzzle_book_variant(b, i) != v) {
        fprintf(stderr, "camelot: puzzle '%s' is of %s, not %s\n", id,
                puzzle_book_variant(b, i)->name, v->name);
        return CLI_EXIT_INPUT;
    }
    return -1;
}

/* The puzzles on the screen, from the one at 'at', until the player quits. */
static int play(CliCtx *ctx, const CliArgs *a, const SessionConfig *conf, PuzzleBook *b,
                PuzzleScore *s, const CmVariant *v, int at, const char *data_dir, const char *note)
{
    UiPuzzles pz;
    Session session;
    SessionEnv env = {&ctx->catalog, NULL, NULL};
    UiOptions opt;
    int rc = CLI_EXIT_OK;

    memset(&pz, 0, sizeof pz);
    pz.book = b;
    pz.score = s;
    pz.data_dir = data_dir;
    pz.only = v;
    session_init(&session, &env);
    if (ui_puzzle_start(&pz, &session, at) != CM_OK) {
        session_free(&session);
        return cli_out_of_memory();
    }
    /* The puzzle turns the board itself: the solver at the bottom. */
    CliScreenFlags f = {a->value[OPT_ASCII] != NULL, a->value[OPT_NO_HIGHLIGHT] != NULL,
                        a->value[OPT_NO_MOUSE] != NULL, 0, 0};
    cli_screen_options(&f, conf, &opt);
    Ui *ui = ui_new(&session, &opt);
    if (ui == NULL) {
        rc = cli_out_of_memory();
    } else {
        ui_puzzle_attach(ui, &pz);
        if (note[0])
            ui_note(ui, 1, note);
        rc = ui_run(ui);
        ui_delete(ui);
        printf("Puzzles: %d solved, %d missed; streak %d (best %d).\n", s->solved, s->missed,
               s->streak, s->best);
    }
    session_free(&session);
    return rc;
}

int cli_puzzle(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    PuzzleBook book;
    PuzzleScore score;
    SessionConfig conf;
    const CmVariant *v = NULL;
    char data_dir[IO_PATH_MAX], note[IO_PATH_MAX + 200] = "";
    CmError err;
    int rc =
        cli_args_parse(cli_puzzle_usage, cli_puzzle_help, puzzle_opts, OPT_COUNT, argc, argv, &a);

    if (rc < 0 && a.nargs > 0)
        rc = cli_usage_error(a.usage, "unexpected argument '%s'", a.args[0]);
    if (rc < 0 && a.value[OPT_GENERATE] != NULL) {
        rc = generate(ctx, &a);
        goto out;
    }
    for (int o = OPT_OUT; o <= OPT_MAX && rc < 0; o++)
        if (a.value[o] != NULL)
            rc = cli_usage_error(a.usage, "%s goes with --generate", puzzle_opts[o].name);
    if (rc < 0 && a.value[OPT_LIST] && a.value[OPT_ID])
        rc = cli_usage_error(a.usage, "--list and --id: choose one");
    if (rc < 0)
        rc = cli_config(&conf);
    if (rc >= 0)
        goto out;
    if (a.value[OPT_VARIANT] != NULL && (v = cli_variant(ctx, a.value[OPT_VARIANT])) == NULL) {
        rc = CLI_EXIT_INPUT;
        goto out;
    }
    if (puzzle_book_load(&book, &ctx->catalog, a.value[OPT_FILE], &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        rc = CLI_EXIT_INPUT;
        goto out;
    }
    if (io_data_dir(data_dir, sizeof data_dir, &err) != CM_OK) {
        snprintf(note, sizeof note, "The score is not kept: %s.", err.msg);
        data_dir[0] = '\0';
    }
    if (puzzle_score_load(&score, data_dir, &err) != CM_OK)
        snprintf(note, sizeof note, "The score could not be read: %s.", err.msg);
    int at;
    if (a.value[OPT_LIST]) {
        rc = list(&book, &score, v);
    } else if ((rc = first_puzzle(&a, &book, &score, v, &at)) >= 0) {
        /* said why */
    } else if (a.value[OPT_TEXT] || !isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        CliTextPuzzles text = {&ctx->catalog,
                               &book,
                               &score,
                               data_dir,
                               v,
                               at,
                               a.value[OPT_QUIET] != NULL || conf.quiet == 1,
                               note};
        rc = cli_text_puzzles(&text, stdin, stdout);
    } else {
        rc = play(ctx, &a, &conf, &book, &score, v, at, data_dir, note);
    }
    puzzle_score_free(&score);
    puzzle_book_free(&book);
out:
    cli_args_free(&a);
    return rc;
}
