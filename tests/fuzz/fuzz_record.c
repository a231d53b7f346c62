/* Fuzz target: game records: parsing, then replaying in the variant they name, then writing
 * the game out and reading it back.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "camelot/record.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    CmRecord rec;
    CmError err;
    cm_error_init(&err, "fuzz.txt");
    if (cm_record_parse((const char *)data, size, &rec, &err) != CM_OK) {
        if (err.msg[0] == '\0')
            abort();
        cm_record_free(&rec);
        return 0;
    }
    const char *name = cm_record_tag(&rec, "Variant");
    const CmVariant *v = name ? fuzz_resolve(NULL, name, NULL) : fuzz_variant(2);
    if (v != NULL) {
        CmGame game;
        if (cm_game_init(&game, v, NULL) != CM_OK)
            abort();
        if (cm_record_replay(&rec, &game, &err) == CM_OK) {
            static char buf[1 << 20];
            size_t len = cm_record_write(&game, NULL, 0, buf, sizeof buf);
            if (len < sizeof buf) {
                CmRecord again;
                if (cm_record_parse(buf, len, &again, &err) != CM_OK || again.nmoves != game.n)
                    abort();
                cm_record_free(&again);
            }
        }
        cm_game_free(&game);
    }
    cm_record_free(&rec);
    return 0;
}
