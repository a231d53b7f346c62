/* Helpers for the tests of the session layer: one catalogue of variants, sessions opened on a
 * data directory, new games with seats, moves by their text, and loads into a new session.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_TU_SESSION_H
#define CAMELOT_TU_SESSION_H

#include "session/session.h"

/* The catalogue every session of a test program uses, made on first use and freed at exit. */
Catalog *tu_catalog(void);

/* The variant 'name' of the catalogue; fails the test when it does not load. */
const CmVariant *tu_session_variant(const char *name);

/* A session with no game yet, with the engine thread 'eng' (NULL: none, and every seat a
 * person's), saving to 'dir' (NULL: nowhere). */
void tu_session_open(Session *s, EngineThread *eng, const char *dir);

/* A session playing a new game of 'name' with the seats 'seats' ("W=human B=engine:3"). */
void tu_session_new(Session *g, const char *name, const char *seats, EngineThread *eng,
                    const char *dir);

/* Plays the move 'text' at time 'now'; fails the test when it is not legal. */
void tu_session_play(Session *g, const char *text, uint64_t now);

/* Loads 'path' into 'back', a new session of 'dir' and 'eng'. */
CmStatus tu_session_load(Session *back, const char *path, const char *dir, EngineThread *eng,
                         CmError *err);

#endif
