/* The variant loader: a valid file in all its parts, every error message with its code, line
 * and column, and the guards against hostile input (size, depth, node count, aliases).
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* A small valid variant, 13 squares, used as the base of most fixtures. Line numbers are
 * given in the comments, since the expected errors depend on them. */
#define HEAD                                                                                       \
    "name: mini\n"    /*  1 */                                                                     \
    "title: Mini\n"   /*  2 */                                                                     \
    "board:\n"        /*  3 */                                                                     \
    "  - \"  .  \"\n" /*  4: rank 5, C5 */                                                         \
    "  - \" ... \"\n" /*  5: rank 4, B4-D4 */                                                      \
    "  - \".....\"\n" /*  6: rank 3, A3-E3 */                                                      \
    "  - \" ... \"\n" /*  7: rank 2, B2-D2 */                                                      \
    "  - \"  .  \"\n" /*  8: rank 1, C1 */
#define SEAT_W                                                                                     \
    "seats:\n"            /*  9 */                                                                 \
    "  - letter: W\n"     /* 10 */                                                                 \
    "    name: White\n"   /* 11 */                                                                 \
    "    castle: [C1]\n"  /* 12 */                                                                 \
    "    target: B\n"     /* 13 */                                                                 \
    "    knights: [C2]\n" /* 14 */                                                                 \
    "    men: [B2, D2]\n" /* 15 */
#define SEAT_B                                                                                     \
    "  - letter: B\n"                /* 16 */                                                      \
    "    name: Black\n"              /* 17 */                                                      \
    "    castle: [C5]\n"             /* 18 */                                                      \
    "    target: W\n"                /* 19 */                                                      \
    "    knights: [C4]\n"            /* 20 */                                                      \
    "    men: [B4, D4]\n"            /* 21 */
#define ORDER "turn_order: [W, B]\n" /* 22 */
#define BASE HEAD SEAT_W SEAT_B ORDER

/* Seat W up to and including its name (lines 9-11). */
#define SEAT_W_NAME                                                                                \
    "seats:\n"                                                                                     \
    "  - letter: W\n"                                                                              \
    "    name: White\n"

/* Parses 'len' bytes of 'text' (which need not end in a NUL), failing the test on error. */
static CmVariant *load_len(const char *text, size_t len)
{
    CmVariant *v = NULL;
    CmError err;
    cm_error_init(&err, "test.yaml");
    CmStatus st = cm_variant_parse(text, len, &v, &err);
    if (st != CM_OK)
        print_message("unexpected error %d at %d:%d: %s\n", st, err.line, err.col, err.msg);
    assert_int_equal(st, CM_OK);
    assert_non_null(v);
    return v;
}

/* Parsing 'len' bytes fails with 'code' at 'line':'col' with message 'msg', both with an error
 * record (whose source is kept) and without one, and leaves the output NULL. */
static void expect_error_len(const char *text, size_t len, CmStatus code, int line, int col,
                             const char *msg)
{
    CmVariant *v = NULL;
    CmError err;
    cm_error_init(&err, "test.yaml");
    CmStatus st = cm_variant_parse(text, len, &v, &err);
    if (st != code || err.line != line || err.col != col || strcmp(err.msg, msg) != 0)
        print_message("got %d at %d:%d: %s\n", st, err.line, err.col, err.msg);
    assert_int_equal(st, code);
    assert_int_equal(err.code, code);
    assert_int_equal(err.line, line);
    assert_int_equal(err.col, col);
    assert_string_equal(err.msg, msg);
    assert_string_equal(err.source, "test.yaml");
    assert_null(v);

    assert_int_equal(cm_variant_parse(text, len, &v, NULL), code);
    assert_null(v);
}

static void expect_error(const char *text, CmStatus code, int line, int col, const char *msg)
{
    expect_error_len(text, strlen(text), code, line, col, msg);
}

/* One test per error: 'test_variant_NAME' loads 'yaml' and expects the error. */
#define BAD(name, yaml, code, line, col, msg)                                                      \
    static void test_variant_##name(void **state)                                                  \
    {                                                                                              \
        (void)state;                                                                               \
        expect_error(yaml, code, line, col, msg);                                                  \
    }

/* ---- Valid files. ---- */

static void test_variant_loads_small_file(void **state)
{
    (void)state;
    CmVariant *v = tu_variant_from_text(BASE);
    assert_string_equal(v->name, "mini");
    assert_string_equal(v->title, "Mini");
    assert_int_equal(v->files, 5);
    assert_int_equal(v->ranks, 5);
    assert_int_equal(v->nsquares, 13);
    assert_true(cm_variant_on(v, tu_sq("C5")));
    assert_true(cm_variant_on(v, tu_sq("A3")));
    assert_true(cm_variant_on(v, tu_sq("E3")));
    assert_true(cm_variant_on(v, tu_sq("C1")));
    assert_false(cm_variant_on(v, tu_sq("A1")));
    assert_false(cm_variant_on(v, tu_sq("B5")));
    assert_false(cm_variant_on(v, tu_sq("A4")));

    assert_int_equal(v->nseats, 2);
    assert_int_equal(v->nteams, 2);
    assert_int_equal(v->seat[0].letter, 'W');
    assert_string_equal(v->seat[0].name, "White");
    assert_int_equal(v->seat[0].team, 0);
    assert_int_equal(v->seat[0].target, 1);
    assert_int_equal(v->seat[0].ncastle, 1);
    assert_int_equal(v->seat[0].castle[0], tu_sq("C1"));
    assert_int_equal(v->seat[1].letter, 'B');
    assert_string_equal(v->seat[1].name, "Black");
    assert_int_equal(v->seat[1].team, 1);
    assert_int_equal(v->seat[1].target, 0);
    assert_int_equal(v->seat[1].castle[0], tu_sq("C5"));

    assert_int_equal(v->start[tu_sq("C2")], CM_CELL(0, CM_KNIGHT));
    assert_int_equal(v->start[tu_sq("B2")], CM_CELL(0, CM_MAN));
    assert_int_equal(v->start[tu_sq("D2")], CM_CELL(0, CM_MAN));
    assert_int_equal(v->start[tu_sq("C4")], CM_CELL(1, CM_KNIGHT));
    assert_int_equal(v->start[tu_sq("B4")], CM_CELL(1, CM_MAN));
    assert_int_equal(v->start[tu_sq("D4")], CM_CELL(1, CM_MAN));
    int pieces = 0;
    for (int x = 0; x < CM_SQUARES; x++)
        pieces += v->start[x] != CM_EMPTY;
    assert_int_equal(pieces, 6);

    /* cm_variant_finish ran: the castle flags are in place. */
    assert_true(v->sqflags[0][tu_sq("C1")] & CM_SQ_OWN);
    assert_true(v->sqflags[0][tu_sq("C5")] & CM_SQ_TARGET);
    assert_int_equal(v->sqflags[0][tu_sq("A1")], 0);
    cm_variant_free(v);
}

static void test_variant_rule_defaults(void **state)
{
    (void)state;
    CmVariant *v = tu_variant_from_text(BASE);
    assert_int_equal(v->rules.castle_win, 1);
    assert_int_equal(v->rules.castle_moves, 0);
    assert_int_equal(v->rules.elimination_min, 1);
    assert_int_equal(v->rules.no_moves, CM_NOMOVE_LOSE);
    assert_int_equal(v->rules.stalemate_min, 1);
    assert_int_equal(v->rules.material_draw, -1);
    assert_int_equal(v->rules.repetition, 0);
    assert_int_equal(v->rules.fifty_move, 0);
    cm_variant_free(v);
}

static void test_variant_rules_read(void **state)
{
    (void)state;
    CmVariant *v = tu_variant_from_text(BASE "rules:\n"
                                             "  castle_win: 8\n"
                                             "  castle_moves: \"15\"\n"
                                             "  elimination_min: 128\n"
                                             "  no_moves: skip\n"
                                             "  stalemate_min: 0\n"
                                             "  material_draw: 128\n"
                                             "  repetition: 2\n"
                                             "  fifty_move: 1000\n");
    assert_int_equal(v->rules.castle_win, 8);
    assert_int_equal(v->rules.castle_moves, 15);
    assert_int_equal(v->rules.elimination_min, 128);
    assert_int_equal(v->rules.no_moves, CM_NOMOVE_SKIP);
    assert_int_equal(v->rules.stalemate_min, 0);
    assert_int_equal(v->rules.material_draw, 128);
    assert_int_equal(v->rules.repetition, 2);
    assert_int_equal(v->rules.fifty_move, 1000);
    cm_variant_free(v);

    v = tu_variant_from_text(
        BASE "rules: {material_draw: 0, repetition: 0, no_moves: lose, castle_win: 0}\n");
    assert_int_equal(v->rules.material_draw, 0);
    assert_int_equal(v->rules.repetition, 0);
    assert_int_equal(v->rules.castle_win, 0);
    assert_int_equal(v->rules.no_moves, CM_NOMOVE_LOSE);
    cm_variant_free(v);

    v = tu_variant_from_text(BASE "rules: {material_draw: never}\n");
    assert_int_equal(v->rules.material_draw, -1);
    cm_variant_free(v);
}

/* Seats are numbered by turn order, not by their place in 'seats'; targets and pieces follow. */
static void test_variant_seats_follow_turn_order(void **state)
{
    (void)state;
    CmVariant *v = tu_variant_from_text(HEAD SEAT_W SEAT_B "turn_order: [b, W]\n");
    assert_int_equal(v->seat[0].letter, 'B');
    assert_int_equal(v->seat[1].letter, 'W');
    assert_int_equal(v->seat[0].target, 1);
    assert_int_equal(v->seat[1].target, 0);
    assert_int_equal(v->seat[0].castle[0], tu_sq("C5"));
    assert_int_equal(v->seat[0].team, 0);
    assert_int_equal(v->seat[1].team, 1);
    assert_int_equal(v->start[tu_sq("C4")], CM_CELL(0, CM_KNIGHT));
    assert_int_equal(v->start[tu_sq("C2")], CM_CELL(1, CM_KNIGHT));
    assert_int_equal(cm_variant_seat(v, 'w'), 1);
    cm_variant_free(v);
}

static const char four_seats[] =
    "name: four\n"
    "title: Four\n"
    "board: [\"....\", \"....\", \"....\", \"....\"]\n"
    "seats:\n"
    "  - {letter: R, name: Red, castle: [B1], target: G, men: [a2]}\n"
    "  - {letter: B, name: Blue, castle: [A3], target: Y, knights: [B3]}\n"
    "  - {letter: G, name: Green, castle: [C4], target: R, men: [C3]}\n"
    "  - {letter: Y, name: Yellow, castle: [D2], target: B, men: [c2]}\n"
    "turn_order: [R, G, B, Y]\n";

static void test_variant_teams(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof text, "%srules: {no_moves: skip}\n", four_seats);
    CmVariant *v = tu_variant_from_text(text);
    assert_int_equal(v->nteams, 4);
    for (int s = 0; s < 4; s++)
        assert_int_equal(v->seat[s].team, s);
    cm_variant_free(v);

    snprintf(text, sizeof text, "%steams: [[R, b], [G, Y]]\n", four_seats);
    v = tu_variant_from_text(text);
    assert_int_equal(v->nteams, 2);
    assert_string_equal(v->seat[2].name, "Blue");
    assert_int_equal(v->seat[0].team, 0); /* R */
    assert_int_equal(v->seat[1].team, 1); /* G */
    assert_int_equal(v->seat[2].team, 0); /* B */
    assert_int_equal(v->seat[3].team, 1); /* Y */
    assert_int_equal(v->team_seats[0], 0x5u);
    assert_int_equal(v->team_seats[1], 0xau);
    assert_true(cm_variant_partners(v, 0, 2));
    assert_false(cm_variant_partners(v, 0, 1));
    assert_int_equal(v->seat[0].target, 1);
    assert_int_equal(v->seat[2].target, 3);
    assert_int_equal(v->start[tu_sq("A2")], CM_CELL(0, CM_MAN));
    assert_int_equal(v->start[tu_sq("B3")], CM_CELL(2, CM_KNIGHT));
    assert_int_equal(v->start[tu_sq("C2")], CM_CELL(3, CM_MAN));
    cm_variant_free(v);
}

/* Seats without castle, target or pieces are fine; square names may be lower case. */
static void test_variant_optional_seat_keys(void **state)
{
    (void)state;
    CmVariant *v = tu_variant_from_text(HEAD "seats:\n"
                                             "  - {letter: W, name: White, knights: [c2, b3]}\n"
                                             "  - {letter: B, name: Black}\n" ORDER);
    assert_int_equal(v->seat[0].ncastle, 0);
    assert_int_equal(v->seat[0].target, -1);
    assert_int_equal(v->seat[1].ncastle, 0);
    assert_int_equal(v->start[tu_sq("C2")], CM_CELL(0, CM_KNIGHT));
    assert_int_equal(v->start[tu_sq("B3")], CM_CELL(0, CM_KNIGHT));
    cm_variant_free(v);
}

/* Rows may be plain or quoted, and trailing spaces do not widen the board. */
static void test_variant_board_width_ignores_trailing_spaces(void **state)
{
    (void)state;
    CmVariant *v = tu_variant_from_text("name: w\ntitle: W\n"
                                        "board:\n  - \"..      \"\n  - ...\n  - '.  .'\n"
                                        "seats: [{letter: A, name: A}, {letter: B, name: B}]\n"
                                        "turn_order: [A, B]\n");
    assert_int_equal(v->files, 4);
    assert_int_equal(v->ranks, 3);
    assert_int_equal(v->nsquares, 7);
    assert_true(cm_variant_on(v, tu_sq("B3")));
    assert_true(cm_variant_on(v, tu_sq("C2")));
    assert_true(cm_variant_on(v, tu_sq("D1")));
    assert_false(cm_variant_on(v, tu_sq("C1")));
    cm_variant_free(v);
}

/* The biggest board: 16 by 16. */
static void test_variant_largest_board(void **state)
{
    (void)state;
    char text[2048];
    size_t n = (size_t)snprintf(text, sizeof text, "name: big\ntitle: Big\nboard:\n");
    for (int r = 0; r < 16; r++)
        n += (size_t)snprintf(text + n, sizeof text - n, "  - \"................\"\n");
    snprintf(text + n, sizeof text - n,
             "seats: [{letter: A, name: A, men: [P16]}, {letter: B, name: B, men: [a1]}]\n"
             "turn_order: [A, B]\n");
    CmVariant *v = tu_variant_from_text(text);
    assert_int_equal(v->files, 16);
    assert_int_equal(v->ranks, 16);
    assert_int_equal(v->nsquares, 256);
    assert_int_equal(v->start[tu_sq("P16")], CM_CELL(0, CM_MAN));
    assert_int_equal(v->start[tu_sq("A1")], CM_CELL(1, CM_MAN));
    cm_variant_free(v);
}

static void test_variant_json_loads(void **state)
{
    (void)state;
    CmVariant *v = tu_variant_from_text(
        "{\"name\": \"j\", \"title\": \"JSON\", \"board\": [\" . \", \"...\"],\n"
        " \"seats\": [{\"letter\": \"W\", \"name\": \"White\",\n"
        "             \"men\": [\"A1\"]},\n"
        "           {\"letter\": \"B\", \"name\": \"Black\", \"men\": [\"B2\"]}],\n"
        " \"turn_order\": [\"W\", \"B\"], \"rules\": {\"fifty_move\": 20}}");
    assert_string_equal(v->name, "j");
    assert_int_equal(v->nsquares, 4);
    assert_int_equal(v->rules.fifty_move, 20);
    assert_int_equal(v->start[tu_sq("B2")], CM_CELL(1, CM_MAN));
    cm_variant_free(v);
}

/* The input need not end in a NUL: parse an exact-size copy (ASan checks the reads). */
static void test_variant_input_without_nul(void **state)
{
    (void)state;
    static const char text[] = BASE "rules:\n  castle_moves: 15\n";
    size_t len = strlen(text);
    char *copy = malloc(len);
    assert_non_null(copy);
    memcpy(copy, text, len);
    CmVariant *v = load_len(copy, len);
    assert_int_equal(v->rules.castle_moves, 15);
    cm_variant_free(v);

    /* Cut in the middle of the number: "castle_moves: 1". */
    free(copy);
    len -= 2;
    copy = malloc(len);
    assert_non_null(copy);
    memcpy(copy, text, len);
    v = load_len(copy, len);
    assert_int_equal(v->rules.castle_moves, 1);
    cm_variant_free(v);
    free(copy);
}

/* Anchors alone do nothing harmful and are allowed; only aliases are refused. */
static void test_variant_anchor_without_alias_loads(void **state)
{
    (void)state;
    CmVariant *v =
        tu_variant_from_text("name: &n mini\n"
                             "title: Mini\n"
                             "board: &b\n"
                             "  - \"  .  \"\n  - \" ... \"\n  - \".....\"\n  - \" ... \"\n"
                             "  - \"  .  \"\n" SEAT_W SEAT_B ORDER);
    assert_string_equal(v->name, "mini");
    cm_variant_free(v);
}

static void test_variant_free_null(void **state)
{
    (void)state;
    cm_variant_free(NULL);
}

/* ---- Hostile input. ---- */

static void test_variant_too_large(void **state)
{
    (void)state;
    size_t len = CM_VARIANT_MAX_BYTES + 1;
    char *text = malloc(len);
    assert_non_null(text);
    memset(text, '#', len);
    expect_error_len(text, len, CM_ERR_LIMIT, 0, 0,
                     "input is too large (1048577 bytes; at most 1048576)");
    /* Exactly the limit is read: here one long comment, so an empty file. */
    expect_error_len(text, len - 1, CM_ERR_SCHEMA, 1, 1, "variant file is empty");
    free(text);
}

static void test_variant_nesting_too_deep(void **state)
{
    (void)state;
    char text[128];
    /* 32 levels are fine as YAML (then the top is not a mapping). */
    memset(text, 0, sizeof text);
    memset(text, '[', 32);
    memset(text + 32, ']', 32);
    expect_error(text, CM_ERR_SCHEMA, 1, 1,
                 "expected a mapping of keys such as 'name:' and 'board:', got a list");
    /* The 33rd is refused where it opens. */
    memset(text, 0, sizeof text);
    memset(text, '[', 33);
    memset(text + 33, ']', 33);
    expect_error(text, CM_ERR_LIMIT, 1, 33,
                 "lists and mappings are nested too deeply (at most 32 levels)");
    /* Block mappings count too. */
    char block[4096];
    size_t n = 0;
    for (int d = 0; d < 40; d++)
        n += (size_t)snprintf(block + n, sizeof block - n, "%*sk%d:\n", d, "", d);
    expect_error(block, CM_ERR_LIMIT, 33, 33,
                 "lists and mappings are nested too deeply (at most 32 levels)");
}

static void test_variant_too_many_nodes(void **state)
{
    (void)state;
    size_t count = 100001, len = 2 * count + 1;
    char *text = malloc(len + 1);
    assert_non_null(text);
    text[0] = '[';
    for (size_t i = 0; i < count; i++) {
        text[1 + 2 * i] = '0';
        text[2 + 2 * i] = ',';
    }
    text[len - 1] = ']';
    text[len] = '\0';
    /* The list is node 1; its 100000th item would be node 100001. */
    expect_error(text, CM_ERR_LIMIT, 1, 200000, "too many YAML nodes (at most 100000)");
    free(text);
}

BAD(alias_refused, "name: &n mini\ntitle: *n\n", CM_ERR_SCHEMA, 2, 8, "aliases are not allowed")

/* The "billion laughs": refused at the first alias, before anything is expanded. */
BAD(alias_bomb_refused,
    "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n",
    CM_ERR_SCHEMA, 2, 8, "aliases are not allowed")

BAD(second_document_refused, BASE "---\nname: other\n", CM_ERR_SCHEMA, 23, 1,
    "only one document is allowed")

BAD(duplicate_key, BASE "name: again\n", CM_ERR_SCHEMA, 23, 1,
    "duplicate key 'name' (first at line 1)")

/* Of two duplicates, the first in the text is reported, even inside a later-closing mapping. */
BAD(duplicate_key_first_in_text, HEAD SEAT_W "    men: [B3]\n" SEAT_B ORDER "title: again\n",
    CM_ERR_SCHEMA, 16, 5, "duplicate key 'men' (first at line 15)")

BAD(complex_key_refused, "? [a, b]\n: c\n", CM_ERR_SCHEMA, 1, 3,
    "a mapping key must be a single value, not a list")

BAD(flow_complex_key_refused, "{{a: b}: c}\n", CM_ERR_SCHEMA, 1, 2,
    "a mapping key must be a single value, not a mapping")

/* ---- Syntax errors: libyaml's problem, converted to 1-based positions. ---- */

BAD(syntax_unclosed_list, "name: mini\ntitle: [Mini\n", CM_ERR_SYNTAX, 3, 1,
    "did not find expected ',' or ']' (while parsing a flow sequence at line 2)")

BAD(syntax_bad_indentation, "name: mini\n title: Mini\n", CM_ERR_SYNTAX, 2, 7,
    "mapping values are not allowed in this context")

BAD(syntax_unclosed_quote, "name: mini\ntitle: \"Mini\n", CM_ERR_SYNTAX, 3, 1,
    "found unexpected end of stream (while scanning a quoted scalar at line 2)")

BAD(syntax_tab_indent, "name: mini\nboard:\n\t- \".\"\n", CM_ERR_SYNTAX, 3, 1,
    "found character that cannot start any token (while scanning for the next token at line 3)")

BAD(syntax_invalid_utf8, "name: mini\ntitle: Mi\xffni\n", CM_ERR_SYNTAX, 2, 10,
    "invalid leading UTF-8 octet (#FF)")

BAD(syntax_control_character, "name: mini\ntitle: M\x01\n", CM_ERR_SYNTAX, 2, 9,
    "control characters are not allowed (#1)")

static void test_variant_syntax_nul_byte(void **state)
{
    (void)state;
    static const char text[] = "name: mini\ntitle: M\0ini\n";
    expect_error_len(text, sizeof text - 1, CM_ERR_SYNTAX, 2, 9,
                     "control characters are not allowed (#0)");
}

/* ---- The top level. ---- */

BAD(empty_file, "", CM_ERR_SCHEMA, 1, 1, "variant file is empty")
BAD(comments_only_file, "# nothing here\n\n# at all\n", CM_ERR_SCHEMA, 1, 1,
    "variant file is empty")
BAD(empty_document, "# a document marker and nothing else\n---\n", CM_ERR_SCHEMA, 1, 1,
    "variant file is empty")
BAD(top_is_list, "- name: mini\n", CM_ERR_SCHEMA, 1, 1,
    "expected a mapping of keys such as 'name:' and 'board:', got a list")
BAD(top_is_text, "camelot\n", CM_ERR_SCHEMA, 1, 1,
    "expected a mapping of keys such as 'name:' and 'board:', got 'camelot'")
BAD(unknown_top_key, "# a variant\nname: mini\nboards: []\n", CM_ERR_SCHEMA, 3, 1,
    "unknown key 'boards' (expected one of: name, title, board, seats, turn_order, teams, rules)")
BAD(missing_name, "title: Mini\n", CM_ERR_SCHEMA, 1, 1, "missing key 'name'")
BAD(missing_board, "# comment\n\nname: mini\ntitle: Mini\nseats: []\nturn_order: []\n",
    CM_ERR_SCHEMA, 3, 1, "missing key 'board'")
BAD(missing_turn_order, HEAD SEAT_W SEAT_B, CM_ERR_SCHEMA, 1, 1, "missing key 'turn_order'")

/* ---- name and title. ---- */

BAD(name_bad_characters, "name: Mini\n", CM_ERR_SCHEMA, 1, 7,
    "name 'Mini' may only use a-z, 0-9 and '-'")
BAD(name_too_long, "name: abcdefghij-abcdefghij-abcdefghij\n", CM_ERR_SCHEMA, 1, 7,
    "name is too long (at most 31 bytes)")
BAD(name_empty, "name: \"\"\n", CM_ERR_SCHEMA, 1, 7, "name is empty")
BAD(name_missing_value, "name:\ntitle: Mini\n", CM_ERR_SCHEMA, 1, 6,
    "expected a single value for name, got nothing")
BAD(name_is_list, "name: [mini]\n", CM_ERR_SCHEMA, 1, 7,
    "expected a single value for name, got a list")
BAD(title_too_long,
    "name: mini\ntitle: A title that goes on and on and on, well past the sixty-three bytes\n",
    CM_ERR_SCHEMA, 2, 8, "title is too long (at most 63 bytes)")
BAD(title_control_character, "name: mini\ntitle: \"Mini\\e[31m\"\n", CM_ERR_SCHEMA, 2, 8,
    "title has a control character")

/* ---- board. ---- */

BAD(board_not_list, "name: mini\ntitle: Mini\nboard: \"...\"\n", CM_ERR_SCHEMA, 3, 8,
    "expected a list for 'board', got '...'")
BAD(board_no_rows, "name: mini\ntitle: Mini\nboard: []\n", CM_ERR_SCHEMA, 3, 8,
    "the board has no rows")
BAD(board_bad_character,
    "name: mini\ntitle: Mini\nboard:\n  - \"  .  \"\n  - \" ... \"\n  - \" .x. \"\n", CM_ERR_SCHEMA,
    6, 8, "board row 3 has the character 'x'; use '.' for a square and ' ' for none")
BAD(board_bad_character_plain, "name: mini\ntitle: Mini\nboard:\n  - ...\n  - ..#.\n",
    CM_ERR_SCHEMA, 5, 7, "board row 2 has the character '#'; use '.' for a square and ' ' for none")
BAD(board_tab, "name: mini\ntitle: Mini\nboard:\n  - \".\\t.\"\n", CM_ERR_SCHEMA, 4, 5,
    "board row 1 has a tab; use '.' for a square and ' ' for none")
BAD(board_row_not_text, "name: mini\ntitle: Mini\nboard:\n  - \"...\"\n  - [., .]\n", CM_ERR_SCHEMA,
    5, 5, "expected a single value for board row 2, got a list")
BAD(board_row_empty, "name: mini\ntitle: Mini\nboard:\n  - \"...\"\n  - \"   \"\n", CM_ERR_SCHEMA,
    5, 5, "board row 2 has no squares")
BAD(board_too_wide, "name: mini\ntitle: Mini\nboard:\n  - \".................\"\n", CM_ERR_SCHEMA,
    4, 22, "board row 1 is wider than 16 squares")
BAD(board_too_tall,
    "name: mini\ntitle: Mini\nboard: [., ., ., ., ., ., ., ., ., ., ., ., ., ., ., ., .]\n",
    CM_ERR_SCHEMA, 3, 57, "the board has more than 16 rows")

/* ---- seats. ---- */

BAD(seats_not_list, HEAD "seats: {letter: W}\n", CM_ERR_SCHEMA, 9, 8,
    "expected a list for 'seats', got a mapping")
BAD(seats_too_few, HEAD SEAT_W ORDER, CM_ERR_SCHEMA, 10, 3, "a variant has 2 to 4 seats, not 1")
BAD(seats_too_many,
    HEAD "seats: [{letter: A, name: A}, {letter: B, name: B}, {letter: C, name: C},\n"
         "        {letter: D, name: D}, {letter: E, name: E}]\n",
    CM_ERR_SCHEMA, 9, 8, "a variant has 2 to 4 seats, not 5")
BAD(seat_not_mapping, HEAD "seats: [W, B]\n", CM_ERR_SCHEMA, 9, 9,
    "expected a mapping for a seat, got 'W'")
BAD(seat_unknown_key, HEAD SEAT_W_NAME "    kinghts: [C2]\n", CM_ERR_SCHEMA, 12, 5,
    "unknown key 'kinghts' in seat (expected one of: letter, name, castle, target, knights, men)")
BAD(seat_missing_letter, HEAD "seats:\n  - name: White\n    men: [C2]\n", CM_ERR_SCHEMA, 10, 5,
    "missing key 'letter' in seat")
BAD(seat_missing_name, HEAD "seats:\n  - {letter: W}\n", CM_ERR_SCHEMA, 10, 5,
    "missing key 'name' in seat")
BAD(seat_letter_lower_case, HEAD "seats:\n  - letter: w\n    name: White\n", CM_ERR_SCHEMA, 10, 13,
    "a seat letter must be one upper-case letter A-Z, not 'w'")
BAD(seat_letter_too_long, HEAD "seats:\n  - letter: WH\n    name: White\n", CM_ERR_SCHEMA, 10, 13,
    "a seat letter must be one upper-case letter A-Z, not 'WH'")
BAD(seat_letter_twice, HEAD SEAT_W "  - letter: W\n    name: Black\n", CM_ERR_SCHEMA, 16, 13,
    "seat letter 'W' is used twice (the first at line 10)")
BAD(seat_name_too_long, HEAD "seats:\n  - letter: W\n    name: The White Knights of Camelot\n",
    CM_ERR_SCHEMA, 11, 11, "seat name is too long (at most 23 bytes)")

/* ---- castle and target. ---- */

BAD(castle_not_list, HEAD SEAT_W_NAME "    castle: C1\n", CM_ERR_SCHEMA, 12, 13,
    "expected a list for 'castle', got 'C1'")
BAD(castle_empty, HEAD SEAT_W_NAME "    castle: []\n", CM_ERR_SCHEMA, 12, 13,
    "a castle has 1 to 4 squares, not 0")
BAD(castle_too_big, HEAD SEAT_W_NAME "    castle: [A3, B3, C3, D3, E3]\n", CM_ERR_SCHEMA, 12, 13,
    "a castle has 1 to 4 squares, not 5")
BAD(castle_bad_square_name, HEAD SEAT_W_NAME "    castle: [C1, Z99]\n", CM_ERR_SCHEMA, 12, 18,
    "'Z99' is not a square name")
BAD(castle_off_board, HEAD SEAT_W_NAME "    castle: [A1]\n", CM_ERR_SCHEMA, 12, 14,
    "castle square 'A1' is not on the board")
BAD(castle_square_not_text, HEAD SEAT_W_NAME "    castle: [[C1]]\n", CM_ERR_SCHEMA, 12, 14,
    "expected a square name, got a list")
BAD(castle_listed_twice, HEAD SEAT_W_NAME "    castle: [C1, c1]\n", CM_ERR_SCHEMA, 12, 18,
    "castle square C1 is listed twice (the first at line 12)")
BAD(castle_in_two_castles, HEAD SEAT_W "  - letter: B\n    name: Black\n    castle: [C1]\n",
    CM_ERR_SCHEMA, 18, 14, "square C1 is in two castles (the first at line 12)")
BAD(castle_on_piece, HEAD SEAT_W "  - letter: B\n    name: Black\n    castle: [C5, B2]\n",
    CM_ERR_SCHEMA, 18, 18, "a piece and a castle share square B2 (the piece at line 15)")
BAD(piece_on_castle, HEAD SEAT_W_NAME "    castle: [C1]\n    men: [C1]\n", CM_ERR_SCHEMA, 13, 11,
    "a piece and a castle share square C1 (the castle at line 12)")
BAD(target_undefined, HEAD SEAT_W_NAME "    target: X\n" SEAT_B ORDER, CM_ERR_SCHEMA, 12, 13,
    "seat 'X' in target is not defined")
BAD(target_not_letter, HEAD SEAT_W_NAME "    target: [B]\n" SEAT_B ORDER, CM_ERR_SCHEMA, 12, 13,
    "expected a seat letter in target, got a list")
BAD(target_self, HEAD SEAT_W_NAME "    castle: [C1]\n    target: w\n" SEAT_B ORDER, CM_ERR_SCHEMA,
    13, 13, "seat 'W' cannot target its own castle")
BAD(target_without_castle, HEAD SEAT_W_NAME "    target: B\n  - letter: B\n    name: Black\n" ORDER,
    CM_ERR_SCHEMA, 12, 13, "seat 'B' has no castle to target")

/* ---- knights and men. ---- */

BAD(pieces_not_list, HEAD SEAT_W_NAME "    knights: C2\n", CM_ERR_SCHEMA, 12, 14,
    "expected a list for 'knights', got 'C2'")
BAD(piece_bad_square_name, HEAD SEAT_W_NAME "    men: [B2, Z99]\n", CM_ERR_SCHEMA, 12, 15,
    "'Z99' is not a square name")
BAD(piece_square_with_junk, HEAD SEAT_W_NAME "    men: [B2x]\n", CM_ERR_SCHEMA, 12, 11,
    "'B2x' is not a square name")
BAD(piece_square_rank_zero, HEAD SEAT_W_NAME "    men: [B0]\n", CM_ERR_SCHEMA, 12, 11,
    "'B0' is not a square name")
BAD(piece_off_board, HEAD SEAT_W_NAME "    knights: [C2]\n    men: [A16]\n", CM_ERR_SCHEMA, 13, 11,
    "'A16' is not a square of this board")
BAD(piece_hole_square, HEAD SEAT_W_NAME "    men:\n      - B2\n      - A2\n", CM_ERR_SCHEMA, 14, 9,
    "'A2' is not a square of this board")
BAD(piece_not_text, HEAD SEAT_W_NAME "    men: [{B2: x}]\n", CM_ERR_SCHEMA, 12, 11,
    "expected a square name, got a mapping")
BAD(two_pieces_same_seat, HEAD SEAT_W_NAME "    knights: [C2]\n    men: [B2, c2]\n", CM_ERR_SCHEMA,
    13, 15, "two pieces on C2 (the first at line 12)")
BAD(two_pieces_two_seats, HEAD SEAT_W "  - letter: B\n    name: Black\n    men: [C4, B2]\n",
    CM_ERR_SCHEMA, 18, 15, "two pieces on B2 (the first at line 15)")

/* 129 pieces on a 16x16 board: the 129th (A9) is refused; 128 load. */
static void test_variant_too_many_pieces(void **state)
{
    (void)state;
    char text[4096], list[1024];
    size_t n = 0, col_129 = 0;
    const char *prefix = "    men: [";
    n = (size_t)snprintf(list, sizeof list, "%s", prefix);
    for (int i = 0; i < 129; i++) {
        char name[4];
        if (i == 128)
            col_129 = n + 1;
        n += (size_t)snprintf(list + n, sizeof list - n, "%s", cm_square_name((CmSquare)i, name));
        if (i < 128)
            n += (size_t)snprintf(list + n, sizeof list - n, ", ");
    }
    snprintf(list + n, sizeof list - n, "]\n");

    n = (size_t)snprintf(text, sizeof text, "name: big\ntitle: Big\nboard:\n");
    for (int r = 0; r < 16; r++)
        n += (size_t)snprintf(text + n, sizeof text - n, "  - \"................\"\n");
    /* Line 23 is the seat's 'men'. */
    snprintf(text + n, sizeof text - n,
             "seats:\n  - letter: A\n    name: A\n%s  - {letter: B, name: B}\n"
             "turn_order: [A, B]\n",
             list);
    expect_error(text, CM_ERR_SCHEMA, 23, (int)col_129, "too many pieces (at most 128)");

    /* Drop the last one: 128 pieces load. */
    char *last = strstr(text, ", A9]");
    assert_non_null(last);
    memmove(last, last + 4, strlen(last + 4) + 1);
    CmVariant *v = tu_variant_from_text(text);
    int count = 0;
    for (int x = 0; x < CM_SQUARES; x++)
        count += v->start[x] != CM_EMPTY;
    assert_int_equal(count, 128);
    cm_variant_free(v);
}

/* ---- turn_order. ---- */

BAD(turn_order_not_list, HEAD SEAT_W SEAT_B "turn_order: W\n", CM_ERR_SCHEMA, 22, 13,
    "expected a list for 'turn_order', got 'W'")
BAD(turn_order_undefined_seat, HEAD SEAT_W SEAT_B "turn_order: [W, B, X]\n", CM_ERR_SCHEMA, 22, 20,
    "seat 'X' in turn_order is not defined")
BAD(turn_order_twice, HEAD SEAT_W SEAT_B "turn_order: [W, B, w]\n", CM_ERR_SCHEMA, 22, 20,
    "seat 'W' is twice in turn_order")
BAD(turn_order_missing_seat, HEAD SEAT_W SEAT_B "turn_order: [W]\n", CM_ERR_SCHEMA, 22, 13,
    "seat 'B' is missing from turn_order")
BAD(turn_order_not_letter, HEAD SEAT_W SEAT_B "turn_order: [WB]\n", CM_ERR_SCHEMA, 22, 14,
    "expected a seat letter in turn_order, got 'WB'")

/* ---- teams. ---- */

BAD(teams_not_list, BASE "teams: W\n", CM_ERR_SCHEMA, 23, 8, "expected a list for 'teams', got 'W'")
BAD(team_not_list, BASE "teams: [W, B]\n", CM_ERR_SCHEMA, 23, 9,
    "expected a list for a team, got 'W'")
BAD(team_empty, BASE "teams: [[W], []]\n", CM_ERR_SCHEMA, 23, 14, "a team needs at least one seat")
BAD(team_undefined_seat, BASE "teams: [[W], [B, X]]\n", CM_ERR_SCHEMA, 23, 18,
    "seat 'X' in teams is not defined")
BAD(team_seat_twice, BASE "teams: [[W], [B, W]]\n", CM_ERR_SCHEMA, 23, 18,
    "seat 'W' is in two teams")
BAD(team_seat_missing, BASE "teams: [[W]]\n", CM_ERR_SCHEMA, 23, 8, "seat 'B' is in no team")
BAD(teams_only_one, BASE "teams: [[W, B]]\n", CM_ERR_SCHEMA, 23, 8,
    "a variant needs at least 2 teams, not 1")

/* ---- rules. ---- */

BAD(rules_not_mapping, BASE "rules: [castle_win]\n", CM_ERR_SCHEMA, 23, 8,
    "expected a mapping for 'rules', got a list")
BAD(rules_unknown_key, BASE "rules:\n  castle_win: 2\n  castle_wins: 2\n", CM_ERR_SCHEMA, 25, 3,
    "unknown key 'castle_wins' in rules (expected one of: castle_win, castle_moves, "
    "elimination_min, no_moves, stalemate_min, material_draw, repetition, fifty_move)")
BAD(rules_not_a_number, BASE "rules:\n  castle_moves: abc\n", CM_ERR_SCHEMA, 24, 17,
    "expected a number for castle_moves, got 'abc'")
BAD(rules_fraction, BASE "rules:\n  fifty_move: 1.5\n", CM_ERR_SCHEMA, 24, 15,
    "expected a number for fifty_move, got '1.5'")
BAD(rules_castle_win_range, BASE "rules:\n  castle_win: 9\n", CM_ERR_SCHEMA, 24, 15,
    "castle_win must be between 0 and 8")
BAD(rules_castle_moves_range, BASE "rules:\n  castle_moves: 16\n", CM_ERR_SCHEMA, 24, 17,
    "castle_moves must be between 0 and 15")
BAD(rules_castle_moves_negative, BASE "rules:\n  castle_moves: -1\n", CM_ERR_SCHEMA, 24, 17,
    "castle_moves must be between 0 and 15")
BAD(rules_elimination_min_range, BASE "rules:\n  elimination_min: 0\n", CM_ERR_SCHEMA, 24, 20,
    "elimination_min must be between 1 and 128")
BAD(rules_stalemate_min_range, BASE "rules:\n  stalemate_min: 99999999999999999999\n",
    CM_ERR_SCHEMA, 24, 18, "stalemate_min must be between 0 and 128")
BAD(rules_material_draw_range, BASE "rules:\n  material_draw: 129\n", CM_ERR_SCHEMA, 24, 18,
    "material_draw must be a number from 0 to 128 or 'never', not '129'")
BAD(rules_material_draw_word, BASE "rules:\n  material_draw: always\n", CM_ERR_SCHEMA, 24, 18,
    "material_draw must be a number from 0 to 128 or 'never', not 'always'")
BAD(rules_repetition_one, BASE "rules:\n  repetition: 1\n", CM_ERR_SCHEMA, 24, 15,
    "repetition must be 0 (never) or between 2 and 100")
BAD(rules_repetition_range, BASE "rules:\n  repetition: 101\n", CM_ERR_SCHEMA, 24, 15,
    "repetition must be 0 (never) or between 2 and 100")
BAD(rules_repetition_not_a_number, BASE "rules:\n  repetition: often\n", CM_ERR_SCHEMA, 24, 15,
    "expected a number for repetition, got 'often'")
BAD(rules_fifty_move_range, BASE "rules:\n  fifty_move: 1001\n", CM_ERR_SCHEMA, 24, 15,
    "fifty_move must be between 0 and 1000")
BAD(rules_no_moves_word, BASE "rules:\n  no_moves: pass\n", CM_ERR_SCHEMA, 24, 13,
    "no_moves must be 'lose' or 'skip', not 'pass'")

static void test_variant_lose_needs_two_teams(void **state)
{
    (void)state;
    char text[1024];
    /* 'lose' written out, with four teams: the error is at the value. */
    snprintf(text, sizeof text, "%srules:\n  no_moves: lose\n", four_seats);
    expect_error(text, CM_ERR_SCHEMA, 11, 13, "'lose' needs exactly two teams, not 4");
    /* 'lose' by default: the error is at 'teams', or at 'seats' without teams. */
    snprintf(text, sizeof text, "%steams: [[R, B], [G], [Y]]\n", four_seats);
    expect_error(text, CM_ERR_SCHEMA, 10, 8,
                 "there are 3 teams, so the rules need 'no_moves: skip' ('lose', the default, "
                 "needs exactly two teams)");
    expect_error(four_seats, CM_ERR_SCHEMA, 5, 3,
                 "there are 4 teams, so the rules need 'no_moves: skip' ('lose', the default, "
                 "needs exactly two teams)");
    /* With 'skip' the same files load. */
    snprintf(text, sizeof text, "%srules: {no_moves: skip}\n", four_seats);
    CmVariant *v = tu_variant_from_text(text);
    assert_int_equal(v->nteams, 4);
    cm_variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variant_loads_small_file),
        cmocka_unit_test(test_variant_rule_defaults),
        cmocka_unit_test(test_variant_rules_read),
        cmocka_unit_test(test_variant_seats_follow_turn_order),
        cmocka_unit_test(test_variant_teams),
        cmocka_unit_test(test_variant_optional_seat_keys),
        cmocka_unit_test(test_variant_board_width_ignores_trailing_spaces),
        cmocka_unit_test(test_variant_largest_board),
        cmocka_unit_test(test_variant_json_loads),
        cmocka_unit_test(test_variant_input_without_nul),
        cmocka_unit_test(test_variant_anchor_without_alias_loads),
        cmocka_unit_test(test_variant_free_null),

        cmocka_unit_test(test_variant_too_large),
        cmocka_unit_test(test_variant_nesting_too_deep),
        cmocka_unit_test(test_variant_too_many_nodes),
        cmocka_unit_test(test_variant_alias_refused),
        cmocka_unit_test(test_variant_alias_bomb_refused),
        cmocka_unit_test(test_variant_second_document_refused),
        cmocka_unit_test(test_variant_duplicate_key),
        cmocka_unit_test(test_variant_duplicate_key_first_in_text),
        cmocka_unit_test(test_variant_complex_key_refused),
        cmocka_unit_test(test_variant_flow_complex_key_refused),

        cmocka_unit_test(test_variant_syntax_unclosed_list),
        cmocka_unit_test(test_variant_syntax_bad_indentation),
        cmocka_unit_test(test_variant_syntax_unclosed_quote),
        cmocka_unit_test(test_variant_syntax_tab_indent),
        cmocka_unit_test(test_variant_syntax_invalid_utf8),
        cmocka_unit_test(test_variant_syntax_control_character),
        cmocka_unit_test(test_variant_syntax_nul_byte),

        cmocka_unit_test(test_variant_empty_file),
        cmocka_unit_test(test_variant_comments_only_file),
        cmocka_unit_test(test_variant_empty_document),
        cmocka_unit_test(test_variant_top_is_list),
        cmocka_unit_test(test_variant_top_is_text),
        cmocka_unit_test(test_variant_unknown_top_key),
        cmocka_unit_test(test_variant_missing_name),
        cmocka_unit_test(test_variant_missing_board),
        cmocka_unit_test(test_variant_missing_turn_order),

        cmocka_unit_test(test_variant_name_bad_characters),
        cmocka_unit_test(test_variant_name_too_long),
        cmocka_unit_test(test_variant_name_empty),
        cmocka_unit_test(test_variant_name_missing_value),
        cmocka_unit_test(test_variant_name_is_list),
        cmocka_unit_test(test_variant_title_too_long),
        cmocka_unit_test(test_variant_title_control_character),

        cmocka_unit_test(test_variant_board_not_list),
        cmocka_unit_test(test_variant_board_no_rows),
        cmocka_unit_test(test_variant_board_bad_character),
        cmocka_unit_test(test_variant_board_bad_character_plain),
        cmocka_unit_test(test_variant_board_tab),
        cmocka_unit_test(test_variant_board_row_not_text),
        cmocka_unit_test(test_variant_board_row_empty),
        cmocka_unit_test(test_variant_board_too_wide),
        cmocka_unit_test(test_variant_board_too_tall),

        cmocka_unit_test(test_variant_seats_not_list),
        cmocka_unit_test(test_variant_seats_too_few),
        cmocka_unit_test(test_variant_seats_too_many),
        cmocka_unit_test(test_variant_seat_not_mapping),
        cmocka_unit_test(test_variant_seat_unknown_key),
        cmocka_unit_test(test_variant_seat_missing_letter),
        cmocka_unit_test(test_variant_seat_missing_name),
        cmocka_unit_test(test_variant_seat_letter_lower_case),
        cmocka_unit_test(test_variant_seat_letter_too_long),
        cmocka_unit_test(test_variant_seat_letter_twice),
        cmocka_unit_test(test_variant_seat_name_too_long),

        cmocka_unit_test(test_variant_castle_not_list),
        cmocka_unit_test(test_variant_castle_empty),
        cmocka_unit_test(test_variant_castle_too_big),
        cmocka_unit_test(test_variant_castle_bad_square_name),
        cmocka_unit_test(test_variant_castle_off_board),
        cmocka_unit_test(test_variant_castle_square_not_text),
        cmocka_unit_test(test_variant_castle_listed_twice),
        cmocka_unit_test(test_variant_castle_in_two_castles),
        cmocka_unit_test(test_variant_castle_on_piece),
        cmocka_unit_test(test_variant_piece_on_castle),
        cmocka_unit_test(test_variant_target_undefined),
        cmocka_unit_test(test_variant_target_not_letter),
        cmocka_unit_test(test_variant_target_self),
        cmocka_unit_test(test_variant_target_without_castle),

        cmocka_unit_test(test_variant_pieces_not_list),
        cmocka_unit_test(test_variant_piece_bad_square_name),
        cmocka_unit_test(test_variant_piece_square_with_junk),
        cmocka_unit_test(test_variant_piece_square_rank_zero),
        cmocka_unit_test(test_variant_piece_off_board),
        cmocka_unit_test(test_variant_piece_hole_square),
        cmocka_unit_test(test_variant_piece_not_text),
        cmocka_unit_test(test_variant_two_pieces_same_seat),
        cmocka_unit_test(test_variant_two_pieces_two_seats),
        cmocka_unit_test(test_variant_too_many_pieces),

        cmocka_unit_test(test_variant_turn_order_not_list),
        cmocka_unit_test(test_variant_turn_order_undefined_seat),
        cmocka_unit_test(test_variant_turn_order_twice),
        cmocka_unit_test(test_variant_turn_order_missing_seat),
        cmocka_unit_test(test_variant_turn_order_not_letter),

        cmocka_unit_test(test_variant_teams_not_list),
        cmocka_unit_test(test_variant_team_not_list),
        cmocka_unit_test(test_variant_team_empty),
        cmocka_unit_test(test_variant_team_undefined_seat),
        cmocka_unit_test(test_variant_team_seat_twice),
        cmocka_unit_test(test_variant_team_seat_missing),
        cmocka_unit_test(test_variant_teams_only_one),

        cmocka_unit_test(test_variant_rules_not_mapping),
        cmocka_unit_test(test_variant_rules_unknown_key),
        cmocka_unit_test(test_variant_rules_not_a_number),
        cmocka_unit_test(test_variant_rules_fraction),
        cmocka_unit_test(test_variant_rules_castle_win_range),
        cmocka_unit_test(test_variant_rules_castle_moves_range),
        cmocka_unit_test(test_variant_rules_castle_moves_negative),
        cmocka_unit_test(test_variant_rules_elimination_min_range),
        cmocka_unit_test(test_variant_rules_stalemate_min_range),
        cmocka_unit_test(test_variant_rules_material_draw_range),
        cmocka_unit_test(test_variant_rules_material_draw_word),
        cmocka_unit_test(test_variant_rules_repetition_one),
        cmocka_unit_test(test_variant_rules_repetition_range),
        cmocka_unit_test(test_variant_rules_repetition_not_a_number),
        cmocka_unit_test(test_variant_rules_fifty_move_range),
        cmocka_unit_test(test_variant_rules_no_moves_word),
        cmocka_unit_test(test_variant_lose_needs_two_teams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
