/* 'camelot online' on a terminal: the lobby and the games of a server on the full screen. The
 * connection is made by online.c; here the lobby and a session are set up on it and handed to
 * the screen, and 'a' after a game runs the engine's review of it as after a game here.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "session/lobby.h"
#include "session/remote.h"
#include "ui/ui.h"

#define ENGINE_TT_BYTES ((size_t)16 << 20) /* hints in casual games */
#define ENGINE_LEAVE_MS 100

int cli_online_screen(CliCtx *ctx, struct Remote *r, const char *where, int no_files)
{
    Lobby *lobby = malloc(sizeof *lobby);
    Session *s = malloc(sizeof *s);
    int rc = CLI_EXIT_OK;
    if (lobby == NULL || s == NULL || lobby_open_on(lobby, r, &ctx->catalog) != CM_OK) {
        free(lobby);
        free(s);
        return cli_out_of_memory();
    }
    snprintf(lobby->where, sizeof lobby->where, "%s", where);
    /* The engine gives hints in casual games; the engine seats of a game play on the server. */
    EngineThread *eng = engine_thread_new(ENGINE_TT_BYTES);
    SessionEnv env = {&ctx->catalog, eng, NULL};
    session_init(s, &env);

    UiOptions opt;
    CliScreenFlags f = {0, 0, 0, 0, 0};
    cli_screen_options(&f, NULL, &opt);
    opt.no_files = no_files;
    Ui *ui = ui_new_online(s, lobby, &opt);
    if (ui == NULL) {
        rc = cli_out_of_memory();
    } else {
        /* 'a' after a game: the engine's review, then the screen again. */
        while ((rc = ui_run(ui)) == CLI_EXIT_OK && ui_wants_review(ui)) {
            rc = cli_review_played(&s->g, cli_own_seats(s), "this game", ui_options(ui), ui);
            if (rc != CLI_EXIT_OK)
                break;
        }
        ui_delete(ui);
    }
    session_free(s);
    lobby_free(lobby);
    engine_thread_leave(eng, ENGINE_LEAVE_MS);
    free(lobby);
    free(s);
    return rc;
}
