/* The 'play' command, which is also what 'camelot' does with no command: the full-screen game
 * when standard input and output are terminals, else the plain text game. Reads the seats,
 * clocks and saved games from the command line, sets up a session and hands it to the front
 * end.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "io/io.h"
#include "session/clock.h"
#include "session/session.h"
#include "session/text.h"
#include "ui/ui.h"

#define ENGINE_TT_BYTES ((size_t)32 << 20) /* the engine thread's table */
#define NOTE_MAX 400                       /* the first message on the screen */
#define ENGINE_LEAVE_MS 100 /* how long the end of the program waits for the engine to stop */

const char cli_play_usage[] =
    "play [--variant V] [--seat L=WHO]... [--time MIN+SEC] [--pace S]\n"
    "                    [--threads N] [--load FILE | --resume]\n"
    "                    [--ascii] [--no-highlight] [--no-mouse] [--flip]\n"
    "                    [--text [--quiet]]";
const char cli_play_help[] =
    "Plays a game. On a terminal this is the full-screen game: move with the arrow\n"
    "keys (or h j k l) and Enter, or the mouse, or type ':' and a move; '?' shows\n"
    "the rules of the variant and the keys. By default you play the first seat\n"
    "(White) and the engine plays the others at level 5. Every move is saved in\n"
    "$XDG_DATA_HOME/camelot/autosave.txt (default ~/.local/share/camelot), so\n"
    "'camelot --resume' continues a game however it ended.\n\n"
    "When standard input or output is not a terminal, or with --text, the game is\n"
    "played in plain text: people type moves in WCF notation, one a line, and each\n"
    "move is told in words. There a seat not named by --seat is a person's, so by\n"
    "default people play every seat; --seat, --time, --load and --resume work as\n"
    "above, and every move is autosaved as on the screen. Commands: moves, pieces,\n"
    "hint, undo, now (the engine moves at once), resign, draw (offer one), save\n"
    "FILE (a new file; save! FILE writes over one), board, quiet on|off (the board\n"
    "after each move or not), quit, help. Resign, draw and undo are asked again\n"
    "first; after confirm off, draw and undo are not. The board a line at a time,\n"
    "for a screen reader: rank 8, file E, square E8, pieces black knights, moves E6\n"
    "(that piece's), last (the last move), clock.\n\n"
    "  --variant V      a variant name (camette, cam, camelot, chivalry, grand-cam,\n"
    "                   grand-camelot, four-handed-chivalry,\n"
    "                   four-handed-chivalry-solo) or a variant file;\n"
    "                   default: camelot. With --load or --resume: the variant to\n"
    "                   play the saved game in, whatever the record says\n"
    "  --seat L=WHO     who plays the seat with letter L (W, B; or R, G, B, Y):\n"
    "                   'human', 'engine' (level 5) or 'engine:N' with N from 1\n"
    "                   (weakest) to 10\n"
    "  --time MIN+SEC   clocks: MIN minutes each, SEC seconds added after every move\n"
    "                   (a seat's clock starts after its first move)\n"
    "  --pace S         when engines play every seat, at least S seconds between\n"
    "                   their moves (0 to 60; '<' and '>' change it, 'p' pauses)\n"
    "  --threads N      threads of the engine at level 10 (1 to 64, default 1)\n"
    "  --load FILE      continue the game in a record (one saved with 's', or any\n"
    "                   game record; a record without seats is played by people),\n"
    "                   or start a game from a position document (FILE ending in\n"
    "                   .yaml, .yml or .json)\n"
    "  --resume         continue the autosaved game (refused while another camelot\n"
    "                   plays it)\n"
    "  --ascii          letters instead of chess-piece glyphs (also when the locale\n"
    "                   is not UTF-8)\n"
    "  --no-highlight   do not mark landing squares, obligations or the last move\n"
    "  --no-mouse       leave the mouse to the terminal\n"
    "  --flip           turn the board round\n"
    "  --text           the plain text game even on a terminal\n"
    "  --quiet          in the text game, no board after each move ('board' shows\n"
    "                   it): each move in words, one line at a time\n\n"
    "Colours are off when NO_COLOR is set. The screen needs 40 columns and 19 rows\n"
    "for the largest boards (80 x 24 shows everything).\n\n"
    "Settings: $XDG_CONFIG_HOME/camelot/camelot.conf (default ~/.config/camelot)\n"
    "gives defaults for these options, one 'NAME = VALUE' a line: variant, seat\n"
    "(one line a seat), time, pace, threads, ascii, highlight, mouse, colours, flip\n"
    "and quiet (yes or no). An option given here wins. See docs/playing.md,\n"
    "'Settings', and the commented sample camelot.conf beside it.\n";

enum {
    OPT_VARIANT,
    OPT_SEAT,
    OPT_TIME,
    OPT_PACE,
    OPT_THREADS,
    OPT_LOAD,
    OPT_RESUME,
    OPT_ASCII,
    OPT_NO_HIGHLIGHT,
    OPT_NO_MOUSE,
    OPT_FLIP,
    OPT_TEXT,
    OPT_QUIET,
    OPT_COUNT
};

static const CliOpt play_opts[OPT_COUNT] = {
    [OPT_VARIANT] = {"--variant", 1, 0},
    [OPT_SEAT] = {"--seat", 1, 1},
    [OPT_TIME] = {"--time", 1, 0},
    [OPT_PACE] = {"--pace", 1, 0},
    [OPT_THREADS] = {"--threads", 1, 0},
    [OPT_LOAD] = {"--load", 1, 0},
    [OPT_RESUME] = {"--resume", 0, 0},
    [OPT_ASCII] = {"--ascii", 0, 0},
    [OPT_NO_HIGHLIGHT] = {"--no-highlight", 0, 0},
    [OPT_NO_MOUSE] = {"--no-mouse", 0, 0},
    [OPT_FLIP] = {"--flip", 0, 0},
    [OPT_TEXT] = {"--text", 0, 0},
    [OPT_QUIET] = {"--quiet", 0, 0},
};

/* What the play command was asked for, and what it set up. */
typedef struct Play {
    CliArgs a;
    int64_t base_ms, inc_ms;         /* --time */
    int64_t pace_ms;                 /* --pace */
    long threads;                    /* --threads */
    char data_dir[IO_PATH_MAX];      /* "" when games are not saved */
    char no_data[CM_ERROR_TEXT_MAX]; /* why there is no data directory, when there is none */
    char note[NOTE_MAX];             /* the first message on the screen */
    EngineThread *eng;
    Session session;
    int text;           /* the plain text game: a seat not named by --seat is a person's */
    SessionConfig conf; /* the settings file: defaults for the options not given */
} Play;

/* The combinations of options that make no sense. Returns -1, or an exit code. */
static int check_options(Play *p)
{
    const CliArgs *a = &p->a;
    if (a->nargs > 0)
        return cli_usage_error(a->usage, "unexpected argument '%s'", a->args[0]);
    if (a->value[OPT_LOAD] && a->value[OPT_RESUME])
        return cli_usage_error(a->usage, "--load and --resume: choose one");
    if (a->value[OPT_TIME] && setup_parse_time(a->value[OPT_TIME], &p->base_ms, &p->inc_ms) != 0)
        return cli_usage_error(a->usage,
                               "bad time control '%s' (e.g. 10+5: ten minutes, five seconds a "
                               "move)",
                               a->value[OPT_TIME]);
    p->threads = 1;
    int rc;
    if (a->value[OPT_THREADS] &&
        (rc = cli_int_arg(a, "thread count", "1 to 64", a->value[OPT_THREADS], 1,
                          CM_ENGINE_MAX_THREADS, &p->threads)) >= 0)
        return rc;
    if (a->value[OPT_PACE]) {
        const char *pace = a->value[OPT_PACE];
        if (!setup_parse_seconds(pace, pace + strlen(pace), &p->pace_ms) || p->pace_ms < 0 ||
            p->pace_ms > SESSION_PACE_MAX_MS)
            return cli_usage_error(a->usage, "bad pace '%s' (seconds from 0 to %d, such as 1.5)",
                                   pace, SESSION_PACE_MAX_MS / 1000);
    }
    return -1;
}

/* The settings file's defaults for the options the command line does not give: threads, pace
 * and clocks (the clocks of a new game only). Returns -1, or an exit code. */
static int settings(Play *p)
{
    const CliArgs *a = &p->a;
    int rc = cli_config(&p->conf);
    if (rc >= 0)
        return rc;
    if (a->value[OPT_THREADS] == NULL && p->conf.threads > 0)
        p->threads = p->conf.threads;
    if (a->value[OPT_PACE] == NULL && p->conf.has_pace)
        p->pace_ms = p->conf.pace_ms;
    if (a->value[OPT_TIME] == NULL && p->conf.has_time) {
        p->base_ms = p->conf.time_base_ms;
        p->inc_ms = p->conf.time_inc_ms;
    }
    return -1;
}

/* Applies the --seat options to 'setup'. Returns -1, or an exit code. */
static int apply_seats(const CliArgs *a, const CmVariant *v, SessionSetup *setup)
{
    char why[300];
    for (int i = 0; i < a->nvalues[OPT_SEAT]; i++)
        if (setup_seat(setup, v, a->values[OPT_SEAT][i], why, sizeof why) != 0)
            return cli_usage_error(a->usage, "%s", why);
    return -1;
}

/* Loads the saved game 'path' (the autosave when 'resume'). A damaged autosave is kept
 * aside and a new game starts. Returns -1 when a game is loaded, 0 for a new game, or an exit
 * code. */
static int load_game(Play *p, const char *path, int resume)
{
    Session *s = &p->session;
    SessionLoad got;
    char kept[IO_PATH_MAX];
    CmError err, kerr;

    if (session_load(s, path, p->a.value[OPT_VARIANT], &got, &err) == CM_OK) {
        char count[64], shown[CLI_SHOWN_MAX];
        text_game_length(s->v->nseats, got.plies, count, sizeof count);
        if (s->notice[0] == '\0')
            snprintf(p->note, sizeof p->note, "%s %.300s: %s so far.",
                     resume ? "Resumed" : "Loaded", cli_shown(path, shown, sizeof shown), count);
        return -1;
    }
    cli_report(&err, NULL, 0);
    if (!resume || !got.damaged)
        return CLI_EXIT_INPUT;
    if (session_keep_damaged(path, kept, sizeof kept, &kerr) != CM_OK) {
        cli_report(&kerr, NULL, 0);
        return CLI_EXIT_INPUT;
    }
    snprintf(p->note, sizeof p->note,
             "The autosave could not be read as a game; it was kept as %.300s. Here is a new "
             "game.",
             kept);
    fprintf(stderr, "camelot: the autosave was kept as %s\n", kept);
    return 0;
}

/* Whether 'path' names a position document rather than a game record: a file whose name ends
 * in '.yaml', '.yml' or '.json'. */
static int is_position_file(const char *path)
{
    static const char *const ends[] = {".yaml", ".yml", ".json"};
    size_t n = strlen(path);
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        size_t k = strlen(ends[i]);
        if (n > k && strcmp(path + n - k, ends[i]) == 0)
            return 1;
    }
    return 0;
}

/* Sets up a new game from the position document 'path' with the seats and clocks of the
 * command line. Returns -1, or an exit code. */
static int load_position(CliCtx *ctx, Play *p, const char *path)
{
    SessionSetup setup;
    CmPosition pos;
    char why[160], ref[SETUP_REF_MAX], shown[CLI_SHOWN_MAX];
    int rc = cli_load_position(ctx, p->a.value[OPT_VARIANT], path, &pos);

    if (rc != CLI_EXIT_OK)
        return rc;
    cli_shown(path, shown, sizeof shown);
    if (!cm_rules_playable(&pos, why, sizeof why)) {
        fprintf(stderr, "%s: cannot be played: %s\n", shown, why);
        return CLI_EXIT_INPUT;
    }
    catalog_ref_of(&ctx->catalog, pos.v, ref, sizeof ref);
    setup_default(&setup, pos.v, ref);
    config_seats(&p->conf, pos.v, &setup);
    setup.time_base_ms = p->base_ms;
    setup.time_inc_ms = p->inc_ms;
    rc = apply_seats(&p->a, pos.v, &setup);
    if (rc >= 0)
        return rc;
    if (session_start(&p->session, pos.v, &setup, &pos) != CM_OK)
        return cli_out_of_memory();
    snprintf(p->note, sizeof p->note, "A new game from the position in %.300s.", shown);
    return -1;
}

/* The seats and clocks given with --load or --resume change the saved ones. Returns -1, or an
 * exit code. */
static int override_setup(Play *p)
{
    const CliArgs *a = &p->a;
    Session *s = &p->session;
    int rc = apply_seats(a, s->v, &s->setup);
    if (rc >= 0)
        return rc;
    if (s->env.engine == NULL)
        setup_all_human(&s->setup);
    if (a->value[OPT_TIME]) {
        s->setup.time_base_ms = p->base_ms;
        s->setup.time_inc_ms = p->inc_ms;
        for (int seat = 0; seat < CM_MAX_SEATS; seat++)
            s->clock[seat] = p->base_ms;
    }
    return -1;
}

/* The game to play: resumed, loaded, or new. Returns -1, or an exit code. */
static int open_game(CliCtx *ctx, Play *p)
{
    const CliArgs *a = &p->a;
    Session *s = &p->session;
    char auto_path[IO_PATH_MAX], ref[SETUP_REF_MAX];
    const char *load = a->value[OPT_LOAD];
    CmError err;

    if (a->value[OPT_RESUME]) {
        if (p->data_dir[0] == '\0') {
            fprintf(stderr, "camelot: --resume: %s\n", p->no_data);
            return CLI_EXIT_INPUT;
        }
        session_autosave_path(s, auto_path, sizeof auto_path);
        if (session_take_autosave(s, &err) != CM_OK) {
            fprintf(stderr, "camelot: --resume: %s\n", err.msg);
            return CLI_EXIT_INPUT;
        }
        if (io_exists(auto_path))
            load = auto_path;
        else
            snprintf(p->note, sizeof p->note,
                     "There is no autosaved game in %.300s: here is a new one.", p->data_dir);
    }
    if (load != NULL && load == a->value[OPT_LOAD] && is_position_file(load))
        return load_position(ctx, p, load);
    if (load != NULL) {
        int rc = load_game(p, load, a->value[OPT_RESUME] != NULL);
        if (rc != 0)
            return rc < 0 ? override_setup(p) : rc;
    }
    const char *want = a->value[OPT_VARIANT] ? a->value[OPT_VARIANT]
                       : p->conf.variant[0]  ? p->conf.variant
                                             : CLI_DEFAULT_VARIANT;
    const CmVariant *v = cli_variant(ctx, want);
    SessionSetup setup;
    if (v == NULL)
        return CLI_EXIT_INPUT;
    /* The name the saves carry: the variant's own ('camelot' for 'Camelot'), or its file. */
    if (catalog_is_path(want))
        catalog_ref(want, ref, sizeof ref);
    else
        catalog_ref_of(&ctx->catalog, v, ref, sizeof ref);
    setup_default(&setup, v, ref);
    if (p->text)
        setup_all_human(&setup);
    config_seats(&p->conf, v, &setup);
    setup.time_base_ms = p->base_ms;
    setup.time_inc_ms = p->inc_ms;
    int rc = apply_seats(a, v, &setup);
    if (rc >= 0)
        return rc;
    if (session_start(s, v, &setup, NULL) != CM_OK)
        return cli_out_of_memory();
    return -1;
}

/* How the screen looks, from the options, the settings file and the environment; where the
 * time of each key goes ('CAMELOT_LATENCY_LOG'). */
static void screen_options(const CliArgs *a, const SessionConfig *conf, UiOptions *opt)
{
    const char *lat = getenv("CAMELOT_LATENCY_LOG");
    CliScreenFlags f = {a->value[OPT_ASCII] != NULL, a->value[OPT_NO_HIGHLIGHT] != NULL,
                        a->value[OPT_NO_MOUSE] != NULL, a->value[OPT_FLIP] != NULL, 1};
    cli_screen_options(&f, conf, opt);
    opt->latency_log = lat != NULL && lat[0] ? fopen(lat, "a") : NULL;
}

/* The data directory, where the game is autosaved; when there is none, 'no_data' says why and
 * the first message says that the game will be rescued instead. */
static void open_data_dir(Play *p)
{
    CmError err;
    if (io_data_dir(p->data_dir, sizeof p->data_dir, &err) == CM_OK)
        return;
    snprintf(p->no_data, sizeof p->no_data, "%s", err.msg);
    snprintf(p->note, sizeof p->note,
             "Games are not autosaved: %s. When you quit, the game is written to a rescue "
             "file, whose path is printed.",
             err.msg);
    p->data_dir[0] = '\0';
}

/* Says where the game is saved as the program ends, and how to go on with it when it is not
 * over: one line after the screen. The text game wraps it as it says its own sentences, with
 * the command on a line of its own when the whole does not fit, never cut inside. */
static void say_saved(const Play *p, const char *path)
{
    const Session *s = &p->session;
    char shown[CLI_SHOWN_MAX], where[CLI_SHOWN_MAX + 32], how[CLI_SHOWN_MAX + 64];
    cli_shown(path, shown, sizeof shown);
    snprintf(where, sizeof where, "The game is saved in %s%s", shown, s->outcome.over ? "." : ";");
    how[0] = '\0';
    if (!s->outcome.over)
        snprintf(how, sizeof how, "'camelot %s%s' continues it.",
                 s->slot <= 1 ? "--resume" : "--load ", s->slot <= 1 ? "" : shown);
    if (!p->text || strlen(where) + 1 + strlen(how) <= CLI_TEXT_WIDTH) {
        printf("%s%s%s\n", where, how[0] ? " " : "", how);
        return;
    }
    CliText io;
    cli_text_init(&io, stdin, stdout);
    cli_say(&io, "%s", where);
    cli_text_free(&io);
    if (how[0])
        printf("  %s\n", how);
}

/* Saves the game as the program ends. When the data directory takes nothing, the game goes
 * where it can, and when it can go nowhere its record is written to standard error: never
 * lost. Returns 'rc', or an exit code when the game was not saved where it should be. */
static int close_game(Play *p, int rc)
{
    char rescued[IO_PATH_MAX];
    CmError err;
    const Session *s = &p->session;
    CmStatus st = session_close(&p->session, clock_ms(), rescued, sizeof rescued, &err);
    if (st == CM_OK && rescued[0] == '\0') {
        char path[IO_PATH_MAX];
        session_autosave_path(s, path, sizeof path);
        if (s->active && s->g.n > 0 && path[0] != '\0')
            say_saved(p, path);
        return rc;
    }
    fprintf(stderr, "camelot: the game could not be autosaved: %s\n",
            p->data_dir[0] ? err.msg : p->no_data);
    if (st == CM_OK) {
        fprintf(stderr,
                "camelot: it was saved to %s ('camelot --load' with that file "
                "continues it)\n",
                rescued);
        return CLI_EXIT_INPUT;
    }
    char *text = session_record_text(&p->session, clock_ms(), NULL);
    if (text != NULL) {
        fprintf(stderr, "camelot: nowhere could take it; here is its record:\n%s", text);
        free(text);
    }
    return CLI_EXIT_INPUT;
}

/* The full-screen game of the session, until the player quits; then the game is saved. */
static int run_screen(Play *p)
{
    UiOptions opt;
    int rc;

    screen_options(&p->a, &p->conf, &opt);
    Ui *ui = ui_new(&p->session, &opt);
    if (ui == NULL) {
        rc = cli_out_of_memory();
    } else {
        if (p->note[0])
            ui_note(ui, 0, p->note);
        /* 'a' when the game is over: the engine's review, then the game's screen again. */
        while ((rc = ui_run(ui)) == CLI_EXIT_OK && ui_wants_review(ui)) {
            rc = cli_review_played(&p->session.g, cli_own_seats(&p->session), "this game",
                                   ui_options(ui), ui);
            if (rc != CLI_EXIT_OK)
                break;
        }
        ui_delete(ui);
    }
    if (opt.latency_log != NULL)
        fclose(opt.latency_log);
    return close_game(p, rc);
}

/* The data directory, the engine and the session, for the screen and the text game alike. */
static void open_session(CliCtx *ctx, Play *p)
{
    open_data_dir(p);
    p->eng = engine_thread_new(ENGINE_TT_BYTES);
    if (p->eng != NULL)
        engine_thread_set_threads(p->eng, (int)p->threads);
    SessionEnv env = {&ctx->catalog, p->eng, p->data_dir};
    session_init(&p->session, &env);
    session_set_pace(&p->session, (uint64_t)p->pace_ms);
}

/* The plain text game: the seats, clocks, records and autosave of the full-screen game, but a
 * seat not named by --seat is a person's. As the program ends the game is saved, or rescued,
 * and where it is is said, as for the screen. */
static int text_game(CliCtx *ctx, Play *p)
{
    p->text = 1;
    /* A save or an autosave past a file size limit fails with EFBIG and says so, as on the
     * screen. */
    signal(SIGXFSZ, SIG_IGN);
    open_session(ctx, p);
    int rc = open_game(ctx, p);
    if (rc < 0) {
        if (p->eng == NULL)
            snprintf(p->note, sizeof p->note,
                     "The engine could not start: people play every seat.");
        rc = cli_text_play(&p->session, p->note,
                           p->a.value[OPT_QUIET] != NULL || p->conf.quiet == 1, stdin, stdout);
        rc = close_game(p, rc);
    }
    session_free(&p->session);
    engine_thread_leave(p->eng, ENGINE_LEAVE_MS);
    return rc;
}

int cli_play(CliCtx *ctx, int argc, char **argv)
{
    Play *p = calloc(1, sizeof *p);
    int rc;

    if (p == NULL)
        return cli_out_of_memory();
    rc = cli_args_parse(cli_play_usage, cli_play_help, play_opts, OPT_COUNT, argc, argv, &p->a);
    if (rc < 0)
        rc = check_options(p);
    if (rc < 0)
        rc = settings(p);
    if (rc >= 0)
        goto out;
    if (p->a.value[OPT_TEXT] || !isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        rc = text_game(ctx, p);
        goto out;
    }

    open_session(ctx, p);
    rc = open_game(ctx, p);
    if (rc < 0) {
        if (p->eng == NULL)
            snprintf(p->note, sizeof p->note,
                     "The engine could not start: people play every seat.");
        rc = run_screen(p);
    }
    session_free(&p->session);
    /* The game is saved: the program ends now, even if the engine is inside one long step. */
    engine_thread_leave(p->eng, ENGINE_LEAVE_MS);
out:
    cli_args_free(&p->a);
    free(p);
    return rc;
}
