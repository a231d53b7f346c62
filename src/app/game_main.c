/* The 'play' command, which is also what 'camelot' does with no command: the full-screen game
 * when standard input and output are terminals, else the plain text game. Reads the seats,
 * clocks and saved games from the command line and hands a game to the front end.
 * SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700 /* realpath */

#include <dirent.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_int.h"
#include "game_int.h"
#include "ui_int.h"

#define ENGINE_TT_BYTES ((size_t)32 << 20)

const char game_play_usage[] =
    "play [--variant V] [--seat L=WHO]... [--time MIN+SEC] [--load RECORD | --resume]\n"
    "                    [--ascii] [--no-highlight] [--no-mouse] [--flip] [--text]";
const char game_play_help[] =
    "Plays a game. On a terminal this is the full-screen game: move with the arrow keys (or\n"
    "h j k l) and Enter, or the mouse, or type ':' and a move; '?' shows the rules of the\n"
    "variant and the keys. By default you play the first seat (White) and the engine plays\n"
    "the others at level 5. Every move is saved in $XDG_DATA_HOME/camelot/autosave.txt\n"
    "(default ~/.local/share/camelot), so 'camelot --resume' continues a game however it\n"
    "ended. When standard input or output is not a terminal, people take turns typing moves\n"
    "in plain text (commands: moves, undo, save FILE, board, quit, help).\n\n"
    "  --variant V      a variant name (camette, cam, camelot, chivalry, grand-cam,\n"
    "                   grand-camelot, four-handed-chivalry, four-handed-chivalry-solo) or a\n"
    "                   variant file; default: camelot\n"
    "  --seat L=WHO     who plays the seat with letter L (W, B; or R, G, B, Y): 'human',\n"
    "                   'engine' (level 5) or 'engine:N' with N from 1 (weakest) to 10\n"
    "  --time MIN+SEC   clocks: MIN minutes each, SEC seconds added after every move\n"
    "  --load RECORD    continue the game in a record (one saved with 's', or any game\n"
    "                   record; a record without seats is played by people)\n"
    "  --resume         continue the autosaved game\n"
    "  --ascii          letters instead of chess-piece glyphs (also when the locale is not\n"
    "                   UTF-8)\n"
    "  --no-highlight   do not mark landing squares, obligations or the last move\n"
    "  --no-mouse       leave the mouse to the terminal\n"
    "  --flip           turn the board round\n"
    "  --text           the plain text game even on a terminal\n\n"
    "Colours are off when NO_COLOR is set. The screen needs 40 columns and 19 rows for the\n"
    "largest boards (80 x 24 shows everything).\n";

/* ---- Variants ---------------------------------------------------------------------------- */

typedef struct Resolver {
    CliCtx *ctx;
    const char *basedir; /* for relative paths in records, or NULL */
} Resolver;

static const CmVariant *resolve(void *ud, const char *name, CmError *err)
{
    Resolver *r = ud;
    return cli_variant_get(r->ctx, name, r->basedir, err);
}

/* The variants the new-game form offers: the eight games in a fixed order, then any other
 * variant files in the variant directories. */
#define MAX_NAMES 64
typedef struct Names {
    int n;
    char *name[MAX_NAMES];
} Names;

static int has_name(const Names *ns, const char *name)
{
    for (int i = 0; i < ns->n; i++)
        if (strcmp(ns->name[i], name) == 0)
            return 1;
    return 0;
}

static void add_name(Names *ns, const char *name)
{
    if (ns->n < MAX_NAMES && !has_name(ns, name)) {
        char *copy = strdup(name);
        if (copy != NULL)
            ns->name[ns->n++] = copy;
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void list_variants(CliCtx *ctx, Names *ns)
{
    static const char *known[] = {"camette",       "cam",
                                  "camelot",       "chivalry",
                                  "grand-cam",     "grand-camelot",
                                  "four-handed-chivalry", "four-handed-chivalry-solo"};
    const char *env = getenv("CAMELOT_VARIANT_DIR");
    const char *dirs[3] = {env != NULL && env[0] ? env : NULL, CAMELOT_SOURCE_VARIANT_DIR,
                           CAMELOT_VARIANT_DIR};
    Resolver r = {ctx, NULL};
    CmError err;
    int first_other;

    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (resolve(&r, known[i], &err) != NULL)
            add_name(ns, known[i]);
    first_other = ns->n;
    for (int d = 0; d < 3; d++) {
        DIR *dir = dirs[d] ? opendir(dirs[d]) : NULL;
        struct dirent *de;
        if (dir == NULL)
            continue;
        while ((de = readdir(dir)) != NULL) {
            char name[256];
            size_t len = strlen(de->d_name);
            if (len < 6 || len >= sizeof name || strcmp(de->d_name + len - 5, ".yaml") != 0)
                continue;
            snprintf(name, sizeof name, "%.*s", (int)(len - 5), de->d_name);
            if (!has_name(ns, name) && resolve(&r, name, &err) != NULL)
                add_name(ns, name);
        }
        closedir(dir);
    }
    qsort(ns->name + first_other, (size_t)(ns->n - first_other), sizeof ns->name[0], by_name);
}

/* ---- Options ----------------------------------------------------------------------------- */

typedef struct PlayArgs {
    const char *variant;
    const char *seats[CM_MAX_SEATS * 2];
    int nseats;
    const char *time;
    const char *load;
    int resume, ascii, no_highlight, no_mouse, flip, text;
} PlayArgs;

static int usage(const char *fmt, const char *what)
{
    fputs("camelot: ", stderr);
    fprintf(stderr, fmt, what);
    fprintf(stderr, "\nusage: camelot %s\n", game_play_usage);
    return CLI_EXIT_USAGE;
}

static int parse(int argc, char **argv, PlayArgs *a)
{
    static const char *valued[] = {"--variant", "--seat", "--time", "--load"};
    memset(a, 0, sizeof *a);
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        int k = -1;
        for (int j = 0; j < 4 && k < 0; j++) {
            size_t n = strlen(valued[j]);
            if (strncmp(arg, valued[j], n) == 0 && (arg[n] == '\0' || arg[n] == '=')) {
                k = j;
                if (arg[n] == '=')
                    value = arg + n + 1;
                else if (i + 1 < argc)
                    value = argv[++i];
                if (value == NULL || value[0] == '\0')
                    return usage("option '%s' needs a value", valued[j]);
            }
        }
        if (k == 0)
            a->variant = value;
        else if (k == 1 && a->nseats < (int)(sizeof a->seats / sizeof a->seats[0]))
            a->seats[a->nseats++] = value;
        else if (k == 1)
            return usage("too many '%s' options", "--seat");
        else if (k == 2)
            a->time = value;
        else if (k == 3)
            a->load = value;
        else if (strcmp(arg, "--resume") == 0)
            a->resume = 1;
        else if (strcmp(arg, "--ascii") == 0)
            a->ascii = 1;
        else if (strcmp(arg, "--no-highlight") == 0)
            a->no_highlight = 1;
        else if (strcmp(arg, "--no-mouse") == 0)
            a->no_mouse = 1;
        else if (strcmp(arg, "--flip") == 0)
            a->flip = 1;
        else if (strcmp(arg, "--text") == 0)
            a->text = 1;
        else if (arg[0] == '-' && arg[1] != '\0')
            return usage("unknown option '%s'", arg);
        else
            return usage("unexpected argument '%s'", arg);
    }
    if (a->load && a->resume)
        return usage("%s: choose one", "--load and --resume");
    if (a->variant && (a->load || a->resume))
        return usage("%s: the saved game names its variant",
                     a->load ? "--variant with --load" : "--variant with --resume");
    return -1;
}

/* ---- The command ------------------------------------------------------------------------- */

/* The variant reference a save should carry: the name, or the file's absolute path. */
static void variant_ref(const char *ref, char *buf, size_t size)
{
    char abs[PATH_MAX];
    if ((strchr(ref, '/') != NULL || strstr(ref, ".yaml") != NULL) &&
        realpath(ref, abs) != NULL && strlen(abs) < size)
        memcpy(buf, abs, strlen(abs) + 1);
    else
        snprintf(buf, size, "%s", ref);
}

static int text_game(CliCtx *ctx, const PlayArgs *a)
{
    const char *ref = a->variant ? a->variant : CLI_DEFAULT_VARIANT;
    CmError err;
    if (a->nseats || a->time || a->load || a->resume) {
        const char *opt = a->nseats ? "--seat" : a->time ? "--time" : a->load ? "--load"
                                                                            : "--resume";
        fprintf(stderr, "camelot: %s needs the full-screen game, which needs a terminal on "
                        "standard input and output\n",
                opt);
        return CLI_EXIT_USAGE;
    }
    const CmVariant *v = cli_variant_get(ctx, ref, NULL, &err);
    if (v == NULL) {
        cli_report(&err, NULL, 0);
        return CLI_EXIT_INPUT;
    }
    return cli_play(v, ref, stdin, stdout);
}

int game_main(CliCtx *ctx, int argc, char **argv)
{
    PlayArgs a;
    int rc = parse(argc, argv, &a);
    char save_dir[4096] = "", why[300] = "", note[400] = "";
    GameEngine *eng = NULL;
    Game game;
    Names names = {0, {NULL}};
    CmError err;

    if (rc >= 0)
        return rc;
    if (a.text || !isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return text_game(ctx, &a);

    int64_t base = 0, inc = 0;
    if (a.time && game_parse_time(a.time, &base, &inc) != 0)
        return usage("bad time control '%s' (e.g. 10+5: ten minutes, five seconds a move)",
                     a.time);
    setlocale(LC_ALL, "");
    int utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;

    if (game_data_dir(save_dir, sizeof save_dir, why, sizeof why) != 0) {
        snprintf(note, sizeof note, "Games are not saved: %s", why);
        save_dir[0] = '\0';
    }
    eng = game_engine_new(ENGINE_TT_BYTES);

    /* The game: resumed, loaded, or new. */
    Resolver r = {ctx, NULL};
    char dir[4096], path[4200], ref[GAME_REF_MAX];
    const char *load = a.load;
    if (a.resume) {
        if (save_dir[0] == '\0') {
            fprintf(stderr, "camelot: --resume: %s\n", why);
            rc = CLI_EXIT_INPUT;
            goto out;
        }
        game_autosave_path(save_dir, path, sizeof path);
        if (access(path, R_OK) == 0)
            load = path;
        else
            snprintf(note, sizeof note, "There is no autosaved game in %.300s: here is a new "
                                        "one.",
                     save_dir);
    }
    if (load != NULL) {
        r.basedir = cli_dirname(load, dir, sizeof dir);
        if (game_load(load, resolve, &r, eng, save_dir, &game, &err) != CM_OK) {
            cli_report(&err, NULL, 0);
            rc = CLI_EXIT_INPUT;
            goto out;
        }
        if (!a.resume) {
            char auto_path[4200];
            game_autosave_path(save_dir, auto_path, sizeof auto_path);
            game.autosave_fresh = strcmp(auto_path, load) != 0;
        }
        if (note[0] == '\0')
            snprintf(note, sizeof note, "%s %.300s: %d moves so far.",
                     a.resume ? "Resumed" : "Loaded", load, game.g.n);
    } else {
        const char *want = a.variant ? a.variant : CLI_DEFAULT_VARIANT;
        GameSetup setup;
        const CmVariant *v = cli_variant_get(ctx, want, NULL, &err);
        if (v == NULL) {
            cli_report(&err, NULL, 0);
            rc = CLI_EXIT_INPUT;
            goto out;
        }
        variant_ref(want, ref, sizeof ref);
        game_setup_default(&setup, v, ref);
        setup.time_base_ms = base;
        setup.time_inc_ms = inc;
        for (int i = 0; i < a.nseats; i++) {
            if (game_setup_seat(&setup, v, a.seats[i], why, sizeof why) != 0) {
                rc = usage("%s", why);
                goto out;
            }
        }
        if (game_new(&game, v, &setup, eng, save_dir) != CM_OK) {
            fputs("camelot: out of memory\n", stderr);
            rc = CLI_EXIT_INPUT;
            goto out;
        }
    }
    if (load != NULL) {
        /* Seats and clocks given with --load or --resume change the saved ones. */
        for (int i = 0; i < a.nseats; i++) {
            if (game_setup_seat(&game.setup, game.v, a.seats[i], why, sizeof why) != 0) {
                game_free(&game);
                rc = usage("%s", why);
                goto out;
            }
        }
        if (a.time) {
            game.setup.time_base_ms = base;
            game.setup.time_inc_ms = inc;
            for (int s = 0; s < CM_MAX_SEATS; s++)
                game.clock[s] = base;
        }
    }
    if (eng == NULL) {
        for (int s = 0; s < game.v->nseats; s++)
            game.setup.seat[s].kind = GAME_HUMAN;
        snprintf(note, sizeof note, "The engine could not start: people play every seat.");
    }

    list_variants(ctx, &names);
    UiHost host;
    memset(&host, 0, sizeof host);
    Resolver host_resolver = {ctx, NULL};
    host.ud = &host_resolver;
    host.resolve = resolve;
    host.nvariants = names.n;
    host.variants = (const char *const *)names.name;
    host.eng = eng;
    snprintf(host.save_dir, sizeof host.save_dir, "%s", save_dir);

    UiOptions opt;
    memset(&opt, 0, sizeof opt);
    const char *no_color = getenv("NO_COLOR");
    opt.ascii = a.ascii || !utf8;
    opt.color = no_color == NULL || no_color[0] == '\0';
    opt.highlight = !a.no_highlight;
    opt.flip = a.flip;
    opt.mouse = !a.no_mouse;
    opt.latency_log = getenv("CAMELOT_LATENCY_LOG");

    Ui ui;
    if (ui_init(&ui, &host, &opt, &game) != CM_OK) {
        game_free(&game);
        fputs("camelot: out of memory\n", stderr);
        rc = CLI_EXIT_INPUT;
        goto out;
    }
    if (note[0])
        ui_message(&ui, UI_ROLE_DIM, "%s", note);
    rc = ui_run(&ui);
    ui_free(&ui);
out:
    game_engine_free(eng);
    for (int i = 0; i < names.n; i++)
        free(names.name[i]);
    return rc;
}
