/* Fuzz target: position documents, then move generation, paths and notation in whatever
 * position they describe.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "camelot/rules.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    CmPosition pos, again;
    CmError err;
    cm_error_init(&err, "fuzz.yaml");
    if (cm_posdoc_parse((const char *)data, size, fuzz_resolve, NULL, fuzz_variant(2), &pos,
                        &err) != CM_OK) {
        if (err.msg[0] == '\0')
            abort();
        return 0;
    }
    /* Writing and reading back gives the same position. */
    static char buf[1 << 16];
    size_t len = cm_posdoc_write(&pos, NULL, buf, sizeof buf);
    if (len < sizeof buf) {
        if (cm_posdoc_parse(buf, len, fuzz_resolve, NULL, NULL, &again, NULL) != CM_OK ||
            !cm_pos_equal(&pos, &again))
            abort();
    }
    fuzz_check_position(&pos);
    CmOutcome o;
    cm_rules_settle(&pos, &o);
    if (!o.over)
        fuzz_check_position(&pos);
    return 0;
}
