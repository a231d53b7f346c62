/* Fuzz target: the engine protocol ('camelot engine', src/app/protocol.c) reading any bytes as
 * its input, answered to /dev/null. Every search is capped at a few thousand nodes and the
 * table at 1 MiB, so that no input can ask for minutes of search or gigabytes of memory; the
 * rest is as a program talking to 'camelot engine' would find it. The engine must end at the end
 * of its input or at 'quit', without a crash, a leak or a hang.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/cli.h"
#include "fuzz_common.h"

#define NODES 3000 /* nodes a search may take, whatever the input asks */

static CliCtx ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (setenv("CAMELOT_VARIANT_DIR", CAMELOT_SOURCE_VARIANT_DIR, 1) != 0 ||
        freopen("/dev/null", "w", stdout) == NULL) {
        perror("fuzz_protocol");
        abort();
    }
    catalog_init(&ctx.catalog);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    CliServeCaps caps = {NODES, 1, 2};
    FILE *in = tmpfile();
    if (in == NULL || (size > 0 && fwrite(data, 1, size, in) != size) || fflush(in) != 0 ||
        fseek(in, 0, SEEK_SET) != 0)
        abort();
    FUZZ_CHECK(cli_engine_serve(&ctx, fileno(in), &caps) == CLI_EXIT_OK);
    fclose(in);
    return 0;
}
