/* Fuzz target: the move notation parser. The first byte picks a variant, the next bytes play
 * a few moves to reach a varied position, and the rest is parsed as a move and as an effect.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "camelot/rules.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static CmMoveList list;
    CmPosition pos;
    CmOutcome o;
    if (size < 2)
        return 0;
    cm_pos_start(&pos, fuzz_variant(data[0]));
    int plies = data[1] % 16;
    size_t at = 2;
    for (int i = 0; i < plies && at < size; i++, at++) {
        cm_rules_settle(&pos, &o);
        if (o.over || cm_movegen_all(&pos, &list) == 0)
            break;
        CmUndo undo;
        cm_pos_apply(&pos, &list.m[data[at] % list.n], &undo);
    }
    char text[512];
    size_t n = size - at < sizeof text - 1 ? size - at : sizeof text - 1;
    memcpy(text, data + at, n);
    text[n] = '\0';
    CmMove m;
    CmError err;
    cm_error_init(&err, NULL);
    if (cm_move_parse(&pos, text, &m, &err) == CM_OK) {
        /* A move that parses is one of the legal moves. */
        cm_movegen_all(&pos, &list);
        if (cm_movelist_find(&list, &m) < 0)
            abort();
    } else if (err.msg[0] == '\0') {
        abort();
    }
    cm_error_init(&err, NULL);
    if (cm_effect_parse(&pos, text, &m, &err) != CM_OK && err.msg[0] == '\0')
        abort();
    return 0;
}
