/* Files for the program: reading them with a size limit, finding and caching variants, loading
 * position documents, and printing errors with the offending source line.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "camelot/posdoc.h"
#include "camelot/variant.h"
#include "cli_int.h"

void cli_ctx_free(CliCtx *ctx)
{
    for (int i = 0; i < ctx->nvariants; i++) {
        cm_variant_free(ctx->variant[i]);
        free(ctx->vpath[i]);
    }
    ctx->nvariants = 0;
}

CmStatus cli_read_file(const char *path, size_t max, char **text_out, size_t *len_out, CmError *err)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    char *text = NULL;
    size_t len = 0, cap = 0;
    CmStatus st = CM_OK;
    struct stat sb;

    cm_error_init(err, is_stdin ? "<stdin>" : path);
    *text_out = NULL;
    if (f == NULL)
        return cm_error_set(err, CM_ERR_IO, 0, 0, "cannot open: %s", strerror(errno));
    if (fstat(fileno(f), &sb) == 0) {
        if (S_ISDIR(sb.st_mode)) {
            st = cm_error_set(err, CM_ERR_IO, 0, 0, "is a directory");
            goto out;
        }
        if (S_ISREG(sb.st_mode) && (uintmax_t)sb.st_size > max) {
            st = cm_error_set(err, CM_ERR_LIMIT, 0, 0, "file larger than %zu bytes", max);
            goto out;
        }
    }
    for (;;) {
        if (len + 1 >= cap) {
            size_t ncap = cap ? cap * 2 : 16384;
            if (ncap > max + 2)
                ncap = max + 2;
            char *t = realloc(text, ncap);
            if (t == NULL) {
                st = cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
                goto out;
            }
            text = t;
            cap = ncap;
        }
        size_t n = fread(text + len, 1, cap - 1 - len, f);
        len += n;
        if (len > max) {
            st = cm_error_set(err, CM_ERR_LIMIT, 0, 0, "file larger than %zu bytes", max);
            goto out;
        }
        if (n == 0) {
            if (ferror(f))
                st = cm_error_set(err, CM_ERR_IO, 0, 0, "cannot read: %s", strerror(errno));
            break;
        }
    }
out:
    if (f != NULL && !is_stdin)
        fclose(f);
    if (st != CM_OK) {
        free(text);
        return st;
    }
    text[len] = '\0';
    *text_out = text;
    *len_out = len;
    return CM_OK;
}

char *cli_dirname(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');

    if (slash == NULL)
        snprintf(buf, size, ".");
    else if (slash == path)
        snprintf(buf, size, "/");
    else
        snprintf(buf, size, "%.*s", (int)(slash - path), path);
    return buf;
}

static int is_path(const char *ref)
{
    size_t n = strlen(ref);
    return strchr(ref, '/') != NULL || (n >= 5 && strcmp(ref + n - 5, ".yaml") == 0);
}

/* A variant name is letters, digits, '-', '_' and '.', so that it cannot leave the directory. */
static int is_name(const char *ref)
{
    if (ref[0] == '\0' || ref[0] == '.')
        return 0;
    for (const char *p = ref; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '-' || *p == '_' || *p == '.'))
            return 0;
    return 1;
}

/* Finds NAME.yaml in the variant directories; fills 'path'. */
static CmStatus find_named(const char *name, char *path, size_t size, CmError *err)
{
    const char *env = getenv("CAMELOT_VARIANT_DIR");
    const char *dirs[3] = {env != NULL && env[0] ? env : NULL, CAMELOT_SOURCE_VARIANT_DIR,
                           CAMELOT_VARIANT_DIR};

    for (int i = 0; i < 3; i++) {
        if (dirs[i] == NULL)
            continue;
        snprintf(path, size, "%s/%s.yaml", dirs[i], name);
        if (access(path, R_OK) == 0)
            return CM_OK;
    }
    return cm_error_set(err, CM_ERR_IO, 0, 0,
                        "unknown variant '%s' (no %s.yaml in $CAMELOT_VARIANT_DIR, %s or %s)", name,
                        name, CAMELOT_SOURCE_VARIANT_DIR, CAMELOT_VARIANT_DIR);
}

const CmVariant *cli_variant_get(CliCtx *ctx, const char *ref, const char *basedir, CmError *err)
{
    char path[4096];
    char *text = NULL;
    size_t len = 0;
    CmVariant *v = NULL;

    cm_error_init(err, NULL);
    if (is_path(ref)) {
        if (ref[0] != '/' && basedir != NULL && strcmp(basedir, ".") != 0)
            snprintf(path, sizeof path, "%s/%s", basedir, ref);
        else
            snprintf(path, sizeof path, "%s", ref);
    } else if (!is_name(ref)) {
        cm_error_set(err, CM_ERR_ARG, 0, 0, "bad variant name '%s'", ref);
        return NULL;
    } else if (find_named(ref, path, sizeof path, err) != CM_OK) {
        return NULL;
    }

    for (int i = 0; i < ctx->nvariants; i++)
        if (strcmp(ctx->vpath[i], path) == 0)
            return ctx->variant[i];
    if (ctx->nvariants == CLI_MAX_VARIANTS) {
        cm_error_set(err, CM_ERR_LIMIT, 0, 0, "too many variants loaded");
        return NULL;
    }
    if (cli_read_file(path, CM_VARIANT_MAX_BYTES, &text, &len, err) != CM_OK)
        return NULL;
    cm_error_init(err, path);
    if (cm_variant_parse(text, len, &v, err) != CM_OK) {
        free(text);
        return NULL;
    }
    free(text);
    ctx->vpath[ctx->nvariants] = strdup(path);
    if (ctx->vpath[ctx->nvariants] == NULL) {
        cm_variant_free(v);
        cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
        return NULL;
    }
    ctx->variant[ctx->nvariants++] = v;
    return v;
}

/* The resolver given to 'cm_posdoc_parse': a 'variant' value in a document is looked up like
 * '--variant', with relative paths taken from the document's directory. A bad variant file
 * gets its own report here; the document's error then points at the 'variant' key. */
typedef struct Resolve {
    CliCtx *ctx;
    const char *basedir;
} Resolve;

static const CmVariant *resolve(void *ud, const char *name, CmError *err)
{
    Resolve *r = ud;
    CmError verr;
    const CmVariant *v = cli_variant_get(r->ctx, name, r->basedir, &verr);

    if (v != NULL)
        return v;
    if (verr.source[0]) {
        cli_report(&verr, NULL, 0);
        cm_error_set(err, verr.code, 0, 0, "cannot load variant '%s'", name);
    } else {
        cm_error_set(err, verr.code, 0, 0, "%s", verr.msg);
    }
    return NULL;
}

int cli_load_position(CliCtx *ctx, const char *variant_ref, const char *posfile, CmPosition *pos)
{
    const CmVariant *explicit = NULL, *fallback;
    char dir[4096];
    char *text = NULL;
    size_t len = 0;
    CmError err;
    int rc = CLI_EXIT_INPUT;

    if (variant_ref != NULL) {
        explicit = cli_variant_get(ctx, variant_ref, NULL, &err);
        if (explicit == NULL) {
            cli_report(&err, NULL, 0);
            return CLI_EXIT_INPUT;
        }
    }
    fallback = explicit;
    if (fallback == NULL) {
        fallback = cli_variant_get(ctx, CLI_DEFAULT_VARIANT, NULL, &err);
        if (fallback == NULL) {
            cli_report(&err, NULL, 0);
            return CLI_EXIT_INPUT;
        }
    }
    if (posfile == NULL) {
        cm_pos_start(pos, fallback);
        return CLI_EXIT_OK;
    }

    if (cli_read_file(posfile, CM_POSDOC_MAX_BYTES, &text, &len, &err) != CM_OK) {
        cli_report(&err, NULL, 0);
        goto out;
    }
    Resolve r = {ctx, strcmp(posfile, "-") == 0 ? NULL : cli_dirname(posfile, dir, sizeof dir)};
    if (cm_posdoc_parse(text, len, resolve, &r, fallback, pos, &err) != CM_OK) {
        cli_report(&err, text, len);
        goto out;
    }
    if (explicit != NULL && pos->v != explicit && strcmp(pos->v->name, explicit->name) != 0) {
        fprintf(stderr, "%s: the position is for variant '%s', not '%s' (--variant)\n",
                strcmp(posfile, "-") == 0 ? "<stdin>" : posfile, pos->v->name, explicit->name);
        goto out;
    }
    rc = CLI_EXIT_OK;
out:
    free(text);
    return rc;
}

void cli_report(const CmError *err, const char *text, size_t len)
{
    char msg[512];

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
    if (end - i > 200)
        return;
    fprintf(stderr, "    %.*s\n", (int)(end - i), text + i);
    if (err->col <= 0)
        return;
    fputs("    ", stderr);
    for (size_t k = i; k < end && k < i + (size_t)err->col - 1; k++)
        fputc(text[k] == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}
