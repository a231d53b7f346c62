/* Who plays a game and with what clocks: seats (people or engine levels), time controls, and
 * the readers of the texts that give them ("B=engine:7", "10+5", seconds).
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_SETUP_H
#define CAMELOT_SETUP_H

#include <stddef.h>
#include <stdint.h>

#include "camelot/variant.h"

/* A seat's player: a person here, the engine here, or (a game on a server) someone or
 * something elsewhere. */
typedef enum SeatKind { SEAT_HUMAN, SEAT_ENGINE, SEAT_REMOTE, SEAT_KIND_COUNT } SeatKind;

typedef struct SeatSetup {
    SeatKind kind;
    int level; /* 1 .. 10, for an engine */
} SeatSetup;

#define SETUP_DEFAULT_LEVEL 5
#define SETUP_REF_MAX 256        /* a record tag holds at most 255 bytes */
#define SETUP_MAX_SECONDS 100000 /* the largest number of seconds (or minutes) read */

typedef struct SessionSetup {
    char variant[SETUP_REF_MAX]; /* a variant name, or the absolute path of a variant file */
    SeatSetup seat[CM_MAX_SEATS];
    int64_t time_base_ms; /* clock per seat at the start; 0 = no clocks */
    int64_t time_inc_ms;  /* added after each move */
} SessionSetup;

/* The default setup for 'v': the first seat a person, the others engines at level 5;
 * 'variant_ref' (NULL: the variant's name) is kept for saving. */
void setup_default(SessionSetup *s, const CmVariant *v, const char *variant_ref);

/* Every seat a person's. */
void setup_all_human(SessionSetup *s);

/* Reads "W=human", "B=engine:7", "B=engine" (level 5) or "R=7" into the seat of 'v' it names.
 * Returns 0, or -1 with a sentence in 'why'. */
int setup_seat(SessionSetup *s, const CmVariant *v, const char *spec, char *why, size_t size);

/* Reads who plays a seat, 'what': "human" (or "h"), "engine" (level 5), "engine:7" or "7",
 * into '*out'. Returns 0, or -1 with a sentence in 'why' that quotes 'spec' (the whole seat,
 * "B=robot"). */
int setup_player(const char *what, const char *spec, SeatSetup *out, char *why, size_t size);

/* "W=human B=engine:5", as the 'Seats' tag has it. */
void setup_seats_text(const SessionSetup *s, const CmVariant *v, char *buf, size_t size);

/* Reads a time control "10+5" (minutes, then seconds added per move), "10" or "0.5+2".
 * Returns 0, or -1 when it is not one. */
int setup_parse_time(const char *spec, int64_t *base_ms, int64_t *inc_ms);

/* Reads a decimal number of seconds from 't' to 'end' ("12", "0.5", "1.250"; digits and at
 * most one point, nothing else, at most SETUP_MAX_SECONDS) into milliseconds, rounding a
 * fraction of a millisecond up. Returns 1, or 0 when it is not one. */
int setup_parse_seconds(const char *t, const char *end, int64_t *ms_out);

/* Reads a whole decimal number from 'text' within 'lo' .. 'hi' (an optional '-', then digits
 * only: no spaces, no '+', no hexadecimal). Returns 1, or 0 when it is not one. */
int setup_parse_int(const char *text, long lo, long hi, long *out);

#endif
