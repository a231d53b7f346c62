/* The 'match' command: engine against engine (or a random or greedy player), colours
 * alternated over pairs of games with shared random openings, and the score with its Elo
 * difference.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/engine.h"
#include "camelot/notation.h"
#include "camelot/record.h"
#include "cli.h"
#include "io/io.h"
#include "session/clock.h"
#include "session/setup.h"
#include "session/text.h"

#define MATCH_DEFAULT_MS 100     /* time per move when neither a time nor a depth is given */
#define MATCH_PLIES_PER_SEAT 200 /* the default move cap, per seat */
#define MATCH_OPENINGS 4         /* random plies at the start of each pair of games */
#define Z95 1.96                 /* the normal quantile of a 95% interval */

const char cli_match_usage[] =
    "match --a SPEC --b SPEC [--variant V] [--games N]\n"
    "                     [--time S | --depth D] [--seed K] [--records FILE]";
const char cli_match_help[] =
    "Plays engine against engine and reports wins, draws and losses of A, its score\n"
    "and the Elo difference with a 95% interval. Colours (or, in four-player games,\n"
    "teams or seat pairs) alternate; each pair of games starts with the same random\n"
    "opening plies. A game still going after the move cap is a draw. In the\n"
    "individual four-player game a player whose seats alone have pieces left wins,\n"
    "and at the move cap the player with more pieces does.\n\n"
    "  --a SPEC, --b SPEC  a player: 'level=N' (1-10), 'random', or 'greedy' (the\n"
    "                   move that captures most, else a random one); engine options\n"
    "                   may follow, comma-separated: null=1, futility=1,\n"
    "                   hashfirst=1, lmr=0, multi=brs|paranoid, depth=N, time=S\n"
    "                   (this player only)\n"
    "  --variant V      default: camelot\n"
    "  --games N        default 2\n"
    "  --time S         seconds per move (default 0.1)\n"
    "  --depth D        plies per move instead of a time\n"
    "  --seed K         seeds the openings and the players' noise (default 1)\n"
    "  --openings K     random plies at the start of each pair of games (default 4);\n"
    "                   a ply that ends the game or leaves a capture to the next\n"
    "                   player is avoided when another exists\n"
    "  --max-plies P    the move cap (default 200 per seat: 400 plies for two\n"
    "                   players)\n"
    "  --records FILE   write every game as a record to FILE; with '%d' in FILE, one\n"
    "                   file per game numbered from 1\n"
    "  --tt MB          table size per engine in MiB (default 16)\n"
    "  --quiet          no line per game\n";

/* splitmix64: the app's own random numbers, reproducible from a seed. */
static uint64_t rnd_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int rnd_below(uint64_t *s, int n)
{
    return (int)(rnd_next(s) % (uint64_t)n);
}

enum { PLAYER_ENGINE, PLAYER_RANDOM, PLAYER_GREEDY };

typedef struct Player {
    const char *spec;
    int kind;        /* 'PLAYER_*' */
    int level;       /* 1 .. 10 */
    long depth;      /* 0: the match's */
    int64_t time_ms; /* 0: the match's */
    CmEngineOptions opt;
    CmEngine *engine;
} Player;

/* Reads one switch "NAME=VALUE" of a player spec into 'p'. Returns 0 when it is not one. */
static int player_switch(Player *p, const char *name, const char *val)
{
    long n = 0;
    if (strcmp(name, "level") == 0 && setup_parse_int(val, 1, CM_ENGINE_LEVELS, &n)) {
        p->kind = PLAYER_ENGINE;
        p->level = (int)n;
    } else if (strcmp(name, "null") == 0 && setup_parse_int(val, 0, 1, &n)) {
        p->opt.null_move = (int)n;
    } else if (strcmp(name, "lmr") == 0 && setup_parse_int(val, 0, 1, &n)) {
        p->opt.lmr = (int)n;
    } else if (strcmp(name, "futility") == 0 && setup_parse_int(val, 0, 1, &n)) {
        p->opt.futility = (int)n;
    } else if (strcmp(name, "hashfirst") == 0 && setup_parse_int(val, 0, 1, &n)) {
        p->opt.hash_first = (int)n;
    } else if (strcmp(name, "multi") == 0 && strcmp(val, "brs") == 0) {
        p->opt.multi = CM_MULTI_BRS;
    } else if (strcmp(name, "multi") == 0 && strcmp(val, "paranoid") == 0) {
        p->opt.multi = CM_MULTI_PARANOID;
    } else if (strcmp(name, "depth") == 0 && setup_parse_int(val, 1, CM_ENGINE_MAX_DEPTH, &n)) {
        p->depth = n;
    } else if (strcmp(name, "time") == 0) {
        return setup_parse_seconds(val, val + strlen(val), &p->time_ms) && p->time_ms > 0;
    } else {
        return 0;
    }
    return 1;
}

/* Parses "level=10,null=0" into 'p'. Returns 0 (with a message) when it is not a player. */
static int parse_player(const char *spec, Player *p, char *why, size_t size)
{
    char buf[256];
    memset(p, 0, sizeof *p);
    p->spec = spec;
    p->level = CM_ENGINE_LEVELS;
    cm_engine_default_options(&p->opt);
    if (strlen(spec) >= sizeof buf) {
        snprintf(why, size, "player '%.40s...' too long", spec);
        return 0;
    }
    strcpy(buf, spec);
    int first = 1;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok != NULL;
         tok = strtok_r(NULL, ",", &save), first = 0) {
        char *eq = strchr(tok, '=');
        if (eq)
            *eq = '\0';
        if (first && !eq && strcmp(tok, "random") == 0) {
            p->kind = PLAYER_RANDOM;
        } else if (first && !eq && strcmp(tok, "greedy") == 0) {
            p->kind = PLAYER_GREEDY;
        } else if (!player_switch(p, tok, eq ? eq + 1 : "")) {
            snprintf(why, size, "bad player '%s' (e.g. level=10, random, greedy)", spec);
            return 0;
        }
    }
    return 1;
}

/* The move of a random or greedy player: uniform, or among those capturing most. */
static CmMove simple_move(const Player *p, const CmMoveList *list, uint64_t *rng)
{
    if (p->kind == PLAYER_GREEDY) {
        int most = 0, n = 0;
        for (int i = 0; i < list->n; i++)
            if (list->m[i].ncap > most)
                most = list->m[i].ncap;
        if (most > 0) {
            int pick = 0;
            for (int i = 0; i < list->n; i++)
                if (list->m[i].ncap == most && rnd_below(rng, ++n) == 0)
                    pick = i;
            return list->m[pick];
        }
    }
    return list->m[rnd_below(rng, list->n)];
}

typedef struct MatchConf {
    const CmVariant *v;
    long games, openings, max_plies;
    long depth;
    int64_t time_ms;
    uint64_t seed;
    const char *records;
    int quiet;
} MatchConf;

/* Which player ('0' = A, '1' = B) plays each seat in game 'g': two teams alternate by team;
 * otherwise A takes the even seats in even games and the odd seats in odd games. */
static int seat_player(const CmVariant *v, int seat, long g)
{
    int group = v->nteams == 2 ? v->seat[seat].team : seat % 2;
    return (group + (int)(g % 2)) % 2;
}

/* How a game ended that the rules did not end. */
enum { END_RULES, END_CAP, END_ADJUDICATED, END_CAP_MATERIAL };

/* In a game of more than two teams, the player whose seats alone have pieces left, or -1. */
static int sole_player(const CmVariant *v, const CmPosition *pos, long g)
{
    int who = -1;
    for (int s = 0; s < v->nseats; s++) {
        if (pos->npieces[s] == 0)
            continue;
        if (who >= 0 && who != seat_player(v, s, g))
            return -1;
        who = seat_player(v, s, g);
    }
    return v->nteams > 2 ? who : -1;
}

/* In a game of more than two teams, the player with more pieces left, or -1. */
static int material_leader(const CmVariant *v, const CmPosition *pos, long g)
{
    int n[2] = {0, 0};
    for (int s = 0; s < v->nseats; s++)
        n[seat_player(v, s, g)] += pos->npieces[s];
    return v->nteams <= 2 || n[0] == n[1] ? -1 : n[0] > n[1] ? 0 : 1;
}

/* One played game, as 'play_game' leaves it. */
typedef struct MatchGame {
    CmGame game;
    long g;   /* its number, from 0 */
    int end;  /* 'END_*' */
    int sole; /* the adjudicated player (0 = A, 1 = B), when 'end' says so */
} MatchGame;

static void add_tag(CmTag *tags, int *n, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add_tag(CmTag *tags, int *n, const char *name, const char *fmt, ...)
{
    va_list ap;
    snprintf(tags[*n].name, sizeof tags[*n].name, "%s", name);
    va_start(ap, fmt);
    vsnprintf(tags[*n].value, sizeof tags[*n].value, fmt, ap);
    va_end(ap);
    (*n)++;
}

/* Writes game 'mg' as a record: the file of its own when '--records' holds '%d', else added
 * to the one file of the match (emptied by the first game). Returns 0, or -1 with 'err'. */
static int write_record(const MatchConf *mc, const MatchGame *mg, const Player *pl, CmError *err)
{
    CmTag tags[CM_MAX_SEATS + 6];
    int nt = 0;
    const char *winner = mg->sole ? "B" : "A";
    add_tag(tags, &nt, "Event", "camelot match");
    add_tag(tags, &nt, "Round", "%ld", mg->g + 1);
    for (int s = 0; s < mc->v->nseats; s++) {
        int who = seat_player(mc->v, s, mg->g);
        add_tag(tags, &nt, mc->v->seat[s].name, "%c %s", who ? 'B' : 'A', pl[who].spec);
    }
    add_tag(tags, &nt, "Opening", "%ld random plies", mc->openings);
    if (mg->end == END_CAP) {
        add_tag(tags, &nt, "Result", "draw");
        add_tag(tags, &nt, "Termination", "move cap %ld plies", mc->max_plies);
    } else if (mg->end == END_ADJUDICATED) {
        add_tag(tags, &nt, "Termination", "adjudicated: only %s's seats left", winner);
    } else if (mg->end == END_CAP_MATERIAL) {
        add_tag(tags, &nt, "Termination",
                "adjudicated: %s has more pieces at the move cap of %ld plies", winner,
                mc->max_plies);
    }
    size_t need = cm_record_write(&mg->game, tags, nt, NULL, 0) + 2;
    char *text = malloc(need);
    if (text == NULL) {
        cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
        return -1;
    }
    /* Records in one file are parted by an empty line. */
    int joined = mg->g > 0 && strstr(mc->records, "%d") == NULL;
    text[0] = '\n';
    cm_record_write(&mg->game, tags, nt, text + joined, need - 1);
    CmStatus st;
    const char *at = strstr(mc->records, "%d");
    if (at != NULL) {
        char path[IO_PATH_MAX];
        snprintf(path, sizeof path, "%.*s%ld%s", (int)(at - mc->records), mc->records, mg->g + 1,
                 at + 2);
        st = io_write_atomic(path, text, strlen(text), err);
    } else {
        st = io_append(mc->records, text, strlen(text), mg->g == 0, err);
    }
    free(text);
    return st == CM_OK ? 0 : -1;
}

/* How bad 'm' is as a random opening ply: 2 if it ends the game, 1 if the next player must
 * capture after it, else 0. */
static int opening_fault(const CmPosition *pos, const CmMove *m)
{
    CmPosition t = *pos;
    CmUndo u;
    CmOutcome o;
    CmObligation ob;
    cm_pos_apply(&t, m, &u);
    if (cm_rules_after_move(&t, pos->to_move, &o))
        return 2;
    cm_rules_settle(&t, &o);
    if (o.over)
        return 2;
    cm_movegen_obligation(&t, &ob);
    return ob.kind == CM_OBLIGE_CAPTURE;
}

/* Random opening plies, shared by both games of a pair. They should give a balanced game, so a
 * ply that would end the game, or hand the next player a capture, is avoided when another
 * exists: an opening that loses material measures luck, not the players. Returns 0, or -1. */
static int play_opening(const MatchConf *mc, CmGame *game, long g, CmMoveList *list)
{
    uint64_t orng = mc->seed * 1000003u + (uint64_t)(g / 2) * 7919u + 17u;
    for (long i = 0; i < mc->openings && !game->outcome.over; i++) {
        int n = cm_movegen_all(&game->pos, list);
        if (n == 0)
            break;
        int start = rnd_below(&orng, n), pick = start, best = 3;
        for (int tries = 0; tries < n && best > 0; tries++) {
            int k = (start + tries) % n, bad = opening_fault(&game->pos, &list->m[k]);
            if (bad < best) {
                best = bad;
                pick = k;
            }
        }
        if (cm_game_play(game, &list->m[pick]) != CM_OK)
            return -1;
    }
    return 0;
}

/* The move of player 'p' in 'game' (whose legal moves are 'list'). Returns 0, or -1. */
static int player_move(const MatchConf *mc, Player *p, const CmGame *game, const CmMoveList *list,
                       uint64_t *rng, CmMove *out)
{
    CmLimits lim;
    CmSearchResult res;
    if (p->kind != PLAYER_ENGINE) {
        *out = simple_move(p, list, rng);
        return 0;
    }
    cm_limits_init(&lim);
    lim.level = p->level;
    lim.seed = rnd_next(rng);
    lim.now_ms = clock_ms_cb;
    long depth = p->depth ? p->depth : p->time_ms > 0 ? 0 : mc->depth;
    int64_t ms = p->time_ms > 0 ? p->time_ms : p->depth ? 0 : mc->time_ms;
    lim.depth = (int)depth;
    lim.time_ms = depth ? 0 : (uint64_t)ms;
    if (cm_engine_search(p->engine, &game->pos, game->hashes, game->n + 1, &lim, NULL, NULL,
                         &res) != CM_OK ||
        !res.has_move) {
        fputs("camelot: internal error: the engine gave no move\n", stderr);
        return -1;
    }
    *out = res.move;
    return 0;
}

/* Plays game 'mg->g' to its end (or the move cap). Returns 0, or -1 on an error. */
static int play_moves(const MatchConf *mc, Player *pl, MatchGame *mg, CmMoveList *list)
{
    const CmVariant *v = mc->v;
    CmGame *game = &mg->game;
    uint64_t rng = mc->seed * 2654435761u + (uint64_t)mg->g * 40503u + 5u;

    while (!game->outcome.over) {
        if (game->n >= mc->max_plies) {
            mg->sole = material_leader(v, &game->pos, mg->g);
            mg->end = mg->sole >= 0 ? END_CAP_MATERIAL : END_CAP;
            return 0;
        }
        if ((mg->sole = sole_player(v, &game->pos, mg->g)) >= 0) {
            mg->end = END_ADJUDICATED;
            return 0;
        }
        Player *p = &pl[seat_player(v, game->pos.to_move, mg->g)];
        CmMove m;
        if (cm_movegen_all(&game->pos, list) == 0) {
            fputs("camelot: internal error: a settled position without moves\n", stderr);
            return -1;
        }
        if (player_move(mc, p, game, list, &rng, &m) != 0)
            return -1;
        /* Never an illegal move: the move must be one the rules core generated here. */
        if (cm_movelist_find(list, &m) < 0) {
            char text[CM_MOVE_TEXT_MAX];
            cm_move_effect_str(&m, text, sizeof text);
            fprintf(stderr, "camelot: internal error: %s played the illegal move %s\n", p->spec,
                    text);
            return -1;
        }
        if (cm_game_play(game, &m) != CM_OK)
            return -1;
    }
    return 0;
}

/* The score of A in a finished game: 2 win, 1 draw, 0 loss. */
static int score_of_a(const CmVariant *v, const MatchGame *mg)
{
    const CmOutcome *o = &mg->game.outcome;
    if (mg->end == END_ADJUDICATED || mg->end == END_CAP_MATERIAL)
        return mg->sole == 0 ? 2 : 0;
    if (mg->end == END_CAP || o->draw || o->winner < 0)
        return 1;
    for (int s = 0; s < v->nseats; s++)
        if ((o->seats & (1u << s)) && seat_player(v, s, mg->g) == 0)
            return 2;
    return 0;
}

static void print_game(const MatchConf *mc, const MatchGame *mg, int result)
{
    const CmVariant *v = mc->v;
    char text[TEXT_OUTCOME_MAX];
    if (mg->end == END_CAP)
        snprintf(text, sizeof text, "draw (move cap)");
    else if (mg->end == END_ADJUDICATED)
        snprintf(text, sizeof text, "%c's seats alone left", mg->sole ? 'B' : 'A');
    else if (mg->end == END_CAP_MATERIAL)
        snprintf(text, sizeof text, "%c has more pieces at the move cap", mg->sole ? 'B' : 'A');
    else
        text_outcome(v, &mg->game.outcome, text, sizeof text);
    printf("game %ld: A plays", mg->g + 1);
    for (int s = 0; s < v->nseats; s++)
        if (seat_player(v, s, mg->g) == 0)
            printf(" %c", v->seat[s].letter);
    printf("; %s after %d plies; A %s\n", text, mg->game.n,
           result == 2   ? "wins"
           : result == 1 ? "draws"
                         : "loses");
    fflush(stdout);
}

/* One game; returns the score of A (2 win, 1 draw, 0 loss), or -1 on an error. */
static int play_game(const MatchConf *mc, Player *pl, long g, CmMoveList *list)
{
    MatchGame mg;
    int result = -1;

    memset(&mg, 0, sizeof mg);
    mg.g = g;
    mg.end = END_RULES;
    mg.sole = -1;
    if (cm_game_init(&mg.game, mc->v, NULL) != CM_OK)
        return -1;
    for (int i = 0; i < 2; i++)
        if (pl[i].engine != NULL)
            cm_engine_clear(pl[i].engine);
    if (play_opening(mc, &mg.game, g, list) != 0 || play_moves(mc, pl, &mg, list) != 0)
        goto out;
    result = score_of_a(mc->v, &mg);
    if (!mc->quiet)
        print_game(mc, &mg, result);
    CmError err;
    if (mc->records != NULL && write_record(mc, &mg, pl, &err) != 0) {
        cli_report(&err, NULL, 0);
        result = -1;
    }
out:
    cm_game_free(&mg.game);
    return result;
}

static double elo_of(double p)
{
    if (p <= 0)
        return -INFINITY;
    if (p >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

static void elo_text(double x, char *buf, size_t size)
{
    if (isinf(x))
        snprintf(buf, size, "%sinf", x > 0 ? "+" : "-");
    else
        snprintf(buf, size, "%+.0f", fabs(x) < 0.5 ? 0.0 : x);
}

/* Prints the totals: score, and the Elo difference with a 95% interval from the spread of
 * the game scores (the Wilson interval when every game ended alike). */
static void match_report(const MatchConf *mc, const Player *pl, long w, long d, long l)
{
    long n = w + d + l;
    double p = n ? ((double)w + 0.5 * (double)d) / (double)n : 0.5;
    double var = n ? ((double)w * (1 - p) * (1 - p) + (double)d * (0.5 - p) * (0.5 - p) +
                      (double)l * p * p) /
                         (double)n
                   : 0;
    double se = n ? sqrt(var / (double)n) : 0, lo, hi;
    if (se > 0) {
        lo = p - Z95 * se;
        hi = p + Z95 * se;
    } else {
        double z2 = Z95 * Z95, nn = (double)(n ? n : 1);
        double c = (p + z2 / (2 * nn)) / (1 + z2 / nn);
        double h = Z95 * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
        lo = c - h;
        hi = c + h;
    }
    char e[32], elo_lo[32], elo_hi[32];
    elo_text(elo_of(p), e, sizeof e);
    elo_text(elo_of(lo), elo_lo, sizeof elo_lo);
    elo_text(elo_of(hi), elo_hi, sizeof elo_hi);
    printf("%s: A %s vs B %s, %ld games: A wins %ld, draws %ld, loses %ld\n", mc->v->name,
           pl[0].spec, pl[1].spec, n, w, d, l);
    printf("score %.1f%% (%.1f/%ld), Elo %s (95%%: %s .. %s)\n", 100.0 * p,
           (double)w + 0.5 * (double)d, n, e, elo_lo, elo_hi);
}

enum {
    OPT_VARIANT,
    OPT_A,
    OPT_B,
    OPT_GAMES,
    OPT_TIME,
    OPT_DEPTH,
    OPT_SEED,
    OPT_OPENINGS,
    OPT_MAX_PLIES,
    OPT_RECORDS,
    OPT_TT,
    OPT_QUIET,
    OPT_COUNT
};

static const CliOpt match_opts[OPT_COUNT] = {
    [OPT_VARIANT] = {"--variant", 1, 0},
    [OPT_A] = {"--a", 1, 0},
    [OPT_B] = {"--b", 1, 0},
    [OPT_GAMES] = {"--games", 1, 0},
    [OPT_TIME] = {"--time", 1, 0},
    [OPT_DEPTH] = {"--depth", 1, 0},
    [OPT_SEED] = {"--seed", 1, 0},
    [OPT_OPENINGS] = {"--openings", 1, 0},
    [OPT_MAX_PLIES] = {"--max-plies", 1, 0},
    [OPT_RECORDS] = {"--records", 1, 0},
    [OPT_TT] = {"--tt", 1, 0},
    [OPT_QUIET] = {"--quiet", 0, 0},
};

/* Reads the match's options into 'mc', 'pl' and '*tt'. Returns -1, or an exit code. */
static int read_match(const CliArgs *a, MatchConf *mc, Player *pl, long *tt, long *max_plies)
{
    static const struct {
        int opt;
        const char *noun, *range;
        long lo, hi;
    } ints[] = {
        {OPT_GAMES, "number of games", "1 to 1000000", 1, 1000000},
        {OPT_DEPTH, "depth", "1 to 64", 1, CM_ENGINE_MAX_DEPTH},
        {OPT_SEED, "seed", "0 to 2147483647", 0, 2147483647L},
        {OPT_OPENINGS, "opening plies", "0 to 100", 0, 100},
        {OPT_MAX_PLIES, "move cap", "1 to 100000", 1, 100000},
        {OPT_TT, "table size", "1 to 65536 MiB", 1, 65536},
    };
    long *dest[] = {&mc->games, &mc->depth, NULL, &mc->openings, max_plies, tt};
    long seed = 1;
    char why[200];
    int rc;

    if (a->nargs > 0)
        return cli_usage_error(a->usage, "unexpected argument '%s'", a->args[0]);
    for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++) {
        const char *val = a->value[ints[k].opt];
        long *d = dest[k] ? dest[k] : &seed;
        if (val &&
            (rc = cli_int_arg(a, ints[k].noun, ints[k].range, val, ints[k].lo, ints[k].hi, d)) >= 0)
            return rc;
    }
    if (a->value[OPT_TIME] && (rc = cli_seconds_arg(a, a->value[OPT_TIME], &mc->time_ms)) >= 0)
        return rc;
    if (a->value[OPT_A] == NULL || a->value[OPT_B] == NULL)
        return cli_usage_error(a->usage, "both players are needed (--a and --b)");
    if (mc->depth > 0 && a->value[OPT_TIME])
        return cli_usage_error(a->usage, "give --depth or --time, not both");
    for (int k = 0; k < 2; k++)
        if (!parse_player(a->value[OPT_A + k], &pl[k], why, sizeof why))
            return cli_usage_error(a->usage, "%s", why);
    mc->seed = (uint64_t)seed;
    mc->records = a->value[OPT_RECORDS];
    mc->quiet = a->value[OPT_QUIET] != NULL;
    return -1;
}

int cli_match(CliCtx *ctx, int argc, char **argv)
{
    MatchConf mc = {NULL, 2, MATCH_OPENINGS, 0, 0, MATCH_DEFAULT_MS, 1, NULL, 0};
    long tt = CLI_DEFAULT_TT_MB, max_plies = 0, w = 0, d = 0, l = 0;
    Player pl[2];
    CmMoveList *list = NULL;
    CliArgs a;
    int rc;

    memset(pl, 0, sizeof pl);
    rc = cli_args_parse(cli_match_usage, cli_match_help, match_opts, OPT_COUNT, argc, argv, &a);
    if (rc < 0)
        rc = read_match(&a, &mc, pl, &tt, &max_plies);
    if (rc >= 0)
        goto out;
    rc = CLI_EXIT_INPUT;
    mc.v = cli_variant(ctx, a.value[OPT_VARIANT] ? a.value[OPT_VARIANT] : CLI_DEFAULT_VARIANT);
    if (mc.v == NULL)
        goto out;
    mc.max_plies = max_plies ? max_plies : MATCH_PLIES_PER_SEAT * (long)mc.v->nseats;
    if ((list = malloc(sizeof *list)) == NULL)
        goto nomem;
    for (int k = 0; k < 2; k++) {
        if (pl[k].kind != PLAYER_ENGINE)
            continue;
        if (cm_engine_new(mc.v, (size_t)tt << 20, &pl[k].engine) != CM_OK)
            goto nomem;
        cm_engine_set_options(pl[k].engine, &pl[k].opt);
    }
    for (long g = 0; g < mc.games; g++) {
        int r = play_game(&mc, pl, g, list);
        if (r < 0)
            goto out;
        w += r == 2;
        d += r == 1;
        l += r == 0;
    }
    match_report(&mc, pl, w, d, l);
    rc = CLI_EXIT_OK;
    goto out;
nomem:
    rc = cli_out_of_memory();
out:
    for (int k = 0; k < 2; k++)
        cm_engine_free(pl[k].engine);
    free(list);
    cli_args_free(&a);
    return rc;
}
