/* Puzzles: the puzzle files found beside the variants, the player's score and streak in the
 * data directory, the engine's check that a puzzle has one clearly best move, and a puzzle
 * being solved on a session (the player's moves checked against the solution, the replies
 * played). See docs/learning.md.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_SESSION_PUZZLE_H
#define CAMELOT_SESSION_PUZZLE_H

#include <stdint.h>

#include "camelot/engine.h"
#include "camelot/puzzle.h"
#include "catalog.h"
#include "rating.h"
#include "session.h"

/* ---- The puzzles on the search path ------------------------------------------------------ */

#define PUZZLE_FILES_MAX 64    /* puzzle files read at once */
#define PUZZLE_DIR "puzzles"   /* the folder of puzzle files in each variant directory */
#define PUZZLE_THRESHOLD 200   /* the least gap to the second-best move: two men */
#define PUZZLE_WORST_BEST -100 /* the best move leaves the solver at least this well off */
#define PUZZLE_TT_MB 16        /* the checking engine's table, in MiB: the same for every check */

typedef struct PuzzleBook {
    int nsets;
    CmPuzzleSet set[PUZZLE_FILES_MAX];
    char *file[PUZZLE_FILES_MAX]; /* the file each set was read from */
    int n;                        /* puzzles in all the sets */
    const CmPuzzle **all;         /* every puzzle: by file name, then as in the file */
    int *set_of;                  /* the set of each puzzle of 'all' */
    int *order;                   /* indexes of 'all' in the order puzzles are served: by
                                     difficulty, then as in 'all' */
} PuzzleBook;

/* Reads the puzzle files: 'file' alone when it is not NULL, else every '.yaml' file of the
 * 'puzzles' folder of each directory of the variant search path (a file name found in an
 * earlier directory hides the same name in a later one). Variants come from the catalogue. On
 * failure fills 'err' (its source the file at fault, with line and column) and the book holds
 * nothing. */
CmStatus puzzle_book_load(PuzzleBook *b, Catalog *c, const char *file, CmError *err);
void puzzle_book_free(PuzzleBook *b);

/* The index in 'all' of the puzzle 'id', or -1. */
int puzzle_book_find(const PuzzleBook *b, const char *id);

/* The variant of puzzle 'i' of 'all'. */
const CmVariant *puzzle_book_variant(const PuzzleBook *b, int i);

/* ---- Score and streak -------------------------------------------------------------------- */

#define PUZZLE_SCORE_FILE "puzzles.txt"  /* in the data directory */
#define PUZZLE_SCORE_LOCK "puzzles.lock" /* held while the score file is rewritten */
#define PUZZLE_LOCK_WAIT_MS 2000         /* the longest wait for another camelot's rewrite */

typedef struct PuzzleResult {
    char id[CM_PUZZLE_ID_MAX];
    int solved; /* the last try: 1 solved, 0 missed */
} PuzzleResult;

#define PUZZLE_PATH_MAX 4096 /* bytes in a path, as src/io has it */

/* Ratings: each puzzle has one, seeded from its difficulty ('puzzle_rating'), and the solver
 * has one, a Glicko-2 rating (rating.h) that the first try of each puzzle moves, as a game
 * won (solved) or lost (missed) against the puzzle at PUZZLE_RD; a puzzle tried again moves it
 * no more. The next puzzle is one near the solver's rating. */
#define PUZZLE_RATING_BASE 1400 /* a puzzle of difficulty d is rated BASE + STEP * d */
#define PUZZLE_RATING_STEP 100
#define PUZZLE_RD 100.0 /* how well a puzzle's rating is known, as an opponent's RD */

/* The rating of puzzle 'p': 1500 for difficulty 1, 100 more for each step up to 2300 at 9, so
 * that a new solver, rated 1500, meets the easiest first. */
int puzzle_rating(const CmPuzzle *p);

typedef struct PuzzleScore {
    Rating rating;      /* the solver's: rating_default() until a first try */
    int solved, missed; /* tries, every one counted */
    int streak;         /* puzzles solved in a row, up to the last try */
    int best;           /* the longest streak */
    int n, cap;
    PuzzleResult *r;            /* the last result of each puzzle tried */
    int damaged;                /* the file could not be read, or had lines that could not be */
    char kept[PUZZLE_PATH_MAX]; /* where the last 'puzzle_score_record' kept a damaged file
                                   aside, "" for nowhere */
} PuzzleScore;

/* Reads the score from 'data_dir' (a missing file is a score of nothing; lines may end in
 * CRLF). Lines that cannot be read are left out, and set 'damaged'. CM_ERR_IO when the file is
 * there but cannot be read (also 'damaged'); CM_ERR_NOMEM. The score is cleared first, and
 * holds what was read even on failure. */
CmStatus puzzle_score_load(PuzzleScore *s, const char *data_dir, CmError *err);
void puzzle_score_free(PuzzleScore *s);

/* The last result of puzzle 'id': 1 solved, 0 missed, -1 never tried. */
int puzzle_score_result(const PuzzleScore *s, const char *id);

/* Counts a try of puzzle 'id', rated 'rating' (0 or less: unrated), in 's': solved or missed,
 * the streak, and the solver's rating when it is the puzzle's first try. */
CmStatus puzzle_score_add(PuzzleScore *s, const char *id, int rating, int solved);

/* The score file's text: a new string, or NULL when out of memory. */
char *puzzle_score_text(const PuzzleScore *s);

/* Reads the file again (another camelot may have counted tries meanwhile), counts the try and
 * writes the file atomically, holding the score's lock file meanwhile so that two camelots
 * counting at once lose neither try. 's' gets the score written. A file that cannot be read
 * whole is first moved aside as 'puzzles-damaged-DATE.txt' in the data directory (its path
 * goes to 's->kept'), and never written over. Without a data directory ('data_dir' NULL or
 * "") the try is counted in 's' alone. When the file cannot be written (the lock stays held
 * for PUZZLE_LOCK_WAIT_MS, a damaged file cannot be moved aside, the disk fails), the try is
 * still counted in 's', until the next try reads the file again, and an error is returned. */
CmStatus puzzle_score_record(PuzzleScore *s, const char *data_dir, const char *id, int rating,
                             int solved, CmError *err);

/* The next puzzle to serve after index 'after' of 'order' (-1: from the start): of those not
 * yet tried, the one whose rating is nearest the solver's (the first after 'after' of those as
 * near), else the first missed, else the next one; only puzzles of variant 'v' when it is not
 * NULL. Returns an index of 'order', or -1 when there is none. */
int puzzle_book_next(const PuzzleBook *b, const PuzzleScore *s, const CmVariant *v, int after);

/* ---- The engine's check -------------------------------------------------------------------- */

/* What a deep search says of a position as a puzzle. */
typedef struct PuzzleCheck {
    int nmoves;       /* legal moves of the position */
    CmMove best;      /* the engine's move */
    int best_score;   /* its score for the seat to move, hundredths of a man */
    int has_second;   /* there is another move */
    CmMove second;    /* the best of the others */
    int second_score; /* its score */
    int has_reply;    /* the engine's line goes on after 'best' */
    CmMove reply;     /* its answer to 'best' */
    int found_depth;  /* the shallowest depth from which every iteration chose 'best' */
    int unique;       /* 'best' is clearly best: see 'puzzle_clearly_best' */
    CmPuzzleGoal goal;
} PuzzleCheck;

/* The rule of uniqueness: the best move wins the game and the second does not; or it does not
 * lose, leaves the solver no worse off than PUZZLE_WORST_BEST, and the second-best scores at
 * least 'threshold' less. Scores are the engine's, for the solver. */
int puzzle_clearly_best(int best, int second, int has_second, int threshold);

/* What the puzzle asks, from the best move's score: win the game, gain (a man and a half or
 * more), or defend. */
CmPuzzleGoal puzzle_goal(int best);

/* Checks 'pos' (no history) with 'e' at 'depth' plies: clears the engine, searches for the
 * best move, then again without it for the second-best. Repeatable: the same engine options
 * and depth give the same answer. CM_ERR_ARG from the engine; a position without two legal
 * moves is never unique. */
CmStatus puzzle_check(CmEngine *e, const CmPosition *pos, int depth, int threshold,
                      PuzzleCheck *out);

/* The difficulty of a puzzle whose first move the engine found at 'found_depth' and whose
 * solution has 'solver_moves' moves of the solver: see docs/learning.md. */
int puzzle_difficulty(int found_depth, int solver_moves);

/* ---- A puzzle on a session ---------------------------------------------------------------- */

typedef enum PuzzleState {
    PUZZLE_SOLVING, /* the player is to find the next move */
    PUZZLE_SOLVED,
    PUZZLE_MISSED, /* a wrong move, or the solution asked for */
} PuzzleState;

/* What a move of the player was. */
typedef enum PuzzleVerdict {
    PUZZLE_RIGHT,  /* the solution's move; the reply is played, more is to find */
    PUZZLE_DONE,   /* the last move of the solution: solved */
    PUZZLE_WRONG,  /* another move: missed, the solution is shown */
    PUZZLE_NOT_NOW /* no puzzle is being solved */
} PuzzleVerdict;

typedef struct PuzzleRun {
    const CmPuzzle *p;
    const CmVariant *v;
    PuzzleState state;
    int ply; /* solution moves played so far */
    int has_wrong;
    CmMove wrong; /* the player's wrong move */
} PuzzleRun;

/* Starts puzzle 'p' of variant 'v' on session 's' (people at every seat, no clocks). */
CmStatus puzzle_run_start(PuzzleRun *r, Session *s, const CmPuzzle *p, const CmVariant *v);

/* The player's move 'm' in the puzzle at 'now': right (and the reply played), solved or
 * wrong. When wrong the board goes back to the puzzle's position, and the solution is played
 * on it as 'puzzle_run_show' does. CM_ERR_NOMEM leaves '*verdict' PUZZLE_NOT_NOW. */
CmStatus puzzle_run_move(PuzzleRun *r, Session *s, const CmMove *m, uint64_t now,
                         PuzzleVerdict *verdict);

/* The player gives up: the puzzle is missed and the whole solution is played from the
 * puzzle's position (the moves can then be stepped through). */
CmStatus puzzle_run_show(PuzzleRun *r, Session *s, uint64_t now);

/* The solution as text, "E6xE8, D11-D10, E8-E9"; its first 'skip' moves left out. snprintf
 * semantics. */
size_t puzzle_solution_text(const CmPuzzle *p, int skip, char *buf, size_t size);

#endif
