/* Fuzz target: the plain text game ('cli_text_game') reading any bytes as what people type.
 * Byte 0 picks the variant (as a digit: '0' is Camette, '2' Camelot); the rest is the input
 * stream, and the output goes to /dev/null. The game must end at the end of its input, having
 * read every line, without a crash or a leak. An input that asks for the list of legal moves
 * more than twice is skipped: each list costs more than all the rest of a run.
 * Its 'save FILE' command writes files. So that it writes nowhere else, every '/' of the input
 * becomes '_' (a file name, never a path), and the game runs in a private temporary directory
 * (the working directory is changed for the call only, and the files saved are removed after
 * it). A crash inside the call leaves the working directory there: give libFuzzer an absolute
 * -artifact_prefix, as tests/fuzz/run.sh does.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/cli.h"
#include "fuzz_common.h"

#define MAX_INPUT 65536
#define MAX_LISTS 2 /* 'moves' commands an input */

static char dir[512];
static int dir_fd = -1, home_fd = -1;
static FILE *null_out;

/* Removes the files the game saved in the private directory. */
static void empty_dir(void)
{
    DIR *d = fdopendir(dup(dir_fd));
    struct dirent *e;
    if (d == NULL)
        abort();
    rewinddir(d); /* the copy shares its offset with 'dir_fd', left at the end last time */
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlinkat(dir_fd, e->d_name, 0);
    closedir(d);
}

static void clean_up(void)
{
    empty_dir();
    rmdir(dir);
}

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
    fuzz_temp_dir("textgame", dir, sizeof dir);
    if ((dir_fd = open(dir, O_RDONLY | O_DIRECTORY)) < 0 ||
        (home_fd = open(".", O_RDONLY | O_DIRECTORY)) < 0 ||
        (null_out = fopen("/dev/null", "w")) == NULL) {
        perror("fuzz_textgame");
        abort();
    }
    atexit(clean_up);
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
    if (fchdir(dir_fd) != 0)
        abort();
    FUZZ_CHECK(cli_text_game(v, v->name, in, null_out) == CLI_EXIT_OK);
    if (fchdir(home_fd) != 0)
        abort();
    /* The game stops only at 'quit', 'exit' or the end of its input. */
    FUZZ_CHECK(feof(in) || count(text, len, "quit") || count(text, len, "exit"));
    fclose(in);
    empty_dir();
    return 0;
}
