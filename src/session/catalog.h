/* The variants a program has loaded: found by name on the variant search path or by the path
 * of a variant file, read once, kept alive until the catalogue is freed, and listed for the
 * new-game form.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_CATALOG_H
#define CAMELOT_CATALOG_H

#include "camelot/posdoc.h"
#include "camelot/variant.h"

#define CATALOG_MAX 32   /* variants loaded at once */
#define CATALOG_NAMES 64 /* names listed for the new-game form */

typedef struct Catalog {
    int n;
    char *path[CATALOG_MAX]; /* the file each variant was read from */
    CmVariant *variant[CATALOG_MAX];
    int nnames; /* -1 until 'catalog_names' lists them */
    char *names[CATALOG_NAMES];
} Catalog;

void catalog_init(Catalog *c);
void catalog_free(Catalog *c);

/* Whether 'ref' names a variant file rather than a variant: it contains '/' or ends in
 * ".yaml". */
int catalog_is_path(const char *ref);

/* The variant named by 'ref': a name looked up as NAME.yaml on the variant search path (a name
 * with capitals, found nowhere, as the name in small letters: 'Camelot' is 'camelot'), or a
 * path (taken from 'basedir' when relative and 'basedir' is not NULL). Loaded once. On
 * failure returns NULL and fills 'err'; when the variant file itself is bad, 'err' holds its
 * location ('err->source' is the file) and message. */
const CmVariant *catalog_get(Catalog *c, const char *ref, const char *basedir, CmError *err);

/* The variant a record's 'Variant' tag names ('tag' NULL: camelot): a variant's name, or a
 * variant file in the record's directory 'record_dir' named by its file name alone. Anything
 * else (a path with a directory in it, a name starting with '.', a symbolic link) is refused,
 * so that a record never makes the program read another file of the system. The game's reference
 * for its saves (the name, or the file's absolute path) goes to 'ref'. On failure returns NULL and
 * fills 'err'; when the variant file itself is bad, 'err->source' is that file. */
const CmVariant *catalog_record_variant(Catalog *c, const char *tag, const char *record_dir,
                                        char *ref, size_t size, CmError *err);

/* A 'CmVariantResolver' over a catalogue: 'ud' points to one of these. Names are looked up
 * with 'catalog_get' from 'basedir'. When a variant file is bad, its own error is kept in
 * 'file_err' (code CM_OK otherwise) and the resolver says "cannot load variant 'X'". */
typedef struct CatalogResolver {
    Catalog *cat;
    const char *basedir; /* for relative paths, or NULL */
    CmError file_err;
} CatalogResolver;

const CmVariant *catalog_resolve(void *ud, const char *name, CmError *err);

/* The variants the new-game form offers: the eight games in a fixed order, then any other
 * variant files on the variant search path that load, sorted. Returns the count; '*names_out'
 * stays owned by the catalogue. */
int catalog_names(Catalog *c, const char *const **names_out);

/* The reference a saved game should carry for 'ref': the name, or the file's absolute
 * path. */
void catalog_ref(const char *ref, char *buf, size_t size);

/* The reference a saved game of 'v' (a variant of this catalogue) should carry: its name when
 * that finds it, else the absolute path of the file it was read from. */
void catalog_ref_of(Catalog *c, const CmVariant *v, char *buf, size_t size);

#endif
