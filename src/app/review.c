/* The 'review' command: the engine goes through a game record move by move and says how much
 * each move lost against its own best, marking inaccuracies, mistakes and blunders; as text,
 * and as a record with the verdicts in comments.
 * SPDX-License-Identifier: MIT */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "io/io.h"
#include "session/analysis.h"
#include "session/clock.h"
#include "session/text.h"
#include "ui/ui.h"

#define REVIEW_DEFAULT_MS 1000 /* thinking time for each position */
#define REVIEW_COMMENT_MAX (2 * CM_MOVE_TEXT_MAX + 64)

const char cli_review_usage[] =
    "review RECORD [--time S | --depth N] [--variant V] [--save FILE]\n"
    "                      [--practise] [--side SIDE] [--text] [--ascii]";
const char cli_review_help[] =
    "Reviews a game record with the engine (docs/learning.md). For each move: the\n"
    "engine's score before it (with its best move) and the score after the move\n"
    "played, both in men for the side that moved (its team in four-player games),\n"
    "the loss and a mark by the fall of the chance of winning (from the score, on\n"
    "the curve docs/learning.md gives): an inaccuracy lowers it by 5 points or\n"
    "more, a mistake by 10, a blunder by 15. Prints one line per move, then\n"
    "each seat's marks and average loss. On a terminal it shows the evaluation as\n"
    "a graph, the board, each move's verdict and the moves with their marks\n"
    "instead (Left/Right, ] and [ the next and the previous marked move, m the\n"
    "list of mistakes, p practises them, q quits).\n\n"
    "  --time S      search each position S seconds (default 1)\n"
    "  --depth N     search each position to depth N (1 to 30) instead: the same\n"
    "                verdicts on any machine, however busy\n"
    "  --variant V   the variant to play the record in, whatever its Variant tag\n"
    "                says\n"
    "  --save FILE   also write the game as a record with a comment after each\n"
    "                move, as {-1.20 blunder; better E6-E8}: the score after the\n"
    "                move, its mark and the engine's move; 'camelot replay' reads it\n"
    "                (a file there is written over; anything but a file is refused)\n"
    "  --practise    then learn from the mistakes: the game is put back before each\n"
    "                mistake and blunder, one at a time, to find a better move (the\n"
    "                engine's, or one that keeps the chance of winning as well);\n"
    "                hint, solution and skip; 'solved 1 of 2' at the end (also\n"
    "                --practice)\n"
    "  --side SIDE   practise the mistakes of these seats only (with --practise, or\n"
    "                p on the review screen): a letter or a name, or several with\n"
    "                commas (W, black, R,B); default: every seat\n"
    "  --text        print the review as text, also on a terminal\n"
    "  --ascii       on the screen, ASCII instead of Unicode blocks and pieces\n"
    "                (also when the locale is not UTF-8)\n";

enum {
    OPT_TIME,
    OPT_DEPTH,
    OPT_VARIANT,
    OPT_SAVE,
    OPT_PRACTISE,
    OPT_PRACTICE,
    OPT_SIDE,
    OPT_TEXT,
    OPT_ASCII,
    OPT_COUNT
};

static const CliOpt review_opts[OPT_COUNT] = {
    [OPT_TIME] = {"--time", 1, 0},         [OPT_DEPTH] = {"--depth", 1, 0},
    [OPT_VARIANT] = {"--variant", 1, 0},   [OPT_SAVE] = {"--save", 1, 0},
    [OPT_PRACTISE] = {"--practise", 0, 0}, [OPT_PRACTICE] = {"--practice", 0, 0},
    [OPT_SIDE] = {"--side", 1, 0},         [OPT_TEXT] = {"--text", 0, 0},
    [OPT_ASCII] = {"--ascii", 0, 0},
};

/* What the text review needs while the engine works. */
typedef struct Review {
    const CmVariant *v;
    FILE *out;
} Review;

/* How long each position is searched, for people: "0.2 s", "1 s", "depth 6". */
static void pace_text(const CmLimits *lim, char *buf, size_t size)
{
    if (lim->depth > 0)
        snprintf(buf, size, "depth %d", lim->depth);
    else
        snprintf(buf, size, "%g s", (double)lim->time_ms / 1000.0);
}

/* A loss in men: "0.35". */
static void loss_text(int loss, char *buf, size_t size)
{
    snprintf(buf, size, "%d.%02d", loss / 100, loss % 100);
}

/* The score after a move for the side that moved: the engine's, or the end of the game. */
static void after_text(const AnalysisPly *p, char *buf, size_t size)
{
    static const char *const ends[] = {"", "won", "drawn", "lost"};
    if (p->end != ANALYSIS_END_NONE)
        snprintf(buf, size, "%s", ends[p->end]);
    else
        text_score(p->score, buf, size);
}

/* One line of the text review. */
static void print_ply(void *ud, int i, const AnalysisPly *p)
{
    const Review *r = ud;
    char best[32], after[32], loss[16], number[16];
    int marked = p->mark != ANALYSIS_MARK_NONE;
    char letter = r->v->seat[p->seat].letter;
    const char *move = p->move;

    text_score(p->best_score, best, sizeof best);
    after_text(p, after, sizeof after);
    loss_text(p->loss, loss, sizeof loss);
    snprintf(number, sizeof number, "%d.", i / r->v->nseats + 1);
    if (strlen(move) > 13) {
        /* A move too long for its column has a line of its own, and its scores the next, in
         * their columns. */
        fprintf(r->out, "%4s %c %s\n", number, letter, move);
        number[0] = '\0';
        letter = ' ';
        move = "";
    }
    if (marked)
        fprintf(r->out, "%4s %c %-13s %10s %10s %5s  %-10s %s\n", number, letter, move, best, after,
                loss, analysis_mark_name(p->mark), p->best);
    else
        fprintf(r->out, "%4s %c %-13s %10s %10s %5s\n", number, letter, move, best, after, loss);
    fflush(r->out);
}

/* The marks of each seat and its average loss. */
static void print_summary(FILE *out, const CmVariant *v, const AnalysisPly *plies, int n)
{
    for (int s = 0; s < v->nseats; s++) {
        int count[ANALYSIS_MARK_COUNT] = {0}, moves = 0;
        long total = 0;
        for (int i = 0; i < n; i++) {
            if (plies[i].seat != s)
                continue;
            count[plies[i].mark]++;
            total += plies[i].loss;
            moves++;
        }
        char b[32], m[32], avg[16];
        int in = count[ANALYSIS_MARK_INACCURACY];
        text_count(count[ANALYSIS_MARK_BLUNDER], "blunder", b, sizeof b);
        text_count(count[ANALYSIS_MARK_MISTAKE], "mistake", m, sizeof m);
        loss_text(moves > 0 ? (int)(total / moves) : 0, avg, sizeof avg);
        fprintf(out, "%s: %s, %s, %d %s; average loss %s\n", v->seat[s].name, b, m, in,
                in == 1 ? "inaccuracy" : "inaccuracies", avg);
    }
}

/* The comment of ply 'p' in a saved record: "{+0.10}" or "{-1.20 blunder; better E6-E8}". */
static void comment_text(const AnalysisPly *p, char *buf, size_t size)
{
    char after[32];
    after_text(p, after, sizeof after);
    if (p->mark == ANALYSIS_MARK_NONE)
        snprintf(buf, size, "%s {%s}", p->move, after);
    else
        snprintf(buf, size, "%s {%s %s; better %s}", p->move, after, analysis_mark_name(p->mark),
                 p->best);
}

/* Writes the reviewed game to 'path' as a record with a comment after each reviewed move.
 * Returns an exit code. */
static int save_review(const CmGame *game, const CmRecord *rec, int renamed,
                       const AnalysisPly *plies, int n, const CmLimits *lim, const char *path)
{
    CmTag tags[CM_RECORD_MAX_TAGS + 1];
    int nt = 0, rc = CLI_EXIT_INPUT;
    char **texts = calloc((size_t)game->n + 1, sizeof *texts);
    char *out = NULL;
    CmError err;

    if (texts == NULL)
        return cli_out_of_memory();
    /* The record's own tags are kept, but for a variant given with --variant and an earlier
     * review's annotator. */
    for (int i = 0; i < rec->ntags; i++)
        if (strcmp(rec->tag[i].name, "Annotator") != 0 &&
            !(renamed && strcmp(rec->tag[i].name, "Variant") == 0))
            tags[nt++] = rec->tag[i];
    snprintf(tags[nt].name, sizeof tags[nt].name, "Annotator");
    char time[32];
    pace_text(lim, time, sizeof time);
    snprintf(tags[nt].value, sizeof tags[nt].value, "camelot review, %s a position", time);
    nt++;
    /* The writer takes each move's text as given: the move, then its comment. */
    for (int i = 0; i < n; i++) {
        if ((texts[i] = malloc(REVIEW_COMMENT_MAX)) == NULL) {
            rc = cli_out_of_memory();
            goto out;
        }
        comment_text(&plies[i], texts[i], REVIEW_COMMENT_MAX);
    }
    size_t need = cm_record_write_texts(game, (const char *const *)texts, tags, nt, NULL, 0) + 1;
    if ((out = malloc(need)) == NULL) {
        rc = cli_out_of_memory();
        goto out;
    }
    cm_record_write_texts(game, (const char *const *)texts, tags, nt, out, need);
    cm_error_init(&err, path);
    if (cm_record_fits(strlen(out), &err) != CM_OK ||
        io_write_atomic(path, out, strlen(out), &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        goto out;
    }
    rc = CLI_EXIT_OK;
out:
    for (int i = 0; i < game->n; i++)
        free(texts[i]);
    free(texts);
    free(out);
    return rc;
}

/* The review on the screen: the analysis runs in this thread, and the screen reads its keys
 * when the engine looks at the clock, so that 'q' stops the search at once. */
typedef struct ScreenReview {
    UiReview *ui;
    const CmGame *game;
    CmEngine *e;
    CmLimits lim;
    atomic_bool stop;
    AnalysisPly *plies;
    int from;        /* the plies reviewed before, kept: not searched again */
    int n;           /* plies reviewed, or -1 when memory ran out */
    uint64_t looked; /* when the screen last read the keys (ms) */
} ScreenReview;

#define SCREEN_LOOK_MS 30 /* how often a search lets the screen read the keys */

static void screen_look(ScreenReview *sr, uint64_t now)
{
    sr->looked = now;
    if (ui_review_pump(sr->ui))
        atomic_store(&sr->stop, 1);
}

/* The engine's clock: it also lets the screen answer keys while the engine thinks. */
static uint64_t screen_clock(void *ud)
{
    ScreenReview *sr = ud;
    uint64_t now = clock_ms();
    if (now - sr->looked >= SCREEN_LOOK_MS)
        screen_look(sr, now);
    return now;
}

static void screen_ply(void *ud, int i, const AnalysisPly *p)
{
    ScreenReview *sr = ud;
    (void)p;
    ui_review_progress(sr->ui, i + 1);
    screen_look(sr, clock_ms());
}

static void screen_run(void *ud)
{
    ScreenReview *sr = ud;
    sr->n = analysis_run(sr->game, sr->e, &sr->lim, sr->plies, sr->from, screen_ply, sr);
}

/* Whether the review goes on the screen: both ends a terminal and no --text. */
static int review_on_screen(const CliArgs *a)
{
    return !a->value[OPT_TEXT] && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

/* Whether the review goes on to practice. */
static int practising(const CliArgs *a)
{
    return a->value[OPT_PRACTISE] != NULL || a->value[OPT_PRACTICE] != NULL;
}

/* Practice on the screen: the mistakes of 'seats' in the first 'n' plies of 'game' reviewed
 * in 'plies', each move judged by a search within 'lim' on an engine thread of its own. */
static int screen_practice(const CmGame *game, const AnalysisPly *plies, int n, unsigned seats,
                           const UiOptions *opt, const CmLimits *lim, Lobby *keep)
{
    UiPractice *pr = calloc(1, sizeof *pr);
    Session *s = calloc(1, sizeof *s);
    EngineThread *et = engine_thread_new((size_t)CLI_DEFAULT_TT_MB << 20);
    int rc = CLI_EXIT_OK;

    if (pr == NULL || s == NULL || et == NULL ||
        practice_init(&pr->p, game, plies, n, seats) != CM_OK) {
        free(pr);
        free(s);
        engine_thread_free(et);
        return cli_out_of_memory();
    }
    pr->time_ms = lim->time_ms;
    pr->depth = lim->depth;
    pr->keep = keep;
    SessionEnv env = {NULL, et, NULL};
    session_init(s, &env);
    Ui *ui = NULL;
    if (ui_practice_start(pr, s) != CM_OK || (ui = ui_new(s, opt)) == NULL) {
        rc = cli_out_of_memory();
    } else {
        ui_practice_attach(ui, pr);
        rc = ui_run(ui);
        ui_delete(ui);
    }
    session_free(s);
    engine_thread_free(et);
    practice_free(&pr->p);
    free(s);
    free(pr);
    return rc;
}

/* The review of 'game' on the screen, in 'opt''s way ('name' in its title), keeping the
 * connection of 'keep' up throughout (NULL: none); its first 'from' plies are in 'plies'
 * already. p there practises the mistakes of 'seats', then the review comes back; with
 * 'practise' the practice opens as soon as the analysis is done. '*reviewed' is set to the
 * plies analysed (the whole game unless the player quit first), or -1 when memory ran out.
 * Returns an exit code. */
static int screen_review(const CmGame *game, const char *name, const UiOptions *opt, Lobby *keep,
                         CmEngine *e, const CmLimits *lim, AnalysisPly *plies, int from,
                         unsigned seats, int practise, int *reviewed)
{
    ScreenReview *sr = calloc(1, sizeof *sr);
    int rc;

    *reviewed = -1;
    if (sr == NULL)
        return cli_out_of_memory();
    sr->game = game;
    sr->e = e;
    sr->plies = plies;
    sr->from = from;
    sr->lim = *lim;
    sr->lim.now_ms = screen_clock;
    sr->lim.clock_ud = sr;
    sr->lim.stop = &sr->stop;
    atomic_init(&sr->stop, 0);
    sr->ui = ui_review_new(game, plies, opt, name, keep);
    if (sr->ui == NULL) {
        free(sr);
        return cli_out_of_memory();
    }
    ui_review_practise_at_end(sr->ui, practise);
    for (;;) {
        ui_review_progress(sr->ui, sr->from); /* the plies kept show from the first frame */
        rc = ui_review_run(sr->ui, screen_run, sr);
        if (rc != CLI_EXIT_OK || sr->n < 0 || !ui_review_wants_practice(sr->ui))
            break;
        rc = screen_practice(game, plies, sr->n, seats, opt, lim, keep);
        if (rc != CLI_EXIT_OK)
            break;
        /* The review again: what was analysed stays, and the analysis goes on from there. */
        sr->from = sr->n;
        atomic_store(&sr->stop, 0);
    }
    *reviewed = sr->n;
    ui_review_delete(sr->ui);
    free(sr);
    return rc == CLI_EXIT_OK && *reviewed < 0 ? cli_out_of_memory() : rc;
}

/* Reviews the game on the screen, and saves it when asked and the review went to the end. */
static int review_screen(const CliArgs *a, const CmRecord *rec, const CmGame *game, CmEngine *e,
                         const CmLimits *lim, AnalysisPly *plies, unsigned seats)
{
    UiOptions opt;
    int n;

    CliScreenFlags f = {a->value[OPT_ASCII] != NULL, 0, 1, 0, 0};
    cli_screen_options(&f, NULL, &opt);
    int rc =
        screen_review(game, a->args[0], &opt, NULL, e, lim, plies, 0, seats, practising(a), &n);
    if (rc == CLI_EXIT_OK && a->value[OPT_SAVE] != NULL) {
        if (n == game->n)
            rc = save_review(game, rec, a->value[OPT_VARIANT] != NULL, plies, n, lim,
                             a->value[OPT_SAVE]);
        else
            fprintf(stderr, "camelot: the review was stopped before its end: %s not written\n",
                    a->value[OPT_SAVE]);
    }
    return rc;
}

/* An engine, the review's table and its limits: 'ms' a position, or to depth 'depth' when it
 * is not 0. 0, or -1 for no memory. */
static int review_setup(const CmGame *game, int64_t ms, int depth, CmEngine **e,
                        AnalysisPly **plies, CmLimits *lim)
{
    *e = NULL;
    if ((*plies = calloc((size_t)game->n, sizeof **plies)) == NULL ||
        cm_engine_new(game->v, (size_t)CLI_DEFAULT_TT_MB << 20, e) != CM_OK) {
        free(*plies);
        *plies = NULL;
        return -1;
    }
    cm_limits_init(lim);
    lim->time_ms = depth > 0 ? 0 : (uint64_t)ms;
    lim->depth = depth;
    lim->use_all_time = 1;
    lim->now_ms = clock_ms_cb;
    return 0;
}

/* The review of 'game' ('name' in its head) as text on 'out', each position searched within
 * 'lim': a line a ply, then each seat's marks. Returns the plies reviewed, or -1 when memory
 * ran out. */
static int text_review(const CmGame *game, const char *name, CmEngine *e, const CmLimits *lim,
                       AnalysisPly *plies, FILE *out)
{
    const CmVariant *v = game->v;
    Review r = {v, out};
    char time[32];
    pace_text(lim, time, sizeof time);
    fprintf(out, "review of %s (%s), %s a position\n", name, v->name, time);
    fprintf(out, "scores in men for the side that moved, before and after its move\n");
    fprintf(out, "%4s %c %-13s %10s %10s %5s  %-10s %s\n", "move", ' ', "", "before", "after",
            "loss", "mark", "better");
    fflush(out);
    int n = analysis_run(game, e, lim, plies, 0, print_ply, &r);
    if (n >= 0)
        print_summary(out, v, plies, n);
    return n;
}

int cli_text_review_played(const CmGame *game, unsigned seats, int practise, FILE *in, FILE *out)
{
    CmEngine *e;
    AnalysisPly *plies;
    CmLimits lim;
    int rc = CLI_EXIT_OK;

    if (game->n == 0) {
        fputs("no move has been played: nothing to review\n", out);
        return CLI_EXIT_OK;
    }
    if (review_setup(game, REVIEW_DEFAULT_MS, 0, &e, &plies, &lim) != 0)
        return cli_out_of_memory();
    int n = text_review(game, "this game", e, &lim, plies, out);
    if (n < 0) {
        rc = cli_out_of_memory();
    } else if (practise) {
        CliTextPractice conf = {game, plies, n, seats, e, &lim, 0};
        fputc('\n', out);
        rc = cli_text_practice(&conf, in, out);
    }
    cm_engine_free(e);
    free(plies);
    return rc;
}

unsigned cli_own_seats(const Session *s)
{
    unsigned seats = 0;
    for (int seat = 0; seat < s->v->nseats; seat++)
        if (session_seat_human(s, seat))
            seats |= 1u << seat;
    return seats != 0 ? seats : (1u << s->v->nseats) - 1;
}

int cli_review_played(const CmGame *game, unsigned seats, const char *name, const UiOptions *opt,
                      Ui *back)
{
    CmEngine *e;
    AnalysisPly *plies;
    CmLimits lim;
    int n;

    if (game->n == 0)
        return CLI_EXIT_OK;
    if (review_setup(game, REVIEW_DEFAULT_MS, 0, &e, &plies, &lim) != 0)
        return cli_out_of_memory();
    /* What was reviewed before, of the moves that stand, is kept: 'a' again after the review
     * is read goes on from where it ended, or shows it at once. */
    const AnalysisPly *kept = NULL;
    int from = back != NULL ? ui_review_kept(back, &kept) : 0;
    if (from > game->n)
        from = game->n;
    if (from > 0)
        memcpy(plies, kept, (size_t)from * sizeof *plies);
    /* A game played on a server: its connection stays up while the engine reviews it and the
     * player reads the review, however long that takes; what the server says meanwhile waits
     * for the game's screen. */
    int rc = screen_review(game, name, opt, back != NULL ? ui_lobby(back) : NULL, e, &lim, plies,
                           from, seats, 0, &n);
    /* The game's screen keeps the marks of the plies reviewed, for its move list and review. */
    if (back != NULL && n > 0 && ui_set_review(back, plies, n) != CM_OK)
        rc = cli_out_of_memory();
    cm_engine_free(e);
    free(plies);
    return rc;
}

/* The seats of '--side' ('text': letters or names, separated by commas) into '*seats'. Returns
 * -1, or an exit code after saying what is wrong. */
static int side_arg(const CmVariant *v, const char *text, unsigned *seats)
{
    *seats = 0;
    for (const char *p = text;;) {
        size_t n = strcspn(p, ",");
        int found = -1;
        for (int s = 0; s < v->nseats && n > 0; s++)
            if ((n == 1 && (p[0] == v->seat[s].letter || p[0] == v->seat[s].letter + 32)) ||
                (strlen(v->seat[s].name) == n && strncasecmp(p, v->seat[s].name, n) == 0))
                found = s;
        if (found < 0) {
            char names[256] = "";
            for (int s = 0; s < v->nseats; s++)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%c %s",
                         s > 0 ? ", " : "", v->seat[s].letter, v->seat[s].name);
            fprintf(stderr, "camelot: --side: '%.*s' is no seat of %s (%s)\n", (int)n, p, v->name,
                    names);
            return CLI_EXIT_USAGE;
        }
        *seats |= 1u << found;
        if (p[n] == '\0')
            return -1;
        p += n + 1;
    }
}

/* Reviews the game of 'rec' as text on standard output, and saves it when asked. */
static int review_game(const CliArgs *a, const CmRecord *rec, const CmGame *game, int64_t ms,
                       int depth, unsigned seats)
{
    CmEngine *e = NULL;
    CmLimits lim;
    AnalysisPly *plies = NULL;
    int rc = CLI_EXIT_OK;

    if (game->n == 0) {
        fprintf(stderr, "camelot: %s: the record has no moves to review\n", a->args[0]);
        return CLI_EXIT_INPUT;
    }
    if (review_setup(game, ms, depth, &e, &plies, &lim) != 0)
        return cli_out_of_memory();

    if (review_on_screen(a)) {
        rc = review_screen(a, rec, game, e, &lim, plies, seats);
        goto out;
    }
    int n = text_review(game, a->args[0], e, &lim, plies, stdout);
    if (n < 0) {
        rc = cli_out_of_memory();
        goto out;
    }
    if (a->value[OPT_SAVE] != NULL)
        rc = save_review(game, rec, a->value[OPT_VARIANT] != NULL, plies, n, &lim,
                         a->value[OPT_SAVE]);
    if (rc == CLI_EXIT_OK && practising(a)) {
        CliTextPractice conf = {game, plies, n, seats, e, &lim, 0};
        fputc('\n', stdout);
        rc = cli_text_practice(&conf, stdin, stdout);
    }
out:
    cm_engine_free(e);
    free(plies);
    return rc;
}

int cli_review(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    CmRecord rec;
    CmGame game;
    int64_t ms = REVIEW_DEFAULT_MS;
    long depth = 0;
    int rc =
        cli_args_parse(cli_review_usage, cli_review_help, review_opts, OPT_COUNT, argc, argv, &a);

    if (rc < 0 && a.nargs == 0)
        rc = cli_usage_error(cli_review_usage, "'review' needs a record");
    else if (rc < 0 && a.nargs > 1)
        rc = cli_usage_error(cli_review_usage, "unexpected argument '%s'", a.args[1]);
    if (rc < 0 && a.value[OPT_TIME] != NULL)
        rc = cli_seconds_arg(&a, a.value[OPT_TIME], &ms);
    if (rc < 0 && a.value[OPT_DEPTH] != NULL && a.value[OPT_TIME] != NULL)
        rc = cli_usage_error(cli_review_usage, "--time and --depth: give one");
    if (rc < 0 && a.value[OPT_DEPTH] != NULL)
        rc = cli_int_arg(&a, "depth", "1 to 30", a.value[OPT_DEPTH], 1, 30, &depth);
    /* On the screen, p practises the mistakes of --side; as text, --practise must. */
    if (rc < 0 && a.value[OPT_SIDE] != NULL && !practising(&a) && !review_on_screen(&a))
        rc = cli_usage_error(cli_review_usage, "--side says whose mistakes --practise takes");
    /* A file the review cannot be saved to is refused before the review, not after it. */
    CmError err;
    if (rc < 0 && a.value[OPT_SAVE] != NULL &&
        io_check_write(a.value[OPT_SAVE], 1, &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        rc = CLI_EXIT_INPUT;
    }
    if (rc < 0) {
        rc = cli_record_load(ctx, a.args[0], a.value[OPT_VARIANT], &rec, &game);
        if (rc == CLI_EXIT_OK) {
            unsigned seats = (1u << game.v->nseats) - 1;
            int side = a.value[OPT_SIDE] != NULL ? side_arg(game.v, a.value[OPT_SIDE], &seats) : -1;
            rc = side >= 0 ? side : review_game(&a, &rec, &game, ms, (int)depth, seats);
            cm_game_free(&game);
            cm_record_free(&rec);
        }
    }
    cli_args_free(&a);
    return rc;
}
