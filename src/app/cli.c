/* The command line: parsing arguments, help texts, and the commands that print something about
 * a variant, a position or a record.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "camelot/notation.h"
#include "camelot/record.h"
#include "cli_int.h"

/* Options a command accepts. */
enum {
    OPT_VARIANT = 1,
    OPT_POSITION = 2,
    OPT_PATHS = 4,
    OPT_DIVIDE = 8,
    OPT_OWN = 16, /* the command reads its own options (every argument is passed on) */
};

typedef struct CliArgs {
    const char *variant;  /* --variant V */
    const char *position; /* --position FILE */
    int paths, divide;
    int nargs; /* positional arguments */
    char **args;
} CliArgs;

typedef struct CliCommand {
    const char *name;
    const char *usage; /* after "camelot " */
    const char *summary;
    const char *help;
    unsigned opts;          /* 'OPT_*' */
    int min_args, max_args; /* positional arguments; max -1 = any number */
    int (*run)(CliCtx *ctx, const CliArgs *a);
} CliCommand;

static int run_play(CliCtx *ctx, const CliArgs *a);
static int run_validate(CliCtx *ctx, const CliArgs *a);
static int run_moves(CliCtx *ctx, const CliArgs *a);
static int run_perft(CliCtx *ctx, const CliArgs *a);
static int run_status(CliCtx *ctx, const CliArgs *a);
static int run_show(CliCtx *ctx, const CliArgs *a);
static int run_replay(CliCtx *ctx, const CliArgs *a);
static int run_help(CliCtx *ctx, const CliArgs *a);

/* The engine commands of cli_engine.c. */
static int run_analyze(CliCtx *ctx, const CliArgs *a)
{
    return cli_analyze(ctx, a->nargs, a->args);
}
static int run_bench(CliCtx *ctx, const CliArgs *a)
{
    return cli_bench(ctx, a->nargs, a->args);
}
static int run_match(CliCtx *ctx, const CliArgs *a)
{
    return cli_match(ctx, a->nargs, a->args);
}

#define VARIANT_HELP                                                                               \
    "  --variant V      a variant name (V.yaml in $CAMELOT_VARIANT_DIR, then the built-in\n"       \
    "                   variants) or a variant file path; default: camelot\n"
#define POSITION_HELP                                                                              \
    "  --position FILE  a position document (see docs/notation.md); '-' reads standard\n"          \
    "                   input; default: the variant's start position\n"

static const CliCommand commands[] = {
    {"play", game_play_usage, "play a game (the default command)", game_play_help, OPT_OWN, 0,
     -1, run_play},
    {"validate", "validate FILE...", "check variant files",
     "Checks each variant file and prints 'FILE: ok', or its errors as\n"
     "'FILE:LINE:COL: message'. Exits with 1 when any file is bad.\n",
     0, 1, -1, run_validate},
    {"moves", "moves [--variant V] [--position FILE|-] [--paths]", "list the legal moves",
     "Prints one line per legal move, sorted bytewise: the effect (FROM>TO, then x and the\n"
     "captured squares), a tab, and the canonical path in WCF notation. A seat that must be\n"
     "skipped is skipped first; when the game is over nothing is listed and the result goes\n"
     "to standard error.\n\n" VARIANT_HELP POSITION_HELP
     "  --paths          every way of writing each move, one line per path (at most 10000\n"
     "                   per move)\n",
     OPT_VARIANT | OPT_POSITION | OPT_PATHS, 0, 0, run_moves},
    {"perft", "perft DEPTH [--variant V] [--position FILE] [--divide]",
     "count move sequences to a depth",
     "Counts the effect-distinct move sequences of DEPTH plies (RULES.md 2.10). A position\n"
     "where the game is over has no moves; a seat with no move is skipped where the rules say\n"
     "so. The last line is 'total N'; the time taken goes to standard error.\n\n" VARIANT_HELP
         POSITION_HELP
     "  --divide         first one line per root move: EFFECT, a tab, its count\n",
     OPT_VARIANT | OPT_POSITION | OPT_DIVIDE, 1, 1, run_perft},
    {"status", "status [--variant V] [--position FILE]", "tell whether the game is over",
     "Prints 'ongoing', 'W wins (castle)', 'R+B wins (elimination)' or 'draw (material)' for\n"
     "the position, judged without history (RULES.md 2.11.5).\n\n" VARIANT_HELP POSITION_HELP,
     OPT_VARIANT | OPT_POSITION, 0, 0, run_status},
    {"show", "show [--variant V] [--position FILE]", "print the board",
     "Prints the board as in RULES.md 5.1: '.' an empty square, '#' an empty castle square;\n"
     "K/M White knight/man and k/m Black in two-player games; in four-player games the seat\n"
     "letter, upper case for a knight and lower case for a man (R r, G g, B b, Y y). Then the\n"
     "seat to move and the castle moves used.\n\n" VARIANT_HELP POSITION_HELP,
     OPT_VARIANT | OPT_POSITION, 0, 0, run_show},
    {"replay", "replay RECORD", "replay a game record",
     "Reads a game record (docs/notation.md), plays its moves in the variant of its Variant\n"
     "tag (default camelot), and prints the final board and 'result: ...'. An illegal move is\n"
     "reported as 'RECORD:LINE: illegal move ...'.\n",
     0, 1, 1, run_replay},
    {"analyze", cli_analyze_usage, "search a position with the engine", cli_analyze_help,
     OPT_OWN, 0, -1, run_analyze},
    {"bench", cli_bench_usage, "measure the engine's speed", cli_bench_help, OPT_OWN, 0, -1,
     run_bench},
    {"match", cli_match_usage, "play engine against engine", cli_match_help, OPT_OWN, 0, -1,
     run_match},
    {"help", "help [COMMAND]", "describe the commands", "Describes a command, or all of them.\n", 0,
     0, 1, run_help},
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

static const CliCommand *find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static void overview(FILE *f)
{
    fputs("usage: camelot [COMMAND] [OPTIONS]\n"
          "Camelot, Chivalry and their relatives for the terminal. With no command, play: on a\n"
          "terminal, the full-screen game against the engine (level 5); '?' in the game shows\n"
          "the rules and the keys.\n\n"
          "  camelot                              Camelot, you as White against the engine\n"
          "  camelot --variant grand-camelot --seat R=human --seat G=engine:7\n"
          "  camelot --time 10+5                  with clocks: 10 minutes, 5 s a move\n"
          "  camelot --resume                     continue the autosaved game\n"
          "  camelot --load RECORD                continue a saved game\n"
          "  camelot --ascii                      letters instead of glyphs\n\n"
          "commands:\n",
          f);
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("\n'camelot COMMAND --help' describes a command. --version prints the version.\n"
          "Exit status: 0 ok, 1 bad input (a file, a move), 2 bad usage.\n",
          f);
}

static void command_help(const CliCommand *c, FILE *f)
{
    fprintf(f, "usage: camelot %s\n\n%s", c->usage, c->help);
}

static int usage_error(const CliCommand *c, const char *fmt, const char *what)
{
    fputs("camelot: ", stderr);
    fprintf(stderr, fmt, what);
    fputc('\n', stderr);
    if (c != NULL)
        fprintf(stderr, "usage: camelot %s\n", c->usage);
    else
        fputs("usage: camelot [COMMAND] [OPTIONS]; try 'camelot help'\n", stderr);
    return CLI_EXIT_USAGE;
}

/* Reads the options and positional arguments of command 'c'. Returns -1 to go on, or an exit
 * code (help printed, or a usage error). */
static int parse_args(const CliCommand *c, int argc, char **argv, CliArgs *a)
{
    static const struct {
        const char *name;
        unsigned opt;
    } valued[] = {{"--variant", OPT_VARIANT}, {"--position", OPT_POSITION}};
    int only_args = 0;

    memset(a, 0, sizeof *a);
    a->args = calloc((size_t)argc + 1, sizeof *a->args);
    if (a->args == NULL) {
        fputs("camelot: out of memory\n", stderr);
        return CLI_EXIT_INPUT;
    }
    for (int i = 0; i < argc; i++) {
        char *arg = argv[i];
        if (only_args || arg[0] != '-' || strcmp(arg, "-") == 0) {
            a->args[a->nargs++] = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_args = 1;
            continue;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            command_help(c, stdout);
            return CLI_EXIT_OK;
        }
        if (c->opts & OPT_OWN) {
            a->args[a->nargs++] = arg;
            continue;
        }
        int done = 0;
        for (size_t k = 0; k < sizeof valued / sizeof valued[0] && !done; k++) {
            size_t n = strlen(valued[k].name);
            const char *value;
            if (strncmp(arg, valued[k].name, n) != 0 || (arg[n] != '\0' && arg[n] != '='))
                continue;
            if (!(c->opts & valued[k].opt))
                return usage_error(c, "unknown option '%s'", valued[k].name);
            if (arg[n] == '=')
                value = arg + n + 1;
            else if (i + 1 < argc)
                value = argv[++i];
            else
                return usage_error(c, "option '%s' needs a value", valued[k].name);
            if (value[0] == '\0')
                return usage_error(c, "option '%s' needs a value", valued[k].name);
            if (valued[k].opt == OPT_VARIANT)
                a->variant = value;
            else
                a->position = value;
            done = 1;
        }
        if (done)
            continue;
        if (strcmp(arg, "--paths") == 0 && (c->opts & OPT_PATHS))
            a->paths = 1;
        else if (strcmp(arg, "--divide") == 0 && (c->opts & OPT_DIVIDE))
            a->divide = 1;
        else
            return usage_error(c, "unknown option '%s'", arg);
    }
    if (a->nargs < c->min_args)
        return usage_error(c, "'%s' needs more arguments", c->name);
    if (c->max_args >= 0 && a->nargs > c->max_args)
        return usage_error(c, "unexpected argument '%s'", a->args[c->max_args]);
    return -1;
}

/* ---- Commands ----------------------------------------------------------------------------- */

static int run_help(CliCtx *ctx, const CliArgs *a)
{
    (void)ctx;
    if (a->nargs == 0) {
        overview(stdout);
        return CLI_EXIT_OK;
    }
    const CliCommand *c = find_command(a->args[0]);
    if (c == NULL)
        return usage_error(NULL, "unknown command '%s'", a->args[0]);
    command_help(c, stdout);
    return CLI_EXIT_OK;
}

static int run_play(CliCtx *ctx, const CliArgs *a)
{
    return game_main(ctx, a->nargs, a->args);
}

static int run_validate(CliCtx *ctx, const CliArgs *a)
{
    int rc = CLI_EXIT_OK;

    (void)ctx;
    for (int i = 0; i < a->nargs; i++) {
        const char *path = a->args[i];
        char *text = NULL;
        size_t len = 0;
        CmVariant *v = NULL;
        CmError err;

        if (cli_read_file(path, CM_VARIANT_MAX_BYTES, &text, &len, &err) != CM_OK) {
            cli_report(&err, NULL, 0);
            rc = CLI_EXIT_INPUT;
            continue;
        }
        cm_error_init(&err, path);
        if (cm_variant_parse(text, len, &v, &err) != CM_OK) {
            cli_report(&err, text, len);
            rc = CLI_EXIT_INPUT;
        } else {
            printf("%s: ok\n", path);
        }
        cm_variant_free(v);
        free(text);
    }
    return rc;
}

/* Loads the position of the command's options and settles it. Returns an exit code; '*over'
 * is set (and the result printed on stderr) when the game is over there. */
static int settled_position(CliCtx *ctx, const CliArgs *a, CmPosition *pos, CmOutcome *o)
{
    int rc = cli_load_position(ctx, a->variant, a->position, pos);
    if (rc != CLI_EXIT_OK)
        return rc;
    cm_rules_settle(pos, o);
    return CLI_EXIT_OK;
}

static void game_over(const CmPosition *pos, const CmOutcome *o)
{
    char text[128];
    cli_outcome_text(pos->v, o, text, sizeof text);
    fprintf(stderr, "game over: %s\n", text);
}

#define PATHS_PER_MOVE 10000

typedef struct PathCollect {
    char **text;
    int n;
    int failed;
} PathCollect;

static int collect_path(void *ud, const CmPath *path, const CmMove *effect)
{
    PathCollect *pc = ud;
    char buf[CM_MAX_PATH * 4];

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

static int run_moves(CliCtx *ctx, const CliArgs *a)
{
    CmPosition pos;
    CmOutcome o;
    CliMoveText *mt = NULL;
    PathCollect pc = {NULL, 0, 0};
    int rc = settled_position(ctx, a, &pos, &o), n;

    if (rc != CLI_EXIT_OK)
        return rc;
    if (o.over) {
        game_over(&pos, &o);
        return CLI_EXIT_OK;
    }
    n = cli_movetext(&pos, &mt);
    if (n < 0) {
        fprintf(stderr, "camelot: more than %d legal moves (or out of memory)\n", CM_MAX_MOVES);
        return CLI_EXIT_INPUT;
    }
    if (a->paths) {
        pc.text = malloc((PATHS_PER_MOVE + 1) * sizeof *pc.text);
        if (pc.text == NULL) {
            fputs("camelot: out of memory\n", stderr);
            rc = CLI_EXIT_INPUT;
            goto out;
        }
    }
    for (int i = 0; i < n; i++) {
        if (!a->paths) {
            printf("%s\t%s\n", mt[i].effect, mt[i].path);
            continue;
        }
        pc.n = 0;
        cm_movegen_paths(&pos, &mt[i].move, PATHS_PER_MOVE + 1, collect_path, &pc);
        int kept = pc.n > PATHS_PER_MOVE ? PATHS_PER_MOVE : pc.n;
        if (pc.failed) {
            kept = pc.n;
        }
        qsort(pc.text, (size_t)kept, sizeof *pc.text, by_string);
        for (int k = 0; k < kept; k++) {
            printf("%s\t%s\n", mt[i].effect, pc.text[k]);
            free(pc.text[k]);
        }
        if (pc.failed) {
            fputs("camelot: out of memory\n", stderr);
            rc = CLI_EXIT_INPUT;
            goto out;
        }
        if (pc.n > PATHS_PER_MOVE)
            fprintf(stderr, "camelot: %s has more than %d paths; only %d listed\n", mt[i].effect,
                    PATHS_PER_MOVE, PATHS_PER_MOVE);
    }
out:
    free(pc.text);
    free(mt);
    return rc;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int run_perft(CliCtx *ctx, const CliArgs *a)
{
    const char *d = a->args[0];
    char *end = NULL;
    CmPosition pos;
    uint64_t total;
    int overflow, rc;
    long depth;

    depth = strtol(d, &end, 10);
    if (d[0] < '0' || d[0] > '9' || *end != '\0' || depth > 64)
        return usage_error(find_command("perft"), "bad depth '%s' (a number from 0 to 64)", d);
    rc = cli_load_position(ctx, a->variant, a->position, &pos);
    if (rc != CLI_EXIT_OK)
        return rc;

    double t0 = now_seconds();
    if (cli_perft(&pos, (int)depth, a->divide, stdout, &total, &overflow) != 0) {
        fputs("camelot: out of memory\n", stderr);
        return CLI_EXIT_INPUT;
    }
    double t = now_seconds() - t0;
    if (overflow) {
        fprintf(stderr, "camelot: a position had more than %d moves; the count is wrong\n",
                CM_MAX_MOVES);
        return CLI_EXIT_INPUT;
    }
    printf("total %llu\n", (unsigned long long)total);
    fprintf(stderr, "time %.2f s, %.1f Mleaves/s\n", t, t > 0 ? (double)total / t / 1e6 : 0.0);
    return CLI_EXIT_OK;
}

static int run_status(CliCtx *ctx, const CliArgs *a)
{
    CmPosition pos;
    CmOutcome o;
    char text[128];
    int rc = settled_position(ctx, a, &pos, &o);

    if (rc != CLI_EXIT_OK)
        return rc;
    cli_outcome_text(pos.v, &o, text, sizeof text);
    printf("%s\n", text);
    return CLI_EXIT_OK;
}

static int run_show(CliCtx *ctx, const CliArgs *a)
{
    CmPosition pos;
    int rc = cli_load_position(ctx, a->variant, a->position, &pos);

    if (rc != CLI_EXIT_OK)
        return rc;
    cli_board_print(stdout, &pos);
    return CLI_EXIT_OK;
}

static int run_replay(CliCtx *ctx, const CliArgs *a)
{
    const char *path = a->args[0];
    char *text = NULL;
    size_t len = 0;
    CmRecord rec;
    CmGame game;
    CmError err;
    char dir[4096], res[128];
    int rc = CLI_EXIT_INPUT, have_game = 0;

    memset(&rec, 0, sizeof rec);
    if (cli_read_file(path, CM_RECORD_MAX_BYTES, &text, &len, &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        goto out;
    }
    if (cm_record_parse(text, len, &rec, &err) != CM_OK) {
        cli_report(&err, text, len);
        goto out;
    }

    const char *ref = cm_record_tag(&rec, "Variant");
    const CmVariant *v =
        cli_variant_get(ctx, ref ? ref : CLI_DEFAULT_VARIANT,
                        strcmp(path, "-") == 0 ? NULL : cli_dirname(path, dir, sizeof dir), &err);
    if (v == NULL) {
        CmError terr;
        int line = 0;
        for (int i = 0; i < rec.ntags; i++)
            if (strcmp(rec.tag[i].name, "Variant") == 0)
                line = rec.tag[i].line;
        if (err.source[0])
            cli_report(&err, NULL, 0);
        cm_error_init(&terr, strcmp(path, "-") == 0 ? "<stdin>" : path);
        cm_error_set(&terr, err.code, line, 0, "%s",
                     err.source[0] ? "cannot load the record's variant" : err.msg);
        cli_report(&terr, NULL, 0);
        goto out;
    }
    if (cm_game_init(&game, v, NULL) != CM_OK) {
        fputs("camelot: out of memory\n", stderr);
        goto out;
    }
    have_game = 1;
    cm_error_init(&err, strcmp(path, "-") == 0 ? "<stdin>" : path);
    CmStatus st = cm_record_replay(&rec, &game, &err);
    if (st == CM_ERR_ILLEGAL) {
        err.col = 0; /* 'RECORD:LINE: illegal move ...' */
        cli_report(&err, NULL, 0);
        goto out;
    }
    if (st != CM_OK) {
        cli_report(&err, text, len);
        goto out;
    }
    cli_board_print(stdout, &game.pos);
    cli_outcome_text(v, &game.outcome, res, sizeof res);
    printf("result: %s\n", res);
    const char *recorded = cm_record_tag(&rec, "Result");
    if (recorded == NULL && rec.result[0])
        recorded = rec.result;
    if (!game.outcome.over && recorded != NULL && strcmp(recorded, "*") != 0)
        printf("recorded result: %s\n", recorded);
    rc = CLI_EXIT_OK;
out:
    if (have_game)
        cm_game_free(&game);
    cm_record_free(&rec);
    free(text);
    return rc;
}

/* ---- Entry -------------------------------------------------------------------------------- */

int cli_main(int argc, char **argv)
{
    CliCtx ctx;
    CliArgs args;
    const CliCommand *c;
    int first = 1, rc;

    memset(&ctx, 0, sizeof ctx);
    memset(&args, 0, sizeof args);
    if (argc > 1) {
        const char *arg = argv[1];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            overview(stdout);
            return CLI_EXIT_OK;
        }
        if (strcmp(arg, "--version") == 0) {
            printf("camelot %s\n", CAMELOT_VERSION);
            return CLI_EXIT_OK;
        }
    }
    if (argc > 1 && argv[1][0] != '-') {
        c = find_command(argv[1]);
        if (c == NULL)
            return usage_error(NULL, "unknown command '%s'", argv[1]);
        first = 2;
    } else {
        c = find_command("play");
    }
    rc = parse_args(c, argc - first, argv + first, &args);
    if (rc < 0)
        rc = c->run(&ctx, &args);
    free(args.args);
    cli_ctx_free(&ctx);
    fflush(stdout);
    if (ferror(stdout) && rc == CLI_EXIT_OK) {
        fputs("camelot: cannot write the output\n", stderr);
        rc = CLI_EXIT_INPUT;
    }
    return rc;
}
