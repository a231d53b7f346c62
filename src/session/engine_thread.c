/* The engine thread: the only thread the program starts. It waits for a search job, runs it
 * on its own copy of the position, and leaves the result for the session to pick up on its
 * next tick; the session never waits for it.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "engine_thread.h"

struct EngineThread {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t wake;    /* the thread: a job or 'quit' */
    pthread_cond_t done_cv; /* 'engine_thread_wait': a result */
    size_t tt_bytes;
    CmEngine *engine; /* touched by the thread only */
    /* The thread's own copy of the variant it searches, so that it never reads the caller's
     * (which may be freed while a search that was told to stop is still ending). */
    CmVariant *variant;
    /* Under 'mu': */
    int quit;
    int ended;   /* the thread has left its loop */
    int pending; /* 'job' waits to be taken */
    EngineJob job;
    uint64_t *job_history;  /* owned copy of 'job.history' */
    CmVariant *job_variant; /* owned copy of '*job.v' */
    unsigned job_ticket;
    int job_stop;     /* 'job' was asked to stop before it started */
    unsigned running; /* ticket of the running search, 0 = none */
    int cancelled;    /* the running search's result is to be dropped */
    int has_done;
    EngineDone done;
    unsigned next_ticket;
    int threads; /* for the searches from the next one on */
    unsigned info_seq;
    unsigned info_ticket;
    CmSearchInfo info;
    char info_text[TEXT_PV_MAX];
    CmPosition searched; /* the running search's position (the thread's) */
    /* The running search's stop flag: set to end it now. */
    atomic_bool want_stop;
};

static void search_progress(void *ud, const CmSearchInfo *info)
{
    EngineThread *et = ud;
    char text[TEXT_PV_MAX];
    text_pv(&et->searched, info->pv, info->npv, text, sizeof text);
    pthread_mutex_lock(&et->mu);
    memcpy(et->info_text, text, sizeof text);
    et->info = *info;
    et->info_ticket = et->running;
    et->info_seq++;
    pthread_mutex_unlock(&et->mu);
}

/* The thread, in steps:
 * 1. wait for a job (or 'quit') and take it;
 * 2. make an engine for the job's variant unless the one there is for it;
 * 3. search, stopped through the stop flag when asked;
 * 4. leave the result unless the job was cancelled meanwhile. */
static void *thread_main(void *arg)
{
    EngineThread *et = arg;
    pthread_mutex_lock(&et->mu);
    for (;;) {
        /* 1. */
        while (!et->quit && !et->pending)
            pthread_cond_wait(&et->wake, &et->mu);
        if (et->quit)
            break;
        EngineJob job = et->job;
        uint64_t *history = et->job_history;
        CmVariant *variant = et->job_variant;
        unsigned ticket = et->job_ticket;
        int threads = et->threads;
        et->job_history = NULL;
        et->job_variant = NULL;
        et->pending = 0;
        et->running = ticket;
        et->cancelled = 0;
        atomic_store(&et->want_stop, et->job_stop != 0);
        et->job_stop = 0;
        pthread_mutex_unlock(&et->mu);

        /* 2. */
        CmSearchResult res;
        CmStatus st = CM_OK;
        memset(&res, 0, sizeof res);
        if (et->variant != NULL && memcmp(et->variant, variant, sizeof *variant) == 0) {
            free(variant); /* the variant searched before: its engine stays */
        } else {
            cm_engine_free(et->engine);
            et->engine = NULL;
            free(et->variant);
            et->variant = variant;
        }
        job.v = et->variant;
        job.pos.v = et->variant;
        if (et->engine == NULL)
            st = cm_engine_new(job.v, et->tt_bytes, &et->engine);
        if (st == CM_OK)
            cm_engine_set_threads(et->engine, threads); /* short of memory: as many as before */

        /* 3. */
        et->searched = job.pos;
        if (st == CM_OK) {
            CmLimits lim;
            cm_limits_init(&lim);
            lim.level = job.level;
            lim.time_ms = job.time_ms;
            lim.depth = job.depth;
            lim.nodes = job.nodes;
            lim.use_all_time = job.analysis;
            lim.now_ms = clock_ms_cb;
            lim.stop = &et->want_stop;
            lim.seed = job.seed;
            st = cm_engine_search(et->engine, &job.pos, history, job.nhistory, &lim,
                                  search_progress, et, &res);
        }
        free(history);
        char text[CM_MOVE_TEXT_MAX] = "", pv[TEXT_PV_MAX] = "";
        pthread_mutex_lock(&et->mu);
        int dropped = et->cancelled || et->quit;
        pthread_mutex_unlock(&et->mu);
        if (st == CM_OK && !dropped && res.has_move)
            cm_move_str(&job.pos, &res.move, text, sizeof text);
        if (st == CM_OK && !dropped)
            text_pv(&job.pos, res.info.pv, res.info.npv, pv, sizeof pv);

        /* 4. */
        pthread_mutex_lock(&et->mu);
        if (!et->cancelled && st == CM_OK) {
            et->done.ticket = ticket;
            et->done.purpose = job.purpose;
            et->done.result = res;
            memcpy(et->done.text, text, sizeof text);
            memcpy(et->done.pv_text, pv, sizeof pv);
            et->has_done = 1;
            pthread_cond_broadcast(&et->done_cv);
        }
        et->running = 0;
    }
    et->ended = 1;
    pthread_cond_broadcast(&et->done_cv);
    pthread_mutex_unlock(&et->mu);
    return NULL;
}

EngineThread *engine_thread_new(size_t tt_bytes)
{
    EngineThread *et = calloc(1, sizeof *et);
    if (et == NULL)
        return NULL;
    et->tt_bytes = tt_bytes;
    et->next_ticket = 1;
    et->threads = 1;
    atomic_init(&et->want_stop, false);
    if (pthread_mutex_init(&et->mu, NULL) != 0)
        goto fail_mu;
    if (pthread_cond_init(&et->wake, NULL) != 0)
        goto fail_wake;
    if (pthread_cond_init(&et->done_cv, NULL) != 0)
        goto fail_done;
    if (pthread_create(&et->thread, NULL, thread_main, et) != 0)
        goto fail_thread;
    return et;
fail_thread:
    pthread_cond_destroy(&et->done_cv);
fail_done:
    pthread_cond_destroy(&et->wake);
fail_wake:
    pthread_mutex_destroy(&et->mu);
fail_mu:
    free(et);
    return NULL;
}

/* The time 'ms' milliseconds from now, for 'pthread_cond_timedwait'. */
static struct timespec deadline(int ms)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_sec += ms / 1000;
    t.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

/* Asks the thread to stop its search and end. */
static void ask_to_end(EngineThread *et)
{
    pthread_mutex_lock(&et->mu);
    et->quit = 1;
    et->cancelled = 1;
    atomic_store(&et->want_stop, true);
    pthread_cond_broadcast(&et->wake);
    pthread_mutex_unlock(&et->mu);
}

static void free_ended(EngineThread *et)
{
    pthread_join(et->thread, NULL);
    free(et->job_history);
    free(et->job_variant);
    free(et->variant);
    cm_engine_free(et->engine);
    pthread_cond_destroy(&et->done_cv);
    pthread_cond_destroy(&et->wake);
    pthread_mutex_destroy(&et->mu);
    free(et);
}

void engine_thread_free(EngineThread *et)
{
    if (et == NULL)
        return;
    ask_to_end(et);
    free_ended(et);
}

int engine_thread_leave(EngineThread *et, int wait_ms)
{
    if (et == NULL)
        return 1;
    ask_to_end(et);
    struct timespec until = deadline(wait_ms);
    pthread_mutex_lock(&et->mu);
    while (!et->ended && pthread_cond_timedwait(&et->done_cv, &et->mu, &until) != ETIMEDOUT) {
    }
    int ended = et->ended;
    pthread_mutex_unlock(&et->mu);
    if (ended) {
        free_ended(et);
        return 1;
    }
    /* Still inside one long step of its search: it ends with the process. */
    pthread_detach(et->thread);
    return 0;
}

CmStatus engine_thread_start(EngineThread *et, const EngineJob *job, unsigned *ticket_out)
{
    uint64_t *history = NULL;
    CmVariant *variant = malloc(sizeof *variant);
    if (variant == NULL)
        return CM_ERR_NOMEM;
    *variant = *job->v;
    if (job->nhistory > 0) {
        history = malloc((size_t)job->nhistory * sizeof *history);
        if (history == NULL) {
            free(variant);
            return CM_ERR_NOMEM;
        }
        memcpy(history, job->history, (size_t)job->nhistory * sizeof *history);
    }
    pthread_mutex_lock(&et->mu);
    /* Whatever ran or waited before is no longer wanted. */
    free(et->job_history);
    free(et->job_variant);
    et->job_variant = variant;
    if (et->running) {
        et->cancelled = 1;
        atomic_store(&et->want_stop, true);
    }
    et->has_done = 0;
    et->job = *job;
    et->job.history = NULL;
    et->job_history = history;
    et->job_ticket = et->next_ticket++;
    et->job_stop = 0;
    if (et->next_ticket == 0)
        et->next_ticket = 1;
    et->pending = 1;
    *ticket_out = et->job_ticket;
    pthread_cond_broadcast(&et->wake);
    pthread_mutex_unlock(&et->mu);
    return CM_OK;
}

void engine_thread_set_threads(EngineThread *et, int n)
{
    pthread_mutex_lock(&et->mu);
    et->threads = n < 1 ? 1 : n > CM_ENGINE_MAX_THREADS ? CM_ENGINE_MAX_THREADS : n;
    pthread_mutex_unlock(&et->mu);
}

void engine_thread_stop(EngineThread *et, unsigned ticket)
{
    pthread_mutex_lock(&et->mu);
    if (et->running == ticket)
        atomic_store(&et->want_stop, true);
    if (et->pending && et->job_ticket == ticket)
        et->job_stop = 1;
    pthread_mutex_unlock(&et->mu);
}

void engine_thread_cancel(EngineThread *et, unsigned ticket)
{
    pthread_mutex_lock(&et->mu);
    if (et->pending && et->job_ticket == ticket) {
        et->pending = 0;
        free(et->job_history);
        et->job_history = NULL;
    }
    if (et->running == ticket) {
        et->cancelled = 1;
        atomic_store(&et->want_stop, true);
    }
    if (et->has_done && et->done.ticket == ticket)
        et->has_done = 0;
    pthread_mutex_unlock(&et->mu);
}

int engine_thread_take(EngineThread *et, EngineDone *out)
{
    int got = 0;
    pthread_mutex_lock(&et->mu);
    if (et->has_done) {
        *out = et->done;
        et->has_done = 0;
        got = 1;
    }
    pthread_mutex_unlock(&et->mu);
    return got;
}

int engine_thread_wait(EngineThread *et, int ms)
{
    struct timespec ts = deadline(ms);
    int ready;
    pthread_mutex_lock(&et->mu);
    while (!et->has_done) {
        if (pthread_cond_timedwait(&et->done_cv, &et->mu, &ts) == ETIMEDOUT)
            break;
    }
    ready = et->has_done;
    pthread_mutex_unlock(&et->mu);
    return ready;
}

unsigned engine_thread_progress(EngineThread *et, unsigned ticket, CmSearchInfo *out, char *pv_text)
{
    unsigned seq = 0;
    pthread_mutex_lock(&et->mu);
    if (et->info_seq > 0 && et->info_ticket == ticket) {
        *out = et->info;
        memcpy(pv_text, et->info_text, TEXT_PV_MAX);
        seq = et->info_seq;
    }
    pthread_mutex_unlock(&et->mu);
    return seq;
}
