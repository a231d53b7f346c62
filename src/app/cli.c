/* The command line: the table of commands, the overview and per-command help, and dispatch.
 * Each command reads its own options with the one parser of options.c.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "cli.h"
#include "io/io.h"

typedef struct CliCommand {
    const char *name;
    const char *usage; /* after "camelot " */
    const char *summary;
    const char *help;
    int (*run)(CliCtx *ctx, int argc, char **argv);
} CliCommand;

static int run_help(CliCtx *ctx, int argc, char **argv);
static const char help_usage[] = "help [COMMAND]";
static const char help_help[] = "Describes a command, or all of them.\n";

static const CliCommand commands[] = {
    {"play", cli_play_usage, "play a game (the default command)", cli_play_help, cli_play},
    {"learn", cli_learn_usage, "learn the rules, lesson by lesson", cli_learn_help, cli_learn},
    {"validate", cli_validate_usage, "check variant files", cli_validate_help, cli_validate},
    {"moves", cli_moves_usage, "list the legal moves", cli_moves_help, cli_moves},
    {"perft", cli_perft_usage, "count move sequences to a depth", cli_perft_help, cli_perft},
    {"status", cli_status_usage, "tell whether the game is over", cli_status_help, cli_status},
    {"show", cli_show_usage, "print the board", cli_show_help, cli_show},
    {"replay", cli_replay_usage, "replay a game record", cli_replay_help, cli_replay},
    {"review", cli_review_usage, "review a game record with the engine", cli_review_help,
     cli_review},
    {"analyze", cli_analyze_usage, "search a position with the engine", cli_analyze_help,
     cli_analyze},
    {"bench", cli_bench_usage, "measure the engine's speed", cli_bench_help, cli_bench},
    {"match", cli_match_usage, "play engine against engine", cli_match_help, cli_match},
    {"engine", cli_engine_usage, "talk to the engine through a line protocol", cli_engine_help,
     cli_engine},
    {"puzzle", cli_puzzle_usage, "solve puzzles: find the clearly best move", cli_puzzle_help,
     cli_puzzle},
    {"online", cli_online_usage, "play on a server: games, seats, moves, chat", cli_online_help,
     cli_online},
    {"serve", cli_serve_usage, "run a server for games over the network", cli_serve_help,
     cli_serve},
    {"relay", cli_relay_usage, "join standard input and output to a server (for ssh)",
     cli_relay_help, cli_relay},
    {"host", cli_host_usage, "open a server to anyone with an ssh key", cli_host_help, cli_host},
    {"admin", cli_admin_usage, "the host's tools: players, bans, backups", cli_admin_help,
     cli_admin},
    {"loadgen", cli_loadgen_usage, "drive a server with many clients, and measure it",
     cli_loadgen_help, cli_loadgen},
    {"tune", cli_tune_usage, "fit the evaluation's weights to game results", cli_tune_help,
     cli_tune},
    {"help", help_usage, "describe the commands", help_help, run_help},
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
          "Camelot, Chivalry and their relatives for the terminal. With no command, play:\n"
          "on a terminal, the full-screen game against the engine (level 5); '?' in the\n"
          "game shows the rules and the keys.\n\n"
          "  camelot                              Camelot, you as White against the engine\n"
          "  camelot --variant grand-camelot --seat R=human --seat G=engine:7\n"
          "  camelot --time 10+5                  with clocks: 10 minutes, 5 s a move\n"
          "  camelot --resume                     continue the autosaved game\n"
          "  camelot --load RECORD                continue a saved game\n"
          "  camelot --ascii                      letters instead of glyphs\n"
          "  camelot learn                        learn the rules, lesson by lesson\n\n"
          "commands:\n",
          f);
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("\n'camelot COMMAND --help' describes a command. --version prints the version.\n"
          "Exit status: 0 ok, 1 bad input (a file, a move), 2 bad usage.\n",
          f);
    /* From the build tree the manual page is the source's, which 'man camelot' does not find. */
    char page[IO_PATH_MAX];
    const char *docs = io_doc_dir();
    int source =
        (size_t)snprintf(page, sizeof page, "%s/camelot.6", docs) < sizeof page && io_exists(page);
    if (source)
        fprintf(f,
                "The manual, from the build tree:\n  man -l %s\nplaying.md and the other "
                "documents are in\n%s/.\n",
                page, docs);
    else
        fprintf(f, "The manual: 'man camelot'; playing.md and the other documents are in\n%s/.\n",
                docs);
}

static int run_help(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    int rc = cli_args_parse(help_usage, help_help, NULL, 0, argc, argv, &a);

    (void)ctx;
    if (rc < 0 && a.nargs > 1)
        rc = cli_usage_error(help_usage, "unexpected argument '%s'", a.args[1]);
    if (rc < 0 && a.nargs == 0) {
        overview(stdout);
        rc = CLI_EXIT_OK;
    }
    if (rc < 0) {
        const CliCommand *c = find_command(a.args[0]);
        if (c == NULL) {
            rc = cli_usage_error(NULL, "unknown command '%s'", a.args[0]);
        } else {
            cli_help_print(stdout, c->usage, c->help);
            rc = CLI_EXIT_OK;
        }
    }
    cli_args_free(&a);
    return rc;
}

/* The exit code 'rc', unless the output could not be written (a full disk, a closed pipe). */
static int output_written(int rc)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (rc == CLI_EXIT_OK) {
            fputs("camelot: cannot write the output\n", stderr);
            rc = CLI_EXIT_INPUT;
        }
    }
    return rc;
}

int cli_main(int argc, char **argv)
{
    CliCtx ctx;
    const CliCommand *c;
    int first = 1, rc;

    if (argc > 1) {
        const char *arg = argv[1];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            overview(stdout);
            return output_written(CLI_EXIT_OK);
        }
        if (strcmp(arg, "--version") == 0) {
            printf("camelot %s\n", CAMELOT_VERSION);
            return output_written(CLI_EXIT_OK);
        }
    }
    if (argc > 1 && argv[1][0] != '-') {
        c = find_command(argv[1]);
        if (c == NULL)
            return cli_usage_error(NULL, "unknown command '%s'", argv[1]);
        first = 2;
    } else {
        c = find_command("play");
    }
    catalog_init(&ctx.catalog);
    rc = c->run(&ctx, argc - first, argv + first);
    catalog_free(&ctx.catalog);
    return output_written(rc);
}
