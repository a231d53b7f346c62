/* Game records: tag lines such as '[Variant "camelot"]' and numbered moves in WCF notation,
 * as in PGN/PDN; see docs/notation.md.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_RECORD_H
#define CAMELOT_RECORD_H

#include "camelot/notation.h"
#include "camelot/rules.h"

/* The largest record camelot reads, and so the largest it writes: a game whose record would
 * be longer is not saved (see 'cm_record_fits'), as nothing could read it back. */
#define CM_RECORD_MAX_BYTES (4 * 1024 * 1024)
#define CM_RECORD_MAX_TAGS 64
#define CM_RECORD_POSITION_MAX 16384 /* bytes in the value of a 'Position' tag */

typedef struct CmTag {
    char name[32];
    char value[256];
    int line;
} CmTag;

typedef struct CmRecordMove {
    char text[CM_MOVE_TEXT_MAX]; /* the move as written */
    int line, col;               /* where it was written, 1-based */
} CmRecordMove;

typedef struct CmRecord {
    int ntags;
    CmTag tag[CM_RECORD_MAX_TAGS];
    int nmoves;
    CmRecordMove *moves;         /* owned; release with 'cm_record_free' */
    char result[16];             /* the result token at the end of the moves, "" if none */
    int result_line, result_col; /* where it was written, 1-based; 0 if none */
    char *position;              /* owned: the 'Position' tag's value, NULL if none */
    int position_line;
} CmRecord;

/* Splits record text into tags and move tokens (move numbers, comments in braces or after ';',
 * and the result token are recognised). Checks the syntax only. */
CmStatus cm_record_parse(const char *text, size_t len, CmRecord *out, CmError *err);
void cm_record_free(CmRecord *rec);

/* The value of a tag, or NULL. The 'Position' tag (the start position of a game that did not
 * start from its variant's, a position document on one line: see 'cm_posdoc_write_line') may be
 * up to CM_RECORD_POSITION_MAX bytes long; other values are at most 255. */
const char *cm_record_tag(const CmRecord *rec, const char *name);

/* The start position of the record's game in variant 'v': its 'Position' tag, else the
 * variant's start position. A 'Position' tag that is not a position document of 'v' gives
 * CM_ERR_SCHEMA (or CM_ERR_SYNTAX) at the tag's line. */
CmStatus cm_record_start(const CmRecord *rec, const CmVariant *v, CmPosition *out, CmError *err);

/* Replays the moves of 'rec' in 'game' (already started from the record's start position, see
 * 'cm_record_start'), checking
 * each with 'cm_move_parse'. On an illegal move returns CM_ERR_ILLEGAL with the move's line and
 * column and the message "illegal move 'X': reason"; 'game' then holds the moves before it. */
CmStatus cm_record_replay(const CmRecord *rec, CmGame *game, CmError *err);

/* The result text of an outcome: "W", "R+B" (winning seats), "draw" or "*". */
size_t cm_result_str(const CmVariant *v, const CmOutcome *o, char *buf, size_t size);

/* Whether a game of 'v' that the board did not end may end with the result 'result' ("W",
 * "R+B", "draw" or "*") for the termination 'term': none of the board's reasons ("castle",
 * ...); a resignation needs a winner, or with more than two teams a draw; an agreement needs a
 * draw; other terminations (a loss on time, an abandoned or aborted game) fit any result.
 * Returns 0 when they fit; else -1, with why not in 'why' ("'resignation' but the result gives
 * no winner ('*')"). */
int cm_termination_check(const CmVariant *v, const char *result, const char *term, char *why,
                         size_t size);

/* The outcome as words: "W wins (castle)", "R+B wins (elimination)", "draw (material)" or
 * "ongoing". snprintf semantics. */
size_t cm_outcome_str(const CmVariant *v, const CmOutcome *o, char *buf, size_t size);

/* Writes 'game' as a record: the given tags ('tags' may be NULL), then '[Variant ...]' unless
 * given, '[Position ...]' when the game did not start from its variant's start position, then
 * '[Result ...]' and
 * '[Termination ...]' from the outcome unless given, then the numbered moves, wrapped at 80
 * columns, and the result. snprintf semantics. */
size_t cm_record_write(const CmGame *game, const CmTag *tags, int ntags, char *buf, size_t size);

/* The same, with the canonical text of ply i taken from 'texts[i]' when 'texts' and it are not
 * NULL (a caller that keeps the texts of its moves saves working them out again: a capture of
 * dozens of pieces takes a search). */
size_t cm_record_write_texts(const CmGame *game, const char *const *texts, const CmTag *tags,
                             int ntags, char *buf, size_t size);

/* Whether a record of 'len' bytes may be written: CM_OK, or CM_ERR_LIMIT with the reason in
 * 'err' (the record's size and the limit) when it is longer than CM_RECORD_MAX_BYTES. */
CmStatus cm_record_fits(size_t len, CmError *err);

#endif
