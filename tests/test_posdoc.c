/* Position documents: reading (YAML and JSON), every error with its code, line and column,
 * finding the variant, and writing documents that read back to the same position.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/posdoc.h"
#include "testutil.h"

/* A 13-square board, C1 and C5 castles, two castle moves per seat:
 *
 *        C5
 *     B4 C4 D4
 *  A3 B3 C3 D3 E3
 *     B2 C2 D2
 *        C1
 */
static const char mini_yaml[] = "name: mini\n"
                                "title: Mini\n"
                                "board: [\"  .  \", \" ... \", \".....\", \" ... \", \"  .  \"]\n"
                                "seats:\n"
                                "  - {letter: W, name: White, castle: [C1], target: B,\n"
                                "     knights: [C2], men: [B2, D2]}\n"
                                "  - {letter: B, name: Black, castle: [C5], target: W,\n"
                                "     knights: [C4], men: [B4, D4]}\n"
                                "turn_order: [W, B]\n"
                                "rules: {castle_moves: 2}\n";

/* The resolver's state: the variants it knows and how often it was asked. */
typedef struct Lib {
    const CmVariant *mini;
    int calls;
    char last[64];
} Lib;

static const CmVariant *resolve(void *ud, const char *name, CmError *err)
{
    Lib *lib = ud;
    lib->calls++;
    snprintf(lib->last, sizeof lib->last, "%s", name);
    if (strcmp(name, "mini") == 0)
        return lib->mini;
    if (strcmp(name, "broken") == 0) {
        cm_error_set(err, CM_ERR_SYNTAX, 3, 4, "variant 'broken' does not load");
        return NULL;
    }
    if (strcmp(name, "silent") == 0)
        return NULL; /* fills in nothing */
    cm_error_set(err, CM_ERR_IO, 0, 0, "no variant file '%s'", name);
    return NULL;
}

static CmVariant *mini;
static Lib lib;

static int setup(void **state)
{
    (void)state;
    mini = tu_variant_from_text(mini_yaml);
    lib.mini = mini;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cm_variant_free(mini);
    mini = NULL;
    return 0;
}

/* Parses 'text' with the resolver and no fallback; fails the test on error. */
static void parse_ok(const char *text, CmPosition *pos)
{
    CmError err;
    cm_error_init(&err, "doc");
    CmStatus st = cm_posdoc_parse(text, strlen(text), resolve, &lib, NULL, pos, &err);
    if (st != CM_OK)
        print_message("unexpected error %d at %d:%d: %s\n", st, err.line, err.col, err.msg);
    assert_int_equal(st, CM_OK);
    assert_ptr_equal(pos->v, mini);
    assert_true(pos->hash == cm_pos_compute_hash(pos));
}

/* Parsing 'len' bytes (resolver and 'fallback') fails with 'code' at 'line':'col' with 'msg',
 * and leaves the output alone; the same without an error record. */
static void expect_error_len(const char *text, size_t len, const CmVariant *fallback, CmStatus code,
                             int line, int col, const char *msg)
{
    CmPosition pos, before;
    CmError err;
    memset(&pos, 0xa5, sizeof pos);
    before = pos;
    cm_error_init(&err, "doc");
    CmStatus st = cm_posdoc_parse(text, len, resolve, &lib, fallback, &pos, &err);
    if (st != code || err.line != line || err.col != col || strcmp(err.msg, msg) != 0)
        print_message("got %d at %d:%d: %s\n", st, err.line, err.col, err.msg);
    assert_int_equal(st, code);
    assert_int_equal(err.code, code);
    assert_int_equal(err.line, line);
    assert_int_equal(err.col, col);
    assert_string_equal(err.msg, msg);
    assert_string_equal(err.source, "doc");
    assert_memory_equal(&pos, &before, sizeof pos);

    assert_int_equal(cm_posdoc_parse(text, len, resolve, &lib, fallback, &pos, NULL), code);
}

static void expect_error(const char *text, CmStatus code, int line, int col, const char *msg)
{
    expect_error_len(text, strlen(text), NULL, code, line, col, msg);
}

#define BAD(name, yaml, code, line, col, msg)                                                      \
    static void test_posdoc_##name(void **state)                                                   \
    {                                                                                              \
        (void)state;                                                                               \
        expect_error(yaml, code, line, col, msg);                                                  \
    }

/* ---- Reading. ---- */

static void test_posdoc_parse_full(void **state)
{
    (void)state;
    CmPosition pos;
    lib.calls = 0;
    parse_ok("# a position\n"
             "variant: mini\n"
             "to_move: b\n"
             "pieces: {C2: WK, b2: wm, C4: BK, E3: bM}\n"
             "castle_moves_used: {W: 1, b: 2}\n"
             "quiet_plies: 7\n",
             &pos);
    assert_int_equal(lib.calls, 1);
    assert_string_equal(lib.last, "mini");
    assert_int_equal(pos.to_move, 1);
    assert_int_equal(pos.board[tu_sq("C2")], CM_CELL(0, CM_KNIGHT));
    assert_int_equal(pos.board[tu_sq("B2")], CM_CELL(0, CM_MAN));
    assert_int_equal(pos.board[tu_sq("C4")], CM_CELL(1, CM_KNIGHT));
    assert_int_equal(pos.board[tu_sq("E3")], CM_CELL(1, CM_MAN));
    assert_int_equal(pos.npieces[0], 2);
    assert_int_equal(pos.npieces[1], 2);
    int count = 0;
    for (int x = 0; x < CM_SQUARES; x++)
        count += pos.board[x] != CM_EMPTY;
    assert_int_equal(count, 4);
    assert_int_equal(pos.castle_used[0], 1);
    assert_int_equal(pos.castle_used[1], 2);
    assert_int_equal(pos.quiet, 7);
}

/* Block style, defaults for the optional keys, and an empty board. */
static void test_posdoc_parse_block_style_and_defaults(void **state)
{
    (void)state;
    CmPosition pos;
    parse_ok("variant: mini\nto_move: W\npieces:\n  A3: WM\n  e3: BK\n", &pos);
    assert_int_equal(pos.to_move, 0);
    assert_int_equal(pos.board[tu_sq("A3")], CM_CELL(0, CM_MAN));
    assert_int_equal(pos.board[tu_sq("E3")], CM_CELL(1, CM_KNIGHT));
    assert_int_equal(pos.castle_used[0], 0);
    assert_int_equal(pos.castle_used[1], 0);
    assert_int_equal(pos.quiet, 0);

    parse_ok("variant: mini\nto_move: B\npieces: {}\n", &pos);
    assert_int_equal(pos.npieces[0] + pos.npieces[1], 0);
    assert_int_equal(pos.to_move, 1);
}

static void test_posdoc_parse_json(void **state)
{
    (void)state;
    CmPosition pos;
    parse_ok("{\"variant\": \"mini\", \"to_move\": \"W\", \"pieces\": {\"C3\": \"WK\"},\n"
             " \"castle_moves_used\": {\"B\": 1}, \"quiet_plies\": 3}",
             &pos);
    assert_int_equal(pos.board[tu_sq("C3")], CM_CELL(0, CM_KNIGHT));
    assert_int_equal(pos.castle_used[1], 1);
    assert_int_equal(pos.quiet, 3);
}

/* Without a 'variant' key the fallback is used, and the resolver is not asked. */
static void test_posdoc_fallback_without_variant_key(void **state)
{
    (void)state;
    static const char text[] = "to_move: B\npieces: {C3: BM}\n";
    CmPosition pos;
    lib.calls = 0;
    assert_int_equal(cm_posdoc_parse(text, strlen(text), NULL, NULL, mini, &pos, NULL), CM_OK);
    assert_ptr_equal(pos.v, mini);
    assert_int_equal(pos.to_move, 1);
    assert_int_equal(pos.board[tu_sq("C3")], CM_CELL(1, CM_MAN));
    assert_int_equal(cm_posdoc_parse(text, strlen(text), resolve, &lib, mini, &pos, NULL), CM_OK);
    assert_int_equal(lib.calls, 0);
}

/* A path in 'variant' names a variant file, '.yaml' or '.yml': any other file is not asked
 * for (nor read, nor quoted). */
static void test_posdoc_variant_path_must_be_yaml(void **state)
{
    (void)state;
    lib.calls = 0;
    expect_error("variant: /etc/shadow\nto_move: W\npieces: {}\n", CM_ERR_SCHEMA, 1, 10,
                 "variant '/etc/shadow' is a path, and the name of a variant file ends in '.yaml' "
                 "or '.yml'");
    expect_error("variant: ../notes.txt\nto_move: W\npieces: {}\n", CM_ERR_SCHEMA, 1, 10,
                 "variant '../notes.txt' is a path, and the name of a variant file ends in "
                 "'.yaml' or '.yml'");
    assert_int_equal(lib.calls, 0);
    /* Variant files are asked for, and names as ever. */
    expect_error("variant: ../mine.yml\nto_move: W\npieces: {}\n", CM_ERR_IO, 1, 10,
                 "no variant file '../mine.yml'");
    assert_string_equal(lib.last, "../mine.yml");
    expect_error("variant: /v/mine.yaml\nto_move: W\npieces: {}\n", CM_ERR_IO, 1, 10,
                 "no variant file '/v/mine.yaml'");
    CmPosition pos;
    parse_ok("variant: mini\nto_move: W\npieces: {}\n", &pos);
}

/* With no resolver, a 'variant' key must name the fallback itself. */
static void test_posdoc_no_resolver(void **state)
{
    (void)state;
    static const char good[] = "variant: mini\nto_move: W\npieces: {}\n";
    static const char other[] = "variant: camelot\nto_move: W\npieces: {}\n";
    CmPosition pos;
    CmError err;
    assert_int_equal(cm_posdoc_parse(good, strlen(good), NULL, NULL, mini, &pos, NULL), CM_OK);
    assert_ptr_equal(pos.v, mini);
    cm_error_init(&err, NULL);
    assert_int_equal(cm_posdoc_parse(other, strlen(other), NULL, NULL, mini, &pos, &err),
                     CM_ERR_SCHEMA);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.col, 10);
    assert_string_equal(err.msg, "variant 'camelot' is not available here");
}

/* The resolver's message and code, at the 'variant' value. */
BAD(resolver_error, "to_move: W\nvariant: camelot\npieces: {}\n", CM_ERR_IO, 2, 10,
    "no variant file 'camelot'")
BAD(resolver_error_keeps_code, "variant: broken\nto_move: W\npieces: {}\n", CM_ERR_SYNTAX, 1, 10,
    "variant 'broken' does not load")
BAD(resolver_error_without_message, "variant: silent\nto_move: W\npieces: {}\n", CM_ERR_SCHEMA, 1,
    10, "no variant of that name")
BAD(variant_not_text, "variant: [mini]\nto_move: W\npieces: {}\n", CM_ERR_SCHEMA, 1, 10,
    "expected a single value for 'variant', got a list")

/* The input need not end in a NUL (an exact-size copy; ASan checks the reads). */
static void test_posdoc_input_without_nul(void **state)
{
    (void)state;
    static const char text[] = "variant: mini\nto_move: W\npieces: {C3: WK}\nquiet_plies: 12";
    size_t len = strlen(text) - 1; /* "quiet_plies: 1" */
    char *copy = malloc(len);
    assert_non_null(copy);
    memcpy(copy, text, len);
    CmPosition pos;
    assert_int_equal(cm_posdoc_parse(copy, len, resolve, &lib, NULL, &pos, NULL), CM_OK);
    assert_int_equal(pos.quiet, 1);
    free(copy);
}

/* ---- Errors. ---- */

BAD(empty, "# nothing\n", CM_ERR_SCHEMA, 1, 1, "position document is empty")
BAD(top_is_list, "- variant: mini\n", CM_ERR_SCHEMA, 1, 1,
    "expected a mapping of keys such as 'to_move:' and 'pieces:', got a list")
BAD(missing_variant, "to_move: W\npieces: {}\n", CM_ERR_SCHEMA, 1, 1, "missing key 'variant'")
BAD(missing_to_move, "# doc\nvariant: mini\npieces: {}\n", CM_ERR_SCHEMA, 2, 1,
    "missing key 'to_move'")
BAD(missing_pieces, "variant: mini\nto_move: W\n", CM_ERR_SCHEMA, 1, 1, "missing key 'pieces'")
BAD(unknown_key, "variant: mini\nto_move: W\npieces: {}\nquiet: 3\n", CM_ERR_SCHEMA, 4, 1,
    "unknown key 'quiet' (expected one of: variant, to_move, pieces, castle_moves_used, "
    "quiet_plies)")
BAD(duplicate_key, "variant: mini\nto_move: W\nto_move: B\npieces: {}\n", CM_ERR_SCHEMA, 3, 1,
    "duplicate key 'to_move' (first at line 2)")
BAD(syntax_error, "variant: mini\nto_move: W\npieces: {C3: WK\n", CM_ERR_SYNTAX, 4, 1,
    "did not find expected ',' or '}' (while parsing a flow mapping at line 3)")
BAD(alias, "variant: &v mini\nto_move: W\npieces: {C3: *v}\n", CM_ERR_SCHEMA, 3, 14,
    "aliases are not allowed")
BAD(to_move_unknown_seat, "variant: mini\nto_move: X\npieces: {}\n", CM_ERR_SCHEMA, 2, 10,
    "'X' is not a seat of this variant (seats: W, B)")
BAD(to_move_not_letter, "variant: mini\nto_move: White\npieces: {}\n", CM_ERR_SCHEMA, 2, 10,
    "expected a seat letter for to_move, got 'White'")
BAD(pieces_not_mapping, "variant: mini\nto_move: W\npieces: [C3, WK]\n", CM_ERR_SCHEMA, 3, 9,
    "expected a mapping for 'pieces', got a list")
BAD(piece_bad_square_name, "variant: mini\nto_move: W\npieces: {C3: WK, Z9: BK}\n", CM_ERR_SCHEMA,
    3, 18, "'Z9' is not a square name")
BAD(piece_off_board, "variant: mini\nto_move: W\npieces:\n  C3: WK\n  A1: BK\n", CM_ERR_SCHEMA, 5,
    3, "'A1' is not a square of this board")
BAD(two_pieces_one_square, "variant: mini\nto_move: W\npieces:\n  C3: WK\n  c3: BK\n",
    CM_ERR_SCHEMA, 5, 3, "two pieces on C3 (the first at line 4)")
BAD(piece_same_key_twice, "variant: mini\nto_move: W\npieces:\n  C3: WK\n  C3: BK\n", CM_ERR_SCHEMA,
    5, 3, "duplicate key 'C3' (first at line 4)")
BAD(piece_bad_kind, "variant: mini\nto_move: W\npieces: {C3: WQ}\n", CM_ERR_SCHEMA, 3, 14,
    "'WQ' is not a piece; write a seat letter and K (knight) or M (man), e.g. 'WK'")
BAD(piece_too_short, "variant: mini\nto_move: W\npieces: {C3: W}\n", CM_ERR_SCHEMA, 3, 14,
    "'W' is not a piece; write a seat letter and K (knight) or M (man), e.g. 'WK'")
BAD(piece_not_text, "variant: mini\nto_move: W\npieces: {C3: [W, K]}\n", CM_ERR_SCHEMA, 3, 14,
    "a list is not a piece; write a seat letter and K (knight) or M (man), e.g. 'WK'")
BAD(piece_unknown_seat, "variant: mini\nto_move: W\npieces: {C3: RK}\n", CM_ERR_SCHEMA, 3, 14,
    "'R' in 'RK' is not a seat of this variant (seats: W, B)")
BAD(castle_used_not_mapping, "variant: mini\nto_move: W\npieces: {}\ncastle_moves_used: 1\n",
    CM_ERR_SCHEMA, 4, 20, "expected a mapping for 'castle_moves_used', got '1'")
BAD(castle_used_unknown_seat,
    "variant: mini\nto_move: W\npieces: {}\ncastle_moves_used: {W: 1, G: 1}\n", CM_ERR_SCHEMA, 4,
    27, "'G' is not a seat of this variant (seats: W, B)")
BAD(castle_used_seat_twice,
    "variant: mini\nto_move: W\npieces: {}\ncastle_moves_used: {W: 1, w: 1}\n", CM_ERR_SCHEMA, 4,
    27, "seat 'W' is given twice (the first at line 4)")
BAD(castle_used_too_many,
    "variant: mini\nto_move: W\npieces: {}\ncastle_moves_used:\n  W: 0\n  B: 3\n", CM_ERR_SCHEMA, 6,
    6, "castle_moves_used for 'B' must be between 0 and 2")
BAD(castle_used_not_number, "variant: mini\nto_move: W\npieces: {}\ncastle_moves_used: {W: x}\n",
    CM_ERR_SCHEMA, 4, 24, "expected a number for castle_moves_used for 'W', got 'x'")
BAD(quiet_negative, "variant: mini\nto_move: W\npieces: {}\nquiet_plies: -1\n", CM_ERR_SCHEMA, 4,
    14, "quiet_plies must be between 0 and 65535")
BAD(quiet_too_big, "variant: mini\nto_move: W\npieces: {}\nquiet_plies: 65536\n", CM_ERR_SCHEMA, 4,
    14, "quiet_plies must be between 0 and 65535")

static void test_posdoc_too_large(void **state)
{
    (void)state;
    size_t len = CM_POSDOC_MAX_BYTES + 1;
    char *text = malloc(len);
    assert_non_null(text);
    memset(text, ' ', len);
    expect_error_len(text, len, mini, CM_ERR_LIMIT, 0, 0,
                     "input is too large (1048577 bytes; at most 1048576)");
    free(text);
}

/* ---- Writing. ---- */

static void test_posdoc_write_exact_text(void **state)
{
    (void)state;
    CmPosition pos;
    char buf[512];
    parse_ok("variant: mini\nto_move: B\npieces: {c4: bk, C2: WK, B2: WM, E3: BM}\n"
             "castle_moves_used: {W: 0, B: 2}\nquiet_plies: 9\n",
             &pos);
    size_t n = cm_posdoc_write(&pos, NULL, buf, sizeof buf);
    assert_string_equal(buf, "variant: mini\n"
                             "to_move: B\n"
                             "pieces: {B2: WM, C2: WK, E3: BM, C4: BK}\n"
                             "castle_moves_used: {B: 2}\n"
                             "quiet_plies: 9\n");
    assert_int_equal(n, strlen(buf));

    /* Nothing optional: no castle moves used, no quiet plies, an empty board. */
    cm_pos_clear(&pos, mini);
    cm_posdoc_write(&pos, "variants/mini.yaml", buf, sizeof buf);
    assert_string_equal(buf, "variant: variants/mini.yaml\nto_move: W\npieces: {}\n");
}

/* A reference that is not safe as a plain scalar is quoted, and reads back the same. */
static void test_posdoc_write_quotes_variant(void **state)
{
    (void)state;
    static const char *refs[] = {
        "my variants/x: y.yaml", "-dash", "say \"hi\"\\", "#x", "", "tab\there"};
    CmPosition pos;
    char buf[512];
    cm_pos_clear(&pos, mini);
    for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++) {
        cm_posdoc_write(&pos, refs[i], buf, sizeof buf);
        lib.calls = 0;
        CmPosition back;
        CmStatus st = cm_posdoc_parse(buf, strlen(buf), resolve, &lib, NULL, &back, NULL);
        assert_int_equal(st, CM_ERR_IO); /* the resolver knows only "mini" ... */
        assert_int_equal(lib.calls, 1);
        assert_string_equal(lib.last, refs[i]); /* ... but was asked for the right name */
    }
    cm_posdoc_write(&pos, "my variants/x: y.yaml", buf, sizeof buf);
    assert_string_equal(buf, "variant: \"my variants/x: y.yaml\"\nto_move: W\npieces: {}\n");
}

static void round_trip(const CmPosition *pos)
{
    char buf[4096];
    CmPosition back;
    CmError err;
    size_t n = cm_posdoc_write(pos, NULL, buf, sizeof buf);
    assert_true(n < sizeof buf);
    cm_error_init(&err, NULL);
    CmStatus st = cm_posdoc_parse(buf, n, NULL, NULL, pos->v, &back, &err);
    if (st != CM_OK)
        print_message("%s\n%d:%d: %s\n", buf, err.line, err.col, err.msg);
    assert_int_equal(st, CM_OK);
    assert_true(cm_pos_equal(pos, &back));
    assert_true(pos->hash == back.hash);
    assert_int_equal(pos->quiet, back.quiet);
    /* Lines stay short enough to read. */
    for (const char *line = buf; *line;) {
        const char *nl = strchr(line, '\n');
        assert_non_null(nl);
        assert_true(nl - line <= 100);
        line = nl + 1;
    }
}

static void test_posdoc_round_trip(void **state)
{
    (void)state;
    CmPosition pos;
    cm_pos_start(&pos, mini);
    round_trip(&pos);
    cm_pos_set_turn(&pos, 1);
    cm_pos_set_castle_used(&pos, 0, 2);
    pos.quiet = 65535;
    round_trip(&pos);
    cm_pos_clear(&pos, mini);
    round_trip(&pos);
}

/* 128 pieces of four seats on a 16x16 board: the long 'pieces' line wraps and reads back. */
static void test_posdoc_round_trip_full_board(void **state)
{
    (void)state;
    char text[1024];
    size_t n = (size_t)snprintf(text, sizeof text, "name: big\ntitle: Big\nboard:\n");
    for (int r = 0; r < 16; r++)
        n += (size_t)snprintf(text + n, sizeof text - n, "  - \"................\"\n");
    snprintf(text + n, sizeof text - n,
             "seats: [{letter: A, name: A}, {letter: B, name: B}, {letter: C, name: C},\n"
             "        {letter: D, name: D}]\n"
             "turn_order: [D, C, B, A]\nrules: {no_moves: skip, castle_moves: 15}\n");
    CmVariant *big = NULL;
    assert_int_equal(cm_variant_parse(text, strlen(text), &big, NULL), CM_OK);

    CmPosition pos;
    cm_pos_clear(&pos, big);
    for (int i = 0; i < CM_MAX_PIECES; i++)
        cm_pos_put(&pos, (CmSquare)(i * 2), CM_CELL(i % 4, i % 3 == 0 ? CM_KNIGHT : CM_MAN));
    cm_pos_set_turn(&pos, 3);
    for (int s = 0; s < 4; s++)
        cm_pos_set_castle_used(&pos, s, 15 - s);
    round_trip(&pos);

    /* A document with one more piece is refused at the 129th square (A9, on line 3). */
    char doc[2048];
    size_t col = 0;
    n = (size_t)snprintf(doc, sizeof doc, "to_move: a\n# 129 men\npieces: {");
    for (int i = 0; i < CM_MAX_PIECES + 1; i++) {
        char name[4];
        if (i == CM_MAX_PIECES)
            col = n - strlen("to_move: a\n# 129 men\n") + 1;
        n += (size_t)snprintf(doc + n, sizeof doc - n, "%s%s: AM", i ? ", " : "",
                              cm_square_name((CmSquare)i, name));
        if (i == CM_MAX_PIECES)
            col += 2;
    }
    snprintf(doc + n, sizeof doc - n, "}\n");
    CmError err;
    cm_error_init(&err, NULL);
    assert_int_equal(cm_posdoc_parse(doc, strlen(doc), NULL, NULL, big, &pos, &err), CM_ERR_SCHEMA);
    assert_string_equal(err.msg, "too many pieces (at most 128)");
    assert_int_equal(err.line, 3);
    assert_int_equal(err.col, (int)col);
    cm_variant_free(big);
}

/* snprintf semantics: the length needed comes back whatever the buffer. */
static void test_posdoc_write_truncates(void **state)
{
    (void)state;
    CmPosition pos;
    char full[512], small[16];
    cm_pos_start(&pos, mini);
    size_t n = cm_posdoc_write(&pos, NULL, full, sizeof full);
    assert_int_equal(n, strlen(full));
    assert_int_equal(cm_posdoc_write(&pos, NULL, NULL, 0), n);
    memset(small, 'x', sizeof small);
    assert_int_equal(cm_posdoc_write(&pos, NULL, small, sizeof small), n);
    assert_int_equal(small[sizeof small - 1], '\0');
    assert_memory_equal(small, full, sizeof small - 1);
    /* Exactly the size needed, terminator included. */
    char *exact = malloc(n + 1);
    assert_non_null(exact);
    assert_int_equal(cm_posdoc_write(&pos, NULL, exact, n + 1), n);
    assert_string_equal(exact, full);
    free(exact);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_posdoc_parse_full),
        cmocka_unit_test(test_posdoc_parse_block_style_and_defaults),
        cmocka_unit_test(test_posdoc_parse_json),
        cmocka_unit_test(test_posdoc_fallback_without_variant_key),
        cmocka_unit_test(test_posdoc_variant_path_must_be_yaml),
        cmocka_unit_test(test_posdoc_no_resolver),
        cmocka_unit_test(test_posdoc_resolver_error),
        cmocka_unit_test(test_posdoc_resolver_error_keeps_code),
        cmocka_unit_test(test_posdoc_resolver_error_without_message),
        cmocka_unit_test(test_posdoc_variant_not_text),
        cmocka_unit_test(test_posdoc_input_without_nul),

        cmocka_unit_test(test_posdoc_empty),
        cmocka_unit_test(test_posdoc_top_is_list),
        cmocka_unit_test(test_posdoc_missing_variant),
        cmocka_unit_test(test_posdoc_missing_to_move),
        cmocka_unit_test(test_posdoc_missing_pieces),
        cmocka_unit_test(test_posdoc_unknown_key),
        cmocka_unit_test(test_posdoc_duplicate_key),
        cmocka_unit_test(test_posdoc_syntax_error),
        cmocka_unit_test(test_posdoc_alias),
        cmocka_unit_test(test_posdoc_to_move_unknown_seat),
        cmocka_unit_test(test_posdoc_to_move_not_letter),
        cmocka_unit_test(test_posdoc_pieces_not_mapping),
        cmocka_unit_test(test_posdoc_piece_bad_square_name),
        cmocka_unit_test(test_posdoc_piece_off_board),
        cmocka_unit_test(test_posdoc_two_pieces_one_square),
        cmocka_unit_test(test_posdoc_piece_same_key_twice),
        cmocka_unit_test(test_posdoc_piece_bad_kind),
        cmocka_unit_test(test_posdoc_piece_too_short),
        cmocka_unit_test(test_posdoc_piece_not_text),
        cmocka_unit_test(test_posdoc_piece_unknown_seat),
        cmocka_unit_test(test_posdoc_castle_used_not_mapping),
        cmocka_unit_test(test_posdoc_castle_used_unknown_seat),
        cmocka_unit_test(test_posdoc_castle_used_seat_twice),
        cmocka_unit_test(test_posdoc_castle_used_too_many),
        cmocka_unit_test(test_posdoc_castle_used_not_number),
        cmocka_unit_test(test_posdoc_quiet_negative),
        cmocka_unit_test(test_posdoc_quiet_too_big),
        cmocka_unit_test(test_posdoc_too_large),

        cmocka_unit_test(test_posdoc_write_exact_text),
        cmocka_unit_test(test_posdoc_write_quotes_variant),
        cmocka_unit_test(test_posdoc_round_trip),
        cmocka_unit_test(test_posdoc_round_trip_full_board),
        cmocka_unit_test(test_posdoc_write_truncates),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
