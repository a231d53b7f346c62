/* What the commands share about files: variants from the catalogue, position documents, and
 * errors printed with the offending source line.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "camelot/posdoc.h"
#include "cli.h"
#include "io/io.h"

#define REPORT_LINE_MAX 200 /* a source line longer than this is not quoted */

int cli_out_of_memory(void)
{
    fputs("camelot: out of memory\n", stderr);
    return CLI_EXIT_INPUT;
}

int cli_config(SessionConfig *c)
{
    CmError err;
    char *text = NULL;
    size_t len = 0;
    if (config_load(c, &text, &len, &err) == CM_OK)
        return -1;
    cli_report(&err, text, len);
    fputs("camelot: the settings file is described in playing.md, 'Settings'\n", stderr);
    free(text);
    return CLI_EXIT_INPUT;
}

const CmVariant *cli_variant(CliCtx *ctx, const char *ref)
{
    CmError err;
    const CmVariant *v = catalog_get(&ctx->catalog, ref, NULL, &err);
    if (v == NULL)
        cli_report(&err, NULL, 0);
    return v;
}

int cli_load_position(CliCtx *ctx, const char *variant_ref, const char *posfile, CmPosition *pos)
{
    const CmVariant *explicit = NULL, *fallback;
    char dir[IO_PATH_MAX];
    char *text = NULL;
    size_t len = 0;
    CmError err;
    int rc = CLI_EXIT_INPUT, is_stdin = posfile != NULL && strcmp(posfile, "-") == 0;

    if (variant_ref != NULL && (explicit = cli_variant(ctx, variant_ref)) == NULL)
        return CLI_EXIT_INPUT;
    fallback = explicit;
    if (fallback == NULL && (fallback = cli_variant(ctx, CLI_DEFAULT_VARIANT)) == NULL)
        return CLI_EXIT_INPUT;
    if (posfile == NULL) {
        cm_pos_start(pos, fallback);
        return CLI_EXIT_OK;
    }

    if (io_read_file(posfile, CM_POSDOC_MAX_BYTES, &text, &len, &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        goto out;
    }
    CatalogResolver r = {
        &ctx->catalog, is_stdin ? NULL : io_dirname(posfile, dir, sizeof dir), {0}};
    if (cm_posdoc_parse(text, len, catalog_resolve, &r, fallback, pos, &err) != CM_OK) {
        /* A bad variant file gets its own report; the document's error then points at the
         * 'variant' key. */
        if (r.file_err.code != CM_OK)
            cli_report(&r.file_err, NULL, 0);
        cli_report(&err, text, len);
        goto out;
    }
    if (explicit != NULL && pos->v != explicit && strcmp(pos->v->name, explicit->name) != 0) {
        char shown[CLI_SHOWN_MAX];
        fprintf(stderr, "%s: the position is for variant '%s', not '%s' (--variant)\n",
                is_stdin ? "<stdin>" : cli_shown(posfile, shown, sizeof shown), pos->v->name,
                explicit->name);
        goto out;
    }
    rc = CLI_EXIT_OK;
out:
    free(text);
    return rc;
}

void cli_report(const CmError *err, const char *text, size_t len)
{
    char msg[CM_ERROR_TEXT_MAX];

    cm_error_format(err, msg, sizeof msg);
    fprintf(stderr, "%s%s\n", err->source[0] ? "" : "camelot: ", msg);
    if (text == NULL || err->line <= 0)
        return;

    /* Find the line, print it, and put a caret under the column. */
    size_t i = 0;
    for (int line = 1; line < err->line && i < len; i++)
        if (text[i] == '\n')
            line++;
    if (i >= len && err->line > 1)
        return;
    size_t end = i;
    while (end < len && text[end] != '\n' && text[end] != '\r')
        end++;
    if (end - i > REPORT_LINE_MAX)
        return;
    cli_quote_line(stderr, "    ", text + i, end - i, err->col);
}

/* Writes the 'len' bytes of 'text' to 'out' escaped, or ('blank') as many spaces as the escaped
 * text has characters. */
static void put_escaped(FILE *out, const char *text, size_t len, int blank)
{
    char shown[256];
    while (len > 0) {
        /* Each piece ends on a whole character: room for one always remains. */
        size_t used = cm_text_escape(text, len, shown, sizeof shown);
        for (const char *p = shown; *p && blank; p++)
            if (((unsigned char)*p & 0xc0) != 0x80)
                fputc(' ', out);
        if (!blank)
            fputs(shown, out);
        text += used;
        len -= used;
    }
}

void cli_put_text(FILE *out, const char *text, size_t len)
{
    put_escaped(out, text, len, 0);
}

const char *cli_shown(const char *text, char *buf, size_t size)
{
    cm_text_escape(text, strlen(text), buf, size);
    return buf;
}

void cli_quote_line(FILE *out, const char *indent, const char *line, size_t len, int col)
{
    fputs(indent, out);
    put_escaped(out, line, len, 0);
    fputc('\n', out);
    if (col <= 0)
        return;
    fputs(indent, out);
    put_escaped(out, line, (size_t)col - 1 < len ? (size_t)col - 1 : len, 1);
    fputs("^\n", out);
}
