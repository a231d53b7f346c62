/* Another program that plays through the engine protocol (docs/protocol.md), run as a child
 * process with pipes to its standard input and output: what 'camelot match' uses for its
 * 'cmd:' players. Every wait has a deadline, so an engine that hangs cannot hang the match.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_EXTENGINE_H
#define CAMELOT_EXTENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define EXT_WHY_MAX 200 /* a reason for a failure, with its NUL */

/* One engine program; all zero (with 'cmd' set) before 'ext_start'. */
typedef struct ExtEngine {
    const char *cmd; /* the command line, run through /bin/sh -c */
    pid_t pid;       /* the child (the leader of its own process group); 0: not running */
    int to, from;    /* the pipes to its standard input and from its standard output */
    char *buf;       /* what was read and not yet handed out as lines */
    size_t len, cap;
    size_t skip; /* the bytes of the line handed out last */
} ExtEngine;

/* Ignores SIGPIPE (an engine that died is seen on reading) and has SIGINT and SIGTERM kill
 * every running engine before the program ends. */
void ext_install_signals(void);

/* Starts 'e->cmd' and shakes hands: 'cep' answered by 'cepok', the variant 'variant_ref' set,
 * 'isready' answered by 'readyok', each within 'timeout_ms'. Returns 0, or -1 with the reason
 * in 'why' (the engine is then stopped). */
int ext_start(ExtEngine *e, const char *variant_ref, int64_t timeout_ms, char *why, size_t size);

/* Sends the line 'text' (a newline is added). Returns 0, or -1 with the reason. */
int ext_send(ExtEngine *e, const char *text, char *why, size_t size);

/* Waits until 'deadline_ms' (on 'clock_ms') for a line and points '*line' to it (valid until
 * the next call). Returns 0, or -1 with the reason: the time is up, the engine ended its
 * output, or the line is longer than 1 MiB. */
int ext_read_line(ExtEngine *e, uint64_t deadline_ms, char **line, char *why, size_t size);

/* Asks the engine to quit, and kills its process group when it has not ended soon after. */
void ext_stop(ExtEngine *e);

#endif
