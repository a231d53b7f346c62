#define _POSIX_C_SOURCE 200809L
/* The catalogue of bad inputs: every file in tests/data/bad/KIND/ (variant files, position
 * documents, moves, game records) is refused with exactly the error line and status code in
 * its '.expect' sibling, and nothing crashes, hangs or grows without bound. Inputs too big to
 * keep in the repository are generated here and checked the same way. The formats are in
 * tests/data/bad/README.md.
 * SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "camelot/posdoc.h"
#include "camelot/record.h"
#include "camelot/rules.h"
#include "testutil.h"

#define BAD_DIR CAMELOT_TEST_DATA_DIR "/bad"
#define MAX_FILES 1024

/* With CAMELOT_BAD_SHOW set, every case prints what it got and nothing fails on a mismatch:
 * for drafting a new '.expect', whose every line must then be read and judged by hand. */
static int show;

/* ---- Checking one input ------------------------------------------------------------------ */

static const char *const status_names[CM_STATUS_COUNT] = {
    "CM_OK",          "CM_ERR_NOMEM", "CM_ERR_IO",  "CM_ERR_SYNTAX", "CM_ERR_SCHEMA",
    "CM_ERR_ILLEGAL", "CM_ERR_LIMIT", "CM_ERR_ARG", "CM_ERR_EXISTS",
};

/* Length of the valid UTF-8 sequence at 's' (at most 'n' bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    size_t len;
    unsigned cp;
    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        len = 2, cp = s[0] & 0x1fu;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        len = 3, cp = s[0] & 0x0fu;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        len = 4, cp = s[0] & 0x07u;
    else
        return 0;
    if (len > n)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3fu);
    }
    if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
        (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
        return 0;
    return len;
}

/* Copies 'in' to 'out' (of 'size' bytes) writing control characters, DEL, the byte order
 * mark and bytes that are not valid UTF-8 as '\xNN' (one per byte), so that every expected
 * line is visible, printable text. */
static void escape(const char *in, char *out, size_t size)
{
    const unsigned char *p = (const unsigned char *)in;
    size_t n = strlen(in), o = 0;
    for (size_t i = 0; i < n && o + 5 < size;) {
        size_t k = utf8_len(p + i, n - i);
        /* Also the invisible ones: C1 controls (U+0080-U+009F) and the byte order mark. */
        int hidden = (k == 2 && p[i] == 0xc2 && p[i + 1] < 0xa0) ||
                     (k == 3 && memcmp(p + i, "\xEF\xBB\xBF", 3) == 0);
        if (hidden) {
            while (k-- > 0)
                o += (size_t)snprintf(out + o, size - o, "\\x%02X", p[i++]);
            continue;
        }
        if (k == 0 || p[i] < 0x20 || p[i] == 0x7f) {
            o += (size_t)snprintf(out + o, size - o, "\\x%02X", p[i]);
            i++;
        } else {
            while (k-- > 0 && o + 1 < size)
                out[o++] = (char)p[i++];
        }
    }
    out[o] = '\0';
}

/* Compares an outcome with the expected error line and status. 'label' names the case in
 * failure messages. */
static void compare(const char *label, CmStatus st, const CmError *err, const char *want_line,
                    const char *want_status)
{
    char raw[512], got[4 * sizeof raw + 1]; /* room for every byte escaped */
    if (show) {
        cm_error_format(err, raw, sizeof raw);
        escape(raw, got, sizeof got);
        printf("%s\n  %s\n  %s\n", label, st == CM_OK ? "(accepted)" : got,
               (unsigned)st < CM_STATUS_COUNT ? status_names[st] : "?");
        return;
    }
    if (st == CM_OK)
        fail_msg("%s: accepted, but expected: %s", label, want_line);
    if ((unsigned)st >= CM_STATUS_COUNT)
        fail_msg("%s: unknown status %d", label, (int)st);
    if (err->code != st)
        fail_msg("%s: returned %s but the error says %s", label, status_names[st],
                 (unsigned)err->code < CM_STATUS_COUNT ? status_names[err->code] : "?");
    if (err->msg[0] == '\0')
        fail_msg("%s: empty error message", label);
    cm_error_format(err, raw, sizeof raw);
    escape(raw, got, sizeof got);
    if (strcmp(got, want_line) != 0)
        fail_msg("%s:\n  expected: %s\n  got:      %s", label, want_line, got);
    if (strcmp(status_names[st], want_status) != 0)
        fail_msg("%s: expected status %s, got %s (%s)", label, want_status, status_names[st], got);
}

/* ---- Variants for position documents and records ------------------------------------------ */

/* A 'CmVariantResolver' that knows the shipped variants by name, and nothing else. */
static const CmVariant *resolve(void *ud, const char *name, CmError *err)
{
    (void)ud;
    for (int i = 0; i < TU_NVARIANTS; i++)
        if (strcmp(name, tu_variant_names[i]) == 0)
            return tu_variant(name);
    cm_error_set(err, CM_ERR_SCHEMA, 0, 0, "unknown variant '%.60s'", name);
    return NULL;
}

/* ---- The four kinds of input ---------------------------------------------------------------- */

/* Each checker parses one input named 'name' and returns the status, with 'err' filled. */
typedef CmStatus (*Checker)(const char *name, const char *text, size_t len, CmError *err);

static CmStatus check_variant(const char *name, const char *text, size_t len, CmError *err)
{
    CmVariant *v = NULL;
    cm_error_init(err, name);
    CmStatus st = cm_variant_parse(text, len, &v, err);
    if (st != CM_OK)
        assert_null(v);
    cm_variant_free(v);
    return st;
}

static CmStatus check_position(const char *name, const char *text, size_t len, CmError *err)
{
    CmPosition pos;
    cm_error_init(err, name);
    return cm_posdoc_parse(text, len, resolve, NULL, tu_variant("camelot"), &pos, err);
}

/* Sets up the position named by 'ref': a shipped variant's start, or a position document
 * whose path is relative to tests/data. Fails the test when it does not load. */
static void move_position(const char *label, const char *ref, CmPosition *pos)
{
    if (strchr(ref, '/') == NULL) {
        CmError err;
        const CmVariant *v = resolve(NULL, ref, &err);
        if (v == NULL)
            fail_msg("%s: '%s' is neither a shipped variant nor a path", label, ref);
        cm_pos_start(pos, v);
        return;
    }
    char path[1024], msg[512];
    size_t len;
    snprintf(path, sizeof path, "%s/%s", CAMELOT_TEST_DATA_DIR, ref);
    char *text = tu_read_file(path, &len);
    if (text == NULL)
        fail_msg("%s: cannot read the position %s", label, path);
    CmError err;
    cm_error_init(&err, path);
    if (cm_posdoc_parse(text, len, resolve, NULL, tu_variant("camelot"), pos, &err) != CM_OK) {
        cm_error_format(&err, msg, sizeof msg);
        fail_msg("%s: its position does not load: %s", label, msg);
    }
    free(text);
}

/* A move file: '#' comment lines, then a line naming the position, then the move text (the
 * whole line; absent = empty). The notation parser reports columns only, so the error gets the
 * move's line here, as a record's replay does. */
static CmStatus check_move(const char *name, const char *text, size_t len, CmError *err)
{
    const char *p = text, *end = text + len;
    char ref[256];
    int line = 1;
    CmPosition pos;
    CmMove m;

    while (p < end && *p == '#') {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
        line++;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = (size_t)((nl ? nl : end) - p);
    if (n == 0 || n >= sizeof ref)
        fail_msg("%s: line %d should name a variant or a position document", name, line);
    memcpy(ref, p, n);
    ref[n] = '\0';
    p = nl ? nl + 1 : end;
    line++;
    nl = memchr(p, '\n', (size_t)(end - p));
    n = (size_t)((nl ? nl : end) - p);
    if (n > 0 && p[n - 1] == '\r')
        n--;
    if (memchr(p, '\0', n) != NULL)
        fail_msg("%s: the move line holds a NUL byte", name);
    if (nl != NULL && nl + 1 < end)
        fail_msg("%s: text after the move line", name);
    char *move = malloc(n + 1);
    assert_non_null(move);
    memcpy(move, p, n);
    move[n] = '\0';

    move_position(name, ref, &pos);
    cm_error_init(err, name);
    CmStatus st = cm_move_parse(&pos, move, &m, err);
    free(move);
    if (st != CM_OK && err->line == 0)
        err->line = line;
    return st;
}

/* A record is parsed, then replayed from the start of its variant (the Variant tag, looked up
 * among the shipped variants, or camelot). An unknown variant is reported at its tag, as the
 * program does. */
static CmStatus check_record(const char *name, const char *text, size_t len, CmError *err)
{
    CmRecord rec;
    CmGame game;
    cm_error_init(err, name);
    CmStatus st = cm_record_parse(text, len, &rec, err);
    if (st != CM_OK) {
        /* A failed parse leaves nothing to free. */
        assert_null(rec.moves);
        assert_int_equal(rec.nmoves, 0);
        return st;
    }
    const char *ref = cm_record_tag(&rec, "Variant");
    CmError verr;
    cm_error_init(&verr, NULL);
    const CmVariant *v = resolve(NULL, ref ? ref : "camelot", &verr);
    if (v == NULL) {
        int line = 0;
        for (int i = 0; i < rec.ntags; i++)
            if (strcmp(rec.tag[i].name, "Variant") == 0)
                line = rec.tag[i].line;
        cm_record_free(&rec);
        return cm_error_set(err, verr.code, line, 0, "%s", verr.msg);
    }
    assert_int_equal(cm_game_init(&game, v, NULL), CM_OK);
    st = cm_record_replay(&rec, &game, err);
    cm_game_free(&game);
    cm_record_free(&rec);
    return st;
}

typedef struct Kind {
    const char *dir; /* under tests/data/bad */
    const char *ext; /* of the input files */
    Checker check;
    int min; /* files expected at least, so that a lost directory is noticed */
} Kind;

static const Kind kinds[] = {
    {"variant", ".yaml", check_variant, 130},
    {"position", ".yaml", check_position, 70},
    {"move", ".txt", check_move, 45},
    {"record", ".txt", check_record, 60},
};

/* ---- The files --------------------------------------------------------------------------- */

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n > k && strcmp(s + n - k, tail) == 0;
}

/* Reads 'NAME.expect': the error line, then the status name, and nothing else. */
static void read_expect(const char *path, char *line, size_t lsize, char *status, size_t ssize)
{
    size_t len;
    char *text = tu_read_file(path, &len);
    if (text == NULL && show) {
        snprintf(line, lsize, "?");
        snprintf(status, ssize, "?");
        return;
    }
    if (text == NULL)
        fail_msg("cannot read %s", path);
    char *first = text, *second = strchr(text, '\n');
    if (second == NULL)
        fail_msg("%s: expected two lines: the error line, then the status name", path);
    *second++ = '\0';
    char *rest = second + strcspn(second, "\n");
    if (*rest == '\n')
        *rest++ = '\0';
    if (*rest != '\0' || strlen(first) >= lsize || strlen(second) >= ssize || !first[0] ||
        !second[0])
        fail_msg("%s: expected exactly two lines: the error line, then the status name", path);
    snprintf(line, lsize, "%s", first);
    snprintf(status, ssize, "%s", second);
    free(text);
}

static void run_kind(const Kind *k)
{
    char dir[1024];
    char *names[MAX_FILES];
    int n = 0, nexpect = 0;
    struct dirent *e;
    snprintf(dir, sizeof dir, "%s/%s", BAD_DIR, k->dir);
    DIR *d = opendir(dir);
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        if (ends_with(e->d_name, ".expect")) {
            nexpect++;
            continue;
        }
        if (!ends_with(e->d_name, k->ext))
            continue;
        assert_true(n < MAX_FILES);
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], tu_cmp_str);
    if (n < k->min)
        fail_msg("%s: %d inputs, expected at least %d", dir, n, k->min);
    if (nexpect != n && !show)
        fail_msg("%s: %d inputs but %d .expect files", dir, n, nexpect);

    for (int i = 0; i < n; i++) {
        char path[1200], epath[1200], label[1300], want[1024], status[64];
        size_t len;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        snprintf(epath, sizeof epath, "%.*s.expect", (int)(strlen(path) - strlen(k->ext)), path);
        snprintf(label, sizeof label, "%s/%s", k->dir, names[i]);
        read_expect(epath, want, sizeof want, status, sizeof status);
        char *text = tu_read_file(path, &len);
        assert_non_null(text);
        CmError err;
        CmStatus st = k->check(names[i], text, len, &err);
        compare(label, st, &err, want, status);
        free(text);
        free(names[i]);
    }
    printf("%s: %d files\n", k->dir, n);
}

static void test_bad_files_variants(void **state)
{
    (void)state;
    run_kind(&kinds[0]);
}

static void test_bad_files_positions(void **state)
{
    (void)state;
    run_kind(&kinds[1]);
}

static void test_bad_files_moves(void **state)
{
    (void)state;
    run_kind(&kinds[2]);
}

static void test_bad_files_records(void **state)
{
    (void)state;
    run_kind(&kinds[3]);
}

/* ---- Generated inputs -------------------------------------------------------------------- */

/* A growing buffer for generated text. */
typedef struct Buf {
    char *p;
    size_t len, cap;
} Buf;

static void put(Buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->p = realloc(b->p, cap);
        assert_non_null(b->p);
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void puts_(Buf *b, const char *s)
{
    put(b, s, strlen(s));
}

static void repeat(Buf *b, const char *s, size_t times)
{
    for (size_t i = 0; i < times; i++)
        puts_(b, s);
}

/* Pads 'b' with '#' comment lines of 'width' bytes (newline included) to 'total' bytes. */
static void comments_to(Buf *b, size_t total, size_t width)
{
    char line[256];
    assert_true(width >= 2 && width < sizeof line);
    memset(line, 'x', width);
    line[0] = '#';
    line[width - 1] = '\n';
    while (b->len + width <= total)
        put(b, line, width);
    if (b->len < total) {
        size_t n = total - b->len;
        line[n - 1] = '\n';
        put(b, line, n);
    }
    assert_int_equal(b->len, total);
}

/* Checks generated 'text' with checker 'check' under 'name'. */
static void check_generated(Checker check, const char *name, Buf *b, const char *want,
                            const char *status)
{
    char label[256];
    CmError err;
    snprintf(label, sizeof label, "generated %s (%zu bytes)", name, b->len);
    CmStatus st = check(name, b->p ? b->p : "", b->len, &err);
    compare(label, st, &err, want, status);
    free(b->p);
    memset(b, 0, sizeof *b);
}

/* The YAML loader (variants and position documents share it). */
static void test_bad_generated_yaml(void **state)
{
    (void)state;
    Buf b = {0};
    char want[512];
    const size_t max = CM_VARIANT_MAX_BYTES;

    /* 10 MiB of comments: refused by size before any parsing. */
    comments_to(&b, 10 * 1024 * 1024, 80);
    snprintf(want, sizeof want, "huge.yaml: input is too large (%d bytes; at most %zu)",
             10 * 1024 * 1024, max);
    check_generated(check_variant, "huge.yaml", &b, want, "CM_ERR_LIMIT");
    comments_to(&b, 10 * 1024 * 1024, 80);
    snprintf(want, sizeof want, "huge.yaml: input is too large (%d bytes; at most %zu)",
             10 * 1024 * 1024, max);
    check_generated(check_position, "huge.yaml", &b, want, "CM_ERR_LIMIT");

    /* The limit is inclusive: one byte over is refused, exactly the limit is read. */
    comments_to(&b, max + 1, 100);
    snprintf(want, sizeof want, "over.yaml: input is too large (%zu bytes; at most %zu)", max + 1,
             max);
    check_generated(check_variant, "over.yaml", &b, want, "CM_ERR_LIMIT");
    comments_to(&b, max, 100);
    check_generated(check_variant, "limit.yaml", &b, "limit.yaml:1:1: variant file is empty",
                    "CM_ERR_SCHEMA");
    comments_to(&b, max, 100);
    check_generated(check_position, "limit.yaml", &b, "limit.yaml:1:1: position document is empty",
                    "CM_ERR_SCHEMA");

    /* A 1 MiB nesting bomb, '[[[[...': refused at the 33rd level. */
    repeat(&b, "[", max);
    check_generated(check_variant, "nest.yaml", &b,
                    "nest.yaml:1:33: lists and mappings are nested too deeply (at most 32 levels)",
                    "CM_ERR_LIMIT");
    /* The same with flow mappings, '{a: {a: ...', in a position document. */
    while (b.len + 4 <= max)
        puts_(&b, "{a: ");
    check_generated(check_position, "nest.yaml", &b,
                    "nest.yaml:1:129: lists and mappings are nested too deeply (at most 32 levels)",
                    "CM_ERR_LIMIT");
    /* And with block mappings, one level per line (1,000 lines, about 1 MB). */
    for (int i = 0; i < 1000; i++) {
        repeat(&b, "  ", (size_t)i);
        puts_(&b, "a:\n");
    }
    check_generated(check_variant, "nest-block.yaml", &b,
                    "nest-block.yaml:33:65: lists and mappings are nested too deeply (at most "
                    "32 levels)",
                    "CM_ERR_LIMIT");

    /* 200,000 list items in 400 KB: refused at the 100,000th item, the 100,001st node. */
    puts_(&b, "[");
    repeat(&b, "0,", 200000);
    puts_(&b, "0]\n");
    check_generated(check_variant, "nodes.yaml", &b,
                    "nodes.yaml:1:200000: too many YAML nodes (at most 100000)", "CM_ERR_LIMIT");

    /* 49,000 keys in one mapping, the last a repeat of the first: duplicates are found by
     * sorting, not by comparing every pair. */
    for (int i = 0; i < 49000; i++) {
        char line[32];
        snprintf(line, sizeof line, "k%d: 0\n", i);
        puts_(&b, line);
    }
    puts_(&b, "k0: 1\n");
    check_generated(check_position, "keys.yaml", &b,
                    "keys.yaml:49001:1: duplicate key 'k0' (first at line 1)", "CM_ERR_SCHEMA");

    /* A line of almost 1 MiB: a title far too long, and a square name far too long. */
    puts_(&b, "name: tiny\n");
    puts_(&b, "title: ");
    repeat(&b, "T", max - 200);
    puts_(&b, "\nboard: [\"...\"]\n");
    check_generated(check_variant, "long-line.yaml", &b,
                    "long-line.yaml:2:8: title is too long (at most 63 bytes)", "CM_ERR_SCHEMA");
    /* A square name of 1,000 bytes is cut short in the message; one of almost 1 MiB is past
     * YAML's 1,024-character limit on implicit keys, which libyaml reports at its end. */
    puts_(&b, "to_move: W\npieces: {");
    repeat(&b, "E", 1000);
    puts_(&b, ": WM}\n");
    check_generated(check_position, "long-key.yaml", &b,
                    "long-key.yaml:2:10: 'EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE...' is not a "
                    "square name",
                    "CM_ERR_SCHEMA");
    puts_(&b, "to_move: W\npieces: {");
    repeat(&b, "E", max - 100);
    puts_(&b, ": WM}\n");
    snprintf(want, sizeof want,
             "long-line.yaml:2:%zu: did not find expected ',' or '}' (while parsing a flow "
             "mapping at line 2)",
             10 + max - 100);
    check_generated(check_position, "long-line.yaml", &b, want, "CM_ERR_SYNTAX");
}

/* The notation parser, with the move on line 2 as in a move file. */
static CmStatus check_move_text(const char *name, const char *text, size_t len, CmError *err)
{
    Buf b = {0};
    puts_(&b, "camelot\n");
    put(&b, text, len);
    CmStatus st = check_move(name, b.p, b.len, err);
    free(b.p);
    return st;
}

static void test_bad_generated_moves(void **state)
{
    (void)state;
    Buf b = {0};

    /* 600 squares, 1,800 bytes: refused at the 513th square, the path limit. */
    puts_(&b, "E6");
    repeat(&b, "-E6", 599);
    check_generated(check_move_text, "long-move.txt", &b,
                    "long-move.txt:2:1537: the move is too long", "CM_ERR_LIMIT");

    /* 100,000 well-formed canter leaps over E7: the move is too long before it is walked. */
    for (int i = 0; i < 50000; i++)
        puts_(&b, i ? "-E8-E6" : "E6-E8-E6");
    check_generated(check_move_text, "long-canter.txt", &b,
                    "long-canter.txt:2:1537: the move is too long", "CM_ERR_LIMIT");

    /* 1 MiB of spaces. */
    repeat(&b, " ", 1024 * 1024 - 1);
    check_generated(check_move_text, "spaces.txt", &b, "spaces.txt:2: empty move", "CM_ERR_SYNTAX");
}

static void test_bad_generated_records(void **state)
{
    (void)state;
    Buf b = {0};
    char want[512];
    const size_t max = CM_RECORD_MAX_BYTES;

    /* 5 MiB, and one byte over the limit: refused by size. */
    comments_to(&b, 5 * 1024 * 1024, 80);
    snprintf(want, sizeof want, "huge.txt: record larger than %zu bytes", max);
    check_generated(check_record, "huge.txt", &b, want, "CM_ERR_LIMIT");
    comments_to(&b, max + 1, 100);
    snprintf(want, sizeof want, "over.txt: record larger than %zu bytes", max);
    check_generated(check_record, "over.txt", &b, want, "CM_ERR_LIMIT");

    /* An unterminated comment running 4 MiB to the end. */
    puts_(&b, "[Variant \"camelot\"]\n1. E6-E8 {");
    repeat(&b, "never closed ", (max - 64) / 13);
    check_generated(check_record, "comment.txt", &b, "comment.txt:2:10: unterminated comment",
                    "CM_ERR_SYNTAX");

    /* A well-formed move token of 1 MiB. */
    puts_(&b, "1. E6");
    repeat(&b, "-E8-E6", 1024 * 1024 / 6);
    check_generated(check_record, "long-move.txt", &b,
                    "long-move.txt:1:4: move longer than 2047 characters", "CM_ERR_LIMIT");

    /* A path of 513 squares (1,538 bytes, within the token limit): one past the notation's
     * path limit, refused at replay. */
    puts_(&b, "[Variant \"camelot\"]\n1. E6");
    repeat(&b, "-E8-E6", 256);
    check_generated(check_record, "long-path.txt", &b,
                    "long-path.txt:2:4: illegal move "
                    "'E6-E8-E6-E8-E6-E8-E6-E8-E6-E8-E6-E8-E6-E8-E6-E8-E6-E8-E6-E8-': the move "
                    "is too long",
                    "CM_ERR_ILLEGAL");

    /* 40,000 plies of knights stepping to and fro (Camette has no repetition or fifty-move
     * rule), then an illegal move: replaying is linear in the length of the game. */
    puts_(&b, "[Variant \"camette\"]\n");
    for (int i = 0; i < 10000; i++) {
        char line[64];
        snprintf(line, sizeof line, "%d. C2-B2 C6-B6 %d. B2-C2 B6-C6\n", 2 * i + 1, 2 * i + 2);
        puts_(&b, line);
    }
    puts_(&b, "20001. C2-C1\n");
    check_generated(check_record, "long-game.txt", &b,
                    "long-game.txt:10002:8: illegal move 'C2-C1': you may not enter your own "
                    "castle by a plain move",
                    "CM_ERR_ILLEGAL");

    /* 400,000 move numbers and no moves, then a bad token. */
    for (int i = 1; i <= 400000; i++) {
        char num[16];
        snprintf(num, sizeof num, "%d. ", i);
        puts_(&b, num);
    }
    puts_(&b, "E6\n");
    /* The token starts 3 bytes from the end; the error is after its one square. */
    snprintf(want, sizeof want,
             "numbers.txt:1:%zu: not a move: 'E6' (expected e.g. E6-E8 or H4xJ4)", b.len - 3 + 3);
    check_generated(check_record, "numbers.txt", &b, want, "CM_ERR_SYNTAX");
}

int main(void)
{
    show = getenv("CAMELOT_BAD_SHOW") != NULL;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_files_variants),    cmocka_unit_test(test_bad_files_positions),
        cmocka_unit_test(test_bad_files_moves),       cmocka_unit_test(test_bad_files_records),
        cmocka_unit_test(test_bad_generated_yaml),    cmocka_unit_test(test_bad_generated_moves),
        cmocka_unit_test(test_bad_generated_records),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
