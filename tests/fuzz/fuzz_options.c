/* Fuzz target: the readers of command-line values. Byte 0 picks a variant and a range of whole
 * numbers; the rest, cut at its NUL bytes, is a command line. Every word goes to the time
 * control reader of --time ('setup_parse_time'), the seat reader of --seat ('setup_seat'),
 * the seconds of --time in analyze and match ('cli_seconds_arg') and the whole numbers of
 * --depth and the like ('cli_int_arg'); the whole line goes to the option parser
 * ('cli_args_parse'). What is read is within its limits and agrees with the C library's
 * reading of the same digits; what is refused says why and changes nothing.
 * The messages go to a buffer in place of standard error and output, which the C library of
 * Linux lets a program replace.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "camelot/engine.h"
#include "fuzz_common.h"
#include "session/setup.h"

#define MAX_WORDS 24
#define MAX_MS ((int64_t)SETUP_MAX_SECONDS * 1000) /* the most seconds read, in milliseconds */
#define INT_SURE 100000000000L /* whole numbers up to this many are always read */

static char msg[4096];
static FILE *msg_file;

/* The ranges of whole numbers the commands read, and one as wide as there is. */
static const struct {
    long lo, hi;
} ranges[] = {
    {1, 64}, {0, 64}, {1, 65536}, {-8, 8}, {1, 10}, {-2147483647L - 1, 2147483647L}, {0, 0},
};
#define NRANGES ((int)(sizeof ranges / sizeof ranges[0]))

/* Standard error and output go to 'msg' until 'end_capture', which returns the bytes written. */
static void begin_capture(void)
{
    if (msg_file == NULL && (msg_file = fmemopen(msg, sizeof msg, "w")) == NULL)
        abort();
    rewind(msg_file);
    stderr = msg_file;
    stdout = msg_file;
}

static long end_capture(FILE *err, FILE *out)
{
    fflush(msg_file);
    stderr = err;
    stdout = out;
    return ftell(msg_file);
}

/* Whether 'text' is an optional '-' and then digits only. */
static int plain_integer(const char *text)
{
    const char *p = text + (text[0] == '-');
    if (*p == '\0')
        return 0;
    for (; *p; p++)
        if (*p < '0' || *p > '9')
            return 0;
    return 1;
}

static void check_time(const char *word)
{
    int64_t base = -7, inc = -7;
    if (setup_parse_time(word, &base, &inc) != 0) {
        FUZZ_CHECK(base == -7 && inc == -7);
        return;
    }
    /* Minutes, then seconds: each at most SETUP_MAX_SECONDS. */
    FUZZ_CHECK(base > 0 && base <= 60 * MAX_MS);
    FUZZ_CHECK(inc >= 0 && inc <= MAX_MS);
    FUZZ_CHECK(strchr(word, '+') != NULL || inc == 0);
}

static void check_seconds(const char *word)
{
    const char *end = word + strlen(word);
    int64_t ms = -7;
    if (!setup_parse_seconds(word, end, &ms)) {
        FUZZ_CHECK(ms == -7);
        return;
    }
    FUZZ_CHECK(ms >= 0 && ms <= MAX_MS);
    /* The whole seconds are the digits before the point; a fraction adds less than one. */
    long whole = strtol(word, NULL, 10);
    FUZZ_CHECK(ms >= (int64_t)whole * 1000 && ms <= (int64_t)whole * 1000 + 1000);
}

static void check_seat(const CmVariant *v, const char *word)
{
    SessionSetup before, after;
    char why[200];
    setup_default(&before, v, NULL);
    after = before;
    why[0] = '\0';
    if (setup_seat(&after, v, word, why, sizeof why) != 0) {
        FUZZ_CHECK(why[0] != '\0' && memcmp(&before, &after, sizeof before) == 0);
        return;
    }
    int seat = cm_variant_seat(v, word[0]);
    FUZZ_CHECK(word[1] == '=' && seat >= 0 && seat < v->nseats);
    for (int i = 0; i < CM_MAX_SEATS; i++) {
        const SeatSetup *s = &after.seat[i];
        if (i != seat) {
            FUZZ_CHECK(memcmp(s, &before.seat[i], sizeof *s) == 0);
            continue;
        }
        FUZZ_CHECK(s->kind == SEAT_HUMAN || s->kind == SEAT_ENGINE);
        FUZZ_CHECK(s->level >= 1 && s->level <= CM_ENGINE_LEVELS);
    }
    FUZZ_CHECK(strcmp(before.variant, after.variant) == 0);
}

static void check_cli_values(const CliArgs *a, const char *word, int r)
{
    FILE *err = stderr, *out = stdout;
    long lo = ranges[r].lo, hi = ranges[r].hi, n = -7;
    int64_t ms = -7;

    begin_capture();
    int rc = cli_seconds_arg(a, word, &ms);
    long said = end_capture(err, out);
    if (rc < 0)
        FUZZ_CHECK(rc == -1 && ms > 0 && ms <= MAX_MS && said == 0);
    else
        FUZZ_CHECK(rc == CLI_EXIT_USAGE && said > 0 && strncmp(msg, "camelot: bad time", 17) == 0);

    begin_capture();
    rc = cli_int_arg(a, "number", "a range", word, lo, hi, &n);
    said = end_capture(err, out);
    /* The C library reads the same digits: what it reads within the range is accepted. */
    errno = 0;
    long ref = strtol(word, NULL, 10);
    int ref_ok = plain_integer(word) && errno == 0 && ref >= lo && ref <= hi && ref >= -INT_SURE &&
                 ref <= INT_SURE;
    if (rc < 0) {
        FUZZ_CHECK(rc == -1 && n >= lo && n <= hi && said == 0);
        FUZZ_CHECK(plain_integer(word) && errno == 0 && n == ref);
    } else {
        FUZZ_CHECK(rc == CLI_EXIT_USAGE && n == -7 && !ref_ok);
        FUZZ_CHECK(said > 0 && strncmp(msg, "camelot: bad number", 19) == 0);
    }
}

/* The options of a command that reads all of these. */
static const CliOpt opts[] = {
    {"--variant", 1, 0}, {"--seat", 1, 1}, {"--time", 1, 0}, {"--depth", 1, 0}, {"--ascii", 0, 0},
};
#define NOPTS ((int)(sizeof opts / sizeof opts[0]))

static void check_args(int argc, char **argv)
{
    FILE *err = stderr, *out = stdout;
    CliArgs a;
    begin_capture();
    int rc = cli_args_parse("fuzz [OPTIONS]", "help\n", opts, NOPTS, argc, argv, &a);
    long said = end_capture(err, out);
    if (rc >= 0) {
        FUZZ_CHECK(said > 0);
    } else {
        FUZZ_CHECK(said == 0 && a.nargs >= 0 && a.nargs <= argc);
        for (int k = 0; k < NOPTS; k++) {
            FUZZ_CHECK(a.nvalues[k] >= 0 && a.nvalues[k] <= CLI_MAX_REPEAT);
            FUZZ_CHECK(a.value[k] == NULL || !opts[k].takes_value || a.value[k][0] != '\0');
        }
    }
    cli_args_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[4096];
    char *argv[MAX_WORDS + 1];
    int argc = 0;

    if (size < 1 || size > sizeof text - 1)
        return 0;
    const CmVariant *v = fuzz_variant(data[0] % FUZZ_NVARIANTS);
    int r = (data[0] / FUZZ_NVARIANTS) % NRANGES;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    /* The words: the text cut at its NUL bytes, as the arguments of a program are. */
    for (size_t at = 0; at < size && argc < MAX_WORDS; at += strlen(text + at) + 1)
        argv[argc++] = text + at;
    argv[argc] = NULL;

    CliArgs a;
    memset(&a, 0, sizeof a);
    a.usage = "fuzz [OPTIONS]";
    for (int i = 0; i < argc; i++) {
        check_time(argv[i]);
        check_seconds(argv[i]);
        check_seat(v, argv[i]);
        check_cli_values(&a, argv[i], r);
    }
    check_args(argc, argv);
    return 0;
}
