/* Clocks: the one place that reads the time, for the game's clocks, the engine's time limits,
 * the screen's ticks and the commands that time themselves.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_CLOCK_H
#define CAMELOT_CLOCK_H

#include <stdint.h>

/* A monotonic clock in milliseconds, and in microseconds. */
uint64_t clock_ms(void);
uint64_t clock_us(void);

/* The time of day in UTC, in seconds since 1970 (for correspondence deadlines). */
int64_t clock_utc(void);

/* 'clock_ms' in the shape of 'CmLimits.now_ms' ('ud' is not used). */
uint64_t clock_ms_cb(void *ud);

/* Seconds of CPU time used by the calling thread: the speed of one core, whatever else the
 * machine is doing. */
double clock_thread_cpu_s(void);

#endif
