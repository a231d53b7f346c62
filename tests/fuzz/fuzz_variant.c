/* Fuzz target: the variant file loader, on any bytes.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "camelot/error.h"
#include "camelot/position.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    CmVariant *v = NULL;
    CmError err;
    cm_error_init(&err, "fuzz.yaml");
    if (cm_variant_parse((const char *)data, size, &v, &err) == CM_OK) {
        /* A variant that loads must give a playable start position. */
        CmPosition pos;
        cm_pos_start(&pos, v);
        fuzz_check_position(&pos);
        cm_variant_free(v);
    } else if (v != NULL || err.msg[0] == '\0') {
        abort();
    }
    return 0;
}
