/* The commands that check a file: 'validate' (variant files) and 'replay' (a game record,
 * move by move).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "camelot/record.h"
#include "cli.h"
#include "io/io.h"
#include "session/text.h"

const char cli_validate_usage[] = "validate FILE...";
const char cli_validate_help[] =
    "Checks each variant file and prints 'FILE: ok', or its errors as\n"
    "'FILE:LINE:COL: message'. Exits with 1 when any file is bad.\n";

const char cli_replay_usage[] = "replay [--variant V] RECORD";
const char cli_replay_help[] =
    "Reads a game record (docs/notation.md), plays its moves in the variant of its\n"
    "Variant tag (default camelot), and prints the final board and 'result: ...'.\n"
    "An illegal move is reported as 'RECORD:LINE: illegal move ...'.\n\n"
    "  --variant V   the variant to play the record in, whatever its Variant tag\n"
    "                says (a record's own tag may only name a variant or a variant\n"
    "                file next to it)\n";

static const CliOpt replay_opts[] = {{"--variant", 1, 0}};

/* ---- validate ---------------------------------------------------------------------------- */

/* Checks one variant file. Returns an exit code. */
static int validate_one(const char *path)
{
    char *text = NULL;
    size_t len = 0;
    CmVariant *v = NULL;
    CmError err;
    int rc = CLI_EXIT_INPUT;

    if (io_read_file(path, CM_VARIANT_MAX_BYTES, &text, &len, &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        return rc;
    }
    cm_error_init(&err, path);
    if (cm_variant_parse(text, len, &v, &err) != CM_OK) {
        cli_report(&err, text, len);
    } else {
        printf("%s: ok\n", path);
        rc = CLI_EXIT_OK;
    }
    cm_variant_free(v);
    free(text);
    return rc;
}

int cli_validate(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    int rc = cli_args_parse(cli_validate_usage, cli_validate_help, NULL, 0, argc, argv, &a);

    (void)ctx;
    if (rc < 0 && a.nargs == 0)
        rc = cli_usage_error(cli_validate_usage, "'validate' needs more arguments");
    if (rc < 0) {
        rc = CLI_EXIT_OK;
        for (int i = 0; i < a.nargs; i++)
            if (validate_one(a.args[i]) != CLI_EXIT_OK)
                rc = CLI_EXIT_INPUT;
    }
    cli_args_free(&a);
    return rc;
}

/* ---- replay ------------------------------------------------------------------------------ */

/* The line of the record's 'Variant' tag, 0 when it has none. */
static int variant_line(const CmRecord *rec)
{
    for (int i = 0; i < rec->ntags; i++)
        if (strcmp(rec->tag[i].name, "Variant") == 0)
            return rec->tag[i].line;
    return 0;
}

/* The record's variant: 'want' (--variant) when not NULL, else the one its 'Variant' tag
 * names (a variant's name or a file next to the record). Prints why when it cannot be
 * loaded. */
static const CmVariant *record_variant(CliCtx *ctx, const CmRecord *rec, const char *path,
                                       const char *source, const char *want)
{
    char dir[IO_PATH_MAX], ref[IO_PATH_MAX];
    CmError err, terr;
    const char *base = strcmp(path, "-") == 0 ? NULL : io_dirname(path, dir, sizeof dir);

    if (want != NULL)
        return cli_variant(ctx, want);
    const CmVariant *v = catalog_record_variant(&ctx->catalog, cm_record_tag(rec, "Variant"), base,
                                                ref, sizeof ref, &err);
    if (v != NULL)
        return v;
    if (err.source[0])
        cli_report(&err, NULL, 0);
    cm_error_init(&terr, source);
    cm_error_set(&terr, err.code, variant_line(rec), 0, "%s",
                 err.source[0] ? "cannot load the record's variant" : err.msg);
    cli_report(&terr, NULL, 0);
    return NULL;
}

/* Prints the end of a replayed game: the board, the result, and a result the record gives
 * for a game the board did not end. */
static void print_result(const CmGame *game, const CmRecord *rec)
{
    char res[TEXT_OUTCOME_MAX];
    cli_board_print(stdout, &game->pos);
    text_outcome(game->v, &game->outcome, res, sizeof res);
    printf("result: %s\n", res);
    const char *recorded = cm_record_tag(rec, "Result");
    if (recorded == NULL && rec->result[0])
        recorded = rec->result;
    if (!game->outcome.over && recorded != NULL && strcmp(recorded, "*") != 0)
        printf("recorded result: %s\n", recorded);
}

int cli_record_load(CliCtx *ctx, const char *path, const char *want, CmRecord *rec, CmGame *game)
{
    const char *source = strcmp(path, "-") == 0 ? "<stdin>" : path;
    char *text = NULL;
    size_t len = 0;
    CmError err;
    int rc = CLI_EXIT_INPUT, have_game = 0;

    memset(rec, 0, sizeof *rec);
    if (io_read_file(path, CM_RECORD_MAX_BYTES, &text, &len, &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        goto out;
    }
    if (cm_record_parse(text, len, rec, &err) != CM_OK) {
        cli_report(&err, text, len);
        goto out;
    }
    const CmVariant *v = record_variant(ctx, rec, path, source, want);
    if (v == NULL)
        goto out;
    CmPosition start;
    cm_error_init(&err, source);
    if (cm_record_start(rec, v, &start, &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        goto out;
    }
    if (cm_game_init(game, v, &start) != CM_OK) {
        rc = cli_out_of_memory();
        goto out;
    }
    have_game = 1;
    CmStatus st = cm_record_replay(rec, game, &err);
    if (st == CM_ERR_ILLEGAL) {
        err.col = 0; /* 'RECORD:LINE: illegal move ...' */
        cli_report(&err, NULL, 0);
        goto out;
    }
    if (st != CM_OK) {
        cli_report(&err, text, len);
        goto out;
    }
    rc = CLI_EXIT_OK;
out:
    if (rc != CLI_EXIT_OK) {
        if (have_game)
            cm_game_free(game);
        cm_record_free(rec);
    }
    free(text);
    return rc;
}

static int replay(CliCtx *ctx, const char *path, const char *want)
{
    CmRecord rec;
    CmGame game;
    int rc = cli_record_load(ctx, path, want, &rec, &game);

    if (rc != CLI_EXIT_OK)
        return rc;
    print_result(&game, &rec);
    cm_game_free(&game);
    cm_record_free(&rec);
    return CLI_EXIT_OK;
}

int cli_replay(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    int rc = cli_args_parse(cli_replay_usage, cli_replay_help, replay_opts, 1, argc, argv, &a);

    if (rc < 0 && a.nargs == 0)
        rc = cli_usage_error(cli_replay_usage, "'replay' needs more arguments");
    else if (rc < 0 && a.nargs > 1)
        rc = cli_usage_error(cli_replay_usage, "unexpected argument '%s'", a.args[1]);
    if (rc < 0)
        rc = replay(ctx, a.args[0], a.value[0]);
    cli_args_free(&a);
    return rc;
}
