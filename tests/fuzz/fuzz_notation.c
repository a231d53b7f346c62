/* Fuzz target: the move notation parser. The first byte picks one of 256 positions (the eight
 * variants at various points of seeded random games, built once), the rest is parsed as a move
 * and as an effect.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "camelot/rules.h"
#include "fuzz_common.h"

#define NPOS 256

static CmPosition positions[NPOS];
static int ready;

/* Position i: variant i % 8, after up to (i / 8) * 3 plies of a game that prefers captures. */
static void build_positions(void)
{
    static CmMoveList list;
    uint64_t seed = 0x2545f4914f6cdd1dull;
    for (int i = 0; i < NPOS; i++) {
        CmPosition pos;
        CmOutcome o;
        cm_pos_start(&pos, fuzz_variant(i % FUZZ_NVARIANTS));
        for (int ply = 0; ply < (i / FUZZ_NVARIANTS) * 3; ply++) {
            CmPosition next = pos;
            cm_rules_settle(&next, &o);
            if (o.over || cm_movegen_all(&next, &list) == 0)
                break;
            seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
            int pick = (int)(seed % (uint64_t)list.n);
            for (int k = 0; k < list.n; k++)
                if (list.m[k].ncap > list.m[pick].ncap)
                    pick = k;
            CmUndo undo;
            cm_pos_apply(&next, &list.m[pick], &undo);
            if (cm_rules_after_move(&next, pos.to_move, &o))
                break;
            pos = next;
        }
        positions[i] = pos;
    }
    ready = 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ready)
        build_positions();
    if (size < 1)
        return 0;
    const CmPosition *pos = &positions[data[0]];
    char text[1024];
    size_t n = size - 1 < sizeof text - 1 ? size - 1 : sizeof text - 1;
    memcpy(text, data + 1, n);
    text[n] = '\0';
    CmMove m;
    CmError err;
    cm_error_init(&err, NULL);
    if (cm_move_parse(pos, text, &m, &err) == CM_OK) {
        /* A move that parses is one of the legal moves. */
        static CmMoveList list;
        cm_movegen_all(pos, &list);
        if (cm_movelist_find(&list, &m) < 0)
            abort();
    } else if (err.msg[0] == '\0') {
        abort();
    }
    cm_error_init(&err, NULL);
    if (cm_effect_parse(pos, text, &m, &err) != CM_OK && err.msg[0] == '\0')
        abort();
    return 0;
}
