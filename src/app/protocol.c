/* 'camelot engine': the engine behind a line protocol on standard input and output, for other
 * programs (a front end, a tournament manager), modelled on chess's UCI. docs/protocol.md
 * describes it. The search runs on the session's engine thread, so that 'stop', 'isready' and
 * 'quit' are answered while it thinks; bad input gets an 'error' line and the engine goes on.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "camelot/posdoc.h"
#include "camelot/rules.h"
#include "cli.h"
#include "session/clock.h"
#include "session/engine_thread.h"
#include "session/session.h"
#include "session/text.h"
#include "camelot/grow.h"

#define LINE_MAX_BYTES (1 << 20) /* a longer line is refused whole */
#define POLL_MS 5                /* how often a running search is looked at */
#define END_GRACE_MS 1000        /* what a search with limits may still take after the input ends */
#define HASH_MAX_MB 4096

const char cli_engine_usage[] = "engine";
const char cli_engine_help[] =
    "Runs the engine behind a line protocol on standard input and output, for\n"
    "other programs: a front end, a tournament manager, another engine. It is\n"
    "modelled on chess's UCI: 'cep' (the handshake), 'isready', 'setoption',\n"
    "'variant V', 'newgame', 'position start|doc {...} [moves ...]', 'go' with\n"
    "depth, nodes, movetime, clocks or infinite, 'stop', 'show' and 'quit'.\n"
    "docs/protocol.md describes every command and answer.\n";

enum Bad { LINE_OK, LINE_NUL, LINE_TOO_LONG, LINE_NOMEM };

typedef struct Proto {
    CliCtx *ctx;
    int in; /* the input's file descriptor */
    CliServeCaps caps;
    EngineThread *et;
    long hash_mb;
    int threads;
    int level;
    const CmVariant *v;
    CmGame game; /* the position set, with the moves that led to it */
    int refused; /* the last 'position' was refused: there is no position until a good one */
    int searching;
    int infinite; /* the search runs until 'stop' */
    unsigned ticket, seen;
    uint64_t seed;
    char *line; /* the line being read */
    size_t len, cap;
    int too_long; /* the line being read is past LINE_MAX_BYTES: dropped at its end */
    /* Whole lines waiting for the search to end, in order (see 'urgent'); a line that cannot
     * be read waits as NULL with its 'Bad' kind, to be answered in its turn. */
    char **queue;
    int *bad;
    int nqueue, queue_cap, bad_cap; /* the room of 'queue' and of 'bad' */
    int quit;
    uint64_t started; /* when the search under way began (ms) */
} Proto;

/* At most 'max' bytes of 'text', a user's, escaped to be quoted in an answer
 * ('cm_text_escape'). */
static const char *shown(const char *text, size_t max, char *buf, size_t size)
{
    size_t n = strlen(text);
    cm_text_escape(text, n < max ? n : max, buf, size);
    return buf;
}

/* ---- Positions ------------------------------------------------------------------------------ */

/* Sets the position to 'start' (NULL: the variant's start). */
static int set_start(Proto *p, const CmPosition *start)
{
    cm_game_free(&p->game);
    if (cm_game_init(&p->game, p->v, start) != CM_OK) {
        cli_line("error out of memory");
        return 0;
    }
    p->refused = 0;
    return 1;
}

/* Plays the moves of 'text' (separated by spaces) from the position set. On a move that is
 * not legal says which and why, and keeps the moves before it. */
static void play_moves(Proto *p, char *text)
{
    for (char *tok = strtok(text, " \t"); tok != NULL; tok = strtok(NULL, " \t")) {
        CmError err;
        CmMove m;
        char buf[256];
        cm_error_init(&err, NULL);
        if (p->game.outcome.over) {
            cli_line("error move '%s': the game is already over", shown(tok, 60, buf, sizeof buf));
            return;
        }
        if (cm_move_parse(&p->game.pos, tok, &m, &err) != CM_OK) {
            cli_line("error move '%s': %s", shown(tok, 60, buf, sizeof buf), err.msg);
            return;
        }
        if (cm_game_play(&p->game, &m) != CM_OK) {
            cli_line("error out of memory");
            return;
        }
    }
}

/* 'position startpos [moves ...]' or 'position doc {DOCUMENT} [moves ...]'. A position that is
 * refused leaves none: the position before it is not searched by mistake. */
static void cmd_position(Proto *p, char *args)
{
    p->refused = 1;
    char *moves = strstr(args, " moves");
    while (moves != NULL && moves[6] != '\0' && moves[6] != ' ')
        moves = strstr(moves + 1, " moves");
    if (moves != NULL) {
        *moves = '\0';
        moves += 6;
    } else if (strncmp(args, "moves", 5) == 0) {
        cli_line("error 'position' needs 'start' (or 'startpos') or 'doc' before 'moves'");
        return;
    }
    if (strcmp(args, "startpos") == 0 || strcmp(args, "start") == 0) {
        if (!set_start(p, NULL))
            return;
    } else if (strncmp(args, "doc ", 4) == 0) {
        CmPosition pos;
        CmError err;
        char why[160];
        const char *doc = args + 4;
        CatalogResolver r = {&p->ctx->catalog, NULL, {0}};
        cm_error_init(&err, NULL);
        if (cm_posdoc_parse(doc, strlen(doc), catalog_resolve, &r, p->v, &pos, &err) != CM_OK) {
            cli_line("error position document, column %d: %s", err.col, err.msg);
            return;
        }
        if (!cm_rules_playable(&pos, why, sizeof why)) {
            cli_line("error position: %s", why);
            return;
        }
        p->v = pos.v; /* a document may name its variant */
        if (!set_start(p, &pos))
            return;
    } else {
        cli_line("error 'position' needs 'start' (or 'startpos') or 'doc {...}'");
        return;
    }
    if (moves != NULL)
        play_moves(p, moves);
}

/* ---- Options -------------------------------------------------------------------------------- */

/* The most threads the caps allow. */
static int threads_max(const Proto *p)
{
    return p->caps.threads > 0 && p->caps.threads < CM_ENGINE_MAX_THREADS ? p->caps.threads
                                                                          : CM_ENGINE_MAX_THREADS;
}

static void cmd_cep(Proto *p)
{
    cli_line("id name camelot %s", CAMELOT_VERSION);
    cli_line("id author the camelot authors");
    cli_line("option name Level type spin default %d min 1 max %d", p->level, CM_ENGINE_LEVELS);
    cli_line("option name Hash type spin default %ld min 1 max %d", p->hash_mb, HASH_MAX_MB);
    cli_line("option name Threads type spin default %d min 1 max %d", p->threads, threads_max(p));
    cli_line("option name Variant type string default %s", p->v->name);
    cli_line("cepok");
}

/* Reads a whole number in [lo, hi] from 'text'. */
static int read_int(const char *text, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || n < lo || n > hi)
        return 0;
    *out = n;
    return 1;
}

/* The table size to use for 'mb' MiB asked for: no more than the caps allow. */
static long hash_mb(const Proto *p, long mb)
{
    return p->caps.hash_mb > 0 && mb > p->caps.hash_mb ? p->caps.hash_mb : mb;
}

/* The variant named 'ref' (a name or a variant file), at its start position. */
static void set_variant(Proto *p, const char *ref)
{
    CmError err;
    char buf[4 * 200 + 1];
    const CmVariant *v = catalog_get(&p->ctx->catalog, ref, NULL, &err);
    if (v == NULL) {
        cli_line("error variant '%s': %s", shown(ref, 200, buf, sizeof buf), err.msg);
        return;
    }
    p->v = v;
    set_start(p, NULL);
}

/* 'setoption name NAME value VALUE'. */
static void cmd_setoption(Proto *p, char *args)
{
    char *value = strstr(args, " value ");
    long n;
    if (strncmp(args, "name ", 5) != 0 || value == NULL) {
        cli_line("error usage: setoption name NAME value VALUE");
        return;
    }
    *value = '\0';
    value += 7;
    const char *name = args + 5;
    if (strcmp(name, "Level") == 0) {
        if (!read_int(value, 1, CM_ENGINE_LEVELS, &n))
            cli_line("error Level is a whole number from 1 to %d", CM_ENGINE_LEVELS);
        else
            p->level = (int)n;
    } else if (strcmp(name, "Hash") == 0) {
        EngineThread *et;
        if (!read_int(value, 1, HASH_MAX_MB, &n)) {
            cli_line("error Hash is a whole number of MiB from 1 to %d", HASH_MAX_MB);
        } else if ((et = engine_thread_new((size_t)hash_mb(p, n) << 20)) == NULL) {
            cli_line("error no table of %ld MiB can be had; the table stays at %ld MiB", n,
                     p->hash_mb);
        } else {
            engine_thread_free(p->et);
            p->et = et;
            p->hash_mb = n;
            engine_thread_set_threads(p->et, p->threads);
        }
    } else if (strcmp(name, "Threads") == 0) {
        if (!read_int(value, 1, threads_max(p), &n)) {
            cli_line("error Threads is a whole number from 1 to %d", threads_max(p));
        } else {
            p->threads = (int)n;
            engine_thread_set_threads(p->et, p->threads);
        }
    } else if (strcmp(name, "Variant") == 0) {
        set_variant(p, value);
    } else {
        char buf[256];
        cli_line("error no option '%s' (options: Level, Hash, Threads, Variant)",
                 shown(name, 60, buf, sizeof buf));
    }
}

/* ---- Searching ------------------------------------------------------------------------------ */

/* 'go [depth N] [nodes N] [movetime MS] [infinite] [Ltime MS] [Linc MS]...', L a seat's letter
 * in lower case. */
static void cmd_go(Proto *p, char *args)
{
    EngineJob job;
    CmPosition settled = p->game.pos;
    CmOutcome o;
    long clock[CM_MAX_SEATS], inc[CM_MAX_SEATS], n;
    int have_clock = 0;

    memset(&job, 0, sizeof job);
    for (int s = 0; s < CM_MAX_SEATS; s++)
        clock[s] = inc[s] = -1;
    for (char *key = strtok(args, " \t"); key != NULL; key = strtok(NULL, " \t")) {
        if (strcmp(key, "infinite") == 0)
            continue;
        char *val = strtok(NULL, " \t"), kbuf[96], vbuf[96];
        if (val == NULL) {
            cli_line("error 'go %s' needs a value", shown(key, 20, kbuf, sizeof kbuf));
            return;
        }
        int seat = strlen(key) >= 4 ? cm_variant_seat(p->v, key[0]) : -1;
        if (strcmp(key, "depth") == 0 && read_int(val, 1, CM_ENGINE_MAX_DEPTH, &n)) {
            job.depth = (int)n;
        } else if (strcmp(key, "nodes") == 0 && read_int(val, 1, 1L << 40, &n)) {
            job.nodes = (uint64_t)n;
        } else if (strcmp(key, "movetime") == 0 && read_int(val, 1, 1L << 40, &n)) {
            job.time_ms = (uint64_t)n;
        } else if (seat >= 0 && strcmp(key + 1, "time") == 0 && read_int(val, 0, 1L << 40, &n)) {
            clock[seat] = n;
            have_clock = 1;
        } else if (seat >= 0 && strcmp(key + 1, "inc") == 0 && read_int(val, 0, 1L << 40, &n)) {
            inc[seat] = n;
        } else {
            cli_line("error 'go': '%s %s' is not a limit (depth N, nodes N, movetime MS, "
                     "infinite, or a seat's time and inc such as wtime MS, winc MS)",
                     shown(key, 20, kbuf, sizeof kbuf), shown(val, 20, vbuf, sizeof vbuf));
            return;
        }
    }
    if (p->refused) {
        cli_line("error 'go': no position (the last 'position' was refused)");
        cli_line("bestmove none");
        return;
    }
    cm_rules_settle(&settled, &o);
    if (o.over) {
        char text[TEXT_OUTCOME_MAX];
        text_outcome(p->v, &o, text, sizeof text);
        cli_line("info string game over: %s", text);
        cli_line("bestmove none");
        return;
    }
    int seat = settled.to_move;
    /* Time from the clocks is played as in a game: a lone legal move at once, and no
     * iteration begun that is unlikely to finish. Any other limit is searched to the end. */
    int game_timing = job.time_ms == 0 && have_clock && clock[seat] >= 0;
    if (game_timing)
        job.time_ms = cm_engine_think_ms(p->level, clock[seat], inc[seat] > 0 ? inc[seat] : 0);
    job.v = p->v;
    job.pos = p->game.pos;
    job.history = p->game.hashes;
    job.nhistory = p->game.n + 1;
    job.level = p->level;
    job.seed = p->seed++;
    job.purpose = ENGINE_JOB_MOVE;
    job.analysis = !game_timing;
    if (p->caps.nodes > 0 && (job.nodes == 0 || job.nodes > p->caps.nodes))
        job.nodes = p->caps.nodes;
    if (engine_thread_start(p->et, &job, &p->ticket) != CM_OK) {
        cli_line("error out of memory");
        return;
    }
    p->searching = 1;
    p->started = clock_ms();
    p->infinite = job.time_ms == 0 && job.depth == 0 && job.nodes == 0;
    p->seen = 0;
}

/* The news of the running search: an 'info' line per completed iteration, 'bestmove' at the
 * end. */
static void follow(Proto *p)
{
    CmSearchInfo info;
    char pv[TEXT_PV_MAX], score[32];
    unsigned seq = engine_thread_progress(p->et, p->ticket, &info, pv);
    if (seq != 0 && seq != p->seen) {
        p->seen = seq;
        if (CM_SCORE_IS_MATE(info.score))
            text_score(info.score, score, sizeof score);
        else
            snprintf(score, sizeof score, "cp %d", info.score);
        cli_line("info depth %d seldepth %d score %s nodes %llu nps %llu time %llu pv %s",
                 info.depth, info.seldepth, score, (unsigned long long)info.nodes,
                 (unsigned long long)(info.time_ms ? info.nodes * 1000 / info.time_ms : 0),
                 (unsigned long long)info.time_ms, pv);
    }
    EngineDone done;
    if (engine_thread_take(p->et, &done) && done.ticket == p->ticket) {
        p->searching = 0;
        cli_line("bestmove %s", done.result.has_move && done.text[0] ? done.text : "none");
    }
}

/* ---- The loop ------------------------------------------------------------------------------- */

/* Does what line 'cmd' says. Returns 1 to quit. */
static int command(Proto *p, char *cmd)
{
    char *args = strchr(cmd, ' ');
    if (args != NULL) {
        *args++ = '\0';
        while (*args == ' ')
            args++;
    } else {
        args = cmd + strlen(cmd);
    }
    if (cmd[0] == '\0')
        return 0;
    if (strcmp(cmd, "quit") == 0)
        return 1;
    if (strcmp(cmd, "isready") == 0) {
        cli_line("readyok");
    } else if (strcmp(cmd, "stop") == 0) {
        if (p->searching)
            engine_thread_stop(p->et, p->ticket);
    } else if (strcmp(cmd, "cep") == 0) {
        cmd_cep(p);
    } else if (strcmp(cmd, "setoption") == 0) {
        cmd_setoption(p, args);
    } else if (strcmp(cmd, "variant") == 0) {
        set_variant(p, args);
    } else if (strcmp(cmd, "newgame") == 0) {
        set_start(p, NULL);
    } else if (strcmp(cmd, "position") == 0) {
        cmd_position(p, args);
    } else if (strcmp(cmd, "go") == 0) {
        cmd_go(p, args);
    } else if (strcmp(cmd, "show") == 0) {
        if (p->refused) {
            cli_line("error 'show': no position (the last 'position' was refused)");
            return 0;
        }
        cli_board_print(stdout, &p->game.pos);
        fflush(stdout);
    } else {
        char buf[256];
        cli_line("error unknown command '%s'", shown(cmd, 60, buf, sizeof buf));
    }
    return 0;
}

/* Whether 'line' is the command 'word', with or without arguments. */
static int is_command(const char *line, const char *word)
{
    size_t n = strlen(word);
    while (*line == ' ')
        line++;
    return strncmp(line, word, n) == 0 && (line[n] == '\0' || line[n] == ' ');
}

/* Whether line 'line' runs while a search does: 'isready' and 'stop' when no line waits
 * before them ('stop' acts on the search it follows; 'readyok' says that every line before
 * it has been done). */
static int urgent(const char *line, int first)
{
    return first && (is_command(line, "isready") || is_command(line, "stop"));
}

/* Answers a line that could not be read. */
static void say_bad(int bad)
{
    if (bad == LINE_NUL)
        cli_line("error a line holds a NUL byte: ignored");
    else if (bad == LINE_TOO_LONG)
        cli_line("error line longer than %d bytes: ignored", LINE_MAX_BYTES);
    else
        cli_line("error out of memory: a line was dropped");
}

/* Runs the lines that can run now: in order while no search runs; while one does, only the
 * urgent ones. */
static void run_queue(Proto *p)
{
    int i = 0;
    while (i < p->nqueue && !p->quit) {
        char *line = p->queue[i];
        int bad = p->bad[i];
        if (p->searching && (line == NULL || !urgent(line, i == 0))) {
            /* 'quit' stops the search under way (its 'bestmove', the best so far, is still
             * given), then ends the program. */
            if (i == 0 && line != NULL && is_command(line, "quit"))
                engine_thread_stop(p->et, p->ticket);
            i++;
            continue;
        }
        memmove(&p->queue[i], &p->queue[i + 1], (size_t)(p->nqueue - i - 1) * sizeof *p->queue);
        memmove(&p->bad[i], &p->bad[i + 1], (size_t)(p->nqueue - i - 1) * sizeof *p->bad);
        p->nqueue--;
        if (line == NULL)
            say_bad(bad);
        else
            p->quit = command(p, line);
        free(line);
    }
}

/* Adds the line read to the queue. */
static void end_line(Proto *p)
{
    size_t len = p->len;
    int bad = p->too_long                                     ? LINE_TOO_LONG
              : len > 0 && memchr(p->line, '\0', len) != NULL ? LINE_NUL
                                                              : LINE_OK;
    p->len = 0;
    p->too_long = 0;
    /* Each array keeps its own room: when the second cannot grow, the first has only grown. */
    if (cm_grow(&p->bad, &p->bad_cap, p->nqueue + 1, sizeof *p->bad, 16) != 0 ||
        cm_grow(&p->queue, &p->queue_cap, p->nqueue + 1, sizeof *p->queue, 16) != 0) {
        say_bad(LINE_NOMEM);
        return;
    }
    char *copy = NULL;
    if (bad == LINE_OK && (copy = strndup(len > 0 ? p->line : "", len)) == NULL)
        bad = LINE_NOMEM;
    p->queue[p->nqueue] = copy;
    p->bad[p->nqueue++] = bad;
}

/* Reads what standard input has (waiting up to 'wait_ms', -1: as long as it takes), queues
 * each whole line and runs what can run. Returns 1 at the end of the input. */
static int read_input(Proto *p, int wait_ms)
{
    struct pollfd pfd = {p->in, POLLIN, 0};
    char buf[4096];
    if (poll(&pfd, 1, wait_ms) <= 0)
        return 0;
    ssize_t got = read(p->in, buf, sizeof buf);
    if (got < 0 && (errno == EINTR || errno == EAGAIN))
        return 0;
    if (got <= 0) {
        /* The end of the input (or an error reading it) ends the last line, newline or not. */
        if (p->len > 0 || p->too_long)
            end_line(p);
        run_queue(p);
        return 1;
    }
    for (ssize_t i = 0; i < got; i++) {
        char c = buf[i];
        if (c == '\n') {
            end_line(p);
            continue;
        }
        if (c == '\r' || p->too_long)
            continue;
        if (p->len + 2 > LINE_MAX_BYTES) {
            p->too_long = 1;
            continue;
        }
        if (p->len + 2 > p->cap) {
            size_t cap = p->cap ? p->cap * 2 : 256;
            char *line = realloc(p->line, cap);
            if (line == NULL) {
                p->too_long = 1;
                continue;
            }
            p->line = line;
            p->cap = cap;
        }
        p->line[p->len++] = c == '\t' ? ' ' : c;
    }
    run_queue(p);
    return 0;
}

int cli_engine_serve(CliCtx *ctx, int in, const CliServeCaps *caps)
{
    Proto p;

    memset(&p, 0, sizeof p);
    p.ctx = ctx;
    p.in = in;
    if (caps != NULL)
        p.caps = *caps;
    p.level = CM_ENGINE_LEVELS;
    p.threads = 1;
    p.hash_mb = hash_mb(&p, CLI_DEFAULT_TT_MB);
    p.v = cli_variant(ctx, CLI_DEFAULT_VARIANT);
    if (p.v == NULL)
        return CLI_EXIT_INPUT;
    p.et = engine_thread_new((size_t)p.hash_mb << 20);
    if (p.et == NULL || cm_game_init(&p.game, p.v, NULL) != CM_OK) {
        engine_thread_free(p.et);
        return cli_out_of_memory();
    }
    /* At the end of the input (a script's pipe) the lines left run in turn, each search
     * with limits given up to END_GRACE_MS more (from the end of the input, or from its
     * start when it starts later) and then stopped, an infinite one stopped at once; each
     * gives its move. 'quit' stops the search under way and leaves. */
    int end = 0;
    uint64_t end_at = 0;
    while (!p.quit && (!end || p.searching || p.nqueue > 0)) {
        if (!end) {
            end = read_input(&p, p.searching ? POLL_MS : -1);
            end_at = clock_ms();
        } else if (p.searching &&
                   (p.infinite ||
                    clock_ms() >= (p.started > end_at ? p.started : end_at) + END_GRACE_MS)) {
            engine_thread_stop(p.et, p.ticket);
        }
        if (p.searching) {
            if (end)
                engine_thread_wait(p.et, 50);
            follow(&p);
        }
        run_queue(&p);
        if (end && !p.searching && p.nqueue > 0)
            run_queue(&p);
    }
    engine_thread_free(p.et);
    cm_game_free(&p.game);
    free(p.line);
    for (int i = 0; i < p.nqueue; i++)
        free(p.queue[i]);
    free(p.queue);
    free(p.bad);
    return CLI_EXIT_OK;
}

int cli_engine(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    int rc = cli_args_parse(cli_engine_usage, cli_engine_help, NULL, 0, argc, argv, &a);
    if (rc < 0 && a.nargs > 0)
        rc = cli_usage_error(cli_engine_usage, "unexpected argument '%s'", a.args[0]);
    cli_args_free(&a);
    if (rc >= 0)
        return rc;
    return cli_engine_serve(ctx, STDIN_FILENO, NULL);
}
