/* Fuzz target: puzzle files, then each puzzle's solution checked again, written and read back.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "camelot/puzzle.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    CmPuzzleSet set, again;
    CmError err;
    cm_error_init(&err, "fuzz.yaml");
    if (cm_puzzles_parse((const char *)data, size, fuzz_resolve, NULL, &set, &err) != CM_OK) {
        FUZZ_CHECK(err.msg[0] != '\0');
        return 0;
    }
    /* Every puzzle read is sound: its solution legal, as the parser promised. */
    for (int i = 0; i < set.n; i++) {
        const CmPuzzle *p = &set.p[i];
        FUZZ_CHECK(p->nsol % 2 == 1 && p->nsol <= CM_PUZZLE_MAX_PLIES);
        FUZZ_CHECK(p->difficulty >= 1 && p->difficulty <= CM_PUZZLE_MAX_DIFFICULTY);
        FUZZ_CHECK(cm_puzzle_check_line(p, NULL) == CM_OK);
        fuzz_check_position(&p->pos);
    }
    /* Written and read back: the same puzzles. */
    static char buf[1 << 20];
    size_t len =
        cm_puzzles_write_head(set.v->name, set.depth, set.threshold, "fuzz", buf, sizeof buf);
    for (int i = 0; i < set.n && len < sizeof buf; i++)
        len += cm_puzzle_write(&set.p[i], buf + len, sizeof buf - len);
    if (len < sizeof buf) {
        FUZZ_CHECK(cm_puzzles_parse(buf, len, fuzz_resolve, NULL, &again, &err) == CM_OK);
        FUZZ_CHECK(again.n == set.n);
        for (int i = 0; i < set.n; i++) {
            FUZZ_CHECK(strcmp(again.p[i].id, set.p[i].id) == 0);
            FUZZ_CHECK(cm_pos_equal(&again.p[i].pos, &set.p[i].pos));
            FUZZ_CHECK(again.p[i].nsol == set.p[i].nsol);
            for (int k = 0; k < set.p[i].nsol; k++)
                FUZZ_CHECK(cm_move_same(&again.p[i].sol[k], &set.p[i].sol[k]));
        }
        cm_puzzles_free(&again);
    }
    cm_puzzles_free(&set);
    return 0;
}
