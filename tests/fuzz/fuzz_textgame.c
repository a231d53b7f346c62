/* Fuzz target: the plain text game ('cli_text_game') reading any bytes as what people type.
 * Byte 0 picks the variant (as a digit: '0' is Camette, '2' Camelot); the rest is the input
 * stream, and the output goes to /dev/null. The game must end at the end of its input, having
 * read every line, without a crash or a leak. An input that asks for the list of legal moves
 * more than twice is skipped: each list costs more than all the rest of a run.
 * Its 'save FILE' command writes files. So that it writes nowhere else, every '/' of the input
 * becomes '_' (a file name, never a path), and the game runs in the sandbox (fuzz_common.h).
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "fuzz_common.h"

#define MAX_INPUT 65536
#define MAX_LISTS 2 /* 'moves' commands an input */

static FILE *null_out;

/* How many times the 'len' bytes at 'text' hold 'word'. */
static int count(const char *text, size_t len, const char *word)
{
    size_t n = strlen(word);
    int k = 0;
    for (size_t i = 0; i + n <= len; i++)
        k += memcmp(text + i, word, n) == 0;
    return k;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_sandbox_init("textgame");
    if ((null_out = fopen("/dev/null", "w")) == NULL) {
        perror("fuzz_textgame");
        abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[MAX_INPUT];

    if (size < 2 || size - 1 > sizeof text)
        return 0;
    const CmVariant *v = fuzz_variant(data[0] - '0');
    size_t len = size - 1;
    memcpy(text, data + 1, len);
    /* A list of the legal moves costs more than all the rest of a run: two an input at most. */
    if (count(text, len, "moves") > MAX_LISTS)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '/')
            text[i] = '_';
    FILE *in = fmemopen(text, len, "r");
    if (in == NULL)
        abort();
    fuzz_sandbox_enter();
    FUZZ_CHECK(cli_text_game(v, v->name, in, null_out) == CLI_EXIT_OK);
    fuzz_sandbox_leave();
    /* The game stops only at 'quit', 'exit' or the end of its input. */
    FUZZ_CHECK(feof(in) || count(text, len, "quit") || count(text, len, "exit"));
    fclose(in);
    return 0;
}
