/* The transposition table: buckets of four entries on the position hash, replacing the
 * shallowest or oldest entry.
 * SPDX-License-Identifier: MIT */
#define _DEFAULT_SOURCE /* madvise */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "engine_int.h"

/* Tables of 2 MiB or more start on a 2 MiB boundary and, on Linux, are offered huge pages:
 * a probe then rarely misses the TLB (a table of 16 MiB spans 4096 small pages). Without
 * them the table works the same, only slower. 'calloc' of a large block leaves the zero
 * pages untouched until used, so a large table costs nothing before the search needs it. */
#define TT_HUGE ((size_t)2 << 20)

CmStatus cm_tt_alloc(CmEngine *e, size_t bytes)
{
    size_t n = 1;
    if (bytes < 64 * 1024)
        bytes = 64 * 1024;
    while (n * 2 * sizeof(TTBucket) <= bytes)
        n *= 2;
    size_t size = n * sizeof(TTBucket), pad = size >= TT_HUGE ? TT_HUGE : 0;
    e->tt_mem = size <= SIZE_MAX - pad ? calloc(1, size + pad) : NULL;
    if (e->tt_mem == NULL)
        return CM_ERR_NOMEM;
    uintptr_t at = (uintptr_t)e->tt_mem;
    if (pad) {
        at = (at + TT_HUGE - 1) & ~(uintptr_t)(TT_HUGE - 1);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        madvise((void *)at, size, MADV_HUGEPAGE);
#endif
    }
    e->tt = (TTBucket *)at;
    e->tt_mask = n - 1;
    return CM_OK;
}

void cm_tt_clear(CmEngine *e)
{
    memset(e->tt, 0, (e->tt_mask + 1) * sizeof(TTBucket));
    e->age = 0;
}

uint16_t cm_tt_capsig(const CmMove *m)
{
    uint64_t x = m->cap.w[0] ^ (m->cap.w[1] * 0x9E3779B97F4A7C15ull) ^
                 (m->cap.w[2] * 0xC2B2AE3D27D4EB4Full) ^ (m->cap.w[3] * 0x165667B19E3779F9ull);
    x ^= x >> 32;
    x ^= x >> 16;
    return (uint16_t)x;
}

static inline uint64_t tt_pack(int score, int depth, int bound, TTMove m)
{
    return (uint64_t)(uint16_t)score | (uint64_t)(uint8_t)depth << 16 |
           (uint64_t)(uint8_t)bound << 24 | (uint64_t)m.from << 32 | (uint64_t)m.to << 40 |
           (uint64_t)m.capsig << 48;
}

static inline TTMove tt_move_of(uint64_t data)
{
    return (TTMove){(uint8_t)(data >> 32), (uint8_t)(data >> 40), (uint16_t)(data >> 48)};
}

/* The key of a slot and its packed fields, read once each. */
static inline uint64_t tt_read(const TTSlot *t, uint64_t *data)
{
    *data = atomic_load_explicit(&t->data, memory_order_relaxed);
    return atomic_load_explicit(&t->check, memory_order_relaxed) ^ *data;
}

int cm_tt_probe(const CmEngine *e, uint64_t key, TTEntry *out)
{
    const TTBucket *b = &e->tt[key & e->tt_mask];
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t d;
        if (tt_read(&b->e[i], &d) == key && ((d >> 24) & 3) != TT_NONE) {
            out->key = key;
            out->score = (int16_t)(uint16_t)d;
            out->depth = (uint8_t)(d >> 16);
            out->bound = (uint8_t)(d >> 24);
            out->move = tt_move_of(d);
            return 1;
        }
    }
    return 0;
}

/* Storing, in steps:
 * 1. the entry of the same position, if any, is replaced (keeping its move when the new
 *    result has none);
 * 2. otherwise the entry worth least: the oldest, then the shallowest. */
void cm_tt_store(CmEngine *e, uint64_t key, int score, int depth, int bound, const CmMove *m)
{
    TTBucket *b = &e->tt[key & e->tt_mask];
    TTSlot *slot = NULL;
    uint64_t old = 0;
    int same = 0, worst = 1 << 30;

    /* 1. */
    for (int i = 0; i < TT_BUCKET; i++) {
        if (tt_read(&b->e[i], &old) == key) {
            slot = &b->e[i];
            same = 1;
            break;
        }
    }
    /* 2. */
    if (slot == NULL) {
        for (int i = 0; i < TT_BUCKET; i++) {
            uint64_t d = atomic_load_explicit(&b->e[i].data, memory_order_relaxed);
            int tbound = (uint8_t)(d >> 24), tdepth = (uint8_t)(d >> 16);
            int age = (e->age - (tbound >> 2)) & 63;
            int worth = (tbound & 3) == TT_NONE ? -1000 : tdepth - 8 * age;
            if (worth < worst) {
                worst = worth;
                slot = &b->e[i];
            }
        }
    } else if (m == NULL && (int)(uint8_t)(old >> 16) > depth + 2 &&
               (uint8_t)(old >> 24) >> 2 == e->age) {
        return; /* keep a deeper result of this search */
    }
    TTMove move = {0, 0, 0};
    if (m != NULL)
        move = (TTMove){m->from, m->to, cm_tt_capsig(m)};
    else if (same)
        move = tt_move_of(old);
    uint64_t data = tt_pack(score, depth < 0 ? 0 : depth, bound | (e->age << 2), move);
    atomic_store_explicit(&slot->data, data, memory_order_relaxed);
    atomic_store_explicit(&slot->check, key ^ data, memory_order_relaxed);
}
