/* The variant catalogue.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "io/io.h"

void catalog_init(Catalog *c)
{
    memset(c, 0, sizeof *c);
    c->nnames = -1;
}

void catalog_free(Catalog *c)
{
    for (int i = 0; i < c->n; i++) {
        cm_variant_free(c->variant[i]);
        free(c->path[i]);
    }
    for (int i = 0; i < c->nnames; i++)
        free(c->names[i]);
    catalog_init(c);
}

int catalog_is_path(const char *ref)
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

const CmVariant *catalog_get(Catalog *c, const char *ref, const char *basedir, CmError *err)
{
    char path[IO_PATH_MAX];
    char *text = NULL;
    size_t len = 0;
    CmVariant *v = NULL;

    cm_error_init(err, NULL);
    if (catalog_is_path(ref)) {
        if (ref[0] != '/' && basedir != NULL && strcmp(basedir, ".") != 0)
            snprintf(path, sizeof path, "%s/%s", basedir, ref);
        else
            snprintf(path, sizeof path, "%s", ref);
    } else if (!is_name(ref)) {
        cm_error_set(err, CM_ERR_ARG, 0, 0, "bad variant name '%s'", ref);
        return NULL;
    } else if (io_find_variant(ref, path, sizeof path, err) != CM_OK) {
        /* A name written with capitals, as the variant's title has it ('Camelot'), is the
         * variant of the name in small letters, when there is one. */
        char lower[IO_PATH_MAX];
        CmError again;
        size_t n = strlen(ref);
        if (n >= sizeof lower)
            return NULL;
        for (size_t i = 0; i <= n; i++)
            lower[i] = ref[i] >= 'A' && ref[i] <= 'Z' ? (char)(ref[i] - 'A' + 'a') : ref[i];
        if (strcmp(lower, ref) == 0 || io_find_variant(lower, path, sizeof path, &again) != CM_OK)
            return NULL;
        cm_error_init(err, NULL);
    }

    for (int i = 0; i < c->n; i++)
        if (strcmp(c->path[i], path) == 0)
            return c->variant[i];
    if (c->n == CATALOG_MAX) {
        cm_error_set(err, CM_ERR_LIMIT, 0, 0, "too many variants loaded");
        return NULL;
    }
    if (io_read_file(path, CM_VARIANT_MAX_BYTES, &text, &len, err) != CM_OK)
        return NULL;
    cm_error_init(err, path);
    CmStatus st = cm_variant_parse(text, len, &v, err);
    free(text);
    if (st != CM_OK)
        return NULL;
    c->path[c->n] = strdup(path);
    if (c->path[c->n] == NULL) {
        cm_variant_free(v);
        cm_error_set(err, CM_ERR_NOMEM, 0, 0, "out of memory");
        return NULL;
    }
    c->variant[c->n++] = v;
    return v;
}

const CmVariant *catalog_record_variant(Catalog *c, const char *tag, const char *record_dir,
                                        char *ref, size_t size, CmError *err)
{
    char file[IO_PATH_MAX];
    if (tag == NULL)
        tag = "camelot";
    if (strchr(tag, '/') != NULL || tag[0] == '.') {
        cm_error_init(err, NULL);
        cm_error_set(err, CM_ERR_SCHEMA, 0, 0,
                     "the record's variant '%.100s' is neither a variant's name nor a variant "
                     "file next to the record (name its variant with --variant)",
                     tag);
        return NULL;
    }
    /* Nor does a link beside the record: it could lead anywhere. */
    if (catalog_is_path(tag) &&
        io_join(record_dir ? record_dir : ".", tag, file, sizeof file) == 0 && io_is_link(file)) {
        cm_error_init(err, NULL);
        cm_error_set(err, CM_ERR_SCHEMA, 0, 0,
                     "the record's variant '%.100s' is a symbolic link; camelot reads only a "
                     "variant file itself next to a record (name its variant with --variant)",
                     tag);
        return NULL;
    }
    const CmVariant *v = catalog_get(c, tag, record_dir, err);
    if (v == NULL && err->source[0] == '\0') {
        char why[sizeof err->msg];
        memcpy(why, err->msg, sizeof why);
        cm_error_set(err, err->code, 0, 0, "the record's variant '%.100s': %s", tag, why);
    }
    if (v == NULL)
        return NULL;
    if (catalog_is_path(tag) && record_dir != NULL &&
        io_join(record_dir, tag, file, sizeof file) == 0)
        catalog_ref(file, ref, size);
    else
        snprintf(ref, size, "%s", tag);
    return v;
}

const CmVariant *catalog_resolve(void *ud, const char *name, CmError *err)
{
    CatalogResolver *r = ud;
    CmError verr;
    const CmVariant *v = catalog_get(r->cat, name, r->basedir, &verr);

    cm_error_init(&r->file_err, NULL);
    if (v != NULL)
        return v;
    if (verr.source[0]) {
        r->file_err = verr;
        cm_error_set(err, verr.code, 0, 0, "cannot load variant '%s'", name);
    } else {
        cm_error_set(err, verr.code, 0, 0, "%s", verr.msg);
    }
    return NULL;
}

static const char *const known[] = {"camette",
                                    "cam",
                                    "camelot",
                                    "chivalry",
                                    "grand-cam",
                                    "grand-camelot",
                                    "four-handed-chivalry",
                                    "four-handed-chivalry-solo"};

static int has_name(const Catalog *c, const char *name)
{
    for (int i = 0; i < c->nnames; i++)
        if (strcmp(c->names[i], name) == 0)
            return 1;
    return 0;
}

static void add_name(Catalog *c, const char *name)
{
    CmError err;
    if (c->nnames < CATALOG_NAMES && !has_name(c, name) && catalog_get(c, name, NULL, &err)) {
        char *copy = strdup(name);
        if (copy != NULL)
            c->names[c->nnames++] = copy;
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int catalog_names(Catalog *c, const char *const **names_out)
{
    if (c->nnames < 0) {
        const char *dirs[IO_VARIANT_DIRS];
        IoDirEntry *files = malloc(CATALOG_NAMES * sizeof *files);
        int ndirs = io_variant_dirs(dirs);
        c->nnames = 0;
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
            add_name(c, known[i]);
        int first_other = c->nnames;
        for (int d = 0; d < ndirs && files != NULL; d++) {
            int n = io_list_dir(dirs[d], ".yaml", files, CATALOG_NAMES);
            for (int i = 0; i < n; i++) {
                files[i].name[strlen(files[i].name) - 5] = '\0';
                add_name(c, files[i].name);
            }
        }
        free(files);
        qsort(c->names + first_other, (size_t)(c->nnames - first_other), sizeof c->names[0],
              by_name);
    }
    *names_out = (const char *const *)c->names;
    return c->nnames;
}

void catalog_ref(const char *ref, char *buf, size_t size)
{
    CmError err;
    if (!catalog_is_path(ref) || io_realpath(ref, buf, size, &err) != CM_OK)
        snprintf(buf, size, "%s", ref);
}

void catalog_ref_of(Catalog *c, const CmVariant *v, char *buf, size_t size)
{
    CmError err;
    if (catalog_get(c, v->name, NULL, &err) == v) {
        snprintf(buf, size, "%s", v->name);
        return;
    }
    for (int i = 0; i < c->n; i++)
        if (c->variant[i] == v) {
            catalog_ref(c->path[i], buf, size);
            return;
        }
    snprintf(buf, size, "%s", v->name);
}
