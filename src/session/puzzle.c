/* Puzzles: the book of puzzle files, the score file, the engine's check and a puzzle being
 * solved on a session.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "camelot/notation.h"
#include "io/io.h"
#include "puzzle.h"
#include "camelot/grow.h"

/* ---- The book ------------------------------------------------------------------------------- */

static int by_name(const void *a, const void *b)
{
    return strcmp(((const IoDirEntry *)a)->name, ((const IoDirEntry *)b)->name);
}

/* Reads one puzzle file into the book's next set. */
static CmStatus read_set(PuzzleBook *b, Catalog *c, const char *path, CmError *err)
{
    CatalogResolver res = {c, NULL, {0}};
    char *text = NULL;
    size_t len = 0;
    CmStatus st;

    if (b->nsets == PUZZLE_FILES_MAX)
        return cm_error_set(err, CM_ERR_LIMIT, 0, 0, "more than %d puzzle files", PUZZLE_FILES_MAX);
    st = io_read_file(path, CM_PUZZLE_MAX_BYTES, &text, &len, err);
    if (st != CM_OK)
        return st;
    cm_error_init(err, path);
    st = cm_puzzles_parse(text, len, catalog_resolve, &res, &b->set[b->nsets], err);
    free(text);
    if (st != CM_OK)
        return st;
    if ((b->file[b->nsets] = strdup(path)) == NULL) {
        cm_puzzles_free(&b->set[b->nsets]);
        return cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    }
    b->nsets++;
    return CM_OK;
}

/* Every puzzle file of the search path, a name found first hiding the same name later. */
static CmStatus read_search_path(PuzzleBook *b, Catalog *c, CmError *err)
{
    const char *dirs[IO_VARIANT_DIRS];
    int ndirs = io_variant_dirs(dirs), nseen = 0;
    IoDirEntry *ent = malloc(PUZZLE_FILES_MAX * sizeof *ent);
    char(*seen)[256] = malloc(PUZZLE_FILES_MAX * sizeof *seen);
    CmStatus st = CM_OK;

    if (ent == NULL || seen == NULL) {
        st = cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
        goto out;
    }
    for (int d = 0; d < ndirs && st == CM_OK; d++) {
        char dir[IO_PATH_MAX];
        if (io_join(dirs[d], PUZZLE_DIR, dir, sizeof dir) != 0)
            continue;
        int n = io_list_dir(dir, ".yaml", ent, PUZZLE_FILES_MAX);
        qsort(ent, (size_t)n, sizeof *ent, by_name);
        for (int i = 0; i < n && st == CM_OK; i++) {
            int hidden = 0;
            for (int k = 0; k < nseen; k++)
                hidden |= strcmp(seen[k], ent[i].name) == 0;
            if (hidden || nseen == PUZZLE_FILES_MAX)
                continue;
            snprintf(seen[nseen++], sizeof seen[0], "%s", ent[i].name);
            st = read_set(b, c, ent[i].path, err);
        }
    }
out:
    free(ent);
    free(seen);
    return st;
}

/* A puzzle's place in the order of serving. */
typedef struct Rank {
    int difficulty, index;
} Rank;

static int by_difficulty(const void *a, const void *b)
{
    const Rank *x = a, *y = b;
    return x->difficulty != y->difficulty ? x->difficulty - y->difficulty : x->index - y->index;
}

CmStatus puzzle_book_load(PuzzleBook *b, Catalog *c, const char *file, CmError *err)
{
    CmStatus st;

    memset(b, 0, sizeof *b);
    cm_error_init(err, NULL);
    st = file != NULL ? read_set(b, c, file, err) : read_search_path(b, c, err);
    if (st != CM_OK)
        goto fail;
    for (int k = 0; k < b->nsets; k++)
        b->n += b->set[k].n;
    if (b->n > 0) {
        b->all = malloc((size_t)b->n * sizeof *b->all);
        b->set_of = malloc((size_t)b->n * sizeof *b->set_of);
        b->order = malloc((size_t)b->n * sizeof *b->order);
        if (b->all == NULL || b->set_of == NULL || b->order == NULL) {
            st = cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
            goto fail;
        }
    }
    Rank *rank = malloc((size_t)(b->n > 0 ? b->n : 1) * sizeof *rank);
    if (rank == NULL) {
        st = cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
        goto fail;
    }
    int n = 0;
    for (int k = 0; k < b->nsets; k++)
        for (int i = 0; i < b->set[k].n; i++) {
            b->all[n] = &b->set[k].p[i];
            b->set_of[n] = k;
            rank[n].difficulty = b->all[n]->difficulty;
            rank[n].index = n;
            n++;
        }
    qsort(rank, (size_t)b->n, sizeof *rank, by_difficulty);
    for (int i = 0; i < b->n; i++)
        b->order[i] = rank[i].index;
    free(rank);
    return CM_OK;
fail:
    puzzle_book_free(b);
    return st;
}

void puzzle_book_free(PuzzleBook *b)
{
    for (int k = 0; k < b->nsets; k++) {
        cm_puzzles_free(&b->set[k]);
        free(b->file[k]);
    }
    free(b->all);
    free(b->set_of);
    free(b->order);
    memset(b, 0, sizeof *b);
}

int puzzle_book_find(const PuzzleBook *b, const char *id)
{
    for (int i = 0; i < b->n; i++)
        if (strcmp(b->all[i]->id, id) == 0)
            return i;
    return -1;
}

const CmVariant *puzzle_book_variant(const PuzzleBook *b, int i)
{
    return b->set[b->set_of[i]].v;
}

int puzzle_rating(const CmPuzzle *p)
{
    return PUZZLE_RATING_BASE + PUZZLE_RATING_STEP * p->difficulty;
}

int puzzle_book_next(const PuzzleBook *b, const PuzzleScore *s, const CmVariant *v, int after)
{
    /* Passes over the order, each from just after 'after': the untried one nearest the
     * solver's rating (the one at 'after' itself, left untried, only when no other is), else
     * the first missed, else the next. */
    int near = -1;
    double gap = 0;
    for (int k = 1; k <= b->n; k++) {
        int at = ((after < 0 ? -1 : after) + k) % b->n, i = b->order[at];
        if (at == after && near >= 0)
            break;
        if ((v != NULL && puzzle_book_variant(b, i) != v) ||
            puzzle_score_result(s, b->all[i]->id) >= 0)
            continue;
        double d = fabs(puzzle_rating(b->all[i]) - s->rating.rating);
        if (near < 0 || d < gap) {
            near = at;
            gap = d;
        }
    }
    if (near >= 0)
        return near;
    for (int pass = 0; pass < 2; pass++)
        for (int k = 1; k <= b->n; k++) {
            int at = ((after < 0 ? -1 : after) + k) % b->n, i = b->order[at];
            if (v != NULL && puzzle_book_variant(b, i) != v)
                continue;
            if (pass == 1 || puzzle_score_result(s, b->all[i]->id) == 0)
                return at;
        }
    return -1;
}

/* ---- Score and streak ----------------------------------------------------------------------- */

#define SCORE_MAX_BYTES (4 * 1024 * 1024)
#define SCORE_MAX_COUNT 100000000 /* a count read from the file is at most this */

/* A score of nothing: no tries, a new solver's rating. */
static void score_clear(PuzzleScore *s)
{
    memset(s, 0, sizeof *s);
    s->rating = rating_default();
}

void puzzle_score_free(PuzzleScore *s)
{
    free(s->r);
    score_clear(s);
}

int puzzle_score_result(const PuzzleScore *s, const char *id)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->r[i].id, id) == 0)
            return s->r[i].solved;
    return -1;
}

/* Sets the last result of 'id'. */
static CmStatus set_result(PuzzleScore *s, const char *id, int solved)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->r[i].id, id) == 0) {
            s->r[i].solved = solved;
            return CM_OK;
        }
    if (cm_grow(&s->r, &s->cap, s->n + 1, sizeof *s->r, 64) != 0)
        return CM_ERR_NOMEM;
    snprintf(s->r[s->n].id, sizeof s->r[s->n].id, "%s", id);
    s->r[s->n].solved = solved;
    s->n++;
    return CM_OK;
}

CmStatus puzzle_score_add(PuzzleScore *s, const char *id, int rating, int solved)
{
    int first = puzzle_score_result(s, id) < 0;
    if (set_result(s, id, solved) != CM_OK)
        return CM_ERR_NOMEM;
    if (first && rating > 0) {
        RatingResult r = {(double)rating, PUZZLE_RD, solved ? 1.0 : 0.0};
        s->rating = rating_update(&s->rating, &r, 1);
    }
    if (solved) {
        s->solved++;
        s->streak++;
        if (s->streak > s->best)
            s->best = s->streak;
    } else {
        s->missed++;
        s->streak = 0;
    }
    return CM_OK;
}

/* A count from the file: digits only, at most SCORE_MAX_COUNT; -1 otherwise. */
static int count_of(const char *t)
{
    long n = 0;
    if (*t == '\0')
        return -1;
    for (; *t; t++) {
        if (*t < '0' || *t > '9' || n > SCORE_MAX_COUNT)
            return -1;
        n = n * 10 + (*t - '0');
    }
    return n > SCORE_MAX_COUNT ? -1 : (int)n;
}

/* One line of the score file: 'solved N', 'missed N', 'streak N', 'best N' or
 * 'ID solved|missed'; blank lines and comments ('#') say nothing. Lines of another shape are
 * left out, and make the score 'damaged'. */
static CmStatus read_line(PuzzleScore *s, char *line)
{
    char *save = NULL, *key = strtok_r(line, " \t\r", &save);
    char *val = key ? strtok_r(NULL, " \t\r", &save) : NULL;
    if (key == NULL || key[0] == '#')
        return CM_OK;
    if (strcmp(key, "rating") == 0) {
        /* 'rating R RD VOLATILITY': brought within the bounds of a rating. */
        char *rd = strtok_r(NULL, " \t\r", &save),
             *vol = rd ? strtok_r(NULL, " \t\r", &save) : NULL;
        char *e1, *e2, *e3;
        double r = val ? strtod(val, &e1) : 0, d = rd ? strtod(rd, &e2) : 0,
               o = vol ? strtod(vol, &e3) : 0;
        if (vol == NULL || *e1 || *e2 || *e3 || strtok_r(NULL, " \t\r", &save) != NULL ||
            !isfinite(r) || !isfinite(d) || !isfinite(o)) {
            s->damaged = 1;
            return CM_OK;
        }
        Rating got = {r, d, o};
        s->rating = rating_idle(&got, 0);
        return CM_OK;
    }
    int n = val != NULL && strtok_r(NULL, " \t\r", &save) == NULL ? count_of(val) : -2;
    if (strcmp(key, "solved") == 0 && n >= 0)
        s->solved = n;
    else if (strcmp(key, "missed") == 0 && n >= 0)
        s->missed = n;
    else if (strcmp(key, "streak") == 0 && n >= 0)
        s->streak = n;
    else if (strcmp(key, "best") == 0 && n >= 0)
        s->best = n;
    else if (n != -2 && strlen(key) < CM_PUZZLE_ID_MAX &&
             (strcmp(val, "solved") == 0 || strcmp(val, "missed") == 0))
        return set_result(s, key, val[0] == 's');
    else
        s->damaged = 1;
    return CM_OK;
}

CmStatus puzzle_score_load(PuzzleScore *s, const char *data_dir, CmError *err)
{
    char path[IO_PATH_MAX];
    char *text = NULL;
    size_t len = 0;
    CmStatus st = CM_OK;

    score_clear(s);
    if (data_dir == NULL || data_dir[0] == '\0')
        return CM_OK;
    if (io_join(data_dir, PUZZLE_SCORE_FILE, path, sizeof path) != 0 || !io_exists(path))
        return CM_OK;
    st = io_read_file(path, SCORE_MAX_BYTES, &text, &len, err);
    if (st != CM_OK) {
        s->damaged = st != CM_ERR_NOMEM;
        return st;
    }
    if (memchr(text, '\0', len) != NULL)
        s->damaged = 1; /* no text: what follows a NUL is not read */
    for (char *line = text, *next; line != NULL && st == CM_OK; line = next) {
        next = strchr(line, '\n');
        if (next != NULL)
            *next++ = '\0';
        st = read_line(s, line);
    }
    free(text);
    if (s->best < s->streak)
        s->best = s->streak;
    if (st != CM_OK)
        cm_error_set(err, st, 0, 0, "out of memory");
    return st;
}

char *puzzle_score_text(const PuzzleScore *s)
{
    size_t size = 256 + (size_t)s->n * (CM_PUZZLE_ID_MAX + 10), len = 0;
    char *t = malloc(size);
    if (t == NULL)
        return NULL;
    len += (size_t)snprintf(t + len, size - len,
                            "# camelot puzzle: the score and streak (docs/learning.md)\n"
                            "solved %d\nmissed %d\nstreak %d\nbest %d\nrating %.3f %.3f %.6f\n",
                            s->solved, s->missed, s->streak, s->best, s->rating.rating,
                            s->rating.rd, s->rating.volatility);
    for (int i = 0; i < s->n && len < size; i++)
        len += (size_t)snprintf(t + len, size - len, "%s %s\n", s->r[i].id,
                                s->r[i].solved ? "solved" : "missed");
    return t;
}

/* Moves the score file 'path', which could not be read whole, aside in 'data_dir', so that
 * writing it loses nothing; the new path goes to 's->kept'. */
static CmStatus keep_damaged(PuzzleScore *s, const char *data_dir, const char *path, CmError *err)
{
    if (io_keep_aside(path, data_dir, "puzzles-damaged", s->kept, sizeof s->kept, err) == CM_OK)
        return CM_OK;
    return cm_error_set(err, CM_ERR_IO, 0, 0,
                        "the file could not be read, and is not written over: %.150s", err->msg);
}

CmStatus puzzle_score_record(PuzzleScore *s, const char *data_dir, const char *id, int rating,
                             int solved, CmError *err)
{
    char path[IO_PATH_MAX], lock[IO_PATH_MAX];
    PuzzleScore now;
    CmStatus st;
    int fd;

    s->kept[0] = '\0';
    if (data_dir == NULL || data_dir[0] == '\0')
        return puzzle_score_add(s, id, rating, solved) == CM_OK
                   ? CM_OK
                   : cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    if (io_join(data_dir, PUZZLE_SCORE_FILE, path, sizeof path) != 0 ||
        io_join(data_dir, PUZZLE_SCORE_LOCK, lock, sizeof lock) != 0)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "the data directory's path is too long");
    /* The lock's error names the lock file ('source') and says who holds it. */
    st = io_lock_wait(lock, PUZZLE_LOCK_WAIT_MS, &fd, err);
    if (st != CM_OK)
        return puzzle_score_add(s, id, rating, solved) == CM_OK
                   ? st
                   : cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    /* Holding the lock, this is the file's one writer: a rewrite that was killed before its
     * rename left its temporary file, which goes. */
    io_remove_temporaries(path);
    /* The file as it is now, unless it cannot be read: then the score in memory. */
    st = puzzle_score_load(&now, data_dir, err);
    int damaged = now.damaged;
    if (st == CM_OK) {
        puzzle_score_free(s);
        *s = now;
    } else {
        puzzle_score_free(&now);
    }
    s->damaged = 0;
    /* Out of memory while reading, there is no telling what the file holds: it stays. */
    char *text = NULL;
    if (puzzle_score_add(s, id, rating, solved) != CM_OK || st == CM_ERR_NOMEM ||
        (text = puzzle_score_text(s)) == NULL)
        st = cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
    else if (!damaged || (st = keep_damaged(s, data_dir, path, err)) == CM_OK)
        st = io_write_atomic(path, text, strlen(text), err);
    free(text);
    io_unlock(fd);
    return st;
}

/* ---- The engine's check --------------------------------------------------------------------- */

#define WIN_BOUND (CM_SCORE_WIN - 1000) /* a score beyond this is a won game */

int puzzle_clearly_best(int best, int second, int has_second, int threshold)
{
    int best_wins = best > WIN_BOUND, second_wins = second > WIN_BOUND;
    if (!has_second)
        return 0;
    if (best_wins)
        return !second_wins;
    return best >= PUZZLE_WORST_BEST && best - second >= threshold;
}

CmPuzzleGoal puzzle_goal(int best)
{
    if (best > WIN_BOUND)
        return CM_PUZZLE_WIN;
    return best >= 150 ? CM_PUZZLE_GAIN : CM_PUZZLE_DEFEND;
}

int puzzle_difficulty(int found_depth, int solver_moves)
{
    static const int band[] = {1, 1, 2, 3, 3, 4, 4}; /* by found depth 0 .. 6; deeper: 5 */
    int d = found_depth < (int)(sizeof band / sizeof band[0])
                ? band[found_depth < 0 ? 0 : found_depth]
                : 5;
    d += solver_moves > 1 ? solver_moves - 1 : 0;
    return d > CM_PUZZLE_MAX_DIFFICULTY ? CM_PUZZLE_MAX_DIFFICULTY : d;
}

/* The first move of each completed iteration. */
typedef struct Iterations {
    int n;
    int depth[CM_ENGINE_MAX_DEPTH + 1];
    CmMove first[CM_ENGINE_MAX_DEPTH + 1];
} Iterations;

static void on_iteration(void *ud, const CmSearchInfo *info)
{
    Iterations *it = ud;
    if (info->npv > 0 && it->n <= CM_ENGINE_MAX_DEPTH) {
        it->depth[it->n] = info->depth;
        it->first[it->n] = info->pv[0];
        it->n++;
    }
}

CmStatus puzzle_check(CmEngine *e, const CmPosition *pos, int depth, int threshold,
                      PuzzleCheck *out)
{
    CmPosition settled = *pos;
    CmOutcome o;
    CmLimits lim;
    CmSearchResult res;
    Iterations it;
    CmStatus st;

    memset(out, 0, sizeof *out);
    cm_rules_settle(&settled, &o);
    if (o.over || settled.to_move != pos->to_move)
        return CM_OK;
    out->nmoves = cm_movegen_count(pos);
    if (out->nmoves < 2)
        return CM_OK;

    cm_engine_clear(e);
    cm_limits_init(&lim);
    lim.depth = depth;
    it.n = 0;
    st = cm_engine_search(e, pos, NULL, 0, &lim, on_iteration, &it, &res);
    if (st != CM_OK || !res.has_move)
        return st;
    out->best = res.move;
    out->best_score = res.info.score;
    if (res.info.npv >= 2) {
        out->has_reply = 1;
        out->reply = res.info.pv[1];
    }
    /* The shallowest depth from which every iteration chose the best move. */
    out->found_depth = depth;
    for (int i = it.n - 1; i >= 0 && cm_move_same(&it.first[i], &out->best); i--)
        out->found_depth = it.depth[i];

    lim.exclude = &out->best;
    lim.nexclude = 1;
    st = cm_engine_search(e, pos, NULL, 0, &lim, NULL, NULL, &res);
    if (st != CM_OK)
        return st;
    if (res.has_move) {
        out->has_second = 1;
        out->second = res.move;
        out->second_score = res.info.score;
    }
    out->unique =
        puzzle_clearly_best(out->best_score, out->second_score, out->has_second, threshold);
    out->goal = puzzle_goal(out->best_score);
    return CM_OK;
}

/* ---- A puzzle on a session ------------------------------------------------------------------ */

CmStatus puzzle_run_start(PuzzleRun *r, Session *s, const CmPuzzle *p, const CmVariant *v)
{
    SessionSetup setup;
    memset(r, 0, sizeof *r);
    setup_default(&setup, v, NULL);
    setup_all_human(&setup);
    setup.time_base_ms = setup.time_inc_ms = 0;
    if (session_start(s, v, &setup, &p->pos) != CM_OK)
        return CM_ERR_NOMEM;
    r->p = p;
    r->v = v;
    r->state = PUZZLE_SOLVING;
    return CM_OK;
}

/* The puzzle's position again, and the whole solution played on it. */
static CmStatus play_solution(PuzzleRun *r, Session *s, uint64_t now)
{
    SessionSetup setup = s->setup;
    if (session_start(s, r->v, &setup, &r->p->pos) != CM_OK)
        return CM_ERR_NOMEM;
    for (int i = 0; i < r->p->nsol; i++)
        if (session_play(s, &r->p->sol[i], now) != CM_OK)
            return CM_ERR_NOMEM;
    r->ply = r->p->nsol;
    return CM_OK;
}

CmStatus puzzle_run_show(PuzzleRun *r, Session *s, uint64_t now)
{
    if (r->p == NULL)
        return CM_ERR_ARG;
    r->state = PUZZLE_MISSED;
    return play_solution(r, s, now);
}

CmStatus puzzle_run_move(PuzzleRun *r, Session *s, const CmMove *m, uint64_t now,
                         PuzzleVerdict *verdict)
{
    *verdict = PUZZLE_NOT_NOW;
    if (r->p == NULL || r->state != PUZZLE_SOLVING)
        return CM_OK;
    if (!cm_move_same(m, &r->p->sol[r->ply])) {
        r->has_wrong = 1;
        r->wrong = *m;
        r->state = PUZZLE_MISSED;
        CmStatus st = play_solution(r, s, now);
        if (st == CM_OK)
            *verdict = PUZZLE_WRONG;
        return st;
    }
    if (session_play(s, m, now) != CM_OK)
        return CM_ERR_NOMEM;
    r->ply++;
    if (r->ply == r->p->nsol) {
        r->state = PUZZLE_SOLVED;
        *verdict = PUZZLE_DONE;
        return CM_OK;
    }
    if (session_play(s, &r->p->sol[r->ply], now) != CM_OK)
        return CM_ERR_NOMEM;
    r->ply++;
    *verdict = PUZZLE_RIGHT;
    return CM_OK;
}

size_t puzzle_solution_text(const CmPuzzle *p, int skip, char *buf, size_t size)
{
    CmPosition pos = p->pos;
    CmUndo undo;
    CmOutcome o;
    char text[CM_MOVE_TEXT_MAX];
    size_t len = 0;

    if (size > 0)
        buf[0] = '\0';
    for (int i = 0; i < p->nsol; i++) {
        if (i >= skip) {
            cm_move_str(&pos, &p->sol[i], text, sizeof text);
            int n = snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, "%s%s",
                             len > 0 ? ", " : "", text);
            len += n > 0 ? (size_t)n : 0;
        }
        cm_pos_apply(&pos, &p->sol[i], &undo);
        cm_rules_settle(&pos, &o);
    }
    return len;
}
