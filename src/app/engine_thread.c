/* The engine thread: the only thread the program starts. It waits for a search job, runs it
 * on its own copy of the position, and leaves the result for the interface to pick up on its
 * next 'getch' timeout; the interface never waits for it.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game_int.h"

struct GameEngine {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t wake;       /* the thread: a job or 'quit' */
    pthread_cond_t done_cv;    /* 'game_engine_wait': a result */
    size_t tt_bytes;
    CmEngine *engine;          /* touched by the thread only */
    /* Under 'mu': */
    int quit;
    int pending;               /* 'job' waits to be taken */
    GameSearchJob job;
    uint64_t *job_history;     /* owned copy of 'job.history' */
    unsigned job_ticket;
    int job_stop;              /* 'job' was asked to stop before it started */
    unsigned running;          /* ticket of the running search, 0 = none */
    int cancelled;             /* the running search's result is to be dropped */
    int has_done;
    GameSearchDone done;
    unsigned next_ticket;
    unsigned info_seq;
    unsigned info_ticket;
    CmSearchInfo info;
    /* The running search's stop flag: set to end it now. */
    atomic_bool want_stop;
};

uint64_t game_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static uint64_t search_clock(void *ud)
{
    (void)ud;
    return game_now_ms();
}

static void search_progress(void *ud, const CmSearchInfo *info)
{
    GameEngine *ge = ud;
    pthread_mutex_lock(&ge->mu);
    ge->info = *info;
    ge->info_ticket = ge->running;
    ge->info_seq++;
    pthread_mutex_unlock(&ge->mu);
}

/* The thread, in steps:
 * 1. wait for a job (or 'quit') and take it;
 * 2. make an engine for the job's variant unless the one there is for it;
 * 3. search, with the clock passing on stops;
 * 4. leave the result unless the job was cancelled meanwhile. */
static void *thread_main(void *arg)
{
    GameEngine *ge = arg;
    pthread_mutex_lock(&ge->mu);
    for (;;) {
        /* 1. */
        while (!ge->quit && !ge->pending)
            pthread_cond_wait(&ge->wake, &ge->mu);
        if (ge->quit)
            break;
        GameSearchJob job = ge->job;
        uint64_t *history = ge->job_history;
        unsigned ticket = ge->job_ticket;
        ge->job_history = NULL;
        ge->pending = 0;
        ge->running = ticket;
        ge->cancelled = 0;
        atomic_store(&ge->want_stop, ge->job_stop != 0);
        ge->job_stop = 0;
        pthread_mutex_unlock(&ge->mu);

        /* 2. */
        CmSearchResult res;
        CmStatus st = CM_OK;
        memset(&res, 0, sizeof res);
        if (ge->engine != NULL && cm_engine_variant(ge->engine) != job.v) {
            cm_engine_free(ge->engine);
            ge->engine = NULL;
        }
        if (ge->engine == NULL)
            st = cm_engine_new(job.v, ge->tt_bytes, &ge->engine);

        /* 3. */
        if (st == CM_OK) {
            CmLimits lim;
            cm_limits_init(&lim);
            lim.level = job.level;
            lim.time_ms = job.time_ms;
            lim.now_ms = search_clock;
            lim.stop = &ge->want_stop;
            lim.seed = job.seed;
            st = cm_engine_search(ge->engine, &job.pos, history, job.nhistory, &lim,
                                  search_progress, ge, &res);
        }
        free(history);

        /* 4. */
        pthread_mutex_lock(&ge->mu);
        if (!ge->cancelled && st == CM_OK) {
            ge->done.ticket = ticket;
            ge->done.purpose = job.purpose;
            ge->done.result = res;
            ge->has_done = 1;
            pthread_cond_broadcast(&ge->done_cv);
        }
        ge->running = 0;
    }
    pthread_mutex_unlock(&ge->mu);
    return NULL;
}

GameEngine *game_engine_new(size_t tt_bytes)
{
    GameEngine *ge = calloc(1, sizeof *ge);
    if (ge == NULL)
        return NULL;
    ge->tt_bytes = tt_bytes;
    ge->next_ticket = 1;
    atomic_init(&ge->want_stop, false);
    if (pthread_mutex_init(&ge->mu, NULL) != 0)
        goto fail_mu;
    if (pthread_cond_init(&ge->wake, NULL) != 0)
        goto fail_wake;
    if (pthread_cond_init(&ge->done_cv, NULL) != 0)
        goto fail_done;
    if (pthread_create(&ge->thread, NULL, thread_main, ge) != 0)
        goto fail_thread;
    return ge;
fail_thread:
    pthread_cond_destroy(&ge->done_cv);
fail_done:
    pthread_cond_destroy(&ge->wake);
fail_wake:
    pthread_mutex_destroy(&ge->mu);
fail_mu:
    free(ge);
    return NULL;
}

void game_engine_free(GameEngine *ge)
{
    if (ge == NULL)
        return;
    pthread_mutex_lock(&ge->mu);
    ge->quit = 1;
    ge->cancelled = 1;
    atomic_store(&ge->want_stop, true);
    pthread_cond_broadcast(&ge->wake);
    pthread_mutex_unlock(&ge->mu);
    pthread_join(ge->thread, NULL);
    free(ge->job_history);
    cm_engine_free(ge->engine);
    pthread_cond_destroy(&ge->done_cv);
    pthread_cond_destroy(&ge->wake);
    pthread_mutex_destroy(&ge->mu);
    free(ge);
}

CmStatus game_engine_start(GameEngine *ge, const GameSearchJob *job, unsigned *ticket_out)
{
    uint64_t *history = NULL;
    if (job->nhistory > 0) {
        history = malloc((size_t)job->nhistory * sizeof *history);
        if (history == NULL)
            return CM_ERR_NOMEM;
        memcpy(history, job->history, (size_t)job->nhistory * sizeof *history);
    }
    pthread_mutex_lock(&ge->mu);
    /* Whatever ran or waited before is no longer wanted. */
    free(ge->job_history);
    if (ge->running) {
        ge->cancelled = 1;
        atomic_store(&ge->want_stop, true);
    }
    ge->has_done = 0;
    ge->job = *job;
    ge->job.history = NULL;
    ge->job_history = history;
    ge->job_ticket = ge->next_ticket++;
    ge->job_stop = 0;
    if (ge->next_ticket == 0)
        ge->next_ticket = 1;
    ge->pending = 1;
    *ticket_out = ge->job_ticket;
    pthread_cond_broadcast(&ge->wake);
    pthread_mutex_unlock(&ge->mu);
    return CM_OK;
}

void game_engine_stop(GameEngine *ge, unsigned ticket)
{
    pthread_mutex_lock(&ge->mu);
    if (ge->running == ticket)
        atomic_store(&ge->want_stop, true);
    if (ge->pending && ge->job_ticket == ticket)
        ge->job_stop = 1;
    pthread_mutex_unlock(&ge->mu);
}

void game_engine_cancel(GameEngine *ge, unsigned ticket)
{
    pthread_mutex_lock(&ge->mu);
    if (ge->pending && ge->job_ticket == ticket) {
        ge->pending = 0;
        free(ge->job_history);
        ge->job_history = NULL;
    }
    if (ge->running == ticket) {
        ge->cancelled = 1;
        atomic_store(&ge->want_stop, true);
    }
    if (ge->has_done && ge->done.ticket == ticket)
        ge->has_done = 0;
    pthread_mutex_unlock(&ge->mu);
}

int game_engine_take(GameEngine *ge, GameSearchDone *out)
{
    int got = 0;
    pthread_mutex_lock(&ge->mu);
    if (ge->has_done) {
        *out = ge->done;
        ge->has_done = 0;
        got = 1;
    }
    pthread_mutex_unlock(&ge->mu);
    return got;
}

int game_engine_wait(GameEngine *ge, int ms)
{
    struct timespec ts;
    int ready;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += ms / 1000;
    ts.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&ge->mu);
    while (!ge->has_done) {
        if (pthread_cond_timedwait(&ge->done_cv, &ge->mu, &ts) == ETIMEDOUT)
            break;
    }
    ready = ge->has_done;
    pthread_mutex_unlock(&ge->mu);
    return ready;
}

unsigned game_engine_progress(GameEngine *ge, unsigned ticket, CmSearchInfo *out)
{
    unsigned seq = 0;
    pthread_mutex_lock(&ge->mu);
    if (ge->info_seq > 0 && ge->info_ticket == ticket) {
        *out = ge->info;
        seq = ge->info_seq;
    }
    pthread_mutex_unlock(&ge->mu);
    return seq;
}
