/* The 'match' command: engine against engine (or a random or greedy player, or another
 * program through the engine protocol), colours alternated over pairs of games with shared
 * openings (random plies, or lines of a file: openings.c), games in parallel, the score with
 * its Elo difference, and a sequential test (SPRT) that may end the match early (the
 * statistics: match_stats.c).
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/engine.h"
#include "camelot/notation.h"
#include "camelot/posdoc.h"
#include "camelot/random.h"
#include "camelot/record.h"
#include "cli.h"
#include "extengine.h"
#include "io/io.h"
#include "match_int.h"
#include "session/clock.h"
#include "session/setup.h"
#include "session/text.h"

#define MATCH_DEFAULT_MS 100     /* time per move when neither a time nor a depth is given */
#define MATCH_PLIES_PER_SEAT 200 /* the default move cap, per seat */
#define MATCH_OPENINGS 4         /* random plies at the start of each pair of games */
#define MATCH_TIMEOUT_MS 30000   /* the default wait for a 'cmd:' engine's answer */
#define MATCH_SPRT_GAMES 20000   /* the default game cap of a match with --sprt */
#define MATCH_MAX_THREADS 64     /* the most games at once */

const char cli_match_usage[] =
    "match --a SPEC --b SPEC [--variant V] [--games N]\n"
    "                     [--time S | --depth D] [--seed K] [--records FILE]\n"
    "                     [--openings-file FILE] [--concurrency N]\n"
    "                     [--sprt ELO0,ELO1[,ALPHA,BETA]]";
const char cli_match_help[] =
    "Plays engine against engine and reports wins, draws and losses of A, its score\n"
    "and the Elo difference with a 95% interval. Colours (or, in four-player games,\n"
    "teams or seat pairs) alternate; each pair of games starts with the same\n"
    "opening. A game still going after the move cap is a draw. In the individual\n"
    "four-player game a player whose seats alone have pieces left wins, and at the\n"
    "move cap the player with more pieces does.\n\n"
    "  --a SPEC, --b SPEC  a player: 'level=N' (1-10), 'random', 'greedy' (the\n"
    "                   move that captures most, else a random one), or\n"
    "                   'cmd:PROGRAM', a program speaking the engine protocol\n"
    "                   (PROGRAM runs through /bin/sh -c, e.g. 'cmd:camelot\n"
    "                   engine'); an engine that dies, hangs or answers an illegal\n"
    "                   move or garbage loses the game and is started afresh.\n"
    "                   After level=N: null=1, futility=1, hashfirst=1, lmr=0,\n"
    "                   partial=0, capext=N, startpct=N, lmrpct=N, counter=1,\n"
    "                   histprune=N, asp=N, rfp=N, iir=1, rfpdepth=N,\n"
    "                   improving=0, lmp=N, lmrimp=0, lmrhist=N, razor=N,\n"
    "                   threatext=N, threatord=N, nearlmr=N, ttev=1,\n"
    "                   multi=brs|paranoid, depth=N, time=S, nodes=N,\n"
    "                   threads=N, noise=N, hide=PCT, blind=PCT (the level's\n"
    "                   weaknesses, docs/engine.md), and\n"
    "                   w.TERM=N for an evaluation weight (camelot tune --list)\n"
    "                   (comma-separated)\n"
    "  --variant V      default: camelot\n"
    "  --games N        default 2 (with --sprt: 20000, the most games)\n"
    "  --time S         seconds per move (default 0.1)\n"
    "  --depth D        plies per move instead of a time\n"
    "  --seed K         seeds the openings and the players' noise (default 1)\n"
    "  --openings K     random plies at the start of each pair of games (default 4,\n"
    "                   or 0 with --openings-file); a ply that ends the game or\n"
    "                   leaves a capture to the next player is avoided when\n"
    "                   another exists\n"
    "  --openings-file FILE  one opening per line, used in turn, each for a pair:\n"
    "                   moves from the start, or '{...}', a position document on\n"
    "                   one line, then maybe 'moves ...'; '#' starts a comment\n"
    "  --concurrency N  games played at once, each with its own engines (default 1)\n"
    "  --sprt E0,E1[,A,B]  a sequential test of Elo E0 against E1 over pairs of\n"
    "                   games (alpha A and beta B: default 0.05): the match stops\n"
    "                   when it decides\n"
    "  --timeout S      the longest wait for a 'cmd:' engine: at its start, and per\n"
    "                   move S + 10 times the move time (default 30)\n"
    "  --max-plies P    the move cap (default 200 per seat: 400 plies for two\n"
    "                   players)\n"
    "  --records FILE   write every game as a record to FILE; with '%d' in FILE, one\n"
    "                   file per game numbered from 1 (a file there is written over;\n"
    "                   anything but a file is refused)\n"
    "  --tt MB          table size per engine in MiB (default 16)\n"
    "  --quiet          no line per game\n";

enum { PLAYER_ENGINE, PLAYER_RANDOM, PLAYER_GREEDY, PLAYER_CMD };

typedef struct Player {
    const char *spec;
    int kind;        /* 'PLAYER_*' */
    int level;       /* 1 .. 10 */
    long depth;      /* 0: the match's */
    long nodes;      /* a node limit for each move, 0: none */
    int64_t time_ms; /* 0: the match's */
    long threads;    /* 1 .. CM_ENGINE_MAX_THREADS */
    CmEngineOptions opt;
    int weight[CM_EVAL_TERMS];               /* evaluation weights that replace the engine's ... */
    unsigned char weight_set[CM_EVAL_TERMS]; /* ... where set ('w.TERM=N') */
    CmEngine *engine;
    ExtEngine ext; /* a 'cmd:' player's program */
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
    } else if (strcmp(name, "partial") == 0 && setup_parse_int(val, 0, 1, &n)) {
        p->opt.partial = (int)n;
    } else if (strcmp(name, "startpct") == 0 && setup_parse_int(val, 1, 100, &n)) {
        p->opt.start_pct = (int)n;
    } else if (strcmp(name, "capext") == 0 && setup_parse_int(val, 0, CM_MAX_MOVES, &n)) {
        p->opt.capture_ext = (int)n;
    } else if (strcmp(name, "lmrpct") == 0 && setup_parse_int(val, 0, 200, &n)) {
        p->opt.lmr_pct = (int)n;
    } else if (strcmp(name, "multi") == 0 && strcmp(val, "brs") == 0) {
        p->opt.multi = CM_MULTI_BRS;
    } else if (strcmp(name, "multi") == 0 && strcmp(val, "paranoid") == 0) {
        p->opt.multi = CM_MULTI_PARANOID;
    } else if (strcmp(name, "counter") == 0 && setup_parse_int(val, 0, 1, &n)) {
        p->opt.counter = (int)n;
    } else if (strcmp(name, "histprune") == 0 && setup_parse_int(val, 0, 100000, &n)) {
        p->opt.hist_prune = (int)n;
    } else if (strcmp(name, "rfp") == 0 && setup_parse_int(val, 0, 10000, &n)) {
        p->opt.rfp = (int)n;
    } else if (strcmp(name, "iir") == 0 && setup_parse_int(val, 0, 1, &n)) {
        p->opt.iir = (int)n;
    } else if (strcmp(name, "rfpdepth") == 0 && setup_parse_int(val, 1, 20, &n)) {
        p->opt.rfp_depth = (int)n;
    } else if (strcmp(name, "lmp") == 0 && setup_parse_int(val, 0, 100, &n)) {
        p->opt.lmp_base = (int)n;
    } else if (strcmp(name, "improving") == 0 && setup_parse_int(val, 0, 1, &n)) {
        p->opt.improving = (int)n;
    } else if (strcmp(name, "lmrimp") == 0 && setup_parse_int(val, 0, 1, &n)) {
        p->opt.lmr_improving = (int)n;
    } else if (strcmp(name, "lmrhist") == 0 && setup_parse_int(val, 0, 1000000, &n)) {
        p->opt.lmr_hist = (int)n;
    } else if (strcmp(name, "razor") == 0 && setup_parse_int(val, 0, 10000, &n)) {
        p->opt.razor = (int)n;
    } else if (strcmp(name, "threatext") == 0 && setup_parse_int(val, 0, 3, &n)) {
        p->opt.threat_ext = (int)n;
    } else if (strcmp(name, "threatord") == 0 && setup_parse_int(val, 0, 3, &n)) {
        p->opt.threat_order = (int)n;
    } else if (strcmp(name, "nearlmr") == 0 && setup_parse_int(val, 0, 2, &n)) {
        p->opt.near_lmr = (int)n;
    } else if (strcmp(name, "ttev") == 0 && setup_parse_int(val, 0, 1, &n)) {
        p->opt.tt_eval = (int)n;
    } else if (strcmp(name, "asp") == 0 && setup_parse_int(val, 1, 10000, &n)) {
        p->opt.aspiration = (int)n;
    } else if (strcmp(name, "noise") == 0 && setup_parse_int(val, 0, 10000, &n)) {
        p->opt.level_noise = (int)n;
    } else if (strcmp(name, "hide") == 0 && setup_parse_int(val, 0, 100, &n)) {
        p->opt.level_hide = (int)n;
    } else if (strcmp(name, "blind") == 0 && setup_parse_int(val, 0, 100, &n)) {
        p->opt.level_blind = (int)n;
    } else if (strcmp(name, "nodes") == 0 && setup_parse_int(val, 1, 1L << 40, &n)) {
        p->nodes = n;
    } else if (strcmp(name, "depth") == 0 && setup_parse_int(val, 1, CM_ENGINE_MAX_DEPTH, &n)) {
        p->depth = n;
    } else if (strcmp(name, "threads") == 0 && setup_parse_int(val, 1, CM_ENGINE_MAX_THREADS, &n)) {
        p->threads = n;
    } else if (strcmp(name, "time") == 0) {
        return setup_parse_seconds(val, val + strlen(val), &p->time_ms) && p->time_ms > 0;
    } else if (strncmp(name, "w.", 2) == 0) {
        int t = cm_engine_term_find(name + 2);
        if (t < 0 || !setup_parse_int(val, -1000, 1000, &n))
            return 0;
        p->weight[t] = (int)n;
        p->weight_set[t] = 1;
    } else {
        return 0;
    }
    return 1;
}

/* Parses "level=10,null=0" into 'p'. Returns 0 (with a message) when it is not a player. */
static int parse_player(const char *spec, Player *p, char *why, size_t size)
{
    char buf[1024]; /* room for every weight of 'camelot tune' and the switches */
    memset(p, 0, sizeof *p);
    p->spec = spec;
    p->level = CM_ENGINE_LEVELS;
    p->threads = 1;
    cm_engine_default_options(&p->opt);
    if (strncmp(spec, "cmd:", 4) == 0) {
        /* The rest is the program's command line, commas and all. */
        p->kind = PLAYER_CMD;
        p->ext.cmd = spec + 4;
        p->ext.to = p->ext.from = -1;
        if (spec[4 + strspn(spec + 4, " \t")] == '\0') {
            snprintf(why, size, "player 'cmd:' needs a program (e.g. 'cmd:camelot engine')");
            return 0;
        }
        return 1;
    }
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
            snprintf(why, size, "bad player '%s' (e.g. level=10, random, greedy, cmd:PROGRAM)",
                     spec);
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
                if (list->m[i].ncap == most && cm_random_below(rng, ++n) == 0)
                    pick = i;
            return list->m[pick];
        }
    }
    return list->m[cm_random_below(rng, list->n)];
}

typedef struct MatchConf {
    const CmVariant *v;
    long games, openings, max_plies;
    long depth;
    int64_t time_ms;
    uint64_t seed;
    const char *records;
    int quiet;
    const char *variant_ref; /* as given, for 'cmd:' engines */
    int64_t timeout_ms;
    const Opening *book; /* the openings file's, or NULL */
    int nbook;
} MatchConf;

/* Which player ('0' = A, '1' = B) plays each seat in game 'g': two teams alternate by team;
 * otherwise A takes the even seats in even games and the odd seats in odd games. */
static int seat_player(const CmVariant *v, int seat, long g)
{
    int group = v->nteams == 2 ? v->seat[seat].team : seat % 2;
    return (group + (int)(g % 2)) % 2;
}

/* How a game ended that the rules did not end. */
enum { END_RULES, END_CAP, END_ADJUDICATED, END_CAP_MATERIAL, END_FORFEIT };

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
    long g;                 /* its number, from 0 */
    int end;                /* 'END_*' */
    int sole;               /* the adjudicated player (0 = A, 1 = B), when 'end' says so */
    const Opening *opening; /* from the openings file, or NULL */
    char *moves;            /* the moves played, in WCF notation, for 'cmd:' engines */
    size_t nmoves_text, moves_cap;
    char why[EXT_WHY_MAX]; /* why the loser of a forfeit lost */
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
 * to the one file of the match (emptied by the 'first' game written). Returns 0, or -1 with
 * 'err'. */
static int write_record(const MatchConf *mc, const MatchGame *mg, const Player *pl, int first,
                        CmError *err)
{
    CmTag tags[CM_MAX_SEATS + 7];
    int nt = 0;
    const char *winner = mg->sole ? "B" : "A";
    cm_error_init(err, mc->records);
    add_tag(tags, &nt, "Event", "camelot match");
    add_tag(tags, &nt, "Round", "%ld", mg->g + 1);
    for (int s = 0; s < mc->v->nseats; s++) {
        int who = seat_player(mc->v, s, mg->g);
        add_tag(tags, &nt, mc->v->seat[s].name, "%c %s", who ? 'B' : 'A', pl[who].spec);
    }
    if (mg->opening != NULL && mc->openings > 0)
        add_tag(tags, &nt, "Opening", "line %ld of the openings file, %ld random plies",
                mg->opening->line, mc->openings);
    else if (mg->opening != NULL)
        add_tag(tags, &nt, "Opening", "line %ld of the openings file", mg->opening->line);
    else
        add_tag(tags, &nt, "Opening", "%ld random plies", mc->openings);
    if (mg->end == END_FORFEIT) {
        /* The other player wins; in a game of more than two teams no team result says so. */
        CmOutcome o = {1, 0, -1, 0, CM_REASON_NONE};
        char result[64] = "*";
        for (int s = 0; s < mc->v->nseats; s++)
            if (seat_player(mc->v, s, mg->g) == mg->sole) {
                o.winner = mc->v->seat[s].team;
                o.seats |= 1u << s;
            }
        if (mc->v->nteams == 2)
            cm_result_str(mc->v, &o, result, sizeof result);
        add_tag(tags, &nt, "Result", "%s", result);
        add_tag(tags, &nt, "Termination", "forfeit: %s's engine %.200s", mg->sole ? "A" : "B",
                mg->why);
    } else if (mg->end == END_CAP) {
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
    int joined = !first && strstr(mc->records, "%d") == NULL;
    text[0] = '\n';
    cm_record_write(&mg->game, tags, nt, text + joined, need - 1);
    /* A game too long to be read back is not written (the move cap keeps games shorter). */
    CmStatus st = cm_record_fits(strlen(text), err);
    const char *at = strstr(mc->records, "%d");
    if (st == CM_OK && at != NULL) {
        char path[IO_PATH_MAX];
        snprintf(path, sizeof path, "%.*s%ld%s", (int)(at - mc->records), mc->records, mg->g + 1,
                 at + 2);
        st = io_write_atomic(path, text, strlen(text), err);
    } else if (st == CM_OK) {
        st = io_append(mc->records, text, strlen(text), first, err);
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

/* Plays 'm' in game 'mg', keeping its text for the 'cmd:' engines. Returns 0, or -1. */
static int game_play(MatchGame *mg, const CmMove *m)
{
    char text[CM_MOVE_TEXT_MAX];
    size_t n = cm_move_str(&mg->game.pos, m, text, sizeof text);
    if (mg->nmoves_text + n + 2 > mg->moves_cap) {
        size_t cap = mg->moves_cap ? mg->moves_cap * 2 : 1024;
        while (cap < mg->nmoves_text + n + 2)
            cap *= 2;
        char *nm = realloc(mg->moves, cap);
        if (nm == NULL)
            return -1;
        mg->moves = nm;
        mg->moves_cap = cap;
    }
    mg->moves[mg->nmoves_text++] = ' ';
    memcpy(mg->moves + mg->nmoves_text, text, n + 1);
    mg->nmoves_text += n;
    return cm_game_play(&mg->game, m) == CM_OK ? 0 : -1;
}

/* The opening of game 'mg': the moves of its line of the openings file, if any, then random
 * plies, all shared by both games of a pair. The random plies should give a balanced game, so
 * a ply that would end the game, or hand the next player a capture, is avoided when another
 * exists: an opening that loses material measures luck, not the players. Returns 0, or -1. */
static int play_opening(const MatchConf *mc, MatchGame *mg, CmMoveList *list)
{
    CmGame *game = &mg->game;
    long g = mg->g;
    uint64_t orng = mc->seed * 1000003u + (uint64_t)(g / 2) * 7919u + 17u;
    for (int i = 0; mg->opening != NULL && i < mg->opening->nmoves; i++)
        if (game_play(mg, &mg->opening->moves[i]) != 0)
            return -1;
    for (long i = 0; i < mc->openings && !game->outcome.over; i++) {
        int n = cm_movegen_all(&game->pos, list);
        if (n == 0)
            break;
        int start = cm_random_below(&orng, n), pick = start, best = 3;
        for (int tries = 0; tries < n && best > 0; tries++) {
            int k = (start + tries) % n, bad = opening_fault(&game->pos, &list->m[k]);
            if (bad < best) {
                best = bad;
                pick = k;
            }
        }
        if (game_play(mg, &list->m[pick]) != 0)
            return -1;
    }
    return 0;
}

/* The move of a 'cmd:' player: the position sent as the start and the moves from it, then
 * 'go', and lines read until 'bestmove'. Returns 0, or 1 with the reason in 'mg->why' when
 * the engine forfeits the game: it died, hung, said 'error', answered garbage, or a move
 * that is not legal here. */
static int cmd_move(const MatchConf *mc, Player *p, MatchGame *mg, CmMove *out)
{
    ExtEngine *e = &p->ext;
    const CmGame *game = &mg->game;
    char *why = mg->why, *line;
    size_t size = sizeof mg->why;
    int64_t ms = mc->depth ? 0 : mc->time_ms;
    int doc = mg->opening != NULL && mg->opening->from_doc;
    size_t cap = mg->nmoves_text + 100 + (doc ? cm_posdoc_write_line(&game->start, NULL, 0) : 0);
    char *cmd = malloc(cap);
    if (cmd == NULL) {
        snprintf(why, size, "could not be told the position: out of memory");
        return 1;
    }
    if (doc) {
        int n = snprintf(cmd, cap, "position doc ");
        cm_posdoc_write_line(&game->start, cmd + n, cap - (size_t)n);
    } else {
        snprintf(cmd, cap, "position startpos");
    }
    if (mg->nmoves_text > 0)
        snprintf(cmd + strlen(cmd), cap - strlen(cmd), " moves%s", mg->moves);
    int bad = ext_send(e, cmd, why, size);
    free(cmd);
    char go[64];
    if (mc->depth)
        snprintf(go, sizeof go, "go depth %ld", mc->depth);
    else
        snprintf(go, sizeof go, "go movetime %lld", (long long)ms);
    if (bad || ext_send(e, go, why, size) != 0)
        return 1;
    uint64_t deadline = clock_ms() + (uint64_t)mc->timeout_ms + 10u * (uint64_t)ms;
    for (;;) {
        char r[EXT_WHY_MAX];
        if (ext_read_line(e, deadline, &line, r, sizeof r) != 0) {
            snprintf(why, size, "gave no move: %.150s", r);
            return 1;
        }
        if (strncmp(line, "info", 4) == 0 && (line[4] == ' ' || line[4] == '\0'))
            continue;
        if (strncmp(line, "bestmove ", 9) != 0) {
            snprintf(why, size, "answered '%.40s' instead of a move", line);
            return 1;
        }
        break;
    }
    const char *text = line + 9;
    CmError err;
    cm_error_init(&err, NULL);
    if (strcmp(text, "none") == 0) {
        snprintf(why, size, "answered 'bestmove none' in a game that goes on");
        return 1;
    }
    if (cm_move_parse(&game->pos, text, out, &err) != CM_OK) {
        snprintf(why, size, "played the illegal move '%.40s' (%.100s)", text, err.msg);
        return 1;
    }
    return 0;
}

/* The move of player 'p' in game 'mg' (whose legal moves are 'list'). Returns 0, 1 when the
 * player forfeits the game (a 'cmd:' engine, see 'cmd_move'), or -1 on an error. */
static int player_move(const MatchConf *mc, Player *p, MatchGame *mg, const CmMoveList *list,
                       uint64_t *rng, CmMove *out)
{
    const CmGame *game = &mg->game;
    CmLimits lim;
    CmSearchResult res;
    if (p->kind == PLAYER_CMD)
        return cmd_move(mc, p, mg, out);
    if (p->kind != PLAYER_ENGINE) {
        *out = simple_move(p, list, rng);
        return 0;
    }
    cm_limits_init(&lim);
    lim.level = p->level;
    lim.seed = cm_random_next(rng);
    lim.now_ms = clock_ms_cb;
    long depth = p->depth ? p->depth : p->time_ms > 0 ? 0 : mc->depth;
    int64_t ms = p->time_ms > 0 ? p->time_ms : p->depth ? 0 : mc->time_ms;
    lim.depth = (int)depth;
    lim.time_ms = depth ? 0 : (uint64_t)ms;
    lim.nodes = (uint64_t)p->nodes;
    if (cm_engine_search(p->engine, &game->pos, game->hashes, game->n + 1, &lim, NULL, NULL,
                         &res) != CM_OK ||
        !res.has_move) {
        fputs("camelot: internal error: the engine gave no move\n", stderr);
        return -1;
    }
    *out = res.move;
    return 0;
}

/* Ends game 'mg' as lost by player 'loser', whose engine is stopped (to start afresh in the
 * next game). */
static void forfeit(MatchGame *mg, Player *pl, int loser)
{
    mg->end = END_FORFEIT;
    mg->sole = !loser;
    ext_stop(&pl[loser].ext);
}

/* Plays game 'mg->g' to its end (or the move cap). Returns 0, or -1 on an error. */
static int play_moves(const MatchConf *mc, Player *pl, MatchGame *mg, CmMoveList *list)
{
    const CmVariant *v = mc->v;
    CmGame *game = &mg->game;
    uint64_t rng = mc->seed * 2654435761u + (uint64_t)mg->g * 40503u + 5u;

    /* A 'cmd:' engine that is not running (the first game, or after a forfeit) starts. */
    for (int k = 0; k < 2; k++) {
        char why[EXT_WHY_MAX];
        if (pl[k].kind != PLAYER_CMD || pl[k].ext.pid > 0)
            continue;
        if (ext_start(&pl[k].ext, mc->variant_ref, mc->timeout_ms, why, sizeof why) != 0) {
            snprintf(mg->why, sizeof mg->why, "did not start: %.150s", why);
            forfeit(mg, pl, k);
            return 0;
        }
    }
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
        int r = player_move(mc, p, mg, list, &rng, &m);
        if (r == 1) {
            forfeit(mg, pl, (int)(p - pl));
            return 0;
        }
        if (r != 0)
            return -1;
        /* Never an illegal move: the move must be one the rules core generated here. */
        if (cm_movelist_find(list, &m) < 0) {
            char text[CM_MOVE_TEXT_MAX];
            cm_move_effect_str(&m, text, sizeof text);
            fprintf(stderr, "camelot: internal error: %s played the illegal move %s\n", p->spec,
                    text);
            return -1;
        }
        if (game_play(mg, &m) != 0)
            return -1;
    }
    return 0;
}

/* The score of A in a finished game: 2 win, 1 draw, 0 loss. */
static int score_of_a(const CmVariant *v, const MatchGame *mg)
{
    const CmOutcome *o = &mg->game.outcome;
    if (mg->end == END_ADJUDICATED || mg->end == END_CAP_MATERIAL || mg->end == END_FORFEIT)
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
    else if (mg->end == END_FORFEIT)
        snprintf(text, sizeof text, "%c forfeits", mg->sole ? 'A' : 'B');
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
    if (mg->end == END_FORFEIT)
        printf("  %c's engine %.66s\n", mg->sole ? 'A' : 'B', mg->why);
    fflush(stdout);
}

/* The match: its settings and, under 'lock', the games handed out and their results. */
typedef struct Match {
    MatchConf mc;
    pthread_mutex_t lock;
    long next;          /* the next game to hand out */
    long w, d, l;       /* A's wins, draws and losses */
    signed char *score; /* per game: A's score (0, 1, 2), or -1 until it is over */
    long written;       /* records written */
    int stop;           /* no more games: decided, or an error */
    int error;
    Sprt sprt;
} Match;

/* One game, number 'g' of the match 'm'; returns the score of A (2 win, 1 draw, 0 loss), or
 * -1 on an error. The line of the game and its record are written under the match's lock. */
static int play_game(Match *m, Player *pl, long g, CmMoveList *list)
{
    const MatchConf *mc = &m->mc;
    MatchGame mg;
    int result = -1;

    memset(&mg, 0, sizeof mg);
    mg.g = g;
    mg.end = END_RULES;
    mg.sole = -1;
    mg.opening = mc->nbook > 0 ? &mc->book[(g / 2) % mc->nbook] : NULL;
    if (cm_game_init(&mg.game, mc->v,
                     mg.opening && mg.opening->from_doc ? &mg.opening->start : NULL) != CM_OK)
        return -1;
    for (int i = 0; i < 2; i++)
        if (pl[i].engine != NULL)
            cm_engine_clear(pl[i].engine);
    if (play_opening(mc, &mg, list) != 0 || play_moves(mc, pl, &mg, list) != 0)
        goto out;
    result = score_of_a(mc->v, &mg);
    pthread_mutex_lock(&m->lock);
    if (!mc->quiet)
        print_game(mc, &mg, result);
    CmError err;
    if (mc->records != NULL && write_record(mc, &mg, pl, m->written == 0, &err) != 0) {
        cli_report(&err, NULL, 0);
        result = -1;
    }
    m->written++;
    pthread_mutex_unlock(&m->lock);
out:
    cm_game_free(&mg.game);
    free(mg.moves);
    return result;
}

/* Counts A's score 'r' in game 'g' (under the match's lock); a pair complete counts for the
 * SPRT, whose standing is printed and which stops the match when it decides. */
static void count_game(Match *m, long g, int r)
{
    Sprt *t = &m->sprt;
    m->w += r == 2;
    m->d += r == 1;
    m->l += r == 0;
    m->score[g] = (signed char)r;
    long other = g ^ 1;
    if (!t->on || other >= m->mc.games || m->score[other] < 0)
        return;
    t->penta[r + m->score[other]]++;
    t->pairs++;
    t->llr = match_sprt_llr(t);
    if (t->decision == 0 && t->llr >= t->upper)
        t->decision = 1;
    else if (t->decision == 0 && t->llr <= t->lower)
        t->decision = -1;
    if (t->decision != 0)
        m->stop = 1;
    if (!m->mc.quiet) {
        printf("sprt: %ld pairs, LLR %.2f (bounds %.2f, %.2f)\n", t->pairs, t->llr, t->lower,
               t->upper);
        fflush(stdout);
    }
}

/* One thread of games: its own players (engines, programs) and move list. */
typedef struct Worker {
    Match *m;
    Player pl[2];
    CmMoveList *list;
    pthread_t thread;
} Worker;

static void *worker_run(void *arg)
{
    Worker *wk = arg;
    Match *m = wk->m;
    for (;;) {
        pthread_mutex_lock(&m->lock);
        long g = m->next;
        int done = m->stop || g >= m->mc.games;
        m->next += !done;
        pthread_mutex_unlock(&m->lock);
        if (done)
            break;
        int r = play_game(m, wk->pl, g, wk->list);
        pthread_mutex_lock(&m->lock);
        if (r < 0)
            m->error = m->stop = 1;
        else
            count_game(m, g, r);
        pthread_mutex_unlock(&m->lock);
    }
    return NULL;
}

/* Gives worker 'wk' its players, copies of 'tmpl' with engines of their own. Returns 0, or -1
 * when memory ran out. */
static int worker_init(Worker *wk, Match *m, const Player *tmpl, long tt)
{
    memset(wk, 0, sizeof *wk);
    wk->m = m;
    if ((wk->list = malloc(sizeof *wk->list)) == NULL)
        return -1;
    for (int k = 0; k < 2; k++) {
        wk->pl[k] = tmpl[k];
        wk->pl[k].engine = NULL;
        if (wk->pl[k].kind != PLAYER_ENGINE)
            continue;
        if (cm_engine_new(m->mc.v, (size_t)tt << 20, &wk->pl[k].engine) != CM_OK ||
            cm_engine_set_threads(wk->pl[k].engine, (int)wk->pl[k].threads) != CM_OK)
            return -1;
        cm_engine_set_options(wk->pl[k].engine, &wk->pl[k].opt);
        /* Weights given apply at every level; without them, each level weighs as in play. */
        int w[CM_EVAL_TERMS], given = 0;
        cm_engine_get_weights(wk->pl[k].engine, w);
        for (int t = 0; t < CM_EVAL_TERMS; t++)
            if (wk->pl[k].weight_set[t]) {
                w[t] = wk->pl[k].weight[t];
                given = 1;
            }
        if (given)
            cm_engine_set_weights(wk->pl[k].engine, w);
    }
    return 0;
}

static void worker_free(Worker *wk)
{
    for (int k = 0; k < 2; k++) {
        cm_engine_free(wk->pl[k].engine);
        ext_stop(&wk->pl[k].ext);
    }
    free(wk->list);
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
    OPT_OPENINGS_FILE,
    OPT_CONCURRENCY,
    OPT_SPRT,
    OPT_TIMEOUT,
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
    [OPT_OPENINGS_FILE] = {"--openings-file", 1, 0},
    [OPT_CONCURRENCY] = {"--concurrency", 1, 0},
    [OPT_SPRT] = {"--sprt", 1, 0},
    [OPT_TIMEOUT] = {"--timeout", 1, 0},
};

/* Reads the match's options into 'm', 'pl', '*tt', '*max_plies' and '*threads'. Returns -1,
 * or an exit code. */
static int read_match(const CliArgs *a, Match *m, Player *pl, long *tt, long *max_plies,
                      long *threads)
{
    MatchConf *mc = &m->mc;
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
        {OPT_CONCURRENCY, "concurrency", "1 to 64", 1, MATCH_MAX_THREADS},
    };
    long *dest[] = {&mc->games, &mc->depth, NULL, &mc->openings, max_plies, tt, threads};
    long seed = 1;
    char why[300];
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
    if (a->value[OPT_TIMEOUT] &&
        (rc = cli_seconds_arg(a, a->value[OPT_TIMEOUT], &mc->timeout_ms)) >= 0)
        return rc;
    if (a->value[OPT_SPRT] && !match_sprt_parse(a->value[OPT_SPRT], &m->sprt))
        return cli_usage_error(a->usage,
                               "bad SPRT '%s' (ELO0,ELO1 with ELO0 < ELO1, then maybe "
                               "ALPHA,BETA below 0.5)",
                               a->value[OPT_SPRT]);
    if (m->sprt.on && a->value[OPT_GAMES] == NULL)
        mc->games = MATCH_SPRT_GAMES;
    if (a->value[OPT_OPENINGS_FILE] && a->value[OPT_OPENINGS] == NULL)
        mc->openings = 0;
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
    Match m;
    long tt = CLI_DEFAULT_TT_MB, max_plies = 0, threads = 1;
    Player pl[2];
    Worker *wk = NULL;
    Opening *book = NULL;
    int nbook = 0, nworkers = 0;
    CliArgs a;
    int rc;

    memset(&m, 0, sizeof m);
    memset(pl, 0, sizeof pl);
    m.mc = (MatchConf){NULL, 2,    MATCH_OPENINGS,   0,    0, MATCH_DEFAULT_MS, 1, NULL,
                       0,    NULL, MATCH_TIMEOUT_MS, NULL, 0};
    pthread_mutex_init(&m.lock, NULL);
    rc = cli_args_parse(cli_match_usage, cli_match_help, match_opts, OPT_COUNT, argc, argv, &a);
    if (rc < 0)
        rc = read_match(&a, &m, pl, &tt, &max_plies, &threads);
    if (rc >= 0)
        goto out;
    rc = CLI_EXIT_INPUT;
    MatchConf *mc = &m.mc;
    mc->variant_ref = a.value[OPT_VARIANT] ? a.value[OPT_VARIANT] : CLI_DEFAULT_VARIANT;
    mc->v = cli_variant(ctx, mc->variant_ref);
    if (mc->v == NULL)
        goto out;
    /* One file of records that cannot be written is refused before the first game. */
    CmError err;
    if (mc->records != NULL && strstr(mc->records, "%d") == NULL &&
        io_check_write(mc->records, 1, &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        goto out;
    }
    mc->max_plies = max_plies ? max_plies : MATCH_PLIES_PER_SEAT * (long)mc->v->nseats;
    if (a.value[OPT_OPENINGS_FILE] &&
        match_read_openings(ctx, mc->v, a.value[OPT_OPENINGS_FILE], &book, &nbook) != 0)
        goto out;
    mc->book = book;
    mc->nbook = nbook;
    if ((m.score = malloc((size_t)mc->games)) == NULL)
        goto nomem;
    memset(m.score, -1, (size_t)mc->games);
    if (threads > mc->games)
        threads = mc->games;
    if ((wk = calloc((size_t)threads, sizeof *wk)) == NULL)
        goto nomem;
    for (; nworkers < threads; nworkers++)
        if (worker_init(&wk[nworkers], &m, pl, tt) != 0) {
            nworkers++;
            goto nomem;
        }
    if (pl[0].kind == PLAYER_CMD || pl[1].kind == PLAYER_CMD)
        ext_install_signals();
    /* One thread plays in this one; more run side by side. */
    int started = 1;
    for (; started < nworkers; started++)
        if (pthread_create(&wk[started].thread, NULL, worker_run, &wk[started]) != 0)
            break;
    worker_run(&wk[0]);
    for (int k = 1; k < started; k++)
        pthread_join(wk[k].thread, NULL);
    if (m.error)
        goto out;
    match_report(mc->v->name, pl[0].spec, pl[1].spec, m.w, m.d, m.l);
    if (m.sprt.on)
        match_sprt_report(&m.sprt);
    rc = CLI_EXIT_OK;
    goto out;
nomem:
    rc = cli_out_of_memory();
out:
    for (int k = 0; k < nworkers; k++)
        worker_free(&wk[k]);
    free(wk);
    for (int k = 0; k < nbook; k++)
        free(book[k].moves);
    free(book);
    free(m.score);
    pthread_mutex_destroy(&m.lock);
    cli_args_free(&a);
    return rc;
}
