/* What the files of the session layer share and its users do not see.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_SESSION_INT_H
#define CAMELOT_SESSION_INT_H

#include "session.h"

/* Puts the game of 'next' (a session of the same environment, with no autosave of its own) in
 * place of the game of 's', which is freed; 's' keeps its autosave, its lock and its notice
 * unless 'next' has one. */
void session_adopt(Session *s, Session *next);

#endif
