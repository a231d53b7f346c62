/* The one argument parser of every command: options by table, their values, numbers and
 * seconds, and usage errors.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io/io.h"
#include "session/setup.h"

/* The length of a document's name at 'p' ("learning.md"): letters, digits and '-', then
 * ".md"; 0 when there is none. */
static size_t doc_name(const char *p)
{
    size_t n = 0;
    while ((p[n] >= 'a' && p[n] <= 'z') || (p[n] >= '0' && p[n] <= '9') || p[n] == '-')
        n++;
    return n > 0 && strncmp(p + n, ".md", 3) == 0 ? n + 3 : 0;
}

void cli_help_print(FILE *f, const char *usage, const char *help)
{
    int cites = 0;
    fprintf(f, "usage: camelot %s\n\n", usage);
    for (const char *p = help; *p;) {
        const char *docs = strstr(p, "docs/");
        size_t n = docs != NULL ? doc_name(docs + 5) : 0;
        if (docs == NULL) {
            fputs(p, f);
            break;
        }
        fwrite(p, 1, (size_t)(docs - p), f);
        if (n == 0) {
            fputs("docs/", f);
        } else {
            /* The name alone: where the documents are is said once, below. */
            fwrite(docs + 5, 1, n, f);
            cites = 1;
        }
        p = docs + 5 + n;
    }
    if (cites) {
        const char *dir = io_doc_dir();
        /* The directory on a line of its own when the line would pass 79 columns. */
        fprintf(f, "\nThe documents named here are in%s%s/.\n", strlen(dir) > 45 ? "\n" : " ", dir);
    }
}

int cli_usage_error(const char *usage, const char *fmt, ...)
{
    /* An argument it quotes is escaped, as an error's message is. */
    char msg[512], shown[4 * sizeof msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cm_text_escape(msg, strlen(msg), shown, sizeof shown);
    fprintf(stderr, "camelot: %s\n", shown);
    if (usage != NULL)
        fprintf(stderr, "usage: camelot %s\n", usage);
    else
        fputs("usage: camelot [COMMAND] [OPTIONS]; try 'camelot help'\n", stderr);
    return CLI_EXIT_USAGE;
}

/* Whether 'arg' is a negative number, which is an argument, not an option. */
static int negative_number(const char *arg)
{
    return arg[0] == '-' && arg[1] >= '0' && arg[1] <= '9';
}

/* The option of 'opts' that 'arg' names ("--name" or "--name=..."), or -1. */
static int find_opt(const CliOpt *opts, int nopts, const char *arg)
{
    for (int k = 0; k < nopts; k++) {
        size_t n = strlen(opts[k].name);
        if (strncmp(arg, opts[k].name, n) == 0 &&
            (arg[n] == '\0' || (arg[n] == '=' && opts[k].takes_value)))
            return k;
    }
    return -1;
}

/* Takes option 'k' (named by argv[*i]) and its value. Returns -1, or an exit code. */
static int take_opt(const CliOpt *o, int k, int argc, char **argv, int *i, CliArgs *out)
{
    const char *arg = argv[*i], *value = "";
    size_t n = strlen(o->name);
    if (o->takes_value) {
        if (arg[n] == '=')
            value = arg + n + 1;
        else if (*i + 1 < argc)
            value = argv[++*i];
        else
            value = NULL;
        if (value == NULL || value[0] == '\0')
            return cli_usage_error(out->usage, "option '%s' needs a value", o->name);
    }
    if (o->repeat) {
        if (out->nvalues[k] == CLI_MAX_REPEAT)
            return cli_usage_error(out->usage, "too many '%s' options", o->name);
        out->values[k][out->nvalues[k]++] = value;
    }
    out->value[k] = value;
    return -1;
}

int cli_args_parse(const char *usage, const char *help, const CliOpt *opts, int nopts, int argc,
                   char **argv, CliArgs *out)
{
    int only_args = 0;

    memset(out, 0, sizeof *out);
    out->usage = usage;
    out->args = calloc((size_t)argc + 1, sizeof *out->args);
    if (out->args == NULL)
        return cli_out_of_memory();
    for (int i = 0; i < argc; i++) {
        char *arg = argv[i];
        if (only_args || arg[0] != '-' || strcmp(arg, "-") == 0 || negative_number(arg)) {
            out->args[out->nargs++] = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_args = 1;
            continue;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            cli_help_print(stdout, usage, help);
            return CLI_EXIT_OK;
        }
        int k = find_opt(opts, nopts, arg);
        if (k < 0)
            return cli_usage_error(usage, "unknown option '%s'", arg);
        int rc = take_opt(&opts[k], k, argc, argv, &i, out);
        if (rc >= 0)
            return rc;
    }
    return -1;
}

void cli_args_free(CliArgs *a)
{
    free(a->args);
    a->args = NULL;
}

int cli_int_arg(const CliArgs *a, const char *noun, const char *range, const char *value, long lo,
                long hi, long *out)
{
    if (setup_parse_int(value, lo, hi, out))
        return -1;
    return cli_usage_error(a->usage, "bad %s '%s' (%s)", noun, value, range);
}

int cli_seconds_arg(const CliArgs *a, const char *value, int64_t *ms_out)
{
    /* A fraction of a millisecond counts as one: the shortest time there is, never none. */
    if (setup_parse_seconds(value, value + strlen(value), ms_out) && *ms_out > 0)
        return -1;
    return cli_usage_error(a->usage, "bad time '%s' (seconds > 0, such as 2 or 0.5)", value);
}
