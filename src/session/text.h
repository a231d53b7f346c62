/* What both the command line and the screen say about a game, written once: scores,
 * principal variations, outcomes, obligations, clocks and counts. Text goes into a caller's
 * buffer with snprintf semantics.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_TEXT_H
#define CAMELOT_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "camelot/engine.h"

/* A score for people: "+1.25", "-0.40", "win in 5", "loss in 3" (plies to the end). */
size_t text_score(int score, char *buf, size_t size);

/* A principal variation in WCF notation from 'root' (settled first), each move written for the
 * seat whose piece it moves (a skipped seat, or one opponent answering for all under
 * Best-Reply Search); in games of more than two seats each move is preceded by its seat's
 * letter: "R:E5-E7 B:D10xF8". It stops at a move that is not legal where it stands (a table
 * collision can mislead the search) and, when the buffer is too small, after the last move
 * that fits, with "...". */
size_t text_pv(const CmPosition *root, const CmMove *pv, int n, char *buf, size_t size);

#define TEXT_PV_MAX 256 /* bytes of a principal variation as the screen shows it */

#define TEXT_OUTCOME_MAX 128 /* bytes that hold any outcome, in words or as a sentence */

/* The outcome in a few words: "W wins (castle)", "R+B wins (elimination)", "draw (material)",
 * "ongoing". */
size_t text_outcome(const CmVariant *v, const CmOutcome *o, char *buf, size_t size);

/* The outcome as a sentence: "White wins: two pieces in Black's castle." 'forfeit' is the seat
 * that lost on time (-1: none); 'to_move' the seat to move when the game ended. */
size_t text_outcome_sentence(const CmVariant *v, const CmOutcome *o, int forfeit, int to_move,
                             char *buf, size_t size);

/* The obligation of the seat to move in 'pos' (docs/rules.md 2.6, 2.7) as a clause, "" when
 * there is none: "a capture is compulsory: the piece on E6 can capture". */
size_t text_obligation(const CmPosition *pos, char *buf, size_t size);

/* Turns a clause in 'buf' into a sentence: a capital first letter and a full stop. */
void text_sentence(char *buf, size_t size);

/* A clock: "1:02:03", "9:58", or "0:07.3" under ten seconds. */
size_t text_clock(int64_t ms, char *buf, size_t size);

/* Seconds as records keep them: "590.250" (to the millisecond), or "600" when whole. */
size_t text_seconds(int64_t ms, char *buf, size_t size);

/* A count and its noun: "1 move", "6 moves". 'noun' is the singular; the plural adds 's'. */
size_t text_count(int n, const char *noun, char *buf, size_t size);

/* A number of plies, a ply being one seat's turn: "1 ply", "139 plies". */
size_t text_plies(int plies, char *buf, size_t size);

/* The length of a game of 'plies' plies among 'nseats' seats, in moves as the game numbers
 * them (a move is a turn of every seat, the last one perhaps begun only) and in plies:
 * "70 moves (139 plies)", "1 move (1 ply)", "no moves". */
size_t text_game_length(int nseats, int plies, char *buf, size_t size);

/* "White", "Red and Blue": the names of the seats in bit set 'seats'. */
size_t text_seat_names(const CmVariant *v, unsigned seats, char *buf, size_t size);

/* A time control in words: days a move (correspondence, 'days' > 0), else a live clock of
 * 'base_ms' with 'inc_ms' added a move, else none. In full: "1 day a move", "10 min + 5 s a
 * move", "no clocks"; 'brief', as a list's column: "1 day", "10+5" (minutes and seconds, or
 * "90s+5" for a base of no whole minutes), "none". */
size_t text_time_control(int64_t base_ms, int64_t inc_ms, int days, int brief, char *buf,
                         size_t size);

/* Why an engine declined a draw, as a clause, after 'plies' plies of a game of 'nseats'
 * seats: "it thinks it stands better" when its score is known ('have_score') and not level,
 * "it is too early in the game (...)" before CM_ENGINE_DRAW_OPENING moves, else that the game
 * has not looked level to it for long enough. Without its score (an engine of a server, which
 * says only no), the same in fewer words, short enough for a row with the seat's name:
 * "too early, ..." or "it does not find the game level, or not for ... moves yet" (its rule's two
 * other reasons, which only its score tells apart). */
size_t text_draw_refusal(int plies, int nseats, int have_score, int score, char *buf, size_t size);

/* Time left until 'deadline' (UTC seconds) at 'utc_now', in words: "2 days 3 h", "5 h 10 min",
 * "12 min", "past"; from the whole minutes left, rounded up, the one way every screen says a
 * deadline. */
void text_until(int64_t deadline, int64_t utc_now, char *buf, size_t size);

#endif
