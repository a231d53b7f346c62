/* Clocks.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <time.h>

#include "clock.h"

uint64_t clock_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

uint64_t clock_ms(void)
{
    return clock_us() / 1000u;
}

int64_t clock_utc(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec;
}

uint64_t clock_ms_cb(void *ud)
{
    (void)ud;
    return clock_ms();
}

double clock_thread_cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
